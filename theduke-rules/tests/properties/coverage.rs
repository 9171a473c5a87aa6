//! RULES.md's "Rules by section" table against the properties: every rule row names
//! properties that exist here, or says "scenario only:" with the reason and the scenario
//! test; every property is cited by a rule and holds itself to a coverage threshold.

const RULES: &str = include_str!("../../RULES.md");

/// The property sources, by rulebook section.
const PROPERTIES: [(&str, &str); 14] = [
    ("set_up", include_str!("set_up.rs")),
    ("how_to_play", include_str!("how_to_play.rs")),
    ("movement_icons", include_str!("movement_icons.rs")),
    ("capturing_tiles", include_str!("capturing_tiles.rs")),
    ("place_a_new_troop_tile", include_str!("place_a_new_troop_tile.rs")),
    ("winning_the_game", include_str!("winning_the_game.rs")),
    ("customization", include_str!("customization.rs")),
    ("dread_and_defense", include_str!("dread_and_defense.rs")),
    ("enhanced_abilities", include_str!("enhanced_abilities.rs")),
    ("terrain", include_str!("terrain.rs")),
    ("dynastic_dispute", include_str!("dynastic_dispute.rs")),
    ("dragon", include_str!("dragon.rs")),
    ("alternate_objectives", include_str!("alternate_objectives.rs")),
    ("dark_rider", include_str!("dark_rider.rs")),
];

/// Scenario tests a row may name (as `file::test`).
const SCENARIOS: [(&str, &str); 12] = [
    ("rulebook", include_str!("../rulebook.rs")),
    ("icons", include_str!("../icons.rs")),
    ("expanded_icons", include_str!("../expanded_icons.rs")),
    ("dread", include_str!("../../src/expanded/dread.rs")),
    ("enhanced", include_str!("../enhanced.rs")),
    ("tile_sets", include_str!("../tile_sets.rs")),
    ("terrain", include_str!("../terrain.rs")),
    ("dynastic_dispute", include_str!("../dynastic_dispute.rs")),
    ("dragon", include_str!("../dragon.rs")),
    ("counting_coup", include_str!("../counting_coup.rs")),
    ("trophy_hunters", include_str!("../trophy_hunters.rs")),
    ("dark_rider", include_str!("../dark_rider.rs")),
];

#[test]
fn every_rule_names_a_property_or_a_scenario_with_a_reason() {
    let rows = duke_core::testing::rules_table::check_rule_table(
        RULES,
        "## Rules by section",
        &PROPERTIES,
        &SCENARIOS,
        |body| {
            // Every property runs through `property`, which holds it to its coverage threshold.
            body.contains("property::<") || body.contains("icon_rule(")
        },
    )
    .unwrap_or_else(|why| panic!("{why}"));
    assert!(rows.len() >= 25, "only {} rule rows", rows.len());
    eprintln!("| rule | property |");
    for row in &rows {
        let cited = if row.properties.is_empty() { row.scenarios.join(", ") } else { row.properties.join(", ") };
        eprintln!("| {:.70} | {cited} |", row.rule);
    }
}
