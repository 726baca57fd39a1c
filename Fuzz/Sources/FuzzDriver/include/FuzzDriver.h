#ifndef GRONA_FUZZ_DRIVER_H
#define GRONA_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer's driver on the target's LLVMFuzzerTestOneInput (defined in Swift).
int grona_fuzz_main(int argc, char **argv);

#endif
