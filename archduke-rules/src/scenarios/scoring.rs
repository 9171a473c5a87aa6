//! Scenarios of scoring: the caller penalty, tie-breaks, tokens, variations and game-end marks.

use super::*;

#[test]
fn caller_tie_counts_as_beaten_unless_configured_otherwise() {
    for (penalty, expect) in [(CallerPenalty::UnlessStrictlyLowest, true), (CallerPenalty::OnlyIfBeaten, false)] {
        let config = Config { caller_penalty: penalty, ..cfg(2) };
        let mut g = table(config, &[&[n(2), n(3), None, None], &[n(4), n(1), None, None]], &[9], &[10], 1);
        g.caller = 0;
        g.end_round();
        assert_eq!(g.last.penalised, expect, "{penalty:?}");
    }
}

fn places(grids: &[&[Option<i8>]], top: &[i8]) -> Vec<u8> {
    let mut g = table(cfg(grids.len() as u8), grids, top, &[10], NONE);
    g.end_round();
    g.last.place[..grids.len()].to_vec()
}

#[test]
fn tie_breaks_sum_then_fewer_cards_then_lowest_card_then_draw_off() {
    // Lowest hand.
    assert_eq!(places(&[&[n(5), n(5)], &[n(2), n(2)]], &[]), vec![2, 1]);
    // Equal hands: fewer cards.
    assert_eq!(places(&[&[n(2), n(2), n(2), None], &[n(3), n(3), None, None]], &[]), vec![2, 1]);
    // Equal hands and counts: the lowest single card.
    assert_eq!(places(&[&[n(3), n(5)], &[n(4), n(4)]], &[]), vec![1, 2]);
    // Still tied: each draws a card from the deck, lowest wins (P0 draws first, from the top).
    assert_eq!(places(&[&[n(4), n(4)], &[n(4), n(4)]], &[9, 2]), vec![1, 2]);
    assert_eq!(places(&[&[n(4), n(4)], &[n(4), n(4)]], &[2, 9]), vec![2, 1]);
    // Tied again on the draw: draw again.
    assert_eq!(places(&[&[n(4), n(4)], &[n(4), n(4)]], &[3, 8, 6, 6]), vec![2, 1]);
}

#[test]
fn box_tokens_four_rounds_lowest_total_wins_and_ties_share() {
    let mut g = table(cfg(2), &[&[n(2), n(2)], &[n(9), n(9)]], &[], &[10], NONE);
    g.end_round();
    assert_eq!(g.scores[..2], [1, 2]);
    assert_eq!(g.first, 1, "last place goes first");
    assert_eq!(g.dealer, 0, "the player to his right deals");
    g.round = 4;
    g.scores[..2].copy_from_slice(&[5, 4]);
    let mut g = rebuild(&g, &[&[n(9), n(9)], &[n(2), n(2)]]);
    g.end_round();
    assert_eq!(g.phase, Phase::Over);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores, vec![7, 5]);
    assert_eq!(outcome.ranks, vec![2, 1]);
    // A tie shares the victory.
    let mut g = rebuild(&g, &[&[n(2), n(2)], &[n(9), n(9)]]);
    g.phase = Phase::Window;
    g.round = 4;
    g.scores[..2].copy_from_slice(&[5, 4]);
    g.end_round();
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 1]);
}

/// The same game with new grids (fresh window, same scores and round).
fn rebuild(g: &Archduke, grids: &[&[Option<i8>]]) -> Archduke {
    let mut fresh = table(g.config(), grids, &[], &[10], NONE);
    fresh.round = g.round;
    fresh.scores = g.scores;
    fresh.out_round = g.out_round;
    fresh.active = g.active;
    fresh.final_round = g.final_round;
    fresh.check().unwrap();
    fresh
}

#[test]
fn advanced_mode_plays_eight_rounds() {
    let config = Config { scoring: Scoring::Tokens { rounds: 8 }, ..cfg(2) };
    let mut g = table(config, &[&[n(2)], &[n(9)]], &[], &[10], NONE);
    for round in 1..=8 {
        assert_eq!(g.round, round);
        assert_ne!(g.phase, Phase::Over);
        g = rebuild(&g, &[&[n(2)], &[n(9)]]);
        g.end_round();
    }
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().scores, vec![8, 16]);
}

#[test]
fn battle_royal_eliminates_the_highest_hand_until_one_remains() {
    let config = Config { scoring: Scoring::BattleRoyal, ..cfg(3) };
    let mut g = table(config, &[&[n(2)], &[n(9)], &[n(5)]], &[], &[10], NONE);
    g.end_round();
    assert!(!g.active.contains(Seat(1)));
    assert_eq!(g.first, 2, "the player left of the eliminated one goes first");
    let view = g.view(Observer::Spectator);
    assert_eq!(view.grids[1].iter().filter(|c| **c != Cell::Empty).count(), 0);
    let mut g = rebuild(&g, &[&[n(9)], &[], &[n(5)]]);
    g.end_round();
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().ranks, vec![2, 3, 1]);
}

fn points(mark: Mark, players: u8) -> Config {
    Config { scoring: Scoring::Points { mark }, ..RuleSet::Online.config(players) }.with_dealer(players - 1)
}

impl Config {
    fn with_dealer(self, dealer: u8) -> Config {
        Config { dealer: Some(dealer), ..self }
    }
}

#[test]
fn mark_eliminate_at_threshold_until_one_remains() {
    let mut g = table(points(Mark::EliminateAt { threshold: 20 }, 3), &[&[n(2)], &[n(9)], &[n(5)]], &[], &[10], NONE);
    g.scores[..3].copy_from_slice(&[0, 12, 10]);
    g.end_round();
    assert_eq!(g.scores[..3], [2, 21, 15]);
    assert_eq!(g.active, [Seat(0), Seat(2)].into_iter().collect::<SeatSet>());
    let mut g = rebuild(&g, &[&[n(2)], &[], &[n(5)]]);
    g.end_round();
    assert_eq!(g.scores[..3], [4, 21, 20]);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 3, 2]);
}

#[test]
fn mark_eliminate_at_threshold_all_crossing_together_lowest_wins() {
    let mut g = table(points(Mark::EliminateAt { threshold: 20 }, 3), &[&[n(9)], &[n(9)], &[n(5)]], &[], &[10], NONE);
    g.scores[..3].copy_from_slice(&[15, 13, 30]);
    g.out_round[2] = 1;
    g.active = [Seat(0), Seat(1)].into_iter().collect();
    let mut g = rebuild(&g, &[&[n(9)], &[n(9)], &[]]);
    g.end_round();
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().ranks, vec![2, 1, 3]);
}

#[test]
fn mark_eliminate_to_three_then_one_more_round() {
    let config = points(Mark::EliminateToThree { threshold: 20 }, 4);
    let mut g = table(config, &[&[n(2)], &[n(9)], &[n(5)], &[n(3)]], &[], &[10], NONE);
    g.scores[..4].copy_from_slice(&[0, 12, 10, 0]);
    g.end_round();
    assert_eq!(g.active.len(), 3);
    assert!(g.final_round && g.phase != Phase::Over, "one more round is played");
    let mut g = rebuild(&g, &[&[n(9)], &[], &[n(2)], &[n(3)]]);
    g.end_round();
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.scores[..4], [11, 21, 17, 6]);
    assert_eq!(g.outcome().unwrap().ranks, vec![2, 4, 3, 1]);
}

#[test]
fn mark_first_to_threshold_ends_the_game() {
    let mut g = table(points(Mark::FirstTo { threshold: 100 }, 2), &[&[n(2)], &[n(9)]], &[], &[10], NONE);
    g.scores[..2].copy_from_slice(&[50, 91]);
    g.end_round();
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().scores, vec![52, 100]);
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 2]);
    let mut g = table(points(Mark::FirstTo { threshold: 100 }, 2), &[&[n(2)], &[n(8)]], &[], &[10], NONE);
    g.scores[..2].copy_from_slice(&[50, 91]);
    g.end_round();
    assert_ne!(g.phase, Phase::Over, "99 has not reached 100");
}

#[test]
fn mark_fixed_number_of_rounds() {
    let mut g = table(points(Mark::Rounds { rounds: 2 }, 2), &[&[n(2)], &[n(9)]], &[], &[10], NONE);
    g.end_round();
    assert_ne!(g.phase, Phase::Over);
    let mut g = rebuild(&g, &[&[n(12)], &[n(-3)]]);
    g.end_round();
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().scores, vec![14, 6]);
}
