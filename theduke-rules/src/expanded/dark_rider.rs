//! Dark Rider (rulebook "Alternate Objectives", Dark Rider): Pikemen against a lone rider.
//!
//! The Pikeman player (the seat that sets up first, [`Duke::first_player`]) places his
//! Pikemen (four, taken from both sets, or three with the easier option) one by one on
//! empty squares of his home edge ([`Action::Deploy`]); then the other player places his
//! rider (the Knight, or the Ranger with the easier option) on his own home edge and takes
//! the first turn. Neither side has a Duke nor a bag: the armies are the whole game.
//!
//! A Pikeman on the rider player's edge is frozen for the rest of the game: it cannot act,
//! be moved or be captured (the engine adds it to the tiles Dread freezes). After each
//! player's turn the objective is checked: the Pikeman player wins by capturing the rider,
//! or with three Pikemen on the rider player's edge unless the rider player has captured
//! two; the rider player wins by capturing three Pikemen. The readings are RULES.md's
//! 53-59.

use duke_core::Seat;

use crate::actions::Action;
use crate::board::Square;
use crate::config::{DragonDuke, EdgeFreeze, Objective, RiderDanger};
use crate::movegen::Visit;
pub use crate::objective::{Army, DarkRider, DarkRiderEnd, DarkRiderError};
use crate::source::{ExtraState, Packed, TileSource};
use crate::state::{Duke, EndReason, Ending, Phase, Piece, code_kind};
use crate::tiles::TileKind;

/// Finds the armies of `options` among the tile names `names` (the set's types in order).
pub(crate) fn army_of<'a>(
    options: DarkRider,
    names: impl Iterator<Item = &'a str> + Clone,
) -> Result<Army, DarkRiderError> {
    if !(3..=4).contains(&options.pikemen) {
        return Err(DarkRiderError::Pikemen(options.pikemen));
    }
    let find = |name: &str| -> Result<u8, DarkRiderError> {
        let kind = names.clone().position(|n| n == name).ok_or_else(|| DarkRiderError::MissingTile(name.to_owned()))?;
        if kind == 0 {
            return Err(DarkRiderError::DukeType(name.to_owned()));
        }
        u8::try_from(kind).map_err(|_| DarkRiderError::MissingTile(name.to_owned()))
    };
    Ok(Army { pikeman: find("Pikeman")?, rider: find(options.rider.name())?, pikemen: options.pikemen })
}

/// The home edge of `seat` (rank 1 for seat 0, rank 6 for seat 1) as a mask.
pub(crate) const fn edge(seat: u8) -> u64 {
    if seat == 0 { 0x3f } else { 0x3f << 30 }
}

impl<S: TileSource> Duke<S> {
    /// The armies, in a game of Dark Rider (`None` otherwise).
    #[inline]
    pub(crate) fn army(&self) -> Option<Army> {
        if !S::EXPANDED {
            return None;
        }
        self.set.army()
    }

    /// Whether this game is a Dark Rider.
    #[inline]
    pub(crate) fn dark_rider(&self) -> bool {
        S::EXPANDED && matches!(self.set.objective(), Objective::DarkRider(_))
    }

    /// The Pikeman player of a Dark Rider game: the seat that sets up first (reading 53).
    pub fn pikeman_player(&self) -> Option<Seat> {
        self.army().map(|_| Seat(self.first))
    }

    /// How many tiles of `kind` `owner` brings to this game: the set's count (none of a tile
    /// acting as the other seat's Duke only), or in Dark Rider his army (the Pikemen for the
    /// Pikeman player, the rider for the other).
    pub(crate) fn in_game(&self, owner: u8, kind: usize) -> u32 {
        match self.army() {
            // The tile acting as the other seat's Duke, when it is not this seat's too,
            // is none of this seat's tiles.
            None if kind == self.set.duke_kind(usize::from(1 - (owner & 1)))
                && kind != self.set.duke_kind(usize::from(owner & 1)) =>
            {
                0
            }
            None => u32::from(self.set.counts().count(kind)),
            Some(a) if owner == self.first && kind == usize::from(a.pikeman) => u32::from(a.pikemen),
            Some(a) if owner != self.first && kind == usize::from(a.rider) => 1,
            Some(_) => 0,
        }
    }

    /// The tiles of `owner`'s army still to deploy, of type `kind` (during Dark Rider's
    /// set-up; none otherwise).
    pub(crate) fn to_deploy(&self, owner: u8, kind: usize) -> u32 {
        if self.phase != Phase::Deploy {
            return 0;
        }
        let waiting = owner == self.to_move || owner != self.first;
        if waiting { self.in_game(owner, kind).saturating_sub(self.on_board(owner, kind)) } else { 0 }
    }

    /// The Pikemen frozen on the rider player's edge (rulebook: "Once a Pikeman Tile
    /// reaches the opponent's edge, it is frozen and cannot be moved or captured for the
    /// rest of the game"); none outside Dark Rider.
    #[inline]
    pub(crate) fn edge_frozen(&self) -> u64 {
        let Some(a) = self.army() else { return 0 };
        let first = self.first & 1;
        let mut out = 0;
        for sq in Square::iter(self.occupancy(Seat(first)) & edge(1 - first)) {
            if code_kind(self.code_at(sq)) == usize::from(a.pikeman) {
                out |= sq.bit();
            }
        }
        out
    }

    /// The tile the Duke-danger rule protects for `seat`: its Duke, or in Dark Rider with
    /// [`RiderDanger::Avoided`] the rider player's rider (reading 59).
    #[inline]
    pub(crate) fn guarded_square(&self, seat: Seat) -> Option<Square> {
        if self.army().is_some()
            && seat.0 != self.first
            && self.set.readings().dark_rider_danger == RiderDanger::Avoided
        {
            // The rider is the rider player's only tile.
            return Square::iter(self.occupancy(seat)).next();
        }
        self.duke_square(seat)
    }

    /// The frozen Pikemen the Dragon may not take either, with [`EdgeFreeze::Everything`]
    /// (reading 57); none otherwise.
    #[inline]
    pub(crate) fn spared_by_dragon(&self) -> u64 {
        if self.army().is_some() && self.set.readings().dark_rider_freeze == EdgeFreeze::Everything {
            self.edge_frozen()
        } else {
            0
        }
    }

    /// The deployments of the player to act: every empty square of his home edge.
    pub(crate) fn visit_deploy<V: Visit>(&self, v: &mut V) -> bool {
        let empty = edge(self.to_move & 1) & !(self.occ[0] | self.occ[1]);
        self.army().is_some() && Square::iter(empty).any(|sq| v.action(Action::Deploy(sq)))
    }

    /// The tile `me` deploys next: a Pikeman for the Pikeman player, else the rider.
    pub(crate) fn deployed_kind(&self, me: u8) -> Option<TileKind> {
        let a = self.army()?;
        Some(TileKind(if me == self.first { a.pikeman } else { a.rider }))
    }

    /// `me` places the next tile of his army on `sq`, starting side up. Once the Pikemen
    /// are down the rider player deploys; once the rider is down the terrain comes, and the
    /// rider player takes the first turn.
    pub(crate) fn deploy(&mut self, me: u8, sq: Square) {
        let (Some(a), Some(kind)) = (self.army(), self.deployed_kind(me)) else { return };
        self.put_code(sq, Piece::new(kind, Seat(me)).code());
        if me == self.first {
            if self.on_board(me, usize::from(a.pikeman)) >= u32::from(a.pikemen) {
                self.to_move = 1 - me;
            }
            return;
        }
        self.phase = Phase::Play;
        self.place_terrain();
        // The terrain can box a rider in on his edge: he cannot act, and loses (reading 56).
        if !self.has_legal_action() {
            self.phase = Phase::Over(Ending { winner: Some(Seat(self.first & 1)), reason: EndReason::NoLegalAction });
        }
    }

    /// The Pikemen the rider player captured (the Dragon's takes are no captures: reading 48).
    pub(crate) fn pikemen_captured(&self) -> u32 {
        let Some(a) = self.army() else { return 0 };
        self.lost.get(usize::from(self.first)).map_or(0, |l| u32::from(l.count(usize::from(a.pikeman))))
    }

    /// Whether `owner`'s rider is gone, and how: captured (`Some(true)`), taken by the
    /// Dragon (`Some(false)`), on the board (`None`).
    fn rider_gone(&self) -> Option<bool> {
        let a = self.army()?;
        let knight = 1 - (self.first & 1);
        let rider = usize::from(a.rider);
        if self.occupancy(Seat(knight)) != 0 {
            return None;
        }
        let captured = self.lost.get(usize::from(knight)).is_some_and(|l| l.count(rider) > 0);
        Some(captured)
    }

    /// The objective's ending of the position after a player's turn (and the Dragon's), if
    /// any (rulebook "Dark Rider": each win is immediate).
    pub(crate) fn dark_rider_result(&self) -> Option<Ending> {
        self.army()?;
        let pikes = Seat(self.first & 1);
        let rider = Seat(1 - pikes.0);
        let won =
            |winner: Seat, how: DarkRiderEnd| Some(Ending { winner: Some(winner), reason: EndReason::DarkRider(how) });
        match self.rider_gone() {
            Some(true) => return won(pikes, DarkRiderEnd::RiderCaptured),
            Some(false) => {
                let winner = match self.set.readings().dragon_duke {
                    DragonDuke::OwnerLoses => Some(pikes),
                    DragonDuke::Draw => None,
                };
                return Some(Ending { winner, reason: EndReason::DarkRider(DarkRiderEnd::RiderTakenByDragon) });
            }
            None => {}
        }
        let captured = self.pikemen_captured();
        if captured >= 3 {
            return won(rider, DarkRiderEnd::PikemenCaptured);
        }
        if captured < 2 && self.edge_frozen().count_ones() >= 3 {
            return won(pikes, DarkRiderEnd::PikemenThrough);
        }
        None
    }

    /// Ends the game if the objective is decided; returns whether it did.
    pub(crate) fn dark_rider_ending(&mut self) -> bool {
        let Some(ending) = self.dark_rider_result() else { return false };
        self.phase = Phase::Over(ending);
        self.guard = 0;
        true
    }

    /// A Dark Rider position (rulebook "Dark Rider"): each seat's tiles are its army only
    /// (checked with the counts), none in a bag; during set-up the Pikemen and the rider stand on their
    /// owners' home edges, starting side up, the rider only once every Pikeman is down and
    /// the seat to act the one still to deploy; nothing captured or taken during set-up; a
    /// running game is not already decided; a finished game's objective ending fits.
    pub(crate) fn check_dark_rider(&self) -> Result<(), crate::position::SetupError> {
        use crate::position::SetupError;
        let Some(a) = self.army() else {
            return if self.phase == Phase::Deploy { Err(SetupError::DarkRider) } else { Ok(()) };
        };
        let bad = Err(SetupError::DarkRider);
        // No bag in Dark Rider (reading 54).
        if self.bag.iter().any(|b| !b.is_empty()) {
            return bad;
        }
        let pikes = self.first & 1;
        let on = |owner: u8, kind: u8| self.on_board(owner, usize::from(kind));
        match self.phase {
            Phase::Deploy => {
                let nothing_gone =
                    (0..2).all(|o| self.lost.get(o).is_none_or(|l| l.is_empty()) && self.extra.removed(o) == 0);
                let at_home = (0..2u8).all(|o| {
                    Square::iter(self.occupancy(Seat(o))).all(|sq| {
                        edge(o) & sq.bit() != 0
                            && self.piece_at(sq).is_some_and(|p| p.side == crate::tiles::Side::Start)
                    })
                });
                let all_pikes = on(pikes, a.pikeman) == u32::from(a.pikemen);
                // The Pikemen first, then the rider, which ends the deployment: the rider is
                // never on the board while it lasts (a loaded state would deploy a second).
                let order = on(1 - pikes, a.rider) == 0 && (self.to_move == pikes) != all_pikes;
                if self.turns != 0 || !nothing_gone || !at_home || !order {
                    return bad;
                }
            }
            Phase::Over(Ending { reason: EndReason::DarkRider(_), .. }) => {
                if let Phase::Over(ending) = self.phase
                    && self.dark_rider_result() != Some(ending)
                {
                    return bad;
                }
            }
            Phase::Over(_) => {}
            _ => {
                if self.dark_rider_result().is_some() || self.occupancy(Seat(1 - pikes)) == 0 {
                    return bad;
                }
            }
        }
        Ok(())
    }
}
