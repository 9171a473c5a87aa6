//! Stealth Play (rulebook "Stealth Play"): "Once the trick leader plays a card, all other
//! players place their cards face down. After all cards are played, flip them to reveal
//! the winner of the trick."
//!
//! The trick's cards after the leader's are face down while it is incomplete
//! ([`CrownBattles::face_down`]); no extra state is kept, so a saved game is unchanged.
//! Readings (RULES.md, reading 35):
//! - A face-down card is unseen by everyone but its player: views leave it out of the trick
//!   and the played cards and list its seat in `View::face_down`; the others' events say
//!   "P2 plays a card face down"; a card another seat knew in that hand stays "known in the
//!   hand" for it until the reveal (it cannot tell whether that card was played).
//! - Only the face-up lead sets a suit to follow: after a Peasant or power-card lead nobody
//!   has to follow (no one can see a face-down suit); the first numbered card's suit still
//!   decides the winner, as in every trick. With `Config::stealth_follow_face_down` the
//!   first face-down numbered card sets it, and each later player is told it
//!   ([`CrownBattles::suit_told`]).
//! - Nobody can lack the led suit "publicly" before the reveal: voids are marked then.
//! - A power card played face down acts at the reveal: its trick flags (Wizard, Bomb) and
//!   the Wizard's protection before the winner is decided; the Spy's look at the reveal;
//!   every other action, immediate or not, with the end-of-trick actions, in play order.
//!   With `Config::stealth_actions_at_flip` the immediate actions resolve at the flip, in
//!   play order, before the winner is decided (`Trick::flipping`).

use duke_core::{GameRng, Seat};

use crate::cards::{Card, CardSet, Power, SuitId};
use crate::determinize::TableSlots;
use crate::round_types::RoundType;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, at, bit, update};
use crate::trick::{Form, Trick};

impl CrownBattles {
    /// Whether this round is a Stealth Play round.
    #[inline]
    pub(crate) fn stealth(&self) -> bool {
        self.table.rounds.round_type == RoundType::StealthPlay
    }

    /// The positions of the ongoing trick lying face down (bit per position): every card
    /// after the leader's in a Stealth Play round, until the trick is complete.
    pub(crate) fn face_down(&self) -> u8 {
        let len = self.table.trick.len;
        if !self.stealth() || usize::from(len) >= self.n() || len < 2 {
            return 0;
        }
        ((1u16 << len) - 2) as u8
    }

    /// Whether a card played now goes face down (Stealth Play, after the leader's).
    pub(crate) fn plays_face_down(&self) -> bool {
        self.stealth() && self.table.trick.len > 0 && matches!(self.table.phase, crate::state::Phase::Play(_))
    }

    /// Whether the card at `pos` of a complete trick was played face down (its actions wait
    /// for the reveal).
    #[inline]
    pub(crate) fn revealed_late(&self, pos: usize) -> bool {
        pos > 0 && self.stealth()
    }

    /// Whether the action of `power` on the card at `pos` resolves at the end of the trick.
    pub(crate) fn acts_at_end(&self, pos: usize, power: Power) -> bool {
        !self.is_immediate(power) || self.revealed_late(pos)
    }

    /// Whether the action of `power` on the card at `pos` resolves at the flip, before the
    /// winner is decided (`Config::stealth_actions_at_flip`: an immediate action of a card
    /// played face down).
    #[inline]
    pub(crate) fn acts_at_flip(&self, pos: usize, power: Power) -> bool {
        self.config.stealth_actions_at_flip && self.revealed_late(pos) && self.is_immediate(power)
    }

    /// `Config::stealth_actions_at_flip`: resolves the immediate actions of the face-down
    /// cards in play order from position `trick.resolving`, stopping at each decision (a
    /// decision resolving after the trick is complete: `end`), then the winner takes the
    /// trick. On the last trick the Alchemist still acts (its trump decides this trick).
    pub(crate) fn continue_flip(&mut self) {
        let n = self.n();
        for pos in usize::from(self.table.trick.resolving).max(1)..usize::from(self.table.trick.len) {
            self.table.trick.resolving = pos as u8;
            let seat = crate::state::after(self.table.trick.leader, pos, n);
            // Availability as when played (`end` false), then marked as resolving after the
            // trick is complete.
            if let Some(p) = self.table.trick.effect(pos).filter(|&p| self.acts_at_flip(pos, p))
                && self.start_effect(seat, p, false)
            {
                if let crate::state::Phase::Effect { end, .. } = &mut self.table.phase {
                    *end = true;
                }
                return;
            }
        }
        self.table.trick.flipping = false;
        self.take_trick();
    }

    /// The cards on the table `me` does not see (a spectator sees none of the face-down
    /// cards), and the seats that played them (bit per seat).
    pub(crate) fn hidden_from(&self, me: Option<Seat>) -> (CardSet, u8) {
        let down = self.face_down();
        if down == 0 {
            return (CardSet::EMPTY, 0);
        }
        let n = self.n();
        let mut cards = CardSet::EMPTY;
        let mut seats = 0;
        for pos in 1..usize::from(self.table.trick.len) {
            let seat = self.table.trick.leader.offset(pos, n);
            if Some(seat) != me
                && let Some(c) = self.table.trick.card(pos)
            {
                cards.insert(c);
                seats |= bit(seat);
            }
        }
        (cards, seats)
    }

    /// Who played `card` to the ongoing trick, if it is on it.
    pub(crate) fn trick_seat(&self, card: crate::cards::Card) -> Option<Seat> {
        (0..usize::from(self.table.trick.len))
            .find(|&pos| self.table.trick.card(pos) == Some(card))
            .map(|pos| self.table.trick.leader.offset(pos, self.n()))
    }

    /// Stealth Play: a lead that is not a number sets no suit to follow (reading 35), unless
    /// `Config::stealth_follow_face_down`.
    pub(crate) fn stealth_lead(&mut self) {
        if self.table.trick.led.is_none() && !self.config.stealth_follow_face_down {
            self.table.trick.free = true;
        }
    }

    /// `Config::stealth_follow_face_down`: the suit to follow that a face-down card set,
    /// as `me` was told when its turn came in this trick (its legal plays show it): the
    /// first numbered card among those before its own, after a lead that is not a number.
    pub(crate) fn suit_told(&self, me: Option<Seat>) -> Option<SuitId> {
        let me = me?;
        if !self.config.stealth_follow_face_down || self.face_down() == 0 || self.table.trick.free {
            return None;
        }
        let n = self.n();
        let pos = (me.index() + n - self.table.trick.leader.index()) % n;
        if pos > usize::from(self.table.trick.len) || matches!(self.table.trick.form(0), Some(Form::Number { .. })) {
            return None;
        }
        (1..pos).find_map(|p| match self.table.trick.form(p) {
            Some(Form::Number { suit, .. }) => Some(suit),
            _ => None,
        })
    }

    /// The flip: the face-down cards' trick flags (Wizard, Bomb), the Wizard's protection,
    /// the Spy's look and the suits the cards show their players lack.
    pub(crate) fn reveal_trick(&mut self) {
        let n = self.n();
        let wizards = self.table.trick.reveal_marks(n);
        self.table.wizards |= wizards;
        let lead = self.table.trick.led.filter(|_| !self.table.trick.free);
        for pos in 1..usize::from(self.table.trick.len) {
            let seat = self.table.trick.leader.offset(pos, n);
            if let (Some(led), Some(suit)) = (lead, self.table.trick.card(pos).and_then(|c| c.suit()))
                && suit != led
            {
                update(&mut self.table.voids, seat, |v| v | 1 << led.index());
            }
            if self.table.trick.effect(pos) == Some(Power::Spy) {
                let deck = self.table.deck;
                update(&mut self.table.known, seat, |v| v.or(deck));
            }
        }
    }

    /// The trick just turned up, kept in views as the table is cleared: until the next
    /// Stealth Play trick is turned up, or, for the round's last trick, until the next
    /// round ends. The views after the flip would not show who played which card otherwise
    /// (two worlds differing only in which face-down player held which card would look the
    /// same, while the event told the difference).
    pub(crate) fn keep_revealed_trick(&mut self) {
        let mut cards = [NONE; MAX_PLAYERS];
        for (pos, slot) in cards.iter_mut().enumerate().take(usize::from(self.table.trick.len)) {
            if let Some(c) = self.table.trick.card(pos) {
                let golem =
                    c == Power::DoubleFaced.card() && matches!(self.table.trick.form(pos), Some(Form::Golem { .. }));
                *slot = c.id() | if golem { 0x80 } else { 0 };
            }
        }
        self.table.rounds.revealed_trick = cards;
        self.table.rounds.revealed_leader = self.table.trick.leader;
    }

    /// [`Self::revealed_trick`]'s cards in play order, and whether the Double-faced card
    /// among them was played as a Golem.
    pub(crate) fn revealed_cards(&self) -> (Vec<Card>, bool) {
        let ids = self.table.rounds.revealed_trick.iter().take_while(|&&id| id != NONE);
        let golem = ids.clone().any(|&id| id & 0x80 != 0);
        (ids.filter_map(|&id| Card::new(id & 0x7F)).collect(), golem)
    }

    /// Determinization for `seat`: the face-down cards it did not see go back to their
    /// players' hands (in `out`, a copy being re-dealt) before the re-deal.
    pub(crate) fn lift_face_down(&self, seat: Seat, out: &mut CrownBattles) -> CardSet {
        let (hidden, _) = self.hidden_from(Some(seat));
        if hidden.is_empty() {
            return hidden;
        }
        let n = self.n();
        for pos in 1..usize::from(self.table.trick.len) {
            let s = self.table.trick.leader.offset(pos, n);
            if let Some(c) = self.table.trick.card(pos).filter(|&c| hidden.has(c)) {
                out.give(s, c);
            }
        }
        out.table.played = out.table.played.minus(hidden);
        hidden
    }

    /// Determinization for a seat told the suit to follow, or that none was set yet
    /// (`Config::stealth_follow_face_down`: the seat's turn has come in this trick, after a
    /// lead that is not a number): the face-down cards before its own keep that knowledge.
    /// The setter's position is drawn among those that fit (the seat does not know it);
    /// the cards before it are re-dealt as non-numbered cards, the setter's as a card of
    /// the suit told ([`TableSlots`]); the cards after it go back to their hands and are
    /// played again as legal plays. A card before the seat's own that it knew in that hand
    /// stays, and then so does the setter's position. `None` when the option does not
    /// apply (then the seat knows nothing of the face-down suits).
    pub(crate) fn determinized_told(&self, seat: Seat, seed: u64) -> Option<CrownBattles> {
        let t = &self.table.trick;
        let n = self.n();
        let pos = (seat.index() + n - t.leader.index()) % n;
        let number = |p: usize| matches!(t.form(p), Some(Form::Number { .. }));
        if !self.config.stealth_follow_face_down || t.free || number(0) || pos == 0 || pos > usize::from(t.len) {
            return None;
        }
        let told = self.suit_told(Some(seat));
        let known = at(&self.table.known, seat);
        let seat_at = |p: usize| t.leader.offset(p, n);
        // Positions (bit each) before the seat's whose card it knew in that hand.
        let pinned = (1..pos).filter(|&p| t.card(p).is_some_and(|c| known.has(c))).fold(0u8, |m, p| m | 1 << p);
        let real = (1..pos).find(|&p| number(p));
        let mut candidates = [0usize; MAX_PLAYERS];
        let mut count = 0;
        match told {
            Some(suit) if pinned == 0 => {
                for p in (1..pos).filter(|&p| at(&self.table.voids, seat_at(p)) >> suit.index() & 1 == 0) {
                    if let Some(slot) = candidates.get_mut(count) {
                        *slot = p;
                        count += 1;
                    }
                }
            }
            // No suit told: every card before the seat's is not a number (no setter).
            _ => {
                candidates = [real.unwrap_or(pos); MAX_PLAYERS];
                count = 1;
            }
        }
        let mut rng = GameRng::new(seed);
        while count > 0 {
            let pick = rng.below(count as u32) as usize;
            let setter = candidates.get(pick).copied().unwrap_or(pos);
            candidates.swap(pick, count - 1);
            count -= 1;
            let mut table = TableSlots::default();
            let mut base = self.clone();
            for p in 1..usize::from(t.len) {
                let Some(c) = t.card(p).filter(|_| p != pos && pinned >> p & 1 == 0) else { continue };
                base.table.played.remove(c);
                if p <= setter && p < pos {
                    // Not a number before the setter; the suit told at the setter.
                    let refuses = match told {
                        Some(suit) if p == setter => 0x1F & !(1 << suit.index()),
                        _ => 0x0F,
                    };
                    if let (Some(at_pos), Some(r)) = (table.pos.get_mut(table.len), table.refuses.get_mut(table.len)) {
                        *at_pos = p as u8;
                        *r = refuses;
                        table.len += 1;
                    }
                    table.lifted.insert(c);
                } else {
                    base.give(seat_at(p), c);
                }
            }
            let Some(mut out) = base.redealt_with(seat, rng.next_u64(), &mut table) else { continue };
            let mut replay = GameRng::new(out.table.rng.next_u64());
            out.replay_face_down(seat, t, (&table, pinned), &mut replay);
            out.table.rng = GameRng::new(replay.next_u64());
            return Some(out);
        }
        // (Unreachable: the true deal fits.) The table as it is, the rest re-dealt.
        Some(self.redealt(seat, seed))
    }

    /// Determinization, after the re-deal: each face-down card `seat` did not see is
    /// played again from its player's imagined hand, as a legal play (the face-up lead's
    /// suit if the hand holds it, or any non-numbered card; otherwise any card), in play
    /// order; the Double-faced card's form is drawn, a Summoner copies the card before it.
    ///
    /// The positions of `fixed` keep their card: `fixed.0` the cards the re-deal chose
    /// for its slots, `fixed.1` (bit per position) the original card.
    pub(crate) fn replay_face_down(
        &mut self,
        seat: Seat,
        original: &Trick,
        fixed: (&TableSlots, u8),
        rng: &mut GameRng,
    ) {
        let n = self.n();
        let mut trick = Trick::new(original.leader);
        let (Some(lead), Some(form)) = (original.card(0), original.form(0)) else { return };
        trick.push(lead, form, original.effect(0));
        trick.free = original.free;
        trick.wizard = original.wizard;
        trick.bombed = original.bombed;
        trick.next_leader = original.next_leader;
        for pos in 1..usize::from(original.len) {
            let s = original.leader.offset(pos, n);
            // The suit to follow as the trick stands (a face-down card may set it).
            let follow = trick.led.filter(|_| !trick.free);
            let (card, golem) = if s == seat || fixed.1 >> pos & 1 == 1 {
                let Some(c) = original.card(pos) else { return };
                (c, original.form(pos).is_some_and(|f| matches!(f, Form::Golem { .. })))
            } else if let Some(c) = fixed.0.at(pos) {
                (c, c == Power::DoubleFaced.card() && rng.below(2) == 1)
            } else {
                let hand = self.hand(s);
                let suited = follow.map_or(CardSet::EMPTY, |l| hand.and(CardSet::suit(l)));
                let legal = if suited.is_empty() { hand } else { suited.or(hand.minus(crate::play::NUMBERS)) };
                let Some(c) = legal.nth(rng.below(legal.len())) else { return };
                (c, c == Power::DoubleFaced.card() && rng.below(2) == 1)
            };
            self.take(s, card);
            self.table.played.insert(card);
            let (form, effect) = trick.next_form(card, golem);
            trick.push(card, form, effect);
        }
        self.table.trick = trick;
    }
}

impl Trick {
    /// Stealth Play's flip: the flags the face-down cards (every card after the leader's)
    /// put on the trick (a Wizard, a Bomb: as `on_play` does when a card is played face
    /// up), in play order; returns the seats of the Wizards (bit per seat).
    pub(crate) fn reveal_marks(&mut self, n: usize) -> u8 {
        let mut wizards = 0;
        for pos in 1..usize::from(self.len) {
            let seat = self.leader.offset(pos, n);
            match self.effect(pos) {
                Some(Power::Wizard) => {
                    self.wizard = true;
                    wizards |= bit(seat);
                }
                Some(Power::Bomb) => {
                    self.bombed = true;
                    self.next_leader = seat;
                }
                _ => {}
            }
        }
        wizards
    }
}
