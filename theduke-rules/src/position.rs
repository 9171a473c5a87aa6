//! Positions to play from: a [`Setup`] describes one (for puzzles, tests, tutorials, or a
//! server resuming a table), [`Duke::from_setup`] validates it into a game, and
//! [`Duke::to_setup`] gives it back. A saved game is its setup: the state's serde goes
//! through [`Setup`], so what is stored is this documented form, checked on load.

use std::collections::BTreeMap;

use duke_core::{GameRng, Seat};
use serde::{Deserialize, Serialize};

use crate::board::{SQUARES, Square};
use crate::config::{Config, ConfigError, Objective};
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, EndReason, Ending, NO_SQUARE, Phase, Piece};
use crate::terrain::{Terrain, TerrainKind};
use crate::tiles::TileKind;

/// An unvalidated description of a position of The Duke. [`Duke::from_setup`] checks it
/// and builds the game; [`Duke::to_setup`] gives any game's setup back, and
/// `from_setup(to_setup(g)) == g`.
///
/// What a caller leaves out (struct update from [`Setup::new`] or [`Setup::default`], or
/// fields missing from JSON) takes the default named on each field.
///
/// `from_setup` checks, with a typed [`SetupError`] for each: the config; seats are P0 or
/// P1; every tile type is in the tile set; no seat has more tiles of a type on the board,
/// in its bag, drawn or set aside for set-up than the set holds (the rest are captured);
/// during set-up the board holds exactly the tiles placed so far, where the rulebook puts
/// them (Duke on a centre square of the home edge, Footmen sharing a side with it,
/// starting side up), nothing is captured and no turn is counted; both Dukes are on the
/// board while the game runs; the turn count fits the turn limit; a finished game's
/// ending fits the board; and the seat to act has a legal action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// The options of the game (default: [`Config::default`], the rulebook game).
    pub config: Config,
    /// The game generator's seed (default 0): the chance of the rest of the game, i.e.
    /// which tile each later draw brings out of the bag.
    pub seed: u64,
    /// The generator exactly where a game left it in `seed`'s stream (`to_setup` fills it,
    /// so a saved game goes on with the same draws). Default `None`: the start of `seed`'s
    /// stream. Its seed must be `seed`.
    pub generator: Option<GameRng>,
    /// The tiles on the board, each with its owner and the side showing (default: none).
    pub board: BTreeMap<Square, Piece>,
    /// Per seat (P0, P1), the tiles in its bag by tile type (index = [`TileKind`]; missing
    /// entries are 0). Default `None`: every tile of a seat that is not on the board, not
    /// drawn and not set aside for set-up is in its bag, so nothing is captured. Tiles of a
    /// seat that are nowhere else are its captured tiles.
    pub bags: Option<[Vec<u8>; 2]>,
    /// Where the game is (default [`Phase::SetupDuke`]): a set-up step, a turn
    /// ([`Phase::Play`]), a drawn tile waiting to be placed ([`Phase::Place`], the tile is
    /// the seat to act's and counts as neither on the board nor in the bag), or over.
    pub phase: Phase,
    /// The seat to act (default: the first player).
    pub to_move: Seat,
    /// The seat that set up first and so moved first (default P0, or P1 if the config
    /// says `Some(Seat(1))`). During set-up it decides who has already placed his
    /// tiles; afterwards it is only reported ([`Duke::first_player`]).
    pub first_player: Seat,
    /// Turns played since set-up ended (default 0; counts toward the turn limit).
    pub turns: u32,
    /// Expanded play: per seat (P0, P1), its tiles sacrificed or destroyed, by tile type
    /// (default `None`: none). They count neither in the bag nor as captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed: Option<[Vec<u8>; 2]>,
    /// Expanded play: the tiles a Divination drew, held by the seat to act while the phase
    /// is [`Phase::Divine`] or [`Phase::Dismiss`] (default: none). They count neither on
    /// the board nor in the bag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub divined: Vec<TileKind>,
    /// Expanded play: where the terrain tiles stand (default: none). Once set-up is over
    /// the config's terrain tiles are all on the board, each on a square of its own and no
    /// tile on the Mountain; during set-up none is (they are placed when it completes).
    #[serde(default, skip_serializing_if = "Terrain::is_empty")]
    pub terrain: Terrain,
    /// Dynastic Dispute: per seat (P0, P1), the tile types it picked in the draft (default:
    /// none). Its tiles of the types the other seat picked are in the box; of the types
    /// nobody picked yet, in front of it. Neither counts in the bag nor as captured.
    #[serde(default, skip_serializing_if = "no_picks")]
    pub drafted: [Vec<TileKind>; 2],
    /// Expanded play with [`DreadThaw::ControllerTurn`](crate::DreadThaw::ControllerTurn):
    /// tiles still frozen though no Dread icon covers them now (default: none). In a turn
    /// ([`Phase::Play`]) only the tiles of the seat that just played can be; a game over keeps
    /// them only if lost for want of a legal action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frozen: Vec<Square>,
    /// Counting Coup: each seat's points (P0, P1; default none). Below three while the game
    /// runs. The Flags themselves are in [`Setup::terrain`].
    #[serde(default, skip_serializing_if = "no_points")]
    pub points: [u8; 2],
    /// Counting Coup: the seat to act scored a point earlier in this turn, in a Divination
    /// whose later steps go on ([`Phase::Dismiss`]), so its opponent may move his Flag before
    /// his turn (default `false`).
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub flag_move_due: bool,
}

fn no_points(points: &[u8; 2]) -> bool {
    *points == [0, 0]
}

fn no_picks(drafted: &[Vec<TileKind>; 2]) -> bool {
    drafted.iter().all(Vec::is_empty)
}

impl Setup {
    /// The start of the game: an empty board at the beginning of set-up (rulebook
    /// "Set-up"), every tile but the Duke and two Footmen in its owner's bag, the first
    /// player to place his Duke (in Dynastic Dispute: the draft's first pick, the bags
    /// holding a Footman each). Seed 0. [`Duke::from_setup`] of it (with any `seed`) is the
    /// game `new(&config, seed)` makes, which draws the first player when the config
    /// leaves it to chance; once any other field is set, the set-up describes a position
    /// whose first player is its `first_player` (P0 here unless the config names P1).
    pub fn new(config: Config) -> Setup {
        let first = Seat(u8::from(config.first_player == Some(Seat(1))));
        let phase = match config.objective {
            Objective::DynasticDispute => Phase::Draft,
            Objective::DarkRider(_) => Phase::Deploy,
            Objective::Standard | Objective::CountingCoup | Objective::TrophyHunters => Phase::SetupDuke,
        };
        Setup {
            config,
            seed: 0,
            generator: None,
            board: BTreeMap::new(),
            bags: None,
            phase,
            to_move: first,
            first_player: first,
            turns: 0,
            removed: None,
            divined: Vec::new(),
            terrain: Terrain::default(),
            drafted: [Vec::new(), Vec::new()],
            frozen: Vec::new(),
            points: [0, 0],
            flag_move_due: false,
        }
    }
}

impl Default for Setup {
    /// [`Setup::new`] with the default config.
    fn default() -> Setup {
        Setup::new(Config::default())
    }
}

/// Why a [`Setup`] (or a saved state, which is read as one) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The config is refused.
    #[error("bad config: {0}")]
    Config(#[from] ConfigError),
    /// A seat that The Duke does not have (only P0 and P1 play).
    #[error("{0} is not a seat of The Duke (P0 or P1)")]
    NoSuchSeat(Seat),
    /// The generator given belongs to another seed than the setup's.
    #[error("the generator's seed {found} is not the setup's seed {seed}")]
    GeneratorSeed {
        /// The setup's seed.
        seed: u64,
        /// The generator's seed.
        found: u64,
    },
    /// A tile type the tile set does not have, on the board or as the drawn tile.
    #[error("tile type {} is not in the tile set", .kind.0)]
    UnknownTile {
        /// The unknown type.
        kind: TileKind,
    },
    /// A seat has more tiles of a type (on the board, in its bag, drawn or set aside for
    /// set-up) than the tile set gives it.
    #[error("{seat} has more tiles of type {} than the tile set holds", .kind.0)]
    TooManyTiles {
        /// The seat.
        seat: Seat,
        /// The tile type.
        kind: TileKind,
    },
    /// [`Phase::SetupFootman`] with other than 1 or 2 Footmen to place.
    #[error("{remaining} Footmen left to place (set-up has 1 or 2)")]
    FootmenRemaining {
        /// The count given.
        remaining: u8,
    },
    /// During set-up, a seat's tiles on the board are not the set-up tiles it has placed so
    /// far (nothing for the seat placing its Duke or waiting for its turn; the Duke on a
    /// centre square of its home edge, then the Footmen sharing a side with it, all
    /// starting side up).
    #[error("{seat}'s tiles on the board do not match the set-up so far")]
    SetUpBoard {
        /// The seat.
        seat: Seat,
    },
    /// During set-up a seat's bag lacks tiles: nothing can have been captured yet.
    #[error("{seat} has tiles missing from the bag during set-up")]
    CapturedDuringSetUp {
        /// The seat.
        seat: Seat,
    },
    /// Turns are counted during set-up.
    #[error("{turns} turns counted during set-up")]
    TurnsDuringSetUp {
        /// The count given.
        turns: u32,
    },
    /// More turns than the turn limit, or a game still running at the limit (it ends
    /// drawn when the limit is reached).
    #[error("{turns} turns do not fit the turn limit of {limit} here")]
    TurnLimit {
        /// Turns played.
        turns: u32,
        /// The limit.
        limit: u32,
    },
    /// A running game without a seat's Duke on the board.
    #[error("{seat}'s Duke is not on the board")]
    MissingDuke {
        /// The seat.
        seat: Seat,
    },
    /// A finished game whose ending does not fit the position: a Duke capture with the
    /// wrong Duke missing, a turn-limit draw before the limit, a loss for want of a legal
    /// action by a seat that has one, or a winner that is not a seat.
    #[error("the ending {0:?} does not fit the position")]
    InconsistentEnding(Ending),
    /// Expanded play (a phase of an ability, removed or divined tiles, terrain) in a game
    /// of a compile-time tile set.
    #[error("Expanded play (removed or divined tiles, a Divination, terrain) needs ExpandedDuke")]
    NotExpanded,
    /// The divined tiles do not fit the phase: 1 to 3 while choosing the one to keep
    /// ([`Phase::Divine`], as many as drawn), 1 or 2 to send back or destroy
    /// ([`Phase::Dismiss`]), none in any other phase.
    #[error("{held} divined tiles held in phase {phase:?}")]
    Hand {
        /// How many divined tiles the setup gives.
        held: u8,
        /// The phase.
        phase: Phase,
    },
    /// The terrain tiles do not fit the config and the phase: a terrain tile the config
    /// does not ask for, one it asks for missing once set-up is over (or present before),
    /// two terrain tiles on one square, or a tile on the Mountain's square.
    #[error("the {terrain:?} tile does not fit the config, the phase or the board")]
    Terrain {
        /// The terrain tile at fault.
        terrain: TerrainKind,
    },
    /// Dynastic Dispute's picks do not fit: picks without that objective (or its draft phase
    /// in another game), a type picked twice or not handed out by the draft, the seats'
    /// numbers of picks or the seat to pick out of turn, or a draft phase with nothing left
    /// to pick (or set-up with something left).
    #[error("the draft's picks do not fit the objective, the phase or the seat to act")]
    Draft,
    /// A Dark Rider position does not fit that objective: the phase of its set-up
    /// ([`Phase::Deploy`]) in another game; a tile in a bag; tiles off their owner's home edge, or not on their
    /// starting side, during its set-up, or deployed out of order (every Pikeman before the
    /// rider, the seat to act the one still deploying), or captured then; a running game
    /// already decided or without its rider; a finished game whose objective ending does not
    /// fit the position. (Tiles outside the two armies are [`SetupError::TooManyTiles`].)
    #[error("the position does not fit Dark Rider's armies, set-up or objective")]
    DarkRider,
    /// The seat to act has no legal action, so the game cannot go on from here (in play,
    /// the game ends as that seat's loss the moment it arises: give
    /// [`Phase::Over`] with [`EndReason::NoLegalAction`](crate::EndReason) instead).
    #[error("{seat} is to act but has no legal action")]
    NoLegalAction {
        /// The seat to act.
        seat: Seat,
    },
    /// A square given as still frozen holds no tile that can be: empty, the tile acting as
    /// the Duke or a tile immune to Dread, a tile of the seat to act in a turn (its tiles
    /// thawed as its turn began), any tile outside the turns (but a game lost for want of a
    /// legal action) or without [`DreadThaw::ControllerTurn`](crate::DreadThaw::ControllerTurn).
    #[error("{0} cannot hold a tile still frozen here")]
    Frozen(Square),
    /// The Flags or the points do not fit (Counting Coup, Trophy Hunters): Flags or points
    /// in another game; a Flag missing once its placement is over, placed before its turn,
    /// on the Mountain or the Dragon, on the other Flag or under a tile of the seat that may
    /// not carry it (in the Fort it may be, carried in, and stays if its carrier is sacrificed; in
    /// set-up: not on a square it may be placed on); in Trophy Hunters a running game with a
    /// Flag on its hunter's home edge; three points in a running game (or points outside
    /// Counting Coup); [`Phase::MoveFlag`] with nowhere to move the Flag; a seat without tiles
    /// in a running game.
    #[error("the Flags or the points do not fit the objective, the phase or the board")]
    Flags,
}

/// Tiles of a type that a seat holds off the board during set-up (rulebook "Set-up": the
/// Duke and two Footmen are set aside, then placed one by one), after `placed` of its
/// three set-up placements.
pub(crate) fn set_aside(kind: usize, placed: u8, duke: usize) -> u32 {
    match kind {
        k if k == duke => u32::from(placed == 0),
        1 => 2u32.saturating_sub(u32::from(placed.saturating_sub(1))),
        _ => 0,
    }
}

impl<S: TileSource> Duke<S> {
    /// Validates a setup into a game: a typed error, never a panic, never a state that
    /// [`validate`](duke_core::Game::validate) would refuse or where the seat to act has no
    /// legal action (see [`Setup`] for every check).
    pub fn from_setup(setup: &Setup) -> Result<Duke<S>, SetupError> {
        setup.config.check()?;
        let set = S::from_config(&setup.config)?;
        // A set-up that says nothing but its config and seed is the start of a game, the
        // same game as `new` (the first player drawn when the config leaves it to chance):
        // the vocabulary every game shares (`duke_core::vocabulary`).
        if *setup == (Setup { seed: setup.seed, ..Setup::new(setup.config.clone()) }) {
            return Ok(Duke::with_config(&setup.config, setup.seed)?);
        }
        for seat in [setup.to_move, setup.first_player] {
            if seat.0 > 1 {
                return Err(SetupError::NoSuchSeat(seat));
            }
        }
        let rng = match setup.generator {
            Some(g) if g.seed() != setup.seed => {
                return Err(SetupError::GeneratorSeed { seed: setup.seed, found: g.seed() });
            }
            Some(g) => g,
            None => GameRng::new(setup.seed),
        };
        let mut state = Duke {
            board: [0; SQUARES],
            occ: [0; 2],
            bag: [S::Bag::default(); 2],
            lost: [S::Bag::default(); 2],
            rng,
            turns: setup.turns,
            limit: setup.config.turn_limit.unwrap_or(0),
            duke: [NO_SQUARE; 2],
            phase: setup.phase,
            to_move: setup.to_move.0,
            first: setup.first_player.0,
            first_choice: setup.config.first_player.map_or(0, |s| s.0.saturating_add(1)),
            guard: 0,
            extra: S::Extra::default(),
            set,
        };
        let removed_given = setup.removed.as_ref().is_some_and(|r| r.iter().flatten().any(|&n| n != 0));
        let picks_given = !no_picks(&setup.drafted);
        if !S::EXPANDED && (removed_given || !setup.divined.is_empty() || !setup.terrain.is_empty() || picks_given) {
            return Err(SetupError::NotExpanded);
        }
        if setup.divined.len() > 3 {
            return Err(SetupError::Hand { held: setup.divined.len().min(255) as u8, phase: setup.phase });
        }
        let mut hand = [0u8; 3];
        for (slot, kind) in hand.iter_mut().zip(&setup.divined) {
            *slot = kind.0.saturating_add(1);
        }
        hand.sort_by_key(|&k| if k == 0 { u16::MAX } else { u16::from(k) });
        state.extra.set_hand(hand);
        state.extra.set_terrain(setup.terrain.packed());
        let [fa, fb] = setup.terrain.flags.map(|f| f.map_or(0, |s| s.index() as u8 + 1));
        let [pa, pb] = setup.points;
        if pa.max(pb) >= crate::source::SCORED {
            return Err(SetupError::Flags);
        }
        let due = |seat: u8| if setup.flag_move_due && setup.to_move.0 == seat { crate::source::SCORED } else { 0 };
        state.extra.set_flags([fa, fb, pa | due(0), pb | due(1)]);
        if !S::EXPANDED && (fa | fb | pa | pb != 0 || setup.flag_move_due) {
            return Err(SetupError::NotExpanded);
        }
        let mut drafted = [0u32; 2];
        for (mask, picks) in drafted.iter_mut().zip(&setup.drafted) {
            for kind in picks {
                let bit = 1u32.checked_shl(u32::from(kind.0)).ok_or(SetupError::Draft)?;
                if *mask & bit != 0 {
                    return Err(SetupError::Draft);
                }
                *mask |= bit;
            }
        }
        state.extra.set_drafted(drafted);
        state.check_phase()?;
        let kinds = state.set.kinds();
        for (&sq, &piece) in &setup.board {
            if piece.owner.0 > 1 {
                return Err(SetupError::NoSuchSeat(piece.owner));
            }
            if piece.kind.index() >= kinds {
                return Err(SetupError::UnknownTile { kind: piece.kind });
            }
            state.set_code(sq, piece.code());
            if let Some(m) = state.occ.get_mut(piece.owner.index()) {
                *m |= sq.bit();
            }
            if piece.kind.index() == state.set.duke_kind(piece.owner.index())
                && let Some(d) = state.duke.get_mut(piece.owner.index())
            {
                *d = sq.index() as u8;
            }
        }
        // The set-up tiles first: a misplaced one is a set-up error, not a count error.
        if state.set_up_progress(0).is_some() && !state.dark_rider() {
            state.check_set_up()?;
        }
        for owner in 0..2u8 {
            let seat = Seat(owner);
            let given = setup.bags.as_ref().and_then(|b| b.get(usize::from(owner)));
            let removed = setup.removed.as_ref().and_then(|r| r.get(usize::from(owner)));
            if let Some(k) =
                removed.and_then(|r| r.iter().enumerate().skip(kinds).find(|&(_, &n)| n != 0)).map(|(k, _)| k)
            {
                return Err(SetupError::TooManyTiles { seat, kind: TileKind(u8::try_from(k).unwrap_or(u8::MAX)) });
            }
            if let Some(bag) = given
                && let Some(k) = bag.iter().enumerate().skip(kinds).find(|&(_, &n)| n != 0).map(|(k, _)| k)
            {
                return Err(SetupError::TooManyTiles { seat, kind: TileKind(u8::try_from(k).unwrap_or(u8::MAX)) });
            }
            for k in 0..kinds.min(S::Bag::KINDS) {
                let kind = TileKind(k as u8);
                let total = state.in_game(owner, k);
                let gone_aside = u32::from(removed.and_then(|r| r.get(k)).copied().unwrap_or(0));
                let elsewhere = state.on_board(owner, k) + state.off_board(owner, k) + gone_aside;
                let in_bag = match given {
                    Some(bag) => u32::from(bag.get(k).copied().unwrap_or(0)),
                    // Dark Rider has no bag: the rest of the army is captured (reading 56).
                    None if state.dark_rider() => 0,
                    None => total.saturating_sub(elsewhere),
                };
                let Some(gone) = total.checked_sub(elsewhere + in_bag) else {
                    return Err(SetupError::TooManyTiles { seat, kind });
                };
                if let (Some(b), Some(l)) =
                    (state.bag.get_mut(usize::from(owner)), state.lost.get_mut(usize::from(owner)))
                {
                    *b = b.add(S::Bag::of(k, in_bag as u8));
                    *l = l.add(S::Bag::of(k, gone as u8));
                }
                let aside = state.extra.removed(usize::from(owner));
                state.extra.set_removed(usize::from(owner), aside.add(u128::of(k, gone_aside as u8)));
            }
        }
        state.hold_frozen(&setup.frozen, setup.phase)?;
        state.guard = state.compute_guard();
        state.check_rules()?;
        Ok(state)
    }

    /// The setup that [`from_setup`](Self::from_setup) turns back into this exact state
    /// (generator position and bags included).
    pub fn to_setup(&self) -> Setup {
        let bag = |o: u8| (0..self.set.kinds()).map(|k| self.bag_count(Seat(o), TileKind(k as u8))).collect();
        Setup {
            config: self.config(),
            seed: self.rng.seed(),
            generator: Some(self.rng),
            board: (0..SQUARES as u8)
                .filter_map(Square::new)
                .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
                .collect(),
            bags: Some([bag(0), bag(1)]),
            phase: self.phase,
            to_move: Seat(self.to_move),
            first_player: Seat(self.first),
            turns: self.turns,
            removed: (self.extra.removed(0) | self.extra.removed(1) != 0).then(|| {
                let of =
                    |o: u8| (0..self.set.kinds()).map(|k| self.removed_count(Seat(o), TileKind(k as u8))).collect();
                [of(0), of(1)]
            }),
            divined: self.divined(),
            terrain: self.terrain(),
            drafted: [self.drafted(Seat(0)), self.drafted(Seat(1))],
            frozen: Square::iter(self.extra.held()).collect(),
            points: [self.points(Seat(0)), self.points(Seat(1))],
            flag_move_due: self.extra.flags()[2..].iter().any(|p| p & crate::source::SCORED != 0),
        }
    }

    /// Sets the tiles still frozen given by a setup (see [`Setup::frozen`]); those a Dread icon
    /// covers now are frozen anyway and not kept.
    fn hold_frozen(&mut self, given: &[Square], phase: Phase) -> Result<(), SetupError> {
        let mut held = 0;
        for &sq in given {
            let piece = self.piece_at(sq).ok_or(SetupError::Frozen(sq))?;
            // A game lost for want of a legal action keeps them, as the moment it ended.
            let stuck = matches!(phase, Phase::Over(end) if end.reason == EndReason::NoLegalAction);
            let in_turn = stuck
                || matches!(
                    phase,
                    Phase::Play | Phase::Place { .. } | Phase::Divine { .. } | Phase::Dismiss { .. } | Phase::MoveFlag
                );
            let own_turn_start = (stuck || matches!(phase, Phase::Play | Phase::Place { .. } | Phase::MoveFlag))
                && piece.owner.0 == self.to_move;
            if !self.thaw_at_turn()
                || !in_turn
                || own_turn_start
                || piece.kind.index() == self.set.duke_kind(piece.owner.index())
                || self.set.dread_immune(piece.kind.index(), piece.side)
            {
                return Err(SetupError::Frozen(sq));
            }
            held |= sq.bit();
        }
        self.extra.set_held(held & !self.frozen_with_forts(self.fort()) & !self.fort());
        Ok(())
    }
}

impl<S: TileSource> TryFrom<Setup> for Duke<S> {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Duke<S>, SetupError> {
        Duke::from_setup(&setup)
    }
}

impl<S: TileSource> From<Duke<S>> for Setup {
    fn from(state: Duke<S>) -> Setup {
        state.to_setup()
    }
}
