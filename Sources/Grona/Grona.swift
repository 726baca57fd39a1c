// The Grona stage: from a spec file to resolved, validated values, then (later) layout and drawing.
//
// Decoding/   JSON.swift          bounded, strict JSON parser → JSONValue (ordered keys, line:column errors)
//             SpecDecoder.swift   JSONValue → Spec, every error naming the file and the JSON path
//             SpecRules.swift     value rules shared with command-line overrides (width, scale, colours, text)
//             AssetPaths.swift    font and image paths: spec folder, fonts folder, allowed roots
//             SpecError.swift     the one-line error `file: $.path: problem`
// Model/      Spec, Theme/ThemeColor, Component (Banner, ProgressBar, Offer, Message, CampaignStyle,
//             TextRole), Environment/EnvironmentOverrides, Variants (golden names), TextSize
// Style/      ColorResolver.swift first-draw colour resolution and per-component colour roles
//             Contrast.swift      WCAG luminance, contrast, the readable-contrast fix (TextColor)
//             DynamicType.swift   Apple's Dynamic Type table and scaledSize(base:style:category:)
