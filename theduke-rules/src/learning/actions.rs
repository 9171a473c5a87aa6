//! The action index: one block per variant of [`Action`], in the order of the module docs
//! ([`super`]), each block sized by the config alone.

use super::geometry::{
    LINE_PAIRS, NEIGHBOUR_PAIRS, Reach, ReachTable, line_index, line_pair, neighbour_index, neighbour_pair,
    start_index, start_square,
};
use super::mask::Marks;
use crate::{
    Ability, Action, EscapeCost, Facing, Icon, IconKind, Objective, RansomTrade, Square, TileDef, TileKind, TileSource,
};

/// The blocks, in index order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Block {
    SetDuke,
    SetFootman,
    Move,
    Strike,
    Command,
    Draw,
    Place,
    Pick,
    Deploy,
    Summon,
    Divine,
    Keep,
    Return,
    Destroy,
    EscapeSacrifice,
    EscapeRansom,
    Ransom,
    Enrage,
    Flag,
}

const BLOCKS: [Block; 19] = [
    Block::SetDuke,
    Block::SetFootman,
    Block::Move,
    Block::Strike,
    Block::Command,
    Block::Draw,
    Block::Place,
    Block::Pick,
    Block::Deploy,
    Block::Summon,
    Block::Divine,
    Block::Keep,
    Block::Return,
    Block::Destroy,
    Block::EscapeSacrifice,
    Block::EscapeRansom,
    Block::Ransom,
    Block::Enrage,
    Block::Flag,
];

const SQUARES: usize = 36;
/// The Dragon's aims an enraging names: north, south, or none (a tile taken where it lands).
const AIMS: usize = 3;
/// The Duke's starting squares, where an Escape or a Ransom lands.
const STARTS: usize = 4;

/// The action layout of one config: what its tiles and options can produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ActionLayout {
    /// Tile types of the set.
    kinds: usize,
    /// The reach of Move, Jump, Slide and Jump Slide icons (`None`: no such icon).
    moves: Option<ReachTable>,
    /// The reach of Strike icons.
    strikes: Option<ReachTable>,
    /// The reach of Command icons.
    commands: Option<ReachTable>,
    summon: bool,
    divination: bool,
    escape: bool,
    /// Tile types with Ransom (bit `k`: type `k`).
    ransoms: u32,
    /// Tile types a Ransom trade may take back: those with Escape, or every type with
    /// [`RansomTrade::AnyTile`].
    takes: u32,
    pick: bool,
    deploy: bool,
    enrage: bool,
    flag: bool,
    /// The first index of each block, then the count (filled by `of`).
    starts: [usize; BLOCKS.len() + 1],
}

/// The position of type `kind` among the types of `mask`.
fn rank_in(mask: u32, kind: TileKind) -> Option<usize> {
    let bit = 1u32.checked_shl(u32::from(kind.0))?;
    (mask & bit != 0).then(|| (mask & (bit - 1)).count_ones() as usize)
}

/// The `n`th type of `mask`.
fn nth_in(mask: u32, n: usize) -> Option<TileKind> {
    let mut rest = mask;
    for _ in 0..n {
        rest &= rest.wrapping_sub(1);
    }
    (rest != 0).then(|| TileKind(rest.trailing_zeros() as u8))
}

/// The square of index `i`, which the caller keeps below 36.
fn square(i: usize) -> Option<Square> {
    u8::try_from(i).ok().and_then(Square::new)
}

fn kind(i: usize) -> Option<TileKind> {
    u8::try_from(i).ok().map(TileKind)
}

/// What the action layout is worked out from: the reaches of the icon families, the
/// abilities and the options of one config.
#[derive(Clone, Copy, Debug)]
struct Features {
    kinds: usize,
    moves: Option<Reach>,
    strikes: Option<Reach>,
    commands: Option<Reach>,
    summon: bool,
    divination: bool,
    /// Tile types with Escape (bit `k`: type `k`).
    escapes: u32,
    ransoms: u32,
    any_take: bool,
    pick: bool,
    deploy: bool,
    enrage: bool,
    flag: bool,
}

impl Features {
    /// No icon, ability or option: `kinds` types.
    const fn none(kinds: usize) -> Features {
        Features {
            kinds,
            moves: None,
            strikes: None,
            commands: None,
            summon: false,
            divination: false,
            escapes: 0,
            ransoms: 0,
            any_take: false,
            pick: false,
            deploy: false,
            enrage: false,
            flag: false,
        }
    }

    /// Widens the reaches by `icon`.
    const fn add_icon(&mut self, icon: &Icon) {
        let (dx, dy) = (icon.dx.unsigned_abs(), icon.dy.unsigned_abs());
        // A slide runs to the edge: its reach is the whole board along its line.
        let (fx, fy) = (if dx > 0 { 5 } else { 0 }, if dy > 0 { 5 } else { 0 });
        match icon.kind {
            IconKind::Move | IconKind::Jump => self.moves = Reach::widened(self.moves, dx, dy),
            IconKind::Slide | IconKind::JumpSlide => self.moves = Reach::widened(self.moves, fx, fy),
            IconKind::Strike => self.strikes = Reach::widened(self.strikes, dx, dy),
            IconKind::Command => self.commands = Reach::widened(self.commands, dx, dy),
            IconKind::Dread | IconKind::Defense => {}
        }
    }
}

impl ActionLayout {
    /// The layout of `set`'s config: read from its tiles (their icons and abilities) and
    /// options (objective, terrain, readings), never from the position.
    pub(crate) fn of<S: TileSource>(set: &S) -> ActionLayout {
        let mut f = Features::none(set.kinds().min(32));
        for k in 0..f.kinds {
            let Some(tile) = set.tile(k) else { continue };
            for icon in tile.start.iter().chain(tile.back) {
                f.add_icon(icon);
            }
            let abilities = tile.abilities;
            f.summon |= abilities.has(Ability::Summon);
            f.divination |= abilities.has(Ability::Divination);
            if abilities.has(Ability::Escape) {
                f.escapes |= 1 << k;
            }
            if abilities.has(Ability::Ransom) {
                f.ransoms |= 1 << k;
            }
        }
        let objective = set.objective();
        f.any_take = set.readings().ransom_trade == RansomTrade::AnyTile;
        f.pick = objective == Objective::DynasticDispute;
        f.deploy = matches!(objective, Objective::DarkRider(_));
        f.enrage = set.terrain().dragon;
        f.flag = objective.has_flags();
        ActionLayout::build(f)
    }

    /// The layout of a compile-time set of `tiles` (no ability, no option), evaluated at
    /// compile time: the same as [`of`](Self::of) gives for such a set.
    #[allow(clippy::indexing_slicing)] // evaluated at compile time, within the loops' bounds
    pub(crate) const fn compiled(tiles: &[TileDef]) -> ActionLayout {
        let mut f = Features::none(if tiles.len() < 32 { tiles.len() } else { 32 });
        let mut k = 0;
        while k < f.kinds {
            let (start, back) = (tiles[k].start, tiles[k].back);
            let mut i = 0;
            while i < start.len() {
                f.add_icon(&start[i]);
                i += 1;
            }
            i = 0;
            while i < back.len() {
                f.add_icon(&back[i]);
                i += 1;
            }
            k += 1;
        }
        ActionLayout::build(f)
    }

    /// The layout of `f`, with its blocks' offsets.
    #[allow(clippy::indexing_slicing)] // evaluated within the arrays' fixed lengths
    const fn build(f: Features) -> ActionLayout {
        let kinds = f.kinds;
        let all = if kinds >= 32 { u32::MAX } else { (1u32 << kinds) - 1 };
        let mut layout = ActionLayout {
            kinds,
            moves: match f.moves {
                Some(r) => Some(ReachTable::new(r)),
                None => None,
            },
            strikes: match f.strikes {
                Some(r) => Some(ReachTable::new(r)),
                None => None,
            },
            commands: match f.commands {
                Some(r) => Some(ReachTable::new(r)),
                None => None,
            },
            summon: f.summon,
            divination: f.divination,
            escape: f.escapes != 0,
            ransoms: f.ransoms,
            takes: if f.any_take { all } else { f.escapes },
            pick: f.pick,
            deploy: f.deploy,
            enrage: f.enrage,
            flag: f.flag,
            starts: [0; BLOCKS.len() + 1],
        };
        let mut start = 0;
        let mut b = 0;
        while b < BLOCKS.len() {
            layout.starts[b] = start;
            start += layout.size(BLOCKS[b]);
            b += 1;
        }
        layout.starts[BLOCKS.len()] = start;
        layout
    }

    /// How many indices `block` takes.
    pub(crate) const fn size(&self, block: Block) -> usize {
        const fn on(b: bool, n: usize) -> usize {
            if b { n } else { 0 }
        }
        let k = self.kinds;
        let r = self.ransoms.count_ones() as usize;
        let t = self.takes.count_ones() as usize;
        match block {
            Block::SetDuke | Block::SetFootman | Block::Place => SQUARES,
            Block::Move => match &self.moves {
                Some(table) => table.pair_count(),
                None => 0,
            },
            Block::Strike => match &self.strikes {
                Some(table) => table.pair_count(),
                None => 0,
            },
            Block::Command => match &self.commands {
                Some(table) => table.triple_count(),
                None => 0,
            },
            Block::Draw => 1,
            Block::Pick => on(self.pick, k),
            Block::Deploy => on(self.deploy, SQUARES),
            Block::Summon => on(self.summon, SQUARES * SQUARES),
            Block::Divine => on(self.divination, SQUARES),
            Block::Keep => on(self.divination, k * SQUARES),
            Block::Return | Block::Destroy => on(self.divination, k),
            Block::EscapeSacrifice => on(self.escape, NEIGHBOUR_PAIRS * STARTS),
            Block::EscapeRansom => on(self.escape, SQUARES * STARTS * r),
            Block::Ransom => r * t * STARTS,
            Block::Enrage => on(self.enrage, LINE_PAIRS * AIMS),
            Block::Flag => on(self.flag, SQUARES * SQUARES),
        }
    }

    /// The first index of `block`.
    pub(crate) fn start(&self, block: Block) -> usize {
        self.starts.get(block as usize).copied().unwrap_or(0)
    }

    /// The number of distinct actions.
    pub(crate) fn count(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// `within` in `block`, if it is within the block.
    fn at(&self, block: Block, within: Option<usize>) -> Option<usize> {
        let (start, end) = (self.start(block), self.starts.get(block as usize + 1).copied().unwrap_or(0));
        let index = start.checked_add(within?)?;
        (index < end).then_some(index)
    }

    /// The index of `action`, `None` for an action no game of the config produces.
    pub(crate) fn index(&self, action: Action) -> Option<usize> {
        let k = self.kinds;
        let kind_ok = |t: TileKind| (t.index() < k).then_some(t.index());
        match action {
            Action::SetDuke(sq) => self.at(Block::SetDuke, Some(sq.index())),
            Action::SetFootman(sq) => self.at(Block::SetFootman, Some(sq.index())),
            Action::Move { from, to } => self.at(Block::Move, self.moves.as_ref()?.pair_index(from, to)),
            Action::Strike { from, target } => self.at(Block::Strike, self.strikes.as_ref()?.pair_index(from, target)),
            Action::Command { by, from, to } => {
                self.at(Block::Command, self.commands.as_ref()?.triple_index(by, from, to))
            }
            Action::Draw => self.at(Block::Draw, Some(0)),
            Action::Place(sq) => self.at(Block::Place, Some(sq.index())),
            Action::Pick(t) => self.at(Block::Pick, kind_ok(t)),
            Action::Deploy(sq) => self.at(Block::Deploy, Some(sq.index())),
            Action::Summon { from, to } => self.at(Block::Summon, Some(from.index() * SQUARES + to.index())),
            Action::Divine(sq) => self.at(Block::Divine, Some(sq.index())),
            Action::Keep { kind, to } => self.at(Block::Keep, kind_ok(kind).map(|k| k * SQUARES + to.index())),
            Action::Return(t) => self.at(Block::Return, kind_ok(t)),
            Action::Destroy(t) => self.at(Block::Destroy, kind_ok(t)),
            Action::Escape { from, to, cost } => {
                let to = start_index(to)?;
                if let Some(victim) = cost.sacrificed() {
                    self.at(Block::EscapeSacrifice, Some(neighbour_index(from, victim)? * STARTS + to))
                } else {
                    let r = self.ransoms.count_ones() as usize;
                    let given = rank_in(self.ransoms, cost.ransomed()?)?;
                    self.at(Block::EscapeRansom, Some((from.index() * STARTS + to) * r + given))
                }
            }
            Action::Ransom { give, take, to } => {
                let t = self.takes.count_ones() as usize;
                let (g, tk, to) = (rank_in(self.ransoms, give)?, rank_in(self.takes, take)?, start_index(to)?);
                self.at(Block::Ransom, Some((g * t + tk) * STARTS + to))
            }
            Action::Enrage { from, to, aim } => {
                let aim = match aim {
                    Some(Facing::North) => 0,
                    Some(Facing::South) => 1,
                    None => 2,
                    Some(_) => return None,
                };
                self.at(Block::Enrage, Some(line_index(from, to)? * AIMS + aim))
            }
            Action::Flag { from, to } => self.at(Block::Flag, Some(from.index() * SQUARES + to.index())),
        }
    }

    /// The action of `index`, `None` out of range.
    pub(crate) fn action(&self, index: usize) -> Option<Action> {
        // The first block ending after `index` (the starts ascend; empty blocks are skipped).
        let after = self.starts.partition_point(|&s| s <= index);
        let block = *BLOCKS.get(after.checked_sub(1)?)?;
        self.decode(block, index.checked_sub(self.start(block))?)
    }

    /// Sets `mask` at the index of `(from, to)` for every `to` of `targets` (a family of
    /// pairs: [`Block::Move`] or [`Block::Strike`]).
    #[inline]
    pub(crate) fn mark_pairs<M: Marks + ?Sized>(&self, block: Block, from: Square, targets: u64, mask: &mut M) {
        let table = if block == Block::Move { &self.moves } else { &self.strikes };
        if let Some(table) = table {
            let start = self.start(block);
            match table.pair_run(from) {
                Some(run) => mask.set_run(start + run, targets),
                None => table.each_pair(from, targets, |i| mask.set(start + i)),
            }
        }
    }

    /// Sets `mask` at the index of `Command { by, from, to }` for every `to` of `targets`.
    #[inline]
    pub(crate) fn mark_commands<M: Marks + ?Sized>(&self, by: Square, from: Square, targets: u64, mask: &mut M) {
        if let Some(table) = &self.commands {
            let start = self.start(Block::Command);
            match table.triple_run(by, from) {
                Some(run) => mask.set_run(start + run, targets),
                None => table.each_triple(by, from, targets, |i| mask.set(start + i)),
            }
        }
    }

    /// The action at position `i` of `block` (`i` below the block's size).
    fn decode(&self, block: Block, i: usize) -> Option<Action> {
        let r = self.ransoms.count_ones() as usize;
        let t = self.takes.count_ones() as usize;
        Some(match block {
            Block::SetDuke => Action::SetDuke(square(i)?),
            Block::SetFootman => Action::SetFootman(square(i)?),
            Block::Move => {
                let (from, to) = self.moves.as_ref()?.pair_at(i)?;
                Action::Move { from, to }
            }
            Block::Strike => {
                let (from, target) = self.strikes.as_ref()?.pair_at(i)?;
                Action::Strike { from, target }
            }
            Block::Command => {
                let (by, from, to) = self.commands.as_ref()?.triple_at(i)?;
                Action::Command { by, from, to }
            }
            Block::Draw => Action::Draw,
            Block::Place => Action::Place(square(i)?),
            Block::Pick => Action::Pick(kind(i)?),
            Block::Deploy => Action::Deploy(square(i)?),
            Block::Summon => Action::Summon { from: square(i / SQUARES)?, to: square(i % SQUARES)? },
            Block::Divine => Action::Divine(square(i)?),
            Block::Keep => Action::Keep { kind: kind(i / SQUARES)?, to: square(i % SQUARES)? },
            Block::Return => Action::Return(kind(i)?),
            Block::Destroy => Action::Destroy(kind(i)?),
            Block::EscapeSacrifice => {
                let (from, victim) = neighbour_pair(i / STARTS)?;
                Action::Escape { from, to: start_square(i % STARTS)?, cost: EscapeCost::sacrifice(victim) }
            }
            Block::EscapeRansom => {
                let given = nth_in(self.ransoms, i % r.max(1))?;
                let rest = i / r.max(1);
                let (from, to) = (square(rest / STARTS)?, start_square(rest % STARTS)?);
                Action::Escape { from, to, cost: EscapeCost::ransom(given) }
            }
            Block::Ransom => {
                let to = start_square(i % STARTS)?;
                let pair = i / STARTS;
                let (give, take) = (nth_in(self.ransoms, pair / t.max(1))?, nth_in(self.takes, pair % t.max(1))?);
                Action::Ransom { give, take, to }
            }
            Block::Enrage => {
                let (from, to) = line_pair(i / AIMS)?;
                let aim = [Some(Facing::North), Some(Facing::South), None].get(i % AIMS).copied()?;
                Action::Enrage { from, to, aim }
            }
            Block::Flag => Action::Flag { from: square(i / SQUARES)?, to: square(i % SQUARES)? },
        })
    }
}
