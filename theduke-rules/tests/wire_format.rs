//! The wire format: what a server stores and sends. Actions and squares travel as their
//! notation (`"c2-c4"`, `"c2"`), a saved state as its `Setup`, and the golden files under
//! tests/golden pin the JSON of a whole game's record, a seat's view and a saved state, so
//! that any change of the format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p theduke-rules --test wire_format` and review the diff.
//! The checks every game shares are `duke_core::testing::wire`'s; this file adds The Duke's.

use duke_core::testing::Failure;
use duke_core::testing::wire::{self, SeatChoice, Wire, uniform};
use duke_core::{Observer, Seat};
use theduke_rules::{Action, Config, Phase, Square, TheDuke};

const SEED: u64 = 2024;

/// A short complete game: random legal play from a fixed seed, drawn at a 25-turn limit.
fn short_game() -> Result<Wire<TheDuke>, Failure> {
    let config = {
        let mut config = Config::default();
        config.first_player = None;
        config.turn_limit = Some(25);
        config
    };
    Wire::play(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"), config, SEED, SeatChoice::First, uniform)
}

#[test]
fn a_game_record_is_pinned_and_replays() -> Result<(), Failure> {
    short_game()?.record(30..=60)?;
    Ok(())
}

#[test]
fn a_seat_view_mid_game_is_pinned() -> Result<(), Failure> {
    let game = short_game()?;
    game.view(&game.states[20], Observer::Seat(Seat(0)))?;
    Ok(())
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() -> Result<(), Failure> {
    let game = short_game()?;
    // A drawn tile waiting to be placed, the richest phase to save.
    let state = game.states.iter().find(|s| matches!(s.phase(), Phase::Place { .. })).unwrap();
    game.state(state)?;
    Ok(())
}

#[test]
fn actions_squares_and_events_travel_as_notation() -> Result<(), Failure> {
    wire::notation::<Action>(&["duke c1", "footman b1", "c2-c4", "c2*d4", "d1:c2-c3", "draw", "place d2"])?;
    let square: Square = "c2".parse().unwrap();
    assert_eq!(serde_json::to_string(&square).unwrap(), "\"c2\"");
    assert_eq!(serde_json::from_str::<Square>("\"C2\"").unwrap(), square);
    wire::refused::<Action>("\"c2-c9\"", "bad square")?;
    // The old index form is gone.
    wire::refused::<Square>("8", "")?;
    // Events name squares and actions the same way.
    let text = short_game()?.events(|_| vec![Observer::Spectator])?;
    assert!(text.contains(r#""square":"c1""#) || text.contains(r#""square":"d1""#), "{text}");
    Ok(())
}
