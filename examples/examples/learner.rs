//! A learner's loop: plays every game with nothing but action indices, legal-action masks
//! and observation tensors (`duke_core::Learning`): no notation, no views. A linear policy
//! (random weights, greedy over the mask) plays seat 0 against uniformly random seats, and
//! the mean returns are printed per game.
//!
//! `cargo run --release --example learner -- --games 50`

use clap::Parser;
use duke_core::{Observer, Seat};
use duke_examples::catalog::{Catalogued, GameId};
use duke_examples::learner::LinearScore;
use duke_examples::options::GameOptions;
use duke_examples::with_game;

/// Plays each game through indices, masks and tensors only.
#[derive(Debug, Parser)]
#[command(name = "learner", disable_version_flag = true)]
struct Args {
    /// Games of each game to play
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// The master seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    for &id in GameId::ALL {
        if let Err(e) = with_game!(id, G => learn::<G>(id, &args)) {
            eprintln!("learner: {e}");
            return std::process::ExitCode::FAILURE;
        }
    }
    std::process::ExitCode::SUCCESS
}

/// Seat 0 greedy by a linear score of its observation, the others random over their masks.
fn learn<G: Catalogued>(id: GameId, args: &Args) -> Result<(), String> {
    let config = G::config_with(None, &GameOptions::default())?;
    let probe = G::new(&config, args.seed).map_err(|e| e.to_string())?;
    let linear = LinearScore::random(&probe, args.seed);
    let mut mask = vec![false; probe.action_count()];
    let mut observation = vec![0.0f32; probe.observation_shape().len()];
    let mut returns = vec![0.0; probe.seat_count()];
    let mut totals = vec![0.0; probe.seat_count()];
    let mut scratch = Vec::new();
    let mut rng = duke_core::GameRng::new(args.seed);
    let mut actions = 0u64;
    for index in 0..args.games {
        let mut game = G::new(&config, duke_core::split_seed(args.seed, index)).map_err(|e| e.to_string())?;
        while let Some(seat) = game.awaited().first() {
            game.legal_mask(seat, &mut scratch, &mut mask).map_err(|e| e.to_string())?;
            let allowed: Vec<usize> = (0..mask.len()).filter(|&i| mask[i]).collect();
            let choice = if seat == Seat(0) {
                game.observe(Observer::Seat(seat), &mut observation).map_err(|e| e.to_string())?;
                allowed
                    .iter()
                    .copied()
                    .max_by(|&a, &b| linear.score(a, &observation).total_cmp(&linear.score(b, &observation)))
            } else {
                allowed.get(rng.below(allowed.len().max(1) as u32) as usize).copied()
            };
            let index = choice.ok_or_else(|| format!("{seat} may act but its mask is empty"))?;
            let action = game.index_action(index).ok_or_else(|| format!("index {index} has no action"))?;
            game.apply(seat, action).map_err(|e| e.to_string())?;
            actions += 1;
        }
        game.returns(&mut returns).map_err(|e| e.to_string())?;
        for (total, r) in totals.iter_mut().zip(&returns) {
            *total += r;
        }
    }
    let means: Vec<String> = totals.iter().map(|t| format!("{:+.3}", t / args.games.max(1) as f64)).collect();
    println!(
        "{:<14} {} actions, {} distinct, observation {:?}; mean returns (seat 0 linear, others random): {}",
        id.name(),
        actions,
        probe.action_count(),
        probe.observation_shape().dims(),
        means.join(" ")
    );
    Ok(())
}
