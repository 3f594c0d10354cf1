//! GTP robustness: random command lines (real command names with random,
//! often malformed, arguments) never panic, always get one well-formed
//! reply, and a `?` reply leaves the game exactly as it was.

use ingo::gtp::{Config, Session, COMMANDS};
use ingo::search::SearchParams;
use proptest::prelude::*;

/// Tokens that hit the interesting paths of the argument parsers.
const TOKENS: &[&str] = &[
    "b",
    "w",
    "B",
    "white",
    "black",
    "x",
    "",
    "pass",
    "PASS",
    "a1",
    "A1",
    "b2",
    "c3",
    "D4",
    "e5",
    "j9",
    "T19",
    "Z25",
    "i5",
    "a0",
    "a26",
    "zz",
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "19",
    "25",
    "26",
    "-1",
    "6.5",
    "nan",
    "inf",
    "1e400",
    "99999999999999999999",
    "dead",
    "alive",
    "seki",
    "chinese",
    "aga",
    "tromp-taylor",
    "japanese",
    "none",
    "absolute",
    "canadian",
    "byoyomi",
    "é",
    "\u{fffd}",
    "#",
    "\t",
];

fn session() -> Session {
    Session::new(Config {
        size: 5,
        playouts: Some(40),
        search: SearchParams {
            seed: 3,
            ..SearchParams::default()
        },
        ..Config::default()
    })
}

fn line() -> impl Strategy<Value = String> {
    // Commands that write files or read random paths are left out: the
    // fuzzer must not litter the working directory.
    let names: Vec<&'static str> = COMMANDS
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !matches!(*n, "printsgf" | "loadsgf" | "quit"))
        .chain(["foo", "PLAY", ""])
        .collect();
    (
        proptest::option::of(0u32..1000),
        proptest::sample::select(names),
        proptest::collection::vec(proptest::sample::select(TOKENS), 0..4),
    )
        .prop_map(|(id, name, args)| {
            let mut l = id.map(|i| format!("{i} ")).unwrap_or_default();
            l.push_str(name);
            for a in args {
                l.push(' ');
                l.push_str(a);
            }
            l
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_command_lines_are_handled(lines in proptest::collection::vec(line(), 1..40)) {
        let mut s = session();
        for l in &lines {
            let before = s.game().clone();
            let Some((response, _)) = s.handle(l) else { continue };
            let text = response.to_string();
            prop_assert!(text.starts_with('=') || text.starts_with('?'), "{l:?} -> {text:?}");
            prop_assert!(text.ends_with("\n\n"), "{l:?} -> {text:?}");
            prop_assert!(!text[..text.len() - 2].contains("\n\n"), "blank line inside: {text:?}");
            if text.starts_with('?') {
                prop_assert!(s.game() == &before, "{l:?} failed but changed the game");
            }
            s.game().board().check_consistency().map_err(TestCaseError::fail)?;
        }
    }
}
