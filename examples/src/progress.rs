//! A one-line progress bar on standard error, drawn only when standard error is a terminal.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Redraws at most this often, so that drawing never costs much.
const REDRAW: Duration = Duration::from_millis(100);
/// Width of the bar in characters.
const WIDTH: u64 = 30;

/// A progress bar for `total` units of work; silent when standard error is not a terminal.
#[derive(Debug)]
pub struct Progress {
    label: String,
    total: u64,
    started: Instant,
    last: Option<Instant>,
    enabled: bool,
}

impl Progress {
    /// A bar labelled `label` for `total` units.
    pub fn new(label: &str, total: u64) -> Progress {
        Progress {
            label: label.to_owned(),
            total,
            started: Instant::now(),
            last: None,
            enabled: std::io::stderr().is_terminal(),
        }
    }

    /// Shows that `done` units are finished.
    pub fn set(&mut self, done: u64) {
        if !self.enabled || self.last.is_some_and(|t| t.elapsed() < REDRAW) && done < self.total {
            return;
        }
        self.last = Some(Instant::now());
        let total = self.total.max(1);
        let filled = (WIDTH * done.min(total) / total) as usize;
        let line = format!(
            "\r{:<14} [{}{}] {done}/{} {:.1}s",
            self.label,
            "#".repeat(filled),
            ".".repeat(WIDTH as usize - filled),
            self.total,
            self.started.elapsed().as_secs_f64()
        );
        let mut err = std::io::stderr().lock();
        // A progress bar that cannot be drawn is not worth failing the run for.
        let _ = err.write_all(line.as_bytes());
        let _ = err.flush();
    }

    /// Erases the bar.
    pub fn finish(&mut self) {
        if self.enabled && self.last.is_some() {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{}\r", " ".repeat(self.label.len().max(14) + WIDTH as usize + 30));
            let _ = err.flush();
        }
    }
}
