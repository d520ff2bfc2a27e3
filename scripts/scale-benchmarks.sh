#!/usr/bin/env bash
# Scale harness (release build): every input dimension (properties, enum size, nesting, $ref
# chains, anyOf width, pattern length, distinct items, GBNF rules and chains, match input,
# vocabulary) grown through 10², 10³, 10⁴ and 10⁵, through every stage (import, compile, print,
# parse, lint, match, sample, vocabulary, mask, decode with value rules), each in a child process
# under 4 GiB and 20 s. Prints time, peak memory and growth per doubling; lists what grows faster
# than 2.3× per doubling or fails untyped. Outside CI; the tests run each dimension at 200.
# Arguments go to the harness: --sizes 100,1000 --dimension gbnf-chain
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
step "Building the scale harness (release)"
swift build -c release --product scale-benchmarks
step "Measuring"
"$(swift build -c release --show-bin-path)/scale-benchmarks" "$@"
