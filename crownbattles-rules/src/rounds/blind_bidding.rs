//! Blind Bidding (rulebook "Blind bidding"): "Secretly predict and choose your bids …
//! Place your chosen token facedown in front of you"; "At the end of the round, after all
//! tricks are played, reveal your bids and earn points as in Normal bidding round".
//!
//! The bids are simultaneous: every seat that has not bid is to act
//! ([`Phase::BlindBidding`]), in any order; the first trick starts, from the dealer's
//! left, once all have bid. A bid is seen face down by the others (`Event::BidFaceDown`),
//! views show only the observer's own bid, determinization re-chooses the bids the seat
//! has not seen, and the bids are revealed by the round's score (`Event::RoundScored`) and
//! kept in views until the next round ends (`View::revealed_bids`).

use duke_core::{GameRng, Seat, SeatSet};

use crate::actions::Bid;
use crate::round_types::RoundType;
use crate::state::{CrownBattles, Phase, at, put};

impl CrownBattles {
    /// The bidding phase of the round starting now: open bids from the dealer's left,
    /// Blind Bidding's simultaneous face-down bids, or The Split's split before its bids
    /// (after Leaked Suit's choices, if any are missing).
    pub(crate) fn bidding_phase(&self) -> Phase {
        if self.table.rounds.round_type.is_normal() {
            return self.next_bidder();
        }
        if self.leak_pending() {
            return Phase::LeakedSuit;
        }
        // Alliances: the dealer forms the teams before the bids (or the missions).
        if self.alliance_round() && !self.teams_formed() {
            return Phase::Teams;
        }
        if self.pairing_pending() {
            return Phase::Pairing;
        }
        if self.table.rounds.round_type == RoundType::BlindBidding {
            return Phase::BlindBidding;
        }
        // Missions: the choice of a mission takes the place of the bids.
        if self.table.rounds.round_type.has_missions() {
            return Phase::Missions;
        }
        let n = self.n();
        if self.split() {
            let (_, second) = self.halves();
            if self.table.rounds.aside.iter().take(n).any(|a| a.len() < u32::from(second)) {
                return Phase::Splitting;
            }
            return Phase::Bidding(self.table.dealer.left(n).offset(self.split_bidders_done(), n));
        }
        if self.precision() {
            return Phase::Bidding(self.table.dealer.left(n).offset(self.precision_bidders_done(), n));
        }
        self.next_bidder()
    }

    /// Normal Bidding: the seat after those that bid, clockwise from the dealer's left.
    fn next_bidder(&self) -> Phase {
        let n = self.n();
        let placed = self.table.bids.iter().take(n).filter(|b| b.is_some()).count();
        Phase::Bidding(self.table.dealer.left(n).offset(placed, n))
    }

    /// Blind Bidding: the seats that have yet to place their face-down bid.
    pub(crate) fn blind_bidders(&self) -> SeatSet {
        self.seats().filter(|&s| at(&self.table.bids, s).is_none()).collect()
    }

    /// Places a face-down bid; once every seat has bid, the player left of the dealer leads.
    pub(crate) fn place_blind_bid(&mut self, seat: Seat, bid: Bid) {
        put(&mut self.table.bids, seat, Some(bid));
        if self.blind_bidders().is_empty() {
            self.table.phase = Phase::Play(self.table.dealer.left(self.n()));
        }
    }

    /// Determinization: the face-down bids of the other seats are unknown to `seat`, so
    /// each is re-chosen among the bids the tokens allow this round.
    pub(crate) fn redraw_hidden_bids(&mut self, seat: Seat, rng: &mut GameRng) {
        if self.table.rounds.round_type.bids_are_public() {
            return;
        }
        let max = u32::from(self.config.max_bid);
        let doubles = self.table.rounds.round_type.allows_double_bid(self.cards_this_round()) && max > 0;
        // Single bids 0..=max, then double bids 0-1 ..= (max-1)-max.
        let choices = max + 1 + if doubles { max } else { 0 };
        for s in self.seats().filter(|&s| s != seat) {
            if at(&self.table.bids, s).is_some() {
                let k = rng.below(choices);
                let bid = if k <= max { Bid::Single(k as u8) } else { Bid::Double((k - max - 1) as u8) };
                put(&mut self.table.bids, s, Some(bid));
            }
        }
    }
}
