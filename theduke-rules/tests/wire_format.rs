//! The wire format: what a server stores and sends. Actions and squares travel as their
//! notation (`"c2-c4"`, `"c2"`), a saved state as its `Setup`, and the golden files under
//! tests/golden pin the JSON of a whole game's record, a seat's view and a saved state, so
//! that any change of the format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p theduke-rules --test wire_format` and review the diff.

use duke_core::{Game, GameRng, Observer, Record, Seat};
use theduke_rules::{Action, Config, Event, FirstPlayer, Phase, Square, TheDuke, View};

const SEED: u64 = 2024;

/// A short complete game: random legal play from a fixed seed, drawn at a 25-turn limit.
fn short_game() -> (Record<TheDuke>, Vec<TheDuke>) {
    let config = Config { first_player: FirstPlayer::Random, turn_limit: Some(25), ..Config::default() };
    let mut game = TheDuke::new(&config, SEED).unwrap();
    let mut record = Record::new(config, SEED);
    let mut states = vec![game];
    let mut rng = GameRng::new(SEED);
    let mut buf = Vec::new();
    while !game.is_over() {
        let seat = game.side_to_move();
        game.legal_actions(seat, &mut buf);
        let action = buf[rng.below(buf.len() as u32) as usize];
        game.apply(seat, action).unwrap();
        record.push(seat, action);
        states.push(game);
    }
    (record, states)
}

/// Compares `text` with the golden file `name` (rewriting it first under UPDATE_GOLDEN)
/// and returns the file's text.
fn golden(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    duke_core::testing::rules_table::golden_file(&path, text).unwrap_or_else(|why| panic!("{why}"))
}

#[test]
fn a_game_record_is_pinned_and_replays() {
    let (record, states) = short_game();
    assert!((30..=60).contains(&record.steps.len()), "{} steps", record.steps.len());
    let stored = golden("record.json", &serde_json::to_string_pretty(&record).unwrap());
    let read: Record<TheDuke> = serde_json::from_str(&stored).unwrap();
    assert_eq!(read, record);
    let end = read.replay().unwrap();
    assert_eq!(Some(&end), states.last());
    assert!(end.is_over());
}

#[test]
fn a_seat_view_mid_game_is_pinned() {
    let (_, states) = short_game();
    let state = states[20];
    let view = state.view(Observer::Seat(Seat(0)));
    let stored = golden("view.json", &serde_json::to_string_pretty(&view).unwrap());
    assert_eq!(serde_json::from_str::<View>(&stored).unwrap(), view);
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() {
    let (_, states) = short_game();
    // A drawn tile waiting to be placed, the richest phase to save.
    let state = *states.iter().find(|s| matches!(s.phase(), Phase::Place { .. })).unwrap();
    let stored = golden("state.json", &serde_json::to_string_pretty(&state).unwrap());
    assert_eq!(serde_json::from_str::<TheDuke>(&stored).unwrap(), state);
}

#[test]
fn actions_squares_and_events_travel_as_notation() {
    for text in ["duke c1", "footman b1", "c2-c4", "c2*d4", "d1:c2-c3", "draw", "place d2"] {
        let action: Action = text.parse().unwrap();
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    }
    let square: Square = "c2".parse().unwrap();
    assert_eq!(serde_json::to_string(&square).unwrap(), "\"c2\"");
    assert_eq!(serde_json::from_str::<Square>("\"C2\"").unwrap(), square);
    let bad = serde_json::from_str::<Action>("\"c2-c9\"").unwrap_err();
    assert!(bad.to_string().contains("bad square"), "{bad}");
    assert!(serde_json::from_str::<Square>("8").is_err(), "the old index form is gone");
    // Events name squares and actions the same way.
    let (record, states) = short_game();
    let mut events = Vec::new();
    let mut text = String::new();
    for (i, step) in record.steps.iter().enumerate() {
        TheDuke::events(&states[i], step.seat, step.action, &states[i + 1], Observer::Spectator, &mut events);
        for event in &events {
            let json = serde_json::to_string(event).unwrap();
            assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), *event);
            text.push_str(&json);
        }
    }
    assert!(text.contains(r#""square":"c1""#) || text.contains(r#""square":"d1""#), "{text}");
}
