//! What a player or spectator sees. In The Duke everything is public (the board, both
//! bags' contents, captured tiles, and both sides of every tile, printed on the tile),
//! except which tile the next draw will produce (the generator is never shown) and, in
//! Expanded play, which tiles a Divination drew (only the diviner sees them).

use core::fmt;

use duke_core::{Observer, Seat};
use serde::{Deserialize, Serialize};

use crate::board::Square;
use crate::source::hand_kinds;
use crate::source::{ExtraState, TileSource};
use crate::state::{Duke, Phase, Piece};
use crate::terrain::{Facing, Terrain};
use crate::tiles::{Side, TileKind};

/// An observer's view of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub observer: Observer,
    /// The 36 squares `a1, b1, .., f6`.
    pub board: Vec<Option<Piece>>,
    /// Per seat, tiles in the bag by tile type.
    pub bags: Vec<Vec<u8>>,
    /// Per seat, that seat's tiles captured by the opponent, by tile type.
    pub captured: Vec<Vec<u8>>,
    /// The two-letter abbreviation of each tile type.
    pub abbrevs: Vec<String>,
    /// The full name of each tile type.
    pub names: Vec<String>,
    /// The phase.
    pub phase: Phase,
    /// The seat to act.
    pub to_move: Seat,
    /// Completed turns.
    pub turns: u32,
    /// The turn limit, if any.
    pub turn_limit: Option<u32>,
    /// Whether each seat's Duke is in Guard.
    pub in_guard: Vec<bool>,
    /// Expanded play: per seat, its tiles sacrificed or destroyed (beside the board, not
    /// captured by the opponent), by tile type; empty while there are none (always in the
    /// standard game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<Vec<u8>>,
    /// Expanded play: the squares of the tiles Dread freezes now (a function of the board; with
    /// [`DreadThaw::ControllerTurn`](crate::DreadThaw::ControllerTurn) also the tiles still
    /// frozen that no icon covers any more).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frozen: Vec<Square>,
    /// Expanded play: how many divined tiles the seat to act holds.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub hand_size: u8,
    /// Expanded play: the divined tiles, by type, for the diviner only (`None` for everyone
    /// else, whose `bags` count them in the diviner's bag: reading 30); for every observer
    /// with [`DivinationShown::Everyone`](crate::DivinationShown::Everyone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Vec<TileKind>>,
    /// Expanded play: where the terrain tiles stand (public; empty without them).
    #[serde(default, skip_serializing_if = "Terrain::is_empty")]
    pub terrain: Terrain,
    /// Dynastic Dispute: the tile types still to pick in the draft (empty otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draft_pool: Vec<TileKind>,
    /// Counting Coup: each seat's points (empty in any other game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<u8>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl<S: TileSource> Duke<S> {
    /// The view of `observer`: everything is public but the tiles a Divination drew, which
    /// only the diviner sees (the others count them in his bag), unless
    /// [`DivinationShown::Everyone`](crate::DivinationShown::Everyone).
    pub fn view_of(&self, observer: Observer) -> View {
        let per_seat = |f: &dyn Fn(Seat, TileKind) -> u8| -> Vec<Vec<u8>> {
            (0..2u8).map(|o| (0..self.set.kinds()).map(|k| f(Seat(o), TileKind(k as u8))).collect()).collect()
        };
        let hand: Vec<TileKind> = hand_kinds(self.extra.hand()).collect();
        let diviner = Seat(self.to_move);
        let sees_hand = self.sees_divined(diviner, observer);
        let in_bag = |s: Seat, k: TileKind| {
            let hidden = if s == diviner && !sees_hand { hand.iter().filter(|&&h| h == k).count() as u8 } else { 0 };
            self.bag_count(s, k).saturating_add(hidden)
        };
        View {
            observer,
            board: (0..36u8).map(|i| Square::new(i).and_then(|s| self.piece_at(s))).collect(),
            bags: per_seat(&in_bag),
            captured: per_seat(&|s, k| self.captured_count(s, k)),
            abbrevs: (0..self.set.kinds()).filter_map(|k| self.set.tile(k)).map(|t| t.abbrev.to_owned()).collect(),
            names: (0..self.set.kinds()).filter_map(|k| self.set.tile(k)).map(|t| t.name.to_owned()).collect(),
            phase: self.phase,
            to_move: Seat(self.to_move),
            turns: self.turns,
            turn_limit: self.config().turn_limit,
            in_guard: vec![self.in_guard(Seat(0)), self.in_guard(Seat(1))],
            removed: if self.extra.removed(0) | self.extra.removed(1) != 0 {
                per_seat(&|s, k| self.removed_count(s, k))
            } else {
                Vec::new()
            },
            frozen: Square::iter(self.frozen()).collect(),
            hand_size: hand.len() as u8,
            hand: (sees_hand && !hand.is_empty()).then_some(hand),
            terrain: self.terrain(),
            draft_pool: (0..32u8).filter(|k| self.draft_pool() & (1 << k) != 0).map(TileKind).collect(),
            points: if self.counting_coup() { vec![self.points(Seat(0)), self.points(Seat(1))] } else { Vec::new() },
        }
    }
}

impl View {
    fn abbrev(&self, kind: usize) -> &str {
        self.abbrevs.get(kind).map_or("??", String::as_str)
    }

    /// A heuristic for `seat` (higher is better): its tiles still in play (on the board or
    /// in the bag) minus the opponent's, with Footmen and Pikemen worth 1 and every other
    /// tile 2; being in Guard costs 1; a won or lost game is +/-1000.
    pub fn material(&self, seat: Seat) -> f64 {
        let value = |k: usize| {
            if k == 1 || k == 2 {
                1.0
            } else if k == 0 {
                0.0
            } else {
                2.0
            }
        };
        let mut score = 0.0;
        for p in self.board.iter().flatten() {
            let v = value(p.kind.index());
            score += if p.owner == seat { v } else { -v };
        }
        for (o, bag) in self.bags.iter().enumerate() {
            let sign = if o == seat.index() { 1.0 } else { -1.0 };
            score += sign * bag.iter().enumerate().map(|(k, &n)| value(k) * f64::from(n)).sum::<f64>();
        }
        if let Some(&g) = self.in_guard.get(seat.index())
            && g
        {
            score -= 1.0;
        }
        if let Phase::Over(end) = self.phase {
            match end.winner {
                Some(w) if w == seat => score += 1000.0,
                Some(_) => score -= 1000.0,
                None => {}
            }
        }
        score
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     a    b    c    d    e    f")?;
        for rank in (0..6).rev() {
            write!(f, " {} ", rank + 1)?;
            for file in 0..6 {
                let cell = self.board.get(rank * 6 + file).copied().flatten();
                let here = Square::at(file as i8, rank as i8);
                let mountain = here.is_some() && here == self.terrain.mountain;
                let fort = here.is_some() && here == self.terrain.fort;
                let dragon = self.terrain.dragon.filter(|d| Some(d.square) == here);
                let flag = self.terrain.flags.iter().position(|f| f.is_some() && *f == here);
                match cell {
                    None if dragon.is_some() => {
                        let arrow = match dragon.map(|d| d.facing) {
                            Some(Facing::North) => '^',
                            Some(Facing::East) => '>',
                            Some(Facing::South) => 'v',
                            _ => '<',
                        };
                        let side = if dragon.is_some_and(|d| d.enraged) { '!' } else { ' ' };
                        write!(f, " @{arrow}{side} ")?
                    }
                    None if flag.is_some() => write!(f, " <{}> ", flag.unwrap_or(0))?,
                    None if mountain => write!(f, " /^\\ ")?,
                    None if fort => write!(f, " [ ] ")?,
                    None => write!(f, "  .  ")?,
                    Some(p) => {
                        let ab = self.abbrev(p.kind.index());
                        let name = if p.owner.0 == 0 { ab.to_ascii_uppercase() } else { ab.to_ascii_lowercase() };
                        let side = if p.side == Side::Start { '+' } else { '-' };
                        let (open, close) = match (fort, flag) {
                            (true, _) => ('[', ']'),
                            (false, Some(_)) => ('<', '>'),
                            (false, None) => (' ', ' '),
                        };
                        write!(f, "{open}{name}{side}{close}")?;
                    }
                }
            }
            writeln!(f, " {}", rank + 1)?;
        }
        writeln!(f, "     a    b    c    d    e    f")?;
        writeln!(f, "UPPER = P0 (home rank 1), lower = P1 (home rank 6); + starting side, - other side")?;
        let key: Vec<String> = self.abbrevs.iter().zip(&self.names).map(|(a, n)| format!("{a}={n}")).collect();
        writeln!(f, "{}", key.join(" "))?;
        for o in 0..2 {
            let list = |counts: Option<&Vec<u8>>| -> String {
                let parts: Vec<String> = counts
                    .map(|c| {
                        c.iter()
                            .enumerate()
                            .filter(|&(_, &n)| n > 0)
                            .map(|(k, &n)| format!("{}x{n}", self.abbrev(k)))
                            .collect()
                    })
                    .unwrap_or_default();
                if parts.is_empty() { "-".to_owned() } else { parts.join(" ") }
            };
            let guard = if self.in_guard.get(o).copied().unwrap_or(false) { "  [Duke in GUARD]" } else { "" };
            write!(f, "P{o} bag: {}  | lost: {}", list(self.bags.get(o)), list(self.captured.get(o)))?;
            if self.removed.get(o).is_some_and(|r| r.iter().any(|&n| n > 0)) {
                write!(f, "  | sacrificed or destroyed: {}", list(self.removed.get(o)))?;
            }
            writeln!(f, "{guard}")?;
        }
        if !self.terrain.is_empty() {
            let mut parts = Vec::new();
            if let Some(m) = self.terrain.mountain {
                parts.push(format!("Mountain /^\\ on {m}"));
            }
            if let Some(fort) = self.terrain.fort {
                parts.push(format!("Fort [ ] on {fort}"));
            }
            if let Some(d) = self.terrain.dragon {
                let side = if d.enraged { "enraged" } else { "calm" };
                parts.push(format!("Dragon @ on {} facing {:?}, {side}", d.square, d.facing));
            }
            for (o, flag) in self.terrain.flags.iter().enumerate() {
                if let Some(sq) = flag {
                    parts.push(format!("P{o}'s Flag <{o}> on {sq}"));
                }
            }
            writeln!(f, "Terrain: {}", parts.join(", "))?;
        }
        if let [a, b] = self.points[..] {
            writeln!(f, "Points: P0 {a}, P1 {b} (three win)")?;
        }
        if !self.frozen.is_empty() {
            let squares: Vec<String> = self.frozen.iter().map(ToString::to_string).collect();
            writeln!(f, "Frozen by Dread: {}", squares.join(" "))?;
        }
        if let Some(hand) = &self.hand {
            let tiles: Vec<String> = hand.iter().map(|k| format!("{} ({})", self.abbrev(k.index()), k.0)).collect();
            writeln!(f, "Divined tiles in hand: {}", tiles.join(" "))?;
        }
        match self.phase {
            Phase::Over(end) => match end.winner {
                Some(w) => write!(f, "Game over after {} turns: {w} wins ({:?})", self.turns, end.reason),
                None => write!(f, "Game over after {} turns: draw ({:?})", self.turns, end.reason),
            },
            Phase::Place { drawn } => {
                let name = self.names.get(drawn.index()).map_or("?", String::as_str);
                write!(f, "{} drew a {name}: place it beside the Duke (place <square>)", self.to_move)
            }
            Phase::SetupDuke => write!(f, "Set-up: {} places the Duke (duke <square>)", self.to_move),
            Phase::Deploy => {
                write!(f, "Dark Rider set-up: {} places a tile on his edge (deploy <square>)", self.to_move)
            }
            Phase::Draft => {
                let pool: Vec<String> =
                    self.draft_pool.iter().map(|k| format!("{} ({})", self.abbrev(k.index()), k.0)).collect();
                write!(f, "Draft: {} picks a tile type (pick <type>): {}", self.to_move, pool.join(" "))
            }
            Phase::SetupFootman { .. } => write!(f, "Set-up: {} places a Footman (footman <square>)", self.to_move),
            Phase::Play => write!(f, "Turn {}: {} to act", self.turns.saturating_add(1), self.to_move),
            Phase::SetupFlag => write!(f, "Set-up: {} places a Flag (flag <square>)", self.to_move),
            Phase::MoveFlag => write!(
                f,
                "{} may move its Flag beside one of its tiles (flag <from>-<to>) or leave it (flag <square>)",
                self.to_move
            ),
            Phase::Divine { drawn } => {
                write!(f, "{} divined {drawn} tiles: keep one (keep <type> <square>)", self.to_move)
            }
            Phase::Dismiss { left } => write!(
                f,
                "{} has {left} divined tiles to put back (return <type>) or destroy (destroy <type>)",
                self.to_move
            ),
        }
    }
}
