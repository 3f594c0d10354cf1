//! Prior knowledge for new tree nodes: each child starts with some virtual
//! games, as if it had been tried already. An even prior (Pachi, Fuego)
//! keeps the first few playouts from deciding everything; the rest is Go
//! knowledge that playouts learn only slowly: captures and escapes from
//! atari (read out when it is a ladder), no self-atari, play near the
//! last move, stay off the edge of an empty area.

use crate::board::{Board, Color, Point};

use super::tree::NewChild;
use super::{patterns, tactics};

// With RAVE the real statistics, where priors go, weigh little until a
// node has thousands of visits (beta = r / (r + n + r*n/3000)), so the
// priors are worth tens to hundreds of games, as in Pachi (even prior
// 14-20 games, pattern prior up to 300).

/// Virtual games at an even result that every child gets.
const EVEN: f64 = 20.0;
/// Capturing a string in atari, or saving an own one.
const URGENT: f64 = 60.0;
/// Running a string in atari into a ladder that catches it: a loss that
/// grows with every stone added.
const LADDER_RUN: f64 = 40.0;
/// Putting an opposing string in atari (that does not die in a ladder:
/// that is [`URGENT`]).
const ATARI: f64 = 15.0;
/// A MoGo 3x3 pattern (hane, cut, edge shapes) fits.
const PATTERN: f64 = 40.0;
/// Self-atari of a string of two or more stones.
const SELF_ATARI: f64 = 60.0;
/// Wins for playing at a distance of 1, 2 or 3 from the last move.
const NEAR_LAST: [f64; 3] = [20.0, 12.0, 6.0];
/// Virtual games for a move far from every stone, by line (first line
/// first): a result below 0.5 is a malus, above a bonus. Playouts say
/// little about the opening of a big board, where the third and fourth
/// lines are known to be best.
const EMPTY_AREA_SMALL: [(f64, f64); 2] = [(40.0, 0.0), (20.0, 0.0)];
const EMPTY_AREA_BIG: [(f64, f64); 4] = [(80.0, 0.0), (60.0, 0.0), (40.0, 1.0), (40.0, 1.0)];

/// Virtual wins and games, accumulated per child.
#[derive(Default)]
struct Prior {
    games: f64,
    wins: f64,
}

impl Prior {
    fn add(&mut self, games: f64, win_rate: f64) {
        self.games += games;
        self.wins += games * win_rate;
    }

    fn child(&self, point: Option<Point>) -> NewChild {
        NewChild {
            point,
            prior_visits: self.games.round() as u16,
            prior_wins: (2.0 * self.wins).round() as u16,
        }
    }
}

/// Manhattan distance between two points.
fn distance(a: Point, b: Point) -> u32 {
    let ((ax, ay), (bx, by)) = (a.coords(), b.coords());
    u32::from(ax.abs_diff(bx)) + u32::from(ay.abs_diff(by))
}

/// Distance from the nearest edge (0 = first line).
fn line(board: &Board, p: Point) -> u8 {
    let (x, y) = p.coords();
    let far = board.size() - 1;
    x.min(y).min(far - x).min(far - y)
}

/// True when no stone is within Manhattan distance 2 of `p`.
fn alone(board: &Board, p: Point) -> bool {
    let (x, y) = p.coords();
    let size = i16::from(board.size());
    for dy in -2i16..=2 {
        for dx in -2i16..=2 {
            if dx.abs() + dy.abs() > 2 {
                continue;
            }
            let (qx, qy) = (i16::from(x) + dx, i16::from(y) + dy);
            if !(0..size).contains(&qx) || !(0..size).contains(&qy) {
                continue;
            }
            if let Some(q) = Point::from_coords(qx as u8, qy as u8, board.size()) {
                if board.color_at(q).is_some() {
                    return false;
                }
            }
        }
    }
    true
}

/// The children of a node where `color` is to move on `board`: every
/// point that is empty, not the simple-ko point, no suicide and no own
/// eye, each with its prior, and a pass when `pass` is set. `last` is the
/// move that led here.
pub fn children(board: &Board, color: Color, last: Option<Point>, pass: bool) -> Vec<NewChild> {
    let mut out = Vec::with_capacity(board.empty_count() + 1);
    if pass {
        let mut prior = Prior::default();
        prior.add(EVEN, 0.5);
        out.push(prior.child(None));
    }
    for i in 0..board.empty_count() {
        let p = board.empty_point(i);
        if !board.is_pseudo_legal(color, p) || board.is_eye(p, color) {
            continue;
        }
        let mut prior = Prior::default();
        prior.add(EVEN, 0.5);
        let captures = board.captures_at(color, p);
        let self_atari = board.is_self_atari(color, p);
        // A run into a working ladder often has a good shape too: only
        // the malus counts then.
        let mut ladder_run = false;
        if captures {
            prior.add(URGENT, 1.0);
        } else if board.saves_atari(color, p) {
            ladder_run = tactics::runs_into_ladder(board, color, p);
            if ladder_run {
                prior.add(LADDER_RUN, 0.0);
            } else {
                prior.add(URGENT, 1.0);
            }
        }
        if !self_atari && board.puts_in_atari(color, p) {
            if tactics::atari_ladders(board, color, p) {
                prior.add(URGENT, 1.0);
            } else {
                prior.add(ATARI, 1.0);
            }
        }
        if self_atari && !captures {
            prior.add(SELF_ATARI, 0.0);
        }
        if !self_atari && !ladder_run && patterns::matches(board, p, color) {
            prior.add(PATTERN, 1.0);
        }
        if let Some(l) = last {
            if let Some(&w) = (distance(p, l) as usize)
                .checked_sub(1)
                .and_then(|d| NEAR_LAST.get(d))
            {
                prior.add(w, 1.0);
            }
        }
        let table: &[(f64, f64)] = match board.size() {
            0..=6 => &[],
            7..=12 => &EMPTY_AREA_SMALL,
            _ => &EMPTY_AREA_BIG,
        };
        if let Some(&(games, rate)) = table.get(usize::from(line(board, p))) {
            if alone(board, p) {
                prior.add(games, rate);
            }
        }
        out.push(prior.child(Some(p)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        d.parse().expect("diagram")
    }

    fn prior_of(kids: &[NewChild], v: &str, size: u8) -> f64 {
        let p = Point::parse(v, size).expect("vertex");
        let k = kids.iter().find(|k| k.point == Some(p)).expect("a child");
        f64::from(k.prior_wins) / (2.0 * f64::from(k.prior_visits))
    }

    #[test]
    fn capture_and_escape_are_urgent() {
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . X . . .
             . . X O . . .
             . . . X . . .
             . . . . . . .
             . X O O . . .",
        );
        // White D4 has one liberty, E4: Black captures there, White
        // escapes there (D4-E4 then has three liberties).
        let black = children(&b, Color::Black, None, false);
        assert!(prior_of(&black, "E4", 7) > 0.6);
        assert!(prior_of(&black, "E4", 7) > prior_of(&black, "F6", 7));
        let white = children(&b, Color::White, None, false);
        assert!(prior_of(&white, "E4", 7) > 0.6);
    }

    #[test]
    fn self_atari_of_a_string_is_bad() {
        let b = board(
            ". . X O .
             X X X O .
             O O O O .
             . . . . .
             . . . . .",
        );
        // Black A4-C4-C5 has liberties A5 and B5: filling either leaves
        // one.
        let black = children(&b, Color::Black, None, false);
        assert!(prior_of(&black, "B5", 5) < 0.4);
        assert!(prior_of(&black, "A5", 5) < 0.4);
    }

    #[test]
    fn no_eyes_no_suicide_no_ko() {
        let b = board(
            ". X . X .
             X X X X X
             . . . . .
             O O O O O
             . O . O .",
        );
        let black = children(&b, Color::Black, None, false);
        let v = |s: &str| Point::parse(s, 5).expect("v");
        assert!(!black
            .iter()
            .any(|k| k.point == Some(v("A5")) || k.point == Some(v("C5"))));
        // A1 is a suicide for Black.
        assert!(!black.iter().any(|k| k.point == Some(v("A1"))));
        assert!(black.iter().any(|k| k.point == Some(v("C3"))));
        assert!(
            !black.iter().any(|k| k.point.is_none()),
            "no pass unless asked"
        );
        let with_pass = children(&b, Color::Black, None, true);
        assert_eq!(with_pass.len(), black.len() + 1);
        assert_eq!(with_pass[0].point, None);
    }

    #[test]
    fn ladders_are_read() {
        // White D4 has liberties D5 and E4. Black E4 is an atari that
        // catches it in a ladder to the left edge; White running from
        // there is hopeless.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . X O . . . . .
             . . . X . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert!(tactics::atari_ladders(
            &b,
            Color::Black,
            Point::parse("E4", 9).expect("v")
        ));
        let black = children(&b, Color::Black, None, false);
        assert!(prior_of(&black, "E4", 9) > 0.6);
        assert!(prior_of(&black, "E4", 9) > prior_of(&black, "G3", 9));
        let mut b = b;
        b.play_unchecked(Color::Black, Point::parse("E4", 9).expect("v"));
        let white = children(&b, Color::White, None, false);
        assert!(prior_of(&white, "D5", 9) < 0.4);
        // With a ladder breaker at C7 the escape is urgent again.
        b.play_unchecked(Color::White, Point::parse("C7", 9).expect("v"));
        let white = children(&b, Color::White, None, false);
        assert!(prior_of(&white, "D5", 9) > 0.6);
    }

    #[test]
    fn answers_near_the_last_move_and_avoids_the_empty_edge() {
        let mut b = Board::new(19);
        let q16 = Point::parse("Q16", 19).expect("v");
        b.play_unchecked(Color::White, q16);
        let kids = children(&b, Color::Black, Some(q16), false);
        assert!(prior_of(&kids, "Q15", 19) > prior_of(&kids, "K10", 19));
        assert!(prior_of(&kids, "D4", 19) > prior_of(&kids, "K10", 19));
        assert!(prior_of(&kids, "D2", 19) < prior_of(&kids, "D4", 19));
        assert!(prior_of(&kids, "A10", 19) < prior_of(&kids, "D2", 19));
    }
}
