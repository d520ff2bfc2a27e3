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

package="mcp==1.30.0"
requirements=scripts/mcp-requirements.txt
check='from mcp.server.fastmcp import FastMCP'
size="about 10 MB"
source scripts/pypi-venv.sh
