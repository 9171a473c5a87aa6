//! Suit Precision-Alliances ("players pair up like in Alliances, but it's a Suit Precision
//! round too"): the dealer's teams, bids per suit, the team's combined bids and tricks per
//! suit with every printed example, one team member double-bidding, the solo player, and
//! the readings of RULES.md, readings 60-64.

mod common;

use common::*;
use crownbattles_rules::{
    Bid, Config, CrownBattles, Phase, PrecisionTeamDouble, RoundType, RoundTypes, Setup, SetupError, Trump,
    combined_suit_bids, solo_suit_precision_points, team_suit_precision_points,
};
use duke_core::{Game, Observer, Seat};

/// `players`, rounds of `cards`: the first round Suit Precision-Alliances, the rest Normal
/// Bidding (an Alliance round may not be the final round).
fn spa(players: u8, cards: &[u8]) -> Config {
    let mut order = vec![RoundType::SuitPrecisionAlliances];
    order.resize(cards.len(), RoundType::Normal);
    let mut c = config(players, cards, &[]);
    c.round_types = RoundTypes::sequence(&order).unwrap();
    c.check().unwrap();
    c
}

fn s(n: u8) -> Option<Bid> {
    Some(Bid::Single(n))
}

fn d(n: u8) -> Option<Bid> {
    Some(Bid::Double(n))
}

/// The suits are in R, G, B, Y order.
const NONE_WON: [u8; 4] = [0; 4];

/// "If one member bids for 1 blue and 2 green tricks, and the other bids for 1 red and 2
/// green tricks, their total bid is 1 blue, 4 green, and 1 red trick. If one player makes
/// 1 blue and 4 greens, and their teammate wins only one red, that's still a win for the
/// team." Played out: the dealer pairs P0 with P2; P1 and P3 bid 0 everywhere and win
/// nothing (the 0-everywhere exception, for their team: 10 each; reading 61).
#[test]
fn one_blue_four_green_one_red_is_a_win_for_the_team() {
    let first = [s(0), s(2), s(1), s(0)];
    let second = [s(1), s(2), s(0), s(0)];
    assert_eq!(combined_suit_bids(first, second), [s(1), s(4), s(1), s(0)]);
    assert_eq!(team_suit_precision_points(first, [0, 4, 1, 0], second, [1, 0, 0, 0]), 90);
    let mut game = deal(
        &spa(4, &[6, 6]),
        Trump::NoTrump,
        &["B13 G13 G12 G11 G10 R1", "B1 Y1 Y2 Y3 Y4 R2", "B2 Y5 Y6 Y7 Y8 R13", "B3 Y9 Y10 Y11 Y12 R3"],
    );
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Teams);
    steps(&mut game, &["P3 team P0 P2"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
    steps(&mut game, &["P0 bid R0", "P0 bid G2", "P0 bid B1", "P0 bid Y0"]);
    steps(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    steps(&mut game, &["P2 bid R1", "P2 bid G2", "P2 bid B0", "P2 bid Y0"]);
    steps(&mut game, &["P3 bid R0", "P3 bid G0", "P3 bid B0", "P3 bid Y0"]);
    let view = game.view(Observer::Spectator);
    assert!(view.precision.is_some() && view.alliance.is_some());
    let mut lines = vec!["P0 play B13", "P1 play B1", "P2 play B2", "P3 play B3"];
    for (g, (a, (b, c))) in ["G13", "G12", "G11", "G10"].into_iter().zip(
        ["Y1", "Y2", "Y3", "Y4"].into_iter().zip(["Y5", "Y6", "Y7", "Y8"].into_iter().zip(["Y9", "Y10", "Y11", "Y12"])),
    ) {
        lines.extend([g, a, b, c]);
    }
    let lines: Vec<String> = lines
        .iter()
        .enumerate()
        .map(|(i, c)| if c.starts_with('P') { (*c).to_owned() } else { format!("P{} play {c}", i % 4) })
        .chain(["P0 play R1", "P1 play R2", "P2 play R13", "P3 play R3"].map(str::to_owned))
        .collect();
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    assert_eq!(round_points_of(&mut game, &lines), vec![90, 10, 90, 10]);
}

/// "If one team member bids 2 red suits and 1 green suit, and another team member bids 2
/// blue suits and 1 green suit … both players earn 10 points for each of the 6 tricks they
/// bid together. Additionally, they receive a 30-point bonus (10 for each suit), resulting
/// in a total of 90 points for each player on the team." Who won which trick does not
/// matter ("both must reach their combined bid").
#[test]
fn two_red_two_green_two_blue_score_90_for_each() {
    let first = [s(2), s(1), s(0), s(0)];
    let second = [s(0), s(1), s(2), s(0)];
    assert_eq!(combined_suit_bids(first, second), [s(2), s(2), s(2), s(0)]);
    assert_eq!(team_suit_precision_points(first, [2, 2, 2, 0], second, NONE_WON), 90);
    assert_eq!(team_suit_precision_points(first, [1, 0, 2, 0], second, [1, 2, 0, 0]), 90);
    assert_eq!(team_suit_precision_points(first, NONE_WON, second, [2, 2, 2, 0]), 90);
}

/// "If one team member predicted 2 red suit tricks and the other one predicted 1 red suit
/// trick, but together they won 4 red suit tricks, both team members lose 10 points for
/// that suit prediction" ("following the regular Suit Precision scoring system rules": the
/// met suits earn 10 per trick, no bonus; reading 61).
#[test]
fn three_red_predicted_four_won_loses_10() {
    let first = [s(2), s(0), s(0), s(0)];
    let second = [s(1), s(0), s(0), s(0)];
    assert_eq!(team_suit_precision_points(first, [3, 0, 0, 0], second, [1, 0, 0, 0]), -10);
    // With a met green suit beside it: 10 for its trick, no bonus.
    let first = [s(2), s(1), s(0), s(0)];
    assert_eq!(team_suit_precision_points(first, [3, 1, 0, 0], second, [1, 0, 0, 0]), -10 + 10);
    // Met, the same bids would score 4 tricks and 2 bonuses.
    assert_eq!(team_suit_precision_points(first, [2, 1, 0, 0], second, [1, 0, 0, 0]), 60);
}

/// "Only one team member can make a double-bid" (Alliances, NOTES), as printed (reading 60,
/// default): once P0 double-bid red, P0 may double-bid other suits too (Suit Precision
/// allows double bids in any number of suits), but its ally P2 may double-bid no suit. The
/// other team is not bound. A saved game where both allies double-bid is refused.
#[test]
fn only_one_team_member_double_bids() {
    let config = spa(4, &[3, 3]);
    assert_eq!(config.precision_team_double, PrecisionTeamDouble::OneMember);
    let mut game = deal(&config, Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"]);
    steps(&mut game, &["P3 team P0 P2", "P0 bid R0-1", "P0 bid G0-1", "P0 bid B0", "P0 bid Y0"]);
    steps(&mut game, &["P1 bid R0-1", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    for suit in ["R", "G", "B", "Y"] {
        assert!(refused(&game, &format!("P2 bid {suit}0-1")), "P2 double-bids {suit}");
    }
    assert!(!legal(&game, 2).iter().any(|a| a.contains('-')));
    steps(&mut game, &["P2 bid R1", "P2 bid G0", "P2 bid B0", "P2 bid Y0"]);
    // P1 double-bid; its ally P3 may not, in any suit.
    assert!(refused(&game, "P3 bid R0-1"));
    let setup = game.to_setup();
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    let mut bad = setup.clone();
    bad.suit_bids[2][2] = d(0);
    assert!(matches!(CrownBattles::from_setup(&bad), Err(SetupError::Alliance(_))));
}

/// `PrecisionTeamDouble::PerSuit` (reading 60, an option): "only one team member" per suit:
/// once P0 double-bid red, its ally P2 may not double-bid red, but may double-bid green; the
/// combined suit is a double bid, scored at half (5 per trick and 5 bonus). A saved game
/// with both allies double-bidding one suit is refused.
#[test]
fn with_the_option_one_double_bid_per_suit_and_team() {
    let mut config = spa(4, &[3, 3]);
    config.precision_team_double = PrecisionTeamDouble::PerSuit;
    let mut game = deal(&config, Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"]);
    steps(&mut game, &["P3 team P0 P2", "P0 bid R0-1", "P0 bid G0", "P0 bid B0", "P0 bid Y0"]);
    steps(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    assert!(!legal(&game, 2).contains(&"bid R0-1".to_owned()));
    assert!(refused(&game, "P2 bid R1-2"));
    steps(&mut game, &["P2 bid R1", "P2 bid G0-1"]);
    let setup = game.to_setup();
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    let mut bad = setup.clone();
    bad.suit_bids[2][0] = d(1);
    assert!(matches!(CrownBattles::from_setup(&bad), Err(SetupError::Alliance(_))));
    // R1-2 (0-1 + 1) won 2: 5 per trick and 5 bonus; G0-1 won 0 and the rest 0: nothing more.
    assert_eq!(
        team_suit_precision_points([d(0), s(0), s(0), s(0)], [2, 0, 0, 0], [s(1), d(0), s(0), s(0)], NONE_WON),
        15
    );
    // The other team (no double bids) may double-bid red too.
    steps(&mut game, &["P2 bid B0", "P2 bid Y0"]);
    assert!(legal(&game, 3).contains(&"bid R0-1".to_owned()));
}

/// `PrecisionTeamDouble::OneBid` (RULES.md, reading 60, an option): one double bid per team
/// for the whole round: after P0's red 0-1, P2 may double-bid no suit, and P0 no other suit.
#[test]
fn with_the_option_a_team_double_bids_once() {
    let mut config = spa(4, &[3, 3]);
    config.precision_team_double = PrecisionTeamDouble::OneBid;
    let mut game = deal(&config, Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"]);
    steps(&mut game, &["P3 team P0 P2", "P0 bid R0-1"]);
    assert!(refused(&game, "P0 bid G0-1"));
    steps(&mut game, &["P0 bid G0", "P0 bid B0", "P0 bid Y0", "P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    assert!(refused(&game, "P2 bid R0-1"));
    steps(&mut game, &["P2 bid R1"]);
    assert!(refused(&game, "P2 bid G0-1"));
    steps(&mut game, &["P2 bid G0"]);
    let mut bad = game.to_setup();
    bad.suit_bids[2][1] = d(0);
    assert!(matches!(CrownBattles::from_setup(&bad), Err(SetupError::Alliance(_))));
}

/// The solo round of readings 62's tests: P1 plays solo, bids 1 blue and wins it; P0 and
/// P2 pair up by themselves and meet their combined 1 red and 1 green. The points scored.
fn solo_round(config: &Config) -> Vec<i32> {
    let mut game = deal(config, Trump::NoTrump, &["R13 G13 B1", "B13 R1 G1", "R2 G2 B2"]);
    assert!(refused(&game, "P2 team P0 P1"));
    steps(&mut game, &["P2 team P1"]);
    let view = game.view(Observer::Spectator);
    assert_eq!(view.alliance.as_ref().map(|a| a.allies.clone()), Some(vec![Some(Seat(2)), None, Some(Seat(0))]));
    round_points_of(
        &mut game,
        &[
            "P0 bid R1",
            "P0 bid G1",
            "P0 bid B0",
            "P0 bid Y0",
            "P1 bid R0",
            "P1 bid G0",
            "P1 bid B1",
            "P1 bid Y0",
            "P2 bid R0",
            "P2 bid G0",
            "P2 bid B0",
            "P2 bid Y0",
            "P0 play R13",
            "P1 play R1",
            "P2 play R2",
            "P0 play G13",
            "P1 play G1",
            "P2 play G2",
            "P0 play B1",
            "P1 play B13",
            "P2 play B2",
        ],
    )
}

/// The solo player scores its own bids as in Suit Precision (reading 62): P1 plays solo,
/// bids 1 blue and wins it: 20 (Alliances' solo rule would give 30); P0 and P2 pair up by
/// themselves and meet their combined 1 red and 1 green: 40 each.
#[test]
fn the_solo_player_scores_as_in_suit_precision() {
    assert_eq!(solo_round(&spa(3, &[3, 3])), vec![40, 20, 40]);
}

/// `Config::precision_solo_doubled` (RULES.md, reading 62).
#[test]
fn with_the_option_the_solo_player_scores_doubled_trick_points() {
    let mut config = spa(3, &[3, 3]);
    config.precision_solo_doubled = true;
    // Reading 62's other reading: the solo P1's trick counts 20, its bonus 10.
    assert_eq!(solo_round(&config), vec![40, 30, 40]);
    assert_eq!(solo_suit_precision_points([s(1), s(0), d(1), s(0)], [1, 0, 2, 0]), 55);
}

/// The Secret Note works on a suit-bidding turn (reading 64); a saved game of the round
/// loads back, and suit bids outside its rounds are still refused.
#[test]
fn notes_and_saved_games() {
    let mut game = deal(&spa(4, &[3, 3]), Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1", "R2 G2 B2", "R3 G3 B3"]);
    steps(&mut game, &["P3 team P0 P1"]);
    assert!(legal(&game, 0).contains(&"note R13".to_owned()));
    steps(&mut game, &["P0 note R13", "P0 bid R1"]);
    let setup: Setup = game.to_setup();
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<CrownBattles>(&json).unwrap(), game);
    let normal = Setup { config: config(4, &[3, 3], &[]), ..setup };
    assert!(CrownBattles::from_setup(&normal).is_err());
}

/// Played at random from the options, mixed with the other types: every state validates,
/// the view shows suit bids and teams exactly in its rounds.
#[test]
fn random_games_with_suit_precision_alliances() {
    let mut config = Config::rulebook(Some(5)).unwrap();
    config.round_types =
        RoundTypes::deal(&[RoundType::Normal, RoundType::SuitPrecisionAlliances, RoundType::SuitPrecision]);
    let mut seen = false;
    for seed in 0..8 {
        let mut game = CrownBattles::new(&config, seed).unwrap();
        let mut rng = duke_core::GameRng::new(seed);
        let mut out = Vec::new();
        while !game.is_over() {
            let view = game.view(Observer::Spectator);
            let spa = view.round_type == RoundType::SuitPrecisionAlliances;
            seen |= spa;
            assert_eq!(view.alliance.is_some(), spa);
            let seat = game.to_act().first().unwrap();
            game.legal_actions(seat, &mut out);
            let action = out[rng.below(out.len() as u32) as usize];
            game.apply(seat, action).unwrap();
            game.validate().unwrap();
        }
    }
    assert!(seen);
}
