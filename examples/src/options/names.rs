//! The values of the game options' flags that name one of a few choices (`--leak-choice
//! dealer`, `--objective counting-coup`, …), each with its names on the command line.

use super::{ACE, LEAK_CHOICE, PRECISION_TEAM_DOUBLE, SHIELDS};

/// A value of a flag that names one of a few choices (`--leak-choice dealer`).
pub trait Named: Copy + PartialEq + 'static {
    /// The flag, without its `--`.
    const FLAG: &'static str;
    /// Every choice with its name on the command line.
    const NAMES: &'static [(&'static str, Self)];

    /// Its name on the command line.
    fn name(self) -> &'static str {
        Self::NAMES.iter().find(|&&(_, value)| value == self).map_or("", |&(name, _)| name)
    }

    /// The choice named `name`, or an error listing the names.
    fn parse(name: &str) -> Result<Self, String> {
        Self::NAMES.iter().find(|&&(n, _)| n == name.trim()).map(|&(_, value)| value).ok_or_else(|| {
            let names: Vec<&str> = Self::NAMES.iter().map(|&(n, _)| n).collect();
            format!("--{} {name}: expected one of {}", Self::FLAG, names.join(", "))
        })
    }
}

/// Crown Battles, Leaked Suit: how the suits to reveal are chosen (the rulebook's
/// "Variations"; `crownbattles_rules::LeakChoice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeakChoiceName {
    /// Each player chooses, secretly until all have chosen (the main rule, the default).
    Simultaneous,
    /// The players reveal one by one, clockwise from the dealer's left.
    Clockwise,
    /// The dealer decides the suit everyone reveals.
    Dealer,
    /// The spinner decides the suit everyone reveals.
    Spinner,
    /// A random card of the left neighbour's hand decides the suit it reveals.
    Neighbour,
}

impl Named for LeakChoiceName {
    const FLAG: &'static str = LEAK_CHOICE;
    const NAMES: &'static [(&'static str, LeakChoiceName)] = &[
        ("simultaneous", LeakChoiceName::Simultaneous),
        ("clockwise", LeakChoiceName::Clockwise),
        ("dealer", LeakChoiceName::Dealer),
        ("spinner", LeakChoiceName::Spinner),
        ("neighbour", LeakChoiceName::Neighbour),
    ];
}

/// Crown Battles, Suit Precision-Alliances: who in a team may double-bid ("Only one team
/// member can make a double-bid"; `crownbattles_rules::PrecisionTeamDouble`, RULES.md,
/// reading 60).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrecisionTeamDoubleName {
    /// One member double-bids, in any number of suits (as printed, the default).
    OneMember,
    /// One double bid per suit and team: a member may not double-bid a suit its ally did.
    PerSuit,
    /// One double bid per team for the whole round.
    OneBid,
}

impl Named for PrecisionTeamDoubleName {
    const FLAG: &'static str = PRECISION_TEAM_DOUBLE;
    const NAMES: &'static [(&'static str, PrecisionTeamDoubleName)] = &[
        ("one-member", PrecisionTeamDoubleName::OneMember),
        ("per-suit", PrecisionTeamDoubleName::PerSuit),
        ("one-bid", PrecisionTeamDoubleName::OneBid),
    ];
}

/// Crown Battles, "Notes": the bubble shields (`crownbattles_rules::Shields`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShieldsName {
    /// No shields for sale.
    Off,
    /// A shield protects until the end of its round (the default).
    Round,
    /// A shield protects for the rest of the game.
    Game,
}

impl Named for ShieldsName {
    const FLAG: &'static str = SHIELDS;
    const NAMES: &'static [(&'static str, ShieldsName)] =
        &[("off", ShieldsName::Off), ("round", ShieldsName::Round), ("game", ShieldsName::Game)];
}

/// Dukes Up!: where an Ace may stand in a run (`dukesup_rules::AceRule`; the rulebook does
/// not say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AceName {
    /// The Ace is 1 (the default).
    Low,
    /// The Ace is above the King.
    High,
    /// Either end, chosen per card.
    Either,
    /// Runs turn the corner (K-A-2).
    Around,
}

impl Named for AceName {
    const FLAG: &'static str = ACE;
    const NAMES: &'static [(&'static str, AceName)] =
        &[("low", AceName::Low), ("high", AceName::High), ("either", AceName::Either), ("around", AceName::Around)];
}

/// An alternate objective of The Duke the command line names (rulebook "Alternate
/// Objectives"; the engine plays all four).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DukeObjective {
    /// Dynastic Dispute: the bags drafted before set-up.
    DynasticDispute,
    /// Counting Coup: points for ending a move beside the opponent's Flag, three win.
    CountingCoup,
    /// Trophy Hunters: bring the opponent's Flag to your own home edge.
    TrophyHunters,
    /// Dark Rider: Pikemen against a lone Knight (or Ranger).
    DarkRider,
}

impl DukeObjective {
    /// Every alternate objective, in the rulebook's order.
    pub const ALL: [DukeObjective; 4] = [
        DukeObjective::DynasticDispute,
        DukeObjective::CountingCoup,
        DukeObjective::TrophyHunters,
        DukeObjective::DarkRider,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            DukeObjective::DynasticDispute => "dynastic-dispute",
            DukeObjective::CountingCoup => "counting-coup",
            DukeObjective::TrophyHunters => "trophy-hunters",
            DukeObjective::DarkRider => "dark-rider",
        }
    }

    /// The objective named `name` (`None` for `standard`, the standard game's).
    pub fn parse(name: &str) -> Result<Option<DukeObjective>, String> {
        if name == "standard" {
            return Ok(None);
        }
        match DukeObjective::ALL.into_iter().find(|o| o.name() == name) {
            Some(objective) => Ok(Some(objective)),
            None => {
                let names: Vec<&str> = DukeObjective::ALL.iter().map(|o| o.name()).collect();
                Err(format!("--objective {name}: expected standard, {}", names.join(", ")))
            }
        }
    }
}
