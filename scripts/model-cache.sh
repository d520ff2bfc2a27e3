# Sourced by the scripts that fetch something into the cache once (gemma.sh, smollm2.sh, mcp.sh)
# once they have set `name` (for messages), `folder` (in the cache) and `model` (the file they
# print: a GGUF, or mcp.sh's Python): messages go to stderr, what was already fetched is printed
# and the script ends there, and otherwise the folder and its download folder are ready.
say() { printf '==> %s\n' "$*" >&2; }
fail() { printf 'error: %s\n' "$*" >&2; exit "${2:-1}"; }

if [ -f "$folder/.complete" ] && [ -f "$model" ]; then
    say "$name is already in $folder"
    echo "$model"
    exit 0
fi

command -v python3 >/dev/null || fail "python3 is not on PATH; it downloads the model from PyPI"
mkdir -p "$folder"
download="$folder/download"
