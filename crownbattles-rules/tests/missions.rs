//! Missions and Blind Missions (rulebook "Missions", "Blind Missions"): the printed
//! missions and their tables, the printed example's cell, dealing, choosing, revealing and
//! scoring, with the readings of RULES.md (readings 37 and 38).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

mod common;

use common::*;
use crownbattles_rules::{
    Condition, Config, ConfigError, CrownBattles, Event, Mission, MissionCard, MissionCatalogue, MissionError,
    MissionReveal, MissionRules, MissionsSetup, Phase, RoundType, RoundTypes, Schedule, Setup, Trump,
};
use duke_core::{Game, Observer, Seat};

/// Ids of the printed missions in the default catalogue (the rulebook's order).
const TRUMP: u8 = 0;
const ZERO_OR_ONE: u8 = 1;
const NONE_OF_FIRST: u8 = 2;
const AT_LEAST_4: u8 = 3;

fn missions(players: u8, cards: &[u8], round_type: RoundType, reveal: MissionReveal) -> Config {
    let mut config = config(players, cards, &[]);
    config.round_types = RoundTypes::Every(round_type);
    config.missions.reveal = reveal;
    config
}

/// The four tables as printed in "Missions" (rows 2, 3, 4, 5, 6, 7-8; columns 1-2 … 17-20).
const PRINTED: [(u8, [&str; 6]); 4] = [
    (
        TRUMP,
        [
            "0 5 10 10 10 10 10",
            "5 10 15 15 15 15 15",
            "10 15 20 20 20 20 -",
            "15 20 25 25 25 - -",
            "20 25 30 30 30 - -",
            "30 35 40 40 - - -",
        ],
    ),
    (
        ZERO_OR_ONE,
        [
            "5 15 35 65 100 140 190",
            "0 5 10 30 50 75 100",
            "0 0 5 10 25 45 -",
            "0 0 5 10 - - -",
            "0 0 5 5 - - -",
            "0 0 0 0 - - -",
        ],
    ),
    (
        NONE_OF_FIRST,
        ["5 0 0 0 0 0 0", "0 0 0 0 0 0 0", "0 0 0 0 0 0 -", "0 0 0 0 0 - -", "0 0 0 0 0 - -", "0 0 0 0 - - -"],
    ),
    (
        AT_LEAST_4,
        [
            "- 30 20 5 0 0 0",
            "- 40 30 20 5 0 0",
            "- 45 35 25 15 5 -",
            "- 55 45 30 20 - -",
            "- 60 50 30 25 - -",
            "- 75 65 45 - - -",
        ],
    ),
];

/// Every cell of the four printed tables, for every player count and every number of
/// cards in each column.
#[test]
fn the_default_catalogue_holds_the_four_printed_tables() {
    let catalogue = MissionCatalogue::default();
    assert_eq!(catalogue.len(), 4);
    let conditions: Vec<Condition> = catalogue.iter().map(|m| m.condition).collect();
    assert_eq!(
        conditions,
        vec![Condition::TrumpTrick, Condition::Between(0, 1), Condition::NoneOfFirst(1), Condition::AtLeast(4)]
    );
    let columns: [&[u8]; 7] =
        [&[1, 2], &[3, 4], &[5, 6, 7], &[8, 9, 10], &[11, 12, 13], &[14, 15, 16], &[17, 18, 19, 20]];
    for (id, rows) in PRINTED {
        let mission = catalogue.get(id).unwrap();
        for (r, row) in rows.iter().enumerate() {
            let players: &[u8] = if r == 5 { &[7, 8] } else { &[r as u8 + 2] };
            for (cell, dealt) in row.split_whitespace().zip(columns) {
                let want = if cell == "-" { None } else { Some(cell.parse::<i32>().unwrap()) };
                for &p in players {
                    for &d in dealt {
                        assert_eq!(mission.points.points(p, d), want, "mission {id}, {p} players, {d} cards");
                    }
                }
            }
        }
        assert_eq!(mission.points.points(4, 21), None, "beyond the table");
    }
    assert_eq!(
        conditions.iter().map(ToString::to_string).collect::<Vec<_>>(),
        [
            "win a trick using a trump suit",
            "win either 0 or 1 tricks",
            "win none of the first 1 trick",
            "win at least 4 tricks"
        ]
    );
}

/// "For a 4-player game and on a round where each is dealt 6 cards, check this cell to find
/// the points that can be won (4, 5-7)": the printed missions pay 20, 5, 0 and 35 there.
#[test]
fn the_printed_example_cell_four_players_six_cards() {
    let catalogue = MissionCatalogue::default();
    let cell: Vec<Option<i32>> = catalogue.iter().map(|m| m.points.points(4, 6)).collect();
    assert_eq!(cell, vec![Some(20), Some(5), Some(0), Some(35)]);
}

/// The printed example's cell (4 players, 6 cards each) in a round of our own, from its
/// last trick (which missions are met is our scenario, not the rulebook's). P0 met "win a
/// trick using a trump suit" (20 points in the (4, 5-7) cell); P1 failed "win either 0 or 1
/// tricks" (−20); P2 met "win none of the first 1 trick", worth 0 there ("Some missions
/// offer 0 points … Choosing these missions can be a better strategy than failing and
/// losing 20 points"); P3 failed "win at least 4 tricks" (−20).
#[test]
fn the_example_round_scores_the_cell_for_a_met_mission_and_minus_20_for_a_failed_one() {
    let mut game = start(&example_round());
    assert_eq!(game.view(Observer::Spectator).missions, vec![Some(0), Some(1), Some(2), Some(3)]);
    steps(&mut game, &["P0 play R13", "P1 play G1", "P2 play G2"]);
    let events = seen(&mut game, "P3 play G3", Observer::Spectator);
    assert!(
        events.contains(&"round 1 ends: P0 mission met took 2 +20 = 20; P1 mission missed took 2 -20 = -20; P2 mission met took 1 +0 = 0; P3 mission missed took 1 -20 = -20".to_owned()),
        "{events:?}"
    );
    assert_eq!(game.running_scores(), vec![20, -20, 0, -20]);
}

/// Issue #26 item 6: a missions round's score says whether each mission was met or
/// missed (a met mission worth 0 points, P2's, is told apart from a missed one), for every
/// observer, in the event and in its JSON; a seat without a mission has none.
#[test]
fn a_missions_rounds_score_says_whether_each_mission_was_met() {
    let mut game = start(&example_round());
    steps(&mut game, &["P0 play R13", "P1 play G1", "P2 play G2"]);
    for observer in [Observer::Spectator, Observer::Seat(Seat(2))] {
        let events = step_events(&mut game.clone(), "P3 play G3", observer);
        let scored = events.iter().find(|e| matches!(e, Event::RoundScored { .. })).unwrap();
        let Event::RoundScored { missions, points, .. } = scored else { unreachable!() };
        assert_eq!(missions, &vec![Some(true), Some(false), Some(true), Some(false)]);
        assert_eq!(points, &vec![20, -20, 0, -20]);
        let json = serde_json::to_string(scored).unwrap();
        assert!(json.contains(r#""missions":[true,false,true,false]"#), "{json}");
        assert_eq!(&serde_json::from_str::<Event>(&json).unwrap(), scored);
    }
    // A seat without a mission (as when none was feasible for it) says so, and scores 0.
    let mut setup = example_round();
    setup.missions.chosen = vec![Some(TRUMP), None, Some(NONE_OF_FIRST), Some(AT_LEAST_4)];
    let mut game = start(&setup);
    steps(&mut game, &["P0 play R13", "P1 play G1", "P2 play G2"]);
    let events = seen(&mut game, "P3 play G3", Observer::Spectator);
    assert!(events.iter().any(|e| e.contains("P1 no mission took 2 +0 = 0")), "{events:?}");
}

/// The rulebook's example round ("Missions": 4 players, 6 cards, red trump), its last
/// trick to play.
fn example_round() -> Setup {
    let config = missions(4, &[6], RoundType::Missions, MissionReveal::InTurn);
    Setup {
        played: cards("R1 R2 R3 R4 R5 R6 R7 R8 G4 G5 G6 G7 G8 G9 G10 G11 B1 B2 B3 B4"),
        tricks: vec![1, 2, 1, 1],
        missions: MissionsSetup {
            chosen: vec![Some(TRUMP), Some(ZERO_OR_ONE), Some(NONE_OF_FIRST), Some(AT_LEAST_4)],
            first_wins: vec![Some(3), Some(0), Some(1), Some(2)],
            ..MissionsSetup::default()
        },
        ..table(&config, Trump::Suit("R".parse().unwrap()), &["R13", "G1", "G2", "G3"])
    }
}

/// "If a mission is undoable in a particular round, draw another one": with 3 cards and no
/// trump, "win at least 4 tricks" and "win a trick using a trump suit" are never dealt;
/// with fewer than five feasible missions every player is offered all of them.
#[test]
fn impossible_missions_are_never_dealt_and_a_small_catalogue_offers_all_it_can() {
    let mut config = missions(3, &[3], RoundType::Missions, MissionReveal::InTurn);
    config.spinner = [0, 0, 0, 0, 1, 0];
    for seed in 0..20 {
        let game = CrownBattles::new(&config, seed).unwrap();
        assert_eq!(phase(&game), Phase::Missions);
        for s in 0..3 {
            let view = game.view(Observer::Seat(Seat(s)));
            assert_eq!(view.offered, vec![ZERO_OR_ONE, NONE_OF_FIRST], "seed {seed}, P{s}");
        }
    }
    // With a trump and 4 cards, all four printed missions are offered.
    config.spinner = [1, 0, 0, 0, 0, 0];
    config.schedule = Schedule::new(&[4]).unwrap();
    let game = CrownBattles::new(&config, 3).unwrap();
    assert_eq!(game.view(Observer::Seat(Seat(1))).offered, vec![TRUMP, ZERO_OR_ONE, NONE_OF_FIRST, AT_LEAST_4]);
}

fn mission(condition: Condition, points: u16) -> Mission {
    let row = [Some(points); 7];
    Mission { condition, points: crownbattles_rules::PointTable::new([row; 6]).unwrap() }
}

/// "If you draw a duplicated mission, switch it for a different one from the deck": a
/// catalogue listing a condition twice never offers both; five of the rest are dealt.
#[test]
fn duplicates_are_switched_and_five_are_offered() {
    let list = [
        mission(Condition::AtLeast(1), 10),
        mission(Condition::AtLeast(1), 15),
        mission(Condition::Between(0, 0), 10),
        mission(Condition::Between(1, 1), 10),
        mission(Condition::Between(2, 2), 10),
        mission(Condition::NoneOfFirst(2), 10),
        mission(Condition::AtLeast(2), 10),
    ];
    let mut config = missions(4, &[4], RoundType::Missions, MissionReveal::InTurn);
    config.spinner = [1, 1, 1, 1, 1, 0];
    config.missions.catalogue = MissionCatalogue::new(&list).unwrap();
    let mut seen_offers = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let game = CrownBattles::new(&config, seed).unwrap();
        for s in 0..4 {
            let offered = game.view(Observer::Seat(Seat(s))).offered;
            assert_eq!(offered.len(), 5, "seed {seed}");
            assert!(!(offered.contains(&0) && offered.contains(&1)), "a duplicate dealt: {offered:?}");
            seen_offers.insert(offered);
        }
    }
    assert!(seen_offers.len() > 5, "offers are drawn at random: {seen_offers:?}");
}

/// Reading 38, the option `MissionReveal::InTurn`: one by one from the dealer's left, each
/// choice shown at once; a
/// shield may be bought first, as before a bid.
#[test]
fn in_turn_players_choose_from_the_dealers_left_and_reveal_at_once() {
    let mut config = missions(3, &[2], RoundType::Missions, MissionReveal::InTurn);
    config.spinner = [1, 0, 0, 0, 0, 0];
    let mut game = start(&Setup {
        scores: vec![30, 0, 0],
        missions: MissionsSetup {
            offered: vec![vec![TRUMP, ZERO_OR_ONE], vec![ZERO_OR_ONE, NONE_OF_FIRST], vec![TRUMP, NONE_OF_FIRST]],
            ..MissionsSetup::default()
        },
        ..table(&config, Trump::Suit("R".parse().unwrap()), &["R13 R12", "G1 G2", "B1 B2"])
    });
    assert_eq!(game.to_act().iter().collect::<Vec<_>>(), vec![Seat(0)]);
    assert_eq!(legal(&game, 0), vec!["mission 0", "mission 1"]);
    assert!(refused(&game, "P0 mission 2"), "not offered");
    assert!(refused(&game, "P1 mission 1"), "not P1's turn");
    assert_eq!(seen(&mut game, "P0 mission 0", Observer::Seat(Seat(1))), vec!["P0 mission 0"]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).missions, vec![Some(TRUMP), None, None]);
    assert_eq!(game.view(Observer::Seat(Seat(1))).offered, vec![ZERO_OR_ONE, NONE_OF_FIRST]);
    // Views say what the missions they name ask: P1's offer and P0's revealed choice.
    let view = game.view(Observer::Seat(Seat(1)));
    let asks = |id, condition| MissionCard { id, condition };
    assert_eq!(
        view.mission_cards,
        vec![
            asks(TRUMP, Condition::TrumpTrick),
            asks(ZERO_OR_ONE, Condition::Between(0, 1)),
            asks(NONE_OF_FIRST, Condition::NoneOfFirst(1))
        ]
    );
    let text = view.to_string();
    assert!(
        text.contains("Your missions to choose from: 1 (win either 0 or 1 tricks), 2 (win none of the first 1 trick)"),
        "{text}"
    );
    assert!(text.contains("Missions: P0=0 (win a trick using a trump suit) P1=? P2=?"), "{text}");
    // P2 sees its own offer and P0's choice, not P1's offer.
    assert_eq!(
        game.view(Observer::Seat(Seat(2))).mission_cards,
        vec![asks(TRUMP, Condition::TrumpTrick), asks(NONE_OF_FIRST, Condition::NoneOfFirst(1))]
    );
    steps(&mut game, &["P1 mission 2", "P2 mission 0"]);
    assert_eq!(phase(&game), Phase::Play(Seat(0)));
    assert_eq!(game.view(Observer::Spectator).missions, vec![Some(TRUMP), Some(NONE_OF_FIRST), Some(TRUMP)]);
    // P0 wins both tricks with trumps (met: 15 points for 3 players, 1-2 cards is 5);
    // P1 wins none (met, 0); P2 wins no trump trick (failed, −20).
    steps(&mut game, &["P0 play R13", "P1 play G1", "P2 play B1", "P0 play R12", "P1 play G2", "P2 play B2"]);
    assert_eq!(game.running_scores(), vec![35, 0, -20]);
}

/// "Players are given 5 missions cards to choose one from. When ready, players then reveal
/// their chosen missions one by one" (reading 38, as printed and the default): everyone
/// chooses first, face down, so no one sees another's mission before choosing its own; the
/// missions are turned up once the last has chosen.
#[test]
fn by_default_everyone_chooses_before_the_missions_are_revealed() {
    let mut config = config(3, &[2], &[]);
    config.round_types = RoundTypes::Every(RoundType::Missions);
    assert_eq!(config.missions, MissionRules::default());
    let mut game = start(&Setup {
        missions: MissionsSetup { offered: vec![vec![TRUMP, ZERO_OR_ONE]; 3], ..MissionsSetup::default() },
        ..table(&config, Trump::Suit("R".parse().unwrap()), &["R13 R12", "G1 G2", "B1 B2"])
    });
    assert_eq!(game.to_act().iter().count(), 3, "everyone chooses, in any order");
    assert_eq!(seen(&mut game, "P0 mission 1", Observer::Seat(Seat(1))), vec!["P0 chooses a mission face down"]);
    for observer in [Observer::Seat(Seat(1)), Observer::Seat(Seat(2)), Observer::Spectator] {
        assert_eq!(game.view(observer).missions, vec![None, None, None], "{observer:?} does not see P0's choice");
    }
    steps(&mut game, &["P1 mission 0"]);
    let events = seen(&mut game, "P2 mission 0", Observer::Spectator);
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(events[1].starts_with("missions revealed: P0=1"), "{events:?}");
}

/// The printed variation: all choose face down; the missions are turned up together once
/// the last has chosen.
#[test]
fn simultaneous_choices_are_face_down_until_the_last() {
    let config = missions(3, &[2], RoundType::Missions, MissionReveal::Simultaneous);
    let mut game = start(&Setup {
        missions: MissionsSetup { offered: vec![vec![TRUMP, ZERO_OR_ONE]; 3], ..MissionsSetup::default() },
        ..table(&config, Trump::Suit("R".parse().unwrap()), &["R13 R12", "G1 G2", "B1 B2"])
    });
    assert_eq!(game.to_act().iter().count(), 3);
    assert_eq!(seen(&mut game.clone(), "P1 mission 1", Observer::Seat(Seat(1))), vec!["P1 mission 1"]);
    assert_eq!(seen(&mut game, "P1 mission 1", Observer::Seat(Seat(0))), vec!["P1 chooses a mission face down"]);
    assert_eq!(game.view(Observer::Seat(Seat(0))).missions, vec![None, None, None]);
    assert_eq!(game.view(Observer::Seat(Seat(1))).missions, vec![None, Some(ZERO_OR_ONE), None]);
    steps(&mut game, &["P0 mission 0"]);
    let events = seen(&mut game, "P2 mission 1", Observer::Seat(Seat(0)));
    let revealed = "missions revealed: P0=0 (win a trick using a trump suit) P1=1 (win either 0 or 1 tricks) P2=1 (win either 0 or 1 tricks)";
    assert_eq!(events, vec!["P2 chooses a mission face down", revealed]);
    assert_eq!(game.view(Observer::Seat(Seat(0))).missions, vec![Some(TRUMP), Some(ZERO_OR_ONE), Some(ZERO_OR_ONE)]);
}

/// "Blind Missions": "Players keep their Missions secret"; they are revealed with the
/// round's score and stay in view until the next round ends.
#[test]
fn blind_missions_stay_secret_until_the_rounds_end() {
    let config = missions(3, &[1, 1], RoundType::BlindMissions, MissionReveal::InTurn);
    let mut game = start(&Setup {
        missions: MissionsSetup { offered: vec![vec![ZERO_OR_ONE, NONE_OF_FIRST]; 3], ..MissionsSetup::default() },
        ..table(&config, Trump::Suit("R".parse().unwrap()), &["R13", "G1", "B1"])
    });
    assert_eq!(game.to_act().iter().count(), 3, "chosen all at once");
    for line in ["P0 mission 1", "P1 mission 2", "P2 mission 2"] {
        let events = seen(&mut game, line, Observer::Seat(Seat(2)));
        if !line.starts_with("P2") {
            assert_eq!(events, vec![format!("{} chooses a mission face down", &line[..2])]);
        }
    }
    for s in 0..3u8 {
        let view = game.view(Observer::Seat(Seat(s)));
        let own: Vec<Option<u8>> =
            (0..3).map(|t| if t == s { Some([1, 2, 2][usize::from(s)]) } else { None }).collect();
        assert_eq!(view.missions, own, "P{s} sees only its own");
    }
    steps(&mut game, &["P0 play R13", "P1 play G1"]);
    let events = seen(&mut game, "P2 play B1", Observer::Seat(Seat(1)));
    let revealed = "missions revealed: P0=1 (win either 0 or 1 tricks) P1=2 (win none of the first 1 trick) P2=2 (win none of the first 1 trick)";
    assert!(events.contains(&revealed.to_owned()), "{events:?}");
    // Each seat is told what its missions ask.
    let dealt = "P1 is dealt missions: 0 (win a trick using a trump suit), 1 (win either 0 or 1 tricks), 2 (win none of the first 1 trick)";
    assert!(events.contains(&dealt.to_owned()), "{events:?}");
    // P0 took the trick: "0 or 1" met (3 players, 1-2 cards: 0 points); P1 and P2 met
    // "none of the first 1 trick" (0 points).
    assert_eq!(game.running_scores(), vec![0, 0, 0]);
    let next = game.view(Observer::Seat(Seat(1)));
    assert_eq!(next.revealed_missions, vec![Some(ZERO_OR_ONE), Some(NONE_OF_FIRST), Some(NONE_OF_FIRST)]);
}

/// Reading 37: a player dealt no feasible mission plays the round without one and scores 0.
#[test]
fn without_a_feasible_mission_the_round_is_played_for_nothing() {
    let mut config = missions(2, &[2], RoundType::Missions, MissionReveal::InTurn);
    config.deck = crownbattles_rules::DeckSpec::two_player();
    config.missions.catalogue = MissionCatalogue::new(&[mission(Condition::AtLeast(3), 50)]).unwrap();
    let mut game = CrownBattles::new(&config, 5).unwrap();
    assert!(matches!(phase(&game), Phase::Play(_)), "{:?}", phase(&game));
    while let Some(seat) = game.to_act().first() {
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        game.apply(seat, actions[0]).unwrap();
    }
    assert_eq!(game.running_scores(), vec![0, 0]);
}

/// All randomness comes from the game's generator: the offers dealt after the dealer's
/// trump choice are undone exactly, and the same seed deals the same offers.
#[test]
fn dealing_after_the_trump_choice_is_undone_exactly() {
    let mut config = missions(4, &[5], RoundType::Missions, MissionReveal::InTurn);
    config.spinner = [0, 0, 0, 0, 0, 1];
    let game = CrownBattles::new(&config, 11).unwrap();
    assert_eq!(phase(&game), Phase::ChooseTrump);
    let dealer = game.to_act().first().unwrap();
    let mut after = game.clone();
    let undo = after.apply(dealer, "trump G".parse().unwrap()).unwrap();
    assert_eq!(phase(&after), Phase::Missions);
    assert!(!after.view(Observer::Seat(dealer)).offered.is_empty());
    let mut again = game.clone();
    again.apply(dealer, "trump G".parse().unwrap()).unwrap();
    assert_eq!(again, after);
    after.undo(undo);
    assert_eq!(after, game);
    // Dealt offers show as the dealer's own event.
    let mut events = Vec::new();
    CrownBattles::events(&game, dealer, "trump G".parse().unwrap(), &again, Observer::Spectator, &mut events);
    assert!(events.iter().any(|e| matches!(e, Event::MissionsDealt { seat: None, .. })), "{events:?}");
}

/// A saved missions game loads back exactly, mid-choice and mid-play.
#[test]
fn saved_missions_games_load_back_exactly() {
    for reveal in [MissionReveal::InTurn, MissionReveal::Simultaneous] {
        for t in [RoundType::Missions, RoundType::BlindMissions] {
            let config = missions(4, &[3, 4], t, reveal);
            let mut game = CrownBattles::new(&config, 2).unwrap();
            let mut actions = Vec::new();
            while let Some(seat) = game.to_act().first() {
                let setup = game.to_setup();
                assert_eq!(CrownBattles::from_setup(&setup).unwrap(), game, "{setup:#?}");
                let json = serde_json::to_string(&game).unwrap();
                assert_eq!(serde_json::from_str::<CrownBattles>(&json).unwrap(), game);
                game.legal_actions(seat, &mut actions);
                game.apply(seat, actions[actions.len() / 2]).unwrap();
            }
        }
    }
}

/// Catalogues load from JSON (one text row per player count) and are checked with typed
/// errors; the config refuses bad mission options.
#[test]
fn catalogues_load_from_json_with_typed_errors() {
    let json = r#"[{"condition": {"between": [2, 2]}, "points": {
        "2": "10 20 30 40 50 60 70", "3": "10 20 30 40 50 60 70", "4": "10 20 30 40 50 60 -",
        "5": "10 20 30 40 50 - -", "6": "10 20 30 40 50 - -", "7-8": "10 20 30 40 - - -"}}]"#;
    let catalogue: MissionCatalogue = serde_json::from_str(json).unwrap();
    assert_eq!(catalogue.get(0).unwrap().condition, Condition::Between(2, 2));
    assert_eq!(catalogue.get(0).unwrap().points.points(5, 9), Some(40));
    let back: MissionCatalogue = serde_json::from_str(&serde_json::to_string(&catalogue).unwrap()).unwrap();
    assert_eq!(back, catalogue);
    for (bad, why) in [
        (json.replace("\"7-8\"", "\"7\""), "point table row"),
        (json.replace("10 20 30 40 - - -", "10 20 30 40 -"), "7 cells"),
        (json.replace("10 20 30 40 - - -", "10 20 30 41 - - -"), "multiples of 5"),
        (json.replace("[2, 2]", "[3, 2]"), "not valid"),
        ("[]".to_owned(), "1 to 64 missions"),
    ] {
        let err = serde_json::from_str::<MissionCatalogue>(&bad).unwrap_err().to_string();
        assert!(err.contains(why), "{err}");
    }
    let mut config = missions(4, &[3], RoundType::Missions, MissionReveal::InTurn);
    // The number of missions offered is not the catalogue's size: its error says so.
    for choices in [0, 65] {
        config.missions.choices = choices;
        let err = config.check().unwrap_err();
        assert_eq!(err, ConfigError::Missions(MissionError::Choices(choices)));
        assert!(err.to_string().contains(&format!("offered 1 to 64 missions to choose from, not {choices}")), "{err}");
    }
    // A config with the default mission options travels without them.
    let base = serde_json::to_string(&Config::default()).unwrap();
    assert!(!base.contains("missions"), "{base}");
}

fn phase(game: &CrownBattles) -> Phase {
    game.view(Observer::Spectator).phase
}
