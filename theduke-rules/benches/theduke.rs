//! Benchmarks: random full-game playouts, legal-action generation, apply+undo, clone,
//! perft from the opening, and the size of the state.
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duke_core::testing::{mean_game_length, random_playout};
use duke_core::{Game, GameRng, Seat};
use std::hint::black_box;
use theduke_rules::{Action, Config, ExpandedDuke, TheDuke};

/// The opening after a standard set-up: Dukes on c1 and d6, Footmen beside them.
fn opening() -> TheDuke {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.turn_limit = None;
        config
    };
    let mut game = TheDuke::new(&config, 1).unwrap_or_else(|_| unreachable!());
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        let action: Action = text.parse().unwrap_or(Action::Draw);
        let _ = game.apply(Seat(seat), action);
    }
    game
}

/// A midgame position reached by a fixed random playout.
fn midgame() -> TheDuke {
    let mut game = opening();
    let mut rng = GameRng::new(3);
    let mut buf = Vec::new();
    random_playout(&mut game, &mut rng, &mut buf, 40);
    if game.is_over() { opening() } else { game }
}

fn benches(c: &mut Criterion) {
    println!("size_of::<TheDuke>() = {} bytes", std::mem::size_of::<TheDuke>());
    let config = {
        let mut config = Config::default();
        config.first_player = None;
        config.turn_limit = Some(500);
        config
    };
    let start = TheDuke::new(&config, 9).unwrap_or_else(|_| unreachable!());
    let per_game = mean_game_length(&start, 200, 5, u64::MAX);
    println!("mean random game length: {per_game} actions");

    let mut group = c.benchmark_group("theduke");
    group.throughput(Throughput::Elements(per_game));
    group.bench_function("playout (elements = actions, approx.)", |b| {
        let mut rng = GameRng::new(2);
        let mut buf = Vec::new();
        b.iter(|| {
            let mut game = start;
            black_box(random_playout(&mut game, &mut rng, &mut buf, u64::MAX))
        });
    });
    let mid = midgame();
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_actions (midgame)", |b| {
        let mut buf = Vec::new();
        let seat = mid.side_to_move();
        b.iter(|| {
            black_box(&mid).legal_actions(seat, &mut buf);
            buf.len()
        });
    });
    group.bench_function("apply_undo (midgame)", |b| {
        let mut game = mid;
        let mut buf = Vec::new();
        game.legal_actions(game.side_to_move(), &mut buf);
        let action = buf.first().copied();
        let seat = game.side_to_move();
        b.iter(|| {
            if let Some(action) = action
                && let Ok(undo) = game.apply(seat, black_box(action))
            {
                game.undo(undo);
            }
        });
    });
    group.bench_function("clone", |b| b.iter(|| black_box(Clone::clone(black_box(&mid)))));
    let open = opening();
    for depth in [4u32, 5] {
        let leaves = open.perft(depth);
        println!("perft({depth}) from the opening = {leaves}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("perft {depth} opening (elements = leaves)"), |b| {
            b.iter(|| black_box(black_box(&open).perft(depth)))
        });
    }
    group.finish();

    // Expanded play with the enhanced tiles (the Duchess and the Oracle in each bag): the
    // run-time tables and the Expanded generator.
    let mut expanded = c.benchmark_group("theduke-expanded");
    let config = {
        let mut config = Config::default();
        config.enhanced_tiles = true;
        config.turn_limit = Some(500);
        config
    };
    let start = ExpandedDuke::new(&config, 9).unwrap_or_else(|_| unreachable!());
    let per_game = mean_game_length(&start, 50, 5, u64::MAX);
    println!("expanded: mean random game length: {per_game} actions");
    expanded.throughput(Throughput::Elements(per_game));
    expanded.bench_function("playout, enhanced tiles (elements = actions, approx.)", |b| {
        let mut rng = GameRng::new(2);
        let mut buf = Vec::new();
        b.iter(|| {
            let mut game = start.clone();
            black_box(random_playout(&mut game, &mut rng, &mut buf, u64::MAX))
        });
    });
    let open = expanded_opening();
    let leaves = open.perft(3);
    println!("expanded perft(3) from the opening, enhanced tiles = {leaves}");
    expanded.throughput(Throughput::Elements(leaves));
    expanded.bench_function("perft 3 opening, enhanced tiles (elements = leaves)", |b| {
        b.iter(|| black_box(black_box(&open).perft(3)))
    });
    expanded.finish();
}

/// The opening of Expanded play with the enhanced tiles.
fn expanded_opening() -> ExpandedDuke {
    let config = {
        let mut config = Config::default();
        config.first_player = Some(Seat(0));
        config.enhanced_tiles = true;
        config
    };
    let mut game = ExpandedDuke::new(&config, 1).unwrap_or_else(|_| unreachable!());
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        let action: Action = text.parse().unwrap_or(Action::Draw);
        let _ = game.apply(Seat(seat), action);
    }
    game
}

criterion_group!(theduke, benches);
criterion_main!(theduke);
