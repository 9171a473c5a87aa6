//! Hot paths do not allocate: with warm buffers, `legal_actions`, `apply` and `undo` of every
//! game run whole random games without a single heap allocation.
//!
//! Allocations are counted per thread by duke-core's `testing::CountingAlloc`.

use duke_core::testing::CountingAlloc;
use duke_core::{Game, GameRng};

#[global_allocator]
static COUNTING: CountingAlloc = CountingAlloc;

/// This thread's allocations so far (duke-core's counting allocator, installed above).
fn allocations() -> u64 {
    duke_core::testing::allocations().expect("the counting allocator is installed")
}

/// Plays `games` random games; every action is applied, undone and applied again. Returns
/// the actions played; fails if anything allocated once the buffers were reserved.
fn playouts<G: Game>(config: &G::Config, games: u64) -> u64 {
    let mut buf = Vec::with_capacity(1 << 14);
    let mut played = 0;
    for seed in 0..games {
        let mut game = G::new(config, seed).unwrap();
        let mut rng = GameRng::new(!seed);
        let before = allocations();
        rng.with_stream(|stream| {
            while let Some(seat) = game.to_act().nth(stream.below(game.to_act().len() as u32) as usize) {
                game.legal_actions(seat, &mut buf);
                let action = buf[stream.below(buf.len() as u32) as usize];
                let undo = game.apply(seat, action).unwrap();
                game.undo(undo);
                game.apply(seat, action).unwrap();
                played += 1;
            }
        });
        let allocated = allocations() - before;
        assert_eq!(allocated, 0, "{} allocated {allocated} times in game {seed} ({played} actions so far)", G::NAME);
    }
    played
}

#[test]
fn the_duke_does_not_allocate() {
    let config = {
        let mut config = theduke_rules::Config::default();
        config.turn_limit = Some(150);
        config
    };
    assert!(playouts::<theduke_rules::TheDuke>(&config, 30) > 1000);
}

#[test]
fn archduke_does_not_allocate() {
    for players in [2, 4, 6, 12] {
        let mut config = archduke_rules::RuleSet::Online.config(players);
        config.turn_limit = Some(200);
        assert!(playouts::<archduke_rules::Archduke>(&config, 6) > 100);
        let config = archduke_rules::Config::bounded(Some(players.min(6))).unwrap();
        assert!(playouts::<archduke_rules::Archduke>(&config, 6) > 100);
    }
}

/// Archduke's learning surface: with warm buffers, `legal_mask` and `observe` (every seat
/// and the spectator) allocate nothing along random games of 2, 4 and 12 players.
#[test]
fn archduke_learning_does_not_allocate() {
    use duke_core::{Learning, Observer, Seat};
    for players in [2, 4, 12] {
        let config = archduke_rules::Config::bounded(Some(players)).unwrap();
        for seed in 0..3 {
            let mut game = archduke_rules::Archduke::new(&config, seed).unwrap();
            let (mut buf, mut scratch) = (Vec::with_capacity(1 << 16), Vec::with_capacity(1 << 16));
            let mut mask = vec![false; game.action_count()];
            let mut obs = vec![0.0f32; game.observation_shape().len()];
            let mut rng = GameRng::new(seed);
            let before = allocations();
            let mut steps = 0;
            // At most 300 steps a game: the tensors are large and the test binary unoptimised.
            while let Some(seat) = game.to_act().nth(rng.below(game.to_act().len() as u32) as usize) {
                if steps == 300 {
                    break;
                }
                for s in 0..players {
                    game.legal_mask(Seat(s), &mut scratch, &mut mask).unwrap();
                    game.observe(Observer::Seat(Seat(s)), &mut obs).unwrap();
                }
                game.observe(Observer::Spectator, &mut obs).unwrap();
                game.legal_actions(seat, &mut buf);
                let action = buf[rng.below(buf.len() as u32) as usize];
                game.apply(seat, action).unwrap();
                steps += 1;
            }
            game.observe(Observer::Spectator, &mut obs).unwrap();
            let allocated = allocations() - before;
            assert_eq!(allocated, 0, "{players} players, game {seed}: {allocated} allocations in {steps} steps");
            assert!(steps > 10);
        }
    }
}

#[test]
fn dukes_up_does_not_allocate() {
    let mut config = dukesup_rules::Config::default();
    (config.turn_limit, config.rounds) = (Some(150), 2);
    assert!(playouts::<dukesup_rules::DukesUp>(&config, 20) > 1000);
}

#[test]
fn crown_battles_does_not_allocate() {
    for players in 2..=8 {
        let config = crownbattles_rules::Config::rulebook(Some(players)).unwrap();
        assert!(playouts::<crownbattles_rules::CrownBattles>(&config, 8) > 100);
    }
}

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let boxed = std::hint::black_box(Box::new([0u8; 64]));
    assert_eq!(allocations() - before, 1);
    drop(boxed);
}
