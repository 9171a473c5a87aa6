//! Fixed work on the standard game without clocks, for exact instruction counts under
//! `valgrind --tool=cachegrind` (load-independent, unlike wall clock on a shared machine):
//!
//! - `apply_undo [games]`: the apply + undo work of `examples/examples/fixed_work.rs`:
//!   walks `games` random games (turn limit 200) and, at every state, applies and undoes
//!   every legal action;
//! - `apply_undo [games] walk`: only walks the same games, so the difference of the two
//!   counts is the apply + undo pairs alone;
//! - `apply_undo [games] playouts`: `games` random playouts (legal actions + apply);
//! - `apply_undo [depth] perft`: perft from the opening (after set-up).
//!
//! Only the `Game` contract and `perft` are used, so the same file builds against older
//! versions of the crate.
#![allow(missing_docs)]

use std::hint::black_box;

use duke_core::{Game, GameRng, Seat};
use theduke_rules::{Action, Config, TheDuke};

fn walk(games: u64, pairs_too: bool) -> u64 {
    let config = {
        let mut config = Config::default();
        config.turn_limit = Some(200);
        config
    };
    let mut rng = GameRng::new(11);
    let mut buf = Vec::new();
    let mut pairs = 0u64;
    for seed in 0..games {
        let Ok(mut game) = TheDuke::new(&config, seed) else { continue };
        for _ in 0..2_000 {
            let to_act = game.to_act();
            let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
            game.legal_actions(seat, &mut buf);
            if pairs_too {
                for &action in &buf {
                    if let Ok(undo) = game.apply(seat, black_box(action)) {
                        game.undo(black_box(undo));
                        pairs += 1;
                    }
                }
            }
            let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
            if game.apply(seat, action).is_err() {
                break;
            }
        }
        black_box(&game);
    }
    pairs
}

fn playouts(games: u64) -> u64 {
    let config = {
        let mut config = Config::default();
        config.turn_limit = Some(200);
        config
    };
    let mut rng = GameRng::new(7);
    let mut buf = Vec::new();
    let mut actions = 0;
    for seed in 0..games {
        let Ok(mut game) = TheDuke::new(&config, seed) else { continue };
        let mut seat = game.to_act().nth(0);
        while let Some(s) = seat {
            game.legal_actions(s, &mut buf);
            let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
            if game.apply(s, action).is_err() {
                break;
            }
            actions += 1;
            seat = game.to_act().nth(0);
        }
        black_box(&game);
    }
    actions
}

fn perft(depth: u32) -> u64 {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config
    };
    let Ok(mut open) = TheDuke::new(&config, 1) else { return 0 };
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        if let Ok(action) = text.parse::<Action>() {
            let _ = open.apply(Seat(seat), action);
        }
    }
    open.perft(depth)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    match args.next().as_deref() {
        Some("walk") => println!("walked {n} games ({} pairs)", walk(n, false)),
        Some("playouts") => println!("{} actions in {n} playouts", playouts(n)),
        Some("perft") => println!("perft({n}) = {}", perft(n as u32)),
        _ => println!("{} apply+undo pairs", walk(n, true)),
    }
    println!(
        "size_of TheDuke {} bytes, Config {} bytes",
        std::mem::size_of::<TheDuke>(),
        std::mem::size_of::<Config>()
    );
}
