//! RULES.md's "Rules as written" table against the properties: every rule row names
//! properties that exist here, or says "scenario only:" with the reason and the scenario
//! test; every property is cited by a rule and holds itself to a coverage threshold.

const RULES: &str = include_str!("../../RULES.md");

/// The property sources, by rulebook section.
const PROPERTIES: [(&str, &str); 16] = [
    ("set_up", include_str!("set_up.rs")),
    ("how_to_play", include_str!("how_to_play.rs")),
    ("scoring", include_str!("scoring.rs")),
    ("action_cards", include_str!("action_cards.rs")),
    ("theft_and_protection", include_str!("theft_and_protection.rs")),
    ("non_action_cards", include_str!("non_action_cards.rs")),
    ("contract", include_str!("contract.rs")),
    ("round_types", include_str!("round_types.rs")),
    ("missions", include_str!("missions.rs")),
    ("leaked_suit", include_str!("leaked_suit.rs")),
    ("alliances", include_str!("alliances.rs")),
    ("suit_precision", include_str!("suit_precision.rs")),
    ("wagering", include_str!("wagering.rs")),
    ("duel_fights", include_str!("duel_fights.rs")),
    ("long_play", include_str!("long_play.rs")),
    ("suit_precision_alliances", include_str!("suit_precision_alliances.rs")),
];

/// Scenario tests a row may name (as `file::test`).
const SCENARIOS: [(&str, &str); 3] = [
    ("rulebook", include_str!("../rulebook.rs")),
    ("powers", include_str!("../powers.rs")),
    ("review", include_str!("../review.rs")),
];

#[test]
fn every_rule_names_a_property_or_a_scenario_with_a_reason() {
    let rows = duke_core::testing::rules_table::check_rule_table(
        RULES,
        "## 1. Rules as written",
        &PROPERTIES,
        &SCENARIOS,
        |body| {
            // Every property runs through `property`, which holds it to its coverage threshold.
            body.contains("property(\"") || body.contains("property_on(\"") || body.contains("focused_property(")
        },
    )
    .unwrap_or_else(|why| panic!("{why}"));
    assert!(rows.len() >= 50, "only {} rule rows", rows.len());
    eprintln!("| rule | property |");
    for row in &rows {
        let cited = if row.properties.is_empty() { row.scenarios.join(", ") } else { row.properties.join(", ") };
        eprintln!("| {:.70} | {cited} |", row.rule);
    }
}
