# Sourced by the other scripts: builds (once) the pinned llama.cpp and points pkg-config and
# the dynamic loader at it, so `swift build`, `swift test` and `swift run` find libllama.
llama_prefix="$(bash "$(dirname "${BASH_SOURCE[0]}")/llama.sh")"
export PKG_CONFIG_PATH="$llama_prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export LD_LIBRARY_PATH="$llama_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The modules on a token's path are optimized in debug builds too (Package.swift's
# hotPathSettings): the demo shows Bridle's speed, and the tests run the code as it ships.
export BRIDLE_OPTIMIZE_HOT_PATH=1
