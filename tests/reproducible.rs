//! `--threads 1 --seed S --playouts N` makes play bit-for-bit reproducible
//! (SPEC §3): two runs of the real binary on the same script answer the
//! same, and another seed is allowed to differ.

mod common;

use std::io::Write;
use std::process::Stdio;

const SCRIPT: &str = "boardsize 9\nclear_board\ngenmove b\ngenmove w\ngenmove b\ngenmove w\nplay b pass\nfinal_score\nfinal_status_list dead\nquit\n";

fn run(seed: &str) -> String {
    let mut child = common::ingo(&["--threads", "1", "--playouts", "400", "--seed", seed])
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
