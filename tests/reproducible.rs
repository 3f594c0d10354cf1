//! `--threads 1 --seed S --playouts N` makes play bit-for-bit reproducible
//! (SPEC §3): two runs of the real binary on the same script answer the
//! same, and another seed is allowed to differ. The same holds for the
//! simple player, `--player flat`.

mod common;

use std::io::Write;
use std::process::Stdio;

const SCRIPT: &str = "boardsize 9\nclear_board\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nplay b pass\nfinal_score\nfinal_status_list dead\nquit\n";

fn run(seed: &str) -> String {
    run_with(&["--seed", seed])
}

fn run_with(extra: &[&str]) -> String {
    let mut args = vec!["--threads", "1", "--playouts", "400"];
    args.extend_from_slice(extra);
    let mut child = common::ingo(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ingo");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(SCRIPT.as_bytes())
        .expect("write script");
    let out = child.wait_with_output().expect("ingo output");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn same_seed_same_game() {
    let a = run("17");
    assert_eq!(a.matches("\n\n").count(), 10, "one reply per command: {a}");
    assert_eq!(a, run("17"));
}

#[test]
fn the_flat_player_is_reproducible_and_plays_its_own_moves() {
    let flat = run_with(&["--seed", "17", "--player", "flat"]);
    assert_eq!(
        flat.matches("\n\n").count(),
        10,
        "one reply per command: {flat}"
    );
    assert_eq!(flat, run_with(&["--seed", "17", "--player", "flat"]));
    // The tree search, same seed: a different player, so different moves.
    assert_ne!(flat, run("17"));
}

#[test]
fn an_unknown_player_is_refused_at_start() {
    let out = common::ingo(&["--player", "alphago"])
        .stdin(Stdio::null())
        .output()
        .expect("run ingo");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown player 'alphago'"), "{err}");
}
