//! The learning surface (issue #27, duke-core's `Learning`): over random games of every
//! config (`testing::configs`: both rule sets, 2–12 players, one or two decks, custom deck
//! tables), the mask is true exactly at the legal actions, the index is a bijection on
//! `0..action_count`, observations have the declared length, are finite, deterministic, and
//! give a seat (and the spectator) the same tensor on a state and its determinization, and
//! returns stay within the bounds and sum to zero.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use archduke_rules::testing::configs;
use archduke_rules::{Action, Archduke, Config, DeckEntry, Role, RuleSet, Slot, Spot};
use duke_core::testing::strategies::reachable;
use duke_core::{Game, GameRng, Learning, Observer, Seat, Utility};
use proptest::prelude::*;

/// Every seat and the spectator.
fn observers(game: &Archduke) -> Vec<Observer> {
    (0..game.seat_count()).map(|s| Observer::Seat(Seat(s as u8))).chain([Observer::Spectator]).collect()
}

fn observation(game: &Archduke, observer: Observer) -> Vec<f32> {
    let mut out = vec![f32::NAN; game.observation_shape().len()];
    game.observe(observer, &mut out).unwrap();
    out
}

/// Every check of the surface on one state.
fn check(game: &Archduke) -> Result<(), TestCaseError> {
    let count = game.action_count();
    let (mut scratch, mut legal) = (Vec::new(), Vec::new());
    let mut mask = vec![true; count];
    for seat in (0..game.seat_count() as u8 + 1).map(Seat) {
        game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
        game.legal_actions(seat, &mut legal);
        if !game.to_act().contains(seat) {
            prop_assert!(mask.iter().all(|&m| !m), "{seat} may not act but has a mask");
        }
        for &action in &legal {
            let index = game.action_index(action);
            prop_assert!(index.is_some_and(|i| i < count), "{action} has no index");
            let index = index.unwrap();
            prop_assert_eq!(game.index_action(index), Some(action));
        }
        let marked = mask.iter().filter(|&&m| m).count();
        prop_assert_eq!(marked, legal.len(), "{}: mask and legal actions differ", seat);
        for &action in &legal {
            prop_assert!(mask[game.action_index(action).unwrap()]);
        }
    }
    for observer in observers(game) {
        let seen = observation(game, observer);
        prop_assert!(seen.iter().all(|v| v.is_finite()), "{observer:?}: a value is not finite");
        prop_assert_eq!(&seen, &observation(game, observer), "observe is not deterministic");
    }
    // A determinization: the seat (and the spectator) cannot tell it from the real state.
    for seat in (0..game.seat_count() as u8).map(Seat) {
        let twin = game.determinize(seat, 17);
        prop_assert_eq!(observation(game, Observer::Seat(seat)), observation(&twin, Observer::Seat(seat)));
        prop_assert_eq!(observation(game, Observer::Spectator), observation(&twin, Observer::Spectator));
    }
    let mut returns = vec![f64::NAN; game.seat_count()];
    game.returns(&mut returns).unwrap();
    let (low, high) = game.return_bounds();
    prop_assert!(returns.iter().all(|r| (low..=high).contains(r)), "{returns:?}");
    prop_assert_eq!(game.utility(), Utility::ZeroSum);
    prop_assert!(returns.iter().sum::<f64>().abs() < 1e-9, "{returns:?}");
    if game.outcome().is_none() {
        // Between rounds: half the placement by the finished rounds' totals.
        prop_assert!(returns.iter().all(|&r| r.abs() <= 0.5), "{returns:?} before the end");
    }
    Ok(())
}

/// The returns of `game`.
fn returns_of(game: &Archduke) -> Vec<f64> {
    let mut returns = vec![0.0; game.seat_count()];
    game.returns(&mut returns).unwrap();
    returns
}

proptest! {
    #![proptest_config(duke_core::testing::proptest_config(96))]

    /// The surface along random games of every config.
    #[test]
    fn the_surface_holds_along_random_games(reached in reachable::<Archduke>(configs(), 120)) {
        let mut game = Archduke::new(&reached.record.config, reached.record.seed).unwrap();
        prop_assert!(returns_of(&game).iter().all(|&r| r == 0.0), "nothing is credited at the start");
        for step in &reached.record.steps {
            check(&game)?;
            let (before, round) = (returns_of(&game), game.view(Observer::Spectator).round);
            game.apply(step.seat, step.action).unwrap();
            // Rewards come when a round is scored, never within one.
            if returns_of(&game) != before {
                prop_assert!(game.is_over() || game.view(Observer::Spectator).round != round);
            }
        }
        check(&game)?;
    }

    /// Games played to their end: the finished game too, and the final returns follow the
    /// ranking (better rank, higher return).
    #[test]
    fn finished_games_have_ranked_zero_sum_returns(config in configs(), seed in any::<u64>()) {
        let mut config = config;
        config.turn_limit = Some(config.turn_limit.unwrap_or(6).min(6));
        config.round_limit = Some(config.round_limit.unwrap_or(2).min(2));
        let mut game = Archduke::new(&config, seed).unwrap();
        let mut rng = GameRng::new(seed);
        let mut buf = Vec::new();
        duke_core::testing::random_playout(&mut game, &mut rng, &mut buf, 100_000);
        let outcome = game.outcome().unwrap();
        check(&game)?;
        let mut returns = vec![0.0; game.seat_count()];
        game.returns(&mut returns).unwrap();
        for a in 0..returns.len() {
            for b in 0..returns.len() {
                prop_assert_eq!(outcome.ranks[a] < outcome.ranks[b], returns[a] > returns[b]);
            }
        }
    }
}

/// Configs of every size: 2 to 12 players, the two rule sets, a short custom table.
fn sizes() -> Vec<Config> {
    let mut all: Vec<Config> = (2..=12).map(|n| Config::rulebook(Some(n)).unwrap()).collect();
    all.extend((2..=12).map(|n| RuleSet::Online.config(n)));
    let mut custom = Config::rulebook(Some(2)).unwrap();
    custom.deck = vec![
        DeckEntry { value: 3, copies: 6, role: Role::Number },
        DeckEntry { value: 12, copies: 4, role: Role::Peek },
        DeckEntry { value: 11, copies: 4, role: Role::Swap },
    ];
    all.push(custom);
    all
}

#[test]
fn every_index_is_an_action_and_maps_back() {
    for config in sizes() {
        let game = Archduke::new(&config, 0).unwrap();
        let count = game.action_count();
        for i in 0..count {
            let action = game.index_action(i).unwrap_or_else(|| panic!("{i} of {count}"));
            assert_eq!(game.action_index(action), Some(i), "{action}");
        }
        assert_eq!(game.index_action(count), None);
    }
}

#[test]
fn the_sizes_are_the_documented_ones() {
    let n = |players: usize| 107 + 33 * players + 16 * players * (32 * players - 1);
    for config in sizes() {
        let game = Archduke::new(&config, 0).unwrap();
        let players = usize::from(config.players);
        let k = config.deck.len();
        assert_eq!(game.action_count(), n(players));
        assert_eq!(game.observation_shape().len(), 112 * players + 3 * k + 19);
    }
    let four = Archduke::new(&Config::default(), 0).unwrap();
    assert_eq!((four.action_count(), four.observation_shape().len()), (8_367, 512));
}

#[test]
fn actions_no_game_can_produce_have_no_index() {
    let game = Archduke::new(&Config::default(), 0).unwrap();
    let spot = |seat: u8, slot: u8| Spot { seat: Seat(seat), slot: Slot(slot) };
    for action in [
        Action::Look(Slot(1), Slot(0)),
        Action::Look(Slot(0), Slot(4)),
        Action::Take(Slot(32)),
        Action::Peek(spot(4, 0)),
        Action::Give(Seat(4)),
        Action::Swap(spot(1, 0), spot(0, 3)),
        Action::Swap(spot(1, 0), spot(1, 0)),
        Action::Swap(spot(0, 0), spot(4, 0)),
    ] {
        assert_eq!(game.action_index(action), None, "{action}");
    }
}

#[test]
fn buffers_of_the_wrong_length_are_refused() {
    let game = Archduke::new(&Config::default(), 0).unwrap();
    let mut short = vec![0.0f32; 3];
    assert!(game.observe(Observer::Spectator, &mut short).is_err());
    let mut mask = vec![false; 3];
    assert!(game.legal_mask(Seat(0), &mut Vec::new(), &mut mask).is_err());
    let mut returns = vec![0.0; 3];
    assert!(game.returns(&mut returns).is_err());
}

/// Only what the observer may know: at the start, a seat's tensor shows the two cards it
/// looked at, and the other seat's tensor does not change when they are exchanged for others.
#[test]
fn an_observation_shows_a_seats_own_peek_and_nothing_of_the_others() {
    let mut config = Config::rulebook(Some(2)).unwrap();
    config.first_dealer = Some(Seat(1));
    let mut game = Archduke::new(&config, 7).unwrap();
    let before = observation(&game, Observer::Seat(Seat(1)));
    game.apply(Seat(0), "look a1 b2".parse().unwrap()).unwrap();
    let after = observation(&game, Observer::Seat(Seat(1)));
    // P1 sees that P0 looked (the seen-by flags change) but no face of P0's.
    assert_ne!(before, after);
    let mine = observation(&game, Observer::Seat(Seat(0)));
    let k = config.deck.len();
    // The face plane of P0's grid, after the observer block (n + 1 = 3) and P0's card plane.
    let face = 3 + 32;
    let known = |obs: &[f32], slot: usize| obs[face + slot] > 0.0;
    assert_eq!((known(&mine, 0), known(&mine, 3), known(&mine, 1)), (true, true, false));
    assert_eq!((known(&after, 0), known(&after, 3)), (false, false));
    // The code is the line of the deck table.
    let kind = |slot: u8| {
        let view = game.view(Observer::Seat(Seat(0)));
        match view.grids[0][usize::from(slot)] {
            archduke_rules::Cell::Known { face, .. } => {
                config.deck.iter().position(|e| e.value == face.value && e.role == face.role).unwrap()
            }
            cell => panic!("{cell:?}"),
        }
    };
    assert_eq!(mine[face], (kind(0) + 1) as f32 / k as f32);
    // P0's seen-by plane: P0 (bit 0) has seen a1 and b2, out of 2^2.
    let seen = face + 32;
    assert_eq!((mine[seen], mine[seen + 3], mine[seen + 1]), (0.25, 0.25, 0.0));
    assert_eq!((after[seen], after[seen + 3]), (0.25, 0.25), "who has seen a card is public");
}

/// The direct mask against the generator on every kind of decision, the action cards' target
/// choices included (SWAP's pairs of cards on the table, PEEK's cards, GIVE's seats): along
/// random games of every size, the mask of every seat is exactly its legal actions, and each
/// kind of decision is met.
#[test]
fn the_mask_is_the_legal_actions_on_every_kind_of_decision() {
    let (mut scratch, mut legal) = (Vec::new(), Vec::new());
    let mut met = std::collections::HashSet::new();
    for (i, config) in sizes().into_iter().enumerate() {
        let mut config = config;
        config.turn_limit = Some(40);
        config.round_limit = Some(3);
        let mut mask = Vec::new();
        for seed in 0..6 {
            let mut game = Archduke::new(&config, seed).unwrap();
            mask.resize(game.action_count(), false);
            let mut rng = GameRng::new(seed * 31 + i as u64);
            for _ in 0..2_000 {
                for seat in (0..game.seat_count() as u8).map(Seat) {
                    game.legal_mask(seat, &mut scratch, &mut mask).unwrap();
                    game.legal_actions(seat, &mut legal);
                    let mut expected = vec![false; mask.len()];
                    for &action in &legal {
                        expected[game.action_index(action).unwrap()] = true;
                        met.insert(std::mem::discriminant(&action));
                    }
                    assert!(mask == expected, "{config:?} seed {seed}: {seat}'s mask is not its legal actions");
                }
                let to_act = game.to_act();
                let Some(seat) = to_act.nth(rng.below(to_act.len() as u32) as usize) else { break };
                game.legal_actions(seat, &mut legal);
                let action = legal[rng.below(legal.len() as u32) as usize];
                game.apply(seat, action).unwrap();
            }
        }
    }
    let spot = Spot { seat: Seat(0), slot: Slot(0) };
    for action in [
        Action::Swap(spot, spot),
        Action::Peek(spot),
        Action::Give(Seat(0)),
        Action::Look(Slot(0), Slot(1)),
        Action::Match(Slot(0)),
        Action::Take(Slot(0)),
        Action::Keep(Slot(0)),
        Action::End,
        Action::Pass,
        Action::Archduke,
    ] {
        assert!(met.contains(&std::mem::discriminant(&action)), "no {action} met");
    }
}
