//! When a pass is on the table: which positions of the tree offer one,
//! when the root must try its pass whatever its value, when a tree kept
//! from the last move lacks one, and how many visits make a pass's win
//! rate count. Whether the player then takes the pass is
//! `endgame::decide`.
//!
//! The whole policy:
//! - **A position offers a pass** ([`offered`]) when the move that led to
//!   it was a pass, when fewer than half of the board's points are empty
//!   ([`mostly_filled`]), or, under territory scoring, when the areas are
//!   closed ([`closed`]). Only in a search whose nodes may pass at all:
//!   not in a cleanup, after a resumption or in a dead-stone judgement,
//!   where the board is counted as it stands and `endgame::decide` weighs
//!   the pass by the count alone.
//! - **Under territory scoring a new pass child starts as good as the
//!   best-looking move** ([`raise_pass_prior`]): the priors know shapes,
//!   not that a stone in one's own area costs a point.
//! - **The root must try its pass** [`MIN_VISITS`] times whatever its
//!   value ([`root_must_try`]): after a pass, and under territory scoring
//!   once the board is mostly filled or closed. The forced tries are made
//!   by the selection (`rave::Rave::select`).
//! - **A pass's win rate counts** once it has [`MIN_VISITS`] visits
//!   (`endgame::pass_as_good`): the forced tries give it exactly that.
//! - **A kept tree lacks a pass** ([`root_lacks_pass`]) when its root was
//!   expanded with no pass child and a new root would offer one now; the
//!   search then starts a new tree.
//!
//! Where the predicates differ, on purpose:
//!
//! | the position               | offers a pass | the root must try it |
//! |----------------------------|---------------|----------------------|
//! | after a pass               | always        | always               |
//! | mostly filled              | always        | territory scoring    |
//! | areas closed, not filled   | territory     | territory scoring    |
//! | open and mostly empty      | never         | never                |
//!
//! - After a pass, a pass of one's own may end the game: the search must
//!   weigh it under every rule set, and where every move wins the moves'
//!   priors would keep an untried pass below them for good.
//! - Under area scoring a stone in one's own area costs nothing, so a
//!   pass offered late is left to its prior and its playouts; under
//!   territory scoring such a stone costs a point, the pass is often the
//!   one move that gives nothing away, and with every other move looking
//!   good in the playouts (an invasion they fail to punish) an untried
//!   pass would stay untried. Pachi boosts the pass under Japanese rules
//!   for the same reason (`uct/search.c`).
//! - Closed areas end a game counted by territory however much of the
//!   board is empty; under area scoring filling one's own area changes
//!   nothing, and the pass waits until the board is mostly filled.

use crate::board::{Board, Color, MAX_POINTS};
use crate::rules::{Game, Move, Scoring};

use super::tree::{NewChild, NodeId, Tree, ROOT};

/// A position offers a pass once fewer than this share of the board's
/// points are empty, or when the move that led to it was a pass.
const PASS_WHEN_EMPTY_BELOW: f64 = 0.5;

/// Visits the root's pass is given whatever its value when it must be
/// tried, and the visits a pass needs before its win rate counts.
pub(super) const MIN_VISITS: u64 = 20;

/// True when fewer than half of the board's points are empty: late
/// enough in the game for a position to offer a pass.
pub(super) fn mostly_filled(board: &Board) -> bool {
    let area = f64::from(board.size()) * f64::from(board.size());
    (board.empty_count() as f64) < PASS_WHEN_EMPTY_BELOW * area
}

/// Does the position of `board` offer a pass, in a search whose nodes may
/// pass? `after_pass`: the move that led to it was a pass; `territory`:
/// the game is counted by territory.
#[inline]
pub(super) fn offered(board: &Board, after_pass: bool, territory: bool) -> bool {
    after_pass || mostly_filled(board) || (territory && closed(board))
}

/// Must the root's pass be tried [`MIN_VISITS`] times whatever its
/// value? After a pass, and late in a game counted by territory (see the
/// module doc).
pub(super) fn root_must_try(game: &Game) -> bool {
    matches!(game.last_move(), Some(Move::Pass(_))) || territory_tries(game)
}

/// Late in a game counted by territory: the board mostly filled, or its
/// areas closed.
fn territory_tries(game: &Game) -> bool {
    game.rules().scoring == Scoring::Territory
        && (mostly_filled(game.board()) || closed(game.board()))
}

/// True when the root of a kept tree is expanded but has no pass child,
/// though a new root here would offer one.
pub(super) fn root_lacks_pass(tree: &Tree, game: &Game) -> bool {
    let root = tree.node(ROOT);
    let after_pass = matches!(game.last_move(), Some(Move::Pass(_)));
    let territory = game.rules().scoring == Scoring::Territory;
    let wants = offered(game.board(), after_pass, territory);
    wants && root.is_expanded() && !root.children().any(|i| tree.node(NodeId(i)).is_pass())
}

/// Under territory scoring, a pass in the tree starts as good as the
/// best-looking move: the priors know shapes, not that under these rules
/// a stone in one's own area (a capture of a stone that could be left
/// for dead included) costs a point, so a pass that answers a free
/// invasion would otherwise never be tried below the root. Its own
/// playouts decide from there.
pub(super) fn raise_pass_prior(kids: &mut [NewChild]) {
    let rate = |k: &NewChild| f64::from(k.prior_wins) / (2.0 * f64::from(k.prior_visits.max(1)));
    let best = kids
        .iter()
        .filter(|k| k.point.is_some())
        .map(rate)
        .fold(0.5, f64::max);
    for k in kids.iter_mut().filter(|k| k.point.is_none()) {
        k.prior_wins = (2.0 * f64::from(k.prior_visits) * best).round() as u16;
    }
}

/// Empty regions of at most this many points between both colours are
/// dame; a bigger one is a boundary still open.
const DAME_REGION: usize = 2;

/// Are the areas closed: both colours on the board, and every empty
/// region that touches both no bigger than dame? Then a game counted by
/// territory may be over however much of the board is empty, and a player
/// not offered a pass there would fill its own territory (see the test
/// `closed_areas_leave_only_dame_between_the_colours`).
pub(super) fn closed(board: &Board) -> bool {
    if board.stone_count(Color::Black) == 0 || board.stone_count(Color::White) == 0 {
        return false;
    }
    let mut seen = vec![false; MAX_POINTS];
    for p in board.points() {
        if !board.is_empty_at(p) || seen[p.index()] {
            continue;
        }
        seen[p.index()] = true;
        let mut region = vec![p];
        let mut borders = [false; 2];
        let mut k = 0;
        while k < region.len() {
            for n in region[k].neighbors() {
                if let Some(c) = board.color_at(n) {
                    borders[c.index()] = true;
                } else if board.is_empty_at(n) && !seen[n.index()] {
                    seen[n.index()] = true;
                    region.push(n);
                }
            }
            k += 1;
        }
        if borders == [true; 2] && region.len() > DAME_REGION {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::rules::Rules;
    use crate::testing::positions::{DAME_BEFORE_TEIRE, SETTLED};
    use crate::testing::{board, vertex as v};

    #[test]
    fn mostly_filled_once_fewer_than_half_the_points_are_empty() {
        // 36 points on 6x6: 18 empty is exactly half, not yet; 17 is.
        let mut b = board(
            "X X X X X X
             X X X X X X
             X X X X X X
             . . . . . .
             . . . . . .
             . . . . . .",
        );
        assert_eq!(b.empty_count(), 18);
        assert!(!mostly_filled(&b));
        b.play_unchecked(Color::White, v("A3", 6));
        assert_eq!(b.empty_count(), 17);
        assert!(mostly_filled(&b));
        assert!(!mostly_filled(&Board::new(6)));
        assert!(!mostly_filled(&Board::new(19)));
    }

    /// In game 98 of the first match with `ambition`, 55 points of 81
    /// were empty, every one enclosed, and ingo, not offered a pass,
    /// filled its own territory.
    #[test]
    fn closed_areas_leave_only_dame_between_the_colours() {
        assert!(closed(&board(SETTLED)));
        // A dame of one point between both colours (F2).
        assert!(closed(&board(DAME_BEFORE_TEIRE)));
        // A dame of two points (C1-C2) is no open boundary yet.
        assert!(closed(&board(
            ". X O . .
             . X O . .
             . X O . .
             . X . O .
             . X . O ."
        )));
        // An open boundary, or one colour alone, is not closed.
        let open = board(
            ". . . . .
             . X . O .
             . X . O .
             . X . O .
             . . . . .",
        );
        assert!(!closed(&open));
        let alone = board(
            ". . .
             . X .
             . . .",
        );
        assert!(!closed(&alone));
    }

    /// The table of the module doc, row by row: what a position offers
    /// and what the root must try, under area and territory scoring.
    #[test]
    fn offered_and_forced_passes_follow_the_table() {
        // Closed, but with 15 of its 25 points empty: not mostly filled.
        let closed_open = board(
            ". . X O .
             . . X O .
             . . X O .
             . . X O .
             . . X O .",
        );
        assert!(closed(&closed_open) && !mostly_filled(&closed_open));
        // Mostly filled, and closed too (the areas are single eyes).
        let filled = board(
            "X X X O .
             X . X O O
             X X X O .
             X X X O O
             . X X O .",
        );
        assert!(mostly_filled(&filled));
        let open = Board::new(5);
        for (b, after_pass, area, territory) in [
            (&open, true, true, true),
            (&filled, false, true, true),
            (&closed_open, false, false, true),
            (&open, false, false, false),
        ] {
            assert_eq!(offered(b, after_pass, false), area);
            assert_eq!(offered(b, after_pass, true), territory);
        }
        // At the root: a game of these stones, Black to move, after
        // White's pass or not.
        let game = |b: &Board, rules: Rules, after_pass: bool| {
            if !after_pass {
                return Game::with_setup(b.clone(), 0, Color::Black, rules, 0.5);
            }
            let mut g = Game::with_setup(b.clone(), 0, Color::White, rules, 0.5);
            g.play(Move::Pass(Color::White)).expect("pass");
            g
        };
        for (b, after_pass, area, territory) in [
            (&open, true, true, true),
            (&filled, false, false, true),
            (&closed_open, false, false, true),
            (&open, false, false, false),
        ] {
            let chinese = game(b, Rules::CHINESE, after_pass);
            let japanese = game(b, Rules::JAPANESE, after_pass);
            assert_eq!(root_must_try(&chinese), area);
            assert_eq!(root_must_try(&japanese), territory);
        }
    }

    fn kid(point: Option<Point>, prior_visits: u16, prior_wins: u16) -> NewChild {
        NewChild {
            point,
            prior_visits,
            prior_wins,
        }
    }

    #[test]
    fn a_pass_child_starts_as_good_as_the_best_looking_move() {
        // Prior wins are half-wins: C3's 14 of 10 visits is a rate of
        // 14 / (2 * 10) = 0.7, B2's 6 of 10 is 0.3. The pass, with 10
        // prior visits, gets 2 * 10 * 0.7 = 14 half-wins; the moves keep
        // theirs.
        let c3 = Some(v("C3", 5));
        let b2 = Some(v("B2", 5));
        let mut kids = [kid(c3, 10, 14), kid(None, 10, 0), kid(b2, 10, 6)];
        raise_pass_prior(&mut kids);
        assert_eq!(kids, [kid(c3, 10, 14), kid(None, 10, 14), kid(b2, 10, 6)]);
        // With every move below even, the pass starts even: 2 * 8 * 0.5.
        let mut kids = [kid(b2, 10, 6), kid(None, 8, 0)];
        raise_pass_prior(&mut kids);
        assert_eq!(kids[1], kid(None, 8, 8));
    }

    /// A tree whose root has these children (`None` for the pass).
    fn tree_with_root(children: &[Option<Point>]) -> Tree {
        let tree = Tree::new(16);
        let kids: Vec<NewChild> = children.iter().map(|&p| kid(p, 1, 1)).collect();
        assert!(tree.node(ROOT).try_claim());
        assert!(tree.expand(ROOT, &kids));
        tree
    }

    #[test]
    fn a_kept_tree_lacks_a_pass_only_where_a_new_root_would_offer_one() {
        let c3 = Some(v("C3", 5));
        // After a pass every position offers one.
        let mut game = Game::new(5, Rules::CHINESE, 0.5);
        game.play(Move::Pass(Color::Black)).expect("pass");
        assert!(root_lacks_pass(&tree_with_root(&[c3]), &game));
        assert!(!root_lacks_pass(&tree_with_root(&[c3, None]), &game));
        // An unexpanded root lacks nothing: it gets its children later.
        assert!(!root_lacks_pass(&Tree::new(16), &game));
        // On the open board with no pass before, no root offers one.
        let open = Game::new(5, Rules::CHINESE, 0.5);
        assert!(!root_lacks_pass(&tree_with_root(&[c3]), &open));
        // Closed areas with most points empty offer a pass under territory
        // scoring only.
        let closed_open = board(
            ". . X O .
             . . X O .
             . . X O .
             . . X O .
             . . X O .",
        );
        let at = |rules| Game::with_setup(closed_open.clone(), 0, Color::Black, rules, 0.5);
        let a1 = Some(v("A1", 5));
        assert!(!root_lacks_pass(
            &tree_with_root(&[a1]),
            &at(Rules::CHINESE)
        ));
        assert!(root_lacks_pass(
            &tree_with_root(&[a1]),
            &at(Rules::JAPANESE)
        ));
    }
}
