//! Actions: one per turn (rulebook "How to Play"), plus the set-up placements.
//!
//! The notation is in [`notation`](crate::notation).

use crate::board::Square;

/// One action of the player to act. On the wire (serde) an action is its notation, e.g.
/// `"c2-c4"` or `"place d2"` (see [`notation`](crate::notation)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Set-up: place the Duke on a centre square of the home edge.
    SetDuke(Square),
    /// Set-up: place a Footman on a square sharing a side with the Duke.
    SetFootman(Square),
    /// Move the tile on `from` to `to` (Move, Jump, Slide or Jump Slide icon).
    Move {
        /// The tile's square.
        from: Square,
        /// Where it goes (an enemy there is captured).
        to: Square,
    },
    /// The tile on `from` captures the enemy on `target` without moving (Strike icon).
    Strike {
        /// The striking tile.
        from: Square,
        /// The enemy struck.
        target: Square,
    },
    /// The tile on `by` moves the friendly tile on `from` to `to` (Command icons).
    Command {
        /// The commanding tile (it flips).
        by: Square,
        /// The commanded tile (it does not flip).
        from: Square,
        /// Where the commanded tile goes.
        to: Square,
    },
    /// Draw a random tile from the bag; a [`Action::Place`] follows.
    Draw,
    /// Place the tile just drawn.
    Place(Square),
}

duke_core::serde_as_notation!(Action);
