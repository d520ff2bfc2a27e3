#!/usr/bin/env bash
# Builds the bridle command and runs its demo. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "Building bridle (the first build compiles swift-syntax: a few minutes)"
swift build --product bridle

step "Running: bridle demo"
swift run --skip-build bridle demo "$@"
