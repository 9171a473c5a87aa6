//! Issue #26: a config that [`Config::check`] refuses does not deserialise, alone, in a
//! [`Record`], in a saved [`Setup`] or in a saved state, and the error carries the check's
//! message (one case per `ConfigError` variant JSON can reach); a valid config round-trips
//! unchanged; a config written before `first_player` became optional still reads.

use duke_core::{Game, GameConfig, Record, Seat};
use dukesup_rules::{Config, ConfigError, DukesUp, Setup};
use serde_json::{Value, json};

/// The default config changed by `f`.
fn with(f: impl FnOnce(&mut Config)) -> Config {
    let mut config = Config::default();
    f(&mut config);
    config
}

/// One config per `ConfigError` variant reachable from JSON (`Players` is only reachable
/// from `Config::rulebook(Some(n))`), with the error the check gives.
fn refused() -> Vec<(Value, ConfigError)> {
    let cases = [
        (with(|c| c.first_player = Some(Seat(2))), ConfigError::FirstPlayer(Seat(2))),
        (with(|c| c.rounds = 0), ConfigError::Rounds(0)),
        (with(|c| c.rounds = 100), ConfigError::Rounds(100)),
        (with(|c| c.turn_limit = Some(0)), ConfigError::TurnLimit),
    ];
    cases
        .into_iter()
        .map(|(bad, error)| {
            assert_eq!(bad.check(), Err(error.clone()));
            // Serialising does not check, so this is the JSON such a config would have.
            (serde_json::to_value(bad).expect("serialises"), error)
        })
        .collect()
}

#[test]
fn a_config_the_check_refuses_is_refused_when_deserialised() {
    for (bad, error) in refused() {
        let message = error.to_string();
        let err = serde_json::from_value::<Config>(bad.clone()).expect_err("refused");
        assert!(err.to_string().contains(&message), "{err} / {message}");
        let err = serde_json::from_str::<Config>(&bad.to_string()).expect_err("refused");
        assert!(err.to_string().starts_with(&message), "{err} / {message}");
    }
}

#[test]
fn the_players_error_comes_from_the_rulebook_config() {
    assert_eq!(Config::rulebook(Some(3)), Err(ConfigError::Players(3)));
    assert_eq!(Config::bounded(Some(1)), Err(ConfigError::Players(1)));
    assert_eq!(<Config as GameConfig>::rulebook(Some(4)), Err(ConfigError::Players(4)));
}

#[test]
fn a_record_holding_a_refused_config_is_refused_when_read() {
    for (bad, error) in refused() {
        let message = error.to_string();
        let record =
            json!({"format": 1, "engine": "0.1.0", "game": DukesUp::NAME, "config": bad, "seed": 7, "steps": []});
        let err = serde_json::from_str::<Record<DukesUp>>(&record.to_string()).expect_err("refused");
        assert!(err.to_string().contains(&message), "{err} / {message}");
    }
}

#[test]
fn a_saved_setup_holding_a_refused_config_is_refused_when_read() {
    for (bad, error) in refused() {
        let message = error.to_string();
        let mut setup = serde_json::to_value(Setup::default()).expect("serialises");
        assert!(serde_json::from_value::<Setup>(setup.clone()).is_ok(), "the default setup reads");
        setup["config"] = bad;
        let err = serde_json::from_str::<Setup>(&setup.to_string()).expect_err("refused");
        assert!(err.to_string().contains(&message), "{err} / {message}");
    }
}

#[test]
fn a_saved_state_holding_a_refused_config_is_refused_when_read() {
    let game = DukesUp::new(&Config::default(), 5).expect("the rulebook game");
    let mut state = serde_json::to_value(game).expect("serialises");
    assert_eq!(serde_json::from_value::<DukesUp>(state.clone()).expect("the state reads"), game);
    for (bad, error) in refused() {
        let message = error.to_string();
        state["config"] = bad;
        let err = serde_json::from_str::<DukesUp>(&state.to_string()).expect_err("refused");
        assert!(err.to_string().contains(&message), "{err} / {message}");
    }
}

#[test]
fn valid_configs_still_round_trip_unchanged() {
    let configs = [
        Config::default(),
        Config::bounded(None).expect("bounded"),
        with(|c| (c.rounds, c.turn_limit) = (3, Some(50))),
        with(|c| (c.first_player, c.turn_limit) = (None, Some(u32::MAX))),
        with(|c| c.first_player = Some(Seat(1))),
    ];
    for config in configs {
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

/// The JSON of the default config is what it was (a seat number for `first_player`), and a
/// config written before `first_player` became optional and `reshuffle` existed still reads.
#[test]
fn an_old_format_config_still_reads() {
    let json = serde_json::to_string(&Config::default()).expect("serialises");
    assert_eq!(
        json,
        r#"{"first_player":0,"ace":"Low","rounds":1,"multi_round":"AddScores","turn_limit":null,"reshuffle":"WhenNeeded"}"#
    );
    let old = r#"{"first_player":1,"ace":"High","rounds":2,"multi_round":"CountWins","turn_limit":16}"#;
    let read: Config = serde_json::from_str(old).expect("an old config reads");
    let want = with(|c| {
        c.first_player = Some(Seat(1));
        c.ace = dukesup_rules::AceRule::High;
        c.rounds = 2;
        c.multi_round = dukesup_rules::MultiRound::CountWins;
        c.turn_limit = Some(16);
    });
    assert_eq!(read, want);
    // A config without `first_player` reads as the default one (seat 0); `null` draws it.
    let missing: Config =
        serde_json::from_str(r#"{"ace":"Low","rounds":1,"multi_round":"AddScores","turn_limit":null}"#).expect("reads");
    assert_eq!(missing, Config::default());
    let drawn: Config = serde_json::from_str(
        r#"{"first_player":null,"ace":"Low","rounds":1,"multi_round":"AddScores","turn_limit":null}"#,
    )
    .expect("reads");
    assert_eq!(drawn.first_player, None);
}

#[test]
fn the_default_config_is_the_rulebook_one() {
    assert_eq!(Config::rulebook(None), Ok(Config::default()));
    assert_eq!(Config::rulebook(Some(2)), Ok(Config::default()));
    assert_eq!(<Config as GameConfig>::rulebook(None), Ok(Config::default()));
    let bounded = Config::bounded(None).expect("bounded");
    assert_eq!(bounded.turn_limit, Some(dukesup_rules::BOUNDED_TURN_LIMIT));
    assert_eq!(bounded, with(|c| c.turn_limit = Some(dukesup_rules::BOUNDED_TURN_LIMIT)));
    assert_eq!(<Config as GameConfig>::bounded(None), Ok(bounded));
}

/// "Choose a player to go first" (Setup 2) left to chance: with `first_player: None` the
/// game generator draws the first player from the seed, the same seat for the same seed,
/// each seat for some seed, and the setup of the new game says who was drawn.
#[test]
fn a_drawn_first_player_comes_from_the_seed() {
    let config = with(|c| c.first_player = None);
    let mut seen = [false; 2];
    for seed in 0..32 {
        let game = DukesUp::new(&config, seed).expect("valid");
        assert_eq!(game, DukesUp::new(&config, seed).expect("valid"), "deterministic");
        let setup = game.to_setup();
        let first = setup.round_first.expect("the drawn first player is saved");
        assert_eq!(setup.current, Some(first));
        seen[first.index()] = true;
        assert_eq!(DukesUp::from_setup(&setup), Ok(game));
        let fresh = Setup { seed, ..Setup::new(config) };
        assert_eq!(DukesUp::from_setup(&fresh), Ok(game), "Setup::new draws it as new does");
    }
    assert_eq!(seen, [true, true]);
    // A config that names the first player writes no `round_first`, as before.
    let named = DukesUp::new(&Config::default(), 1).expect("valid").to_setup();
    assert_eq!(named.round_first, None);
    assert!(serde_json::to_value(&named).expect("serialises").get("round_first").is_none());
}
