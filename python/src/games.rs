//! The games by name: building a session from a config given as JSON, or from a record.

use archduke_rules::Archduke;
use crownbattles_rules::CrownBattles;
use duke_core::{Game, GameConfig, Learning, Record};
use dukesup_rules::DukesUp;
use theduke_rules::{ExpandedDuke, TheDuke};

use crate::session::{DynGame, Listing, Session};

/// The games' names, as on the Rust command lines.
pub const NAMES: [&str; 4] = ["theduke", "archduke", "dukesup", "crownbattles"];

fn config_of<G: Game>(config: Option<&str>, players: Option<u8>) -> Result<G::Config, String> {
    match config {
        Some(json) => serde_json::from_str(json).map_err(|e| format!("bad {} config: {e}", G::NAME)),
        None => G::Config::bounded(players).map_err(|e| e.to_string()),
    }
}

/// How `Game.legal_indices` lists a game's legal actions: from the bit mask
/// ([`Listing::Bits`]), except in Dukes Up!, whose mask has 18,469 bits (289 words to clear
/// and scan) for about 8 legal actions a turn: there listing the actions and indexing each
/// costs a quarter fewer instructions (callgrind, the bench loop). The others' masks are
/// short (Crown Battles), or their lists long (Archduke's swaps: thousands) or their
/// indexing dearer (The Duke).
const DUKESUP_LISTING: Listing = Listing::Actions;

fn session<G: Learning>(config: G::Config, seed: u64, listing: Listing) -> Result<Box<dyn DynGame>, String> {
    Session::<G>::new(config, seed).map(|s| Box::new(s.with_listing(listing)) as Box<dyn DynGame>)
}

/// A new game: `config` as JSON (the Rust JSON field names), or `None` for the bounded
/// rulebook game (`GameConfig::bounded`) with `players` seats. The Duke plays with the
/// run-time engine when the config has options of Expanded play.
pub fn new_game(name: &str, config: Option<&str>, players: Option<u8>, seed: u64) -> Result<Box<dyn DynGame>, String> {
    match name {
        "theduke" => {
            let config = config_of::<TheDuke>(config, players)?;
            if TheDuke::new(&config, seed).is_ok() {
                session::<TheDuke>(config, seed, Listing::Bits)
            } else {
                session::<ExpandedDuke>(config, seed, Listing::Bits)
            }
        }
        "archduke" => session::<Archduke>(config_of::<Archduke>(config, players)?, seed, Listing::Bits),
        "dukesup" => session::<DukesUp>(config_of::<DukesUp>(config, players)?, seed, DUKESUP_LISTING),
        "crownbattles" => session::<CrownBattles>(config_of::<CrownBattles>(config, players)?, seed, Listing::Bits),
        other => Err(format!("unknown game {other:?}; the games are {}", NAMES.join(", "))),
    }
}

fn replay<G: Learning>(json: &str, listing: Listing) -> Result<Box<dyn DynGame>, String> {
    let record: Record<G> = serde_json::from_str(json).map_err(|e| format!("bad {} record: {e}", G::NAME))?;
    Session::<G>::from_record(record).map(|s| Box::new(s.with_listing(listing)) as Box<dyn DynGame>)
}

/// A game replayed from a record's JSON (as `Game.record()` or the Rust `Record` writes it).
pub fn from_record(json: &str) -> Result<Box<dyn DynGame>, String> {
    #[derive(serde::Deserialize)]
    struct Header {
        game: String,
        config: serde_json::Value,
    }
    let header: Header = serde_json::from_str(json).map_err(|e| format!("bad record: {e}"))?;
    match header.game.as_str() {
        "theduke" => {
            let config: theduke_rules::Config =
                serde_json::from_value(header.config).map_err(|e| format!("bad theduke config: {e}"))?;
            if TheDuke::new(&config, 0).is_ok() {
                replay::<TheDuke>(json, Listing::Bits)
            } else {
                replay::<ExpandedDuke>(json, Listing::Bits)
            }
        }
        "archduke" => replay::<Archduke>(json, Listing::Bits),
        "dukesup" => replay::<DukesUp>(json, DUKESUP_LISTING),
        "crownbattles" => replay::<CrownBattles>(json, Listing::Bits),
        other => Err(format!("unknown game {other:?} in the record")),
    }
}
