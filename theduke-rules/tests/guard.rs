//! The Duke-danger rule and Guard in Expanded play where more than the board after the action
//! decides them (issue #25): a new tile's own Dread icons (readings 29, 70), a win of the
//! objectives with Flags (reading 71), the Dragon pushed onto a Duke (reading 69); and the
//! actions listed once each: one enraging per tile (duplicates), one order for a Divination's
//! steps (reading 32).

mod common;

use std::collections::BTreeSet;

use common::checked::{legal, legal_with, play_with};
use common::flags::flag_legal;
use common::{board, p, s};
use duke_core::{Game, Seat};
use theduke_rules::{
    Action, Config, CustomTiles, Dragon, DragonPush, EndReason, ExpandedDuke, Facing, FlagDukeDanger, Icon, IconKind,
    NewTileDanger, Objective, Phase, Piece, Readings, Setup, Side, Terrain, TerrainOptions, TileKind, TileSetSpec,
    TileSpec,
};

const FOOTMAN: u8 = 1;
const PIKEMAN: u8 = 2;
const KNIGHT: u8 = 3;
/// The Wraith, appended to the base box: a Dread icon at (+1, +1) on both sides.
const WRAITH: u8 = 15;
/// With the enhanced tiles after the Wraith.
const ORACLE: u8 = 17;

fn texts(set: &[&str]) -> BTreeSet<String> {
    set.iter().map(|t| (*t).to_owned()).collect()
}

/// The base box and the Wraith, a tile whose only icon is a Dread icon one square forward
/// and to its owner's right.
fn wraith_set() -> CustomTiles {
    let mut spec = TileSetSpec::standard();
    let dread = vec![Icon::new(IconKind::Dread, 1, 1)];
    spec.tiles.push(TileSpec {
        name: "Wraith".to_owned(),
        abbrev: "Wr".to_owned(),
        count: 1,
        on_board: 0,
        start: dread.clone(),
        back: dread,
        abilities: Vec::new(),
    });
    CustomTiles::new(spec)
}

/// P1's Duke on b6 (non-starting side: it slides along the file) in Guard from P0's Footman
/// on b5; P0's Duke on e1, a second Footman on b4 if `covered` (the Duke cannot then take the
/// Footman); P1 to act with `bag` (by type) and `extra` tiles.
fn guarded(covered: bool, bag: &[(u8, u8)], new_tile_danger: NewTileDanger, extra: &[(&str, Piece)]) -> Setup {
    let enhanced = extra.iter().any(|(_, piece)| piece.kind == TileKind(ORACLE));
    let kinds = if enhanced { 18 } else { 16 };
    let mut tiles = vec![("e1", p(0, 0, Side::Start)), ("b5", p(FOOTMAN, 0, Side::Start)), ("b6", p(0, 1, Side::Back))];
    if covered {
        tiles.push(("b4", p(FOOTMAN, 0, Side::Start)));
    }
    tiles.extend_from_slice(extra);
    let mut p1 = vec![0; kinds];
    for &(kind, n) in bag {
        p1[usize::from(kind)] = n;
    }
    Setup {
        config: {
            let mut config = Config::default();
            config.tiles = Some(wraith_set());
            config.enhanced_tiles = enhanced;
            config.readings = {
                let mut readings = Readings::default();
                readings.new_tile_danger = new_tile_danger;
                readings
            };
            config
        },
        board: board(&tiles),
        bags: Some([vec![0; kinds], p1]),
        phase: Phase::Play,
        to_move: Seat(1),
        seed: 3,
        ..Setup::default()
    }
}

#[test]
fn a_draw_is_legal_when_the_drawn_tiles_dread_would_resolve_guard() {
    // Only a Wraith in the bag: placed on c6 its Dread icon covers b5 and freezes the Footman.
    let mut game = ExpandedDuke::from_setup(&guarded(false, &[(WRAITH, 1)], NewTileDanger::EveryTile, &[])).unwrap();
    assert_eq!(legal(&game), texts(&["b6-b5", "draw"]));
    common::checked::apply(&mut game, "draw");
    assert_eq!(game.phase(), Phase::Place { drawn: TileKind(WRAITH) });
    // Judged by its effect: on a6 the Dread icon would point off the board.
    assert_eq!(legal(&game), texts(&["place c6"]));
    // With the Footman covered, the draw is the only way out: the game goes on.
    let game = ExpandedDuke::from_setup(&guarded(true, &[(WRAITH, 1)], NewTileDanger::EveryTile, &[])).unwrap();
    assert_eq!(legal(&game), texts(&["draw"]));
}

#[test]
fn with_a_mixed_bag_a_draw_needs_every_tile_or_with_the_other_reading_one_to_resolve_guard() {
    let bag = [(WRAITH, 1), (KNIGHT, 1)];
    let game = ExpandedDuke::from_setup(&guarded(false, &bag, NewTileDanger::EveryTile, &[])).unwrap();
    assert_eq!(legal(&game), texts(&["b6-b5"]), "the Knight would have no safe square");
    let game = ExpandedDuke::from_setup(&guarded(false, &bag, NewTileDanger::SomeTile, &[])).unwrap();
    assert_eq!(legal(&game), texts(&["b6-b5", "draw"]));
    let wraith = game.with_drawn(TileKind(WRAITH)).unwrap();
    assert_eq!(legal(&wraith), texts(&["place c6"]));
    // The Knight must still be placed ("Once a tile is removed from the bag, it must be
    // placed"): on any square beside the Duke.
    let knight = game.with_drawn(TileKind(KNIGHT)).unwrap();
    assert_eq!(legal(&knight), texts(&["place a6", "place c6"]));
}

#[test]
fn a_divination_is_legal_when_a_divined_tiles_dread_would_resolve_guard() {
    // P1's Oracle on f6 (non-starting side); the bag holds a Wraith and a Knight: both come
    // out, and keeping the Wraith on c6 freezes the Footman.
    let oracle = [("f6", p(ORACLE, 1, Side::Back))];
    let bag = [(WRAITH, 1), (KNIGHT, 1)];
    let game = ExpandedDuke::from_setup(&guarded(true, &bag, NewTileDanger::EveryTile, &oracle)).unwrap();
    assert_eq!(legal(&game), texts(&["divine f6"]), "a draw could bring the Knight");
    let divined = game.with_divined(s("f6"), &[TileKind(KNIGHT), TileKind(WRAITH)]).unwrap();
    assert_eq!(legal(&divined), texts(&["keep 15 c6"]));
    // Three Pikemen and a Wraith: a hand of three Pikemen is possible, so only with the other
    // reading.
    let bag = [(WRAITH, 1), (PIKEMAN, 3)];
    let game = ExpandedDuke::from_setup(&guarded(false, &bag, NewTileDanger::EveryTile, &oracle)).unwrap();
    assert_eq!(legal(&game), texts(&["b6-b5"]));
    let game = ExpandedDuke::from_setup(&guarded(false, &bag, NewTileDanger::SomeTile, &oracle)).unwrap();
    assert_eq!(legal(&game), texts(&["b6-b5", "divine f6", "draw"]));
    let pikemen = game.with_divined(s("f6"), &[TileKind(PIKEMAN); 3]).unwrap();
    assert_eq!(legal(&pikemen), texts(&["keep 2 a6", "keep 2 c6"]), "kept, it must be placed");
}

/// The base box and the Lancer: a Slide and a Jump Slide the same way (east, to its owner's
/// right), on both sides.
fn lancer_set() -> CustomTiles {
    let mut spec = TileSetSpec::standard();
    let icons = vec![Icon::new(IconKind::Slide, 1, 0), Icon::new(IconKind::JumpSlide, 2, 0)];
    spec.tiles.push(TileSpec {
        name: "Lancer".to_owned(),
        abbrev: "La".to_owned(),
        count: 1,
        on_board: 0,
        start: icons.clone(),
        back: icons,
        abilities: Vec::new(),
    });
    CustomTiles::new(spec)
}

#[test]
fn two_icons_reaching_the_dragon_give_one_enraging() {
    let setup = Setup {
        config: {
            let mut config = Config::default();
            config.tiles = Some(lancer_set());
            config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
            config
        },
        board: board(&[("a1", p(0, 0, Side::Start)), ("a4", p(15, 0, Side::Start)), ("f6", p(0, 1, Side::Start))]),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain {
            dragon: Some(Dragon { square: s("d4"), facing: Facing::East, enraged: false, turning: false }),
            ..Terrain::default()
        },
        seed: 4,
        ..Setup::default()
    };
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    let mut actions = Vec::new();
    game.legal_actions(Seat(0), &mut actions);
    for aim in [Facing::North, Facing::South] {
        let enrage = Action::Enrage { from: s("a4"), to: s("d4"), aim: Some(aim) };
        assert_eq!(actions.iter().filter(|&&a| a == enrage).count(), 1, "{enrage} in {actions:?}");
    }
    // And the reference agrees on the set.
    legal(&game);
}

#[test]
fn a_divinations_steps_come_in_one_order_so_each_position_has_one_sequence() {
    let mut bag = vec![0; 17];
    bag[usize::from(PIKEMAN)] = 3;
    bag[usize::from(KNIGHT)] = 1;
    let setup = Setup {
        config: {
            let mut config = Config::default();
            config.enhanced_tiles = true;
            config
        },
        board: board(&[("c1", p(0, 0, Side::Start)), ("c3", p(16, 0, Side::Back)), ("f6", p(0, 1, Side::Start))]),
        bags: Some([bag, vec![0; 17]]),
        phase: Phase::Play,
        to_move: Seat(0),
        seed: 5,
        ..Setup::default()
    };
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    let divined = game.with_divined(s("c3"), &[TileKind(PIKEMAN), TileKind(KNIGHT), TileKind(PIKEMAN)]).unwrap();
    // Every sequence of steps to the end of the turn, and the positions they reach.
    let mut ends: Vec<ExpandedDuke> = Vec::new();
    let mut sequences = 0;
    let mut stack = vec![divined];
    while let Some(state) = stack.pop() {
        if !matches!(state.phase(), Phase::Divine { .. } | Phase::Dismiss { .. }) {
            sequences += 1;
            if !ends.contains(&state) {
                ends.push(state);
            }
            continue;
        }
        for text in legal(&state) {
            let mut next = state.clone();
            next.apply(Seat(0), text.parse().unwrap()).unwrap();
            stack.push(next);
        }
    }
    assert_eq!(sequences, ends.len(), "one sequence per position");
    // Kept: a Pikeman or the Knight on b1, c2 or d1; the others each back or destroyed.
    assert!(ends.len() > 12, "{}", ends.len());
}

fn coup_kept(tiles: &[(&str, Piece)], flags: [&str; 2], points: [u8; 2]) -> ExpandedDuke {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.objective = Objective::CountingCoup;
        config.readings = {
            let mut readings = Readings::default();
            readings.flag_duke_danger = FlagDukeDanger::Kept;
            readings
        };
        config
    };
    let setup = Setup {
        board: board(tiles),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain { flags: flags.map(|f| Some(s(f))), ..Terrain::default() },
        points,
        ..Setup::new(config)
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

#[test]
fn with_the_duke_danger_rule_kept_a_winning_third_point_may_expose_the_duke() {
    // 2-1: the Knight on e4 jumps to d6 or f6 beside P1's Flag (carried by P1's Duke on e6,
    // non-starting side: it slides down file e once the Knight leaves it).
    let tiles = [("e1", p(0, 0, Side::Start)), ("e4", p(KNIGHT, 0, Side::Start)), ("e6", p(0, 1, Side::Back))];
    let mut game = coup_kept(&tiles, ["a1", "e6"], [2, 1]);
    let legal = legal_with(&game, flag_legal);
    assert!(legal.contains("e4-d6") && legal.contains("e4-f6"), "{legal:?}");
    assert!(!legal.contains("e4-d4"), "a move that scores nothing still may not expose the Duke: {legal:?}");
    play_with(&mut game, flag_legal, "e4-d6");
    assert!(
        matches!(game.phase(), Phase::Over(e) if e.winner == Some(Seat(0)) && e.reason == EndReason::CoupCounted),
        "{:?}",
        game.phase()
    );
}

#[test]
fn with_the_duke_danger_rule_kept_taking_the_enemy_duke_is_checked_like_any_capture() {
    // The Footman on c4 could take P1's Duke on d4, but it blocks P1's Knight (non-starting
    // side: a Slide down file c) from P0's Duke on c1; taking a Duke does not win here.
    let tiles = [
        ("c1", p(0, 0, Side::Start)),
        ("c4", p(FOOTMAN, 0, Side::Start)),
        ("d4", p(0, 1, Side::Start)),
        ("c5", p(KNIGHT, 1, Side::Back)),
    ];
    let game = coup_kept(&tiles, ["a1", "f6"], [0, 0]);
    let legal = legal_with(&game, flag_legal);
    assert!(!legal.contains("c4-d4"), "{legal:?}");
    assert!(legal.contains("c4-c5"), "{legal:?}");
}

/// P0's Duke on a3; the calm Dragon on b3; P1's Duke on f3 (starting side: it slides along
/// the row) could slide onto the Dragon and push it onto P0's Duke.
fn push_position(dragon_push: DragonPush) -> ExpandedDuke {
    let setup = Setup {
        config: {
            let mut config = Config::default();
            config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
            config.readings = {
                let mut readings = Readings::default();
                readings.dragon_push = dragon_push;
                readings
            };
            config
        },
        board: board(&[("a3", p(0, 0, Side::Start)), ("f3", p(0, 1, Side::Start))]),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain {
            dragon: Some(Dragon { square: s("b3"), facing: Facing::East, enraged: false, turning: false }),
            ..Terrain::default()
        },
        seed: 6,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

#[test]
fn a_push_of_the_dragon_onto_the_duke_is_no_capture_by_the_opponent_unless_the_reading_counts_it() {
    let game = push_position(DragonPush::Ignored);
    assert!(!game.in_guard(Seat(0)));
    let listed = legal(&game);
    assert!(listed.contains("draw"), "a new tile on a2 or a4 does not block row 3, and needs not: {listed:?}");
    let game = push_position(DragonPush::Counted);
    assert!(game.in_guard(Seat(0)));
    let listed = legal(&game);
    assert!(!listed.contains("draw"), "{listed:?}");
}

/// Random games of `testing::guard_configs` (Dread-rich sets, both readings of a new tile's
/// icons and of the Dragon's push, Counting Coup and Trophy Hunters with the rule kept): at
/// every position the engine lists what the reference lists (the Expanded reference, or the
/// Flags' one), Guard included; the positions where a draw or a Divination needed a tile's own
/// icons are counted.
#[test]
fn the_engine_matches_the_reference_on_random_games_with_the_duke_danger_readings() {
    use duke_core::GameRng;
    use duke_core::testing::Settings;
    use proptest::prelude::any;
    let mut runner = Settings { cases: 100, seed: 25, ..Settings::default() }.runner();
    let strategy = (theduke_rules::testing::guard_configs(), any::<u64>());
    let counts = std::cell::Cell::new((0usize, 0usize, 0usize));
    runner
        .run(&strategy, |(config, seed)| {
            let mut game = ExpandedDuke::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let flags = config.objective != Objective::Standard;
            let reference: common::checked::Reference = if flags { flag_legal } else { common::expanded::legal };
            for _ in 0..160 {
                if game.is_over() {
                    break;
                }
                let listed = legal_with(&game, reference);
                let (mut positions, mut guarded, mut rescued) = counts.get();
                positions += 1;
                let me = game.side_to_move();
                if game.phase() == Phase::Play && game.in_guard(me) {
                    guarded += 1;
                    if flags {
                        assert_eq!(game.in_guard(me), common::flags::flag_in_guard(&game, me));
                    }
                    // A draw listed though no square is safe for a tile without icons: only a
                    // drawn tile's own Dread icons can leave the Duke safe.
                    let ghost_unsafe =
                        !flags && common::expanded::model(&game).placements(me, common::expanded::GHOST).is_empty();
                    rescued += usize::from(listed.contains("draw") && ghost_unsafe);
                }
                counts.set((positions, guarded, rescued));
                let texts: Vec<&String> = listed.iter().collect();
                let pick = texts[rng.below(texts.len() as u32) as usize].clone();
                common::checked::apply(&mut game, &pick);
            }
            Ok(())
        })
        .unwrap();
    let (positions, guarded, rescued) = counts.get();
    eprintln!("positions {positions}, in Guard {guarded}, a draw only a tile's own icons allow {rescued}");
    assert!(positions > 3000 && guarded > 100 && rescued > 8, "{positions} {guarded} {rescued}");
}
