//! End of round and scoring (rulebook, "End of round", "Round scoring", "End of game",
//! "Final scoring", "Variations"; online rules, "Archduke" and the game-end marks).

use duke_core::{Outcome, Seat, SeatSet};

use crate::config::{CallerPenalty, MAX_PLAYERS, Mark, Scoring};
use crate::reveal::Reveal;
use crate::state::{Archduke, LastRound, NONE, Phase};

impl Archduke {
    /// Ends the round: the caller's penalty, the ranking, tokens or points, eliminations,
    /// and either the next deal or the end of the game.
    pub(crate) fn end_round(&mut self) {
        self.clear_pending();
        let mut last = LastRound::NONE;
        last.caller = self.caller;
        if self.is_active(self.caller) && self.caller_is_beaten() {
            // "They must draw a random penalty card ... adding its value to their score."
            last.penalised = self.give_penalty(self.caller);
        }
        // "All players add up the values of each of their cards": the grids are shown.
        last.reveal = Reveal::record(&self.grids, self.players());
        let mut order = [NONE; MAX_PLAYERS];
        let n = self.rank_hands(&mut order);
        for (place, &seat) in order.iter().take(n).enumerate() {
            let (hand, cards, _) = self.hand(seat);
            if let (Some(h), Some(c), Some(p)) =
                (last.hand.get_mut(seat as usize), last.cards.get_mut(seat as usize), last.place.get_mut(seat as usize))
            {
                *h = hand;
                *c = cards;
                *p = place as u8 + 1;
            }
        }
        self.last = last;
        let worst = order.get(n.saturating_sub(1)).copied().unwrap_or(NONE);
        let over = self.score_round(order.get(..n).unwrap_or(&[]), worst);
        let over = over || self.rules.round_limit.is_some_and(|limit| self.round >= limit);
        if over || self.active.len() < 2 {
            self.phase = Phase::Over;
            self.current = NONE;
            self.next = NONE;
            self.caller = NONE;
            let everyone = self.everyone();
            for grid in &mut self.grids {
                for (card, seen) in grid.cards.iter().zip(grid.seen.iter_mut()) {
                    if *card != crate::state::NONE {
                        *seen = everyone;
                    }
                }
            }
            return;
        }
        // "The player who came in last the previous round goes first next round, and the
        // player to their right deals." If he is out, his left neighbour goes first.
        self.round = self.round.saturating_add(1);
        self.first = if self.is_active(worst) { worst } else { self.next_active(worst) };
        self.dealer = self.previous_active(self.first);
        self.deal();
    }

    /// Whether the caller of "Archduke!" is not strictly lowest (or, with
    /// [`CallerPenalty::OnlyIfBeaten`], someone is strictly lower).
    fn caller_is_beaten(&self) -> bool {
        let (mine, _, _) = self.hand(self.caller);
        self.active.iter().filter(|s| s.0 != self.caller).any(|s| {
            let (theirs, _, _) = self.hand(s.0);
            match self.rules.caller_penalty {
                CallerPenalty::UnlessStrictlyLowest => theirs <= mine,
                CallerPenalty::OnlyIfBeaten => theirs < mine,
            }
        })
    }

    /// Orders the players still in, best first: lowest hand, then fewest cards, then lowest
    /// single card, then a draw-off (rulebook, "In case of a tie"). Returns how many.
    pub(crate) fn rank_hands(&mut self, order: &mut [u8; MAX_PLAYERS]) -> usize {
        let mut n = 0;
        for seat in self.active.iter().filter(|s| s.index() < self.players()) {
            if let Some(slot) = order.get_mut(n) {
                *slot = seat.0;
                n += 1;
            }
        }
        let mut keys = [(0i16, 0u8, 0i8); MAX_PLAYERS];
        for (k, seat) in keys.iter_mut().zip(self.grids.iter().enumerate()) {
            *k = self.hand(seat.0 as u8);
        }
        let key = |seat: u8| keys.get(seat as usize).copied().unwrap_or((0, 0, 0));
        let seats = order.get_mut(..n).unwrap_or(&mut []);
        seats.sort_by_key(|&s| key(s));
        let mut cursor = self.draw.len as usize;
        let mut i = 0;
        while i < n {
            let k = order.get(i).map(|&s| key(s));
            let mut j = i + 1;
            while j < n && order.get(j).map(|&s| key(s)) == k {
                j += 1;
            }
            if j - i > 1
                && let Some(group) = order.get_mut(i..j)
            {
                self.draw_off(group, &mut cursor);
            }
            i = j;
        }
        n
    }

    /// "Each player draws a card from the deck, and the lowest value wins": the tied players
    /// read cards from the top of the draw pile down (the cards are not moved: the deck is
    /// gathered for the next deal anyway); players tied again draw again. Should the draw
    /// pile run out, the generator orders the rest.
    fn draw_off(&mut self, group: &mut [u8], cursor: &mut usize) {
        if *cursor < group.len() {
            self.rng.shuffle(group);
            return;
        }
        let mut drawn = [(0i8, NONE); MAX_PLAYERS];
        for (slot, &seat) in drawn.iter_mut().zip(group.iter()) {
            *cursor -= 1;
            let card = self.draw.cards.get(*cursor).copied().unwrap_or(0);
            *slot = (self.rules.deck.value(card), seat);
        }
        let len = group.len().min(MAX_PLAYERS);
        let drawn = drawn.get_mut(..len).unwrap_or(&mut []);
        drawn.sort_by_key(|&(value, _)| value);
        for (seat, &(_, s)) in group.iter_mut().zip(drawn.iter()) {
            *seat = s;
        }
        let mut i = 0;
        while i < len {
            let v = drawn.get(i).map(|d| d.0);
            let mut j = i + 1;
            while j < len && drawn.get(j).map(|d| d.0) == v {
                j += 1;
            }
            if j - i > 1
                && let Some(sub) = group.get_mut(i..j)
            {
                self.draw_off(sub, cursor);
            }
            i = j;
        }
    }

    /// Applies the round to the scores; returns whether the game is over.
    fn score_round(&mut self, order: &[u8], worst: u8) -> bool {
        let round = self.round;
        match self.rules.scoring {
            Scoring::Tokens { rounds } => {
                for (place, &seat) in order.iter().enumerate() {
                    if let Some(score) = self.scores.get_mut(seat as usize) {
                        *score = score.saturating_add(place as i32 + 1);
                    }
                }
                round >= u16::from(rounds)
            }
            Scoring::BattleRoyal => {
                self.eliminate(worst, round);
                for &seat in order {
                    if self.is_active(seat)
                        && let Some(score) = self.scores.get_mut(seat as usize)
                    {
                        *score = score.saturating_add(1);
                    }
                }
                self.active.len() <= 1
            }
            Scoring::Points { mark } => {
                for &seat in order {
                    let (hand, _, _) = self.hand(seat);
                    if let Some(score) = self.scores.get_mut(seat as usize) {
                        *score = score.saturating_add(i32::from(hand));
                    }
                }
                self.apply_mark(mark, order, round)
            }
        }
    }

    fn eliminate(&mut self, seat: u8, round: u16) {
        if self.is_active(seat) {
            self.active.remove(Seat(seat));
            if let Some(out) = self.out_round.get_mut(seat as usize) {
                *out = round;
            }
        }
    }

    fn apply_mark(&mut self, mark: Mark, order: &[u8], round: u16) -> bool {
        let crossing = |game: &Archduke, threshold: i32| -> SeatSet {
            order
                .iter()
                .filter(|&&s| game.scores.get(s as usize).is_some_and(|&t| t >= threshold))
                .map(|&s| Seat(s))
                .collect()
        };
        match mark {
            Mark::Rounds { rounds } => round >= rounds,
            Mark::FirstTo { threshold } => !crossing(self, threshold).is_empty(),
            Mark::EliminateAt { threshold } | Mark::EliminateToThree { threshold } => {
                if self.final_round {
                    return true;
                }
                let out = crossing(self, threshold);
                if out == self.active {
                    // "If all remaining players cross the threshold on the same round, the
                    // lowest total score wins."
                    return true;
                }
                for seat in out {
                    self.eliminate(seat.0, round);
                }
                if matches!(mark, Mark::EliminateToThree { .. }) && self.active.len() <= 3 {
                    self.final_round = true;
                }
                self.active.len() <= 1
            }
        }
    }

    /// The score of each seat in the game's units.
    pub(crate) fn scores(&self) -> Vec<i64> {
        self.scores.iter().take(self.players()).map(|&s| i64::from(s)).collect()
    }

    /// The final ranking: players still in before those eliminated (later elimination is
    /// better), then by score (fewest tokens or points; for Battle Royal survivors share).
    pub(crate) fn final_outcome(&self) -> Outcome {
        let n = self.players();
        let ranks = (0..n)
            .map(|me| {
                let ahead = (0..n).filter(|&o| self.rank_key(o) < self.rank_key(me)).count();
                u8::try_from(ahead + 1).unwrap_or(u8::MAX)
            })
            .collect();
        Outcome::with_ranks(self.scores(), ranks)
    }

    /// The key of [`final_outcome`](Archduke::final_outcome)'s ranking: lower ranks better.
    pub(crate) fn rank_key(&self, seat: usize) -> (u16, i64) {
        let out = self.out_round.get(seat).copied().unwrap_or(0);
        let survival = if out == 0 { u16::MAX } else { out };
        let score = match self.rules.scoring {
            Scoring::BattleRoyal => 0,
            _ => i64::from(self.scores.get(seat).copied().unwrap_or(0)),
        };
        (u16::MAX - survival, score)
    }
}
