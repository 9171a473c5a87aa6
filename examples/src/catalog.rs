//! The games the examples know: the only per-game code of the crate.
//!
//! Everything else is generic over [`Game`]. Adding a game is three lines: a [`GameId`]
//! variant (with its name in [`GameId::NAMES`]), a [`Catalogued`] impl, and an arm in
//! [`with_game!`](crate::with_game).

use core::fmt;
use core::str::FromStr;

use duke_core::Game;

pub use duke_core::testing::toy::{HighCard, HighCardConfig};

/// What the examples need to know about a game beyond the [`Game`] trait.
pub trait Catalogued: Game {
    /// The game's full title.
    const TITLE: &'static str;

    /// The standard config, with `players` seats if given.
    fn config_for(players: Option<u8>) -> Result<Self::Config, String>;
}

impl Catalogued for HighCard {
    const TITLE: &'static str = "High Card (the duke-core demonstration game)";

    fn config_for(players: Option<u8>) -> Result<HighCardConfig, String> {
        let mut config = HighCardConfig::default();
        if let Some(players) = players {
            config.players = players;
        }
        Ok(config)
    }
}

/// One of the games, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    /// The duke-core demonstration game (not part of `all`).
    HighCard,
}

impl GameId {
    /// The games `--game all` plays, in order.
    pub const ALL: &'static [GameId] = &[];

    /// Every selectable game with its command-line name (`Game::NAME`).
    pub const NAMES: &'static [(GameId, &'static str)] = &[(GameId::HighCard, "highcard")];

    /// The command-line name ([`Game::NAME`]).
    pub fn name(self) -> &'static str {
        crate::with_game!(self, G => G::NAME)
    }

    /// The full title.
    pub fn title(self) -> &'static str {
        crate::with_game!(self, G => G::TITLE)
    }

    /// The game of this command-line name.
    pub fn from_name(name: &str) -> Option<GameId> {
        GameId::NAMES.iter().find(|(_, n)| *n == name).map(|&(id, _)| id)
    }

    /// The names accepted by `--game`, for messages.
    pub fn choices() -> String {
        let mut names: Vec<&str> = GameId::NAMES.iter().map(|&(_, n)| n).collect();
        names.push("all");
        names.join(", ")
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game {:?}: expected one of {}", self.0, GameId::choices())
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        GameId::from_name(s.trim()).ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// Runs `$body` with the type alias `$G` set to the game type of the [`GameId`] `$id`.
///
/// ```
/// use duke_examples::{catalog::GameId, with_game};
/// use duke_core::Game;
/// let id = GameId::HighCard;
/// let name = with_game!(id, G => G::NAME);
/// assert_eq!(name, "highcard");
/// ```
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            $crate::catalog::GameId::HighCard => {
                type $G = $crate::catalog::HighCard;
                $body
            }
        }
    };
}
