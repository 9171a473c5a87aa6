//! The round types' options (`Config` fields; RULES.md names the reading each one
//! chooses): plain data below the round types' rules, so that the config reads without
//! them.

use serde::{Deserialize, Serialize};

/// The Split, "Failing to meet your bid": what a half whose bid was met scores when the
/// other half's was not ("Each correct bid for a hand earns 10 points"; RULES.md, reading
/// 36). A met double bid scores half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SplitMiss {
    /// 10 points for the correct hand, whatever its tricks (default: the sentence as
    /// printed).
    #[default]
    PerHand,
    /// 10 points for each trick of the correct hand (as "Meeting your bid" counts tricks,
    /// without the bonus; as Suit Precision's failing rule is printed).
    PerTrick,
}

impl SplitMiss {
    /// Whether it is the default reading (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == SplitMiss::default()
    }
}

/// The Split: who leads the second half ("two separate smaller rounds"; RULES.md, reading
/// 36).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SplitLead {
    /// The player left of the dealer, as at the start of a round (default).
    #[default]
    DealersLeft,
    /// Whoever leads next after the first half's last trick: its winner (or the Bomb's
    /// choice), as after any trick.
    LastWinner,
}

impl SplitLead {
    /// Whether it is the default reading (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == SplitLead::default()
    }
}

/// How a Leaked Suit round chooses the suits (the rulebook's "Variations").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum LeakChoice {
    /// Each player chooses a suit of its own; the choices stay secret until all have
    /// chosen, then all reveal at once (the main rule).
    #[default]
    Simultaneous,
    /// "Players can reveal suits one by one in clockwise order", from the dealer's left;
    /// each reveal is seen before the next player chooses.
    Clockwise,
    /// "The dealer decides which suit all players have to reveal."
    Dealer,
    /// "Spin the spinner to determine the suit to be revealed" (by everyone; the game's
    /// generator with the config's spinner weights): X reveals nothing, the four-colour
    /// segment lets the dealer decide as in [`LeakChoice::Dealer`].
    Spinner,
    /// "Players randomly choose only one card to reveal from the player on their left. Then
    /// players reveal all cards for that suit": a random card among the left neighbour's
    /// cards that can be chosen (the generator's draw), and the neighbour reveals that
    /// card's suit; clockwise from the dealer.
    Neighbour,
}

impl LeakChoice {
    /// Whether this is the default, [`LeakChoice::Simultaneous`].
    pub fn is_default(&self) -> bool {
        *self == LeakChoice::Simultaneous
    }
}

/// Who forms the teams of an Alliance round (RULES.md, reading 57).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum TeamFormation {
    /// "The dealer determining team formations": a decision of the dealer (default).
    #[default]
    Dealer,
    /// Drawn by the game generator at the round's start (a table that deals teams at
    /// random; bots and simulations that should not spend a decision on it).
    Random,
}

impl TeamFormation {
    /// Whether it is the default reading (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == TeamFormation::default()
    }
}

/// Missions-Alliances: what each member of a team that met both missions scores ("they
/// collectively earn points from their individual missions"; RULES.md, reading 59).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum MissionShare {
    /// Each scores the sum of both missions' points, as an Alliances team shares its
    /// points (default).
    #[default]
    Sum,
    /// Each scores its own mission's points.
    Own,
}

impl MissionShare {
    /// Whether it is the default reading (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == MissionShare::default()
    }
}

/// Who in a team may double-bid in Suit Precision-Alliances: the readings of Alliances'
/// "Only one team member can make a double-bid" (NOTES) when each member bids four suits
/// (RULES.md, reading 60).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum PrecisionTeamDouble {
    /// As printed (default): one team member double-bids, in any number of suits (Suit
    /// Precision allows a double bid in any suit); once it has, its ally double-bids no
    /// suit.
    #[default]
    OneMember,
    /// One double bid per suit and team: a member may not double-bid a suit its ally
    /// double-bid; the ally's other suits stay open to it.
    PerSuit,
    /// One double bid per team for the whole round: once either member double-bid a suit,
    /// neither double-bids another.
    OneBid,
}

impl PrecisionTeamDouble {
    /// Whether it is the default reading (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == PrecisionTeamDouble::default()
    }
}

/// Duel Fights: who forms the groups ("the dealer pairs players"; RULES.md, reading 53).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[non_exhaustive]
pub enum DuelPairing {
    /// The dealer, by actions after the deal and the spin (default).
    #[default]
    Dealer,
    /// The game generator, uniformly among the ways to group the players, after the deal
    /// and the spin.
    Random,
}

impl DuelPairing {
    /// Whether it is the default (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == DuelPairing::default()
    }
}

/// The options of Duel Fights (`Config::duels`; RULES.md, readings 53, 55 and 56).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct DuelRules {
    /// Who pairs the players (default the dealer).
    #[serde(skip_serializing_if = "DuelPairing::is_default")]
    pub pairing: DuelPairing,
    /// Whether a winner beside a loser also scores Normal Bidding's bonus (20 for a single
    /// bid, 10 for a double: "gets points for their correct bids, like in Normal Bidding").
    /// Default false: 10 per trick, as the printed examples count it ("bids 3 tricks and
    /// succeeds, earning 30 points"). Left out of the JSON when false.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub winner_bonus: bool,
    /// Whether, when no one in a group wins and the margins differ, every player also
    /// loses its misses to the bank (−10 per trick off) besides the points the smallest
    /// margin collects. Default false: only those points move. Left out of the JSON when
    /// false.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub misses_to_bank: bool,
}

impl DuelRules {
    /// Whether these are the defaults (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == DuelRules::default()
    }
}

/// The options of Wagering rounds (`Config::wagering`; RULES.md, readings 50 and 51).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct WageringRules {
    /// "Optional addition": players may wager an extra 10 or 20 points before their bid;
    /// a met bid gets it back with an equal bonus from the bank, a failed one loses it.
    /// Default false. Left out of the JSON when false.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub extra_wagers: bool,
    /// Whether a Wagering round also scores Normal Bidding's points for the bids (met: 10
    /// per trick + 20; missed: −10 per trick off). Default false: the round scores only
    /// the pot and the wagers ("If a player fails to meet their bid, they lose all the
    /// points they bet"). Left out of the JSON when false.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    pub bid_points: bool,
}

impl WageringRules {
    /// Whether these are the defaults (left out of a serialised config).
    pub fn is_default(&self) -> bool {
        *self == WageringRules::default()
    }
}
