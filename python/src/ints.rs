//! Python ints for action indices, made once per process and shared by every `Game`.
//!
//! `Game.legal_indices` returns a list of ints. CPython keeps ready-made objects only for
//! -5..=256, and Archduke, The Duke and Dukes Up! have thousands of action indices: building
//! each index afresh (an allocation, then a free when the list goes) cost more than the
//! engine's step. Every index of a config is the same immutable `int` in every game, so the
//! objects are made once, the first time a game with that many indices is built, and a list
//! of legal indices only takes new references to them.

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::PyList;

/// The ints `0..len()`, shared (immutable Python objects, so sharing them is invisible).
pub type Ints = Arc<[Py<PyAny>]>;

/// The largest table made so far (it only grows: a table serves every shorter config).
static TABLE: Mutex<Option<Ints>> = Mutex::new(None);

/// A table holding at least the ints `0..count`.
pub fn ints(py: Python<'_>, count: usize) -> Ints {
    let mut table = TABLE.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(ints) = table.as_ref().filter(|t| t.len() >= count) {
        return Arc::clone(ints);
    }
    let made: Ints = (0..count)
        .map(|i| {
            let Ok(int) = i.into_pyobject(py);
            int.into_any().unbind()
        })
        .collect();
    *table = Some(Arc::clone(&made));
    made
}

/// The list of `indices` as Python ints, taken from the shared table (an index past its end,
/// which a game's own indices never are, is made afresh).
pub fn list<'py>(
    py: Python<'py>,
    ints: &Ints,
    indices: impl ExactSizeIterator<Item = usize>,
) -> PyResult<Bound<'py, PyList>> {
    PyList::new(
        py,
        indices.map(|i| match ints.get(i) {
            Some(int) => int.bind(py).clone(),
            None => {
                let Ok(int) = i.into_pyobject(py);
                int.into_any()
            }
        }),
    )
}
