// Raster: the software rasterizer GronaSnap draws everything with. It knows nothing of text or Grona.
//
// Public surface, by file:
//   Pixmap.swift       Color (straight sRGB), Pixmap (premultiplied RGBA8), CoverageMask (A8)
//   Geometry.swift     Point, Rect, Transform (affine; `Transform(scale: 3)` for @3x)
//   Path.swift         Path: move/line/quad/cubic/close, transformed(by:), rect, ellipse, circle, addArc
//   RoundedRect.swift  CornerRadii, RoundedRect (radii clamped like CSS), Path(roundedRect:radii:)
//   Stroke.swift       LineCap, Path.stroke(polyline:width:cap:), Path.ring(center:radius:width:)
//   Composite.swift    pixmap.fill(path | rect | roundedRect, color:, transform:), source-over in sRGB
//   MaskBlit.swift     pixmap.blit(mask:at:y:color:) for glyphs
//   ImageBlit.swift    pixmap.draw(image, in: rect, opacity:, clip:) for photos and colour emoji
//   Blitter.swift      CoverageMask(filling:transform:width:height:)
//
// Inside, a drawing goes Path → Flatten.swift (Béziers to edges in device pixels) → Rasterizer.swift
// (exact-area coverage by signed-area accumulation, non-zero winding) → a Blitter (Blitter.swift, the
// one boundary: runs of equal coverage) → pixels. Resample.swift holds the image filter weights.
