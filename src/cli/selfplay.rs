//! `ingo selfplay`: one game of the engine against itself, printed move by
//! move, with the final board and result, and saved as SGF if asked.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::args::{parse_count, parse_seconds, parse_size, GameArgs, PlayArgs, SearchArgs};
use crate::gtp::Config;
use crate::rules::{Game, Move, Phase};
use crate::search::{Budget, Count, Decision, GenMode};

/// The board of a game unless told: a game in a few seconds.
const SIZE: u8 = 9;
/// Playouts per move unless a budget is given: a game in a few seconds
/// that still looks like Go.
const PLAYOUTS: u64 = 10_000;

/// The flags of `ingo selfplay`.
#[derive(Args, Debug)]
pub struct SelfplayArgs {
    /// Also save the game as SGF to this file.
    #[arg(long, value_name = "FILE")]
    pub sgf: Option<PathBuf>,
    #[arg(long, value_parser = parse_size, help = format!("Board size (default {SIZE})"))]
    pub size: Option<u8>,
    #[command(flatten)]
    pub game: GameArgs,
    #[arg(long, value_name = "N", value_parser = parse_count,
          help = format!("Playouts per move (default {PLAYOUTS}, unless --time is given)"))]
    pub playouts: Option<u64>,
    /// Seconds per move instead of a number of playouts (--playouts, if
    /// given too, holds).
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true,
          value_parser = parse_seconds)]
    pub time: Option<f64>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// What `ingo selfplay` needs, every default resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct SelfplayOptions {
    /// The game's size, rules and komi, and the player's settings.
    pub config: Config,
    /// Where the game is saved.
    pub sgf: Option<PathBuf>,
}

impl SelfplayArgs {
    /// [`Config::default`] with selfplay's own defaults and the flags
    /// given.
    pub fn options(&self) -> SelfplayOptions {
        let mut config = Config {
            size: self.size.unwrap_or(SIZE),
            search: self.search.params(),
            ..Config::default()
        };
        self.game.apply(&mut config);
        self.play.apply(&mut config);
        if let Some(time) = self.time {
            config.time_per_move = Duration::from_secs_f64(time);
        }
        config.playouts = match (self.playouts, self.time) {
            (None, None) => Some(PLAYOUTS),
            (playouts, _) => playouts,
        };
        SelfplayOptions {
            config,
            sgf: self.sgf.clone(),
        }
    }
}

/// One game of the engine against itself, to the end of the phases: after
/// two passes both sides agree on the engine's dead stones.
///
/// # Errors
/// Errors writing to stdout or the SGF file.
pub fn run(options: &SelfplayOptions) -> anyhow::Result<()> {
    let config = &options.config;
    let size = config.size;
    let mut game = Game::new(size, config.rules, config.komi);
    let mut player = config.player.player(config.search.clone());
    let budget = match config.playouts {
        Some(n) => Budget::Playouts(n),
        None => Budget::time(config.time_per_move),
    };
    // The record's file is made before the game, so that a path that
    // cannot be written fails at once, not after the whole game.
    let sgf = match &options.sgf {
        Some(path) => Some((
            path,
            std::fs::File::create(path)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?,
        )),
        None => None,
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
    let (result, record) = match resigned {
        Some(c) => (
            format!("{}+R", (!c).letter()),
            crate::sgf::write_resigned(&game, c),
        ),
        None => {
            let count = Count::now(&game, player.as_mut(), budget);
            let record = crate::sgf::write_counted(&game, &count.dead, &count.seki);
            (count.result.sgf(), record)
        }
    };
    // A resignation finishes the game without a phase of its own; the
    // words are `ingo-phase`'s.
    let phase = match resigned {
        Some(_) => format!("finished {result} (resignation)"),
        None => game.phase().to_string(),
    };
    writeln!(out, "phase: {phase}")?;
    writeln!(out, "result: {result}")?;
    if let Some((path, mut file)) = sgf {
        writeln!(file, "{record}")
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Line {
        #[command(flatten)]
        args: SelfplayArgs,
    }

    fn options(line: &[&str]) -> SelfplayOptions {
        Line::try_parse_from(std::iter::once("selfplay").chain(line.iter().copied()))
            .expect("parses")
            .args
            .options()
    }

    #[test]
    fn selfplay_plays_9x9_at_a_playout_budget_unless_told() {
        let o = options(&["--seed", "1"]);
        assert_eq!((o.config.size, o.config.playouts), (9, Some(10_000)));
        assert_eq!(o.config.komi, 7.5);
        let o = options(&["--time", "3", "--size", "13"]);
        assert_eq!((o.config.size, o.config.playouts), (13, None));
        assert_eq!(o.config.time_per_move, Duration::from_secs(3));
        let o = options(&["--playouts", "7", "--resign", "0.2", "--sgf", "g.sgf"]);
        assert_eq!(o.config.playouts, Some(7));
        assert_eq!(o.config.search.resign_threshold, 0.2);
        assert_eq!(o.sgf, Some(PathBuf::from("g.sgf")));
    }
}
