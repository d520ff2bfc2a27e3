#!/usr/bin/env bash
# Fetches and builds the pinned llama.cpp (CPU only, shared libraries) into a cache outside the
# clone, once. Prints the install prefix on stdout as its last line; everything else goes to
# stderr so callers can write `prefix="$(bash scripts/llama.sh)"`.
#
# The pin: PyPI's llama-cpp-python 0.3.36 source distribution, which vendors llama.cpp commit
# 0c1e57098bba. Change LLAMA_CPP_PYTHON_VERSION and the cache key follows.
#
# Environment:
#   BRIDLE_CACHE  where builds are kept (default: ${XDG_CACHE_HOME:-$HOME/.cache}/bridle)
#   BRIDLE_JOBS   parallel compile jobs (default: the number of cores)
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION=0.3.36
cache="${BRIDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bridle}"
root="$cache/llama-cpp-python-$LLAMA_CPP_PYTHON_VERSION"
prefix="$root/prefix"

say() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

if [ -f "$prefix/.complete" ]; then
    say "llama.cpp (llama-cpp-python $LLAMA_CPP_PYTHON_VERSION) is already built in $prefix"
    echo "$prefix"
    exit 0
fi

missing=()
command -v cmake >/dev/null || missing+=(cmake)
command -v ninja >/dev/null || missing+=(ninja-build)
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v c++ >/dev/null || missing+=(g++)
if [ ${#missing[@]} -gt 0 ]; then
    say "Installing build tools from Debian: ${missing[*]}"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q >&2 || fail "apt-get update failed; install ${missing[*]} yourself and run again"
    $sudo apt-get install -y -q "${missing[@]}" >&2 || fail "could not install ${missing[*]}; install them yourself and run again"
fi

mkdir -p "$root"
source_dir="$root/llama-cpp-python-$LLAMA_CPP_PYTHON_VERSION"
if [ ! -f "$source_dir/vendor/llama.cpp/include/llama.h" ]; then
    say "Downloading llama-cpp-python $LLAMA_CPP_PYTHON_VERSION's source distribution from PyPI (it vendors llama.cpp)"
    rm -rf "$root/download" "$source_dir"
    python3 -m pip download --quiet --no-deps --no-binary llama-cpp-python \
        "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$root/download" >&2 \
        || fail "pip could not download llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION (is PyPI reachable?)"
    # PyPI names the file llama_cpp_python-VERSION.tar.gz; the folder inside keeps its dashes.
    archive="$(ls "$root"/download/llama*cpp*python-"$LLAMA_CPP_PYTHON_VERSION".tar.gz 2>/dev/null | head -n 1)"
    [ -n "$archive" ] || fail "pip downloaded nothing usable into $root/download"
    tar -xzf "$archive" -C "$root" || fail "could not unpack $archive"
    [ -d "$source_dir" ] || mv "$root"/llama*cpp*python-"$LLAMA_CPP_PYTHON_VERSION" "$source_dir"
fi

jobs="${BRIDLE_JOBS:-$(nproc 2>/dev/null || echo 2)}"
say "Configuring llama.cpp (CPU only, shared libraries, Release)"
cmake -S "$source_dir/vendor/llama.cpp" -B "$root/build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=ON -DGGML_NATIVE=OFF \
    -DLLAMA_BUILD_COMMON=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_TOOLS=OFF \
    -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF \
    -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib \
    -DCMAKE_INSTALL_RPATH='$ORIGIN' >&2 \
    || fail "cmake could not configure llama.cpp; see the messages above"

say "Building llama.cpp with $jobs jobs (about 2 minutes on 2 idle cores)"
cmake --build "$root/build" --parallel "$jobs" >&2 || fail "llama.cpp did not build; see the messages above"
cmake --install "$root/build" >&2 || fail "could not install llama.cpp into $prefix"

# The benchmark compares our grammars with llama.cpp's JSON Schema converter. This sdist leaves
# out vendor/llama.cpp/examples/json_schema_to_grammar.py; llama_cpp/llama_grammar.py is its
# Python port (json_schema_to_gbnf), kept beside the libraries.
cp "$source_dir/llama_cpp/llama_grammar.py" "$prefix/llama_grammar.py"
touch "$prefix/.complete"
say "llama.cpp installed in $prefix"
echo "$prefix"
