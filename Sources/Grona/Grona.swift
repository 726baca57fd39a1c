// Grona: the Grona SDK's components, from a spec file to pixels and a render report.
//
//   spec JSON ─decode─▶ Spec ─locale─▶ Spec ─resolve─▶ ComponentColors ─layout─▶ Scene ─render─▶ Pixmap + RenderReport ─▶ findings
//
// ComponentRenderer.swift  the entry point: one renderer plays one app process (colours resolved on its
//                          first render and kept); render(environment) → Snapshot (pixels, report, scene)
// ParallelRenderer.swift   render jobs on N threads, one text engine per thread: results handed over as
//                          they finish (forEach, nothing kept) or collected in job order (map)
// FontsFolder.swift        where the pinned fonts are ($GRONA_FONTS, an installed share/, the checkout)
//
// Decoding/   JSON.swift          bounded, strict JSON parser → JSONValue (ordered keys, line:column errors)
//             SpecDecoder.swift   JSONValue → Spec, every error naming the file and the JSON path
//             SpecRules.swift     value rules shared with command-line overrides (width, scale, colours, text)
//             AssetPaths.swift    font and image paths: spec folder, fonts folder, allowed roots
//             SpecError.swift     the one-line error `file: $.path: problem`
//             SpecFiles.swift     which JSON files in a folder are specs (others are skipped with a note)
// Model/      Spec, Theme/ThemeColor, Component (Banner, ProgressBar, Offer, Message, CampaignStyle,
//             TextRole), Environment/EnvironmentOverrides/Animation, Variants (golden names), TextSize
// Locale/     Localization.swift  the locale stage: a spec as it shows in one language (copy, direction)
//             LanguageTag.swift   BCP 47 tags: well-formedness, canonical case, right-to-left languages
//             Pseudo.swift        Xcode's pseudolanguages: accented, double, bounded, rtl
// Style/      ColorResolver.swift first-draw colour resolution and per-component colour roles
//             Contrast.swift      WCAG luminance, contrast, the readable-contrast fix (TextColor)
//             DynamicType.swift   Apple's Dynamic Type table and scaledSize(base:style:category:)
// Layout/     LayoutContext.swift what a component layout builds with: text, fills, buttons, report entries
//             Geometry.swift      Flow: leading/trailing → left/right, the one place that mirrors
//             Typography.swift    each text role's size at L, Dynamic Type style and weight
//             ParagraphDirection  text runs in its own direction, lines hug the interface's leading edge
//             BannerLayout, ProgressBarLayout, OfferLayout, MessageLayout: one file per component
//             Motion.swift        the reveal, fill and collapse animations as functions of time
// Scene/      Scene.swift         the display list between layout and raster (fills, text, images,
//                                 icons, outlines)
// Render/     SceneRenderer.swift a loop over scene items; Icons.swift the message icons as outlines
// Report/     RenderReport.swift  texts, contrast, VoiceOver order, touch targets, graphics, findings; its JSON
//             JSONText.swift      numbers and strings written the same way on every machine
// Findings/   Findings.swift      what a person should know about a render, from its report (one place)
//             Finding.swift       the kinds, their fields, sentences and JSON
//             FindingGroup.swift  one spec's findings across variants, grouped into lines for people
// Overlay/    AccessibilityOverlay.swift  the accessibility picture: the card's scene plus outlines,
//             numbered badges and a legend, built from the render report (`render(_:overlay:)`)
// Canvas/     padding and a background around a rendered card, for screenshots
// Sheet/      contact sheets: labelled grids of snapshots
// Assets/     DecodedImages.swift component images decoded once per process, shared by every renderer

/// GronaSnap's version: `grona-snap --version`, and recorded in every golden (the pixels it draws
/// may change between versions).
package let gronaSnapVersion = "0.1.0"
