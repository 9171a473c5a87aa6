//! Benchmarks of the learning surface (issue #27): on the same positions of random games,
//! `legal_mask` + `observe` (what a learner pays per step) against `legal_actions` + `apply`
//! (what the engine pays per step), and each half alone, for the 4-player base game, 8
//! players with every Special Power card, and 5 players dealing every round type.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use crownbattles_rules::{Action, Config, CrownBattles, Power, RoundType, RoundTypes};
use duke_core::{Game, Learning, Observer, Seat};

/// A tiny xorshift for the random player, so the benchmark measures the engine.
struct Picker(u64);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 32) as usize * n) >> 32
    }
}

/// Positions of random games (with the seat to act), `count` of them, from several games.
fn positions(config: &Config, count: usize) -> Vec<(CrownBattles, Seat)> {
    let mut out = Vec::with_capacity(count);
    let mut buf = Vec::new();
    let mut seed = 1;
    while out.len() < count {
        let mut game = CrownBattles::new(config, seed).unwrap();
        let mut pick = Picker(seed | 1);
        while let Some(seat) = game.to_act().first() {
            if out.len() == count {
                break;
            }
            out.push((game.clone(), seat));
            game.legal_actions(seat, &mut buf);
            let action = buf[pick.below(buf.len())];
            game.apply(seat, action).unwrap();
        }
        seed += 1;
    }
    out
}

fn configs() -> Vec<(&'static str, Config)> {
    let base = Config::rulebook(Some(4)).unwrap();
    let mut powers = Config::rulebook(Some(8)).unwrap();
    powers.deck = powers.deck.with_powers(&Power::ALL);
    let mut rounds = Config::rulebook(Some(5)).unwrap();
    rounds.round_types =
        RoundTypes::deal(&RoundType::ALL.into_iter().filter(|t| !t.excluded_for(5)).collect::<Vec<_>>());
    vec![
        ("base4", base),
        (
            "powers8",
            {
                let c = powers.clone();
                c.check().map(|()| c)
            }
            .unwrap(),
        ),
        (
            "rounds5",
            {
                let c = rounds.clone();
                c.check().map(|()| c)
            }
            .unwrap(),
        ),
    ]
}

fn learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("learning");
    for (name, config) in configs() {
        let positions = positions(&config, 256);
        group.throughput(Throughput::Elements(positions.len() as u64));
        let first = &positions[0].0;
        let mut mask = vec![false; first.action_count()];
        let mut tensor = vec![0.0f32; first.observation_shape().len()];
        let mut scratch: Vec<Action> = Vec::new();
        group.bench_function(BenchmarkId::new("legal_mask+observe", name), |b| {
            b.iter(|| {
                for (game, seat) in &positions {
                    game.legal_mask(*seat, &mut scratch, &mut mask).unwrap();
                    game.observe(Observer::Seat(*seat), &mut tensor).unwrap();
                    black_box((&mask, &tensor));
                }
            });
        });
        // Each half alone: which of the two dominates.
        group.bench_function(BenchmarkId::new("legal_mask", name), |b| {
            b.iter(|| {
                for (game, seat) in &positions {
                    game.legal_mask(*seat, &mut scratch, &mut mask).unwrap();
                    black_box(&mask);
                }
            });
        });
        group.bench_function(BenchmarkId::new("observe", name), |b| {
            b.iter(|| {
                for (game, seat) in &positions {
                    game.observe(Observer::Seat(*seat), &mut tensor).unwrap();
                    black_box(&tensor);
                }
            });
        });
        let mut buf: Vec<Action> = Vec::new();
        let mut pick = Picker(7);
        group.bench_function(BenchmarkId::new("legal_actions+apply", name), |b| {
            b.iter(|| {
                for (game, seat) in &positions {
                    let mut game = game.clone();
                    game.legal_actions(*seat, &mut buf);
                    let action = buf[pick.below(buf.len())];
                    black_box(game.apply(*seat, action).is_ok());
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, learning);
criterion_main!(benches);
