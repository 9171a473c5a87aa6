//! The reference's part of the Flags (rulebook "Flag Tiles", "Alternate Objectives":
//! Counting Coup, Trophy Hunters), written from the text on top of the Expanded reference:
//! where a Flag may be placed, which seat may end a move on a Flag's square, the passes, a
//! carried Flag following its carrier, Counting Coup's Flag move after a point, new tiles
//! never placed on a Flag, the Duke-danger rule lifted (reading 60) or kept, and with
//! `CoupFlag::Paths` no path through the opponent's Flag (reading 61).

use std::collections::BTreeSet;

use duke_core::Seat;
use theduke_rules::{
    Action, CoupFlag, ExpandedDuke, FlagDukeDanger, Objective, Phase, Piece, Square, TileKind, TrophyFlags,
};

use super::expanded::{Model, legal, mid_turn, model, squares};

/// What the reference knows of the Flags of a state.
#[derive(Clone, Copy, Debug)]
pub struct Flags {
    pub coup: bool,
    pub squares: [Option<Square>; 2],
    pub lifted: bool,
    pub owner_places: bool,
    /// Counting Coup with `CoupFlag::Paths`: the opponent's Flag bars paths through it too.
    pub walls: bool,
    /// Counting Coup: each seat's points.
    pub points: [u8; 2],
}

impl Flags {
    pub fn of(state: &ExpandedDuke) -> Flags {
        let config = state.config();
        Flags {
            coup: config.objective == Objective::CountingCoup,
            squares: state.flags(),
            lifted: config.readings.flag_duke_danger == FlagDukeDanger::Lifted,
            owner_places: config.readings.trophy_flags == TrophyFlags::OwnerPlaces,
            walls: config.objective == Objective::CountingCoup && config.readings.coup_flag == CoupFlag::Paths,
            points: [state.points(Seat(0)), state.points(Seat(1))],
        }
    }

    /// "A player cannot enter the square occupied by an opponent's Flag Tile" (Counting
    /// Coup); "he cannot end his turn with one of his Troop Tiles occupying the square of his
    /// Flag Tile" (Trophy Hunters).
    pub fn barred(&self, me: Seat) -> BTreeSet<Square> {
        (0..2u8)
            .filter(|&o| if self.coup { o != me.0 } else { o == me.0 })
            .filter_map(|o| self.squares[usize::from(o)])
            .collect()
    }

    /// The Flags after a tile moved from `from` to `to` (a carried Flag goes along).
    pub fn carried(&self, from: Square, to: Square) -> Flags {
        let mut next = *self;
        for sq in next.squares.iter_mut().flatten() {
            if *sq == from {
                *sq = to;
            }
        }
        next
    }

    fn is_flag(&self, sq: Square) -> bool {
        self.squares.contains(&Some(sq))
    }
}

fn sq_side(a: Square, b: Square) -> bool {
    (a.file() - b.file()).abs() + (a.rank() - b.rank()).abs() == 1
}

/// The square a candidate ends a tile's move on (or places it), and where it came from.
fn ends(action: Action) -> Option<(Option<Square>, Square)> {
    match action {
        Action::Move { from, to }
        | Action::Command { from, to, .. }
        | Action::Summon { from, to }
        | Action::Escape { from, to, .. } => Some((Some(from), to)),
        Action::Ransom { to, .. } => Some((None, to)),
        // The Dragon pushed onto a Flag: no two terrain tiles share a square (reading 65).
        Action::Enrage { from, to, .. } => Model::pushed(from, to).map(|onto| (None, onto)),
        _ => None,
    }
}

/// The candidates of `me` with the Flags: no move ends on a barred Flag, plus the passes.
fn flag_candidates(m: &Model, f: &Flags, me: Seat) -> Vec<Action> {
    let barred = f.barred(me);
    // "Cannot enter" read as no path through it either (`CoupFlag::Paths`): it walls paths.
    let walls = if f.walls { barred.iter().copied().collect() } else { Vec::new() };
    let walled = Model { walls, ..m.clone() };
    let mut out: Vec<Action> = walled
        .candidates(me)
        .into_iter()
        .filter(|&a| match (a, ends(a)) {
            (Action::Enrage { .. }, Some((_, onto))) => !f.is_flag(onto),
            (_, Some((_, to))) => !barred.contains(&to),
            _ => true,
        })
        .collect();
    let mine = |sq: Square| m.at(sq).is_some_and(|p| p.owner == me);
    for o in 0..2u8 {
        let carrier = if f.coup { o } else { 1 - o };
        let Some(flag) = f.squares[usize::from(o)] else { continue };
        if carrier != me.0 || !mine(flag) {
            continue;
        }
        for to in squares().filter(|&s| sq_side(s, flag) && mine(s)) {
            out.push(Action::Flag { from: flag, to });
        }
    }
    out
}

/// Whether `by` could capture the other seat's Duke with a candidate (ending on no barred Flag).
fn duke_capturable(m: &Model, f: &Flags, by: Seat) -> bool {
    let Some(duke) = m.duke(Seat(1 - by.0)) else { return false };
    // A push of the Dragon is the Dragon's capture unless the reading counts it (reading 69).
    let pushes = m.readings.dragon_push == theduke_rules::DragonPush::Counted;
    flag_candidates(m, f, by)
        .into_iter()
        .filter(|a| pushes || !matches!(a, Action::Enrage { .. }))
        .any(|a| m.captured_square(by, a) == Some(duke))
}

/// Guard by the reference: whether the opponent could capture `seat`'s Duke with one of
/// his candidates now.
pub fn flag_in_guard(state: &ExpandedDuke, seat: Seat) -> bool {
    duke_capturable(&model(state), &Flags::of(state), Seat(1 - seat.0))
}

/// The squares beside `me`'s Duke where a new tile may go: never a Flag's (a placement is
/// no move, reading 61); with the Duke-danger rule kept, only where the Duke stays safe.
fn placements(m: &Model, f: &Flags, me: Seat, kind: TileKind) -> Vec<Square> {
    m.beside_duke(me)
        .into_iter()
        .filter(|&s| !f.is_flag(s))
        .filter(|&s| {
            if f.lifted {
                return true;
            }
            // A placement scoring the third point wins: no next turn (reading 71).
            if let Some(opp_flag) = f.squares[usize::from(1 - me.0)]
                && f.coup
                && f.points[me.index()] == 2
                && sq_side(s, opp_flag)
            {
                return true;
            }
            let frozen_before = m.frozen();
            let mut next = m.clone();
            next.set(s, Some(Piece::new(kind, me)));
            // The placement ends the turn: as in `Model::after`, only `me`'s frozen tiles
            // stay so (reading 24's other reading thaws the opponent's at his turn).
            next.held = frozen_before.into_iter().filter(|&sq| next.at(sq).is_some_and(|p| p.owner == me)).collect();
            !duke_capturable(&next, f, Seat(1 - me.0))
        })
        .collect()
}

/// The Duke-danger rule for a Divination (reading 70), with the Flags' placements.
fn divine_allowed(m: &Model, f: &Flags, me: Seat, action: Action) -> bool {
    let flipped = m.after(me, action);
    let n = m.divination_draws(me) as usize;
    super::expanded::divine_ok(&m.bag[me.index()], n, &m.readings, |k| !placements(&flipped, f, me, k).is_empty())
}

/// The Duke-danger rule for a candidate, when kept. Taking the opposing Duke does not win
/// here, so it is checked like any capture; an action that wins (told by playing it on the
/// engine: the third point, the trophy home, the last enemy tile) leaves no next turn
/// (reading 71).
fn allowed(state: &ExpandedDuke, m: &Model, f: &Flags, me: Seat, action: Action) -> bool {
    if f.lifted {
        return match action {
            Action::Divine(_) => divine_allowed(m, f, me, action),
            _ => true,
        };
    }
    if action != Action::Draw && !matches!(action, Action::Divine(_)) {
        let mut next = state.clone();
        if duke_core::Game::apply(&mut next, me, action).is_ok()
            && matches!(next.phase(), Phase::Over(e) if e.winner == Some(me))
        {
            return true;
        }
    }
    let (next, flags) = match action {
        Action::Flag { from, to } => {
            // A pass ends the turn like any action: as in `Model::after`, only `me`'s frozen
            // tiles stay so (reading 24's other reading thaws the opponent's at his turn).
            let frozen_before = m.frozen();
            let mut next = m.clone();
            next.to_move = Seat(1 - me.0);
            next.held = frozen_before.into_iter().filter(|&sq| next.at(sq).is_some_and(|p| p.owner == me)).collect();
            (next, f.carried(from, to))
        }
        Action::Divine(_) => return divine_allowed(m, f, me, action),
        _ => {
            let flags = match ends(action) {
                Some((Some(from), to)) if !matches!(action, Action::Enrage { .. }) => f.carried(from, to),
                _ => match action {
                    Action::Enrage { from, to, .. } => f.carried(from, to),
                    _ => *f,
                },
            };
            (m.after(me, action), flags)
        }
    };
    !duke_capturable(&next, &flags, Seat(1 - me.0))
}

/// Where a Flag may be placed in set-up, or moved after a point: open squares (no tile, no
/// terrain tile, not the other Flag).
fn open(m: &Model, f: &Flags, sq: Square) -> bool {
    m.at(sq).is_none() && Some(sq) != m.mountain && Some(sq) != m.fort && !m.dragon_on(sq) && !f.is_flag(sq)
}

/// The legal actions of any state of Counting Coup or Trophy Hunters by the reference.
pub fn flag_legal(state: &ExpandedDuke) -> BTreeSet<String> {
    let f = Flags::of(state);
    let me = state.side_to_move();
    let m = model(state);
    let mut out = BTreeSet::new();
    match state.phase() {
        Phase::SetupFlag => {
            // "The player who finished set-up last places his Flag Tile first": his own in
            // Counting Coup (on any edge); in Trophy Hunters the opponent's on the opponent's
            // home edge (reading 64), or his own on his own edge with the other reading.
            let owner = if f.coup || f.owner_places { me.0 } else { 1 - me.0 };
            for sq in squares().filter(|&s| open(&m, &f, s)) {
                let rim = sq.file() == 0 || sq.file() == 5 || sq.rank() == 0 || sq.rank() == 5;
                let home = sq.rank() == if owner == 0 { 0 } else { 5 };
                if (f.coup && rim) || (!f.coup && home) {
                    out.insert(format!("flag {sq}"));
                }
            }
        }
        Phase::MoveFlag => {
            let flag = f.squares[me.index()].unwrap();
            out.insert(format!("flag {flag}"));
            for sq in squares().filter(|&s| open(&m, &f, s)) {
                if squares().any(|t| sq_side(t, sq) && m.at(t).is_some_and(|p| p.owner == me)) {
                    out.insert(format!("flag {flag}-{sq}"));
                }
            }
        }
        Phase::Play => {
            for a in flag_candidates(&m, &f, me) {
                if allowed(state, &m, &f, me, a) {
                    out.insert(a.to_string());
                }
            }
            if super::expanded::draw_ok(&m.bag[me.index()], &m.readings, |k| !placements(&m, &f, me, k).is_empty()) {
                out.insert("draw".to_owned());
            }
        }
        Phase::Place { drawn } => {
            let all = || m.beside_duke(me).into_iter().filter(|&s| !f.is_flag(s)).collect();
            let squares = super::expanded::lenient(&m.readings, placements(&m, &f, me, drawn), all);
            out.extend(squares.into_iter().map(|s| format!("place {s}")));
        }
        Phase::Divine { .. } => {
            let none = m.hand.iter().all(|&k| placements(&m, &f, me, k).is_empty());
            let some_tile = m.readings.new_tile_danger == theduke_rules::NewTileDanger::SomeTile;
            for &kind in &m.hand {
                let squares = if none && some_tile {
                    m.beside_duke(me).into_iter().filter(|&s| !f.is_flag(s)).collect()
                } else {
                    placements(&m, &f, me, kind)
                };
                out.extend(squares.into_iter().map(|s| format!("keep {} {s}", kind.0)));
            }
        }
        _ => return legal(state),
    }
    out
}

/// Perft by the reference with the Flags (as `expanded_perft::perft`).
pub fn flag_perft(state: &ExpandedDuke, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let me = state.side_to_move();
    let before_turn = state.phase() == Phase::MoveFlag;
    let mut total = 0;
    for text in flag_legal(state) {
        let action: Action = text.parse().unwrap();
        let children: Vec<ExpandedDuke> = if action == Action::Draw {
            super::expanded_perft::drawn_children(state, me)
        } else {
            let mut child = state.clone();
            duke_core::Game::apply(&mut child, me, action).unwrap();
            vec![child]
        };
        for child in children {
            // A Flag move after a point comes before the owner's turn: the same ply.
            let same_ply = mid_turn(&child) || before_turn;
            total += if same_ply { flag_perft(&child, depth) } else { flag_perft(&child, depth - 1) };
        }
    }
    total
}
