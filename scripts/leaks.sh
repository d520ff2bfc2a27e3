#!/usr/bin/env bash
# Checks the llama.cpp backend for leaks with AddressSanitizer's leak checker: builds bridle
# with `--sanitize=address` (into .build-asan, apart from the normal build), then loads a tiny
# model and generates under a grammar, through the error paths too (a file that is not a
# model, a token limit). Any leak, in Swift or in llama.cpp memory Bridle forgot to free, or
# any memory error fails the script with the sanitizer's report.
#
# (Valgrind 3.19, Debian 12's, crashes on start-up with Swift 6 binaries, hence ASan.)
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

source scripts/with-llama.sh
step "Building bridle with AddressSanitizer (first time: several minutes)"
swift build --sanitize=address --build-path .build-asan --product bridle
bridle="$(swift build --sanitize=address --build-path .build-asan --show-bin-path)/bridle"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
"$bridle" make-model --vocab 512 --seed 3 "$work/tiny.gguf"
printf '%s' '{"type":"object","properties":{"title":{"type":"string","maxLength":12},"year":{"type":"integer","minimum":1888,"maximum":2100},"released":{"type":"string","format":"date"}},"required":["title","year"]}' > "$work/films.json"
printf 'not a model' > "$work/bad.gguf"

check() {
    local name="$1" expected="$2"; shift 2
    step "leak check: $name"
    local status=0
    "$bridle" "$@" >/dev/null 2>"$work/$name.log" || status=$?
    if grep -q "Sanitizer" "$work/$name.log"; then
        echo "error: AddressSanitizer reported a problem in '$name':" >&2
        cat "$work/$name.log" >&2
        exit 1
    fi
    if [ "$status" -ne "$expected" ]; then
        echo "error: '$name' exited $status, expected $expected:" >&2
        cat "$work/$name.log" >&2
        exit 1
    fi
    echo "    clean (exit status $status)"
}

check generate 0 generate --model "$work/tiny.gguf" --json-schema "$work/films.json" --prompt "Films" --seed 1
check token-limit 1 generate --model "$work/tiny.gguf" --json-schema "$work/films.json" --prompt "Films" --seed 1 --max-tokens 3
check bad-model 2 generate --model "$work/bad.gguf" --prompt "Hi"
check demo 0 demo --model "$work/tiny.gguf" --count 2
step "No leaks, no memory errors"
