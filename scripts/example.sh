#!/usr/bin/env bash
# Runs one of the example programs (Examples/): builds llama.cpp once, as demo.sh does, then
# `swift run NAME ARGS...`. Without a name, or with an unknown one, lists the examples.
#   bash scripts/example.sh films --seed 9
#   bash scripts/example.sh send-message --approve --model FILE.gguf
set -euo pipefail
cd "$(dirname "$0")/.."

examples=(
    "current-date        a tool that tells the model the date (enum arguments with associated values)"
    "reminders           a tool that searches reminders (anyOf and range guides)"
    "contacts            a tool that finds contacts by generation (an enum argument)"
    "search-suggestions  a typed answer streamed as it is written (no tool)"
    "films               a cross-field rule checked before dispatch: refused calls, then the valid one"
    "send-message        a side-effecting tool that runs only once approved (--approve / --deny); send time within 7 days"
    "mcp-tasks           tools from an MCP server (in-process, or --server PROGRAM ARGS... over stdio)"
)

usage() {
    echo "usage: bash scripts/example.sh NAME [--model FILE.gguf] [--seed N] [--prompt TEXT] [...]" >&2
    echo "examples:" >&2
    printf '  %s\n' "${examples[@]}" >&2
    exit 2
}

name="${1:-}"
[ -n "$name" ] || usage
known=false
for example in "${examples[@]}"; do
    if [ "${example%% *}" = "$name" ]; then known=true; fi
done
$known || { echo "error: no example is named \"$name\"" >&2; usage; }
shift

step() { printf '==> %s\n' "$*" >&2; }

command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "llama.cpp (built once into a cache outside the clone; about 2-5 minutes the first time)"
source scripts/with-llama.sh

step "Building $name (the first build compiles swift-syntax: a few minutes)"
swift build --product "$name" >&2

step "Running: $name $*"
swift run --skip-build "$name" "$@"
