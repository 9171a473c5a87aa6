//! Dark Rider (rulebook "Alternate Objectives"): the deployment as actions, the easier
//! options, the edge freeze, both win conditions, a side without a legal action, config and
//! setup refusals, the reference against the engine on random games, and perft.

mod common;

use std::collections::BTreeMap;

use common::checked::{legal, legal_into, play};
use common::expanded as reference;
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Action, Config, ConfigError, CustomTiles, DarkRider, DarkRiderEnd, DarkRiderError, DragonDuke, EdgeFreeze,
    EndReason, Ending, Event, ExpandedDuke, Objective, Phase, Piece, Readings, Rider, RiderDanger, Setup, SetupError,
    Side, Square, TerrainOptions, TheDuke, TileKind, TileSetSpec,
};

const PIKEMAN: TileKind = TileKind(2);
const KNIGHT: TileKind = TileKind(3);
const RANGER: TileKind = TileKind(5);

fn dark(first: Option<Seat>, options: DarkRider) -> Config {
    {
        let mut config = Config::default();
        config.first_player = first;
        config.objective = Objective::DarkRider(options);
        config
    }
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A turn of a Dark Rider game with P0 the Pikeman player: his Pikemen (`side` Start) and
/// the P1 Knight; what is not on the board is captured.
fn position(pikemen: &[&str], knight: &str, to_move: u8, options: DarkRider) -> Setup {
    let mut board = BTreeMap::new();
    for p in pikemen {
        board.insert(sq(p), Piece::new(PIKEMAN, Seat(0)));
    }
    let rider = if options.rider == Rider::Knight { KNIGHT } else { RANGER };
    board.insert(sq(knight), Piece::new(rider, Seat(1)));
    Setup { board, phase: Phase::Play, to_move: Seat(to_move), turns: 6, ..Setup::new(dark(Some(Seat(0)), options)) }
}

/// `setup` with the Dragon option and `readings`, a calm Dragon on `square` facing north.
fn with_calm_dragon(mut setup: Setup, square: &str, readings: Readings) -> Setup {
    setup.config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
    setup.config.readings = readings;
    setup.terrain.dragon = Some(theduke_rules::Dragon {
        square: sq(square),
        facing: theduke_rules::Facing::North,
        enraged: false,
        turning: false,
    });
    setup
}

#[test]
fn the_pikemen_are_deployed_on_their_edge_then_the_knight_which_moves_first() {
    let mut game = ExpandedDuke::new(&dark(Some(Seat(0)), DarkRider::default()), 3).unwrap();
    assert_eq!((game.phase(), game.side_to_move(), game.pikeman_player()), (Phase::Deploy, Seat(0), Some(Seat(0))));
    // No bag: nothing is drawn in Dark Rider.
    for seat in [Seat(0), Seat(1)] {
        assert!((0..15).all(|k| game.bag_count(seat, TileKind(k)) == 0));
    }
    assert_eq!(legal(&game).len(), 6, "any square of his edge");
    let events = play(&mut game, "deploy a1");
    assert_eq!(events[0].to_string(), "P0 deploy a1: places the Pikeman on a1");
    for s in ["b1", "e1"] {
        play(&mut game, &format!("deploy {s}"));
        assert_eq!(game.side_to_move(), Seat(0));
    }
    assert_eq!(legal(&game).len(), 3);
    play(&mut game, "deploy f1");
    // Four Pikemen, from both sets: the Knight player places his Knight on his edge.
    assert_eq!(game.side_to_move(), Seat(1));
    assert_eq!(legal(&game), (0..6).map(|f| format!("deploy {}", Square::at(f, 5).unwrap())).collect());
    let events = play(&mut game, "deploy c6");
    assert_eq!(events[0].to_string(), "P1 deploy c6: places the Knight on c6");
    assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, Seat(1)), "the Knight player moves first");
    assert_eq!(game.piece_at(sq("c6")), Some(Piece::new(KNIGHT, Seat(1))));
    assert_eq!(game.piece_at(sq("e1")).map(|p| p.side), Some(Side::Start));
    assert!(legal(&game).iter().all(|a| !a.starts_with("draw")));
    // The notation reads back; the state saves and loads.
    assert_eq!("deploy c6".parse::<Action>().unwrap(), Action::Deploy(sq("c6")));
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<ExpandedDuke>(&json).unwrap(), game);
    let view = game.view(Observer::Seat(Seat(0)));
    assert!(view.in_guard.iter().all(|g| !g));
}

#[test]
fn three_pikemen_or_the_ranger_are_the_easier_options() {
    let options = DarkRider { rider: Rider::Ranger, pikemen: 3 };
    let mut game = ExpandedDuke::new(&dark(Some(Seat(1)), options), 0).unwrap();
    assert_eq!(game.side_to_move(), Seat(1), "seat 1 is the Pikeman player");
    for s in ["a6", "c6", "f6"] {
        play(&mut game, &format!("deploy {s}"));
    }
    assert_eq!(game.side_to_move(), Seat(0), "three Pikemen, then the rider");
    play(&mut game, "deploy d1");
    assert_eq!(game.piece_at(sq("d1")), Some(Piece::new(RANGER, Seat(0))));
    assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, Seat(0)));
    // The JSON of the options.
    let json = serde_json::to_string(&game.config()).unwrap();
    assert!(json.contains(r#""objective":{"DarkRider":{"rider":"Ranger","pikemen":3}}"#), "{json}");
}

#[test]
fn a_pikeman_on_the_knights_edge_is_frozen_and_cannot_be_captured() {
    // The P1 Knight on b6 could move to a6 and c6 (its starting side's side Moves) but
    // only jumps.
    let mut game = ExpandedDuke::from_setup(&position(&["a6", "c6", "d3"], "b6", 1, DarkRider::default())).unwrap();
    let moves = legal(&game);
    assert!(!moves.iter().any(|a| a.ends_with("a6") || a.ends_with("c6")), "{moves:?}");
    assert_eq!(moves, ["b6-a4", "b6-c4"].map(String::from).into());
    assert_eq!(game.view(Observer::Spectator).frozen, vec![sq("a6"), sq("c6")]);
    play(&mut game, "b6-c4");
    // The frozen Pikemen never act; only the one on d3 does.
    assert!(legal(&game).iter().all(|a| a.starts_with("d3")));
    // Reaching the edge freezes a Pikeman at once: the Knight cannot take it back.
    let mut game = ExpandedDuke::from_setup(&position(&["a6", "e5", "d3"], "c4", 0, DarkRider::default())).unwrap();
    play(&mut game, "e5-f6");
    assert!(game.view(Observer::Spectator).frozen.contains(&sq("f6")));
}

#[test]
fn the_pikeman_player_wins_by_capturing_the_knight() {
    let mut game = ExpandedDuke::from_setup(&position(&["b2", "e1"], "c3", 0, DarkRider::default())).unwrap();
    let events = play(&mut game, "b2-c3");
    let over = Ending { winner: Some(Seat(0)), reason: EndReason::DarkRider(DarkRiderEnd::RiderCaptured) };
    assert_eq!(game.phase(), Phase::Over(over));
    assert_eq!(events.last().unwrap().to_string(), "game over after 7 turns: P0 wins: the rider is captured");
}

#[test]
fn three_pikemen_on_the_knights_edge_win() {
    // Two frozen on the edge, a third about to arrive, one captured (fewer than two).
    let mut game = ExpandedDuke::from_setup(&position(&["a6", "b6", "e5"], "c3", 0, DarkRider::default())).unwrap();
    assert_eq!(game.captured_count(Seat(0), PIKEMAN), 1);
    play(&mut game, "e5-f6");
    let over = Ending { winner: Some(Seat(0)), reason: EndReason::DarkRider(DarkRiderEnd::PikemenThrough) };
    assert_eq!(game.phase(), Phase::Over(over));
    // With three Pikemen, all three must get through.
    let three = DarkRider { pikemen: 3, ..DarkRider::default() };
    let mut game = ExpandedDuke::from_setup(&position(&["a6", "b6", "e5"], "c3", 0, three)).unwrap();
    play(&mut game, "e5-f6");
    assert_eq!(game.phase(), Phase::Over(over));
}

#[test]
fn the_knight_player_wins_by_capturing_three_pikemen() {
    // Two Pikemen captured already; the Knight's side Move from c3 takes a third on d3.
    let mut game = ExpandedDuke::from_setup(&position(&["d3", "a1"], "c3", 1, DarkRider::default())).unwrap();
    assert_eq!(game.captured_count(Seat(0), PIKEMAN), 2);
    let events = play(&mut game, "c3-d3");
    let over = Ending { winner: Some(Seat(1)), reason: EndReason::DarkRider(DarkRiderEnd::PikemenCaptured) };
    assert_eq!(game.phase(), Phase::Over(over));
    assert!(events.iter().any(|e| matches!(e, Event::Captured { by: Seat(1), .. })));
    // With three Pikemen the threshold stays three: all of them (reading 55).
    let three = DarkRider { pikemen: 3, ..DarkRider::default() };
    let mut game = ExpandedDuke::from_setup(&position(&["d3", "a1"], "c3", 1, three)).unwrap();
    assert_eq!(game.captured_count(Seat(0), PIKEMAN), 1);
    play(&mut game, "c3-d3");
    assert_eq!(game.phase(), Phase::Play, "two of three captured: the game goes on");
}

#[test]
fn a_pikeman_player_left_with_frozen_pikemen_only_loses() {
    // Two Pikemen through, two captured: neither win is left to him, and he cannot act.
    let mut game = ExpandedDuke::from_setup(&position(&["a6", "f6"], "c3", 1, DarkRider::default())).unwrap();
    play(&mut game, "c3-c4");
    let over = Ending { winner: Some(Seat(1)), reason: EndReason::NoLegalAction };
    assert_eq!(game.phase(), Phase::Over(over));
}

#[test]
fn the_rider_may_step_into_danger_unless_the_reading_protects_it_as_a_duke() {
    // The P1 Knight on c4 may step sideways to b4 or d4; the P0 Pikeman on b2 reaches d4 with
    // its Move (+2, +2) over the empty c3.
    let setup = position(&["b2", "f1"], "c4", 1, DarkRider::default());
    let free = ExpandedDuke::from_setup(&setup).unwrap();
    assert!(legal(&free).contains("c4-d4"), "reading 59: no Duke, no Duke-danger rule");
    let mut guarded = setup.clone();
    guarded.config.readings = {
        let mut readings = Readings::default();
        readings.dark_rider_danger = RiderDanger::Avoided;
        readings
    };
    let guarded = ExpandedDuke::from_setup(&guarded).unwrap();
    let moves = legal(&guarded);
    assert!(!moves.contains("c4-d4") && moves.contains("c4-b4") && moves.contains("c4-b2"), "{moves:?}");
    assert!(!guarded.in_guard(Seat(1)));
}

#[test]
fn a_rider_protected_as_a_duke_may_win_by_a_third_capture_that_leaves_it_capturable() {
    // Two Pikemen captured already; the Knight on c3 takes a third on d3, where the P0
    // Pikeman on b1 could take it with its Move (+2, +2) over the empty c2. The capture wins
    // at once ("Dark Rider": each win is immediate), so there is no next turn in which the
    // rider could be captured (reading 59, as reading 71 for the Flags).
    let mut setup = position(&["d3", "b1"], "c3", 1, DarkRider::default());
    setup.config.readings = {
        let mut readings = Readings::default();
        readings.dark_rider_danger = RiderDanger::Avoided;
        readings
    };
    let mut game = ExpandedDuke::from_setup(&setup).unwrap();
    assert_eq!(game.captured_count(Seat(0), PIKEMAN), 2);
    let moves = legal(&game);
    assert!(moves.contains("c3-d3"), "{moves:?}");
    play(&mut game, "c3-d3");
    let over = Ending { winner: Some(Seat(1)), reason: EndReason::DarkRider(DarkRiderEnd::PikemenCaptured) };
    assert_eq!(game.phase(), Phase::Over(over));
    // With three Pikemen the same capture is the second of three: the game would go on with
    // the rider capturable, so the reading refuses it.
    let mut three = position(&["d3", "b1"], "c3", 1, DarkRider { pikemen: 3, ..DarkRider::default() });
    three.config.readings = setup.config.readings;
    let game = ExpandedDuke::from_setup(&three).unwrap();
    assert!(!legal(&game).contains("c3-d3"));
}

#[test]
fn a_rider_protected_as_a_duke_is_announced_in_guard() {
    // P0 to move: some Pikeman move puts the Knight on c4 in reach of the Pikemen.
    let setup = position(&["a1", "b2", "e1", "f1"], "c4", 0, DarkRider::default());
    for danger in [RiderDanger::Avoided, RiderDanger::Ignored] {
        let mut config = setup.clone();
        config.config.readings = {
            let mut readings = Readings::default();
            readings.dark_rider_danger = danger;
            readings
        };
        let game = ExpandedDuke::from_setup(&config).unwrap();
        let mut buf = Vec::new();
        game.legal_actions(Seat(0), &mut buf);
        let mut announced = 0;
        for &action in &buf {
            let mut after = game.clone();
            after.apply(Seat(0), action).unwrap();
            let mut events = Vec::new();
            ExpandedDuke::events(&game, Seat(0), action, &after, Observer::Spectator, &mut events);
            let guard = events.iter().find(|e| matches!(e, Event::RiderGuard { .. }));
            let in_guard = after.in_guard(Seat(1)) && !after.is_over();
            assert_eq!(guard.is_some(), in_guard, "{danger:?} {action}: {events:?}");
            if let Some(event) = guard {
                assert_eq!(event, &Event::RiderGuard { seat: Seat(0), rider_of: Seat(1), square: sq("c4") });
                let line = "P0: \"Guard!\" (P1's rider on c4 can be captured next turn)";
                assert_eq!(event.to_string(), line);
                announced += 1;
            }
        }
        // Reading 59: only the Duke-danger reading puts the rider in Guard.
        assert_eq!(announced > 0, danger == RiderDanger::Avoided, "{danger:?}");
    }
}

#[test]
fn the_dragon_takes_a_frozen_pikeman_unless_the_reading_spares_it() {
    // A calm Dragon on b5 facing north: its Move (0, +1) reaches the frozen Pikeman on b6.
    for (freeze, taken) in [(EdgeFreeze::Players, true), (EdgeFreeze::Everything, false)] {
        let readings = {
            let mut readings = Readings::default();
            readings.dark_rider_freeze = freeze;
            readings
        };
        let setup = position(&["b6", "f1", "e2"], "d4", 0, DarkRider::default());
        let mut game = ExpandedDuke::from_setup(&with_calm_dragon(setup, "b5", readings)).unwrap();
        play(&mut game, "e2-f3");
        assert_eq!(game.piece_at(sq("b6")).is_none(), taken, "{freeze:?}");
        assert_eq!(game.removed_count(Seat(0), PIKEMAN), u8::from(taken));
    }
}

#[test]
fn the_dragon_taking_the_rider_ends_the_game_as_reading_47_says() {
    for (reading, winner) in [(DragonDuke::OwnerLoses, Some(Seat(0))), (DragonDuke::Draw, None)] {
        let readings = {
            let mut readings = Readings::default();
            readings.dragon_duke = reading;
            readings
        };
        // A calm Dragon on d3 facing north: its Move (0, +1) reaches the Knight on d4.
        let setup = position(&["a2", "f1"], "d4", 0, DarkRider::default());
        let mut game = ExpandedDuke::from_setup(&with_calm_dragon(setup, "d3", readings)).unwrap();
        let events = play(&mut game, "a2-b3");
        let over = Ending { winner, reason: EndReason::DarkRider(DarkRiderEnd::RiderTakenByDragon) };
        assert_eq!(game.phase(), Phase::Over(over), "{reading:?}");
        assert!(events.iter().any(|e| matches!(e, Event::DragonTook { square, .. } if *square == sq("d4"))));
    }
}

#[test]
fn dark_rider_configs_that_do_not_fit_are_refused() {
    let five = dark(Some(Seat(0)), DarkRider { pikemen: 5, ..DarkRider::default() });
    assert_eq!(five.check(), Err(ConfigError::DarkRider(DarkRiderError::Pikemen(5))));
    assert_eq!(ExpandedDuke::new(&five, 0).err(), Some(ConfigError::DarkRider(DarkRiderError::Pikemen(5))));
    assert_eq!(TheDuke::new(&dark(Some(Seat(0)), DarkRider::default()), 0).err(), Some(ConfigError::NeedsExpanded));
    // A custom set without a Ranger cannot play the Ranger option.
    let mut spec = TileSetSpec::standard();
    spec.tiles.retain(|t| t.name != "Ranger");
    let config = {
        let mut config = dark(Some(Seat(0)), DarkRider { rider: Rider::Ranger, pikemen: 4 });
        config.tiles = Some(CustomTiles::new(spec));
        config
    };
    assert_eq!(
        ExpandedDuke::new(&config, 0).err(),
        Some(ConfigError::DarkRider(DarkRiderError::MissingTile("Ranger".to_owned())))
    );
}

#[test]
fn dark_rider_setups_that_do_not_fit_are_refused() {
    let base = Setup::new(dark(Some(Seat(0)), DarkRider::default()));
    assert_eq!(ExpandedDuke::from_setup(&base).unwrap().phase(), Phase::Deploy);
    let refused =
        |setup: Setup, error: SetupError| assert_eq!(ExpandedDuke::from_setup(&setup), Err(error), "{setup:?}");
    let with = |tiles: &[(&str, TileKind, u8)], to_move: u8| Setup {
        board: tiles.iter().map(|&(s, k, o)| (sq(s), Piece::new(k, Seat(o)))).collect(),
        to_move: Seat(to_move),
        ..base.clone()
    };
    // A Pikeman off its edge, the rider before the Pikemen, the rider's turn too early.
    refused(with(&[("a2", PIKEMAN, 0)], 0), SetupError::DarkRider);
    refused(with(&[("a1", PIKEMAN, 0), ("c6", KNIGHT, 1)], 0), SetupError::DarkRider);
    refused(with(&[("a1", PIKEMAN, 0)], 1), SetupError::DarkRider);
    // Tiles outside the armies; a fifth Pikeman.
    refused(with(&[("a1", TileKind(1), 0)], 0), SetupError::TooManyTiles { seat: Seat(0), kind: TileKind(1) });
    let five = [("a1", PIKEMAN, 0), ("b1", PIKEMAN, 0), ("c1", PIKEMAN, 0), ("d1", PIKEMAN, 0), ("e1", PIKEMAN, 0)];
    refused(with(&five, 1), SetupError::TooManyTiles { seat: Seat(0), kind: PIKEMAN });
    // A tile in a bag: Dark Rider has none.
    let bagged =
        Setup { bags: Some([vec![0, 0, 1], vec![]]), ..position(&["a2", "b3"], "c4", 0, DarkRider::default()) };
    refused(bagged, SetupError::DarkRider);
    // Its set-up phase in another game.
    refused(Setup { phase: Phase::Deploy, ..Setup::new(Config::default()) }, SetupError::DarkRider);
    // A running game already won: three Pikemen through.
    refused(position(&["a6", "b6", "c6"], "c3", 1, DarkRider::default()), SetupError::DarkRider);
    // A finished game whose ending does not fit.
    let mut setup = position(&["a6", "b5"], "c3", 1, DarkRider::default());
    setup.phase =
        Phase::Over(Ending { winner: Some(Seat(1)), reason: EndReason::DarkRider(DarkRiderEnd::PikemenCaptured) });
    refused(setup.clone(), SetupError::DarkRider);
    setup.phase = Phase::Over(Ending { winner: Some(Seat(0)), reason: EndReason::DukeCaptured });
    refused(setup, SetupError::InconsistentEnding(Ending { winner: Some(Seat(0)), reason: EndReason::DukeCaptured }));
}

fn random_config(seed: u64) -> Config {
    let options = DarkRider {
        rider: if seed % 3 == 2 { Rider::Ranger } else { Rider::Knight },
        pikemen: if seed % 4 == 3 { 3 } else { 4 },
    };
    let danger = if seed % 4 == 1 { RiderDanger::Avoided } else { RiderDanger::Ignored };
    let freeze = if seed % 6 < 3 { EdgeFreeze::Players } else { EdgeFreeze::Everything };
    {
        let mut config = dark(None, options);
        config.readings = {
            let mut readings = Readings::default();
            readings.dark_rider_danger = danger;
            readings.dark_rider_freeze = freeze;
            readings
        };
        config.terrain =
            TerrainOptions { mountain: seed.is_multiple_of(3), fort: seed.is_multiple_of(5), dragon: seed % 2 == 1 };
        config.turn_limit = Some(80);
        config
    }
}

#[test]
fn the_engine_matches_the_reference_on_random_dark_rider_games() {
    let mut rng = GameRng::new(15);
    let mut buf = Vec::new();
    let mut ends = BTreeMap::new();
    for seed in 0..40u64 {
        let mut game = ExpandedDuke::new(&random_config(seed), seed).unwrap();
        while !game.is_over() {
            legal_into(&game, reference::legal, &mut buf, &format!("seed {seed}"));
            let pick = buf[rng.below(buf.len() as u32) as usize];
            game.apply(game.side_to_move(), pick).unwrap();
            assert!(game.validate().is_ok(), "seed {seed}: {:?}", game.validate());
        }
        if let Phase::Over(end) = game.phase() {
            *ends.entry(format!("{:?}", end.reason)).or_insert(0) += 1;
        }
    }
    // Random play meets more than one ending.
    assert!(ends.len() >= 2, "{ends:?}");
}

#[test]
fn perft_of_dark_rider_matches_the_reference() {
    let game = ExpandedDuke::new(&dark(Some(Seat(0)), DarkRider::default()), 1).unwrap();
    // The Pikemen: 6, 5, 4, 3 squares (each order counts), then the Knight's 6.
    let got: Vec<u64> = (1..=5).map(|d| game.perft(d)).collect();
    assert_eq!(got, [6, 30, 120, 360, 2160]);
    for (d, &n) in got.iter().enumerate().take(3) {
        assert_eq!(n, reference::perft(&game, d as u32 + 1));
    }
    let mid = ExpandedDuke::from_setup(&position(&["a6", "b4", "d3", "e2"], "c5", 1, DarkRider::default())).unwrap();
    let got: Vec<u64> = (1..=3).map(|d| mid.perft(d)).collect();
    for (d, &n) in got.iter().enumerate() {
        assert_eq!(n, reference::perft(&mid, d as u32 + 1), "depth {}", d + 1);
    }
    assert!(got[0] > 0);
}
