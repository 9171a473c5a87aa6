//! Missions and Blind Missions (rulebook "Missions", "Blind Missions"): instead of
//! bidding, each player is dealt mission cards, chooses one, and at the round's end scores
//! the mission's points from its table when met, or loses 20 when failed.
//!
//! - Dealing (`deal_missions`): once the round's trump is known, each player is offered
//!   up to [`MissionRules::choices`] (5) missions drawn with the game generator from the
//!   catalogue's missions available this round: a "-" in the table or an impossible
//!   condition is redrawn ("draw another one until you find a feasible mission"), and so
//!   is a duplicate, a second mission with the same condition ("switch it for a different
//!   one"). Each player draws from the whole catalogue (RULES.md, reading 37: the
//!   catalogue lists mission kinds, so a small one still deals every player a choice); with
//!   fewer available missions than five, all of them are offered; with none, the player
//!   plays the round without a mission and scores 0.
//! - Choosing ([`Phase::Missions`], `Action::Mission`): a shield and the Smuggler's swap
//!   may come first, as before a bid. [`MissionReveal::Simultaneous`] (default, as
//!   printed: "When ready, players then reveal their chosen missions", and the printed
//!   variation): all choose face down, revealed together once the last has chosen;
//!   [`MissionReveal::InTurn`] (an option): one by one from the dealer's left, each
//!   choice revealed as it is made. Blind Missions:
//!   all choose face down and the missions stay secret until the round's end.
//! - Scoring (`mission_points`): the table's points for the player count and cards dealt
//!   when met, −20 when failed ("rotate it sideways 90-degrees and lose 20 points").

pub(crate) mod catalogue;
pub(crate) mod rules;
mod saved;
mod wire;

use duke_core::{GameRng, Seat, SeatSet};

pub use self::catalogue::{
    CARD_COLUMNS, Condition, MAX_MISSIONS, Mission, MissionCatalogue, MissionError, PLAYER_ROWS, PointTable,
};
pub use self::rules::{FAILED_MISSION, MISSION_CHOICES, MissionCard, MissionReveal, MissionRules};
use crate::actions::{Action, Trump};
use crate::cards::{CardSet, Power};
use crate::round_types::RoundType;
pub use crate::rounds::records::MissionsSetup;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, bit, put};
use crate::trick::Form;

/// A set of missions, a bit per catalogue id (ids below [`MAX_MISSIONS`]).
pub(crate) type MissionSet = u64;

/// The catalogue ids in a set, in increasing order.
pub(crate) fn ids(set: MissionSet) -> impl Iterator<Item = u8> {
    let mut left = set;
    core::iter::from_fn(move || {
        let id = left.trailing_zeros();
        left &= left.wrapping_sub(1);
        (id < MissionSet::BITS).then_some(id as u8)
    })
}

impl RoundType {
    /// Missions and Blind Missions: mission cards instead of bids.
    pub const fn has_missions(self) -> bool {
        matches!(self, RoundType::Missions | RoundType::BlindMissions | RoundType::MissionsAlliances)
    }

    /// The missions rounds whose missions are revealed as in Missions (in turn, or all
    /// together once chosen): Missions and Missions-Alliances ("it's a Missions round too").
    pub const fn open_missions(self) -> bool {
        matches!(self, RoundType::Missions | RoundType::MissionsAlliances)
    }

    /// Whether a card completing a trick changes more than the trick and the tricks won
    /// (Stealth Play's flip, the missions' records, Suit Precision's placement, Long Play's
    /// first pass kept or cleared), so that its undo saves the whole state.
    pub const fn flips_at_trick_end(self) -> bool {
        matches!(
            self,
            RoundType::StealthPlay | RoundType::SuitPrecision | RoundType::SuitPrecisionAlliances | RoundType::LongPlay
        ) || self.has_missions()
    }
}

impl CrownBattles {
    /// The missions available this round, a bit per catalogue id.
    pub(crate) fn available_missions(&self) -> MissionSet {
        let (n, dealt) = (self.config.players, self.cards_this_round());
        let has_trump = self.table.trump != Trump::NoTrump;
        let mut mask = 0;
        for (i, m) in self.config.missions.catalogue.iter().enumerate() {
            if m.available(n, dealt, has_trump) {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// Up to `choices` missions of `available`, no two with the same condition, drawn
    /// with `rng` (no draw when all of them are offered).
    fn draw_offer(&self, available: MissionSet, rng: &mut GameRng) -> MissionSet {
        let catalogue = &self.config.missions.catalogue;
        let condition = |i: u8| catalogue.get(i).map(|m| m.condition);
        let mut left = available;
        let mut offer: MissionSet = 0;
        for _ in 0..self.config.missions.choices {
            if left == 0 {
                break;
            }
            let pick = rng.below(left.count_ones());
            let Some(id) = ids(left).nth(pick as usize) else { break };
            offer |= 1 << id;
            // A duplicate (same condition) is switched for a different mission.
            left &= !ids(left).filter(|&i| condition(i) == condition(id)).fold(0, |m: MissionSet, i| m | 1 << i);
        }
        offer
    }

    /// "Players are given 5 missions cards to choose one from": deals each player's offer
    /// with the game generator and opens the choice (or the first trick if nobody has one).
    pub(crate) fn deal_missions(&mut self) {
        let available = self.available_missions();
        let mut rng = self.table.rng;
        for s in self.seats() {
            let offer = self.draw_offer(available, &mut rng);
            put(&mut self.table.rounds.offers, s, offer);
        }
        self.table.rng = rng;
        if self.table.rounds.offers.iter().all(|&o| o == 0) {
            self.table.phase = Phase::Play(self.table.dealer.left(self.n()));
        }
    }

    /// Whether this round's choices are revealed one by one as they are made.
    pub(crate) fn missions_in_turn(&self) -> bool {
        self.table.rounds.round_type.open_missions() && self.config.missions.reveal == MissionReveal::InTurn
    }

    /// The seats to choose a mission now: the next from the dealer's left in turn,
    /// otherwise every seat still holding an offer.
    pub(crate) fn mission_choosers(&self) -> SeatSet {
        let n = self.n();
        let waiting = |s: Seat| at(&self.table.rounds.offers, s) != 0;
        if self.missions_in_turn() {
            let first = self.table.dealer.left(n);
            return (0..n).map(|k| first.offset(k, n)).find(|&s| waiting(s)).map_or(SeatSet::EMPTY, SeatSet::single);
        }
        self.seats().filter(|&s| waiting(s)).collect()
    }

    /// The missions offered to `seat` that it has yet to choose from, in id order.
    pub(crate) fn offered_ids(&self, seat: Seat) -> Vec<u8> {
        let offer = at(&self.table.rounds.offers, seat);
        ids(offer).collect()
    }

    /// The legal actions of `seat` choosing a mission: a shield and the Smuggler's swap
    /// first, as before a bid, then its offered missions, in id order.
    pub(crate) fn push_missions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.shield_for_sale(seat) {
            out.push(Action::Shield);
        }
        if self.may_smuggle_before_bid(seat) {
            let hand = self.hand(seat).minus(CardSet::one(Power::Smuggler.card()));
            out.extend(hand.faces().map(Action::Smuggle));
        }
        let offer = at(&self.table.rounds.offers, seat);
        out.extend(ids(offer).map(Action::Mission));
    }

    /// The mission `seat` chose, if any.
    pub(crate) fn mission_of(&self, seat: Seat) -> Option<u8> {
        Some(at(&self.table.rounds.missions, seat)).filter(|&m| m != NONE)
    }

    /// Whether `seat` may choose mission `id` now.
    pub(crate) fn mission_allowed(&self, seat: Seat, id: u8) -> bool {
        at(&self.table.rounds.offers, seat).checked_shr(u32::from(id)).is_some_and(|o| o & 1 == 1)
    }

    /// Chooses a mission; the rest of the offer goes back. After the last choice the
    /// player left of the dealer leads.
    pub(crate) fn choose_mission(&mut self, seat: Seat, id: u8) {
        put(&mut self.table.rounds.missions, seat, id);
        put(&mut self.table.rounds.offers, seat, 0);
        if self.table.rounds.offers.iter().all(|&o| o == 0) {
            self.table.phase = Phase::Play(self.table.dealer.left(self.n()));
        }
    }

    /// Whether `observer` sees the mission `seat` chose: its own always; in Missions once
    /// revealed (at once in turn, else when all have chosen); in Blind Missions never
    /// before the round's end.
    pub(crate) fn mission_seen(&self, seat: Seat, observer: Option<Seat>) -> bool {
        observer == Some(seat)
            || self.table.rounds.round_type.open_missions()
                && (self.missions_in_turn() || self.table.phase != Phase::Missions)
    }

    /// A trick of a missions round was won at play position `pos` by `winner`: records
    /// the first trick it won (0-based) and whether a trump card won it.
    pub(crate) fn note_mission_trick(&mut self, winner: Seat, pos: usize) {
        let played = self.cards_this_round().saturating_sub(self.hand(self.table.trick.leader).len() as u8);
        if at(&self.table.rounds.first_wins, winner) == NONE {
            put(&mut self.table.rounds.first_wins, winner, played.saturating_sub(1));
        }
        if let (Some(Form::Number { suit, .. }), Trump::Suit(t)) = (self.table.trick.form(pos), self.table.trump)
            && suit == t
        {
            self.table.rounds.trump_wins |= bit(winner);
            if self.table.trick.led.is_some_and(|led| led != t) {
                self.table.rounds.trump_cuts |= bit(winner);
            }
        }
    }

    /// The round's points of `seat` in a missions round: the table's value when met,
    /// [`FAILED_MISSION`] when failed, 0 without a mission.
    pub(crate) fn mission_points(&self, seat: Seat, tricks: u8) -> i32 {
        self.mission_result(seat, tricks).unwrap_or(FAILED_MISSION)
    }

    /// Whether `seat`'s mission is met with `tricks` tricks ("Missions": "If a player
    /// fails their mission"); `None` when it has no mission.
    pub(crate) fn mission_met(&self, seat: Seat, tricks: u8) -> Option<bool> {
        self.config.missions.catalogue.get(at(&self.table.rounds.missions, seat))?;
        Some(self.mission_result(seat, tricks).is_some())
    }

    /// The result of `seat`'s mission: `Some` of the table's points when met (`Some(0)`
    /// without a mission), `None` when failed.
    pub(crate) fn mission_result(&self, seat: Seat, tricks: u8) -> Option<i32> {
        let Some(mission) = self.config.missions.catalogue.get(at(&self.table.rounds.missions, seat)) else {
            return Some(0);
        };
        let first = Some(at(&self.table.rounds.first_wins, seat)).filter(|&f| f != NONE);
        let met = mission.condition.met(
            tricks,
            first,
            self.table.rounds.trump_wins & bit(seat) != 0,
            self.table.rounds.trump_cuts & bit(seat) != 0,
        );
        mission.points.points(self.config.players, self.cards_this_round()).filter(|_| met)
    }

    /// The cards of the catalogue missions among `named` (each once, in id order).
    pub(crate) fn mission_cards(&self, named: impl Iterator<Item = u8>) -> Vec<MissionCard> {
        let set = named.filter(|&id| usize::from(id) < MAX_MISSIONS).fold(0, |set: MissionSet, id| set | 1 << id);
        ids(set).filter_map(|id| self.mission_card(id)).collect()
    }

    /// The card of mission `id` of the catalogue.
    pub(crate) fn mission_card(&self, id: u8) -> Option<MissionCard> {
        self.config.missions.catalogue.get(id).map(|m| MissionCard { id, condition: m.condition })
    }

    /// Clears the missions of a round (at its start).
    pub(crate) fn reset_missions(&mut self) {
        self.table.rounds.offers = [0; MAX_PLAYERS];
        self.table.rounds.missions = [NONE; MAX_PLAYERS];
        self.table.rounds.first_wins = [NONE; MAX_PLAYERS];
        self.table.rounds.trump_wins = 0;
        self.table.rounds.trump_cuts = 0;
    }

    /// Determinization: the offers of the other seats and the missions `seat` has not
    /// seen are re-dealt among the missions available this round.
    pub(crate) fn redraw_hidden_missions(&mut self, seat: Seat, rng: &mut GameRng) {
        if !self.table.rounds.round_type.has_missions() {
            return;
        }
        let available = self.available_missions();
        for s in self.seats().filter(|&s| s != seat) {
            if at(&self.table.rounds.offers, s) != 0 {
                let offer = self.draw_offer(available, rng);
                // Never empty: the seat had an offer, so some mission is available.
                if offer != 0 {
                    put(&mut self.table.rounds.offers, s, offer);
                }
            } else if at(&self.table.rounds.missions, s) != NONE && !self.mission_seen(s, Some(seat)) {
                let offer = self.draw_offer(available, rng);
                let k = rng.below(offer.count_ones().max(1));
                if let Some(id) = ids(offer).nth(k as usize) {
                    put(&mut self.table.rounds.missions, s, id);
                }
            }
        }
    }
}
