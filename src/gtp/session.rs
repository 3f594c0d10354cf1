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
    /// The colour that resigned this game, when `genmove` answered
    /// `resign`. A resignation is an outcome, not a move (see
    /// [`Move`]): it lives beside the game, ends it for `play` and
    /// `genmove`, and is its result for `final_score`, `ingo-score`,
    /// `ingo-phase` and `printsgf`. It goes with the game it ended: a
    /// new game, or the `undo` of the move before it.
    pub(super) resigned: Option<Color>,
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
            resigned: None,
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
        self.set_game(Game::new(size, self.game.rules(), self.game.komi()));
        // The clock settings stay (clients do not resend them); both
        // sides start the new game with a full clock.
        self.time.reset();
    }

    /// Replaces the game (a new one, a handicap set-up, a loaded record);
    /// a resignation of the old game goes with it.
    pub(super) fn set_game(&mut self, game: Game) {
        self.game = game;
        self.resigned = None;
    }

    /// The phase: the game's, or `finished` once a side resigned.
    pub(super) fn phase(&self) -> Phase {
        match self.resigned {
            Some(_) => Phase::Finished,
            None => self.game.phase(),
        }
    }

    /// The result of a resigned game (`W+R` when Black resigned: SGF's
    /// short form, which gogui-twogtp writes too).
    pub(super) fn resignation(&self) -> Option<String> {
        self.resigned.map(|c| format!("{}+R", (!c).letter()))
    }

    /// `undo`: takes back the last move, pass or phase event, and with it
    /// a resignation that followed it; at the set-up position, the
    /// resignation alone. GUIs (GoGui's synchronizer, Sabaki's state
    /// tracker) count only moves and send `undo` to take one back, even
    /// after the engine resigned; taking back the resignation alone would
    /// leave them a move behind the engine, silently.
    ///
    /// # Errors
    /// `cannot undo` when there is nothing to take back.
    pub(super) fn undo(&mut self) -> Result<(), GtpError> {
        match self.game.undo() {
            Ok(()) => {
                self.resigned = None;
                Ok(())
            }
            Err(_) if self.resigned.take().is_some() => Ok(()),
            Err(_) => Err(GtpError::CannotUndo),
        }
    }

    /// How many times `undo` succeeds from here.
    pub(super) fn undo_depth(&self) -> usize {
        self.game
            .events()
            .len()
            .max(usize::from(self.resigned.is_some()))
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
    if s.phase() == Phase::Finished {
        return Err(GtpError::GameOver);
    }
    // Stones will be counted as they stand: after a resumption (which this
    // move causes when stopped), or where two passes end the game.
    let mode = match s.game.phase() {
        // Ing's rules: after the stop a pass confirms it, and the dead
        // stones are judged at the count.
        Phase::Stopped | Phase::Confirming if s.game.rules().end == EndRule::FourPasses => mode,
        Phase::Stopped | Phase::Confirming | Phase::Resumed { .. } => GenMode::Cleanup,
        _ if s.game.rules().end == EndRule::TwoPasses => GenMode::Cleanup,
        _ => mode,
    };
    Ok((mode, s.budget(c)))
}

/// After thinking: the clock is charged (from `started`) and the move
/// played, or the resignation recorded, when `commit`; the reply. Under
/// penalty-point time the charge may cross a step of the schedule: the
/// game's penalty points for `c` then rise to the step's (they never fall
/// here; a controller corrects them with `ingo-penalty`).
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
        Decision::Resign => {
            if commit {
                s.resigned = Some(c);
            }
            return Ok("resign".into());
        }
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

    /// A player that resigns every move it is asked for and sees no stone
    /// dead.
    struct Resigner;

    impl Player for Resigner {
        fn think(
            &mut self,
            _: &Game,
            _: Color,
            _: GenMode,
            _: Budget,
            _: &mut crate::search::Watch,
        ) -> Decision {
            Decision::Resign
        }

        fn dead_stones(&mut self, _: &Game, _: Budget) -> Vec<Point> {
            Vec::new()
        }
    }

    /// A 5x5 session with the [`Resigner`].
    fn resigner() -> Session {
        let mut s = Session::with_player(Config::default(), Box::new(Resigner));
        assert_eq!(send(&mut s, "boardsize 5"), "= \n\n");
        s
    }

    /// Sends each line, which must succeed with an empty reply.
    fn setup(s: &mut Session, lines: &[&str]) {
        for line in lines {
            assert_eq!(send(s, line), "= \n\n", "{line}");
        }
    }

    /// After `genmove` resigns, every command that tells the result says
    /// so, and the game takes no further move: the session once counted
    /// the board and wrote no `RE` (rules-compliance.md T12).
    #[test]
    fn a_resignation_is_the_result_and_ends_the_game() {
        let mut s = resigner();
        setup(&mut s, &["play b c3", "play w d4"]);
        assert_eq!(send(&mut s, "genmove b"), "= resign\n\n");
        assert_eq!(
            send(&mut s, "ingo-phase"),
            "= finished W+R (resignation)\n\n"
        );
        assert_eq!(send(&mut s, "final_score"), "= W+R\n\n");
        assert_eq!(
            send(&mut s, "printsgf"),
            "= (;GM[1]FF[4]CA[UTF-8]AP[ingo:0.1.0]SZ[5]KM[7.5]RU[simplified-ing]RE[W+R];B[cc];W[db])\n\n"
        );
        // The board still counts, for reference: one stone each, and the
        // empty region touches both colours. The result is the resignation.
        assert_eq!(
            send(&mut s, "ingo-score"),
            "= black stones 1 territory 0 area 1\nwhite stones 1 territory 0 area 1\n\
             komi 7.5\nhandicap_bonus 0\ndead \nresult W+R\n\n"
        );
        for line in [
            "play w a1",
            "play b pass",
            "genmove w",
            "reg_genmove w",
            "kgs-genmove_cleanup w",
        ] {
            assert_eq!(send(&mut s, line), "? game is over\n\n", "{line}");
        }
        assert_eq!(send(&mut s, "is_legal w a1"), "= 0\n\n");
        assert_eq!(send(&mut s, "all_legal w"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-agree"), "? game is not stopped\n\n");
        assert_eq!(send(&mut s, "ingo-dispute"), "? game is not stopped\n\n");
        assert!(send(&mut s, "showboard").ends_with("black to move, phase finished\n\n"));
        assert_eq!(s.game.moves().count(), 2, "nothing was played");
    }

    /// `undo` takes back the move before the resignation with it: GUIs
    /// count moves only and send `undo` for one.
    #[test]
    fn undo_takes_back_the_resignation_with_the_move_before_it() {
        let mut s = resigner();
        setup(&mut s, &["play b c3", "play w d4"]);
        assert_eq!(send(&mut s, "genmove b"), "= resign\n\n");
        assert_eq!(send(&mut s, "undo"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones white"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= C3\n\n");
        assert_eq!(send(&mut s, "ingo-phase"), "= playing\n\n");
        // Black's C3 alone: all 25 points, against komi 7.5.
        assert_eq!(send(&mut s, "final_score"), "= B+17.5\n\n");
        assert_eq!(send(&mut s, "genmove w"), "= resign\n\n");
        assert_eq!(send(&mut s, "final_score"), "= B+R\n\n");
        assert_eq!(send(&mut s, "gg-undo 2"), "? cannot undo\n\n");
        assert_eq!(send(&mut s, "final_score"), "= B+R\n\n", "nothing changed");
        assert_eq!(send(&mut s, "gg-undo 1"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= \n\n");
        // At the set-up position the resignation alone goes.
        assert_eq!(send(&mut s, "genmove b"), "= resign\n\n");
        assert_eq!(send(&mut s, "undo"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-phase"), "= playing\n\n");
        assert_eq!(send(&mut s, "undo"), "? cannot undo\n\n");
    }

    /// A new game (`clear_board`, `boardsize`, handicap, `loadsgf`) ends a
    /// resignation; other commands keep it, and a `reg_genmove` that
    /// answers `resign` plays nothing and resigns nothing.
    #[test]
    fn a_new_game_ends_a_resignation() {
        let mut s = resigner();
        assert_eq!(send(&mut s, "reg_genmove b"), "= resign\n\n");
        assert_eq!(send(&mut s, "ingo-phase"), "= playing\n\n");
        let dir = std::env::temp_dir().join(format!("ingo-resign-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("g.sgf");
        std::fs::write(&file, "(;SZ[5]KM[0.5];B[cc])").expect("write");
        let load = format!("loadsgf {}", file.display());
        for (new_game, answer) in [
            ("clear_board", "= \n\n"),
            ("boardsize 7", "= \n\n"),
            ("fixed_handicap 2", "= E5 C3\n\n"),
            (load.as_str(), "= white\n\n"),
        ] {
            assert_eq!(send(&mut s, "genmove w"), "= resign\n\n", "{new_game}");
            assert_eq!(send(&mut s, "komi 3"), "= \n\n");
            assert_eq!(send(&mut s, "final_score"), "= B+R\n\n", "{new_game}");
            assert_eq!(send(&mut s, new_game), answer);
            assert_eq!(send(&mut s, "ingo-phase"), "= playing\n\n", "{new_game}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The step that `genmove` and `genmove_analyze` share records the
    /// resignation only when the move is committed.
    #[test]
    fn only_a_committed_resignation_counts() {
        let mut s = resigner();
        let now = Instant::now();
        let reply = genmove_finish(&mut s, Color::White, Decision::Resign, now, false);
        assert_eq!(reply, Ok("resign".to_string()));
        assert_eq!(s.resigned, None);
        let reply = genmove_finish(&mut s, Color::White, Decision::Resign, now, true);
        assert_eq!(reply, Ok("resign".to_string()));
        assert_eq!(s.resigned, Some(Color::White));
        assert_eq!(s.phase(), Phase::Finished);
        assert_eq!(s.game.phase(), Phase::START, "the game itself is unchanged");
    }
}
