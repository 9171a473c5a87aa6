//! The referee, now library code in duke-core ([`duke_core::referee`]); re-exported here
//! so the examples read as before.

pub use duke_core::referee::{DriverError, Finished, Logs, Table, play_game, play_game_with};
