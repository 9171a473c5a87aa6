//! A deliberately simple reference move generator that follows the rulebook text
//! directly: a 6x6 array of cells, icon offsets walked square by square, and the
//! Duke-danger rule checked by trying every reply. No masks, no tables.
#![allow(dead_code, unused_imports, clippy::indexing_slicing, clippy::unwrap_used, clippy::needless_range_loop)]

pub mod abilities;
pub mod checked;
pub mod dragon;
pub mod expanded;
pub mod expanded_perft;
pub mod flags;
pub mod terrain;

use std::collections::{BTreeMap, BTreeSet};

use duke_core::Seat;
use theduke_rules::{Action, Duke, IconKind, Phase, Piece, STANDARD_TILES, Setup, Side, Square, TheDuke, TileKind};

pub type Grid = [[Option<Piece>; 6]; 6];

pub fn grid(state: &TheDuke) -> Grid {
    let mut g = [[None; 6]; 6];
    for i in 0..36u8 {
        let sq = Square::new(i).unwrap();
        g[sq.file() as usize][sq.rank() as usize] = state.piece_at(sq);
    }
    g
}

fn at(g: &Grid, f: i8, r: i8) -> Option<Option<Piece>> {
    if (0..6).contains(&f) && (0..6).contains(&r) { Some(g[f as usize][r as usize]) } else { None }
}

fn sq(f: i8, r: i8) -> Square {
    Square::at(f, r).unwrap()
}

/// Every action `me` could take ignoring the Duke-danger rule (the "pseudo" moves),
/// following the icon descriptions of the rulebook, p. 3-4.
pub fn pseudo(g: &Grid, me: Seat) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let flip = if me.0 == 0 { 1 } else { -1 };
    let friend = |c: Option<Piece>| matches!(c, Some(p) if p.owner == me);
    let enemy = |c: Option<Piece>| matches!(c, Some(p) if p.owner != me);
    for f in 0..6i8 {
        for r in 0..6i8 {
            let Some(piece) = g[f as usize][r as usize] else { continue };
            if piece.owner != me {
                continue;
            }
            let def = &STANDARD_TILES[piece.kind.index()];
            let icons = if piece.side == Side::Start { def.start } else { def.back };
            let mut command_squares = Vec::new();
            for icon in icons {
                let (dx, dy) = (icon.dx * flip, icon.dy * flip);
                match icon.kind {
                    IconKind::Move => {
                        let Some(target) = at(g, f + dx, r + dy) else { continue };
                        // "a clear and straight path": every square strictly between is empty.
                        let n = dx.abs().max(dy.abs());
                        let (sx, sy) = (dx.signum(), dy.signum());
                        let clear = (1..n).all(|k| at(g, f + sx * k, r + sy * k) == Some(None));
                        if clear && !friend(target) {
                            out.insert(format!("{}-{}", sq(f, r), sq(f + dx, r + dy)));
                        }
                    }
                    IconKind::Jump => {
                        let Some(target) = at(g, f + dx, r + dy) else { continue };
                        if !friend(target) {
                            out.insert(format!("{}-{}", sq(f, r), sq(f + dx, r + dy)));
                        }
                    }
                    IconKind::Slide | IconKind::JumpSlide => {
                        let (sx, sy, start) =
                            if icon.kind == IconKind::Slide { (dx, dy, 1) } else { (dx / 2, dy / 2, 2) };
                        let mut k = start;
                        while let Some(cell) = at(g, f + sx * k, r + sy * k) {
                            if friend(cell) {
                                break;
                            }
                            out.insert(format!("{}-{}", sq(f, r), sq(f + sx * k, r + sy * k)));
                            if enemy(cell) {
                                break;
                            }
                            k += 1;
                        }
                    }
                    IconKind::Strike => {
                        if let Some(cell) = at(g, f + dx, r + dy)
                            && enemy(cell)
                        {
                            out.insert(format!("{}*{}", sq(f, r), sq(f + dx, r + dy)));
                        }
                    }
                    IconKind::Command => {
                        if at(g, f + dx, r + dy).is_some() {
                            command_squares.push((f + dx, r + dy));
                        }
                    }
                    // No standard tile carries them (Expanded play: `expanded.rs`).
                    IconKind::Dread | IconKind::Defense => {}
                    other => panic!("the reference does not know the icon {other:?}"),
                }
            }
            for &(af, ar) in &command_squares {
                for &(bf, br) in &command_squares {
                    if (af, ar) != (bf, br) && friend(at(g, af, ar).unwrap()) && !friend(at(g, bf, br).unwrap()) {
                        out.insert(format!("{}:{}-{}", sq(f, r), sq(af, ar), sq(bf, br)));
                    }
                }
            }
        }
    }
    out
}

fn find_duke(g: &Grid, seat: Seat) -> Option<(i8, i8)> {
    for f in 0..6 {
        for r in 0..6 {
            if let Some(p) = g[f][r]
                && p.owner == seat
                && p.kind == TileKind::DUKE
            {
                return Some((f as i8, r as i8));
            }
        }
    }
    None
}

/// The grid after a pseudo action, by the rulebook's description of each icon.
fn after(g: &Grid, action: &str) -> Grid {
    let mut g = *g;
    let a: Action = action.parse().unwrap();
    let cell = |s: Square| (s.file() as usize, s.rank() as usize);
    let flip = |p: Piece| Piece { side: if p.side == Side::Start { Side::Back } else { Side::Start }, ..p };
    match a {
        Action::Move { from, to } => {
            let (ff, fr) = cell(from);
            let (tf, tr) = cell(to);
            let p = g[ff][fr].take().unwrap();
            g[tf][tr] = Some(flip(p));
        }
        Action::Strike { from, target } => {
            let (tf, tr) = cell(target);
            g[tf][tr] = None;
            let (ff, fr) = cell(from);
            g[ff][fr] = g[ff][fr].map(flip);
        }
        Action::Command { by, from, to } => {
            let (ff, fr) = cell(from);
            let (tf, tr) = cell(to);
            let p = g[ff][fr].take();
            g[tf][tr] = p;
            let (bf, br) = cell(by);
            g[bf][br] = g[bf][br].map(flip);
        }
        _ => unreachable!(),
    }
    g
}

/// Could `by` capture the other seat's Duke with any pseudo action?
pub fn duke_capturable(g: &Grid, by: Seat) -> bool {
    let victim = Seat(1 - by.0);
    let Some((df, dr)) = find_duke(g, victim) else { return true };
    let target = sq(df, dr).to_string();
    pseudo(g, by).iter().any(|a| {
        a.ends_with(&target)
            && (a.contains('-') || a.contains('*'))
            && (a.rsplit(['-', '*']).next() == Some(target.as_str()))
    })
}

/// The legal actions of the player to act, as notation strings.
pub fn legal(state: &TheDuke) -> BTreeSet<String> {
    let g = grid(state);
    let me = state.side_to_move();
    let mut out = BTreeSet::new();
    match state.phase() {
        Phase::Over(_) => {}
        Phase::SetupDuke => {
            let r = if me.0 == 0 { 0 } else { 5 };
            for f in [2, 3] {
                out.insert(format!("duke {}", sq(f, r)));
            }
        }
        Phase::SetupFootman { .. } => {
            let (df, dr) = find_duke(&g, me).unwrap();
            for (x, y) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if at(&g, df + x, dr + y) == Some(None) {
                    out.insert(format!("footman {}", sq(df + x, dr + y)));
                }
            }
        }
        // Expanded play only (`expanded.rs`).
        Phase::Divine { .. }
        | Phase::Dismiss { .. }
        | Phase::Draft
        | Phase::Deploy
        | Phase::SetupFlag
        | Phase::MoveFlag => {}
        Phase::Place { .. } => {
            for s in placements(&g, me) {
                out.insert(format!("place {s}"));
            }
        }
        Phase::Play => {
            let bag: u32 = (0..15).map(|k| u32::from(state.bag_count(me, TileKind(k)))).sum();
            out = legal_in_play(&g, me, bag);
        }
        other => panic!("the reference does not know the phase {other:?}"),
    }
    out
}

/// The legal actions of `me` in the turn phase on `g`, with `bag` tiles in its bag.
pub fn legal_in_play(g: &Grid, me: Seat, bag: u32) -> BTreeSet<String> {
    let opp = Seat(1 - me.0);
    let mut out = BTreeSet::new();
    let enemy_duke = find_duke(g, opp).map(|(f, r)| sq(f, r).to_string());
    for a in pseudo(g, me) {
        let takes_duke = enemy_duke.as_ref().is_some_and(|d| a.rsplit(['-', '*']).next() == Some(d.as_str()));
        if takes_duke || !duke_capturable(&after(g, &a), opp) {
            out.insert(a);
        }
    }
    if bag > 0 && !placements(g, me).is_empty() {
        out.insert("draw".to_owned());
    }
    out
}

/// Empty squares sharing a side with the Duke where a new tile leaves it safe.
pub fn placements(g: &Grid, me: Seat) -> Vec<Square> {
    let Some((df, dr)) = find_duke(g, me) else { return Vec::new() };
    let mut out = Vec::new();
    for (x, y) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
        if at(g, df + x, dr + y) == Some(None) {
            let mut g2 = *g;
            g2[(df + x) as usize][(dr + y) as usize] = Some(Piece::new(TileKind::FOOTMAN, me));
            if !duke_capturable(&g2, Seat(1 - me.0)) {
                out.push(sq(df + x, dr + y));
            }
        }
    }
    out.sort();
    out
}

/// Perft with the reference generator (draws expanded per distinct tile type).
pub fn perft(state: &TheDuke, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for a in legal(state) {
        let action: Action = a.parse().unwrap();
        if action == Action::Draw {
            let me = state.side_to_move();
            for k in 0..15u8 {
                if state.bag_count(me, TileKind(k)) == 0 {
                    continue;
                }
                let drawn = state.with_drawn(TileKind(k)).unwrap();
                for s in placements(&grid(&drawn), me) {
                    let mut child = drawn;
                    child.play(me, Action::Place(s)).unwrap();
                    total += perft(&child, depth - 1);
                }
            }
        } else {
            let mut child = *state;
            child.play(state.side_to_move(), action).unwrap();
            total += perft(&child, depth - 1);
        }
    }
    total
}

pub fn p(kind: u8, owner: u8, side: Side) -> Piece {
    Piece { kind: TileKind(kind), side, owner: Seat(owner) }
}

pub fn s(name: &str) -> Square {
    name.parse().unwrap()
}

/// Rulebook "Contents": the troop tiles of one set.
pub const CONTENTS: [(&str, u8); 15] = [
    ("Duke", 1),
    ("Footman", 3),
    ("Pikeman", 3),
    ("Knight", 1),
    ("Wizard", 1),
    ("Ranger", 1),
    ("Seer", 1),
    ("General", 1),
    ("Priest", 1),
    ("Champion", 1),
    ("Marshall", 1),
    ("Bowman", 1),
    ("Dragoon", 1),
    ("Assassin", 1),
    ("Longbowman", 1),
];

pub type Game = Duke;

/// The tiles of a position, by square name.
pub fn board(tiles: &[(&str, Piece)]) -> BTreeMap<Square, Piece> {
    tiles.iter().map(|&(sq, piece)| (s(sq), piece)).collect()
}

/// A position in the turn phase with the default config and seed 1: these tiles,
/// `to_move` to act, every other tile in its owner's bag.
pub fn in_play(tiles: &[(&str, Piece)], to_move: u8) -> Setup {
    Setup { board: board(tiles), phase: Phase::Play, to_move: Seat(to_move), seed: 1, ..Setup::default() }
}

/// [`in_play`] as a game.
pub fn game(tiles: &[(&str, Piece)], to_move: u8) -> TheDuke {
    TheDuke::from_setup(&in_play(tiles, to_move)).unwrap()
}

/// The base box and a Banshee, a custom tile (one, not on the board at the start) whose Dread
/// icons cover the four squares sharing a side with it, on both sides.
pub fn banshee_tiles() -> theduke_rules::TileSetSpec {
    let dread = r#"[{"kind": "Dread", "dx": 0, "dy": 1}, {"kind": "Dread", "dx": 0, "dy": -1},
        {"kind": "Dread", "dx": 1, "dy": 0}, {"kind": "Dread", "dx": -1, "dy": 0}]"#;
    let banshee = format!(r#"{{"name": "Banshee", "abbrev": "Bn", "count": 1, "start": {dread}, "back": {dread}}}"#);
    let mut spec = theduke_rules::TileSetSpec::standard();
    spec.tiles.push(serde_json::from_str(&banshee).unwrap());
    spec
}
