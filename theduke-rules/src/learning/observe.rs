//! The observation: a few planes of 6 x 6 squares, then a flat block of the facts that are
//! not on a square, in the order of the module docs ([`super`]), read from what
//! [`view`](duke_core::Game::view) shows the observer. The buffer is zeroed once; only the
//! non-zero values are written.

use core::any::Any;

use duke_core::{Observer, Seat};

use crate::source::{ExtraState, Packed};
use crate::state::{code_kind, code_owner, code_side};
use crate::{Ability, DivinationShown, Duke, Facing, IconKind, Objective, Phase, Square, TileSource};

/// Values per plane.
const SQUARES: usize = 36;
/// The most tiles of one type a count can hold (the format's limit): counts are divided by it.
const MOST: f32 = 15.0;
/// `n / 15` for every 4-bit count `n` (a lookup: no division per count).
#[allow(clippy::indexing_slicing)] // evaluated at compile time, within the array
const FRACTIONS: [f32; 16] = {
    let mut table = [0.0; 16];
    let mut n = 0;
    while n < 16 {
        table[n] = n as f32 / MOST;
        n += 1;
    }
    table
};
/// The phases, one value each.
const PHASES: usize = 11;

/// Where each block of one config's observation starts (values from the start of the
/// buffer; `None`: the config cannot have it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ObservationLayout {
    /// Tile types of the set: the first `kinds` planes.
    kinds: usize,
    /// Planes: the tile types, the side, the owner, then those below.
    planes: usize,
    frozen: Option<usize>,
    mountain: Option<usize>,
    fort: Option<usize>,
    /// The Dragon's square (a plane), then its state (6 values in the tail).
    dragon: Option<(usize, usize)>,
    /// The Flags (2 planes), then the points (2 values in the tail).
    flags: Option<(usize, usize)>,
    bags: usize,
    captured: usize,
    removed: Option<usize>,
    phase: usize,
    drawn: usize,
    to_act: usize,
    observer: usize,
    first: usize,
    result: usize,
    turns: usize,
    divination: Option<usize>,
    dynastic: Option<usize>,
    len: usize,
}

/// Hands out consecutive blocks.
struct Cursor(usize);

impl Cursor {
    const fn take(&mut self, n: usize) -> usize {
        let first = self.0;
        self.0 += n;
        first
    }

    const fn take_if(&mut self, on: bool, n: usize) -> Option<usize> {
        if on { Some(self.take(n)) } else { None }
    }
}

/// `p * 36` (a plane's first value).
const fn plane(p: Option<usize>) -> Option<usize> {
    match p {
        Some(p) => Some(p * SQUARES),
        None => None,
    }
}

/// Both, or `None`.
const fn both(a: Option<usize>, b: Option<usize>) -> Option<(usize, usize)> {
    match (a, b) {
        (Some(a), Some(b)) => Some((a, b)),
        _ => None,
    }
}

/// Which of Expanded play's blocks a config has (all `false` for a compile-time set).
#[derive(Clone, Copy, Debug, Default)]
struct Features {
    frozen: bool,
    mountain: bool,
    fort: bool,
    dragon: bool,
    flags: bool,
    removed: bool,
    divination: bool,
    dynastic: bool,
}

impl ObservationLayout {
    /// The layout of `set`'s config: read from its tiles (their icons and abilities) and
    /// options, never from the position.
    pub(crate) fn of<S: TileSource>(set: &S) -> ObservationLayout {
        let k = set.kinds().min(32);
        let terrain = set.terrain();
        let objective = set.objective();
        let dread = (0..k)
            .filter_map(|kind| set.tile(kind))
            .any(|tile| tile.start.iter().chain(tile.back).any(|icon| icon.kind == IconKind::Dread));
        let x = S::EXPANDED;
        ObservationLayout::build(
            k,
            Features {
                // Tiles are frozen by Dread icons or by Dark Rider's edge, and only in Expanded play.
                frozen: x && (dread || matches!(objective, Objective::DarkRider(_))),
                mountain: x && terrain.mountain,
                fort: x && terrain.fort,
                dragon: x && terrain.dragon,
                flags: x && objective.has_flags(),
                removed: x,
                divination: x && (0..k).any(|kind| set.abilities(kind).has(Ability::Divination)),
                dynastic: x && objective == Objective::DynasticDispute,
            },
        )
    }

    /// The layout of a compile-time set of `kinds` tile types (no block of Expanded play),
    /// evaluated at compile time: the same as [`of`](Self::of) gives for such a set.
    pub(crate) const fn compiled(kinds: usize) -> ObservationLayout {
        let none = Features {
            frozen: false,
            mountain: false,
            fort: false,
            dragon: false,
            flags: false,
            removed: false,
            divination: false,
            dynastic: false,
        };
        ObservationLayout::build(if kinds < 32 { kinds } else { 32 }, none)
    }

    /// The layout of `k` tile types with the blocks of `f`.
    const fn build(k: usize, f: Features) -> ObservationLayout {
        // Planes first, then the tail; each block's size depends on the config only.
        let mut planes = Cursor(k + 2);
        let frozen = planes.take_if(f.frozen, 1);
        let mountain = planes.take_if(f.mountain, 1);
        let fort = planes.take_if(f.fort, 1);
        let dragon_plane = planes.take_if(f.dragon, 1);
        let flag_planes = planes.take_if(f.flags, 2);
        let planes = planes.0;
        let mut tail = Cursor(planes * SQUARES);
        let bags = tail.take(2 * k);
        let captured = tail.take(2 * k);
        let removed = tail.take_if(f.removed, 2 * k);
        let phase = tail.take(PHASES + 1);
        let drawn = tail.take(k);
        let to_act = tail.take(2);
        let observer = tail.take(3);
        let first = tail.take(2);
        let result = tail.take(3);
        let turns = tail.take(3);
        let dragon_state = tail.take_if(f.dragon, 6);
        let points = tail.take_if(f.flags, 2);
        let divination = tail.take_if(f.divination, k + 1);
        let dynastic = tail.take_if(f.dynastic, 3 * k);
        ObservationLayout {
            kinds: k,
            planes,
            frozen: plane(frozen),
            mountain: plane(mountain),
            fort: plane(fort),
            dragon: both(plane(dragon_plane), dragon_state),
            flags: both(plane(flag_planes), points),
            bags,
            captured,
            removed,
            phase,
            drawn,
            to_act,
            observer,
            first,
            result,
            turns,
            divination,
            dynastic,
            len: tail.0,
        }
    }

    /// How many planes of 6 x 6 squares open the observation.
    pub(crate) fn planes(&self) -> usize {
        self.planes
    }

    /// How many values in all.
    pub(crate) fn len(&self) -> usize {
        self.len
    }
}

/// `out[i] = value` (nothing out of range).
#[inline]
fn put(out: &mut [f32], i: usize, value: f32) {
    if let Some(v) = out.get_mut(i) {
        *v = value;
    }
}

/// The 4-bit counts of `counts` as one integer (bit `4 * kind` up).
fn nibbles<B: Packed>(counts: B) -> u128 {
    let any = &counts as &dyn Any;
    if let Some(&x) = any.downcast_ref::<u64>() {
        u128::from(x)
    } else if let Some(&x) = any.downcast_ref::<u128>() {
        x
    } else {
        (0..B::KINDS.min(32)).fold(0, |acc, kind| acc | u128::from(counts.count(kind) & 15) << (4 * kind))
    }
}

/// `out[first + mine * k + kind] = count / 15` for every type counted in each seat's
/// `counts` (below `k`), `mine` 0 for the `me` seat's and 1 for the other's.
fn counts<B: Packed>(out: &mut [f32], first: usize, k: usize, me: usize, counts: [B; 2]) {
    for (owner, c) in counts.into_iter().enumerate() {
        let x = nibbles(c);
        let start = first + (owner ^ me) * k;
        if x != 0
            && let Some(block) = out.get_mut(start..start + k)
        {
            // Every type, zeros too: a table lookup and a store each, no branch on the
            // counts (which types a bag holds varies from state to state). In halves of 16
            // types: a compile-time set fits the first.
            let (low, high) = block.split_at_mut(k.min(16));
            fractions(low, x as u64);
            fractions(high, (x >> 64) as u64);
        }
    }
}

/// `[lo / 15, hi / 15]` for the two 4-bit counts of every byte `hi << 4 | lo`: two types'
/// values with one lookup.
#[allow(clippy::indexing_slicing)] // evaluated at compile time, within the arrays
static PAIRS: [[f32; 2]; 256] = {
    let mut table = [[0.0; 2]; 256];
    let mut byte = 0;
    while byte < 256 {
        table[byte] = [FRACTIONS[byte & 15], FRACTIONS[byte >> 4]];
        byte += 1;
    }
    table
};

/// `block[i] = count / 15` for the 4-bit count of `x` at bit `4 * i` (`block` at most 16
/// long): two values a step.
#[inline]
fn fractions(block: &mut [f32], x: u64) {
    let mut rest = x;
    let mut pairs = block.chunks_exact_mut(2);
    for pair in &mut pairs {
        // Below 256: the checks fold away.
        if let Some(values) = PAIRS.get((rest & 255) as usize) {
            pair.copy_from_slice(values);
        }
        rest >>= 8;
    }
    if let ([last], Some(&value)) = (pairs.into_remainder(), FRACTIONS.get((rest & 15) as usize)) {
        *last = value;
    }
}

fn phase_index(phase: Phase) -> (usize, f32) {
    match phase {
        Phase::Draft => (0, 0.0),
        Phase::SetupDuke => (1, 0.0),
        Phase::Deploy => (2, 0.0),
        Phase::SetupFootman { remaining } => (3, f32::from(remaining) / 2.0),
        Phase::Play => (4, 0.0),
        Phase::Place { .. } => (5, 0.0),
        Phase::Divine { drawn } => (6, f32::from(drawn) / 3.0),
        Phase::Dismiss { left } => (7, f32::from(left) / 3.0),
        Phase::SetupFlag => (8, 0.0),
        Phase::MoveFlag => (9, 0.0),
        Phase::Over(_) => (10, 0.0),
    }
}

/// Writes `observer`'s observation of `game` into `out` (zeroed, of the layout's length).
pub(crate) fn write<S: TileSource>(game: &Duke<S>, l: &ObservationLayout, observer: Observer, out: &mut [f32]) {
    let k = l.kinds;
    // "Mine": the observer's seat, seat 0 for the spectator; `owner ^ me` is 0 for mine.
    let (me, observer_slot) = match observer {
        Observer::Seat(Seat(s)) if s < 2 => (usize::from(s), usize::from(s)),
        _ => (0, 2),
    };
    let phase = game.phase;
    let to_move = usize::from(game.to_move & 1);

    // The tiles: type, side, owner.
    let mut rest = game.occ[0] | game.occ[1];
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let code = game.board.get(sq).copied().unwrap_or(0);
        let kind = code_kind(code);
        if kind < k {
            put(out, kind * SQUARES + sq, 1.0);
            if code_side(code) == 1 {
                put(out, k * SQUARES + sq, 1.0);
            }
            if code_owner(code) == me {
                put(out, (k + 1) * SQUARES + sq, 1.0);
            }
        }
    }

    // The bags, with the divined tiles in the diviner's (the seat to act) for an observer
    // who does not see them (reading 30), as the view counts them.
    let hand = game.extra.hand();
    let divining = hand != [0; 3];
    let sees_hand = divining
        && (observer == Observer::Seat(Seat(to_move as u8))
            || game.set.readings().divination_shown == DivinationShown::Everyone);
    let mut bags = game.bag;
    if divining && !sees_hand {
        for h in hand {
            if let (Some(kind), Some(bag)) = (h.checked_sub(1), bags.get_mut(to_move)) {
                *bag = bag.plus(usize::from(kind));
            }
        }
    }
    counts(out, l.bags, k, me, bags);
    counts(out, l.captured, k, me, game.lost);
    if let Some(first) = l.removed {
        counts(out, first, k, me, [game.extra.removed(0), game.extra.removed(1)]);
    }

    let (index, amount) = phase_index(phase);
    put(out, l.phase + index, 1.0);
    put(out, l.phase + PHASES, amount);
    if let Phase::Place { drawn } = phase
        && drawn.index() < k
    {
        put(out, l.drawn + drawn.index(), 1.0);
    }
    let over = matches!(phase, Phase::Over(_));
    if !over {
        put(out, l.to_act + (to_move ^ me), 1.0);
    }
    put(out, l.observer + observer_slot, 1.0);
    put(out, l.first + (usize::from(game.first & 1) ^ me), 1.0);
    if let Phase::Over(end) = phase {
        put(out, l.result + end.winner.map_or(2, |s| (s.index() & 1) ^ me), 1.0);
    }
    let turns = game.turns as f32;
    put(out, l.turns, turns / 100.0);
    if game.limit > 0 {
        put(out, l.turns + 1, 1.0);
        put(out, l.turns + 2, turns / game.limit as f32);
    }

    if !S::EXPANDED {
        return;
    }
    if let Some(plane) = l.frozen {
        let mut rest = game.frozen();
        while rest != 0 {
            put(out, plane + rest.trailing_zeros() as usize, 1.0);
            rest &= rest - 1;
        }
    }
    if l.mountain.is_some() || l.fort.is_some() || l.dragon.is_some() || l.flags.is_some() {
        let terrain = game.terrain();
        let mut mark = |plane: Option<usize>, sq: Option<Square>| {
            if let (Some(plane), Some(sq)) = (plane, sq) {
                put(out, plane + sq.index(), 1.0);
            }
        };
        mark(l.mountain, terrain.mountain);
        mark(l.fort, terrain.fort);
        if let (Some((plane, state)), Some(d)) = (l.dragon, terrain.dragon) {
            put(out, plane + d.square.index(), 1.0);
            put(out, state, f32::from(u8::from(d.enraged)));
            put(out, state + 1, f32::from(u8::from(d.turning)));
            let facing = match d.facing {
                Facing::North => 0,
                Facing::East => 1,
                Facing::South => 2,
                Facing::West => 3,
            };
            put(out, state + 2 + facing, 1.0);
        }
        if let Some((planes, points)) = l.flags {
            for (owner, flag) in terrain.flags.iter().enumerate() {
                if let Some(sq) = flag {
                    put(out, planes + (owner ^ me) * SQUARES + sq.index(), 1.0);
                }
                put(out, points + (owner ^ me), f32::from(game.points(Seat(owner as u8))) / 3.0);
            }
        }
    }
    if let Some(first) = l.divination {
        if sees_hand {
            for h in hand {
                if let Some(kind) = h.checked_sub(1).map(usize::from)
                    && kind < k
                    && let Some(v) = out.get_mut(first + kind)
                {
                    *v += 1.0 / 3.0;
                }
            }
        }
        let size = hand.iter().filter(|&&h| h != 0).count();
        put(out, first + k, size as f32 / 3.0);
    }
    if let Some(first) = l.dynastic {
        let pool = game.draft_pool();
        let drafted = game.extra.drafted();
        for kind in 0..k.min(32) {
            let bit = 1u32 << kind;
            if pool & bit != 0 {
                put(out, first + kind, 1.0);
            }
            for (owner, picked) in drafted.iter().enumerate() {
                if picked & bit != 0 {
                    put(out, first + (1 + (owner ^ me)) * k + kind, 1.0);
                }
            }
        }
    }
}
