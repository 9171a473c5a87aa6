//! Rulebook "To win a trick", "Playing card rules", "Special Cases", "Non-suited cards'
//! powers" and the Special Power cards' fighting forms, as the oracles the properties use:
//! how each card of a trick fights, who wins it, and which cards a hand may play.

use std::collections::BTreeSet;

use crownbattles_rules::{Face, Power, SuitId, Trump};

// ---------------------------------------------------------------------------------------

/// How a card fights in its trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A numbered card; `twice` is twice its value (a Summoner's copy adds a half).
    Number {
        suit: SuitId,
        twice: u8,
    },
    /// Worth 0 ("Peasant: this card is worth 0"); `half`: a Summoner worth 0.5.
    Peasant {
        half: bool,
    },
    Golem {
        half: bool,
    },
    GolemKing {
        half: bool,
    },
    Dragon {
        half: bool,
    },
    DragonKing,
}

/// A card on the trick: its face, how it fights and the action it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fighter {
    pub face: Face,
    pub kind: Kind,
    pub action: Option<Power>,
}

/// Whether a Special Power card is an action card ("Action cards": everything but the
/// "Non-Action cards" Double-faced, Golem King and Dragon King; the Summoner acts by
/// copying, so it carries no action of its own).
pub fn is_action_card(p: Power) -> bool {
    !matches!(p, Power::DoubleFaced | Power::GolemKing | Power::DragonKing | Power::Summoner)
}

/// How each card of a trick fights, in play order (`golem`: the Double-faced card was
/// played as a Golem). Numbers fight as printed; Golems, Dragons, Peasants as their
/// powers; the Kings as "GG" and "DD"; action cards "have the same power as a Peasant";
/// the Summoner is "a copy of the last played card but a bit stronger, never exceeding the
/// next-highest card's strength": a half above a number or a Golem, Golem King or Dragon
/// (a Dragon King copy is a Dragon King), 0.5 as a lead or after a Peasant, and "the
/// action of another Special power card, and worth 0.5" after an action card.
pub fn fighters(cards: &[Face], golem: bool) -> Vec<Fighter> {
    let mut out: Vec<Fighter> = Vec::new();
    for &face in cards {
        let (kind, action) = match face {
            Face::Number(suit, v) => (Kind::Number { suit, twice: 2 * v }, None),
            Face::Golem => (Kind::Golem { half: false }, None),
            Face::Dragon => (Kind::Dragon { half: false }, None),
            Face::Peasant => (Kind::Peasant { half: false }, None),
            Face::Power(Power::GolemKing) => (Kind::GolemKing { half: false }, None),
            Face::Power(Power::DragonKing) => (Kind::DragonKing, None),
            Face::Power(Power::DoubleFaced) if golem => (Kind::Golem { half: false }, None),
            Face::Power(Power::DoubleFaced) => (Kind::Peasant { half: false }, None),
            Face::Power(Power::Summoner) => match out.last() {
                None => (Kind::Peasant { half: true }, None),
                Some(&Fighter { action: Some(copied), .. }) => (Kind::Peasant { half: true }, Some(copied)),
                Some(prev) => {
                    let kind = match prev.kind {
                        // Halves do not stack: 12.5 copied is 12.5 (reading 18).
                        Kind::Number { suit, twice } => Kind::Number { suit, twice: twice | 1 },
                        Kind::Peasant { .. } => Kind::Peasant { half: true },
                        Kind::Golem { .. } => Kind::Golem { half: true },
                        Kind::GolemKing { .. } => Kind::GolemKing { half: true },
                        Kind::Dragon { .. } => Kind::Dragon { half: true },
                        Kind::DragonKing => Kind::DragonKing,
                    };
                    (kind, None)
                }
            },
            Face::Power(p) => (Kind::Peasant { half: false }, Some(p)),
        };
        out.push(Fighter { face, kind, action });
    }
    out
}

/// The notation of a fighting form, as the crate docs write it (`R12.5`, `peasant+`).
pub fn notation(kind: Kind) -> String {
    let plus = |name: &str, half: bool| format!("{name}{}", if half { "+" } else { "" });
    match kind {
        Kind::Number { suit, twice } => {
            format!("{}{}{}", suit.letter(), twice / 2, if twice % 2 == 1 { ".5" } else { "" })
        }
        Kind::Peasant { half } => plus("peasant", half),
        Kind::Golem { half } => plus("golem", half),
        Kind::GolemKing { half } => plus("golem-king", half),
        Kind::Dragon { half } => plus("dragon", half),
        Kind::DragonKing => "dragon-king".into(),
    }
}

/// The suit to follow: the first numbered card's ("If a player starts the trick with a
/// Peasant, the next player sets the leading suit").
pub fn led_suit(trick: &[Fighter]) -> Option<SuitId> {
    trick.iter().find_map(|f| match f.kind {
        Kind::Number { suit, .. } => Some(suit),
        _ => None,
    })
}

/// "If a Golem or a Dragon card starts a trick, players can play any card": the lead is a
/// Golem, a Dragon or a King.
pub fn freed(trick: &[Fighter]) -> bool {
    trick.first().is_some_and(|f| {
        matches!(f.kind, Kind::Golem { .. } | Kind::GolemKing { .. } | Kind::Dragon { .. } | Kind::DragonKing)
    })
}

/// How strong a card is in its trick, as (tier, value); the first card of the highest
/// strength wins. "To win a trick": the highest of the led suit, beaten by the highest
/// trump, beaten by a Golem, the Golem King ("beats all Golem cards, doesn't beat any
/// Dragon"), a Dragon, the Dragon King ("beats all cards"). "Playing a different suit than
/// the led suit, loses": an off-suit number is worth nothing. Under a Wizard, Golems and
/// Dragons (and by option the Kings) are Peasants.
pub fn rank(f: &Fighter, trump: Trump, led: Option<SuitId>, wizard: bool, kings_too: bool) -> (u8, u8) {
    let peasant = |half: bool| (0, u8::from(half));
    match f.kind {
        Kind::Number { suit, twice } if trump == Trump::Suit(suit) => (2, twice),
        Kind::Number { suit, twice } if led == Some(suit) => (1, twice),
        Kind::Number { .. } => (0, 0),
        Kind::Peasant { half } => peasant(half),
        Kind::Golem { half } | Kind::Dragon { half } if wizard => peasant(half),
        Kind::GolemKing { half } if wizard && kings_too => peasant(half),
        Kind::DragonKing if wizard && kings_too => (0, 0),
        Kind::Golem { half } => (3, u8::from(half)),
        Kind::GolemKing { half } => (4, u8::from(half)),
        Kind::Dragon { half } => (5, u8::from(half)),
        Kind::DragonKing => (6, 0),
    }
}

/// A decided trick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub led: Option<SuitId>,
    pub wizard: bool,
    /// "When played, the trick gets destroyed and no one wins it" (a Bomb, or a Summoner
    /// copying one).
    pub bombed: bool,
    /// The winning position (None when bombed).
    pub winner: Option<usize>,
    /// Each card's strength.
    pub ranks: Vec<(u8, u8)>,
}

/// Who wins a complete trick: the first card of the highest [`rank`] ("When all players
/// play a Peasant, the first player to do so wins"; several Golems or Dragons: the first).
pub fn judge(trick: &[Fighter], trump: Trump, kings_too: bool) -> Verdict {
    let led = led_suit(trick);
    let wizard = trick.iter().any(|f| f.action == Some(Power::Wizard));
    let bombed = trick.iter().any(|f| f.action == Some(Power::Bomb));
    let ranks: Vec<(u8, u8)> = trick.iter().map(|f| rank(f, trump, led, wizard, kings_too)).collect();
    let mut winner = 0;
    for (i, r) in ranks.iter().enumerate() {
        if *r > ranks[winner] {
            winner = i;
        }
    }
    Verdict { led, wizard, bombed, winner: (!bombed && !trick.is_empty()).then_some(winner), ranks }
}

/// The plays a hand may make on this trick ("Players must follow suit if possible;
/// otherwise, they can play any other card"; Dragons, Golems, Peasants "can be played at
/// any time", and so can Special Power cards, "Notes"), in notation: one per face, and the
/// Double-faced card both ways.
pub fn legal_plays(hand: &[Face], trick: &[Fighter]) -> BTreeSet<String> {
    let led = led_suit(trick).filter(|_| !freed(trick));
    let follows = |f: &Face| matches!((f, led), (Face::Number(s, _), Some(l)) if *s == l);
    let can_follow = hand.iter().any(follows);
    let mut out = BTreeSet::new();
    for face in hand {
        if can_follow && matches!(face, Face::Number(..)) && !follows(face) {
            continue;
        }
        out.insert(format!("play {face}"));
        if *face == Face::Power(Power::DoubleFaced) {
            out.insert("play double-faced:golem".into());
        }
    }
    out
}
