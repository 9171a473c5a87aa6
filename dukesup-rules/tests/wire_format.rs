//! The wire format: what a server stores and sends. Actions travel as their notation
//! (`"discard 7H 8H"`), cards as `"7H"`, every set of cards in a view or an event as a list
//! of cards, and a saved state as its `Setup`. The golden files under tests/golden pin the
//! JSON of a whole game's record, a seat's view and a saved state, so that any change of the
//! format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p dukesup-rules --test wire_format` and review the diff.
//! The checks every game shares are `duke_core::testing::wire`'s; this file adds Dukes Up!'s.

use duke_core::testing::Failure;
use duke_core::testing::wire::{self, SeatChoice, Wire, uniform};
use duke_core::{Game, Observer, Seat};
use dukesup_rules::{Action, Config, DukesUp, Setup};

const SEED: u64 = 2025;

/// A short complete game: random legal play from a fixed seed, mostly playing cards when it
/// can (so that the table fills), scored at a 16-turn limit.
fn short_game() -> Result<Wire<DukesUp>, Failure> {
    let mut config = Config::default();
    config.turn_limit = Some(16);
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    Wire::play(golden, config, SEED, SeatChoice::First, |legal, rng| {
        let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play(_))).collect();
        let pick = if !plays.is_empty() && rng.below(4) > 0 { &plays[..] } else { legal };
        uniform(pick, rng)
    })
}

#[test]
fn a_game_record_is_pinned_and_replays() -> Result<(), Failure> {
    short_game()?.record(30..=60)?;
    Ok(())
}

/// The state of the golden view and saved state: the first play step with cards on the
/// table, discards on both sides and cards in seat 0's hand.
fn mid_game(states: &[DukesUp]) -> &DukesUp {
    states
        .iter()
        .find(|s| {
            let view = s.view(Observer::Spectator);
            let discards = view.players.iter().all(|p| !p.discards.is_empty());
            s.phase() == dukesup_rules::Phase::Play
                && !view.table.is_empty()
                && discards
                && view.players[0].hand_size > 0
        })
        .unwrap()
}

#[test]
fn a_seat_view_mid_game_is_pinned() -> Result<(), Failure> {
    let game = short_game()?;
    let stored = game.view(mid_game(&game.states), Observer::Seat(Seat(0)))?;
    // Cards are notation strings, never indices or bit masks.
    let json: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let own = &json["players"][0];
    assert!(own["hand_known"].as_array().unwrap().iter().all(|c| c.is_string()));
    assert!(json["table"].is_array());
    Ok(())
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() -> Result<(), Failure> {
    let game = short_game()?;
    let state = mid_game(&game.states);
    let stored = game.state(state)?;
    assert_eq!(serde_json::from_str::<Setup>(&stored).unwrap(), state.to_setup());
    Ok(())
}

#[test]
fn actions_travel_as_notation() -> Result<(), Failure> {
    wire::notation::<Action>(&[
        "castle QS dukes 3C 7S",
        "draw 0",
        "draw 2",
        "draw 1 discards",
        "play 7H",
        "pickup 3C",
        "swap 3C 9S",
        "duke 9S",
        "move",
        "return",
        "discard 7H",
        "discard 7H 8H",
        "bury",
        "discard table 7S",
        "end",
    ])?;
    assert_eq!(serde_json::from_str::<Action>("\"PLAY 7h\"").unwrap(), "play 7H".parse().unwrap());
    wire::refused::<Action>("\"draw 3\"", "0, 1 or 2")?;
    // The old enum form is gone.
    wire::refused::<Action>(r#"{"Play":"7H"}"#, "")?;
    Ok(())
}

/// Every event of the game, for each observer, reads back, and its cards are lists of
/// notation strings.
#[test]
fn events_carry_cards_as_lists() -> Result<(), Failure> {
    let text = short_game()?.events(|_| vec![Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator])?;
    assert!(text.contains(r#""Drew":{"seat":0,"source":"DrawPile","count":"#), "{text}");
    assert!(text.contains(r#""cards":[""#), "{text}");
    assert!(!text.contains(r#""cards":1"#) && !text.contains(r#""known":1"#), "no bit masks: {text}");
    Ok(())
}
