//! The greedy bot in Crown Battles' missions rounds: it chooses the offered mission of the
//! best expected value and plays towards it (`src/bots/missions.rs`), so across seeded games
//! it meets its missions clearly more often than the random bot. The games are seeded, so
//! the counts are the same on every run; the margins leave room for a change of the bots'
//! tie-breaks.
#![cfg(feature = "crownbattles")]

use crownbattles_rules::{Event, FAILED_MISSION};
use duke_core::Observer;
use duke_examples::bots::{Bot, BotSpec};
use duke_examples::catalog::{Catalogued, CrownBattles};
use duke_examples::driver::play_game;
use duke_examples::options::GameOptions;

/// Rounds scored 0 or more (missions met) and rounds played, and the points of those
/// rounds, for the greedy seats and the random seats.
#[derive(Debug, Default)]
struct Tally {
    greedy: (u32, u32),
    random: (u32, u32),
    points: (i64, i64),
    /// Rounds scored below 0 but not `FAILED_MISSION`.
    other_losses: u32,
}

impl Tally {
    fn rates(&self) -> (f64, f64) {
        let rate = |(met, all): (u32, u32)| f64::from(met) / f64::from(all.max(1));
        (rate(self.greedy), rate(self.random))
    }
}

/// Plays `games` seeded games of `players` whose every round is of the types `sequence`,
/// the greedy bot in every other seat (the seats swap from game to game), and counts each
/// seat's rounds scored at 0 or more (in a Missions round: the mission met; otherwise it
/// scored `FAILED_MISSION`) and its points.
fn tally(sequence: &str, players: u8, games: u64) -> Tally {
    let options = GameOptions { round_sequence: Some(sequence.to_owned()), ..GameOptions::default() };
    let config = CrownBattles::config_with(Some(players), &options).unwrap();
    let mut tally = Tally::default();
    for game in 0..games {
        let greedy = |seat: usize| (seat + game as usize).is_multiple_of(2);
        let mut bots: Vec<Box<dyn Bot<CrownBattles>>> = (0..usize::from(players))
            .map(|seat| {
                let spec = if greedy(seat) { BotSpec::Greedy } else { BotSpec::Random };
                spec.build(1000 + game * 16 + seat as u64)
            })
            .collect();
        let finished = play_game::<CrownBattles>(&config, 77 + game, &mut bots).unwrap();
        for event in finished.events(Observer::Spectator) {
            let Event::RoundScored { points, .. } = event else { continue };
            for (seat, &points) in points.iter().enumerate() {
                let (count, sum) = if greedy(seat) {
                    (&mut tally.greedy, &mut tally.points.0)
                } else {
                    (&mut tally.random, &mut tally.points.1)
                };
                count.1 += 1;
                *sum += i64::from(points);
                if points >= 0 {
                    count.0 += 1;
                } else if points != FAILED_MISSION {
                    tally.other_losses += 1;
                }
            }
        }
    }
    tally
}

#[test]
fn the_greedy_bot_meets_its_missions_more_often_than_the_random_bot() {
    let tally = tally("missions,blind-missions", 4, 16);
    let (greedy, random) = tally.rates();
    println!("missions met: greedy {:?} = {greedy:.3}, random {:?} = {random:.3}", tally.greedy, tally.random);
    assert_eq!(tally.greedy.1, tally.random.1);
    assert!(tally.greedy.1 >= 200, "{tally:?}");
    assert!(greedy > random + 0.15, "greedy {greedy:.3} against random {random:.3}");
    // A Missions round scores a mission's points or loses 20, and the greedy seats' points
    // are the higher.
    assert_eq!(tally.other_losses, 0, "{tally:?}");
    assert!(tally.points.0 > tally.points.1, "{tally:?}");
}

#[test]
fn the_greedy_bot_plays_towards_its_mission_in_missions_alliances_too() {
    // Every round Missions-Alliances but the last (an alliance round may not be the last).
    let rounds = CrownBattles::config_for(Some(5)).unwrap().schedule.rounds();
    let sequence = format!("{}missions", "missions-alliances,".repeat(rounds - 1));
    let tally = tally(&sequence, 5, 8);
    let (greedy, random) = tally.rates();
    println!("missions-alliances: greedy {:?} = {greedy:.3}, random {:?} = {random:.3}", tally.greedy, tally.random);
    // Teams mix the bots (the dealer forms them) and share their points, so the margin is
    // on the points of the rounds: the greedy seats score more.
    println!("points: greedy {}, random {}", tally.points.0, tally.points.1);
    assert!(tally.points.0 > tally.points.1, "{tally:?}");
}
