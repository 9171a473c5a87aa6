//! The learning surface (`duke_core::Learning`) on random configs and random games: every
//! player count, deck, Special Power card, round type and option (`testing::configs`),
//! with focused configs for the round types and cards that hide or show cards in special
//! ways (Leaked Suit, Stealth Play, the Magician).

use std::cell::Cell;

use crownbattles_rules::testing::{bias_power_cards, configs, configs_with};
use crownbattles_rules::{Action, Config, CrownBattles, DeckSpec, Phase, Power, RoundType, RoundTypes};
use duke_core::testing::proptest_config;
use duke_core::{Game, GameRng, Learning, Observer, Seat, Utility};
use proptest::prelude::*;

/// What a playout met, for the focused tests' coverage assertions.
#[derive(Default, Debug)]
struct Met {
    steps: usize,
    face_down: usize,
    leaks: usize,
    passing: usize,
    finished: bool,
}

fn observers(game: &CrownBattles) -> impl Iterator<Item = Observer> + use<> {
    (0..game.seat_count()).map(|i| Observer::Seat(Seat(i as u8))).chain([Observer::Spectator])
}

fn observation(game: &CrownBattles, observer: Observer) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_shape().len()];
    game.observe(observer, &mut out).unwrap();
    out
}

/// Every check of the contract on one state.
fn check_state(game: &CrownBattles, seed: u64, met: &mut Met) {
    let count = game.action_count();
    let n = game.seat_count();
    let mut scratch = Vec::new();
    let mut legal = Vec::new();
    let mut mask = vec![false; count];
    // Masks: true exactly at the legal actions' indices, none for a seat that may not act.
    for i in 0..n {
        let seat = Seat(i as u8);
        game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
        game.legal_actions(seat, &mut legal);
        if !game.to_act().contains(seat) {
            assert!(legal.is_empty());
        }
        let mut want = vec![false; count];
        for &action in &legal {
            let index = game.action_index(action).unwrap_or_else(|| panic!("{action} has no index"));
            assert!(index < count);
            assert_eq!(game.index_action(index), Some(action), "{action}");
            want[index] = true;
        }
        assert_eq!(mask, want, "seat {i}");
    }
    // Observations: the declared length, finite, deterministic, for every observer; a
    // determinization for a seat gives that seat and the spectator the same tensors.
    let shape = game.observation_shape();
    for observer in observers(game) {
        let first = observation(game, observer);
        assert_eq!(first.len(), shape.len());
        assert!(first.iter().all(|v| v.is_finite()), "{observer:?}");
        assert_eq!(first, observation(game, observer));
    }
    let spectator = observation(game, Observer::Spectator);
    for i in 0..n {
        let seat = Seat(i as u8);
        let twin = game.determinize(seat, seed ^ i as u64);
        assert_eq!(twin.observation_shape(), shape);
        assert_eq!(observation(&twin, Observer::Seat(seat)), observation(game, Observer::Seat(seat)), "seat {i}");
        assert_eq!(observation(&twin, Observer::Spectator), spectator, "spectator, twin for seat {i}");
    }
    // Returns within the bounds.
    let (low, high) = game.return_bounds();
    let mut returns = vec![f64::NAN; n];
    game.returns(&mut returns).unwrap();
    assert!(returns.iter().all(|r| (low..=high).contains(r)), "{returns:?}");
    let view = game.view(Observer::Spectator);
    // As documented: tanh of the margin over the best other seat, / 100 (within 1 ulp of the
    // platform's `f64::tanh`: the crate's table holds glibc's values, equal on Linux).
    for (i, r) in returns.iter().enumerate() {
        let others = view.scores.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &s)| s);
        let margin = f64::from(view.scores[i]) - f64::from(others.max().unwrap_or(view.scores[i]));
        let want = (margin / 100.0).tanh();
        assert!(r.to_bits().abs_diff(want.to_bits()) <= 1, "seat {i}: {r:e} {want:e} {:?}", view.scores);
    }
    met.steps += 1;
    met.face_down += usize::from(!view.face_down.is_empty());
    met.leaks += usize::from(view.leaks.iter().any(Option::is_some));
    met.passing += usize::from(matches!(view.phase, Phase::Passing { .. }));
}

/// Plays a random game (weighted by `bias`) to its end or `limit` actions, checking every
/// state; at the end, the returns name the winner.
fn play(config: &Config, seed: u64, limit: usize, bias: fn(&CrownBattles, Seat, &Action) -> u32) -> Met {
    let mut game = CrownBattles::new(config, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut met = Met::default();
    for step in 0..limit {
        check_state(&game, seed.wrapping_add(step as u64), &mut met);
        let to_act = game.to_act();
        let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
        game.legal_actions(seat, &mut legal);
        let weights: Vec<u32> = legal.iter().map(|a| bias(&game, seat, a)).collect();
        let action = legal[rng.weighted(&weights).unwrap()];
        game.apply(seat, action).unwrap();
    }
    if game.is_over() {
        check_state(&game, seed, &mut met);
        met.finished = true;
        let mut returns = vec![0.0; game.seat_count()];
        game.returns(&mut returns).unwrap();
        let crown = game.view(Observer::Spectator).crown;
        for (i, r) in returns.iter().enumerate() {
            // The sole leader (the winner) has the only positive return.
            assert_eq!(*r > 0.0, crown == Some(Seat(i as u8)), "{returns:?} crown {crown:?}");
        }
    }
    met
}

fn uniform(_: &CrownBattles, _: Seat, _: &Action) -> u32 {
    1
}

#[test]
fn every_index_maps_to_an_action_and_back() {
    proptest!(proptest_config(64), |(config in configs())| {
        let game = CrownBattles::new(&config, 1).unwrap();
        let count = game.action_count();
        prop_assert!(count > 0);
        for i in 0..count {
            let action = game.index_action(i);
            prop_assert!(action.is_some(), "{i} of {count}");
            prop_assert_eq!(game.action_index(action.unwrap()), Some(i), "{:?}", action);
        }
        prop_assert_eq!(game.index_action(count), None);
        prop_assert_eq!(game.index_action(usize::MAX), None);
    });
}

#[test]
fn masks_observations_twins_and_returns_in_random_games() {
    proptest!(proptest_config(24), |(config in configs(), seed in any::<u64>())| {
        play(&config, seed, 150, uniform);
    });
}

#[test]
fn leaked_suit_twins_see_the_same() {
    let leaks = Cell::new(0);
    proptest!(proptest_config(16), |(config in configs_with(RoundType::LeakedSuit), seed in any::<u64>())| {
        leaks.set(leaks.get() + play(&config, seed, 80, uniform).leaks);
    });
    assert!(leaks.get() > 0, "no leaked suit met");
}

#[test]
fn stealth_play_twins_see_the_same() {
    let face_down = Cell::new(0);
    proptest!(proptest_config(16), |(config in configs_with(RoundType::StealthPlay), seed in any::<u64>())| {
        face_down.set(face_down.get() + play(&config, seed, 80, bias_power_cards).face_down);
    });
    assert!(face_down.get() > 0, "no face-down card met");
}

#[test]
fn magician_passes_twins_see_the_same() {
    let passing = Cell::new(0);
    let with_magician = configs().prop_map(|mut c| {
        c.deck = DeckSpec { powers: c.deck.powers | 1 << Power::Magician.index(), ..c.deck };
        c.check().unwrap();
        c
    });
    proptest!(proptest_config(16), |(config in with_magician, seed in any::<u64>())| {
        passing.set(passing.get() + play(&config, seed, 120, bias_power_cards).passing);
    });
    assert!(passing.get() > 0, "no Magician pass met");
}

#[test]
fn finished_games_return_the_winner() {
    let mut finished = 0;
    for players in 2..=8 {
        let config = Config::rulebook(Some(players)).unwrap();
        let met = play(&config, u64::from(players), 2000, uniform);
        finished += usize::from(met.finished);
    }
    assert_eq!(finished, 7);
}

#[test]
fn sizes_of_the_base_game_and_the_largest_config() {
    let base = CrownBattles::new(&Config::rulebook(Some(4)).unwrap(), 0).unwrap();
    assert_eq!(base.action_count(), 82);
    assert_eq!(base.observation_shape().len(), 250);
    assert_eq!(base.utility(), Utility::GeneralSum);
    let mut largest = Config::rulebook(Some(8)).unwrap();
    largest.deck = largest.deck.with_powers(&Power::ALL);
    largest.max_bid = 10;
    largest.round_types =
        RoundTypes::deal(&RoundType::ALL.into_iter().filter(|t| !t.excluded_for(8)).collect::<Vec<_>>());
    let game = CrownBattles::new(&largest, 0).unwrap();
    assert_eq!(game.action_count(), 1302);
    assert_eq!(game.observation_shape().len(), 742);
}

#[test]
fn a_seat_sees_its_hand_and_the_spectator_does_not() {
    let game = CrownBattles::new(&Config::rulebook(Some(4)).unwrap(), 3).unwrap();
    let spectator = observation(&game, Observer::Spectator);
    for i in 0..4 {
        let mine = observation(&game, Observer::Seat(Seat(i)));
        assert_ne!(mine, spectator);
        // The observer one-hot and the hand are all that differ at the deal.
        let differ = mine.iter().zip(&spectator).filter(|(a, b)| a != b).count();
        assert_eq!(differ, 1 + game.cards_this_round() as usize, "seat {i}");
    }
}

#[test]
fn wrong_buffer_lengths_are_typed_errors() {
    let game = CrownBattles::new(&Config::rulebook(Some(3)).unwrap(), 0).unwrap();
    let mut short = vec![0.0; 3];
    assert!(game.observe(Observer::Spectator, &mut short).is_err());
    let mut mask = vec![false; 2];
    assert!(game.legal_mask(Seat(0), &mut Vec::new(), &mut mask).is_err());
    let mut returns = vec![0.0; 4];
    assert!(game.returns(&mut returns).is_err());
    let mut returns = vec![1.0; 3];
    game.returns(&mut returns).unwrap();
    assert_eq!(returns, vec![0.0; 3]);
}

/// Whether `action` is one the masks write straight from the rules' predicates outside a
/// turn to play (Suit Precision's bids, set-asides, missions, placements, Secret Notes, the
/// shield and the Smuggler before them).
fn direct_kind(action: &Action) -> Option<usize> {
    match action {
        Action::SuitBid(..) => Some(0),
        Action::SetAside(_) => Some(1),
        Action::Mission(_) => Some(2),
        Action::Place(_) => Some(3),
        Action::Note(_) => Some(4),
        Action::Shield | Action::Smuggle(_) => Some(5),
        _ => None,
    }
}

/// Both masks (`bool`s and bits) of every seat against the listed actions' indices.
fn check_masks(game: &CrownBattles, met: &mut [usize; 6]) {
    let count = game.action_count();
    let (mut scratch, mut legal) = (Vec::new(), Vec::new());
    let mut mask = vec![true; count];
    let mut bits = vec![u64::MAX; duke_core::mask_words(count)];
    for i in 0..game.seat_count() {
        let seat = Seat(i as u8);
        game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
        game.legal_mask_bits(seat, &mut scratch, &mut bits).unwrap();
        game.legal_actions(seat, &mut legal);
        let mut want = vec![false; count];
        for action in &legal {
            want[game.action_index(*action).unwrap()] = true;
            if let Some(k) = direct_kind(action) {
                met[k] += 1;
            }
        }
        assert_eq!(mask, want, "seat {i}: {legal:?}");
        let from_bits: Vec<bool> = (0..count).map(|j| bits[j / 64] >> (j % 64) & 1 == 1).collect();
        assert_eq!(from_bits, want, "seat {i}: {legal:?}");
    }
}

#[test]
fn the_round_types_direct_masks_are_the_listed_actions() {
    let met = Cell::new([0usize; 6]);
    let types = [
        RoundType::SuitPrecision,
        RoundType::SuitPrecisionAlliances,
        RoundType::TheSplit,
        RoundType::Missions,
        RoundType::BlindMissions,
        RoundType::MissionsAlliances,
        RoundType::Alliances,
    ];
    for focus in types {
        // The Smuggler, the Thief and the Jester in the deck: the shield and the Smuggler
        // before the first bid, the Thief's placements.
        let with_powers = configs_with(focus).prop_map(|mut c| {
            let extra = 1 << Power::Smuggler.index() | 1 << Power::Thief.index() | 1 << Power::Jester.index();
            c.deck = DeckSpec { powers: c.deck.powers | extra, ..c.deck };
            c
        });
        proptest!(proptest_config(12), |(config in with_powers, seed in any::<u64>())| {
            prop_assume!(config.check().is_ok());
            let mut game = CrownBattles::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let mut seen = met.get();
            for _ in 0..300 {
                check_masks(&game, &mut seen);
                let to_act = game.to_act();
                let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
                game.legal_actions(seat, &mut legal);
                let weights: Vec<u32> = legal.iter().map(|a| bias_power_cards(&game, seat, a)).collect();
                let action = legal[rng.weighted(&weights).unwrap()];
                game.apply(seat, action).unwrap();
            }
            met.set(seen);
        });
    }
    assert!(met.get().iter().all(|&m| m > 0), "{:?}", met.get());
}
