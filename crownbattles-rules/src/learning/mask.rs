//! The legal-action masks, written straight from the rules' own predicates for the
//! common decisions (a turn to play, Suit Precision's bids, The Split's set-asides, the
//! missions offered, a trick's placement, the Secret Notes); the rarer ones (a choice of
//! trump, a bid outside Suit Precision, a power's effect, a leak, the teams, the duels)
//! listed and each indexed in O(1).

use duke_core::{BufferLength, Game, Seat};

use super::deck::{Faces, WordMask};
use super::layout::{Block, Layout};
use crate::actions::{Action, Bid};
use crate::cards::{CardSet, Power};
use crate::state::{CrownBattles, Phase, at};

impl CrownBattles {
    /// Marks the legal actions of `seat` in `mask` (a `bool` per action or a bit per
    /// action, of `given` entries; `len` is the entries needed for a count of actions).
    /// Each direct case marks what the matching `push_*` of the rules lists, from the same
    /// predicates; the others list the legal actions into `scratch` and index each in O(1)
    /// (a bid straight to its block, the block starts built only for another action).
    pub(super) fn mark_legal<M: WordMask + ?Sized>(
        &self,
        seat: Seat,
        scratch: &mut Vec<Action>,
        mask: &mut M,
        given: usize,
        len: fn(usize) -> usize,
    ) -> Result<(), BufferLength> {
        let (count, faces) = Layout::count_of(&self.config);
        BufferLength::check(len(count), given)?;
        mask.clear();
        match self.table.phase {
            // As `push_plays`: one action per face of the playable cards, and the
            // Double-faced card as a Golem; an Alliance round's Secret Notes after them.
            Phase::Play(s) if s == seat => {
                let playable = self.playable(seat);
                faces.mark_playable(playable, mask);
                // (The play-as-Golem block follows the play block, one per face.)
                if playable.has(Power::DoubleFaced.card()) {
                    mask.set(faces.len);
                }
                if self.alliance_round() {
                    self.mark_notes(seat, &faces, None, mask);
                }
                return Ok(());
            }
            Phase::Bidding(s) if s == seat && self.precision() => {
                self.mark_suit_bids(seat, &faces, mask);
                return Ok(());
            }
            // (`push_other_actions` answers only a seat to act.)
            Phase::Splitting | Phase::Missions | Phase::Place { .. } if self.to_act().contains(seat) => {
                self.mark_round_step(seat, &faces, mask);
                return Ok(());
            }
            _ => {}
        }
        Game::legal_actions(self, seat, scratch);
        let bids = faces.len + usize::from(self.config.deck.has(Power::DoubleFaced));
        let mut layout = None;
        for &action in scratch.iter() {
            let index = match action {
                Action::Bid(bid) => Layout::bid_place(bid, self.config.max_bid).map(|i| bids + i),
                _ => layout.get_or_insert_with(|| Layout::of(&self.config)).index(action),
            };
            if let Some(i) = index {
                mask.set(i);
            }
        }
        Ok(())
    }

    /// As `push_notes`: one Secret Note per face of the hand while the note is open.
    #[cold]
    #[inline(never)]
    fn mark_notes<M: WordMask + ?Sized>(&self, seat: Seat, faces: &Faces, layout: Option<&Layout>, mask: &mut M) {
        if self.note_open(seat) {
            let start = match layout {
                Some(layout) => layout.offset(Block::Note),
                None => Layout::of(&self.config).offset(Block::Note),
            };
            faces.mark_at(self.hand(seat), start, mask);
        }
    }

    /// Before its first bid, a seat's shield and Smuggler swap (as `push_precision_bidding`
    /// and `push_missions`).
    fn mark_before_bids<M: WordMask + ?Sized>(&self, seat: Seat, faces: &Faces, layout: &Layout, mask: &mut M) {
        if self.shield_for_sale(seat) {
            mask.set(layout.offset(Block::Shield));
        }
        if self.may_smuggle_before_bid(seat) {
            let hand = self.hand(seat).minus(CardSet::one(Power::Smuggler.card()));
            faces.mark_at(hand, layout.offset(Block::Smuggle), mask);
        }
    }

    /// Suit Precision's bidding turn, as `push_precision_bidding` and `push_suit_bids`
    /// (then the Secret Notes of Suit Precision-Alliances): the shield and the Smuggler
    /// before the first suit bid, the next suit's single bids, its double bids where
    /// `suit_bid_allowed`.
    #[inline(never)]
    fn mark_suit_bids<M: WordMask + ?Sized>(&self, seat: Seat, faces: &Faces, mask: &mut M) {
        let layout = Layout::of(&self.config);
        if self.before_suit_bids(seat) {
            self.mark_before_bids(seat, faces, &layout, mask);
        }
        if let Some(suit) = self.next_bid_suit(seat) {
            let max = self.config.max_bid;
            let start = layout.offset(Block::SuitBid) + suit.index() * (2 * usize::from(max) + 1);
            for k in 0..=max {
                let at = start + 2 * usize::from(k);
                mask.set(at);
                if self.suit_bid_allowed(seat, suit, Bid::Double(k)) {
                    mask.set(at + 1);
                }
            }
        }
        if self.alliance_round() {
            self.mark_notes(seat, faces, Some(&layout), mask);
        }
    }

    /// A seat to act in The Split's setting aside (`push_set_asides`), the missions' choice
    /// (`push_missions`, then `push_notes`) or a trick's placement (`push_places`).
    #[inline(never)]
    fn mark_round_step<M: WordMask + ?Sized>(&self, seat: Seat, faces: &Faces, mask: &mut M) {
        let layout = Layout::of(&self.config);
        match self.table.phase {
            // (The seats to act are the splitters: `push_set_asides`' test.)
            Phase::Splitting => faces.mark_at(self.hand(seat), layout.offset(Block::SetAside), mask),
            Phase::Missions => {
                self.mark_before_bids(seat, faces, &layout, mask);
                // (The catalogue's ids only: the block's size.)
                let catalogue = self.config.missions.catalogue.len();
                let start = layout.offset(Block::Mission);
                let mut offer = at(&self.table.rounds.offers, seat);
                while offer != 0 {
                    let id = offer.trailing_zeros() as usize;
                    offer &= offer - 1;
                    if id < catalogue {
                        mask.set(start + id);
                    }
                }
                self.mark_notes(seat, faces, Some(&layout), mask);
            }
            Phase::Place { stolen, .. } => {
                let choices = self.place_choices(seat, stolen);
                let start = layout.offset(Block::Place);
                for suit in 0..4 {
                    if choices >> suit & 1 == 1 {
                        mask.set(start + suit);
                    }
                }
            }
            _ => {}
        }
    }
}
