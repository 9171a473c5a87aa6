//! The meld solver (rulebook, "Runs and Sets"): can a set of cards be split into valid runs
//! and sets, and how?
//!
//! A *set* is 3 or more cards of one value (so 3 or 4: there are four cards of a value). A
//! *run* is 3 or more cards of one suit group ([`SuitGroup`]) with consecutive values.
//!
//! # Why a dynamic programme works
//!
//! Inside one suit group the two cards of a value are interchangeable for runs (a run may mix
//! spades and diamonds), and for sets only the value counts. So a card set is fully described,
//! for melding, by a column per value: how many THORN cards (0..=2) and how many FLOWER cards
//! (0..=2) it holds. The solver walks the values in order and keeps, per group, the multiset of
//! runs still open with their length class (1, 2, or "3 or more"): at most two open runs per
//! group, so 10 states per group and 100 joint states, stored as ten 10-bit masks. At each value
//! it chooses whether a set takes 3 or 4 cards there, and for each group which open runs go on
//! (a run of class 1 or 2 must go on; a run of class 3 may stop) and how many new ones start.
//! Everything is precomputed in constant tables, so a full 52-card table is decided in a few
//! hundred table look-ups.
//!
//! The same programme also answers "is there a way to complete this?": each column then has a
//! range of counts (mandatory cards up to mandatory plus optional cards), which is how the
//! engine proves every play it offers can still end in a valid table (see `RULES.md`).
//!
//! Aces follow [`AceRule`]: low (A-2-3), high (Q-K-A) or either (but never K-A-2). For
//! "either", each group's aces are split between the low and the high end, at most 9 ways.

use duke_core::{Card, CardSet, Rank, Suit};
use serde::{Deserialize, Serialize};

/// Where an Ace may stand in a run. The rulebook does not say; see `RULES.md`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AceRule {
    /// The Ace is 1: A-2-3 is a run, Q-K-A is not. The default (an Ace is the card "one").
    #[default]
    Low,
    /// The Ace is above the King: Q-K-A is a run, A-2-3 is not.
    High,
    /// Either end, chosen per card: A-2-3 and Q-K-A are runs, K-A-2 is not.
    LowOrHigh,
    /// Runs turn the corner: values are a circle, so K-A-2 is a run too (at most 13 cards).
    Around,
}

/// The two suit groups runs are built from (rulebook, "Runs and Sets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SuitGroup {
    /// Spades and diamonds: suits with a pointed top.
    Thorns,
    /// Clubs and hearts: suits with a rounded top.
    Flowers,
}

impl SuitGroup {
    /// The group of a suit.
    pub const fn of(suit: Suit) -> SuitGroup {
        match suit {
            Suit::Spades | Suit::Diamonds => SuitGroup::Thorns,
            Suit::Clubs | Suit::Hearts => SuitGroup::Flowers,
        }
    }
}

/// What kind of group a [`Meld`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeldKind {
    /// 3 or 4 cards of one value.
    Set,
    /// 3 or more consecutive values of one suit group.
    Run,
}

/// One run or set of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    /// Run or set.
    pub kind: MeldKind,
    /// Its cards.
    pub cards: CardSet,
    /// For a run holding an Ace: whether the Ace stands above the King.
    pub ace_high: bool,
}

impl Meld {
    /// The cards in reading order: a run from its lowest card up (an Ace last when it is
    /// high, K-A-2 when it turns the corner), a set by suit.
    pub fn ordered(&self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.cards.iter().collect();
        cards.sort_by_key(|c| (c.rank().value(), c.suit().index()));
        if self.kind == MeldKind::Set || cards.len() < 2 {
            return cards;
        }
        if cards.len() == 13 {
            if self.ace_high {
                cards.rotate_left(1);
            }
            return cards;
        }
        // Start after the widest gap between neighbouring values, going round the circle.
        let n = cards.len();
        let gap = |i: usize| {
            let a = cards.get(i).map_or(0, |c| c.rank().value());
            let b = cards.get((i + 1) % n).map_or(0, |c| c.rank().value());
            (b + 13 - a) % 13
        };
        let widest = (0..n).max_by_key(|&i| (gap(i), usize::MAX - i)).unwrap_or(n - 1);
        cards.rotate_left((widest + 1) % n);
        cards
    }
}

/// A full split of a card set into melds.
pub type Split = Vec<Meld>;

// ---------------------------------------------------------------------------------------------
// Constant tables. A group state is a multiset of at most two open runs, stored as the counts
// (n1, n2, n3) of runs of length 1, 2 and 3-or-more.

const STATES: usize = 10;
const STATE_COUNTS: [(usize, usize, usize); STATES] =
    [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1), (2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 2, 0), (0, 1, 1), (0, 0, 2)];
/// States in which every open run may stop: the end of the values is reachable from them.
const CLOSABLE: u16 = 1 | 1 << 3 | 1 << 9;

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
const TRANS: [[u16; STATES]; 3] = build_trans();

/// The six ranges `lo..=hi` of run-card counts, `0 <= lo <= hi <= 2`.
const RANGES: [(usize, usize); 6] = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)];

const fn range_index(lo: usize, hi: usize) -> usize {
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
const SET_CHOICES: [(usize, usize); 3] = [(2, 1), (1, 2), (2, 2)];

/// Joint reachable states: `rows[t]` is the mask of FLOWER states reachable with THORN state `t`.
type Rows = [u16; STATES];
const START: Rows = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/// One value's cards: per group (THORNS, FLOWERS) the least and most cards that may be used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Column {
    lo: [usize; 2],
    hi: [usize; 2],
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
fn column(must: u64, may: u64, value: u8) -> Column {
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
fn step(rows: &Rows, col: &Column) -> Rows {
    let mut next = [0u16; STATES];
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
fn accepts(rows: &Rows) -> bool {
    [0usize, 3, 9].iter().any(|&t| rows.get(t).is_some_and(|r| r & CLOSABLE != 0))
}

/// The values in walking order for a rule, with the high Ace as value 14 where it applies.
/// `aces_high` is, per group, how many Aces stand at the high end (only for `LowOrHigh`).
fn columns(must: u64, may: u64, ace: AceRule, aces_high: [usize; 2], out: &mut [Column; 14]) -> usize {
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
fn walk(cols: &[Column], start: Option<(usize, usize)>) -> bool {
    let mut rows = start_rows(start);
    for col in cols {
        rows = step(&rows, col);
        if rows.iter().all(|&r| r == 0) {
            return false;
        }
    }
    ends(&rows, start)
}

fn start_rows(start: Option<(usize, usize)>) -> Rows {
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

fn ends(rows: &Rows, start: Option<(usize, usize)>) -> bool {
    match start {
        None => accepts(rows),
        Some((t, f)) => rows.get(t).is_some_and(|r| r >> f & 1 == 1),
    }
}

/// The run states open after the King, which the walk round the circle starts from:
/// `None` alone for linear rules; for [`AceRule::Around`] every pair of group states the cards
/// allow: each open run holds a King; runs of length 1 and 2 must go on into an Ace (and a run
/// of length 1 on into a Two); runs of length 2 or more hold a Queen, of 3 or more a Jack.
fn boundaries(must: u64, may: u64, ace: AceRule) -> impl Iterator<Item = Option<(usize, usize)>> {
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
fn ace_splits(must: u64, may: u64, ace: AceRule) -> impl Iterator<Item = [usize; 2]> {
    let (t, f) = if ace == AceRule::LowOrHigh {
        let c = column(must, may, 1);
        (c.hi[0], c.hi[1])
    } else {
        (0, 0)
    };
    (0..=t).flat_map(move |a| (0..=f).map(move |b| [a, b]))
}

/// Whether `cards` can be split into valid runs and sets (the empty set can).
///
/// ```
/// use dukesup_rules::meld::{can_split, AceRule};
/// let cards = ["3S", "4D", "5S", "6S", "6C", "6H"].iter().filter_map(|c| c.parse().ok()).collect();
/// assert!(can_split(cards, AceRule::Low)); // run 3-4-5 of THORNS and a set of sixes
/// ```
pub fn can_split(cards: CardSet, ace: AceRule) -> bool {
    can_complete(cards, CardSet::EMPTY, ace)
}

/// Whether some `extra` ⊆ `optional` makes `cards ∪ extra` splittable into valid runs and
/// sets: the question "can this table still be completed with what I may still play?".
pub fn can_complete(cards: CardSet, optional: CardSet, ace: AceRule) -> bool {
    let must = cards.bits();
    let may = optional.difference(cards).bits();
    let mut cols = [Column::default(); 14];
    ace_splits(must, may, ace).any(|split| {
        let n = columns(must, may, ace, split, &mut cols);
        let cols = cols.get(..n).unwrap_or(&[]);
        boundaries(must, may, ace).any(|start| walk(cols, start))
    })
}

/// One split of `cards` into valid runs and sets, or `None` if there is none.
///
/// Runs are as long as the walk made them, except that a run longer than 13 cards (possible
/// only with [`AceRule::LowOrHigh`], from a low to a high Ace) is cut in two.
pub fn split(cards: CardSet, ace: AceRule) -> Option<Split> {
    let must = cards.bits();
    let mut cols = [Column::default(); 14];
    for aces_high in ace_splits(must, 0, ace) {
        let n = columns(must, 0, ace, aces_high, &mut cols);
        let cols = cols.get(..n).unwrap_or(&[]);
        for start in boundaries(must, 0, ace) {
            let mut layers = [START; 15];
            let mut rows = start_rows(start);
            layers[0] = rows;
            for (i, col) in cols.iter().enumerate() {
                rows = step(&rows, col);
                if let Some(layer) = layers.get_mut(i + 1) {
                    *layer = rows;
                }
            }
            if ends(&rows, start) {
                return Some(rebuild(cards, ace, aces_high, cols, &layers, start));
            }
        }
    }
    None
}

/// What happened at one value in one group on the chosen path.
#[derive(Clone, Copy, Debug, Default)]
struct Move {
    from: usize,
    to: usize,
    set: usize,
}

fn rebuild(
    cards: CardSet,
    ace: AceRule,
    aces_high: [usize; 2],
    cols: &[Column],
    layers: &[Rows; 15],
    start: Option<(usize, usize)>,
) -> Split {
    let n = cols.len();
    let mut moves = [[Move::default(); 2]; 14];
    // Walk back from an accepting end state: the crossing state itself when going round.
    let mut cur = start.unwrap_or((0, 0));
    if let (None, Some(last)) = (start, layers.get(n)) {
        'end: for t in [0usize, 3, 9] {
            for f in [0usize, 3, 9] {
                if last.get(t).is_some_and(|r| r & (1 << f) != 0) {
                    cur = (t, f);
                    break 'end;
                }
            }
        }
    }
    for i in (0..n).rev() {
        let (Some(col), Some(prev)) = (cols.get(i), layers.get(i)) else { break };
        let mut options = [(0usize, 0usize); 4];
        let mut k = 1;
        if col.hi[0] + col.hi[1] >= 3 {
            for &(st, sf) in &SET_CHOICES {
                if st <= col.hi[0] && sf <= col.hi[1] {
                    if let Some(o) = options.get_mut(k) {
                        *o = (st, sf);
                    }
                    k += 1;
                }
            }
        }
        'found: for &(st, sf) in options.iter().take(k) {
            let rt = col.hi[0] - st;
            let rf = col.hi[1] - sf;
            for (pt, row) in prev.iter().enumerate() {
                if TRANS.get(rt).and_then(|t| t.get(pt)).is_none_or(|m| m & (1 << cur.0) == 0) {
                    continue;
                }
                let mut flowers = *row;
                while flowers != 0 {
                    let pf = flowers.trailing_zeros() as usize;
                    flowers &= flowers - 1;
                    if TRANS.get(rf).and_then(|t| t.get(pf)).is_some_and(|m| m & (1 << cur.1) != 0) {
                        if let Some(m) = moves.get_mut(i) {
                            *m = [Move { from: pt, to: cur.0, set: st }, Move { from: pf, to: cur.1, set: sf }];
                        }
                        cur = (pt, pf);
                        break 'found;
                    }
                }
            }
        }
    }
    assemble(cards, ace, aces_high, n, &moves, start)
}

/// The physical cards of `group` at walk position `i`.
fn cards_at(cards: CardSet, ace: AceRule, aces_high: [usize; 2], n: usize, i: usize, group: usize) -> Vec<Card> {
    let (value, ace_end) = match ace {
        AceRule::Low | AceRule::Around => (i as u8 + 1, None),
        AceRule::High => (if i + 1 == n { 1 } else { i as u8 + 2 }, None),
        AceRule::LowOrHigh => {
            if i == 0 {
                (1, Some(false))
            } else if i + 1 == n {
                (1, Some(true))
            } else {
                (i as u8 + 1, None)
            }
        }
    };
    let suits = if group == 0 { [Suit::Spades, Suit::Diamonds] } else { [Suit::Clubs, Suit::Hearts] };
    let Some(rank) = Rank::new(value) else { return Vec::new() };
    let all: Vec<Card> = suits.iter().map(|&s| Card::new(s, rank)).filter(|&c| cards.contains(c)).collect();
    match ace_end {
        None => all,
        Some(high) => {
            let h = aces_high.get(group).copied().unwrap_or(0).min(all.len());
            if high { all.get(..h).unwrap_or(&[]).to_vec() } else { all.get(h..).unwrap_or(&[]).to_vec() }
        }
    }
}

/// A run being built: its cards in walking order and whether it holds a high Ace.
#[derive(Clone, Debug, Default)]
struct RunRec {
    cards: Vec<Card>,
    high: bool,
}

fn assemble(
    cards: CardSet,
    ace: AceRule,
    aces_high: [usize; 2],
    n: usize,
    moves: &[[Move; 2]; 14],
    start: Option<(usize, usize)>,
) -> Split {
    let mut melds = Vec::new();
    let mut runs: Vec<RunRec> = Vec::new();
    // Open runs per group: (run index, length class).
    let mut open: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    let mut crossing: [Vec<(usize, usize)>; 2] = [Vec::new(), Vec::new()];
    if let Some((t, f)) = start {
        for (g, s) in [t, f].into_iter().enumerate() {
            let (n1, n2, n3) = STATE_COUNTS.get(s).copied().unwrap_or_default();
            for class in
                core::iter::repeat_n(1, n1).chain(core::iter::repeat_n(2, n2)).chain(core::iter::repeat_n(3, n3))
            {
                let id = runs.len();
                runs.push(RunRec::default());
                if let (Some(o), Some(c)) = (open.get_mut(g), crossing.get_mut(g)) {
                    o.push((id, class));
                    c.push((id, class));
                }
            }
        }
    }
    let high_end = |i: usize| match ace {
        AceRule::Low | AceRule::Around => false,
        AceRule::High | AceRule::LowOrHigh => i + 1 == n,
    };
    for (i, step) in moves.iter().enumerate().take(n) {
        let mut set = CardSet::EMPTY;
        for (group, mv) in step.iter().enumerate() {
            let here = cards_at(cards, ace, aces_high, n, i, group);
            let (to_set, to_runs) = here.split_at(mv.set.min(here.len()));
            to_set.iter().for_each(|&c| set.insert(c));
            let (_, n2_before, _) = STATE_COUNTS.get(mv.from).copied().unwrap_or_default();
            let (_, _, n3_after) = STATE_COUNTS.get(mv.to).copied().unwrap_or_default();
            let long_going_on = n3_after.saturating_sub(n2_before);
            let Some(group_open) = open.get_mut(group) else { continue };
            // Short runs must go on; of the long ones, `long_going_on` do, the rest stop.
            group_open.sort_by_key(|&(_, class)| class);
            let short = group_open.iter().filter(|&&(_, class)| class < 3).count();
            group_open.truncate(short + long_going_on);
            let mut cards_iter = to_runs.iter();
            for (id, class) in group_open.iter_mut() {
                if let (Some(&c), Some(run)) = (cards_iter.next(), runs.get_mut(*id)) {
                    run.cards.push(c);
                    run.high |= high_end(i);
                    *class = (*class + 1).min(3);
                }
            }
            for &c in cards_iter {
                group_open.push((runs.len(), 1));
                runs.push(RunRec { cards: vec![c], high: high_end(i) });
            }
        }
        if !set.is_empty() {
            melds.push(Meld { kind: MeldKind::Set, cards: set, ace_high: false });
        }
    }
    // Going round: the runs still open after the King go on into the crossing runs of the
    // same length class.
    let mut next: Vec<Option<usize>> = vec![None; runs.len()];
    for (mut ends, mut starts) in open.into_iter().zip(crossing) {
        ends.sort_by_key(|&(_, class)| class);
        starts.sort_by_key(|&(_, class)| class);
        for ((from, _), (to, _)) in ends.into_iter().zip(starts) {
            if let Some(slot) = next.get_mut(from) {
                *slot = Some(to);
            }
        }
    }
    let mut targets = vec![false; runs.len()];
    next.iter().flatten().for_each(|&t| {
        if let Some(x) = targets.get_mut(t) {
            *x = true;
        }
    });
    let mut used = vec![false; runs.len()];
    // Chains from their heads first, then what is left: closed circles.
    let heads: Vec<usize> = (0..runs.len()).filter(|&i| !targets.get(i).copied().unwrap_or(false)).collect();
    for first in heads.into_iter().chain(0..runs.len()) {
        let mut chain: Vec<Card> = Vec::new();
        let mut high = false;
        let mut at = Some(first);
        while let Some(i) = at {
            if used.get(i).copied().unwrap_or(true) {
                break;
            }
            if let Some(u) = used.get_mut(i) {
                *u = true;
            }
            if let Some(run) = runs.get(i) {
                chain.extend(&run.cards);
                high |= run.high;
            }
            at = next.get(i).copied().flatten();
        }
        if chain.is_empty() {
            continue;
        }
        // A run longer than 13 would repeat a value: cut it into runs of at most 13.
        let pieces = chain.len().div_ceil(13);
        let size = chain.len().div_ceil(pieces);
        let count = chain.chunks(size).count();
        for (k, piece) in chain.chunks(size).enumerate() {
            let piece_high = high && k + 1 == count && piece.iter().any(|c| c.rank() == Rank::ACE);
            melds.push(Meld { kind: MeldKind::Run, cards: piece.iter().copied().collect(), ace_high: piece_high });
        }
    }
    melds
}

/// Whether `meld` is a valid run or set under `ace` (used to check splits).
pub fn is_valid_meld(meld: &Meld, ace: AceRule) -> bool {
    let cards: Vec<Card> = meld.cards.iter().collect();
    if cards.len() < 3 {
        return false;
    }
    match meld.kind {
        MeldKind::Set => cards.windows(2).all(|w| matches!(w, [a, b] if a.rank() == b.rank())),
        MeldKind::Run => {
            let group = cards.first().map(|c| SuitGroup::of(c.suit()));
            if !cards.iter().all(|c| Some(SuitGroup::of(c.suit())) == group) {
                return false;
            }
            if ace == AceRule::Around {
                // Distinct values forming one arc of the circle: at most one gap.
                let mut values: Vec<u8> = cards.iter().map(|c| c.rank().value()).collect();
                values.sort_unstable();
                values.dedup();
                let n = values.len();
                let gaps = (0..n)
                    .filter(|&i| {
                        let a = values.get(i).copied().unwrap_or(0);
                        let b = values.get((i + 1) % n).copied().unwrap_or(0);
                        (b + 13 - a) % 13 != 1
                    })
                    .count();
                return n == cards.len() && (gaps == 1 || n == 13);
            }
            let high = match ace {
                AceRule::Low | AceRule::Around => false,
                AceRule::High => true,
                AceRule::LowOrHigh => meld.ace_high,
            };
            let mut values: Vec<u8> =
                cards.iter().map(|c| if high && c.rank() == Rank::ACE { 14 } else { c.rank().value() }).collect();
            values.sort_unstable();
            values.windows(2).all(|w| matches!(w, [a, b] if *b == *a + 1))
        }
    }
}
