//! ingo's KataGo version-7 input features against KataGo's own: every
//! plane and global of every position in `tests/data/nn-planes/`, written
//! by `scripts/nn/planes.py` from a KataGo binary that prints
//! `NNInputs::fillRowV7` (see the script). Each game is replayed in ingo
//! under the ingo rules named; a move ingo refuses ends that game (those
//! positions are counted as skipped, and may be at most a few percent).

use std::collections::BTreeMap;
use std::io::Read;

use ingo::board::{Color, Point};
use ingo::nn::inputs::{v7_inputs, v7_inputs_with, GLOBAL, SPATIAL};
use ingo::nn::rules::{kata_komi, KataRules};
use ingo::rules::{Game, Move, Rules};

const FIXTURE: &str = "tests/data/nn-planes/planes.txt.gz";

struct Position {
    moves: usize,
    to_move: Color,
    planes: Vec<Vec<bool>>,
    global: Vec<f32>,
}

struct GameCase {
    name: String,
    size: u8,
    rules: Rules,
    komi: f64,
    json: String,
    kata_komi: f64,
    /// Handicap stones set up before the first move (White moves first).
    setup: Vec<Point>,
    moves: Vec<Move>,
    positions: Vec<Position>,
}

fn hex_bits(hex: &str, len: usize) -> Vec<bool> {
    let mut bits = vec![false; len];
    // The hex number's lowest bit is point 0.
    for (i, ch) in hex.chars().rev().enumerate() {
        let v = ch.to_digit(16).expect("hex digit");
        for b in 0..4 {
            if v >> b & 1 == 1 {
                bits[i * 4 + b] = true;
            }
        }
    }
    bits
}

fn parse_move(text: &str, size: u8) -> Move {
    let (c, v) = text.split_once(':').expect("COLOR:VERTEX");
    let color = if c == "B" { Color::Black } else { Color::White };
    if v == "pass" {
        Move::Pass(color)
    } else {
        Move::Play(color, Point::parse(v, size).expect("vertex"))
    }
}

fn load() -> Vec<GameCase> {
    // NN_PLANES_FIXTURE names another file (a fixture being made).
    let path = std::env::var("NN_PLANES_FIXTURE")
        .ok()
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| FIXTURE.to_string());
    let file = std::fs::File::open(&path).expect("fixture present");
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("gzip text");
    let mut games: Vec<GameCase> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        match f[0] {
            "G" => {
                let size: u8 = f[2].parse().expect("size");
                let tokens: &[&str] = if f[7] == "-" { &[] } else { &f[7..] };
                let setup = tokens
                    .iter()
                    .filter_map(|t| t.strip_prefix("H:"))
                    .map(|v| Point::parse(v, size).expect("vertex"))
                    .collect();
                let moves = tokens
                    .iter()
                    .filter(|t| !t.starts_with("H:"))
                    .map(|m| parse_move(m, size))
                    .collect();
                games.push(GameCase {
                    name: f[1].to_string(),
                    size,
                    rules: f[3].parse().expect("ingo rules"),
                    komi: f[4].parse().expect("komi"),
                    json: f[5].to_string(),
                    kata_komi: f[6].parse().expect("kata komi"),
                    setup,
                    moves,
                    positions: Vec::new(),
                });
            }
            "P" => {
                let g = games.last_mut().expect("G before P");
                let area = usize::from(g.size) * usize::from(g.size);
                games
                    .last_mut()
                    .expect("G before P")
                    .positions
                    .push(Position {
                        moves: f[1].parse().expect("count"),
                        to_move: if f[2] == "B" {
                            Color::Black
                        } else {
                            Color::White
                        },
                        planes: (0..SPATIAL).map(|c| hex_bits(f[3 + c], area)).collect(),
                        global: f[3 + SPATIAL..]
                            .iter()
                            .map(|v| v.parse().expect("float"))
                            .collect(),
                    });
            }
            _ => panic!("bad fixture line {line}"),
        }
    }
    games
}

/// Every plane of every position equals KataGo's.
#[test]
fn v7_inputs_equal_katago() {
    let games = load();
    let mut equal = 0;
    let mut skipped = 0;
    let mut diffs: BTreeMap<String, (usize, String)> = BTreeMap::new();
    let mut note = |key: String, what: String| {
        let e = diffs.entry(key).or_insert((0, what));
        e.0 += 1;
    };
    for g in &games {
        let kata = KataRules::from_json(&g.json).expect("rules JSON");
        let mapped = KataRules::of(g.rules) == kata;
        if mapped {
            assert_eq!(
                kata_komi(g.rules, g.komi),
                g.kata_komi,
                "{}: komi mapping",
                g.name
            );
        }
        let mut game = if g.setup.is_empty() {
            Game::new(g.size, g.rules, g.komi)
        } else {
            Game::with_handicap(g.size, &g.setup, g.rules, g.komi)
        };
        let mut played = 0;
        let mut dead = false;
        for pos in &g.positions {
            while played < pos.moves && !dead {
                if let Err(e) = game.play(g.moves[played]) {
                    eprintln!(
                        "skip {} at move {played} ({}, {:?}): {e}",
                        g.name,
                        g.rules,
                        game.phase()
                    );
                    dead = true;
                }
                played += 1;
            }
            if dead {
                skipped += 1;
                continue;
            }
            if game.to_move() != pos.to_move {
                note(
                    "to-move".into(),
                    format!("{} after {} moves", g.name, pos.moves),
                );
                continue;
            }
            let got = if mapped {
                v7_inputs(&game)
            } else {
                v7_inputs_with(&game, kata, g.kata_komi)
            };
            let Ok(got) = got else {
                skipped += 1;
                continue;
            };
            let n = usize::from(g.size);
            let mut same = true;
            for c in 0..SPATIAL {
                for p in 0..n * n {
                    let mine = got.spatial[p * SPATIAL + c] == 1.0;
                    if mine != pos.planes[c][p] {
                        let (x, y) = (p % n, p / n);
                        note(
                            format!("plane {c:02}"),
                            format!(
                                "{} after {} moves ({}): {} at x {x} y {y} (from top): KataGo {}, ingo {}",
                                g.name, pos.moves, g.json, c, pos.planes[c][p], mine
                            ),
                        );
                        same = false;
                        break;
                    }
                }
            }
            for i in 0..GLOBAL {
                if got.global[i] != pos.global[i] {
                    note(
                        format!("global {i:02}"),
                        format!(
                            "{} after {} moves ({}): KataGo {}, ingo {}",
                            g.name, pos.moves, g.json, pos.global[i], got.global[i]
                        ),
                    );
                    same = false;
                }
            }
            if same {
                equal += 1;
            }
        }
    }
    let total: usize = games.iter().map(|g| g.positions.len()).sum();
    eprintln!(
        "{} games, {total} positions: {equal} equal, {skipped} skipped",
        games.len()
    );
    for (k, (count, first)) in &diffs {
        eprintln!("{k}: {count} positions differ; first: {first}");
    }
    assert!(diffs.is_empty(), "positions differ from KataGo (see above)");
    assert!(equal >= 10_000, "only {equal} positions compared");
    assert!(
        skipped * 20 <= total,
        "{skipped} of {total} positions skipped"
    );
}
