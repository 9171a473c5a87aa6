//! Proptest strategies for fuzzing the rules of Dukes Up! with your own invariants
//! (feature `testing`).
//!
//! - [`configs`]: every option of [`Config`]: the rulebook and bounded presets, then any
//!   first player, Ace rule, number of rounds (1 to 99, mostly short games), multi-round
//!   scoring, reshuffle timing and turn limit (none, as in the rulebook; a tiny one of 1 to
//!   4 turns; 5 to 300 turns).
//! - [`reachable`]: states reached by legal play from a new game with such a config, with
//!   the record that reaches them (shrinks to a short game).
//! - Biases for [`check_steps`](duke_core::testing::invariants::check_steps): uniform play
//!   rarely melds, so it seldom takes DUKES, flips a CASTLE, makes THE MOVE, discards two
//!   cards, runs a draw pile out or empties both piles; each `bias_*` function weights the
//!   legal actions towards one of those situations.
//!
//! ```
//! use duke_core::testing::invariants::check_steps;
//! use duke_core::testing::Settings;
//! use dukesup_rules::testing::{bias_castles, configs};
//! use dukesup_rules::{Action, CastleView, DukesUp};
//! use duke_core::{Game, Observer};
//!
//! // A house rule: THE MOVE always leaves the mover's CASTLE face up on the table.
//! let settings = Settings { cases: 8, max_game_actions: 400, ..Settings::default() };
//! let coverage = check_steps::<DukesUp>(configs(), &settings, Some(bias_castles), |step| {
//!     if step.action == Action::Move {
//!         step.reached();
//!         let castle = step.after.view(Observer::Spectator).players[step.seat.index()].castle;
//!         if !matches!(castle, CastleView::OnTable(_)) {
//!             return Err(format!("after THE MOVE the CASTLE is {castle:?}"));
//!         }
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! println!("{} MOVES checked in {} steps", coverage.reached, coverage.steps);
//! ```

use duke_core::Seat;
/// A reached state with its record (from duke-core), as [`reachable`] yields it.
pub use duke_core::testing::strategies::Reached;
use proptest::prelude::*;

use crate::actions::{Action, Source};
use crate::config::{Config, MultiRound, Reshuffle};
use crate::game::DukesUp;
use crate::meld::AceRule;
use crate::state::colour_of;

/// Every config: the rulebook game and the bounded one (one in eight each), otherwise any
/// first player (seat 0, seat 1, or drawn with the game generator), Ace rule, multi-round scoring and reshuffle timing; 1 round (half of
/// them), 2 or 3, or up to 99; no turn limit (two in five), 1 to 4 turns (one in five:
/// rounds cut short, the limit's edge), or 5 to 300 turns.
pub fn configs() -> impl Strategy<Value = Config> {
    let ace = prop_oneof![Just(AceRule::Low), Just(AceRule::High), Just(AceRule::LowOrHigh), Just(AceRule::Around)];
    let rounds = prop_oneof![4 => Just(1u8), 3 => 2u8..=3, 1 => 4u8..=99];
    let multi_round = prop_oneof![Just(MultiRound::AddScores), Just(MultiRound::CountWins)];
    let limit = prop_oneof![
        2 => Just(None),
        1 => (1u32..=4).prop_map(Some),
        2 => (5u32..=300).prop_map(Some),
    ];
    let reshuffle = prop_oneof![Just(Reshuffle::WhenNeeded), Just(Reshuffle::AtOnce)];
    let first = prop_oneof![Just(Some(Seat(0))), Just(Some(Seat(1))), Just(None)];
    let any_config = (first, ace, rounds, multi_round, limit, reshuffle).prop_map(
        |(first, ace, rounds, multi_round, turn_limit, reshuffle)| Config {
            first_player: first,
            ace,
            rounds,
            multi_round,
            turn_limit,
            reshuffle,
        },
    );
    let rulebook = <Config as duke_core::GameConfig>::rulebook(None).unwrap_or_default();
    let bounded = <Config as duke_core::GameConfig>::bounded(None).unwrap_or_default();
    prop_oneof![1 => Just(rulebook), 1 => Just(bounded), 6 => any_config]
}

/// States reached by up to `max_steps` legal actions from a new game with a config from
/// [`configs`] and any seed.
///
/// ```
/// use duke_core::Game;
/// use dukesup_rules::testing::reachable;
/// use proptest::prelude::*;
///
/// proptest!(duke_core::testing::proptest_config(16), |(reached in reachable(60))| {
///     // Every position reached by legal play is one a saved game can hold.
///     prop_assert!(reached.state.validate().is_ok());
/// });
/// ```
pub fn reachable(max_steps: usize) -> impl Strategy<Value = Reached<DukesUp>> {
    duke_core::testing::strategies::reachable::<DukesUp>(configs(), max_steps)
}

/// Whether `action` of `seat` plays one of the opponent's cards (a DUKE or his CASTLE).
fn takes(seat: Seat, action: &Action) -> bool {
    matches!(action, Action::Play(c) if c.colour() != colour_of(seat))
}

/// Cards to the table: plays twelve times as likely as other actions, two-card draws three
/// times, ending the round fifty times (uniform play mostly draws and discards, so tables
/// stay small).
pub fn bias_plays(_state: &DukesUp, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Play(_) => 12,
        Action::Move => 4,
        Action::End => 50,
        Action::Draw { count: 2, .. } => 3,
        _ => 1,
    }
}

/// Towards the CASTLES: taking the opponent's DUKES and CASTLE sixty times as likely as
/// other actions, THE MOVE eighty times, ending the round a hundred, own plays ten and
/// picking up own DUKES four, so CASTLES flip up, fall, and THE MOVE is tried (and
/// sometimes fails).
pub fn bias_castles(_state: &DukesUp, seat: Seat, action: &Action) -> u32 {
    match action {
        a if takes(seat, a) => 60,
        Action::Move => 80,
        Action::End => 100,
        Action::Play(_) => 10,
        Action::PickUp(_) => 4,
        Action::Draw { count: 2, .. } => 3,
        _ => 1,
    }
}

/// Towards the DUKE actions: picking up twenty-five times as likely as other actions,
/// refilling forty, exchanging eight, taking the opponent's cards twenty, own plays five:
/// slots empty, CASTLES flip up and single DUKES are refilled.
pub fn bias_duke_changes(_state: &DukesUp, seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Refill(_) => 40,
        Action::PickUp(_) => 25,
        a if takes(seat, a) => 20,
        Action::Swap { .. } => 8,
        Action::Play(_) => 5,
        Action::End => 50,
        _ => 1,
    }
}

/// Towards the rarer discards: two-card discards forty times as likely as other actions,
/// table discards twenty, drawing back from the discard pile fifteen, burying ten and own
/// plays five (a hand of two cards everyone knows comes from table discards drawn back).
pub fn bias_discards(_state: &DukesUp, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::DiscardTwo(..) => 40,
        Action::DiscardTable(_) => 20,
        Action::Draw { source: Source::Discards, .. } => 15,
        Action::Bury => 10,
        Action::Play(_) => 5,
        Action::End => 50,
        _ => 1,
    }
}

/// Towards reshuffles: two-card draws from the draw pile ten times as likely as other
/// actions and burying twenty-five, so draw piles run out and discard piles are shuffled
/// into new ones.
pub fn bias_reshuffles(_state: &DukesUp, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Bury => 25,
        Action::Draw { source: Source::DrawPile, count: 2 } => 10,
        Action::End => 50,
        _ => 1,
    }
}

/// Towards empty piles: own plays thirty times as likely as other actions and two-card
/// draws from the draw pile twenty, so hands empty onto the table and every turn takes two
/// cards out of the piles; never what brings cards back or keeps the hand full (two-card,
/// table and buried discards, DUKE changes, drawing fewer cards) nor what ends the round
/// first (taking the opponent's cards, THE MOVE).
pub fn bias_empty_piles(_state: &DukesUp, seat: Seat, action: &Action) -> u32 {
    match action {
        a if takes(seat, a) => 0,
        Action::End => 100,
        Action::Play(_) => 30,
        Action::Draw { source: Source::DrawPile, count: 2 } => 20,
        Action::Draw { count: 2, .. } => 5,
        Action::Discard(_) => 1,
        _ => 0,
    }
}
