//! Issue #27: with warm buffers, `legal_mask`, `observe` and `returns` of Dukes Up! do not
//! allocate, at every step of random games (choosing, drawing, playing, the finished game).
//!
//! The counting allocator is duke-core's (`duke_core::testing::CountingAlloc`); a global
//! allocator is per binary, hence this test file of its own.

use duke_core::testing::CountingAlloc;

use duke_core::{Game, GameRng, Learning, Observer, Seat};
use dukesup_rules::{Config, DukesUp};

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

fn allocations() -> u64 {
    duke_core::testing::allocations().unwrap_or(0)
}

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

/// duke-core's learning checks (masks, indices, observations, twins, returns, and no
/// allocation, since this binary counts) on every option the crate's strategy draws.
#[test]
fn the_shared_learning_checks_pass() -> Result<(), duke_core::testing::Failure> {
    assert!(duke_core::testing::counting_installed());
    let settings = duke_core::testing::Settings { cases: 24, max_steps: 200, ..Default::default() };
    duke_core::testing::run_learning::<DukesUp>(dukesup_rules::testing::configs(), &settings)
}

/// Both masks are written straight from the move generation (no action list), so they do
/// not allocate even with an empty, never-grown scratch buffer: a mask that listed the
/// actions into the scratch would grow it at the first state with a legal action.
#[test]
fn the_direct_masks_need_no_scratch_buffer() {
    let mut config = Config::default();
    config.turn_limit = Some(80);
    let mut legal = Vec::new();
    let mut checked = 0u64;
    for seed in 0..6 {
        let mut game = DukesUp::new(&config, seed).unwrap();
        let mut mask = vec![false; game.action_count()];
        let mut bits = vec![0u64; duke_core::mask_words(game.action_count())];
        let mut rng = GameRng::new(seed);
        loop {
            let mut scratch = Vec::new();
            let before = allocations();
            for seat in [Seat(0), Seat(1)] {
                game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
                game.legal_mask_bits(seat, &mut scratch, &mut bits).unwrap();
            }
            assert_eq!(allocations(), before, "seed {seed}: a mask allocated");
            checked += 1;
            let Some(seat) = game.to_act().first() else { break };
            game.legal_actions(seat, &mut legal);
            let action = legal[rng.below(legal.len() as u32) as usize];
            game.apply(seat, action).unwrap();
        }
    }
    assert!(checked > 200, "{checked} positions");
}
