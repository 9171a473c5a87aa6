//! Action notation: compact, readable at a terminal, and parsed back exactly.
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

use crate::actions::Action;
use crate::board::Square;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_round_trips_and_bad_text_is_a_typed_error() {
        for text in ["duke c1", "footman b1", "c2-c4", "c2*d4", "d1:c2-c3", "draw", "place d2", "a1-f6"] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert_eq!(" C2-C4 ".parse::<Action>().unwrap().to_string(), "c2-c4");
        for bad in ["", "pass", "g1-a1", "a0-a1", "a1-", "d1:c2", "place", "duke z9", "a1*", "a1-b2-c3"] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
    }
}
