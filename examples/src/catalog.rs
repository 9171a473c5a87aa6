//! The games the examples know: the only per-game code of the crate.
//!
//! Everything else is generic over [`Game`]. Adding a game is three lines: a [`GameId`]
//! variant (with its name in [`GameId::NAMES`]), a [`Catalogued`] impl, and an arm in
//! [`with_game!`](crate::with_game).

use core::fmt;
use core::str::FromStr;

use duke_core::Game;
#[cfg(feature = "theduke")]
use serde::Deserialize;

pub use duke_core::testing::toy::{HighCard, HighCardConfig};

use crate::options::GameOptions;

/// What the examples need to know about a game beyond the [`Game`] trait: its title, and
/// the config it plays.
pub trait Catalogued: Game {
    /// The game's full title.
    const TITLE: &'static str;

    /// The config the examples play: [`Game::bounded_config`] (the rulebook game with an
    /// engine limit where the rulebook has none), with `players` seats if given.
    fn config_for(players: Option<u8>) -> Result<Self::Config, String> {
        Self::bounded_config(players).map_err(|e| e.to_string())
    }

    /// [`config_for`](Catalogued::config_for) with the command line's game `options`. A game
    /// refuses the options it does not take (by default, every one).
    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        if !options.is_empty() {
            return Err(options.refused_by(Self::TITLE));
        }
        Self::config_for(players)
    }
}

#[cfg(feature = "theduke")]
pub use theduke_rules::TheDuke;

#[cfg(feature = "theduke")]
impl Catalogued for TheDuke {
    const TITLE: &'static str = "The Duke";
}

#[cfg(feature = "theduke")]
pub use theduke_rules::ExpandedDuke;

/// The Duke with the options of Expanded play: the engine with run-time tile sets, which
/// [`GameId::with_options`] picks for `--game theduke` with `--enhanced`, `--tiles`,
/// `--mountain`, `--fort`, `--dragon`, `--objective`, `--ranger`, `--three-pikemen` or a
/// reading switch (`--dark-rider-danger`, …).
#[cfg(feature = "theduke")]
impl Catalogued for ExpandedDuke {
    const TITLE: &'static str = "The Duke (Expanded play)";

    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        let mut config = Self::config_for(players)?;
        config.enhanced_tiles = options.enhanced_tiles;
        config.terrain =
            theduke_rules::TerrainOptions { mountain: options.mountain, fort: options.fort, dragon: options.dragon };
        config.objective = match options.objective {
            Some(crate::options::DukeObjective::DynasticDispute) => theduke_rules::Objective::DynasticDispute,
            Some(crate::options::DukeObjective::CountingCoup) => theduke_rules::Objective::CountingCoup,
            Some(crate::options::DukeObjective::TrophyHunters) => theduke_rules::Objective::TrophyHunters,
            Some(crate::options::DukeObjective::DarkRider) => {
                theduke_rules::Objective::DarkRider(theduke_rules::DarkRider {
                    rider: if options.ranger { theduke_rules::Rider::Ranger } else { theduke_rules::Rider::Knight },
                    pikemen: if options.three_pikemen { 3 } else { 4 },
                })
            }
            None => theduke_rules::Objective::Standard,
        };
        let dark_rider = options.objective == Some(crate::options::DukeObjective::DarkRider);
        if (options.ranger || options.three_pikemen) && !dark_rider {
            return Err("--ranger and --three-pikemen go with --objective dark-rider".to_owned());
        }
        config.readings = duke_readings(options)?;
        if let Some(path) = &options.tiles {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("--tiles {}: cannot read: {e}", path.display()))?;
            let spec = theduke_rules::TileSetSpec::load(&mut serde_json::Deserializer::from_str(&text))
                .map_err(|e| format!("--tiles {}: {e}", path.display()))?;
            config.tiles = Some(theduke_rules::CustomTiles::new(spec));
        }
        // The tile set with the enhanced tiles added is checked as a whole here, so a
        // refused set is reported before any game starts.
        ExpandedDuke::new(&config, 0).map_err(|e| e.to_string())?;
        Ok(config)
    }
}

/// The readings of The Duke's switches (`--dark-rider-danger`, …): each switch turns on
/// the other reading of one `theduke_rules::Readings` field. A switch whose rule the game
/// does not play (a Dark Rider reading without `--objective dark-rider`, a Dragon reading
/// without `--dragon`, …) is refused rather than silently ignored.
#[cfg(feature = "theduke")]
fn duke_readings(options: &GameOptions) -> Result<theduke_rules::Readings, String> {
    use crate::options::DukeObjective::{CountingCoup, DarkRider, TrophyHunters};
    use theduke_rules::*;
    let objective = options.objective;
    let needs = [
        (options.fort_jump_slide_passes, options.fort, "--fort-jump-slide-passes", "--fort"),
        (
            options.dragon_danger || options.dragon_duke_draw,
            options.dragon,
            "--dragon-danger and --dragon-duke-draw",
            "--dragon",
        ),
        (
            options.dark_rider_freeze_all || options.dark_rider_danger,
            objective == Some(DarkRider),
            "--dark-rider-freeze-all and --dark-rider-danger",
            "--objective dark-rider",
        ),
        (
            options.flag_duke_danger,
            matches!(objective, Some(CountingCoup | TrophyHunters)),
            "--flag-duke-danger",
            "--objective counting-coup or trophy-hunters",
        ),
        (
            options.coup_flag_paths || options.coup_any_move,
            objective == Some(CountingCoup),
            "--coup-flag-paths and --coup-any-move",
            "--objective counting-coup",
        ),
        (
            options.trophy_flags_own,
            objective == Some(TrophyHunters),
            "--trophy-flags-own",
            "--objective trophy-hunters",
        ),
    ];
    if let Some((_, _, flags, with)) = needs.iter().find(|&&(on, played, _, _)| on && !played) {
        return Err(format!("{flags} go with {with}"));
    }
    fn pick<T: Default>(on: bool, other: T) -> T {
        if on { other } else { T::default() }
    }
    Ok(Readings {
        dread_immunity: pick(options.dread_immune_either_side, DreadImmunity::EitherSide),
        dread_thaw: pick(options.dread_thaw_on_turn, DreadThaw::ControllerTurn),
        divination_draws: pick(options.divination_exactly_three, DivinationDraws::ExactlyThree),
        divination_shown: pick(options.divination_shown, DivinationShown::Everyone),
        ransom_trade: pick(options.ransom_any_tile, RansomTrade::AnyTile),
        fort_jump_slide: pick(options.fort_jump_slide_passes, FortJumpSlide::PassesOnly),
        dragon_danger: pick(options.dragon_danger, DragonDanger::Avoided),
        dragon_duke: pick(options.dragon_duke_draw, DragonDuke::Draw),
        dark_rider_freeze: pick(options.dark_rider_freeze_all, EdgeFreeze::Everything),
        dark_rider_danger: pick(options.dark_rider_danger, RiderDanger::Avoided),
        flag_duke_danger: pick(options.flag_duke_danger, FlagDukeDanger::Kept),
        coup_flag: pick(options.coup_flag_paths, CoupFlag::Paths),
        coup_points: pick(options.coup_any_move, CoupPoints::AnyMove),
        trophy_flags: pick(options.trophy_flags_own, TrophyFlags::OwnerPlaces),
    })
}

#[cfg(feature = "archduke")]
pub use archduke_rules::Archduke;

#[cfg(feature = "archduke")]
impl Catalogued for Archduke {
    const TITLE: &'static str = "Archduke";
}

#[cfg(feature = "dukesup")]
pub use dukesup_rules::DukesUp;

#[cfg(feature = "dukesup")]
impl Catalogued for DukesUp {
    const TITLE: &'static str = "Dukes Up!";
}

#[cfg(feature = "crownbattles")]
pub use crownbattles_rules::CrownBattles;

#[cfg(feature = "crownbattles")]
impl Catalogued for CrownBattles {
    const TITLE: &'static str = "Crown Battles";

    /// `--round-types LIST` deals these Round Type cards (one revealed per round);
    /// `--round-sequence LIST` plays them in order, repeated to fill the schedule. Names:
    /// `normal`, `blind`, … (`crownbattles_rules::RoundType`). `--missions FILE` deals the
    /// missions of the catalogue in FILE; `--missions-simultaneous` reveals them together;
    /// `--random-teams` forms Alliances' teams at random; `--missions-own-points` scores a
    /// Missions-Alliances team's met missions each its own.
    /// `--precision-peasant-any` and `--precision-thief-own-bid` choose Suit Precision's
    /// other readings.
    /// `--extra-wagers` and `--wager-bid-points` set Wagering's options, `--random-duels`,
    /// `--duel-bonus` and `--duel-misses-to-bank` Duel Fights'.
    /// `--long-play-screw-by-cards` and `--long-play-first-pass-acts` are Long Play's
    /// options (`Config::long_play_screw_by_cards`, `long_play_first_pass_acts`). The
    /// readings and smaller options of the other rounds and of the base game go through
    /// `crown_readings` (`--precision-team-one-double`, `--leak-choice NAME`, …).
    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        use crownbattles_rules::{MissionCatalogue, MissionReveal, MissionShare, RoundType, RoundTypes, TeamFormation};
        if options.is_expanded_duke() {
            return Err(options.refused_by(Self::TITLE));
        }
        let mut config = Self::config_for(players)?;
        let list = |text: &str| -> Result<Vec<RoundType>, String> {
            text.split(',').map(|t| t.parse::<RoundType>().map_err(|e| e.to_string())).collect()
        };
        config.round_types = match (&options.round_types, &options.round_sequence) {
            (Some(_), Some(_)) => return Err("give --round-types or --round-sequence, not both".to_owned()),
            (Some(types), None) => RoundTypes::deal(&list(types)?),
            (None, Some(order)) => {
                let order = list(order)?;
                let rounds = config.schedule.rounds();
                let filled: Vec<RoundType> = order.iter().copied().cycle().take(rounds).collect();
                RoundTypes::sequence(&filled).map_err(|e| e.to_string())?
            }
            (None, None) => config.round_types,
        };
        if let Some(path) = &options.missions {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("--missions {}: cannot read: {e}", path.display()))?;
            config.missions.catalogue = serde_json::from_str::<MissionCatalogue>(&text)
                .map_err(|e| format!("--missions {}: {e}", path.display()))?;
        }
        if options.missions_simultaneous {
            config.missions.reveal = MissionReveal::Simultaneous;
        }
        if options.random_teams {
            config.team_formation = TeamFormation::Random;
        }
        if options.missions_own_points {
            config.mission_share = MissionShare::Own;
        }
        config.precision_peasant_any = options.precision_peasant_any;
        config.precision_thief_own_bid = options.precision_thief_own_bid;
        config.wagering.extra_wagers = options.extra_wagers;
        config.wagering.bid_points = options.wager_bid_points;
        if options.random_duels {
            config.duels.pairing = crownbattles_rules::DuelPairing::Random;
        }
        config.duels.winner_bonus = options.duel_bonus;
        config.duels.misses_to_bank = options.duel_misses_to_bank;
        config.long_play_screw_by_cards = options.long_play_screw_by_cards;
        config.long_play_first_pass_acts = options.long_play_first_pass_acts;
        crown_readings(&mut config, options)?;
        config.validated().map_err(|e| e.to_string())
    }
}

/// Crown Battles' options beyond the round types: the readings of its ambiguous rules and
/// its smaller variations (`--precision-team-one-double`, `--leak-choice NAME`, `--shields
/// NAME`, `--witch-step N`, `--end-of-trick LIST`, `--mission-choices N`, …).
#[cfg(feature = "crownbattles")]
fn crown_readings(config: &mut crownbattles_rules::Config, options: &GameOptions) -> Result<(), String> {
    use crate::options::{END_OF_TRICK, LeakChoiceName, ShieldsName};
    use crownbattles_rules::{LeakChoice, Shields, SplitLead, SplitMiss, Timing};
    config.precision_team_one_double = options.precision_team_one_double;
    config.precision_solo_doubled = options.precision_solo_doubled;
    config.leak_only_held = options.leak_only_held;
    if let Some(choice) = options.leak_choice {
        config.leak_choice = match choice {
            LeakChoiceName::Simultaneous => LeakChoice::Simultaneous,
            LeakChoiceName::Clockwise => LeakChoice::Clockwise,
            LeakChoiceName::Dealer => LeakChoice::Dealer,
            LeakChoiceName::Spinner => LeakChoice::Spinner,
            LeakChoiceName::Neighbour => LeakChoice::Neighbour,
        };
    }
    config.stealth_actions_at_flip = options.stealth_actions_at_flip;
    config.stealth_follow_face_down = options.stealth_follow_face_down;
    if options.split_miss_per_trick {
        config.split_miss = SplitMiss::PerTrick;
    }
    if options.split_last_winner_leads {
        config.split_lead = SplitLead::LastWinner;
    }
    config.screw_the_dealer = options.screw_the_dealer;
    config.dealer_may_choose_no_trump = options.dealer_may_choose_no_trump;
    config.wizard_affects_kings = options.wizard_affects_kings;
    if let Some(shields) = options.shields {
        config.shields = match shields {
            ShieldsName::Off => Shields::Off,
            ShieldsName::Round => Shields::Round,
            ShieldsName::Game => Shields::Game,
        };
    }
    if let Some(step) = options.witch_step {
        config.witch_step = step;
    }
    if let Some(list) = &options.end_of_trick {
        for name in list.split(',') {
            let timing = match name.trim() {
                "alchemist" => &mut config.timings.alchemist,
                "bishop" => &mut config.timings.bishop,
                "jester" => &mut config.timings.jester,
                "witch" => &mut config.timings.witch,
                other => {
                    return Err(format!("--{END_OF_TRICK} {other}: expected alchemist, bishop, jester or witch"));
                }
            };
            *timing = Timing::EndOfTrick;
        }
    }
    if let Some(choices) = options.mission_choices {
        config.missions.choices = choices;
    }
    Ok(())
}

impl Catalogued for HighCard {
    const TITLE: &'static str = "High Card (the duke-core demonstration game)";
}

/// One of the games, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameId {
    /// The Duke.
    #[cfg(feature = "theduke")]
    TheDuke,
    /// The Duke with options of Expanded play (its command-line name is `theduke`, with
    /// `--enhanced` or `--tiles`; see [`GameId::with_options`]).
    #[cfg(feature = "theduke")]
    ExpandedDuke,
    /// Archduke.
    #[cfg(feature = "archduke")]
    Archduke,
    /// Dukes Up!
    #[cfg(feature = "dukesup")]
    DukesUp,
    /// Crown Battles.
    #[cfg(feature = "crownbattles")]
    CrownBattles,
    /// The duke-core demonstration game (not part of `all`).
    HighCard,
}

impl GameId {
    /// The games `--game all` plays, in order.
    pub const ALL: &'static [GameId] = &[
        #[cfg(feature = "theduke")]
        GameId::TheDuke,
        #[cfg(feature = "archduke")]
        GameId::Archduke,
        #[cfg(feature = "dukesup")]
        GameId::DukesUp,
        #[cfg(feature = "crownbattles")]
        GameId::CrownBattles,
    ];

    /// Every selectable game with its command-line name (`Game::NAME`).
    pub const NAMES: &'static [(GameId, &'static str)] = &[
        #[cfg(feature = "theduke")]
        (GameId::TheDuke, "theduke"),
        #[cfg(feature = "archduke")]
        (GameId::Archduke, "archduke"),
        #[cfg(feature = "dukesup")]
        (GameId::DukesUp, "dukesup"),
        #[cfg(feature = "crownbattles")]
        (GameId::CrownBattles, "crownbattles"),
        (GameId::HighCard, "highcard"),
    ];

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

    /// The game that plays this one with the command line's `options`: The Duke with an
    /// option of Expanded play is [`GameId::ExpandedDuke`]; a game that takes none of the
    /// options given is an error.
    pub fn with_options(self, options: &GameOptions) -> Result<GameId, String> {
        if options.is_empty() {
            return Ok(self);
        }
        match self {
            #[cfg(feature = "theduke")]
            GameId::TheDuke | GameId::ExpandedDuke if !options.is_round_types() => Ok(GameId::ExpandedDuke),
            #[cfg(feature = "crownbattles")]
            GameId::CrownBattles if !options.is_expanded_duke() => Ok(GameId::CrownBattles),
            other => Err(options.refused_by(other.title())),
        }
    }

    /// The game a record of the game named `name` with the config `config` (as JSON) is
    /// played by: a record of The Duke whose config has options of Expanded play is
    /// replayed by [`GameId::ExpandedDuke`].
    pub fn of_record(name: &str, config: Option<&serde_json::Value>) -> Option<GameId> {
        let id = GameId::from_name(name)?;
        #[cfg(feature = "theduke")]
        if id == GameId::TheDuke
            && let Some(config) = config
            && let Ok(config) = theduke_rules::Config::deserialize(config)
            && config.is_expanded()
        {
            return Some(GameId::ExpandedDuke);
        }
        #[cfg(not(feature = "theduke"))]
        let _ = config;
        Some(id)
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
            #[cfg(feature = "theduke")]
            $crate::catalog::GameId::TheDuke => {
                type $G = $crate::catalog::TheDuke;
                $body
            }
            #[cfg(feature = "theduke")]
            $crate::catalog::GameId::ExpandedDuke => {
                type $G = $crate::catalog::ExpandedDuke;
                $body
            }
            #[cfg(feature = "archduke")]
            $crate::catalog::GameId::Archduke => {
                type $G = $crate::catalog::Archduke;
                $body
            }
            #[cfg(feature = "dukesup")]
            $crate::catalog::GameId::DukesUp => {
                type $G = $crate::catalog::DukesUp;
                $body
            }
            #[cfg(feature = "crownbattles")]
            $crate::catalog::GameId::CrownBattles => {
                type $G = $crate::catalog::CrownBattles;
                $body
            }
            $crate::catalog::GameId::HighCard => {
                type $G = $crate::catalog::HighCard;
                $body
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use duke_core::Game;

    use super::*;

    #[test]
    fn names_are_the_games_own_and_every_default_config_is_accepted() {
        for &(id, name) in GameId::NAMES {
            assert_eq!(id.name(), name);
            assert_eq!(name.parse::<GameId>(), Ok(id));
            with_game!(id, G => {
                let config = G::config_for(None).unwrap();
                assert!(G::new(&config, 1).is_ok(), "{name}");
                assert!(G::config_for(Some(99)).is_err() || G::new(&G::config_for(Some(99)).unwrap(), 1).is_err());
            });
        }
        assert!(GameId::ALL.iter().all(|id| *id != GameId::HighCard));
        assert!("all".parse::<GameId>().is_err());
    }
}
