//! Wagering ("everyone contributes 20 points to a pot. Those who make correct predictions
//! share the pot, rounding down to the nearest 5, while the remaining points go to the
//! bank"), its optional extra wagers and RULES.md, readings 50–52.

mod common;

use common::*;
use crownbattles_rules::{
    Config, CrownBattles, Event, Phase, RoundType, RoundTypes, Schedule, Setup, SetupError, Trump,
};
use duke_core::{Game, Observer, Seat};

/// Five players, one card each, the given round types (one per round).
fn wagering(types: &[RoundType], extra: bool) -> Config {
    let mut c = config(5, &[1], &[]);
    c.schedule = Schedule::new(&vec![1; types.len()]).unwrap();
    c.round_types = RoundTypes::sequence(types).unwrap();
    c.wagering.extra_wagers = extra;
    c.wagering.bid_points = false;
    c
}

/// P0 holds R13 and wins the only trick (no trump).
const HANDS: [&str; 5] = ["R13", "R1", "G1", "B1", "Y1"];

/// Plays the one-card round with these bids (P0 first) and returns the spectator's events
/// of its last step.
fn play_round(game: &mut CrownBattles, bids: [&str; 5]) -> Vec<Event> {
    for (s, b) in bids.iter().enumerate() {
        steps(game, &[&format!("P{s} bid {b}")]);
    }
    steps(game, &["P0 play R13", "P1 play R1", "P2 play G1", "P3 play B1"]);
    let before = game.clone();
    steps(game, &["P4 play Y1"]);
    let mut out = Vec::new();
    CrownBattles::events(&before, Seat(4), "play Y1".parse().unwrap(), game, Observer::Spectator, &mut out);
    out
}

/// "If 3 out of 5 players win a total pot of 100 points (20 points each), each of the
/// three players receives 30 points (rounded down to the nearest 5). The remaining 10
/// points go to the bank."
#[test]
fn three_of_five_winners_receive_30_each_and_10_goes_to_the_bank() {
    let config = wagering(&[RoundType::Wagering, RoundType::Normal], false);
    let mut game = deal(&config, Trump::NoTrump, &HANDS);
    assert_eq!(game.view(Observer::Spectator).pot, 100, "five stakes of 20 on the table");
    // P0 (1), P1 and P2 (0) meet their bids; P3 and P4 (1) do not.
    let events = play_round(&mut game, ["1", "0", "0", "1", "1"]);
    let winners = vec![Seat(0), Seat(1), Seat(2)];
    assert!(
        events.contains(&Event::PotSettled { pot: 100, winners, share: 30, to_bank: 10, carried: 0 }),
        "{events:?}"
    );
    // Each staked 20: the winners end 30 - 20 = +10, the others lose their stake.
    assert_eq!(game.running_scores(), vec![10, 10, 10, -20, -20]);
    assert_eq!(game.view(Observer::Spectator).pot, 0);
    let scored = events.iter().find_map(|e| match e {
        Event::RoundScored { points, .. } => Some(points.clone()),
        _ => None,
    });
    assert_eq!(scored, Some(vec![10, 10, 10, -20, -20]));
}

/// "If no one wins, the pot carries over to the next Wagering Round": kept through a round
/// of another type, added to the next Wagering round's stakes, and shared there by those
/// who meet their bids as any pot (reading 52).
#[test]
fn with_no_winner_the_pot_carries_over_to_the_next_wagering_round() {
    let config = wagering(&[RoundType::Wagering, RoundType::Normal, RoundType::Wagering], false);
    let mut game = deal(&config, Trump::NoTrump, &HANDS);
    let events = play_round(&mut game, ["0", "1", "1", "1", "1"]);
    assert!(events.contains(&Event::PotSettled { pot: 100, winners: vec![], share: 0, to_bank: 0, carried: 100 }));
    // "Players with negative points": everyone lost the stake and is below 0.
    assert_eq!(game.running_scores(), vec![-20; 5]);
    let view = game.view(Observer::Spectator);
    assert_eq!((view.round_type, view.pot), (RoundType::Normal, 100), "the pot waits for the next Wagering round");
    assert_eq!(game.to_setup().pot, 100);
    assert_eq!(CrownBattles::from_setup(&game.to_setup()), Ok(game.clone()), "saved with its pot");
    // The Normal round in between, played out with the first legal action: no stake.
    while game.view(Observer::Spectator).round_type == RoundType::Normal {
        let seat = game.to_act().first().unwrap();
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        game.apply(seat, actions[0]).unwrap();
        assert_eq!(game.view(Observer::Spectator).pot, if game.to_setup().round == 2 { 100 } else { 200 });
    }
    // The next Wagering round: the carried 100 and five new stakes of 20 on the table.
    let view = game.view(Observer::Spectator);
    assert_eq!((view.round_type, view.pot), (RoundType::Wagering, 200));
    let before = game.running_scores();
    // P1 deals: P2 bids and leads first, and wins the trick with R13.
    let setup =
        Setup { trump: Some(Trump::NoTrump), hands: hands(&["B1", "Y1", "R13", "R1", "G1"]), ..game.to_setup() };
    let mut game = start(&setup);
    steps(&mut game, &["P2 bid 1", "P3 bid 0", "P4 bid 1", "P0 bid 0", "P1 bid 1"]);
    steps(&mut game, &["P2 play R13", "P3 play R1", "P4 play G1", "P0 play B1"]);
    let events = step_events(&mut game, "P1 play Y1", Observer::Spectator);
    // P2, P3 and P0 met their bids and share the whole pot of 200: 66 rounded down to the
    // nearest 5 is 65 each, the remaining 5 go to the bank; P4 and P1 lose their stakes.
    let winners = vec![Seat(0), Seat(2), Seat(3)];
    assert!(events.contains(&Event::PotSettled { pot: 200, winners, share: 65, to_bank: 5, carried: 0 }), "{events:?}");
    let moved: Vec<i64> = game.running_scores().iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(moved, vec![45, -20, 45, 45, -20], "65 from the pot after a stake of 20");
    assert_eq!(game.view(Observer::Spectator).pot, 0, "the carried pot is won");
}

/// "Players can increase bets by wagering an extra 10 or 20 points, earning double as a
/// bonus from the bank … If a player bets 20 extra points, they get a 20-point bonus from
/// the bank. If the player fails to meet their bid, they lose their extra bets."
#[test]
fn an_extra_wager_of_20_met_gets_a_20_point_bonus_and_a_failed_one_is_lost() {
    let config = wagering(&[RoundType::Wagering, RoundType::Normal], true);
    let mut game = deal(&config, Trump::NoTrump, &HANDS);
    assert_eq!(legal(&game, 0)[..2], ["wager 10".to_owned(), "wager 20".to_owned()]);
    steps(&mut game, &["P0 wager 20"]);
    assert!(refused(&game, "P0 wager 10"), "one extra wager a round");
    assert_eq!(game.view(Observer::Seat(Seat(3))).wagers, vec![20, 0, 0, 0, 0], "wagers are public");
    steps(&mut game, &["P0 bid 1", "P1 bid 0", "P2 bid 0"]);
    assert!(refused(&game, "P0 wager 10"), "not out of turn");
    steps(&mut game, &["P3 wager 10"]);
    let saved = game.to_setup();
    assert_eq!(saved.wagers, vec![20, 0, 0, 10, 0]);
    assert_eq!(CrownBattles::from_setup(&saved), Ok(game.clone()));
    // The scores move only at the round's end.
    assert_eq!(game.running_scores(), vec![0; 5]);
    // Re-bid from P3 on: P3 and P4 miss their bids of 1.
    let mut rest = game;
    steps(&mut rest, &["P3 bid 1", "P4 bid 1", "P0 play R13", "P1 play R1", "P2 play G1", "P3 play B1", "P4 play Y1"]);
    // P0: -20 stake + 30 share + 20 bonus; P3: -20 stake - 10 wager.
    assert_eq!(rest.running_scores(), vec![30, 10, 10, -30, -20]);
    // Without the optional rule, no wagers are offered.
    let plain = deal(&wagering(&[RoundType::Wagering, RoundType::Normal], false), Trump::NoTrump, &HANDS);
    assert!(legal(&plain, 0).iter().all(|a| !a.starts_with("wager")));
    assert!(refused(&plain, "P0 wager 10"));
}

/// "Double-bidding is not allowed in this round."
#[test]
fn no_double_bids_in_a_wagering_round() {
    let mut config = config(4, &[3], &[]);
    config.round_types = RoundTypes::Every(RoundType::Wagering);
    let game = deal(&config, Trump::NoTrump, &["R1 R2 R3", "G1 G2 G3", "B1 B2 B3", "Y1 Y2 Y3"]);
    assert_eq!(
        legal(&game, 0),
        vec!["bid 0", "bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "bid 7", "bid 8", "bid 9", "bid 10"]
    );
    assert!(refused(&game, "P0 bid 1-2"));
    let bad = Setup {
        bids: bids(&["1-2", "-", "-", "-"]),
        ..table(&config, Trump::NoTrump, &["R1 R2 R3", "G1 G2 G3", "B1 B2 B3", "Y1 Y2 Y3"])
    };
    assert!(matches!(CrownBattles::from_setup(&bad), Err(SetupError::Bid { .. })));
}

/// With `bid_points` (reading 50's other reading) the bids also score as in Normal Bidding.
#[test]
fn bid_points_add_normal_bidding_scores_to_the_pot() {
    let mut config = wagering(&[RoundType::Wagering, RoundType::Normal], false);
    config.wagering.bid_points = true;
    let mut game = deal(&config, Trump::NoTrump, &HANDS);
    play_round(&mut game, ["1", "0", "0", "1", "1"]);
    // Winners: +10 from the pot, and 30 (1 trick) or 20 (0 tricks) for the bid.
    assert_eq!(game.running_scores(), vec![40, 30, 30, -30, -30]);
}

/// A pot that is not in stakes of 20, or without Wagering rounds; wagers of other sizes,
/// outside the optional rule or by seats yet to bid: typed errors.
#[test]
fn setups_with_a_pot_or_wagers_that_do_not_fit_are_refused() {
    let config = wagering(&[RoundType::Wagering, RoundType::Normal], true);
    let at_start = table(&config, Trump::NoTrump, &HANDS);
    let refused = |s: Setup| matches!(CrownBattles::from_setup(&s), Err(SetupError::Wagering(_)));
    assert!(refused(Setup { pot: 30, ..at_start.clone() }));
    assert!(refused(Setup { wagers: vec![15, 0, 0, 0, 0], ..at_start.clone() }));
    assert!(refused(Setup { wagers: vec![0, 10, 0, 0, 0], ..at_start.clone() }), "P1 has not come to bid");
    assert!(CrownBattles::from_setup(&Setup { pot: 60, wagers: vec![10, 0, 0, 0, 0], ..at_start.clone() }).is_ok());
    let normal = common::config(5, &[1], &[]);
    assert!(refused(Setup { pot: 20, ..table(&normal, Trump::NoTrump, &HANDS) }));
    let no_extra = wagering(&[RoundType::Wagering, RoundType::Normal], false);
    assert!(refused(Setup { wagers: vec![10, 0, 0, 0, 0], ..table(&no_extra, Trump::NoTrump, &HANDS) }));
    assert_eq!(CrownBattles::from_setup(&at_start).unwrap().view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
}
