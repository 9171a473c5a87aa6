//! Box rulebook "Round scoring" and "In case of a tie" (with reading 8, the draw-off), the
//! ARCHDUKE card's value ("Action + special cards"), and who starts the next round. Every
//! round's result is recomputed from the revealed grids and compared with the engine's.

use archduke_rules::testing::{bias_calls, bias_matches, bias_play};
use archduke_rules::{Archduke, Face, Role, Setup, Stage};
use duke_core::testing::invariants::StepCheck;
use duke_core::{Game, Seat};

use crate::model::{Card, Model, RoundEnd, Scored, next_first_and_dealer, score};
use crate::oracle::{CASES, active, actives, property, round_ended, setups};

/// A round that ended in a step, recomputed: the model's end of round and scoring, checked
/// against the engine's (revealed grids, hands, places, scores, eliminations, the game's end,
/// the next round's first player and dealer). `None` if the step did not end a round.
pub struct Ended {
    pub before: Setup,
    pub after: Setup,
    pub end: RoundEnd,
    /// Seats in the round, best first, as the engine placed them.
    pub places: Vec<Seat>,
    pub scored: Scored,
}

pub fn round_end(step: &StepCheck<'_, Archduke>) -> Result<Option<Ended>, String> {
    let (before, after) = setups(step);
    if !round_ended(&before, &after) {
        return Ok(None);
    }
    let model = Model::after(&before, step.seat, step.action);
    if !model.round_over {
        return Err("the round ended, but no rule ends it here".into());
    }
    let end = model.end_round();
    let last = after.last_round.clone().ok_or("a round ended without a result")?;
    // The reveal: every grid as the rules leave it, the caller's penalty card included.
    for (seat, (want, got)) in end.revealed.iter().zip(&last.grids).enumerate() {
        let fits = want.len() == got.len()
            && want.iter().zip(got).all(|(w, g)| match (w, g) {
                (Some(Card::Known(w)), Some(g)) => w == g,
                (Some(Card::Unknown), Some(_)) | (None, None) => true,
                _ => false,
            });
        if !fits {
            return Err(format!("P{seat} revealed {got:?}, the rules leave {want:?}"));
        }
    }
    if last.grids.len() != end.revealed.len() {
        return Err(format!("{} grids revealed for {} seats", last.grids.len(), end.revealed.len()));
    }
    if last.caller != model.caller || last.caller_penalised != end.caller_penalty.is_some() {
        return Err(format!(
            "caller {:?} penalised {}, want {:?} penalised {}",
            last.caller,
            last.caller_penalised,
            model.caller,
            end.caller_penalty.is_some()
        ));
    }
    // Places: a ranking of exactly the seats in the round.
    let in_round = actives(&before);
    let mut places: Vec<Seat> = in_round.clone();
    places.sort_by_key(|s| last.place[s.index()]);
    let numbered: Vec<u8> = places.iter().map(|s| last.place[s.index()]).collect();
    if numbered != (1..=in_round.len() as u8).collect::<Vec<_>>() {
        return Err(format!("places {:?} for the seats in the round {in_round:?}", last.place));
    }
    if let Some(out) =
        (0..before.config.players).map(Seat).find(|s| !in_round.contains(s) && last.place[s.index()] != 0)
    {
        return Err(format!("{out} is out of the game but placed"));
    }
    let Some(hands) = end.hands.clone() else {
        // A card drawn from a reshuffled pile this step: faces the model cannot know.
        let scored = score(&before, &places, &revealed_hands(&last.grids));
        return Ok(Some(Ended { before, after, end, places, scored }));
    };
    for &seat in &in_round {
        let (sum, cards, _) = hands[seat.index()];
        if i32::from(last.hand[seat.index()]) != sum || last.cards[seat.index()] != cards {
            return Err(format!(
                "{seat}: hand {} of {} cards, the revealed grid adds up to {sum} in {cards}",
                last.hand[seat.index()],
                last.cards[seat.index()]
            ));
        }
    }
    match &end.order {
        Some(order) if *order != places => {
            return Err(format!("places {places:?}, the tie-break rules give {order:?}"));
        }
        // The generator decided a draw-off: the keys still order the places.
        _ if places.windows(2).any(|w| hands[w[0].index()] > hands[w[1].index()]) => {
            return Err(format!("places {places:?} do not follow hand, cards, lowest card: {hands:?}"));
        }
        _ => {}
    }
    let scored = score(&before, &places, &hands);
    check_scored(step, &before, &after, &places, &scored)?;
    Ok(Some(Ended { before, after, end, places, scored }))
}

/// Hands from revealed faces.
fn revealed_hands(grids: &[Vec<Option<Face>>]) -> Vec<(i32, u8, i8)> {
    grids.iter().map(|g| crate::oracle::hand(g)).collect()
}

/// The scores, eliminations, the game's end or the next round, against the model's.
fn check_scored(
    step: &StepCheck<'_, Archduke>,
    before: &Setup,
    after: &Setup,
    places: &[Seat],
    scored: &Scored,
) -> Result<(), String> {
    if after.scores != scored.scores {
        return Err(format!("scores {:?}, want {:?}", after.scores, scored.scores));
    }
    let mut out = before.eliminated.clone();
    out.extend(scored.eliminated.iter().map(|&s| (s, before.round)));
    if after.eliminated != out {
        return Err(format!("eliminated {:?}, want {out:?}", after.eliminated));
    }
    if (after.stage == Stage::Over) != scored.over {
        return Err(format!("game over: {}, the scoring says {}", after.stage == Stage::Over, scored.over));
    }
    if scored.over {
        // "The player with the smallest value wins. In the event of a tie, the victory is
        // shared": players still in rank before those out (later elimination better), then by
        // score (Battle Royal survivors share).
        let key = |s: Seat| {
            let out = after.eliminated.get(&s).map_or(u16::MAX, |&r| r);
            let points = if matches!(after.config.scoring, archduke_rules::Scoring::BattleRoyal) {
                0
            } else {
                after.scores[s.index()]
            };
            (u16::MAX - out, points)
        };
        let n = after.config.players;
        let ranks: Vec<u8> =
            (0..n).map(|me| 1 + (0..n).filter(|&o| key(Seat(o)) < key(Seat(me))).count() as u8).collect();
        let outcome = step.after.outcome().ok_or("the game is over without an outcome")?;
        if outcome.ranks != ranks {
            return Err(format!("final ranks {:?}, want {ranks:?} (scores {:?})", outcome.ranks, after.scores));
        }
        return Ok(());
    }
    if after.round != before.round + 1 || after.final_round != scored.final_round {
        return Err(format!("next round {} (final {}), want {}", after.round, after.final_round, before.round + 1));
    }
    let last = *places.last().ok_or("nobody placed")?;
    let (first, dealer) = next_first_and_dealer(after, last);
    if after.first != Some(first) || after.dealer != Some(dealer) {
        return Err(format!(
            "round {}: {:?} first and {:?} deals, want {first} and {dealer} (last: {last})",
            after.round, after.first, after.dealer
        ));
    }
    Ok(())
}

#[test]
fn round_results_are_recomputed_from_the_revealed_grids() {
    property("round_results_are_recomputed_from_the_revealed_grids", CASES, Some(bias_play), 200, |step| {
        if round_end(step)?.is_some() {
            step.reached();
        }
        Ok(())
    });
}

#[test]
fn ties_are_broken_by_fewer_cards_then_the_lowest_card_then_a_draw_off() {
    property(
        "ties_are_broken_by_fewer_cards_then_the_lowest_card_then_a_draw_off",
        CASES,
        Some(bias_matches),
        15,
        |step| {
            let Some(ended) = round_end(step)? else { return Ok(()) };
            let Some(hands) = &ended.end.hands else { return Ok(()) };
            let tied = |a: Seat, b: Seat| hands[a.index()].0 == hands[b.index()].0;
            if ended.places.windows(2).any(|w| tied(w[0], w[1])) {
                // The order of tied sums was decided by the tie-breaks (checked in round_end).
                step.reached();
            }
            Ok(())
        },
    );
}

#[test]
fn the_last_placed_goes_first_next_round_and_the_right_neighbour_deals() {
    property(
        "the_last_placed_goes_first_next_round_and_the_right_neighbour_deals",
        CASES,
        Some(bias_calls),
        120,
        |step| {
            if let Some(ended) = round_end(step)?
                && ended.after.stage != Stage::Over
            {
                step.reached();
                let last = *ended.places.last().ok_or("nobody placed")?;
                if active(&ended.after, last) && ended.after.first != Some(last) {
                    return Err(format!("{last} came last, but {:?} goes first", ended.after.first));
                }
            }
            Ok(())
        },
    );
}

#[test]
fn the_archduke_card_counts_minus_three() {
    property("the_archduke_card_counts_minus_three", CASES, Some(bias_play), 30, |step| {
        let Some(ended) = round_end(step)? else { return Ok(()) };
        let standard = ended.before.config.deck == archduke_rules::standard_deck();
        let last = ended.after.last_round.as_ref().ok_or("no result")?;
        for (seat, grid) in last.grids.iter().enumerate() {
            let archdukes: Vec<&Face> = grid.iter().flatten().filter(|f| f.role == Role::Archduke).collect();
            if archdukes.is_empty() || last.place[seat] == 0 {
                continue;
            }
            if standard {
                step.reached();
                // "The only one worth a negative value": -3 in the standard deck.
                if archdukes.iter().any(|f| f.value != -3) {
                    return Err(format!("P{seat}'s ARCHDUKE cards {archdukes:?}"));
                }
            }
            let sum: i32 = grid.iter().flatten().map(|f| i32::from(f.value)).sum();
            if i32::from(last.hand[seat]) != sum {
                return Err(format!(
                    "P{seat} holds {archdukes:?}: hand {}, the faces add up to {sum}",
                    last.hand[seat]
                ));
            }
        }
        Ok(())
    });
}
