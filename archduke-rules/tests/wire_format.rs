//! The wire format: what a server stores and sends. Actions travel as their notation
//! (`"keep a2"`, `"swap P0:a1 P2:b2"`), positions as `"b1"`, cards on the table as `"P2:b1"`,
//! card faces as `"-3A"`; a saved state is its `Setup`. The golden files under tests/golden
//! pin the JSON of a whole game's record, a seat's view and a saved state, so that any change
//! of the format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p archduke-rules --test wire_format` and review the diff.
//! The checks every game shares are `duke_core::testing::wire`'s; this file adds Archduke's.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{Action, Archduke, Config, Face, Scoring, Setup, Slot, Spot, Stage};
use duke_core::testing::Failure;
use duke_core::testing::wire::{self, SeatChoice, Wire, uniform};
use duke_core::{Game, Observer, Seat};

const SEED: u64 = 2;

/// A short complete game: random legal play (a random seat that may act, a random legal
/// action) from a fixed seed, two players, two rounds of at most three turns.
fn short_game() -> Result<Wire<Archduke>, Failure> {
    let mut config = Config::default();
    config.players = 2;
    config.scoring = Scoring::Tokens { rounds: 2 };
    config.turn_limit = Some(3);
    config.first_dealer = Some(Seat(1));
    Wire::play(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"), config, SEED, SeatChoice::Random, uniform)
}

#[test]
fn a_game_record_is_pinned_and_replays() -> Result<(), Failure> {
    short_game()?.record(30..=60)?;
    Ok(())
}

#[test]
fn a_seat_view_mid_game_is_pinned() -> Result<(), Failure> {
    let game = short_game()?;
    // The first matching window of the second round: the last round's result is shown too.
    let state = game
        .states
        .iter()
        .find(|s| {
            let view = s.view(Observer::Spectator);
            view.round == 2 && matches!(view.stage, Stage::Window { after: Some(_), .. })
        })
        .unwrap();
    game.view(state, Observer::Seat(Seat(0)))?;
    Ok(())
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() -> Result<(), Failure> {
    let game = short_game()?;
    // An action card waiting to be used, in a window after cards were seen and matched.
    let state = game.states.iter().find(|s| !s.to_setup().pending.is_empty()).unwrap();
    let stored = game.state(state)?;
    assert_eq!(serde_json::from_str::<Setup>(&stored).unwrap(), state.to_setup());
    Ok(())
}

#[test]
fn actions_positions_cards_and_events_travel_as_notation() -> Result<(), Failure> {
    wire::notation::<Action>(&[
        "look a1 b2",
        "draw",
        "take b1",
        "keep c2",
        "discard",
        "match a1",
        "peek P1:a2",
        "swap P0:a1 P2:b2",
        "give P3",
        "pass",
        "archduke",
        "end",
    ])?;
    assert_eq!(serde_json::to_string(&Slot(5)).unwrap(), "\"c2\"");
    assert_eq!(serde_json::to_string(&Spot { seat: Seat(1), slot: Slot(0) }).unwrap(), "\"P1:a1\"");
    assert_eq!(serde_json::to_string(&"13E".parse::<Face>().unwrap()).unwrap(), "\"13E\"");
    wire::refused::<Action>("\"peek P1:z9\"", "column letter")?;
    // Events name positions, cards and faces the same way, and carry no internal code.
    let text = short_game()?.events(|seat| vec![Observer::Seat(seat)])?;
    assert!(text.contains(r#""slot":"a1""#) || text.contains(r#""slot":"b2""#), "{text}");
    assert!(text.contains(r#""face":""#), "{text}");
    Ok(())
}
