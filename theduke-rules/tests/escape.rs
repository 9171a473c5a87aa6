//! Escape (III) and Ransom (IV) (rulebook "Enhanced Abilities"): no tile of the base box
//! carries them, so they are played with custom tiles: the rulebook's Richelieu example,
//! each condition and effect, both instances of Ransom, Guard by Escape, events, perft
//! against the Expanded reference, and random games with the abilities favoured.

mod common;

use std::collections::BTreeSet;

use common::checked::{legal, legal_into, play};
use common::expanded as reference;
use common::{board, p, s};
use duke_core::{Game, GameRng, Seat};
use theduke_rules::testing::custom_tile_set;
use theduke_rules::{
    Ability, Action, Config, CustomTiles, EscapeCost, Event, ExpandedDuke, Icon, IconKind, NamedTile, Phase, Piece,
    RansomTrade, Readings, Setup, Side, TileKind, TileSetSpec, TileSpec,
};

const FOOTMAN: u8 = 1;
const DRAGOON: u8 = 12;
const PORTHOS: u8 = 15;
const MERCHANT: u8 = 16;
const ROGUE: u8 = 17;

fn i(kind: IconKind, dx: i8, dy: i8) -> Icon {
    Icon::new(kind, dx, dy)
}

/// The base box with Richelieu acting as the Duke (Escape; in our words: Move ahead, left
/// and right, Jump two back to either side, Command on the two forward diagonals), Porthos
/// (Strike two ahead), a Merchant (Ransom) and a Rogue (Escape), none with a printed
/// profile in the rulebook.
fn musketeers() -> TileSetSpec {
    use IconKind::{Command as C, Jump as J, Move as M, Strike as X};
    let mut spec = TileSetSpec::standard();
    let richelieu = vec![i(M, 0, 1), i(M, -1, 0), i(M, 1, 0), i(J, -1, -2), i(J, 1, -2), i(C, -1, 1), i(C, 1, 1)];
    spec.tiles[0] = TileSpec {
        name: "Richelieu".into(),
        abbrev: "Ri".into(),
        start: richelieu.clone(),
        back: richelieu,
        abilities: vec![Ability::Escape],
        ..spec.tiles[0].clone()
    };
    let tile = |name: &str, abbrev: &str, icons: Vec<Icon>, ability: Option<Ability>| TileSpec {
        name: name.into(),
        abbrev: abbrev.into(),
        count: 1,
        on_board: 0,
        start: icons.clone(),
        back: icons,
        abilities: ability.into_iter().collect(),
    };
    spec.tiles.push(tile("Porthos", "Po", vec![i(X, 0, 2)], None));
    spec.tiles.push(tile("Merchant", "Me", vec![i(M, 0, 1)], Some(Ability::Ransom)));
    spec.tiles.push(tile("Rogue", "Ro", vec![i(M, 0, 1), i(M, 0, -1)], Some(Ability::Escape)));
    spec
}

/// A position of the Musketeer tiles, `to_move` to act; `bags` per seat (default: every
/// tile not on the board; what is in neither is captured).
fn position(tiles: &[(&str, Piece)], to_move: u8, bags: Option<[Vec<u8>; 2]>) -> ExpandedDuke {
    position_with(Readings::default(), tiles, to_move, bags)
}

/// [`position`] with other readings.
fn position_with(readings: Readings, tiles: &[(&str, Piece)], to_move: u8, bags: Option<[Vec<u8>; 2]>) -> ExpandedDuke {
    let config = {
        let mut config = Config::default();
        config.tiles = Some(CustomTiles::new(musketeers()));
        config.readings = readings;
        config
    };
    let setup = Setup {
        config,
        board: board(tiles),
        bags,
        phase: Phase::Play,
        to_move: Seat(to_move),
        seed: 3,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

/// Every tile of a seat's bag but those listed (by type), so the others are captured.
fn bag_without(missing: &[u8]) -> Vec<u8> {
    let spec = musketeers();
    (0..spec.tiles.len() as u8)
        .map(|k| if missing.contains(&k) || k < 2 { 0 } else { spec.tiles[usize::from(k)].count })
        .collect()
}

/// The rulebook's Richelieu example: Richelieu (acting as the Duke) on c1, starting side up,
/// a Footman on d1; P1's Dragoon on b3 (non-starting side) jumps to c1 and moves to b1,
/// Porthos on c4 strikes c2.
fn richelieu() -> ExpandedDuke {
    position(
        &[
            ("c1", p(0, 0, Side::Start)),
            ("d1", p(FOOTMAN, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
            ("b3", p(DRAGOON, 1, Side::Back)),
            ("c4", p(PORTHOS, 1, Side::Start)),
        ],
        0,
        None,
    )
}

#[test]
fn richelieu_escapes_by_sacrificing_the_footman_and_taking_its_square() {
    let mut game = richelieu();
    assert!(game.in_guard(Seat(0)), "Richelieu is under Guard from the Dragoon");
    // Nothing else saves him: not his Jumps (off the board), his Command (no tile to move),
    // his Moves (c2 to Porthos, b1 still to the Dragoon, d1 his own Footman), nor a draw.
    assert_eq!(legal(&game), BTreeSet::from(["escape c1-d1 sacrifice d1".to_owned()]));
    let events = play(&mut game, "escape c1-d1 sacrifice d1");
    assert_eq!(game.piece_at(s("d1")), Some(p(0, 0, Side::Start)), "he takes the Footman's place, starting side up");
    assert_eq!(game.piece_at(s("c1")), None);
    assert_eq!(game.removed_count(Seat(0), TileKind(FOOTMAN)), 1, "placed on the side as though captured");
    assert_eq!(game.captured_count(Seat(0), TileKind(FOOTMAN)), 0);
    assert!(!game.is_over() && !game.in_guard(Seat(0)), "Richelieu lives another turn");
    let named = |k: u8, n: &str| NamedTile { kind: TileKind(k), name: n.into() };
    assert_eq!(
        events,
        [
            Event::Escaped {
                seat: Seat(0),
                tile: named(0, "Richelieu"),
                from: s("c1"),
                to: s("d1"),
                cost: EscapeCost::sacrifice(s("d1")),
            },
            Event::Sacrificed { seat: Seat(0), tile: named(FOOTMAN, "Footman"), square: s("d1") },
        ]
    );
}

#[test]
fn an_escape_captures_an_enemy_on_a_starting_square_and_reverts_to_the_starting_side() {
    // The Rogue on e3 (non-starting side) with a Footman beside it; P1's Footman on d1.
    let mut game = position(
        &[
            ("a1", p(0, 0, Side::Start)),
            ("e3", p(ROGUE, 0, Side::Back)),
            ("e2", p(FOOTMAN, 0, Side::Start)),
            ("c1", p(FOOTMAN, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
            ("d1", p(FOOTMAN, 1, Side::Start)),
        ],
        0,
        None,
    );
    let actions = legal(&game);
    // c1 holds a friend and d1 an enemy: only d1, capturing.
    assert!(actions.contains("escape e3-d1 sacrifice e2"), "{actions:?}");
    assert!(!actions.iter().any(|a| a.starts_with("escape e3-c1")), "{actions:?}");
    let events = play(&mut game, "escape e3-d1 sacrifice e2");
    assert_eq!(game.piece_at(s("d1")), Some(p(ROGUE, 0, Side::Start)));
    assert_eq!(game.captured_count(Seat(1), TileKind(FOOTMAN)), 1);
    assert_eq!(game.removed_count(Seat(0), TileKind(FOOTMAN)), 1);
    assert!(events.iter().any(|e| matches!(e, Event::Captured { square, .. } if *square == s("d1"))), "{events:?}");
}

#[test]
fn with_both_starting_squares_friendly_the_escape_sacrifices_the_one_it_lands_on() {
    let mut game = position(
        &[
            ("a1", p(0, 0, Side::Start)),
            ("e3", p(ROGUE, 0, Side::Start)),
            ("e2", p(FOOTMAN, 0, Side::Start)),
            ("c1", p(FOOTMAN, 0, Side::Start)),
            ("d1", p(2, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
        ],
        0,
        None,
    );
    let actions = legal(&game);
    assert!(actions.contains("escape e3-c1 sacrifice e2") && actions.contains("escape e3-d1 sacrifice e2"));
    play(&mut game, "escape e3-d1 sacrifice e2");
    assert_eq!(game.removed_count(Seat(0), TileKind(2)), 1, "the Pikeman on d1 is sacrificed");
    assert_eq!(game.removed_count(Seat(0), TileKind(FOOTMAN)), 1, "and the Footman on e2");
    // The Duke on a starting square is never sacrificed: only the other square remains.
    let duke_home = position(
        &[
            ("c1", p(0, 0, Side::Start)),
            ("e3", p(ROGUE, 0, Side::Start)),
            ("e2", p(FOOTMAN, 0, Side::Start)),
            ("d1", p(2, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
        ],
        0,
        None,
    );
    let actions = legal(&duke_home);
    assert!(actions.contains("escape e3-d1 sacrifice e2") && !actions.contains("escape e3-c1 sacrifice e2"));
}

#[test]
fn ransom_in_place_of_a_sacrifice_gives_the_captured_tile_back_to_its_owners_bag() {
    // P0 captured P1's Merchant (Ransom); P0's Rogue has no tile beside it.
    let mut game = position(
        &[("a1", p(0, 0, Side::Start)), ("e3", p(ROGUE, 0, Side::Start)), ("f6", p(0, 1, Side::Start))],
        0,
        Some([bag_without(&[ROGUE]), bag_without(&[MERCHANT])]),
    );
    assert_eq!(game.captured_count(Seat(1), TileKind(MERCHANT)), 1);
    let actions = legal(&game);
    assert!(actions.contains("escape e3-c1 ransom 16") && actions.contains("escape e3-d1 ransom 16"), "{actions:?}");
    let events = play(&mut game, "escape e3-c1 ransom 16");
    assert_eq!(game.captured_count(Seat(1), TileKind(MERCHANT)), 0);
    assert_eq!(game.bag_count(Seat(1), TileKind(MERCHANT)), 1, "placed back in his bag");
    assert_eq!(game.piece_at(s("c1")), Some(p(ROGUE, 0, Side::Start)));
    assert!(events.iter().any(|e| matches!(e, Event::GivenBack { owner: Seat(1), .. })), "{events:?}");
}

#[test]
fn ransom_trades_a_captured_ransom_tile_for_an_own_captured_escape_tile() {
    // P0 captured P1's Merchant; P1 captured P0's Rogue.
    let mut game = position(
        &[("a1", p(0, 0, Side::Start)), ("f6", p(0, 1, Side::Start))],
        0,
        Some([bag_without(&[ROGUE]), bag_without(&[MERCHANT])]),
    );
    assert_eq!(game.captured_count(Seat(0), TileKind(ROGUE)), 1);
    let actions = legal(&game);
    assert!(actions.contains("ransom 16 for 17 c1") && actions.contains("ransom 16 for 17 d1"), "{actions:?}");
    play(&mut game, "ransom 16 for 17 d1");
    assert_eq!(game.piece_at(s("d1")), Some(p(ROGUE, 0, Side::Start)), "placed as though it just escaped");
    assert_eq!(game.captured_count(Seat(0), TileKind(ROGUE)), 0);
    assert_eq!(game.captured_count(Seat(1), TileKind(MERCHANT)), 0);
    assert_eq!(game.bag_count(Seat(1), TileKind(MERCHANT)), 1);
    // Without a captured Ransom tile there is nothing to trade.
    let none = position(
        &[("a1", p(0, 0, Side::Start)), ("f6", p(0, 1, Side::Start))],
        0,
        Some([bag_without(&[ROGUE]), bag_without(&[])]),
    );
    assert!(!legal(&none).iter().any(|a| a.starts_with("ransom") || a.starts_with("escape")));
}

#[test]
fn a_ransom_trade_takes_back_an_escape_tile_or_with_the_other_reading_any_tile() {
    // P0 holds P1's Merchant; P1 captured P0's Porthos (no Escape) and, not on the board,
    // its two Footmen. P0's Rogue (Escape) is in its bag.
    let tiles = [("a1", p(0, 0, Side::Start)), ("f6", p(0, 1, Side::Start))];
    let bags = [bag_without(&[PORTHOS]), bag_without(&[MERCHANT])];
    let escape_only = position(&tiles, 0, Some(bags.clone()));
    assert_eq!(escape_only.captured_count(Seat(0), TileKind(PORTHOS)), 1);
    assert!(!legal(&escape_only).iter().any(|a| a.starts_with("ransom")), "reading 35: only an Escape tile comes back");
    let any = {
        let mut readings = Readings::default();
        readings.ransom_trade = RansomTrade::AnyTile;
        readings
    };
    let mut game = position_with(any, &tiles, 0, Some(bags));
    let trades: BTreeSet<String> = legal(&game).into_iter().filter(|a| a.starts_with("ransom")).collect();
    let expected = ["ransom 16 for 1 c1", "ransom 16 for 1 d1", "ransom 16 for 15 c1", "ransom 16 for 15 d1"];
    assert_eq!(trades, expected.iter().map(|a| (*a).to_owned()).collect::<BTreeSet<_>>());
    play(&mut game, "ransom 16 for 15 d1");
    assert_eq!(game.piece_at(s("d1")), Some(p(PORTHOS, 0, Side::Start)), "placed as though it just escaped");
    assert_eq!(game.captured_count(Seat(0), TileKind(PORTHOS)), 0);
    assert_eq!(game.captured_count(Seat(1), TileKind(MERCHANT)), 0);
    assert_eq!(game.bag_count(Seat(1), TileKind(MERCHANT)), 1);
}

#[test]
fn an_escape_that_could_take_the_duke_is_guard() {
    // P1's Duke stands on d1, a starting square of P0, whose Rogue can pay for an Escape.
    let game = position(
        &[
            ("a3", p(0, 0, Side::Start)),
            ("e4", p(ROGUE, 0, Side::Start)),
            ("e5", p(FOOTMAN, 0, Side::Start)),
            ("d1", p(0, 1, Side::Start)),
        ],
        1,
        None,
    );
    assert!(game.in_guard(Seat(1)));
    // P1 must get his Duke off d1 (or block nothing: Escape cannot be blocked).
    assert!(legal(&game).iter().all(|a| a.starts_with("d1-")), "{:?}", legal(&game));
}

#[test]
fn perft_with_escape_and_ransom_matches_the_reference() {
    let check = |name: &str, game: &ExpandedDuke, expected: &[u64]| {
        for (d, &want) in expected.iter().enumerate() {
            let depth = d as u32 + 1;
            let got = game.perft(depth);
            if depth <= 3 {
                assert_eq!(reference::perft(game, depth), got, "{name}: reference perft({depth})");
            }
            assert_eq!(got, want, "{name} perft({depth})");
        }
    };
    check("richelieu", &richelieu(), &[1, 37, 1_912]);
    let ransom_with = |readings| {
        position_with(
            readings,
            &[
                ("a1", p(0, 0, Side::Start)),
                ("e3", p(ROGUE, 1, Side::Start)),
                ("e4", p(FOOTMAN, 1, Side::Start)),
                ("f6", p(0, 1, Side::Start)),
                ("c5", p(MERCHANT, 0, Side::Start)),
            ],
            0,
            Some([bag_without(&[ROGUE, MERCHANT]), bag_without(&[MERCHANT, ROGUE])]),
        )
    };
    let ransom = ransom_with(Readings::default());
    assert!(legal(&ransom).contains("ransom 16 for 17 c1"));
    check("ransom", &ransom, &[35, 1_267, 35_254]);
    // The other reading of 35: the Footmen (off the board, so captured) come back too.
    let ransom_any = ransom_with({
        let mut readings = Readings::default();
        readings.ransom_trade = RansomTrade::AnyTile;
        readings
    });
    assert!(legal(&ransom_any).contains("ransom 16 for 1 d1"));
    check("ransom, any tile", &ransom_any, &[37, 1_343, 40_066]);
}

#[test]
fn the_expanded_generator_matches_the_reference_on_random_games_with_escape_and_ransom() {
    let mut rng = GameRng::new(41);
    let mut buf = Vec::new();
    let (mut escapes, mut ransoms, mut with_ransom_cost) = (0, 0, 0);
    for seed in 0..60u64 {
        let config = {
            let mut config = Config::default();
            config.tiles = Some(CustomTiles::new(custom_tile_set(seed)));
            config.turn_limit = Some(200);
            config
        };
        let mut game = ExpandedDuke::new(&config, seed).unwrap();
        while !game.is_over() {
            legal_into(&game, reference::legal, &mut buf, &format!("seed {seed}"));
            // Captures and the abilities favoured: captured Ransom and Escape tiles arise.
            let favoured: Vec<Action> = buf
                .iter()
                .copied()
                .filter(|a| match *a {
                    Action::Escape { .. } | Action::Ransom { .. } => true,
                    Action::Move { to, .. } | Action::Strike { target: to, .. } | Action::Command { to, .. } => {
                        game.piece_at(to).is_some_and(|p| p.owner != game.side_to_move())
                    }
                    _ => false,
                })
                .collect();
            let pool = if !favoured.is_empty() && rng.below(3) != 0 { &favoured } else { &buf };
            let action = pool[rng.below(pool.len() as u32) as usize];
            match action {
                Action::Escape { cost, .. } => {
                    escapes += 1;
                    with_ransom_cost += usize::from(cost.ransomed().is_some());
                }
                Action::Ransom { .. } => ransoms += 1,
                _ => {}
            }
            game.apply(game.side_to_move(), action).unwrap();
        }
    }
    assert!(escapes >= 30 && with_ransom_cost >= 3 && ransoms >= 3, "{escapes} {with_ransom_cost} {ransoms}");
}

#[test]
fn every_escape_and_ransom_event_prints_one_line() {
    let named = |k: u8, n: &str| NamedTile { kind: TileKind(k), name: n.into() };
    let lines = [
        (
            Event::Escaped {
                seat: Seat(0),
                tile: named(0, "Richelieu"),
                from: s("c1"),
                to: s("d1"),
                cost: EscapeCost::sacrifice(s("d1")),
            },
            "P0 escape c1-d1 sacrifice d1: the Richelieu escapes from c1 to d1, starting side up",
        ),
        (
            Event::Ransomed {
                seat: Seat(0),
                given: named(MERCHANT, "Merchant"),
                taken: named(ROGUE, "Rogue"),
                to: s("d1"),
            },
            "P0 ransom 16 for 17 d1: trades the captured Merchant for its own Rogue, which returns on d1, starting side up",
        ),
        (
            Event::Sacrificed { seat: Seat(0), tile: named(FOOTMAN, "Footman"), square: s("d1") },
            "P0 sacrifices its Footman on d1",
        ),
        (
            Event::GivenBack { by: Seat(0), owner: Seat(1), tile: named(MERCHANT, "Merchant") },
            "P0 gives P1's Merchant back: it goes into P1's bag",
        ),
    ];
    for (event, line) in lines {
        assert_eq!(event.to_string(), line);
        let json = serde_json::to_string(&event).unwrap();
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    }
}
