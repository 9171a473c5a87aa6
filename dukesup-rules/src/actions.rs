//! Actions and their notation.
//!
//! | Notation | Action | Rulebook |
//! |---|---|---|
//! | `castle QS dukes 3C 7S` | choose CASTLE and DUKES (the 4th card stays in hand) | Setup 4 |
//! | `draw 2`, `draw 1`, `draw 0` | draw from the own draw pile | Drawing |
//! | `draw 2 discards` | draw from the own discard pile | Drawing |
//! | `play 7H` | play a hand card, an opponent's DUKE or his face-up CASTLE to the table | Playing Cards, Taking Your Opponent's DUKES |
//! | `pickup 3C` | pick up an own DUKE into the hand | Replacing Your DUKES |
//! | `swap 3C 9S` | exchange the own DUKE 3C with the hand card 9S | Replacing Your DUKES |
//! | `duke 9S` | refill an empty DUKE slot with 9S (CASTLE face up, no DUKES) | Replacing Your DUKES |
//! | `move` | THE MOVE: play the own CASTLE (flipping it up) | THE MOVE |
//! | `return` | put the CASTLE back after a failed MOVE (it stays face up) | THE MOVE |
//! | `discard 7H` | discard a hand card | Discarding |
//! | `discard 7H 8H` | discard two hand cards, the second ends on top | Discarding |
//! | `bury` | the top of the draw pile, unseen, to the bottom of the discard pile | Discarding |
//! | `discard table 7S` | discard an own card from the table | Discarding |
//! | `end` | end the round (CASTLE taken, or both piles empty) | Ending the Game |
//!
//! Cards are written rank then suit (`AS`, `TD`, `7H`); words are case-insensitive.

use core::fmt;
use core::str::FromStr;

use duke_core::{Card, CardSet, NotationError};
use serde::{Deserialize, Serialize};

/// Where a draw comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    /// The own draw pile (reshuffled from the discard pile when empty).
    DrawPile,
    /// The top of the own discard pile.
    Discards,
}

/// One action of one seat. Serialised (serde) as its notation string (`"discard 7H 8H"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Setup: choose the CASTLE and the two DUKES (listed lower card first).
    Choose {
        /// The CASTLE, placed face down.
        castle: Card,
        /// The DUKES, revealed once both players have chosen.
        dukes: [Card; 2],
    },
    /// Draw `count` cards (0..=2) from one source.
    Draw {
        /// Which pile.
        source: Source,
        /// How many.
        count: u8,
    },
    /// Play one card to the table: from the hand, an opponent's DUKE, or his face-up CASTLE.
    Play(Card),
    /// Pick up an own DUKE into the hand.
    PickUp(Card),
    /// Exchange an own DUKE with a hand card.
    Swap {
        /// The DUKE that goes to the hand.
        duke: Card,
        /// The hand card that takes its place.
        with: Card,
    },
    /// Refill an empty DUKE slot from the hand.
    Refill(Card),
    /// THE MOVE: play the own CASTLE to the table.
    Move,
    /// Put the CASTLE back after THE MOVE failed.
    Return,
    /// Discard one hand card.
    Discard(Card),
    /// Discard two hand cards (only after nothing but drawing); the second ends on top.
    DiscardTwo(Card, Card),
    /// Move the top of the draw pile, unseen, to the bottom of the discard pile.
    Bury,
    /// Discard an own card from the table.
    DiscardTable(Card),
    /// End the round: the opponent's CASTLE is taken, or both own piles are empty.
    End,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Choose { castle, dukes: [a, b] } => write!(f, "castle {castle} dukes {a} {b}"),
            Action::Draw { source: Source::DrawPile, count } => write!(f, "draw {count}"),
            Action::Draw { source: Source::Discards, count } => write!(f, "draw {count} discards"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::PickUp(c) => write!(f, "pickup {c}"),
            Action::Swap { duke, with } => write!(f, "swap {duke} {with}"),
            Action::Refill(c) => write!(f, "duke {c}"),
            Action::Move => f.write_str("move"),
            Action::Return => f.write_str("return"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::DiscardTwo(a, b) => write!(f, "discard {a} {b}"),
            Action::Bury => f.write_str("bury"),
            Action::DiscardTable(c) => write!(f, "discard table {c}"),
            Action::End => f.write_str("end"),
        }
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
        let lower = s.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let card = |w: &str| w.parse::<Card>().map_err(|_| NotationError::new(s, "expected a card such as 7H or TS"));
        let count = |w: &str| match w {
            "0" => Ok(0),
            "1" => Ok(1),
            "2" => Ok(2),
            _ => Err(NotationError::new(s, "a draw takes 0, 1 or 2 cards")),
        };
        match words.as_slice() {
            ["castle", c, "dukes", a, b] => Ok(Action::Choose { castle: card(c)?, dukes: [card(a)?, card(b)?] }),
            ["draw", n] => Ok(Action::Draw { source: Source::DrawPile, count: count(n)? }),
            ["draw", n, "discards"] => Ok(Action::Draw { source: Source::Discards, count: count(n)? }),
            ["play", c] => Ok(Action::Play(card(c)?)),
            ["pickup", c] => Ok(Action::PickUp(card(c)?)),
            ["swap", d, w] => Ok(Action::Swap { duke: card(d)?, with: card(w)? }),
            ["duke", c] => Ok(Action::Refill(card(c)?)),
            ["move"] => Ok(Action::Move),
            ["return"] => Ok(Action::Return),
            ["discard", "table", c] => Ok(Action::DiscardTable(card(c)?)),
            ["discard", c] => Ok(Action::Discard(card(c)?)),
            ["discard", a, b] => Ok(Action::DiscardTwo(card(a)?, card(b)?)),
            ["bury"] => Ok(Action::Bury),
            ["end"] => Ok(Action::End),
            _ => Err(NotationError::new(s, "unknown action; see the notation table in the crate docs")),
        }
    }
}

duke_core::serde_as_notation!(Action);

/// Why an action was refused. The state is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// This seat may not act now.
    #[error("{0} may not act now")]
    NotYourTurn(duke_core::Seat),
    /// The action does not belong to the current step (choosing, drawing, playing).
    #[error("{0} is not possible in this step of the turn")]
    WrongStep(Action),
    /// The action breaks a rule.
    #[error("{action} is not allowed: {why}")]
    Illegal {
        /// The refused action.
        action: Action,
        /// The rule it breaks.
        why: &'static str,
    },
}

/// Where the move generation writes the legal actions: the engine's list (`Vec<Action>`),
/// or a learning mask that sets each action's index without building the list
/// (`learning::Marks`). One listing code serves both, so the mask cannot drift from
/// `legal_actions`.
pub(crate) trait Sink {
    /// One legal action.
    fn push(&mut self, action: Action);

    /// Several legal actions, in order.
    fn extend<I: IntoIterator<Item = Action>>(&mut self, actions: I) {
        for action in actions {
            self.push(action);
        }
    }

    /// The legal actions `kind first b` for every card `b` of `seconds` other than `first`
    /// (the DUKE exchanges of one DUKE, the two-card discards starting with one card), in
    /// card order.
    fn pairs(&mut self, kind: PairKind, first: Card, seconds: CardSet) {
        let mut rest = seconds;
        rest.remove(first);
        self.extend(rest.iter().map(|second| kind.action(first, second)));
    }
}

/// The two-card actions named by an ordered pair of cards ([`Sink::pairs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PairKind {
    /// `swap D W`: the DUKE first.
    Swap,
    /// `discard A B`.
    DiscardTwo,
}

impl PairKind {
    /// The action of the pair.
    pub(crate) fn action(self, first: Card, second: Card) -> Action {
        match self {
            PairKind::Swap => Action::Swap { duke: first, with: second },
            PairKind::DiscardTwo => Action::DiscardTwo(first, second),
        }
    }
}

impl Sink for Vec<Action> {
    #[inline]
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }

    #[inline]
    fn extend<I: IntoIterator<Item = Action>>(&mut self, actions: I) {
        Extend::extend(self, actions);
    }
}
