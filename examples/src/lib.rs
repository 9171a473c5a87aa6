//! Generic bots and helpers for the examples (under construction).
#![forbid(unsafe_code)]
