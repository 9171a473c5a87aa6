//! `duke_games.Game`: one game, driven from Python.

use numpy::{PyArray1, PyArrayMethods, PyReadwriteArray1};
use pyo3::prelude::*;
use pyo3::types::{PyAny, PyDict, PyList};

use crate::errors::{ActionError, ConfigError, GameError};
use crate::games;
use crate::ints::{self, Ints};
use crate::session::DynGame;

/// Turns a config given as a dict (or a JSON string) into JSON text.
pub fn config_text(config: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    match config {
        None => Ok(None),
        Some(obj) if obj.is_none() => Ok(None),
        Some(obj) => {
            if let Ok(text) = obj.extract::<String>() {
                return Ok(Some(text));
            }
            let json = obj.py().import("json")?;
            Ok(Some(json.call_method1("dumps", (obj,))?.extract::<String>()?))
        }
    }
}

/// Parses JSON text made by the engine into Python objects.
pub fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// One game of The Duke, Archduke, Dukes Up! or Crown Battles.
///
/// `Game(name, config=None, players=None, seed=0)`: `config` is a dict with the Rust JSON
/// field names (or a JSON string); without one, the rulebook game with an engine turn limit
/// where the rulebook has none (`GameConfig::bounded`), for `players` seats.
#[pyclass(module = "duke_games._native", name = "Game")]
pub struct PyGame {
    pub(crate) inner: Box<dyn DynGame>,
    /// The Python ints of the action indices (shared by every game: see [`crate::ints`]).
    ints: Ints,
}

impl PyGame {
    fn wrap(py: Python<'_>, inner: Box<dyn DynGame>) -> PyGame {
        let ints = ints::ints(py, inner.action_count());
        PyGame { inner, ints }
    }
    fn seat_ok(&self, seat: u8) -> PyResult<()> {
        if usize::from(seat) < self.inner.seat_count() {
            Ok(())
        } else {
            Err(GameError::new_err(format!("seat {seat} is not at this table of {} seats", self.inner.seat_count())))
        }
    }
    fn observer_ok(&self, observer: Option<u8>) -> PyResult<()> {
        observer.map_or(Ok(()), |s| self.seat_ok(s))
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (name, config=None, players=None, seed=0))]
    fn new(
        py: Python<'_>,
        name: &str,
        config: Option<&Bound<'_, PyAny>>,
        players: Option<u8>,
        seed: u64,
    ) -> PyResult<PyGame> {
        let config = config_text(config)?;
        let inner = games::new_game(name, config.as_deref(), players, seed).map_err(ConfigError::new_err)?;
        Ok(PyGame::wrap(py, inner))
    }

    /// The game replayed from a record (a dict or JSON string, as `record()` gives).
    #[staticmethod]
    fn from_record(record: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let text = config_text(Some(record))?.unwrap_or_default();
        let inner = games::from_record(&text).map_err(GameError::new_err)?;
        Ok(PyGame::wrap(record.py(), inner))
    }

    /// The game's short name (`"theduke"`, ...).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The number of seats.
    #[getter]
    fn seat_count(&self) -> usize {
        self.inner.seat_count()
    }

    /// The seats that may act now (empty once the game is over).
    fn to_act(&self) -> Vec<u8> {
        self.inner.to_act()
    }

    /// The seats the game waits for (the others in `to_act` may act out of turn).
    fn awaited(&self) -> Vec<u8> {
        self.inner.awaited()
    }

    /// The seat a turn-based loop asks next (the first awaited seat), or None when over.
    fn current(&self) -> Option<u8> {
        self.inner.current()
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The number of actions applied so far.
    fn steps(&self) -> usize {
        self.inner.steps()
    }

    /// The legal actions of `seat`, in the game's notation, in the order of their indices
    /// (as `legal_indices`).
    fn legal_actions(&mut self, seat: u8) -> PyResult<Vec<String>> {
        self.seat_ok(seat)?;
        Ok(self.inner.legal_notation(seat))
    }

    /// The legal actions of `seat`, as action indices, ascending (the true entries of
    /// `legal_mask`).
    fn legal_indices<'py>(&mut self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyList>> {
        self.seat_ok(seat)?;
        ints::list(py, &self.ints, self.inner.legal_indices(seat).iter().copied())
    }

    /// Applies `action` (notation text or an action index) for `seat`; an illegal action
    /// raises `ActionError` and changes nothing.
    fn apply(&mut self, seat: u8, action: &Bound<'_, PyAny>) -> PyResult<()> {
        self.seat_ok(seat)?;
        let result = if let Ok(index) = action.extract::<usize>() {
            self.inner.apply_index(seat, index)
        } else if let Ok(text) = action.extract::<String>() {
            self.inner.apply_notation(seat, &text)
        } else {
            return Err(GameError::new_err("an action is its notation (str) or its index (int)"));
        };
        result.map_err(ActionError::new_err)
    }

    /// Takes back the last action; False when there is none.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The number of distinct action indices of this config.
    #[getter]
    fn action_count(&self) -> usize {
        self.inner.action_count()
    }

    /// The notation of the action with this index.
    fn index_to_action(&self, index: usize) -> PyResult<String> {
        self.inner.index_notation(index).ok_or_else(|| GameError::new_err(format!("action index {index} out of range")))
    }

    /// The index of an action written in notation.
    fn action_to_index(&self, action: &str) -> PyResult<usize> {
        self.inner.notation_index(action).map_err(GameError::new_err)
    }

    /// The shape of an observation tensor.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// What `observer` (a seat, or None for the spectator) knows, as a float32 array of
    /// `observation_shape`.
    #[pyo3(signature = (observer=None))]
    fn observe<'py>(&self, py: Python<'py>, observer: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
        self.observer_ok(observer)?;
        let shape = self.inner.observation_shape();
        let mut out = vec![0f32; shape.iter().product()];
        self.inner.observe(observer, &mut out).map_err(GameError::new_err)?;
        let flat = PyArray1::from_vec(py, out);
        Ok(flat.reshape(shape)?.into_any())
    }

    /// Fills a caller's float32 array (flat, contiguous) with `observe(observer)`.
    #[pyo3(signature = (out, observer=None))]
    fn observe_into(&self, mut out: PyReadwriteArray1<'_, f32>, observer: Option<u8>) -> PyResult<()> {
        self.observer_ok(observer)?;
        let slice = out.as_slice_mut().map_err(|e| GameError::new_err(e.to_string()))?;
        self.inner.observe(observer, slice).map_err(GameError::new_err)
    }

    /// The legal-action mask of `seat`: a bool array of `action_count` entries.
    fn legal_mask<'py>(&mut self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyArray1<bool>>> {
        self.seat_ok(seat)?;
        let mut out = vec![false; self.inner.action_count()];
        self.inner.legal_mask(seat, &mut out).map_err(GameError::new_err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Each seat's return so far (float64 array; the final returns once over).
    fn returns<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let mut out = vec![0f64; self.inner.seat_count()];
        self.inner.returns(&mut out).map_err(GameError::new_err)?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// The least and greatest return of this config.
    #[getter]
    fn return_bounds(&self) -> (f64, f64) {
        self.inner.return_bounds()
    }

    /// `"zero-sum"`, `"constant-sum"` or `"general-sum"`.
    #[getter]
    fn utility(&self) -> &'static str {
        self.inner.utility().0
    }

    /// What `observer` sees, as a dict (the Rust view's JSON).
    #[pyo3(signature = (observer=None))]
    fn view<'py>(&self, py: Python<'py>, observer: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
        self.observer_ok(observer)?;
        loads(py, &self.inner.view_json(observer))
    }

    /// What `observer` sees, as terminal text.
    #[pyo3(signature = (observer=None))]
    fn render(&self, observer: Option<u8>) -> PyResult<String> {
        self.observer_ok(observer)?;
        Ok(self.inner.render(observer))
    }

    /// Every event `observer` saw since the start: dicts `{"step", "event", "text"}`.
    #[pyo3(signature = (observer=None))]
    fn events<'py>(&self, py: Python<'py>, observer: Option<u8>) -> PyResult<Bound<'py, PyAny>> {
        self.observer_ok(observer)?;
        let text = self.inner.event_log_json(observer).map_err(GameError::new_err)?;
        loads(py, &text)
    }

    /// The full state (hidden information included), as a dict.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.inner.state_json())
    }

    /// The config, as a dict.
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.inner.config_json())
    }

    /// The record (format, config, seed, steps), as a dict: `Game.from_record` replays it.
    fn record<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.inner.record_json())
    }

    /// The outcome once the game is over (None before), as a dict.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &self.inner.outcome_json())
    }

    /// Running scores in the game's own units.
    fn running_scores(&self) -> Vec<i64> {
        self.inner.running_scores()
    }

    /// A game `seat` cannot tell apart from this one, hidden information re-dealt from
    /// `seed` (for information-set search). It has no history: `events` and `record` of it
    /// raise.
    fn determinize(&self, seat: u8, seed: u64) -> PyResult<PyGame> {
        self.seat_ok(seat)?;
        Ok(PyGame { inner: self.inner.determinize(seat, seed), ints: self.ints.clone() })
    }

    /// An independent copy.
    fn clone(&self) -> PyGame {
        PyGame { inner: self.inner.clone_box(), ints: self.ints.clone() }
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyDict>) -> PyGame {
        self.clone()
    }

    fn __repr__(&self) -> String {
        format!("Game({:?}, steps={}, over={})", self.inner.name(), self.inner.steps(), self.inner.is_over())
    }
}

/// The names of the games.
#[pyfunction]
pub fn game_names<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, games::NAMES)
}

/// The seed of sub-game `index` of a run seeded `seed` (as the Rust `duke_core::split_seed`):
/// `VecGame` seeds episode `e` of game `i` with `split_seed(split_seed(seed, i), e)`.
#[pyfunction]
pub fn split_seed(seed: u64, index: u64) -> u64 {
    duke_core::split_seed(seed, index)
}
