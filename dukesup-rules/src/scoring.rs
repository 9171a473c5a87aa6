//! Scoring (rulebook, "Scoring"): each player counts his own cards on the table plus his
//! remaining CASTLE and DUKES, one point each; the most cards wins.

use duke_core::{Better, CardSet, Outcome, Seat};

use crate::config::MultiRound;
use crate::state::{Phase, Position, TurnFlags, colour_of, other};

/// The cards `seat` counts now: own colour on the table, DUKES in place, CASTLE in place.
pub(crate) fn round_score(pos: &Position, seat: Seat) -> u32 {
    let p = pos.player(seat);
    let on_table = pos.table.intersection(CardSet::colour(colour_of(seat))).len();
    let guards = p.dukes.iter().flatten().count() + usize::from(p.castle_in_place().is_some());
    (on_table + guards) as u32
}

/// Scores the round, then deals the next one or ends the game.
pub(crate) fn end_round(pos: &mut Position) {
    let scores = [round_score(pos, Seat(0)), round_score(pos, Seat(1))];
    for (total, s) in pos.points.iter_mut().zip(scores) {
        *total = total.saturating_add(s);
    }
    let [a, b] = scores;
    if a != b {
        let winner = usize::from(b > a);
        if let Some(w) = pos.wins.get_mut(winner) {
            *w = w.saturating_add(1);
        }
    }
    pos.last_round = Some(scores);
    pos.turn = TurnFlags::default();
    if pos.round < pos.config.rounds {
        pos.round += 1;
        pos.round_first = other(pos.round_first);
        crate::setup::deal(pos);
    } else {
        pos.phase = Phase::Over;
    }
}

/// The game's scores so far: points of finished rounds (plus the current round's count while
/// it runs, for [`MultiRound::AddScores`]), or rounds won.
pub(crate) fn running_scores(pos: &Position) -> [i64; 2] {
    match pos.config.multi_round {
        MultiRound::AddScores => {
            let live = pos.phase != Phase::Over && pos.phase != Phase::Choosing;
            [Seat(0), Seat(1)].map(|s| {
                let done = i64::from(pos.points.get(s.index()).copied().unwrap_or(0));
                done + if live { i64::from(round_score(pos, s)) } else { 0 }
            })
        }
        MultiRound::CountWins => pos.wins.map(i64::from),
    }
}

/// The final result once the game is over: seats ranked by [`running_scores`], higher first.
pub(crate) fn outcome(pos: &Position) -> Option<Outcome> {
    (pos.phase == Phase::Over).then(|| Outcome::from_scores(running_scores(pos).to_vec(), Better::Higher))
}
