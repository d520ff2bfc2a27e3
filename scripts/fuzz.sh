#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer: `bash scripts/fuzz.sh [seconds] [targets…]`.
#
# Builds each target (Fuzz/FuzzX, bodies in Fuzz/BridleFuzzing) with
# `swift build --sanitize=fuzzer --product FuzzX --scratch-path .build-fuzz`, apart from the
# normal build, and runs it for `seconds` (default 60) on a scratch copy of its saved corpus
# (Fuzz/Corpus/FuzzX, which `swift test` replays). Targets default to all ten: FuzzJSON,
# FuzzSchema, FuzzGBNF, FuzzRegex, FuzzGGUF, FuzzMatcher, FuzzValueRules, FuzzBridleKeywords,
# FuzzCandidates, FuzzTemplate. `FUZZ_RUNS=1000000` runs that many inputs instead of a time.
# `FUZZ_CONFIGURATION=release` builds optimised fuzzers (slower to build, many times more
# inputs per second; bounds and overflow checks stay on).
# `FUZZ_TIMEOUT` (seconds, default 10) is libFuzzer's limit per input, in wall-clock time:
# raise it for fuzzers run at low priority beside other work, where a starved process takes a
# minute for what costs it a second.
#
# Fails if a target crashes, hangs past -timeout, or libFuzzer does not report its run count;
# prints the runs per target. A crash leaves its input in .build-fuzz/artifacts/FuzzX/: fix
# the bug, minimize the input (`FuzzX -minimize_crash=1 -runs=10000 crash-…`) and add it to
# Fuzz/Corpus/FuzzX so the test suite keeps it fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(FuzzJSON FuzzSchema FuzzGBNF FuzzRegex FuzzGGUF FuzzMatcher FuzzValueRules FuzzBridleKeywords FuzzCandidates FuzzTemplate)
fi

step() { printf '\n==> %s\n' "$*"; }

# libFuzzer, not Swift's backtracer, must see a crash so that it saves the input.
export SWIFT_BACKTRACE=enable=no
scratch=".build-fuzz"
configuration=(-c "${FUZZ_CONFIGURATION:-debug}")
failed=0
summary=()
for target in "${targets[@]}"; do
    step "Building $target"
    swift build "${configuration[@]}" --sanitize=fuzzer --product "$target" --scratch-path "$scratch" 2>&1 | grep -E "error|warning: unre|Build" || true
    binary="$(swift build "${configuration[@]}" --sanitize=fuzzer --scratch-path "$scratch" --show-bin-path)/$target"
    [ -x "$binary" ] || { echo "no binary for $target"; exit 1; }

    work="$scratch/corpus/$target"
    artifacts="$scratch/artifacts/$target/"
    mkdir -p "$work" "$artifacts"
    cp -n Fuzz/Corpus/"$target"/* "$work"/ 2>/dev/null || true
    limit=(-max_total_time="$seconds")
    if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS"); fi

    step "Fuzzing $target (${FUZZ_RUNS:-$seconds s})"
    log="$scratch/$target.log"
    status=0
    "$binary" "${limit[@]}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts" \
        "$work" > "$log" 2>&1 || status=$?
    tail -n 15 "$log"
    runs="$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1 || true)"
    if [ "$status" -ne 0 ] || [ -z "$runs" ]; then
        echo "FAILED: $target (exit $status; see $log and $artifacts)"
        failed=1
        summary+=("$target: FAILED")
    else
        summary+=("$target: $runs runs")
    fi
done

step "Runs per target"
printf '%s\n' "${summary[@]}"
exit "$failed"
