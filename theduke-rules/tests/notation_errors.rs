//! A refused action string is named whole in its error, whichever word is wrong.

use theduke_rules::Action;

#[test]
fn a_refused_action_names_the_whole_input() {
    for text in ["escape b2-c6 rnsom 17", "escape b2-c6 ransom x", "summon b2-zz", "keep 3 q9"] {
        let error = text.parse::<Action>().unwrap_err();
        assert_eq!(error.input, text, "{error}");
        assert!(!error.reason.is_empty());
    }
}
