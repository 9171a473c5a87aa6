//! Dread and Defense (rulebook "Movement Icons") in custom tile sets: the rulebook's
//! Defense example rebuilt as custom tiles, Dread scenarios, the Expanded generator against
//! the Expanded reference of `tests/common/expanded.rs` on random games and positions, and
//! perft of positions with each icon.

mod common;

use common::checked::{legal, legal_into};
use common::expanded::{self as reference, model};
use common::{board, p, s};
use duke_core::{Game, GameRng, Seat};
use theduke_rules::testing::custom_tile_set;
use theduke_rules::{
    Action, Config, CustomTiles, DreadImmunity, DreadThaw, ExpandedDuke, Icon, IconKind, Phase, Piece, Readings, Setup,
    SetupError, Side, TileKind, TileSetSpec, TileSpec,
};

fn tile(name: &str, abbrev: &str, start: Vec<Icon>, back: Vec<Icon>) -> TileSpec {
    TileSpec { name: name.into(), abbrev: abbrev.into(), count: 1, on_board: 0, start, back, abilities: vec![] }
}

fn i(kind: IconKind, dx: i8, dy: i8) -> Icon {
    Icon::new(kind, dx, dy)
}

use IconKind::{Command as C, Defense as F, Dread as D, Jump as J, Move as M};

/// The base box plus the Robin Hood tiles of the rulebook's Defense example, in our words:
/// Little John (15) and Friar Tuck (16) with Defense icons, Sir Guy (17) with the knight's
/// Jump, Prince John (18) with Command icons (their printed profiles are not in the
/// rulebook; these carry what the example needs).
fn robin_hood_tiles() -> TileSetSpec {
    let mut spec = TileSetSpec::standard();
    spec.name = "Robin Hood example".into();
    spec.tiles.push(tile("Little John", "Lj", vec![i(F, 0, 2), i(F, 0, 1), i(F, -1, 1), i(M, 0, 1)], vec![i(M, 0, 1)]));
    spec.tiles.push(tile("Friar Tuck", "Fr", vec![i(F, 0, 1), i(F, -1, 1), i(M, 0, 1)], vec![i(M, 0, 1)]));
    spec.tiles.push(tile("Sir Guy", "Sg", vec![i(J, -1, 2), i(J, 1, 2)], vec![i(J, -1, 2), i(J, 1, 2)]));
    spec.tiles.push(tile("Prince John", "Pj", vec![i(C, -1, 0), i(C, 0, -1)], vec![i(C, -1, 0), i(C, 0, -1)]));
    spec
}

fn expanded(spec: TileSetSpec, readings: Readings, tiles: &[(&str, Piece)], to_move: u8) -> ExpandedDuke {
    let config = {
        let mut config = Config::default();
        config.tiles = Some(CustomTiles::new(spec));
        config.readings = readings;
        config
    };
    let setup =
        Setup { config, board: board(tiles), phase: Phase::Play, to_move: Seat(to_move), seed: 1, ..Setup::default() };
    ExpandedDuke::from_setup(&setup).unwrap()
}

const SEER: u8 = 6;
const ASSASSIN: u8 = 13;
const RANGER: u8 = 5;
const GENERAL: u8 = 7;
const LITTLE_JOHN: u8 = 15;
const FRIAR_TUCK: u8 = 16;
const SIR_GUY: u8 = 17;
const PRINCE_JOHN: u8 = 18;

/// The Defense example: Prince John's player (P0) to act. Little John (c5) marks c3, c4
/// and d4; Friar Tuck (e5) marks e4 and f4 (seat 1's tiles face down the board).
fn robin_hood(little_john: u8) -> ExpandedDuke {
    expanded(
        robin_hood_tiles(),
        Readings::default(),
        &[
            ("a1", p(0, 0, Side::Start)),
            ("c3", p(SEER, 0, Side::Start)),
            ("e3", p(ASSASSIN, 0, Side::Back)),
            ("d3", p(RANGER, 0, Side::Start)),
            ("f3", p(SIR_GUY, 0, Side::Start)),
            ("f4", p(GENERAL, 0, Side::Start)),
            ("f5", p(PRINCE_JOHN, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
            ("c5", p(little_john, 1, Side::Start)),
            ("e5", p(FRIAR_TUCK, 1, Side::Start)),
        ],
        0,
    )
}

#[test]
fn robin_hood_nobody_can_capture_little_john_through_his_defense() {
    let game = robin_hood(LITTLE_JOHN);
    let actions = legal(&game);
    // The Seer starts on a Defense square and its Jump to Little John is straight; the
    // Assassin's Jump Slide would leap over d4; the Ranger's Jump has both paths marked.
    for capture in ["c3-c5", "e3-c5", "d3-c5"] {
        assert!(!actions.contains(capture), "{capture} in {actions:?}");
    }
    assert!(!actions.iter().any(|a| a.ends_with("c5")), "{actions:?}");
    // Without the Defense icons (a Footman there instead) all three could capture.
    let plain = legal(&robin_hood(1));
    for capture in ["c3-c5", "e3-c5", "d3-c5"] {
        assert!(plain.contains(capture), "{capture} not in {plain:?}");
    }
}

#[test]
fn robin_hood_sir_guy_cannot_take_friar_tuck_but_the_ranger_can() {
    let actions = legal(&robin_hood(LITTLE_JOHN));
    // Sir Guy's Jump is off the lines: both shortest paths (f4, e4) pass a Defense square.
    assert!(!actions.contains("f3-e5"), "{actions:?}");
    // The Ranger's Jump has a path through d4, which Friar Tuck does not mark.
    assert!(actions.contains("d3-e5"), "{actions:?}");
}

#[test]
fn robin_hood_command_ignores_defense_and_then_threatens_little_john() {
    let mut game = robin_hood(LITTLE_JOHN);
    let command: Action = "f5:f4-e5".parse().unwrap();
    assert!(legal(&game).contains("f5:f4-e5"));
    game.apply(Seat(0), command).unwrap();
    assert_eq!(game.piece_at(s("e5")), Some(p(GENERAL, 0, Side::Start)), "commanded tiles do not flip");
    assert_eq!(game.captured_count(Seat(1), TileKind(FRIAR_TUCK)), 1);
    assert_eq!(game.piece_at(s("f5")), Some(p(PRINCE_JOHN, 0, Side::Back)), "the commander flips");
    // Little John is now in danger: the General's Move two squares left passes d5 only.
    let mut next = game.to_setup();
    next.to_move = Seat(0);
    let threatened = ExpandedDuke::from_setup(&next).unwrap();
    assert!(legal(&threatened).contains("e5-c5"));
}

/// A Dread tile, in our words: its starting side freezes the squares ahead, left and right
/// of it; its other side has no Dread.
fn banshee_tiles() -> TileSetSpec {
    let mut spec = TileSetSpec::standard();
    let banshee = tile("Banshee", "Bn", vec![i(D, 0, 1), i(D, -1, 0), i(D, 1, 0), i(M, 0, -1)], vec![i(M, 0, 1)]);
    spec.tiles.push(TileSpec { count: 2, ..banshee });
    spec
}

const BANSHEE: u8 = 15;
const FOOTMAN: u8 = 1;
const MARSHALL: u8 = 10;

/// P1's Banshee on c4 covers c3, b4 and d4 (facing down the board). P0's Duke on d4 and
/// Footman on c3; P0's Marshall on d2 commands c3, d3, e3; P1's second Banshee, showing its
/// side without Dread, on b4; P0's Footman on b3 could take it.
fn dread(immunity: DreadImmunity, to_move: u8) -> ExpandedDuke {
    expanded(
        banshee_tiles(),
        {
            let mut readings = Readings::default();
            readings.dread_immunity = immunity;
            readings
        },
        &[
            ("d4", p(0, 0, Side::Start)),
            ("c3", p(FOOTMAN, 0, Side::Start)),
            ("b3", p(FOOTMAN, 0, Side::Start)),
            ("d2", p(MARSHALL, 0, Side::Back)),
            ("a6", p(0, 1, Side::Start)),
            ("c4", p(BANSHEE, 1, Side::Start)),
            ("b4", p(BANSHEE, 1, Side::Back)),
            ("c5", p(FOOTMAN, 1, Side::Start)),
        ],
        to_move,
    )
}

#[test]
fn dread_freezes_friend_and_foe_but_not_the_duke_nor_a_dread_tile() {
    let game = dread(DreadImmunity::ShowingSide, 0);
    let actions = legal(&game);
    // The frozen Footman neither moves nor is commanded.
    assert!(!actions.iter().any(|a| a.starts_with("c3")), "{actions:?}");
    assert!(!actions.iter().any(|a| a.starts_with("d2:c3")), "{actions:?}");
    // The Duke on a covered square is immune: it slides right.
    assert!(actions.contains("d4-e4"), "{actions:?}");
    // Frozen: the Footman and the Banshee showing no Dread, not the Duke on d4.
    let frozen: Vec<String> = model(&game).frozen().iter().map(ToString::to_string).collect();
    assert_eq!(frozen, ["c3", "b4"]);
    // The other Banshee shows no Dread icon: frozen, it cannot be captured.
    assert!(!actions.contains("b3-b4"), "{actions:?}");
    // Read the other way (a tile with Dread on either side is immune), it can.
    let either = legal(&dread(DreadImmunity::EitherSide, 0));
    assert!(either.contains("b3-b4"), "{either:?}");
}

#[test]
fn a_frozen_tile_cannot_be_captured_nor_act_for_its_own_side() {
    // P1 to act: its Footman on c5 could take nothing frozen; its frozen Banshee on b4
    // cannot move; the Footman on c3 (frozen, P0's) is safe from the Banshee's Move.
    let game = dread(DreadImmunity::ShowingSide, 1);
    let actions = legal(&game);
    assert!(!actions.iter().any(|a| a.starts_with("b4")), "{actions:?}");
    assert!(!actions.contains("c4-c3"), "{actions:?}");
}

/// Seeds of custom tile sets whose random games the engine and the reference compare.
fn custom_config(seed: u64, immunity: DreadImmunity) -> Config {
    {
        let mut config = Config::default();
        config.tiles = Some(CustomTiles::new(custom_tile_set(seed)));
        config.readings = {
            let mut readings = Readings::default();
            readings.dread_immunity = immunity;
            readings
        };
        config.turn_limit = Some(120);
        config
    }
}

#[test]
fn the_expanded_generator_matches_the_reference_on_random_games_with_dread_and_defense() {
    let mut rng = GameRng::new(17);
    let mut buf = Vec::new();
    let (mut positions, mut frozen_seen, mut defended_seen) = (0, 0, 0);
    for seed in 0..40u64 {
        let immunity = if seed % 3 == 0 { DreadImmunity::EitherSide } else { DreadImmunity::ShowingSide };
        let mut game = ExpandedDuke::new(&custom_config(seed, immunity), seed).unwrap();
        while !game.is_over() {
            let m = model(&game);
            frozen_seen += usize::from(!m.frozen().is_empty());
            defended_seen += usize::from(reference::squares().any(|sq| !m.defense(sq).is_empty()));
            legal_into(&game, reference::legal, &mut buf, &format!("seed {seed}"));
            positions += 1;
            let pick = buf[rng.below(buf.len() as u32) as usize];
            game.apply(game.side_to_move(), pick).unwrap();
        }
    }
    assert!(positions > 3000 && frozen_seen > 200 && defended_seen > 1000, "{positions} {frozen_seen} {defended_seen}");
}

#[test]
fn the_expanded_generator_matches_the_reference_on_random_positions() {
    let mut rng = GameRng::new(99);
    let mut compared = 0;
    for round in 0..600u64 {
        let spec = custom_tile_set(round % 50);
        let kinds = spec.tiles.len() as u32;
        let mut squares: Vec<u8> = (0..36).collect();
        rng.shuffle(&mut squares);
        let mut pieces = Vec::new();
        let mut used = vec![[0u8; 2]; kinds as usize];
        for owner in 0..2u8 {
            pieces.push((
                theduke_rules::Square::new(squares.pop().unwrap()).unwrap(),
                Piece::new(TileKind::DUKE, Seat(owner)),
            ));
            for _ in 0..rng.below(12) {
                let kind = 1 + rng.below(kinds - 1) as u8;
                if used[usize::from(kind)][usize::from(owner)] >= spec.tiles[usize::from(kind)].count {
                    continue;
                }
                used[usize::from(kind)][usize::from(owner)] += 1;
                let side = if rng.below(2) == 0 { Side::Start } else { Side::Back };
                let sq = theduke_rules::Square::new(squares.pop().unwrap()).unwrap();
                pieces.push((sq, Piece { kind: TileKind(kind), side, owner: Seat(owner) }));
            }
        }
        let config = {
            let mut config = Config::default();
            config.tiles = Some(CustomTiles::new(spec));
            config
        };
        let setup = Setup {
            config,
            board: pieces.into_iter().collect(),
            phase: Phase::Play,
            to_move: Seat(rng.below(2) as u8),
            ..Setup::default()
        };
        let game = match ExpandedDuke::from_setup(&setup) {
            Ok(game) => game,
            Err(error) => {
                // Refused only when the seat to act has nothing to do.
                assert_eq!(error, theduke_rules::SetupError::NoLegalAction { seat: setup.to_move });
                continue;
            }
        };
        legal(&game);
        assert_eq!(game.in_guard(Seat(0)), model(&game).duke_capturable(Seat(1)));
        assert_eq!(game.in_guard(Seat(1)), model(&game).duke_capturable(Seat(0)));
        compared += 1;
    }
    assert!(compared > 500, "{compared}");
}

/// Checks `game`'s perft against `expected` at depths 1.., and the reference's up to
/// `reference_depth`.
fn check_perft(name: &str, game: &ExpandedDuke, expected: &[u64], reference_depth: u32) {
    for (d, &want) in expected.iter().enumerate() {
        let depth = d as u32 + 1;
        let got = game.perft(depth);
        if depth <= reference_depth {
            let by_reference = reference::perft(game, depth);
            eprintln!("{name} perft({depth}) = {got}, reference {by_reference}");
            assert_eq!(got, by_reference, "{name}: the reference's perft({depth})");
        }
        assert_eq!(got, want, "{name} perft({depth})");
    }
}

#[test]
fn perft_with_defense_matches_the_reference() {
    check_perft("defense", &robin_hood(LITTLE_JOHN), &[46, 909, 34_636], 3);
}

/// P0's Footman on c3 is frozen by P1's Banshee on c4, which P0's Footman on c5 can capture;
/// P1's Footman on b3 could then take c3.
fn thaw(reading: DreadThaw) -> ExpandedDuke {
    expanded(
        banshee_tiles(),
        {
            let mut readings = Readings::default();
            readings.dread_thaw = reading;
            readings
        },
        &[
            ("a1", p(0, 0, Side::Start)),
            ("c3", p(FOOTMAN, 0, Side::Start)),
            ("c5", p(FOOTMAN, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
            ("c4", p(BANSHEE, 1, Side::Start)),
            ("b3", p(FOOTMAN, 1, Side::Start)),
        ],
        0,
    )
}

fn frozen(game: &ExpandedDuke) -> Vec<String> {
    game.view(duke_core::Observer::Spectator).frozen.iter().map(ToString::to_string).collect()
}

#[test]
fn a_tile_thaws_when_uncovered_or_with_the_other_reading_at_its_controllers_turn() {
    for reading in [DreadThaw::WhenUncovered, DreadThaw::ControllerTurn] {
        let mut game = thaw(reading);
        assert_eq!(frozen(&game), ["c3"], "{reading:?}");
        assert!(!legal(&game).iter().any(|a| a.starts_with("c3")), "{reading:?}");
        game.apply(Seat(0), "c5-c4".parse().unwrap()).unwrap();
        let actions = legal(&game);
        if reading == DreadThaw::WhenUncovered {
            // Reading 24: the icon is gone, so the Footman thaws at once and can be taken.
            assert!(frozen(&game).is_empty());
            assert!(actions.contains("b3-c3"), "{actions:?}");
        } else {
            // The other reading: frozen until the start of P0's next turn.
            assert_eq!(frozen(&game), ["c3"]);
            assert!(!actions.contains("b3-c3"), "{actions:?}");
            let saved = ExpandedDuke::from_setup(&game.to_setup()).unwrap();
            assert_eq!(saved, game, "the setup keeps the tile still frozen");
        }
        game.apply(Seat(1), "f6-e6".parse().unwrap()).unwrap();
        assert!(frozen(&game).is_empty(), "{reading:?}: P0's turn has begun");
        assert!(legal(&game).iter().any(|a| a.starts_with("c3")), "{reading:?}");
    }
}

#[test]
fn a_tile_still_frozen_is_refused_where_the_reading_cannot_have_it() {
    let game = thaw(DreadThaw::ControllerTurn);
    let mut setup = game.to_setup();
    setup.frozen = vec![s("c5")]; // P0 is to act: its tiles thawed as its turn began
    assert_eq!(ExpandedDuke::from_setup(&setup), Err(SetupError::Frozen(s("c5"))));
    setup.frozen = vec![s("f6")]; // a Duke is immune
    assert_eq!(ExpandedDuke::from_setup(&setup), Err(SetupError::Frozen(s("f6"))));
    setup.frozen = vec![s("b3")];
    setup.config.readings.dread_thaw = DreadThaw::WhenUncovered;
    assert_eq!(ExpandedDuke::from_setup(&setup), Err(SetupError::Frozen(s("b3"))));
}

#[test]
fn perft_with_dread_thawing_at_the_controllers_turn_matches_the_reference() {
    // One fewer line at depth 2: P0 takes the Banshee with c5-c4, and P1's b3-c3 is gone.
    check_perft("thaw when uncovered", &thaw(DreadThaw::WhenUncovered), &[39, 1_456, 39_606], 3);
    check_perft("thaw at the controller's turn", &thaw(DreadThaw::ControllerTurn), &[39, 1_455, 39_567], 3);
}

#[test]
fn perft_with_dread_matches_the_reference() {
    check_perft("dread, showing side", &dread(DreadImmunity::ShowingSide, 0), &[54, 1_907, 77_628], 3);
    check_perft("dread, either side", &dread(DreadImmunity::EitherSide, 0), &[55, 1_997, 83_408], 3);
}
