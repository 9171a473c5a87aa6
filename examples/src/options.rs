//! Options that change which game is played, beyond its number of seats: the options of
//! The Duke's Expanded play (the enhanced tiles, a custom tile set read from a file, the
//! terrain tiles, the alternate objectives, the readings of its ambiguous rules), Crown
//! Battles' (its round types, their options and the readings of its ambiguous rules),
//! Archduke's (the online rules' differences, the scoring modes) and Dukes Up!'s (its
//! readings, the number of rounds).
//!
//! They come from the command line: switches (the flags without a value, [`SWITCHES`]:
//! `--enhanced`, `--dark-rider-danger`, `--missions-in-turn`, …) and flags with a value
//! (`--tiles FILE`, `--objective NAME`, `--round-types LIST`, `--round-sequence LIST`,
//! `--missions FILE`, `--precision-team-double NAME`, `--leak-choice NAME`, `--shields NAME`, `--witch-step N`,
//! `--end-of-trick LIST`, `--mission-choices N`, `--scoring SPEC`, `--ace NAME`,
//! `--rounds N`). Each game says in
//! [`Catalogued::config_with`](crate::catalog::Catalogued::config_with) which ones it takes,
//! and [`GameId::with_options`](crate::catalog::GameId::with_options) picks the engine that
//! plays them. A switch turns on the reading or variation that is not the rules engine's
//! default; every option is off by default.

use std::path::PathBuf;

mod names;

pub use names::{AceName, DukeObjective, LeakChoiceName, Named, PrecisionTeamDoubleName, ShieldsName};

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
    /// The Duke, reading 23: tiles with a Dread icon on either side are immune to Dread
    /// (`--dread-immune-either-side`; `DreadImmunity::EitherSide`).
    pub dread_immune_either_side: bool,
    /// The Duke, reading 24: a frozen tile thaws at the start of its controller's turn
    /// (`--dread-thaw-on-turn`; `DreadThaw::ControllerTurn`).
    pub dread_thaw_on_turn: bool,
    /// The Duke, reading 28: a Divination needs three tiles in the bag
    /// (`--divination-exactly-three`; `DivinationDraws::ExactlyThree`).
    pub divination_exactly_three: bool,
    /// The Duke, reading 30: everyone sees the tiles a Divination draws
    /// (`--divination-shown`; `DivinationShown::Everyone`).
    pub divination_shown: bool,
    /// The Duke, reading 35: a Ransom takes back any captured tile (`--ransom-any-tile`;
    /// `RansomTrade::AnyTile`).
    pub ransom_any_tile: bool,
    /// The Duke, reading 37: a Jump Slide passes over the Fort but does not end in it
    /// (`--fort-jump-slide-passes`; `FortJumpSlide::PassesOnly`).
    pub fort_jump_slide_passes: bool,
    /// The Duke, reading 46: the Duke-danger rule looks at the Dragon's next turn too
    /// (`--dragon-danger`; `DragonDanger::Avoided`).
    pub dragon_danger: bool,
    /// The Duke, reading 47: the Dragon taking a Duke draws the game (`--dragon-duke-draw`;
    /// `DragonDuke::Draw`).
    pub dragon_duke_draw: bool,
    /// The Duke, reading 50: the calm Dragon turns about only at the edge it faces
    /// (`--dragon-edge-faced`; `DragonEdge::FacedEdge`).
    pub dragon_edge_faced: bool,
    /// The Duke, reading 69: an opponent's enraging that would push the Dragon onto the Duke
    /// counts for Guard and the Duke-danger rule (`--dragon-push-counted`;
    /// `DragonPush::Counted`).
    pub dragon_push_counted: bool,
    /// The Duke, Dark Rider, reading 57: a Pikeman frozen on the rider's edge is safe from
    /// the Dragon too (`--dark-rider-freeze-all`; `EdgeFreeze::Everything`).
    pub dark_rider_freeze_all: bool,
    /// The Duke, Dark Rider, reading 59: the Duke-danger rule protects the rider
    /// (`--dark-rider-danger`; `RiderDanger::Avoided`).
    pub dark_rider_danger: bool,
    /// The Duke, Counting Coup and Trophy Hunters, reading 60: the Duke-danger rule holds
    /// (`--flag-duke-danger`; `FlagDukeDanger::Kept`).
    pub flag_duke_danger: bool,
    /// The Duke, Counting Coup, reading 61: the opponent's Flag bars the paths through its
    /// square (`--coup-flag-paths`; `CoupFlag::Paths`).
    pub coup_flag_paths: bool,
    /// The Duke, Counting Coup, reading 62: any move ending beside the opponent's Flag
    /// scores (`--coup-any-move`; `CoupPoints::AnyMove`).
    pub coup_any_move: bool,
    /// The Duke, Counting Coup with the Dragon, reading 63: after a point the Flag's owner
    /// moves it after the Dragon's in-between turn (`--coup-flag-after-dragon`;
    /// `CoupFlagMove::AfterTheDragon`).
    pub coup_flag_after_dragon: bool,
    /// The Duke, Trophy Hunters, reading 64: each player places his own Flag
    /// (`--trophy-flags-own`; `TrophyFlags::OwnerPlaces`).
    pub trophy_flags_own: bool,
    /// The Duke, reading 70: a draw or a Divination needs only one tile it could bring to
    /// have a square leaving the Duke safe (`--new-tile-danger-some-tile`;
    /// `NewTileDanger::SomeTile`).
    pub new_tile_danger_some_tile: bool,
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
    /// Crown Battles, "Missions": the players choose one by one from the dealer's left, each
    /// mission revealed at once (`--missions-in-turn`; `MissionReveal::InTurn`; RULES.md,
    /// reading 38). The default, as printed, reveals them together once all have chosen.
    pub missions_in_turn: bool,
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
    /// Crown Battles, Long Play: "Screw the dealer" counts the tricks, not the cards dealt
    /// (`--long-play-screw-by-tricks`; `Config::long_play_screw_by_tricks`; RULES.md,
    /// reading 44).
    pub long_play_screw_by_tricks: bool,
    /// Crown Battles, Long Play: the Magician acts in the first pass of the round's last
    /// trick (`--long-play-first-pass-acts`; RULES.md, reading 43).
    pub long_play_first_pass_acts: bool,
    /// Crown Battles, Suit Precision-Alliances: who in a team may double-bid
    /// (`--precision-team-double NAME`; RULES.md, reading 60; `None` is the default, one
    /// member).
    pub precision_team_double: Option<PrecisionTeamDoubleName>,
    /// Crown Battles, Suit Precision-Alliances: the solo player's trick points are doubled
    /// (`--precision-solo-doubled`; RULES.md, reading 62).
    pub precision_solo_doubled: bool,
    /// Crown Battles, Leaked Suit: a player choosing its suit must choose one it holds
    /// (`--leak-only-held`; RULES.md, reading 39).
    pub leak_only_held: bool,
    /// Crown Battles, Leaked Suit: who chooses the suits revealed (`--leak-choice NAME`;
    /// `None` is the main rule, each player its own).
    pub leak_choice: Option<LeakChoiceName>,
    /// Crown Battles, Stealth Play: the immediate actions of the face-down cards resolve at
    /// the flip (`--stealth-actions-at-flip`; RULES.md, reading 35).
    pub stealth_actions_at_flip: bool,
    /// Crown Battles, Stealth Play: the first numbered card played face down after a lead
    /// that is not a number sets the suit to follow (`--stealth-follow-face-down`; reading 35).
    pub stealth_follow_face_down: bool,
    /// Crown Battles, The Split: a correct half beside a failed one scores 10 per trick
    /// (`--split-miss-per-trick`; RULES.md, reading 36).
    pub split_miss_per_trick: bool,
    /// Crown Battles, The Split: the first half's last winner leads the second half
    /// (`--split-last-winner-leads`; RULES.md, reading 36).
    pub split_last_winner_leads: bool,
    /// Crown Battles, the "Screw the dealer" variation (`--screw-the-dealer`).
    pub screw_the_dealer: bool,
    /// Crown Battles: the dealer may choose no trump when the spinner lets him choose
    /// (`--dealer-may-choose-no-trump`; RULES.md, reading 3).
    pub dealer_may_choose_no_trump: bool,
    /// Crown Battles: the Wizard turns the Golem King and the Dragon King into Peasants too
    /// (`--wizard-affects-kings`; RULES.md, reading 21).
    pub wizard_affects_kings: bool,
    /// Crown Battles, "Notes": the bubble shields off, or protecting for the rest of the
    /// game (`--shields off|round|game`; `None` is the default, for the round).
    pub shields: Option<ShieldsName>,
    /// Crown Battles: the Witch steals in steps of 5 or 10 points (`--witch-step N`;
    /// RULES.md, reading 20; `None` is the default, 5).
    pub witch_step: Option<u8>,
    /// Crown Battles: these icon-less action cards act at the end of the trick instead of
    /// at once (`--end-of-trick alchemist,bishop,jester,witch`; RULES.md, reading 9).
    pub end_of_trick: Option<String>,
    /// Crown Battles, "Missions": how many missions each player is offered
    /// (`--mission-choices N`; `None` is the default, 5).
    pub mission_choices: Option<u8>,
    /// Archduke, online rules: a card drawn and discarded at once also triggers its action
    /// (`--any-discard`; `ActionTrigger::AnyDiscard`).
    pub any_discard: bool,
    /// Archduke, the online rules: the caller of "Archduke!" takes a penalty card when
    /// another player ties him too ("tied or beat them"; `--caller-penalty-on-tie`;
    /// `CallerPenalty::UnlessStrictlyLowest`). The box rulebook, the default, penalises him
    /// only "if their hand is higher".
    pub caller_penalty_on_tie: bool,
    /// Archduke: how rounds are scored and when the game ends (`--scoring SPEC`:
    /// `tokens:N`, `battle-royal`, `eliminate-at:N`, `eliminate-to-three:N`, `first-to:N`,
    /// `rounds:N`; read by the catalogue; `None` is the box rulebook's, tokens over 4
    /// rounds).
    pub scoring: Option<String>,
    /// Dukes Up!, "Scoring": several rounds count the rounds won instead of adding the
    /// scores (`--count-wins`; `MultiRound::CountWins`).
    pub count_wins: bool,
    /// Dukes Up!: the discard pile becomes the draw pile as soon as the draw pile is empty
    /// (`--reshuffle-at-once`; `Reshuffle::AtOnce`).
    pub reshuffle_at_once: bool,
    /// Dukes Up!: where an Ace may stand in a run (`--ace low|high|either|around`; `None`
    /// is the default, low).
    pub ace: Option<AceName>,
    /// Dukes Up!: how many rounds (`--rounds N`, 1 to 99; `None` is the rulebook's one).
    pub rounds: Option<u8>,
}

/// Declares the switches (the flags without a value) of [`GameOptions`]: each flag with its
/// `bool` field and the group it belongs to, so that listing, parsing and the games'
/// checks read one table.
macro_rules! switches {
    ($($group:ident: [$($field:ident => $flag:literal),+ $(,)?])+) => {
        /// Every switch of the game options, without its `--`, in the order
        /// [`GameOptions::flags`] lists them.
        pub const SWITCHES: &[&str] = &[$($($flag),+),+];

        impl GameOptions {
            /// Every switch with its group and whether it is on.
            fn switches(&self) -> Vec<(Group, &'static str, bool)> {
                vec![$($((Group::$group, $flag, self.$field)),+),+]
            }

            /// The field of the switch `flag` (without its `--`), if it is one.
            pub fn switch_mut(&mut self, flag: &str) -> Option<&mut bool> {
                match flag {
                    $($($flag => Some(&mut self.$field),)+)+
                    _ => None,
                }
            }
        }
    };
}

/// Which part of the options a switch belongs to: The Duke's terrain and tiles (listed
/// before `--tiles` and `--objective`), The Duke's other options, Crown Battles',
/// Archduke's, Dukes Up!'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    DukeTiles,
    Duke,
    Crown,
    Archduke,
    DukesUp,
}

impl Group {
    /// The command-line name of the group's game.
    fn game(self) -> &'static str {
        match self {
            Group::DukeTiles | Group::Duke => "theduke",
            Group::Crown => "crownbattles",
            Group::Archduke => "archduke",
            Group::DukesUp => "dukesup",
        }
    }
}

switches! {
    DukeTiles: [
        enhanced_tiles => "enhanced",
        mountain => "mountain",
        fort => "fort",
        dragon => "dragon",
    ]
    Duke: [
        ranger => "ranger",
        three_pikemen => "three-pikemen",
        dread_immune_either_side => "dread-immune-either-side",
        dread_thaw_on_turn => "dread-thaw-on-turn",
        divination_exactly_three => "divination-exactly-three",
        divination_shown => "divination-shown",
        ransom_any_tile => "ransom-any-tile",
        fort_jump_slide_passes => "fort-jump-slide-passes",
        dragon_danger => "dragon-danger",
        dragon_duke_draw => "dragon-duke-draw",
        dragon_edge_faced => "dragon-edge-faced",
        dragon_push_counted => "dragon-push-counted",
        dark_rider_freeze_all => "dark-rider-freeze-all",
        dark_rider_danger => "dark-rider-danger",
        flag_duke_danger => "flag-duke-danger",
        coup_flag_paths => "coup-flag-paths",
        coup_any_move => "coup-any-move",
        coup_flag_after_dragon => "coup-flag-after-dragon",
        trophy_flags_own => "trophy-flags-own",
        new_tile_danger_some_tile => "new-tile-danger-some-tile",
    ]
    Crown: [
        missions_in_turn => "missions-in-turn",
        random_teams => "random-teams",
        missions_own_points => "missions-own-points",
        precision_peasant_any => "precision-peasant-any",
        precision_thief_own_bid => "precision-thief-own-bid",
        precision_solo_doubled => "precision-solo-doubled",
        extra_wagers => "extra-wagers",
        wager_bid_points => "wager-bid-points",
        random_duels => "random-duels",
        duel_bonus => "duel-bonus",
        duel_misses_to_bank => "duel-misses-to-bank",
        long_play_screw_by_tricks => "long-play-screw-by-tricks",
        long_play_first_pass_acts => "long-play-first-pass-acts",
        leak_only_held => "leak-only-held",
        stealth_actions_at_flip => "stealth-actions-at-flip",
        stealth_follow_face_down => "stealth-follow-face-down",
        split_miss_per_trick => "split-miss-per-trick",
        split_last_winner_leads => "split-last-winner-leads",
        screw_the_dealer => "screw-the-dealer",
        dealer_may_choose_no_trump => "dealer-may-choose-no-trump",
        wizard_affects_kings => "wizard-affects-kings",
    ]
    Archduke: [
        any_discard => "any-discard",
        caller_penalty_on_tie => "caller-penalty-on-tie",
    ]
    DukesUp: [
        count_wins => "count-wins",
        reshuffle_at_once => "reshuffle-at-once",
    ]
}

impl GameOptions {
    /// The flags of the options that are on, as typed on the command line: for messages.
    pub fn flags(&self) -> Vec<String> {
        let switches = self.switches();
        let on = |group: Group| {
            switches.iter().filter(move |&&(g, _, on)| g == group && on).map(|&(_, flag, _)| format!("--{flag}"))
        };
        let mut flags: Vec<String> = on(Group::DukeTiles).collect();
        if let Some(path) = &self.tiles {
            flags.push(format!("--tiles {}", path.display()));
        }
        if let Some(objective) = self.objective {
            flags.push(format!("--objective {}", objective.name()));
        }
        flags.extend(on(Group::Duke));
        if let Some(list) = &self.round_types {
            flags.push(format!("--round-types {list}"));
        }
        if let Some(list) = &self.round_sequence {
            flags.push(format!("--round-sequence {list}"));
        }
        if let Some(path) = &self.missions {
            flags.push(format!("--missions {}", path.display()));
        }
        flags.extend(on(Group::Crown));
        if let Some(double) = self.precision_team_double {
            flags.push(format!("--{PRECISION_TEAM_DOUBLE} {}", double.name()));
        }
        if let Some(choice) = self.leak_choice {
            flags.push(format!("--{LEAK_CHOICE} {}", choice.name()));
        }
        if let Some(shields) = self.shields {
            flags.push(format!("--{SHIELDS} {}", shields.name()));
        }
        if let Some(step) = self.witch_step {
            flags.push(format!("--{WITCH_STEP} {step}"));
        }
        if let Some(list) = &self.end_of_trick {
            flags.push(format!("--{END_OF_TRICK} {list}"));
        }
        if let Some(choices) = self.mission_choices {
            flags.push(format!("--{MISSION_CHOICES} {choices}"));
        }
        flags.extend(on(Group::Archduke));
        if let Some(scoring) = &self.scoring {
            flags.push(format!("--{SCORING} {scoring}"));
        }
        flags.extend(on(Group::DukesUp));
        if let Some(ace) = self.ace {
            flags.push(format!("--{ACE} {}", ace.name()));
        }
        if let Some(rounds) = self.rounds {
            flags.push(format!("--{ROUNDS} {rounds}"));
        }
        flags
    }

    /// The games of the options that are on (command-line names, one per option).
    fn games_given(&self) -> Vec<&'static str> {
        let valued = [
            (self.tiles.is_some() || self.objective.is_some(), "theduke"),
            (
                self.round_types.is_some()
                    || self.round_sequence.is_some()
                    || self.missions.is_some()
                    || self.precision_team_double.is_some()
                    || self.leak_choice.is_some()
                    || self.shields.is_some()
                    || self.witch_step.is_some()
                    || self.end_of_trick.is_some()
                    || self.mission_choices.is_some(),
                "crownbattles",
            ),
            (self.scoring.is_some(), "archduke"),
            (self.ace.is_some() || self.rounds.is_some(), "dukesup"),
        ];
        let switches = self.switches().into_iter().filter(|&(_, _, on)| on).map(|(group, _, _)| group.game());
        valued.into_iter().filter(|&(on, _)| on).map(|(_, game)| game).chain(switches).collect()
    }

    /// Whether any option of the game of this command-line name is on.
    pub fn has_options_of(&self, game: &str) -> bool {
        self.games_given().contains(&game)
    }

    /// Whether every option that is on belongs to the game of this command-line name (true
    /// when none is on).
    pub fn only_options_of(&self, game: &str) -> bool {
        self.games_given().iter().all(|&g| g == game)
    }

    /// Whether every option is off.
    pub fn is_empty(&self) -> bool {
        *self == GameOptions::default()
    }

    /// Whether any option of The Duke's Expanded play is on.
    pub fn is_expanded_duke(&self) -> bool {
        self.has_options_of("theduke")
    }

    /// Whether any option of Crown Battles (its round types, missions and readings) is on.
    pub fn is_round_types(&self) -> bool {
        self.has_options_of("crownbattles")
    }

    /// The error for a game that takes none of the options given.
    pub fn refused_by(&self, game: &str) -> String {
        format!("{} {} not apply to {game}", self.flags().join(" "), if self.flags().len() > 1 { "do" } else { "does" })
    }
}

/// Crown Battles' `--precision-team-double NAME`.
pub const PRECISION_TEAM_DOUBLE: &str = "precision-team-double";
/// Crown Battles' `--leak-choice NAME`.
pub const LEAK_CHOICE: &str = "leak-choice";
/// Crown Battles' `--shields NAME`.
pub const SHIELDS: &str = "shields";
/// Crown Battles' `--witch-step 5|10`.
pub const WITCH_STEP: &str = "witch-step";
/// Crown Battles' `--end-of-trick LIST`.
pub const END_OF_TRICK: &str = "end-of-trick";
/// Crown Battles' `--mission-choices N`.
pub const MISSION_CHOICES: &str = "mission-choices";

/// Crown Battles' `--witch-step` values: the Witch steals in steps of 5 or 10 points
/// (crownbattles-rules RULES.md, reading 20; its config refuses any other).
pub const WITCH_STEPS: &[u8] = &[5, 10];
/// Crown Battles' `--end-of-trick` names: the icon-less action cards whose timing is a
/// reading (crownbattles-rules RULES.md, reading 9).
pub const END_OF_TRICK_CARDS: &[&str] = &["alchemist", "bishop", "jester", "witch"];

/// Archduke's `--scoring SPEC`.
pub const SCORING: &str = "scoring";
/// The forms of Archduke's `--scoring SPEC`, as the usage and the errors list them.
pub const SCORING_FORMS: &[&str] =
    &["tokens:N", "battle-royal", "eliminate-at:N", "eliminate-to-three:N", "first-to:N", "rounds:N"];
/// Dukes Up!'s `--ace NAME`.
pub const ACE: &str = "ace";
/// Dukes Up!'s `--rounds N`.
pub const ROUNDS: &str = "rounds";
