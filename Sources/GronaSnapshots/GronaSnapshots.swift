// GronaSnapshots: comparing snapshots with goldens, free of any test framework, so that the command
// line (`grona-snap verify`, `grona-snap diff`) can use it. GronaSnapshotTesting builds assertSnapshot
// on top of it; see that module's overview for the layout of goldens, artifacts and the tolerance.
//
//   Comparison/    exact fast path, OKLab ΔE, anti-aliasing detection, budget, difference image
//   Digest/        the grDG chunk: passing a matching golden without decoding it, and its hash;
//                  the grVR chunk: what the golden was rendered with (versions, fonts)
//   Verification/  render in parallel, decide each golden, record modes, a folder of specs, HTML report;
//                  VerificationTally counts outcomes (and findings) as they arrive, so memory stays flat
