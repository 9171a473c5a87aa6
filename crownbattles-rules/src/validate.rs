//! The checks a state passes before anyone plays on from it: `Game::validate`, every
//! loaded (deserialised) state and every [`Setup`](crate::Setup) run them. A state that
//! passes is one the game can go on from: every seat to act has a legal action, and
//! `apply` then `undo` restores it exactly.

use duke_core::Seat;

use crate::cards::{Card, CardSet, Power, SuitId};
use crate::position::SetupError;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at};
use crate::trick::Form;

impl CrownBattles {
    /// Checks every invariant: config, seats, cards, hand sizes, bids, the phase, the
    /// seats to act.
    pub(crate) fn check(&self) -> Result<(), SetupError> {
        self.config.check()?;
        let config = &self.config;
        let n = self.n();
        let seat = |s: Seat| if s.index() < n { Ok(()) } else { Err(SetupError::NoSuchSeat(s)) };
        for s in [self.table.dealer, self.table.trick.leader, self.table.trick.next_leader]
            .into_iter()
            .chain(self.table.crown)
        {
            seat(s)?;
        }
        let mask = ((1u16 << n) - 1) as u8;
        let flags = self.table.wizards | self.table.shields | self.table.smuggled;
        if flags & !mask != 0 {
            return Err(SetupError::NoSuchSeat(Seat((flags & !mask).trailing_zeros() as u8)));
        }
        let rounds = config.schedule.rounds() + usize::from(config.max_tie_replays);
        if usize::from(self.table.round) >= rounds {
            return Err(SetupError::Round { round: self.table.round.saturating_add(1), rounds });
        }
        self.check_cards()?;
        let t = &self.table.trick;
        let len = usize::from(t.len);
        // Hand sizes: equal at the start of a trick, one fewer for those who played in it
        // (The Split: the half being played; during the split, with the cards set aside).
        let splitting = self.table.phase == Phase::Splitting;
        let size = |s: Seat| {
            self.hand(s).len() as usize + if splitting { at(&self.table.rounds.aside, s).len() as usize } else { 0 }
        };
        let base = size(t.leader) + usize::from(len > 0);
        let (dealt, earlier_halves) = self.dealt_in_half();
        let fits = (0..n).all(|pos| size(t.leader.offset(pos, n)) + usize::from(pos < len) == base);
        if !fits || base > dealt {
            return Err(SetupError::HandSizes { sizes: self.seats().map(|s| self.hand(s).len() as u8).collect() });
        }
        let expected = (n * (earlier_halves + dealt - base)) as u32;
        let earlier = self.table.played.len().saturating_sub(len as u32);
        if earlier != expected {
            return Err(SetupError::Played { found: earlier, expected });
        }
        self.check_trick_cards()?;
        let won: u32 = self.table.tricks.iter().map(|&w| u32::from(w)).sum();
        // (Long Play: two cards per player and trick, the odd last trick's one after them.)
        let cards = dealt - base;
        let long = dealt / 2 * 2;
        let before = if self.long_play() { cards.min(long) / 2 + cards.saturating_sub(long) } else { cards };
        // The trick on the table counts once it has a winner: its end-of-trick actions are
        // resolving, not Stealth Play's flip (whose actions come before the winner).
        let played = before as u32 + u32::from(len == n && t.resolving != NONE && !t.flipping);
        if won > played {
            return Err(SetupError::Tricks { won, played });
        }
        if self.table.tricks.iter().skip(n).any(|&w| w != 0) || self.table.scores.iter().skip(n).any(|&s| s != 0) {
            return Err(SetupError::Inconsistent("tricks or scores of a seat beyond the players"));
        }
        if let Some(&s) = self.table.scores.iter().find(|s| s.unsigned_abs() > 1_000_000) {
            return Err(SetupError::Score(s));
        }
        for (i, b) in self.table.bids.iter().enumerate() {
            if let Some(bid) = *b {
                let s = Seat(i as u8);
                seat(s)?;
                let double = matches!(bid, crate::actions::Bid::Double(_));
                if bid.high() > config.max_bid
                    || bid.low() > bid.high()
                    || double && !self.table.rounds.round_type.allows_double_bid(dealt as u8)
                {
                    return Err(SetupError::Bid { seat: s, bid });
                }
            }
        }
        if !self.round_type_fits() {
            return Err(SetupError::RoundType(self.table.rounds.round_type));
        }
        self.check_split()?;
        self.check_precision(self.table.dealer.left(n))?;
        self.check_revealed_bids()?;
        self.check_revealed_trick()?;
        self.check_missions()?;
        self.check_leaks()?;
        self.check_alliance()?;
        self.check_wagering()?;
        self.check_duels()?;
        self.check_long_play(base, dealt)?;
        self.check_precision_alliance()?;
        if self.table.voids.iter().any(|&v| v > 0x0F) || self.table.voids.iter().skip(n).any(|&v| v != 0) {
            return Err(SetupError::Inconsistent("voids of suits or seats that do not exist"));
        }
        self.check_voids()?;
        self.check_phase(base, dealt)?;
        self.check_passes()?;
        self.check_to_act()
    }

    /// Card conservation: every card of the deck is in exactly one hand, the deck or the
    /// played cards; knowledge is of cards of the box.
    fn check_cards(&self) -> Result<(), SetupError> {
        let n = self.n();
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        for (i, h) in self.table.hands.iter().enumerate() {
            if i >= n && !h.is_empty() {
                return Err(SetupError::Inconsistent("cards in the hand of a seat beyond the players"));
            }
            seen = seen.or(*h);
            total += h.len();
        }
        for (i, a) in self.table.rounds.aside.iter().enumerate() {
            if i >= n && !a.is_empty() {
                return Err(SetupError::Inconsistent("cards set aside by a seat beyond the players"));
            }
            seen = seen.or(*a);
            total += a.len();
        }
        for set in [self.table.deck, self.table.played] {
            seen = seen.or(set);
            total += set.len();
        }
        if seen != self.config.deck.cards() || total != seen.len() {
            return Err(SetupError::Inconsistent("cards are not conserved (lost, duplicated or foreign cards)"));
        }
        if self.table.known.iter().any(|k| k.0 & !CardSet::BOX.0 != 0)
            || self.table.known.iter().skip(n).any(|k| !k.is_empty())
        {
            return Err(SetupError::Inconsistent("knowledge of cards outside the box"));
        }
        Ok(())
    }

    /// The trick's cards are played cards, each with a form it can fight in, the strength
    /// code of that form and an action it can carry.
    fn check_trick_cards(&self) -> Result<(), SetupError> {
        let t = &self.table.trick;
        let len = usize::from(t.len);
        // (Long Play: the end-of-trick actions resolve over both passes.)
        let table = len + if self.table.rounds.long.is_empty() { 0 } else { self.n() };
        if len > self.n() || t.resolving != NONE && usize::from(t.resolving) > table {
            return Err(SetupError::Inconsistent("trick length"));
        }
        for pos in 0..MAX_PLAYERS {
            let card = t.cards.get(pos).copied().unwrap_or(NONE);
            let effect = t.effects.get(pos).copied().unwrap_or(NONE);
            let form = t.forms.get(pos).copied();
            let ok = if pos < len {
                // A card fights as printed; the Double-faced card may be a Golem, and the
                // Summoner takes the form of what it copies.
                let form_fits = |c: Card| {
                    c == Power::Summoner.card()
                        || form == Some(Form::of(c, false))
                        || c == Power::DoubleFaced.card() && form == Some(Form::of(c, true))
                };
                Card::new(card).is_some_and(|c| self.table.played.has(c) && form_fits(c))
                    && form.map(Form::code) == t.codes.get(pos).copied()
                    && (effect == NONE || usize::from(effect) < 16)
            } else {
                card == NONE && effect == NONE && t.codes.get(pos) == Some(&0)
            };
            if !ok {
                return Err(SetupError::Inconsistent("trick cards"));
            }
        }
        Ok(())
    }

    /// The phase fits the bids and the trick.
    fn check_phase(&self, base: usize, dealt: usize) -> Result<(), SetupError> {
        let n = self.n();
        let t = &self.table.trick;
        let len = usize::from(t.len);
        let first = self.table.dealer.left(n);
        // Bids are placed from the dealer's left: the seats that have bid are the first
        // ones from there (so the seat to bid has not bid yet, and `undo` of its bid
        // clears exactly what the bid set).
        let bids = self.placed_bids();
        let complete = self.bids_complete();
        // The Split: the seats that placed both bids (the next bids from there).
        let split = self.split();
        let next = if split { self.split_bidders_done() } else { bids };
        // Blind Bidding's face-down bids are placed in any order (missions rounds place none).
        // (Suit Precision's suit bids are checked in `check_precision`.)
        let in_order = !self.table.rounds.round_type.bids_are_public()
            || self.table.rounds.round_type.has_missions()
            || self.precision()
            || (0..n).all(|i| {
                let s = first.offset(i, n);
                let (bid, other) = (at(&self.table.bids, s).is_some(), at(&self.table.rounds.other_bids, s).is_some());
                match i.cmp(&next) {
                    core::cmp::Ordering::Less => bid && (other || !split),
                    core::cmp::Ordering::Equal => !other && (split || !bid),
                    core::cmp::Ordering::Greater => !bid && !other,
                }
            });
        if !in_order {
            return Err(SetupError::BidOrder);
        }
        let blind = self.table.rounds.round_type == crate::round_types::RoundType::BlindBidding;
        let missions = self.table.rounds.round_type.has_missions();
        let mismatch = Err(SetupError::Phase(Some(self.table.phase)));
        let (_, second) = self.halves();
        let asides = |size: u32| self.table.rounds.aside.iter().take(n).all(|a| a.len() == size);
        match self.table.phase {
            Phase::Bidding(_) | Phase::BlindBidding if missions => return mismatch,
            Phase::Missions if !missions || complete => return mismatch,
            Phase::Bidding(_) if blind || split && !asides(u32::from(second)) => return mismatch,
            Phase::BlindBidding if !blind || complete => return mismatch,
            Phase::Splitting if !split || bids != 0 || self.splitters().is_empty() => return mismatch,
            Phase::LeakedSuit if !self.leak_pending() => return mismatch,
            Phase::Teams if !self.alliance_round() || self.teams_formed() || bids != 0 => return mismatch,
            Phase::Bidding(_) | Phase::Missions if self.alliance_round() && !self.teams_formed() => return mismatch,
            Phase::Pairing if !self.pairing_pending() || bids != 0 => return mismatch,
            Phase::Bidding(_) if self.pairing_pending() => return mismatch,
            Phase::ChooseTrump if !asides(0) => return mismatch,
            Phase::ChooseTrump
            | Phase::Bidding(_)
            | Phase::BlindBidding
            | Phase::Splitting
            | Phase::Missions
            | Phase::LeakedSuit
            | Phase::Teams
            | Phase::Pairing => {
                if len != 0 || base != dealt {
                    return mismatch;
                }
                if t.leader != first || t.next_leader != first {
                    let leader = if t.leader != first { t.leader } else { t.next_leader };
                    return Err(SetupError::Leader { leader, expected: first });
                }
                match self.table.phase {
                    Phase::ChooseTrump if bids != 0 => return mismatch,
                    Phase::ChooseTrump if self.table.trump != crate::actions::Trump::NoTrump => {
                        return Err(SetupError::Trump("the dealer has yet to choose the trump"));
                    }
                    Phase::Bidding(s) if s != first.offset(next, n) || complete => return Err(SetupError::BidOrder),
                    _ => {}
                }
            }
            Phase::Play(s) => {
                if !complete || len >= n || t.resolving != NONE || t.flipping || s != t.leader.offset(len, n) {
                    return mismatch;
                }
            }
            Phase::Effect { seat, power, end, steps } => {
                if !complete {
                    return mismatch;
                }
                if !power.has_decision() {
                    return Err(SetupError::NoDecision { power });
                }
                // The card waiting for this decision: the last one played (an immediate
                // action), or the one resolving at the end of the complete trick.
                let pos = if end {
                    if len != n || t.resolving == NONE {
                        return mismatch;
                    }
                    usize::from(t.resolving)
                } else {
                    if len == 0 || t.resolving != NONE {
                        return mismatch;
                    }
                    len - 1
                };
                // (Long Play: at the end, positions run over both passes.)
                let carried = if end { self.effect_on_table(pos) } else { t.effect(pos) };
                if carried != Some(power)
                    || seat != t.leader.offset(pos, n)
                    || self.acts_at_end(pos, power) != end
                    || t.flipping != (end && self.acts_at_flip(pos, power))
                {
                    return Err(SetupError::EffectCard { power });
                }
                let witch = power == Power::Witch;
                if witch && !(1..=self.witch_steps()).contains(&steps) || !witch && steps != 0 {
                    return Err(SetupError::WitchSteps { steps });
                }
            }
            Phase::Passing { magician, .. } => {
                // The Magician played last, or (Stealth Play) turned up at the reveal.
                let pos = if t.resolving == NONE { len.wrapping_sub(1) } else { usize::from(t.resolving) };
                let at_end = t.resolving != NONE;
                let face_down = !at_end && len > 1 && self.stealth();
                if !complete || len == 0 || face_down || at_end != (len == n && self.revealed_late(pos)) {
                    return mismatch;
                }
                if t.effect(pos) != Some(Power::Magician)
                    || magician != t.leader.offset(pos, n)
                    || t.flipping != (at_end && self.acts_at_flip(pos, Power::Magician))
                {
                    return Err(SetupError::EffectCard { power: Power::Magician });
                }
            }
            // Suit Precision: who places and from which trick is checked in `check_precision`.
            Phase::Place { .. } => {
                if !complete || !self.precision() {
                    return mismatch;
                }
            }
            // The game ends only when its last round does: every card played.
            Phase::Over => {
                if len != 0 || base != 0 || usize::from(self.table.round) + 1 < self.config.schedule.rounds() {
                    return mismatch;
                }
            }
        }
        Ok(())
    }

    /// No seat holds a suit it is publicly known to lack (determinization deals every
    /// unseen card around the voids, so it could not deal such a hand back), nor played
    /// one to the trick (or Long Play's pass) on the table: a void comes from an earlier
    /// card, so no later card of the trick can be of that suit until the end-of-trick
    /// actions (a Cursed swap moves voids between hands). Determinization puts Stealth Play's face-down cards back in
    /// their hands, around the voids.
    fn check_voids(&self) -> Result<(), SetupError> {
        // (Long Play: the pass being played; a seat's second card may make it void in the
        // suit of its first.)
        let t = &self.table.trick;
        if t.resolving == NONE {
            for pos in 0..usize::from(t.len) {
                let s = t.leader.offset(pos, self.n());
                if let Some(suit) = t.card(pos).and_then(Card::suit)
                    && at(&self.table.voids, s) >> suit.index() & 1 == 1
                {
                    return Err(SetupError::Void { seat: s, suit });
                }
            }
        }
        for s in self.seats() {
            let voids = at(&self.table.voids, s);
            if let Some(suit) = SuitId::ALL
                .into_iter()
                .find(|&suit| voids >> suit.index() & 1 == 1 && !self.hand(s).and(CardSet::suit(suit)).is_empty())
            {
                return Err(SetupError::Void { seat: s, suit });
            }
        }
        Ok(())
    }

    /// Bids revealed by the last round (Blind Bidding): none, or one per seat within the
    /// tokens, after a round (the one just played once the game is over), in a game whose
    /// rounds may hide their bids.
    fn check_revealed_bids(&self) -> Result<(), SetupError> {
        let n = self.n();
        let given = self.table.rounds.revealed_bids.iter().filter(|b| b.is_some()).count();
        if given == 0 {
            return Ok(());
        }
        let hides = crate::round_types::listed(self.config.round_types.chosen()).any(|t| !t.bids_are_public());
        let fits =
            |b: &Option<crate::actions::Bid>| b.is_some_and(|b| b.high() <= self.config.max_bid && b.low() <= b.high());
        let all = self.table.rounds.revealed_bids.iter().take(n).all(fits) && given == n;
        if !hides || !all || self.table.round == 0 && self.table.phase != Phase::Over {
            return Err(SetupError::RevealedBids);
        }
        Ok(())
    }

    /// The last trick a Stealth Play round turned up: none, or one card per player led by
    /// a player, in a Stealth Play round or after a round, in a game whose rounds may be
    /// Stealth Play rounds.
    fn check_revealed_trick(&self) -> Result<(), SetupError> {
        if self.table.rounds.revealed_trick == [NONE; crate::state::MAX_PLAYERS] {
            return Ok(());
        }
        let stealth = crate::round_types::listed(self.config.round_types.chosen())
            .any(|t| t == crate::round_types::RoundType::StealthPlay);
        let (cards, _) = self.revealed_cards();
        let after_round = self.table.round > 0 || self.table.phase == Phase::Over || self.stealth();
        if !stealth || cards.len() != self.n() || self.table.rounds.revealed_leader.index() >= self.n() || !after_round
        {
            return Err(SetupError::RevealedTrick);
        }
        Ok(())
    }

    /// Every seat to act has a legal action.
    fn check_to_act(&self) -> Result<(), SetupError> {
        let mut legal = Vec::new();
        for seat in duke_core::Game::to_act(self).iter() {
            duke_core::Game::legal_actions(self, seat, &mut legal);
            if legal.is_empty() {
                return Err(SetupError::NoLegalAction { seat });
            }
        }
        Ok(())
    }

    /// Magician passes: only during the passes, by the other players, of a card in hand;
    /// once everyone else has chosen, the Magician's player knows the card coming to it
    /// ("Only this card's player sees the card pass to them before choosing"), as the game
    /// records it: determinization keeps that pass only as a card it knows.
    fn check_passes(&self) -> Result<(), SetupError> {
        let n = self.n();
        for s in (0..MAX_PLAYERS as u8).map(Seat) {
            let p = at(&self.table.passes, s);
            let may_pass =
                matches!(self.table.phase, Phase::Passing { magician, .. } if magician != s && s.index() < n);
            if p != NONE && (!may_pass || !Card::new(p).is_some_and(|c| self.hand(s).has(c))) {
                return Err(SetupError::Pass { seat: s });
            }
        }
        if let Some((magician, from, card)) = self.seen_pass()
            && !at(&self.table.known, magician).has(card)
        {
            return Err(SetupError::Pass { seat: from });
        }
        Ok(())
    }

    /// The Magician's passes once everyone else has chosen: the Magician's player, the
    /// seat passing to it, and the card it saw coming ("Only this card's player sees the
    /// card pass to them before choosing"): knowledge the game records, and the default
    /// knowledge of a loaded state.
    pub(crate) fn seen_pass(&self) -> Option<(Seat, Seat, Card)> {
        let Phase::Passing { magician, direction } = self.table.phase else { return None };
        if self.passers_waiting(magician) != 0 {
            return None;
        }
        let from = match direction {
            crate::actions::Direction::Left => magician.right(self.n()),
            crate::actions::Direction::Right => magician.left(self.n()),
        };
        Card::new(at(&self.table.passes, from)).map(|c| (magician, from, c))
    }
}

#[cfg(test)]
mod tests {
    use duke_core::Game;

    use super::*;
    use crate::setup::Config;

    /// What no setup can build (a setup places every card once and rebuilds the trick from
    /// its cards) is still checked: an engine bug would show here.
    #[test]
    fn broken_invariants_are_reported() {
        let mut game = CrownBattles::new(&Config::default(), 3).unwrap();
        let mut legal = Vec::new();
        while game.table.trick.len == 0 {
            let seat = game.to_act().first().unwrap();
            game.legal_actions(seat, &mut legal);
            game.apply(seat, legal[0]).unwrap();
        }
        assert_eq!(game.check(), Ok(()));
        let mut lost = game.clone();
        lost.table.deck = CardSet::EMPTY;
        assert!(matches!(lost.check(), Err(SetupError::Inconsistent(_))));
        let mut forged = game.clone();
        forged.table.trick.forms[0] = Form::DragonKing;
        assert!(matches!(forged.check(), Err(SetupError::Inconsistent(_))));
        let mut coded = game.clone();
        coded.table.trick.codes[0] ^= 1;
        assert!(matches!(coded.check(), Err(SetupError::Inconsistent(_))));
        assert!(game.validate().is_ok() && coded.validate().unwrap_err().to_string().contains("broken invariant"));
        // Stealth Play's flip (`Trick::flipping`) only while a face-down card's immediate
        // action waits on a complete trick.
        let mut flipping = game;
        flipping.table.trick.flipping = true;
        assert!(matches!(flipping.check(), Err(SetupError::Phase(_))));
    }
}
