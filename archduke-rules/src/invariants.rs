//! The invariants of a state the game can go on from, checked by
//! [`Game::validate`](duke_core::Game::validate) at every step of the conformance suite and by
//! [`Archduke::from_setup`] on every setup and saved game: every card of the deck (104 or
//! 208) in exactly one place, seats in range, a stage of play that fits the round, and every
//! seat that may act holding a legal action.

use duke_core::{Seat, SeatSet};

use crate::cards::MAX_KINDS;
use crate::config::{MAX_PENDING, MAX_PLAYERS, Mark, Scoring};
use crate::notation::Slot;
use crate::setup::SetupError;
use crate::state::{Archduke, Grid, MAX_COLUMNS, NONE, Phase};

fn internal(why: &'static str) -> SetupError {
    SetupError::Internal(why)
}

impl Archduke {
    /// Every invariant of a state reachable by play (or built from a setup).
    pub(crate) fn check(&self) -> Result<(), SetupError> {
        self.check_table()?;
        self.check_cards()?;
        self.check_stage()?;
        self.check_can_go_on()
    }

    /// A seat number the table has.
    fn seat(&self, seat: u8) -> Result<u8, SetupError> {
        if (seat as usize) < self.players() { Ok(seat) } else { Err(SetupError::NoSuchSeat(Seat(seat))) }
    }

    /// A seat of the table that is still in the game.
    fn in_game(&self, seat: u8) -> Result<u8, SetupError> {
        if self.is_active(self.seat(seat)?) { Ok(seat) } else { Err(SetupError::OutOfGame(Seat(seat))) }
    }

    /// Seats, rounds, eliminations, the caller and the pending action cards.
    fn check_table(&self) -> Result<(), SetupError> {
        let n = self.players();
        if self.rules.players as usize > MAX_PLAYERS || n < 2 {
            return Err(internal("2 to 12 players"));
        }
        if self.round == 0 {
            return Err(SetupError::RoundZero);
        }
        self.seat(self.dealer)?;
        self.seat(self.first)?;
        if self.active.0 & !self.everyone() != 0 || self.looked.0 & !self.everyone() != 0 {
            return Err(internal("a seat set names a seat beyond the table"));
        }
        // Battle Royal and online marks 1 and 2 eliminate; a seat is out from a round played.
        let eliminating = matches!(
            self.rules.scoring,
            Scoring::BattleRoyal | Scoring::Points { mark: Mark::EliminateAt { .. } | Mark::EliminateToThree { .. } }
        );
        for seat in (0..n as u8).map(Seat) {
            let out = self.out_round.get(seat.index()).copied().unwrap_or(0);
            match (self.active.contains(seat), out) {
                (true, 0) => {}
                (true, _) => return Err(internal("a seat in the game has an elimination round")),
                (false, out) if !eliminating || out == 0 || out > self.round => {
                    return Err(SetupError::Elimination(seat));
                }
                (false, _) => {}
            }
        }
        if self.final_round
            && !(matches!(self.rules.scoring, Scoring::Points { mark: Mark::EliminateToThree { .. } })
                && self.active.len() <= 3)
        {
            return Err(SetupError::FinalRound);
        }
        if self.caller != NONE {
            self.in_game(self.caller)?;
        }
        if self.pending_len as usize > MAX_PENDING {
            return Err(SetupError::TooManyPending(self.pending_len as usize));
        }
        for p in self.pending.iter().take(self.pending_len as usize) {
            self.in_game(p.seat)?;
        }
        Ok(())
    }

    /// Card conservation, grids and what was seen of them.
    fn check_cards(&self) -> Result<(), SetupError> {
        let n = self.players();
        let everyone = self.everyone();
        let mut count = [0u32; MAX_KINDS];
        let kinds = self.rules.deck.kinds;
        let mut tally = |card: u8| -> Result<(), SetupError> {
            match count.get_mut(card as usize).filter(|_| card < kinds) {
                Some(c) => {
                    *c += 1;
                    Ok(())
                }
                None => Err(internal("a card that is not in the deck table")),
            }
        };
        for &c in self.draw.as_slice().iter().chain(self.discard.as_slice()) {
            tally(c)?;
        }
        for (i, grid) in self.grids.iter().enumerate() {
            let seat = Seat(i as u8);
            if i >= n {
                if *grid != Grid::EMPTY {
                    return Err(internal("a grid beyond the table"));
                }
                continue;
            }
            if !(2..=MAX_COLUMNS).contains(&grid.columns) {
                return Err(internal("grid width out of range"));
            }
            let mut filled = 0u32;
            for (slot, ((&card, &seen), &origin)) in
                grid.cards.iter().zip(grid.seen.iter()).zip(grid.origin.iter()).enumerate()
            {
                let at = Slot(slot as u8);
                if card == NONE {
                    if seen != 0 || origin != 0 {
                        return Err(SetupError::NoCard { seat, slot: at });
                    }
                    continue;
                }
                if slot >= grid.width() {
                    return Err(internal("a card outside the grid"));
                }
                if origin > self.epoch {
                    return Err(SetupError::FutureDrawPile { seat, slot: at });
                }
                if seen & !everyone != 0 {
                    return Err(SetupError::NoSuchSeat(Seat((seen & !everyone).trailing_zeros() as u8)));
                }
                tally(card)?;
                filled |= 1 << slot;
            }
            if filled != grid.occupied {
                return Err(internal("grid count is wrong"));
            }
            if filled > 0 && !self.is_active(seat.0) && self.phase != Phase::Over {
                return Err(SetupError::EliminatedWithCards(seat));
            }
        }
        if let Phase::Holding { card } = self.phase {
            tally(card)?;
        }
        for kind in 0..kinds {
            if count.get(kind as usize).copied().unwrap_or(0) != self.rules.copies(kind) {
                return Err(internal("cards are not conserved"));
            }
        }
        Ok(())
    }

    /// The stage of play fits the round.
    fn check_stage(&self) -> Result<(), SetupError> {
        if self.phase != Phase::Over {
            if self.active.len() < 2 {
                return Err(SetupError::TooFewPlayers);
            }
            for seat in self.active.iter() {
                if self.grid(seat.0).is_none_or(|g| g.occupied == 0) {
                    return Err(SetupError::NoCards(seat));
                }
            }
            // While a drawn card is held the piles may both be empty: its discard refills one.
            if self.draw.is_empty() && self.discard.is_empty() && !matches!(self.phase, Phase::Holding { .. }) {
                return Err(SetupError::EmptyPiles);
            }
            // Rulebook, "Start of round": the player to the dealer's left plays first.
            self.in_game(self.dealer)?;
            self.in_game(self.first)?;
            if self.first != self.next_active(self.dealer) {
                return Err(SetupError::FirstPlayer { dealer: Seat(self.dealer), first: Seat(self.first) });
            }
        }
        if self.phase != Phase::Window && self.pending_len != 0 {
            return Err(SetupError::NotAtThisStage { what: "an action card waiting outside a matching window" });
        }
        match self.phase {
            Phase::Peek => self.check_peek(),
            Phase::Holding { .. } => {
                self.in_game(self.current)?;
                if self.next != self.current || self.looked != self.active {
                    return Err(internal("the drawer is not the player who started the turn"));
                }
                Ok(())
            }
            Phase::Window => {
                self.in_game(self.next)?;
                let expected =
                    if self.current == NONE { self.first } else { self.next_active(self.in_game(self.current)?) };
                if self.next != expected {
                    return Err(SetupError::NextPlayer { expected: Seat(expected), found: Seat(self.next) });
                }
                if self.looked != self.active {
                    return Err(internal("a round in play where not everyone has looked"));
                }
                Ok(())
            }
            Phase::Over => {
                if self.caller != NONE {
                    return Err(SetupError::NotAtThisStage { what: "a call of \"Archduke!\" after the game" });
                }
                let ranked: SeatSet = (0..self.players())
                    .filter(|&s| self.last.place.get(s).is_some_and(|&p| p > 0))
                    .map(|s| Seat(s as u8))
                    .collect();
                if self.current != NONE || self.next != NONE || self.looked != ranked {
                    return Err(internal("a finished game with players to act"));
                }
                Ok(())
            }
        }
    }

    /// The pre-round peek (rulebook, "Game setup", "Pre-round peeking"): fresh 2x2 grids,
    /// nothing discarded, called or reshuffled, and each seat has seen the two own cards it
    /// looked at, or none before it looks.
    fn check_peek(&self) -> Result<(), SetupError> {
        let not = |what| Err(SetupError::NotAtThisStage { what });
        if self.caller != NONE {
            return not("a call of \"Archduke!\" before the round");
        }
        if self.turns != 0 {
            return not("a turn before the round");
        }
        if !self.discard.is_empty() {
            return not("a discard pile before the round");
        }
        if self.epoch != 0 {
            return not("a reshuffle before the round");
        }
        if self.current != NONE || self.next != NONE || self.looked.0 & !self.active.0 != 0 {
            return Err(internal("players to act before the round"));
        }
        if self.looked == self.active {
            return Err(SetupError::EveryoneLooked);
        }
        for seat in self.active.iter() {
            let grid = self.grid(seat.0).copied().unwrap_or(Grid::EMPTY);
            if grid.columns != 2 || grid.count() != 4 {
                return Err(SetupError::FreshGrid(seat));
            }
            let own = SeatSet::single(seat).0;
            let seen = grid.seen.iter().filter(|&&s| s != 0).count();
            let expected = if self.looked.contains(seat) { 2 } else { 0 };
            if grid.seen.iter().any(|&s| s & !own != 0) || seen != expected {
                return Err(SetupError::PeekSeen(seat));
            }
        }
        Ok(())
    }

    /// The general rule: a game that is not over has a seat to act, and every seat that may
    /// act has a legal action.
    fn check_can_go_on(&self) -> Result<(), SetupError> {
        if self.phase == Phase::Over {
            return Ok(());
        }
        let to_act = self.seats_to_act();
        if to_act.is_empty() {
            return Err(SetupError::NobodyToAct);
        }
        let mut legal = Vec::new();
        for seat in to_act {
            self.generate(seat, &mut legal);
            if legal.is_empty() {
                return Err(SetupError::NoLegalAction(seat));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use duke_core::Game;

    use super::*;
    use crate::config::Config;

    /// What no setup can express (the fields `from_setup` derives) is still checked on a state
    /// changed in memory.
    #[test]
    fn a_state_whose_own_fields_disagree_is_internal() {
        let game = Archduke::new(&Config::default(), 3).unwrap();
        let mut lost = game;
        lost.draw.pop();
        assert_eq!(lost.check(), Err(SetupError::Internal("cards are not conserved")));
        let mut counted = game;
        counted.grids[0].occupied = 1;
        assert_eq!(counted.check(), Err(SetupError::Internal("grid count is wrong")));
        let mut started = game;
        started.next = 0;
        assert_eq!(started.check(), Err(SetupError::Internal("players to act before the round")));
        assert!(game.validate().is_ok());
    }
}
