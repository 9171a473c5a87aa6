//! The Archduke deck: card faces, roles, and the deck list as a data table.
//!
//! The box rulebook ("Components") says 104 cards and names the special cards (ARCHDUKE,
//! ECLIPSE, GIVE, SWAP, PEEK) but lists no composition; the crate docs ("The deck") say which
//! facts come from the rulebooks and which are our inference. The default table lives in
//! the config ([`Config::deck`](crate::Config::deck)) so that a correction is a one-line
//! change.

use core::fmt;
use core::str::FromStr;

use duke_core::NotationError;
use serde::{Deserialize, Serialize};

/// What a card does besides counting its value (rulebook, "Action + special cards").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// A plain number card: matches cards of the same value.
    Number,
    /// The ARCHDUKE card, the only negative card.
    Archduke,
    /// ECLIPSE: every ECLIPSE matches every other ECLIPSE, whatever its value (0 or 13).
    Eclipse,
    /// GIVE: give a penalty card from the draw pile to another player.
    Give,
    /// SWAP: exchange the positions of any two cards on the table.
    Swap,
    /// PEEK: look at any one card on the table.
    Peek,
}

impl Role {
    /// The action a discarded card of this role triggers, if any.
    pub const fn power(self) -> Option<Power> {
        match self {
            Role::Give => Some(Power::Give),
            Role::Swap => Some(Power::Swap),
            Role::Peek => Some(Power::Peek),
            Role::Number | Role::Archduke | Role::Eclipse => None,
        }
    }

    /// Face cards match by symbol, number cards by value.
    pub const fn is_face(self) -> bool {
        !matches!(self, Role::Number)
    }

    const fn letter(self) -> &'static str {
        match self {
            Role::Number => "",
            Role::Archduke => "A",
            Role::Eclipse => "E",
            Role::Give => "G",
            Role::Swap => "S",
            Role::Peek => "P",
        }
    }
}

/// The three actions of the action cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    /// Look at any one card on the table.
    Peek,
    /// Exchange the positions of any two cards on the table, unseen.
    Swap,
    /// Give a penalty card from the draw pile to another player, unseen.
    Give,
}

impl fmt::Display for Power {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Power::Peek => "PEEK",
            Power::Swap => "SWAP",
            Power::Give => "GIVE",
        })
    }
}

/// One line of the deck table: `copies` cards (per deck) of value `value` and role `role`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeckEntry {
    /// The points the card is worth.
    pub value: i8,
    /// How many copies one deck holds.
    pub copies: u8,
    /// What the card does.
    pub role: Role,
}

/// The default deck table, 104 cards: 2 ARCHDUKE −3, 4 ECLIPSE 0, 8 GIVE 1, 8 each of 2–10,
/// 6 SWAP 11, 8 PEEK 12, 4 ECLIPSE 13. The total, the range −3..13 and the roles are the
/// rulebooks'; the counts and which value each action card carries are our inference (see
/// the crate docs, "The deck").
pub fn standard_deck() -> Vec<DeckEntry> {
    let mut deck = vec![
        DeckEntry { value: -3, copies: 2, role: Role::Archduke },
        DeckEntry { value: 0, copies: 4, role: Role::Eclipse },
        DeckEntry { value: 1, copies: 8, role: Role::Give },
    ];
    deck.extend((2..=10).map(|value| DeckEntry { value, copies: 8, role: Role::Number }));
    deck.push(DeckEntry { value: 11, copies: 6, role: Role::Swap });
    deck.push(DeckEntry { value: 12, copies: 8, role: Role::Peek });
    deck.push(DeckEntry { value: 13, copies: 4, role: Role::Eclipse });
    deck
}

/// A card's face as shown to whoever has seen it: its value and role.
///
/// It travels (serde) as its notation, the text of `Display`: `"7"`, `"-3A"`, `"13E"`.
/// Within one deck table a face names one line, since no two lines share a value and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    /// The points the card is worth.
    pub value: i8,
    /// What the card does.
    pub role: Role,
}

impl fmt::Display for Face {
    /// `7`, `-3A` (ARCHDUKE), `0E`/`13E` (ECLIPSE), `1G` (GIVE), `11S` (SWAP), `12P` (PEEK).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{}{}", self.value, self.role.letter());
        f.pad(&text)
    }
}

impl FromStr for Face {
    type Err = NotationError;
    /// Reads a face written as `Display` writes it: the value, then the role's letter for
    /// a special card (`7`, `-3A`, `0E`, `1G`, `11S`, `12P`, `13E`).
    fn from_str(s: &str) -> Result<Face, NotationError> {
        let (digits, role) = match s.char_indices().last() {
            Some((i, 'A')) => (s.get(..i), Role::Archduke),
            Some((i, 'E')) => (s.get(..i), Role::Eclipse),
            Some((i, 'G')) => (s.get(..i), Role::Give),
            Some((i, 'S')) => (s.get(..i), Role::Swap),
            Some((i, 'P')) => (s.get(..i), Role::Peek),
            _ => (Some(s), Role::Number),
        };
        let plain = digits.is_some_and(|d| {
            let unsigned = d.strip_prefix('-').unwrap_or(d);
            !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit())
        });
        match digits.filter(|_| plain).and_then(|d| d.parse::<i8>().ok()) {
            Some(value) => Ok(Face { value, role }),
            None => Err(NotationError::new(s, "a card is its value and a role letter: 7, -3A, 0E, 1G, 11S, 12P")),
        }
    }
}

duke_core::serde_as_notation!(Face);

/// Most distinct card kinds (lines of the deck table).
pub const MAX_KINDS: usize = 16;

/// The compiled deck table kept in the state: a card is a `u8` kind index into it, since
/// copies of a kind are indistinguishable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Deck {
    pub kinds: u8,
    pub value: [i8; MAX_KINDS],
    pub role: [Role; MAX_KINDS],
    /// The match class: equal classes match (number value, or face symbol).
    pub class: [u8; MAX_KINDS],
    /// Copies per deck.
    pub copies: [u8; MAX_KINDS],
}

impl Deck {
    /// Compiles a table already checked by the config (at most [`MAX_KINDS`] lines).
    pub fn compile(table: &[DeckEntry]) -> Deck {
        let mut deck = Deck {
            kinds: 0,
            value: [0; MAX_KINDS],
            role: [Role::Number; MAX_KINDS],
            class: [0; MAX_KINDS],
            copies: [0; MAX_KINDS],
        };
        for (i, entry) in table.iter().take(MAX_KINDS).enumerate() {
            // Class = index of the first line that matches this one.
            let class = table
                .iter()
                .take(i)
                .position(|e| {
                    if entry.role.is_face() {
                        e.role == entry.role
                    } else {
                        !e.role.is_face() && e.value == entry.value
                    }
                })
                .unwrap_or(i);
            if let (Some(v), Some(r), Some(c), Some(n)) =
                (deck.value.get_mut(i), deck.role.get_mut(i), deck.class.get_mut(i), deck.copies.get_mut(i))
            {
                *v = entry.value;
                *r = entry.role;
                *c = class as u8;
                *n = entry.copies;
            }
            deck.kinds = i as u8 + 1;
        }
        deck
    }

    /// The table back as config lines.
    pub fn table(&self) -> Vec<DeckEntry> {
        (0..self.kinds as usize)
            .map(|k| DeckEntry {
                value: self.value.get(k).copied().unwrap_or(0),
                copies: self.copies.get(k).copied().unwrap_or(0),
                role: self.role.get(k).copied().unwrap_or(Role::Number),
            })
            .collect()
    }

    #[inline]
    pub fn value(&self, card: u8) -> i8 {
        self.value.get(card as usize).copied().unwrap_or(0)
    }

    #[inline]
    pub fn role(&self, card: u8) -> Role {
        self.role.get(card as usize).copied().unwrap_or(Role::Number)
    }

    #[inline]
    pub fn face(&self, card: u8) -> Face {
        Face { value: self.value(card), role: self.role(card) }
    }

    /// The kind (table line) with this face, if the table has one.
    pub fn kind_of(&self, face: Face) -> Option<u8> {
        (0..self.kinds).find(|&k| self.face(k) == face)
    }

    /// Whether two cards match (rulebook, "Matching"; ECLIPSE 0 and 13 match each other).
    #[inline]
    pub fn matches(&self, a: u8, b: u8) -> bool {
        match (self.class.get(a as usize), self.class.get(b as usize)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_deck_has_104_cards_from_minus_3_to_13() {
        let deck = standard_deck();
        assert_eq!(deck.iter().map(|e| u32::from(e.copies)).sum::<u32>(), 104);
        assert_eq!(deck.iter().map(|e| e.value).min(), Some(-3));
        assert_eq!(deck.iter().map(|e| e.value).max(), Some(13));
        assert_eq!(deck.len(), 15);
    }

    #[test]
    fn eclipses_match_each_other_and_numbers_match_by_value() {
        let table = standard_deck();
        let deck = Deck::compile(&table);
        let kind = |v: i8| table.iter().position(|e| e.value == v).map(|k| k as u8).unwrap();
        assert!(deck.matches(kind(0), kind(13)));
        assert!(deck.matches(kind(13), kind(0)));
        assert!(!deck.matches(kind(12), kind(11)));
        assert!(deck.matches(kind(7), kind(7)));
        assert_eq!(deck.table(), table);
    }

    #[test]
    fn faces_read_back_from_their_notation_and_travel_as_it() {
        for entry in standard_deck() {
            let face = Face { value: entry.value, role: entry.role };
            assert_eq!(face.to_string().parse::<Face>(), Ok(face));
            let json = serde_json::to_string(&face).unwrap();
            assert_eq!(json, format!("\"{face}\""));
            assert_eq!(serde_json::from_str::<Face>(&json).unwrap(), face);
        }
        assert_eq!("-3A".parse::<Face>(), Ok(Face { value: -3, role: Role::Archduke }));
        for bad in ["", "A", "-", "+7", "7X", "12p", "128", "1 2", "--3A", "7E "] {
            assert!(bad.parse::<Face>().is_err(), "{bad:?}");
        }
        assert!(serde_json::from_str::<Face>(r#"{"value":7,"role":"Number"}"#).is_err(), "the old form is gone");
    }
}
