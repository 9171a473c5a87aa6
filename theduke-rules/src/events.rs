//! What each observer witnesses: the [`Event`]s of one step, for a referee log, a remote
//! client or a terminal.
//!
//! Nearly everything in The Duke is public (see [`View`](crate::View)): the board, both
//! sides of every tile, both bags' contents, captured tiles. The only chance result is the
//! tile a draw brings out of the bag, and it is shown to everyone at once (it must then be
//! placed on the board, rulebook "Place a New Troop Tile"). So every observer, seat or
//! spectator, witnesses the same events, and the redacted notation of every action is its
//! full notation; the one exception is Expanded play's Divination, whose drawn tiles only
//! the diviner sees (`expanded/events.rs`, RULES.md reading 30).
//!
//! The events of one step, in order: the action itself (with the tile that acted and the
//! side it flipped to), the terrain placed as set-up completes, the tile drawn (or, for the diviner, the tiles divined), what an
//! Escape or a Ransom cost, a captured tile, "Guard" if the mover may capture the opposing
//! Duke next turn, and the end of the game.

use duke_core::{Game, Observer, Seat};
use serde::{Deserialize, Serialize};

use crate::actions::{Action, EscapeCost};
use crate::board::Square;
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, EndReason, Phase};
use crate::terrain::{Dragon, TerrainKind};
use crate::tiles::{Side, TileKind};

/// A tile type as an event names it: its index in the tile set and its printed name (so a
/// client can show the event without the tile set).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct NamedTile {
    /// The tile type.
    pub kind: TileKind,
    /// Its name, as printed ("Footman").
    pub name: String,
}

impl NamedTile {
    /// The tile type `kind` of the tiles `set`.
    pub(crate) fn of<S: TileSource>(set: &S, kind: TileKind) -> NamedTile {
        let name = set.tile(kind.index()).map_or("tile", |def| def.name);
        NamedTile { kind, name: name.to_owned() }
    }
}

/// One thing an observer of a game of The Duke saw happen. Every observer sees the same
/// events (nothing in the game is hidden but the next draw), except the tiles of a
/// Divination in Expanded play ([`Event::DivinedTiles`], [`Event::Returned`]), unless
/// [`DivinationShown::Everyone`](crate::DivinationShown::Everyone).
///
/// Non-exhaustive: the rest of Expanded play (Dark Rider) may add variants.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Event {
    /// Set-up begins: who sets up first was determined (rulebook "Set-up": "Determine which
    /// player will set up first"; in Dynastic Dispute who selects first, in Dark Rider who
    /// deploys first). The opening event of every game ([`Game::opening_events`]).
    FirstToSetUp {
        /// Who acts first.
        seat: Seat,
    },
    /// Set-up: a player placed his Duke or one of his two Footmen (rulebook "Set-up").
    SetUp {
        /// Who placed it.
        seat: Seat,
        /// The Duke or a Footman.
        tile: NamedTile,
        /// Where, starting side up.
        square: Square,
    },
    /// A tile moved with a Move, Jump, Slide or Jump Slide icon and flipped (rulebook
    /// "Move a Troop Tile", "Flip the Tile"). A capture on `to` follows as
    /// [`Event::Captured`].
    Moved {
        /// Who moved it.
        seat: Seat,
        /// The tile that moved.
        tile: NamedTile,
        /// Where it stood.
        from: Square,
        /// Where it went.
        to: Square,
        /// The side it shows now, after flipping.
        flipped_to: Side,
    },
    /// A tile used a Strike icon: it stays and flips, the enemy on `target` is captured
    /// (rulebook "Strike"; [`Event::Captured`] follows).
    Struck {
        /// Who struck.
        seat: Seat,
        /// The striking tile.
        tile: NamedTile,
        /// Where it stands.
        from: Square,
        /// The square struck.
        target: Square,
        /// The side the striking tile shows now, after flipping.
        flipped_to: Side,
    },
    /// A tile used a Command icon: it stays and flips; the friendly tile it commanded moves
    /// and does not flip (rulebook "Command", "Flip the Tile").
    Commanded {
        /// Who commanded.
        seat: Seat,
        /// The commanding tile.
        commander: NamedTile,
        /// Where the commanding tile stands.
        by: Square,
        /// The side the commanding tile shows now, after flipping.
        flipped_to: Side,
        /// The commanded tile.
        tile: NamedTile,
        /// The side the commanded tile showed before and still shows.
        side: Side,
        /// Where the commanded tile stood.
        from: Square,
        /// Where it went (an enemy there is captured: [`Event::Captured`] follows).
        to: Square,
    },
    /// A player chose to draw from his bag (rulebook "Place a New Troop Tile"); the tile
    /// that came out follows as [`Event::DrawnTile`].
    Drew {
        /// Who draws.
        seat: Seat,
    },
    /// The tile a draw brought out of the bag: a chance result, shown to everyone.
    DrawnTile {
        /// Who drew it.
        seat: Seat,
        /// The tile.
        tile: NamedTile,
    },
    /// The drawn tile was placed beside the Duke, starting side up (rulebook "Place a New
    /// Troop Tile", "Starting Side").
    Placed {
        /// Who placed it.
        seat: Seat,
        /// The tile.
        tile: NamedTile,
        /// Where.
        square: Square,
    },
    /// A tile was captured and left the board (rulebook "Capturing Tiles").
    Captured {
        /// The capturing seat.
        by: Seat,
        /// Whose tile it was.
        owner: Seat,
        /// The tile.
        tile: NamedTile,
        /// The square it stood on.
        square: Square,
    },
    /// "Guard": after `seat`'s turn the opposing Duke can be captured on `seat`'s next turn,
    /// and the player must say so (rulebook "Capturing Tiles").
    Guard {
        /// Who announces it.
        seat: Seat,
        /// Whose Duke is in Guard.
        duke_of: Seat,
        /// The square of that Duke.
        square: Square,
    },
    /// "Guard" in Dark Rider with `RiderDanger::Avoided`, where the rider takes the Duke's
    /// place (RULES.md, reading 59): after `seat`'s turn the rider can be captured on
    /// `seat`'s next turn.
    RiderGuard {
        /// Who announces it.
        seat: Seat,
        /// Whose rider is in Guard.
        rider_of: Seat,
        /// The rider's square.
        square: Square,
    },
    /// The game is over.
    GameOver {
        /// The winner, or `None` for a draw.
        winner: Option<Seat>,
        /// Why it ended.
        reason: EndReason,
        /// Turns played (set-up excluded).
        turns: u32,
    },
    /// Expanded play, Summon: the Duke flipped in place and the Summon tile came to a square
    /// sharing a side with it, keeping its side (rulebook "Enhanced Abilities", I).
    Summoned {
        /// Who summoned.
        seat: Seat,
        /// The summoned tile.
        tile: NamedTile,
        /// Where it stood.
        from: Square,
        /// Where it came, beside the Duke.
        to: Square,
        /// The Duke's square.
        duke: Square,
        /// The side the Duke shows now, after flipping.
        duke_flipped_to: Side,
    },
    /// Expanded play, Divination: the tile flipped back to its starting side and the player
    /// drew `drawn` tiles from his bag; which ones only he sees ([`Event::DivinedTiles`]).
    Divined {
        /// Who divined.
        seat: Seat,
        /// The tile with Divination.
        tile: NamedTile,
        /// Its square.
        square: Square,
        /// How many tiles came out of the bag (public: the bag's size is).
        drawn: u8,
    },
    /// The tiles a Divination drew, shown only to the diviner (reading 30), or to everyone
    /// with [`DivinationShown::Everyone`](crate::DivinationShown::Everyone).
    DivinedTiles {
        /// Who divined.
        seat: Seat,
        /// The tiles, by type.
        tiles: Vec<NamedTile>,
    },
    /// A divined tile kept and placed beside the Duke, starting side up.
    Kept {
        /// Who kept it.
        seat: Seat,
        /// The tile.
        tile: NamedTile,
        /// Where it was placed.
        square: Square,
    },
    /// A divined tile went back into the bag: which one only the diviner sees (`None` for
    /// everyone else, unless [`DivinationShown::Everyone`](crate::DivinationShown::Everyone)).
    Returned {
        /// Who put it back.
        seat: Seat,
        /// The tile, for those who see it.
        tile: Option<NamedTile>,
    },
    /// A divined tile was destroyed: put beside the board as though captured (public).
    Destroyed {
        /// Whose tile it was.
        seat: Seat,
        /// The tile.
        tile: NamedTile,
    },
    /// Expanded play, Escape: the Escape tile went to a starting square of the Duke,
    /// starting side up, after its cost ([`Event::Sacrificed`] or [`Event::GivenBack`]
    /// follows; then a capture or a sacrifice on the square it landed on, if any).
    Escaped {
        /// Who escaped.
        seat: Seat,
        /// The tile with Escape.
        tile: NamedTile,
        /// Where it stood.
        from: Square,
        /// The starting square it went to.
        to: Square,
        /// What the Escape cost.
        cost: EscapeCost,
    },
    /// Expanded play, Ransom (its second instance): a captured Ransom tile traded for the
    /// player's own captured Escape tile, which returns to a starting square, starting side
    /// up ([`Event::GivenBack`] follows).
    Ransomed {
        /// Who ransomed.
        seat: Seat,
        /// The opponent's Ransom tile given back.
        given: NamedTile,
        /// The player's own Escape tile taken back.
        taken: NamedTile,
        /// The starting square it returned to.
        to: Square,
    },
    /// A tile sacrificed (Escape): put beside the board, not captured by the opponent.
    Sacrificed {
        /// Whose tile it was.
        seat: Seat,
        /// The tile.
        tile: NamedTile,
        /// The square it stood on.
        square: Square,
    },
    /// A captured Ransom tile given back to its owner: it goes into his bag.
    GivenBack {
        /// Who gave it back.
        by: Seat,
        /// Whose tile it is.
        owner: Seat,
        /// The tile.
        tile: NamedTile,
    },
    /// Expanded play, "Terrain Tiles": a terrain tile was placed at random on an open square
    /// as set-up completed (a chance result, shown to everyone; it follows the last set-up
    /// placement).
    TerrainPlaced {
        /// The terrain tile.
        terrain: TerrainKind,
        /// Its square.
        square: Square,
    },
    /// Expanded play, "Dragon Tile": where the Dragon stands and faces after it was placed or
    /// after its in-between turn changed it (public; it follows the player's action).
    DragonTurn {
        /// The Dragon now.
        dragon: Dragon,
    },
    /// A player enraged the Dragon: his tile slid from `from` onto the Dragon's square `to`,
    /// pushing it one square on (the Dragon's new state and any tile taken follow).
    Enraged {
        /// Who enraged it.
        seat: Seat,
        /// The sliding tile.
        tile: NamedTile,
        /// Where it came from.
        from: Square,
        /// The Dragon's square, where it ends.
        to: Square,
        /// Where the player aimed the enraged Dragon (`None`: a tile is taken where it lands).
        aim: Option<crate::Facing>,
    },
    /// The Dragon took a tile in its in-between turn: out of play, not captured by the
    /// opponent (RULES.md).
    DragonTook {
        /// Whose tile it was.
        owner: Seat,
        /// The tile.
        tile: NamedTile,
        /// Its square.
        square: Square,
    },
    /// Dark Rider: a player placed the next tile of his army on his home edge, starting side
    /// up (rulebook "Alternate Objectives", Dark Rider).
    Deployed {
        /// Who placed it.
        seat: Seat,
        /// A Pikeman, or the rider.
        tile: NamedTile,
        /// Where.
        square: Square,
    },
    /// Dynastic Dispute: a player picked a tile type in the draft: his `count` tiles of it
    /// went into his bag, the opponent's into the box (rulebook "Alternate Objectives").
    Picked {
        /// Who picked.
        seat: Seat,
        /// The tile type.
        tile: NamedTile,
        /// How many tiles of it went into his bag.
        count: u8,
    },
    /// Counting Coup, Trophy Hunters: a Flag was placed as set-up completed (rulebook
    /// "Alternate Objectives").
    FlagPlaced {
        /// Who placed it.
        seat: Seat,
        /// Whose Flag it is.
        flag_of: Seat,
        /// Where.
        square: Square,
    },
    /// A Flag carried along by the tile holding it as that tile moved (rulebook "Flag
    /// Tiles"); it follows the move's own event.
    FlagCarried {
        /// Whose Flag it is.
        flag_of: Seat,
        /// Where it stood.
        from: Square,
        /// Where it is now.
        to: Square,
    },
    /// A Flag passed to a tile beside its carrier, or moved by its owner after a point of
    /// Counting Coup (rulebook "Flag Tiles").
    FlagMoved {
        /// Who acted.
        seat: Seat,
        /// Whose Flag it is.
        flag_of: Seat,
        /// Where it stood.
        from: Square,
        /// Where it is now.
        to: Square,
    },
    /// Counting Coup: after the opponent's point, the player left his Flag where it is.
    FlagStays {
        /// Who left it.
        seat: Seat,
        /// Its square.
        square: Square,
    },
    /// Counting Coup: a point for ending a move or a placement beside the opponent's Flag.
    Scored {
        /// Who scored.
        seat: Seat,
        /// His points now.
        points: u8,
    },
    /// An action this state does not allow, as given (what `seen_action` returns for an
    /// action that is not legal; no legal step produces it).
    Unlisted {
        /// The seat named.
        seat: Seat,
        /// The action named.
        action: Action,
    },
}

impl<S: TileSource> Duke<S> {
    /// Whether `seat` may do `action` now (the checks of [`play`](Duke::play)).
    fn allows(&self, seat: Seat, action: Action) -> bool {
        !matches!(self.phase, Phase::Over(_)) && seat.0 == self.to_move && self.is_legal(action)
    }

    /// The action `seat` is about to do, as `observer` sees it: the full notation with the
    /// tiles involved (the flip after rulebook "Flip the Tile"); only a divined tile sent
    /// back to the bag is hidden from all but the diviner.
    pub(crate) fn seen(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        let tile_on = |sq: Square| self.piece_at(sq);
        let unlisted = Event::Unlisted { seat, action };
        if !self.allows(seat, action) {
            return unlisted;
        }
        match action {
            Action::SetDuke(square) => {
                let duke = TileKind(self.set.duke_kind(seat.index()) as u8);
                Event::SetUp { seat, tile: NamedTile::of(&self.set, duke), square }
            }
            Action::SetFootman(square) => {
                Event::SetUp { seat, tile: NamedTile::of(&self.set, TileKind::FOOTMAN), square }
            }
            Action::Move { from, to } => match tile_on(from) {
                Some(p) => Event::Moved {
                    seat,
                    tile: NamedTile::of(&self.set, p.kind),
                    from,
                    to,
                    flipped_to: p.side.flipped(),
                },
                None => unlisted,
            },
            Action::Strike { from, target } => match tile_on(from) {
                Some(p) => Event::Struck {
                    seat,
                    tile: NamedTile::of(&self.set, p.kind),
                    from,
                    target,
                    flipped_to: p.side.flipped(),
                },
                None => unlisted,
            },
            Action::Command { by, from, to } => match (tile_on(by), tile_on(from)) {
                (Some(c), Some(p)) => Event::Commanded {
                    seat,
                    commander: NamedTile::of(&self.set, c.kind),
                    by,
                    flipped_to: c.side.flipped(),
                    tile: NamedTile::of(&self.set, p.kind),
                    side: p.side,
                    from,
                    to,
                },
                _ => unlisted,
            },
            Action::Draw => Event::Drew { seat },
            Action::Deploy(square) => match self.deployed_kind(seat.0) {
                Some(kind) => Event::Deployed { seat, tile: NamedTile::of(&self.set, kind), square },
                None => unlisted,
            },
            Action::Pick(kind) => Event::Picked {
                seat,
                tile: NamedTile::of(&self.set, kind),
                count: self.set.counts().count(kind.index()),
            },
            Action::Place(square) => match self.phase {
                Phase::Place { drawn } => Event::Placed { seat, tile: NamedTile::of(&self.set, drawn), square },
                _ => unlisted,
            },
            Action::Flag { .. } => self.seen_flag(seat, action).unwrap_or(unlisted),
            _ => self.seen_ability(seat, action, observer).unwrap_or(unlisted),
        }
    }

    /// The events of `seat` doing `action` on `before`, giving `after` (see
    /// [`Game::events`]); the same for every observer.
    pub(crate) fn step_events(
        before: &Self,
        seat: Seat,
        action: Action,
        after: &Self,
        observer: Observer,
        out: &mut Vec<Event>,
    ) {
        out.clear();
        let seen = before.seen(seat, action, observer);
        let legal = !matches!(seen, Event::Unlisted { .. });
        out.push(seen);
        if !legal {
            return;
        }
        // The rulebook has the drawn tile pulled from the bag and placed at once: everyone
        // sees it (the view shows it while it waits to be placed).
        if let (Action::Draw, Phase::Place { drawn }) = (action, after.phase) {
            out.push(Event::DrawnTile { seat, tile: NamedTile::of(&before.set, drawn) });
        }
        if let (Action::Divine(_), true) = (action, after.sees_divined(seat, observer)) {
            let tiles = crate::source::hand_kinds(after.extra.hand());
            out.push(Event::DivinedTiles { seat, tiles: tiles.map(|k| NamedTile::of(&before.set, k)).collect() });
        }
        // Set-up complete: the terrain tiles come onto the board at random.
        let set_up_done = match action {
            // With the Flags, set-up continues with their placement.
            Action::SetFootman(_) => matches!(after.phase, Phase::Play | Phase::SetupFlag),
            // A rider boxed in by the terrain ends the game as set-up completes.
            Action::Deploy(_) => after.phase != Phase::Deploy,
            _ => false,
        };
        if set_up_done {
            out.extend(after.terrain().tiles().map(|(terrain, square)| Event::TerrainPlaced { terrain, square }));
            out.extend(after.dragon().map(|dragon| Event::DragonTurn { dragon }));
        }
        // A destroy takes every divined tile of its type left (reading 32): the second one.
        if let Action::Destroy(kind) = action {
            for _ in 1..before.in_hand(kind) {
                out.push(Event::Destroyed { seat, tile: NamedTile::of(&before.set, kind) });
            }
        }
        before.escape_consequences(seat, action, out);
        let target = match action {
            Action::Move { to, .. } | Action::Command { to, .. } => Some(to),
            Action::Strike { target, .. } => Some(target),
            Action::Escape { to, .. } | Action::Ransom { to, .. } => Some(to),
            _ => None,
        };
        if let Some(square) = target
            && let Some(victim) = before.piece_at(square)
            && victim.owner != seat
        {
            out.push(Event::Captured {
                by: seat,
                owner: victim.owner,
                tile: NamedTile::of(&before.set, victim.kind),
                square,
            });
        }
        before.flag_consequences(seat, action, after, out);
        if before.dragon().is_some() && !matches!(action, Action::SetFootman(_) | Action::Deploy(_)) {
            before.dragon_events(action, after, out);
        }
        // "Guard" is said after a turn's action (a draw is only half a turn) that lets the
        // mover capture the opposing Duke on his next turn.
        let opponent = Seat(1 - (seat.0 & 1));
        let turn_ended =
            !matches!(action, Action::SetDuke(_) | Action::SetFootman(_) | Action::Deploy(_)) && !after.mid_turn();
        if turn_ended && after.in_guard(opponent) {
            match (after.duke_square(opponent), after.guarded_square(opponent)) {
                (Some(square), _) => out.push(Event::Guard { seat, duke_of: opponent, square }),
                (None, Some(square)) => out.push(Event::RiderGuard { seat, rider_of: opponent, square }),
                (None, None) => {}
            }
        }
        if let (false, Some(ending)) = (before.is_over(), after.ending()) {
            out.push(Event::GameOver { winner: ending.winner, reason: ending.reason, turns: after.turns });
        }
    }

    /// How the game ended, once it is over.
    fn ending(&self) -> Option<crate::state::Ending> {
        match self.phase {
            Phase::Over(ending) => Some(ending),
            _ => None,
        }
    }
}
