//! The ask/answer API: which seats the referee asks now, and their answers and declines.
//!
//! One implementation of the asking procedure: [`Table::step`] and the examples' terminal
//! game drive it with bots; a server drives it with remote seats.

use crate::game::{Game, Observer};
use crate::seat::Seat;

use super::bot::{Bot, Decision};
use super::log_index;
use super::table::{DriverError, Table};
use super::update::Update;

/// One seat the referee asks to act now, and what to send it.
///
/// Built by [`Table::pending`]. The [`update`](Request::update) is what the seat's player
/// may know (serialisable: send it as JSON to a remote client); its events are those the
/// seat was not sent yet.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Request<G: Game> {
    /// The seat asked.
    pub seat: Seat,
    /// What the seat is sent: the events it was not sent yet (from
    /// [`Update::first_event`] of its log on), its view, its legal actions and whether it
    /// may wait.
    pub update: Update<G>,
}

impl<G: Game> Request<G> {
    /// Whether the seat may decline ([`Table::decline`]): others are asked too and not all
    /// of them declined.
    pub fn may_wait(&self) -> bool {
        self.update.may_wait
    }

    /// The seat's legal actions, one of which it may [answer](Table::answer).
    pub fn legal(&self) -> &[G::Action] {
        &self.update.legal
    }

    /// The events of the seat's log it was not sent yet, oldest first.
    pub fn events(&self) -> &[G::Event] {
        &self.update.events
    }
}

/// Why the table refused an answer or a decline; the table is unchanged.
///
/// `E` is the game's [`Game::ActionError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnswerError<E> {
    /// The game has no such seat.
    #[error("there is no seat {seat}: the game has {seats} seats")]
    NoSuchSeat {
        /// The seat given.
        seat: Seat,
        /// How many seats the game has.
        seats: usize,
    },
    /// The seat is not asked now: it may not act (not its turn, or the game is over), or
    /// it declined in this step and another seat was not done yet.
    #[error("{seat} is not asked to act now")]
    NotAsked {
        /// The seat given.
        seat: Seat,
    },
    /// The seat may not decline: it is the only seat asked, or everyone else declined and
    /// it is the one that must act.
    #[error("{seat} may not wait: it must act now")]
    MustAct {
        /// The seat given.
        seat: Seat,
    },
    /// The game refused the action (not legal for the seat now).
    #[error("{seat} may not play {action}: {reason}")]
    Illegal {
        /// The seat given.
        seat: Seat,
        /// The action, in notation.
        action: String,
        /// The game's error.
        reason: E,
    },
}

impl<G: Game> Table<G> {
    /// The seats the referee asks now, in its asking order, each with whether it may
    /// decline. While some seat of the step's [asking order](Table::asking_order) has not
    /// declined, those seats, each of which may decline when several may act; once all
    /// declined, only the seat that must act ([`Table::seat_to_force`]), which may not.
    /// Empty when the game is over. Allocates nothing.
    pub fn asked(&self) -> impl Iterator<Item = (Seat, bool)> + '_ {
        let several = self.order.len() > 1;
        let all_declined = several && self.order.iter().all(|&seat| self.declined.contains(seat));
        let forced = if all_declined { self.seat_to_force(&self.order) } else { None };
        let open = self.order.iter().copied().filter(move |&seat| !all_declined && !self.declined.contains(seat));
        open.map(move |seat| (seat, several)).chain(forced.map(|seat| (seat, false)))
    }

    /// Whether `seat` may decline if it is asked now; `None` if it is not asked.
    pub fn may_wait(&self, seat: Seat) -> Option<bool> {
        self.asked().find(|&(asked, _)| asked == seat).map(|(_, may_wait)| may_wait)
    }

    /// What to send now: one [`Request`] per seat asked, in the asking order. Each hands
    /// its seat the events it was not sent yet and counts them as sent (as
    /// [`Table::next_update`] does), so a second call without an answer in between repeats
    /// the requests with no events.
    pub fn pending(&mut self) -> Vec<Request<G>> {
        let seats: Vec<Seat> = self.asked().map(|(seat, _)| seat).collect();
        seats.into_iter().map(|seat| Request { seat, update: self.next_update(Observer::Seat(seat)) }).collect()
    }

    /// What `observer` is sent now: the events of its log it was not sent yet (counted as
    /// sent from now on), its view, and, if it is asked, its legal actions and whether it
    /// may wait (no legal actions otherwise). For the observers not asked (the spectator,
    /// the other seats) and for everyone's last update when the game is over.
    pub fn next_update(&mut self, observer: Observer) -> Update<G> {
        let index = log_index(observer, self.seat_count());
        let since = self.sent.get(index).copied().unwrap_or_default();
        let update = match observer {
            Observer::Seat(seat) => match self.may_wait(seat) {
                Some(may_wait) => self.update(observer, since, may_wait),
                None => Update { legal: Vec::new(), ..self.update(observer, since, false) },
            },
            Observer::Spectator => self.update(observer, since, false),
        };
        if let Some(sent) = self.sent.get_mut(index) {
            *sent = since + update.events.len();
        }
        update
    }

    /// Plays `action` for `seat`, which must be [asked](Table::asked) now (declining is
    /// done only by [`Table::decline`]); the step is taken and the next one begins.
    ///
    /// # Errors
    ///
    /// [`AnswerError::NoSuchSeat`], [`AnswerError::NotAsked`], or [`AnswerError::Illegal`]
    /// with the game's error; the table is then unchanged.
    pub fn answer(&mut self, seat: Seat, action: G::Action) -> Result<(), AnswerError<G::ActionError>> {
        self.check_asked(seat)?;
        self.play(seat, action).map_err(|reason| AnswerError::Illegal { seat, action: action.to_string(), reason })
    }

    /// Records that `seat` waits: it lets the other seats asked go first. It is not asked
    /// again in this step unless every seat declined and it is the one that must act.
    ///
    /// # Errors
    ///
    /// [`AnswerError::NoSuchSeat`], [`AnswerError::NotAsked`], or [`AnswerError::MustAct`]
    /// when the seat may not wait; the table is then unchanged.
    pub fn decline(&mut self, seat: Seat) -> Result<(), AnswerError<G::ActionError>> {
        if !self.check_asked(seat)? {
            return Err(AnswerError::MustAct { seat });
        }
        self.declined.insert(seat);
        Ok(())
    }

    /// Whether `seat` may wait, or why it may not answer now.
    fn check_asked(&self, seat: Seat) -> Result<bool, AnswerError<G::ActionError>> {
        let seats = self.seat_count();
        if seat.index() >= seats {
            return Err(AnswerError::NoSuchSeat { seat, seats });
        }
        self.may_wait(seat).ok_or(AnswerError::NotAsked { seat })
    }

    /// Asks `bot` for `seat`, which must be [asked](Table::asked) now, and answers or
    /// declines with its choice: the action played, or `None` if it declined.
    ///
    /// # Errors
    ///
    /// [`DriverError::NotAsked`] if the seat is not asked, [`DriverError::NoAction`] if the
    /// bot chose nothing, [`DriverError::WaitedLast`] if it waited when it may not,
    /// [`DriverError::Refused`] if the game refused its action.
    pub fn ask(&mut self, seat: Seat, bot: &mut dyn Bot<G>) -> Result<Option<G::Action>, DriverError> {
        let step = self.record.steps.len();
        let may_wait = self.may_wait(seat).ok_or(DriverError::NotAsked { step, seat })?;
        self.ask_asked(seat, may_wait, bot)
    }

    /// [`Table::ask`] for a seat known to be asked now, with `may_wait` as it is asked:
    /// the answer or decline is not checked against the asking procedure again.
    pub(super) fn ask_asked(
        &mut self,
        seat: Seat,
        may_wait: bool,
        bot: &mut dyn Bot<G>,
    ) -> Result<Option<G::Action>, DriverError> {
        let step = self.record.steps.len();
        match bot.choose(&self.perspective(seat, may_wait)) {
            Some(Decision::Act(action)) => match self.play(seat, action) {
                Ok(()) => Ok(Some(action)),
                Err(reason) => {
                    Err(DriverError::Refused { step, seat, action: action.to_string(), reason: reason.to_string() })
                }
            },
            Some(Decision::Wait) if may_wait => {
                self.declined.insert(seat);
                Ok(None)
            }
            Some(Decision::Wait) => Err(DriverError::WaitedLast { step, seat }),
            None => Err(DriverError::NoAction { step, seat }),
        }
    }
}
