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
use crate::rules::{Game, Scoring};

use super::endgame::late;
use super::tree::NewChild;

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

/// Must the root's pass be tried whatever its prior? Late in a game
/// counted by territory: there the pass is often the one move that gives
/// nothing away, and with every other move looking good in the playouts
/// (an invasion the playouts fail to punish) an untried pass would stay
/// untried. Pachi boosts the pass under Japanese rules for the same
/// reason (`uct/search.c`).
pub(super) fn tries_pass(game: &Game) -> bool {
    game.rules().scoring == Scoring::Territory && (late(game.board()) || closed(game.board()))
}

/// Empty regions of at most this many points between both colours are
/// dame; a bigger one is a boundary still open.
const DAME_REGION: usize = 2;

/// Are the areas closed: both colours on the board, and every empty
/// region that touches both no bigger than dame? Then a game counted by
/// territory may be over however much of the board is empty (game 98 of
/// the first match with `ambition`: 55 empty points of 81, every one
/// enclosed, and ingo, not offered a pass, filled its own territory).
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

/// The dead stones of `game`'s count: the judgement `dead` of the
/// playouts, and under territory scoring every string left in atari whose
/// capture would stand. The Japanese rules confirm life and death by play
/// in which a ko, once taken, may be retaken only after a pass (J1989,
/// Article 7 and its commentary): a string in atari is dead if the
/// opponent's capture leaves the capturing string two liberties or more,
/// or takes a single stone with a single stone (a ko the owner cannot win
/// back). A capture that leaves a bigger capturing string in atari (a
/// snapback) is left to the playouts. Found in a match against GNU Go
/// (2026-12-04, game 8): both sides passed with White's F4 in atari, a
/// ko for Black to take; GNU Go counted it dead and W+7.5, ingo W+9.5.
pub(super) fn dead_for_count(game: &Game, mut dead: Vec<Point>) -> Vec<Point> {
    if game.rules().scoring != Scoring::Territory {
        return dead;
    }
    let mut board = game.board().clone();
    board.remove_strings(&dead);
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        let &[liberty] = board.liberties(p).as_slice() else {
            continue;
        };
        let stones = board.string_stones(p);
        // Each string once, by its first stone.
        if stones.iter().any(|&s| s < p) {
            continue;
        }
        let mut after = board.clone();
        after.play_unchecked(!color, liberty);
        let capturer = after.string_stones(liberty).len();
        let room = after.liberties(liberty).len();
        if room >= 2 || (stones.len() == 1 && capturer == 1) {
            dead.extend(stones);
        }
    }
    dead.sort_unstable();
    dead
}

/// Does a stone of `color` at the empty point `p` only cost a point
/// under territory scoring? It captures nothing, no string of `color`
/// beside it is short of liberties (it would be mending a wall), and its
/// empty region is enclosed by one colour alone, while the other has
/// stones elsewhere: a stone in its own territory, or one dropped into
/// the opponent's. Found in a match against GNU Go (2026-12-04, game 98):
/// White filled B6 in its own corner at W+2.5, and GNU Go's pass made it
/// W+1.5.
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
    use crate::testing::vertex as v;

    use crate::board::Board;
    use crate::search::{Budget, Decision, GenMode, Mcts, Player, SearchParams};

    /// Every point is settled: Black has A5, A3 and A1 (3), White the
    /// eight points on the right. By territory White leads by 5; at komi
    /// -5.5 Black wins by half a point, and any stone Black puts in its
    /// own area, or in White's, loses it. (By area Black loses: 11 to
    /// 17 - 5.5, so an area search sees every move lose alike.)
    const SETTLED: &str = ". X O . .
                           X X O . .
                           . X O . .
                           X X O O O
                           . X O . .";

    fn settled(rules: Rules) -> Game {
        let b: Board = SETTLED.parse().expect("diagram");
        Game::with_setup(b, 0, Color::Black, rules, -5.5)
    }

    fn params(seed: u64) -> SearchParams {
        SearchParams {
            threads: 1,
            seed,
            resign_threshold: 0.0,
            ..SearchParams::default()
        }
    }

    /// In a close game under the Japanese rules the search passes rather
    /// than give a point away (issue 21), with no pass of the opponent's
    /// to answer: the pass is its most visited move, by its own count.
    #[test]
    fn a_close_territory_game_is_not_given_away() {
        for seed in 1..=3 {
            let g = settled(Rules::JAPANESE);
            assert_eq!(g.result(&[], &[]).to_string(), "B+0.5");
            let mut player = Mcts::new(params(seed));
            let d = player.genmove(&g, Color::Black, GenMode::Normal, Budget::Playouts(3000));
            assert_eq!(d, Decision::Pass, "seed {seed}");
        }
    }

    /// Game 13 of stop 32's Japanese match against GNU Go, before
    /// Black's move 45: Black leads by 3.5 (GNU Go's estimate too) with
    /// every area closed but for A9, which takes White's B9 and C9 off a
    /// liberty and ends the game at B+3.5 (GNU Go's move). ingo won that
    /// game by 1.5, with C2 and B4, two stones in its own territory:
    /// every move still wins, and a search that counts wins cannot tell.
    /// Playing for a margin (`ambition`), two steps up, it can.
    const GAME_13: &str = "F5 D5 D4 E5 E4 F6 C5 D7 E6 D6 G6 F7 G5 G7 B5 H7 G3 J4 B7 C8 H2 H4 \
                           H6 J6 J5 H5 G4 J2 H3 J3 B8 B9 C3 C6 B6 H1 G1 J7 J1 J5 H1 C7 A8 C9";

    #[test]
    fn a_won_territory_game_keeps_its_points() {
        let mut g = Game::new(9, Rules::JAPANESE, 6.5);
        for (i, p) in GAME_13.split_whitespace().enumerate() {
            let c = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            g.play(Move::Play(c, v(p, 9))).expect("legal");
        }
        assert_eq!(g.to_move(), Color::Black);
        for seed in 1..=3 {
            let mut player = Mcts::new(params(seed));
            // Each genmove wins more than nine playouts in ten, so each
            // asks a point more of the next: the third plays for 2.
            let mut last = Decision::Pass;
            for _ in 0..3 {
                last = player.genmove(&g, Color::Black, GenMode::Normal, Budget::Playouts(10000));
            }
            assert_eq!(last, Decision::Play(v("A9", 9)), "seed {seed}");
        }
    }

    /// Every area is closed but for the dame F2. If White takes it,
    /// Black's F1 is in atari and Black must connect at E1, inside its
    /// own territory (a teire): 36 points to White's 25 instead of 37.
    /// At komi 11.5 whoever moves first at F2 wins by half a point.
    const DAME_BEFORE_TEIRE: &str = ". . . . X O . . .
                                     . . . . X O . . .
                                     . . . . X O . . .
                                     . . . . X O . . .
                                     . . . . X O . . .
                                     . . . . X O . . .
                                     . . . . X O . . .
                                     . . . . X . O . .
                                     . . . . . X O . .";

    /// Under the Japanese rules the last dame that matters is filled
    /// first, by either side, rather than left for a teire.
    #[test]
    fn the_dame_before_a_teire_is_filled_first() {
        for to_move in [Color::Black, Color::White] {
            let b: Board = DAME_BEFORE_TEIRE.parse().expect("diagram");
            let g = Game::with_setup(b, 0, to_move, Rules::JAPANESE, 11.5);
            assert_eq!(g.result(&[], &[]).to_string(), "B+0.5");
            for seed in 1..=3 {
                let mut player = Mcts::new(params(seed));
                let d = player.genmove(&g, to_move, GenMode::Normal, Budget::Playouts(10000));
                assert_eq!(d, Decision::Play(v("F2", 9)), "{to_move} seed {seed}");
            }
        }
    }

    /// Game 8 of the Japanese match of 2026-12-04 as both sides passed:
    /// White's F4 is in atari, and Black's F3 takes it as a ko that White
    /// may retake only after a pass. Black's D3-D2 and E1 inside White's
    /// area have liberties enough and are left to the playouts.
    const KO_LEFT_OPEN: &str = ". . . . . . . . .
                                X X X X . . . . .
                                X O O O X X . . .
                                O O . O O X . . .
                                . . O X X X . . .
                                . O O O X O X X X
                                . . . X O . O O X
                                . O . X O O . O O
                                . . . . X . O . .";

    #[test]
    fn a_string_left_in_atari_is_dead_in_a_territory_count() {
        let b: Board = KO_LEFT_OPEN.parse().expect("diagram");
        let japanese = Game::with_setup(b.clone(), 0, Color::White, Rules::JAPANESE, 6.5);
        let f4 = v("F4", 9);
        assert_eq!(dead_for_count(&japanese, vec![]), vec![f4]);
        // The playouts' verdict stays, sorted with the new one.
        let d3 = [v("D3", 9), v("D2", 9)];
        let mut want = vec![f4, d3[0], d3[1]];
        want.sort_unstable();
        assert_eq!(dead_for_count(&japanese, d3.to_vec()), want);
        // Area scoring counts what play settles: nothing is added.
        let chinese = Game::with_setup(b, 0, Color::White, Rules::CHINESE, 7.0);
        assert_eq!(dead_for_count(&chinese, vec![]), vec![]);
        // A capture whose capturing stone is left in atari and can be
        // taken back (Black's A1 would take White's B1-C1 and be taken
        // at B1) is no verdict.
        let snapback: Board = ". . . . .
                               . . . . .
                               O X X . .
                               O X X X .
                               . O O X ."
            .parse()
            .expect("diagram");
        let g = Game::with_setup(snapback, 0, Color::Black, Rules::JAPANESE, 6.5);
        assert_eq!(dead_for_count(&g, vec![]), vec![]);
    }

    #[test]
    fn closed_areas_offer_a_pass_and_stones_in_them_waste_a_point() {
        let settled: Board = SETTLED.parse().expect("diagram");
        assert!(closed(&settled));
        // Black's own area, White's, and nothing captured.
        assert!(wastes_a_point(&settled, Color::Black, v("A5", 5)));
        assert!(wastes_a_point(&settled, Color::Black, v("D5", 5)));
        assert!(wastes_a_point(&settled, Color::White, v("E1", 5)));
        // A dame is no territory, and a teire's point touches both.
        let dame: Board = DAME_BEFORE_TEIRE.parse().expect("diagram");
        assert!(closed(&dame));
        assert!(!wastes_a_point(&dame, Color::Black, v("F2", 9)));
        assert!(!wastes_a_point(&dame, Color::White, v("F2", 9)));
        // A stone beside its own string in atari mends the wall (E1
        // saves F1 once White has F2), and a capture is no waste.
        let mut atari = dame.clone();
        atari.play_unchecked(Color::White, v("F2", 9));
        assert!(!wastes_a_point(&atari, Color::Black, v("E1", 9)));
        assert!(!wastes_a_point(&atari, Color::White, v("E1", 9)));
        // An open board, or one colour alone, is not closed.
        let open: Board = ". . . . .
                           . X . O .
                           . X . O .
                           . X . O .
                           . . . . ."
            .parse()
            .expect("diagram");
        assert!(!closed(&open));
        assert!(!wastes_a_point(&open, Color::Black, v("A3", 5)));
        let alone: Board = ". . .
                            . X .
                            . . ."
            .parse()
            .expect("diagram");
        assert!(!closed(&alone));
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
