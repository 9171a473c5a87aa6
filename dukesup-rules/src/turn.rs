//! A turn (rulebook, "Taking Your Turn"): draw, then play, rearrange, take and replace DUKES in
//! any order, then discard; and the two ways a round ends ("Ending the Game", "THE MOVE").
//!
//! # Granularity
//!
//! The table is a set of cards; "rearranging" is implicit, since any split into runs and sets
//! will do. A play is one card at a time, and is legal exactly when the turn can still end with
//! a valid table: some further cards the player may still bring to the table complete it (the
//! meld solver's completion question). So every legal overall turn is reachable one card at a
//! time, no play leads into a dead end, and a turn lists at most a few dozen actions.

use duke_core::{Card, CardSet, GameRng, Seat};

use crate::actions::{Action, Sink, Source};
use crate::config::Reshuffle;
use crate::meld::{AceRule, can_complete, can_split};

mod listing;
use crate::state::{CastleState, Phase, Player, Position, TurnFlags, colour_of, other};
pub(crate) use listing::play_actions;

/// What can still reach the table this turn, for the completion test.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Situation {
    table: CardSet,
    hand: CardSet,
    /// Own DUKES in untouched slots that may still be picked up and played.
    pickable: CardSet,
    opp_dukes: CardSet,
    /// The opponent's CASTLE if it is face up (in place) or already taken.
    opp_castle: Option<Card>,
    opp_castle_taken: bool,
    /// The own CASTLE if it may still be played in THE MOVE.
    own_castle: Option<Card>,
    /// The own CASTLE if it is on the table (THE MOVE under way).
    own_castle_played: Option<Card>,
}

/// Whether the DUKE actions are allowed: "not allowed on the first player's first turn".
pub(crate) fn may_touch_dukes(pos: &Position) -> bool {
    pos.turns > 0
}

impl Situation {
    pub(crate) fn of(pos: &Position) -> Situation {
        let me = pos.player(pos.current);
        let opp = pos.player(other(pos.current));
        let mut pickable = CardSet::EMPTY;
        if may_touch_dukes(pos) {
            for (slot, touched) in me.dukes.iter().zip(pos.turn.touched) {
                if let (Some(d), false) = (slot, touched) {
                    pickable.insert(*d);
                }
            }
        }
        let own_in_place = me.castle_in_place().filter(|_| !pos.turn.castle_returned);
        Situation {
            table: pos.table,
            hand: me.hand,
            pickable,
            opp_dukes: opp.duke_set(),
            opp_castle: if opp.castle_state == CastleState::FaceDown { None } else { opp.castle },
            opp_castle_taken: opp.castle_state == CastleState::OnTable,
            own_castle: own_in_place,
            own_castle_played: if me.castle_state == CastleState::OnTable { me.castle } else { None },
        }
    }

    /// The same situation with another hand (determinization tries hands the observer cannot
    /// rule out).
    pub(crate) fn with_hand(mut self, hand: CardSet) -> Situation {
        self.hand = hand;
        self
    }

    /// Every card the player could still bring to the table this turn (hand, DUKES he may
    /// pick up, the opponent's DUKES and face-up CASTLE, his CASTLE for THE MOVE).
    pub(crate) fn reach(&self) -> CardSet {
        let castles: CardSet = self.opp_castle.into_iter().chain(self.own_castle).collect();
        self.hand.union(self.pickable).union(self.opp_dukes).union(castles)
    }

    /// The same situation without the own CASTLE for THE MOVE.
    pub(crate) fn without_own_castle(mut self) -> Situation {
        self.own_castle = None;
        self
    }

    /// The opponent's CASTLE (and every DUKE guarding it) can end on the table.
    fn take_possible(&self, ace: AceRule) -> bool {
        let Some(oc) = self.opp_castle else { return false };
        let mut must = self.table.union(self.opp_dukes);
        must.insert(oc);
        let mut may = self.hand.union(self.pickable);
        if let Some(mc) = self.own_castle {
            may.insert(mc);
        }
        can_complete(must, may, ace)
    }

    /// The turn can end with a discard, leaving both CASTLES where they are.
    fn plain_possible(&self, ace: AceRule) -> bool {
        if self.opp_castle_taken || self.own_castle_played.is_some() {
            return false;
        }
        can_complete(self.table, self.hand.union(self.pickable).union(self.opp_dukes), ace)
    }

    /// The state after putting the CASTLE back.
    fn returned(&self) -> Situation {
        let mut s = *self;
        if let Some(mc) = self.own_castle_played {
            s.table.remove(mc);
        }
        s.own_castle_played = None;
        s.own_castle = None;
        s
    }

    /// Whether some sequence of legal actions still ends the turn.
    pub(crate) fn completable(&self, ace: AceRule) -> bool {
        if self.own_castle_played.is_some() {
            self.take_possible(ace) || self.returned().completable(ace)
        } else {
            // The plain path first: it is the one that usually holds (both are pure tests).
            self.plain_possible(ace) || self.take_possible(ace)
        }
    }
}

/// Whether this turn must end the round instead of discarding.
fn round_ends(pos: &Position) -> bool {
    pos.turn.last_turn || pos.player(other(pos.current)).castle_state == CastleState::OnTable
}

/// The reason an action is refused in the play step, or `Ok`.
pub(crate) fn check_play(pos: &Position, action: Action) -> Result<(), &'static str> {
    let ace = pos.config.ace;
    let me = pos.player(pos.current);
    let opp = pos.player(other(pos.current));
    let sit = Situation::of(pos);
    let fits = |s: Situation| if s.completable(ace) { Ok(()) } else { Err("the table could not be made valid") };
    let duke_slot =
        |d: Card| me.dukes.iter().zip(pos.turn.touched).position(|(slot, touched)| *slot == Some(d) && !touched);
    match action {
        Action::Play(c) => {
            let mut s = sit;
            s.table.insert(c);
            if me.hand.contains(c) {
                s.hand.remove(c);
            } else if opp.duke_set().contains(c) {
                s.opp_dukes.remove(c);
            } else if opp.castle_face_up() == Some(c) {
                s.opp_castle_taken = true;
            } else {
                return Err("only hand cards, the opponent's DUKES and his face-up CASTLE can be played");
            }
            fits(s)
        }
        Action::PickUp(d) => {
            if !may_touch_dukes(pos) {
                return Err("no DUKE changes on the first player's first turn");
            }
            duke_slot(d).map(|_| ()).ok_or("not an own DUKE that may still be picked up this turn")
        }
        Action::Swap { duke, with } => {
            if !may_touch_dukes(pos) {
                return Err("no DUKE changes on the first player's first turn");
            }
            duke_slot(duke).ok_or("not an own DUKE that may still be exchanged this turn")?;
            if !me.hand.contains(with) {
                return Err("the replacement must come from the hand");
            }
            let mut s = sit;
            s.hand.remove(with);
            s.hand.insert(duke);
            s.pickable.remove(duke);
            fits(s)
        }
        Action::Refill(h) => {
            if !may_touch_dukes(pos) {
                return Err("no DUKE changes on the first player's first turn");
            }
            if me.castle_state != CastleState::FaceUp || me.dukes.iter().any(Option::is_some) {
                return Err("a DUKE slot is refilled only with the CASTLE face up and no DUKES left");
            }
            if pos.turn.refilled || pos.turn.touched.iter().all(|&t| t) {
                return Err("only one DUKE may be replaced per turn");
            }
            if !me.hand.contains(h) {
                return Err("the new DUKE must come from the hand");
            }
            let mut s = sit;
            s.hand.remove(h);
            fits(s)
        }
        Action::Move => {
            let Some(mc) = sit.own_castle else { return Err("the CASTLE is not available for THE MOVE") };
            if sit.opp_castle.is_none() {
                return Err("THE MOVE takes the opponent's CASTLE, which must be face up");
            }
            let mut s = sit;
            s.table.insert(mc);
            s.own_castle = None;
            s.own_castle_played = Some(mc);
            fits(s)
        }
        Action::Return => {
            if sit.own_castle_played.is_none() {
                return Err("the CASTLE is not on the table");
            }
            if sit.take_possible(ace) {
                return Err("the CASTLE goes back only when the round cannot be ended");
            }
            Ok(())
        }
        Action::End => {
            if !round_ends(pos) {
                return Err("the round ends only with the opponent's CASTLE taken or both piles empty");
            }
            if !can_split(pos.table, ace) {
                return Err("every card on the table must be in a valid run or set");
            }
            if sit.opp_castle_taken && !sit.opp_dukes.is_empty() {
                return Err("every DUKE guarding the CASTLE must be taken in the same turn");
            }
            if sit.own_castle_played.is_some() && !sit.opp_castle_taken {
                return Err("after THE MOVE the round must end by taking the opponent's CASTLE");
            }
            Ok(())
        }
        Action::Discard(_) | Action::DiscardTwo(..) | Action::Bury | Action::DiscardTable(_) => {
            if round_ends(pos) {
                return Err("this turn ends the round: no discard");
            }
            if sit.own_castle_played.is_some() {
                return Err("the CASTLE is on the table: end the round or put it back");
            }
            if !can_split(pos.table, ace) {
                return Err("every card on the table must be in a valid run or set before discarding");
            }
            match action {
                Action::Discard(c) if me.hand.contains(c) => Ok(()),
                Action::DiscardTwo(a, b) if a != b && me.hand.contains(a) && me.hand.contains(b) => {
                    if pos.turn.acted {
                        Err("two cards may be discarded only after nothing but drawing")
                    } else {
                        Ok(())
                    }
                }
                Action::Bury if me.draw.len() + me.discards.pile.len() > 0 => Ok(()),
                Action::DiscardTable(c) => {
                    let mine = CardSet::colour(colour_of(pos.current));
                    if !mine.contains(c) || !pos.table.contains(c) {
                        return Err("only an own card on the table can be discarded from it");
                    }
                    let mut rest = pos.table;
                    rest.remove(c);
                    if can_split(rest, ace) { Ok(()) } else { Err("the table would not stay valid without it") }
                }
                _ => Err("that card cannot be discarded"),
            }
        }
        Action::Choose { .. } | Action::Draw { .. } => Err("not an action of the play step"),
    }
}

/// Applies a play-step action already checked by `check_play`.
pub(crate) fn apply_play(pos: &mut Position, action: Action) {
    let seat = pos.current;
    match action {
        Action::Play(c) => {
            pos.table.insert(c);
            let opp = pos.player_mut(other(seat));
            if let Some(slot) = opp.dukes.iter_mut().find(|d| **d == Some(c)) {
                *slot = None;
            } else if opp.castle == Some(c) {
                opp.castle_state = CastleState::OnTable;
            } else {
                let me = pos.player_mut(seat);
                me.hand.remove(c);
                me.hand_public.remove(c);
            }
            pos.turn.acted = true;
        }
        Action::PickUp(d) => {
            exchange(pos, d, None);
        }
        Action::Swap { duke, with } => {
            exchange(pos, duke, Some(with));
        }
        Action::Refill(h) => {
            let slot = pos.turn.touched.iter().position(|&t| !t).unwrap_or(0);
            let me = pos.player_mut(seat);
            me.hand.remove(h);
            me.hand_public.remove(h);
            if let Some(s) = me.dukes.get_mut(slot) {
                *s = Some(h);
            }
            if let Some(t) = pos.turn.touched.get_mut(slot) {
                *t = true;
            }
            pos.turn.refilled = true;
            pos.turn.acted = true;
        }
        Action::Move => {
            let me = pos.player_mut(seat);
            me.castle_state = CastleState::OnTable;
            if let Some(c) = me.castle {
                pos.table.insert(c);
            }
            pos.turn.acted = true;
        }
        Action::Return => {
            let me = pos.player_mut(seat);
            me.castle_state = CastleState::FaceUp;
            if let Some(c) = me.castle {
                pos.table.remove(c);
            }
            pos.turn.castle_returned = true;
            pos.turn.acted = true;
        }
        Action::End => crate::scoring::end_round(pos),
        Action::Discard(c) => {
            discard_from_hand(pos.player_mut(seat), &[c]);
            end_turn(pos);
        }
        Action::DiscardTwo(a, b) => {
            discard_from_hand(pos.player_mut(seat), &[a, b]);
            end_turn(pos);
        }
        Action::Bury => {
            let mut rng = pos.rng;
            let at_once = pos.config.reshuffle == Reshuffle::AtOnce;
            let me = pos.player_mut(seat);
            if let Some(c) = draw_one(me, &mut rng) {
                me.discards.push_bottom_unseen(c);
            }
            if at_once && me.draw.is_empty() && !me.discards.pile.is_empty() {
                reshuffle(me, &mut rng);
            }
            pos.rng = rng;
            end_turn(pos);
        }
        Action::DiscardTable(c) => {
            pos.table.remove(c);
            pos.player_mut(seat).discards.push(c, true, true);
            end_turn(pos);
        }
        Action::Choose { .. } | Action::Draw { .. } => {}
    }
}

/// Moves the own DUKE `duke` to the hand, and `with` (if any) from the hand into its slot.
fn exchange(pos: &mut Position, duke: Card, with: Option<Card>) {
    let seat = pos.current;
    let me = pos.player_mut(seat);
    let Some(slot) = me.dukes.iter().position(|d| *d == Some(duke)) else { return };
    if let Some(s) = me.dukes.get_mut(slot) {
        *s = with;
    }
    me.hand.insert(duke);
    me.hand_public.insert(duke);
    if let Some(w) = with {
        me.hand.remove(w);
        me.hand_public.remove(w);
    }
    if let Some(t) = pos.turn.touched.get_mut(slot) {
        *t = true;
    }
    pos.turn.acted = true;
}

/// Whether the others can name the cards `gone` discarded face down from `me`'s hand: the
/// hand held exactly those cards and they knew them all.
pub(crate) fn discard_seen(me: &Player, gone: CardSet) -> bool {
    me.hand == gone && gone.is_subset(me.hand_public)
}

/// Discards face down. The opponent learns which cards only if they cannot be any others
/// ([`discard_seen`]), and even then not the order of two ("Discarding": face down), so two
/// such cards are kept as a pair. Otherwise he no longer knows which of the cards he knew
/// are still in the hand.
fn discard_from_hand(me: &mut Player, cards: &[Card]) {
    let gone: CardSet = cards.iter().copied().collect();
    let seen = discard_seen(me, gone);
    for &c in cards {
        me.hand.remove(c);
        me.discards.push(c, true, seen);
    }
    if seen && cards.len() == 2 {
        me.discards.pair_top();
    }
    me.hand_public = if seen { me.hand_public.difference(gone) } else { CardSet::EMPTY };
}

/// Draws the top of the draw pile, first shuffling the discard pile into a new draw pile
/// when it is empty ("If your draw pile is empty, shuffle your discard pile").
pub(crate) fn draw_one(me: &mut Player, rng: &mut GameRng) -> Option<Card> {
    if me.draw.is_empty() {
        reshuffle(me, rng);
    }
    me.draw.pop()
}

/// Shuffles the discard pile into a new draw pile (under the empty draw pile).
fn reshuffle(me: &mut Player, rng: &mut GameRng) {
    for &c in me.discards.pile.as_slice() {
        me.draw.push(c);
    }
    me.discards.clear();
    rng.shuffle(me.draw.as_mut_slice());
}

/// Whether drawing `count` cards from `source` is allowed (rulebook, "Drawing"): up to 2
/// cards, never above 4 in hand, all from one pile; `draw 0` is written for the draw pile.
pub(crate) fn draw_allowed(pos: &Position, source: Source, count: u8) -> bool {
    let me = pos.player(pos.current);
    let count = usize::from(count);
    let room = 4usize.saturating_sub(me.hand.len()).min(2);
    match source {
        Source::DrawPile => count <= room && count <= me.draw.len() + me.discards.pile.len(),
        Source::Discards => count >= 1 && count <= room && count <= me.discards.pile.len(),
    }
}

/// The draw actions: those [`draw_allowed`] allows, draw pile first, fewest cards first.
pub(crate) fn draw_candidates<S: Sink>(pos: &Position, out: &mut S) {
    let me = pos.player(pos.current);
    let room = 4usize.saturating_sub(me.hand.len()).min(2);
    let discards = me.discards.pile.len();
    let from_pile = room.min(me.draw.len() + discards);
    out.extend((0..=from_pile as u8).map(|count| Action::Draw { source: Source::DrawPile, count }));
    out.extend((1..=room.min(discards) as u8).map(|count| Action::Draw { source: Source::Discards, count }));
}

/// Applies a listed draw, then opens the play step.
pub(crate) fn apply_draw(pos: &mut Position, source: Source, count: u8) {
    let seat = pos.current;
    let at_once = pos.config.reshuffle == Reshuffle::AtOnce;
    let mut rng = pos.rng;
    let me = pos.player_mut(seat);
    for drawn in 0..count {
        match source {
            Source::DrawPile => {
                if let Some(c) = draw_one(me, &mut rng) {
                    me.hand.insert(c);
                }
            }
            Source::Discards => {
                if let Some((c, public)) = me.discards.pop(count - drawn) {
                    me.hand.insert(c);
                    if public {
                        me.hand_public.insert(c);
                    }
                }
            }
        }
    }
    if at_once && me.draw.is_empty() && !me.discards.pile.is_empty() {
        reshuffle(me, &mut rng);
    }
    pos.turn.last_turn = me.draw.is_empty() && me.discards.pile.is_empty();
    pos.rng = rng;
    pos.phase = Phase::Play;
}

/// Passes the turn, or ends the round at the turn limit. A CASTLE whose DUKES are all gone
/// flips up "at the start of their next turn".
pub(crate) fn end_turn(pos: &mut Position) {
    pos.turns = pos.turns.saturating_add(1);
    if pos.config.turn_limit.is_some_and(|limit| pos.turns >= limit) {
        crate::scoring::end_round(pos);
        return;
    }
    pos.current = other(pos.current);
    pos.turn = TurnFlags::default();
    pos.phase = Phase::Draw;
    start_turn(pos, pos.current);
}

/// The start of `seat`'s turn.
pub(crate) fn start_turn(pos: &mut Position, seat: Seat) {
    let me = pos.player_mut(seat);
    if me.dukes.iter().all(Option::is_none) && me.castle_state == CastleState::FaceDown {
        me.castle_state = CastleState::FaceUp;
    }
}
