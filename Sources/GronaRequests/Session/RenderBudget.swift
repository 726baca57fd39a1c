import Grona

/// The most one request may cost. The defaults keep a server's peak memory under 1 GiB with two
/// requests at the budget running at once (a held pixel is 4 bytes, and encoding a PNG needs about
/// as much again), while a whole campaign's grid at @3x and a progress bar's animation at 30 fps
/// fit with room to spare.
package struct RenderBudget: Equatable, Sendable {
    package var heldPixels = 48 * 1024 * 1024
    package var drawnPixels = 256 * 1024 * 1024
    package var characters = 1_000_000

    package init() {}

    /// Why `cost` is over the budget, ending with what to lower (`lower`, the request's own names for
    /// its settings), or nil when it fits. `what` names the request ("the animation").
    package func refusal(_ cost: RenderCost, what: String, lower: String) -> String? {
        func megapixels(_ pixels: Int) -> String {
            let value = Double(pixels) / 1_048_576
            return value >= 10 ? "\(Int(value.rounded())) Mpx" : "\((value * 10).rounded() / 10) Mpx"
        }
        let over: String
        if cost.heldPixels > heldPixels {
            over = "would hold \(megapixels(cost.heldPixels)) of pixels at once, over the budget of \(megapixels(heldPixels)) per request"
        } else if cost.drawnPixels > drawnPixels {
            over = "would draw \(megapixels(cost.drawnPixels)) in all, over the budget of \(megapixels(drawnPixels)) per request"
        } else if cost.characters > characters {
            over = "would lay out \(cost.characters) characters in all, over the budget of \(characters) per request"
        } else {
            return nil
        }
        return "\(what) \(over); lower \(lower)"
    }

    /// Throws the refusal (`RequestError.Kind.overBudget`) when `cost` is over the budget.
    package func check(_ cost: RenderCost, what: String, lower: String) throws {
        if let refusal = refusal(cost, what: what, lower: lower) { throw RequestError(.overBudget, refusal) }
    }
}
