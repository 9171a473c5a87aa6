//! The missions of a round in a saved game ([`MissionsSetup`]), and their checks.

use duke_core::Seat;

use super::MAX_MISSIONS;
use crate::position::SetupError;
use crate::rounds::records::MissionsSetup;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, bit, put};

impl CrownBattles {
    /// The bids placed, for the phase checks: in a missions round, where no bid is placed,
    /// all of them once the trump is known and no seat has a mission to choose, else none.
    pub(crate) fn placed_bids(&self) -> usize {
        if self.table.rounds.round_type.has_missions() {
            // (Missions-Alliances: the missions are dealt once the teams are formed.)
            let choosing = self.table.phase == Phase::ChooseTrump
                || self.alliance_round() && !self.teams_formed()
                || self.table.rounds.offers.iter().any(|&o| o != 0);
            return if choosing { 0 } else { self.n() };
        }
        if self.precision() {
            return self.precision_bidders_done();
        }
        self.table.bids.iter().filter(|b| b.is_some()).count()
    }

    /// The missions part of [`CrownBattles::to_setup`].
    pub(crate) fn missions_setup(&self) -> MissionsSetup {
        let seats = || self.seats();
        let id = |v: u8| (v != NONE).then_some(v);
        let flagged = |bits: u8| seats().filter(|&s| bits & bit(s) != 0).collect::<Vec<Seat>>();
        let per_seat = |a: &[u8; MAX_PLAYERS]| {
            if a.iter().all(|&v| v == NONE) { Vec::new() } else { seats().map(|s| id(at(a, s))).collect() }
        };
        MissionsSetup {
            offered: if self.table.rounds.offers.iter().all(|&o| o == 0) {
                Vec::new()
            } else {
                seats().map(|s| super::ids(at(&self.table.rounds.offers, s)).collect()).collect()
            },
            chosen: per_seat(&self.table.rounds.missions),
            first_wins: per_seat(&self.table.rounds.first_wins),
            trump_tricks: flagged(self.table.rounds.trump_wins),
            trump_over_lead: flagged(self.table.rounds.trump_cuts),
            revealed: per_seat(&self.table.rounds.revealed_missions),
        }
    }

    /// Applies [`MissionsSetup`] (checked later by `validate`); an empty one in a missions
    /// round whose play has not started deals the offers as the game does, once the trump
    /// is known (`choosing_trump`: the dealer has yet to choose it).
    pub(crate) fn apply_missions_setup(
        &mut self,
        setup: &MissionsSetup,
        choosing_trump: bool,
    ) -> Result<(), SetupError> {
        let n = self.n();
        let long = |v: usize| v > n;
        if long(setup.offered.len())
            || long(setup.chosen.len())
            || long(setup.first_wins.len())
            || long(setup.revealed.len())
        {
            return Err(SetupError::Missions("more entries than seats"));
        }
        let seats = |list: &[Seat]| {
            list.iter()
                .try_fold(0u8, |m, &s| if s.index() < n { Ok(m | bit(s)) } else { Err(SetupError::NoSuchSeat(s)) })
        };
        self.table.rounds.trump_wins = seats(&setup.trump_tricks)?;
        self.table.rounds.trump_cuts = seats(&setup.trump_over_lead)?;
        let fill = |slot: &mut [u8; MAX_PLAYERS], list: &[Option<u8>]| {
            for (s, v) in list.iter().enumerate() {
                put(slot, Seat(s as u8), v.unwrap_or(NONE));
            }
        };
        fill(&mut self.table.rounds.missions, &setup.chosen);
        fill(&mut self.table.rounds.first_wins, &setup.first_wins);
        fill(&mut self.table.rounds.revealed_missions, &setup.revealed);
        for (s, ids) in setup.offered.iter().enumerate() {
            let mut offer: super::MissionSet = 0;
            for &i in ids {
                if usize::from(i) >= MAX_MISSIONS {
                    return Err(SetupError::Missions("a mission id beyond the catalogue"));
                }
                offer |= 1 << i;
            }
            put(&mut self.table.rounds.offers, Seat(s as u8), offer);
        }
        let fresh = setup.offered.is_empty() && setup.chosen.is_empty();
        let before_play = self.table.played.is_empty() && self.table.trick.len == 0;
        if fresh
            && before_play
            && self.table.rounds.round_type.has_missions()
            && (!self.alliance_round() || self.teams_formed())
        {
            // Dealt again with the setup's trump (a deal made with the round's cards may
            // have used another).
            self.table.rounds.offers = [0; MAX_PLAYERS];
            if !choosing_trump {
                self.deal_missions();
            }
        }
        Ok(())
    }

    /// Validation of the missions state: only in missions rounds (but the last round's
    /// revealed missions), ids of the catalogue, offers of missions available this round
    /// only while choosing and only to seats without a mission, no bid.
    pub(crate) fn check_missions(&self) -> Result<(), SetupError> {
        let n = self.n();
        let catalogue = self.config.missions.catalogue.len();
        let ids_ok = |a: &[u8; MAX_PLAYERS]| {
            a.iter().enumerate().all(|(s, &v)| v == NONE || (s < n && usize::from(v) < catalogue))
        };
        if !ids_ok(&self.table.rounds.missions) || !ids_ok(&self.table.rounds.revealed_missions) {
            return Err(SetupError::Missions("a mission id beyond the catalogue or the seats"));
        }
        let seats_mask = if n >= 8 { u8::MAX } else { (1u8 << n) - 1 };
        if (self.table.rounds.trump_wins | self.table.rounds.trump_cuts) & !seats_mask != 0
            || self.table.rounds.trump_cuts & !self.table.rounds.trump_wins != 0
        {
            return Err(SetupError::Missions(
                "trump wins of seats that do not exist, or a trumping without a trump win",
            ));
        }
        if !self.table.rounds.round_type.has_missions() {
            let clear = self.table.rounds.offers == [0; MAX_PLAYERS]
                && self.table.rounds.missions == [NONE; MAX_PLAYERS]
                && self.table.rounds.first_wins == [NONE; MAX_PLAYERS]
                && self.table.rounds.trump_wins == 0;
            return if clear { Ok(()) } else { Err(SetupError::Missions("missions outside a missions round")) };
        }
        if self.table.bids.iter().any(Option::is_some) {
            return Err(SetupError::Missions("a bid in a missions round"));
        }
        // Before the missions are dealt (the dealer's trump choice, Missions-Alliances' teams)
        // nobody has one, nor anything a mission records.
        let undealt = matches!(self.table.phase, Phase::ChooseTrump | Phase::Teams);
        if undealt
            && (self.table.rounds.missions != [NONE; MAX_PLAYERS]
                || self.table.rounds.first_wins != [NONE; MAX_PLAYERS]
                || self.table.rounds.trump_wins != 0)
        {
            return Err(SetupError::Missions("missions chosen before they are dealt"));
        }
        let available = self.available_missions();
        let dealt = self.cards_this_round();
        for s in 0..MAX_PLAYERS {
            let seat = Seat(s as u8);
            let offer = at(&self.table.rounds.offers, seat);
            let first = at(&self.table.rounds.first_wins, seat);
            if offer & !available != 0 || (offer != 0 && at(&self.table.rounds.missions, seat) != NONE) {
                return Err(SetupError::Missions("an offer of missions not available, or to a seat that chose"));
            }
            if first != NONE && (first >= dealt || s >= n) {
                return Err(SetupError::Missions("a first trick won beyond the round"));
            }
        }
        let choosing = self.table.rounds.offers.iter().any(|&o| o != 0);
        if choosing != (self.table.phase == Phase::Missions) {
            return Err(SetupError::Phase(Some(self.table.phase)));
        }
        if choosing && (!self.table.played.is_empty() || self.table.trick.len != 0) {
            return Err(SetupError::Missions("missions are chosen before the first trick"));
        }
        Ok(())
    }
}
