// llama.cpp's C API, found through pkg-config (`llama.pc`); scripts/llama.sh builds and
// installs the pinned version.
#include <llama.h>
