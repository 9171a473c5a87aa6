//! The wire format: what a server stores and sends. Actions travel as their notation
//! (`"discard 7H 8H"`), cards as `"7H"`, every set of cards in a view or an event as a list
//! of cards, and a saved state as its `Setup`. The golden files under tests/golden pin the
//! JSON of a whole game's record, a seat's view and a saved state, so that any change of the
//! format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p dukesup-rules --test wire_format` and review the diff.

use duke_core::{Game, GameRng, Observer, Record, Seat};
use dukesup_rules::{Action, Config, DukesUp, Event, Setup, View};

const SEED: u64 = 2025;

/// A short complete game: random legal play from a fixed seed, mostly playing cards when it
/// can (so that the table fills), scored at a 16-turn limit.
fn short_game() -> (Record<DukesUp>, Vec<DukesUp>) {
    let config = Config { turn_limit: Some(16), ..Config::default() };
    let mut game = DukesUp::new(&config, SEED).unwrap();
    let mut record = Record::new(config, SEED);
    let mut states = vec![game];
    let mut rng = GameRng::new(SEED);
    let mut buf = Vec::new();
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, &mut buf);
        let plays: Vec<Action> = buf.iter().copied().filter(|a| matches!(a, Action::Play(_))).collect();
        let pick = if !plays.is_empty() && rng.below(4) > 0 { &plays } else { &buf };
        let action = pick[rng.below(pick.len() as u32) as usize];
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
    let read: Record<DukesUp> = serde_json::from_str(&stored).unwrap();
    assert_eq!(read, record);
    let end = read.replay().unwrap();
    assert_eq!(Some(&end), states.last());
    assert!(end.is_over());
}

/// The state of the golden view and saved state: the first play step with cards on the
/// table, discards on both sides and cards in seat 0's hand.
fn mid_game(states: &[DukesUp]) -> DukesUp {
    *states
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
fn a_seat_view_mid_game_is_pinned() {
    let (_, states) = short_game();
    let view = mid_game(&states).view(Observer::Seat(Seat(0)));
    let text = serde_json::to_string_pretty(&view).unwrap();
    let stored = golden("view.json", &text);
    assert_eq!(serde_json::from_str::<View>(&stored).unwrap(), view);
    // Cards are notation strings, never indices or bit masks.
    let json: serde_json::Value = serde_json::from_str(&stored).unwrap();
    let own = &json["players"][0];
    assert!(own["hand_known"].as_array().unwrap().iter().all(|c| c.is_string()));
    assert!(json["table"].is_array());
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() {
    let (_, states) = short_game();
    let state = mid_game(&states);
    let stored = golden("state.json", &serde_json::to_string_pretty(&state).unwrap());
    assert_eq!(serde_json::from_str::<DukesUp>(&stored).unwrap(), state);
    assert_eq!(serde_json::from_str::<Setup>(&stored).unwrap(), state.to_setup());
}

#[test]
fn actions_travel_as_notation() {
    let texts = [
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
    ];
    for text in texts {
        let action: Action = text.parse().unwrap();
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    }
    assert_eq!(serde_json::from_str::<Action>("\"PLAY 7h\"").unwrap(), "play 7H".parse().unwrap());
    let bad = serde_json::from_str::<Action>("\"draw 3\"").unwrap_err();
    assert!(bad.to_string().contains("0, 1 or 2"), "{bad}");
    assert!(serde_json::from_str::<Action>(r#"{"Play":"7H"}"#).is_err(), "the old enum form is gone");
}

/// Every event of the game, for each observer, reads back, and its cards are lists of
/// notation strings.
#[test]
fn events_carry_cards_as_lists() {
    let (record, states) = short_game();
    let mut events = Vec::new();
    let mut text = String::new();
    for (i, step) in record.steps.iter().enumerate() {
        for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
            DukesUp::events(&states[i], step.seat, step.action, &states[i + 1], observer, &mut events);
            for event in &events {
                let json = serde_json::to_string(event).unwrap();
                assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), *event);
                text.push_str(&json);
            }
        }
    }
    assert!(text.contains(r#""Drew":{"seat":0,"source":"DrawPile","count":"#), "{text}");
    assert!(text.contains(r#""cards":[""#), "{text}");
    assert!(!text.contains(r#""cards":1"#) && !text.contains(r#""known":1"#), "no bit masks: {text}");
}
