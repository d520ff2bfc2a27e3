#!/usr/bin/env bash
# Runs the accuracy benchmark (release build): BFCL live-simple (or, with --category multiple,
# live-multiple) function calls from
# ${BRIDLE_SHARED:-../shared}/quality/bfcl on gemma-3-270m and SmolLM2-135M-Instruct (both fetched
# once), Bridle per layout against llama-server's json_schema and the model unconstrained.
# Arguments after the script's go to the benchmark (--limit 50, --seeds 3, --system …).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
shared="${BRIDLE_SHARED:-../shared}"
[ -d "$shared/quality/bfcl" ] || { echo "skipped: no $shared/quality/bfcl (set BRIDLE_SHARED)"; exit 0; }
step "llama.cpp and llama-server"
source scripts/with-llama.sh
server="$(bash scripts/llama-server.sh)"
step "Models"
gemma="$(bash scripts/gemma.sh)"
smollm2="$(bash scripts/smollm2.sh)"
step "Building the benchmark (release)"
swift build -c release --product accuracy-benchmarks
step "Running"
"$(swift build -c release --show-bin-path)/accuracy-benchmarks" --bfcl "$shared/quality/bfcl" \
    --model "gemma=$gemma" --model "smollm2=$smollm2" --llama-server "$server" "$@"
