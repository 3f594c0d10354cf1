//! Cross-check of move legality: ingo against GNU Go, both judged by a
//! brute-force reference model of the rules written in this file.
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
//! The judge is [`Reference`]: a plain 2-D board with flood-fill captures and
//! a list of every earlier arrangement compared cell by cell. It is slow and
//! dumb on purpose so that it is obviously right. ingo must agree with it
//! exactly, under every rule set it has ([`RULE_SETS`]: spec 1.1's
//! positional superko with multi-stone suicide allowed by default;
//! situational superko, rule sets that forbid all suicide, and the basic
//! ko rule of `japanese` and `korean`, where a position repeated a third
//! time since the last pass ends the game and ingo must say so).
//!
//! GNU Go judges the positional-superko rule sets too (run with
//! `--forbid-suicide` instead for `chinese`), and the basic-ko ones with
//! its own defaults (simple ko, no suicide). Its situational superko is not
//! modelled: under `ing`, `aga` and `new-zealand` ingo is held to the
//! reference alone.
//!
//! GNU Go 3.8 run as `--chinese-rules --allow-suicide --positional-superko`
//! has the same rules but a superko test with known defects
//! (`is_allowed_move()` and `play_move()` in engine/board.c). [`GnuGoModel`]
//! replays its bookkeeping exactly, so GNU Go is held to "the reference plus
//! exactly these defects" and any other difference still fails:
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

use std::collections::{BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const GNUGO: &str = "/usr/games/gnugo";
const GNUGO_ARGS: &[&str] = &[
    "--mode",
    "gtp",
    "--chinese-rules",
    "--allow-suicide",
    "--positional-superko",
];
/// GNU Go for the rule sets without suicide (`chinese`): the same but
/// `--forbid-suicide`, which refuses every suicide (defect 1 cannot occur).
const GNUGO_ARGS_NO_SUICIDE: &[&str] = &[
    "--mode",
    "gtp",
    "--chinese-rules",
    "--forbid-suicide",
    "--positional-superko",
];
/// GNU Go for the basic ko rule (`japanese`, `korean`): its defaults,
/// simple ko and no suicide, without a superko test (so without its
/// defects).
const GNUGO_ARGS_BASIC_KO: &[&str] = &["--mode", "gtp", "--forbid-suicide"];

/// Which earlier positions a move may not repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ko {
    /// Any earlier arrangement.
    Positional,
    /// Any earlier arrangement with the same player to move: the opponent
    /// of whoever moved or passed last; Black on the empty board.
    Situational,
    /// Only the arrangement before the opponent's last move (the immediate
    /// retake of a ko); a position that occurs a third time since the last
    /// pass, with the same player to move, ends the game (a long cycle).
    Basic,
}

/// A rule set of ingo's as far as legality goes (README, "Rules in plain
/// words"): which superko, and whether suicide of two or more stones is
/// allowed (single-stone suicide never is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RuleSet {
    /// The name `ingo-rules` takes.
    name: &'static str,
    ko: Ko,
    multi_stone_suicide: bool,
    /// Which GNU Go judges it too, by index into [`GNUGO_CONFIGS`]; `None`
    /// for situational superko, whose GNU Go implementation is not
    /// modelled here: those rule sets are checked against the reference
    /// only.
    gnugo: Option<usize>,
}

/// GNU Go's configurations: positional superko with and without
/// multi-stone suicide, and simple ko.
const GNUGO_CONFIGS: [&[&str]; 3] = [GNUGO_ARGS, GNUGO_ARGS_NO_SUICIDE, GNUGO_ARGS_BASIC_KO];

const fn rule_set(
    name: &'static str,
    ko: Ko,
    multi_stone_suicide: bool,
    gnugo: Option<usize>,
) -> RuleSet {
    RuleSet {
        name,
        ko,
        multi_stone_suicide,
        gnugo,
    }
}

/// Every rule set ingo has (`ingo-rules`), in the order the long mode's
/// rounds take them; round 0, the CI run, is the default rule set.
/// `tromp-taylor` has the default's legality but ends the game at two
/// passes, which these games never play.
const RULE_SETS: &[RuleSet] = &[
    rule_set("simplified-ing", Ko::Positional, true, Some(0)),
    rule_set("chinese", Ko::Positional, false, Some(1)),
    rule_set("ing", Ko::Situational, true, None),
    rule_set("aga", Ko::Situational, false, None),
    rule_set("new-zealand", Ko::Situational, true, None),
    rule_set("tromp-taylor", Ko::Positional, true, Some(0)),
    rule_set("japanese", Ko::Basic, false, Some(2)),
    rule_set("korean", Ko::Basic, false, Some(2)),
];

/// Fixed seed: the games (and so every count printed) are the same on every
/// run, whatever the engines answer, because moves are chosen from the
/// reference model only.
const SEED: u64 = 0x1960_0D0B_0A4D_5EED;

/// GNU Go 3.8 `MAX_MOVE_HISTORY` (engine/board.h).
const GNUGO_MAX_MOVE_HISTORY: usize = 500;
/// How many moves GNU Go folds into its initial position when its move
/// history is full (`1 + MAX_MOVE_HISTORY / 10` in `play_move()`).
const GNUGO_COLLAPSED_MOVES: usize = 1 + GNUGO_MAX_MOVE_HISTORY / 10;

/// A healthy engine answers these commands in microseconds; a reply this late
/// means it hangs, and the test should say so rather than hang too.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// Stop collecting disagreements after this many (each aborts its game).
const MAX_FAILURES: usize = 8;

/// One batch of games: board size, how many games, and the move cap.
struct Plan {
    size: usize,
    games: usize,
    max_moves: usize,
}

const fn plan(size: usize, games: usize, max_moves: usize) -> Plan {
    Plan {
        size,
        games,
        max_moves,
    }
}

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

/// Probability that the player who just moved moves again (GTP lets either
/// colour play at any time). Filling one's own liberties is what makes
/// multi-stone suicide and odd repetitions common.
const P_SAME_COLOUR: f64 = 0.25;
/// Probability of a pass when the previous move was not a pass. Two passes
/// in a row are never played: in ingo they stop the game (spec 1.3).
const P_PASS: f64 = 0.03;
/// Probability, per step, of first trying an illegal move in both engines.
const P_ILLEGAL_TRY: f64 = 0.15;
/// Probability that such a try is a superko one when there is one.
const P_PREFER_SUPERKO: f64 = 0.8;

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
    let mut minimums = vec![
        ("positions checked", s.positions, scale(3_000)),
        ("superko-illegal plays tried", s.superko_plays, scale(30)),
    ];
    if rules.ko == Ko::Basic {
        // Only the immediate retake of a ko is forbidden; longer cycles
        // end the game instead.
        minimums.push(("ko-illegal vertices", s.superko_vertices, scale(1_000)));
        minimums.push(("games ended by a long cycle", s.long_cycles, scale(100)));
    } else {
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

// ---------------------------------------------------------------------------
// Colours, points, vertices
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Colour {
    Black,
    White,
}

impl Colour {
    fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    fn gtp(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }
}

/// A board point; row 0 is the bottom row (GTP row 1), col 0 is column A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Point {
    row: usize,
    col: usize,
}

/// GTP column letters: A..Z without I.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn vertex(p: Point) -> String {
    format!("{}{}", char::from(COLUMNS[p.col]), p.row + 1)
}

fn parse_vertex(text: &str, size: usize) -> Option<Point> {
    let upper = text.to_ascii_uppercase();
    let (letter, digits) = upper.split_at_checked(1)?;
    let col = COLUMNS.iter().position(|&c| letter.as_bytes() == [c])?;
    let row = digits.parse::<usize>().ok()?.checked_sub(1)?;
    (col < size && row < size).then_some(Point { row, col })
}

/// Parses a space-separated vertex list as printed by `all_legal` and
/// `list_stones`; order does not matter, duplicates and junk are errors.
fn parse_vertex_set(text: &str, size: usize) -> Result<BTreeSet<Point>, String> {
    let mut set = BTreeSet::new();
    for word in text.split_whitespace() {
        let p = parse_vertex(word, size)
            .ok_or_else(|| format!("`{word}` is not a vertex of a {size}x{size} board"))?;
        if !set.insert(p) {
            return Err(format!("vertex `{word}` listed twice"));
        }
    }
    Ok(set)
}

fn vertex_list(points: &BTreeSet<Point>) -> String {
    let list: Vec<String> = points.iter().map(|&p| vertex(p)).collect();
    if list.is_empty() {
        "(none)".to_string()
    } else {
        list.join(" ")
    }
}

// ---------------------------------------------------------------------------
// Brute-force reference model of the rules (spec 1.1)
// ---------------------------------------------------------------------------

/// A stone arrangement: `board[row][col]`, `None` = empty.
type Arrangement = Vec<Vec<Option<Colour>>>;

/// The rules written as literally as possible, without any cleverness: no
/// incremental strings, no hashes, every repetition check compares whole
/// arrangements point by point.
struct Reference {
    size: usize,
    rules: RuleSet,
    board: Arrangement,
    /// `history[i]` is the arrangement after the i-th move since
    /// `clear_board` (passes included, they repeat the arrangement);
    /// `history[0]` is the empty board and the last entry is `board`.
    history: Vec<Arrangement>,
    /// `to_move[i]` is the player to move in `history[i]` for situational
    /// superko: the opponent of whoever moved or passed last (Black first).
    to_move: Vec<Colour>,
    /// Stones of each colour removed from the board so far, by capture or by
    /// suicide (GTP `captures black` = white stones removed).
    removed: [usize; 2],
    /// Index into `history` of the position after the last pass (0 before
    /// any): where the basic ko rule's long cycles are counted from.
    cycle_start: usize,
    /// Under the basic ko rule: the last move made a position occur the
    /// third time since `cycle_start`, with the same player to move, and
    /// the game is over.
    long_cycle: bool,
}

/// What placing a stone on an empty point would do.
struct Outcome {
    after: Arrangement,
    /// The board after opposing captures but before removing own strings:
    /// what GNU Go's superko test hashes (see [`GnuGoModel::accepts`]).
    placed: Arrangement,
    removed_opponent: usize,
    /// Stones of the mover removed (suicide); 1 means single-stone suicide.
    removed_own: usize,
    /// Latest index into `history` holding the same arrangement as `after`
    /// (with the opponent of the mover to move, under situational superko).
    repeats: Option<usize>,
}

fn neighbours(p: Point, size: usize) -> Vec<Point> {
    let Point { row, col } = p;
    let mut result = Vec::with_capacity(4);
    if row > 0 {
        result.push(Point { row: row - 1, col });
    }
    if row + 1 < size {
        result.push(Point { row: row + 1, col });
    }
    if col > 0 {
        result.push(Point { row, col: col - 1 });
    }
    if col + 1 < size {
        result.push(Point { row, col: col + 1 });
    }
    result
}

/// Flood fill: the string containing the stone at `start`, and whether it
/// has at least one liberty.
fn string_at(board: &Arrangement, start: Point) -> (Vec<Point>, bool) {
    let size = board.len();
    let colour = board[start.row][start.col];
    let mut seen = vec![vec![false; size]; size];
    let mut stack = vec![start];
    let mut stones = Vec::new();
    let mut has_liberty = false;
    seen[start.row][start.col] = true;
    while let Some(p) = stack.pop() {
        stones.push(p);
        for n in neighbours(p, size) {
            match board[n.row][n.col] {
                None => has_liberty = true,
                c if c == colour && !seen[n.row][n.col] => {
                    seen[n.row][n.col] = true;
                    stack.push(n);
                }
                _ => {}
            }
        }
    }
    (stones, has_liberty)
}

/// Removes every string of `colour` without liberties; returns how many
/// stones were removed. All dead strings are found before any is removed.
fn remove_dead_strings(board: &mut Arrangement, colour: Colour) -> usize {
    let size = board.len();
    let mut visited = vec![vec![false; size]; size];
    let mut dead = Vec::new();
    for row in 0..size {
        for col in 0..size {
            if board[row][col] == Some(colour) && !visited[row][col] {
                let (stones, has_liberty) = string_at(board, Point { row, col });
                for p in &stones {
                    visited[p.row][p.col] = true;
                }
                if !has_liberty {
                    dead.extend(stones);
                }
            }
        }
    }
    for p in &dead {
        board[p.row][p.col] = None;
    }
    dead.len()
}

impl Reference {
    fn new(size: usize, rules: RuleSet) -> Reference {
        let empty = vec![vec![None; size]; size];
        Reference {
            size,
            rules,
            board: empty.clone(),
            history: vec![empty],
            to_move: vec![Colour::Black],
            removed: [0, 0],
            cycle_start: 0,
            long_cycle: false,
        }
    }

    /// Number of moves (passes included) played since `clear_board`.
    fn move_count(&self) -> usize {
        self.history.len() - 1
    }

    /// The result of `colour` playing at `p`, or `None` if `p` is occupied.
    /// Spec 1.1: place the stone, remove opposing strings without
    /// liberties, then own strings without liberties.
    fn outcome(&self, colour: Colour, p: Point) -> Option<Outcome> {
        if self.board[p.row][p.col].is_some() {
            return None;
        }
        let mut after = self.board.clone();
        after[p.row][p.col] = Some(colour);
        let removed_opponent = remove_dead_strings(&mut after, colour.opponent());
        let placed = after.clone();
        let removed_own = remove_dead_strings(&mut after, colour);
        let next = colour.opponent();
        let repeats = match self.rules.ko {
            Ko::Basic => self
                .history
                .len()
                .checked_sub(2)
                .filter(|&i| self.history[i] == after),
            ko => (0..self.history.len()).rev().find(|&i| {
                self.history[i] == after && (ko == Ko::Positional || self.to_move[i] == next)
            }),
        };
        Some(Outcome {
            after,
            placed,
            removed_opponent,
            removed_own,
            repeats,
        })
    }

    fn classify(&self, colour: Colour, p: Point) -> Class {
        Class::of(self.outcome(colour, p).as_ref(), self.rules)
    }

    fn all_points(&self) -> impl Iterator<Item = Point> {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Point { row, col }))
    }

    fn stones(&self, colour: Colour) -> BTreeSet<Point> {
        self.all_points()
            .filter(|p| self.board[p.row][p.col] == Some(colour))
            .collect()
    }

    /// Plays a move that `classify` found legal (or a pass).
    fn play(&mut self, colour: Colour, point: Option<Point>) {
        if let Some(p) = point {
            let outcome = self
                .outcome(colour, p)
                .expect("the reference was asked to play on an occupied point");
            assert!(
                Class::of(Some(&outcome), self.rules).is_legal(),
                "the reference was asked to play an illegal move"
            );
            self.removed[colour.opponent().index()] += outcome.removed_opponent;
            self.removed[colour.index()] += outcome.removed_own;
            self.board = outcome.after;
        }
        self.history.push(self.board.clone());
        self.to_move.push(colour.opponent());
        let now = self.history.len() - 1;
        if point.is_none() {
            self.cycle_start = now;
        } else if self.rules.ko == Ko::Basic {
            let occurrences = (self.cycle_start..=now)
                .filter(|&i| self.history[i] == self.board && self.to_move[i] == self.to_move[now])
                .count();
            self.long_cycle = occurrences >= 3;
        }
    }

    fn diagram(&self) -> String {
        let mut text = String::from("     ");
        for &letter in &COLUMNS[..self.size] {
            text.push(char::from(letter));
            text.push(' ');
        }
        for row in (0..self.size).rev() {
            let _ = write!(text, "\n  {:>2} ", row + 1);
            for cell in &self.board[row] {
                text.push(match cell {
                    None => '.',
                    Some(Colour::Black) => 'X',
                    Some(Colour::White) => 'O',
                });
                text.push(' ');
            }
        }
        text
    }
}

/// The reference's verdict on one (colour, point) in the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Occupied,
    /// `suicide` means a multi-stone suicide that does not repeat.
    Legal {
        capture: bool,
        suicide: bool,
    },
    /// Illegal under every rule set (and a repetition of the current
    /// arrangement, which matters to GNU Go only).
    SingleStoneSuicide,
    /// Suicide of two or more stones where the rules forbid it.
    ForbiddenSuicide,
    /// Illegal only because the result equals `history[repeats]`;
    /// `suicide` means a multi-stone suicide.
    Superko {
        suicide: bool,
        repeats: usize,
    },
}

impl Class {
    /// The verdict on a move whose outcome is `outcome` (`None`: occupied)
    /// under `rules`: suicide first, then superko.
    fn of(outcome: Option<&Outcome>, rules: RuleSet) -> Class {
        let Some(outcome) = outcome else {
            return Class::Occupied;
        };
        if outcome.removed_own == 1 {
            return Class::SingleStoneSuicide;
        }
        if outcome.removed_own > 1 && !rules.multi_stone_suicide {
            return Class::ForbiddenSuicide;
        }
        match outcome.repeats {
            None => Class::Legal {
                capture: outcome.removed_opponent > 0,
                suicide: outcome.removed_own > 0,
            },
            Some(index) => Class::Superko {
                suicide: outcome.removed_own > 0,
                repeats: index,
            },
        }
    }

    fn is_legal(self) -> bool {
        matches!(self, Class::Legal { .. })
    }

    fn describe(self, move_count: usize) -> String {
        match self {
            Class::Occupied => "occupied".to_string(),
            Class::Legal { capture, suicide } => format!(
                "legal{}{}",
                if capture { ", captures" } else { "" },
                if suicide { ", multi-stone suicide" } else { "" }
            ),
            Class::SingleStoneSuicide => "single-stone suicide".to_string(),
            Class::ForbiddenSuicide => "multi-stone suicide, forbidden by these rules".to_string(),
            Class::Superko { suicide, repeats } => format!(
                "superko{}: repeats the arrangement after move {repeats} \
                 (now at move {move_count})",
                if suicide {
                    " (multi-stone suicide)"
                } else {
                    ""
                }
            ),
        }
    }
}

// ---------------------------------------------------------------------------
// Model of GNU Go 3.8's legality test, defects included
// ---------------------------------------------------------------------------

/// A Zobrist key for the emulated GNU Go hash. GNU Go's own keys are
/// different random numbers, but hashes built from independent random keys
/// are equal exactly when the same keys were XORed in (barring collisions,
/// 2^-128 here), so equality patterns, which are all that matter, coincide.
fn zobrist(p: Point, what: u64) -> u128 {
    let mut rng = SplitMix64(((p.row * 32 + p.col) as u64) << 2 | what);
    u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())
}

fn stone_key(p: Point, colour: Colour) -> u128 {
    zobrist(p, colour.index() as u64)
}

fn ko_key(ko: Option<Point>) -> u128 {
    ko.map_or(0, |p| zobrist(p, 2))
}

fn arrangement_hash(board: &Arrangement) -> u128 {
    let mut hash = 0;
    for (row, cells) in board.iter().enumerate() {
        for (col, cell) in cells.iter().enumerate() {
            if let Some(colour) = cell {
                hash ^= stone_key(Point { row, col }, *colour);
            }
        }
    }
    hash
}

/// GNU Go's `board_ko_pos` after a move at `p`: set by `do_play_move()`
/// when a stone without friendly neighbours captures exactly one stone and
/// is left with exactly one liberty (the captured point).
fn gnugo_ko_point(
    before: &Arrangement,
    colour: Colour,
    p: Point,
    outcome: &Outcome,
) -> Option<Point> {
    let size = before.len();
    let lonely = neighbours(p, size)
        .iter()
        .all(|n| before[n.row][n.col] != Some(colour));
    let liberties: Vec<Point> = neighbours(p, size)
        .into_iter()
        .filter(|n| outcome.after[n.row][n.col].is_none())
        .collect();
    (lonely && outcome.removed_opponent == 1 && outcome.removed_own == 0 && liberties.len() == 1)
        .then(|| liberties[0])
}

/// What GNU Go knows about the game: a replica of its move history
/// bookkeeping, used to predict its `all_legal` exactly.
struct GnuGoModel {
    /// GNU Go's `move_history_pointer`.
    pointer: usize,
    /// Index into `Reference::history` of GNU Go's `initial_board`: the
    /// oldest arrangement whose hash it still stores.
    first: usize,
    /// GNU Go's `board_ko_pos` after each move, indexed like the history.
    ko: Vec<Option<Point>>,
    /// The hash GNU Go stored for each arrangement before the current one
    /// (`move_history_hash`, ko excluded), offset included.
    stored: Vec<u128>,
}

impl GnuGoModel {
    fn new() -> GnuGoModel {
        GnuGoModel {
            pointer: 0,
            first: 0,
            ko: vec![None],
            stored: Vec::new(),
        }
    }

    /// How far GNU Go's `board_hash` is off from the true hash: each fold
    /// adds (true hash of the old initial position) XOR (that of the new
    /// one), which telescopes to the true hash, ko included, of the current
    /// initial position (the empty board's, 0, until the first fold).
    fn offset(&self, reference: &Reference) -> u128 {
        arrangement_hash(&reference.history[self.first]) ^ ko_key(self.ko[self.first])
    }

    /// Mirrors `play_move()`: fold if full, then store the hash of the
    /// arrangement the move is played on. Call before `Reference::play`.
    fn on_play(&mut self, reference: &Reference, ko_after: Option<Point>) {
        if self.pointer >= GNUGO_MAX_MOVE_HISTORY {
            self.first += GNUGO_COLLAPSED_MOVES;
            self.pointer -= GNUGO_COLLAPSED_MOVES;
        }
        let stored = arrangement_hash(&reference.board) ^ self.offset(reference);
        self.stored.push(stored);
        self.pointer += 1;
        self.ko.push(ko_after);
    }

    /// Mirrors `is_allowed_move()` for a point on the board (steps numbered
    /// as there; 1 and 2, pass and off-board, do not apply). `outcome` is
    /// the reference's `outcome(colour, p)`.
    fn accepts(
        &self,
        reference: &Reference,
        colour: Colour,
        p: Point,
        outcome: Option<&Outcome>,
    ) -> bool {
        // 3. The point must be empty.
        let Some(outcome) = outcome else {
            return false;
        };
        // 4. Simple ko (redundant with superko, but it is checked first).
        let board = &reference.board;
        let now = reference.move_count();
        let west_or_east_opponent = [p.col.checked_sub(1), Some(p.col + 1)]
            .into_iter()
            .flatten()
            .any(|col| col < reference.size && board[p.row][col] == Some(colour.opponent()));
        if self.ko[now] == Some(p) && west_or_east_opponent {
            return false;
        }
        // 5. `--allow-suicide` forbids suicide without a friendly neighbour.
        let friendly_neighbour = neighbours(p, reference.size)
            .iter()
            .any(|n| board[n.row][n.col] == Some(colour));
        // `--forbid-suicide` forbids all of them.
        if outcome.removed_own > 0 && (!friendly_neighbour || !reference.rules.multi_stone_suicide)
        {
            return false;
        }
        // Without `--positional-superko` that is all.
        if reference.rules.ko == Ko::Basic {
            return true;
        }
        // 6. Superko, on the hash of the board as `really_do_trymove()`
        //    leaves it: a suicided string is still there (defect 1).
        let offset = self.offset(reference);
        let candidate = arrangement_hash(&outcome.placed) ^ offset;
        let current = arrangement_hash(board) ^ offset;
        candidate != current && !self.stored[self.first..].contains(&candidate)
    }
}

// ---------------------------------------------------------------------------
// GTP engines as child processes
// ---------------------------------------------------------------------------

/// A reply: `=id text` (success) or `?id text` (failure).
struct Reply {
    success: bool,
    text: String,
}

impl Reply {
    fn show(&self) -> String {
        format!("{} {}", if self.success { "=" } else { "?" }, self.text)
    }
}

/// An engine under [`common::Engine`], with the ids of pipelined commands
/// and the transcript a protocol failure reports.
struct Engine {
    gtp: common::Engine,
    next_id: u64,
    /// Commands sent and not yet answered, with their ids.
    pending: VecDeque<(u64, String)>,
    /// The commands that changed the position since the last `boardsize`,
    /// to reproduce a protocol failure by hand.
    transcript: Vec<String>,
}

impl Engine {
    fn spawn(name: &str, command: Command) -> Engine {
        Engine {
            gtp: common::Engine::start(name, command),
            next_id: 1,
            pending: VecDeque::new(),
            transcript: Vec::new(),
        }
    }

    /// Sends a command without waiting for its reply (GTP allows pipelining;
    /// replies come back in order, which `receive` checks through the ids).
    fn send(&mut self, command: &str) {
        let id = self.next_id;
        self.next_id += 1;
        if command.starts_with("boardsize") {
            self.transcript.clear();
        }
        let changes_position = ["boardsize", "clear_board", "ingo-rules", "play"]
            .iter()
            .any(|name| command.starts_with(name));
        if changes_position {
            self.transcript.push(command.to_string());
        }
        self.gtp.write(&format!("{id} {command}\n"));
        self.pending.push_back((id, command.to_string()));
    }

    /// Waits for the reply to the oldest command sent. Protocol breakage
    /// (crash, hang, garbled or out-of-order reply) panics at once: nothing
    /// after it could be trusted.
    fn receive(&mut self) -> Reply {
        let (id, command) = self
            .pending
            .pop_front()
            .expect("receive() called with no command pending");
        let raw = match self.gtp.tolerant_response(REPLY_TIMEOUT) {
            Ok(raw) => raw,
            Err(broken) => self.protocol_failure(&command, &broken.to_string()),
        };
        let success = match raw.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => self.protocol_failure(&command, &format!("reply `{raw}` is not =/?")),
        };
        let rest = &raw[1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if rest[..digits] != id.to_string() {
            self.protocol_failure(&command, &format!("reply `{raw}` does not carry id {id}"));
        }
        Reply {
            success,
            text: rest[digits..].trim().to_string(),
        }
    }

    fn protocol_failure(&self, command: &str, problem: &str) -> ! {
        panic!(
            "{} broke the GTP exchange on `{command}`: {problem}\n\
             the position was set up with:\n  {}",
            self.gtp.name,
            self.transcript.join("; ")
        )
    }

    /// Sends one command and waits for its reply.
    fn ask(&mut self, command: &str) -> Reply {
        self.send(command);
        self.receive()
    }
}

// ---------------------------------------------------------------------------
// The harness
// ---------------------------------------------------------------------------

/// splitmix64: tiny, deterministic, good enough to pick random moves.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0); the modulo bias is irrelevant here.
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    fn chance(&mut self, probability: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < probability * (1u64 << 53) as f64
    }
}

#[derive(Default)]
struct Stats {
    games: usize,
    /// Moves played, passes included.
    moves: usize,
    passes: usize,
    captures: usize,
    multi_stone_suicides: usize,
    /// (position, colour, point) triples where a multi-stone suicide is
    /// illegal only because the rules forbid suicide.
    forbidden_suicide_vertices: usize,
    positions: usize,
    /// (position, colour) pairs whose `all_legal` was compared.
    legal_sets: usize,
    /// (position, colour, point) triples that the reference forbids only
    /// because of superko (single-stone suicide not counted), or under the
    /// basic ko rule because they retake a ko.
    superko_vertices: usize,
    /// Of those, the ones going back further than the previous arrangement
    /// (a simple ko recapture goes back exactly that far).
    long_cycle_superko_vertices: usize,
    illegal_plays: usize,
    superko_plays: usize,
    repeating_suicide_plays: usize,
    /// Games ended by a long cycle (basic ko rule).
    long_cycles: usize,
    /// Illegal plays sent to ingo only, because GNU Go would accept them.
    ingo_only_plays: usize,
    /// (position, colour, point) triples where GNU Go differs from the
    /// reference, by cause: a repeating multi-stone suicide accepted; a
    /// repetition of an arrangement folded out of its history, or stored
    /// before its latest fold (hash offset), accepted; a legal move refused.
    gnugo_defect1: usize,
    gnugo_defect2_folded: usize,
    gnugo_defect2_offset: usize,
    gnugo_phantom: usize,
    longest_game: usize,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.moves += o.moves;
        self.passes += o.passes;
        self.captures += o.captures;
        self.multi_stone_suicides += o.multi_stone_suicides;
        self.forbidden_suicide_vertices += o.forbidden_suicide_vertices;
        self.positions += o.positions;
        self.legal_sets += o.legal_sets;
        self.superko_vertices += o.superko_vertices;
        self.long_cycle_superko_vertices += o.long_cycle_superko_vertices;
        self.illegal_plays += o.illegal_plays;
        self.superko_plays += o.superko_plays;
        self.repeating_suicide_plays += o.repeating_suicide_plays;
        self.long_cycles += o.long_cycles;
        self.ingo_only_plays += o.ingo_only_plays;
        self.gnugo_defect1 += o.gnugo_defect1;
        self.gnugo_defect2_folded += o.gnugo_defect2_folded;
        self.gnugo_defect2_offset += o.gnugo_defect2_offset;
        self.gnugo_phantom += o.gnugo_phantom;
        self.longest_game = self.longest_game.max(o.longest_game);
    }

    fn summary(&self) -> String {
        format!(
            "{} games, {} moves ({} passes, {} captures, \
             {} multi-stone suicides), longest game {} moves, {} games ended by a long \
             cycle; {} positions checked ({} legal sets compared); {} superko-illegal \
             vertices ({} long-cycle); \
             {} forbidden multi-stone suicide vertices; \
             {} illegal plays tried ({} superko, of which {} repeating multi-stone \
             suicides; {} sent to ingo only); GNU Go defects seen: \
             1 (repeating multi-stone suicide accepted) {}, \
             2 (repetition across its 500-move history fold accepted) {} \
             ({} folded away, {} hash offset), 3 (legal move refused because of the \
             hash offset) {}",
            self.games,
            self.moves,
            self.passes,
            self.captures,
            self.multi_stone_suicides,
            self.longest_game,
            self.long_cycles,
            self.positions,
            self.legal_sets,
            self.superko_vertices,
            self.long_cycle_superko_vertices,
            self.forbidden_suicide_vertices,
            self.illegal_plays,
            self.superko_plays,
            self.repeating_suicide_plays,
            self.ingo_only_plays,
            self.gnugo_defect1,
            self.gnugo_defect2_folded + self.gnugo_defect2_offset,
            self.gnugo_defect2_folded,
            self.gnugo_defect2_offset,
            self.gnugo_phantom,
        )
    }
}

/// Both verdicts on one point for one colour.
#[derive(Clone, Copy)]
struct Verdict {
    point: Point,
    class: Class,
    gnugo_accepts: bool,
}

/// One game in progress, as the harness believes it to be.
struct Game {
    reference: Reference,
    gnugo: GnuGoModel,
    /// Moves played, in GTP form, to replay a failure by hand.
    moves: Vec<String>,
    last_colour: Colour,
    last_was_pass: bool,
}

impl Game {
    fn verdicts(&self, colour: Colour) -> Vec<Verdict> {
        self.reference
            .all_points()
            .map(|point| {
                let outcome = self.reference.outcome(colour, point);
                let class = Class::of(outcome.as_ref(), self.reference.rules);
                // Without GNU Go, it is taken to agree with the reference.
                let gnugo_accepts = match self.reference.rules.gnugo {
                    Some(_) => self
                        .gnugo
                        .accepts(&self.reference, colour, point, outcome.as_ref()),
                    None => class.is_legal(),
                };
                Verdict {
                    point,
                    class,
                    gnugo_accepts,
                }
            })
            .collect()
    }

    fn replay(&self) -> String {
        let mut text = format!(
            "boardsize {}; clear_board; ingo-rules {}",
            self.reference.size, self.reference.rules.name
        );
        for m in &self.moves {
            text.push_str("; play ");
            text.push_str(m);
        }
        text
    }

    /// Where a failure happened, in enough detail to reproduce it by hand.
    fn context(&self) -> String {
        format!(
            "rules {5}, board {0}x{0}, after {1} moves (GNU Go's history starts at move {2}); \
             replay with:\n  {3}\n{4}",
            self.reference.size,
            self.reference.move_count(),
            self.gnugo.first,
            self.replay(),
            self.reference.diagram(),
            self.reference.rules.name,
        )
    }
}

struct Harness {
    ingo: Engine,
    /// GNU Go in each of [`GNUGO_CONFIGS`].
    gnugo: Vec<Engine>,
    /// The rule set of the games being played.
    rules: RuleSet,
    rng: SplitMix64,
    stats: Stats,
    failures: Vec<String>,
}

impl Harness {
    /// ingo, and GNU Go in each of its configurations.
    fn start() -> Harness {
        let gnugo = GNUGO_CONFIGS
            .iter()
            .map(|args| {
                let mut command = Command::new(GNUGO);
                command.args(*args);
                Engine::spawn("GNU Go", command)
            })
            .collect();
        Harness {
            ingo: Engine::spawn("ingo", common::ingo(&[])),
            gnugo,
            rules: RULE_SETS[0],
            rng: SplitMix64(SEED),
            stats: Stats::default(),
            failures: Vec::new(),
        }
    }

    /// Plays `schedule` as round `round`: under `RULE_SETS[round % 8]`,
    /// with that round's own seed (round 0's is [`SEED`]). Returns the
    /// round's counts; disagreements go to `failures`.
    fn round(&mut self, round: usize, schedule: &[Plan], started: Instant) -> Stats {
        self.rules = RULE_SETS[round % RULE_SETS.len()];
        self.rng = SplitMix64(SEED ^ (round as u64).wrapping_mul(0xA076_1D64_78BD_642F));
        self.stats = Stats::default();
        for plan in schedule {
            let positions_before = self.stats.positions;
            let games_before = self.stats.games;
            for _ in 0..plan.games {
                if self.failures.len() >= MAX_FAILURES {
                    break;
                }
                if let Err(failure) = self.play_game(plan.size, plan.max_moves) {
                    self.failures.push(failure);
                }
            }
            println!(
                "gnugo_crosscheck: round {round}, {1}: {0}x{0}: {2} games, {3} positions \
                 checked, {4:.1}s so far",
                plan.size,
                self.rules.name,
                self.stats.games - games_before,
                self.stats.positions - positions_before,
                started.elapsed().as_secs_f64()
            );
        }
        let s = std::mem::take(&mut self.stats);
        println!(
            "gnugo_crosscheck summary, round {round}, {}: {}; {:.1}s",
            self.rules.name,
            s.summary(),
            started.elapsed().as_secs_f64()
        );
        s
    }

    fn assert_no_failures(&self) {
        assert!(
            self.failures.is_empty(),
            "{} disagreement(s) (each ended its game; at most {MAX_FAILURES} are collected):\n\n{}",
            self.failures.len(),
            self.failures.join("\n\n")
        );
    }

    /// Sends each engine its own batch, both before reading anything, so the
    /// two engines work in parallel; returns the replies in order.
    /// Under rules without GNU Go, `to_gnugo` must be empty.
    fn exchange(&mut self, to_ingo: &[String], to_gnugo: &[String]) -> (Vec<Reply>, Vec<Reply>) {
        let gnugo = match self.rules.gnugo {
            Some(k) => &mut self.gnugo[k],
            None => {
                assert!(to_gnugo.is_empty(), "{} has no GNU Go", self.rules.name);
                &mut self.gnugo[0]
            }
        };
        for command in to_ingo {
            self.ingo.send(command);
        }
        for command in to_gnugo {
            gnugo.send(command);
        }
        let from_ingo = to_ingo.iter().map(|_| self.ingo.receive()).collect();
        let from_gnugo = to_gnugo.iter().map(|_| gnugo.receive()).collect();
        (from_ingo, from_gnugo)
    }

    /// The same commands to ingo and, under rules it judges, GNU Go.
    fn both(&mut self, commands: &[String]) -> (Vec<Reply>, Vec<Reply>) {
        let to_gnugo = if self.rules.gnugo.is_some() {
            commands
        } else {
            &[]
        };
        self.exchange(commands, to_gnugo)
    }

    /// Plays one random game, checking every position; `Err` describes the
    /// first disagreement, after which the game cannot go on.
    fn play_game(&mut self, size: usize, max_moves: usize) -> Result<(), String> {
        let setup = [format!("boardsize {size}"), "clear_board".to_string()];
        let to_ingo = [
            setup[0].clone(),
            setup[1].clone(),
            format!("ingo-rules {}", self.rules.name),
        ];
        let to_gnugo: &[String] = if self.rules.gnugo.is_some() {
            &setup
        } else {
            &[]
        };
        let (from_ingo, from_gnugo) = self.exchange(&to_ingo, to_gnugo);
        for (name, commands, replies) in [
            ("ingo", &to_ingo[..], &from_ingo),
            ("GNU Go", to_gnugo, &from_gnugo),
        ] {
            for (command, reply) in commands.iter().zip(replies) {
                if !reply.success {
                    return Err(format!("{name} refused `{command}`: {}", reply.show()));
                }
            }
        }
        let mut game = Game {
            reference: Reference::new(size, self.rules),
            gnugo: GnuGoModel::new(),
            moves: Vec::new(),
            last_colour: Colour::White,
            last_was_pass: false,
        };
        self.stats.games += 1;
        let result = self.run_game(&mut game, max_moves);
        self.stats.longest_game = self.stats.longest_game.max(game.reference.move_count());
        result
    }

    fn run_game(&mut self, game: &mut Game, max_moves: usize) -> Result<(), String> {
        // The verdicts on every point of the current position, per colour.
        let mut verdicts = self.check_position(game)?;
        // Illegal tries do not advance the game, so bound the steps too.
        let mut steps = 0;
        while game.reference.move_count() < max_moves && steps < 2 * max_moves {
            steps += 1;
            // The first two moves are Black then White, both stones: ingo
            // counts Black stones played before White's first move as
            // handicap (spec 1.5), which this test is not about.
            let opening = game.reference.move_count() < 2;
            let colour = if !opening && self.rng.chance(P_SAME_COLOUR) {
                game.last_colour
            } else {
                game.last_colour.opponent()
            };

            if !opening && self.rng.chance(P_ILLEGAL_TRY) {
                let now = game.reference.move_count();
                if let Some(verdict) = self.pick_illegal(now, &verdicts[colour.index()]) {
                    self.try_illegal(game, colour, &verdict)?;
                    verdicts = self.check_position(game)?;
                    continue;
                }
            }

            let mut mover = colour;
            let mut choice = self.pick_legal(&verdicts[mover.index()]);
            if choice.is_none() && !opening {
                mover = colour.opponent();
                choice = self.pick_legal(&verdicts[mover.index()]);
            }
            let point = match choice {
                Some(_) if !opening && !game.last_was_pass && self.rng.chance(P_PASS) => None,
                Some(p) => Some(p),
                // Nobody can put a stone down: one pass is fine, a second
                // would stop the game (spec 1.3), so end it instead.
                None if !game.last_was_pass && !opening => None,
                None => break,
            };
            self.play(game, mover, point)?;
            if game.reference.long_cycle {
                return self.check_long_cycle(game);
            }
            verdicts = self.check_position(game)?;
        }
        Ok(())
    }

    /// After the move that repeated a position a third time since the
    /// last pass (basic ko rule), ingo must say the game is over and why,
    /// and take no more moves; the game stops there.
    fn check_long_cycle(&mut self, game: &Game) -> Result<(), String> {
        self.stats.long_cycles += 1;
        let commands = ["ingo-phase".to_string(), "all_legal black".to_string()];
        let (from_ingo, _) = self.exchange(&commands, &[]);
        let (phase, legal) = (&from_ingo[0], &from_ingo[1]);
        // No result under the Japanese rules (1989, Article 12), a draw
        // under the Korean (README, "Rules in plain words").
        let want = if self.rules.name == "korean" {
            "finished draw (long cycle)"
        } else {
            "finished no-result (long cycle)"
        };
        if !phase.success || phase.text != want {
            return Err(format!(
                "the position occurred a third time since the last pass, but `ingo-phase` \
                 answered `{}`, not `{want}`\n  {}",
                phase.show(),
                game.context()
            ));
        }
        if !legal.success || !legal.text.is_empty() {
            return Err(format!(
                "the game ended in a long cycle, but `all_legal black` answered `{}`\n  {}",
                legal.show(),
                game.context()
            ));
        }
        Ok(())
    }

    /// A random legal point among `verdicts` (one colour's), biased towards
    /// multi-stone suicides and captures, which are what feed superko
    /// situations. A point GNU Go would wrongly refuse is left out, so that
    /// both engines stay in the same position.
    fn pick_legal(&mut self, verdicts: &[Verdict]) -> Option<Point> {
        let mut weighted = Vec::new();
        for verdict in verdicts {
            let weight = match verdict.class {
                _ if !verdict.gnugo_accepts => 0,
                Class::Legal { suicide: true, .. } => 12,
                Class::Legal { capture: true, .. } => 4,
                Class::Legal { .. } => 1,
                _ => 0,
            };
            weighted.extend(std::iter::repeat_n(verdict.point, weight));
        }
        (!weighted.is_empty()).then(|| weighted[self.rng.below(weighted.len())])
    }

    /// A random illegal point among `verdicts` (one colour's, at move
    /// `now`): first a random kind among those present (so rare kinds get
    /// tried as often as common ones; superko kinds, the point of this test,
    /// mostly), then a random point of that kind.
    fn pick_illegal(&mut self, now: usize, verdicts: &[Verdict]) -> Option<Verdict> {
        let mut kinds: [Vec<Verdict>; 7] = Default::default();
        for &verdict in verdicts {
            let kind = match verdict.class {
                Class::Legal { .. } => continue,
                Class::Occupied => 0,
                Class::SingleStoneSuicide => 1,
                Class::Superko { suicide: true, .. } => 2,
                Class::Superko { .. } if verdict.gnugo_accepts => 3,
                Class::Superko { repeats, .. } if repeats + 1 == now => 4,
                Class::Superko { .. } => 5,
                Class::ForbiddenSuicide => 6,
            };
            kinds[kind].push(verdict);
        }
        let superko: Vec<usize> = (2..6).filter(|&k| !kinds[k].is_empty()).collect();
        let present: Vec<usize> = if !superko.is_empty() && self.rng.chance(P_PREFER_SUPERKO) {
            superko
        } else {
            (0..kinds.len()).filter(|&k| !kinds[k].is_empty()).collect()
        };
        if present.is_empty() {
            return None;
        }
        let kind = &mut kinds[present[self.rng.below(present.len())]];
        let index = self.rng.below(kind.len());
        Some(kind.swap_remove(index))
    }

    fn play(
        &mut self,
        game: &mut Game,
        colour: Colour,
        point: Option<Point>,
    ) -> Result<(), String> {
        let text = point.map_or_else(|| "pass".to_string(), vertex);
        let command = format!("play {} {text}", colour.gtp());
        let (from_ingo, from_gnugo) = self.both(std::slice::from_ref(&command));
        for (name, reply) in [("ingo", from_ingo.first()), ("GNU Go", from_gnugo.first())] {
            let Some(reply) = reply else { continue };
            if !reply.success {
                let why = point.map_or("pass".to_string(), |p| {
                    game.reference
                        .classify(colour, p)
                        .describe(game.reference.move_count())
                });
                return Err(format!(
                    "{name} refused a legal move: `{command}` -> `{}`\n  reference: {why}\n  {}",
                    reply.show(),
                    game.context()
                ));
            }
        }
        self.stats.moves += 1;
        let ko_after = match point {
            None => {
                self.stats.passes += 1;
                None
            }
            Some(p) => {
                let outcome = game
                    .reference
                    .outcome(colour, p)
                    .expect("a chosen legal move is on an empty point");
                if outcome.removed_opponent > 0 {
                    self.stats.captures += 1;
                }
                if outcome.removed_own > 0 {
                    self.stats.multi_stone_suicides += 1;
                }
                gnugo_ko_point(&game.reference.board, colour, p, &outcome)
            }
        };
        game.gnugo.on_play(&game.reference, ko_after);
        game.reference.play(colour, point);
        let letter = if colour == Colour::Black { "B" } else { "W" };
        game.moves.push(format!("{letter} {text}"));
        game.last_colour = colour;
        game.last_was_pass = point.is_none();
        Ok(())
    }

    /// Plays an illegal move. ingo must refuse it with `? illegal move`, and
    /// so must GNU Go, unless its defects make it legal there: then it is
    /// not sent to GNU Go at all (GNU Go's `undo` would not restore its
    /// hash offset faithfully), its `all_legal` already shows the defect.
    fn try_illegal(
        &mut self,
        game: &mut Game,
        colour: Colour,
        verdict: &Verdict,
    ) -> Result<(), String> {
        let command = format!("play {} {}", colour.gtp(), vertex(verdict.point));
        let to_gnugo = if self.rules.gnugo.is_none() {
            Vec::new()
        } else if verdict.gnugo_accepts {
            self.stats.ingo_only_plays += 1;
            Vec::new()
        } else {
            vec![command.clone()]
        };
        let (from_ingo, from_gnugo) = self.exchange(std::slice::from_ref(&command), &to_gnugo);
        let why = verdict.class.describe(game.reference.move_count());
        self.stats.illegal_plays += 1;
        if let Class::Superko { suicide, .. } = verdict.class {
            self.stats.superko_plays += 1;
            if suicide {
                self.stats.repeating_suicide_plays += 1;
            }
        }
        let replies = [("ingo", from_ingo.first()), ("GNU Go", from_gnugo.first())];
        for (name, reply) in replies {
            if let Some(reply) = reply {
                if reply.success || reply.text != "illegal move" {
                    return Err(format!(
                        "{name} did not refuse an illegal move with `? illegal move`: \
                         `{command}` -> `{}`\n  reference: {why}\n  {}",
                        reply.show(),
                        game.context()
                    ));
                }
            }
        }
        Ok(())
    }

    /// Compares everything both engines say about the current position with
    /// the reference (ingo) or with the model of GNU Go (GNU Go): legal
    /// points and stones of each colour, and capture counts. Returns the
    /// verdicts on every point for Black and for White.
    fn check_position(&mut self, game: &Game) -> Result<[Vec<Verdict>; 2], String> {
        const QUERIES: [&str; 6] = [
            "all_legal black",
            "all_legal white",
            "list_stones black",
            "list_stones white",
            "captures black",
            "captures white",
        ];
        let commands: Vec<String> = QUERIES.iter().map(|q| q.to_string()).collect();
        let (from_ingo, from_gnugo) = self.both(&commands);
        self.stats.positions += 1;
        let reference = &game.reference;
        let size = reference.size;
        let now = reference.move_count();

        for (name, replies) in [("ingo", &from_ingo), ("GNU Go", &from_gnugo)] {
            for (query, reply) in QUERIES.iter().zip(replies) {
                if !reply.success {
                    return Err(format!(
                        "{name} failed `{query}`: `{}`\n  {}",
                        reply.show(),
                        game.context()
                    ));
                }
            }
        }

        let verdicts = [game.verdicts(Colour::Black), game.verdicts(Colour::White)];
        for (k, colour) in [Colour::Black, Colour::White].into_iter().enumerate() {
            let verdicts = &verdicts[k];
            self.stats.legal_sets += 1;
            for v in verdicts {
                match v.class {
                    Class::Superko { suicide, repeats } => {
                        self.stats.superko_vertices += 1;
                        if repeats + 1 < now {
                            self.stats.long_cycle_superko_vertices += 1;
                        }
                        if v.gnugo_accepts {
                            if suicide {
                                self.stats.gnugo_defect1 += 1;
                            } else if repeats < game.gnugo.first {
                                self.stats.gnugo_defect2_folded += 1;
                            } else {
                                self.stats.gnugo_defect2_offset += 1;
                            }
                        }
                    }
                    Class::Legal { .. } if !v.gnugo_accepts => self.stats.gnugo_phantom += 1,
                    Class::ForbiddenSuicide => self.stats.forbidden_suicide_vertices += 1,
                    _ => {}
                }
            }
            let legal: BTreeSet<Point> = verdicts
                .iter()
                .filter(|v| v.class.is_legal())
                .map(|v| v.point)
                .collect();
            let gnugo_legal: BTreeSet<Point> = verdicts
                .iter()
                .filter(|v| v.gnugo_accepts)
                .map(|v| v.point)
                .collect();

            let query = QUERIES[k];
            let mut checks = vec![("ingo", &legal, &from_ingo[k], "the reference")];
            if let Some(reply) = from_gnugo.get(k) {
                checks.push((
                    "GNU Go",
                    &gnugo_legal,
                    reply,
                    "the model of GNU Go's defects",
                ));
            }
            for (name, expected, reply, judge) in checks {
                let answered = parse_vertex_set(&reply.text, size).map_err(|e| {
                    format!(
                        "{name} `{query}` answer `{}`: {e}\n  {}",
                        reply.show(),
                        game.context()
                    )
                })?;
                if answered != *expected {
                    let explain = |points: BTreeSet<Point>| -> String {
                        points
                            .iter()
                            .map(|&p| {
                                let class = reference.classify(colour, p);
                                format!("\n      {} ({})", vertex(p), class.describe(now))
                            })
                            .collect()
                    };
                    return Err(format!(
                        "{name} `{query}` disagrees with {judge}\n  \
                         {name} lists but should not:{}\n  \
                         {name} omits but should list:{}\n  \
                         {name} answered: {}\n  expected: {}\n  {}",
                        explain(answered.difference(expected).copied().collect()),
                        explain(expected.difference(&answered).copied().collect()),
                        vertex_list(&answered),
                        vertex_list(expected),
                        game.context()
                    ));
                }
            }

            let stones = reference.stones(colour);
            let captures = reference.removed[colour.opponent().index()];
            for (name, replies) in [("ingo", &from_ingo), ("GNU Go", &from_gnugo)] {
                if replies.is_empty() {
                    continue;
                }
                let listed = parse_vertex_set(&replies[2 + k].text, size).map_err(|e| {
                    format!(
                        "{name} `{}` answer: {e}\n  {}",
                        QUERIES[2 + k],
                        game.context()
                    )
                })?;
                if listed != stones {
                    return Err(format!(
                        "{name} `{}` disagrees with the reference: answered {}, expected {}\n  {}",
                        QUERIES[2 + k],
                        vertex_list(&listed),
                        vertex_list(&stones),
                        game.context()
                    ));
                }
                let counted = &replies[4 + k].text;
                if counted.parse::<usize>() != Ok(captures) {
                    return Err(format!(
                        "{name} `{}` answered `{counted}`, but the reference counts {captures} \
                         opposing stones removed (by captures and suicides)\n  {}",
                        QUERIES[4 + k],
                        game.context()
                    ));
                }
            }
        }
        Ok(verdicts)
    }
}
