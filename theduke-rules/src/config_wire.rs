//! How a [`Config`] is read: a private copy of its fields with the same serde attributes,
//! converted with [`Config::check`], so that a config the engine would refuse never loads
//! (not in a record, a setup or a saved state either). Writing stays `Config`'s derived
//! `Serialize`. Also reads the first player's old names (`"Random"`, `"Seat0"`, `"Seat1"`,
//! the JSON of the enum `FirstPlayer` it replaced) so that saved files still load.

use std::fmt;

use duke_core::Seat;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use crate::config::{Config, ConfigError, Objective, Readings, TerrainOptions};
use crate::format::CustomTiles;

/// The fields of [`Config`] as read from JSON, before the check.
#[derive(Deserialize)]
pub(crate) struct ConfigWire {
    #[serde(default, deserialize_with = "first_player")]
    first_player: Option<Seat>,
    turn_limit: Option<u32>,
    #[serde(default)]
    enhanced_tiles: bool,
    #[serde(default)]
    tiles: Option<CustomTiles>,
    #[serde(default)]
    readings: Readings,
    #[serde(default)]
    terrain: TerrainOptions,
    #[serde(default)]
    objective: Objective,
}

impl TryFrom<ConfigWire> for Config {
    type Error = ConfigError;

    fn try_from(wire: ConfigWire) -> Result<Config, ConfigError> {
        let config = Config {
            first_player: wire.first_player,
            turn_limit: wire.turn_limit,
            enhanced_tiles: wire.enhanced_tiles,
            tiles: wire.tiles,
            readings: wire.readings,
            terrain: wire.terrain,
            objective: wire.objective,
            built: crate::config::Built::default(),
        };
        config.check()?;
        Ok(config)
    }
}

/// Reads `first_player`: a seat number or `null`, or one of the old names.
fn first_player<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Seat>, D::Error> {
    deserializer.deserialize_any(FirstPlayerVisitor)
}

struct FirstPlayerVisitor;

impl<'de> Visitor<'de> for FirstPlayerVisitor {
    type Value = Option<Seat>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a seat number, null, or \"Random\", \"Seat0\" or \"Seat1\"")
    }

    fn visit_none<E: de::Error>(self) -> Result<Option<Seat>, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<Seat>, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Option<Seat>, D::Error> {
        deserializer.deserialize_any(FirstPlayerVisitor)
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Option<Seat>, E> {
        u8::try_from(n).map(|n| Some(Seat(n))).map_err(|_| E::invalid_value(de::Unexpected::Unsigned(n), &self))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Option<Seat>, E> {
        u8::try_from(n).map(|n| Some(Seat(n))).map_err(|_| E::invalid_value(de::Unexpected::Signed(n), &self))
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Option<Seat>, E> {
        match name {
            "Random" => Ok(None),
            "Seat0" => Ok(Some(Seat(0))),
            "Seat1" => Ok(Some(Seat(1))),
            _ => Err(E::unknown_variant(name, &["Random", "Seat0", "Seat1"])),
        }
    }
}
