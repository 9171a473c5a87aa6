//! The game options as clap arguments, built from the tables of [`crate::options`]: one
//! switch per entry of [`SWITCHES`], and the flags with a value of [`VALUED`]. Adding an
//! option to those tables adds its flag here; the help describes them all in its "Game
//! options" part ([`super::usage::options_usage`]), so their list entries are hidden.

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

use crate::options::{
    ACE, AceName, DukeObjective, END_OF_TRICK, GameOptions, LEAK_CHOICE, LeakChoiceName, MISSION_CHOICES, Named,
    PRECISION_TEAM_DOUBLE, PrecisionTeamDoubleName, ROUNDS, SCORING, SHIELDS, SWITCHES, ShieldsName, WITCH_STEP,
};

/// The Duke's custom tile set file.
const TILES: &str = "tiles";
/// The Duke's alternate objective.
const OBJECTIVE: &str = "objective";
/// Crown Battles' mission catalogue file.
const MISSIONS: &str = "missions";
/// Crown Battles' round types: the Round Type cards to deal.
const ROUND_TYPES: &str = "round-types";
/// Crown Battles' round types in a fixed order.
const ROUND_SEQUENCE: &str = "round-sequence";

/// The game options that take a value: the flag (without `--`) and its value's name.
const VALUED: &[(&str, &str)] = &[
    (TILES, "FILE"),
    (OBJECTIVE, "NAME"),
    (ROUND_TYPES, "LIST"),
    (ROUND_SEQUENCE, "LIST"),
    (MISSIONS, "FILE"),
    (PRECISION_TEAM_DOUBLE, "NAME"),
    (LEAK_CHOICE, "NAME"),
    (SHIELDS, "NAME"),
    (WITCH_STEP, "N"),
    (END_OF_TRICK, "LIST"),
    (MISSION_CHOICES, "N"),
    (SCORING, "SPEC"),
    (ACE, "NAME"),
    (ROUNDS, "N"),
];

/// The game options of a command line, read by clap (flattened into each command).
#[derive(Clone, Debug, Default)]
pub(super) struct OptionFlags(pub(super) GameOptions);

/// The choice of `T` named `value`, or the names it could be.
fn named<T: Named>(value: &str) -> Result<T, String> {
    T::NAMES.iter().find(|&&(n, _)| n == value.trim()).map(|&(_, v)| v).ok_or_else(|| {
        let names: Vec<&str> = T::NAMES.iter().map(|&(n, _)| n).collect();
        format!("expected one of {}", names.join(", "))
    })
}

/// `--objective`: an alternate objective, or `standard` (`None`).
fn objective(value: &str) -> Result<Option<DukeObjective>, String> {
    DukeObjective::parse(value.trim()).map_err(|_| {
        let names: Vec<&str> = DukeObjective::ALL.iter().map(|o| o.name()).collect();
        format!("expected standard, {}", names.join(", "))
    })
}

fn number(what: &'static str) -> impl Fn(&str) -> Result<u8, String> + Clone + Send + Sync + 'static {
    move |value: &str| value.trim().parse().map_err(|_| format!("expected {what}"))
}

/// The argument of the valued option `flag`, with its parser.
fn valued(flag: &'static str, value_name: &'static str) -> Arg {
    let arg = Arg::new(flag).long(flag).value_name(value_name).action(ArgAction::Set).hide(true);
    match flag {
        OBJECTIVE => arg.value_parser(objective),
        TILES | MISSIONS => arg.value_parser(clap::value_parser!(PathBuf)),
        PRECISION_TEAM_DOUBLE => arg.value_parser(named::<PrecisionTeamDoubleName>),
        LEAK_CHOICE => arg.value_parser(named::<LeakChoiceName>),
        SHIELDS => arg.value_parser(named::<ShieldsName>),
        ACE => arg.value_parser(named::<AceName>),
        WITCH_STEP => arg.value_parser(number("5 or 10")),
        MISSION_CHOICES => arg.value_parser(number("a number of missions")),
        ROUNDS => arg.value_parser(number("a number of rounds")),
        _ => arg,
    }
}

impl Args for OptionFlags {
    fn augment_args(cmd: Command) -> Command {
        let cmd = SWITCHES
            .iter()
            .fold(cmd, |cmd, &flag| cmd.arg(Arg::new(flag).long(flag).action(ArgAction::SetTrue).hide(true)));
        VALUED.iter().fold(cmd, |cmd, &(flag, value_name)| cmd.arg(valued(flag, value_name)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        OptionFlags::augment_args(cmd)
    }
}

impl FromArgMatches for OptionFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<OptionFlags, clap::Error> {
        let mut flags = OptionFlags::default();
        flags.update_from_arg_matches(matches)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        let options = &mut self.0;
        for &flag in SWITCHES {
            if matches.get_flag(flag)
                && let Some(on) = options.switch_mut(flag)
            {
                *on = true;
            }
        }
        let text = |flag: &str| matches.get_one::<String>(flag).cloned();
        let path = |flag: &str| matches.get_one::<PathBuf>(flag).cloned();
        let number = |flag: &str| matches.get_one::<u8>(flag).copied();
        fn choice<T: Named + Send + Sync>(matches: &ArgMatches) -> Option<T> {
            matches.get_one::<T>(T::FLAG).copied()
        }
        options.tiles = path(TILES).or(options.tiles.take());
        if let Some(&objective) = matches.get_one::<Option<DukeObjective>>(OBJECTIVE) {
            options.objective = objective;
        }
        options.round_types = text(ROUND_TYPES).or(options.round_types.take());
        options.round_sequence = text(ROUND_SEQUENCE).or(options.round_sequence.take());
        options.missions = path(MISSIONS).or(options.missions.take());
        options.precision_team_double = choice(matches).or(options.precision_team_double);
        options.leak_choice = choice(matches).or(options.leak_choice);
        options.shields = choice(matches).or(options.shields);
        options.witch_step = number(WITCH_STEP).or(options.witch_step);
        options.end_of_trick = text(END_OF_TRICK).or(options.end_of_trick.take());
        options.mission_choices = number(MISSION_CHOICES).or(options.mission_choices);
        options.scoring = text(SCORING).or(options.scoring.take());
        options.ace = choice(matches).or(options.ace);
        options.rounds = number(ROUNDS).or(options.rounds);
        Ok(())
    }
}
