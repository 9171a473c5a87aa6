//! The reference's part of the Dragon (rulebook "Dragon Tile"), written from the text: its
//! square blocks like a tile of no seat; a Slide or Jump Slide reaching it first may enrage
//! the calm Dragon, pushing it one square on. Its in-between turns are random and happen inside
//! `apply`: the Duke-danger rule does not look at them (RULES.md reading 46), so the reference
//! needs only the push.

use duke_core::Seat;
use theduke_rules::{Action, Facing, Piece, Side, Square, TileKind};

use super::expanded::Model;

impl Model {
    /// Whether the Dragon stands on `sq`.
    pub fn dragon_on(&self, sq: Square) -> bool {
        self.dragon.is_some_and(|d| d.square == sq)
    }

    /// Where a push from `from` over `to` sends the Dragon (one square on, same direction).
    pub fn pushed(from: Square, to: Square) -> Option<Square> {
        Square::at(to.file() + (to.file() - from.file()).signum(), to.rank() + (to.rank() - from.rank()).signum())
    }

    /// The enragings of `me`'s tile on `from`, whose slide in the board direction `(ux, uy)`
    /// (seat 0's frame, as `offset` takes it) reached the Dragon first: the Dragon calm and not
    /// on the Mountain, the square pushed onto on the board and not `me`'s Duke; aimed north or
    /// south when that square is empty, one action when a tile there is taken.
    pub fn enrage_candidates(&self, me: Seat, from: Square, (ux, uy): (i8, i8)) -> Vec<Action> {
        let Some(d) = self.dragon else { return Vec::new() };
        if d.enraged || Some(d.square) == self.mountain {
            return Vec::new();
        }
        debug_assert!(self.offset(from, me, ux, uy).is_some());
        let Some(onto) = Self::pushed(from, d.square) else { return Vec::new() };
        // "Dark Rider" with the reading that the frozen Pikemen are safe from everything: the
        // Dragon is not pushed onto one.
        let far = |seat: Seat| if seat.0 == 0 { 5 } else { 0 };
        let spared = self.readings.dark_rider_freeze == theduke_rules::EdgeFreeze::Everything
            && self.dark_rider.is_some_and(|(pikes, pikeman)| {
                onto.rank() == far(pikes) && self.at(onto).is_some_and(|p| p.owner == pikes && p.kind == pikeman)
            });
        match self.at(onto) {
            _ if spared => Vec::new(),
            Some(p) if p.owner == me && p.kind == TileKind::DUKE => Vec::new(),
            Some(_) => vec![Action::Enrage { from, to: d.square, aim: None }],
            None => [Facing::North, Facing::South]
                .into_iter()
                .map(|f| Action::Enrage { from, to: d.square, aim: Some(f) })
                .collect(),
        }
    }

    /// The position after the enraging (the Dragon's random facing, when it takes a tile, does
    /// not matter to the Duke-danger rule: a calm Dragon blocks the same way whatever it faces).
    pub fn enrage(&mut self, from: Square, to: Square, aim: Option<Facing>) {
        let Some(mut d) = self.dragon else { return };
        let Some(onto) = Self::pushed(from, to) else { return };
        let p: Option<Piece> =
            self.at(from).map(|p| Piece { side: if p.side == Side::Start { Side::Back } else { Side::Start }, ..p });
        self.set(from, None);
        self.set(to, p);
        self.set(onto, None);
        d.square = onto;
        d.enraged = aim.is_some();
        d.facing = aim.unwrap_or(Facing::East);
        self.dragon = Some(d);
    }
}
