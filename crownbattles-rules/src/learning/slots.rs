//! Writing the observation tensor: consecutive blocks, and the deck's cards into a block
//! of card slots (four at a time from a table where the deck allows).

use super::deck::{ones16, rank_below};
use crate::cards::{Card, CardSet};

/// The deck's card slots: a card's slot is its rank in the deck.
#[derive(Clone, Copy, Debug)]
pub(super) struct Deck {
    pub(super) cards: CardSet,
    /// The deck holds every card id below this one (the standard decks: 60 or more), so
    /// a card below it has its id for slot, without counting bits.
    pub(super) dense: u32,
    pub(super) len: usize,
}

impl Deck {
    #[inline]
    pub(super) fn slot(&self, id: u8) -> usize {
        if u32::from(id) < self.dense { usize::from(id) } else { rank_below(self.cards, id) }
    }

    /// A face's code: its first copy's slot + 1 over the deck's size (0: none).
    pub(super) fn face_code(&self, card: Card) -> f32 {
        let first = copies_of(card.id()).map_or(card.id(), |(_, first)| first);
        (self.slot(first) + 1) as f32 / self.len.max(1) as f32
    }
}

/// For a copy of a duplicated face, its face's group (Golem, Dragon, Peasant) and first id.
#[inline]
fn copies_of(id: u8) -> Option<(usize, u8)> {
    match id {
        52 | 53 => Some((0, 52)),
        54 | 55 => Some((1, 54)),
        56..=59 => Some((2, 56)),
        _ => None,
    }
}

/// Writes cards into a block of card slots: a card of a duplicated face takes that face's
/// next free slot, so the slots of a face depend on the order of the writes, not on ids.
pub(super) struct CardWriter<'d> {
    deck: &'d Deck,
    /// Copies written of each duplicated face (Golem, Dragon, Peasant), then a constant 0.
    used: [usize; 4],
}

impl CardWriter<'_> {
    pub(super) fn new(deck: &Deck) -> CardWriter<'_> {
        CardWriter { deck, used: [0; 4] }
    }

    /// Without a branch on the card: a card that is no copy counts in a fourth, unused
    /// group that stays at 0 (the learner's states differ call to call, so a branch on the
    /// card would be mispredicted).
    #[inline]
    pub(super) fn put(&mut self, x: &mut Slots<'_>, id: u8, v: f32) {
        let (group, first) = copies_of(id).unwrap_or((3, id));
        let Some(used) = self.used.get_mut(group) else { return };
        let before = *used;
        *used += usize::from(group < 3);
        x.set(self.deck.slot(first) + before, v);
    }

    /// Writes `cards` as 1, first in a block: with every card id below 60 in the deck (the
    /// standard decks), those as 0 or 1 eight slots at a time from a table (no branch per
    /// card: the learner's hot loop, for a set of many cards), the copies of a face in its
    /// first slots; the powers held one by one.
    pub(super) fn put_first(&mut self, x: &mut Slots<'_>, cards: CardSet) {
        let Some(canonical) = self.canonical(cards) else {
            self.put_all(x, cards, 1.0);
            return;
        };
        // Slots 0..56 eight at a time, then 56..60: on a block of a known length (a dense
        // deck has 60 cards or more), so the loop is unrolled with no bounds check.
        if let Some(slots) = x.0.get_mut(..60).and_then(|s| <&mut [f32; 60]>::try_from(s).ok()) {
            let (bytes, rest) = slots.split_at_mut(56);
            for (k, eight) in bytes.chunks_exact_mut(8).enumerate() {
                let byte = (canonical >> (8 * k)) as u8;
                if let Some(bits) = BYTES.get(usize::from(byte)) {
                    eight.copy_from_slice(bits);
                }
            }
            if let Some(bits) = NIBBLES.get((canonical >> 56) as usize & 15) {
                rest.copy_from_slice(bits);
            }
        }
        self.put_powers(x, cards);
    }

    /// [`Self::put_first`] card by card, for a set of few cards (a hand): with every card
    /// id below 60 in the deck, the set's bits below the powers (the copies of each face
    /// moved to its first slots) visited one by one, then the powers held.
    pub(super) fn put_few(&mut self, x: &mut Slots<'_>, cards: CardSet) {
        let Some(mut canonical) = self.canonical(cards) else {
            self.put_all(x, cards, 1.0);
            return;
        };
        while canonical != 0 {
            x.set(canonical.trailing_zeros() as usize, 1.0);
            canonical &= canonical - 1;
        }
        self.put_powers(x, cards);
    }

    /// With every card id below 60 in the deck, `cards` below the powers with the copies of
    /// each face moved to its first slots (a Golem held is the first Golem's slot, …), the
    /// copies counted as used; `None` for other decks.
    #[inline]
    fn canonical(&mut self, cards: CardSet) -> Option<u64> {
        if self.deck.dense < 60 {
            return None;
        }
        let low = cards.0 as u64;
        // The copies' byte (ids 52..60) read from a table: its copies moved to their
        // faces' first slots, and how many of each face.
        let (moved, [golems, dragons, peasants]) =
            CANONICAL.get((low >> 52) as usize & 0xFF).copied().unwrap_or_default();
        self.used = [usize::from(golems), usize::from(dragons), usize::from(peasants), 0];
        Some((low & !COPIES & BELOW_POWERS) | u64::from(moved) << 52)
    }

    /// The powers of `cards` as 1, at their slots (60 + their rank among the deck's
    /// powers): only the powers held are visited.
    #[inline]
    fn put_powers(&mut self, x: &mut Slots<'_>, cards: CardSet) {
        let deck = (self.deck.cards.0 >> 60) as u16;
        let mut held = (cards.0 >> 60) as u16 & deck;
        while held != 0 {
            let below = (held & held.wrapping_neg()) - 1;
            held &= held - 1;
            x.set(60 + ones16(deck & below), 1.0);
        }
    }

    pub(super) fn put_all(&mut self, x: &mut Slots<'_>, cards: CardSet, v: f32) {
        let (low, high) = (cards.0 as u64, (cards.0 >> 64) as u64);
        // The cards that are no copies first (ids below 52, powers 60..64): one slot each.
        let mut plain = low & !COPIES;
        while plain != 0 {
            let id = plain.trailing_zeros() as u8;
            plain &= plain - 1;
            x.set(self.deck.slot(id), v);
        }
        for (mut bits, base) in [(low & COPIES, 0u8), (high, 64)] {
            while bits != 0 {
                let id = base + bits.trailing_zeros() as u8;
                bits &= bits - 1;
                self.put(x, id, v);
            }
        }
    }
}

/// The copies of the duplicated faces: ids 52..60 (two Golems, two Dragons, four Peasants).
const COPIES: u64 = 0xFF << 52;
/// The cards below the powers: ids 0..60.
const BELOW_POWERS: u64 = (1 << 60) - 1;

/// For each byte of the copies (ids 52..60: 2 Golems, 2 Dragons, 4 Peasants, bit per id),
/// the byte with each face's copies moved to its first bits, and the copies of each face.
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const CANONICAL: [(u8, [u8; 3]); 256] = {
    let mut out = [(0u8, [0u8; 3]); 256];
    let mut i = 0;
    while i < 256 {
        let golems = (i & 1) + (i >> 1 & 1);
        let dragons = (i >> 2 & 1) + (i >> 3 & 1);
        let peasants = (i >> 4 & 1) + (i >> 5 & 1) + (i >> 6 & 1) + (i >> 7 & 1);
        let moved = ((1 << golems) - 1) | ((1 << dragons) - 1) << 2 | ((1 << peasants) - 1) << 4;
        out[i] = (moved as u8, [golems as u8, dragons as u8, peasants as u8]);
        i += 1;
    }
    out
};

/// Each nibble's four bits as four values, 0 or 1.
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
pub(super) const NIBBLES: [[f32; 4]; 16] = {
    let mut out = [[0.0; 4]; 16];
    let mut i = 0;
    while i < 16 {
        let mut b = 0;
        while b < 4 {
            if i >> b & 1 == 1 {
                out[i][b] = 1.0;
            }
            b += 1;
        }
        i += 1;
    }
    out
};

/// Each byte's eight bits as eight values, 0 or 1 (8 KiB).
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const BYTES: [[f32; 8]; 256] = {
    let mut out = [[0.0; 8]; 256];
    let mut i = 0;
    while i < 256 {
        let mut b = 0;
        while b < 8 {
            if i >> b & 1 == 1 {
                out[i][b] = 1.0;
            }
            b += 1;
        }
        i += 1;
    }
    out
};

/// Writes consecutive blocks into the tensor (out of range writes nothing): each block
/// split off the front of the rest (no range to check against the whole tensor).
pub(crate) struct Writer<'a> {
    rest: &'a mut [f32],
    pub(crate) pos: usize,
}

impl<'a> Writer<'a> {
    pub(crate) fn new(out: &'a mut [f32]) -> Writer<'a> {
        Writer { rest: out, pos: 0 }
    }

    /// The next `len` values.
    #[inline]
    pub(super) fn block(&mut self, len: usize) -> Slots<'a> {
        self.pos += len;
        let rest = core::mem::take(&mut self.rest);
        let (block, rest) = rest.split_at_mut(len.min(rest.len()));
        self.rest = rest;
        Slots(block)
    }

    /// The next three blocks, of `a`, `b` and `c` values, at once.
    pub(super) fn three(&mut self, a: usize, b: usize, c: usize) -> (Slots<'a>, Slots<'a>, Slots<'a>) {
        (self.block(a), self.block(b), self.block(c))
    }
}

/// One block of the tensor.
pub(super) struct Slots<'a>(pub(super) &'a mut [f32]);

impl Slots<'_> {
    #[inline]
    pub(super) fn set(&mut self, i: usize, v: f32) {
        if let Some(x) = self.0.get_mut(i) {
            *x = v;
        }
    }

    /// Sets `i` to 1 when `on` (the tensor is zeroed: nothing to write otherwise).
    #[inline]
    pub(super) fn flag(&mut self, i: usize, on: bool) {
        if on {
            self.set(i, 1.0);
        }
    }
}

/// The numbers 0..=255 as values.
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const SMALL: [f32; 256] = {
    let mut out = [0.0; 256];
    let mut i = 0;
    while i < 256 {
        out[i] = i as f32;
        i += 1;
    }
    out
};

/// A small number as a value, read from [`SMALL`] (a load costs less than a conversion).
#[inline]
pub(super) fn small(x: usize) -> f32 {
    SMALL.get(x).copied().unwrap_or(x as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DeckSpec;
    use crate::cards::Power;
    use crate::learning::deck::DeckShape;

    #[test]
    fn the_table_driven_card_writes_match_the_card_by_card_ones() {
        let mut rng = duke_core::GameRng::new(9);
        let decks = [
            DeckSpec::standard(),
            DeckSpec::standard().with_n_powers(8),
            DeckSpec::standard().with_powers(&Power::ALL),
            DeckSpec::two_player().with_powers(&[Power::Witch]),
        ];
        for spec in decks {
            let shape = DeckShape::of(&spec);
            let deck = Deck { cards: shape.cards, dense: shape.dense, len: shape.cards_len };
            for _ in 0..200 {
                let cards = CardSet(spec.cards().0 & (u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64));
                let (mut fast, mut slow) = (vec![0.0; deck.len], vec![0.0; deck.len]);
                let mut writer = CardWriter::new(&deck);
                writer.put_first(&mut Slots(&mut fast), cards);
                let fast_used = writer.used;
                let mut writer = CardWriter::new(&deck);
                writer.put_all(&mut Slots(&mut slow), cards, 1.0);
                assert_eq!(fast, slow, "{cards:?} in {spec:?}");
                let mut few = vec![0.0; deck.len];
                let mut writer = CardWriter::new(&deck);
                writer.put_few(&mut Slots(&mut few), cards);
                assert_eq!(few, slow, "{cards:?} in {spec:?}");
                assert_eq!(fast_used, writer.used, "{cards:?} in {spec:?}");
                assert_eq!(fast_used, writer.used, "{cards:?} in {spec:?}");
                assert_eq!(fast.iter().sum::<f32>() as usize, cards.len() as usize);
            }
        }
    }
}
