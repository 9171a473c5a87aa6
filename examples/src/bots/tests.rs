use duke_core::testing::toy::{HighCard, HighCardConfig};
use duke_core::{Game, GameRng, Seat, SeatSet};

use super::*;
use crate::driver::{Table, play_game};
use crate::simulate::run;

/// Plays `games` games of `a` against `players - 1` copies of `b`, rotating seats; `a`'s
/// mean reward (0.5 is even).
fn mean_reward(a: BotSpec, b: BotSpec, games: u64, players: u8) -> f64 {
    let mut bots = vec![b; usize::from(players)];
    bots[0] = a;
    let (summary, _) = run::<HighCard>(Some(players), games, 99, &bots, |_| {}).unwrap();
    let line = &summary.bots[0];
    assert_eq!(line.label, a.to_string());
    line.reward / line.seats as f64
}

fn ismcts(iterations: u32) -> BotSpec {
    BotSpec::Ismcts(IsmctsSettings { iterations, ..IsmctsSettings::default() })
}

#[test]
fn every_bot_chooses_only_legal_actions() {
    for spec in [BotSpec::Random, BotSpec::Greedy, ismcts(30)] {
        for players in 2..=4 {
            let config = HighCardConfig { players, rounds: 5 };
            for seed in 0..20 {
                let mut table = Table::<HighCard>::new(&config, seed).unwrap();
                let mut bot = spec.build::<HighCard>(seed);
                while !table.is_over() {
                    let order = table.asking_order();
                    for (i, &seat) in order.iter().enumerate() {
                        let legal = table.legal_actions(seat).to_vec();
                        let may_wait = i + 1 < order.len();
                        match bot.choose(&table.perspective(seat, may_wait)).unwrap() {
                            Decision::Act(action) => {
                                assert!(legal.contains(&action), "{spec} chose {action} outside {legal:?}");
                                table.play(seat, action).unwrap();
                                break;
                            }
                            Decision::Wait => assert!(may_wait, "{spec} waited when it had to act"),
                        }
                    }
                }
                assert!(table.outcome().is_some());
            }
        }
    }
}

#[test]
fn a_seat_with_nothing_to_do_gets_no_action() {
    let mut state = HighCard::new(&HighCardConfig::default(), 3).unwrap();
    state.apply(Seat(0), state_action(&state, Seat(0))).unwrap();
    for spec in [BotSpec::Random, BotSpec::Greedy, ismcts(10)] {
        assert_eq!(spec.build::<HighCard>(1).choose(&Perspective::new(&state, Seat(0))), None);
        assert_ne!(spec.build::<HighCard>(1).choose(&Perspective::new(&state, Seat(1))), None);
    }
}

fn state_action(state: &HighCard, seat: Seat) -> <HighCard as Game>::Action {
    let mut actions = Vec::new();
    state.legal_actions(seat, &mut actions);
    actions[0]
}

#[test]
fn greedy_beats_random() {
    let reward = mean_reward(BotSpec::Greedy, BotSpec::Random, 600, 2);
    assert!(reward > 0.55, "greedy's mean reward against random is only {reward}");
}

#[test]
fn ismcts_beats_random_and_greedy() {
    let reward = mean_reward(ismcts(100), BotSpec::Random, 300, 2);
    assert!(reward > 0.6, "ismcts's mean reward against random is only {reward}");
    let reward = mean_reward(ismcts(100), BotSpec::Greedy, 300, 2);
    assert!(reward > 0.52, "ismcts's mean reward against greedy is only {reward}");
}

#[test]
fn ismcts_beats_random_with_four_players() {
    let reward = mean_reward(ismcts(100), BotSpec::Random, 200, 4);
    assert!(reward > 0.58, "ismcts's mean reward against three random bots is only {reward}");
}

#[test]
fn same_seed_same_games() {
    let bots = [ismcts(20), BotSpec::Greedy, BotSpec::Random];
    let (a, ra) = run::<HighCard>(Some(3), 40, 5, &bots, |_| {}).unwrap();
    let (b, rb) = run::<HighCard>(Some(3), 40, 5, &bots, |_| {}).unwrap();
    assert_eq!((a.actions, &a.bots), (b.actions, &b.bots));
    assert_eq!(ra, rb);
    let (c, rc) = run::<HighCard>(Some(3), 40, 6, &bots, |_| {}).unwrap();
    assert_ne!(ra, rc);
    assert_ne!(a.bots, c.bots);
}

#[test]
fn a_bot_is_reproducible_from_its_seed() {
    let config = HighCardConfig { players: 3, rounds: 5 };
    for spec in [BotSpec::Random, BotSpec::Greedy, ismcts(20)] {
        let game = |seed| {
            let mut bots: Vec<Box<dyn Bot<HighCard>>> = (0..3u64).map(|k| spec.build(seed + k)).collect();
            play_game::<HighCard>(&config, 11, &mut bots).unwrap().record
        };
        assert_eq!(game(1), game(1));
    }
}

#[test]
fn random_step_picks_among_all_seats_that_may_act() {
    let state = HighCard::new(&HighCardConfig { players: 3, rounds: 1 }, 0).unwrap();
    assert_eq!(state.to_act().len(), 3);
    let mut seen = SeatSet::EMPTY;
    let mut rng = GameRng::new(4);
    let mut buf = Vec::new();
    rng.with_stream(|stream| {
        for _ in 0..50 {
            let mut s = state;
            let (seat, action) = random_step(&mut s, &mut buf, stream).unwrap();
            assert_ne!(s, state);
            assert!(s.view(duke_core::Observer::Spectator).chosen.contains(seat), "{seat} {action}");
            seen.insert(seat);
        }
    });
    assert_eq!(seen, SeatSet::first_n(3));
}

#[test]
fn the_driver_varies_who_acts_first_when_several_may() {
    let config = HighCardConfig { players: 3, rounds: 1 };
    let firsts: SeatSet = (0..40)
        .map(|seed| {
            let mut table = Table::<HighCard>::new(&config, seed).unwrap();
            table.asking_order()[0]
        })
        .collect();
    assert_eq!(firsts, SeatSet::first_n(3));
}

#[test]
fn bot_specs_parse_and_print() {
    assert_eq!("random".parse(), Ok(BotSpec::Random));
    assert_eq!("greedy".parse(), Ok(BotSpec::Greedy));
    assert_eq!("ismcts".parse(), Ok(BotSpec::Ismcts(IsmctsSettings::default())));
    assert_eq!("ismcts:50".parse(), Ok(ismcts(50)));
    let wide: BotSpec = "ismcts:50:1.5".parse().unwrap();
    assert_eq!(wide, BotSpec::Ismcts(IsmctsSettings { iterations: 50, exploration: 1.5, horizon: None }));
    assert_eq!(wide.to_string(), "ismcts:50:1.5");
    assert_eq!(ismcts(50).to_string(), "ismcts:50");
    let short: BotSpec = "ismcts:50:0.7:30".parse().unwrap();
    assert_eq!(short, BotSpec::Ismcts(IsmctsSettings { iterations: 50, exploration: 0.7, horizon: Some(30) }));
    assert_eq!(short.to_string(), "ismcts:50:0.7:30");
    for bad in [
        "",
        "ismcts:",
        "ismcts:0",
        "ismcts:x",
        "ismcts:5:-1",
        "ismcts:5:1:0",
        "ismcts:5:1:2:3",
        "random:3",
        "alphazero",
    ] {
        assert_eq!(bad.parse::<BotSpec>(), Err(BotSpecError(bad.to_owned())), "{bad:?}");
    }
}

#[test]
fn greedy_and_ismcts_sometimes_wait_and_never_when_last() {
    // In High Card a later chooser sees the earlier discards: waiting has value.
    let config = HighCardConfig { players: 3, rounds: 5 };
    for spec in [BotSpec::Greedy, ismcts(60)] {
        let mut waits = 0;
        for seed in 0..20 {
            let state = HighCard::new(&config, seed).unwrap();
            let mut bot = spec.build::<HighCard>(seed);
            waits += usize::from(bot.choose(&Perspective::with_wait(&state, Seat(0))) == Some(Decision::Wait));
            assert!(matches!(bot.choose(&Perspective::new(&state, Seat(0))), Some(Decision::Act(_))));
        }
        assert!(waits > 0, "{spec} never waits");
    }
}
