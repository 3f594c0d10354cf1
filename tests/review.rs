//! `ingo review` and `ingo selfplay --sgf` through the built binary: the
//! annotated record must parse and carry Sabaki's graph properties on every
//! node, the plot must be well-formed SVG showing those values, and, where
//! node and the match runner's packages are installed, Sabaki's own SGF
//! parser must read the record back (scripts/match/review-check.js).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use ingo::board::{Color, Point};
use ingo::rules::{Move, Rules};
use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;

/// A short 9x9 game (no captures), with a game-info property and a
/// comment that the review must keep.
const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7]RU[chinese]PB[Ann]PW[Bob]C[a game]\
    ;B[ee];W[gc];B[cc];W[cg];B[gf];W[dg];B[ff];W[fh];B[gh];W[eh];B[gg]\
    ;W[dd];B[dc];W[cd];B[bd];W[be];B[bc];W[ed];B[fd];W[ec];B[fc];W[eb])";

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("ingo-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn ingo(args: &[&str]) -> std::process::Output {
    common::ingo(args).output().expect("run ingo")
}

fn unknown(node: &SgfNode<Prop>, id: &str) -> Option<Vec<String>> {
    match node.get_property(id) {
        Some(Prop::Unknown(_, v)) => Some(v.clone()),
        _ => None,
    }
}

fn moves_of(root: &SgfNode<Prop>) -> Vec<String> {
    root.main_variation()
        .filter_map(|n| {
            n.properties().find_map(|p| match p {
                Prop::B(go::Move::Move(m)) => Some(format!("B{}{}", m.x, m.y)),
                Prop::W(go::Move::Move(m)) => Some(format!("W{}{}", m.x, m.y)),
                Prop::B(go::Move::Pass) => Some("Bpass".into()),
                Prop::W(go::Move::Pass) => Some("Wpass".into()),
                _ => None,
            })
        })
        .collect()
}

/// `SBKV`/`SBKS` as Sabaki writes numbers: an optional minus, digits, at
/// most two decimals, no trailing zero, no `-0`.
fn sabaki_shaped(s: &str) -> bool {
    let re = regex::Regex::new(r"^-?(0|[1-9][0-9]*)(\.[0-9]?[1-9])?$").expect("regex");
    re.is_match(s) && s != "-0"
}

#[test]
fn review_writes_an_annotated_record_and_a_plot() {
    let dir = TempDir::new("review");
    let game = dir.0.join("game.sgf");
    std::fs::write(&game, GAME).expect("write game");
    let out = dir.0.join("out");
    let run = ingo(&[
        "review",
        game.to_str().expect("path"),
        "--playouts",
        "60",
        "--threads",
        "1",
        "--seed",
        "1",
        "-o",
        out.to_str().expect("path"),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // Not a terminal: no progress bar on stderr.
    assert!(
        !String::from_utf8_lossy(&run.stderr).contains("positions"),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let sgf_path = dir.0.join("out.sgf");
    let svg_path = dir.0.join("out.svg");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.contains("out.sgf") && stdout.contains("out.svg"),
        "{stdout}"
    );

    // The record: same game, a value on every node.
    let text = std::fs::read_to_string(&sgf_path).expect("review sgf");
    let trees = go::parse(&text).expect("the review parses");
    let original = go::parse(GAME).expect("game");
    let root = &trees[0];
    assert_eq!(moves_of(root), moves_of(&original[0]));
    for id in ["SZ", "KM", "RU", "PB", "PW"] {
        assert_eq!(
            root.get_property(id),
            original[0].get_property(id),
            "root {id}"
        );
    }
    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    assert_eq!(nodes.len(), 23);
    let mut win_rates = Vec::new();
    for (i, node) in nodes.iter().enumerate() {
        let v = unknown(node, "SBKV").unwrap_or_else(|| panic!("node {i}: SBKV"));
        let s = unknown(node, "SBKS").unwrap_or_else(|| panic!("node {i}: SBKS"));
        assert_eq!((v.len(), s.len()), (1, 1), "node {i}");
        assert!(sabaki_shaped(&v[0]) && sabaki_shaped(&s[0]), "{v:?} {s:?}");
        let v: f64 = v[0].parse().expect("SBKV number");
        let s: f64 = s[0].parse().expect("SBKS number");
        assert!((0.0..=100.0).contains(&v), "node {i}: SBKV {v}");
        // No lead can exceed the board plus komi.
        assert!(s.abs() <= 81.0 + 7.0, "node {i}: SBKS {s}");
        win_rates.push(v);
        let comment = match node.get_property("C") {
            Some(Prop::C(t)) => t.text.clone(),
            _ => String::new(),
        };
        if i == 0 {
            assert!(
                comment.starts_with("a game\n\nReviewed by ingo"),
                "{comment}"
            );
        } else {
            assert!(comment.contains(&format!("Move {i}: ")), "{comment}");
            assert!(comment.contains("Black's win rate"), "{comment}");
            assert!(comment.contains("ingo's choice"), "{comment}");
        }
    }
    // Move 1 is B E5, move 22 W E8.
    let comment = |i: usize| match nodes[i].get_property("C") {
        Some(Prop::C(t)) => t.text.clone(),
        _ => String::new(),
    };
    assert!(comment(1).starts_with("Move 1: B E5\n"), "{}", comment(1));
    assert!(
        comment(22).starts_with("Move 22: W E8\n"),
        "{}",
        comment(22)
    );

    check_plot(&svg_path, &win_rates);
    check_with_sabaki(&sgf_path, &game);
}

/// The SVG is well-formed, has the title, both curves (one point per
/// position) and the mistake labels, and the win-rate curve is the SBKV
/// values drawn to scale.
fn check_plot(svg_path: &Path, win_rates: &[f64]) {
    let svg = std::fs::read_to_string(svg_path).expect("review svg");
    let doc = roxmltree::Document::parse(&svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let texts: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_string()))
        .collect();
    // The record names its players and no result.
    assert!(
        texts
            .iter()
            .any(|t| t == "ingo review of game.sgf: Ann (B) vs Bob (W)"),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t == "Black's win rate (%)"));
    assert!(texts.iter().any(|t| t == "Black's score lead (points)"));
    let points = |color: &str| -> Vec<(f64, f64)> {
        let line = doc
            .descendants()
            .find(|n| {
                n.has_tag_name("polyline")
                    && n.attribute("stroke")
                        .is_some_and(|s| s.eq_ignore_ascii_case(color))
            })
            .unwrap_or_else(|| panic!("no {color} curve"));
        line.attribute("points")
            .expect("points")
            .split_whitespace()
            .map(|xy| {
                let (x, y) = xy.split_once(',').expect("x,y");
                (x.parse().expect("x"), y.parse().expect("y"))
            })
            .collect()
    };
    let rate = points("#1F5AB4");
    assert_eq!(rate.len(), win_rates.len());
    assert_eq!(points("#DC7814").len(), win_rates.len());
    assert!(rate.windows(2).all(|w| w[0].0 < w[1].0), "x grows by move");
    // y falls linearly as the win rate rises: fit on the extremes, check
    // every point within rounding.
    let (lo, hi) = win_rates
        .iter()
        .enumerate()
        .fold((0, 0), |(lo, hi), (i, &v)| {
            (
                if v < win_rates[lo] { i } else { lo },
                if v > win_rates[hi] { i } else { hi },
            )
        });
    if win_rates[hi] - win_rates[lo] > 5.0 {
        let slope = (rate[hi].1 - rate[lo].1) / (win_rates[hi] - win_rates[lo]);
        assert!(slope < 0.0);
        for (i, &v) in win_rates.iter().enumerate() {
            let y = rate[lo].1 + slope * (v - win_rates[lo]);
            assert!(
                (rate[i].1 - y).abs() <= 1.5,
                "position {i}: y {} for {v}%",
                rate[i].1
            );
        }
    }
    // Mistake labels name real moves of the game: "N C V (-P%)".
    let game = ingo::sgf::parse(GAME, None, Rules::CHINESE, 7.0).expect("game");
    let moves: Vec<Move> = game.moves().collect();
    let label = regex::Regex::new(r"^(\d+) ([BW]) ([A-T]\d+|pass) \(-\d+%\)$").expect("regex");
    let mut labels = 0;
    // Each label's box, as the plot estimates it (13 px high, 7 px a
    // character): no two overlap.
    let mut boxes: Vec<(f64, f64, f64, f64)> = Vec::new();
    for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let t = node.text().map(str::trim).unwrap_or("");
        let Some(c) = label.captures(t) else { continue };
        let at = |a: &str| -> f64 {
            node.attribute(a)
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{t}: {a}"))
        };
        let (x, y) = (at("x"), at("y"));
        let b = (x, y, x + 7.0 * t.chars().count() as f64, y + 13.0);
        for o in &boxes {
            assert!(
                !(b.0 < o.2 && o.0 < b.2 && b.1 < o.3 && o.1 < b.3),
                "{t} at {b:?} overlaps {o:?}"
            );
        }
        boxes.push(b);
        labels += 1;
        let n: usize = c[1].parse().expect("number");
        let expected = match moves[n - 1] {
            Move::Play(color, p) => format!("{} {}", color.letter(), p.vertex()),
            Move::Pass(color) => format!("{} pass", color.letter()),
        };
        assert_eq!(format!("{} {}", &c[2], &c[3]), expected, "{t}");
    }
    assert!(
        (1..=10).contains(&labels),
        "{labels} mistake labels: {texts:?}"
    );
}

/// Sabaki's parser reads the record back, when node and the match
/// runner's packages (`cd scripts/match && npm ci`) are there.
fn check_with_sabaki(sgf_path: &Path, game: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("scripts/match/review-check.js");
    let node_ok = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !node_ok {
        eprintln!("SKIPPED the @sabaki/sgf check: node is not installed");
        return;
    }
    if !root.join("scripts/match/node_modules/@sabaki/sgf").exists() {
        eprintln!(
            "SKIPPED the @sabaki/sgf check: run `npm ci` in scripts/match \
             (node --test scripts/match/test/ checks it then)"
        );
        return;
    }
    let run = Command::new("node")
        .arg(&script)
        .arg(sgf_path)
        .arg(game)
        .output()
        .expect("run node");
    assert!(
        run.status.success(),
        "review-check: {}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

#[test]
fn review_refuses_what_it_cannot_read() {
    let dir = TempDir::new("review-bad");
    let bad = dir.0.join("bad.sgf");
    for text in ["not sgf", "(;SZ[9];B[ee];W[ee])", "(;SZ[30])"] {
        std::fs::write(&bad, text).expect("write");
        let run = ingo(&["review", bad.to_str().expect("path"), "--playouts", "5"]);
        assert_eq!(run.status.code(), Some(1), "{text}");
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(
            err.contains("cannot review") && !err.contains("panicked"),
            "{err}"
        );
    }
    let run = ingo(&["review", "/nonexistent/x.sgf"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(!dir.0.join("bad-review.sgf").exists());
}

#[test]
fn selfplay_saves_the_game_it_played() {
    let dir = TempDir::new("selfplay-sgf");
    let path = dir.0.join("self.sgf");
    let run = ingo(&[
        "selfplay",
        "--size",
        "7",
        "--playouts",
        "80",
        "--threads",
        "1",
        "--seed",
        "2",
        "--sgf",
        path.to_str().expect("path"),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    // The moves it printed ("N B D4") are the moves of the file.
    let printed: Vec<(Color, Option<Point>)> = String::from_utf8_lossy(&run.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let n = f.next()?.parse::<usize>().ok()?;
            let c: Color = f.next()?.parse().ok()?;
            let v = f.next()?;
            let _ = n;
            let p = if v == "pass" {
                None
            } else {
                Some(Point::parse(v, 7).ok()?)
            };
            Some((c, p))
        })
        .collect();
    assert!(printed.len() >= 5, "{printed:?}");
    let text = std::fs::read_to_string(&path).expect("sgf written");
    let game = ingo::sgf::parse(&text, None, Rules::SIMPLIFIED_ING, 0.0).expect("loads");
    assert_eq!(game.size(), 7);
    assert_eq!(game.komi(), 7.5);
    let saved: Vec<(Color, Option<Point>)> = game
        .moves()
        .map(|m| match m {
            Move::Play(c, p) => (c, Some(p)),
            Move::Pass(c) => (c, None),
        })
        .collect();
    assert_eq!(saved, printed);
    let result = String::from_utf8_lossy(&run.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("result: ").map(str::to_string))
        .expect("result line");
    // This game (size 7, 80 playouts, seed 2) ends by two passes, not by
    // a resignation: the writer counts it and writes RE, where selfplay
    // once added a second RE of its own. FF[4] allows each property once
    // per node: one RE, the printed result.
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("\nphase: finished\n"), "{stdout}");
    assert_eq!(text.matches("RE[").count(), 1, "{text}");
    assert!(text.contains(&format!("RE[{result}]")), "{text}");
}

/// A game that ends by a resignation says so in its summary and record:
/// with komi 100 on 5x5 Black cannot win (25 points at most) and resigns
/// at once. The summary once said `phase: playing`.
#[test]
fn selfplay_reports_a_resignation() {
    let dir = TempDir::new("selfplay-resign");
    let path = dir.0.join("resign.sgf");
    let run = ingo(&[
        "selfplay",
        "--size",
        "5",
        "--komi",
        "100",
        "--playouts",
        "300",
        "--threads",
        "1",
        "--seed",
        "1",
        "--sgf",
        path.to_str().expect("path"),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        stdout.contains("\nphase: finished W+R (resignation)\nresult: W+R\n"),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&path).expect("sgf written");
    assert_eq!(text.matches("RE[").count(), 1, "{text}");
    assert!(text.trim_end().ends_with("RE[W+R])"), "{text}");
}
