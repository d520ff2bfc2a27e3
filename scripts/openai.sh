#!/usr/bin/env bash
# Installs PyPI's official `openai` package (3.57.0, with pydantic; pinned with everything it
# needs in scripts/openai-requirements.txt) into a virtual environment in the cache outside the
# clone, once. The endpoint tests run their client (Tests/Fixtures/openai/client.py) against
# `bridle serve` with its Python. Prints that Python's path on stdout as its last line; everything
# else goes to stderr, so callers can write `python="$(bash scripts/openai.sh)"`. Exits with 3
# when PyPI cannot be reached.
#
# Environment:
#   BRIDLE_CACHE  where downloads are kept (default: ${XDG_CACHE_HOME:-$HOME/.cache}/bridle)
set -euo pipefail
cd "$(dirname "$0")/.."

package="openai==3.57.0"
requirements=scripts/openai-requirements.txt
check='import openai, pydantic'
size="about 8 MB"
source scripts/pypi-venv.sh
