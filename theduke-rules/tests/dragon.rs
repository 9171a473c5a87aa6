//! The Dragon (rulebook "Terrain Tiles", "Dragon Tile"): its placement, its calm and
//! enraged in-between turns, its interactions with the Mountain and the Fort, what its taking
//! a Duke means, its events, and exact replay and undo.

mod common;

use common::{board, p, s};
use duke_core::{Game, Observer, Seat};
use theduke_rules::{
    Config, Dragon, DragonDanger, DragonDuke, EndReason, Event, ExpandedDuke, Facing, Phase, Readings, Setup, Side,
    Terrain, TerrainOptions, TileKind,
};

const FOOTMAN: u8 = 1;

fn dragon(square: &str, facing: Facing, enraged: bool) -> Dragon {
    Dragon { square: s(square), facing, enraged, turning: false }
}

fn config(mountain: bool, fort: bool, dragon_duke: DragonDuke) -> Config {
    {
        let mut config = Config::default();
        config.terrain = TerrainOptions { mountain, fort, dragon: true };
        config.readings = {
            let mut readings = Readings::default();
            readings.dragon_duke = dragon_duke;
            readings
        };
        config
    }
}

/// A position with the Dukes on a1 (P0) and f6 (P1), P0 to act with a Footman on a2 to make
/// a quiet move, the given Dragon and terrain, and more tiles.
fn position(
    terrain: Terrain,
    dragon_duke: DragonDuke,
    tiles: &[(&str, theduke_rules::Piece)],
    seed: u64,
) -> ExpandedDuke {
    let mut all = vec![("a1", p(0, 0, Side::Start)), ("a2", p(FOOTMAN, 0, Side::Start)), ("f6", p(0, 1, Side::Start))];
    all.extend_from_slice(tiles);
    let setup = Setup {
        config: config(terrain.mountain.is_some(), terrain.fort.is_some(), dragon_duke),
        board: board(&all),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain,
        seed,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

fn with_dragon(d: Dragon) -> Terrain {
    Terrain { dragon: Some(d), ..Terrain::default() }
}

/// P0's quiet move a2-b2, with its events.
fn quiet(game: &mut ExpandedDuke) -> Vec<Event> {
    let action = "a2-b2".parse().unwrap();
    let before = game.apply(Seat(0), action).unwrap();
    let mut events = Vec::new();
    ExpandedDuke::events(&before, Seat(0), action, game, Observer::Spectator, &mut events);
    events
}

#[test]
fn the_dragon_is_placed_in_the_middle_facing_sideways_out_of_reach_of_every_tile() {
    for seed in 0..200 {
        let mut game = ExpandedDuke::new(&config(seed % 2 == 0, seed % 3 == 0, DragonDuke::OwnerLoses), seed).unwrap();
        let mut events = Vec::new();
        while matches!(game.phase(), Phase::SetupDuke | Phase::SetupFootman { .. }) {
            let mut legal = Vec::new();
            let seat = game.side_to_move();
            game.legal_actions(seat, &mut legal);
            let action = legal[(seed as usize) % legal.len()];
            let before = game.apply(seat, action).unwrap();
            ExpandedDuke::events(&before, seat, action, &game, Observer::Spectator, &mut events);
        }
        let d = game.dragon().expect("the Dragon is placed when set-up completes");
        assert!(["c3", "d3", "c4", "d4"].contains(&d.square.to_string().as_str()), "{d:?}");
        assert!(matches!(d.facing, Facing::East | Facing::West));
        assert!(!d.enraged && !d.turning);
        assert!(game.piece_at(d.square).is_none());
        assert_eq!(game.terrain().dragon, Some(d));
        assert!(events.contains(&Event::DragonTurn { dragon: d }), "{events:?}");
        // No tile in reach of its calm Move icons: a quiet in-between turn leaves it there.
        for (dx, dy) in [(0i8, 1i8), (0, 2), (-1, 0), (1, 0)] {
            let (fx, fy) = if d.facing == Facing::East { (1, 0) } else { (-1, 0) };
            let (rx, ry) = (fy, -fx);
            if let Some(to) = d.square.offset(dx * rx + dy * fx, dx * ry + dy * fy) {
                assert!(game.piece_at(to).is_none() || dy == 2, "seed {seed}: {to} in reach of {d:?}");
            }
        }
        // The state with the Dragon survives its Setup.
        let again = ExpandedDuke::from_setup(&game.to_setup()).unwrap();
        assert_eq!(again, game);
    }
}

#[test]
fn a_calm_dragon_takes_a_tile_in_reach_and_keeps_its_side_and_facing() {
    // Facing east from c3: (0, +2) is e3, d3 free between.
    let mut game = position(
        with_dragon(dragon("c3", Facing::East, false)),
        DragonDuke::OwnerLoses,
        &[("e3", p(FOOTMAN, 1, Side::Start))],
        1,
    );
    let events = quiet(&mut game);
    let d = game.dragon().unwrap();
    assert_eq!(d, dragon("e3", Facing::East, false));
    assert!(game.piece_at(s("e3")).is_none());
    assert_eq!(game.removed_count(Seat(1), TileKind(FOOTMAN)), 1);
    assert_eq!(game.captured_count(Seat(1), TileKind(FOOTMAN)), 0, "not captured by the opponent");
    assert!(
        events.contains(&Event::DragonTook {
            owner: Seat(1),
            tile: events
                .iter()
                .find_map(|e| match e {
                    Event::DragonTook { tile, .. } => Some(tile.clone()),
                    _ => None,
                })
                .unwrap(),
            square: s("e3"),
        })
    );
    assert_eq!(events.last(), Some(&Event::DragonTurn { dragon: d }));
    assert_eq!(game.side_to_move(), Seat(1));
}

#[test]
fn a_calm_move_needs_the_squares_between_free_and_takes_either_players_tile() {
    // d3 holds P0's Footman: the Dragon takes it, not the tile behind on e3.
    let mut game = position(
        with_dragon(dragon("c3", Facing::East, false)),
        DragonDuke::OwnerLoses,
        &[("d3", p(FOOTMAN, 0, Side::Start)), ("e3", p(FOOTMAN, 1, Side::Start))],
        2,
    );
    quiet(&mut game);
    assert_eq!(game.dragon().unwrap().square, s("d3"));
    assert_eq!(game.removed_count(Seat(0), TileKind(FOOTMAN)), 1);
    assert!(game.piece_at(s("e3")).is_some());
}

#[test]
fn the_mountain_stops_a_calm_move_and_the_fort_does_not() {
    let tiles = [("d3", p(FOOTMAN, 1, Side::Start))];
    let mountain = Terrain { mountain: Some(s("d3")), ..with_dragon(dragon("c3", Facing::East, false)) };
    // No tile can stand on the Mountain: put the target behind it instead.
    let mut game = position(mountain, DragonDuke::OwnerLoses, &[("e3", p(FOOTMAN, 1, Side::Start))], 3);
    quiet(&mut game);
    assert_eq!(game.dragon().unwrap().square, s("c3"), "the Mountain blocks the (0, +2) Move");
    let fort = Terrain { fort: Some(s("d3")), ..with_dragon(dragon("c3", Facing::East, false)) };
    let mut game = position(fort, DragonDuke::OwnerLoses, &tiles, 3);
    quiet(&mut game);
    assert_eq!(game.dragon().unwrap().square, s("d3"), "the Dragon enters the Fort to capture");
}

#[test]
fn at_the_edge_it_faces_the_dragon_turns_about_next_time_without_capturing() {
    let mut game = position(
        with_dragon(dragon("e3", Facing::East, false)),
        DragonDuke::OwnerLoses,
        &[("f3", p(FOOTMAN, 1, Side::Start)), ("f5", p(FOOTMAN, 1, Side::Start))],
        4,
    );
    quiet(&mut game);
    assert_eq!(game.dragon().unwrap(), Dragon { turning: true, ..dragon("f3", Facing::East, false) });
    // P1 moves; the Dragon only turns about, though f4 (its side) could be reached... and e3.
    let mut legal = Vec::new();
    game.legal_actions(Seat(1), &mut legal);
    let quiet_p1 = legal.iter().copied().find(|a| a.to_string().starts_with("f5")).unwrap();
    game.apply(Seat(1), quiet_p1).unwrap();
    assert_eq!(game.dragon().unwrap(), dragon("f3", Facing::West, false));
}

#[test]
fn no_tile_enters_the_dragons_square_and_it_blocks_paths() {
    let game = position(
        with_dragon(dragon("c3", Facing::East, false)),
        DragonDuke::OwnerLoses,
        // P0's Footman on c2 (Move up into c3: not allowed).
        &[("c2", p(FOOTMAN, 0, Side::Start))],
        5,
    );
    let mut legal = Vec::new();
    game.legal_actions(Seat(0), &mut legal);
    let texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
    assert!(!texts.iter().any(|t| t.ends_with("c3")), "{texts:?}");
    assert!(texts.contains(&"c2-d2".to_owned()));
}

#[test]
fn an_enraged_dragon_strikes_two_tiles_then_calms_facing_sideways() {
    // Facing north from c2: its Strike squares are c3, b4 c4 d4, b5 c5 d5.
    let tiles =
        [("c3", p(FOOTMAN, 1, Side::Start)), ("b4", p(FOOTMAN, 1, Side::Start)), ("d5", p(FOOTMAN, 1, Side::Start))];
    for seed in 0..20 {
        let mut game = position(with_dragon(dragon("c2", Facing::North, true)), DragonDuke::OwnerLoses, &tiles, seed);
        quiet(&mut game);
        let left = ["c3", "b4", "d5"].iter().filter(|q| game.piece_at(s(q)).is_some()).count();
        assert_eq!(left, 1, "two of three taken");
        let d = game.dragon().unwrap();
        assert_eq!(d.square, s("c2"));
        assert!(!d.enraged && matches!(d.facing, Facing::East | Facing::West));
    }
}

#[test]
fn an_enraged_dragon_with_nothing_to_strike_moves_sideways_turning_toward_the_move() {
    for seed in 0..20 {
        let mut game = position(with_dragon(dragon("c3", Facing::North, true)), DragonDuke::OwnerLoses, &[], seed);
        quiet(&mut game);
        let d = game.dragon().unwrap();
        match d.square.to_string().as_str() {
            "b3" => assert_eq!(d.facing, Facing::West),
            "d3" => assert_eq!(d.facing, Facing::East),
            other => panic!("moved to {other}"),
        }
        assert!(d.enraged, "nothing taken: still enraged");
    }
}

#[test]
fn the_fort_shelters_a_tile_from_the_enraged_dragons_strike() {
    let terrain = Terrain { fort: Some(s("c3")), ..with_dragon(dragon("c2", Facing::North, true)) };
    let mut game = position(terrain, DragonDuke::OwnerLoses, &[("c3", p(FOOTMAN, 1, Side::Start))], 7);
    quiet(&mut game);
    assert!(game.piece_at(s("c3")).is_some());
}

#[test]
fn the_dragon_taking_a_duke_ends_the_game_as_the_reading_says() {
    for (reading, winner) in [(DragonDuke::OwnerLoses, Some(Seat(0))), (DragonDuke::Draw, None)] {
        let mut game = position(
            Terrain { dragon: Some(dragon("e4", Facing::North, false)), ..Terrain::default() },
            reading,
            &[],
            8,
        );
        // P1's Duke on f6 is out of reach; move it into the Dragon's path instead.
        let mut setup = game.to_setup();
        setup.board.remove(&s("f6"));
        setup.board.insert(s("e6"), p(0, 1, Side::Start));
        game = ExpandedDuke::from_setup(&setup).unwrap();
        quiet(&mut game);
        assert_eq!(game.dragon().unwrap().square, s("e6"));
        match game.phase() {
            Phase::Over(ending) => {
                assert_eq!(ending.winner, winner);
                assert_eq!(ending.reason, EndReason::DragonTookDuke);
            }
            other => panic!("{other:?}"),
        }
        let again = ExpandedDuke::from_setup(&game.to_setup()).unwrap();
        assert_eq!(again, game);
        let line = Event::GameOver { winner, reason: EndReason::DragonTookDuke, turns: 8 }.to_string();
        let expected = match winner {
            Some(w) => format!("game over after 8 turns: {w} wins: the Dragon took the opposing Duke"),
            None => "game over after 8 turns: draw: the Dragon took a Duke".to_owned(),
        };
        assert_eq!(line, expected);
    }
}

#[test]
fn the_duke_danger_rule_does_not_look_at_the_dragon() {
    // P0's Duke may step beside a calm Dragon facing it.
    let game = position(with_dragon(dragon("b3", Facing::South, false)), DragonDuke::OwnerLoses, &[], 9);
    let mut legal = Vec::new();
    game.legal_actions(Seat(0), &mut legal);
    // The Duke on a1 slides right along row 1: b1 is in the Dragon's (0, +2) reach.
    assert!(legal.iter().any(|a| a.to_string() == "a1-b1"), "{legal:?}");
}

#[test]
fn with_dragon_danger_avoided_the_duke_may_not_step_into_the_dragons_reach() {
    let mut setup =
        position(with_dragon(dragon("b3", Facing::South, false)), DragonDuke::OwnerLoses, &[], 9).to_setup();
    setup.config.readings.dragon_danger = DragonDanger::Avoided;
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    let texts = legal_texts(&game);
    assert!(!texts.contains(&"a1-b1".to_owned()), "b1 is in the calm Dragon's (0, +2) reach: {texts:?}");
    assert!(texts.contains(&"a1-c1".to_owned()), "{texts:?}");
    // Enraged, facing north from c2: its Strike squares and those after either side move.
    setup.terrain.dragon = Some(dragon("c2", Facing::North, true));
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    let texts = legal_texts(&game);
    // After a side move to d2, turned east, it strikes f1.
    assert!(!texts.contains(&"a1-f1".to_owned()), "f1 is in its reach after a side move: {texts:?}");
    assert!(texts.contains(&"a1-d1".to_owned()) && texts.contains(&"a1-e1".to_owned()), "{texts:?}");
}

#[test]
fn replay_and_undo_are_exact() {
    let cfg = config(true, true, DragonDuke::OwnerLoses);
    for seed in 0..30 {
        let play = |seed: u64| {
            let mut game = ExpandedDuke::new(&cfg, seed).unwrap();
            let mut trail = Vec::new();
            let mut rng = duke_core::GameRng::new(seed ^ 0x5eed);
            for _ in 0..120 {
                if matches!(game.phase(), Phase::Over(_)) {
                    break;
                }
                let seat = game.side_to_move();
                let mut legal = Vec::new();
                game.legal_actions(seat, &mut legal);
                let action = legal[rng.below(legal.len() as u32) as usize];
                let before = game.clone();
                let undo = game.apply(seat, action).unwrap();
                assert_eq!(undo, before);
                game.check().unwrap();
                trail.push(game.clone());
            }
            trail
        };
        assert_eq!(play(seed), play(seed));
    }
}

fn legal_texts(game: &ExpandedDuke) -> Vec<String> {
    let mut legal = Vec::new();
    game.legal_actions(game.side_to_move(), &mut legal);
    legal.iter().map(ToString::to_string).collect()
}

#[test]
fn a_slide_onto_the_calm_dragon_enrages_it_aimed_as_the_player_chooses() {
    // P0's Duke on a1 slides east along row 1 onto the Dragon on c1, pushing it to d1.
    let mut game = position(with_dragon(dragon("c1", Facing::East, false)), DragonDuke::OwnerLoses, &[], 10);
    let texts = legal_texts(&game);
    assert!(texts.contains(&"enrage a1-c1 north".to_owned()) && texts.contains(&"enrage a1-c1 south".to_owned()));
    assert!(!texts.iter().any(|t| t.ends_with("-c1") && !t.starts_with("enrage")), "{texts:?}");
    assert!(!texts.iter().any(|t| t.starts_with("enrage a2")), "a Move icon cannot enrage: {texts:?}");
    let action = "enrage a1-c1 north".parse().unwrap();
    let before = game.apply(Seat(0), action).unwrap();
    let mut events = Vec::new();
    ExpandedDuke::events(&before, Seat(0), action, &game, Observer::Spectator, &mut events);
    assert_eq!(game.dragon().unwrap(), dragon("d1", Facing::North, true));
    let duke = game.piece_at(s("c1")).unwrap();
    assert_eq!((duke.kind, duke.side), (TileKind(0), Side::Back), "the tile flips as after a move");
    assert!(matches!(events[0], Event::Enraged { .. }), "{events:?}");
    assert!(events.contains(&Event::DragonTurn { dragon: game.dragon().unwrap() }));
    assert_eq!(game.side_to_move(), Seat(1));
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
    // Enraged, it cannot be enraged again.
    assert!(!legal_texts(&game).iter().any(|t| t.starts_with("enrage")));
}

#[test]
fn pushing_the_dragon_onto_a_tile_takes_it_and_the_dragon_stays_calm() {
    let mut game = position(
        with_dragon(dragon("c1", Facing::East, false)),
        DragonDuke::OwnerLoses,
        &[("d1", p(FOOTMAN, 1, Side::Start))],
        11,
    );
    let texts = legal_texts(&game);
    assert!(texts.contains(&"enrage a1-c1".to_owned()), "{texts:?}");
    assert!(!texts.iter().any(|t| t.starts_with("enrage a1-c1 ")), "no aim to choose: {texts:?}");
    game.apply(Seat(0), "enrage a1-c1".parse().unwrap()).unwrap();
    let d = game.dragon().unwrap();
    assert_eq!(d.square, s("d1"));
    assert!(!d.enraged && matches!(d.facing, Facing::East | Facing::West));
    assert_eq!(game.removed_count(Seat(1), TileKind(FOOTMAN)), 1);
}

#[test]
fn the_dragon_is_not_pushed_off_the_board() {
    let game = position(with_dragon(dragon("f1", Facing::West, false)), DragonDuke::OwnerLoses, &[], 12);
    assert!(!legal_texts(&game).iter().any(|t| t.starts_with("enrage")));
}

#[test]
fn enrage_notation_round_trips() {
    for text in ["enrage a1-c1 north", "enrage a1-c1 south", "enrage b2-d4"] {
        let action: theduke_rules::Action = text.parse().unwrap();
        assert_eq!(action.to_string(), text);
    }
    assert!("enrage a1-c1 up".parse::<theduke_rules::Action>().is_err());
}

#[test]
fn the_engine_matches_the_reference_on_random_games_with_the_dragon() {
    let mut rng = duke_core::GameRng::new(15);
    let mut buf = Vec::new();
    let (mut positions, mut enragings) = (0, 0);
    for seed in 0..48u64 {
        let readings = {
            let mut readings = Readings::default();
            readings.fort_jump_slide = if seed % 2 == 0 {
                theduke_rules::FortJumpSlide::Enters
            } else {
                theduke_rules::FortJumpSlide::PassesOnly
            };
            readings
        };
        let config = {
            let mut config = Config::default();
            config.tiles =
                (seed % 3 != 0).then(|| theduke_rules::CustomTiles::new(theduke_rules::testing::custom_tile_set(seed)));
            config.terrain = TerrainOptions { mountain: seed % 4 != 1, fort: seed % 4 != 2, dragon: true };
            config.readings = readings;
            config.turn_limit = Some(120);
            config
        };
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        while !game.is_over() {
            common::checked::legal_into(&game, common::expanded::legal, &mut buf, &format!("seed {seed}"));
            positions += 1;
            enragings += buf.iter().filter(|a| matches!(a, theduke_rules::Action::Enrage { .. })).count();
            // Enragings favoured, to meet the enraged Dragon.
            let pick = buf
                .iter()
                .copied()
                .find(|a| matches!(a, theduke_rules::Action::Enrage { .. }) && rng.below(2) == 0)
                .unwrap_or_else(|| buf[rng.below(buf.len() as u32) as usize]);
            game.apply(game.side_to_move(), pick).unwrap();
        }
    }
    assert!(positions > 1000 && enragings > 20, "{positions} {enragings}");
}

/// Perft with the Dragon, against the reference (whose children are the engine's `apply`:
/// the Dragon's in-between turns are the generator's draws, one outcome per node, not
/// branches; a draw still branches on every tile type).
#[test]
fn perft_with_the_dragon_matches_the_reference() {
    const PRIEST: u8 = 8;
    const ASSASSIN: u8 = 13;
    let game = position(
        Terrain { mountain: Some(s("e2")), ..with_dragon(dragon("c3", Facing::East, false)) },
        DragonDuke::OwnerLoses,
        &[
            ("b2", p(PRIEST, 0, Side::Start)),
            ("a5", p(ASSASSIN, 0, Side::Back)),
            ("e3", p(FOOTMAN, 1, Side::Start)),
            ("c5", p(FOOTMAN, 1, Side::Start)),
            ("b6", p(PRIEST, 1, Side::Start)),
        ],
        21,
    );
    let texts = legal_texts(&game);
    assert!(texts.iter().any(|t| t.starts_with("enrage")), "{texts:?}");
    let got: Vec<u64> = (1..=3).map(|depth| game.perft(depth)).collect();
    eprintln!("dragon perft {got:?}");
    for (d, &value) in got.iter().enumerate() {
        assert_eq!(value, common::expanded::perft(&game, d as u32 + 1), "perft({})", d + 1);
    }
    assert_eq!(got, [23, 198, 4_327]);
}

/// "Dread: The Dragon is immune to the Dread icon": a P1 Banshee (a custom tile whose Dread
/// icons cover the four squares sharing a side with it) on b3 covers the Dragon's c3; the
/// Dragon still takes the Footman in reach in its in-between turn.
#[test]
fn the_dragon_is_immune_to_dread() {
    use theduke_rules::CustomTiles;
    let spec = common::banshee_tiles();
    let banshee = TileKind(spec.tiles.len() as u8 - 1);
    let tiles = [
        ("a1", p(0, 0, Side::Start)),
        ("a2", p(FOOTMAN, 0, Side::Start)),
        ("b3", p(banshee.0, 1, Side::Start)),
        ("d3", p(FOOTMAN, 1, Side::Start)),
        ("f6", p(0, 1, Side::Start)),
    ];
    let setup = Setup {
        config: {
            let mut config = config(false, false, DragonDuke::OwnerLoses);
            config.tiles = Some(CustomTiles::new(spec));
            config
        },
        board: board(&tiles),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: with_dragon(dragon("c3", Facing::East, false)),
        ..Setup::default()
    };
    let mut game = ExpandedDuke::from_setup(&setup).unwrap();
    let frozen = game.view(Observer::Spectator).frozen;
    assert!(frozen.is_empty(), "the Banshee's Dread covers the Dragon and no tile: {frozen:?}");
    quiet(&mut game);
    assert_eq!(game.dragon(), Some(dragon("d3", Facing::East, false)));
    assert_eq!(game.removed_count(Seat(1), TileKind(FOOTMAN)), 1);
}

/// "The Dragon can move into both the Fort (Camelot) and Mountain Tiles when being pushed by
/// a move that will enrage it"; "if the Dragon is enraged and in the Fort square, it can use
/// its Strike icons outside of the Fort".
#[test]
fn an_enraging_pushes_the_dragon_onto_the_mountain_and_from_the_fort_it_strikes_out() {
    let terrain = Terrain { mountain: Some(s("d1")), ..with_dragon(dragon("c1", Facing::East, false)) };
    let mut game = position(terrain, DragonDuke::OwnerLoses, &[], 3);
    assert!(legal_texts(&game).contains(&"enrage a1-c1 north".to_owned()));
    game.apply(Seat(0), "enrage a1-c1 north".parse().unwrap()).unwrap();
    assert_eq!(game.dragon(), Some(dragon("d1", Facing::North, true)), "on the Mountain");

    let terrain = Terrain { fort: Some(s("c3")), ..with_dragon(dragon("c3", Facing::North, true)) };
    let mut game = position(terrain, DragonDuke::OwnerLoses, &[("c4", p(FOOTMAN, 1, Side::Start))], 3);
    quiet(&mut game);
    assert!(game.piece_at(s("c4")).is_none(), "struck from inside the Fort");
    let d = game.dragon().unwrap();
    assert_eq!((d.square, d.enraged), (s("c3"), false));
}
