//! Set up (rulebook "Set up", "Special Power cards: Set up", "Gameplay suggestions"): the
//! config, bid tokens, the spinner and the variations (the deck as a data table is
//! [`crate::deck`], the cards dealt per round [`crate::schedule`]).

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::deck::DeckSpec;
pub use crate::error::ConfigError;
use crate::expansion::MissionRules;
use crate::expansion::{
    DuelRules, LeakChoice, MissionShare, PrecisionTeamDouble, SplitLead, SplitMiss, TeamFormation, WageringRules,
};
use crate::presets::Preset;
use crate::round_types::{RoundType, RoundTypes};
use crate::schedule::Schedule;

/// When an action card whose timing icon the rulebook omits takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Timing {
    /// Right after it is played (⚡).
    Immediate,
    /// At the end of the ongoing trick (⏳).
    EndOfTrick,
}

/// Timings of the action cards printed without an icon in our rulebook text (see RULES.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timings {
    /// Alchemist (default: immediate, so the new trump already counts in this trick).
    pub alchemist: Timing,
    /// Bishop (default: immediate).
    pub bishop: Timing,
    /// Jester (default: immediate).
    pub jester: Timing,
    /// Witch (default: immediate).
    pub witch: Timing,
}

impl Default for Timings {
    fn default() -> Self {
        Timings {
            alchemist: Timing::Immediate,
            bishop: Timing::Immediate,
            jester: Timing::Immediate,
            witch: Timing::Immediate,
        }
    }
}

/// Bubble shields ("Notes": buy protection for 20 points).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Shields {
    /// No shields for sale.
    Off,
    /// A shield protects until the end of the round it was bought in (default).
    Round,
    /// A shield protects for the rest of the game.
    Game,
}

/// A complete game set-up, checked when built by [`Config::rulebook`], when deserialised
/// (a config that [`Config::check`] refuses does not load) and again by
/// [`CrownBattles::new`](crate::CrownBattles) and `from_setup` (fields set by hand).
///
/// Build one from [`Config::rulebook`] or [`Config::default`] and set fields: the struct
/// is `#[non_exhaustive]`, so new options can be added without breaking callers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ConfigWire")]
#[non_exhaustive]
pub struct Config {
    /// Players, 2–8.
    pub players: u8,
    /// The deck.
    pub deck: DeckSpec,
    /// Cards dealt per player, round by round.
    pub schedule: Schedule,
    /// Highest bid token (10; 9 with 7 players; 8 with 8 players).
    pub max_bid: u8,
    /// Spinner weights: red, green, blue, yellow, X (no trump), dealer chooses.
    pub spinner: [u16; 6],
    /// Whether the dealer may pick "no trump" when the spinner says the dealer chooses
    /// (default false: the four-colour segment picks a colour).
    pub dealer_may_choose_no_trump: bool,
    /// Variation "Screw the dealer".
    pub screw_the_dealer: bool,
    /// Whether the Wizard also turns the Golem King and Dragon King into Peasants.
    pub wizard_affects_kings: bool,
    /// Timings of the icon-less action cards.
    pub timings: Timings,
    /// The Witch steals in steps of this many points (5 or 10).
    pub witch_step: u8,
    /// Bubble shields.
    pub shields: Shields,
    /// How many times a tied last round may be replayed before the game ends shared
    /// (rounds + replays at most 255).
    pub max_tie_replays: u8,
    /// The first dealer; `None` draws one with the game generator (Set up 4: "Choose the
    /// first dealer randomly"). Travels as the seat number, as before.
    pub first_dealer: Option<Seat>,
    /// Which round type each round plays ("The expansion game"): default Normal Bidding in
    /// every round, the base game. Travels as `round_types`; `round_type`, its name in
    /// configs saved before, is read too.
    #[serde(alias = "round_type", default)]
    pub round_types: RoundTypes,
    /// The Split: what a correct half scores when the other half's bid failed (RULES.md,
    /// reading 36; default [`SplitMiss::PerHand`]). Left out of a serialised config when
    /// default.
    #[serde(default, skip_serializing_if = "SplitMiss::is_default")]
    pub split_miss: SplitMiss,
    /// The Split: who leads the second half (RULES.md, reading 36; default
    /// [`SplitLead::DealersLeft`]). Left out of a serialised config when default.
    #[serde(default, skip_serializing_if = "SplitLead::is_default")]
    pub split_lead: SplitLead,
    /// The Missions round types' options ("Missions"): the mission catalogue, how many
    /// are offered, the reveal order. Left out of the serialised config at the defaults.
    #[serde(default, skip_serializing_if = "MissionRules::is_default")]
    pub missions: MissionRules,
    /// Stealth Play (RULES.md, reading 35): whether the immediate actions of the cards
    /// played face down resolve at the flip, in play order, before the winner is decided
    /// (a face-down Alchemist changes this trick's trump). Default false: they resolve
    /// with the end-of-trick actions, after the winner. Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub stealth_actions_at_flip: bool,
    /// Stealth Play (RULES.md, reading 35): whether, after a lead that is not a number, the
    /// first numbered card played face down sets the suit to follow, as in Normal Bidding;
    /// the engine enforces it and so tells each later player the suit (`View::suit_told`).
    /// Default false: only the face-up lead sets a suit to follow. Left out of the JSON
    /// when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub stealth_follow_face_down: bool,
    /// Leaked Suit: how the suits to reveal are chosen (the rulebook's variations; default
    /// [`LeakChoice::Simultaneous`]: each player chooses, secretly until all have chosen).
    /// Left out of the JSON when default.
    #[serde(default, skip_serializing_if = "LeakChoice::is_default")]
    pub leak_choice: LeakChoice,
    /// Leaked Suit (RULES.md, reading 39): whether a player choosing its own suit must
    /// choose one it holds, when it holds any card that can be chosen. Default false: any
    /// suit (one it lacks reveals nothing but that it lacks it). Left out of the JSON when
    /// false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub leak_only_held: bool,
    /// Alliances (RULES.md, reading 57): who forms the teams (default
    /// [`TeamFormation::Dealer`]: the dealer decides). Left out of the JSON when default.
    #[serde(default, skip_serializing_if = "TeamFormation::is_default")]
    pub team_formation: TeamFormation,
    /// Missions-Alliances (RULES.md, reading 59): what each member of a team that met both
    /// missions scores (default [`MissionShare::Sum`]: both missions' points). Left out of
    /// the JSON when default.
    #[serde(default, skip_serializing_if = "MissionShare::is_default")]
    pub mission_share: MissionShare,
    /// Suit Precision-Alliances (RULES.md, reading 60): who in a team may double-bid
    /// ("Only one team member can make a double-bid"). Default
    /// [`PrecisionTeamDouble::OneMember`], as printed: one member, in any number of suits.
    /// Left out of the JSON when default.
    #[serde(default, skip_serializing_if = "PrecisionTeamDouble::is_default")]
    pub precision_team_double: PrecisionTeamDouble,
    /// Suit Precision-Alliances (RULES.md, reading 62): whether the solo player's trick
    /// points are doubled, as Alliances' solo player's are ("20 points for each trick").
    /// Default false: it scores as in Suit Precision. Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub precision_solo_doubled: bool,
    /// Suit Precision (RULES.md, reading 46): whether the winner of a trick won at a
    /// Peasant's strength (all Peasants) may place it under any suit. Default false: "among
    /// their suit predictions", a suit it bid above 0 (any suit if it bid 0 in all). Left
    /// out of the JSON when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub precision_peasant_any: bool,
    /// Suit Precision (RULES.md, reading 47): whether the Thief places the stolen trick under
    /// a suit of its own bids above 0, its choice. Default false: under the suit it was
    /// stolen from ("the same suit"). Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub precision_thief_own_bid: bool,
    /// Wagering's options (RULES.md, readings 50 and 51): the optional extra wagers, and
    /// whether the bids also score Normal Bidding's points. Left out of the JSON at the
    /// defaults (both off).
    #[serde(default, skip_serializing_if = "WageringRules::is_default")]
    pub wagering: WageringRules,
    /// Duel Fights' options (RULES.md, readings 53, 55 and 56): who pairs the players, the
    /// winners' bonus, the misses lost to the bank. Left out of the JSON at the defaults.
    #[serde(default, skip_serializing_if = "DuelRules::is_default")]
    pub duels: DuelRules,
    /// Long Play (RULES.md, reading 44): whether "Screw the dealer" compares the total of
    /// the bids with the number of tricks (half the cards, the odd last trick included),
    /// what the bids count. Default false: with the cards dealt, as printed ("match the
    /// number of cards dealt"). Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub long_play_screw_by_tricks: bool,
    /// Long Play (RULES.md, reading 43): whether the Cursed and the Magician act in the
    /// first pass of the round's last trick, where every hand still holds its second card.
    /// Default false: that pass is part of "the last trick of the round", where they have
    /// no effect. Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub long_play_first_pass_acts: bool,
}

impl Default for Config {
    /// The base game for 4 players, exactly as the rulebook: 60 cards with 4 Peasants
    /// ([`Config::rulebook`]`(None)`).
    fn default() -> Self {
        Config::rulebook(None).unwrap_or(Config::with(4, DeckSpec::standard(), Schedule::by_twos(8, 15)))
    }
}

/// The highest bid token in the box (bid tokens 0–10).
pub const BID_TOKENS: u8 = 10;

/// Bid tokens by player count (Set up 3): the highest bid.
pub const fn max_bid_for(players: u8) -> u8 {
    match players {
        8 => 8,
        7 => 9,
        _ => 10,
    }
}

impl Config {
    fn with(players: u8, deck: DeckSpec, schedule: Schedule) -> Config {
        Config {
            players,
            deck,
            schedule,
            max_bid: max_bid_for(players),
            spinner: [1; 6],
            dealer_may_choose_no_trump: false,
            screw_the_dealer: false,
            wizard_affects_kings: false,
            timings: Timings::default(),
            witch_step: 5,
            shields: Shields::Round,
            max_tie_replays: 10,
            first_dealer: None,
            round_types: RoundTypes::Every(RoundType::Normal),
            split_miss: SplitMiss::PerHand,
            split_lead: SplitLead::DealersLeft,
            missions: MissionRules::default(),
            stealth_actions_at_flip: false,
            stealth_follow_face_down: false,
            leak_choice: LeakChoice::Simultaneous,
            leak_only_held: false,
            team_formation: TeamFormation::Dealer,
            mission_share: MissionShare::Sum,
            precision_team_double: PrecisionTeamDouble::OneMember,
            precision_solo_doubled: false,
            precision_peasant_any: false,
            precision_thief_own_bid: false,
            wagering: WageringRules { extra_wagers: false, bid_points: false },
            duels: DuelRules {
                pairing: crate::expansion::DuelPairing::Dealer,
                winner_bonus: false,
                misses_to_bank: false,
            },
            long_play_screw_by_tricks: false,
            long_play_first_pass_acts: false,
        }
    }

    /// The base game from the rulebook's table (How to Play 1) for `players` (`None`: 4,
    /// the players of the rulebook's examples), every option as printed.
    ///
    /// With 7 and 8 players the table deals 63 and 64 cards, which the 60-card deck cannot
    /// cover; those counts use the 67- and 68-card decks of "Gameplay suggestions"
    /// (60 cards + 7 or 8 Special Power cards).
    pub fn rulebook(players: Option<u8>) -> Result<Config, ConfigError> {
        let players = players.unwrap_or(4);
        let (deck, schedule) = match players {
            2 => (DeckSpec::two_player(), Schedule::by_twos(10, 20)),
            3 => (DeckSpec::standard(), Schedule::by_twos(10, 20)),
            4 => (DeckSpec::standard(), Schedule::by_twos(8, 15)),
            5 => (DeckSpec::standard(), Schedule::by_twos(6, 12)),
            6 => (DeckSpec::standard(), Schedule::by_twos(5, 10)),
            7 => (DeckSpec::standard().with_n_powers(7), Schedule::by_twos(5, 9)),
            8 => (DeckSpec::standard().with_n_powers(8), Schedule::by_twos(4, 8)),
            n => return Err(ConfigError::Players(n)),
        };
        let config = Config::with(players, deck, schedule);
        config.check()?;
        Ok(config)
    }

    /// The rulebook game ([`Config::rulebook`]): every game of Crown Battles ends after its
    /// scheduled rounds and at most `max_tie_replays` replays, so it needs no turn limit.
    pub fn bounded(players: Option<u8>) -> Result<Config, ConfigError> {
        Config::rulebook(players)
    }

    /// The base game for `players`: renamed [`Config::rulebook`]`(Some(players))`.
    #[deprecated(since = "0.2.0", note = "renamed Config::rulebook(Some(players))")]
    pub fn base(players: u8) -> Result<Config, ConfigError> {
        Config::rulebook(Some(players))
    }

    /// A named "Gameplay suggestions" preset.
    pub fn preset(preset: Preset) -> Config {
        let (players, deck, schedule) = preset.parts();
        Config::with(players, deck, schedule)
    }

    /// Checks the config and gives it back: use [`Config::check`].
    #[deprecated(since = "0.2.0", note = "use Config::check")]
    pub fn validated(self) -> Result<Config, ConfigError> {
        self.check()?;
        Ok(self)
    }

    /// Checks the config: the player count, the deck against the box and the schedule, the
    /// bid tokens, the spinner, the Witch's step, the tie replays, the first dealer, the
    /// round types and the mission options.
    pub fn check(&self) -> Result<(), ConfigError> {
        if !(2..=8).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        self.deck.check()?;
        if self.schedule.rounds() == 0 {
            return Err(ConfigError::Schedule);
        }
        let deck = self.deck.cards().len();
        for (i, &cards) in self.schedule.as_slice().iter().enumerate() {
            if cards == 0 {
                return Err(ConfigError::Schedule);
            }
            if u32::from(cards) * u32::from(self.players) > deck {
                return Err(ConfigError::DeckTooSmall { round: i + 1, cards, players: self.players, deck });
            }
        }
        if self.max_bid > BID_TOKENS {
            return Err(ConfigError::MaxBid(self.max_bid));
        }
        if self.spinner.iter().all(|&w| w == 0) {
            return Err(ConfigError::Spinner);
        }
        if self.witch_step != 5 && self.witch_step != 10 {
            return Err(ConfigError::WitchStep(self.witch_step));
        }
        if self.schedule.rounds() + usize::from(self.max_tie_replays) > usize::from(u8::MAX) {
            return Err(ConfigError::TieReplays { rounds: self.schedule.rounds(), replays: self.max_tie_replays });
        }
        if let Some(Seat(d)) = self.first_dealer.filter(|d| d.0 >= self.players) {
            return Err(ConfigError::Dealer(d));
        }
        self.round_types.check(self.players, self.schedule.rounds())?;
        self.missions.check()?;
        Ok(())
    }
}

/// [`Config`] as it is read: the same fields and serde attributes (defaults, the
/// `round_type` alias, the skip rules), turned into a `Config` only through
/// [`Config::check`], so that no unchecked config loads (a private type: deriving
/// `Deserialize` on `Config` itself, or serde's `remote = "Self"`, would expose an
/// unchecked deserialiser).
#[derive(Deserialize)]
struct ConfigWire {
    players: u8,
    deck: DeckSpec,
    schedule: Schedule,
    max_bid: u8,
    spinner: [u16; 6],
    dealer_may_choose_no_trump: bool,
    screw_the_dealer: bool,
    wizard_affects_kings: bool,
    timings: Timings,
    witch_step: u8,
    shields: Shields,
    max_tie_replays: u8,
    first_dealer: Option<Seat>,
    #[serde(alias = "round_type", default)]
    round_types: RoundTypes,
    #[serde(default, skip_serializing_if = "SplitMiss::is_default")]
    split_miss: SplitMiss,
    #[serde(default, skip_serializing_if = "SplitLead::is_default")]
    split_lead: SplitLead,
    #[serde(default, skip_serializing_if = "MissionRules::is_default")]
    missions: MissionRules,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    stealth_actions_at_flip: bool,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    stealth_follow_face_down: bool,
    #[serde(default, skip_serializing_if = "LeakChoice::is_default")]
    leak_choice: LeakChoice,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    leak_only_held: bool,
    #[serde(default, skip_serializing_if = "TeamFormation::is_default")]
    team_formation: TeamFormation,
    #[serde(default, skip_serializing_if = "MissionShare::is_default")]
    mission_share: MissionShare,
    #[serde(default, skip_serializing_if = "PrecisionTeamDouble::is_default")]
    precision_team_double: PrecisionTeamDouble,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    precision_solo_doubled: bool,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    precision_peasant_any: bool,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    precision_thief_own_bid: bool,
    #[serde(default, skip_serializing_if = "WageringRules::is_default")]
    wagering: WageringRules,
    #[serde(default, skip_serializing_if = "DuelRules::is_default")]
    duels: DuelRules,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    long_play_screw_by_tricks: bool,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    long_play_first_pass_acts: bool,
}

impl TryFrom<ConfigWire> for Config {
    type Error = ConfigError;

    fn try_from(w: ConfigWire) -> Result<Config, ConfigError> {
        let config = Config {
            players: w.players,
            deck: w.deck,
            schedule: w.schedule,
            max_bid: w.max_bid,
            spinner: w.spinner,
            dealer_may_choose_no_trump: w.dealer_may_choose_no_trump,
            screw_the_dealer: w.screw_the_dealer,
            wizard_affects_kings: w.wizard_affects_kings,
            timings: w.timings,
            witch_step: w.witch_step,
            shields: w.shields,
            max_tie_replays: w.max_tie_replays,
            first_dealer: w.first_dealer,
            round_types: w.round_types,
            split_miss: w.split_miss,
            split_lead: w.split_lead,
            missions: w.missions,
            stealth_actions_at_flip: w.stealth_actions_at_flip,
            stealth_follow_face_down: w.stealth_follow_face_down,
            leak_choice: w.leak_choice,
            leak_only_held: w.leak_only_held,
            team_formation: w.team_formation,
            mission_share: w.mission_share,
            precision_team_double: w.precision_team_double,
            precision_solo_doubled: w.precision_solo_doubled,
            precision_peasant_any: w.precision_peasant_any,
            precision_thief_own_bid: w.precision_thief_own_bid,
            wagering: w.wagering,
            duels: w.duels,
            long_play_screw_by_tricks: w.long_play_screw_by_tricks,
            long_play_first_pass_acts: w.long_play_first_pass_acts,
        };
        config.check()?;
        Ok(config)
    }
}
