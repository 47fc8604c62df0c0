// libFuzzer's driver (llvm.org/docs/LibFuzzer.html, "Using libFuzzer as a library"): the
// fuzz executable's own main names its target, then hands the rest of its arguments to it.
// `-sanitize=fuzzer` links the library; this header only declares the entry.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
