/// The SDK's animations as functions of time, so that any frame can be drawn on its own.
///
/// Every component is revealed by sliding down 16 pt into place while fading in (0.35 s, ease-out).
/// A progress bar then fills from empty to its value (0.8 s, ease-in-out); its fill colour turns to
/// the accent the moment the animated fill reaches the first tier. The collapse, when a component
/// is dismissed, is the reveal played backwards with an ease-in (0.3 s), ending fully transparent.
/// With Reduce Motion on, or when no time is asked for, every frame is the final state: the SDK
/// skips these animations, so a revealed component is simply there and a collapsed one simply gone.
struct Motion: Equatable {
    static let revealDuration = 0.35
    static let fillDuration = 0.8
    static let collapseDuration = 0.3
    static let revealDistance = 16.0

    /// Vertical offset of the card in points (negative: above its resting place).
    var offsetY = 0.0
    var opacity = 1.0
    /// How much of the progress bar's value is shown, 0…1.
    var fillProgress = 1.0

    static let final = Motion()

    init() {}

    init(time: Double?, reduceMotion: Bool, kind: Component.Kind, animation: Animation = .reveal) {
        if animation == .collapse {
            // Reduce Motion or no time: the final state of a collapse is a component that is gone.
            var shown = 0.0
            if let time, !reduceMotion { shown = 1 - easeIn(clamp(time / Motion.collapseDuration)) }
            offsetY = -(1 - shown) * Motion.revealDistance
            opacity = shown
            return
        }
        guard let time, !reduceMotion else { return }
        let reveal = easeOut(clamp(time / Motion.revealDuration))
        offsetY = -(1 - reveal) * Motion.revealDistance
        opacity = reveal
        if kind == .progressBar {
            fillProgress = easeInOut(clamp((time - Motion.revealDuration) / Motion.fillDuration))
        }
    }

    /// How long the component's animations run, in seconds (to list the frames of a whole animation).
    static func duration(of kind: Component.Kind, animation: Animation = .reveal) -> Double {
        if animation == .collapse { return collapseDuration }
        return kind == .progressBar ? revealDuration + fillDuration : revealDuration
    }
}

private func clamp(_ x: Double) -> Double { x.isNaN ? 1 : min(1, max(0, x)) }
private func easeIn(_ x: Double) -> Double { x * x * x }
private func easeOut(_ x: Double) -> Double { 1 - (1 - x) * (1 - x) * (1 - x) }
private func easeInOut(_ x: Double) -> Double { x < 0.5 ? 4 * x * x * x : 1 - pow3(-2 * x + 2) / 2 }
private func pow3(_ x: Double) -> Double { x * x * x }

extension Animation {
    /// How long this animation of a `kind` component runs, in seconds.
    package func duration(of kind: Component.Kind) -> Double {
        Motion.duration(of: kind, animation: self)
    }

    /// The frame times of the whole animation, for `grona-snap animate`: `0, 1/fps, 2/fps, …` up to
    /// the duration, which is always the last time (the final state).
    package func frameTimes(of kind: Component.Kind, fps: Int) -> [Double] {
        let duration = duration(of: kind)
        let rate = Double(max(1, fps))
        let steps = Int((duration * rate).rounded(.up))
        return (0...steps).map { min(duration, Double($0) / rate) }
    }
}
