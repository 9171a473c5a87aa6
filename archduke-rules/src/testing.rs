//! Proptest strategies for fuzzing Archduke's rules with your own invariants (feature
//! `testing`).
//!
//! - [`configs`]: every option of [`Config`], from both published texts: the box rulebook
//!   and the online rules as presets, then every field varied on its own: 2 to 6 players
//!   with one deck and 2 to 12 with two; the deck table (the standard 104 cards; a small
//!   deck where most match tries fit; a deck of barely enough cards, so that the draw pile
//!   runs out and both piles empty; any valid table: 1 to 16 lines of any role and value); which discards act (grid only, or any); when the caller
//!   is penalised (unless strictly lowest, or only if beaten); every scoring (tokens over 1
//!   to 8 rounds, 4 and the 8 of Advanced mode most often; Battle Royal; online points with
//!   each of the four marks); a fixed or a random first dealer; and the engine's limits
//!   (no turn limit, as in the rulebooks, or 1 to 40 turns a round; no round limit, or 1 to
//!   6 rounds).
//! - [`reachable`]: states reached by legal play from a new game with such a config, with
//!   the record that reaches them (shrinks to a short game).
//! - Biases for [`check_steps`](duke_core::testing::invariants::check_steps): uniform play
//!   seldom matches a card that fits, plays an action card or calls "Archduke!"; each
//!   `bias_*` function weights the legal actions towards those situations. A bias may look
//!   at cards nobody has seen (it steers a test, it does not play).
//!
//! ```
//! use archduke_rules::testing::{bias_play, configs};
//! use archduke_rules::{Action, Archduke};
//! use duke_core::testing::Settings;
//! use duke_core::testing::invariants::check_steps;
//!
//! // A house rule: discarding the card just drawn leaves the drawer's grid as it was.
//! let settings = Settings { cases: 8, ..Settings::default() };
//! let coverage = check_steps::<Archduke>(configs(), &settings, Some(bias_play), |step| {
//!     if step.action == Action::Discard {
//!         step.reached();
//!         let grid = |game: &Archduke| game.to_setup().grids[step.seat.index()].cards.clone();
//!         if grid(step.before) != grid(step.after) {
//!             return Err(format!("{}'s grid changed on a discard", step.seat));
//!         }
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! println!("{} discards checked in {} steps", coverage.reached, coverage.steps);
//! ```

use duke_core::Seat;
/// A reached state with its record (from duke-core), as [`reachable`] yields it.
pub use duke_core::testing::strategies::Reached;
use proptest::prelude::*;

use crate::cards::{DeckEntry, Role, standard_deck};
use crate::config::{ActionTrigger, CallerPenalty, Config, Mark, RuleSet, Scoring};
use crate::notation::{Action, Slot};
use crate::state::{Archduke, Phase};

/// A small deck (44 cards) where most match tries fit: more than half of it is fives, and
/// it holds every kind of special card. It drives games through long matching chains,
/// queues of action cards and players matching down to zero.
pub fn matchy_deck() -> Vec<DeckEntry> {
    vec![
        DeckEntry { value: 5, copies: 24, role: Role::Number },
        DeckEntry { value: 12, copies: 5, role: Role::Peek },
        DeckEntry { value: 11, copies: 4, role: Role::Swap },
        DeckEntry { value: 1, copies: 5, role: Role::Give },
        DeckEntry { value: 0, copies: 2, role: Role::Eclipse },
        DeckEntry { value: 13, copies: 2, role: Role::Eclipse },
        DeckEntry { value: -3, copies: 2, role: Role::Archduke },
    ]
}

/// A deck of barely enough cards for `players` players and `decks` decks: 4 each, the first
/// card and `extra` more (every kind of card among them), so the draw pile runs out within
/// a few turns and both piles can empty.
pub fn tiny_deck(players: u8, decks: u8, extra: u8) -> Vec<DeckEntry> {
    let kinds = [
        (5, Role::Number),
        (12, Role::Peek),
        (11, Role::Swap),
        (1, Role::Give),
        (0, Role::Eclipse),
        (13, Role::Eclipse),
        (-3, Role::Archduke),
        (7, Role::Number),
    ];
    let decks = u32::from(decks.max(1));
    let total = (4 * u32::from(players) + 1 + u32::from(extra)).div_ceil(decks);
    let per_kind = |k: u32| total / kinds.len() as u32 + u32::from(k < total % kinds.len() as u32);
    (0u32..)
        .zip(kinds)
        .filter(|&(k, _)| per_kind(k) > 0)
        .map(|(k, (value, role))| DeckEntry { value, copies: u8::try_from(per_kind(k)).unwrap_or(u8::MAX), role })
        .collect()
}

/// Which deck table a config gets.
#[derive(Clone, Debug)]
enum Table {
    Standard,
    Matchy,
    Tiny(u8),
    /// Lines drawn at random, made valid by [`valid_table`].
    Any(Vec<DeckEntry>),
}

/// 1 to 16 random deck lines: any role, a value of the printed range most often, else any
/// `i8` (the deck table is a config field: a house deck may hold any values).
fn random_lines() -> impl Strategy<Value = Vec<DeckEntry>> {
    let role = prop_oneof![
        Just(Role::Number),
        Just(Role::Archduke),
        Just(Role::Eclipse),
        Just(Role::Give),
        Just(Role::Swap),
        Just(Role::Peek),
    ];
    let value = prop_oneof![4 => -3i8..=13, 1 => any::<i8>()];
    let line = (value, 1u8..=6, role).prop_map(|(value, copies, role)| DeckEntry { value, copies, role });
    proptest::collection::vec(line, 1..=16)
}

/// `lines` made into a table `Config::validate` accepts for `players` and `decks`: a line
/// repeating an earlier value and role is dropped, and a number line is added when the
/// cards are too few to deal; a table still refused (too many cards, or of one action
/// symbol) gives way to [`tiny_deck`].
fn valid_table(mut lines: Vec<DeckEntry>, players: u8, decks: u8) -> Vec<DeckEntry> {
    let mut kept: Vec<DeckEntry> = Vec::with_capacity(lines.len() + 1);
    for line in lines.drain(..) {
        if !kept.iter().any(|k| k.value == line.value && k.role == line.role) {
            kept.push(line);
        }
    }
    let per_deck: u32 = kept.iter().map(|e| u32::from(e.copies)).sum();
    let need = (4 * u32::from(players) + 1).div_ceil(u32::from(decks.max(1)));
    if per_deck < need && kept.len() < crate::cards::MAX_KINDS {
        let value = (-128i8..=127).find(|&v| !kept.iter().any(|k| k.value == v && k.role == Role::Number));
        let copies = u8::try_from(need - per_deck).unwrap_or(u8::MAX);
        kept.push(DeckEntry { value: value.unwrap_or(0), copies, role: Role::Number });
    }
    let config = Config { players, decks, deck: kept.clone(), ..Config::default() };
    if config.check().is_ok() { kept } else { tiny_deck(players, decks, 0) }
}

fn scoring(players: u8) -> impl Strategy<Value = Scoring> {
    let mark = prop_oneof![
        (10i32..=80).prop_map(|threshold| Mark::EliminateAt { threshold }),
        (10i32..=80).prop_map(move |threshold| if players >= 4 {
            Mark::EliminateToThree { threshold }
        } else {
            Mark::EliminateAt { threshold }
        }),
        prop_oneof![Just(100), 10i32..=120].prop_map(|threshold| Mark::FirstTo { threshold }),
        (1u16..=10).prop_map(|rounds| Mark::Rounds { rounds }),
    ];
    prop_oneof![
        3 => prop_oneof![Just(4u8), Just(8u8), 1u8..=8].prop_map(|rounds| Scoring::Tokens { rounds }),
        1 => Just(Scoring::BattleRoyal),
        3 => mark.prop_map(|mark| Scoring::Points { mark }),
    ]
}

/// Every config: see the [module docs](self) for what is covered. One game in five has two
/// decks (2 to 12 players); the deck table is the standard one in about half the games,
/// the matching-rich one in a quarter, a barely sufficient one in one of twelve and a
/// random valid table (any roles and values) in one of eight.
pub fn configs() -> impl Strategy<Value = Config> {
    let seats = prop_oneof![4 => (2u8..=6, Just(1u8)), 1 => (2u8..=12, Just(2u8))];
    let table = prop_oneof![
        12 => Just(Table::Standard),
        6 => Just(Table::Matchy),
        2 => (0u8..=6).prop_map(Table::Tiny),
        3 => random_lines().prop_map(Table::Any),
    ];
    let limits = (
        prop_oneof![1 => Just(None), 4 => (1u16..=6).prop_map(Some), 2 => (7u16..=40).prop_map(Some)],
        prop_oneof![3 => Just(None), 1 => (1u16..=6).prop_map(Some)],
    );
    seats.prop_flat_map(move |(players, decks)| {
        let options = (
            any::<bool>(),
            table.clone(),
            proptest::option::of(any::<bool>()),
            proptest::option::of(any::<bool>()),
            proptest::option::of(scoring(players)),
            proptest::option::of(0..players),
        );
        (options, limits.clone()).prop_map(
            move |((online, table, any_discard, strict, scoring, dealer), (turn_limit, round_limit))| {
                let preset = if online { RuleSet::Online } else { RuleSet::Box };
                let mut config = preset.config(players);
                config.decks = decks;
                config.deck = match table {
                    Table::Standard => standard_deck(),
                    Table::Matchy => matchy_deck(),
                    Table::Tiny(extra) => tiny_deck(players, decks, extra),
                    Table::Any(lines) => valid_table(lines, players, decks),
                };
                if let Some(any_discard) = any_discard {
                    config.action_trigger =
                        if any_discard { ActionTrigger::AnyDiscard } else { ActionTrigger::GridOnly };
                }
                if let Some(strict) = strict {
                    config.caller_penalty =
                        if strict { CallerPenalty::UnlessStrictlyLowest } else { CallerPenalty::OnlyIfBeaten };
                }
                if let Some(scoring) = scoring {
                    config.scoring = scoring;
                }
                config.first_dealer = dealer.map(duke_core::Seat);
                config.turn_limit = turn_limit.map(u32::from);
                config.round_limit = round_limit;
                config
            },
        )
    })
}

/// States reached by up to `max_steps` legal actions from a new game with a config from
/// [`configs`] and any seed.
///
/// ```
/// use archduke_rules::testing::reachable;
/// use duke_core::Game;
/// use proptest::prelude::*;
///
/// proptest!(duke_core::testing::proptest_config(16), |(reached in reachable(60))| {
///     // Every card is in one place: the state's own checks hold.
///     prop_assert!(reached.state.validate().is_ok());
/// });
/// ```
pub fn reachable(max_steps: usize) -> impl Strategy<Value = Reached<Archduke>> {
    duke_core::testing::strategies::reachable::<Archduke>(configs(), max_steps)
}

/// Whether `seat`'s card at `slot` fits the top of the discard pile (the bias looks at the
/// face, seen or not).
fn fits(state: &Archduke, seat: Seat, slot: Slot) -> bool {
    let card = state.grid(seat.0).and_then(|g| g.card(slot.0));
    match (card, state.discard.top()) {
        (Some(card), Some(top)) => state.rules.deck.matches(card, top),
        _ => false,
    }
}

/// Whether `seat`'s card at `slot` is an action card (replacing it makes it act).
fn acts(state: &Archduke, seat: Seat, slot: Slot) -> bool {
    state.grid(seat.0).and_then(|g| g.card(slot.0)).is_some_and(|c| state.rules.deck.role(c).power().is_some())
}

/// Whether the card in the drawer's hand is an action card.
fn holding_action(state: &Archduke) -> bool {
    matches!(state.phase, Phase::Holding { card } if state.rules.deck.role(card).power().is_some())
}

/// A mix for rules play meets: match tries that fit twenty times as likely as those that do
/// not, keeps and takes that replace an action card (which then acts) and discards of a
/// drawn action card favoured, draws favoured over takes, "Archduke!" now and then, action
/// cards used more often than passed.
pub fn bias_play(state: &Archduke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Match(slot) => {
            if fits(state, seat, slot) {
                40
            } else {
                2
            }
        }
        Action::Archduke => 6,
        Action::Draw => 16,
        Action::Take(slot) => 1 + 8 * u32::from(acts(state, seat, slot)),
        Action::Keep(slot) => 2 + 12 * u32::from(acts(state, seat, slot)),
        Action::Discard => 6 + 30 * u32::from(holding_action(state)),
        Action::Pass => 3,
        Action::Look(..) | Action::Peek(_) | Action::Swap(..) | Action::Give(_) | Action::End => 1,
    }
}

/// Match tries that fit are a hundred times as likely as those that do not, and calls are
/// rare: players match down to zero cards, and windows see long chains of matches.
pub fn bias_matches(state: &Archduke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Match(slot) => {
            if fits(state, seat, slot) {
                200
            } else {
                2
            }
        }
        Action::Archduke => 1,
        other => bias_play(state, seat, &other),
    }
}

/// "Archduke!" as soon as it may be called, so rounds end by a call: final turns, the
/// caller's immunity and penalty, and the end of the round by the caller's tap.
pub fn bias_calls(state: &Archduke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Archduke => 400,
        other => bias_play(state, seat, &other),
    }
}

/// Draws from the draw pile, discards and failed match tries (each costs a penalty card
/// from the draw pile) favoured: the draw pile runs out and is reshuffled, and with a small
/// deck both piles empty.
pub fn bias_draws(state: &Archduke, seat: Seat, action: &Action) -> u32 {
    match *action {
        Action::Draw => 60,
        Action::Take(_) => 1,
        Action::Discard => 20,
        Action::Match(slot) => {
            if fits(state, seat, slot) {
                4
            } else {
                10
            }
        }
        Action::Give(_) => 20,
        Action::Archduke => 1,
        other => bias_play(state, seat, &other),
    }
}
