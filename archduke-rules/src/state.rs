//! The game state: grids, piles, the queue of pending actions, and the helpers every rule
//! uses (drawing with reshuffle, placing penalty cards).

use duke_core::{GameRng, Seat, SeatSet};

use crate::cards::Power;
use crate::config::{MAX_CARDS, MAX_PENDING, MAX_PLAYERS, Rules};
use crate::reveal::Reveal;

/// Grid positions per player: 16 columns of 2 (penalty cards add columns to the right).
pub const MAX_SLOTS: usize = 32;
/// Most columns in a grid.
pub const MAX_COLUMNS: u8 = (MAX_SLOTS / 2) as u8;
/// "No card" / "no seat".
pub(crate) const NONE: u8 = u8::MAX;

/// One player's grid: positions `2*column + row`, an emptied position stays empty. Every
/// card carries the set of seats that have seen its face since it last moved unseen, and the
/// draw-pile generation it came from (see [`Archduke::epoch`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    pub cards: [u8; MAX_SLOTS],
    pub seen: [u16; MAX_SLOTS],
    /// The draw-pile generation (reshuffles this round) each card was drawn from.
    pub origin: [u8; MAX_SLOTS],
    pub columns: u8,
    /// Bit `i` set = position `i` holds a card.
    pub occupied: u32,
}

impl Grid {
    pub const EMPTY: Grid =
        Grid { cards: [NONE; MAX_SLOTS], seen: [0; MAX_SLOTS], origin: [0; MAX_SLOTS], columns: 2, occupied: 0 };

    /// Positions in use (filled or emptied) by the current columns.
    #[inline]
    pub fn width(&self) -> usize {
        (self.columns as usize * 2).min(MAX_SLOTS)
    }

    #[inline]
    pub fn card(&self, slot: u8) -> Option<u8> {
        match self.cards.get(slot as usize) {
            Some(&c) if c != NONE && (slot as usize) < self.width() => Some(c),
            _ => None,
        }
    }

    /// How many cards the grid holds.
    #[inline]
    pub fn count(&self) -> u8 {
        self.occupied.count_ones() as u8
    }

    /// The filled positions, in order.
    #[inline]
    pub fn filled(&self) -> Bits {
        Bits(self.occupied)
    }

    /// Whether a penalty card still fits (an empty position or room for a new column).
    #[inline]
    pub fn has_room(&self) -> bool {
        (self.count() as usize) < self.width() || self.columns < MAX_COLUMNS
    }

    /// Puts a penalty card at the first empty position, or tops a new column to the right
    /// (rulebook, "Penalty cards": "continue to add cards to the right").
    pub fn add_penalty(&mut self, card: u8, seen: u16, origin: u8) -> bool {
        let width = self.width();
        let slot = match self.cards.iter().take(width).position(|&c| c == NONE) {
            Some(slot) => slot,
            None if self.columns < MAX_COLUMNS => {
                self.columns += 1;
                width
            }
            None => return false,
        };
        if let (Some(c), Some(s), Some(o)) =
            (self.cards.get_mut(slot), self.seen.get_mut(slot), self.origin.get_mut(slot))
        {
            *c = card;
            *s = seen;
            *o = origin;
            self.occupied |= 1 << slot;
            true
        } else {
            false
        }
    }

    /// Takes the card out of `slot`, leaving the position empty.
    pub fn remove(&mut self, slot: u8) -> Option<u8> {
        let card = self.card(slot)?;
        if let (Some(c), Some(s), Some(o)) =
            (self.cards.get_mut(slot as usize), self.seen.get_mut(slot as usize), self.origin.get_mut(slot as usize))
        {
            *c = NONE;
            *s = 0;
            *o = 0;
            self.occupied &= !(1u32 << slot);
        }
        Some(card)
    }
}

/// The set bits of a mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits(pub u32);

impl Iterator for Bits {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// A pile of cards, top last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stack {
    pub cards: [u8; MAX_CARDS],
    pub len: u8,
}

impl Stack {
    pub const EMPTY: Stack = Stack { cards: [NONE; MAX_CARDS], len: 0 };

    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        self.cards.get(..self.len as usize).unwrap_or(&[])
    }

    #[inline]
    pub fn top(&self) -> Option<u8> {
        self.as_slice().last().copied()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn push(&mut self, card: u8) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = card;
            self.len += 1;
        }
    }

    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        let card = self.top()?;
        self.len -= 1;
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = NONE;
        }
        Some(card)
    }
}

/// Where the round stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Pre-round peeking: every player who has not looked yet looks at 2 own cards.
    Peek,
    /// The current player has drawn `card` from the draw pile and must keep or discard it.
    Holding { card: u8 },
    /// A matching window is open (or, with an empty discard pile, the next turn is due).
    Window,
    /// The game is over.
    Over,
}

/// An action card waiting to be resolved, in the order it was discarded or matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pending {
    pub seat: u8,
    pub power: Power,
}

/// The result of the last round scored, kept for views and tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LastRound {
    /// Hand value per seat (0 for seats out of the game).
    pub hand: [i16; MAX_PLAYERS],
    /// Cards per seat.
    pub cards: [u8; MAX_PLAYERS],
    /// Place per seat, 1 = lowest hand, 0 = not playing.
    pub place: [u8; MAX_PLAYERS],
    /// The caller, if any, and whether he took the penalty card.
    pub caller: u8,
    pub penalised: bool,
    /// Every grid as it was turned face up for scoring.
    pub reveal: Reveal,
}

impl LastRound {
    pub const NONE: LastRound = LastRound {
        hand: [0; MAX_PLAYERS],
        cards: [0; MAX_PLAYERS],
        place: [0; MAX_PLAYERS],
        caller: NONE,
        penalised: false,
        reveal: Reveal::NONE,
    };
}

/// A complete Archduke game state. `Copy`, with no heap data: undo is a copy of it.
///
/// Build one with [`Game::new`](duke_core::Game::new) or from a chosen position with
/// [`Archduke::from_setup`]; play it through the [`Game`](duke_core::Game) trait. It is
/// saved (serde) as its [`Setup`](crate::Setup), and checked like one when loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(into = "crate::Setup", try_from = "crate::Setup")]
pub struct Archduke {
    pub(crate) rules: Rules,
    pub(crate) rng: GameRng,
    /// Round number, from 1.
    pub(crate) round: u16,
    pub(crate) phase: Phase,
    pub(crate) dealer: u8,
    /// Who plays first this round.
    pub(crate) first: u8,
    /// Whose turn it is or just was (`NONE` in the window of the dealer's first card).
    pub(crate) current: u8,
    /// Who draws next, closing the window.
    pub(crate) next: u8,
    /// Who called "Archduke!" this round (`NONE` if nobody).
    pub(crate) caller: u8,
    /// Turns begun this round.
    pub(crate) turns: u16,
    /// Seats that have done their pre-round peek.
    pub(crate) looked: SeatSet,
    /// Seats still in the game (elimination variants).
    pub(crate) active: SeatSet,
    /// For mark 2: the round being played is the last.
    pub(crate) final_round: bool,
    /// How many times the discard pile has been reshuffled into the draw pile this round
    /// (saturating). Everyone knows which cards each reshuffle put in the draw pile, so an
    /// unseen card is only interchangeable with unseen cards of the same generation.
    pub(crate) epoch: u8,
    pub(crate) draw: Stack,
    pub(crate) discard: Stack,
    pub(crate) grids: [Grid; MAX_PLAYERS],
    pub(crate) pending: [Pending; MAX_PENDING],
    pub(crate) pending_len: u8,
    /// Tokens (box), point totals (online), or rounds survived (Battle Royal).
    pub(crate) scores: [i32; MAX_PLAYERS],
    /// The round a seat was eliminated in (0 = still in).
    pub(crate) out_round: [u16; MAX_PLAYERS],
    pub(crate) last: LastRound,
}

impl Archduke {
    #[inline]
    pub(crate) fn players(&self) -> usize {
        (self.rules.players as usize).min(MAX_PLAYERS)
    }

    /// The mask of every seat at the table: a card seen by all of them.
    #[inline]
    pub(crate) fn everyone(&self) -> u16 {
        SeatSet::first_n(self.players()).0
    }

    #[inline]
    pub(crate) fn grid(&self, seat: u8) -> Option<&Grid> {
        self.grids.get(seat as usize)
    }

    #[inline]
    pub(crate) fn is_active(&self, seat: u8) -> bool {
        (seat as usize) < self.players() && self.active.contains(Seat(seat))
    }

    /// The next seat clockwise from `seat` still in the game.
    pub(crate) fn next_active(&self, seat: u8) -> u8 {
        let n = self.players();
        (1..=n).map(|step| Seat(seat).offset(step, n).0).find(|&s| self.is_active(s)).unwrap_or(seat)
    }

    /// The next seat anticlockwise from `seat` still in the game.
    pub(crate) fn previous_active(&self, seat: u8) -> u8 {
        let n = self.players();
        (1..=n).map(|step| Seat(seat).offset(n - step, n).0).find(|&s| self.is_active(s)).unwrap_or(seat)
    }

    /// The top card of the draw pile, reshuffling the discard pile into a new draw pile first
    /// if the draw pile is exhausted (rulebook FAQ). `None` when both piles are empty.
    pub(crate) fn draw_card(&mut self) -> Option<u8> {
        if self.draw.is_empty() {
            // The whole discard pile, top included, becomes the new draw pile.
            self.epoch = self.epoch.saturating_add(1);
            self.draw = self.discard;
            self.discard = Stack::EMPTY;
            let len = self.draw.len as usize;
            let cards = &mut self.draw.cards;
            if let Some(slice) = cards.get_mut(..len) {
                self.rng.shuffle(slice);
            }
        }
        self.draw.pop()
    }

    /// Hand value, card count and lowest card of a seat's grid.
    pub(crate) fn hand(&self, seat: u8) -> (i16, u8, i8) {
        let Some(grid) = self.grid(seat) else { return (0, 0, i8::MAX) };
        let mut sum = 0i16;
        let mut low = i8::MAX;
        for slot in grid.filled() {
            let value = grid.card(slot).map_or(0, |c| self.rules.deck.value(c));
            sum = sum.saturating_add(i16::from(value));
            low = low.min(value);
        }
        (sum, grid.count(), low)
    }

    #[inline]
    pub(crate) fn front(&self) -> Option<Pending> {
        if self.pending_len == 0 { None } else { self.pending.first().copied() }
    }

    pub(crate) fn push_pending(&mut self, seat: u8, power: Power) {
        if let Some(entry) = self.pending.get_mut(self.pending_len as usize) {
            *entry = Pending { seat, power };
            self.pending_len += 1;
        }
    }

    /// Drops every pending action card (the round ended).
    pub(crate) fn clear_pending(&mut self) {
        self.pending_len = 0;
        self.pending = [Pending { seat: NONE, power: Power::Peek }; MAX_PENDING];
    }

    pub(crate) fn pop_pending(&mut self) {
        let len = (self.pending_len as usize).min(MAX_PENDING);
        if len > 0 {
            self.pending.copy_within(1..len, 0);
            self.pending_len = (len - 1) as u8;
            if let Some(last) = self.pending.get_mut(len - 1) {
                *last = Pending { seat: NONE, power: Power::Peek };
            }
        }
    }

    /// Whether `target`'s cards may be chosen by `actor`'s action card: the caller of
    /// "Archduke!" is immune to other players' actions.
    #[inline]
    pub(crate) fn targetable(&self, actor: u8, target: u8) -> bool {
        self.is_active(target) && (self.caller == NONE || target != self.caller || actor == self.caller)
    }
}
