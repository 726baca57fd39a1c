// Runs when the binary that links GronaSnapshotTesting is loaded, before any test: Swift has no
// module initialisers, and the test library must watch XCTest's test cases start from the first
// one on. Registered any later (at the first snapshot call, as it once was), the test that made
// that call is unknown, and a helper outside the test class would name its goldens after itself
// in whichever test happens to run first: `swift test --filter …` and `--parallel` (one process
// per test) then name them differently from a full run.
#include "CTestObservation.h"

extern void grona_snapshot_testing_loaded(void);

__attribute__((constructor)) static void grona_snapshot_testing_load(void) {
    grona_snapshot_testing_loaded();
}
