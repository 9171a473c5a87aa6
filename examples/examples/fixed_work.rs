//! Fixed work per game: random playouts (legal_actions + apply) and apply/undo of every
//! legal action along games, timed; prints actions per second; and, per decision, the cost
//! of the learning surface (`legal_mask` + `observe`, and `legal_mask_bits` + `observe`)
//! beside the engine's step (`legal_actions` + `apply`), each timed over the same states of
//! the same random games.
//!
//! The playouts and apply/undo are timed by `duke_examples::measure`, as in the `speed`
//! example.
//!
//! `cargo run --release --example fixed_work [-- ROUNDS]`

use std::hint::black_box;
use std::time::Instant;

use duke_core::{GameRng, Learning, Observer};
use duke_examples::measure::{apply_undo, playouts};

/// Plays `games` random games, keeping every decision's state and seat; then times, over
/// the same states in the same order, the learning surface of the seat to act
/// (`legal_mask` + `observe` into warm buffers; then `legal_mask_bits` + `observe`) and the
/// engine's step (`legal_actions` + `apply` of a random legal action, on a copy made
/// beforehand). Each is timed as one loop over the states (no timer per call). The three
/// loops run twice per game, in one order and then in the reverse order, so each meets the
/// states as often first (colder caches) as last: neither pays for warming the caches for
/// the other. Returns (decisions, mask+observe seconds, bits+observe seconds, step seconds),
/// each surface's seconds per pass over the decisions.
fn learning<G: Learning>(config: &G::Config, games: u64) -> (u64, f64, f64, f64) {
    let mut rng = GameRng::new(13);
    let (mut buf, mut scratch) = (Vec::new(), Vec::new());
    let (mut decisions, mut learn, mut bits_learn, mut step) = (0, 0.0, 0.0, 0.0);
    let Ok(first) = G::new(config, 0) else { return (0, 0.0, 0.0, 0.0) };
    let mut mask = vec![false; first.action_count()];
    let mut bits = vec![0u64; duke_core::mask_words(first.action_count())];
    let mut observation = vec![0.0f32; first.observation_shape().len()];
    for seed in 0..games {
        let Ok(mut game) = G::new(config, seed) else { continue };
        let mut states = Vec::new();
        for _ in 0..100_000 {
            let to_act = game.to_act();
            let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
            game.legal_actions(seat, &mut buf);
            let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) else { break };
            states.push((game.clone(), seat));
            if game.apply(seat, action).is_err() {
                break;
            }
        }
        for order in [[0, 1, 2], [2, 1, 0]] {
            for surface in order {
                // The step's copies are made before its timer starts.
                let mut copies = if surface == 2 { states.clone() } else { Vec::new() };
                let start = Instant::now();
                match surface {
                    0 => {
                        for (game, seat) in &states {
                            let masked = game.legal_mask(*seat, &mut scratch, &mut mask);
                            let observed = game.observe(Observer::Seat(*seat), &mut observation);
                            black_box((&mask, &observation, masked.is_ok(), observed.is_ok()));
                        }
                    }
                    1 => {
                        for (game, seat) in &states {
                            let masked = game.legal_mask_bits(*seat, &mut scratch, &mut bits);
                            let observed = game.observe(Observer::Seat(*seat), &mut observation);
                            black_box((&bits, &observation, masked.is_ok(), observed.is_ok()));
                        }
                    }
                    _ => {
                        for (game, seat) in &mut copies {
                            game.legal_actions(*seat, &mut buf);
                            if let Some(&action) = buf.get(rng.below(buf.len() as u32) as usize) {
                                let applied = game.apply(*seat, action);
                                black_box(applied.is_ok());
                            }
                        }
                    }
                }
                let secs = start.elapsed().as_secs_f64() / 2.0;
                match surface {
                    0 => learn += secs,
                    1 => bits_learn += secs,
                    _ => step += secs,
                }
                black_box(&copies);
            }
        }
        decisions += states.len() as u64;
    }
    (decisions, learn, bits_learn, step)
}

fn report<G: Learning>(label: &str, config: &G::Config, games: u64) {
    let (actions, secs) = playouts::<G>(config, 0..games);
    let (pairs, undo_secs) = apply_undo::<G>(config, 0..games / 4 + 1);
    let (decisions, learn, bits, step) = learning::<G>(config, games / 4 + 1);
    let per = |secs: f64| secs / decisions.max(1) as f64 * 1e9;
    println!(
        "{label:<28} playouts {:>7.2} M actions/s   apply+undo {:>7.2} M pairs/s   mask+observe {:>5.0} ns   bits+observe {:>5.0} ns   legal+apply {:>5.0} ns",
        actions as f64 / secs / 1e6,
        pairs as f64 / undo_secs / 1e6,
        per(learn),
        per(bits),
        per(step)
    );
}

fn main() {
    let rounds: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    for _ in 0..rounds {
        let duke = {
            let mut config = theduke_rules::Config::default();
            config.turn_limit = Some(200);
            config
        };
        report::<theduke_rules::TheDuke>("theduke (turn limit 200)", &duke, 400);
        let mut enhanced = duke.clone();
        enhanced.enhanced_tiles = true;
        report::<theduke_rules::ExpandedDuke>("theduke enhanced (limit 200)", &enhanced, 100);
        // Fields set one by one: `Config` is `#[non_exhaustive]` (and this builds against
        // older versions too).
        let mut arch = archduke_rules::Config::default();
        arch.turn_limit = Some(200);
        report::<archduke_rules::Archduke>("archduke (4 players)", &arch, 400);
        let mut up = dukesup_rules::Config::default();
        up.turn_limit = Some(200);
        report::<dukesup_rules::DukesUp>("dukesup", &up, 1_000);
        for players in [3u8, 5, 8] {
            let Ok(crown) = crownbattles_rules::Config::rulebook(Some(players)) else { continue };
            report::<crownbattles_rules::CrownBattles>(&format!("crownbattles ({players} players)"), &crown, 600);
        }
        // Every Round Type card of the expansions that 5 players may play, one dealt per round.
        if let Ok(mut crown) = crownbattles_rules::Config::rulebook(Some(5)) {
            use crownbattles_rules::{RoundType, RoundTypes};
            let allowed: Vec<RoundType> = RoundType::ALL.into_iter().filter(|t| !t.excluded_for(5)).collect();
            crown.round_types = RoundTypes::deal(&allowed);
            if crown.check().is_ok() {
                report::<crownbattles_rules::CrownBattles>("crownbattles all round types", &crown, 300);
            }
        }
    }
}
