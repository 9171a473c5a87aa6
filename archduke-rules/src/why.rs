//! Why an action is refused: the rule it breaks, in words, for a player who typed it (issue
//! #26 item 6). Kept off [`Game::apply`](duke_core::Game::apply)'s path: a caller asks after
//! a refusal.
//!
//! A match of a card that does not match the top of the discard pile is *legal* (rulebook,
//! "Matching": a wrong try puts the card back and costs a penalty card), so it has no reason
//! here; a match is refused only when no match may be tried at all.

use duke_core::Seat;

use crate::cards::Power;
use crate::notation::{Action, Slot, Spot};
use crate::state::{Archduke, NONE, Phase};

/// The reasons, named once so that tests and callers can compare them.
mod reason {
    pub const NO_SEAT: &str = "there is no such seat at this table";
    pub const OUT: &str = "you are out of the game";
    pub const OVER: &str = "the game is over";
    pub const PEEK_OVER: &str = "the pre-round peek is over";
    pub const LOOKED: &str = "you have already looked at two of your cards this round";
    pub const TWO_POSITIONS: &str = "name two different positions, the first before the second";
    pub const EMPTY: &str = "that position of your grid holds no card";
    pub const PEEKING: &str = "wait until every player has looked at two cards (pre-round peek)";
    pub const NOT_DRAWN: &str = "you have no drawn card to keep or discard";
    pub const DECIDE: &str = "keep or discard the card you drew first";
    pub const NOT_YOUR_TURN: &str = "it is not your turn";
    pub const ACTION_FIRST: &str = "an action card must be used or passed first";
    pub const MUST_END: &str = "the round is over: tap the discard pile (end)";
    pub const NOT_OVER: &str = "the round is not over: draw, or take the discard";
    pub const DISCARD_EMPTY: &str = "the discard pile is empty";
    pub const NO_WINDOW: &str = "no match can be tried now: the matching window is closed";
    pub const NO_ROOM: &str = "your grid has no room for the penalty card of a wrong match";
    pub const CALL_OWN_TURN: &str = "call \"Archduke!\" only at the end of your own turn";
    pub const CALLED: &str = "\"Archduke!\" has already been called this round";
    pub const NO_ACTION_CARD: &str = "you have no action card to use";
    pub const OTHER_POWER: &str = "your action card does something else";
    pub const TWO_CARDS: &str = "name two different cards, the first before the second";
    pub const IMMUNE: &str = "the caller of \"Archduke!\" is immune to other players' action cards";
    pub const TARGET_OUT: &str = "that player is not in the game";
    pub const NO_CARD_THERE: &str = "there is no card at that position";
    pub const GIVE_SELF: &str = "GIVE a penalty card to another player";
    pub const TARGET_FULL: &str = "that player's grid has no room for a penalty card";
}

impl Archduke {
    /// Why `seat` may not play `action` now (rulebook sections "Pre-round peeking", "On your
    /// turn", "Matching", "Action cards", "End of round"), or `None` when the action is legal:
    /// every refused action has a reason, so `why_illegal(seat, a).is_none()` exactly when
    /// `a` is among `seat`'s legal actions. A match of a card of another rank is legal (it
    /// costs a penalty card), so it has none.
    pub fn why_illegal(&self, seat: Seat, action: Action) -> Option<&'static str> {
        let s = seat.0;
        if usize::from(s) >= self.players() {
            return Some(reason::NO_SEAT);
        }
        if self.phase == Phase::Over {
            return Some(reason::OVER);
        }
        if !self.is_active(s) {
            return Some(reason::OUT);
        }
        match action {
            Action::Look(a, b) => self.why_not_look(seat, a, b),
            Action::Keep(_) | Action::Discard => {
                if !matches!(self.phase, Phase::Holding { .. }) || s != self.current {
                    Some(reason::NOT_DRAWN)
                } else if let Action::Keep(slot) = action {
                    self.own(s, slot)
                } else {
                    None
                }
            }
            Action::Draw | Action::Take(_) | Action::End => self.why_not_start(s, action),
            Action::Archduke => self.why_not_call(s),
            Action::Match(slot) => self.why_not_match(s).or_else(|| self.own(s, slot)),
            Action::Pass => self.why_not_resolve(s, None),
            Action::Peek(spot) => self.why_not_resolve(s, Some(Power::Peek)).or_else(|| self.target(s, spot)),
            Action::Swap(a, b) => self
                .why_not_resolve(s, Some(Power::Swap))
                .or_else(|| (a >= b).then_some(reason::TWO_CARDS))
                .or_else(|| self.target(s, a))
                .or_else(|| self.target(s, b)),
            Action::Give(target) => self.why_not_resolve(s, Some(Power::Give)).or_else(|| {
                let t = target.0;
                if t == s {
                    Some(reason::GIVE_SELF)
                } else if !self.is_active(t) {
                    Some(reason::TARGET_OUT)
                } else if !self.targetable(s, t) {
                    Some(reason::IMMUNE)
                } else if !self.grid(t).is_some_and(|g| g.has_room()) {
                    Some(reason::TARGET_FULL)
                } else {
                    None
                }
            }),
        }
    }

    /// A position of the seat's own grid that must hold a card.
    fn own(&self, s: u8, slot: Slot) -> Option<&'static str> {
        self.grid(s).is_none_or(|g| g.card(slot.0).is_none()).then_some(reason::EMPTY)
    }

    fn why_not_look(&self, seat: Seat, a: Slot, b: Slot) -> Option<&'static str> {
        if self.phase != Phase::Peek {
            Some(reason::PEEK_OVER)
        } else if self.looked.contains(seat) {
            Some(reason::LOOKED)
        } else if a >= b {
            Some(reason::TWO_POSITIONS)
        } else {
            self.own(seat.0, a).or_else(|| self.own(seat.0, b))
        }
    }

    /// Draw, take and end: the next player's start of a turn in a matching window.
    fn why_not_start(&self, s: u8, action: Action) -> Option<&'static str> {
        match self.phase {
            Phase::Peek => return Some(reason::PEEKING),
            Phase::Holding { .. } if s == self.current => return Some(reason::DECIDE),
            Phase::Holding { .. } | Phase::Over => return Some(reason::NOT_YOUR_TURN),
            Phase::Window => {}
        }
        if s != self.next {
            return Some(reason::NOT_YOUR_TURN);
        }
        if self.pending_len > 0 {
            return Some(reason::ACTION_FIRST);
        }
        match (action, self.must_end()) {
            (Action::End, true) => None,
            (Action::End, false) => Some(reason::NOT_OVER),
            (_, true) => Some(reason::MUST_END),
            (Action::Take(slot), false) => {
                if self.discard.is_empty() {
                    Some(reason::DISCARD_EMPTY)
                } else {
                    self.own(s, slot)
                }
            }
            _ => None,
        }
    }

    fn why_not_call(&self, s: u8) -> Option<&'static str> {
        if self.caller != NONE {
            Some(reason::CALLED)
        } else if self.phase != Phase::Window || s != self.current {
            Some(reason::CALL_OWN_TURN)
        } else if self.pending_len > 0 {
            Some(reason::ACTION_FIRST)
        } else {
            None
        }
    }

    /// (A grid without cards, which `can_match` also refuses, is only met in a finished
    /// round; the position named is then empty, which [`Archduke::own`] says.)
    fn why_not_match(&self, s: u8) -> Option<&'static str> {
        let grid = self.grid(s)?;
        if self.phase != Phase::Window {
            Some(reason::NO_WINDOW)
        } else if self.discard.is_empty() {
            Some(reason::DISCARD_EMPTY)
        } else if !grid.has_room() {
            Some(reason::NO_ROOM)
        } else {
            None
        }
    }

    /// The seat's pending action card first in line, of `power` if given.
    fn why_not_resolve(&self, s: u8, power: Option<Power>) -> Option<&'static str> {
        match self.front() {
            Some(p) if self.phase == Phase::Window && p.seat == s => {
                power.is_some_and(|power| power != p.power).then_some(reason::OTHER_POWER)
            }
            _ => Some(reason::NO_ACTION_CARD),
        }
    }

    /// A card on the table an action card of `s` may choose.
    fn target(&self, s: u8, spot: Spot) -> Option<&'static str> {
        let t = spot.seat.0;
        if !self.is_active(t) {
            Some(reason::TARGET_OUT)
        } else if !self.targetable(s, t) {
            Some(reason::IMMUNE)
        } else if self.grid(t).is_none_or(|g| g.card(spot.slot.0).is_none()) {
            Some(reason::NO_CARD_THERE)
        } else {
            None
        }
    }
}
