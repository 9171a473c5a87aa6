//! The deck (rulebook "Components", "Set up 1", "Special Power cards: Set up"): which cards
//! of the box are shuffled in, as a data table.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardSet, Face, Power, SuitId};
use crate::error::ConfigError;

/// The deck: which cards of the box are shuffled in (a data table; the crate docs, "The
/// deck", list the box). It travels as `{"values": {"R": "1-13", "G": "5-9,11", ...},
/// "golems": 2, "dragons": 2, "peasants": 4, "powers": ["thief", "wizard"]}`: per suit
/// the values in it as ranges (a suit left out has none), and the powers by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "DeckWire", into = "DeckWire")]
pub struct DeckSpec {
    /// For each suit (red, green, blue, yellow), bit `v - 1` set when value `v` is in.
    pub values: [u16; 4],
    /// Golems (0–2).
    pub golems: u8,
    /// Dragons (0–2).
    pub dragons: u8,
    /// Peasants (0–4).
    pub peasants: u8,
    /// Special Power cards, bit [`Power::index`] set when in.
    pub powers: u16,
}

impl DeckSpec {
    /// Values `low..=high` of the first `suits` suits, plus the given non-suited cards.
    pub fn range(suits: usize, low: u8, high: u8, golems: u8, dragons: u8, peasants: u8) -> DeckSpec {
        let mut mask = 0u16;
        let mut v = if low == 0 { 1 } else { low };
        while v <= high && v <= 13 {
            mask |= 1 << (v - 1);
            v += 1;
        }
        let mut values = [0u16; 4];
        for v in values.iter_mut().take(suits) {
            *v = mask;
        }
        DeckSpec { values, golems, dragons, peasants, powers: 0 }
    }

    /// The 60-card deck (Set up 1): all 52, 2 Golems, 2 Dragons, 4 Peasants.
    pub fn standard() -> DeckSpec {
        DeckSpec::range(4, 1, 13, 2, 2, 4)
    }

    /// The 40-card two-player deck (Set up 1): 5–13 of all suits, 1 Golem, 1 Dragon, 2 Peasants.
    pub fn two_player() -> DeckSpec {
        DeckSpec::range(4, 5, 13, 1, 1, 2)
    }

    /// Adds these Special Power cards.
    #[must_use]
    pub fn with_powers(mut self, powers: &[Power]) -> DeckSpec {
        for p in powers {
            self.powers |= 1 << p.index();
        }
        self
    }

    /// Adds the first `n` powers of [`Power::PRESET_ORDER`].
    #[must_use]
    pub fn with_n_powers(self, n: usize) -> DeckSpec {
        self.with_powers(Power::PRESET_ORDER.get(..n.min(16)).unwrap_or(&[]))
    }

    /// Replaces up to 4 Peasants by these powers ("Special Power cards: Set up").
    #[must_use]
    pub fn replacing_peasants(mut self, powers: &[Power]) -> DeckSpec {
        let n = powers.len().min(usize::from(self.peasants)) as u8;
        self.peasants -= n;
        self.with_powers(powers.get(..usize::from(n)).unwrap_or(&[]))
    }

    /// Whether this power is in the deck.
    pub const fn has(&self, p: Power) -> bool {
        self.powers >> p as u16 & 1 == 1
    }

    /// The cards of the box in the deck.
    pub fn cards(&self) -> CardSet {
        let mut set = CardSet::EMPTY;
        for s in SuitId::ALL {
            let mask = u128::from(self.values.get(s.index()).copied().unwrap_or(0) & 0x1FFF);
            set = set.or(CardSet(mask << (s.index() * 13)));
        }
        // The first `n` copies of a face (its lowest ids), at most as many as the box holds.
        let take = |face: Face, n: u8| {
            let copies = face.cards();
            let first = copies.first().map_or(0, Card::id);
            let wanted = 1u128.checked_shl(u32::from(n)).map_or(u128::MAX, |b| b - 1);
            CardSet(copies.0 & wanted.checked_shl(u32::from(first)).unwrap_or(0))
        };
        set = set
            .or(take(Face::Golem, self.golems))
            .or(take(Face::Dragon, self.dragons))
            .or(take(Face::Peasant, self.peasants));
        set.or(CardSet(u128::from(self.powers) << Power::Alchemist.card().id()))
    }

    pub(crate) fn check(&self) -> Result<(), ConfigError> {
        if self.values.iter().any(|&m| m >> 13 != 0) {
            return Err(ConfigError::NotInBox { what: "values 1 to 13", limit: 13 });
        }
        for (n, limit, what) in
            [(self.golems, 2, "Golems"), (self.dragons, 2, "Dragons"), (self.peasants, 4, "Peasants")]
        {
            if n > limit {
                return Err(ConfigError::NotInBox { what, limit });
            }
        }
        Ok(())
    }
}

/// [`DeckSpec`] as it travels.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckWire {
    values: BTreeMap<SuitId, String>,
    golems: u8,
    dragons: u8,
    peasants: u8,
    powers: Vec<Power>,
}

/// A set of values 1–13 (bit `v - 1`) as ranges: `1-13`, `5-9,11`; empty for none.
fn ranges(mask: u16) -> String {
    let mut out = Vec::new();
    let mut v = 1;
    while v <= 13 {
        if mask >> (v - 1) & 1 == 0 {
            v += 1;
            continue;
        }
        let start = v;
        while v < 13 && mask >> v & 1 == 1 {
            v += 1;
        }
        out.push(if start == v { format!("{v}") } else { format!("{start}-{v}") });
        v += 1;
    }
    out.join(",")
}

/// Reads [`ranges`] back.
fn parse_ranges(text: &str) -> Result<u16, &'static str> {
    let value = |t: &str| t.trim().parse::<u16>().ok().filter(|v| (1..=13).contains(v)).ok_or("values are 1 to 13");
    let mut mask = 0;
    for part in text.split(',').filter(|p| !p.trim().is_empty()) {
        let (low, high) = match part.split_once('-') {
            Some((low, high)) => (value(low)?, value(high)?),
            None => (value(part)?, value(part)?),
        };
        for v in low..=high {
            mask |= 1 << (v - 1);
        }
    }
    Ok(mask)
}

impl TryFrom<DeckWire> for DeckSpec {
    type Error = &'static str;
    fn try_from(w: DeckWire) -> Result<DeckSpec, &'static str> {
        let mut values = [0; 4];
        for (suit, text) in &w.values {
            if let Some(slot) = values.get_mut(suit.index()) {
                *slot = parse_ranges(text)?;
            }
        }
        let powers = w.powers.iter().fold(0, |m, p| m | 1 << p.index());
        Ok(DeckSpec { values, golems: w.golems, dragons: w.dragons, peasants: w.peasants, powers })
    }
}

impl From<DeckSpec> for DeckWire {
    fn from(d: DeckSpec) -> DeckWire {
        DeckWire {
            values: SuitId::ALL
                .into_iter()
                .filter_map(|s| {
                    let mask = d.values.get(s.index()).copied().unwrap_or(0) & 0x1FFF;
                    (mask != 0).then(|| (s, ranges(mask)))
                })
                .collect(),
            golems: d.golems,
            dragons: d.dragons,
            peasants: d.peasants,
            powers: Power::ALL.into_iter().filter(|&p| d.has(p)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_values_travel_as_ranges() {
        for mask in 0..1u16 << 13 {
            assert_eq!(parse_ranges(&ranges(mask)), Ok(mask), "{mask:b}");
        }
        assert_eq!(ranges(0x1FFF), "1-13");
        assert_eq!(ranges(0b1_0101_1111_0000), "5-9,11,13");
        assert!(parse_ranges("0-3").is_err() && parse_ranges("4-14").is_err() && parse_ranges("x").is_err());
    }

    #[test]
    fn deck_cards_take_the_lowest_copies_of_each_face() {
        for n in 0..=u8::MAX {
            let spec = DeckSpec { values: [0; 4], golems: n, dragons: n, peasants: n, powers: 0 };
            let mut want = CardSet::EMPTY;
            for face in [Face::Golem, Face::Dragon, Face::Peasant] {
                for c in face.cards().iter().take(usize::from(n)) {
                    want.insert(c);
                }
            }
            assert_eq!(spec.cards(), want, "{n}");
        }
    }
}
