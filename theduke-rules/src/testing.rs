//! Proptest strategies for fuzzing The Duke's rules with your own invariants (feature
//! `testing`).
//!
//! - [`configs`]: every option of the standard game ([`TheDuke`] refuses those of Expanded
//!   play): who sets up first (drawn, seat 0, seat 1) and the turn limit (none, as in the
//!   rulebook; a tiny one of 1 to 4 turns; 5 to 300).
//! - [`reachable`]: states reached by legal play from a new game with such a config, with
//!   the record that reaches them (shrinks to a short game).
//! - [`expanded_configs`], [`expanded_reachable`]: the same for Expanded play, every option,
//!   reading and objective: custom tile sets ([`custom_tile_set`]) carrying every icon kind,
//!   terrain, the Dragon, Dynastic Dispute, Counting Coup, Trophy Hunters and Dark Rider.
//!   Narrower strategies, named for what they draw: [`expanded_duke_configs`] (the objectives
//!   with Dukes), [`terrain_configs`] (the Mountain and the Fort always on),
//!   [`dragon_configs`] (the Dragon always on), [`dynastic_configs`], [`flag_configs`] and
//!   [`dark_rider_configs`];
//!   [`before_the_dragons_turn`] for properties of what the Dragon does between the turns.
//! - Biases for [`check_steps`](duke_core::testing::invariants::check_steps): uniform random
//!   play rarely strikes, commands, empties a bag or corners a Duke; each `bias_*` function
//!   weights the legal actions towards one of those situations.
//!
//! ```
//! use duke_core::testing::invariants::check_steps;
//! use duke_core::testing::Settings;
//! use theduke_rules::testing::{bias_guard, configs};
//! use theduke_rules::{Action, TheDuke};
//!
//! // A house rule: a strike never moves the striking tile.
//! let settings = Settings { cases: 8, ..Settings::default() };
//! let coverage = check_steps::<TheDuke>(configs(), &settings, Some(bias_guard), |step| {
//!     if let Action::Strike { from, .. } = step.action {
//!         step.reached();
//!         if step.after.piece_at(from).map(|p| p.kind) != step.before.piece_at(from).map(|p| p.kind) {
//!             return Err(format!("the striker left {from}"));
//!         }
//!     }
//!     Ok(())
//! })
//! .unwrap();
//! println!("{} strikes checked in {} steps", coverage.reached, coverage.steps);
//! ```

/// A reached state with its record (from duke-core), as [`reachable`] yields it.
pub use duke_core::testing::strategies::Reached;
use duke_core::{GameRng, Seat};
use proptest::prelude::*;

use crate::actions::Action;
use crate::board::Square;
use crate::config::{
    Config, CoupFlag, CoupFlagMove, CoupPoints, DivinationDraws, DivinationShown, DragonDanger, DragonDuke, DragonEdge,
    DreadImmunity, DreadThaw, EdgeFreeze, FlagDukeDanger, FortJumpSlide, Objective, RansomTrade, Readings, RiderDanger,
    TerrainOptions, TrophyFlags,
};
use crate::config::{DragonPush, NewTileDanger};
// `ExpandedDuke` by its public path: these strategies are the crate's public testing API,
// not part of the base game (tests/layering.rs).
use crate::ExpandedDuke;
use crate::format::{CustomTiles, TileSetSpec};
use crate::state::{Phase, TheDuke};
use crate::tiles::{Ability, Icon, IconKind};

/// Every config of the standard game (the options [`TheDuke`] takes; Expanded play's are
/// [`expanded_configs`]): who sets up first is drawn, seat 0 or seat 1; the turn limit is absent
/// (the rulebook game, two in five), 1 to 4 turns (one in five: games cut short, the
/// limit's edge), or 5 to 300 turns.
pub fn configs() -> impl Strategy<Value = Config> {
    let first = prop_oneof![Just(None), Just(Some(Seat(0))), Just(Some(Seat(1)))];
    let limit = prop_oneof![
        2 => Just(None),
        1 => (1u32..=4).prop_map(Some),
        2 => (5u32..=300).prop_map(Some),
    ];
    (first, limit).prop_map(|(first_player, turn_limit)| Config { first_player, turn_limit, ..Config::default() })
}

/// States reached by up to `max_steps` legal actions from a new game with a config from
/// [`configs`] and any seed.
///
/// ```
/// use proptest::prelude::*;
/// use theduke_rules::testing::reachable;
///
/// proptest!(duke_core::testing::proptest_config(16), |(reached in reachable(40))| {
///     // Every tile is in one place: nothing is lost or made up.
///     prop_assert!(reached.state.check().is_ok());
/// });
/// ```
pub fn reachable(max_steps: usize) -> impl Strategy<Value = Reached<TheDuke>> {
    duke_core::testing::strategies::reachable::<TheDuke>(configs(), max_steps)
}

/// The square an action's tile ends on or strikes (where a capture would happen).
fn target(action: &Action) -> Option<crate::board::Square> {
    match *action {
        Action::Move { to, .. } | Action::Command { to, .. } => Some(to),
        Action::Strike { target, .. } => Some(target),
        _ => None,
    }
}

/// Whether `action` of `seat` captures an enemy tile.
fn captures(state: &TheDuke, seat: Seat, action: &Action) -> bool {
    target(action).and_then(|sq| state.piece_at(sq)).is_some_and(|p| p.owner != seat)
}

/// Strikes and Commands forty times as likely as moves, draws four times (uniform play
/// uses them rarely: only tiles drawn from the bag have those icons, and a strike needs an
/// enemy on its square).
pub fn bias_strikes_and_commands(_state: &TheDuke, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Strike { .. } | Action::Command { .. } => 40,
        Action::Draw => 4,
        _ => 1,
    }
}

/// Draws twenty times as likely as other actions: bags run empty and the squares beside
/// the Duke fill up (the rules for an empty bag and a surrounded Duke).
pub fn bias_draws(_state: &TheDuke, _seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Draw => 20,
        _ => 1,
    }
}

/// Expanded play: the enhanced abilities (a Summon, a Divination and its later steps, an
/// Escape, a Ransom) thirty times as likely as other actions, draws and captures five times
/// (uniform play meets them rarely: the tiles that carry them come out of the bag, and
/// Ransom needs captured tiles).
pub fn bias_abilities(state: &ExpandedDuke, seat: Seat, action: &Action) -> u32 {
    match action {
        Action::Summon { .. }
        | Action::Divine(_)
        | Action::Keep { .. }
        | Action::Return(_)
        | Action::Destroy(_)
        | Action::Escape { .. }
        | Action::Ransom { .. }
        | Action::Enrage { .. } => 30,
        Action::Draw => 5,
        Action::Move { to, .. } | Action::Command { to, .. } | Action::Strike { target: to, .. }
            if state.piece_at(*to).is_some_and(|p| p.owner != seat) =>
        {
            5
        }
        _ => 1,
    }
}

/// Counting Coup and Trophy Hunters: Flag actions twenty times as likely as other actions,
/// moves ending on or beside a Flag ten times, captures five times (uniform play rarely
/// carries a Flag far, scores or strips a seat of every tile).
pub fn bias_flags(state: &ExpandedDuke, seat: Seat, action: &Action) -> u32 {
    let flags = state.flags().into_iter().flatten().fold(0u64, |acc, sq| acc | sq.bit());
    let near = flags | Square::iter(flags).fold(0, |acc, sq| acc | crate::board::orthogonal_neighbours(sq));
    match action {
        Action::Flag { .. } => 20,
        Action::Move { to, .. } | Action::Command { to, .. } | Action::Place(to) if near & to.bit() != 0 => 10,
        Action::Move { to, .. } | Action::Command { to, .. } | Action::Strike { target: to, .. }
            if state.piece_at(*to).is_some_and(|p| p.owner != seat) =>
        {
            5
        }
        _ => 1,
    }
}

/// Captures ten times as likely as other actions.
pub fn bias_captures(state: &TheDuke, seat: Seat, action: &Action) -> u32 {
    if captures(state, seat, action) { 10 } else { 1 }
}

/// Actions that put the opposing Duke in Guard fifty times as likely, captures ten times:
/// games reach Guard, and a guarded player without escape (who loses), far more often.
pub fn bias_guard(state: &TheDuke, seat: Seat, action: &Action) -> u32 {
    if matches!(action, Action::Draw) || !matches!(state.phase(), Phase::Play | Phase::Place { .. }) {
        return 1;
    }
    let mut next = *state;
    if next.play(seat, *action).is_err() {
        return 1;
    }
    if next.in_guard(Seat(1 - (seat.0 & 1))) {
        50
    } else if captures(state, seat, action) {
        10
    } else {
        1
    }
}

/// A custom tile set for fuzzing Expanded play, drawn from `seed` (the same set for the
/// same seed): the base box with two tile types given one to three Dread icons, four given
/// one to four Defense icons (the Duke among the candidates) and one given one to three
/// more Command icons, each on a random side, within two squares; and the enhanced
/// abilities on random tile types: Summon and Divination on one each (not the Duke), Escape
/// and Ransom on up to two each (Escape possibly on the Duke). Every icon kind and every
/// ability of the rulebook is then in the set.
pub fn custom_tile_set(seed: u64) -> TileSetSpec {
    let mut rng = GameRng::new(seed);
    let mut spec = TileSetSpec::standard();
    spec.name = format!("fuzzing set {seed}");
    let kinds = spec.tiles.len() as u32;
    for (icon, count, first_kind) in [(IconKind::Dread, 2, 1), (IconKind::Defense, 4, 0), (IconKind::Command, 1, 1)] {
        for _ in 0..count {
            let k = (first_kind + rng.below(kinds - first_kind)) as usize;
            let Some(tile) = spec.tiles.get_mut(k) else { continue };
            let side = if rng.below(2) == 0 { &mut tile.start } else { &mut tile.back };
            for _ in 0..1 + rng.below(if icon == IconKind::Dread { 3 } else { 4 }) {
                let (dx, dy) = (rng.below(5) as i8 - 2, rng.below(5) as i8 - 2);
                let new = Icon::new(icon, dx, dy);
                if (dx, dy) != (0, 0) && !side.contains(&new) {
                    side.push(new);
                }
            }
        }
    }
    for ability in
        [Ability::Summon, Ability::Divination, Ability::Escape, Ability::Escape, Ability::Ransom, Ability::Ransom]
    {
        // Escape may fall on the Duke (a tile acting as the Duke, like the rulebook's
        // Richelieu); the others on any other tile.
        let first = if ability == Ability::Escape { 0 } else { 1 };
        let k = first + rng.below(kinds - first as u32) as usize;
        if let Some(tile) = spec.tiles.get_mut(k)
            && !tile.abilities.contains(&ability)
        {
            tile.abilities.push(ability);
        }
    }
    spec
}

/// Every config of Expanded play: those of [`configs`], with a custom tile set from
/// [`custom_tile_set`] or the base box, the enhanced tiles or not, every reading of
/// [`Readings`] (each field drawn among all its values), the terrain tiles (the Mountain,
/// the Fort and the Dragon, each in some games), and every objective: the standard one and
/// Dynastic Dispute ([`expanded_duke_configs`], four games in seven), Counting Coup and
/// Trophy Hunters ([`flag_configs`], one in seven each) and Dark Rider
/// ([`dark_rider_configs`], one in seven); in one game of four with Dukes, a tile acting as
/// P1's Duke ([`TileSetSpec::p1_duke`]). This is the strategy for a house invariant
/// that must hold whatever the players agreed on; a property that needs a subset (Dukes
/// on the board, one reading) uses the narrower strategy named for it.
pub fn expanded_configs() -> impl Strategy<Value = Config> {
    let configs = prop_oneof![
        4 => expanded_duke_configs(),
        1 => flag_configs(Objective::CountingCoup),
        1 => flag_configs(Objective::TrophyHunters),
        1 => dark_rider_configs(),
    ];
    (configs, prop_oneof![3 => Just(false), 1 => Just(true)])
        .prop_map(|(config, p1_duke)| with_p1_duke(config, p1_duke))
}

/// With `on` (and an objective with Dukes), the tile set gains a tile acting as P1's Duke
/// ([`TileSetSpec::p1_duke`]): a copy of the first tile named "Second Duke", with Escape.
fn with_p1_duke(config: Config, on: bool) -> Config {
    if !on || matches!(config.objective, Objective::DarkRider(_)) {
        return config;
    }
    let mut spec = config.tiles.as_ref().map_or_else(TileSetSpec::standard, |t| t.spec().clone());
    let Some(first) = spec.tiles.first() else { return config };
    let mut second = first.clone();
    second.name = "Second Duke".to_owned();
    second.abbrev = "Sd".to_owned();
    if !second.abilities.contains(&Ability::Escape) {
        second.abilities.push(Ability::Escape);
    }
    spec.tiles.push(second);
    spec.p1_duke = Some(spec.tiles.len() - 1);
    Config { tiles: Some(CustomTiles::new(spec)), ..config }
}

/// Expanded play with a Duke on each side and capturing it the objective: the configs of
/// [`configs`], with a custom tile set from [`custom_tile_set`] (four in five) or the base
/// box, the enhanced tiles or not, every reading but `dragon_danger` (kept `Ignored`, the
/// reading the Expanded reference generator plays; [`dragon_configs`] draws both) and those
/// of the other objectives (left at their defaults), the terrain tiles (the Mountain, the
/// Fort, each in one game of two; the Dragon in one game of four), and the objective: the
/// standard one, or Dynastic Dispute in one game of four.
pub fn expanded_duke_configs() -> impl Strategy<Value = Config> {
    let immunity = prop_oneof![Just(DreadImmunity::ShowingSide), Just(DreadImmunity::EitherSide)];
    let draws = prop_oneof![Just(DivinationDraws::UpToThree), Just(DivinationDraws::ExactlyThree)];
    let ransom = prop_oneof![Just(RansomTrade::EscapeTiles), Just(RansomTrade::AnyTile)];
    let shown = prop_oneof![Just(DivinationShown::Diviner), Just(DivinationShown::Everyone)];
    let thaw = prop_oneof![Just(DreadThaw::WhenUncovered), Just(DreadThaw::ControllerTurn)];
    let fort_jump_slide = prop_oneof![Just(FortJumpSlide::Enters), Just(FortJumpSlide::PassesOnly)];
    let dragon_duke = prop_oneof![Just(DragonDuke::OwnerLoses), Just(DragonDuke::Draw)];
    let dragon_edge = prop_oneof![Just(DragonEdge::AnyEdge), Just(DragonEdge::FacedEdge)];
    let readings = (immunity, draws, ransom, shown, thaw, fort_jump_slide, dragon_duke, dragon_edge).prop_map(
        |(
            dread_immunity,
            divination_draws,
            ransom_trade,
            divination_shown,
            dread_thaw,
            fort_jump_slide,
            dragon_duke,
            dragon_edge,
        )| {
            Readings {
                dread_immunity,
                divination_draws,
                ransom_trade,
                divination_shown,
                dread_thaw,
                fort_jump_slide,
                dragon_duke,
                dragon_edge,
                // The Expanded reference generator plays the default reading of the Dragon and
                // the Duke-danger rule; `dragon_configs` draws the other one too.
                dragon_danger: DragonDanger::Ignored,
                dark_rider_danger: RiderDanger::Ignored,
                dark_rider_freeze: EdgeFreeze::Players,
                ..Readings::default()
            }
        },
    );
    let tiles = prop_oneof![1 => Just(None), 4 => any::<u64>().prop_map(Some)];
    let dragon = prop_oneof![3 => Just(false), 1 => Just(true)];
    let terrain = (any::<bool>(), any::<bool>(), dragon).prop_map(|(mountain, fort, dragon)| TerrainOptions {
        mountain,
        fort,
        dragon,
    });
    let objective = prop_oneof![3 => Just(Objective::Standard), 1 => Just(Objective::DynasticDispute)];
    (configs(), tiles, any::<bool>(), readings, terrain, objective).prop_map(
        |(config, tiles, enhanced_tiles, readings, terrain, objective)| Config {
            tiles: tiles.map(|seed| CustomTiles::new(custom_tile_set(seed))),
            enhanced_tiles,
            readings,
            terrain,
            objective,
            ..config
        },
    )
}

/// Dynastic Dispute: the configs of [`expanded_duke_configs`] with that objective.
pub fn dynastic_configs() -> impl Strategy<Value = Config> {
    expanded_duke_configs().prop_map(|config| Config { objective: Objective::DynasticDispute, ..config })
}

/// Dark Rider: the configs of [`expanded_duke_configs`] with that objective, the base box
/// (the armies are found by name), the Knight or the Ranger, four or three Pikemen, either
/// reading of the rider and the Duke-danger rule and of the Dragon and the frozen Pikemen,
/// and the terrain of `expanded_duke_configs` (the Dragon in one game of four).
pub fn dark_rider_configs() -> impl Strategy<Value = Config> {
    let rider = prop_oneof![3 => Just(crate::Rider::Knight), 1 => Just(crate::Rider::Ranger)];
    let pikemen = prop_oneof![3 => Just(4u8), 1 => Just(3u8)];
    let danger = prop_oneof![3 => Just(RiderDanger::Ignored), 1 => Just(RiderDanger::Avoided)];
    let freeze = prop_oneof![Just(EdgeFreeze::Players), Just(EdgeFreeze::Everything)];
    (expanded_duke_configs(), rider, pikemen, danger, freeze).prop_map(
        |(config, rider, pikemen, dark_rider_danger, dark_rider_freeze)| Config {
            tiles: None,
            objective: Objective::DarkRider(crate::DarkRider { rider, pikemen }),
            readings: Readings { dark_rider_danger, dark_rider_freeze, ..config.readings },
            ..config
        },
    )
}

/// Expanded play with terrain: the configs of [`expanded_duke_configs`] with the Mountain
/// and the Fort both on the board and no Dragon (the properties of the terrain rules play
/// these; [`dragon_configs`] has the Dragon).
pub fn terrain_configs() -> impl Strategy<Value = Config> {
    expanded_duke_configs()
        .prop_map(|config| Config { terrain: TerrainOptions { mountain: true, fort: true, dragon: false }, ..config })
}

/// Expanded play with the Dragon: the configs of [`expanded_duke_configs`] with the Dragon
/// always on the board (and the Mountain and the Fort each in one game of two, as there), and
/// either reading of the Duke-danger rule with the Dragon (`expanded_duke_configs` keeps the
/// default).
pub fn dragon_configs() -> impl Strategy<Value = Config> {
    let dragon_danger = prop_oneof![Just(DragonDanger::Ignored), Just(DragonDanger::Avoided)];
    (expanded_duke_configs(), dragon_danger).prop_map(|(config, dragon_danger)| Config {
        terrain: TerrainOptions { dragon: true, ..config.terrain },
        readings: Readings { dragon_danger, ..config.readings },
        ..config
    })
}

/// Counting Coup or Trophy Hunters (`objective`): the configs of [`expanded_duke_configs`]
/// with that objective, the Mountain, the Fort and the Dragon each in one game of two, and
/// either reading of the Duke-danger rule in these objectives, of who places the Flags, of
/// which moves score, of whether the opponent's Flag bars paths in Counting Coup, of when the
/// Flag moves after a point, and of the Duke-danger rule with the Dragon.
pub fn flag_configs(objective: Objective) -> impl Strategy<Value = Config> {
    let danger = prop_oneof![3 => Just(FlagDukeDanger::Lifted), 1 => Just(FlagDukeDanger::Kept)];
    let placer = prop_oneof![Just(TrophyFlags::HunterPlaces), Just(TrophyFlags::OwnerPlaces)];
    let points = prop_oneof![Just(CoupPoints::TilesFromAway), Just(CoupPoints::AnyMove)];
    let paths = prop_oneof![Just(CoupFlag::EndOnly), Just(CoupFlag::Paths)];
    let flag_move = prop_oneof![Just(CoupFlagMove::Immediately), Just(CoupFlagMove::AfterTheDragon)];
    let dragon_danger = prop_oneof![3 => Just(DragonDanger::Ignored), 1 => Just(DragonDanger::Avoided)];
    (expanded_duke_configs(), any::<bool>(), danger, placer, (points, paths, flag_move, dragon_danger)).prop_map(
        move |(
            config,
            dragon,
            flag_duke_danger,
            trophy_flags,
            (coup_points, coup_flag, coup_flag_move, dragon_danger),
        )| {
            Config {
                objective,
                terrain: TerrainOptions { dragon, ..config.terrain },
                readings: Readings {
                    flag_duke_danger,
                    trophy_flags,
                    coup_points,
                    coup_flag,
                    coup_flag_move,
                    dragon_danger,
                    ..config.readings
                },
                ..config
            }
        },
    )
}

/// States of Expanded play reached by up to `max_steps` legal actions from a new game with
/// a config from [`expanded_configs`].
pub fn expanded_reachable(max_steps: usize) -> impl Strategy<Value = Reached<ExpandedDuke>> {
    duke_core::testing::strategies::reachable::<ExpandedDuke>(expanded_configs(), max_steps)
}

/// The position between `seat`'s `action` and the Dragon's in-between turn (rulebook "Dragon
/// Tile": the Dragon acts "after one player has fully finished his turn and before the other
/// player starts"): `action` played on a copy of `state` whose Dragon does not act, so that a
/// property can hold the Dragon's turn, which `apply` plays inside the same action, to its
/// own oracle. `None` when `action` is not legal there. The copy is for looking at only: it
/// is not meant to be played on.
pub fn before_the_dragons_turn(state: &ExpandedDuke, seat: Seat, action: Action) -> Option<ExpandedDuke> {
    use duke_core::Game;
    let mut mid = state.clone();
    mid.lull_dragon();
    mid.apply(seat, action).ok()?;
    Some(mid)
}

/// A custom tile set whose icons overlap, drawn from `seed` (the same set for the same seed):
/// the base box with, on one side of each of four tile types (the Duke among the candidates),
/// several icons reaching the same squares in one direction: a Move, a Jump and a Slide one
/// square out, a Jump Slide, a Jump and a Move two squares out. Whatever the icons, an action
/// is listed once ("without duplicates"; issue #25 found an enraging of the Dragon listed once
/// per icon reaching it).
pub fn overlapping_tile_set(seed: u64) -> TileSetSpec {
    const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    let mut rng = GameRng::new(seed);
    let mut spec = TileSetSpec::standard();
    spec.name = format!("overlapping set {seed}");
    let kinds = spec.tiles.len() as u32;
    for _ in 0..4 {
        let k = rng.below(kinds) as usize;
        let (dx, dy) = DIRECTIONS.get(rng.below(8) as usize).copied().unwrap_or((0, 1));
        let front = rng.below(2) == 0;
        let Some(tile) = spec.tiles.get_mut(k) else { continue };
        let side = if front { &mut tile.start } else { &mut tile.back };
        let (fx, fy) = (2 * dx, 2 * dy);
        for icon in [
            Icon::new(IconKind::Move, dx, dy),
            Icon::new(IconKind::Jump, dx, dy),
            Icon::new(IconKind::Slide, dx, dy),
            Icon::new(IconKind::JumpSlide, fx, fy),
            Icon::new(IconKind::Jump, fx, fy),
            Icon::new(IconKind::Move, fx, fy),
        ] {
            if !side.contains(&icon) {
                side.push(icon);
            }
        }
    }
    spec
}

/// Expanded play with overlapping icons: the configs of [`configs`] with a set from
/// [`overlapping_tile_set`], the enhanced tiles or not, the Dragon always (its enragings are
/// where two icons reaching one square once gave one action twice), the Mountain and the Fort
/// each in one game of two.
pub fn overlapping_configs() -> impl Strategy<Value = Config> {
    (configs(), any::<u64>(), any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(config, seed, enhanced_tiles, mountain, fort)| Config {
            tiles: Some(CustomTiles::new(overlapping_tile_set(seed))),
            enhanced_tiles,
            terrain: TerrainOptions { mountain, fort, dragon: true },
            ..config
        },
    )
}

/// A custom tile set rich in Dread icons, drawn from `seed`: the set of [`custom_tile_set`]
/// with four more tile types (not the Duke) given Dread icons one square ahead on their
/// starting side (the side a new tile shows), so that a drawn or divined tile often freezes
/// the tile threatening the Duke (RULES.md reading 70).
pub fn dread_tile_set(seed: u64) -> TileSetSpec {
    let mut rng = GameRng::new(seed ^ 0xd7ead);
    let mut spec = custom_tile_set(seed);
    spec.name = format!("dread set {seed}");
    let kinds = spec.tiles.len() as u32;
    for _ in 0..4 {
        let k = 1 + rng.below(kinds - 1) as usize;
        let Some(tile) = spec.tiles.get_mut(k) else { continue };
        for (dx, dy) in [(-1, 1), (0, 1), (1, 1)] {
            let icon = Icon::new(IconKind::Dread, dx, dy);
            if !tile.start.contains(&icon) {
                tile.start.push(icon);
            }
        }
    }
    spec
}

/// The readings of the Duke-danger rule of issue #25: sets from [`dread_tile_set`], the
/// enhanced tiles or not (Divination), the Dragon in one game of two, either reading of a new
/// tile's icons (`new_tile_danger`) and of the Dragon pushed onto a Duke (`dragon_push`); the
/// standard objective, or Counting Coup or Trophy Hunters (one game of four each) with the
/// Duke-danger rule kept (`flag_duke_danger: Kept`).
pub fn guard_configs() -> impl Strategy<Value = Config> {
    let danger = prop_oneof![Just(NewTileDanger::EveryTile), Just(NewTileDanger::SomeTile)];
    let push = prop_oneof![Just(DragonPush::Ignored), Just(DragonPush::Counted)];
    let objective = prop_oneof![2 => Just(Objective::Standard), 1 => Just(Objective::CountingCoup), 1 => Just(Objective::TrophyHunters)];
    (configs(), any::<u64>(), any::<bool>(), any::<bool>(), danger, push, objective).prop_map(
        |(config, seed, enhanced_tiles, dragon, new_tile_danger, dragon_push, objective)| Config {
            tiles: Some(CustomTiles::new(dread_tile_set(seed))),
            enhanced_tiles,
            terrain: TerrainOptions { dragon, ..TerrainOptions::default() },
            readings: Readings {
                new_tile_danger,
                dragon_push,
                flag_duke_danger: FlagDukeDanger::Kept,
                ..Readings::default()
            },
            objective,
            ..config
        },
    )
}
