//! The deck seen by the learning surface: its cards and faces, counted and ranked without
//! a branch or a bit count per card where the deck allows (the standard decks hold every
//! card id below the powers, so a card's slot is its id and a face's number a table's).

use duke_core::MaskBuffer;

use crate::cards::{Card, CardSet, Face};
use crate::setup::Config;

/// The face index of each card id below 60 in a deck holding every card of the box below
/// it (numbers, then 2 Golems, 2 Dragons, 4 Peasants): the id, less the copies before it
/// (a power's, id 60 or more, is its id less 5).
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const DENSE_FACE: [u8; 60] = {
    let mut out = [0u8; 60];
    let mut id = 0;
    while id < 60 {
        out[id] = match id {
            0..52 => id as u8,
            52 | 53 => 52,
            54 | 55 => 53,
            _ => 54,
        };
        id += 1;
    }
    out
};

/// The number of bits set in each byte.
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const BYTE_ONES: [u8; 256] = {
    let mut out = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        out[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    out
};

/// The bits set in a set of powers (16 bits), from a byte table: the release build targets
/// x86-64 without `popcnt`, where `count_ones` is a dozen instructions.
#[inline]
pub(crate) fn ones16(x: u16) -> usize {
    let [low, high] = x.to_le_bytes();
    let at = |b: u8| usize::from(BYTE_ONES.get(usize::from(b)).copied().unwrap_or(0));
    at(low) + at(high)
}

/// Each byte's eight bits as eight booleans.
// Evaluated only at compile time: an out-of-range index fails the build.
#[allow(clippy::indexing_slicing)]
const BYTE_BOOLS: [[bool; 8]; 256] = {
    let mut out = [[false; 8]; 256];
    let mut i = 0;
    while i < 256 {
        let mut b = 0;
        while b < 8 {
            out[i][b] = i >> b & 1 == 1;
            b += 1;
        }
        i += 1;
    }
    out
};

/// A [`MaskBuffer`] that also marks the first 64 entries from a word's bits at once: the
/// play block's numbers (faces 0..52 on the standard decks) without a branch per card,
/// the one operation the two buffers do differently (a table for `bool`s, an `or` for
/// bits); everything else goes through [`MaskBuffer::set`], so `legal_mask` and
/// `legal_mask_bits` run the same code.
pub(crate) trait WordMask: MaskBuffer {
    /// Writes the first 64 entries (those a buffer has, eight at a time for `bool`s) from
    /// `bits`: entry `i` legal exactly when bit `i` is set. It overwrites: called first, on
    /// a cleared buffer, before any [`MaskBuffer::set`].
    fn set_bits(&mut self, bits: u64);

    /// Entry `i` legal when `on`, without a branch on `on` (after [`Self::set_bits`], on
    /// an entry it wrote or a cleared one).
    fn put(&mut self, i: usize, on: bool);
}

impl WordMask for [bool] {
    #[inline]
    fn put(&mut self, i: usize, on: bool) {
        if let Some(entry) = self.get_mut(i) {
            *entry = on;
        }
    }

    #[inline]
    fn set_bits(&mut self, bits: u64) {
        // (A last, shorter chunk entry by entry: the buffer's length need not be a
        // multiple of 8.)
        for (k, eight) in self.chunks_mut(8).take(8).enumerate() {
            if let Some(byte) = BYTE_BOOLS.get((bits >> (8 * k)) as usize & 0xFF) {
                if let Ok(full) = <&mut [bool; 8]>::try_from(&mut *eight) {
                    *full = *byte;
                } else {
                    for (slot, &bit) in eight.iter_mut().zip(byte) {
                        *slot = bit;
                    }
                }
            }
        }
    }
}

impl WordMask for [u64] {
    #[inline]
    fn put(&mut self, i: usize, on: bool) {
        if let Some(word) = self.get_mut(i / 64) {
            *word |= u64::from(on) << (i % 64);
        }
    }

    #[inline]
    fn set_bits(&mut self, bits: u64) {
        if let Some(word) = self.first_mut() {
            *word = bits;
        }
    }
}

/// The distinct faces of a deck, numbered in card-id order (one per face: the copies of a
/// Golem, a Dragon or a Peasant are one face, as actions name faces, not copies).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Faces {
    /// The lowest card id of each face of the deck.
    firsts: CardSet,
    /// How many.
    pub(crate) len: usize,
    /// The deck holds every card id below this one (the standard decks: 60 or more), so a
    /// card below it finds its face in [`DENSE_FACE`] without counting bits.
    dense: u32,
}

/// The ids of `set` below `id`: a card's rank.
#[inline]
pub(crate) fn rank_below(set: CardSet, id: u8) -> usize {
    let below = 1u128.checked_shl(u32::from(id)).map_or(u128::MAX, |b| b - 1);
    count(CardSet(set.0 & below))
}

/// How many cards in `set` (the high word holds only the powers of ids 64..76: 16 bits).
/// One bit count over both words at once: the release build targets x86-64 without the
/// `popcnt` instruction, where each `count_ones` is a dozen instructions, and the
/// observation counts a hand per seat.
#[inline]
pub(crate) fn count(set: CardSet) -> usize {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let (low, high) = (set.0 as u64, u64::from((set.0 >> 64) as u16));
    // Two bits per pair, then four per nibble, in each word; the two words' nibble sums
    // (at most 8 + 8 per byte) added before the bytes are summed.
    let pairs = |x: u64| x - (x >> 1 & M1);
    let nibbles = |x: u64| (x & M2) + (x >> 2 & M2);
    let (a, b) = (nibbles(pairs(low)), nibbles(pairs(high)));
    let bytes = (a & M4) + (a >> 4 & M4) + (b & M4) + (b >> 4 & M4);
    (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

/// The bits set in `low` and `high` together, in shifts, masks and adds only (no multiply,
/// no branch: a loop of these over the seats' hands runs on two hands at a time in vector
/// registers). `high` holds at most 16 bits (the powers of ids 64..76).
#[inline]
pub(crate) fn count_both(low: u64, high: u64) -> u64 {
    const M1: u64 = 0x5555_5555_5555_5555;
    const M2: u64 = 0x3333_3333_3333_3333;
    const M4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let pairs = |x: u64| x - (x >> 1 & M1);
    let nibbles = |x: u64| (x & M2) + (x >> 2 & M2);
    let (a, b) = (nibbles(pairs(low)), nibbles(pairs(high)));
    let bytes = (a & M4) + (a >> 4 & M4) + (b & M4) + (b >> 4 & M4);
    let halves = bytes + (bytes >> 8);
    let quarters = halves + (halves >> 16);
    (quarters + (quarters >> 32)) & 0xFF
}

/// The deck's cards, as [`DeckSpec::cards`](crate::DeckSpec::cards) (the values of each
/// suit, the first copies of each duplicated face, the powers from id 60), in a few shifts:
/// every learning call starts here.
fn deck_cards(spec: &crate::DeckSpec) -> CardSet {
    let [r, g, b, y] = spec.values;
    let suit = |v: u16, s: u32| u64::from(v & 0x1FFF) << (13 * s);
    let copies = |n: u8, max: u8| (1u64 << n.min(max)) - 1;
    let low = suit(r, 0)
        | suit(g, 1)
        | suit(b, 2)
        | suit(y, 3)
        | copies(spec.golems, 2) << 52
        | copies(spec.dragons, 2) << 54
        | copies(spec.peasants, 4) << 56
        | u64::from(spec.powers & 0xF) << 60;
    CardSet(u128::from(low) | u128::from(spec.powers >> 4) << 64)
}

/// A deck's cards and faces, for the action index and the observation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeckShape {
    /// The deck's cards.
    pub(crate) cards: CardSet,
    /// The lowest card of each face.
    pub(crate) firsts: CardSet,
    /// Every card id below this one is in the deck.
    pub(crate) dense: u32,
    /// How many cards.
    pub(crate) cards_len: usize,
    /// How many faces.
    pub(crate) faces_len: usize,
}

/// The 60 cards below the powers: 52 numbers, 2 Golems, 2 Dragons, 4 Peasants.
const STANDARD: u128 = (1 << 60) - 1;
/// Their faces' first cards: the numbers, the first Golem, Dragon and Peasant.
const STANDARD_FIRSTS: u128 = ((1 << 52) - 1) | 1 << 52 | 1 << 54 | 1 << 56;

impl DeckShape {
    /// The shape of `spec`'s deck: the standard 60 cards (with any powers) without
    /// counting bits (every learning call starts here), other decks from their cards.
    #[inline(always)]
    pub(crate) fn of(spec: &crate::DeckSpec) -> DeckShape {
        let powers = spec.powers;
        let extra = ones16(powers);
        if spec.values == [0x1FFF; 4] && spec.golems == 2 && spec.dragons == 2 && spec.peasants == 4 {
            let p = u128::from(powers) << 60;
            return DeckShape {
                cards: CardSet(STANDARD | p),
                firsts: CardSet(STANDARD_FIRSTS | p),
                dense: 60 + powers.trailing_ones(),
                cards_len: 60 + extra,
                faces_len: 55 + extra,
            };
        }
        DeckShape::of_other(spec)
    }

    /// [`Self::of`] for a deck other than the standard 60 cards (out of line: the standard
    /// decks' calls, inlined, skip it).
    #[inline(never)]
    fn of_other(spec: &crate::DeckSpec) -> DeckShape {
        let cards = deck_cards(spec);
        let firsts = cards.distinct();
        DeckShape { cards, firsts, dense: cards.0.trailing_ones(), cards_len: count(cards), faces_len: count(firsts) }
    }
}

impl Faces {
    #[inline(always)]
    pub(crate) fn of(config: &Config) -> Faces {
        let shape = DeckShape::of(&config.deck);
        Faces { firsts: shape.firsts, len: shape.faces_len, dense: shape.dense }
    }

    /// The number of `face` among the deck's faces.
    #[inline]
    pub(crate) fn index(&self, face: Face) -> Option<usize> {
        self.of_card(face.first_card()?)
    }

    /// The number of the face of `card` among the deck's faces (any copy of a face).
    #[inline]
    pub(crate) fn of_card(&self, card: Card) -> Option<usize> {
        self.of_id(card.id())
    }

    /// [`Self::of_card`] by card id.
    #[inline]
    pub(crate) fn of_id(&self, id: u8) -> Option<usize> {
        if u32::from(id) < self.dense {
            // (A power with every card below it in the deck: after the 5 extra copies.)
            return Some(match DENSE_FACE.get(usize::from(id)) {
                Some(&f) => usize::from(f),
                None => usize::from(id).saturating_sub(5),
            });
        }
        let first = Card::new(id)?.face().first_card().filter(|&c| self.firsts.has(c))?;
        Some(rank_below(self.firsts, first.id()))
    }

    /// Marks the play block's entries of the faces of `cards` in `mask`: with every card
    /// below the powers in the deck (the standard decks), a number's face is its id and the
    /// Golem, Dragon and Peasant faces are 52, 53, 54 (marked if any copy), the deck's powers
    /// follow in id order; other decks card by card.
    #[inline]
    pub(crate) fn mark_playable<M: WordMask + ?Sized>(&self, cards: CardSet, mask: &mut M) {
        if self.dense < 60 {
            // Other decks card by card, as any block's faces.
            return self.mark_at(cards, 0, mask);
        }
        let low = cards.0 as u64;
        // The numbers' faces are their ids: all at once, without a branch per card (first:
        // it overwrites the entries after them, the faces set below).
        mask.set_bits(low & ((1 << 52) - 1));
        // (0 or 1 without a branch on the cards: which faces a hand holds varies from state
        // to state, and a branch on it would be mispredicted.)
        for (face, copies) in [(52, low >> 52 & 0b11), (53, low >> 54 & 0b11), (54, low >> 56 & 0b1111)] {
            mask.put(face, copies != 0);
        }
        // The powers held, at faces 55 + their rank among the deck's powers (id order).
        let deck = (self.firsts.0 >> 60) as u16;
        let mut held = (cards.0 >> 60) as u16 & deck;
        while held != 0 {
            let below = (held & held.wrapping_neg()) - 1;
            held &= held - 1;
            mask.set(55 + ones16(deck & below));
        }
    }

    /// Marks the faces of `cards` in the block starting at `start` (one entry per face:
    /// Secret Notes, set-asides, smuggles), each entry once: with every card below the
    /// powers in the deck, the numbers by their ids (bit by bit: a hand holds few cards),
    /// the Golem, Dragon and Peasant faces if any copy, the powers by rank; other decks
    /// card by card.
    #[inline]
    pub(crate) fn mark_at<M: WordMask + ?Sized>(&self, cards: CardSet, start: usize, mask: &mut M) {
        if self.dense < 60 {
            for (word, base) in [(cards.0 as u64, 0u8), ((cards.0 >> 64) as u64, 64)] {
                let mut bits = word;
                while bits != 0 {
                    let id = base + bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    if let Some(i) = self.of_id(id) {
                        mask.set(start + i);
                    }
                }
            }
            return;
        }
        let low = cards.0 as u64;
        let mut numbers = low & ((1 << 52) - 1);
        while numbers != 0 {
            mask.set(start + numbers.trailing_zeros() as usize);
            numbers &= numbers - 1;
        }
        for (face, copies) in [(52, low >> 52 & 0b11), (53, low >> 54 & 0b11), (54, low >> 56 & 0b1111)] {
            if copies != 0 {
                mask.set(start + face);
            }
        }
        let deck = (self.firsts.0 >> 60) as u16;
        let mut held = (cards.0 >> 60) as u16 & deck;
        while held != 0 {
            let below = (held & held.wrapping_neg()) - 1;
            held &= held - 1;
            mask.set(start + 55 + ones16(deck & below));
        }
    }

    /// The face numbered `i`.
    pub(crate) fn face(&self, i: usize) -> Option<Face> {
        self.firsts.nth(u32::try_from(i).ok()?).map(|c| c.face())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DeckSpec;
    use crate::cards::Power;

    /// Decks of every shape: the standard deck with each power and with runs of powers, the
    /// two-player deck, fewer copies, missing values.
    fn decks() -> Vec<DeckSpec> {
        let mut out = vec![DeckSpec::standard(), DeckSpec::two_player(), DeckSpec::range(4, 1, 13, 1, 2, 3)];
        for (i, &p) in Power::ALL.iter().enumerate() {
            out.push(DeckSpec::standard().with_powers(&[p]));
            out.push(DeckSpec::standard().with_powers(Power::ALL.get(..=i).unwrap_or(&[])));
            out.push(DeckSpec::standard().with_powers(Power::ALL.get(i..).unwrap_or(&[])));
            out.push(DeckSpec::two_player().with_powers(&[p]));
            out.push(DeckSpec::range(3, 2, 12, 2, 1, 4).with_powers(&[p]));
        }
        out
    }

    #[test]
    fn ones16_is_the_number_of_bits() {
        for x in 0..=u16::MAX {
            assert_eq!(ones16(x), x.count_ones() as usize);
        }
    }

    #[test]
    fn count_is_the_number_of_cards() {
        let mut rng = duke_core::GameRng::new(3);
        for _ in 0..1000 {
            let set = CardSet((u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64) & ((1 << 76) - 1));
            assert_eq!(count(set), set.0.count_ones() as usize);
        }
        assert_eq!(count(CardSet((1 << 76) - 1)), 76);
        for _ in 0..1000 {
            let (low, high) = (rng.next_u64(), rng.next_u64() & 0xFFFF);
            assert_eq!(count_both(low, high), u64::from(low.count_ones() + high.count_ones()));
        }
        assert_eq!(count_both(u64::MAX, 0xFFFF), 80);
        assert_eq!(count(CardSet::EMPTY), 0);
    }

    #[test]
    fn deck_shapes_match_the_decks_cards() {
        for spec in decks() {
            let cards = spec.cards();
            assert_eq!(deck_cards(&spec), cards, "{spec:?}");
            let shape = DeckShape::of(&spec);
            assert_eq!(shape.cards, cards, "{spec:?}");
            assert_eq!(shape.firsts, cards.distinct(), "{spec:?}");
            assert_eq!(shape.cards_len, cards.len() as usize, "{spec:?}");
            assert_eq!(shape.faces_len, cards.distinct().len() as usize, "{spec:?}");
            assert_eq!(shape.dense, cards.0.trailing_ones(), "{spec:?}");
        }
    }

    #[test]
    fn the_direct_play_mask_matches_the_faces_card_by_card() {
        let mut rng = duke_core::GameRng::new(5);
        for spec in decks() {
            let config = Config { deck: spec, ..Config::rulebook(Some(4)).unwrap() };
            let faces = Faces::of(&config);
            for _ in 0..50 {
                let cards = CardSet(spec.cards().0 & (u128::from(rng.next_u64()) | u128::from(rng.next_u64()) << 64));
                let mut want = vec![false; faces.len];
                for card in cards.iter() {
                    want[faces.of_card(card).unwrap()] = true;
                }
                let mut got = vec![false; faces.len];
                faces.mark_playable(cards, got.as_mut_slice());
                assert_eq!(got, want, "{cards:?} in {spec:?}");
                let mut bits = vec![0u64; duke_core::mask_words(faces.len)];
                faces.mark_playable(cards, bits.as_mut_slice());
                for (i, &b) in want.iter().enumerate() {
                    assert_eq!(bits[i / 64] >> (i % 64) & 1 == 1, b, "{cards:?} in {spec:?}");
                }
            }
        }
    }

    #[test]
    fn a_cards_face_index_is_its_faces_rank_in_the_deck() {
        for spec in decks() {
            let config = Config { deck: spec, ..Config::rulebook(Some(4)).unwrap() };
            let faces = Faces::of(&config);
            let firsts = spec.cards().distinct();
            for card in spec.cards().iter() {
                let first = card.face().first_card().unwrap();
                let want = (firsts.0 & ((1u128 << first.id()) - 1)).count_ones() as usize;
                assert_eq!(faces.of_card(card), Some(want), "{card:?} in {spec:?}");
                assert_eq!(faces.face(want), Some(card.face()), "{card:?} in {spec:?}");
            }
        }
    }
}
