//! A tile acting as one player's Duke while the other plays another Duke (rulebook
//! "Escape": "the Richlieu Tile, acting as the Duke", in a game of the Musketeer
//! expansion): the tile-set format's `p1_duke`, its checks (errors name the tile by name and
//! number counted from 1), set-up, the Duke-danger rule and the end of the game for that
//! tile, and saved games.

use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Ability, Action, Config, CustomTiles, EndReason, Event, ExpandedDuke, Icon, IconKind, Phase, Piece, Setup, Square,
    TileKind, TileSetError, TileSetSpec, TileSpec,
};

/// The base box plus Richelieu (type 15), acting as P1's Duke: Move forward and sideways,
/// Jump back, Escape.
fn richelieu_set() -> TileSetSpec {
    let i = |kind, dx, dy| Icon::new(kind, dx, dy);
    let icons = vec![
        i(IconKind::Move, 0, 1),
        i(IconKind::Move, -1, 0),
        i(IconKind::Move, 1, 0),
        i(IconKind::Jump, -1, -2),
        i(IconKind::Jump, 1, -2),
    ];
    let mut spec = TileSetSpec::standard();
    spec.tiles.push(TileSpec {
        name: "Richelieu".into(),
        abbrev: "Ri".into(),
        count: 1,
        on_board: 1,
        start: icons.clone(),
        back: icons,
        abilities: vec![Ability::Escape],
    });
    spec.p1_duke = Some(15);
    spec
}

const RICHELIEU: TileKind = TileKind(15);

fn config() -> Config {
    {
        let mut config = Config::default();
        config.tiles = Some(CustomTiles::new(richelieu_set()));
        config.first_player = Some(Seat(0));
        config
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn each_player_sets_up_his_own_duke_and_owns_no_other() {
    let mut game = ExpandedDuke::new(&config(), 1).unwrap();
    // Neither bag holds a Duke: P0 owns no Richelieu, P1 no base Duke.
    for seat in [Seat(0), Seat(1)] {
        assert_eq!((game.bag_count(seat, TileKind::DUKE), game.bag_count(seat, RICHELIEU)), (0, 0));
    }
    let mut events = Vec::new();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        let action: Action = text.parse().unwrap();
        let before = game.apply(Seat(seat), action).unwrap();
        events.clear();
        ExpandedDuke::events(&before, Seat(seat), action, &game, Observer::Spectator, &mut events);
    }
    assert_eq!(game.piece_at(sq("c1")), Some(Piece::new(TileKind::DUKE, Seat(0))));
    assert_eq!(game.piece_at(sq("d6")), Some(Piece::new(RICHELIEU, Seat(1))));
    assert_eq!((game.duke_square(Seat(0)), game.duke_square(Seat(1))), (Some(sq("c1")), Some(sq("d6"))));
    assert_eq!(game.phase(), Phase::Play);
    // The event names the tile acting as the Duke, and its line reads back as the action.
    let set_up = ExpandedDuke::new(&config(), 1).unwrap();
    let mut replay = set_up.clone();
    for (seat, text) in [(0, "duke c1"), (0, "footman b1"), (0, "footman d1")] {
        replay.apply(Seat(seat), text.parse().unwrap()).unwrap();
    }
    let before = replay.clone();
    replay.apply(Seat(1), "duke d6".parse().unwrap()).unwrap();
    events.clear();
    ExpandedDuke::events(&before, Seat(1), "duke d6".parse().unwrap(), &replay, Observer::Spectator, &mut events);
    assert!(matches!(&events[0], Event::SetUp { tile, .. } if tile.name == "Richelieu"), "{events:?}");
    assert!(events[0].to_string().starts_with("P1 duke d6: sets up the Richelieu on d6"), "{}", events[0]);
    // Random play: every state valid, saved and loaded back as it was.
    let mut rng = GameRng::new(9);
    let mut buf = Vec::new();
    for _ in 0..120 {
        if game.is_over() {
            break;
        }
        let seat = game.side_to_move();
        game.legal_actions(seat, &mut buf);
        game.apply(seat, buf[rng.below(buf.len() as u32) as usize]).unwrap();
        game.validate().unwrap();
        assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
        for observer in [Seat(0), Seat(1)] {
            game.determinize(observer, 3).validate().unwrap();
        }
    }
}

/// The tile acting as P1's Duke is his Duke for every rule: the Duke-danger rule keeps it out
/// of reach, Guard is said of it, and capturing it wins.
#[test]
fn the_tile_acting_as_p1s_duke_is_guarded_and_capturing_it_wins() {
    let setup = |to_move: u8, tiles: &[(&str, TileKind, u8)]| Setup {
        board: tiles.iter().map(|&(s, k, o)| (sq(s), Piece::new(k, Seat(o)))).collect(),
        phase: Phase::Play,
        to_move: Seat(to_move),
        ..Setup::new(config())
    };
    // P1's Richelieu on d4 may not step to d3 beside P0's Footman on d2 (start side: Move
    // forward), which would take it.
    let tiles = [("a1", TileKind::DUKE, 0), ("d2", TileKind::FOOTMAN, 0), ("d4", RICHELIEU, 1)];
    let game = ExpandedDuke::from_setup(&setup(1, &tiles)).unwrap();
    let mut buf = Vec::new();
    game.legal_actions(Seat(1), &mut buf);
    let moves: Vec<String> = buf.iter().map(ToString::to_string).collect();
    assert!(!moves.contains(&"d4-d3".to_owned()) && moves.contains(&"d4-c4".to_owned()), "{moves:?}");
    // P0's Footman on d3 takes Richelieu on d4: the game is won.
    let tiles =
        [("a1", TileKind::DUKE, 0), ("d3", TileKind::FOOTMAN, 0), ("d4", RICHELIEU, 1), ("f6", TileKind::FOOTMAN, 1)];
    let mut game = ExpandedDuke::from_setup(&setup(0, &tiles)).unwrap();
    assert!(game.in_guard(Seat(1)));
    game.apply(Seat(0), "d3-d4".parse().unwrap()).unwrap();
    assert!(matches!(game.phase(), Phase::Over(e) if e.reason == EndReason::DukeCaptured && e.winner == Some(Seat(0))));
    // A loaded position may not give P0 a Richelieu, nor P1 the base Duke.
    let wrong = [("a1", RICHELIEU, 0), ("d3", TileKind::FOOTMAN, 0), ("d6", TileKind::DUKE, 1)];
    assert!(ExpandedDuke::from_setup(&setup(0, &wrong)).is_err());
}

#[test]
fn a_tile_that_cannot_act_as_p1s_duke_is_a_typed_error_naming_it() {
    let with = |f: &dyn Fn(&mut TileSetSpec)| {
        let mut spec = richelieu_set();
        f(&mut spec);
        spec.check()
    };
    assert_eq!(with(&|_| {}), Ok(()));
    let err = |tile: usize, name: &str| Err(TileSetError::P1Duke { tile, name: name.into() });
    assert_eq!(with(&|s| s.p1_duke = Some(0)), err(0, "Duke"));
    assert_eq!(with(&|s| s.p1_duke = Some(1)), err(1, "Footman"));
    assert_eq!(with(&|s| s.p1_duke = Some(16)), err(16, ""));
    assert_eq!(with(&|s| s.p1_duke = Some(3)), err(3, "Knight"), "a tile with on_board 0");
    assert_eq!(with(&|s| s.tiles[15].count = 2), err(15, "Richelieu"));
    let message = with(&|s| s.tiles[15].count = 2).unwrap_err().to_string();
    assert!(message.starts_with("tile 16 (\"Richelieu\") cannot act as P1's Duke"), "{message}");
    // Without `p1_duke` a second tile on the board is refused as ever, named from 1.
    let message = with(&|s| s.p1_duke = None).unwrap_err().to_string();
    assert!(message.starts_with("tile 16 (\"Richelieu\"): set-up places"), "{message}");
    // The field is written only when given: a version-1 file without it reads as before.
    let text = serde_json::to_string(&TileSetSpec::standard()).unwrap();
    assert!(!text.contains("p1_duke"));
    let text = serde_json::to_string(&richelieu_set()).unwrap();
    assert!(text.contains("\"p1_duke\":15"));
    let back = TileSetSpec::load(&mut serde_json::Deserializer::from_str(&text)).unwrap();
    assert_eq!(back, richelieu_set());
}

/// Dynastic Dispute sets aside the Dukes and the Footmen: the tile acting as P1's Duke is
/// not drafted either.
#[test]
fn the_tile_acting_as_p1s_duke_is_not_drafted() {
    let config = {
        let mut config = config();
        config.objective = theduke_rules::Objective::DynasticDispute;
        config
    };
    let game = ExpandedDuke::new(&config, 2).unwrap();
    assert_eq!(game.phase(), Phase::Draft);
    let mut buf = Vec::new();
    game.legal_actions(game.side_to_move(), &mut buf);
    assert_eq!(buf.len(), 13, "{buf:?}");
    assert!(!buf.contains(&Action::Pick(RICHELIEU)));
}
