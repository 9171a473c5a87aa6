//! A config is checked when it is read (issue #26 item 3): a config that `Config::check`
//! refuses does not load, alone or inside a record, a setup or a saved state; a valid one
//! reads back equal; the old JSON of the first player (`"Random"`, `"Seat0"`, `"Seat1"`,
//! the enum `FirstPlayer` it replaced) and the files written with it still load.

use duke_core::{Game, GameConfig, Record, Seat};
use theduke_rules::{
    Config, ConfigError, CustomTiles, DarkRider, DarkRiderError, DreadImmunity, ExpandedDuke, Objective, Setup,
    TheDuke, TileSetSpec,
};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden");

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{GOLDEN}/{path}")).unwrap()
}

/// `text` does not read as a `T`, and the error says `why`.
fn refused<T: serde::de::DeserializeOwned + std::fmt::Debug>(text: &str, why: &str) {
    match serde_json::from_str::<T>(text) {
        Ok(value) => panic!("{text} was read: {value:?}"),
        Err(e) => assert!(e.to_string().contains(why), "{text}: {e} does not say {why:?}"),
    }
}

#[test]
fn the_default_config_is_the_rulebook_game() {
    assert_eq!(Config::default(), Config::rulebook(None).unwrap());
    assert_eq!(Config::rulebook(Some(2)).unwrap(), Config::default());
    assert_eq!(Config::rulebook(Some(3)), Err(ConfigError::Players(3)));
    assert_eq!(Config::bounded(None).unwrap().turn_limit, Some(theduke_rules::BOUNDED_TURN_LIMIT));
    // The trait forwards to the inherent functions.
    assert_eq!(<Config as GameConfig>::rulebook(None).unwrap(), Config::rulebook(None).unwrap());
    assert_eq!(<Config as GameConfig>::bounded(Some(2)).unwrap(), Config::bounded(Some(2)).unwrap());
}

#[test]
fn a_zero_turn_limit_does_not_load() {
    let why = ConfigError::ZeroTurnLimit.to_string();
    refused::<Config>(r#"{"first_player": null, "turn_limit": 0}"#, &why);
}

#[test]
fn a_first_player_of_no_seat_does_not_load() {
    let why = ConfigError::FirstPlayer(Seat(2)).to_string();
    refused::<Config>(r#"{"first_player": 2, "turn_limit": null}"#, &why);
    let mut config = Config::default();
    config.first_player = Some(Seat(2));
    assert_eq!(config.check(), Err(ConfigError::FirstPlayer(Seat(2))));
    assert!(TheDuke::new(&config, 1).is_err());
    // Not a seat at all, nor another name.
    refused::<Config>(r#"{"first_player": 300, "turn_limit": null}"#, "300");
    refused::<Config>(r#"{"first_player": "Seat2", "turn_limit": null}"#, "Seat2");
}

#[test]
fn a_bad_tile_set_does_not_load() {
    let mut spec = TileSetSpec::standard();
    spec.version = 9;
    let mut config = Config::default();
    config.tiles = Some(CustomTiles::new(spec));
    let Err(ConfigError::Tiles(error)) = config.check() else { panic!("{:?}", config.check()) };
    let text = serde_json::to_string(&config).unwrap();
    refused::<Config>(&text, &error.to_string());
}

#[test]
fn a_dark_rider_of_five_pikemen_does_not_load() {
    let why = ConfigError::DarkRider(DarkRiderError::Pikemen(5)).to_string();
    let rider = DarkRider { pikemen: 5, ..DarkRider::default() };
    let mut config = Config::default();
    config.objective = Objective::DarkRider(rider);
    assert_eq!(config.check(), Err(ConfigError::DarkRider(DarkRiderError::Pikemen(5))));
    refused::<Config>(&serde_json::to_string(&config).unwrap(), &why);
}

/// The golden file `name` with its config's turn limit set to 0.
fn with_zero_limit(name: &str) -> String {
    let text = read(name);
    assert!(text.contains(r#""turn_limit": 25"#), "{name}");
    text.replace(r#""turn_limit": 25"#, r#""turn_limit": 0"#)
}

#[test]
fn a_record_holding_a_bad_config_does_not_load() {
    let why = ConfigError::ZeroTurnLimit.to_string();
    assert!(serde_json::from_str::<Record<TheDuke>>(&read("record.json")).is_ok());
    refused::<Record<TheDuke>>(&with_zero_limit("record.json"), &why);
}

#[test]
fn a_setup_holding_a_bad_config_does_not_load() {
    let why = ConfigError::ZeroTurnLimit.to_string();
    assert!(serde_json::from_str::<Setup>(&read("state.json")).is_ok());
    refused::<Setup>(&with_zero_limit("state.json"), &why);
}

#[test]
fn a_saved_state_holding_a_bad_config_does_not_load() {
    let why = ConfigError::ZeroTurnLimit.to_string();
    assert!(serde_json::from_str::<TheDuke>(&read("state.json")).is_ok());
    refused::<TheDuke>(&with_zero_limit("state.json"), &why);
    refused::<ExpandedDuke>(&with_zero_limit("state.json"), &why);
}

#[test]
fn a_valid_config_reads_back_equal() {
    let mut config = Config::default();
    config.first_player = Some(Seat(1));
    config.turn_limit = Some(90);
    config.enhanced_tiles = true;
    config.tiles = Some(CustomTiles::new(TileSetSpec::standard()));
    config.readings.dread_immunity = DreadImmunity::EitherSide;
    config.terrain.dragon = true;
    config.objective = Objective::DarkRider(DarkRider::default());
    let text = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config);
    // The standard game's JSON: the first player is a seat number or null.
    let text = serde_json::to_string(&Config::default()).unwrap();
    assert_eq!(text, r#"{"first_player":null,"turn_limit":null}"#);
    assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), Config::default());
    let mut seat0 = Config::default();
    seat0.first_player = Some(Seat(0));
    assert_eq!(serde_json::to_string(&seat0).unwrap(), r#"{"first_player":0,"turn_limit":null}"#);
}

#[test]
fn the_old_first_player_names_still_read() {
    for (old, seat) in [("\"Random\"", None), ("\"Seat0\"", Some(Seat(0))), ("\"Seat1\"", Some(Seat(1)))] {
        let config: Config = serde_json::from_str(&format!(r#"{{"first_player": {old}, "turn_limit": 30}}"#)).unwrap();
        assert_eq!(config.first_player, seat, "{old}");
        assert_eq!(config.turn_limit, Some(30));
    }
    // A config without the field draws the first player, as the old default did.
    assert_eq!(serde_json::from_str::<Config>("{}").unwrap(), Config::default());
}

#[test]
fn files_written_with_the_old_first_player_still_load() {
    // Copies of the golden files as written before `first_player` became `Option<Seat>`.
    let record: Record<TheDuke> = serde_json::from_str(&read("old/record_first_player_random.json")).unwrap();
    assert_eq!(record.config.first_player, None);
    let end = record.replay().unwrap();
    assert!(end.is_over());
    let state: TheDuke = serde_json::from_str(&read("old/state_first_player_random.json")).unwrap();
    assert_eq!(state.config().first_player, None);
    assert!(state.validate().is_ok());
    // They read the same as the files written now.
    let now: TheDuke = serde_json::from_str(&read("state.json")).unwrap();
    assert_eq!(state, now);
}
