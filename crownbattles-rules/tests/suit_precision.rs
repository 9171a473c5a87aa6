//! Suit Precision ("players must be precise in their bids, predicting both the number of
//! tricks they'll win and the suit for each trick"): a bid per suit, where each won trick
//! is placed, the printed scoring with its examples, and the readings of RULES.md,
//! readings 45–49.

mod common;

use common::*;
use crownbattles_rules::{
    Bid, Config, CrownBattles, Event, Phase, Power, RoundType, RoundTypes, Setup, SetupError, Trump,
    suit_precision_points,
};
use duke_core::{Game, Observer, Seat};

fn precision(players: u8, cards: &[u8], powers: &[Power]) -> Config {
    let mut c = config(players, cards, powers);
    c.round_types = RoundTypes::Every(RoundType::SuitPrecision);
    c
}

/// Applies `lines`, returning every event a spectator saw, printed.
fn play(game: &mut CrownBattles, lines: &[&str]) -> Vec<String> {
    lines.iter().flat_map(|line| seen(game, line, Observer::Spectator)).collect()
}

fn s(n: u8) -> Option<Bid> {
    Some(Bid::Single(n))
}

fn d(n: u8) -> Option<Bid> {
    Some(Bid::Double(n))
}

/// The printed example: "if you bid 1 blue, 1 green, and 1 red suit and win all 3 tricks,
/// you score 60 points: 30 for tricks and 30 as bonus points". P1 predicts 0 in all suits
/// and wins nothing: "you still earn 10 bonus points".
#[test]
fn one_blue_one_green_one_red_all_won_score_60() {
    let mut game = deal(&precision(2, &[3], &[]), Trump::NoTrump, &["R13 G13 B13", "R1 G1 B1"]);
    // Each seat bids its four suits in order on its turn, from the dealer's left.
    assert_eq!(legal(&game, 0).first().map(String::as_str), Some("bid R0"));
    assert!(refused(&game, "P0 bid G1"));
    assert!(refused(&game, "P0 bid 1"));
    play(&mut game, &["P0 bid R1", "P0 bid G1", "P0 bid B1", "P0 bid Y0"]);
    assert_eq!(game.to_act().first(), Some(Seat(1)));
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    let view = game.view(Observer::Seat(Seat(1)));
    let p = view.precision.as_ref().unwrap();
    assert_eq!(p.bids[0], [s(1), s(1), s(1), s(0)]);
    assert_eq!(view.bids, vec![None, None]);
    // Each trick goes under its led suit, by itself, for everyone to see.
    let events = play(&mut game, &["P0 play R13", "P1 play R1"]);
    assert!(events.contains(&"P0 places the trick under R".to_owned()), "{events:?}");
    assert_eq!(game.view(Observer::Spectator).precision.unwrap().tricks[0], [1, 0, 0, 0]);
    let got = round_points_of(&mut game, &["P0 play G13", "P1 play G1", "P0 play B13", "P1 play B1"]);
    assert_eq!(got, vec![60, 10]);
    assert_eq!(suit_precision_points([s(1), s(1), s(1), s(0)], [1, 1, 1, 0]), 60);
    assert_eq!(suit_precision_points([s(0); 4], [0; 4]), 10);
}

/// "Failing to meet your bid": "the player loses 10 points in the Yellow suit for the
/// extra trick but still earns points for predicting the other suits. Also, no bonus
/// points are gained." The example's bids and tricks are in a picture the text does not
/// hold: the numbers below are our own scenario of that sentence.
#[test]
fn an_extra_yellow_trick_loses_10_and_every_bonus() {
    // Our scenario: bid 1 red, 1 blue, 0 yellow; won 1 red, 1 blue and 1 yellow: 10 + 10 - 10.
    assert_eq!(suit_precision_points([s(1), s(0), s(1), s(0)], [1, 0, 1, 1]), 10);
    // Met, the same suits would score 40 (20 per suit with its bonus).
    assert_eq!(suit_precision_points([s(1), s(0), s(1), s(0)], [1, 0, 1, 0]), 40);
    // "lose 10 points for each missed bid in that suit": two short in red.
    assert_eq!(suit_precision_points([s(3), s(0), s(1), s(0)], [1, 0, 1, 0]), -20 + 10);
    // In play: P0 bids R1 B1 Y0 and is forced to win a yellow trick.
    let mut game = deal(&precision(2, &[3], &[]), Trump::NoTrump, &["R13 B13 Y13", "R1 B1 Y1"]);
    play(&mut game, &["P0 bid R1", "P0 bid G0", "P0 bid B1", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y1"]);
    let got = round_points_of(
        &mut game,
        &["P0 play R13", "P1 play R1", "P0 play B13", "P1 play B1", "P0 play Y13", "P1 play Y1"],
    );
    // P1 missed its yellow trick: -10, and nothing else to earn.
    assert_eq!(got, vec![10, -10]);
}

/// "Double-bids": "you'll earn 5 points for each trick won and a 5-point bonus for each suit
/// you win at least one trick in. For the non double-bidged suits, you still get 10 points
/// for each bid and a 10-point bonus"; failing: "lose 10 points for each missed bid in that
/// suit. However, for each correctly predicted double-bidged trick, gain 5 points", "They
/// get 10 for their single bid predictions and 5 for their double ones".
#[test]
fn double_bids_score_5_per_trick_and_5_bonus() {
    // Met: red 1-2 won 2 (10 + 5), blue 1 won 1 (10 + 10).
    assert_eq!(suit_precision_points([d(1), s(0), s(1), s(0)], [2, 0, 1, 0]), 15 + 20);
    // Met with the lower number of a double bid: 5 per trick and the bonus.
    assert_eq!(suit_precision_points([d(1), s(0), s(0), s(0)], [1, 0, 0, 0]), 10);
    // A met double bid of 0-1 with no trick: nothing (no trick, no bonus).
    assert_eq!(suit_precision_points([d(0), s(1), s(0), s(0)], [0, 1, 0, 0]), 20);
    // The failing example's sentence ("extra tricks in Blue and Green suits, losing 10
    // points for those suits only … 10 for their single bid predictions and 5 for their
    // double ones"), with bids and tricks of our own (the example's are in a picture):
    // extra tricks in blue and green lose 10 each; the single red bid earns 10 per trick,
    // the double yellow one 5.
    assert_eq!(suit_precision_points([s(1), d(0), s(1), d(1)], [1, 2, 2, 2]), 10 - 10 - 10 + 10);
}

/// A trick won with a trump goes under the led suit or the trump suit, the winner's
/// choice, before the end-of-trick actions; a numbered winner of the led suit places it
/// there by itself.
#[test]
fn a_trump_winner_chooses_the_led_or_the_trump_suit() {
    let mut game = deal(&precision(2, &[2], &[]), Trump::Suit("B".parse().unwrap()), &["R13 G6", "B2 G5"]);
    play(&mut game, &["P0 bid R0", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B1", "P1 bid Y0"]);
    play(&mut game, &["P0 play R13", "P1 play B2"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Place { seat: Seat(1), stolen: false });
    assert_eq!(legal(&game, 1), vec!["place R", "place B"]);
    assert!(refused(&game, "P1 place G"));
    assert!(refused(&game, "P0 place R"));
    let events = play(&mut game, &["P1 place B"]);
    assert!(events.contains(&"P1 places the trick under B".to_owned()), "{events:?}");
    // The winner leads next.
    let got = round_points_of(&mut game, &["P1 play G5", "P0 play G6"]);
    assert_eq!(got, vec![20, 20]);
}

/// Golems and Dragons (and, by reading 46, the Kings, the Double-faced card played as a
/// Golem, a Summoner copying one of them) place their trick under any suit; a Summoner
/// copying a number fights as that number and goes under the led suit.
#[test]
fn golems_dragons_and_kings_choose_any_suit() {
    let powers = [Power::GolemKing, Power::DragonKing, Power::DoubleFaced, Power::Summoner];
    let any = vec!["place R", "place G", "place B", "place Y"];
    for (card, choices) in [
        ("golem", any.clone()),
        ("dragon", any.clone()),
        ("golem-king", any.clone()),
        ("dragon-king", any.clone()),
        ("double-faced:golem", any.clone()),
    ] {
        let hand = if card == "double-faced:golem" { "double-faced G3" } else { &format!("{card} G3") };
        let mut game = deal(&precision(2, &[2], &powers), Trump::NoTrump, &["R5 G4", hand]);
        play(&mut game, &["P0 bid R0", "P0 bid G0", "P0 bid B0", "P0 bid Y0"]);
        play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y1"]);
        play(&mut game, &["P0 play R5", &format!("P1 play {card}")]);
        assert_eq!(legal(&game, 1), choices, "{card}");
        let got = round_points_of(&mut game, &["P1 place Y", "P1 play G3", "P0 play G4"]);
        assert_eq!(got, vec![-10, 20], "{card}");
    }
    // A Summoner after R5 is R5.5: a number of the led suit, placed under red by itself.
    let mut game = deal(&precision(2, &[2], &powers), Trump::NoTrump, &["R5 G4", "summoner G3"]);
    play(&mut game, &["P0 bid R0", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R1", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    let events = play(&mut game, &["P0 play R5", "P1 play summoner"]);
    assert!(events.contains(&"P1 places the trick under R".to_owned()), "{events:?}");
    // A Summoner after a Golem King copies it: any suit.
    let mut game = deal(&precision(2, &[2], &powers), Trump::NoTrump, &["golem-king G4", "summoner G3"]);
    play(&mut game, &["P0 bid R0", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R1", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    play(&mut game, &["P0 play golem-king", "P1 play summoner"]);
    assert_eq!(legal(&game, 1), any);
}

/// "If all play Peasant cards, the first player wins and chooses where to place the trick
/// among their suit predictions": a suit bid above 0 (any suit if none, or with
/// `precision_peasant_any`); so does a trick a Wizard turned into Peasants.
#[test]
fn an_all_peasant_trick_goes_among_the_first_players_predictions() {
    let mut game = deal(&precision(2, &[1], &[]), Trump::NoTrump, &["peasant", "peasant#2"]);
    // A one-card round: no double bid ("Double bids … keep their base rules").
    assert!(refused(&game, "P0 bid R0-1"));
    play(&mut game, &["P0 bid R1", "P0 bid G0", "P0 bid B1", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    play(&mut game, &["P0 play peasant", "P1 play peasant"]);
    assert_eq!(legal(&game, 0), vec!["place R", "place B"]);
    assert_eq!(round_points_of(&mut game, &["P0 place B"]), vec![-10 + 10, 10]);
    // With every bid 0 the first player chooses among all four.
    let mut game = deal(&precision(2, &[1], &[]), Trump::NoTrump, &["peasant", "peasant#2"]);
    play(&mut game, &["P0 bid R0", "P0 bid G0", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    play(&mut game, &["P0 play peasant", "P1 play peasant"]);
    assert_eq!(legal(&game, 0).len(), 4);
    // The other reading: any suit.
    let mut any = precision(2, &[1], &[]);
    any.precision_peasant_any = true;
    let mut game = deal(&any, Trump::NoTrump, &["peasant", "peasant#2"]);
    play(&mut game, &["P0 bid R1", "P0 bid G0", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    play(&mut game, &["P0 play peasant", "P1 play peasant"]);
    assert_eq!(legal(&game, 0).len(), 4);
    // A Golem under a Wizard fights as a Peasant: the Peasant case, not the Golem's.
    let mut game = deal(&precision(2, &[1], &[Power::Wizard]), Trump::NoTrump, &["golem", "wizard"]);
    play(&mut game, &["P0 bid R0", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    assert_eq!(round_points_of(&mut game, &["P0 play golem", "P1 play wizard"]), vec![20, 10]);
}

/// The Thief "must place the stolen trick under the same suit of their bid": it steals a
/// trick from one suit of a victim and places it under that suit (`steal P0 R`); with
/// `precision_thief_own_bid`, under a suit it bid above 0, its choice.
#[test]
fn the_thief_places_the_stolen_trick_under_the_same_suit() {
    let hands = ["R13 G13", "R1 thief"];
    let mut game = deal(&precision(2, &[2], &[Power::Thief]), Trump::NoTrump, &hands);
    play(&mut game, &["P0 bid R1", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R1", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    play(&mut game, &["P0 play R13", "P1 play R1", "P0 play G13", "P1 play thief"]);
    assert_eq!(legal(&game, 1), vec!["steal P0 R", "steal P0 G", "keep"]);
    assert!(refused(&game, "P1 steal P0"));
    assert!(refused(&game, "P1 steal P0 B"));
    let events = play(&mut game, &["P1 steal P0 R"]);
    assert!(events.iter().any(|e| e.starts_with("the suits are scored: P0 R1/0 G1/1")), "{events:?}");
    assert!(events.contains(&"P1 places the trick under R".to_owned()), "{events:?}");
    let scored = events.iter().find(|e| e.starts_with("round 1 ends")).unwrap();
    assert!(scored.contains("P0 bid - took 1 +0") && scored.contains("P1 bid - took 1 +20"), "{scored}");
    // The other reading: under a suit of the Thief's own bids, its choice.
    let mut own = precision(2, &[2], &[Power::Thief]);
    own.precision_thief_own_bid = true;
    let mut game = deal(&own, Trump::NoTrump, &hands);
    play(&mut game, &["P0 bid R1", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B1", "P1 bid Y1"]);
    play(&mut game, &["P0 play R13", "P1 play R1", "P0 play G13", "P1 play thief", "P1 steal P0 G"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Place { seat: Seat(1), stolen: true });
    assert_eq!(legal(&game, 1), vec!["place B", "place Y"]);
    assert_eq!(round_points_of(&mut game, &["P1 place Y"]), vec![10 - 10, 10 - 10]);
}

/// The Jester changes one suit's bid by one, within the tokens (`jest R +1`), or none
/// (`jest 0`).
#[test]
fn the_jester_moves_one_suits_bid() {
    let mut game = deal(&precision(2, &[2], &[Power::Jester]), Trump::NoTrump, &["R13 G13", "jester R1"]);
    play(&mut game, &["P0 bid R1", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0-1", "P1 bid G0", "P1 bid B0", "P1 bid Y10"]);
    play(&mut game, &["P0 play R13", "P1 play jester"]);
    let options = legal(&game, 1);
    assert_eq!(options, vec!["jest R +1", "jest G +1", "jest B +1", "jest Y -1", "jest +0"]);
    assert!(refused(&game, "P1 jest +1"));
    play(&mut game, &["P1 jest Y -1"]);
    let view = game.view(Observer::Spectator);
    assert_eq!(view.precision.unwrap().bids[1], [d(0), s(0), s(0), s(9)]);
}

/// An immediate Jester played as the round's last card: resolving it completes the last
/// trick, which is placed after the jest, and the round's events tell the tricks and points
/// the round was scored with (found by a fuzzing run with another seed: the events left the
/// trick out and told P0 -10 points, not the 20 it scored).
#[test]
fn a_jest_that_completes_the_last_trick_scores_it_placed() {
    let mut game = deal(&precision(2, &[2], &[Power::Jester]), Trump::NoTrump, &["R13 G13", "R1 jester"]);
    play(&mut game, &["P0 bid R1", "P0 bid G1", "P0 bid B0", "P0 bid Y0"]);
    play(&mut game, &["P1 bid R0", "P1 bid G0", "P1 bid B0", "P1 bid Y0"]);
    play(&mut game, &["P0 play R13", "P1 play R1", "P0 play G13", "P1 play jester"]);
    let before = game.running_scores();
    let events = step_events(&mut game, "P1 jest Y +1", Observer::Spectator);
    let after = game.running_scores();
    assert!(events.contains(&Event::TrickPlaced { seat: Seat(0), suit: "G".parse().unwrap() }), "{events:?}");
    let tricks = events.iter().find_map(|e| match e {
        Event::SuitsScored { tricks, .. } => Some(tricks.clone()),
        _ => None,
    });
    assert_eq!(tricks, Some(vec![[1, 1, 0, 0], [0; 4]]), "{events:?}");
    let points = events.iter().find_map(|e| match e {
        Event::RoundScored { points, .. } => Some(points.clone()),
        _ => None,
    });
    let changes: Vec<i32> = before.iter().zip(&after).map(|(b, a)| (a - b) as i32).collect();
    assert_eq!(points, Some(changes.clone()), "the events tell the scores' change");
    // P0 met R1 G1 B0 Y0 with both tricks placed; P1's Jester moved its Y0 to Y1.
    assert_eq!(i64::from(changes[0]), i64::from(suit_precision_points([s(1), s(1), s(0), s(0)], [1, 1, 0, 0])));
    assert_eq!(i64::from(changes[1]), i64::from(suit_precision_points([s(0), s(0), s(0), s(1)], [0; 4])));
}

/// A saved game mid-round, a placement waiting, loads back; states that break Suit
/// Precision's rules are refused.
#[test]
fn saved_suit_bids_and_placements_load_back_and_are_checked() {
    let mut game = deal(&precision(2, &[2], &[]), Trump::Suit("B".parse().unwrap()), &["R13 G5", "B2 G6"]);
    play(&mut game, &["P0 bid R0", "P0 bid G1"]);
    let setup = game.to_setup();
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    play(&mut game, &["P0 bid B0", "P0 bid Y0", "P1 bid R0", "P1 bid G0", "P1 bid B1", "P1 bid Y0"]);
    play(&mut game, &["P0 play R13", "P1 play B2"]);
    let setup = game.to_setup();
    assert_eq!(setup.suit_bids.len(), 2);
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(serde_json::from_str::<CrownBattles>(&json).unwrap(), game);
    // The tricks under the suits must add up to the tricks won.
    let bad = Setup { suit_tricks: vec![[0, 0, 1, 0], [0; 4]], ..setup.clone() };
    assert!(matches!(CrownBattles::from_setup(&bad), Err(SetupError::Precision(_))));
    // Bids out of suit order, or beyond the tokens.
    let mut bad = setup.clone();
    bad.suit_bids[0] = [s(0), None, s(0), s(0)];
    assert!(CrownBattles::from_setup(&bad).is_err());
    let mut bad = setup.clone();
    bad.suit_bids[1][3] = s(11);
    assert!(CrownBattles::from_setup(&bad).is_err());
    // A placement nobody has to make.
    let bad = Setup { phase: Some(Phase::Place { seat: Seat(0), stolen: false }), ..setup.clone() };
    assert!(CrownBattles::from_setup(&bad).is_err());
    // Suit bids outside Suit Precision.
    let normal = Setup { config: config(2, &[2], &[]), ..setup };
    assert!(CrownBattles::from_setup(&normal).is_err());
}

/// Round Type cards dealt with Suit Precision among them: the round type machinery plays
/// it like any other, the view shows the suit bids only in its rounds.
#[test]
fn suit_precision_mixes_with_the_other_round_types() {
    let mut config = Config::rulebook(Some(4)).unwrap();
    config.round_types = RoundTypes::deal(&[RoundType::Normal, RoundType::SuitPrecision]);
    let mut seen = [false; 2];
    for seed in 0..6 {
        let mut game = CrownBattles::new(&config, seed).unwrap();
        let mut rng = duke_core::GameRng::new(seed);
        let mut out = Vec::new();
        while !game.is_over() {
            let view = game.view(Observer::Spectator);
            assert_eq!(view.precision.is_some(), view.round_type == RoundType::SuitPrecision);
            seen[usize::from(view.round_type == RoundType::SuitPrecision)] = true;
            let seat = game.to_act().first().unwrap();
            game.legal_actions(seat, &mut out);
            let action = out[rng.below(out.len() as u32) as usize];
            game.apply(seat, action).unwrap();
            game.validate().unwrap();
        }
    }
    assert_eq!(seen, [true, true]);
}
