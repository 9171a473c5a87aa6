//! Why a config was refused (rulebook "Set up", "Organize the fights"): below the config,
//! the deck, the schedule and the round types, which all check their part.

use crate::compact::MAX_ROUNDS;
use crate::expansion::MissionError;
use crate::round_types::RoundType;

/// Why a config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// Crown Battles is for 2 to 8 players.
    #[error("Crown Battles needs 2 to 8 players, not {0}")]
    Players(u8),
    /// The deck asks for more copies of a card than the box holds.
    #[error("the box holds only {limit} {what}")]
    NotInBox {
        /// Which card.
        what: &'static str,
        /// How many the box holds.
        limit: u8,
    },
    /// The schedule has no round, too many, or a round dealing no card.
    #[error("the schedule must list 1 to {MAX_ROUNDS} rounds of at least 1 card")]
    Schedule,
    /// A round deals more cards than the deck holds.
    #[error("round {round} deals {cards} cards to {players} players but the deck has only {deck}")]
    DeckTooSmall {
        /// 1-based round.
        round: usize,
        /// Cards per player.
        cards: u8,
        /// Players.
        players: u8,
        /// Deck size.
        deck: u32,
    },
    /// Bid tokens are 0 to 10 at most.
    #[error("bid tokens go from 0 to at most 10, not {0}")]
    MaxBid(u8),
    /// The spinner weights sum to zero.
    #[error("the spinner needs at least one outcome with a positive weight")]
    Spinner,
    /// The Witch steals in steps of 5 or 10 points.
    #[error("the Witch's step must be 5 or 10, not {0}")]
    WitchStep(u8),
    /// The first dealer is not a seat (its number).
    #[error("first dealer {0} is not a seat")]
    Dealer(u8),
    /// The rounds plus the tie replays must be countable in a byte (at most 255), so
    /// that every game provably ends.
    #[error("{rounds} rounds and {replays} tie replays exceed 255 rounds")]
    TieReplays {
        /// Scheduled rounds.
        rounds: usize,
        /// `max_tie_replays`.
        replays: u8,
    },
    /// No round type is chosen (or a set names bits beyond the 14 Round Type cards).
    #[error("choose at least one round type")]
    NoRoundTypes,
    /// "Exclude certain Round Type cards based on the number of players".
    #[error("the {} round type is excluded with {players} players", round_type.name())]
    RoundTypeExcluded {
        /// The excluded type.
        round_type: RoundType,
        /// The player count.
        players: u8,
    },
    /// A fixed sequence of round types must list one per scheduled round.
    #[error("the round type sequence lists {len} rounds but the schedule has {rounds}")]
    RoundSequence {
        /// Entries in the sequence.
        len: usize,
        /// Scheduled rounds (0: the sequence is empty or longer than the most rounds).
        rounds: usize,
    },
    /// An Alliance round may not be the final round ("Organize the fights").
    #[error("the final round cannot be an Alliance round")]
    AllianceInFinalRound,
    /// The mission options are not valid (a catalogue of 1 to
    /// [`MAX_MISSIONS`](crate::MAX_MISSIONS) missions, as many offered at most).
    #[error("missions: {0}")]
    Missions(#[from] MissionError),
}
