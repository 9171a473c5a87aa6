//! One trick and who wins it ("To win a trick", "Non-suited cards' powers", "Special
//! Cases", Golem King, Dragon King, Summoner, Wizard).

use core::fmt;
use core::str::FromStr;

use duke_core::Seat;

use crate::actions::Trump;
use crate::cards::{BOX_SIZE, Card, Face, Power, SuitId};
use crate::compact::{MAX_PLAYERS, NONE};

/// How a played card fights in its trick. `half` marks a Summoner: "a bit stronger" than
/// the card it copies, "never exceeding the next-highest card's strength".
///
/// Written (and sent in views and events) as the strength it fights with: `R12`, `R12.5`
/// (a Summoner after R12), `peasant` (worth 0: Peasants, action cards, the Double-faced
/// card as a Peasant), `golem`, `golem-king`, `dragon`, `dragon-king`; a `+` marks a
/// Summoner's copy, a bit stronger than the card it copies (`peasant+` is worth 0.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A suited card; `value2` is twice its value (a Summoner adds 1, i.e. ".5").
    Number {
        /// Suit.
        suit: SuitId,
        /// Twice the value.
        value2: u8,
    },
    /// Worth 0: Peasants, action cards ("same power as a Peasant"), the Double-faced card
    /// played as a Peasant; `half` = 0.5 (a Summoner lead or copy of one of those).
    Peasant {
        /// Summoner.
        half: bool,
    },
    /// Beats all numbered cards.
    Golem {
        /// Summoner.
        half: bool,
    },
    /// Beats numbered cards and Golems.
    GolemKing {
        /// Summoner.
        half: bool,
    },
    /// Beats numbered cards, Golems and the Golem King.
    Dragon {
        /// Summoner.
        half: bool,
    },
    /// Beats all cards.
    DragonKing,
}

impl Form {
    /// The form of a card played as printed (`golem`: the Double-faced card's choice).
    pub fn of(card: Card, golem: bool) -> Form {
        if golem && card == Power::DoubleFaced.card() {
            return Form::Golem { half: false };
        }
        FORMS.get(usize::from(card.id())).copied().unwrap_or(Form::Peasant { half: false })
    }

    /// The form of a card played as printed, computed once per card id (for [`FORMS`]).
    const fn printed(face: Face) -> Form {
        match face {
            Face::Number(suit, v) => Form::Number { suit, value2: v.saturating_mul(2) },
            Face::Golem => Form::Golem { half: false },
            Face::Dragon => Form::Dragon { half: false },
            Face::Power(Power::GolemKing) => Form::GolemKing { half: false },
            Face::Power(Power::DragonKing) => Form::DragonKing,
            Face::Peasant | Face::Power(_) => Form::Peasant { half: false },
        }
    }

    /// The Summoner's form after `previous` (None: it leads).
    pub fn summoned(previous: Option<Form>) -> Form {
        match previous {
            None | Some(Form::Peasant { .. }) => Form::Peasant { half: true },
            Some(Form::Number { suit, value2 }) => Form::Number { suit, value2: value2 | 1 },
            Some(Form::Golem { .. }) => Form::Golem { half: true },
            Some(Form::GolemKing { .. }) => Form::GolemKing { half: true },
            Some(Form::Dragon { .. }) => Form::Dragon { half: true },
            // Nothing exceeds the Dragon King ("the most powerful card in the game"): a copy
            // is a second Dragon King, and the first played wins.
            Some(Form::DragonKing) => Form::DragonKing,
        }
    }

    /// A compact strength code: for a numbered card `NUMBER | suit << 8 | value2`; for the
    /// others their strength in a trick without a Wizard (as in [`Form::strength`]).
    pub const fn code(self) -> u16 {
        match self {
            Form::Number { suit, value2 } => NUMBER | (suit.index() as u16) << 8 | value2 as u16,
            Form::Peasant { half } => (half as u16) << 1,
            Form::Golem { half } => 4 << 8 | half as u16,
            Form::GolemKing { half } => 6 << 8 | half as u16,
            Form::Dragon { half } => 8 << 8 | half as u16,
            Form::DragonKing => 10 << 8,
        }
    }

    /// Whether leading this card frees everyone from following suit (a Golem or Dragon lead).
    pub const fn frees_the_trick(self) -> bool {
        matches!(self, Form::Golem { .. } | Form::GolemKing { .. } | Form::Dragon { .. } | Form::DragonKing)
    }

    /// Strength in this trick: (tier, value). The first card of the highest strength wins.
    pub fn strength(self, trump: Trump, led: Option<SuitId>, wizard: bool, kings_too: bool) -> u16 {
        let tier = |t: u16, half: bool| t << 8 | u16::from(half);
        match self {
            Form::Number { suit, value2 } => {
                if trump == Trump::Suit(suit) {
                    3 << 8 | u16::from(value2)
                } else if led == Some(suit) {
                    2 << 8 | u16::from(value2)
                } else {
                    // "Playing a different suit than the led suit, loses."
                    0
                }
            }
            Form::Peasant { half } => tier(0, half) << 1,
            Form::Golem { half } if wizard => tier(0, half) << 1,
            Form::Dragon { half } if wizard => tier(0, half) << 1,
            Form::GolemKing { half } if wizard && kings_too => tier(0, half) << 1,
            Form::DragonKing if wizard && kings_too => 0,
            Form::Golem { half } => tier(4, half),
            Form::GolemKing { half } => tier(6, half),
            Form::Dragon { half } => tier(8, half),
            Form::DragonKing => tier(10, false),
        }
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, half) = match *self {
            Form::Number { suit, value2 } => {
                let half = if value2 % 2 == 1 { ".5" } else { "" };
                return write!(f, "{}{}{half}", suit.letter(), value2 / 2);
            }
            Form::Peasant { half } => ("peasant", half),
            Form::Golem { half } => ("golem", half),
            Form::GolemKing { half } => ("golem-king", half),
            Form::Dragon { half } => ("dragon", half),
            Form::DragonKing => ("dragon-king", false),
        };
        write!(f, "{name}{}", if half { "+" } else { "" })
    }
}

impl FromStr for Form {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Form, &'static str> {
        let (name, half) = match s.strip_suffix('+') {
            Some(name) => (name, true),
            None => (s, false),
        };
        let form = match name {
            "peasant" => Form::Peasant { half },
            "golem" => Form::Golem { half },
            "golem-king" => Form::GolemKing { half },
            "dragon" => Form::Dragon { half },
            "dragon-king" if !half => Form::DragonKing,
            _ if half => return Err("only non-numbered forms take a +"),
            _ => {
                let (number, half) = match name.strip_suffix(".5") {
                    Some(number) => (number, 1),
                    None => (name, 0),
                };
                match number.parse::<Face>() {
                    Ok(Face::Number(suit, v)) => Form::Number { suit, value2: v * 2 + half },
                    _ => return Err("unknown form"),
                }
            }
        };
        Ok(form)
    }
}

duke_core::serde_as_notation!(Form);

/// The printed form of every card id (`Form::of` without the Double-faced choice), computed
/// at compile time: playing a card is one table load. (An out-of-range index fails the build.)
#[allow(clippy::indexing_slicing)]
const FORMS: [Form; BOX_SIZE] = {
    let faces = crate::cards::FACE_TABLE;
    let mut out = [Form::Peasant { half: false }; BOX_SIZE];
    let mut i = 0;
    while i < BOX_SIZE {
        out[i] = Form::printed(faces[i]);
        i += 1;
    }
    out
};

/// [`Form::code`]'s flag for a numbered card.
const NUMBER: u16 = 0x8000;
/// The lowest code of a card that frees the trick when led (a Golem).
const FREES: u16 = 4 << 8;

/// The code of every card id's printed form.
#[allow(clippy::indexing_slicing)]
const CODES: [u16; BOX_SIZE] = {
    let mut out = [0; BOX_SIZE];
    let mut i = 0;
    while i < BOX_SIZE {
        out[i] = FORMS[i].code();
        i += 1;
    }
    out
};

/// The ongoing trick. Build one with [`Trick::new`] and [`Trick::push`]; who wins it is
/// [`Trick::winner_position`]. A saved game stores the trick as its cards in play order
/// ([`Setup::trick`](crate::Setup)): forms, actions, flags and strength codes are rebuilt
/// from them on load, so no internal code travels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trick {
    /// Who played first.
    pub leader: Seat,
    /// Cards played so far.
    pub len: u8,
    /// Card ids in play order.
    pub cards: [u8; MAX_PLAYERS],
    /// Their forms.
    pub forms: [Form; MAX_PLAYERS],
    /// The power whose action each card carries (its own, or the one a Summoner copied); NONE if none.
    pub effects: [u8; MAX_PLAYERS],
    /// The suit to follow: the first numbered card's suit.
    pub led: Option<SuitId>,
    /// A Golem or Dragon led: nobody has to follow.
    pub free: bool,
    /// A Bomb was played: nobody wins it.
    pub bombed: bool,
    /// A Wizard was played: Golems and Dragons are Peasants.
    pub wizard: bool,
    /// Who leads the next trick (winner, or the Bomb's choice).
    pub next_leader: Seat,
    /// End of trick: the position whose effect is being resolved (NONE while cards are played).
    pub resolving: u8,
    /// Stealth Play with `Config::stealth_actions_at_flip`: the trick is turned up and the
    /// face-down cards' immediate actions are resolving (`resolving` is the position); the
    /// winner is not decided yet.
    pub flipping: bool,
    /// Each form's [`Form::code`], kept beside `forms` so the game finds the winner without
    /// a branch per card (a state whose codes do not match its forms is refused on load).
    pub(crate) codes: [u16; MAX_PLAYERS],
}

impl Trick {
    /// An empty trick led by `leader`.
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            len: 0,
            cards: [NONE; MAX_PLAYERS],
            forms: [Form::Peasant { half: false }; MAX_PLAYERS],
            effects: [NONE; MAX_PLAYERS],
            led: None,
            free: false,
            bombed: false,
            wizard: false,
            next_leader: leader,
            resolving: NONE,
            flipping: false,
            codes: [0; MAX_PLAYERS],
        }
    }

    /// Records a card played as printed (not a Summoner, not the Double-faced card played as
    /// a Golem): the same as [`Trick::push`] with `Form::of(card, false)`, by table lookups.
    #[inline]
    pub(crate) fn push_printed(&mut self, card: Card, effect: Option<Power>) {
        let id = usize::from(card.id());
        let code = CODES.get(id).copied().unwrap_or(0);
        let form = FORMS.get(id).copied().unwrap_or(Form::Peasant { half: false });
        let i = usize::from(self.len);
        if let (Some(c), Some(f), Some(k), Some(e)) =
            (self.cards.get_mut(i), self.forms.get_mut(i), self.codes.get_mut(i), self.effects.get_mut(i))
        {
            *c = card.id();
            *f = form;
            *k = code;
            *e = effect.map_or(NONE, |p| p as u8);
            self.len += 1;
        }
        let number = code & NUMBER != 0;
        if i == 0 {
            self.free = !number && code >= FREES;
        }
        if self.led.is_none() && number {
            self.led = SuitId::new((code >> 8) as u8 & 3);
        }
    }

    /// [`Trick::winner_position`] from the codes: the same result, with no branch per card.
    #[inline]
    pub(crate) fn winner(&self, trump: Trump, kings_too: bool) -> usize {
        let tier = self.tiers(trump);
        // Under a Wizard, Golems and Dragons (and the Kings too, by option) fight as
        // Peasants: bit `tier` of this mask marks the tiers it turns into Peasants.
        const GOLEM_DRAGON: u16 = 1 << 4 | 1 << 8;
        const KINGS: u16 = 1 << 6 | 1 << 10;
        let neutral = match (self.wizard, kings_too) {
            (false, _) => 0,
            (true, false) => GOLEM_DRAGON,
            (true, true) => GOLEM_DRAGON | KINGS,
        };
        let mut best = 0;
        let mut best_strength = 0u16;
        for (i, &code) in self.codes.iter().take(usize::from(self.len)).enumerate() {
            let t = tier.get(usize::from(code >> 8) & 3).copied().unwrap_or(0);
            let number = (t | (code & 0xFF)) & 0u16.wrapping_sub(u16::from(t != 0));
            let peasant = neutral >> ((code >> 8) & 15) & 1 == 1;
            let other = if peasant { (code & 1) << 1 } else { code };
            let s = if code & NUMBER != 0 { number } else { other };
            if s > best_strength {
                best = i;
                best_strength = s;
            }
        }
        best
    }

    /// The tier of each suit's numbered cards in this trick: 3 trump, 2 led, 0 neither.
    fn tiers(&self, trump: Trump) -> [u16; 4] {
        let mut tier = [0u16; 4];
        if let Some(led) = self.led
            && let Some(t) = tier.get_mut(led.index() & 3)
        {
            *t = 2 << 8;
        }
        if let Trump::Suit(s) = trump
            && let Some(t) = tier.get_mut(s.index() & 3)
        {
            *t = 3 << 8;
        }
        tier
    }

    /// The form of the card at `pos`.
    pub fn form(&self, pos: usize) -> Option<Form> {
        self.forms.get(..usize::from(self.len)).and_then(|f| f.get(pos)).copied()
    }

    /// The card at `pos`.
    pub fn card(&self, pos: usize) -> Option<Card> {
        self.cards.get(..usize::from(self.len)).and_then(|c| c.get(pos)).copied().and_then(Card::new)
    }

    /// The effect power at `pos`.
    pub fn effect(&self, pos: usize) -> Option<Power> {
        self.effects
            .get(..usize::from(self.len))
            .and_then(|c| c.get(pos))
            .and_then(|&p| Power::from_index(usize::from(p)))
    }

    /// The form `card` takes and the effect it carries when played next to this trick: as
    /// printed, the Double-faced card as a Golem when `as_golem`, and the Summoner a copy of
    /// the card before it ("It can even copy the action of another Special power card, and
    /// be worth 0.5!").
    pub fn next_form(&self, card: Card, as_golem: bool) -> (Form, Option<Power>) {
        if card == Power::Summoner.card() {
            let last = usize::from(self.len).checked_sub(1);
            let copied = last.and_then(|p| self.effect(p));
            let form = if copied.is_some() {
                Form::Peasant { half: true }
            } else {
                Form::summoned(last.and_then(|p| self.form(p)))
            };
            (form, copied)
        } else if as_golem && card == Power::DoubleFaced.card() {
            (Form::of(card, true), None)
        } else {
            (Form::of(card, false), card.power().filter(|p| p.has_action()))
        }
    }

    /// Records a played card.
    pub fn push(&mut self, card: Card, form: Form, effect: Option<Power>) {
        let i = usize::from(self.len);
        if let (Some(c), Some(f), Some(k), Some(e)) =
            (self.cards.get_mut(i), self.forms.get_mut(i), self.codes.get_mut(i), self.effects.get_mut(i))
        {
            *c = card.id();
            *f = form;
            *k = form.code();
            *e = effect.map_or(NONE, |p| p as u8);
            self.len += 1;
        }
        if i == 0 {
            self.free = form.frees_the_trick();
        }
        if let (None, Form::Number { suit, .. }) = (self.led, form) {
            self.led = Some(suit);
        }
    }

    /// The position of the winning card ("To win a trick"; "When all players play a
    /// Peasant, the first player to do so wins"; several Golems or Dragons: the first).
    pub fn winner_position(&self, trump: Trump, kings_too: bool) -> usize {
        // Exactly `Form::strength` of every card, with the suit comparisons turned into one
        // table per trick (the trump overrides the led suit) and no branch on the outcome:
        // this runs once per trick of every playout.
        let tier = self.tiers(trump);
        let (wizard, kings) = (self.wizard, self.wizard && kings_too);
        let tier_of = |t: u16, half: bool| t << 8 | u16::from(half);
        let mut best = 0;
        let mut best_strength = 0u16;
        for (i, form) in self.forms.iter().take(usize::from(self.len)).enumerate() {
            let s = match *form {
                Form::Number { suit, value2 } => {
                    let t = tier.get(suit.index() & 3).copied().unwrap_or(0);
                    // "Playing a different suit than the led suit, loses."
                    (t | u16::from(value2)) & 0u16.wrapping_sub(u16::from(t != 0))
                }
                Form::Peasant { half } => u16::from(half) << 1,
                Form::Golem { half } => {
                    if wizard {
                        u16::from(half) << 1
                    } else {
                        tier_of(4, half)
                    }
                }
                Form::GolemKing { half } => {
                    if kings {
                        u16::from(half) << 1
                    } else {
                        tier_of(6, half)
                    }
                }
                Form::Dragon { half } => {
                    if wizard {
                        u16::from(half) << 1
                    } else {
                        tier_of(8, half)
                    }
                }
                Form::DragonKing => {
                    if kings {
                        0
                    } else {
                        tier_of(10, false)
                    }
                }
            };
            // The first card of the highest strength wins (strengths are never negative,
            // so starting from 0 at position 0 is the same as starting from the first card).
            if s > best_strength {
                best = i;
                best_strength = s;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule as written: the first card of the highest `Form::strength`.
    fn reference(t: &Trick, trump: Trump, kings_too: bool) -> usize {
        let mut best = 0;
        let mut best_strength = None;
        for (i, form) in t.forms.iter().take(usize::from(t.len)).enumerate() {
            let s = form.strength(trump, t.led, t.wizard, kings_too);
            if best_strength.is_none_or(|b| s > b) {
                best = i;
                best_strength = Some(s);
            }
        }
        best
    }

    #[test]
    fn winner_position_is_the_first_strongest_card() {
        // Both the forms loop (`winner_position`) and the codes loop (`winner`).
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        for _ in 0..200_000 {
            let mut t = Trick::new(Seat(0));
            t.len = next(9) as u8;
            for f in t.forms.iter_mut() {
                let half = next(2) == 1;
                *f = match next(6) {
                    0 | 1 => Form::Number { suit: SuitId::ALL[next(4) as usize], value2: next(28) as u8 },
                    2 => Form::Peasant { half },
                    3 => [Form::Golem { half }, Form::GolemKing { half }][next(2) as usize],
                    4 => Form::Dragon { half },
                    _ => Form::DragonKing,
                };
            }
            t.led = [None, Some(SuitId::ALL[next(4) as usize])][next(2) as usize];
            t.codes = t.forms.map(Form::code);
            t.wizard = next(3) == 0;
            let trump = [Trump::NoTrump, Trump::Suit(SuitId::ALL[next(4) as usize])][next(2) as usize];
            let kings = next(2) == 1;
            assert_eq!(t.winner_position(trump, kings), reference(&t, trump, kings), "{t:?} {trump:?} {kings}");
            assert_eq!(t.winner(trump, kings), reference(&t, trump, kings), "{t:?} {trump:?} {kings}");
        }
    }

    #[test]
    fn every_form_reads_back_from_its_notation() {
        let mut forms = vec![Form::DragonKing];
        for half in [false, true] {
            forms.extend([
                Form::Peasant { half },
                Form::Golem { half },
                Form::GolemKing { half },
                Form::Dragon { half },
            ]);
        }
        for suit in SuitId::ALL {
            forms.extend((2..=27).map(|value2| Form::Number { suit, value2 }));
        }
        for form in forms {
            assert_eq!(form.to_string().parse::<Form>(), Ok(form), "{form}");
        }
        assert_eq!(Form::Number { suit: SuitId::ALL[0], value2: 25 }.to_string(), "R12.5");
        for bad in ["R14", "R12.4", "dragon-king+", "R3+", "wizard", ""] {
            assert!(bad.parse::<Form>().is_err(), "{bad}");
        }
    }

    #[test]
    fn push_printed_is_push_with_the_printed_form() {
        for a in 0..BOX_SIZE as u8 {
            for b in 0..BOX_SIZE as u8 {
                let (a, b) = (Card::new(a).unwrap(), Card::new(b).unwrap());
                let mut by_form = Trick::new(Seat(1));
                let mut by_table = Trick::new(Seat(1));
                for c in [a, b] {
                    by_form.push(c, Form::of(c, false), c.power());
                    by_table.push_printed(c, c.power());
                }
                assert_eq!(by_form, by_table, "{a:?} {b:?}");
                assert_eq!(by_form.codes, by_table.codes, "{a:?} {b:?}");
            }
        }
    }
}
