//! What the rules allow, action by action, for the choice of CASTLE and DUKES ("Setup" 4),
//! the draw ("Drawing") and the play step ("Playing Cards" to "THE MOVE"), decided with the
//! brute-force runs-and-sets oracle of `melds.rs` and the readings of RULES.md: a card goes
//! to the table exactly when the turn can still end with every card in valid runs and sets
//! (by a discard, or by taking the opponent's CASTLE with every DUKE guarding it); DUKE
//! changes are not allowed on the round's first turn (reading 3); a refill needs a face-up
//! CASTLE and no DUKES, once a turn (reading 2); THE MOVE needs the opponent's CASTLE face
//! up or taken, and its CASTLE goes back only when the round can no longer end (reading 5).

use duke_core::{Card, CardSet, Seat};
use dukesup_rules::{AceRule, Action, CastleState, Phase, Setup, Source};

use crate::melds::{completes, splits};
use crate::oracle::{TurnSoFar, castle_in_place, draw_pile, hand, other, owner, player, table};

/// The 12 choices from four cards: one CASTLE, then two DUKES written lower card first.
pub fn choices(cards: CardSet) -> Vec<Action> {
    let cards: Vec<Card> = cards.iter().collect();
    let mut out = Vec::new();
    for &castle in &cards {
        for &a in &cards {
            for &b in &cards {
                if castle != a && castle != b && a < b {
                    out.push(Action::Choose { castle, dukes: [a, b] });
                }
            }
        }
    }
    out
}

/// Every draw action the notation can write (counts 0 to 3, both piles).
pub fn draw_universe() -> Vec<Action> {
    [Source::DrawPile, Source::Discards]
        .into_iter()
        .flat_map(|source| (0..=3).map(move |count| Action::Draw { source, count }))
        .collect()
}

/// "You can draw up to 2 cards, ensuring that your hand does not exceed 4 cards ... from
/// your draw pile or your discard pile, but not both": drawing none is written `draw 0`; an
/// empty draw pile is refilled from the discard pile, so both piles feed a draw from it.
pub fn draw_allowed(s: &Setup, action: Action) -> bool {
    let p = player(s, s.current.unwrap_or(Seat(0)));
    let Action::Draw { source, count } = action else { return false };
    let count = usize::from(count);
    let room = 4usize.saturating_sub(p.hand.len()).min(2);
    match source {
        Source::DrawPile => count <= room && count <= draw_pile(p).len() + p.discards.len(),
        Source::Discards => (1..=room).contains(&count) && count <= p.discards.len(),
    }
}

/// What can still reach the table this turn.
#[derive(Clone, Copy, Debug)]
pub struct Sit {
    ace: AceRule,
    table: CardSet,
    hand: CardSet,
    /// Own DUKES in slots not yet changed this turn, which may be picked up and played.
    pickable: CardSet,
    opp_dukes: CardSet,
    /// The opponent's CASTLE when face up or already on the table.
    opp_castle: Option<Card>,
    opp_taken: bool,
    /// The own CASTLE while THE MOVE may still play it.
    own_castle: Option<Card>,
    /// The own CASTLE while it is on the table (THE MOVE under way).
    own_played: Option<Card>,
}

impl Sit {
    pub fn of(s: &Setup, turn: &TurnSoFar) -> Sit {
        let me = player(s, s.current.unwrap_or(Seat(0)));
        let opp = player(s, other(s.current.unwrap_or(Seat(0))));
        let pickable = if s.turns > 0 {
            (0..2).filter(|&i| !turn.touched[i]).filter_map(|i| me.dukes[i]).collect()
        } else {
            CardSet::EMPTY
        };
        Sit {
            ace: s.config.ace,
            table: table(s),
            hand: hand(me),
            pickable,
            opp_dukes: crate::oracle::dukes(opp),
            opp_castle: if opp.castle_state == CastleState::FaceDown { None } else { opp.castle },
            opp_taken: opp.castle_state == CastleState::OnTable,
            own_castle: castle_in_place(me).filter(|_| !turn.returned),
            own_played: if me.castle_state == CastleState::OnTable { me.castle } else { None },
        }
    }

    /// The opponent's CASTLE and every DUKE guarding it can end on the table with valid
    /// runs and sets ("any DUKE guarding it must also be taken within the same turn").
    pub fn take(&self) -> bool {
        let Some(castle) = self.opp_castle else { return false };
        let mut must = self.table.union(self.opp_dukes);
        must.insert(castle);
        let mut may = self.hand.union(self.pickable);
        if let Some(c) = self.own_castle {
            may.insert(c);
        }
        completes(must, may, self.ace)
    }

    /// The turn can end with a discard: both CASTLES where they are, the table valid.
    pub fn plain(&self) -> bool {
        !self.opp_taken
            && self.own_played.is_none()
            && completes(self.table, self.hand.union(self.pickable).union(self.opp_dukes), self.ace)
    }

    /// Some sequence of legal actions still ends the turn (after THE MOVE: take the CASTLE
    /// with it, or put it back, which is allowed once the round cannot be ended with it, and
    /// end the turn without it).
    pub fn can_end(&self) -> bool {
        match self.own_played {
            Some(c) => {
                let mut back = *self;
                back.table.remove(c);
                back.own_played = None;
                back.own_castle = None;
                self.take() || back.can_end()
            }
            None => self.take() || self.plain(),
        }
    }
}

/// Whether this turn must end the round instead of discarding: the opponent's CASTLE is
/// taken, or both own piles are empty (reading 19).
pub fn round_ends(s: &Setup) -> bool {
    let me = player(s, s.current.unwrap_or(Seat(0)));
    let opp = player(s, other(s.current.unwrap_or(Seat(0))));
    opp.castle_state == CastleState::OnTable || (draw_pile(me).is_empty() && me.discards.is_empty())
}

/// Whether a discard may end the turn now: the round goes on, no CASTLE of the player's on
/// the table, and every card in play in valid runs and sets.
pub fn discards_open(s: &Setup) -> bool {
    let me = player(s, s.current.unwrap_or(Seat(0)));
    !round_ends(s) && me.castle_state != CastleState::OnTable && splits(table(s), s.config.ace)
}

/// Whether the rules allow the player to move `action` in the play step of `s`.
pub fn play_allowed(s: &Setup, turn: &TurnSoFar, action: Action) -> bool {
    if s.phase != Phase::Play {
        return false;
    }
    let seat = s.current.unwrap_or(Seat(0));
    let me = player(s, seat);
    let opp = player(s, other(seat));
    let sit = Sit::of(s, turn);
    let dukes_free = s.turns > 0;
    let slot = |d: Card| (0..2).find(|&i| me.dukes[i] == Some(d) && !turn.touched[i]);
    match action {
        Action::Play(c) => {
            let mut next = sit;
            next.table.insert(c);
            if sit.hand.contains(c) {
                next.hand.remove(c);
            } else if sit.opp_dukes.contains(c) {
                next.opp_dukes.remove(c);
            } else if opp.castle_state == CastleState::FaceUp && opp.castle == Some(c) {
                next.opp_taken = true;
            } else {
                return false;
            }
            next.can_end()
        }
        Action::PickUp(d) => dukes_free && slot(d).is_some(),
        Action::Swap { duke, with } => {
            if !dukes_free || slot(duke).is_none() || !sit.hand.contains(with) {
                return false;
            }
            let mut next = sit;
            next.hand.remove(with);
            next.hand.insert(duke);
            next.pickable.remove(duke);
            next.can_end()
        }
        Action::Refill(with) => {
            let open = me.castle_state == CastleState::FaceUp
                && me.dukes.iter().all(Option::is_none)
                && !turn.refilled
                && !turn.touched.iter().all(|&t| t);
            if !dukes_free || !open || !sit.hand.contains(with) {
                return false;
            }
            let mut next = sit;
            next.hand.remove(with);
            next.can_end()
        }
        Action::Move => {
            let Some(castle) = sit.own_castle else { return false };
            if sit.opp_castle.is_none() {
                return false;
            }
            let mut next = sit;
            next.table.insert(castle);
            next.own_castle = None;
            next.own_played = Some(castle);
            next.can_end()
        }
        Action::Return => sit.own_played.is_some() && !sit.take(),
        Action::End => {
            // A taken CASTLE needs its guards taken too; THE MOVE must take the CASTLE.
            let guards_taken = !sit.opp_taken || sit.opp_dukes.is_empty();
            let move_done = sit.own_played.is_none() || sit.opp_taken;
            round_ends(s) && splits(sit.table, s.config.ace) && guards_taken && move_done
        }
        Action::Discard(c) => sit.hand.contains(c) && discards_open(s),
        Action::DiscardTwo(a, b) => {
            a != b && sit.hand.contains(a) && sit.hand.contains(b) && !turn.acted && discards_open(s)
        }
        Action::Bury => draw_pile(me).len() + me.discards.len() > 0 && discards_open(s),
        Action::DiscardTable(c) => {
            let mut rest = sit.table;
            rest.remove(c);
            owner(c) == seat && sit.table.contains(c) && discards_open(s) && splits(rest, s.config.ace)
        }
        Action::Choose { .. } | Action::Draw { .. } => false,
    }
}

/// Every play-step action worth asking about in `s`: each card for the single-card actions,
/// the two-card actions over the player's hand and DUKES, and the rest.
pub fn play_universe(s: &Setup) -> Vec<Action> {
    let me = player(s, s.current.unwrap_or(Seat(0)));
    let mut out = vec![Action::Move, Action::Return, Action::End, Action::Bury];
    for c in Card::all() {
        out.extend([
            Action::Play(c),
            Action::PickUp(c),
            Action::Refill(c),
            Action::Discard(c),
            Action::DiscardTable(c),
        ]);
    }
    let mine: Vec<Card> = me.hand.iter().chain(me.dukes.iter().flatten()).copied().collect();
    for &a in &mine {
        for b in Card::all() {
            out.push(Action::Swap { duke: a, with: b });
            out.push(Action::DiscardTwo(a, b));
        }
    }
    out
}
