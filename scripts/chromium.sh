#!/usr/bin/env bash
# Installs Debian's `chromium` package (with apt, once) for the schema report's browser test
# (Tests/BridleGenerationTests/SchemaReportBrowserTests.swift), which renders `bridle test
# --report`'s page headless and checks the screenshot's colours. Prints the browser's path on
# stdout as its last line; everything else goes to stderr, so callers can write
# `chromium="$(bash scripts/chromium.sh)"`. A chromium already on PATH is used as it is. Exits with
# 3 when apt cannot install it (offline, or no apt).
set -euo pipefail

say() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit "${2:-1}"; }

found() {
    local name
    for name in chromium chromium-browser; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    return 1
}

if browser="$(found)"; then
    say "chromium is already installed: $browser"
    echo "$browser"
    exit 0
fi

command -v apt-get >/dev/null || fail "chromium is not on PATH and there is no apt-get to install it with" 3
# Root runs apt itself; anyone else needs sudo, when there is one.
apt=(apt-get)
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null || fail "installing chromium needs root (or sudo): apt-get install chromium" 3
    apt=(sudo apt-get)
fi

started=$SECONDS
say "Installing Debian's chromium with apt (about 124 MB downloaded, 414 MB installed; under a minute on a fast mirror)"
export DEBIAN_FRONTEND=noninteractive
"${apt[@]}" update >&2 || fail "apt-get update failed (offline?)" 3
"${apt[@]}" install -y --no-install-recommends chromium >&2 || fail "apt-get could not install chromium (offline?)" 3
browser="$(found)" || fail "chromium was installed but is not on PATH"
"$browser" --version >&2 || fail "$browser was installed but does not start"
say "chromium installed in $((SECONDS - started))s: $browser"
echo "$browser"
