//! What one player (or a spectator) sees: own hand, the table, bids, scores, trump, and the
//! cards Special Power cards revealed to the seat (Bishop, Spy, passes and trades).

use duke_core::{Observer, Seat};
use serde::{Deserialize, Serialize};

use crate::actions::{Bid, Trump};
use crate::cards::{CardSet, Face, Power, SuitId};
use crate::expansion::{MissionCard, describe};
use crate::round_types::RoundType;
use crate::state::{CrownBattles, NONE, Phase, at, bit};
use crate::trick::Form;

mod display;

/// Where a known card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// In this seat's hand.
    Hand(Seat),
    /// In the undealt deck.
    Deck,
}

/// A card on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCard {
    /// Who played it.
    pub seat: Seat,
    /// What it is.
    pub face: Face,
    /// How it fights (Double-faced choice, Summoner copy).
    pub form: Form,
}

/// One observer's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who looks.
    pub observer: Observer,
    /// Players.
    pub players: u8,
    /// Round number, 1-based (tie replays continue counting).
    pub round: u8,
    /// Scheduled rounds.
    pub rounds: u8,
    /// Cards dealt to each player this round.
    pub cards_dealt: u8,
    /// The dealer.
    pub dealer: Seat,
    /// The trump.
    pub trump: Trump,
    /// What the game waits for.
    pub phase: Phase,
    /// Seats that may act now.
    pub to_act: Vec<Seat>,
    /// The observer's hand (empty for a spectator).
    pub hand: Vec<Face>,
    /// Cards in each hand.
    pub hand_sizes: Vec<u8>,
    /// Undealt cards.
    pub deck_size: u8,
    /// Bids (in a Blind Bidding round only the observer's own, until the round ends:
    /// then [`View::revealed_bids`]).
    pub bids: Vec<Option<Bid>>,
    /// Tricks won this round.
    pub tricks: Vec<u8>,
    /// Scores.
    pub scores: Vec<i32>,
    /// Who holds the crown.
    pub crown: Option<Seat>,
    /// The ongoing trick (Long Play: both passes, the first pass first, in play order).
    pub trick: Vec<TableCard>,
    /// Every card played this round (the ongoing trick included).
    pub played: Vec<Face>,
    /// Unplayed cards outside the observer's hand whose place it knows.
    pub known: Vec<(Place, Face)>,
    /// Suits each seat is known to lack (it played off the led suit), per seat.
    pub voids: Vec<Vec<SuitId>>,
    /// Seats protected from theft (kept Wizard or bubble shield).
    pub protected: Vec<bool>,
    /// The card the observer chose to pass for the Magician, if any.
    pub passing: Option<Face>,
    /// Magician: the card coming to the Magician's player, shown to him once everyone else
    /// has chosen ("Only this card's player sees the card pass to them before choosing").
    /// Left out of the serialised view when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incoming: Option<Face>,
    /// This round's type ("The expansion game"). Left out of the serialised view for
    /// Normal Bidding.
    #[serde(default, skip_serializing_if = "RoundType::is_normal")]
    pub round_type: RoundType,
    /// [`Setup::revealed_bids`](crate::Setup::revealed_bids), public. Left out when there
    /// are none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revealed_bids: Option<Vec<Bid>>,
    /// Stealth Play: the seats whose card lies face down on the table, unseen by the
    /// observer (left out of `trick` and `played`). Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub face_down: Vec<Seat>,
    /// Stealth Play: [`Setup::revealed_trick`](crate::Setup::revealed_trick), public, each
    /// card with its seat. Left out when there is none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed_trick: Vec<TableCard>,
    /// Missions: the missions the observer is offered and has yet to choose from (catalogue
    /// ids; see [`MissionCatalogue`](crate::MissionCatalogue)). Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<u8>,
    /// Missions: each seat's chosen mission as far as the observer sees it (its own; the
    /// others once revealed: in turn at once, simultaneously once all chose, Blind Missions
    /// at the round's end). Left out outside missions rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missions: Vec<Option<u8>>,
    /// The missions of the last round when it was a missions round, revealed at its end,
    /// until the next round ends. Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revealed_missions: Vec<Option<u8>>,
    /// Missions: what the missions named in [`Self::offered`], [`Self::missions`] and
    /// [`Self::revealed_missions`] ask, in id order (the config's catalogue has their
    /// points). Left out when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mission_cards: Vec<MissionCard>,
    /// Stealth Play with `Config::stealth_follow_face_down`: the suit to follow that a card
    /// played face down set, as the engine told the observer when its turn came in this
    /// trick (`Event::SuitTold`). Left out when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit_told: Option<SuitId>,
    /// The Split: the two halves (left out of other rounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub split: Option<SplitView>,
    /// Leaked Suit: the suit each seat revealed, once everyone sees it (the observer's own
    /// choice at once); `None` for a seat yet to choose or whose choice is still face down.
    /// Its cards are listed in `known`. Left out outside Leaked Suit rounds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaks: Vec<Option<crate::actions::Leak>>,
    /// Alliances and Missions-Alliances: the teams and the Secret Notes (left out of other
    /// rounds). Which card a note showed is in the ally's `known` only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alliance: Option<AllianceView>,
    /// Suit Precision: every seat's bids and placed tricks per suit, all face up ("for
    /// everyone to see"). Left out of other rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<PrecisionView>,
    /// Wagering: the pot on the table, public: the pot carried over from Wagering rounds
    /// no one won and, in a Wagering round, everyone's stake of 20 (settled at the round's
    /// end). Left out when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pot: u16,
    /// Wagering with extra wagers: [`Setup::wagers`](crate::Setup::wagers), public. Left
    /// out when no one has wagered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wagers: Vec<u8>,
    /// Duel Fights: [`Setup::duels`](crate::Setup::duels), each group in seat order,
    /// public. Left out outside Duel Fights rounds and before the pairing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub duels: Vec<Vec<Seat>>,
}

/// What a view shows of an Alliance round's teams (public: "the dealer determining team
/// formations").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllianceView {
    /// Each seat's ally (`None`: solo, or not placed yet while the dealer forms teams).
    pub allies: Vec<Option<Seat>>,
    /// The solo player, if named.
    pub solo: Option<Seat>,
    /// Seats that showed their Secret Note this round (not which card).
    pub notes: Vec<Seat>,
}

/// What a view shows of a round of Suit Precision (suits in the order R, G, B, Y).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrecisionView {
    /// [`Setup::suit_bids`](crate::Setup::suit_bids).
    pub bids: Vec<[Option<Bid>; 4]>,
    /// [`Setup::suit_tricks`](crate::Setup::suit_tricks).
    pub tricks: Vec<[u8; 4]>,
}

/// Whether a number is 0 (left out of the JSON of a view or a saved game).
pub(crate) fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// What a view shows of a round of The Split.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitView {
    /// The half being played: 1 (also during the split and the bids) or 2.
    pub half: u8,
    /// The observer's cards set aside face down for the second half (empty for a
    /// spectator); during the split, those set aside so far.
    pub aside: Vec<Face>,
    /// Cards each seat has set aside.
    pub aside_sizes: Vec<u8>,
    /// [`Setup::other_bids`](crate::Setup::other_bids).
    pub other_bids: Vec<Option<Bid>>,
    /// Tricks each seat won in the first half (all 0 until the second half).
    pub first_tricks: Vec<u8>,
}

impl CrownBattles {
    pub(crate) fn make_view(&self, observer: Observer) -> View {
        let n = self.n();
        let me = match observer {
            Observer::Seat(s) if s.index() < n => Some(s),
            _ => None,
        };
        let own = me.map_or(CardSet::EMPTY, |s| self.hand(s));
        // Stealth Play: a face-down card the observer did not see is, for it, still in
        // its player's hand.
        let (hidden, hidden_seats) = self.hidden_from(me);
        let seen_played = self.table.played.minus(hidden);
        let known_set = match me {
            Some(s) => at(&self.table.known, s).minus(own).minus(seen_played),
            // Leaked Suit: a spectator sees the revealed cards (what every seat knows).
            None if self.leaked_round() => self.table.rounds.shown.minus(seen_played),
            None => CardSet::EMPTY,
        };
        let holds = |t: Seat, c| self.hand(t).has(c) || hidden_seats & bit(t) != 0 && self.trick_seat(c) == Some(t);
        let mut known = Vec::new();
        for c in known_set.iter() {
            if self.table.deck.has(c) {
                known.push((Place::Deck, c.face()));
            } else if let Some(holder) = self.seats().find(|&t| holds(t, c)) {
                known.push((Place::Hand(holder), c.face()));
            }
        }
        // In card order, except that copies of a face (Golems, Dragons, Peasants) are ordered
        // by place: which copy's id a seat knows is not something it can see.
        known.sort_by_key(|&(place, face)| (face, if let Place::Hand(s) = place { s.0 } else { u8::MAX }));
        // Long Play: a second pass shows the first pass's cards first.
        let mut trick = self.first_pass_table();
        let pass = (0..usize::from(self.table.trick.len)).filter_map(|i| {
            let card = self.table.trick.card(i).filter(|&c| !hidden.has(c))?;
            // Stealth Play: a Summoner played face down copies a card its player may
            // not have seen; until the reveal it shows its printed form.
            let form = match self.table.trick.form(i)? {
                _ if card == crate::cards::Power::Summoner.card() && self.face_down() >> i & 1 == 1 => {
                    Form::of(card, false)
                }
                form => form,
            };
            Some(TableCard { seat: self.table.trick.leader.offset(i, n), face: card.face(), form })
        });
        trick.extend(pass);
        let mut view = View {
            observer,
            players: self.config.players,
            round: self.table.round.saturating_add(1),
            rounds: self.config.schedule.rounds() as u8,
            cards_dealt: self.cards_this_round(),
            dealer: self.table.dealer,
            trump: self.table.trump,
            phase: self.table.phase,
            to_act: duke_core::Game::to_act(self).iter().collect(),
            hand: own.iter().map(|c| c.face()).collect(),
            hand_sizes: self.seats().map(|s| self.hand(s).len() as u8).collect(),
            deck_size: self.table.deck.len() as u8,
            bids: self
                .seats()
                .map(|s| {
                    at(&self.table.bids, s).filter(|_| self.table.rounds.round_type.bids_are_public() || me == Some(s))
                })
                .collect(),
            tricks: self.seats().map(|s| at(&self.table.tricks, s)).collect(),
            scores: self.seats().map(|s| at(&self.table.scores, s)).collect(),
            crown: self.table.crown,
            trick,
            played: seen_played.iter().map(|c| c.face()).collect(),
            known,
            voids: self.seats().map(|s| suits(at(&self.table.voids, s))).collect(),
            protected: self.seats().map(|s| self.protected(s)).collect(),
            incoming: me.and_then(|s| self.incoming_pass(s)),
            round_type: self.table.rounds.round_type,
            revealed_bids: self
                .table
                .rounds
                .revealed_bids
                .iter()
                .any(Option::is_some)
                .then(|| self.seats().filter_map(|s| at(&self.table.rounds.revealed_bids, s)).collect()),
            passing: me.and_then(|s| {
                let c = at(&self.table.passes, s);
                (c != NONE).then(|| crate::cards::Card::new(c).map(|c| c.face())).flatten()
            }),
            face_down: self.seats().filter(|&s| hidden_seats & bit(s) != 0).collect(),
            revealed_trick: self.revealed_table(),
            offered: me.map_or_else(Vec::new, |s| self.offered_ids(s)),
            missions: if self.table.rounds.round_type.has_missions() {
                self.seats().map(|s| self.mission_of(s).filter(|_| self.mission_seen(s, me))).collect()
            } else {
                Vec::new()
            },
            revealed_missions: if self.table.rounds.revealed_missions == [NONE; crate::state::MAX_PLAYERS] {
                Vec::new()
            } else {
                self.seats().map(|s| Some(at(&self.table.rounds.revealed_missions, s)).filter(|&m| m != NONE)).collect()
            },
            suit_told: self.suit_told(me),
            split: self.split().then(|| SplitView {
                half: if self.second_half() { 2 } else { 1 },
                aside: me.map_or_else(Vec::new, |s| at(&self.table.rounds.aside, s).iter().map(|c| c.face()).collect()),
                aside_sizes: self.seats().map(|s| at(&self.table.rounds.aside, s).len() as u8).collect(),
                other_bids: self.seats().map(|s| at(&self.table.rounds.other_bids, s)).collect(),
                first_tricks: self.seats().map(|s| at(&self.table.rounds.first_tricks, s)).collect(),
            }),
            alliance: self.alliance_round().then(|| AllianceView {
                allies: self.seats().map(|s| self.ally(s)).collect(),
                solo: self.seats().find(|&s| self.is_solo(s)),
                notes: self.seats().filter(|&s| self.table.rounds.alliance.notes & bit(s) != 0).collect(),
            }),
            leaks: if self.leaked_round() {
                self.seats().map(|s| self.leak_of(s).filter(|_| self.leak_public(s) || me == Some(s))).collect()
            } else {
                Vec::new()
            },
            precision: self.precision().then(|| PrecisionView {
                bids: self.seats().map(|s| self.suit_bids(s)).collect(),
                tricks: self.seats().map(|s| self.suit_tricks(s)).collect(),
            }),
            pot: self.pot_on_table(),
            wagers: self.wagers_list(),
            duels: self.duel_groups(),
            mission_cards: Vec::new(),
        };
        let named = view.offered.iter().chain(view.missions.iter().chain(&view.revealed_missions).flatten());
        view.mission_cards = self.mission_cards(named.copied());
        view
    }
}

impl CrownBattles {
    /// [`View::revealed_trick`].
    fn revealed_table(&self) -> Vec<TableCard> {
        if self.table.rounds.revealed_trick == [NONE; crate::state::MAX_PLAYERS] {
            return Vec::new();
        }
        let (cards, golem) = self.revealed_cards();
        let n = self.n();
        let trick = crate::position::rebuild_revealed(self.table.rounds.revealed_leader, &cards, golem, n);
        (0..usize::from(trick.len))
            .filter_map(|i| {
                Some(TableCard { seat: trick.leader.offset(i, n), face: trick.card(i)?.face(), form: trick.form(i)? })
            })
            .collect()
    }

    /// The card coming to `seat` if it is the Magician's player and everyone else has
    /// chosen (the card it sees before choosing its own).
    pub(crate) fn incoming_pass(&self, seat: Seat) -> Option<Face> {
        let Phase::Passing { magician, direction } = self.table.phase else { return None };
        if magician != seat || self.passers_waiting(magician) != 0 {
            return None;
        }
        let from = match direction {
            crate::actions::Direction::Left => magician.right(self.n()),
            crate::actions::Direction::Right => magician.left(self.n()),
        };
        crate::cards::Card::new(at(&self.table.passes, from)).map(|c| c.face())
    }
}

impl View {
    /// A heuristic for a greedy bot, from the view only, in points: the seat's score lead
    /// over the best opponent, plus the outlook of its bid this round. The outlook compares
    /// the bid with the tricks the seat can expect: those it has taken plus one for each
    /// likely winner still in its hand (Dragons, Golems and the Kings; trumps of 9 and up;
    /// other numbers of 12 and up). A bid within reach of that estimate is worth its
    /// bonus (20, or 10 for a double bid); each trick it is off costs 10. (Suit Precision:
    /// the same suit by suit, see `precision_outlook`.)
    pub fn heuristic(&self, seat: Seat) -> f64 {
        let i = seat.index();
        let mine = f64::from(self.scores.get(i).copied().unwrap_or(0));
        let best_other = self
            .scores
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &s)| f64::from(s))
            .fold(f64::MIN, f64::max);
        let best_other = if best_other == f64::MIN { 0.0 } else { best_other };
        let tricks = self.tricks.get(i).copied().unwrap_or(0);
        let expected = usize::from(tricks) + self.hand.iter().filter(|&&face| self.likely_winner(face)).count();
        let expected = f64::from(u8::try_from(expected).unwrap_or(u8::MAX));
        let round = match (&self.precision, self.bids.get(i).copied().flatten()) {
            (Some(p), _) => self.precision_outlook(p, i),
            (None, Some(b)) => {
                let (low, high) = (f64::from(b.low()), f64::from(b.high()));
                let off = if expected < low { low - expected } else { (expected - high).max(0.0) };
                let bonus = if b.low() == b.high() { 20.0 } else { 10.0 };
                if off == 0.0 { bonus } else { -10.0 * off }
            }
            (None, None) => 0.0,
        };
        mine - best_other + round
    }

    /// Suit Precision's outlook for [`View::heuristic`]: suit by suit, the tricks placed
    /// under it plus the likely winners of its numbers in hand against its bid; 10 for a
    /// suit within reach, -10 per trick off.
    fn precision_outlook(&self, p: &PrecisionView, i: usize) -> f64 {
        let (Some(bids), Some(placed)) = (p.bids.get(i), p.tricks.get(i)) else { return 0.0 };
        let mut total = 0.0;
        for (suit, (bid, &won)) in SuitId::ALL.into_iter().zip(bids.iter().zip(placed)) {
            let Some(b) = bid else { continue };
            let likely = self
                .hand
                .iter()
                .filter(|&&f| matches!(f, Face::Number(s, _) if s == suit))
                .filter(|&&f| self.likely_winner(f));
            let expected = f64::from(won) + f64::from(u8::try_from(likely.count()).unwrap_or(u8::MAX));
            let (low, high) = (f64::from(b.low()), f64::from(b.high()));
            let off = if expected < low { low - expected } else { (expected - high).max(0.0) };
            total += if off == 0.0 { 10.0 } else { -10.0 * off };
        }
        total
    }

    /// Whether `face` in the seat's hand is likely to take a trick (see [`View::heuristic`]).
    fn likely_winner(&self, face: Face) -> bool {
        match face {
            Face::Golem | Face::Dragon | Face::Power(Power::GolemKing | Power::DragonKing) => true,
            Face::Number(suit, value) => value >= 12 || (self.trump == Trump::Suit(suit) && value >= 9),
            Face::Peasant | Face::Power(_) => false,
        }
    }
}

/// The suits of a per-suit bit mask, in id order.
pub(crate) fn suits(mask: u8) -> Vec<SuitId> {
    SuitId::ALL.into_iter().filter(|s| mask >> s.index() & 1 == 1).collect()
}
