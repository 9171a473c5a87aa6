//! Why an action is refused, in more words than [`ActionError`] has (issue #26 item 6): what
//! `play` adds after the engine's refusal. Off the hot path: it is asked only after
//! [`DukesUp::check`] refused an action.

use duke_core::{CardSet, Seat};

use crate::actions::{Action, ActionError, Source};
use crate::game::DukesUp;
use crate::meld::can_complete;
use crate::state::{Phase, colour_of};
use crate::turn::Situation;

impl DukesUp {
    /// Why `seat` may not play `action` now, where the engine can tell more than
    /// [`check`](DukesUp::check)'s error says, or `None` (the action is legal, or the error
    /// says all there is). Meant to follow that error: "`draw 2` is not possible in this
    /// step of the turn" is followed by "you have drawn this turn: ...", and "`play 7H` is not
    /// allowed: the table could not be made valid" by whether 7H fits no run or set at all or
    /// would leave other cards out of every arrangement.
    ///
    /// It reads only what `seat` may know (its own cards and what is on view), so it may be
    /// asked of a determinization from `seat`'s point of view.
    ///
    /// ```
    /// use duke_core::{Game, Seat};
    /// use dukesup_rules::{Config, DukesUp};
    ///
    /// let game = DukesUp::new(&Config::default(), 7).unwrap();
    /// // Both players still choose their CASTLE and DUKES.
    /// let why = game.why_illegal(Seat(0), "draw 2".parse().unwrap());
    /// assert_eq!(why, Some(dukesup_rules::explain::CHOOSE_FIRST));
    /// ```
    pub fn why_illegal(&self, seat: Seat, action: Action) -> Option<&'static str> {
        let pos = &self.0;
        match self.check(seat, action) {
            Ok(()) | Err(ActionError::GameOver) => None,
            Err(ActionError::NotYourTurn(_)) => Some(match pos.phase {
                Phase::Choosing => WAIT_FOR_CHOICE,
                _ => NOT_YOUR_TURN,
            }),
            Err(ActionError::WrongStep(_)) => Some(match (pos.phase, action) {
                (Phase::Choosing, _) => CHOOSE_FIRST,
                (Phase::Draw, _) => DRAW_FIRST,
                (_, Action::Draw { .. }) => ALREADY_DREW,
                _ => CHOSEN_AT_THE_START,
            }),
            Err(ActionError::Illegal { .. }) => match action {
                Action::Draw { source, count } => Some(draw_reason(self, source, count)),
                Action::Play(card) => play_reason(self, card),
                Action::PickUp(duke) | Action::Swap { duke, .. } => {
                    let me = pos.player(pos.current);
                    (!me.dukes.contains(&Some(duke))).then_some(NOT_YOUR_DUKE)
                }
                Action::Discard(card) | Action::DiscardTwo(card, _) | Action::DiscardTwo(_, card)
                    if !pos.player(pos.current).hand.contains(card) =>
                {
                    Some(NOT_IN_HAND)
                }
                _ => None,
            },
        }
    }
}

/// Said when a seat that has chosen tries to act while the other still chooses.
pub const WAIT_FOR_CHOICE: &str = "you have chosen your CASTLE and DUKES: the other player is still choosing";
/// Said when the other player is to act.
pub const NOT_YOUR_TURN: &str = "it is the other player's turn";
/// Said for any other action while the CASTLE and DUKES are chosen (Setup 4).
pub const CHOOSE_FIRST: &str = "first each player chooses a CASTLE and two DUKES from the four cards drawn \
     (castle QS dukes 3C 7S): the fourth card stays in hand";
/// Said for a play-step action in the draw step ("You begin your turn by drawing").
pub const DRAW_FIRST: &str = "a turn begins with a draw: draw 0, 1 or 2 cards from your draw pile, \
     or draw 1 or 2 discards from your discard pile";
/// Said for a second draw ("Drawing": one draw a turn, from one pile).
pub const ALREADY_DREW: &str = "you have drawn this turn: play cards to the table if you like, then discard \
     (or end the round)";
/// Said for a choice of CASTLE and DUKES during a turn.
pub const CHOSEN_AT_THE_START: &str = "the CASTLE and DUKES are chosen only at the start of a round";
/// "your hand does not exceed 4 cards".
pub const HAND_LIMIT: &str = "a draw never takes your hand above 4 cards";
/// A draw from the discard pile takes at least one card.
pub const DRAW_NOTHING: &str = "to draw nothing, write draw 0 (without discards)";
/// More cards than the discard pile holds.
pub const DISCARDS_SHORT: &str = "your discard pile holds fewer cards than that";
/// More cards than both piles hold.
pub const PILES_SHORT: &str = "your draw and discard piles hold fewer cards than that";
/// A card that is not the player's to play now.
pub const NOT_PLAYABLE: &str = "it is neither in your hand, nor one of the opponent's DUKES, nor his face-up \
     CASTLE (his CASTLE can be taken once it is face up, when his DUKES are gone)";
/// A card already on the table.
pub const ON_THE_TABLE: &str = "it is already on the table (the table may be rearranged freely)";
/// An own DUKE played from its place.
pub const OWN_DUKE: &str = "your own DUKES stay in place: pick one up first (pickup), then play it from your hand";
/// An own CASTLE played as a card.
pub const OWN_CASTLE: &str = "your own CASTLE goes to the table only in THE MOVE (move)";
/// A card no run or set can hold with what is in reach ("Runs and Sets").
pub const FITS_NO_MELD: &str = "it fits in no run or set: a set needs 3 or 4 cards of its rank, a run 3 or more \
     consecutive cards of its suit group (THORNS: spades and diamonds; FLOWERS: clubs and hearts), and the \
     cards it needs are neither on the table nor in your reach";
/// A card that could be in a run or set, but not with every other card on the table.
pub const LEAVES_CARDS_OUT: &str = "it could be in a run or set, but then not every card on the table could \
     be in a valid run or set with the cards you can still bring";
/// A DUKE action naming a card that is not one of the player's DUKES.
pub const NOT_YOUR_DUKE: &str = "that card is not one of your DUKES";
/// A discard of a card the player does not hold.
pub const NOT_IN_HAND: &str = "that card is not in your hand";

/// Why this draw is refused ("Drawing": "up to 2 cards, ensuring that your hand does not
/// exceed 4 cards ... from your draw pile or your discard pile").
fn draw_reason(game: &DukesUp, source: Source, count: u8) -> &'static str {
    let me = game.0.player(game.0.current);
    let count = usize::from(count);
    if source == Source::Discards && count == 0 {
        DRAW_NOTHING
    } else if me.hand.len() + count > 4 {
        HAND_LIMIT
    } else if source == Source::Discards {
        DISCARDS_SHORT
    } else {
        PILES_SHORT
    }
}

/// Why `card` may not go to the table now.
fn play_reason(game: &DukesUp, card: duke_core::Card) -> Option<&'static str> {
    let pos = &game.0;
    // Only the player's own cards and what is on view are read: the opponent's face-down
    // CASTLE and hand may be a determinization's guess.
    let me = pos.player(pos.current);
    let mine = CardSet::colour(colour_of(pos.current)).contains(card);
    if pos.table.contains(card) {
        return Some(ON_THE_TABLE);
    }
    if mine && me.dukes.contains(&Some(card)) {
        return Some(OWN_DUKE);
    }
    if mine && me.castle == Some(card) {
        return Some(OWN_CASTLE);
    }
    let sit = Situation::of(pos);
    let reach = sit.reach();
    if !reach.contains(card) {
        return Some(NOT_PLAYABLE);
    }
    // Could the card be in any run or set with what is on the table or in reach?
    let mut alone = CardSet::EMPTY;
    alone.insert(card);
    if can_complete(alone, pos.table.union(reach), pos.config.ace) {
        Some(LEAVES_CARDS_OUT)
    } else {
        Some(FITS_NO_MELD)
    }
}
