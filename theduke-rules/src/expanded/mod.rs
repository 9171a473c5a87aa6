//! Expanded play (rulebook "Expanded Play", "Movement Icons": Dread and Defense,
//! "Enhanced Abilities", "Customization Tiles"): a tile set read at run time, with its
//! tables built when the game is made, and the rules the base box never needs.
//!
//! [`ExpandedDuke`] is [`Duke`](crate::Duke) with an [`Expanded`] tile source. With the
//! default config it plays the standard game (the base box in the run-time format, every
//! option off) through the Expanded generator; the options add the enhanced tiles, a
//! custom tile set and the readings of ambiguous rules. The standard game's own type,
//! [`TheDuke`](crate::TheDuke), keeps its compile-time tables and fast generator.

pub(crate) mod abilities;
pub(crate) mod counting_coup;
pub(crate) mod danger;
pub(crate) mod dark_rider;
pub(crate) mod defense;
pub(crate) mod dragon;
pub(crate) mod dread;
pub(crate) mod dynastic_dispute;
pub(crate) mod escape;
pub(crate) mod events;
pub(crate) mod flag_checks;
pub(crate) mod flag_events;
pub(crate) mod flags;
pub(crate) mod guard;
pub(crate) mod movegen;
pub(crate) mod perft;
pub(crate) mod terrain;
pub(crate) mod trophy_hunters;

use core::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::board::{SQUARES, Square};
use crate::config::{Config, ConfigError};
use crate::format::{TileSetSpec, TileSpec};
use crate::learning::{Layouts, WithLayouts};
use crate::source::{Packed, TileRef, TileSource, sealed};
use crate::state::Duke;
use crate::tables::{Special, Targets, targets_of};
use crate::tiles::{Abilities, Ability, Icon, IconKind, Side};

/// A game of Expanded play: a run-time tile set, Dread and Defense icons, the enhanced
/// abilities (see the crate's RULES.md).
pub type ExpandedDuke = Duke<Expanded>;

/// The tiles of an Expanded game, built from its [`Config`]: the custom set (or the base
/// box), plus the Duchess and the Oracle with `enhanced_tiles`, with their tables. Shared
/// between the states of a game (cloning a state clones a pointer).
#[derive(Clone, Debug)]
pub struct Expanded(Arc<WithLayouts<ExpandedSet>>);

type KindTables = [[[(Targets, Special); SQUARES]; 2]; 2];

#[derive(Debug)]
struct ExpandedSet {
    /// The config part the set came from (first player and turn limit left default).
    config: Config,
    /// The tile types in play, indexed by `TileKind`.
    tiles: Vec<TileSpec>,
    abilities: Vec<Abilities>,
    /// Per tile type, whether each side shows a Dread icon.
    dread_sides: Vec<[bool; 2]>,
    counts: u128,
    tables: Vec<Box<KindTables>>,
    /// Dark Rider: the armies' tile types (`None` for another objective).
    army: Option<dark_rider::Army>,
    /// The tile type acting as seat 1's Duke (0, the first tile, unless the set says).
    p1_duke: usize,
    /// Every ability some tile type has.
    every_ability: Abilities,
    /// Whether any tile type shows a Dread icon on either side (without one nothing is
    /// ever frozen by Dread).
    any_dread: bool,
    /// Whether the Duke-danger rule reduces to the standard game's test on the board after
    /// the action (`danger.rs`): no Dread, no Defense on a Duke, no Escape nor Ransom, no
    /// terrain, and the standard objective (or Dynastic Dispute, the standard game after
    /// its draft).
    plain_danger: bool,
}

impl PartialEq for Expanded {
    fn eq(&self, other: &Expanded) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.config == other.0.config
    }
}

impl Eq for Expanded {}

impl Hash for Expanded {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.config.hash(state);
    }
}

/// The enhanced tiles of the base box (rulebook "Enhanced Tiles", both sides as printed on
/// the reference pages): the Duchess (Summon) and the Oracle (Divination; its non-starting
/// side has no icon).
pub fn enhanced_tiles() -> [TileSpec; 2] {
    let i = Icon::new;
    use IconKind::{Command as C, Move as M};
    let duchess = vec![i(M, -1, 0), i(M, 1, 0), i(M, 0, -2), i(C, -2, 0), i(C, -1, 0), i(C, 1, 0), i(C, 2, 0)];
    [
        TileSpec {
            name: "Duchess".to_owned(),
            abbrev: "Dc".to_owned(),
            count: 1,
            on_board: 0,
            start: duchess.clone(),
            back: duchess,
            abilities: vec![Ability::Summon],
        },
        TileSpec {
            name: "Oracle".to_owned(),
            abbrev: "Or".to_owned(),
            count: 1,
            on_board: 0,
            start: vec![i(M, -1, 1), i(M, 1, 1), i(M, -1, -1), i(M, 1, -1)],
            back: Vec::new(),
            abilities: vec![Ability::Divination],
        },
    ]
}

impl Expanded {
    /// The tiles `config` asks for: its custom set or the base box, then the enhanced
    /// tiles if asked for; the whole list is checked as a [`TileSetSpec`].
    pub fn new(config: &Config) -> Result<Expanded, ConfigError> {
        // Games are made by the thousand with one config (playouts, search): the set built
        // for the config is kept in it (`Config::built`) and shared while the config asks for
        // the same (its tables are immutable; the first player and the turn limit are no
        // part of it). No global cache: a config carries its own.
        let mut base = config.clone();
        base.first_player = Default::default();
        base.turn_limit = None;
        // The set's own copy of the config holds no memo (which would hold the set itself).
        base.built = crate::config::Built::default();
        if let Some(set) = config.built.0.get().and_then(|any| any.clone().downcast::<WithLayouts<ExpandedSet>>().ok())
            && set.config == base
        {
            return Ok(Expanded(set));
        }
        let set = Expanded::build(config, base)?;
        // Only the first set built from a config is kept (a `OnceLock`): a config changed
        // afterwards builds its set per game, correct but slower; a fresh config (or a
        // `Config::default()` changed before its first game) keeps its own.
        let _ = config.built.0.set(set.0.clone());
        Ok(set)
    }

    /// Builds the set of `config` (`base`: `config` without the first player and turn limit).
    fn build(config: &Config, base: Config) -> Result<Expanded, ConfigError> {
        let mut spec = match &config.tiles {
            Some(custom) => custom.spec().clone(),
            None => TileSetSpec::standard(),
        };
        if config.enhanced_tiles {
            spec.tiles.extend(enhanced_tiles());
        }
        spec.check()?;
        let army = match config.objective {
            crate::config::Objective::DarkRider(options) => {
                let army = dark_rider::army_of(options, spec.tiles.iter().map(|t| t.name.as_str()))?;
                // Neither army is a tile acting as a Duke (reading 54: no Duke).
                if let Some(d) = spec.p1_duke
                    && (d == usize::from(army.pikeman) || d == usize::from(army.rider))
                {
                    let name = spec.tiles.get(d).map_or_else(String::new, |t| t.name.clone());
                    return Err(dark_rider::DarkRiderError::DukeType(name).into());
                }
                Some(army)
            }
            _ => None,
        };
        let p1_duke = spec.p1_duke.unwrap_or(0);
        let mut tables = Vec::with_capacity(spec.tiles.len());
        let mut counts = 0u128;
        for (k, tile) in spec.tiles.iter().enumerate() {
            let mut kind = Box::new([[[(Targets::default(), Special::default()); SQUARES]; 2]; 2]);
            for (side, per_side) in kind.iter_mut().enumerate() {
                let icons = if side == 0 { &tile.start } else { &tile.back };
                for (owner, per_owner) in per_side.iter_mut().enumerate() {
                    for (s, entry) in per_owner.iter_mut().enumerate() {
                        // The icons were checked above; a failure here would be a format
                        // rule missing from `TileSetSpec::check`.
                        *entry = targets_of(icons, owner, s, true).map_err(|_| ConfigError::NeedsExpanded)?;
                    }
                }
            }
            tables.push(kind);
            counts = counts.add(u128::of(k, tile.count));
        }
        let has_dread = |icons: &[Icon]| icons.iter().any(|i| i.kind == IconKind::Dread);
        let has_defense = |icons: &[Icon]| icons.iter().any(|i| i.kind == IconKind::Defense);
        let any_dread = spec.tiles.iter().any(|t| has_dread(&t.start) || has_dread(&t.back));
        let abilities: Vec<Abilities> = spec.tiles.iter().map(|t| Abilities::of(&t.abilities)).collect();
        let captures_by_ability = abilities.iter().any(|a| a.has(Ability::Escape) || a.has(Ability::Ransom));
        let duke_defended = [0, p1_duke]
            .iter()
            .filter_map(|&k| spec.tiles.get(k))
            .any(|t| has_defense(&t.start) || has_defense(&t.back));
        let plain_danger = !any_dread
            && !captures_by_ability
            && !duke_defended
            && config.terrain.is_none()
            && matches!(
                config.objective,
                crate::config::Objective::Standard | crate::config::Objective::DynasticDispute
            );
        Ok(Expanded(Arc::new(WithLayouts::new(ExpandedSet {
            config: base,
            every_ability: Abilities::of(
                &spec.tiles.iter().flat_map(|t| t.abilities.iter().copied()).collect::<Vec<_>>(),
            ),
            abilities,
            any_dread,
            plain_danger,
            dread_sides: spec.tiles.iter().map(|t| [has_dread(&t.start), has_dread(&t.back)]).collect(),
            tiles: spec.tiles,
            counts,
            tables,
            army,
            p1_duke,
        }))))
    }

    /// The tile types in play (the custom set or the base box, then the enhanced tiles).
    pub fn tiles(&self) -> &[TileSpec] {
        &self.0.tiles
    }

    /// The printable reference of these tiles (as [`tile_reference`](crate::tile_reference)
    /// for a compile-time set): the crate's `TILE_REFERENCE.md` is this text for the base box with
    /// the enhanced tiles.
    pub fn tile_reference(&self) -> String {
        let tiles: Vec<TileRef<'_>> = (0..self.kinds()).filter_map(|k| self.tile(k)).collect();
        crate::tile_reference::reference_of(&tiles, "the tile set of an `Expanded` game")
    }

    /// Whether tile type `kind` shows a Dread icon on side `side` (0 start, 1 back).
    pub(crate) fn dread_side(&self, kind: usize, side: usize) -> bool {
        self.0.dread_sides.get(kind).and_then(|s| s.get(side)).copied().unwrap_or(false)
    }

    #[inline]
    fn entry(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Option<&(Targets, Special)> {
        self.0.tables.get(kind)?.get(side)?.get(owner)?.get(sq.index())
    }
}

/// What Expanded play keeps in the state besides the board and the bags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExpandedState {
    /// Per seat, its tiles sacrificed (Escape) or destroyed (Divination), by type.
    removed: [u128; 2],
    /// The tiles a Divination drew, `kind + 1` each (0: none), hidden from the opponent.
    hand: [u8; 3],
    /// The squares of the Mountain, the Fort and the Dragon, each plus one (0: none), then
    /// the Dragon's facing and flags (`dragon.rs`).
    terrain: [u8; 4],
    /// Counting Coup and Trophy Hunters: the Flags' squares plus one, then the points
    /// (`flags.rs`).
    flags: [u8; 4],
    /// Dynastic Dispute: per seat, the tile types it picked.
    drafted: [u32; 2],
    /// Tiles still frozen though no Dread icon covers them now (`DreadThaw::ControllerTurn`).
    held: u64,
}

impl sealed::Extra for ExpandedState {}

impl crate::source::ExtraState for ExpandedState {
    fn removed(&self, seat: usize) -> u128 {
        self.removed.get(seat).copied().unwrap_or(0)
    }
    fn set_removed(&mut self, seat: usize, removed: u128) {
        if let Some(r) = self.removed.get_mut(seat) {
            *r = removed;
        }
    }
    fn hand(&self) -> [u8; 3] {
        self.hand
    }
    fn set_hand(&mut self, hand: [u8; 3]) {
        self.hand = hand;
    }
    fn terrain(&self) -> [u8; 4] {
        self.terrain
    }
    fn set_terrain(&mut self, terrain: [u8; 4]) {
        self.terrain = terrain;
    }
    fn flags(&self) -> [u8; 4] {
        self.flags
    }
    fn set_flags(&mut self, flags: [u8; 4]) {
        self.flags = flags;
    }
    fn drafted(&self) -> [u32; 2] {
        self.drafted
    }
    fn set_drafted(&mut self, drafted: [u32; 2]) {
        self.drafted = drafted;
    }
    fn held(&self) -> u64 {
        self.held
    }
    fn set_held(&mut self, held: u64) {
        self.held = held;
    }
}

impl sealed::Source for Expanded {
    fn layouts(&self) -> &Layouts {
        self.0.layouts(|| Layouts::of(self))
    }
}

impl TileSource for Expanded {
    type Bag = u128;
    type Extra = ExpandedState;
    const EXPANDED: bool = true;

    fn from_config(config: &Config) -> Result<Expanded, ConfigError> {
        Expanded::new(config)
    }

    fn config(&self) -> Config {
        // The config handed out carries the set, so games made from it share the tables.
        let config = self.0.config.clone();
        let _ = config.built.0.set(self.0.clone());
        config
    }

    #[inline]
    fn targets(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Targets {
        self.entry(kind, side, owner, sq).map(|e| e.0).unwrap_or_default()
    }

    #[inline]
    fn special(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Special {
        self.entry(kind, side, owner, sq).map(|e| e.1).unwrap_or_default()
    }

    fn kinds(&self) -> usize {
        self.0.tiles.len()
    }

    fn counts(&self) -> u128 {
        self.0.counts
    }

    fn tile(&self, kind: usize) -> Option<TileRef<'_>> {
        let tile = self.0.tiles.get(kind)?;
        Some(TileRef {
            name: &tile.name,
            abbrev: &tile.abbrev,
            count: tile.count,
            start: &tile.start,
            back: &tile.back,
            abilities: self.0.abilities.get(kind).copied().unwrap_or(Abilities::NONE),
        })
    }

    fn abilities(&self, kind: usize) -> Abilities {
        self.0.abilities.get(kind).copied().unwrap_or(Abilities::NONE)
    }

    fn dread_immune(&self, kind: usize, side: Side) -> bool {
        self.immune(kind, side)
    }

    #[inline(always)]
    fn duke_kind(&self, owner: usize) -> usize {
        if owner & 1 == 1 { self.0.p1_duke } else { 0 }
    }

    fn readings(&self) -> crate::config::Readings {
        self.0.config.readings
    }

    fn terrain(&self) -> crate::config::TerrainOptions {
        self.0.config.terrain
    }

    fn objective(&self) -> crate::config::Objective {
        self.0.config.objective
    }

    fn army(&self) -> Option<dark_rider::Army> {
        self.0.army
    }

    #[inline]
    fn every_ability(&self) -> Abilities {
        self.0.every_ability
    }

    #[inline]
    fn any_dread(&self) -> bool {
        self.0.any_dread
    }

    #[inline]
    fn plain_danger(&self) -> bool {
        self.0.plain_danger
    }
}

impl Expanded {
    /// Whether the set allows the plain Duke-danger test (`danger.rs`).
    #[cfg(test)]
    pub(crate) fn plain_danger_for_test(&self) -> bool {
        self.0.plain_danger
    }

    /// Whether the side showing `side` of tile type `kind` is immune to Dread besides
    /// being the Duke: it shows a Dread icon, or with [`DreadImmunity::EitherSide`]
    /// carries one on either side.
    ///
    /// [`DreadImmunity::EitherSide`]: crate::DreadImmunity::EitherSide
    fn immune(&self, kind: usize, side: Side) -> bool {
        let showing = self.dread_side(kind, usize::from(side == Side::Back));
        match self.0.config.readings.dread_immunity {
            crate::config::DreadImmunity::ShowingSide => showing,
            crate::config::DreadImmunity::EitherSide => self.dread_side(kind, 0) || self.dread_side(kind, 1),
        }
    }
}

#[cfg(test)]
mod memo_tests {
    use std::sync::Arc;

    use super::Expanded;
    use crate::config::Config;
    use crate::objective::Objective;

    fn enhanced() -> Config {
        Config { enhanced_tiles: true, ..Config::default() }
    }

    #[test]
    fn games_of_one_config_share_its_tables() -> Result<(), crate::config::ConfigError> {
        let config = enhanced();
        let (a, b) = (Expanded::new(&config)?, Expanded::new(&config)?);
        assert!(Arc::ptr_eq(&a.0, &b.0), "the second game of a config rebuilt its tables");
        // A clone of the config, and the config a set hands out, carry the same tables.
        assert!(Arc::ptr_eq(&a.0, &Expanded::new(&config.clone())?.0));
        let handed_out = crate::source::TileSource::config(&a);
        assert!(Arc::ptr_eq(&a.0, &Expanded::new(&handed_out)?.0));
        // A set's own config holds no memo (it would hold the set itself: a cycle).
        assert!(a.0.config.built.0.get().is_none());
        Ok(())
    }

    #[test]
    fn a_config_changed_after_its_first_game_gets_its_own_tables() -> Result<(), crate::config::ConfigError> {
        let mut config = enhanced();
        let first = Expanded::new(&config)?;
        config.enhanced_tiles = false;
        config.objective = Objective::DynasticDispute;
        let second = Expanded::new(&config)?;
        assert!(!Arc::ptr_eq(&first.0, &second.0));
        assert!(!second.0.config.enhanced_tiles);
        assert_eq!(second.0.tiles.len() + 2, first.0.tiles.len(), "the Duchess and the Oracle are gone");
        // The memo is no part of the config's value.
        assert_eq!(config.clone(), {
            let mut c = enhanced();
            c.enhanced_tiles = false;
            c.objective = Objective::DynasticDispute;
            c
        });
        Ok(())
    }
}
