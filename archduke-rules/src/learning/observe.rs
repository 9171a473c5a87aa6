//! The observation tensor (see the [module docs](super) for the layout): zeroed once, then
//! only the non-zero values are written, each at an offset computed from the config.

use duke_core::{Observer, Seat};

use super::index::S;
use crate::cards::Power;
use crate::state::{Archduke, NONE, Phase};

/// Planes per seat in the grids block: card, face, seen by.
const PLANES: usize = 3;

/// Values per seat in the seats block.
const SEAT: usize = 8;

/// The offsets of the blocks of one config: `n` players, `k` lines of the deck table.
#[derive(Clone, Copy)]
struct Blocks {
    n: usize,
    k: usize,
}

impl Blocks {
    fn of(game: &Archduke) -> Blocks {
        Blocks { n: game.players(), k: usize::from(game.rules.deck.kinds) }
    }

    fn grids(self) -> usize {
        self.n + 1
    }
    fn piles(self) -> usize {
        self.grids() + self.n * PLANES * S
    }
    fn stage(self) -> usize {
        self.piles() + 3 + 2 * self.k
    }
    fn seats(self) -> usize {
        self.stage() + 4 + self.k
    }
    fn actions(self) -> usize {
        self.seats() + SEAT * self.n
    }
    fn round(self) -> usize {
        self.actions() + 4 + 3 * self.n
    }
    fn last(self) -> usize {
        self.round() + 5
    }
    fn len(self) -> usize {
        self.last() + 2 + 4 * self.n
    }
}

/// Writes `value` at `i` (every offset below is within the checked length).
#[inline]
fn put(out: &mut [f32], i: usize, value: f32) {
    if let Some(x) = out.get_mut(i) {
        *x = value;
    }
}

/// Adds `value` at `i`.
#[inline]
fn add(out: &mut [f32], i: usize, value: f32) {
    if let Some(x) = out.get_mut(i) {
        *x += value;
    }
}

/// Writes 1 or 0 at `i`: without a branch on `on` (over a zero, writing 0 is harmless, and
/// cheaper than a mispredicted branch).
#[inline]
fn flag(out: &mut [f32], i: usize, on: bool) {
    put(out, i, f32::from(u8::from(on)));
}

fn power_index(power: Power) -> usize {
    match power {
        Power::Peek => 0,
        Power::Swap => 1,
        Power::Give => 2,
    }
}

impl Archduke {
    /// The observation length: `112 n + 3 K + 19`.
    pub(super) fn observation_len(&self) -> usize {
        Blocks::of(self).len()
    }

    /// Writes the observation of `observer` into `out`, of the checked length. Reads only what [`View`](crate::View) shows `observer` (and the public count
    /// of reshuffles).
    pub(super) fn write_observation(&self, observer: Observer, out: &mut [f32]) {
        let b = Blocks::of(self);
        let n = b.n;
        // Every block but the grids (written whole below) is zeroed once; then only its
        // non-zero values are written.
        if let Some(head) = out.get_mut(..b.grids()) {
            head.fill(0.0);
        }
        if let Some(tail) = out.get_mut(b.piles()..) {
            tail.fill(0.0);
        }
        // 1. Observer.
        match observer {
            Observer::Seat(seat) if seat.index() < n => put(out, seat.index(), 1.0),
            Observer::Seat(_) => {}
            Observer::Spectator => put(out, n, 1.0),
        }
        // 2. Grids.
        self.write_grids(b, observer, out);
        // 3. Piles.
        let at = b.piles();
        put(out, at, f32::from(self.draw.len) / 208.0);
        put(out, at + 1, f32::from(self.discard.len) / 208.0);
        put(out, at + 2, f32::from(self.epoch) / 4.0);
        for &card in self.discard.as_slice().iter().filter(|&&c| usize::from(c) < b.k) {
            add(out, at + 3 + usize::from(card), 1.0 / 8.0);
        }
        if let Some(top) = self.discard.top().map(usize::from).filter(|&t| t < b.k) {
            put(out, at + 3 + b.k + top, 1.0);
        }
        // 4. Stage.
        let at = b.stage();
        let phase = match self.phase {
            Phase::Peek => 0,
            Phase::Holding { .. } => 1,
            Phase::Window => 2,
            Phase::Over => 3,
        };
        put(out, at + phase, 1.0);
        if let Phase::Holding { card } = self.phase
            && observer == Observer::Seat(Seat(self.current))
            && usize::from(card) < b.k
        {
            put(out, at + 4 + usize::from(card), 1.0);
        }
        // 5. Seats: the one-hots at their seat (`NONE` is beyond every seat), then per seat.
        let at = b.seats();
        let one_hot = |out: &mut [f32], seat: u8, field: usize| {
            if usize::from(seat) < n {
                put(out, at + SEAT * usize::from(seat) + field, 1.0);
            }
        };
        one_hot(out, self.dealer, 2);
        one_hot(out, self.first, 3);
        one_hot(out, self.current, 4);
        if self.phase == Phase::Window {
            one_hot(out, self.next, 5);
        }
        one_hot(out, self.caller, 6);
        let active = self.active.0 & self.everyone();
        let waiting = if self.phase == Phase::Peek { active & !self.looked.0 } else { 0 };
        for (seat, &score) in self.scores.iter().enumerate().take(n) {
            let at = at + SEAT * seat;
            flag(out, at, waiting >> seat & 1 != 0);
            flag(out, at + 1, active >> seat & 1 != 0);
            put(out, at + 7, score as f32 * 0.01);
        }
        // 6. Action cards.
        let at = b.actions();
        if let Some(p) = self.front() {
            put(out, at + power_index(p.power), 1.0);
        }
        for p in self.pending.iter().take(usize::from(self.pending_len)).filter(|p| usize::from(p.seat) < n) {
            add(out, at + 3 + usize::from(p.seat) * 3 + power_index(p.power), 1.0 / 8.0);
        }
        put(out, at + 3 + 3 * n, f32::from(self.pending_len) / 32.0);
        // 7. Round.
        let at = b.round();
        put(out, at, f32::from(self.round) / 10.0);
        put(out, at + 1, f32::from(self.turns) / 100.0);
        flag(out, at + 2, self.phase == Phase::Window && self.pending_len == 0 && self.must_end());
        flag(out, at + 3, self.final_round);
        flag(out, at + 4, self.caller != NONE);
        // 8. Last round (shown once a round has been scored, as the view does).
        if self.round > 1 || self.phase == Phase::Over {
            let at = b.last();
            put(out, at, 1.0);
            flag(out, at + 1, self.last.penalised);
            for seat in 0..n {
                let at = at + 2 + 4 * seat;
                put(out, at, f32::from(self.last.hand.get(seat).copied().unwrap_or(0)) / 50.0);
                put(out, at + 1, f32::from(self.last.cards.get(seat).copied().unwrap_or(0)) / 32.0);
                put(out, at + 2, f32::from(self.last.place.get(seat).copied().unwrap_or(0)) / n as f32);
            }
            if usize::from(self.last.caller) < n {
                put(out, at + 2 + 4 * usize::from(self.last.caller) + 3, 1.0);
            }
        }
    }

    /// Block 2, written whole (it is not zeroed first): per seat, each of its three planes
    /// is one straight-line loop over the grid's 32 positions, which the compiler turns
    /// into a few vector instructions, with no branch.
    fn write_grids(&self, b: Blocks, observer: Observer, out: &mut [f32]) {
        // The seen-by bits that make a face known to the observer: its own bit, or every
        // seat's for the spectator; every card once the game is over; none for a seat not at
        // the table (bit 15 is never set: at most 12 seats).
        let mine = match observer {
            _ if self.phase == Phase::Over => 0,
            Observer::Seat(seat) if seat.index() < b.n => 1u16 << seat.index(),
            Observer::Seat(_) => 1 << 15,
            Observer::Spectator => self.everyone(),
        };
        let code = 1.0 / b.k.max(1) as f32;
        // Seen-by sets as numbers: bit `s` of the set worth 2^s / 2^n (exact in an f32).
        let set = 1.0 / (1u32 << b.n) as f32;
        let Some(grids) = out.get_mut(b.grids()..b.piles()) else { return };
        for (grid, region) in self.grids.iter().zip(grids.chunks_exact_mut(PLANES * S)) {
            let Ok([card, face, seen]) = <&mut [f32; PLANES * S]>::try_from(region).map(|planes| {
                let (card, rest) = planes.split_at_mut(S);
                let (face, seen) = rest.split_at_mut(S);
                [card, face, seen]
            }) else {
                continue;
            };
            for (x, &c) in card.iter_mut().zip(&grid.cards) {
                *x = if c == NONE { 0.0 } else { 1.0 };
            }
            for ((x, &c), &by) in face.iter_mut().zip(&grid.cards).zip(&grid.seen) {
                let known = (c != NONE) & (by & mine == mine);
                let value = f32::from(c.wrapping_add(1)) * code;
                *x = if known { value } else { 0.0 };
            }
            for (x, &by) in seen.iter_mut().zip(&grid.seen) {
                *x = f32::from(by) * set;
            }
        }
    }
}
