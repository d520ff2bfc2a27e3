#!/usr/bin/env bash
# Runs the llama.cpp generation benchmark (release build). Arguments after the script's go to
# the benchmark: [SHARED_DIR] [VOCAB...]. Numbers only; nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/with-llama.sh
swift build -c release --product llama-benchmarks
"$(swift build -c release --show-bin-path)/llama-benchmarks" "$llama_prefix/llama_grammar.py" "${@:-${BRIDLE_SHARED:-../shared}}"
