//! Play a game in the terminal against bots.
//!
//! `cargo run --release --example play -- --game theduke` (`--help` for the options).

use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use duke_examples::catalog::Catalogued;
use duke_examples::cli::{CliError, PlayArgs};
use duke_examples::interactive::play;
use duke_examples::with_game;

fn main() -> ExitCode {
    let args = match PlayArgs::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(CliError::Help) => {
            println!("{}", PlayArgs::usage());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("play: {e}\n\n{}", PlayArgs::short_usage());
            return ExitCode::from(2);
        }
    };
    // Without --seed every game is new; the seed is printed so the game can be replayed.
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or_default()
    });
    match with_game!(args.game, G => play_one::<G>(&args, seed)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}

fn play_one<G: Catalogued>(args: &PlayArgs, seed: u64) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut out = std::io::stdout();
    let (_, record) = play::<G>(args, seed, &mut input, &mut out).map_err(|e| e.to_string())?;
    if let Some(path) = &args.save_record {
        let json = serde_json::to_string_pretty(&record).map_err(|e| format!("cannot serialise the record: {e}"))?;
        std::fs::write(path, json).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("record written to {} (replay it with the replay example)", path.display());
    }
    Ok(())
}
