//! RULES.md's table "1. Every rule, where it lives, what proves it" against the properties:
//! every rule row names properties that exist here, or says "scenario only:" with the reason
//! and the scenario test; every property is cited by a rule and holds itself to a coverage
//! threshold.

const RULES: &str = include_str!("../../RULES.md");

/// The property sources, by rulebook section.
const PROPERTIES: [(&str, &str); 10] = [
    ("components", include_str!("components.rs")),
    ("game_setup", include_str!("game_setup.rs")),
    ("on_your_turn", include_str!("on_your_turn.rs")),
    ("action_cards", include_str!("action_cards.rs")),
    ("matching", include_str!("matching.rs")),
    ("end_of_round", include_str!("end_of_round.rs")),
    ("round_scoring", include_str!("round_scoring.rs")),
    ("end_of_game", include_str!("end_of_game.rs")),
    ("faq", include_str!("faq.rs")),
    ("hidden_information", include_str!("hidden_information.rs")),
];

/// The heading of the rule table.
const HEADING: &str = "## 1. Every rule";

/// Scenario sources (both are `scenarios::…`).
const SCENARIOS: [&str; 2] =
    [include_str!("../../src/scenarios/play.rs"), include_str!("../../src/scenarios/scoring.rs")];

#[test]
fn every_rule_names_a_property_or_a_scenario_with_a_reason() {
    let scenarios: Vec<(&str, &str)> = SCENARIOS.iter().map(|source| ("scenarios", *source)).collect();
    let rows = duke_core::testing::rules_table::check_rule_table(RULES, HEADING, &PROPERTIES, &scenarios, |body| {
        // Every property runs through `property`, which holds it to its coverage threshold.
        body.contains("property(") || body.contains("property_in(") || body.contains("mark_property(")
    })
    .unwrap_or_else(|why| panic!("{why}"));
    assert!(rows.len() >= 40, "only {} rule rows", rows.len());
    eprintln!("| rule | property |");
    for row in &rows {
        let cited = if row.properties.is_empty() { row.scenarios.join(", ") } else { row.properties.join(", ") };
        eprintln!("| {:.70} | {cited} |", row.rule);
    }
}
