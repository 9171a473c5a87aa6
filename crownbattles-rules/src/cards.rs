//! The cards in the box (rulebook "Components"): 52 suited cards valued 1–13, 2 Golems,
//! 2 Dragons, 4 Peasants and 16 Special Power cards (the crate docs, "The deck", say which
//! facts the rulebook gives and which we chose).
//!
//! Every physical card has a fixed id (`Card`, 0..76), so a deck is a subset of the box and
//! a hand is a 128-bit set. Duplicated faces (the two Golems, the four Peasants) are
//! interchangeable: actions name a [`Face`], never an id. Faces, suits and powers travel
//! as their notation (`"R12"`, `"golem"`, `"R"`, `"witch"`).

use core::fmt;
use core::str::FromStr;

/// Number of physical cards in the box.
pub const BOX_SIZE: usize = 76;
const FIRST_GOLEM: u8 = 52;
const FIRST_DRAGON: u8 = 54;
const FIRST_PEASANT: u8 = 56;
const FIRST_POWER: u8 = 60;

/// One of the four suits, as a neutral id 0..4 in colour order (red, green, blue, yellow);
/// its race is a display label (the crate docs, "The deck"). Written as its colour
/// initial: `R`, `G`, `B`, `Y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SuitId(u8);

impl SuitId {
    /// The four suits in id order: red, green, blue, yellow.
    pub const ALL: [SuitId; 4] = [SuitId(0), SuitId(1), SuitId(2), SuitId(3)];

    /// The suit with this id, if `id < 4`.
    pub const fn new(id: u8) -> Option<SuitId> {
        if id < 4 { Some(SuitId(id)) } else { None }
    }

    /// The id, 0..4.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Colour initial used in the notation: `R`, `G`, `B`, `Y`.
    pub const fn letter(self) -> char {
        match self.0 {
            0 => 'R',
            1 => 'G',
            2 => 'B',
            _ => 'Y',
        }
    }

    /// Colour name (the rulebook's colours).
    pub const fn colour(self) -> &'static str {
        match self.0 {
            0 => "red",
            1 => "green",
            2 => "blue",
            _ => "yellow",
        }
    }

    /// Race name. Elves = yellow is from the rulebook's trick example; the rulebook does not
    /// pair Orcs, Humans and Taurans with red, green and blue, so that pairing is our
    /// display choice only.
    pub const fn race(self) -> &'static str {
        match self.0 {
            0 => "Orcs",
            1 => "Humans",
            2 => "Taurans",
            _ => "Elves",
        }
    }

    pub(crate) fn from_letter(c: char) -> Option<SuitId> {
        match c.to_ascii_uppercase() {
            'R' => Some(SuitId(0)),
            'G' => Some(SuitId(1)),
            'B' => Some(SuitId(2)),
            'Y' => Some(SuitId(3)),
            _ => None,
        }
    }
}

impl fmt::Display for SuitId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for SuitId {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<SuitId, &'static str> {
        let mut chars = s.chars();
        match (chars.next().and_then(SuitId::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err("a suit is R, G, B or Y"),
        }
    }
}

duke_core::serde_as_notation!(SuitId);

/// The 16 Special Power cards (rulebook "Special Power cards"). Written by name:
/// `alchemist`, `double-faced`, `golem-king`, …
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[allow(missing_docs)]
pub enum Power {
    Alchemist,
    Bishop,
    Bomb,
    Cursed,
    Jester,
    Magician,
    Merchant,
    Smuggler,
    Spy,
    Summoner,
    Thief,
    Witch,
    Wizard,
    DoubleFaced,
    GolemKing,
    DragonKing,
}

impl Power {
    /// All 16, in id order.
    pub const ALL: [Power; 16] = [
        Power::Alchemist,
        Power::Bishop,
        Power::Bomb,
        Power::Cursed,
        Power::Jester,
        Power::Magician,
        Power::Merchant,
        Power::Smuggler,
        Power::Spy,
        Power::Summoner,
        Power::Thief,
        Power::Witch,
        Power::Wizard,
        Power::DoubleFaced,
        Power::GolemKing,
        Power::DragonKing,
    ];

    const ALL_CONST: [Power; 16] = Power::ALL;

    /// The order in which presets pick "N Special Cards" (our choice: the rulebook leaves
    /// the selection to the players; the non-action cards first, as they are simplest).
    pub const PRESET_ORDER: [Power; 16] = [
        Power::GolemKing,
        Power::DragonKing,
        Power::Wizard,
        Power::Thief,
        Power::Witch,
        Power::Jester,
        Power::Alchemist,
        Power::Bomb,
        Power::Bishop,
        Power::Spy,
        Power::DoubleFaced,
        Power::Summoner,
        Power::Smuggler,
        Power::Merchant,
        Power::Magician,
        Power::Cursed,
    ];

    /// Id 0..16.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The power with id `i`.
    pub fn from_index(i: usize) -> Option<Power> {
        Power::ALL.get(i).copied()
    }

    /// Notation name.
    pub const fn name(self) -> &'static str {
        match self {
            Power::Alchemist => "alchemist",
            Power::Bishop => "bishop",
            Power::Bomb => "bomb",
            Power::Cursed => "cursed",
            Power::Jester => "jester",
            Power::Magician => "magician",
            Power::Merchant => "merchant",
            Power::Smuggler => "smuggler",
            Power::Spy => "spy",
            Power::Summoner => "summoner",
            Power::Thief => "thief",
            Power::Witch => "witch",
            Power::Wizard => "wizard",
            Power::DoubleFaced => "double-faced",
            Power::GolemKing => "golem-king",
            Power::DragonKing => "dragon-king",
        }
    }

    /// The physical card of this power.
    pub const fn card(self) -> Card {
        Card(FIRST_POWER + self as u8)
    }
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Power {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Power, &'static str> {
        let lower = s.to_ascii_lowercase();
        Power::ALL.into_iter().find(|p| p.name() == lower).ok_or("unknown Special Power card")
    }
}

duke_core::serde_as_notation!(Power);

/// What is printed on a card. Cards with the same face are interchangeable. Written as in
/// the action notation: `R12`, `golem`, `dragon`, `peasant`, a power's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// A suited card valued 1–13.
    Number(SuitId, u8),
    /// Golem (G): beats all numbered cards.
    Golem,
    /// Dragon (D): beats all numbered cards and Golems.
    Dragon,
    /// Peasant (P): worth 0.
    Peasant,
    /// A Special Power card.
    Power(Power),
}

impl Face {
    /// The lowest-id physical card with this face (None for an impossible number).
    pub fn first_card(self) -> Option<Card> {
        match self {
            Face::Number(s, v) if (1..=13).contains(&v) => Some(Card(s.0 * 13 + v - 1)),
            Face::Number(..) => None,
            Face::Golem => Some(Card(FIRST_GOLEM)),
            Face::Dragon => Some(Card(FIRST_DRAGON)),
            Face::Peasant => Some(Card(FIRST_PEASANT)),
            Face::Power(p) => Some(p.card()),
        }
    }

    /// All cards of the box with this face.
    #[inline]
    pub fn cards(self) -> CardSet {
        // The first id and the copies, then one shift (rather than a shift per kind of face).
        let (first, copies) = match self {
            Face::Number(s, v) if (1..=13).contains(&v) => (s.0 * 13 + v - 1, 0b1),
            Face::Number(..) => (0, 0),
            Face::Golem => (FIRST_GOLEM, 0b11),
            Face::Dragon => (FIRST_DRAGON, 0b11),
            Face::Peasant => (FIRST_PEASANT, 0b1111),
            Face::Power(p) => (FIRST_POWER + p as u8, 0b1),
        };
        CardSet((copies as u128) << (first & 127))
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Number(s, v) => write!(f, "{}{}", s.letter(), v),
            Face::Golem => f.write_str("golem"),
            Face::Dragon => f.write_str("dragon"),
            Face::Peasant => f.write_str("peasant"),
            Face::Power(p) => f.write_str(p.name()),
        }
    }
}

impl FromStr for Face {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Face, &'static str> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "golem" => return Ok(Face::Golem),
            "dragon" => return Ok(Face::Dragon),
            "peasant" => return Ok(Face::Peasant),
            _ => {}
        }
        if let Some(p) = Power::ALL.iter().find(|p| p.name() == lower) {
            return Ok(Face::Power(*p));
        }
        let mut chars = s.chars();
        let suit = chars.next().and_then(SuitId::from_letter).ok_or("unknown card")?;
        let value: u8 = chars.as_str().parse().map_err(|_| "unknown card")?;
        if (1..=13).contains(&value) { Ok(Face::Number(suit, value)) } else { Err("card values are 1 to 13") }
    }
}

duke_core::serde_as_notation!(Face);

/// One physical card of the box, id 0..76.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card with this id, if below [`BOX_SIZE`].
    pub const fn new(id: u8) -> Option<Card> {
        if (id as usize) < BOX_SIZE { Some(Card(id)) } else { None }
    }

    /// The id.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// The printed face.
    #[inline]
    pub fn face(self) -> Face {
        FACES.get(usize::from(self.0)).copied().unwrap_or(Face::Peasant)
    }

    // Evaluated only at compile time (for `FACES`): an out-of-range index fails the build.
    #[allow(clippy::indexing_slicing)]
    const fn face_slow(self) -> Face {
        let id = self.0;
        if id < FIRST_GOLEM {
            Face::Number(SuitId(id / 13), id % 13 + 1)
        } else if id < FIRST_DRAGON {
            Face::Golem
        } else if id < FIRST_PEASANT {
            Face::Dragon
        } else if id < FIRST_POWER {
            Face::Peasant
        } else {
            let i = (id - FIRST_POWER) as usize;
            if i < 16 { Face::Power(Power::ALL_CONST[i % 16]) } else { Face::Peasant }
        }
    }

    /// The suit, for numbered cards.
    #[inline]
    pub const fn suit(self) -> Option<SuitId> {
        if self.0 < FIRST_GOLEM { Some(SuitId(self.0 / 13)) } else { None }
    }

    /// The Special Power, for power cards.
    #[inline]
    pub fn power(self) -> Option<Power> {
        if self.0 >= FIRST_POWER { Power::from_index((self.0 - FIRST_POWER) as usize) } else { None }
    }
}

/// The face of every card id, computed at compile time.
pub(crate) const FACE_TABLE: [Face; BOX_SIZE] = FACES;

/// The face of every card id, computed at compile time.
#[allow(clippy::indexing_slicing)]
const FACES: [Face; BOX_SIZE] = {
    let mut out = [Face::Peasant; BOX_SIZE];
    let mut id = 0;
    while id < BOX_SIZE {
        out[id] = Card(id as u8).face_slow();
        id += 1;
    }
    out
};

/// A set of cards of the box, as a 128-bit mask of card ids (hands, deck, played cards).
/// Not part of the wire format: saved games list cards by name ([`Setup`](crate::Setup)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u128);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);
    /// Every card of the box.
    pub const BOX: CardSet = CardSet((1u128 << BOX_SIZE) - 1);

    /// The numbered cards of one suit.
    pub const fn suit(s: SuitId) -> CardSet {
        CardSet(0x1FFFu128 << (s.0 as u32 * 13))
    }

    /// A single card.
    pub const fn one(c: Card) -> CardSet {
        CardSet(1u128 << c.0)
    }

    /// Whether `c` is in the set.
    #[inline]
    pub const fn has(self, c: Card) -> bool {
        self.0 >> c.0 & 1 == 1
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1u128 << c.0;
    }

    /// Removes a card.
    #[inline]
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1u128 << c.0);
    }

    /// Union.
    #[must_use]
    pub const fn or(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }

    /// Intersection.
    #[must_use]
    pub const fn and(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }

    /// Difference.
    #[must_use]
    pub const fn minus(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }

    /// The lowest card.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Some(Card(self.0.trailing_zeros() as u8)) }
    }

    /// The `n`th card in id order.
    pub fn nth(self, n: u32) -> Option<Card> {
        let mut bits = self.0;
        for _ in 0..n {
            bits &= bits.wrapping_sub(1);
        }
        CardSet(bits).first()
    }

    /// The lowest card with this face.
    #[inline(always)]
    pub fn find(self, face: Face) -> Option<Card> {
        self.and(face.cards()).first()
    }

    /// Cards in id order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let c = Card(bits.trailing_zeros() as u8);
            bits &= bits - 1;
            Some(c)
        })
    }

    /// One card of each face (the lowest id of duplicated faces).
    #[inline]
    pub fn distinct(self) -> CardSet {
        let mut firsts = self.0 & !(0b11u128 << FIRST_GOLEM | 0b11u128 << FIRST_DRAGON | 0b1111u128 << FIRST_PEASANT);
        for group in [0b11u128 << FIRST_GOLEM, 0b11u128 << FIRST_DRAGON, 0b1111u128 << FIRST_PEASANT] {
            let g = self.0 & group;
            firsts |= g & g.wrapping_neg();
        }
        CardSet(firsts)
    }

    /// Distinct faces in id order (duplicates appear once).
    #[inline]
    pub fn faces(self) -> impl Iterator<Item = Face> {
        // Keep only the lowest card of each duplicated face.
        let mut firsts = self.0 & !(0b11u128 << FIRST_GOLEM | 0b11u128 << FIRST_DRAGON | 0b1111u128 << FIRST_PEASANT);
        for group in [0b11u128 << FIRST_GOLEM, 0b11u128 << FIRST_DRAGON, 0b1111u128 << FIRST_PEASANT] {
            let g = self.0 & group;
            firsts |= g & g.wrapping_neg();
        }
        CardSet(firsts).iter().map(Card::face)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_has_a_face_that_maps_back() {
        for id in 0..BOX_SIZE as u8 {
            let c = Card::new(id).unwrap();
            let f = c.face();
            assert!(f.cards().has(c));
            assert_eq!(f.to_string().parse::<Face>(), Ok(f));
        }
        assert_eq!(Face::Golem.cards().len(), 2);
        assert_eq!(Face::Peasant.cards().len(), 4);
        assert_eq!(CardSet::BOX.len(), 76);
        assert_eq!(SuitId::ALL[3].race(), "Elves");
        assert_eq!(SuitId::ALL[3].colour(), "yellow");
    }
}
