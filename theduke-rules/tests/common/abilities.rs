//! The reference generator's part for the enhanced abilities ("Enhanced Abilities": Summon,
//! Divination, Escape, Ransom), written from the rulebook text like the rest of `Model`.

use duke_core::Seat;
use theduke_rules::{Ability, Action, DivinationDraws, EscapeCost, Phase, Piece, RansomTrade, Side, Square, TileKind};

use super::expanded::{Model, squares};

impl Model {
    pub fn has(&self, piece: Piece, ability: Ability) -> bool {
        self.tiles.get(piece.kind.index()).is_some_and(|t| t.abilities.contains(&ability))
    }

    /// How many tiles a Divination draws ("three random tiles"; reading 28 for fewer).
    pub fn divination_draws(&self, me: Seat) -> u32 {
        let total = self.bag_total(me);
        match self.readings.divination_draws {
            DivinationDraws::UpToThree => total.min(3),
            DivinationDraws::ExactlyThree if total >= 3 => 3,
            DivinationDraws::ExactlyThree => 0,
        }
    }

    /// "Enhanced Abilities" in place of a move or a draw, by unfrozen tiles: Summon (the tile
    /// comes to an empty square sharing a side with the Duke; not the Duke itself) and
    /// Divination (the tile shows its non-starting side, the bag has tiles to draw).
    pub fn ability_candidates(&self, me: Seat) -> Vec<Action> {
        let frozen = self.frozen();
        let mut out = Vec::new();
        // A summoned tile is no new tile: the Fort takes it, the Mountain does not.
        let beside: Vec<Square> = self
            .duke(me)
            .map(|d| {
                [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .into_iter()
                    .filter_map(|(x, y)| Square::at(d.file() + x, d.rank() + y))
                    .filter(|&s| self.at(s).is_none() && Some(s) != self.mountain && !self.dragon_on(s))
                    .collect()
            })
            .unwrap_or_default();
        for sq in squares() {
            let Some(p) = self.at(sq).filter(|p| p.owner == me && !frozen.contains(&sq)) else { continue };
            if self.has(p, Ability::Summon) && p.kind != TileKind::DUKE {
                out.extend(beside.iter().map(|&to| Action::Summon { from: sq, to }));
            }
            if self.has(p, Ability::Divination) && p.side == Side::Back && self.divination_draws(me) > 0 {
                out.push(Action::Divine(sq));
            }
        }
        out
    }

    /// The two starting squares of `me`'s Duke ("Set-up": the centre of the home edge).
    pub fn starts(me: Seat) -> [Square; 2] {
        let rank = if me.0 == 0 { 0 } else { 5 };
        [Square::at(2, rank).unwrap(), Square::at(3, rank).unwrap()]
    }

    /// Where an escaping (or ransomed) tile of `me` may land, once `gone` squares are
    /// emptied (the escaping tile's own, the tile sacrificed): the starting squares but the
    /// tile's own; empty, or an enemy it captures (not frozen); a friend it sacrifices (not
    /// the Duke, not frozen) only "if both ... are occupied by a friendly tile".
    fn escape_landings(&self, me: Seat, own_square: Option<Square>, gone: &[Square]) -> Vec<Square> {
        let frozen = self.frozen();
        let occupant = |sq: Square| if gone.contains(&sq) { None } else { self.at(sq) };
        let squares: Vec<Square> = Self::starts(me)
            .into_iter()
            .filter(|&sq| Some(sq) != own_square && Some(sq) != self.mountain && !self.dragon_on(sq))
            .collect();
        let friendly = |sq: Square| occupant(sq).is_some_and(|p| p.owner == me);
        if squares.iter().all(|&sq| friendly(sq)) {
            squares
                .into_iter()
                .filter(|&sq| occupant(sq).is_some_and(|p| p.kind != TileKind::DUKE) && !frozen.contains(&sq))
                .collect()
        } else {
            squares
                .into_iter()
                .filter(|&sq| !friendly(sq) && (occupant(sq).is_none() || !frozen.contains(&sq)))
                .collect()
        }
    }

    /// Tile types in `pile` with `ability`.
    fn kinds_in(&self, pile: &[u8], ability: Ability) -> Vec<TileKind> {
        (0..pile.len())
            .filter(|&k| pile[k] > 0 && self.tiles[k].abilities.contains(&ability))
            .map(|k| TileKind(k as u8))
            .collect()
    }

    /// "Escape" and "Ransom": an unfrozen Escape tile sacrifices an unfrozen friend sharing
    /// a side with it (not the Duke) or gives back a captured Ransom tile, and goes to a
    /// starting square; a captured Ransom tile is traded for an own captured Escape tile (any
    /// own captured tile with `RansomTrade::AnyTile`: "for any previously captured tile").
    pub fn escape_candidates(&self, me: Seat) -> Vec<Action> {
        let frozen = self.frozen();
        let opp = Seat(1 - me.0);
        let ransoms = self.kinds_in(&self.lost[opp.index()], Ability::Ransom);
        let mut out = Vec::new();
        for from in squares() {
            let Some(p) = self.at(from).filter(|p| p.owner == me && !frozen.contains(&from)) else { continue };
            if !self.has(p, Ability::Escape) {
                continue;
            }
            for (dx, dy) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let Some(victim) = Square::at(from.file() + dx, from.rank() + dy) else { continue };
                let ok = self.at(victim).is_some_and(|v| v.owner == me && v.kind != TileKind::DUKE);
                if ok && !frozen.contains(&victim) {
                    for to in self.escape_landings(me, Some(from), &[from, victim]) {
                        out.push(Action::Escape { from, to, cost: EscapeCost::sacrifice(victim) });
                    }
                }
            }
            for &kind in &ransoms {
                for to in self.escape_landings(me, Some(from), &[from]) {
                    out.push(Action::Escape { from, to, cost: EscapeCost::ransom(kind) });
                }
            }
        }
        for &give in &ransoms {
            let takes: Vec<TileKind> = match self.readings.ransom_trade {
                RansomTrade::EscapeTiles => self.kinds_in(&self.lost[me.index()], Ability::Escape),
                RansomTrade::AnyTile => (0..self.lost[me.index()].len())
                    .filter(|&k| self.lost[me.index()][k] > 0)
                    .map(|k| TileKind(k as u8))
                    .collect(),
            };
            for take in takes {
                for to in self.escape_landings(me, None, &[]) {
                    out.push(Action::Ransom { give, take, to });
                }
            }
        }
        out
    }
}
