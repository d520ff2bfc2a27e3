#!/usr/bin/env bash
# Builds llama-server from the same pinned llama.cpp source as scripts/llama.sh, once, into the
# cache outside the clone. Prints the binary's path on stdout as its last line; progress goes to
# stderr: `server="$(bash scripts/llama-server.sh)"`.
#
# It reuses scripts/llama.sh's build folder, so ggml and libllama (already compiled there) are
# not compiled again: only common, mtmd and tools/server are. tools/server is configured only
# with LLAMA_BUILD_COMMON=ON and LLAMA_BUILD_TOOLS=ON (which scripts/llama.sh leaves off for the
# libraries); LLAMA_USE_PREBUILT_UI=OFF keeps the web-UI step from trying a download. The binary
# stays in the build folder, whose RPATH finds its shared libraries there.
#
# Replicas on loopback, for the benchmark or by hand:
#   bash scripts/llama-server.sh start MODEL.gguf [REPLICAS] [SLOTS] [FIRST_PORT]
#       starts REPLICAS servers (default 1) with SLOTS parallel slots each (default 4) on
#       127.0.0.1:FIRST_PORT, FIRST_PORT+1, … (default 8080), waits until each answers /health,
#       and prints their URLs, one per line. Their PIDs and logs are kept in
#       $BRIDLE_CACHE/llama-server-replicas/.
#   bash scripts/llama-server.sh stop
#       stops every replica that `start` started, by PID.
#
# Environment: BRIDLE_CACHE and BRIDLE_JOBS, as for scripts/llama.sh; BRIDLE_SERVER_THREADS,
# the threads of each replica (default 2).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

say() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Fetches the source and builds the libraries when they are missing; prints the library prefix.
prefix="$(bash "$here/llama.sh")"
root="$(dirname "$prefix")"
source_dir="$(ls -d "$root"/llama-cpp-python-*/ | head -n 1)"
source_dir="${source_dir%/}"
build="$root/build"
server="$build/bin/llama-server"
marker="$root/.llama-server-complete"

replicas_dir="$(dirname "$root")/llama-server-replicas"

build_server() {
    local jobs="${BRIDLE_JOBS:-$(nproc 2>/dev/null || echo 2)}"
    say "Configuring llama-server in llama.cpp's build folder (CPU only, shared libraries, Release)"
    cmake -S "$source_dir/vendor/llama.cpp" -B "$build" \
        -DLLAMA_BUILD_COMMON=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON \
        -DLLAMA_USE_PREBUILT_UI=OFF >&2 \
        || fail "cmake could not configure llama-server; see the messages above"

    say "Building llama-server with $jobs jobs (common, mtmd and the server: about 10 minutes on 2 idle cores)"
    cmake --build "$build" --parallel "$jobs" --target llama-server >&2 \
        || fail "llama-server did not build; see the messages above"
    "$server" --version >&2 2>&1 || fail "the built llama-server does not start"
    touch "$marker"
    say "llama-server built: $server"
}

stop_replicas() {
    [ -d "$replicas_dir" ] || return 0
    for pid_file in "$replicas_dir"/*.pid; do
        [ -f "$pid_file" ] || continue
        pid="$(cat "$pid_file")"
        if kill "$pid" 2>/dev/null; then
            # Wait for it to free its port before a new start binds it.
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            # A client's idle keep-alive connection can hold a graceful stop open.
            kill -9 "$pid" 2>/dev/null || true
            say "stopped llama-server $pid"
        fi
        rm -f "$pid_file"
    done
}

start_replicas() {
    local model="$1" count="${2:-1}" slots="${3:-4}" port="${4:-8080}"
    [ -f "$model" ] || fail "no model at $model"
    stop_replicas
    mkdir -p "$replicas_dir"
    local threads="${BRIDLE_SERVER_THREADS:-2}" urls=()
    for index in $(seq 0 $((count - 1))); do
        local this_port=$((port + index))
        "$server" --model "$model" --host 127.0.0.1 --port "$this_port" --parallel "$slots" \
            --ctx-size $((slots * 2048)) --threads "$threads" --threads-batch "$threads" --no-webui \
            >"$replicas_dir/$this_port.log" 2>&1 &
        echo $! >"$replicas_dir/$this_port.pid"
        urls+=("http://127.0.0.1:$this_port")
    done
    for url in "${urls[@]}"; do
        python3 - "$url" <<'PY' || fail "llama-server at $url did not become ready; see $replicas_dir"
import sys, time, urllib.request
for _ in range(600):
    try:
        with urllib.request.urlopen(sys.argv[1] + "/health", timeout=2) as response:
            if response.status == 200:
                sys.exit(0)
    except Exception:
        pass
    time.sleep(0.1)
sys.exit(1)
PY
        say "llama-server ready at $url ($slots slots)"
    done
    printf '%s\n' "${urls[@]}"
}

if [ "${1:-}" = stop ]; then
    stop_replicas
    exit 0
fi

[ -x "$server" ] && [ -f "$marker" ] || build_server

if [ "${1:-}" = start ]; then
    shift
    [ $# -ge 1 ] || fail "usage: bash scripts/llama-server.sh start MODEL.gguf [REPLICAS] [SLOTS] [FIRST_PORT]"
    start_replicas "$@"
    exit 0
fi
say "llama-server is built: $server"
echo "$server"
