//! The game contract every rules crate implements.

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::outcome::Outcome;
use crate::seat::{Seat, SeatSet};
use crate::vocabulary::{GameConfig, GameSetup};

/// Who is looking at the game: one seat, or a spectator who sees only public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Observer {
    /// The player in this seat, with perfect memory of everything the seat has seen.
    Seat(Seat),
    /// Someone not playing: only what every player sees.
    Spectator,
}

/// A malformed action string: the typed error of every game's `Action::from_str`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action {input:?}: {reason}")]
pub struct NotationError {
    /// The text that was given.
    pub input: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl NotationError {
    /// A notation error for `input`.
    pub fn new(input: &str, reason: &'static str) -> NotationError {
        NotationError { input: input.to_owned(), reason }
    }
}

/// A state that breaks the game's invariants, found by [`Game::validate`] (for example
/// after deserialising tampered data).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid game state: {0}")]
pub struct InvalidState(pub String);

impl InvalidState {
    /// An invalid-state error with the given explanation.
    pub fn new(why: impl Into<String>) -> InvalidState {
        InvalidState(why.into())
    }
}

/// The rules of one game, implemented by its state type.
///
/// A value of the implementing type is one complete game state: the config it was built
/// from, every card or tile, whose turn it is, and the game generator
/// ([`GameRng`](crate::GameRng)). Everything is deterministic: the same config, seed and
/// sequence of `(seat, action)` pairs always reach the same state.
///
/// # Contract
///
/// - [`new`](Game::new) validates the config; a bad config is a typed error. The config
///   and set-up types follow one vocabulary in every game ([`GameConfig`], [`GameSetup`]).
/// - [`to_act`](Game::to_act) is the set of seats that may act now; empty exactly when the
///   game is over. Several seats may act in simultaneous or out-of-turn steps; their
///   actions are applied in the order they arrive. [`awaited`](Game::awaited) says which of
///   them the game is waiting for (the others' actions are optional).
/// - [`legal_actions`](Game::legal_actions) clears the buffer and writes the seat's legal
///   actions in a deterministic order without duplicates; nothing for a seat that may not
///   act. With a warm buffer it does not allocate.
/// - [`apply`](Game::apply) rejects anything not in that list with a typed error and
///   leaves the state exactly as it was; otherwise it returns an undo record that
///   [`undo`](Game::undo) uses to restore the previous state exactly, generator included.
/// - [`view`](Game::view) shows exactly what an observer may know under the rules;
///   [`determinize`](Game::determinize) produces a state the seat cannot tell from this one.
/// - [`events`](Game::events) and, at set-up, [`opening_events`](Game::opening_events) tell
///   each observer what it witnessed: nothing it may not know, nothing its view shows that
///   they did not tell.
/// - Deserialising a state validates it ([`validate`](Game::validate)); a tampered state is
///   an error, never a panic later, and a state that loads can go on: `validate` holds after
///   every listed action, and every determinization is valid.
///
/// The shared conformance suite (`duke_core::testing`, feature `testing`) checks all of
/// this on random playouts.
pub trait Game: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// The validated set-up options: player count, variants, limits.
    type Config: GameConfig<Error = Self::ConfigError>;
    /// An unvalidated position of the game ([`from_setup`](Game::from_setup) checks it).
    type Setup: GameSetup<Config = Self::Config>;
    /// One action of one seat. Its `Display` and `FromStr` are the game's action notation
    /// and round-trip exactly.
    type Action: Copy
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = NotationError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// What [`undo`](Game::undo) needs to take back one applied action.
    type Undo: Clone + fmt::Debug + Send + Sync + 'static;
    /// What one observer sees. `Display` renders it for a terminal.
    type View: Clone + PartialEq + fmt::Debug + fmt::Display + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// One thing an observer witnessed happen: the action as that observer saw it, or a
    /// consequence the rules make visible to it (a card dealt to it, a trick won, a round
    /// scored). `Display` renders it for a terminal ("P2 wins the trick"); serde carries it
    /// to a remote client. See [`events`](Game::events).
    type Event: Clone + PartialEq + fmt::Debug + fmt::Display + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// Why a config was refused.
    type ConfigError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why an action was refused.
    type ActionError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why a [`Setup`](Game::Setup) was refused.
    type SetupError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// The game's short name, as used on command lines (`"theduke"`).
    const NAME: &'static str;

    /// The engine's version (its crate version, `env!("CARGO_PKG_VERSION")`), written
    /// into every [`Record`](crate::Record) so a saved game says which engine made it.
    const VERSION: &'static str;

    /// Sets up a new game from a config and a seed for the game generator.
    fn new(config: &Self::Config, seed: u64) -> Result<Self, Self::ConfigError>;

    /// The game a set-up describes, or why it is not a position of the game (a bad config,
    /// cards or tiles not conserved, a phase that cannot be). A set-up made by
    /// [`to_setup`](Game::to_setup) always gives back the same game.
    fn from_setup(setup: &Self::Setup) -> Result<Self, Self::SetupError>;

    /// This position as a set-up: [`from_setup`](Game::from_setup) of it is equal to
    /// `self`, generator included.
    fn to_setup(&self) -> Self::Setup;

    /// The config this game was built from.
    fn config(&self) -> Self::Config;

    /// How many seats the game has.
    fn seat_count(&self) -> usize;

    /// The seats that may act now; empty when the game is over.
    fn to_act(&self) -> SeatSet;

    /// The seats of [`to_act`](Game::to_act) that the game is waiting for: until one of
    /// them acts, nothing moves on. The other seats of `to_act` *may* act now (out of turn:
    /// a match, a call) but need not, so a driver may let them decline; when they all do,
    /// one of these seats must act. In a simultaneous step every seat is awaited.
    ///
    /// A subset of `to_act`, empty exactly when `to_act` is. The default, `to_act`, suits
    /// every game without optional out-of-turn actions.
    fn awaited(&self) -> SeatSet {
        self.to_act()
    }

    /// Writes the legal actions of `seat` into `out` (cleared first).
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies `action` for `seat`, or refuses it and leaves the state untouched.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<Self::Undo, Self::ActionError>;

    /// The action `seat` is about to apply to this state, as `observer` sees it: the first
    /// event of every step ([`events`](Game::events)). Its `Display` is the *redacted
    /// notation*: the full notation for the acting seat ("P1 discard 6D TD"), and for
    /// anyone else only what the rules let them see ("P1 discards 2 cards face down").
    ///
    /// Depends only on this state (the one before the action), `seat`, `action` and
    /// `observer`; `action` should be legal for `seat` here (for anything else the result
    /// is unspecified but never a panic).
    fn seen_action(&self, seat: Seat, action: Self::Action, observer: Observer) -> Self::Event;

    /// Writes into `out` (cleared first) the ordered events `observer` witnessed when
    /// `seat` applied `action` to `before`, giving `after`: first
    /// [`seen_action`](Game::seen_action), then every consequence the rules make visible to
    /// that observer: chance results it may see, cards or tiles revealed or handed over face
    /// down, automatic results (a trick won, a round scored, a reshuffle, the game over).
    ///
    /// An associated function of the two states, not part of [`apply`](Game::apply): the
    /// hot path is untouched, and only a caller who wants events (a referee, a client, a
    /// test) pays for them. The contract, checked by the conformance suite:
    ///
    /// - *nothing leaks*: two states `observer` cannot tell apart (a state and its
    ///   [`determinize`](Game::determinize) twin) give it identical events for the same
    ///   action;
    /// - *nothing is missing*: an observer's view after the step is a function of its
    ///   view before and its events, so a client that keeps the event log has seen
    ///   everything the seat has.
    fn events(
        before: &Self,
        seat: Seat,
        action: Self::Action,
        after: &Self,
        observer: Observer,
        out: &mut Vec<Self::Event>,
    );

    /// Writes into `out` (cleared first) what `observer` witnessed while the game was set up,
    /// before the first action: the chance results of [`new`](Game::new) that the rules show
    /// it (the cards dealt to it, an upcard, who goes first, the round about to be played),
    /// so that a client's event log starts where the game does. The default writes nothing,
    /// which suits a game whose start is the same for every seed.
    ///
    /// Meant for a state just made by [`new`](Game::new) (later states report their own
    /// steps through [`events`](Game::events)). The contract, checked by the conformance
    /// suite at the start of every game:
    ///
    /// - *nothing leaks*: a new state and its [`determinize`](Game::determinize) twin for a
    ///   seat give that seat and the spectator identical opening events;
    /// - *nothing is missing*: two new games of one config whose opening events for an
    ///   observer are equal show that observer equal views.
    fn opening_events(&self, observer: Observer, out: &mut Vec<Self::Event>) {
        let _ = observer;
        out.clear();
    }

    /// The redacted notation of `action` by `seat` for `observer`: the text of
    /// [`seen_action`](Game::seen_action). Full notation for the acting seat, only what
    /// the rules show for everyone else.
    fn notation_for(&self, seat: Seat, action: Self::Action, observer: Observer) -> String {
        self.seen_action(seat, action, observer).to_string()
    }

    /// Takes back the action whose record this is. Records must be undone in reverse order
    /// of application on the state that produced them; any other use leaves an unspecified
    /// (but never panicking) state.
    fn undo(&mut self, undo: Self::Undo);

    /// The final result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// Running scores, one per seat, in the game's own units (round points, tokens,
    /// captured material). Equal to the outcome's scores once the game is over.
    fn running_scores(&self) -> Vec<i64>;

    /// What `observer` sees now.
    fn view(&self, observer: Observer) -> Self::View;

    /// A full state that `seat` cannot tell apart from this one: the seat's view is
    /// identical, every card or tile the seat has not seen is re-dealt at random (from
    /// `seed`) consistently with what the seat knows, and the game generator is reseeded.
    fn determinize(&self, seat: Seat, seed: u64) -> Self;

    /// Checks the state's invariants (cards or tiles conserved, scores consistent, indices
    /// in range). Deserialisation runs it; the conformance suite runs it at every step.
    fn validate(&self) -> Result<(), InvalidState>;

    /// An upper bound on the number of actions in any game under `config`; the
    /// conformance suite checks that games end within it.
    fn max_actions(config: &Self::Config) -> u64;

    /// A heuristic value of `view` for the seat it belongs to (higher is better), for
    /// simple bots: material in The Duke, known hand total in Archduke, and so on.
    fn evaluate(view: &Self::View, seat: Seat) -> f64;

    /// Whether the game is over (nobody may act).
    fn is_over(&self) -> bool {
        self.to_act().is_empty()
    }
}
