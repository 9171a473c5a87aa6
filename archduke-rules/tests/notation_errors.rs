//! A refused action string is named whole in its error, whichever word is wrong.

use archduke_rules::Action;

#[test]
fn a_refused_action_names_the_whole_input() {
    for text in ["keep zz", "peek P1:q9", "swap a1 ]", "look a1"] {
        let error = text.parse::<Action>().unwrap_err();
        assert_eq!(error.input, text, "{error}");
        assert!(!error.reason.is_empty());
    }
}
