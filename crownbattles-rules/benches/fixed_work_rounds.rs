//! `fixed_work` with the expansion's round types: random playouts of new games (seeds
//! `0..games`) whose Round Type cards are every implemented round type, dealt one per
//! round. Prints the number of actions, for actions per CPU-second (as `fixed_work`).
//!
//! `cargo bench -p crownbattles-rules --bench fixed_work_rounds -- <players> <games>`
#![allow(missing_docs)]

use crownbattles_rules::{Action, Config, CrownBattles, RoundType, RoundTypes};
use duke_core::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let numbers: Vec<u64> = args.iter().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = numbers.first().map_or(5, |&p| p as u8);
    let games = numbers.get(1).copied().unwrap_or(20_000);
    let mut config = Config::rulebook(Some(players)).unwrap();
    config.round_types = RoundTypes::deal(&RoundType::IMPLEMENTED);
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
    let types: Vec<&str> = RoundType::IMPLEMENTED.iter().map(|t| t.name()).collect();
    println!("players {players}, round types {}: {games} games, {actions} actions", types.join(" + "));
}
