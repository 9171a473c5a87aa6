//! The wire format: what a server stores and sends. Actions, cards, suits, trumps, bids
//! and forms travel as their notation (`"bid 2-3"`, `"R12"`, `"golem#2"`, `"R12.5"`), a
//! saved state as its `Setup`, and no internal code (card ids, bit masks, trick strength
//! codes) appears in a view, an event or a saved state. The golden files under
//! tests/golden pin the JSON of a whole game's record, a seat's view and a saved state, so
//! that any change of the format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p crownbattles-rules --test wire_format` and review the diff.

use crownbattles_rules::{
    Action, CardName, Config, CrownBattles, DeckSpec, Event, Face, Form, Phase, Power, Schedule, Setup, Trump, View,
};
use duke_core::{Game, GameRng, Observer, Record, Seat};

const SEED: u64 = 2024;

/// A short complete game: 3 players, three small rounds, a few Special Power cards, random
/// legal play from a fixed seed.
fn short_game() -> (Record<CrownBattles>, Vec<CrownBattles>) {
    let mut config = Config::base(3).unwrap();
    config.deck =
        DeckSpec::standard().replacing_peasants(&[Power::Thief, Power::Wizard, Power::Smuggler, Power::Jester]);
    config.schedule = Schedule::new(&[2, 4, 3]).unwrap();
    config.max_tie_replays = 0;
    let mut game = CrownBattles::new(&config, SEED).unwrap();
    let mut record = Record::new(config, SEED);
    let mut states = vec![game.clone()];
    let mut rng = GameRng::new(SEED);
    let mut buf = Vec::new();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, &mut buf);
        let action = buf[rng.below(buf.len() as u32) as usize];
        game.apply(seat, action).unwrap();
        record.push(seat, action);
        states.push(game.clone());
    }
    (record, states)
}

/// Compares `text` with the golden file `name` (rewriting it first under UPDATE_GOLDEN)
/// and returns the file's text.
fn golden(name: &str, text: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(name);
    duke_core::testing::rules_table::golden_file(&path, text).unwrap_or_else(|why| panic!("{why}"))
}

/// No internal code in a JSON text: no strength codes or forms of the engine's trick, no
/// card ids or 128-bit sets, no bit masks of suits or seats.
fn assert_no_internal_code(text: &str) {
    for word in ["codes", "value2", "forms", "effects", "resolving", "8191", "mask", "[u64"] {
        assert!(!text.contains(word), "{word} in {text}");
    }
}

#[test]
fn a_game_record_is_pinned_and_replays() {
    let (record, states) = short_game();
    assert!((30..=60).contains(&record.steps.len()), "{} steps", record.steps.len());
    let stored = golden("record.json", &serde_json::to_string_pretty(&record).unwrap());
    assert!(stored.contains("\"action\": \"bid "), "actions as notation");
    assert!(stored.contains("\"R\": \"1-13\""), "the deck as value ranges");
    let read: Record<CrownBattles> = serde_json::from_str(&stored).unwrap();
    assert_eq!(read, record);
    let end = read.replay().unwrap();
    assert_eq!(Some(&end), states.last());
    assert!(end.is_over());
}

#[test]
fn a_seat_view_mid_game_is_pinned() {
    let (_, states) = short_game();
    // Mid-trick in the second round, so the table shows cards.
    let state = (states.iter().skip(20).find(|s| s.view(Observer::Spectator).trick.len() >= 2).unwrap()).clone();
    let seat = state.to_act().first().unwrap();
    let view = state.view(Observer::Seat(seat));
    let stored = golden("view.json", &serde_json::to_string_pretty(&view).unwrap());
    assert_eq!(serde_json::from_str::<View>(&stored).unwrap(), view);
    assert_no_internal_code(&serde_json::to_string(&view).unwrap());
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() {
    let (_, states) = short_game();
    // Late in the game with two cards on the table: scores, knowledge and the trick to save.
    let state = (states.iter().rev().find(|s| s.view(Observer::Spectator).trick.len() == 2).unwrap()).clone();
    let stored = golden("state.json", &serde_json::to_string_pretty(&state).unwrap());
    assert_eq!(serde_json::from_str::<CrownBattles>(&stored).unwrap(), state);
    let setup: Setup = serde_json::from_str(&stored).unwrap();
    assert_eq!(setup, state.to_setup());
    assert_no_internal_code(&serde_json::to_string(&state).unwrap());
}

#[test]
fn actions_cards_and_events_travel_as_notation() {
    for text in ["trump X", "shield", "smuggle R7", "bid 2-3", "play double-faced:golem", "jest +1", "trade P1 P2"] {
        let action: Action = text.parse().unwrap();
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    }
    let bad = serde_json::from_str::<Action>("\"bid 2-4\"").unwrap_err();
    assert!(bad.to_string().contains("a bid is N or N-(N+1)"), "{bad}");
    assert!(serde_json::from_str::<Action>(r#"{"Bid":{"Single":2}}"#).is_err(), "the old derived form is gone");
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
    // Every event of the game, for every observer, travels as notation without internal codes.
    let (record, states) = short_game();
    let mut events = Vec::new();
    let mut text = String::new();
    for (i, step) in record.steps.iter().enumerate() {
        for observer in [Observer::Spectator, Observer::Seat(step.seat)] {
            CrownBattles::events(&states[i], step.seat, step.action, &states[i + 1], observer, &mut events);
            for event in &events {
                let json = serde_json::to_string(event).unwrap();
                assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), *event);
                text.push_str(&json);
            }
        }
    }
    assert!(text.contains(r#""action":"play "#), "{text}");
    assert_no_internal_code(&text);
}
