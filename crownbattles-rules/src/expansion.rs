//! The seam between the base game and The expansion game's round types (rulebook "The
//! expansion game", "Organize the fights"): the one base module that names `rounds/`.
//!
//! The base modules (the config, the state, the views, the events, the saved positions)
//! reach the round types only through what this module lists: the round types' options
//! (carried by [`Config`](crate::Config)), the round types' records on the table (which
//! `round_state.rs` groups into one field of the base state) and in a saved position, and
//! the few functions of them the base game's code calls. All of it is plain data from the leaf
//! modules of `rounds/` (`options.rs`, `records.rs`, `missions/catalogue.rs`,
//! `missions/rules.rs`), which import no base module above the cards, the actions and the
//! trick: so no import cycle runs through here. Which round types there are is a base
//! module (`round_types.rs`); what each one does lives in `rounds/`, in `impl
//! CrownBattles` blocks beside its rules, called by the base game as methods of the state.

pub(crate) use crate::rounds::missions::catalogue::MissionError;
// (What the `testing` feature's strategies build.)
#[cfg(feature = "testing")]
pub(crate) use crate::rounds::missions::catalogue::{Condition, MAX_MISSIONS, Mission, MissionCatalogue, PointTable};
#[cfg(feature = "testing")]
pub(crate) use crate::rounds::missions::rules::MissionReveal;
pub(crate) use crate::rounds::missions::rules::{MissionCard, MissionRules, describe};
pub(crate) use crate::rounds::options::{
    DuelPairing, DuelRules, LeakChoice, MissionShare, PrecisionTeamDouble, SplitLead, SplitMiss, TeamFormation,
    WageringRules,
};
pub(crate) use crate::rounds::records::{
    Alliance, AllianceSetup, Duels, LongPlay, MissionsSetup, Precision, Wagering, decode as decode_suit_bid,
    encode as encode_suit_bid, long_winner, pot_shares, second_pass_of,
};
