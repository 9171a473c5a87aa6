//! Exactness guard for performance work: random playouts over many seeds, every player
//! count, with and without Special Power cards, hashed step by step (who acts, every
//! legal-action list in order, the action taken, the actor's view, the running scores,
//! the final state) and compared with checksums recorded before the optimisations.
//!
//! Regenerate (only for a deliberate rules change): `CB_GOLDEN_WRITE=1 cargo test -p
//! crownbattles-rules --test golden`.

use crownbattles_rules::{Action, Config, CrownBattles, DeckSpec, Power};
use duke_core::{Game, Observer, Seat};

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
        let before = game;
        let undo = game.apply(seat, action).unwrap();
        if steps.is_multiple_of(7) {
            let after = game;
            game.undo(undo);
            assert_eq!(game, before);
            game = after;
        }
        if steps.is_multiple_of(5) {
            h.text(&serde_json::to_string(&game.view(Observer::Seat(seat))).unwrap());
        }
        for s in game.running_scores() {
            h.bytes(&s.to_le_bytes());
        }
        steps += 1;
    }
    h.text(&serde_json::to_string(&game.view(Observer::Spectator)).unwrap());
    h.text(&format!("{:?}", game.outcome()));
    h.bytes(&steps.to_le_bytes());
    h.0
}

fn configs() -> Vec<(String, Config)> {
    let mut out = Vec::new();
    for n in 2u8..=8 {
        out.push((format!("{n}p-base"), Config::base(n).unwrap()));
        let mut all = Config::base(n).unwrap();
        all.deck = DeckSpec::standard().with_powers(&Power::ALL);
        out.push((format!("{n}p-all"), all.validated().unwrap()));
        let mut some = Config::base(n).unwrap();
        some.deck =
            DeckSpec::standard().with_powers(&[Power::Summoner, Power::Wizard, Power::DoubleFaced, Power::Bomb]);
        out.push((format!("{n}p-some"), some.validated().unwrap()));
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
