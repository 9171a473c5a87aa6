//! [`CrownBattles::from_setup`]: a [`Setup`] checked and turned into a game, and the
//! facts a setup leaves to the rules (the trick's forms and flags, who is known to lack a
//! suit, who is protected by a Wizard, who knows the shown Smuggler).

use duke_core::{GameRng, Seat};

use super::{CardName, Setup, SetupError};
use crate::actions::Trump;
use crate::cards::{Card, CardSet, Power, SuitId};
use crate::round_types::{RoundType, RoundTypes};
use crate::setup::Config;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, bit, update};
use crate::trick::Trick;

/// The trick rebuilt from its cards in play order, with what the plays showed.
pub(super) struct Rebuilt {
    /// The trick as the plays left it (before any end-of-trick resolution).
    pub trick: Trick,
    /// Seats that played a Wizard (or a Summoner copying one) on it.
    pub wizards: u8,
    /// Per seat, the led suit it showed it lacks by playing a number off it.
    pub voids: [u8; MAX_PLAYERS],
    /// Long Play: the first pass, when the cards go on past it (`trick` is the second).
    pub first: Option<Trick>,
}

/// Plays `cards` from `leader` as the game plays them (`play::play`, `powers::on_play`):
/// a Summoner copies the card before it (its form, or its action and 0.5), the
/// Double-faced card is a Golem if `as_golem`, a Wizard or a Bomb marks the trick. In a
/// Stealth Play round (`stealth`: `Some(Config::stealth_follow_face_down)`) a lead that is
/// not a number sets no suit to follow unless that option is on, and
/// the face-down cards of an incomplete trick mark nothing until the reveal. In a long
/// trick's second pass (`long`), the cards after the first `n` are the second pass, which
/// carries the first pass's suit to follow, lead, Wizard and Bomb.
pub(super) fn rebuild_trick(
    leader: Seat,
    cards: &[Card],
    as_golem: bool,
    n: usize,
    stealth: Option<bool>,
    long: bool,
) -> Rebuilt {
    // `Some(follow_face_down)` in a Stealth Play round.
    let (follow_face_down, stealth) = (stealth == Some(true), stealth.is_some());
    let mut trick = Trick::new(leader);
    let mut wizards = 0;
    let mut voids = [0; MAX_PLAYERS];
    let face_down = stealth && cards.len() < n;
    let mut first = None;
    for (pos, &card) in cards.iter().enumerate() {
        if long && pos == n {
            first = Some(trick);
            trick = crate::expansion::second_pass_of(&trick);
        }
        let seat = leader.offset(pos, n);
        let hidden = face_down && pos > 0;
        // A numbered card off the led suit shows the player has none of it.
        if let (Some(led), Some(suit), false, false) = (trick.led, card.suit(), trick.free, hidden)
            && led != suit
        {
            update(&mut voids, seat, |v| v | 1 << led.index());
        }
        // (Long Play: the second pass's first card comes after the first pass's last.)
        let (form, effect) = match &first {
            Some(f) if trick.len == 0 => f.next_form(card, as_golem),
            _ => trick.next_form(card, as_golem),
        };
        let free = trick.free;
        trick.push(card, form, effect);
        if first.is_some() {
            // The leader's second card is no new lead (RULES.md, reading 41).
            trick.free = free;
        }
        if pos == 0 && stealth && !follow_face_down && trick.led.is_none() {
            trick.free = true;
        }
        match effect.filter(|_| !hidden) {
            Some(Power::Wizard) => {
                trick.wizard = true;
                wizards |= bit(seat);
            }
            Some(Power::Bomb) => {
                trick.bombed = true;
                trick.next_leader = seat;
            }
            _ => {}
        }
    }
    // Exactly a complete first pass: the second pass has not started.
    if long && first.is_none() && cards.len() == n {
        first = Some(trick);
        trick = crate::expansion::second_pass_of(&trick);
    }
    Rebuilt { trick, wizards, voids, first }
}

/// Who leads the next trick unless a Bomb's choice was made: the last Bomb's player, else
/// the winner of a complete trick, else the leader.
/// (Long Play: `first` is the kept first pass, and the winner is decided over both.)
pub(super) fn default_next_leader(trick: &Trick, first: Option<&Trick>, trump: Trump, config: &Config) -> Seat {
    let n = usize::from(config.players);
    let kings = config.wizard_affects_kings;
    if trick.bombed || usize::from(trick.len) < n {
        trick.next_leader
    } else if let Some(first) = first {
        trick.leader.offset(crate::expansion::long_winner(first, trick, trump, kings), n)
    } else {
        trick.leader.offset(trick.winner(trump, kings), n)
    }
}

/// What every seat knows by default: the Smuggler, once a seat showed it to swap before
/// bidding (rulebook "Smuggler": "Swap before you bid").
pub(super) fn default_known(config: &Config, smuggled: u8) -> [CardSet; MAX_PLAYERS] {
    let mut known = [CardSet::EMPTY; MAX_PLAYERS];
    if smuggled != 0 && config.deck.has(Power::Smuggler) {
        for k in known.iter_mut().take(usize::from(config.players)) {
            k.insert(Power::Smuggler.card());
        }
    }
    known
}

/// The cards of the per-seat bit mask of suits.
fn suit_bits(suits: &[SuitId]) -> u8 {
    suits.iter().fold(0, |m, s| m | 1 << s.index())
}

/// Places the named cards of `groups` (hands, the trick, earlier tricks) in the deck's
/// cards: named copies and single cards first, then each plain copy takes the lowest copy
/// left, group by group.
fn place(deck: CardSet, groups: &[&[CardName]]) -> Result<Vec<Vec<Card>>, SetupError> {
    let mut taken = CardSet::EMPTY;
    let mut slots: Vec<Vec<Option<Card>>> = groups.iter().map(|g| vec![None; g.len()]).collect();
    for (group, slots) in groups.iter().zip(slots.iter_mut()) {
        for (&name, slot) in group.iter().zip(slots.iter_mut()) {
            let pinned = match (name.copy, name.card()) {
                (_, Some(card)) => card,
                (Some(_), None) => return Err(SetupError::NotInDeck(name)),
                (None, None) => continue,
            };
            if !deck.has(pinned) {
                return Err(SetupError::NotInDeck(name));
            }
            if taken.has(pinned) {
                return Err(SetupError::Duplicate(name));
            }
            taken.insert(pinned);
            *slot = Some(pinned);
        }
    }
    for (group, slots) in groups.iter().zip(slots.iter_mut()) {
        for (&name, slot) in group.iter().zip(slots.iter_mut()) {
            if slot.is_some() {
                continue;
            }
            let Some(card) = deck.minus(taken).find(name.face) else {
                return Err(if deck.find(name.face).is_some() {
                    SetupError::Duplicate(name)
                } else {
                    SetupError::NotInDeck(name)
                });
            };
            taken.insert(card);
            *slot = Some(card);
        }
    }
    Ok(slots.into_iter().map(|g| g.into_iter().flatten().collect()).collect())
}

/// A seat's knowledge: named copies and single cards, then plain copies (the lowest copy
/// outside the seat's own hand not listed yet).
fn knowledge(deck: CardSet, own: CardSet, names: &[CardName]) -> Result<CardSet, SetupError> {
    let mut set = CardSet::EMPTY;
    for &name in names.iter().filter(|n| n.copy.is_some() || n.card().is_some()) {
        let card = name.card().filter(|&c| deck.has(c)).ok_or(SetupError::NotInDeck(name))?;
        if set.has(card) {
            return Err(SetupError::Duplicate(name));
        }
        set.insert(card);
    }
    for &name in names.iter().filter(|n| n.copy.is_none() && n.card().is_none()) {
        let card = deck.minus(own).minus(set).find(name.face).ok_or(if deck.find(name.face).is_some() {
            SetupError::Duplicate(name)
        } else {
            SetupError::NotInDeck(name)
        })?;
        set.insert(card);
    }
    Ok(set)
}

impl CrownBattles {
    /// Validates a setup into a game: a typed error, never a panic, never a state that
    /// [`validate`](duke_core::Game::validate) would refuse or where a seat to act has no
    /// legal action (see [`Setup`] for every check and default).
    pub fn from_setup(setup: &Setup) -> Result<CrownBattles, SetupError> {
        setup.config.check()?;
        let config = setup.config.clone();
        // A set-up that says nothing but its config and seed is the start of a game, the
        // same game as `new` (the first dealer drawn when the config leaves it to chance):
        // the vocabulary every game shares (`duke_core::vocabulary`).
        if *setup == (Setup { seed: setup.seed, ..Setup::new(config.clone()) }) {
            return Ok(CrownBattles::start(config, setup.seed));
        }
        let players = config.players;
        let n = usize::from(players);
        let seat = |s: Seat| if s.index() < n { Ok(s) } else { Err(SetupError::NoSuchSeat(s)) };
        let rng = match setup.generator {
            Some(g) if g.seed() != setup.seed => {
                return Err(SetupError::GeneratorSeed { seed: setup.seed, found: g.seed() });
            }
            Some(g) => g,
            None => GameRng::new(setup.seed),
        };
        let rounds = config.schedule.rounds() + usize::from(config.max_tie_replays);
        if setup.round == 0 || usize::from(setup.round) > rounds {
            return Err(SetupError::Round { round: setup.round, rounds });
        }
        let per_seat = |field: &'static str, found: usize, optional: bool| {
            if found == n || optional && found == 0 {
                Ok(())
            } else {
                Err(SetupError::SeatCount { field, found, players })
            }
        };
        per_seat("bids", setup.bids.len(), true)?;
        per_seat("tricks", setup.tricks.len(), true)?;
        per_seat("scores", setup.scores.len(), true)?;
        per_seat("passes", setup.passes.len(), true)?;
        per_seat("aside", setup.aside.len(), true)?;
        per_seat("other_bids", setup.other_bids.len(), true)?;
        per_seat("first_half_tricks", setup.first_half_tricks.len(), true)?;
        // (Long Play: both passes of a long trick, checked once the round type is known.)
        if setup.trick.len() > 2 * n {
            return Err(SetupError::SeatCount { field: "trick", found: setup.trick.len(), players });
        }
        per_seat("hands", setup.hands.as_ref().map_or(n, Vec::len), false)?;
        per_seat("known", setup.known.as_ref().map_or(n, Vec::len), false)?;
        per_seat("voids", setup.voids.as_ref().map_or(n, Vec::len), false)?;
        let seats = |list: &[Seat]| list.iter().try_fold(0u8, |m, &s| seat(s).map(|s| m | bit(s)));
        let shields = seats(&setup.shields)?;
        let smuggled = seats(&setup.smuggled)?;
        let wizards = setup.wizards.as_deref().map(seats).transpose()?;
        let dealer = match setup.dealer {
            Some(d) => seat(d)?,
            None => config.first_dealer.unwrap_or(Seat(players - 1)),
        };
        let first = dealer.left(n);
        let leader = setup.leader.map(seat).transpose()?.unwrap_or(first);
        for s in setup.next_leader.into_iter().chain(setup.crown) {
            seat(s)?;
        }
        match setup.phase {
            Some(Phase::Bidding(s) | Phase::Play(s) | Phase::Effect { seat: s, .. })
            | Some(Phase::Passing { magician: s, .. }) => {
                seat(s)?;
            }
            _ => {}
        }
        let mut state = CrownBattles::blank(config.clone(), rng);
        state.table.round = setup.round - 1;
        state.table.dealer = dealer;
        state.table.phase = Phase::Bidding(first);
        state.table.trick = Trick::new(leader);
        state.table.rounds.round_pile =
            setup.round_pile.as_deref().map_or(0, |list| list.iter().fold(0, |m, t| m | 1 << t.index()));
        match setup.round_type {
            Some(t) => {
                state.table.rounds.round_type = t;
                if let (RoundTypes::Deal(chosen), None) = (config.round_types, &setup.round_pile) {
                    state.table.rounds.round_pile = chosen & !(1 << t.index());
                }
            }
            // As at the start of a round: the config's type, or a card revealed.
            None => state.reveal_round_type(),
        }
        if !setup.revealed_trick.is_empty() {
            let mut seen = CardSet::EMPTY;
            for (slot, name) in state.table.rounds.revealed_trick.iter_mut().zip(&setup.revealed_trick) {
                let card = name.pick(config.deck.cards().minus(seen)).ok_or(SetupError::RevealedTrick)?;
                seen.insert(card);
                let golem = setup.revealed_as_golem && card == Power::DoubleFaced.card();
                *slot = card.id() | if golem { 0x80 } else { 0 };
            }
            if setup.revealed_trick.len() > MAX_PLAYERS
                || setup.revealed_as_golem && !seen.has(Power::DoubleFaced.card())
            {
                return Err(SetupError::RevealedTrick);
            }
            state.table.rounds.revealed_leader = setup.revealed_leader.unwrap_or(Seat(0));
        }
        if !setup.revealed_bids.is_empty() {
            per_seat("revealed_bids", setup.revealed_bids.len(), false)?;
            for (slot, &bid) in state.table.rounds.revealed_bids.iter_mut().zip(&setup.revealed_bids) {
                *slot = Some(bid);
            }
        }
        let under_way = setup.bids.iter().any(Option::is_some)
            || !setup.trick.is_empty()
            || !setup.played.is_empty()
            || setup.phase.is_some_and(|p| p != Phase::ChooseTrump);
        if setup.trump.is_none() && under_way {
            return Err(SetupError::Trump("a round under way needs its trump"));
        }
        let trick_cards = match &setup.hands {
            None => {
                if !setup.trick.is_empty() || !setup.played.is_empty() || !setup.aside.is_empty() {
                    return Err(SetupError::HandsNeeded);
                }
                // The round's deal and spin, as the game makes them.
                state.deal(false);
                Vec::new()
            }
            Some(hands) => {
                let mut groups: Vec<&[CardName]> = hands.iter().map(Vec::as_slice).collect();
                groups.extend(setup.aside.iter().map(Vec::as_slice));
                groups.push(setup.trick.as_slice());
                groups.push(setup.played.as_slice());
                let mut placed = place(config.deck.cards(), &groups)?;
                let played = placed.pop().unwrap_or_default();
                let trick = placed.pop().unwrap_or_default();
                let set = |cards: &Vec<Card>| cards.iter().fold(CardSet::EMPTY, |h, &c| h.or(CardSet::one(c)));
                let asides = placed.split_off(hands.len().min(placed.len()));
                state.table.hands = [CardSet::EMPTY; MAX_PLAYERS];
                for (hand, cards) in state.table.hands.iter_mut().zip(&placed) {
                    *hand = set(cards);
                }
                for (aside, cards) in state.table.rounds.aside.iter_mut().zip(&asides) {
                    *aside = set(cards);
                }
                state.table.played = trick.iter().chain(&played).fold(CardSet::EMPTY, |p, &c| p.or(CardSet::one(c)));
                state.table.deck = state
                    .table
                    .hands
                    .iter()
                    .chain(&state.table.rounds.aside)
                    .fold(config.deck.cards().minus(state.table.played), |d, h| d.minus(*h));
                if setup.trump.is_none() && setup.phase.is_none() {
                    state.table.phase = state.spin();
                }
                trick
            }
        };
        let chooses = setup.trump.is_none() && state.table.phase == Phase::ChooseTrump;
        match setup.trump {
            Some(t) => state.table.trump = t,
            None if setup.phase == Some(Phase::ChooseTrump) => state.table.trump = Trump::NoTrump,
            None => {}
        }
        let golem = setup.double_faced_as_golem;
        if golem && !trick_cards.contains(&Power::DoubleFaced.card()) {
            return Err(SetupError::DoubleFacedNotOnTable);
        }
        // Long Play: a first pass and the second pass's cards after it (exactly a first pass:
        // the second pass's turn, unless the first pass's last card's action waits).
        let long = state.table.rounds.round_type == RoundType::LongPlay
            && (trick_cards.len() > n || trick_cards.len() == n && matches!(setup.phase, None | Some(Phase::Play(_))));
        if trick_cards.len() > n && !long {
            return Err(SetupError::LongPlay);
        }
        let rebuilt = rebuild_trick(
            leader,
            &trick_cards,
            golem,
            n,
            (state.table.rounds.round_type == RoundType::StealthPlay).then_some(config.stealth_follow_face_down),
            long,
        );
        state.table.trick = rebuilt.trick;
        state.table.rounds.long =
            rebuilt.first.as_ref().map_or(crate::expansion::LongPlay::EMPTY, crate::expansion::LongPlay::keep);
        state.table.trick.next_leader = match setup.next_leader {
            Some(s) => s,
            None => default_next_leader(&rebuilt.trick, rebuilt.first.as_ref(), state.table.trump, &config),
        };
        for (slot, &value) in state.table.bids.iter_mut().zip(&setup.bids) {
            *slot = value;
        }
        for (slot, &value) in state.table.tricks.iter_mut().zip(&setup.tricks) {
            *slot = value;
        }
        for (slot, &value) in state.table.rounds.other_bids.iter_mut().zip(&setup.other_bids) {
            *slot = value;
        }
        for (slot, &value) in state.table.rounds.first_tricks.iter_mut().zip(&setup.first_half_tricks) {
            *slot = value;
        }
        per_seat("suit_bids", setup.suit_bids.len(), true)?;
        per_seat("suit_tricks", setup.suit_tricks.len(), true)?;
        for (slot, bids) in state.table.rounds.suit_precision.bids.iter_mut().zip(&setup.suit_bids) {
            *slot = bids.map(|b| b.map_or(0, crate::expansion::encode_suit_bid));
        }
        for (slot, &tricks) in state.table.rounds.suit_precision.tricks.iter_mut().zip(&setup.suit_tricks) {
            *slot = tricks;
        }
        for (slot, &value) in state.table.scores.iter_mut().zip(&setup.scores) {
            *slot = value;
        }
        state.table.crown = setup.crown;
        state.table.shields = shields;
        state.table.smuggled = smuggled;
        state.table.wizards = wizards.unwrap_or(rebuilt.wizards);
        state.table.voids = match &setup.voids {
            Some(voids) => {
                let mut bits = [0; MAX_PLAYERS];
                for (slot, suits) in bits.iter_mut().zip(voids) {
                    *slot = suit_bits(suits);
                }
                bits
            }
            None => rebuilt.voids,
        };
        if !setup.leaks.is_empty() {
            per_seat("leaks", setup.leaks.len(), false)?;
            for (slot, leak) in state.table.rounds.leaks.iter_mut().zip(&setup.leaks) {
                *slot = leak.map_or(NONE, crate::actions::Leak::code);
            }
        }
        state.table.rounds.wagering.pot = setup.pot;
        state.set_duels(&setup.duels)?;
        if !setup.wagers.is_empty() {
            per_seat("wagers", setup.wagers.len(), false)?;
            state.set_wagers(&setup.wagers)?;
        }
        for &s in &setup.unsealed {
            if s.index() >= n {
                return Err(SetupError::NoSuchSeat(s));
            }
            state.table.rounds.unsealed |= crate::state::bit(s);
        }
        state.table.rounds.shown = match &setup.shown {
            Some(names) => knowledge(config.deck.cards(), CardSet::EMPTY, names)?,
            None => state.leak_knowledge().iter().fold(CardSet::EMPTY, |acc, k| acc.or(*k)),
        };
        state.table.known = match &setup.known {
            Some(lists) => {
                let mut known = [CardSet::EMPTY; MAX_PLAYERS];
                for (s, (slot, names)) in known.iter_mut().zip(lists).enumerate() {
                    *slot = knowledge(config.deck.cards(), state.hand(Seat(s as u8)), names)?;
                }
                known
            }
            None => {
                // Leaked Suit: the cards shown so far are known to every other seat.
                let shown = state.shown_knowledge();
                let mut known = default_known(&config, smuggled);
                for (k, s) in known.iter_mut().zip(shown) {
                    *k = k.or(s);
                }
                known
            }
        };
        let choosing_trump = setup.phase == Some(Phase::ChooseTrump) || setup.phase.is_none() && chooses;
        state.apply_alliance_setup(&setup.alliance)?;
        state.apply_missions_setup(&setup.missions, choosing_trump)?;
        let len = usize::from(state.table.trick.len);
        state.table.phase = match setup.phase {
            Some(phase) => phase,
            None if chooses => Phase::ChooseTrump,
            // (Leaked Suit: the automatic variations draw the suits as the bidding would start.)
            None if !state.bids_complete() => state.before_bidding(),
            None if len < n => Phase::Play(leader.offset(len, n)),
            None => return Err(SetupError::Phase(None)),
        };
        // The card whose end-of-trick decision waits (only on a complete trick: otherwise
        // the phase is refused as not fitting the trick).
        if let Phase::Effect { seat, power, end: true, .. } = state.table.phase
            && len == n
        {
            let pos = (seat.index() + n - leader.index()) % n;
            // Long Play: the seat's first-pass card, unless its second-pass card carries it.
            let pos = if !state.table.rounds.long.is_empty() && state.effect_on_table(pos) != Some(power) {
                pos + n
            } else {
                pos
            };
            state.table.trick.resolving = pos as u8;
            // Stealth Play, actions at the flip: an immediate action of a face-down card
            // resolves before the winner is decided.
            state.table.trick.flipping = state.acts_at_flip(pos, power);
        }
        // Suit Precision: a placement waits on the complete trick, the winner's before the
        // end-of-trick actions, a Thief's at its card.
        if let Phase::Place { seat, stolen } = state.table.phase
            && len == n
        {
            let pos = (seat.index() + n - leader.index()) % n;
            state.table.trick.resolving = if stolen { pos as u8 } else { 0 };
        }
        // Stealth Play: a face-down Magician passes at the reveal, with the end-of-trick actions.
        if let Phase::Passing { magician, .. } = state.table.phase
            && len == n
            && state.stealth()
            && magician != leader
        {
            let pos = (magician.index() + n - leader.index()) % n;
            state.table.trick.resolving = pos as u8;
            state.table.trick.flipping = state.acts_at_flip(pos, Power::Magician);
        }
        state.table.passes = [NONE; MAX_PLAYERS];
        for (s, name) in setup.passes.iter().enumerate() {
            let Some(name) = *name else { continue };
            let passer = Seat(s as u8);
            let card = name.pick(state.hand(passer)).ok_or(SetupError::Pass { seat: passer })?;
            crate::state::put(&mut state.table.passes, passer, card.id());
        }
        // Knowledge left to the rules: the Magician's player saw the card coming to it.
        if setup.known.is_none()
            && let Some((magician, _, card)) = state.seen_pass()
        {
            crate::state::update(&mut state.table.known, magician, |k| k.or(CardSet::one(card)));
        }
        state.check()?;
        Ok(state)
    }

    /// The spinner (How to Play 2) with the game generator: the trump, or "dealer chooses".
    fn spin(&mut self) -> Phase {
        let weights = self.config.spinner.map(u32::from);
        let spin = self.table.rng.with_stream(|s| s.weighted(&weights));
        match spin {
            Some(i @ 0..=3) => {
                self.table.trump = SuitId::new(i as u8).map_or(Trump::NoTrump, Trump::Suit);
                self.before_bidding()
            }
            Some(5) => {
                self.table.trump = Trump::NoTrump;
                Phase::ChooseTrump
            }
            _ => {
                self.table.trump = Trump::NoTrump;
                self.before_bidding()
            }
        }
    }
}
