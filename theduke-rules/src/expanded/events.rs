//! The events of the enhanced abilities: what each observer sees of a Summon, an Escape,
//! a Ransom (all public) and of a Divination (everything but the types of the divined tiles that go back to the bag,
//! which only the diviner sees: RULES.md reading 30).

use duke_core::{Observer, Seat};

use crate::actions::{Action, EscapeCost};
use crate::events::{Event, NamedTile};
use crate::source::TileSource;
use crate::state::Duke;

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
