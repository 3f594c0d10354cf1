//! The end of the game for every player: when the board counts as it
//! stands, when to resign, when a pass is safe, and which move closes in on
//! dead stones in a cleanup.

use std::time::Duration;

use crate::board::{Board, Color, Point};
use crate::rules::{area_owners, Game, GameResult, Move, Phase};

use super::{Budget, Decision, GenMode};

/// Playouts below which a player neither resigns nor trusts ownership.
pub(super) const MIN_PLAYOUTS_TO_JUDGE: u64 = 200;
/// Playouts for a dead-stone judgement when the budget is a time.
const DEAD_STONE_PLAYOUTS: u64 = 3000;
/// Least time a dead-stone judgement behind a pass may take on a clock:
/// with less, the search's own verdict stands.
const MIN_JUDGEMENT_TIME: Duration = Duration::from_millis(50);
/// A position offers a pass once fewer than this share of the board's
/// points are empty, or when the move that led to it was a pass.
const PASS_WHEN_EMPTY_BELOW: f64 = 0.5;
/// A pass is as good as the best move when its win rate is within this
/// of the best one's, over at least this many visits.
pub(super) const PASS_TOLERANCE: f64 = 0.05;
pub(super) const PASS_MIN_VISITS: u64 = 20;
/// Share of the playouts that must give a point to its owner by the count
/// for the point to agree with it, and share of the points that must agree
/// for the board to be settled.
const AGREEING_SHARE: f64 = 0.8;

/// True when the board will be counted as it stands, so every dead
/// opposing stone must be captured before passing: a cleanup genmove, or
/// any move after a resumption.
pub(super) fn is_cleanup(game: &Game, mode: GenMode) -> bool {
    mode == GenMode::Cleanup || matches!(game.phase(), Phase::Resumed { .. })
}

/// Late enough in the game for a position to offer a pass.
pub(super) fn late(board: &Board) -> bool {
    let area = f64::from(board.size()) * f64::from(board.size());
    (board.empty_count() as f64) < PASS_WHEN_EMPTY_BELOW * area
}

/// 1 for a win of `color`, 0.5 for a draw, 0 for a loss.
pub(super) fn value_for(result: GameResult, color: Color) -> f64 {
    match result.winner() {
        Some(c) if c == color => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The budget of a dead-stone judgement asked for with `budget`: at least
/// enough playouts to be stable, whatever the clock.
pub(super) fn dead_stone_budget(budget: Budget) -> Budget {
    Budget::Playouts(match budget {
        Budget::Playouts(n) => n.max(DEAD_STONE_PLAYOUTS),
        Budget::Time { .. } => DEAD_STONE_PLAYOUTS,
    })
}

/// The judgement behind a pass, for a move of `budget` that has used
/// `spent`: the playouts final_status_list would use, or on a clock half
/// the move's target, within what is left of its maximum; none when that
/// is too short to judge anything.
fn pass_judgement(budget: Budget, spent: Duration) -> Option<Budget> {
    match budget {
        Budget::Playouts(n) => Some(Budget::Playouts(n.max(DEAD_STONE_PLAYOUTS))),
        Budget::Time { target, max } => {
            let t = (target / 2).min(max.saturating_sub(spent));
            (t >= MIN_JUDGEMENT_TIME).then(|| Budget::time(t))
        }
    }
}

/// The dead stones a player last judged, by arrangement and side to move
/// (the playouts' verdict can depend on who moves first): the same
/// position must get the same answer (Pachi caches for the same reason).
#[derive(Default)]
pub(super) struct DeadCache(Option<(u64, Color, Vec<Point>)>);

impl DeadCache {
    pub(super) fn get(&self, game: &Game) -> Option<Vec<Point>> {
        let (hash, to_move, dead) = self.0.as_ref()?;
        (*hash == game.board().hash() && *to_move == game.to_move()).then(|| dead.clone())
    }

    pub(super) fn set(&mut self, game: &Game, dead: Vec<Point>) {
        self.0 = Some((game.board().hash(), game.to_move(), dead));
    }

    /// After a pass in cleanup, the verdict behind it is the one
    /// `final_status_list` must give.
    pub(super) fn keep_behind_pass(
        &mut self,
        game: &Game,
        cleanup: bool,
        decision: Decision,
        dead: &[Point],
    ) {
        if cleanup && decision == Decision::Pass {
            self.set(game, dead.to_vec());
        }
    }
}

/// What a search that weighs a pass of its own says about it.
#[derive(Clone, Copy, Debug)]
pub(super) struct PassEvidence {
    pub(super) visits: u64,
    /// Its win rate is within [`PASS_TOLERANCE`] of the best move's.
    pub(super) as_good: bool,
}

/// What a player's search found, for the decisions at the end of a game.
pub(super) struct Findings<'a, S: Fn(Point, Color) -> f64> {
    /// The legal moves, best first (never empty).
    pub(super) ranked: &'a [Point],
    pub(super) best_rate: f64,
    pub(super) best_visits: u64,
    /// Playouts behind the ownership.
    pub(super) playouts: u64,
    /// Share of the playouts in which a colour owned a point.
    pub(super) share: S,
    /// The strings the ownership calls dead, sorted.
    pub(super) dead: &'a [Point],
    /// The search's own pass; `None` where it weighs none (the board
    /// counts as it stands, or the player has no pass among its moves).
    pub(super) pass: Option<PassEvidence>,
}

/// True when the best move is hopeless enough to resign.
pub(super) fn resigns(best_rate: f64, best_visits: u64, playouts: u64, threshold: f64) -> bool {
    playouts >= MIN_PLAYOUTS_TO_JUDGE
        && best_rate < threshold
        && best_visits >= MIN_PLAYOUTS_TO_JUDGE / 4
}

/// The move for `color` in `game` once the search is done and resigning
/// is ruled out: the best move, a pass, or in a cleanup a move that closes
/// in on dead stones. `judge` gives the dead stones of a position from a
/// search of the given budget (the verdict final_status_list gives);
/// `spent` is the time the move has used.
pub(super) fn decide<S: Fn(Point, Color) -> f64>(
    game: &Game,
    color: Color,
    cleanup: bool,
    found: &Findings<S>,
    budget: Budget,
    spent: Duration,
    judge: impl FnOnce(&Game, Budget) -> Vec<Point>,
) -> Decision {
    let board = game.board();
    let best = found.ranked[0];
    let dead = found.dead;
    let opponent_passed = game.last_move() == Some(Move::Pass(!color));
    let dead_opponents = dead.iter().any(|&p| board.color_at(p) == Some(!color));
    let counted_dead: &[Point] = if cleanup { &[] } else { dead };
    if cleanup && dead_opponents {
        // Capture them: of the moves on a liberty of a dead opposing
        // string, the best. Random playouts alone wander about, and an
        // engine that must clean up should close in.
        let on_dead_liberty = |p: Point| {
            p.neighbors()
                .iter()
                .any(|&n| board.color_at(n) == Some(!color) && dead.binary_search(&n).is_ok())
        };
        let pick = found
            .ranked
            .iter()
            .copied()
            .find(|&p| on_dead_liberty(p))
            .unwrap_or(best);
        return Decision::Play(pick);
    }
    // Pass when the count after two passes is not worse than playing on,
    // and the opponent has passed or the search itself prefers the pass
    // (it then saw that the opponent has nothing to gain from a free
    // move). Where the search weighs no pass, the playouts must agree with
    // the count nearly everywhere (the board is settled).
    let owners = area_owners(board, counted_dead);
    let agreeing = board
        .points()
        .filter(|&p| owners[p.index()].is_some_and(|o| (found.share)(p, o) >= AGREEING_SHARE))
        .count();
    let judged = found.playouts >= MIN_PLAYOUTS_TO_JUDGE;
    let settled = judged && agreeing * 10 >= board.points().count() * 9;
    // Even after the opponent's pass, our pass hands the move back (a
    // resumption starts with the opponent): it must be about as good as
    // the best move in the search's own eyes, not only by a count that
    // trusts our dead-stone verdict (found in matches: ingo passed in a
    // capturing race that the side to move wins).
    let pass_ok = match found.pass {
        None => opponent_passed || settled,
        Some(pass) => pass.visits > found.best_visits || (opponent_passed && pass.as_good),
    };
    // The ownership comes from lines the search steers, most of them
    // through our own pass when it looks good: where both sides only have
    // moves that hurt themselves (shared liberties, a killing sacrifice),
    // the side to move in the playouts loses, and a dead group can look
    // alive. The count behind a pass is the one final_status_list gives,
    // from a judgement of its own (found in matches against Pachi: ingo
    // passed, counting W+1 with nothing dead, in a position that was B+74).
    let judged_dead;
    let judgement = pass_judgement(budget, spent);
    let counted_dead = match judgement {
        Some(b) if pass_ok && !cleanup => {
            // Judged after the pass, with the opponent to move: a group
            // the opponent kills by moving first is dead (found in a
            // match: White's stones in Black's area lived with White to
            // move, and ingo passed counting W+31 where GNU Go counted a
            // draw).
            let mut after = game.clone();
            judged_dead = match after.play(Move::Pass(color)) {
                Ok(()) => judge(&after, b),
                Err(_) => judge(game, b),
            };
            &judged_dead
        }
        _ => counted_dead,
    };
    let count = game.score(counted_dead).result(game.rules().tie);
    let value = value_for(count, color);
    // A pass into a sure loss is no better than a hopeless move that the
    // opponent may still answer wrongly: resigning is the way to give up
    // (with heavy playouts that defend well, every move of a lost position
    // can lose all its playouts). Where the board will be counted as it
    // stands, a pass also needs that count to be good for us (SPEC §1.3).
    let best_rate = found.best_rate;
    let not_worse = value > best_rate || (value == best_rate && value > 0.0);
    if not_worse && pass_ok && (!cleanup || value >= 0.5) {
        Decision::Pass
    } else {
        Decision::Play(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_judgement_behind_a_pass_keeps_to_the_move_budget() {
        let s = Duration::from_secs_f64;
        assert_eq!(
            pass_judgement(Budget::Playouts(10_000), s(9.0)),
            Some(Budget::Playouts(10_000))
        );
        assert_eq!(
            pass_judgement(Budget::Playouts(100), s(0.0)),
            Some(Budget::Playouts(DEAD_STONE_PLAYOUTS))
        );
        let clock = Budget::Time {
            target: s(2.0),
            max: s(5.0),
        };
        let judge = |spent| pass_judgement(clock, s(spent));
        assert_eq!(judge(1.0), Some(Budget::time(s(1.0))));
        assert_eq!(judge(4.5), Some(Budget::time(s(0.5))));
        assert_eq!(judge(4.96), None);
        assert_eq!(judge(6.0), None);
    }

    use crate::board::Board;
    use crate::rules::Rules;
    use crate::testing::vertex as v;

    /// Black's wall on the D file, White's on the E file, and one White
    /// stone at B4 inside Black's area.
    fn walls(komi: f64) -> Game {
        let b: Board = ". . . X O . .
                        . . . X O . .
                        . . . X O . .
                        . O . X O . .
                        . . . X O . .
                        . . . X O . .
                        . . . X O . ."
            .parse()
            .expect("diagram");
        Game::with_setup(b, 0, Color::Black, Rules::SIMPLIFIED_ING, komi)
    }

    fn findings<'a>(
        ranked: &'a [Point],
        dead: &'a [Point],
    ) -> Findings<'a, fn(Point, Color) -> f64> {
        Findings {
            ranked,
            best_rate: 0.5,
            best_visits: 100,
            playouts: 1000,
            share: |_, _| 1.0,
            dead,
            pass: None,
        }
    }

    #[test]
    fn a_cleanup_closes_in_on_dead_stones_then_passes_a_won_count() {
        let game = walls(0.5);
        let ranked = [v("A1", 7), v("C4", 7), v("B5", 7)];
        let dead = [v("B4", 7)];
        let never =
            |_: &Game, _: Budget| -> Vec<Point> { unreachable!("no judgement in a cleanup") };
        let spent = Duration::ZERO;
        let budget = Budget::Playouts(100);
        let found = findings(&ranked, &dead);
        let mv = decide(&game, Color::Black, true, &found, budget, spent, never);
        assert_eq!(mv, Decision::Play(v("C4", 7)), "the best move on a liberty");
        // With B4 gone, Black's 28 points beat White's 21.5 as they stand.
        let mut clean: Board = game.board().clone();
        clean.remove_strings(&dead);
        let game = Game::with_setup(clean, 0, Color::Black, Rules::SIMPLIFIED_ING, 0.5);
        let found = findings(&ranked, &[]);
        let mv = decide(&game, Color::Black, true, &found, budget, spent, never);
        assert_eq!(mv, Decision::Pass);
        // White, losing by that count, plays on.
        let mv = decide(&game, Color::White, true, &found, budget, spent, never);
        assert_eq!(mv, Decision::Play(v("A1", 7)));
    }

    #[test]
    fn resumed_means_cleanup() {
        let mut game = walls(0.5);
        assert!(!is_cleanup(&game, GenMode::Normal));
        assert!(is_cleanup(&game, GenMode::Cleanup));
        game.play(Move::Pass(Color::Black)).expect("pass");
        game.play(Move::Pass(Color::White)).expect("pass");
        game.dispute().expect("dispute");
        assert!(is_cleanup(&game, GenMode::Normal));
    }
}
