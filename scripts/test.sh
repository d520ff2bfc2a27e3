#!/usr/bin/env bash
# Builds Bridle and runs every test. Safe to run again: SwiftPM reuses what it built.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "Building Bridle and its tests (the first build compiles swift-syntax: a few minutes)"
swift build --build-tests

step "Running the tests"
swift test --skip-build
