//! The slow oracles the properties compare the engine with, written from the rulebook text
//! (icon by icon, square by square, no masks or tables), and the runner every property
//! goes through. The engine is read only through its public accessors.

use std::collections::{BTreeSet, HashSet};

use duke_core::Seat;
use duke_core::testing::Settings;
use duke_core::testing::invariants::{Bias, Coverage, StepCheck, check_steps};
use theduke_rules::testing::configs;
use theduke_rules::{Action, Duke, Icon, IconKind, Phase, Piece, Side, Square, TileDef, TileKind, TileSet};

/// The board as a plain array, `[file][rank]` (the layout of the reference generator).
pub type Grid = [[Option<Piece>; 6]; 6];

/// Random games per property (times `DUKE_TEST_SCALE`).
pub const CASES: u32 = 200;

/// Runs `invariant` over every step of `cases` random games of the tile set `S` with every
/// config (`theduke_rules::testing::configs`), optionally biased; panics with the shrunk
/// record on a failure, prints the property's coverage line and requires the rule's
/// situation to have arisen at least `at_least` times.
pub fn property<S: TileSet>(
    name: &str,
    cases: u32,
    bias: Option<Bias<Duke<S>>>,
    at_least: u64,
    invariant: impl Fn(&StepCheck<'_, Duke<S>>) -> Result<(), String>,
) -> Coverage {
    let settings = Settings { cases, max_steps: 400, max_game_actions: 1500, ..Settings::default() };
    run_property::<Duke<S>>(name, configs(), &settings, bias, at_least, invariant)
}

/// [`property`] for any game and configs (Expanded play: `expanded_duke_configs`), with
/// `max_steps` steps a game at most.
pub fn game_property<G: duke_core::Game>(
    name: &str,
    configs: impl proptest::strategy::Strategy<Value = G::Config>,
    cases: u32,
    bias: Option<Bias<G>>,
    at_least: u64,
    invariant: impl Fn(&StepCheck<'_, G>) -> Result<(), String>,
) -> Coverage {
    let settings = Settings { cases, max_steps: 300, max_game_actions: 1500, ..Settings::default() };
    run_property::<G>(name, configs, &settings, bias, at_least, invariant)
}

/// The runner of [`property`] and [`game_property`].
fn run_property<G: duke_core::Game>(
    name: &str,
    configs: impl proptest::strategy::Strategy<Value = G::Config>,
    settings: &Settings,
    bias: Option<Bias<G>>,
    at_least: u64,
    invariant: impl Fn(&StepCheck<'_, G>) -> Result<(), String>,
) -> Coverage {
    assert!(at_least > 0, "{name}: every property holds itself to a coverage threshold");
    let coverage = match check_steps::<G>(configs, settings, bias, invariant) {
        Ok(coverage) => coverage,
        Err(failure) => panic!("{name}: {failure}"),
    };
    eprintln!(
        "| {name:<70} | {:>5} | {:>7} | {:>6} | {at_least:>6} |",
        coverage.games, coverage.steps, coverage.reached
    );
    assert!(coverage.reached >= at_least, "{name} reached its situation too rarely: {coverage:?}, want {at_least}");
    coverage
}

pub fn grid<S: TileSet>(state: &Duke<S>) -> Grid {
    let mut g = [[None; 6]; 6];
    for sq in squares() {
        g[sq.file() as usize][sq.rank() as usize] = state.piece_at(sq);
    }
    g
}

pub fn squares() -> impl Iterator<Item = Square> {
    (0..36u8).filter_map(Square::new)
}

pub fn at(g: &Grid, sq: Square) -> Option<Piece> {
    g[sq.file() as usize][sq.rank() as usize]
}

fn put(g: &mut Grid, sq: Square, piece: Option<Piece>) {
    g[sq.file() as usize][sq.rank() as usize] = piece;
}

pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

pub fn flipped(piece: Piece) -> Piece {
    let side = if piece.side == Side::Start { Side::Back } else { Side::Start };
    Piece { side, ..piece }
}

/// The tiles of `seat` on the board with their squares.
pub fn tiles_of(g: &Grid, seat: Seat) -> Vec<(Square, Piece)> {
    squares().filter_map(|sq| at(g, sq).filter(|p| p.owner == seat).map(|p| (sq, p))).collect()
}

pub fn duke_of(g: &Grid, seat: Seat) -> Option<Square> {
    tiles_of(g, seat).into_iter().find(|(_, p)| p.kind == TileKind::DUKE).map(|(sq, _)| sq)
}

/// "Sharing a side" (rulebook "Set-up", "Place a New Troop Tile"): one file or one rank
/// apart, not both.
pub fn shares_a_side(a: Square, b: Square) -> bool {
    (a.file() - b.file()).abs() + (a.rank() - b.rank()).abs() == 1
}

/// Tiles in `seat`'s bag.
pub fn bag_total<S: TileSet>(state: &Duke<S>, seat: Seat) -> u32 {
    (0..state.tiles().len() as u8).map(|k| u32::from(state.bag_count(seat, TileKind(k)))).sum()
}

/// Tiles of `seat` captured so far.
pub fn captured_total<S: TileSet>(state: &Duke<S>, seat: Seat) -> u32 {
    (0..state.tiles().len() as u8).map(|k| u32::from(state.captured_count(seat, TileKind(k)))).sum()
}

/// The square `(dx, dy)` away from `from` as the owner sees it (rulebook "Orientation":
/// tiles face their owner, so seat 1's offsets are turned 180 degrees on the board).
/// `turned = false` gives the offset unturned, to show that the turn matters.
fn offset(from: Square, owner: Seat, dx: i8, dy: i8, turned: bool) -> Option<Square> {
    let sign = if owner.0 == 1 && turned { -1 } else { 1 };
    Square::at(from.file() + sign * dx, from.rank() + sign * dy)
}

/// One action an icon could name, and whether the icon allows it here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: IconKind,
    pub action: Action,
    pub allowed: bool,
}

/// Every action the tile on `from` could name with one icon of its current side, each
/// with whether that icon allows it (rulebook "Movement Icons"): Move needs a clear
/// straight path, Jump passes over anything, Slide goes until the first tile, Jump Slide
/// ignores the adjacent square first, Strike needs an enemy, Command moves a friend from
/// one Command square to another; nothing may end on a friend.
pub fn candidates(tiles: &[TileDef], g: &Grid, from: Square, turned: bool) -> Vec<Candidate> {
    let Some(piece) = at(g, from) else { return Vec::new() };
    let me = piece.owner;
    let friend = |sq: Square| at(g, sq).is_some_and(|p| p.owner == me);
    let enemy = |sq: Square| at(g, sq).is_some_and(|p| p.owner != me);
    let mut out = Vec::new();
    let mut command_squares = Vec::new();
    let icons: &[Icon] = tiles[piece.kind.index()].profile(piece.side);
    for icon in icons {
        let go = |to: Square, allowed: bool| Candidate { kind: icon.kind, action: Action::Move { from, to }, allowed };
        match icon.kind {
            IconKind::Move => {
                let Some(to) = offset(from, me, icon.dx, icon.dy, turned) else { continue };
                let steps = icon.dx.abs().max(icon.dy.abs());
                let clear = (1..steps).all(|k| {
                    offset(from, me, icon.dx.signum() * k, icon.dy.signum() * k, turned)
                        .is_some_and(|s| at(g, s).is_none())
                });
                out.push(go(to, clear && !friend(to)));
            }
            IconKind::Jump => {
                let Some(to) = offset(from, me, icon.dx, icon.dy, turned) else { continue };
                out.push(go(to, !friend(to)));
            }
            IconKind::Slide | IconKind::JumpSlide => {
                let (first, ux, uy) = match icon.kind {
                    IconKind::Slide => (1, icon.dx, icon.dy),
                    _ => (2, icon.dx / 2, icon.dy / 2),
                };
                let mut blocked = false;
                let mut k = first;
                while let Some(to) = offset(from, me, ux * k, uy * k, turned) {
                    out.push(go(to, !blocked && !friend(to)));
                    blocked |= at(g, to).is_some();
                    k += 1;
                }
            }
            IconKind::Strike => {
                let Some(target) = offset(from, me, icon.dx, icon.dy, turned) else { continue };
                out.push(Candidate {
                    kind: IconKind::Strike,
                    action: Action::Strike { from, target },
                    allowed: enemy(target),
                });
            }
            IconKind::Command => command_squares.extend(offset(from, me, icon.dx, icon.dy, turned)),
            // Compile-time tile sets carry neither (Expanded play: `expanded.rs`).
            IconKind::Dread | IconKind::Defense => {}
            other => panic!("the reference model does not know {other:?}"),
        }
    }
    for &a in &command_squares {
        for &b in &command_squares {
            if a != b {
                let action = Action::Command { by: from, from: a, to: b };
                out.push(Candidate { kind: IconKind::Command, action, allowed: friend(a) && !friend(b) });
            }
        }
    }
    out
}

/// The allowed candidates of every tile of `seat` (the rulebook's moves before the
/// Duke-danger rule).
pub fn pseudo(tiles: &[TileDef], g: &Grid, seat: Seat) -> HashSet<Action> {
    tiles_of(g, seat)
        .into_iter()
        .flat_map(|(sq, _)| candidates(tiles, g, sq, true))
        .filter(|c| c.allowed)
        .map(|c| c.action)
        .collect()
}

/// The square an action ends on or strikes.
pub fn target(action: Action) -> Option<Square> {
    match action {
        Action::Move { to, .. } | Action::Command { to, .. } => Some(to),
        Action::Strike { target, .. } => Some(target),
        _ => None,
    }
}

/// The board after `seat` does `action` (rulebook "Movement Icons", "Flip the Tile",
/// "Capturing Tiles", "Place a New Troop Tile"); `drawn` is the tile a placement puts down.
pub fn apply(g: &Grid, seat: Seat, action: Action, drawn: Option<TileKind>) -> Grid {
    let mut g = *g;
    match action {
        Action::Move { from, to } => {
            let piece = at(&g, from).map(flipped);
            put(&mut g, from, None);
            put(&mut g, to, piece);
        }
        Action::Strike { from, target } => {
            put(&mut g, target, None);
            let striker = at(&g, from).map(flipped);
            put(&mut g, from, striker);
        }
        Action::Command { by, from, to } => {
            let piece = at(&g, from);
            put(&mut g, from, None);
            put(&mut g, to, piece);
            let commander = at(&g, by).map(flipped);
            put(&mut g, by, commander);
        }
        Action::SetDuke(sq) => put(&mut g, sq, Some(Piece::new(TileKind::DUKE, seat))),
        Action::SetFootman(sq) => put(&mut g, sq, Some(Piece::new(TileKind::FOOTMAN, seat))),
        Action::Place(sq) => put(&mut g, sq, drawn.map(|k| Piece::new(k, seat))),
        Action::Draw => {}
        // Expanded play only (`common/expanded.rs` has its own model).
        Action::Summon { .. }
        | Action::Divine(_)
        | Action::Keep { .. }
        | Action::Return(_)
        | Action::Destroy(_)
        | Action::Escape { .. }
        | Action::Ransom { .. }
        | Action::Enrage { .. }
        | Action::Flag { .. }
        | Action::Pick(_)
        | Action::Deploy(_) => {}
        other => panic!("the reference model does not know {other:?}"),
    }
    g
}

/// Whether `by` could capture the other seat's Duke with one action on `g` (rulebook
/// "Capturing Tiles": the Duke is in Guard). A missing Duke counts as capturable.
pub fn capturable(tiles: &[TileDef], g: &Grid, by: Seat) -> bool {
    let Some(duke) = duke_of(g, other(by)) else { return true };
    pseudo(tiles, g, by).into_iter().any(|a| target(a) == Some(duke))
}

/// Rulebook "Putting the Duke Tile in Danger": `seat` may not do `action` if the opponent
/// could then capture its Duke; taking the opposing Duke ends the game and is always
/// allowed (RULES.md reading 4).
pub fn safe(tiles: &[TileDef], g: &Grid, seat: Seat, action: Action) -> bool {
    let takes_duke =
        target(action).and_then(|sq| at(g, sq)).is_some_and(|p| p.kind == TileKind::DUKE && p.owner != seat);
    takes_duke || !capturable(tiles, &apply(g, seat, action, None), other(seat))
}

/// Empty squares sharing a side with `seat`'s Duke where a new tile leaves the Duke safe
/// (rulebook "Place a New Troop Tile"; the Duke-danger rule applies, reading 3).
pub fn placements(tiles: &[TileDef], g: &Grid, seat: Seat) -> BTreeSet<Square> {
    let Some(duke) = duke_of(g, seat) else { return BTreeSet::new() };
    squares()
        .filter(|&sq| shares_a_side(sq, duke) && at(g, sq).is_none())
        .filter(|&sq| !capturable(tiles, &apply(g, seat, Action::Place(sq), Some(TileKind::FOOTMAN)), other(seat)))
        .collect()
}

/// Every legal action of the seat to act in `state`, from the rulebook alone.
pub fn legal<S: TileSet>(state: &Duke<S>) -> HashSet<Action> {
    let tiles = state.tiles();
    let g = grid(state);
    let me = state.side_to_move();
    match state.phase() {
        Phase::Over(_) => HashSet::new(),
        Phase::SetupDuke => {
            let rank = if me.0 == 0 { 0 } else { 5 };
            [2, 3].into_iter().filter_map(|f| Square::at(f, rank)).map(Action::SetDuke).collect()
        }
        Phase::SetupFootman { .. } => {
            let Some(duke) = duke_of(&g, me) else { return HashSet::new() };
            squares().filter(|&sq| shares_a_side(sq, duke) && at(&g, sq).is_none()).map(Action::SetFootman).collect()
        }
        Phase::Place { .. } => placements(tiles, &g, me).into_iter().map(Action::Place).collect(),
        Phase::Divine { .. }
        | Phase::Dismiss { .. }
        | Phase::Draft
        | Phase::Deploy
        | Phase::SetupFlag
        | Phase::MoveFlag => HashSet::new(),
        Phase::Play => {
            let mut out: HashSet<Action> =
                pseudo(tiles, &g, me).into_iter().filter(|&a| safe(tiles, &g, me, a)).collect();
            if bag_total(state, me) > 0 && !placements(tiles, &g, me).is_empty() {
                out.insert(Action::Draw);
            }
            out
        }
        other => panic!("the reference model does not know {other:?}"),
    }
}

/// The listed actions of the acting seat before the step, as a set.
pub fn listed<S: theduke_rules::TileSource>(step: &StepCheck<'_, Duke<S>>) -> HashSet<Action> {
    step.legal_before(step.seat).into_iter().collect()
}

/// The squares whose contents differ between two boards.
pub fn changed(a: &Grid, b: &Grid) -> BTreeSet<Square> {
    squares().filter(|&sq| at(a, sq) != at(b, sq)).collect()
}
