//! The compact per-seat arrays of the table and their accessors, below every other module
//! (the state, the trick, the round types' records all use them).

use duke_core::Seat;

/// Most players.
pub const MAX_PLAYERS: usize = 8;
/// Most rounds a schedule may list (the longest preset has 20).
pub const MAX_ROUNDS: usize = 24;
/// "No card" / "no seat" marker in compact arrays.
pub(crate) const NONE: u8 = 0xFF;

/// Reads a per-seat array (out of range reads the default).
#[inline]
pub(crate) fn at<T: Copy + Default>(a: &[T; MAX_PLAYERS], s: Seat) -> T {
    a.get(s.index()).copied().unwrap_or_default()
}

/// Writes a per-seat array (out of range writes nothing).
#[inline]
pub(crate) fn put<T>(a: &mut [T; MAX_PLAYERS], s: Seat, v: T) {
    if let Some(slot) = a.get_mut(s.index()) {
        *slot = v;
    }
}

/// The seat `steps` places clockwise after `s` (without a division: both are below `n`).
#[inline]
pub(crate) fn after(s: Seat, steps: usize, n: usize) -> Seat {
    let x = s.index() + steps;
    if x < n {
        Seat(x as u8)
    } else if x < 2 * n {
        Seat((x - n) as u8)
    } else {
        s.offset(steps, n)
    }
}

/// Updates a per-seat entry in place.
#[inline]
pub(crate) fn update<T: Copy>(a: &mut [T; MAX_PLAYERS], s: Seat, f: impl FnOnce(T) -> T) {
    if let Some(slot) = a.get_mut(s.index()) {
        *slot = f(*slot);
    }
}

#[inline]
pub(crate) const fn bit(s: Seat) -> u8 {
    if s.0 < 8 { 1 << s.0 } else { 0 }
}
