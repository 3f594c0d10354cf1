//! Runs every `gtp-tests/*.tst` file through the built `ingo` binary, the
//! way gogui-regress does (GNU Go's regression format), with one addition
//! that gogui-regress reads as a plain comment: `#error [regex]` after a
//! command, which must then fail (`?`) with a message matching the regex.
//! gogui-regress cannot test error replies (it counts every `?` as a
//! failure), so error cases are unnumbered. The files pass no arguments
//! (each sets its board with commands), so `gogui-regress ingo *.tst`
//! runs them unchanged.
//!
//! A numbered command is a test; the `#? [regex]` line after it must
//! match its response in full (Java regex flags MULTILINE|DOTALL). `[!re]`
//! negates; a trailing `*` marks a known failure. Any `?` reply without an
//! `#error` line fails. Each file gets a fresh engine, started in the
//! file's directory so that `loadsgf` paths are relative to it.

mod common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use regex::Regex;

/// Arguments for every file: deterministic and quick.
const BASE_ARGS: &[&str] = &["--playouts", "300", "--threads", "1", "--seed", "1"];

/// Only a hang makes a file wait this long for a line.
const WAIT: Duration = Duration::from_secs(60);

/// ingo started in `dir`, its diagnostics on the test's stderr.
fn start(dir: &Path) -> common::Engine {
    let mut command = common::ingo(BASE_ARGS);
    command.current_dir(dir);
    common::Engine::start("ingo", command)
}

/// Sends one line and reads the full response (up to the blank line),
/// each line ending in `\n`.
fn send(engine: &mut common::Engine, line: &str) -> String {
    engine.write(&format!("{line}\n"));
    let lines = engine
        .response(WAIT)
        .unwrap_or_else(|e| panic!("ingo: {e}, after {line:?}"));
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// `[regex]` or `[regex]*` → (regex text, negated, known failure).
fn pattern(spec: &str) -> (String, bool, bool) {
    let spec = spec.trim();
    let (spec, known) = match spec.strip_suffix('*') {
        Some(s) => (s, true),
        None => (spec, false),
    };
    let inner = spec
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or_else(|| panic!("pattern without brackets: {spec}"))
        .trim();
    match inner.strip_prefix('!') {
        Some(re) => (re.to_string(), true, known),
        None => (inner.to_string(), false, known),
    }
}

fn full_match(re: &str, text: &str) -> bool {
    Regex::new(&format!(r"(?ms)\A(?:{re})\z"))
        .unwrap_or_else(|e| panic!("bad regex {re:?}: {e}"))
        .is_match(text)
}

struct Outcome {
    tests: usize,
    failures: Vec<String>,
}

/// Response text after the first space, trimmed (gogui-regress).
fn text_of(response: &str) -> &str {
    response.find(' ').map_or("", |i| response[i..].trim())
}

fn run_file(path: &Path) -> Outcome {
    let text = std::fs::read_to_string(path).expect("read .tst");
    let dir = path.parent().expect("dir");
    let mut engine = start(dir);
    let mut outcome = Outcome {
        tests: 0,
        failures: Vec::new(),
    };
    // The last command, its id, response and whether it was checked.
    let mut last: Option<(String, bool, String, bool)> = None;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let settle = |last: &mut Option<(String, bool, String, bool)>, outcome: &mut Outcome| {
        if let Some((cmd, _, resp, checked)) = last.take() {
            if !checked && resp.starts_with('?') {
                outcome
                    .failures
                    .push(format!("{name}: `{cmd}` failed unexpectedly: {resp:?}"));
            }
        }
    };
    for (lineno, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = format!("{name}:{}", lineno + 1);
        if let Some(spec) = line.strip_prefix("#?") {
            let Some((cmd, numbered, resp, checked)) = last.as_mut() else {
                panic!("{at}: pattern without a command");
            };
            let (re, negated, known) = pattern(spec);
            *checked = true;
            if *numbered {
                outcome.tests += 1;
            }
            let ok = resp.starts_with('=') && (full_match(&re, text_of(resp)) != negated);
            if !ok && !known {
                outcome.failures.push(format!(
                    "{at}: `{cmd}`: expected [{}{re}], got {resp:?}",
                    if negated { "!" } else { "" }
                ));
            }
        } else if let Some(spec) = line.strip_prefix("#error") {
            let Some((cmd, _, resp, checked)) = last.as_mut() else {
                panic!("{at}: #error without a command");
            };
            let (re, _, _) = pattern(spec);
            *checked = true;
            outcome.tests += 1;
            if !(resp.starts_with('?') && full_match(&re, text_of(resp))) {
                outcome.failures.push(format!(
                    "{at}: `{cmd}`: expected error [{re}], got {resp:?}"
                ));
            }
        } else if line.is_empty() || line.starts_with('#') {
            continue;
        } else {
            settle(&mut last, &mut outcome);
            let line = line.replace('\t', " ");
            let numbered = line
                .split_whitespace()
                .next()
                .is_some_and(|t| t.bytes().all(|b| b.is_ascii_digit()));
            let resp = send(&mut engine, &line);
            if numbered {
                let id = line.split_whitespace().next().unwrap_or("");
                let want = [format!("={id} "), format!("?{id} ")];
                if !want.iter().any(|w| resp.starts_with(w.as_str())) {
                    outcome
                        .failures
                        .push(format!("{at}: `{line}`: id not echoed: {resp:?}"));
                }
            }
            last = Some((line, numbered, resp, false));
        }
    }
    settle(&mut last, &mut outcome);
    outcome
}

fn tst_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("gtp-tests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("gtp-tests directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "tst"))
        .collect();
    files.sort();
    files
}

#[test]
fn gtp_regression_files() {
    let files = tst_files();
    assert!(!files.is_empty(), "no gtp-tests/*.tst files");
    let mut total = 0;
    let mut failures = Vec::new();
    for f in &files {
        let outcome = run_file(f);
        assert!(outcome.tests > 0, "{} has no test", f.display());
        total += outcome.tests;
        failures.extend(outcome.failures);
    }
    eprintln!(
        "gtp-tests: {} files, {total} checks, {} failures",
        files.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn pattern_syntax() {
    assert_eq!(pattern("[D4]"), ("D4".into(), false, false));
    assert_eq!(pattern(" [!pass]* "), ("pass".into(), true, true));
    assert!(full_match("C3|D4", "D4"));
    assert!(!full_match("D", "D4"));
    assert!(full_match("a.*b", "a\nb"));
}
