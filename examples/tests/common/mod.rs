//! Helpers shared by the examples' tests of The Duke's Expanded play.

use duke_core::{Game, Observer, Record};
use duke_examples::catalog::{Catalogued, ExpandedDuke, GameId};
use duke_examples::cli::PlayArgs;
use duke_examples::interactive::{Ending, play};
use duke_examples::replay::replay;

/// Plays a terminal game of `play` with these command-line arguments, the human always
/// choosing the first listed action, to its end: returns what the terminal showed and the
/// record, after checking that the arguments chose the expanded engine, that the game
/// finished and that its record replays to the end.
pub fn terminal_game(args: &[&str], seed: u64) -> (String, Record<ExpandedDuke>) {
    let args = PlayArgs::parse(args.iter().map(|a| a.to_string())).unwrap();
    assert_eq!(args.game, GameId::ExpandedDuke);
    let config = ExpandedDuke::config_with(None, &args.options).unwrap();
    let script = "1\n".repeat(ExpandedDuke::max_actions(&config).min(100_000) as usize);
    let mut out = Vec::new();
    let (ending, record) = play::<ExpandedDuke>(&args, seed, &mut script.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(ending, Ending::Finished, "{text}");
    assert!(record.replay().unwrap().is_over());
    (text, record)
}

/// The spectator's replay of a saved Expanded `record`, after checking that the saved file
/// picks the expanded engine.
pub fn replayed_as_expanded(record: &Record<ExpandedDuke>) -> String {
    let json = serde_json::to_string(record).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(GameId::of_record("theduke", value.get("config")), Some(GameId::ExpandedDuke));
    let mut out = Vec::new();
    replay(&json, Observer::Spectator, &mut out, || {}).unwrap();
    String::from_utf8(out).unwrap()
}
