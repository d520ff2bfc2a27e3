#!/usr/bin/env bash
# Builds llama-server from the same pinned llama.cpp source as scripts/llama.sh, once, into the
# cache outside the clone, as one static binary (no RPATH to manage). Prints the binary's path on
# stdout as its last line; progress goes to stderr: `server="$(bash scripts/llama-server.sh)"`.
#
# tools/server is configured only with LLAMA_BUILD_COMMON=ON and LLAMA_BUILD_TOOLS=ON (which
# scripts/llama.sh turns off for the libraries); LLAMA_USE_PREBUILT_UI=OFF keeps the web-UI step
# from trying a download. About 10 minutes on 2 busy cores, 5 on idle ones.
#
# Environment: BRIDLE_CACHE and BRIDLE_JOBS, as for scripts/llama.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

say() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Fetches the source and the build tools when they are missing; prints the library prefix.
prefix="$(bash "$here/llama.sh")"
root="$(dirname "$prefix")"
source_dir="$(ls -d "$root"/llama-cpp-python-*/ | head -n 1)"
source_dir="${source_dir%/}"
server="$root/server/bin/llama-server"

if [ -x "$server" ] && [ -f "$root/server/.complete" ]; then
    say "llama-server is already built: $server"
    echo "$server"
    exit 0
fi

jobs="${BRIDLE_JOBS:-$(nproc 2>/dev/null || echo 2)}"
say "Configuring llama-server (static, CPU only, Release)"
cmake -S "$source_dir/vendor/llama.cpp" -B "$root/server-build" -G Ninja \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF \
    -DLLAMA_BUILD_COMMON=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_USE_PREBUILT_UI=OFF >&2 \
    || fail "cmake could not configure llama-server; see the messages above"

say "Building llama-server with $jobs jobs (about 10 minutes on 2 busy cores)"
cmake --build "$root/server-build" --parallel "$jobs" --target llama-server >&2 \
    || fail "llama-server did not build; see the messages above"
mkdir -p "$root/server/bin"
cp "$root/server-build/bin/llama-server" "$server"
"$server" --version >&2 2>&1 || fail "the built llama-server does not start"
touch "$root/server/.complete"
say "llama-server installed: $server"
echo "$server"
