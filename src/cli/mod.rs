//! The command line (SPEC §3): its flags as clap types, and `run`, which
//! speaks GTP when no command is given and hands each command to its file.
//!
//! Each command's file holds its flags, resolves them into its options
//! once (the engine's defaults come from [`Config::default`] and
//! `SearchParams::default`, only the flags given override them) and runs
//! it: [`bench`], [`selfplay`], [`train`] and [`review`]. [`args`] holds
//! the flags several of them share and the checks of every flag's value.

use std::ffi::OsString;
use std::io;
use std::process::ExitCode;
use std::time::Duration;

use clap::error::ErrorKind;
use clap::parser::ValueSource;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::gtp::{self, Config, Session};

pub mod args;
pub mod bench;
pub mod review;
pub mod selfplay;
pub mod train;

use args::{parse_count, parse_seconds, parse_size, GameArgs, PlayArgs, SearchArgs};

#[derive(Parser, Debug)]
#[command(
    name = "ingo",
    version,
    about = "A Go engine (EGF Simplified Ing rules by default).\n\n\
        With no command, ingo speaks GTP on stdin and stdout, for a GUI (Sabaki, \
        GoGui, Lizzie), a match runner or a server bridge; the options below set \
        up that engine.",
    after_help = "Each command has options of its own: ingo help COMMAND."
)]
pub struct Cli {
    #[command(flatten)]
    pub gtp: GtpArgs,
    /// More log output on stderr (-v info, -vv debug); RUST_LOG overrides.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The engine that speaks GTP: the flags of `ingo` with no command.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct GtpArgs {
    #[arg(long, value_parser = parse_size,
          help = format!("Board size at start-up (default {})", Config::default().size))]
    pub size: Option<u8>,
    #[command(flatten)]
    pub game: GameArgs,
    /// Fixed playouts per move (default: think for a time).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    pub playouts: Option<u64>,
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = parse_seconds,
          help = format!("Seconds per move when no time control is set (default {})",
                         Config::default().time_per_move.as_secs_f64()))]
    pub time: Option<f64>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub play: PlayArgs,
    /// Think on the opponent's time: after each genmove the search goes
    /// on, for the opponent's reply, until the next command arrives.
    #[arg(long)]
    pub ponder: bool,
}

impl GtpArgs {
    /// The session's settings: [`Config::default`] with the flags given.
    pub fn config(&self) -> Config {
        let mut config = Config {
            search: self.search.params(),
            ponder: self.ponder,
            ..Config::default()
        };
        if let Some(size) = self.size {
            config.size = size;
        }
        self.game.apply(&mut config);
        if self.playouts.is_some() {
            config.playouts = self.playouts;
        }
        if let Some(time) = self.time {
            config.time_per_move = Duration::from_secs_f64(time);
        }
        self.play.apply(&mut config);
        config
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Measure playouts per second from the empty board (or, with
    /// --search, one whole genmove of the tree search).
    Bench(bench::BenchArgs),
    /// Play a whole game against itself and print the moves, the final
    /// board and the result.
    Selfplay(selfplay::SelfplayArgs),
    /// Learn the gammas of the move model (src/model/gammas.txt) from
    /// game records (the moves of the players named by --learn, all when
    /// none) and policy files (a teacher's probabilities), every tenth
    /// record held out to measure the fit.
    TrainGammas(train::TrainArgs),
    /// Review a game record: search every position of its main line and
    /// write OUT.sgf (win rates, score leads and better moves, with
    /// Sabaki's graph properties) and OUT.svg (a plot with the biggest
    /// mistakes).
    Review(review::ReviewArgs),
}

/// The process's command line; a bad one exits as clap exits (code 2, the
/// reason on stderr).
pub fn parse() -> Cli {
    parse_from(std::env::args_os()).unwrap_or_else(|e| e.exit())
}

/// Parses a command line (program name first). The GTP engine's options
/// are refused before a command, whose own options follow its name.
///
/// # Errors
/// What clap refuses, with its message.
pub fn parse_from<I, T>(line: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut command = Cli::command();
    let matches = command.try_get_matches_from_mut(line)?;
    if let Some((name, _)) = matches.subcommand() {
        let engine_flag = command.get_arguments().find(|a| {
            !a.is_global_set()
                && matches.value_source(a.get_id().as_str()) == Some(ValueSource::CommandLine)
        });
        if let Some(flag) = engine_flag.and_then(|a| a.get_long()) {
            let message = format!(
                "--{flag} before a command is an option of the GTP engine; \
                 a command's options follow it (see ingo {name} --help)"
            );
            return Err(command.error(ErrorKind::ArgumentConflict, message));
        }
    }
    Cli::from_arg_matches(&matches)
}

/// Runs the parsed command line.
///
/// # Errors
/// I/O errors, and what a command refuses (a record it cannot read).
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => {
            let mut session = Session::new(cli.gtp.config());
            gtp::io::run(
                &mut session,
                io::BufReader::new(io::stdin()),
                io::stdout().lock(),
            )?;
        }
        Some(Command::Bench(args)) => bench::run(&args.options())?,
        Some(Command::Selfplay(args)) => selfplay::run(&args.options())?,
        Some(Command::TrainGammas(args)) => train::run(&args.options())?,
        Some(Command::Review(args)) => review::run(&args.options())?,
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::Policy;
    use crate::rules::Rules;
    use crate::search::{PlayerKind, SearchParams};

    fn parse(line: &[&str]) -> Result<Cli, clap::Error> {
        parse_from(std::iter::once("ingo").chain(line.iter().copied()))
    }

    fn config(line: &[&str]) -> Config {
        let cli = parse(line).expect("parses");
        assert!(cli.command.is_none());
        cli.gtp.config()
    }

    #[test]
    fn no_flag_is_the_default_config_but_threads_and_seed() {
        let c = config(&["--seed", "5"]);
        assert_eq!(
            c,
            Config {
                search: SearchParams {
                    threads: args::cores(),
                    seed: 5,
                    ..SearchParams::default()
                },
                ..Config::default()
            }
        );
    }

    #[test]
    fn every_flag_reaches_the_config() {
        let c = config(&[
            "--size",
            "9",
            "--rules",
            "japanese",
            "--playouts",
            "50",
            "--time",
            "0.5",
            "--threads",
            "3",
            "--seed",
            "8",
            "--max-nodes",
            "5000",
            "--playout-policy",
            "light",
            "--resign",
            "0",
            "--player",
            "flat",
            "--ponder",
        ]);
        assert_eq!(c.size, 9);
        assert_eq!(
            (c.rules, c.komi, c.komi_given),
            (Rules::JAPANESE, 6.5, false)
        );
        assert_eq!(c.playouts, Some(50));
        assert_eq!(c.time_per_move, Duration::from_millis(500));
        assert_eq!(
            c.search,
            SearchParams {
                threads: 3,
                seed: 8,
                resign_threshold: 0.0,
                policy: Policy::Light,
                max_nodes: 5000,
            }
        );
        assert_eq!(c.player, PlayerKind::Flat);
        assert!(c.ponder);
        let c = config(&["--komi", "-2.5", "--rules", "korean"]);
        assert_eq!((c.rules, c.komi, c.komi_given), (Rules::KOREAN, -2.5, true));
    }

    #[test]
    fn engine_options_go_before_no_command() {
        let e = parse(&["--threads", "2", "selfplay"]).expect_err("refused");
        assert_eq!(e.kind(), ErrorKind::ArgumentConflict);
        assert!(e.to_string().contains("--threads before a command"), "{e}");
        let cli = parse(&["-v", "selfplay", "--threads", "2"]).expect("parses");
        assert_eq!(cli.verbose, 1);
        assert!(matches!(cli.command, Some(Command::Selfplay(_))));
        assert_eq!(
            parse(&["review", "g.sgf", "-vv"]).expect("parses").verbose,
            2
        );
    }
}
