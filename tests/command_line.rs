//! The command line through the built binary: each command's help shows
//! its own flags and their real defaults, and a bad value is refused with
//! exit code 2 and a message that names what is valid.

mod common;

use std::process::{Output, Stdio};

fn ingo(args: &[&str]) -> Output {
    common::ingo(args)
        .stdin(Stdio::null())
        .output()
        .expect("run ingo")
}

/// `ingo ARGS` is refused as a usage error: exit code 2, nothing on
/// stdout, and the first line of stderr an `error:` holding `words`.
fn refused(args: &[&str], words: &[&str]) {
    let out = ingo(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    let first = err.lines().next().unwrap_or("");
    assert!(first.starts_with("error: "), "{args:?}: {err}");
    for w in words {
        assert!(first.contains(w), "{args:?}: {first:?} lacks {w:?}");
    }
}

fn help(args: &[&str]) -> String {
    let out = ingo(args);
    assert!(out.status.success(), "{args:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

/// The long flags a help text lists.
fn flags(help: &str) -> Vec<String> {
    let re = regex::Regex::new(r"(?m)^\s+(?:-\w, )?(--[a-z-]+)").expect("regex");
    re.captures_iter(help).map(|c| c[1].to_string()).collect()
}

#[test]
fn bad_values_name_the_valid_ones() {
    let rule_sets = [
        "simplified-ing",
        "ing",
        "chinese",
        "aga",
        "new-zealand",
        "tromp-taylor",
        "japanese",
        "korean",
    ];
    let mut words = vec!["--rules", "'foo'"];
    words.extend(rule_sets);
    refused(&["--rules", "foo"], &words);
    refused(&["selfplay", "--rules", "foo"], &words);
    refused(&["--playouts", "0"], &["--playouts", "at least 1"]);
    refused(&["review", "g.sgf", "--playouts", "0"], &["at least 1"]);
    refused(&["bench", "--playouts", "0"], &["at least 1"]);
    for t in ["-1", "0", "nan", "inf", "soon"] {
        refused(&["--time", t], &["--time", "positive number of seconds"]);
    }
    refused(
        &["selfplay", "--time", "-2"],
        &["positive number of seconds"],
    );
    refused(&["--komi", "nan"], &["--komi", "number"]);
    refused(&["--resign", "1"], &["--resign", "from 0", "1"]);
    refused(&["--size", "26"], &["from 2 to 25"]);
    refused(&["bench", "--size", "1"], &["from 2 to 25"]);
    refused(&["--threads", "0"], &["from 1 to 256"]);
    refused(&["--max-nodes", "10"], &["from 1000"]);
    refused(&["--memory", "1"], &["from 32"]);
    refused(
        &["--playout-policy", "smart"],
        &["light", "no-self-atari", "heavy"],
    );
    refused(&["--player", "alphago"], &["mcts", "flat"]);
    refused(&["train-gammas", "--rounds", "0", "x.sgf"], &["at least 1"]);
    // An engine flag before a command is no flag of that command.
    refused(
        &["--threads", "1", "selfplay"],
        &["--threads", "ingo selfplay --help"],
    );
    // A flag a command does not use.
    refused(&["review", "g.sgf", "--time", "3"], &["--time"]);
    refused(&["bench", "--komi", "5"], &["--komi"]);
}

#[test]
fn each_help_shows_its_own_flags_and_real_defaults() {
    let top = help(&["--help"]);
    assert!(top.contains("With no command, ingo speaks GTP on stdin and stdout"));
    // The engine's defaults: 19x19, komi 7.5 (8 under Ing's rules, 6.5
    // under the territory rule sets), 2 s a move, resign at 10%, heavy playouts, mcts.
    for d in [
        "(default 19)",
        "(default 7.5; 8 under ing; 6.5 under japanese and korean)",
        "(default 2)",
        "default 0.1)",
        "default heavy)",
        "(default mcts)",
        "(default simplified-ing)",
    ] {
        assert!(top.contains(d), "ingo --help lacks {d}: {top}");
    }
    let engine = [
        "--size",
        "--rules",
        "--komi",
        "--playouts",
        "--time",
        "--threads",
        "--max-nodes",
        "--memory",
        "--seed",
        "--playout-policy",
        "--resign",
        "--player",
        "--ponder",
        "--verbose",
        "--help",
        "--version",
    ];
    assert_eq!(flags(&top), engine);

    let selfplay = help(&["selfplay", "--help"]);
    assert_eq!(
        flags(&selfplay),
        [
            "--sgf",
            "--size",
            "--rules",
            "--komi",
            "--playouts",
            "--time",
            "--threads",
            "--max-nodes",
            "--memory",
            "--seed",
            "--playout-policy",
            "--resign",
            "--player",
            "--verbose",
            "--help",
        ]
    );
    assert!(selfplay.contains("Board size (default 9)"), "{selfplay}");
    assert!(selfplay.contains("(default 10000"), "{selfplay}");

    let review = help(&["review", "--help"]);
    assert_eq!(
        flags(&review),
        [
            "--out",
            "--playouts",
            "--threads",
            "--max-nodes",
            "--memory",
            "--seed",
            "--playout-policy",
            "--rules",
            "--komi",
            "--verbose",
            "--help",
        ]
    );
    assert!(review.contains("(default 1000)"), "{review}");

    let bench = help(&["bench", "--help"]);
    assert_eq!(
        flags(&bench),
        [
            "--search",
            "--size",
            "--playouts",
            "--threads",
            "--playout-policy",
            "--seed",
            "--verbose",
            "--help",
        ]
    );
    for d in [
        "Board size (default 9)",
        "(default 100000; 10000 with --search)",
        "Threads (default 1)",
        "(default light; heavy with --search)",
    ] {
        assert!(bench.contains(d), "bench --help lacks {d}: {bench}");
    }
}

#[test]
fn verbose_goes_anywhere() {
    let out = ingo(&["-v", "bench", "--playouts", "20", "--size", "5", "-v"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("size: 5x5, threads: 1, playouts: 20, policy: Light\n"),
        "{stdout}"
    );
}
