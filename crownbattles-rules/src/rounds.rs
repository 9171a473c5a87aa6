//! Round types: the rule set a round plays by over the shared trick engine (`trick.rs`,
//! `play.rs`). A round type decides its bidding, its scoring and what of the bids others see.
//! The base game has one, Normal Bidding; the expansion's round types (Blind Bidding, Long
//! Play, Leaked Suit, The Split, Stealth Play, Suit Precision, Missions, Blind Missions,
//! Wagering, Duel Fights, Alliances rounds) are absent and would be further variants.

use crate::actions::Bid;
use crate::setup::RoundType;

impl RoundType {
    /// Whether a double bid is allowed in a round dealing `dealt` cards ("Double bidding is
    /// not allowed in the round where each player is dealt only one card").
    pub const fn allows_double_bid(self, dealt: u8) -> bool {
        match self {
            RoundType::Normal => dealt > 1,
        }
    }

    /// Whether every player sees each bid as it is placed (Normal Bidding: bid tokens are
    /// placed face up).
    pub const fn bids_are_public(self) -> bool {
        match self {
            RoundType::Normal => true,
        }
    }

    /// The points a player scores at the end of the round.
    pub fn score(self, bid: Option<Bid>, won: u8) -> i32 {
        match self {
            RoundType::Normal => crate::scoring::round_points(bid, won),
        }
    }
}
