//! A fixed amount of work, for CPU-time measurements (`/usr/bin/time`, `perf stat`): random
//! playouts of new games (seeds `0..games`) with the base deck of the player count, or with
//! all 16 Special Power cards. Prints the number of actions, so actions per CPU-second can
//! be computed even on a busy machine, where wall-clock throughput is unreliable.
//!
//! `cargo bench -p crownbattles-rules --bench fixed_work -- <players> <games> [all] [chance]`
//!
//! - `all`: the deck also holds all 16 Special Power cards;
//! - `chance`: afterwards (not part of the measured work), also count the chance events of
//!   the same games the way OpenSpiel counts chance actions: each dealt card, each spin of
//!   the trump spinner and the draw of the first dealer.
//!
//! The driver: the first seat the game waits for, a uniform random legal action (xorshift).
#![allow(missing_docs)]

use crownbattles_rules::{Action, Config, CrownBattles, DeckSpec, Phase, Power};
use duke_core::{Game, Observer};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let numbers: Vec<u64> = args.iter().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = numbers.first().map_or(5, |&p| p as u8);
    let games = numbers.get(1).copied().unwrap_or(20_000);
    let mut config = Config::base(players).unwrap();
    let all = args.iter().any(|a| a == "all");
    if all {
        config.deck = DeckSpec::standard().with_powers(&Power::ALL);
    }
    let mut buf: Vec<Action> = Vec::with_capacity(64);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut actions = 0u64;
    for seed in 0..games {
        let mut game = CrownBattles::new(&config, seed).unwrap();
        while let Some(seat) = game.to_act().first() {
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
    if args.iter().any(|a| a == "chance") {
        let chance = chance_events(&config, games);
        println!(
            "chance events (dealt cards, spins, first dealer): {chance}, {:.1} per game",
            chance as f64 / games as f64
        );
    }
}

/// The chance events of the same playouts: replays them, counting each round's deal and spin.
fn chance_events(config: &Config, games: u64) -> u64 {
    let mut buf: Vec<Action> = Vec::with_capacity(64);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut chance = 0u64;
    for seed in 0..games {
        let mut game = CrownBattles::new(config, seed).unwrap();
        let mut round = None;
        chance += u64::from(config.first_dealer.is_none());
        loop {
            let view = game.view(Observer::Spectator);
            if round != Some(view.round) && view.phase != Phase::Over {
                round = Some(view.round);
                chance += u64::from(game.cards_this_round()) * u64::from(config.players) + 1;
            }
            let Some(seat) = game.to_act().first() else { break };
            game.legal_actions(seat, &mut buf);
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let action = buf[((state >> 32) as usize * buf.len()) >> 32];
            let _ = game.apply(seat, action);
        }
    }
    chance
}
