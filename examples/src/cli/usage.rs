//! The help text of the game options, shared by `simulate` and `play` (the part after the
//! list of flags, where clap's generated list hides them: one paragraph per game reads
//! better than sixty lines of flags).
//!
//! Every list of values in it is generated from the table the parser reads (the round types
//! from `crownbattles_rules::RoundType::ALL`, the named choices from [`Named::NAMES`], the
//! objectives from [`DukeObjective::ALL`], …), so that the help cannot fall behind the code.

use crate::catalog::GameId;
use crate::options::{
    AceName, DukeObjective, END_OF_TRICK_CARDS, LeakChoiceName, Named, PrecisionTeamDoubleName, SCORING_FORMS,
    ShieldsName, WITCH_STEPS,
};

/// The names of a choice flag's values, `a|b|c`.
fn names<T: Named>() -> String {
    T::NAMES.iter().map(|&(name, _)| name).collect::<Vec<_>>().join("|")
}

/// `words` joined by `sep` and wrapped at 92 columns, each line after the first indented by
/// two spaces (the help's lists are generated, so their lines are too).
fn wrap(words: &[&str], sep: &str) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    for (i, word) in words.iter().enumerate() {
        let piece = if i + 1 < words.len() { format!("{word}{sep}") } else { (*word).to_owned() };
        let fits = lines.last().is_some_and(|l| l.len() + piece.len() <= 92);
        if !fits {
            lines.push("  ".to_owned());
        }
        if let Some(line) = lines.last_mut() {
            line.push_str(&piece);
        }
    }
    lines.iter().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n")
}

/// The games `--game` names: every game this build plays.
pub(super) fn game_names() -> String {
    GameId::NAMES.iter().map(|&(_, name)| name).collect::<Vec<_>>().join(", ")
}

/// The help of `--game`.
pub(super) fn game_help(allow_all: bool) -> String {
    match allow_all {
        true => format!("The game: {}, or all (all but highcard, in turn) [default: all]", game_names()),
        false => format!("The game (required): {}", game_names()),
    }
}

/// Crown Battles' round types with the players they need, from the engine's own tables.
#[cfg(feature = "crownbattles")]
fn round_types() -> String {
    use crownbattles_rules::RoundType;
    let names: Vec<&str> = RoundType::ALL.iter().map(|t| t.short()).collect();
    // "Exclude certain Round Type cards based on the number of players": the fewest players
    // each type is dealt with.
    let mut needs: Vec<(u8, Vec<&str>)> = Vec::new();
    for t in RoundType::ALL {
        let least = (2..=u8::MAX).find(|&p| !t.excluded_for(p)).unwrap_or(2);
        if least > 2 {
            match needs.iter_mut().find(|(p, _)| *p == least) {
                Some((_, list)) => list.push(t.short()),
                None => needs.push((least, vec![t.short()])),
            }
        }
    }
    let needs: Vec<String> = needs
        .iter()
        .map(|(p, list)| format!("{} {} {p}+ players", list.join(", "), if list.len() > 1 { "need" } else { "needs" }))
        .collect();
    let alliances: Vec<&str> = RoundType::ALL.iter().filter(|t| t.is_alliance()).map(|t| t.short()).collect();
    let notes = format!("({}; an alliance round, {}, may not be the last)", needs.join("; "), alliances.join(", "));
    let notes: Vec<&str> = notes.split(' ').collect();
    format!("  {}\n  {}", wrap(&names, ", "), wrap(&notes, " "))
}

/// Without Crown Battles built in, its options are refused anyway.
#[cfg(not(feature = "crownbattles"))]
fn round_types() -> String {
    "not built: the crownbattles feature is off".to_owned()
}

/// The help lines of the game options.
pub(super) fn options_usage() -> String {
    let objectives: Vec<&str> = DukeObjective::ALL.iter().map(|o| o.name()).collect();
    let steps: Vec<String> = WITCH_STEPS.iter().map(u8::to_string).collect();
    format!(
        "\
Game options (each game refuses the others'):
The Duke's Expanded play (with --game theduke): --enhanced puts the Duchess and the Oracle
into each bag; --tiles FILE plays with the tile set in FILE (JSON, the TileSetSpec format
of theduke-rules; the base box's set is theduke-rules/tests/golden/standard_tiles.json);
--mountain and --fort place the Mountain and the Fort at random once set-up is complete;
--dragon places the Dragon in the middle, and it acts between the players' turns;
--objective NAME plays an alternate objective (standard is the standard game's), one of
  {objectives}:
dynastic-dispute plays Dynastic Dispute (the bags drafted before set-up);
counting-coup plays Counting Coup (points beside the opponent's Flag, three win);
trophy-hunters plays Trophy Hunters (bring the opponent's Flag to your home edge);
dark-rider plays Dark Rider (the first player's four Pikemen against the other's
Knight), with --ranger (the Ranger instead of the Knight) and --three-pikemen as easier options.
The Duke's other readings (theduke-rules RULES.md, by reading number), each a switch:
--dread-immune-either-side (23: a Dread icon on either side makes a tile immune),
--dread-thaw-on-turn (24: a frozen tile thaws at its controller's turn),
--divination-exactly-three (28), --divination-shown (30: everyone sees the tiles drawn),
--ransom-any-tile (35), --fort-jump-slide-passes (37: a Jump Slide cannot end in the Fort;
with --fort), --dragon-danger (46: the Duke-danger rule looks at the Dragon),
--dragon-duke-draw (47: the Dragon taking a Duke draws), --dragon-edge-faced (50: the calm
Dragon turns about only at the edge it faces) and --dragon-push-counted (69: an enraging
that would push the Dragon onto the Duke counts for Guard and the Duke-danger rule; all four
with --dragon),
--dark-rider-freeze-all (57: the Dragon spares frozen Pikemen) and --dark-rider-danger (59:
the rider is protected as a Duke; both with --objective dark-rider), --flag-duke-danger (60:
with counting-coup or trophy-hunters), --coup-flag-paths (61) and --coup-any-move (62; with
counting-coup), --coup-flag-after-dragon (63: the Flag moves after the Dragon's turn; with
counting-coup and --dragon), --trophy-flags-own (64: each player places his own Flag; with
trophy-hunters), --new-tile-danger-some-tile (70: a draw or a Divination needs only one tile
it could bring to have a safe square).
Crown Battles' round types (with --game crownbattles): --round-types blind,normal shuffles
these Round Type cards and reveals one per round; --round-sequence blind,normal plays them
in order, repeated to fill the rounds. The round types:
{round_types};
--missions FILE deals the missions of the catalogue in FILE (JSON, a list of
crownbattles-rules Missions; a sample is examples/data/house_missions.json) instead of the
four printed ones;
--missions-in-turn has the missions chosen one by one from the dealer's left, each revealed
at once (reading 38; by default all choose, then all are revealed);
--random-teams has the alliances' teams formed at random instead of by the dealer;
--missions-own-points has a Missions-Alliances team that met both missions score each its
own mission's points instead of their sum;
Suit Precision's readings: --precision-peasant-any lets the first player of an all-Peasant
trick place it under any suit, --precision-thief-own-bid places a stolen trick under a suit
of the Thief's own bids;
--extra-wagers allows Wagering's extra wagers of 10 or 20 (wager 20, before the bid);
--wager-bid-points also scores the bids of a Wagering round as in Normal Bidding;
--random-duels lets the generator pair the players of Duel Fights instead of the dealer
(duel P0 P3); --duel-bonus gives a duel's winner Normal Bidding's bonus;
--duel-misses-to-bank makes every player of a duel without winners lose its misses too;
Long Play's readings: --long-play-screw-by-tricks (\"Screw the dealer\" counts the tricks,
not the cards dealt), --long-play-first-pass-acts (the Magician acts in the first pass of the
last trick);
Suit Precision-Alliances' readings: --precision-team-double {double} (who in a team may
double-bid: one member in any suits, the default; one double bid per suit and team; one per
team for the round), --precision-solo-doubled (the solo player's trick points doubled);
Leaked Suit: --leak-choice {leak} (who chooses the suits revealed, the
rulebook's variations), --leak-only-held (a chosen suit must be held);
Stealth Play: --stealth-actions-at-flip, --stealth-follow-face-down; The Split:
--split-miss-per-trick, --split-last-winner-leads; --mission-choices N (missions offered);
the base game's options: --screw-the-dealer, --dealer-may-choose-no-trump,
--wizard-affects-kings, --shields {shields}, --witch-step {steps}, --end-of-trick
{end_of_trick} (these act at the end of the trick instead of at once).
Archduke (with --game archduke): --any-discard (the online rules: a card drawn and discarded
at once acts too), --caller-penalty-on-tie (the online rules: a player tied with the caller
costs him a penalty card too), --scoring {scoring}
(tokens:4 is the box game, tokens:8 its Advanced mode, battle-royal its variation, the
others the online rules' marks).
Dukes Up! (with --game dukesup): --ace {ace} (where an Ace may stand in a run),
--rounds N, --count-wins (several rounds count the rounds won), --reshuffle-at-once
(the discard pile becomes the draw pile as soon as the draw pile is empty).",
        objectives = wrap(&objectives, ", "),
        round_types = round_types(),
        double = names::<PrecisionTeamDoubleName>(),
        leak = names::<LeakChoiceName>(),
        shields = names::<ShieldsName>(),
        steps = steps.join("|"),
        end_of_trick = END_OF_TRICK_CARDS.join(","),
        scoring = SCORING_FORMS.join("|"),
        ace = names::<AceName>(),
    )
}
