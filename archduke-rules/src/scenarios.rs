//! Scenario tests: each concrete rule, rulebook example and FAQ answer on a hand-built table.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::expect_used, clippy::panic)]

use duke_core::{Game, Observer, Seat, SeatSet};

use crate::cards::{Power, Role};
use crate::config::{ActionTrigger, CallerPenalty, Config, Mark, RuleSet, Scoring};
use crate::notation::{Action, Spot};
use crate::state::{Archduke, Grid, MAX_SLOTS, NONE, Phase, Stack};
use crate::view::{Cell, Stage};

/// The kind of the standard deck with this value (0 and 13 are the two ECLIPSE kinds).
fn kind(game: &Archduke, value: i8) -> u8 {
    (0..game.rules.deck.kinds).find(|&k| game.rules.deck.value(k) == value).unwrap()
}

/// A table: `grids[seat]` lists the values at positions a1 a2 b1 b2 ... (`None` = empty),
/// `top` the cards on top of the draw pile (last = top), `discard` the discard pile (last =
/// top). Every other card goes to the bottom of the draw pile. A window is open after
/// `current`'s discard (`NONE` = the dealer's first card) with the next player to draw.
fn table(config: Config, grids: &[&[Option<i8>]], top: &[i8], discard: &[i8], current: u8) -> Archduke {
    let mut g = Archduke::new(&config, 1).unwrap();
    let mut pool: Vec<u8> = Vec::new();
    for k in 0..g.rules.deck.kinds {
        for _ in 0..g.rules.copies(k) {
            pool.push(k);
        }
    }
    let mut take = |g: &Archduke, v: i8| {
        let k = kind(g, v);
        let i = pool.iter().position(|&c| c == k).expect("enough copies");
        pool.remove(i)
    };
    g.grids = [Grid::EMPTY; crate::config::MAX_PLAYERS];
    for (seat, cells) in grids.iter().enumerate() {
        g.grids[seat].columns = (cells.len().div_ceil(2)).max(2) as u8;
        for (slot, cell) in cells.iter().enumerate() {
            if let Some(v) = cell {
                let card = take(&g, *v);
                g.grids[seat].cards[slot] = card;
                g.grids[seat].occupied |= 1 << slot;
            }
        }
    }
    let tops: Vec<u8> = top.iter().map(|&v| take(&g, v)).collect();
    let discards: Vec<u8> = discard.iter().map(|&v| take(&g, v)).collect();
    g.draw = Stack::EMPTY;
    g.discard = Stack::EMPTY;
    pool.iter().chain(tops.iter()).for_each(|&c| g.draw.push(c));
    discards.iter().for_each(|&c| g.discard.push(c));
    g.phase = Phase::Window;
    g.looked = g.active;
    g.current = current;
    g.next = if current == NONE { g.first } else { g.next_active(current) };
    g
}

fn cfg(players: u8) -> Config {
    Config { players, dealer: Some(players - 1), ..Config::default() }
}

fn n(v: i8) -> Option<i8> {
    Some(v)
}

fn play(g: &mut Archduke, seat: u8, action: &str) {
    let action: Action = action.parse().unwrap();
    let mut legal = Vec::new();
    g.legal_actions(Seat(seat), &mut legal);
    assert!(legal.contains(&action), "P{seat} {action} not in {legal:?}");
    g.apply(Seat(seat), action).unwrap();
    g.check().unwrap();
}

fn refused(g: &Archduke, seat: u8, action: &str) -> bool {
    g.clone().apply(Seat(seat), action.parse().unwrap()).is_err()
}

fn value_at(g: &Archduke, seat: u8, slot: u8) -> Option<i8> {
    g.grids[seat as usize].card(slot).map(|c| g.rules.deck.value(c))
}

fn top(g: &Archduke) -> Option<i8> {
    g.discard.top().map(|c| g.rules.deck.value(c))
}

#[test]
fn faq_match_your_own_discard() {
    // "A player has a 6 in their set and draws a new 6. They may immediately discard that
    // drawn 6, then also match their original 6 on top."
    let mut g = table(cfg(2), &[&[n(6), n(9), n(2), n(3)], &[n(4), n(5), n(7), n(8)]], &[6], &[10], 1);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "match a1");
    assert_eq!(value_at(&g, 0, 0), None, "the position stays empty");
    assert_eq!(g.grids[0].count(), 3);
    assert_eq!(top(&g), Some(6));
    // The window is still open: P1 may draw, P0 may call.
    assert!(g.to_act().contains(Seat(1)) && g.to_act().contains(Seat(0)));
}

#[test]
fn faq_own_discard_with_two_action_cards_gives_two_actions() {
    // "If these are action cards, you may use multiple actions too!"
    let mut g = table(cfg(2), &[&[n(12), n(12), n(2), n(3)], &[n(4), n(5), n(7), n(8)]], &[9], &[10], 1);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep a1"); // the PEEK leaves the grid: it acts
    play(&mut g, 0, "match a2");
    assert_eq!(g.pending_len, 2);
    assert!(refused(&g, 1, "draw"), "the next player waits for the actions");
    play(&mut g, 0, "peek P1:a1");
    play(&mut g, 0, "peek P1:a2");
    assert_eq!(g.pending_len, 0);
    play(&mut g, 1, "draw");
}

#[test]
fn faq_matching_action_cards_acts_in_the_order_matched() {
    // "If multiple people match, actions are taken in the order they were matched."
    let grids: &[&[Option<i8>]] =
        &[&[n(11), n(2), n(3), n(4)], &[n(5), n(11), n(6), n(7)], &[n(11), n(8), n(9), n(10)]];
    let mut g = table(cfg(3), grids, &[2], &[10], 2);
    play(&mut g, 0, "take a1"); // P0 takes the 10, discarding SWAP from a1
    play(&mut g, 2, "match a1");
    play(&mut g, 1, "match a2");
    let order: Vec<(u8, Power)> = g.pending[..3].iter().map(|p| (p.seat, p.power)).collect();
    assert_eq!(order, vec![(0, Power::Swap), (2, Power::Swap), (1, Power::Swap)]);
    assert!(refused(&g, 2, "pass"), "P2 waits for P0");
    play(&mut g, 0, "swap P1:a1 P2:b1");
    assert_eq!(value_at(&g, 1, 0), Some(9));
    assert_eq!(value_at(&g, 2, 2), Some(5));
    play(&mut g, 2, "pass");
    play(&mut g, 1, "swap P0:a1 P0:a2");
    assert_eq!((value_at(&g, 0, 0), value_at(&g, 0, 1)), (Some(2), Some(10)));
    play(&mut g, 1, "draw");
}

#[test]
fn eclipse_13_matches_eclipse_0_and_back() {
    let mut g = table(cfg(2), &[&[n(13), n(0), n(2), n(3)], &[n(4), n(5), n(7), n(8)]], &[9], &[0], NONE);
    play(&mut g, 0, "match a1");
    assert_eq!(top(&g), Some(13));
    play(&mut g, 0, "match a2");
    assert_eq!(top(&g), Some(0));
    assert_eq!(g.grids[0].count(), 2);
    // Each keeps its own value when scoring: 0 and 13 are not interchangeable in a hand.
    assert_eq!(g.hand(0).0, 5);
}

#[test]
fn failed_match_reveals_the_card_and_costs_an_unseen_penalty() {
    let mut g = table(cfg(2), &[&[n(5), None, n(2), n(3)], &[n(4), n(5), n(7), n(8)]], &[9], &[10], NONE);
    play(&mut g, 0, "match a1");
    assert_eq!(value_at(&g, 0, 0), Some(5), "the card goes back");
    assert_eq!(g.grids[0].seen[0], g.everyone(), "seen by everyone");
    assert_eq!(value_at(&g, 0, 1), Some(9), "the penalty fills the first empty position");
    assert_eq!(g.grids[0].seen[1], 0, "nobody sees the penalty card");
    // A full 2x2 grid grows a new column to the right.
    play(&mut g, 1, "match b2");
    assert_eq!(g.grids[1].columns, 3);
    assert!(g.grids[1].card(4).is_some() && g.grids[1].card(5).is_none());
    let view = g.view(Observer::Seat(Seat(1)));
    assert_eq!(view.grids[1].len(), 6);
    assert!(matches!(view.grids[0][0], Cell::Known { .. }), "P1 saw P0's failed card");
}

#[test]
fn caller_is_immune_to_other_players_actions_but_may_match() {
    let grids: &[&[Option<i8>]] = &[&[n(2), n(3), n(4), n(1)], &[n(12), n(11), n(7), n(8)], &[n(5), n(6), n(9), n(10)]];
    let mut g = table(cfg(3), grids, &[9, 2], &[10], NONE);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "keep b2"); // discards the GIVE from P0's grid; P0 may give
    play(&mut g, 0, "give P2");
    play(&mut g, 0, "archduke");
    assert_eq!(g.caller, 0);
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep a1"); // P1 discards PEEK
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    assert!(legal.iter().all(|a| !matches!(a, Action::Peek(Spot { seat: Seat(0), .. }))));
    assert!(legal.iter().any(|a| matches!(a, Action::Peek(Spot { seat: Seat(2), .. }))));
    assert!(refused(&g, 1, "peek P0:a1"));
    play(&mut g, 0, "match a1"); // the caller still matches (2 is not 12: a failed try)
    assert_eq!(g.grids[0].count(), 5, "and still takes penalties for his own mistakes");
    play(&mut g, 1, "pass");
    play(&mut g, 2, "draw");
    play(&mut g, 2, "keep a1");
    // P2's turn was the last one: the caller ends the round by tapping the discard pile.
    assert!(refused(&g, 0, "draw"));
    play(&mut g, 0, "end");
    assert_eq!(g.round, 2);
}

#[test]
fn swap_and_give_cannot_target_the_caller() {
    let grids: &[&[Option<i8>]] = &[&[n(2), n(3), n(4), n(5)], &[n(11), n(1), n(7), n(8)]];
    let mut g = table(cfg(2), grids, &[9], &[10], 1);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard");
    play(&mut g, 0, "archduke");
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep a1"); // SWAP
    let mut legal = Vec::new();
    g.legal_actions(Seat(1), &mut legal);
    assert!(legal.iter().all(|a| match a {
        Action::Swap(x, y) => x.seat != Seat(0) && y.seat != Seat(0),
        _ => true,
    }));
    assert!(refused(&g, 1, "swap P0:a1 P1:a2"));
}

#[test]
fn matching_to_zero_after_archduke_ends_the_round_and_penalises_the_caller() {
    let grids: &[&[Option<i8>]] = &[&[n(2), n(3), None, None], &[n(7), None, None, None], &[n(4), n(4), n(9), n(9)]];
    // P0 (hand 5) discards a 7 and calls; P1 matches his only card, a 7, onto it.
    let mut g = table(cfg(3), grids, &[7], &[8], 2);
    play(&mut g, 0, "draw");
    play(&mut g, 0, "discard"); // discards the 7
    play(&mut g, 0, "archduke");
    play(&mut g, 1, "match a1");
    // P1 has matched down to zero: the round is over at once.
    assert_eq!(g.round, 2);
    assert_eq!(g.last.caller, 0);
    assert!(g.last.penalised, "0 beats the caller's 5: he takes a penalty card");
    assert!(g.last.hand[0] > 5);
    assert_eq!(g.last.place[1], 1);
}

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

#[test]
fn box_rules_drawn_action_card_does_not_act_online_rules_it_does() {
    for (rules, acts) in [(ActionTrigger::GridOnly, false), (ActionTrigger::AnyDiscard, true)] {
        let config = Config { action_trigger: rules, ..cfg(2) };
        let mut g = table(config, &[&[n(2), n(3), n(4), n(5)], &[n(6), n(7), n(8), n(9)]], &[12], &[10], 1);
        play(&mut g, 0, "draw");
        play(&mut g, 0, "discard");
        assert_eq!(g.pending_len == 1, acts, "{rules:?}");
        // Matched from a grid, an action card acts under both.
    }
}

#[test]
fn exhausted_draw_pile_is_reshuffled_and_empty_piles_end_the_round() {
    let mut g = table(cfg(2), &[&[n(2), n(3), n(4), n(5)], &[n(6), n(7), n(8), n(9)]], &[], &[10], NONE);
    // Move the whole draw pile into P0's grid columns, leaving one card.
    let rest: Vec<u8> = g.draw.as_slice()[1..].to_vec();
    g.draw.len = 1;
    g.draw.cards[1..].fill(NONE);
    let mut rest = rest.into_iter();
    for seat in 0..2 {
        while g.grids[seat].columns < (MAX_SLOTS / 2) as u8 || g.grids[seat].count() < MAX_SLOTS as u8 {
            match rest.next() {
                Some(c) => assert!(g.grids[seat].add_penalty(c, 0)),
                None => break,
            }
        }
    }
    for c in rest {
        g.discard.cards.copy_within(0..g.discard.len as usize, 1);
        g.discard.cards[0] = c;
        g.discard.len += 1;
    }
    g.check().unwrap();
    play(&mut g, 0, "draw"); // the last card of the draw pile
    play(&mut g, 0, "discard");
    let before = g.discard.len;
    play(&mut g, 1, "draw"); // the discard pile becomes the draw pile
    assert_eq!(g.draw.len + 1, before);
    assert!(g.discard.is_empty());
}

#[test]
fn views_show_exactly_what_each_seat_has_seen_and_knowledge_follows_swaps() {
    let mut g = Archduke::new(&cfg(3), 5).unwrap();
    play(&mut g, 0, "look a1 b1");
    play(&mut g, 1, "look a2 b2");
    let v0 = g.view(Observer::Seat(Seat(0)));
    let known = |v: &crate::view::View, seat: usize| -> Vec<bool> {
        v.grids[seat].iter().map(|c| matches!(c, Cell::Known { .. })).collect()
    };
    assert_eq!(known(&v0, 0), vec![true, false, true, false]);
    assert_eq!(known(&v0, 1), vec![false; 4]);
    let spectator = g.view(Observer::Spectator);
    assert!(spectator.grids.iter().flatten().all(|c| !matches!(c, Cell::Known { .. })));
    // Determinization keeps what P0 knows and re-deals the rest.
    let d = g.determinize(Seat(0), 99);
    assert_eq!(d.view(Observer::Seat(Seat(0))), v0);
    assert_eq!(value_at(&d, 0, 0), value_at(&g, 0, 0));
    // A SWAP moves P0's knowledge with the card.
    let mut g = table(cfg(2), &[&[n(2), n(3), n(4), n(5)], &[n(11), n(7), n(8), n(9)]], &[6], &[10], 0);
    g.grids[0].seen[0] = 1; // P0 knows his 2 at a1
    play(&mut g, 1, "draw");
    play(&mut g, 1, "keep a1"); // P1 discards his SWAP
    play(&mut g, 1, "swap P0:a1 P1:b2");
    let v0 = g.view(Observer::Seat(Seat(0)));
    assert!(matches!(v0.grids[1][3], Cell::Known { face, .. } if face.value == 2 && face.role == Role::Number));
    assert!(matches!(v0.grids[0][0], Cell::Hidden { .. }));
    let v1 = g.view(Observer::Seat(Seat(1)));
    assert!(matches!(v1.grids[1][3], Cell::Hidden { .. }), "SWAP is done unseen");
    assert!(matches!(v1.grids[1][0], Cell::Known { .. }), "P1 saw the card he kept");
    assert!(matches!(g.view(Observer::Seat(Seat(0))).stage, Stage::Window { .. }));
}

#[test]
fn two_decks_seat_twelve_players_online() {
    let config = Config { turn_limit: Some(40), round_limit: Some(2), ..RuleSet::Online.config(12) };
    assert_eq!(config.decks, 2);
    let mut g = Archduke::new(&config, 12).unwrap();
    assert_eq!(g.rules.total_cards(), 208);
    assert_eq!(g.draw.len as usize, 208 - 48);
    assert!(Archduke::new(&Config { decks: 1, ..config.clone() }, 1).is_err(), "one deck seats at most 6");
    assert!(Archduke::new(&RuleSet::Box.config(7), 1).is_err(), "the box rules seat at most 6");
    let mut rng = duke_core::GameRng::new(3);
    let mut buf = Vec::new();
    let mut steps = 0;
    while !g.is_over() {
        let to_act = g.to_act();
        let seat = to_act.nth(rng.below(to_act.len() as u32) as usize).unwrap();
        g.legal_actions(seat, &mut buf);
        let action = buf[rng.below(buf.len() as u32) as usize];
        g.apply(seat, action).unwrap();
        g.check().unwrap();
        steps += 1;
        assert!(steps < 1_000_000);
    }
    assert_eq!(g.outcome().unwrap().ranks.len(), 12);
}

#[test]
fn dealer_first_card_opens_a_window_for_everyone() {
    let mut g = Archduke::new(&cfg(3), 4).unwrap();
    assert_eq!(g.to_act(), SeatSet::first_n(3), "pre-round peek: everyone acts, in any order");
    play(&mut g, 2, "look a1 a2");
    play(&mut g, 0, "look a1 a2");
    play(&mut g, 1, "look a1 a2");
    assert_eq!(g.discard.len, 1);
    assert_eq!(g.next, 0, "left of the dealer (P2) plays first");
    assert_eq!(g.to_act(), SeatSet::first_n(3), "all may match, P0 may also draw");
    assert!(refused(&g, 2, "archduke"), "nobody has had a turn yet");
}

#[test]
fn determinization_redeals_only_unseen_cards() {
    let mut g = Archduke::new(&cfg(3), 8).unwrap();
    play(&mut g, 0, "look a1 b1");
    play(&mut g, 1, "look a2 b2");
    play(&mut g, 2, "look a1 a2");
    let mut changed = false;
    for seed in 0..20 {
        let d = g.determinize(Seat(0), seed);
        d.check().unwrap();
        assert_eq!(value_at(&d, 0, 0), value_at(&g, 0, 0));
        assert_eq!(value_at(&d, 0, 2), value_at(&g, 0, 2));
        assert_eq!(d.discard, g.discard, "the discard pile is public");
        changed |= (0..4).any(|slot| value_at(&d, 1, slot) != value_at(&g, 1, slot));
        changed |= d.draw != g.draw;
    }
    assert!(changed, "unseen cards are re-dealt");
}

#[test]
fn always_playing_the_first_legal_action_ends_with_a_turn_limit() {
    // The README's loop: the lowest seat that may act plays its first legal action.
    let config = Config { turn_limit: Some(200), ..RuleSet::Box.config(4) };
    let mut game = Archduke::new(&config, 42).unwrap();
    let mut actions = Vec::new();
    let mut steps = 0u64;
    while !game.is_over() {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut actions);
        game.apply(seat, actions[0]).unwrap();
        steps += 1;
        assert!(steps <= Archduke::max_actions(&config));
    }
    assert_eq!(game.round, 4);
    assert!(game.outcome().is_some());
}
