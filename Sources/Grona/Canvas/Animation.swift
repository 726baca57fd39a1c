/// The frames of a component's whole animation (the reveal, then a progress bar's fill), for
/// `grona-snap animate`: evenly spaced times from 0 to the end, the last frame exactly the end.
public enum Animation {
    /// How long the component's animations run, in seconds.
    public static func duration(of kind: Component.Kind) -> Double {
        Motion.duration(of: kind)
    }

    /// `0, 1/fps, 2/fps, …` up to the duration, which is always the last time (the final state).
    public static func frameTimes(of kind: Component.Kind, fps: Int) -> [Double] {
        let duration = Motion.duration(of: kind)
        let rate = Double(max(1, fps))
        let steps = Int((duration * rate).rounded(.up))
        return (0...steps).map { min(duration, Double($0) / rate) }
    }
}
