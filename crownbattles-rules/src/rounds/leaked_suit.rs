//! Leaked Suit (rulebook "Leaked Suit"): "Before bidding, players choose one suit to reveal.
//! Then players reveal all cards in their chosen suit simultaneously face up. Then bidding
//! starts … just like in Normal bidding. All revealed cards remain part of players' hand
//! and can be played normally." Peasants and Special Power cards cannot be chosen; the
//! Golems, Dragons, Golem King and Dragon King count as one suit ([`Leak::Monsters`]; the
//! printed "Dragon Slayer (DD)" is the Dragon King, "DD" on its own page: RULES.md,
//! reading 39).
//!
//! The reveal comes after the spinner (and the dealer's trump choice), before the first
//! bid. How the suits are chosen is [`LeakChoice`] (the printed variations); with
//! [`LeakChoice::Simultaneous`] every seat that has not chosen is to act
//! ([`Phase::LeakedSuit`]), in any order, the choices hidden until all have chosen (as Blind
//! Bidding's bids). A revealed card becomes known to every seat (`CrownBattles::known`),
//! so views list it in its holder's hand and determinization keeps it there; which suit
//! each seat revealed is public (`View::leaks`, `Event::SuitLeaked`). RULES.md, reading 39.

use duke_core::{GameRng, Seat, SeatSet};

use crate::actions::{Action, Leak, MONSTERS, NOTHING};
use crate::cards::{CardSet, SuitId};
use crate::position::SetupError;
use crate::round_types::RoundType;
use crate::rounds::options::LeakChoice;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, put};

impl CrownBattles {
    /// Whether this round is a Leaked Suit round.
    #[inline]
    pub(crate) fn leaked_round(&self) -> bool {
        self.table.rounds.round_type == RoundType::LeakedSuit
    }

    /// Whether some seat has yet to get its suit to reveal.
    pub(crate) fn leak_pending(&self) -> bool {
        self.leaked_round() && self.table.rounds.leaks.iter().take(self.n()).any(|&l| l == NONE)
    }

    /// The phase once the trump is known: the automatic variations reveal now, with the
    /// generator; the others wait for the choices (see [`Self::bidding_phase`]).
    pub(crate) fn before_bidding(&mut self) -> Phase {
        if self.table.rounds.round_type.is_normal() {
            return self.bidding_phase();
        }
        // Duel Fights with a random pairing: the generator groups everyone now.
        if self.pairing_pending() && self.config.duels.pairing == crate::rounds::DuelPairing::Random {
            self.draw_duels();
        }
        if self.leaked_round() && self.leak_pending() {
            // A deck of Peasants and power cards only: there is no suit to choose.
            if self.config.deck.cards().and(choosable()).is_empty() {
                self.leak_all(NOTHING);
                return self.bidding_phase();
            }
            match self.config.leak_choice {
                LeakChoice::Spinner => {
                    let weights = self.config.spinner.map(u32::from);
                    match self.table.rng.weighted(&weights) {
                        Some(i @ 0..=3) => self.leak_all(i as u8),
                        Some(4) => self.leak_all(NOTHING),
                        _ => {} // The dealer decides.
                    }
                }
                LeakChoice::Neighbour => {
                    let n = self.n();
                    for i in 0..n {
                        let target = self.table.dealer.offset(i, n).left(n);
                        let hand = self.hand(target).and(choosable());
                        let code = hand.nth(self.table.rng.below(hand.len())).map_or(NOTHING, kind_of);
                        put(&mut self.table.rounds.leaks, target, code);
                        self.reveal_leak(target);
                    }
                }
                _ => {}
            }
        }
        self.bidding_phase()
    }

    /// Every seat reveals the same suit (the dealer's or the spinner's).
    fn leak_all(&mut self, code: u8) {
        for s in self.seats() {
            put(&mut self.table.rounds.leaks, s, code);
        }
        for s in self.seats() {
            self.reveal_leak(s);
        }
    }

    /// Whether one choice (the dealer's) sets every seat's suit.
    fn dealer_decides(&self) -> bool {
        matches!(self.config.leak_choice, LeakChoice::Dealer | LeakChoice::Spinner)
    }

    /// The seats to choose now.
    pub(crate) fn leakers(&self) -> SeatSet {
        let n = self.n();
        match self.config.leak_choice {
            _ if !self.leak_pending() => SeatSet::EMPTY,
            LeakChoice::Simultaneous => self.seats().filter(|&s| at(&self.table.rounds.leaks, s) == NONE).collect(),
            LeakChoice::Clockwise => (0..n)
                .map(|i| self.table.dealer.left(n).offset(i, n))
                .find(|&s| at(&self.table.rounds.leaks, s) == NONE)
                .map_or(SeatSet::EMPTY, SeatSet::single),
            LeakChoice::Dealer | LeakChoice::Spinner => SeatSet::single(self.table.dealer),
            LeakChoice::Neighbour => SeatSet::EMPTY,
        }
    }

    /// The suits `seat` may choose: each kind the deck holds; with
    /// `Config::leak_only_held`, a player choosing for itself must choose a kind it holds
    /// when it holds any (RULES.md, reading 39).
    fn leak_options(&self, seat: Seat) -> u8 {
        let deck = self.config.deck.cards();
        let mut options = 0u8;
        let mut held = 0u8;
        for leak in Leak::CHOICES {
            if !deck.and(leak.cards()).is_empty() {
                options |= 1 << leak.code();
            }
            if !self.hand(seat).and(leak.cards()).is_empty() {
                held |= 1 << leak.code();
            }
        }
        if self.config.leak_only_held && !self.dealer_decides() && held != 0 { held } else { options }
    }

    /// The legal choices of `seat`, in notation order.
    pub(crate) fn push_leaks(&self, seat: Seat, out: &mut Vec<Action>) {
        let options = self.leak_options(seat);
        out.extend(Leak::CHOICES.into_iter().filter(|l| options >> l.code() & 1 == 1).map(Action::Leak));
    }

    /// Whether `seat` may choose `leak` now (it is to act).
    pub(crate) fn leak_allows(&self, seat: Seat, leak: Leak) -> bool {
        leak != Leak::Nothing && self.leak_options(seat) >> leak.code() & 1 == 1
    }

    /// Records a choice; reveals what the variation reveals now; bidding starts once every
    /// seat has its suit.
    pub(crate) fn choose_leak(&mut self, seat: Seat, leak: Leak) {
        if self.dealer_decides() {
            self.leak_all(leak.code());
        } else {
            put(&mut self.table.rounds.leaks, seat, leak.code());
            match self.config.leak_choice {
                LeakChoice::Clockwise => self.reveal_leak(seat),
                _ if !self.leak_pending() => {
                    for s in self.seats() {
                        self.reveal_leak(s);
                    }
                }
                _ => {}
            }
        }
        if !self.leak_pending() {
            self.table.phase = self.bidding_phase();
        }
    }

    /// `seat` shows its cards of its suit: every other seat knows them from now on.
    fn reveal_leak(&mut self, seat: Seat) {
        let shown = self.leaked_cards(seat);
        self.table.rounds.shown = self.table.rounds.shown.or(shown);
        let n = self.n();
        for (x, known) in self.table.known.iter_mut().enumerate().take(n) {
            if x != seat.index() {
                *known = known.or(shown);
            }
        }
    }

    /// Whether everyone sees which suit `seat` revealed.
    pub(crate) fn leak_public(&self, seat: Seat) -> bool {
        self.leaked_round()
            && at(&self.table.rounds.leaks, seat) != NONE
            && (self.config.leak_choice != LeakChoice::Simultaneous || !self.leak_pending())
    }

    /// The suit `seat` chose or got, if any.
    pub(crate) fn leak_of(&self, seat: Seat) -> Option<Leak> {
        Leak::from_code(at(&self.table.rounds.leaks, seat)).filter(|_| self.leaked_round())
    }

    /// The cards `seat` holds of its revealed suit (none before its reveal).
    pub(crate) fn leaked_cards(&self, seat: Seat) -> CardSet {
        match self.leak_of(seat) {
            Some(leak) if self.leak_public(seat) => self.hand(seat).and(leak.cards()),
            _ => CardSet::EMPTY,
        }
    }

    /// A smuggle, a trade or the Magician's passes changed `seat`'s hand unseen: its shown
    /// cards are no longer where everyone saw them, nor is its revealed suit all it holds.
    pub(crate) fn unseal(&mut self, seat: Seat) {
        if !self.leaked_round() {
            return;
        }
        self.table.rounds.shown = self.table.rounds.shown.minus(self.hand(seat));
        self.table.rounds.unsealed |= crate::state::bit(seat);
    }

    /// Determinization: the kinds (bit 0–3 a suit, bit 5 the monsters) `seat`'s unseen
    /// cards cannot be, since it revealed every card it holds of that suit.
    pub(crate) fn leak_refuses(&self, seat: Seat) -> u8 {
        if !self.leak_public(seat) || self.table.rounds.unsealed & crate::state::bit(seat) != 0 {
            return 0;
        }
        match at(&self.table.rounds.leaks, seat) {
            code @ 0..=3 => 1 << code,
            MONSTERS => 1 << 5,
            _ => 0,
        }
    }

    /// What every seat knows from the reveals so far, given the hands: the default
    /// knowledge of a loaded state (`position/build.rs`).
    pub(crate) fn leak_knowledge(&self) -> [CardSet; MAX_PLAYERS] {
        let mut known = [CardSet::EMPTY; MAX_PLAYERS];
        for s in self.seats() {
            let shown = self.leaked_cards(s);
            for (x, k) in known.iter_mut().enumerate().take(self.n()) {
                if x != s.index() {
                    *k = k.or(shown);
                }
            }
        }
        known
    }

    /// What every seat knows from the cards shown to a spectator (`shown`): each shown card
    /// in a hand, to every other seat (what everyone saw revealed). The default knowledge of
    /// a loaded state whose setup leaves it out.
    pub(crate) fn shown_knowledge(&self) -> [CardSet; MAX_PLAYERS] {
        let mut known = [CardSet::EMPTY; MAX_PLAYERS];
        for s in self.seats() {
            let shown = self.hand(s).and(self.table.rounds.shown);
            for (x, k) in known.iter_mut().enumerate().take(self.n()) {
                if x != s.index() {
                    *k = k.or(shown);
                }
            }
        }
        known
    }

    /// Determinization: the choices of the other seats still face down are unknown to
    /// `seat`, so each is re-chosen among that seat's options in the imagined deal.
    pub(crate) fn redraw_hidden_leaks(&mut self, seat: Seat, rng: &mut GameRng) {
        if self.config.leak_choice != LeakChoice::Simultaneous || !self.leak_pending() {
            return;
        }
        for s in self.seats() {
            let chosen = at(&self.table.rounds.leaks, s);
            if s == seat || chosen == NONE {
                continue;
            }
            let options = self.leak_options(s);
            let pick = rng.below(options.count_ones());
            let code = (0..8u8).filter(|k| options >> k & 1 == 1).nth(pick as usize);
            put(&mut self.table.rounds.leaks, s, code.unwrap_or(chosen));
        }
    }

    /// A loaded state's suits: none outside a Leaked Suit round; codes that exist (`none`
    /// only from the spinner or a neighbour's draw); one suit for all when the dealer or
    /// the spinner decides; clockwise choices from the dealer's left; all chosen once the
    /// bidding has begun, none while the dealer chooses the trump.
    pub(crate) fn check_leaks(&self) -> Result<(), SetupError> {
        let n = self.n();
        let bad = Err(SetupError::Leaks);
        let leaks = self.table.rounds.leaks.get(..n).unwrap_or(&[]);
        if self.table.rounds.leaks.iter().skip(n).any(|&l| l != NONE) || u16::from(self.table.rounds.unsealed) >> n != 0
        {
            return bad;
        }
        if !self.leaked_round() {
            return if leaks.iter().all(|&l| l == NONE)
                && self.table.rounds.shown.is_empty()
                && self.table.rounds.unsealed == 0
            {
                Ok(())
            } else {
                bad
            };
        }
        let automatic = matches!(self.config.leak_choice, LeakChoice::Spinner | LeakChoice::Neighbour)
            || self.config.deck.cards().and(choosable()).is_empty();
        if leaks.iter().any(|&l| l != NONE && (l > NOTHING || l == NOTHING && !automatic)) {
            return bad;
        }
        let chosen = leaks.iter().filter(|&&l| l != NONE).count();
        if !self.table.rounds.shown.minus(self.config.deck.cards()).is_empty() {
            return bad;
        }
        let first = self.table.dealer.left(n);
        let fits = match self.config.leak_choice {
            _ if automatic && leaks.contains(&NOTHING) && self.config.leak_choice != LeakChoice::Neighbour => {
                leaks.iter().all(|&l| l == NOTHING)
            }
            LeakChoice::Dealer | LeakChoice::Spinner => leaks.iter().all(|&l| Some(&l) == leaks.first()),
            LeakChoice::Clockwise => {
                (0..n).all(|i| (at(&self.table.rounds.leaks, first.offset(i, n)) != NONE) == (i < chosen))
            }
            LeakChoice::Neighbour => chosen == 0 || chosen == n,
            LeakChoice::Simultaneous => true,
        };
        let waiting = matches!(self.table.phase, Phase::ChooseTrump | Phase::LeakedSuit);
        let phase_fits = match self.table.phase {
            Phase::ChooseTrump => chosen == 0,
            Phase::LeakedSuit => chosen < n && self.config.leak_choice != LeakChoice::Neighbour,
            _ => chosen == n,
        };
        if !fits || !phase_fits || waiting && self.table.bids.iter().any(Option::is_some) {
            return bad;
        }
        // What a spectator sees revealed (`shown`) is what every seat saw: a card still in a
        // hand is known to every other seat (determinization keeps it there for each), and
        // no unplayed revealed card is elsewhere (a hand changed unseen drops its cards).
        for c in self.table.rounds.shown.minus(self.table.played).iter() {
            let Some(holder) = self.seats().find(|&s| self.hand(s).has(c)) else { return bad };
            if self.seats().any(|x| x != holder && !at(&self.table.known, x).has(c)) {
                return bad;
            }
        }
        // A seat whose revealed suit is all it holds of it: the others know those cards.
        for s in self.seats().filter(|&s| self.leak_refuses(s) != 0) {
            let cards = self.leak_of(s).map_or(CardSet::EMPTY, |l| self.hand(s).and(l.cards()));
            if self.seats().any(|x| x != s && !cards.minus(at(&self.table.known, x)).is_empty()) {
                return bad;
            }
        }
        Ok(())
    }
}

/// The cards that can be chosen as a suit: the numbered cards and the monsters.
fn choosable() -> CardSet {
    SuitId::ALL.into_iter().fold(Leak::Monsters.cards(), |set, s| set.or(CardSet::suit(s)))
}

/// The code of the kind a choosable card belongs to.
fn kind_of(card: crate::cards::Card) -> u8 {
    card.suit().map_or(MONSTERS, |s| s.index() as u8)
}
