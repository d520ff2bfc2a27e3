#!/usr/bin/env bash
# Builds llama.cpp (once) and Bridle, runs the JSONSchemaBench conformance check (when the
# shared data is beside the repository), then every test, including generation on real
# llama.cpp with tiny random models. Safe to run again: every step reuses what it built.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "llama.cpp (built once into a cache outside the clone; about 2-5 minutes the first time)"
source scripts/with-llama.sh

step "Building Bridle and its tests (the first build compiles swift-syntax: a few minutes)"
swift build --build-tests

shared="${BRIDLE_SHARED:-../shared}"
if [ -d "$shared/conformance/jsonschemabench" ]; then
    step "JSONSchemaBench conformance: compile, sample, match (bridle conformance)"
    swift build --product bridle
    samples="$(mktemp -d)/samples.jsonl"
    swift run --skip-build bridle conformance "$shared" --samples 3 --output "$samples"

    step "Validating the samples with Python's jsonschema (Draft 2020-12, formats checked)"
    if ! python3 -c 'import jsonschema, rfc3339_validator' 2>/dev/null; then
        python3 -m pip install --quiet --user jsonschema rfc3339-validator
    fi
    python3 scripts/conformance.py "$samples"
else
    step "Skipping JSONSchemaBench conformance: no $shared/conformance/jsonschemabench (set BRIDLE_SHARED)"
fi

step "Running the tests"
swift test --skip-build
