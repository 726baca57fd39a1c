// GronaRequests: what GronaSnap can be asked to do, whoever asks. The command line, the HTTP service
// and the studio page are front ends: each parses its own words (flags, query parameters) into the
// requests here, runs them, and prints or serves the result. So a rule (which variants a spec has,
// what an override may be, what a request may cost, how a mistake is said) lives here once.
//
// RequestError.swift        the one error type: kind, file, JSON path, message; its exit status and
//                           HTTP status
// Options/   OptionTable.swift         every option front ends share, one row each: flag, query name,
//                                      environment variable, value schema, default, help; the
//                                      `OptionSource` requests are built from
//            VariantPlan.swift         the variant axes as front ends spell them (the plan itself
//                                      is Grona's `Spec.plannedEnvironments`)
//            ValueSchema.swift         what an option's value may be (JSON Schema for the API)
// Session/   RenderSession.swift       a thread's text engine and caches; reading specs; asset roots
//            RenderBudget.swift        the most one request may cost, checked before any work
// Requests/  RenderRequest.swift       one snapshot (and its report), on a canvas or as the
//                                      accessibility picture
//            CheckRequest.swift        every variant's findings
//            SheetRequest.swift        a labelled contact sheet of variants
//            PreviewRequest.swift      the studio's tiles, findings and colour hints for one edit
//            AnimateRequest.swift      the animation as frames and an animated PNG
//            BatchRequest.swift        a folder of specs written as PNGs, all or nothing
//            VerifyRequest.swift       a folder of specs against its goldens
//
// Dependencies point down: front ends → GronaRequests → GronaSnapshots, GronaOutput → Grona.
