//! The learning surface (duke-core's [`Learning`]): a fixed action index, legal-action
//! masks, observation tensors and returns, for every config (2–8 players, every deck and
//! Special Power card, every round type of "The expansion game", every option).
//!
//! # Actions
//!
//! One block per [`Action`] variant, in this order; a block is left out
//! (size 0) when the config cannot produce its variant. `F` is the number of distinct
//! faces of the config's deck (the copies of a Golem, a Dragon or a Peasant are one face,
//! as actions name faces), numbered in card-id order (`R1`…`R13`, `G…`, `B…`, `Y…`, Golem,
//! Dragon, Peasant, the powers in [`Power::ALL`](crate::Power::ALL) order); `n` the
//! players; `B = 2 * max_bid + 1` the bids in notation order (`0`, `0-1`, `1`, `1-2`, …,
//! `max_bid`); pairs are the `n(n-1)/2` seat pairs `a < b`, row by row.
//!
//! | Block | Size | Present when |
//! |---|---|---|
//! | `play <face>` | F | always |
//! | `play double-faced:golem` | 1 | Double-faced in the deck |
//! | `bid <bid>` | B | always |
//! | `trump R/G/B/Y/X` | 5 | the spinner's "dealer chooses" weighs > 0, or Alchemist |
//! | `shield` | 1 | shields on |
//! | `smuggle <face>` | F | Smuggler |
//! | `look <seat>` | n | Bishop |
//! | `lead <seat>` | n | Bomb |
//! | `swap <a> <b>` | pairs | Cursed |
//! | `jest -1/+0/+1` | 3 | Jester |
//! | `pass left/right` | 2 | Magician |
//! | `give <face>` | F | Magician |
//! | `trade <face> <seat>` | F × n (face-major) | Merchant |
//! | `trade <a> <b>` | pairs | Merchant |
//! | `steal <seat>` | n | Thief |
//! | `hex <seat>` | n | Witch |
//! | `keep` | 1 | Smuggler or Thief |
//! | `aside <face>` | F | The Split may be played |
//! | `mission <id>` | catalogue size | a missions round type may be played |
//! | `leak R/G/B/Y/monsters` | 5 | Leaked Suit |
//! | `team <a> <b>`, then `team <s>` | pairs + n | an Alliance type, the dealer forming teams |
//! | `note <face>` | F | an Alliance type |
//! | `bid <suit><bid>` | 4 × B (suit-major) | a Suit Precision type |
//! | `place <suit>` | 4 | a Suit Precision type |
//! | `steal <seat> <suit>` | 4 n (seat-major) | a Suit Precision type and Thief |
//! | `jest <suit> -1/+1` | 8 (suit-major) | a Suit Precision type and Jester |
//! | `wager 10/20` | 2 | Wagering with extra wagers |
//! | `duel <seats>` | C(n,2) + C(n,3) | Duel Fights, the dealer pairing; sets of seats in increasing bit-set order |
//!
//! Sizes: the 4-player base game 82 (55 faces, 21 bids, the trump block of 5, the
//! shield); 8 players with all 16 powers, every round type allowed for 8, bid tokens to
//! 10 and the printed missions 1,302 (71 faces; the Merchant's trades alone 568).
//!
//! # Masks
//!
//! [`legal_mask`](Learning::legal_mask) (a `bool` per action) and
//! [`legal_mask_bits`](Learning::legal_mask_bits) (a bit per action, 64 per word) run one
//! function, generic over the buffer (`mask.rs`), straight from the rules' own predicates
//! for the common decisions: a turn to play (the number faces from the hand's word at
//! once, the Golem / Dragon / Peasant faces if any copy, the powers held; an Alliance
//! round's Secret Notes after them), Suit Precision's bids (the next suit's, doubles where
//! the rules allow them, the shield and the Smuggler before the first), The Split's
//! set-asides, the missions offered and a trick's placement. The rarer decisions (a choice
//! of trump, a bid outside Suit Precision, a power's effect, a leak, the teams, the duels)
//! list the legal actions once and index each in O(1) (a bid straight to its block; the
//! block starts built only when an action other than a bid is listed). The sizes a call
//! needs (the action count, the deck's
//! faces, the tensor's blocks) come from a few numbers of the config in O(1), without a
//! loop for the standard decks (bit sets for the round types and the powers' blocks): the
//! state carries no derived data and the rules crates keep no global cache.
//!
//! # Observation
//!
//! One flat tensor (`[len]`), every value finite, compact for speed (a learner writes one
//! per step): blocks sized by the config, zeroed once and then only the non-zero values
//! written; one value per card of the deck (a location code) rather than a one-hot plane
//! per card per place; a bid, a mission, a leak, an ally or a duel group as one code per
//! seat. For a seat, what its view shows: its hand and private knowledge; for the
//! spectator, only what everyone sees (no hand, no private knowledge; Leaked Suit's
//! revealed cards). `n` is the players, `D` the cards of the deck (one slot each, in card-id
//! order: 60 for the standard deck, plus its Special Power cards). The copies of a face (two
//! Golems, two Dragons, four Peasants) are interchangeable: a block fills a face's slots in
//! the order it visits the copies' places, never by card id, since which copy a seat holds
//! is nothing it can see. A bid is two values: (its low number + 1) / (highest bid token +
//! 1), 0 for none; 1 for a double bid. The blocks, in order:
//!
//! 1. observer: one-hot seat (n; all 0 for the spectator);
//! 2. round (1-based) / scheduled rounds, final round flag, cards dealt × n / deck size,
//!    undealt cards / deck size (4);
//! 3. dealer (n); trump R, G, B, Y, X (5);
//! 4. phase one-hot (13: choose trump, bidding, play, effect, Magician passing, over,
//!    blind bidding, splitting, missions, leaked suit, teams, place, pairing), the
//!    phase's seat (n); with Special Power cards, an effect's power ((index + 1) / 16), at
//!    the trick's end, the Witch's steps left / 6 (3); with the Magician, its direction
//!    (2: left, right); with Suit Precision, a stolen trick to place (1);
//! 5. seats to act (n); the round type, one-hot (14, [`RoundType::ALL`](crate::RoundType::ALL)
//!    order) when the config may play another type than Normal Bidding;
//! 6. per seat, 11 values each, seat by seat (11 n): crown, protected (Wizard or shield),
//!    score / 100, tricks won, cards in hand, known voids (R, G, B, Y), the bid (2 values;
//!    Blind Bidding: only the observer's own) (one block, written in one pass over the seats);
//! 7. the observer's hand: 1 per card held (0.5: set aside for The Split's second half) (D);
//! 8. where the observer knows each other card is, one code per card over `2 n + 2`: held by
//!    seat `h` (`1 + h`: Bishop, Spy, passes, trades, notes, Leaked Suit), in the undealt
//!    deck (`n + 1`), on the table played by seat `s` in the ongoing trick (Long Play: either
//!    pass) (`n + 2 + s`), played earlier this round (`2 n + 2`, so 1); 0 unseen (D).
//!    Stealth Play's face-down cards the observer did not see are left out, as in the view;
//! 9. the trick: its leader (n), per seat the form its card fights with (suit, twice the
//!    value / 26, Peasant, Golem, Golem King, Dragon, Dragon King, Summoner's half)
//!    (11 n);
//!
//! then the blocks of the config's Special Power cards and round types, each present only
//! when the config may use it:
//!
//! 10. Long Play: the first pass's forms, per seat (11 n);
//! 11. Stealth Play: the seats whose card lies face down unseen (n), the suit told (4), the
//!     trick revealed last, per seat its card (its face's first slot + 1) / D and whether the
//!     Double-faced card was a Golem (2 n);
//! 12. Magician: the card the observer passes, the card coming to it (each (its face's first
//!     slot + 1) / D) (2);
//! 13. Blind Bidding: the bids revealed at the last round's end (2 n);
//! 14. The Split: second half flag (1), cards set aside per seat (n), the other half's bids
//!     (2 n), first-half tricks (n) (the observer's cards set aside are in its hand block);
//! 15. missions (M the catalogue size): the missions offered to the observer (M), each
//!     seat's mission as the observer sees it ((id + 1) / M) (n), the missions revealed at
//!     the last round's end ((id + 1) / M) (n);
//! 16. Leaked Suit: each seat's leak as the observer sees it ((code + 1) / 6: R, G, B, Y,
//!     monsters, nothing) (n);
//! 17. Alliances: each seat's ally ((seat + 1) / n) (n), solo (n), Secret Note shown (n);
//! 18. Suit Precision: per seat and suit the bid (8 n) and the tricks placed (4 n);
//! 19. Wagering: the pot / 100 (1), the extra wagers / 20 (n);
//! 20. Duel Fights: each seat's group ((group + 1) / 4) (n).
//!
//! The state keeps no history of earlier tricks, so a seat's memory is what its view
//! shows: the cards played this round (who played them only in the ongoing trick), voids,
//! known cards. Sizes: `22 + 27 n + 2 D` for the base game (3 players 223, 4 players 250,
//! 5 players 277); the 8-player rulebook game (8 powers) 377; 8 players with all 16
//! powers, every round type, bid tokens to 10 and the 4 printed missions 742 (a
//! catalogue of the most missions, 64, adds 60).
//!
//! # Returns
//!
//! A seat's return is `tanh(margin / 100)`, where the margin is its score minus the best
//! score of the other seats: credited whenever a score changes (a round's scoring, a
//! shield bought, the Witch), so the reward of a step is the difference of the returns
//! after and before it. At the end it is positive exactly for the sole leader (the crown's
//! holder, the winner), negative for the others, 0 for the leaders of a game ending
//! shared. Within `(-1, 1)`; general-sum (the margins do not sum to a constant).
//!
//! Computed in O(n) (the best and the second best score once, not a pass over the others
//! per seat), and `tanh` read from a checked-in table of `f64::tanh(m / 100)` for the
//! integer margins `|m| <= 1000` (negative margins by `tanh`'s oddness), `f64::tanh` itself
//! beyond. The table holds the bits glibc's `tanh` gave (what `f64::tanh` calls on Linux),
//! so the returns of those margins are the same bits on every platform; `f64::tanh` comes
//! from the platform's libm, and a unit test checks every entry within 1 ulp of it (equal
//! on glibc).

mod deck;
mod layout;
mod mask;
mod observe;
mod returns;
mod slots;

use duke_core::{BufferLength, Learning, Observer, Seat, Shape, Utility};

use crate::actions::Action;
use crate::state::CrownBattles;
use layout::Layout;
use observe::Dims;
use slots::Writer;

impl Learning for CrownBattles {
    fn action_count(&self) -> usize {
        Layout::of(&self.config).count()
    }

    fn action_index(&self, action: Action) -> Option<usize> {
        Layout::of(&self.config).index(action)
    }

    fn index_action(&self, index: usize) -> Option<Action> {
        Layout::of(&self.config).action(index)
    }

    /// Marked straight from the playable cards on a turn to play, by the same code as
    /// `legal_mask_bits` (`mark_legal`, generic over the buffer).
    fn legal_mask(&self, seat: Seat, scratch: &mut Vec<Action>, mask: &mut [bool]) -> Result<(), BufferLength> {
        let given = mask.len();
        self.mark_legal(seat, scratch, mask, given, |count| count)
    }

    /// The same code as `legal_mask` (`mark_legal`, generic over the buffer), into bits.
    fn legal_mask_bits(&self, seat: Seat, scratch: &mut Vec<Action>, bits: &mut [u64]) -> Result<(), BufferLength> {
        let given = bits.len();
        self.mark_legal(seat, scratch, bits, given, duke_core::mask_words)
    }

    fn observation_shape(&self) -> Shape {
        Shape::new(&[Dims::of(self).len()])
    }

    fn observe(&self, observer: Observer, out: &mut [f32]) -> Result<(), BufferLength> {
        let dims = Dims::of(self);
        BufferLength::check(dims.len(), out.len())?;
        out.fill(0.0);
        let mut writer = Writer::new(out);
        self.fill(&dims, observer, &mut writer);
        debug_assert_eq!(writer.pos, dims.len(), "the blocks written match Dims::len");
        Ok(())
    }

    /// The best and second best scores found once (O(n), not a pass over the other seats
    /// per seat), and `tanh` read from a checked-in table (`returns::squash`).
    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        let n = self.n();
        BufferLength::check(n, out.len())?;
        let scores = self.table.scores.get(..n).unwrap_or(&[]);
        // The best score, and the best of the others when a seat holds it (the same when
        // two seats share it): every seat's best other score is one of the two.
        let (mut best, mut second) = (i64::MIN, i64::MIN);
        for &score in scores {
            let score = i64::from(score);
            if score > best {
                second = best;
                best = score;
            } else if score > second {
                second = score;
            }
        }
        for (slot, &mine) in out.iter_mut().zip(scores) {
            let mine = i64::from(mine);
            // (One seat has no other: margin 0, as the `max` over no other seat gave.)
            let other = if mine < best {
                best
            } else if second == i64::MIN {
                mine
            } else {
                second
            };
            *slot = returns::squash(mine - other);
        }
        Ok(())
    }

    fn return_bounds(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    fn utility(&self) -> Utility {
        Utility::GeneralSum
    }
}
