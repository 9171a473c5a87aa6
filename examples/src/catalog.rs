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

mod readings;

/// What the examples need to know about a game beyond the [`Game`] trait: its title, and
/// the config it plays.
pub trait Catalogued: Game + duke_core::Learning {
    /// The game's full title.
    const TITLE: &'static str;

    /// How its actions are written, with examples: `play`'s `help` prints it.
    const NOTATION: &'static str;

    /// The config the examples play: [`GameConfig::bounded`](duke_core::GameConfig::bounded) (the rulebook game with an
    /// engine limit where the rulebook has none), with `players` seats if given.
    fn config_for(players: Option<u8>) -> Result<Self::Config, String> {
        <Self::Config as duke_core::GameConfig>::bounded(players).map_err(|e| e.to_string())
    }

    /// [`config_for`](Catalogued::config_for) with the command line's game `options`. A game
    /// refuses the options it does not take (by default, every one).
    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        if !options.is_empty() {
            return Err(options.refused_by(Self::TITLE));
        }
        Self::config_for(players)
    }

    /// Why `seat` may not play `action` in `state` where the engine can tell more than its
    /// refusal says (asked only after a refusal); `None` by default.
    fn why_illegal(state: &Self, seat: duke_core::Seat, action: Self::Action) -> Option<&'static str> {
        let _ = (state, seat, action);
        None
    }
}

/// The Duke's notation (theduke-rules, "Notation"): a macro, so that Expanded play's text
/// can extend it with `concat!`.
#[cfg(feature = "theduke")]
macro_rules! duke_notation {
    () => {
        "\
The Duke's notation: squares are a1 to f6 (files a-f from seat 0's left; rank 1 is seat
0's home edge).
  duke c1, footman b1   set-up: place your Duke, then a Footman beside it
  c2-c4                 move the tile on c2 to c4 (Move, Jump, Slide, Jump Slide)
  c2*d4                 strike: the tile on c2 takes the tile on d4 without moving
  d1:c2-c3              command: the tile on d1 moves the tile on c2 to c3
  draw                  draw a tile from your bag, then
  place d2              place it on a square beside your Duke"
    };
}

#[cfg(feature = "theduke")]
pub use theduke_rules::TheDuke;

#[cfg(feature = "theduke")]
impl Catalogued for TheDuke {
    const TITLE: &'static str = "The Duke";
    const NOTATION: &'static str = duke_notation!();

    fn why_illegal(state: &Self, seat: duke_core::Seat, action: Self::Action) -> Option<&'static str> {
        state.why_illegal(seat, action)
    }
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
    const NOTATION: &'static str = concat!(
        duke_notation!(),
        "
",
        "\
Expanded play adds (tiles by name, as listed):
  summon c2-c3          the Duchess summons a tile onto c3
  divine c2             the Oracle's Divination; then keep, return or destroy the tiles drawn
  pick, deploy, flag, escape, ransom, sacrifice, enrage
                        the other actions of the terrain and objectives, written as listed"
    );

    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        if !options.only_options_of(Self::NAME) {
            return Err(options.refused_by(Self::TITLE));
        }
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
        config.readings = readings::duke_readings(options)?;
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
    fn why_illegal(state: &Self, seat: duke_core::Seat, action: Self::Action) -> Option<&'static str> {
        state.why_illegal(seat, action)
    }
}

#[cfg(feature = "archduke")]
pub use archduke_rules::Archduke;

#[cfg(feature = "archduke")]
impl Catalogued for Archduke {
    const TITLE: &'static str = "Archduke";
    const NOTATION: &'static str = "\
Archduke's notation: grid positions are a1 a2 (first column), b1 b2, then the penalty
columns c1 c2, d1 ...; a card on the table is P<seat>:<position>, e.g. P2:b1.
  look a1 b2            the pre-round peek at two of your own cards
  draw                  draw the top of the draw pile (only you see it), then
  keep a2               keep it at a2, discarding the card there, or
  discard               discard it at once
  take b1               take the top of the discard pile into b1, discarding the card there
  match a1              throw your a1 onto a matching discard (out of turn too)
  peek P1:a2            PEEK: look at any card on the table
  swap P0:a1 P2:b2      SWAP: exchange two cards on the table
  give P3               GIVE: P3 takes a penalty card
  pass                  do not use the action card
  archduke              call \"Archduke!\" at the end of your turn
  end                   tap the discard pile: the round ends";

    /// `--any-discard` and `--caller-penalty-on-tie` choose the online text's rule
    /// (`Config::action_trigger`, `caller_penalty`); `--scoring SPEC` the scoring mode
    /// (`Config::scoring`).
    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        use archduke_rules::{ActionTrigger, CallerPenalty};
        if !options.only_options_of(Self::NAME) {
            return Err(options.refused_by(Self::TITLE));
        }
        let mut config = Self::config_for(players)?;
        if options.any_discard {
            config.action_trigger = ActionTrigger::AnyDiscard;
        }
        if options.caller_penalty_on_tie {
            config.caller_penalty = CallerPenalty::UnlessStrictlyLowest;
        }
        if let Some(spec) = &options.scoring {
            config.scoring = readings::archduke_scoring(spec)?;
        }
        Archduke::new(&config, 0).map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// The engine's reason ([`Archduke::why_illegal`](archduke_rules::Archduke::why_illegal)):
    /// not your turn, no card at that position, no discard to match onto, ...
    fn why_illegal(state: &Self, seat: duke_core::Seat, action: Self::Action) -> Option<&'static str> {
        state.why_illegal(seat, action)
    }
}

#[cfg(feature = "dukesup")]
pub use dukesup_rules::DukesUp;

#[cfg(feature = "dukesup")]
impl Catalogued for DukesUp {
    /// [`DukesUp::why_illegal`]: the draw rules, the step of the turn, why a card fits no run
    /// or set, whose DUKE or CASTLE a card is.
    fn why_illegal(state: &Self, seat: duke_core::Seat, action: Self::Action) -> Option<&'static str> {
        state.why_illegal(seat, action)
    }

    const TITLE: &'static str = "Dukes Up!";
    const NOTATION: &'static str = "\
Dukes Up!'s notation: a card is its value and suit, e.g. 7H, QS, 10C, AD.
  castle QS dukes 3C 7S  choose your CASTLE and your two DUKES (the fourth card stays in hand)
A turn begins with one draw of 0, 1 or 2 cards, all from one pile, never taking your hand
above 4 cards:
  draw 2                draw 2 cards from your draw pile (draw 1: one card)
  draw 1 discards       draw 1 card from your discard pile (draw 2 discards: two)
  draw 0                draw nothing
Then, in any order:
  play 7H               one card to the table: from your hand, an opponent's DUKE or his
                        face-up CASTLE
  pickup 3C             pick up your DUKE 3C into your hand
  swap 3C 9S            exchange your DUKE 3C for the hand card 9S
  duke 9S               refill an empty DUKE place with 9S
  move, return          THE MOVE (play your own CASTLE), and putting it back when it fails
Finally, to end your turn, one of:
  discard 7H            one hand card to your discard pile
  discard 7H 8H         two hand cards (8H on top), after nothing but drawing
  bury                  the top of your draw pile, unseen, to the bottom of your discard pile
  discard table 7S      one of your own cards from the table
  end                   end the round (after taking the CASTLE or emptying both piles)";

    /// `--ace NAME` (`Config::ace`), `--rounds N`, `--count-wins` (`Config::multi_round`)
    /// and `--reshuffle-at-once` (`Config::reshuffle`).
    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        use crate::options::AceName;
        use dukesup_rules::{AceRule, MultiRound, Reshuffle};
        if !options.only_options_of(Self::NAME) {
            return Err(options.refused_by(Self::TITLE));
        }
        let mut config = Self::config_for(players)?;
        if let Some(ace) = options.ace {
            config.ace = match ace {
                AceName::Low => AceRule::Low,
                AceName::High => AceRule::High,
                AceName::Either => AceRule::LowOrHigh,
                AceName::Around => AceRule::Around,
            };
        }
        if let Some(rounds) = options.rounds {
            config.rounds = rounds;
        }
        if options.count_wins {
            config.multi_round = MultiRound::CountWins;
        }
        if options.reshuffle_at_once {
            config.reshuffle = Reshuffle::AtOnce;
        }
        config.check().map_err(|e| e.to_string())?;
        Ok(config)
    }
}

#[cfg(feature = "crownbattles")]
pub use crownbattles_rules::CrownBattles;

#[cfg(feature = "crownbattles")]
impl Catalogued for CrownBattles {
    fn why_illegal(state: &Self, seat: duke_core::Seat, action: Self::Action) -> Option<&'static str> {
        state.why_illegal(seat, action)
    }

    const TITLE: &'static str = "Crown Battles";
    const NOTATION: &'static str = "\
Crown Battles' notation: a card is a colour initial and a value (R12, G3, B7, Y1: red,
green, blue, yellow) or a name (golem, wizard, peasant, witch, ...); seats are P0, P1, ...
  trump R, trump X      choose the trump suit (X: no trump)
  shield                buy a bubble shield
  bid 3, bid 2-3        bid 3 tricks; a double bid of 2 or 3
  play R12              play a card to the trick (play double-faced:golem for a face)
  look P2, lead P1      action cards: look at P2's hand; P1 leads the next trick
  swap P0 P2, jest +1   swap two players' cards; the Jester's +1, -1 or +0
  pass left, give R3    the Magician's pass; the card you give
  trade R3 P2, steal P1, hex P1
                        the Merchant, the Thief and the Witch
  keep, aside R12       keep a card; set one aside (The Split)
  smuggle R7            the Smuggler's card";

    /// `--round-types LIST` deals these Round Type cards (one revealed per round);
    /// `--round-sequence LIST` plays them in order, repeated to fill the schedule. Names:
    /// `normal`, `blind`, … (`crownbattles_rules::RoundType`). `--missions FILE` deals the
    /// missions of the catalogue in FILE; `--missions-in-turn` has them chosen and revealed
    /// one by one;
    /// `--random-teams` forms Alliances' teams at random; `--missions-own-points` scores a
    /// Missions-Alliances team's met missions each its own.
    /// `--precision-peasant-any` and `--precision-thief-own-bid` choose Suit Precision's
    /// other readings.
    /// `--extra-wagers` and `--wager-bid-points` set Wagering's options, `--random-duels`,
    /// `--duel-bonus` and `--duel-misses-to-bank` Duel Fights'.
    /// `--long-play-screw-by-tricks` and `--long-play-first-pass-acts` are Long Play's
    /// options (`Config::long_play_screw_by_tricks`, `long_play_first_pass_acts`). The
    /// readings and smaller options of the other rounds and of the base game go through
    /// `crown_readings` (`--precision-team-double NAME`, `--leak-choice NAME`, …).
    fn config_with(players: Option<u8>, options: &GameOptions) -> Result<Self::Config, String> {
        use crownbattles_rules::{MissionCatalogue, MissionReveal, MissionShare, RoundType, RoundTypes, TeamFormation};
        if !options.only_options_of(Self::NAME) {
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
        if options.missions_in_turn {
            config.missions.reveal = MissionReveal::InTurn;
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
        // The cards dealt are crownbattles-rules' default (as printed, reading 44).
        config.long_play_screw_by_tricks = options.long_play_screw_by_tricks;
        config.long_play_first_pass_acts = options.long_play_first_pass_acts;
        readings::crown_readings(&mut config, options)?;
        readings::crown_needs(&config, options)?;
        config.check().map_err(|e| e.to_string())?;
        Ok(config)
    }
}

impl Catalogued for HighCard {
    const TITLE: &'static str = "High Card (the duke-core demonstration game)";
    const NOTATION: &'static str = "\
High Card's notation:
  keep                  keep the card you were dealt
  redraw                discard it face up and draw another";
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
    /// option of Expanded play is [`GameId::ExpandedDuke`]; a game given an option of
    /// another game is an error.
    pub fn with_options(self, options: &GameOptions) -> Result<GameId, String> {
        if options.is_empty() {
            return Ok(self);
        }
        match self {
            #[cfg(feature = "theduke")]
            GameId::TheDuke | GameId::ExpandedDuke if options.only_options_of("theduke") => Ok(GameId::ExpandedDuke),
            #[cfg(feature = "archduke")]
            GameId::Archduke if options.only_options_of(self.name()) => Ok(self),
            #[cfg(feature = "dukesup")]
            GameId::DukesUp if options.only_options_of(self.name()) => Ok(self),
            #[cfg(feature = "crownbattles")]
            GameId::CrownBattles if options.only_options_of(self.name()) => Ok(self),
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
