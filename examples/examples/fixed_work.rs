//! Fixed work per game: random playouts (legal_actions + apply) and apply/undo of every
//! legal action along games, timed; prints actions per second. The same source builds
//! against older versions of the engines, so before/after runs compare like for like.
//!
//! `cargo run --release --example fixed_work [-- ROUNDS]`

use std::hint::black_box;
use std::time::Instant;

use duke_core::testing::random_playout;
use duke_core::{Game, GameRng};

/// Plays `games` random games from new states; returns (actions, seconds).
fn playouts<G: Game>(config: &G::Config, games: u64) -> (u64, f64) {
    let mut rng = GameRng::new(7);
    let mut buf = Vec::new();
    let start = Instant::now();
    let mut actions = 0;
    for seed in 0..games {
        let Ok(mut game) = G::new(config, seed) else { continue };
        actions += random_playout(&mut game, &mut rng, &mut buf, 100_000);
        black_box(&game);
    }
    (actions, start.elapsed().as_secs_f64())
}

/// Walks `games` random games and, at every state, applies and undoes every legal action
/// of the seat to act; returns (apply+undo pairs, seconds).
fn apply_undo<G: Game>(config: &G::Config, games: u64) -> (u64, f64) {
    let mut rng = GameRng::new(11);
    let mut buf = Vec::new();
    let mut pairs = 0;
    let mut elapsed = 0.0;
    for seed in 0..games {
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

fn report<G: Game>(label: &str, config: &G::Config, games: u64) {
    let (actions, secs) = playouts::<G>(config, games);
    let (pairs, undo_secs) = apply_undo::<G>(config, games / 4 + 1);
    println!(
        "{label:<28} playouts {:>7.2} M actions/s   apply+undo {:>7.2} M pairs/s",
        actions as f64 / secs / 1e6,
        pairs as f64 / undo_secs / 1e6
    );
}

fn main() {
    let rounds: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    for _ in 0..rounds {
        let duke = {
            let mut config = theduke_rules::Config::default();
            config.turn_limit = Some(200);
            config
        };
        report::<theduke_rules::TheDuke>("theduke (turn limit 200)", &duke, 400);
        // Fields set one by one: `Config` is `#[non_exhaustive]` (and this builds against
        // older versions too).
        let mut arch = archduke_rules::Config::default();
        arch.turn_limit = Some(200);
        report::<archduke_rules::Archduke>("archduke (4 players)", &arch, 400);
        let mut up = dukesup_rules::Config::default();
        up.turn_limit = Some(200);
        report::<dukesup_rules::DukesUp>("dukesup", &up, 1_000);
        for players in [3u8, 5, 8] {
            let Ok(crown) = crownbattles_rules::Config::rulebook(Some(players)) else { continue };
            report::<crownbattles_rules::CrownBattles>(&format!("crownbattles ({players} players)"), &crown, 600);
        }
    }
}
