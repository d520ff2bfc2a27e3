#!/usr/bin/env bash
# Runs the llama.cpp generation benchmark (release build) on tiny random models (32k and 128k
# tokens) and gemma-3-270m (262k, fetched once). Arguments after the script's go to the
# benchmark: [SHARED_DIR] [VOCAB_OR_MODEL.gguf...]. Numbers only; nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/with-llama.sh
swift build -c release --product llama-benchmarks
if [ $# -gt 0 ]; then
    arguments=("$@")
else
    arguments=("${BRIDLE_SHARED:-../shared}" 32000 128000)
    if gemma="$(bash scripts/gemma.sh)"; then arguments+=("$gemma"); fi
fi
"$(swift build -c release --show-bin-path)/llama-benchmarks" "$llama_prefix/llama_grammar.py" "${arguments[@]}"
