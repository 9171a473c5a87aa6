//! The engine's question, asked many times per legal-action list: a table and the cards that
//! may still join it, walked once through the automaton ([`super::automaton`]), then "still
//! completable with this card added, or without it?" for each card, by walking on from that
//! card's value only.

use duke_core::{Card, CardSet};

use super::AceRule;
use super::automaton::Run;

/// The range index (see [`super::automaton`]) of `lo..=hi`, at `lo * 3 + hi`.
const RANGE: [u8; 9] = [0, 1, 2, 0, 3, 4, 0, 0, 5];

/// The cards of one value: bits 0, 13, 26 and 39 (clubs, diamonds, hearts, spades).
const VALUE: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// Multiplying the cards of one value (`VALUE`, the optional ones shifted up by 4) by this
/// gathers them into bits 39..47 (mandatory clubs, diamonds, hearts, spades, then optional):
/// the term `1 << (39 - 12 i)` moves bit `13 i` (and `13 i + 4`) to `39 + i` (and `43 + i`),
/// and every other product lands below bit 39 or above bit 47, on distinct bits (no carry).
const GATHER: u64 = 1 << 39 | 1 << 27 | 1 << 15 | 1 << 3;

/// The symbol of each gathered value (see [`GATHER`]): per suit group, how many cards it
/// must and may use there. Clubs and hearts are FLOWERS, diamonds and spades THORNS.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index is a build error
const SYMBOL: [u8; 256] = {
    const fn range(lo: usize, hi: usize) -> u8 {
        if lo * 3 + hi < 9 { RANGE[lo * 3 + hi] } else { 0 }
    }
    let mut table = [0u8; 256];
    let mut key = 0;
    while key < 256 {
        // Clubs, diamonds, hearts, spades must; then may.
        let (thorn_lo, flower_lo) = ((key >> 1 & 1) + (key >> 3 & 1), (key & 1) + (key >> 2 & 1));
        let (thorn_may, flower_may) = ((key >> 5 & 1) + (key >> 7 & 1), (key >> 4 & 1) + (key >> 6 & 1));
        table[key] = range(thorn_lo, thorn_lo + thorn_may) * 6 + range(flower_lo, flower_lo + flower_may);
        key += 1;
    }
    table
};

/// The gathered cards of the value at bit `p` (value - 1), mandatory ones `must` in bits 0..4
/// and optional ones `may` (disjoint) in bits 4..8 (see [`GATHER`]).
#[inline]
fn key_at(must: u64, may: u64, p: u32) -> usize {
    let cards = (must >> p & VALUE) | (may >> p & VALUE) << 4;
    (cards.wrapping_mul(GATHER) >> 39 & 0xFF) as usize
}

/// The automaton's symbol of the value at bit `p` (value - 1) for mandatory cards `must` and
/// optional cards `may` (disjoint).
#[inline]
fn symbol_at(must: u64, may: u64, p: u32) -> u8 {
    SYMBOL.get(key_at(must, may, p)).copied().unwrap_or(0)
}

/// The symbols of the value at bit `p` with the optional cards and without them.
#[inline]
fn symbols_at(must: u64, may: u64, p: u32) -> (u8, u8) {
    let key = key_at(must, may, p);
    (SYMBOL.get(key).copied().unwrap_or(0), SYMBOL.get(key & 0xF).copied().unwrap_or(0))
}

/// The bit of the value at walk position `k`: from the Ace up, or from the Two up with the
/// Ace last when it is high.
#[inline]
const fn position(k: u32, high: bool) -> u32 {
    if high { (k + 1) % 13 } else { k }
}

/// A table (`must`) with the cards that may still join it (`may`), walked once, for the
/// linear Ace rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    must: u64,
    may: u64,
    high: bool,
    /// The walk position of the run's first column: the walk covers the values from the
    /// lowest to the highest holding a card (outside them runs cannot reach).
    first: u32,
    run: Run,
}

impl Reach {
    /// Walks `cards` with `optional`; `None` for the Ace rules that are not linear
    /// ([`AceRule::LowOrHigh`], [`AceRule::Around`]).
    #[inline]
    pub(crate) fn new(cards: CardSet, optional: CardSet, ace: AceRule) -> Option<Reach> {
        let high = match ace {
            AceRule::Low => false,
            AceRule::High => true,
            AceRule::LowOrHigh | AceRule::Around => return None,
        };
        Some(Reach::walk(cards.bits(), optional.difference(cards).bits(), high))
    }

    /// Walks `cards` with `optional` and `cards` alone in one loop: the two answers the
    /// play step needs (can the turn end, and is the table valid now). `None` as for
    /// [`Reach::new`].
    #[inline]
    pub(crate) fn with_alone(cards: CardSet, optional: CardSet, ace: AceRule) -> Option<[Reach; 2]> {
        let high = match ace {
            AceRule::Low => false,
            AceRule::High => true,
            AceRule::LowOrHigh | AceRule::Around => return None,
        };
        let (must, may) = (cards.bits(), optional.difference(cards).bits());
        let (first, positions) = Reach::positions(must | may, high);
        let [run, alone] = if high {
            Run::walk_two(positions, |k| symbols_at(must, may, position(k, true)))
        } else {
            Run::walk_two(positions, |p| symbols_at(must, may, p))
        };
        Some([Reach { must, may, high, first, run }, Reach { must, may: 0, high, first, run: alone }])
    }

    /// The first walk position holding a card of `all`, and the positions from it to the last.
    #[inline]
    fn positions(all: u64, high: bool) -> (u32, core::ops::Range<u32>) {
        let values = ((all | all >> 13 | all >> 26 | all >> 39) & 0x1FFF) as u32;
        let order = if high { values >> 1 | (values & 1) << 12 } else { values };
        let first = order.trailing_zeros();
        (first, first..32 - order.leading_zeros())
    }

    fn walk(must: u64, may: u64, high: bool) -> Reach {
        let (first, positions) = Reach::positions(must | may, high);
        let run = if high {
            Run::walk(positions, |k| symbol_at(must, may, position(k, true)))
        } else {
            Run::walk(positions, |p| symbol_at(must, may, p))
        };
        Reach { must, may, high, first, run }
    }

    /// Whether the table can be completed from the optional cards.
    #[inline]
    pub(crate) fn completable(&self) -> bool {
        self.run.accepts()
    }

    /// Whether it can once the optional card `c` is added to it. Never when it cannot now:
    /// every completion with `c` on the table is one with `c` optional.
    #[inline]
    pub(crate) fn with(&self, c: Card) -> bool {
        let bit = 1u64 << c.index();
        self.completable() && self.changed(c, self.must | bit, self.may & !bit)
    }

    /// Whether it can without `c` (an optional card given up, or a card taken off the table).
    /// Giving up an optional card never helps, so then not when it cannot now.
    #[inline]
    pub(crate) fn without(&self, c: Card) -> bool {
        let bit = 1u64 << c.index();
        (self.completable() || self.must & bit != 0) && self.changed(c, self.must & !bit, self.may & !bit)
    }

    fn changed(&self, c: Card, must: u64, may: u64) -> bool {
        let p = u32::from(c.index() % 13);
        let k = if self.high { (p + 12) % 13 } else { p };
        match k.checked_sub(self.first) {
            Some(i) if (i as usize) < self.run.len() => self.run.accepts_with(i as usize, symbol_at(must, may, p)),
            // A value outside the walk: walk again.
            _ => Reach::walk(must, may, self.high).completable(),
        }
    }
}
