//! The Duke-danger rule ("Putting the Duke Tile in Danger": a player may not make a move
//! that puts his own Duke in Guard) judged without playing the candidate on a copy, where the
//! tile set allows it.
//!
//! Expanded play's general test (`movegen.rs`, `x_allowed`) plays each candidate on a copy and
//! asks whether the opponent could then capture the Duke with any icon or ability, after Dread
//! has frozen what it covers, past Defense icons and terrain. When the set has no Dread icon,
//! no Defense icon on a tile acting as the Duke, no Escape nor Ransom tile, no terrain tile
//! and the standard objective (or Dynastic Dispute, the standard game after its draft), none
//! of that can change the answer: nothing is ever frozen, every path to the Duke is judged by
//! the occupancy alone, and the only captures are the icons' (Move, Jump, Slide, Jump Slide,
//! Strike, Command). The test is then the standard game's (`crate::movegen`): the enemy tiles
//! that could ever reach the Duke, the tiles whose leaving could open a line toward it, and one
//! look at the occupancy after the action. Summon moves a tile beside the Duke and flips the
//! Duke (its side does not change whether it can be captured); a Divination flips its tile;
//! a new tile (a draw's, a Divination's kept tile) can only block lines, whatever its icons.

use crate::actions::Action;
use crate::board::Square;
use crate::movegen::{Ctx, Visit};
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::Duke;

impl<S: TileSource> Duke<S> {
    /// The standard game's Duke-danger data of `me` when the set allows the plain test (see
    /// the module doc) and no tile is held frozen; `None` otherwise (also without a Duke on
    /// the board), when every candidate is played on a copy.
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

    /// Whether the set allows the plain test and no tile is held frozen (never, without a
    /// Dread icon; a loaded state is checked all the same).
    #[inline]
    pub(crate) fn plain_danger_now(&self) -> bool {
        self.set.plain_danger() && self.extra.held() == 0
    }

    /// The Duke-danger rule for a candidate of the player `c` is about, by the plain test:
    /// `None` for an action it does not judge (the caller plays it on a copy).
    pub(crate) fn plain_allowed(&self, c: &Ctx, action: Action) -> Option<bool> {
        // A tile may leave its square without a look at the board unless it is the Duke, may
        // uncover a line toward the Duke, or the Duke is already in Guard.
        let free = |sq: Square| !c.in_guard && sq != c.duke && c.exposers & sq.bit() == 0;
        Some(match action {
            // Taking the opposing Duke ends the game: always allowed (reading 4).
            Action::Move { from, to } | Action::Command { from, to, .. } => {
                to.bit() == c.enemy_duke || free(from) || self.safe_after_move(c, from, to)
            }
            Action::Strike { target, .. } => {
                target.bit() == c.enemy_duke
                    || (!c.in_guard && c.exposers & target.bit() == 0)
                    || self.safe_after_strike(c, target)
            }
            // The summoned tile leaves its square for an empty one; the Duke's flip changes
            // nothing here.
            Action::Summon { from, to } => free(from) || self.safe_after_move(c, from, to),
            // A square beside the Duke where a tile without icons leaves it safe (a new tile's
            // icons cannot matter here; readings 3, 29, 70).
            Action::Draw | Action::Divine(_) => self.placements_in(c) & !self.no_placement() != 0,
            _ => return None,
        })
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
        let mut allowed = |a: Action| self.plain_allowed(c, a).unwrap_or_else(|| self.x_allowed(me, a)) && v.action(a);
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
    /// plain test; `None` where the set does not allow it.
    pub(crate) fn plain_place_safe(&self, me: usize, sq: Square) -> Option<bool> {
        let c = self.plain_context(me)?;
        Some(self.placements_in(&c) & sq.bit() != 0)
    }
}

#[cfg(test)]
mod tests {
    use core::cell::Cell;

    use duke_core::{Game, GameRng, Seat};

    use crate::config::{Config, DivinationDraws, NewTileDanger, Readings};
    use crate::expanded::ExpandedDuke;
    use crate::format::{CustomTiles, TileSetSpec};
    use crate::objective::Objective;
    use crate::tiles::{Ability, Icon, IconKind};

    thread_local! {
        /// Set by the tests below: every candidate is played on a copy, as without the plain test.
        pub(super) static SLOW: Cell<bool> = const { Cell::new(false) };
    }

    /// A set the plain test judges, drawn from `seed`: the base box with Defense icons on
    /// four tile types other than the Duke, more Command, Jump Slide and Strike icons on
    /// three, Summon and Divination on one each.
    fn plain_set(seed: u64) -> TileSetSpec {
        let mut rng = GameRng::new(seed);
        let mut spec = TileSetSpec::standard();
        let kinds = spec.tiles.len() as u32;
        for (icon, count) in
            [(IconKind::Defense, 4), (IconKind::Command, 1), (IconKind::JumpSlide, 1), (IconKind::Strike, 1)]
        {
            for _ in 0..count {
                let k = 1 + rng.below(kinds - 1) as usize;
                let Some(tile) = spec.tiles.get_mut(k) else { continue };
                let side = if rng.below(2) == 0 { &mut tile.start } else { &mut tile.back };
                for _ in 0..1 + rng.below(3) {
                    let (dx, dy) = if icon == IconKind::JumpSlide {
                        [(0, 2), (2, 2), (-2, 0), (0, -2)][rng.below(4) as usize]
                    } else {
                        (rng.below(5) as i8 - 2, rng.below(5) as i8 - 2)
                    };
                    let new = Icon::new(icon, dx, dy);
                    if (dx, dy) != (0, 0) && !side.contains(&new) {
                        side.push(new);
                    }
                }
            }
        }
        for ability in [Ability::Summon, Ability::Divination] {
            let k = 1 + rng.below(kinds - 1) as usize;
            if let Some(tile) = spec.tiles.get_mut(k) {
                tile.abilities.push(ability);
            }
        }
        spec
    }

    fn configs() -> Vec<Config> {
        let mut out = Vec::new();
        for seed in 0..8u64 {
            let readings = Readings {
                new_tile_danger: if seed % 2 == 0 { NewTileDanger::EveryTile } else { NewTileDanger::SomeTile },
                divination_draws: if seed % 3 == 0 {
                    DivinationDraws::ExactlyThree
                } else {
                    DivinationDraws::UpToThree
                },
                ..Readings::default()
            };
            out.push(Config {
                enhanced_tiles: true,
                tiles: (seed >= 2).then(|| CustomTiles::new(plain_set(seed))),
                objective: if seed % 4 == 3 { Objective::DynasticDispute } else { Objective::Standard },
                readings,
                turn_limit: Some(120),
                ..Config::default()
            });
        }
        out
    }

    fn listed(game: &ExpandedDuke, slow: bool) -> Vec<crate::Action> {
        SLOW.with(|s| s.set(slow));
        let mut out = Vec::new();
        game.legal_actions(game.side_to_move(), &mut out);
        SLOW.with(|s| s.set(false));
        out
    }

    /// The plain test lists exactly the actions of playing every candidate on a copy, in the
    /// same order, at every state of random games of sets it judges (the enhanced tiles,
    /// Defense icons, Summon and Divination, both readings of a new tile's danger, Dynastic
    /// Dispute); the games are biased toward captures so that Guard comes often.
    #[test]
    fn the_plain_test_lists_what_playing_every_candidate_lists() {
        let mut rng = GameRng::new(28);
        let (mut states, mut guarded) = (0, 0);
        for config in configs() {
            let game = ExpandedDuke::new(&config, 0).unwrap();
            assert!(game.tile_source().plain_danger_for_test());
            for seed in 0..12 {
                let mut game = ExpandedDuke::new(&config, seed).unwrap();
                while game.outcome().is_none() {
                    let fast = listed(&game, false);
                    assert_eq!(fast, listed(&game, true), "{game:?}");
                    states += 1;
                    guarded += usize::from(game.in_guard(game.side_to_move()));
                    // A capture when there is one, half the time: games reach Guard.
                    let captures: Vec<_> = fast
                        .iter()
                        .filter(|a| {
                            matches!(a, crate::Action::Move { to, .. } | crate::Action::Strike { target: to, .. }
                            if game.occupancy(Seat(1 - game.side_to_move().0)) & to.bit() != 0)
                        })
                        .collect();
                    let action = match captures.get(rng.below(2 * captures.len().max(1) as u32) as usize) {
                        Some(&&a) => a,
                        None => fast[rng.below(fast.len() as u32) as usize],
                    };
                    game.apply(game.side_to_move(), action).unwrap();
                }
            }
        }
        eprintln!("{states} states, {guarded} in Guard");
        assert!(states > 5_000 && guarded > 200, "{states} states, {guarded} in Guard");
    }
}
