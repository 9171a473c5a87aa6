//! A refused action string is named whole in its error, whichever word is wrong.

use crownbattles_rules::Action;

#[test]
fn a_refused_action_names_the_whole_input() {
    for text in ["leak ]", "play ZZ", "bid x", "smuggle 99", "trade R3 P99"] {
        let error = text.parse::<Action>().unwrap_err();
        assert_eq!(error.input, text, "{error}");
        assert!(!error.reason.is_empty());
    }
}
