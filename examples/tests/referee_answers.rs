//! The referee's ask/answer API on games with out-of-turn and simultaneous steps
//! (Archduke's matching windows, Crown Battles): a seat played over JSON with no `Bot`
//! ends with the record `play_game` gives when a bot makes the same choices, and an
//! illegal answer is the game's error, leaving the table unchanged.

use duke_core::referee::{AnswerError, Bot, Decision, Perspective, Table, Update, play_game};
use duke_core::{Game, Observer, Record, Seat};
use duke_examples::bots::BotSpec;
use duke_examples::seed::mix;

/// The remote client's policy, from the parsed JSON of its update only: `None` to wait
/// when it may and its legal actions and the seats that may act add up to an even number,
/// else the notation of its first
/// legal action (actions cross the wire as their notation strings).
fn client_decides(json: &serde_json::Value) -> Option<String> {
    let legal = json["legal"].as_array()?;
    // `to_act` crosses as its bit set.
    let acting = json["to_act"].as_u64().unwrap_or(0).count_ones() as usize;
    if json["may_wait"].as_bool() == Some(true) && (legal.len() + acting).is_multiple_of(2) {
        return None;
    }
    legal.first().and_then(serde_json::Value::as_str).map(str::to_owned)
}

/// The same policy as a bot: what `play_game` gives when the remote seat chooses alike.
struct Mirror;

impl<G: Game> Bot<G> for Mirror {
    fn name(&self) -> String {
        "mirror".into()
    }
    fn choose(&mut self, me: &Perspective<'_, G>) -> Option<Decision<G::Action>> {
        let json = serde_json::to_value(me.update(0)).ok()?;
        match client_decides(&json) {
            Some(text) => Some(Decision::Act(text.parse().ok()?)),
            None => Some(Decision::Wait),
        }
    }
}

/// The bots of the other seats: random and greedy, seeded per seat.
fn bot_for<G: Game>(seat: usize, seed: u64) -> Box<dyn Bot<G>> {
    let spec = if seat.is_multiple_of(2) { BotSpec::Random } else { BotSpec::Greedy };
    spec.build::<G>(mix(seed, seat as u64 + 1))
}

/// Plays one game with seat `remote` over JSON (its updates serialised, its choice decided
/// from the parsed JSON, sent back as a notation string and parsed), the others by bots,
/// the first seat asked replying first each time as in `Table::step`; returns the record
/// and how many times the remote seat declined.
fn json_game<G: Game>(config: &G::Config, seed: u64, remote: Seat) -> (Record<G>, usize) {
    let mut table = Table::<G>::new(config, seed).unwrap();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..table.seat_count()).map(|k| bot_for::<G>(k, seed)).collect();
    let mut client_log: Vec<G::Event> = Vec::new();
    let mut declines = 0;
    let bound = G::max_actions(config);
    while !table.is_over() {
        assert!((table.record().steps.len() as u64) < bound);
        let requests = table.pending();
        // The server sends every request; the client keeps its log from them alone.
        let mut received = None;
        for request in requests.iter().filter(|r| r.seat == remote) {
            let sent = serde_json::to_string(&request.update).unwrap();
            let update: Update<G> = serde_json::from_str(&sent).unwrap();
            assert_eq!(update.first_event, client_log.len());
            client_log.extend(update.events);
            received = Some(serde_json::from_str::<serde_json::Value>(&sent).unwrap());
        }
        let first = requests.first().unwrap();
        if first.seat != remote {
            let bot = bots.get_mut(first.seat.index()).unwrap();
            table.ask(first.seat, bot.as_mut()).unwrap();
            continue;
        }
        match received.as_ref().and_then(client_decides) {
            Some(reply) => table.answer(remote, reply.parse().unwrap()).unwrap(),
            None => {
                table.decline(remote).unwrap();
                declines += 1;
            }
        }
    }
    let last = table.next_update(Observer::Seat(remote));
    client_log.extend(last.events);
    assert_eq!(client_log.as_slice(), table.events(Observer::Seat(remote)));
    (table.record().clone(), declines)
}

/// The JSON seat's game and `play_game` with a mirroring bot in its place give the same
/// record, for several seeds and seats; the remote seat declined at some point.
fn json_seat_matches_play_game<G: Game>(config: &G::Config, seeds: u64) {
    let mut declines = 0;
    for seed in 0..seeds {
        let seats = G::new(config, seed).unwrap().seat_count();
        let remote = Seat((seed % seats as u64) as u8);
        let (record, declined) = json_game::<G>(config, seed, remote);
        declines += declined;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|k| if k == remote.index() { Box::new(Mirror) as Box<dyn Bot<G>> } else { bot_for::<G>(k, seed) })
            .collect();
        let finished = play_game::<G>(config, seed, &mut bots).unwrap();
        assert_eq!(
            serde_json::to_value(&record).unwrap(),
            serde_json::to_value(&finished.record).unwrap(),
            "seed {seed}"
        );
    }
    assert!(declines > 0, "the remote seat never declined");
}

/// An action the game listed at some point but that is not legal for the seat asked now
/// is refused with the game's error, and the table is unchanged.
fn illegal_answers_are_the_games_error<G: Game>(config: &G::Config) {
    let mut refused = 0;
    for seed in 0..3 {
        let mut table = Table::<G>::new(config, seed).unwrap();
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..table.seat_count()).map(|k| bot_for::<G>(k, seed)).collect();
        let mut listed: Vec<G::Action> = Vec::new();
        for _ in 0..60 {
            let Some((seat, _)) = table.asked().next() else { break };
            let legal = table.legal_actions(seat).to_vec();
            if let Some(&other) = listed.iter().find(|a| !legal.contains(a)) {
                let before = format!("{table:?}");
                match table.answer(seat, other) {
                    Err(AnswerError::Illegal { seat: refused_seat, action, reason }) => {
                        assert_eq!((refused_seat, action), (seat, other.to_string()));
                        assert!(!reason.to_string().is_empty());
                        refused += 1;
                    }
                    result => panic!("an unlisted action was not refused: {result:?}"),
                }
                assert_eq!(format!("{table:?}"), before);
            }
            for action in legal.iter().take(8) {
                if !listed.contains(action) {
                    listed.push(*action);
                }
            }
            let bot = bots.get_mut(seat.index()).unwrap();
            table.ask(seat, bot.as_mut()).unwrap();
        }
    }
    assert!(refused > 10, "only {refused} refusals tried");
}

#[cfg(feature = "archduke")]
#[test]
fn archduke_a_seat_over_json_in_matching_windows_gives_the_play_game_record() {
    use duke_examples::catalog::{Archduke, Catalogued};
    json_seat_matches_play_game::<Archduke>(&Archduke::config_for(None).unwrap(), 4);
}

#[cfg(feature = "crownbattles")]
#[test]
fn crownbattles_a_seat_over_json_in_blind_bidding_gives_the_play_game_record() {
    use duke_examples::catalog::{Catalogued, CrownBattles};
    use duke_examples::options::GameOptions;
    // Blind bidding rounds: every seat without a bid bids at once.
    let options = GameOptions { round_sequence: Some("blind".to_owned()), ..GameOptions::default() };
    json_seat_matches_play_game::<CrownBattles>(&CrownBattles::config_with(None, &options).unwrap(), 4);
}

#[cfg(feature = "archduke")]
#[test]
fn archduke_an_illegal_answer_is_the_games_error_and_changes_nothing() {
    use duke_examples::catalog::{Archduke, Catalogued};
    illegal_answers_are_the_games_error::<Archduke>(&Archduke::config_for(None).unwrap());
}

#[cfg(feature = "theduke")]
#[test]
fn theduke_an_illegal_answer_is_the_games_error_and_changes_nothing() {
    use duke_examples::catalog::{Catalogued, TheDuke};
    illegal_answers_are_the_games_error::<TheDuke>(&TheDuke::config_for(None).unwrap());
}
