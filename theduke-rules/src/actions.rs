//! Actions and their notation.
//!
//! | Action | Notation | Meaning |
//! |---|---|---|
//! | [`Action::SetDuke`] | `duke c1` | set-up: place the Duke |
//! | [`Action::SetFootman`] | `footman b1` | set-up: place a Footman next to the Duke |
//! | [`Action::Move`] | `c2-c4` | move the tile on c2 to c4 with a Move, Jump, Slide or Jump Slide icon, capturing any enemy there |
//! | [`Action::Strike`] | `c2*d4` | the tile on c2 strikes d4 (captures without moving) |
//! | [`Action::Command`] | `d1:c2-c3` | the tile on d1 commands the friendly tile on c2 to c3 |
//! | [`Action::Draw`] | `draw` | draw a random tile from the bag |
//! | [`Action::Place`] | `place d2` | place the tile just drawn on d2 |
//!
//! The icon of a movement is implied: Move, Jump, Slide and Jump Slide onto the same
//! square have the same effect (the tile goes there, captures, flips), so they are one
//! action; Strike and Command have their own signs because their effect differs.
//! Squares are `a1`..`f6`, files from seat 0's left, rank 1 = seat 0's home edge.
//! Parsing ignores case and surrounding spaces.

use core::fmt;
use core::str::FromStr;

use duke_core::NotationError;
use serde::{Deserialize, Serialize};

use crate::board::Square;

/// One action of the player to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::SetDuke(sq) => write!(f, "duke {sq}"),
            Action::SetFootman(sq) => write!(f, "footman {sq}"),
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Strike { from, target } => write!(f, "{from}*{target}"),
            Action::Command { by, from, to } => write!(f, "{by}:{from}-{to}"),
            Action::Draw => write!(f, "draw"),
            Action::Place(sq) => write!(f, "place {sq}"),
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Action, NotationError> {
        let text = s.trim().to_ascii_lowercase();
        let square = |t: &str| t.parse::<Square>().map_err(|_| NotationError::new(s, "bad square"));
        if text == "draw" {
            return Ok(Action::Draw);
        }
        if let Some(rest) = text.strip_prefix("duke ") {
            return Ok(Action::SetDuke(square(rest)?));
        }
        if let Some(rest) = text.strip_prefix("footman ") {
            return Ok(Action::SetFootman(square(rest)?));
        }
        if let Some(rest) = text.strip_prefix("place ") {
            return Ok(Action::Place(square(rest)?));
        }
        if let Some((by, rest)) = text.split_once(':') {
            let (from, to) = rest.split_once('-').ok_or_else(|| NotationError::new(s, "command is by:from-to"))?;
            return Ok(Action::Command { by: square(by)?, from: square(from)?, to: square(to)? });
        }
        if let Some((from, target)) = text.split_once('*') {
            return Ok(Action::Strike { from: square(from)?, target: square(target)? });
        }
        if let Some((from, to)) = text.split_once('-') {
            return Ok(Action::Move { from: square(from)?, to: square(to)? });
        }
        Err(NotationError::new(s, "expected e.g. c2-c4, c2*d4, d1:c2-c3, draw, place d2, duke c1, footman b1"))
    }
}
