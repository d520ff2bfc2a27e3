#!/usr/bin/env bash
# Runs the server benchmark (release build): requests/s and p50/p99 latency for 1, 4, 16 and 64
# concurrent sessions, in-process against llama-server with 1 and 2 replicas, on the same model
# (gemma-3-270m, fetched once, unless a GGUF file is given); then OpenAI clients over HTTP against
# `bridle serve`'s endpoint and llama-server's own json_schema, and faults mixed into the load
# (BRIDLE_BENCHMARK_ONLY=http or =faults runs one part). Builds llama-server once. Numbers only;
# nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
source scripts/with-llama.sh
step "llama-server (built once into the cache)"
bash scripts/llama-server.sh >/dev/null
model="${1:-}"
if [ -z "$model" ]; then
    step "gemma-3-270m (fetched once)"
    model="$(bash scripts/gemma.sh)"
fi
step "Building the benchmark (release)"
swift build -c release --product server-benchmarks
step "Measuring"
"$(swift build -c release --show-bin-path)/server-benchmarks" "$model" scripts/llama-server.sh
