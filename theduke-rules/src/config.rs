//! Game options. The default is exactly the rulebook's standard game; every option of
//! Expanded play is off by default.

use duke_core::Seat;
use serde::{Deserialize, Serialize};

use crate::format::{CustomTiles, TileSetError};
use crate::objective::DarkRiderError;
pub use crate::objective::Objective;

/// The options of a game.
///
/// The options of Expanded play (`enhanced_tiles`, `tiles`, `readings`, `terrain`) are off by default
/// and play with [`ExpandedDuke`](crate::ExpandedDuke); [`TheDuke`](crate::TheDuke) (the
/// standard game, compile-time tables) refuses them with [`ConfigError::NeedsExpanded`].
/// In JSON they are left out while off, so a standard config reads as before.
///
/// Build one from [`Config::rulebook`] or [`Config::default`] and set its fields (the type
/// may gain options, so it is `#[non_exhaustive]`):
/// `let mut config = Config::default(); config.turn_limit = Some(100);`.
///
/// Deserialising checks it ([`Config::check`]): a config that [`check`](Config::check)
/// refuses does not load, in a record, a setup or a saved state either.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "crate::config_wire::ConfigWire")]
#[non_exhaustive]
pub struct Config {
    /// Who sets up first, and so in the standard game moves first (rulebook "Set-up":
    /// "Determine which player will set up first"; in Dynastic Dispute and Dark Rider the
    /// other player moves first, see [`Objective`]): `None` (the default, as printed) draws it with the game's
    /// generator when the game is created; `Some(seat)` names the seat (0 or 1; another
    /// seat is refused by [`check`](Config::check)). In JSON a seat number or `null`; the
    /// old names `"Random"`, `"Seat0"` and `"Seat1"` are still read.
    #[serde(default)]
    pub first_player: Option<Seat>,
    /// End the game as a draw after this many turns, counting every completed turn of both
    /// players (set-up excluded; a draw and its placement are one turn); `None` (the default,
    /// the rulebook game) plays until a Duke falls or a player cannot act.
    pub turn_limit: Option<u32>,
    /// Expanded play, "Enhanced Tiles": the Duchess (Summon) and the Oracle (Divination)
    /// go into each player's bag, appended to the tile set as its last two types.
    #[serde(default, skip_serializing_if = "is_false")]
    pub enhanced_tiles: bool,
    /// Expanded play, "Customization Tiles": play with this tile set instead of the base
    /// box's (the run-time format, [`TileSetSpec`](crate::TileSetSpec)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiles: Option<CustomTiles>,
    /// The readings of Expanded play's ambiguous rules (RULES.md): each default is the most
    /// natural reading of the printed text (RULES.md argues each one), each field offers the
    /// other reading.
    #[serde(default, skip_serializing_if = "Readings::is_default")]
    pub readings: Readings,
    /// Expanded play, "Terrain Tiles": the terrain tiles placed on the board at random once
    /// set-up is complete (none by default).
    #[serde(default, skip_serializing_if = "TerrainOptions::is_none")]
    pub terrain: TerrainOptions,
    /// Expanded play, "Alternate Objectives": what the game is played for (default: the
    /// standard game's, capture the opposing Duke).
    #[serde(default, skip_serializing_if = "Objective::is_standard")]
    pub objective: Objective,
    /// The tables a tile source built from this config (Expanded play's run-time tile set),
    /// kept with the config so that the games made from one config share them instead of
    /// building them per game: no part of the config's value (equality, hashing and JSON
    /// ignore it), and compared with the config on use, so a config changed after a game was
    /// made from it is never served another config's tables.
    #[serde(skip)]
    pub(crate) built: Built,
}

/// A config's memo of the tile set built from it ([`Config::built`](Config)): empty until a
/// game is made from the config. Type-erased, so that the base game's config names nothing
/// of Expanded play.
#[derive(Clone, Default)]
pub(crate) struct Built(pub(crate) std::sync::OnceLock<std::sync::Arc<dyn core::any::Any + Send + Sync>>);

/// Every memo is equal: the memo is no part of a config's value.
impl PartialEq for Built {
    fn eq(&self, _: &Built) -> bool {
        true
    }
}

impl Eq for Built {}

/// Hashes nothing, as equality compares nothing.
impl core::hash::Hash for Built {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

impl core::fmt::Debug for Built {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.0.get().is_some() { "Built(tables)" } else { "Built(none)" })
    }
}

/// Which terrain tiles a game places on the board at random after set-up (rulebook
/// "Terrain Tiles": "randomly determine the placement ... into any open square after set-up
/// is complete"), the Mountain first, then the Fort.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct TerrainOptions {
    /// The Mountain (rulebook "Mountain Tile").
    pub mountain: bool,
    /// The Fort (rulebook "Fort Tile").
    pub fort: bool,
    /// The Dragon (rulebook "Dragon Tile"), placed last, in one of the middle four squares.
    pub dragon: bool,
}

impl TerrainOptions {
    /// Whether no terrain tile is asked for.
    pub fn is_none(&self) -> bool {
        !self.mountain && !self.fort && !self.dragon
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Which tiles a Dread icon cannot freeze besides the tile acting as the Duke (rulebook
/// "Dread": "any tile with a Dread icon is immune").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DreadImmunity {
    /// Tiles showing a Dread icon on their current side (our reading: icons act from the
    /// side that is up).
    #[default]
    ShowingSide,
    /// Tiles with a Dread icon on either side.
    EitherSide,
}

/// How many tiles a Divination draws (rulebook "Divination": "select three random tiles from
/// the bag").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DivinationDraws {
    /// Three, or every tile left if the bag holds fewer (our reading: the ability draws what
    /// the bag has; an empty bag allows no Divination).
    #[default]
    UpToThree,
    /// Exactly three: no Divination while the bag holds fewer.
    ExactlyThree,
}

/// Which icons may end a move on the Fort's square (rulebook "Fort Tile": "can be moved
/// into with the Move, Slide or Jump Slide icons", then "can be jumped over with the Jump or
/// Jump Slide icons (as noted, though, you cannot enter the Fort square with these icons)").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FortJumpSlide {
    /// A Jump Slide may end on the Fort (our reading, reading 37: the first bullet lists
    /// it, and a Jump Slide "follows the exact rules for Slide").
    #[default]
    Enters,
    /// A Jump Slide may pass over the Fort but not end on it.
    PassesOnly,
}

/// When a tile Dread froze thaws (rulebook "Dread": frozen "until the Dread icon is removed
/// (i.e. at the start of the controlling player's turn, the Dread icon is no longer covering
/// the previously frozen tile)").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DreadThaw {
    /// As soon as no Dread icon covers it (our reading: frozen is a function of the board).
    #[default]
    WhenUncovered,
    /// At the start of its controller's turn, if no Dread icon covers it then: a tile frozen
    /// at any moment stays frozen until then.
    ControllerTurn,
}

/// Who sees the tiles a Divination draws (the rulebook "Divination" does not say).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DivinationShown {
    /// The diviner alone (our reading: they come from his bag, like a draw he does not show
    /// before placing); the others see how many, the tile kept and the tiles destroyed.
    #[default]
    Diviner,
    /// Every observer: the game has no hidden tile at all.
    Everyone,
}

/// What a Ransom trade takes back (rulebook "Ransom": "trade a captured tile with the Ransom
/// ability for any previously captured tile by the opponent with the Escape ability").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RansomTrade {
    /// The player's own captured tiles with the Escape ability (our reading: "with the
    /// Escape ability" names the tile taken back).
    #[default]
    EscapeTiles,
    /// Any of the player's own captured tiles ("with the Escape ability" read as how it
    /// returns: "as though it just used the Escape ability").
    AnyTile,
}

/// The readings chosen for Expanded play's ambiguous rules; each field's default is the
/// reading of RULES.md, the other values the alternatives.
///
/// It gains a field with each new reading, so it is `#[non_exhaustive]`: set fields on
/// `Readings::default()`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
#[non_exhaustive]
pub struct Readings {
    /// Which tiles are immune to Dread besides the Duke.
    pub dread_immunity: DreadImmunity,
    /// How many tiles a Divination draws when the bag holds fewer than three.
    pub divination_draws: DivinationDraws,
    /// Whether a Jump Slide may end on the Fort.
    pub fort_jump_slide: FortJumpSlide,
    /// Which captured tiles a Ransom trade takes back.
    pub ransom_trade: RansomTrade,
    /// Who sees the tiles a Divination draws.
    pub divination_shown: DivinationShown,
    /// When a frozen tile thaws.
    pub dread_thaw: DreadThaw,
    /// What the Dragon taking a Duke means.
    pub dragon_duke: DragonDuke,
    /// Whether the Duke-danger rule looks at the Dragon.
    pub dragon_danger: DragonDanger,
    /// Whether the Duke-danger rule holds in Counting Coup and Trophy Hunters.
    pub flag_duke_danger: FlagDukeDanger,
    /// Who chooses the squares of the Flags in Trophy Hunters.
    pub trophy_flags: TrophyFlags,
    /// Which moves ending beside the opponent's Flag score in Counting Coup.
    pub coup_points: CoupPoints,
    /// Whether the opponent's Flag in Counting Coup also bars the paths through its square.
    pub coup_flag: CoupFlag,
    /// Dark Rider: whether the Duke-danger rule protects the rider.
    pub dark_rider_danger: RiderDanger,
    /// Dark Rider: whether the Dragon may take a frozen Pikeman.
    pub dark_rider_freeze: EdgeFreeze,
    /// Whether an opponent's enraging that would push the Dragon onto the Duke counts for
    /// Guard and the Duke-danger rule.
    pub dragon_push: DragonPush,
    /// Which tiles a draw or a Divination needs a safe square for, when a new tile's icons
    /// decide the Duke's safety.
    pub new_tile_danger: NewTileDanger,
    /// Which squares are the edge at which the calm Dragon turns about.
    pub dragon_edge: DragonEdge,
    /// Counting Coup: whether the Flag's owner moves it after a point before the Dragon's
    /// in-between turn or after it.
    pub coup_flag_move: CoupFlagMove,
}

/// Dark Rider: what a Pikeman frozen on the rider player's edge ("cannot be moved or
/// captured for the rest of the game") is safe from. See RULES.md, reading 57.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EdgeFreeze {
    /// The players' actions (our reading): the Dragon, whose takes are no captures, may take
    /// it, as it takes tiles Dread freezes.
    #[default]
    Players,
    /// Everything: the Dragon neither takes it (its Move and Strike icons pass it by, it
    /// blocks the Dragon's paths) nor is pushed onto it.
    Everything,
}

/// Which moves score in Counting Coup ("Score 1 point for ending a move in a square sharing a
/// side with the square occupied by the opponent's Flag Tile"; "No points are scored for
/// Troop Tiles that begin a turn in a square that shares a side with the opponent's Flag Tile
/// square"). See RULES.md, reading 62.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoupPoints {
    /// A tile that began the turn beside the Flag scores nothing, even ending on another
    /// side of it (our reading: the sentence names the tiles).
    #[default]
    TilesFromAway,
    /// Any move ending beside the Flag scores, from another square beside it too; a tile that
    /// stays where it began (a Strike, a Command) scores nothing.
    AnyMove,
}

/// What "A player cannot enter the square occupied by an opponent's Flag Tile" (Counting
/// Coup) bars. The rulebook says "enter" of the Mountain too, which blocks paths. See
/// RULES.md, reading 61.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoupFlag {
    /// Ending a move there (our reading): a Flag is no Troop Tile and blocks no path.
    #[default]
    EndOnly,
    /// Passing through it too: Move, Slide and Jump Slide paths stop before the opponent's
    /// Flag (a Jump Slide still jumps its first square); a Jump jumps over it; a Command
    /// still only never ends there.
    Paths,
}

/// Whether "Putting the Duke Tile in Danger" holds in the objectives where capturing a Duke
/// does not win (Counting Coup, Trophy Hunters: "players do not win by capturing the Duke").
/// See RULES.md, reading 60.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FlagDukeDanger {
    /// It does not (our reading): the objectives say what happens once a Duke is captured,
    /// which the rule would never let happen; the rule guards a Duke whose loss loses.
    #[default]
    Lifted,
    /// It does: no action may leave the Duke capturable by the opponent's next action.
    Kept,
}

/// Who places each Flag in Trophy Hunters ("Each player places a Flag Tile ... in any open
/// square on the opponent's home edge"; a player wins by bringing "his opponent's Flag Tile"
/// to "his own edge"). Either way each Flag starts on its owner's home edge. See RULES.md,
/// reading 64.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrophyFlags {
    /// Each player places the opponent's Flag, the trophy he hunts, on the opponent's home
    /// edge (our reading: the square is on "the opponent's home edge", as printed).
    #[default]
    HunterPlaces,
    /// Each player places his own Flag on his own home edge ("places his Flag Tile").
    OwnerPlaces,
}

/// Dark Rider has no Duke: whether the Duke-danger rule ("Putting the Duke Tile in Danger")
/// protects the rider instead. See RULES.md, reading 59.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RiderDanger {
    /// It does not (our reading): the rule names the Duke, and there is none; the rider may
    /// move where a Pikeman can take it.
    #[default]
    Ignored,
    /// It does: no action of the rider player may leave the rider where the Pikeman player
    /// could capture it next turn, as if it were his Duke.
    Avoided,
}

/// Whether the Duke-danger rule ("Putting the Duke Tile in Danger") looks at the Dragon's
/// next in-between turn. See RULES.md, reading 46.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DragonDanger {
    /// It does not (our reading): the rule is about the opponent's capture, and the Dragon's
    /// turn is random (an enraging that would push the Dragon onto the Duke: [`DragonPush`]).
    #[default]
    Ignored,
    /// It does as well: no action may leave the Duke where the Dragon's next in-between turn
    /// could take it, whatever the generator draws.
    Avoided,
}

/// What the Dragon taking a Duke means (rulebook "Dragon Tile" says the Dragon captures any
/// tile; "Winning the Game" asks for the opponent to capture the Duke). See RULES.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DragonDuke {
    /// The player whose Duke it took loses (our reading: a player without a Duke cannot
    /// go on, and nothing in the rules lets the game continue), the opponent wins.
    #[default]
    OwnerLoses,
    /// The game is drawn (the Dragon is no player's, so nobody captured the Duke).
    Draw,
}

impl Readings {
    /// Whether every reading is the default.
    pub fn is_default(&self) -> bool {
        *self == Readings::default()
    }
}

/// Why a config was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// A turn limit of zero would end the game before it starts.
    #[error("the turn limit must be at least 1")]
    ZeroTurnLimit,
    /// The Duke is a two-player game.
    #[error("The Duke is a two-player game, not {0}")]
    Players(u8),
    /// The first player names a seat the two-player game does not have.
    #[error("the first player must be seat 0 or 1, not {0}")]
    FirstPlayer(Seat),
    /// Options of Expanded play (enhanced tiles, a custom tile set, the readings of
    /// Expanded play) were given to a game of a compile-time tile set: they play with
    /// [`ExpandedDuke`](crate::ExpandedDuke).
    #[error("Expanded play (enhanced tiles, custom tile sets) plays with ExpandedDuke")]
    NeedsExpanded,
    /// The custom tile set (with the enhanced tiles, if asked for) is refused.
    #[error("bad tile set: {0}")]
    Tiles(#[from] TileSetError),
    /// The Dark Rider options or the tile set do not fit that objective.
    #[error("Dark Rider: {0}")]
    DarkRider(#[from] DarkRiderError),
}

/// The turn limit of [`GameConfig::bounded`](duke_core::GameConfig::bounded): a game
/// still running after 200 turns is drawn (an engine limit, not a rule).
pub const BOUNDED_TURN_LIMIT: u32 = 200;

impl Config {
    /// The rulebook game: two players (`players` is `None` or `Some(2)`, anything else is
    /// [`ConfigError::Players`]), who sets up first decided at random, no turn limit, no
    /// option of Expanded play; the same as [`Config::default`].
    pub fn rulebook(players: Option<u8>) -> Result<Config, ConfigError> {
        match players {
            None | Some(2) => Ok(Config::default()),
            Some(other) => Err(ConfigError::Players(other)),
        }
    }

    /// The rulebook game drawn after [`BOUNDED_TURN_LIMIT`] turns (an engine limit: random
    /// play can wander forever).
    pub fn bounded(players: Option<u8>) -> Result<Config, ConfigError> {
        Config::rulebook(players).map(|config| Config { turn_limit: Some(BOUNDED_TURN_LIMIT), ..config })
    }

    /// Whether any option of Expanded play is on.
    pub fn is_expanded(&self) -> bool {
        self.enhanced_tiles
            || self.tiles.is_some()
            || !self.readings.is_default()
            || !self.terrain.is_none()
            || !self.objective.is_standard()
    }

    /// Checks the options.
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.turn_limit == Some(0) {
            return Err(ConfigError::ZeroTurnLimit);
        }
        if let Some(seat) = self.first_player
            && seat.0 > 1
        {
            return Err(ConfigError::FirstPlayer(seat));
        }
        if let Some(tiles) = &self.tiles {
            tiles.spec().check()?;
        }
        if let Objective::DarkRider(options) = self.objective
            && !(3..=4).contains(&options.pikemen)
        {
            return Err(DarkRiderError::Pikemen(options.pikemen).into());
        }
        Ok(())
    }
}

/// Whether an opponent's enraging that would push the Dragon onto the Duke counts for Guard
/// and "Putting the Duke Tile in Danger" ("Terrain Tiles": "Any tile(s) captured by a Terrain
/// Tile are not considered to have been 'captured by an opponent'"). See RULES.md, reading 69.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DragonPush {
    /// It does not (as printed): the Dragon takes the Duke, and a tile a terrain tile takes is
    /// not captured by the opponent, which is all the rule forbids.
    #[default]
    Ignored,
    /// It does: the push is the opponent's action, so no action may leave the Duke where an
    /// enraging of the opponent's would push the Dragon onto it, and such a push is Guard.
    Counted,
}

/// When a new tile's own icons decide whether the Duke is safe (a Dread icon freezing the
/// attacker): which of the tiles a draw or a Divination could bring must have a square
/// leaving the Duke safe ("Putting the Duke Tile in Danger"; "Once a tile is removed from the
/// bag, it must be placed"). See RULES.md, reading 70.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NewTileDanger {
    /// Every one (our reading): the drawn tile must be placed, so the draw is allowed only if
    /// whatever comes out has a safe square; a Divination only if every hand it could draw
    /// holds such a tile.
    #[default]
    EveryTile,
    /// At least one: the draw is an attempt; a tile that then has no safe square must still be
    /// placed, on any square beside the Duke.
    SomeTile,
}

/// Which squares are "the edge of the game board" for the calm Dragon (rulebook "Dragon
/// Tile": "If a move places the Dragon at the edge of the game board, during the next in
/// between turn, the Dragon will re-orient to the opposite direction only"). See RULES.md,
/// reading 50.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DragonEdge {
    /// Any square of the board's rim, as printed: a calm move ending on any edge square
    /// makes its next in-between turn a turn about.
    #[default]
    AnyEdge,
    /// Only the edge it faces (the square ahead of it is off the board).
    FacedEdge,
}

/// When the owner of the Flag moves it after a point of Counting Coup (rulebook: "After the
/// point is scored, the owner of the Flag may immediately move that tile ... and then takes
/// his standard turn"). See RULES.md, reading 63.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoupFlagMove {
    /// Immediately, as printed: before the Dragon's in-between turn, which follows it.
    #[default]
    Immediately,
    /// At the start of his turn, after the Dragon's in-between turn.
    AfterTheDragon,
}
