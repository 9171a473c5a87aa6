//! The Python exceptions: every engine error arrives as one of these, with the engine's
//! message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(_native, GameError, PyValueError, "An engine error: bad input to a game.");
create_exception!(_native, ConfigError, GameError, "A config (or game name) the engine refuses.");
create_exception!(
    _native,
    ActionError,
    GameError,
    "An action that is malformed or not legal now; the game is unchanged."
);
