//! The Dragon (rulebook "Terrain Tiles", "Dragon Tile"): a terrain tile no player owns,
//! which acts on its own in an in-between turn after each player's turn.
//!
//! The in-between turn is played inside `apply` of the action that ends a player's turn,
//! drawing from the game generator, so that the state before the action (undo) and a replay
//! are exact and the seat to act is always a player. The Dragon's square, side, facing and
//! whether it re-orients at its next turn are public (they are on the board for all to see).
//!
//! Its profile is read off the printed tile in its own frame: `+dy` is the way it faces,
//! `+dx` to its right. Starting (calm) side: Move `(0, +1)`, `(0, +2)`, `(-1, 0)`,
//! `(+1, 0)`. Enraged side: Move `(-1, 0)`, `(+1, 0)`; Strike the squares `(-1..=+1, +2)`,
//! `(-1..=+1, +3)` and `(0, +1)`.
//!
//! Readings (RULES.md): a Move icon of the Dragon needs the squares between free, like a
//! player's; it captures tiles of either player; the tiles it captures are removed from play
//! (as sacrificed tiles are: they are not captured by the opponent); "at the edge of the game
//! board" is any square of the rim, as printed (or the edge it faces,
//! [`DragonEdge::FacedEdge`](crate::DragonEdge)); what a Dragon taking a Duke means is [`DragonDuke`](crate::DragonDuke).

use duke_core::Seat;

use crate::actions::Action;
use crate::board::{DIRECTIONS, FULL, Square, between, slide};
use crate::config::DragonDuke;
use crate::events::{Event, NamedTile};
use crate::movegen::first_of_ray;
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::flip_code;
use crate::state::{Duke, EndReason, Ending, Phase, code_kind, code_owner};
pub use crate::terrain::{Dragon, Facing};

// The Dragon's packed byte: its facing (bits 0-1), enraged and turning (bits 2-3, `crate::terrain`),
// and these two engine marks.
/// A copy of a state looked at for the Duke-danger rule: its Dragon does not act (its
/// in-between turn comes after the rule is checked, and is random).
const ASLEEP: u8 = 0x80;
/// The Dragon was just enraged (or pushed onto a tile): its next in-between turn is spent.
const RESTING: u8 = 0x40;

/// The calm side's Move icons, in the Dragon's frame.
const CALM_MOVES: [(i8, i8); 4] = [(0, 1), (0, 2), (-1, 0), (1, 0)];
/// The enraged side's Move icons.
const ENRAGED_MOVES: [(i8, i8); 2] = [(-1, 0), (1, 0)];
/// The enraged side's Strike icons.
const ENRAGED_STRIKES: [(i8, i8); 7] = [(0, 1), (-1, 2), (0, 2), (1, 2), (-1, 3), (0, 3), (1, 3)];

/// The middle four squares, where the Dragon is placed (c3, d3, c4, d4).
const MIDDLE: u64 = (0b1100 << 12) | (0b1100 << 18);

impl<S: TileSource> Duke<S> {
    /// The Dragon, if the game has it on the board.
    pub fn dragon(&self) -> Option<Dragon> {
        let [_, _, square, flags] = self.extra.terrain();
        Dragon::unpacked([square, flags])
    }

    /// The Dragon's square as a mask (0 without it): no tile may enter it, and it blocks
    /// paths like a tile.
    #[inline]
    pub(crate) fn dragon_mask(&self) -> u64 {
        if !S::EXPANDED {
            return 0;
        }
        let n = self.extra.terrain()[2];
        if n == 0 { 0 } else { (1u64 << ((n - 1) % 36)) & FULL }
    }

    fn set_dragon(&mut self, dragon: Option<Dragon>) {
        let [mountain, fort, _, old] = self.extra.terrain();
        let [square, flags] = Dragon::packed(dragon);
        self.extra.set_terrain([mountain, fort, square, flags | (old & (ASLEEP | RESTING))]);
    }

    /// Keeps the Dragon of this copy from acting (see `ASLEEP`).
    pub(crate) fn lull_dragon(&mut self) {
        let mut packed = self.extra.terrain();
        if packed[2] != 0 {
            packed[3] |= ASLEEP;
            self.extra.set_terrain(packed);
        }
    }

    /// The squares holding a tile the Dragon `d` could capture with a calm Move: the
    /// squares between free and not the Mountain, the Fort entered (rulebook, "Mountain
    /// and Fort (Camelot) Tiles").
    fn calm_targets(&self, d: Dragon) -> u64 {
        let tiles = self.occ[0] | self.occ[1];
        let blocked = tiles | self.mountain();
        // Never onto a Flag either: "No two Terrain Tiles can occupy the same square" (reading 65).
        let prey = tiles & !self.spared_by_dragon() & !self.flag_mask();
        let mut out = 0;
        for icon in CALM_MOVES {
            if let Some(to) = d.facing.step(d.square, icon)
                && prey & to.bit() != 0
                && between(d.square, to) & blocked == 0
            {
                out |= to.bit();
            }
        }
        out
    }

    /// The squares holding a tile the enraged Dragon `d` could strike: past the terrain's
    /// line of sight and not in the Fort (rulebook: "The Mountain and Fort Tiles block the
    /// Dragon's Strike icons per the standard rules").
    fn strike_targets(&self, d: Dragon) -> u64 {
        let prey = (self.occ[0] | self.occ[1]) & !self.spared_by_dragon();
        let mut out = 0;
        for icon in ENRAGED_STRIKES {
            if let Some(to) = d.facing.step(d.square, icon)
                && prey & to.bit() != 0
                && self.strike_in_sight(d.square, to)
            {
                out |= to.bit();
            }
        }
        out
    }

    /// Places the Dragon once set-up is complete and the other terrain is down (rulebook
    /// "Dragon Tile"): on a middle square free of tiles and terrain, facing east or west,
    /// drawn with the game generator among the placements from which it could capture
    /// nothing ("randomly adjust the set-up until that situation cannot occur": drawing
    /// again until none is the same as drawing among those). Should every placement reach a
    /// tile, it is drawn among them all.
    pub(crate) fn place_dragon(&mut self) {
        if !self.set.terrain().dragon {
            return;
        }
        let open = MIDDLE & !(self.occ[0] | self.occ[1] | self.mountain() | self.fort() | self.flag_mask());
        let mut options = [None; 8];
        let mut all = 0usize;
        let mut safe = 0usize;
        for square in Square::iter(open) {
            for facing in [Facing::East, Facing::West] {
                let d = Dragon { square, facing, enraged: false, turning: false };
                if let Some(slot) = options.get_mut(all) {
                    *slot = Some((d, self.calm_targets(d) == 0));
                }
                all += 1;
            }
        }
        // Safe options first, in a fixed order, so one draw picks among them.
        options.sort_by_key(|o| match o {
            Some((_, true)) => 0,
            Some((_, false)) => 1,
            None => 2,
        });
        for (_, ok) in options.iter().flatten() {
            safe += usize::from(*ok);
        }
        let pool = if safe > 0 { safe } else { all };
        let pick = self.rng.below(pool as u32) as usize;
        if let Some(Some((d, _))) = options.get(pick) {
            self.set_dragon(Some(*d));
        }
    }

    /// Removes the tile on `sq` as taken by the Dragon: out of play, not captured by the
    /// opponent (it is put with the removed tiles). Returns the owner if it was a Duke.
    fn dragon_takes(&mut self, sq: Square) -> Option<u8> {
        let code = self.take_code(sq);
        if code == 0 {
            return None;
        }
        let (owner, kind) = (code_owner(code), code_kind(code));
        let removed = self.extra.removed(owner);
        self.extra.set_removed(owner, removed.plus(kind));
        (kind == self.set.duke_kind(owner)).then_some(owner as u8)
    }

    /// Draws one square of `mask` with the game generator.
    fn draw_square(&mut self, mask: u64) -> Option<Square> {
        let pick = self.rng.below(mask.count_ones());
        Square::iter(mask).nth(pick as usize)
    }

    /// A random east or west facing (rulebook: "randomly re-orient it either right or left").
    fn draw_side_facing(&mut self) -> Facing {
        if self.rng.below(2) == 0 { Facing::East } else { Facing::West }
    }

    /// The Dragon's in-between turn after a player's turn (rulebook "Dragon Tile"). Returns
    /// the seats whose Duke it took (bit per seat).
    pub(crate) fn dragon_turn(&mut self) -> u8 {
        let Some(mut d) = self.dragon() else { return 0 };
        let flags = self.extra.terrain()[3];
        if flags & ASLEEP != 0 {
            return 0;
        }
        if flags & RESTING != 0 {
            let mut packed = self.extra.terrain();
            packed[3] &= !RESTING;
            self.extra.set_terrain(packed);
            return 0;
        }
        let mut dukes = 0u8;
        if d.turning {
            d.facing = d.facing.turned(2);
            d.turning = false;
        } else if !d.enraged {
            let targets = self.calm_targets(d);
            if let Some(to) = self.draw_square(targets) {
                dukes |= self.dragon_takes(to).map_or(0, |o| 1 << o);
                d.square = to;
                d.turning = match self.set.readings().dragon_edge {
                    // "At the edge of the game board": any square of the rim (reading 50).
                    crate::config::DragonEdge::AnyEdge => to.bit() & crate::expanded::flags::EDGES != 0,
                    crate::config::DragonEdge::FacedEdge => d.facing.step(to, (0, 1)).is_none(),
                };
            }
        } else {
            dukes = self.enraged_turn(&mut d);
        }
        self.set_dragon(Some(d));
        dukes
    }

    /// The enraged Dragon's turn: strike up to two tiles; with none in reach, a random Move
    /// with a quarter turn toward it (a tile there taken), then strike again if the Move took
    /// nothing. Any capture calms it, re-oriented at random, without moving further.
    fn enraged_turn(&mut self, d: &mut Dragon) -> u8 {
        let (mut took, mut dukes) = self.strike_two(*d);
        if !took {
            let mut open = 0u64;
            for icon in ENRAGED_MOVES {
                if let Some(to) = d.facing.step(d.square, icon) {
                    open |= to.bit();
                }
            }
            open &= !self.spared_by_dragon() & !self.flag_mask();
            if let Some(to) = self.draw_square(open) {
                let right = d.facing.step(d.square, (1, 0)) == Some(to);
                let tiles = self.occ[0] | self.occ[1];
                if tiles & to.bit() != 0 {
                    dukes |= self.dragon_takes(to).map_or(0, |o| 1 << o);
                    took = true;
                }
                d.square = to;
                d.facing = d.facing.turned(if right { 1 } else { 3 });
                if !took {
                    (took, dukes) = self.strike_two(*d);
                }
            }
        }
        if took {
            d.enraged = false;
            d.facing = self.draw_side_facing();
        }
        dukes
    }

    /// Strikes up to two tiles in reach of the enraged Dragon `d`, drawn at random when more
    /// are (rulebook: "If there are more than two tiles, randomly determine which tiles are
    /// captured"). Returns whether it took any, and the seats whose Duke it took.
    fn strike_two(&mut self, d: Dragon) -> (bool, u8) {
        let mut targets = self.strike_targets(d);
        let mut dukes = 0u8;
        let took = targets != 0;
        for _ in 0..2 {
            let Some(to) = self.draw_square(targets) else { break };
            targets &= !to.bit();
            dukes |= self.dragon_takes(to).map_or(0, |o| 1 << o);
        }
        (took, dukes)
    }

    /// Ends the game if the Dragon took a Duke (`dukes`: bit per seat), as
    /// [`DragonDuke`] reads it; returns whether it did.
    pub(crate) fn dragon_ending(&mut self, dukes: u8) -> bool {
        if dukes == 0 {
            return false;
        }
        let winner = match (self.set.readings().dragon_duke, dukes) {
            (DragonDuke::OwnerLoses, 1) => Some(Seat(1)),
            (DragonDuke::OwnerLoses, 2) => Some(Seat(0)),
            _ => None,
        };
        self.phase = Phase::Over(Ending { winner, reason: EndReason::DragonTookDuke });
        self.guard = 0;
        true
    }

    /// The events of the Dragon's in-between turn after `action` on this state gave `after`:
    /// each tile it took, then its new square and facing if they changed. The position
    /// between the player's action and the Dragon's turn is played again on a copy; after an
    /// enraging (the Dragon rests), the tile taken where it was pushed and its new state.
    pub(crate) fn dragon_events(&self, action: Action, after: &Self, out: &mut Vec<Event>) {
        let mut mid = self.clone();
        let mut gone_from = 0;
        if let Action::Enrage { from, .. } = action {
            gone_from = from.bit();
        } else {
            mid.lull_dragon();
            mid.play_inner(action, false);
        }
        let gone = (mid.occ[0] | mid.occ[1]) & !(after.occ[0] | after.occ[1]) & !gone_from;
        for square in Square::iter(gone) {
            if let Some(victim) = mid.piece_at(square) {
                out.push(Event::DragonTook {
                    owner: victim.owner,
                    tile: NamedTile::of(&self.set, victim.kind),
                    square,
                });
            }
        }
        if let Some(dragon) = after.dragon()
            && after.dragon() != mid.dragon()
        {
            out.push(Event::DragonTurn { dragon });
        }
    }

    /// Visits the enraging actions of `me` (rulebook "Dragon Tile": "if the player can
    /// capture the Dragon tile using either the Slide or Jump Slide icon (and ONLY those two
    /// icons)"): a tile of `me`, not frozen, whose Slide or Jump Slide reaches the calm
    /// Dragon's square first, pushing it one square on in that direction, on the board and not
    /// onto `me`'s own Duke (reading: the Duke-danger rule's spirit), and not while the Dragon
    /// stands on the Mountain (the tile could not end there). With the square pushed onto
    /// empty, two actions (the Dragon aimed at either player); with a tile there, one (it is
    /// taken and the Dragon re-oriented at random).
    pub(crate) fn dragon_candidates(&self, me: usize, emit: &mut dyn FnMut(Action) -> bool) -> bool {
        let Some(d) = self.dragon() else { return false };
        if d.enraged || d.square.bit() & self.mountain() != 0 {
            return false;
        }
        let own = self.occupancy(Seat(me as u8));
        let tiles = self.occ[0] | self.occ[1];
        // With `CoupFlag::Paths` no path passes the opponent's Flag (reading 61).
        let blockers = tiles | self.mountain() | d.square.bit() | self.path_barred(me);
        let own_duke = self.guarded_square(Seat(me as u8)).map_or(0, Square::bit);
        // A Jump Slide ends on the Fort only with reading 37's `Enters`.
        let into_fort_refused = d.square.bit() & self.fort() != 0
            && self.set.readings().fort_jump_slide == crate::config::FortJumpSlide::PassesOnly;
        let passes_only = self.set.readings().fort_jump_slide == crate::config::FortJumpSlide::PassesOnly;
        for sq in Square::iter(own & !self.frozen()) {
            let t = self.targets_of_code(self.code_at(sq), me, sq);
            // Two icons of one tile reaching the Dragon (a Slide and a Jump Slide the same way)
            // give the same enraging: one action (the actions are listed without duplicates).
            let mut reached = false;
            for (dirs, skip_first) in [(t.slides, false), (t.jump_slides, true)] {
                if reached {
                    break;
                }
                for dir in 0..8usize {
                    if dirs & (1 << dir) == 0 {
                        continue;
                    }
                    let skip = if skip_first { first_of_ray(sq, dir) } else { 0 };
                    // "This will not allow a tile to Jump Slide past the Mountain Tile."
                    if skip_first && (into_fort_refused || skip & self.mountain() != 0) {
                        continue;
                    }
                    // With `PassesOnly` a Jump Slide's sliding part stops before the Fort
                    // (reading 39): only its leapt square may be the Fort.
                    let fort_wall = if skip_first && passes_only { self.fort() & !skip } else { 0 };
                    if slide(sq, dir, blockers | fort_wall, skip) & !skip & d.square.bit() == 0 {
                        continue;
                    }
                    let Some(&(df, dr)) = DIRECTIONS.get(dir) else { continue };
                    let Some(onto) = d.square.offset(df, dr) else { continue };
                    if onto.bit() & (own_duke | self.spared_by_dragon() | self.flag_mask()) != 0 {
                        continue;
                    }
                    let aims: &[Option<Facing>] =
                        if tiles & onto.bit() != 0 { &[None] } else { &[Some(Facing::North), Some(Facing::South)] };
                    for &aim in aims {
                        if emit(Action::Enrage { from: sq, to: d.square, aim }) {
                            return true;
                        }
                    }
                    reached = true;
                    break;
                }
            }
        }
        false
    }

    /// Enrages the Dragon (an action checked legal): the tile on `from` moves onto the
    /// Dragon's square `to` and flips; the Dragon is pushed one square on; a tile there is
    /// taken and the Dragon, calm, re-oriented at random; otherwise it turns enraged, aimed
    /// as the player chose. Either way it rests at its next in-between turn ("The enraging
    /// and re-orienting of the Dragon tile takes the Dragon's next in between turn action").
    /// Returns the seats whose Duke it took.
    pub(crate) fn play_enrage(&mut self, from: Square, to: Square, aim: Option<Facing>) -> u8 {
        let Some(mut d) = self.dragon() else { return 0 };
        let Some(onto) = Self::pushed_onto(from, to) else { return 0 };
        let code = self.take_code(from);
        self.put_code(to, flip_code(code));
        let dukes = self.dragon_takes(onto).map_or(0, |o| 1u8 << o);
        let took = dukes != 0 || aim.is_none();
        d.square = onto;
        d.turning = false;
        if took {
            d.enraged = false;
            d.facing = self.draw_side_facing();
        } else {
            d.enraged = true;
            d.facing = aim.unwrap_or(Facing::North);
        }
        self.set_dragon(Some(d));
        // It rests even when the push took a Duke in the objectives with Flags, where that
        // does not end the game. A game it ends keeps no trace of the rest.
        if dukes == 0 || self.flag_game() {
            let mut packed = self.extra.terrain();
            packed[3] |= RESTING;
            self.extra.set_terrain(packed);
        }
        dukes
    }

    /// Drops a rest still due when the game ends before the Dragon's in-between turn (in
    /// the objectives with Flags: the push took the last enemy tile, or the move brought the
    /// Flag home): an ended game's Dragon never acts, and the saved form ([`Dragon`]) has no
    /// room for a rest, which otherwise never outlives `apply`. (Dark Rider's armies have no
    /// Slide toward an ending, and the standard game's only ending by a push is a Duke taken,
    /// which sets no rest.)
    pub(crate) fn drop_dragon_rest(&mut self) {
        let mut packed = self.extra.terrain();
        packed[3] &= !RESTING;
        self.extra.set_terrain(packed);
    }

    /// The square a push from `from` over `to` sends the Dragon to (`None` off the board).
    pub(crate) fn pushed_onto(from: Square, to: Square) -> Option<Square> {
        to.offset((to.file() - from.file()).signum(), (to.rank() - from.rank()).signum())
    }

    /// The tiles of `1 - by` that an enraging of `by` would push the Dragon onto, with
    /// [`DragonPush::Counted`](crate::DragonPush::Counted): Guard and the Duke-danger rule then
    /// count them as the opponent's captures (readings 46, 69); nothing by default.
    pub(crate) fn push_captures(&self, by: usize) -> u64 {
        // By default a tile the Dragon takes is "not considered to have been 'captured by an
        // opponent'" ("Terrain Tiles"), so the push counts for nothing (reading 69).
        if !S::EXPANDED
            || self.dragon_mask() == 0
            || self.set.readings().dragon_push != crate::config::DragonPush::Counted
        {
            return 0;
        }
        let theirs = self.occupancy(Seat(1 - by as u8));
        let mut map = 0;
        self.dragon_candidates(by, &mut |a| {
            if let Action::Enrage { from, to, .. } = a
                && let Some(onto) = Self::pushed_onto(from, to)
            {
                map |= onto.bit() & theirs;
            }
            false
        });
        map
    }

    /// Every square the Dragon `d`'s next in-between turn could take a tile on, whatever
    /// stands on the board: the squares [`dragon_threatens_duke`](Self::dragon_threatens_duke)
    /// looks at, without the look at the tiles (for the bound of `danger.rs`).
    pub(crate) fn dragon_reach(&self, d: Dragon) -> u64 {
        let steps = |d: Dragon, icons: &[(i8, i8)]| {
            icons.iter().filter_map(|&icon| d.facing.step(d.square, icon)).fold(0, |acc, s| acc | s.bit())
        };
        if !d.enraged {
            return steps(d, &CALM_MOVES);
        }
        let mut reach = steps(d, &ENRAGED_STRIKES);
        for (icon, quarters) in [((-1, 0), 3), ((1, 0), 1)] {
            if let Some(to) = d.facing.step(d.square, icon) {
                reach |=
                    to.bit() | steps(Dragon { square: to, facing: d.facing.turned(quarters), ..d }, &ENRAGED_STRIKES);
            }
        }
        reach
    }

    /// With [`DragonDanger::Avoided`](crate::DragonDanger::Avoided), whether the Dragon's
    /// next in-between turn could take `me`'s Duke, whatever it draws: a calm Dragon's Move
    /// icons reaching it, an enraged Dragon's Strike icons from its square or from either
    /// square of its side moves (turned toward the move), or a side move onto it. Nothing
    /// while it rests or turns about.
    pub(crate) fn dragon_threatens_duke(&self, me: usize) -> bool {
        if !S::EXPANDED || self.set.readings().dragon_danger == crate::config::DragonDanger::Ignored {
            return false;
        }
        let (Some(d), Some(duke)) = (self.dragon(), self.guarded_square(Seat(me as u8))) else { return false };
        if d.turning || self.extra.terrain()[3] & RESTING != 0 {
            return false;
        }
        if !d.enraged {
            return self.calm_targets(d) & duke.bit() != 0;
        }
        let mut reach = self.strike_targets(d);
        for (icon, quarters) in [((-1, 0), 3), ((1, 0), 1)] {
            if let Some(to) = d.facing.step(d.square, icon) {
                reach |= to.bit();
                let moved = Dragon { square: to, facing: d.facing.turned(quarters), ..d };
                reach |= self.strike_targets(moved);
            }
        }
        reach & duke.bit() != 0
    }
}
