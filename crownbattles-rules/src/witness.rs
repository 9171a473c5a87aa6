//! Who witnesses what: the events of one step for one observer, derived from the states
//! before and after it (the hot path, `apply`, is not involved).
//!
//! Facts the state after the step no longer holds are recomputed from the state before
//! and the action: the trick a card completes (a round-ending card clears the table and
//! deals the next round in the same step), and the bids, tricks and points the round was
//! scored with (a Jester, a Thief or a Witch may act in that same step).

use duke_core::{Game, Observer, Seat};

use crate::actions::{Action, Bid, Direction};
use crate::cards::{Card, CardSet, Face, Power};
use crate::events::Event;
use crate::expansion::Precision;
use crate::state::{CrownBattles, MAX_PLAYERS, NONE, Phase, at, update};
use crate::trick::{Form, Trick};
use crate::view::TableCard;

/// The faces of a set of cards, in card order.
fn faces(cards: CardSet) -> Vec<Face> {
    cards.iter().map(|c| c.face()).collect()
}

impl CrownBattles {
    /// The observer's seat, if it is one of the players.
    fn seat_of(&self, observer: Observer) -> Option<Seat> {
        match observer {
            Observer::Seat(s) if s.index() < self.n() => Some(s),
            _ => None,
        }
    }

    /// [`Game::seen_action`]: the action in full for its seat and for every public action;
    /// the hidden ones (a smuggle, a Magician pass, a Merchant's own card, a Blind Bidding
    /// bid and a Jester's move of it, a Stealth Play card after the leader's, a card set
    /// aside in The Split) face down.
    pub(crate) fn seen(&self, seat: Seat, action: Action, observer: Observer) -> Event {
        if self.seat_of(observer) == Some(seat) {
            return Event::Acted { seat, action };
        }
        let hidden_bids = !self.table.rounds.round_type.bids_are_public();
        match action {
            Action::Smuggle(_) => Event::SmuggledFaceDown {
                seat,
                before_bid: matches!(self.table.phase, Phase::Bidding(_) | Phase::BlindBidding | Phase::Missions),
            },
            Action::Mission(_) if !self.mission_seen(seat, None) => Event::MissionChosenFaceDown { seat },
            Action::Give(_) => Event::PassChosen { seat },
            Action::Trade(_, with) => Event::TradeOffered { seat, with },
            Action::Bid(_) if hidden_bids => Event::BidFaceDown { seat },
            Action::Jest(_) if hidden_bids => Event::JestFaceDown { seat },
            Action::Leak(_) if self.config.leak_choice == crate::expansion::LeakChoice::Simultaneous => {
                Event::LeakChosen { seat }
            }
            Action::Play(_) | Action::PlayDoubleFacedAsGolem if self.plays_face_down() => {
                Event::PlayedFaceDown { seat }
            }
            Action::SetAside(_) => Event::SetAsideFaceDown { seat },
            // Alliances: the ally sees the Secret Note's card, the others that one was shown.
            Action::Note(_) => match self.ally(seat) {
                Some(ally) if self.seat_of(observer) == Some(ally) => Event::Acted { seat, action },
                Some(ally) => Event::NoteShown { seat, ally },
                None => Event::Acted { seat, action },
            },
            _ => Event::Acted { seat, action },
        }
    }

    /// The events of the current round's start for `observer`: the round, the deal (its own
    /// cards only), the spinner, and what the round type settles at once (random teams, the
    /// missions dealt, a random pairing, Leaked Suit's automatic reveals). Meant for a game just created or a round just started
    /// (the hand is read now); [`Game::events`] reports later rounds itself.
    pub fn opening_events(&self, observer: Observer) -> Vec<Event> {
        let mut out = Vec::new();
        self.push_round_start(observer, &mut out);
        out
    }

    fn push_round_start(&self, observer: Observer, out: &mut Vec<Event>) {
        let me = self.seat_of(observer);
        out.push(Event::RoundStarted {
            round: self.table.round.saturating_add(1),
            rounds: self.config.schedule.rounds() as u8,
            dealer: self.table.dealer,
            cards: self.cards_this_round(),
        });
        if !self.config.round_types.is_base() {
            out.push(Event::RoundTypeRevealed { round_type: self.table.rounds.round_type });
        }
        out.push(Event::Dealt {
            count: self.cards_this_round(),
            seat: me,
            cards: me.map_or_else(Vec::new, |s| faces(self.hand(s))),
        });
        let trump = (self.table.phase != Phase::ChooseTrump).then_some(self.table.trump);
        out.push(Event::Spun { trump, dealer: self.table.dealer });
        if self.alliance_round() && self.teams_formed() {
            self.push_teams_formed(out);
        }
        if self.table.rounds.round_type.has_missions() && !matches!(self.table.phase, Phase::ChooseTrump | Phase::Teams)
        {
            self.push_missions_dealt(me, out);
        }
        // Duel Fights: the generator's pairing at the round's start.
        if self.duel() && self.table.phase != Phase::ChooseTrump && !self.pairing_pending() {
            out.push(Event::Paired { groups: self.duel_groups() });
        }
        // Leaked Suit: the spinner's and the left neighbours' reveals, drawn as the round
        // starts ("Then players reveal all cards in their chosen suit … face up").
        if self.leaked_round() && self.table.phase != Phase::ChooseTrump {
            self.push_reveals(None, out);
        }
    }

    /// [`Event::TeamsFormed`].
    fn push_teams_formed(&self, out: &mut Vec<Event>) {
        out.push(Event::TeamsFormed { allies: self.seats().map(|s| self.ally(s)).collect() });
    }

    /// [`Event::MissionsDealt`]: the observer's own offer.
    fn push_missions_dealt(&self, me: Option<Seat>, out: &mut Vec<Event>) {
        let offered = me.map_or_else(Vec::new, |s| self.offered_ids(s));
        out.push(Event::MissionsDealt { seat: me, missions: self.mission_cards(offered.into_iter()) });
    }

    /// [`Event::MissionsRevealed`]: every seat's mission.
    fn push_missions_revealed(&self, out: &mut Vec<Event>) {
        let missions = self.seats().map(|s| self.mission_of(s).and_then(|id| self.mission_card(id))).collect();
        out.push(Event::MissionsRevealed { missions });
        self.push_reveals(None, out);
    }

    /// Leaked Suit: the reveals of this step (all of them at a round's start, `before`
    /// `None`), in seat order.
    fn push_reveals(&self, before: Option<&CrownBattles>, out: &mut Vec<Event>) {
        for s in self.seats().filter(|&s| self.leak_public(s) && !before.is_some_and(|b| b.leak_public(s))) {
            if let Some(leak) = self.leak_of(s) {
                out.push(Event::SuitLeaked { seat: s, leak, cards: faces(self.leaked_cards(s)) });
            }
        }
    }

    /// The card a play puts on the table, with the form it fights in and the action it
    /// carries: the same as `play` (a Summoner copies the previous card, or its action
    /// and is worth 0.5).
    fn pushed(&self, seat: Seat, action: Action) -> Option<(Card, Form, Option<Power>)> {
        let (card, golem) = match action {
            Action::Play(face) => (self.playable(seat).find(face)?, false),
            Action::PlayDoubleFacedAsGolem => (Power::DoubleFaced.card(), true),
            _ => return None,
        };
        if !matches!(self.table.phase, Phase::Play(s) if s == seat) {
            return None;
        }
        // (Long Play: at a second pass's start, after the first pass's last card.)
        let (form, effect) = self.next_form(card, golem);
        Some((card, form, effect))
    }

    /// The trick as it stands once `action` is on it (before any automatic resolution).
    fn trick_with(&self, seat: Seat, action: Action) -> Trick {
        let mut trick = self.table.trick;
        if let Some((card, form, effect)) = self.pushed(seat, action) {
            trick.push(card, form, effect);
            // What `on_play` does to the trick itself.
            match effect {
                Some(Power::Wizard) => trick.wizard = true,
                Some(Power::Bomb) => {
                    trick.bombed = true;
                    trick.next_leader = seat;
                }
                _ => {}
            }
            // Stealth Play: the last card completes the trick and the flip marks it.
            if self.stealth() && usize::from(trick.len) == self.n() {
                trick.reveal_marks(self.n());
            }
        }
        trick
    }

    /// Where the Magician's passes go.
    fn pass_target(&self, s: Seat, direction: Direction) -> Seat {
        match direction {
            Direction::Left => s.left(self.n()),
            Direction::Right => s.right(self.n()),
        }
    }

    /// Between two versions of a hand that swapped one card: the card that left it, and
    /// the one that came in.
    fn moved(before: CardSet, after: CardSet) -> (Option<Face>, Option<Face>) {
        (before.minus(after).first().map(Card::face), after.minus(before).first().map(Card::face))
    }
}

/// [`Game::events`] for Crown Battles.
pub(crate) fn events(
    before: &CrownBattles,
    seat: Seat,
    action: Action,
    after: &CrownBattles,
    observer: Observer,
    out: &mut Vec<Event>,
) {
    out.clear();
    out.push(before.seen(seat, action, observer));
    let me = before.seat_of(observer);
    let sees = |s: Seat| me == Some(s);
    let same_round = after.table.round == before.table.round && after.table.phase != Phase::Over;
    consequences(before, seat, action, after, &sees, same_round, out);
    if same_round && before.table.phase == Phase::Teams && after.table.phase != Phase::Teams {
        after.push_teams_formed(out);
    }
    missions_step(before, action, after, me, out);
    if same_round && after.leaked_round() {
        after.push_reveals(Some(before), out);
    }
    // Duel Fights: the step that grouped everyone (the dealer's last grouping, or a trump
    // choice followed by the generator's pairing).
    if same_round && before.pairing_pending() && after.duel() && !after.pairing_pending() {
        out.push(Event::Paired { groups: after.duel_groups() });
    }
    // Stealth Play, the face-down suit to follow: told to the seat whose turn has come.
    if let Some(suit) = after.suit_told(me)
        && before.suit_told(me).is_none()
        && let Some(s) = me
    {
        out.push(Event::SuitTold { seat: s, suit });
    }
    let flipped = revealed_trick(before, seat, action, after, out);
    let winner = finished_trick(before, seat, action, after, out);
    if (flipped || winner.is_some() && !before.table.trick.flipping) && before.stealth() {
        revealed_spies(before, seat, action, &sees, out);
    }
    if same_round && before.precision() {
        push_placements(&before.table.rounds.suit_precision, &after.table.rounds.suit_precision, out);
    }
    if same_round {
        // The Split: the step that ends the first half.
        if before.split() && !before.second_half() && after.second_half() {
            let seats = || after.seats();
            out.push(Event::FirstHalfPlayed {
                bids: seats().map(|s| at(&after.table.rounds.other_bids, s)).collect(),
                tricks: seats().map(|s| at(&after.table.rounds.first_tricks, s)).collect(),
            });
        }
        return;
    }
    round_end(before, seat, action, after, winner.flatten(), out);
    if after.table.phase == Phase::Over {
        if let Some(outcome) = after.outcome() {
            out.push(Event::GameOver { outcome });
        }
    } else {
        after.push_round_start(observer, out);
    }
}

/// What the action itself reveals, to whom (Smuggler, Spy, Bishop, Cursed, Magician,
/// Merchant). The random cards of the Smuggler and the Merchant are read from the hands
/// after the step: neither acts in a round-ending step, as each needs cards in hand that
/// the last trick no longer leaves (RULES.md, "Events").
fn consequences(
    before: &CrownBattles,
    seat: Seat,
    action: Action,
    after: &CrownBattles,
    sees: &dyn Fn(Seat) -> bool,
    same_round: bool,
    out: &mut Vec<Event>,
) {
    match (before.table.phase, action) {
        (_, Action::Smuggle(_)) => {
            let (_, drawn) = CrownBattles::moved(before.hand(seat), after.hand(seat));
            out.push(Event::DrewFromDeck { seat, card: drawn.filter(|_| sees(seat) && same_round) });
        }
        (Phase::Play(_), Action::Play(_) | Action::PlayDoubleFacedAsGolem) => {
            let spy = before.pushed(seat, action).is_some_and(|(_, _, effect)| effect == Some(Power::Spy))
                && !before.plays_face_down();
            // "If there is no deck left, then this card has no action."
            if spy && !before.table.deck.is_empty() {
                out.push(Event::DeckSeen { seat, cards: sees(seat).then(|| faces(before.table.deck)) });
            }
        }
        (_, Action::Look(target)) => {
            out.push(Event::HandSeen { seat, target, cards: sees(seat).then(|| faces(before.hand(target))) });
        }
        (_, Action::Swap(first, second)) => {
            let party = sees(first) || sees(second);
            out.push(Event::HandsSwapped {
                first,
                second,
                first_gets: party.then(|| faces(before.hand(second))),
                second_gets: party.then(|| faces(before.hand(first))),
            });
        }
        (Phase::Passing { magician, direction }, Action::Give(face)) => {
            if seat == magician {
                for from in before.seats() {
                    let card = if from == magician {
                        Some(face)
                    } else {
                        Card::new(at(&before.table.passes, from)).map(Card::face)
                    };
                    let to = before.pass_target(from, direction);
                    out.push(Event::Passed { from, to, card: card.filter(|_| sees(from) || sees(to)) });
                }
            } else if let Some(card) = after.incoming_pass(magician) {
                let from = match direction {
                    Direction::Left => magician.right(before.n()),
                    Direction::Right => magician.left(before.n()),
                };
                let card = Some(card).filter(|_| sees(from) || sees(magician));
                out.push(Event::PassSeen { from, to: magician, card });
            }
        }
        (_, Action::Trade(face, taker)) => {
            let (_, taken) = CrownBattles::moved(before.hand(seat), after.hand(seat));
            let party = (sees(seat) || sees(taker)) && same_round;
            out.push(Event::Traded {
                giver: seat,
                taker,
                given: Some(face).filter(|_| party),
                taken: taken.filter(|_| party),
            });
        }
        (_, Action::TradeOthers(giver, taker)) => {
            let (given, taken) = CrownBattles::moved(before.hand(giver), after.hand(giver));
            let party = (sees(giver) || sees(taker)) && same_round;
            out.push(Event::Traded { giver, taker, given: given.filter(|_| party), taken: taken.filter(|_| party) });
        }
        _ => {}
    }
}

/// Missions: the offers dealt once the dealer chose the trump, and face-down choices
/// turned up together after the last (the simultaneous reveal).
fn missions_step(before: &CrownBattles, action: Action, after: &CrownBattles, me: Option<Seat>, out: &mut Vec<Event>) {
    if !before.table.rounds.round_type.has_missions() || after.table.round != before.table.round {
        return;
    }
    match (before.table.phase, action) {
        (Phase::ChooseTrump | Phase::Teams, _) if after.table.phase != Phase::Teams => {
            after.push_missions_dealt(me, out)
        }
        (Phase::Missions, Action::Mission(_))
            if after.table.phase != Phase::Missions
                && before.table.rounds.round_type.open_missions()
                && !before.missions_in_turn() =>
        {
            after.push_missions_revealed(out);
        }
        _ => {}
    }
}

/// Stealth Play: a Spy played face down looks through the deck at the reveal.
fn revealed_spies(
    before: &CrownBattles,
    seat: Seat,
    action: Action,
    sees: &dyn Fn(Seat) -> bool,
    out: &mut Vec<Event>,
) {
    if before.table.deck.is_empty() {
        return;
    }
    let trick = before.trick_with(seat, action);
    for pos in 1..usize::from(trick.len) {
        if trick.effect(pos) == Some(Power::Spy) {
            let spy = trick.leader.offset(pos, before.n());
            out.push(Event::DeckSeen { seat: spy, cards: sees(spy).then(|| faces(before.table.deck)) });
        }
    }
}

/// Stealth Play with actions at the flip: if the step turned the trick up and an immediate
/// action of a face-down card now waits, pushes [`Event::TrickRevealed`] and returns true.
fn revealed_trick(
    before: &CrownBattles,
    seat: Seat,
    action: Action,
    after: &CrownBattles,
    out: &mut Vec<Event>,
) -> bool {
    if before.table.trick.flipping || !after.table.trick.flipping {
        return false;
    }
    let trick = before.trick_with(seat, action);
    out.push(Event::TrickRevealed { cards: table_cards(&trick, before.n()) });
    true
}

/// The cards of a trick, in play order.
fn table_cards(trick: &Trick, n: usize) -> Vec<TableCard> {
    (0..usize::from(trick.len))
        .filter_map(|i| {
            Some(TableCard { seat: trick.leader.offset(i, n), face: trick.card(i)?.face(), form: trick.form(i)? })
        })
        .collect()
}

/// If the step completed a trick, pushes [`Event::TrickTaken`] and returns `Some(winner)`
/// (`Some(None)` for a bombed trick). A trick completes when its last card is on the table
/// and no decision made right after a play (an immediate effect, the Magician's passes)
/// is pending any more; its end-of-trick decisions come in later steps.
fn finished_trick(
    before: &CrownBattles,
    seat: Seat,
    action: Action,
    after: &CrownBattles,
    out: &mut Vec<Event>,
) -> Option<Option<Seat>> {
    // (A Secret Note shown on a play turn plays nothing.)
    if matches!(action, Action::Note(_)) {
        return None;
    }
    // (Stealth Play with actions at the flip: the trick completes once the immediate
    // actions of its face-down cards have resolved.)
    let playing = before.table.trick.resolving == NONE
        && matches!(before.table.phase, Phase::Play(_) | Phase::Effect { end: false, .. } | Phase::Passing { .. })
        || before.table.trick.flipping;
    // (Long Play: a complete first pass only starts the second.)
    let between_passes =
        !after.table.rounds.long.is_empty() && after.table.trick.len == 0 && after.table.trick.resolving == NONE;
    let completed = playing
        && !between_passes
        && (after.table.trick.resolving != NONE && !after.table.trick.flipping || after.table.trick.len == 0);
    if !completed {
        return None;
    }
    // Once end-of-trick decisions are pending the table still shows the trick; otherwise it
    // was cleared in this step and is rebuilt from the state before.
    let (table, trick) = if after.table.trick.resolving != NONE {
        (after, after.table.trick)
    } else {
        (before, before.trick_with(seat, action))
    };
    let trump = match (before.table.phase, action) {
        (Phase::Effect { .. }, Action::Trump(t)) => t,
        _ => before.table.trump,
    };
    let n = before.n();
    let kings = before.config.wizard_affects_kings;
    // Long Play: both passes, the first pass kept in the state the trick is read from.
    let mut cards = table.first_pass_table();
    let pos = if cards.is_empty() {
        trick.winner(trump, kings)
    } else {
        crate::expansion::long_winner(&table.first_pass(), &trick, trump, kings)
    };
    let winner = (!trick.bombed).then(|| trick.leader.offset(pos, n));
    cards.extend(table_cards(&trick, n));
    out.push(Event::TrickTaken { cards, winner });
    Some(winner)
}

/// Suit Precision: [`Event::TrickPlaced`] for each trick placed between two states of the
/// round.
fn push_placements(before: &Precision, after: &Precision, out: &mut Vec<Event>) {
    for (i, (was, now)) in before.tricks.iter().zip(&after.tricks).enumerate() {
        for (suit, (&a, &b)) in crate::cards::SuitId::ALL.into_iter().zip(was.iter().zip(now)) {
            for _ in a..b {
                out.push(Event::TrickPlaced { seat: Seat(i as u8), suit });
            }
        }
    }
}

/// Suit Precision: the suit bids and tricks once a round-ending step is done (the state
/// after it is the next round's): the step's placement, Jester or Thief, or the
/// automatic placement of the trick it completed.
fn precision_final(before: &CrownBattles, seat: Seat, action: Action, winner: Option<Seat>) -> Precision {
    let mut sim = before.clone();
    match (before.table.phase, action) {
        (Phase::Place { .. }, Action::Place(suit)) => sim.put_under(seat, suit),
        (Phase::Effect { .. }, Action::JestSuit(suit, d)) => sim.jest_suit(seat, suit, d),
        (Phase::Effect { .. }, Action::StealFrom(victim, suit)) => {
            sim.steal_from(seat, victim, suit);
        }
        _ => {}
    }
    // The trick this step completed (an immediate Jester resolved as the last card's
    // action completes it too) is placed after the step's own change, as `take_trick` does.
    if let Some(w) = winner {
        sim.table.trick = before.trick_with(seat, action);
        if let (Phase::Effect { .. }, Action::Trump(t)) = (before.table.phase, action) {
            sim.table.trump = t;
        }
        sim.place_won_trick(w);
    }
    sim.table.rounds.suit_precision
}

/// [`Event::RoundScored`] and [`Event::Crown`]: the bids and tricks the round was scored
/// with, including what this very step changed (a Jester's bid, a Thief's trick, the last
/// trick's winner).
fn round_end(
    before: &CrownBattles,
    seat: Seat,
    action: Action,
    after: &CrownBattles,
    winner: Option<Seat>,
    out: &mut Vec<Event>,
) {
    let mut bids: [Option<Bid>; MAX_PLAYERS] = before.table.bids;
    let mut tricks = before.table.tricks;
    match (before.table.phase, action) {
        (Phase::Effect { .. }, Action::Jest(d)) => crate::state::put(&mut bids, seat, before.jested(seat, d)),
        (Phase::Effect { .. }, Action::Steal(t) | Action::StealFrom(t, _)) => {
            update(&mut tricks, t, |v| v.saturating_sub(1));
            update(&mut tricks, seat, |v| v.saturating_add(1));
        }
        _ => {}
    }
    if let Some(w) = winner {
        update(&mut tricks, w, |v| v.saturating_add(1));
    }
    // Missions: what the last trick did for the missions, when it ended in this step.
    let mut missions = before.clone();
    if before.table.rounds.round_type.has_missions() {
        if let Some(w) = winner {
            let n = before.n();
            missions.table.trick = before.trick_with(seat, action);
            if let (Phase::Effect { .. }, Action::Trump(t)) = (before.table.phase, action) {
                missions.table.trump = t;
            }
            missions.note_mission_trick(w, (w.index() + n - missions.table.trick.leader.index()) % n.max(1));
        }
        if before.table.rounds.round_type == crate::round_types::RoundType::BlindMissions {
            before.push_missions_revealed(out);
        }
    }
    // (Scored as `end_round` scores, from the bids and tricks of this step.)
    missions.table.bids = bids;
    missions.table.tricks = tricks;
    // Suit Precision: the suits as this step left them.
    let precision = before.precision().then(|| precision_final(before, seat, action, winner));
    if let Some(p) = &precision {
        push_placements(&before.table.rounds.suit_precision, p, out);
        out.push(Event::SuitsScored {
            bids: before.seats().map(|s| at(&p.bids, s).map(crate::expansion::decode_suit_bid)).collect(),
            tricks: before.seats().map(|s| at(&p.tricks, s)).collect(),
        });
    }
    // Wagering: every seat's points depend on the others' (the pot's shares).
    let together = before.table.rounds.round_type.settles_together().then(|| before.settlement(&bids, &tricks));
    if let Some((_, carried)) = together
        && before.table.rounds.round_type == crate::round_types::RoundType::Wagering
    {
        let pot = before.pot_on_table();
        let winners: Vec<Seat> = before
            .seats()
            .filter(|&s| at(&bids, s).is_some_and(|b| b.low() <= at(&tricks, s) && at(&tricks, s) <= b.high()))
            .collect();
        let (share, to_bank) = crate::expansion::pot_shares(pot, winners.len() as u8);
        out.push(Event::PotSettled { pot, winners, share, to_bank, carried });
    }
    // (Suit Precision-Alliances scores a team from both members' suits.)
    if let Some(p) = precision {
        missions.table.rounds.suit_precision = p;
    }
    let points = |s: Seat| {
        if let Some((points, _)) = together { at(&points, s) } else { missions.round_points(s) }
    };
    let seats = || before.seats();
    out.push(Event::RoundScored {
        round: before.table.round.saturating_add(1),
        bids: seats().map(|s| at(&bids, s)).collect(),
        tricks: seats().map(|s| at(&tricks, s)).collect(),
        points: seats().map(points).collect(),
        scores: seats().map(|s| at(&after.table.scores, s)).collect(),
        missions: if before.table.rounds.round_type.has_missions() {
            seats().map(|s| missions.mission_met(s, at(&tricks, s))).collect()
        } else {
            Vec::new()
        },
    });
    out.push(Event::Crown { holder: after.table.crown });
}
