//! Rulebook "Customization Tiles" (p. 17): a tile set with other profiles plays by them.

use theduke_rules::{Action, Icon, IconKind, STANDARD_TILES, TileDef, TileSet};

use crate::oracle::{CASES, candidates, grid, legal, listed, property};

/// The standard tiles, but the Footman's sides use every icon kind: a Jump, two Strikes
/// and a backward Slide on its starting side; a Jump Slide, three Commands and a Move on
/// the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Rebels;

const REBEL_TILES: [TileDef; 15] = {
    let mut tiles = STANDARD_TILES;
    tiles[1] = TileDef {
        name: "Rebel",
        abbrev: "Rb",
        count: 3,
        start: &[
            Icon::new(IconKind::Jump, 0, 2),
            Icon::new(IconKind::Strike, -1, 1),
            Icon::new(IconKind::Strike, 1, 1),
            Icon::new(IconKind::Slide, 0, -1),
        ],
        back: &[
            Icon::new(IconKind::JumpSlide, 0, 2),
            Icon::new(IconKind::Command, -1, 0),
            Icon::new(IconKind::Command, 1, 0),
            Icon::new(IconKind::Command, 0, -1),
            Icon::new(IconKind::Move, 1, 1),
        ],
    };
    tiles
};

impl TileSet for Rebels {
    const TILES: &'static [TileDef] = &REBEL_TILES;
}

#[test]
fn a_custom_tile_set_plays_by_its_own_profiles() {
    property::<Rebels>("a_custom_tile_set_plays_by_its_own_profiles", CASES, None, 800, |step| {
        let want = legal(step.before);
        let got = listed(step);
        if got != want {
            let extra: Vec<_> = got.difference(&want).collect();
            let missing: Vec<_> = want.difference(&got).collect();
            return Err(format!("listed but not allowed: {extra:?}; allowed but not listed: {missing:?}"));
        }
        // Reached: a Rebel acted with an icon only its custom profile has.
        let g = grid(step.before);
        let acting = match step.action {
            Action::Move { from, .. } | Action::Strike { from, .. } => Some(from),
            Action::Command { by, .. } => Some(by),
            _ => None,
        };
        let rebel_acted = acting.is_some_and(|sq| step.before.piece_at(sq).is_some_and(|p| p.kind.0 == 1));
        let custom = acting.is_some_and(|sq| {
            candidates(&REBEL_TILES, &g, sq, true).iter().any(|c| c.allowed && c.action == step.action)
                && !candidates(&STANDARD_TILES, &g, sq, true).iter().any(|c| c.allowed && c.action == step.action)
        });
        if rebel_acted && custom {
            step.reached();
        }
        Ok(())
    });
}

/// A run-time tile set (rulebook "Customization Tiles", the JSON format): random custom
/// sets with Dread and Defense icons play by their profiles, as the Expanded reference
/// reads them, at every step.
#[test]
fn a_run_time_tile_set_plays_by_its_own_profiles() {
    use theduke_rules::ExpandedDuke;
    use theduke_rules::testing::expanded_duke_configs;

    crate::oracle::game_property::<ExpandedDuke>(
        "a_run_time_tile_set_plays_by_its_own_profiles",
        expanded_duke_configs(),
        // Games with Dynastic Dispute spend steps on the draft: 50 games reach the threshold
        // (under other seeds too, `DUKE_TEST_SEED`).
        50,
        None,
        2000,
        |step| {
            let want = crate::common::expanded::legal(step.before);
            let got: std::collections::BTreeSet<String> =
                step.legal_before(step.seat).iter().map(ToString::to_string).collect();
            if got != want {
                let extra: Vec<_> = got.difference(&want).collect();
                let missing: Vec<_> = want.difference(&got).collect();
                return Err(format!("listed but not allowed: {extra:?}; allowed but not listed: {missing:?}"));
            }
            let custom = step.before.config().tiles.is_some();
            if custom && step.before.phase() == theduke_rules::Phase::Play {
                step.reached();
            }
            Ok(())
        },
    );
}

/// The run-time format: a game's custom tile set goes with it, in its config and in a saved
/// game, and reads back exactly (`TileSetSpec::load` checks it again).
#[test]
fn a_saved_game_keeps_its_run_time_tile_set() {
    use theduke_rules::testing::expanded_duke_configs;
    use theduke_rules::{ExpandedDuke, TileSetSpec};

    crate::oracle::game_property::<ExpandedDuke>(
        "a_saved_game_keeps_its_run_time_tile_set",
        expanded_duke_configs(),
        20,
        None,
        1000,
        |step| {
            let Some(tiles) = step.after.config().tiles else { return Ok(()) };
            let text = serde_json::to_string(tiles.spec()).map_err(|e| e.to_string())?;
            let loaded = TileSetSpec::load(&mut serde_json::Deserializer::from_str(&text));
            if loaded.as_ref() != Ok(tiles.spec()) {
                return Err(format!("the tile set reads back as {loaded:?}"));
            }
            let saved = serde_json::to_string(step.after).map_err(|e| e.to_string())?;
            let back: ExpandedDuke = serde_json::from_str(&saved).map_err(|e| e.to_string())?;
            let custom_first =
                back.tile_source().tiles().get(..tiles.spec().tiles.len()) == Some(&tiles.spec().tiles[..]);
            if &back != step.after || back.tile_source().tiles() != step.after.tile_source().tiles() || !custom_first {
                return Err("the saved game reads back differently".into());
            }
            step.reached();
            Ok(())
        },
    );
}
