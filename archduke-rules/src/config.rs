//! Game set-up options: the two rule sets (box rulebook and online rules), scoring modes,
//! the deck table and the engine's limits.

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::{Deck, DeckEntry, MAX_KINDS, standard_deck};

/// Most players: 12 with two decks (online rules).
pub const MAX_PLAYERS: usize = 12;
/// Most cards in play: two decks of 104.
pub const MAX_CARDS: usize = 208;
/// Most cards of one action symbol, which bounds the queue of pending actions.
pub(crate) const MAX_PENDING: usize = 32;

/// The two published texts. [`RuleSet::config`] builds the config each one describes; every
/// point where they differ is a separate config field (see RULES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    /// The box rulebook: 2–6 players, one deck, tokens over 4 rounds, only grid discards
    /// trigger actions.
    Box,
    /// The publisher's online "Learn to Play": up to 12 players with two decks, points,
    /// a game-end mark, a drawn card discarded at once also triggers its action, a caller
    /// tied for lowest takes a penalty card.
    Online,
}

impl RuleSet {
    /// The config this text describes for `players` players (one deck up to 6 players,
    /// two decks above, as the online text says; [`Config::check`] refuses any other
    /// number of players). For [`RuleSet::Box`] it is [`Config::rulebook`]`(Some(players))`
    /// (unchecked).
    pub fn config(self, players: u8) -> Config {
        match self {
            RuleSet::Box => Config::of(players),
            RuleSet::Online => Config {
                action_trigger: ActionTrigger::AnyDiscard,
                caller_penalty: CallerPenalty::UnlessStrictlyLowest,
                scoring: Scoring::Points { mark: Mark::FirstTo { threshold: 100 } },
                ..Config::of(players)
            },
        }
    }
}

/// Which discarded action cards trigger their action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum ActionTrigger {
    /// Box rulebook: "it must come from your grid; cards just drawn are ineligible".
    GridOnly,
    /// Online rules: also a card drawn from the draw pile and discarded at once.
    AnyDiscard,
}

/// When the player who called "Archduke!" takes a penalty card (RULES.md §2 and §3.32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum CallerPenalty {
    /// Online rules: unless strictly lowest; "if a different player tied or beat them" both
    /// count as beaten ([`RuleSet::Online`]).
    UnlessStrictlyLowest,
    /// The box rulebook (End of round): "a penalty card if their hand is higher", so only
    /// when someone is strictly lower; a tie spares the caller (the default,
    /// [`RuleSet::Box`]).
    OnlyIfBeaten,
}

/// How rounds are scored and when the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Scoring {
    /// Box rulebook: tokens 1..N by rank each round (ties broken by fewer cards, lowest
    /// card, then a draw-off); lowest token total after `rounds` rounds wins, ties share.
    /// 4 rounds is the standard game, 8 the "Advanced mode" variation.
    Tokens {
        /// Rounds to play.
        rounds: u8,
    },
    /// Box variation "Battle Royal": the highest hand is eliminated each round; the last
    /// player standing wins.
    BattleRoyal,
    /// Online rules: each round scores the card values; the lowest total wins at the mark.
    Points {
        /// When the game ends.
        mark: Mark,
    },
}

/// The online rules' suggested game-end marks (the timer and "until bored" marks are not
/// rules an engine can apply; see RULES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Mark {
    /// Mark 1: a player reaching `threshold` is eliminated; play until one remains. If all
    /// remaining players cross in the same round, the lowest total wins.
    EliminateAt {
        /// The total at which a player is out.
        threshold: i32,
    },
    /// Mark 2: eliminate at `threshold` until three (or fewer) remain, then one more round.
    EliminateToThree {
        /// The total at which a player is out.
        threshold: i32,
    },
    /// Mark 3: the game ends when any player reaches `threshold`.
    FirstTo {
        /// The total that ends the game.
        threshold: i32,
    },
    /// Mark 4: a fixed number of rounds.
    Rounds {
        /// Rounds to play.
        rounds: u16,
    },
}

/// The game's set-up. `Config::default()` is the box rulebook for 4 players
/// ([`Config::rulebook`]`(None)`).
///
/// Build one with [`Config::rulebook`], [`RuleSet::config`] or `Config::default()`, then set
/// fields (`let mut c = Config::default(); c.turn_limit = Some(9);`): the struct is
/// `#[non_exhaustive]`, since options grow. Deserialising a config checks it
/// ([`Config::check`]); the old field name `dealer` (of `first_dealer`) is still read.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ConfigWire")]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2..=12.
    pub players: u8,
    /// Decks combined: 1 (2–6 players), or 2 (online rules, up to 12 players).
    pub decks: u8,
    /// The deck table, per deck (default: [`standard_deck`], inferred).
    pub deck: Vec<DeckEntry>,
    /// Which discards trigger actions.
    pub action_trigger: ActionTrigger,
    /// When the caller of "Archduke!" takes a penalty card.
    pub caller_penalty: CallerPenalty,
    /// Scoring and game end.
    pub scoring: Scoring,
    /// The first round's dealer (JSON: `first_dealer`, formerly `dealer`); `None` draws one
    /// with the game generator. Later rounds' dealers follow the rules ("End of round").
    pub first_dealer: Option<Seat>,
    /// Engine limit, not a rule: at most this many turns **per round** (turns begun by a draw
    /// or a take; matches, action cards and calls are not turns); when reached, the next
    /// player ends the round (`end`) instead of drawing. `None` = no limit (then a round
    /// only ends by "Archduke!", a player matching to zero or both piles running out).
    pub turn_limit: Option<u32>,
    /// Engine limit, not a rule: the game ends after this many rounds at the latest.
    pub round_limit: Option<u16>,
}

/// A config as read, before [`Config::check`]: the same fields and serde attributes as
/// [`Config`], which is deserialised through it (so a config that loads is a checked one).
#[derive(Deserialize)]
struct ConfigWire {
    players: u8,
    decks: u8,
    deck: Vec<DeckEntry>,
    action_trigger: ActionTrigger,
    caller_penalty: CallerPenalty,
    scoring: Scoring,
    #[serde(alias = "dealer")]
    first_dealer: Option<Seat>,
    turn_limit: Option<u32>,
    round_limit: Option<u16>,
}

impl TryFrom<ConfigWire> for Config {
    type Error = ConfigError;

    fn try_from(wire: ConfigWire) -> Result<Config, ConfigError> {
        let config = Config {
            players: wire.players,
            decks: wire.decks,
            deck: wire.deck,
            action_trigger: wire.action_trigger,
            caller_penalty: wire.caller_penalty,
            scoring: wire.scoring,
            first_dealer: wire.first_dealer,
            turn_limit: wire.turn_limit,
            round_limit: wire.round_limit,
        };
        config.check().map(|()| config)
    }
}

/// The turn limit per round of [`Config::bounded`]: after 200 turns the next player ends
/// the round instead of drawing (an engine limit, not a rule).
pub const BOUNDED_TURN_LIMIT: u32 = 200;

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            decks: 1,
            deck: standard_deck(),
            action_trigger: ActionTrigger::GridOnly,
            caller_penalty: CallerPenalty::OnlyIfBeaten,
            scoring: Scoring::Tokens { rounds: 4 },
            first_dealer: None,
            turn_limit: None,
            round_limit: None,
        }
    }
}

/// Why a config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// Players out of range for the number of decks.
    #[error("{players} players cannot play with {decks} deck(s): one deck seats 2-6, two decks 2-12")]
    Players {
        /// Players asked for.
        players: u8,
        /// Decks asked for.
        decks: u8,
    },
    /// Decks must be 1 or 2.
    #[error("decks must be 1 or 2, not {0}")]
    Decks(u8),
    /// The deck table is unusable.
    #[error("bad deck table: {0}")]
    DeckTable(&'static str),
    /// A scoring parameter is unusable.
    #[error("bad scoring: {0}")]
    Scoring(&'static str),
    /// The first dealer ([`Config::first_dealer`]) is not a seat of the table.
    #[error("first dealer {0} is not a seat")]
    Dealer(Seat),
    /// A limit of zero.
    #[error("limits must be at least 1")]
    Limit,
}

/// The validated config in compact, `Copy` form, stored in the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    pub players: u8,
    pub decks: u8,
    pub deck: Deck,
    pub action_trigger: ActionTrigger,
    pub caller_penalty: CallerPenalty,
    pub scoring: Scoring,
    pub dealer: Option<u8>,
    pub turn_limit: Option<u32>,
    pub round_limit: Option<u16>,
}

impl Config {
    /// The box rulebook for `players`, with a second deck above 6 players (unchecked).
    fn of(players: u8) -> Config {
        Config { players, decks: if players > 6 { 2 } else { 1 }, ..Config::default() }
    }

    /// The box rulebook game for `players` (default 4); more than 6 players shuffle in a
    /// second deck, as the online rules do for up to 12. `Config::default()` is
    /// `Config::rulebook(None)`.
    pub fn rulebook(players: Option<u8>) -> Result<Config, ConfigError> {
        let config = Config::of(players.unwrap_or(4));
        config.check().map(|()| config)
    }

    /// The rulebook game with a limit of [`BOUNDED_TURN_LIMIT`] turns per round (an engine
    /// limit: players who never call could go on for ever), so that
    /// [`Game::max_actions`](duke_core::Game::max_actions) is finite.
    pub fn bounded(players: Option<u8>) -> Result<Config, ConfigError> {
        Config::rulebook(players).map(|config| Config { turn_limit: Some(BOUNDED_TURN_LIMIT), ..config })
    }

    /// Checks the config and compiles it.
    pub(crate) fn compile(&self) -> Result<Rules, ConfigError> {
        if !(1..=2).contains(&self.decks) {
            return Err(ConfigError::Decks(self.decks));
        }
        let max_players = if self.decks == 1 { 6 } else { MAX_PLAYERS as u8 };
        if !(2..=max_players).contains(&self.players) {
            return Err(ConfigError::Players { players: self.players, decks: self.decks });
        }
        if self.deck.is_empty() || self.deck.len() > MAX_KINDS {
            return Err(ConfigError::DeckTable("it needs 1 to 16 lines"));
        }
        let per_deck: u32 = self.deck.iter().map(|e| u32::from(e.copies)).sum();
        let total = per_deck * u32::from(self.decks);
        if total as usize > MAX_CARDS {
            return Err(ConfigError::DeckTable("at most 208 cards in play"));
        }
        if total < 4 * u32::from(self.players) + 1 {
            return Err(ConfigError::DeckTable("too few cards to deal 4 to everyone and turn one up"));
        }
        for (i, entry) in self.deck.iter().enumerate() {
            if self.deck.iter().skip(i + 1).any(|e| e.value == entry.value && e.role == entry.role) {
                return Err(ConfigError::DeckTable("a value and role appear on two lines"));
            }
            if entry.role.power().is_some() {
                let same: u32 =
                    self.deck.iter().filter(|e| e.role == entry.role).map(|e| u32::from(e.copies)).sum::<u32>()
                        * u32::from(self.decks);
                if same as usize > MAX_PENDING {
                    return Err(ConfigError::DeckTable("at most 32 cards of one action symbol"));
                }
            }
        }
        match self.scoring {
            Scoring::Tokens { rounds: 0 } => return Err(ConfigError::Scoring("at least one round")),
            Scoring::Points { mark: Mark::Rounds { rounds: 0 } } => {
                return Err(ConfigError::Scoring("at least one round"));
            }
            Scoring::Points { mark: Mark::EliminateToThree { .. } } if self.players < 4 => {
                return Err(ConfigError::Scoring("eliminating down to three needs at least 4 players"));
            }
            Scoring::Points {
                mark:
                    Mark::EliminateAt { threshold } | Mark::EliminateToThree { threshold } | Mark::FirstTo { threshold },
            } if threshold <= 0 => {
                return Err(ConfigError::Scoring("thresholds must be positive"));
            }
            _ => {}
        }
        if let Some(dealer) = self.first_dealer
            && dealer.0 >= self.players
        {
            return Err(ConfigError::Dealer(dealer));
        }
        if self.turn_limit == Some(0) || self.round_limit == Some(0) {
            return Err(ConfigError::Limit);
        }
        Ok(Rules {
            players: self.players,
            decks: self.decks,
            deck: Deck::compile(&self.deck),
            action_trigger: self.action_trigger,
            caller_penalty: self.caller_penalty,
            scoring: self.scoring,
            dealer: self.first_dealer.map(|seat| seat.0),
            turn_limit: self.turn_limit,
            round_limit: self.round_limit,
        })
    }

    /// Checks the config without building a game: everything [`Game::new`](duke_core::Game::new)
    /// checks of it.
    pub fn check(&self) -> Result<(), ConfigError> {
        self.compile().map(|_| ())
    }

    /// Renamed [`Config::check`].
    #[deprecated(since = "0.2.0", note = "renamed Config::check")]
    pub fn validate(&self) -> Result<(), ConfigError> {
        self.check()
    }
}

impl Rules {
    pub fn to_config(self) -> Config {
        Config {
            players: self.players,
            decks: self.decks,
            deck: self.deck.table(),
            action_trigger: self.action_trigger,
            caller_penalty: self.caller_penalty,
            scoring: self.scoring,
            first_dealer: self.dealer.map(Seat),
            turn_limit: self.turn_limit,
            round_limit: self.round_limit,
        }
    }

    /// Total copies of `kind` in play.
    pub fn copies(&self, kind: u8) -> u32 {
        u32::from(self.deck.copies.get(kind as usize).copied().unwrap_or(0)) * u32::from(self.decks)
    }

    /// Total cards in play.
    pub fn total_cards(&self) -> u32 {
        (0..self.deck.kinds).map(|k| self.copies(k)).sum()
    }

    /// The most rounds a game can last, if bounded.
    pub fn max_rounds(&self) -> Option<u64> {
        let by_scoring = match self.scoring {
            Scoring::Tokens { rounds } => Some(u64::from(rounds)),
            Scoring::BattleRoyal => Some(u64::from(self.players) - 1),
            Scoring::Points { mark: Mark::Rounds { rounds } } => Some(u64::from(rounds)),
            Scoring::Points { .. } => None,
        };
        match (by_scoring, self.round_limit) {
            (Some(a), Some(b)) => Some(a.min(u64::from(b))),
            (a, b) => a.or(b.map(u64::from)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Role;

    #[test]
    fn bad_configs_are_typed_errors() {
        let base = Config::default();
        assert_eq!(base.check(), Ok(()));
        assert_eq!(Config { players: 7, ..base.clone() }.check(), Err(ConfigError::Players { players: 7, decks: 1 }));
        assert_eq!(Config { players: 1, ..base.clone() }.check(), Err(ConfigError::Players { players: 1, decks: 1 }));
        assert_eq!(Config { decks: 3, ..base.clone() }.check(), Err(ConfigError::Decks(3)));
        assert!(matches!(Config { deck: vec![], ..base.clone() }.check(), Err(ConfigError::DeckTable(_))));
        let tiny = vec![DeckEntry { value: 5, copies: 16, role: Role::Number }];
        assert!(matches!(Config { deck: tiny, ..base.clone() }.check(), Err(ConfigError::DeckTable(_))));
        assert_eq!(Config { first_dealer: Some(Seat(4)), ..base.clone() }.check(), Err(ConfigError::Dealer(Seat(4))));
        assert_eq!(Config { turn_limit: Some(0), ..base.clone() }.check(), Err(ConfigError::Limit));
        let scoring = Scoring::Points { mark: Mark::EliminateToThree { threshold: 50 } };
        assert!(matches!(Config { players: 3, scoring, ..base.clone() }.check(), Err(ConfigError::Scoring(_))));
        let scoring = Scoring::Points { mark: Mark::FirstTo { threshold: 0 } };
        assert!(matches!(Config { scoring, ..base.clone() }.check(), Err(ConfigError::Scoring(_))));
        assert!(matches!(
            Config { scoring: Scoring::Tokens { rounds: 0 }, ..base }.check(),
            Err(ConfigError::Scoring(_))
        ));
        assert_eq!(RuleSet::Online.config(12).check(), Ok(()));
        assert!(RuleSet::Box.config(13).check().is_err());
    }

    #[test]
    fn the_default_is_the_rulebook_game_and_the_box_rule_set() {
        assert_eq!(Config::rulebook(None), Ok(Config::default()));
        for players in 0..=14 {
            let rulebook = Config::rulebook(Some(players));
            assert_eq!(rulebook.clone().ok(), Some(RuleSet::Box.config(players)).filter(|c| c.check().is_ok()));
            assert_eq!(rulebook.is_ok(), (2..=12).contains(&players), "{players}");
            let bounded = Config::bounded(Some(players));
            assert_eq!(bounded.map(|c| c.turn_limit), rulebook.map(|_| Some(BOUNDED_TURN_LIMIT)));
        }
    }
}
