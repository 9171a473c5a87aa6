//! Issue #27: the learning surface of Dukes Up! (`dukesup_rules::learning`): the action
//! index is a bijection between `0..action_count` and every action the engine can list, in
//! every config; masks are true exactly at the legal actions; observations have the declared
//! length, finite values, depend only on what the observer may know (a determinization looks
//! the same) and are deterministic; returns stay in bounds and are zero-sum at the end.

use std::collections::HashSet;

use duke_core::testing::proptest_config;
use duke_core::{Card, Game, GameRng, Learning, Observer, Seat, Utility};
use dukesup_rules::learning::{ACTION_COUNT, CHOOSES, MULTI_ROUND_BLOCK, MULTI_ROUND_VALUES, observation_len};
use dukesup_rules::testing::{bias_plays, configs};
use dukesup_rules::{Action, Config, DukesUp, Source};
use proptest::prelude::*;

const OBSERVERS: [Observer; 3] = [Observer::Seat(Seat(0)), Observer::Seat(Seat(1)), Observer::Spectator];

/// Every action the notation can write with distinct-or-not cards, and whether the engine
/// could ever list it: draws of 0 to 2 cards (from the discard pile at least one), any card
/// for the one-card actions, two cards of one colour for a swap or a two-card discard, and
/// three cards of one colour, the DUKES lower card first, for a choice.
fn universe() -> Vec<(Action, bool)> {
    let cards: Vec<Card> = Card::all().collect();
    let mut all = Vec::new();
    for source in [Source::DrawPile, Source::Discards] {
        for count in 0..=3u8 {
            let listed = count <= 2 && (source == Source::DrawPile || count >= 1);
            all.push((Action::Draw { source, count }, listed));
        }
    }
    for &c in &cards {
        for a in [Action::Play(c), Action::PickUp(c), Action::Refill(c), Action::Discard(c), Action::DiscardTable(c)] {
            all.push((a, true));
        }
        for &d in &cards {
            let listed = c != d && c.colour() == d.colour();
            all.push((Action::Swap { duke: c, with: d }, listed));
            all.push((Action::DiscardTwo(c, d), listed));
            for &k in &cards {
                let one_colour = k.colour() == c.colour() && k.colour() == d.colour();
                let listed = one_colour && c < d && k != c && k != d;
                all.push((Action::Choose { castle: k, dukes: [c, d] }, listed));
            }
        }
    }
    for a in [Action::Move, Action::Return, Action::Bury, Action::End] {
        all.push((a, true));
    }
    all
}

#[test]
fn the_index_is_a_bijection_onto_every_action_the_engine_can_list() {
    let game = DukesUp::new(&Config::default(), 0).unwrap();
    assert_eq!(game.action_count(), ACTION_COUNT);
    let mut seen = vec![false; ACTION_COUNT];
    for (action, listed) in universe() {
        match game.action_index(action) {
            Some(i) => {
                assert!(listed, "{action} has index {i}, but the engine never lists it");
                assert!(i < ACTION_COUNT, "{action}: {i}");
                assert!(!seen[i], "{action}: index {i} twice");
                seen[i] = true;
                assert_eq!(game.index_action(i), Some(action));
            }
            None => assert!(!listed, "{action} has no index"),
        }
    }
    assert!(seen.iter().all(|&s| s), "every index belongs to an action");
    for i in 0..ACTION_COUNT {
        let action = game.index_action(i).unwrap_or_else(|| panic!("index {i}"));
        assert_eq!(game.action_index(action), Some(i), "{action}");
    }
    assert_eq!(game.index_action(ACTION_COUNT), None);
    assert_eq!(game.index_action(usize::MAX), None);
}

/// The indices do not depend on the config: every config has the same actions; the
/// observation has the multi-round block only in games of several rounds.
#[test]
fn the_layout_depends_on_the_config_as_documented() {
    let mut runner = proptest::test_runner::TestRunner::new(proptest_config(24));
    runner
        .run(&configs(), |config| {
            let game = DukesUp::new(&config, 1).unwrap();
            prop_assert_eq!(game.action_count(), ACTION_COUNT);
            let len = if config.rounds > 1 { MULTI_ROUND_BLOCK + MULTI_ROUND_VALUES } else { MULTI_ROUND_BLOCK };
            prop_assert_eq!(observation_len(&config), len);
            prop_assert_eq!(game.observation_shape().len(), len);
            let shape = game.observation_shape();
            prop_assert_eq!(shape.dims(), &[len][..]);
            for i in [0, 5, 1409, CHOOSES, ACTION_COUNT - 1] {
                let action = game.index_action(i).unwrap();
                prop_assert_eq!(game.action_index(action), Some(i));
            }
            Ok(())
        })
        .unwrap();
}

/// Every observer's tensor: declared length, finite, deterministic, and the same for a
/// determinization from `seat` (for `seat` and for the spectator).
fn check_observations(game: &DukesUp, twin_seed: u64) -> Result<(), TestCaseError> {
    let len = observation_len(&game.config());
    let mut a = vec![f32::NAN; len];
    let mut b = vec![0.0f32; len];
    for observer in OBSERVERS {
        game.observe(observer, &mut a).unwrap();
        prop_assert!(a.iter().all(|v| v.is_finite()), "{observer:?}");
        game.observe(observer, &mut b).unwrap();
        prop_assert_eq!(&a, &b, "observe is deterministic");
    }
    for seat in [Seat(0), Seat(1)] {
        let twin = game.determinize(seat, twin_seed);
        for observer in [Observer::Seat(seat), Observer::Spectator] {
            game.observe(observer, &mut a).unwrap();
            twin.observe(observer, &mut b).unwrap();
            prop_assert_eq!(&a, &b, "{:?} tells the determinization for {} apart", observer, seat);
        }
    }
    prop_assert!(game.observe(Observer::Spectator, &mut a[1..]).is_err(), "a short buffer is refused");
    game.observe(Observer::Seat(Seat(7)), &mut a).unwrap();
    game.observe(Observer::Spectator, &mut b).unwrap();
    prop_assert_eq!(&a, &b, "a seat the game does not have sees what a spectator sees");
    Ok(())
}

/// The mask is true exactly at the indices of the seat's legal actions; each legal action
/// has an index in range that maps back to it.
fn check_masks(game: &DukesUp, scratch: &mut Vec<Action>, mask: &mut [bool]) -> Result<(), TestCaseError> {
    let to_act = game.to_act();
    for seat in [Seat(0), Seat(1)] {
        game.legal_mask(seat, scratch, mask).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        prop_assert_eq!(legal.is_empty(), !to_act.contains(seat));
        let mut want = HashSet::new();
        for &action in &legal {
            let i = game.action_index(action);
            prop_assert!(i.is_some_and(|i| i < ACTION_COUNT), "{} has no index", action);
            prop_assert_eq!(game.index_action(i.unwrap_or(0)), Some(action));
            want.insert(i.unwrap_or(0));
        }
        prop_assert_eq!(want.len(), legal.len(), "two legal actions share an index");
        for (i, &on) in mask.iter().enumerate() {
            prop_assert_eq!(on, want.contains(&i), "index {} ({:?})", i, game.index_action(i));
        }
    }
    Ok(())
}

/// Returns within the bounds, 0 before the end, zero-sum at the end, and of the outcome's
/// sign.
fn check_returns(game: &DukesUp) -> Result<(), TestCaseError> {
    let mut r = [f64::NAN; 2];
    game.returns(&mut r).unwrap();
    let (low, high) = game.return_bounds();
    prop_assert!(r.iter().all(|v| (low..=high).contains(v)), "{:?}", r);
    prop_assert_eq!(game.utility(), Utility::ZeroSum);
    match game.outcome() {
        // Before the end: only finished rounds are credited, zero-sum, within (-1/2, 1/2);
        // nothing in a game of one round.
        None => {
            prop_assert_eq!(r[0] + r[1], 0.0);
            prop_assert!(r[0].abs() <= 0.5, "{:?}", r);
            let view = game.view(duke_core::Observer::Spectator);
            if game.config().rounds == 1 || view.points == [0, 0] && view.wins == [0, 0] {
                prop_assert_eq!(r, [0.0, 0.0]);
            }
        }
        Some(outcome) => {
            prop_assert_eq!(r[0] + r[1], 0.0);
            let winners = outcome.winners();
            let want = if outcome.is_draw() {
                0.0
            } else if winners.contains(Seat(0)) {
                1.0
            } else {
                -1.0
            };
            prop_assert_eq!(r[0], want);
        }
    }
    Ok(())
}

/// Biased random playouts of every config (plays and takes favoured, so tables, taken
/// DUKES and CASTLES, THE MOVE and ends of rounds are met), checked at every step, the
/// finished game included.
#[test]
fn masks_observations_and_returns_hold_on_random_playouts() {
    let mut runner = proptest::test_runner::TestRunner::new(proptest_config(40));
    let finished = std::cell::Cell::new(0);
    let rounds_credited = std::cell::Cell::new(0);
    runner
        .run(&(configs(), any::<u64>()), |(mut config, seed)| {
            if config.turn_limit.is_none_or(|l| l > 60) {
                config.turn_limit = Some(60);
            }
            config.rounds = config.rounds.min(2);
            let mut game = DukesUp::new(&config, seed).unwrap();
            let mut rng = GameRng::new(seed ^ 0x5EED);
            let (mut scratch, mut legal) = (Vec::new(), Vec::new());
            let mut mask = vec![false; ACTION_COUNT];
            let mut credited = ([0.0; 2], 0u8);
            for step in 0..5000u64 {
                check_masks(&game, &mut scratch, &mut mask)?;
                check_returns(&game)?;
                // Rewards come at round ends only: the return moves only when a round is scored.
                let mut r = [0.0; 2];
                game.returns(&mut r).unwrap();
                let round = game.view(duke_core::Observer::Spectator).round;
                if r != credited.0 {
                    prop_assert!(round != credited.1 || game.is_over(), "the return moved within round {}", round);
                }
                if r != [0.0, 0.0] && !game.is_over() {
                    rounds_credited.set(rounds_credited.get() + 1);
                }
                credited = (r, round);
                if step % 5 == 0 || game.is_over() {
                    check_observations(&game, seed ^ step)?;
                }
                let Some(seat) = game.to_act().first() else { break };
                game.legal_actions(seat, &mut legal);
                let weights: Vec<u32> = legal.iter().map(|a| bias_plays(&game, seat, a)).collect();
                let pick = rng.weighted(&weights).unwrap_or(0);
                game.apply(seat, legal[pick]).unwrap();
            }
            prop_assert!(game.is_over(), "a bounded game ends");
            finished.set(finished.get() + 1);
            Ok(())
        })
        .unwrap();
    assert!(finished.get() >= 40, "{} finished games", finished.get());
    assert!(rounds_credited.get() > 0, "no game of two rounds credited its first round");
}
