//! The dynamic programme over values: constant transition tables and the walk.

use duke_core::Suit;

use super::{AceRule, automaton};

// Constant tables. A group state is a multiset of at most two open runs, stored as the counts
// (n1, n2, n3) of runs of length 1, 2 and 3-or-more.

pub(super) const STATES: usize = 10;
pub(super) const STATE_COUNTS: [(usize, usize, usize); STATES] =
    [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 2, 0), (0, 1, 1), (0, 0, 2)];
/// States in which every open run may stop: the end of the values is reachable from them.
const CLOSABLE: u16 = 1 | 1 << 3 | 1 << 9;
/// The same states as indices.
pub(super) const CLOSABLE_STATES: [usize; 3] = [0, 3, 9];

/// The run-card counts possible in a group whose column allows `lo..=hi` cards when a set
/// takes `taken` of them (and the total used stays at least `lo`).
pub(super) fn range_states(lo: usize, hi: usize, taken: usize) -> core::ops::RangeInclusive<usize> {
    lo.saturating_sub(taken)..=hi.saturating_sub(taken).min(2)
}

#[allow(clippy::indexing_slicing)] // evaluated at compile time: a bad index is a build error
const fn state_index(n1: usize, n2: usize, n3: usize) -> usize {
    let mut i = 0;
    while i < STATES {
        let (a, b, c) = STATE_COUNTS[i];
        if a == n1 && b == n2 && c == n3 {
            return i;
        }
        i += 1;
    }
    0
}

/// `TRANS[r][s]`: the states reachable from state `s` when `r` cards of the group go to runs
/// at the next value. Runs of class 1 and 2 must continue; runs of class 3 may stop.
#[allow(clippy::indexing_slicing)] // evaluated at compile time
const fn build_trans() -> [[u16; STATES]; 3] {
    let mut t = [[0u16; STATES]; 3];
    let mut r = 0;
    while r < 3 {
        let mut s = 0;
        while s < STATES {
            let (n1, n2, n3) = STATE_COUNTS[s];
            let mut k3 = 0;
            while k3 <= n3 {
                let going_on = n1 + n2 + k3;
                if going_on <= r {
                    t[r][s] |= 1 << state_index(r - going_on, n1, n2 + k3);
                }
                k3 += 1;
            }
            s += 1;
        }
        r += 1;
    }
    t
}
pub(super) const TRANS: [[u16; STATES]; 3] = build_trans();

/// The six ranges `lo..=hi` of run-card counts, `0 <= lo <= hi <= 2`.
const RANGES: [(usize, usize); 6] = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)];

/// The index of `lo..=hi` in [`RANGES`] (also the automaton's symbol order).
#[inline]
pub(super) const fn range_index(lo: usize, hi: usize) -> usize {
    match (lo, hi) {
        (0, 0) => 0,
        (0, 1) => 1,
        (0, 2) => 2,
        (1, 1) => 3,
        (1, 2) => 4,
        _ => 5,
    }
}

/// `TRANS_RANGE[range][s]`: union of `TRANS[r][s]` for `r` in the range.
#[allow(clippy::indexing_slicing)] // evaluated at compile time
const fn build_trans_range() -> [[u16; STATES]; 6] {
    let mut t = [[0u16; STATES]; 6];
    let mut i = 0;
    while i < 6 {
        let (lo, hi) = RANGES[i];
        let mut s = 0;
        while s < STATES {
            let mut r = lo;
            while r <= hi {
                t[i][s] |= TRANS[r][s];
                r += 1;
            }
            s += 1;
        }
        i += 1;
    }
    t
}
const TRANS_RANGE: [[u16; STATES]; 6] = build_trans_range();

/// `MAP_RANGE[range][mask]`: the union of `TRANS_RANGE[range][s]` over the states `s` in `mask`.
#[allow(clippy::indexing_slicing)] // evaluated at compile time
const fn build_map_range() -> [[u16; 1 << STATES]; 6] {
    let mut t = [[0u16; 1 << STATES]; 6];
    let mut i = 0;
    while i < 6 {
        let mut mask: usize = 1;
        while mask < (1 << STATES) {
            let low = mask.trailing_zeros() as usize;
            t[i][mask] = t[i][mask & (mask - 1)] | TRANS_RANGE[i][low];
            mask += 1;
        }
        i += 1;
    }
    t
}
const MAP_RANGE: [[u16; 1 << STATES]; 6] = build_map_range();

/// The set choices at one value: (THORN cards, FLOWER cards) the set takes.
pub(super) const SET_CHOICES: [(usize, usize); 3] = [(2, 1), (1, 2), (2, 2)];

/// Joint reachable states: `rows[t]` is the mask of FLOWER states reachable with THORN state `t`.
pub(super) type Rows = [u16; STATES];
pub(super) const START: Rows = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// One value's cards: per group (THORNS, FLOWERS) the least and most cards that may be used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Column {
    pub(super) lo: [usize; 2],
    pub(super) hi: [usize; 2],
}

#[inline]
fn bit(mask: u64, suit: Suit, value: u8) -> usize {
    let shift = suit.index() as u64 * 13 + u64::from(value.saturating_sub(1) % 13);
    ((mask >> shift) & 1) as usize
}

/// Cards of `group` and `value` in `mask`.
#[inline]
fn count(mask: u64, group: usize, value: u8) -> usize {
    if group == 0 {
        bit(mask, Suit::Spades, value) + bit(mask, Suit::Diamonds, value)
    } else {
        bit(mask, Suit::Clubs, value) + bit(mask, Suit::Hearts, value)
    }
}

#[inline]
pub(super) fn column(must: u64, may: u64, value: u8) -> Column {
    let mut c = Column::default();
    for (g, (lo, hi)) in c.lo.iter_mut().zip(c.hi.iter_mut()).enumerate() {
        *lo = count(must, g, value);
        *hi = *lo + count(may, g, value);
    }
    c
}

#[inline]
fn spread(rows: &Rows, next: &mut Rows, thorn_range: usize, flower_range: usize) {
    let (Some(trans), Some(map)) = (TRANS_RANGE.get(thorn_range), MAP_RANGE.get(flower_range)) else { return };
    for (row, trans_t) in rows.iter().zip(trans.iter()) {
        if *row == 0 {
            continue;
        }
        let flowers = map.get(usize::from(*row)).copied().unwrap_or(0);
        if flowers == 0 {
            continue;
        }
        let mut targets = *trans_t;
        while targets != 0 {
            if let Some(slot) = next.get_mut(targets.trailing_zeros() as usize) {
                *slot |= flowers;
            }
            targets &= targets - 1;
        }
    }
}

/// The run-card range left in a group after a set takes `taken` cards there.
#[inline]
fn after_set(col: &Column, group: usize, taken: usize) -> Option<usize> {
    let lo = col.lo.get(group).copied().unwrap_or(0);
    let hi = col.hi.get(group).copied().unwrap_or(0);
    if taken > hi {
        return None;
    }
    Some(range_index(lo.saturating_sub(taken), (hi - taken).min(2)))
}

#[inline]
pub(super) fn step(rows: &Rows, col: &Column) -> Rows {
    let mut next = [0u16; STATES];
    if col.hi == [0, 0] {
        // No cards here: every open run must stop, which only "3 or more" runs may do.
        if accepts(rows) {
            next = START;
        }
        return next;
    }
    if let (Some(t), Some(f)) = (after_set(col, 0, 0), after_set(col, 1, 0)) {
        spread(rows, &mut next, t, f);
    }
    if col.hi[0] + col.hi[1] >= 3 {
        for &(st, sf) in &SET_CHOICES {
            if let (Some(t), Some(f)) = (after_set(col, 0, st), after_set(col, 1, sf)) {
                spread(rows, &mut next, t, f);
            }
        }
    }
    next
}

#[inline]
pub(super) fn accepts(rows: &Rows) -> bool {
    [0usize, 3, 9].iter().any(|&t| rows.get(t).is_some_and(|r| r & CLOSABLE != 0))
}

/// The values in walking order for a rule, with the high Ace as value 14 where it applies.
/// `aces_high` is, per group, how many Aces stand at the high end (only for `LowOrHigh`).
pub(super) fn columns(must: u64, may: u64, ace: AceRule, aces_high: [usize; 2], out: &mut [Column; 14]) -> usize {
    let mut n = 0;
    let mut push = |c: Column| {
        if let Some(slot) = out.get_mut(n) {
            *slot = c;
            n += 1;
        }
    };
    match ace {
        AceRule::Low | AceRule::Around => (1..=13).for_each(|v| push(column(must, may, v))),
        AceRule::High => (2..=14).for_each(|v| push(column(must, may, if v == 14 { 1 } else { v }))),
        AceRule::LowOrHigh => {
            let all = column(must, may, 1);
            let mut low = all;
            let mut high = Column::default();
            for g in 0..2 {
                let h = aces_high.get(g).copied().unwrap_or(0);
                if let (Some(l), Some(hi), Some(high_lo), Some(high_hi)) =
                    (low.lo.get_mut(g), low.hi.get_mut(g), high.lo.get_mut(g), high.hi.get_mut(g))
                {
                    *l = l.saturating_sub(h);
                    *hi = hi.saturating_sub(h);
                    *high_lo = h;
                    *high_hi = h;
                }
            }
            push(low);
            (2..=13).for_each(|v| push(column(must, may, v)));
            push(high);
        }
    }
    n
}

/// Walks the values from `start`. Linear rules start and end with every run closed; with
/// [`AceRule::Around`], `start` is the guessed state after the King (runs that go on into
/// the Ace, or stop there), and the walk must end in exactly that state, closing the circle.
pub(super) fn walk(cols: &[Column], start: Option<(usize, usize)>) -> bool {
    if start.is_none() {
        // The linear walk, through the automaton. Before the first card nothing is open, and
        // after the last one the runs just stop: walk only the values in between.
        let first = cols.iter().position(|c| c.hi != [0, 0]).unwrap_or(cols.len());
        let last = cols.iter().rposition(|c| c.hi != [0, 0]).map_or(first, |i| i + 1);
        let mut state = automaton::START;
        for col in cols.get(first..last.max(first)).unwrap_or(&[]) {
            state = automaton::next(state, automaton::symbol(col));
            if state == automaton::DEAD {
                return false;
            }
        }
        return automaton::accepting(state);
    }
    let mut rows = start_rows(start);
    for col in cols {
        rows = step(&rows, col);
        if rows.iter().all(|&r| r == 0) {
            return false;
        }
    }
    ends(&rows, start)
}

pub(super) fn start_rows(start: Option<(usize, usize)>) -> Rows {
    match start {
        None => START,
        Some((t, f)) => {
            let mut rows = [0u16; STATES];
            if let Some(r) = rows.get_mut(t) {
                *r = 1 << f;
            }
            rows
        }
    }
}

pub(super) fn ends(rows: &Rows, start: Option<(usize, usize)>) -> bool {
    match start {
        None => accepts(rows),
        Some((t, f)) => rows.get(t).is_some_and(|r| r >> f & 1 == 1),
    }
}

/// The run states open after the King, which the walk round the circle starts from:
/// `None` alone for linear rules; for [`AceRule::Around`] every pair of group states the cards
/// allow: each open run holds a King; runs of length 1 and 2 must go on into an Ace (and a run
/// of length 1 on into a Two); runs of length 2 or more hold a Queen, of 3 or more a Jack.
pub(super) fn boundaries(must: u64, may: u64, ace: AceRule) -> impl Iterator<Item = Option<(usize, usize)>> {
    let at = move |value: u8, g: usize| column(must, may, value).hi.get(g).copied().unwrap_or(0);
    let fits = move |s: usize, g: usize| {
        STATE_COUNTS.get(s).is_some_and(|&(n1, n2, n3)| {
            n1 + n2 + n3 <= at(13, g)
                && n1 + n2 <= at(1, g)
                && n1 <= at(2, g)
                && n2 + n3 <= at(12, g)
                && n3 <= at(11, g)
        })
    };
    let around = ace == AceRule::Around;
    // A linear split is also a split round the circle: try the plain walk first.
    let linear = Some(None);
    let guesses = (0..STATES * STATES)
        .filter(move |_| around)
        .map(|i| (i / STATES, i % STATES))
        .filter(move |&(t, f)| fits(t, 0) && fits(f, 1))
        .map(Some);
    linear.into_iter().chain(guesses)
}

/// The ways to split each group's Aces between the low and the high end.
pub(super) fn ace_splits(must: u64, may: u64, ace: AceRule) -> impl Iterator<Item = [usize; 2]> {
    let (t, f) = if ace == AceRule::LowOrHigh {
        let c = column(must, may, 1);
        (c.hi[0], c.hi[1])
    } else {
        (0, 0)
    };
    (0..=t).flat_map(move |a| (0..=f).map(move |b| [a, b]))
}

/// The 13-bit mask (bit `v - 1` for value `v`) of one suit's cards in `mask`.
fn suit_bits(mask: u64, suit: Suit) -> u32 {
    ((mask >> (suit.index() as u64 * 13)) & 0x1FFF) as u32
}

/// The values at which a card of a group can lie in some run, when `avail` (bit `v - 1`) are
/// the values the group has cards at: those inside a window of three available values.
fn run_cover(avail: u32, ace: AceRule) -> u32 {
    let windows = |p: u32| {
        let w = p & p >> 1 & p >> 2;
        w | w << 1 | w << 2
    };
    match ace {
        AceRule::Low => windows(avail) & 0x1FFF,
        AceRule::High => {
            // Positions 2..=13 then the Ace.
            let cover = windows((avail >> 1) | (avail & 1) << 12) & 0x1FFF;
            (cover << 1 & 0x1FFE) | (cover >> 12 & 1)
        }
        AceRule::LowOrHigh => {
            let cover = windows(avail | (avail & 1) << 13) & 0x3FFF;
            (cover & 0x1FFF) | (cover >> 13 & 1)
        }
        AceRule::Around => {
            let right = |x: u32, k: u32| ((x >> k) | (x << (13 - k))) & 0x1FFF;
            let left = |x: u32, k: u32| ((x << k) | (x >> (13 - k))) & 0x1FFF;
            let w = avail & right(avail, 1) & right(avail, 2);
            w | left(w, 1) | left(w, 2)
        }
    }
}

/// A quick, sound rejection: some card of `must` has no possible run or set at all among
/// `must ∪ may` (fewer than three cards of its value, and no three consecutive values of its
/// group around it). Most impossible plays are refused here without walking.
pub(super) fn hopeless(must: u64, may: u64, ace: AceRule) -> bool {
    let all = must | may;
    let [c, d, h, s] = Suit::ALL.map(|suit| suit_bits(all, suit));
    let [mc, md, mh, ms] = Suit::ALL.map(|suit| suit_bits(must, suit));
    let three = (c & d & h) | (c & d & s) | (c & h & s) | (d & h & s);
    [(s | d, ms | md), (c | h, mc | mh)]
        .into_iter()
        .any(|(avail, needed)| needed & !(run_cover(avail, ace) | three) != 0)
}
