//! A fixed amount of learning work, for instruction counts (`valgrind --tool=callgrind`)
//! and same-run ratios: the loop of `examples/fixed_work`'s learning columns (random games'
//! states recorded, then each surface timed as one loop over the same states) for one
//! Crown Battles config, with a mode to run one surface alone.
//!
//! `cargo bench -p crownbattles-rules --bench learning_work -- <config> <mode> [games]`:
//! config `p3`, `p4`, `p5`, `p8` (the rulebook game of that many players) or `rounds5`
//! (5 players, every Round Type card allowed for 5 dealt); mode `all` (prints ns per
//! decision and the ratios to one `legal_actions` + `apply`, each loop run once over the
//! states, as `fixed_work` does), `best` (the same, each game's loops run 5 times and the
//! fastest kept: a busy machine's preemptions drop out, but the repeats also train the
//! branch predictor on the states, which flatters branchy code), or one of `none`, `mask`,
//! `bits`, `observe`, `returns`, `step` (that surface alone: subtract `none`'s instruction
//! count for the surface's), or `hist` (how many decisions list each kind of action: which
//! decisions the masks' direct paths serve).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Instant;

use crownbattles_rules::{Action, Config, CrownBattles, RoundType, RoundTypes};
use duke_core::{Game, GameRng, Learning, Observer, Seat};

fn config(name: &str) -> Config {
    let players = name.trim_start_matches(|c: char| c.is_alphabetic()).parse().unwrap_or(5);
    let mut config = Config::rulebook(Some(players)).unwrap();
    if name.starts_with("rounds") {
        config.round_types =
            RoundTypes::deal(&RoundType::ALL.into_iter().filter(|t| !t.excluded_for(players)).collect::<Vec<_>>());
    }
    config.check().unwrap();
    config
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let name = args.first().map_or("p8", String::as_str);
    let mode = args.get(1).map_or("all", String::as_str);
    let repeats = if mode == "best" { 5 } else { 1 };
    let mode = if mode == "best" { "all" } else { mode };
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(151);
    let config = config(name);
    let mut rng = GameRng::new(13);
    let first = CrownBattles::new(&config, 0).unwrap();
    let (mut buf, mut scratch): (Vec<Action>, Vec<Action>) = (Vec::new(), Vec::new());
    let mut mask = vec![false; first.action_count()];
    let mut bits = vec![0u64; duke_core::mask_words(first.action_count())];
    let mut observation = vec![0.0f32; first.observation_shape().len()];
    let mut returns = vec![0.0f64; first.seat_count()];
    let (mut decisions, mut learn, mut bits_learn, mut step) = (0u64, 0.0, 0.0, 0.0);
    let mut hist = std::collections::BTreeMap::new();
    for seed in 0..games {
        let mut game = CrownBattles::new(&config, seed).unwrap();
        let mut states: Vec<(CrownBattles, Seat)> = Vec::new();
        loop {
            let to_act = game.to_act();
            let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
            game.legal_actions(seat, &mut buf);
            let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
            states.push((game.clone(), seat));
            if game.apply(seat, action).is_err() {
                break;
            }
        }
        decisions += states.len() as u64;
        if mode == "hist" {
            for (game, seat) in &states {
                game.legal_actions(*seat, &mut buf);
                let mut kinds: Vec<String> =
                    buf.iter().map(|a| format!("{a:?}").split('(').next().unwrap_or("").to_string()).collect();
                kinds.dedup();
                *hist.entry(kinds.join("+")).or_insert(0u64) += 1;
            }
        }
        if matches!(mode, "all" | "mask") {
            let mut best = f64::MAX;
            for _ in 0..repeats {
                let start = Instant::now();
                for (game, seat) in &states {
                    let masked = game.legal_mask(*seat, &mut scratch, &mut mask);
                    if mode == "all" {
                        let observed = game.observe(Observer::Seat(*seat), &mut observation);
                        black_box(observed.is_ok());
                    }
                    black_box((&mask, &observation, masked.is_ok()));
                }
                best = best.min(start.elapsed().as_secs_f64());
            }
            learn += best;
        }
        if matches!(mode, "all" | "bits") {
            let mut best = f64::MAX;
            for _ in 0..repeats {
                let start = Instant::now();
                for (game, seat) in &states {
                    let masked = game.legal_mask_bits(*seat, &mut scratch, &mut bits);
                    if mode == "all" {
                        let observed = game.observe(Observer::Seat(*seat), &mut observation);
                        black_box(observed.is_ok());
                    }
                    black_box((&bits, &observation, masked.is_ok()));
                }
                best = best.min(start.elapsed().as_secs_f64());
            }
            bits_learn += best;
        }
        if mode == "observe" {
            for (game, seat) in &states {
                let observed = game.observe(Observer::Seat(*seat), &mut observation);
                black_box((&observation, observed.is_ok()));
            }
        }
        if mode == "returns" {
            for (game, _) in &states {
                let got = game.returns(&mut returns);
                black_box((&returns, got.is_ok()));
            }
        }
        if matches!(mode, "all" | "step") {
            let mut best = f64::MAX;
            for _ in 0..repeats {
                let mut copies = states.clone();
                // (The same actions each repeat.)
                let mut pick = rng;
                let start = Instant::now();
                for (game, seat) in &mut copies {
                    game.legal_actions(*seat, &mut buf);
                    if let Some(&action) = buf.get(pick.below(buf.len() as u32) as usize) {
                        black_box(game.apply(*seat, action).is_ok());
                    }
                }
                best = best.min(start.elapsed().as_secs_f64());
                black_box(&copies);
            }
            step += best;
        }
    }
    let per = |secs: f64| secs / decisions.max(1) as f64 * 1e9;
    if mode == "all" {
        println!(
            "{name:<8} {decisions} decisions   mask+observe {:>5.0} ns ({:.2})   bits+observe {:>5.0} ns ({:.2})   legal+apply {:>5.0} ns",
            per(learn),
            learn / step,
            per(bits_learn),
            bits_learn / step,
            per(step)
        );
    } else {
        println!("{name} {mode}: {decisions} decisions");
        for (k, v) in &hist {
            println!("{v:>8} {k}");
        }
    }
}
