//! Alliances ("Normal Bidding Alliances", the "Secret Note") and Missions-Alliances: the
//! dealer's teams, the team bid, team and solo scoring with the printed examples, one
//! double bid per team, the Secret Note's visibility, and the readings of RULES.md,
//! readings 57-59.

mod common;

use common::*;
use crownbattles_rules::{
    Config, ConfigError, CrownBattles, Event, MissionShare, MissionsSetup, Phase, Place, RoundType, RoundTypes, Setup,
    TeamFormation, Trump,
};
use duke_core::{Game, Observer, Seat};

/// `players`, rounds of `cards`: the first round is `first`, the rest Normal Bidding (an
/// Alliance round may not be the final round).
fn alliances(first: RoundType, players: u8, cards: &[u8]) -> Config {
    let base = config(players, cards, &[]);
    let mut order = vec![first];
    order.resize(cards.len(), RoundType::Normal);
    let mut c = base;
    c.round_types = RoundTypes::sequence(&order).unwrap();
    c.check().unwrap();
    c
}

/// Four players, three cards, no trump: P0 takes every trick.
fn four(first: RoundType) -> CrownBattles {
    deal(&alliances(first, 4, &[3, 3]), Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"])
}

const P0_TAKES_ALL: [&str; 12] = [
    "P0 play R13",
    "P1 play R1",
    "P2 play R2",
    "P3 play R3",
    "P0 play G13",
    "P1 play G1",
    "P2 play G2",
    "P3 play G3",
    "P0 play B13",
    "P1 play B1",
    "P2 play B2",
    "P3 play B3",
];

/// "The dealer determining team formations": the dealer pairs the lowest unplaced seat
/// with another; the last two pair up by themselves; the teams are public.
#[test]
fn the_dealer_forms_the_teams() {
    let mut game = four(RoundType::Alliances);
    let view = game.view(Observer::Spectator);
    assert_eq!((view.phase, view.to_act), (Phase::Teams, vec![Seat(3)]));
    assert_eq!(legal(&game, 3), ["team P0 P1", "team P0 P2", "team P0 P3"]);
    assert!(refused(&game, "P3 team P1 P2") && refused(&game, "P3 team P0") && refused(&game, "P0 team P0 P2"));
    let events = step_events(&mut game, "P3 team P0 P2", Observer::Seat(Seat(1)));
    let allies = vec![Some(Seat(2)), Some(Seat(3)), Some(Seat(0)), Some(Seat(1))];
    assert!(events.contains(&Event::TeamsFormed { allies: allies.clone() }), "{events:?}");
    let view = game.view(Observer::Seat(Seat(1)));
    assert_eq!(view.phase, Phase::Bidding(Seat(0)));
    assert_eq!(view.alliance.unwrap().allies, allies);
}

/// "The combined bid results from adding both players' bids" and "each player receives
/// 60 points (10 points per trick plus a 10-point bonus)": 3 bid and made as a team scores
/// 40 each; 0 and 0 made scores 10 each.
#[test]
fn teams_score_their_combined_bid() {
    let mut game = four(RoundType::Alliances);
    steps(&mut game, &["P3 team P0 P2", "P0 bid 2", "P1 bid 0", "P2 bid 1", "P3 bid 0"]);
    assert_eq!(round_points_of(&mut game, &P0_TAKES_ALL), vec![40, 10, 40, 10]);
    assert_eq!(game.running_scores(), vec![40, 10, 40, 10]);
}

/// "If one team member bids 1 and the other bids 3, their combined bid is 4 tricks. This can
/// be achieved by the following scenarios: Either player wins 2 tricks; One player wins 4
/// tricks while the other wins 0. Regardless, the team must fulfil the total bid,
/// irrespective of individual bids." Played rounds: P0 bids 1 and P2 bids 3; P0 and P2
/// win 2 each, P0 (who bid 1) wins all 4, or P2 wins all 4: the team met 4 each time and
/// each member scores 10 per trick and the 10-point bonus (50). P1 and P3 bid 0 and win
/// nothing: 10 each.
#[test]
fn a_combined_bid_of_4_is_met_by_2_and_2_or_by_4_and_0() {
    let config = alliances(RoundType::Alliances, 4, &[4, 4]);
    let play = |hands: [&str; 4], lines: &[&str]| {
        let mut game = deal(&config, Trump::NoTrump, &hands);
        steps(&mut game, &["P3 team P0 P2", "P0 bid 1", "P1 bid 0", "P2 bid 3", "P3 bid 0"]);
        round_points_of(&mut game, lines)
    };
    // 2 + 2: P0 wins red and green, P2 blue and yellow.
    let points = play(
        ["R13 G13 B1 Y1", "R1 G1 B2 Y2", "R2 G2 B13 Y13", "R3 G3 B3 Y3"],
        &[
            "P0 play R13",
            "P1 play R1",
            "P2 play R2",
            "P3 play R3",
            "P0 play G13",
            "P1 play G1",
            "P2 play G2",
            "P3 play G3",
            "P0 play B1",
            "P1 play B2",
            "P2 play B13",
            "P3 play B3",
            "P2 play Y13",
            "P3 play Y3",
            "P0 play Y1",
            "P1 play Y2",
        ],
    );
    assert_eq!(points, vec![50, 10, 50, 10], "either player wins 2 tricks");
    // 4 + 0: P0 (who bid 1) leads and wins all four tricks.
    let mut lines = Vec::new();
    for suit in ["R", "G", "B", "Y"] {
        lines.extend([format!("P0 play {suit}13"), format!("P1 play {suit}2")]);
        lines.extend([format!("P2 play {suit}3"), format!("P3 play {suit}4")]);
    }
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let points = play(["R13 G13 B13 Y13", "R2 G2 B2 Y2", "R3 G3 B3 Y3", "R4 G4 B4 Y4"], &lines);
    assert_eq!(points, vec![50, 10, 50, 10], "P0 (bid 1) wins 4, P2 (bid 3) wins 0");
    // 0 + 4: P2 (who bid 3) wins all four, leading from the second trick on.
    let points = play(
        ["R1 G2 B2 Y2", "R2 G1 B1 Y1", "R13 G13 B13 Y13", "R3 G3 B3 Y3"],
        &[
            "P0 play R1",
            "P1 play R2",
            "P2 play R13",
            "P3 play R3",
            "P2 play G13",
            "P3 play G3",
            "P0 play G2",
            "P1 play G1",
            "P2 play B13",
            "P3 play B3",
            "P0 play B2",
            "P1 play B1",
            "P2 play Y13",
            "P3 play Y3",
            "P0 play Y2",
            "P1 play Y1",
        ],
    );
    assert_eq!(points, vec![50, 10, 50, 10], "P2 (bid 3) wins 4, P0 (bid 1) wins 0");
}

/// "If the combined bid is 5 tricks, but they make 7, each team member loses 20 points":
/// over and under both miss, 10 per trick.
#[test]
fn a_missed_team_bid_loses_10_per_trick_each() {
    let mut game = four(RoundType::Alliances);
    steps(&mut game, &["P3 team P0 P1", "P0 bid 1", "P1 bid 0", "P2 bid 1", "P3 bid 1"]);
    assert_eq!(round_points_of(&mut game, &P0_TAKES_ALL), vec![-20, -20, -20, -20]);
}

/// "Only one team member can make a double-bid"; "if one player bids 1-2 and the other
/// bids 2, the combined bid becomes 3-4"; "they complete 3 tricks … each team member gets
/// 20 points".
#[test]
fn one_double_bid_per_team() {
    let mut game = four(RoundType::Alliances);
    steps(&mut game, &["P3 team P0 P2", "P0 bid 1-2", "P1 bid 0-1"]);
    assert!(refused(&game, "P2 bid 0-1"));
    assert!(legal(&game, 2).iter().all(|a| !a.contains('-')), "{:?}", legal(&game, 2));
    // (P1's double bid was its team's first.)
    assert!(refused(&game, "P2 bid 2-3"));
    steps(&mut game, &["P2 bid 2"]);
    assert!(refused(&game, "P3 bid 0-1"));
    steps(&mut game, &["P3 bid 0"]);
    // 1-2 and 2: 3-4; made with 3: 15 for tricks and a 5-point bonus. 0-1 and 0: 0-1, made.
    assert_eq!(round_points_of(&mut game, &P0_TAKES_ALL), vec![20, 5, 20, 5]);
}

/// "In case of an odd number of players, the dealer chooses who plays solo"; "if the
/// player bids 2 and makes 2 tricks, the player receives 50 points".
#[test]
fn the_solo_player_scores_20_per_trick() {
    let config = alliances(RoundType::Alliances, 3, &[3, 3]);
    let mut game = deal(&config, Trump::NoTrump, &["R12 G12 B12", "R13 G13 B1", "R2 G2 B2"]);
    // The dealer (P2) names the solo player first, then the other two pair up.
    assert_eq!(legal(&game, 2), ["team P0", "team P1", "team P2"]);
    steps(&mut game, &["P2 team P1"]);
    let view = game.view(Observer::Spectator).alliance.unwrap();
    assert_eq!((view.solo, view.allies), (Some(Seat(1)), vec![Some(Seat(2)), None, Some(Seat(0))]));
    steps(&mut game, &["P0 bid 1", "P1 bid 2", "P2 bid 0"]);
    let lines = [
        "P0 play R12",
        "P1 play R13",
        "P2 play R2",
        "P1 play G13",
        "P2 play G2",
        "P0 play G12",
        "P1 play B1",
        "P2 play B2",
        "P0 play B12",
    ];
    // P1 solo: 2 bid, 2 made: 50. P0 + P2: 1 bid, 1 made: 20 each.
    assert_eq!(round_points_of(&mut game, &lines), vec![20, 50, 20]);
}

/// The Secret Note: once per round, on one's own turn; the ally sees the card (view and
/// events), the others only that a note was shown; the card stays known where it goes.
#[test]
fn the_secret_note_is_shown_to_the_ally_only() {
    let mut game = four(RoundType::Alliances);
    steps(&mut game, &["P3 team P0 P2"]);
    assert!(legal(&game, 0).contains(&"note R13".to_owned()));
    assert!(refused(&game, "P1 note R1"), "not P1's turn");
    let to_ally = step_events(&mut game.clone(), "P0 note R13", Observer::Seat(Seat(2)));
    assert_eq!(to_ally[0], Event::Acted { seat: Seat(0), action: "note R13".parse().unwrap() });
    for other in [Observer::Seat(Seat(1)), Observer::Seat(Seat(3)), Observer::Spectator] {
        let events = step_events(&mut game.clone(), "P0 note R13", other);
        assert_eq!(events, vec![Event::NoteShown { seat: Seat(0), ally: Seat(2) }]);
    }
    steps(&mut game, &["P0 note R13"]);
    // Still P0's turn to bid; the note is used up.
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
    assert!(refused(&game, "P0 note G13"));
    let ally = game.view(Observer::Seat(Seat(2)));
    assert_eq!(ally.known, vec![(Place::Hand(Seat(0)), "R13".parse().unwrap())]);
    assert_eq!(ally.alliance.unwrap().notes, vec![Seat(0)]);
    for other in [1, 3] {
        assert!(game.view(Observer::Seat(Seat(other))).known.is_empty());
    }
    // On a play turn too; a solo player (none here) or a used note has none.
    steps(&mut game, &["P0 bid 3", "P1 bid 0", "P2 bid 0", "P3 bid 0", "P0 play G13", "P1 note R1"]);
    assert_eq!(game.view(Observer::Seat(Seat(3))).known, vec![(Place::Hand(Seat(1)), "R1".parse().unwrap())]);
    // Once played, the card is no longer listed as in a hand.
    steps(&mut game, &["P1 play G1", "P2 play G2", "P3 play G3", "P0 play R13"]);
    assert!(game.view(Observer::Seat(Seat(2))).known.is_empty());
    // Undo restores the note exactly.
    let before = game.clone();
    let undo = game.apply(Seat(1), "play R1".parse().unwrap()).unwrap();
    game.undo(undo);
    assert_eq!(game, before);
}

/// A note on a copy (a Golem) is known as the hand's lowest copy, so that the knowledge
/// is used up when a Golem leaves the hand.
#[test]
fn a_noted_copy_is_known_canonically() {
    let config = alliances(RoundType::Alliances, 4, &[3, 3]);
    let mut game = deal(&config, Trump::NoTrump, &["golem golem#2 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"]);
    steps(&mut game, &["P3 team P0 P2", "P0 note golem"]);
    assert_eq!(game.view(Observer::Seat(Seat(2))).known, vec![(Place::Hand(Seat(0)), "golem".parse().unwrap())]);
    assert!(game.validate().is_ok());
}

/// Saved and loaded at every step of a round with teams and notes (and refused when the
/// teams do not fit).
#[test]
fn alliances_save_and_load() {
    let mut game = four(RoundType::Alliances);
    let lines = ["P3 team P0 P2", "P0 note B13", "P0 bid 3", "P1 bid 0", "P2 bid 0-1", "P3 bid 0", "P0 play R13"];
    for line in lines {
        assert_eq!(CrownBattles::from_setup(&game.to_setup()), Ok(game.clone()), "before {line}");
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<CrownBattles>(&json).unwrap(), game);
        steps(&mut game, &[line]);
    }
    let mut setup = game.to_setup();
    setup.alliance.teams = vec![vec![Seat(0), Seat(2)], vec![Seat(1)], vec![Seat(3)]];
    assert!(CrownBattles::from_setup(&setup).is_err(), "a solo player with an even count");
    let mut setup = game.to_setup();
    setup.alliance.teams = vec![vec![Seat(0), Seat(2)], vec![Seat(2), Seat(1)]];
    assert!(CrownBattles::from_setup(&setup).is_err(), "a seat on two teams");
    let mut setup = game.to_setup();
    setup.bids[0] = Some("2-3".parse().unwrap());
    assert!(CrownBattles::from_setup(&setup).is_err(), "two double bids in a team");
    let normal = deal(&config(4, &[3], &[]), Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"]);
    let mut setup = normal.to_setup();
    setup.alliance.notes = vec![Seat(0)];
    assert!(CrownBattles::from_setup(&setup).is_err(), "a note outside an Alliance round");
}

/// [`TeamFormation::Random`] (RULES.md, reading 57): the generator forms the teams at the
/// round's start, every seat placed once, and the round opens with the bids.
#[test]
fn random_teams_are_formed_at_the_round_start() {
    let mut config = alliances(RoundType::Alliances, 5, &[3, 3]);
    config.team_formation = TeamFormation::Random;
    let mut formations = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let game = CrownBattles::new(&config, seed).unwrap();
        let view = game.view(Observer::Spectator);
        assert!(matches!(view.phase, Phase::Bidding(_) | Phase::ChooseTrump), "{:?}", view.phase);
        let alliance = view.alliance.unwrap();
        assert!(alliance.solo.is_some());
        assert_eq!(alliance.allies.iter().filter(|a| a.is_none()).count(), 1);
        assert!(game.opening_events(Observer::Spectator).iter().any(|e| matches!(e, Event::TeamsFormed { .. })));
        formations.insert(format!("{:?}", alliance.allies));
    }
    assert!(formations.len() > 5, "{formations:?}");
}

/// "Do not play any Alliances round in the final round": refused as the final round's
/// type; never dealt for it.
#[test]
fn no_alliance_round_in_the_final_round() {
    let base = config(4, &[3, 3], &[]);
    let mut last = base.clone();
    last.round_types = RoundTypes::sequence(&[RoundType::Normal, RoundType::Alliances]).unwrap();
    assert_eq!(last.check(), Err(ConfigError::AllianceInFinalRound));
    let mut dealt = base;
    dealt.round_types = RoundTypes::deal(&[RoundType::Alliances, RoundType::Normal]);
    for seed in 0..20 {
        let mut game = CrownBattles::new(&dealt, seed).unwrap();
        let mut out = Vec::new();
        while !game.is_over() && game.view(Observer::Spectator).round < 2 {
            let seat = game.to_act().first().unwrap();
            game.legal_actions(seat, &mut out);
            game.apply(seat, out[0]).unwrap();
        }
        if !game.is_over() {
            assert_eq!(game.view(Observer::Spectator).round_type, RoundType::Normal, "seed {seed}");
        }
    }
}

/// Missions-Alliances with the trump R, P0 and P2 against P1 and P3, each seat offered the
/// trump mission (0) and "win either 0 or 1 tricks" (1) and choosing `missions`.
fn missions_alliances(share: MissionShare, missions: [u8; 4]) -> CrownBattles {
    let mut config = alliances(RoundType::MissionsAlliances, 4, &[3, 3]);
    config.mission_share = share;
    let setup = Setup {
        missions: MissionsSetup { offered: vec![vec![0, 1]; 4], ..MissionsSetup::default() },
        ..table(&config, Trump::Suit("R".parse().unwrap()), &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"])
    };
    let mut setup = setup;
    setup.alliance.teams = vec![vec![Seat(0), Seat(2)], vec![Seat(1), Seat(3)]];
    let mut game = start(&setup);
    for (seat, mission) in missions.iter().enumerate() {
        steps(&mut game, &[&format!("P{seat} mission {mission}")]);
    }
    game
}

/// "To earn points, both teammates must accomplish their missions … If one fails, no
/// points are awarded; if both fail, they lose 40 points each. If both succeed, they
/// collectively earn points from their individual missions" (RULES.md, reading 59).
#[test]
fn missions_alliances_scoring() {
    // P0 (trump trick, met: 15) and P2 (0 or 1, met: 0); P1 and P3 both fail the trump
    // mission.
    let mut sum = missions_alliances(MissionShare::Sum, [0, 0, 1, 0]);
    assert_eq!(round_points_of(&mut sum, &P0_TAKES_ALL), vec![15, -40, 15, -40]);
    let mut own = missions_alliances(MissionShare::Own, [0, 0, 1, 0]);
    assert_eq!(round_points_of(&mut own, &P0_TAKES_ALL), vec![15, -40, 0, -40]);
    // One met, one failed: nothing. (P2 takes a trick with a trump instead of 0 or 1.)
    let mut game = missions_alliances(MissionShare::Sum, [0, 1, 0, 1]);
    // P0 met (15), P2 failed: 0 each. P1 and P3 won none: "0 or 1" met for 0 points each.
    assert_eq!(round_points_of(&mut game, &P0_TAKES_ALL), vec![0, 0, 0, 0]);
}

/// Missions-Alliances: the dealer forms the teams first, then the missions are dealt and
/// chosen as in Missions (everyone at once, face down; reading 38).
#[test]
fn missions_alliances_teams_come_before_the_missions() {
    let config = alliances(RoundType::MissionsAlliances, 3, &[3, 3]);
    let mut game = deal(&config, Trump::Suit("R".parse().unwrap()), &["R12 G12 B12", "R13 G13 B1", "R2 G2 B2"]);
    let view = game.view(Observer::Seat(Seat(0)));
    assert_eq!(view.phase, Phase::Teams);
    assert!(view.offered.is_empty());
    let events = step_events(&mut game, "P2 team P1", Observer::Seat(Seat(0)));
    assert!(events.iter().any(|e| matches!(e, Event::MissionsDealt { missions, .. } if !missions.is_empty())));
    let view = game.view(Observer::Seat(Seat(0)));
    assert_eq!((view.phase, view.to_act), (Phase::Missions, vec![Seat(0), Seat(1), Seat(2)]));
    assert!(!view.offered.is_empty());
    // The Secret Note on the mission choice's turn.
    assert!(legal(&game, 0).contains(&"note R12".to_owned()));
}
