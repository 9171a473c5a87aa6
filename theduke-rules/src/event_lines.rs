//! The one-line text of each [`Event`] (its `Display`), for a referee log or a terminal.

use core::fmt;

use duke_core::Seat;

use crate::actions::Action;
use crate::events::Event;
use crate::state::EndReason;
use crate::tiles::{Side, TileKind};

/// The rulebook's name of a side ("Starting Side").
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Start => "starting side",
        Side::Back => "non-starting side",
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::SetUp { seat, tile, square } => {
                // Set-up places the Duke (whichever tile acts as it) and the Footmen.
                let action =
                    if tile.kind == TileKind::FOOTMAN { Action::SetFootman(*square) } else { Action::SetDuke(*square) };
                write!(f, "{seat} {action}: sets up the {} on {square}", tile.name)
            }
            Event::Moved { seat, tile, from, to, flipped_to } => write!(
                f,
                "{seat} {}: {} moves from {from} to {to} and flips to its {}",
                Action::Move { from: *from, to: *to },
                tile.name,
                side_name(*flipped_to)
            ),
            Event::Struck { seat, tile, from, target, flipped_to } => write!(
                f,
                "{seat} {}: {} on {from} strikes {target} and flips to its {}",
                Action::Strike { from: *from, target: *target },
                tile.name,
                side_name(*flipped_to)
            ),
            Event::Commanded { seat, commander, by, flipped_to, tile, side, from, to } => write!(
                f,
                "{seat} {}: {} on {by} commands the {} from {from} to {to} (which keeps its {}) and flips to its {}",
                Action::Command { by: *by, from: *from, to: *to },
                commander.name,
                tile.name,
                side_name(*side),
                side_name(*flipped_to)
            ),
            Event::Drew { seat } => write!(f, "{seat} {}: draws a tile from the bag", Action::Draw),
            Event::DrawnTile { seat, tile } => write!(f, "{seat} drew a {} from the bag", tile.name),
            Event::Placed { seat, tile, square } => {
                write!(f, "{seat} {}: places the {} on {square}, starting side up", Action::Place(*square), tile.name)
            }
            Event::Captured { by, owner, tile, square } => {
                write!(f, "{by} captures {owner}'s {} on {square}", tile.name)
            }
            Event::Guard { seat, duke_of, square } => {
                write!(f, "{seat}: \"Guard!\" ({duke_of}'s Duke on {square} can be captured next turn)")
            }
            Event::RiderGuard { seat, rider_of, square } => {
                write!(f, "{seat}: \"Guard!\" ({rider_of}'s rider on {square} can be captured next turn)")
            }
            Event::GameOver { winner, reason, turns } => {
                let plural = if *turns == 1 { "" } else { "s" };
                write!(f, "game over after {turns} turn{plural}: ")?;
                match (winner, reason) {
                    (Some(w), EndReason::DukeCaptured) => write!(f, "{w} wins by capturing the opposing Duke"),
                    (Some(w), EndReason::DragonTookDuke) => write!(f, "{w} wins: the Dragon took the opposing Duke"),
                    (None, EndReason::DragonTookDuke) => write!(f, "draw: the Dragon took a Duke"),
                    (Some(w), EndReason::NoLegalAction) => {
                        write!(f, "{w} wins, {} has no legal action", Seat(1 - (w.0 & 1)))
                    }
                    (Some(w), EndReason::TurnLimit) => write!(f, "{w} wins at the turn limit"),
                    (Some(w), EndReason::DarkRider(how)) => write!(f, "{w} wins: {}", how.describe()),
                    (None, EndReason::DarkRider(how)) => write!(f, "draw: {}", how.describe()),
                    (None, EndReason::TurnLimit) => write!(f, "draw at the turn limit"),
                    (Some(w), EndReason::CoupCounted) => write!(f, "{w} wins with three points"),
                    (Some(w), EndReason::TrophyTaken) => {
                        write!(f, "{w} wins: the opponent's Flag has reached {w}'s home edge")
                    }
                    (Some(w), EndReason::NoTilesLeft) => {
                        write!(f, "{w} wins, {} has no tile left", Seat(1 - (w.0 & 1)))
                    }
                    (None, _) => write!(f, "draw"),
                }
            }
            Event::Unlisted { seat, action } => write!(f, "{seat} {action} (not allowed here)"),
            Event::Picked { seat, tile, count } => write!(
                f,
                "{seat} {}: {count} {} into the bag; {}'s go into the box",
                Action::Pick(tile.kind),
                tile.name,
                Seat(1 - (seat.0 & 1))
            ),
            Event::Deployed { seat, tile, square } => {
                write!(f, "{seat} {}: places the {} on {square}", Action::Deploy(*square), tile.name)
            }
            Event::FirstToSetUp { seat } => write!(f, "{seat} acts first in set-up"),
            Event::TerrainPlaced { terrain, square } => {
                write!(f, "the {terrain:?} is placed at random on {square}")
            }
            other => match fmt_flag(other, f) {
                Some(result) => result,
                None => fmt_ability(other, f),
            },
        }
    }
}

/// The `Display` line of a Flag event (`None` for any other event).
pub(crate) fn fmt_flag(event: &Event, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
    Some(match event {
        Event::FlagPlaced { seat, flag_of, square } => {
            write!(f, "{seat} {}: {flag_of}'s Flag is placed on {square}", Action::Flag { from: *square, to: *square })
        }
        Event::FlagMoved { seat, flag_of, from, to } => {
            write!(f, "{seat} {}: {flag_of}'s Flag goes from {from} to {to}", Action::Flag { from: *from, to: *to })
        }
        Event::FlagCarried { flag_of, from, to } => write!(f, "{flag_of}'s Flag is carried from {from} to {to}"),
        Event::FlagStays { seat, square } => {
            write!(f, "{seat} {}: leaves its Flag on {square}", Action::Flag { from: *square, to: *square })
        }
        Event::Scored { seat, points } => {
            let plural = if *points == 1 { "" } else { "s" };
            write!(f, "{seat} scores a point beside the opponent's Flag: {points} point{plural}")
        }
        _ => return None,
    })
}

/// The `Display` of the ability events (the rest are written above).
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
