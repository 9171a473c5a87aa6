//! A counting global allocator, so that the suite can check that hot paths do not allocate.
//!
//! A global allocator is chosen per binary, so a library cannot install one for its
//! callers: a test binary that wants the no-allocation checks installs [`CountingAlloc`]
//! itself, in one line, and the checks that need it ([`run_learning`](super::learning::run_learning)'s
//! masks and observations) use it whenever it is installed:
//!
//! ```
//! // tests/learning.rs of a rules crate (a file of its own is best: the allocator then
//! // counts only that binary's tests).
//! #[global_allocator]
//! static COUNTING: duke_core::testing::CountingAlloc = duke_core::testing::CountingAlloc;
//!
//! // ...then every run_learning::<MyGame>(...) in this binary also checks that legal_mask
//! // and observe do not allocate.
//! # fn main() {
//! let v = vec![1u8, 2, 3]; // counted
//! assert!(duke_core::testing::counting_installed());
//! # drop(v);
//! # }
//! ```
//!
//! Without it, [`counting_installed`] is `false`, [`allocations`] is `None` and those checks
//! are skipped (every other check runs). Counts are per thread, so tests running in
//! parallel do not disturb each other.
//!
//! Implementing [`GlobalAlloc`] is `unsafe`: this module is the one place of the crate that
//! allows it (the crate forbids unsafe code when the `testing` feature is off). It only
//! forwards every call to [`System`] with the caller's arguments and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// The system allocator, counting the allocations (and reallocations) of each thread.
/// Install it with `#[global_allocator]` in a test binary: see the [module docs](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct CountingAlloc;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// Set by the first allocation through [`CountingAlloc`]: it is the global allocator.
static INSTALLED: AtomicBool = AtomicBool::new(false);

fn count() {
    INSTALLED.store(true, Ordering::Relaxed);
    // `try_with`: a thread being torn down may still allocate; it is simply not counted.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get().wrapping_add(1)));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged, so it
// keeps `System`'s guarantees; counting touches only a const-initialised thread-local
// `Cell` (which never allocates) and an atomic flag.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract for `alloc`, passed on.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract for `alloc_zeroed`, passed on.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: the caller's contract for `realloc`, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc`, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Whether [`CountingAlloc`] is this binary's global allocator (it has counted an
/// allocation; every test binary allocates before its tests run).
pub fn counting_installed() -> bool {
    INSTALLED.load(Ordering::Relaxed)
}

/// How many allocations this thread has made so far, when [`CountingAlloc`] is installed.
pub fn allocations() -> Option<u64> {
    counting_installed().then(|| ALLOCATIONS.with(Cell::get))
}

/// Runs `f` and returns its result with the number of allocations it made on this thread
/// (`None` when [`CountingAlloc`] is not installed).
pub fn count_allocations<T>(f: impl FnOnce() -> T) -> (T, Option<u64>) {
    let before = allocations();
    let out = f();
    let after = allocations();
    (out, before.zip(after).map(|(b, a)| a.wrapping_sub(b)))
}
