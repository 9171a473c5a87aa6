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
//! # Observation
//!
//! One flat tensor (`[len]`), every value finite; cards are counted by face (a seat can
//! tell a Golem from a Dragon, not one Golem from the other). For a seat, what its view
//! shows: its hand and private knowledge; for the spectator, only what everyone sees (no
//! hand, no private knowledge; Leaked Suit's revealed cards). The blocks, in order
//! (`b = B + 1` bid slots: slot 0 "no bid seen", then the bid block's order):
//!
//! 1. observer: one-hot seat (n; all 0 for the spectator);
//! 2. round (1-based) / scheduled rounds, final round flag, cards dealt × n / deck size,
//!    undealt cards / deck size (4);
//! 3. dealer (n); trump R, G, B, Y, X (5);
//! 4. phase one-hot (13: choose trump, bidding, play, effect, Magician passing, over,
//!    blind bidding, splitting, missions, leaked suit, teams, place, pairing), the
//!    phase's seat (n), the effect's power (16), effect at the trick's end, the Witch's
//!    steps left / 6, the Magician's direction (2), a stolen trick to place (1);
//! 5. seats to act (n); round type one-hot (14, [`RoundType::ALL`](crate::RoundType::ALL) order);
//! 6. per seat: crown, protected (Wizard or shield), score / 100, tricks won, cards in
//!    hand (5 n); known voids, per seat per suit (4 n);
//! 7. bids, per seat one-hot over b (n b; Blind Bidding: only the observer's own);
//! 8. the observer's hand (F); the cards played this round it saw (F); the cards it
//!    knows the place of, per seat holding them then the deck ((n + 1) F);
//! 9. the trick: its leader (n), per seat the face played and its form (suit, value,
//!    Peasant, Golem, Golem King, Dragon, Dragon King, Summoner's half) (n (F + 11));
//!    Stealth Play's face-down cards are left out, as in the view;
//!
//! then the blocks of the config's Special Power cards and round types, each present only
//! when the config may use it:
//!
//! 10. Long Play: the first pass of a long trick, per seat (n (F + 11));
//! 11. Stealth Play: the seats whose card lies face down (n), the suit told (4), the trick
//!     revealed last, per seat its face and whether the Double-faced card was a Golem
//!     (n (F + 1));
//! 12. Magician: the card the observer passes (F), the card coming to it (F);
//! 13. Blind Bidding: the bids revealed at the last round's end (n b);
//! 14. The Split: second half flag (1), the observer's cards set aside (F), cards set
//!     aside per seat (n), the other half's bids (n b), first-half tricks (n);
//! 15. missions (M the catalogue size): the missions offered to the observer (M), each
//!     seat's mission as the observer sees it (n M), the missions revealed at the last
//!     round's end (n M);
//! 16. Leaked Suit: each seat's leak as the observer sees it (n × 6: R, G, B, Y,
//!     monsters, nothing);
//! 17. Alliances: each seat's ally (n n), solo (n), Secret Note shown (n);
//! 18. Suit Precision: per seat and suit the bid (4 n b) and the tricks placed (4 n);
//! 19. Wagering: the pot / 100 (1), the extra wagers / 20 (n);
//! 20. Duel Fights: seats in the same group (n n).
//!
//! The state keeps no history of earlier tricks, so a seat's memory is what its view
//! shows: the faces played this round (not by whom, but in the ongoing trick), voids,
//! known cards. Sizes: the 4-player base game 850; 8 players with all 16 powers, every
//! round type, bid tokens to 10 and the 4 printed missions 4,613 (a catalogue of the most
//! missions, 64, adds 1,020).
//!
//! # Returns
//!
//! A seat's return is `tanh(margin / 100)`, where the margin is its score minus the best
//! score of the other seats: credited whenever a score changes (a round's scoring, a
//! shield bought, the Witch), so the reward of a step is the difference of the returns
//! after and before it. At the end it is positive exactly for the sole leader (the crown's
//! holder, the winner), negative for the others, 0 for the leaders of a game ending
//! shared. Within `(-1, 1)`; general-sum (the margins do not sum to a constant).

mod layout;
mod observe;

use duke_core::{BufferLength, Learning, Observer, Seat, Shape, Utility};

use crate::actions::Action;
use crate::state::{CrownBattles, at};
use layout::Layout;
use observe::{Dims, POINTS, Writer};

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

    /// The legal actions indexed with the layout computed once.
    fn legal_mask(&self, seat: Seat, scratch: &mut Vec<Action>, mask: &mut [bool]) -> Result<(), BufferLength> {
        let layout = Layout::of(&self.config);
        BufferLength::check(layout.count(), mask.len())?;
        mask.fill(false);
        duke_core::Game::legal_actions(self, seat, scratch);
        for &action in scratch.iter() {
            if let Some(slot) = layout.index(action).and_then(|i| mask.get_mut(i)) {
                *slot = true;
            }
        }
        Ok(())
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

    fn returns(&self, out: &mut [f64]) -> Result<(), BufferLength> {
        let n = self.n();
        BufferLength::check(n, out.len())?;
        for (i, slot) in out.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            let mine = at(&self.table.scores, seat);
            let best_other =
                self.seats().filter(|&s| s != seat).map(|s| at(&self.table.scores, s)).max().unwrap_or(mine);
            let margin = f64::from(mine) - f64::from(best_other);
            *slot = (margin / f64::from(POINTS)).tanh();
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
