//! The referee's ask/answer API on the demonstration game, whose rounds are simultaneous
//! choices: a seat played over JSON with no `Bot`, and the typed errors of answers and
//! declines, each leaving the table unchanged.

use duke_core::referee::{AnswerError, Bot, Decision, Perspective, Table, Update, play_game};
use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig, HighCardEvent};
use duke_core::{Observer, Seat};

/// Waits when it may and its card is below 3; otherwise keeps 5 and above and redraws
/// below.
struct Hesitant;

impl Bot<HighCard> for Hesitant {
    fn name(&self) -> String {
        "hesitant".into()
    }
    fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<HighCardAction>> {
        let mine = me.view().hands.get(me.seat().index()).copied().flatten()?;
        if me.may_wait() && mine < 3 {
            return Some(Decision::Wait);
        }
        Some(Decision::Act(if mine >= 5 { HighCardAction::Keep } else { HighCardAction::Redraw }))
    }
}

/// The remote client's policy, from the parsed JSON of its update only: `None` to wait
/// (when it may and its card is 6 or below), else its first legal action when its card is
/// 4 or more, its last one below, written back as it came (High Card's actions cross the
/// wire as their serde names; the rules crates' as their notation, see
/// `examples/tests/referee_answers.rs`).
fn client_decides(json: &serde_json::Value, seat: usize) -> Option<String> {
    let card = json["view"]["hands"][seat].as_u64().unwrap_or(0);
    let legal = json["legal"].as_array().filter(|legal| !legal.is_empty())?;
    if json["may_wait"].as_bool() == Some(true) && card <= 6 {
        return None;
    }
    let pick = if card >= 4 { legal.first() } else { legal.last() };
    pick.map(serde_json::Value::to_string)
}

/// The same policy as a bot, seeing the seat's perspective: what `play_game` gives when the
/// remote seat makes the same choices.
struct Mirror;

impl Bot<HighCard> for Mirror {
    fn name(&self) -> String {
        "mirror".into()
    }
    fn choose(&mut self, me: &Perspective<'_, HighCard>) -> Option<Decision<HighCardAction>> {
        let json = serde_json::to_value(me.update(0)).ok()?;
        match client_decides(&json, me.seat().index()) {
            Some(text) => Some(Decision::Act(serde_json::from_str(&text).ok()?)),
            None => Some(Decision::Wait),
        }
    }
}

/// How often each part of the procedure happened to the remote seat.
#[derive(Default)]
struct Seen {
    answers: usize,
    declines: usize,
    made_to_act: usize,
}

/// Plays one game with seat `remote` driven over JSON (its update serialised, its choice
/// decided from the parsed JSON, sent back as a notation string and parsed) and the other
/// seats by `Hesitant` bots, taking the first request each time as [`Table::step`] does.
fn json_game(config: &HighCardConfig, seed: u64, remote: Seat, seen: &mut Seen) -> Table<HighCard> {
    let mut table = Table::<HighCard>::new(config, seed).unwrap();
    let mut client_log: Vec<HighCardEvent> = Vec::new();
    let mut bot = Hesitant;
    while !table.is_over() {
        let requests = table.pending();
        // The requests are the seats asked, in the asking order.
        let asked: Vec<(Seat, bool)> = table.asked().collect();
        assert_eq!(requests.iter().map(|r| (r.seat, r.may_wait())).collect::<Vec<_>>(), asked);
        // The server sends every request; the client keeps its log from them.
        let mut received = None;
        for request in requests.iter().filter(|r| r.seat == remote) {
            // The wire: only the JSON string crosses, both ways.
            let sent = serde_json::to_string(&request.update).unwrap();
            let update: Update<HighCard> = serde_json::from_str(&sent).unwrap();
            assert_eq!(update.first_event, client_log.len(), "the events not sent yet, from where the client is");
            client_log.extend(update.events);
            received = Some(serde_json::from_str::<serde_json::Value>(&sent).unwrap());
        }
        // The first seat asked replies first, as in `Table::step`.
        let first = requests.first().unwrap();
        if first.seat != remote {
            table.ask(first.seat, &mut bot).unwrap();
            continue;
        }
        let json = received.unwrap();
        if json["may_wait"].as_bool() == Some(false) && table.asking_order().len() > 1 {
            seen.made_to_act += 1;
        }
        match client_decides(&json, remote.index()) {
            Some(reply) => {
                let action: HighCardAction = serde_json::from_str(&reply).unwrap();
                table.answer(remote, action).unwrap();
                seen.answers += 1;
            }
            None => {
                table.decline(remote).unwrap();
                seen.declines += 1;
            }
        }
    }
    // The last update completes the client's log.
    let last = table.next_update(Observer::Seat(remote));
    assert_eq!(last.first_event, client_log.len());
    client_log.extend(last.events);
    assert_eq!(client_log.as_slice(), table.events(Observer::Seat(remote)));
    assert_eq!(last.outcome, table.outcome());
    table
}

#[test]
fn a_seat_played_over_json_without_a_bot_ends_with_the_record_play_game_gives() {
    let config = HighCardConfig { players: 3, rounds: 4 };
    let mut seen = Seen::default();
    for seed in 0..30 {
        let remote = Seat((seed % 3) as u8);
        let table = json_game(&config, seed, remote, &mut seen);
        let mut bots: Vec<Box<dyn Bot<HighCard>>> = (0..3)
            .map(|k| if k == remote.index() { Box::new(Mirror) as Box<dyn Bot<HighCard>> } else { Box::new(Hesitant) })
            .collect();
        let finished = play_game::<HighCard>(&config, seed, &mut bots).unwrap();
        assert_eq!(
            serde_json::to_value(table.record()).unwrap(),
            serde_json::to_value(&finished.record).unwrap(),
            "seed {seed}"
        );
        for observer in [Observer::Seat(Seat(0)), Observer::Seat(Seat(2)), Observer::Spectator] {
            assert_eq!(table.events(observer), finished.events(observer));
        }
    }
    // Every part of the procedure was exercised from the wire.
    assert!(
        seen.answers > 20 && seen.declines > 20 && seen.made_to_act > 5,
        "{} {} {}",
        seen.answers,
        seen.declines,
        seen.made_to_act
    );
}

#[test]
fn requests_follow_the_asking_order_drawn_from_the_seed_and_send_each_event_once() {
    let config = HighCardConfig { players: 3, rounds: 2 };
    let mut orders = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let mut a = Table::<HighCard>::new(&config, seed).unwrap();
        let mut b = Table::<HighCard>::new(&config, seed).unwrap();
        let first = a.pending();
        assert_eq!(first, b.pending(), "reproducible from the seed");
        assert_eq!(first.iter().map(|r| r.seat).collect::<Vec<_>>(), a.asking_order());
        assert!(first.iter().all(|r| r.may_wait() && r.legal().len() == 2));
        // The opening events are the first sent.
        assert_eq!(first[0].events(), a.events(Observer::Seat(first[0].seat)));
        assert_eq!(first[0].update.first_event, 0);
        // Asked again with no answer between: the same requests, no events twice.
        let again = a.pending();
        assert!(again.iter().all(|r| r.events().is_empty() && r.update.first_event > 0));
        assert_eq!(again.iter().map(|r| r.seat).collect::<Vec<_>>(), a.asking_order());
        orders.insert(a.asking_order());
    }
    assert!(orders.len() > 3, "the asking order varies with the seed");
}

#[test]
fn any_seat_asked_may_answer_first_and_declined_seats_are_asked_last_when_all_wait() {
    let config = HighCardConfig { players: 3, rounds: 1 };
    let mut table = Table::<HighCard>::new(&config, 4).unwrap();
    let order = table.asking_order();
    // The last seat of the order answers before the others are heard.
    table.answer(order[2], HighCardAction::Keep).unwrap();
    assert_eq!(table.record().steps[0].seat, order[2]);
    // A new step: everyone left declines; then only the seat the game waits for first in
    // the new order is asked, and it may not wait.
    let order = table.asking_order();
    assert_eq!(order.len(), 2);
    for &seat in &order {
        table.decline(seat).unwrap();
    }
    let forced = table.seat_to_force(&order).unwrap();
    assert_eq!(table.asked().collect::<Vec<_>>(), vec![(forced, false)]);
    assert_eq!(table.pending().len(), 1);
    table.answer(forced, HighCardAction::Redraw).unwrap();
    // One seat left: asked alone, it may not wait.
    let last = table.asking_order();
    assert_eq!(table.asked().collect::<Vec<_>>(), vec![(last[0], false)]);
}

/// `table` unchanged: state, record, logs, asking order, declines and what was sent.
fn snapshot(table: &Table<HighCard>) -> String {
    format!("{table:?}")
}

#[test]
fn a_seat_that_does_not_exist_is_a_typed_error_and_the_table_is_unchanged() {
    let config = HighCardConfig { players: 3, rounds: 1 };
    let mut table = Table::<HighCard>::new(&config, 2).unwrap();
    let before = snapshot(&table);
    for seat in [Seat(3), Seat(15), Seat(200)] {
        assert_eq!(table.answer(seat, HighCardAction::Keep), Err(AnswerError::NoSuchSeat { seat, seats: 3 }));
        assert_eq!(table.decline(seat), Err(AnswerError::NoSuchSeat { seat, seats: 3 }));
    }
    assert_eq!(snapshot(&table), before);
}

#[test]
fn a_seat_not_asked_is_a_typed_error_and_the_table_is_unchanged() {
    let config = HighCardConfig { players: 3, rounds: 1 };
    let mut table = Table::<HighCard>::new(&config, 9).unwrap();
    let order = table.asking_order();
    // A seat that declined is not asked again in this step while others are.
    table.decline(order[0]).unwrap();
    let before = snapshot(&table);
    assert_eq!(table.answer(order[0], HighCardAction::Keep), Err(AnswerError::NotAsked { seat: order[0] }));
    assert_eq!(table.decline(order[0]), Err(AnswerError::NotAsked { seat: order[0] }));
    assert_eq!(snapshot(&table), before);
    // A seat that has chosen this round may not act again: it is not its turn.
    table.answer(order[1], HighCardAction::Keep).unwrap();
    let before = snapshot(&table);
    assert_eq!(table.answer(order[1], HighCardAction::Redraw), Err(AnswerError::NotAsked { seat: order[1] }));
    assert_eq!(table.decline(order[1]), Err(AnswerError::NotAsked { seat: order[1] }));
    assert_eq!(snapshot(&table), before);
    // Once the game is over nobody is asked.
    loop {
        let Some((seat, _)) = table.asked().next() else { break };
        table.answer(seat, HighCardAction::Keep).unwrap();
    }
    assert!(table.is_over() && table.pending().is_empty());
    let before = snapshot(&table);
    for seat in [Seat(0), Seat(1), Seat(2)] {
        assert_eq!(table.answer(seat, HighCardAction::Keep), Err(AnswerError::NotAsked { seat }));
        assert_eq!(table.decline(seat), Err(AnswerError::NotAsked { seat }));
    }
    assert_eq!(snapshot(&table), before);
}

#[test]
fn the_seat_that_must_act_may_not_decline_and_the_table_is_unchanged() {
    let config = HighCardConfig { players: 2, rounds: 2 };
    let mut table = Table::<HighCard>::new(&config, 6).unwrap();
    // Everyone declined: the seat made to act may not.
    let order = table.asking_order();
    for &seat in &order {
        table.decline(seat).unwrap();
    }
    let forced = table.seat_to_force(&order).unwrap();
    let before = snapshot(&table);
    assert_eq!(table.decline(forced), Err(AnswerError::MustAct { seat: forced }));
    assert_eq!(snapshot(&table), before);
    table.answer(forced, HighCardAction::Keep).unwrap();
    // The only seat left to choose is asked alone and may not wait either.
    let (alone, may_wait) = table.asked().next().unwrap();
    assert!(!may_wait && table.pending().iter().all(|r| !r.may_wait()));
    let before = snapshot(&table);
    assert_eq!(table.decline(alone), Err(AnswerError::MustAct { seat: alone }));
    assert_eq!(snapshot(&table), before);
    // The errors read as sentences.
    assert_eq!(
        AnswerError::<std::fmt::Error>::MustAct { seat: alone }.to_string(),
        format!("{alone} may not wait: it must act now")
    );
}

#[test]
fn step_is_the_same_procedure_as_asking_and_answering() {
    // `step` asks the first seat asked each time: a bot that waits is recorded as a
    // decline, and the game goes on exactly as through the ask/answer calls.
    let config = HighCardConfig { players: 3, rounds: 3 };
    for seed in 0..10 {
        let mut stepped = Table::<HighCard>::new(&config, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<HighCard>>> = vec![Box::new(Hesitant), Box::new(Hesitant), Box::new(Hesitant)];
        let mut asked = stepped.clone();
        while !stepped.is_over() {
            stepped.step(&mut bots).unwrap();
            while asked.record().steps.len() < stepped.record().steps.len() {
                let (seat, _) = asked.asked().next().unwrap();
                asked.ask(seat, &mut Hesitant).unwrap();
            }
        }
        assert_eq!(snapshot(&stepped), snapshot(&asked));
    }
}
