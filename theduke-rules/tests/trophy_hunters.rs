//! Trophy Hunters (rulebook "Alternate Objectives", "Flag Tiles"): the Flags placed on their
//! owners' home edges (both readings of who places them), the seven-diagram example (its moves as the text tells them, on a board rebuilt from the text)
//! step by step, winning by carrying or passing the opponent's Flag to one's own edge, one's
//! own Flag never entered, setups that do not fit, the engine against the reference on random
//! games and perft.

mod common;

use std::collections::BTreeSet;

use common::checked::{legal_with, perft_matches, play_with, random_flag_games};
use common::flags::{flag_legal, flag_perft};
use duke_core::{Game, GameRng, Seat};
use theduke_rules::{
    Ability, Config, CustomTiles, Dragon, DreadThaw, EndReason, Ending, Event, ExpandedDuke, Facing, FlagDukeDanger,
    Objective, Phase, Piece, Readings, Setup, SetupError, Side, Square, Terrain, TerrainOptions, TileKind, TileSetSpec,
    TrophyFlags,
};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn trophy() -> Config {
    {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.objective = Objective::TrophyHunters;
        config
    }
}

fn legal(game: &ExpandedDuke) -> BTreeSet<String> {
    legal_with(game, flag_legal)
}

fn play(game: &mut ExpandedDuke, text: &str) -> Vec<Event> {
    play_with(game, flag_legal, text)
}

fn kind(name: &str) -> TileKind {
    let k = theduke_rules::STANDARD_TILES.iter().position(|t| t.name == name).unwrap();
    TileKind(k as u8)
}

fn piece(name: &str, seat: u8, side: Side) -> Piece {
    Piece { side, ..Piece::new(kind(name), Seat(seat)) }
}

fn position(tiles: &[(&str, Piece)], flags: [&str; 2], to_move: u8) -> ExpandedDuke {
    let setup = Setup {
        board: tiles.iter().map(|&(s, p)| (sq(s), p)).collect(),
        phase: Phase::Play,
        to_move: Seat(to_move),
        terrain: Terrain { flags: flags.map(|f| Some(sq(f))), ..Terrain::default() },
        ..Setup::new(trophy())
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

#[test]
fn each_flag_goes_on_its_owners_home_edge_placed_by_the_hunter_or_with_the_other_reading_by_the_owner() {
    for (placer, config) in [
        (TrophyFlags::HunterPlaces, trophy()),
        (TrophyFlags::OwnerPlaces, {
            let mut config = trophy();
            config.readings = {
                let mut readings = Readings::default();
                readings.trophy_flags = TrophyFlags::OwnerPlaces;
                readings
            };
            config
        }),
    ] {
        let mut game = ExpandedDuke::new(&config, 3).unwrap();
        for text in ["duke c1", "footman b1", "footman d1", "duke d6", "footman c6", "footman e6"] {
            play(&mut game, text);
        }
        // P1 set up last and places first.
        assert_eq!((game.phase(), game.side_to_move()), (Phase::SetupFlag, Seat(1)));
        let (first_flag_owner, edge) = match placer {
            // "In any open square on the opponent's home edge": P0's Flag on rank 1.
            TrophyFlags::HunterPlaces => (Seat(0), "a1 e1 f1"),
            TrophyFlags::OwnerPlaces => (Seat(1), "a6 b6 f6"),
        };
        let expected: BTreeSet<String> = edge.split(' ').map(|s| format!("flag {s}")).collect();
        assert_eq!(legal(&game), expected, "{placer:?}");
        let first = edge.split(' ').next().unwrap();
        let events = play(&mut game, &format!("flag {first}"));
        assert_eq!(events[0], Event::FlagPlaced { seat: Seat(1), flag_of: first_flag_owner, square: sq(first) });
        let second = legal(&game).into_iter().next().unwrap();
        play(&mut game, &second);
        assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, Seat(0)));
        let [a, b] = game.flags();
        assert_eq!((a.unwrap().rank(), b.unwrap().rank()), (0, 5), "{placer:?}");
    }
}

/// The example's first position, rebuilt from the text (the diagrams are not in it; RULES.md): Joshua (light, P0) and
/// Frank (dark, P1); Frank's Flag alone on c2, "exposed".
fn joshua_and_frank() -> ExpandedDuke {
    let start = Side::Start;
    position(
        &[
            ("f1", piece("Duke", 0, start)),
            ("c3", piece("Footman", 0, start)),
            ("d3", piece("Knight", 0, start)),
            ("e1", piece("Wizard", 0, start)),
            ("a6", piece("Duke", 1, start)),
            ("d5", piece("Bowman", 1, Side::Back)),
            ("f5", piece("Pikeman", 1, start)),
        ],
        ["a1", "c2"],
        0,
    )
}

#[test]
fn joshua_and_frank_play_the_seven_steps_told_in_the_text_on_a_rebuilt_board() {
    let mut game = joshua_and_frank();
    let (joshua, frank) = (Seat(0), Seat(1));
    // Diagram 2: Joshua moves his Footman into the square of Frank's Flag.
    let events = play(&mut game, "c3-c2");
    assert!(matches!(events[0], Event::Moved { seat, .. } if seat == joshua));
    assert_eq!(game.flags()[1], Some(sq("c2")));
    // Diagram 3: Frank could take the Knight with his Pikeman, but Joshua's Footman would
    // then take the Pikeman; he strikes it with the Bowman, which flips without moving.
    assert!(legal(&game).contains("f5-d3"));
    let mut pikeman_line = game.clone();
    pikeman_line.apply(frank, "f5-d3".parse().unwrap()).unwrap();
    assert!(legal(&pikeman_line).contains("c2-d3"), "the Footman could take the Pikeman");
    let events = play(&mut game, "d5*d3");
    assert!(events.iter().any(|e| matches!(e, Event::Captured { tile, .. } if tile.name == "Knight")));
    assert_eq!(game.piece_at(sq("d5")), Some(piece("Bowman", 1, Side::Start)));
    // Diagram 4: the Wizard comes beside the Footman.
    play(&mut game, "e1-d2");
    // Diagram 5: Frank can neither strike the Footman nor move into his own Flag's square.
    let frank_moves = legal(&game);
    assert!(!frank_moves.iter().any(|m| m.ends_with("*c2") || m.ends_with("-c2")), "{frank_moves:?}");
    play(&mut game, "f5-e4");
    assert_eq!(game.piece_at(sq("e4")), Some(piece("Pikeman", 1, Side::Back)));
    // Diagram 6: instead of a move, Joshua passes the Flag from the Footman to the Wizard.
    let events = play(&mut game, "flag c2-d2");
    assert_eq!(events[0], Event::FlagMoved { seat: joshua, flag_of: frank, from: sq("c2"), to: sq("d2") });
    assert_eq!(game.flags()[1], Some(sq("d2")));
    // Diagram 7: the Pikeman's Strike takes the Wizard (the Pikeman flips), leaving Frank's
    // Flag by itself on d2.
    let events = play(&mut game, "e4*d2");
    assert!(events.iter().any(|e| matches!(e, Event::Captured { tile, .. } if tile.name == "Wizard")));
    assert_eq!(game.piece_at(sq("e4")), Some(piece("Pikeman", 1, Side::Start)));
    assert_eq!((game.flags()[1], game.piece_at(sq("d2"))), (Some(sq("d2")), None));
    // "Several turns from ... the one last square needed to hit his home edge": the Flag is on
    // rank 2, the game goes on, and Joshua's Footman can pick it up again.
    assert_eq!((game.phase(), game.side_to_move()), (Phase::Play, joshua));
    assert_eq!(sq("d2").rank(), 1);
    assert!(legal(&game).contains("c2-d1") && !legal(&game).contains("c2-d2"));
}

#[test]
fn carrying_or_passing_the_opponents_flag_to_ones_own_edge_wins_at_once() {
    let start = Side::Start;
    let tiles = [
        ("f1", piece("Duke", 0, start)),
        ("c2", piece("Footman", 0, start)),
        ("b2", piece("Footman", 0, start)),
        ("a6", piece("Duke", 1, start)),
        ("e5", piece("Footman", 1, start)),
    ];
    // Carried: the Footman on c2 holds P1's Flag and steps onto rank 1.
    let mut game = position(&tiles, ["a3", "c2"], 0);
    let events = play(&mut game, "c2-c1");
    let won = Phase::Over(Ending { winner: Some(Seat(0)), reason: EndReason::TrophyTaken });
    assert_eq!(game.phase(), won);
    assert!(events.last().unwrap().to_string().ends_with("P0 wins: the opponent's Flag has reached P0's home edge"));
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).unwrap(), game);
    // Passed: to the Duke on f1 from a carrier on f2.
    let tiles2 = [
        ("f1", piece("Duke", 0, start)),
        ("f2", piece("Footman", 0, start)),
        ("a6", piece("Duke", 1, start)),
        ("e5", piece("Footman", 1, start)),
    ];
    let mut game = position(&tiles2, ["a3", "f2"], 0);
    play(&mut game, "flag f2-f1");
    assert_eq!(game.phase(), won);
    // A player never ends a move on his own Flag: P0's Footman b2 cannot step onto a3's
    // neighbour... it can step to b3, not onto its own Flag on a3 (b2-a2-a3 is two moves).
    let game = position(&tiles, ["a2", "c2"], 0);
    let moves = legal(&game);
    assert!(!moves.contains("b2-a2") && moves.contains("b2-b3"), "{moves:?}");
}

/// A carrier in the Fort sacrificed to an Escape (found by the random games below): the Flag
/// stays alone in the Fort, as a struck carrier's Flag stays on its square (reading 65); its
/// owner still may not end a move there, and the hunter's next tile to enter picks it up.
#[test]
fn a_flag_stays_in_the_fort_when_its_carrier_is_sacrificed_there() {
    // The base box with Escape on the Footman (no base tile has it).
    let mut spec = TileSetSpec::standard();
    spec.tiles[1].abilities = vec![Ability::Escape];
    let config = {
        let mut config = trophy();
        config.tiles = Some(CustomTiles::new(spec));
        config.terrain = TerrainOptions { fort: true, ..TerrainOptions::default() };
        config
    };
    let start = Side::Start;
    let setup = Setup {
        board: [
            ("b2", piece("Duke", 0, start)),
            ("f5", piece("Footman", 0, start)),
            ("f4", piece("Pikeman", 0, start)),
            ("f3", piece("Footman", 0, start)),
            ("a6", piece("Duke", 1, start)),
            ("e4", piece("Footman", 1, start)),
        ]
        .into_iter()
        .map(|(s, p)| (sq(s), p))
        .collect(),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain { fort: Some(sq("f4")), flags: [Some(sq("a1")), Some(sq("f4"))], ..Terrain::default() },
        ..Setup::new(config)
    };
    let mut game = ExpandedDuke::from_setup(&setup).unwrap();
    // The Pikeman carries Frank's Flag in the Fort; the Footman beside it escapes with it.
    play(&mut game, "escape f5-d1 sacrifice f4");
    assert_eq!(game.piece_at(sq("f4")), None);
    assert_eq!(game.flags()[1], Some(sq("f4")), "the Flag stays in the Fort");
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).as_ref().ok(), Some(&game), "the position loads");
    // Frank may not end a move on his own Flag: his Footman beside it does not enter.
    let frank = legal(&game);
    assert!(frank.contains("e4-e5") && !frank.contains("e4-f4"), "{frank:?}");
    play(&mut game, "e4-d4");
    // Joshua's Footman enters the Fort and picks the Flag up, then carries it on.
    play(&mut game, "f3-f4");
    assert_eq!(game.piece_at(sq("f4")).map(|p| p.owner), Some(Seat(0)));
    assert_eq!(game.flags()[1], Some(sq("f4")));
    play(&mut game, "d4-c5");
    play(&mut game, "f4-e5");
    assert_eq!(game.flags()[1], Some(sq("e5")), "the Flag went with its new carrier");
}

/// A pass ends the turn like any action (found by the random games below, where the
/// reference got it wrong): with the Duke-danger rule kept and reading 24's other reading,
/// the opponent's tiles frozen now thaw at his turn, so a pass that leaves the Duke to one
/// is refused and the Duke must step away.
#[test]
fn a_pass_that_leaves_the_duke_to_a_tile_thawing_next_turn_is_refused() {
    let readings = {
        let mut readings = Readings::default();
        readings.dread_thaw = DreadThaw::ControllerTurn;
        readings.flag_duke_danger = FlagDukeDanger::Kept;
        readings
    };
    let setup = Setup {
        board: [
            ("e6", piece("Duke", 0, Side::Back)),
            ("f4", piece("Footman", 0, Side::Start)),
            ("f3", piece("Footman", 0, Side::Start)),
            ("a6", piece("Duke", 1, Side::Start)),
            ("d6", piece("Longbowman", 1, Side::Start)),
        ]
        .into_iter()
        .map(|(s, p)| (sq(s), p))
        .collect(),
        phase: Phase::Play,
        to_move: Seat(0),
        // Frank's Longbowman is still frozen, though no Dread icon covers it any more.
        frozen: vec![sq("d6")],
        terrain: Terrain { flags: [Some(sq("a1")), Some(sq("f4"))], ..Terrain::default() },
        ..Setup::new({
            let mut config = trophy();
            config.readings = readings;
            config
        })
    };
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    let joshua = legal(&game);
    assert!(!joshua.contains("flag f4-f3"), "at Frank's turn the Longbowman thaws and takes the Duke: {joshua:?}");
    assert!(joshua.contains("e6-e5"), "{joshua:?}");
    // Under our reading the Longbowman, no longer covered, is not frozen at all: the Duke
    // is in Guard already, and the pass is refused the same way.
    let setup = Setup {
        frozen: Vec::new(),
        config: {
            let mut config = trophy();
            config.readings = {
                let mut readings = readings;
                readings.dread_thaw = DreadThaw::default();
                readings
            };
            config
        },
        ..setup
    };
    let game = ExpandedDuke::from_setup(&setup).unwrap();
    assert!(!legal(&game).contains("flag f4-f3"));
}

/// A move that brings the Flag home and takes the opponent's last tile wins twice over: the
/// ending names the trophy, as Counting Coup's names the third point (reading 67).
#[test]
fn bringing_the_flag_home_by_taking_the_last_enemy_tile_wins_by_the_trophy() {
    let start = Side::Start;
    let mut game = position(
        &[("f1", piece("Duke", 0, start)), ("c2", piece("Footman", 0, start)), ("c1", piece("Footman", 1, start))],
        ["a1", "c2"],
        0,
    );
    play(&mut game, "c2-c1");
    let won = Ending { winner: Some(Seat(0)), reason: EndReason::TrophyTaken };
    assert_eq!(game.phase(), Phase::Over(won));
}

/// A Trophy Hunters position with the Dragon calm on e3 facing north: Joshua's Duke on a3
/// may Slide into it and push it onto Frank's tile on f3; `frank` names his tiles.
fn a_push_onto_f3(frank: &[(&str, &str)]) -> ExpandedDuke {
    let start = Side::Start;
    let mut board = vec![(sq("a3"), piece("Duke", 0, start))];
    board.extend(frank.iter().map(|&(s, name)| (sq(s), piece(name, 1, start))));
    let setup = Setup {
        board: board.into_iter().collect(),
        phase: Phase::Play,
        to_move: Seat(0),
        terrain: Terrain {
            flags: [Some(sq("a1")), Some(sq("c6"))],
            dragon: Some(Dragon { square: sq("e3"), facing: Facing::North, enraged: false, turning: false }),
            ..Terrain::default()
        },
        ..Setup::new({
            let mut config = trophy();
            config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
            config
        })
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

/// "The enraging and re-orienting of the Dragon tile takes the Dragon's next in between turn
/// action", also when the push took a Duke: with Flags that does not end the game, and the
/// Dragon, calm and facing east or west, rests though a tile stands in its reach either way
/// (Frank's Footmen on f4 and f2, Joshua's Duke on e3).
#[test]
fn the_dragon_rests_after_a_push_that_takes_a_duke() {
    let mut game = a_push_onto_f3(&[("f3", "Duke"), ("f4", "Footman"), ("f2", "Footman")]);
    play(&mut game, "enrage a3-e3");
    assert_eq!(game.phase(), Phase::Play);
    let dragon = game.dragon().unwrap();
    assert_eq!((dragon.square, dragon.enraged), (sq("f3"), false));
    assert!(matches!(dragon.facing, Facing::East | Facing::West));
    for (square, owner) in [("e3", 0), ("f4", 1), ("f2", 1)] {
        assert_eq!(game.piece_at(sq(square)).map(|p| p.owner), Some(Seat(owner)), "{square}");
    }
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).as_ref().ok(), Some(&game), "the position loads");
}

/// A push that takes the opponent's last tile (Frank lost his Duke earlier) ends the game
/// before the Dragon's in-between turn: the rest it was due leaves no trace, so the ended
/// game saves and loads as it is (found by the conformance suite under another seed).
#[test]
fn a_push_that_takes_the_last_enemy_tile_ends_the_game_and_saves_as_it_is() {
    let mut game = a_push_onto_f3(&[("f3", "Footman")]);
    play(&mut game, "enrage a3-e3");
    let won = Ending { winner: Some(Seat(0)), reason: EndReason::NoTilesLeft };
    assert_eq!(game.phase(), Phase::Over(won));
    assert_eq!(ExpandedDuke::from_setup(&game.to_setup()).as_ref().ok(), Some(&game), "the position loads");
    let saved = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<ExpandedDuke>(&saved).ok().as_ref(), Some(&game), "the state goes through serde");
}

#[test]
fn setups_that_do_not_fit_are_refused() {
    let base = joshua_and_frank().to_setup();
    let refused = |setup: Setup| ExpandedDuke::from_setup(&setup).unwrap_err();
    // A running game with P1's Flag already on P0's edge.
    let flags = Terrain { flags: [Some(sq("a1")), Some(sq("b1"))], ..Terrain::default() };
    assert_eq!(refused(Setup { terrain: flags, ..base.clone() }), SetupError::Flags);
    // No points in Trophy Hunters; a Flag under its owner's tile.
    assert_eq!(refused(Setup { points: [1, 0], ..base.clone() }), SetupError::Flags);
    let flags = Terrain { flags: [Some(sq("f1")), Some(sq("c2"))], ..Terrain::default() };
    assert_eq!(refused(Setup { terrain: flags, ..base.clone() }), SetupError::Flags);
    // The ending must fit: P0 has not brought the Flag home.
    let won = Phase::Over(Ending { winner: Some(Seat(0)), reason: EndReason::TrophyTaken });
    assert!(matches!(refused(Setup { phase: won, ..base }), SetupError::InconsistentEnding(_)));
}

#[test]
fn the_engine_matches_the_reference_on_random_games_of_trophy_hunters() {
    let (mut passes, mut carried) = (0u32, 0u32);
    let pick = |game: &ExpandedDuke, actions: &BTreeSet<String>, rng: &mut GameRng| {
        // Favour Flag actions and moves onto a Flag so that the rules are met.
        let flags: Vec<&String> = actions
            .iter()
            .filter(|a| a.starts_with("flag") || game.flags().iter().flatten().any(|f| a.ends_with(&f.to_string())))
            .collect();
        if !flags.is_empty() && rng.below(2) == 0 {
            flags[rng.below(flags.len() as u32) as usize].clone()
        } else {
            actions.iter().nth(rng.below(actions.len() as u32) as usize).unwrap().clone()
        }
    };
    random_flag_games(Objective::TrophyHunters, 0x7a11, legal, pick, |_, pick, _, events| {
        passes += u32::from(pick.contains('-') && pick.starts_with("flag"));
        carried += u32::from(events.iter().any(|e| matches!(e, Event::FlagCarried { .. })));
    });
    assert!(passes > 5 && carried > 10, "{passes} passes, {carried} Flags carried along");
}

#[test]
fn perft_of_trophy_hunters_matches_the_reference() {
    let game = joshua_and_frank();
    let counts = perft_matches(&game, flag_perft);
    println!("perft {counts:?}");
}
