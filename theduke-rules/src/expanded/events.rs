//! The events of the enhanced abilities: what each observer sees of a Summon, an Escape,
//! a Ransom (all public) and of a Divination (everything but the types of the divined tiles that go back to the bag,
//! which only the diviner sees: RULES.md reading 30).

use core::fmt;

use duke_core::{Observer, Seat};

use crate::actions::{Action, EscapeCost};
use crate::events::{Event, NamedTile};
use crate::source::TileSource;
use crate::state::Duke;
use crate::tiles::Side;

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Start => "starting side",
        Side::Back => "non-starting side",
    }
}

impl<S: TileSource> Duke<S> {
    /// An ability action as `observer` sees it (`None` for anything else).
    pub(crate) fn seen_ability(&self, seat: Seat, action: Action, observer: Observer) -> Option<Event> {
        let named = |kind| NamedTile::of(&self.set, kind);
        Some(match action {
            Action::Summon { from, to } => {
                let tile = self.piece_at(from)?;
                let duke = self.duke_square(seat)?;
                let duke_side = self.piece_at(duke)?.side;
                Event::Summoned { seat, tile: named(tile.kind), from, to, duke, duke_flipped_to: duke_side.flipped() }
            }
            Action::Divine(square) => {
                let tile = self.piece_at(square)?;
                let drawn = self.divination_count(seat.index() & 1);
                Event::Divined { seat, tile: named(tile.kind), square, drawn }
            }
            Action::Keep { kind, to } => Event::Kept { seat, tile: named(kind), square: to },
            Action::Return(kind) => {
                let tile = self.sees_divined(seat, observer).then(|| named(kind));
                Event::Returned { seat, tile }
            }
            Action::Destroy(kind) => Event::Destroyed { seat, tile: named(kind) },
            Action::Escape { from, to, cost } => {
                Event::Escaped { seat, tile: named(self.piece_at(from)?.kind), from, to, cost }
            }
            Action::Ransom { give, take, to } => Event::Ransomed { seat, given: named(give), taken: named(take), to },
            Action::Enrage { from, to, aim } => {
                Event::Enraged { seat, tile: named(self.piece_at(from)?.kind), from, to, aim }
            }
            _ => return None,
        })
    }

    /// What an Escape or a Ransom costs, as everyone sees it: the tile sacrificed, the
    /// Ransom tile given back; and a friend sacrificed on the square landed on.
    pub(crate) fn escape_consequences(&self, seat: Seat, action: Action, out: &mut Vec<Event>) {
        let named = |kind| NamedTile::of(&self.set, kind);
        let opponent = Seat(1 - (seat.0 & 1));
        let (cost, to) = match action {
            Action::Escape { cost, to, .. } => (Some(cost), to),
            Action::Ransom { give, to, .. } => {
                out.push(Event::GivenBack { by: seat, owner: opponent, tile: named(give) });
                (None, to)
            }
            _ => return,
        };
        if let Some(cost) = cost {
            if let Some(square) = cost.sacrificed()
                && let Some(p) = self.piece_at(square)
            {
                out.push(Event::Sacrificed { seat, tile: named(p.kind), square });
            }
            if let Some(kind) = cost.ransomed() {
                out.push(Event::GivenBack { by: seat, owner: opponent, tile: named(kind) });
            }
        }
        let paid_there = cost.and_then(EscapeCost::sacrificed) == Some(to);
        if let Some(friend) = self.piece_at(to).filter(|p| p.owner == seat)
            && !paid_there
        {
            out.push(Event::Sacrificed { seat, tile: named(friend.kind), square: to });
        }
    }
}

/// The `Display` of the ability events (the other events are written in `events.rs`).
pub(crate) fn fmt_ability(event: &Event, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match event {
        Event::Summoned { seat, tile, from, to, duke, duke_flipped_to } => write!(
            f,
            "{seat} {}: the Duke on {duke} flips to its {} and summons the {} from {from} to {to}, which keeps its side",
            Action::Summon { from: *from, to: *to },
            side_name(*duke_flipped_to),
            tile.name
        ),
        Event::Divined { seat, tile, square, drawn } => {
            let plural = if *drawn == 1 { "" } else { "s" };
            write!(
                f,
                "{seat} {}: the {} on {square} flips back to its starting side and {drawn} tile{plural} come out of the bag",
                Action::Divine(*square),
                tile.name
            )
        }
        Event::DivinedTiles { seat, tiles } => {
            let names: Vec<&str> = tiles.iter().map(|t| t.name.as_str()).collect();
            write!(f, "{seat} divined: {}", names.join(", "))
        }
        Event::Kept { seat, tile, square } => write!(
            f,
            "{seat} {}: places the divined {} on {square}, starting side up",
            Action::Keep { kind: tile.kind, to: *square },
            tile.name
        ),
        Event::Returned { seat, tile: Some(tile) } => {
            write!(f, "{seat} {}: puts the divined {} back in the bag", Action::Return(tile.kind), tile.name)
        }
        Event::Returned { seat, tile: None } => write!(f, "{seat} puts a divined tile back in the bag"),
        Event::Destroyed { seat, tile } => {
            write!(f, "{seat} {}: destroys the divined {}", Action::Destroy(tile.kind), tile.name)
        }
        Event::Escaped { seat, tile, from, to, cost } => write!(
            f,
            "{seat} {}: the {} escapes from {from} to {to}, starting side up",
            Action::Escape { from: *from, to: *to, cost: *cost },
            tile.name
        ),
        Event::Ransomed { seat, given, taken, to } => write!(
            f,
            "{seat} {}: trades the captured {} for its own {}, which returns on {to}, starting side up",
            Action::Ransom { give: given.kind, take: taken.kind, to: *to },
            given.name,
            taken.name
        ),
        Event::Sacrificed { seat, tile, square } => write!(f, "{seat} sacrifices its {} on {square}", tile.name),
        Event::GivenBack { by, owner, tile } => {
            write!(f, "{by} gives {owner}'s {} back: it goes into {owner}'s bag", tile.name)
        }
        Event::Enraged { seat, tile, from, to, aim } => {
            write!(
                f,
                "{seat} {}: the {} slides onto the Dragon, pushing it",
                Action::Enrage { from: *from, to: *to, aim: *aim },
                tile.name
            )
        }
        Event::DragonTurn { dragon } => {
            let side = if dragon.enraged { "enraged" } else { "calm" };
            let turning = if dragon.turning { ", at the edge: it turns about next" } else { "" };
            write!(f, "the Dragon stands on {}, {side}, facing {:?}{turning}", dragon.square, dragon.facing)
        }
        Event::DragonTook { owner, tile, square } => {
            write!(f, "the Dragon takes {owner}'s {} on {square}", tile.name)
        }
        _ => write!(f, "{event:?}"),
    }
}
