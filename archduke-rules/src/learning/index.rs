//! The action index of one config and the legal-action mask written straight from the
//! rules' predicates (see the [module docs](super) for the layout).

use duke_core::Seat;

use crate::cards::Power;
use crate::notation::{Action, Slot, Spot};
use crate::state::{Archduke, MAX_SLOTS, Phase};

/// Grid positions per seat in the index and the tensor: a grid may reach 16 columns
/// (penalty cards, or a [`Setup`](crate::Setup) of any width), whatever the deck.
pub(super) const S: usize = MAX_SLOTS;
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

/// The index layout of one config: `n` players, `N = 32 n` spots.
#[derive(Clone, Copy)]
pub(super) struct Layout {
    pub n: usize,
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
    pub fn count(self) -> usize {
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
    /// The index of `swap i j` minus `j`, for spots `i < j`: row `i` of the triangle holds
    /// the pairs (i, i+1) .. (i, N-1).
    fn swap_row(self, i: usize) -> usize {
        self.swap() + i * self.spots() - i * (i + 1) / 2 - i - 1
    }

    pub fn index(self, action: Action) -> Option<usize> {
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
                (i < j).then(|| self.swap_row(i) + j)
            }
        }
    }

    pub fn action(self, index: usize) -> Option<Action> {
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

/// Sets `mask[i]`, ignoring an index out of range (none is, for a mask of the layout's
/// length: every index below is one of an action the generator lists).
#[inline]
fn set(mask: &mut [bool], i: usize) {
    if let Some(m) = mask.get_mut(i) {
        *m = true;
    }
}

impl Archduke {
    /// Marks `seat`'s legal actions in `mask` (already all `false`): the same predicates, in
    /// the same cases, as the generator `Archduke::generate` (the learning tests check
    /// that both agree on every state of random games), each action marked at its index in
    /// O(1), with no list in between.
    pub(super) fn mark_legal(&self, layout: Layout, seat: Seat, mask: &mut [bool]) {
        let s = seat.0;
        if !self.is_active(s) {
            return;
        }
        let Some(grid) = self.grid(s) else { return };
        match self.phase {
            Phase::Over => {}
            Phase::Peek => {
                if !self.looked.contains(seat) {
                    for a in grid.filled() {
                        for b in grid.filled().filter(|&b| b > a) {
                            if let Some(i) = layout.index(Action::Look(Slot(a), Slot(b))) {
                                set(mask, i);
                            }
                        }
                    }
                }
            }
            Phase::Holding { .. } => {
                if s == self.current {
                    set(mask, DISCARD);
                    grid.filled().for_each(|slot| set(mask, KEEP + usize::from(slot)));
                }
            }
            Phase::Window => {
                if let Some(p) = self.front()
                    && p.seat == s
                {
                    set(mask, PASS);
                    self.mark_power(layout, s, p.power, mask);
                }
                if self.next_may_start(s) {
                    if self.must_end() {
                        set(mask, END);
                    } else {
                        set(mask, DRAW);
                        if !self.discard.is_empty() {
                            grid.filled().for_each(|slot| set(mask, TAKE + usize::from(slot)));
                        }
                    }
                }
                if self.can_call(s) {
                    set(mask, ARCHDUKE);
                }
                if self.can_match(s) {
                    grid.filled().for_each(|slot| set(mask, MATCH + usize::from(slot)));
                }
            }
        }
    }

    /// The targets of `s`'s pending action card (as `Archduke::generate_power` lists them).
    fn mark_power(&self, layout: Layout, s: u8, power: Power, mask: &mut [bool]) {
        let n = layout.n.min(self.players());
        match power {
            Power::Give => {
                for t in (0..n as u8).filter(|&t| self.can_give_to(s, t)) {
                    set(mask, layout.give() + usize::from(t));
                }
            }
            Power::Peek => {
                for t in (0..n as u8).filter(|&t| self.targetable(s, t)) {
                    if let Some(g) = self.grid(t) {
                        g.filled().for_each(|slot| set(mask, PEEK + usize::from(t) * S + usize::from(slot)));
                    }
                }
            }
            Power::Swap => {
                // The targetable cards' spots, in increasing order (seat, then position):
                // every pair of them is a SWAP.
                let mut spots = [0u16; crate::config::MAX_PLAYERS * S];
                let mut len = 0;
                for t in (0..n as u8).filter(|&t| self.targetable(s, t)) {
                    let Some(g) = self.grid(t) else { continue };
                    for slot in g.filled() {
                        if let Some(x) = spots.get_mut(len) {
                            *x = (usize::from(t) * S + usize::from(slot)) as u16;
                            len += 1;
                        }
                    }
                }
                let spots = spots.get(..len).unwrap_or(&[]);
                for (x, &i) in spots.iter().enumerate() {
                    let row = layout.swap_row(usize::from(i));
                    for &j in spots.get(x + 1..).unwrap_or(&[]) {
                        set(mask, row + usize::from(j));
                    }
                }
            }
        }
    }
}
