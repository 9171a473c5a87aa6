//! The run-time tile-set format (rulebook "Customization Tiles"): the base box round-trips
//! through it and plays as the standard game, every rule of the format is a typed error,
//! arbitrary input never panics, and a game with a custom set saves and loads with it.

use duke_core::{Game, Seat};
use proptest::prelude::*;
use theduke_rules::testing::custom_tile_set;
use theduke_rules::{
    Ability, Action, Config, ConfigError, CustomTiles, ExpandedDuke, Icon, IconError, IconKind, Side, TheDuke,
    TileSetError, TileSetSpec,
};

fn load(text: &str) -> Result<TileSetSpec, TileSetError> {
    TileSetSpec::load(&mut serde_json::Deserializer::from_str(text))
}

/// The base box in the format, as `tests/golden/standard_tiles.json` documents it.
#[test]
fn the_standard_set_round_trips_through_the_format() {
    let standard = TileSetSpec::standard();
    assert_eq!(standard.check(), Ok(()));
    let text = serde_json::to_string_pretty(&standard).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/standard_tiles.json");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    assert_eq!(std::fs::read_to_string(path).unwrap(), text, "rewrite with UPDATE_GOLDEN=1 and review the diff");
    assert_eq!(load(&text), Ok(standard.clone()));
    // Icons are {"kind", "dx", "dy"}; on_board and abilities are left out when 0 / empty.
    assert!(text.contains(r#""kind": "JumpSlide""#) && text.contains(r#""on_board": 2"#));
    assert!(!text.contains("abilities"));
    // The same tiles, read back, play the standard game.
    let open = |game: &mut dyn FnMut(Seat, Action)| {
        for (seat, a) in [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6")] {
            game(Seat(seat), a.parse().unwrap());
        }
    };
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config
    };
    let custom = {
        let mut config = config.clone();
        config.tiles = Some(CustomTiles::new(load(&text).unwrap()));
        config
    };
    let mut fast = TheDuke::new(&config, 3).unwrap();
    let mut slow = ExpandedDuke::new(&custom, 3).unwrap();
    open(&mut |s, a| fast.apply(s, a).map(drop).unwrap());
    open(&mut |s, a| slow.apply(s, a).map(drop).unwrap());
    for depth in 1..=3 {
        assert_eq!(slow.perft(depth), fast.perft(depth));
    }
}

#[test]
fn every_rule_of_the_format_is_a_typed_error() {
    let standard = TileSetSpec::standard();
    let with = |f: &dyn Fn(&mut TileSetSpec)| {
        let mut spec = standard.clone();
        f(&mut spec);
        spec
    };
    let icon = |tile: usize, side: Side, index: usize, error: IconError| TileSetError::Icon {
        tile,
        name: standard.tiles[tile].name.clone(),
        side,
        index,
        error,
    };
    let cases: Vec<(TileSetSpec, TileSetError)> = vec![
        (with(&|s| s.version = 2), TileSetError::Version(2)),
        (with(&|s| s.tiles.truncate(1)), TileSetError::KindCount(1)),
        (with(&|s| s.tiles[0].count = 2), TileSetError::Duke { name: "Duke".to_owned() }),
        (with(&|s| s.tiles[0].on_board = 0), TileSetError::Duke { name: "Duke".to_owned() }),
        (with(&|s| s.tiles[1].on_board = 1), TileSetError::SetUp { tile: 1, name: "Footman".into() }),
        (with(&|s| s.tiles[1].count = 1), TileSetError::SetUp { tile: 1, name: "Footman".into() }),
        (with(&|s| s.tiles[4].on_board = 1), TileSetError::SetUp { tile: 4, name: "Wizard".into() }),
        (with(&|s| s.tiles[2].count = 16), TileSetError::Count { tile: 2, name: "Pikeman".into() }),
        (with(&|s| s.tiles[3].name = String::new()), TileSetError::Name { tile: 3, name: String::new() }),
        (with(&|s| s.tiles[3].name = "x".repeat(41)), TileSetError::Name { tile: 3, name: "x".repeat(41) }),
        (with(&|s| s.tiles[3].name = "Duke".into()), TileSetError::Name { tile: 3, name: "Duke".into() }),
        (with(&|s| s.tiles[3].abbrev = "DU".into()), TileSetError::Abbrev { tile: 3, name: "Knight".into() }),
        (with(&|s| s.tiles[3].abbrev = "kn".into()), TileSetError::Abbrev { tile: 3, name: "Knight".into() }),
        (with(&|s| s.tiles[3].abbrev = "Knt".into()), TileSetError::Abbrev { tile: 3, name: "Knight".into() }),
        (with(&|s| s.tiles[3].abbrev = "K1".into()), TileSetError::Abbrev { tile: 3, name: "Knight".into() }),
        (with(&|s| s.tiles[2].start.push(Icon::new(IconKind::Jump, 0, 6))), icon(2, Side::Start, 4, IconError::Offset)),
        (with(&|s| s.tiles[2].back.push(Icon::new(IconKind::Dread, 0, 0))), icon(2, Side::Back, 5, IconError::Offset)),
        (
            with(&|s| s.tiles[2].start.push(Icon::new(IconKind::Move, 1, 2))),
            icon(2, Side::Start, 4, IconError::MoveOffLine),
        ),
        (
            with(&|s| s.tiles[2].start.push(Icon::new(IconKind::Slide, 0, 2))),
            icon(2, Side::Start, 4, IconError::SlideOffset),
        ),
        (
            with(&|s| s.tiles[2].start.push(Icon::new(IconKind::JumpSlide, 1, 2))),
            icon(2, Side::Start, 4, IconError::JumpSlideOffset),
        ),
        (
            with(&|s| s.tiles[2].start.push(Icon::new(IconKind::JumpSlide, 0, 1))),
            icon(2, Side::Start, 4, IconError::JumpSlideOffset),
        ),
        (
            with(&|s| {
                let first = s.tiles[2].start[0];
                s.tiles[2].start.push(first);
            }),
            icon(2, Side::Start, 4, IconError::Duplicate),
        ),
        (
            with(&|s| s.tiles[5].abilities = vec![Ability::Escape, Ability::Escape]),
            TileSetError::DuplicateAbility { tile: 5, name: "Ranger".into() },
        ),
    ];
    for (spec, want) in cases {
        assert_eq!(spec.check(), Err(want.clone()), "{want}");
        // Through JSON, and through a config: the same typed error.
        assert_eq!(load(&serde_json::to_string(&spec).unwrap()), Err(want.clone()));
        let config = {
            let mut config = Config::default();
            config.tiles = Some(CustomTiles::new(spec));
            config
        };
        assert_eq!(ExpandedDuke::new(&config, 0).err(), Some(ConfigError::Tiles(want)));
    }
    // Two tile types will do (a Duke and its companions), up to 32; 33 is too many.
    let mut two = standard.clone();
    two.tiles.truncate(2);
    assert_eq!(two.check(), Ok(()));
    assert!(
        ExpandedDuke::new(
            &{
                let mut config = Config::default();
                config.tiles = Some(CustomTiles::new(two));
                config
            },
            1
        )
        .is_ok()
    );
    let mut many = standard.clone();
    while many.tiles.len() < 33 {
        let mut extra = many.tiles[2].clone();
        let n = many.tiles.len();
        extra.name = format!("Extra {n}");
        extra.abbrev = format!("X{}", char::from(b'a' + n as u8 - 15));
        many.tiles.push(extra);
    }
    assert_eq!(many.check(), Err(TileSetError::KindCount(33)));
    many.tiles.pop();
    assert_eq!(many.check(), Ok(()));
    assert!(
        ExpandedDuke::new(
            &{
                let mut config = Config::default();
                config.tiles = Some(CustomTiles::new(many));
                config
            },
            1
        )
        .is_ok()
    );
}

#[test]
fn text_that_is_not_a_tile_set_is_a_format_error() {
    let standard = serde_json::to_string(&TileSetSpec::standard()).unwrap();
    for bad in [
        String::new(),
        "[]".into(),
        "{\"version\": 1}".into(),
        standard.replace("\"Slide\"", "\"Glide\""),
        standard.replace("\"count\":3", "\"count\":300"),
        standard.replace("\"count\":3", "\"count\":-1"),
        standard.replace("\"name\":\"Footman\"", "\"name\":\"Footman\",\"colour\":\"red\""),
        standard[..standard.len() / 2].to_owned(),
    ] {
        assert!(matches!(load(&bad), Err(TileSetError::Format(_))), "{bad:.80}");
    }
    // TheDuke refuses a custom set: it plays the compile-time base box.
    let config = {
        let mut config = Config::default();
        config.tiles = Some(CustomTiles::new(TileSetSpec::standard()));
        config
    };
    assert_eq!(TheDuke::new(&config, 0).err(), Some(ConfigError::NeedsExpanded));
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(400))]

    /// Any text, and the standard set with any byte changed, loads or is a typed error.
    #[test]
    fn arbitrary_input_never_panics(text in ".{0,300}", at in 0usize..4000, byte in any::<u8>()) {
        let _ = load(&text);
        let mut standard = serde_json::to_vec(&TileSetSpec::standard()).unwrap();
        let i = at % standard.len();
        standard[i] = byte;
        if let Ok(text) = String::from_utf8(standard) {
            let _ = load(&text);
        }
    }

    /// Every fuzzing set round-trips, in a config and in a saved game.
    #[test]
    fn custom_sets_round_trip_in_configs_and_saved_games(seed in any::<u64>()) {
        let spec = custom_tile_set(seed);
        prop_assert_eq!(load(&serde_json::to_string(&spec).unwrap()), Ok(spec.clone()));
        let config = { let mut config = Config::default(); config.tiles = Some(CustomTiles::new(spec)); config.turn_limit = Some(30); config };
        let text = serde_json::to_string(&config).unwrap();
        prop_assert_eq!(serde_json::from_str::<Config>(&text).unwrap(), config.clone());
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        let mut rng = duke_core::GameRng::new(seed);
        let mut buf = Vec::new();
        for _ in 0..20 {
            if game.is_over() {
                break;
            }
            game.legal_actions(game.side_to_move(), &mut buf);
            let a = buf[rng.below(buf.len() as u32) as usize];
            game.apply(game.side_to_move(), a).unwrap();
        }
        let saved = serde_json::to_string(&game).unwrap();
        prop_assert_eq!(serde_json::from_str::<ExpandedDuke>(&saved).unwrap(), game);
    }
}
