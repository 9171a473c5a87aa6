//! Benchmarks (under construction).
#![allow(missing_docs)]
fn main() {}
