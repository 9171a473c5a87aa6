//! A refused action string is named whole in its error, whichever word is wrong.

use dukesup_rules::Action;

#[test]
fn a_refused_action_names_the_whole_input() {
    for text in ["play ZZ", "draw pile 7", "discard 7H ]", "choose 7H 8H"] {
        let error = text.parse::<Action>().unwrap_err();
        assert_eq!(error.input, text, "{error}");
        assert!(!error.reason.is_empty());
    }
}
