//! The dynamic programme of [`super::dp`] compiled into a minimal deterministic automaton over
//! the columns: one table look-up per value instead of a step over 100 joint run states.
//!
//! # Why it is exact
//!
//! For the linear walks (every run closed before the first value and after the last) the
//! programme's answer depends only on the sequence of columns, and a column is one of 36
//! symbols: per suit group, the range `lo..=hi` of cards it may use, one of six with
//! `0 <= lo <= hi <= 2`. The sets of joint states the walk can be in after any sequence of
//! symbols are finitely many (66,736 from the start state), and two of them that accept the
//! same continuations can be merged: the minimal automaton has 875 states. The table in
//! `automaton.bin` is that automaton, built from [`super::dp::step`] by the test
//! `the_table_is_the_minimal_automaton_of_the_walk` (which rebuilds it and compares it byte for
//! byte; `UPDATE_AUTOMATON=1` rewrites it), and cross-checked against the walk on random
//! column sequences.
//!
//! Each entry is the next state's offset in the table (state × 36) with bit 15 set when that
//! state accepts (every open run may stop there). State 0 is the dead state, state 1 the start.

use super::dp::{Column, range_index};

/// The column symbols: 6 THORN ranges × 6 FLOWER ranges.
pub(super) const SYMBOLS: usize = 36;

const BYTES: &[u8] = include_bytes!("automaton.bin");
const LEN: usize = BYTES.len() / 2;

/// The transitions, `TABLE[offset + symbol]`, decoded at compile time, padded with dead
/// entries to 2^15 so that any 15-bit index is in bounds (no check at run time).
static TABLE: [u16; 1 << 15] = decode();

#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index is a build error
const fn decode() -> [u16; 1 << 15] {
    let mut out = [DEAD; 1 << 15];
    let mut i = 0;
    while i < LEN {
        out[i] = u16::from_le_bytes([BYTES[2 * i], BYTES[2 * i + 1]]);
        i += 1;
    }
    out
}

/// Bit 15 of a state: it accepts.
const ACCEPT: u16 = 1 << 15;

/// The start state (every run closed, which accepts: the empty table is valid).
pub(super) const START: u16 = SYMBOLS as u16 | ACCEPT;

/// The dead state: no continuation accepts.
pub(super) const DEAD: u16 = 0;

/// The state after one more column of symbol `sym`.
#[inline]
pub(super) fn next(state: u16, sym: u8) -> u16 {
    // Offsets are below 875 × 36 and symbols below 36, so the mask changes nothing.
    TABLE.get((usize::from(state & !ACCEPT) + usize::from(sym)) & 0x7FFF).copied().unwrap_or(DEAD)
}

/// Whether the walk may end in `state`.
#[inline]
pub(super) const fn accepting(state: u16) -> bool {
    state & ACCEPT != 0
}

/// The symbol of a column.
#[inline]
pub(super) const fn symbol(col: &Column) -> u8 {
    (range_index(col.lo[0], col.hi[0]) * 6 + range_index(col.lo[1], col.hi[1])) as u8
}

/// The column of a symbol (for building and checking the table).
#[cfg(test)]
pub(super) const fn column_of(sym: usize) -> Column {
    const RANGES: [(usize, usize); 6] = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)];
    let (tl, th) = RANGES[sym / 6 % 6];
    let (fl, fh) = RANGES[sym % 6];
    Column { lo: [tl, fl], hi: [th, fh] }
}

/// One linear walk, remembered state by state, so that a change to one column is decided by
/// walking on from that column only (and stopping as soon as the walk rejoins the original:
/// the automaton is minimal, so from the same state it answers the same).
#[derive(Clone, Copy, Debug)]
pub(super) struct Run {
    /// The symbols (at most 14 used; 16 so that a masked index needs no check).
    syms: [u8; 16],
    /// `states[i]`: the state before column `i`; `states[n]` the last.
    states: [u16; 16],
    n: usize,
}

impl Run {
    /// Walks the symbols `sym(k)` of the positions `k` (at most 14: the values, with a high
    /// Ace). A walk that has died stays dead: the dead state's transitions all lead back to it.
    #[inline]
    pub(super) fn walk(positions: core::ops::Range<u32>, sym: impl Fn(u32) -> u8) -> Run {
        let mut run = Run { syms: [0; 16], states: [DEAD; 16], n: 0 };
        let mut state = START;
        if let Some(first) = run.states.first_mut() {
            *first = state;
        }
        let mut i = 0;
        for k in positions {
            let s = sym(k);
            state = next(state, s);
            if let Some(slot) = run.syms.get_mut(i & 15) {
                *slot = s;
            }
            i += 1;
            if let Some(after) = run.states.get_mut(i & 15) {
                *after = state;
            }
        }
        run.n = i.min(15);
        run
    }

    /// Two walks over the same positions in one loop: `syms(k)` gives both symbols.
    #[inline]
    pub(super) fn walk_two(positions: core::ops::Range<u32>, syms: impl Fn(u32) -> (u8, u8)) -> [Run; 2] {
        let mut runs = [Run { syms: [0; 16], states: [DEAD; 16], n: 0 }; 2];
        let [a, b] = &mut runs;
        let (mut state_a, mut state_b) = (START, START);
        if let (Some(first_a), Some(first_b)) = (a.states.first_mut(), b.states.first_mut()) {
            (*first_a, *first_b) = (START, START);
        }
        let mut i = 0;
        for k in positions {
            let (sa, sb) = syms(k);
            state_a = next(state_a, sa);
            state_b = next(state_b, sb);
            if let (Some(slot_a), Some(slot_b)) = (a.syms.get_mut(i & 15), b.syms.get_mut(i & 15)) {
                (*slot_a, *slot_b) = (sa, sb);
            }
            i += 1;
            if let (Some(after_a), Some(after_b)) = (a.states.get_mut(i & 15), b.states.get_mut(i & 15)) {
                (*after_a, *after_b) = (state_a, state_b);
            }
        }
        (a.n, b.n) = (i.min(15), i.min(15));
        runs
    }

    /// Whether the walk accepts.
    #[inline]
    pub(super) fn accepts(&self) -> bool {
        accepting(self.states.get(self.n).copied().unwrap_or(DEAD))
    }

    /// How many columns the walk has.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.n
    }

    /// Whether the walk accepts with column `i` (below [`Run::len`]) of symbol `sym` instead.
    #[inline]
    pub(super) fn accepts_with(&self, i: usize, sym: u8) -> bool {
        let Some(&before) = self.states.get(i) else { return false };
        let mut state = next(before, sym);
        for j in i + 1..self.n {
            if state == DEAD {
                return false;
            }
            if self.states.get(j & 15) == Some(&state) {
                return self.accepts();
            }
            state = next(state, self.syms.get(j & 15).copied().unwrap_or(0));
        }
        accepting(state)
    }
}

#[cfg(test)]
#[path = "automaton_build.rs"]
mod build;
