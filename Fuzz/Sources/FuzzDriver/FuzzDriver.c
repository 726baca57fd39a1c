// SwiftPM links every Linux executable with `--defsym main=<Target>_main` so tests can rename an
// executable's entry point. Under -parse-as-library no such symbol is emitted, and libFuzzer's own
// main() is never pulled in, so each fuzz target defines <Target>_main itself and calls libFuzzer's
// documented entry point, LLVMFuzzerRunDriver, from here (C declares it exactly as libFuzzer does).
#include "FuzzDriver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

int grona_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
