//! Cross-check of move legality: ingo against GNU Go, both judged by a
//! brute-force reference model of the rules (`reference.rs`).
//!
//! Run it explicitly (it needs GNU Go at /usr/games/gnugo; under a minute
//! on 2 cores):
//!
//! ```text
//! cargo test --release --test gnugo_crosscheck -- --ignored --nocapture
//! ```
//!
//! That is CI's run: the full schedule under the default rules, then a
//! short one under each other rule set. The long mode (issue 23) plays
//! rounds of the full schedule, each under the next rule set and with its
//! own seed, until a number of positions has been checked:
//!
//! ```text
//! scripts/crosscheck.sh --positions 1000000 [--from-round K]
//! ```
//!
//! Random games are played, mostly on 2x2 to 6x6 boards where captures, ko
//! fights, long-cycle superko and multi-stone suicide are frequent. After every move
//! both engines are asked `all_legal` and `list_stones` (and `captures`) for
//! both colours, and some illegal moves are played on purpose, which both
//! must refuse.
//!
//! The judge is [`Reference`](reference::Reference): a plain 2-D board
//! with flood-fill captures and a list of every earlier arrangement
//! compared cell by cell. It is slow and dumb on purpose so that it is
//! obviously right. ingo must agree with it exactly, under every rule set
//! it has ([`RULE_SETS`]: spec 1.1's positional superko with multi-stone
//! suicide allowed by default; situational superko, rule sets that forbid
//! all suicide, the basic ko rule of `japanese` and `korean`, where a
//! position repeated a third time since the last pass ends the game and
//! ingo must say so, and Ing's hot stones and cycle rule, with a
//! single-stone suicide played as a pass, in `ing.rs`).
//!
//! GNU Go judges the positional-superko rule sets too (run with
//! `--forbid-suicide` instead for `chinese`), and the basic-ko ones with
//! its own defaults (simple ko, no suicide). Its situational superko is not
//! modelled and it has no Ing ko rule: under `ing`, `aga` and
//! `new-zealand` ingo is held to the reference alone.
//!
//! GNU Go 3.8 run as `--chinese-rules --allow-suicide --positional-superko`
//! has the same rules but a superko test with known defects
//! (`is_allowed_move()` and `play_move()` in engine/board.c).
//! [`GnuGoModel`](gnugo::GnuGoModel) replays its bookkeeping exactly, so
//! GNU Go is held to "the reference plus exactly these defects" and any
//! other difference still fails:
//!
//! 1. The superko test plays the move with `really_do_trymove()`, which never
//!    removes a suicided string, so it hashes an impossible board: every
//!    multi-stone suicide is accepted, even one that repeats an arrangement.
//! 2. It keeps only `MAX_MOVE_HISTORY` (500) moves. When a `play` finds the
//!    history full, it folds the oldest 51 moves into its initial position by
//!    replaying them from the old initial board *without recomputing the
//!    Zobrist hash*, so from then on `board_hash` is off by the XOR of the
//!    (arrangement + ko point) hashes of the old and new initial positions.
//!    Stored hashes keep the offset they were stored with. So, once a game
//!    passes 500 moves, GNU Go only recognises repetitions of arrangements
//!    stored since its latest fold (folds recur every 51 moves): it accepts
//!    the repetition of a position even a few moves old. The offset can also
//!    make it refuse a legal move (a few times in this schedule, e.g. a
//!    capture of a whole board leaving one stone); such moves are counted
//!    and never chosen, so that both engines stay in the same position.
//!
//! ingo is never compared with GNU Go directly: each is compared with what
//! it should answer, so a failure message says who is wrong and why, with
//! the moves to replay the position by hand.

#[path = "../common/mod.rs"]
mod common;

mod board;
mod engine;
mod game;
mod gnugo;
mod harness;
mod ing;
mod reference;
mod rng;
mod stats;

use std::path::Path;
use std::time::Instant;

use gnugo::GNUGO;
use harness::{plan, Harness, Plan};
use reference::{Ko, RuleSet, RULE_SETS};
use stats::Stats;

/// The game schedule, about 63,000 positions. 2x2 is almost all ko,
/// suicide and superko; 3x3 games run 15 to 270 moves until one colour has
/// filled the board; the long 4x4 to 6x6 games run past GNU Go's 500-move
/// history (defect 2); 7x7 to 19x19 check ordinary play, strings, edges and
/// the column letters after the missing I.
const SCHEDULE: &[Plan] = &[
    plan(2, 300, 200),
    plan(3, 150, 600),
    plan(4, 30, 1200),
    plan(5, 15, 1200),
    plan(6, 6, 1000),
    plan(7, 8, 400),
    plan(9, 4, 400),
    plan(13, 1, 200),
    plan(19, 1, 150),
];

/// A short schedule, about a tenth of [`SCHEDULE`], that CI plays under
/// each rule set other than the default.
const SHORT_SCHEDULE: &[Plan] = &[
    plan(2, 30, 200),
    plan(3, 15, 600),
    plan(4, 3, 1200),
    plan(5, 2, 1200),
    plan(6, 1, 1000),
    plan(7, 1, 400),
    plan(9, 1, 400),
];

/// The long mode: `INGO_CROSSCHECK_POSITIONS=N` plays rounds of the full
/// [`SCHEDULE`] (round k under `RULE_SETS[k % 8]`, with its own seed) until
/// N positions have been checked; `INGO_CROSSCHECK_FIRST_ROUND=K` starts at
/// round K, to resume a run that stopped (each round prints its number when
/// done). `scripts/crosscheck.sh --positions N` sets these.
fn env_number(name: &str) -> Option<usize> {
    let text = std::env::var(name).ok()?;
    Some(
        text.trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text} is not a number")),
    )
}

#[test]
#[ignore = "slow, needs GNU Go at /usr/games/gnugo: run with --release -- --ignored"]
fn legality_agrees_with_reference_and_gnugo() {
    assert!(
        Path::new(GNUGO).exists(),
        "GNU Go is required for this test but {GNUGO} does not exist \
         (install it with `apt-get install gnugo`)"
    );
    let started = Instant::now();
    let mut harness = Harness::start();
    // The model of GNU Go's defects is a replica of 3.8's code.
    for gnugo in &mut harness.gnugo {
        let version = gnugo.ask("version").text;
        assert_eq!(
            version, "3.8",
            "GnuGoModel replicates GNU Go 3.8, but {GNUGO} is version {version}"
        );
    }

    let Some(target) = env_number("INGO_CROSSCHECK_POSITIONS") else {
        // The CI run: the full schedule under the default rules (the counts
        // below, unchanged since before rule sets were added), then a short
        // one under each other rule set.
        let s = harness.round(0, SCHEDULE, started);
        harness.assert_no_failures();
        check_minimums(&s);
        for (round, &rules) in RULE_SETS.iter().enumerate().skip(1) {
            let s = harness.round(round, SHORT_SCHEDULE, started);
            harness.assert_no_failures();
            check_rule_set_exercised(rules, &s, 1);
        }
        return;
    };

    let first = env_number("INGO_CROSSCHECK_FIRST_ROUND").unwrap_or(0);
    let mut totals: Vec<Stats> = RULE_SETS.iter().map(|_| Stats::default()).collect();
    let mut rounds = vec![0usize; RULE_SETS.len()];
    let mut positions = 0;
    let mut round = first;
    while positions < target {
        let s = harness.round(round, SCHEDULE, started);
        positions += s.positions;
        totals[round % RULE_SETS.len()].add(&s);
        rounds[round % RULE_SETS.len()] += 1;
        println!(
            "gnugo_crosscheck long: round {round} done ({}), {positions} of {target} positions, \
             {:.1}s; resume after it with INGO_CROSSCHECK_FIRST_ROUND={}",
            RULE_SETS[round % RULE_SETS.len()].name,
            started.elapsed().as_secs_f64(),
            round + 1
        );
        if !harness.failures.is_empty() {
            break;
        }
        round += 1;
    }
    let mut all = Stats::default();
    for (k, s) in totals.iter().enumerate() {
        if rounds[k] > 0 {
            println!(
                "gnugo_crosscheck long total, {} ({} rounds): {}",
                RULE_SETS[k].name,
                rounds[k],
                s.summary()
            );
        }
        all.add(s);
    }
    println!(
        "gnugo_crosscheck long total, all rule sets (rounds {first} to {}): {}; {:.1}s",
        round.saturating_sub(usize::from(harness.failures.is_empty())),
        all.summary(),
        started.elapsed().as_secs_f64()
    );
    harness.assert_no_failures();
    for (k, s) in totals.iter().enumerate() {
        if rounds[k] > 0 {
            check_rule_set_exercised(RULE_SETS[k], s, rounds[k]);
        }
    }
}

/// Guard against a vacuous pass of round 0: the interesting situations
/// must really have been exercised. Moves are chosen from the reference
/// only, so these counts are the same on every run; the minimums are well
/// below them.
fn check_minimums(s: &Stats) {
    let minimums = [
        ("positions checked", s.positions, 30_000),
        ("superko-illegal vertices", s.superko_vertices, 7_000),
        (
            "long-cycle superko vertices",
            s.long_cycle_superko_vertices,
            5_000,
        ),
        ("superko-illegal plays tried", s.superko_plays, 300),
        ("multi-stone suicides played", s.multi_stone_suicides, 1_000),
        (
            "repeating multi-stone suicides tried",
            s.repeating_suicide_plays,
            100,
        ),
        ("GNU Go defect 1 cases", s.gnugo_defect1, 2_000),
        (
            "GNU Go defect 2 cases",
            s.gnugo_defect2_folded + s.gnugo_defect2_offset,
            80,
        ),
    ];
    for (what, seen, minimum) in minimums {
        assert!(
            seen >= minimum,
            "only {seen} {what}, expected at least {minimum}: the game \
             generator no longer exercises what this test is for"
        );
    }
}

/// The same guard for any rule set, per round played: superko (long
/// cycles included), or under the basic ko rule ko retakes and games
/// ended by a long cycle, and suicide, allowed or forbidden, were met.
fn check_rule_set_exercised(rules: RuleSet, s: &Stats, rounds: usize) {
    let short = rounds == 1 && s.positions < 30_000;
    let scale = |full: usize| if short { full / 10 } else { full * rounds };
    let mut minimums = vec![("positions checked", s.positions, scale(3_000))];
    if rules.ko == Ko::Ing {
        // No superko: hot stones and the cycle rule; single-stone suicide
        // is a pass.
        minimums.push(("hot-stone vertices", s.hot_stone_vertices, scale(300)));
        minimums.push(("cycle vertices", s.cycle_vertices, scale(5_000)));
        minimums.push(("hot-stone plays tried", s.hot_stone_plays, scale(20)));
        minimums.push(("cycle plays tried", s.cycle_plays, scale(300)));
        minimums.push((
            "suicides played as passes",
            s.suicides_as_pass,
            scale(3_000),
        ));
    } else {
        minimums.push(("superko-illegal plays tried", s.superko_plays, scale(30)));
    }
    if rules.ko == Ko::Basic {
        // Only the immediate retake of a ko is forbidden; longer cycles
        // end the game instead.
        minimums.push(("ko-illegal vertices", s.superko_vertices, scale(1_000)));
        minimums.push(("games ended by a long cycle", s.long_cycles, scale(100)));
    } else if rules.ko != Ko::Ing {
        minimums.push(("superko-illegal vertices", s.superko_vertices, scale(500)));
        minimums.push((
            "long-cycle superko vertices",
            s.long_cycle_superko_vertices,
            scale(200),
        ));
    }
    if rules.multi_stone_suicide {
        minimums.push((
            "multi-stone suicides played",
            s.multi_stone_suicides,
            scale(100),
        ));
    } else {
        minimums.push((
            "forbidden multi-stone suicide vertices",
            s.forbidden_suicide_vertices,
            scale(100),
        ));
    }
    for (what, seen, minimum) in minimums {
        assert!(
            seen >= minimum,
            "{}: only {seen} {what} in {rounds} round(s), expected at least {minimum}",
            rules.name
        );
    }
}
