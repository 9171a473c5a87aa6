//! `play` and `replay` show what the observer witnessed at set-up
//! ([`Game::opening_events`]) before the first step, in every wired game.

use duke_core::{Observer, Record, Seat};
use duke_examples::bots::BotSpec;
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::cli::PlayArgs;
use duke_examples::interactive::play;
use duke_examples::options::GameOptions;
use duke_examples::replay::replay;
use duke_examples::with_game;

/// The opening events of `G`'s default game from `seed` for seat 0, one line each as the
/// examples print them.
fn opening_lines<G: Catalogued>(seed: u64) -> (G::Config, Vec<String>) {
    let config = G::config_with(None, &GameOptions::default()).unwrap();
    let start = G::new(&config, seed).unwrap();
    let mut events = Vec::new();
    start.opening_events(Observer::Seat(Seat(0)), &mut events);
    (config, events.iter().map(|e| format!("  {e}\n")).collect())
}

fn opening_is_shown<G: Catalogued>(id: GameId) {
    let (config, lines) = opening_lines::<G>(5);
    assert!(!lines.is_empty(), "{}: no opening events", G::NAME);
    // Replay: the set-up block comes before step 0.
    let json = serde_json::to_string(&Record::<G>::new(config, 5)).unwrap();
    let mut out = Vec::new();
    replay(&json, Observer::Seat(Seat(0)), &mut out, || {}).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(&format!("set-up:\n{}", lines.concat())), "{}: replay:\n{text}", G::NAME);
    // Play: the human's log is printed from its start, before any prompt is answered.
    let args = PlayArgs {
        game: id,
        players: None,
        seat: 0,
        seed: Some(5),
        bots: vec![BotSpec::Random],
        save_record: None,
        options: GameOptions::default(),
    };
    let mut out = Vec::new();
    play::<G>(&args, 5, &mut "quit\n".as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let at = text.find("Type `help`").unwrap();
    assert!(text[at..].contains(&lines.concat()), "{}: play:\n{text}", G::NAME);
}

#[test]
fn play_and_replay_show_the_opening_events_of_every_game() {
    for &(id, _) in GameId::NAMES {
        with_game!(id, G => opening_is_shown::<G>(id));
    }
}
