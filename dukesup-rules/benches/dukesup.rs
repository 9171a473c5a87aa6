//! Benchmarks: the meld solver on full tables, legal-action generation in the play step,
//! apply+undo, clone, random full-game playouts, the size of the state, and the learning
//! surface (mask + observation against legal actions + apply on the same positions).
#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use duke_core::testing::{mean_game_length, random_playout};
use duke_core::{Card, CardSet, Game, GameRng, Learning, Observer, Seat};
use dukesup_rules::meld::{AceRule, can_complete, can_split, split};
use dukesup_rules::{Action, Config, DukesUp, Phase};
use std::hint::black_box;

fn cards(s: &str) -> CardSet {
    s.split_whitespace().filter_map(|c| c.parse::<Card>().ok()).collect()
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("meld");
    // 52 cards: every value four times.
    let full = CardSet::FULL;
    // A crowded table of 45 cards that does split; 45 that do not, refused by the quick test
    // (a lone 7S); and 24 that do not but pass it, so the walk runs to the end (4S 5S 6S 5D).
    let crowded = CardSet::FULL.difference(cards("KC KH KS QC QH 2D 7S"));
    let lone = CardSet::FULL.difference(cards("7C 7H 7D 6S 6D 8S 8D"));
    let high_values: CardSet = CardSet::FULL.iter().filter(|c| c.rank().value() >= 9).collect();
    let stuck = cards("4S 5S 6S 5D").union(high_values);
    println!("crowded splits: {}, stuck splits: {}", can_split(crowded, AceRule::Low), can_split(stuck, AceRule::Low));
    for (name, set) in [("full 52", full), ("crowded 45", crowded), ("lone 45", lone), ("stuck 24", stuck)] {
        group.bench_function(format!("can_split {name}"), |b| b.iter(|| can_split(black_box(set), AceRule::Low)));
    }
    group.bench_function("can_split full 52, Ace low or high", |b| {
        b.iter(|| can_split(black_box(full), AceRule::LowOrHigh))
    });
    group.bench_function("can_split full 52, Ace around the corner", |b| {
        b.iter(|| can_split(black_box(full), AceRule::Around))
    });
    group.bench_function("can_split stuck 24, Ace around the corner", |b| {
        b.iter(|| can_split(black_box(stuck), AceRule::Around))
    });
    group.bench_function("split (with arrangement) full 52", |b| b.iter(|| split(black_box(full), AceRule::Low)));
    let optional = cards("KC KH KS QC QH 2D");
    group.bench_function("can_complete 45 + 6 optional", |b| {
        b.iter(|| can_complete(black_box(crowded.difference(cards("7S"))), black_box(optional), AceRule::Low))
    });
    group.finish();
}

/// A play-step position with a busy table, reached by a fixed random playout.
fn play_step(config: &Config) -> DukesUp {
    let mut rng = GameRng::new(11);
    let mut buf = Vec::new();
    let mut best = None;
    for seed in 0..400 {
        let Ok(mut game) = DukesUp::new(config, seed) else { continue };
        for _ in 0..400 {
            let Some(seat) = game.to_act().first() else { break };
            let busy = game.phase() == Phase::Play && {
                let view = game.view(Observer::Spectator);
                view.table.len() >= 18 && view.players.get(seat.index()).is_some_and(|p| p.hand_size >= 4)
            };
            if busy {
                game.legal_actions(seat, &mut buf);
                if buf.len() >= 10 {
                    return game;
                }
                best = Some(game);
            }
            game.legal_actions(seat, &mut buf);
            // Prefer plays, so that the table fills up.
            let plays: Vec<_> = buf.iter().copied().filter(|a| matches!(a, Action::Play(_))).collect();
            let pick = if !plays.is_empty() && rng.below(4) > 0 { &plays } else { &buf };
            let Some(&a) = pick.get(rng.below(pick.len() as u32) as usize) else { break };
            if game.apply(seat, a).is_err() {
                break;
            }
        }
    }
    best.unwrap_or_else(|| DukesUp::new(config, 0).unwrap_or_else(|_| unreachable!()))
}

fn game(c: &mut Criterion) {
    println!("size_of::<DukesUp>() = {} bytes", std::mem::size_of::<DukesUp>());
    let mut config = Config::default();
    config.turn_limit = Some(200);
    let start = DukesUp::new(&config, 9).unwrap_or_else(|_| unreachable!());
    let per_game = mean_game_length(&start, 200, 5, u64::MAX);
    let mut buf = Vec::new();
    println!("mean random game length: {per_game} actions");

    let mut group = c.benchmark_group("dukesup");
    group.throughput(Throughput::Elements(per_game));
    group.bench_function("playout (elements = actions, approx.)", |b| {
        let mut rng = GameRng::new(2);
        let mut buf = Vec::new();
        b.iter(|| {
            let mut game = start;
            black_box(random_playout(&mut game, &mut rng, &mut buf, u64::MAX))
        });
    });
    group.throughput(Throughput::Elements(1));
    let mid = play_step(&config);
    let seat = mid.to_act().first().unwrap_or(Seat(0));
    mid.legal_actions(seat, &mut buf);
    println!(
        "play-step position: table {} cards, hand {} cards, {} legal actions",
        mid.view(Observer::Spectator).table.len(),
        mid.view(Observer::Spectator).players.get(seat.index()).map_or(0, |p| p.hand_size),
        buf.len()
    );
    group.bench_function("legal_actions (play step, busy table)", |b| {
        let mut buf = Vec::new();
        b.iter(|| {
            black_box(&mid).legal_actions(seat, &mut buf);
            buf.len()
        });
    });
    group.bench_function("apply_undo (play step)", |b| {
        let mut game = mid;
        let action = buf.first().copied();
        b.iter(|| {
            if let Some(action) = action
                && let Ok(undo) = game.apply(seat, black_box(action))
            {
                game.undo(undo);
            }
        });
    });
    group.bench_function("clone", |b| b.iter(|| black_box(*black_box(&mid))));
    group.finish();
}

/// The learning surface on the same positions as `legal_actions` + `apply`: a play step with
/// a busy table, the choosing step (the largest index block) and a draw step.
fn learning(c: &mut Criterion) {
    let mut config = Config::default();
    config.turn_limit = Some(200);
    let mid = play_step(&config);
    let choosing = DukesUp::new(&config, 9).unwrap_or_else(|_| unreachable!());
    let mut drawing = choosing;
    let mut buf = Vec::new();
    for seat in [Seat(0), Seat(1)] {
        drawing.legal_actions(seat, &mut buf);
        if let Some(&a) = buf.first() {
            let _ = drawing.apply(seat, a);
        }
    }
    let mut group = c.benchmark_group("dukesup learning");
    group.throughput(Throughput::Elements(1));
    for (name, game) in [("play step, busy table", mid), ("choosing", choosing), ("draw step", drawing)] {
        let seat = game.to_act().first().unwrap_or(Seat(0));
        let mut mask = vec![false; game.action_count()];
        let mut obs = vec![0.0f32; game.observation_shape().len()];
        let mut scratch = Vec::new();
        group.bench_function(format!("legal_mask + observe ({name})"), |b| {
            b.iter(|| {
                let _ = black_box(&game).legal_mask(seat, &mut scratch, &mut mask);
                let _ = black_box(&game).observe(Observer::Seat(seat), &mut obs);
                mask.len()
            });
        });
        // The two halves apart: the mask is the engine's listing plus clearing 18 469
        // entries; the observation clears a few hundred values and writes the non-zeros.
        group.bench_function(format!("legal_mask ({name})"), |b| {
            b.iter(|| black_box(&game).legal_mask(seat, &mut scratch, &mut mask).is_ok());
        });
        group.bench_function(format!("observe ({name})"), |b| {
            b.iter(|| black_box(&game).observe(Observer::Seat(seat), &mut obs).is_ok());
        });
        group.bench_function(format!("legal_actions + apply first ({name})"), |b| {
            let mut buf = Vec::new();
            b.iter(|| {
                let mut copy = *black_box(&game);
                copy.legal_actions(seat, &mut buf);
                buf.first().map(|&a| copy.apply(seat, a).is_ok())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, solver, game, learning);
criterion_main!(benches);
