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

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use regex::Regex;

/// Arguments for every file: deterministic and quick.
const BASE_ARGS: &[&str] = &["--playouts", "300", "--threads", "1", "--seed", "1"];

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(dir: &Path) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ingo"))
            .args(BASE_ARGS)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start ingo");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends one line and reads the full response (up to the blank line).
    fn send(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").expect("write to ingo");
        self.stdin.flush().expect("flush");
        let mut response = String::new();
        loop {
            let mut l = String::new();
            let n = self.stdout.read_line(&mut l).expect("read from ingo");
            assert!(n > 0, "ingo closed its output after {line:?}");
            if l == "\n" {
                break;
            }
            response.push_str(&l);
        }
        response
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
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
    let mut engine = Engine::start(dir);
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
            let resp = engine.send(&line);
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
