//! The Duke's Expanded play through the examples: `--enhanced` and `--tiles FILE` reach
//! the engine, games are simulated, played from the terminal, saved and replayed by the
//! expanded engine, and a bad tile file is a message, not a crash.
#![cfg(feature = "theduke")]

mod common;

use std::path::PathBuf;

use duke_core::Game;
use duke_examples::bots::{BotSpec, IsmctsSettings};
use duke_examples::catalog::{Catalogued, ExpandedDuke, GameId};
use duke_examples::cli::SimulateArgs;
use duke_examples::options::GameOptions;
use duke_examples::simulate::run;

/// The sample tile set shipped with the examples: the base box plus a Sentinel (Dread,
/// Defense, Escape) and an Envoy (Jump Slide, Command, Ransom).
fn house_tiles() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/house_tiles.json")
}

fn all_options() -> GameOptions {
    GameOptions { enhanced_tiles: true, tiles: Some(house_tiles()), ..GameOptions::default() }
}

fn bots() -> Vec<BotSpec> {
    vec![BotSpec::Ismcts(IsmctsSettings { iterations: 8, ..IsmctsSettings::default() }), BotSpec::Greedy]
}

#[test]
fn options_reach_the_config() {
    let config = ExpandedDuke::config_with(None, &all_options()).unwrap();
    assert!(config.enhanced_tiles);
    let tiles = config.tiles.as_ref().unwrap().spec();
    assert!(tiles.tiles.iter().any(|t| t.name == "Sentinel") && tiles.tiles.iter().any(|t| t.name == "Envoy"));
    let game = ExpandedDuke::new(&config, 3).unwrap();
    let names: Vec<&str> = game.tile_source().tiles().iter().map(|t| t.name.as_str()).collect();
    for name in ["Duke", "Sentinel", "Envoy", "Duchess", "Oracle"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
}

#[test]
fn simulated_expanded_games_are_saved_and_replayed_by_the_expanded_engine() {
    for options in [GameOptions { enhanced_tiles: true, tiles: None, ..GameOptions::default() }, all_options()] {
        let (summary, record) = run::<ExpandedDuke>(None, &options, 3, 11, &bots(), |_| {}).unwrap();
        assert_eq!(summary.games, 3);
        let text = common::replayed_as_expanded(&record.unwrap());
        assert!(text.contains("Game over.") || text.contains("ends before"), "{text}");
    }
    // A standard record is still replayed by the standard engine.
    let standard = serde_json::json!({"first_player": "Random", "turn_limit": 200});
    assert_eq!(GameId::of_record("theduke", Some(&standard)), Some(GameId::TheDuke));
}

#[test]
fn the_enhanced_tiles_are_drawn_and_placed_in_simulated_games() {
    let options = GameOptions { enhanced_tiles: true, tiles: None, ..GameOptions::default() };
    let mut placed = Vec::new();
    for seed in 0..12 {
        let (_, record) = run::<ExpandedDuke>(None, &options, 1, seed, &bots(), |_| {}).unwrap();
        let record = record.unwrap();
        record
            .replay_with(|_, _, state| {
                for square in (0..36u8).filter_map(theduke_rules::Square::new) {
                    if let Some(piece) = state.piece_at(square) {
                        let name = &state.tile_source().tiles()[usize::from(piece.kind.0)].name;
                        if (name == "Duchess" || name == "Oracle") && !placed.contains(name) {
                            placed.push(name.clone());
                        }
                    }
                }
            })
            .unwrap();
    }
    placed.sort();
    assert_eq!(placed, ["Duchess", "Oracle"]);
}

#[test]
fn a_game_with_a_tile_file_is_playable_from_the_terminal() {
    let tiles = house_tiles();
    let args = ["--game", "theduke", "--enhanced", "--tiles", tiles.to_str().unwrap(), "--bots", "random"];
    let (text, _) = common::terminal_game(&args, 2);
    assert!(text.starts_with("The Duke (Expanded play)"), "{text}");
}

#[test]
fn a_bad_tile_file_is_a_message() {
    let dir = std::env::temp_dir().join(format!("duke-examples-tiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let missing = GameOptions { enhanced_tiles: false, tiles: Some(dir.join("none.json")), ..GameOptions::default() };
    assert!(ExpandedDuke::config_with(None, &missing).unwrap_err().contains("cannot read"));
    let garbled = dir.join("garbled.json");
    std::fs::write(&garbled, "{\"version\": 1, \"tiles\": 3}").unwrap();
    let why = ExpandedDuke::config_with(
        None,
        &GameOptions { enhanced_tiles: false, tiles: Some(garbled), ..GameOptions::default() },
    )
    .unwrap_err();
    assert!(why.starts_with("--tiles"), "{why}");
    let wrong_version = dir.join("v7.json");
    let text = std::fs::read_to_string(house_tiles()).unwrap().replacen("\"version\": 1", "\"version\": 7", 1);
    std::fs::write(&wrong_version, text).unwrap();
    let why = ExpandedDuke::config_with(
        None,
        &GameOptions { enhanced_tiles: true, tiles: Some(wrong_version), ..GameOptions::default() },
    )
    .unwrap_err();
    assert!(why.contains('7'), "{why}");
    let parsed = SimulateArgs::parse(["--game", "theduke", "--tiles", "x.json"].map(String::from)).unwrap();
    assert_eq!(parsed.games, vec![GameId::ExpandedDuke]);
    std::fs::remove_dir_all(&dir).unwrap();
}
