//! The enhanced tiles and abilities of the base box (rulebook "Enhanced Abilities": Summon
//! I, Divination II; "Enhanced Tiles": the Duchess and the Oracle): the option, scenarios
//! for each condition and effect, what each observer sees of a Divination, perft, and the
//! Expanded generator against the Expanded reference on random games.

mod common;

use common::checked::{legal, legal_into, play};
use common::expanded::{self as reference, model};
use common::{board, p, s};
use duke_core::{Game, GameRng, Observer, Seat};
use theduke_rules::testing::custom_tile_set;
use theduke_rules::{
    Action, Config, ConfigError, CustomTiles, DivinationDraws, DivinationShown, Event, ExpandedDuke, Phase, Piece,
    Readings, Setup, Side, TheDuke, TileKind,
};

const DUCHESS: u8 = 15;
const ORACLE: u8 = 16;
const FOOTMAN: u8 = 1;

fn config(readings: Readings) -> Config {
    {
        let mut config = Config::default();
        config.enhanced_tiles = true;
        config.readings = readings;
        config
    }
}

/// A position of the standard tiles with the enhanced ones, `to_move` to act; `bags` gives
/// each seat's bag by type (default: everything not on the board).
fn game(tiles: &[(&str, Piece)], to_move: u8, readings: Readings, bags: Option<[Vec<u8>; 2]>) -> ExpandedDuke {
    let setup = Setup {
        config: config(readings),
        board: board(tiles),
        bags,
        phase: Phase::Play,
        to_move: Seat(to_move),
        seed: 5,
        ..Setup::default()
    };
    ExpandedDuke::from_setup(&setup).unwrap()
}

#[test]
fn the_enhanced_tiles_go_into_each_bag_with_the_option_only() {
    let set_up = |game: &mut ExpandedDuke| {
        for a in ["duke c1", "footman b1", "footman d1", "duke d6", "footman c6", "footman e6"] {
            play(game, a);
        }
    };
    let with = {
        let mut config = config(Readings::default());
        config.first_player = Some(Seat(0));
        config
    };
    let mut enhanced = ExpandedDuke::new(&with, 1).unwrap();
    set_up(&mut enhanced);
    assert_eq!(enhanced.tile_kinds(), 17);
    assert_eq!(enhanced.tile(TileKind(DUCHESS)).unwrap().name, "Duchess");
    assert_eq!(enhanced.tile(TileKind(ORACLE)).unwrap().name, "Oracle");
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(enhanced.bag_count(seat, TileKind(DUCHESS)), 1);
        assert_eq!(enhanced.bag_count(seat, TileKind(ORACLE)), 1);
    }
    let without = {
        let mut config = with.clone();
        config.enhanced_tiles = false;
        config
    };
    let mut plain = ExpandedDuke::new(&without, 1).unwrap();
    set_up(&mut plain);
    assert_eq!(plain.tile_kinds(), 15);
    // The standard game's own type plays the base box only.
    assert_eq!(TheDuke::new(&with, 1).err(), Some(ConfigError::NeedsExpanded));
    // Drawn and placed like any tile: the Oracle comes out of a bag holding only it.
    let mut only_oracle = vec![0; 17];
    only_oracle[usize::from(ORACLE)] = 1;
    let mut g = game(
        &[("c1", p(0, 0, Side::Start)), ("d6", p(0, 1, Side::Start))],
        0,
        Readings::default(),
        Some([only_oracle.clone(), only_oracle]),
    );
    play(&mut g, "draw");
    assert_eq!(g.phase(), Phase::Place { drawn: TileKind(ORACLE) });
    assert_eq!(legal(&g), ["place b1", "place c2", "place d1"].map(String::from).into());
    play(&mut g, "place c2");
    assert_eq!(g.piece_at(s("c2")), Some(p(ORACLE, 0, Side::Start)));
}

/// P0's Duke on c1 with the Duchess far off on e5 (non-starting side), a Footman on d1; P1's
/// Duke on f6, a Pikeman on a3 whose Move (-1, -1) (P1 faces down) covers b2.
fn summon() -> ExpandedDuke {
    game(
        &[
            ("c1", p(0, 0, Side::Start)),
            ("d1", p(FOOTMAN, 0, Side::Start)),
            ("e5", p(DUCHESS, 0, Side::Back)),
            ("f6", p(0, 1, Side::Start)),
            ("a3", p(2, 1, Side::Back)),
        ],
        0,
        Readings::default(),
        None,
    )
}

#[test]
fn summon_brings_the_tile_beside_the_duke_which_flips() {
    let mut g = summon();
    let actions = legal(&g);
    // Empty squares sharing a side with the Duke: b1 and c2 (d1 is the Footman's).
    assert!(actions.contains("summon e5-b1") && actions.contains("summon e5-c2"), "{actions:?}");
    assert!(!actions.iter().any(|a| a.starts_with("summon e5-d1")), "never onto a tile, never a capture");
    play(&mut g, "summon e5-c2");
    assert_eq!(g.piece_at(s("c2")), Some(p(DUCHESS, 0, Side::Back)), "the Duchess keeps its side");
    assert_eq!(g.piece_at(s("e5")), None);
    assert_eq!(g.piece_at(s("c1")), Some(p(0, 0, Side::Back)), "the Duke flips in place");
    assert_eq!(g.side_to_move(), Seat(1), "a whole turn");
}

#[test]
fn no_summon_without_an_empty_square_beside_the_duke() {
    // The Duke in the corner a1, walled in by its Footmen on a2 and b1.
    let walled = game(
        &[
            ("a1", p(0, 0, Side::Start)),
            ("a2", p(FOOTMAN, 0, Side::Start)),
            ("b1", p(FOOTMAN, 0, Side::Start)),
            ("e4", p(DUCHESS, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
        ],
        0,
        Readings::default(),
        None,
    );
    assert!(!legal(&walled).iter().any(|a| a.starts_with("summon")));
}

#[test]
fn a_summon_that_leaves_the_duke_capturable_is_illegal() {
    // The Duchess on c2 shields the Duke on c1: P1's Knight on c5 (non-starting side) slides
    // forward, down the board, and would reach c1 once c2 empties.
    let g = game(
        &[
            ("c1", p(0, 0, Side::Start)),
            ("c2", p(DUCHESS, 0, Side::Start)),
            ("f6", p(0, 1, Side::Start)),
            ("c5", p(3, 1, Side::Back)),
        ],
        0,
        Readings::default(),
        None,
    );
    let actions = legal(&g);
    // Summoning the Duchess from c2 to b1 or d1 opens the c-file.
    assert!(!actions.contains("summon c2-b1") && !actions.contains("summon c2-d1"), "{actions:?}");
}

/// P0's Oracle on c3 showing its non-starting side; a bag of `bag` Pikemen and Knights.
fn oracle(side: Side, bag: Vec<u8>, readings: Readings) -> ExpandedDuke {
    game(
        &[("c1", p(0, 0, Side::Start)), ("c3", p(ORACLE, 0, side)), ("f6", p(0, 1, Side::Start))],
        0,
        readings,
        Some([bag, vec![0; 17]]),
    )
}

fn bag_of(pikemen: u8, knights: u8) -> Vec<u8> {
    let mut bag = vec![0; 17];
    bag[2] = pikemen;
    bag[3] = knights;
    bag
}

#[test]
fn divination_flips_back_draws_three_keeps_one_and_sends_back_or_destroys_the_rest() {
    let mut g = oracle(Side::Back, bag_of(3, 1), Readings::default());
    assert!(legal(&g).contains("divine c3"));
    play(&mut g, "divine c3");
    assert_eq!(g.piece_at(s("c3")), Some(p(ORACLE, 0, Side::Start)), "flipped back, in its square");
    assert_eq!(g.phase(), Phase::Divine { drawn: 3 });
    let hand = g.divined();
    assert_eq!(hand.len(), 3);
    let bag_left = |g: &ExpandedDuke| g.bag_count(Seat(0), TileKind(2)) + g.bag_count(Seat(0), TileKind(3));
    assert_eq!(bag_left(&g), 1);
    // Keep one: placed by the placement rule (beside the Duke: b1, d1, c2).
    let keep = hand[0];
    let keeps = legal(&g);
    assert!(keeps.contains(&format!("keep {} c2", keep.0)) && keeps.iter().all(|a| a.starts_with("keep")));
    play(&mut g, &format!("keep {} c2", keep.0));
    assert_eq!(g.piece_at(s("c2")), Some(p(keep.0, 0, Side::Start)));
    assert_eq!(g.phase(), Phase::Dismiss { left: 2 });
    // One back to the bag, one destroyed (beside the board as though captured).
    let (back, gone) = (g.divined()[0], g.divined()[1]);
    play(&mut g, &format!("return {}", back.0));
    play(&mut g, &format!("destroy {}", gone.0));
    assert_eq!(g.removed_count(Seat(0), gone), 1);
    assert_eq!(g.captured_count(Seat(0), gone), 0, "destroyed, not captured by the opponent");
    assert_eq!(bag_left(&g), 2);
    assert_eq!((g.phase(), g.side_to_move()), (Phase::Play, Seat(1)), "the turn is over");
    assert!(g.divined().is_empty());
}

#[test]
fn divination_needs_the_non_starting_side_a_bag_and_a_square_to_place() {
    assert!(!legal(&oracle(Side::Start, bag_of(3, 1), Readings::default())).iter().any(|a| a.starts_with("divine")));
    assert!(!legal(&oracle(Side::Back, bag_of(0, 0), Readings::default())).iter().any(|a| a.starts_with("divine")));
    // Fewer than three in the bag: the Divination draws them all (reading 28)...
    let mut two = oracle(Side::Back, bag_of(1, 1), Readings::default());
    play(&mut two, "divine c3");
    assert_eq!(two.phase(), Phase::Divine { drawn: 2 });
    // ...or, read the other way, is not allowed.
    let exactly = {
        let mut readings = Readings::default();
        readings.divination_draws = DivinationDraws::ExactlyThree;
        readings
    };
    assert!(!legal(&oracle(Side::Back, bag_of(1, 1), exactly)).iter().any(|a| a.starts_with("divine")));
    assert!(legal(&oracle(Side::Back, bag_of(2, 1), exactly)).contains("divine c3"));
    // No empty square beside the Duke: no Divination (nothing could be placed).
    let walled = game(
        &[
            ("a1", p(0, 0, Side::Start)),
            ("a2", p(FOOTMAN, 0, Side::Start)),
            ("b1", p(ORACLE, 0, Side::Back)),
            ("f6", p(0, 1, Side::Start)),
        ],
        0,
        Readings::default(),
        Some([bag_of(3, 1), vec![0; 17]]),
    );
    assert!(!legal(&walled).iter().any(|a| a.starts_with("divine")));
}

#[test]
fn the_opponent_sees_the_kept_and_destroyed_tiles_but_not_the_others() {
    let mut g = oracle(Side::Back, bag_of(3, 1), Readings::default());
    let before = g.clone();
    let divine: Action = "divine c3".parse().unwrap();
    play(&mut g, "divine c3");
    let events = |before: &ExpandedDuke, action: Action, after: &ExpandedDuke, observer: Observer| {
        let mut out = Vec::new();
        ExpandedDuke::events(before, Seat(0), action, after, observer, &mut out);
        out
    };
    let own = events(&before, divine, &g, Observer::Seat(Seat(0)));
    let theirs = events(&before, divine, &g, Observer::Seat(Seat(1)));
    assert!(matches!(&own[1], Event::DivinedTiles { tiles, .. } if tiles.len() == 3), "{own:?}");
    assert_eq!(theirs.len(), 1, "the opponent learns only that three tiles came out: {theirs:?}");
    assert_eq!(
        theirs[0],
        Event::Divined {
            seat: Seat(0),
            tile: theduke_rules::NamedTile { kind: TileKind(ORACLE), name: "Oracle".into() },
            square: s("c3"),
            drawn: 3,
        }
    );
    // The views: the diviner sees his hand; the opponent counts it in the bag.
    assert_eq!(g.view(Observer::Seat(Seat(0))).hand, Some(g.divined()));
    let opponent = g.view(Observer::Seat(Seat(1)));
    assert_eq!((opponent.hand.clone(), opponent.hand_size), (None, 3));
    assert_eq!(opponent.bags[0][2] + opponent.bags[0][3], 4);
    // Keep, then return: the kind returned is the diviner's secret.
    let keep: Action = format!("keep {} c2", g.divined()[0].0).parse().unwrap();
    let kept = g.clone();
    play(&mut g, &keep.to_string());
    assert!(events(&kept, keep, &g, Observer::Spectator).iter().any(|e| matches!(e, Event::Kept { .. })));
    let back = Action::Return(g.divined()[0]);
    let notation_for = |o: Observer| g.notation_for(Seat(0), back, o);
    assert!(notation_for(Observer::Seat(Seat(0))).contains(&back.to_string()));
    assert_eq!(notation_for(Observer::Seat(Seat(1))), "P0 puts a divined tile back in the bag");
    assert_eq!(notation_for(Observer::Spectator), "P0 puts a divined tile back in the bag");
}

#[test]
fn with_the_other_reading_of_30_everyone_sees_the_divined_tiles() {
    let shown = {
        let mut readings = Readings::default();
        readings.divination_shown = DivinationShown::Everyone;
        readings
    };
    let mut g = oracle(Side::Back, bag_of(3, 1), shown);
    let before = g.clone();
    let divine: Action = "divine c3".parse().unwrap();
    play(&mut g, "divine c3");
    for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
        let mut events = Vec::new();
        ExpandedDuke::events(&before, Seat(0), divine, &g, observer, &mut events);
        assert!(
            matches!(&events[1], Event::DivinedTiles { tiles, .. } if tiles.len() == 3),
            "{observer:?}: {events:?}"
        );
        let view = g.view(observer);
        assert_eq!((view.hand, view.hand_size), (Some(g.divined()), 3), "{observer:?}");
        assert_eq!(view.bags[0][2] + view.bags[0][3], 1, "{observer:?}: the divined tiles are out of the bag");
    }
    // Nothing is hidden, so determinizing keeps the hand.
    for seed in 0..8 {
        assert_eq!(g.determinize(Seat(1), seed).divined(), g.divined());
    }
    let keep: Action = format!("keep {} c2", g.divined()[0].0).parse().unwrap();
    play(&mut g, &keep.to_string());
    let back = Action::Return(g.divined()[0]);
    assert!(g.notation_for(Seat(0), back, Observer::Seat(Seat(1))).contains(&back.to_string()));
    assert!(g.notation_for(Seat(0), back, Observer::Spectator).contains(&back.to_string()));
}

#[test]
fn perft_with_summon_and_divination_matches_the_reference() {
    let check = |name: &str, g: &ExpandedDuke, expected: &[u64]| {
        for (d, &want) in expected.iter().enumerate() {
            let depth = d as u32 + 1;
            let got = g.perft(depth);
            if depth <= 3 {
                assert_eq!(reference::perft(g, depth), got, "{name}: reference perft({depth})");
            }
            assert_eq!(got, want, "{name} perft({depth})");
        }
    };
    check("summon", &summon(), &[38, 1_515, 40_996]);
    check("divination", &oracle(Side::Back, bag_of(3, 1), Readings::default()), &[41, 201, 3_187]);
}

#[test]
fn the_expanded_generator_matches_the_reference_on_random_games_with_the_enhanced_tiles() {
    let mut rng = GameRng::new(23);
    let mut buf = Vec::new();
    let mut used = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..40u64 {
        let readings = {
            let mut readings = Readings::default();
            readings.divination_draws =
                if seed % 2 == 0 { DivinationDraws::UpToThree } else { DivinationDraws::ExactlyThree };
            readings
        };
        let tiles = (seed % 3 != 0).then(|| CustomTiles::new(custom_tile_set(seed)));
        let config = {
            let mut config = config(readings);
            config.tiles = tiles;
            config.turn_limit = Some(150);
            config
        };
        let mut g = ExpandedDuke::new(&config, seed).unwrap();
        while !g.is_over() {
            legal_into(&g, reference::legal, &mut buf, &format!("seed {seed}"));
            // Favour the abilities and draws so that they are used.
            let ability = buf.iter().copied().filter(|a| !matches!(a, Action::Move { .. })).collect::<Vec<_>>();
            let pool = if !ability.is_empty() && rng.below(2) == 0 { &ability } else { &buf };
            let action = pool[rng.below(pool.len() as u32) as usize];
            let word = action.to_string().split(' ').next().unwrap().to_owned();
            if ["summon", "divine", "keep", "return", "destroy"].contains(&word.as_str()) {
                *used
                    .entry(match word.as_str() {
                        "summon" => "summon",
                        "divine" => "divine",
                        "keep" => "keep",
                        "return" => "return",
                        _ => "destroy",
                    })
                    .or_default() += 1;
            }
            g.apply(g.side_to_move(), action).unwrap();
            assert!(duke_core::Game::validate(&g).is_ok());
            let _ = model(&g);
        }
    }
    for word in ["summon", "divine", "keep", "return", "destroy"] {
        assert!(used.get(word).copied().unwrap_or(0) >= 20, "{used:?}");
    }
}

#[test]
fn every_ability_event_prints_one_line() {
    let named = |kind: u8, name: &str| theduke_rules::NamedTile { kind: TileKind(kind), name: name.into() };
    let lines = [
        (
            Event::Summoned {
                seat: Seat(0),
                tile: named(DUCHESS, "Duchess"),
                from: s("e5"),
                to: s("c2"),
                duke: s("c1"),
                duke_flipped_to: Side::Back,
            },
            "P0 summon e5-c2: the Duke on c1 flips to its non-starting side and summons the Duchess from e5 to c2, \
             which keeps its side",
        ),
        (
            Event::Divined { seat: Seat(1), tile: named(ORACLE, "Oracle"), square: s("c4"), drawn: 3 },
            "P1 divine c4: the Oracle on c4 flips back to its starting side and 3 tiles come out of the bag",
        ),
        (
            Event::DivinedTiles { seat: Seat(1), tiles: vec![named(2, "Pikeman"), named(3, "Knight")] },
            "P1 divined: Pikeman, Knight",
        ),
        (
            Event::Kept { seat: Seat(1), tile: named(3, "Knight"), square: s("d5") },
            "P1 keep 3 d5: places the divined Knight on d5, starting side up",
        ),
        (
            Event::Returned { seat: Seat(1), tile: Some(named(2, "Pikeman")) },
            "P1 return 2: puts the divined Pikeman back in the bag",
        ),
        (Event::Returned { seat: Seat(1), tile: None }, "P1 puts a divined tile back in the bag"),
        (Event::Destroyed { seat: Seat(1), tile: named(2, "Pikeman") }, "P1 destroy 2: destroys the divined Pikeman"),
    ];
    for (event, line) in lines {
        assert_eq!(event.to_string(), line);
        let json = serde_json::to_string(&event).unwrap();
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), event);
    }
}
