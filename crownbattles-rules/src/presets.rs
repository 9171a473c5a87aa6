//! The set-ups of "Gameplay suggestions": decks and dealing lists per player count.

use serde::{Deserialize, Serialize};

use crate::deck::DeckSpec;
use crate::schedule::Schedule;

/// The presets of "Gameplay suggestions". Where the rulebook gives a round count but no
/// dealing list, the deck divided by the players gives exactly that count, so those
/// presets deal 1, 2, 3, … cards (our reading, RULES.md). "N Special Cards" takes the
/// first N of [`Power::PRESET_ORDER`](crate::Power::PRESET_ORDER).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub enum Preset {
    /// 2p, 10 rounds 2,4,…,20: 5–13, 1 Golem, 1 Dragon, 2 specials (40 cards).
    TwoPlayers10Rounds,
    /// 2p, 10 rounds 1,3,…,17,20, same deck.
    TwoPlayers10RoundsOdd,
    /// 2p, 10 rounds: 10–13, 1 Golem, 1 Dragon, 2 specials (20 cards).
    TwoPlayersHighCards,
    /// 2p, 14 rounds: 6–13 of 3 suits, 1 Golem, 1 Dragon, 2 specials (28 cards).
    TwoPlayersThreeSuits,
    /// 2p, 14 rounds: 8–13 of 4 suits, 1 Golem, 1 Dragon, 2 specials (28 cards).
    TwoPlayers14Rounds,
    /// 3p, 10 rounds 2,4,…,20: 60 cards with 4 specials.
    ThreePlayers10Rounds,
    /// 3p, 10 rounds 1,3,…,17,20.
    ThreePlayers10RoundsOdd,
    /// 3p, 14 rounds: 5–13, 2 Golems, 1 Dragon, 3 specials (42 cards).
    ThreePlayers14Rounds,
    /// 3p, 19 rounds: all numbers, 2 Golems, 1 Dragon, 2 specials (57 cards).
    ThreePlayers19Rounds,
    /// 3p, 20 rounds: 60 cards with 4 specials.
    ThreePlayers20Rounds,
    /// 4p, 8 rounds 2,4,…,14,15: 60 cards with 4 specials.
    FourPlayers8Rounds,
    /// 4p, 8 rounds 1,3,…,15.
    FourPlayers8RoundsOdd,
    /// 4p, 15 rounds.
    FourPlayers15Rounds,
    /// 5p, 6 rounds 2,4,…,12.
    FivePlayers6Rounds,
    /// 5p, 10 rounds 2,4,5,6,…,12.
    FivePlayers10Rounds,
    /// 5p, 12 rounds.
    FivePlayers12Rounds,
    /// 6p, 5 rounds 2,4,…,10 with 4 Peasants.
    SixPlayers5Rounds,
    /// 6p, 10 rounds, 4 specials.
    SixPlayers10Rounds,
    /// 6p, 11 rounds: 60 cards with 4 Peasants + 6 specials (66 cards).
    SixPlayers11Rounds,
    /// 7p, 5 rounds 2,4,6,8,9: 67 cards (60 + 7 specials).
    SevenPlayers5Rounds,
    /// 7p, 9 rounds, 67 cards.
    SevenPlayers9Rounds,
    /// 8p, 4 rounds 2,4,6,8: 68 cards (60 + 8 specials).
    EightPlayers4Rounds,
    /// 8p, 8 rounds, 68 cards.
    EightPlayers8Rounds,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 23] = [
        Preset::TwoPlayers10Rounds,
        Preset::TwoPlayers10RoundsOdd,
        Preset::TwoPlayersHighCards,
        Preset::TwoPlayersThreeSuits,
        Preset::TwoPlayers14Rounds,
        Preset::ThreePlayers10Rounds,
        Preset::ThreePlayers10RoundsOdd,
        Preset::ThreePlayers14Rounds,
        Preset::ThreePlayers19Rounds,
        Preset::ThreePlayers20Rounds,
        Preset::FourPlayers8Rounds,
        Preset::FourPlayers8RoundsOdd,
        Preset::FourPlayers15Rounds,
        Preset::FivePlayers6Rounds,
        Preset::FivePlayers10Rounds,
        Preset::FivePlayers12Rounds,
        Preset::SixPlayers5Rounds,
        Preset::SixPlayers10Rounds,
        Preset::SixPlayers11Rounds,
        Preset::SevenPlayers5Rounds,
        Preset::SevenPlayers9Rounds,
        Preset::EightPlayers4Rounds,
        Preset::EightPlayers8Rounds,
    ];

    /// Players, deck and schedule.
    pub fn parts(self) -> (u8, DeckSpec, Schedule) {
        use Preset::*;
        let full = |golems, dragons, peasants, powers| {
            DeckSpec::range(4, 1, 13, golems, dragons, peasants).with_n_powers(powers)
        };
        let odd = |last: u8| Schedule::from_iter((0..9).map(|i| 2 * i + 1).chain([last]));
        match self {
            TwoPlayers10Rounds => (2, DeckSpec::range(4, 5, 13, 1, 1, 0).with_n_powers(2), Schedule::by_twos(10, 20)),
            TwoPlayers10RoundsOdd => (2, DeckSpec::range(4, 5, 13, 1, 1, 0).with_n_powers(2), odd(20)),
            TwoPlayersHighCards => {
                (2, DeckSpec::range(4, 10, 13, 1, 1, 0).with_n_powers(2), Schedule::one_more_each(10))
            }
            TwoPlayersThreeSuits => {
                (2, DeckSpec::range(3, 6, 13, 1, 1, 0).with_n_powers(2), Schedule::one_more_each(14))
            }
            TwoPlayers14Rounds => (2, DeckSpec::range(4, 8, 13, 1, 1, 0).with_n_powers(2), Schedule::one_more_each(14)),
            ThreePlayers10Rounds => (3, full(2, 2, 0, 4), Schedule::by_twos(10, 20)),
            ThreePlayers10RoundsOdd => (3, full(2, 2, 0, 4), odd(20)),
            ThreePlayers14Rounds => {
                (3, DeckSpec::range(4, 5, 13, 2, 1, 0).with_n_powers(3), Schedule::one_more_each(14))
            }
            ThreePlayers19Rounds => (3, full(2, 1, 0, 2), Schedule::one_more_each(19)),
            ThreePlayers20Rounds => (3, full(2, 2, 0, 4), Schedule::one_more_each(20)),
            FourPlayers8Rounds => (4, full(2, 2, 0, 4), Schedule::by_twos(8, 15)),
            FourPlayers8RoundsOdd => (4, full(2, 2, 0, 4), Schedule::from_iter((0..8).map(|i| 2 * i + 1))),
            FourPlayers15Rounds => (4, full(2, 2, 0, 4), Schedule::one_more_each(15)),
            FivePlayers6Rounds => (5, full(2, 2, 0, 4), Schedule::by_twos(6, 12)),
            FivePlayers10Rounds => (5, full(2, 2, 0, 4), Schedule::from_iter([2, 4, 5, 6, 7, 8, 9, 10, 11, 12])),
            FivePlayers12Rounds => (5, full(2, 2, 0, 4), Schedule::one_more_each(12)),
            SixPlayers5Rounds => (6, full(2, 2, 4, 0), Schedule::by_twos(5, 10)),
            SixPlayers10Rounds => (6, full(2, 2, 0, 4), Schedule::one_more_each(10)),
            SixPlayers11Rounds => (6, full(2, 2, 4, 6), Schedule::one_more_each(11)),
            SevenPlayers5Rounds => (7, full(2, 2, 4, 7), Schedule::by_twos(5, 9)),
            SevenPlayers9Rounds => (7, full(2, 2, 4, 7), Schedule::one_more_each(9)),
            EightPlayers4Rounds => (8, full(2, 2, 4, 8), Schedule::by_twos(4, 8)),
            EightPlayers8Rounds => (8, full(2, 2, 4, 8), Schedule::one_more_each(8)),
        }
    }
}
