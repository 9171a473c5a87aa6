//! The duke-core [`Game`] contract for Crown Battles.

use duke_core::{Better, Game, InvalidState, Observer, Outcome, Seat, SeatSet};

use crate::actions::{Action, Bid, Trump};
use crate::cards::{Card, CardSet, Power, SuitId};
use crate::events::Event;
use crate::position::{Setup, SetupError};
use crate::setup::{Config, ConfigError};
use crate::state::{CrownBattles, MAX_PLAYERS, Phase, Table, at};
use crate::trick::Trick;
use crate::view::View;

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
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
/// choice, the effect decisions that move only tricks, points, a bid, the trump or the
/// next leader, and a Magician pass before the Magician's own, the few fields they change;
/// otherwise the whole state before the action.
#[derive(Clone, Debug)]
pub struct Undo(Taken);

// The whole-state variant is large on purpose: boxing it would allocate on every action.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Taken {
    Whole(Table),
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
    /// A Magician pass of a player other than the Magician's: only the passes and what the
    /// Magician's player knows change.
    Pass {
        magician: Seat,
        passes: [u8; MAX_PLAYERS],
        known: CardSet,
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
        match (self.table.phase, action) {
            (Phase::ChooseTrump, Action::Trump(t)) => t != Trump::NoTrump || self.config.dealer_may_choose_no_trump,
            (Phase::Bidding(_) | Phase::BlindBidding, a) => self.bidding_allows(seat, a),
            (Phase::Missions, Action::Mission(id)) => self.mission_allowed(seat, id),
            (Phase::Missions, a @ (Action::Shield | Action::Smuggle(_))) => self.bidding_allows(seat, a),
            (Phase::Play(_), Action::Play(face)) => self.playable(seat).find(face).is_some(),
            (Phase::Play(_), Action::PlayDoubleFacedAsGolem) => self.playable(seat).has(Power::DoubleFaced.card()),
            (Phase::Effect { power, .. }, a) => self.effect_allows(seat, power, a),
            (Phase::Passing { .. }, Action::Give(face)) => self.hand(seat).find(face).is_some(),
            (Phase::Over, _) => false,
            _ => self.round_type_allows(seat, action),
        }
    }

    /// [`Self::allows`] in the round types' own phases and actions (kept out of line so
    /// that the base game's decisions do not carry them).
    #[inline(never)]
    fn round_type_allows(&self, seat: Seat, action: Action) -> bool {
        match (self.table.phase, action) {
            (Phase::Splitting, Action::SetAside(face)) => {
                self.splitters().contains(seat) && self.hand(seat).find(face).is_some()
            }
            (Phase::LeakedSuit, Action::Leak(leak)) => self.leak_allows(seat, leak),
            // (Alliances; a note on a bidding turn is one of the bidding actions.)
            (Phase::Play(_) | Phase::Missions, Action::Note(face)) => self.note_allowed(seat, face),
            (Phase::Teams, Action::Team(a, b)) => self.team_allowed(a, b),
            (Phase::Place { stolen, .. }, Action::Place(suit)) => {
                self.place_choices(seat, stolen) >> suit.index() & 1 == 1
            }
            (Phase::Pairing, Action::Duel(group)) => seat == self.table.dealer && self.pairing_allowed(group),
            _ => false,
        }
    }

    fn perform(&mut self, seat: Seat, action: Action) {
        match (self.table.phase, action) {
            (Phase::ChooseTrump, Action::Trump(t)) => {
                self.table.trump = t;
                self.table.phase = self.before_bidding();
                if self.table.phase == Phase::Missions {
                    self.deal_missions();
                }
            }
            (Phase::Bidding(_) | Phase::BlindBidding, a) => self.apply_bidding(seat, a),
            (Phase::Missions, Action::Mission(id)) => self.choose_mission(seat, id),
            (Phase::Missions, a) => self.apply_bidding(seat, a),
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
            (Phase::Over, _) => {}
            _ => self.perform_round_type(seat, action),
        }
    }

    /// [`Self::perform`] in the round types' own phases and actions (out of line, as
    /// [`Self::round_type_allows`]).
    #[inline(never)]
    fn perform_round_type(&mut self, seat: Seat, action: Action) {
        match (self.table.phase, action) {
            (Phase::Splitting, Action::SetAside(face)) => {
                if let Some(card) = self.hand(seat).find(face) {
                    self.set_aside(seat, card);
                }
            }
            (Phase::LeakedSuit, Action::Leak(leak)) => self.choose_leak(seat, leak),
            // (Alliances; a note on a bidding or mission turn goes through `apply_bidding`.)
            (Phase::Play(_), Action::Note(face)) => self.show_note(seat, face),
            (Phase::Teams, Action::Team(a, b)) => self.form_team(a, b),
            (Phase::Place { stolen, .. }, Action::Place(suit)) => self.place(seat, suit, stolen),
            (Phase::Pairing, Action::Duel(group)) => self.pair(group),
            _ => {}
        }
    }

    /// [`Game::apply`] for everything but its fast paths (a card that does not end the
    /// round, a legal bid).
    #[inline(never)]
    fn apply_other(&mut self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        if self.table.phase == Phase::Over {
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
        let light = match (self.table.phase, action) {
            // (Leaked Suit: the spinner's or a neighbour's reveal follows the trump choice;
            // missions are dealt after it.)
            // (Duel Fights: a random pairing follows it.)
            (Phase::ChooseTrump, _) => {
                !self.table.rounds.round_type.has_missions() && !self.leaked_round() && !self.duel()
            }
            (Phase::Effect { .. }, a) => {
                matches!(a, Action::Trump(_) | Action::Lead(_) | Action::Jest(_) | Action::Steal(_) | Action::Hex(_))
                    || a == Action::Keep
            }
            _ => false,
        };
        // (In a missions round a decision that completes a trick records the trick for the
        // missions, in a Stealth Play round it keeps the flipped trick: whole state.)
        if light && !self.hand(self.table.trick.leader).is_empty() && !self.table.rounds.round_type.flips_at_trick_end()
        {
            let taken = Taken::Light {
                trump: self.table.trump,
                trick: self.table.trick,
                tricks: self.table.tricks,
                scores: self.table.scores,
                bids: self.table.bids,
                phase: self.table.phase,
            };
            self.perform(seat, action);
            return Ok(Undo(taken));
        }
        if let (Phase::Passing { magician, .. }, Action::Give(_)) = (self.table.phase, action)
            && seat != magician
        {
            let taken = Taken::Pass { magician, passes: self.table.passes, known: at(&self.table.known, magician) };
            self.perform(seat, action);
            return Ok(Undo(taken));
        }
        // (Built in the return slot before the action, which saves a copy of the state.)
        let undo = Ok(Undo(Taken::Whole(self.table)));
        self.perform(seat, action);
        undo
    }

    /// The general dispatch of [`Game::to_act`] (which answers plays and bids itself).
    #[inline(never)]
    fn seats_to_act(&self) -> SeatSet {
        match self.table.phase {
            Phase::ChooseTrump | Phase::Teams | Phase::Pairing => SeatSet::single(self.table.dealer),
            Phase::Bidding(s) | Phase::Play(s) | Phase::Effect { seat: s, .. } | Phase::Place { seat: s, .. } => {
                SeatSet::single(s)
            }
            Phase::Passing { magician, .. } => {
                let waiting = self.passers_waiting(magician);
                if waiting == 0 { SeatSet::single(magician) } else { SeatSet(u16::from(waiting)) }
            }
            Phase::Over => SeatSet::EMPTY,
            Phase::BlindBidding | Phase::Splitting | Phase::Missions | Phase::LeakedSuit => self.round_type_actors(),
        }
    }

    /// [`Self::seats_to_act`] in the round types' own phases (kept apart so that the base
    /// game's phases are answered without setting up the calls these need).
    #[inline(never)]
    fn round_type_actors(&self) -> SeatSet {
        match self.table.phase {
            Phase::BlindBidding => self.blind_bidders(),
            Phase::Splitting => self.splitters(),
            Phase::Missions => self.mission_choosers(),
            Phase::LeakedSuit => self.leakers(),
            _ => SeatSet::EMPTY,
        }
    }

    /// The general dispatch of [`Game::legal_actions`] (which answers plays and bids itself).
    #[inline(never)]
    fn push_other_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.to_act().contains(seat) {
            return;
        }
        match self.table.phase {
            Phase::ChooseTrump => {
                out.extend(SuitId::ALL.map(|s| Action::Trump(Trump::Suit(s))));
                if self.config.dealer_may_choose_no_trump {
                    out.push(Action::Trump(Trump::NoTrump));
                }
            }
            Phase::Bidding(_) | Phase::BlindBidding => self.push_bidding_actions(seat, out),
            Phase::Missions => {
                self.push_missions(seat, out);
                self.push_notes(seat, out);
            }
            Phase::Teams => self.push_teams(out),
            Phase::Play(_) => self.push_plays(seat, out),
            Phase::Effect { power, .. } => self.push_effect_actions(seat, power, out),
            Phase::Passing { .. } => self.push_passes(seat, out),
            Phase::Splitting => self.push_set_asides(seat, out),
            Phase::LeakedSuit => self.push_leaks(seat, out),
            Phase::Place { stolen, .. } => self.push_places(seat, stolen, out),
            Phase::Pairing => self.push_pairings(out),
            Phase::Over => {}
        }
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
    type Setup = Setup;
    type SetupError = SetupError;

    fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        CrownBattles::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        CrownBattles::to_setup(self)
    }

    fn new(config: &Config, seed: u64) -> Result<Self, ConfigError> {
        config.check()?;
        Ok(CrownBattles::start(config.clone(), seed))
    }

    fn config(&self) -> Config {
        self.config.clone()
    }

    fn seat_count(&self) -> usize {
        self.n()
    }

    #[inline]
    fn to_act(&self) -> SeatSet {
        // Most actions are plays and bids: one test, and the general dispatch out of line.
        if let Phase::Play(s) | Phase::Bidding(s) = self.table.phase { SeatSet::single(s) } else { self.seats_to_act() }
    }

    #[inline]
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        match self.table.phase {
            Phase::Play(s) if s == seat => {
                self.push_plays(seat, out);
                // (The Secret Note; one round-type test the base game skips.)
                if self.alliance_round() {
                    self.push_notes(seat, out);
                }
            }
            Phase::Bidding(s) if s == seat => {
                self.push_bidding_actions(seat, out);
                if self.alliance_round() {
                    self.push_notes(seat, out);
                }
            }
            Phase::Play(_) | Phase::Bidding(_) => {}
            _ => self.push_other_actions(seat, out),
        }
    }

    #[inline]
    fn apply(&mut self, seat: Seat, action: Action) -> Result<Undo, ActionError> {
        // A card that does not end the round changes only a few fields, even when it
        // completes a trick: they are saved instead of the whole state. (The Spy, and a
        // Summoner that may copy it, also change what a seat knows: whole state.)
        if let (Phase::Play(s), Action::Play(face)) = (self.table.phase, action)
            && s == seat
            && let Some(card) = self.playable(seat).find(face)
        {
            let hand = self.hand(seat).0;
            let completes = usize::from(self.table.trick.len) + 1 >= self.n();
            let ends_round = completes && hand & hand.wrapping_sub(1) == 0;
            // (A Stealth Play trick's flip changes the voids and knowledge of every seat.)
            // (So do the first trick and trump wins a missions round records.)
            let flips = completes && self.table.rounds.round_type.flips_at_trick_end();
            if !ends_round && !flips && card != Power::Spy.card() && card != Power::Summoner.card() {
                let taken = Taken::Play {
                    seat,
                    card,
                    void: at(&self.table.voids, seat),
                    wizards: self.table.wizards,
                    trick: self.table.trick,
                    tricks: self.table.tricks,
                    phase: self.table.phase,
                };
                self.play_printed(seat, card);
                return Ok(Undo(taken));
            }
        }
        // (The Split's two bids per seat and Suit Precision's four take the general path.)
        if let (Phase::Bidding(s), Action::Bid(bid)) = (self.table.phase, action)
            && s == seat
            && !self.table.rounds.round_type.bids_apart()
            && self.bid_allowed(seat, bid)
        {
            let taken = Taken::Bid { seat, phase: self.table.phase };
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
    /// The first round's start ([`CrownBattles::opening_events`]): the round, its type, the
    /// deal (the observer's own cards), the spinner, and the teams, missions and duels
    /// already settled.
    fn opening_events(&self, observer: Observer, out: &mut Vec<Event>) {
        out.clear();
        out.extend(CrownBattles::opening_events(self, observer));
    }

    fn undo(&mut self, undo: Undo) {
        match undo.0 {
            Taken::Whole(before) => self.table = before,
            Taken::Play { seat, card, void, wizards, trick, tricks, phase } => {
                self.table.wizards = wizards;
                self.give(seat, card);
                self.table.played.remove(card);
                crate::state::put(&mut self.table.voids, seat, void);
                self.table.trick = trick;
                self.table.tricks = tricks;
                self.table.phase = phase;
            }
            Taken::Bid { seat, phase } => {
                crate::state::put(&mut self.table.bids, seat, None);
                self.table.phase = phase;
            }
            Taken::Pass { magician, passes, known } => {
                self.table.passes = passes;
                crate::state::put(&mut self.table.known, magician, known);
            }
            Taken::Light { trump, trick, tricks, scores, bids, phase } => {
                self.table.trump = trump;
                self.table.trick = trick;
                self.table.tricks = tricks;
                self.table.scores = scores;
                self.table.bids = bids;
                self.table.phase = phase;
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.table.phase == Phase::Over).then(|| Outcome::from_scores(self.running_scores(), Better::Higher))
    }

    fn running_scores(&self) -> Vec<i64> {
        self.seats().map(|s| i64::from(at(&self.table.scores, s))).collect()
    }

    fn view(&self, observer: Observer) -> View {
        self.make_view(observer)
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Self {
        self.determinized(seat, seed)
    }

    /// See [`Setup`](crate::Setup) for every check (a refused state's reason is a
    /// [`SetupError`](crate::SetupError)).
    fn validate(&self) -> Result<(), InvalidState> {
        self.check().map_err(|e| InvalidState::new(e.to_string()))
    }

    /// Per round: the trump choice, Leaked Suit's choices, a shield, a smuggle, an extra
    /// wager, a grouping and a bid per player (The Split: a card set aside per card and a
    /// second bid; Suit Precision: four bids, and a placement per trick), one play per card,
    /// and for each power card (and a Summoner copy) at most `players + 7` decisions
    /// (the Magician's passes, the Witch's six steps), Alliances' team actions and Secret
    /// Notes; rounds include the tie replays.
    fn max_actions(config: &Config) -> u64 {
        let n = u64::from(config.players);
        let powers = u64::from(config.deck.powers.count_ones()) + 1;
        let most = config.schedule.as_slice().iter().copied().max().map_or(0, u64::from);
        let rounds = config.schedule.rounds() as u64 + u64::from(config.max_tie_replays);
        // The Split: a card set aside per card, and a second bid.
        let split = config.round_types.chosen() >> crate::round_types::RoundType::TheSplit.index() & 1 == 1;
        let split = if split { n * (most + 1) } else { 0 };
        let leaks = if config.round_types.chosen() >> crate::round_types::RoundType::LeakedSuit.index() & 1 == 1 {
            n
        } else {
            0
        };
        // Alliances: the dealer's team actions and a Secret Note per player.
        let teams = if crate::round_types::listed(config.round_types.chosen())
            .any(crate::round_types::RoundType::is_alliance)
        {
            2 * n
        } else {
            0
        };
        // Suit Precision: three more bids per seat, a placement per trick.
        let precision =
            crate::round_types::listed(config.round_types.chosen()).any(crate::round_types::RoundType::bids_per_suit);
        let precision = if precision { 3 * n + most } else { 0 };
        // Wagering: an extra wager per player.
        let wagers =
            if config.round_types.chosen() >> crate::round_types::RoundType::Wagering.index() & 1 == 1 { n } else { 0 };
        // Duel Fights: the dealer's groupings.
        let duels = if config.round_types.chosen() >> crate::round_types::RoundType::DuelFights.index() & 1 == 1 {
            n
        } else {
            0
        };
        rounds * (1 + 3 * n + leaks + wagers + duels + most * n + powers * (n + 7) + split + teams + precision)
    }

    /// See [`View::heuristic`]: score lead over the best opponent plus the state of the
    /// seat's bid this round, in points.
    fn evaluate(view: &View, seat: Seat) -> f64 {
        view.heuristic(seat)
    }
}

duke_core::impl_vocabulary!(config: Config, error: ConfigError, setup: Setup, seats: |config| usize::from(config.players));
