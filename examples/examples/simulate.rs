//! Plays many games between bots and prints a summary per game.
//!
//! `cargo run --release --example simulate -- --help` for the options; without arguments
//! it runs a short default over every game.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use duke_core::Record;
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::cli::{CliError, SimulateArgs};
use duke_examples::learner::{Episode, episode_of_record};
use duke_examples::simulate::run_each;
use duke_examples::trajectories::Trajectories;
use duke_examples::with_game;
use indicatif::{ProgressBar, ProgressStyle};

fn main() -> ExitCode {
    let args = match SimulateArgs::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(CliError::Help) => {
            println!("{}", SimulateArgs::usage());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("simulate: {e}\n\n{}", SimulateArgs::short_usage());
            return ExitCode::from(2);
        }
    };
    // The games of each run are shared out over this pool (`simulate::run` plays on the
    // current one).
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.threads).build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("simulate: cannot start {} threads: {e}", args.threads);
            return ExitCode::FAILURE;
        }
    };
    let bots: Vec<String> = args.bots.iter().map(ToString::to_string).collect();
    println!(
        "{} games of each, seed {}, bots {}, {} thread{}",
        args.count,
        args.seed,
        bots.join(","),
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    for &id in &args.games {
        if let Err(e) = pool.install(|| with_game!(id, G => simulate_one::<G>(id, &args))) {
            eprintln!("simulate: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

fn simulate_one<G>(id: GameId, args: &SimulateArgs) -> Result<(), String>
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    // Drawn on standard error, and only when it is a terminal (indicatif hides the bar
    // otherwise), so that the summaries on standard output stay clean.
    let progress = ProgressBar::new(args.count).with_prefix(id.name());
    if let Ok(style) = ProgressStyle::with_template("{prefix:<14} [{bar:30}] {pos}/{len} {elapsed_precise}") {
        progress.set_style(style.progress_chars("#>."));
    }
    // With --save-trajectories, each game's record becomes the learner's view of it on the
    // thread that played it.
    let learn = args.save_trajectories.is_some();
    let result = run_each::<G, Option<Episode>>(
        args.players,
        &args.options,
        args.count,
        args.seed,
        &args.bots,
        |_| progress.inc(1),
        |_, record| if learn { episode_of_record(record).map(Some).map_err(|e| e.to_string()) } else { Ok(None) },
    );
    progress.finish_and_clear();
    let (summary, record, episodes) = result.map_err(|e| e.to_string())?;
    print!("\n{summary}");
    if let Some(path) = &args.save_trajectories {
        let config = G::config_with(args.players, &args.options)?;
        let game = G::new(&config, args.seed).map_err(|e| e.to_string())?;
        let mut trajectories = Trajectories::for_game(&game);
        for (index, episode) in episodes.iter().enumerate() {
            if let Some(episode) = episode {
                trajectories.add(index as u64, episode).map_err(|e| e.to_string())?;
            }
        }
        let path = record_path(path, id, args.games.len() > 1);
        trajectories.save(&path).map_err(|e| e.to_string())?;
        println!(
            "{} decisions of {} games written to {}",
            trajectories.decisions(),
            trajectories.games(),
            path.display()
        );
    }
    if let (Some(path), Some(record)) = (&args.save_record, record) {
        let path = record_path(path, id, args.games.len() > 1);
        let json = serde_json::to_string_pretty(&record).map_err(|e| format!("cannot serialise the record: {e}"))?;
        std::fs::write(&path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("record of the first game written to {}", path.display());
    }
    Ok(())
}

/// `FILE`, or `FILE` with the game's name before the extension when several games run.
fn record_path(path: &Path, id: GameId, several: bool) -> PathBuf {
    if !several {
        return path.to_path_buf();
    }
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{}.{}", id.name(), ext.to_string_lossy()),
        None => format!("{stem}-{}", id.name()),
    };
    path.with_file_name(name)
}
