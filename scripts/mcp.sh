#!/usr/bin/env bash
# Installs PyPI's official `mcp` package (1.30.0, FastMCP; pinned with everything it needs in
# scripts/mcp-requirements.txt) into a virtual environment in the cache outside the clone, once.
# The MCP tests start their FastMCP server (Tests/Fixtures/mcp/tasks_server.py) with its Python.
# Prints that Python's path on stdout as its last line; everything else goes to stderr, so callers
# can write `python="$(bash scripts/mcp.sh)"`. Exits with 3 when PyPI cannot be reached.
#
# Environment:
#   BRIDLE_CACHE  where downloads are kept (default: ${XDG_CACHE_HOME:-$HOME/.cache}/bridle)
set -euo pipefail
cd "$(dirname "$0")/.."

requirements=scripts/mcp-requirements.txt
cache="${BRIDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bridle}"
folder="$cache/mcp-$(sha256sum "$requirements" | cut -c1-12)"
model="$folder/venv/bin/python"
name="PyPI's mcp"
source scripts/model-cache.sh

rm -rf "$folder/venv"
say "Creating a virtual environment in $folder/venv"
python3 -m venv "$folder/venv" >&2 || fail "python3 -m venv failed (Debian: apt-get install python3-venv)"
say "Installing mcp==1.30.0 and its pinned dependencies from PyPI (about 10 MB)"
if ! "$model" -m pip install --quiet --disable-pip-version-check --only-binary :all: -r "$requirements" >&2; then
    rm -rf "$folder/venv"
    fail "pip could not install $requirements from PyPI (offline?)" 3
fi
"$model" -c 'from mcp.server.fastmcp import FastMCP' >&2 || fail "mcp installed but FastMCP does not import"
touch "$folder/.complete"
say "PyPI's mcp is in $folder"
echo "$model"
