//! The observation tensor: planes of 6 x 6 squares, in the order of the module docs
//! ([`super`]), read from what [`view`](duke_core::Game::view) shows the observer.

use duke_core::{Observer, Seat};

use super::geometry::EVERY_SQUARE;

use crate::{Ability, DivinationShown, Duke, ExtraState, Facing, Objective, Phase, Side, Square, TileKind, TileSource};

/// Values per plane.
const SQUARES: usize = 36;
/// The most tiles of one type a count can hold (the format's limit): counts are divided by it.
const MOST: f32 = 15.0;
/// The phases, one plane each.
const PHASES: usize = 11;

/// The planes of one config.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ObservationLayout {
    kinds: usize,
    expanded: bool,
    mountain: bool,
    fort: bool,
    dragon: bool,
    flags: bool,
    divination: bool,
    dynastic: bool,
}

impl ObservationLayout {
    /// The layout of `game`'s config.
    pub(crate) fn of<S: TileSource>(game: &Duke<S>) -> ObservationLayout {
        let set = game.tile_source();
        let kinds = set.kinds().min(32);
        let terrain = set.terrain();
        ObservationLayout {
            kinds,
            expanded: S::EXPANDED,
            mountain: terrain.mountain,
            fort: terrain.fort,
            dragon: terrain.dragon,
            flags: set.objective().has_flags(),
            divination: (0..kinds).any(|k| set.abilities(k).has(Ability::Divination)),
            dynastic: set.objective() == Objective::DynasticDispute,
        }
    }

    /// How many planes.
    pub(crate) fn planes(&self) -> usize {
        let k = self.kinds;
        let on = |b: bool, n: usize| if b { n } else { 0 };
        // Pieces, bags, captured, phase, phase count, drawn tile, to act, observer, first
        // player, result, turns.
        4 * k
            + 2 * k
            + 2 * k
            + PHASES
            + 1
            + k
            + 2
            + 2
            + 2
            + 3
            + 3
            + on(self.expanded, 2 * k + 1)
            + on(self.mountain, 1)
            + on(self.fort, 1)
            + on(self.dragon, 7)
            + on(self.flags, 4)
            + on(self.divination, k + 1)
            + on(self.dynastic, 3 * k)
    }
}

/// Writes planes one block after another.
struct Planes<'a> {
    out: &'a mut [f32],
    next: usize,
}

impl Planes<'_> {
    /// The first plane of a block of `n` planes.
    fn block(&mut self, n: usize) -> usize {
        let first = self.next;
        self.next += n;
        first
    }

    fn set(&mut self, plane: usize, sq: Square, value: f32) {
        if let Some(v) = self.out.get_mut(plane * SQUARES + sq.index()) {
            *v = value;
        }
    }

    fn fill(&mut self, plane: usize, value: f32) {
        if let Some(p) = self.out.get_mut(plane * SQUARES..(plane + 1) * SQUARES) {
            p.fill(value);
        }
    }

    /// Per seat and tile type, `count(seat, kind) / 15` over a whole plane.
    fn counts(&mut self, kinds: usize, count: impl Fn(Seat, TileKind) -> u8) {
        let first = self.block(2 * kinds);
        for owner in 0..2u8 {
            for k in 0..kinds {
                let n = count(Seat(owner), TileKind(k as u8));
                if n > 0 {
                    self.fill(first + usize::from(owner) * kinds + k, f32::from(n) / MOST);
                }
            }
        }
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
/// Returns the number of planes written.
pub(crate) fn write<S: TileSource>(
    game: &Duke<S>,
    layout: &ObservationLayout,
    observer: Observer,
    out: &mut [f32],
) -> usize {
    let k = layout.kinds;
    let mut w = Planes { out, next: 0 };
    let phase = game.phase();
    let to_move = game.side_to_move();
    let set = game.tile_source();
    // The tiles a Divination drew: the diviner's (the seat to act), seen by him alone unless
    // every observer sees them (reading 30); the others count them in his bag, as the view
    // does.
    let hand = game.extra.hand();
    let sees_hand = observer == Observer::Seat(to_move) || set.readings().divination_shown == DivinationShown::Everyone;
    let in_hand = |kind: TileKind| hand.iter().filter(|&&h| h != 0 && h - 1 == kind.0).count() as u8;

    // Pieces: plane 4k + 2 side + owner.
    let pieces = w.block(4 * k);
    for sq in Square::iter(EVERY_SQUARE) {
        if let Some(p) = game.piece_at(sq)
            && p.kind.index() < k
        {
            let side = usize::from(p.side == Side::Back);
            w.set(pieces + 4 * p.kind.index() + 2 * side + (p.owner.index() & 1), sq, 1.0);
        }
    }
    w.counts(k, |seat, kind| {
        let hidden = if seat == to_move && !sees_hand { in_hand(kind) } else { 0 };
        game.bag_count(seat, kind).saturating_add(hidden)
    });
    w.counts(k, |seat, kind| game.captured_count(seat, kind));

    let phases = w.block(PHASES);
    let (index, amount) = phase_index(phase);
    w.fill(phases + index, 1.0);
    let count = w.block(1);
    w.fill(count, amount);
    let drawn = w.block(k);
    if let Phase::Place { drawn: kind } = phase
        && kind.index() < k
    {
        w.fill(drawn + kind.index(), 1.0);
    }
    let acting = w.block(2);
    if !matches!(phase, Phase::Over(_)) {
        w.fill(acting + (to_move.index() & 1), 1.0);
    }
    let seats = w.block(2);
    if let Observer::Seat(seat) = observer
        && seat.index() < 2
    {
        w.fill(seats + seat.index(), 1.0);
    }
    let first = w.block(2);
    w.fill(first + (game.first_player().index() & 1), 1.0);
    let result = w.block(3);
    if let Phase::Over(end) = phase {
        w.fill(result + end.winner.map_or(2, |s| s.index() & 1), 1.0);
    }
    let turns = w.block(3);
    let limit = game.limit;
    w.fill(turns, game.turns() as f32 / 100.0);
    if limit > 0 {
        w.fill(turns + 1, 1.0);
        w.fill(turns + 2, game.turns() as f32 / limit as f32);
    }

    if layout.expanded {
        w.counts(k, |seat, kind| game.removed_count(seat, kind));
        let frozen = w.block(1);
        for sq in Square::iter(game.frozen()) {
            w.set(frozen, sq, 1.0);
        }
    }
    let terrain = game.terrain();
    if layout.mountain {
        let plane = w.block(1);
        if let Some(sq) = terrain.mountain {
            w.set(plane, sq, 1.0);
        }
    }
    if layout.fort {
        let plane = w.block(1);
        if let Some(sq) = terrain.fort {
            w.set(plane, sq, 1.0);
        }
    }
    if layout.dragon {
        let planes = w.block(7);
        if let Some(d) = terrain.dragon {
            w.set(planes, d.square, 1.0);
            w.set(planes + 1, d.square, f32::from(u8::from(d.enraged)));
            w.set(planes + 2, d.square, f32::from(u8::from(d.turning)));
            let facing = match d.facing {
                Facing::North => 0,
                Facing::East => 1,
                Facing::South => 2,
                Facing::West => 3,
            };
            w.set(planes + 3 + facing, d.square, 1.0);
        }
    }
    if layout.flags {
        let planes = w.block(4);
        for (owner, flag) in terrain.flags.iter().enumerate() {
            if let Some(sq) = flag {
                w.set(planes + owner, *sq, 1.0);
            }
            w.fill(planes + 2 + owner, f32::from(game.points(Seat(owner as u8))) / 3.0);
        }
    }
    if layout.divination {
        let planes = w.block(k + 1);
        if sees_hand {
            for kind in 0..k {
                let n = in_hand(TileKind(kind as u8));
                if n > 0 {
                    w.fill(planes + kind, f32::from(n) / 3.0);
                }
            }
        }
        let size = hand.iter().filter(|&&h| h != 0).count();
        w.fill(planes + k, size as f32 / 3.0);
    }
    if layout.dynastic {
        let planes = w.block(3 * k);
        let pool = game.draft_pool();
        let drafted = game.extra.drafted();
        for kind in 0..k {
            let bit = 1u32 << kind;
            if pool & bit != 0 {
                w.fill(planes + kind, 1.0);
            }
            for (seat, picked) in drafted.iter().enumerate() {
                if picked & bit != 0 {
                    w.fill(planes + (1 + seat) * k + kind, 1.0);
                }
            }
        }
    }
    w.next
}
