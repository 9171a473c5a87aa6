//! Box rulebook "End of game", "Final scoring" and "Variations" (Advanced mode, Battle
//! Royal); the online rules' points and game-end marks (readings 10-12). Each round's
//! scoring and the game's end are recomputed by `round_scoring::round_end`; these properties
//! hold each scoring mode to its own coverage.

use archduke_rules::testing::{bias_calls, bias_play};
use archduke_rules::{Mark, Scoring, Stage};
use duke_core::Game;

use proptest::prelude::*;

use crate::oracle::{CASES, property_in, scored_by};
use crate::round_scoring::{Ended, round_end};

/// The round ended in `step` under a scoring that `pick` accepts.
fn ended_with(
    step: &duke_core::testing::invariants::StepCheck<'_, archduke_rules::Archduke>,
    pick: impl Fn(Scoring) -> bool,
) -> Result<Option<Ended>, String> {
    Ok(round_end(step)?.filter(|e| pick(e.before.config.scoring)))
}

#[test]
fn token_games_end_after_their_rounds_and_the_lowest_total_wins() {
    let tokens = (1u8..=8).prop_map(|rounds| Scoring::Tokens { rounds });
    property_in(
        "token_games_end_after_their_rounds_and_the_lowest_total_wins",
        scored_by(tokens),
        CASES / 2,
        Some(bias_calls),
        20,
        |step| {
            let Some(ended) = ended_with(step, |s| matches!(s, Scoring::Tokens { .. }))? else { return Ok(()) };
            let Scoring::Tokens { rounds } = ended.before.config.scoring else { return Ok(()) };
            let limit = ended.before.config.round_limit.is_some_and(|l| ended.before.round >= l);
            let over = ended.after.stage == Stage::Over;
            if over != (ended.before.round >= u16::from(rounds) || limit) {
                return Err(format!("round {} of {rounds}: over {over}", ended.before.round));
            }
            if over && !limit {
                // Every token given out: each round gave 1..N to the N players.
                step.reached();
                let n = i32::from(ended.before.config.players);
                let total: i32 = ended.after.scores.iter().sum();
                if total != i32::from(rounds) * n * (n + 1) / 2 {
                    return Err(format!("{total} tokens given out in {rounds} rounds of {n} players"));
                }
                let outcome = step.after.outcome().ok_or("no outcome")?;
                let best = ended.after.scores.iter().min().copied();
                for (seat, (&score, &rank)) in ended.after.scores.iter().zip(&outcome.ranks).enumerate() {
                    if (rank == 1) != (Some(score) == best) {
                        return Err(format!("P{seat} with {score} tokens ranks {rank}; the lowest total is {best:?}"));
                    }
                }
            }
            Ok(())
        },
    );
}

#[test]
fn advanced_mode_plays_eight_rounds() {
    let advanced = Just(Scoring::Tokens { rounds: 8 });
    property_in("advanced_mode_plays_eight_rounds", scored_by(advanced), CASES / 2, Some(bias_calls), 40, |step| {
        let Some(ended) = ended_with(step, |s| s == Scoring::Tokens { rounds: 8 })? else { return Ok(()) };
        step.reached();
        let limit = ended.before.config.round_limit.is_some_and(|l| ended.before.round >= l);
        let over = ended.after.stage == Stage::Over;
        if !limit && over != (ended.before.round == 8) {
            return Err(format!("round {} of 8: over {over}", ended.before.round));
        }
        Ok(())
    });
}

#[test]
fn battle_royal_eliminates_the_highest_hand_each_round() {
    let royal = Just(Scoring::BattleRoyal);
    property_in(
        "battle_royal_eliminates_the_highest_hand_each_round",
        scored_by(royal),
        CASES / 2,
        Some(bias_calls),
        40,
        |step| {
            let Some(ended) = ended_with(step, |s| s == Scoring::BattleRoyal)? else { return Ok(()) };
            step.reached();
            let last = *ended.places.last().ok_or("nobody placed")?;
            let out: Vec<_> =
                ended.after.eliminated.keys().filter(|s| !ended.before.eliminated.contains_key(s)).collect();
            if out != [&last] {
                return Err(format!("{last} had the highest hand; eliminated this round: {out:?}"));
            }
            // "The last player standing wins."
            let left = ended.places.len() - 1;
            if left <= 1 && ended.after.stage != Stage::Over {
                return Err(format!("{left} player left, but the game goes on"));
            }
            Ok(())
        },
    );
}

#[test]
fn online_rounds_add_the_hand_values_and_the_lowest_total_wins() {
    let marks = prop_oneof![
        (10i32..=80).prop_map(|threshold| Mark::EliminateAt { threshold }),
        (10i32..=80).prop_map(|threshold| Mark::EliminateToThree { threshold }),
        (10i32..=120).prop_map(|threshold| Mark::FirstTo { threshold }),
        (1u16..=10).prop_map(|rounds| Mark::Rounds { rounds }),
    ];
    let points = marks.prop_map(|mark| Scoring::Points { mark });
    property_in(
        "online_rounds_add_the_hand_values_and_the_lowest_total_wins",
        scored_by(points),
        CASES / 2,
        Some(bias_play),
        60,
        |step| {
            let Some(ended) = ended_with(step, |s| matches!(s, Scoring::Points { .. }))? else { return Ok(()) };
            step.reached();
            let last = ended.after.last_round.as_ref().ok_or("no result")?;
            for seat in ended.places.iter() {
                let gained =
                    ended.after.scores[seat.index()] - ended.before.scores.get(seat.index()).copied().unwrap_or(0);
                if gained != i32::from(last.hand[seat.index()]) {
                    return Err(format!("{seat} gained {gained} for a hand of {}", last.hand[seat.index()]));
                }
            }
            Ok(())
        },
    );
}

/// A property of the rounds ended under an online mark drawn from `marks`.
fn mark_property(
    name: &str,
    marks: impl Strategy<Value = Mark>,
    at_least: u64,
    pick: fn(Mark) -> bool,
    check: fn(&Ended, Mark) -> Result<bool, String>,
) {
    let configs = scored_by(marks.prop_map(|mark| Scoring::Points { mark }));
    property_in(name, configs, CASES / 2, Some(bias_calls), at_least, |step| {
        let Some(ended) = ended_with(step, |s| matches!(s, Scoring::Points { mark } if pick(mark)))? else {
            return Ok(());
        };
        let Scoring::Points { mark } = ended.before.config.scoring else { return Ok(()) };
        if check(&ended, mark)? {
            step.reached();
        }
        Ok(())
    });
}

/// Seats of the round whose totals reached `threshold` (reading 12: at `total >= threshold`).
fn crossing(ended: &Ended, threshold: i32) -> Vec<duke_core::Seat> {
    ended.places.iter().copied().filter(|s| ended.after.scores[s.index()] >= threshold).collect()
}

#[test]
fn mark_1_eliminates_at_the_threshold_until_one_remains() {
    mark_property(
        "mark_1_eliminates_at_the_threshold_until_one_remains",
        (10i32..=80).prop_map(|threshold| Mark::EliminateAt { threshold }),
        15,
        |m| matches!(m, Mark::EliminateAt { .. }),
        |ended, mark| {
            let Mark::EliminateAt { threshold } = mark else { return Ok(false) };
            let cross = crossing(ended, threshold);
            let all = cross.len() == ended.places.len();
            let out: Vec<_> =
                ended.after.eliminated.keys().filter(|s| !ended.before.eliminated.contains_key(s)).copied().collect();
            let mut want = if all { Vec::new() } else { cross.clone() };
            want.sort();
            if out != want {
                return Err(format!("crossing {threshold}: {cross:?}, eliminated {out:?}"));
            }
            Ok(!cross.is_empty())
        },
    );
}

#[test]
fn mark_2_eliminates_until_three_remain_then_one_more_round() {
    mark_property(
        "mark_2_eliminates_until_three_remain_then_one_more_round",
        (10i32..=80).prop_map(|threshold| Mark::EliminateToThree { threshold }),
        8,
        |m| matches!(m, Mark::EliminateToThree { .. }),
        |ended, _| {
            let left = ended.places.len() - ended.scored.eliminated.len();
            if ended.before.final_round && ended.after.stage != Stage::Over {
                return Err("the one more round was played, but the game goes on".into());
            }
            if !ended.before.final_round
                && left <= 3
                && left > 1
                && ended.after.stage != Stage::Over
                && !ended.after.final_round
            {
                return Err(format!("{left} remain, but the next round is not the last"));
            }
            Ok(ended.before.final_round || ended.after.final_round)
        },
    );
}

#[test]
fn mark_3_ends_the_game_when_anyone_reaches_the_threshold() {
    mark_property(
        "mark_3_ends_the_game_when_anyone_reaches_the_threshold",
        prop_oneof![Just(100), 10i32..=120].prop_map(|threshold| Mark::FirstTo { threshold }),
        15,
        |m| matches!(m, Mark::FirstTo { .. }),
        |ended, mark| {
            let Mark::FirstTo { threshold } = mark else { return Ok(false) };
            let reached = !crossing(ended, threshold).is_empty();
            if reached && ended.after.stage != Stage::Over {
                return Err(format!("a total reached {threshold}, but the game goes on"));
            }
            Ok(reached)
        },
    );
}

#[test]
fn mark_4_plays_a_set_number_of_rounds() {
    mark_property(
        "mark_4_plays_a_set_number_of_rounds",
        (1u16..=10).prop_map(|rounds| Mark::Rounds { rounds }),
        15,
        |m| matches!(m, Mark::Rounds { .. }),
        |ended, mark| {
            let Mark::Rounds { rounds } = mark else { return Ok(false) };
            let limit = ended.before.config.round_limit.is_some_and(|l| ended.before.round >= l);
            let over = ended.after.stage == Stage::Over;
            if !limit && over != (ended.before.round >= rounds) {
                return Err(format!("round {} of {rounds}: over {over}", ended.before.round));
            }
            Ok(over && !limit)
        },
    );
}
