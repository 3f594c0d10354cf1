//! Training positions for the move model: the moves of game records, or
//! a teacher's probabilities over every move of a position (KataGo's
//! policy, written by `scripts/match/katago-policy.js`).

use crate::board::{Board, Color, Point};
use crate::rules::Move;

use crate::model::{features, Features};

/// One training position: the features of every candidate move and what
/// the teacher chose among them.
pub struct Position {
    pub moves: Vec<Features>,
    /// Indices into `moves` with the teacher's probability of each,
    /// summing to 1: one move at 1 for a game record.
    pub targets: Vec<(u32, f32)>,
}

impl Position {
    /// The index of the teacher's likeliest move.
    pub fn top(&self) -> u32 {
        self.targets
            .iter()
            .fold(
                (0, f32::MIN),
                |best, &(i, w)| if w > best.1 { (i, w) } else { best },
            )
            .0
    }
}

/// The candidates of a position, as the tree has them: every point that
/// is pseudo-legal and no own eye, `first` (if any) at index 0.
fn candidates(
    board: &Board,
    color: Color,
    first: Option<Point>,
    last: Option<Point>,
    prev: Option<Point>,
) -> (Vec<Point>, Vec<Features>) {
    let candidate = |p: Point| board.is_pseudo_legal(color, p) && !board.is_eye(p, color);
    let mut points: Vec<Point> = first.into_iter().collect();
    for i in 0..board.empty_count() {
        let p = board.empty_point(i);
        if Some(p) != first && candidate(p) {
            points.push(p);
        }
    }
    let moves = points
        .iter()
        .map(|&p| features(board, color, p, last, prev))
        .collect();
    (points, moves)
}

/// The training positions of a game record: every move of a player that
/// `learn` accepts, with all the legal moves there that are no own eye
/// (the tree's candidates). A move into an own eye is left out.
pub fn positions(setup: &Board, moves: &[Move], learn: impl Fn(Color) -> bool) -> Vec<Position> {
    let mut board = setup.clone();
    let mut out = Vec::new();
    let mut history: Vec<Option<Point>> = Vec::new();
    for &mv in moves {
        let color = mv.color();
        if let Move::Play(_, played) = mv {
            let last = history.last().copied().flatten();
            let prev = history.iter().rev().nth(1).copied().flatten();
            let candidate = board.is_pseudo_legal(color, played) && !board.is_eye(played, color);
            if learn(color) && candidate {
                let (_, moves) = candidates(&board, color, Some(played), last, prev);
                out.push(Position {
                    moves,
                    targets: vec![(0, 1.0)],
                });
            }
            board.play_unchecked(color, played);
            history.push(Some(played));
        } else {
            board.pass();
            history.push(None);
        }
    }
    out
}

/// A teacher's probabilities cover less than this share of the
/// candidates (it would rather pass, or fill an own eye): the position
/// teaches nothing about them and is left out.
const MIN_COVERED: f32 = 0.5;

/// The positions of a policy file, by record: one position per line,
/// `SIZE KOMI MOVE... : VERTEX P VERTEX P ...`, the moves from the empty
/// board (Black first, `pass` for a pass) and then the teacher's
/// probabilities; `#` starts a comment line, and `# ` followed by a name
/// starts a record (so that a record is held out whole). Moves that are no
/// candidate (a pass, an own eye) are dropped and the rest scaled to sum
/// to 1.
///
/// # Errors
/// The number and text of the first line that does not parse or whose
/// moves are not legal.
pub fn policy_records(text: &str) -> Result<Vec<Vec<Position>>, String> {
    let mut records: Vec<Vec<Position>> = vec![Vec::new()];
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with("# ") && !records[records.len() - 1].is_empty() {
            records.push(Vec::new());
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| format!("line {}: {why}: {line:?}", n + 1);
        let (game, policy) = line.split_once(" : ").ok_or_else(|| bad("no ' : '"))?;
        let mut words = game.split_whitespace();
        let size: u8 = words
            .next()
            .and_then(|w| w.parse().ok())
            .filter(|s| (2..=25).contains(s))
            .ok_or_else(|| bad("no board size"))?;
        words.next().ok_or_else(|| bad("no komi"))?;
        let mut board = Board::new(size);
        let mut history: Vec<Option<Point>> = Vec::new();
        let mut color = Color::Black;
        for w in words {
            if w.eq_ignore_ascii_case("pass") {
                board.pass();
                history.push(None);
            } else {
                let p = Point::parse(w, size).map_err(|_| bad("a move is no vertex"))?;
                if !board.is_pseudo_legal(color, p) {
                    return Err(bad("an illegal move"));
                }
                board.play_unchecked(color, p);
                history.push(Some(p));
            }
            color = !color;
        }
        let last = history.last().copied().flatten();
        let prev = history.iter().rev().nth(1).copied().flatten();
        let (points, moves) = candidates(&board, color, None, last, prev);
        let words: Vec<&str> = policy.split_whitespace().collect();
        if words.len() % 2 != 0 {
            return Err(bad("a vertex without its probability"));
        }
        let mut targets = Vec::new();
        for pair in words.chunks(2) {
            let p: f32 = pair[1]
                .parse()
                .ok()
                .filter(|p: &f32| p.is_finite() && *p >= 0.0)
                .ok_or_else(|| bad("a probability is no number"))?;
            if pair[0].eq_ignore_ascii_case("pass") {
                continue;
            }
            let v = Point::parse(pair[0], size).map_err(|_| bad("a vertex is no vertex"))?;
            if let Some(i) = points.iter().position(|&q| q == v) {
                targets.push((i as u32, p));
            }
        }
        let covered: f32 = targets.iter().map(|&(_, w)| w).sum();
        if covered < MIN_COVERED {
            continue;
        }
        for t in &mut targets {
            t.1 /= covered;
        }
        if let Some(record) = records.last_mut() {
            record.push(Position { moves, targets });
        }
    }
    records.retain(|r| !r.is_empty());
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_policy_line_becomes_weighted_candidates() {
        // Black C3, White passes, Black to move on 5x5: the pass in the
        // policy is dropped and D4 and B2 share what is left.
        let text = "# a record\n5 7 C3 pass : D4 0.6 pass 0.2 B2 0.2\n";
        let records = policy_records(text).expect("parses");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].len(), 1);
        let p = &records[0][0];
        assert_eq!(p.moves.len(), 24, "every empty point but none an eye");
        let w: Vec<f32> = p.targets.iter().map(|t| t.1).collect();
        assert!(
            (w[0] - 0.75).abs() < 1e-6 && (w[1] - 0.25).abs() < 1e-6,
            "{w:?}"
        );
        assert_eq!(p.top(), p.targets[0].0);
        // A policy that is mostly the pass teaches nothing.
        assert!(policy_records("5 7 : pass 0.9 C3 0.1").unwrap().is_empty());
    }

    #[test]
    fn records_start_at_their_names() {
        let text = "# a\n5 7 : C3 1\n5 7 C3 : D4 1\n# b\n# c\n5 7 : B2 1\n";
        let sizes: Vec<usize> = policy_records(text).unwrap().iter().map(Vec::len).collect();
        assert_eq!(sizes, [2, 1]);
        let e = policy_records("# a\n5 7 : C3 1\n# b\n5 7 : Z3 1\n")
            .err()
            .unwrap();
        assert!(e.starts_with("line 4:"), "{e}");
    }

    #[test]
    fn bad_policy_lines_say_where() {
        for line in [
            "5 7 C3 D4",
            "30 7 : C3 1",
            "5 7 Z9 : C3 1",
            "5 7 C3 C3 : D4 1",
            "5 7 : C3",
            "5 7 : C3 x",
        ] {
            let e = policy_records(line).err().expect(line);
            assert!(e.starts_with("line 1:"), "{e}");
        }
    }
}
