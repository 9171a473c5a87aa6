//! Turning the walk's path back into runs and sets: the arrangement shown on the table.

use duke_core::{Card, CardSet, Rank, Suit};

use super::dp::{CLOSABLE_STATES, range_states};
use super::dp::{Column, Rows, SET_CHOICES, STATE_COUNTS, TRANS};
use super::{AceRule, Meld, MeldKind, Split};

/// What happened at one value in one group on the chosen path.
#[derive(Clone, Copy, Debug, Default)]
struct Move {
    from: usize,
    to: usize,
    set: usize,
}

pub(super) fn rebuild(
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

/// Walks back a completion walk (columns with ranges) from an accepting end and returns, per
/// column and group, how many optional cards the path uses.
pub(super) fn extra_counts(cols: &[Column], layers: &[Rows; 15]) -> Option<[[usize; 2]; 14]> {
    let n = cols.len();
    let last = layers.get(n)?;
    let mut cur = CLOSABLE_STATES
        .iter()
        .flat_map(|&t| CLOSABLE_STATES.iter().map(move |&f| (t, f)))
        .find(|&(t, f)| last.get(t).is_some_and(|r| r >> f & 1 == 1))?;
    let mut extra = [[0usize; 2]; 14];
    for i in (0..n).rev() {
        let (col, prev) = (cols.get(i)?, layers.get(i)?);
        let mut options = [(0usize, 0usize); 4];
        let mut k = 1;
        for &(st, sf) in &SET_CHOICES {
            if st <= col.hi[0] && sf <= col.hi[1] {
                if let Some(o) = options.get_mut(k) {
                    *o = (st, sf);
                }
                k += 1;
            }
        }
        let mut found = None;
        'search: for &(st, sf) in options.iter().take(k) {
            for rt in range_states(col.lo[0], col.hi[0], st) {
                for rf in range_states(col.lo[1], col.hi[1], sf) {
                    for (pt, row) in prev.iter().enumerate() {
                        let t_ok = TRANS.get(rt).and_then(|t| t.get(pt)).is_some_and(|m| m >> cur.0 & 1 == 1);
                        if !t_ok {
                            continue;
                        }
                        let mut flowers = *row;
                        while flowers != 0 {
                            let pf = flowers.trailing_zeros() as usize;
                            flowers &= flowers - 1;
                            if TRANS.get(rf).and_then(|t| t.get(pf)).is_some_and(|m| m >> cur.1 & 1 == 1) {
                                found = Some(((pt, pf), [st + rt - col.lo[0], sf + rf - col.lo[1]]));
                                break 'search;
                            }
                        }
                    }
                }
            }
        }
        let (prev_state, counts) = found?;
        if let Some(e) = extra.get_mut(i) {
            *e = counts;
        }
        cur = prev_state;
    }
    Some(extra)
}
