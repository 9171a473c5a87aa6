//! A reference generator for Expanded play written from the rulebook text ("Movement
//! Icons" with Dread and Defense, "Enhanced Abilities", "Putting the Duke Tile in
//! Danger"), separate from the engine's and from the standard reference: a plain grid,
//! icons walked square by square, Defense paths listed one by one, and the Duke-danger
//! rule checked by playing every candidate and trying every reply. It reads the engine
//! only through the public accessors of a state. The enhanced abilities' candidates are in
//! `abilities.rs`, the Dragon's in `dragon.rs`, the terrain's geometry in `terrain.rs`.

use std::collections::BTreeSet;

pub use super::expanded_perft::{draws, legal, mid_turn, perft};
pub use super::terrain::line_crosses;

use duke_core::Seat;
use theduke_rules::{
    Ability, Action, DivinationDraws, Dragon, DragonPush, DreadImmunity, DreadThaw, EscapeCost, ExpandedDuke,
    FortJumpSlide, Icon, IconKind, NewTileDanger, Objective, Phase, Piece, RansomTrade, Readings, Rider, RiderDanger,
    Side, Square, TileKind, TileSpec,
};

pub type Grid = [[Option<Piece>; 6]; 6];

/// A position as the reference sees it.
#[derive(Clone, Debug)]
pub struct Model {
    pub tiles: Vec<TileSpec>,
    pub readings: Readings,
    pub grid: Grid,
    pub bag: [Vec<u8>; 2],
    pub lost: [Vec<u8>; 2],
    pub phase: Phase,
    pub to_move: Seat,
    /// The tiles a Divination drew (the seat to act's, while it chooses).
    pub hand: Vec<TileKind>,
    /// The tiles frozen now as the state says (reading 24's other reading keeps tiles frozen
    /// that no icon covers any more); only read with `DreadThaw::ControllerTurn`.
    pub held: BTreeSet<Square>,
    /// Play as if no Dread icon froze anything (to see what Dread takes away).
    pub ignore_dread: bool,
    /// Play as if no Defense icon protected anything (to see what Defense takes away).
    pub ignore_defense: bool,
    /// "Mountain Tile": its square, if on the board.
    pub mountain: Option<Square>,
    /// "Fort Tile": its square, if on the board.
    pub fort: Option<Square>,
    /// "Dragon Tile": the Dragon, if on the board (`dragon.rs` has its part of the rules).
    pub dragon: Option<Dragon>,
    /// "Dark Rider": the Pikeman player and the Pikeman's type, in that objective.
    pub dark_rider: Option<(Seat, TileKind)>,
    /// "Dark Rider" with `readings.dark_rider_danger: Avoided`: the rider player and the
    /// rider's type, the tile the Duke-danger rule then protects.
    pub rider_guard: Option<(Seat, TileKind)>,
    /// Counting Coup with `readings.coup_flag: Paths`: the opponent's Flag, which the moving
    /// seat's Move, Slide and Jump Slide paths cannot pass (`flags.rs` sets it).
    pub walls: Vec<Square>,
}

pub fn model(state: &ExpandedDuke) -> Model {
    let tiles = state.tile_source().tiles().to_vec();
    let mut grid = [[None; 6]; 6];
    for i in 0..36u8 {
        let sq = Square::new(i).unwrap();
        grid[sq.file() as usize][sq.rank() as usize] = state.piece_at(sq);
    }
    let counts = |f: &dyn Fn(Seat, TileKind) -> u8, seat: Seat| -> Vec<u8> {
        (0..tiles.len() as u8).map(|k| f(seat, TileKind(k))).collect()
    };
    let bag = |s: Seat, k: TileKind| state.bag_count(s, k);
    let lost = |s: Seat, k: TileKind| state.captured_count(s, k);
    Model {
        readings: state.config().readings,
        bag: [counts(&bag, Seat(0)), counts(&bag, Seat(1))],
        lost: [counts(&lost, Seat(0)), counts(&lost, Seat(1))],
        tiles,
        grid,
        phase: state.phase(),
        to_move: state.side_to_move(),
        hand: state.divined(),
        held: duke_core::Game::view(state, duke_core::Observer::Spectator).frozen.into_iter().collect(),
        ignore_dread: false,
        ignore_defense: false,
        mountain: state.terrain().mountain,
        fort: state.terrain().fort,
        dragon: state.dragon(),
        // "One player selects 4 Pikeman ... Once the first player has placed all his
        // Pikemen": the Pikeman player sets up first.
        dark_rider: match state.config().objective {
            Objective::DarkRider(_) => {
                let pikeman = state.tile_source().tiles().iter().position(|t| t.name == "Pikeman").unwrap();
                Some((state.first_player(), TileKind(pikeman as u8)))
            }
            _ => None,
        },
        rider_guard: match state.config().objective {
            Objective::DarkRider(options) if state.config().readings.dark_rider_danger == RiderDanger::Avoided => {
                let name = if options.rider == Rider::Knight { "Knight" } else { "Ranger" };
                let rider = state.tile_source().tiles().iter().position(|t| t.name == name).unwrap();
                Some((Seat(1 - state.first_player().0), TileKind(rider as u8)))
            }
            _ => None,
        },
        walls: Vec::new(),
    }
}

pub fn squares() -> impl Iterator<Item = Square> {
    (0..36u8).map(|i| Square::new(i).unwrap())
}

impl Model {
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.grid[sq.file() as usize][sq.rank() as usize]
    }

    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.grid[sq.file() as usize][sq.rank() as usize] = piece;
    }

    /// The icons on the side `piece` shows (none for a ghost).
    pub fn icons(&self, piece: Piece) -> Vec<Icon> {
        self.tiles.get(piece.kind.index()).map(|t| t.profile(piece.side).to_vec()).unwrap_or_default()
    }

    pub fn duke(&self, seat: Seat) -> Option<Square> {
        squares().find(|&sq| self.at(sq).is_some_and(|p| p.owner == seat && p.kind == TileKind::DUKE))
    }

    /// The tile the Duke-danger rule protects: the Duke, or in Dark Rider with the reading
    /// that protects the rider, the rider.
    pub fn guarded(&self, seat: Seat) -> Option<Square> {
        match self.rider_guard {
            Some((riders, rider)) if riders == seat => {
                squares().find(|&sq| self.at(sq).is_some_and(|p| p.owner == seat && p.kind == rider))
            }
            _ => self.duke(seat),
        }
    }

    /// "Orientation": the owner's offsets, turned 180 degrees for seat 1.
    pub fn offset(&self, from: Square, owner: Seat, dx: i8, dy: i8) -> Option<Square> {
        let s = if owner.0 == 1 { -1 } else { 1 };
        Square::at(from.file() + s * dx, from.rank() + s * dy)
    }

    /// "Dread": tiles covered by a Dread icon, friendly or enemy, but not a Duke nor a
    /// tile with a Dread icon (on the side showing, or on either side by the reading).
    pub fn frozen(&self) -> BTreeSet<Square> {
        let mut out = BTreeSet::new();
        // "Dark Rider": "Once a Pikeman Tile reaches the opponent's edge, it is frozen and
        // cannot be moved or captured for the rest of the game" (the Fort does not thaw it).
        if let Some((pikes, pikeman)) = self.dark_rider {
            let far = if pikes.0 == 0 { 5 } else { 0 };
            out.extend(
                squares().filter(|sq| {
                    sq.rank() == far && self.at(*sq).is_some_and(|p| p.owner == pikes && p.kind == pikeman)
                }),
            );
        }
        if self.ignore_dread {
            return out;
        }
        if self.readings.dread_thaw == DreadThaw::ControllerTurn {
            out.extend(self.held.iter().copied().filter(|&sq| self.at(sq).is_some() && Some(sq) != self.fort));
        }
        for sq in squares() {
            let Some(p) = self.at(sq) else { continue };
            // "A tile with a Dread icon inside the Fort cannot freeze any tile in place
            // outside" (and its icons never mark its own square).
            if Some(sq) == self.fort {
                continue;
            }
            for icon in self.icons(p).iter().filter(|i| i.kind == IconKind::Dread) {
                let Some(t) = self.offset(sq, p.owner, icon.dx, icon.dy) else { continue };
                // "A tile in the Fort cannot be frozen in place."
                if Some(t) == self.fort {
                    continue;
                }
                let Some(victim) = self.at(t) else { continue };
                let has_dread = |side: Side| {
                    self.tiles
                        .get(victim.kind.index())
                        .is_some_and(|d| d.profile(side).iter().any(|i| i.kind == IconKind::Dread))
                };
                let immune = victim.kind == TileKind::DUKE
                    || match self.readings.dread_immunity {
                        DreadImmunity::ShowingSide => has_dread(victim.side),
                        DreadImmunity::EitherSide => has_dread(Side::Start) || has_dread(Side::Back),
                    };
                if !immune {
                    out.insert(t);
                }
            }
        }
        out
    }

    /// The squares the Defense icons of the tile on `sq` mark.
    pub fn defense(&self, sq: Square) -> BTreeSet<Square> {
        let Some(p) = self.at(sq) else { return BTreeSet::new() };
        self.icons(p)
            .iter()
            .filter(|i| i.kind == IconKind::Defense)
            .filter_map(|i| self.offset(sq, p.owner, i.dx, i.dy))
            .collect()
    }
}

fn straight(from: Square, to: Square) -> bool {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    df == 0 || dr == 0 || df.abs() == dr.abs()
}

/// The straight path from `from` toward `to`: `from` and every square strictly between.
fn line(from: Square, to: Square) -> Vec<Square> {
    let (df, dr) = (to.file() - from.file(), to.rank() - from.rank());
    let n = df.abs().max(dr.abs());
    (0..n).map(|k| Square::at(from.file() + df.signum() * k, from.rank() + dr.signum() * k).unwrap()).collect()
}

/// Every shortest path of king steps from `from` to `to`: `from` and the squares passed.
fn king_paths(from: Square, to: Square) -> Vec<Vec<Square>> {
    let dist = |a: Square, b: Square| (a.file() - b.file()).abs().max((a.rank() - b.rank()).abs());
    if from == to {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for df in -1..=1i8 {
        for dr in -1..=1i8 {
            let Some(next) = Square::at(from.file() + df, from.rank() + dr) else { continue };
            if (df, dr) != (0, 0) && dist(next, to) == dist(from, to) - 1 {
                for rest in king_paths(next, to) {
                    let mut path = vec![from];
                    path.extend(rest);
                    out.push(path);
                }
            }
        }
    }
    out
}

impl Model {
    /// Whether a terrain tile stands between `from` and `to` for a Strike (neither end's
    /// square counts: "a tile inside the Fort Tile can use its Strike icon against any tiles
    /// outside").
    pub fn sight_blocked(&self, from: Square, to: Square) -> bool {
        [self.mountain, self.fort].into_iter().flatten().any(|t| t != from && t != to && line_crosses(from, to, t))
    }

    /// "Defense": whether a capture of the tile on `to` from `from` may take one of
    /// `paths` without passing through (or starting on) a square its Defense icons mark.
    fn undefended(&self, to: Square, paths: &[Vec<Square>]) -> bool {
        if self.ignore_defense {
            return true;
        }
        let marked = self.defense(to);
        paths.iter().any(|p| p.iter().all(|s| !marked.contains(s)))
    }

    /// The paths a Jump or Strike from `from` to `to` may take: the straight line if there
    /// is one, else any shortest path.
    fn jump_paths(from: Square, to: Square) -> Vec<Vec<Square>> {
        if straight(from, to) { vec![line(from, to)] } else { king_paths(from, to) }
    }

    /// Every action of `me`'s tiles by their icons (before the Duke-danger rule), with the
    /// terrain: nothing enters the Mountain, Move and Slide paths stop at it, a Jump Slide
    /// cannot pass it, a Jump cannot take a path through it; no Jump (nor a Jump Slide by
    /// the `PassesOnly` reading) ends in the Fort; a Strike needs a line of sight past both
    /// and cannot capture in the Fort; Command never onto the Mountain.
    pub fn icon_candidates(&self, me: Seat) -> Vec<Action> {
        let frozen = self.frozen();
        let friend = |sq: Square| self.at(sq).is_some_and(|p| p.owner == me);
        let enemy = |sq: Square| self.at(sq).is_some_and(|p| p.owner != me);
        let mountain = |sq: Square| Some(sq) == self.mountain;
        let fort = |sq: Square| Some(sq) == self.fort;
        // The Dragon's square: a tile of no seat, which only an enraging enters.
        let dragon = |sq: Square| self.dragon.is_some_and(|d| d.square == sq);
        let wall = |sq: Square| self.walls.contains(&sq);
        let capturable =
            |_from: Square, to: Square, paths: &[Vec<Square>]| !frozen.contains(&to) && self.undefended(to, paths);
        let mut out = Vec::new();
        for from in squares() {
            let Some(p) = self.at(from) else { continue };
            if p.owner != me || frozen.contains(&from) {
                continue;
            }
            let mut command = Vec::new();
            for icon in self.icons(p) {
                let target = self.offset(from, me, icon.dx, icon.dy);
                match icon.kind {
                    IconKind::Move => {
                        let Some(to) = target else { continue };
                        let path = line(from, to);
                        let clear = path
                            .iter()
                            .skip(1)
                            .all(|&s| self.at(s).is_none() && !mountain(s) && !dragon(s) && !wall(s));
                        if clear
                            && !mountain(to)
                            && !dragon(to)
                            && !friend(to)
                            && (!enemy(to) || capturable(from, to, &[path]))
                        {
                            out.push(Action::Move { from, to });
                        }
                    }
                    IconKind::Jump => {
                        let Some(to) = target else { continue };
                        let paths: Vec<Vec<Square>> = Self::jump_paths(from, to)
                            .into_iter()
                            .filter(|p| !p.iter().any(|&s| mountain(s)))
                            .collect();
                        let landing = !mountain(to) && !fort(to) && !dragon(to) && !paths.is_empty();
                        if landing && !friend(to) && (!enemy(to) || capturable(from, to, &paths)) {
                            out.push(Action::Move { from, to });
                        }
                    }
                    IconKind::Slide | IconKind::JumpSlide => {
                        let jump = icon.kind == IconKind::JumpSlide;
                        let (ux, uy, first) = if jump { (icon.dx / 2, icon.dy / 2, 2) } else { (icon.dx, icon.dy, 1) };
                        // "This will not allow a tile to Jump Slide past the Mountain Tile."
                        if jump && self.offset(from, me, ux, uy).is_some_and(mountain) {
                            continue;
                        }
                        let may_end = |to: Square| {
                            !(jump && fort(to) && self.readings.fort_jump_slide == FortJumpSlide::PassesOnly)
                        };
                        let mut k = first;
                        while let Some(to) = self.offset(from, me, ux * k, uy * k) {
                            // A wall is never entered: the slide stops before it (the
                            // square a Jump Slide jumps is not entered: `first` skips it).
                            if friend(to) || mountain(to) || wall(to) {
                                break;
                            }
                            // With `PassesOnly` the sliding part of a Jump Slide never enters
                            // the Fort, to end there or to pass through (readings 37, 39).
                            if !may_end(to) && !dragon(to) {
                                break;
                            }
                            if dragon(to) {
                                if may_end(to) {
                                    out.extend(self.enrage_candidates(me, from, (ux, uy)));
                                }
                                break;
                            }
                            if enemy(to) {
                                if capturable(from, to, &[line(from, to)]) && may_end(to) {
                                    out.push(Action::Move { from, to });
                                }
                                break;
                            }
                            if may_end(to) {
                                out.push(Action::Move { from, to });
                            }
                            k += 1;
                        }
                    }
                    IconKind::Strike => {
                        let Some(to) = target else { continue };
                        let in_sight = !fort(to) && !self.sight_blocked(from, to);
                        if enemy(to) && in_sight && capturable(from, to, &Self::jump_paths(from, to)) {
                            out.push(Action::Strike { from, target: to });
                        }
                    }
                    IconKind::Command => command.extend(target),
                    IconKind::Dread | IconKind::Defense => {}
                    other => panic!("the reference does not know the icon {other:?}"),
                }
            }
            for &a in &command {
                for &b in &command {
                    let movable = friend(a) && !frozen.contains(&a);
                    let landing = !friend(b) && !mountain(b) && !dragon(b) && (!enemy(b) || !frozen.contains(&b));
                    if a != b && movable && landing {
                        out.push(Action::Command { by: from, from: a, to: b });
                    }
                }
            }
        }
        out.sort_by_key(|a| a.to_string());
        out.dedup();
        out
    }

    /// Every candidate of `me` in a turn: its icons and its abilities.
    pub fn candidates(&self, me: Seat) -> Vec<Action> {
        let mut out = self.icon_candidates(me);
        out.extend(self.ability_candidates(me));
        out.extend(self.escape_candidates(me));
        out
    }

    /// The square a candidate captures on, if there is an enemy tile there.
    pub fn captured_square(&self, me: Seat, action: Action) -> Option<Square> {
        let sq = match action {
            Action::Move { to, .. } | Action::Command { to, .. } => to,
            Action::Strike { target, .. } => target,
            Action::Escape { to, .. } | Action::Ransom { to, .. } => to,
            Action::Enrage { from, to, .. } => Self::pushed(from, to)?,
            _ => return None,
        };
        self.at(sq).filter(|p| p.owner != me).map(|_| sq)
    }

    /// The position after `me` does `action` (the rulebook's description of each).
    pub fn after(&self, me: Seat, action: Action) -> Model {
        let mut m = self.clone();
        // "Until ... at the start of the controlling player's turn, the Dread icon is no longer
        // covering": what was frozen stays frozen; the next player's tiles thaw below.
        let frozen_before = self.frozen();
        let flip = |p: Piece| Piece { side: if p.side == Side::Start { Side::Back } else { Side::Start }, ..p };
        let capture = |m: &mut Model, sq: Square| {
            if let Some(victim) = m.at(sq).filter(|p| p.owner != me) {
                m.lost[victim.owner.index()][victim.kind.index()] += 1;
            }
        };
        match action {
            Action::Move { from, to } => {
                capture(&mut m, to);
                let p = m.at(from).unwrap();
                m.set(from, None);
                m.set(to, Some(flip(p)));
            }
            Action::Strike { from, target } => {
                capture(&mut m, target);
                m.set(target, None);
                m.set(from, m.at(from).map(flip));
            }
            Action::Command { by, from, to } => {
                capture(&mut m, to);
                let p = m.at(from);
                m.set(from, None);
                m.set(to, p);
                m.set(by, m.at(by).map(flip));
            }
            Action::Place(sq) => {
                let Phase::Place { drawn } = m.phase else { unreachable!() };
                m.set(sq, Some(Piece::new(drawn, me)));
            }
            Action::Summon { from, to } => {
                let duke = m.duke(me).unwrap();
                let p = m.at(from);
                m.set(from, None);
                m.set(to, p);
                m.set(duke, m.at(duke).map(flip));
            }
            Action::Divine(sq) => m.set(sq, m.at(sq).map(flip)),
            Action::Escape { from, to, cost } => {
                let opp = 1 - me.index();
                if let Some(victim) = cost.sacrificed() {
                    m.set(victim, None);
                }
                if let Some(kind) = cost.ransomed() {
                    m.lost[opp][kind.index()] -= 1;
                    m.bag[opp][kind.index()] += 1;
                }
                capture(&mut m, to);
                let p = m.at(from).unwrap();
                m.set(from, None);
                m.set(to, Some(Piece { side: Side::Start, ..p }));
            }
            Action::Ransom { give, take, to } => {
                let opp = 1 - me.index();
                m.lost[opp][give.index()] -= 1;
                m.bag[opp][give.index()] += 1;
                m.lost[me.index()][take.index()] -= 1;
                capture(&mut m, to);
                m.set(to, Some(Piece::new(take, me)));
            }
            Action::Enrage { from, to, aim } => m.enrage(from, to, aim),
            other => unreachable!("the reference does not play {other}"),
        }
        m.phase = Phase::Play;
        m.to_move = Seat(1 - me.0);
        m.held = frozen_before.into_iter().filter(|&sq| m.at(sq).is_some_and(|p| p.owner == me)).collect();
        m
    }

    /// Whether `by` has a candidate that captures the other seat's Duke. A push of the Dragon
    /// onto it is the Dragon's capture, not the opponent's ("Any tile(s) captured by a Terrain
    /// Tile are not considered to have been 'captured by an opponent'"), unless the reading
    /// counts it (reading 69).
    pub fn duke_capturable(&self, by: Seat) -> bool {
        let Some(duke) = self.guarded(Seat(1 - by.0)) else { return false };
        let pushes = self.readings.dragon_push == DragonPush::Counted;
        self.candidates(by)
            .into_iter()
            .filter(|a| pushes || !matches!(a, Action::Enrage { .. }))
            .any(|a| self.captured_square(by, a) == Some(duke))
    }

    /// Whether `me`'s Duke is safe after `action` (or `action` takes the opposing Duke).
    pub fn allowed(&self, me: Seat, action: Action) -> bool {
        let enemy_duke = self.guarded(Seat(1 - me.0));
        if enemy_duke.is_some() && self.captured_square(me, action) == enemy_duke {
            return true;
        }
        if let Action::Divine(_) = action {
            // The Oracle flips, then the kept tile must go beside the Duke with it safe: every
            // hand it could draw holds such a tile, or with `SomeTile` one does (reading 70).
            let flipped = self.after(me, action);
            let n = self.divination_draws(me) as usize;
            return divine_ok(&self.bag[me.index()], n, &self.readings, |k| !flipped.placements(me, k).is_empty());
        }
        let after = self.after(me, action);
        // "Dark Rider": capturing three Pikemen wins at once (with 3 or 4 Pikemen, reading 55),
        // so the protected rider has no next turn to fear (reading 59).
        if let (Some((riders, _)), Some((pikes, pikeman))) = (self.rider_guard, self.dark_rider)
            && riders == me
            && after.lost[pikes.index()][pikeman.index()] >= 3
        {
            return true;
        }
        !after.duke_capturable(Seat(1 - me.0))
    }

    /// The empty squares sharing a side with `me`'s Duke where a new tile may go ("New
    /// Troop Tiles drawn from the bag cannot be placed" on the Mountain or the Fort).
    pub fn beside_duke(&self, me: Seat) -> Vec<Square> {
        let Some(d) = self.duke(me) else { return Vec::new() };
        [(0, 1), (0, -1), (1, 0), (-1, 0)]
            .into_iter()
            .filter_map(|(x, y)| Square::at(d.file() + x, d.rank() + y))
            .filter(|&s| self.at(s).is_none() && Some(s) != self.mountain && Some(s) != self.fort && !self.dragon_on(s))
            .collect()
    }

    /// Squares beside the Duke where `kind` (or a ghost) may be placed with the Duke safe.
    pub fn placements(&self, me: Seat, kind: TileKind) -> Vec<Square> {
        self.beside_duke(me)
            .into_iter()
            .filter(|&s| {
                let frozen_before = self.frozen();
                let mut m = self.clone();
                m.set(s, Some(Piece::new(kind, me)));
                // The placement ends the turn: as in `after`, only `me`'s frozen tiles stay so.
                m.held = frozen_before.into_iter().filter(|&sq| m.at(sq).is_some_and(|p| p.owner == me)).collect();
                !m.duke_capturable(Seat(1 - me.0))
            })
            .collect()
    }

    pub fn bag_total(&self, seat: Seat) -> u32 {
        self.bag[seat.index()].iter().map(|&n| u32::from(n)).sum()
    }

    /// The legal actions of the seat to act, in notation.
    pub fn legal(&self) -> BTreeSet<String> {
        let me = self.to_move;
        let mut out = BTreeSet::new();
        match self.phase {
            Phase::Play => {
                for a in self.candidates(me) {
                    if self.allowed(me, a) {
                        out.insert(a.to_string());
                    }
                }
                if draw_ok(&self.bag[me.index()], &self.readings, |k| !self.placements(me, k).is_empty()) {
                    out.insert("draw".to_owned());
                }
            }
            Phase::Place { drawn } => {
                let squares = lenient(&self.readings, self.placements(me, drawn), || self.beside_duke(me));
                out.extend(squares.into_iter().map(|s| format!("place {s}")));
            }
            Phase::Divine { .. } => {
                let none = self.hand.iter().all(|&k| self.placements(me, k).is_empty());
                let some_tile = self.readings.new_tile_danger == NewTileDanger::SomeTile;
                for &kind in &self.hand {
                    let squares = if none && some_tile { self.beside_duke(me) } else { self.placements(me, kind) };
                    out.extend(squares.into_iter().map(|s| format!("keep {} {s}", kind.0)));
                }
            }
            Phase::Dismiss { .. } => {
                // One order (reading 32): the lowest type left is sent back or destroyed first.
                if let Some(kind) = self.hand.iter().min() {
                    out.insert(format!("return {}", kind.0));
                    out.insert(format!("destroy {}", kind.0));
                }
            }
            _ => {}
        }
        out
    }
}

/// A tile of no type and no icon: a square safe for it is safe for every tile (reading 29),
/// not the other way round (reading 70).
pub const GHOST: TileKind = TileKind(255);

/// The Duke-danger rule for a draw, written from reading 70: the bag holds a tile, and every
/// tile type it could give has a square where it leaves the Duke safe (`EveryTile`), or at
/// least one does (`SomeTile`).
pub fn draw_ok(bag: &[u8], readings: &Readings, placeable: impl Fn(TileKind) -> bool) -> bool {
    let mut kinds = (0..bag.len()).filter(|&k| bag[k] > 0).map(|k| TileKind(k as u8)).peekable();
    if kinds.peek().is_none() {
        return false;
    }
    match readings.new_tile_danger {
        NewTileDanger::EveryTile => kinds.all(placeable),
        NewTileDanger::SomeTile => kinds.into_iter().any(placeable),
    }
}

/// The Duke-danger rule for a Divination drawing `n` tiles (reading 70): every hand it could
/// draw holds a tile that has a safe square (`EveryTile`), or some hand does (`SomeTile`).
pub fn divine_ok(bag: &[u8], n: usize, readings: &Readings, placeable: impl Fn(TileKind) -> bool) -> bool {
    let hands = super::expanded_perft::draws(bag, n);
    let good = |hand: &Vec<TileKind>| hand.iter().any(|&k| placeable(k));
    match readings.new_tile_danger {
        NewTileDanger::EveryTile => !hands.is_empty() && hands.iter().all(good),
        NewTileDanger::SomeTile => hands.iter().any(good),
    }
}

/// The squares a drawn tile goes on: the safe ones; with `SomeTile` and none, every square
/// beside the Duke (the tile "must be placed"; reading 70).
pub fn lenient(readings: &Readings, safe: Vec<Square>, all: impl Fn() -> Vec<Square>) -> Vec<Square> {
    if safe.is_empty() && readings.new_tile_danger == NewTileDanger::SomeTile { all() } else { safe }
}
