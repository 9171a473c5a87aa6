//! Python bindings of the Duke family of rules engines (module `duke_games._native`).
//!
//! Everything is written once over `duke_core::Learning` ([`session`]) and exposed as two
//! classes: `Game` (one game: notation, indices, masks, tensors, views, events, records,
//! undo, determinization) and `VecGame` (many games stepped by one call on every core).
//! Engine errors become Python exceptions with the engine's message.

mod batch;
mod errors;
mod game;
mod games;
mod ints;
mod session;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::PyGame>()?;
    m.add_class::<batch::PyVecGame>()?;
    m.add_function(wrap_pyfunction!(game::game_names, m)?)?;
    m.add_function(wrap_pyfunction!(game::split_seed, m)?)?;
    m.add("GameError", py.get_type::<errors::GameError>())?;
    m.add("ConfigError", py.get_type::<errors::ConfigError>())?;
    m.add("ActionError", py.get_type::<errors::ActionError>())?;
    Ok(())
}
