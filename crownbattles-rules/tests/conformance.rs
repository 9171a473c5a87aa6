//! The duke-core conformance suite on random configs: every player count, presets, all
//! Special Power cards in random selections, every option, and rounds drawing from every
//! implemented round type (dealt, drawn or in a fixed sequence).

use crownbattles_rules::{
    Config, CrownBattles, DeckSpec, Preset, RoundType, RoundTypes, Schedule, Shields, Timing, Timings,
};
use duke_core::testing::{Failure, Settings, run};
use proptest::prelude::*;

fn timing() -> impl Strategy<Value = Timing> {
    prop_oneof![Just(Timing::Immediate), Just(Timing::EndOfTrick)]
}

/// Short games (few small rounds) with many Special Power cards, so effects are frequent.
fn configs() -> impl Strategy<Value = Config> {
    let base = prop_oneof![
        (2u8..=8).prop_map(|n| Config::rulebook(Some(n)).unwrap()),
        (0..Preset::ALL.len()).prop_map(|i| Config::preset(Preset::ALL[i])),
    ];
    (
        base,
        any::<u16>(),
        proptest::collection::vec(1u8..=8, 1..=3),
        any::<[bool; 6]>(),
        (timing(), timing(), timing(), timing()),
        prop_oneof![Just(Shields::Off), Just(Shields::Round), Just(Shields::Game)],
        prop_oneof![Just(5u8), Just(10u8)],
        (0u8..=2, 0u8..5),
    )
        .prop_map(|(mut c, powers, schedule, flags, (a, b, j, w), shields, witch_step, (replays, rounds))| {
            // Add Special Power cards (the box has one of each) and a short schedule.
            c.deck = DeckSpec { powers: c.deck.powers | powers, ..c.deck };
            let deck = c.deck.cards().len() as u8;
            let most = deck / c.players;
            let sched: Vec<u8> = schedule.iter().map(|&k| k.min(most).max(1)).collect();
            c.schedule = Schedule::new(&sched).unwrap();
            c.screw_the_dealer = flags[0];
            c.wizard_affects_kings = flags[1];
            c.dealer_may_choose_no_trump = flags[2];
            c.spinner = if flags[3] { [0, 0, 0, 0, 1, 3] } else { [1; 6] };
            // Suit Precision's two readings (RULES.md, readings 46 and 47).
            c.precision_peasant_any = flags[4];
            c.precision_thief_own_bid = flags[5];
            c.timings = Timings { alchemist: a, bishop: b, jester: j, witch: w };
            c.shields = shields;
            c.witch_step = witch_step;
            c.max_tie_replays = replays;
            // Round types: the base game, or rounds drawing from every implemented type.
            let every: Vec<RoundType> =
                RoundType::IMPLEMENTED.into_iter().filter(|t| !t.excluded_for(c.players)).collect();
            let alternate: Vec<RoundType> = (0..sched.len()).map(|r| every[(r + 1) % every.len()]).collect();
            c.round_types = match rounds {
                0 | 1 => RoundTypes::default(),
                2 => RoundTypes::deal(&every),
                3 => RoundTypes::draw(&every),
                _ => RoundTypes::sequence(&alternate).unwrap(),
            };
            {
                c.check().unwrap();
                c
            }
        })
}

#[test]
fn conformance() -> Result<(), Failure> {
    run::<CrownBattles>(configs(), &Settings { cases: 160, max_steps: 120, ..Settings::default() })
}

#[test]
fn conformance_base_games() -> Result<(), Failure> {
    let base = (2u8..=8).prop_map(|n| Config::rulebook(Some(n)).unwrap());
    run::<CrownBattles>(base, &Settings { cases: 12, max_steps: 40, seed: 0xC20, ..Settings::default() })
}

/// The vocabulary every game shares: configs, set-ups, records (`duke_core::vocabulary`),
/// for every seat count.
#[test]
fn the_shared_vocabulary() -> Result<(), duke_core::testing::Failure> {
    for players in [None, Some(2), Some(3), Some(5), Some(8)] {
        duke_core::testing::vocabulary::check_vocabulary::<crownbattles_rules::CrownBattles>(
            players,
            &duke_core::testing::Settings { cases: 8, ..Default::default() },
        )?;
    }
    Ok(())
}
