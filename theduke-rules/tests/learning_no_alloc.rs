//! The learning surface does not allocate: with warm buffers, `legal_mask`, `observe`,
//! `legal_mask_bits`, `action_index`, `index_action` and `returns` (the standard game and Expanded play, the
//! abilities' steps included) run through whole random games without a heap allocation.
//!
//! A counting global allocator needs `unsafe` (the `GlobalAlloc` trait is unsafe to
//! implement), as in `examples/tests/no_alloc.rs`: it only forwards to the system allocator
//! and counts, per thread. A global allocator is per binary, hence this file of its own.
// Configs are built by assigning fields of a default one: the config types may become
// `#[non_exhaustive]`, whose struct expressions other crates cannot write.
#![allow(clippy::field_reassign_with_default)]

use std::collections::BTreeSet;

use duke_core::testing::CountingAlloc;
use proptest::strategy::Strategy;

use duke_core::{Game, GameRng, Learning, Observer, Seat};
use theduke_rules::testing::custom_tile_set;
use theduke_rules::{Action, Config, CustomTiles, Duke, ExpandedDuke, Objective, TheDuke, TileSource};

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

fn allocations() -> u64 {
    duke_core::testing::allocations().unwrap_or(0)
}

/// Plays random games of `config`; at every state the learning calls run between two
/// allocation counts (the mask too when `masks`). Returns the states checked; adds the
/// kinds of legal actions met (their `Debug` names) to `met`.
fn checked<S: TileSource>(config: &Config, games: u64, masks: bool, met: &mut BTreeSet<String>) -> u64 {
    let mut buf = Vec::with_capacity(1 << 12);
    let mut scratch = Vec::with_capacity(1 << 12);
    let mut states = 0;
    for seed in 0..games {
        let mut game = Duke::<S>::new(config, seed).unwrap();
        let mut mask = vec![false; game.action_count()];
        let mut bits = vec![0u64; duke_core::mask_words(game.action_count())];
        let mut planes = vec![0.0f32; game.observation_shape().len()];
        let mut returns = [0.0f64; 2];
        let mut rng = GameRng::new(!seed);
        loop {
            let before = allocations();
            for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
                game.observe(observer, &mut planes).unwrap();
            }
            game.returns(&mut returns).unwrap();
            if masks {
                game.legal_mask(game.side_to_move(), &mut scratch, &mut mask).unwrap();
                game.legal_mask_bits(game.side_to_move(), &mut scratch, &mut bits).unwrap();
            }
            let allocated = allocations() - before;
            assert_eq!(allocated, 0, "{config:?}: {allocated} allocations at state {states}");
            let Some(seat) = game.to_act().iter().next() else { break };
            game.legal_actions(seat, &mut buf);
            met.extend(buf.iter().map(|a| format!("{a:?}").chars().take_while(char::is_ascii_alphanumeric).collect()));
            let before = allocations();
            for &action in &buf {
                let index = game.action_index(action).unwrap();
                assert_eq!(game.index_action(index), Some(action));
            }
            assert_eq!(allocations() - before, 0, "{config:?}: the action index allocated at state {states}");
            // Half the choices go to an action other than a Move, so that the abilities'
            // steps come up.
            let rare: Vec<Action> = buf.iter().copied().filter(|a| !matches!(a, Action::Move { .. })).collect();
            let pool = if !rare.is_empty() && rng.below(2) == 0 { &rare } else { &buf };
            let action = pool[rng.below(pool.len() as u32) as usize];
            game.apply(seat, action).unwrap();
            states += 1;
        }
    }
    states
}

#[test]
fn the_standard_game_does_not_allocate() {
    let mut config = Config::default();
    config.turn_limit = Some(150);
    assert!(checked::<theduke_rules::Standard>(&config, 10, true, &mut BTreeSet::new()) > 500);
    let _ = TheDuke::new(&config, 0).unwrap();
}

#[test]
fn expanded_play_does_not_allocate() {
    let mut met = BTreeSet::new();
    for (i, objective) in
        [Objective::Standard, Objective::DynasticDispute, Objective::CountingCoup].into_iter().enumerate()
    {
        let mut config = Config::default();
        config.turn_limit = Some(100);
        config.enhanced_tiles = true;
        config.tiles = Some(CustomTiles::new(custom_tile_set(i as u64)));
        config.terrain.mountain = true;
        config.terrain.fort = true;
        config.terrain.dragon = true;
        config.objective = objective;
        assert!(checked::<theduke_rules::Expanded>(&config, 8, true, &mut met) > 40);
        let _ = ExpandedDuke::new(&config, 0).unwrap();
    }
    // The abilities' steps came up (their masks were counted too).
    for name in ["Summon", "Divine", "Keep", "Return", "Escape", "Enrage", "Pick", "Flag"] {
        assert!(met.contains(name), "no {name} met: {met:?}");
    }
}

/// duke-core's learning checks (masks, indices, observations, twins, returns, and no
/// allocation, since this binary counts) on the standard game.
#[test]
fn the_shared_learning_checks_pass_on_the_standard_game() -> Result<(), duke_core::testing::Failure> {
    assert!(duke_core::testing::counting_installed());
    let settings = duke_core::testing::Settings { cases: 16, max_steps: 200, ..Default::default() };
    // Bounded, so that every random game ends.
    let configs = theduke_rules::testing::configs().prop_map(|mut config| {
        config.turn_limit = Some(config.turn_limit.unwrap_or(60).min(60));
        config
    });
    duke_core::testing::run_learning::<theduke_rules::TheDuke>(configs, &settings)
}

/// The same on Expanded play: enhanced tiles, terrain, the Dragon, every objective and reading.
#[test]
fn the_shared_learning_checks_pass_on_expanded_play() -> Result<(), duke_core::testing::Failure> {
    assert!(duke_core::testing::counting_installed());
    let settings = duke_core::testing::Settings { cases: 16, max_steps: 200, ..Default::default() };
    let configs = theduke_rules::testing::expanded_configs().prop_map(|mut config| {
        config.turn_limit = Some(config.turn_limit.unwrap_or(60).min(60));
        config
    });
    duke_core::testing::run_learning::<theduke_rules::ExpandedDuke>(configs, &settings)
}
