//! The invariants of a position: what [`DukesUp::from_setup`] and
//! [`Game::validate`](duke_core::Game::validate) check, so that every accepted state is one
//! the game can go on from.

use duke_core::{CardSet, Game, Seat};

use crate::game::DukesUp;
use crate::position::{SetupError, first_of_round};
use crate::state::{CastleState, Phase, Player, Position, TurnFlags, colour_of};

impl Position {
    /// Checks every invariant: cards conserved and in their owner's colour, knowledge
    /// consistent, phase and turn consistent, (in the play step) that the turn can still
    /// end with a valid table, and that every seat to act has a legal action.
    pub(crate) fn check(&self) -> Result<(), SetupError> {
        self.config.check()?;
        for seat in [self.current, self.round_first] {
            if seat.0 > 1 {
                return Err(SetupError::NoSuchSeat(seat));
            }
        }
        if self.round == 0 || self.round > self.config.rounds {
            return Err(SetupError::Round { round: self.round, rounds: self.config.rounds });
        }
        if let Some(expected) = first_of_round(&self.config, self.round)
            && self.round_first != expected
        {
            return Err(SetupError::FirstPlayerOfRound { round: self.round, expected });
        }
        if let Some(limit) = self.config.turn_limit {
            // A round ends when its turns reach the limit: no turn runs at the limit.
            let running = matches!(self.phase, Phase::Draw | Phase::Play);
            if self.turns > limit || running && self.turns >= limit {
                return Err(SetupError::TurnLimit { turns: self.turns, limit });
            }
        }
        self.check_cards()?;
        self.check_phase()?;
        self.check_moves()
    }

    fn check_cards(&self) -> Result<(), SetupError> {
        let mut seen = self.table;
        for (seat, p) in [Seat(0), Seat(1)].into_iter().zip(&self.players) {
            let mine = CardSet::colour(colour_of(seat));
            let held = p.hand.iter().chain(p.draw.as_slice().iter().copied());
            let guarded = p.discards.pile.as_slice().iter().chain(p.dukes.iter().flatten()).copied();
            for card in held.chain(guarded).chain(p.castle) {
                if !mine.contains(card) {
                    return Err(SetupError::WrongColour { seat, card });
                }
                let on_table = p.castle_state == CastleState::OnTable && p.castle == Some(card);
                if on_table {
                    continue;
                }
                if seen.contains(card) {
                    return Err(SetupError::Duplicate { card });
                }
                seen.insert(card);
            }
            if p.castle_state == CastleState::OnTable && !p.castle.is_some_and(|c| self.table.contains(c)) {
                return Err(SetupError::CastleNotOnTable { seat });
            }
            if let Some(card) = p.hand_public.difference(p.hand).first() {
                return Err(SetupError::HandKnowledge { seat, card });
            }
            let d = &p.discards;
            let used = (1u64 << d.pile.len()) - 1;
            if u64::from(d.owner_known) & !used != 0 || d.public & !d.owner_known != 0 {
                return Err(SetupError::DiscardKnowledge { seat });
            }
            let pairs = d.pairs;
            if pairs & !d.public != 0 || pairs & !(d.public >> 1) != 0 || pairs & pairs >> 1 != 0 {
                let at = pairs.trailing_zeros() as usize;
                let pair = match d.pile.as_slice().get(at..at + 2) {
                    Some(&[a, b]) => [a, b],
                    _ => return Err(SetupError::DiscardKnowledge { seat }),
                };
                return Err(SetupError::DiscardPair { seat, pair });
            }
        }
        for seat in [Seat(0), Seat(1)] {
            let missing = CardSet::colour(colour_of(seat)).difference(seen);
            if !missing.is_empty() {
                return Err(SetupError::MissingCards { seat, cards: missing.iter().collect() });
            }
        }
        Ok(())
    }

    fn check_phase(&self) -> Result<(), SetupError> {
        let on_table = |p: &Player| p.castle_state == CastleState::OnTable;
        let seats = || [Seat(0), Seat(1)].into_iter().zip(&self.players);
        if self.phase == Phase::Choosing {
            let fresh = self.table.is_empty()
                && self.current == self.round_first
                && self.turns == 0
                && self.turn == TurnFlags::default()
                && self.players.iter().all(|p| {
                    p.castle_state == CastleState::FaceDown && p.discards.pile.is_empty() && p.hand_public.is_empty()
                });
            if !fresh {
                return Err(SetupError::ChoosingMidRound);
            }
            for ((seat, p), &chosen) in seats().zip(&self.chosen) {
                let placed = p.castle.is_some() && p.dukes.iter().all(Option::is_some);
                let empty = p.castle.is_none() && p.dukes.iter().all(Option::is_none);
                let hand = if chosen { 1 } else { 4 };
                if !(chosen && placed || !chosen && empty) || p.hand.len() != hand {
                    return Err(SetupError::Choice { seat });
                }
            }
            if self.chosen == [true, true] {
                return Err(SetupError::BothChosen);
            }
            return Ok(());
        }
        for ((seat, p), &chosen) in seats().zip(&self.chosen) {
            if !chosen || p.castle.is_none() {
                return Err(SetupError::NotChosen { seat });
            }
        }
        if self.turns == 0 && self.current != self.round_first {
            return Err(SetupError::FirstTurn { seat: self.current });
        }
        let me = self.player(self.current);
        match self.phase {
            Phase::Draw => {
                if self.turn != TurnFlags::default() {
                    return Err(SetupError::FlagsBetweenTurns);
                }
                if let Some((seat, _)) = seats().find(|(_, p)| on_table(p)) {
                    return Err(SetupError::CastleOnTable { seat });
                }
                if !crate::meld::can_split(self.table, self.config.ace) {
                    return Err(SetupError::InvalidTable);
                }
                if me.dukes.iter().all(Option::is_none) && me.castle_state == CastleState::FaceDown {
                    return Err(SetupError::CastleNotFlipped { seat: self.current });
                }
            }
            Phase::Play => {
                // The flag is set by the draw from the piles, which do not change until
                // the turn ends: without it a player with empty piles could have nothing to
                // do (no card to bury, no `end`).
                let piles_empty = me.draw.is_empty() && me.discards.pile.is_empty();
                if self.turn.last_turn != piles_empty {
                    return Err(SetupError::LastTurn { last_turn: self.turn.last_turn });
                }
                if self.turn.castle_returned && me.castle_state != CastleState::FaceUp {
                    return Err(SetupError::ReturnedCastle);
                }
                if !crate::turn::Situation::of(self).completable(self.config.ace) {
                    return Err(SetupError::Incompletable);
                }
            }
            Phase::Over | Phase::Choosing => {
                if self.turn != TurnFlags::default() {
                    return Err(SetupError::FlagsBetweenTurns);
                }
                if self.round != self.config.rounds {
                    return Err(SetupError::OverEarly { round: self.round, rounds: self.config.rounds });
                }
            }
        }
        Ok(())
    }

    /// Every seat to act has a legal action.
    fn check_moves(&self) -> Result<(), SetupError> {
        let game = DukesUp(*self);
        let mut actions = Vec::new();
        for seat in game.to_act() {
            game.legal_actions(seat, &mut actions);
            if actions.is_empty() {
                return Err(SetupError::NoLegalAction { seat });
            }
        }
        Ok(())
    }
}
