//! Undo records. Most actions touch a few fields, at most two grids and the ends of the two
//! piles, so their record saves only those; actions that may reshuffle, end the round or
//! end the game save the whole state, packed (see [`Snapshot`]) so that the record every
//! `apply` returns stays about half the size of the state.

use duke_core::{Seat, SeatSet};

use crate::config::MAX_PENDING;
use crate::game::ActionError;
use crate::notation::Action;
use crate::snapshot::Snapshot;
use crate::state::{Archduke, Grid, NONE, Pending, Phase, Stack};

/// What [`Game::undo`](duke_core::Game::undo) needs to take back one action.
#[derive(Clone, Copy, Debug)]
pub struct Undo(Record);

#[derive(Clone, Copy, Debug)]
// The whole-state variant is rare (see `undo_record`) and boxing it would allocate.
#[allow(clippy::large_enum_variant)]
enum Record {
    Delta(Delta),
    Whole(Snapshot),
}

#[derive(Clone, Copy, Debug)]
struct Delta {
    phase: Phase,
    current: u8,
    next: u8,
    caller: u8,
    turns: u16,
    looked: SeatSet,
    pending: [Pending; MAX_PENDING],
    pending_len: u8,
    grids: [(u8, Grid); 2],
    draw: PileEnd,
    discard: PileEnd,
}

/// A pile's length and the two positions around its top, the only ones an action without a
/// reshuffle can write.
#[derive(Clone, Copy, Debug)]
struct PileEnd {
    len: u8,
    below: u8,
    at: u8,
}

impl PileEnd {
    fn save(stack: &Stack) -> PileEnd {
        let len = stack.len as usize;
        let get = |i: Option<usize>| i.and_then(|i| stack.cards.get(i)).copied().unwrap_or(NONE);
        PileEnd { len: stack.len, below: get(len.checked_sub(1)), at: get(Some(len)) }
    }

    fn restore(self, stack: &mut Stack) {
        let len = self.len as usize;
        if let Some(i) = len.checked_sub(1)
            && let Some(c) = stack.cards.get_mut(i)
        {
            *c = self.below;
        }
        if let Some(c) = stack.cards.get_mut(len) {
            *c = self.at;
        }
        stack.len = self.len;
    }
}

impl Archduke {
    /// The record for undoing `action`, taken before it is applied, or the error if the
    /// action is not legal.
    pub(crate) fn undo_record(&self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        if !self.is_legal(seat, action) {
            return Err(ActionError::Illegal { seat, action });
        }
        let seat = seat.0;
        // Only a draw (Draw, GIVE, the penalty of a failed match) can reshuffle, and only
        // these actions can leave both piles empty (Take) or end the round. The others never
        // take a card from a pile, and a live round never has both piles empty outside a
        // held card (`check`), so "both piles empty" cannot follow them either.
        let may_draw_last = self.draw.len <= 1
            && matches!(action, Action::Draw | Action::Take(_) | Action::Match(_) | Action::Give(_) | Action::End);
        let may_end = match action {
            Action::End => true,
            Action::Match(_) => self.grid(seat).is_none_or(|g| g.count() <= 1),
            _ => false,
        };
        if may_draw_last || may_end {
            return Ok(Undo(Record::Whole(Snapshot::save(self))));
        }
        let touched = match action {
            Action::Look(..) | Action::Take(_) | Action::Keep(_) | Action::Match(_) => [seat, NONE],
            Action::Peek(spot) => [spot.seat.0, NONE],
            Action::Give(target) => [target.0, NONE],
            Action::Swap(a, b) => [a.seat.0, if b.seat == a.seat { NONE } else { b.seat.0 }],
            Action::Draw | Action::Discard | Action::Pass | Action::Archduke | Action::End => [NONE, NONE],
        };
        let save = |s: u8| (s, self.grid(s).copied().unwrap_or(Grid::EMPTY));
        Ok(Undo(Record::Delta(Delta {
            phase: self.phase,
            current: self.current,
            next: self.next,
            caller: self.caller,
            turns: self.turns,
            looked: self.looked,
            pending: self.pending,
            pending_len: self.pending_len,
            grids: [save(touched[0]), save(touched[1])],
            draw: PileEnd::save(&self.draw),
            discard: PileEnd::save(&self.discard),
        })))
    }

    /// Takes back the action `undo` was recorded for. By reference: the record is large and
    /// only a part of it is read.
    pub(crate) fn restore(&mut self, undo: &Undo) {
        match &undo.0 {
            Record::Whole(snapshot) => snapshot.restore(self),
            Record::Delta(d) => {
                self.phase = d.phase;
                self.current = d.current;
                self.next = d.next;
                self.caller = d.caller;
                self.turns = d.turns;
                self.looked = d.looked;
                self.pending = d.pending;
                self.pending_len = d.pending_len;
                for &(seat, ref grid) in &d.grids {
                    if let Some(g) = self.grids.get_mut(seat as usize) {
                        *g = *grid;
                    }
                }
                d.draw.restore(&mut self.draw);
                d.discard.restore(&mut self.discard);
            }
        }
    }
}
