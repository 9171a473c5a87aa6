//! A config is checked when it is read (issue #26, the vocabulary's "check a config on
//! read"): a config [`Config::check`] refuses does not load, alone or inside a record, a
//! setup or a saved state; a valid one travels unchanged, and configs saved before still
//! load.

use crownbattles_rules::{Config, ConfigError, CrownBattles, MissionError, RoundType, Setup};
use duke_core::{Game, Record, Seat};
use serde_json::{Value, json};

/// The rulebook's 4-player config as JSON, with `changes` applied field by field.
fn config_json(changes: Value) -> Value {
    let mut value = serde_json::to_value(Config::rulebook(Some(4)).unwrap()).unwrap();
    for (key, v) in changes.as_object().unwrap() {
        value[key] = v.clone();
    }
    value
}

/// Asserts that `value` does not load as a config and that the reason is `want`.
fn refused(changes: Value, want: ConfigError) {
    let value = config_json(changes.clone());
    let err = serde_json::from_value::<Config>(value).expect_err(&format!("{changes} loaded"));
    assert!(err.to_string().contains(&want.to_string()), "{changes}: {err} is not {want}");
}

#[test]
fn a_config_the_check_refuses_does_not_load() {
    refused(json!({"players": 9}), ConfigError::Players(9));
    refused(
        json!({"deck": {"values": {}, "golems": 3, "dragons": 2, "peasants": 4, "powers": []}}),
        ConfigError::NotInBox { what: "Golems", limit: 2 },
    );
    refused(json!({"schedule": []}), ConfigError::Schedule);
    refused(json!({"schedule": [2, 0]}), ConfigError::Schedule);
    refused(json!({"schedule": [16]}), ConfigError::DeckTooSmall { round: 1, cards: 16, players: 4, deck: 60 });
    refused(json!({"max_bid": 11}), ConfigError::MaxBid(11));
    refused(json!({"spinner": [0, 0, 0, 0, 0, 0]}), ConfigError::Spinner);
    refused(json!({"witch_step": 7}), ConfigError::WitchStep(7));
    refused(json!({"first_dealer": 4}), ConfigError::Dealer(4));
    refused(json!({"max_tie_replays": 250}), ConfigError::TieReplays { rounds: 8, replays: 250 });
    refused(json!({"round_types": {"deal": []}}), ConfigError::NoRoundTypes);
    refused(
        json!({"players": 3, "schedule": [2, 2], "max_bid": 10, "round_types": "DuelFights"}),
        ConfigError::RoundTypeExcluded { round_type: RoundType::DuelFights, players: 3 },
    );
    refused(
        json!({"round_types": {"sequence": ["Normal", "BlindBidding"]}}),
        ConfigError::RoundSequence { len: 2, rounds: 8 },
    );
    refused(json!({"round_types": "Alliances"}), ConfigError::AllianceInFinalRound);
    refused(json!({"missions": {"choices": 0}}), ConfigError::Missions(MissionError::Choices(0)));
}

#[test]
fn a_record_holding_a_bad_config_does_not_load() {
    let mut record = Record::<CrownBattles>::new(Config::rulebook(Some(4)).unwrap(), 7);
    let game = record.start().unwrap();
    let mut legal = Vec::new();
    let seat = game.to_act().first().unwrap();
    game.legal_actions(seat, &mut legal);
    record.push(seat, legal[0]);
    let mut value = serde_json::to_value(&record).unwrap();
    assert!(serde_json::from_value::<Record<CrownBattles>>(value.clone()).is_ok());
    value["config"]["witch_step"] = json!(3);
    let err = serde_json::from_value::<Record<CrownBattles>>(value).unwrap_err();
    assert!(err.to_string().contains(&ConfigError::WitchStep(3).to_string()), "{err}");
}

#[test]
fn a_setup_holding_a_bad_config_does_not_load() {
    let mut value = serde_json::to_value(Setup::new(Config::rulebook(Some(5)).unwrap())).unwrap();
    assert!(serde_json::from_value::<Setup>(value.clone()).is_ok());
    value["config"]["first_dealer"] = json!(5);
    let err = serde_json::from_value::<Setup>(value).unwrap_err();
    assert!(err.to_string().contains(&ConfigError::Dealer(5).to_string()), "{err}");
}

#[test]
fn a_state_holding_a_bad_config_does_not_load() {
    let game = CrownBattles::new(&Config::rulebook(Some(3)).unwrap(), 11).unwrap();
    let mut value = serde_json::to_value(&game).unwrap();
    assert_eq!(serde_json::from_value::<CrownBattles>(value.clone()).unwrap(), game);
    value["config"]["players"] = json!(1);
    let err = serde_json::from_value::<CrownBattles>(value).unwrap_err();
    assert!(err.to_string().contains(&ConfigError::Players(1).to_string()), "{err}");
}

#[test]
fn a_valid_config_travels_unchanged() {
    let mut config = Config::rulebook(Some(6)).unwrap();
    config.first_dealer = Some(Seat(5));
    config.round_types = crownbattles_rules::RoundTypes::deal(&[RoundType::Normal, RoundType::Wagering]);
    config.wagering.extra_wagers = true;
    config.screw_the_dealer = true;
    let text = serde_json::to_string(&config).unwrap();
    // `first_dealer` is a `Seat`, which travels as its number, as the `u8` did.
    assert!(text.contains(r#""first_dealer":5"#), "{text}");
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    for players in 2..=8 {
        let config = Config::rulebook(Some(players)).unwrap();
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    }
}

#[test]
fn the_default_config_is_the_rulebook_game_and_needs_no_bound() {
    assert_eq!(Config::default(), Config::rulebook(None).unwrap());
    for players in 2..=8 {
        assert_eq!(Config::bounded(Some(players)), Config::rulebook(Some(players)));
    }
    assert_eq!(Config::rulebook(Some(9)), Err(ConfigError::Players(9)));
    assert_eq!(<Config as duke_core::GameConfig>::rulebook(Some(5)), Config::rulebook(Some(5)));
}

#[test]
fn a_config_saved_before_still_loads() {
    // The field names of engine 0.1.0: `round_type` for the round types, the first dealer
    // as a plain number.
    let old = r#"{"players": 3, "deck": {"values": {"R": "1-13", "G": "1-13", "B": "1-13", "Y": "1-13"},
        "golems": 2, "dragons": 2, "peasants": 4, "powers": ["thief"]},
        "schedule": [2, 2], "max_bid": 10, "spinner": [1, 1, 1, 1, 1, 1],
        "dealer_may_choose_no_trump": false, "screw_the_dealer": false, "wizard_affects_kings": false,
        "timings": {"alchemist": "Immediate", "bishop": "Immediate", "jester": "Immediate", "witch": "Immediate"},
        "witch_step": 5, "shields": "Round", "max_tie_replays": 0, "first_dealer": 2,
        "round_type": "BlindBidding"}"#;
    let config: Config = serde_json::from_str(old).unwrap();
    assert_eq!(config.first_dealer, Some(Seat(2)));
    assert_eq!(config.round_types, crownbattles_rules::RoundTypes::Every(RoundType::BlindBidding));
    // Written again, it uses today's names.
    let text = serde_json::to_string(&config).unwrap();
    assert!(text.contains(r#""round_types":"BlindBidding""#) && !text.contains(r#""round_type":"#), "{text}");
}
