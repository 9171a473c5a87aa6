//! Saved states of Expanded play tampered with in the fields of the expansions (the
//! divined tiles, the phase, the Dragon, the Flags and points, the Mountain and the Fort,
//! the tiles still frozen, the seat to act, the draft's picks, the removed tiles): a state that loads can go on. After every
//! listed action `validate` holds, and `determinize` for either seat gives a valid state
//! (issue #25: states that loaded and then broke).

use duke_core::{Game, GameRng, Seat};
use theduke_rules::{
    Action, Config, CoupFlagMove, DarkRider, Dragon, DragonEdge, DreadThaw, ExpandedDuke, Facing, FortJumpSlide,
    Objective, Phase, Readings, Rider, Setup, SetupError, Square, TerrainOptions, TileKind,
};

/// The test's failure when `setup` loads but cannot go on; `Ok` if it is refused or goes on.
fn goes_on_if_it_loads(setup: &Setup, what: &str) -> Result<(), String> {
    let Ok(game) = ExpandedDuke::from_setup(setup) else { return Ok(()) };
    game.validate().map_err(|e| format!("{what}: loads but is not valid: {e}"))?;
    let seat = game.side_to_move();
    let mut actions = Vec::new();
    game.legal_actions(seat, &mut actions);
    for action in actions {
        let mut next = game.clone();
        next.apply(seat, action).map_err(|e| format!("{what}: listed {action} refused: {e:?}"))?;
        next.validate().map_err(|e| format!("{what}: after {action}: {e}\n{setup:?}"))?;
        ExpandedDuke::from_setup(&next.to_setup()).map_err(|e| format!("{what}: after {action}, no reload: {e}"))?;
    }
    for observer in [Seat(0), Seat(1)] {
        let world = game.determinize(observer, 7);
        world.validate().map_err(|e| format!("{what}: determinized for {observer}: {e}"))?;
    }
    Ok(())
}

/// The tampered copies of `setup` this suite tries.
fn tamperings(setup: &Setup, rng: &mut GameRng) -> Vec<(String, Setup)> {
    let mut out = Vec::new();
    let mut push = |what: String, s: Setup| out.push((what, s));
    // A tile out of the bag into a Divination's hand, in any phase.
    if let Some(bags) = &setup.bags {
        let seat = setup.to_move.index();
        if let Some(k) = bags[seat].iter().position(|&n| n > 0) {
            let mut s = setup.clone();
            if let Some(bags) = s.bags.as_mut() {
                bags[seat][k] -= 1;
            }
            s.divined.push(TileKind(k as u8));
            push(format!("a divined tile held in {:?}", setup.phase), s.clone());
            for phase in [Phase::Play, Phase::Divine { drawn: 1 }, Phase::Dismiss { left: 1 }, Phase::MoveFlag] {
                push(format!("a divined tile held in {phase:?}"), Setup { phase, ..s.clone() });
            }
        }
    }
    for phase in [
        Phase::Play,
        Phase::Deploy,
        Phase::MoveFlag,
        Phase::SetupFlag,
        Phase::Draft,
        Phase::SetupDuke,
        Phase::Place { drawn: TileKind(1) },
    ] {
        push(format!("phase {phase:?}"), Setup { phase, ..setup.clone() });
    }
    push("the other seat to act".into(), Setup { to_move: Seat(1 - setup.to_move.0), ..setup.clone() });
    // Dynastic Dispute's picks: one taken back, or handed to the other seat.
    for seat in 0..2 {
        if let Some(&kind) = setup.drafted[seat].last() {
            let mut s = setup.clone();
            s.drafted[seat].pop();
            push(format!("seat {seat}'s last pick undone"), s.clone());
            s.drafted[1 - seat].push(kind);
            push(format!("seat {seat}'s last pick given to the other"), s);
        }
    }
    // With a tile acting as P1's Duke: a tile of either seat turned into the other seat's
    // Duke type.
    if let Some(d) = setup.config.tiles.as_ref().and_then(|t| t.spec().p1_duke) {
        for (seat, kind) in [(0u8, d as u8), (1, 0)] {
            let mut s = setup.clone();
            if let Some(piece) = s.board.values_mut().find(|p| p.owner.0 == seat) {
                piece.kind = TileKind(kind);
                push(format!("a tile of seat {seat} turned into type {kind}"), s);
            }
        }
    }
    // A captured tile counted as removed instead.
    if let Some(bags) = &setup.bags {
        let seat = setup.to_move.index();
        if let Some(k) = bags[seat].iter().position(|&n| n > 0) {
            let mut s = setup.clone();
            if let Some(bags) = s.bags.as_mut() {
                bags[seat][k] -= 1;
            }
            let mut removed = s.removed.clone().unwrap_or_default();
            if removed[seat].len() <= k {
                removed[seat].resize(k + 1, 0);
            }
            removed[seat][k] += 1;
            s.removed = Some(removed);
            push("a tile of the bag removed".into(), s);
        }
    }
    push("a Flag move due".into(), Setup { flag_move_due: !setup.flag_move_due, ..setup.clone() });
    let mut points = setup.points;
    points[rng.below(2) as usize] += 1;
    push("a point more".into(), Setup { points, ..setup.clone() });
    for _ in 0..14 {
        let sq = Square::new(rng.below(36) as u8).unwrap();
        let mut s = setup.clone();
        match rng.below(6) {
            0 => s.terrain.mountain = Some(sq),
            1 => s.terrain.fort = Some(sq),
            2 => s.terrain.flags[rng.below(2) as usize] = Some(sq),
            3 => {
                let facing = [Facing::North, Facing::East, Facing::South, Facing::West][rng.below(4) as usize];
                s.terrain.dragon =
                    Some(Dragon { square: sq, facing, enraged: rng.below(2) == 0, turning: rng.below(2) == 0 });
            }
            4 => s.frozen.push(sq),
            _ => s.terrain.flags[rng.below(2) as usize] = None,
        }
        push(format!("terrain or frozen tampered on {sq}"), s);
    }
    if let Some(d) = setup.terrain.dragon {
        for (what, d) in [
            ("enraged", Dragon { enraged: !d.enraged, ..d }),
            ("turning", Dragon { turning: !d.turning, ..d }),
            ("facing", Dragon { facing: d.facing.turned(1), ..d }),
        ] {
            let mut s = setup.clone();
            s.terrain.dragon = Some(d);
            push(format!("the Dragon's {what} flag"), s);
        }
    }
    out
}

/// Configs of every objective with the expansions' fields in use.
fn configs() -> Vec<Config> {
    let readings = {
        let mut readings = Readings::default();
        readings.dread_thaw = DreadThaw::ControllerTurn;
        readings
    };
    let other = {
        let mut readings = Readings::default();
        readings.fort_jump_slide = FortJumpSlide::PassesOnly;
        readings.dragon_edge = DragonEdge::FacedEdge;
        readings.coup_flag_move = CoupFlagMove::AfterTheDragon;
        readings
    };
    let all = TerrainOptions { mountain: true, fort: true, dragon: true };
    let mut out = Vec::new();
    for objective in [
        Objective::Standard,
        Objective::DynasticDispute,
        Objective::CountingCoup,
        Objective::TrophyHunters,
        Objective::DarkRider(DarkRider { rider: Rider::Knight, pikemen: 4 }),
    ] {
        for (i, readings) in [readings, other].into_iter().enumerate() {
            let dark_rider = objective == Objective::DarkRider(DarkRider { rider: Rider::Knight, pikemen: 4 });
            let tiles = match (dark_rider, i) {
                (true, _) => None,
                (false, 0) => Some(theduke_rules::testing::custom_tile_set(3)),
                // The other games: a tile acting as P1's Duke (a copy of the Duke).
                (false, _) => {
                    let mut spec = theduke_rules::TileSetSpec::standard();
                    let second = theduke_rules::TileSpec {
                        name: "Second Duke".into(),
                        abbrev: "Sd".into(),
                        ..spec.tiles[0].clone()
                    };
                    spec.tiles.push(second);
                    spec.p1_duke = Some(spec.tiles.len() - 1);
                    Some(spec)
                }
            };
            let mut config = Config::default();
            config.turn_limit = Some(60);
            config.enhanced_tiles = true;
            config.tiles = tiles.map(theduke_rules::CustomTiles::new);
            config.readings = readings;
            config.terrain = all;
            config.objective = objective;
            out.push(config);
        }
    }
    out
}

#[test]
fn tampered_expansion_fields_either_do_not_load_or_go_on() {
    // Seeded as every property run (`DUKE_TEST_SEED` moves it).
    let mut rng = GameRng::new(duke_core::testing::Settings { seed: 25, ..Default::default() }.moved_seed());
    let mut failures = Vec::new();
    let mut tried = 0;
    for (c, config) in configs().into_iter().enumerate() {
        for seed in 0..4u64 {
            let mut game = ExpandedDuke::new(&config, seed * 31 + c as u64 + rng.below(1000) as u64).unwrap();
            let mut step = 0;
            let mut actions = Vec::new();
            while !game.is_over() && step < 80 {
                if step % 3 == 0 {
                    for (what, setup) in tamperings(&game.to_setup(), &mut rng) {
                        tried += 1;
                        if let Err(e) = goes_on_if_it_loads(&setup, &what) {
                            failures.push(format!("{:?}: {e}", config.objective));
                        }
                    }
                }
                let seat = game.side_to_move();
                game.legal_actions(seat, &mut actions);
                let action: Action = actions[rng.below(actions.len() as u32) as usize];
                game.apply(seat, action).unwrap();
                step += 1;
            }
        }
    }
    assert!(tried > 1000, "{tried}");
    assert!(failures.is_empty(), "{} of {tried}:\n{}", failures.len(), failures[..failures.len().min(8)].join("\n"));
}

/// (a) A state in phase `Play` still holding divined tiles (tile conservation holds: they
/// came out of the bag) loaded, and after a listed move it no longer validated.
#[test]
fn a_state_in_play_holding_divined_tiles_does_not_load() {
    let config = {
        let mut config = Config::default();
        config.enhanced_tiles = true;
        config.first_player = Some(Seat(0));
        config
    };
    let mut game = ExpandedDuke::new(&config, 1).unwrap();
    let mut actions = Vec::new();
    while game.phase() != Phase::Play {
        game.legal_actions(game.side_to_move(), &mut actions);
        game.apply(game.side_to_move(), actions[0]).unwrap();
    }
    let mut setup = game.to_setup();
    let seat = setup.to_move.index();
    let bags = setup.bags.as_mut().unwrap();
    let k = bags[seat].iter().position(|&n| n > 0).unwrap();
    bags[seat][k] -= 1;
    setup.divined.push(TileKind(k as u8));
    assert_eq!(ExpandedDuke::from_setup(&setup), Err(SetupError::Hand { held: 1, phase: Phase::Play }));
    // In a Divination it loads and goes on.
    let divining = Setup { phase: Phase::Divine { drawn: 1 }, ..setup.clone() };
    assert!(ExpandedDuke::from_setup(&divining).is_ok());
    assert!(ExpandedDuke::from_setup(&Setup { phase: Phase::Divine { drawn: 2 }, ..setup }).is_err());
}

/// (b) Dark Rider: a deployment whose rider is already on the board loaded, and `deploy`
/// then placed a second rider.
#[test]
fn a_dark_rider_deployment_with_the_rider_already_down_does_not_load() {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.objective = Objective::DarkRider(DarkRider { rider: Rider::Knight, pikemen: 4 });
        config
    };
    let mut game = ExpandedDuke::new(&config, 1).unwrap();
    for sq in ["a1", "b1", "c1", "d1", "a6"] {
        game.apply(game.side_to_move(), Action::Deploy(sq.parse().unwrap())).unwrap();
    }
    assert_eq!(game.phase(), Phase::Play);
    let tampered = Setup { phase: Phase::Deploy, ..game.to_setup() };
    assert_eq!(ExpandedDuke::from_setup(&tampered), Err(SetupError::DarkRider));
    // Before the rider is down it loads, and the deployment places one rider.
    let mut before = ExpandedDuke::new(&config, 1).unwrap();
    for sq in ["a1", "b1", "c1", "d1"] {
        before.apply(before.side_to_move(), Action::Deploy(sq.parse().unwrap())).unwrap();
    }
    let loaded = ExpandedDuke::from_setup(&before.to_setup()).unwrap();
    goes_on_if_it_loads(&loaded.to_setup(), "the rider to deploy").unwrap();
}
