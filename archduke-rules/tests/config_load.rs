//! A config is checked when it is read (issue #26): deserialising a [`Config`], alone or
//! inside a record, a setup or a saved state, runs [`Config::check`], so a refused config
//! never loads. One refused case per [`ConfigError`] variant reachable from JSON (and every
//! refusal of a custom deck table); a valid config round trip; the configs, records and saved
//! states written before `dealer` was renamed `first_dealer` still load.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::{Archduke, Config, ConfigError, DeckEntry, Mark, Role, RuleSet, Scoring, Setup};
use duke_core::{Game, Record, Seat};
use serde_json::{Value, json};

/// The default config as JSON, with `change` applied.
fn config_json(change: impl FnOnce(&mut Value)) -> Value {
    let mut value = serde_json::to_value(Config::default()).unwrap();
    change(&mut value);
    value
}

/// Reading `value` as a config is refused with `error`'s message; the same config is
/// refused by `check` with exactly `error`.
fn refused(value: Value, error: ConfigError) {
    let message = serde_json::from_value::<Config>(value.clone()).unwrap_err().to_string();
    assert!(message.contains(&error.to_string()), "{message} (expected {error})");
    // The refusal is the check's: the same fields, set by hand, fail `check` alike.
    let mut config = Config::default();
    config.players = serde_json::from_value(value["players"].clone()).unwrap();
    config.decks = serde_json::from_value(value["decks"].clone()).unwrap();
    config.deck = serde_json::from_value(value["deck"].clone()).unwrap();
    config.scoring = serde_json::from_value(value["scoring"].clone()).unwrap();
    config.first_dealer = serde_json::from_value(value["first_dealer"].clone()).unwrap();
    config.turn_limit = serde_json::from_value(value["turn_limit"].clone()).unwrap();
    config.round_limit = serde_json::from_value(value["round_limit"].clone()).unwrap();
    assert_eq!(config.check(), Err(error));
}

fn line(value: i8, copies: u8, role: Role) -> Value {
    serde_json::to_value(DeckEntry { value, copies, role }).unwrap()
}

#[test]
fn too_many_players_for_the_decks_are_refused_on_read() {
    refused(config_json(|c| c["players"] = json!(7)), ConfigError::Players { players: 7, decks: 1 });
    refused(config_json(|c| c["players"] = json!(1)), ConfigError::Players { players: 1, decks: 1 });
    refused(
        config_json(|c| {
            c["players"] = json!(13);
            c["decks"] = json!(2);
        }),
        ConfigError::Players { players: 13, decks: 2 },
    );
}

#[test]
fn a_deck_count_other_than_one_or_two_is_refused_on_read() {
    refused(config_json(|c| c["decks"] = json!(3)), ConfigError::Decks(3));
    refused(config_json(|c| c["decks"] = json!(0)), ConfigError::Decks(0));
}

#[test]
fn every_unusable_custom_deck_table_is_refused_on_read() {
    let table = |lines: Vec<Value>| config_json(move |c| c["deck"] = Value::Array(lines));
    refused(table(vec![]), ConfigError::DeckTable("it needs 1 to 16 lines"));
    let seventeen = (0..17).map(|v| line(v, 4, Role::Number)).collect();
    refused(table(seventeen), ConfigError::DeckTable("it needs 1 to 16 lines"));
    let huge = (0..16).map(|v| line(v, 14, Role::Number)).collect();
    refused(table(huge), ConfigError::DeckTable("at most 208 cards in play"));
    // 4 players need 17 cards: 4 each and one turned up.
    refused(
        table(vec![line(5, 16, Role::Number)]),
        ConfigError::DeckTable("too few cards to deal 4 to everyone and turn one up"),
    );
    refused(
        table(vec![line(5, 10, Role::Number), line(5, 10, Role::Number)]),
        ConfigError::DeckTable("a value and role appear on two lines"),
    );
    refused(
        table(vec![line(1, 20, Role::Peek), line(12, 20, Role::Peek)]),
        ConfigError::DeckTable("at most 32 cards of one action symbol"),
    );
}

#[test]
fn unusable_scorings_are_refused_on_read() {
    let scoring = |s: Scoring| config_json(move |c| c["scoring"] = serde_json::to_value(s).unwrap());
    refused(scoring(Scoring::Tokens { rounds: 0 }), ConfigError::Scoring("at least one round"));
    refused(scoring(Scoring::Points { mark: Mark::Rounds { rounds: 0 } }), ConfigError::Scoring("at least one round"));
    refused(
        scoring(Scoring::Points { mark: Mark::FirstTo { threshold: 0 } }),
        ConfigError::Scoring("thresholds must be positive"),
    );
    let mut three = scoring(Scoring::Points { mark: Mark::EliminateToThree { threshold: 50 } });
    three["players"] = json!(3);
    refused(three, ConfigError::Scoring("eliminating down to three needs at least 4 players"));
}

#[test]
fn a_first_dealer_off_the_table_is_refused_on_read() {
    refused(config_json(|c| c["first_dealer"] = json!(4)), ConfigError::Dealer(Seat(4)));
    // The old name too.
    let mut old = config_json(|_| {});
    old.as_object_mut().unwrap().remove("first_dealer");
    old["dealer"] = json!(4);
    let message = serde_json::from_value::<Config>(old).unwrap_err().to_string();
    assert!(message.contains(&ConfigError::Dealer(Seat(4)).to_string()), "{message}");
}

#[test]
fn zero_limits_are_refused_on_read() {
    refused(config_json(|c| c["turn_limit"] = json!(0)), ConfigError::Limit);
    refused(config_json(|c| c["round_limit"] = json!(0)), ConfigError::Limit);
}

/// A record, a setup and a saved state holding a config with 7 players and one deck.
fn with_bad_config(mut value: Value, pointer: &str) -> Value {
    *value.pointer_mut(pointer).unwrap() = json!(7);
    value
}

#[test]
fn a_record_holding_a_bad_config_is_refused_on_read() {
    let record = Record::<Archduke>::new(Config::default(), 3);
    let good = serde_json::to_value(&record).unwrap();
    assert_eq!(serde_json::from_value::<Record<Archduke>>(good.clone()).unwrap(), record);
    let bad = with_bad_config(good, "/config/players");
    let message = serde_json::from_value::<Record<Archduke>>(bad).unwrap_err().to_string();
    assert!(message.contains("7 players cannot play with 1 deck(s)"), "{message}");
}

#[test]
fn a_setup_holding_a_bad_config_is_refused_on_read() {
    let good = serde_json::to_value(Setup::new(Config::default())).unwrap();
    assert!(serde_json::from_value::<Setup>(good.clone()).is_ok());
    let message = serde_json::from_value::<Setup>(with_bad_config(good, "/config/players")).unwrap_err().to_string();
    assert!(message.contains("7 players cannot play with 1 deck(s)"), "{message}");
}

#[test]
fn a_state_holding_a_bad_config_is_refused_on_read() {
    let game = Archduke::new(&Config::default(), 5).unwrap();
    let good = serde_json::to_value(game).unwrap();
    assert_eq!(serde_json::from_value::<Archduke>(good.clone()).unwrap(), game);
    let message = serde_json::from_value::<Archduke>(with_bad_config(good, "/config/players")).unwrap_err().to_string();
    assert!(message.contains("7 players cannot play with 1 deck(s)"), "{message}");
}

#[test]
fn valid_configs_round_trip() {
    let mut custom = RuleSet::Online.config(9);
    custom.first_dealer = Some(Seat(8));
    custom.turn_limit = Some(70_000);
    custom.round_limit = Some(5);
    custom.scoring = Scoring::Points { mark: Mark::EliminateToThree { threshold: 80 } };
    custom.deck = vec![
        DeckEntry { value: -3, copies: 4, role: Role::Archduke },
        DeckEntry { value: 4, copies: 16, role: Role::Number },
        DeckEntry { value: 12, copies: 8, role: Role::Peek },
    ];
    for config in [Config::default(), Config::bounded(Some(12)).unwrap(), custom] {
        let text = serde_json::to_string(&config).unwrap();
        assert!(text.contains("\"first_dealer\":") && !text.contains("\"dealer\":"), "{text}");
        assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    }
}

/// The golden files as the engine wrote them before the rename (`"dealer": 1`), kept
/// unchanged under tests/golden/old: the record replays to the same game as today's, and
/// the saved state loads to the same state.
#[test]
fn configs_records_and_states_of_the_old_format_still_load() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");
    let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
    let (old_record, new_record) = (read("old/record.json"), read("record.json"));
    assert!(old_record.contains("\"dealer\": 1"));
    let old: Record<Archduke> = serde_json::from_str(&old_record).unwrap();
    let new: Record<Archduke> = serde_json::from_str(&new_record).unwrap();
    assert_eq!(old.config.first_dealer, Some(Seat(1)));
    assert_eq!(old.config, new.config);
    assert_eq!(old.replay().unwrap(), new.replay().unwrap());
    let old: Archduke = serde_json::from_str(&read("old/state.json")).unwrap();
    let new: Archduke = serde_json::from_str(&read("state.json")).unwrap();
    assert_eq!(old, new);
    // A config alone, of the old format.
    let mut config = serde_json::to_value(Config::default()).unwrap();
    config.as_object_mut().unwrap().remove("first_dealer");
    config["dealer"] = json!(2);
    assert_eq!(serde_json::from_value::<Config>(config).unwrap().first_dealer, Some(Seat(2)));
}
