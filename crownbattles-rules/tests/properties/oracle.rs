//! The runner every property goes through, the position as the tests read it (through
//! `to_setup` and the views only), and the slow oracles written from the rulebook text:
//! the deck, the bids, the playable cards, the trick's ranking and the scoring table.

use std::cell::RefCell;
use std::collections::BTreeSet;

use crownbattles_rules::testing::configs;
use crownbattles_rules::{Action, Bid, Config, CrownBattles, DeckSpec, Event, Face, Phase, Power, SuitId, Trump, View};
use duke_core::testing::Settings;
use duke_core::testing::invariants::{Bias, Coverage, StepCheck, check_steps};
use duke_core::{Game, Observer, Seat};
use proptest::prelude::*;

pub use crate::ranking::{
    Fighter, Kind, Verdict, fighters, freed, is_action_card, judge, led_suit, legal_plays, notation,
};

/// Random games per property (times `DUKE_TEST_SCALE`).
pub const CASES: u32 = 160;

/// A step as the properties see it: the engine's step, both positions read through the
/// public API, and what the tests remember of the game so far (who is protected).
pub struct Step<'a, 'b> {
    pub check: &'a StepCheck<'b, CrownBattles>,
    pub before: &'a Table,
    pub after: &'a Table,
    /// Protection before the step, tracked by the tests from the actions alone.
    pub memory: &'a Memory,
}

impl Step<'_, '_> {
    pub fn seat(&self) -> Seat {
        self.check.seat
    }
    pub fn action(&self) -> Action {
        self.check.action
    }
    pub fn reached(&self) {
        self.check.reached();
    }
    /// The step's legal actions of `seat` (before it), in notation.
    pub fn legal(&self, seat: Seat) -> BTreeSet<String> {
        self.check.legal_before(seat).iter().map(ToString::to_string).collect()
    }
    pub fn events(&self, observer: Observer) -> Vec<Event> {
        self.check.events(observer)
    }
    /// The Split: whether this step ended the first half (the second half was taken up).
    pub fn ends_first_half(&self) -> bool {
        let half = |t: &Table| t.view.split.as_ref().map(|s| s.half);
        !self.ends_round() && half(self.before) == Some(1) && half(self.after) == Some(2)
    }
    /// Whether this step ended a round (a new one was dealt, or the game ended).
    pub fn ends_round(&self) -> bool {
        self.after.round != self.before.round || (self.after.over && !self.before.over)
    }
    /// The positions at the start of a round in this step: the game's start (step 0) and a
    /// round dealt by this step.
    pub fn round_starts(&self) -> Vec<&Table> {
        let mut out = Vec::new();
        if self.check.index == 0 {
            out.push(self.before);
        }
        if self.ends_round() && !self.after.over {
            out.push(self.after);
        }
        out
    }
    /// The trick the step completed, if any ([`Event::TrickTaken`] says when), with the
    /// trump it was fought under.
    pub fn completed_trick(&self) -> Option<Completed> {
        let taken = self.events(Observer::Spectator).into_iter().find_map(|e| match e {
            Event::TrickTaken { cards, winner } => Some((cards, winner)),
            _ => None,
        })?;
        let mut faces = self.before.trick.clone();
        let mut golem = self.before.df_golem;
        match (self.before.phase, self.action()) {
            (Phase::Play(_), Action::Play(face)) => faces.push(face),
            (Phase::Play(_), Action::PlayDoubleFacedAsGolem) => {
                faces.push(Face::Power(Power::DoubleFaced));
                golem = true;
            }
            _ => {}
        }
        let trump = match (self.before.phase, self.action()) {
            (Phase::Effect { .. }, Action::Trump(t)) => t,
            _ => self.before.trump,
        };
        Some(Completed { leader: self.before.leader, fighters: fighters(&faces, golem), trump, event: taken })
    }
}

/// A trick completed in a step.
pub struct Completed {
    pub leader: Seat,
    pub fighters: Vec<Fighter>,
    pub trump: Trump,
    /// What [`Event::TrickTaken`] said: the cards and the winner.
    pub event: (Vec<crownbattles_rules::TableCard>, Option<Seat>),
}

/// What the tests remember of a game: who is protected from the Thief and the Witch
/// ("Wizard": "keep this card for theft protection"; "Notes": bubble shields).
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub wizards: BTreeSet<Seat>,
    pub shields: BTreeSet<Seat>,
    /// Who leads once the table is cleared: the last complete trick's winner ("The winner
    /// of the trick leads the next one"), or the Bomb's player and then his choice ("You
    /// decide who will lead the next trick").
    pub next_leader: Option<Seat>,
    /// Missions: the mission each seat chose this round (its `mission` action).
    pub missions: std::collections::BTreeMap<Seat, u8>,
    /// Missions: this round's complete tricks in order, by their [`Won`].
    pub won: Vec<Won>,
}

/// A complete trick, for the missions: who won it (nobody: a Bomb) and how.
#[derive(Clone, Copy, Debug)]
pub struct Won {
    pub winner: Option<Seat>,
    /// How the winning card fought.
    pub kind: Option<crate::ranking::Kind>,
    /// The led suit (the first numbered card's).
    pub led: Option<crownbattles_rules::SuitId>,
    pub trump: Trump,
}

impl Won {
    /// The trick `c`, as the rulebook judges it.
    pub fn of(c: &Completed, n: usize, kings_too: bool) -> Won {
        let v = judge(&c.fighters, c.trump, kings_too);
        Won {
            winner: v.winner.map(|i| clockwise(c.leader, i, n)),
            kind: v.winner.map(|i| c.fighters[i].kind),
            led: v.led,
            trump: c.trump,
        }
    }

    /// "Win a trick using a trump suit": a numbered card of the trump suit won it
    /// (`over_lead`: and another suit was led).
    pub fn by_trump(&self, over_lead: bool) -> bool {
        match (self.kind, self.trump) {
            (Some(crate::ranking::Kind::Number { suit, .. }), Trump::Suit(t)) => {
                suit == t && (!over_lead || self.led.is_some_and(|l| l != t))
            }
            _ => false,
        }
    }
}

/// The phase a round opens with once its trump is known: the bids from the dealer's left
/// (Blind Bidding: all at once; The Split: the split first); in a missions round the choice
/// of the missions, or the first trick when no mission of the catalogue can be dealt ("If
/// a mission is undoable in a particular round, draw another one": a "-" in its table,
/// more tricks than are dealt, or a trump mission without a trump); in an Alliance round
/// the dealer's teams first.
pub fn opening_phase(
    round_type: crownbattles_rules::RoundType,
    config: &Config,
    dealer: Seat,
    dealt: u8,
    trump: Trump,
) -> Phase {
    use crownbattles_rules::{Condition, RoundType};
    let first = clockwise(dealer, 1, usize::from(config.players));
    // "Alliances": "the dealer determining team formations" first (reading 57: unless the
    // generator forms them at the round's start).
    let dealer_forms = config.team_formation == crownbattles_rules::TeamFormation::Dealer;
    match round_type {
        RoundType::Alliances | RoundType::MissionsAlliances | RoundType::SuitPrecisionAlliances if dealer_forms => {
            Phase::Teams
        }
        RoundType::BlindBidding => Phase::BlindBidding,
        RoundType::TheSplit => Phase::Splitting,
        RoundType::Missions | RoundType::BlindMissions | RoundType::MissionsAlliances => {
            let feasible = config.missions.catalogue.iter().any(|m| {
                m.points.points(config.players, dealt).is_some()
                    && match m.condition {
                        Condition::AtLeast(k) | Condition::Between(k, _) | Condition::NoneOfFirst(k) => k <= dealt,
                        Condition::TrumpTrick | Condition::TrumpOverLead => trump != Trump::NoTrump,
                        other => panic!("the oracle does not know the condition {other:?}"),
                    }
            });
            if feasible { Phase::Missions } else { Phase::Play(first) }
        }
        // Duel Fights: the dealer pairs the players first (unless the generator does).
        RoundType::DuelFights if config.duels.pairing == crownbattles_rules::DuelPairing::Dealer => Phase::Pairing,
        _ => Phase::Bidding(first),
    }
}

/// "Missions": the points of `seat`'s mission at the end of a round with these complete
/// tricks (`won`, in order) and trick counts: the table's cell for the player count and
/// the cards dealt when met, −20 when failed ("lose 20 points"), 0 without a mission.
pub fn mission_points(config: &Config, dealt: u8, seat: Seat, mission: Option<u8>, tricks: u8, won: &[Won]) -> i32 {
    use crownbattles_rules::Condition;
    let Some(m) = mission.and_then(|id| config.missions.catalogue.get(id)) else { return 0 };
    let mine = |w: &&Won| w.winner == Some(seat);
    let met = match m.condition {
        Condition::AtLeast(k) => tricks >= k,
        Condition::Between(low, high) => (low..=high).contains(&tricks),
        Condition::NoneOfFirst(k) => !won.iter().take(usize::from(k)).any(|w| w.winner == Some(seat)),
        Condition::TrumpTrick => won.iter().filter(mine).any(|w| w.by_trump(false)),
        Condition::TrumpOverLead => won.iter().filter(mine).any(|w| w.by_trump(true)),
        other => panic!("the oracle does not know the condition {other:?}"),
    };
    match m.points.points(config.players, dealt) {
        Some(p) if met => p,
        _ => -20,
    }
}

impl Memory {
    pub fn protected(&self, seat: Seat) -> bool {
        self.wizards.contains(&seat) || self.shields.contains(&seat)
    }

    /// The memory after `action`: a Wizard (or a Summoner copying one) protects its player
    /// to the end of the round, a shield for the round or the game as the config says.
    pub fn update(&mut self, before: &Table, seat: Seat, action: Action, after: &Table, completed: Option<&Completed>) {
        if let Some(c) = completed {
            self.won.push(Won::of(c, before.n, before.config.wizard_affects_kings));
            let v = judge(&c.fighters, c.trump, before.config.wizard_affects_kings);
            let bomber = c.fighters.iter().rposition(|f| f.action == Some(Power::Bomb));
            let at = v.winner.or(bomber);
            self.next_leader = at.map(|i| clockwise(c.leader, i, before.n));
        }
        if let (Phase::Effect { power: Power::Bomb, .. }, Action::Lead(t)) = (before.phase, action) {
            self.next_leader = Some(t);
        }
        if action == Action::Shield {
            self.shields.insert(seat);
        }
        if let Action::Mission(id) = action {
            self.missions.insert(seat, id);
        }
        if let (Phase::Play(_), Some(face)) = (before.phase, played_face(action)) {
            let mut trick = before.trick.clone();
            trick.push(face);
            let all = fighters(&trick, false);
            if !face_down(before) && all.last().is_some_and(|f| f.action == Some(Power::Wizard)) {
                self.wizards.insert(seat);
            }
            // Stealth Play: the face-down Wizards protect from the reveal (reading 35).
            if stealth(before) && all.len() == before.n {
                for (i, f) in all.iter().enumerate().skip(1) {
                    if f.action == Some(Power::Wizard) {
                        self.wizards.insert(clockwise(before.leader, i, before.n));
                    }
                }
            }
        }
        if after.round != before.round {
            self.missions.clear();
            self.won.clear();
            self.wizards.clear();
            if after.config.shields == crownbattles_rules::Shields::Round {
                self.shields.clear();
            }
        }
    }
}

/// The face an action plays, if it plays one.
pub fn played_face(action: Action) -> Option<Face> {
    match action {
        Action::Play(face) => Some(face),
        Action::PlayDoubleFacedAsGolem => Some(Face::Power(Power::DoubleFaced)),
        _ => None,
    }
}

/// Runs `invariant` over every step of random games with every config
/// (`crownbattles_rules::testing::configs`), optionally biased; panics with the shrunk
/// record on a failure, prints the property's coverage line and requires the rule's
/// situation to have arisen at least `at_least` times.
pub fn property(
    name: &str,
    bias: Option<Bias<CrownBattles>>,
    at_least: u64,
    invariant: impl Fn(&Step) -> Result<(), String>,
) -> Coverage {
    property_on(name, configs(), CASES, bias, at_least, invariant)
}

/// [`property`] over `times` as many games: for rules of one round type, which the other
/// round types in the mix of `testing::configs` make rarer.
pub fn longer_property(
    name: &str,
    times: u32,
    bias: Option<Bias<CrownBattles>>,
    at_least: u64,
    invariant: impl Fn(&Step) -> Result<(), String>,
) -> Coverage {
    property_on(name, configs(), times * CASES, bias, at_least, invariant)
}

/// [`property`] over configs where `focus` is played (`testing::configs_with`): for rules of
/// one round type.
pub fn focused_property(
    name: &str,
    focus: crownbattles_rules::RoundType,
    bias: Option<Bias<CrownBattles>>,
    at_least: u64,
    invariant: impl Fn(&Step) -> Result<(), String>,
) -> Coverage {
    property_on(name, crownbattles_rules::testing::configs_with(focus), CASES, bias, at_least, invariant)
}

/// [`property`] with other configs and case count.
pub fn property_on(
    name: &str,
    configs: impl Strategy<Value = Config>,
    cases: u32,
    bias: Option<Bias<CrownBattles>>,
    at_least: u64,
    invariant: impl Fn(&Step) -> Result<(), String>,
) -> Coverage {
    assert!(at_least > 0, "{name}: every property holds itself to a coverage threshold");
    let settings = Settings { cases, max_steps: 200, max_game_actions: 360, ..Settings::default() };
    let memory = RefCell::new(Memory::default());
    let run = check_steps::<CrownBattles>(configs, &settings, bias, |check| {
        if check.index == 0 {
            *memory.borrow_mut() = Memory::default();
        }
        let (before, after) = (read(check.before), read(check.after));
        let now = memory.borrow().clone();
        let step = Step { check, before: &before, after: &after, memory: &now };
        invariant(&step)?;
        let completed = step.completed_trick();
        memory.borrow_mut().update(&before, check.seat, check.action, &after, completed.as_ref());
        Ok(())
    });
    let coverage = run.unwrap_or_else(|failure| panic!("{name}: {failure}"));
    eprintln!(
        "| {name:<72} | {:>5} | {:>6} | {:>6} | {at_least:>5} |",
        coverage.games, coverage.steps, coverage.reached
    );
    assert!(coverage.reached >= at_least, "{name} reached its situation too rarely: {coverage:?}, want {at_least}");
    coverage
}

/// A position read through the public API: the state's [`Setup`](crownbattles_rules::Setup)
/// (every card by name) and the spectator's view.
#[derive(Clone, Debug)]
pub struct Table {
    pub config: Config,
    pub n: usize,
    /// 1-based, tie replays counting on.
    pub round: u8,
    pub dealer: Seat,
    pub trump: Trump,
    pub phase: Phase,
    pub over: bool,
    pub hands: Vec<Vec<Face>>,
    /// Who led the trick on the table.
    pub leader: Seat,
    /// The trick on the table, in play order.
    pub trick: Vec<Face>,
    pub df_golem: bool,
    /// The earlier tricks of the round.
    pub played: Vec<Face>,
    /// The cards of the config's deck named nowhere: the undealt deck.
    pub undealt: Vec<Face>,
    /// Cards named in the position that the config's deck does not hold (none, ever).
    pub strays: Vec<Face>,
    pub bids: Vec<Option<Bid>>,
    pub tricks: Vec<u8>,
    pub scores: Vec<i32>,
    pub crown: Option<Seat>,
    pub shields: Vec<Seat>,
    pub smuggled: Vec<Seat>,
    pub passes: Vec<Option<Face>>,
    /// The Split: the cards each seat set aside for the second half.
    pub aside: Vec<Vec<Face>>,
    /// The Split: the bids for the half not being played (none outside The Split).
    pub other_bids: Vec<Option<Bid>>,
    /// The Split: the first half's tricks, during the second.
    pub first_tricks: Vec<u8>,
    pub view: View,
}

impl Table {
    pub fn hand(&self, seat: Seat) -> &[Face] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.n as u8).map(Seat)
    }
    /// Cards dealt to each player this round (tie replays deal the last round's).
    pub fn dealt(&self) -> u8 {
        cards_dealt(&self.config, self.round)
    }
    /// Whether `seat` has yet to place a bid this round: Suit Precision's first suit bid
    /// (a shield or the Smuggler's swap come before it, reading 45), else its bid.
    pub fn before_first_bid(&self, seat: Seat) -> bool {
        match &self.view.precision {
            Some(p) => p.bids.get(seat.index()).is_none_or(|b| b.iter().all(Option::is_none)),
            None => true,
        }
    }
    /// The last scheduled round, or a replay of it.
    pub fn final_round(&self) -> bool {
        usize::from(self.round) >= self.config.schedule.rounds()
    }
}

/// Reads a state.
pub fn read(state: &CrownBattles) -> Table {
    let setup = state.to_setup();
    let view = state.view(Observer::Spectator);
    let n = usize::from(setup.config.players);
    let dealer = setup.dealer.unwrap_or(Seat(0));
    let hands: Vec<Vec<Face>> =
        setup.hands.clone().unwrap_or_default().iter().map(|h| h.iter().map(|c| c.face).collect()).collect();
    let trick: Vec<Face> = setup.trick.iter().map(|c| c.face).collect();
    let played: Vec<Face> = setup.played.iter().map(|c| c.face).collect();
    let aside: Vec<Vec<Face>> = if setup.aside.is_empty() {
        vec![Vec::new(); n]
    } else {
        setup.aside.iter().map(|h| h.iter().map(|c| c.face).collect()).collect()
    };
    let mut undealt = deck_faces(&setup.config.deck);
    let mut strays = Vec::new();
    for face in hands.iter().flatten().chain(&trick).chain(&played).chain(aside.iter().flatten()) {
        match undealt.iter().position(|f| f == face) {
            Some(i) => {
                undealt.remove(i);
            }
            None => strays.push(*face),
        }
    }
    Table {
        config: setup.config,
        n,
        round: setup.round,
        dealer,
        trump: setup.trump.unwrap_or(Trump::NoTrump),
        phase: view.phase,
        over: state.is_over(),
        hands,
        leader: setup.leader.unwrap_or(dealer.left(n)),
        trick,
        df_golem: setup.double_faced_as_golem,
        played,
        undealt,
        strays,
        bids: setup.bids.clone(),
        tricks: setup.tricks.clone(),
        scores: setup.scores.clone(),
        crown: setup.crown,
        shields: setup.shields.clone(),
        smuggled: setup.smuggled.clone(),
        passes: if setup.passes.is_empty() {
            vec![None; n]
        } else {
            setup.passes.iter().map(|p| p.map(|c| c.face)).collect()
        },
        aside,
        other_bids: if setup.other_bids.is_empty() { vec![None; n] } else { setup.other_bids.clone() },
        first_tricks: if setup.first_half_tricks.is_empty() { vec![0; n] } else { setup.first_half_tricks.clone() },
        view,
    }
}

/// The cards a deck description holds ("Components": values 1-13 of four suits, 2 Golems,
/// 2 Dragons, 4 Peasants, 16 Special Power cards), from its fields: per suit the values
/// whose bit `v - 1` is set, the copies counted, the powers whose bit is set.
pub fn deck_faces(spec: &DeckSpec) -> Vec<Face> {
    let mut out = Vec::new();
    for suit in SuitId::ALL {
        for v in 1..=13u8 {
            if spec.values[suit.index()] >> (v - 1) & 1 == 1 {
                out.push(Face::Number(suit, v));
            }
        }
    }
    out.extend(std::iter::repeat_n(Face::Golem, usize::from(spec.golems.min(2))));
    out.extend(std::iter::repeat_n(Face::Dragon, usize::from(spec.dragons.min(2))));
    out.extend(std::iter::repeat_n(Face::Peasant, usize::from(spec.peasants.min(4))));
    out.extend(Power::ALL.into_iter().filter(|p| spec.powers >> p.index() & 1 == 1).map(Face::Power));
    out
}

/// Cards dealt to each player in round `round` (1-based; a tie replay deals the last).
pub fn cards_dealt(config: &Config, round: u8) -> u8 {
    let list = config.schedule.as_slice();
    let i = usize::from(round.max(1) - 1).min(list.len() - 1);
    list[i]
}

/// `a` minus `b`, as multisets of faces; `None` if `b` holds a face `a` lacks.
pub fn minus(a: &[Face], b: &[Face]) -> Option<Vec<Face>> {
    let mut out = a.to_vec();
    for face in b {
        let i = out.iter().position(|f| f == face)?;
        out.remove(i);
    }
    Some(out)
}

/// What left a hand and what came into it between two versions of it.
pub fn moved(before: &[Face], after: &[Face]) -> (Vec<Face>, Vec<Face>) {
    let mut lost = before.to_vec();
    let mut gained = Vec::new();
    for face in after {
        match lost.iter().position(|f| f == face) {
            Some(i) => {
                lost.remove(i);
            }
            None => gained.push(*face),
        }
    }
    (lost, gained)
}

/// The distinct faces of a hand, in notation order of the actions (`give R3`).
pub fn distinct(hand: &[Face]) -> BTreeSet<Face> {
    hand.iter().copied().collect()
}

/// The power whose action the card played in this step carries (its own, or the one a
/// Summoner copies), if the step plays a card.
pub fn carried(step: &Step) -> Option<Power> {
    let face = played_face(step.action())?;
    if !matches!(step.before.phase, Phase::Play(_)) {
        return None;
    }
    let mut trick = step.before.trick.clone();
    trick.push(face);
    fighters(&trick, false).last()?.action
}

/// Whether a power acts right after its play (⚡) rather than at the end of the trick (⏳):
/// from its icon, or for the icon-less cards from the config (reading 9). The Cursed and
/// the Bomb's choice of leader come at the end of the trick.
/// Stealth Play (RULES.md, reading 35): whether a card played now goes face down (the
/// round is a Stealth Play round and the trick has its lead).
pub fn face_down(t: &Table) -> bool {
    t.view.round_type == crownbattles_rules::RoundType::StealthPlay && !t.trick.is_empty()
}

/// Whether the table is in a Stealth Play round.
pub fn stealth(t: &Table) -> bool {
    t.view.round_type == crownbattles_rules::RoundType::StealthPlay
}

pub fn immediate(config: &Config, p: Power) -> bool {
    use crownbattles_rules::Timing::Immediate;
    let t = config.timings;
    match p {
        Power::Thief | Power::Cursed | Power::Bomb => false,
        Power::Alchemist => t.alchemist == Immediate,
        Power::Bishop => t.bishop == Immediate,
        Power::Jester => t.jester == Immediate,
        Power::Witch => t.witch == Immediate,
        _ => true,
    }
}

/// Whether two lists hold the same faces as many times.
pub fn same_cards(a: &[Face], b: &[Face]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// The seat `k` places clockwise from `s` (How to Play: "clockwise" is to the left).
pub fn clockwise(s: Seat, k: usize, n: usize) -> Seat {
    Seat(((s.index() + k) % n) as u8)
}

// ---------------------------------------------------------------------------------------
// Bids and points.
// ---------------------------------------------------------------------------------------

/// The bids `seat` may place: one token from 0 to the highest (Set up 3), or two
/// consecutive tokens ("Double Bidding"), but not when one card is dealt ("Exception");
/// under "Screw the dealer" the dealer may not bring the total to the cards dealt (with
/// double bids: not when the total's range could reach it; when no bid escapes, the rule
/// does not bind, reading 6).
///
/// The Split (reading 36): each seat bids for its first half, then for its second ("the
/// larger portion" when odd); the tokens, the double bids and "Screw the dealer" apply to
/// the half the bid is for, as to a hand of that many cards.
///
/// Long Play (reading 44): the bids count tricks, half the cards dealt and the odd last
/// trick, as for a hand of that many cards; "Screw the dealer" compares with the cards
/// dealt ("match the number of cards dealt"), or with `long_play_screw_by_tricks` the tricks.
pub fn allowed_bids(t: &Table, seat: Seat) -> BTreeSet<String> {
    let max = t.config.max_bid;
    // "Alliances": "Only one team member can make a double-bid".
    let ally_doubled = ally_of(t, seat).is_some_and(|a| matches!(t.bids[a.index()], Some(Bid::Double(_))));
    let split = t.view.round_type == crownbattles_rules::RoundType::TheSplit;
    let long = t.view.round_type == crownbattles_rules::RoundType::LongPlay;
    let (placed, hand) = match (split, t.bids[seat.index()].is_some()) {
        (false, _) if long => (&t.bids, t.dealt() / 2 + t.dealt() % 2),
        (false, _) => (&t.bids, t.dealt()),
        (true, false) => (&t.bids, t.dealt() / 2),
        (true, true) => (&t.other_bids, t.dealt() - t.dealt() / 2),
    };
    let mut bids: Vec<Bid> = (0..=max).map(Bid::Single).collect();
    // Wagering: "Double-bidding is not allowed in this round."
    let wagering = t.view.round_type == crownbattles_rules::RoundType::Wagering;
    if hand > 1 && !ally_doubled && !wagering {
        bids.extend((0..max).map(Bid::Double));
    }
    if t.config.screw_the_dealer && seat == t.dealer {
        let others = t.seats().filter(|&s| s != seat).filter_map(|s| placed[s.index()]);
        let (low, high) = others.fold((0u32, 0u32), |(l, h), b| (l + u32::from(b.low()), h + u32::from(b.high())));
        let dealt = u32::from(if long && !t.config.long_play_screw_by_tricks { t.dealt() } else { hand });
        let escapes = |b: &Bid| !(low + u32::from(b.low()) <= dealt && dealt <= high + u32::from(b.high()));
        if bids.iter().any(escapes) {
            bids.retain(escapes);
        }
    }
    bids.iter().map(|b| format!("bid {b}")).collect()
}

/// The bid after the rulebook's scoring ("Scoring table" for 0 to 10 tricks; "Meeting your
/// bid: 10 points per trick and a 20-point bonus", a double bid half; "Failing to meet
/// your bid: lose 10 points for each trick you go above or below").
pub fn points(bid: Option<Bid>, won: u8) -> i32 {
    const SINGLE: [i32; 11] = [20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120];
    const DOUBLE: [i32; 11] = [10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60];
    let Some(bid) = bid else { return 0 };
    let w = usize::from(won);
    let met = match bid {
        Bid::Single(b) => (won == b).then(|| SINGLE.get(w).copied().unwrap_or(20 + 10 * i32::from(won))),
        Bid::Double(b) => (won == b || won == b + 1).then(|| DOUBLE.get(w).copied().unwrap_or(10 + 5 * i32::from(won))),
    };
    met.unwrap_or_else(|| {
        let off = if won < bid.low() { bid.low() - won } else { won - bid.high() };
        -10 * i32::from(off)
    })
}

/// The points of a round of The Split ("Scoring"): with both bids met, 10 per trick and a
/// 10-point bonus per hand, but 10 in total for 0 and 0; otherwise 10 lost per trick off
/// in a missed hand, and for a met hand 10 (reading 36, default) or 10 per trick
/// (`SplitMiss::PerTrick`), no bonus; a met double bid scores half (as "Double Bidding").
pub fn split_points(first: (Option<Bid>, u8), second: (Option<Bid>, u8), per_trick: bool) -> i32 {
    let met = |(b, w): (Option<Bid>, u8)| b.is_some_and(|b| b.low() <= w && w <= b.high());
    let half = |b: Bid, points: i32| if let Bid::Double(_) = b { points / 2 } else { points };
    if met(first) && met(second) {
        if first.0 == Some(Bid::Single(0)) && second.0 == Some(Bid::Single(0)) {
            return 10;
        }
        return [first, second].iter().map(|&(b, w)| half(b.unwrap(), 10 * i32::from(w) + 10)).sum();
    }
    [first, second]
        .iter()
        .map(|&(b, w)| match b {
            None => 0,
            Some(bid) if met((b, w)) => half(bid, if per_trick { 10 * i32::from(w) } else { 10 }),
            Some(bid) => {
                let off = if w < bid.low() { bid.low() - w } else { w - bid.high() };
                -10 * i32::from(off)
            }
        })
        .sum()
}

/// "Alliances": `seat`'s ally in an Alliance round, as the view shows the teams.
pub fn ally_of(t: &Table, seat: Seat) -> Option<Seat> {
    t.view.alliance.as_ref().and_then(|a| a.allies.get(seat.index()).copied().flatten())
}

/// "Alliances": a team's combined bid, "combine both players' bids": the sum, a double bid
/// when either is; none while a member has not bid.
pub fn combined_bid(a: Option<Bid>, b: Option<Bid>) -> Option<Bid> {
    let (a, b) = (a?, b?);
    let low = a.low() + b.low();
    Some(if matches!(a, Bid::Double(_)) || matches!(b, Bid::Double(_)) { Bid::Double(low) } else { Bid::Single(low) })
}

/// "Normal Bidding Alliances", "Scoring": a team's points for its combined bid (the sum of
/// the two bids, a double bid if either is) and its tricks: met, 10 per trick and a
/// 10-point bonus, halved for a double bid; missed, 10 lost per trick off. The solo
/// player: 20 per trick and a 10-point bonus (halved for a double bid), 10 lost per trick
/// off.
pub fn alliance_points(bid: Option<Bid>, ally: Option<Option<Bid>>, won: u8) -> i32 {
    let (bid, per_trick) = match ally {
        Some(other) => match combined_bid(bid, other) {
            Some(b) => (b, 10),
            None => return 0,
        },
        None => match bid {
            Some(b) => (b, 20),
            None => return 0,
        },
    };
    if bid.low() <= won && won <= bid.high() {
        let full = per_trick * i32::from(won) + 10;
        if let Bid::Double(_) = bid { full / 2 } else { full }
    } else {
        let off = if won < bid.low() { bid.low() - won } else { won - bid.high() };
        -10 * i32::from(off)
    }
}

/// The crown's holder: "the player with the highest score gets the crown. In case of a
/// tie, no one gets the crown".
pub fn sole_leader(scores: &[i32]) -> Option<Seat> {
    let best = *scores.iter().max()?;
    let leaders: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == best).collect();
    (leaders.len() == 1).then(|| Seat(leaders[0] as u8))
}

/// A seat's view.
pub fn view_of(state: &CrownBattles, seat: Seat) -> View {
    state.view(Observer::Seat(seat))
}
