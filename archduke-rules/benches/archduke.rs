//! Archduke benchmarks: random full games at 2, 4, 6 and 12 players (games/s, and
//! actions/s via the mean game length as throughput), legal-action generation, apply+undo,
//! clone, the state's size, and the learning surface (`legal_mask` + `observe` against
//! `legal_actions` + `apply` on the same positions).
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use archduke_rules::{Action, Archduke, Config, Mark, RuleSet, Scoring};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duke_core::testing::random_playout;
use duke_core::{Game, GameRng, Seat};

const LIMIT: u64 = 10_000_000;

/// Box rules (4 rounds of tokens) up to 6 players; above, the online rules with two decks
/// and the same 4 rounds (`Mark::Rounds`), so every row plays 4 rounds.
fn config(players: u8) -> Config {
    if players > 6 {
        let mut config = RuleSet::Online.config(players);
        config.scoring = Scoring::Points { mark: Mark::Rounds { rounds: 4 } };
        config
    } else {
        RuleSet::Box.config(players)
    }
}

/// Mean actions per random game, to turn games/s into actions/s.
fn mean_actions(config: &Config, games: u64) -> f64 {
    let mut buf = Vec::new();
    let mut total = 0;
    for seed in 0..games {
        let mut game = Archduke::new(config, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0xBE4C);
        total += random_playout(&mut game, &mut rng, &mut buf, LIMIT);
    }
    total as f64 / games as f64
}

/// This process's user+system CPU time in clock ticks (Linux `/proc/self/stat`), so that the
/// per-action cost can be read off even when other jobs share the cores.
fn cpu_ticks() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Plays random games for about `ticks` CPU ticks and prints CPU nanoseconds per action.
fn cpu_cost(players: u8, ticks: u64) {
    let config = config(players);
    let mut buf = Vec::with_capacity(4096);
    let Some(start) = cpu_ticks() else { return };
    let (mut games, mut actions) = (0u64, 0u64);
    while cpu_ticks().is_some_and(|now| now < start + ticks) {
        for _ in 0..50 {
            games += 1;
            let mut game = Archduke::new(&config, games).unwrap();
            let mut rng = GameRng::new(games);
            actions += random_playout(&mut game, &mut rng, &mut buf, LIMIT);
        }
    }
    let spent = cpu_ticks().unwrap_or(start) - start;
    let ns = spent as f64 * 1e7 / actions as f64; // 100 ticks per second
    println!(
        "cpu time, {players} players: {games} games, {actions} actions, {:.0} ns/action, {:.2} M actions/s, {:.0} games/s",
        ns,
        1e3 / ns,
        games as f64 * 100.0 / spent as f64
    );
}

fn playouts(c: &mut Criterion) {
    println!("size_of::<Archduke>() = {} bytes", std::mem::size_of::<Archduke>());
    for players in [2u8, 4, 6, 12] {
        cpu_cost(players, 300);
    }
    for players in [2u8, 4, 6, 12] {
        let config = config(players);
        let mean = mean_actions(&config, 1000);
        println!("{players} players: {mean:.0} actions per random game (mean of 1000)");
        let mut group = c.benchmark_group(format!("random_game_{players}p"));
        group.throughput(Throughput::Elements(mean.round() as u64));
        let mut seed = 0u64;
        let mut buf: Vec<Action> = Vec::with_capacity(4096);
        group.bench_function("playout", |b| {
            b.iter(|| {
                seed = seed.wrapping_add(1);
                let mut game = Archduke::new(&config, seed).unwrap();
                let mut rng = GameRng::new(seed);
                black_box(random_playout(&mut game, &mut rng, &mut buf, LIMIT))
            })
        });
        group.finish();
    }
}

/// A mid-game state of a 4-player game, with a matching window open.
fn mid_game() -> Archduke {
    let mut game = Archduke::new(&config(4), 11).unwrap();
    let mut rng = GameRng::new(5);
    let mut buf = Vec::new();
    random_playout(&mut game, &mut rng, &mut buf, 30);
    game
}

fn primitives(c: &mut Criterion) {
    let game = mid_game();
    let mut buf = Vec::with_capacity(4096);
    c.bench_function("legal_actions_all_seats_4p", |b| {
        b.iter(|| {
            let mut n = 0;
            for seat in game.to_act() {
                black_box(&game).legal_actions(seat, &mut buf);
                n += buf.len();
            }
            n
        })
    });
    let seat = game.to_act().first().unwrap_or(Seat(0));
    game.legal_actions(seat, &mut buf);
    let actions = buf.clone();
    println!("apply_undo_4p: each iteration applies and undoes {} actions of {seat}", actions.len());
    let mut state = game;
    c.bench_function("apply_undo_4p", |b| {
        b.iter(|| {
            for &action in &actions {
                let undo = state.apply(seat, action).unwrap();
                state.undo(undo);
            }
        })
    });
    c.bench_function("clone_4p", |b| b.iter(|| black_box(*black_box(&game))));
    c.bench_function("determinize_4p", |b| b.iter(|| black_box(game.determinize(Seat(0), 9))));
}

/// States along random games of `players` (every tenth state of four games, at most 200
/// states each).
fn positions(players: u8) -> Vec<Archduke> {
    let config = config(players);
    let mut buf = Vec::new();
    let mut states = Vec::new();
    for seed in 0..4 {
        let mut game = Archduke::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0x1EA2);
        for step in 0..2_000 {
            if game.outcome().is_some() {
                break;
            }
            if step % 10 == 0 {
                states.push(game);
            }
            random_playout(&mut game, &mut rng, &mut buf, 1);
        }
    }
    states
}

/// The learning surface against plain play on the same positions: `legal_mask` + `observe`
/// for the seats that may act (what a learner reads per step), and `legal_actions` + the
/// `apply` of the first legal action (what a playout does per step).
fn learning(c: &mut Criterion) {
    use duke_core::Learning;
    let mut group = c.benchmark_group("learning");
    for players in [4u8, 12] {
        let states = positions(players);
        let (mut scratch, mut buf) = (Vec::with_capacity(4096), Vec::with_capacity(4096));
        let mut mask = vec![false; states[0].action_count()];
        let mut obs = vec![0.0f32; states[0].observation_shape().len()];
        group.throughput(Throughput::Elements(states.len() as u64));
        group.bench_function(format!("mask_observe_{players}p"), |b| {
            b.iter(|| {
                for game in &states {
                    for seat in game.to_act() {
                        game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
                        game.observe(duke_core::Observer::Seat(seat), &mut obs).unwrap();
                    }
                }
                black_box(obs[0])
            })
        });
        group.bench_function(format!("legal_actions_apply_{players}p"), |b| {
            b.iter(|| {
                for game in &states {
                    for seat in game.to_act() {
                        game.legal_actions(seat, &mut buf);
                        let mut next = *game;
                        if let Some(&action) = buf.first() {
                            black_box(next.apply(seat, action).unwrap());
                        }
                    }
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, primitives, learning);
criterion_main!(benches);
