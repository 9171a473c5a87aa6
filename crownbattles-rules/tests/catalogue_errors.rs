//! A mission catalogue is checked where it is read (rulebook "Missions"): every error
//! names the mission by its number counted from 1 and its text, counts point-table rows
//! and columns from 1 as a person does, points at the bad mission (not the one after), and
//! says the real problem; a mission "-" in every cell, which no deal can ever score, is
//! refused.

use crownbattles_rules::{Condition, Config, MissionCatalogue, MissionError};

const GOOD_ROWS: &str = r#""2": "0 5 10 10 10 10 10", "3": "5 10 15 15 15 15 15", "4": "10 15 20 20 20 20 -",
      "5": "15 20 25 25 25 - -", "6": "20 25 30 30 30 - -", "7-8": "30 35 40 40 - - -""#;

/// A catalogue of three missions, one per line, the second with `rows` as its point table.
fn catalogue(rows: &str) -> String {
    format!(
        "[\n  {{\"condition\": \"trump_trick\", \"points\": {{{GOOD_ROWS}}}}},\n  {{\"condition\": {{\"at_least\": 4}}, \"points\": {{{rows}}}}},\n  {{\"condition\": {{\"between\": [0, 1]}}, \"points\": {{{GOOD_ROWS}}}}}\n]"
    )
}

fn refused(rows: &str) -> String {
    serde_json::from_str::<MissionCatalogue>(&catalogue(rows)).unwrap_err().to_string()
}

#[test]
fn a_valid_catalogue_reads() {
    let read = serde_json::from_str::<MissionCatalogue>(&catalogue(GOOD_ROWS)).unwrap();
    assert_eq!(read.len(), 3);
    assert_eq!(read.get(1).unwrap().condition, Condition::AtLeast(4));
}

#[test]
fn a_bad_point_names_the_mission_and_counts_from_1() {
    let err = refused(&GOOD_ROWS.replace("\"3\": \"5 10 15", "\"3\": \"5 10 17"));
    assert!(err.starts_with("mission 2 (win at least 4 tricks): "), "{err}");
    assert!(err.contains("row 2 (3 players), column 3 (5-7 cards)"), "{err}");
    assert!(err.contains("not 17"), "{err}");
}

#[test]
fn a_short_row_names_the_mission_and_counts_from_1() {
    let err = refused(&GOOD_ROWS.replace("\"4\": \"10 15 20 20 20 20 -\"", "\"4\": \"10 15 20\""));
    assert!(err.starts_with("mission 2 (win at least 4 tricks): "), "{err}");
    assert!(err.contains("row 3 (4 players) must hold 7 cells"), "{err}");
}

#[test]
fn a_negative_number_is_a_bad_number_not_a_wrong_cell_count() {
    let err = refused(&GOOD_ROWS.replace("\"5\": \"15 20", "\"5\": \"-5 20"));
    assert!(err.starts_with("mission 2 (win at least 4 tricks): "), "{err}");
    assert!(!err.contains("7 cells"), "{err}");
    assert!(err.contains("row 4 (5 players), column 1 (1-2 cards): \"-5\" is not"), "{err}");
}

#[test]
fn the_error_points_at_the_bad_mission_not_the_one_after() {
    let err =
        serde_json::from_str::<MissionCatalogue>(&catalogue(&GOOD_ROWS.replace("10 10 10 10 10", "10 10 10 10 11")))
            .unwrap_err();
    // The second mission is on lines 4 and 5 (its error given at its end); the third, from
    // line 6, is not to blame.
    assert_eq!(err.line(), 5, "{err}");
}

#[test]
fn a_mission_dash_everywhere_is_refused() {
    let dashes = r#""2": "- - - - - - -", "3": "- - - - - - -", "4": "- - - - - - -",
      "5": "- - - - - - -", "6": "- - - - - - -", "7-8": "- - - - - - -""#;
    let err = refused(dashes);
    assert!(err.starts_with("mission 2 (win at least 4 tricks): "), "{err}");
    assert!(err.contains("no round"), "{err}");
    // The same mission made in code is refused by the catalogue too, by its number.
    let printed = MissionCatalogue::printed();
    let mut never = *printed.get(3).unwrap();
    never.points = crownbattles_rules::PointTable::new([[None; 7]; 6]).unwrap();
    let list = [*printed.get(0).unwrap(), never];
    assert!(matches!(MissionCatalogue::new(&list), Err(MissionError::InMission { mission: 2, .. })));
}

#[test]
fn a_config_reads_round_types_by_its_name_and_by_the_old_name() {
    let config = Config::rulebook(Some(4)).unwrap();
    let json = serde_json::to_value(&config).unwrap();
    assert_eq!(json["round_types"], "Normal");
    assert!(json.get("round_type").is_none());
    assert_eq!(serde_json::from_value::<Config>(json.clone()).unwrap(), config);
    // Configs saved before keep loading.
    let mut old = json;
    let value = old.as_object_mut().unwrap().remove("round_types").unwrap();
    old["round_type"] = value;
    assert_eq!(serde_json::from_value::<Config>(old).unwrap(), config);
}
