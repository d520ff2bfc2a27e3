#!/usr/bin/env bash
# Installs PyPI's `jinja2` package (3.1.6, with markupsafe; pinned in
# scripts/jinja-requirements.txt) into a virtual environment in the cache outside the clone, once.
# The chat-template conformance tests render each template with its Python
# (Tests/Fixtures/chat-templates/render.py), exactly as Hugging Face transformers does, and compare
# Bridle's output byte for byte. Prints that Python's path on stdout as its last line; everything
# else goes to stderr, so callers can write `python="$(bash scripts/jinja.sh)"`. Exits with 3 when
# PyPI cannot be reached.
#
# Environment:
#   BRIDLE_CACHE  where downloads are kept (default: ${XDG_CACHE_HOME:-$HOME/.cache}/bridle)
set -euo pipefail
cd "$(dirname "$0")/.."

package="jinja2==3.1.6"
requirements=scripts/jinja-requirements.txt
check='import jinja2'
size="about 1 MB"
source scripts/pypi-venv.sh
