//! Timing the engines: random playouts and apply/undo along random games, shared by the
//! `fixed_work` and `speed` examples so that both measure alike.

use std::hint::black_box;
use std::time::Instant;

use duke_core::testing::random_playout;
use duke_core::{Game, GameRng};

/// Plays the random games of seeds `seeds` from new states (one generator for all of them,
/// one live stream per game); returns (actions, seconds). A game the config refuses is
/// skipped.
pub fn playouts<G: Game>(config: &G::Config, seeds: core::ops::Range<u64>) -> (u64, f64) {
    let mut rng = GameRng::new(7);
    let mut buf = Vec::new();
    let start = Instant::now();
    let mut actions = 0;
    for seed in seeds {
        let Ok(mut game) = G::new(config, seed) else { continue };
        actions += random_playout(&mut game, &mut rng, &mut buf, 100_000);
        black_box(&game);
    }
    (actions, start.elapsed().as_secs_f64())
}

/// Walks the random games of seeds `seeds` (at most 2,000 actions each) and, at every
/// state, applies and undoes every legal action of the seat to act; returns
/// (apply+undo pairs, seconds spent in them).
pub fn apply_undo<G: Game>(config: &G::Config, seeds: core::ops::Range<u64>) -> (u64, f64) {
    let mut rng = GameRng::new(11);
    let mut buf = Vec::new();
    let mut pairs = 0;
    let mut elapsed = 0.0;
    for seed in seeds {
        let Ok(mut game) = G::new(config, seed) else { continue };
        for _ in 0..2_000 {
            let to_act = game.to_act();
            let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
            game.legal_actions(seat, &mut buf);
            let start = Instant::now();
            for &action in &buf {
                if let Ok(undo) = game.apply(seat, action) {
                    game.undo(undo);
                    pairs += 1;
                }
            }
            elapsed += start.elapsed().as_secs_f64();
            let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
            if game.apply(seat, action).is_err() {
                break;
            }
        }
    }
    (pairs, elapsed)
}

/// How much work to time: a fixed number of games, or batches doubling in size until this
/// many seconds have passed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// Exactly this many games (fixed work: the same on every machine).
    Games(u64),
    /// At least this many seconds.
    Seconds(f64),
}

/// Runs `batch(first, count)` (count games from the `first`th on; it returns the work done
/// and the seconds it took) within `budget`; returns the total work and seconds. Under a
/// time budget the batches start at one game and grow to fill the time left, at most
/// doubling each time.
pub fn within(budget: Budget, mut batch: impl FnMut(u64, u64) -> (u64, f64)) -> (u64, f64) {
    match budget {
        Budget::Games(games) => batch(0, games),
        Budget::Seconds(limit) => {
            let (mut work, mut secs, mut first, mut count) = (0, 0.0, 0u64, 1u64);
            // The wall clock bounds the loop: apply+undo times only part of its batches.
            let start = Instant::now();
            loop {
                let (w, s) = batch(first, count);
                (work, secs, first) = (work + w, secs + s, first + count);
                let spent = start.elapsed().as_secs_f64();
                if spent >= limit {
                    return (work, secs);
                }
                let per_game = spent / first as f64;
                let fill = if per_game > 0.0 { ((limit - spent) / per_game).ceil() as u64 } else { count * 2 };
                count = fill.clamp(1, count.saturating_mul(2));
            }
        }
    }
}

/// Millions of `work` per second (0 when nothing was timed).
pub fn millions_per_second((work, secs): (u64, f64)) -> f64 {
    if secs > 0.0 { work as f64 / secs / 1e6 } else { 0.0 }
}
