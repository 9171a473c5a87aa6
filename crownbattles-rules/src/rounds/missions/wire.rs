//! Mission cards and catalogues as they travel (rulebook "Missions"): the text rows of a
//! point table, and a catalogue read mission by mission so that an error names the mission
//! and points at it.

use core::fmt;
use std::collections::BTreeMap;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::catalogue::{
    CARD_COLUMNS, Condition, MAX_MISSIONS, Mission, MissionCatalogue, MissionError, PLAYER_ROWS, PointTable,
};

/// A mission as it travels: its condition and one text row per player count, cells
/// separated by spaces, `-` for unavailable:
/// `{"condition": {"at_least": 4}, "points": {"2": "- 30 20 5 0 0 0", ..., "7-8": "- 75 65 45 - - -"}}`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MissionWire {
    condition: Condition,
    points: BTreeMap<String, String>,
}

impl TryFrom<MissionWire> for Mission {
    type Error = MissionError;
    fn try_from(w: MissionWire) -> Result<Mission, MissionError> {
        w.condition.check()?;
        let invalid_row = |r: usize, text: &String| MissionError::Cells { row: r, text: text.clone() };
        if let Some(extra) = w.points.keys().find(|k| !PLAYER_ROWS.contains(&k.as_str())) {
            return Err(MissionError::Row(extra.clone()));
        }
        let mut rows = [[None; 7]; 6];
        for (r, (label, slot)) in PLAYER_ROWS.iter().zip(rows.iter_mut()).enumerate() {
            let text = w.points.get(*label).ok_or_else(|| MissionError::Row((*label).to_owned()))?;
            let words: Vec<&str> = text.split_whitespace().collect();
            if words.len() != CARD_COLUMNS.len() {
                return Err(invalid_row(r, text));
            }
            for (c, (cell, word)) in slot.iter_mut().zip(words).enumerate() {
                let bad = || MissionError::Cell { row: r, column: c, text: word.to_owned() };
                *cell = match word {
                    "-" => None,
                    _ => Some(word.parse::<u16>().map_err(|_| bad())?),
                };
            }
        }
        let mission = Mission { condition: w.condition, points: PointTable::new(rows)? };
        mission.check()?;
        Ok(mission)
    }
}

impl From<Mission> for MissionWire {
    fn from(m: Mission) -> MissionWire {
        let points =
            PLAYER_ROWS.iter().enumerate().map(|(r, label)| ((*label).to_owned(), m.points.row_text(r))).collect();
        MissionWire { condition: m.condition, points }
    }
}

impl<'de> Deserialize<'de> for MissionCatalogue {
    /// A list of missions, each checked as soon as it is read, so that the deserializer's
    /// error points at the bad mission (its position is the end of that mission, not of
    /// the next or of the list) and names it ([`MissionError::InMission`]).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MissionCatalogue, D::Error> {
        deserializer.deserialize_seq(CatalogueVisitor)
    }
}

/// Reads a [`MissionCatalogue`] mission by mission.
struct CatalogueVisitor;

impl<'de> Visitor<'de> for CatalogueVisitor {
    type Value = MissionCatalogue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of 1 to {MAX_MISSIONS} missions")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<MissionCatalogue, A::Error> {
        let mut missions = Vec::new();
        while let Some(mission) = seq.next_element_seed(NumberedMission(missions.len()))? {
            missions.push(mission);
        }
        MissionCatalogue::new(&missions).map_err(de::Error::custom)
    }
}

/// Mission `index` (counted from 0) of a catalogue being read: checked inside its own
/// map, so that a deserializer that records positions (`serde_json`) gives the end of this
/// mission, not a position past the next comma.
struct NumberedMission(usize);

impl<'de> DeserializeSeed<'de> for NumberedMission {
    type Value = Mission;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Mission, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for NumberedMission {
    type Value = Mission;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "mission {}: a condition and a point table", self.0 + 1)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Mission, A::Error> {
        let wire = MissionWire::deserialize(de::value::MapAccessDeserializer::new(map))?;
        let condition = wire.condition;
        Mission::try_from(wire).map_err(|e| de::Error::custom(e.in_mission(self.0, condition)))
    }
}
