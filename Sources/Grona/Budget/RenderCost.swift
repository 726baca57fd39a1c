import Raster

/// What one request for pictures will cost, estimated before any pixel is drawn: the card is laid out
/// (no pixels) to learn its size, and the rest is arithmetic over frames and cells. A front end checks it
/// against a budget (GronaRequests' `RenderBudget`), so a request that would take gigabytes or minutes is refused up front
/// with what to lower, instead of being found out halfway through.
package struct RenderCost: Equatable, Sendable {
    /// Pixels held in memory at once (4 bytes each): every frame of an animation, every cell of a
    /// sheet and the sheet itself, the decoded image.
    package var heldPixels: Int = 0
    /// Pixels drawn in all (the time it takes).
    package var drawnPixels: Int = 0
    /// Characters laid out in all (shaping time): each render's copy, once per render.
    package var characters: Int = 0

    package init(heldPixels: Int = 0, drawnPixels: Int = 0, characters: Int = 0) {
        self.heldPixels = heldPixels; self.drawnPixels = drawnPixels; self.characters = characters
    }

    /// One picture of `width` × `height` pixels showing `characters` characters of copy.
    package static func picture(width: Int, height: Int, characters: Int) -> RenderCost {
        RenderCost(heldPixels: width * height, drawnPixels: width * height, characters: characters)
    }

    /// `count` pictures like this one, all kept until the last is drawn (frames, cells).
    package func kept(_ count: Int) -> RenderCost {
        RenderCost(heldPixels: heldPixels.multipliedReportingOverflow(by: count).partialValue,
                   drawnPixels: drawnPixels.multipliedReportingOverflow(by: count).partialValue,
                   characters: characters.multipliedReportingOverflow(by: count).partialValue)
    }

    /// Both, held at the same time.
    package static func + (a: RenderCost, b: RenderCost) -> RenderCost {
        RenderCost(heldPixels: a.heldPixels + b.heldPixels, drawnPixels: a.drawnPixels + b.drawnPixels,
                   characters: a.characters + b.characters)
    }

    /// Both, one after the other: memory is the larger of the two, time adds up.
    package func then(_ other: RenderCost) -> RenderCost {
        RenderCost(heldPixels: max(heldPixels, other.heldPixels), drawnPixels: drawnPixels + other.drawnPixels,
                   characters: characters + other.characters)
    }
}
