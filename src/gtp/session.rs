//! The GTP session's state: the game, the player and the clock, and the
//! helpers every command needs (planning and playing a generated move,
//! the dead stones and the count).
//!
//! It depends on nothing else in `gtp` but [`GtpError`], so the files of
//! commands, thinking, GoGui graphics and search threads can all build on
//! it without importing each other. The dispatch of a line,
//! `Session::handle`, reads the command table and so lives beside it in
//! `commands.rs`.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::board::{Color, Point};
use crate::rules::{EndRule, Game, IllegalMove, Move, Phase, Rules};
use crate::search::time::{PenaltyPlan, TimeControl};
use crate::search::{Analysis, Budget, Count, Decision, GenMode, Player, PlayerKind, SearchParams};

use super::response::GtpError;

/// Start-up settings (from the command line).
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub size: u8,
    pub rules: Rules,
    pub komi: f64,
    /// Komi came from the command line: choosing a territory rule set
    /// keeps it instead of setting 6.5.
    pub komi_given: bool,
    /// Fixed playouts per move; `None` thinks for a time instead.
    pub playouts: Option<u64>,
    /// Thinking time per move when no time control is set.
    pub time_per_move: Duration,
    pub search: SearchParams,
    /// Which player answers `genmove`: the tree search or flat Monte Carlo.
    pub player: PlayerKind,
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
            komi_given: false,
            playouts: None,
            time_per_move: Duration::from_secs(2),
            search: SearchParams::default(),
            player: PlayerKind::Mcts,
            ponder: false,
        }
    }
}

/// A player that a search thread can borrow.
pub(super) type SharedPlayer = Arc<Mutex<Box<dyn Player>>>;

/// The player, for the thread that calls. No search thread holds it while
/// a command runs (the loop ends them first); a panic in one must not take
/// the session down with it.
pub(super) fn lock(player: &SharedPlayer) -> MutexGuard<'_, Box<dyn Player>> {
    player.lock().unwrap_or_else(|e| e.into_inner())
}

/// Where GoGui's live graphics are drawn, shared with the drawing that
/// follows a search.
pub(super) type GfxOut = Arc<Mutex<Box<dyn Write + Send>>>;

/// GoGui's side: a cached analysis for the graphics commands, whether
/// live graphics are on, and where they go.
pub(super) struct GfxState {
    pub(super) live: bool,
    /// The analysis of a game, kept with the whole game it analysed (size,
    /// komi, rules, set-up, moves, position): any change asks again.
    pub(super) cache: Option<(Game, Analysis)>,
    /// Where live graphics are drawn: nowhere until the I/O loop hands in
    /// stderr (GoGui reads them there), so the session itself does no I/O.
    pub(super) out: GfxOut,
}

impl Default for GfxState {
    fn default() -> GfxState {
        GfxState {
            live: false,
            cache: None,
            out: Arc::new(Mutex::new(Box::new(std::io::sink()))),
        }
    }
}

/// A GTP session: the game, the player and the clock.
pub struct Session {
    pub(super) game: Game,
    pub(super) player: SharedPlayer,
    pub(super) config: Config,
    pub(super) time: TimeControl,
    /// Set when GoGui's `# interrupt` arrives (by the input thread, while
    /// a command runs): the running search stops with what it has.
    pub(super) interrupt: Arc<AtomicBool>,
    /// What the GoGui analyze commands show, and whether live graphics go
    /// to stderr while thinking.
    pub(super) gfx: GfxState,
    /// A controller gave komi (`--komi` or the `komi` command).
    pub(super) komi_given: bool,
}

impl Session {
    /// A session with the player the configuration asks for.
    pub fn new(config: Config) -> Session {
        let player = config.player.player(config.search.clone());
        Session::with_player(config, player)
    }

    /// A session with another player behind `genmove`.
    pub fn with_player(config: Config, player: Box<dyn Player>) -> Session {
        Session {
            game: Game::new(config.size, config.rules, config.komi),
            time: TimeControl::new(config.time_per_move),
            player: Arc::new(Mutex::new(player)),
            interrupt: Arc::new(AtomicBool::new(false)),
            gfx: GfxState::default(),
            komi_given: config.komi_given,
            config,
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The flag that interrupts a running command (GoGui's `# interrupt`).
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.interrupt)
    }

    /// Where GoGui's live graphics go while thinking (the I/O loop hands
    /// in stderr).
    pub fn set_gfx_output(&mut self, out: Box<dyn Write + Send>) {
        *self.gfx.out.lock().unwrap_or_else(|e| e.into_inner()) = out;
    }

    /// The player, for this thread.
    pub(super) fn player(&self) -> MutexGuard<'_, Box<dyn Player>> {
        lock(&self.player)
    }

    /// Budget for `color`'s next move.
    pub(super) fn budget(&self, color: Color) -> Budget {
        match self.config.playouts {
            Some(n) => Budget::Playouts(n),
            None => match self.penalty_plan(color) {
                Some(plan) => plan.within,
                None => {
                    let board = self.game.board();
                    let area = usize::from(board.size()) * usize::from(board.size());
                    self.time.plan(color, board.empty_count(), area)
                }
            },
        }
    }

    /// Under Ing's penalty-point time, the plan for `color`'s next move
    /// with the penalty points the game charges it; `None` under any
    /// other clock.
    pub(super) fn penalty_plan(&self, color: Color) -> Option<PenaltyPlan> {
        let board = self.game.board();
        let area = usize::from(board.size()) * usize::from(board.size());
        let points = self.game.penalties()[color];
        self.time
            .penalty_plan(color, board.empty_count(), area, points)
    }

    /// Budget for judging dead stones.
    pub(super) fn judge_budget(&self) -> Budget {
        match self.config.playouts {
            Some(n) => Budget::Playouts(n),
            None => Budget::time(self.config.time_per_move),
        }
    }

    /// A new empty game of `size`, keeping rules and komi.
    pub(super) fn new_game(&mut self, size: u8) {
        self.game = Game::new(size, self.game.rules(), self.game.komi());
        // The clock settings stay (clients do not resend them); both
        // sides start the new game with a full clock.
        self.time.reset();
    }
}

/// A refused move in GTP words (a finished game has words of its own).
pub(super) fn illegal(e: IllegalMove) -> GtpError {
    log::debug!("illegal: {e}");
    match e {
        IllegalMove::GameOver => GtpError::GameOver,
        _ => GtpError::IllegalMove,
    }
}

/// The checks before a move is generated, and how to think: the mode
/// (cleanup where stones will count as they stand) and the budget.
pub(super) fn genmove_plan(
    s: &Session,
    c: Color,
    mode: GenMode,
) -> Result<(GenMode, Budget), GtpError> {
    if s.game.phase() == Phase::Finished {
        return Err(GtpError::GameOver);
    }
    // Stones will be counted as they stand: after a resumption (which this
    // move causes when stopped), or where two passes end the game.
    let mode = match s.game.phase() {
        Phase::Stopped | Phase::Resumed { .. } => GenMode::Cleanup,
        _ if s.game.rules().end == EndRule::TwoPasses => GenMode::Cleanup,
        _ => mode,
    };
    Ok((mode, s.budget(c)))
}

/// After thinking: the clock is charged (from `started`) and the move
/// played when `commit`; the reply. Under penalty-point time the charge
/// may cross a step of the schedule: the game's penalty points for `c`
/// then rise to the step's (they never fall here; a controller corrects
/// them with `ingo-penalty`).
pub(super) fn genmove_finish(
    s: &mut Session,
    c: Color,
    decision: Decision,
    started: Instant,
    commit: bool,
) -> Result<String, GtpError> {
    if commit {
        s.time.charge(c, started.elapsed());
        if let Some(standing) = s.time.penalty(c) {
            let points = standing.points();
            if points > s.game.penalties()[c] {
                log::info!("{c} exceeds its time: {points} penalty points");
                s.game.set_penalty(c, points);
            }
        }
    }
    let (mv, text) = match decision {
        Decision::Resign => return Ok("resign".into()),
        Decision::Pass => (Move::Pass(c), "pass".to_string()),
        Decision::Play(p) => (Move::Play(c, p), p.vertex().to_string()),
    };
    if commit {
        if let Err(e) = s.game.play(mv) {
            // The player only proposes legal moves; never answer with an
            // illegal one, whatever happens.
            log::error!("player proposed illegal {text}: {e}");
            s.game.play(Move::Pass(c)).map_err(illegal)?;
            return Ok("pass".into());
        }
    }
    Ok(text)
}

/// The dead stones behind `final_status_list`: the agreement once life
/// and death is fixed, else the engine's judgement.
pub(super) fn dead_stones(s: &mut Session) -> Vec<Point> {
    let budget = s.judge_budget();
    crate::search::dead_stones(&s.game, s.player().as_mut(), budget)
}

/// The count behind `final_score`, `ingo-score`, `printsgf` and GoGui's
/// score graphics.
pub(super) fn current_count(s: &mut Session) -> Count {
    let budget = s.judge_budget();
    Count::now(&s.game, s.player().as_mut(), budget)
}

#[cfg(test)]
pub(super) mod tests {
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

    /// A player whose answers are written out: `think` proposes `E5`
    /// (whether legal or not), `analyze` returns [`scripted_analysis`]
    /// with `playouts` counting the analyses asked so far, and no stone is
    /// dead. Tests of the session see exactly what it did with them.
    pub(crate) struct Scripted {
        pub(crate) analyses: u64,
    }

    /// The analysis [`Scripted`] gives: D3 with 37 visits at 62.34% and
    /// F3 with 36 at 57.51% for the player to move, then a pass (5 visits).
    pub(crate) fn scripted_analysis(game: &Game, color: Color, playouts: u64) -> Analysis {
        let size = game.size();
        let at = |v: &str| Point::parse(v, size).ok();
        let candidate = |point, visits, win_rate| crate::search::Candidate {
            point,
            visits,
            win_rate,
            score_lead: 1.0,
            prior: 0.1,
            lcb: 0.4,
            pv: vec![point],
        };
        Analysis {
            color,
            playouts,
            win_rate: 0.52,
            score_lead: 2.4,
            candidates: vec![
                candidate(at("D3"), 37, 0.6234),
                candidate(at("F3"), 36, 0.5751),
                candidate(None, 5, 0.1),
            ],
            ownership: vec![0.0; crate::board::MAX_POINTS],
        }
    }

    impl Player for Scripted {
        fn think(
            &mut self,
            game: &Game,
            _: Color,
            _: GenMode,
            _: Budget,
            _: &mut crate::search::Watch,
        ) -> Decision {
            Point::parse("E5", game.size()).map_or(Decision::Pass, Decision::Play)
        }

        fn analyze(
            &mut self,
            game: &Game,
            color: Color,
            _: Budget,
            _: &crate::search::MoveFilter,
            _: &mut crate::search::Watch,
        ) -> Option<Analysis> {
            self.analyses += 1;
            Some(scripted_analysis(game, color, self.analyses))
        }

        fn dead_stones(&mut self, _: &Game, _: Budget) -> Vec<Point> {
            Vec::new()
        }
    }

    /// A session with the [`Scripted`] player.
    pub(crate) fn scripted() -> Session {
        Session::with_player(Config::default(), Box::new(Scripted { analyses: 0 }))
    }

    /// Sends `line`, returns the printed reply.
    pub(crate) fn send(s: &mut Session, line: &str) -> String {
        s.handle(line)
            .map(|(r, _)| r.to_string())
            .unwrap_or_default()
    }
}
