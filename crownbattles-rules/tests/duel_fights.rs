//! Duel Fights ("the dealer pairs players, and they play against each other … If there's
//! an odd number, one group will have 3 players"): the pairing, the bidding order, every
//! printed scoring example, and RULES.md, readings 53–56.

mod common;

use common::*;
use crownbattles_rules::{
    Bid, Config, ConfigError, CrownBattles, DuelPairing, DuelRules, Event, Phase, RoundType, RoundTypes, Setup,
    SetupError, Trump, duel_points,
};
use duke_core::{Game, Observer, Seat};

fn s(n: u8) -> Option<Bid> {
    Some(Bid::Single(n))
}

/// The defaults: the dealer pairs, no bonus, no misses to the bank.
fn rules() -> DuelRules {
    DuelRules::default()
}

/// The defaults with one option changed.
fn rules_with(change: impl FnOnce(&mut DuelRules)) -> DuelRules {
    let mut rules = rules();
    change(&mut rules);
    rules
}

/// "Both winners: If both players predict correctly, they get 10 points for every trick
/// won, but without any bonus points." (And "3-Way Fight", "All winners", the same.)
#[test]
fn both_winners_get_10_per_trick_without_the_bonus() {
    assert_eq!(duel_points(&[(s(2), 2), (s(1), 1)], rules()), [20, 10, 0]);
    assert_eq!(duel_points(&[(s(2), 2), (s(1), 1), (s(0), 0)], rules()), [20, 10, 0]);
}

/// "if one player bids 3 tricks and succeeds, earning 30 points, and the other bids 3 but
/// only gets 2, the winner also takes 10 points from the player who missed their bid."
#[test]
fn one_winner_takes_the_10_points_the_loser_lost() {
    assert_eq!(duel_points(&[(s(3), 3), (s(3), 2)], rules()), [30 + 10, -10, 0]);
    // With Normal Bidding's bonus (reading 55's other reading): 50 + 10.
    assert_eq!(duel_points(&[(s(3), 3), (s(3), 2)], rules_with(|r| r.winner_bonus = true)), [60, -10, 0]);
}

/// "If one player missed their bid by 1 (bidding 2 and taking 3 tricks), and the other
/// player missed by 3 (bidding 0 and taking 3 tricks), the first player who missed by less
/// gets 20 points from their opponent. 3 − 1 = 2, 2 × 10 = 20"; "If there's a tie in
/// misses, no points are awarded, and both players lose their points to the bank."
#[test]
fn with_no_winner_the_smaller_margin_gets_20_and_a_tie_loses_to_the_bank() {
    assert_eq!(duel_points(&[(s(2), 3), (s(0), 3)], rules()), [20, -20, 0]);
    assert_eq!(duel_points(&[(s(2), 3), (s(4), 3)], rules()), [-10, -10, 0]);
    // Reading 56's other reading: the misses also go to the bank.
    assert_eq!(duel_points(&[(s(2), 3), (s(0), 3)], rules_with(|r| r.misses_to_bank = true)), [10, -50, 0]);
}

/// "One winner example: If one player bid 3 tricks and successfully gets all 3, they earn
/// 30 points. If the other 2 players bid 3 tricks but only get 2 tricks, they each lose 10
/// points … they will give their losing points to the winner."
#[test]
fn three_way_one_winner_gets_the_20_the_two_losers_lost() {
    assert_eq!(duel_points(&[(s(3), 3), (s(3), 2), (s(3), 2)], rules()), [50, -10, -10]);
}

/// "Two winners example: If two players bid 3 tricks and win all 3, each earns 30 points.
/// If the third player bids 3 tricks but only manages to get 2 tricks, loses 10 points …
/// those lost points are divided between the winners" (5 each: "rounding down to the
/// nearest 5").
#[test]
fn three_way_two_winners_divide_the_10_the_loser_lost() {
    assert_eq!(duel_points(&[(s(3), 3), (s(3), 3), (s(3), 2)], rules()), [35, 35, -10]);
    // 30 lost by one loser divided between two: 15 each; rounding down to 5 of odd shares
    // cannot arise with two winners (lost points come in tens), so 3 winners of 4 is out
    // of a group, and the rule's rounding is checked on the no-winner ties below.
    assert_eq!(duel_points(&[(s(1), 1), (s(0), 0), (s(0), 3)], rules()), [25, 15, -30]);
}

/// "if one player missed their bid by 1, another by 2, and the third by 3, the player who
/// missed by the least gets points from the others"; "In case of a 2-player tie, players
/// split the points from the third losing player"; "If there's a 3-player tie, no points
/// are given, and all players lose their points to the bank."
#[test]
fn three_way_no_winner_the_least_miss_collects_and_ties_split_or_lose_to_the_bank() {
    // 10 × (2 − 1) from the second and 10 × (3 − 1) from the third.
    assert_eq!(duel_points(&[(s(0), 1), (s(0), 2), (s(0), 3)], rules()), [30, -10, -20]);
    // Two tied at 1, the third at 3: they split its 20, 10 each.
    assert_eq!(duel_points(&[(s(0), 1), (s(2), 1), (s(4), 1)], rules()), [10, 10, -20]);
    // Two tied at 1, the third at 2: 10 split, 5 each (rounded down to 5).
    assert_eq!(duel_points(&[(s(0), 1), (s(2), 1), (s(3), 1)], rules()), [5, 5, -10]);
    // Two tied at 1, the third at 4: 30 split, 15 each.
    assert_eq!(duel_points(&[(s(0), 1), (s(2), 1), (s(5), 1)], rules()), [15, 15, -30]);
    // A 3-player tie: each loses its misses to the bank.
    assert_eq!(duel_points(&[(s(0), 2), (s(4), 2), (s(4), 6)], rules()), [-20, -20, -20]);
}

fn duels(players: u8, rules: DuelRules) -> Config {
    let mut c = config(players, &[1, 1], &[]);
    c.round_types = RoundTypes::Every(RoundType::DuelFights);
    c.duels = rules;
    c
}

/// The dealer pairs the players after the deal and the spin, one group at a time, the last
/// one forming itself; everyone sees the groups; then the bids go clockwise from the
/// dealer's left, and each group is scored against itself.
#[test]
fn the_dealer_pairs_four_players_and_each_pair_is_scored_against_itself() {
    let config = duels(4, rules());
    let mut game = deal(&config, Trump::NoTrump, &["R13", "R1", "G1", "B1"]);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Pairing);
    assert_eq!(legal(&game, 3), vec!["duel P0 P1", "duel P0 P2", "duel P0 P3"]);
    assert!(legal(&game, 0).is_empty(), "only the dealer pairs");
    assert!(refused(&game, "P3 duel P1 P2"), "the group of the lowest seat not grouped comes first");
    let before = game.clone();
    steps(&mut game, &["P3 duel P0 P2"]);
    let mut events = Vec::new();
    CrownBattles::events(&before, Seat(3), "duel P0 P2".parse().unwrap(), &game, Observer::Seat(Seat(1)), &mut events);
    let groups = vec![vec![Seat(0), Seat(2)], vec![Seat(1), Seat(3)]];
    assert!(events.contains(&Event::Paired { groups: groups.clone() }), "{events:?}");
    assert_eq!(game.view(Observer::Seat(Seat(1))).duels, groups);
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
    assert_eq!(CrownBattles::from_setup(&game.to_setup()), Ok(game.clone()));
    // P0 meets 1; P2 misses by 1 and gives P0 its 10. P1 meets 0; P3 misses by 1.
    steps(&mut game, &["P0 bid 1", "P1 bid 0", "P2 bid 1", "P3 bid 1"]);
    steps(&mut game, &["P0 play R13", "P1 play R1", "P2 play G1", "P3 play B1"]);
    assert_eq!(game.running_scores(), vec![20, 10, -10, -10]);
}

/// With five players the dealer forms the group of three (or two pairs leave it).
#[test]
fn with_five_players_one_group_has_three() {
    let config = duels(5, rules());
    let mut game = deal(&config, Trump::NoTrump, &["R13", "R1", "G1", "B1", "Y1"]);
    let offered = legal(&game, 4);
    assert_eq!(offered.len(), 10, "every way to choose the pair or the three: {offered:?}");
    assert!(offered.contains(&"duel P0 P2 P4".to_owned()));
    steps(&mut game, &["P4 duel P0 P2 P4"]);
    assert_eq!(game.view(Observer::Spectator).duels, vec![vec![Seat(0), Seat(2), Seat(4)], vec![Seat(1), Seat(3)]]);
    steps(&mut game, &["P0 bid 1", "P1 bid 1", "P2 bid 1", "P3 bid 0", "P4 bid 0"]);
    steps(&mut game, &["P0 play R13", "P1 play R1", "P2 play G1", "P3 play B1", "P4 play Y1"]);
    // Three: P0 (10) and P4 (0) met, P2 lost 10: 5 each. Two: P3 met 0 and takes P1's 10.
    assert_eq!(game.running_scores(), vec![15, -10, -10, 10, 5]);
    // A pair first leaves the other three to form the group of three themselves.
    let mut other = deal(&config, Trump::NoTrump, &["R13", "R1", "G1", "B1", "Y1"]);
    steps(&mut other, &["P4 duel P0 P3"]);
    assert_eq!(other.view(Observer::Spectator).duels, vec![vec![Seat(0), Seat(3)], vec![Seat(1), Seat(2), Seat(4)]]);
}

/// `DuelPairing::Random`: the generator groups everyone at the round's start, seen by all.
#[test]
fn a_random_pairing_groups_everyone_at_the_start() {
    let config = duels(7, rules_with(|r| r.pairing = DuelPairing::Random));
    for seed in 0..20 {
        let game = CrownBattles::new(&config, seed).unwrap();
        let view = game.view(Observer::Spectator);
        if view.phase == Phase::ChooseTrump {
            continue;
        }
        let mut sizes: Vec<usize> = view.duels.iter().map(Vec::len).collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![2, 2, 3], "seed {seed}: {:?}", view.duels);
        assert!(game.opening_events(Observer::Spectator).contains(&Event::Paired { groups: view.duels.clone() }));
        assert_eq!(CrownBattles::from_setup(&game.to_setup()), Ok(game));
    }
}

/// Not with 2 or 3 players ("exclude the Duel Fights card"); groups that do not fit a
/// setup are typed errors.
#[test]
fn excluded_player_counts_and_bad_groups_are_refused() {
    for players in [2, 3] {
        let mut c = Config::rulebook(Some(players)).unwrap();
        c.round_types = RoundTypes::Every(RoundType::DuelFights);
        assert!(matches!(c.check(), Err(ConfigError::RoundTypeExcluded { .. })));
    }
    let config = duels(4, rules());
    let start = table(&config, Trump::NoTrump, &["R13", "R1", "G1", "B1"]);
    let bad = |groups: Vec<Vec<u8>>| {
        let duels = groups.iter().map(|g| g.iter().map(|&s| Seat(s)).collect()).collect();
        matches!(CrownBattles::from_setup(&Setup { duels, ..start.clone() }), Err(SetupError::Duels(_)))
    };
    assert!(bad(vec![vec![0, 1, 2], vec![3]]));
    assert!(bad(vec![vec![0, 1], vec![1, 2]]));
    assert!(bad(vec![vec![0, 1]]), "half grouped outside the pairing: the phase says bidding");
    let groups = vec![vec![Seat(0), Seat(3)], vec![Seat(1), Seat(2)]];
    let game = CrownBattles::from_setup(&Setup { duels: groups, ..start.clone() }).unwrap();
    assert_eq!(game.view(Observer::Spectator).phase, Phase::Bidding(Seat(0)));
}
