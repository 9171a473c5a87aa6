//! Set-up, views, tile conservation, serialisation and custom tile sets.

use duke_core::{Game, Observer, Seat};
use theduke_rules::{
    Action, Config, ConfigError, Duke, Icon, IconKind, Phase, STANDARD_TILES, Side, Square, TheDuke, TileDef, TileKind,
    TileSet,
};

fn legal(game: &TheDuke) -> Vec<String> {
    let mut buf = Vec::new();
    game.legal_actions(game.side_to_move(), &mut buf);
    buf.iter().map(ToString::to_string).collect()
}

#[test]
fn set_up_is_duke_on_a_centre_home_square_then_two_footmen_beside_it() {
    let mut game = TheDuke::new(
        &{
            let mut config = Config::default();
            config.first_player = Some(Seat(1));
            config.turn_limit = None;
            config
        },
        3,
    )
    .unwrap();
    assert_eq!(game.side_to_move(), Seat(1));
    assert_eq!(legal(&game), vec!["duke c6", "duke d6"]);
    game.apply(Seat(1), "duke c6".parse().unwrap()).unwrap();
    // Squares sharing a side with c6 (not the corners).
    assert_eq!(legal(&game), vec!["footman c5", "footman b6", "footman d6"]);
    game.apply(Seat(1), "footman c5".parse().unwrap()).unwrap();
    game.apply(Seat(1), "footman d6".parse().unwrap()).unwrap();
    // Then the other player; the one who set up first moves first.
    assert_eq!(game.side_to_move(), Seat(0));
    assert_eq!(legal(&game), vec!["duke c1", "duke d1"]);
    for a in ["duke d1", "footman c1", "footman e1"] {
        game.apply(Seat(0), a.parse().unwrap()).unwrap();
    }
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.side_to_move(), Seat(1));
    assert_eq!(game.first_player(), Seat(1));
    // Every other tile is in the bag: 1 Footman, 3 Pikemen, one of each other type.
    for seat in [Seat(0), Seat(1)] {
        let bag: Vec<u8> = (0..15).map(|k| game.bag_count(seat, TileKind(k))).collect();
        assert_eq!(bag, vec![0, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    }
}

#[test]
fn who_sets_up_first_is_drawn_with_the_generator_by_default() {
    let firsts: Vec<u8> =
        (0..40).map(|seed| TheDuke::new(&Config::default(), seed).unwrap().side_to_move().0).collect();
    assert!(firsts.contains(&0) && firsts.contains(&1));
    let again: Vec<u8> = (0..40).map(|seed| TheDuke::new(&Config::default(), seed).unwrap().side_to_move().0).collect();
    assert_eq!(firsts, again, "deterministic per seed");
    assert_eq!(
        TheDuke::new(
            &{
                let mut config = Config::default();
                config.turn_limit = Some(0);
                config
            },
            1
        ),
        Err(ConfigError::ZeroTurnLimit)
    );
}

fn played(seed: u64, steps: usize) -> TheDuke {
    let mut game = TheDuke::new(
        &{
            let mut config = Config::default();
            config.first_player = None;
            config.turn_limit = Some(200);
            config
        },
        seed,
    )
    .unwrap();
    let mut rng = duke_core::GameRng::new(seed);
    let mut buf = Vec::new();
    for _ in 0..steps {
        if game.is_over() {
            break;
        }
        game.legal_actions(game.side_to_move(), &mut buf);
        let a = buf[rng.below(buf.len() as u32) as usize];
        game.apply(game.side_to_move(), a).unwrap();
    }
    game
}

#[test]
fn every_tile_is_in_exactly_one_place() {
    for seed in 0..60 {
        for steps in [0, 3, 6, 20, 60, 150] {
            let game = played(seed, steps);
            for seat in [Seat(0), Seat(1)] {
                for (k, def) in STANDARD_TILES.iter().enumerate() {
                    let kind = TileKind(k as u8);
                    let on_board = (0..36u8)
                        .filter_map(|i| game.piece_at(Square::new(i).unwrap()))
                        .filter(|p| p.owner == seat && p.kind == kind)
                        .count() as u8;
                    let drawn = u8::from(game.phase() == Phase::Place { drawn: kind } && game.side_to_move() == seat);
                    let set_aside = match game.phase() {
                        Phase::SetupDuke | Phase::SetupFootman { .. } => {
                            // Tiles not yet placed in set-up.
                            let placed = on_board;
                            match k {
                                0 => 1 - placed,
                                1 => 2 - placed,
                                _ => 0,
                            }
                        }
                        _ => 0,
                    };
                    let total =
                        on_board + game.bag_count(seat, kind) + game.captured_count(seat, kind) + drawn + set_aside;
                    assert_eq!(total, def.count, "seed {seed} steps {steps} seat {seat} {}", def.name);
                }
            }
            game.validate().unwrap();
        }
    }
}

#[test]
fn a_state_breaking_conservation_does_not_deserialise() {
    let game = played(4, 30);
    let json = serde_json::to_value(game).unwrap();
    let mut tampered = json.clone();
    // Four Pikemen in seat 0's bag: the box holds three.
    tampered["bags"][0][2] = serde_json::json!(4);
    assert!(serde_json::from_value::<TheDuke>(tampered).is_err());
    // A second Duke for seat 0.
    let mut moved = json.clone();
    let free = (0..36).filter_map(Square::new).find(|&sq| game.piece_at(sq).is_none()).unwrap();
    moved["board"][free.to_string()] = serde_json::json!({"kind": 0, "side": "Start", "owner": 0});
    assert!(serde_json::from_value::<TheDuke>(moved).is_err());
    assert_eq!(serde_json::from_value::<TheDuke>(json).unwrap(), game);
}

#[test]
fn views_are_public_except_the_generator() {
    for seed in 0..10 {
        let game = played(seed, 40);
        let spectator = game.view(Observer::Spectator);
        for seat in [Seat(0), Seat(1)] {
            let mut view = game.view(Observer::Seat(seat));
            view.observer = Observer::Spectator;
            assert_eq!(view, spectator, "everything but the draw order is public");
        }
        // Reseeding the generator (the only hidden thing) changes no view.
        let other = game.determinize(Seat(0), 999);
        assert_eq!(other.view(Observer::Spectator), spectator);
        let text = serde_json::to_string(&spectator).unwrap();
        assert!(!text.contains("word_pos") && !text.contains("rng"));
        assert!(spectator.to_string().contains("a    b    c"));
    }
}

#[test]
fn draw_reveals_a_tile_from_the_bag_with_the_generator() {
    let game = played(8, 6);
    assert_eq!(game.phase(), Phase::Play);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut g = game.determinize(Seat(0), seed);
        let seat = g.side_to_move();
        g.apply(seat, Action::Draw).unwrap();
        let Phase::Place { drawn } = g.phase() else { panic!("a placement must follow") };
        assert!(game.bag_count(seat, drawn) > 0);
        assert_eq!(g.bag_count(seat, drawn), game.bag_count(seat, drawn) - 1);
        kinds.insert(drawn);
    }
    assert!(kinds.len() > 5, "draws vary with the seed");
}

#[test]
fn legal_action_generation_reuses_the_buffer() {
    let game = played(5, 50);
    let mut buf = Vec::with_capacity(256);
    let ptr = buf.as_ptr();
    for _ in 0..10 {
        game.legal_actions(game.side_to_move(), &mut buf);
    }
    assert_eq!(buf.as_ptr(), ptr);
    assert!(std::mem::size_of::<TheDuke>() <= 128);
}

/// Custom tiles (rulebook p. 17): the standard set with a Footman whose starting side
/// jumps two squares forward instead of moving.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Leapers;

const LEAPERS: [TileDef; 15] = {
    let mut tiles = STANDARD_TILES;
    tiles[1] = TileDef {
        name: "Leaper",
        abbrev: "Le",
        count: 3,
        start: &[Icon::new(IconKind::Jump, 0, 2)],
        back: STANDARD_TILES[1].back,
    };
    tiles
};

impl TileSet for Leapers {
    const TILES: &'static [TileDef] = &LEAPERS;
}

#[test]
fn a_custom_tile_set_plays_with_its_own_profiles() {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.turn_limit = Some(50);
        config
    };
    let mut game = Duke::<Leapers>::new(&config, 1).unwrap();
    for (seat, a) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        game.apply(Seat(seat), a.parse().unwrap()).unwrap();
    }
    let mut buf = Vec::new();
    game.legal_actions(Seat(0), &mut buf);
    let moves: Vec<String> = buf.iter().map(ToString::to_string).filter(|a| a.contains('-')).collect();
    assert_eq!(moves, vec!["b1-b3", "d1-d3"]);
    game.apply(Seat(0), "b1-b3".parse().unwrap()).unwrap();
    assert_eq!(game.piece_at("b3".parse().unwrap()).map(|p| p.side), Some(Side::Back));
    assert!(game.view(Observer::Spectator).to_string().contains("LE-"));
}

#[test]
fn the_board_display_is_aligned_and_names_everything() {
    let game = played(12, 40);
    let text = game.view(Observer::Spectator).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "     a    b    c    d    e    f");
    for (i, line) in lines[1..7].iter().enumerate() {
        assert_eq!(line.len(), lines[0].len() + 4, "{line:?}");
        assert!(line.starts_with(&format!(" {} ", 6 - i)));
    }
    assert!(text.contains("P0 bag:") && text.contains("P1 bag:"));
}
