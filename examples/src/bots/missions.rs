//! What the greedy bot knows of Crown Battles' missions (rulebook "Missions", "Blind
//! Missions", "Missions-Alliances"): the game's own heuristic (`View::heuristic`) scores
//! bids only, so in a missions round the greedy bot would choose its mission and play its
//! cards blind to it. [`MissionSense`] adds a term to the greedy bot's score of each action:
//!
//! - **Choosing**: each offered mission is worth its expected value, `p × points − (1 − p)
//!   × 20` (the table's points for the player count and the cards dealt when met; a failed
//!   mission loses 20), where `p` is a rough chance of meeting the condition from the hand
//!   (see [`chance`]). The best one is chosen (the greedy bot breaks exact ties with its
//!   seeded generator, so the choice is reproducible). Not choosing is worth a point less
//!   than the worst offer, so the bot never waits for nothing.
//! - **Playing**: from the chosen mission and the tricks so far the bot wants this trick
//!   (`AtLeast(n)` not reached, `Between(lo, hi)` below `lo`, a trump mission with a
//!   numbered trump card), or wants to lose it (`Between(lo, hi)` with `hi` reached,
//!   `NoneOfFirst(n)` within the first `n` tricks), or does not mind. A card that takes the
//!   trick counts as won; one that leads the trick on the table after it as won with a
//!   chance from its strength and the players still to play; any other as lost.
//!
//! In a Missions-Alliances round each member plays to its own mission (each mission is
//! judged on its own player's tricks) without weighing its ally's. The bot sees only its
//! seat's view and the public config, as every bot.
//!
//! The greedy bot is generic over [`Game`]; this is its only per-game knowledge, reached by
//! downcasting the game's view and config ([`Any`]): for every other game, and in Crown
//! Battles' other rounds, [`MissionSense::new`] is `None` and the greedy bot plays as
//! before.

use core::any::Any;

use duke_core::{Game, Seat};

#[cfg(feature = "crownbattles")]
use crownbattles_rules::{Condition, Config, Face, Form, Power, Trump, View};

/// Points lost for a failed mission (rulebook "Missions": "lose 20 points").
#[cfg(feature = "crownbattles")]
const FAILED: f64 = -(crownbattles_rules::FAILED_MISSION as f64);

/// How far a bot's mission steers its play in one step.
#[derive(Clone, Debug, PartialEq)]
// Without Crown Battles built in, no sense is ever made.
#[cfg_attr(not(feature = "crownbattles"), allow(dead_code))]
pub(crate) enum MissionSense {
    /// Choosing a mission: each catalogue id with its expected value; the rest count as the
    /// worst offer.
    Choose { values: Vec<(u8, f64)>, worst: f64 },
    /// Playing a trick: `want` +1 (take it), −1 (lose it), −0.5 (rather lose it); `weight`
    /// the points at stake; `tricks`, `hand` and `trumps` the seat's tricks, hand size and
    /// numbered trump cards in hand before the step; `trump_only` counts only a trick taken
    /// with a numbered trump card (the trump missions), `over_lead` only one led in another
    /// suit.
    Play { want: f64, weight: f64, tricks: u8, hand: usize, trumps: usize, trump_only: bool, over_lead: bool },
}

impl MissionSense {
    /// The sense of `seat` at this step, from its `view` and the game's public `config`
    /// (only asked for in Crown Battles): `None` outside Crown Battles' missions rounds, and
    /// when nothing about the mission is at stake.
    pub(crate) fn new<G: Game>(view: &G::View, config: impl FnOnce() -> G::Config, seat: Seat) -> Option<MissionSense> {
        #[cfg(feature = "crownbattles")]
        {
            let view = (view as &dyn Any).downcast_ref::<View>()?;
            if view.offered.is_empty() && view.missions.is_empty() {
                return None;
            }
            let config = config();
            sense(view, (&config as &dyn Any).downcast_ref::<Config>()?, seat)
        }
        #[cfg(not(feature = "crownbattles"))]
        {
            let _ = (view as &dyn Any, config, seat);
            None
        }
    }

    /// The term this sense adds to the score of the view `after` a step of `seat`.
    pub(crate) fn score<G: Game>(&self, after: &G::View, seat: Seat) -> f64 {
        #[cfg(feature = "crownbattles")]
        if let Some(after) = (after as &dyn Any).downcast_ref::<View>() {
            return self.score_view(after, seat);
        }
        let _ = (after as &dyn Any, seat);
        0.0
    }

    #[cfg(feature = "crownbattles")]
    fn score_view(&self, after: &View, seat: Seat) -> f64 {
        let i = seat.index();
        match self {
            MissionSense::Choose { values, worst } => {
                let chosen = after.missions.get(i).copied().flatten();
                chosen.and_then(|id| values.iter().find(|&&(m, _)| m == id)).map_or(*worst, |&(_, v)| v)
            }
            &MissionSense::Play { want, weight, tricks, hand, trumps, trump_only, over_lead } => {
                let won = after.tricks.get(i).copied().unwrap_or(0) > tricks;
                let closed = after.hand.len() < hand && !after.trick.iter().any(|c| c.seat == seat);
                // A trump mission counts a trick closed with one of its trumps only (which
                // trick it led is not told once the trick is gone: any counts here).
                let counts = !trump_only || trump_numbers(after) < trumps;
                let chance = if let Some(pos) = after.trick.iter().position(|c| c.seat == seat) {
                    on_table(after, pos, trump_only, over_lead)
                } else if !closed || !counts {
                    // Not a card played, or a card the mission does not count.
                    0.5
                } else if won {
                    1.0
                } else {
                    0.0
                };
                want * (chance - 0.5) * weight
            }
        }
    }
}

/// The chance that the card at `pos` of the trick on the table takes it, for a bot that
/// just played it; 0.5 (no matter) for a card a trump mission does not count. A card that
/// does not lead the trick now is all but lost; one that leads keeps the lead past each
/// player still to play with a chance from its strength (see [`keeps_lead`]).
#[cfg(feature = "crownbattles")]
fn on_table(view: &View, pos: usize, trump_only: bool, over_lead: bool) -> f64 {
    let led = view.trick.iter().find_map(|c| match c.form {
        Form::Number { suit, .. } => Some(suit),
        _ => None,
    });
    let wizard = view.trick.iter().any(|c| c.face == Face::Power(Power::Wizard));
    // The Kings' fate under a Wizard is a config option; counting them as unaffected only
    // errs on the side of a King looking strong.
    let strength = |form: Form| form.strength(view.trump, led, wizard, false);
    let Some(card) = view.trick.get(pos) else { return 0.5 };
    let trump_card = matches!(card.form, Form::Number { suit, .. } if view.trump == Trump::Suit(suit));
    if trump_only && (!trump_card || (over_lead && led.is_none_or(|s| view.trump == Trump::Suit(s)))) {
        return 0.5;
    }
    let mine = strength(card.form);
    let leads = view.trick.iter().enumerate().all(|(j, c)| {
        let s = strength(c.form);
        s < mine || (s == mine && j >= pos)
    });
    if !leads {
        return 0.02;
    }
    let to_play = i32::from(view.players).saturating_sub(i32::try_from(view.trick.len()).unwrap_or(i32::MAX));
    keeps_lead(mine).powi(to_play.max(0))
}

/// The chance that a card of this strength ([`Form::strength`]: its tier in the high byte,
/// twice its value in the low byte for a number) keeps the lead past one more player: the
/// Dragon King 0.97, a Dragon 0.9, the Golem King 0.85, a Golem 0.8, a trump from 0.34
/// (1) to 0.82 (13), a number of the led suit from 0.15 to 0.75, anything else 0.2.
#[cfg(feature = "crownbattles")]
fn keeps_lead(strength: u16) -> f64 {
    // No card is worth more than 13.5, twice 27: the cap only guards a strange code.
    let value2 = f64::from((strength & 0xFF).min(27));
    match strength >> 8 {
        10.. => 0.97,
        8 | 9 => 0.9,
        6 | 7 => 0.85,
        4 | 5 => 0.8,
        3 => 0.3 + 0.02 * value2,
        2 => 0.1 + 0.025 * value2,
        _ => 0.2,
    }
}

/// How many numbered trump cards the seat holds.
#[cfg(feature = "crownbattles")]
fn trump_numbers(view: &View) -> usize {
    view.hand.iter().filter(|&&f| matches!(f, Face::Number(s, _) if view.trump == Trump::Suit(s))).count()
}

/// Whether `face` is likely to take a trick: a Golem, a Dragon, a King, a trump of 9 and
/// up, another number of 12 and up (the rules crate's `View::heuristic` counts the same).
#[cfg(feature = "crownbattles")]
fn likely_winner(trump: Trump, face: Face) -> bool {
    match face {
        Face::Golem | Face::Dragon | Face::Power(Power::GolemKing | Power::DragonKing) => true,
        Face::Number(suit, value) => value >= 12 || (trump == Trump::Suit(suit) && value >= 9),
        Face::Peasant | Face::Power(_) => false,
    }
}

#[cfg(feature = "crownbattles")]
fn sense(view: &View, config: &Config, seat: Seat) -> Option<MissionSense> {
    let i = seat.index();
    let catalogue = &config.missions.catalogue;
    let chosen = view.missions.get(i).copied().flatten();
    if chosen.is_none() && !view.offered.is_empty() {
        let values: Vec<(u8, f64)> = view
            .offered
            .iter()
            .filter_map(|&id| {
                let mission = catalogue.get(id)?;
                let points = f64::from(mission.points.points(config.players, view.cards_dealt)?);
                let p = chance(mission.condition, view, view.tricks.get(i).copied().unwrap_or(0));
                Some((id, p * points - (1.0 - p) * FAILED))
            })
            .collect();
        let worst = values.iter().map(|&(_, v)| v).fold(f64::INFINITY, f64::min);
        return (!values.is_empty()).then_some(MissionSense::Choose { values, worst: worst - 1.0 });
    }
    let mission = catalogue.get(chosen?)?;
    let points = f64::from(mission.points.points(config.players, view.cards_dealt).unwrap_or(0));
    let weight = (points + FAILED) / 2.0;
    let tricks = view.tricks.get(i).copied().unwrap_or(0);
    let hand = view.hand.len();
    let trumps = trump_numbers(view);
    // Tricks played this round before this one: one card of the hand each (the seat has not
    // played to the trick it is asked about).
    let played = usize::from(view.cards_dealt).saturating_sub(hand);
    let (want, trump_only, over_lead) = match mission.condition {
        Condition::AtLeast(n) if tricks < n => (1.0, false, false),
        Condition::Between(low, _) if tricks < low => (1.0, false, false),
        Condition::Between(_, high) if tricks >= high => (-1.0, false, false),
        // Within the range with room left: one more trick is allowed but brings the top
        // closer, so lose rather than win when it costs nothing.
        Condition::Between(..) => (-0.5, false, false),
        Condition::NoneOfFirst(n) if played < usize::from(n) => (-1.0, false, false),
        Condition::TrumpTrick => (1.0, true, false),
        Condition::TrumpOverLead => (1.0, true, true),
        _ => return None,
    };
    Some(MissionSense::Play { want, weight, tricks, hand, trumps, trump_only, over_lead })
}

/// A rough chance of meeting `condition` with the seat's hand: `e` is the tricks expected
/// (the `taken` ones plus the likely winners in hand, see [`likely_winner`]).
///
/// - `AtLeast(n)`: 0.85 when `e ≥ n`, 0.3 less per trick short (at least 0.05).
/// - `Between(lo, hi)`: 0.7 when `lo ≤ e ≤ hi`, 0.25 less per trick off (at least 0.05).
/// - `NoneOfFirst(n)`: 0.8 with at least `n` cards that are no likely winners, else 0.3.
/// - `TrumpTrick`: 0.85 with a trump of 9 and up, 0.5 with a lower one, else 0.1;
///   `TrumpOverLead` 0.1 less each (a trump lead does not count).
/// - A condition this bot does not know: 0.5.
#[cfg(feature = "crownbattles")]
fn chance(condition: Condition, view: &View, taken: u8) -> f64 {
    let likely = view.hand.iter().filter(|&&f| likely_winner(view.trump, f)).count();
    let weak = view.hand.len() - likely;
    let e = f64::from(u8::try_from(likely).unwrap_or(u8::MAX)) + f64::from(taken);
    let trumps = |high: bool| {
        view.hand.iter().any(|&f| matches!(f, Face::Number(s, v) if view.trump == Trump::Suit(s) && (!high || v >= 9)))
    };
    let trump_chance = if trumps(true) {
        0.85
    } else if trumps(false) {
        0.5
    } else {
        0.1
    };
    match condition {
        Condition::AtLeast(n) => {
            let short = (f64::from(n) - e).max(0.0);
            if short == 0.0 { 0.85 } else { (0.85 - 0.3 * short).max(0.05) }
        }
        Condition::Between(low, high) => {
            let off = if e < f64::from(low) { f64::from(low) - e } else { (e - f64::from(high)).max(0.0) };
            (0.7 - 0.25 * off).max(0.05)
        }
        Condition::NoneOfFirst(n) => {
            if weak >= usize::from(n) {
                0.8
            } else {
                0.3
            }
        }
        Condition::TrumpTrick => trump_chance,
        Condition::TrumpOverLead => trump_chance - 0.1,
        // A condition added after this bot was written: a coin toss.
        _ => 0.5,
    }
}

#[cfg(all(test, feature = "crownbattles"))]
mod tests;
