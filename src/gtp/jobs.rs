//! The search thread: a streaming command's job (or pondering) runs on a
//! thread of its own, sends its report lines to the loop as [`Event`]s,
//! and stops when the loop asks.
//!
//! A streaming command's handler checks its arguments and returns a
//! [`Job`] ([`stream`]); the loop in [`super::io`] starts it here
//! ([`start`]), prints the [`Event::Report`]s it sends, and stops it when
//! the next line arrives (or, for `genmove_analyze`, when it is done).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::board::Color;
use crate::rules::Phase;
use crate::search::{Analysis, Budget, Decision, GenMode, Watch};

use super::response::GtpError;
use super::session::{genmove_finish, genmove_plan, lock, Session};
use super::stream::{info_line, parse_request, Format, Request};

/// What a job does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum JobKind {
    /// Analyse until the next input line.
    Analyze(Format),
    /// Analyse while generating a move in this mode within this budget
    /// (planned when the command came), then play it (`play D4` ends the
    /// response); input waits.
    GenmoveAnalyze(Format, GenMode, Budget),
    /// Search on the opponent's time, silently, until the next line.
    Ponder,
}

/// Work a command leaves for the loop to start once its response is
/// printed.
#[derive(Debug)]
pub(super) struct Job {
    pub(super) kind: JobKind,
    pub(super) request: Request,
    /// When the command arrived (a generated move charges the clock from
    /// there).
    pub(super) started: Instant,
}

impl Job {
    /// Pondering prints nothing: its command's response is whole before
    /// it starts.
    pub(super) fn is_silent(&self) -> bool {
        self.kind == JobKind::Ponder
    }
}

/// The job of a streaming command (`lz-analyze`, `kata-analyze` and their
/// `genmove_analyze` forms): its arguments checked and, for a genmove
/// form, the move planned as `genmove` plans it, so that what `genmove`
/// refuses (a finished game) is refused before the response starts.
pub(super) fn stream(
    s: &Session,
    args: &[&str],
    format: Format,
    genmove: bool,
) -> Result<Job, GtpError> {
    let request = parse_request(args, s.game.size(), s.game.to_move(), format, genmove)?;
    let kind = if genmove {
        let (mode, budget) = genmove_plan(s, request.color, GenMode::Normal)?;
        JobKind::GenmoveAnalyze(format, mode, budget)
    } else {
        JobKind::Analyze(format)
    };
    Ok(Job {
        kind,
        request,
        started: Instant::now(),
    })
}

/// What arrives at the GTP loop: input from the reading thread, reports
/// from a search thread.
#[derive(Debug)]
pub(super) enum Event {
    /// An input line, or the start of an overlong one.
    Line(Result<String, Vec<u8>>),
    /// GoGui's `# interrupt` comment line.
    Interrupt,
    /// End of input.
    Eof,
    /// A line the search with this job number wants printed.
    Report(u64, String),
    /// The job with this number finished by itself.
    Done(u64),
}

/// A job on its search thread.
pub(super) struct Running {
    pub(super) number: u64,
    kind: JobKind,
    color: Color,
    started: Instant,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Option<Decision>>,
}

impl Running {
    /// Whether the loop prints a response for it (pondering is silent).
    pub(super) fn streams(&self) -> bool {
        self.kind != JobKind::Ponder
    }

    /// Whether input must wait until it is done (a move is on its way).
    pub(super) fn holds_input(&self) -> bool {
        matches!(self.kind, JobKind::GenmoveAnalyze(..))
    }

    /// Asks the search to stop; it does within a playout.
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Starts `job` on a search thread, which sends its reports and its
/// end to `events` tagged with `number`.
pub(super) fn start(s: &Session, job: Job, number: u64, events: Sender<Event>) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let player = Arc::clone(&s.player);
    let game = s.game.clone();
    let request = job.request;
    let color = request.color;
    let size = game.size();
    let flag = Arc::clone(&stop);
    let kind = job.kind;
    let handle = std::thread::spawn(move || {
        let mut player = lock(&player);
        let format = match kind {
            JobKind::Analyze(f) | JobKind::GenmoveAnalyze(f, ..) => Some(f),
            JobKind::Ponder => None,
        };
        let tx = events.clone();
        let mut send = |a: &Analysis| {
            if let Some(f) = format {
                let line = info_line(a, f, &request, size);
                // Never an empty line: it would end the response.
                if !line.is_empty() {
                    let _ = tx.send(Event::Report(number, line));
                }
            }
        };
        let mut watch = Watch {
            stop: &flag,
            report: request
                .interval
                .filter(|_| format.is_some())
                .map(|d| (d, &mut send as &mut dyn FnMut(&Analysis))),
            min_moves: request.min_moves,
            max_moves: request.max_moves,
        };
        let decision = match kind {
            JobKind::GenmoveAnalyze(_, mode, budget) => {
                Some(player.think(&game, color, mode, budget, &mut watch))
            }
            JobKind::Analyze(_) | JobKind::Ponder => {
                let unlimited = Budget::Playouts(u64::MAX);
                player.analyze(&game, color, unlimited, &request.filter, &mut watch);
                None
            }
        };
        drop(player);
        let _ = events.send(Event::Done(number));
        decision
    });
    Running {
        number,
        kind,
        color,
        started: job.started,
        stop,
        handle,
    }
}

/// Waits for a job's thread (stopped, or done by itself). For a
/// `genmove_analyze`, plays the move and gives the closing line:
/// `play MOVE`, or, when no move was played, an `error:` line saying why
/// (a client waiting for `play` sees the response end without one).
pub(super) fn finish(s: &mut Session, running: Running) -> Option<String> {
    let holds_input = running.holds_input();
    let joined = running.handle.join();
    if joined.is_err() {
        log::error!("a search thread panicked");
    }
    if !holds_input {
        return None;
    }
    let line = match joined {
        Ok(Some(d)) => match genmove_finish(s, running.color, d, running.started, true) {
            Ok(text) => format!("play {text}"),
            Err(e) => {
                log::error!("genmove_analyze: {e}");
                format!("error: {e}")
            }
        },
        Ok(None) | Err(_) => "error: the search failed".to_string(),
    };
    Some(line)
}

/// The pondering job after our move, when pondering is on and the
/// game goes on. It reports nothing, so its snapshots list no move.
pub(super) fn ponder_job(s: &Session) -> Option<Job> {
    let goes_on = matches!(s.phase(), Phase::Playing { .. } | Phase::Resumed { .. });
    (s.config.ponder && goes_on).then(|| Job {
        kind: JobKind::Ponder,
        request: Request {
            max_moves: 0,
            ..Request::new(s.game.to_move())
        },
        started: Instant::now(),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;
    use crate::gtp::session::tests::{scripted, send};

    /// A `genmove_analyze` job on the scripted player (which proposes E5).
    fn genmove_job(s: &Session) -> Job {
        stream(s, &["b"], Format::Kata, true).expect("a job")
    }

    #[test]
    fn the_move_of_a_genmove_analyze_is_played_and_said() {
        let mut s = scripted();
        send(&mut s, "boardsize 9");
        let (tx, rx) = mpsc::channel();
        let running = start(&s, genmove_job(&s), 1, tx);
        assert_eq!(finish(&mut s, running).as_deref(), Some("play E5"));
        assert!(matches!(rx.recv(), Ok(Event::Done(1))));
        assert_eq!(send(&mut s, "list_stones black"), "= E5\n\n");
    }

    /// A finished game gets no job: `genmove` refuses it the same way.
    #[test]
    fn a_finished_game_gets_no_genmove_job() {
        let mut s = scripted();
        for line in ["play b pass", "play w pass", "ingo-agree"] {
            assert_eq!(send(&mut s, line), "= \n\n", "{line}");
        }
        assert_eq!(
            stream(&s, &["b"], Format::Kata, true).map(|_| ()),
            Err(GtpError::GameOver)
        );
        assert!(
            stream(&s, &["b"], Format::Kata, false).is_ok(),
            "analysis is fine"
        );
    }

    /// Were the game to end while the move was on its way, the response
    /// says that nothing was played (it used to say `play pass`).
    #[test]
    fn a_move_that_cannot_be_played_is_not_reported_as_played() {
        let mut s = scripted();
        let (tx, _rx) = mpsc::channel();
        let running = start(&s, genmove_job(&s), 1, tx);
        for line in ["play b pass", "play w pass", "ingo-agree"] {
            assert_eq!(send(&mut s, line), "= \n\n", "{line}");
        }
        let before = s.game.clone();
        assert_eq!(
            finish(&mut s, running).as_deref(),
            Some("error: game is over")
        );
        assert!(s.game == before, "nothing was played");
    }

    #[test]
    fn analysis_and_pondering_have_no_closing_line() {
        let mut s = scripted();
        let (tx, _rx) = mpsc::channel();
        let job = stream(&s, &["w", "maxmoves", "3"], Format::Lz, false).expect("a job");
        assert_eq!(job.request.max_moves, 3);
        let running = start(&s, job, 1, tx.clone());
        assert!(running.streams() && !running.holds_input());
        running.stop();
        assert_eq!(finish(&mut s, running), None);
        assert!(ponder_job(&s).is_none(), "pondering is off");
        s.config.ponder = true;
        let ponder = ponder_job(&s).expect("pondering is on");
        assert!(ponder.is_silent());
        assert_eq!(ponder.request.color, crate::board::Color::Black);
        let running = start(&s, ponder, 2, tx);
        assert!(!running.streams() && !running.holds_input());
        running.stop();
        assert_eq!(finish(&mut s, running), None);
        // A resignation finished the game: nothing to ponder.
        s.resigned = Some(crate::board::Color::Black);
        assert!(ponder_job(&s).is_none(), "the game is over");
    }
}
