//! Who may act, and which actions are legal: one predicate per action, and a generator
//! that lists exactly the actions the predicate accepts.
//!
//! During a window the seats that may act are: every player who can try a match, the owner
//! of the first pending action card, the next player (draw, once no action is pending) and
//! the current player (call "Archduke!", once no action is pending). Nothing listed ever
//! depends on a face the seat has not seen.

use duke_core::{Seat, SeatSet};

use crate::cards::Power;
use crate::notation::{Action, Slot, Spot};
use crate::state::{Archduke, NONE, Phase};

impl Archduke {
    pub(crate) fn seats_to_act(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        match self.phase {
            Phase::Over => {}
            Phase::Peek => {
                for seat in self.active.iter() {
                    if seat.index() < self.players() && !self.looked.contains(seat) {
                        set.insert(seat);
                    }
                }
            }
            Phase::Holding { .. } => {
                if self.is_active(self.current) {
                    set.insert(Seat(self.current));
                }
            }
            Phase::Window => {
                for seat in self.active.iter() {
                    if self.can_match(seat.0) {
                        set.insert(seat);
                    }
                }
                match self.front() {
                    Some(p) if self.is_active(p.seat) => set.insert(Seat(p.seat)),
                    Some(_) => {}
                    None => {
                        if self.is_active(self.next) {
                            set.insert(Seat(self.next));
                        }
                        if self.can_call(self.current) {
                            set.insert(Seat(self.current));
                        }
                    }
                }
            }
        }
        set
    }

    /// The seats the game waits for ([`Game::awaited`](duke_core::Game::awaited)): in a
    /// matching window, the owner of the pending action card, or else the next player (whose
    /// draw, or tap at the end of the round, closes the window). Matching and calling
    /// "Archduke!" are optional, so the seats that may only do that are not awaited.
    pub(crate) fn seats_awaited(&self) -> SeatSet {
        let everyone = self.seats_to_act();
        if self.phase != Phase::Window {
            return everyone;
        }
        let awaited = match self.front() {
            Some(p) => SeatSet::single(Seat(p.seat)),
            None => SeatSet::single(Seat(self.next)),
        }
        .intersection(everyone);
        if awaited.is_empty() { everyone } else { awaited }
    }

    pub(crate) fn can_call(&self, seat: u8) -> bool {
        self.phase == Phase::Window
            && self.pending_len == 0
            && seat == self.current
            && self.is_active(seat)
            && self.caller == NONE
    }

    pub(crate) fn next_may_start(&self, seat: u8) -> bool {
        self.phase == Phase::Window && self.pending_len == 0 && seat == self.next && self.is_active(seat)
    }

    fn filled(&self, seat: u8, slot: Slot) -> bool {
        self.grid(seat).is_some_and(|g| g.card(slot.0).is_some())
    }

    fn resolving(&self, seat: u8, power: Power) -> bool {
        self.phase == Phase::Window && self.front().is_some_and(|p| p.seat == seat && p.power == power)
    }

    fn spot_targetable(&self, actor: u8, spot: Spot) -> bool {
        self.targetable(actor, spot.seat.0) && self.filled(spot.seat.0, spot.slot)
    }

    pub(crate) fn can_give_to(&self, actor: u8, target: u8) -> bool {
        target != actor && self.targetable(actor, target) && self.grid(target).is_some_and(|g| g.has_room())
    }

    /// Whether `seat` may play `action` now.
    pub(crate) fn is_legal(&self, seat: Seat, action: Action) -> bool {
        let s = seat.0;
        if !self.is_active(s) {
            return false;
        }
        match action {
            Action::Look(a, b) => {
                self.phase == Phase::Peek
                    && !self.looked.contains(seat)
                    && a < b
                    && self.filled(s, a)
                    && self.filled(s, b)
            }
            Action::Keep(slot) => {
                matches!(self.phase, Phase::Holding { .. }) && s == self.current && self.filled(s, slot)
            }
            Action::Discard => matches!(self.phase, Phase::Holding { .. }) && s == self.current,
            Action::Draw => self.next_may_start(s) && !self.must_end(),
            Action::Take(slot) => {
                self.next_may_start(s) && !self.must_end() && !self.discard.is_empty() && self.filled(s, slot)
            }
            Action::End => self.next_may_start(s) && self.must_end(),
            Action::Archduke => self.can_call(s),
            Action::Match(slot) => self.can_match(s) && self.filled(s, slot),
            Action::Pass => self.phase == Phase::Window && self.front().is_some_and(|p| p.seat == s),
            Action::Peek(spot) => self.resolving(s, Power::Peek) && self.spot_targetable(s, spot),
            Action::Swap(a, b) => {
                self.resolving(s, Power::Swap) && a < b && self.spot_targetable(s, a) && self.spot_targetable(s, b)
            }
            Action::Give(target) => self.resolving(s, Power::Give) && self.can_give_to(s, target.0),
        }
    }

    /// Writes `seat`'s legal actions into `out` (cleared first).
    pub(crate) fn generate(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        let s = seat.0;
        if !self.is_active(s) {
            return;
        }
        let Some(grid) = self.grid(s) else { return };
        match self.phase {
            Phase::Over => {}
            Phase::Peek => {
                if !self.looked.contains(seat) {
                    for a in grid.filled() {
                        for b in grid.filled().filter(|&b| b > a) {
                            out.push(Action::Look(Slot(a), Slot(b)));
                        }
                    }
                }
            }
            Phase::Holding { .. } => {
                if s == self.current {
                    out.push(Action::Discard);
                    for slot in grid.filled() {
                        out.push(Action::Keep(Slot(slot)));
                    }
                }
            }
            Phase::Window => {
                if let Some(p) = self.front()
                    && p.seat == s
                {
                    out.push(Action::Pass);
                    self.generate_power(s, p.power, out);
                }
                if self.next_may_start(s) {
                    if self.must_end() {
                        out.push(Action::End);
                    } else {
                        out.push(Action::Draw);
                        if !self.discard.is_empty() {
                            for slot in grid.filled() {
                                out.push(Action::Take(Slot(slot)));
                            }
                        }
                    }
                }
                if self.can_call(s) {
                    out.push(Action::Archduke);
                }
                if self.can_match(s) {
                    for slot in grid.filled() {
                        out.push(Action::Match(Slot(slot)));
                    }
                }
            }
        }
    }

    fn generate_power(&self, s: u8, power: Power, out: &mut Vec<Action>) {
        let n = self.players() as u8;
        match power {
            Power::Give => {
                out.extend((0..n).filter(|&t| self.can_give_to(s, t)).map(|t| Action::Give(Seat(t))));
            }
            Power::Peek => {
                for t in (0..n).filter(|&t| self.targetable(s, t)) {
                    if let Some(g) = self.grid(t) {
                        out.extend(g.filled().map(|slot| Action::Peek(Spot { seat: Seat(t), slot: Slot(slot) })));
                    }
                }
            }
            Power::Swap => {
                for t in (0..n).filter(|&t| self.targetable(s, t)) {
                    let Some(g) = self.grid(t) else { continue };
                    for a in g.filled() {
                        let first = Spot { seat: Seat(t), slot: Slot(a) };
                        for u in (t..n).filter(|&u| self.targetable(s, u)) {
                            let Some(h) = self.grid(u) else { continue };
                            for b in h.filled().filter(|&b| u > t || b > a) {
                                out.push(Action::Swap(first, Spot { seat: Seat(u), slot: Slot(b) }));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Applies a legal action.
    pub(crate) fn play(&mut self, seat: Seat, action: Action) {
        let s = seat.0;
        match action {
            Action::Look(a, b) => self.look(s, a, b),
            Action::Draw => self.draw_from_pile(s),
            Action::Take(slot) => self.take_from_discard(s, slot),
            Action::Keep(slot) => {
                if let Phase::Holding { card } = self.phase {
                    self.keep(s, slot, card);
                }
            }
            Action::Discard => {
                if let Phase::Holding { card } = self.phase {
                    self.discard_drawn(s, card);
                }
            }
            Action::Match(slot) => self.attempt_match(s, slot),
            Action::Peek(spot) => self.peek(s, spot),
            Action::Swap(a, b) => self.swap(a, b),
            Action::Give(target) => self.give(target),
            Action::Pass => self.pass(),
            Action::Archduke => self.call(s),
            Action::End => self.end_round(),
        }
        // "If both piles are empty, the round ends and is scored."
        if self.phase == Phase::Window && self.draw.is_empty() && self.discard.is_empty() {
            self.end_round();
        }
    }
}
