//! [`CrownBattles::to_setup`]: any game as the [`Setup`] that gives it back exactly; a
//! saved game is that setup (the state's serde goes through it).

use duke_core::Seat;

use super::build::{default_known, default_next_leader, rebuild_trick};
use super::{CardName, Setup, SetupError};
use crate::cards::{CardSet, Power};
use crate::round_types::RoundTypes;
use crate::state::{CrownBattles, NONE, Phase, at, bit};
use crate::trick::Form;
use crate::view::suits;

/// Exact names of a set of cards, in card order.
fn names(cards: CardSet) -> Vec<CardName> {
    cards.iter().map(CardName::exact).collect()
}

impl CrownBattles {
    /// The setup that [`from_setup`](Self::from_setup) turns back into this exact state:
    /// the generator's position, every card by its exact copy, and every field a default
    /// would not give back (the phase, who leads next, who knows what, the voids, the
    /// Wizards' protection) spelled out.
    pub fn to_setup(&self) -> Setup {
        let n = self.n();
        let seats = || self.seats();
        let flagged = |bits: u8| seats().filter(|&s| bits & bit(s) != 0).collect::<Vec<Seat>>();
        let first = self.table.dealer.left(n);
        let t = &self.table.trick;
        let len = usize::from(t.len);
        // Long Play: the kept first pass, then the pass on the table.
        let (mut trick_cards, first_golem) = self.table.rounds.long.cards();
        let long = !trick_cards.is_empty();
        trick_cards.extend((0..len).filter_map(|i| t.card(i)));
        let as_golem = first_golem
            || (0..len)
                .any(|i| t.card(i) == Some(Power::DoubleFaced.card()) && matches!(t.form(i), Some(Form::Golem { .. })));
        let rebuilt = rebuild_trick(
            t.leader,
            &trick_cards,
            as_golem,
            n,
            self.stealth().then_some(self.config.stealth_follow_face_down),
            long,
        );
        let on_table = trick_cards.iter().fold(CardSet::EMPTY, |set, &c| set.or(CardSet::one(c)));
        let derived_phase = if !self.bids_complete() {
            Some(self.bidding_phase())
        } else if len < n {
            Some(Phase::Play(t.leader.offset(len, n)))
        } else {
            None
        };
        let known = self.table.known.iter().take(n).copied().collect::<Vec<_>>();
        let mut default_known = default_known(&self.config, self.table.smuggled);
        for (k, s) in default_known.iter_mut().zip(self.shown_knowledge()) {
            *k = k.or(s);
        }
        if let Some((magician, _, card)) = self.seen_pass() {
            crate::state::update(&mut default_known, magician, |k| k.or(CardSet::one(card)));
        }
        Setup {
            config: self.config.clone(),
            seed: self.table.rng.seed(),
            generator: Some(self.table.rng),
            round: self.table.round.saturating_add(1),
            dealer: Some(self.table.dealer),
            hands: Some(seats().map(|s| names(self.hand(s))).collect()),
            trump: Some(self.table.trump),
            bids: seats().map(|s| at(&self.table.bids, s)).collect(),
            leader: (t.leader != first).then_some(t.leader),
            trick: trick_cards.iter().copied().map(CardName::exact).collect(),
            double_faced_as_golem: as_golem,
            next_leader: (t.next_leader
                != default_next_leader(&rebuilt.trick, rebuilt.first.as_ref(), self.table.trump, &self.config))
            .then_some(t.next_leader),
            played: names(self.table.played.minus(on_table)),
            tricks: seats().map(|s| at(&self.table.tricks, s)).collect(),
            scores: seats().map(|s| at(&self.table.scores, s)).collect(),
            crown: self.table.crown,
            shields: flagged(self.table.shields),
            smuggled: flagged(self.table.smuggled),
            wizards: (self.table.wizards != rebuilt.wizards).then(|| flagged(self.table.wizards)),
            // (Leaked Suit: a pending choice is spelled out, or loading would draw the spinner's or
            // the neighbour's variation again.)
            phase: (Some(self.table.phase) != derived_phase || self.leak_pending()).then_some(self.table.phase),
            passes: if self.table.passes.iter().all(|&p| p == NONE) {
                Vec::new()
            } else {
                seats().map(|s| crate::cards::Card::new(at(&self.table.passes, s)).map(CardName::exact)).collect()
            },
            known: (known.as_slice() != default_known.get(..n).unwrap_or(&[]))
                .then(|| known.iter().map(|&k| names(k)).collect()),
            voids: (self.table.voids != rebuilt.voids)
                .then(|| seats().map(|s| suits(at(&self.table.voids, s))).collect()),
            round_type: (!matches!(self.config.round_types, RoundTypes::Every(_)))
                .then_some(self.table.rounds.round_type),
            round_pile: matches!(self.config.round_types, RoundTypes::Deal(_))
                .then(|| crate::round_types::listed(self.table.rounds.round_pile).collect()),
            revealed_bids: seats().filter_map(|s| at(&self.table.rounds.revealed_bids, s)).collect(),
            revealed_trick: self.revealed_cards().0.into_iter().map(CardName::exact).collect(),
            revealed_leader: (self.table.rounds.revealed_trick != [NONE; crate::state::MAX_PLAYERS])
                .then_some(self.table.rounds.revealed_leader),
            revealed_as_golem: self.revealed_cards().1,
            aside: if self.table.rounds.aside.iter().all(|a| a.is_empty()) {
                Vec::new()
            } else {
                seats().map(|s| names(at(&self.table.rounds.aside, s))).collect()
            },
            other_bids: if self.table.rounds.other_bids.iter().all(Option::is_none) {
                Vec::new()
            } else {
                seats().map(|s| at(&self.table.rounds.other_bids, s)).collect()
            },
            first_half_tricks: if self.table.rounds.first_tricks.iter().all(|&t| t == 0) {
                Vec::new()
            } else {
                seats().map(|s| at(&self.table.rounds.first_tricks, s)).collect()
            },
            missions: self.missions_setup(),
            shown: (self.table.rounds.shown != self.leak_knowledge().iter().fold(CardSet::EMPTY, |acc, k| acc.or(*k)))
                .then(|| names(self.table.rounds.shown)),
            unsealed: flagged(self.table.rounds.unsealed),
            alliance: self.alliance_setup(),
            suit_bids: if self.table.rounds.suit_precision.bids.iter().all(|b| *b == [0; 4]) {
                Vec::new()
            } else {
                seats().map(|s| self.suit_bids(s)).collect()
            },
            suit_tricks: if self.table.rounds.suit_precision.tricks.iter().all(|t| *t == [0; 4]) {
                Vec::new()
            } else {
                seats().map(|s| self.suit_tricks(s)).collect()
            },
            pot: self.table.rounds.wagering.pot,
            wagers: self.wagers_list(),
            duels: self.duel_groups(),
            leaks: if self.leaked_round() { seats().map(|s| self.leak_of(s)).collect() } else { Vec::new() },
        }
    }
}

impl TryFrom<Setup> for CrownBattles {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<CrownBattles, SetupError> {
        CrownBattles::from_setup(&setup)
    }
}

impl From<CrownBattles> for Setup {
    fn from(state: CrownBattles) -> Setup {
        state.to_setup()
    }
}

/// A state travels as its setup (`to_setup`), as [`Setup`] does.
impl serde::Serialize for CrownBattles {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(serializer)
    }
}

/// A state is read as a setup and checked into a game (`from_setup`): a setup that cannot
/// be played on does not load.
impl<'de> serde::Deserialize<'de> for CrownBattles {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CrownBattles, D::Error> {
        let setup = Setup::deserialize(deserializer)?;
        CrownBattles::from_setup(&setup).map_err(serde::de::Error::custom)
    }
}
