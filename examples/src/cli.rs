//! Command lines of the three examples, parsed by clap (derive).
//!
//! Flags take their value as the next argument or after `=` (`--games 10`,
//! `--games=10`). Each flag may be given once. `-h` / `--help` asks for the help, which clap
//! generates from the flags below; the game options' part of it is written from the tables
//! the parser reads ([`crate::options`]), so that it cannot fall behind the code.
//!
//! The clap structs are private: [`SimulateArgs`], [`PlayArgs`] and [`ReplayArgs`] are what
//! the examples use, with the game options already applied to the games (the engine that
//! plays them chosen, or the options refused).

use core::fmt;
use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};

use crate::bots::{BotSpec, IsmctsSettings};
use crate::catalog::GameId;
use crate::options::{DukeObjective, GameOptions};

mod game_options;
mod usage;

use game_options::OptionFlags;

/// Why a command line was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// `-h` or `--help`: print the help and stop successfully.
    Help,
    /// A mistake, explained (clap's message without its `error: ` prefix and usage line).
    Invalid(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Help => f.write_str("help requested"),
            CliError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for CliError {}

fn invalid(why: impl Into<String>) -> CliError {
    CliError::Invalid(why.into())
}

/// Parses `args` (without the program name) with the clap command `C`.
fn parse_command<C: Parser>(args: impl IntoIterator<Item = String>) -> Result<C, CliError> {
    let name = C::command().get_name().to_owned();
    C::try_parse_from(std::iter::once(name).chain(args)).map_err(|e| match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::DisplayVersion => {
            CliError::Help
        }
        _ => CliError::Invalid(message(&e)),
    })
}

/// Clap's message without its `error: ` prefix, usage line and `--help` hint (the examples
/// print the usage line themselves, after their own name).
fn message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    let end = ["\n\nUsage:", "\n\nFor more information"].iter().filter_map(|cut| text.find(cut)).min();
    text[..end.unwrap_or(text.len())].trim_end().to_owned()
}

/// The help of the clap command `C`, as `--help` prints it.
fn help<C: CommandFactory>() -> String {
    C::command().render_help().to_string()
}

/// The usage line of the clap command `C` and the hint to ask for the help, for errors.
fn short_usage<C: CommandFactory>() -> String {
    format!("{}\n\nFor more information, try '--help'.", C::command().render_usage())
}

/// `--game` of `simulate`: one game or all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameChoice {
    All,
    One(GameId),
}

fn game_or_all(value: &str) -> Result<GameChoice, String> {
    if value.trim() == "all" {
        return Ok(GameChoice::All);
    }
    value.parse::<GameId>().map(GameChoice::One).map_err(|e| e.to_string())
}

fn one_game(value: &str) -> Result<GameId, String> {
    if value.trim() == "all" {
        return Err("`all` is for simulate; name one game".to_owned());
    }
    value.parse::<GameId>().map_err(|e| e.to_string())
}

/// `--bots`: a comma-separated list (a newtype, so that clap takes it as one value).
#[derive(Clone, Debug, PartialEq)]
struct BotList(Vec<BotSpec>);

fn bot_list(value: &str) -> Result<BotList, String> {
    value.split(',').map(|b| b.parse::<BotSpec>().map_err(|e| e.to_string())).collect::<Result<_, _>>().map(BotList)
}

fn number<T: core::str::FromStr>(value: &str, what: &str) -> Result<T, String> {
    value.trim().parse().map_err(|_| format!("expected {what}"))
}

fn game_count(value: &str) -> Result<u64, String> {
    match number(value, "a number of games")? {
        0 => Err("there is nothing to simulate; give at least 1".to_owned()),
        n => Ok(n),
    }
}

fn seed(value: &str) -> Result<u64, String> {
    number(value, "an unsigned 64-bit seed")
}

fn players(value: &str) -> Result<u8, String> {
    const WHAT: &str = "a number of players from 1 to 16";
    match number(value, WHAT)? {
        p @ 1..=16 => Ok(p),
        _ => Err(format!("expected {WHAT}")),
    }
}

fn seat(value: &str) -> Result<u8, String> {
    number(value, "a seat number from 0")
}

fn threads(value: &str) -> Result<NonZeroUsize, String> {
    number(value, "a number of threads, at least 1")
}

const BOTS_HELP: &str = "Bots cycled over the seats: random,greedy,ismcts[:ITERATIONS[:EXPLORATION[:HORIZON|end]]]";

/// The clap command of `simulate`.
#[derive(Debug, Parser)]
#[command(name = "simulate", about = SimulateArgs::ABOUT, after_help = usage::options_usage())]
#[command(allow_negative_numbers = true, disable_version_flag = true)]
struct SimulateCommand {
    #[arg(long, value_name = "NAME", value_parser = game_or_all, help = usage::game_help(true))]
    game: Option<GameChoice>,
    /// Games to play of each game
    #[arg(long = "games", value_name = "N", value_parser = game_count, default_value_t = SimulateArgs::DEFAULT_COUNT)]
    count: u64,
    /// The master seed: game i's seed derives from it and i only
    #[arg(long, value_name = "S", value_parser = seed, default_value_t = SimulateArgs::DEFAULT_SEED)]
    seed: u64,
    /// Seats per game, 1 to 16, if not the game's default
    #[arg(long, value_name = "P", value_parser = players)]
    players: Option<u8>,
    #[arg(long, value_name = "LIST", value_parser = bot_list, help = format!("{BOTS_HELP} [default: {}]", bot_names(&SimulateArgs::default_bots())))]
    bots: Option<BotList>,
    /// Write the first game's record to FILE (FILE-GAME.EXT each with several games)
    #[arg(long, value_name = "FILE")]
    save_record: Option<PathBuf>,
    /// Write every decision of every game (observation, mask, action index, reward, seat,
    /// game id) to FILE, a .npz numpy reads (FILE-GAME.npz each with several games)
    #[arg(long, value_name = "FILE")]
    save_trajectories: Option<PathBuf>,
    /// Play on N threads, the same summary for any N [default: every core]
    #[arg(long, value_name = "N", value_parser = threads)]
    threads: Option<NonZeroUsize>,
    #[command(flatten)]
    options: OptionFlags,
}

fn bot_names(bots: &[BotSpec]) -> String {
    bots.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

/// The game options of a command line applied to `games`: each becomes the engine that
/// plays them, or the options are refused.
fn apply_options(options: GameOptions, games: &mut [GameId]) -> Result<GameOptions, CliError> {
    if (options.ranger || options.three_pikemen) && options.objective != Some(DukeObjective::DarkRider) {
        return Err(invalid("--ranger and --three-pikemen go with --objective dark-rider"));
    }
    for game in games {
        *game = game.with_options(&options).map_err(invalid)?;
    }
    Ok(options)
}

/// `simulate` options.
#[derive(Clone, Debug, PartialEq)]
pub struct SimulateArgs {
    /// The games to play, in order.
    pub games: Vec<GameId>,
    /// Games to play of each.
    pub count: u64,
    /// Master seed of the run.
    pub seed: u64,
    /// Seats, if not the game's default.
    pub players: Option<u8>,
    /// Bots, cycled over the seats.
    pub bots: Vec<BotSpec>,
    /// Where to write the record of the first game (per game when several).
    pub save_record: Option<PathBuf>,
    /// Where to write every decision as a learner sees it (per game when several).
    pub save_trajectories: Option<PathBuf>,
    /// Threads the games are played on (`--threads`, by default every core).
    pub threads: usize,
    /// Game options (`games` already names the engines that play them).
    pub options: GameOptions,
}

impl SimulateArgs {
    /// Games of each kind in the default run.
    pub const DEFAULT_COUNT: u64 = 12;
    /// Seed of the default run.
    pub const DEFAULT_SEED: u64 = 1;
    /// The default bots: a quick ISMCTS (50 iterations, so that the default run takes
    /// seconds), the greedy bot and the random bot.
    pub fn default_bots() -> Vec<BotSpec> {
        let quick = IsmctsSettings { iterations: 50, ..IsmctsSettings::default() };
        vec![BotSpec::Ismcts(quick), BotSpec::Greedy, BotSpec::Random]
    }

    /// The default of `--threads`: every core the system gives this process (1 if it
    /// cannot tell).
    pub fn default_threads() -> usize {
        std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
    }

    /// What `simulate` does, at the head of its help.
    pub const ABOUT: &'static str = "\
Plays N games of each chosen game with bots, one per seat, cycling the list (game i gives
seat k the bot (k + i) mod len, so every bot sits in every seat), and prints a summary per
game. The same seed gives the same summary (timings excepted), whatever the number of
threads: game i's seed derives from the master seed and i only.
ismcts (200 iterations, exploration 0.7) cuts its rollouts after HORIZON actions (default
10) and scores the seats by the game's evaluation; HORIZON `end` plays them to the end.
Without arguments: --game all --games 12 --seed 1 --bots ismcts:50,greedy,random.";

    /// The help (`--help`): the flags and the game options, their values listed from the
    /// tables the parser reads.
    pub fn usage() -> String {
        help::<SimulateCommand>()
    }

    /// The usage line, for errors.
    pub fn short_usage() -> String {
        short_usage::<SimulateCommand>()
    }

    /// Parses the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<SimulateArgs, CliError> {
        let command: SimulateCommand = parse_command(args)?;
        let mut games = match command.game {
            Some(GameChoice::One(id)) => vec![id],
            Some(GameChoice::All) if GameId::ALL.is_empty() => {
                return Err(invalid("no game crate is wired in yet: try --game highcard"));
            }
            Some(GameChoice::All) => GameId::ALL.to_vec(),
            None if GameId::ALL.is_empty() => vec![GameId::HighCard],
            None => GameId::ALL.to_vec(),
        };
        let options = apply_options(command.options.0, &mut games)?;
        Ok(SimulateArgs {
            games,
            count: command.count,
            seed: command.seed,
            players: command.players,
            bots: command.bots.map_or_else(SimulateArgs::default_bots, |b| b.0),
            save_record: command.save_record,
            save_trajectories: command.save_trajectories,
            threads: command.threads.map_or_else(SimulateArgs::default_threads, NonZeroUsize::get),
            options,
        })
    }
}

/// The clap command of `play`.
#[derive(Debug, Parser)]
#[command(name = "play", about = PlayArgs::ABOUT, after_help = usage::options_usage())]
#[command(allow_negative_numbers = true, disable_version_flag = true)]
struct PlayCommand {
    #[arg(long, value_name = "NAME", value_parser = one_game, help = usage::game_help(false))]
    game: Option<GameId>,
    /// Seats, 1 to 16, if not the game's default
    #[arg(long, value_name = "P", value_parser = players)]
    players: Option<u8>,
    /// Your seat (0 is the first)
    #[arg(long, value_name = "K", value_parser = seat, default_value_t = 0)]
    seat: u8,
    /// The seed [default: from the clock, printed to play the game again]
    #[arg(long, value_name = "S", value_parser = seed)]
    seed: Option<u64>,
    #[arg(long, value_name = "LIST", value_parser = bot_list, help = format!("{BOTS_HELP} [default: ismcts]"))]
    bots: Option<BotList>,
    /// Write the record of the game to FILE at the end (for the replay example)
    #[arg(long, value_name = "FILE")]
    save_record: Option<PathBuf>,
    #[command(flatten)]
    options: OptionFlags,
}

/// `play` options.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayArgs {
    /// The game.
    pub game: GameId,
    /// Seats, if not the game's default.
    pub players: Option<u8>,
    /// The human's seat.
    pub seat: u8,
    /// The seed; `None` picks one from the clock (and prints it).
    pub seed: Option<u64>,
    /// The bots of the other seats, cycled.
    pub bots: Vec<BotSpec>,
    /// Where to write the record at the end.
    pub save_record: Option<PathBuf>,
    /// Game options (`game` already names the engine that plays them).
    pub options: GameOptions,
}

impl PlayArgs {
    /// What `play` does, at the head of its help.
    pub const ABOUT: &'static str = "\
Plays one game in the terminal: you sit in seat K (default 0, the first seat); the bots
(default ismcts) take the other seats, cycling the list. Type the number of an action or
its notation; `help` and `quit` are commands.";

    /// The help (`--help`): the flags and the game options, their values listed from the
    /// tables the parser reads.
    pub fn usage() -> String {
        help::<PlayCommand>()
    }

    /// The usage line, for errors.
    pub fn short_usage() -> String {
        short_usage::<PlayCommand>()
    }

    /// Parses the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<PlayArgs, CliError> {
        let command: PlayCommand = parse_command(args)?;
        let Some(game) = command.game else {
            return Err(invalid(format!("--game is required: one of {}", usage::game_names())));
        };
        let mut games = [game];
        let options = apply_options(command.options.0, &mut games)?;
        let [game] = games;
        Ok(PlayArgs {
            game,
            players: command.players,
            seat: command.seat,
            seed: command.seed,
            bots: command.bots.map_or_else(|| vec![BotSpec::Ismcts(IsmctsSettings::default())], |b| b.0),
            save_record: command.save_record,
            options,
        })
    }
}

/// The clap command of `replay`.
#[derive(Debug, Parser)]
#[command(name = "replay", about = ReplayArgs::ABOUT)]
#[command(allow_negative_numbers = true, disable_version_flag = true)]
struct ReplayCommand {
    /// The record (JSON), as written by `--save-record`
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Replay what seat K saw, its own hidden cards too [default: what a spectator saw]
    #[arg(long, value_name = "K", value_parser = seat)]
    seat: Option<u8>,
    /// Wait for Enter between steps
    #[arg(long)]
    step: bool,
}

/// `replay` options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The record file (JSON).
    pub file: PathBuf,
    /// Wait for Enter between steps.
    pub step: bool,
    /// Whose perspective: `--seat K` shows seat K's view and the events it saw (its own
    /// hidden cards included, nobody else's); the spectator's by default.
    pub seat: Option<u8>,
}

impl ReplayArgs {
    /// What `replay` does, at the head of its help.
    pub const ABOUT: &'static str = "\
Replays a game record (JSON, as written by `simulate --save-record` or `play --save-record`),
printing what one observer saw at every step (the events, then its view). By default that is
a spectator, who sees only what every player sees; --seat K replays from seat K's perspective.
--step waits for Enter between steps.";

    /// The help (`--help`).
    pub fn usage() -> String {
        help::<ReplayCommand>()
    }

    /// The usage line, for errors.
    pub fn short_usage() -> String {
        short_usage::<ReplayCommand>()
    }

    /// Parses the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<ReplayArgs, CliError> {
        let command: ReplayCommand = parse_command(args)?;
        Ok(ReplayArgs { file: command.file, step: command.step, seat: command.seat })
    }
}

#[cfg(test)]
mod tests;
