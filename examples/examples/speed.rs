//! One speed table: every game and expansion side by side. Per row: the engine's random
//! playouts, apply+undo of every legal action along random games, perft where the engine
//! has one, and `simulate` with random bots on one thread and on N threads (the referee,
//! the bots and the summary), with the ratio of `simulate` on one thread to the engine's
//! playouts. Printed as a Markdown table (the root README shows one).
//!
//! `cargo run --release --example speed [-- --seconds S | --games N] [--threads N] [--only TEXT]
//! [--verbose]`

use std::num::NonZeroUsize;
use std::time::Instant;

use clap::Parser;
use duke_core::{Game, Record, Seat};
use duke_examples::bots::BotSpec;
use duke_examples::catalog::{Archduke, Catalogued, CrownBattles, DukesUp, ExpandedDuke, TheDuke};
use duke_examples::cli::SimulateArgs;
use duke_examples::measure::{Budget, apply_undo, millions_per_second, playouts, within};
use duke_examples::options::DukeObjective;
use duke_examples::simulate::run_config;

/// The command line.
#[derive(Parser, Debug)]
#[command(name = "speed", about = "Prints the speed of every game and expansion side by side (a Markdown table).")]
struct Args {
    /// Time each measurement for about S seconds [default: 1]
    #[arg(long, value_name = "S", conflicts_with = "games")]
    seconds: Option<f64>,
    /// Fixed work instead: N games per measurement (perft at a fixed depth)
    #[arg(long, value_name = "N")]
    games: Option<u64>,
    /// Threads of the last simulate column [default: every core]
    #[arg(long, value_name = "N")]
    threads: Option<NonZeroUsize>,
    /// Only the rows whose label contains TEXT (case-insensitive)
    #[arg(long, value_name = "TEXT")]
    only: Option<String>,
    /// Also print, on standard error, the work and seconds behind every figure
    #[arg(long)]
    verbose: bool,
}

/// What to measure and how much.
struct Settings {
    budget: Budget,
    threads: usize,
    verbose: bool,
}

impl Settings {
    /// `measured` (work, seconds) in millions per second, told on standard error if asked.
    fn rate(&self, label: &str, column: &str, measured: (u64, f64)) -> f64 {
        if self.verbose {
            eprintln!("{label}: {column}: {} in {:.3} s", measured.0, measured.1);
        }
        millions_per_second(measured)
    }
}

/// A perft counter and its depth under a fixed-work budget: counts the leaves `depth` plies
/// below the row's perft position.
type Perft = fn(u32) -> u64;

/// Measures one row and prints it.
fn row<G>(label: &str, config: &G::Config, perft: Option<(Perft, u32)>, settings: &Settings)
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    let measured = within(settings.budget, |first, count| playouts::<G>(config, first..first + count));
    let engine = settings.rate(label, "engine playouts, actions", measured);
    let measured = within(settings.budget, |first, count| apply_undo::<G>(config, first..first + count));
    let pairs = settings.rate(label, "apply+undo, pairs", measured);
    let perft =
        perft.map(|(count, fixed)| settings.rate(label, "perft, leaves", perft_leaves(count, fixed, settings.budget)));
    let one = settings.rate(label, "simulate on 1 thread, actions", simulate::<G>(config, 1, settings.budget));
    let many = settings.rate(
        label,
        &format!("simulate on {} thread(s), actions", settings.threads),
        simulate::<G>(config, settings.threads, settings.budget),
    );
    let ratio = if engine > 0.0 { one / engine } else { 0.0 };
    let perft = perft.map_or_else(|| "-".to_owned(), |rate| format!("{rate:.1}"));
    println!("| {label} | {engine:.2} | {pairs:.2} | {perft} | {one:.2} | {many:.2} | {ratio:.2} |");
}

/// `simulate` with random bots on `threads` threads: (actions, seconds).
fn simulate<G>(config: &G::Config, threads: usize, budget: Budget) -> (u64, f64)
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else { return (0, 0.0) };
    // Fixed work gives each thread the games one thread plays.
    let budget = match budget {
        Budget::Games(games) => Budget::Games(games.saturating_mul(threads as u64)),
        seconds => seconds,
    };
    within(budget, |first, count| {
        pool.install(|| match run_config::<G>(config, count, first, &[BotSpec::Random], |_| {}) {
            Ok((summary, _)) => (summary.actions, summary.elapsed.as_secs_f64()),
            Err(e) => {
                eprintln!("speed: {e}");
                (0, 0.0)
            }
        })
    })
}

/// Perft's (leaves, seconds): at `fixed` depth for a fixed-work budget, else at the first
/// depth (from 1, at most 8) whose count takes a quarter of the time.
fn perft_leaves(count: Perft, fixed: u32, budget: Budget) -> (u64, f64) {
    let timed = |depth| {
        let start = Instant::now();
        let leaves = count(depth);
        (leaves, start.elapsed().as_secs_f64())
    };
    match budget {
        Budget::Games(_) => timed(fixed),
        Budget::Seconds(limit) => {
            let mut last = (0, 0.0);
            for depth in 1..=8 {
                last = timed(depth);
                if last.1 >= limit / 4.0 {
                    break;
                }
            }
            last
        }
    }
}

/// The position after both set-ups (the first player seat 0, seed 1), as theduke-rules'
/// perft tests and benches count from.
fn duke_opening<G>(mut config: theduke_rules::Config) -> Option<G>
where
    G: Game<Config = theduke_rules::Config, Action = theduke_rules::Action>,
{
    config.first_player = Some(Seat(0));
    config.turn_limit = None;
    let mut game = G::new(&config, 1).ok()?;
    for (seat, text) in
        [(0, "duke c1"), (0, "footman b1"), (0, "footman d1"), (1, "duke d6"), (1, "footman c6"), (1, "footman e6")]
    {
        game.apply(Seat(seat), text.parse().ok()?).ok()?;
    }
    Some(game)
}

/// The Duke's perft from the opening.
fn duke_perft(depth: u32) -> u64 {
    TheDuke::config_for(None).ok().and_then(duke_opening::<TheDuke>).map_or(0, |game| game.perft(depth))
}

/// The Duke with the enhanced tiles (`simulate --game theduke --enhanced`).
fn enhanced_config() -> Result<theduke_rules::Config, String> {
    let options = duke_examples::options::GameOptions { enhanced_tiles: true, ..Default::default() };
    ExpandedDuke::config_with(None, &options)
}

/// Expanded play's perft from the opening, with the enhanced tiles.
fn enhanced_perft(depth: u32) -> u64 {
    enhanced_config().ok().and_then(duke_opening::<ExpandedDuke>).map_or(0, |game| game.perft(depth))
}

/// The Duke with the enhanced tiles, the sample custom set (`examples/data/house_tiles.json`:
/// a tile with Dread and Defense icons and Escape, one with Ransom), the Mountain and the Fort
/// (`simulate --game theduke --enhanced --tiles examples/data/house_tiles.json --mountain
/// --fort`).
fn dread_terrain_config() -> Result<theduke_rules::Config, String> {
    let tiles = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/house_tiles.json"));
    let options = duke_examples::options::GameOptions {
        enhanced_tiles: true,
        tiles: Some(tiles),
        mountain: true,
        fort: true,
        ..Default::default()
    };
    ExpandedDuke::config_with(None, &options)
}

/// The Duke with the enhanced tiles and an alternate objective (`simulate --game theduke
/// --enhanced --objective counting-coup|dark-rider`), with `guarded` the Duke-danger rule kept
/// with the Flags (`--flag-duke-danger`, reading 60) or the rider guarded in Dark Rider
/// (`--dark-rider-danger`, reading 59).
fn objective_config(objective: DukeObjective, guarded: bool) -> Result<theduke_rules::Config, String> {
    let options = duke_examples::options::GameOptions {
        enhanced_tiles: true,
        objective: Some(objective),
        flag_duke_danger: guarded && objective == DukeObjective::CountingCoup,
        dark_rider_danger: guarded && objective == DukeObjective::DarkRider,
        ..Default::default()
    };
    ExpandedDuke::config_with(None, &options)
}

/// Crown Battles for 4 with every Round Type card of the expansions dealt (one revealed per
/// round).
fn every_round_type() -> Result<crownbattles_rules::Config, String> {
    use crownbattles_rules::{RoundType, RoundTypes};
    let mut config = CrownBattles::config_for(Some(4))?;
    config.round_types = RoundTypes::deal(&RoundType::ALL);
    config.check().map_err(|e| e.to_string())?;
    Ok(config)
}

fn main() {
    let args = Args::parse();
    let settings = Settings {
        budget: match (args.games, args.seconds) {
            (Some(games), _) => Budget::Games(games.max(1)),
            (None, seconds) => Budget::Seconds(seconds.unwrap_or(1.0).max(0.01)),
        },
        threads: args.threads.map_or_else(SimulateArgs::default_threads, NonZeroUsize::get),
        verbose: args.verbose,
    };
    let wanted =
        |label: &str| args.only.as_ref().is_none_or(|only| label.to_lowercase().contains(&only.to_lowercase()));
    let threads = settings.threads;
    let plural = if threads == 1 { "" } else { "s" };
    println!(
        "| game | engine playouts (M actions/s) | apply+undo (M pairs/s) | perft (M leaves/s) | \
         simulate, random bots, 1 thread (M actions/s) | simulate, {threads} thread{plural} (M actions/s) | \
         simulate / engine |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|");
    let refused = |label: &str, why: String| eprintln!("speed: {label}: {why}");
    let label = "The Duke";
    if wanted(label) {
        match TheDuke::config_for(None) {
            Ok(config) => row::<TheDuke>(label, &config, Some((duke_perft, 4)), &settings),
            Err(why) => refused(label, why),
        }
    }
    let label = "The Duke, enhanced tiles";
    if wanted(label) {
        match enhanced_config() {
            Ok(config) => row::<ExpandedDuke>(label, &config, Some((enhanced_perft, 3)), &settings),
            Err(why) => refused(label, why),
        }
    }
    let label = "The Duke, Dread and terrain (house tiles, Mountain, Fort)";
    if wanted(label) {
        match dread_terrain_config() {
            Ok(config) => row::<ExpandedDuke>(label, &config, None, &settings),
            Err(why) => refused(label, why),
        }
    }
    for (label, objective, guarded) in [
        ("The Duke, Counting Coup (enhanced tiles, Duke danger kept)", DukeObjective::CountingCoup, true),
        ("The Duke, Dark Rider (rider unguarded)", DukeObjective::DarkRider, false),
        ("The Duke, Dark Rider (rider guarded)", DukeObjective::DarkRider, true),
    ] {
        if wanted(label) {
            match objective_config(objective, guarded) {
                Ok(config) => row::<ExpandedDuke>(label, &config, None, &settings),
                Err(why) => refused(label, why),
            }
        }
    }
    let label = "Archduke (4 players)";
    if wanted(label) {
        match Archduke::config_for(Some(4)) {
            Ok(config) => row::<Archduke>(label, &config, None, &settings),
            Err(why) => refused(label, why),
        }
    }
    let label = "Archduke (4 players, online rules)";
    if wanted(label) {
        match Archduke::config_for(Some(4)) {
            Ok(bounded) => {
                // The online text's rule set, with the bounded box game's engine limit.
                let mut config = archduke_rules::RuleSet::Online.config(4);
                config.turn_limit = bounded.turn_limit;
                row::<Archduke>(label, &config, None, &settings);
            }
            Err(why) => refused(label, why),
        }
    }
    let label = "Dukes Up!";
    if wanted(label) {
        match DukesUp::config_for(None) {
            Ok(config) => row::<DukesUp>(label, &config, None, &settings),
            Err(why) => refused(label, why),
        }
    }
    for players in [3u8, 5, 8] {
        let label = format!("Crown Battles ({players} players)");
        if wanted(&label) {
            match CrownBattles::config_for(Some(players)) {
                Ok(config) => row::<CrownBattles>(&label, &config, None, &settings),
                Err(why) => refused(&label, why),
            }
        }
    }
    let label = "Crown Battles (4 players, every round type)";
    if wanted(label) {
        match every_round_type() {
            Ok(config) => row::<CrownBattles>(label, &config, None, &settings),
            Err(why) => refused(label, why),
        }
    }
}
