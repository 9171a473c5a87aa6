//! Actions and their notation.
//!
//! Grid positions are written column letter + row: `a1 a2` is the first column (the
//! starting 2x2 grid is `a1 a2 b1 b2`), penalty columns continue `c1 c2 d1 ...`. A card on
//! the table is `P<seat>:<position>`, for example `P2:b1`.
//!
//! | notation | action |
//! | --- | --- |
//! | `look a1 b2` | pre-round peek at two of your own cards |
//! | `draw` | draw the top card of the draw pile (only you see it) |
//! | `take b1` | take the top of the discard pile and put it at your `b1`, discarding the card there |
//! | `keep a2` | keep the drawn card at your `a2`, discarding the card there |
//! | `discard` | discard the drawn card |
//! | `match a1` | try to match your `a1` onto the discard pile (out of turn too) |
//! | `peek P1:a2` | PEEK: look at any card on the table |
//! | `swap P0:a1 P2:b2` | SWAP: exchange two cards on the table |
//! | `give P3` | GIVE: give P3 a penalty card |
//! | `pass` | do not use the pending action card |
//! | `archduke` | call "Archduke!" at the end of your turn |
//! | `end` | tap the discard pile: end the round (the caller after the final turns; or the next player when the turn limit is reached) |

use core::fmt;
use core::str::FromStr;

use duke_core::{NotationError, Seat};

use crate::state::MAX_SLOTS;

/// A grid position: `2 * column + row`, written `a1`, `a2`, `b1`, ... It travels (serde) as
/// that text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot(pub u8);

impl Slot {
    /// The column, from 0 (letter `a`).
    pub const fn column(self) -> u8 {
        self.0 / 2
    }

    /// The row, 0 (written `1`) or 1 (written `2`).
    pub const fn row(self) -> u8 {
        self.0 % 2
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{}{}", char::from(b'a'.wrapping_add(self.column())), self.row() + 1);
        f.pad(&text)
    }
}

impl FromStr for Slot {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Slot, NotationError> {
        let bytes = s.as_bytes();
        let (&[col], &[row]) = (bytes.get(..1).unwrap_or(&[]), bytes.get(1..).unwrap_or(&[])) else {
            return Err(NotationError::new(s, "a position is a column letter and a row 1 or 2, like b1"));
        };
        if !(b'a'..b'a' + (MAX_SLOTS / 2) as u8).contains(&col) || !(b'1'..=b'2').contains(&row) {
            return Err(NotationError::new(s, "a position is a column letter a-p and a row 1 or 2"));
        }
        Ok(Slot((col - b'a') * 2 + (row - b'1')))
    }
}

/// A card on the table: a seat's grid position, written `P2:b1` (and so on the wire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot {
    /// Whose grid.
    pub seat: Seat,
    /// Which position.
    pub slot: Slot,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.seat, self.slot)
    }
}

impl FromStr for Spot {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Spot, NotationError> {
        let (seat, slot) =
            s.split_once(':').ok_or_else(|| NotationError::new(s, "a card is written P<seat>:<position>"))?;
        Ok(Spot { seat: parse_seat(seat)?, slot: slot.parse()? })
    }
}

fn parse_seat(s: &str) -> Result<Seat, NotationError> {
    s.strip_prefix('P')
        .and_then(|n| if n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()) { n.parse::<u8>().ok() } else { None })
        .filter(|&n| (n as usize) < duke_core::MAX_SEATS)
        .map(Seat)
        .ok_or_else(|| NotationError::new(s, "a seat is written P0, P1, ..."))
}

/// One player's action. See the module docs for the notation; it travels (serde) as that
/// text, e.g. `"swap P0:a1 P2:b2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Pre-round peek at two own cards (the first before the second).
    Look(Slot, Slot),
    /// Draw from the draw pile.
    Draw,
    /// Take the top of the discard pile into this position; the card there is discarded.
    Take(Slot),
    /// Keep the drawn card in this position; the card there is discarded.
    Keep(Slot),
    /// Discard the drawn card.
    Discard,
    /// Try to match this own card onto the discard pile.
    Match(Slot),
    /// PEEK at a card.
    Peek(Spot),
    /// SWAP two cards (the first before the second).
    Swap(Spot, Spot),
    /// GIVE a penalty card to this seat.
    Give(Seat),
    /// Decline the pending action card.
    Pass,
    /// Call "Archduke!".
    Archduke,
    /// Tap the discard pile: end the round.
    End,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Look(a, b) => write!(f, "look {a} {b}"),
            Action::Draw => f.write_str("draw"),
            Action::Take(s) => write!(f, "take {s}"),
            Action::Keep(s) => write!(f, "keep {s}"),
            Action::Discard => f.write_str("discard"),
            Action::Match(s) => write!(f, "match {s}"),
            Action::Peek(spot) => write!(f, "peek {spot}"),
            Action::Swap(a, b) => write!(f, "swap {a} {b}"),
            Action::Give(seat) => write!(f, "give {seat}"),
            Action::Pass => f.write_str("pass"),
            Action::Archduke => f.write_str("archduke"),
            Action::End => f.write_str("end"),
        }
    }
}

impl FromStr for Action {
    type Err = NotationError;
    /// Reads an action; an error holds the whole text given, whichever word is wrong.
    fn from_str(s: &str) -> Result<Action, NotationError> {
        parse_action(s).map_err(|e| NotationError::new(s, e.reason))
    }
}

duke_core::serde_as_notation!(Slot);
duke_core::serde_as_notation!(Spot);
duke_core::serde_as_notation!(Action);

fn parse_action(s: &str) -> Result<Action, NotationError> {
    let mut words = s.split_whitespace();
    let verb = words.next().unwrap_or("");
    let args: [Option<&str>; 3] = [words.next(), words.next(), words.next()];
    let action = match (verb, args) {
        ("look", [Some(a), Some(b), None]) => Action::Look(a.parse()?, b.parse()?),
        ("draw", [None, None, None]) => Action::Draw,
        ("take", [Some(a), None, None]) => Action::Take(a.parse()?),
        ("keep", [Some(a), None, None]) => Action::Keep(a.parse()?),
        ("discard", [None, None, None]) => Action::Discard,
        ("match", [Some(a), None, None]) => Action::Match(a.parse()?),
        ("peek", [Some(a), None, None]) => Action::Peek(a.parse()?),
        ("swap", [Some(a), Some(b), None]) => Action::Swap(a.parse()?, b.parse()?),
        ("give", [Some(a), None, None]) => Action::Give(parse_seat(a)?),
        ("pass", [None, None, None]) => Action::Pass,
        ("archduke", [None, None, None]) => Action::Archduke,
        ("end", [None, None, None]) => Action::End,
        _ => return Err(NotationError::new(s, "unknown action or wrong number of arguments (see the crate docs)")),
    };
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let spot = |s, slot| Spot { seat: Seat(s), slot: Slot(slot) };
        let actions = [
            Action::Look(Slot(0), Slot(3)),
            Action::Draw,
            Action::Take(Slot(31)),
            Action::Keep(Slot(2)),
            Action::Discard,
            Action::Match(Slot(5)),
            Action::Peek(spot(11, 1)),
            Action::Swap(spot(0, 0), spot(2, 3)),
            Action::Give(Seat(3)),
            Action::Pass,
            Action::Archduke,
            Action::End,
        ];
        for action in actions {
            assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        assert_eq!(Action::Swap(spot(0, 0), spot(2, 3)).to_string(), "swap P0:a1 P2:b2");
        assert!("match z9".parse::<Action>().is_err());
        assert!("peek P99:a1".parse::<Action>().is_err());
        assert!("draw now".parse::<Action>().is_err());
        assert!("".parse::<Action>().is_err());
    }

    #[test]
    fn actions_positions_and_cards_travel_as_notation() {
        let action: Action = "swap P0:a1 P2:b2".parse().unwrap();
        assert_eq!(serde_json::to_string(&action).unwrap(), r#""swap P0:a1 P2:b2""#);
        assert_eq!(serde_json::from_str::<Action>(r#""swap P0:a1 P2:b2""#).unwrap(), action);
        assert_eq!(serde_json::to_string(&Slot(3)).unwrap(), r#""b2""#);
        assert_eq!(serde_json::from_str::<Slot>(r#""b2""#).unwrap(), Slot(3));
        let spot = Spot { seat: Seat(2), slot: Slot(2) };
        assert_eq!(serde_json::to_string(&spot).unwrap(), r#""P2:b1""#);
        assert_eq!(serde_json::from_str::<Spot>(r#""P2:b1""#).unwrap(), spot);
        let bad = serde_json::from_str::<Action>(r#""match z9""#).unwrap_err();
        assert!(bad.to_string().contains("column letter"), "{bad}");
        assert!(serde_json::from_str::<Action>(r#"{"Match":0}"#).is_err(), "the old form is gone");
        assert!(serde_json::from_str::<Slot>("3").is_err(), "the old index form is gone");
    }
}
