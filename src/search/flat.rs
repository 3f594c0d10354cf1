//! Flat Monte Carlo, the simple player: every candidate move is judged by
//! the playouts that start with it, a UCB1 bandit at the root spending more
//! of them on the promising ones; no tree, and the end of the game
//! (passes, cleanup, resignation) as the tree search plays it.

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::rules::Game;

use super::analysis::Watch;
use super::endgame::{dead_stone_budget, decide, is_cleanup, resigns, DeadCache, Findings};
use super::ownership::dead_strings;
use super::player::{Budget, Decision, GenMode, Player, SearchParams};
use crate::playout::{final_owner, play_out, Policy};
use crate::tactics::dead_for_count;

/// Weight of the final margin (as a share of the board) next to the win:
/// when every move wins or every move loses, the margin still tells them
/// apart (a score-utility tiebreak).
const SCORE_WEIGHT: f64 = 0.1;

/// Statistics gathered by one batch of playouts.
#[derive(Clone)]
struct Stats {
    /// Per candidate: wins for the mover (a draw counts half), summed
    /// utility (wins plus the weighted margin) and visits.
    wins: Vec<f64>,
    utility: Vec<f64>,
    visits: Vec<u64>,
    /// Per point: playouts in which Black, and White, owned it.
    owned: [[u32; 2]; MAX_POINTS],
    playouts: u64,
}

impl Stats {
    fn new(arms: usize) -> Stats {
        Stats {
            wins: vec![0.0; arms],
            utility: vec![0.0; arms],
            visits: vec![0; arms],
            owned: [[0; 2]; MAX_POINTS],
            playouts: 0,
        }
    }

    fn merge(&mut self, other: &Stats) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.utility.iter_mut().zip(&other.utility) {
            *a += b;
        }
        for (a, b) in self.visits.iter_mut().zip(&other.visits) {
            *a += b;
        }
        for (a, b) in self.owned.iter_mut().zip(other.owned.iter()) {
            a[0] += b[0];
            a[1] += b[1];
        }
        self.playouts += other.playouts;
    }

    /// Share of playouts in which `color` owned `p`.
    fn ownership(&self, p: Point, color: Color) -> f64 {
        if self.playouts == 0 {
            return 0.0;
        }
        f64::from(self.owned[p.index()][color.index()]) / self.playouts as f64
    }

    fn win_rate(&self, arm: usize) -> f64 {
        if self.visits[arm] == 0 {
            0.0
        } else {
            self.wins[arm] / self.visits[arm] as f64
        }
    }

    fn mean_utility(&self, arm: usize) -> f64 {
        if self.visits[arm] == 0 {
            f64::MIN
        } else {
            self.utility[arm] / self.visits[arm] as f64
        }
    }
}

/// The flat Monte Carlo player.
pub struct FlatMonteCarlo {
    params: SearchParams,
    rng: SmallRng,
    /// The verdict final_status_list gives.
    dead_cache: DeadCache,
}

impl FlatMonteCarlo {
    pub fn new(params: SearchParams) -> FlatMonteCarlo {
        let rng = SmallRng::seed_from_u64(params.seed);
        FlatMonteCarlo {
            params,
            rng,
            dead_cache: DeadCache::default(),
        }
    }

    /// Runs the playouts of `job` on all threads.
    fn run(&mut self, job: &Job, budget: Budget) -> Stats {
        let threads = self.params.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let deadline = match budget {
            Budget::Time { target, .. } => Some(Instant::now() + target),
            Budget::Playouts(_) => None,
        };
        let quota = |i: usize| match budget {
            Budget::Playouts(n) => n / threads as u64 + u64::from((i as u64) < n % threads as u64),
            Budget::Time { .. } => u64::MAX,
        };
        if threads == 1 {
            return worker(job, quota(0), deadline, seeds[0]);
        }
        let mut total = Stats::new(job.arms.len());
        std::thread::scope(|scope| {
            let handles: Vec<_> = seeds
                .iter()
                .enumerate()
                .map(|(i, &seed)| {
                    let n = quota(i);
                    scope.spawn(move || worker(job, n, deadline, seed))
                })
                .collect();
            for h in handles {
                match h.join() {
                    Ok(stats) => total.merge(&stats),
                    Err(_) => log::error!("a playout thread panicked"),
                }
            }
        });
        total
    }

    /// Strings whose points the opponent owns in most playouts (and,
    /// under territory scoring, those the count confirms dead).
    fn dead_from(game: &Game, stats: &Stats) -> Vec<Point> {
        let dead = dead_strings(game.board(), |p, c| stats.ownership(p, c));
        dead_for_count(game, dead)
    }

    /// The dead stones of the position from playouts of `budget`, cached
    /// by position.
    fn judge_dead(&mut self, game: &Game, budget: Budget) -> Vec<Point> {
        if let Some(dead) = self.dead_cache.get(game) {
            return dead;
        }
        let board = game.board();
        // Seeded by the position, so the verdict does not depend on what
        // was asked before.
        let saved = std::mem::replace(
            &mut self.rng,
            SmallRng::seed_from_u64(self.params.seed ^ board.hash()),
        );
        let job = Job {
            board,
            color: game.to_move(),
            komi: game.komi_with_bonus(),
            arms: &[],
            policy: Policy::NoSelfAtari,
        };
        let stats = self.run(&job, budget);
        self.rng = saved;
        let dead = Self::dead_from(game, &stats);
        self.dead_cache.set(game, dead.clone());
        dead
    }
}

/// What to play out: from `board`, each candidate first move of `color`
/// (with `arms` empty, playouts from the position itself, `color` to move).
struct Job<'a> {
    board: &'a Board,
    color: Color,
    /// What White adds to its area (komi and handicap bonus).
    komi: f64,
    arms: &'a [Point],
    policy: Policy,
}

/// One thread's share of the playouts.
fn worker(job: &Job, quota: u64, deadline: Option<Instant>, seed: u64) -> Stats {
    let Job {
        board,
        color,
        komi,
        arms,
        policy,
    } = *job;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut stats = Stats::new(arms.len());
    let area = f64::from(board.size()) * f64::from(board.size());
    let mut n = 0u64;
    let mut moves = Vec::new();
    while n < quota {
        if n % 64 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let mut b = board.clone();
        let arm = if arms.is_empty() {
            play_out(&mut b, color, None, &mut rng, policy, &mut moves);
            moves.clear();
            None
        } else {
            let arm = select_arm(&stats, n, &mut rng);
            b.play_unchecked(color, arms[arm]);
            play_out(
                &mut b,
                !color,
                Some(arms[arm]),
                &mut rng,
                policy,
                &mut moves,
            );
            moves.clear();
            Some(arm)
        };
        // One pass over the final board gives both the count and the
        // ownership statistics.
        let mut black_margin = 0i32;
        for p in b.points() {
            if let Some(owner) = final_owner(&b, p) {
                stats.owned[p.index()][owner.index()] += 1;
                black_margin += if owner == Color::Black { 1 } else { -1 };
            }
        }
        let margin = f64::from(black_margin) - komi;
        let result = match color {
            Color::Black => margin,
            Color::White => -margin,
        };
        if let Some(arm) = arm {
            let win = if result > 0.0 {
                1.0
            } else if result == 0.0 {
                0.5
            } else {
                0.0
            };
            stats.visits[arm] += 1;
            stats.wins[arm] += win;
            stats.utility[arm] += win + SCORE_WEIGHT * (result / area).clamp(-1.0, 1.0);
        }
        stats.playouts += 1;
        n += 1;
    }
    stats
}

/// UCB1: every arm once, then the best upper confidence bound.
fn select_arm<R: Rng>(stats: &Stats, n: u64, rng: &mut R) -> usize {
    let arms = stats.visits.len();
    if (n as usize) < arms {
        return n as usize;
    }
    let log_n = (n as f64).ln();
    let mut best = 0;
    let mut best_value = f64::MIN;
    // A random start breaks ties without favouring low indices.
    let start = rng.random_range(0..arms);
    for i in 0..arms {
        let a = (start + i) % arms;
        let v = stats.visits[a] as f64;
        let value = stats.utility[a] / v + (2.0 * log_n / v).sqrt();
        if value > best_value {
            best_value = value;
            best = a;
        }
    }
    best
}

/// The moves worth a playout: legal, never an own eye, and never a
/// suicide: a multi-stone suicide is legal under most of our rule sets but
/// gives stones away for nothing, and many opponents' rules (Chinese, KGS)
/// forbid it.
fn candidates(game: &Game, color: Color) -> Vec<Point> {
    let board = game.board();
    game.legal_points(color)
        .into_iter()
        .filter(|&p| !board.is_eye(p, color) && !board.is_suicide(color, p))
        .collect()
}

impl Player for FlatMonteCarlo {
    // The flat player is a baseline: it neither stops early nor reports.
    fn think(
        &mut self,
        game: &Game,
        color: Color,
        mode: GenMode,
        budget: Budget,
        _watch: &mut Watch,
    ) -> Decision {
        let started = Instant::now();
        let board = game.board();
        let arms = candidates(game, color);
        if arms.is_empty() {
            return Decision::Pass;
        }
        let job = Job {
            board,
            color,
            komi: game.komi_with_bonus(),
            arms: &arms,
            policy: self.params.policy,
        };
        let stats = self.run(&job, budget);
        // Best first: the higher mean utility, then more visits, then
        // the later arm.
        let mut order: Vec<usize> = (0..arms.len()).collect();
        order.sort_by(|&a, &b| {
            stats
                .mean_utility(b)
                .total_cmp(&stats.mean_utility(a))
                .then(stats.visits[b].cmp(&stats.visits[a]))
                .then(b.cmp(&a))
        });
        let best = order[0];
        let best_rate = stats.win_rate(best);
        log::info!(
            "flat MC: {} playouts, best {} win rate {:.3}",
            stats.playouts,
            arms[best].vertex(),
            best_rate
        );
        if resigns(
            best_rate,
            stats.visits[best],
            stats.playouts,
            self.params.resign_threshold,
        ) {
            return Decision::Resign;
        }
        let cleanup = is_cleanup(game, mode);
        let dead = Self::dead_from(game, &stats);
        let ranked: Vec<Point> = order.iter().map(|&i| arms[i]).collect();
        let found = Findings {
            ranked: &ranked,
            best_rate,
            best_visits: stats.visits[best],
            playouts: stats.playouts,
            share: |p, c| stats.ownership(p, c),
            dead: &dead,
            // No pass among the arms: the count must agree with the
            // playouts, or the opponent must have passed.
            pass: None,
        };
        let spent = started.elapsed();
        let decision = decide(game, color, cleanup, &found, budget, spent, |g, b| {
            self.judge_dead(g, b)
        });
        self.dead_cache
            .keep_behind_pass(game, cleanup, decision, &dead);
        decision
    }

    fn dead_stones(&mut self, game: &Game, budget: Budget) -> Vec<Point> {
        self.judge_dead(game, dead_stone_budget(budget))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Phase, Rules};

    fn params() -> SearchParams {
        SearchParams {
            threads: 1,
            seed: 42,
            resign_threshold: 0.0,
            ..SearchParams::default()
        }
    }

    #[test]
    fn same_seed_same_move() {
        let game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        let a = FlatMonteCarlo::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(500),
        );
        let b = FlatMonteCarlo::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(500),
        );
        assert_eq!(a, b);
        assert!(matches!(a, Decision::Play(_)));
    }

    #[test]
    fn captures_a_string_in_atari() {
        // White's four-stone string D5-G5 is in atari (its last liberty
        // is H5) on an open 9x9 board, where nothing is settled yet.
        let setup: Board = ". . . . . . . . .
                            . . . . . . . . .
                            . . O . . . . . .
                            . . . X X X X . .
                            . . X O O O O . .
                            . . . X X X X . .
                            . . O . . . . . .
                            . . . . . . . . .
                            . . . . . . . . ."
            .parse()
            .expect("diagram");
        let game = Game::with_setup(setup, 0, Color::Black, Rules::SIMPLIFIED_ING, 7.0);
        // Light playouts: with the self-atari rule White's escape at H5 is
        // as likely in the playouts as Black's capture, and flat Monte
        // Carlo no longer tells the urgency apart (a tree search will).
        let light = SearchParams {
            policy: Policy::Light,
            ..params()
        };
        let mv = FlatMonteCarlo::new(light).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(5000),
        );
        assert_eq!(mv, Decision::Play(Point::parse("H5", 9).expect("H5")));
    }

    /// The end of a game against GNU Go: Black's top-left strings share
    /// their last two liberties (A6, B9) with White's B8-B7, which is in
    /// atari. Light playouts let Black fill A6 and die; without self-atari
    /// Black captures instead, and the proposal matches GNU Go's.
    #[test]
    fn a_string_in_atari_inside_a_living_group_is_dead() {
        let setup: Board = "X . X X O . O O .
                            X O X O . O X X O
                            X O X O O O O X .
                            . X X X O X X X X
                            X X X O O X X X O
                            X O O . O O O O O
                            O O O O O X X O X
                            O X O X X X X X X
                            O X X X X . X . ."
            .parse()
            .expect("diagram");
        let game = Game::with_setup(setup, 0, Color::Black, Rules::SIMPLIFIED_ING, 7.0);
        let dead = FlatMonteCarlo::new(params()).dead_stones(&game, Budget::Playouts(3000));
        let mut want: Vec<Point> = [
            "B8", "B7", "G8", "H8", "H7", "F6", "G6", "H6", "J6", "F5", "G5", "H5",
        ]
        .iter()
        .map(|v| Point::parse(v, 9).expect("vertex"))
        .collect();
        want.sort_unstable();
        assert_eq!(dead, want);
    }

    /// A4 is a legal four-stone suicide for Black, and no candidate.
    #[test]
    fn suicide_is_no_candidate() {
        let setup: Board = ". X O .
                            X X O .
                            O O O .
                            . . . ."
            .parse()
            .expect("diagram");
        let game = Game::with_setup(setup, 0, Color::Black, Rules::SIMPLIFIED_ING, 0.5);
        let a4 = Point::parse("A4", 4).expect("A4");
        assert!(game.is_legal(Move::Play(Color::Black, a4)).is_ok());
        let arms = candidates(&game, Color::Black);
        assert!(!arms.contains(&a4));
        assert_eq!(arms.len(), 7, "D4 D3 D2 and row 1");
    }

    /// A lost board is not passed away, even when every move loses too:
    /// as in the tree search, resigning is the way to give up.
    #[test]
    fn does_not_pass_a_lost_count() {
        let mut game = Game::new(5, Rules::SIMPLIFIED_ING, 100.0);
        game.play(Move::Pass(Color::White)).expect("pass");
        let mv = FlatMonteCarlo::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Cleanup,
            Budget::Playouts(300),
        );
        assert_ne!(mv, Decision::Pass);
        let mv = FlatMonteCarlo::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(300),
        );
        assert_ne!(mv, Decision::Pass);
    }

    #[test]
    fn finds_dead_stones() {
        let setup: Board = "X X X X X
                            X . O . X
                            X X X X X
                            . . . . .
                            . . . . ."
            .parse()
            .expect("diagram");
        let game = Game::with_setup(setup, 0, Color::White, Rules::SIMPLIFIED_ING, 0.5);
        let mut player = FlatMonteCarlo::new(params());
        let dead = player.dead_stones(&game, Budget::Playouts(1000));
        assert_eq!(dead, vec![Point::parse("C4", 5).expect("C4")]);
        assert_eq!(player.dead_stones(&game, Budget::Playouts(1000)), dead);
    }

    #[test]
    fn passes_when_the_count_wins_after_the_opponent_passed() {
        let setup: Board = ". X O . .
                            X X O . .
                            . X O . .
                            X X O O O
                            . X O . ."
            .parse()
            .expect("diagram");
        let mut game = Game::with_setup(setup, 0, Color::White, Rules::SIMPLIFIED_ING, 0.5);
        game.play(Move::Pass(Color::White)).expect("pass");
        // Black has 10 points, White 15.5: Black loses by the count and
        // must not pass; White, after Black passes, wins by it and passes.
        let mut player = FlatMonteCarlo::new(params());
        assert_ne!(
            player.genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(1000)),
            Decision::Pass
        );
        game.play(Move::Pass(Color::Black)).expect("pass");
        assert_eq!(game.phase(), Phase::Stopped);
        game.dispute().expect("dispute");
        assert_eq!(
            player.genmove(&game, Color::White, GenMode::Normal, Budget::Playouts(1000)),
            Decision::Pass
        );
    }
}
