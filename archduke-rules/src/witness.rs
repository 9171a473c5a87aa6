//! Who witnesses what: the action as each observer saw it, and the consequences the rules
//! make visible to it, computed from the states before and after a step (never inside
//! `apply`).
//!
//! A face is given to an observer exactly when its view shows that card afterwards: the
//! actor's own draws, keeps, pre-round peek and PEEKs; every card that goes face up (discards,
//! replaced cards, matches, failed matches); the spectator a PEEKed card only once every seat
//! has seen it; penalty cards to nobody until the round-end reveal.

use duke_core::{Observer, Seat, SeatSet};

use crate::cards::{Face, Power};
use crate::events::Event;
use crate::notation::{Action, Slot};
use crate::state::{Archduke, Grid, NONE, Phase};

/// Where a penalty card given to this grid goes: the first empty position, else the top of a
/// new column (rulebook, "Penalty cards"); `None` when the grid is full.
fn penalty_slot(grid: &Grid) -> Option<Slot> {
    let mut grown = *grid;
    grown.add_penalty(0, 0, 0).then(|| Slot((grown.occupied & !grid.occupied).trailing_zeros() as u8))
}

impl Archduke {
    fn face_at(&self, seat: Seat, slot: Slot) -> Option<Face> {
        self.grid(seat.0).and_then(|g| g.card(slot.0)).map(|c| self.rules.deck.face(c))
    }

    /// Whether `seat`'s card at `slot` matches the top of the discard pile.
    fn would_match(&self, seat: Seat, slot: Slot) -> bool {
        match (self.grid(seat.0).and_then(|g| g.card(slot.0)), self.discard.top()) {
            (Some(card), Some(top)) => self.rules.deck.matches(card, top),
            _ => false,
        }
    }

    /// [`Game::seen_action`](duke_core::Game::seen_action): `action` by `seat` as `observer`
    /// sees it, from the state before it.
    pub(crate) fn seen(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        let own = observer == Observer::Seat(seat);
        match action {
            Action::Look(first, second) => {
                let faces = if own { self.face_at(seat, first).zip(self.face_at(seat, second)) } else { None };
                Event::Look { seat, first, second, faces: faces.map(|(a, b)| [a, b]) }
            }
            Action::Draw => {
                // The card drawn is the top of the draw pile, or of the discard pile reshuffled
                // with the game generator: drawing on a copy gives the very card.
                let mut copy = *self;
                let face = if own { copy.draw_card() } else { None };
                Event::Draw { seat, face: face.map(|c| self.rules.deck.face(c)) }
            }
            Action::Take(slot) => Event::Take { seat, slot },
            Action::Keep(slot) => {
                let face = match self.phase {
                    Phase::Holding { card } if own => Some(self.rules.deck.face(card)),
                    _ => None,
                };
                Event::Keep { seat, slot, face }
            }
            Action::Discard => Event::Discard { seat },
            Action::Match(slot) => Event::Match { seat, slot, out_of_turn: seat.0 != self.current },
            Action::Peek(spot) => {
                let seen = self.grid(spot.seat.0).and_then(|g| g.seen.get(spot.slot.0 as usize)).copied().unwrap_or(0);
                let known = self.sees(observer, seen | SeatSet::single(seat).0);
                Event::Peek { seat, spot, face: if known { self.face_at(spot.seat, spot.slot) } else { None } }
            }
            Action::Swap(first, second) => Event::Swap { seat, first, second },
            Action::Give(target) => Event::Give { seat, target },
            // Only ever listed with an action card pending; the fallback is for illegal input.
            Action::Pass => Event::Pass { seat, power: self.front().map_or(Power::Peek, |p| p.power) },
            Action::Archduke => Event::Call { seat },
            Action::End => Event::End { seat },
        }
    }

    /// [`Game::opening_events`](duke_core::Game::opening_events): the first round's start,
    /// as [`Event::NewRound`] reports every later one; and the dealer's first card if the
    /// round is already past the pre-round peek.
    pub(crate) fn opening(&self, observer: Observer, out: &mut Vec<Event>) {
        let _ = observer;
        out.clear();
        if self.phase == Phase::Over {
            return;
        }
        out.push(Event::NewRound { round: self.round, dealer: Seat(self.dealer), first: Seat(self.first) });
        if self.phase != Phase::Peek
            && let Some(card) = self.discard.top()
        {
            out.push(Event::FirstCard { dealer: Seat(self.dealer), face: self.rules.deck.face(card) });
        }
    }

    /// [`Game::events`](duke_core::Game::events): everything `observer` witnessed when
    /// `seat` played `action` on `before`, giving `after`.
    pub(crate) fn witness(
        before: &Archduke,
        seat: Seat,
        action: Action,
        after: &Archduke,
        observer: Observer,
        out: &mut Vec<Event>,
    ) {
        out.clear();
        out.push(before.seen(seat, action, observer));
        let face = |card: u8| before.rules.deck.face(card);
        match action {
            Action::Look(..) => {
                if before.phase == Phase::Peek
                    && after.phase == Phase::Window
                    && let Some(card) = after.discard.top()
                {
                    out.push(Event::FirstCard { dealer: Seat(after.dealer), face: face(card) });
                }
            }
            Action::Draw | Action::Take(_) => {
                if before.caller != NONE {
                    out.push(Event::FinalTurn { seat });
                }
                match action {
                    Action::Draw if before.draw.is_empty() => out.push(Event::Reshuffled { cards: before.discard.len }),
                    Action::Take(slot) => before.replaced(seat, slot, out),
                    _ => {}
                }
            }
            Action::Keep(slot) => before.replaced(seat, slot, out),
            Action::Discard => {
                if let Phase::Holding { card } = before.phase {
                    out.push(Event::Discarded { seat, face: face(card) });
                }
            }
            Action::Match(slot) => {
                if let Some(face) = before.face_at(seat, slot) {
                    if before.would_match(seat, slot) {
                        out.push(Event::Matched { seat, slot, face });
                    } else {
                        out.push(Event::Missed { seat, slot, face });
                        before.penalty(seat, out);
                    }
                }
            }
            Action::Give(target) => before.penalty(target, out),
            Action::Peek(_) | Action::Swap(..) | Action::Pass | Action::Archduke | Action::End => {}
        }
        let ended = after.round != before.round || (after.phase == Phase::Over && before.phase != Phase::Over);
        if ended {
            before.round_end(seat, action, after, out);
        } else if after.pending_len > before.pending_len {
            // No action both uses a pending card and adds one, so the new ones are at the end.
            let new = after.pending.get(before.pending_len as usize..after.pending_len as usize).unwrap_or(&[]);
            out.extend(new.iter().map(|p| Event::ActionCard { seat: Seat(p.seat), power: p.power }));
        }
    }

    /// A kept or taken card replaces `seat`'s card at `slot`, which goes face up.
    fn replaced(&self, seat: Seat, slot: Slot, out: &mut Vec<Event>) {
        if let Some(face) = self.face_at(seat, slot) {
            out.push(Event::Replaced { seat, slot, face });
        }
    }

    /// A penalty card from the draw pile for `seat`, reshuffling an empty draw pile first.
    fn penalty(&self, seat: Seat, out: &mut Vec<Event>) {
        if self.draw.is_empty() {
            if self.discard.is_empty() {
                return;
            }
            out.push(Event::Reshuffled { cards: self.discard.len });
        }
        if let Some(slot) = self.grid(seat.0).and_then(penalty_slot) {
            out.push(Event::Penalty { seat, slot, face: None });
        }
    }

    /// The round-end events: the caller's penalty card, every grid revealed, the scores,
    /// eliminations, then the game over or the next deal.
    fn round_end(&self, seat: Seat, action: Action, after: &Archduke, out: &mut Vec<Event>) {
        let n = self.players();
        let caller = after.last.caller;
        if after.last.penalised && caller != NONE {
            // The caller's grid when the penalty came: as before, with his own last match.
            let mut grid = self.grid(caller).copied().unwrap_or(Grid::EMPTY);
            if seat.0 == caller
                && let Action::Match(slot) = action
            {
                if self.would_match(seat, slot) {
                    grid.remove(slot.0);
                } else {
                    grid.add_penalty(0, 0, 0);
                }
            }
            if let Some(slot) = penalty_slot(&grid) {
                let card = after.last.reveal.grid(caller as usize).nth(slot.0 as usize).flatten();
                let face = card.map(|c| self.rules.deck.face(c));
                out.push(Event::Penalty { seat: Seat(caller), slot, face });
            }
        }
        for (i, &place) in after.last.place.iter().enumerate().take(n).filter(|&(_, &p)| p > 0) {
            let grid = after.last.reveal.grid(i).map(|c| c.map(|c| self.rules.deck.face(c))).collect();
            let hand = after.last.hand.get(i).copied().unwrap_or(0);
            out.push(Event::Revealed { seat: Seat(i as u8), grid, hand, place });
        }
        let scores: Vec<i32> = after.scores.iter().take(n).copied().collect();
        let gained = scores.iter().zip(self.scores.iter()).map(|(a, b)| a.saturating_sub(*b)).collect();
        out.push(Event::RoundScored { round: self.round, gained, scores: scores.clone() });
        for out_seat in self.active.iter().filter(|s| !after.active.contains(*s)) {
            out.push(Event::Eliminated { seat: out_seat });
        }
        if after.phase == Phase::Over {
            out.push(Event::GameOver { scores, ranks: after.final_outcome().ranks });
        } else {
            out.push(Event::NewRound { round: after.round, dealer: Seat(after.dealer), first: Seat(after.first) });
        }
    }
}
