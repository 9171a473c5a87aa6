//! Issue #26: a config its check ([`Config::check`]) refuses does not deserialise, alone, in
//! a [`Record`] or in a saved [`Setup`], and the error carries the check's message; a valid
//! config still round-trips unchanged.

use duke_core::{Game, Record};
use dukesup_rules::{Config, DukesUp, Setup};
use serde_json::{Value, json};

/// A config the check refuses (zero rounds), and the check's message for it.
fn refused() -> (Value, String) {
    let bad = Config { rounds: 0, ..Config::default() };
    let message = bad.check().expect_err("the check refuses it").to_string();
    // Serialising does not check, so this is the JSON such a config would have.
    (serde_json::to_value(bad).expect("serialises"), message)
}

#[test]
fn a_config_the_check_refuses_is_refused_when_deserialised() {
    let (bad, message) = refused();
    let err = serde_json::from_value::<Config>(bad.clone()).expect_err("refused");
    assert!(err.to_string().contains(&message), "{err} / {message}");
    let err = serde_json::from_str::<Config>(&bad.to_string()).expect_err("refused");
    assert!(err.to_string().starts_with(&message), "{err} / {message}");
}

#[test]
fn a_record_holding_a_refused_config_is_refused_when_read() {
    let (bad, message) = refused();
    let record = json!({"format": 1, "engine": "0.1.0", "game": DukesUp::NAME, "config": bad, "seed": 7, "steps": []});
    let err = serde_json::from_str::<Record<DukesUp>>(&record.to_string()).expect_err("refused");
    assert!(err.to_string().contains(&message), "{err} / {message}");
}

#[test]
fn a_saved_setup_holding_a_refused_config_is_refused_when_read() {
    let (bad, message) = refused();
    let mut setup = serde_json::to_value(Setup::default()).expect("serialises");
    assert!(serde_json::from_value::<Setup>(setup.clone()).is_ok(), "the default setup reads");
    setup["config"] = bad;
    let err = serde_json::from_str::<Setup>(&setup.to_string()).expect_err("refused");
    assert!(err.to_string().contains(&message), "{err} / {message}");
}

#[test]
fn valid_configs_still_round_trip_unchanged() {
    for config in [Config::default(), Config { rounds: 3, turn_limit: Some(50), ..Config::default() }] {
        assert_eq!(config.check(), Ok(()));
        let json = serde_json::to_string(&config).expect("serialises");
        let back: Config = serde_json::from_str(&json).expect("a valid config reads");
        assert_eq!(back, config);
        assert_eq!(serde_json::to_string(&back).expect("serialises"), json, "same JSON both ways");
        let record = Record::<DukesUp> {
            format: duke_core::RECORD_FORMAT,
            engine: DukesUp::VERSION.to_owned(),
            game: DukesUp::NAME.to_owned(),
            config,
            seed: 3,
            steps: vec![],
        };
        let read: Record<DukesUp> =
            serde_json::from_str(&serde_json::to_string(&record).expect("serialises")).expect("reads");
        assert_eq!(read, record);
    }
}
