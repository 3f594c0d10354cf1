//! The GTP front end. [`Session`] turns one input line into at most one
//! [`Response`] with no I/O of its own, so nearly every protocol test is a
//! unit test; [`io::run`] is the stdin/stdout loop around it.
//!
//! Commands that stream (`lz-analyze` and its kin) and pondering run the
//! search on a thread of its own ([`analyze`]): the handler only checks
//! the arguments and leaves a [`analyze::Job`] for the loop, which prints
//! what the search reports and stops it when the next line arrives.

pub mod analyze;
mod commands;
pub mod io;
pub mod parse;
mod response;

pub use commands::COMMANDS;
pub use response::{GtpError, Response};

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use crate::board::Color;
use crate::rules::{Game, Rules};
use crate::search::time::TimeControl;
use crate::search::{Budget, Mcts, Player, SearchParams};

/// Start-up settings (from the command line).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub size: u8,
    pub rules: Rules,
    pub komi: f64,
    /// Fixed playouts per move; `None` thinks for a time instead.
    pub playouts: Option<u64>,
    /// Thinking time per move when no time control is set.
    pub time_per_move: Duration,
    pub search: SearchParams,
    /// Search on the opponent's time (after each `genmove`, until the
    /// next command).
    pub ponder: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            size: 19,
            rules: Rules::SIMPLIFIED_ING,
            komi: 7.5,
            playouts: None,
            time_per_move: Duration::from_secs(2),
            search: SearchParams::default(),
            ponder: false,
        }
    }
}

/// Whether the session goes on after a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// A player that a search thread can borrow.
type SharedPlayer = Arc<Mutex<Box<dyn Player>>>;

/// A GTP session: the game, the player and the clock.
pub struct Session {
    game: Game,
    player: SharedPlayer,
    config: Config,
    time: TimeControl,
    /// Set when GoGui's `# interrupt` arrives (by the input thread, while
    /// a command runs): the running search stops with what it has.
    interrupt: Arc<AtomicBool>,
    /// A streaming command's work, left by its handler for the loop.
    pending: Option<analyze::Job>,
    /// What the GoGui analyze commands show, and whether live graphics go
    /// to stderr while thinking.
    gfx: analyze::GfxState,
}

impl Session {
    pub fn new(config: Config) -> Session {
        let player = Box::new(Mcts::new(config.search.clone()));
        Session::with_player(config, player)
    }

    /// A session with another player behind `genmove`.
    pub fn with_player(config: Config, player: Box<dyn Player>) -> Session {
        Session {
            game: Game::new(config.size, config.rules, config.komi),
            time: TimeControl::new(config.time_per_move),
            player: Arc::new(Mutex::new(player)),
            config,
            interrupt: Arc::new(AtomicBool::new(false)),
            pending: None,
            gfx: analyze::GfxState::default(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The flag that interrupts a running command (GoGui's `# interrupt`).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.interrupt)
    }

    /// The streaming work the last command left, if any.
    pub fn take_job(&mut self) -> Option<analyze::Job> {
        self.pending.take()
    }

    /// The player, for this thread. No search thread holds it while a
    /// command runs (the loop ends them first); a panic in one must not
    /// take the session down with it.
    fn player(&self) -> MutexGuard<'_, Box<dyn Player>> {
        self.player.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Handles one raw input line. `None` for a line that is blank after
    /// preprocessing (GTP gives those no response).
    pub fn handle(&mut self, line: &str) -> Option<(Response, Control)> {
        let line = parse::preprocess(line)?;
        let command = parse::tokenize(&line);
        log::debug!("<< {line}");
        let mut control = Control::Continue;
        let result = match COMMANDS.iter().find(|(name, _)| *name == command.name) {
            Some((name, handler)) => {
                if *name == "quit" {
                    control = Control::Quit;
                }
                handler(self, &command.args)
            }
            None => Err(GtpError::UnknownCommand),
        };
        let response = Response {
            id: command.id,
            result,
        };
        log::debug!(">> {}", response.to_string().trim_end());
        Some((response, control))
    }

    /// Budget for `color`'s next move.
    fn budget(&self, color: Color) -> Budget {
        match self.config.playouts {
            Some(n) => Budget::Playouts(n),
            None => {
                let board = self.game.board();
                let area = usize::from(board.size()) * usize::from(board.size());
                self.time.plan(color, board.empty_count(), area)
            }
        }
    }

    /// Budget for judging dead stones.
    fn judge_budget(&self) -> Budget {
        match self.config.playouts {
            Some(n) => Budget::Playouts(n),
            None => Budget::time(self.config.time_per_move),
        }
    }

    /// A new empty game of `size`, keeping rules and komi.
    fn new_game(&mut self, size: u8) {
        self.game = Game::new(size, self.game.rules(), self.game.komi());
        // The clock settings stay (clients do not resend them); both
        // sides start the new game with a full clock.
        self.time.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn session() -> Session {
        let config = Config {
            playouts: Some(300),
            search: SearchParams {
                seed: 1,
                ..SearchParams::default()
            },
            ..Config::default()
        };
        Session::new(config)
    }

    /// Sends `line`, returns the printed reply.
    pub(crate) fn send(s: &mut Session, line: &str) -> String {
        s.handle(line)
            .map(|(r, _)| r.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn blank_and_comment_lines_get_no_reply() {
        let mut s = session();
        assert!(s.handle("").is_none());
        assert!(s.handle("  # comment").is_none());
        assert!(s.handle("\r").is_none());
    }

    #[test]
    fn unknown_commands_and_ids() {
        let mut s = session();
        assert_eq!(send(&mut s, "foo"), "? unknown command\n\n");
        assert_eq!(send(&mut s, "7 foo"), "?7 unknown command\n\n");
        assert_eq!(send(&mut s, "7"), "?7 unknown command\n\n");
        assert_eq!(
            send(&mut s, "PLAY b d4"),
            "? unknown command\n\n",
            "names are exact"
        );
        assert_eq!(send(&mut s, "12 name"), "=12 ingo\n\n");
    }

    #[test]
    fn quit_is_answered_then_stops() {
        let mut s = session();
        let (r, c) = s.handle("3 quit").expect("reply");
        assert_eq!(r.to_string(), "=3 \n\n");
        assert_eq!(c, Control::Quit);
    }
}
