//! Replays a game record from one observer's perspective: what it saw at every step.
//!
//! `cargo run --release --example replay -- FILE [--seat K] [--step]`

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use duke_core::{Observer, Seat};
use duke_examples::cli::{CliError, ReplayArgs};
use duke_examples::replay::replay;

fn main() -> ExitCode {
    let args = match ReplayArgs::parse(std::env::args().skip(1)) {
        Ok(args) => args,
        Err(CliError::Help) => {
            println!("{}", ReplayArgs::usage());
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("replay: {e}\n\n{}", ReplayArgs::short_usage());
            return ExitCode::from(2);
        }
    };
    let json = match std::fs::read_to_string(&args.file) {
        Ok(json) => json,
        Err(e) => {
            eprintln!("replay: cannot read {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let stepping = args.step && std::io::stdin().is_terminal();
    let pause = || {
        if stepping {
            eprint!("[Enter for the next step]");
            let mut line = String::new();
            // End of input just stops the pausing.
            let _ = std::io::stdin().lock().read_line(&mut line);
        }
    };
    let observer = args.seat.map_or(Observer::Spectator, |k| Observer::Seat(Seat(k)));
    match replay(&json, observer, &mut std::io::stdout().lock(), pause) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("replay: {}: {e}", args.file.display());
            ExitCode::FAILURE
        }
    }
}
