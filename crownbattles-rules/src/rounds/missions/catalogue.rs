//! Mission cards as data (rulebook "Missions"): a condition from a small vocabulary and
//! its point table by player count (2, 3, 4, 5, 6, 7-8) and cards dealt (1-2, 3-4, 5-7,
//! 8-10, 11-13, 14-16, 17-20), "-" meaning the mission is unavailable.
//!
//! The rulebook prints four of the box's missions with their tables; they are the default
//! [`MissionCatalogue`]. Users add the rest of their box as JSON (see
//! [`MissionCatalogue`]); a catalogue is checked when it is read, each error naming the
//! mission by its number (counted from 1) and its text.
//!
//! The catalogue lives in the [`Config`](crate::Config), outside the compact table of the
//! game state that undo records copy, and its missions are shared between clones: the
//! whole box fits ([`MAX_MISSIONS`]) and its size costs the hot paths nothing (RULES.md,
//! reading 37).

use core::fmt;
use core::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::wire::MissionWire;

/// Most missions a catalogue holds: the box's 64 mission cards, each a mission of its own
/// if need be (a round's offers are a 64-bit set of catalogue ids).
pub const MAX_MISSIONS: usize = 64;

/// Player-count rows of a point table, as printed.
pub const PLAYER_ROWS: [&str; 6] = ["2", "3", "4", "5", "6", "7-8"];

/// Cards-dealt columns of a point table, as printed.
pub const CARD_COLUMNS: [&str; 7] = ["1-2", "3-4", "5-7", "8-10", "11-13", "14-16", "17-20"];

/// A cell of [`PointTable`] meaning "-": the mission is not available.
const DASH: u8 = u8::MAX;

/// The most cards a column of [`CARD_COLUMNS`] deals, in its order.
const COLUMN_MOST: [u8; 7] = [2, 4, 7, 10, 13, 16, 20];

/// "row 2 (3 players), column 3 (5-7 cards)": a cell as a person counts it, from 1.
fn cell_name(row: usize, column: usize) -> String {
    let players = PLAYER_ROWS.get(row).unwrap_or(&"?");
    let cards = CARD_COLUMNS.get(column).unwrap_or(&"?");
    format!("row {} ({players} players), column {} ({cards} cards)", row + 1, column + 1)
}

/// "row 2 (3 players)".
fn row_name(row: usize) -> String {
    format!("row {} ({} players)", row + 1, PLAYER_ROWS.get(row).unwrap_or(&"?"))
}

/// What a mission asks of its player over the round. The printed missions read:
///
/// | Printed | Condition | JSON |
/// |---|---|---|
/// | Win a trick using a trump suit | [`Condition::TrumpTrick`] | `"trump_trick"` |
/// | Win either 0 or 1 tricks | [`Condition::Between`]`(0, 1)` | `{"between": [0, 1]}` |
/// | Win none of the first 1 trick | [`Condition::NoneOfFirst`]`(1)` | `{"none_of_first": 1}` |
/// | Win at least 4 tricks | [`Condition::AtLeast`]`(4)` | `{"at_least": 4}` |
///
/// "Win exactly 2 tricks" is `{"between": [2, 2]}`. Tricks are counted at the round's end,
/// after any Thief; the first tricks and the trump trick are judged by who won each trick
/// in play (RULES.md, reading 37).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Condition {
    /// Win at least this many tricks.
    AtLeast(u8),
    /// Win between the two numbers of tricks, both included.
    Between(u8, u8),
    /// Win none of the round's first this many tricks.
    NoneOfFirst(u8),
    /// Win a trick with a numbered card of the trump suit (the trump led or not).
    TrumpTrick,
    /// Win a trick by trumping: a numbered card of the trump suit wins a trick whose led
    /// suit is another (the stricter reading of "using a trump suit").
    TrumpOverLead,
}

impl Condition {
    /// Whether the mission can be met in a round dealing `dealt` cards with this trump
    /// ("If a mission is undoable in a particular round, draw another one"): enough
    /// tricks, and a trump suit for the trump missions.
    pub const fn feasible(self, dealt: u8, has_trump: bool) -> bool {
        match self {
            Condition::AtLeast(n) | Condition::Between(n, _) | Condition::NoneOfFirst(n) => n <= dealt,
            Condition::TrumpTrick | Condition::TrumpOverLead => has_trump,
        }
    }

    /// Whether the mission is met: `tricks` won at the end, `first_win` the 0-based index
    /// of the first trick the player won in play (`None`: none), and whether the player won
    /// a trick with a trump card (`trump`) or by trumping another led suit (`over_lead`).
    pub const fn met(self, tricks: u8, first_win: Option<u8>, trump: bool, over_lead: bool) -> bool {
        match self {
            Condition::AtLeast(n) => tricks >= n,
            Condition::Between(low, high) => low <= tricks && tricks <= high,
            Condition::NoneOfFirst(n) => match first_win {
                Some(i) => i >= n,
                None => true,
            },
            Condition::TrumpTrick => trump,
            Condition::TrumpOverLead => over_lead,
        }
    }

    pub(super) fn check(self) -> Result<(), MissionError> {
        match self {
            Condition::Between(low, high) if low > high => Err(MissionError::Condition(self)),
            Condition::NoneOfFirst(0) => Err(MissionError::Condition(self)),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Condition {
    /// The mission's text, as printed on the four missions the rulebook shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Condition::AtLeast(n) => write!(f, "win at least {n} tricks"),
            Condition::Between(a, b) if a == b => write!(f, "win exactly {a} tricks"),
            Condition::Between(a, b) if a + 1 == b => write!(f, "win either {a} or {b} tricks"),
            Condition::Between(a, b) => write!(f, "win {a} to {b} tricks"),
            Condition::NoneOfFirst(1) => f.write_str("win none of the first 1 trick"),
            Condition::NoneOfFirst(n) => write!(f, "win none of the first {n} tricks"),
            Condition::TrumpTrick => f.write_str("win a trick using a trump suit"),
            Condition::TrumpOverLead => f.write_str("win a trick by trumping another suit"),
        }
    }
}

/// A mission's points by player count and cards dealt; a cell is `None` for "-". Points
/// are multiples of 5 up to 1,270 (stored in fives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointTable([[u8; 7]; 6]);

/// The row of a player count (7 and 8 share one).
const fn row(players: u8) -> Option<usize> {
    match players {
        2..=6 => Some(players as usize - 2),
        7 | 8 => Some(5),
        _ => None,
    }
}

/// The column of a number of cards dealt.
const fn column(dealt: u8) -> Option<usize> {
    match dealt {
        1..=2 => Some(0),
        3..=4 => Some(1),
        5..=7 => Some(2),
        8..=10 => Some(3),
        11..=13 => Some(4),
        14..=16 => Some(5),
        17..=20 => Some(6),
        _ => None,
    }
}

impl PointTable {
    /// The table from printed rows (`None` for "-"), in [`PLAYER_ROWS`] and
    /// [`CARD_COLUMNS`] order.
    pub fn new(rows: [[Option<u16>; 7]; 6]) -> Result<PointTable, MissionError> {
        let mut out = [[DASH; 7]; 6];
        for (r, (cells, slots)) in rows.iter().zip(out.iter_mut()).enumerate() {
            for (c, (cell, slot)) in cells.iter().zip(slots.iter_mut()).enumerate() {
                if let Some(p) = *cell {
                    if p % 5 != 0 || p / 5 >= u16::from(DASH) {
                        return Err(MissionError::Points { row: r, column: c, points: p });
                    }
                    *slot = (p / 5) as u8;
                }
            }
        }
        Ok(PointTable(out))
    }

    /// The points for a met mission with `players` in a round dealing `dealt` cards;
    /// `None` when the table says "-" (or the round is outside the table).
    pub fn points(&self, players: u8, dealt: u8) -> Option<i32> {
        let cell = *self.0.get(row(players)?)?.get(column(dealt)?)?;
        (cell != DASH).then_some(5 * i32::from(cell))
    }

    /// Whether some cell holds points in a column dealing enough cards for `condition`
    /// (with a trump suit): else no deal can ever score the mission.
    fn can_score(&self, condition: Condition) -> bool {
        self.0.iter().any(|cells| {
            cells.iter().zip(COLUMN_MOST).any(|(&cell, most)| cell != DASH && condition.feasible(most, true))
        })
    }

    /// One printed row, `"0 5 10 - -"` style.
    pub(super) fn row_text(&self, r: usize) -> String {
        let cells = self.0.get(r).copied().unwrap_or([DASH; 7]);
        let words: Vec<String> =
            cells.iter().map(|&c| if c == DASH { "-".to_owned() } else { (5 * u16::from(c)).to_string() }).collect();
        words.join(" ")
    }
}

/// One mission card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "MissionWire", into = "MissionWire")]
pub struct Mission {
    /// What it asks.
    pub condition: Condition,
    /// What it pays when met.
    pub points: PointTable,
}

impl Mission {
    /// Whether it may be dealt in a round: its table has a value for the round and its
    /// condition can be met.
    pub fn available(&self, players: u8, dealt: u8, has_trump: bool) -> bool {
        self.points.points(players, dealt).is_some() && self.condition.feasible(dealt, has_trump)
    }

    /// Checks the mission: its condition is valid and some round can deal it (a table "-"
    /// in every cell, or with points only where too few cards are dealt to meet the
    /// condition, is refused: no deal could ever score it, RULES.md reading 37).
    pub fn check(&self) -> Result<(), MissionError> {
        self.condition.check()?;
        if !self.points.can_score(self.condition) {
            return Err(MissionError::NeverDealt);
        }
        Ok(())
    }
}

/// Why a mission or a catalogue was refused. Row and column fields are indices counted
/// from 0 in [`PLAYER_ROWS`] and [`CARD_COLUMNS`] order; the messages count from 1 and name
/// the row's player count and the column's cards dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MissionError {
    /// A mission of a catalogue is refused: its number (counted from 1), its condition
    /// (the mission's text) and why.
    #[error("mission {mission} ({condition}): {error}")]
    InMission {
        /// The mission's number in the catalogue, counted from 1.
        mission: usize,
        /// Its condition.
        condition: Condition,
        /// What is wrong with it.
        error: Box<MissionError>,
    },
    /// A catalogue holds 1 to [`MAX_MISSIONS`] missions.
    #[error("a mission catalogue holds 1 to {MAX_MISSIONS} missions, not {0}")]
    Count(usize),
    /// Each player is offered 1 to [`MAX_MISSIONS`] missions to choose from
    /// (`MissionRules::choices`).
    #[error("each player is offered 1 to {MAX_MISSIONS} missions to choose from, not {0}")]
    Choices(u8),
    /// A condition that can never be met or is written backwards.
    #[error("the mission condition {0:?} is not valid (a range low to high, none of the first 1 or more)")]
    Condition(Condition),
    /// A point table row is missing or unknown (rows are 2, 3, 4, 5, 6 and 7-8).
    #[error("point table row {0:?}: rows are 2, 3, 4, 5, 6 and 7-8, each given once")]
    Row(String),
    /// A row does not hold seven cells.
    #[error("point table {} must hold 7 cells (numbers or -), not {text:?}", row_name(*row))]
    Cells {
        /// Row index.
        row: usize,
        /// The row as written.
        text: String,
    },
    /// A cell is neither a number of points nor `-` (`-5`, `x`, `1.5`).
    #[error("point table {}: {text:?} is not a number of points (0 to 1270, a multiple of 5) or -", cell_name(*row, *column))]
    Cell {
        /// Row index.
        row: usize,
        /// Column index.
        column: usize,
        /// The cell as written.
        text: String,
    },
    /// No round can deal the mission: its table is "-" in every cell (or has points only
    /// where too few cards are dealt to meet its condition), so no deal could score it.
    #[error("no round can deal this mission: its point table is - wherever its condition can be met")]
    NeverDealt,
    /// Points are multiples of 5 up to 1,270.
    #[error("point table {}: points are multiples of 5 up to 1270, not {points}", cell_name(*row, *column))]
    Points {
        /// Row index.
        row: usize,
        /// Column index.
        column: usize,
        /// The value.
        points: u16,
    },
}

/// The mission cards a game deals from: the four printed missions by default. Travels as
/// a list of [`Mission`]s (1 to [`MAX_MISSIONS`]).
///
/// The missions are shared, not copied: cloning a catalogue (or a config, or a game) costs
/// a reference count, and the default catalogue no allocation at all.
///
/// ```
/// use crownbattles_rules::{Condition, MissionCatalogue};
///
/// let printed = MissionCatalogue::default();
/// // "For a 4-player game and on a round where each is dealt 6 cards": 20 points.
/// let trump = printed.iter().find(|m| m.condition == Condition::TrumpTrick).unwrap();
/// assert_eq!(trump.points.points(4, 6), Some(20));
/// let json = serde_json::to_string(&printed).unwrap();
/// assert_eq!(serde_json::from_str::<MissionCatalogue>(&json).unwrap(), printed);
/// ```
#[derive(Clone, Serialize)]
#[serde(into = "Vec<Mission>")]
pub struct MissionCatalogue(Missions);

/// Where a catalogue's missions are.
#[derive(Clone)]
enum Missions {
    /// The four printed missions ([`PRINTED_MISSIONS`]).
    Printed,
    /// A catalogue of the user's, shared by every clone.
    Shared(Arc<[Mission]>),
}

impl MissionCatalogue {
    /// A catalogue of these missions (1 to [`MAX_MISSIONS`], each passing
    /// [`Mission::check`]; an error names the first bad mission,
    /// [`MissionError::InMission`]).
    pub fn new(missions: &[Mission]) -> Result<MissionCatalogue, MissionError> {
        if missions.is_empty() || missions.len() > MAX_MISSIONS {
            return Err(MissionError::Count(missions.len()));
        }
        check_each(missions)?;
        if missions == PRINTED_MISSIONS {
            return Ok(MissionCatalogue::printed());
        }
        Ok(MissionCatalogue(Missions::Shared(Arc::from(missions))))
    }

    /// The four missions the rulebook prints, in its order.
    pub const fn printed() -> MissionCatalogue {
        MissionCatalogue(Missions::Printed)
    }

    /// The missions.
    pub fn as_slice(&self) -> &[Mission] {
        match &self.0 {
            Missions::Printed => &PRINTED_MISSIONS,
            Missions::Shared(missions) => missions,
        }
    }

    /// The missions, in order (a mission's id is its position).
    pub fn iter(&self) -> impl Iterator<Item = &Mission> {
        self.as_slice().iter()
    }

    /// The mission with this id.
    pub fn get(&self, id: u8) -> Option<&Mission> {
        self.as_slice().get(usize::from(id))
    }

    /// How many missions.
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether it holds none (never so for a checked catalogue).
    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    pub(crate) fn check(&self) -> Result<(), MissionError> {
        let len = self.len();
        if len == 0 || len > MAX_MISSIONS {
            return Err(MissionError::Count(len));
        }
        check_each(self.as_slice())
    }
}

/// [`Mission::check`] for each mission, the error naming the mission.
fn check_each(missions: &[Mission]) -> Result<(), MissionError> {
    for (i, m) in missions.iter().enumerate() {
        m.check().map_err(|error| error.in_mission(i, m.condition))?;
    }
    Ok(())
}

impl MissionError {
    /// This error as the error of mission `index` (counted from 0) of a catalogue.
    pub(super) fn in_mission(self, index: usize, condition: Condition) -> MissionError {
        MissionError::InMission { mission: index + 1, condition, error: Box::new(self) }
    }
}

impl PartialEq for MissionCatalogue {
    /// The same missions in the same order (however they are held).
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MissionCatalogue {}

impl Hash for MissionCatalogue {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for MissionCatalogue {
    /// The missions.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Default for MissionCatalogue {
    /// [`MissionCatalogue::printed`].
    fn default() -> Self {
        MissionCatalogue::printed()
    }
}

impl TryFrom<Vec<Mission>> for MissionCatalogue {
    /// [`MissionCatalogue::new`].
    type Error = MissionError;
    fn try_from(v: Vec<Mission>) -> Result<Self, MissionError> {
        MissionCatalogue::new(&v)
    }
}

impl From<MissionCatalogue> for Vec<Mission> {
    fn from(c: MissionCatalogue) -> Vec<Mission> {
        c.as_slice().to_vec()
    }
}

/// A placeholder while [`PRINTED_MISSIONS`] is built.
const FILLER: Mission = Mission { condition: Condition::TrumpTrick, points: PointTable([[DASH; 7]; 6]) };

/// "-" in [`PRINTED`].
const X: u8 = DASH;

impl PointTable {
    /// A table of points in fives from [`PRINTED`] (used at compile time only).
    #[allow(clippy::indexing_slicing)]
    const fn from_printed(rows: [[u8; 7]; 6]) -> PointTable {
        let mut out = rows;
        let mut r = 0;
        while r < 6 {
            let mut c = 0;
            while c < 7 {
                if rows[r][c] != X {
                    out[r][c] = rows[r][c] / 5;
                }
                c += 1;
            }
            r += 1;
        }
        PointTable(out)
    }
}

/// The four missions printed in "Missions", their tables as printed (points; `X` = "-").
const PRINTED: [(Condition, [[u8; 7]; 6]); 4] = [
    (
        Condition::TrumpTrick,
        [
            [0, 5, 10, 10, 10, 10, 10],
            [5, 10, 15, 15, 15, 15, 15],
            [10, 15, 20, 20, 20, 20, X],
            [15, 20, 25, 25, 25, X, X],
            [20, 25, 30, 30, 30, X, X],
            [30, 35, 40, 40, X, X, X],
        ],
    ),
    (
        Condition::Between(0, 1),
        [
            [5, 15, 35, 65, 100, 140, 190],
            [0, 5, 10, 30, 50, 75, 100],
            [0, 0, 5, 10, 25, 45, X],
            [0, 0, 5, 10, X, X, X],
            [0, 0, 5, 5, X, X, X],
            [0, 0, 0, 0, X, X, X],
        ],
    ),
    (
        Condition::NoneOfFirst(1),
        [
            [5, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, X],
            [0, 0, 0, 0, 0, X, X],
            [0, 0, 0, 0, 0, X, X],
            [0, 0, 0, 0, X, X, X],
        ],
    ),
    (
        Condition::AtLeast(4),
        [
            [X, 30, 20, 5, 0, 0, 0],
            [X, 40, 30, 20, 5, 0, 0],
            [X, 45, 35, 25, 15, 5, X],
            [X, 55, 45, 30, 20, X, X],
            [X, 60, 50, 30, 25, X, X],
            [X, 75, 65, 45, X, X, X],
        ],
    ),
];

/// [`PRINTED`] as missions (evaluated at compile time: an out-of-range index fails the build).
#[allow(clippy::indexing_slicing)]
const PRINTED_MISSIONS: [Mission; 4] = {
    let mut out = [FILLER; 4];
    let mut i = 0;
    while i < 4 {
        out[i] = Mission { condition: PRINTED[i].0, points: PointTable::from_printed(PRINTED[i].1) };
        i += 1;
    }
    out
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_map_to_the_printed_rows_and_columns() {
        assert_eq!((row(2), row(6), row(7), row(8), row(9)), (Some(0), Some(4), Some(5), Some(5), None));
        let columns: Vec<_> = (0..=21).map(column).collect();
        assert_eq!(columns[0], None);
        assert_eq!(columns[21], None);
        for (dealt, want) in [
            (1, 0),
            (2, 0),
            (3, 1),
            (4, 1),
            (5, 2),
            (7, 2),
            (8, 3),
            (10, 3),
            (11, 4),
            (13, 4),
            (14, 5),
            (16, 5),
            (17, 6),
            (20, 6),
        ] {
            assert_eq!(column(dealt), Some(want), "{dealt}");
        }
    }
}
