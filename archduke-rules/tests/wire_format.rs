//! The wire format: what a server stores and sends. Actions travel as their notation
//! (`"keep a2"`, `"swap P0:a1 P2:b2"`), positions as `"b1"`, cards on the table as `"P2:b1"`,
//! card faces as `"-3A"`; a saved state is its `Setup`. The golden files under tests/golden
//! pin the JSON of a whole game's record, a seat's view and a saved state, so that any change
//! of the format is deliberate. After an intended change, rewrite them with
//! `UPDATE_GOLDEN=1 cargo test -p archduke-rules --test wire_format` and review the diff.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{Action, Archduke, Config, Event, Face, Scoring, Setup, Slot, Spot, Stage, View};
use duke_core::{Game, GameRng, Observer, Record, Seat};

const SEED: u64 = 2;

/// A short complete game: random legal play (a random seat that may act, a random legal
/// action) from a fixed seed, two players, two rounds of at most three turns.
fn short_game() -> (Record<Archduke>, Vec<Archduke>) {
    let config = Config {
        players: 2,
        scoring: Scoring::Tokens { rounds: 2 },
        turn_limit: Some(3),
        dealer: Some(1),
        ..Config::default()
    };
    let mut game = Archduke::new(&config, SEED).unwrap();
    let mut record = Record::new(config, SEED);
    let mut states = vec![game];
    let mut rng = GameRng::new(SEED);
    let mut buf = Vec::new();
    while !game.is_over() {
        let to_act = game.to_act();
        let seat = to_act.nth(rng.below(to_act.len() as u32) as usize).unwrap();
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
    let read: Record<Archduke> = serde_json::from_str(&stored).unwrap();
    assert_eq!(read, record);
    let end = read.replay().unwrap();
    assert_eq!(Some(&end), states.last());
    assert!(end.is_over());
}

#[test]
fn a_seat_view_mid_game_is_pinned() {
    let (_, states) = short_game();
    // The first matching window of the second round: the last round's result is shown too.
    let state = states
        .iter()
        .find(|s| {
            let view = s.view(Observer::Spectator);
            view.round == 2 && matches!(view.stage, Stage::Window { after: Some(_), .. })
        })
        .unwrap();
    let view = state.view(Observer::Seat(Seat(0)));
    let stored = golden("view.json", &serde_json::to_string_pretty(&view).unwrap());
    assert_eq!(serde_json::from_str::<View>(&stored).unwrap(), view);
}

#[test]
fn a_saved_state_is_pinned_and_loads_back() {
    let (_, states) = short_game();
    // An action card waiting to be used, in a window after cards were seen and matched.
    let state = *states.iter().find(|s| !s.to_setup().pending.is_empty()).unwrap();
    let stored = golden("state.json", &serde_json::to_string_pretty(&state).unwrap());
    assert_eq!(serde_json::from_str::<Archduke>(&stored).unwrap(), state);
    assert_eq!(serde_json::from_str::<Setup>(&stored).unwrap(), state.to_setup());
}

#[test]
fn actions_positions_cards_and_events_travel_as_notation() {
    for text in [
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
    ] {
        let action: Action = text.parse().unwrap();
        let json = serde_json::to_string(&action).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), action);
    }
    assert_eq!(serde_json::to_string(&Slot(5)).unwrap(), "\"c2\"");
    assert_eq!(serde_json::to_string(&Spot { seat: Seat(1), slot: Slot(0) }).unwrap(), "\"P1:a1\"");
    assert_eq!(serde_json::to_string(&"13E".parse::<Face>().unwrap()).unwrap(), "\"13E\"");
    let bad = serde_json::from_str::<Action>("\"peek P1:z9\"").unwrap_err();
    assert!(bad.to_string().contains("column letter"), "{bad}");
    // Events name positions, cards and faces the same way, and carry no internal code.
    let (record, states) = short_game();
    let mut events = Vec::new();
    let mut text = String::new();
    for (i, step) in record.steps.iter().enumerate() {
        Archduke::events(&states[i], step.seat, step.action, &states[i + 1], Observer::Seat(step.seat), &mut events);
        for event in &events {
            let json = serde_json::to_string(event).unwrap();
            assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), *event);
            text.push_str(&json);
        }
    }
    assert!(text.contains(r#""slot":"a1""#) || text.contains(r#""slot":"b2""#), "{text}");
    assert!(text.contains(r#""face":""#), "{text}");
}
