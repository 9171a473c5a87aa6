//! Which observers' event logs a table keeps.

use crate::game::Observer;
use crate::seat::SeatSet;

/// The observers whose event logs a [`Table`](super::Table) keeps: some seats, and the
/// spectator or not.
///
/// Events cost: every step, [`Game::events`](crate::Game::events) is computed for each
/// observer kept, from a copy of the state before the step. A table keeps what its users
/// read: a terminal game or a server keeps every log ([`Logs::ALL`], what
/// [`Table::new`](super::Table::new) and [`play_game`](super::play_game) keep), a
/// simulation keeps none ([`Logs::NONE`]) but the logs of the seats whose bot reads its
/// events ([`Bot::reads_events`](super::Bot::reads_events), added by
/// [`play_game_with`](super::play_game_with)). The record is kept whatever the logs: a game
/// replays from it, and its events can be computed again then.
///
/// ```
/// use duke_core::referee::Logs;
/// use duke_core::{Observer, Seat};
///
/// let logs = Logs::NONE.with(Observer::Seat(Seat(1)));
/// assert!(logs.keeps(Observer::Seat(Seat(1))));
/// assert!(!logs.keeps(Observer::Seat(Seat(0))) && !logs.keeps(Observer::Spectator));
/// assert!(Logs::ALL.keeps(Observer::Spectator));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Logs {
    seats: SeatSet,
    spectator: bool,
}

impl Logs {
    /// Every observer's log: every seat's and the spectator's.
    pub const ALL: Logs = Logs { seats: SeatSet(u16::MAX), spectator: true };

    /// No log at all: events are never computed.
    pub const NONE: Logs = Logs { seats: SeatSet::EMPTY, spectator: false };

    /// The logs of these seats (not the spectator's).
    pub const fn seats(seats: SeatSet) -> Logs {
        Logs { seats, spectator: false }
    }

    /// These logs and `observer`'s.
    #[must_use]
    pub const fn with(self, observer: Observer) -> Logs {
        match observer {
            Observer::Seat(seat) => Logs { seats: self.seats.with(seat), ..self },
            Observer::Spectator => Logs { spectator: true, ..self },
        }
    }

    /// The logs of both.
    #[must_use]
    pub const fn union(self, other: Logs) -> Logs {
        Logs { seats: self.seats.union(other.seats), spectator: self.spectator || other.spectator }
    }

    /// Whether `observer`'s log is kept.
    pub const fn keeps(self, observer: Observer) -> bool {
        match observer {
            Observer::Seat(seat) => self.seats.contains(seat),
            Observer::Spectator => self.spectator,
        }
    }

    /// These logs among the observers of a game of `seats` seats: the seats from `seats` on
    /// left out.
    #[must_use]
    pub const fn of_game(self, seats: usize) -> Logs {
        Logs { seats: self.seats.intersection(SeatSet::first_n(seats)), ..self }
    }

    /// Whether no log is kept.
    pub const fn is_none(self) -> bool {
        self.seats.is_empty() && !self.spectator
    }
}

impl Default for Logs {
    /// Every log ([`Logs::ALL`]), as a table always kept them.
    fn default() -> Logs {
        Logs::ALL
    }
}
