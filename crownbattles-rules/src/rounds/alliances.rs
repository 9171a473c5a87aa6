//! Alliances and Missions-Alliances (rulebook "Alliances": "Normal Bidding Alliances",
//! "Missions Alliances", the "Secret Note" token and its notes): players pair up in teams
//! of two (a solo player when their number is odd) and score as a team.
//!
//! - Teams ([`Phase::Teams`], `Action::Team`): "the dealer determining team formations"
//!   and "the dealer chooses who plays solo": once the trump is known, the dealer names
//!   the solo player first (odd counts: `team P2`), then pairs the lowest unpaired seat
//!   with another (`team P0 P3`); the last two unpaired seats pair up by themselves, so
//!   every formation is one sequence of actions. With [`TeamFormation::Random`] the game
//!   generator forms the teams at the round's start instead (RULES.md, reading 57).
//! - Bids (Alliances): as in Normal Bidding, each player's own bid, open; the team's bid
//!   is the sum ([`combined_bid`]); "Only one team member can make a double-bid": a double
//!   bid is refused once the ally placed one.
//! - The Secret Note (`Action::Note`): once per round, on one's own turn (a bidding turn,
//!   a play turn, or the mission choice), a player with an ally shows one card of the hand
//!   to the ally (RULES.md, reading 58). The ally knows where it is
//!   (`CrownBattles::known`, kept right as cards move like any card seen); the others see
//!   that a note was shown, not the card.
//! - Scoring: [`team_points`] and [`solo_points`] (Alliances), [`mission_team_points`]
//!   (Missions-Alliances; a solo player scores as in Missions).
//! - "Do not play any Alliances round in the final round": the round-type machinery never
//!   reveals an Alliance type in the final round or its tie replays (`rounds/mod.rs`).
//!
//! The team machinery (the [`Alliance`] state, the formation, the notes) does not depend
//! on how a round scores, so that Suit Precision-Alliances can reuse it.

use duke_core::{GameRng, Seat};

use crate::actions::{Action, Bid};
use crate::cards::Face;
use crate::position::SetupError;
use crate::rounds::options::{MissionShare, TeamFormation};
use crate::rounds::records::{Alliance, AllianceSetup, SOLO};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, bit};

/// Points lost by each member of a team whose two missions both failed ("if both fail,
/// they lose 40 points each").
pub const BOTH_MISSIONS_FAILED: i32 = -40;

/// The team's bid: the sum of the two bids ("The combined bid results from adding both
/// players' bids"), a double bid when one of them is ("0-1 and 1: 1-2"); `None` when a
/// member has not bid.
pub fn combined_bid(first: Option<Bid>, second: Option<Bid>) -> Option<Bid> {
    let (a, b) = (first?, second?);
    let low = a.low().saturating_add(b.low());
    let double = matches!(a, Bid::Double(_)) || matches!(b, Bid::Double(_));
    Some(if double { Bid::Double(low) } else { Bid::Single(low) })
}

/// The points of a bid's result: met, `per_trick` for each trick and `bonus`, halved for
/// a double bid ("half the points for each trick and half the bonus"); missed, 10 per trick
/// outside the bid.
fn bid_points(bid: Bid, won: u8, per_trick: i32, bonus: i32) -> i32 {
    let (won, low, high) = (i32::from(won), i32::from(bid.low()), i32::from(bid.high()));
    if low <= won && won <= high {
        let twice = 2 * (per_trick * won + bonus);
        if matches!(bid, Bid::Single(_)) { twice / 2 } else { twice / 4 }
    } else {
        -10 * (low - won).max(won - high)
    }
}

/// What each member of a team scores (rulebook "Teams scoring"): `won` is the team's
/// tricks. Met: 10 per trick and a 10-point bonus (a double team bid: 5 and 5); missed:
/// −10 per trick off, more or fewer ("the combined bid is 5 tricks, but they make 7, each
/// team member loses 20 points"). 0 while a member has no bid.
pub fn team_points(first: Option<Bid>, second: Option<Bid>, won: u8) -> i32 {
    combined_bid(first, second).map_or(0, |bid| bid_points(bid, won, 10, 10))
}

/// What the solo player scores (rulebook "Solo scoring"): met, 20 per trick and a 10-point
/// bonus (a double bid: half, 10 and 5); missed, −10 per trick off. 0 without a bid.
pub fn solo_points(bid: Option<Bid>, won: u8) -> i32 {
    bid.map_or(0, |bid| bid_points(bid, won, 20, 10))
}

/// A mission's result for Missions-Alliances: `Some(points)` when met (a player without
/// a mission counts as met for 0), `None` when failed.
pub type MissionResult = Option<i32>;

/// What one member of a Missions-Alliances team scores from its own and its ally's mission
/// results (rulebook "Missions Alliances"): both met, the sum or its own points as `share`
/// says; one failed, 0 ("If one fails, no points are awarded"); both failed,
/// [`BOTH_MISSIONS_FAILED`].
pub fn mission_team_points(own: MissionResult, ally: MissionResult, share: MissionShare) -> i32 {
    match (own, ally) {
        (Some(a), Some(b)) => match share {
            MissionShare::Sum => a + b,
            MissionShare::Own => a,
        },
        (None, None) => BOTH_MISSIONS_FAILED,
        _ => 0,
    }
}

impl CrownBattles {
    /// Whether this round plays in teams.
    #[inline]
    pub(crate) fn alliance_round(&self) -> bool {
        self.table.rounds.round_type.is_alliance()
    }

    /// The ally of `seat`, if it has one.
    pub(crate) fn ally(&self, seat: Seat) -> Option<Seat> {
        let a = at(&self.table.rounds.alliance.allies, seat);
        (usize::from(a) < self.n()).then_some(Seat(a))
    }

    /// Whether `seat` plays solo.
    pub(crate) fn is_solo(&self, seat: Seat) -> bool {
        at(&self.table.rounds.alliance.allies, seat) == SOLO
    }

    /// Whether every seat is on a team or solo.
    pub(crate) fn teams_formed(&self) -> bool {
        self.table.rounds.alliance.allies.iter().take(self.n()).all(|&a| a != NONE)
    }

    /// The seats the dealer has yet to place, as a bit set.
    fn unplaced(&self) -> u8 {
        self.seats().filter(|&s| at(&self.table.rounds.alliance.allies, s) == NONE).fold(0, |m, s| m | bit(s))
    }

    /// Whether the dealer must name the solo player next: an odd count, none named yet.
    fn solo_next(&self) -> bool {
        self.n() % 2 == 1 && !self.table.rounds.alliance.allies.iter().take(self.n()).any(|&a| a == SOLO)
    }

    /// The dealer's legal team actions: the solo player first (odd counts), then the lowest
    /// unplaced seat with any other unplaced seat.
    pub(crate) fn push_teams(&self, out: &mut Vec<Action>) {
        let open = self.unplaced();
        let seats = || self.seats().filter(move |&s| open & bit(s) != 0);
        if self.solo_next() {
            out.extend(seats().map(|s| Action::Team(s, s)));
        } else if let Some(first) = seats().next() {
            out.extend(seats().skip(1).map(|s| Action::Team(first, s)));
        }
    }

    /// Whether the dealer may place `a` and `b` (the same seat: solo) now.
    pub(crate) fn team_allowed(&self, a: Seat, b: Seat) -> bool {
        let open = self.unplaced();
        let lowest = self.seats().find(|&s| open & bit(s) != 0);
        if a.index() >= self.n() || b.index() >= self.n() || open & bit(a) == 0 || open & bit(b) == 0 {
            return false;
        }
        if self.solo_next() { a == b } else { a != b && lowest == Some(a) }
    }

    /// Places `a` and `b` (solo when the same seat); the last two seats pair up by
    /// themselves; once everyone is placed the round goes on (Missions-Alliances: the
    /// missions are dealt now).
    pub(crate) fn form_team(&mut self, a: Seat, b: Seat) {
        self.join_team(a, b);
        let open = self.unplaced();
        if open.count_ones() == 2 && !self.solo_next() {
            let first = Seat(open.trailing_zeros() as u8);
            let second = Seat((open & (open - 1)).trailing_zeros() as u8);
            self.join_team(first, second);
        }
        if self.teams_formed() {
            self.table.phase = self.bidding_phase();
            if self.table.phase == Phase::Missions {
                self.deal_missions();
            }
        }
    }

    fn join_team(&mut self, a: Seat, b: Seat) {
        if a == b {
            crate::state::put(&mut self.table.rounds.alliance.allies, a, SOLO);
        } else {
            crate::state::put(&mut self.table.rounds.alliance.allies, a, b.0);
            crate::state::put(&mut self.table.rounds.alliance.allies, b, a.0);
        }
    }

    /// [`TeamFormation::Random`]: the generator names the solo player (odd counts), then
    /// pairs the lowest unplaced seat with a random other, as the dealer would (no
    /// allocation: it runs inside `apply` when a round starts).
    pub(crate) fn random_teams(&mut self, rng: &mut GameRng) {
        self.table.rounds.alliance = Alliance::EMPTY;
        while !self.teams_formed() {
            let open = self.unplaced();
            let nth = |set: u8, k: u32| (0..8u8).filter(|i| set >> i & 1 == 1).nth(k as usize).map(Seat);
            if self.solo_next() {
                if let Some(solo) = nth(open, rng.below(open.count_ones())) {
                    self.join_team(solo, solo);
                }
            } else {
                let first = open.trailing_zeros() as u8;
                let others = open & !(1 << first);
                // (The last two pair up without a draw, as for the dealer.)
                let k = if others.count_ones() > 1 { rng.below(others.count_ones()) } else { 0 };
                if let Some(other) = nth(others, k) {
                    self.join_team(Seat(first), other);
                }
            }
            if self.unplaced() == open {
                break;
            }
        }
    }

    /// A new round: no teams nor notes; with [`TeamFormation::Random`] the generator forms
    /// the teams of an Alliance round now.
    pub(crate) fn reset_alliance(&mut self) {
        self.table.rounds.alliance = Alliance::EMPTY;
        if self.alliance_round() && self.config.team_formation == TeamFormation::Random {
            let mut rng = self.table.rng;
            self.random_teams(&mut rng);
            self.table.rng = rng;
        }
    }

    /// "Only one team member can make a double-bid": whether `seat`'s ally placed one.
    #[inline]
    pub(crate) fn ally_doubled(&self, seat: Seat) -> bool {
        self.alliance_round()
            && self.ally(seat).is_some_and(|a| matches!(at(&self.table.bids, a), Some(Bid::Double(_))))
    }

    /// Whether `seat` may show `face` to its ally now: an Alliance round, its own turn to
    /// bid, play or choose a mission, an ally, its note unused, the card in its hand.
    pub(crate) fn note_allowed(&self, seat: Seat, face: Face) -> bool {
        self.note_open(seat) && self.hand(seat).find(face).is_some()
    }

    pub(crate) fn note_open(&self, seat: Seat) -> bool {
        let turn = match self.table.phase {
            Phase::Bidding(s) | Phase::Play(s) => s == seat,
            Phase::Missions => self.mission_choosers().contains(seat),
            _ => false,
        };
        turn && self.alliance_round() && self.table.rounds.alliance.notes & bit(seat) == 0 && self.ally(seat).is_some()
    }

    /// The Secret Notes `seat` may show now, one per face of its hand.
    #[cold]
    pub(crate) fn push_notes(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.note_open(seat) {
            out.extend(self.hand(seat).faces().map(Action::Note));
        }
    }

    /// The Secret Note: the ally now knows where the card is ("show a card of their choice
    /// to their ally once per round").
    pub(crate) fn show_note(&mut self, seat: Seat, face: Face) {
        let (Some(card), Some(ally)) = (self.hand(seat).find(face), self.ally(seat)) else { return };
        self.table.rounds.alliance.notes |= bit(seat);
        crate::state::update(&mut self.table.known, ally, |k| k.or(crate::cards::CardSet::one(card)));
        // A copy (Golem, Dragon, Peasant) is known as the hand's lowest of its face.
        self.canonical_knowledge();
    }

    /// The points `seat` scores for an Alliance round from the round's bids and tricks.
    pub(crate) fn alliance_points(&self, seat: Seat) -> i32 {
        if self.precision() {
            return self.precision_alliance_points(seat);
        }
        let (bid, won) = (at(&self.table.bids, seat), at(&self.table.tricks, seat));
        if self.table.rounds.round_type.has_missions() {
            let own = self.mission_result(seat, won);
            return match self.ally(seat) {
                Some(a) => mission_team_points(
                    own,
                    self.mission_result(a, at(&self.table.tricks, a)),
                    self.config.mission_share,
                ),
                None => self.mission_points(seat, won),
            };
        }
        match self.ally(seat) {
            Some(a) => team_points(bid, at(&self.table.bids, a), won.saturating_add(at(&self.table.tricks, a))),
            None => solo_points(bid, won),
        }
    }

    /// Scores an Alliance round: every seat's points are computed before any is added (a
    /// team's points read the ally's bid, tricks and mission, not its score).
    #[cold]
    pub(crate) fn score_alliance_round(&mut self) {
        let mut points = [0i32; MAX_PLAYERS];
        for (s, p) in self.seats().zip(points.iter_mut()) {
            *p = self.alliance_points(s);
        }
        let n = self.n();
        for (slot, p) in self.table.scores.iter_mut().zip(points).take(n) {
            *slot = slot.saturating_add(p);
        }
    }

    /// Validation: teams only in Alliance rounds, each ally's ally the seat itself, a solo
    /// player only with an odd count, the teams complete but while the dealer forms them
    /// (or the dealer has yet to choose the trump), notes only of seats with an ally, no
    /// two double bids in a team.
    pub(crate) fn check_alliance(&self) -> Result<(), SetupError> {
        let n = self.n();
        let err = |why| Err(SetupError::Alliance(why));
        if !self.alliance_round() {
            return if self.table.rounds.alliance == Alliance::EMPTY {
                Ok(())
            } else {
                err("teams outside an Alliance round")
            };
        }
        let mut solos = 0;
        for (s, &a) in self.table.rounds.alliance.allies.iter().enumerate() {
            let ok = match a {
                NONE => true,
                SOLO => {
                    solos += 1;
                    s < n && n % 2 == 1
                }
                a => {
                    s < n
                        && usize::from(a) < n
                        && usize::from(a) != s
                        && self.table.rounds.alliance.allies.get(usize::from(a)) == Some(&(s as u8))
                }
            };
            if !ok || solos > 1 {
                return err(
                    "an ally who is not allied back, a seat beyond the players, or a solo player with an even count",
                );
            }
        }
        if self.seats().any(|s| self.table.rounds.alliance.notes & bit(s) != 0 && self.ally(s).is_none())
            || u16::from(self.table.rounds.alliance.notes) >> n != 0
        {
            return err("a Secret Note shown by a seat without an ally");
        }
        let doubles = |s: Seat| matches!(at(&self.table.bids, s), Some(Bid::Double(_)));
        if self.seats().any(|s| doubles(s) && self.ally(s).is_some_and(doubles)) {
            return err("two double bids in a team");
        }
        let formed = self.teams_formed();
        match self.table.phase {
            Phase::Teams if formed || self.config.team_formation != TeamFormation::Dealer => {
                err("the dealer forms teams that are formed, or that the generator forms")
            }
            Phase::Teams | Phase::ChooseTrump => Ok(()),
            _ if !formed => err("a round under way before its teams are formed"),
            _ => Ok(()),
        }
    }
}

impl CrownBattles {
    /// The alliance part of [`CrownBattles::to_setup`].
    pub(crate) fn alliance_setup(&self) -> AllianceSetup {
        let mut teams = Vec::new();
        for s in self.seats() {
            match at(&self.table.rounds.alliance.allies, s) {
                SOLO => teams.push(vec![s]),
                a if usize::from(a) < self.n() && a > s.0 => teams.push(vec![s, Seat(a)]),
                _ => {}
            }
        }
        AllianceSetup {
            teams,
            notes: self.seats().filter(|&s| self.table.rounds.alliance.notes & bit(s) != 0).collect(),
        }
    }

    /// Applies [`AllianceSetup`] (checked later by `validate`); with none given in an
    /// Alliance round whose teams the generator forms, draws them.
    pub(crate) fn apply_alliance_setup(&mut self, setup: &AllianceSetup) -> Result<(), SetupError> {
        let n = self.n();
        let seat = |s: Seat| if s.index() < n { Ok(s) } else { Err(SetupError::NoSuchSeat(s)) };
        self.table.rounds.alliance = Alliance::EMPTY;
        for team in &setup.teams {
            match team.as_slice() {
                [a] => self.join_team(seat(*a)?, *a),
                [a, b] if a != b => {
                    if at(&self.table.rounds.alliance.allies, seat(*a)?) != NONE
                        || at(&self.table.rounds.alliance.allies, seat(*b)?) != NONE
                    {
                        return Err(SetupError::Alliance("a seat on two teams"));
                    }
                    self.join_team(*a, *b);
                }
                _ => return Err(SetupError::Alliance("a team is one or two different seats")),
            }
        }
        for &s in &setup.notes {
            self.table.rounds.alliance.notes |= bit(seat(s)?);
        }
        if setup.teams.is_empty() && self.alliance_round() && self.config.team_formation == TeamFormation::Random {
            let mut rng = self.table.rng;
            self.random_teams(&mut rng);
            self.table.rng = rng;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u8) -> Option<Bid> {
        Some(Bid::Single(n))
    }
    fn d(n: u8) -> Option<Bid> {
        Some(Bid::Double(n))
    }

    /// Every example printed under "Normal Bidding Alliances", with its numbers.
    #[test]
    fn the_printed_examples() {
        // "If one team member bids 1 and the other bids 3, their combined bid is 4 tricks."
        assert_eq!(combined_bid(s(1), s(3)), s(4));
        // "Either player wins 2 tricks; one player wins 4 tricks while the other wins 0":
        // the team's 4 tricks, however split, meet the combined bid (played out in
        // tests/alliances.rs, `a_combined_bid_of_4_is_met_by_2_and_2_or_by_4_and_0`).
        assert_eq!(team_points(s(1), s(3), 4), 50);
        // "one player bids 2 and another bids 3 … each player receives 60 points".
        assert_eq!(team_points(s(2), s(3), 5), 60);
        // "the combined bid is 5 tricks, but they make 7, each team member loses 20 points".
        assert_eq!(team_points(s(2), s(3), 7), -20);
        // "if the player bids 2 and makes 2 tricks, the player receives 50 points".
        assert_eq!(solo_points(s(2), 2), 50);
        // "one player bids 0-1 and another bids 1, the combined bid is 1-2".
        assert_eq!(combined_bid(d(0), s(1)), d(1));
        // "one player bids 1-2 and the other bids 2, the combined bid becomes 3-4".
        assert_eq!(combined_bid(d(1), s(2)), d(3));
        // "combined bid is 3-4 and they complete 3 tricks … each team member gets 20 points".
        assert_eq!(team_points(d(1), s(2), 3), 20);
    }

    /// The rules case by case: misses either way, doubles, solo doubles, missing bids.
    #[test]
    fn team_and_solo_points_case_by_case() {
        assert_eq!(team_points(s(0), s(0), 0), 10);
        assert_eq!(team_points(s(2), s(1), 1), -20);
        assert_eq!(team_points(d(1), s(2), 4), 25);
        assert_eq!(team_points(d(1), s(2), 5), -10);
        assert_eq!(team_points(d(1), s(2), 1), -20);
        assert_eq!(team_points(None, s(2), 2), 0);
        assert_eq!(solo_points(s(0), 0), 10);
        assert_eq!(solo_points(s(3), 1), -20);
        assert_eq!(solo_points(d(2), 3), 35);
        assert_eq!(solo_points(None, 3), 0);
    }

    /// "If one fails, no points are awarded; if both fail, they lose 40 points each. If
    /// both succeed, they collectively earn points from their individual missions."
    #[test]
    fn missions_alliances_points() {
        for share in [MissionShare::Sum, MissionShare::Own] {
            assert_eq!(mission_team_points(Some(15), None, share), 0);
            assert_eq!(mission_team_points(None, Some(15), share), 0);
            assert_eq!(mission_team_points(None, None, share), -40);
        }
        assert_eq!(mission_team_points(Some(15), Some(30), MissionShare::Sum), 45);
        assert_eq!(mission_team_points(Some(15), Some(30), MissionShare::Own), 15);
    }
}
