//! Learning trajectories as a `.npz` file: every decision of every game, in arrays numpy
//! reads with no custom code (`numpy.load("games.npz")`).
//!
//! A [`Trajectories`] collects the [`Episode`]s of games of one config (one observation
//! length, one action count, one seat count) and writes, for `N` decisions of `G` games:
//!
//! | array | dtype | shape | what |
//! |---|---|---|---|
//! | `observations` | `float32` | `(N, observation length)` | the acting seat's observation before it acted |
//! | `masks` | `bool` | `(N, action count)` | its legal-action mask |
//! | `actions` | `int64` | `(N,)` | the action index it chose |
//! | `rewards` | `float64` | `(N,)` | the change of its return until its next decision or the end ([`Decision::reward`](crate::learner::Decision::reward)) |
//! | `seats` | `int64` | `(N,)` | the seat that acted |
//! | `game_ids` | `uint64` | `(N,)` | the game the decision belongs to |
//! | `games` | `uint64` | `(G,)` | the id of each game, in order |
//! | `returns` | `float64` | `(G, seats)` | each game's final returns |
//!
//! The file is an uncompressed `.npz` (as `numpy.savez` writes), written with
//! [`ndarray_npy`].
//!
//! ```
//! use duke_core::testing::toy::{HighCard, HighCardConfig};
//! use duke_examples::learner::Policy;
//! use duke_examples::trajectories::Trajectories;
//!
//! let config = HighCardConfig::default();
//! let file = std::io::Cursor::new(Vec::new());
//! let file = Trajectories::play::<HighCard>(&config, 0..4, &Policy::Random { seed: 3 }, 1000)
//!     .unwrap()
//!     .write(file)
//!     .unwrap();
//! assert!(!file.into_inner().is_empty());
//! ```

use core::fmt;
use core::ops::Range;
use std::io::{Seek, Write};

use duke_core::Learning;
use ndarray::{Array1, Array2};
use ndarray_npy::{NpzWriter, WriteNpzError};

use crate::learner::{Episode, LearnerError, Policy, play_episode};

/// The names of the arrays, in the order they are written.
pub const ARRAYS: [&str; 8] = ["observations", "masks", "actions", "rewards", "seats", "game_ids", "games", "returns"];

/// Why trajectories could not be collected or written.
#[derive(Debug)]
pub enum TrajectoryError {
    /// A game broke the learning contract or did not end ([`play_episode`]).
    Learner(LearnerError),
    /// An episode does not fit the others: another observation length, action count or
    /// seat count.
    Mismatch(String),
    /// The shape of an array is inconsistent (a bug here, reported rather than panicking).
    Shape(String),
    /// Writing the file failed.
    Write(WriteNpzError),
    /// The file could not be created.
    Io(std::io::Error),
}

impl fmt::Display for TrajectoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrajectoryError::Learner(e) => write!(f, "a game could not be played: {e}"),
            TrajectoryError::Mismatch(what) => write!(f, "an episode does not fit the trajectories: {what}"),
            TrajectoryError::Shape(what) => write!(f, "inconsistent array shape: {what}"),
            TrajectoryError::Write(e) => write!(f, "cannot write the .npz file: {e}"),
            TrajectoryError::Io(e) => write!(f, "cannot create the .npz file: {e}"),
        }
    }
}

impl std::error::Error for TrajectoryError {}

impl From<LearnerError> for TrajectoryError {
    fn from(e: LearnerError) -> Self {
        TrajectoryError::Learner(e)
    }
}

impl From<WriteNpzError> for TrajectoryError {
    fn from(e: WriteNpzError) -> Self {
        TrajectoryError::Write(e)
    }
}

/// Decisions of games of one config, flattened row by row for the `.npz` arrays (see the
/// [module docs](self)).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trajectories {
    observation_len: usize,
    action_count: usize,
    seat_count: usize,
    observations: Vec<f32>,
    masks: Vec<bool>,
    actions: Vec<i64>,
    rewards: Vec<f64>,
    seats: Vec<i64>,
    game_ids: Vec<u64>,
    games: Vec<u64>,
    returns: Vec<f64>,
}

impl Trajectories {
    /// Empty trajectories for games with these sizes (a game's `observation_shape().len()`,
    /// `action_count()` and `seat_count()`).
    pub fn new(observation_len: usize, action_count: usize, seat_count: usize) -> Trajectories {
        Trajectories { observation_len, action_count, seat_count, ..Trajectories::default() }
    }

    /// Empty trajectories for games of `game`'s config.
    pub fn for_game<G: Learning>(game: &G) -> Trajectories {
        Trajectories::new(game.observation_shape().len(), game.action_count(), game.seat_count())
    }

    /// Plays one game of `config` per seed with `policy` ([`play_episode`], at most `limit`
    /// actions each) and collects them, the seed as the game id.
    pub fn play<G: Learning>(
        config: &G::Config,
        seeds: Range<u64>,
        policy: &Policy,
        limit: u64,
    ) -> Result<Trajectories, TrajectoryError> {
        let first = G::new(config, seeds.start).map_err(|e| LearnerError::Config(e.to_string()))?;
        let mut out = Trajectories::for_game(&first);
        for seed in seeds {
            out.add(seed, &play_episode::<G>(config, seed, policy, limit)?)?;
        }
        Ok(out)
    }

    /// Writes the `.npz` file at `path` (created or truncated).
    pub fn save(&self, path: &std::path::Path) -> Result<(), TrajectoryError> {
        let file = std::fs::File::create(path).map_err(TrajectoryError::Io)?;
        self.write(std::io::BufWriter::new(file))?;
        Ok(())
    }

    /// Adds the decisions and returns of one game, under `game_id`. An episode of other
    /// sizes is refused and nothing is added.
    pub fn add(&mut self, game_id: u64, episode: &Episode) -> Result<(), TrajectoryError> {
        if episode.returns.len() != self.seat_count {
            return Err(TrajectoryError::Mismatch(format!(
                "{} returns for {} seats",
                episode.returns.len(),
                self.seat_count
            )));
        }
        for (i, d) in episode.decisions.iter().enumerate() {
            if d.observation.len() != self.observation_len || d.mask.len() != self.action_count {
                return Err(TrajectoryError::Mismatch(format!(
                    "decision {i} has an observation of {} values and a mask of {}, not {} and {}",
                    d.observation.len(),
                    d.mask.len(),
                    self.observation_len,
                    self.action_count
                )));
            }
        }
        for d in &episode.decisions {
            self.observations.extend_from_slice(&d.observation);
            self.masks.extend_from_slice(&d.mask);
            self.actions.push(d.action as i64);
            self.rewards.push(d.reward);
            self.seats.push(d.seat.index() as i64);
            self.game_ids.push(game_id);
        }
        self.games.push(game_id);
        self.returns.extend_from_slice(&episode.returns);
        Ok(())
    }

    /// The number of decisions collected.
    pub fn decisions(&self) -> usize {
        self.actions.len()
    }

    /// The number of games collected.
    pub fn games(&self) -> usize {
        self.games.len()
    }

    /// Writes the arrays as an uncompressed `.npz` file into `writer` (a file, or a
    /// `Cursor<Vec<u8>>`) and gives it back.
    pub fn write<W: Write + Seek>(&self, writer: W) -> Result<W, TrajectoryError> {
        let rows = self.decisions();
        let observations = Array2::from_shape_vec((rows, self.observation_len), self.observations.clone())
            .map_err(|e| TrajectoryError::Shape(format!("observations: {e}")))?;
        let masks = Array2::from_shape_vec((rows, self.action_count), self.masks.clone())
            .map_err(|e| TrajectoryError::Shape(format!("masks: {e}")))?;
        let returns = Array2::from_shape_vec((self.games(), self.seat_count), self.returns.clone())
            .map_err(|e| TrajectoryError::Shape(format!("returns: {e}")))?;
        let mut npz = NpzWriter::new(writer);
        npz.add_array("observations", &observations)?;
        npz.add_array("masks", &masks)?;
        npz.add_array("actions", &Array1::from_vec(self.actions.clone()))?;
        npz.add_array("rewards", &Array1::from_vec(self.rewards.clone()))?;
        npz.add_array("seats", &Array1::from_vec(self.seats.clone()))?;
        npz.add_array("game_ids", &Array1::from_vec(self.game_ids.clone()))?;
        npz.add_array("games", &Array1::from_vec(self.games.clone()))?;
        npz.add_array("returns", &returns)?;
        Ok(npz.finish()?)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use duke_core::Game;
    use duke_core::testing::toy::{HighCard, HighCardConfig};
    use ndarray::{Array1, Array2};
    use ndarray_npy::NpzReader;

    use super::*;
    use crate::learner::LinearScore;

    /// Writes High Card games to a `.npz` and reads every array back with the same crate:
    /// names, shapes and values are those collected.
    #[test]
    fn high_card_trajectories_write_and_read_back() {
        let config = HighCardConfig { players: 3, rounds: 4 };
        let game = HighCard::new(&config, 0).unwrap();
        let policy = Policy::Greedy(LinearScore::random(&game, 5));
        let seeds = 10..16;
        let episodes: Vec<Episode> =
            seeds.clone().map(|seed| play_episode::<HighCard>(&config, seed, &policy, 1000).unwrap()).collect();
        let collected = Trajectories::play::<HighCard>(&config, seeds.clone(), &policy, 1000).unwrap();
        let n: usize = episodes.iter().map(|e| e.decisions.len()).sum();
        assert_eq!(n, 6 * 3 * 4, "every seat decides once per round");
        assert_eq!((collected.decisions(), collected.games()), (n, 6));

        let bytes = collected.write(Cursor::new(Vec::new())).unwrap().into_inner();
        let mut npz = NpzReader::new(Cursor::new(bytes)).unwrap();
        let mut names = npz.names().unwrap();
        names.sort();
        let mut expected: Vec<String> = ARRAYS.iter().map(|s| s.to_string()).collect();
        expected.sort();
        assert_eq!(names, expected);

        let observations: Array2<f32> = npz.by_name("observations").unwrap();
        let masks: Array2<bool> = npz.by_name("masks").unwrap();
        let actions: Array1<i64> = npz.by_name("actions").unwrap();
        let rewards: Array1<f64> = npz.by_name("rewards").unwrap();
        let seats: Array1<i64> = npz.by_name("seats").unwrap();
        let game_ids: Array1<u64> = npz.by_name("game_ids").unwrap();
        let games: Array1<u64> = npz.by_name("games").unwrap();
        let returns: Array2<f64> = npz.by_name("returns").unwrap();
        assert_eq!(observations.dim(), (n, game.observation_shape().len()));
        assert_eq!(masks.dim(), (n, 2));
        assert_eq!((actions.len(), rewards.len(), seats.len(), game_ids.len()), (n, n, n, n));
        assert_eq!(games.to_vec(), seeds.collect::<Vec<_>>());
        assert_eq!(returns.dim(), (6, 3));

        let rows = episodes.iter().zip(10u64..).flat_map(|(e, id)| e.decisions.iter().map(move |d| (id, d)));
        for (row, (id, d)) in rows.enumerate() {
            assert_eq!(observations.row(row).to_vec(), d.observation, "row {row}");
            assert_eq!(masks.row(row).to_vec(), d.mask);
            assert!(d.mask[d.action], "the chosen index is allowed");
            assert_eq!(actions[row], d.action as i64);
            assert_eq!(rewards[row], d.reward);
            assert_eq!(seats[row], d.seat.index() as i64);
            assert_eq!(game_ids[row], id);
        }
        for (g, episode) in episodes.iter().enumerate() {
            assert_eq!(returns.row(g).to_vec(), episode.returns);
            // Each seat's rewards add up to its final return (High Card scores nothing
            // before every seat has acted).
            for (seat, &r) in episode.returns.iter().enumerate() {
                let total: f64 = episode.decisions.iter().filter(|d| d.seat.index() == seat).map(|d| d.reward).sum();
                assert!((total - r).abs() < 1e-9, "game {g} seat {seat}: rewards {total}, return {r}");
            }
        }
    }

    #[test]
    fn an_episode_of_other_sizes_is_refused() {
        let mut t = Trajectories::new(3, 2, 2);
        let episode = Episode { decisions: Vec::new(), returns: vec![0.0; 3] };
        assert!(matches!(t.add(1, &episode), Err(TrajectoryError::Mismatch(_))));
        assert_eq!(t.games(), 0);
    }
}
