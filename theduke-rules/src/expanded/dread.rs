//! Dread (rulebook "Movement Icons", Dread): after every move or placement, any tile,
//! friendly or enemy, on a square a Dread icon covers is frozen in place: it cannot move,
//! be captured, be commanded or use an ability while the icon covers it. The tile acting as
//! the Duke and tiles with a Dread icon are immune (`Readings::dread_immunity` says which
//! side counts). By default frozen tiles are a function of the board alone (an icon that no
//! longer covers a tile no longer freezes it); with `DreadThaw::ControllerTurn` a tile frozen
//! at any moment stays frozen until the start of its controller's turn, and the state keeps
//! the tiles frozen that no icon covers now (reading 24).

use duke_core::Seat;

use crate::board::Square;
use crate::config::DreadThaw;
use crate::source::{ExtraState, TileSource};
use crate::state::{Duke, EndReason, Phase, code_kind, code_owner, code_side};
use crate::tiles::Side;

impl<S: TileSource> Duke<S> {
    /// The tiles frozen now (none without Expanded play).
    #[inline]
    pub(crate) fn frozen(&self) -> u64 {
        if !S::EXPANDED {
            return 0;
        }
        // A tile in the Fort is never frozen by Dread, held over or not; Dark Rider's edge
        // freeze is no Dread and holds there too.
        let fort = self.fort();
        self.frozen_with_forts(fort) | (self.extra.held() & (self.occ[0] | self.occ[1]) & !fort) | self.edge_frozen()
    }

    /// Whether frozen tiles thaw only at the start of their controller's turn (reading 24).
    pub(crate) fn thaw_at_turn(&self) -> bool {
        S::EXPANDED && self.set.readings().dread_thaw == DreadThaw::ControllerTurn
    }

    /// After an action of `mover` with [`DreadThaw::ControllerTurn`]: the tiles frozen before
    /// it (frozen tiles stay in place) stay frozen, but, if the turn passed, the new player's
    /// tiles no icon covers now thaw ("at the start of the controlling player's turn"); kept
    /// are those no icon covers, the others are frozen by the board anyway. A game won by
    /// a capture or drawn keeps none; one lost for want of a legal action keeps them, as
    /// they were part of why.
    pub(crate) fn settle_frozen(&mut self, before: u64, mover: u8) {
        let all = self.occ[0] | self.occ[1];
        let mut held = before & all & !self.frozen_with_forts(self.fort()) & !self.fort();
        if self.to_move != mover {
            held &= !self.occupancy(Seat(self.to_move));
        }
        if let Phase::Over(end) = self.phase
            && end.reason != EndReason::NoLegalAction
        {
            held = 0;
        }
        self.extra.set_held(held);
    }

    /// The tiles frozen with Fort tiles on `forts` (rulebook "Dread": a tile in a Fort
    /// cannot be frozen, and a Dread icon of a tile in a Fort freezes nothing outside it).
    #[inline]
    pub(crate) fn frozen_with_forts(&self, forts: u64) -> u64 {
        self.cover_with_forts(forts).0
    }

    /// The tiles the Dread icons on the board freeze now (none held over), and the squares of
    /// the tiles whose Dread icons cover some square: while none of those moves, flips or is
    /// captured, every tile frozen here stays frozen (`danger.rs`).
    pub(crate) fn dread_cover(&self) -> (u64, u64) {
        self.cover_with_forts(self.fort())
    }

    /// [`frozen_with_forts`](Self::frozen_with_forts) and the tiles whose Dread icons cover
    /// some square.
    #[inline]
    fn cover_with_forts(&self, forts: u64) -> (u64, u64) {
        // Without a Dread icon in the set no tile is covered.
        if !self.set.any_dread() {
            return (0, 0);
        }
        let all = self.occ[0] | self.occ[1];
        let mut cover = 0;
        let mut carriers = 0;
        for sq in Square::iter(all) {
            let code = self.code_at(sq);
            let mut dread = self.set.special(code_kind(code), code_side(code), code_owner(code), sq).dread;
            if forts & sq.bit() != 0 {
                dread &= forts;
            }
            cover |= dread;
            if dread != 0 {
                carriers |= sq.bit();
            }
        }
        // Immunity is asked of the covered tiles only (few, where any).
        let mut frozen = cover & all & !forts;
        if frozen != 0 {
            for seat in 0..2u8 {
                if let Some(duke) = self.duke_square(duke_core::Seat(seat)) {
                    frozen &= !duke.bit();
                }
            }
            for sq in Square::iter(frozen) {
                let code = self.code_at(sq);
                if self.set.dread_immune(code_kind(code), if code_side(code) == 0 { Side::Start } else { Side::Back }) {
                    frozen &= !sq.bit();
                }
            }
        }
        (frozen, carriers)
    }
}

#[cfg(test)]
mod tests {
    use duke_core::Seat;

    use crate::config::Config;
    use crate::expanded::ExpandedDuke;
    use crate::format::{CustomTiles, TileSetSpec, TileSpec};
    use crate::position::Setup;
    use crate::state::{Phase, Piece};
    use crate::tiles::{Icon, IconKind, TileKind};

    /// P0's Banshee on c3 (Dread on the squares sharing a side with it) next to P1's
    /// Footmen on c4 and d3 and P0's own Footman on b3; the Dukes far away.
    fn game() -> ExpandedDuke {
        let mut spec = TileSetSpec::standard();
        let dread: Vec<Icon> = [(0, 1), (0, -1), (1, 0), (-1, 0)].map(|(x, y)| Icon::new(IconKind::Dread, x, y)).into();
        spec.tiles.push(TileSpec {
            name: "Banshee".into(),
            abbrev: "Bn".into(),
            count: 1,
            on_board: 0,
            start: dread.clone(),
            back: dread,
            abilities: vec![],
        });
        let piece = |k: u8, o: u8| Piece::new(TileKind(k), Seat(o));
        let setup = Setup {
            config: Config { tiles: Some(CustomTiles::new(spec)), ..Config::default() },
            board: [
                ("a1", piece(0, 0)),
                ("f6", piece(0, 1)),
                ("c3", piece(15, 0)),
                ("c4", piece(1, 1)),
                ("d3", piece(1, 1)),
                ("b3", piece(1, 0)),
            ]
            .into_iter()
            .map(|(s, p)| (s.parse().unwrap(), p))
            .collect(),
            phase: Phase::Play,
            to_move: Seat(0),
            ..Setup::default()
        };
        ExpandedDuke::from_setup(&setup).unwrap()
    }

    fn bits(names: &[&str]) -> u64 {
        names.iter().map(|n| n.parse::<crate::board::Square>().unwrap().bit()).fold(0, |a, b| a | b)
    }

    #[test]
    fn dread_freezes_friend_and_foe_around_it() {
        assert_eq!(game().frozen(), bits(&["c4", "d3", "b3"]));
    }

    #[test]
    fn a_fort_shelters_the_tile_in_it_and_confines_a_dread_tile_in_it() {
        let game = game();
        // A tile in a Fort cannot be frozen.
        assert_eq!(game.frozen_with_forts(bits(&["c4"])), bits(&["d3", "b3"]));
        // The Dread tile in a Fort freezes nothing outside it.
        assert_eq!(game.frozen_with_forts(bits(&["c3"])), 0);
    }
}
