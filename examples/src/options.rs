//! Options that change which game is played, beyond its number of seats: the options of
//! The Duke's Expanded play (the enhanced tiles, a custom tile set read from a file, the
//! terrain tiles, the alternate objectives) and Crown Battles' round types.
//!
//! They come from the command line (`--enhanced`, `--tiles FILE`, `--mountain`, `--fort`, `--dragon`,
//! `--objective NAME`, `--round-types LIST`, `--round-sequence LIST`, `--missions FILE`,
//! `--missions-simultaneous`, `--random-teams`, `--missions-own-points`, `--precision-peasant-any`,
//! `--precision-thief-own-bid`, `--extra-wagers`, `--wager-bid-points`, `--random-duels`,
//! `--duel-bonus`, `--duel-misses-to-bank`, `--long-play-screw-by-cards`,
//! `--long-play-first-pass-acts`); each game says in
//! [`Catalogued::config_with`](crate::catalog::Catalogued::config_with) which ones it takes,
//! and [`GameId::with_options`](crate::catalog::GameId::with_options) picks the engine that
//! plays them.

use std::path::PathBuf;

/// The game options of a command line. The default is the game as the catalogue plays it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The Duke, "Enhanced Tiles": the Duchess and the Oracle go into each player's bag
    /// (`--enhanced`).
    pub enhanced_tiles: bool,
    /// The Duke, "Customization Tiles": play with the tile set in this JSON file, in the
    /// versioned format of `theduke_rules::TileSetSpec` (`--tiles FILE`).
    pub tiles: Option<PathBuf>,
    /// The Duke, "Mountain Tile": the Mountain is placed at random after set-up
    /// (`--mountain`).
    pub mountain: bool,
    /// The Duke, "Fort Tile": the Fort is placed at random after set-up (`--fort`).
    pub fort: bool,
    /// The Duke, "Dragon Tile": the Dragon is placed at random in the middle after set-up
    /// and acts between the players' turns (`--dragon`).
    pub dragon: bool,
    /// The Duke, "Alternate Objectives": what the game is played for (`--objective
    /// dynastic-dispute|counting-coup|trophy-hunters|dark-rider`; `None` is the standard game's).
    pub objective: Option<DukeObjective>,
    /// The Duke, Dark Rider's easier option: the Ranger instead of the Knight (`--ranger`).
    pub ranger: bool,
    /// The Duke, Dark Rider's easier option: three Pikemen instead of four
    /// (`--three-pikemen`).
    pub three_pikemen: bool,
    /// Crown Battles, "The expansion game": shuffle these Round Type cards and reveal one
    /// per round (`--round-types blind,normal`).
    pub round_types: Option<String>,
    /// Crown Battles: play these round types in order, repeated to fill the rounds
    /// (`--round-sequence blind,normal`).
    pub round_sequence: Option<String>,
    /// Crown Battles, "Missions": deal from the mission catalogue in this JSON file (a list
    /// of `crownbattles_rules::Mission`) instead of the four printed missions
    /// (`--missions FILE`).
    pub missions: Option<PathBuf>,
    /// Crown Battles, "Missions" VARIATION: the chosen missions are revealed together
    /// (`--missions-simultaneous`).
    pub missions_simultaneous: bool,
    /// Crown Battles, "Alliances": the game generator forms the teams instead of the dealer
    /// (`--random-teams`; crownbattles-rules RULES.md, reading 57).
    pub random_teams: bool,
    /// Crown Battles, "Missions Alliances": a team that met both missions scores each its
    /// own mission's points instead of their sum (`--missions-own-points`; reading 59).
    pub missions_own_points: bool,
    /// Crown Battles, Suit Precision: the first player of an all-Peasant trick may place it
    /// under any suit (`--precision-peasant-any`; RULES.md, reading 46).
    pub precision_peasant_any: bool,
    /// Crown Battles, Suit Precision: the Thief places a stolen trick under a suit of its
    /// own bids (`--precision-thief-own-bid`; RULES.md, reading 47).
    pub precision_thief_own_bid: bool,
    /// Crown Battles, "Wagering", "Optional addition": extra wagers of 10 or 20
    /// (`--extra-wagers`).
    pub extra_wagers: bool,
    /// Crown Battles, Wagering: the bids also score Normal Bidding's points
    /// (`--wager-bid-points`).
    pub wager_bid_points: bool,
    /// Crown Battles, "Duel Fights": the generator pairs the players instead of the dealer
    /// (`--random-duels`).
    pub random_duels: bool,
    /// Crown Battles, Duel Fights: a winner beside a loser scores Normal Bidding's bonus
    /// (`--duel-bonus`).
    pub duel_bonus: bool,
    /// Crown Battles, Duel Fights: with no winner every player also loses its misses to the
    /// bank (`--duel-misses-to-bank`).
    pub duel_misses_to_bank: bool,
    /// Crown Battles, Long Play: "Screw the dealer" counts the cards dealt, not the tricks
    /// (`--long-play-screw-by-cards`; RULES.md, reading 44).
    pub long_play_screw_by_cards: bool,
    /// Crown Battles, Long Play: the Magician acts in the first pass of the round's last
    /// trick (`--long-play-first-pass-acts`; RULES.md, reading 43).
    pub long_play_first_pass_acts: bool,
}

/// The flags of Crown Battles' Wagering and Duel Fights options, with their fields.
fn round_flags(options: &GameOptions) -> [(&'static str, bool); 5] {
    [
        ("--extra-wagers", options.extra_wagers),
        ("--wager-bid-points", options.wager_bid_points),
        ("--random-duels", options.random_duels),
        ("--duel-bonus", options.duel_bonus),
        ("--duel-misses-to-bank", options.duel_misses_to_bank),
    ]
}

impl GameOptions {
    /// The flags of the options that are on, as typed on the command line: for messages.
    pub fn flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        if self.enhanced_tiles {
            flags.push("--enhanced".to_owned());
        }
        if let Some(path) = &self.tiles {
            flags.push(format!("--tiles {}", path.display()));
        }
        if self.mountain {
            flags.push("--mountain".to_owned());
        }
        if self.fort {
            flags.push("--fort".to_owned());
        }
        if self.dragon {
            flags.push("--dragon".to_owned());
        }
        if let Some(objective) = self.objective {
            flags.push(format!("--objective {}", objective.name()));
        }
        if self.ranger {
            flags.push("--ranger".to_owned());
        }
        if self.three_pikemen {
            flags.push("--three-pikemen".to_owned());
        }
        if let Some(list) = &self.round_types {
            flags.push(format!("--round-types {list}"));
        }
        if let Some(list) = &self.round_sequence {
            flags.push(format!("--round-sequence {list}"));
        }
        if let Some(path) = &self.missions {
            flags.push(format!("--missions {}", path.display()));
        }
        if self.missions_simultaneous {
            flags.push("--missions-simultaneous".to_owned());
        }
        if self.random_teams {
            flags.push("--random-teams".to_owned());
        }
        if self.missions_own_points {
            flags.push("--missions-own-points".to_owned());
        }
        if self.precision_peasant_any {
            flags.push("--precision-peasant-any".to_owned());
        }
        if self.precision_thief_own_bid {
            flags.push("--precision-thief-own-bid".to_owned());
        }
        flags.extend(round_flags(self).into_iter().filter(|&(_, on)| on).map(|(flag, _)| flag.to_owned()));
        if self.long_play_screw_by_cards {
            flags.push("--long-play-screw-by-cards".to_owned());
        }
        if self.long_play_first_pass_acts {
            flags.push("--long-play-first-pass-acts".to_owned());
        }
        flags
    }

    /// Whether every option is off.
    pub fn is_empty(&self) -> bool {
        *self == GameOptions::default()
    }

    /// Whether any option of The Duke's Expanded play is on.
    pub fn is_expanded_duke(&self) -> bool {
        self.enhanced_tiles
            || self.tiles.is_some()
            || self.mountain
            || self.fort
            || self.dragon
            || self.objective.is_some()
            || self.ranger
            || self.three_pikemen
    }

    /// Whether any option of Crown Battles' round types (or of its missions) is on.
    pub fn is_round_types(&self) -> bool {
        self.round_types.is_some()
            || self.round_sequence.is_some()
            || self.missions.is_some()
            || self.missions_simultaneous
            || self.random_teams
            || self.missions_own_points
            || self.precision_peasant_any
            || self.precision_thief_own_bid
            || round_flags(self).iter().any(|&(_, on)| on)
            || self.long_play_screw_by_cards
            || self.long_play_first_pass_acts
    }

    /// The error for a game that takes none of the options given.
    pub fn refused_by(&self, game: &str) -> String {
        format!("{} {} not apply to {game}", self.flags().join(" "), if self.flags().len() > 1 { "do" } else { "does" })
    }
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
        match name {
            "standard" => Ok(None),
            "dynastic-dispute" => Ok(Some(DukeObjective::DynasticDispute)),
            "counting-coup" => Ok(Some(DukeObjective::CountingCoup)),
            "trophy-hunters" => Ok(Some(DukeObjective::TrophyHunters)),
            "dark-rider" => Ok(Some(DukeObjective::DarkRider)),
            other => Err(format!(
                "--objective {other}: expected standard, dynastic-dispute, counting-coup, trophy-hunters or dark-rider"
            )),
        }
    }
}
