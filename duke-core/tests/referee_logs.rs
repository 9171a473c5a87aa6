//! The referee keeps the event logs it is asked for (issue #28): the same game whatever the
//! logs, the kept logs identical to those of a table that keeps every one, the others empty,
//! and the logs of bots that read their events kept by `play_game_with`.

use std::cell::RefCell;
use std::rc::Rc;

use duke_core::referee::{Bot, Decision, Logs, Perspective, Table, play_game, play_game_with};
use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig};
use duke_core::{Observer, Seat, SeatSet};

/// Waits when it may and its card is low, keeps 5 and above, and notes how long its event
/// log was at each choice. `reads` is what it declares ([`Bot::reads_events`]).
struct Noting {
    reads: bool,
    lengths: Rc<RefCell<Vec<usize>>>,
}

impl Noting {
    fn boxed(reads: bool) -> Box<dyn Bot<HighCard>> {
        Noting::noting(reads, &Rc::default())
    }

    /// A bot that notes its log's lengths into `lengths`.
    fn noting(reads: bool, lengths: &Rc<RefCell<Vec<usize>>>) -> Box<dyn Bot<HighCard>> {
        Box::new(Noting { reads, lengths: Rc::clone(lengths) })
    }
}

impl Bot<HighCard> for Noting {
    fn name(&self) -> String {
        "noting".into()
    }
    fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<HighCardAction>> {
        self.lengths.borrow_mut().push(me.events().len());
        let mine = me.view().hands.get(me.seat().index()).copied().flatten()?;
        if me.may_wait() && mine < 3 {
            return Some(Decision::Wait);
        }
        Some(Decision::Act(if mine >= 5 { HighCardAction::Keep } else { HighCardAction::Redraw }))
    }
    fn reads_events(&self) -> bool {
        self.reads
    }
}

fn observers(seats: usize) -> Vec<Observer> {
    (0..seats).map(|k| Observer::Seat(Seat(k as u8))).chain([Observer::Spectator]).collect()
}

/// Plays a whole game on `table` by the referee's procedure with three `Noting` bots.
fn play_out(table: &mut Table<HighCard>) {
    let mut bots: Vec<Box<dyn Bot<HighCard>>> = (0..3).map(|_| Noting::boxed(false)).collect();
    while !table.is_over() {
        table.step(&mut bots).unwrap();
    }
}

#[test]
fn a_table_keeps_only_the_logs_asked_for_and_plays_the_same_game() {
    let config = HighCardConfig { players: 3, rounds: 4 };
    let choices = [
        Logs::NONE,
        Logs::NONE.with(Observer::Spectator),
        Logs::seats(SeatSet::single(Seat(1))),
        Logs::seats(SeatSet(0b101)).with(Observer::Spectator),
        Logs::ALL,
    ];
    for seed in 0..12 {
        let mut full = Table::<HighCard>::new(&config, seed).unwrap();
        assert_eq!(full.logs(), Logs::ALL.of_game(3));
        play_out(&mut full);
        for logs in choices {
            let mut table = Table::<HighCard>::with_logs(&config, seed, logs).unwrap();
            play_out(&mut table);
            assert_eq!(table.record(), full.record(), "seed {seed}, {logs:?}");
            assert_eq!(table.outcome(), full.outcome());
            for observer in observers(3) {
                let expected = if logs.keeps(observer) { full.events(observer) } else { &[] };
                assert_eq!(table.events(observer), expected, "seed {seed}, {logs:?}, {observer:?}");
            }
            let finished = table.finish().unwrap();
            assert_eq!(finished.logs(), logs.of_game(3));
            for observer in observers(3) {
                assert_eq!(finished.events(observer).is_empty(), !logs.keeps(observer));
            }
        }
    }
}

#[test]
fn an_update_of_an_observer_without_a_log_carries_no_events_but_everything_else() {
    let config = HighCardConfig { players: 2, rounds: 2 };
    let mut full = Table::<HighCard>::new(&config, 3).unwrap();
    let mut bare = Table::<HighCard>::with_logs(&config, 3, Logs::NONE).unwrap();
    for observer in observers(2) {
        let (all, none) = (full.next_update(observer), bare.next_update(observer));
        assert!(!all.events.is_empty(), "{observer:?} saw the deal");
        assert!(none.events.is_empty());
        assert_eq!(
            (none.view, none.to_act, none.legal, none.may_wait),
            (all.view, all.to_act, all.legal, all.may_wait)
        );
    }
}

#[test]
fn play_game_with_keeps_the_logs_of_the_bots_that_read_events() {
    let config = HighCardConfig { players: 3, rounds: 4 };
    for seed in 0..12 {
        // Seat 1's bot reads its events; the others do not.
        let mut all = vec![Noting::boxed(false), Noting::boxed(true), Noting::boxed(false)];
        let mut few = vec![Noting::boxed(false), Noting::boxed(true), Noting::boxed(false)];
        let everything = play_game(&config, seed, &mut all).unwrap();
        let asked = play_game_with(&config, seed, &mut few, Logs::NONE.with(Observer::Spectator)).unwrap();
        assert_eq!(asked.record, everything.record, "seed {seed}");
        assert_eq!(asked.outcome, everything.outcome);
        let kept = Logs::seats(SeatSet::single(Seat(1))).with(Observer::Spectator);
        assert_eq!(asked.logs(), kept);
        assert_eq!(everything.logs(), Logs::ALL.of_game(3));
        for observer in observers(3) {
            let expected = if kept.keeps(observer) { everything.events(observer) } else { &[] };
            assert_eq!(asked.events(observer), expected, "seed {seed}, {observer:?}");
        }
    }
}

#[test]
fn a_bot_that_reads_its_events_sees_the_same_log_whatever_the_table_keeps() {
    let config = HighCardConfig { players: 2, rounds: 3 };
    for seed in 0..8 {
        // The lengths of seat 0's log at each of its choices: every log kept, then none
        // asked for (its bot reads: kept all the same), then a bot that does not read.
        let lengths = |reads: bool, logs: Logs| {
            let noted = Rc::default();
            let mut bots = vec![Noting::noting(reads, &noted), Noting::boxed(false)];
            let finished = play_game_with(&config, seed, &mut bots, logs).unwrap();
            (noted.take(), finished.record)
        };
        let (all, record) = lengths(true, Logs::ALL);
        assert!(all.iter().all(|&n| n > 0), "the deal opens every log");
        assert!(all.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(lengths(true, Logs::NONE), (all.clone(), record.clone()));
        let (blind, same) = lengths(false, Logs::NONE);
        assert_eq!((blind.len(), same), (all.len(), record));
        assert!(blind.iter().all(|&n| n == 0));
    }
}

#[test]
fn logs_of_a_game_leave_out_seats_it_does_not_have() {
    assert!(Logs::NONE.is_none() && !Logs::ALL.is_none());
    assert_eq!(Logs::ALL.of_game(2), Logs::seats(SeatSet::first_n(2)).with(Observer::Spectator));
    assert!(Logs::seats(SeatSet::single(Seat(5))).of_game(3).is_none());
    let both = Logs::seats(SeatSet::single(Seat(0))).union(Logs::NONE.with(Observer::Spectator));
    assert!(both.keeps(Observer::Seat(Seat(0))) && both.keeps(Observer::Spectator));
    assert!(!both.keeps(Observer::Seat(Seat(1))));
    assert_eq!(Logs::default(), Logs::ALL);
    // No seat beyond the sixteen a seat set holds, and no panic for one.
    assert!(!Logs::ALL.keeps(Observer::Seat(Seat(200))));
}
