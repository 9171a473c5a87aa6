//! Many bot games, on every core, and their summary table.

use core::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use duke_core::{Game, Outcome, Record, Seat};
use rayon::iter::{IntoParallelIterator, ParallelIterator};

use crate::bots::{Bot, BotSpec};
use crate::catalog::Catalogued;
use crate::driver::{DriverError, Logs, play_game_with};
use crate::options::GameOptions;
use crate::seed::mix;

/// How one bot did over a run.
#[derive(Clone, Debug, PartialEq)]
pub struct BotStats {
    /// The bot, as named on the command line.
    pub label: String,
    /// Seat-games played (a bot in two seats of one game counts twice).
    pub seats: u64,
    /// Seat-games ranked first alone.
    pub wins: u64,
    /// Seat-games ranked first with others (a draw, or a shared win).
    pub shared: u64,
    /// Sum of [`Outcome::reward`](duke_core::Outcome::reward) (1 sole win .. 0 sole last).
    pub reward: f64,
    /// Sum of final scores, in the game's own units.
    pub score: i64,
}

impl BotStats {
    fn per_seat(&self, total: f64) -> f64 {
        if self.seats == 0 { 0.0 } else { total / self.seats as f64 }
    }
}

/// The result of a run of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game's command-line name.
    pub game: &'static str,
    /// Its title.
    pub title: &'static str,
    /// Seats per game.
    pub players: usize,
    /// The master seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Actions played over all games.
    pub actions: u64,
    /// Wall-clock time (not reproducible, unlike everything else).
    pub elapsed: Duration,
    /// One line per distinct bot label, in the order of the bot list.
    pub bots: Vec<BotStats>,
}

/// A run stopped by a game or driver failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimulateError {
    /// The config (for example the player count) was refused.
    Config {
        /// The game.
        game: &'static str,
        /// Why.
        why: String,
    },
    /// A game broke the contract.
    Game {
        /// The game.
        game: &'static str,
        /// Index of the game in the run.
        index: u64,
        /// Its game seed (the `seed` of its record).
        seed: u64,
        /// What happened.
        error: DriverError,
    },
}

impl fmt::Display for SimulateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SimulateError::Config { game, why } => write!(f, "{game}: {why}"),
            SimulateError::Game { game, index, seed, error } => {
                write!(f, "{game}: game #{index} (game seed {seed}) failed: {error}")
            }
        }
    }
}

impl std::error::Error for SimulateError {}

/// The bot of `seat` in game `index`: the list cycled and rotated by one seat per game, so
/// that over a run every bot sits in every seat.
pub fn bot_for(bots: &[BotSpec], index: u64, seat: usize) -> Option<BotSpec> {
    let len = bots.len() as u64;
    if len == 0 {
        return None;
    }
    bots.get(((seat as u64 + index % len) % len) as usize).copied()
}

/// The seed of game `index` of a run with master seed `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    mix(seed, index)
}

/// What a run keeps of one game: enough to add it to the summary in the game's turn.
struct Played<G: Game> {
    /// Actions of the game.
    actions: u64,
    /// The bot of each seat.
    specs: Vec<BotSpec>,
    /// How it ended.
    outcome: Outcome,
    /// Its record, kept for the first game only (a long run would hold every game's).
    record: Option<Record<G>>,
}

/// What [`run_each`] keeps of each game besides the summary.
struct Kept<G: Game, T> {
    played: Played<G>,
    extra: T,
}

/// Plays `count` games of `G` (with `players` seats if given, and the game `options`) with
/// `bots`, calling `progress(done)` after each game.
/// Returns the summary and the record of the first game.
///
/// The games run on the current rayon pool: the global one (every core), or the pool the
/// caller [`install`](rayon::ThreadPool::install)s (the `simulate` example's `--threads`).
/// Game `index` is played with the seed [`game_seed`]`(seed, index)` by bots built for it
/// alone, and the games are added to the summary in index order, so that the summary
/// (everything but [`Summary::elapsed`]) and the first record are the same on any number
/// of threads. `progress` may be called from any of them, with the number of games done.
pub fn run<G>(
    players: Option<u8>,
    options: &GameOptions,
    count: u64,
    seed: u64,
    bots: &[BotSpec],
    progress: impl Fn(u64) + Sync,
) -> Result<(Summary, Option<Record<G>>), SimulateError>
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    run_each::<G, ()>(players, options, count, seed, bots, progress, |_, _| Ok(()))
        .map(|(summary, first, _)| (summary, first))
}

/// [`run`] with a config built by the caller (one the command line's options do not
/// reach, such as Archduke's whole online rule set): the same games as [`run`] gives for
/// the config it builds.
pub fn run_config<G>(
    config: &G::Config,
    count: u64,
    seed: u64,
    bots: &[BotSpec],
    progress: impl Fn(u64) + Sync,
) -> Result<(Summary, Option<Record<G>>), SimulateError>
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
{
    run_config_each::<G, ()>(config, count, seed, bots, progress, |_, _| Ok(()))
        .map(|(summary, first, _)| (summary, first))
}

/// [`run`], and `each(index, record)` of every game, computed on the thread that played it
/// and returned in index order (the `simulate` example's `--save-trajectories` turns each
/// record into the learner's view of the game). An `Err` of `each` stops the run like a
/// failed game.
#[allow(clippy::type_complexity)]
pub fn run_each<G, T>(
    players: Option<u8>,
    options: &GameOptions,
    count: u64,
    seed: u64,
    bots: &[BotSpec],
    progress: impl Fn(u64) + Sync,
    each: impl Fn(u64, &Record<G>) -> Result<T, String> + Sync,
) -> Result<(Summary, Option<Record<G>>, Vec<T>), SimulateError>
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
    T: Send,
{
    let config = G::config_with(players, options).map_err(|why| SimulateError::Config { game: G::NAME, why })?;
    run_config_each(&config, count, seed, bots, progress, each)
}

/// [`run_each`] with a config built by the caller ([`run_config`]).
#[allow(clippy::type_complexity)]
fn run_config_each<G, T>(
    config: &G::Config,
    count: u64,
    seed: u64,
    bots: &[BotSpec],
    progress: impl Fn(u64) + Sync,
    each: impl Fn(u64, &Record<G>) -> Result<T, String> + Sync,
) -> Result<(Summary, Option<Record<G>>, Vec<T>), SimulateError>
where
    G: Catalogued,
    G::Config: Sync,
    Record<G>: Send,
    T: Send,
{
    let seats =
        G::new(config, seed).map_err(|e| SimulateError::Config { game: G::NAME, why: e.to_string() })?.seat_count();
    let mut stats: Vec<BotStats> = Vec::new();
    for spec in bots {
        let label = spec.to_string();
        if !stats.iter().any(|s| s.label == label) {
            stats.push(BotStats { label, seats: 0, wins: 0, shared: 0, reward: 0.0, score: 0 });
        }
    }
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let play = |index: u64| -> Result<Kept<G, T>, SimulateError> {
        let seed = game_seed(seed, index);
        let specs: Vec<BotSpec> = (0..seats).filter_map(|seat| bot_for(bots, index, seat)).collect();
        // Built for this game alone: no bot carries anything from one game to the next.
        let mut players: Vec<Box<dyn Bot<G>>> =
            specs.iter().enumerate().map(|(seat, spec)| spec.build::<G>(mix(seed, seat as u64 + 1))).collect();
        // A summary reads no event: the table keeps only the logs of bots that read theirs.
        let finished = play_game_with::<G>(config, seed, &mut players, Logs::NONE)
            .map_err(|error| SimulateError::Game { game: G::NAME, index, seed, error })?;
        let extra = each(index, &finished.record).map_err(|why| SimulateError::Config { game: G::NAME, why })?;
        progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        Ok(Kept {
            played: Played {
                actions: finished.record.steps.len() as u64,
                specs,
                outcome: finished.outcome,
                record: (index == 0).then_some(finished.record),
            },
            extra,
        })
    };
    // Rayon's `collect` keeps the order of the items, whatever thread played a game.
    let played: Vec<Result<Kept<G, T>, SimulateError>> = (0..count).into_par_iter().map(play).collect();
    let mut extras = Vec::with_capacity(played.len());
    let mut actions = 0u64;
    let mut first = None;
    // In index order: the first failure is the one reported, and the float sums add up
    // in the same order on any number of threads.
    for kept in played {
        let Kept { played: game, extra } = kept?;
        extras.push(extra);
        actions += game.actions;
        for (seat, spec) in game.specs.iter().enumerate() {
            let label = spec.to_string();
            let Some(line) = stats.iter_mut().find(|s| s.label == label) else { continue };
            let seat = Seat(seat as u8);
            line.seats += 1;
            if game.outcome.ranks.get(seat.index()) == Some(&1) {
                if game.outcome.winners().len() == 1 {
                    line.wins += 1;
                } else {
                    line.shared += 1;
                }
            }
            line.reward += game.outcome.reward(seat);
            line.score += game.outcome.scores.get(seat.index()).copied().unwrap_or(0);
        }
        if first.is_none() {
            first = game.record;
        }
    }
    let summary = Summary {
        game: G::NAME,
        title: G::TITLE,
        players: seats,
        seed,
        games: count,
        actions,
        elapsed: started.elapsed(),
        bots: stats,
    };
    Ok((summary, first, extras))
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64().max(1e-9);
        writeln!(f, "== {} ({}), {} players, seed {}", self.game, self.title, self.players, self.seed)?;
        writeln!(f, "{:>8} {:>10} {:>10} {:>12} {:>12}", "games", "actions", "games/s", "actions/s", "mean length")?;
        writeln!(
            f,
            "{:>8} {:>10} {:>10.1} {:>12.0} {:>12.1}",
            self.games,
            self.actions,
            self.games as f64 / secs,
            self.actions as f64 / secs,
            self.actions as f64 / self.games.max(1) as f64
        )?;
        writeln!(
            f,
            "{:<20} {:>6} {:>6} {:>6} {:>10} {:>12} {:>11}",
            "bot", "seats", "wins", "win %", "shared 1st", "mean reward", "mean score"
        )?;
        for bot in &self.bots {
            writeln!(
                f,
                "{:<20} {:>6} {:>6} {:>6.1} {:>10} {:>12.3} {:>11.2}",
                bot.label,
                bot.seats,
                bot.wins,
                100.0 * bot.per_seat(bot.wins as f64),
                bot.shared,
                bot.per_seat(bot.reward),
                bot.per_seat(bot.score as f64)
            )?;
        }
        Ok(())
    }
}
