//! Issue #27: with warm buffers, `legal_mask`, `observe` and `returns` of Dukes Up! do not
//! allocate, at every step of random games (choosing, drawing, playing, the finished game).
//!
//! A counting global allocator needs `unsafe` (the `GlobalAlloc` trait is unsafe to
//! implement), so it lives in this test binary of its own (a global allocator is per
//! binary), as in `examples/tests/no_alloc.rs`: it only forwards to the system allocator and
//! counts, per thread.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use duke_core::{Game, GameRng, Learning, Observer, Seat};
use dukesup_rules::{Config, DukesUp};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: every call forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

#[test]
fn masks_observations_and_returns_do_not_allocate() {
    let mut config = Config::default();
    (config.turn_limit, config.rounds, config.first_player) = (Some(80), 2, None);
    let mut scratch = Vec::with_capacity(1 << 12);
    let mut legal = Vec::with_capacity(1 << 12);
    let mut checked = 0u64;
    for seed in 0..12 {
        let mut game = DukesUp::new(&config, seed).unwrap();
        let mut mask = vec![false; game.action_count()];
        let mut obs = vec![0.0f32; game.observation_shape().len()];
        let mut returns = [0.0f64; 2];
        let mut rng = GameRng::new(!seed);
        loop {
            let before = allocations();
            for seat in [Seat(0), Seat(1)] {
                game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
            }
            for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
                game.observe(observer, &mut obs).unwrap();
            }
            game.returns(&mut returns).unwrap();
            assert_eq!(allocations(), before, "seed {seed}: the learning surface allocated");
            checked += 1;
            let Some(seat) = game.to_act().first() else { break };
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.below(legal.len() as u32) as usize];
            game.apply(seat, action).unwrap();
        }
    }
    assert!(checked > 500, "{checked} positions");
}
