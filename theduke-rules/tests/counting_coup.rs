//! Flag Tiles and Counting Coup (rulebook "Flag Tiles", "Alternate Objectives"): the Flags'
//! placement order and squares, carrying and passing, the opponent's Flag never entered,
//! points for ending a move or a placement beside it (not for a tile that began there), the
//! Flag move after a point, paths past the opponent's Flag (either reading), three points to win, a captured Duke stopping placements, losing
//! every tile, setups that do not fit, the engine against the reference on random games and
//! perft.

mod common;

use std::collections::BTreeSet;

use common::checked::{legal_with, perft_matches, play_with, random_flag_games};
use common::flags::{flag_in_guard, flag_legal, flag_perft};
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Config, CoupFlag, CoupPoints, Dragon, EndReason, Event, ExpandedDuke, Facing, FlagDukeDanger, Objective, Phase,
    Piece, Readings, Setup, SetupError, Side, Square, Terrain, TerrainOptions, TileKind,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn coup() -> Config {
    {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.objective = Objective::CountingCoup;
        config
    }
}

/// The legal actions, checked against the Flags' reference, and the Guard announced as it says.
fn legal(game: &ExpandedDuke) -> BTreeSet<String> {
    let set = legal_with(game, flag_legal);
    if game.phase() == Phase::Play {
        let seat = game.side_to_move();
        assert_eq!(game.in_guard(seat), flag_in_guard(game, seat), "Guard:\n{}", game.view(Observer::Spectator));
    }
    set
}

fn play(game: &mut ExpandedDuke, text: &str) -> Vec<Event> {
    play_with(game, flag_legal, text)
}

const D: TileKind = TileKind::DUKE;
const F: TileKind = TileKind::FOOTMAN;
const PIKEMAN: TileKind = TileKind(2);
const CHAMPION: TileKind = TileKind(9);

/// A position of Counting Coup in play: `tiles` as (square, kind, seat), the Flags, P0 to
/// act.
fn position(config: Config, tiles: &[(&str, TileKind, u8)], flags: [&str; 2], points: [u8; 2]) -> ExpandedDuke {
    let setup = Setup {
        board: tiles.iter().map(|&(s, k, o)| (sq(s), Piece::new(k, Seat(o)))).collect(),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain { flags: flags.map(|f| Some(sq(f))), ..Terrain::default() },
        points,
        ..Setup::new(config)
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

#[test]
fn the_player_who_set_up_last_places_his_flag_first_on_any_edge() {
    let mut game = ExpandedDuke::new(&coup(), 1).unwrap();
    for text in ["duke c1", "footman b1", "footman d1", "duke d6", "footman c6", "footman e6"] {
        play(&mut game, text);
    }
    assert_eq!((game.phase(), game.side_to_move()), (Phase::SetupFlag, Seat(1)));
    // Any open square of the twenty on the rim: six of them hold tiles.
    assert_eq!(legal(&game).len(), 14);
    let events = play(&mut game, "flag a6");
    assert_eq!(events[0], Event::FlagPlaced { seat: Seat(1), flag_of: Seat(1), square: sq("a6") });
    assert_eq!(events[0].to_string(), "P1 flag a6: P1's Flag is placed on a6");
    assert_eq!((game.phase(), game.side_to_move()), (Phase::SetupFlag, Seat(0)));
    assert!(!legal(&game).contains("flag a6"), "not on the other Flag");
    assert!(!legal(&game).contains("flag c3"), "edges only");
    play(&mut game, "flag f1");
    // The first player moves first.
    assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, Seat(0)));
    assert_eq!(game.flags(), [Some(sq("f1")), Some(sq("a6"))]);
    // Saved and read back.
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
}

#[test]
fn a_tile_carries_its_own_flag_and_passes_it_and_the_opponent_never_enters_it() {
    let tiles = [("c1", D, 0), ("b1", F, 0), ("a2", F, 0), ("d6", D, 1), ("b3", F, 1), ("e5", F, 1)];
    let mut game = position(coup(), &tiles, ["a1", "f6"], [0, 0]);
    // b1 may step onto its own Flag on a1, picking it up.
    assert!(legal(&game).contains("b1-a1"));
    play(&mut game, "b1-a1");
    // P1 may step onto his own Flag (e5-f5-f6 later), never onto P0's.
    assert!(legal(&game).contains("e5-f5"));
    play(&mut game, "e5-e4");
    // Carried along: the Flag goes with the Footman (now on its back side: diagonals).
    let events = play(&mut game, "a1-b2");
    assert!(events.contains(&Event::FlagCarried { flag_of: Seat(0), from: sq("a1"), to: sq("b2") }), "{events:?}");
    assert_eq!(
        events.iter().find(|e| matches!(e, Event::FlagCarried { .. })).unwrap().to_string(),
        "P0's Flag is carried from a1 to b2"
    );
    assert_eq!(game.flags()[0], Some(sq("b2")));
    // P1 cannot take the carrier by moving onto the Flag's square.
    let moves = legal(&game);
    assert!(!moves.contains("b3-b2") && moves.contains("b3-a3"), "{moves:?}");
    play(&mut game, "d6-c6");
    // Instead of a move, the Flag passes to a friendly tile sharing a side with its carrier.
    let moves = legal(&game);
    assert!(moves.contains("flag b2-a2") && !moves.contains("flag b2-c1"), "{moves:?}");
    let events = play(&mut game, "flag b2-a2");
    assert_eq!(events[0], Event::FlagMoved { seat: Seat(0), flag_of: Seat(0), from: sq("b2"), to: sq("a2") });
    assert_eq!(events[0].to_string(), "P0 flag b2-a2: P0's Flag goes from b2 to a2");
    assert_eq!(game.flags()[0], Some(sq("a2")));
    // Nothing flipped; now b2 can be taken, not a2.
    assert_eq!(game.piece_at(sq("a2")).unwrap().side, Side::Start);
    let moves = legal(&game);
    assert!(moves.contains("b3-b2") && !moves.contains("b3-a2"), "{moves:?}");
}

#[test]
fn a_point_for_ending_a_move_or_a_placement_beside_the_flag_then_the_flag_may_move() {
    let tiles = [("c1", D, 0), ("c3", F, 0), ("e4", F, 0), ("d6", D, 1), ("f6", F, 1), ("a6", F, 1)];
    let mut game = position(coup(), &tiles, ["a1", "e6"], [0, 0]);
    // e4-e5: beside the Flag on e6: a point.
    let events = play(&mut game, "e4-e5");
    assert!(events.contains(&Event::Scored { seat: Seat(0), points: 1 }), "{events:?}");
    assert_eq!(game.points(Seat(0)), 1);
    // P1 may now move his Flag to an open square beside one of his tiles, or leave it.
    assert_eq!((game.phase(), game.side_to_move()), (Phase::MoveFlag, Seat(1)));
    let moves = legal(&game);
    for (text, expected) in [("flag e6", true), ("flag e6-b6", true), ("flag e6-f5", true), ("flag e6-c3", false)] {
        assert_eq!(moves.contains(text), expected, "{text}: {moves:?}");
    }
    let scored = Event::Scored { seat: Seat(0), points: 1 };
    assert_eq!(scored.to_string(), "P0 scores a point beside the opponent's Flag: 1 point");
    let events = play(&mut game, "flag e6");
    assert_eq!(events[0], Event::FlagStays { seat: Seat(1), square: sq("e6") });
    assert_eq!(events[0].to_string(), "P1 flag e6: leaves its Flag on e6");
    assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, Seat(1)));
    // A new tile placed beside the opponent's Flag scores too.
    let tiles = [("d5", D, 0), ("d6", D, 1), ("a6", F, 1), ("a1", F, 0)];
    let mut game = position(coup(), &tiles, ["a1", "e6"], [0, 0]);
    play(&mut game, "draw");
    let events = play(&mut game, "place e5");
    assert!(events.contains(&Event::Scored { seat: Seat(0), points: 1 }), "{events:?}");
    // The Flag moves where its owner puts it.
    let events = play(&mut game, "flag e6-b6");
    assert_eq!(events[0].to_string(), "P1 flag e6-b6: P1's Flag goes from e6 to b6");
    assert_eq!(game.flags()[1], Some(sq("b6")));
}

#[test]
fn a_tile_beginning_beside_the_flag_scores_nothing_even_moving_to_another_side_of_it() {
    // Reading 55: the tile, not the square, is what began the turn beside the Flag.
    let back = Piece { side: Side::Back, ..Piece::new(F, Seat(0)) };
    let tiles = [("c1", D, 0), ("e3", F, 0), ("a6", D, 1), ("a5", F, 1)];
    let mut game = position(coup(), &tiles, ["a1", "e5"], [0, 0]);
    let mut setup = game.to_setup();
    setup.bags = None;
    setup.board.insert(sq("d5"), back);
    game = ExpandedDuke::from_setup(&setup).unwrap();
    // d5 (beside e5) to e6 (beside e5): no point.
    play(&mut game, "d5-e6");
    assert_eq!((game.points(Seat(0)), game.phase()), (0, Phase::Play));
    play(&mut game, "a5-a4");
    // e3 to e4 (beside e5): a point.
    let events = play(&mut game, "e3-e4");
    assert!(events.contains(&Event::Scored { seat: Seat(0), points: 1 }), "{events:?}");
    // With the other reading the move d5-e6 scores.
    let any_move = {
        let mut config = coup();
        config.readings = {
            let mut readings = Readings::default();
            readings.coup_points = CoupPoints::AnyMove;
            readings
        };
        config
    };
    setup.config = any_move;
    let mut game = ExpandedDuke::from_setup(&setup).unwrap();
    let events = play(&mut game, "d5-e6");
    assert!(events.contains(&Event::Scored { seat: Seat(0), points: 1 }), "{events:?}");
}

#[test]
fn paths_pass_the_opponents_flag_or_with_the_other_reading_stop_before_it() {
    // P1's Flag alone on d3. P0's Duke on a3 slides along rank 3 toward P1's Duke on f3;
    // P0's Pikeman on c2 may Move two squares diagonally through d3 to e4; P0's Champion on
    // d2 jumps over d3 to d4.
    let tiles = [("a3", D, 0), ("c2", PIKEMAN, 0), ("d2", CHAMPION, 0), ("f3", D, 1), ("f6", F, 1)];
    let flags = ["a6", "d3"];
    // Reading 61: only ending a move on the Flag is barred.
    let game = position(coup(), &tiles, flags, [0, 0]);
    let moves = legal(&game);
    for passing in ["a3-e3", "a3-f3", "c2-e4", "d2-d4"] {
        assert!(moves.contains(passing), "{passing}: {moves:?}");
    }
    assert!(!moves.contains("a3-d3") && !moves.contains("c2-d3") && !moves.contains("d2-d3"), "{moves:?}");
    assert!(game.in_guard(Seat(1)), "the Duke's Slide passes the Flag to P1's Duke");
    // `CoupFlag::Paths`: "cannot enter" bars the paths through it too, as the Mountain's.
    let paths = {
        let mut config = coup();
        config.readings = {
            let mut readings = Readings::default();
            readings.coup_flag = CoupFlag::Paths;
            readings
        };
        config
    };
    let mut game = position(paths, &tiles, flags, [0, 0]);
    let moves = legal(&game);
    for stopped in ["a3-d3", "a3-e3", "a3-f3", "c2-d3", "c2-e4", "d2-d3"] {
        assert!(!moves.contains(stopped), "{stopped}: {moves:?}");
    }
    assert!(moves.contains("a3-c3") && moves.contains("d2-d4"), "a Jump still jumps the Flag: {moves:?}");
    assert!(!game.in_guard(Seat(1)), "no Guard through the Flag");
    // A seat's own Flag bars none of its paths: P1's Duke slides past it to take P0's.
    play(&mut game, "d2-d4");
    let moves = legal(&game);
    assert!(moves.contains("f3-a3") && moves.contains("f3-d3"), "{moves:?}");
    assert!(game.in_guard(Seat(0)));
    // Enraging the Dragon: a Slide that reaches it past the opponent's Flag, or with the
    // other reading does not.
    for (coup_flag, enraged) in [(CoupFlag::EndOnly, true), (CoupFlag::Paths, false)] {
        let config = {
            let mut config = coup();
            config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
            config.readings = {
                let mut readings = Readings::default();
                readings.coup_flag = coup_flag;
                readings
            };
            config
        };
        let setup = Setup {
            board: [("a3", D, 0), ("f6", D, 1)].iter().map(|&(s, k, o)| (sq(s), Piece::new(k, Seat(o)))).collect(),
            phase: Phase::Play,
            to_move: Seat(0),
            terrain: Terrain {
                flags: [Some(sq("a6")), Some(sq("d3"))],
                dragon: Some(Dragon { square: sq("e3"), facing: Facing::North, enraged: false, turning: false }),
                ..Terrain::default()
            },
            ..Setup::new(config)
        };
        let game = ExpandedDuke::from_setup(&setup).unwrap();
        let moves = legal(&game);
        assert_eq!(moves.contains("enrage a3-e3 north") && moves.contains("enrage a3-e3 south"), enraged, "{moves:?}");
        assert!(moves.contains("a3-c3"), "{moves:?}");
    }
}

#[test]
fn three_points_win_at_once() {
    let tiles = [("c1", D, 0), ("e4", F, 0), ("d6", D, 1), ("f6", F, 1)];
    let mut game = position(coup(), &tiles, ["a1", "e6"], [2, 0]);
    let events = play(&mut game, "e4-e5");
    assert_eq!(
        game.phase(),
        Phase::Over(theduke_rules::Ending { winner: Some(Seat(0)), reason: EndReason::CoupCounted })
    );
    assert!(events.last().unwrap().to_string().ends_with("P0 wins with three points"), "{events:?}");
    assert_eq!(game.outcome().unwrap().ranks, vec![1, 2]);
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
}

#[test]
fn a_captured_duke_does_not_win_and_its_owner_places_no_more_tiles() {
    // The Duke-danger rule is lifted (reading 60): P0's Footman takes P1's Duke.
    let tiles = [("c1", D, 0), ("d5", F, 0), ("d6", D, 1), ("a6", F, 1)];
    let mut game = position(coup(), &tiles, ["a1", "f1"], [0, 0]);
    play(&mut game, "d5-d6");
    assert_eq!(game.phase(), Phase::Play, "the game goes on");
    assert_eq!(game.duke_square(Seat(1)), None);
    assert!(!legal(&game).contains("draw"), "no placement without the Duke");
    // Saved without a Duke, read back.
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
    // With the other reading the Duke-danger rule holds: the Duke cannot slide beside a
    // Footman that could take it.
    let kept = {
        let mut config = coup();
        config.readings = {
            let mut readings = Readings::default();
            readings.flag_duke_danger = FlagDukeDanger::Kept;
            readings
        };
        config
    };
    let tiles = [("c1", D, 0), ("b2", F, 1), ("d6", D, 1)];
    let game = position(kept, &tiles, ["a1", "f1"], [0, 0]);
    assert!(!legal(&game).contains("c1-b1"));
    let game = position(coup(), &tiles, ["a1", "f1"], [0, 0]);
    assert!(legal(&game).contains("c1-b1"));
}

#[test]
fn a_player_who_loses_every_tile_loses() {
    let tiles = [("c1", D, 0), ("d5", F, 0), ("d6", D, 1)];
    let mut game = position(coup(), &tiles, ["a1", "f1"], [0, 0]);
    let events = play(&mut game, "d5-d6");
    assert_eq!(
        game.phase(),
        Phase::Over(theduke_rules::Ending { winner: Some(Seat(0)), reason: EndReason::NoTilesLeft })
    );
    assert!(events.last().unwrap().to_string().ends_with("P0 wins, P1 has no tile left"));
}

#[test]
fn setups_that_do_not_fit_are_refused() {
    let tiles = [("c1", D, 0), ("e4", F, 0), ("d6", D, 1), ("f6", F, 1)];
    let base = position(coup(), &tiles, ["a1", "e6"], [0, 0]).to_setup();
    let refused = |setup: Setup| ExpandedDuke::from_setup(&setup).unwrap_err();
    // Three points in a running game.
    assert_eq!(refused(Setup { points: [3, 0], ..base.clone() }), SetupError::Flags);
    // A Flag missing, both Flags on one square, a Flag under the wrong seat's tile.
    let flags = |a: Option<&str>, b: Option<&str>| Terrain { flags: [a.map(sq), b.map(sq)], ..Terrain::default() };
    assert_eq!(refused(Setup { terrain: flags(Some("a1"), None), ..base.clone() }), SetupError::Flags);
    assert_eq!(refused(Setup { terrain: flags(Some("a1"), Some("a1")), ..base.clone() }), SetupError::Flags);
    assert_eq!(refused(Setup { terrain: flags(Some("d6"), Some("e6")), ..base.clone() }), SetupError::Flags);
    // Flags or points in another game.
    let standard = Setup {
        config: {
            let mut config = coup();
            config.objective = Objective::Standard;
            config
        },
        ..base.clone()
    };
    assert_eq!(refused(standard), SetupError::Flags);
    // A Flag move with nowhere to go, an ending that does not fit.
    let over = theduke_rules::Ending { winner: Some(Seat(0)), reason: EndReason::CoupCounted };
    assert!(matches!(refused(Setup { phase: Phase::Over(over), ..base.clone() }), SetupError::InconsistentEnding(_)));
    let _ = Side::Start;
}

#[test]
fn the_engine_matches_the_reference_on_random_games_of_counting_coup() {
    let (mut points, mut moves_after_points) = (0u32, 0u32);
    let pick = |_: &ExpandedDuke, actions: &BTreeSet<String>, rng: &mut GameRng| {
        actions.iter().nth(rng.below(actions.len() as u32) as usize).unwrap().clone()
    };
    random_flag_games(Objective::CountingCoup, 0x5eed, legal, pick, |before, _, after, _| {
        let total = |game: &ExpandedDuke| game.points(Seat(0)) + game.points(Seat(1));
        points += u32::from(total(after) > total(before));
        moves_after_points += u32::from(after.phase() == Phase::MoveFlag);
    });
    assert!(points > 10 && moves_after_points > 5, "{points} points, {moves_after_points} Flag moves due");
}

#[test]
fn perft_of_counting_coup_matches_the_reference() {
    // A point on the first ply, then the Flag move before the reply (same ply).
    let tiles = [("c1", D, 0), ("e4", F, 0), ("c3", PIKEMAN, 0), ("d6", D, 1), ("f6", F, 1), ("b5", F, 1)];
    let game = position(coup(), &tiles, ["a1", "e6"], [0, 0]);
    let counts = perft_matches(&game, flag_perft);
    println!("perft {counts:?}");
}
