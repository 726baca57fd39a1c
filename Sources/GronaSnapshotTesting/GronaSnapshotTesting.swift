// The GronaSnapshotTesting stage. See README.md, Architecture.
