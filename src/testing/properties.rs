//! Property tests: random games, checked move by move against a small
//! reference model written here from the rules text, plus text round trips.
//!
//! Moves are random points (legal or not) and passes, for random colours
//! (mostly the player to move, sometimes either: GTP lets any colour play),
//! on every rule preset. Sizes 2..=5 are favoured because that is where
//! superko, suicide and whole-board captures happen all the time.
//!
//! Runs are reproducible: the seed is fixed ([`SEED`]) unless
//! `PROPTEST_RNG_SEED` is set, and `PROPTEST_CASES` overrides the case
//! counts, so a longer exploration is `PROPTEST_CASES=5000
//! PROPTEST_RNG_SEED=$RANDOM cargo test --lib properties`.
//!
//! They use only the public API, like an integration test, but live in the
//! library's test build: a mutation test (`.cargo/mutants.toml`) then
//! compiles the crate once per mutant instead of twice, about half of each
//! mutant's build.

use std::cell::RefCell;

use crate::board::{column_letter, Board, Color, Point, MAX_SIZE};
use crate::rules::Rules;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, RngSeed, TestRunner};

use super::games::*;
use super::model::*;

/// Default RNG seed, so that a plain `cargo test` is deterministic.
const SEED: u64 = 0x5eed_1d60;

/// Random games checked against the reference model after every step.
const MODEL_CASES: u32 = 1024;
/// Random games taken back event by event.
const UNDO_CASES: u32 = 256;
/// Random games whose diagram is printed and read back after every step.
const DIAGRAM_CASES: u32 = 128;
/// Cheap text round trips.
const TEXT_CASES: u32 = 1024;
/// Random small-board games per rule set under forced hash collisions,
/// every candidate position checked after every step: enough for the
/// 10,000 positions and 1,000 collisions per rule set that
/// `forced_hash_collisions_change_nothing` demands.
const COLLISION_CASES: u32 = 340;
/// Hash bits that key the superko history in the collision games: with
/// at most a few hundred positions per game, 8 bits make a collision
/// likely on every lookup of a long game.
const COLLISION_HASH_BITS: u32 = 8;

/// Deterministic by default, but the usual proptest environment variables
/// still win, so a developer can explore more seeds and cases. A failure is
/// saved next to this file (`src/testing/properties.proptest-regressions`) and
/// replayed first on later runs.
pub(super) fn config(cases: u32) -> ProptestConfig {
    let base = ProptestConfig::default();
    ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            base.cases
        } else {
            cases
        },
        rng_seed: match base.rng_seed {
            RngSeed::Random => RngSeed::Fixed(SEED),
            fixed => fixed,
        },
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..base
    }
}

// ---------------------------------------------------------------------------
// Diagrams
// ---------------------------------------------------------------------------

/// Token spellings the diagram reader accepts, by kind.
const BLACK_TOKENS: [char; 3] = ['X', 'x', '#'];
const WHITE_TOKENS: [char; 3] = ['O', 'o', '@'];
const EMPTY_TOKENS: [char; 2] = ['.', '+'];

/// `board.diagram()` must be a header of column letters, one row per line
/// (top row first) framed by its number, and the header again; its body
/// must read back as the board. A diagram of our own with mixed token
/// spellings must read back too.
fn check_diagram(board: &Board, style: usize, spaced: bool) -> Result<(), TestCaseError> {
    let size = board.size();
    let text = board.diagram();
    let lines: Vec<&str> = text.lines().collect();
    prop_assert_eq!(lines.len(), usize::from(size) + 2, "{}", text);
    let letters: Vec<String> = (0..size).map(|x| column_letter(x).to_string()).collect();
    for header in [lines[0], lines[lines.len() - 1]] {
        let tokens: Vec<&str> = header.split_whitespace().collect();
        prop_assert_eq!(&tokens, &letters, "header of\n{}", text);
    }
    let mut body = String::new();
    let mut own = String::new();
    for (row, line) in lines[1..=usize::from(size)].iter().enumerate() {
        let y = size - 1 - row as u8;
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let label = (u32::from(y) + 1).to_string();
        prop_assert_eq!(tokens.len(), usize::from(size) + 2, "{}", text);
        prop_assert_eq!(tokens[0], label.as_str(), "{}", text);
        prop_assert_eq!(tokens[tokens.len() - 1], label.as_str(), "{}", text);
        body.push_str(&tokens[1..tokens.len() - 1].join(" "));
        body.push('\n');
        for x in 0..size {
            // Vary the spelling from cell to cell, not only per diagram.
            let k = style + usize::from(x) + 2 * usize::from(y);
            own.push(match board.color_at(point(x, y, size)) {
                Some(Color::Black) => BLACK_TOKENS[k % BLACK_TOKENS.len()],
                Some(Color::White) => WHITE_TOKENS[k % WHITE_TOKENS.len()],
                None => EMPTY_TOKENS[k % EMPTY_TOKENS.len()],
            });
            if spaced {
                own.push(' ');
            }
        }
        own.push('\n');
    }
    prop_assert_eq!(body.parse::<Board>(), Ok(board.clone()), "{}", text);
    prop_assert_eq!(own.parse::<Board>(), Ok(board.clone()), "{}", own);
    Ok(())
}

// ---------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(MODEL_CASES))]

    /// Properties 1–4 (see `check_against_model`).
    #[test]
    fn random_games_follow_the_rules(plan in plan()) {
        check_against_model(&plan, 64, false, &mut Tally::default())?;
    }
}

proptest! {
    #![proptest_config(config(UNDO_CASES))]

    /// Property 5 (see `check_undo`).
    #[test]
    fn undo_restores_every_earlier_state(plan in plan()) {
        check_undo(&plan)?;
    }
}

proptest! {
    #![proptest_config(config(DIAGRAM_CASES))]

    /// Property 6, diagrams: after every step of a random game.
    #[test]
    fn diagrams_round_trip(plan in plan(), style in 0usize..6, spaced in any::<bool>()) {
        let mut game = plan.new_game();
        check_diagram(game.board(), style, spaced)?;
        for step in &plan.steps {
            if play_step(&mut game, step)? {
                check_diagram(game.board(), style, spaced)?;
            }
        }
    }
}

proptest! {
    #![proptest_config(config(TEXT_CASES))]

    /// Property 6, vertices: every vertex prints and parses back, in either
    /// case, on its board; a vertex of a bigger board is refused exactly
    /// when it is off this one.
    #[test]
    fn vertices_round_trip(size in 2..=MAX_SIZE, x in 0..MAX_SIZE, y in 0..MAX_SIZE) {
        let on_big = point(x, y, MAX_SIZE);
        let text = on_big.vertex().to_string();
        let on_board = x < size && y < size;
        prop_assert_eq!(Point::parse(&text, size).is_ok(), on_board, "{} on {}", text, size);
        if on_board {
            let p = point(x, y, size);
            prop_assert_eq!(p.vertex().to_string(), text.clone());
            prop_assert_eq!(Point::parse(&text, size), Ok(p));
            prop_assert_eq!(Point::parse(&text.to_lowercase(), size), Ok(p));
            prop_assert_eq!(p.coords(), (x, y));
        }
    }

    /// Property 6, rules: every preset prints as its name and parses back
    /// from any spelling the reader promises to accept (any case, `_` or
    /// ` ` for `-`, surrounding blanks).
    #[test]
    fn rules_round_trip(
        preset in 0..Rules::PRESETS.len(),
        upper in any::<u32>(),
        separator in prop_oneof![Just('-'), Just('_'), Just(' ')],
        padded in any::<bool>(),
    ) {
        let (name, rules) = Rules::PRESETS[preset];
        prop_assert_eq!(rules.to_string(), name);
        prop_assert_eq!(name.parse::<Rules>(), Ok(rules));
        let mut spelt: String = name
            .chars()
            .enumerate()
            .map(|(i, c)| match c {
                '-' => separator,
                c if upper & (1 << (i % 32)) != 0 => c.to_ascii_uppercase(),
                c => c,
            })
            .collect();
        if padded {
            spelt = format!("  {spelt}\t");
        }
        let parsed = spelt.parse::<Rules>();
        prop_assert_eq!(parsed.clone(), Ok(rules), "{:?}", spelt);
        prop_assert_eq!(parsed.map(|r| r.to_string()), Ok(name.to_string()));
    }
}

// ---------------------------------------------------------------------------
// Forced hash collisions
// ---------------------------------------------------------------------------

/// Superko must never be fooled by a hash collision. With 64 bits of hash
/// a collision never happens in a test, so here the history is keyed on
/// only [`COLLISION_HASH_BITS`] bits: under every rule set, random games on
/// boards of 2..=5 are checked step by step against the model, with the
/// legal-move lists, `repeats`, the brute-force oracle and the collision
/// count compared on every position any move would make. The run must
/// reach 10,000 positions and 1,000 real collisions per rule set (unless
/// `PROPTEST_CASES` shortens it, as the mutation tests do), and must see
/// both answers of `repeats`.
#[test]
fn forced_hash_collisions_change_nothing() {
    let full_run = std::env::var_os("PROPTEST_CASES").is_none();
    for (name, rules) in Rules::PRESETS {
        let tally = RefCell::new(Tally::default());
        let mut config = config(COLLISION_CASES);
        config.source_file = Some(file!());
        let mut runner = TestRunner::new(config);
        let result = runner.run(&plan_of(2u8..=5, Just(rules)), |plan| {
            let mut game = Tally::default();
            check_against_model(&plan, COLLISION_HASH_BITS, true, &mut game)?;
            let mut t = tally.borrow_mut();
            t.positions += game.positions;
            t.lookups += game.lookups;
            t.repeated += game.repeated;
            t.collisions += game.collisions;
            Ok(())
        });
        if let Err(e) = result {
            panic!("{name}: {e}");
        }
        let t = tally.into_inner();
        eprintln!("{name}: {t:?}");
        assert!(t.repeated > 0 && t.repeated < t.lookups, "{name}: {t:?}");
        if full_run {
            assert!(t.positions >= 10_000, "{name}: {t:?}");
            assert!(t.collisions >= 1_000, "{name}: {t:?}");
        }
    }
}

// ---------------------------------------------------------------------------
// The equalities the tests rely on
// ---------------------------------------------------------------------------

/// `Board::eq` decides whether a refused move "changed nothing" and whether
/// undo restored a game, so it must tell boards apart that differ in size,
/// in one stone, or in one stone's colour, and only ignore what it says it
/// ignores (the simple-ko point and capture counts).
#[test]
fn board_equality_tells_boards_apart() {
    let base: Board = "X O . .
                       . X O .
                       . . X O
                       . . . ."
        .parse()
        .expect("diagram");
    let same: Board = "X O . .\n. X O .\n. . X O\n. . . ."
        .parse()
        .expect("diagram");
    assert_eq!(base, same);
    for (what, other) in [
        (
            "size",
            "X O . . .\n. X O . .\n. . X O .\n. . . . .\n. . . . .",
        ),
        ("one stone more", "X O . .\n. X O .\n. . X O\n. . . X"),
        ("one stone less", "X O . .\n. X O .\n. . X .\n. . . ."),
        ("one colour", "X O . .\n. X O .\n. . O O\n. . . ."),
        ("empty", ". . . .\n. . . .\n. . . .\n. . . ."),
    ] {
        let other: Board = other.parse().expect("diagram");
        assert_ne!(base, other, "{what}");
        assert_ne!(other, base, "{what}");
    }
    assert_ne!(Board::new(2), Board::new(3));
    // A capture leaves a ko point and a capture count behind; the same
    // arrangement reached without them is still equal.
    let mut captured: Board = ". X O .\nX O . O\n. X O .\n. . . ."
        .parse()
        .expect("diagram");
    captured.play_unchecked(Color::Black, Point::parse("C3", 4).expect("C3"));
    assert!(captured.ko().is_some());
    let plain: Board = ". X O .\nX . X O\n. X O .\n. . . ."
        .parse()
        .expect("diagram");
    assert_eq!(captured, plain);
}

/// `Debug` of a board is how failing tests show it: the diagram, labelled.
#[test]
fn board_debug_shows_the_diagram() {
    let b: Board = "X .\n. O".parse().expect("diagram");
    let text = format!("{b:?}");
    assert!(text.starts_with("Board {\n"), "{text}");
    assert!(text.ends_with('}'), "{text}");
    assert!(text.contains(&b.diagram()), "{text}");
    assert_ne!(text, format!("{:?}", Board::new(2)));
}

// ---------------------------------------------------------------------------
// Territory and area (issue 21)
// ---------------------------------------------------------------------------

/// Random games whose final position is counted both ways.
const COUNT_CASES: u32 = 512;

/// The two counts of a position, told apart by what the board and the
/// prisoners say. Each string is dead or not by `dead_mask`, and the seki
/// strings are either none or the heuristic's; then, for each colour:
/// - every stone it placed is alive on the board, dead, or captured:
///   live + dead + captured = set-up + plays (the move list, counted
///   apart from the board);
/// - area − territory = live stones − prisoners + (points of its area
///   that touch a string in seki), where prisoners are the opposing
///   stones captured and dead.
fn check_counts(plan: &Plan, dead_mask: u64, with_seki: bool) -> Result<(), TestCaseError> {
    use crate::rules::{area_owners, score, territory_owners, territory_score, Move};
    let mut game = plan.new_game();
    for step in &plan.steps {
        play_step(&mut game, step)?;
    }
    let board = game.board().clone();
    let mut dead: Vec<Point> = Vec::new();
    let mut seen: Vec<Point> = Vec::new();
    for (k, p) in board
        .points()
        .filter(|&p| board.color_at(p).is_some())
        .enumerate()
    {
        if seen.contains(&p) {
            continue;
        }
        let stones = board.string_stones(p);
        seen.extend(&stones);
        if dead_mask & (1 << (k % 64)) != 0 {
            dead.extend(stones);
        }
    }
    let seki = if with_seki {
        crate::tactics::seki_stones(&board, &dead)
    } else {
        Vec::new()
    };
    let area = score(&board, &dead, 0.0, 0);
    let terr = territory_score(&board, &dead, &seki, 0.0);
    let (a_own, t_own) = (
        area_owners(&board, &dead),
        territory_owners(&board, &dead, &seki),
    );
    let setup = game.setup();
    for c in Color::ALL {
        let on_board = board.stone_count(c) as u32;
        let dead_c = dead
            .iter()
            .filter(|&&p| board.color_at(p) == Some(c))
            .count() as u32;
        let live = on_board - dead_c;
        let plays = game
            .moves()
            .filter(|m| matches!(m, Move::Play(mc, _) if *mc == c))
            .count() as u32;
        prop_assert_eq!(
            live + dead_c + board.removed(c),
            setup.stone_count(c) as u32 + plays,
            "stones placed by {:?}",
            c
        );
        let prisoners = board.removed(!c) + (on_board_of(&board, !c) - live_of(&board, !c, &dead));
        prop_assert_eq!(terr.prisoners[c], prisoners);
        prop_assert_eq!(area.stones[c], live);
        // Points of c's area lost to seki: empty (or dead) points that
        // area scoring gives c and territory scoring gives nobody.
        let lost = board
            .points()
            .filter(|&p| {
                a_own[p.index()] == Some(c)
                    && t_own[p.index()].is_none()
                    && (board.color_at(p).is_none() || dead.contains(&p))
            })
            .count() as u32;
        prop_assert!(with_seki || lost == 0, "no seki, no points lost");
        prop_assert_eq!(
            i64::from(area.points(c)) - i64::from(terr.points(c)),
            i64::from(live) - i64::from(prisoners) + i64::from(lost),
            "{:?}: area {:?} territory {:?} dead {:?} seki {:?}",
            c,
            area,
            terr,
            dead,
            seki
        );
    }
    Ok(())
}

fn on_board_of(board: &Board, c: Color) -> u32 {
    board.stone_count(c) as u32
}

fn live_of(board: &Board, c: Color, dead: &[Point]) -> u32 {
    board
        .points()
        .filter(|&p| board.color_at(p) == Some(c) && !dead.contains(&p))
        .count() as u32
}

proptest! {
    #![proptest_config(config(COUNT_CASES))]

    /// Area and territory counts differ by exactly the live stones, the
    /// prisoners and the seki points, on random games of every size under
    /// the Japanese rules (and the stones add up to the moves played).
    #[test]
    fn territory_and_area_differ_by_stones_and_prisoners(
        plan in plan_of(board_size(), Just(Rules::JAPANESE)),
        dead_mask in any::<u64>(),
        with_seki in any::<bool>(),
    ) {
        check_counts(&plan, dead_mask, with_seki)?;
    }
}
