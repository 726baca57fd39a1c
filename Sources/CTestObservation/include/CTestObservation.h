// Nothing to call: this target only runs `grona_snapshot_testing_loaded` (GronaSnapshotTesting's
// TestIdentity.swift) when the test binary is loaded. See load.c.
#ifndef C_TEST_OBSERVATION_H
#define C_TEST_OBSERVATION_H
#endif
