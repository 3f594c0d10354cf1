//! Prior knowledge for new tree nodes: each child starts with some virtual
//! games, as if it had been tried already. An even prior (Pachi, Fuego)
//! keeps the first few playouts from deciding everything; the move model
//! ([`model`]: shapes, captures, ataris and ladders, self-ataris, nearness
//! to the last moves) adds wins that grow with the probability it gives
//! the move, as Pachi's pattern prior does; an escape into a long
//! working ladder is no child at all; on big boards moves far from every
//! stone are pushed further towards the third and fourth lines, and the
//! classic points of an empty corner are favoured.

use crate::board::{Board, Color, Point};

use super::tree::NewChild;
use crate::model::{self, Model};
use crate::tactics;

/// Extensions before the capture from which a ladder escape is pruned:
/// Pachi prunes every ladder of four moves or more (its count takes in
/// the last, hopeless, extension).
const LONG_LADDER: u32 = 3;

// With RAVE the real statistics, where priors go, weigh little until a
// node has thousands of visits (beta = r / (r + n + r*n/equiv), equiv
// 3000 from 13x13 up and 1500 below: `super::rave`), so the priors are
// worth tens to hundreds of games, as in Pachi (even prior 20 games,
// pattern prior up to 300).

/// Virtual games at an even result that every child gets.
const EVEN: f64 = 20.0;
/// Virtual wins for a move the model is sure of; a move of probability p
/// gets sqrt(p) of them (Pachi's rule).
const MODEL_WINS: f64 = 300.0;
/// Virtual games for a move far from every stone on a big board, by line
/// (first line first): a result below 0.5 is a malus, above a bonus.
/// Playouts say little about the opening of a big board, where the third
/// and fourth lines are known to be best.
const EMPTY_AREA_BIG: [(f64, f64); 4] = [(80.0, 0.0), (60.0, 0.0), (40.0, 1.0), (40.0, 1.0)];

/// Virtual wins for the first move into an empty corner of a big board on
/// one of its classic points (3-3, 3-4, 4-4, 3-5): without it a move
/// model whose line table values a side point as much as a corner leaves
/// the corners to the opponent in a big board's opening (see the test
/// `empty_corners_come_first_on_a_big_board`).
const EMPTY_CORNER: f64 = 60.0;
/// A corner is empty while no stone stands on its first this many lines
/// both ways (less on a board too small for two such boxes a side).
const CORNER_BOX: u8 = 6;

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

/// The children of a node where `color` is to move on `board`: every
/// point that is empty, not the simple-ko point, no suicide and no own
/// eye, each with its prior from `model`, and a pass when `pass` is set.
/// `last` is the move that led here, `prev` the one before it.
pub fn children(
    board: &Board,
    color: Color,
    last: Option<Point>,
    prev: Option<Point>,
    pass: bool,
    model: &Model,
) -> Vec<NewChild> {
    let mut out = Vec::with_capacity(board.empty_count() + 1);
    if pass {
        let mut prior = Prior::default();
        prior.add(EVEN, 0.5);
        out.push(prior.child(None));
    }
    // On big boards the hand-made tables for empty areas and corners add
    // to the line gammas of the model (see `model::for_position`).
    let big = board.size() >= 13;
    let empty_corners = if big {
        empty_corners(board)
    } else {
        [false; 4]
    };
    let mut moves = Vec::with_capacity(board.empty_count());
    let mut total = 0.0;
    for i in 0..board.empty_count() {
        let p = board.empty_point(i);
        if !board.is_pseudo_legal(color, p) || board.is_eye(p, color) {
            continue;
        }
        let f = model.features(board, color, p, last, prev);
        // An escape that runs into a long working ladder is no move at
        // all (Pachi's `prune_ladders`): playouts do not chase ladders, so
        // a tree that had the move would trust them and run, stone after
        // stone (see the test `ladders_are_read`). Short ones stay: a string
        // caught in a net or a capturing race may still be worth a move
        // (Pachi's `useful_ladder`; `a_string_caught_at_once_may_still_run`
        // below keeps one).
        if f.runs_into_ladder()
            && tactics::escape_ladder_length(board, color, p).is_some_and(|n| n >= LONG_LADDER)
        {
            continue;
        }
        let s = model.strength(&f);
        total += s;
        moves.push((p, s, f.alone()));
    }
    for (p, s, alone) in moves {
        let mut prior = Prior::default();
        prior.add(EVEN, 0.5);
        prior.add(MODEL_WINS * (s / total).sqrt(), 1.0);
        if big && alone {
            if let Some(&(games, rate)) = EMPTY_AREA_BIG.get(usize::from(model::line(board, p))) {
                prior.add(games, rate);
            }
        }
        if big && corner_point(board, p).is_some_and(|c| empty_corners[c]) {
            prior.add(EMPTY_CORNER, 1.0);
        }
        out.push(prior.child(Some(p)));
    }
    out
}

/// The corner nearest `p` (0 to 3) and `p`'s distances from its two
/// edges, 0-based.
fn corner_of(size: u8, p: Point) -> (usize, u8, u8) {
    let (x, y) = p.coords();
    let far = size - 1;
    let (right, top) = (x > far - x, y > far - y);
    let dx = if right { far - x } else { x };
    let dy = if top { far - y } else { y };
    (usize::from(right) + 2 * usize::from(top), dx, dy)
}

/// Which of the four corners have no stone in their box.
fn empty_corners(board: &Board) -> [bool; 4] {
    let size = board.size();
    let bound = CORNER_BOX.min(size / 2 - 1);
    let mut empty = [true; 4];
    for p in board.points() {
        if !board.is_empty_at(p) {
            let (c, dx, dy) = corner_of(size, p);
            if dx < bound && dy < bound {
                empty[c] = false;
            }
        }
    }
    empty
}

/// The corner whose classic opening point `p` is (the 3-3, 3-4, 4-4 or
/// 3-5 point), if any.
fn corner_point(board: &Board, p: Point) -> Option<usize> {
    let (c, dx, dy) = corner_of(board.size(), p);
    let (near, far) = (dx.min(dy), dx.max(dy));
    (near == 2 && (2..=4).contains(&far) || near == 3 && far == 3).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::board;

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
        let black = children(&b, Color::Black, None, None, false, &model::JUDGE_SMALL);
        assert!(prior_of(&black, "E4", 7) > 0.6);
        assert!(prior_of(&black, "E4", 7) > prior_of(&black, "F6", 7));
        let white = children(&b, Color::White, None, None, false, &model::JUDGE_SMALL);
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
        let black = children(&b, Color::Black, None, None, false, &model::JUDGE_SMALL);
        let quiet = prior_of(&black, "C2", 5);
        assert!(prior_of(&black, "B5", 5) < quiet);
        assert!(prior_of(&black, "A5", 5) < quiet);
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
        let black = children(&b, Color::Black, None, None, false, &model::JUDGE_SMALL);
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
        let with_pass = children(&b, Color::Black, None, None, true, &model::JUDGE_SMALL);
        assert_eq!(with_pass.len(), black.len() + 1);
        assert_eq!(with_pass[0].point, None);
    }

    /// A tree that has the escape trusts the playouts, which do not chase
    /// ladders, and runs stone after stone: ingo did in issue 20's 19x19
    /// game 6.
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
        assert!(crate::tactics::atari_ladders(
            &b,
            Color::Black,
            Point::parse("E4", 9).expect("v")
        ));
        let black = children(&b, Color::Black, None, None, false, &model::JUDGE_SMALL);
        assert!(prior_of(&black, "E4", 9) > 0.6);
        assert!(prior_of(&black, "E4", 9) > prior_of(&black, "G3", 9));
        let mut b = b;
        b.play_unchecked(Color::Black, Point::parse("E4", 9).expect("v"));
        // White's escape at D5 is no child at all; the move beside it is.
        let d5 = Point::parse("D5", 9).expect("v");
        let white = children(&b, Color::White, None, None, false, &model::JUDGE_SMALL);
        assert!(white.iter().all(|k| k.point != Some(d5)));
        assert!(white.iter().any(|k| k.point == Point::parse("C5", 9).ok()));
        // With a ladder breaker at C7 the escape is a child, and urgent.
        b.play_unchecked(Color::White, Point::parse("C7", 9).expect("v"));
        let white = children(&b, Color::White, None, None, false, &model::JUDGE_SMALL);
        assert!(prior_of(&white, "D5", 9) > 0.9);
        assert!(prior_of(&white, "D5", 9) > prior_of(&white, "G3", 9));
    }

    #[test]
    fn a_string_caught_at_once_may_still_run() {
        // White G9 connects F9 (in atari) to the big string, which Black
        // then catches at once with F6 or J9: a ladder of one move, which
        // stays a child.
        let b = crate::testing::positions::race_connection();
        let g9 = Point::parse("G9", 9).expect("v");
        assert!(crate::tactics::runs_into_ladder(&b, Color::White, g9));
        let white = children(&b, Color::White, None, None, false, &model::JUDGE_SMALL);
        assert!(white.iter().any(|k| k.point == Some(g9)));
    }

    #[test]
    fn keeps_off_the_empty_edge_of_a_big_board() {
        let mut b = Board::new(19);
        let q16 = Point::parse("Q16", 19).expect("v");
        b.play_unchecked(Color::White, q16);
        let kids = children(
            &b,
            Color::Black,
            Some(q16),
            None,
            false,
            model::for_position(&b),
        );
        assert!(prior_of(&kids, "D4", 19) > prior_of(&kids, "K10", 19));
        assert!(prior_of(&kids, "D2", 19) < prior_of(&kids, "D4", 19));
        assert!(prior_of(&kids, "A10", 19) < prior_of(&kids, "D2", 19));
    }

    /// When the move model knew only 9x9 openings, ingo without the
    /// corner bonus left the corners to Pachi in its 19x19 openings and
    /// played on the sides.
    #[test]
    fn empty_corners_come_first_on_a_big_board() {
        // (size, the top-right 4-4 point, the 4th-line point mid top).
        for (size, star, side) in [(19u8, "Q16", "K16"), (13, "K10", "G10")] {
            let mut b = Board::new(size);
            let kids = children(&b, Color::Black, None, None, false, model::for_position(&b));
            assert!(prior_of(&kids, star, size) > prior_of(&kids, side, size));
            assert!(prior_of(&kids, "C4", size) > prior_of(&kids, "C6", size));
            assert!(prior_of(&kids, "C3", size) > prior_of(&kids, "B2", size));
            // Black takes the lower left: the other corners still call.
            let d4 = Point::parse("D4", size).expect("v");
            b.play_unchecked(Color::Black, d4);
            let kids = children(
                &b,
                Color::White,
                Some(d4),
                None,
                false,
                model::for_position(&b),
            );
            assert!(prior_of(&kids, star, size) > prior_of(&kids, side, size));
            // A corner with a stone in it is no longer empty.
            assert_eq!(corner_point(&b, d4), Some(0));
            assert_eq!(empty_corners(&b), [false, true, true, true]);
        }
    }

    #[test]
    fn a_lone_move_gets_all_the_model_wins() {
        // Black's only move that is no own eye is E1, capturing D1 and E2:
        // its model share is 1, so 20 even games (10 wins) and 300 sure
        // wins, 310 of 320, kept as 620 half-wins.
        let b = board(
            ". X . X .
             X X X X X
             X X X X X
             X X X X O
             X X X O .",
        );
        let black = children(&b, Color::Black, None, None, false, &model::JUDGE_SMALL);
        assert_eq!(black.len(), 1);
        assert_eq!(black[0].point, Some(Point::parse("E1", 5).expect("v")));
        assert_eq!((black[0].prior_visits, black[0].prior_wins), (320, 620));
    }

    #[test]
    fn a_small_board_adds_only_the_model_to_the_even_prior() {
        // On 9x9 every move of an empty board is far from every stone, and
        // no line bonus or malus applies: a move of probability p gets
        // 20 + 300 sqrt(p) games and 10 + 300 sqrt(p) wins, and the
        // probabilities add up to 1. Rounding leaves 300 sqrt(p) within
        // 0.5 of visits - 20, within 0.25 of half-wins / 2 - 10.
        let kids = children(
            &Board::new(9),
            Color::Black,
            None,
            None,
            false,
            &model::JUDGE_SMALL,
        );
        assert_eq!(kids.len(), 81);
        let mut sum = 0.0;
        for k in &kids {
            let w = f64::from(k.prior_wins) / 2.0 - 10.0;
            assert!((f64::from(k.prior_visits) - 20.0 - w).abs() <= 0.75);
            sum += (w / 300.0).powi(2);
        }
        assert!((sum - 1.0).abs() < 0.02, "sum of probabilities {sum}");
        // The 9x9 model knows its lines: in the open, the fifth line
        // (gamma 4.97 in the table) is worth more than the third (1.50),
        // the shape and every other feature being the same.
        assert!(prior_of(&kids, "E5", 9) > prior_of(&kids, "C3", 9));
    }
}
