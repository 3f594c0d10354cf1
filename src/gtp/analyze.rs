//! Showing the search: Leela Zero's and KataGo's streaming analysis
//! (`lz-analyze`, `kata-analyze` and their `genmove_analyze` forms, as
//! Sabaki and Lizzie use them), pondering, and GoGui's analyze commands
//! with their graphics, live on stderr while thinking if asked for.
//!
//! A streaming command's handler only checks its arguments and leaves a
//! [`Job`]; the loop in [`super::io`] starts it on a thread of its own
//! ([`Session::start`]), prints the [`Event::Report`]s it sends, and stops
//! it when the next line arrives (or, for `genmove_analyze`, when it is
//! done).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::board::{Color, Point};
use crate::rules::{area_owners, Game, Phase};
use crate::search::{Analysis, Budget, Decision, GenMode, MoveFilter, Player, Restriction, Watch};

use super::commands::{genmove_finish, genmove_plan};
use super::{GtpError, Session};

/// How often live graphics are drawn while thinking.
const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);
/// Candidates GoGui's graphics label.
const GFX_CANDIDATES: usize = 10;

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

/// Whose line format a stream uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Leela Zero: win rates and priors as integers 0..=10000.
    Lz,
    /// KataGo: floats, score leads, optional ownership.
    Kata,
}

/// What a job does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// Analyse until the next input line.
    Analyze(Format),
    /// Analyse while generating a move, then play it (`play D4` ends the
    /// response); input waits.
    GenmoveAnalyze(Format),
    /// Search on the opponent's time, silently, until the next line.
    Ponder,
}

/// An analysis request, as parsed from `lz-analyze` and its kin.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub color: Color,
    /// `None`: no periodic reports.
    pub interval: Option<Duration>,
    pub filter: MoveFilter,
    pub min_moves: usize,
    pub max_moves: usize,
    /// KataGo extras at the end of each line.
    pub ownership: bool,
    pub root_info: bool,
}

/// Work a streaming command leaves for the loop.
#[derive(Debug)]
pub struct Job {
    pub kind: JobKind,
    pub request: Request,
    /// When the command arrived (a generated move charges the clock from
    /// there).
    pub started: Instant,
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

/// GoGui's side: a cached analysis for the graphics commands, and whether
/// live graphics are on.
#[derive(Default)]
pub struct GfxState {
    pub live: bool,
    /// The analysis of a position, keyed by its hash, the player to move
    /// and the number of events (so an undo and replay asks again).
    cache: Option<((u64, Color, usize), Analysis)>,
}

impl Session {
    /// Starts `job` on a search thread, which sends its reports and its
    /// end to `events` tagged with `number`.
    pub fn start(&mut self, job: Job, number: u64, events: Sender<Event>) -> Running {
        let stop = Arc::new(AtomicBool::new(false));
        let player = Arc::clone(&self.player);
        let game = self.game.clone();
        let request = job.request;
        let color = request.color;
        let size = game.size();
        // A move is planned here, where the clock is.
        let plan = match job.kind {
            JobKind::GenmoveAnalyze(_) => genmove_plan(self, color, GenMode::Normal).ok(),
            _ => None,
        };
        let flag = Arc::clone(&stop);
        let kind = job.kind;
        let handle = std::thread::spawn(move || {
            let mut player = player.lock().unwrap_or_else(|e| e.into_inner());
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
    pub fn finish(&mut self, running: Running) -> Option<String> {
        let holds_input = running.holds_input();
        let decision = running.handle.join().unwrap_or_else(|_| {
            log::error!("a search thread panicked");
            None
        });
        if !holds_input {
            return None;
        }
        let text = match decision {
            Some(d) => genmove_finish(self, running.color, d, running.started, true)
                .unwrap_or_else(|e| {
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
    pub fn ponder_job(&self) -> Option<Job> {
        let goes_on = matches!(
            self.game.phase(),
            Phase::Playing { .. } | Phase::Resumed { .. }
        );
        (self.config.ponder && goes_on).then(|| Job {
            kind: JobKind::Ponder,
            request: Request {
                color: self.game.to_move(),
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

    /// Runs `search` with the player on this thread, watched the GoGui
    /// way: `# interrupt` stops it, and live graphics go to stderr when on
    /// (cleared before the reply).
    fn watched<T>(&self, search: impl FnOnce(&mut dyn Player, &Game, &mut Watch) -> T) -> T {
        let live = self.gfx.live;
        let mut draw = |a: &Analysis| eprint!("{}", live_gfx(a));
        let mut watch = Watch {
            stop: &self.interrupt,
            report: live.then_some((LIVE_GFX_EVERY, &mut draw as &mut dyn FnMut(&Analysis))),
            min_moves: 0,
            max_moves: GFX_CANDIDATES,
        };
        let result = search(self.player().as_mut(), &self.game, &mut watch);
        if live {
            eprintln!("gogui-gfx: CLEAR");
        }
        result
    }

    /// `genmove`'s thinking on this thread.
    pub(super) fn think(&mut self, c: Color, mode: GenMode, budget: Budget) -> Decision {
        self.watched(|player, game, watch| player.think(game, c, mode, budget, watch))
    }

    /// An analysis of the current position for GoGui's graphics: the
    /// cached one when the position has not changed, else a search of the
    /// judging budget.
    fn analysis_now(&mut self) -> Result<Analysis, GtpError> {
        let color = self.game.to_move();
        let key = (self.game.board().hash(), color, self.game.events().len());
        if let Some((k, a)) = &self.gfx.cache {
            if *k == key {
                return Ok(a.clone());
            }
        }
        let budget = self.judge_budget();
        let filter = MoveFilter::default();
        let analysis = self
            .watched(|player, game, watch| player.analyze(game, color, budget, &filter, watch))
            .ok_or_else(|| GtpError::Other("this player cannot analyse".into()))?;
        self.gfx.cache = Some((key, analysis.clone()));
        Ok(analysis)
    }
}

/// Parses the arguments of `lz-analyze`, `kata-analyze` and the
/// `genmove_analyze` forms: `[color] [interval] [key value]...` with the
/// keys `interval`, `minmoves`, `maxmoves`, `avoid COLOR V,V,.. DEPTH`,
/// `allow COLOR V,V,.. DEPTH`, and for KataGo `ownership` and `rootInfo`
/// (`true`/`false`). A genmove form needs its colour. Anything else is a
/// syntax error.
pub fn parse_request(
    args: &[&str],
    size: u8,
    to_move: Color,
    format: Format,
    genmove: bool,
) -> Result<Request, GtpError> {
    let mut rest = args;
    let color = match rest.first().and_then(|t| t.parse::<Color>().ok()) {
        Some(c) => {
            rest = &rest[1..];
            c
        }
        None if genmove => return Err(GtpError::Syntax),
        None => to_move,
    };
    let mut request = Request {
        color,
        interval: None,
        filter: MoveFilter::default(),
        min_moves: 0,
        max_moves: usize::MAX,
        ownership: false,
        root_info: false,
    };
    let centiseconds = |t: &str| -> Result<Option<Duration>, GtpError> {
        let cs: u64 = t.parse().map_err(|_| GtpError::Syntax)?;
        Ok((cs > 0).then(|| Duration::from_millis(cs.saturating_mul(10))))
    };
    if let Some(t) = rest
        .first()
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
    {
        request.interval = centiseconds(t)?;
        rest = &rest[1..];
    }
    let count = |t: &str| t.parse::<usize>().map_err(|_| GtpError::Syntax);
    let flag = |t: &str| match t.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(GtpError::Syntax),
    };
    while let Some((key, tail)) = rest.split_first() {
        let key = key.to_ascii_lowercase();
        let value = |i: usize| tail.get(i).copied().ok_or(GtpError::Syntax);
        rest = match key.as_str() {
            "interval" => {
                request.interval = centiseconds(value(0)?)?;
                &tail[1..]
            }
            "minmoves" => {
                request.min_moves = count(value(0)?)?;
                &tail[1..]
            }
            "maxmoves" => {
                request.max_moves = count(value(0)?)?;
                &tail[1..]
            }
            "avoid" | "allow" => {
                let color: Color = value(0)?.parse().map_err(|_| GtpError::Syntax)?;
                let moves = value(1)?
                    .split(',')
                    .filter(|v| !v.is_empty())
                    .map(|v| {
                        if v.eq_ignore_ascii_case("pass") {
                            Ok(None)
                        } else {
                            Point::parse(v, size)
                                .map(Some)
                                .map_err(|_| GtpError::Syntax)
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let until_depth: u32 = value(2)?.parse().map_err(|_| GtpError::Syntax)?;
                if moves.is_empty() || until_depth == 0 {
                    return Err(GtpError::Syntax);
                }
                request.filter.restrictions.push(Restriction {
                    color,
                    moves,
                    until_depth,
                    allow: key == "allow",
                });
                &tail[3..]
            }
            "ownership" if format == Format::Kata => {
                request.ownership = flag(value(0)?)?;
                &tail[1..]
            }
            "rootinfo" if format == Format::Kata => {
                request.root_info = flag(value(0)?)?;
                &tail[1..]
            }
            _ => return Err(GtpError::Syntax),
        };
    }
    Ok(request)
}

fn move_text(p: Option<Point>) -> String {
    // Sabaki's PV pattern knows `pass` in lower case only.
    p.map_or_else(|| "pass".to_string(), |p| p.vertex().to_string())
}

/// One report line: an `info` block per candidate, `pv` last in each
/// (Sabaki reads it to the end of the block), then KataGo's extras.
/// Empty when there is nothing to say yet.
pub fn info_line(a: &Analysis, format: Format, request: &Request, size: u8) -> String {
    let mut line = String::new();
    for (order, c) in a.candidates.iter().enumerate() {
        if !line.is_empty() {
            line.push(' ');
        }
        let pv: Vec<String> = c.pv.iter().map(|&m| move_text(m)).collect();
        let pv = pv.join(" ");
        let mv = move_text(c.point);
        let _ = match format {
            Format::Lz => write!(
                line,
                "info move {mv} visits {} winrate {} prior {} lcb {} order {order} pv {pv}",
                c.visits,
                permyriad(c.win_rate),
                permyriad(c.prior),
                permyriad(c.lcb),
            ),
            Format::Kata => write!(
                line,
                "info move {mv} visits {} winrate {:.6} scoreMean {:.3} scoreLead {:.3} \
                 prior {:.6} lcb {:.6} order {order} pv {pv}",
                c.visits, c.win_rate, c.score_lead, c.score_lead, c.prior, c.lcb,
            ),
        };
    }
    if line.is_empty() {
        return line;
    }
    if format == Format::Kata && request.root_info {
        let _ = write!(
            line,
            " rootInfo visits {} winrate {:.6} scoreLead {:.3}",
            a.playouts, a.win_rate, a.score_lead
        );
    }
    if format == Format::Kata && request.ownership {
        // Rows from the top, for the player to move (KataGo's order).
        let sign = if a.color == Color::Black { 1.0 } else { -1.0 };
        line.push_str(" ownership");
        for y in (0..size).rev() {
            for x in 0..size {
                // `+ 0.0` turns -0.0 into 0.0.
                let v = Point::from_coords(x, y, size).map_or(0.0, |p| sign * a.owner(p)) + 0.0;
                let _ = write!(line, " {v:.4}");
            }
        }
    }
    line
}

/// A share as Leela Zero's integer 0..=10000.
fn permyriad(x: f64) -> u32 {
    (x.clamp(0.0, 1.0) * 10000.0).round() as u32
}

/// The graphics GoGui shows for an analysis: candidates labelled with
/// win rate and visits, the best line as a variation, a status text.
fn candidates_gfx(a: &Analysis) -> String {
    let mut out = String::new();
    if let Some(best) = a.best() {
        out.push_str("VAR");
        let mut color = a.color;
        for &m in &best.pv {
            let c = if color == Color::Black { 'b' } else { 'w' };
            let _ = write!(out, " {c} {}", move_text(m));
            color = !color;
        }
        out.push('\n');
    }
    let labels: Vec<String> = a
        .candidates
        .iter()
        .filter(|c| c.visits > 0)
        .filter_map(|c| {
            let p = c.point?;
            Some(format!(
                "{} {:.0}%/{}",
                p.vertex(),
                100.0 * c.win_rate,
                c.visits
            ))
        })
        .collect();
    if !labels.is_empty() {
        let _ = writeln!(out, "LABEL {}", labels.join(" "));
    }
    let _ = writeln!(
        out,
        "TEXT {} to move: win rate {:.1}%, score lead {:+.1}, {} playouts",
        a.color,
        100.0 * a.win_rate,
        a.score_lead,
        a.playouts
    );
    out
}

/// A live-graphics block for stderr (GoGui: a bare `gogui-gfx:` line, the
/// commands, an empty line).
fn live_gfx(a: &Analysis) -> String {
    format!("gogui-gfx:\n{}\n", candidates_gfx(a))
}

/// `gogui-analyze_commands`: GoGui's menu of what ingo can show.
pub(super) fn gogui_analyze_commands(_: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    if !args.is_empty() {
        return Err(GtpError::Syntax);
    }
    Ok([
        "gfx/Ownership/ingo-gfx ownership",
        "gfx/Dead stones/ingo-gfx dead",
        "gfx/Counted area/ingo-gfx area",
        "gfx/Principal variation/ingo-gfx pv",
        "gfx/Candidates/ingo-gfx candidates",
        "string/Rules/ingo-rules",
        "string/Phase/ingo-phase",
        "string/Score/ingo-score",
        "param/Live graphics/ingo-param",
    ]
    .join("\n"))
}

/// `ingo-gfx WHAT`: one of GoGui's graphics.
pub(super) fn ingo_gfx(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    let [what] = args else {
        return Err(GtpError::Syntax);
    };
    let vertices = |points: &mut dyn Iterator<Item = Point>| -> String {
        points
            .map(|p| p.vertex().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match what.to_ascii_lowercase().as_str() {
        "ownership" => {
            let a = s.analysis_now()?;
            let board = s.game.board();
            let values: Vec<String> = board
                .points()
                .map(|p| format!("{} {:.2}", p.vertex(), a.owner(p)))
                .collect();
            Ok(format!("INFLUENCE {}", values.join(" ")))
        }
        "pv" | "candidates" => {
            let a = s.analysis_now()?;
            let gfx = candidates_gfx(&a);
            Ok(if what.eq_ignore_ascii_case("pv") {
                gfx.lines()
                    .filter(|l| !l.starts_with("LABEL"))
                    .collect::<Vec<_>>()
                    .join("\n")
            } else {
                gfx.trim_end().to_string()
            })
        }
        "dead" => {
            let dead = super::commands::dead_stones(s);
            Ok(if dead.is_empty() {
                "TEXT no dead stones".into()
            } else {
                format!("MARK {}", vertices(&mut dead.into_iter()))
            })
        }
        "area" => {
            let (dead, score) = super::commands::current_score(s);
            let board = s.game.board();
            let owners = area_owners(board, &dead);
            let mut out = String::new();
            for (word, c) in [("BLACK", Color::Black), ("WHITE", Color::White)] {
                let mut owned = board.points().filter(|p| owners[p.index()] == Some(c));
                let list = vertices(&mut owned);
                if !list.is_empty() {
                    let _ = writeln!(out, "{word} {list}");
                }
            }
            if !dead.is_empty() {
                let _ = writeln!(out, "MARK {}", vertices(&mut dead.into_iter()));
            }
            let _ = write!(out, "TEXT {}", score.result(s.game.rules().tie));
            Ok(out)
        }
        _ => Err(GtpError::Syntax),
    }
}

/// `ingo-param [KEY VALUE]`: GoGui's parameter dialog (live graphics).
pub(super) fn ingo_param(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    match args {
        [] => Ok(format!("[bool] live_gfx {}", u8::from(s.gfx.live))),
        [key, value] if key.eq_ignore_ascii_case("live_gfx") => {
            s.gfx.live = match *value {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(GtpError::Syntax),
            };
            Ok(String::new())
        }
        _ => Err(GtpError::Syntax),
    }
}

/// The handler of a streaming command: checks the arguments and leaves
/// the job for the loop.
fn stream(s: &mut Session, args: &[&str], kind: JobKind) -> Result<String, GtpError> {
    let (format, genmove) = match kind {
        JobKind::Analyze(f) => (f, false),
        JobKind::GenmoveAnalyze(f) => (f, true),
        JobKind::Ponder => return Err(GtpError::Syntax),
    };
    let request = parse_request(args, s.game.size(), s.game.to_move(), format, genmove)?;
    if genmove {
        // The same refusals as genmove, before the response starts.
        genmove_plan(s, request.color, GenMode::Normal)?;
    }
    s.pending = Some(Job {
        kind,
        request,
        started: Instant::now(),
    });
    Ok(String::new())
}

pub(super) fn lz_analyze(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    stream(s, args, JobKind::Analyze(Format::Lz))
}

pub(super) fn kata_analyze(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    stream(s, args, JobKind::Analyze(Format::Kata))
}

pub(super) fn lz_genmove_analyze(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    stream(s, args, JobKind::GenmoveAnalyze(Format::Lz))
}

pub(super) fn kata_genmove_analyze(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    stream(s, args, JobKind::GenmoveAnalyze(Format::Kata))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::tests::{send, session};
    use crate::search::Candidate;

    fn v(s: &str) -> Point {
        Point::parse(s, 19).expect("vertex")
    }

    fn request(args: &str, format: Format) -> Result<Request, GtpError> {
        let args: Vec<&str> = args.split_whitespace().collect();
        parse_request(&args, 19, Color::White, format, false)
    }

    #[test]
    fn request_forms() {
        let r = request("", Format::Lz).expect("bare");
        assert_eq!((r.color, r.interval), (Color::White, None));
        let r = request("B 50", Format::Lz).expect("Sabaki's form");
        assert_eq!(r.color, Color::Black);
        assert_eq!(r.interval, Some(Duration::from_millis(500)));
        let r = request("25", Format::Lz).expect("interval alone");
        assert_eq!(
            (r.color, r.interval),
            (Color::White, Some(Duration::from_millis(250)))
        );
        let r = request("b interval 10 minmoves 3 maxmoves 7", Format::Lz).expect("keys");
        assert_eq!((r.min_moves, r.max_moves), (3, 7));
        assert_eq!(r.interval, Some(Duration::from_millis(100)));
        let r = request(
            "w 10 avoid b q16,D4,pass 2 allow W k10 1 ownership true rootInfo TRUE",
            Format::Kata,
        )
        .expect("kata");
        assert!(r.ownership && r.root_info);
        assert_eq!(
            r.filter.restrictions,
            vec![
                Restriction {
                    color: Color::Black,
                    moves: vec![Some(v("Q16")), Some(v("D4")), None],
                    until_depth: 2,
                    allow: false,
                },
                Restriction {
                    color: Color::White,
                    moves: vec![Some(v("K10"))],
                    until_depth: 1,
                    allow: true,
                },
            ]
        );
        // Interval 0: no periodic output.
        assert_eq!(request("b 0", Format::Lz).expect("zero").interval, None);
    }

    #[test]
    fn bad_requests_are_syntax_errors() {
        for bad in [
            "x",
            "b 10 foo 1",
            "b 10 interval",
            "b 10 interval -5",
            "b 10 interval 1.5",
            "b 10 minmoves x",
            "b avoid b Z30 1",
            "b avoid b I5 1",
            "b avoid b d4 0",
            "b avoid b , 1",
            "b avoid x d4 1",
            "b avoid b d4",
            "b ownership true",
            "b rootInfo true",
            "b 10 20",
        ] {
            assert_eq!(request(bad, Format::Lz), Err(GtpError::Syntax), "{bad}");
        }
        assert_eq!(
            request("b ownership yes", Format::Kata),
            Err(GtpError::Syntax)
        );
        let args = ["50"];
        assert_eq!(
            parse_request(&args, 19, Color::Black, Format::Kata, true),
            Err(GtpError::Syntax),
            "genmove_analyze needs its colour"
        );
    }

    fn sample() -> Analysis {
        let mut ownership = vec![0.0; crate::board::MAX_POINTS];
        let a1 = Point::parse("A1", 2).expect("A1");
        let b2 = Point::parse("B2", 2).expect("B2");
        ownership[a1.index()] = 0.5;
        ownership[b2.index()] = -1.0;
        Analysis {
            color: Color::White,
            playouts: 120,
            win_rate: 0.61234,
            score_lead: 2.5,
            candidates: vec![
                Candidate {
                    point: Some(b2),
                    visits: 100,
                    win_rate: 0.62346,
                    score_lead: 3.25,
                    prior: 0.5,
                    lcb: 0.55,
                    pv: vec![Some(b2), None, Some(a1)],
                },
                Candidate {
                    point: None,
                    visits: 20,
                    win_rate: 0.499_96,
                    score_lead: -0.5,
                    prior: 0.25,
                    lcb: 0.3,
                    pv: vec![None],
                },
            ],
            ownership,
        }
    }

    #[test]
    fn leela_zero_lines() {
        let r = request("", Format::Lz).expect("request");
        assert_eq!(
            info_line(&sample(), Format::Lz, &r, 2),
            "info move B2 visits 100 winrate 6235 prior 5000 lcb 5500 order 0 pv B2 pass A1 \
             info move pass visits 20 winrate 5000 prior 2500 lcb 3000 order 1 pv pass"
        );
    }

    #[test]
    fn katago_lines() {
        let mut r = request("", Format::Kata).expect("request");
        let a = sample();
        assert_eq!(
            info_line(&a, Format::Kata, &r, 2),
            "info move B2 visits 100 winrate 0.623460 scoreMean 3.250 scoreLead 3.250 \
             prior 0.500000 lcb 0.550000 order 0 pv B2 pass A1 \
             info move pass visits 20 winrate 0.499960 scoreMean -0.500 scoreLead -0.500 \
             prior 0.250000 lcb 0.300000 order 1 pv pass"
        );
        r.ownership = true;
        r.root_info = true;
        let line = info_line(&a, Format::Kata, &r, 2);
        // White to move: Black's A1 (0.5) is -0.5 for White, White's B2
        // is +1; rows from the top: A2 B2, then A1 B1.
        assert!(
            line.ends_with(
                " rootInfo visits 120 winrate 0.612340 scoreLead 2.500 \
                 ownership 0.0000 1.0000 -0.5000 0.0000"
            ),
            "{line}"
        );
        let empty = Analysis {
            candidates: Vec::new(),
            ..a
        };
        assert_eq!(info_line(&empty, Format::Kata, &r, 2), "", "nothing to say");
    }

    #[test]
    fn gogui_menu_entries_are_well_formed_and_answered() {
        let mut s = session();
        let menu = send(&mut s, "gogui-analyze_commands");
        let body = menu.strip_prefix("= ").expect("ok").trim_end();
        let types = ["gfx", "string", "param"];
        for entry in body.lines() {
            let fields: Vec<&str> = entry.split('/').collect();
            assert!((3..=5).contains(&fields.len()), "{entry}");
            assert!(types.contains(&fields[0]), "{entry}");
            // Every command it names exists.
            let name = fields[2].split_whitespace().next().expect("name");
            assert_eq!(send(&mut s, &format!("known_command {name}")), "= true\n\n");
        }
        assert_eq!(send(&mut s, "ingo-param"), "= [bool] live_gfx 0\n\n");
        assert_eq!(send(&mut s, "ingo-param live_gfx 1"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-param"), "= [bool] live_gfx 1\n\n");
        assert_eq!(send(&mut s, "ingo-param live_gfx 2"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "ingo-param speed 1"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "ingo-gfx colours"), "? syntax error\n\n");
    }

    #[test]
    fn gogui_graphics() {
        let mut s = session();
        send(&mut s, "boardsize 5");
        send(&mut s, "clear_board");
        // Black owns the board but for a dead white stone at E5.
        for m in [
            "b b1", "b b2", "b b3", "b b4", "b b5", "w e5", "b d2", "b d4",
        ] {
            send(&mut s, &format!("play {m}"));
        }
        let influence = send(&mut s, "ingo-gfx ownership");
        let body = influence.strip_prefix("= INFLUENCE ").expect("influence");
        let tokens: Vec<&str> = body.split_whitespace().collect();
        assert_eq!(tokens.len(), 50, "a value per point");
        for pair in tokens.chunks(2) {
            let x: f64 = pair[1].parse().expect("value");
            assert!((-1.0..=1.0).contains(&x), "{pair:?}");
            if pair[0] == "B3" {
                assert!(x > 0.5, "Black's own stone: {x}");
            }
        }
        assert_eq!(send(&mut s, "ingo-gfx dead"), "= MARK E5\n\n");
        let area = send(&mut s, "ingo-gfx area");
        assert!(area.starts_with("= BLACK A1 "), "{area}");
        assert!(
            area.contains("E5") && area.contains("\nMARK E5\n"),
            "{area}"
        );
        assert!(!area.contains("WHITE"), "{area}");
        assert!(area.ends_with("\nTEXT B+17.5\n\n"), "{area}");
        let pv = send(&mut s, "ingo-gfx pv");
        assert!(pv.starts_with("= VAR w "), "{pv}");
        let cands = send(&mut s, "ingo-gfx candidates");
        assert!(cands.contains("\nLABEL "), "{cands}");
        assert!(cands.contains("\nTEXT white to move"), "{cands}");
    }
}
