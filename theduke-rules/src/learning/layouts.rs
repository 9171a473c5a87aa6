//! The layouts of a config, worked out once and kept with the config's tiles, so that the
//! learning calls (a mask, an observation, one index) cost what their own work costs:
//! working them out reads every icon of every tile and fills three tables of 1,296 squares,
//! more than a whole engine step of the standard game.
//!
//! No global state, nothing per thread: a compile-time tile set's layouts are a constant
//! of its type ([`Compiled::LAYOUTS`], evaluated by the compiler like the set's
//! [`TABLES`](crate::TileSet::TABLES)); a run-time set ([`Expanded`](crate::Expanded))
//! carries them in its shared data ([`WithLayouts`]), worked out at their first use and
//! shared by the set's clones and every state of its games. Nothing allocates, the first
//! use included.

use core::fmt;
use core::ops::Deref;
use std::sync::OnceLock;

use super::actions::ActionLayout;
use super::observe::ObservationLayout;
use crate::{TileSet, TileSource};

/// The layouts of one config. `pub` (in a private module) only because the crate's sealed
/// tile-source trait names it; nothing outside the crate can reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layouts {
    pub(crate) actions: ActionLayout,
    pub(crate) observation: ObservationLayout,
}

impl Layouts {
    /// The layouts of `set`'s config, worked out from its tiles and options.
    pub(crate) fn of<S: TileSource>(set: &S) -> Layouts {
        Layouts { actions: ActionLayout::of(set), observation: ObservationLayout::of(set) }
    }
}

/// A compile-time tile set's layouts: a constant per type (it depends on the type alone),
/// evaluated at compile time.
pub(crate) trait Compiled: TileSet {
    /// The layouts of every config of this set.
    const LAYOUTS: &'static Layouts = &Layouts {
        actions: ActionLayout::compiled(Self::TILES),
        observation: ObservationLayout::compiled(Self::TILES.len()),
    };
}

impl<T: TileSet> Compiled for T {}

/// A run-time tile set's shared data `T` with the layouts of its config, worked out at
/// their first use. Reads as `T` ([`Deref`]); its `Debug` is `T`'s: the layouts are a
/// function of the data, not part of it.
pub(crate) struct WithLayouts<T> {
    data: T,
    layouts: OnceLock<Layouts>,
}

impl<T> WithLayouts<T> {
    /// `data`, its layouts not yet worked out.
    pub(crate) fn new(data: T) -> WithLayouts<T> {
        WithLayouts { data, layouts: OnceLock::new() }
    }

    /// The layouts, worked out by `build` at the first call.
    #[inline]
    pub(crate) fn layouts(&self, build: impl FnOnce() -> Layouts) -> &Layouts {
        self.layouts.get_or_init(build)
    }
}

impl<T> Deref for WithLayouts<T> {
    type Target = T;

    #[inline]
    fn deref(&self) -> &T {
        &self.data
    }
}

impl<T: fmt::Debug> fmt::Debug for WithLayouts<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.data.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, Expanded, Standard};

    /// A compile-time set's constant layouts are those worked out at run time, and a
    /// run-time set's clones share theirs.
    #[test]
    fn constant_layouts_equal_the_worked_out_ones() {
        assert_eq!(<Standard as Compiled>::LAYOUTS, &Layouts::of(&Standard));
        let set = Expanded::new(&Config::default()).unwrap();
        let clone = set.clone();
        let (a, b) = (crate::source::sealed::Source::layouts(&set), crate::source::sealed::Source::layouts(&clone));
        assert!(core::ptr::eq(a, b));
        assert_eq!(a, &Layouts::of(&set));
        // The base box played as Expanded play has the standard game's action layout.
        assert_eq!(a.actions, <Standard as Compiled>::LAYOUTS.actions);
    }

    /// The layouts a run-time set keeps are no part of it: its `Debug` text, equality and
    /// hash are those of its data, worked out or not.
    #[test]
    fn kept_layouts_are_no_part_of_the_set() {
        use core::hash::BuildHasher;
        let (fresh, used) = (Expanded::new(&Config::default()).unwrap(), Expanded::new(&Config::default()).unwrap());
        let before = format!("{used:?}");
        let _ = crate::source::sealed::Source::layouts(&used);
        assert_eq!(format!("{used:?}"), before);
        assert_eq!(format!("{fresh:?}"), before);
        assert!(!before.contains("layouts"));
        assert_eq!(fresh, used);
        let state = std::collections::hash_map::RandomState::new();
        let h = |set: &Expanded| state.hash_one(set);
        assert_eq!(h(&fresh), h(&used));
        let other = Expanded::new(&Config { enhanced_tiles: true, ..Config::default() }).unwrap();
        assert_ne!(other, used);
    }
}
