//! The runner every property goes through, the facts about a position read from its
//! `Setup` (the engine's full-state accessor), and what the rules say a game remembers:
//! this turn so far ("Taking Your Turn") and what each seat knows of the discard piles and
//! hands ("Discarding", readings 12 and 16), tracked step by step from the actions alone.

use std::cell::RefCell;

use duke_core::testing::Settings;
use duke_core::testing::invariants::{Bias, Coverage, StepCheck, check_steps};
use duke_core::{Card, CardSet, Observer, Seat, Suit};
use dukesup_rules::testing::configs;
use dukesup_rules::{Action, CastleState, Config, DukesUp, Event, Phase, PlayerSetup, Reshuffle, Setup, Source};

/// Random games per property (times `DUKE_TEST_SCALE`).
pub const CASES: u32 = 200;

/// One step as the properties see it: the engine's step, both positions as `Setup`s, and
/// what the game remembers before and after it.
pub struct Step<'a, 'b> {
    pub check: &'a StepCheck<'b, DukesUp>,
    pub before: &'a Setup,
    pub after: &'a Setup,
    /// What the history says before the step.
    pub was: &'a History,
    /// And after it.
    pub now: &'a History,
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
    pub fn events(&self, observer: Observer) -> Vec<Event> {
        self.check.events(observer)
    }
    pub fn legal_before(&self) -> Vec<Action> {
        self.check.legal_before(self.check.seat)
    }
    pub fn config(&self) -> Config {
        self.before.config
    }
    /// The acting seat's cards before and after.
    pub fn mine(&self) -> (&PlayerSetup, &PlayerSetup) {
        (player(self.before, self.seat()), player(self.after, self.seat()))
    }
    /// Whether the step ended the round (the next one was dealt, or the game is over).
    pub fn round_ended(&self) -> bool {
        self.after.round != self.before.round || (self.after.phase == Phase::Over && self.before.phase != Phase::Over)
    }
}

/// Runs `invariant` over every step of `cases` random games with every config
/// (`dukesup_rules::testing::configs`), optionally biased; panics with the shrunk record
/// on a failure, prints the property's coverage line, and requires the rule's situation to
/// have arisen at least `at_least` times.
pub fn property(
    name: &str,
    cases: u32,
    bias: Option<Bias<DukesUp>>,
    at_least: u64,
    invariant: impl Fn(&Step<'_, '_>) -> Result<(), String>,
) -> Coverage {
    assert!(at_least > 0, "{name}: every property holds itself to a coverage threshold");
    let settings = Settings { cases, max_steps: 300, max_game_actions: 1000, ..Settings::default() };
    let history = RefCell::new(History::default());
    let run = check_steps::<DukesUp>(configs(), &settings, bias, |check| {
        if check.index == 0 {
            *history.borrow_mut() = History::default();
        }
        let before = check.before.to_setup();
        let after = check.after.to_setup();
        let was = history.borrow().clone();
        let now = was.next(&before, check.seat, check.action, &after);
        let result = invariant(&Step { check, before: &before, after: &after, was: &was, now: &now });
        *history.borrow_mut() = now;
        result
    });
    let coverage = run.unwrap_or_else(|failure| panic!("{name}: {failure}"));
    eprintln!(
        "| {name:<72} | {:>4} | {:>6} | {:>6} | {at_least:>5} |",
        coverage.games, coverage.steps, coverage.reached
    );
    assert!(coverage.reached >= at_least, "{name} reached its situation too rarely: {coverage:?}, want {at_least}");
    coverage
}

pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}

/// "One player gets clubs + spades, and the other gets hearts + diamonds" (Setup 1): seat
/// 0 the former, seat 1 the latter.
pub fn owner(card: Card) -> Seat {
    match card.suit() {
        Suit::Clubs | Suit::Spades => Seat(0),
        Suit::Hearts | Suit::Diamonds => Seat(1),
    }
}

/// The 26 cards of `seat`'s half of the deck.
pub fn half(seat: Seat) -> CardSet {
    Card::all().filter(|&c| owner(c) == seat).collect()
}

pub fn set(cards: &[Card]) -> CardSet {
    cards.iter().copied().collect()
}

pub fn player(s: &Setup, seat: Seat) -> &PlayerSetup {
    &s.players[seat.index()]
}

pub fn hand(p: &PlayerSetup) -> CardSet {
    set(&p.hand)
}

pub fn dukes(p: &PlayerSetup) -> CardSet {
    p.dukes.iter().flatten().copied().collect()
}

pub fn table(s: &Setup) -> CardSet {
    set(&s.table)
}

pub fn draw_pile(p: &PlayerSetup) -> &[Card] {
    p.draw.as_deref().unwrap_or(&[])
}

/// The CASTLE if it is still in place (face down or up), not on the table.
pub fn castle_in_place(p: &PlayerSetup) -> Option<Card> {
    if p.castle_state == CastleState::OnTable { None } else { p.castle }
}

/// Every place of a seat's cards, named.
pub fn places(s: &Setup, seat: Seat) -> Vec<(&'static str, Vec<Card>)> {
    let p = player(s, seat);
    let castle = if p.castle_state == CastleState::OnTable { Vec::new() } else { p.castle.into_iter().collect() };
    vec![
        ("hand", p.hand.clone()),
        ("DUKES", p.dukes.iter().flatten().copied().collect()),
        ("CASTLE", castle),
        ("draw pile", draw_pile(p).to_vec()),
        ("discard pile", p.discards.clone()),
    ]
}

/// This turn so far, from the actions of the turn (rulebook "Taking Your Turn").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnSoFar {
    /// Anything besides drawing this turn ("You cannot play, swap out dukes, or take your
    /// opponent's dukes" before a two-card discard).
    pub acted: bool,
    /// DUKE slots changed this turn (each slot changes once a turn: RULES.md, "Design").
    pub touched: [bool; 2],
    /// A DUKE slot was refilled ("you may replace a single DUKE").
    pub refilled: bool,
    /// THE MOVE's CASTLE was put back.
    pub returned: bool,
}

/// One discard as a seat's memory holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Discarded {
    pub card: Card,
    /// Its owner knows it (he discarded it knowingly; a buried card is unseen).
    pub owner: bool,
    /// Everyone knows it (it left the table, or could be no other card).
    pub public: bool,
    /// It and the card above it went down together in one face-down discard of two cards
    /// everyone knew: the others know both but not their order.
    pub paired: bool,
}

/// What the game remembers about one seat's cards beyond the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    /// The discard pile, bottom first, with who knows each card.
    pub discards: Vec<Discarded>,
    /// The hand cards the others know to be there.
    pub hand_public: CardSet,
}

/// What the rules make a game remember, rebuilt step by step from the actions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    pub turn: TurnSoFar,
    pub seats: [Memory; 2],
}

/// The reshuffles a step makes when it takes `take` cards from a draw pile of `draw` cards
/// over a discard pile of `discards` ("If your draw pile is empty, shuffle your discard
/// pile into a new draw pile"), each card going to the bottom of the discard pile when
/// `bury`: the size of each reshuffle before a card is taken, the size of the one that
/// follows at once (`Reshuffle::AtOnce`, when the draw pile ran out), and the piles' sizes
/// afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reshuffles {
    pub early: Vec<usize>,
    pub late: Option<usize>,
    pub draw: usize,
    pub discards: usize,
}

pub fn reshuffles(draw: usize, discards: usize, take: usize, bury: bool, at_once: bool) -> Reshuffles {
    let (mut draw, mut discards) = (draw, discards);
    let mut early = Vec::new();
    for _ in 0..take {
        if draw == 0 && discards > 0 {
            early.push(discards);
            (draw, discards) = (discards, 0);
        }
        draw = draw.saturating_sub(1);
        discards += usize::from(bury);
    }
    let late = (at_once && draw == 0 && discards > 0).then_some(discards);
    if late.is_some() {
        (draw, discards) = (discards, 0);
    }
    Reshuffles { early, late, draw, discards }
}

impl History {
    /// The history after `seat` played `action` from `before` to `after`.
    pub fn next(&self, before: &Setup, seat: Seat, action: Action, after: &Setup) -> History {
        if after.round != before.round {
            return History::default();
        }
        let mut h = self.clone();
        let at_once = before.config.reshuffle == Reshuffle::AtOnce;
        let p = player(before, seat);
        let slot_of = |d: Card| p.dukes.iter().position(|s| *s == Some(d));
        let mem = &mut h.seats[seat.index()];
        match action {
            Action::Choose { .. } => {}
            Action::Draw { source: Source::DrawPile, count } => {
                let r = reshuffles(draw_pile(p).len(), p.discards.len(), usize::from(count), false, at_once);
                if !r.early.is_empty() || r.late.is_some() {
                    mem.discards.clear();
                }
                h.turn = TurnSoFar::default();
            }
            Action::Draw { source: Source::Discards, count } => {
                for left in (1..=count).rev() {
                    let Some(top) = mem.discards.pop() else { break };
                    let mut public = top.public;
                    if let Some(below) = mem.discards.last_mut()
                        && below.paired
                    {
                        below.paired = false;
                        if left < 2 {
                            // Only the upper card of the pair came: nobody else can tell which.
                            public = false;
                            below.public = false;
                        }
                    }
                    if public {
                        mem.hand_public.insert(top.card);
                    }
                }
                let left = p.discards.len().saturating_sub(usize::from(count));
                if reshuffles(draw_pile(p).len(), left, 0, false, at_once).late.is_some() {
                    mem.discards.clear();
                }
                h.turn = TurnSoFar::default();
            }
            Action::Play(c) => {
                mem.hand_public.remove(c);
                h.turn.acted = true;
            }
            Action::PickUp(d) | Action::Swap { duke: d, .. } => {
                mem.hand_public.insert(d);
                if let Action::Swap { with, .. } = action {
                    mem.hand_public.remove(with);
                }
                if let Some(i) = slot_of(d) {
                    h.turn.touched[i] = true;
                }
                h.turn.acted = true;
            }
            Action::Refill(w) => {
                mem.hand_public.remove(w);
                let q = player(after, seat);
                if let Some(i) = (0..2).find(|&i| p.dukes[i].is_none() && q.dukes[i].is_some()) {
                    h.turn.touched[i] = true;
                }
                h.turn.refilled = true;
                h.turn.acted = true;
            }
            Action::Move => h.turn.acted = true,
            Action::Return => {
                h.turn.acted = true;
                h.turn.returned = true;
            }
            Action::Discard(_) | Action::DiscardTwo(..) => {
                let gone: Vec<Card> = match action {
                    Action::Discard(c) => vec![c],
                    Action::DiscardTwo(a, b) => vec![a, b],
                    _ => Vec::new(),
                };
                // The others can name the cards only if the hand held just these and they knew them all.
                let seen = hand(p) == set(&gone) && set(&gone).is_subset(mem.hand_public);
                for &c in &gone {
                    mem.discards.push(Discarded { card: c, owner: true, public: seen, paired: false });
                }
                if seen && gone.len() == 2 {
                    let n = mem.discards.len();
                    mem.discards[n - 2].paired = true;
                }
                mem.hand_public = if seen { mem.hand_public.difference(set(&gone)) } else { CardSet::EMPTY };
                h.turn = TurnSoFar::default();
            }
            Action::Bury => {
                let r = reshuffles(draw_pile(p).len(), p.discards.len(), 1, true, at_once);
                if !r.early.is_empty() {
                    mem.discards.clear();
                }
                if let Some(&c) = draw_pile(p).last().filter(|_| r.early.is_empty()) {
                    mem.discards.insert(0, Discarded { card: c, owner: false, public: false, paired: false });
                } else if let Some(&c) = player(after, seat).discards.first() {
                    // Drawn from the reshuffled pile: the card is whichever lies at the bottom now.
                    mem.discards.insert(0, Discarded { card: c, owner: false, public: false, paired: false });
                }
                if r.late.is_some() {
                    mem.discards.clear();
                }
                h.turn = TurnSoFar::default();
            }
            Action::DiscardTable(c) => {
                mem.discards.push(Discarded { card: c, owner: true, public: true, paired: false });
                h.turn = TurnSoFar::default();
            }
            Action::End => {}
        }
        h
    }
}

/// The listed actions of `seat` in `s`'s game as text, sorted.
pub fn names(actions: impl IntoIterator<Item = Action>) -> Vec<String> {
    let mut out: Vec<String> = actions.into_iter().map(|a| a.to_string()).collect();
    out.sort();
    out
}

/// Compares the engine's listed actions that `kind` selects with the oracle's verdict on
/// every action of `universe` that `kind` selects.
pub fn same_list(
    listed: &[Action],
    universe: impl IntoIterator<Item = Action>,
    kind: impl Fn(&Action) -> bool,
    allowed: impl Fn(Action) -> bool,
) -> Result<(), String> {
    let got = names(listed.iter().copied().filter(|a| kind(a)));
    let want = names(universe.into_iter().filter(|a| kind(a) && allowed(*a)));
    if got != want {
        let extra: Vec<&String> = got.iter().filter(|a| !want.contains(a)).collect();
        let missing: Vec<&String> = want.iter().filter(|a| !got.contains(a)).collect();
        return Err(format!("listed but not allowed: {extra:?}; allowed but not listed: {missing:?}"));
    }
    Ok(())
}
