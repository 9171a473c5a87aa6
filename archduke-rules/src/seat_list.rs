//! Seat sets on the wire as lists of seats (`[0, 2]`) rather than duke-core's bit mask, for
//! the views and setups (`#[serde(with = "crate::seat_list")]`, or `seat_list::map` for a map
//! of them).

use std::collections::BTreeMap;

use duke_core::{MAX_SEATS, Seat, SeatSet};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::notation::Slot;

/// A seat set that (de)serialises as its seats, lowest first.
struct Listed(SeatSet);

impl Serialize for Listed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Listed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Listed, D::Error> {
        let mut set = SeatSet::EMPTY;
        for seat in Vec::<Seat>::deserialize(deserializer)? {
            if seat.index() >= MAX_SEATS {
                return Err(D::Error::custom(format!("{seat} is not a seat (P0 to P{})", MAX_SEATS - 1)));
            }
            set.insert(seat);
        }
        Ok(Listed(set))
    }
}

pub(crate) fn serialize<S: Serializer>(set: &SeatSet, serializer: S) -> Result<S::Ok, S::Error> {
    Listed(*set).serialize(serializer)
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<SeatSet, D::Error> {
    Listed::deserialize(deserializer).map(|listed| listed.0)
}

/// A map of seat sets by grid position, each set as a list.
pub(crate) mod map {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(map: &BTreeMap<Slot, SeatSet>, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(map.iter().map(|(slot, set)| (slot, Listed(*set))))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<BTreeMap<Slot, SeatSet>, D::Error> {
        let map = BTreeMap::<Slot, Listed>::deserialize(deserializer)?;
        Ok(map.into_iter().map(|(slot, listed)| (slot, listed.0)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_sets_travel_as_lists_of_seats() {
        let set: SeatSet = [Seat(0), Seat(2)].into_iter().collect();
        assert_eq!(serde_json::to_string(&Listed(set)).unwrap(), "[0,2]");
        assert_eq!(serde_json::from_str::<Listed>("[2,0,2]").unwrap().0, set);
        assert!(serde_json::from_str::<Listed>("[16]").is_err(), "a seat beyond the 16 of duke-core");
        assert!(serde_json::from_str::<Listed>("5").is_err(), "the bit mask is not read");
    }
}
