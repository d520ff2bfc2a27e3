#!/usr/bin/env bash
# Builds llama.cpp (once) and the bridle command, then runs its demo: typed values generated
# by llama.cpp on a tiny random model made (once) by bridle itself. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "llama.cpp (built once into a cache outside the clone; about 2-5 minutes the first time)"
source scripts/with-llama.sh

step "Building bridle (the first build compiles swift-syntax: a few minutes)"
swift build --product bridle

step "Running: bridle demo"
swift run --skip-build bridle demo "$@"
