//! Special Power cards ("Special Power cards": Action cards, Non-Action cards, Notes).

use duke_core::Seat;

use crate::actions::{Action, Bid, Direction, Trump};
use crate::cards::{Card, CardSet, Power, SuitId};
use crate::setup::Timing;
use crate::state::{CrownBattles, NONE, Phase, at, bit, put, update};

impl Power {
    /// Whether the card has an action to copy or resolve (all but the Double-faced card
    /// and the two Kings, which only fight; the Summoner acts by copying).
    pub const fn has_action(self) -> bool {
        !matches!(self, Power::DoubleFaced | Power::GolemKing | Power::DragonKing | Power::Summoner)
    }

    /// Whether its action asks its player to decide something (the Spy and the Wizard act
    /// by themselves, the other cards only fight).
    pub const fn has_decision(self) -> bool {
        matches!(
            self,
            Power::Alchemist
                | Power::Bishop
                | Power::Bomb
                | Power::Cursed
                | Power::Jester
                | Power::Magician
                | Power::Merchant
                | Power::Smuggler
                | Power::Thief
                | Power::Witch
        )
    }
}

impl CrownBattles {
    /// Timing of a power: from its icon, or from the config for the icon-less ones.
    pub(crate) fn is_immediate(&self, p: Power) -> bool {
        let t = &self.config.timings;
        match p {
            Power::Thief | Power::Cursed | Power::Bomb => false,
            Power::Alchemist => t.alchemist == Timing::Immediate,
            Power::Bishop => t.bishop == Timing::Immediate,
            Power::Jester => t.jester == Timing::Immediate,
            Power::Witch => t.witch == Timing::Immediate,
            _ => true,
        }
    }

    /// The automatic part of a card's action when played; returns whether a decision is now awaited.
    pub(crate) fn on_play(&mut self, seat: Seat, p: Power) -> bool {
        match p {
            Power::Wizard => {
                // "turns all Golem and Dragon cards into Peasants for that trick"; "keep this
                // card for theft protection" (RULES.md: from the play to the end of the round).
                self.table.trick.wizard = true;
                self.table.wizards |= bit(seat);
                false
            }
            Power::Bomb => {
                self.table.trick.bombed = true;
                self.table.trick.next_leader = seat;
                false
            }
            Power::Spy => {
                // "Look through the deck"; no deck, no action.
                let deck = self.table.deck;
                update(&mut self.table.known, seat, |v| v.or(deck));
                false
            }
            p if self.is_immediate(p) => self.start_effect(seat, p, false),
            _ => false,
        }
    }

    /// The Witch's steps when she is played: 20 points (30 in the final round) in steps of
    /// `witch_step` (as `start_effect` counts them).
    pub(crate) fn witch_steps(&self) -> u8 {
        let total = if self.is_final_round() { 30 } else { 20 };
        total / self.config.witch_step.max(1)
    }

    fn others_with_cards(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |&t| t != seat && !self.hand(t).is_empty())
    }

    fn theft_targets(&self, seat: Seat) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |&t| t != seat && !self.protected(t))
    }

    /// Enters the decision for `p` if it has any effect now; returns whether it did.
    pub(crate) fn start_effect(&mut self, seat: Seat, power: Power, end: bool) -> bool {
        let last = self.last_trick();
        let available = match power {
            Power::Alchemist | Power::Bishop => {
                !(end && last) && (power == Power::Alchemist || self.others_with_cards(seat).next().is_some())
            }
            Power::Bomb => end && !last,
            Power::Cursed | Power::Magician => !last,
            Power::Jester => at(&self.table.bids, seat).is_some() || self.precision() && self.has_suit_bids(seat),
            Power::Merchant => {
                let others = self.others_with_cards(seat).count();
                others >= 2 || (others >= 1 && !self.hand(seat).is_empty())
            }
            Power::Smuggler => !self.table.deck.is_empty() && !self.hand(seat).is_empty(),
            Power::Thief => self.theft_targets(seat).any(|t| at(&self.table.tricks, t) > 0),
            Power::Witch => self.theft_targets(seat).next().is_some(),
            _ => false,
        };
        if available {
            let steps = if power == Power::Witch {
                let total = if self.is_final_round() { 30 } else { 20 };
                total / self.config.witch_step.max(1)
            } else {
                0
            };
            self.table.phase = Phase::Effect { seat, power, end, steps };
        }
        available
    }

    /// Writes the legal decisions of the effect `power` for `seat`.
    pub(crate) fn push_effect_actions(&self, seat: Seat, power: Power, out: &mut Vec<Action>) {
        match power {
            Power::Alchemist => {
                out.extend(SuitId::ALL.map(|s| Action::Trump(Trump::Suit(s))));
                out.push(Action::Trump(Trump::NoTrump));
            }
            Power::Bishop => out.extend(self.others_with_cards(seat).map(Action::Look)),
            Power::Bomb => out.extend(self.seats().map(Action::Lead)),
            Power::Cursed => {
                for a in self.seats() {
                    out.extend(self.seats().filter(|&b| b > a).map(|b| Action::Swap(a, b)));
                }
            }
            Power::Jester if self.precision() => self.push_suit_jests(seat, out),
            Power::Thief if self.precision() => {
                self.push_suit_steals(self.theft_targets(seat), out);
                out.push(Action::Keep);
            }
            Power::Jester => {
                for d in [-1, 0, 1] {
                    if self.jested(seat, d).is_some() {
                        out.push(Action::Jest(d));
                    }
                }
            }
            Power::Magician => out.extend([Action::Pass(Direction::Left), Action::Pass(Direction::Right)]),
            Power::Merchant => {
                for face in self.hand(seat).faces() {
                    out.extend(self.others_with_cards(seat).map(|t| Action::Trade(face, t)));
                }
                for a in self.others_with_cards(seat) {
                    out.extend(self.others_with_cards(seat).filter(|&b| b > a).map(|b| Action::TradeOthers(a, b)));
                }
            }
            Power::Smuggler => {
                out.extend(self.hand(seat).faces().map(Action::Smuggle));
                out.push(Action::Keep);
            }
            Power::Thief => {
                out.extend(self.theft_targets(seat).filter(|&t| at(&self.table.tricks, t) > 0).map(Action::Steal));
                out.push(Action::Keep);
            }
            Power::Witch => out.extend(self.theft_targets(seat).map(Action::Hex)),
            _ => {}
        }
    }

    /// Whether `action` is a legal decision of the effect (mirrors `push_effect_actions`).
    pub(crate) fn effect_allows(&self, seat: Seat, power: Power, action: Action) -> bool {
        let other_with_cards = |t: Seat| t != seat && t.0 < self.config.players && !self.hand(t).is_empty();
        let player = |t: Seat| t.0 < self.config.players;
        match (power, action) {
            (Power::Alchemist, Action::Trump(_)) => true,
            (Power::Bishop, Action::Look(t)) => other_with_cards(t),
            (Power::Bomb, Action::Lead(t)) => player(t),
            (Power::Cursed, Action::Swap(a, b)) => a < b && player(b),
            (Power::Jester, Action::Jest(0)) if self.precision() => true,
            (Power::Jester, Action::JestSuit(suit, d)) => self.jested_suit(seat, suit, d).is_some(),
            (Power::Jester, Action::Jest(d)) => !self.precision() && self.jested(seat, d).is_some(),
            (Power::Magician, Action::Pass(_)) => true,
            (Power::Merchant, Action::Trade(face, t)) => self.hand(seat).find(face).is_some() && other_with_cards(t),
            (Power::Merchant, Action::TradeOthers(a, b)) => a < b && other_with_cards(a) && other_with_cards(b),
            (Power::Smuggler, Action::Smuggle(face)) => self.hand(seat).find(face).is_some(),
            (Power::Smuggler | Power::Thief, Action::Keep) => true,
            (Power::Thief, Action::Steal(t)) => {
                !self.precision() && player(t) && t != seat && !self.protected(t) && at(&self.table.tricks, t) > 0
            }
            (Power::Thief, Action::StealFrom(t, suit)) => {
                self.precision() && player(t) && t != seat && !self.protected(t) && self.has_suit_trick(t, suit)
            }
            (Power::Witch, Action::Hex(t)) => player(t) && t != seat && !self.protected(t),
            _ => false,
        }
    }

    /// The bid after the Jester moves it by `d`, if it stays within the bid tokens.
    pub(crate) fn jested(&self, seat: Seat, d: i8) -> Option<Bid> {
        let bid = at(&self.table.bids, seat)?;
        let low = i16::from(bid.low()) + i16::from(d);
        let high = i16::from(bid.high()) + i16::from(d);
        if low < 0 || high > i16::from(self.config.max_bid) || !(-1..=1).contains(&d) {
            return None;
        }
        let low = low as u8;
        Some(match bid {
            Bid::Single(_) => Bid::Single(low),
            Bid::Double(_) => Bid::Double(low),
        })
    }

    /// Applies a legal effect decision.
    pub(crate) fn resolve_effect(&mut self, seat: Seat, power: Power, end: bool, steps: u8, action: Action) {
        match action {
            Action::Trump(t) => self.table.trump = t,
            Action::Look(t) => {
                let seen = self.hand(t);
                update(&mut self.table.known, seat, |v| v.or(seen));
            }
            Action::Lead(t) => self.table.trick.next_leader = t,
            Action::Swap(a, b) => self.swap_hands(a, b),
            // (Suit Precision's `jest 0` changes nothing.)
            Action::Jest(d) if !self.precision() => {
                let bid = self.jested(seat, d);
                put(&mut self.table.bids, seat, bid);
            }
            Action::JestSuit(suit, d) => self.jest_suit(seat, suit, d),
            Action::StealFrom(t, suit) => {
                // With `precision_thief_own_bid` the Thief may have to place the trick.
                let waits = self.steal_from(seat, t, suit);
                if waits {
                    return;
                }
            }
            Action::Pass(direction) => {
                self.table.passes = [NONE; 8];
                self.table.phase = Phase::Passing { magician: seat, direction };
                return;
            }
            Action::Trade(face, t) => {
                if let Some(c) = self.hand(seat).find(face) {
                    self.merchant_swap(seat, Some(c), t);
                }
            }
            Action::TradeOthers(a, b) => self.merchant_swap(a, None, b),
            Action::Smuggle(face) => {
                if let Some(c) = self.hand(seat).find(face) {
                    self.smuggle(seat, c);
                }
            }
            Action::Steal(t) => {
                update(&mut self.table.tricks, t, |v| v.saturating_sub(1));
                update(&mut self.table.tricks, seat, |v| v.saturating_add(1));
            }
            Action::Hex(t) => {
                let step = i32::from(self.config.witch_step);
                update(&mut self.table.scores, t, |v| v.saturating_sub(step));
                update(&mut self.table.scores, seat, |v| v.saturating_add(step));
                let steps = steps.saturating_sub(1);
                if steps > 0 && self.theft_targets(seat).next().is_some() {
                    self.table.phase = Phase::Effect { seat, power, end, steps };
                    return;
                }
            }
            _ => {}
        }
        self.effect_done(end);
    }

    /// Cursed: whole hands change places in plain sight.
    fn swap_hands(&mut self, a: Seat, b: Seat) {
        let (ha, hb) = (self.hand(a), self.hand(b));
        put(&mut self.table.hands, a, hb);
        put(&mut self.table.hands, b, ha);
        let (va, vb) = (at(&self.table.voids, a), at(&self.table.voids, b));
        put(&mut self.table.voids, a, vb);
        put(&mut self.table.voids, b, va);
        // Leaked Suit: the revealed cards moved in plain sight, but with another seat.
        if self.leaked_round() {
            self.table.rounds.unsealed |= bit(a) | bit(b);
        }
        // Each knows the hand it gave away.
        update(&mut self.table.known, a, |v| v.or(ha));
        update(&mut self.table.known, b, |v| v.or(hb));
    }

    /// Merchant: `giver` gives `card` (or a random one when None) to `taker`, and gets a
    /// random card of `taker`'s back. Only the two players involved see what moved.
    fn merchant_swap(&mut self, giver: Seat, card: Option<Card>, taker: Seat) {
        let (hg, ht) = (self.hand(giver), self.hand(taker));
        let (given, taken) = self.table.rng.with_stream(|s| {
            let given = card.or_else(|| hg.nth(s.below(hg.len())));
            (given, ht.nth(s.below(ht.len())))
        });
        // A random copy (Golem, Dragon, Peasant) leaves as its hand's lowest id of that
        // face, as every other take does (`knowledge.rs`): a seat that knew a copy there
        // then loses that knowledge, since it cannot tell which copy moved.
        let (Some(given), Some(taken)) = (given.and_then(|c| hg.find(c.face())), taken.and_then(|c| ht.find(c.face())))
        else {
            return;
        };
        for x in self.seats() {
            if x != giver && x != taker {
                update(&mut self.table.known, x, |v| v.minus(hg.or(ht)));
            }
        }
        update(&mut self.table.known, giver, |v| v.or(CardSet::one(given)));
        update(&mut self.table.known, taker, |v| v.or(CardSet::one(taken)));
        self.take(giver, given);
        self.take(taker, taken);
        self.give(giver, taken);
        self.give(taker, given);
        put(&mut self.table.voids, giver, 0);
        put(&mut self.table.voids, taker, 0);
        self.unseal(giver);
        self.unseal(taker);
        // Each now knows one card of the other's hand, which may hold unseen copies of it.
        self.canonical_knowledge();
    }

    /// Smuggler: `card` goes into the deck, a random deck card comes out.
    pub(crate) fn smuggle(&mut self, seat: Seat, card: Card) {
        let deck = self.table.deck;
        let Some(drawn) = self.table.rng.with_stream(|s| deck.nth(s.below(deck.len()))) else { return };
        // The swap is face down: the others no longer know which of the hand's cards (seen
        // with a Bishop, say) went into the deck, nor which deck card came out.
        let unsure = deck.or(self.hand(seat));
        self.unseal(seat);
        for x in self.seats() {
            if x != seat {
                update(&mut self.table.known, x, |v| v.minus(unsure));
            }
        }
        // A drawn copy of a card the seat knew in the deck (a Peasant it smuggled in, say):
        // it cannot tell which copy came out, so it no longer knows the other is there.
        let copies = deck.and(drawn.face().cards());
        update(&mut self.table.known, seat, |v| v.minus(copies).or(CardSet::one(card)));
        self.take(seat, card);
        self.give(seat, drawn);
        self.table.deck.remove(drawn);
        self.table.deck.insert(card);
        put(&mut self.table.voids, seat, 0);
    }

    /// Magician: a seat chooses the card it passes.
    pub(crate) fn choose_pass(&mut self, seat: Seat, card: Card, magician: Seat, direction: Direction) {
        put(&mut self.table.passes, seat, card.id());
        let n = self.n();
        if seat != magician {
            if self.passers_waiting(magician) == 0 {
                // "Only this card's player sees the card passed to them before choosing."
                let from = match direction {
                    Direction::Left => magician.right(n),
                    Direction::Right => magician.left(n),
                };
                if let Some(c) = Card::new(at(&self.table.passes, from)) {
                    update(&mut self.table.known, magician, |v| v.or(CardSet::one(c)));
                }
            }
            return;
        }
        let before = self.table.hands;
        let target = |s: Seat| match direction {
            Direction::Left => s.left(n),
            Direction::Right => s.right(n),
        };
        for s in self.seats() {
            let lost = at(&before, s);
            for x in self.seats() {
                if x != s && x != target(s) {
                    update(&mut self.table.known, x, |v| v.minus(lost));
                }
            }
        }
        for s in self.seats() {
            if let Some(c) = Card::new(at(&self.table.passes, s)) {
                self.take(s, c);
            }
        }
        for s in self.seats() {
            if let Some(c) = Card::new(at(&self.table.passes, s)) {
                self.give(target(s), c);
                update(&mut self.table.known, s, |v| v.or(CardSet::one(c)));
            }
        }
        self.table.voids = [0; 8];
        self.table.passes = [NONE; 8];
        for s in self.seats() {
            self.unseal(s);
        }
        // Each passer knows its card in a hand that may hold unseen copies of it.
        self.canonical_knowledge();
        // A Magician turned up at a Stealth Play reveal acts with the end-of-trick actions.
        if self.table.trick.resolving != NONE {
            self.effect_done(true);
        } else {
            self.after_play();
        }
    }

    /// The Magician step: legal passes.
    pub(crate) fn push_passes(&self, seat: Seat, out: &mut Vec<Action>) {
        out.extend(self.hand(seat).faces().map(Action::Give));
    }
}
