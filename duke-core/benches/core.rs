//! Benchmarks of the shared building blocks: the game generator and card sets.
#![allow(missing_docs)]

use criterion::{Criterion, criterion_group, criterion_main};
use duke_core::{CardSet, GameRng};
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

criterion_group!(benches, generator);
criterion_main!(benches);
