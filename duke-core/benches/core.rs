//! Benchmarks of the shared building blocks, and the benchmark conventions every rules
//! crate follows, shown on the High Card demonstration game:
//! `<game>/playout` (random full games), `<game>/legal_actions`, `<game>/apply_undo`,
//! `<game>/clone`, and the state's `size_of` printed once; with a learning surface,
//! `<game>/learning`: `legal_mask + observe` against `legal_actions + apply` on the same
//! positions.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duke_core::testing::random_playout;
use duke_core::testing::toy::{HighCard, HighCardConfig};
use duke_core::{CardSet, Game, GameRng, Learning, Observer, Seat};
use std::hint::black_box;

fn generator(c: &mut Criterion) {
    c.bench_function("rng/below single draw (rebuilds ChaCha)", |b| {
        let mut rng = GameRng::new(1);
        b.iter(|| black_box(rng.below(black_box(36))));
    });
    c.bench_function("rng/shuffle 52", |b| {
        let mut rng = GameRng::new(1);
        let mut deck: Vec<u8> = (0..52).collect();
        b.iter(|| rng.shuffle(black_box(&mut deck)));
    });
    c.bench_function("cardset/iterate 26", |b| {
        let set = CardSet::from_bits(0x5555_5555_5555);
        b.iter(|| black_box(set).iter().map(|c| u32::from(c.index())).sum::<u32>());
    });
}

fn conventions(c: &mut Criterion) {
    let config = HighCardConfig { players: 4, rounds: 5 };
    println!("size_of::<HighCard>() = {} bytes", std::mem::size_of::<HighCard>());
    let Ok(start) = HighCard::new(&config, 1) else { return };
    // Actions per game are fixed in High Card: players x rounds.
    let per_game = HighCard::max_actions(&config);
    let mut group = c.benchmark_group("highcard");
    group.throughput(Throughput::Elements(per_game));
    group.bench_function("playout (elements = actions)", |b| {
        let mut rng = GameRng::new(2);
        let mut buf = Vec::new();
        b.iter(|| {
            let mut game = start;
            black_box(random_playout(&mut game, &mut rng, &mut buf, u64::MAX))
        });
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_actions", |b| {
        let mut buf = Vec::new();
        b.iter(|| {
            start.legal_actions(black_box(Seat(0)), &mut buf);
            buf.len()
        });
    });
    group.bench_function("apply_undo", |b| {
        let mut game = start;
        let mut buf = Vec::new();
        game.legal_actions(Seat(0), &mut buf);
        let action = buf.first().copied();
        b.iter(|| {
            if let Some(action) = action
                && let Ok(undo) = game.apply(Seat(0), black_box(action))
            {
                game.undo(undo);
            }
        });
    });
    group.bench_function("clone", |b| b.iter(|| black_box(Clone::clone(black_box(&start)))));
    group.finish();
}

/// The positions of one random game, each with the seat to act: the learning bench runs on
/// every one of them.
fn positions(start: HighCard, seed: u64) -> Vec<(HighCard, Seat)> {
    let mut game = start;
    let mut rng = GameRng::new(seed);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    while let Some(seat) = game.to_act().nth(rng.below(game.to_act().len() as u32) as usize) {
        game.legal_actions(seat, &mut buf);
        let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
        out.push((game, seat));
        if game.apply(seat, action).is_err() {
            break;
        }
    }
    out
}

fn learning(c: &mut Criterion) {
    let Ok(start) = HighCard::new(&HighCardConfig { players: 4, rounds: 5 }, 3) else { return };
    let positions = positions(start, 4);
    let mut group = c.benchmark_group("highcard/learning");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_mask + observe (elements = positions)", |b| {
        let mut scratch = Vec::new();
        let mut mask = vec![false; start.action_count()];
        let mut obs = vec![0.0; start.observation_shape().len()];
        b.iter(|| {
            for (game, seat) in &positions {
                let _ = game.legal_mask(*seat, &mut scratch, &mut mask);
                let _ = game.observe(Observer::Seat(*seat), &mut obs);
            }
            black_box((&mask, &obs));
        });
    });
    group.bench_function("legal_actions + apply (elements = positions)", |b| {
        let mut buf = Vec::new();
        b.iter(|| {
            for (game, seat) in &positions {
                let mut game = *game;
                game.legal_actions(*seat, &mut buf);
                if let Some(&action) = buf.first() {
                    let _ = black_box(game.apply(*seat, action));
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, generator, conventions, learning);
criterion_main!(benches);
