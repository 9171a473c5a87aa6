//! Readings of Expanded play settled by an outside review (issue #25): where the default
//! was not the rulebook as printed, or two readings contradicted each other. Each test
//! shows the printed reading and the option for the other one.

mod common;

use common::checked::legal;
use common::{board, p, s};
use duke_core::Game;
use duke_core::Seat;
use theduke_rules::{
    Config, Dragon, DragonEdge, ExpandedDuke, Facing, FortJumpSlide, Phase, Readings, Setup, Side, Terrain,
    TerrainOptions,
};

const ASSASSIN: u8 = 13;

fn fort_position(fort: &str, readings: Readings, tiles: &[(&str, theduke_rules::Piece)]) -> ExpandedDuke {
    let terrain = Terrain { fort: Some(s(fort)), ..Terrain::default() };
    let setup = Setup {
        config: {
            let mut config = Config::default();
            config.terrain = TerrainOptions { mountain: false, fort: true, dragon: false };
            config.readings = readings;
            config
        },
        board: board(tiles),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain,
        seed: 3,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

/// Reading 37's other side (`PassesOnly`) with reading 39: "you cannot enter the Fort
/// square with these icons" and "passing through it would move into it", so a Jump Slide
/// jumps over the Fort only as the square it leaps; its sliding part neither ends in the
/// Fort nor slides through it. With `Enters` the Fort is slid through and ended in.
#[test]
fn with_passes_only_a_jump_slide_leaps_the_fort_but_neither_ends_in_it_nor_slides_through_it() {
    // P0's Assassin on c1: Jump Slide forward (leaps c2, then c3, c4, c5; c6 is empty).
    let tiles = [("f1", p(0, 0, Side::Start)), ("c1", p(ASSASSIN, 0, Side::Start)), ("a6", p(0, 1, Side::Start))];
    let passes = {
        let mut readings = Readings::default();
        readings.fort_jump_slide = FortJumpSlide::PassesOnly;
        readings
    };
    let reach = |fort: &str, readings: Readings| {
        let actions = legal(&fort_position(fort, readings, &tiles));
        ["c3", "c4", "c5", "c6"].into_iter().filter(|to| actions.contains(&format!("c1-{to}"))).collect::<Vec<_>>()
    };
    // The Fort on the leapt square: jumped over by both readings.
    assert_eq!(reach("c2", passes), ["c3", "c4", "c5", "c6"]);
    assert_eq!(reach("c2", Readings::default()), ["c3", "c4", "c5", "c6"]);
    // The Fort on the first landing square: the slide would start in it.
    assert_eq!(reach("c3", passes), Vec::<&str>::new());
    assert_eq!(reach("c3", Readings::default()), ["c3", "c4", "c5", "c6"]);
    // The Fort further on: the slide stops before it.
    assert_eq!(reach("c4", passes), ["c3"]);
    assert_eq!(reach("c4", Readings::default()), ["c3", "c4", "c5", "c6"]);
}

const FOOTMAN: u8 = 1;

/// A position with the Dragon calm on `dragon` facing `facing`: Dukes on a1 (P0) and f6 (P1),
/// P0 to act with a Footman on a2 for a quiet move, and `tiles`.
fn dragon_position(
    dragon: &str,
    facing: Facing,
    readings: Readings,
    tiles: &[(&str, theduke_rules::Piece)],
) -> ExpandedDuke {
    let mut all = vec![("a1", p(0, 0, Side::Start)), ("a2", p(FOOTMAN, 0, Side::Start)), ("f6", p(0, 1, Side::Start))];
    all.extend_from_slice(tiles);
    let setup = Setup {
        config: {
            let mut config = Config::default();
            config.terrain = TerrainOptions { mountain: false, fort: false, dragon: true };
            config.readings = readings;
            config
        },
        board: board(&all),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain {
            dragon: Some(Dragon { square: s(dragon), facing, enraged: false, turning: false }),
            ..Terrain::default()
        },
        seed: 5,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

/// "If a move places the Dragon at the edge of the game board, during the next in between
/// turn, the Dragon will re-orient to the opposite direction only": any edge square, as
/// printed (reading 50); `DragonEdge::FacedEdge` for the edge it faces only.
#[test]
fn a_calm_move_onto_any_edge_square_makes_the_dragon_turn_about_or_with_the_other_reading_only_the_edge_it_faces() {
    // The Dragon on c5 facing east: its left Move icon (-1, 0) is c6, on the sixth rank, an
    // edge it does not face; P1's Footman there is its only target. P0's Footman on d6 is
    // then ahead of it, and P1's Footman on f3 makes P1's quiet move.
    let tiles =
        [("c6", p(FOOTMAN, 1, Side::Start)), ("d6", p(FOOTMAN, 0, Side::Start)), ("f3", p(FOOTMAN, 1, Side::Start))];
    assert_eq!(Readings::default().dragon_edge, DragonEdge::AnyEdge);
    for (dragon_edge, turns) in [(DragonEdge::AnyEdge, true), (DragonEdge::FacedEdge, false)] {
        let readings = {
            let mut readings = Readings::default();
            readings.dragon_edge = dragon_edge;
            readings
        };
        let mut game = dragon_position("c5", Facing::East, readings, &tiles);
        game.apply(Seat(0), "a2-b2".parse().unwrap()).unwrap();
        let d = game.dragon().unwrap();
        assert_eq!((d.square, d.facing, d.turning), (s("c6"), Facing::East, turns), "{dragon_edge:?}");
        assert!(game.piece_at(s("c6")).is_none());
        game.apply(Seat(1), "f3-f2".parse().unwrap()).unwrap();
        let d = game.dragon().unwrap();
        if turns {
            // It re-orients only: P0's Footman ahead of it is not taken.
            assert_eq!((d.square, d.facing, d.turning), (s("c6"), Facing::West, false));
            assert!(game.piece_at(s("d6")).is_some());
        } else {
            assert_eq!((d.square, d.facing), (s("d6"), Facing::East), "it takes the Footman ahead");
        }
        game.validate().unwrap();
    }
}

/// "After the point is scored, the owner of the Flag may immediately move that tile ... and
/// then takes his standard turn": the Flag moves before the Dragon's in-between turn, which
/// follows it (reading 63); `CoupFlagMove::AfterTheDragon` for the Dragon first.
#[test]
fn after_a_point_the_flag_moves_immediately_before_the_dragons_turn_or_with_the_other_reading_after_it() {
    use common::checked::{legal_with, play_with};
    use common::flags::flag_legal;
    use theduke_rules::{CoupFlagMove, Objective, Piece, TileKind};
    assert_eq!(Readings::default().coup_flag_move, CoupFlagMove::Immediately);
    // P0 scores with e4-e5 beside P1's Flag on e6. The calm Dragon on a3 facing east has one
    // target, P1's Footman on b3; b2 is open beside that Footman.
    let tiles = [
        ("c1", TileKind::DUKE, 0),
        ("e4", TileKind::FOOTMAN, 0),
        ("d6", TileKind::DUKE, 1),
        ("b3", TileKind::FOOTMAN, 1),
    ];
    for (coup_flag_move, before_the_dragon) in
        [(CoupFlagMove::Immediately, true), (CoupFlagMove::AfterTheDragon, false)]
    {
        let config = {
            let mut config = Config::default();
            config.first_player = Some(Seat(0));
            config.objective = Objective::CountingCoup;
            config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
            config.readings = {
                let mut readings = Readings::default();
                readings.coup_flag_move = coup_flag_move;
                readings
            };
            config
        };
        let setup = Setup {
            board: tiles.iter().map(|&(sq, k, o)| (s(sq), Piece::new(k, Seat(o)))).collect(),
            phase: Phase::Play,
            to_move: Seat(0),
            terrain: Terrain {
                flags: [Some(s("a1")), Some(s("e6"))],
                dragon: Some(Dragon { square: s("a3"), facing: Facing::East, enraged: false, turning: false }),
                ..Terrain::default()
            },
            ..Setup::new(config)
        };
        let mut game = ExpandedDuke::from_setup(&setup).unwrap();
        play_with(&mut game, flag_legal, "e4-e5");
        assert_eq!((game.phase(), game.side_to_move()), (Phase::MoveFlag, Seat(1)));
        let moves = legal_with(&game, flag_legal);
        assert_eq!(game.piece_at(s("b3")).is_some(), before_the_dragon, "{coup_flag_move:?}");
        assert_eq!(moves.contains("flag e6-b2"), before_the_dragon, "{coup_flag_move:?}: {moves:?}");
        // The saved state says where the game is, and loads back.
        assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
        play_with(&mut game, flag_legal, "flag e6");
        // Either way the Dragon has taken the Footman when P1's standard turn begins.
        assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, Seat(1)));
        assert_eq!(game.dragon().unwrap().square, s("b3"));
        assert!(game.piece_at(s("b3")).is_none());
    }
}

/// Reading 80: "Slide or Jump Slide (and ONLY those two icons)" enrage; the parenthesis of
/// "cannot be re-enraged again (i.e. using the Jump or Jump Slide icons)" adds no Jump: a Jump
/// reaching the calm Dragon neither enrages it nor lands there, and an enraged Dragon is
/// enraged by nothing.
#[test]
fn only_a_slide_or_jump_slide_enrages_the_dragon_and_nothing_enrages_it_again() {
    const WIZARD: u8 = 4;
    // P0's Duke on f3 slides west to the Dragon on c3; P0's Wizard on its back side (Jump two
    // squares east) on a3 reaches c3 by a Jump. P1's Duke on a6.
    let tiles = [("f3", p(0, 0, Side::Start)), ("a3", p(WIZARD, 0, Side::Back)), ("a6", p(0, 1, Side::Start))];
    for enraged in [false, true] {
        let setup = Setup {
            config: {
                let mut config = Config::default();
                config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
                config
            },
            board: board(&tiles),
            phase: Phase::Play,
            to_move: Seat(0),
            terrain: Terrain {
                dragon: Some(Dragon { square: s("c3"), facing: Facing::North, enraged, turning: false }),
                ..Terrain::default()
            },
            seed: 1,
            ..Setup::default()
        };
        let actions = legal(&ExpandedDuke::from_setup(&setup).unwrap());
        assert!(!actions.iter().any(|a| a.contains("a3-c3")), "no Jump enrages nor lands: {actions:?}");
        assert!(actions.contains("a3-a5") || actions.contains("a3-e3"), "the Wizard jumps elsewhere: {actions:?}");
        let by_slide = actions.contains("enrage f3-c3 north") && actions.contains("enrage f3-c3 south");
        assert_eq!(by_slide, !enraged, "a Slide enrages the calm Dragon only: {actions:?}");
        assert!(!actions.contains("f3-c3"));
    }
}
