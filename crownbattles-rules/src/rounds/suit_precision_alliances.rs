//! Suit Precision-Alliances (rulebook "Suit Precision Alliances"): "players pair up like in
//! Alliances, but it's a Suit Precision round too".
//!
//! The round reuses both building blocks: the teams, the solo player and the Secret Note
//! of `alliances.rs` (the dealer forms the teams once the trump is known), then the bids
//! per suit and the placement of each trick under a suit of `suit_precision.rs`. Only the
//! scoring is its own: "Combine both players' bids to determine their total bid", suit by
//! suit ([`combined_suit_bids`]), and the tricks the two placed under each suit, and score
//! the sums with the Suit Precision points ([`team_suit_precision_points`]): "both players
//! earn" the result. Readings (RULES.md, readings 60–64): the combined bids and their
//! double bids (60), the team's points (61), the solo player (62), where a trick goes and
//! the Thief between allies (63), the Secret Note and the score events (64).

use duke_core::Seat;

use crate::actions::Bid;
use crate::cards::SuitId;
use crate::position::SetupError;
use crate::rounds::alliances::combined_bid;
use crate::rounds::options::PrecisionTeamDouble;
use crate::rounds::suit_precision::suit_precision_points;
use crate::state::CrownBattles;

/// The team's bid per suit: the sum of the two members' bids for that suit, a double bid
/// when one of them double-bid it ("their total bid is 1 blue, 4 green, and 1 red trick";
/// RULES.md, reading 60). `None` for a suit a member has not bid yet.
pub fn combined_suit_bids(first: [Option<Bid>; 4], second: [Option<Bid>; 4]) -> [Option<Bid>; 4] {
    let mut out = [None; 4];
    for ((slot, a), b) in out.iter_mut().zip(first).zip(second) {
        *slot = combined_bid(a, b);
    }
    out
}

/// What each member of a team scores (rulebook "Suit Precision Alliances", "Meeting your
/// bid", "Failing to meet your bid"; RULES.md, reading 61): the Suit Precision points of
/// the combined bids and the combined tricks per suit. Every suit met: 10 per trick and a
/// 10-point bonus per suit won ("a total of 90 points for **each** player"); a suit missed:
/// −10 per trick off ("both team members lose 10 points for that suit prediction"), the
/// met suits 10 per trick without a bonus, as in Suit Precision.
pub fn team_suit_precision_points(
    first_bids: [Option<Bid>; 4],
    first_tricks: [u8; 4],
    second_bids: [Option<Bid>; 4],
    second_tricks: [u8; 4],
) -> i32 {
    let mut won = [0u8; 4];
    for ((slot, a), b) in won.iter_mut().zip(first_tricks).zip(second_tricks) {
        *slot = a.saturating_add(b);
    }
    suit_precision_points(combined_suit_bids(first_bids, second_bids), won)
}

/// What the solo player of a Suit Precision-Alliances round scores with
/// `Config::precision_solo_doubled` (RULES.md, reading 62): the Suit Precision points with
/// the points of the tricks of its met suits doubled (20 per trick, 10 for a double bid), as
/// Alliances' solo player wins "20 points for each trick"; bonuses and misses unchanged.
pub fn solo_suit_precision_points(bids: [Option<Bid>; 4], won: [u8; 4]) -> i32 {
    let extra: i32 = bids
        .into_iter()
        .zip(won)
        .filter_map(|(bid, w)| {
            let b = bid?;
            let met = b.low() <= w && w <= b.high();
            let per = if matches!(b, Bid::Single(_)) { 10 } else { 5 };
            met.then_some(per * i32::from(w))
        })
        .sum();
    suit_precision_points(bids, won) + extra
}

impl CrownBattles {
    /// "Only one team member can make a double-bid" (rulebook "Alliances") in Suit
    /// Precision-Alliances (RULES.md, reading 60): whether `bid` for `suit` is a double bid
    /// the team may no longer make: by default the ally double-bid a suit already (with
    /// [`PrecisionTeamDouble::PerSuit`]: that suit; [`PrecisionTeamDouble::OneBid`]: the
    /// team double-bid any suit already).
    #[inline(never)]
    pub(crate) fn ally_doubled_suit(&self, seat: Seat, suit: SuitId, bid: Bid) -> bool {
        let doubled = |s: Seat, i: usize| matches!(self.suit_bids(s).get(i), Some(Some(Bid::Double(_))));
        let Some(ally) = self.ally(seat).filter(|_| matches!(bid, Bid::Double(_)) && self.alliance_round()) else {
            return false;
        };
        match self.config.precision_team_double {
            PrecisionTeamDouble::OneMember => (0..4).any(|i| doubled(ally, i)),
            PrecisionTeamDouble::PerSuit => doubled(ally, suit.index()),
            PrecisionTeamDouble::OneBid => (0..4).any(|i| doubled(ally, i) || doubled(seat, i)),
        }
    }

    /// The points `seat` scores for a round of Suit Precision-Alliances: the team's
    /// combined points, or the solo player's own Suit Precision points (RULES.md,
    /// reading 62).
    pub(crate) fn precision_alliance_points(&self, seat: Seat) -> i32 {
        match self.ally(seat) {
            Some(a) => team_suit_precision_points(
                self.suit_bids(seat),
                self.suit_tricks(seat),
                self.suit_bids(a),
                self.suit_tricks(a),
            ),
            None if self.config.precision_solo_doubled => {
                solo_suit_precision_points(self.suit_bids(seat), self.suit_tricks(seat))
            }
            None => self.precision_points(seat),
        }
    }

    /// Validation: the double bids of a team fit `Config::precision_team_double`: one member
    /// double-bids (by default), no suit double-bid by both members, or one double bid at
    /// most per team.
    pub(crate) fn check_precision_alliance(&self) -> Result<(), SetupError> {
        let doubled = |s: Seat, i: usize| matches!(self.suit_bids(s).get(i), Some(Some(Bid::Double(_))));
        let doubles = |s: Seat| (0..4).filter(|&i| doubled(s, i)).count();
        let clash = self.seats().any(|s| {
            self.ally(s).is_some_and(|a| match self.config.precision_team_double {
                PrecisionTeamDouble::OneMember => doubles(s) > 0 && doubles(a) > 0,
                PrecisionTeamDouble::PerSuit => (0..4).any(|i| doubled(s, i) && doubled(a, i)),
                PrecisionTeamDouble::OneBid => doubles(s) + doubles(a) > 1,
            })
        });
        if clash { Err(SetupError::Alliance("more double bids in a team than the rules allow")) } else { Ok(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combined_bids_sum_suit_by_suit() {
        let s = |n| Some(Bid::Single(n));
        let d = |n| Some(Bid::Double(n));
        assert_eq!(combined_suit_bids([s(1), d(0), s(0), None], [s(2), s(1), d(1), s(0)]), [s(3), d(1), d(1), None]);
    }
}
