//! A fixed amount of work, for CPU-time measurements (`/usr/bin/time`, `perf stat`): random
//! playouts of new games (seeds `0..games`) with the base deck of the player count, or with
//! all 16 Special Power cards. Prints the number of actions, so actions per CPU-second can
//! be computed even on a busy machine, where wall-clock throughput is unreliable.
//!
//! `cargo bench -p crownbattles-rules --bench fixed_work -- <players> <games> [all]`
//! (`all`: the deck also holds all 16 Special Power cards).
//!
//! The driver: the first seat the game waits for, a uniform random legal action (xorshift).
//! (Keep this loop as it is: measured numbers in the README come from it, and even unrelated
//! code added to this file moved them by a few percent through code placement.)
#![allow(missing_docs)]

use crownbattles_rules::{Action, Config, CrownBattles, DeckSpec, Power};
use duke_core::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let numbers: Vec<u64> = args.iter().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = numbers.first().map_or(5, |&p| p as u8);
    let games = numbers.get(1).copied().unwrap_or(20_000);
    let mut config = Config::rulebook(Some(players)).unwrap();
    let all = args.iter().any(|a| a == "all");
    if all {
        config.deck = DeckSpec::standard().with_powers(&Power::ALL);
    }
    let mut buf: Vec<Action> = Vec::with_capacity(64);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut actions = 0u64;
    for seed in 0..games {
        let mut game = CrownBattles::new(&config, seed).unwrap();
        loop {
            let to_act = game.to_act();
            let Some(seat) = to_act.first() else { break };
            game.legal_actions(seat, &mut buf);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = buf[((state >> 32) as usize * buf.len()) >> 32];
            let _ = game.apply(seat, action);
            actions += 1;
        }
    }
    println!("players {players}{}: {games} games, {actions} actions", if all { " (all 16 powers)" } else { "" });
}
