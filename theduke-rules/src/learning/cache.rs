//! The layouts of a config, computed once and kept per thread, so that the learning calls
//! (a mask, an observation, one index) cost what their own work costs: working them out
//! reads every icon of every tile (a few hundred steps), more than a whole engine step of
//! the standard game.
//!
//! A few recent configs are kept per thread, keyed by the tile source: a compile-time set
//! by its type (its layouts depend on nothing else), a run-time set by the set itself (a
//! clone of the shared pointer, so that no other set can come to live at its address while
//! it is kept; two sets of equal configs share their layouts, which depend on the config
//! alone). Keeping a run-time set keeps its tables alive until the thread ends or a newer
//! config takes its slot. Nothing allocates but, once per thread, the standard library's
//! registration of the cache's destructor.

use core::any::{Any, TypeId};
use std::cell::RefCell;

use super::actions::ActionLayout;
use super::observe::ObservationLayout;
use crate::{Duke, Expanded, TileSource};

/// The layouts of one config.
#[derive(Clone, Debug)]
pub(crate) struct Layouts {
    pub(crate) actions: ActionLayout,
    pub(crate) observation: ObservationLayout,
}

impl Layouts {
    /// The layouts of `game`'s config, worked out from its tiles and options.
    pub(crate) fn of<S: TileSource>(game: &Duke<S>) -> Layouts {
        Layouts { actions: ActionLayout::of(game), observation: ObservationLayout::of(game) }
    }
}

/// What a cached entry was computed for.
#[derive(Debug)]
enum Key {
    /// A compile-time tile set: its type.
    Compiled(TypeId),
    /// A run-time set (kept alive while cached).
    Expanded(Expanded),
}

impl Key {
    fn of<S: TileSource>(set: &S) -> Key {
        match (set as &dyn Any).downcast_ref::<Expanded>() {
            Some(expanded) => Key::Expanded(expanded.clone()),
            None => Key::Compiled(TypeId::of::<S>()),
        }
    }

    fn matches<S: TileSource>(&self, set: &S) -> bool {
        match self {
            Key::Compiled(id) => *id == TypeId::of::<S>(),
            // Equal sets: the same pointer, or equal configs (`Expanded`'s `PartialEq`).
            Key::Expanded(kept) => (set as &dyn Any).downcast_ref::<Expanded>().is_some_and(|s| s == kept),
        }
    }
}

/// How many configs a thread keeps.
const SLOTS: usize = 4;

#[derive(Debug)]
struct Cache {
    slots: [Option<(Key, Layouts)>; SLOTS],
    /// The slot the next new config takes (round robin).
    next: usize,
    /// The slot that answered last (looked at first).
    last: usize,
}

thread_local! {
    static CACHE: RefCell<Cache> =
        const { RefCell::new(Cache { slots: [const { None }; SLOTS], next: 0, last: 0 }) };
}

/// Calls `f` with the layouts of `game`'s config (once).
pub(crate) fn with<S: TileSource, R>(game: &Duke<S>, mut f: impl FnMut(&Layouts) -> R) -> R {
    let set = &game.set;
    let cached = CACHE.try_with(|cache| {
        let mut cache = cache.try_borrow_mut().ok()?;
        let last = cache.last;
        let hit = match cache.slots.get(last) {
            Some(Some((key, _))) if key.matches(set) => Some(last),
            _ => cache.slots.iter().position(|slot| slot.as_ref().is_some_and(|(key, _)| key.matches(set))),
        };
        let slot = match hit {
            Some(slot) => slot,
            None => {
                let slot = cache.next % SLOTS;
                cache.next = (slot + 1) % SLOTS;
                *cache.slots.get_mut(slot)? = Some((Key::of(set), Layouts::of(game)));
                slot
            }
        };
        cache.last = slot;
        let (_, layouts) = cache.slots.get(slot)?.as_ref()?;
        Some(f(layouts))
    });
    match cached {
        Ok(Some(result)) => result,
        // No cache (the thread is ending, or a call from within `f`): work them out.
        _ => f(&Layouts::of(game)),
    }
}
