//! `ingo bench`: playouts per second from the empty board, or with
//! `--search` one whole genmove of the tree search, and their report.

use std::io::{self, Write};
use std::time::Instant;

use clap::Args;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::args::{
    parse_count, parse_policy, parse_size, parse_threads, policy_name, POLICY_NAMES,
};
use crate::board::{Board, Color};
use crate::cpu::process_cpu_seconds;
use crate::gtp::Config;
use crate::playout::{play_out, Policy};
use crate::rules::{Game, Rules};
use crate::search::{Budget, Decision, GenMode, Mcts, Player, SearchParams};

/// The board the bench plays on unless told: small enough for a quick
/// run, the size other engines' rates are quoted at.
const SIZE: u8 = 9;
/// Playouts of the playout bench unless told.
const PLAYOUTS: u64 = 100_000;
/// Playouts of the search bench unless told.
const SEARCH_PLAYOUTS: u64 = 10_000;
/// Threads unless told: one thread's rate is what compares across
/// machines and engines.
const THREADS: u16 = 1;
/// The playout bench's policy unless told: the rate other engines are
/// compared at (the search bench's is the search's own).
const POLICY: Policy = Policy::Light;

/// The flags of `ingo bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Time one whole genmove of the tree search instead (tree plus
    /// playouts).
    #[arg(long)]
    pub search: bool,
    #[arg(long, value_parser = parse_size, help = format!("Board size (default {SIZE})"))]
    pub size: Option<u8>,
    #[arg(long, value_name = "N", value_parser = parse_count,
          help = format!("Playouts (default {PLAYOUTS}; {SEARCH_PLAYOUTS} with --search)"))]
    pub playouts: Option<u64>,
    #[arg(long, value_name = "N", value_parser = parse_threads,
          help = format!("Threads (default {THREADS})"))]
    pub threads: Option<u16>,
    #[arg(long, value_name = "POLICY", value_parser = parse_policy,
          help = format!("Playout policy: {} (default {}; {} with --search)",
                         POLICY_NAMES.join(", "), policy_name(POLICY),
                         policy_name(SearchParams::default().policy)))]
    pub playout_policy: Option<Policy>,
    /// The search's random seed (default: a new one each run).
    #[arg(long, requires = "search")]
    pub seed: Option<u64>,
}

/// What `ingo bench` measures, every default resolved.
#[derive(Debug, Clone, PartialEq)]
pub enum Bench {
    /// Playouts from the empty board, split over threads.
    Playouts {
        size: u8,
        playouts: u64,
        threads: usize,
        policy: Policy,
    },
    /// One genmove of the tree search from the empty board, under the
    /// default rules and komi.
    Search {
        size: u8,
        playouts: u64,
        params: SearchParams,
        komi: f64,
    },
}

impl BenchArgs {
    /// The bench the flags ask for.
    pub fn options(&self) -> Bench {
        let size = self.size.unwrap_or(SIZE);
        let threads = usize::from(self.threads.unwrap_or(THREADS));
        if self.search {
            let default = SearchParams::default();
            Bench::Search {
                size,
                playouts: self.playouts.unwrap_or(SEARCH_PLAYOUTS),
                params: SearchParams {
                    threads,
                    seed: self.seed.unwrap_or_else(rand::random),
                    // The bench times a whole genmove: no early resignation.
                    resign_threshold: 0.0,
                    policy: self.playout_policy.unwrap_or(default.policy),
                    ..default
                },
                komi: Config::default().komi,
            }
        } else {
            Bench::Playouts {
                size,
                playouts: self.playouts.unwrap_or(PLAYOUTS),
                threads,
                policy: self.playout_policy.unwrap_or(POLICY),
            }
        }
    }
}

/// Runs the bench and prints its report.
///
/// # Errors
/// Errors writing to stdout.
pub fn run(bench: &Bench) -> anyhow::Result<()> {
    let report = match *bench {
        Bench::Playouts {
            size,
            playouts,
            threads,
            policy,
        } => playouts_bench(size, playouts, threads, policy),
        Bench::Search {
            size,
            playouts,
            ref params,
            komi,
        } => search_bench(size, playouts, params.clone(), komi),
    };
    report.write(&mut io::stdout().lock())?;
    Ok(())
}

/// What a bench prints.
struct Report {
    /// The first line: what ran.
    header: String,
    /// The search bench's move.
    decision: Option<Decision>,
    playouts: u64,
    seconds: f64,
    /// Process CPU seconds, where the system tells.
    cpu: Option<f64>,
    /// The playout bench's moves in all.
    moves: Option<u64>,
}

impl Report {
    fn write(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "{}", self.header)?;
        if let Some(decision) = self.decision {
            let mv = match decision {
                Decision::Play(p) => p.vertex().to_string(),
                Decision::Pass => "pass".into(),
                Decision::Resign => "resign".into(),
            };
            writeln!(out, "move: {mv}")?;
        }
        writeln!(out, "seconds: {:.3}", self.seconds)?;
        // On a shared machine wall time says little: CPU time per playout
        // shows whether threads slow each other down.
        if let Some(cpu) = self.cpu.filter(|&c| c > 0.0) {
            writeln!(out, "cpu seconds: {cpu:.2}")?;
            writeln!(
                out,
                "playouts per cpu-second: {:.0}",
                self.playouts as f64 / cpu
            )?;
        }
        if let Some(moves) = self.moves {
            writeln!(
                out,
                "moves per playout: {:.1}",
                moves as f64 / self.playouts.max(1) as f64
            )?;
        }
        writeln!(
            out,
            "playouts/s: {:.0}",
            self.playouts as f64 / self.seconds
        )
    }
}

/// Runs `work`, and tells its wall and CPU seconds.
fn timed<T>(work: impl FnOnce() -> T) -> (T, f64, Option<f64>) {
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    let value = work();
    let seconds = start.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    (value, seconds, cpu)
}

/// Playouts from the empty board, split over `threads`. Each thread owns
/// its board, move list and generator (on its own stack), so threads share
/// nothing they write.
fn playouts_bench(size: u8, playouts: u64, threads: usize, policy: Policy) -> Report {
    let empty = Board::new(size);
    crate::playout::patterns::init();
    let (moves, seconds, cpu) = timed(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let n = playouts / threads as u64
                        + u64::from((t as u64) < playouts % threads as u64);
                    let empty = &empty;
                    scope.spawn(move || {
                        let mut rng = SmallRng::seed_from_u64(t as u64);
                        let mut board = empty.clone();
                        let mut played =
                            Vec::with_capacity(4 * usize::from(size) * usize::from(size));
                        let mut moves = 0u64;
                        for _ in 0..n {
                            board.copy_from(empty);
                            played.clear();
                            play_out(
                                &mut board,
                                Color::Black,
                                None,
                                &mut rng,
                                policy,
                                &mut played,
                            );
                            moves += played.len() as u64;
                            std::hint::black_box(board.area_score());
                        }
                        moves
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
        })
    });
    Report {
        header: format!(
            "size: {size}x{size}, threads: {threads}, playouts: {playouts}, policy: {policy:?}"
        ),
        decision: None,
        playouts,
        seconds,
        cpu,
        moves: Some(moves),
    }
}

/// One genmove of the tree search from the empty board: the playouts/s a
/// real search reaches, tree included.
fn search_bench(size: u8, playouts: u64, params: SearchParams, komi: f64) -> Report {
    crate::playout::patterns::init();
    // The move model's tables load before the clock starts.
    std::sync::LazyLock::force(&crate::model::JUDGE_SMALL);
    std::sync::LazyLock::force(&crate::model::PLAY_SMALL);
    std::sync::LazyLock::force(&crate::model::PLAY_BIG);
    std::sync::LazyLock::force(&crate::model::JUDGE_BIG);
    let game = Game::new(size, Rules::SIMPLIFIED_ING, komi);
    let (threads, policy) = (params.threads, params.policy);
    let mut player = Mcts::new(params);
    let (decision, seconds, cpu) = timed(|| {
        player.genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(playouts),
        )
    });
    Report {
        header: format!(
            "search: size: {size}x{size}, threads: {threads}, playouts: {playouts}, policy: {policy:?}"
        ),
        decision: Some(decision),
        playouts,
        seconds,
        cpu,
        moves: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_says_what_ran_and_how_fast() {
        let report = Report {
            header: "size: 9x9".into(),
            decision: Some(Decision::Pass),
            playouts: 1000,
            seconds: 0.5,
            cpu: Some(0.25),
            moves: Some(81_500),
        };
        let mut out = Vec::new();
        report.write(&mut out).expect("writes");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "size: 9x9\nmove: pass\nseconds: 0.500\ncpu seconds: 0.25\n\
             playouts per cpu-second: 4000\nmoves per playout: 81.5\nplayouts/s: 2000\n"
        );
    }

    #[test]
    fn defaults_differ_by_bench() {
        let args = |search: bool| BenchArgs {
            search,
            size: None,
            playouts: None,
            threads: None,
            playout_policy: None,
            seed: Some(1),
        };
        assert_eq!(
            args(false).options(),
            Bench::Playouts {
                size: 9,
                playouts: 100_000,
                threads: 1,
                policy: Policy::Light,
            }
        );
        let Bench::Search {
            size,
            playouts,
            params,
            komi,
        } = args(true).options()
        else {
            panic!("a search bench");
        };
        assert_eq!((size, playouts, komi), (9, 10_000, 7.5));
        assert_eq!(
            (
                params.threads,
                params.seed,
                params.policy,
                params.resign_threshold
            ),
            (1, 1, Policy::Heavy, 0.0)
        );
    }
}
