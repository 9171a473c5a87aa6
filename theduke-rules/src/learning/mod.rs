//! The learning surface of The Duke ([`duke_core::Learning`], issue #27): a fixed action
//! index per config, legal-action masks, observation tensors and returns, for the standard
//! game ([`TheDuke`](crate::TheDuke)) and every config of Expanded play
//! ([`ExpandedDuke`](crate::ExpandedDuke)).
//!
//! Everything here depends on the config alone (its tiles, icons, abilities, objective and
//! terrain options), never on the position or the seat to act. The layouts are worked out
//! once per config and kept with it, with no global state (`layouts.rs`): for a
//! compile-time tile set a constant of its type, evaluated by the compiler; for a run-time
//! set ([`Expanded`](crate::Expanded)) in the set's shared data, worked out at their first
//! use and shared by every clone of the set and every state of its games. So a mask,
//! an observation or one index costs only its own work: [`action_index`] and
//! [`index_action`] are a few operations each (per-square offsets, no walk over the board),
//! and filling a mask and an observation costs less than the engine's own step
//! (`legal_actions` + `apply`; the README's "Learning" section gives the figures).
//!
//! [`action_index`]: duke_core::Learning::action_index
//! [`index_action`]: duke_core::Learning::index_action
//!
//! # Action index
//!
//! One block per variant of [`Action`], in this order; a block the config
//! cannot use (no tile with the icon or ability, another objective, no Dragon) has size 0.
//! Every index names an action (the blocks are dense: each is a product of ranges or a
//! fixed list of square pairs), and every action a game of the config can produce has an
//! index; actions that are never legal but fit the block's shape (`c2-c2`) have one too.
//! Squares are `0..36` (`a1, b1, .., f6`); `K` is the number of tile types of the set.
//!
//! | Block | Size | Index within the block |
//! |---|---|---|
//! | `SetDuke(sq)` | 36 | `sq` |
//! | `SetFootman(sq)` | 36 | `sq` |
//! | `Move { from, to }` | pairs of the move reach | `from`-major, then `to` in the reach rectangle around `from`, row by row |
//! | `Strike { from, target }` | pairs of the strike reach | the same with the strike reach |
//! | `Command { by, from, to }` | triples of the command reach | `by`-major, then `from` and `to` in the rectangle around `by` |
//! | `Draw` | 1 | |
//! | `Place(sq)` | 36 | `sq` |
//! | `Pick(kind)` | `K` (Dynastic Dispute) | `kind` |
//! | `Deploy(sq)` | 36 (Dark Rider) | `sq` |
//! | `Summon { from, to }` | 36 x 36 (a tile with Summon) | `from * 36 + to` |
//! | `Divine(sq)` | 36 (a tile with Divination) | `sq` |
//! | `Keep { kind, to }` | `K` x 36 (Divination) | `kind * 36 + to` |
//! | `Return(kind)`, `Destroy(kind)` | `K` each (Divination) | `kind` |
//! | `Escape` paying a sacrifice | 120 x 4 (a tile with Escape) | the pair (escaping tile, sacrificed neighbour) among the 120 ordered pairs of squares sharing a side, then the landing square among c1, d1, c6, d6 |
//! | `Escape` paying a Ransom tile | 36 x 4 x `R` (Escape) | `from`, landing square, the Ransom type among the `R` types with Ransom |
//! | `Ransom { give, take, to }` | `R` x `T` x 4 | `give` among the Ransom types, `take` among the `T` types a trade takes back (with Escape, or all `K` with `RansomTrade::AnyTile`), landing square |
//! | `Enrage { from, to, aim }` | 580 x 3 (the Dragon) | the pair (`from`, `to`) among the 580 ordered pairs of squares on one line, then the aim: north, south, none |
//! | `Flag { from, to }` | 36 x 36 (Counting Coup, Trophy Hunters) | `from * 36 + to` |
//!
//! A *reach* is how far (files, ranks; 0 to 5) the set's icons of a family can mark a
//! square, either way (a tile of either seat): Move and Jump icons by their offsets, Slide
//! and Jump Slide icons to the board's edge along their line; the reach rectangle around a
//! square is the squares within it on the board. With full reach (any Slide both ways, as
//! in the base box) the Move block is `from * 36 + to` (1296 entries); the Command block
//! with the base box's one-square Commands has 44 x 44 = 1936.
//!
//! Sizes (`tests/learning.rs` checks and prints them):
//!
//! - the standard game: 4,061 actions: set-up 72, moves 1,296, strikes 720 (the base box's
//!   strike reach is two files and three ranks), commands 1,936, draw 1, placements 36;
//! - the base box with the enhanced tiles: 8,503: the Duchess's Commands two files out widen
//!   the Command block to 100 x 44 = 4,400, and Summon (1,296), Divination (36), Keep (612),
//!   Return and Destroy (17 each) come in;
//! - the largest custom set the format allows (32 types, every icon kind out to five
//!   squares, every ability on every tile, any tile ransomed back, a Flag objective with the
//!   Dragon): 64,125, of which the Commands are 36 x 36 x 36 = 46,656.
//!
//! [`legal_mask`](duke_core::Learning::legal_mask) sets the mask straight from the move
//! generator that [`legal_actions`](duke_core::Game::legal_actions) lists from: each tile's
//! moves, strikes and commands come as a set of squares, each square's index one table
//! lookup; no list is built (the `scratch` buffer is not used).
//! [`legal_mask_bits`](duke_core::Learning::legal_mask_bits) is the same code writing bits
//! (one generic function over [`MaskBuffer`](duke_core::MaskBuffer)); where a family's
//! reach is the whole board (any Slide both ways, as the standard game's moves), a tile's
//! targets are one run of consecutive indices, one or two word operations in a bit mask. In
//! the standard game the bit mask costs less than `legal_actions` itself (which pushes
//! every action into a list), and the mask plus the observation about two thirds of the
//! engine's step. Nothing here allocates, in the standard game and in Expanded play, the
//! abilities' steps included (`tests/learning_no_alloc.rs`).
//!
//! # Observation
//!
//! A flat vector (shape `[n]`): first `P` planes of 6 x 6 squares (plane, rank, file; square
//! index `rank * 6 + file`, `a1` first, as seat 0 sees the board: the same absolute squares
//! as the action index), then a flat block of the facts that are not on a square. A CNN
//! reshapes the first `P * 36` values to `[P, 6, 6]`
//! ([`Duke::observation_planes`](crate::Duke::observation_planes) gives `P`) and feeds the
//! rest to a dense layer. Why not `[planes, 6, 6]` throughout: a bag count, the phase or
//! the turn, broadcast over 36 squares, made the standard game's observation 159 planes
//! (5,724 values, 23 KB to write per call), and writing it cost four engine steps; only
//! the facts that are on a square are planes now.
//!
//! Everything is relative to the observer: *mine* is the observer's seat (seat 0 for the
//! spectator), *theirs* the other; the block "observer" says which seat that is. It is read
//! from what [`view`](duke_core::Game::view) shows the observer and nothing else: everything
//! in The Duke is public (the board, both bags' contents, captured tiles, a drawn tile) but
//! the tiles a Divination drew, which only the diviner sees (with the default
//! `DivinationShown::Diviner`): for everyone else they count in his bag, as in the view. A
//! state and its [`determinize`](duke_core::Game::determinize) twin for a seat therefore
//! give that seat, and the spectator, identical observations. The view's Guard flags are
//! left out: they are a function of what the planes show, and costly to compute. Counts of
//! tiles are divided by 15 (the most of one type a set may hold). The buffer is zeroed once,
//! then only the non-zero values are written.
//!
//! Planes (`K` tile types), each 36 values:
//!
//! 1. `K` tile types: plane `kind` is 1 on the squares holding a tile of that type (either
//!    owner, either side).
//! 2. 1 side: 1 where the tile shows its non-starting side.
//! 3. 1 owner: 1 where the tile is mine (an occupied square without it is theirs).
//! 4. Expanded play, as the config can have them: frozen tiles (1: Dread, Dark Rider's edge;
//!    only with a tile showing a Dread icon or Dark Rider), the Mountain (1), the Fort (1),
//!    the Dragon's square (1), the Flags (2: mine, theirs; Counting Coup, Trophy Hunters).
//!
//! Then the flat block, in this order:
//!
//! | Values | What |
//! |---|---|
//! | `2K` | bags: my tiles of each type in my bag / 15, then theirs (with the divined tiles in the diviner's bag for an observer who does not see them) |
//! | `2K` | captured: my tiles of each type captured by the opponent / 15, then theirs |
//! | `2K` | Expanded play: tiles sacrificed, destroyed or taken by the Dragon, mine then theirs / 15 |
//! | 12 | the phase, one-hot: Draft, SetupDuke, Deploy, SetupFootman, Play, Place, Divine, Dismiss, SetupFlag, MoveFlag, Over; then its count: Footmen still to place / 2, tiles divined / 3, divined tiles left / 3 |
//! | `K` | the tile drawn and to be placed, one-hot (phase Place) |
//! | 2 | to act: me, them (none once the game is over) |
//! | 3 | the observer: seat 0, seat 1, the spectator |
//! | 2 | who set up first: me, them (public: every observer witnessed it, `Event::FirstToSetUp`) |
//! | 3 | the result: I won, they won, drawn |
//! | 3 | turns: completed turns / 100; 1 if a turn limit applies; turns / limit |
//! | 6 | the Dragon (with it): enraged, turning about at its next turn, facing north, east, south, west |
//! | 2 | Counting Coup and Trophy Hunters: my points / 3, theirs |
//! | `K + 1` | Divination (a tile with it): the divined tiles by type / 3 for an observer who sees them, then how many tiles the hand holds / 3 (public) |
//! | `3K` | Dynastic Dispute: the types still in the draft pool, then the types I picked, then theirs |
//!
//! Sizes (`tests/learning.rs` checks them): the standard game 712 values (17 planes, then
//! 100); the enhanced tiles 846 (19 planes, then 162); the largest custom set above (32
//! types, a Flag objective, every terrain tile, Divination) 1,694 (39 planes, then 290).
//!
//! # Returns
//!
//! A two-player win/loss/draw game: [`Utility::ZeroSum`], the winner +1 and the loser -1, a
//! draw (a turn limit, the Dragon taking a Duke with `DragonDuke::Draw`, ...) 0 each; 0
//! until the game is over. Bounds `(-1, 1)`.
//!
//! # Example
//!
//! ```
//! use duke_core::{Game, Learning, Observer};
//! use theduke_rules::{Config, TheDuke};
//!
//! let game = TheDuke::new(&Config::default(), 7).unwrap();
//! let seat = game.side_to_move();
//! let (mut scratch, mut mask) = (Vec::new(), vec![false; game.action_count()]);
//! game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
//! let first = mask.iter().position(|&legal| legal).unwrap();
//! assert_eq!(game.index_action(first).and_then(|a| game.action_index(a)), Some(first));
//! let mut observation = vec![0.0; game.observation_shape().len()];
//! game.observe(Observer::Seat(seat), &mut observation).unwrap();
//! assert_eq!(game.observation_shape().dims(), &[712]);
//! // The first 17 planes of 6 x 6 squares, then 100 values.
//! let (planes, rest) = observation.split_at(game.observation_planes() * 36);
//! assert_eq!((planes.len() / 36, rest.len()), (17, 100));
//! ```

mod actions;
mod geometry;
mod layouts;
mod mask;
mod observe;

pub(crate) use layouts::{Compiled, Layouts, WithLayouts};

use duke_core::{BufferLength, Learning, Observer, Seat, Shape, Utility, mask_words};

use crate::{Action, Duke, Phase, TileSource};

impl<S: TileSource> Duke<S> {
    /// How many planes of 6 x 6 squares open this config's observation
    /// ([`observe`](duke_core::Learning::observe)): its first `observation_planes() * 36`
    /// values reshape to `[planes, 6, 6]` (plane, rank, file); the rest is a flat block
    /// (the [module docs](crate::learning) give both layouts).
    pub fn observation_planes(&self) -> usize {
        self.layouts().observation.planes()
    }

    /// The layouts of this config: a constant of a compile-time set, kept with a run-time
    /// set (`layouts.rs`).
    #[inline]
    fn layouts(&self) -> &Layouts {
        self.set.layouts()
    }
}

/// The learning surface of every config: the layouts are those of the
/// [`learning`](crate::learning) module's documentation.
impl<S: TileSource> Learning for Duke<S> {
    fn action_count(&self) -> usize {
        self.layouts().actions.count()
    }

    fn action_index(&self, action: Action) -> Option<usize> {
        self.layouts().actions.index(action)
    }

    fn index_action(&self, index: usize) -> Option<Action> {
        self.layouts().actions.action(index)
    }

    /// Sets the mask straight from the move generator (no list: `scratch` is left as it
    /// is), each index a few operations with the config's layout.
    fn legal_mask(&self, seat: Seat, _scratch: &mut Vec<Action>, mask: &mut [bool]) -> Result<(), BufferLength> {
        let actions = &self.layouts().actions;
        BufferLength::check(actions.count(), mask.len())?;
        mask::mark(self, actions, seat, mask);
        Ok(())
    }

    /// The same generator as [`legal_mask`](Learning::legal_mask), setting bits.
    fn legal_mask_bits(&self, seat: Seat, _scratch: &mut Vec<Action>, bits: &mut [u64]) -> Result<(), BufferLength> {
        let actions = &self.layouts().actions;
        BufferLength::check(mask_words(actions.count()), bits.len())?;
        mask::mark(self, actions, seat, bits);
        Ok(())
    }

    fn observation_shape(&self) -> Shape {
        Shape::new(&[self.layouts().observation.len()])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        let layout = &self.layouts().observation;
        BufferLength::check(layout.len(), out.len())?;
        out.fill(0.0);
        observe::write(self, layout, observer, out);
        Ok(())
    }

    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        BufferLength::check(2, out.len())?;
        out.fill(0.0);
        if let Phase::Over(end) = self.phase()
            && let Some(winner) = end.winner
        {
            for (seat, r) in out.iter_mut().enumerate() {
                *r = if seat == winner.index() { 1.0 } else { -1.0 };
            }
        }
        Ok(())
    }

    fn return_bounds(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn utility(&self) -> Utility {
        Utility::ZeroSum
    }
}

#[cfg(test)]
mod tests {
    use duke_core::{Game, Observer, Seat};

    use super::layouts::Layouts;
    use super::observe::write;
    use crate::testing::custom_tile_set;
    use crate::{
        Config, CustomTiles, DarkRider, ExpandedDuke, Icon, IconKind, Objective, TerrainOptions, TheDuke, TileSetSpec,
    };

    /// Every value written falls within the declared length (a buffer longer than the
    /// layout keeps its tail untouched), for configs with every block.
    #[test]
    fn observation_writes_within_its_layout() {
        let all = TerrainOptions { mountain: true, fort: true, dragon: true };
        let mut dread = TileSetSpec::standard();
        if let Some(tile) = dread.tiles.get_mut(3) {
            tile.start.push(Icon::new(IconKind::Dread, 0, 1));
        }
        let configs = [
            Config { enhanced_tiles: true, terrain: all, ..Config::default() },
            Config { objective: Objective::DynasticDispute, terrain: all, ..Config::default() },
            Config { objective: Objective::DarkRider(DarkRider::default()), ..Config::default() },
            Config { tiles: Some(CustomTiles::new(dread)), ..Config::default() },
            Config {
                objective: Objective::CountingCoup,
                tiles: Some(CustomTiles::new(custom_tile_set(3))),
                terrain: all,
                ..Config::default()
            },
        ];
        let check = |layouts: &Layouts, observe: &dyn Fn(&mut [f32])| {
            let len = layouts.observation.len();
            assert!(layouts.observation.planes() * 36 < len);
            let mut out = vec![f32::NAN; len + 64];
            if let Some(head) = out.get_mut(..len) {
                head.fill(0.0);
            }
            observe(&mut out);
            assert!(out.iter().skip(len).all(|v| v.is_nan()), "a value written past the layout");
        };
        for config in configs {
            let mut game = ExpandedDuke::new(&config, 1).unwrap();
            let mut buf = Vec::new();
            // Through set-up and a few turns, for every observer.
            for _ in 0..12 {
                let layouts = Layouts::of(game.tile_source());
                for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator] {
                    check(&layouts, &|out| write(&game, &layouts.observation, observer, out));
                }
                let seat = game.side_to_move();
                game.legal_actions(seat, &mut buf);
                let Some(&action) = buf.first() else { break };
                game.apply(seat, action).unwrap();
            }
        }
        let game = TheDuke::new(&Config::default(), 1).unwrap();
        let layouts = Layouts::of(game.tile_source());
        check(&layouts, &|out| write(&game, &layouts.observation, Observer::Spectator, out));
    }
}
