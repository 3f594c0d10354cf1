//! The search thread: a streaming command's job (or pondering) runs on a
//! thread of its own, sends its report lines to the loop as [`Event`]s,
//! and stops when the loop asks.
//!
//! A streaming command's handler only checks its arguments and leaves a
//! [`Job`]; the loop in [`super::io`] starts it here ([`start`]), prints
//! the [`Event::Report`]s it sends, and stops it when the next line
//! arrives (or, for `genmove_analyze`, when it is done).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::board::Color;
use crate::rules::Phase;
use crate::search::{Analysis, Budget, Decision, GenMode, MoveFilter, Watch};

use super::session::{genmove_finish, genmove_plan, lock, Job, JobKind, Request, Session};
use super::stream::info_line;

/// What arrives at the GTP loop: input from the reading thread, reports
/// from a search thread.
#[derive(Debug)]
pub enum Event {
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
pub struct Running {
    pub number: u64,
    pub kind: JobKind,
    color: Color,
    started: Instant,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Option<Decision>>,
}

impl Running {
    /// Whether the loop prints a response for it (pondering is silent).
    pub fn streams(&self) -> bool {
        self.kind != JobKind::Ponder
    }

    /// Whether input must wait until it is done (a move is on its way).
    pub fn holds_input(&self) -> bool {
        matches!(self.kind, JobKind::GenmoveAnalyze(_))
    }

    /// Asks the search to stop; it does within a playout.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Starts `job` on a search thread, which sends its reports and its
/// end to `events` tagged with `number`.
pub(super) fn start(s: &mut Session, job: Job, number: u64, events: Sender<Event>) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let player = Arc::clone(&s.player);
    let game = s.game.clone();
    let request = job.request;
    let color = request.color;
    let size = game.size();
    // A move is planned here, where the clock is.
    let plan = match job.kind {
        JobKind::GenmoveAnalyze(_) => genmove_plan(s, color, GenMode::Normal).ok(),
        _ => None,
    };
    let flag = Arc::clone(&stop);
    let kind = job.kind;
    let handle = std::thread::spawn(move || {
        let mut player = lock(&player);
        let format = match kind {
            JobKind::Analyze(f) | JobKind::GenmoveAnalyze(f) => Some(f),
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
        let decision = match (kind, plan) {
            (JobKind::GenmoveAnalyze(_), Some((mode, budget))) => {
                Some(player.think(&game, color, mode, budget, &mut watch))
            }
            // The game is over: nothing to play.
            (JobKind::GenmoveAnalyze(_), None) => None,
            _ => {
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

/// Waits for a job's thread (stopped, or done by itself); for a
/// `genmove_analyze`, plays the move and gives the closing line.
pub(super) fn finish(s: &mut Session, running: Running) -> Option<String> {
    let holds_input = running.holds_input();
    let decision = running.handle.join().unwrap_or_else(|_| {
        log::error!("a search thread panicked");
        None
    });
    if !holds_input {
        return None;
    }
    let text = match decision {
        Some(d) => genmove_finish(s, running.color, d, running.started, true).unwrap_or_else(|e| {
            log::error!("genmove_analyze: {e}");
            "pass".into()
        }),
        // Refused before thinking: the game is over.
        None => "resign".into(),
    };
    Some(format!("play {text}"))
}

/// The pondering job after our move, when pondering is on and the
/// game goes on.
pub(super) fn ponder_job(s: &Session) -> Option<Job> {
    let goes_on = matches!(
        s.game.phase(),
        Phase::Playing { .. } | Phase::Resumed { .. }
    );
    (s.config.ponder && goes_on).then(|| Job {
        kind: JobKind::Ponder,
        request: Request {
            color: s.game.to_move(),
            interval: None,
            filter: MoveFilter::default(),
            min_moves: 0,
            max_moves: 0,
            ownership: false,
            root_info: false,
        },
        started: Instant::now(),
    })
}
