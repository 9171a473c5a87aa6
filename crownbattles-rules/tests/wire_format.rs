//! The wire format: what a server stores and sends. Actions, cards, suits, trumps, bids
//! and forms travel as their notation (`"bid 2-3"`, `"R12"`, `"golem#2"`, `"R12.5"`), a
//! saved state as its `Setup`, and no internal code (card ids, bit masks, trick strength
//! codes) appears in a view, an event or a saved state. The golden files under
//! tests/golden pin the JSON of a whole game's record, a seat's view and a saved state, so
//! that any change of the format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p crownbattles-rules --test wire_format` and review the diff.
//! The checks every game shares are `duke_core::testing::wire`'s; this file adds Crown Battles'.

use crownbattles_rules::{
    Action, CardName, Config, CrownBattles, DeckSpec, Event, Face, Form, Phase, Power, Schedule, Setup, Trump,
};
use duke_core::testing::Failure;
use duke_core::testing::wire::{self, SeatChoice, Wire, uniform};
use duke_core::{Game, Observer, Seat};

const SEED: u64 = 2024;

/// A short complete game: 3 players, three small rounds, a few Special Power cards, random
/// legal play from a fixed seed.
fn short_game() -> Result<Wire<CrownBattles>, Failure> {
    let mut config = Config::rulebook(Some(3)).unwrap();
    config.deck =
        DeckSpec::standard().replacing_peasants(&[Power::Thief, Power::Wizard, Power::Smuggler, Power::Jester]);
    config.schedule = Schedule::new(&[2, 4, 3]).unwrap();
    config.max_tie_replays = 0;
    Wire::play(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden"), config, SEED, SeatChoice::First, uniform)
}

/// No internal code in a JSON text: no strength codes or forms of the engine's trick, no
/// card ids or 128-bit sets, no bit masks of suits or seats.
fn assert_no_internal_code(text: &str) {
    for word in ["codes", "value2", "forms", "effects", "resolving", "8191", "mask", "[u64"] {
        assert!(!text.contains(word), "{word} in {text}");
    }
}

#[test]
fn a_game_record_is_pinned_and_replays() -> Result<(), Failure> {
    let stored = short_game()?.record(30..=60)?;
    assert!(stored.contains("\"action\": \"bid "), "actions as notation");
    assert!(stored.contains("\"R\": \"1-13\""), "the deck as value ranges");
    Ok(())
}

#[test]
fn a_seat_view_mid_game_is_pinned() -> Result<(), Failure> {
    let game = short_game()?;
    // Mid-trick in the second round, so the table shows cards.
    let state = game.states.iter().skip(20).find(|s| s.view(Observer::Spectator).trick.len() >= 2).unwrap();
    let observer = Observer::Seat(state.to_act().first().unwrap());
    game.view(state, observer)?;
    assert_no_internal_code(&serde_json::to_string(&state.view(observer)).unwrap());
    Ok(())
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() -> Result<(), Failure> {
    let game = short_game()?;
    // Late in the game with two cards on the table: scores, knowledge and the trick to save.
    let state = game.states.iter().rev().find(|s| s.view(Observer::Spectator).trick.len() == 2).unwrap();
    let stored = game.state(state)?;
    let setup: Setup = serde_json::from_str(&stored).unwrap();
    assert_eq!(setup, state.to_setup());
    assert_no_internal_code(&serde_json::to_string(state).unwrap());
    Ok(())
}

#[test]
fn actions_cards_and_events_travel_as_notation() -> Result<(), Failure> {
    let actions = ["trump X", "shield", "smuggle R7", "bid 2-3", "play double-faced:golem", "jest +1", "trade P1 P2"];
    wire::notation::<Action>(&actions)?;
    wire::refused::<Action>("\"bid 2-4\"", "a bid is N or N-(N+1)")?;
    // The old derived form is gone.
    wire::refused::<Action>(r#"{"Bid":{"Single":2}}"#, "")?;
    assert_eq!(serde_json::to_string(&"R12".parse::<Face>().unwrap()).unwrap(), "\"R12\"");
    assert_eq!(serde_json::to_string(&"golem#2".parse::<CardName>().unwrap()).unwrap(), "\"golem#2\"");
    assert_eq!(serde_json::to_string(&Trump::NoTrump).unwrap(), "\"X\"");
    assert_eq!(serde_json::to_string(&Power::DoubleFaced).unwrap(), "\"double-faced\"");
    assert_eq!(serde_json::from_str::<Form>("\"R12.5\"").unwrap().to_string(), "R12.5");
    let phase = Phase::Effect { seat: Seat(1), power: Power::Witch, end: false, steps: 4 };
    assert_eq!(
        serde_json::to_string(&phase).unwrap(),
        r#"{"Effect":{"seat":1,"power":"witch","end":false,"steps":4}}"#
    );
    // A round's score travels as before outside missions rounds; a missions round's says
    // per seat whether its mission was met.
    let scored = |missions: Vec<Option<bool>>| Event::RoundScored {
        round: 1,
        bids: vec![Some("1".parse().unwrap()), None],
        tricks: vec![1, 0],
        points: vec![30, -20],
        scores: vec![30, -20],
        missions,
    };
    assert_eq!(
        serde_json::to_string(&scored(vec![])).unwrap(),
        r#"{"RoundScored":{"round":1,"bids":["1",null],"tricks":[1,0],"points":[30,-20],"scores":[30,-20]}}"#
    );
    let text = serde_json::to_string(&scored(vec![Some(true), None])).unwrap();
    assert!(text.ends_with(r#""scores":[30,-20],"missions":[true,null]}}"#), "{text}");
    assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), scored(vec![Some(true), None]));
    // Every event of the game, for every observer, travels as notation without internal codes.
    let text = short_game()?.events(|seat| vec![Observer::Spectator, Observer::Seat(seat)])?;
    assert!(text.contains(r#""action":"play "#), "{text}");
    assert_no_internal_code(&text);
    Ok(())
}
