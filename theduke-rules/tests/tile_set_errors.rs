//! A tile set is checked where it is read (rulebook "Customization Tiles"): plain serde
//! deserialisation of a [`TileSetSpec`] or a [`CustomTiles`] refuses a set that breaks a
//! rule of the format, so no invalid set exists to be refused later; every error about a
//! tile names it by its number counted from 1 and its name.

use theduke_rules::{Config, CustomTiles, TileSetError, TileSetSpec};

/// The base box with the Duke's count set to 2 (the first tile acts as the Duke: one each).
fn two_dukes() -> String {
    let mut spec = TileSetSpec::standard();
    spec.tiles[0].count = 2;
    serde_json::to_string_pretty(&spec).unwrap()
}

#[test]
fn plain_deserialisation_refuses_an_invalid_tile_set() {
    let err = serde_json::from_str::<TileSetSpec>(&two_dukes()).unwrap_err().to_string();
    assert!(err.contains(r#"tile 1 ("Duke")"#), "{err}");
}

#[test]
fn a_custom_set_in_a_config_is_refused_when_the_config_is_read() {
    assert!(serde_json::from_str::<CustomTiles>(&two_dukes()).is_err());
    let mut config = serde_json::to_value(Config::default()).unwrap();
    config["tiles"] = serde_json::from_str::<serde_json::Value>(&two_dukes()).unwrap();
    let err = serde_json::from_value::<Config>(config).unwrap_err().to_string();
    assert!(err.contains(r#"tile 1 ("Duke")"#), "{err}");
}

#[test]
fn the_duke_error_names_the_tile() {
    let err = TileSetSpec::load(&mut serde_json::Deserializer::from_str(&two_dukes())).unwrap_err();
    assert_eq!(err, TileSetError::Duke { name: "Duke".to_owned() });
    assert_eq!(err.to_string(), r#"tile 1 ("Duke") acts as the Duke: count 1, on_board 1"#);
}

#[test]
fn every_tile_error_names_the_tile_by_number_and_name() {
    let standard = TileSetSpec::standard();
    let with = |f: &dyn Fn(&mut TileSetSpec)| {
        let mut spec = standard.clone();
        f(&mut spec);
        spec.check().unwrap_err().to_string()
    };
    let tile = |k: usize| format!("tile {} ({:?})", k + 1, standard.tiles[k].name);
    let cases = [
        (with(&|s| s.tiles[0].on_board = 0), 0),
        (with(&|s| s.tiles[4].on_board = 1), 4),
        (with(&|s| s.tiles[3].count = 16), 3),
        (with(&|s| s.tiles[3].abbrev = "x".to_owned()), 3),
        (with(&|s| s.tiles[3].start[0].dx = 9), 3),
        (with(&|s| s.tiles[3].abilities = vec![theduke_rules::Ability::Summon; 2]), 3),
        (with(&|s| s.p1_duke = Some(3)), 3),
    ];
    for (message, k) in cases {
        assert!(message.starts_with(&tile(k)), "{message}");
    }
    // A name given twice: the second tile to bear it is named.
    let twice = with(&|s| s.tiles[3].name = s.tiles[2].name.clone());
    assert!(twice.starts_with(&format!("tile 4 ({:?})", standard.tiles[2].name)), "{twice}");
}

#[test]
fn a_valid_set_reads_as_before() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/standard_tiles.json")).unwrap();
    assert_eq!(serde_json::from_str::<TileSetSpec>(&text).unwrap(), TileSetSpec::standard());
    let custom: CustomTiles = serde_json::from_str(&text).unwrap();
    assert_eq!(custom.spec(), &TileSetSpec::standard());
}
