//! Scoring ("Meeting your bid", "Failing to meet your bid", "Double Bidding", the scoring
//! table) and the crown (How to Play 9).

use duke_core::Seat;

use crate::actions::Bid;

/// Points for a round: a met single bid scores 10 per trick + 20; a met double bid 5 per
/// trick + 10; a missed bid loses 10 per trick outside the bid (outside the range for a
/// double bid). No bid (cannot happen in a finished round) scores 0.
pub fn round_points(bid: Option<Bid>, won: u8) -> i32 {
    let Some(bid) = bid else { return 0 };
    // Computed without a branch on the outcome: rounds end with random results in playouts.
    let (won, low, high) = (i32::from(won), i32::from(bid.low()), i32::from(bid.high()));
    let single = matches!(bid, Bid::Single(_));
    let met = if single { 10 * won + 20 } else { 5 * won + 10 };
    let missed = -10 * (low - won).max(won - high);
    if low <= won && won <= high { met } else { missed }
}

/// The crown: the sole highest score; nobody on a tie.
pub fn sole_leader(scores: &[i32]) -> Option<Seat> {
    let best = scores.iter().copied().max()?;
    let mut leaders = scores.iter().enumerate().filter(|&(_, &s)| s == best);
    let (first, _) = leaders.next()?;
    if leaders.next().is_some() { None } else { Some(Seat(first as u8)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule as written, case by case.
    fn reference(bid: Option<Bid>, won: u8) -> i32 {
        let won16 = i32::from(won);
        match bid {
            None => 0,
            Some(Bid::Single(n)) if n == won => 10 * won16 + 20,
            Some(Bid::Double(n)) if won == n || i32::from(won) == i32::from(n) + 1 => 5 * won16 + 10,
            Some(b) => {
                let (low, high) = (i32::from(b.low()), i32::from(b.high()));
                -10 * if won16 < low { low - won16 } else { won16 - high }
            }
        }
    }

    #[test]
    fn round_points_match_the_rule_case_by_case() {
        for n in 0..=u8::MAX {
            for won in 0..=u8::MAX {
                for bid in [None, Some(Bid::Single(n)), Some(Bid::Double(n))] {
                    assert_eq!(round_points(bid, won), reference(bid, won), "{bid:?} {won}");
                }
            }
        }
    }
}
