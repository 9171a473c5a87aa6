//! Exactness guard for performance work: random playouts over many seeds, every player
//! count, with and without Special Power cards, hashed step by step (who acts, every
//! legal-action list in order, the action taken, the actor's view, the running scores,
//! the final state) and compared with checksums recorded before the optimisations.
//!
//! Regenerate (only for a deliberate rules change): `CB_GOLDEN_WRITE=1 cargo test -p
//! crownbattles-rules --test golden`.
//!
//! The traces guard behaviour, not the wire format: views are hashed in the JSON encoding
//! they had when the traces were recorded (`legacy_view_json`), so that a deliberate change
//! of the wire format (faces, bids, trumps and powers as notation, voids as suit lists;
//! pinned by tests/wire_format.rs) leaves every trace as it was.

use crownbattles_rules::{Action, Bid, Config, CrownBattles, DeckSpec, Face, Form, Phase, Place, Power, Trump, View};
use duke_core::{Game, Observer, Seat};
use serde::Serialize;

/// The recording-time JSON of a face: `{"Number":[suit id,value]}`, `"Golem"`, `{"Power":"Spy"}`.
#[derive(Serialize)]
enum OldFace {
    Number(u8, u8),
    Golem,
    Dragon,
    Peasant,
    Power(&'static str),
}

fn old_power(p: Power) -> &'static str {
    const NAMES: [&str; 16] = [
        "Alchemist",
        "Bishop",
        "Bomb",
        "Cursed",
        "Jester",
        "Magician",
        "Merchant",
        "Smuggler",
        "Spy",
        "Summoner",
        "Thief",
        "Witch",
        "Wizard",
        "DoubleFaced",
        "GolemKing",
        "DragonKing",
    ];
    NAMES[p.index()]
}

fn old_face(f: Face) -> OldFace {
    match f {
        Face::Number(s, v) => OldFace::Number(s.index() as u8, v),
        Face::Golem => OldFace::Golem,
        Face::Dragon => OldFace::Dragon,
        Face::Peasant => OldFace::Peasant,
        Face::Power(p) => OldFace::Power(old_power(p)),
    }
}

#[derive(Serialize)]
enum OldTrump {
    Suit(u8),
    NoTrump,
}

fn old_trump(t: Trump) -> OldTrump {
    match t {
        Trump::Suit(s) => OldTrump::Suit(s.index() as u8),
        Trump::NoTrump => OldTrump::NoTrump,
    }
}

#[derive(Serialize)]
enum OldBid {
    Single(u8),
    Double(u8),
}

#[derive(Serialize)]
enum OldPhase {
    ChooseTrump,
    Bidding(Seat),
    Play(Seat),
    Effect { seat: Seat, power: &'static str, end: bool, steps: u8 },
    Passing { magician: Seat, direction: crownbattles_rules::Direction },
    Over,
}

#[derive(Serialize)]
enum OldForm {
    Number { suit: u8, value2: u8 },
    Peasant { half: bool },
    Golem { half: bool },
    GolemKing { half: bool },
    Dragon { half: bool },
    DragonKing,
}

#[derive(Serialize)]
struct OldTableCard {
    seat: Seat,
    face: OldFace,
    form: OldForm,
}

/// `View` field by field, in its recording-time encoding.
#[derive(Serialize)]
struct OldView {
    observer: Observer,
    players: u8,
    round: u8,
    rounds: u8,
    cards_dealt: u8,
    dealer: Seat,
    trump: OldTrump,
    phase: OldPhase,
    to_act: Vec<Seat>,
    hand: Vec<OldFace>,
    hand_sizes: Vec<u8>,
    deck_size: u8,
    bids: Vec<Option<OldBid>>,
    tricks: Vec<u8>,
    scores: Vec<i32>,
    crown: Option<Seat>,
    trick: Vec<OldTableCard>,
    played: Vec<OldFace>,
    known: Vec<(Place, OldFace)>,
    voids: Vec<u8>,
    protected: Vec<bool>,
    passing: Option<OldFace>,
    #[serde(skip_serializing_if = "Option::is_none")]
    incoming: Option<OldFace>,
}

fn legacy_view_json(v: View) -> String {
    let faces = |list: Vec<Face>| list.into_iter().map(old_face).collect();
    let old = OldView {
        observer: v.observer,
        players: v.players,
        round: v.round,
        rounds: v.rounds,
        cards_dealt: v.cards_dealt,
        dealer: v.dealer,
        trump: old_trump(v.trump),
        phase: match v.phase {
            Phase::ChooseTrump => OldPhase::ChooseTrump,
            Phase::Bidding(s) => OldPhase::Bidding(s),
            Phase::Play(s) => OldPhase::Play(s),
            Phase::Effect { seat, power, end, steps } => OldPhase::Effect { seat, power: old_power(power), end, steps },
            Phase::Passing { magician, direction } => OldPhase::Passing { magician, direction },
            Phase::Over => OldPhase::Over,
            // The traces play the base game only, whose rounds are all Normal Bidding.
            Phase::BlindBidding | Phase::Missions | Phase::LeakedSuit | Phase::Teams | Phase::Pairing => {
                panic!("a {:?} round in a base-game trace", v.round_type)
            }
            Phase::Splitting => panic!("a round of The Split in a base-game trace"),
            Phase::Place { .. } => panic!("a round of Suit Precision in a base-game trace"),
            other => panic!("{other:?}: a phase this legacy view does not know"),
        },
        to_act: v.to_act,
        hand: faces(v.hand),
        hand_sizes: v.hand_sizes,
        deck_size: v.deck_size,
        bids: v
            .bids
            .into_iter()
            .map(|b| {
                b.map(|b| match b {
                    Bid::Single(n) => OldBid::Single(n),
                    Bid::Double(n) => OldBid::Double(n),
                })
            })
            .collect(),
        tricks: v.tricks,
        scores: v.scores,
        crown: v.crown,
        trick: v
            .trick
            .into_iter()
            .map(|c| OldTableCard {
                seat: c.seat,
                face: old_face(c.face),
                form: match c.form {
                    Form::Number { suit, value2 } => OldForm::Number { suit: suit.index() as u8, value2 },
                    Form::Peasant { half } => OldForm::Peasant { half },
                    Form::Golem { half } => OldForm::Golem { half },
                    Form::GolemKing { half } => OldForm::GolemKing { half },
                    Form::Dragon { half } => OldForm::Dragon { half },
                    Form::DragonKing => OldForm::DragonKing,
                },
            })
            .collect(),
        played: faces(v.played),
        known: v.known.into_iter().map(|(p, f)| (p, old_face(f))).collect(),
        voids: v.voids.iter().map(|suits| suits.iter().fold(0, |m, s| m | 1 << s.index())).collect(),
        protected: v.protected,
        passing: v.passing.map(old_face),
        incoming: v.incoming.map(old_face),
    };
    serde_json::to_string(&old).unwrap()
}

/// FNV-1a, 64 bits: stable across platforms and Rust versions.
struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= u64::from(x);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn text(&mut self, s: &str) {
        self.bytes(s.as_bytes());
        self.bytes(&[0]);
    }
}

struct Picker(u64);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 32) as usize * n) >> 32
    }
}

fn trace(config: &Config, seed: u64) -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let mut game = CrownBattles::new(config, seed).unwrap();
    let mut pick = Picker(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut buf: Vec<Action> = Vec::new();
    let mut steps = 0u64;
    loop {
        let to_act = game.to_act();
        h.bytes(&to_act.0.to_le_bytes());
        // Seats not to act must have nothing; those who act, their full list.
        for s in 0..config.players {
            game.legal_actions(Seat(s), &mut buf);
            assert_eq!(buf.is_empty(), !to_act.contains(Seat(s)));
            for a in &buf {
                h.text(&a.to_string());
            }
            h.bytes(&[0xFE]);
        }
        let Some(seat) = to_act.nth(pick.below(to_act.len())) else { break };
        game.legal_actions(seat, &mut buf);
        let action = buf[pick.below(buf.len())];
        h.text(&action.to_string());
        let before = game.clone();
        let undo = game.apply(seat, action).unwrap();
        if steps.is_multiple_of(7) {
            let after = game.clone();
            game.undo(undo);
            assert_eq!(game, before);
            game = after;
        }
        if steps.is_multiple_of(5) {
            h.text(&legacy_view_json(game.view(Observer::Seat(seat))));
        }
        for s in game.running_scores() {
            h.bytes(&s.to_le_bytes());
        }
        steps += 1;
    }
    h.text(&legacy_view_json(game.view(Observer::Spectator)));
    h.text(&format!("{:?}", game.outcome()));
    h.bytes(&steps.to_le_bytes());
    h.0
}

fn configs() -> Vec<(String, Config)> {
    let mut out = Vec::new();
    for n in 2u8..=8 {
        out.push((format!("{n}p-base"), Config::rulebook(Some(n)).unwrap()));
        let mut all = Config::rulebook(Some(n)).unwrap();
        all.deck = DeckSpec::standard().with_powers(&Power::ALL);
        out.push((format!("{n}p-all"), {
            all.check().unwrap();
            all
        }));
        let mut some = Config::rulebook(Some(n)).unwrap();
        some.deck =
            DeckSpec::standard().with_powers(&[Power::Summoner, Power::Wizard, Power::DoubleFaced, Power::Bomb]);
        out.push((format!("{n}p-some"), {
            some.check().unwrap();
            some
        }));
    }
    out
}

const SEEDS: u64 = 40;
const GOLDEN: &str = include_str!("golden/traces.txt");

#[test]
fn playouts_match_the_recorded_traces() {
    let mut lines = Vec::new();
    for (name, config) in configs() {
        for seed in 0..SEEDS {
            lines.push(format!("{name} {seed} {:016x}", trace(&config, seed)));
        }
    }
    let text = lines.join("\n") + "\n";
    if std::env::var_os("CB_GOLDEN_WRITE").is_some() {
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/traces.txt"), &text).unwrap();
        return;
    }
    for (got, want) in text.lines().zip(GOLDEN.lines()) {
        assert_eq!(got, want, "a playout differs from the recorded trace");
    }
    assert_eq!(text.lines().count(), GOLDEN.lines().count());
}
