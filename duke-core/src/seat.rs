//! Seats (the players' places at the table) and compact sets of seats.

use core::fmt;
use serde::{Deserialize, Serialize};

/// The largest number of seats any game of the family uses (Archduke with two decks
/// seats 12); a [`SeatSet`] holds up to this many.
pub const MAX_SEATS: usize = 16;

/// One player's place at the table, numbered from 0 in clockwise order.
///
/// A seat is only an index: which seat is the dealer or moves first is game state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index as a `usize`, for array access.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat clockwise (to this seat's left) at a table of `seats` seats.
    ///
    /// With `seats == 0` the seat is returned unchanged.
    #[inline]
    pub const fn left(self, seats: usize) -> Seat {
        self.offset(1, seats)
    }

    /// The next seat anticlockwise (to this seat's right) at a table of `seats` seats.
    #[inline]
    pub const fn right(self, seats: usize) -> Seat {
        if seats == 0 {
            return self;
        }
        self.offset(seats - 1, seats)
    }

    /// The seat `steps` places clockwise from this one at a table of `seats` seats.
    #[inline]
    pub const fn offset(self, steps: usize, seats: usize) -> Seat {
        if seats == 0 {
            return self;
        }
        let seat = self.0 as usize;
        // The usual case, a seat and a step within the table, needs no division.
        if seat < seats && steps < seats {
            let x = seat + steps;
            return Seat((if x >= seats { x - seats } else { x }) as u8);
        }
        Seat(((seat % seats + steps % seats) % seats) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0)
    }
}

/// The seats of a table of `seats` seats in clockwise order, starting at `first`.
///
/// This is the order of play "clockwise from the dealer's left": pass
/// `dealer.left(seats)` as `first`.
pub fn clockwise_from(first: Seat, seats: usize) -> impl Iterator<Item = Seat> {
    (0..seats).map(move |step| first.offset(step, seats))
}

/// A set of seats as a 16-bit mask: who may act now, who has passed, who is out.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u16);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding just `seat` (empty if the seat is out of range).
    #[inline]
    pub const fn single(seat: Seat) -> SeatSet {
        if (seat.0 as usize) < MAX_SEATS { SeatSet(1 << seat.0) } else { SeatSet(0) }
    }

    /// The seats `0..seats` (all of them if `seats >= MAX_SEATS`).
    #[inline]
    pub const fn first_n(seats: usize) -> SeatSet {
        if seats >= MAX_SEATS { SeatSet(u16::MAX) } else { SeatSet(((1u32 << seats) - 1) as u16) }
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        (seat.0 as usize) < MAX_SEATS && self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    #[inline]
    #[must_use]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | SeatSet::single(seat).0)
    }

    /// The set with `seat` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 & !SeatSet::single(seat).0)
    }

    /// Adds `seat` in place.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        *self = self.with(seat);
    }

    /// Removes `seat` in place.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        *self = self.without(seat);
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set, if any.
    #[inline]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 { None } else { Some(Seat(self.0.trailing_zeros() as u8)) }
    }

    /// The `n`th seat of the set in increasing order, if there are that many.
    pub fn nth(self, n: usize) -> Option<Seat> {
        self.iter().nth(n)
    }

    /// The seats in increasing order.
    #[inline]
    pub fn iter(self) -> SeatSetIter {
        SeatSetIter(self.0)
    }

    /// The union of two sets.
    #[inline]
    #[must_use]
    pub const fn union(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 | other.0)
    }

    /// The seats in both sets.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        iter.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl IntoIterator for SeatSet {
    type Item = Seat;
    type IntoIter = SeatSetIter;
    fn into_iter(self) -> SeatSetIter {
        self.iter()
    }
}

/// Iterator over the seats of a [`SeatSet`], lowest first.
#[derive(Clone, Debug)]
pub struct SeatSetIter(u16);

impl Iterator for SeatSetIter {
    type Item = Seat;
    #[inline]
    fn next(&mut self) -> Option<Seat> {
        if self.0 == 0 {
            return None;
        }
        let seat = Seat(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(seat)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SeatSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_wraps_around_the_table() {
        assert_eq!(Seat(3).left(4), Seat(0));
        assert_eq!(Seat(0).right(4), Seat(3));
        assert_eq!(Seat(2).offset(7, 4), Seat(1));
        let order: Vec<Seat> = clockwise_from(Seat(2).left(3), 3).collect();
        assert_eq!(order, vec![Seat(0), Seat(1), Seat(2)]);
    }

    #[test]
    fn seat_sets_behave_like_sets() {
        let set: SeatSet = [Seat(1), Seat(4), Seat(1)].into_iter().collect();
        assert_eq!(set.len(), 2);
        assert!(set.contains(Seat(4)) && !set.contains(Seat(0)));
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Seat(1), Seat(4)]);
        assert_eq!(set.nth(1), Some(Seat(4)));
        assert_eq!(set.without(Seat(1)).first(), Some(Seat(4)));
        assert!(SeatSet::single(Seat(40)).is_empty());
        assert_eq!(SeatSet::first_n(16).len(), 16);
        assert_eq!(SeatSet::first_n(3), SeatSet(0b111));
    }
}
