//! Running a user's invariant over every step of random games, with shrinking.

use core::cell::Cell;

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestError};

use super::strategies::steer;
use super::{Failure, Settings};
use crate::game::{Game, Observer};
use crate::record::Record;
use crate::rng::GameRng;
use crate::seat::Seat;

/// One applied step, as an invariant sees it: the states before and after, who acted and
/// how, and the events of the step for any observer.
pub struct StepCheck<'a, G: Game> {
    /// The state before the action.
    pub before: &'a G,
    /// The seat that acted.
    pub seat: Seat,
    /// Its action (legal in `before`).
    pub action: G::Action,
    /// The state after the action.
    pub after: &'a G,
    /// The index of the step in the game, from 0.
    pub index: usize,
    reached: &'a Cell<u64>,
}

impl<G: Game> StepCheck<'_, G> {
    /// Marks this step as one where the property's situation arose (the rule applied and
    /// was checked): [`Coverage::reached`] counts them, so a property that random games
    /// never exercise is visible and can be held to a threshold.
    pub fn reached(&self) {
        self.reached.set(self.reached.get() + 1);
    }

    /// What `observer` saw happen in this step ([`Game::events`]).
    pub fn events(&self, observer: Observer) -> Vec<G::Event> {
        let mut out = Vec::new();
        G::events(self.before, self.seat, self.action, self.after, observer, &mut out);
        out
    }

    /// The legal actions of `seat` in the state before the step.
    pub fn legal_before(&self, seat: Seat) -> Vec<G::Action> {
        let mut out = Vec::new();
        self.before.legal_actions(seat, &mut out);
        out
    }
}

/// How often a property run met its situation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Games played (shrinking runs included).
    pub games: u64,
    /// Steps checked.
    pub steps: u64,
    /// Steps the invariant marked with [`StepCheck::reached`].
    pub reached: u64,
}

/// How likely an action is to be chosen in random games: a weight per legal action (the
/// choice is weighted; all zero weights mean uniform). Bias play towards rules that
/// uniform play rarely reaches (a call, a special card).
pub type Bias<G> = fn(&G, Seat, &<G as Game>::Action) -> u32;

/// Plays `settings.cases` random games with configs from `configs` and calls `invariant` on
/// every step; the first `Err` fails the run, shrunk until no simpler record fails (fewer,
/// earlier choices), and printed as JSON, in notation, and with how to replay it. Actions are chosen uniformly, or weighted by `bias`. Returns how many
/// steps were checked and how many the invariant marked as [reached](StepCheck::reached).
///
/// ```
/// use duke_core::testing::invariants::check_steps;
/// use duke_core::testing::toy::{HighCard, HighCardAction, HighCardConfig};
/// use duke_core::testing::Settings;
/// use duke_core::Game;
/// use proptest::prelude::*;
///
/// // A house rule written as an invariant: a keep never changes the keeper's card.
/// let configs = (2u8..=4).prop_map(|players| HighCardConfig { players, rounds: 3 });
/// check_steps::<HighCard>(configs, &Settings { cases: 16, ..Settings::default() }, None, |step| {
///     let same_round = step.before.running_scores() == step.after.running_scores();
///     if step.action == HighCardAction::Keep && same_round {
///         step.reached(); // the situation this property is about
///         if step.before.card_of(step.seat) != step.after.card_of(step.seat) {
///             return Err(format!("{} kept but the card changed", step.seat));
///         }
///     }
///     Ok(())
/// })
/// .map(|coverage| assert!(coverage.reached > 10, "{coverage:?}"))
/// .unwrap();
/// ```
pub fn check_steps<G: Game>(
    configs: impl Strategy<Value = G::Config>,
    settings: &Settings,
    bias: Option<Bias<G>>,
    invariant: impl Fn(&StepCheck<'_, G>) -> Result<(), String>,
) -> Result<Coverage, Failure> {
    // Shrinking goes on until no simpler record fails: a minimal record is the point.
    let mut runner = settings.exhaustive_shrink_runner();
    let strategy = (configs, any::<u64>(), proptest::collection::vec(any::<u32>(), 0..=settings.max_steps));
    let tally = Tally::default();
    let outcome = runner.run(&strategy, |(config, seed, choices)| {
        one_game::<G>(&config, seed, &choices, settings, bias, &invariant, &tally)
            .map_err(|failed| TestCaseError::fail(failed.message))
    });
    match outcome {
        Ok(()) => Ok(Coverage { games: tally.games.get(), steps: tally.steps.get(), reached: tally.reached.get() }),
        Err(TestError::Fail(reason, (config, seed, choices))) => {
            let play =
                |choices: &[u32]| one_game::<G>(&config, seed, choices, settings, bias, &invariant, &tally).err();
            let reason = match shrink_choices(choices, play) {
                Some(failed) => failed.message,
                None => reason.to_string(),
            };
            Err(Failure { message: format!("{} invariant failure: {reason}", G::NAME) })
        }
        Err(TestError::Abort(reason)) => {
            Err(Failure { message: format!("{} invariant run aborted: {reason}", G::NAME) })
        }
    }
}

/// Games tried by [`shrink_choices`] at most (a bound that a real failure never nears).
const SHRINK_GAMES: usize = 100_000;

/// Goes on shrinking where proptest stops: proptest shrinks a list by removing elements
/// first and then shrinking each, so a choice it shrank is never removed after; here every
/// choice is tried removed, then made 0 to 3, about half or one less (and steps the
/// generator chose are given choice 0), again and again until no change gives a failing
/// game that is simpler (fewer steps, then smaller choices, a generator's choice counting as
/// the largest). Returns the
/// simplest failure found (`None` if `choices` does not fail).
fn shrink_choices(mut choices: Vec<u32>, play: impl Fn(&[u32]) -> Option<Failed>) -> Option<Failed> {
    // A step without a choice takes the generator's: counted as the largest choice.
    let measure = |failed: &Failed, choices: &[u32]| {
        let missing = failed.steps.saturating_sub(choices.len()) as u64;
        (failed.steps, choices.iter().map(|&c| u64::from(c)).sum::<u64>() + missing * (1 << 32))
    };
    let mut best = play(&choices)?;
    // Choices past the failing step are never read.
    choices.truncate(best.steps);
    let mut games = 0;
    let mut improved = true;
    while improved && games < SHRINK_GAMES {
        improved = false;
        // Steps the generator chose, given the first choice instead.
        if choices.len() < best.steps {
            let mut padded = choices.clone();
            padded.resize(best.steps, 0);
            games += 1;
            if let Some(failed) = play(&padded)
                && measure(&failed, &padded) < measure(&best, &choices)
            {
                choices = padded;
                choices.truncate(failed.steps);
                best = failed;
            }
        }
        let mut i = 0;
        while i < choices.len() && games < SHRINK_GAMES {
            let c = choices[i];
            let mut removed = choices.clone();
            removed.remove(i);
            let smaller = [0, 1, 2, 3, c / 2, c / 2 + 1, c.saturating_sub(1)].into_iter().filter(|&v| v < c).map(|v| {
                let mut candidate = choices.clone();
                candidate[i] = v;
                candidate
            });
            let mut accepted = false;
            for candidate in std::iter::once(removed).chain(smaller) {
                games += 1;
                if let Some(failed) = play(&candidate)
                    && measure(&failed, &candidate) < measure(&best, &choices)
                {
                    choices = candidate;
                    choices.truncate(failed.steps);
                    best = failed;
                    accepted = true;
                    improved = true;
                    break;
                }
            }
            if !accepted {
                i += 1;
            }
        }
    }
    Some(best)
}

/// A failing game: how many steps its record holds, and the report.
struct Failed {
    steps: usize,
    message: String,
}

/// Counters across the games of a run.
#[derive(Default)]
struct Tally {
    games: Cell<u64>,
    steps: Cell<u64>,
    reached: Cell<u64>,
}

fn one_game<G: Game>(
    config: &G::Config,
    seed: u64,
    choices: &[u32],
    settings: &Settings,
    bias: Option<Bias<G>>,
    invariant: &impl Fn(&StepCheck<'_, G>) -> Result<(), String>,
    tally: &Tally,
) -> Result<(), Failed> {
    tally.games.set(tally.games.get() + 1);
    let mut record: Record<G> = Record::new(config.clone(), seed);
    let fail = |record: &Record<G>, what: String| Failed {
        steps: record.steps.len(),
        message: super::failure_text(record, &what),
    };
    let Ok(mut state) = G::new(config, seed) else {
        return Err(fail(&record, "the config strategy produced a config that new() refuses".into()));
    };
    let mut free = GameRng::new(seed ^ 0x001A_7AC7);
    let mut legal = Vec::new();
    let limit = G::max_actions(config).min(settings.max_game_actions);
    for index in 0.. {
        if state.is_over() || index as u64 >= limit {
            break;
        }
        let choice = choices.get(index).copied().unwrap_or_else(|| free.next_u64() as u32);
        let picked = match bias {
            None => steer(&state, choice, &mut legal),
            Some(weight) => weighted(&state, choice, weight, &mut legal),
        };
        let Some((seat, action)) = picked else {
            return Err(fail(&record, format!("at step {index}: a seat may act but has no legal action")));
        };
        let before = state.clone();
        record.push(seat, action);
        if let Err(e) = state.apply(seat, action) {
            return Err(fail(&record, format!("at step {index}: listed action {action} of {seat} refused: {e}")));
        }
        tally.steps.set(tally.steps.get() + 1);
        let step = StepCheck { before: &before, seat, action, after: &state, index, reached: &tally.reached };
        invariant(&step).map_err(|what| fail(&record, format!("at step {index} ({seat} {action}): {what}")))?;
    }
    Ok(())
}

/// The seat (uniform) and action (weighted by `weight`) that `choice` picks.
fn weighted<G: Game>(state: &G, choice: u32, weight: Bias<G>, legal: &mut Vec<G::Action>) -> Option<(Seat, G::Action)> {
    let to_act = state.to_act();
    let seats = to_act.len() as u32;
    let seat = to_act.nth((choice % seats.max(1)) as usize)?;
    state.legal_actions(seat, legal);
    let weights: Vec<u64> = legal.iter().map(|a| u64::from(weight(state, seat, a))).collect();
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return legal.get(((choice / seats.max(1)) as usize) % legal.len().max(1)).map(|&a| (seat, a));
    }
    // Spread the choice over the total weight with a mixing multiply, so nearby choices
    // (shrinking) still cover every action.
    let mut target = u64::from(choice / seats.max(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15) % total;
    for (action, w) in legal.iter().zip(weights) {
        if target < w {
            return Some((seat, *action));
        }
        target -= w;
    }
    legal.last().map(|&a| (seat, a))
}

#[cfg(test)]
mod tests {
    use super::{Failed, shrink_choices};

    /// A stand-in game: step `k` reads choice `k` (or an even number past the list, as a
    /// generator would), and the game fails at the step where the third odd choice is read.
    fn third_odd(choices: &[u32]) -> Option<Failed> {
        let mut odd = 0;
        for k in 0..1000usize {
            let c = choices.get(k).copied().unwrap_or(k as u32 * 2 + 2);
            odd += c % 2;
            if odd == 3 {
                return Some(Failed { steps: k + 1, message: format!("{:?}", choices.get(..=k)) });
            }
        }
        None
    }

    /// A 20-step failure shrinks to the 3-step one: every even choice removed, every odd one
    /// made 1; removals are tried again after values shrank (where proptest stops).
    #[test]
    fn shrinking_goes_on_until_nothing_simpler_fails() {
        let mut choices: Vec<u32> = (0..20).map(|k| 2 * k + 40).collect();
        for (at, value) in [(4, 91), (11, 57), (19, 1001)] {
            choices[at] = value;
        }
        let failed = shrink_choices(choices, third_odd).unwrap();
        assert_eq!((failed.steps, failed.message.as_str()), (3, "Some([1, 1, 1])"));
        assert!(shrink_choices(vec![2; 4], |_| None).is_none());
    }
}
