# Sourced by the other scripts: builds (once) the pinned llama.cpp and points pkg-config and
# the dynamic loader at it, so `swift build`, `swift test` and `swift run` find libllama.
llama_prefix="$(bash "$(dirname "${BASH_SOURCE[0]}")/llama.sh")"
export PKG_CONFIG_PATH="$llama_prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export LD_LIBRARY_PATH="$llama_prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
