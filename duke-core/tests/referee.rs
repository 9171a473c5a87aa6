//! The referee on the demonstration game: event logs, updates for remote clients, and the
//! procedure when several seats may act.

use duke_core::referee::{Bot, Decision, DriverError, Perspective, Table, Update, play_game};
use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig, HighCardEvent};
use duke_core::{Game, Observer, Seat};

/// Keeps 5 and above; otherwise redraws.
struct Threshold;

impl Bot<HighCard> for Threshold {
    fn name(&self) -> String {
        "threshold".into()
    }
    fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<HighCardAction>> {
        let mine = me.view().hands.get(me.seat().index()).copied().flatten()?;
        Some(Decision::Act(if mine >= 5 { HighCardAction::Keep } else { HighCardAction::Redraw }))
    }
}

/// A seat played over a wire: the referee's side serialises the seat's [`Update`] to JSON,
/// the client decodes it, keeps its own event log and answers in action notation.
struct Remote {
    /// The client's copy of its event log, rebuilt only from what it was sent.
    log: Vec<HighCardEvent>,
    /// Every message sent, for the test to inspect.
    sent: Vec<String>,
}

impl Bot<HighCard> for Remote {
    fn name(&self) -> String {
        "remote".into()
    }
    fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<HighCardAction>> {
        let json = serde_json::to_string(&me.update(self.log.len())).ok()?;
        self.sent.push(json.clone());
        // The client's side: only the JSON crosses.
        let update: Update<HighCard> = serde_json::from_str(&json).ok()?;
        assert_eq!(update.first_event, self.log.len());
        self.log.extend(update.events);
        let answer = update.legal.last()?.to_string();
        Some(Decision::Act(answer.parse().ok()?))
    }
}

#[test]
fn event_logs_are_what_each_observer_saw() {
    let config = HighCardConfig { players: 3, rounds: 3 };
    let mut bots: Vec<Box<dyn Bot<HighCard>>> = vec![Box::new(Threshold), Box::new(Threshold), Box::new(Threshold)];
    let finished = play_game::<HighCard>(&config, 11, &mut bots).unwrap();
    let mut state = finished.record.start().unwrap();
    let observer = |k: usize| if k < 3 { Observer::Seat(Seat(k as u8)) } else { Observer::Spectator };
    // Every log starts with what its observer saw at set-up: the first deal.
    let mut expected: Vec<Vec<HighCardEvent>> = (0..4)
        .map(|k| {
            let mut log = Vec::new();
            state.opening_events(observer(k), &mut log);
            log
        })
        .collect();
    assert_eq!(expected[1][1], HighCardEvent::Dealt { seat: Seat(1), card: state.card_of(Seat(1)) });
    assert_eq!(expected[3][1], HighCardEvent::Dealt { seat: Seat(1), card: None });
    let mut events = Vec::new();
    for step in &finished.record.steps {
        let before = state;
        state.apply(step.seat, step.action).unwrap();
        for (k, log) in expected.iter_mut().enumerate() {
            HighCard::events(&before, step.seat, step.action, &state, observer(k), &mut events);
            log.append(&mut events);
        }
    }
    for (k, log) in expected.iter().enumerate() {
        assert_eq!(finished.events(observer(k)), log.as_slice());
    }
    // The spectator saw every round's showdown and the end; no seat's dealt card.
    let spectator = finished.events(Observer::Spectator);
    let showdowns = spectator.iter().filter(|e| matches!(e, HighCardEvent::Showdown { .. })).count();
    assert_eq!(showdowns, 3);
    assert!(matches!(spectator.last(), Some(HighCardEvent::GameOver { .. })));
    assert!(spectator.iter().all(|e| !matches!(e, HighCardEvent::Dealt { card: Some(_), .. })));
    // A seat sees its own new cards and nobody else's.
    let mine = finished.events(Observer::Seat(Seat(1)));
    assert!(mine.iter().any(|e| matches!(e, HighCardEvent::Dealt { seat: Seat(1), card: Some(_) })));
    assert!(mine.iter().all(|e| !matches!(e, HighCardEvent::Dealt { seat: Seat(0), card: Some(_) })));
}

#[test]
fn a_remote_client_keeps_a_complete_log_from_updates_alone() {
    let config = HighCardConfig { players: 2, rounds: 4 };
    let mut table = Table::<HighCard>::new(&config, 5).unwrap();
    let mut remote = Remote { log: Vec::new(), sent: Vec::new() };
    let mut local = Threshold;
    while !table.is_over() {
        let order = table.asking_order();
        let seat = order[0];
        if seat == Seat(0) {
            table.ask_bot(seat, &mut remote, false).unwrap();
        } else {
            table.ask_bot(seat, &mut local, false).unwrap();
        }
    }
    // The client's log is a prefix of the seat's log; the last update completes it.
    let last = table.update(Observer::Seat(Seat(0)), remote.log.len(), false);
    let json = serde_json::to_string(&last).unwrap();
    let last: Update<HighCard> = serde_json::from_str(&json).unwrap();
    remote.log.extend(last.events);
    assert_eq!(remote.log.as_slice(), table.events(Observer::Seat(Seat(0))));
    assert_eq!(last.outcome, table.outcome());
    assert!(last.legal.is_empty());
    // Nothing sent to seat 0 holds seat 1's card while it was hidden: each message's view
    // equals seat 0's view, which the conformance suite shows leaks nothing.
    assert!(!remote.sent.is_empty());
    let spectator = table.update(Observer::Spectator, 0, false);
    assert!(spectator.legal.is_empty() && spectator.view.hands.iter().all(Option::is_none));
}

#[test]
fn bad_set_ups_are_typed_errors() {
    let config = HighCardConfig { players: 3, rounds: 1 };
    let mut two: Vec<Box<dyn Bot<HighCard>>> = vec![Box::new(Threshold), Box::new(Threshold)];
    assert_eq!(play_game::<HighCard>(&config, 1, &mut two).err(), Some(DriverError::BotCount { seats: 3, bots: 2 }));
    let bad = HighCardConfig { players: 9, rounds: 1 };
    assert!(matches!(play_game::<HighCard>(&bad, 1, &mut two), Err(DriverError::Config(_))));
}

/// A bot that always waits: when everyone waits, the referee makes an awaited seat act,
/// and a seat made to act that waits anyway is an error naming the step.
struct Waiter;

impl Bot<HighCard> for Waiter {
    fn name(&self) -> String {
        "waiter".into()
    }
    fn choose(&mut self, _: &Perspective<'_, HighCard>) -> Option<Decision<HighCardAction>> {
        Some(Decision::Wait)
    }
}

#[test]
fn a_seat_made_to_act_may_not_wait() {
    let config = HighCardConfig { players: 2, rounds: 1 };
    let mut bots: Vec<Box<dyn Bot<HighCard>>> = vec![Box::new(Waiter), Box::new(Waiter)];
    assert!(matches!(play_game::<HighCard>(&config, 3, &mut bots), Err(DriverError::WaitedLast { step: 0, .. })));
}

/// A record of another format is refused with a typed error; the engine version is written.
#[test]
fn records_carry_their_format_and_engine_and_refuse_unknown_formats() {
    let config = HighCardConfig { players: 2, rounds: 1 };
    let mut bots: Vec<Box<dyn Bot<HighCard>>> = vec![Box::new(Threshold), Box::new(Threshold)];
    let finished = play_game::<HighCard>(&config, 2, &mut bots).unwrap();
    let json = serde_json::to_value(&finished.record).unwrap();
    assert_eq!(json["format"], serde_json::json!(duke_core::RECORD_FORMAT));
    assert_eq!(json["engine"], serde_json::json!(env!("CARGO_PKG_VERSION")));
    let mut future = json.clone();
    future["format"] = serde_json::json!(99);
    let future: duke_core::Record<HighCard> = serde_json::from_value(future).unwrap();
    assert!(matches!(
        future.replay(),
        Err(duke_core::ReplayError::Format { supported: duke_core::RECORD_FORMAT, found: 99 })
    ));
    let mut unversioned = json;
    unversioned.as_object_mut().unwrap().remove("format");
    let unversioned: duke_core::Record<HighCard> = serde_json::from_value(unversioned).unwrap();
    assert!(matches!(unversioned.start(), Err(duke_core::ReplayError::Format { found: 0, .. })));
}
