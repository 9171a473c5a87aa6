//! What each observer witnesses in a game of High Card.

use core::fmt;

use serde::{Deserialize, Serialize};

use super::{HighCard, HighCardAction};
use crate::game::{Game, Observer};
use crate::seat::{Seat, SeatSet};

/// One thing an observer of a High Card game saw happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HighCardEvent {
    /// A seat chose: keeping and redrawing are both public (a redraw throws the old card
    /// face up).
    Chose {
        /// Who chose.
        seat: Seat,
        /// What it chose.
        action: HighCardAction,
    },
    /// A redrawing seat's old card, thrown face up onto the discard pile.
    Discarded {
        /// Whose card.
        seat: Seat,
        /// The card.
        card: u8,
    },
    /// A card came from the deck into a hand; its face only for the seat that holds it.
    Drew {
        /// Who drew it.
        seat: Seat,
        /// The card, if this observer may see it.
        card: Option<u8>,
    },
    /// Everyone chose: the cards are shown and the highest win the round.
    Showdown {
        /// The round just played, from 0.
        round: u8,
        /// Every seat's card.
        cards: Vec<u8>,
        /// The seats holding the highest card.
        winners: SeatSet,
    },
    /// A new round: a card dealt face down to each seat, its face only for its owner.
    Dealt {
        /// Who received it.
        seat: Seat,
        /// The card, if this observer may see it.
        card: Option<u8>,
    },
    /// The last round is over.
    GameOver {
        /// Rounds won per seat.
        wins: Vec<u8>,
    },
}

impl fmt::Display for HighCardEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HighCardEvent::Chose { seat, action } => write!(f, "{seat} {action}"),
            HighCardEvent::Discarded { seat, card } => write!(f, "{seat} throws away {card}"),
            HighCardEvent::Drew { seat, card: Some(card) } => write!(f, "{seat} draws {card}"),
            HighCardEvent::Drew { seat, card: None } => write!(f, "{seat} draws a card"),
            HighCardEvent::Showdown { round, cards, winners } => {
                write!(f, "round {} shows {cards:?}; won by", u16::from(*round) + 1)?;
                winners.iter().try_for_each(|seat| write!(f, " {seat}"))
            }
            HighCardEvent::Dealt { seat, card: Some(card) } => write!(f, "{seat} is dealt {card}"),
            HighCardEvent::Dealt { seat, card: None } => write!(f, "{seat} is dealt a card"),
            HighCardEvent::GameOver { wins } => write!(f, "game over: rounds won {wins:?}"),
        }
    }
}

/// The card in `seat`'s hand in `state` if `observer` may see it.
fn face_for(state: &HighCard, seat: Seat, observer: Observer) -> Option<u8> {
    (observer == Observer::Seat(seat)).then(|| state.card_of(seat)).flatten()
}

pub(super) fn seen_action(seat: Seat, action: HighCardAction) -> HighCardEvent {
    HighCardEvent::Chose { seat, action }
}

pub(super) fn events(
    before: &HighCard,
    seat: Seat,
    action: HighCardAction,
    after: &HighCard,
    observer: Observer,
    out: &mut Vec<HighCardEvent>,
) {
    out.clear();
    out.push(seen_action(seat, action));
    let players = before.seat_count();
    if action == HighCardAction::Redraw {
        if let Some(card) = before.card_of(seat) {
            out.push(HighCardEvent::Discarded { seat, card });
        }
        // Mid-round the new card is in the hand; at the round's end it shows in the showdown.
        let drawn = if after.round == before.round { face_for(after, seat, observer) } else { None };
        out.push(HighCardEvent::Drew { seat, card: drawn });
    }
    if after.round == before.round {
        return;
    }
    out.push(HighCardEvent::Showdown {
        round: before.round,
        cards: after.last_shown.iter().take(players).copied().collect(),
        winners: (0..players)
            .map(|i| Seat(i as u8))
            .filter(|s| after.wins.get(s.index()) != before.wins.get(s.index()))
            .collect(),
    });
    if after.is_over() {
        out.push(HighCardEvent::GameOver { wins: after.wins.iter().take(players).copied().collect() });
    } else {
        push_deal(after, observer, out);
    }
}

/// [`Game::opening_events`]: the first round's deal.
pub(super) fn opening(state: &HighCard, observer: Observer, out: &mut Vec<HighCardEvent>) {
    out.clear();
    if !state.is_over() {
        push_deal(state, observer, out);
    }
}

/// A round's deal: a card to each seat, its face for its owner only.
fn push_deal(state: &HighCard, observer: Observer, out: &mut Vec<HighCardEvent>) {
    for dealt in (0..state.seat_count()).map(|i| Seat(i as u8)) {
        out.push(HighCardEvent::Dealt { seat: dealt, card: face_for(state, dealt, observer) });
    }
}
