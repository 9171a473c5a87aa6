//! Throughput of random playouts and of perft, measured in wall time and in the process's
//! own CPU time (on a shared machine the CPU time shows what one core does):
//! `cargo run --release -p theduke-rules --example playouts -- [games] [perft depth]`.
#![allow(missing_docs)]

use duke_core::testing::random_playout;
use duke_core::{Game, GameRng, Seat};
use theduke_rules::{Action, Config, TheDuke};

/// User + system CPU seconds of this process (Linux `/proc/self/stat`, 100 ticks per second).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn report(what: &str, count: u64, wall: f64, cpu: f64) {
    println!(
        "{what}: {count} in {wall:.2} s wall ({:.2} M/s), {cpu:.2} s CPU ({:.2} M/s)",
        count as f64 / wall / 1e6,
        count as f64 / cpu.max(0.01) / 1e6
    );
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let games = args.first().copied().unwrap_or(20_000);
    let depth = args.get(1).copied().unwrap_or(5) as u32;

    let config = {
        let mut config = Config::default();
        config.first_player = None;
        config.turn_limit = Some(500);
        config
    };
    let mut rng = GameRng::new(1);
    let mut buf = Vec::new();
    let (wall, cpu) = (std::time::Instant::now(), cpu_seconds());
    let mut actions = 0;
    for seed in 0..games {
        let Ok(mut game) = TheDuke::new(&config, seed) else { return };
        actions += random_playout(&mut game, &mut rng, &mut buf, u64::MAX);
    }
    report(
        &format!("random playouts ({games} games), actions"),
        actions,
        wall.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
    );

    let Ok(mut open) = TheDuke::new(
        &{
            let mut config = Config::default();
            config.first_player = Some(Seat(0));
            config.turn_limit = None;
            config
        },
        1,
    ) else {
        return;
    };
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        if let Ok(action) = text.parse::<Action>() {
            let _ = open.apply(Seat(seat), action);
        }
    }
    let (wall, cpu) = (std::time::Instant::now(), cpu_seconds());
    let mut leaves = 0;
    for _ in 0..50 {
        leaves += open.perft(depth);
    }
    report(
        &format!("perft({depth}) from the opening x50, leaves"),
        leaves,
        wall.elapsed().as_secs_f64(),
        cpu_seconds() - cpu,
    );
}
