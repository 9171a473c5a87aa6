//! A human at the terminal against bots: the loop behind the `play` example, written over
//! any reader and writer so that it can be tested with scripted input.

use core::fmt;
use std::io::{self, BufRead, Write};

use duke_core::{Game, Observer, Record, Seat};

use duke_core::referee::AnswerError;

use crate::bots::Bot;
use crate::catalog::Catalogued;
use crate::cli::PlayArgs;
use crate::driver::{DriverError, Table};
use crate::seed::mix;

/// How the session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game is over.
    Finished,
    /// The player typed `quit`.
    Quit,
    /// The input ended.
    EndOfInput,
}

/// A session that could not run.
#[derive(Debug)]
pub enum PlayError {
    /// Bad set-up (config, seat).
    Setup(String),
    /// The game or a bot broke the contract.
    Driver(DriverError),
    /// The terminal failed.
    Io(io::Error),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Setup(why) => f.write_str(why),
            PlayError::Driver(e) => write!(f, "{e}"),
            PlayError::Io(e) => write!(f, "terminal error: {e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<io::Error> for PlayError {
    fn from(e: io::Error) -> Self {
        PlayError::Io(e)
    }
}

const HELP: &str = "\
commands:
  NUMBER      play the action with this number in the list
  NOTATION    play the action written in the game's notation (as listed)
  view        show your view and the actions again
  wait        when others may act now too: let them go first (you are asked again)
  help        this text
  quit        leave the game (the record so far is still saved if asked)";

/// Plays one game: the human in `args.seat`, bots elsewhere; returns how it ended and the
/// record.
pub fn play<G: Catalogued>(
    args: &PlayArgs,
    seed: u64,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(Ending, Record<G>), PlayError> {
    let config = G::config_with(args.players, &args.options).map_err(PlayError::Setup)?;
    let mut table = Table::<G>::new(&config, seed).map_err(|e| PlayError::Setup(format!("bad config: {e}")))?;
    let seats = table.seat_count();
    let human = Seat(args.seat);
    if human.index() >= seats {
        return Err(PlayError::Setup(format!("--seat {}: the game has seats 0 to {}", args.seat, seats - 1)));
    }
    if args.bots.is_empty() {
        return Err(PlayError::Setup("no bots given".to_owned()));
    }
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Vec::new();
    let mut next_bot = args.bots.iter().cycle();
    for seat in 0..seats {
        let bot =
            (seat != human.index()).then(|| next_bot.next().map(|spec| spec.build::<G>(mix(seed, seat as u64 + 1))));
        bots.push(bot.flatten());
    }
    writeln!(out, "{}: seed {seed}, {seats} players. You are {human}.", G::TITLE)?;
    for (seat, bot) in bots.iter().enumerate() {
        if let Some(bot) = bot {
            writeln!(out, "  P{seat}: {}", bot.name())?;
        }
    }
    writeln!(out, "Type `help` for the commands.")?;
    let bound = G::max_actions(&config);
    let me = Observer::Seat(human);
    // How much of the human's event log has been printed: first what it saw at set-up.
    let mut shown = print_events(&table, me, 0, out)?;
    while !table.is_over() {
        if table.record().steps.len() as u64 >= bound {
            return Err(PlayError::Driver(DriverError::TooLong(bound)));
        }
        // The table's asking procedure (duke-core's ask/answer API) decides who may act,
        // who may wait and who must act when everyone waited; this loop only chooses whom
        // to ask first among the seats asked: the human, like a quick player at the table.
        // Who must act when everyone waits follows the drawn order, so the human is not
        // favoured there.
        let mut order: Vec<Seat> = table.asked().map(|(seat, _)| seat).collect();
        if let Some(at) = order.iter().position(|&s| s == human) {
            order[..=at].rotate_right(1);
        }
        let mut acted = false;
        for &seat in &order {
            match ask_seat(&mut table, seat, human, &mut bots, input, out)? {
                Asked::Acted => {
                    acted = true;
                    shown = print_events(&table, me, shown, out)?;
                    break;
                }
                Asked::Waited => {}
                Asked::Left(ending) => return Ok((ending, table.record().clone())),
            }
        }
        if !acted {
            let step = table.record().steps.len();
            let (seat, _) = table.asked().next().ok_or(PlayError::Driver(DriverError::NoOutcome))?;
            if seat == human {
                writeln!(out, "Everyone waited: you must act now.")?;
            }
            match ask_seat(&mut table, seat, human, &mut bots, input, out)? {
                Asked::Acted => shown = print_events(&table, me, shown, out)?,
                Asked::Waited => return Err(PlayError::Driver(DriverError::WaitedLast { step, seat })),
                Asked::Left(ending) => return Ok((ending, table.record().clone())),
            }
        }
    }
    writeln!(out, "\nGame over.\n{}", table.view(me))?;
    let outcome = table.outcome().ok_or(PlayError::Driver(DriverError::NoOutcome))?;
    for (seat, (score, rank)) in outcome.scores.iter().zip(&outcome.ranks).enumerate() {
        let you = if seat == human.index() { " (you)" } else { "" };
        writeln!(out, "  P{seat}{you}: score {score}, rank {rank}")?;
    }
    let verdict = match outcome.ranks.get(human.index()) {
        Some(1) if outcome.winners().len() == 1 => "You win!".to_owned(),
        Some(1) => "You share first place.".to_owned(),
        Some(rank) => format!("You place {rank} of {seats}."),
        None => String::new(),
    };
    writeln!(out, "{verdict}")?;
    Ok((Ending::Finished, table.record().clone()))
}

/// Prints the events of `observer`'s log from index `from` on, one a line (each in the
/// redacted form the observer may see); returns the new length of the printed log.
fn print_events<G: Game>(table: &Table<G>, observer: Observer, from: usize, out: &mut impl Write) -> io::Result<usize> {
    let events = table.events(observer);
    for event in events.get(from..).unwrap_or_default() {
        writeln!(out, "  {event}")?;
    }
    Ok(events.len())
}

/// What a seat did when asked.
enum Asked {
    Acted,
    Waited,
    Left(Ending),
}

/// Asks the human or the seat's bot, which the table asks now, and answers or declines for
/// it through the table's ask/answer API.
fn ask_seat<G: Catalogued>(
    table: &mut Table<G>,
    seat: Seat,
    human: Seat,
    bots: &mut [Option<Box<dyn Bot<G>>>],
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Asked, PlayError> {
    let step = table.record().steps.len();
    if seat == human {
        let may_wait = table.may_wait(human).ok_or(PlayError::Driver(DriverError::NotAsked { step, seat }))?;
        return match ask_human(table, human, may_wait, input, out)? {
            Ok(Some(action)) => match table.answer(human, action) {
                Ok(()) => Ok(Asked::Acted),
                // The action was chosen from the listed ones: a refusal is the game's fault.
                Err(AnswerError::Illegal { action, reason, .. }) => {
                    Err(PlayError::Driver(DriverError::Refused { step, seat, action, reason: reason.to_string() }))
                }
                Err(_) => Err(PlayError::Driver(DriverError::NotAsked { step, seat })),
            },
            Ok(None) => match table.decline(human) {
                Ok(()) => Ok(Asked::Waited),
                Err(_) => Err(PlayError::Driver(DriverError::WaitedLast { step, seat })),
            },
            Err(ending) => Ok(Asked::Left(ending)),
        };
    }
    let Some(bot) = bots.get_mut(seat.index()).and_then(Option::as_mut) else {
        return Err(PlayError::Driver(DriverError::NoAction { step, seat }));
    };
    match table.ask(seat, bot.as_mut()).map_err(PlayError::Driver)? {
        Some(_) => Ok(Asked::Acted),
        None => Ok(Asked::Waited),
    }
}

/// Shows the human its view and legal actions and reads a choice (`None` to wait), or how
/// the human left.
fn ask_human<G: Catalogued>(
    table: &mut Table<G>,
    human: Seat,
    may_wait: bool,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Result<Option<G::Action>, Ending>, PlayError> {
    let view = table.view(Observer::Seat(human));
    let actions = table.legal_actions(human).to_vec();
    show::<G>(&view, &actions, out)?;
    if may_wait {
        writeln!(out, "Other players may act now too: type `wait` to let them go first.")?;
    }
    let mut line = String::new();
    loop {
        write!(out, "{human}> ")?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out, "\nEnd of input: leaving the game.")?;
            return Ok(Err(Ending::EndOfInput));
        }
        let answer = line.trim();
        match answer {
            "" => continue,
            "help" | "?" => writeln!(out, "{HELP}\n\n{}", G::NOTATION)?,
            "quit" | "exit" => {
                writeln!(out, "Leaving the game.")?;
                return Ok(Err(Ending::Quit));
            }
            "view" => show::<G>(&view, &actions, out)?,
            "wait" if may_wait => return Ok(Ok(None)),
            "wait" => writeln!(out, "Nobody else may act now: you must act.")?,
            _ => match choose(answer, &actions) {
                Ok(action) => return Ok(Ok(Some(action))),
                Err(Refusal::NotLegal(action)) => {
                    let why = why_illegal(table, human, may_wait, action);
                    writeln!(out, "{why}; {} (type `help` for the notation)", examples(&actions))?;
                }
                Err(Refusal::Unread(why)) => {
                    writeln!(out, "{why}; {} (type `help` for the notation)", examples(&actions))?;
                }
            },
        }
    }
}

/// Why an answer is not an action to play.
enum Refusal<A> {
    /// It reads as this action, which is not legal now.
    NotLegal(A),
    /// It does not read (the message says why).
    Unread(String),
}

/// The action the human typed, by number or notation.
fn choose<A: Copy + PartialEq + fmt::Display + core::str::FromStr<Err = duke_core::NotationError>>(
    answer: &str,
    actions: &[A],
) -> Result<A, Refusal<A>> {
    if let Ok(number) = answer.parse::<usize>() {
        return number.checked_sub(1).and_then(|i| actions.get(i)).copied().ok_or_else(|| {
            Refusal::Unread(format!("there is no action number {number}: choose 1 to {}", actions.len()))
        });
    }
    match answer.parse::<A>() {
        Ok(action) if actions.contains(&action) => Ok(action),
        Ok(action) => Err(Refusal::NotLegal(action)),
        Err(e) => Err(Refusal::Unread(without_docs_pointer(&e.to_string()).to_owned())),
    }
}

/// Why the engine refuses `action` for the human now, in its own words. It asks the engine
/// on a determinization from the human's seat (what the human may know, so the reason
/// cannot leak a hidden card), and only after a refusal, so the game's `apply` is not
/// slowed.
fn why_illegal<G: Catalogued>(table: &Table<G>, human: Seat, may_wait: bool, action: G::Action) -> String {
    let mut guess = table.perspective(human, may_wait).determinize(0);
    let more = G::why_illegal(&guess, human, action);
    match (guess.apply(human, action), more) {
        (Err(e), Some(why)) => format!("{e}: {why}"),
        (Err(e), None) => e.to_string(),
        (Ok(_), _) => format!("{action} is not legal now"),
    }
}

/// A few of the legal actions as examples of the notation, for an answer that was not
/// understood.
fn examples<A: fmt::Display>(actions: &[A]) -> String {
    let some: Vec<String> = actions.iter().take(3).map(|a| format!("`{a}`")).collect();
    match some.len() {
        0 => "no action is legal now".to_owned(),
        _ => format!("type a number from 1 to {} or an action as listed, e.g. {}", actions.len(), some.join(", ")),
    }
}

/// The message of a notation error without its pointer to the crate docs, which a player
/// at the terminal cannot follow (the examples replace it).
fn without_docs_pointer(message: &str) -> &str {
    match message.split_once("see the") {
        Some((before, after)) if after.contains("crate docs") => {
            before.trim_end_matches(|c: char| c == ';' || c == '(' || c == ',' || c.is_whitespace())
        }
        _ => message,
    }
}

/// Prints the view and the numbered actions in columns.
fn show<G: Game>(view: &G::View, actions: &[G::Action], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "\n{view}")?;
    if actions.is_empty() {
        // No empty heading: say it.
        return writeln!(out, "Your legal actions: none");
    }
    writeln!(out, "Your legal actions:")?;
    let labels: Vec<String> = actions.iter().enumerate().map(|(i, a)| format!("{:>3}. {a}", i + 1)).collect();
    let width = labels.iter().map(String::len).max().unwrap_or(0) + 2;
    let columns = (96 / width.max(1)).max(1);
    for row in labels.chunks(columns) {
        let line: String = row.iter().map(|l| format!("{l:<width$}")).collect();
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
