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
//! | [`Action::Summon`] | `summon b4-c2` | Summon: the Duke flips, the Summon tile on b4 comes to c2 |
//! | [`Action::Divine`] | `divine c3` | Divination by the tile on c3: it flips back, up to three tiles are drawn |
//! | [`Action::Keep`] | `keep 16 d2` | the divined tile of type 16 goes onto d2 |
//! | [`Action::Deploy`] | `deploy a1` | Dark Rider: place the next Pikeman (or the rider) on a1 |
//! | [`Action::Pick`] | `pick 2` | Dynastic Dispute: every tile of type 2 goes into the bag |
//! | [`Action::Return`] | `return 5` | a divined tile of type 5 goes back into the bag |
//! | [`Action::Destroy`] | `destroy 5` | a divined tile of type 5 is destroyed (with any other of type 5 left) |
//! | [`Action::Escape`] | `escape c1-d1 sacrifice d1` | Escape: the tile on d1 is sacrificed, the Escape tile on c1 goes to d1 |
//! | [`Action::Escape`] | `escape c3-d1 ransom 17` | Escape paid with a captured Ransom tile of type 17, given back |
//! | [`Action::Ransom`] | `ransom 17 for 18 d1` | Ransom: the captured type 17 back to its owner's bag, the own captured Escape tile of type 18 onto d1 |
//! | [`Action::Enrage`] | `enrage c1-c3 north` | the tile on c1 slides onto the Dragon on c3, pushing it to c4, enraged and facing north |
//! | [`Action::Enrage`] | `enrage c1-c3` | the same with a tile on c4: it is taken, the Dragon re-oriented at random |
//! | [`Action::Flag`] | `flag a6` | set-up: a Flag is placed on a6 (after a point of Counting Coup: the Flag on a6 stays) |
//! | [`Action::Flag`] | `flag c3-c4` | the Flag on c3 passes to the tile on c4 (or, after a point, is moved to c4) |
//!
//! Tile types are their index in the tile set (`TileKind`), as listed in `TILE_REFERENCE.md`.
//! The icon of a movement is implied: Move, Jump, Slide and Jump Slide onto the same
//! square have the same effect (the tile goes there, captures, flips), so they are one
//! action; Strike and Command have their own signs because their effect differs.
//! Squares are `a1`..`f6`, files from seat 0's left, rank 1 = seat 0's home edge.
//! Parsing ignores case and surrounding spaces.

use core::fmt;
use core::str::FromStr;

use duke_core::NotationError;

use crate::actions::{Action, EscapeCost};
use crate::board::Square;
use crate::tiles::TileKind;

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
            Action::Summon { from, to } => write!(f, "summon {from}-{to}"),
            Action::Divine(sq) => write!(f, "divine {sq}"),
            Action::Keep { kind, to } => write!(f, "keep {} {to}", kind.0),
            Action::Pick(kind) => write!(f, "pick {}", kind.0),
            Action::Deploy(sq) => write!(f, "deploy {sq}"),
            Action::Return(kind) => write!(f, "return {}", kind.0),
            Action::Destroy(kind) => write!(f, "destroy {}", kind.0),
            Action::Escape { from, to, cost } => write!(f, "escape {from}-{to} {cost}"),
            Action::Ransom { give, take, to } => write!(f, "ransom {} for {} {to}", give.0, take.0),
            Action::Enrage { from, to, aim } => match aim {
                Some(crate::Facing::North) => write!(f, "enrage {from}-{to} north"),
                Some(crate::Facing::South) => write!(f, "enrage {from}-{to} south"),
                Some(crate::Facing::East) => write!(f, "enrage {from}-{to} east"),
                Some(crate::Facing::West) => write!(f, "enrage {from}-{to} west"),
                None => write!(f, "enrage {from}-{to}"),
            },
            Action::Flag { from, to } if from == to => write!(f, "flag {from}"),
            Action::Flag { from, to } => write!(f, "flag {from}-{to}"),
        }
    }
}

impl fmt::Display for EscapeCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.sacrificed(), self.ransomed()) {
            (Some(sq), _) => write!(f, "sacrifice {sq}"),
            (_, Some(kind)) => write!(f, "ransom {}", kind.0),
            _ => write!(f, "sacrifice ?"),
        }
    }
}

impl FromStr for EscapeCost {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<EscapeCost, NotationError> {
        let text = s.trim().to_ascii_lowercase();
        if let Some(sq) = text.strip_prefix("sacrifice ") {
            let sq = sq.parse::<Square>().map_err(|_| NotationError::new(s, "bad square"))?;
            return Ok(EscapeCost::sacrifice(sq));
        }
        if let Some(k) = text.strip_prefix("ransom ") {
            let k = k.parse::<u8>().map_err(|_| NotationError::new(s, "a tile type is its number"))?;
            if k >= 64 {
                return Err(NotationError::new(s, "a ransomed tile type is below 64"));
            }
            return Ok(EscapeCost::ransom(TileKind(k)));
        }
        Err(NotationError::new(s, "an Escape's cost is `sacrifice <square>` or `ransom <type>`"))
    }
}

impl FromStr for Action {
    type Err = NotationError;
    /// Reads an action; an error names the whole text given, whichever word is wrong.
    fn from_str(s: &str) -> Result<Action, NotationError> {
        Action::read_notation(s).map_err(|e| NotationError::new(s, e.reason))
    }
}

impl Action {
    /// The reading behind [`FromStr`]; its errors may name only the word that is wrong.
    fn read_notation(s: &str) -> Result<Action, NotationError> {
        let text = s.trim().to_ascii_lowercase();
        let square = |t: &str| t.parse::<Square>().map_err(|_| NotationError::new(s, "bad square"));
        let kind = |t: &str| {
            t.parse::<u8>().map(TileKind).map_err(|_| NotationError::new(s, "a tile type is its number (0-255)"))
        };
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
        if let Some(rest) = text.strip_prefix("summon ") {
            let (from, to) = rest.split_once('-').ok_or_else(|| NotationError::new(s, "summon is summon from-to"))?;
            return Ok(Action::Summon { from: square(from)?, to: square(to)? });
        }
        if let Some(rest) = text.strip_prefix("divine ") {
            return Ok(Action::Divine(square(rest)?));
        }
        if let Some(rest) = text.strip_prefix("keep ") {
            let (k, to) = rest.split_once(' ').ok_or_else(|| NotationError::new(s, "keep is keep <type> <square>"))?;
            return Ok(Action::Keep { kind: kind(k)?, to: square(to)? });
        }
        if let Some(rest) = text.strip_prefix("deploy ") {
            return Ok(Action::Deploy(square(rest)?));
        }
        if let Some(rest) = text.strip_prefix("pick ") {
            return Ok(Action::Pick(kind(rest)?));
        }
        if let Some(rest) = text.strip_prefix("return ") {
            return Ok(Action::Return(kind(rest)?));
        }
        if let Some(rest) = text.strip_prefix("destroy ") {
            return Ok(Action::Destroy(kind(rest)?));
        }
        if let Some(rest) = text.strip_prefix("escape ") {
            let (squares, cost) =
                rest.split_once(' ').ok_or_else(|| NotationError::new(s, "escape is escape from-to <cost>"))?;
            let (from, to) =
                squares.split_once('-').ok_or_else(|| NotationError::new(s, "escape is escape from-to <cost>"))?;
            return Ok(Action::Escape { from: square(from)?, to: square(to)?, cost: cost.parse()? });
        }
        if let Some(rest) = text.strip_prefix("ransom ") {
            let mut words = rest.split(' ');
            let (give, take, to) = match (words.next(), words.next(), words.next(), words.next(), words.next()) {
                (Some(give), Some("for"), Some(take), Some(to), None) => (give, take, to),
                _ => return Err(NotationError::new(s, "ransom is ransom <type> for <type> <square>")),
            };
            return Ok(Action::Ransom { give: kind(give)?, take: kind(take)?, to: square(to)? });
        }
        if let Some(rest) = text.strip_prefix("enrage ") {
            let (squares, aim) = match rest.split_once(' ') {
                Some((squares, "north")) => (squares, Some(crate::Facing::North)),
                Some((squares, "south")) => (squares, Some(crate::Facing::South)),
                Some((squares, "east")) => (squares, Some(crate::Facing::East)),
                Some((squares, "west")) => (squares, Some(crate::Facing::West)),
                Some(_) => return Err(NotationError::new(s, "enrage is enrage from-to [north|south]")),
                None => (rest, None),
            };
            let (from, to) = squares
                .split_once('-')
                .ok_or_else(|| NotationError::new(s, "enrage is enrage from-to [north|south]"))?;
            return Ok(Action::Enrage { from: square(from)?, to: square(to)?, aim });
        }
        if let Some(rest) = text.strip_prefix("flag ") {
            return Ok(match rest.split_once('-') {
                Some((from, to)) => Action::Flag { from: square(from)?, to: square(to)? },
                None => {
                    let at = square(rest)?;
                    Action::Flag { from: at, to: at }
                }
            });
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
        Err(NotationError::new(
            s,
            "expected e.g. c2-c4, c2*d4, d1:c2-c3, draw, place d2, duke c1, footman b1, summon b4-c2, divine c3, \
             keep 16 d2, return 5, destroy 5, pick 2, enrage c1-c3 north, flag a6, flag c3-c4",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_round_trips_and_bad_text_is_a_typed_error() {
        for text in [
            "duke c1",
            "footman b1",
            "c2-c4",
            "c2*d4",
            "d1:c2-c3",
            "draw",
            "place d2",
            "a1-f6",
            "summon b4-c2",
            "divine c3",
            "keep 16 d2",
            "return 5",
            "destroy 0",
            "escape c1-d1 sacrifice d1",
            "escape c3-d1 ransom 17",
            "ransom 17 for 18 d6",
            "pick 2",
            "flag a6",
            "flag c3-c4",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert_eq!(" C2-C4 ".parse::<Action>().unwrap().to_string(), "c2-c4");
        // An action stays four bytes: the standard game's buffers do not grow.
        assert_eq!(core::mem::size_of::<Action>(), 4);
        for bad in [
            "",
            "pass",
            "g1-a1",
            "a0-a1",
            "a1-",
            "d1:c2",
            "place",
            "duke z9",
            "a1*",
            "a1-b2-c3",
            "summon b4",
            "keep 16",
            "keep x d2",
            "pick",
            "pick z",
            "return -1",
            "destroy 256",
            "divine",
            "summon a1-a9",
            "flag",
            "flag a7",
            "flag a1-",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad:?}");
        }
    }
}
