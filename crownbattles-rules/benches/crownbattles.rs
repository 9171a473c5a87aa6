//! Benchmarks: random full-game playouts (actions/s; games/s is that divided by the printed
//! mean game length) for 3, 5 and 8 players, legal-action generation, apply + undo, clone,
//! and the state's size. Every playout batch goes on with new games (new seeds).
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use crownbattles_rules::{Action, Config, CrownBattles, DeckSpec, Power};
use duke_core::{Game, Seat};

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

/// Plays one game to the end with random choices; returns the number of actions.
fn playout(config: &Config, seed: u64, buf: &mut Vec<Action>) -> u64 {
    let mut game = CrownBattles::new(config, seed).unwrap();
    let mut pick = Picker(seed | 1);
    let mut actions = 0;
    // The first seat the game waits for (several only in the Magician's passes).
    while let Some(seat) = game.to_act().first() {
        game.legal_actions(seat, buf);
        let action = buf[pick.below(buf.len())];
        let _ = game.apply(seat, action);
        actions += 1;
    }
    actions
}

/// The chance events of `playout(config, seed)`, counted the way OpenSpiel counts chance
/// actions: each dealt card, each spin of the trump spinner, the draw of the first dealer.
fn chance_events(config: &Config, seed: u64, buf: &mut Vec<Action>) -> u64 {
    let mut game = CrownBattles::new(config, seed).unwrap();
    let mut pick = Picker(seed | 1);
    let mut chance = u64::from(config.first_dealer.is_none());
    let mut round = None;
    loop {
        let view = game.view(duke_core::Observer::Spectator);
        if round != Some(view.round) && view.phase != crownbattles_rules::Phase::Over {
            round = Some(view.round);
            chance += u64::from(game.cards_this_round()) * u64::from(config.players) + 1;
        }
        let Some(seat) = game.to_act().first() else { break };
        game.legal_actions(seat, buf);
        let action = buf[pick.below(buf.len())];
        let _ = game.apply(seat, action);
    }
    chance
}

/// Random playouts that go on from one measured batch to the next: each game is new (a
/// new seed), so the branch predictor cannot learn a fixed set of games.
struct Playouts {
    config: Config,
    game: CrownBattles,
    seed: u64,
    pick: Picker,
    buf: Vec<Action>,
}

impl Playouts {
    fn new(config: Config) -> Playouts {
        let game = CrownBattles::new(&config, 0).unwrap();
        Playouts { config, game, seed: 0, pick: Picker(0x9E37_79B9_7F4A_7C15), buf: Vec::with_capacity(256) }
    }

    /// Exactly `n` random actions, starting new games as games end.
    fn run(&mut self, n: u64) {
        let mut done = 0;
        while done < n {
            let Some(seat) = self.game.to_act().first() else {
                self.seed += 1;
                self.game = CrownBattles::new(&self.config, self.seed).unwrap();
                continue;
            };
            self.game.legal_actions(seat, &mut self.buf);
            let action = self.buf[self.pick.below(self.buf.len())];
            let _ = self.game.apply(seat, action);
            done += 1;
        }
    }
}

/// Actions per measured batch.
const BATCH: u64 = 10_000;
/// Games for the printed mean game length.
const SEEDS: u64 = 1_000;

fn configs() -> Vec<(String, Config)> {
    let mut out = Vec::new();
    for n in [3u8, 5, 8] {
        out.push((format!("{n}p-base"), Config::rulebook(Some(n)).unwrap()));
        let mut specials = Config::rulebook(Some(n)).unwrap();
        specials.deck = DeckSpec::standard().with_powers(&Power::ALL);
        out.push((format!("{n}p-all-16-powers"), {
            specials.check().unwrap();
            specials
        }));
    }
    out
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_playout");
    let mut buf = Vec::with_capacity(256);
    for (name, config) in configs() {
        let actions: u64 = (0..SEEDS).map(|s| playout(&config, s, &mut buf)).sum();
        let chance: u64 = (0..SEEDS).map(|s| chance_events(&config, s, &mut buf)).sum();
        // games/s = actions/s divided by this.
        println!(
            "{name}: {:.1} actions per game; {:.1} chance events per game (dealt cards, spins, first dealer)",
            actions as f64 / SEEDS as f64,
            chance as f64 / SEEDS as f64
        );
        group.throughput(Throughput::Elements(BATCH));
        let mut runner = Playouts::new(config);
        group.bench_function(BenchmarkId::new("actions", &name), |b| b.iter(|| runner.run(BATCH)));
    }
    group.finish();
}

/// A mid-game state: the first trick of the third round of a 5-player game.
fn mid_game() -> CrownBattles {
    let config = Config::rulebook(Some(5)).unwrap();
    let mut game = CrownBattles::new(&config, 11).unwrap();
    let mut buf = Vec::new();
    let mut pick = Picker(99);
    while game.view(duke_core::Observer::Spectator).round < 3
        || !matches!(game.view(duke_core::Observer::Spectator).phase, crownbattles_rules::Phase::Play(_))
    {
        let seat = game.to_act().first().unwrap();
        game.legal_actions(seat, &mut buf);
        game.apply(seat, buf[pick.below(buf.len())]).unwrap();
    }
    game
}

fn primitives(c: &mut Criterion) {
    let game = mid_game();
    let seat: Seat = game.to_act().first().unwrap();
    let mut buf = Vec::with_capacity(64);
    game.legal_actions(seat, &mut buf);
    let action = buf[0];
    println!("size_of::<CrownBattles>() = {} bytes", std::mem::size_of::<CrownBattles>());
    c.bench_function("legal_actions", |b| {
        b.iter(|| {
            black_box(&game).legal_actions(seat, &mut buf);
            buf.len()
        })
    });
    c.bench_function("apply_undo", |b| {
        let mut g = game.clone();
        b.iter(|| {
            let undo = g.apply(seat, black_box(action)).unwrap();
            g.undo(undo);
        })
    });
    c.bench_function("clone", |b| b.iter(|| black_box(black_box(&game).clone())));
}

criterion_group!(benches, playouts, primitives);
criterion_main!(benches);
