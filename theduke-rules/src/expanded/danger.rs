//! The Duke-danger rule ("Putting the Duke Tile in Danger": "A player cannot move a Troop Tile
//! if it would allow the opponent to capture his Duke Tile ... in the next turn") judged
//! without playing the candidate on a copy, where the rules allow it.
//!
//! Expanded play's general test (`movegen.rs`, `x_allowed`) plays each candidate on a copy and
//! asks whether the opponent could then capture the Duke with any icon or ability, after Dread
//! has frozen what it covers, past Defense icons and terrain. Two faster tests stand before
//! it, both built on the standard game's (`crate::movegen`): the enemy tiles whose icons could
//! ever reach the Duke (`threats`), whether one of them could capture it now by the occupancy
//! alone (`in_guard`), the tiles whose leaving could open a line toward it (`exposers`), and
//! one look at the occupancy after the action.
//!
//! **The plain test** (exact). When the set has no Dread icon, no Defense icon on a tile
//! acting as the Duke, no Escape nor Ransom tile, no terrain tile and the standard objective
//! (or Dynastic Dispute, the standard game after its draft), none of the above can change the
//! answer: nothing is ever frozen, every path to the Duke is judged by the occupancy alone,
//! and the only captures are the icons' (Move, Jump, Slide, Jump Slide, Strike, Command). Its
//! "unsafe" is final, and its generator lists a tile's destinations at once. Summon moves a
//! tile beside the Duke and flips the Duke (its side does not change whether it can be
//! captured); a Divination flips its tile; a new tile (a draw's, a Divination's kept tile)
//! can only block lines, whatever its icons.
//!
//! **Nothing guarded** (exact). With the Flags under `FlagDukeDanger::Lifted` (reading 60,
//! the default), a Duke captured in Counting Coup or Trophy Hunters ("players do not win by
//! capturing the Duke": the game goes on), the Pikeman player of Dark Rider (no Duke) and
//! its rider player under `RiderDanger::Ignored` (reading 59, the default), no tile of the
//! player is guarded: after any action the copy finds nothing to capture, so every candidate
//! is allowed but a draw and a Divination, which still need a square beside the Duke
//! (`unguarded`).
//!
//! **The bound** (one way only). Otherwise, with Dread, Defense on the Duke, the Mountain and
//! the Fort, Escape and Ransom, the Dragon under every reading, and every objective, the same
//! test over-approximates what the opponent could capture after the action, so its "safe" is
//! proof and only what it cannot clear is played on a copy (`x_allowed`). Each rule only
//! takes captures away from the icons' by the occupancy, or is kept off squares the bound
//! leaves to the copy (`risky`):
//!
//! - Dread ("Movement Icons", Dread): a frozen tile "cannot be moved, captured, shifted by the
//!   Command ability, or use any ability" and still stands on its square. An enemy tile Dread
//!   freezes now stays frozen at the start of the opponent's turn unless the action moves,
//!   flips or captures a tile whose Dread icons cover it (`judge_context`): the bound counts
//!   it as a blocker only. For such an action (moving a Dread tile, capturing one, the flip
//!   of the acting tile, of a Summon's Duke or of a Divination's tile) every enemy tile counts
//!   as unfrozen; a tile held frozen without cover (`DreadThaw::ControllerTurn`) thaws at that
//!   start, so it counts as unfrozen too. A new tile's Dread icons, or a tile entering the
//!   Fort, can only freeze more; frozen tiles of the player to act change nothing the
//!   opponent could capture.
//! - Defense ("Movement Icons", Defense): "A tile cannot capture a target tile if ..."; the
//!   Duke's Defense icons are ignored (other tiles' Defense never protects the Duke).
//! - The Mountain and the Fort ("Mountain Tile", "Fort Tile"): they block paths and lines of
//!   sight, bar Jumps, Strikes into the Fort and every entry into the Mountain; none gives a
//!   capture. The bound leaves both off the board, so their blocking is ignored: a tile that
//!   is not the first of the tiles on a line from the Duke still has a tile between it and
//!   the Duke after it leaves.
//! - Escape and Ransom ("Enhanced Abilities"): the escaping or ransomed tile lands on "one of
//!   the two starting squares where the Duke may set-up" of its owner, capturing an enemy
//!   there; nothing else. A Duke on (or going to) the opponent's starting squares is left to
//!   the copy.
//! - The Dragon ("Dragon Tile"): it blocks paths and takes tiles between the turns; by default
//!   neither its turn (`DragonDanger::Ignored`, reading 46) nor a push of it
//!   (`DragonPush::Ignored`, reading 69) counts for the rule, so it is one more blocker the
//!   bound leaves off. No action but an enraging moves or turns it, and the copy keeps it from
//!   acting (`lull_dragon`). An enraging moves the acting tile onto the Dragon's square and
//!   pushes the Dragon one square on, taking a tile there, after which it rests ("takes the
//!   Dragon's next in-between turn action"): the bound judges the occupancy after it, the
//!   acting tile and the taken tile touched for Dread. With `DragonPush::Counted` (reading 69) an
//!   enraging of the opponent's counts as a capture: a tile's Slide or Jump Slide reaches the
//!   Dragon and pushes it one square on along that line (`pushed_onto`); with the Dragon off
//!   the board the bound already lets that line go on to that square, so it counts the push.
//!   With `DragonDanger::Avoided` (reading 46) its next in-between turn could take a tile
//!   only on the squares its icons reach from its square, or after a side move
//!   (`dragon_reach`, what `dragon_threatens_duke` looks at without the look at the tiles):
//!   these squares are risky. A guarded tile on a risky square, or going to one, is left to
//!   the copy.
//! - The Flags ("Flag Tiles", "Counting Coup", "Trophy Hunters"), with the rule kept
//!   (`FlagDukeDanger::Kept`): "A player cannot enter the square occupied by an opponent's
//!   Flag Tile", a Flag "cannot be picked up" by the wrong side, and with `CoupFlag::Paths`
//!   (reading 61) it blocks paths: each only takes captures away, so the bound leaves the
//!   Flags off. A Flag pass ("the Flag may be moved to another Troop Tile") moves no tile:
//!   the occupancy after it is the occupancy now, so it is safe unless the Duke is in Guard
//!   by the bound. A point's Flag move ("the owner of the Flag may immediately move that
//!   tile") moves no tile either. "Players do not win by capturing the Duke": the opposing
//!   Duke is never taken for a win (`duke_taking_exempt`), so the bound judges such a capture
//!   like any other. A win by the Flags or by the last tile (reading 71: "a win ... leaves no
//!   next turn") only adds to what the copy allows: the bound's "safe" stays proof, and an
//!   unsafe-looking candidate that wins is still allowed by the copy.
//! - Dark Rider ("Dark Rider") with the rider guarded (`RiderDanger::Avoided`, reading 59):
//!   the guarded tile is the rider instead of the Duke, so the bound uses its square; the
//!   Pikemen frozen on the rider's edge ("cannot be moved or captured") are counted as
//!   attackers, which only adds captures. A rider has no square beside it to place on (no
//!   bag in Dark Rider either): a draw and a Divination go to the copy.
//!
//! The bound judges moves, strikes, commands, Summon, Escape and Ransom (the tiles that
//! leave their squares, the tile that lands), enragings, Flag passes, the draw and a
//! Divination (a square beside the Duke where a tile blocks), the drawn or divined tile's
//! placement, and whether a player has a legal action (a draw it proves legal). Still
//! played on a copy: every candidate of a turn whose guarded tile stands on a risky square (the opponent's starting squares with
//! Escape or Ransom in the set; with `DragonDanger::Avoided` the squares the Dragon's next
//! turn reaches), the candidates the bound cannot clear (a guarded tile going to a risky
//! square among them), and a draw or a Divination of a player with nothing guarded.

use core::cell::Cell;

use duke_core::Seat;

use super::escape::starting_squares;
use crate::actions::Action;
use crate::board::Square;
use crate::config::{DragonDanger, Objective};
use crate::movegen::{Ctx, Visit};
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::Duke;
use crate::tiles::Ability;

/// The Duke-danger data of a turn and how far the test built on it goes (see the module doc).
pub(crate) struct Judge {
    /// The standard game's data of the player to act, with the enemy tiles Dread freezes now
    /// as blockers only (they stay frozen while `carriers` stay put).
    pub(crate) c: Ctx,
    /// The same with every enemy tile unfrozen, for an action that moves, flips or captures
    /// a tile of `carriers`; worked out when first needed.
    loose: Cell<Option<Ctx>>,
    /// The tiles whose Dread icons cover some square (0 when no enemy tile is frozen).
    carriers: u64,
    /// The tiles frozen now (`frozen`), for the candidates' generation.
    pub(crate) frozen: u64,
    /// Squares where the bound cannot judge a Duke: the opponent's starting squares when the
    /// set has Escape or Ransom, where such a tile could land on it.
    risky: u64,
    /// Whether the guarded tile (`c.duke`) is not a Duke (Dark Rider's rider): a draw and a
    /// Divination, which place beside a Duke, are then played on a copy.
    rider: bool,
}

impl<S: TileSource> Duke<S> {
    /// The standard game's Duke-danger data of `me` when the set allows the plain test (see
    /// the module doc) and no tile is held frozen; `None` otherwise (also without a Duke on
    /// the board).
    #[inline]
    pub(crate) fn plain_context(&self, me: usize) -> Option<Ctx> {
        #[cfg(test)]
        if tests::SLOW.with(core::cell::Cell::get) {
            return None;
        }
        if !self.plain_danger_now() {
            return None;
        }
        self.context(me)
    }

    /// The Duke-danger data of `me` for the bound (see the module doc); `None` where it does
    /// not apply (the plain test's sets included: they have their own, `plain_context`), when
    /// every candidate is played on a copy.
    pub(crate) fn judge_context(&self, me: usize) -> Option<Judge> {
        #[cfg(test)]
        if tests::SLOW.with(core::cell::Cell::get) {
            return None;
        }
        if self.plain_danger_now() || !self.bounded_danger() {
            return None;
        }
        // The tile the rule guards: the Duke, or Dark Rider's rider (reading 59).
        let guarded = self.guarded_square(Seat(me as u8))?;
        let risky = self.risky_squares(me);
        if guarded.bit() & risky != 0 {
            return None;
        }
        // "Dread": a tile covered by a Dread icon "cannot be moved, captured, shifted by the
        // Command ability, or use any ability, until the Dread icon is removed (i.e. at the
        // start of the controlling player's turn, the Dread icon is no longer covering the
        // previously frozen tile)". An enemy tile covered now is covered at the start of the
        // opponent's next turn unless the action moves, flips (a move, a strike and a command
        // flip the acting tile, a Summon the Duke, a Divination its tile) or captures a tile
        // whose icons cover it: the tile and its coverer stay where they are, and the Fort,
        // which "protects against the Dread icon", does not move. A tile held frozen without
        // cover (`DreadThaw::ControllerTurn`) thaws at that start, so it counts as unfrozen.
        let (covered, carriers) = self.dread_cover();
        let inert = covered & self.occupancy(Seat(1 - me as u8));
        // `frozen` from the cover at hand.
        let fort = self.fort();
        let frozen = covered | (self.extra.held() & (self.occ[0] | self.occ[1]) & !fort) | self.edge_frozen();
        let rider = self.duke_square(Seat(me as u8)) != Some(guarded);
        // No enemy tile frozen: `c` is the bound with every enemy tile unfrozen already.
        let carriers = if inert == 0 { 0 } else { carriers };
        Some(Judge {
            c: self.bound_context(me, inert, guarded),
            loose: Cell::new(None),
            carriers,
            frozen,
            risky,
            rider,
        })
    }

    /// The squares where the bound cannot judge `me`'s guarded tile (see the module doc).
    fn risky_squares(&self, me: usize) -> u64 {
        let every = self.set.every_ability();
        // "Escape": the tile goes "back to one of the two starting squares where the Duke may
        // set-up ... If one of the squares is occupied by an opponent's tile, the escaping tile
        // may automatically capture that tile"; a ransomed tile "is placed in a starting
        // square as though it just used the Escape ability" ("Ransom").
        let mut risky =
            if every.has(Ability::Escape) || every.has(Ability::Ransom) { starting_squares(1 - me) } else { 0 };
        // `DragonDanger::Avoided` (reading 46): what the Dragon's next turn could take.
        if let Some(d) = self.dragon()
            && self.set.readings().dragon_danger == DragonDanger::Avoided
        {
            risky |= self.dragon_reach(d);
        }
        risky
    }

    /// The bound's data of `me` for the tile on `guarded`, the enemy tiles of `inert` as
    /// blockers only: a Duke taken only where taking it wins ("players do not win by
    /// capturing the Duke" in Counting Coup and Trophy Hunters; reading 4 otherwise).
    fn bound_context(&self, me: usize, inert: u64, guarded: Square) -> Ctx {
        let mut c = self.context_inert(me, inert, guarded);
        // The standard objective and Dynastic Dispute: the opposing Duke's square already.
        if self.flag_game() || self.army().is_some() {
            c.enemy_duke = self.duke_taking_exempt(1 - me).map_or(0, Square::bit);
        }
        c
    }

    /// Whether no tile of `me` is guarded this turn, so that every candidate but a draw and a
    /// Divination is allowed (exact, see the module doc): the Duke-danger rule lifted with the
    /// Flags (reading 60), a Duke captured in Counting Coup or Trophy Hunters, the Pikeman
    /// player of Dark Rider and its rider player under `RiderDanger::Ignored` (reading 59).
    #[inline]
    pub(crate) fn unguarded(&self, me: usize) -> bool {
        #[cfg(test)]
        if tests::SLOW.with(core::cell::Cell::get) {
            return false;
        }
        S::EXPANDED
            && (self.flag_game() || self.army().is_some())
            && (self.duke_danger_lifted() || self.guarded_square(Seat(me as u8)).is_none())
    }

    /// The Duke-danger rule for a candidate of `me` when [`unguarded`](Self::unguarded): a
    /// draw and a Divination still need a square beside the Duke (`x_allowed`).
    #[inline]
    pub(crate) fn unguarded_allowed(&self, me: usize, action: Action) -> bool {
        !matches!(action, Action::Draw | Action::Divine(_)) || self.x_allowed(me, action)
    }

    /// Whether a draw is surely legal for `me` in a turn, by the bound with every enemy tile
    /// unfrozen: the bag has a tile, and a square beside the Duke takes a tile with the Duke
    /// safe (`false` where the bound does not apply or cannot tell).
    #[inline]
    pub(crate) fn x_draw_surely_legal(&self, me: usize) -> bool {
        // The plain test's sets have the standard game's shortcut (`has_legal_action`).
        !self.set.plain_danger() && self.bounded_draw_legal(me)
    }

    /// [`x_draw_surely_legal`](Self::x_draw_surely_legal) for a set the bound judges.
    fn bounded_draw_legal(&self, me: usize) -> bool {
        #[cfg(test)]
        if tests::SLOW.with(core::cell::Cell::get) {
            return false;
        }
        if self.phase != crate::state::Phase::Play
            || self.bag.get(me).is_none_or(|b| b.is_empty())
            || !self.bounded_danger()
        {
            return false;
        }
        let Some(c) = self.context(me) else { return false };
        if c.duke.bit() & self.risky_squares(me) != 0 {
            return false;
        }
        // The draw is a candidate (`x_candidates`), and `plain_allowed` allows it.
        self.placements_in(&c) & !self.no_placement() != 0
    }

    /// Whether the bound may judge this game's candidates (see the module doc): every
    /// objective, the Dragon under every reading.
    fn bounded_danger(&self) -> bool {
        // The list so that a new objective is looked at here.
        match self.set.objective() {
            Objective::Standard
            | Objective::DynasticDispute
            | Objective::CountingCoup
            | Objective::TrophyHunters
            | Objective::DarkRider(_) => true,
        }
    }

    /// Whether this turn's candidates are judged by the bound or the exact tests (the plain
    /// test, nothing guarded) rather than each played on a copy (tests).
    #[cfg(test)]
    pub(crate) fn judged_for_test(&self) -> bool {
        let me = usize::from(self.to_move & 1);
        self.phase == crate::state::Phase::Play
            && (self.plain_context(me).is_some() || self.unguarded(me) || self.judge_context(me).is_some())
    }

    /// Whether the plain test applies and no tile is held frozen (never, without a Dread
    /// icon; a loaded state is checked all the same).
    #[inline]
    pub(crate) fn plain_danger_now(&self) -> bool {
        self.set.plain_danger() && self.extra.held() == 0
    }

    /// The Duke-danger rule for a candidate of the player `c` is about, by the plain test (its
    /// answer is final), or played on a copy for an action it does not judge.
    #[inline]
    pub(crate) fn plain_judge(&self, c: &Ctx, action: Action) -> bool {
        self.plain_allowed(c, 0, action).unwrap_or_else(|| self.x_allowed(c.me, action))
    }

    /// The Duke-danger rule for a candidate of the player `j` is about: the bound's "safe",
    /// else the candidate played on a copy.
    #[inline]
    pub(crate) fn judge(&self, j: &Judge, action: Action) -> bool {
        // A rider has no squares beside it to place on.
        if j.rider && matches!(action, Action::Draw | Action::Divine(_)) {
            return self.x_allowed(j.c.me, action);
        }
        let loose;
        let c = if j.carriers == 0 || Self::touched(j, action) & j.carriers == 0 {
            &j.c
        } else if let Some(c) = j.loose.get() {
            loose = c;
            &loose
        } else {
            let c = self.bound_context(j.c.me, 0, j.c.duke);
            j.loose.set(Some(c));
            loose = c;
            &loose
        };
        self.plain_allowed(c, j.risky, action) == Some(true) || self.x_allowed(j.c.me, action)
    }

    /// The tiles `action` moves, flips or captures (see `judge_context`).
    fn touched(j: &Judge, action: Action) -> u64 {
        match action {
            Action::Move { from, to } | Action::Strike { from, target: to } => from.bit() | to.bit(),
            Action::Command { by, from, to } => by.bit() | from.bit() | to.bit(),
            Action::Summon { from, .. } => from.bit() | j.c.duke.bit(),
            Action::Divine(sq) => sq.bit(),
            Action::Escape { from, to, cost } => from.bit() | to.bit() | cost.sacrificed().map_or(0, Square::bit),
            Action::Ransom { to, .. } => to.bit(),
            Action::Enrage { from, to, .. } => from.bit() | Self::pushed_onto(from, to).map_or(0, Square::bit),
            _ => 0,
        }
    }

    /// The Duke-danger rule for a candidate by the plain test or the bound (data `c`, the
    /// Duke not to be judged on `risky`): `None` for an action it does not judge
    /// (`Some(false)` is no answer for the bound either).
    fn plain_allowed(&self, c: &Ctx, risky: u64, action: Action) -> Option<bool> {
        // A tile may leave its square without a look at the board unless it is the Duke, may
        // uncover a line toward the Duke, or the Duke is already in Guard (for the bound: by
        // the occupancy alone, every tile unfrozen, no Defense, no terrain).
        let free = |sq: Square| !c.in_guard && sq != c.duke && c.exposers & sq.bit() == 0;
        // The Duke going where the bound cannot judge it.
        let risky = |from: Square, to: Square| from == c.duke && to.bit() & risky != 0;
        Some(match action {
            // Taking the opposing Duke ends the game: always allowed (reading 4).
            Action::Move { from, to } | Action::Command { from, to, .. } => {
                to.bit() == c.enemy_duke || free(from) || (!risky(from, to) && self.safe_after_move(c, from, to))
            }
            Action::Strike { target, .. } => {
                target.bit() == c.enemy_duke
                    || (!c.in_guard && c.exposers & target.bit() == 0)
                    || self.safe_after_strike(c, target)
            }
            // The summoned tile leaves its square for an empty one; the Duke's flip changes
            // nothing here (nor, for the bound, what its Dread icons freeze).
            Action::Summon { from, to } => free(from) || self.safe_after_move(c, from, to),
            // A square beside the Duke where a tile without icons leaves it safe (a new tile's
            // icons cannot matter here; readings 3, 29, 70; for the bound, its Dread icons
            // could only freeze attackers, and a Divination's flip could only thaw them).
            Action::Draw | Action::Divine(_) => self.placements_in(c) & !self.no_placement() != 0,
            // "Escape": the sacrificed tile leaves its square, the Escape tile leaves its own for
            // a starting square of its player's Duke, capturing an enemy there or taking a
            // sacrificed friend's place; a ransomed tile lands there "as though it just used the
            // Escape ability" ("Ransom"). Taking the opposing Duke there wins (reading 4).
            Action::Escape { from, to, cost } => {
                let vacated = from.bit() | cost.sacrificed().map_or(0, Square::bit);
                to.bit() == c.enemy_duke
                    || (!c.in_guard && from != c.duke && vacated & c.exposers == 0)
                    || (!risky(from, to)
                        && self.safe_after_landing(c, vacated, to, if from == c.duke { to } else { c.duke }))
            }
            Action::Ransom { to, .. } => {
                to.bit() == c.enemy_duke || !c.in_guard || self.safe_after_landing(c, 0, to, c.duke)
            }
            // A Flag pass ("Flag Tiles") moves no tile: the occupancy stays, and the Flag it
            // takes from one square and puts under another only bars and blocks, which the
            // bound leaves off. Not in a set the plain test judges: no answer in Guard.
            Action::Flag { .. } => return (!c.in_guard).then_some(true),
            // "Dragon Tile": the tile on `from` moves onto the Dragon's square `to` and flips;
            // the Dragon is pushed one square on, taking a tile there (either player's, never
            // the player's own Duke: `dragon_candidates`), and rests at its next in-between
            // turn, so only the icons' captures are left (the bound has the Dragon off the
            // board wherever it goes). Taking the opposing Duke there wins (reading 4).
            Action::Enrage { from, to, .. } => {
                let onto = Self::pushed_onto(from, to)?;
                let own = (c.own & !from.bit() & !onto.bit()) | to.bit();
                let theirs = c.theirs & !onto.bit();
                let duke = if from == c.duke { to } else { c.duke };
                onto.bit() == c.enemy_duke || (!risky(from, to) && !self.attacked(duke, 1 - c.me, theirs, own | theirs))
            }
            _ => return None,
        })
    }

    /// Whether the Duke, then on `duke`, is safe from the enemy's icons by the occupancy after
    /// the tiles of `vacated` leave and a tile of the player lands on `to` (capturing there).
    fn safe_after_landing(&self, c: &Ctx, vacated: u64, to: Square, duke: Square) -> bool {
        let own = (c.own & !vacated) | to.bit();
        let theirs = c.theirs & !to.bit();
        !self.attacked(duke, 1 - c.me, theirs, own | theirs)
    }

    /// Visits the legal actions of a turn by the plain test, in the order of `x_candidates`
    /// (each tile's moves, strikes and commands, then the abilities, then the draw), with the
    /// standard game's generator: a tile's destinations at once, judged together where no
    /// line toward the Duke can open. A capture a Defense icon forbids is left out as there.
    pub(crate) fn plain_visit_turn<V: Visit>(&self, c: &Ctx, v: &mut V) -> bool {
        for sq in Square::iter(c.own) {
            if self.plain_visit_tile(c, sq, v) {
                return true;
            }
        }
        let me = c.me;
        let mut allowed = |a: Action| self.plain_judge(c, a) && v.action(a);
        // Nothing is frozen in a set the plain test judges.
        if self.ability_candidates(me, 0, &mut allowed)
            || self.dragon_candidates(me, &mut allowed)
            || self.flag_candidates(me, &mut allowed)
        {
            return true;
        }
        !self.bag.get(me).copied().unwrap_or_default().is_empty() && allowed(Action::Draw)
    }

    /// The moves, strikes and commands of the tile on `sq` (see `visit_tile` in
    /// `crate::movegen`, which this follows, with Defense).
    fn plain_visit_tile<V: Visit>(&self, c: &Ctx, sq: Square, v: &mut V) -> bool {
        let Ctx { me, own, theirs, all, duke, enemy_duke, in_guard, exposers, .. } = *c;
        let free = |sq: Square| !in_guard && sq != duke && exposers & sq.bit() == 0;
        let t = self.targets_of_code(self.code_at(sq), me, sq);
        let mut dest = Self::destinations(sq, &t, own, all);
        // A tile whose Defense icons mark the path cannot be captured by it (`defense.rs`).
        for to in Square::iter(dest & theirs) {
            if self.defense_at(to) != 0 && !self.icon_allowed(sq, to, &t, all) {
                dest &= !to.bit();
            }
        }
        if dest != 0 {
            let ok = if sq == duke && dest.count_ones() > 2 {
                // The Duke with many squares to go: one map of the enemy's reach with the
                // Duke lifted off the board (a tile it captures cannot defend its own square).
                let map = self.attack_map(1 - me, theirs, all & !duke.bit());
                (dest & !map) | (dest & enemy_duke)
            } else if free(sq) {
                dest
            } else {
                self.filter(dest, |to| to.bit() == enemy_duke || self.safe_after_move(c, sq, to))
            };
            if ok != 0 && v.moves(sq, ok) {
                return true;
            }
        }
        let mut st = t.strikes & theirs;
        for target in Square::iter(st) {
            if self.defense_at(target) != 0 && !self.strike_allowed(sq, target) {
                st &= !target.bit();
            }
        }
        if st != 0 {
            // A struck tile leaves its square empty, which can open a line of another
            // enemy tile toward the Duke.
            let ok = if !in_guard && st & exposers == 0 {
                st
            } else {
                self.filter(st, |to| to.bit() == enemy_duke || self.safe_after_strike(c, to))
            };
            if ok != 0 && v.strikes(sq, ok) {
                return true;
            }
        }
        let dsts = t.commands & !own;
        if dsts != 0 {
            for src in Square::iter(t.commands & own) {
                let ok = if free(src) {
                    dsts
                } else {
                    self.filter(dsts, |to| to.bit() == enemy_duke || self.safe_after_move(c, src, to))
                };
                if ok != 0 && v.commands(sq, src, ok) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a new tile on `sq` (empty, beside `me`'s Duke) leaves the Duke safe, by the
    /// plain test or the bound; `None` where neither applies or the bound cannot clear it.
    pub(crate) fn plain_place_safe(&self, me: usize, sq: Square) -> Option<bool> {
        if let Some(c) = self.plain_context(me) {
            return Some(self.placements_in(&c) & sq.bit() != 0);
        }
        let j = self.judge_context(me)?;
        (!j.rider && self.placements_in(&j.c) & sq.bit() != 0).then_some(true)
    }
}

#[cfg(test)]
#[path = "danger_tests.rs"]
mod tests;
