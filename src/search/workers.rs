//! The search threads: each descends the shared tree, plays out and backs
//! up until the budget is spent, the clock says stop or the caller does.
//!
//! Threads share one tree (see [`super::tree`]); a descent counts a visit
//! when it enters a node and adds the result when it comes back, so the
//! descents still running look like losses to the others (virtual loss)
//! and spread out. Superko is checked the first time a descent enters a
//! node, against the game's history and the positions on the path, and a
//! repeating node is marked illegal for good.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::rules::ing_ko::hot_liberties;
use crate::rules::{Game, KoRule, Move, TieRule};

use super::ownership::{Ownership, SharedOwnership};
use super::passing;
use super::prior;
use super::rave::Rave;
use super::territory;
use super::tree::{Legality, NodeId, Tree, DRAW, ROOT, WIN};
use crate::model::Model;
use crate::playout::{owners, play_out, Policy};

/// Extend the search past its target while the most visited move has
/// fewer than this many times the visits of the second.
const CLOSE_RATIO: f64 = 1.5;
/// A worker adds its ownership counts to the shared ones this often (in
/// playouts), so snapshots see them without a shared write per playout.
const OWNERSHIP_FLUSH: u64 = 64;

/// When a search stops.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// Playouts to start, over all threads.
    pub(super) playouts: Option<u64>,
    pub(super) start: Instant,
    pub(super) target: Option<Duration>,
    pub(super) max: Option<Duration>,
}

/// What every search thread shares.
pub(super) struct Search<'a> {
    pub(super) tree: &'a Tree,
    /// Selection and backup.
    pub(super) rave: Rave<'a>,
    pub(super) game: &'a Game,
    pub(super) color: Color,
    /// What White adds to its area in the playouts: komi, handicap bonus
    /// and dynamic komi.
    pub(super) white_bonus: f64,
    pub(super) tie: TieRule,
    pub(super) ko: KoRule,
    pub(super) policy: Policy,
    /// The move model behind the priors.
    pub(super) model: &'a Model,
    pub(super) last: Option<Point>,
    /// The move before it (the mover's own last move), if a play.
    pub(super) prev: Option<Point>,
    /// Whether nodes may offer a pass (not where the board will be
    /// counted as it stands: there a pass is decided outside the tree).
    pub(super) passes: bool,
    pub(super) expand_at: u32,
    pub(super) limits: Limits,
    /// Descents started, over all threads.
    pub(super) started: AtomicU64,
    /// Playouts finished, over all threads.
    pub(super) finished: AtomicU64,
    /// Set by the search itself when its time is up.
    pub(super) stop: AtomicBool,
    /// Set by the caller.
    pub(super) abort: &'a AtomicBool,
    pub(super) own: SharedOwnership,
    /// Margins in the tree are against `white_bonus`; this turns them
    /// into margins against the real komi (it is not zero only with
    /// dynamic komi), for Black.
    pub(super) black_margin_shift: f64,
    /// Under territory scoring, Black's stones placed minus White's at the
    /// root (see [`super::territory`]); `None` under area scoring.
    pub(super) territory: Option<i64>,
}

/// A thread's own buffers.
struct Worker {
    rng: SmallRng,
    board: Board,
    path: Vec<NodeId>,
    /// The moves along the path (`None` for a pass), and the position
    /// after each (hash and player to move), for superko.
    tree_moves: Vec<(Color, Option<Point>)>,
    keys: Vec<(u64, Color)>,
    playout_moves: Vec<(Color, Point)>,
    /// Per point, during the AMAF update: 0, or the first play there as
    /// 1 + its colour + twice its index in the descent and playout.
    first: Vec<u32>,
    /// Owner of every point at the end of the playout (1 Black, -1
    /// White, 0 nobody).
    owners: Vec<i8>,
    own: Ownership,
}

impl Worker {
    fn new(seed: u64, board: &Board) -> Worker {
        Worker {
            rng: SmallRng::seed_from_u64(seed),
            board: board.clone(),
            path: Vec::with_capacity(64),
            tree_moves: Vec::with_capacity(64),
            keys: Vec::with_capacity(64),
            playout_moves: Vec::with_capacity(4 * MAX_POINTS),
            first: vec![0; MAX_POINTS],
            owners: vec![0; MAX_POINTS],
            own: Ownership::new(),
        }
    }
}

impl Search<'_> {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.abort.load(Ordering::Relaxed)
    }

    pub(super) fn worker(&self, seed: u64, controller: bool) {
        let mut w = Worker::new(seed, self.game.board());
        let mut n = 0u64;
        // One descent even when stopped at once: it gives the root its
        // children, and an interrupted genmove a move.
        while n == 0 || !self.stopped() {
            if let Some(limit) = self.limits.playouts {
                if self.started.fetch_add(1, Ordering::Relaxed) >= limit {
                    break;
                }
            }
            self.descend(&mut w);
            n += 1;
            if n % OWNERSHIP_FLUSH == 0 {
                w.own.flush(&self.own);
            }
            if controller && n % 32 == 0 && self.time_is_up() {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        w.own.flush(&self.own);
    }

    /// One descent, playout and backup. A descent that runs into a
    /// superko repetition is abandoned (the node is marked illegal).
    #[inline]
    fn descend(&self, w: &mut Worker) {
        let tree = self.tree;
        w.board.copy_from(self.game.board());
        w.path.clear();
        w.tree_moves.clear();
        w.keys.clear();
        w.path.push(ROOT);
        tree.node(ROOT).enter();
        let mut node = ROOT;
        let mut color = self.color;
        let mut last = self.last;
        let mut prev = self.prev;
        let mut after_pass = self.rave.after_pass;
        // Black's stones placed minus White's on the way down the tree.
        let mut placed = 0i64;
        // Stones the last path move captured (Ing's hot stones).
        let mut captured = 0u32;
        loop {
            let n = tree.node(node);
            if !n.is_expanded() {
                let ready = node == ROOT || n.visits() > self.expand_at;
                if ready && !tree.is_full() && n.try_claim() {
                    let pass = self.passes
                        && passing::offered(&w.board, after_pass, self.territory.is_some());
                    let mut kids = prior::children(&w.board, color, last, prev, pass, self.model);
                    if pass && self.territory.is_some() {
                        passing::raise_pass_prior(&mut kids);
                    }
                    tree.expand(node, &kids);
                }
                if !n.is_expanded() {
                    break;
                }
            }
            let depth = w.tree_moves.len() as u32;
            let Some(child) = self.rave.select(node, &mut w.rng, color, depth) else {
                break;
            };
            let c = tree.node(child);
            let mv = c.point();
            // Ing's ko rule looks at the board before the play.
            let ing_refused = match mv {
                Some(p) if self.ko == KoRule::Ing && c.legality() == Legality::Unchecked => {
                    self.ing_refuses(w, color, p, captured)
                }
                _ => false,
            };
            captured = 0;
            match mv {
                Some(p) => {
                    captured = u32::from(w.board.play_unchecked(color, p).captured);
                    placed += match color {
                        Color::Black => 1,
                        Color::White => -1,
                    };
                }
                None => w.board.pass(),
            }
            c.enter();
            w.path.push(child);
            w.tree_moves.push((color, mv));
            if c.legality() == Legality::Unchecked {
                // Passes never repeat a position (SPEC §1.1).
                match self.ko {
                    KoRule::Basic(_) if mv.is_some() && self.cycles(w, !color) => c.set_cycle(),
                    KoRule::Basic(_) => c.set_legality(true),
                    KoRule::Ing => c.set_legality(!ing_refused),
                    _ => c.set_legality(mv.is_none() || !self.repeats(w, !color)),
                }
            }
            if c.is_illegal() {
                for &id in &w.path {
                    tree.node(id).leave();
                }
                return;
            }
            if c.legality() == Legality::Cycle {
                // Either side that prefers the cycle to its alternatives
                // can keep it going: a no-result (or a Korean draw) is
                // half a win for both, as a draw is.
                w.playout_moves.clear();
                self.rave.backup(
                    &w.path,
                    &w.tree_moves,
                    &w.playout_moves,
                    &mut w.first,
                    DRAW,
                    0,
                );
                self.finished.fetch_add(1, Ordering::Relaxed);
                return;
            }
            w.keys.push((w.board.hash(), !color));
            prev = last;
            last = mv;
            after_pass = mv.is_none();
            color = !color;
            node = child;
        }
        w.playout_moves.clear();
        play_out(
            &mut w.board,
            color,
            last,
            &mut w.rng,
            self.policy,
            &mut w.playout_moves,
        );
        let black_area = owners(&w.board, &mut w.owners);
        for p in w.board.points() {
            match w.owners[p.index()] {
                1 => w.own.owned[p.index()][0] += 1,
                -1 => w.own.owned[p.index()][1] += 1,
                _ => {}
            }
        }
        w.own.playouts += 1;
        let mut black_margin = f64::from(black_area) - self.white_bonus;
        if let Some(at_root) = self.territory {
            black_margin -= territory::area_to_territory(at_root + placed);
        }
        let black_wins = if black_margin > 0.0 {
            WIN
        } else if black_margin < 0.0 {
            0
        } else {
            match self.tie {
                TieRule::Draw => DRAW,
                TieRule::BlackWins => WIN,
            }
        };
        self.rave.backup(
            &w.path,
            &w.tree_moves,
            &w.playout_moves,
            &mut w.first,
            black_wins,
            (2.0 * black_margin).round() as i64,
        );
        self.finished.fetch_add(1, Ordering::Relaxed);
    }

    /// Under the basic ko rule: does the position after the last path
    /// move (with `to_move` to play) repeat one since the last pass, of
    /// the game (when the path has no pass) or of the path?
    fn cycles(&self, w: &Worker, to_move: Color) -> bool {
        let last_pass = w.tree_moves.iter().rposition(|(_, mv)| mv.is_none());
        if last_pass.is_none() && self.game.occurrences_since_pass(&w.board, to_move) > 0 {
            return true;
        }
        let from = last_pass.unwrap_or(0);
        let hash = w.board.hash();
        for (i, &(h, mover)) in w.keys.iter().enumerate().skip(from) {
            if h == hash && mover == to_move && self.path_position_is(w, i) {
                return true;
            }
        }
        false
    }

    /// Under Ing's ko rule, before `color` plays at `p` on the worker's
    /// board: does the play capture a hot stone, or repeat a play made
    /// from this arrangement since the last stop (two passes in a row) of
    /// the path, or of the game when the path has none? The last path
    /// move took `captured` stones.
    fn ing_refuses(&self, w: &Worker, color: Color, p: Point, captured: u32) -> bool {
        let hot = match w.tree_moves.last() {
            None => self.game.hot_points(color).contains(&p),
            Some(&(c, Some(q))) if c == !color => hot_liberties(&w.board, q, captured).contains(&p),
            Some(_) => false,
        };
        if hot {
            return true;
        }
        // The path from its last stop on; a pass at its start and one at
        // the game's end are a stop too.
        let moves = &w.tree_moves;
        let stop = (1..moves.len())
            .rev()
            .find(|&i| moves[i].1.is_none() && moves[i - 1].1.is_none());
        let game_ends_in_pass = matches!(self.game.last_move(), Some(Move::Pass(_)));
        let from = match stop {
            Some(i) => i + 1,
            None if game_ends_in_pass && moves.first().is_some_and(|m| m.1.is_none()) => 1,
            None => {
                if self.game.played_since_stop(&w.board, color, p) {
                    return true;
                }
                0
            }
        };
        let hash = w.board.hash();
        (from..moves.len()).any(|i| {
            moves[i] == (color, Some(p))
                && if i == 0 {
                    self.game.board().hash() == hash && *self.game.board() == w.board
                } else {
                    w.keys[i - 1].0 == hash && self.path_position_is(w, i - 1)
                }
        })
    }

    /// Is the position after path move `i` the worker's board? (Confirms
    /// a hash hit by replaying the path.)
    fn path_position_is(&self, w: &Worker, i: usize) -> bool {
        let mut b = self.game.board().clone();
        for &(c, mv) in &w.tree_moves[..=i] {
            match mv {
                Some(p) => {
                    b.play_unchecked(c, p);
                }
                None => b.pass(),
            }
        }
        b == w.board
    }

    /// Does the position after the last path move (with `to_move` to
    /// play) repeat one of the game or of the path?
    fn repeats(&self, w: &Worker, to_move: Color) -> bool {
        if self.game.history().repeats(&w.board, to_move, self.ko) {
            return true;
        }
        let hash = w.board.hash();
        for (i, &(h, mover)) in w.keys.iter().enumerate() {
            if h == hash
                && (self.ko == KoRule::PositionalSuperko || mover == to_move)
                && self.path_position_is(w, i)
            {
                return true;
            }
        }
        false
    }

    /// Time to stop: past the maximum; past the target unless the top two
    /// moves are close; or the runner-up cannot catch up in the time left.
    fn time_is_up(&self) -> bool {
        let (Some(target), Some(max)) = (self.limits.target, self.limits.max) else {
            return false;
        };
        let elapsed = self.limits.start.elapsed();
        if elapsed >= max {
            return true;
        }
        let ranked = self.tree.ranked(ROOT);
        let (first, second) = match ranked.as_slice() {
            [] | [_] => return elapsed >= target.min(Duration::from_millis(50)),
            [a, b, ..] => (f64::from(a.1.visits), f64::from(b.1.visits)),
        };
        if elapsed >= target {
            return first >= CLOSE_RATIO * second;
        }
        // Playouts still to come before the target, at the rate so far.
        let done = self.finished.load(Ordering::Relaxed) as f64;
        let secs = elapsed.as_secs_f64();
        if secs < 0.05 || done < 100.0 {
            return false;
        }
        let to_come = done / secs * (target - elapsed).as_secs_f64();
        first - second > to_come
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::{Move, Rules};
    use crate::search::analysis::MoveFilter;
    use crate::testing::positions::TRIPLE_KO;
    use crate::testing::vertex as v;

    /// Black's B3 is in atari at C3 (a ko); Black is to move.
    fn ko_game(rules: Rules) -> Game {
        let b: Board = ". O X .
                        O X . X
                        . O X .
                        . . . ."
            .parse()
            .expect("diagram");
        Game::with_setup(b, 0, Color::Black, rules, 0.5)
    }

    /// Plays the path moves one by one as a descent does, and tells for
    /// each whether the search finds it repeating (passes never do).
    fn repeats_along(game: &Game, path: &[(Color, Option<&str>)]) -> Vec<bool> {
        check_along(game, path, 4, |search, w, to_move| {
            search.repeats(w, to_move)
        })
    }

    /// A one-thread search of `game` for Black, whose nodes may pass,
    /// handed to `f` with a worker. `after_pass`: the game's last move
    /// was a pass; `territory`: counted by territory, with this many more
    /// Black stones placed than White ones.
    fn with_search<T>(
        game: &Game,
        after_pass: bool,
        territory: Option<i64>,
        f: impl FnOnce(&Search, &mut Worker) -> T,
    ) -> T {
        let tree = Tree::new(1000);
        let filter = MoveFilter::default();
        let abort = AtomicBool::new(false);
        let search = Search {
            tree: &tree,
            rave: Rave {
                tree: &tree,
                color: Color::Black,
                area: 16.0,
                after_pass,
                try_pass: false,
                filter: &filter,
            },
            game,
            color: Color::Black,
            white_bonus: 0.5,
            tie: game.rules().tie,
            ko: game.rules().ko,
            policy: Policy::Light,
            model: &crate::model::JUDGE_SMALL,
            last: None,
            prev: None,
            passes: true,
            expand_at: 1,
            limits: Limits {
                playouts: Some(1),
                start: Instant::now(),
                target: None,
                max: None,
            },
            started: AtomicU64::new(0),
            finished: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            abort: &abort,
            own: SharedOwnership::new(),
            black_margin_shift: 0.0,
            territory,
        };
        let mut w = Worker::new(1, game.board());
        f(&search, &mut w)
    }

    /// As [`repeats_along`], with any check of the position after each
    /// move, on a board of `size`.
    fn check_along(
        game: &Game,
        path: &[(Color, Option<&str>)],
        size: u8,
        check: impl Fn(&Search, &Worker, Color) -> bool,
    ) -> Vec<bool> {
        with_search(game, false, None, |search, w| {
            path.iter()
                .map(|&(color, mv)| {
                    let mv = mv.map(|s| v(s, size));
                    match mv {
                        Some(p) => {
                            w.board.play_unchecked(color, p);
                        }
                        None => w.board.pass(),
                    }
                    w.tree_moves.push((color, mv));
                    let repeats = mv.is_some() && check(search, w, !color);
                    w.keys.push((w.board.hash(), !color));
                    repeats
                })
                .collect()
        })
    }

    /// The prior (virtual games, half-wins) of the root's pass after one
    /// descent, and the best prior win rate of its moves.
    fn root_pass_prior(game: &Game, territory: Option<i64>) -> ((u32, u32), f64) {
        with_search(game, true, territory, |search, w| {
            search.descend(w);
            let root = search.tree.node(ROOT);
            let mut pass = None;
            let mut best = 0.0f64;
            for id in root.children().map(NodeId) {
                let s = search.tree.node(id).stats();
                if search.tree.node(id).is_pass() {
                    pass = Some((s.prior_visits, s.prior_wins));
                } else {
                    best = best.max(f64::from(s.prior_wins) / (2.0 * f64::from(s.prior_visits)));
                }
            }
            (pass.expect("a pass after a pass"), best)
        })
    }

    /// After a pass a node offers one. Counted by area, it keeps the even
    /// prior every pass gets (20 virtual games at a rate of one half);
    /// counted by territory it starts as good as the best-looking move
    /// (`passing::raise_pass_prior`), here the capture of White B2, which
    /// the priors like better than even.
    #[test]
    fn only_a_territory_count_raises_the_prior_of_a_pass() {
        let b: Board = ". . . . .
                        . . . . .
                        . X . . .
                        X O X . .
                        . . . . ."
            .parse()
            .expect("diagram");
        let area = Game::with_setup(b.clone(), 0, Color::Black, Rules::CHINESE, 7.0);
        let ((visits, wins), best) = root_pass_prior(&area, None);
        assert_eq!((visits, wins), (20, 20));
        assert!(best > 0.6, "{best}");
        let japanese = Game::with_setup(b, 0, Color::Black, Rules::JAPANESE, 6.5);
        let ((visits, wins), raised) = root_pass_prior(&japanese, Some(0));
        assert_eq!(raised, best);
        assert_eq!(visits, 20);
        assert!(
            (f64::from(wins) / 40.0 - best).abs() <= 1.0 / 80.0,
            "{wins}"
        );
    }

    /// Black passes, White takes the ko, both pass, and Black takes back:
    /// the stones stand as at the root, with White to move as after
    /// Black's first pass. No simple-ko rule forbids the retake (passes
    /// came between); superko does, under both ko rules: by the game's
    /// own position (positional) or by the position on the path
    /// (situational: at the root Black was to move).
    #[test]
    fn the_tree_finds_a_superko_repetition() {
        let path = [
            (Color::Black, None),
            (Color::White, Some("C3")),
            (Color::Black, None),
            (Color::White, None),
            (Color::Black, Some("B3")),
        ];
        for rules in [Rules::SIMPLIFIED_ING, Rules::NEW_ZEALAND] {
            let game = ko_game(rules);
            assert_eq!(
                repeats_along(&game, &path),
                [false, false, false, false, true],
                "{:?}",
                rules.ko
            );
        }
        // With Black's pass played in the game, the retake repeats the
        // game's own position (White to move), not one of the path's.
        let path = [
            (Color::White, Some("C3")),
            (Color::Black, None),
            (Color::White, None),
            (Color::Black, Some("B3")),
        ];
        let mut game = ko_game(Rules::NEW_ZEALAND);
        game.play(Move::Pass(Color::Black)).expect("pass");
        assert_eq!(
            repeats_along(&game, &path),
            [false, false, false, true],
            "the game's position after Black's pass, White to move"
        );
    }

    /// The triple ko of `testing::positions` under the Japanese rules: one round
    /// of six captures brings back the root position with Black to move,
    /// a cycle the search values as the no-result it leads to; no
    /// position before it repeats.
    #[test]
    fn the_tree_finds_a_long_cycle() {
        let b: Board = TRIPLE_KO.parse().expect("diagram");
        let game = Game::with_setup(b, 0, Color::Black, Rules::JAPANESE, 6.5);
        let round = [
            (Color::Black, Some("C8")),
            (Color::White, Some("G8")),
            (Color::Black, Some("C4")),
            (Color::White, Some("B8")),
            (Color::Black, Some("H8")),
            (Color::White, Some("B4")),
        ];
        let cycles = |path: &[(Color, Option<&str>)]| {
            check_along(&game, path, 9, |search, w, to_move| {
                search.cycles(w, to_move)
            })
        };
        assert_eq!(cycles(&round), [false, false, false, false, false, true]);
        // Round and a half: the path's own positions repeat too.
        let mut twice: Vec<_> = round.to_vec();
        twice.extend_from_slice(&round[..3]);
        let found = cycles(&twice);
        assert_eq!(found[5..], [true, true, true, true]);
    }
}
