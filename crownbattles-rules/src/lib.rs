//! Rules engine for Crown Battles: trick-taking with bids, trumps and special power cards, for 2-8 players (under construction).
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing, clippy::unreachable)
)]
