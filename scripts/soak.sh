#!/usr/bin/env bash
# Soak (release build): rounds of 64 concurrent mixed requests on gemma-3-270m in-process for
# MINUTES (default 10): valid schemas, schemas over the compile budget, cancelled requests,
# requests at the token limit, value rules. Prints each outcome's count and the resident memory
# after warm-up and at the end; fails on an untyped error, a request left running, or memory
# grown past 10%. Outside CI; the tests run a small round (SoakTests).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
source scripts/with-llama.sh
step "gemma-3-270m (fetched once)"
model="$(bash scripts/gemma.sh)"
step "Building the soak (release)"
swift build -c release --product soak-benchmarks
step "Soaking"
"$(swift build -c release --show-bin-path)/soak-benchmarks" "$model" "${1:-10}" "${2:-64}"
