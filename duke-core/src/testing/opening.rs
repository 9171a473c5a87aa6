//! The opening contract ([`Game::opening_events`]): what an observer witnessed at set-up
//! leaks nothing and misses nothing, checked at the start of every game.
//!
//! - *Nothing leaks*: a new state and its [`determinize`](Game::determinize) twin for a
//!   seat are worlds that seat and the spectator cannot tell apart; each must get identical
//!   opening events in both.
//! - *Nothing is missing*: among new games of one config from several seeds, an observer
//!   whose opening events are equal must see equal views (a client that keeps the event
//!   log from the start knows everything its view shows).

use std::collections::HashMap;

use super::checks::round_trip;
use crate::game::{Game, Observer};
use crate::rng::split_seed;
use crate::seat::Seat;

/// Every seat and the spectator.
fn observers(seats: usize) -> impl Iterator<Item = Observer> {
    (0..seats).map(|s| Observer::Seat(Seat(s as u8))).chain([Observer::Spectator])
}

/// The opening checks for the game `start` (new from `config` and `seed`), comparing it
/// with `games` other new games of the same config.
pub(super) fn check_opening<G: Game>(start: &G, config: &G::Config, seed: u64, games: usize) -> Result<(), String> {
    let seats = start.seat_count();
    let mut first = Vec::new();
    let mut second = Vec::new();
    for observer in observers(seats) {
        start.opening_events(observer, &mut first);
        for event in &first {
            if &round_trip(event)? != event {
                return Err(format!("the opening event {event} ({event:?}) changes through serde"));
            }
        }
    }
    // Nothing leaks: twin worlds give identical opening events.
    for seat in (0..seats).map(|s| Seat(s as u8)) {
        for k in 0..2u64 {
            let twin = start.determinize(seat, split_seed(seed, 0x0BE7 + k + 2 * seat.index() as u64));
            for observer in [Observer::Seat(seat), Observer::Spectator] {
                start.opening_events(observer, &mut first);
                twin.opening_events(observer, &mut second);
                if first != second {
                    return Err(format!(
                        "leak at the start: the opening events of {observer:?} differ between a new game and its determinize({seat}) twin, which it cannot tell apart:\n  {}\n  {}",
                        show(&first),
                        show(&second)
                    ));
                }
            }
        }
    }
    // Nothing missing: equal opening events, equal views.
    let mut others = vec![(seed, start.clone())];
    for k in 0..games as u64 {
        let other_seed = split_seed(seed, 0x09E2 + k);
        let other =
            G::new(config, other_seed).map_err(|e| format!("new() refuses the config with seed {other_seed}: {e}"))?;
        others.push((other_seed, other));
    }
    for observer in observers(seats) {
        let mut seen: HashMap<String, (u64, G::View)> = HashMap::new();
        for (other_seed, game) in &others {
            game.opening_events(observer, &mut first);
            let key = serde_json::to_string(&first).map_err(|e| format!("opening events do not serialise: {e}"))?;
            let view = game.view(observer);
            match seen.get(&key) {
                Some((earlier, known)) if *known != view => {
                    return Err(format!(
                        "incomplete opening events: new games with seeds {earlier} and {other_seed} give {observer:?} the same opening events ({}) but different views",
                        show(&first)
                    ));
                }
                Some(_) => {}
                None => {
                    seen.insert(key, (*other_seed, view));
                }
            }
        }
    }
    Ok(())
}

fn show<E: core::fmt::Display>(events: &[E]) -> String {
    if events.is_empty() {
        return "none".to_owned();
    }
    events.iter().map(ToString::to_string).collect::<Vec<_>>().join("; ")
}
