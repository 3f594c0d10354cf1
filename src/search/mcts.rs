//! The tree search player: Monte Carlo tree search with RAVE behind
//! `genmove`, its tree kept from move to move.
//!
//! Each descent goes from the root to a leaf by the best child value (see
//! [`super::rave`]), expands a leaf once it has been visited a few times,
//! plays a playout from there, and backs the result up the path; the
//! threads that do it are in [`super::workers`], the end of the game
//! (passes, cleanup, resignation) in [`super::endgame`].

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::board::{Color, Point};
use crate::rules::{Event, Game, Move, Scoring};

use super::ambition::Ambition;
use super::analysis::{Analysis, MoveFilter, Watch};
use super::dynkomi;
use super::endgame::{
    dead_stone_budget, decide, is_cleanup, pass_as_good, resigns, DeadCache, Findings, PassEvidence,
};
use super::ownership::{Ownership, SharedOwnership};
use super::passing;
use super::player::{Budget, Decision, GenMode, Player, SearchParams};
use super::rave::Rave;
use super::territory;
use super::tree::{NodeId, Stats, Tree, ROOT};
use super::workers::{Limits, Search};
use crate::model;
use crate::tactics::dead_for_count;

/// A leaf gets children once it has been visited more than this many
/// times on a 9x9 board (Fuego: 3); bigger boards wait longer, since each
/// expansion adds a node per empty point (Pachi waits for 8).
const EXPAND_AT: u32 = 3;

/// The tree kept from the last search, and the game it was for.
struct Kept {
    tree: Tree,
    game: Game,
    color: Color,
    /// The komi Black played for beyond the real one (see `Ambition`):
    /// a tree searched for another margin counted other wins.
    black_extra: f64,
}

/// The tree search player.
pub struct Mcts {
    params: SearchParams,
    rng: SmallRng,
    kept: Option<Kept>,
    /// The margin each side plays for in a won game.
    ambition: Ambition,
    /// The verdict final_status_list gives.
    dead_cache: DeadCache,
    /// Whether the search under way is a dead-stone judgement.
    judging: bool,
}

/// The result of one search.
struct Outcome {
    tree: Tree,
    black_extra: f64,
    own: Ownership,
    playouts: u64,
    analysis: Analysis,
}

impl Mcts {
    pub fn new(params: SearchParams) -> Mcts {
        let rng = SmallRng::seed_from_u64(params.seed);
        Mcts {
            params,
            rng,
            kept: None,
            ambition: Ambition::default(),
            dead_cache: DeadCache::default(),
            judging: false,
        }
    }

    /// The kept tree's node for `game` with `color` to move, promoted to
    /// a new tree, when the game only went on by moves the tree knows.
    fn reuse(&mut self, game: &Game, color: Color, black_extra: f64) -> Option<Tree> {
        let kept = self.kept.take()?;
        let old = &kept.game;
        if !game.continues(old) || kept.black_extra != black_extra {
            return None;
        }
        let mut node = ROOT;
        let mut to_move = kept.color;
        for e in &game.events()[old.events().len()..] {
            let Event::Move(Move::Play(c, p)) = e else {
                return None;
            };
            if *c != to_move {
                return None;
            }
            node = NodeId(
                kept.tree
                    .node(node)
                    .children()
                    .find(|&i| kept.tree.node(NodeId(i)).point() == Some(*p))?,
            );
            to_move = !to_move;
        }
        if to_move != color {
            return None;
        }
        if node == ROOT {
            // The same position (analysed again, or pondered on and not
            // yet answered): the tree goes on as it is, with no copy.
            log::info!("reusing all {} nodes", kept.tree.len());
            return Some(kept.tree);
        }
        let tree = Tree::promote(&kept.tree, node, self.params.max_nodes);
        log::info!("reusing {} of {} nodes", tree.len(), kept.tree.len());
        Some(tree)
    }

    /// Runs the search on every thread, while the calling thread reports
    /// to `watch` when it asks for snapshots. `color` plays as if it
    /// owed `extra` points of komi more than it does.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        game: &Game,
        color: Color,
        extra: f64,
        budget: Budget,
        passes: bool,
        filter: &MoveFilter,
        watch: &mut Watch,
    ) -> Outcome {
        // Promoting the kept tree takes time too: the clock starts here.
        let start = Instant::now();
        let black_extra = match color {
            Color::Black => extra,
            Color::White => -extra,
        };
        let tree = self
            .reuse(game, color, black_extra)
            // A kept node expanded before passes were offered has none.
            .filter(|t| !passes || !passing::root_lacks_pass(t, game))
            .unwrap_or_else(|| Tree::new(self.params.max_nodes));
        let limits = match budget {
            Budget::Playouts(n) => Limits {
                playouts: Some(n),
                start,
                target: None,
                max: None,
            },
            Budget::Time { target, max } => Limits {
                playouts: None,
                start,
                target: Some(target),
                max: Some(max.max(target)),
            },
        };
        let last = match game.last_move() {
            Some(Move::Play(_, p)) => Some(p),
            _ => None,
        };
        let prev = match game.moves().nth_back(1) {
            Some(Move::Play(_, p)) => Some(p),
            _ => None,
        };
        let white_bonus = dynkomi::white_bonus(game, color) + black_extra;
        let size = f64::from(game.size());
        let search = Search {
            tree: &tree,
            rave: Rave {
                tree: &tree,
                color,
                area: size * size,
                after_pass: matches!(game.last_move(), Some(Move::Pass(_))),
                try_pass: passing::root_must_try(game),
                filter,
            },
            game,
            color,
            white_bonus,
            tie: game.rules().tie,
            ko: game.rules().ko,
            policy: self.params.policy,
            // Fitted together with the large shapes, the other gammas lead
            // a judgement away from the sacrifice that kills a group (see
            // the test `does_not_pass_with_groups_only_the_playouts_keep_alive`).
            model: if self.judging {
                model::for_judging(game.size())
            } else {
                model::for_position(game.board())
            },
            last,
            prev,
            passes,
            expand_at: (EXPAND_AT * u32::from(game.size()).pow(2) / 81).clamp(1, 8),
            limits,
            started: AtomicU64::new(0),
            finished: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            abort: watch.stop,
            own: SharedOwnership::new(),
            black_margin_shift: white_bonus - game.komi_with_bonus(),
            territory: (game.rules().scoring == Scoring::Territory)
                .then(|| territory::placed_difference(game.board())),
        };
        let threads = self.params.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let (min_moves, max_moves) = (watch.min_moves, watch.max_moves);
        match watch.report.as_mut() {
            None if threads == 1 => search.worker(seeds[0], true),
            report => std::thread::scope(|scope| {
                let search = &search;
                let handles: Vec<_> = seeds
                    .iter()
                    .enumerate()
                    .map(|(i, &seed)| scope.spawn(move || search.worker(seed, i == 0)))
                    .collect();
                if let Some((every, report)) = report {
                    let every = (*every).max(Duration::from_millis(10));
                    let mut next = start + every;
                    while !handles.iter().all(|h| h.is_finished()) {
                        let now = Instant::now();
                        if now >= next {
                            report(&search.snapshot(min_moves, max_moves));
                            next += every;
                            if next <= now {
                                next = now + every;
                            }
                            continue;
                        }
                        // Short naps: the workers' end is seen soon.
                        std::thread::sleep((next - now).min(Duration::from_millis(5)));
                    }
                }
                for h in handles {
                    if h.join().is_err() {
                        log::error!("a search thread panicked");
                    }
                }
            }),
        }
        let own = search.own.read();
        let analysis = search.snapshot(min_moves, max_moves);
        let playouts = search.finished.load(Ordering::Relaxed);
        log::info!(
            "search: {} playouts in {:.2} s, {} nodes",
            playouts,
            limits.start.elapsed().as_secs_f64(),
            tree.len()
        );
        drop(search);
        Outcome {
            tree,
            black_extra,
            own,
            playouts,
            analysis,
        }
    }

    /// The dead stones of the position, from a search of `budget` with no
    /// passes, cached by position: the verdict behind a pass is the one
    /// final_status_list must give.
    fn judge_dead(&mut self, game: &Game, budget: Budget) -> Vec<Point> {
        let board = game.board();
        if let Some(dead) = self.dead_cache.get(game) {
            return dead;
        }
        // Seeded by the position, so the verdict does not depend on what
        // was asked before.
        let saved = std::mem::replace(
            &mut self.rng,
            SmallRng::seed_from_u64(self.params.seed ^ board.hash()),
        );
        let kept = self.kept.take();
        let stop = AtomicBool::new(false);
        self.judging = true;
        let out = self.search(
            game,
            game.to_move(),
            0.0,
            budget,
            false,
            &MoveFilter::default(),
            &mut Watch::silent(&stop),
        );
        self.judging = false;
        self.kept = kept;
        self.rng = saved;
        let dead = dead_for_count(game, out.own.dead(board));
        self.dead_cache.set(game, dead.clone());
        dead
    }

    /// The root's legal moves, best first (passes left out).
    fn ranked(tree: &Tree, game: &Game, color: Color) -> Vec<(Point, Stats)> {
        tree.ranked(ROOT)
            .into_iter()
            .filter_map(|(id, s)| Some((tree.node(id).point()?, s)))
            // Never-entered children were not checked for superko.
            .filter(|(p, _)| game.is_legal(Move::Play(color, *p)).is_ok())
            .collect()
    }
}

impl Player for Mcts {
    fn think(
        &mut self,
        game: &Game,
        color: Color,
        mode: GenMode,
        budget: Budget,
        watch: &mut Watch,
    ) -> Decision {
        let started = Instant::now();
        let cleanup = is_cleanup(game, mode);
        let opponent_passed = game.last_move() == Some(Move::Pass(!color));
        let extra = self.ambition.extra(game, color);
        // After the opponent's pass a pass of ours may end the game, and
        // the dead-stone judgement behind it takes the time the search
        // would otherwise stretch into (see `endgame::pass_judgement`).
        let search_budget = match budget {
            Budget::Time { target, .. } if opponent_passed && !cleanup => Budget::time(target),
            b => b,
        };
        let out = self.search(
            game,
            color,
            extra,
            search_budget,
            !cleanup,
            &MoveFilter::default(),
            watch,
        );
        let board = game.board();
        let ranked = Self::ranked(&out.tree, game, color);
        let Some(&(best, best_stats)) = ranked.first() else {
            return Decision::Pass;
        };
        let best_rate = best_stats.win_rate().unwrap_or(0.5);
        let lead = out
            .analysis
            .candidates
            .iter()
            .find(|c| c.point == Some(best))
            .map_or(0.0, |c| c.score_lead);
        self.ambition.update(game, color, best_rate, lead);
        for (p, s) in ranked.iter().take(5) {
            log::debug!(
                "{}: visits {} win rate {:.3} amaf {}/{:.3} prior {}/{:.2} score {:.1}",
                p.vertex(),
                s.visits,
                s.win_rate().unwrap_or(0.0),
                s.amaf_visits,
                f64::from(s.amaf_wins) / (2.0 * f64::from(s.amaf_visits.max(1))),
                s.prior_visits,
                f64::from(s.prior_wins) / (2.0 * f64::from(s.prior_visits.max(1))),
                s.mean_score().unwrap_or(0.0)
            );
        }
        log::info!(
            "best {} win rate {:.3} visits {} of {} playouts",
            best.vertex(),
            best_rate,
            best_stats.visits,
            out.playouts
        );
        // A side that plays for more than the real komi gives up only
        // once it has played for the real komi again.
        if extra == 0.0
            && resigns(
                best_rate,
                u64::from(best_stats.visits),
                out.own.playouts,
                self.params.resign_threshold,
            )
        {
            return Decision::Resign;
        }
        let pass_stats = out
            .tree
            .node(ROOT)
            .children()
            .map(|i| out.tree.node(NodeId(i)))
            .find(|n| n.is_pass())
            .map(|n| n.stats());
        let pass_visits = pass_stats.map_or(0, |s| s.visits);
        let pass_as_good = pass_stats
            .and_then(|s| Some((s.visits, s.win_rate()?)))
            .is_some_and(|(v, r)| pass_as_good(u64::from(v), r, best_rate));
        let territory = game.rules().scoring == Scoring::Territory;
        if !cleanup && passing::offered(board, opponent_passed, territory) {
            log::info!(
                "pass: visits {pass_visits} win rate {:.3}",
                pass_stats.and_then(|s| s.win_rate()).unwrap_or(0.0)
            );
        }
        let dead = dead_for_count(game, out.own.dead(board));
        let moves: Vec<Point> = ranked.iter().map(|&(p, _)| p).collect();
        let found = Findings {
            ranked: &moves,
            best_rate,
            best_visits: u64::from(best_stats.visits),
            playouts: out.own.playouts,
            share: |p, c| out.own.share(p, c),
            dead: &dead,
            // Where the board counts as it stands there is no pass in the
            // tree.
            pass: (!cleanup).then_some(PassEvidence {
                visits: u64::from(pass_visits),
                as_good: pass_as_good,
            }),
        };
        let spent = started.elapsed();
        let decision = decide(game, color, cleanup, &found, budget, spent, |g, b| {
            self.judge_dead(g, b)
        });
        self.dead_cache
            .keep_behind_pass(game, cleanup, decision, &dead);
        self.kept = Some(Kept {
            tree: out.tree,
            game: game.clone(),
            color,
            black_extra: out.black_extra,
        });
        decision
    }

    fn dead_stones(&mut self, game: &Game, budget: Budget) -> Vec<Point> {
        self.judge_dead(game, dead_stone_budget(budget))
    }

    fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        budget: Budget,
        filter: &MoveFilter,
        watch: &mut Watch,
    ) -> Option<Analysis> {
        let passes = !is_cleanup(game, GenMode::Normal);
        let out = self.search(game, color, 0.0, budget, passes, filter, watch);
        // The tree goes on serving the next genmove (pondering is an
        // analysis nobody watches).
        self.kept = Some(Kept {
            tree: out.tree,
            game: game.clone(),
            color,
            black_extra: out.black_extra,
        });
        Some(out.analysis)
    }
}

#[cfg(test)]
mod tests;
