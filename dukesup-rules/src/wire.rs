//! The wire format of card sets: a list of cards in notation (`["3C", "7H"]`), lowest index
//! first, never the internal 52-bit mask that `CardSet` is stored as. Used with
//! `#[serde(with = ...)]` on every card set in views, events and melds.

use duke_core::{Card, CardSet};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serializer};

/// Reads a list of cards, refusing a card listed twice (a set holds each card once).
fn read<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
    let cards = Vec::<Card>::deserialize(deserializer)?;
    let set: CardSet = cards.iter().copied().collect();
    if set.len() == cards.len() { Ok(set) } else { Err(D::Error::custom("a card is listed twice")) }
}

/// A `CardSet` as a list of cards.
pub(crate) mod card_list {
    use super::{CardSet, Deserializer, Serializer};

    /// Writes the cards in index order.
    pub(crate) fn serialize<S: Serializer>(set: &CardSet, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(set.iter())
    }

    /// Reads a list of distinct cards.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<CardSet, D::Error> {
        super::read(deserializer)
    }
}

/// An `Option<CardSet>` as `null` or a list of cards.
pub(crate) mod option_card_list {
    use serde::{Deserialize, Deserializer, Serializer};

    use super::CardSet;

    /// A list of distinct cards, for `Option` below.
    #[derive(serde::Deserialize)]
    #[serde(transparent)]
    struct Listed(#[serde(with = "super::card_list")] CardSet);

    /// Writes `null` or the cards in index order.
    pub(crate) fn serialize<S: Serializer>(set: &Option<CardSet>, serializer: S) -> Result<S::Ok, S::Error> {
        match set {
            Some(set) => serializer.collect_seq(set.iter()),
            None => serializer.serialize_none(),
        }
    }

    /// Reads `null` or a list of distinct cards.
    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<CardSet>, D::Error> {
        Ok(Option::<Listed>::deserialize(deserializer)?.map(|Listed(set)| set))
    }
}
