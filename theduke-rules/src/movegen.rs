//! The move generator (rulebook "Move a Troop Tile", "Place a New Troop Tile", "Putting
//! the Duke Tile in Danger"): occupancy masks, precomputed icon tables, ray walks for
//! slides, and a visitor so that listing and perft counting share one code path.

use duke_core::Seat;

use crate::actions::Action;
use crate::board::{Square, between, orthogonal_neighbours, ray, slide};
use crate::source::{Packed, TileSource};
use crate::state::{Duke, Phase, code_kind, code_side};
use crate::tables::Targets;

/// Receives legal actions in batches; each method returns `true` to stop early.
pub(crate) trait Visit {
    /// One legal action.
    fn action(&mut self, a: Action) -> bool;
    /// The tile on `from` may move to every square of `to`.
    fn moves(&mut self, from: Square, to: u64) -> bool;
    /// The tile on `from` may strike every square of `targets`.
    fn strikes(&mut self, from: Square, targets: u64) -> bool;
    /// The tile on `by` may command the tile on `from` to every square of `to`.
    fn commands(&mut self, by: Square, from: Square, to: u64) -> bool;
    /// Drawing is legal; `types` distinct tile types are in the bag and the drawn tile may
    /// go on every square of `places`.
    fn draws(&mut self, types: u32, places: u64) -> bool;
}

/// Writes actions into a vector.
pub(crate) struct Lister<'a>(pub &'a mut Vec<Action>);

impl Visit for Lister<'_> {
    fn action(&mut self, a: Action) -> bool {
        self.0.push(a);
        false
    }
    fn moves(&mut self, from: Square, to: u64) -> bool {
        self.0.extend(Square::iter(to).map(|to| Action::Move { from, to }));
        false
    }
    fn strikes(&mut self, from: Square, targets: u64) -> bool {
        self.0.extend(Square::iter(targets).map(|target| Action::Strike { from, target }));
        false
    }
    fn commands(&mut self, by: Square, from: Square, to: u64) -> bool {
        self.0.extend(Square::iter(to).map(|to| Action::Command { by, from, to }));
        false
    }
    fn draws(&mut self, _types: u32, places: u64) -> bool {
        if places != 0 {
            self.0.push(Action::Draw);
        }
        false
    }
}

/// Counts perft leaves: a draw counts once per distinct tile type and placement.
pub(crate) struct Counter(pub u64);

impl Visit for Counter {
    fn action(&mut self, _a: Action) -> bool {
        self.0 += 1;
        false
    }
    fn moves(&mut self, _from: Square, to: u64) -> bool {
        self.0 += u64::from(to.count_ones());
        false
    }
    fn strikes(&mut self, _from: Square, targets: u64) -> bool {
        self.0 += u64::from(targets.count_ones());
        false
    }
    fn commands(&mut self, _by: Square, _from: Square, to: u64) -> bool {
        self.0 += u64::from(to.count_ones());
        false
    }
    fn draws(&mut self, types: u32, places: u64) -> bool {
        self.0 += u64::from(types) * u64::from(places.count_ones());
        false
    }
}

/// Stops at the first legal action.
pub(crate) struct Any(pub bool);

impl Visit for Any {
    fn action(&mut self, _a: Action) -> bool {
        self.0 = true;
        true
    }
    fn moves(&mut self, _from: Square, to: u64) -> bool {
        self.0 |= to != 0;
        self.0
    }
    fn strikes(&mut self, _from: Square, targets: u64) -> bool {
        self.0 |= targets != 0;
        self.0
    }
    fn commands(&mut self, _by: Square, _from: Square, to: u64) -> bool {
        self.0 |= to != 0;
        self.0
    }
    fn draws(&mut self, _types: u32, places: u64) -> bool {
        self.0 |= places != 0;
        self.0
    }
}

/// The adjacent square of a ray (the square a Jump Slide passes over).
#[inline]
pub(crate) fn first_of_ray(sq: Square, d: usize) -> u64 {
    let r = ray(sq, d);
    if r == 0 {
        0
    } else if crate::board::increasing(d) {
        r & r.wrapping_neg()
    } else {
        1u64 << (63 - r.leading_zeros())
    }
}

#[inline]
fn bits(mut x: u8) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let d = x.trailing_zeros() as usize;
        x &= x.wrapping_sub(1);
        Some(d)
    })
}

/// Marks a filled Duke-danger cache in `Duke::guard`.
pub(crate) const GUARD_VALID: u64 = 1 << 63;
/// The player to act is in Guard (in `Duke::guard`).
pub(crate) const GUARD_IN: u64 = 1 << 62;

/// What every tile's generation needs to know about the position.
#[derive(Clone, Copy)]
pub(crate) struct Ctx {
    pub(crate) me: usize,
    pub(crate) own: u64,
    pub(crate) theirs: u64,
    pub(crate) all: u64,
    pub(crate) duke: Square,
    pub(crate) enemy_duke: u64,
    pub(crate) in_guard: bool,
    threats: u64,
    /// Tiles whose leaving could open a line toward the Duke: on each of the eight lines
    /// from the Duke, the first tile, if an enemy tile stands further along that line.
    /// Any other tile has another tile (or nothing hostile) between it and the Duke's
    /// attackers; a Jump Slide skipping the first tile already attacks, i.e. Guard.
    pub(crate) exposers: u64,
}

/// See [`Ctx::exposers`]. Along a ray with increasing square indices the first tile is
/// the lowest set bit and the squares beyond it are the higher ones; along a decreasing
/// ray, the reverse.
// Always inlined: Expanded play's plain test calls `context` too, which must not leave
// the standard game's copy out of line.
#[inline(always)]
fn exposers(duke: Square, all: u64, theirs: u64) -> u64 {
    let rays = crate::board::LINES.rays.get(duke.index()).copied().unwrap_or([0; 8]);
    let mut out = 0;
    for (d, ray) in rays.into_iter().enumerate() {
        let blockers = ray & all;
        let (first, beyond) = if crate::board::increasing(d) {
            let first = blockers & blockers.wrapping_neg();
            (first, ray & !(first | first.wrapping_sub(1)))
        } else {
            let first = if blockers == 0 { 0 } else { 1u64 << (63 - blockers.leading_zeros()) };
            (first, ray & first.wrapping_sub(1) & if first == 0 { 0 } else { !0 })
        };
        if beyond & theirs != 0 {
            out |= first;
        }
    }
    out
}

impl<S: TileSource> Duke<S> {
    #[inline]
    pub(crate) fn targets_of_code(&self, code: u8, owner: usize, sq: Square) -> Targets {
        self.set.targets(code_kind(code), code_side(code), owner, sq)
    }

    /// Squares a tile with targets `t` on `sq` may move to with Move, Jump, Slide or Jump
    /// Slide icons (before the Duke-danger rule).
    #[inline]
    pub(crate) fn destinations(sq: Square, t: &Targets, own: u64, all: u64) -> u64 {
        let mut dest = t.jumps | t.steps;
        let mut m = t.moves;
        while m != 0 {
            let to = Square::from_index_unchecked(m.trailing_zeros());
            m &= m - 1;
            if between(sq, to) & all == 0 {
                dest |= to.bit();
            }
        }
        for d in bits(t.slides) {
            dest |= slide(sq, d, all, 0);
        }
        for d in bits(t.jump_slides) {
            let skip = first_of_ray(sq, d);
            dest |= slide(sq, d, all, skip) & !skip;
        }
        dest & !own
    }

    /// Whether a tile of seat `by` (tiles `occ_by`, all tiles `all`) could capture on
    /// `target` with any icon: Move, Jump, Slide, Jump Slide, Strike or Command.
    pub(crate) fn attacked(&self, target: Square, by: usize, occ_by: u64, all: u64) -> bool {
        self.attacked_by(target, occ_by, by, occ_by, all)
    }

    /// Every square a tile of `by` could capture on with occupancy `all`, including
    /// squares its own tiles hold (they are defended).
    pub(crate) fn attack_map(&self, by: usize, occ_by: u64, all: u64) -> u64 {
        let mut map = 0;
        let mut rest = occ_by;
        while rest != 0 {
            let e = Square::from_index_unchecked(rest.trailing_zeros());
            rest &= rest - 1;
            let t = self.targets_of_code(self.code_at(e), by, e);
            // `destinations` leaves out squares of tiles in its `own` argument: pass none.
            map |= Self::destinations(e, &t, 0, all) | t.strikes;
            let commandable = t.commands & occ_by;
            if commandable != 0 {
                // A commanded tile goes to any other Command square.
                map |= if commandable & (commandable - 1) != 0 { t.commands } else { t.commands & !commandable };
            }
        }
        map
    }

    /// Tiles of `by` whose icons could ever reach `target`, whatever stands between.
    fn threats_to(&self, target: Square, by: usize, occ_by: u64) -> u64 {
        let tb = target.bit();
        let mut threats = 0;
        let mut rest = occ_by;
        while rest != 0 {
            let e = Square::from_index_unchecked(rest.trailing_zeros());
            rest &= rest - 1;
            if self.targets_of_code(self.code_at(e), by, e).reach & tb != 0 {
                threats |= e.bit();
            }
        }
        threats
    }

    /// [`attacked`](Self::attacked), looking only at the tiles of `candidates` (a superset
    /// of the tiles that could reach `target`).
    fn attacked_by(&self, target: Square, candidates: u64, by: usize, occ_by: u64, all: u64) -> bool {
        let tb = target.bit();
        let mut rest = candidates & occ_by;
        while rest != 0 {
            let e = Square::from_index_unchecked(rest.trailing_zeros());
            rest &= rest - 1;
            let t = self.targets_of_code(self.code_at(e), by, e);
            if t.reach & tb == 0 {
                continue;
            }
            if (t.jumps | t.strikes | t.steps) & tb != 0 {
                return true;
            }
            if t.steps & tb != 0 || (t.moves & tb != 0 && between(e, target) & all == 0) {
                return true;
            }
            if t.commands & tb != 0 && t.commands & occ_by & !tb != 0 {
                return true;
            }
            for d in bits(t.slides) {
                if ray(e, d) & tb != 0 && between(e, target) & all == 0 {
                    return true;
                }
            }
            for d in bits(t.jump_slides) {
                let skip = first_of_ray(e, d);
                if ray(e, d) & tb != 0 && tb != skip && between(e, target) & all & !skip == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `seat`'s Duke could be captured by the opponent's next action (the Duke
    /// is "in Guard", rulebook "Capturing Tiles"). `false` for a seat without a Duke on
    /// the board, including seats other than 0 and 1.
    pub fn in_guard(&self, seat: Seat) -> bool {
        if S::EXPANDED {
            return seat.0 <= 1 && self.x_in_guard(seat);
        }
        let Some(duke) = self.duke_square(seat) else { return false };
        let me = seat.index() & 1;
        let theirs = self.occupancy(Seat(1 - me as u8));
        self.attacked(duke, 1 - me, theirs, theirs | self.occupancy(Seat(me as u8)))
    }

    /// Whether `me`'s Duke is safe after its tile on `from` goes to `to`.
    #[inline]
    pub(crate) fn safe_after_move(&self, ctx: &Ctx, from: Square, to: Square) -> bool {
        let own = (ctx.own & !from.bit()) | to.bit();
        let theirs = ctx.theirs & !to.bit();
        if ctx.duke == from {
            !self.attacked(to, 1 - ctx.me, theirs, own | theirs)
        } else {
            !self.attacked_by(ctx.duke, ctx.threats, 1 - ctx.me, theirs, own | theirs)
        }
    }

    /// Whether `me`'s Duke is safe after striking `target`.
    #[inline]
    pub(crate) fn safe_after_strike(&self, ctx: &Ctx, target: Square) -> bool {
        let theirs = ctx.theirs & !target.bit();
        !self.attacked_by(ctx.duke, ctx.threats, 1 - ctx.me, theirs, ctx.own | theirs)
    }

    /// The empty squares sharing a side with the Duke where a new tile leaves the Duke
    /// safe (rulebook "Place a New Troop Tile" with the Duke-danger rule). A new tile can
    /// only block lines, so without Guard every empty square will do.
    pub(crate) fn placements_in(&self, ctx: &Ctx) -> u64 {
        let empty = orthogonal_neighbours(ctx.duke) & !ctx.all;
        if !ctx.in_guard {
            return empty;
        }
        self.filter(empty, |s| !self.attacked_by(ctx.duke, ctx.threats, 1 - ctx.me, ctx.theirs, ctx.all | s.bit()))
    }

    /// [`placements_in`](Self::placements_in) for the player to act.
    pub(crate) fn placements(&self) -> u64 {
        self.context(usize::from(self.to_move & 1)).map_or(0, |ctx| self.placements_in(&ctx))
    }

    pub(crate) fn filter(&self, mask: u64, keep: impl Fn(Square) -> bool) -> u64 {
        Square::iter(mask).filter(|&s| keep(s)).fold(0, |acc, s| acc | s.bit())
    }

    /// Visits every legal action of the player to act; returns whether the visitor stopped.
    pub(crate) fn visit<V: Visit>(&self, v: &mut V) -> bool {
        let me = usize::from(self.to_move & 1);
        match self.phase {
            Phase::Play | Phase::Place { .. } if S::EXPANDED => self.x_visit(v),
            Phase::Play => self.visit_turn(me, v),
            Phase::Place { .. } => Square::iter(self.placements()).any(|s| v.action(Action::Place(s))),
            Phase::SetupDuke => {
                let rank = if me == 0 { 0 } else { 5 };
                [2, 3].into_iter().filter_map(|f| Square::at(f, rank)).any(|s| v.action(Action::SetDuke(s)))
            }
            Phase::SetupFootman { .. } => {
                let Some(duke) = self.duke_square(Seat(me as u8)) else { return false };
                let all = self.occ[0] | self.occ[1];
                Square::iter(orthogonal_neighbours(duke) & !all).any(|s| v.action(Action::SetFootman(s)))
            }
            Phase::Over(_) => false,
            Phase::Divine { .. } | Phase::Dismiss { .. } => self.x_visit(v),
            Phase::Draft => S::EXPANDED && self.visit_draft(v),
            Phase::SetupFlag | Phase::MoveFlag => S::EXPANDED && self.visit_flag_phase(&mut |a| v.action(a)),
            Phase::Deploy => S::EXPANDED && self.visit_deploy(v),
        }
    }

    /// The Duke-danger cache of the player to act: [`GUARD_VALID`], [`GUARD_IN`] and the
    /// enemy tiles that could reach the Duke ([`Duke::threats_to`]); 0 outside turns.
    pub(crate) fn compute_guard(&self) -> u64 {
        // Expanded play keeps the cache only where the Duke-danger rule is the standard
        // game's test (`expanded/danger.rs`); elsewhere its generator asks `captures_on`.
        if !matches!(self.phase, Phase::Play | Phase::Place { .. }) || (S::EXPANDED && !self.plain_danger_now()) {
            return 0;
        }
        let me = usize::from(self.to_move & 1);
        let Some(duke) = self.duke_square(Seat(me as u8)) else { return 0 };
        let theirs = self.occupancy(Seat(1 - me as u8));
        let all = theirs | self.occupancy(Seat(me as u8));
        let threats = self.threats_to(duke, 1 - me, theirs);
        let in_guard = threats != 0 && self.attacked_by(duke, threats, 1 - me, theirs, all);
        GUARD_VALID | if in_guard { GUARD_IN } else { 0 } | threats
    }

    pub(crate) fn context(&self, me: usize) -> Option<Ctx> {
        let opp = 1 - me;
        let own = self.occupancy(Seat(me as u8));
        let theirs = self.occupancy(Seat(opp as u8));
        let all = own | theirs;
        let duke = self.duke_square(Seat(me as u8))?;
        let enemy_duke = self.duke_square(Seat(opp as u8)).map_or(0, Square::bit);
        let (threats, in_guard) = if self.guard & GUARD_VALID != 0 && usize::from(self.to_move) == me {
            (self.guard & crate::board::FULL, self.guard & GUARD_IN != 0)
        } else {
            let threats = self.threats_to(duke, opp, theirs);
            (threats, threats != 0 && self.attacked_by(duke, threats, opp, theirs, all))
        };
        Some(Ctx { me, own, theirs, all, duke, enemy_duke, in_guard, threats, exposers: exposers(duke, all, theirs) })
    }

    /// [`context`](Self::context) for the tile on `duke` (the Duke, or another guarded tile),
    /// with the enemy tiles of `inert` counted as blockers only (among `own`, out of
    /// `theirs`), and no cache: Expanded play's bound for tiles Dread keeps frozen through
    /// the action, or a rider guarded instead of a Duke (`expanded/danger.rs`). Never called
    /// by the standard game.
    pub(crate) fn context_inert(&self, me: usize, inert: u64, duke: Square) -> Ctx {
        let opp = 1 - me;
        let theirs = self.occupancy(Seat(opp as u8)) & !inert;
        let own = self.occupancy(Seat(me as u8)) | (self.occupancy(Seat(opp as u8)) & inert);
        let all = own | theirs;
        let enemy_duke = self.duke_square(Seat(opp as u8)).map_or(0, Square::bit);
        let threats = self.threats_to(duke, opp, theirs);
        let in_guard = threats != 0 && self.attacked_by(duke, threats, opp, theirs, all);
        Ctx { me, own, theirs, all, duke, enemy_duke, in_guard, threats, exposers: exposers(duke, all, theirs) }
    }

    fn visit_turn<V: Visit>(&self, me: usize, v: &mut V) -> bool {
        let Some(ctx) = self.context(me) else { return false };
        let mut rest = ctx.own;
        while rest != 0 {
            let sq = Square::from_index_unchecked(rest.trailing_zeros());
            rest &= rest - 1;
            if self.visit_tile(&ctx, sq, v) {
                return true;
            }
        }
        self.visit_draw(&ctx, v)
    }

    fn visit_draw<V: Visit>(&self, ctx: &Ctx, v: &mut V) -> bool {
        let bag = self.bag.get(ctx.me).copied().unwrap_or_default();
        if !bag.is_empty() {
            let places = self.placements_in(ctx);
            if places != 0 && v.draws(bag.distinct(), places) {
                return true;
            }
        }
        false
    }

    /// Visits the legal actions of the tile on `sq` (its moves, strikes and commands).
    fn visit_tile<V: Visit>(&self, ctx: &Ctx, sq: Square, v: &mut V) -> bool {
        let Ctx { me, own, theirs, all, duke, enemy_duke, in_guard, exposers, .. } = *ctx;
        // A tile may leave its square freely unless it is the Duke, may uncover a line
        // toward the Duke (see `Ctx::exposers`), or the Duke is already in Guard. Taking the enemy Duke ends
        // the game, so it is always allowed.
        let free = |sq: Square| !in_guard && sq != duke && exposers & sq.bit() == 0;
        let t = self.targets_of_code(self.code_at(sq), me, sq);
        let dest = Self::destinations(sq, &t, own, all);
        if dest != 0 {
            let ok = if sq == duke && dest.count_ones() > 2 {
                // The Duke with many squares to go: one map of the enemy's reach with the
                // Duke lifted off the board (a tile it captures cannot defend its own square).
                let map = self.attack_map(1 - me, theirs, all & !duke.bit());
                (dest & !map) | (dest & enemy_duke)
            } else if free(sq) {
                dest
            } else {
                self.filter(dest, |to| to.bit() == enemy_duke || self.safe_after_move(ctx, sq, to))
            };
            if ok != 0 && v.moves(sq, ok) {
                return true;
            }
        }
        let st = t.strikes & theirs;
        if st != 0 {
            // A struck tile leaves its square empty, which can open a line of another
            // enemy tile toward the Duke.
            let ok = if !in_guard && st & exposers == 0 {
                st
            } else {
                self.filter(st, |to| to.bit() == enemy_duke || self.safe_after_strike(ctx, to))
            };
            if ok != 0 && v.strikes(sq, ok) {
                return true;
            }
        }
        if t.commands != 0 {
            let dsts = t.commands & !own;
            if dsts != 0 {
                for src in Square::iter(t.commands & own) {
                    let ok = if free(src) {
                        dsts
                    } else {
                        self.filter(dsts, |to| to.bit() == enemy_duke || self.safe_after_move(ctx, src, to))
                    };
                    if ok != 0 && v.commands(sq, src, ok) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether `action` is legal now for the player to act.
    pub(crate) fn is_legal(&self, action: Action) -> bool {
        struct Find(Action, bool);
        impl Visit for Find {
            fn action(&mut self, a: Action) -> bool {
                // The placements the standard game checks here compare inline; the derived
                // `==` over every action of Expanded play is a call.
                self.1 = match (a, self.0) {
                    (Action::Place(x), Action::Place(y)) => x == y,
                    (a, b) => a == b,
                };
                self.1
            }
            fn moves(&mut self, from: Square, to: u64) -> bool {
                self.1 = matches!(self.0, Action::Move { from: f, to: t } if f == from && to & t.bit() != 0);
                self.1
            }
            fn strikes(&mut self, from: Square, targets: u64) -> bool {
                self.1 = matches!(self.0, Action::Strike { from: f, target: t } if f == from && targets & t.bit() != 0);
                self.1
            }
            fn commands(&mut self, by: Square, from: Square, to: u64) -> bool {
                self.1 = matches!(self.0, Action::Command { by: b, from: f, to: t } if b == by && f == from && to & t.bit() != 0);
                self.1
            }
            fn draws(&mut self, _types: u32, places: u64) -> bool {
                self.1 = matches!(self.0, Action::Draw) && places != 0;
                self.1
            }
        }
        if S::EXPANDED {
            if let Some(legal) = self.x_is_legal(action) {
                return legal;
            }
            let mut find = Find(action, false);
            self.visit(&mut find);
            return find.1;
        }
        let mut find = Find(action, false);
        let me = usize::from(self.to_move & 1);
        // In a turn, only the acting tile (or the draw) needs generating.
        let tile = match action {
            Action::Move { from, .. } | Action::Strike { from, .. } => Some(from),
            Action::Command { by, .. } => Some(by),
            _ => None,
        };
        match (self.phase, tile) {
            (Phase::Play, Some(sq)) => {
                if self.occupancy(Seat(me as u8)) & sq.bit() != 0
                    && let Some(ctx) = self.context(me)
                {
                    self.visit_tile(&ctx, sq, &mut find);
                }
            }
            (Phase::Play, None) => {
                if matches!(action, Action::Draw)
                    && let Some(ctx) = self.context(me)
                {
                    self.visit_draw(&ctx, &mut find);
                }
            }
            _ => {
                self.visit(&mut find);
            }
        }
        find.1
    }
}
