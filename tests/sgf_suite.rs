//! `loadsgf` on real-world game records, cross-checked with GNU Go.
//!
//! The records are not in this repository (GNU Go's regression games are
//! GPL); the test reads a directory given in `INGO_SGF_SUITE` and fetches
//! nothing. For GNU Go 3.8's suite:
//!
//! ```text
//! git clone https://github.com/runningskull/gnugo /tmp/gnugo   # or any copy
//! INGO_SGF_SUITE=/tmp/gnugo/regression/games \
//!   cargo test --release --test sgf_suite -- --ignored --nocapture
//! ```
//!
//! Every `*.sgf` below the directory is loaded by ingo and by
//! `/usr/games/gnugo --mode gtp` with `loadsgf FILE`, `loadsgf FILE 20`
//! and `loadsgf FILE D4` (stop before move 20 / before the first move on
//! D4); after each load both are asked the colour to move (the reply of
//! `loadsgf`), `list_stones black` / `list_stones white` and `captures
//! black` / `captures white`. The test prints
//! every file ingo refuses, with the reason, and every position where the
//! two disagree, and fails on any disagreement or on a refusal that is not
//! in [`REFUSED_BY_DESIGN`].

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{Broken, Engine};

use ingo::rules::Rules;
use ingo::sgf;

const GNUGO: &str = "/usr/games/gnugo";

/// Reasons for which ingo refuses a record on purpose (the record is
/// broken, or illegal under the rules ingo loads it with).
const REFUSED_BY_DESIGN: &[&str] = &[
    // A game under simple ko (or none) that repeats a position: illegal
    // under every rule set of ingo's (all superko). GNU Go's loadsgf plays
    // any move on an empty point.
    "position repeats (superko)",
    // AB/AW after the game started, or AE before a later move: a game in
    // ingo has one set-up position, from which its superko history starts.
    // (AE after the last move is read as the count's removal of dead
    // stones and not applied, as GNU Go does not apply AE.)
    "set-up stones after the first move",
    // PL in a node after the moves started, naming the player who just
    // moved (two records: `W[tt]PL[W]`). GNU Go lets the same player move
    // again; a game in ingo alternates once it started.
    "PL after the first move contradicts the moves",
    // An empty file.
    "no game in file",
    // Outside what GNU Go plays at all (19x19 at most).
    "unsupported board size",
];

const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// `command` as a GTP engine, its diagnostics dropped.
fn spawn(name: &str, mut command: Command) -> Engine {
    command.stderr(Stdio::null());
    Engine::start(name, command)
}

/// The reply to `command`: `Ok(text)` for `=`, `Err(text)` for `?`.
fn send(engine: &mut Engine, command: &str) -> Result<String, String> {
    engine.write(&format!("{command}\n"));
    let reply = match engine.tolerant_response(REPLY_TIMEOUT) {
        Ok(reply) => reply,
        Err(Broken::Timeout(_)) => panic!("{} hangs on {command}", engine.name),
        Err(Broken::Ended(_)) => return Err(format!("{} died on {command}", engine.name)),
    };
    if let Some(ok) = reply.strip_prefix('=') {
        Ok(ok.trim().to_string())
    } else {
        Err(reply.trim_start_matches('?').trim().to_string())
    }
}

fn sgf_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sgf_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        {
            out.push(path);
        }
    }
}

/// Colour to move, both stone lists and capture counts, as one line.
fn position(engine: &mut Engine, load: &str) -> Result<String, String> {
    let to_move = send(engine, load)?.to_ascii_lowercase();
    let mut stones = Vec::new();
    for c in ["black", "white"] {
        let mut list: Vec<String> = send(engine, &format!("list_stones {c}"))?
            .split_whitespace()
            .map(str::to_ascii_uppercase)
            .collect();
        list.sort();
        stones.push(format!("{c}: {}", list.join(" ")));
    }
    for c in ["black", "white"] {
        let n = send(engine, &format!("captures {c}"))?;
        stones.push(format!("{c} captured {n}"));
    }
    Ok(format!("{to_move} to move; {}", stones.join("; ")))
}

#[test]
#[ignore = "needs INGO_SGF_SUITE (a directory of SGF files) and GNU Go"]
fn loadsgf_agrees_with_gnugo_on_real_records() {
    let dir = std::env::var("INGO_SGF_SUITE").expect("set INGO_SGF_SUITE to a directory of SGF");
    let mut files = Vec::new();
    sgf_files(Path::new(&dir), &mut files);
    files.sort();
    assert!(!files.is_empty(), "no *.sgf below {dir}");
    let spawn_gnugo = || {
        let mut command = Command::new(GNUGO);
        command.args(["--mode", "gtp"]);
        spawn("GNU Go", command)
    };
    let spawn_ingo = || spawn("ingo", common::ingo(&["--threads", "1"]));
    let (mut ingo, mut gnugo) = (spawn_ingo(), spawn_gnugo());
    let (mut refused, mut unexpected, mut compared, mut gnugo_refused) = (0, 0, 0, 0);
    let mut disagreements = Vec::new();
    for file in &files {
        let path = file.display().to_string();
        if path.contains(char::is_whitespace) {
            println!("skipped (space in path): {path}");
            continue;
        }
        for until in ["", " 20", " D4"] {
            let load = format!("loadsgf {path}{until}");
            let ours = position(&mut ingo, &load);
            if let Err(e) = &ours {
                if until.is_empty() {
                    refused += 1;
                    let why = sgf::load(&path, None, Rules::default(), 7.5)
                        .err()
                        .map_or_else(|| e.clone(), |e| e.0);
                    let expected = REFUSED_BY_DESIGN.iter().any(|r| why.contains(r));
                    if !expected {
                        unexpected += 1;
                    }
                    println!(
                        "refused{}: {path}: {why}",
                        if expected { "" } else { " (UNEXPECTED)" }
                    );
                }
                // A refused full load is refused at every stop; a stop
                // before the refused move may load: compare it.
                if until.is_empty() {
                    break;
                }
                continue;
            }
            let theirs = position(&mut gnugo, &load);
            let Ok(theirs) = theirs else {
                gnugo_refused += 1;
                println!("GNU Go refused: {load}: {theirs:?}");
                gnugo = spawn_gnugo();
                continue;
            };
            compared += 1;
            let ours = ours.unwrap_or_default();
            if ours != theirs {
                println!("DISAGREE {load}\n  ingo:   {ours}\n  GNU Go: {theirs}");
                disagreements.push(load);
            }
        }
        // A file that killed ingo must not hide the rest.
        if send(&mut ingo, "name").is_err() {
            println!("ingo died after {path}");
            unexpected += 1;
            ingo = spawn_ingo();
        }
    }
    println!(
        "{} files: {refused} refused by ingo ({unexpected} unexpected), \
         {compared} positions compared, {} disagreements, {gnugo_refused} loads refused by GNU Go",
        files.len(),
        disagreements.len()
    );
    assert!(disagreements.is_empty(), "{disagreements:#?}");
    assert_eq!(unexpected, 0, "unexpected refusals (see above)");
}
