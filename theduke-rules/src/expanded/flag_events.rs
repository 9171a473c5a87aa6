//! The events of the Flags (rulebook "Flag Tiles", Counting Coup, Trophy Hunters): where a
//! Flag is placed, passed, moved after a point or carried along, and each point; all public.

use duke_core::Seat;

use crate::actions::Action;
use crate::events::Event;
use crate::source::TileSource;
use crate::state::{Duke, Phase};

impl<S: TileSource> Duke<S> {
    /// A Flag action as everyone sees it (`None` if there is no Flag on `from` to move).
    pub(crate) fn seen_flag(&self, seat: Seat, action: Action) -> Option<Event> {
        let Action::Flag { from, to } = action else { return None };
        if self.phase == Phase::SetupFlag {
            let flag_of = Seat(self.flag_placed_by(seat.index() & 1) as u8);
            return Some(Event::FlagPlaced { seat, flag_of, square: to });
        }
        let flag_of = Seat((0..2u8).find(|&o| self.flag_of(usize::from(o)) == from.bit())?);
        Some(if from == to {
            Event::FlagStays { seat, square: from }
        } else {
            Event::FlagMoved { seat, flag_of, from, to }
        })
    }

    /// What the Flags did besides a Flag action: a Flag carried along by its carrier, a
    /// point scored, the Dragon placed once both Flags are down.
    pub(crate) fn flag_consequences(&self, seat: Seat, action: Action, after: &Self, out: &mut Vec<Event>) {
        if !self.flag_game() {
            return;
        }
        if !matches!(action, Action::Flag { .. }) {
            for (o, (before_sq, after_sq)) in self.flags().into_iter().zip(after.flags()).enumerate() {
                if let (Some(from), Some(to)) = (before_sq, after_sq)
                    && from != to
                {
                    out.push(Event::FlagCarried { flag_of: Seat(o as u8), from, to });
                }
            }
        }
        let points = after.points(seat);
        if points > self.points(seat) {
            out.push(Event::Scored { seat, points });
        }
        if self.phase == Phase::SetupFlag
            && after.phase != Phase::SetupFlag
            && let Some(dragon) = after.dragon()
        {
            out.push(Event::DragonTurn { dragon });
        }
    }
}
