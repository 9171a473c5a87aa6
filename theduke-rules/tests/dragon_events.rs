//! Events of the Dragon (rulebook "Terrain Tiles", "Dragon Tile"): its in-between turns and
//! the enragings follow the player's action, and, the Dragon being on the board for all to
//! see, every observer witnesses them alike.

mod common;

use common::{p, s};
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::{
    Action, Config, Dragon, Event, ExpandedDuke, Facing, NamedTile, Phase, Piece, Setup, Side, Terrain, TerrainOptions,
    TileKind,
};

const DUKE: u8 = 0;
const FOOTMAN: u8 = 1;

const OBSERVERS: [Observer; 3] = [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator];

fn tile(kind: u8) -> NamedTile {
    let name = theduke_rules::STANDARD_TILES[kind as usize].name.to_owned();
    NamedTile { kind: TileKind(kind), name }
}

/// Expanded play with the Dragon `dragon` on the board (Dukes a1 and f6, a P0 Footman on a2
/// for a quiet move, and `tiles`), P0 to act.
fn dragon_position(dragon: Dragon, tiles: &[(&str, Piece)]) -> ExpandedDuke {
    let mut all =
        vec![("a1", p(DUKE, 0, Side::Start)), ("a2", p(FOOTMAN, 0, Side::Start)), ("f6", p(DUKE, 1, Side::Start))];
    all.extend_from_slice(tiles);
    let config = {
        let mut config = Config::default();
        config.terrain = TerrainOptions { dragon: true, ..TerrainOptions::default() };
        config
    };
    let terrain = Terrain { dragon: Some(dragon), ..Terrain::default() };
    ExpandedDuke::from_setup(&Setup { config, terrain, ..common::in_play(&all, 0) }).unwrap()
}

/// Applies `text` for `seat` and returns the state after and the events, checking first
/// that every observer witnessed the same events.
fn expanded_step(state: &ExpandedDuke, seat: u8, text: &str) -> (ExpandedDuke, Vec<Event>) {
    let action: Action = text.parse().unwrap();
    let mut after = state.clone();
    after.apply(Seat(seat), action).unwrap();
    let mut seen = Vec::new();
    let mut first = Vec::new();
    ExpandedDuke::events(state, Seat(seat), action, &after, Observer::Spectator, &mut first);
    for observer in OBSERVERS {
        ExpandedDuke::events(state, Seat(seat), action, &after, observer, &mut seen);
        assert_eq!(seen, first, "{observer:?} sees what everyone sees");
    }
    (after, first)
}

#[test]
fn the_dragons_in_between_turn_follows_the_players_action_for_everyone_to_see() {
    // Calm, facing east from c3: its Move two squares ahead reaches P1's Footman on e3.
    let calm = Dragon { square: s("c3"), facing: Facing::East, enraged: false, turning: false };
    let game = dragon_position(calm, &[("e3", p(FOOTMAN, 1, Side::Start))]);
    let (after, events) = expanded_step(&game, 0, "a2-b2");
    let moved = Dragon { square: s("e3"), ..calm };
    assert_eq!(after.dragon(), Some(moved));
    assert_eq!(
        events,
        [
            Event::Moved { seat: Seat(0), tile: tile(FOOTMAN), from: s("a2"), to: s("b2"), flipped_to: Side::Back },
            Event::DragonTook { owner: Seat(1), tile: tile(FOOTMAN), square: s("e3") },
            Event::DragonTurn { dragon: moved },
        ]
    );
    let lines: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(lines[1], "the Dragon takes P1's Footman on e3");
    assert_eq!(lines[2], "the Dragon stands on e3, calm, facing East");
    // Nothing in reach: the Dragon stays as it was, and no Dragon event is shown.
    let (_, events) = expanded_step(&after, 1, "f6-e6");
    assert!(events.iter().all(|e| !matches!(e, Event::DragonTook { .. } | Event::DragonTurn { .. })), "{events:?}");
}

#[test]
fn an_enraging_is_announced_then_the_dragon_where_it_was_pushed() {
    // P0's Duke on a1 slides east onto the calm Dragon on c1 and pushes it to d1.
    let calm = Dragon { square: s("c1"), facing: Facing::East, enraged: false, turning: false };
    let game = dragon_position(calm, &[]);
    let (after, events) = expanded_step(&game, 0, "enrage a1-c1 north");
    let enraged = Dragon { square: s("d1"), facing: Facing::North, enraged: true, turning: false };
    assert_eq!(after.dragon(), Some(enraged));
    assert_eq!(
        events[0],
        Event::Enraged { seat: Seat(0), tile: tile(DUKE), from: s("a1"), to: s("c1"), aim: Some(Facing::North) }
    );
    assert!(events.contains(&Event::DragonTurn { dragon: enraged }), "{events:?}");
    assert_eq!(events[0].to_string(), "P0 enrage a1-c1 north: the Duke slides onto the Dragon, pushing it");
    assert_eq!(Event::DragonTurn { dragon: enraged }.to_string(), "the Dragon stands on d1, enraged, facing North");
    let turning = Dragon { turning: true, ..calm };
    assert_eq!(
        Event::DragonTurn { dragon: turning }.to_string(),
        "the Dragon stands on c1, calm, facing East, at the edge: it turns about next"
    );
    assert!(!events.iter().any(|e| e.to_string().contains('\n')));
}

/// The Dragon's square, facing, side and taken tiles are on the board: for every action of
/// random games with it, each observer (either seat, a spectator) witnesses the same Dragon
/// events, the same notation, and a view holding the same Dragon; the events agree with the
/// state they lead to.
#[test]
fn what_each_seat_sees_of_the_dragon_is_the_same() {
    let mut legal = Vec::new();
    let mut seen = Vec::new();
    let mut spectator = Vec::new();
    let (mut turns, mut took, mut enraged) = (0, 0, 0);
    for seed in 0..30u64 {
        let config = {
            let mut config = Config::default();
            config.terrain = TerrainOptions { mountain: seed % 2 == 0, fort: seed % 3 == 0, dragon: true };
            config.turn_limit = Some(150);
            config
        };
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed);
        while !game.is_over() {
            let seat = game.side_to_move();
            game.legal_actions(seat, &mut legal);
            // Enrage when it can, one time in two (uniform play rarely does).
            let enrage = legal.iter().copied().find(|a| matches!(a, Action::Enrage { .. }));
            let action = match enrage {
                Some(a) if rng.below(2) == 0 => a,
                _ => legal[rng.below(legal.len() as u32) as usize],
            };
            let mut after = game.clone();
            after.apply(seat, action).unwrap();
            ExpandedDuke::events(&game, seat, action, &after, Observer::Spectator, &mut spectator);
            let dragon_events = |events: &[Event]| -> Vec<Event> {
                events
                    .iter()
                    .filter(|e| {
                        matches!(e, Event::DragonTurn { .. } | Event::DragonTook { .. } | Event::Enraged { .. })
                    })
                    .cloned()
                    .collect()
            };
            for observer in OBSERVERS {
                ExpandedDuke::events(&game, seat, action, &after, observer, &mut seen);
                assert_eq!(dragon_events(&seen), dragon_events(&spectator), "{observer:?} after {action}");
                assert_eq!(after.view(observer).terrain.dragon, after.dragon(), "{observer:?} sees the Dragon");
                if matches!(action, Action::Enrage { .. }) {
                    let line = game.notation_for(seat, action, observer);
                    assert_eq!(line, game.notation_for(seat, action, Observer::Spectator));
                    assert!(line.contains(&action.to_string()), "{line:?} holds {action} in full");
                }
            }
            for e in &spectator {
                match e {
                    Event::DragonTurn { dragon } => {
                        assert_eq!(Some(*dragon), after.dragon());
                        turns += 1;
                    }
                    Event::DragonTook { square, .. } => {
                        assert!(after.piece_at(*square).is_none(), "{action}: the Dragon took the tile on {square}");
                        took += 1;
                    }
                    Event::Enraged { .. } => enraged += 1,
                    _ => {}
                }
            }
            if game.phase() == Phase::Play && after.dragon() != game.dragon() && !after.is_over() {
                assert!(spectator.iter().any(|e| matches!(e, Event::DragonTurn { .. })), "{action}: {spectator:?}");
            }
            game = after;
        }
    }
    assert!(turns > 100 && took > 20 && enraged > 10, "{turns} Dragon turns, {took} taken, {enraged} enragings");
}
