//! GTP robustness: random command lines (real command names with random,
//! often malformed, arguments) never panic, always get one well-formed
//! reply, and a `?` reply leaves the game exactly as it was.
//!
//! Lines are also wrapped in noise: ASCII control characters (which GTP
//! drops), C1 code points U+0080-U+009F (which it does not: they are text),
//! other Unicode, tabs, `#` comments and, on the byte level, bytes
//! 0x80-0xFF that are no UTF-8. Every line that is non-empty after GTP's
//! preprocessing must get exactly one answer, and every blank or comment
//! line none, through `Session::handle` and through `gtp::io::run`.

mod common;

use std::io::Write;
use std::process::Stdio;

use ingo::gtp::{io, Config, Session, COMMANDS};
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

/// One character of noise.
fn noise() -> impl Strategy<Value = char> {
    let ascii_control = (0u8..32)
        .prop_filter("a newline ends the line", |&b| b != b'\n')
        .prop_map(char::from);
    prop_oneof![
        4 => ascii_control,
        1 => Just('\u{7f}'),
        4 => (0x80u32..=0x9f).prop_map(|c| char::from_u32(c).expect("C1 code point")),
        2 => Just(' '),
        1 => Just('#'),
        1 => proptest::sample::select(vec!['\u{a0}', '\u{ad}', '\u{2028}', '\u{feff}', '\u{fffd}', 'é']),
    ]
}

/// A line of commands and noise, often blank or a comment after
/// preprocessing.
fn noisy_line() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        1 => line(),
        3 => noise().prop_map(String::from),
    ];
    proptest::collection::vec(segment, 0..6).prop_map(|parts| parts.concat())
}

/// A raw input line: bytes of commands, noise characters, bytes 0x80-0xFF
/// (stray UTF-8 continuation and lead bytes) and ASCII controls, never LF.
fn raw_line() -> impl Strategy<Value = Vec<u8>> {
    let segment = prop_oneof![
        2 => line().prop_map(String::into_bytes),
        3 => noise().prop_map(|c| c.to_string().into_bytes()),
        2 => (0x80u8..=0xff).prop_map(|b| vec![b]),
    ];
    proptest::collection::vec(segment, 0..6).prop_map(|parts| parts.concat())
}

/// Whether GTP answers `line`, by the letter of GTP 2 §3.1: drop the ASCII
/// control characters but HT, cut at `#`, and see whether anything but
/// blanks is left.
fn answered(line: &str) -> bool {
    line.chars()
        .take_while(|&c| c != '#')
        .filter(|&c| !(c.is_ascii_control() && c != '\t'))
        .any(|c| c != ' ' && c != '\t')
}

/// Splits GTP output into replies, checking that each is well formed.
fn replies(out: &str) -> Result<Vec<&str>, TestCaseError> {
    prop_assert!(out.is_empty() || out.ends_with("\n\n"), "{out:?}");
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    for r in &replies {
        prop_assert!(r.starts_with('=') || r.starts_with('?'), "{r:?} in {out:?}");
    }
    Ok(replies)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn noisy_lines_get_one_answer_iff_not_blank(lines in proptest::collection::vec(noisy_line(), 1..30)) {
        let mut s = session();
        for l in &lines {
            let reply = s.handle(l);
            prop_assert_eq!(reply.is_some(), answered(l), "{:?}", l);
            if let Some((response, _)) = reply {
                let text = response.to_string();
                prop_assert_eq!(replies(&text)?.len(), 1, "{:?} -> {:?}", l, text);
            }
        }
    }

    #[test]
    fn raw_bytes_get_one_answer_per_line(
        lines in proptest::collection::vec(raw_line(), 1..30),
        final_newline in any::<bool>(),
    ) {
        let mut input = lines.join(&b'\n');
        if final_newline {
            input.push(b'\n');
        }
        // A last line cut off by EOF is still a line; an empty one is none.
        let want = lines
            .iter()
            .filter(|l| answered(&String::from_utf8_lossy(l)))
            .count();
        let mut out = Vec::new();
        io::run(&mut session(), std::io::Cursor::new(input), &mut out).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let out = String::from_utf8(out).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replies(&out)?.len(), want, "{:?} -> {:?}", lines, out);
    }

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

/// The real binary answers a line of one C1 code point (bytes C2 96) with
/// exactly one `? unknown command`, and a C1 character before `#` makes no
/// comment of the line (issue 5: such lines used to get no answer).
#[test]
fn binary_answers_c1_lines() {
    let mut child = common::ingo(&[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ingo");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"\xc2\x96\n\r\xc2\x8d#x\n\x01# c\n7 name\n")
        .expect("write");
    let out = child.wait_with_output().expect("ingo runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "? unknown command\n\n? unknown command\n\n=7 ingo\n\n"
    );
}
