//! `duke_games.VecGame`: many games of one config stepped by one call, with the GIL
//! released and the games spread over every core (rayon), writing into the caller's
//! preallocated numpy arrays.
//!
//! Each game is turn-based from the learner's side: the seat asked is the first seat the
//! game waits for (`Game.current()`); seats that could act out of turn are not asked. A
//! finished game is reset at once with the next seed of its own sequence: game `i`'s
//! `e`-th episode is seeded `split_seed(split_seed(seed, i), e)`, so the results do not
//! depend on the number of threads or on the other games.
//!
//! A call splits the games into blocks of consecutive games (four per thread, at most
//! [`BLOCK`] games each, so that the threads finish a call together: a thread that drew the
//! games ending a round leaves the rest to the others) and the calling thread works through
//! them beside the pool's `threads - 1` workers: no task per game, and no sleep and wake of
//! the caller while the pool works.

use std::sync::{Mutex, PoisonError};

use duke_core::split_seed;
use numpy::{PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyAny;

use crate::errors::{ActionError, ConfigError, GameError};
use crate::game::config_text;
use crate::games;
use crate::session::DynGame;

struct Slot {
    game: Box<dyn DynGame>,
    index: u64,
    episode: u64,
    /// The returns of the current state (kept from the previous step, so each step asks
    /// the game for its returns once).
    before: Vec<f64>,
}

/// Many games of one config, stepped together: see the module docs.
///
/// `VecGame(name, num_games, seed=0, config=None, players=None, threads=None)`: `threads`
/// is the number of threads a call uses, the caller's included (None or 0: every core).
#[pyclass(module = "duke_games._native", name = "VecGame")]
pub struct PyVecGame {
    slots: Vec<Slot>,
    master: u64,
    seats: usize,
    actions: usize,
    observation: Vec<usize>,
    /// The workers beside the calling thread (`None` for one thread: all inline).
    pool: Option<rayon::ThreadPool>,
    /// The threads a call uses, the caller's included.
    threads: usize,
}

/// One game's share of the outputs of a step.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    seat: &'a mut i64,
    reward: &'a mut [f64],
    done: &'a mut bool,
}

/// A block of consecutive games and their rows of the caller's arrays (flat slices; the
/// rows of `reward` and `done`, and `actions`, are empty in a reset).
struct Block<'a> {
    /// The index of the block's first game.
    first: usize,
    slots: &'a mut [Slot],
    actions: &'a [i64],
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    seat: &'a mut [i64],
    reward: &'a mut [f64],
    done: &'a mut [bool],
}

/// The first `n` items of `rest` (all when fewer), leaving the others in `rest`.
fn split<'a, T>(rest: &mut &'a mut [T], n: usize) -> &'a mut [T] {
    let all = std::mem::take(rest);
    let (head, tail) = all.split_at_mut(n.min(all.len()));
    *rest = tail;
    head
}

/// The shared (read-only) counterpart of [`split`].
fn split_ref<'a, T>(rest: &mut &'a [T], n: usize) -> &'a [T] {
    let (head, tail) = rest.split_at(n.min(rest.len()));
    *rest = tail;
    head
}

/// Runs `work` on every block: the calling thread and each worker of `pool` take the next
/// block until none is left. Every block is run (an error stops nothing); the error of the
/// lowest game index is returned.
fn run_blocks<'a>(
    pool: Option<&rayon::ThreadPool>,
    blocks: Vec<Block<'a>>,
    work: impl Fn(Block<'a>) -> Result<(), (usize, String)> + Sync,
) -> Result<(), (usize, String)> {
    let queue = Mutex::new(blocks.into_iter());
    let failed: Mutex<Option<(usize, String)>> = Mutex::new(None);
    let take = || loop {
        let Some(block) = queue.lock().unwrap_or_else(PoisonError::into_inner).next() else { break };
        if let Err((i, e)) = work(block) {
            let mut failed = failed.lock().unwrap_or_else(PoisonError::into_inner);
            if failed.as_ref().is_none_or(|(j, _)| i < *j) {
                *failed = Some((i, e));
            }
        }
    };
    match pool {
        None => take(),
        Some(pool) => pool.in_place_scope(|scope| {
            for _ in 0..pool.current_num_threads() {
                scope.spawn(|_| take());
            }
            take();
        }),
    }
    failed.into_inner().unwrap_or_else(PoisonError::into_inner).map_or(Ok(()), Err)
}

/// The most games in a block: small enough that the threads finish a call together (the
/// others wait for at most one block of the last thread), large enough that taking a block
/// costs nothing beside stepping it. Crown Battles, 2 cores, 4096 games a call: 8 blocks
/// gave 8.3 M steps/s, blocks of 16 games 10.0, of 32 10.6, of 64 10.7 (2026-11-29).
const BLOCK: usize = 64;

fn episode_seed(master: u64, index: u64, episode: u64) -> u64 {
    split_seed(split_seed(master, index), episode)
}

impl Slot {
    /// Writes the observation and mask of the seat asked next.
    fn fill(&mut self, obs: &mut [f32], mask: &mut [bool], seat: &mut i64) -> Result<(), String> {
        self.game.batch_fill(obs, mask, seat)
    }

    /// Applies `action` for the seat asked, writes the step's rewards and whether the game
    /// ended (then starts its next episode), and the next observation, mask and seat.
    fn step(&mut self, master: u64, action: i64, row: Row<'_>) -> Result<(), String> {
        let index = usize::try_from(action).map_err(|_| format!("action index {action} is negative"))?;
        *row.done = self.game.batch_apply(index, &mut self.before, row.reward)?;
        if *row.done {
            self.episode = self.episode.wrapping_add(1);
            self.restart(master)?;
        }
        self.fill(row.obs, row.mask, row.seat)
    }

    /// Starts the slot's current episode afresh and reads its opening returns.
    fn restart(&mut self, master: u64) -> Result<(), String> {
        self.game.reset(episode_seed(master, self.index, self.episode))?;
        self.game.returns(&mut self.before)
    }
}

fn flat2<'a, T: numpy::Element>(
    array: &'a mut PyReadwriteArray2<'_, T>,
    rows: usize,
    cols: usize,
    what: &str,
) -> PyResult<&'a mut [T]> {
    let shape = array.shape().to_vec();
    if shape != [rows, cols] {
        return Err(GameError::new_err(format!("{what} has shape {shape:?}, expected [{rows}, {cols}]")));
    }
    array.as_slice_mut().map_err(|e| GameError::new_err(format!("{what}: {e}")))
}

fn flat1<'a, T: numpy::Element>(
    array: &'a mut PyReadwriteArray1<'_, T>,
    len: usize,
    what: &str,
) -> PyResult<&'a mut [T]> {
    if array.len() != len {
        return Err(GameError::new_err(format!("{what} has length {}, expected {len}", array.len())));
    }
    array.as_slice_mut().map_err(|e| GameError::new_err(format!("{what}: {e}")))
}

impl PyVecGame {
    fn obs_len(&self) -> usize {
        self.observation.iter().product()
    }

    /// Cuts the games and the caller's flat arrays (validated lengths) into blocks of
    /// consecutive games: four blocks per thread, at most [`BLOCK`] games each.
    fn cut<'a>(all: Block<'a>, threads: usize, (obs_len, acts, seats): (usize, usize, usize)) -> Vec<Block<'a>> {
        let Block { first: _, mut slots, mut actions, mut obs, mut mask, mut seat, mut reward, mut done } = all;
        let size = slots.len().div_ceil(4 * threads).clamp(1, BLOCK);
        let mut blocks = Vec::new();
        let mut first = 0;
        while !slots.is_empty() {
            let slots = split(&mut slots, size);
            let k = slots.len();
            blocks.push(Block {
                first,
                slots,
                actions: split_ref(&mut actions, k),
                obs: split(&mut obs, k * obs_len),
                mask: split(&mut mask, k * acts),
                seat: split(&mut seat, k),
                reward: split(&mut reward, k * seats),
                done: split(&mut done, k),
            });
            first += k;
        }
        blocks
    }
}

#[pymethods]
impl PyVecGame {
    #[new]
    #[pyo3(signature = (name, num_games, seed=0, config=None, players=None, threads=None))]
    fn new(
        name: &str,
        num_games: usize,
        seed: u64,
        config: Option<&Bound<'_, PyAny>>,
        players: Option<u8>,
        threads: Option<usize>,
    ) -> PyResult<PyVecGame> {
        if num_games == 0 {
            return Err(ConfigError::new_err("a VecGame needs at least one game"));
        }
        let config = config_text(config)?;
        // (Every game is a copy of the first, restarted with its own seed: one action table
        // for all.)
        let mut template = games::new_game(name, config.as_deref(), players, episode_seed(seed, 0, 0))
            .map_err(ConfigError::new_err)?;
        template.set_history(false);
        template.build_action_table();
        let mut slots = Vec::with_capacity(num_games);
        for i in 0..num_games {
            let index = i as u64;
            let mut game = template.clone_box();
            game.reset(episode_seed(seed, index, 0)).map_err(GameError::new_err)?;
            let seats = game.seat_count();
            let mut before = vec![0.0; seats];
            game.returns(&mut before).map_err(GameError::new_err)?;
            slots.push(Slot { game, index, episode: 0, before });
        }
        let first = slots.first().map(|s| &s.game).ok_or_else(|| ConfigError::new_err("no game"))?;
        let (seats, actions, observation) = (first.seat_count(), first.action_count(), first.observation_shape());
        // (None or 0: every core, as rayon's default.)
        let threads = threads
            .filter(|&t| t > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
        let pool = if threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads - 1)
                .build()
                .map_err(|e| GameError::new_err(e.to_string()))?;
            Some(pool)
        } else {
            None
        };
        Ok(PyVecGame { slots, master: seed, seats, actions, observation, pool, threads })
    }

    /// The number of games.
    #[getter]
    fn num_games(&self) -> usize {
        self.slots.len()
    }

    /// Seats per game.
    #[getter]
    fn seat_count(&self) -> usize {
        self.seats
    }

    /// Distinct action indices of the config.
    #[getter]
    fn action_count(&self) -> usize {
        self.actions
    }

    /// The shape of one observation.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.observation.clone()
    }

    /// Restarts every game at its first episode and writes, per game, the observation
    /// (`obs`: float32 `[num_games, observation size]`), legal mask (`mask`: bool
    /// `[num_games, action_count]`) and seat asked (`seat`: int64 `[num_games]`).
    fn reset(
        &mut self,
        py: Python<'_>,
        mut obs: PyReadwriteArray2<'_, f32>,
        mut mask: PyReadwriteArray2<'_, bool>,
        mut seat: PyReadwriteArray1<'_, i64>,
    ) -> PyResult<()> {
        let n = self.slots.len();
        let (obs_len, actions, master) = (self.obs_len(), self.actions, self.master);
        let all = Block {
            first: 0,
            slots: &mut self.slots,
            actions: &[],
            obs: flat2(&mut obs, n, obs_len, "obs")?,
            mask: flat2(&mut mask, n, actions, "mask")?,
            seat: flat1(&mut seat, n, "seat")?,
            reward: &mut [],
            done: &mut [],
        };
        let blocks = PyVecGame::cut(all, self.threads, (obs_len, actions, 0));
        let pool = self.pool.as_ref();
        let result = py.detach(|| {
            run_blocks(pool, blocks, |mut b| {
                let mut failed = Ok(());
                for (k, slot) in b.slots.iter_mut().enumerate() {
                    let (o, m) = (split(&mut b.obs, obs_len), split(&mut b.mask, actions));
                    let s = split(&mut b.seat, 1);
                    slot.episode = 0;
                    let result = slot.restart(master).and_then(|()| match s {
                        [s] => slot.fill(o, m, s),
                        _ => Err("no seat row".to_owned()),
                    });
                    if let Err(e) = result {
                        failed = failed.and(Err((b.first + k, e)));
                    }
                }
                failed
            })
        });
        result.map_err(|(_, e)| GameError::new_err(e))
    }

    /// Applies `actions[i]` (an action index) for the seat asked in game `i`, then writes
    /// each seat's reward of the step (`reward`: float64 `[num_games, seat_count]`, the
    /// change of its return), whether the game ended (`done`: bool `[num_games]`; an ended
    /// game is already reset to its next episode) and, as `reset` does, the next
    /// observation, mask and seat asked. An illegal action raises `ActionError` naming the
    /// game; that game is unchanged, the others have stepped.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut obs: PyReadwriteArray2<'_, f32>,
        mut mask: PyReadwriteArray2<'_, bool>,
        mut seat: PyReadwriteArray1<'_, i64>,
        mut reward: PyReadwriteArray2<'_, f64>,
        mut done: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let n = self.slots.len();
        let (obs_len, acts, seats, master) = (self.obs_len(), self.actions, self.seats, self.master);
        let actions = actions.as_slice().map_err(|e| GameError::new_err(format!("actions: {e}")))?;
        if actions.len() != n {
            return Err(GameError::new_err(format!("{} actions for {n} games", actions.len())));
        }
        let all = Block {
            first: 0,
            slots: &mut self.slots,
            actions,
            obs: flat2(&mut obs, n, obs_len, "obs")?,
            mask: flat2(&mut mask, n, acts, "mask")?,
            seat: flat1(&mut seat, n, "seat")?,
            reward: flat2(&mut reward, n, seats, "reward")?,
            done: flat1(&mut done, n, "done")?,
        };
        let blocks = PyVecGame::cut(all, self.threads, (obs_len, acts, seats));
        let pool = self.pool.as_ref();
        let result = py.detach(|| {
            run_blocks(pool, blocks, |mut b| {
                let mut failed = Ok(());
                for (k, (slot, &a)) in b.slots.iter_mut().zip(b.actions).enumerate() {
                    let (o, m) = (split(&mut b.obs, obs_len), split(&mut b.mask, acts));
                    let (s, r, d) = (split(&mut b.seat, 1), split(&mut b.reward, seats), split(&mut b.done, 1));
                    let result = match (s, d) {
                        ([seat], [done]) => slot.step(master, a, Row { obs: o, mask: m, seat, reward: r, done }),
                        _ => Err("no seat or done row".to_owned()),
                    };
                    if let Err(e) = result {
                        // (The first failure of the block; its other games still step.)
                        failed = failed.and(Err((b.first + k, e)));
                    }
                }
                failed
            })
        });
        result.map_err(|(i, e)| ActionError::new_err(format!("game {i}: {e}")))
    }
}
