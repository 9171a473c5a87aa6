//! Who may act, and which actions are legal: one predicate per action, and a generator
//! that lists exactly the actions the predicate accepts.
//!
//! During a window the seats that may act are: every player who can try a match, the owner
//! of the first pending action card, the next player (draw, once no action is pending) and
//! the current player (call "Archduke!", once no action is pending). Nothing listed ever
//! depends on a face the seat has not seen.

use duke_core::{Seat, SeatSet};

use crate::cards::Power;
use crate::config::MAX_PLAYERS;
use crate::notation::{Action, Slot, Spot};
use crate::state::{Archduke, MAX_SLOTS, NONE, Phase};

/// Where [`Archduke::list`] puts each legal action: the action list
/// ([`legal_actions`](duke_core::Game::legal_actions)) or the learning mask, which sets
/// each action's index and builds no list.
pub(crate) trait Sink {
    /// Receives one legal action.
    fn action(&mut self, action: Action);

    /// Receives the SWAPs of the card at `first` with each of `seconds`, the targetable
    /// cards after it (seat, then position), in order; each spot is given by its number
    /// `seat × MAX_SLOTS + position` (the mask's layout numbers spots the same way, so it
    /// adds them to the row of `first`, computed once).
    #[inline]
    fn swaps(&mut self, first: u16, seconds: &[u16]) {
        let first = spot_of(first);
        for &second in seconds {
            self.action(Action::Swap(first, spot_of(second)));
        }
    }
}

/// The spot of number `seat × MAX_SLOTS + position`.
#[inline]
fn spot_of(number: u16) -> Spot {
    let slots = MAX_SLOTS as u16;
    Spot { seat: Seat((number / slots) as u8), slot: Slot((number % slots) as u8) }
}

/// The action list: each action pushed in the order listed.
impl Sink for Vec<Action> {
    #[inline]
    fn action(&mut self, action: Action) {
        self.push(action);
    }

    /// One reservation for the row, not one capacity check per pair.
    #[inline]
    fn swaps(&mut self, first: u16, seconds: &[u16]) {
        let first = spot_of(first);
        self.extend(seconds.iter().map(|&second| Action::Swap(first, spot_of(second))));
    }
}

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
        self.list(seat, out);
    }

    /// Gives `seat`'s legal actions to `sink`, in the order [`generate`](Self::generate)
    /// lists them: the one case analysis of who may do what in each phase, shared by the
    /// action list and the learning mask (`learning::index`), so that both always agree.
    #[inline]
    pub(crate) fn list<K: Sink + ?Sized>(&self, seat: Seat, sink: &mut K) {
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
                            sink.action(Action::Look(Slot(a), Slot(b)));
                        }
                    }
                }
            }
            Phase::Holding { .. } => {
                if s == self.current {
                    sink.action(Action::Discard);
                    for slot in grid.filled() {
                        sink.action(Action::Keep(Slot(slot)));
                    }
                }
            }
            Phase::Window => {
                if let Some(p) = self.front()
                    && p.seat == s
                {
                    sink.action(Action::Pass);
                    self.list_power(s, p.power, sink);
                }
                if self.next_may_start(s) {
                    if self.must_end() {
                        sink.action(Action::End);
                    } else {
                        sink.action(Action::Draw);
                        if !self.discard.is_empty() {
                            for slot in grid.filled() {
                                sink.action(Action::Take(Slot(slot)));
                            }
                        }
                    }
                }
                if self.can_call(s) {
                    sink.action(Action::Archduke);
                }
                if self.can_match(s) {
                    for slot in grid.filled() {
                        sink.action(Action::Match(Slot(slot)));
                    }
                }
            }
        }
    }

    /// The targets of `s`'s pending action card.
    #[inline]
    fn list_power<K: Sink + ?Sized>(&self, s: u8, power: Power, sink: &mut K) {
        let n = self.players() as u8;
        match power {
            Power::Give => {
                for t in (0..n).filter(|&t| self.can_give_to(s, t)) {
                    sink.action(Action::Give(Seat(t)));
                }
            }
            Power::Peek => {
                for t in (0..n).filter(|&t| self.targetable(s, t)) {
                    if let Some(g) = self.grid(t) {
                        for slot in g.filled() {
                            sink.action(Action::Peek(Spot { seat: Seat(t), slot: Slot(slot) }));
                        }
                    }
                }
            }
            Power::Swap => {
                // The targetable cards' spots, in increasing order (seat, then position):
                // every pair of them is a SWAP, listed first card by first card.
                let mut spots = [0u16; MAX_PLAYERS * MAX_SLOTS];
                let mut len = 0;
                for t in (0..n).filter(|&t| self.targetable(s, t)) {
                    let Some(g) = self.grid(t) else { continue };
                    for slot in g.filled() {
                        if let Some(x) = spots.get_mut(len) {
                            *x = u16::from(t) * MAX_SLOTS as u16 + u16::from(slot);
                            len += 1;
                        }
                    }
                }
                let spots = spots.get(..len).unwrap_or(&[]);
                for (x, &first) in spots.iter().enumerate() {
                    sink.swaps(first, spots.get(x + 1..).unwrap_or(&[]));
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
