//! Where a game's tiles come from: a compile-time [`TileSet`] (the standard game and any
//! tile list given as Rust data, played by the fast generator) or a run-time
//! [`Expanded`](crate::Expanded) set (Expanded play: enhanced tiles, abilities, Dread and
//! Defense icons, tile sets loaded from JSON). [`Duke`](crate::Duke) is generic over this
//! [`TileSource`]; the standard game's code is specialised at compile time.

use core::fmt::Debug;
use core::hash::Hash;

use crate::board::Square;
use crate::config::{Config, ConfigError, Objective, Readings, TerrainOptions};
use crate::state::Duke;
use crate::tables::{Special, Targets};
use crate::tiles::{Abilities, Icon, Side, TileDef, TileKind, TileSet};

/// In the points bytes of [`ExtraState::flags`] (Counting Coup): a point just scored whose relocation the opponent has not had yet.
pub(crate) const SCORED: u8 = 0x80;

/// The tile types of a hand ([`ExtraState::hand`]) (`kind + 1` each, 0 for an empty slot).
pub(crate) fn hand_kinds(hand: [u8; 3]) -> impl Iterator<Item = TileKind> {
    hand.into_iter().filter(|&k| k != 0).map(|k| TileKind(k - 1))
}

pub(crate) mod sealed {
    /// Only this crate implements [`TileSource`](super::TileSource).
    pub trait Source {
        /// The learning layouts of the set's config (`crate::learning`), kept with the set.
        fn layouts(&self) -> &crate::learning::Layouts;
    }
    /// Only this crate implements [`Packed`](super::Packed).
    pub trait Counts {}
    /// Only this crate implements [`ExtraState`](super::ExtraState).
    pub trait Extra {}
}

/// Per-tile-type counts (a bag, the captured tiles), 4 bits per tile type packed into an
/// integer: `u64` for the 16 types of a compile-time set, `u128` for the 32 of a run-time
/// set. Sealed.
pub trait Packed: Copy + Default + PartialEq + Eq + Hash + Debug + Send + Sync + 'static + sealed::Counts {
    /// How many tile types fit.
    const KINDS: usize;
    /// The count of `kind` (0 for a kind that does not fit).
    fn count(self, kind: usize) -> u8;
    /// One more tile of `kind` (counts stay at most 15: callers keep to the set's counts).
    fn plus(self, kind: usize) -> Self;
    /// One tile of `kind` fewer (callers only remove what is there).
    fn minus(self, kind: usize) -> Self;
    /// `n` tiles of `kind`, nothing else.
    fn of(kind: usize, n: u8) -> Self;
    /// Every tile counted.
    fn total(self) -> u32;
    /// How many types have a tile.
    fn distinct(self) -> u32;
    /// No tile at all.
    fn is_empty(self) -> bool;
    /// The counts of both (which never exceed 15 per type).
    fn add(self, other: Self) -> Self;
}

macro_rules! packed {
    ($t:ty, $kinds:expr, $ones:expr) => {
        impl sealed::Counts for $t {}
        impl Packed for $t {
            const KINDS: usize = $kinds;
            #[inline]
            fn count(self, kind: usize) -> u8 {
                if kind < $kinds { ((self >> (4 * kind)) & 15) as u8 } else { 0 }
            }
            #[inline]
            fn plus(self, kind: usize) -> Self {
                if kind < $kinds { self.wrapping_add(1 << (4 * kind)) } else { self }
            }
            #[inline]
            fn minus(self, kind: usize) -> Self {
                if kind < $kinds { self.wrapping_sub(1 << (4 * kind)) } else { self }
            }
            #[inline]
            fn of(kind: usize, n: u8) -> Self {
                if kind < $kinds { <$t>::from(n & 15) << (4 * kind) } else { 0 }
            }
            #[inline(always)]
            fn total(self) -> u32 {
                // Branch-free (a draw asks it in the standard game's `apply`): nibbles
                // summed pairwise into bytes, bytes into 16-bit lanes, the lanes by one
                // multiplication into the top lane (at most 15 x 32 = 480, no carry).
                let nibbles = <$t>::MAX / 0x11;
                let bytes = (self & nibbles) + ((self >> 4) & nibbles);
                let low_bytes = <$t>::MAX / 0x101;
                let lanes = (bytes & low_bytes) + ((bytes >> 8) & low_bytes);
                (lanes.wrapping_mul(<$t>::MAX / 0xffff) >> (<$t>::BITS - 16)) as u32
            }
            #[inline]
            fn distinct(self) -> u32 {
                let x = self | (self >> 1);
                let x = x | (x >> 2);
                (x & $ones).count_ones()
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn add(self, other: Self) -> Self {
                self.wrapping_add(other)
            }
        }
    };
}

packed!(u64, 16, 0x1111_1111_1111_1111u64);
packed!(u128, 32, 0x1111_1111_1111_1111_1111_1111_1111_1111u128);

/// What only Expanded play keeps in a state: tiles sacrificed or destroyed (beside the
/// board, not captured by the opponent) and the tiles of a Divination in the diviner's
/// hand. `()` keeps nothing (a compile-time tile set). Sealed; the accessors are the
/// engine's.
pub trait ExtraState: Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static + sealed::Extra {
    /// `seat`'s tiles sacrificed or destroyed, by type (4 bits a type).
    #[doc(hidden)]
    fn removed(&self, seat: usize) -> u128;
    /// Sets `seat`'s removed tiles (ignored without Expanded play).
    #[doc(hidden)]
    fn set_removed(&mut self, seat: usize, removed: u128);
    /// The tile types in the diviner's hand, `kind + 1` each, 0 for none.
    #[doc(hidden)]
    fn hand(&self) -> [u8; 3];
    /// Sets the hand (ignored without Expanded play).
    #[doc(hidden)]
    fn set_hand(&mut self, hand: [u8; 3]);
    /// The squares of the Mountain, of the Fort and of the Dragon, each plus one, 0 for
    /// none, then the Dragon's state bits.
    #[doc(hidden)]
    fn terrain(&self) -> [u8; 4];
    /// Sets the terrain squares (ignored without Expanded play).
    #[doc(hidden)]
    fn set_terrain(&mut self, terrain: [u8; 4]);
    /// Counting Coup and Trophy Hunters: the squares of seat 0's and seat 1's Flags, each
    /// plus one (0: not placed), then each seat's points (a flag bit marks a point just
    /// scored, whose relocation is still due: `flags.rs`).
    #[doc(hidden)]
    fn flags(&self) -> [u8; 4];
    /// Sets them (ignored without Expanded play).
    #[doc(hidden)]
    fn set_flags(&mut self, flags: [u8; 4]);
    /// Dynastic Dispute: per seat, the tile types it picked (bit `k` = type `k`).
    #[doc(hidden)]
    fn drafted(&self) -> [u32; 2];
    /// Sets the picks (ignored without Expanded play).
    #[doc(hidden)]
    fn set_drafted(&mut self, drafted: [u32; 2]);
    /// The tiles still frozen though no Dread icon covers them now
    /// ([`DreadThaw::ControllerTurn`](crate::DreadThaw::ControllerTurn)).
    #[doc(hidden)]
    fn held(&self) -> u64;
    /// Sets them (ignored without Expanded play).
    #[doc(hidden)]
    fn set_held(&mut self, held: u64);
}

impl sealed::Extra for () {}

impl ExtraState for () {
    #[inline]
    fn removed(&self, _seat: usize) -> u128 {
        0
    }
    #[inline]
    fn set_removed(&mut self, _seat: usize, _removed: u128) {}
    #[inline]
    fn hand(&self) -> [u8; 3] {
        [0; 3]
    }
    #[inline]
    fn set_hand(&mut self, _hand: [u8; 3]) {}
    #[inline]
    fn terrain(&self) -> [u8; 4] {
        [0; 4]
    }
    #[inline]
    fn set_terrain(&mut self, _terrain: [u8; 4]) {}
    #[inline]
    fn flags(&self) -> [u8; 4] {
        [0; 4]
    }
    #[inline]
    fn set_flags(&mut self, _flags: [u8; 4]) {}
    #[inline]
    fn drafted(&self) -> [u32; 2] {
        [0; 2]
    }
    #[inline]
    fn set_drafted(&mut self, _drafted: [u32; 2]) {}
    #[inline]
    fn held(&self) -> u64 {
        0
    }
    #[inline]
    fn set_held(&mut self, _held: u64) {}
}

/// One tile type as the engine reads it, whatever the source: name, abbreviation, count per
/// player, both profiles and its enhanced abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileRef<'a> {
    /// Full name, as printed.
    pub name: &'a str,
    /// Two ASCII letters, first upper-case.
    pub abbrev: &'a str,
    /// How many tiles of this type each player owns.
    pub count: u8,
    /// The starting side.
    pub start: &'a [Icon],
    /// The non-starting side.
    pub back: &'a [Icon],
    /// Its enhanced abilities (rulebook "Enhanced Abilities"), none for most tiles.
    pub abilities: Abilities,
}

impl<'a> TileRef<'a> {
    /// The profile of one side.
    pub fn profile(&self, side: Side) -> &'a [Icon] {
        match side {
            Side::Start => self.start,
            Side::Back => self.back,
        }
    }
}

impl From<&'static TileDef> for TileRef<'static> {
    fn from(def: &'static TileDef) -> TileRef<'static> {
        TileRef {
            name: def.name,
            abbrev: def.abbrev,
            count: def.count,
            start: def.start,
            back: def.back,
            abilities: Abilities::NONE,
        }
    }
}

/// The tiles of a game and their precomputed tables. Sealed: implemented by every
/// [`TileSet`] (compile-time data, the fast generator) and by
/// [`Expanded`](crate::Expanded) (a run-time set with Expanded play).
pub trait TileSource: Clone + Debug + PartialEq + Eq + Send + Sync + 'static + sealed::Source {
    /// Bag and captured counts.
    type Bag: Packed;
    /// What only Expanded play keeps in the state (sacrificed and destroyed tiles, the
    /// tiles of a Divination); `()` for a compile-time set.
    type Extra: ExtraState;
    /// Whether Expanded play applies (Dread, Defense, enhanced abilities): `false` for a
    /// compile-time set, whose games are generated by the fast generator alone.
    const EXPANDED: bool;

    /// The tile source a config asks for (a compile-time set refuses every option of
    /// Expanded play: [`ConfigError::NeedsExpanded`]).
    fn from_config(config: &Config) -> Result<Self, ConfigError>;

    /// The config part that comes with the tiles (Expanded play's options and tiles);
    /// [`Config::default`] for a compile-time set.
    fn config(&self) -> Config;

    /// The targets of tile type `kind`, side `side` (0 start, 1 back), owned by seat `owner`,
    /// standing on `sq`. Out-of-range inputs give no targets.
    fn targets(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Targets;

    /// The Dread and Defense squares of the same (none for a compile-time set).
    fn special(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Special;

    /// How many tile types the set has.
    fn kinds(&self) -> usize;

    /// Tiles of each type one player owns.
    fn counts(&self) -> Self::Bag;

    /// Tile type `kind`.
    fn tile(&self, kind: usize) -> Option<TileRef<'_>>;

    /// The abilities of tile type `kind`.
    fn abilities(&self, kind: usize) -> Abilities {
        self.tile(kind).map_or(Abilities::NONE, |t| t.abilities)
    }

    /// Whether a tile of type `kind` showing `side` is immune to Dread besides the Duke
    /// (rulebook "Dread": "any tile with a Dread icon"; see [`DreadImmunity`]).
    ///
    /// [`DreadImmunity`]: crate::DreadImmunity
    fn dread_immune(&self, _kind: usize, _side: Side) -> bool {
        false
    }

    /// The tile type acting as seat `owner`'s Duke: the first tile, or for seat 1 of a
    /// run-time set with [`TileSetSpec::p1_duke`](crate::TileSetSpec::p1_duke) that tile
    /// (rulebook "Summon": "the Duke Tile (or any tile acting as the Duke)").
    #[inline(always)]
    fn duke_kind(&self, _owner: usize) -> usize {
        0
    }

    /// The readings of Expanded play in force (the defaults for a compile-time set).
    fn readings(&self) -> Readings {
        Readings::default()
    }

    /// The terrain tiles the config asks for (none for a compile-time set).
    fn terrain(&self) -> TerrainOptions {
        TerrainOptions::default()
    }

    /// What the game is played for (the standard game's for a compile-time set).
    fn objective(&self) -> Objective {
        Objective::Standard
    }

    /// Dark Rider's armies (none for a compile-time set or another objective).
    #[doc(hidden)]
    fn army(&self) -> Option<crate::objective::Army> {
        None
    }

    /// Every ability some tile type of the set has (none for a compile-time set).
    #[doc(hidden)]
    fn every_ability(&self) -> Abilities {
        Abilities::NONE
    }

    /// Whether any tile type shows a Dread icon (none for a compile-time set, whose tiles
    /// are never frozen).
    #[doc(hidden)]
    fn any_dread(&self) -> bool {
        false
    }

    /// Whether Expanded play's Duke-danger rule may be judged by the standard game's test on
    /// the board after the action, without playing it on a copy (see `expanded/danger.rs`);
    /// `false` for a compile-time set, which has its own generator.
    #[doc(hidden)]
    fn plain_danger(&self) -> bool {
        false
    }

    /// A copy of `state`: a plain bit copy for a compile-time set (its states are `Copy`),
    /// a clone otherwise. The hot paths (apply's undo record, perft's children) use it.
    #[doc(hidden)]
    fn duplicate(state: &Duke<Self>) -> Duke<Self> {
        state.clone()
    }
}

impl<T: TileSet> sealed::Source for T {
    #[inline]
    fn layouts(&self) -> &crate::learning::Layouts {
        <T as crate::learning::Compiled>::LAYOUTS
    }
}

impl<T: TileSet> TileSource for T {
    type Bag = u64;
    type Extra = ();
    const EXPANDED: bool = false;

    fn from_config(config: &Config) -> Result<T, ConfigError> {
        if config.is_expanded() {
            return Err(ConfigError::NeedsExpanded);
        }
        Ok(T::default())
    }

    fn config(&self) -> Config {
        Config::default()
    }

    #[inline]
    fn targets(&self, kind: usize, side: usize, owner: usize, sq: Square) -> Targets {
        T::TABLES.targets(kind, side, owner, sq)
    }

    #[inline]
    fn special(&self, _kind: usize, _side: usize, _owner: usize, _sq: Square) -> Special {
        Special::default()
    }

    #[inline]
    fn kinds(&self) -> usize {
        T::TABLES.kinds()
    }

    #[inline]
    fn counts(&self) -> u64 {
        T::TABLES.counts()
    }

    fn tile(&self, kind: usize) -> Option<TileRef<'_>> {
        T::TILES.get(kind).map(TileRef::from)
    }

    #[inline(always)]
    fn duplicate(state: &Duke<T>) -> Duke<T> {
        *state
    }
}

#[cfg(test)]
mod tests {
    use super::Packed;

    #[test]
    fn total_counts_every_nibble() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let wide = u128::from(x) << 64 | u128::from(x.rotate_left(29));
            assert_eq!(x.total(), (0..16).map(|k| u32::from(x.count(k))).sum::<u32>());
            assert_eq!(wide.total(), (0..32).map(|k| u32::from(wide.count(k))).sum::<u32>());
        }
        assert_eq!(u64::MAX.total(), 15 * 16);
        assert_eq!(u128::MAX.total(), 15 * 32);
        assert_eq!(0u64.total(), 0);
    }
}
