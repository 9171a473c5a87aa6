//! The action index of one config and the legal-action mask written straight from the
//! rules' listing (see the [module docs](super) for the layout).

use duke_core::{MaskBuffer, Seat};

use crate::legal::Sink;
use crate::notation::{Action, Slot, Spot};
use crate::state::{Archduke, MAX_SLOTS};

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

    /// The index of `action`, if the layout has one. Inlined: with the action's variant
    /// known (the mask's sink), it folds to an offset and a bound check.
    #[inline(always)]
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

/// A learning mask as the listing's sink ([`Archduke::list`], the rules' one case analysis
/// of the legal actions): each listed action sets its index, computed in O(1), and no
/// action list is built ([`legal_mask`](duke_core::Learning::legal_mask) and
/// [`legal_mask_bits`](duke_core::Learning::legal_mask_bits)).
pub(super) struct Marks<'a, M: ?Sized> {
    /// The index layout of the state's config.
    pub layout: Layout,
    /// The mask (already cleared): `bool`s or bits.
    pub mask: &'a mut M,
}

impl<M: MaskBuffer + ?Sized> Sink for Marks<'_, M> {
    #[inline(always)]
    fn action(&mut self, action: Action) {
        if let Some(i) = self.layout.index(action) {
            self.mask.set(i);
        }
    }

    /// The SWAPs of one first card: its row of the triangle computed once, then one
    /// addition per second card. The listing numbers spots as the layout does (seat × `S` +
    /// position) and gives the seconds after `first` on a table of seats below `n`: each is
    /// a spot of the layout above `first`, with no check per pair.
    #[inline]
    fn swaps(&mut self, first: u16, seconds: &[u16]) {
        let i = usize::from(first);
        if i >= self.layout.spots() {
            return;
        }
        let row = self.layout.swap_row(i);
        for &j in seconds {
            self.mask.set(row + usize::from(j));
        }
    }
}

impl Archduke {
    /// Marks `seat`'s legal actions in `mask` (already cleared): the listing of
    /// [`legal_actions`](duke_core::Game::legal_actions), with the mask as its sink.
    #[inline]
    pub(super) fn mark_legal<M: MaskBuffer + ?Sized>(&self, layout: Layout, seat: Seat, mask: &mut M) {
        self.list(seat, &mut Marks { layout, mask });
    }
}
