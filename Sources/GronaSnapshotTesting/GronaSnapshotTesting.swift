// GronaSnapshotTesting: golden-image regression tests of Grona components, for XCTest and Swift
// Testing. The checks themselves live in GronaSnapshots (re-exported here), which the `grona-snap
// verify` command uses too without linking a test framework.
//
//   Assertion/Snapshotting.swift        Snapshotting<Value>: the strategies .image, .accessibility, .report
//                                       for a Spec, a SpecFile and a Component, and pullback
//   Assertion/AssertSnapshot.swift      assertSnapshot(of:as:) → XCTFail or Issue.record; verifySnapshot(of:as:) -> String?
//   Assertion/VerifySnapshot.swift      the one check behind every form (SnapshotOptions.check), and where things live
//   Assertion/Deprecated.swift          the older forms (options as parameters, ofSpecAt:, theme:component:,
//                                       assertAccessibilitySnapshot), forwarding to the one check
//   Assertion/SnapshotTestingConfiguration.swift  withSnapshotTesting(record:requireProvenance:) and the trait
//   Assertion/TestIdentity.swift        which test is running, from the test framework
//   Assertion/AssertNoFindings.swift    assertNoFindings: `grona-snap check` as an assertion
//   GronaSnapshotTesting.docc           the documentation catalogue (scripts/docs-catalogue builds it)
// In GronaSnapshots:
//   Verification/SnapshotVerifier.swift render in parallel, decide each golden, write goldens and artifacts
//   Verification/SnapshotRecordMode.swift  missing / all / failed / never, and GRONA_RECORD
//   Verification/FolderVerification.swift  `grona-snap verify`: a folder of specs, unused goldens, --prune
//   Verification/VerificationTally.swift  verify's summary, counted as outcomes arrive; what the report keeps
//   Verification/HTMLReport.swift       the self-contained index.html of a verify run
//   Digest/GoldenDigest.swift           the grDG chunk: passing a matching golden without decoding it
//   Digest/XXHash64.swift               the hash behind it
//   Comparison/                         exact fast path, OKLab ΔE, anti-aliasing detection, budget,
//                                       three-panel difference image
//
// Goldens are `Snapshots/<spec name>/<textSize>-<appearance>-<direction>@<scale>x.png` (SPEC §1).
// A failed check leaves `actual/<golden name>` (a ready-made golden: copy it over the old one to
// accept the change) and `difference/<golden name>` (expected | difference | actual) in the
// artifacts folder ($GRONA_ARTIFACTS, else Artifacts/ at the package root).
//
// The default tolerance (`ComparisonTolerance.default`): a pixel differs when its OKLab ΔE, over
// black and over white, exceeds 0.02 (a just-noticeable difference) and it is not an anti-aliased
// edge pixel that merely moved; and no differing pixel is allowed. Why:
//   - never flaky: rendering is deterministic to the byte (same input, same binary, same bytes,
//     checked by the tests), so an unchanged snapshot matches exactly, by digest. The ΔE floor
//     and the anti-aliasing rule only absorb what another machine may legitimately vary: ±1 level
//     rounding from a different libm, and sub-pixel edge shifts from another FreeType/HarfBuzz
//     build, neither of which a person can see.
//   - catches every real change: with a budget of zero, one visibly changed pixel that is not
//     excused as anti-aliasing fails. A visibly changed 10 × 10 block never is: a pixel is excused
//     only if, in one image, it blends two flat regions that exist in both images, and in the other
//     it is again a blend or exactly one of those two colours (AntialiasingDetection.swift); a flat
//     patch of a new colour is neither. (The tests paint blocks over text, the image, the button
//     and the corners of a real golden: each fails with all 100 pixels counted.)
// A looser budget (a count or a fraction of pixels) is there for teams comparing across machines
// they do not control; GronaSnap's own suite uses the default.

@_exported import GronaSnapshots
