//! A slow reference of one step, written from the rulebooks (and the readings of RULES.md
//! where they leave a choice): from the position before an action, what the table holds
//! after it, and how a round that ends is scored. Chance the model cannot know (the order
//! of a reshuffled draw pile, a deal, a draw-off past the end of the draw pile) is left
//! open: a card drawn from a reshuffled pile is `Card::Unknown`.

use archduke_rules::{ActionTrigger, CallerPenalty, Face, Mark, Power, Scoring, Setup, Slot, Spot, Stage};
use duke_core::{Seat, SeatSet};

use crate::oracle::{active, actives, everyone, fits, hand, left_of, power, right_of};

/// A card in the model: its face, or a card from a reshuffled draw pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Card {
    Known(Face),
    Unknown,
}

impl Card {
    pub fn face(self) -> Option<Face> {
        match self {
            Card::Known(face) => Some(face),
            Card::Unknown => None,
        }
    }
}

/// The table after a step, as the rules make it.
#[derive(Clone, Debug)]
pub struct Model {
    pub before: Setup,
    pub stage: Stage,
    pub turns: u16,
    pub caller: Option<Seat>,
    pub grids: Vec<Vec<Option<Card>>>,
    pub seen: Vec<Vec<SeatSet>>,
    /// The draw pile, bottom first; after a reshuffle, its cards in no known order.
    pub draw: Vec<Face>,
    /// Whether the draw pile was reshuffled in this step.
    pub shuffled: bool,
    pub discard: Vec<Face>,
    pub pending: Vec<(Seat, Power)>,
    pub reshuffles: u8,
    /// Where penalty cards went in this step (failed match, GIVE), in order.
    pub penalties: Vec<(Seat, Slot)>,
    /// Whether the round ended ("Archduke!" tapped, a player matched to zero, both piles
    /// empty, the engine's turn limit).
    pub round_over: bool,
}

/// How an ended round is scored.
#[derive(Clone, Debug)]
pub struct RoundEnd {
    /// Every grid as revealed (with the caller's penalty card).
    pub revealed: Vec<Vec<Option<Card>>>,
    /// The caller's penalty card and where it went.
    pub caller_penalty: Option<(Seat, Slot)>,
    /// Whether the caller was beaten (before any penalty card).
    pub caller_beaten: bool,
    /// Hand, cards and lowest card per seat (known faces only: `None` if a card is unknown).
    pub hands: Option<Vec<(i32, u8, i8)>>,
    /// Seats in the round, best first, if the tie-breaks are decided without the generator.
    pub order: Option<Vec<Seat>>,
}

impl Model {
    /// The table before the step.
    pub fn new(before: &Setup) -> Model {
        let grids = before.grids.iter().map(|g| g.cards.iter().map(|c| c.map(Card::Known)).collect()).collect();
        let seen = before
            .grids
            .iter()
            .map(|g| (0..g.cards.len() as u8).map(|s| g.seen.get(&Slot(s)).copied().unwrap_or_default()).collect())
            .collect();
        Model {
            before: before.clone(),
            stage: before.stage,
            turns: before.turns,
            caller: before.caller,
            grids,
            seen,
            draw: before.draw.clone(),
            shuffled: false,
            discard: before.discard.clone(),
            pending: before.pending.clone(),
            reshuffles: before.reshuffles,
            penalties: Vec::new(),
            round_over: false,
        }
    }

    /// The table after `seat` plays `action` on `before`.
    pub fn after(before: &Setup, seat: Seat, action: archduke_rules::Action) -> Model {
        let mut model = Model::new(before);
        model.play(seat, action);
        model
    }

    pub fn card(&self, seat: Seat, slot: Slot) -> Option<Card> {
        self.grids.get(seat.index()).and_then(|g| g.get(slot.0 as usize)).copied().flatten()
    }

    fn set(&mut self, spot: Spot, card: Option<Card>, seen: SeatSet) {
        self.grids[spot.seat.index()][spot.slot.0 as usize] = card;
        self.seen[spot.seat.index()][spot.slot.0 as usize] = seen;
    }

    /// "All penalty cards are dealt from the draw pile"; "if at any point the draw pile is
    /// exhausted, shuffle the discard pile to form a new draw pile" (reading 6: the whole
    /// discard pile, when a card must be drawn). `None` when both piles are empty.
    fn draw_card(&mut self) -> Option<Card> {
        if self.draw.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            self.draw = std::mem::take(&mut self.discard);
            self.shuffled = true;
            self.reshuffles = self.reshuffles.saturating_add(1);
        }
        if self.shuffled {
            // Which card is unknown: take one out of the count, keep the multiset.
            self.draw.pop();
            Some(Card::Unknown)
        } else {
            self.draw.pop().map(Card::Known)
        }
    }

    /// Where a penalty card goes ("continue to add cards to the right", reading 5): the first
    /// empty position `a1 a2 b1 b2 ...`, else the top of a new column; `None` if the grid is
    /// full (16 columns, reading 7).
    pub fn penalty_slot(grid: &[Option<Card>]) -> Option<usize> {
        grid.iter().position(Option::is_none).or((grid.len() < 32).then_some(grid.len()))
    }

    /// A penalty card from the draw pile, face down and unseen, into `seat`'s grid.
    fn penalty(&mut self, seat: Seat) -> Option<Slot> {
        let slot = Model::penalty_slot(&self.grids[seat.index()])?;
        let card = self.draw_card()?;
        let grid = &mut self.grids[seat.index()];
        if slot == grid.len() {
            grid.extend([None, None]);
            self.seen[seat.index()].extend([SeatSet::EMPTY, SeatSet::EMPTY]);
        }
        let slot = Slot(slot as u8);
        self.set(Spot { seat, slot }, Some(card), SeatSet::EMPTY);
        Some(slot)
    }

    /// The replaced card goes face up onto the discard pile ("On your turn"); an action card
    /// from the grid acts; the turn ends and play goes clockwise.
    fn replace(&mut self, seat: Seat, slot: Slot, card: Card, seen: SeatSet) {
        let old = self.card(seat, slot).and_then(Card::face);
        self.set(Spot { seat, slot }, Some(card), seen);
        if let Some(old) = old {
            self.discard.push(old);
            if let Some(power) = power(old) {
                self.pending.push((seat, power));
            }
        }
        self.stage = Stage::Window { after: Some(seat), next: left_of(&self.before, seat) };
    }

    fn play(&mut self, seat: Seat, action: archduke_rules::Action) {
        use archduke_rules::Action;
        let all = everyone(&self.before);
        match action {
            Action::Look(a, b) => {
                for slot in [a, b] {
                    self.seen[seat.index()][slot.0 as usize].insert(seat);
                }
                if let Stage::Peeking { mut waiting } = self.stage {
                    waiting.remove(seat);
                    self.stage = Stage::Peeking { waiting };
                    if actives(&self.before).iter().all(|&s| !waiting.contains(s)) {
                        // "The dealer turns over the first card of the draw pile"; "the player
                        // to the left of the dealer goes first".
                        if let Some(card) = self.draw.pop() {
                            self.discard.push(card);
                        }
                        let first = self.before.first.unwrap_or(seat);
                        self.stage = Stage::Window { after: None, next: first };
                    }
                }
            }
            Action::Draw => {
                self.turns = self.turns.saturating_add(1);
                let card = self.draw_card();
                self.stage = Stage::Deciding { player: seat, card: card.and_then(Card::face) };
            }
            Action::Take(slot) => {
                self.turns = self.turns.saturating_add(1);
                if let Some(card) = self.discard.pop() {
                    self.replace(seat, slot, Card::Known(card), all);
                }
            }
            Action::Keep(slot) => {
                if let Stage::Deciding { card: Some(card), .. } = self.stage {
                    self.replace(seat, slot, Card::Known(card), SeatSet::single(seat));
                }
            }
            Action::Discard => {
                if let Stage::Deciding { card: Some(card), .. } = self.stage {
                    self.discard.push(card);
                    // Box: "it must come from your grid"; online: "even if that card was just
                    // pulled from the draw pile".
                    if self.before.config.action_trigger == ActionTrigger::AnyDiscard
                        && let Some(power) = power(card)
                    {
                        self.pending.push((seat, power));
                    }
                    self.stage = Stage::Window { after: Some(seat), next: left_of(&self.before, seat) };
                }
            }
            Action::Match(slot) => {
                let (Some(Card::Known(card)), Some(&top)) = (self.card(seat, slot), self.discard.last()) else {
                    return;
                };
                if fits(card, top) {
                    self.set(Spot { seat, slot }, None, SeatSet::EMPTY);
                    self.discard.push(card);
                    if let Some(power) = power(card) {
                        self.pending.push((seat, power));
                    }
                    if self.grids[seat.index()].iter().all(Option::is_none) {
                        // "If at any point a player matches down to zero cards, the round ends
                        // immediately."
                        self.round_over = true;
                    }
                } else {
                    // "They must keep the attempted match card AND take a penalty card."
                    self.seen[seat.index()][slot.0 as usize] = all;
                    if let Some(slot) = self.penalty(seat) {
                        self.penalties.push((seat, slot));
                    }
                }
            }
            Action::Peek(spot) => {
                self.seen[spot.seat.index()][spot.slot.0 as usize].insert(seat);
                self.pending.remove(0);
            }
            Action::Swap(a, b) => {
                let (x, sx) = (self.card(a.seat, a.slot), self.seen[a.seat.index()][a.slot.0 as usize]);
                let (y, sy) = (self.card(b.seat, b.slot), self.seen[b.seat.index()][b.slot.0 as usize]);
                self.set(a, y, sy);
                self.set(b, x, sx);
                self.pending.remove(0);
            }
            Action::Give(target) => {
                self.pending.remove(0);
                if let Some(slot) = self.penalty(target) {
                    self.penalties.push((target, slot));
                }
            }
            Action::Pass => {
                self.pending.remove(0);
            }
            Action::Archduke => self.caller = Some(seat),
            Action::End => self.round_over = true,
        }
        // Reading 6: with both piles empty (every card in a grid) the round ends at once.
        if matches!(self.stage, Stage::Window { .. }) && self.draw.is_empty() && self.discard.is_empty() {
            self.round_over = true;
        }
        if self.round_over {
            self.pending.clear();
        }
    }

    /// Hands of every seat, if every card is known.
    fn hands(grids: &[Vec<Option<Card>>]) -> Option<Vec<(i32, u8, i8)>> {
        grids
            .iter()
            .map(|g| {
                let faces = g.iter().map(|c| match c {
                    None => Some(None),
                    Some(Card::Known(face)) => Some(Some(*face)),
                    Some(Card::Unknown) => None,
                });
                faces.collect::<Option<Vec<Option<Face>>>>().map(|g| hand(&g))
            })
            .collect()
    }

    /// The end of the round ("End of round", "Round scoring", "In case of a tie"): the
    /// caller's penalty card if he is not lowest, the grids revealed, the seats in the round
    /// ranked.
    pub fn end_round(&self) -> RoundEnd {
        let mut table = self.clone();
        let before = &self.before;
        let hands = Model::hands(&table.grids);
        let in_round = actives(before);
        let mut caller_beaten = false;
        let mut caller_penalty = None;
        if let (Some(caller), Some(hands)) = (table.caller.filter(|&c| active(before, c)), &hands) {
            let mine = hands[caller.index()].0;
            caller_beaten = in_round.iter().filter(|&&s| s != caller).any(|&s| match before.config.caller_penalty {
                // Online: "if a different player tied or beat them".
                CallerPenalty::UnlessStrictlyLowest => hands[s.index()].0 <= mine,
                // Box: "if their hand is higher".
                CallerPenalty::OnlyIfBeaten => hands[s.index()].0 < mine,
                other => panic!("the model does not know {other:?}: teach it the new reading"),
            });
            if caller_beaten {
                caller_penalty = table.penalty(caller).map(|slot| (caller, slot));
            }
        }
        let hands = Model::hands(&table.grids);
        let order = hands.as_ref().and_then(|hands| {
            let mut order = in_round.clone();
            order.sort_by_key(|s| hands[s.index()]);
            // Fully tied groups draw off from the top of the draw pile (reading 8).
            let mut cursor = (!table.shuffled).then_some(table.draw.len())?;
            let mut ranked = Vec::new();
            let mut i = 0;
            while i < order.len() {
                let j = (i..order.len())
                    .find(|&j| hands[order[j].index()] != hands[order[i].index()])
                    .unwrap_or(order.len());
                if j - i > 1 {
                    ranked.extend(draw_off(&order[i..j], &table.draw, &mut cursor)?);
                } else {
                    ranked.push(order[i]);
                }
                i = j;
            }
            Some(ranked)
        });
        RoundEnd { revealed: table.grids, caller_penalty, caller_beaten, hands, order }
    }
}

/// "Each player draws a card from the deck, and the lowest value wins" (reading 8): in seat
/// order, each reads the next card from the top of the draw pile down; players tied again
/// draw again. `None` if the pile runs out (the generator decides).
fn draw_off(group: &[Seat], draw: &[Face], cursor: &mut usize) -> Option<Vec<Seat>> {
    if *cursor < group.len() {
        return None;
    }
    let mut drawn: Vec<(i8, Seat)> = group
        .iter()
        .map(|&s| {
            *cursor -= 1;
            (draw[*cursor].value, s)
        })
        .collect();
    drawn.sort_by_key(|&(value, _)| value);
    let mut ranked = Vec::new();
    let mut i = 0;
    while i < drawn.len() {
        let j = (i..drawn.len()).find(|&j| drawn[j].0 != drawn[i].0).unwrap_or(drawn.len());
        let run: Vec<Seat> = drawn[i..j].iter().map(|&(_, s)| s).collect();
        if run.len() > 1 {
            ranked.extend(draw_off(&run, draw, cursor)?);
        } else {
            ranked.extend(run);
        }
        i = j;
    }
    Some(ranked)
}

/// What the scores, the seats in the game and the game's end become after a round (box
/// "Round scoring", "End of game", "Variations"; online scoring and marks; readings 10-12,
/// 17).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    pub scores: Vec<i32>,
    pub eliminated: Vec<Seat>,
    pub over: bool,
    pub final_round: bool,
}

/// Scores the round of `before` with the seats in the round ranked `order` (best first)
/// holding `hands`.
pub fn score(before: &Setup, order: &[Seat], hands: &[(i32, u8, i8)]) -> Scored {
    let n = usize::from(before.config.players);
    let mut scores = if before.scores.is_empty() { vec![0; n] } else { before.scores.clone() };
    let mut eliminated = Vec::new();
    let mut final_round = before.final_round;
    let left = |eliminated: &[Seat]| order.len() - eliminated.len();
    let mut over = match before.config.scoring {
        Scoring::Tokens { rounds } => {
            // "The player with the least amount takes the smallest, '1' token."
            for (place, seat) in order.iter().enumerate() {
                scores[seat.index()] += place as i32 + 1;
            }
            before.round >= u16::from(rounds)
        }
        Scoring::BattleRoyal => {
            // "The player with the highest value at the end of each round is eliminated."
            eliminated.extend(order.last().copied());
            for seat in &order[..order.len().saturating_sub(1)] {
                scores[seat.index()] += 1;
            }
            left(&eliminated) <= 1
        }
        Scoring::Points { mark } => {
            for seat in order {
                scores[seat.index()] += hands[seat.index()].0;
            }
            match mark {
                Mark::Rounds { rounds } => before.round >= rounds,
                Mark::FirstTo { threshold } => order.iter().any(|s| scores[s.index()] >= threshold),
                Mark::EliminateAt { threshold } | Mark::EliminateToThree { threshold } => {
                    let crossing: Vec<Seat> =
                        order.iter().copied().filter(|s| scores[s.index()] >= threshold).collect();
                    if before.final_round || crossing.len() == order.len() {
                        // "One more round is played"; "if all remaining players cross the
                        // threshold on the same round, the lowest total score wins".
                        true
                    } else {
                        eliminated = crossing;
                        if matches!(mark, Mark::EliminateToThree { .. }) && left(&eliminated) <= 3 {
                            final_round = true;
                        }
                        left(&eliminated) <= 1
                    }
                }
                other => panic!("the model does not know {other:?}: teach it the new mark"),
            }
        }
        other => panic!("the model does not know {other:?}: teach it the new scoring"),
    };
    over |= before.config.round_limit.is_some_and(|limit| before.round >= limit) || left(&eliminated) < 2;
    Scored { scores, eliminated, over, final_round }
}

/// The next round's first player and dealer: "the player who came in last ... goes first next
/// round, and the player to their right deals"; if he is out, his left neighbour (reading
/// 10). `after` is the next round's position (who is still in).
pub fn next_first_and_dealer(after: &Setup, last: Seat) -> (Seat, Seat) {
    let first = if active(after, last) { last } else { left_of(after, last) };
    (first, right_of(after, first))
}
