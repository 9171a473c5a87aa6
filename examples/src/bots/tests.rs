use duke_core::testing::toy::{HighCard, HighCardConfig};
use duke_core::{Game, GameRng, Seat, SeatSet};

use super::*;
use crate::driver::{Table, play_game};
use crate::options::GameOptions;
use crate::simulate::run;

/// Plays `games` games of `a` against `players - 1` copies of `b`, rotating seats; `a`'s
/// mean reward (0.5 is even).
fn mean_reward(a: BotSpec, b: BotSpec, games: u64, players: u8) -> f64 {
    let mut bots = vec![b; usize::from(players)];
    bots[0] = a;
    let (summary, _) = run::<HighCard>(Some(players), &GameOptions::default(), games, 99, &bots, |_| {}).unwrap();
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
    let (a, ra) = run::<HighCard>(Some(3), &GameOptions::default(), 40, 5, &bots, |_| {}).unwrap();
    let (b, rb) = run::<HighCard>(Some(3), &GameOptions::default(), 40, 5, &bots, |_| {}).unwrap();
    assert_eq!((a.actions, &a.bots), (b.actions, &b.bots));
    assert_eq!(ra, rb);
    let (c, rc) = run::<HighCard>(Some(3), &GameOptions::default(), 40, 6, &bots, |_| {}).unwrap();
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
            let table = Table::<HighCard>::new(&config, seed).unwrap();
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
    assert_eq!(wide, BotSpec::Ismcts(IsmctsSettings { iterations: 50, exploration: 1.5, ..IsmctsSettings::default() }));
    assert_eq!(wide.to_string(), "ismcts:50:1.5");
    assert_eq!(ismcts(50).to_string(), "ismcts:50");
    assert_eq!("ismcts:50:0.7:10".parse::<BotSpec>().map(|s| s.to_string()), Ok("ismcts:50".to_owned()));
    let short: BotSpec = "ismcts:50:0.7:30".parse().unwrap();
    assert_eq!(
        short,
        BotSpec::Ismcts(IsmctsSettings { iterations: 50, horizon: Some(30), ..IsmctsSettings::default() })
    );
    assert_eq!(short.to_string(), "ismcts:50:0.7:30");
    let full: BotSpec = "ismcts:50:0.7:end".parse().unwrap();
    assert_eq!(full, BotSpec::Ismcts(IsmctsSettings { iterations: 50, horizon: None, ..IsmctsSettings::default() }));
    assert_eq!(full.to_string(), "ismcts:50:0.7:end");
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

/// Archduke's first matching window for `seed`: every seat has looked at its two near cards
/// (`a2 b2`), the first player has drawn and discarded. Returns the state and a seat that
/// neither discarded nor draws next, so any match it tries is out of turn and optional.
#[cfg(feature = "archduke")]
fn archduke_first_window(seed: u64) -> (crate::catalog::Archduke, Seat) {
    use crate::catalog::{Archduke, Catalogued};
    use archduke_rules::{Action, Slot};
    let config = Archduke::config_for(None).unwrap();
    let mut game = Archduke::new(&config, seed).unwrap();
    for seat in 0..game.seat_count() {
        game.apply(Seat(seat as u8), Action::Look(Slot(1), Slot(3))).unwrap();
    }
    let first = game.awaited().first().unwrap();
    game.apply(first, Action::Draw).unwrap();
    game.apply(first, Action::Discard).unwrap();
    let next = game.awaited().first().unwrap();
    let bystander = (0..game.seat_count()).map(|s| Seat(s as u8)).find(|&s| s != first && s != next).unwrap();
    (game, bystander)
}

/// The Archduke blunder of the first ISMCTS: out of turn, with a card it has never seen or
/// a known card of another value, a match fails (nearly) surely and costs a penalty card,
/// yet uniformly random rollouts (in which everyone tries matches at almost every step) and
/// a tree that forced optional actions made it look harmless: one seat made 21 attempts in
/// one window. The seat must wait, or match only a card it knows matches the discard.
#[cfg(feature = "archduke")]
#[test]
fn ismcts_never_tries_an_archduke_match_it_cannot_know_succeeds() {
    use archduke_rules::{Action, Cell, Role};
    let mut blunders = Vec::new();
    for seed in 0..20 {
        let (game, seat) = archduke_first_window(seed);
        let view = game.view(duke_core::Observer::Seat(seat));
        let top = *view.discard.last().unwrap();
        let mut bot = BotSpec::Ismcts(IsmctsSettings::default()).build::<crate::catalog::Archduke>(seed);
        let Some(Decision::Act(Action::Match(slot))) = bot.choose(&Perspective::with_wait(&game, seat)) else {
            continue;
        };
        let known_match = match view.grids[seat.index()][usize::from(slot.0)] {
            Cell::Known { face, .. } => {
                face.value == top.value || (face.role == Role::Eclipse && top.role == Role::Eclipse)
            }
            _ => false,
        };
        if !known_match {
            blunders.push((seed, slot));
        }
    }
    assert!(blunders.is_empty(), "blind or known-wrong match attempts (seed, slot): {blunders:?}");
}

/// The same blunder over whole games: in no matching window does a seat played by ISMCTS
/// try a match that fails more than once (the old bot made 21 failed attempts in one
/// window), nor often over a game: a failed attempt is a penalty card, and nothing it sees
/// makes it likely to succeed unless it knows the card.
#[cfg(feature = "archduke")]
#[test]
fn ismcts_does_not_grow_its_archduke_grid_with_failed_matches() {
    use crate::catalog::{Archduke, Catalogued};
    use archduke_rules::{Action, Cell};
    let config = Archduke::config_for(None).unwrap();
    let cards = |game: &Archduke, seat: Seat| {
        game.view(duke_core::Observer::Spectator).grids[seat.index()]
            .iter()
            .filter(|c| !matches!(c, Cell::Empty))
            .count()
    };
    for seed in 0..2 {
        let specs = [BotSpec::Ismcts(IsmctsSettings::default()), BotSpec::Greedy];
        let mut bots: Vec<Box<dyn Bot<Archduke>>> = (0..4).map(|k| specs[k % 2].build(seed * 10 + k as u64)).collect();
        let record = play_game::<Archduke>(&config, seed, &mut bots).unwrap().record;
        let mut game = Archduke::new(&config, seed).unwrap();
        let (mut in_window, mut in_game) = ([0u32; 4], [0u32; 4]);
        for step in &record.steps {
            let (before, round) = (cards(&game, step.seat), game.view(duke_core::Observer::Spectator).round);
            game.apply(step.seat, step.action).unwrap();
            let same_round = game.view(duke_core::Observer::Spectator).round == round && !game.is_over();
            match step.action {
                Action::Draw | Action::Take(_) => in_window = [0; 4],
                Action::Match(_) if same_round && cards(&game, step.seat) >= before => {
                    in_window[step.seat.index()] += 1;
                    in_game[step.seat.index()] += 1;
                }
                _ => {}
            }
            for ismcts in [0, 2] {
                assert!(
                    in_window[ismcts] <= 1,
                    "game {seed}: P{ismcts} failed {} matches in one window",
                    in_window[ismcts]
                );
            }
        }
        assert!(in_game[0] + in_game[2] <= 2, "game {seed}: ISMCTS failed {in_game:?} matches (seats 0 and 2)");
    }
}
