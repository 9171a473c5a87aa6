//! The Split ("two separate smaller rounds. Players split their hand of cards into two
//! equals and place 2 separate bids, one for each half of cards"), its scoring with the
//! printed examples, and the readings of RULES.md, reading 36.

mod common;

use common::*;
use crownbattles_rules::{
    Config, CrownBattles, Phase, RoundType, RoundTypes, Setup, SetupError, SplitLead, SplitMiss, Trump,
};
use duke_core::{Game, Observer, Seat};

fn the_split(players: u8, cards: &[u8]) -> Config {
    let mut c = config(players, cards, &[]);
    c.round_types = RoundTypes::Every(RoundType::TheSplit);
    c
}

/// Two players, six cards: halves of three. P0 takes R13 and R12 in the first half and
/// B13 in the second.
fn two_halves(config: &Config) -> CrownBattles {
    let mut game = deal(config, Trump::NoTrump, &["R13 R12 G5 B13 Y5 Y6", "R6 R7 G13 B5 Y13 Y12"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Splitting);
    steps(&mut game, &["P1 aside B5", "P0 aside B13", "P0 aside Y5", "P1 aside Y13", "P1 aside Y12", "P0 aside Y6"]);
    game
}

const FIRST_HALF: [&str; 6] = ["P0 play R13", "P1 play R6", "P0 play R12", "P1 play R7", "P0 play G5", "P1 play G13"];
const SECOND_HALF: [&str; 6] = ["P0 play B13", "P1 play B5", "P0 play Y5", "P1 play Y13", "P1 play Y12", "P0 play Y6"];

/// The printed example: "If a player bids 2 for the first hand and 1 for the second, they
/// score 50 points: 30 for tricks and 20 as bonus points."
#[test]
fn bids_of_2_and_1_met_score_50() {
    let mut game = two_halves(&the_split(2, &[6]));
    // Each seat bids for its first half, then its second, from the dealer's left.
    steps(&mut game, &["P0 bid 2", "P0 bid 1", "P1 bid 1", "P1 bid 2"]);
    let view = game.view(Observer::Spectator);
    assert_eq!(view.bids, bids(&["2", "1"]));
    assert_eq!(view.split.as_ref().unwrap().other_bids, bids(&["1", "2"]));
    let mut lines = FIRST_HALF.to_vec();
    lines.extend(SECOND_HALF);
    assert_eq!(round_points_of(&mut game, &lines), vec![50, 50]);
    assert_eq!(game.running_scores(), vec![50, 50]);
}

/// The printed exception: "when players predict to win 0 tricks in both bids, they still
/// earn 10 bonus points in total".
#[test]
fn bids_of_0_and_0_met_score_10() {
    let config = the_split(2, &[6]);
    let mut game = deal(&config, Trump::NoTrump, &["R13 R12 R11 B13 B12 B11", "R5 R6 R7 B5 B6 B7"]);
    steps(&mut game, &["P0 aside B13", "P0 aside B12", "P0 aside B11", "P1 aside B5", "P1 aside B6", "P1 aside B7"]);
    steps(&mut game, &["P0 bid 3", "P0 bid 3", "P1 bid 0", "P1 bid 0"]);
    let lines = [
        "P0 play R13",
        "P1 play R5",
        "P0 play R12",
        "P1 play R6",
        "P0 play R11",
        "P1 play R7",
        "P0 play B13",
        "P1 play B5",
        "P0 play B12",
        "P1 play B6",
        "P0 play B11",
        "P1 play B7",
    ];
    // P0: 60 for the tricks, 20 bonus; P1: 10 in total.
    assert_eq!(round_points_of(&mut game, &lines), vec![80, 10]);
}

/// "Failing to meet your bid": the missed hand loses 10 per trick off, the correct hand
/// scores 10 (default) or 10 per trick (the other reading), no bonus.
#[test]
fn a_missed_half_loses_10_per_trick_off_and_the_other_scores_as_the_reading_says() {
    // P0 meets its first half (bid 2, takes 2) and misses its second (bid 2, takes 1); P1
    // misses its first half (bid 0, takes 1) and meets its second (bid 2, takes 2).
    for (miss, want) in [(SplitMiss::PerHand, vec![10 - 10, -10 + 10]), (SplitMiss::PerTrick, vec![20 - 10, -10 + 20])]
    {
        let mut config = the_split(2, &[6]);
        config.split_miss = miss;
        let mut game = two_halves(&config);
        steps(&mut game, &["P0 bid 2", "P0 bid 2", "P1 bid 0", "P1 bid 2"]);
        let mut lines = FIRST_HALF.to_vec();
        lines.extend(SECOND_HALF);
        assert_eq!(round_points_of(&mut game, &lines), want, "{miss:?}");
    }
}

#[test]
fn the_split_is_secret_and_the_halves_are_played_in_turn() {
    let mut game = two_halves(&the_split(2, &[6]));
    let view = game.view(Observer::Seat(Seat(0)));
    assert_eq!(view.hand, faces("R12 R13 G5"));
    assert_eq!(view.split.as_ref().unwrap().aside, faces("B13 Y5 Y6"));
    assert_eq!(view.split.as_ref().unwrap().aside_sizes, vec![3, 3]);
    // The other seat and a spectator see how many cards were set aside, not which.
    assert!(game.view(Observer::Seat(Seat(1))).split.unwrap().aside.iter().all(|f| !faces("B13 Y5 Y6").contains(f)));
    assert!(game.view(Observer::Spectator).split.unwrap().aside.is_empty());
    steps(&mut game, &["P0 bid 2", "P0 bid 1", "P1 bid 1", "P1 bid 2"]);
    steps(&mut game, &FIRST_HALF[..5]);
    // The last card of the first half: the set-aside halves are taken up, led from the
    // dealer's left (P0, although P1 takes the trick).
    let events = seen(&mut game, FIRST_HALF[5], Observer::Seat(Seat(0)));
    assert_eq!(
        events,
        vec![
            "P1 play G13",
            "P1 wins the trick: P0=G5 P1=G13",
            "the first half is played: P0 bid 2 took 2; P1 bid 1 took 1; the second half starts",
        ]
    );
    let view = game.view(Observer::Seat(Seat(0)));
    assert_eq!(view.phase, Phase::Play(Seat(0)));
    assert_eq!(view.hand, faces("B13 Y5 Y6"));
    assert_eq!(view.tricks, vec![0, 0]);
    assert_eq!(view.bids, bids(&["1", "2"]));
    let split = view.split.unwrap();
    assert_eq!((split.half, split.first_tricks, split.other_bids), (2, vec![2, 1], bids(&["2", "1"])));
    // P1 showed it lacked nothing; voids of the first half would say nothing of the second.
    assert!(view.voids.iter().all(Vec::is_empty));
}

/// The other reading of who leads the second half: the first half's last winner.
#[test]
fn with_the_option_the_last_winner_leads_the_second_half() {
    let mut config = the_split(2, &[6]);
    config.split_lead = SplitLead::LastWinner;
    let mut game = two_halves(&config);
    steps(&mut game, &["P0 bid 2", "P0 bid 1", "P1 bid 1", "P1 bid 2"]);
    steps(&mut game, &FIRST_HALF);
    // P1 took the last trick of the first half (G13).
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(1)));
    steps(&mut game, &["P1 play Y13", "P0 play Y5"]);
    assert_eq!(game.view(Observer::Spectator).tricks, vec![0, 1]);
}

#[test]
fn others_see_a_card_set_aside_face_down() {
    let config = the_split(3, &[4]);
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2 R3 R4", "G1 G2 G3 G4", "B1 B2 B3 B4"]);
    // Everyone sets aside at once, in any order.
    assert_eq!(game.to_act().iter().count(), 3);
    assert_eq!(legal(&game, 1), vec!["aside G1", "aside G2", "aside G3", "aside G4"]);
    assert_eq!(
        seen(&mut game, "P1 aside G3", Observer::Seat(Seat(0))),
        vec!["P1 sets a card aside face down for the second half"]
    );
    assert_eq!(seen(&mut game, "P1 aside G4", Observer::Seat(Seat(1))), vec!["P1 aside G4"]);
    // P1's half is set aside: it waits for the others.
    assert!(legal(&game, 1).is_empty());
    assert!(refused(&game, "P1 aside G1"));
    assert!(refused(&game, "P0 aside G1"));
    steps(&mut game, &["P0 aside R1", "P2 aside B1", "P0 aside R2", "P2 aside B2"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
}

/// Double bids and the bid tokens as in Normal Bidding, for the half the bid is for: no
/// double bid for a half of one card ("Double bidding is not allowed in the round where
/// each player is dealt only one card"); the larger half is the second.
#[test]
fn an_odd_deal_puts_the_larger_half_second_and_a_one_card_half_bids_single() {
    let config = the_split(3, &[3]);
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2 R3", "G1 G2 G3", "B1 B2 B3"]);
    steps(&mut game, &["P0 aside R1", "P0 aside R2", "P1 aside G1", "P1 aside G2", "P2 aside B1", "P2 aside B2"]);
    assert_eq!(game.view(Observer::Seat(Seat(0))).hand, faces("R3"));
    let first = legal(&game, 0);
    assert!(first.contains(&"bid 1".to_owned()) && !first.iter().any(|b| b.contains('-')), "{first:?}");
    steps(&mut game, &["P0 bid 1"]);
    assert!(legal(&game, 0).contains(&"bid 0-1".to_owned()));
    assert!(refused(&game, "P1 bid 0"), "P0 bids both halves before P1");
}

/// One card dealt: the first half has no card; once the bids are placed the second half
/// is played at once.
#[test]
fn a_one_card_deal_plays_only_the_second_half() {
    let config = the_split(3, &[1]);
    let mut game = deal(&config, Trump::NoTrump, &["R1", "G1", "B1"]);
    steps(&mut game, &["P0 aside R1", "P1 aside G1", "P2 aside B1", "P0 bid 0", "P0 bid 1", "P1 bid 0", "P1 bid 0"]);
    steps(&mut game, &["P2 bid 0"]);
    let events = seen(&mut game, "P2 bid 0", Observer::Spectator);
    assert!(events.iter().any(|e| e.starts_with("the first half is played")), "{events:?}");
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Play(Seat(0)));
    // P0: 0 and 1 met (10 + 20); P1 and P2: 0 and 0 met (10 in total).
    assert_eq!(round_points_of(&mut game, &["P0 play R1", "P1 play G1", "P2 play B1"]), vec![30, 10, 10]);
}

/// "Screw the dealer" binds each half on its own (reading 36).
#[test]
fn screw_the_dealer_binds_each_half() {
    let mut config = the_split(2, &[4]);
    config.screw_the_dealer = true;
    let mut game = deal(&config, Trump::NoTrump, &["R1 R2 R3 R4", "G1 G2 G3 G4"]);
    steps(&mut game, &["P0 aside R1", "P0 aside R2", "P1 aside G1", "P1 aside G2"]);
    steps(&mut game, &["P0 bid 1", "P0 bid 0"]);
    // P1 deals: its first half's bid may not bring the first half's total to 2.
    assert!(refused(&game, "P1 bid 1") && !refused(&game, "P1 bid 2"));
    steps(&mut game, &["P1 bid 0"]);
    assert!(refused(&game, "P1 bid 2") && !refused(&game, "P1 bid 1"));
}

#[test]
fn a_split_position_is_its_setup_and_bad_halves_are_refused() {
    let mut game = two_halves(&the_split(2, &[6]));
    steps(&mut game, &["P0 bid 2", "P0 bid 1", "P1 bid 1"]);
    let setup = game.to_setup();
    assert_eq!(setup.aside, vec![cards("B13 Y5 Y6"), cards("B5 Y12 Y13")]);
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game.clone()));
    steps(&mut game, &["P1 bid 2"]);
    steps(&mut game, &FIRST_HALF);
    steps(&mut game, &SECOND_HALF[..3]);
    let setup = game.to_setup();
    assert_eq!((setup.first_half_tricks.clone(), setup.other_bids.clone()), (vec![2, 1], bids(&["2", "1"])));
    assert_eq!(CrownBattles::from_setup(&setup), Ok(game));
    // More first-half tricks than its cards, set-aside cards in a Normal Bidding round.
    let too_many = Setup { first_half_tricks: vec![3, 1], ..setup.clone() };
    assert_eq!(CrownBattles::from_setup(&too_many), Err(SetupError::Split));
    let mut normal = the_split(2, &[6]);
    normal.round_types = RoundTypes::default();
    let stray = Setup {
        aside: vec![cards("B13"), cards("B5")],
        ..table(&normal, Trump::NoTrump, &["R13 R12 G5 Y5 Y6 B12", "R6 R7 G13 Y13 Y12 B6"])
    };
    assert_eq!(CrownBattles::from_setup(&stray), Err(SetupError::Split));
    // During the split, at most a second half set aside.
    let split = Setup {
        aside: vec![cards("B13 Y5 Y6 R13"), vec![]],
        ..table(&the_split(2, &[6]), Trump::NoTrump, &["R12 G5", "R6 R7 G13 B5 Y13 Y12"])
    };
    assert_eq!(CrownBattles::from_setup(&split), Err(SetupError::Split));
}

/// Determinization keeps the seat's own set-aside half and re-deals the others' unseen
/// halves at their sizes.
#[test]
fn determinization_keeps_the_own_half_and_redeals_the_others() {
    let mut game = two_halves(&the_split(2, &[6]));
    steps(&mut game, &["P0 bid 2", "P0 bid 1", "P1 bid 1", "P1 bid 2"]);
    let mut moved = false;
    for seed in 0..20 {
        let world = game.determinize(Seat(0), seed);
        let view = world.view(Observer::Seat(Seat(0)));
        assert_eq!(view.split.as_ref().unwrap().aside, faces("B13 Y5 Y6"));
        assert_eq!(view.split.as_ref().unwrap().aside_sizes, vec![3, 3]);
        assert_eq!(view.hand, faces("R12 R13 G5"));
        let theirs = world.to_setup().aside[1].clone();
        moved |= theirs != cards("B5 Y12 Y13");
        assert!(world.validate().is_ok());
    }
    assert!(moved, "the other seat's set-aside half is re-dealt");
}

/// Positions no game of The Split reaches are refused on load (RULES.md, reading 31).
#[test]
fn positions_that_do_not_fit_the_split_are_refused() {
    let split = the_split(2, &[6]);
    let dealt = table(&split, Trump::NoTrump, &["R13 R12 G5 B13 Y5 Y6", "R6 R7 G13 B5 Y13 Y12"]);
    // The split comes before the bids: no bid while a half is still being set aside.
    let early = Setup { phase: Some(Phase::Bidding(Seat(0))), ..dealt.clone() };
    assert!(matches!(CrownBattles::from_setup(&early), Err(SetupError::Phase(_))));
    // Only a round of The Split is split.
    let mut normal = the_split(2, &[2]);
    normal.round_types = RoundTypes::default();
    let stray = Setup { phase: Some(Phase::Splitting), ..table(&normal, Trump::NoTrump, &["R13 R12", "R6 R7"]) };
    assert!(matches!(CrownBattles::from_setup(&stray), Err(SetupError::Phase(_))));
    // A bid for the second half only after the seat's bid for the first.
    let halves = Setup {
        hands: hands(&["R13 R12 G5", "R6 R7 G13"]),
        aside: vec![cards("B13 Y5 Y6"), cards("B5 Y13 Y12")],
        bids: bids(&["-", "-"]),
        other_bids: bids(&["1", "-"]),
        ..dealt.clone()
    };
    assert_eq!(CrownBattles::from_setup(&halves), Err(SetupError::Split));
    // Both bids of P0 before P1's.
    let order = Setup { bids: bids(&["1", "1"]), other_bids: bids(&["-", "-"]), ..halves.clone() };
    assert_eq!(CrownBattles::from_setup(&order), Err(SetupError::BidOrder));
    let fine = Setup { bids: bids(&["1", "1"]), other_bids: bids(&["2", "-"]), ..halves };
    assert_eq!(CrownBattles::from_setup(&fine).map(|g| g.to_act().first()), Ok(Some(Seat(1))));
}
