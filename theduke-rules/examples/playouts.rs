//! Plays random games and reports throughput: `cargo run --release --example playouts`.
#![allow(missing_docs)]

use duke_core::testing::random_playout;
use duke_core::{Game, GameRng};
use theduke_rules::{Config, FirstPlayer, TheDuke};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let config = Config { first_player: FirstPlayer::Random, turn_limit: Some(500) };
    let mut rng = GameRng::new(1);
    let mut buf = Vec::new();
    let start = std::time::Instant::now();
    let mut actions = 0;
    for seed in 0..games {
        let Ok(mut game) = TheDuke::new(&config, seed) else { return };
        actions += random_playout(&mut game, &mut rng, &mut buf, u64::MAX);
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{games} games, {actions} actions, {:.0} actions/s", actions as f64 / secs);
}
