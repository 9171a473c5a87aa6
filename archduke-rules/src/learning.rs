//! The learning surface ([`Learning`], issue #27): a fixed action index, legal-action masks,
//! observation tensors and returns, for every config (2–12 players, one or two decks, any
//! deck table). `n` is the number of players, `K` the number of lines of the deck table (15
//! for [`standard_deck`](crate::standard_deck), at most 16), `S` = 32 grid positions per
//! player ([`MAX_SLOTS`]: 16 columns of 2, penalty columns included), a *spot* is a seat's
//! position, numbered `seat * 32 + position` (`N = 32 n` spots).
//!
//! # Action index
//!
//! | indices | actions |
//! | --- | --- |
//! | 0..6 | `look` of two dealt positions: `a1 a2`, `a1 b1`, `a1 b2`, `a2 b1`, `a2 b2`, `b1 b2` |
//! | 6..11 | `draw`, `discard`, `pass`, `archduke`, `end` |
//! | 11..43 | `take` position 0..32 (`a1 a2 b1 b2 c1 ...`) |
//! | 43..75 | `keep` position 0..32 |
//! | 75..107 | `match` position 0..32 |
//! | 107..107+N | `peek` spot 0..N |
//! | then n | `give` seat 0..n |
//! | then N(N−1)/2 | `swap` of spots `i < j`, in the order (0,1), (0,2), ..., (0,N−1), (1,2), ... |
//!
//! That is `107 + 33 n + 16 n (32 n − 1)` actions: 8,367 for 4 players, 74,039 for 12 (the
//! most), nearly all of them SWAP's choices of two cards on the table. Every index is an
//! action some game of the config can produce (a grid may reach 16 columns; any seat may
//! hold a SWAP); a GIVE to oneself, which no seat may play, keeps its index so that the
//! layout does not depend on the seat to act.
//!
//! # Observation
//!
//! A flat vector of `32 n (3 + K + n) + 17 n + 11 K + 19` values: 3,068 for 4 players
//! and the standard deck, 12,303 at most (12 players, a 16-line table). It holds what the
//! observer's [`View`](crate::View) shows and nothing else (never the draw pile's order,
//! nor a face the observer has not seen), in blocks, in this order:
//!
//! 1. **Observer** (`n + 1`): one-hot, seat `0..n`, or the spectator at `n`.
//! 2. **Deck table** (`8 K`): per line, its value / 13, its role one-hot (number, ARCHDUKE,
//!    ECLIPSE, GIVE, SWAP, PEEK), its copies in play / 64.
//! 3. **Grids** (`n × 32 × (3 + K + n)`): per seat and position: a card is there; it is face
//!    down for the observer; its face is known to the observer; the face one-hot over the
//!    `K` lines (when known); which seats have seen it (`n` flags, public: peeking is done in
//!    plain sight).
//! 4. **Piles** (`3 + 2 K`): cards in the draw pile / 208, in the discard pile / 208,
//!    reshuffles this round / 4; the discard pile's cards per line / 8; its top one-hot.
//! 5. **Stage** (`4 + K`): pre-round peek, a drawn card being decided, matching window, game
//!    over (one-hot); the drawn card one-hot, for its drawer only.
//! 6. **Seats** (`9 n`): per seat: still to look (pre-round peek), in the game, dealer, first
//!    player, current player (whose turn it is or was), next player (in a matching window), caller of
//!    "Archduke!", score / 100 (tokens, points or rounds survived), cards in its grid / 32.
//! 7. **Action cards** (`4 + 3 n`): the first pending card's action one-hot (PEEK, SWAP,
//!    GIVE); pending cards per seat and action / 8; pending cards / 32.
//! 8. **Round** (`5`): round / 10, turns this round / 100, the next player must end the
//!    round, the last round of mark 2, "Archduke!" was called.
//! 9. **Last round** (`4 n + 2`): a round has been scored; the caller was penalised; per
//!    seat: hand value / 50, cards / 32, place / n, was the caller.
//!
//! # Returns
//!
//! Once the game is over, each seat's normalised final placement,
//! `(seats it ranks ahead of − seats ranked ahead of it) / (n − 1)`, by the game's ranking
//! ([`Game::outcome`](duke_core::Game::outcome)): +1 alone first, −1 alone last, 0 for a draw
//! of everyone. Each pair of seats contributes +1 and −1 (or 0 and 0 when tied), so the
//! returns always sum to zero ([`Utility::ZeroSum`]; for two players, +1/−1/0 for a win, a
//! loss, a tie). Rounds are credited as they are scored: between rounds a seat's return is
//! half its placement by the same ranking of the finished rounds' totals (0 for everyone
//! before the first round is scored), so the reward of a step is the change of the return
//! and comes at round ends.

use duke_core::{BufferLength, Learning, Observer, Seat, Shape, Utility};

use crate::cards::{Power, Role};
use crate::notation::{Action, Slot, Spot};
use crate::state::{Archduke, MAX_SLOTS, NONE, Phase};

/// Grid positions per seat in the index and the tensor.
const S: usize = MAX_SLOTS;
/// The six `look`s of two of the four dealt positions.
const LOOKS: [(u8, u8); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
const DRAW: usize = 6;
const DISCARD: usize = 7;
const PASS: usize = 8;
const ARCHDUKE: usize = 9;
const END: usize = 10;
const TAKE: usize = 11;
const KEEP: usize = TAKE + S;
const MATCH: usize = KEEP + S;
const PEEK: usize = MATCH + S;

/// The index layout of one config: `n` players.
#[derive(Clone, Copy)]
struct Layout {
    n: usize,
}

impl Layout {
    fn spots(self) -> usize {
        S * self.n
    }
    fn give(self) -> usize {
        PEEK + self.spots()
    }
    fn swap(self) -> usize {
        self.give() + self.n
    }
    fn count(self) -> usize {
        let spots = self.spots();
        self.swap() + spots * spots.saturating_sub(1) / 2
    }
    fn spot(self, spot: Spot) -> Option<usize> {
        let (seat, slot) = (usize::from(spot.seat.0), usize::from(spot.slot.0));
        (seat < self.n && slot < S).then_some(seat * S + slot)
    }
    fn spot_at(self, i: usize) -> Option<Spot> {
        (i < self.spots()).then_some(Spot { seat: Seat((i / S) as u8), slot: Slot((i % S) as u8) })
    }
    fn slot(slot: Slot) -> Option<usize> {
        (usize::from(slot.0) < S).then_some(usize::from(slot.0))
    }

    fn index(self, action: Action) -> Option<usize> {
        match action {
            Action::Look(a, b) => LOOKS.iter().position(|&l| l == (a.0, b.0)),
            Action::Draw => Some(DRAW),
            Action::Discard => Some(DISCARD),
            Action::Pass => Some(PASS),
            Action::Archduke => Some(ARCHDUKE),
            Action::End => Some(END),
            Action::Take(slot) => Layout::slot(slot).map(|s| TAKE + s),
            Action::Keep(slot) => Layout::slot(slot).map(|s| KEEP + s),
            Action::Match(slot) => Layout::slot(slot).map(|s| MATCH + s),
            Action::Peek(spot) => self.spot(spot).map(|i| PEEK + i),
            Action::Give(seat) => (usize::from(seat.0) < self.n).then(|| self.give() + usize::from(seat.0)),
            Action::Swap(a, b) => {
                let (i, j) = (self.spot(a)?, self.spot(b)?);
                // Row `i` of the triangle holds the pairs (i, i+1) .. (i, N-1).
                let row = i * self.spots() - i * (i + 1) / 2;
                (i < j).then(|| self.swap() + row + (j - i - 1))
            }
        }
    }

    fn action(self, index: usize) -> Option<Action> {
        let spots = self.spots();
        Some(match index {
            i if i < DRAW => {
                let &(a, b) = LOOKS.get(i)?;
                Action::Look(Slot(a), Slot(b))
            }
            DRAW => Action::Draw,
            DISCARD => Action::Discard,
            PASS => Action::Pass,
            ARCHDUKE => Action::Archduke,
            END => Action::End,
            i if i < KEEP => Action::Take(Slot((i - TAKE) as u8)),
            i if i < MATCH => Action::Keep(Slot((i - KEEP) as u8)),
            i if i < PEEK => Action::Match(Slot((i - MATCH) as u8)),
            i if i < self.give() => Action::Peek(self.spot_at(i - PEEK)?),
            i if i < self.swap() => Action::Give(Seat((i - self.give()) as u8)),
            i if i < self.count() => {
                let mut rest = i - self.swap();
                let mut first = 0;
                // At most N - 1 rows (N <= 384): only called to decode, off the hot path.
                while first + 1 < spots && rest >= spots - first - 1 {
                    rest -= spots - first - 1;
                    first += 1;
                }
                Action::Swap(self.spot_at(first)?, self.spot_at(first + 1 + rest)?)
            }
            _ => return None,
        })
    }
}

/// Writes the blocks of an observation in order, over a zeroed buffer.
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl Writer<'_> {
    fn put(&mut self, value: f32) {
        if let Some(x) = self.out.get_mut(self.at) {
            *x = value;
        }
        self.at += 1;
    }
    fn flag(&mut self, on: bool) {
        self.put(if on { 1.0 } else { 0.0 });
    }
    /// `len` values, 1 at `hot` (if any and in range).
    fn one_hot(&mut self, len: usize, hot: Option<usize>) {
        if let Some(x) = hot.filter(|&h| h < len).and_then(|h| self.out.get_mut(self.at + h)) {
            *x = 1.0;
        }
        self.at += len;
    }
}

fn role_index(role: Role) -> usize {
    match role {
        Role::Number => 0,
        Role::Archduke => 1,
        Role::Eclipse => 2,
        Role::Give => 3,
        Role::Swap => 4,
        Role::Peek => 5,
    }
}

fn power_index(power: Power) -> usize {
    match power {
        Power::Peek => 0,
        Power::Swap => 1,
        Power::Give => 2,
    }
}

impl Archduke {
    fn layout(&self) -> Layout {
        Layout { n: self.players() }
    }

    /// The observation length: `32 n (3 + K + n) + 17 n + 11 K + 19`.
    fn observation_len(&self) -> usize {
        let (n, k) = (self.players(), usize::from(self.rules.deck.kinds));
        S * n * (3 + k + n) + 17 * n + 11 * k + 19
    }

    /// A seat index as a one-hot position, `None` for "nobody".
    fn seat_hot(seat: u8) -> Option<usize> {
        (seat != NONE).then_some(usize::from(seat))
    }

    fn write_observation(&self, observer: Observer, w: &mut Writer<'_>) {
        let n = self.players();
        let deck = &self.rules.deck;
        let k = usize::from(deck.kinds);
        let decks = f32::from(self.rules.decks);
        // 1. Observer.
        let me = match observer {
            Observer::Seat(seat) => (seat.index() < n).then_some(seat.index()),
            Observer::Spectator => Some(n),
        };
        w.one_hot(n + 1, me);
        // 2. Deck table.
        for kind in 0..deck.kinds {
            w.put(f32::from(deck.value(kind)) / 13.0);
            w.one_hot(6, Some(role_index(deck.role(kind))));
            w.put(f32::from(deck.copies.get(usize::from(kind)).copied().unwrap_or(0)) * decks / 64.0);
        }
        // 3. Grids.
        for grid in self.grids.iter().take(n) {
            for slot in 0..S {
                let card = grid.card(slot as u8);
                let seen = grid.seen.get(slot).copied().unwrap_or(0);
                let known = card.filter(|_| self.sees(observer, seen));
                w.flag(card.is_some());
                w.flag(card.is_some() && known.is_none());
                w.flag(known.is_some());
                w.one_hot(k, known.map(usize::from));
                for seat in 0..n {
                    w.flag(card.is_some() && seen & (1 << seat) != 0);
                }
            }
        }
        // 4. Piles.
        w.put(f32::from(self.draw.len) / 208.0);
        w.put(f32::from(self.discard.len) / 208.0);
        w.put(f32::from(self.epoch) / 4.0);
        let start = w.at;
        for &card in self.discard.as_slice() {
            if let Some(x) = w.out.get_mut(start + usize::from(card)).filter(|_| usize::from(card) < k) {
                *x += 1.0 / 8.0;
            }
        }
        w.at += k;
        w.one_hot(k, self.discard.top().map(usize::from));
        // 5. Stage.
        let phase = match self.phase {
            Phase::Peek => 0,
            Phase::Holding { .. } => 1,
            Phase::Window => 2,
            Phase::Over => 3,
        };
        w.one_hot(4, Some(phase));
        let drawn = match self.phase {
            Phase::Holding { card } if observer == Observer::Seat(Seat(self.current)) => Some(usize::from(card)),
            _ => None,
        };
        w.one_hot(k, drawn);
        // 6. Seats.
        for seat in 0..n {
            let s = seat as u8;
            let active = self.is_active(s);
            w.flag(self.phase == Phase::Peek && active && !self.looked.contains(Seat(s)));
            w.flag(active);
            w.flag(self.dealer == s);
            w.flag(self.first == s);
            w.flag(self.current == s);
            w.flag(self.next == s && self.phase == Phase::Window);
            w.flag(self.caller == s);
            w.put(self.scores.get(seat).copied().unwrap_or(0) as f32 / 100.0);
            w.put(self.grid(s).map_or(0.0, |g| f32::from(g.count()) / 32.0));
        }
        // 7. Action cards.
        w.one_hot(3, self.front().map(|p| power_index(p.power)));
        let start = w.at;
        for p in self.pending.iter().take(usize::from(self.pending_len)) {
            let at = start + usize::from(p.seat) * 3 + power_index(p.power);
            if let Some(x) = w.out.get_mut(at).filter(|_| usize::from(p.seat) < n) {
                *x += 1.0 / 8.0;
            }
        }
        w.at += 3 * n;
        w.put(f32::from(self.pending_len) / 32.0);
        // 8. Round.
        w.put(f32::from(self.round) / 10.0);
        w.put(f32::from(self.turns) / 100.0);
        w.flag(self.phase == Phase::Window && self.pending_len == 0 && self.must_end());
        w.flag(self.final_round);
        w.flag(self.caller != NONE);
        // 9. Last round (shown once a round has been scored, as the view does).
        let scored = self.round > 1 || self.phase == Phase::Over;
        w.flag(scored);
        w.flag(scored && self.last.penalised);
        for seat in 0..n {
            if scored {
                w.put(f32::from(self.last.hand.get(seat).copied().unwrap_or(0)) / 50.0);
                w.put(f32::from(self.last.cards.get(seat).copied().unwrap_or(0)) / 32.0);
                w.put(f32::from(self.last.place.get(seat).copied().unwrap_or(0)) / n as f32);
                w.flag(Archduke::seat_hot(self.last.caller) == Some(seat));
            } else {
                w.at += 4;
            }
        }
    }
}

impl Learning for Archduke {
    fn action_count(&self) -> usize {
        self.layout().count()
    }

    fn action_index(&self, action: Action) -> Option<usize> {
        self.layout().index(action)
    }

    fn index_action(&self, index: usize) -> Option<Action> {
        self.layout().action(index)
    }

    fn observation_shape(&self) -> Shape {
        Shape::new(&[self.observation_len()])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        BufferLength::check(self.observation_len(), out.len())?;
        out.fill(0.0);
        self.write_observation(observer, &mut Writer { out, at: 0 });
        Ok(())
    }

    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        let n = self.players();
        BufferLength::check(n, out.len())?;
        // The ranking by the totals of the finished rounds (which change only when a round
        // is scored): the result once over, half of it between rounds.
        let weight = if self.phase == Phase::Over { 1.0 } else { 0.5 };
        let others = (n.max(2) - 1) as f64;
        for (me, value) in out.iter_mut().enumerate() {
            let key = self.rank_key(me);
            let behind = (0..n).filter(|&o| self.rank_key(o) > key).count() as f64;
            let ahead = (0..n).filter(|&o| self.rank_key(o) < key).count() as f64;
            *value = weight * (behind - ahead) / others;
        }
        Ok(())
    }

    fn return_bounds(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use duke_core::Game;

    #[test]
    fn the_layout_sizes_are_the_documented_ones() {
        assert_eq!(Layout { n: 4 }.count(), 8_367);
        assert_eq!(Layout { n: 12 }.count(), 74_039);
        for n in 2..=12 {
            assert_eq!(Layout { n }.count(), 107 + 33 * n + 16 * n * (32 * n - 1));
        }
        let game = Archduke::new(&crate::Config::default(), 0).unwrap();
        assert_eq!(game.observation_shape().len(), 3_068);
        let mut most = crate::Config::rulebook(Some(12)).unwrap();
        // A 16-line table within the 208 cards of two decks: one 2 becomes a 14.
        most.deck[3].copies -= 1;
        most.deck.push(crate::DeckEntry { value: 14, copies: 1, role: Role::Number });
        let game = Archduke::new(&most, 0).unwrap();
        assert_eq!(game.observation_shape().len(), 12_303);
    }
}
