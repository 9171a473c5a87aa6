//! The duke-core [`Game`] contract for Crown Battles.

use duke_core::{Better, Game, InvalidState, Observer, Outcome, Seat, SeatSet};

use crate::actions::{Action, Bid, Trump};
use crate::cards::{Card, CardSet, Power, SuitId};
use crate::events::Event;
use crate::setup::{Config, ConfigError};
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at};
use crate::trick::{Form, Trick};
use crate::view::View;

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// That seat may not act now.
    #[error("{0} may not act now")]
    NotYourTurn(Seat),
    /// The action is not legal now.
    #[error("{action} is not legal for {seat} now")]
    Illegal {
        /// Who tried.
        seat: Seat,
        /// What.
        action: Action,
    },
}

/// What [`Game::undo`] needs: for a bid, a card that does not end the round, the trump
/// choice and the effect decisions that move only tricks, points, a bid, the trump or the
/// next leader, the few fields they change; otherwise the whole state before the action.
#[derive(Clone, Debug)]
pub struct Undo(Taken);

// The whole-state variant is large on purpose: boxing it would allocate on every action.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Taken {
    Whole(CrownBattles),
    Play {
        seat: Seat,
        card: Card,
        void: u8,
        wizards: u8,
        trick: Trick,
        tricks: [u8; MAX_PLAYERS],
        phase: Phase,
    },
    Bid {
        seat: Seat,
        phase: Phase,
    },
    Light {
        trump: Trump,
        trick: Trick,
        tricks: [u8; MAX_PLAYERS],
        scores: [i32; MAX_PLAYERS],
        bids: [Option<Bid>; MAX_PLAYERS],
        phase: Phase,
    },
}

impl CrownBattles {
    fn allows(&self, seat: Seat, action: Action) -> bool {
        match (self.phase, action) {
            (Phase::ChooseTrump, Action::Trump(t)) => t != Trump::NoTrump || self.config.dealer_may_choose_no_trump,
            (Phase::Bidding(_), a) => self.bidding_allows(seat, a),
            (Phase::Play(_), Action::Play(face)) => self.playable(seat).find(face).is_some(),
            (Phase::Play(_), Action::PlayDoubleFacedAsGolem) => self.playable(seat).has(Power::DoubleFaced.card()),
            (Phase::Effect { power, .. }, a) => self.effect_allows(seat, power, a),
            (Phase::Passing { .. }, Action::Give(face)) => self.hand(seat).find(face).is_some(),
            _ => false,
        }
    }

    fn perform(&mut self, seat: Seat, action: Action) {
        match (self.phase, action) {
            (Phase::ChooseTrump, Action::Trump(t)) => {
                self.trump = t;
                self.phase = Phase::Bidding(self.dealer.left(self.n()));
            }
            (Phase::Bidding(_), a) => self.apply_bidding(seat, a),
            (Phase::Play(_), Action::Play(face)) => {
                if let Some(card) = self.hand(seat).find(face) {
                    self.play(seat, card, false);
                }
            }
            (Phase::Play(_), Action::PlayDoubleFacedAsGolem) => self.play(seat, Power::DoubleFaced.card(), true),
            (Phase::Effect { power, end, steps, .. }, a) => self.resolve_effect(seat, power, end, steps, a),
            (Phase::Passing { magician, direction }, Action::Give(face)) => {
                if let Some(card) = self.hand(seat).find(face) {
                    self.choose_pass(seat, card, magician, direction);
                }
            }
            _ => {}
        }
    }

    /// [`Game::apply`] for everything but its fast paths (a card that does not end the
    /// round, a legal bid).
    #[inline(never)]
    fn apply_other(&mut self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        if self.phase == Phase::Over {
            return Err(ActionError::GameOver);
        }
        if !self.to_act().contains(seat) {
            return Err(ActionError::NotYourTurn(seat));
        }
        if !self.allows(seat, action) {
            return Err(ActionError::Illegal { seat, action });
        }
        // The trump choice and the effect decisions that move only tricks, points, a bid, the
        // trump or the next leader, unless the round may end (the trick leader has no card
        // left): the few fields they can change are saved instead of the whole state.
        let light = match (self.phase, action) {
            (Phase::ChooseTrump, _) => true,
            (Phase::Effect { .. }, a) => {
                matches!(a, Action::Trump(_) | Action::Lead(_) | Action::Jest(_) | Action::Steal(_) | Action::Hex(_))
                    || a == Action::Keep
            }
            _ => false,
        };
        if light && !self.hand(self.trick.leader).is_empty() {
            let taken = Taken::Light {
                trump: self.trump,
                trick: self.trick,
                tricks: self.tricks,
                scores: self.scores,
                bids: self.bids,
                phase: self.phase,
            };
            self.perform(seat, action);
            return Ok(Undo(taken));
        }
        let before = *self;
        self.perform(seat, action);
        Ok(Undo(Taken::Whole(before)))
    }

    /// The general dispatch of [`Game::to_act`] (which answers plays and bids itself).
    #[inline(never)]
    fn seats_to_act(&self) -> SeatSet {
        match self.phase {
            Phase::ChooseTrump => SeatSet::single(self.dealer),
            Phase::Bidding(s) | Phase::Play(s) | Phase::Effect { seat: s, .. } => SeatSet::single(s),
            Phase::Passing { magician, .. } => {
                let waiting = self.passers_waiting(magician);
                if waiting == 0 { SeatSet::single(magician) } else { SeatSet(u16::from(waiting)) }
            }
            Phase::Over => SeatSet::EMPTY,
        }
    }

    /// The general dispatch of [`Game::legal_actions`] (which answers plays and bids itself).
    #[inline(never)]
    fn push_other_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.to_act().contains(seat) {
            return;
        }
        match self.phase {
            Phase::ChooseTrump => {
                out.extend(SuitId::ALL.map(|s| Action::Trump(Trump::Suit(s))));
                if self.config.dealer_may_choose_no_trump {
                    out.push(Action::Trump(Trump::NoTrump));
                }
            }
            Phase::Bidding(_) => self.push_bidding_actions(seat, out),
            Phase::Play(_) => self.push_plays(seat, out),
            Phase::Effect { power, .. } => self.push_effect_actions(seat, power, out),
            Phase::Passing { .. } => self.push_passes(seat, out),
            Phase::Over => {}
        }
    }

    /// Checks every invariant: config, seats, card conservation, hand sizes, phase.
    pub(crate) fn check(&self) -> Result<(), InvalidState> {
        let bad = |why: &str| Err(InvalidState::new(why));
        let config = self.config.validated().map_err(|e| InvalidState::new(format!("config: {e}")))?;
        let n = self.n();
        let mask = ((1u16 << n) - 1) as u8;
        if self.dealer.index() >= n || self.trick.leader.index() >= n || self.trick.next_leader.index() >= n {
            return bad("a seat beyond the players");
        }
        if usize::from(self.round) >= config.schedule.rounds() + usize::from(config.max_tie_replays) {
            return bad("round beyond the schedule and its replays");
        }
        // Card conservation: every card of the deck is in exactly one hand, the deck or played.
        let mut seen = CardSet::EMPTY;
        let mut total = 0;
        for (i, h) in self.hands.iter().enumerate() {
            if i >= n && !h.is_empty() {
                return bad("cards in the hand of a seat beyond the players");
            }
            seen = seen.or(*h);
            total += h.len();
        }
        for set in [self.deck, self.played] {
            seen = seen.or(set);
            total += set.len();
        }
        if seen != config.deck.cards() || total != seen.len() {
            return bad("cards are not conserved (lost, duplicated or foreign cards)");
        }
        if self.known.iter().any(|k| k.0 & !CardSet::BOX.0 != 0) || self.known.iter().skip(n).any(|k| !k.is_empty()) {
            return bad("knowledge of cards outside the box");
        }
        // Hand sizes: equal at the start of a trick, one fewer for those who played in it.
        let t = &self.trick;
        let len = usize::from(t.len);
        if len > n || t.resolving != NONE && usize::from(t.resolving) > len {
            return bad("trick length");
        }
        let leader_hand = self.hand(t.leader).len() as usize;
        let base = leader_hand + usize::from(len > 0);
        for pos in 0..n {
            let s = t.leader.offset(pos, n);
            if self.hand(s).len() as usize + usize::from(pos < len) != base {
                return bad("hand sizes do not match the trick");
            }
        }
        let dealt = usize::from(self.cards_this_round());
        if base > dealt || self.played.len() as usize != n * (dealt - base) + len {
            return bad("played cards do not match the hands");
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
                Card::new(card).is_some_and(|c| self.played.has(c) && form_fits(c))
                    && form.map(Form::code) == t.codes.get(pos).copied()
                    && (effect == NONE || usize::from(effect) < 16)
            } else {
                card == NONE && effect == NONE && t.codes.get(pos) == Some(&0)
            };
            if !ok {
                return bad("trick cards");
            }
        }
        let won: u32 = self.tricks.iter().map(|&w| u32::from(w)).sum();
        let completed = (dealt - base) as u32 + u32::from(len == n && t.resolving != NONE);
        if won > completed || self.tricks.iter().skip(n).any(|&w| w != 0) || self.scores.iter().skip(n).any(|&s| s != 0)
        {
            return bad("tricks or scores");
        }
        if self.scores.iter().any(|s| s.unsigned_abs() > 1_000_000) {
            return bad("scores out of range");
        }
        for (i, b) in self.bids.iter().enumerate() {
            if let Some(b) = b
                && (i >= n || b.high() > config.max_bid || b.low() > b.high())
            {
                return bad("bids");
            }
        }
        if (self.wizards | self.shields | self.smuggled) & !mask != 0 || self.voids.iter().any(|&v| v > 0x0F) {
            return bad("flags");
        }
        if self.crown.is_some_and(|c| c.index() >= n) {
            return bad("crown");
        }
        let bids = self.bids.iter().take(n).filter(|b| b.is_some()).count();
        let first = self.dealer.left(n);
        let phase_ok = match self.phase {
            Phase::ChooseTrump => bids == 0 && len == 0 && base == dealt,
            Phase::Bidding(s) => {
                s.index() < n && len == 0 && base == dealt && (s.index() + n - first.index()) % n == bids
            }
            Phase::Play(s) => bids == n && len < n && t.resolving == NONE && s == t.leader.offset(len, n),
            Phase::Effect { seat, power, end, steps } => {
                bids == n
                    && seat.index() < n
                    && steps <= 6
                    && if end {
                        len == n && t.resolving != NONE && usize::from(t.resolving) < len
                    } else {
                        len > 0 && t.resolving == NONE && seat == t.leader.offset(len - 1, n)
                    }
                    && (power != Power::Witch || steps > 0)
            }
            Phase::Passing { magician, .. } => {
                bids == n && len > 0 && t.resolving == NONE && magician == t.leader.offset(len - 1, n)
            }
            Phase::Over => true,
        };
        if !phase_ok {
            return bad("the phase does not fit the state");
        }
        for s in (0..MAX_PLAYERS as u8).map(Seat) {
            let p = at(&self.passes, s);
            let may_pass = matches!(self.phase, Phase::Passing { magician, .. } if magician != s && s.index() < n);
            if p != NONE && (!may_pass || !crate::cards::Card::new(p).is_some_and(|c| self.hand(s).has(c))) {
                return bad("Magician passes");
            }
        }
        Ok(())
    }
}

impl Game for CrownBattles {
    type Config = Config;
    type Action = Action;
    type Undo = Undo;
    type View = View;
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;

    const NAME: &'static str = "crownbattles";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");

    /// The rulebook's base game for `players` (default 4): [`Config::base`].
    fn rulebook_config(players: Option<u8>) -> Result<Config, ConfigError> {
        Config::base(players.unwrap_or(4))
    }

    /// The rulebook game: every game of Crown Battles ends after its scheduled rounds.
    fn bounded_config(players: Option<u8>) -> Result<Config, ConfigError> {
        Self::rulebook_config(players)
    }

    fn new(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        Ok(CrownBattles::start(config.validated()?, seed))
    }

    fn config(&self) -> Config {
        self.config
    }

    fn seat_count(&self) -> usize {
        self.n()
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        // Most actions are plays and bids: one test, and the general dispatch out of line.
        if let Phase::Play(s) | Phase::Bidding(s) = self.phase { SeatSet::single(s) } else { self.seats_to_act() }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Play(s) if s == seat => self.push_plays(seat, out),
            Phase::Bidding(s) if s == seat => self.push_bidding_actions(seat, out),
            Phase::Play(_) | Phase::Bidding(_) => {}
            _ => self.push_other_actions(seat, out),
        }
    }

    #[inline]
    fn apply(&mut self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        // A card that does not end the round changes only a few fields, even when it
        // completes a trick: they are saved instead of the whole state. (The Spy, and a
        // Summoner that may copy it, also change what a seat knows: whole state.)
        if let (Phase::Play(s), Action::Play(face)) = (self.phase, action)
            && s == seat
            && let Some(card) = self.playable(seat).find(face)
        {
            let hand = self.hand(seat).0;
            let ends_round = usize::from(self.trick.len) + 1 >= self.n() && hand & hand.wrapping_sub(1) == 0;
            if !ends_round && card != Power::Spy.card() && card != Power::Summoner.card() {
                let taken = Taken::Play {
                    seat,
                    card,
                    void: at(&self.voids, seat),
                    wizards: self.wizards,
                    trick: self.trick,
                    tricks: self.tricks,
                    phase: self.phase,
                };
                self.play_printed(seat, card);
                return Ok(Undo(taken));
            }
        }
        if let (Phase::Bidding(s), Action::Bid(bid)) = (self.phase, action)
            && s == seat
            && self.bid_allowed(seat, bid)
        {
            let taken = Taken::Bid { seat, phase: self.phase };
            self.place_bid(seat, bid);
            return Ok(Undo(taken));
        }
        self.apply_other(seat, action)
    }

    /// The full action for its own seat and for public actions; a smuggle, a Magician pass
    /// and a Merchant's own card face down for everyone else (RULES.md, "Events").
    fn seen_action(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        self.seen(seat, action, observer)
    }

    /// See RULES.md, "Events: what each observer sees".
    fn events(before: &Self, seat: Seat, action: Action, after: &Self, observer: Observer, out: &mut Vec<Event>) {
        crate::witness::events(before, seat, action, after, observer, out);
    }

    #[inline]
    fn undo(&mut self, undo: Undo) {
        match undo.0 {
            Taken::Whole(before) => *self = before,
            Taken::Play { seat, card, void, wizards, trick, tricks, phase } => {
                self.wizards = wizards;
                self.give(seat, card);
                self.played.remove(card);
                crate::state::put(&mut self.voids, seat, void);
                self.trick = trick;
                self.tricks = tricks;
                self.phase = phase;
            }
            Taken::Bid { seat, phase } => {
                crate::state::put(&mut self.bids, seat, None);
                self.phase = phase;
            }
            Taken::Light { trump, trick, tricks, scores, bids, phase } => {
                self.trump = trump;
                self.trick = trick;
                self.tricks = tricks;
                self.scores = scores;
                self.bids = bids;
                self.phase = phase;
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome::from_scores(self.running_scores(), Better::Higher))
    }

    fn running_scores(&self) -> Vec<i64> {
        self.seats().map(|s| i64::from(at(&self.scores, s))).collect()
    }

    fn view(&self, observer: Observer) -> View {
        self.make_view(observer)
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        self.determinized(seat, seed)
    }

    fn validate(&self) -> Result<(), InvalidState> {
        self.check()
    }

    /// Per round: the trump choice, a shield, a smuggle and a bid per player, one play per
    /// card, and for each power card (and a Summoner copy) at most `players + 7` decisions
    /// (the Magician's passes, the Witch's six steps); rounds include the tie replays.
    fn max_actions(config: &Config) -> u64 {
        let n = u64::from(config.players);
        let powers = u64::from(config.deck.powers.count_ones()) + 1;
        let most = config.schedule.as_slice().iter().copied().max().map_or(0, u64::from);
        let rounds = config.schedule.rounds() as u64 + u64::from(config.max_tie_replays);
        rounds * (1 + 3 * n + most * n + powers * (n + 7))
    }

    /// See [`View::heuristic`]: score lead over the best opponent plus the state of the
    /// seat's bid this round, in points.
    fn evaluate(view: &View, seat: Seat) -> f64 {
        view.heuristic(seat)
    }
}
