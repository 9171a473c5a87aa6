//! Benchmarks of the learning surface (issue #27): `legal_mask` (or `legal_mask_bits`) +
//! `observe` against `legal_actions` + `apply` (and undo) on the same positions, in the
//! standard game and in Expanded play with the enhanced tiles.
#![allow(missing_docs)]
// Configs are built by assigning fields of a default one: the config types may become
// `#[non_exhaustive]`, whose struct expressions other crates cannot write.
#![allow(clippy::field_reassign_with_default)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duke_core::testing::random_playout;
use duke_core::{Game, GameRng, Learning, Observer};
use std::hint::black_box;
use theduke_rules::{Config, Duke, ExpandedDuke, TheDuke, TileSource};

/// Positions reached by fixed random playouts of 10 to 60 actions (games still running).
fn positions<S: TileSource>(start: &Duke<S>) -> Vec<Duke<S>> {
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for (seed, steps) in (0..16u64).zip((10u64..=60).step_by(10).cycle()) {
        let mut game = start.clone();
        random_playout(&mut game, &mut GameRng::new(seed), &mut buf, steps);
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

fn group<S: TileSource>(c: &mut Criterion, name: &str, start: &Duke<S>) {
    let games = positions(start);
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(games.len() as u64));
    println!("{name}: {} actions, observation {:?}", start.action_count(), start.observation_shape().dims());
    group.bench_function("legal_mask + observe (elements = positions)", |b| {
        let mut scratch = Vec::new();
        let mut mask = vec![false; start.action_count()];
        let mut obs = vec![0.0f32; start.observation_shape().len()];
        b.iter(|| {
            for game in &games {
                let seat = game.side_to_move();
                let _ = game.legal_mask(seat, &mut scratch, &mut mask);
                let _ = game.observe(Observer::Seat(seat), &mut obs);
            }
            black_box((&mask, &obs));
        });
    });
    group.bench_function("legal_mask (elements = positions)", |b| {
        let mut scratch = Vec::new();
        let mut mask = vec![false; start.action_count()];
        b.iter(|| {
            for game in &games {
                let _ = game.legal_mask(game.side_to_move(), &mut scratch, &mut mask);
            }
            black_box(&mask);
        });
    });
    group.bench_function("legal_mask_bits + observe (elements = positions)", |b| {
        let mut scratch = Vec::new();
        let mut bits = vec![0u64; duke_core::mask_words(start.action_count())];
        let mut obs = vec![0.0f32; start.observation_shape().len()];
        b.iter(|| {
            for game in &games {
                let seat = game.side_to_move();
                let _ = game.legal_mask_bits(seat, &mut scratch, &mut bits);
                let _ = game.observe(Observer::Seat(seat), &mut obs);
            }
            black_box((&bits, &obs));
        });
    });
    group.bench_function("legal_mask_bits (elements = positions)", |b| {
        let mut scratch = Vec::new();
        let mut bits = vec![0u64; duke_core::mask_words(start.action_count())];
        b.iter(|| {
            for game in &games {
                let _ = game.legal_mask_bits(game.side_to_move(), &mut scratch, &mut bits);
            }
            black_box(&bits);
        });
    });
    group.bench_function("observe (elements = positions)", |b| {
        let mut obs = vec![0.0f32; start.observation_shape().len()];
        b.iter(|| {
            for game in &games {
                let _ = game.observe(Observer::Seat(game.side_to_move()), &mut obs);
            }
            black_box(&obs);
        });
    });
    group.bench_function("action_index + index_action of every legal action (elements = positions)", |b| {
        let mut buf = Vec::new();
        b.iter(|| {
            for game in &games {
                game.legal_actions(game.side_to_move(), &mut buf);
                for &action in &buf {
                    black_box(game.action_index(action).and_then(|i| game.index_action(i)));
                }
            }
        });
    });
    group.bench_function("legal_actions + apply/undo of the first (elements = positions)", |b| {
        let mut buf = Vec::new();
        let mut copies = games.clone();
        b.iter(|| {
            for game in &mut copies {
                let seat = game.side_to_move();
                game.legal_actions(seat, &mut buf);
                if let Some(&action) = buf.first()
                    && let Ok(undo) = game.apply(seat, black_box(action))
                {
                    game.undo(undo);
                }
            }
        });
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    // Configs built by assignment (the type may gain fields); who sets up first is drawn.
    let mut config = Config::default();
    config.turn_limit = Some(500);
    let standard = TheDuke::new(&config, 1).unwrap_or_else(|_| unreachable!());
    group(c, "theduke-learning", &standard);
    config.enhanced_tiles = true;
    let expanded = ExpandedDuke::new(&config, 1).unwrap_or_else(|_| unreachable!());
    group(c, "theduke-learning-expanded", &expanded);
}

criterion_group!(learning, benches);
criterion_main!(learning);
