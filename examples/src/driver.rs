//! The referee, now library code in duke-core ([`duke_core::referee`]); re-exported here
//! so the examples read as before.

pub use duke_core::referee::{DriverError, Finished, Table, play_game};
