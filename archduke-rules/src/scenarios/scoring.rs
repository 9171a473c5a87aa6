//! Scenarios of scoring: the caller penalty, tie-breaks, tokens, variations and game-end marks.
//! Each round ends in play: the caller taps the discard pile after the final turns, or the
//! next player does when the engine's turn limit (1 here) is reached.

use super::*;

/// `setup` with its last turn over: the dealer has just played the round's only turn (turn
/// limit 1), so the first player's one action is `end`.
fn ending(setup: Setup) -> Archduke {
    let n = setup.config.players;
    let dealer = setup.dealer.map_or_else(|| setup.config.first_dealer.unwrap().0, |d| d.0);
    let first = (1..=n).map(|k| (dealer + k) % n).find(|&s| !setup.eliminated.contains_key(&Seat(s))).unwrap();
    let config = Config { turn_limit: Some(1), ..setup.config.clone() };
    from(Setup { config, turns: 1, stage: window(Some(dealer), first), ..setup })
}

/// The next round of `g`, which has just been scored: the same table, scores, eliminations,
/// dealer and first player, with these grids, at the end of its only turn.
fn later(g: &Archduke, seats: &[&str]) -> Archduke {
    let was = g.to_setup();
    ending(Setup {
        round: was.round,
        scores: was.scores,
        eliminated: was.eliminated,
        final_round: was.final_round,
        dealer: was.dealer,
        ..setup(was.config, seats, "", "10", None)
    })
}

/// The player to act taps the discard pile: the round is scored.
fn end(g: &mut Archduke) {
    let next = g.next;
    play(g, next, "end");
}

#[test]
fn caller_tie_counts_as_beaten_unless_configured_otherwise() {
    for (penalty, expect) in [(CallerPenalty::UnlessStrictlyLowest, true), (CallerPenalty::OnlyIfBeaten, false)] {
        // P0 called "Archduke!" with 2 + 3; P1 has had his final turn and holds 4 + 1.
        let config = Config { caller_penalty: penalty, ..cfg(2) };
        let mut g =
            from(Setup { caller: Some(Seat(0)), ..setup(config, &["2 3 -- --", "4 1G -- --"], "9", "10", Some(1)) });
        play(&mut g, 0, "end");
        assert_eq!(g.last.penalised, expect, "{penalty:?}");
    }
}

#[test]
fn a_tied_caller_is_spared_by_the_box_rules_and_penalised_by_the_online_rules() {
    // Box, End of round: "... to receive a penalty card if their hand is higher"; online:
    // "if a different player tied or beat them with a lower score ... must draw a random
    // penalty card". The default config is the box rulebook's.
    assert_eq!(Config::default().caller_penalty, CallerPenalty::OnlyIfBeaten);
    for (rules, expect) in [(RuleSet::Box, false), (RuleSet::Online, true)] {
        // P0 called with 2 + 3; P1 ties him with 4 + 1.
        let config = Config { first_dealer: Some(Seat(1)), ..rules.config(2) };
        let mut g =
            from(Setup { caller: Some(Seat(0)), ..setup(config, &["2 3 -- --", "4 1G -- --"], "9", "10", Some(1)) });
        play(&mut g, 0, "end");
        assert_eq!(g.last.penalised, expect, "{rules:?}");
    }
}

fn places(seats: &[&str], draw: &str) -> Vec<u8> {
    let mut g = ending(setup(cfg(seats.len() as u8), seats, draw, "10", None));
    end(&mut g);
    g.last.place[..seats.len()].to_vec()
}

#[test]
fn tie_breaks_sum_then_fewer_cards_then_lowest_card_then_draw_off() {
    // Lowest hand.
    assert_eq!(places(&["5 5", "2 2"], ""), vec![2, 1]);
    // Equal hands: fewer cards.
    assert_eq!(places(&["2 2 2 --", "3 3 -- --"], ""), vec![2, 1]);
    // Equal hands and counts: the lowest single card.
    assert_eq!(places(&["3 5", "4 4"], ""), vec![1, 2]);
    // Still tied: each draws a card from the deck, lowest wins (P0 draws first, from the top).
    assert_eq!(places(&["4 4", "4 4"], "9 2"), vec![1, 2]);
    assert_eq!(places(&["4 4", "4 4"], "2 9"), vec![2, 1]);
    // Tied again on the draw: draw again.
    assert_eq!(places(&["4 4", "4 4"], "3 8 6 6"), vec![2, 1]);
}

#[test]
fn box_tokens_four_rounds_lowest_total_wins_and_ties_share() {
    let mut g = ending(setup(cfg(2), &["2 2", "9 9"], "", "10", None));
    end(&mut g);
    assert_eq!(g.scores[..2], [1, 2]);
    assert_eq!(g.first, 1, "last place goes first");
    assert_eq!(g.dealer, 0, "the player to his right deals");
    // The fourth round, 5 and 4 tokens so far.
    let fourth = |seats| ending(Setup { round: 4, scores: vec![5, 4], ..setup(cfg(2), seats, "", "10", None) });
    let mut g = fourth(&["9 9", "2 2"]);
    end(&mut g);
    assert_eq!(g.phase, Phase::Over);
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores, vec![7, 5]);
    assert_eq!(outcome.ranks, vec![2, 1]);
    // A tie shares the victory.
    let mut g = fourth(&["2 2", "9 9"]);
    end(&mut g);
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 1]);
}

#[test]
fn advanced_mode_plays_eight_rounds() {
    let config = Config { scoring: Scoring::Tokens { rounds: 8 }, ..cfg(2) };
    let mut g = ending(setup(config, &["2", "9"], "", "10", None));
    for round in 1..=8 {
        assert_eq!(g.round, round);
        end(&mut g);
        if round < 8 {
            assert_ne!(g.phase, Phase::Over);
            g = later(&g, &["2", "9"]);
        }
    }
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().scores, vec![8, 16]);
}

#[test]
fn battle_royal_eliminates_the_highest_hand_until_one_remains() {
    let config = Config { scoring: Scoring::BattleRoyal, ..cfg(3) };
    let mut g = ending(setup(config, &["2", "9", "5"], "", "10", None));
    end(&mut g);
    assert!(!g.active.contains(Seat(1)));
    assert_eq!(g.first, 2, "the player left of the eliminated one goes first");
    let view = g.view(Observer::Spectator);
    assert_eq!(view.grids[1].iter().filter(|c| **c != Cell::Empty).count(), 0);
    let mut g = later(&g, &["9", "", "5"]);
    end(&mut g);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().ranks, vec![2, 3, 1]);
}

fn points(mark: Mark, players: u8) -> Config {
    Config {
        scoring: Scoring::Points { mark },
        first_dealer: Some(Seat(players - 1)),
        ..RuleSet::Online.config(players)
    }
}

#[test]
fn mark_eliminate_at_threshold_until_one_remains() {
    let config = points(Mark::EliminateAt { threshold: 20 }, 3);
    let mut g = ending(Setup { scores: vec![0, 12, 10], ..setup(config, &["2", "9", "5"], "", "10", None) });
    end(&mut g);
    assert_eq!(g.scores[..3], [2, 21, 15]);
    assert_eq!(g.active, [Seat(0), Seat(2)].into_iter().collect::<SeatSet>());
    let mut g = later(&g, &["2", "", "5"]);
    end(&mut g);
    assert_eq!(g.scores[..3], [4, 21, 20]);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 3, 2]);
}

#[test]
fn mark_eliminate_at_threshold_all_crossing_together_lowest_wins() {
    // Round 2: P2 went out in round 1; P0 (15) and P1 (13) both cross 20 now.
    let config = points(Mark::EliminateAt { threshold: 20 }, 3);
    let mut g = ending(Setup {
        round: 2,
        scores: vec![15, 13, 30],
        eliminated: [(Seat(2), 1)].into(),
        dealer: Some(Seat(1)),
        ..setup(config, &["9", "9", ""], "", "10", None)
    });
    end(&mut g);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().ranks, vec![2, 1, 3]);
}

#[test]
fn mark_eliminate_to_three_then_one_more_round() {
    let config = points(Mark::EliminateToThree { threshold: 20 }, 4);
    let mut g = ending(Setup { scores: vec![0, 12, 10, 0], ..setup(config, &["2", "9", "5", "3"], "", "10", None) });
    end(&mut g);
    assert_eq!(g.active.len(), 3);
    assert!(g.final_round && g.phase != Phase::Over, "one more round is played");
    let mut g = later(&g, &["9", "", "2", "3"]);
    end(&mut g);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.scores[..4], [11, 21, 17, 6]);
    assert_eq!(g.outcome().unwrap().ranks, vec![2, 4, 3, 1]);
}

#[test]
fn mark_first_to_threshold_ends_the_game() {
    let config = points(Mark::FirstTo { threshold: 100 }, 2);
    let round = |seats| ending(Setup { scores: vec![50, 91], ..setup(config.clone(), seats, "", "10", None) });
    let mut g = round(&["2", "9"]);
    end(&mut g);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().scores, vec![52, 100]);
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 2]);
    let mut g = round(&["2", "8"]);
    end(&mut g);
    assert_ne!(g.phase, Phase::Over, "99 has not reached 100");
}

#[test]
fn mark_fixed_number_of_rounds() {
    let mut g = ending(setup(points(Mark::Rounds { rounds: 2 }, 2), &["2", "9"], "", "10", None));
    end(&mut g);
    assert_ne!(g.phase, Phase::Over);
    let mut g = later(&g, &["12P", "-3A"]);
    end(&mut g);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.outcome().unwrap().scores, vec![14, 6]);
}
