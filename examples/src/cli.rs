//! Command lines of the three examples: a small hand-written parser.
//!
//! Flags take their value as the next argument or after `=` (`--games 10`,
//! `--games=10`). Each flag may be given once. `-h` / `--help` asks for the usage text.

use core::fmt;
use std::path::PathBuf;

use crate::bots::{BotSpec, IsmctsSettings};
use crate::catalog::GameId;
use crate::options::{
    ACE, END_OF_TRICK, GameOptions, LEAK_CHOICE, MISSION_CHOICES, Named, PRECISION_TEAM_DOUBLE, ROUNDS, SCORING,
    SHIELDS, SWITCHES, WITCH_STEP,
};

/// Why a command line was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CliError {
    /// `-h` or `--help`: print the usage text and stop successfully.
    Help,
    /// A mistake, explained.
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

/// The flags and positional arguments of a command line.
#[derive(Debug, Default)]
struct Parsed {
    flags: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
    positional: Vec<String>,
}

impl Parsed {
    /// Splits `args` against the known `valued` flags and `switches`.
    fn new(
        args: impl IntoIterator<Item = String>,
        valued: &[&'static str],
        switches: &[&'static str],
    ) -> Result<Parsed, CliError> {
        let mut parsed = Parsed::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            if arg == "-h" || arg == "--help" {
                return Err(CliError::Help);
            }
            let Some(flag) = arg.strip_prefix("--") else {
                if arg.starts_with('-') && arg.len() > 1 {
                    return Err(invalid(format!("unknown option {arg:?}")));
                }
                parsed.positional.push(arg);
                continue;
            };
            let (name, inline) = match flag.split_once('=') {
                Some((name, value)) => (name, Some(value.to_owned())),
                None => (flag, None),
            };
            if let Some(&name) = switches.iter().find(|&&s| s == name) {
                if inline.is_some() {
                    return Err(invalid(format!("--{name} takes no value")));
                }
                if parsed.switches.contains(&name) {
                    return Err(invalid(format!("--{name} is given twice")));
                }
                parsed.switches.push(name);
                continue;
            }
            let Some(&name) = valued.iter().find(|&&v| v == name) else {
                return Err(invalid(format!("unknown option {arg:?}")));
            };
            let value = match inline {
                Some(value) => value,
                None => args.next().ok_or_else(|| invalid(format!("--{name} needs a value")))?,
            };
            if parsed.flags.iter().any(|(n, _)| *n == name) {
                return Err(invalid(format!("--{name} is given twice")));
            }
            parsed.flags.push((name, value));
        }
        Ok(parsed)
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.flags.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    fn has(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }

    fn number<T: core::str::FromStr>(&self, name: &str, what: &str) -> Result<Option<T>, CliError> {
        self.get(name)
            .map(|v| v.trim().parse().map_err(|_| invalid(format!("--{name} {v:?}: expected {what}"))))
            .transpose()
    }

    /// The value of the flag of the choice `T` (`--leak-choice dealer`), if given.
    fn named<T: Named>(&self) -> Result<Option<T>, CliError> {
        self.get(T::FLAG).map(T::parse).transpose().map_err(invalid)
    }

    fn no_positional(&self) -> Result<(), CliError> {
        match self.positional.first() {
            Some(extra) => Err(invalid(format!("unexpected argument {extra:?}"))),
            None => Ok(()),
        }
    }
}

/// Reads `--game`: one game, or `all` when `allow_all`.
fn parse_games(value: &str, allow_all: bool) -> Result<Vec<GameId>, CliError> {
    if value.trim() == "all" {
        if !allow_all {
            return Err(invalid("--game all is not possible here: name one game"));
        }
        if GameId::ALL.is_empty() {
            return Err(invalid("no game crate is wired in yet: try --game highcard"));
        }
        return Ok(GameId::ALL.to_vec());
    }
    value.parse::<GameId>().map(|id| vec![id]).map_err(|e| invalid(e.to_string()))
}

/// Reads `--bots`: a comma-separated list.
fn parse_bots(value: &str) -> Result<Vec<BotSpec>, CliError> {
    value.split(',').map(|b| b.parse::<BotSpec>().map_err(|e| invalid(format!("--bots: {e}")))).collect()
}

/// Reads the game options (the switches of [`SWITCHES`], `--tiles FILE`, `--objective
/// NAME`, `--round-types LIST`, `--round-sequence LIST`, `--missions FILE`,
/// `--precision-team-double NAME`, `--leak-choice NAME`, `--shields NAME`, `--witch-step N`, `--end-of-trick LIST`, `--mission-choices N`,
/// `--scoring SPEC`, `--ace NAME`, `--rounds N`) and applies them to `games`: each becomes
/// the engine that plays them, or the options are refused.
fn parse_options(parsed: &Parsed, games: &mut [GameId]) -> Result<GameOptions, CliError> {
    let mut options = GameOptions {
        tiles: parsed.get("tiles").map(PathBuf::from),
        objective: match parsed.get("objective") {
            Some(name) => crate::options::DukeObjective::parse(name).map_err(invalid)?,
            None => None,
        },
        round_types: parsed.get(ROUND_TYPES).map(str::to_owned),
        round_sequence: parsed.get(ROUND_SEQUENCE).map(str::to_owned),
        missions: parsed.get(MISSIONS).map(PathBuf::from),
        precision_team_double: parsed.named()?,
        leak_choice: parsed.named()?,
        shields: parsed.named()?,
        witch_step: parsed.number(WITCH_STEP, "5 or 10")?,
        end_of_trick: parsed.get(END_OF_TRICK).map(str::to_owned),
        mission_choices: parsed.number(MISSION_CHOICES, "a number of missions")?,
        scoring: parsed.get(SCORING).map(str::to_owned),
        ace: parsed.named()?,
        rounds: parsed.number(ROUNDS, "a number of rounds")?,
        ..GameOptions::default()
    };
    for &flag in SWITCHES {
        if parsed.has(flag)
            && let Some(on) = options.switch_mut(flag)
        {
            *on = true;
        }
    }
    if (options.ranger || options.three_pikemen) && options.objective != Some(crate::options::DukeObjective::DarkRider)
    {
        return Err(invalid("--ranger and --three-pikemen go with --objective dark-rider".to_owned()));
    }
    for game in games {
        *game = game.with_options(&options).map_err(invalid)?;
    }
    Ok(options)
}

/// Crown Battles' mission catalogue file.
const MISSIONS: &str = "missions";
/// Crown Battles' round types: the Round Type cards to deal.
const ROUND_TYPES: &str = "round-types";
/// Crown Battles' round types in a fixed order.
const ROUND_SEQUENCE: &str = "round-sequence";
/// The game options that take a value, shared by `simulate` and `play`.
const OPTION_VALUES: &[&str] = &[
    "tiles",
    "objective",
    ROUND_TYPES,
    ROUND_SEQUENCE,
    MISSIONS,
    PRECISION_TEAM_DOUBLE,
    LEAK_CHOICE,
    SHIELDS,
    WITCH_STEP,
    END_OF_TRICK,
    MISSION_CHOICES,
    SCORING,
    ACE,
    ROUNDS,
];

/// A command's own flags that take a value, followed by the game options'.
fn with_option_values(own: &[&'static str]) -> Vec<&'static str> {
    own.iter().chain(OPTION_VALUES).copied().collect()
}

fn parse_players(parsed: &Parsed) -> Result<Option<u8>, CliError> {
    let players = parsed.number::<u8>("players", "a number of players from 1 to 16")?;
    match players {
        Some(p) if !(1..=16).contains(&p) => Err(invalid(format!("--players {p}: expected 1 to 16"))),
        _ => Ok(players),
    }
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

    /// The usage text.
    pub const USAGE: &'static str = "\
usage: simulate [--game NAME|all] [--games N] [--seed S] [--players P]
                [--bots random,greedy,ismcts[:ITERATIONS[:EXPLORATION[:HORIZON|end]]],...]
                [--save-record FILE] [--enhanced] [--tiles FILE] [--mountain] [--fort] [--dragon]
                [--objective NAME] [--ranger] [--three-pikemen] [other game options]

Plays N games of each chosen game with bots, one per seat, cycling the list (game i gives
seat k the bot (k + i) mod len, so every bot sits in every seat), and prints a summary per
game. The same seed gives the same summary (timings excepted).
ismcts (200 iterations, exploration 0.7) cuts its rollouts after HORIZON actions (default
10) and scores the seats by the game's evaluation; HORIZON `end` plays them to the end.
Without arguments: --game all --games 12 --seed 1 --bots ismcts:50,greedy,random.";

    /// The usage text with the games and the game options (their values listed from the
    /// tables the parser reads).
    pub fn usage() -> String {
        format!("{}\n{}\n{}", SimulateArgs::USAGE, usage::games_line(true), usage::options_usage())
    }

    /// Parses the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<SimulateArgs, CliError> {
        let parsed = Parsed::new(
            args,
            &with_option_values(&["game", "games", "seed", "players", "bots", "save-record"]),
            SWITCHES,
        )?;
        parsed.no_positional()?;
        let mut games = match parsed.get("game") {
            Some(value) => parse_games(value, true)?,
            None if GameId::ALL.is_empty() => vec![GameId::HighCard],
            None => GameId::ALL.to_vec(),
        };
        let count = parsed.number::<u64>("games", "a number of games")?.unwrap_or(SimulateArgs::DEFAULT_COUNT);
        if count == 0 {
            return Err(invalid("--games 0: there is nothing to simulate; give at least 1"));
        }
        let seed = parsed.number::<u64>("seed", "an unsigned 64-bit seed")?.unwrap_or(SimulateArgs::DEFAULT_SEED);
        let bots = parsed.get("bots").map(parse_bots).transpose()?.unwrap_or_else(SimulateArgs::default_bots);
        let options = parse_options(&parsed, &mut games)?;
        Ok(SimulateArgs {
            games,
            count,
            seed,
            players: parse_players(&parsed)?,
            bots,
            save_record: parsed.get("save-record").map(PathBuf::from),
            options,
        })
    }
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
    /// The usage text.
    pub const USAGE: &'static str = "\
usage: play --game NAME [--players P] [--seat K] [--seed S]
            [--bots random,greedy,ismcts[:ITERATIONS[:EXPLORATION[:HORIZON|end]]],...]
            [--save-record FILE]
            [--enhanced] [--tiles FILE] [--mountain] [--fort] [--dragon] [--objective NAME]
            [--ranger] [--three-pikemen] [other game options]

Plays one game in the terminal: you sit in seat K (default 0, the first seat); the bots
(default ismcts) take the other seats, cycling the list. Type the number of an action or
its notation; `help` and `quit` are commands.";

    /// The usage text with the games and the game options (their values listed from the
    /// tables the parser reads).
    pub fn usage() -> String {
        format!("{}\n{}\n{}", PlayArgs::USAGE, usage::games_line(false), usage::options_usage())
    }

    /// Parses the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<PlayArgs, CliError> {
        let parsed = Parsed::new(
            args,
            &with_option_values(&["game", "players", "seat", "seed", "bots", "save-record"]),
            SWITCHES,
        )?;
        parsed.no_positional()?;
        let mut games = match parsed.get("game") {
            Some(value) => parse_games(value, false)?,
            None => return Err(invalid(format!("--game is required: one of {}", GameId::choices()))),
        };
        let options = parse_options(&parsed, &mut games)?;
        Ok(PlayArgs {
            game: games.first().copied().ok_or_else(|| invalid("--game: no game"))?,
            players: parse_players(&parsed)?,
            seat: parsed.number::<u8>("seat", "a seat number from 0")?.unwrap_or(0),
            seed: parsed.number::<u64>("seed", "an unsigned 64-bit seed")?,
            bots: parsed
                .get("bots")
                .map(parse_bots)
                .transpose()?
                .unwrap_or_else(|| vec![BotSpec::Ismcts(IsmctsSettings::default())]),
            save_record: parsed.get("save-record").map(PathBuf::from),
            options,
        })
    }
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
    /// The usage text.
    pub const USAGE: &'static str = "\
usage: replay FILE [--seat K] [--step]

Replays a game record (JSON, as written by `simulate --save-record` or `play --save-record`),
printing what one observer saw at every step (the events, then its view). By default that is
a spectator, who sees only what every player sees; --seat K replays from seat K's perspective.
--step waits for Enter between steps.";

    /// Parses the arguments (without the program name).
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<ReplayArgs, CliError> {
        let parsed = Parsed::new(args, &["seat"], &["step"])?;
        let mut positional = parsed.positional.iter();
        let file = positional.next().ok_or_else(|| invalid("the record FILE is missing"))?;
        if let Some(extra) = positional.next() {
            return Err(invalid(format!("unexpected argument {extra:?}: give one FILE")));
        }
        let seat = parsed.number("seat", "a seat number")?;
        Ok(ReplayArgs { file: PathBuf::from(file), step: parsed.has("step"), seat })
    }
}

#[cfg(test)]
mod tests;
mod usage;
