//! Naming a physical card in a [`Setup`](super::Setup): a face, or one copy of a face the
//! box holds several of (rulebook "Components": 2 Golems, 2 Dragons, 4 Peasants).
//!
//! Copies look alike at the table, but the engine keeps each physical card apart (which
//! copy a seat knows about, which one a hand gives away), so a saved game names copies
//! exactly (`golem#2`) while a hand-written setup may just say `golem`.

use core::fmt;
use core::str::FromStr;

use crate::cards::{Card, CardSet, Face};

/// A card named in a [`Setup`](super::Setup): `R12`, `spy`, `golem` (some copy: the setup
/// picks it), or `golem#2` (that copy: `#1` to `#2` for Golems and Dragons, `#1` to `#4`
/// for Peasants). Travels as that text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardName {
    /// The printed face.
    pub face: Face,
    /// Which copy of a Golem, Dragon or Peasant (1-based); `None`: any copy.
    pub copy: Option<u8>,
}

impl CardName {
    /// The name of this exact physical card (with its copy number when the face has copies).
    pub fn exact(card: Card) -> CardName {
        let face = card.face();
        let copies = face.cards();
        let copy = (copies.len() > 1).then(|| copies.minus(CardSet(u128::MAX << card.id())).len() as u8 + 1);
        CardName { face, copy }
    }

    /// The physical card this name pins down, if it names one copy (or a face with one copy).
    pub fn card(self) -> Option<Card> {
        let copies = self.face.cards();
        match self.copy {
            Some(k) => copies.nth(u32::from(k).checked_sub(1)?),
            None if copies.len() == 1 => copies.first(),
            None => None,
        }
    }

    /// The lowest card of `among` this name may stand for.
    pub(crate) fn pick(self, among: CardSet) -> Option<Card> {
        match self.card() {
            Some(card) => among.has(card).then_some(card),
            None => among.find(self.face),
        }
    }
}

impl From<Face> for CardName {
    fn from(face: Face) -> CardName {
        CardName { face, copy: None }
    }
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.copy {
            Some(k) => write!(f, "{}#{k}", self.face),
            None => write!(f, "{}", self.face),
        }
    }
}

impl FromStr for CardName {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<CardName, &'static str> {
        let (face, copy) = match s.split_once('#') {
            Some((face, copy)) => (face, Some(copy)),
            None => (s, None),
        };
        let face: Face = face.parse()?;
        let Some(copy) = copy else { return Ok(face.into()) };
        let copies = face.cards().len();
        if copies < 2 {
            return Err("only Golems, Dragons and Peasants have copies (#1, #2, ...)");
        }
        match copy.parse::<u8>() {
            Ok(k) if k >= 1 && u32::from(k) <= copies && !copy.starts_with('+') => Ok(CardName { face, copy: Some(k) }),
            _ => Err("no such copy: Golems and Dragons are #1-#2, Peasants #1-#4"),
        }
    }
}

duke_core::serde_as_notation!(CardName);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::BOX_SIZE;

    #[test]
    fn every_card_of_the_box_has_an_exact_name_that_reads_back() {
        for id in 0..BOX_SIZE as u8 {
            let card = Card::new(id).unwrap();
            let name = CardName::exact(card);
            assert_eq!(name.card(), Some(card));
            assert_eq!(name.to_string().parse::<CardName>(), Ok(name));
        }
        assert_eq!(CardName::exact(Face::Peasant.cards().nth(3).unwrap()).to_string(), "peasant#4");
        assert_eq!("golem".parse::<CardName>().unwrap().card(), None);
        for bad in ["golem#3", "golem#0", "peasant#5", "R12#1", "spy#1", "golem#", "golem#+1", "golem#x"] {
            assert!(bad.parse::<CardName>().is_err(), "{bad}");
        }
    }
}
