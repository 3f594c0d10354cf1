//! Command line (SPEC §3): GTP by default, `bench` and `selfplay`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::board::{Board, Color};
use crate::cpu::process_cpu_seconds;
use crate::gtp::{self, Config, Session};
use crate::playout::{play_out, Policy};
use crate::review::cli::{self as review, ReviewOptions};
use crate::rules::{EndRule, Game, Move, Phase, Rules};
use crate::search::{
    max_nodes_for_memory, Budget, Decision, GenMode, Mcts, Player, PlayerKind, SearchParams,
    DEFAULT_MAX_NODES,
};

/// Playouts per position of `review` when no budget is given: a 200-move
/// 19x19 game in under a minute on two cores.
const REVIEW_PLAYOUTS: u64 = 1000;

/// Playouts per move of the selfplay demo when no budget is given: a game
/// in a few seconds that still looks like Go.
const SELFPLAY_PLAYOUTS: u64 = 10_000;

#[derive(Parser, Debug)]
#[command(
    name = "ingo",
    version,
    about = "A Go engine speaking GTP (EGF Simplified Ing rules by default)"
)]
pub struct Cli {
    #[command(flatten)]
    pub engine: EngineArgs,
    /// More log output on stderr (-v info, -vv debug); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Search threads (default: the machine's cores).
    #[arg(long, global = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Most nodes the search tree may hold.
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(1000..=1_000_000_000))]
    pub max_nodes: Option<u64>,
    /// Memory cap for the search tree, in megabytes (sets the node cap;
    /// with --max-nodes too, the smaller cap holds).
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(32..=1_000_000))]
    pub memory: Option<u64>,
    /// Fixed playouts per move (instead of thinking for a time).
    #[arg(long, global = true, value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: Option<u64>,
    /// Seconds per move when no time control is set (default 2; selfplay
    /// without --time or --playouts plays 10000 playouts per move).
    #[arg(long, global = true)]
    pub time: Option<f64>,
    /// Random seed (default: a new one each run, so that repeated games
    /// differ); with --threads 1 and --playouts, play is reproducible.
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// Rule set: simplified-ing, ing, chinese, aga, new-zealand,
    /// tromp-taylor, japanese, korean.
    #[arg(long, global = true, default_value = "simplified-ing")]
    pub rules: Rules,
    /// Komi (default 7.5; 6.5 under japanese and korean).
    #[arg(long, global = true, allow_negative_numbers = true)]
    pub komi: Option<f64>,
    /// Board size: GTP's start-up size (default 19), or selfplay's (default 9).
    #[arg(long, global = true, value_parser = clap::value_parser!(u8).range(2..=25))]
    pub size: Option<u8>,
    /// Playout policy: light, no-self-atari, heavy (default heavy; bench
    /// defaults to light, the rate other engines are compared at).
    #[arg(long, global = true)]
    pub playout_policy: Option<Policy>,
    /// Think on the opponent's time: after each genmove the search goes
    /// on, for the opponent's reply, until the next command arrives.
    #[arg(long, global = true)]
    pub ponder: bool,
    /// Player: mcts (the tree search) or flat (simple Monte Carlo: every
    /// legal move gets the same share of playouts; weaker, easy to follow).
    #[arg(long, global = true, default_value = "mcts")]
    pub player: PlayerKind,
    /// Resign below this win rate (0 never resigns).
    #[arg(long, global = true, default_value_t = 0.1)]
    pub resign: f64,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Measure playouts per second from the empty board. Uses --size
    /// (default 9), --playouts (default 100000), --threads and
    /// --playout-policy (default light).
    Bench {
        /// Time one whole genmove of the tree search instead (tree plus
        /// playouts; default 10000 playouts, heavy policy, one thread).
        #[arg(long)]
        search: bool,
    },
    /// Play a whole game against itself and print the final board and result.
    Selfplay {
        /// Also save the game as SGF to this file.
        #[arg(long, value_name = "FILE")]
        sgf: Option<PathBuf>,
    },
    /// Learn the gammas of the move model (src/model/gammas.txt) from
    /// game records (the moves of the players named by --learn, all when
    /// none) and policy files (a teacher's probabilities), every tenth
    /// record held out to measure the fit.
    TrainGammas {
        /// SGF game records.
        #[arg(required_unless_present = "policy")]
        sgf: Vec<PathBuf>,
        /// A policy file of scripts/match/katago-policy.js (repeatable);
        /// each `#` line starts a record.
        #[arg(long, value_name = "FILE")]
        policy: Vec<PathBuf>,
        /// Learn the moves of players whose PB/PW name contains this
        /// (repeatable).
        #[arg(long, value_name = "NAME")]
        learn: Vec<String>,
        /// Write the table here (else only report the fit).
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Minorization-maximization rounds.
        #[arg(long, default_value_t = 20)]
        rounds: usize,
        /// Lines, from the edge, with line gammas of their own (the lines
        /// inside share the last one's).
        #[arg(long, default_value_t = crate::model::MAX_LINES,
              value_parser = clap::value_parser!(u8).range(1..=i64::from(crate::model::MAX_LINES)))]
        lines: u8,
        /// Learn the large shapes (within distance 2, 3 and 4 of a move)
        /// played at least this many times; 0 learns none.
        #[arg(long, value_name = "N", default_value_t = 0)]
        large: u32,
        /// Also report the fit of this table (e.g. the shipped one) on the
        /// same positions, to compare teachers.
        #[arg(long, value_name = "TABLE")]
        compare: Option<PathBuf>,
        /// Learn no gammas of their own for the answers to the last move's
        /// atari (they share those of the same answers to older ataris),
        /// as the 9x9 tables were learned.
        #[arg(long)]
        no_last_atari: bool,
    },
    /// Review a game record: search every position of its main line
    /// (--playouts per position, default 1000) and write OUT.sgf (win
    /// rates, score leads and better moves, with Sabaki's graph
    /// properties) and OUT.svg (a plot with the biggest mistakes).
    Review {
        /// The SGF game record.
        game: PathBuf,
        /// Output path without extension (default: GAME's stem + "-review").
        #[arg(short, long, value_name = "OUT")]
        out: Option<PathBuf>,
    },
}

impl EngineArgs {
    /// `--threads`, or one per core.
    pub fn threads(&self) -> usize {
        match self.threads {
            Some(t) => usize::from(t),
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The node cap from `--max-nodes` and `--memory`.
    pub fn max_nodes(&self) -> usize {
        let by_count = self.max_nodes.map(|n| n as usize);
        let by_memory = self.memory.map(|mb| max_nodes_for_memory(mb as usize));
        match (by_count, by_memory) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => DEFAULT_MAX_NODES,
        }
    }

    /// The komi given, else the rule set's default (SPEC §1.4), else 7.5.
    fn komi_or_default(&self) -> f64 {
        self.komi
            .or_else(|| self.rules.default_komi())
            .unwrap_or(7.5)
    }

    pub fn config(&self) -> anyhow::Result<Config> {
        let time = self.time.unwrap_or(2.0);
        anyhow::ensure!(
            time > 0.0 && time <= 1e6,
            "--time must be in (0, 1000000] seconds"
        );
        anyhow::ensure!(
            self.komi.is_none_or(f64::is_finite),
            "--komi must be a number"
        );
        anyhow::ensure!(
            (0.0..1.0).contains(&self.resign),
            "--resign must be in [0, 1)"
        );
        let seed = self.seed.unwrap_or_else(rand::random);
        log::info!("seed {seed}");
        Ok(Config {
            size: self.size.unwrap_or(19),
            rules: self.rules,
            komi: self.komi_or_default(),
            komi_given: self.komi.is_some(),
            playouts: self.playouts,
            time_per_move: Duration::from_secs_f64(time),
            search: SearchParams {
                threads: self.threads(),
                seed,
                resign_threshold: self.resign,
                policy: self.playout_policy.unwrap_or(Policy::Heavy),
                max_nodes: self.max_nodes(),
            },
            player: self.player,
            ponder: self.ponder,
        })
    }
}

/// Runs the parsed command line.
///
/// # Errors
/// Bad option values and I/O errors.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let config = cli.engine.config()?;
    match cli.command {
        None => {
            let mut session = Session::new(config);
            gtp::io::run(
                &mut session,
                io::BufReader::new(io::stdin()),
                io::stdout().lock(),
            )?;
        }
        Some(Command::Bench { search: true }) => {
            let e = &cli.engine;
            bench_search(
                e.size.unwrap_or(9),
                e.playouts.unwrap_or(10_000),
                config.search.clone(),
                e.threads.is_none(),
                e.playout_policy.is_none(),
                config.komi,
            )?
        }
        Some(Command::Bench { search: false }) => {
            let e = &cli.engine;
            bench(
                e.size.unwrap_or(9),
                e.playouts.unwrap_or(100_000),
                e.threads.map_or(1, usize::from),
                e.playout_policy.unwrap_or(Policy::Light),
            )?
        }
        Some(Command::Selfplay { sgf }) => {
            let mut config = config;
            if cli.engine.playouts.is_none() && cli.engine.time.is_none() {
                config.playouts = Some(SELFPLAY_PLAYOUTS);
            }
            selfplay(config, cli.engine.size.unwrap_or(9), sgf.as_deref())?
        }
        Some(Command::TrainGammas {
            sgf,
            policy,
            learn,
            out,
            rounds,
            lines,
            large,
            compare,
            no_last_atari,
        }) => train_gammas(
            &sgf,
            &policy,
            &learn,
            out.as_deref(),
            (rounds, lines, large, !no_last_atari),
            compare.as_deref(),
        )?,
        Some(Command::Review { game, out }) => {
            // Every position gets the same search, so the graph compares
            // like with like: a playout budget, not a time.
            anyhow::ensure!(
                cli.engine.time.is_none(),
                "review takes --playouts per position, not --time"
            );
            let options = ReviewOptions {
                playouts: cli.engine.playouts.unwrap_or(REVIEW_PLAYOUTS),
                search: config.search,
                rules: config.rules,
                komi: config.komi,
            };
            let [sgf, svg] = review::run(&game, out.as_deref(), &options)?;
            writeln!(io::stdout(), "{}\n{}", sgf.display(), svg.display())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Playouts from the empty board, split over `threads`. Each thread owns
/// its board, move list and generator (on its own stack), so threads share
/// nothing they write.
fn bench(size: u8, playouts: u64, threads: usize, policy: Policy) -> anyhow::Result<()> {
    let empty = Board::new(size);
    crate::playout::patterns::init();
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    let moves: u64 = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let n =
                    playouts / threads as u64 + u64::from((t as u64) < playouts % threads as u64);
                let empty = &empty;
                scope.spawn(move || {
                    let mut rng = SmallRng::seed_from_u64(t as u64);
                    let mut board = empty.clone();
                    let mut played = Vec::with_capacity(4 * usize::from(size) * usize::from(size));
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
    });
    let secs = start.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "size: {size}x{size}, threads: {threads}, playouts: {playouts}, policy: {policy:?}"
    )?;
    writeln!(out, "seconds: {secs:.3}")?;
    // On a shared machine wall time says little: CPU time per playout
    // shows whether threads slow each other down.
    if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
        writeln!(out, "cpu seconds: {cpu:.2}")?;
        writeln!(out, "playouts per cpu-second: {:.0}", playouts as f64 / cpu)?;
    }
    writeln!(
        out,
        "moves per playout: {:.1}",
        moves as f64 / playouts.max(1) as f64
    )?;
    writeln!(out, "playouts/s: {:.0}", playouts as f64 / secs)?;
    Ok(())
}

/// One genmove of the tree search from the empty board: the playouts/s a
/// real search reaches, tree included.
fn bench_search(
    size: u8,
    playouts: u64,
    mut params: SearchParams,
    default_threads: bool,
    default_policy: bool,
    komi: f64,
) -> anyhow::Result<()> {
    if default_threads {
        params.threads = 1;
    }
    if default_policy {
        params.policy = Policy::Heavy;
    }
    params.resign_threshold = 0.0;
    crate::playout::patterns::init();
    std::sync::LazyLock::force(&crate::model::JUDGE_SMALL);
    std::sync::LazyLock::force(&crate::model::PLAY_SMALL);
    std::sync::LazyLock::force(&crate::model::PLAY_BIG);
    std::sync::LazyLock::force(&crate::model::JUDGE_BIG);
    let game = Game::new(size, Rules::SIMPLIFIED_ING, komi);
    let (threads, policy) = (params.threads, params.policy);
    let mut player = Mcts::new(params);
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    let decision = player.genmove(
        &game,
        Color::Black,
        GenMode::Normal,
        Budget::Playouts(playouts),
    );
    let secs = start.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "search: size: {size}x{size}, threads: {threads}, playouts: {playouts}, policy: {policy:?}"
    )?;
    let mv = match decision {
        Decision::Play(p) => p.vertex().to_string(),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    };
    writeln!(out, "move: {mv}")?;
    writeln!(out, "seconds: {secs:.3}")?;
    let cpu = process_cpu_seconds().zip(cpu_start).map(|(b, a)| b - a);
    if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
        writeln!(out, "cpu seconds: {cpu:.2}")?;
        writeln!(out, "playouts per cpu-second: {:.0}", playouts as f64 / cpu)?;
    }
    writeln!(out, "playouts/s: {:.0}", playouts as f64 / secs)?;
    Ok(())
}

/// One game of the engine against itself, to the end of the phases: after
/// two passes both sides agree on the engine's dead stones.
fn selfplay(config: Config, size: u8, sgf: Option<&Path>) -> anyhow::Result<()> {
    let mut game = Game::new(size, config.rules, config.komi);
    let mut player = config.player.player(config.search.clone());
    let budget = match config.playouts {
        Some(n) => Budget::Playouts(n),
        None => Budget::time(config.time_per_move),
    };
    let mut out = io::stdout().lock();
    let limit = 4 * usize::from(size) * usize::from(size);
    let mut resigned = None;
    while game.phase() != Phase::Finished && game.moves().count() < limit {
        if game.phase() == Phase::Stopped {
            let dead = player.dead_stones(&game, budget);
            game.agree(&dead)?;
            break;
        }
        let color = game.to_move();
        let mode = match game.phase() {
            Phase::Resumed { .. } => GenMode::Cleanup,
            _ => GenMode::Normal,
        };
        let mv = match player.genmove(&game, color, mode, budget) {
            Decision::Play(p) => Move::Play(color, p),
            Decision::Pass => Move::Pass(color),
            Decision::Resign => {
                resigned = Some(color);
                break;
            }
        };
        game.play(mv)?;
        let text = match mv {
            Move::Play(_, p) => p.vertex().to_string(),
            Move::Pass(_) => "pass".into(),
        };
        writeln!(out, "{} {} {}", game.moves().count(), color.letter(), text)?;
    }
    write!(out, "{}", game.board().diagram())?;
    // Under the territory rule sets two passes finish the game and the
    // engine judges the dead stones (and seki) for the count.
    let judged = game.phase() == Phase::Finished
        && game.rules().end == EndRule::TwoPassesJudged
        && !game.long_cycle();
    let dead = if judged {
        player.dead_stones(&game, budget)
    } else {
        Vec::new()
    };
    let seki = crate::tactics::seki_for_count(&game, &dead);
    let result = match resigned {
        Some(c) => format!("{}+R", (!c).letter()),
        None => game.result(&dead, &seki).sgf(),
    };
    writeln!(out, "phase: {}", game.phase())?;
    writeln!(out, "result: {result}")?;
    if let Some(path) = sgf {
        let mut text = crate::sgf::write_counted(&game, &dead, &seki);
        // The writer knows the game, not a resignation: the result goes
        // on the root here, when there is one.
        if resigned.is_some() || game.phase() == Phase::Finished {
            text = text.replacen("(;", &format!("(;RE[{result}]"), 1);
        }
        text.push('\n');
        std::fs::write(path, text)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

/// The value of the SGF property `key` (like `PB`) in `text`, if any.
fn sgf_property<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    let start = text.find(&format!("{key}["))? + key.len() + 1;
    let len = text[start..].find(']')?;
    Some(&text[start..start + len])
}

fn train_gammas(
    files: &[PathBuf],
    policies: &[PathBuf],
    learn: &[String],
    out: Option<&Path>,
    (rounds, lines, large, last_atari): (usize, u8, u32, bool),
    compare: Option<&Path>,
) -> anyhow::Result<()> {
    use crate::model::{train, Model};
    // The other table and the words that name it in the report.
    let other = compare
        .map(|path| -> anyhow::Result<(String, Model)> {
            let model = Model::parse(&std::fs::read_to_string(path)?)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            Ok((format!(" by {}", path.display()), model))
        })
        .transpose()?;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, path) in files.iter().enumerate() {
        let text = crate::sgf::decode(&std::fs::read(path)?);
        let game = crate::sgf::parse(&text, None, Rules::default(), 7.0)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let player = |c: Color| {
            let key = if c == Color::Black { "PB" } else { "PW" };
            sgf_property(&text, key).unwrap_or("")
        };
        let wanted =
            |c: Color| learn.is_empty() || learn.iter().any(|l| player(c).contains(l.as_str()));
        let moves: Vec<Move> = game.moves().collect();
        let positions = train::positions(game.setup(), &moves, wanted);
        if i % 10 == 9 {
            test.extend(positions);
        } else {
            train.extend(positions);
        }
    }
    let mut records = files.len();
    for path in policies {
        let text = std::fs::read_to_string(path)?;
        let policy_records =
            train::policy_records(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        for positions in policy_records {
            records += 1;
            if records % 10 == 0 {
                test.extend(positions);
            } else {
                train.extend(positions);
            }
        }
    }
    let mut stdout = io::stdout().lock();
    writeln!(
        stdout,
        "{} training positions, {} held out",
        train.len(),
        test.len()
    )?;
    let model = train::train(&train, rounds, (lines, large), last_atari);
    let fits = std::iter::once(("", &model)).chain(other.iter().map(|(by, m)| (by.as_str(), m)));
    for (by, model) in fits {
        for (name, set) in [("training", &train), ("held out", &test)] {
            let (first, log_p) = train::evaluate(model, set);
            writeln!(
                stdout,
                "{name}{by}: move played ranked first {:.1}%, mean log-probability {log_p:.3}",
                100.0 * first
            )?;
        }
    }
    if let Some(out) = out {
        let learned = if learn.is_empty() {
            "every player".to_string()
        } else {
            learn.join(", ")
        };
        let mut sources = Vec::new();
        if !files.is_empty() {
            sources.push(format!("{} game records, learning {learned}", files.len()));
        }
        if !policies.is_empty() {
            sources.push(format!(
                "{} records labelled with a teacher's policy",
                records - files.len()
            ));
        }
        let header = format!(
            "The move model's gammas, written by `ingo train-gammas` ({rounds} rounds)\n\
             from {}: {} positions.",
            sources.join(" and "),
            train.len()
        );
        std::fs::write(out, model.to_table(&header))?;
    }
    Ok(())
}
