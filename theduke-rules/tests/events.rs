//! Events: what every observer witnesses at each step (everything in The Duke is public),
//! on real game states: the set-up, moves with their flip, strikes, commands, captures,
//! draws and placements, "Guard", and the end of the game (the Dragon's: tests/dragon_events.rs).

mod common;

use common::{p, s};
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Action, Config, Dragon, EndReason, Event, Facing, NamedTile, Phase, Piece, Setup, Side, TheDuke, TileKind,
};

const DUKE: u8 = 0;
const FOOTMAN: u8 = 1;
const PIKEMAN: u8 = 2;
const WIZARD: u8 = 4;
const SEER: u8 = 6;
const MARSHALL: u8 = 10;
const BOWMAN: u8 = 11;
const DRAGOON: u8 = 12;
const ASSASSIN: u8 = 13;

const OBSERVERS: [Observer; 3] = [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator];

fn tile(kind: u8) -> NamedTile {
    let name = theduke_rules::STANDARD_TILES[kind as usize].name.to_owned();
    NamedTile { kind: TileKind(kind), name }
}

fn position(pieces: &[(&str, Piece)], to_move: u8, config: &Config) -> TheDuke {
    TheDuke::from_setup(&Setup { config: config.clone(), ..common::in_play(pieces, to_move) }).unwrap()
}

/// Applies `text` for `seat` and returns the state after and the events, checking first
/// that every observer witnessed the same events.
fn step(state: &TheDuke, seat: u8, text: &str) -> (TheDuke, Vec<Event>) {
    let action: Action = text.parse().unwrap();
    let mut after = *state;
    after.apply(Seat(seat), action).unwrap();
    let mut seen = Vec::new();
    let mut first = Vec::new();
    TheDuke::events(state, Seat(seat), action, &after, Observer::Spectator, &mut first);
    for observer in OBSERVERS {
        TheDuke::events(state, Seat(seat), action, &after, observer, &mut seen);
        assert_eq!(seen, first, "{observer:?} sees what everyone sees");
    }
    (after, first)
}

/// Rulebook p. 3, the movement example (as in tests/rulebook.rs): light Duke c1, Seer d2,
/// Dragoon b4 (non-starting side); the dark Assassin a5 (non-starting side), dark to act.
fn movement_example() -> TheDuke {
    position(
        &[
            ("c1", p(DUKE, 0, Side::Start)),
            ("d2", p(SEER, 0, Side::Start)),
            ("b4", p(DRAGOON, 0, Side::Back)),
            ("a5", p(ASSASSIN, 1, Side::Back)),
            ("f6", p(DUKE, 1, Side::Start)),
        ],
        1,
        &Config::default(),
    )
}

fn opening() -> TheDuke {
    TheDuke::new(
        &{
            let mut config = Config::default();
            config.first_player = Some(Seat(0));
            config.turn_limit = None;
            config
        },
        42,
    )
    .unwrap()
}

#[test]
fn set_up_placements_name_the_seat_the_tile_and_the_square() {
    let mut game = opening();
    let mut all = Vec::new();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        let (after, events) = step(&game, seat, text);
        all.extend(events);
        game = after;
    }
    let placed =
        |seat: u8, kind: u8, square: &str| Event::SetUp { seat: Seat(seat), tile: tile(kind), square: s(square) };
    assert_eq!(
        all,
        vec![
            placed(0, DUKE, "c1"),
            placed(0, FOOTMAN, "b1"),
            placed(0, FOOTMAN, "d1"),
            placed(1, DUKE, "d6"),
            placed(1, FOOTMAN, "c6"),
            placed(1, FOOTMAN, "e6"),
        ]
    );
    assert_eq!(game.phase(), Phase::Play);
}

#[test]
fn a_move_names_the_tile_and_the_side_it_flipped_to() {
    let mut game = opening();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        game = step(&game, seat, text).0;
    }
    let (after, events) = step(&game, 0, "b1-b2");
    assert_eq!(
        events,
        vec![Event::Moved { seat: Seat(0), tile: tile(FOOTMAN), from: s("b1"), to: s("b2"), flipped_to: Side::Back }]
    );
    assert_eq!(after.piece_at(s("b2")), Some(p(FOOTMAN, 0, Side::Back)));
    let (replied, reply) = step(&after, 1, "c6-c5");
    assert!(matches!(reply.as_slice(), [Event::Moved { seat: Seat(1), flipped_to: Side::Back, .. }]), "{reply:?}");
    // A tile on its non-starting side flips back to its starting side.
    let (back, events) = step(&replied, 0, "b2-a1");
    assert_eq!(
        events,
        vec![Event::Moved { seat: Seat(0), tile: tile(FOOTMAN), from: s("b2"), to: s("a1"), flipped_to: Side::Start }]
    );
    assert_eq!(back.piece_at(s("a1")), Some(p(FOOTMAN, 0, Side::Start)));
}

#[test]
fn a_capture_names_the_tile_its_owner_and_the_square() {
    let (after, events) = step(&movement_example(), 1, "a5-d2");
    assert_eq!(
        events,
        vec![
            Event::Moved { seat: Seat(1), tile: tile(ASSASSIN), from: s("a5"), to: s("d2"), flipped_to: Side::Start },
            Event::Captured { by: Seat(1), owner: Seat(0), tile: tile(SEER), square: s("d2") },
        ]
    );
    assert_eq!(after.captured_count(Seat(0), TileKind(SEER)), 1);
}

#[test]
fn a_strike_captures_and_flips_the_striker_in_place() {
    // As in tests/icons.rs: the light Bowman (non-starting side) on c3 strikes c5.
    let game = position(
        &[
            ("c3", p(BOWMAN, 0, Side::Back)),
            ("c5", p(FOOTMAN, 1, Side::Start)),
            ("d4", p(FOOTMAN, 0, Side::Start)),
            ("f1", p(DUKE, 0, Side::Back)),
            ("a6", p(DUKE, 1, Side::Back)),
        ],
        0,
        &Config::default(),
    );
    let (after, events) = step(&game, 0, "c3*c5");
    assert_eq!(
        events,
        vec![
            Event::Struck {
                seat: Seat(0),
                tile: tile(BOWMAN),
                from: s("c3"),
                target: s("c5"),
                flipped_to: Side::Start
            },
            Event::Captured { by: Seat(0), owner: Seat(1), tile: tile(FOOTMAN), square: s("c5") },
        ]
    );
    assert_eq!(after.piece_at(s("c3")), Some(p(BOWMAN, 0, Side::Start)));
}

#[test]
fn a_command_flips_the_commander_and_not_the_commanded_tile() {
    // As in tests/icons.rs: the light Marshall (non-starting side) on c3 commands the
    // Footman (non-starting side) from b4 onto the dark Pikeman on d4.
    let game = position(
        &[
            ("c3", p(MARSHALL, 0, Side::Back)),
            ("b4", p(FOOTMAN, 0, Side::Back)),
            ("d4", p(PIKEMAN, 1, Side::Start)),
            ("f1", p(DUKE, 0, Side::Back)),
            ("a6", p(DUKE, 1, Side::Back)),
        ],
        0,
        &Config::default(),
    );
    let (after, events) = step(&game, 0, "c3:b4-d4");
    assert_eq!(
        events,
        vec![
            Event::Commanded {
                seat: Seat(0),
                commander: tile(MARSHALL),
                by: s("c3"),
                flipped_to: Side::Start,
                tile: tile(FOOTMAN),
                side: Side::Back,
                from: s("b4"),
                to: s("d4"),
            },
            Event::Captured { by: Seat(0), owner: Seat(1), tile: tile(PIKEMAN), square: s("d4") },
        ]
    );
    // The events tell the board exactly: commander flipped, commanded tile unchanged.
    assert_eq!(after.piece_at(s("c3")), Some(p(MARSHALL, 0, Side::Start)));
    assert_eq!(after.piece_at(s("d4")), Some(p(FOOTMAN, 0, Side::Back)));
}

#[test]
fn a_draw_shows_the_tile_to_everyone_and_the_placement_names_it() {
    let mut game = opening();
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        game = step(&game, seat, text).0;
    }
    let (drawn, events) = step(&game, 0, "draw");
    let Phase::Place { drawn: kind } = drawn.phase() else { panic!("a draw leads to its placement") };
    assert_eq!(events, vec![Event::Drew { seat: Seat(0) }, Event::DrawnTile { seat: Seat(0), tile: tile(kind.0) }]);
    assert_eq!(game.bag_count(Seat(0), kind), drawn.bag_count(Seat(0), kind) + 1);
    let (placed, events) = step(&drawn, 0, "place c2");
    assert_eq!(events, vec![Event::Placed { seat: Seat(0), tile: tile(kind.0), square: s("c2") }]);
    assert_eq!(placed.piece_at(s("c2")), Some(Piece::new(kind, Seat(0))));
    // Another world the players cannot tell from this one draws another tile: the events
    // say which.
    let other = (1..200)
        .map(|seed| game.determinize(Seat(1), seed))
        .map(|twin| step(&twin, 0, "draw"))
        .find(|(after, _)| after.phase() != drawn.phase())
        .unwrap();
    assert_ne!(other.1, step(&game, 0, "draw").1);
}

#[test]
fn guard_is_announced_when_the_move_lets_the_mover_take_the_duke_next_turn() {
    // "stop in the square in between the Seer and the Dragon, putting the Duke in Guard".
    let (after, events) = step(&movement_example(), 1, "a5-c3");
    assert_eq!(
        events,
        vec![
            Event::Moved { seat: Seat(1), tile: tile(ASSASSIN), from: s("a5"), to: s("c3"), flipped_to: Side::Start },
            Event::Guard { seat: Seat(1), duke_of: Seat(0), square: s("c1") },
        ]
    );
    assert!(after.in_guard(Seat(0)));
    // The Seer takes the Assassin: no Guard.
    let (_, reply) = step(&after, 0, "d2-c3");
    assert!(!reply.iter().any(|e| matches!(e, Event::Guard { .. })), "{reply:?}");
}

/// Tina's trap (tests/rulebook.rs, `a_player_without_legal_action_loses`) one move before
/// it closes: light Duke e6 (non-starting side) between her Pikemen, empty bag; the dark
/// Wizard e5 and Marshall e4 (non-starting side), dark to act.
fn tina_before_the_trap() -> TheDuke {
    let tiles = [
        ("e6", p(DUKE, 0, Side::Back)),
        ("d6", p(PIKEMAN, 0, Side::Start)),
        ("f6", p(PIKEMAN, 0, Side::Start)),
        ("e5", p(WIZARD, 1, Side::Back)),
        ("e4", p(MARSHALL, 1, Side::Back)),
        ("a1", p(DUKE, 1, Side::Start)),
    ];
    // Light's bag is empty; dark's holds every tile not on the board.
    let full = TheDuke::from_setup(&common::in_play(&tiles, 1)).unwrap().to_setup();
    let dark = full.bags.unwrap()[1].clone();
    TheDuke::from_setup(&Setup { bags: Some([vec![], dark]), ..common::in_play(&tiles, 1) }).unwrap()
}

#[test]
fn the_game_ends_when_the_next_player_has_no_legal_action() {
    let game = tina_before_the_trap();
    assert!(!game.is_over());
    let (after, events) = step(&game, 1, "e4-e3");
    assert_eq!(
        events.last(),
        Some(&Event::GameOver { winner: Some(Seat(1)), reason: EndReason::NoLegalAction, turns: 1 })
    );
    assert!(after.is_over());
    assert_eq!(events.last().unwrap().to_string(), "game over after 1 turn: P1 wins, P0 has no legal action");
}

#[test]
fn a_guard_without_escape_is_announced_and_then_ends_the_game() {
    // From a random playout (seed 0): the dark Footman (non-starting side) a4-a2 puts the
    // light Duke on a1 in Guard, guarded by the dark Marshall on b2; nothing saves it.
    let game = position(
        &[
            ("a1", p(DUKE, 0, Side::Back)),
            ("e1", p(MARSHALL, 0, Side::Back)),
            ("d3", p(FOOTMAN, 0, Side::Back)),
            ("a4", p(FOOTMAN, 1, Side::Back)),
            ("b2", p(MARSHALL, 1, Side::Start)),
            ("d4", p(DUKE, 1, Side::Back)),
        ],
        1,
        &Config::default(),
    );
    let (after, events) = step(&game, 1, "a4-a2");
    assert_eq!(
        events[1..],
        [
            Event::Guard { seat: Seat(1), duke_of: Seat(0), square: s("a1") },
            Event::GameOver { winner: Some(Seat(1)), reason: EndReason::NoLegalAction, turns: 1 },
        ]
    );
    assert!(after.in_guard(Seat(0)) && after.is_over());
}

#[test]
fn capturing_the_duke_ends_the_game_with_a_capture_event() {
    // As in tests/rulebook.rs: the dark Assassin jump-slides from a5 onto the light Duke
    // on e1 (a puzzle position: the light Duke is in Guard while dark acts).
    let game = position(
        &[("e1", p(DUKE, 0, Side::Start)), ("a5", p(ASSASSIN, 1, Side::Back)), ("f6", p(DUKE, 1, Side::Start))],
        1,
        &Config::default(),
    );
    let (_, events) = step(&game, 1, "a5-e1");
    assert_eq!(
        events[1..],
        [
            Event::Captured { by: Seat(1), owner: Seat(0), tile: tile(DUKE), square: s("e1") },
            Event::GameOver { winner: Some(Seat(1)), reason: EndReason::DukeCaptured, turns: 1 },
        ]
    );
}

#[test]
fn the_turn_limit_ends_the_game_drawn() {
    let config = {
        let mut config = Config::default();
        config.turn_limit = Some(1);
        config
    };
    let game = position(&[("c1", p(DUKE, 0, Side::Start)), ("d6", p(DUKE, 1, Side::Start))], 0, &config);
    let (_, events) = step(&game, 0, "c1-b1");
    assert_eq!(events.last(), Some(&Event::GameOver { winner: None, reason: EndReason::TurnLimit, turns: 1 }));
    assert_eq!(events.last().unwrap().to_string(), "game over after 1 turn: draw at the turn limit");
}

#[test]
fn every_action_is_public_so_redacted_notation_is_full_notation_for_everyone() {
    let config = {
        let mut config = Config::default();
        config.first_player = None;
        config.turn_limit = Some(120);
        config
    };
    let mut legal = Vec::new();
    let mut seen = Vec::new();
    let mut spectator = Vec::new();
    let mut checked = 0;
    for seed in 0..12 {
        let mut game = TheDuke::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed);
        while !game.is_over() {
            let seat = game.side_to_move();
            game.legal_actions(seat, &mut legal);
            for &action in &legal {
                let full = action.to_string();
                let own = game.notation_for(seat, action, Observer::Seat(seat));
                assert!(own.contains(&full), "{own:?} holds {full:?}");
                for observer in OBSERVERS {
                    assert_eq!(game.notation_for(seat, action, observer), own, "{observer:?} sees {full} in full");
                }
                let mut after = game;
                after.apply(seat, action).unwrap();
                TheDuke::events(&game, seat, action, &after, Observer::Spectator, &mut spectator);
                for observer in OBSERVERS {
                    TheDuke::events(&game, seat, action, &after, observer, &mut seen);
                    assert_eq!(seen, spectator);
                }
                checked += 1;
            }
            let action = legal[rng.below(legal.len() as u32) as usize];
            game.apply(seat, action).unwrap();
        }
    }
    assert!(checked > 1000, "{checked} actions checked");
}

#[test]
fn an_action_not_allowed_is_shown_as_given() {
    let game = opening();
    let action: Action = "c2-c4".parse().unwrap();
    let seen = game.seen_action(Seat(0), action, Observer::Spectator);
    assert_eq!(seen, Event::Unlisted { seat: Seat(0), action });
    assert_eq!(seen.to_string(), "P0 c2-c4 (not allowed here)");
    assert_eq!(
        game.seen_action(Seat(1), "duke d6".parse().unwrap(), Observer::Seat(Seat(1))).to_string(),
        "P1 duke d6 (not allowed here)"
    );
}

#[test]
fn every_event_prints_one_line() {
    let lines = [
        (Event::SetUp { seat: Seat(0), tile: tile(DUKE), square: s("c1") }, "P0 duke c1: sets up the Duke on c1"),
        (
            Event::SetUp { seat: Seat(1), tile: tile(FOOTMAN), square: s("c6") },
            "P1 footman c6: sets up the Footman on c6",
        ),
        (
            Event::Moved { seat: Seat(0), tile: tile(FOOTMAN), from: s("b1"), to: s("b2"), flipped_to: Side::Back },
            "P0 b1-b2: Footman moves from b1 to b2 and flips to its non-starting side",
        ),
        (
            Event::Struck {
                seat: Seat(0),
                tile: tile(BOWMAN),
                from: s("c3"),
                target: s("c5"),
                flipped_to: Side::Start,
            },
            "P0 c3*c5: Bowman on c3 strikes c5 and flips to its starting side",
        ),
        (
            Event::Commanded {
                seat: Seat(0),
                commander: tile(MARSHALL),
                by: s("c3"),
                flipped_to: Side::Start,
                tile: tile(FOOTMAN),
                side: Side::Back,
                from: s("b4"),
                to: s("d4"),
            },
            "P0 c3:b4-d4: Marshall on c3 commands the Footman from b4 to d4 (which keeps its non-starting side) \
             and flips to its starting side",
        ),
        (Event::Drew { seat: Seat(1) }, "P1 draw: draws a tile from the bag"),
        (Event::DrawnTile { seat: Seat(1), tile: tile(WIZARD) }, "P1 drew a Wizard from the bag"),
        (
            Event::Placed { seat: Seat(1), tile: tile(WIZARD), square: s("d5") },
            "P1 place d5: places the Wizard on d5, starting side up",
        ),
        (
            Event::Captured { by: Seat(1), owner: Seat(0), tile: tile(SEER), square: s("d2") },
            "P1 captures P0's Seer on d2",
        ),
        (
            Event::Guard { seat: Seat(1), duke_of: Seat(0), square: s("c1") },
            "P1: \"Guard!\" (P0's Duke on c1 can be captured next turn)",
        ),
        (
            Event::GameOver { winner: Some(Seat(0)), reason: EndReason::DukeCaptured, turns: 30 },
            "game over after 30 turns: P0 wins by capturing the opposing Duke",
        ),
        (
            Event::GameOver { winner: Some(Seat(1)), reason: EndReason::NoLegalAction, turns: 9 },
            "game over after 9 turns: P1 wins, P0 has no legal action",
        ),
        (
            Event::GameOver { winner: None, reason: EndReason::TurnLimit, turns: 150 },
            "game over after 150 turns: draw at the turn limit",
        ),
        (
            Event::DragonTook { owner: Seat(1), tile: tile(BOWMAN), square: s("d4") },
            "the Dragon takes P1's Bowman on d4",
        ),
        (
            Event::DragonTurn {
                dragon: Dragon { square: s("d4"), facing: Facing::West, enraged: false, turning: false },
            },
            "the Dragon stands on d4, calm, facing West",
        ),
        (
            Event::Enraged { seat: Seat(1), tile: tile(PIKEMAN), from: s("a6"), to: s("a4"), aim: None },
            "P1 enrage a6-a4: the Pikeman slides onto the Dragon, pushing it",
        ),
        (
            Event::Deployed { seat: Seat(0), tile: tile(PIKEMAN), square: s("e1") },
            "P0 deploy e1: places the Pikeman on e1",
        ),
        (
            Event::GameOver {
                winner: Some(Seat(1)),
                reason: EndReason::DarkRider(theduke_rules::DarkRiderEnd::PikemenCaptured),
                turns: 21,
            },
            "game over after 21 turns: P1 wins: three Pikemen are captured",
        ),
        (
            Event::GameOver {
                winner: None,
                reason: EndReason::DarkRider(theduke_rules::DarkRiderEnd::RiderTakenByDragon),
                turns: 8,
            },
            "game over after 8 turns: draw: the Dragon took the rider",
        ),
    ];
    for (event, line) in lines {
        assert_eq!(event.to_string(), line);
        assert!(!line.contains('\n'));
        let json = serde_json::to_string(&event).unwrap();
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    }
}
