//! The standard 52-card deck: suits, ranks, colours, cards and compact card sets.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::game::NotationError;

/// A French suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// ♣ (black)
    Clubs,
    /// ♦ (red)
    Diamonds,
    /// ♥ (red)
    Hearts,
    /// ♠ (black)
    Spades,
}

/// A suit's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Clubs and spades.
    Black,
    /// Diamonds and hearts.
    Red,
}

impl Suit {
    /// All four suits, in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's index 0..4 (clubs, diamonds, hearts, spades).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with index `i`, if `i < 4`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's colour.
    #[inline]
    pub const fn colour(self) -> Colour {
        match self {
            Suit::Clubs | Suit::Spades => Colour::Black,
            Suit::Diamonds | Suit::Hearts => Colour::Red,
        }
    }

    /// The one-letter name: `C`, `D`, `H`, `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }
}

/// A rank, Ace (1) to King (13). Whether an Ace counts low or high is each game's rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl Rank {
    /// The Ace (value 1).
    pub const ACE: Rank = Rank(1);
    /// The Jack (11).
    pub const JACK: Rank = Rank(11);
    /// The Queen (12).
    pub const QUEEN: Rank = Rank(12);
    /// The King (13).
    pub const KING: Rank = Rank(13);

    /// The rank with value `value` (1 = Ace ... 13 = King), if in range.
    #[inline]
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 { Some(Rank(value)) } else { None }
    }

    /// The value 1..=13.
    #[inline]
    pub const fn value(self) -> u8 {
        self.0
    }

    /// All thirteen ranks, Ace first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// The one-character name: `A 2 .. 9 T J Q K`.
    pub const fn symbol(self) -> char {
        match self.0 {
            1 => 'A',
            10 => 'T',
            11 => 'J',
            12 => 'Q',
            13 => 'K',
            v => (b'0' + v) as char,
        }
    }
}

impl TryFrom<u8> for Rank {
    type Error = &'static str;
    fn try_from(value: u8) -> Result<Rank, &'static str> {
        Rank::new(value).ok_or("a rank is 1..=13")
    }
}

impl From<Rank> for u8 {
    fn from(rank: Rank) -> u8 {
        rank.0
    }
}

/// One card of the standard deck, stored as its index 0..52 (`suit * 13 + value - 1`).
/// Serialised as its notation (`"QH"`, `"10C"`), the form players write.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

crate::serde_as_notation!(Card);

impl Card {
    /// The card of `rank` in `suit`.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 13 + rank.0 - 1)
    }

    /// The card with index `index`, if `index < 52`.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 { Some(Card(index)) } else { None }
    }

    /// The index 0..52.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        match self.0 / 13 {
            0 => Suit::Clubs,
            1 => Suit::Diamonds,
            2 => Suit::Hearts,
            _ => Suit::Spades,
        }
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 % 13 + 1)
    }

    /// The colour of the suit.
    #[inline]
    pub const fn colour(self) -> Colour {
        self.suit().colour()
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl TryFrom<u8> for Card {
    type Error = &'static str;
    fn try_from(index: u8) -> Result<Card, &'static str> {
        Card::from_index(index).ok_or("a card index is 0..52")
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

impl fmt::Display for Card {
    /// Two characters, rank then suit: `AS`, `TD`, `7H`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().symbol(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = NotationError;
    /// Reads `AS`, `10H`/`TH`, `qd` (case-insensitive).
    fn from_str(s: &str) -> Result<Card, NotationError> {
        let upper = s.trim().to_ascii_uppercase();
        let split = upper.char_indices().last().map_or(0, |(i, _)| i);
        let (rank_text, suit_text) = upper.split_at_checked(split).unwrap_or(("", ""));
        let suit = match suit_text {
            "C" => Suit::Clubs,
            "D" => Suit::Diamonds,
            "H" => Suit::Hearts,
            "S" => Suit::Spades,
            _ => return Err(NotationError::new(s, "a card ends with its suit: C, D, H or S")),
        };
        let value = match rank_text {
            "A" => 1,
            "T" | "10" => 10,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            digit => match digit.parse::<u8>() {
                Ok(v @ 2..=9) => v,
                _ => return Err(NotationError::new(s, "a card starts with its rank: A, 2-9, T, J, Q or K")),
            },
        };
        Ok(Card::new(suit, Rank(value)))
    }
}

/// A set of standard cards as a 52-bit mask: hands, piles' contents, the table.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u64", into = "u64")]
pub struct CardSet(u64);

const ALL_CARDS: u64 = (1 << 52) - 1;

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(ALL_CARDS);

    /// The set from a raw mask; bits above 51 are dropped.
    #[inline]
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & ALL_CARDS)
    }

    /// The raw mask.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The 13 cards of one suit.
    #[inline]
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x1FFF << (suit as u64 * 13))
    }

    /// The 26 cards of one colour.
    #[inline]
    pub const fn colour(colour: Colour) -> CardSet {
        match colour {
            Colour::Black => CardSet(CardSet::suit(Suit::Clubs).0 | CardSet::suit(Suit::Spades).0),
            Colour::Red => CardSet(CardSet::suit(Suit::Diamonds).0 | CardSet::suit(Suit::Hearts).0),
        }
    }

    /// Whether `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds `card`.
    #[inline]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    /// Removes `card`.
    #[inline]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// How many cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether there are none.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Cards in either set.
    #[inline]
    #[must_use]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Cards in both sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// Cards in this set and not in `other`.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// Whether every card of this set is in `other`.
    #[inline]
    pub const fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest-index card, if any.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 { None } else { Some(Card(self.0.trailing_zeros() as u8)) }
    }

    /// The cards in index order.
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl TryFrom<u64> for CardSet {
    type Error = &'static str;
    fn try_from(bits: u64) -> Result<CardSet, &'static str> {
        if bits & !ALL_CARDS == 0 { Ok(CardSet(bits)) } else { Err("a card set has bits only for cards 0..52") }
    }
}

impl From<CardSet> for u64 {
    fn from(set: CardSet) -> u64 {
        set.0
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for CardSet {
    /// The cards separated by spaces, in index order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

/// Iterator over a [`CardSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let card = Card(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_know_suit_rank_colour_and_notation() {
        let card = Card::new(Suit::Hearts, Rank::QUEEN);
        assert_eq!(card.suit(), Suit::Hearts);
        assert_eq!(card.rank(), Rank::QUEEN);
        assert_eq!(card.colour(), Colour::Red);
        assert_eq!(card.to_string(), "QH");
        assert_eq!("qh".parse::<Card>(), Ok(card));
        assert_eq!("10s".parse::<Card>(), Ok(Card::new(Suit::Spades, Rank::new(10).unwrap_or(Rank::ACE))));
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert!("1S".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("AX".parse::<Card>().is_err());
        assert!("ÄS".parse::<Card>().is_err());
        assert!("SÄ".parse::<Card>().is_err());
    }

    #[test]
    fn card_sets_partition_by_colour() {
        let black = CardSet::colour(Colour::Black);
        let red = CardSet::colour(Colour::Red);
        assert_eq!(black.len(), 26);
        assert_eq!(black.union(red), CardSet::FULL);
        assert!(black.intersection(red).is_empty());
        assert!(black.iter().all(|c| c.colour() == Colour::Black));
        let hand: CardSet = ["AS", "2S", "KD"].iter().filter_map(|s| s.parse().ok()).collect();
        assert_eq!(hand.to_string(), "KD AS 2S");
        assert!(CardSet::try_from(1u64 << 60).is_err());
        assert_eq!(serde_json::from_str::<Card>("52").ok(), None);
        assert_eq!(serde_json::from_str::<Card>("\"1X\"").ok(), None);
        let queen: Card = "QH".parse().unwrap();
        assert_eq!(serde_json::to_string(&queen).ok().as_deref(), Some("\"QH\""));
        assert_eq!(serde_json::from_str::<Card>("\"QH\"").ok(), Some(queen));
        assert_eq!(serde_json::to_string(&hand).ok().and_then(|s| serde_json::from_str(&s).ok()), Some(hand));
    }
}
