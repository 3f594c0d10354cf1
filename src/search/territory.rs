//! Territory scoring in a search whose playouts count area.
//!
//! Every stone played is on the board or a prisoner, so at the end of a
//! game (Ikeda; Aja Huang on the computer-go list, 2010):
//!
//! ```text
//! area(B) - area(W) = territory(B) - territory(W)      (prisoners included)
//!                   + stones Black placed - stones White placed
//! ```
//!
//! (set-up stones count as placed; the eyes of seki groups are the one
//! thing the identity leaves out, see below). A playout ends with every
//! dead string captured, so its area count is exact; what it does not
//! know is which of its stones were real moves. A stone a player puts in
//! its own territory, or in the opponent's where it is captured, costs
//! that player a point of territory and nothing of area.
//!
//! ingo charges the stones placed *up to the leaf* of the tree: in the
//! game so far (read off the board: stones on it plus stones removed) and
//! along the tree path. The playout's own stones are not charged: both
//! sides fill their areas there, which changes neither area nor, had the
//! game ended at the leaf, territory. This is Pachi's estimate (`board.c`,
//! `board_score`: area + [last move was Black's] + White's passes −
//! Black's passes, reset to the playout's start, which counts the same
//! stones with alternating play); KataGo charges every stone of its
//! self-play games the same way (`boardhistory.cpp`).
//!
//! So, in the tree, a move inside one's own territory, or one into the
//! opponent's territory that the playouts capture, scores one point less
//! than a pass, while a move that gains or saves points keeps its area
//! gain; in a close game the search then passes rather than give one
//! away (the tests in `mcts/tests.rs` show both). What the estimate gets
//! wrong, by design:
//! - dame the playouts fill count as area for whoever fills them (worth 0
//!   under territory scoring): about half a point for the side that moves
//!   first in the playout, which can make filling a last dame look half a
//!   point better than passing, never worse (harmless: filling dame is what
//!   players do before they pass);
//! - the eyes of groups in seki count for their owner in a playout and for
//!   nobody at the count.
//!
//! The count after two passes, which the pass decision uses
//! (`endgame::decide`), is the exact territory count of the rules.

use crate::board::{Board, Color, Point, MAX_POINTS};

/// Does a stone of `color` at the empty point `p` only cost a point
/// under territory scoring? It captures nothing, no string of `color`
/// beside it is short of liberties (it would be mending a wall), and its
/// empty region is enclosed by one colour alone, while the other has
/// stones elsewhere: a stone in its own territory, or one dropped into
/// the opponent's. The pass decision weighs such a stone against a pass,
/// which costs nothing (see the test `stones_in_closed_areas_waste_a_point`).
pub(super) fn wastes_a_point(board: &Board, color: Color, p: Point) -> bool {
    if !board.is_empty_at(p) {
        return false;
    }
    let weak_wall = p
        .neighbors()
        .iter()
        .any(|&n| board.color_at(n) == Some(color) && board.liberties(n).len() < 3);
    if weak_wall {
        return false;
    }
    let mut after = board.clone();
    if after.play_unchecked(color, p).captured > 0 {
        return false;
    }
    let Some(owner) = enclosing_color(board, p) else {
        return false;
    };
    board.stone_count(!owner) > 0
}

/// The colour whose stones alone border the empty region of `p`.
fn enclosing_color(board: &Board, p: Point) -> Option<Color> {
    let mut seen = vec![false; MAX_POINTS];
    let mut stack = vec![p];
    seen[p.index()] = true;
    let mut owner = None;
    while let Some(q) = stack.pop() {
        for n in q.neighbors() {
            match board.color_at(n) {
                Some(c) => {
                    if owner.is_some_and(|o| o != c) {
                        return None;
                    }
                    owner = Some(c);
                }
                None if board.is_empty_at(n) && !seen[n.index()] => {
                    seen[n.index()] = true;
                    stack.push(n);
                }
                None => {}
            }
        }
    }
    owner
}

/// Black's stones placed minus White's over the game that led to `board`
/// (set-up stones included): the stones on the board plus those removed.
pub(super) fn placed_difference(board: &Board) -> i64 {
    let placed = |c: Color| board.stone_count(c) as i64 + i64::from(board.removed(c));
    placed(Color::Black) - placed(Color::White)
}

/// What to take off Black's area margin of a playout to get its territory
/// margin, when Black had placed `placed_difference` more stones than
/// White at the leaf.
pub(super) fn area_to_territory(placed_difference: i64) -> f64 {
    placed_difference as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{territory_score, Game, Move, Rules};
    use crate::testing::positions::{DAME_BEFORE_TEIRE, SETTLED};
    use crate::testing::vertex as v;

    /// In game 98 of the Japanese match against GNU Go of 2026-12-04,
    /// White filled B6 in its own corner at W+2.5, and GNU Go's pass made
    /// it W+1.5.
    #[test]
    fn stones_in_closed_areas_waste_a_point() {
        let settled: Board = SETTLED.parse().expect("diagram");
        // Black's own area, White's, and nothing captured.
        assert!(wastes_a_point(&settled, Color::Black, v("A5", 5)));
        assert!(wastes_a_point(&settled, Color::Black, v("D5", 5)));
        assert!(wastes_a_point(&settled, Color::White, v("E1", 5)));
        // A dame is no territory, and a teire's point touches both.
        let dame: Board = DAME_BEFORE_TEIRE.parse().expect("diagram");
        assert!(!wastes_a_point(&dame, Color::Black, v("F2", 9)));
        assert!(!wastes_a_point(&dame, Color::White, v("F2", 9)));
        // A stone beside its own string in atari mends the wall (E1
        // saves F1 once White has F2), and a capture is no waste.
        let mut atari = dame.clone();
        atari.play_unchecked(Color::White, v("F2", 9));
        assert!(!wastes_a_point(&atari, Color::Black, v("E1", 9)));
        assert!(!wastes_a_point(&atari, Color::White, v("E1", 9)));
        // An open board, or one colour alone.
        let open: Board = ". . . . .
                           . X . O .
                           . X . O .
                           . X . O .
                           . . . . ."
            .parse()
            .expect("diagram");
        assert!(!wastes_a_point(&open, Color::Black, v("A3", 5)));
        let alone: Board = ". . .
                            . X .
                            . . ."
            .parse()
            .expect("diagram");
        assert!(!wastes_a_point(&alone, Color::Black, v("A1", 3)));
    }

    /// The identity on a finished board: area margin minus the stones
    /// placed is the territory margin with prisoners.
    #[test]
    fn the_charge_turns_area_into_territory() {
        let mut g = Game::new(5, Rules::JAPANESE, 0.0);
        // Black walls off the left, White the right; White's C1 is
        // captured (a prisoner), Black's B5 stands in its own area.
        for (c, p) in [
            (Color::Black, "C5"),
            (Color::White, "D5"),
            (Color::Black, "C4"),
            (Color::White, "D4"),
            (Color::Black, "C3"),
            (Color::White, "D3"),
            (Color::Black, "C2"),
            (Color::White, "D2"),
            (Color::Black, "B1"),
            (Color::White, "C1"),
            (Color::Black, "D1"),
            (Color::White, "E1"),
            (Color::Black, "B5"),
        ] {
            g.play(Move::Play(c, v(p, 5))).expect("legal");
        }
        let b = g.board();
        assert_eq!(b.removed(Color::White), 1);
        let area = crate::rules::score(b, &[], 0.0, 0);
        let territory = territory_score(b, &[], &[], 0.0);
        let area_margin =
            i64::from(area.points(Color::Black)) - i64::from(area.points(Color::White));
        let territory_margin =
            i64::from(territory.points(Color::Black)) - i64::from(territory.points(Color::White));
        assert_eq!(
            area_margin as f64 - area_to_territory(placed_difference(b)),
            territory_margin as f64
        );
    }
}
