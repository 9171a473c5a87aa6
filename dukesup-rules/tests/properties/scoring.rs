//! Rulebook "Scoring": each player counts his cards on the table and his remaining CASTLE
//! and DUKES, one each; several rounds add up by points or by rounds won (reading 10).

use duke_core::{Game, Observer, Seat};
use dukesup_rules::testing::bias_castles;
use dukesup_rules::{Action, Event, MultiRound, Phase, Setup};

use crate::oracle::{CASES, Step, castle_in_place, dukes, owner, player, property, table};

/// "the player with the most cards on the table ... This includes any cards in runs/sets,
/// as well as any remaining CASTLES and DUKES. All cards count as 1."
fn count(s: &Setup, seat: Seat, without: Option<duke_core::Card>) -> u32 {
    let p = player(s, seat);
    let on_table = table(s).iter().filter(|&c| owner(c) == seat && Some(c) != without).count();
    (on_table + dukes(p).len() + usize::from(castle_in_place(p).is_some())) as u32
}

/// The counts of the round the step ends, from the position before it.
fn counts(step: &Step<'_, '_>) -> [u32; 2] {
    let without = match step.action() {
        Action::DiscardTable(c) => Some(c),
        _ => None,
    };
    [Seat(0), Seat(1)].map(|s| count(step.before, s, without))
}

fn round_ended(step: &Step<'_, '_>) -> Option<([u32; 2], [u32; 2], [u8; 2])> {
    step.events(Observer::Spectator).into_iter().find_map(|e| match e {
        Event::RoundEnded { counts, points, wins, .. } => Some((counts, points, wins)),
        _ => None,
    })
}

#[test]
fn round_scores_count_own_table_cards_and_remaining_dukes_and_castle() {
    let name = "round_scores_count_own_table_cards_and_remaining_dukes_and_castle";
    property(name, CASES, Some(bias_castles), 200, |step| {
        if matches!(step.after.phase, Phase::Draw | Phase::Play) && step.after.round == step.before.round {
            for seat in [Seat(0), Seat(1)] {
                let (got, want) = (step.check.after.round_score(seat), count(step.after, seat, None));
                if got != want {
                    return Err(format!("{seat} counts {got} now, the rules {want}"));
                }
            }
        }
        if !step.round_ended() {
            return Ok(());
        }
        step.reached();
        let want = counts(step);
        let announced = round_ended(step).map(|(c, ..)| c);
        if announced != Some(want) || step.after.last_round != Some(want) {
            return Err(format!(
                "the round is scored {announced:?} ({:?}), the rules count {want:?}",
                step.after.last_round
            ));
        }
        Ok(())
    });
}

#[test]
fn rounds_add_up_by_points_or_by_rounds_won() {
    property("rounds_add_up_by_points_or_by_rounds_won", CASES, Some(bias_castles), 200, |step| {
        let (before, after) = (step.before, step.after);
        let live = matches!(after.phase, Phase::Draw | Phase::Play);
        let scores = step.check.after.running_scores();
        let want: Vec<i64> = match before.config.multi_round {
            MultiRound::AddScores => [Seat(0), Seat(1)]
                .map(|s| i64::from(after.points[s.index()]) + if live { i64::from(count(after, s, None)) } else { 0 })
                .to_vec(),
            MultiRound::CountWins => after.wins.map(i64::from).to_vec(),
            other => return Err(format!("no reference scoring for {other:?}")),
        };
        if scores != want {
            return Err(format!("running scores {scores:?}, the rules give {want:?}"));
        }
        if !step.round_ended() {
            return Ok(());
        }
        step.reached();
        let counts = counts(step);
        let points = [0, 1].map(|i| before.points[i] + counts[i]);
        let mut wins = before.wins;
        if counts[0] != counts[1] {
            wins[usize::from(counts[1] > counts[0])] += 1;
        }
        if (after.points, after.wins) != (points, wins)
            || round_ended(step).map(|(_, p, w)| (p, w)) != Some((points, wins))
        {
            return Err(format!(
                "points {:?} and wins {:?}, the rules give {points:?} and {wins:?}",
                after.points, after.wins
            ));
        }
        if after.phase == Phase::Over {
            let outcome = step.check.after.outcome().ok_or("no outcome")?;
            let ranks: Vec<u8> = want.iter().map(|s| 1 + want.iter().filter(|o| *o > s).count() as u8).collect();
            if outcome.scores != want || outcome.ranks != ranks {
                return Err(format!("the game ends {outcome:?}, the rules give scores {want:?} and ranks {ranks:?}"));
            }
            if !step.events(Observer::Spectator).contains(&Event::GameOver { outcome }) {
                return Err("the game's end is not announced".into());
            }
        }
        Ok(())
    });
}
