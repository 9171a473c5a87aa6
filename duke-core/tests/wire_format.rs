//! The wire-format checks (`duke_core::testing::wire`) on the demonstration game, with its
//! golden files under tests/golden (`UPDATE_GOLDEN=1` rewrites them), and on broken inputs
//! each check must refuse.

use duke_core::testing::Failure;
use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig, HighCardView};
use duke_core::testing::wire::{self, SeatChoice, Wire, uniform};
use duke_core::{Game, Observer, Seat};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");

/// The game of the module's example: default config, seed 7, random seats.
fn short_game() -> Result<Wire<HighCard>, Failure> {
    Wire::play(GOLDEN, HighCardConfig::default(), 7, SeatChoice::Random, uniform)
}

#[test]
fn the_demonstration_game_is_pinned_and_reads_back() -> Result<(), Failure> {
    let game = short_game()?;
    let record = game.record(4..=40)?;
    assert!(record.contains(r#""game": "highcard""#), "{record}");
    let view = game.view(&game.states[3], Observer::Seat(Seat(0)))?;
    assert!(view.contains(r#""observer": {"#), "{view}");
    let state = game.state(&game.states[3])?;
    assert!(state.contains(r#""deck_len": "#), "{state}");
    let events = game.events(|seat| vec![Observer::Seat(seat), Observer::Spectator])?;
    assert!(events.contains(r#""Dealt""#), "{events}");
    Ok(())
}

#[test]
fn the_game_is_the_same_on_every_run_and_each_seat_choice_ends_it() -> Result<(), Failure> {
    assert_eq!(short_game()?.record, short_game()?.record);
    let first = Wire::<HighCard>::play(GOLDEN, HighCardConfig::default(), 7, SeatChoice::First, uniform)?;
    assert!(first.states.last().is_some_and(HighCard::is_over));
    assert_eq!(first.states.len(), first.record.steps.len() + 1);
    Ok(())
}

#[test]
fn a_format_change_or_a_bad_length_fails() -> Result<(), Failure> {
    let mut game = short_game()?;
    let len = game.record.steps.len();
    assert!(game.record(0..=len - 1).unwrap_err().message.contains("steps"));
    // Another state than the pinned one differs from state.json.
    if std::env::var_os("UPDATE_GOLDEN").is_none() {
        let other = game.states.last().cloned().unwrap();
        assert!(game.state(&other).unwrap_err().message.contains("differs"));
    }
    game.golden_dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/no-such-folder"));
    assert!(game.view(&game.states[0], Observer::Spectator).is_err());
    Ok(())
}

#[test]
fn notation_and_refusals_are_checked() {
    // High Card's actions keep serde's derived form (`"Keep"`), not their notation (`keep`).
    let wrong = wire::notation::<HighCardAction>(&["keep"]).unwrap_err();
    assert!(wrong.message.contains("not as its notation"), "{wrong}");
    assert!(wire::notation::<HighCardAction>(&["fold"]).unwrap_err().message.contains("does not parse"));
    wire::refused::<HighCardAction>(r#""fold""#, "unknown variant").unwrap();
    wire::refused::<HighCardView>("8", "").unwrap();
    assert!(wire::refused::<HighCardAction>(r#""Keep""#, "").unwrap_err().message.contains("not refused"));
    let why = wire::refused::<HighCardAction>(r#""fold""#, "expected a number").unwrap_err();
    assert!(why.message.contains("does not say"), "{why}");
}

/// A record of format 1 (written before the shared vocabulary) still replays, and a format
/// newer than this version's is refused with a typed error.
#[test]
fn a_record_of_format_1_still_replays_and_a_newer_one_is_refused() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/old/record_format_1.json"))
        .expect("the old record is in the repository");
    let record: duke_core::Record<duke_core::testing::toy::HighCard> =
        serde_json::from_str(&text).expect("a format-1 record reads");
    assert_eq!(record.format, 1);
    assert!(record.replay().is_ok());
    let newer = duke_core::Record { format: duke_core::RECORD_FORMAT + 1, ..record };
    assert!(
        matches!(newer.replay(), Err(duke_core::ReplayError::Format { found, .. }) if found == duke_core::RECORD_FORMAT + 1)
    );
}
