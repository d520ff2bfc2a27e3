# Sourced by the scripts that install a pinned PyPI package into a virtual environment in the
# cache once (mcp.sh, openai.sh, jinja.sh), once they have set `package` (what is installed, for messages),
# `requirements` (the pinned file), `check` (Python that must run once installed) and `size`.
# Prints the environment's Python on stdout as its last line; everything else goes to stderr.
# Exits with 3 when PyPI cannot be reached.
cache="${BRIDLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/bridle}"
folder="$cache/${package%%==*}-$(sha256sum "$requirements" | cut -c1-12)"
model="$folder/venv/bin/python"
name="PyPI's ${package%%==*}"
source scripts/model-cache.sh

rm -rf "$folder/venv"
say "Creating a virtual environment in $folder/venv"
python3 -m venv "$folder/venv" >&2 || fail "python3 -m venv failed (Debian: apt-get install python3-venv)"
say "Installing $package and its pinned dependencies from PyPI ($size)"
if ! "$model" -m pip install --quiet --disable-pip-version-check --only-binary :all: -r "$requirements" >&2; then
    rm -rf "$folder/venv"
    fail "pip could not install $requirements from PyPI (offline?)" 3
fi
"$model" -c "$check" >&2 || fail "$package installed but does not import"
touch "$folder/.complete"
say "$name is in $folder"
echo "$model"
