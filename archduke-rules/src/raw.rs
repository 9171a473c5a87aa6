//! The serialized form of the state, and the invariants checked on every deserialisation
//! ([`Game::validate`](duke_core::Game::validate)): every card of the deck (104 or 208) in
//! exactly one place, indices in range, and a coherent stage of play.

use duke_core::{GameRng, InvalidState, SeatSet};
use serde::{Deserialize, Serialize};

use crate::cards::{MAX_KINDS, Power};
use crate::config::{Config, MAX_CARDS, MAX_PENDING, MAX_PLAYERS};
use crate::reveal::Reveal;
use crate::state::{Archduke, Grid, LastRound, MAX_COLUMNS, MAX_SLOTS, NONE, Pending, Phase, Stack};

/// One grid: `cards[i]` is the kind of card at position `i` (`None` = empty), `seen[i]` the
/// seats (bit mask) that have seen it, `origin[i]` the draw-pile generation it came from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RawGrid {
    cards: Vec<Option<u8>>,
    seen: Vec<u16>,
    /// The draw-pile generation each card came from.
    origin: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) enum RawPhase {
    Peek,
    Holding { card: u8 },
    Window,
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RawLast {
    hand: Vec<i16>,
    cards: Vec<u8>,
    place: Vec<u8>,
    caller: Option<u8>,
    penalised: bool,
    /// The grids as revealed for scoring, per seat (empty: nothing recorded).
    #[serde(default)]
    grids: Vec<Vec<Option<u8>>>,
}

/// The state as stored: plain lists instead of fixed arrays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RawState {
    config: Config,
    rng: GameRng,
    round: u16,
    phase: RawPhase,
    dealer: u8,
    first: u8,
    current: Option<u8>,
    next: Option<u8>,
    caller: Option<u8>,
    turns: u16,
    looked: SeatSet,
    active: SeatSet,
    final_round: bool,
    epoch: u8,
    draw: Vec<u8>,
    discard: Vec<u8>,
    grids: Vec<RawGrid>,
    pending: Vec<Pending>,
    scores: Vec<i32>,
    out_round: Vec<u16>,
    last: RawLast,
}

fn opt(x: u8) -> Option<u8> {
    (x != NONE).then_some(x)
}

impl From<Archduke> for RawState {
    fn from(g: Archduke) -> RawState {
        let n = g.players();
        RawState {
            config: g.rules.to_config(),
            rng: g.rng,
            round: g.round,
            phase: match g.phase {
                Phase::Peek => RawPhase::Peek,
                Phase::Holding { card } => RawPhase::Holding { card },
                Phase::Window => RawPhase::Window,
                Phase::Over => RawPhase::Over,
            },
            dealer: g.dealer,
            first: g.first,
            current: opt(g.current),
            next: opt(g.next),
            caller: opt(g.caller),
            turns: g.turns,
            looked: g.looked,
            active: g.active,
            final_round: g.final_round,
            epoch: g.epoch,
            draw: g.draw.as_slice().to_vec(),
            discard: g.discard.as_slice().to_vec(),
            grids: g
                .grids
                .iter()
                .take(n)
                .map(|grid| RawGrid {
                    cards: grid.cards.iter().take(grid.width()).map(|&c| opt(c)).collect(),
                    seen: grid.seen.iter().take(grid.width()).copied().collect(),
                    origin: grid.origin.iter().take(grid.width()).copied().collect(),
                })
                .collect(),
            pending: g.pending.iter().take(g.pending_len as usize).copied().collect(),
            scores: g.scores.iter().take(n).copied().collect(),
            out_round: g.out_round.iter().take(n).copied().collect(),
            last: RawLast {
                hand: g.last.hand.iter().take(n).copied().collect(),
                cards: g.last.cards.iter().take(n).copied().collect(),
                place: g.last.place.iter().take(n).copied().collect(),
                caller: opt(g.last.caller),
                penalised: g.last.penalised,
                grids: (0..n).map(|seat| g.last.reveal.grid(seat).collect()).collect(),
            },
        }
    }
}

fn bad(why: &str) -> InvalidState {
    InvalidState::new(why)
}

fn stack(cards: &[u8]) -> Result<Stack, InvalidState> {
    if cards.len() > MAX_CARDS {
        return Err(bad("a pile holds more than 208 cards"));
    }
    let mut s = Stack::EMPTY;
    cards.iter().for_each(|&c| s.push(c));
    Ok(s)
}

fn fill<T: Copy, const N: usize>(list: &[T], default: T, n: usize) -> Result<[T; N], InvalidState> {
    if list.len() != n || n > N {
        return Err(bad("a per-seat list has the wrong length"));
    }
    let mut out = [default; N];
    out.iter_mut().zip(list.iter()).for_each(|(o, &v)| *o = v);
    Ok(out)
}

/// The round-end reveal from its lists: none at all (a state saved before reveals were
/// kept), or one per seat, each empty or a whole number of 2 to 16 columns of known kinds.
fn reveal(grids: &[Vec<Option<u8>>], n: usize, kinds: u8) -> Result<Reveal, InvalidState> {
    let mut reveal = Reveal::NONE;
    if grids.is_empty() {
        return Ok(reveal);
    }
    if grids.len() != n {
        return Err(bad("one revealed grid per seat"));
    }
    for (seat, cards) in grids.iter().enumerate() {
        let width = cards.len();
        if width != 0 && (width % 2 != 0 || !(4..=MAX_SLOTS).contains(&width)) {
            return Err(bad("a revealed grid has 2 to 16 columns of 2 positions"));
        }
        if cards.iter().flatten().any(|&k| k >= kinds) {
            return Err(bad("a revealed card that is not in the deck table"));
        }
        reveal.set(seat, (width / 2) as u8, cards.iter().copied());
    }
    Ok(reveal)
}

impl TryFrom<RawState> for Archduke {
    type Error = InvalidState;
    fn try_from(raw: RawState) -> Result<Archduke, InvalidState> {
        let rules = raw.config.compile().map_err(|e| InvalidState::new(format!("config: {e}")))?;
        let n = rules.players as usize;
        if raw.grids.len() != n {
            return Err(bad("one grid per seat"));
        }
        let mut grids = [Grid::EMPTY; MAX_PLAYERS];
        for (grid, rg) in grids.iter_mut().zip(raw.grids.iter()) {
            let width = rg.cards.len();
            if width != rg.seen.len() || width != rg.origin.len() || width % 2 != 0 || !(4..=MAX_SLOTS).contains(&width)
            {
                return Err(bad("a grid has 2 to 16 columns of 2 positions"));
            }
            grid.columns = (width / 2) as u8;
            for (i, ((&card, &seen), &origin)) in rg.cards.iter().zip(rg.seen.iter()).zip(rg.origin.iter()).enumerate()
            {
                if let (Some(c), Some(s), Some(o)) =
                    (grid.cards.get_mut(i), grid.seen.get_mut(i), grid.origin.get_mut(i))
                {
                    *c = card.unwrap_or(NONE);
                    *s = seen;
                    *o = origin;
                }
            }
            grid.occupied = rg
                .cards
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .fold(0u32, |mask, (i, _)| mask | 1u32.checked_shl(i as u32).unwrap_or(0));
        }
        let mut pending = [Pending { seat: NONE, power: Power::Peek }; MAX_PENDING];
        if raw.pending.len() > MAX_PENDING {
            return Err(bad("too many pending actions"));
        }
        pending.iter_mut().zip(raw.pending.iter()).for_each(|(p, &r)| *p = r);
        let state = Archduke {
            rules,
            rng: raw.rng,
            round: raw.round,
            phase: match raw.phase {
                RawPhase::Peek => Phase::Peek,
                RawPhase::Holding { card } => Phase::Holding { card },
                RawPhase::Window => Phase::Window,
                RawPhase::Over => Phase::Over,
            },
            dealer: raw.dealer,
            first: raw.first,
            current: raw.current.unwrap_or(NONE),
            next: raw.next.unwrap_or(NONE),
            caller: raw.caller.unwrap_or(NONE),
            turns: raw.turns,
            looked: raw.looked,
            active: raw.active,
            final_round: raw.final_round,
            epoch: raw.epoch,
            draw: stack(&raw.draw)?,
            discard: stack(&raw.discard)?,
            grids,
            pending,
            pending_len: raw.pending.len() as u8,
            scores: fill(&raw.scores, 0, n)?,
            out_round: fill(&raw.out_round, 0, n)?,
            last: LastRound {
                hand: fill(&raw.last.hand, 0, n)?,
                cards: fill(&raw.last.cards, 0, n)?,
                place: fill(&raw.last.place, 0, n)?,
                caller: raw.last.caller.unwrap_or(NONE),
                penalised: raw.last.penalised,
                reveal: reveal(&raw.last.grids, n, rules.deck.kinds)?,
            },
        };
        state.check()?;
        Ok(state)
    }
}

impl Archduke {
    /// Every invariant of a reachable state.
    pub(crate) fn check(&self) -> Result<(), InvalidState> {
        let n = self.players();
        let seat_ok = |s: u8| (s as usize) < n;
        let everyone = self.everyone();
        if self.rules.players as usize > MAX_PLAYERS || n < 2 {
            return Err(bad("2 to 12 players"));
        }
        if self.round == 0 {
            return Err(bad("rounds count from 1"));
        }
        if !seat_ok(self.dealer) || !seat_ok(self.first) {
            return Err(bad("dealer or first player is not a seat"));
        }
        if self.active.0 & !everyone != 0 || self.looked.0 & !everyone != 0 {
            return Err(bad("a seat set names a seat beyond the table"));
        }
        // Card conservation: every card of the deck in exactly one place.
        let mut count = [0u32; MAX_KINDS];
        let kinds = self.rules.deck.kinds;
        let mut tally = |card: u8| -> Result<(), InvalidState> {
            if card >= kinds {
                return Err(bad("a card that is not in the deck table"));
            }
            if let Some(c) = count.get_mut(card as usize) {
                *c += 1;
            }
            Ok(())
        };
        for &c in self.draw.as_slice().iter().chain(self.discard.as_slice()) {
            tally(c)?;
        }
        for (i, grid) in self.grids.iter().enumerate() {
            if !(2..=MAX_COLUMNS).contains(&grid.columns) {
                return Err(bad("grid width out of range"));
            }
            let mut filled = 0u32;
            for (slot, ((&card, &seen), &origin)) in
                grid.cards.iter().zip(grid.seen.iter()).zip(grid.origin.iter()).enumerate()
            {
                if card == NONE {
                    if seen != 0 || origin != 0 {
                        return Err(bad("an empty position has been seen or drawn"));
                    }
                    continue;
                }
                if origin > self.epoch {
                    return Err(bad("a card from a draw pile that does not exist yet"));
                }
                if slot >= grid.width() || i >= n {
                    return Err(bad("a card outside the grid"));
                }
                if seen & !everyone != 0 {
                    return Err(bad("a card seen by a seat beyond the table"));
                }
                tally(card)?;
                filled |= 1u32.checked_shl(slot as u32).unwrap_or(0);
            }
            if filled != grid.occupied {
                return Err(bad("grid count is wrong"));
            }
            if filled > 0 && !self.is_active(i as u8) && self.phase != Phase::Over {
                return Err(bad("a player out of the game holds cards"));
            }
        }
        if let Phase::Holding { card } = self.phase {
            tally(card)?;
        }
        for kind in 0..kinds {
            if count.get(kind as usize).copied().unwrap_or(0) != self.rules.copies(kind) {
                return Err(bad("cards are not conserved"));
            }
        }
        if self.pending_len as usize > MAX_PENDING {
            return Err(bad("too many pending actions"));
        }
        for p in self.pending.iter().take(self.pending_len as usize) {
            if !self.is_active(p.seat) {
                return Err(bad("a pending action of a seat not in the game"));
            }
        }
        if self.caller != NONE && !self.is_active(self.caller) {
            return Err(bad("the caller is not in the game"));
        }
        let live = self.phase != Phase::Over;
        if live {
            if self.active.len() < 2 {
                return Err(bad("a round needs two players"));
            }
            for seat in self.active.iter() {
                if self.grid(seat.0).is_none_or(|g| g.occupied == 0) {
                    return Err(bad("a player in the round has no card"));
                }
            }
            // While a drawn card is held the piles may both be empty: its discard refills one.
            if self.draw.is_empty() && self.discard.is_empty() && !matches!(self.phase, Phase::Holding { .. }) {
                return Err(bad("a live round with both piles empty"));
            }
        }
        if self.phase != Phase::Window && self.pending_len != 0 {
            return Err(bad("pending actions outside a window"));
        }
        match self.phase {
            Phase::Peek => {
                if self.caller != NONE || self.turns != 0 || !self.discard.is_empty() || self.epoch != 0 {
                    return Err(bad("the round has not started"));
                }
                if self.looked.intersection(self.active) == self.active {
                    return Err(bad("everyone has looked but the first card is not up"));
                }
                for seat in self.active.iter() {
                    let grid = self.grid(seat.0).copied().unwrap_or(Grid::EMPTY);
                    if grid.columns != 2 || grid.count() != 4 {
                        return Err(bad("a fresh grid holds 4 cards"));
                    }
                    let own = SeatSet::single(seat).0;
                    if grid.seen.iter().any(|&s| s & !own != 0) {
                        return Err(bad("before play only a card's owner can have seen it"));
                    }
                }
            }
            Phase::Holding { .. } => {
                if !self.is_active(self.current) {
                    return Err(bad("the drawer is not in the game"));
                }
            }
            Phase::Window => {
                if !self.is_active(self.next) || (self.current != NONE && !self.is_active(self.current)) {
                    return Err(bad("the window's players are not in the game"));
                }
                if self.current != NONE && self.next != self.next_active(self.current) {
                    return Err(bad("the next player is not left of the current one"));
                }
            }
            Phase::Over => {}
        }
        if !matches!(self.phase, Phase::Holding { .. } | Phase::Window) && self.current != NONE {
            return Err(bad("a current player outside play"));
        }
        Ok(())
    }
}
