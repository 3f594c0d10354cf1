//! The command table and its handlers: dispatch ([`Session::handle`]),
//! `list_commands` and `known_command` all read `COMMANDS`, so no
//! command can be listed without a handler. Handlers of a theme of their
//! own live beside it (`jobs` for the streams, `gogui`, `endgame`); the
//! rest are here.
//!
//! `Session::handle` is the one method of `Session` written outside
//! `session.rs`: it reads the table, and the table's handlers build on the
//! session, so `session.rs` cannot import it without a circle.

use std::fmt::Write as _;

use crate::board::{Color, Point};
use crate::rules::{format_number, handicap, Game, GameResult, Move};
use crate::search::time::Clock;
use crate::search::{Decision, GenMode};
use crate::sgf;

use super::jobs::{self, Job};
use super::parse::{self, arity, color, float, no_args, number, seconds, stones, vertex};
use super::response::{vertex_list, GtpError, Response};
use super::session::{self, genmove_finish, genmove_plan, illegal, Session};
use super::stream::Format;
use super::think::Reporter;
use super::{endgame, gogui, penalty};

/// A handler's answer: the response text, and the work the loop starts
/// once the response is out (a stream, or pondering after a move).
pub(super) struct Reply {
    text: String,
    job: Option<Job>,
}

/// A command's handler: most give only text; those that leave work for
/// the loop give a [`Reply`].
#[derive(Clone, Copy)]
enum Handler {
    Text(fn(&mut Session, &[&str]) -> Result<String, GtpError>),
    Work(fn(&mut Session, &[&str]) -> Result<Reply, GtpError>),
}

use Handler::{Text, Work};

/// Every command, in `list_commands` order.
const COMMANDS: &[(&str, Handler)] = &[
    (
        "protocol_version",
        Text(|_, a| no_args(a).map(|_| "2".into())),
    ),
    ("name", Text(|_, a| no_args(a).map(|_| "ingo".into()))),
    (
        "version",
        Text(|_, a| no_args(a).map(|_| env!("CARGO_PKG_VERSION").into())),
    ),
    ("known_command", Text(known_command)),
    ("list_commands", Text(list_commands)),
    ("quit", Text(|_, _| Ok(String::new()))),
    ("boardsize", Text(boardsize)),
    ("clear_board", Text(clear_board)),
    ("komi", Text(komi)),
    ("get_komi", Text(get_komi)),
    ("fixed_handicap", Text(fixed_handicap)),
    ("place_free_handicap", Text(place_free_handicap)),
    ("set_free_handicap", Text(set_free_handicap)),
    ("play", Text(play)),
    ("genmove", Work(|s, a| genmove(s, a, GenMode::Normal, true))),
    (
        "reg_genmove",
        Work(|s, a| genmove(s, a, GenMode::Normal, false)),
    ),
    (
        "kgs-genmove_cleanup",
        Work(|s, a| genmove(s, a, GenMode::Cleanup, true)),
    ),
    ("undo", Text(undo)),
    ("gg-undo", Text(gg_undo)),
    ("cputime", Text(cputime)),
    ("kgs-chat", Text(kgs_chat)),
    ("time_settings", Text(time_settings)),
    ("kgs-time_settings", Text(kgs_time_settings)),
    ("time_left", Text(penalty::time_left)),
    ("ingo-time_settings", Text(penalty::ingo_time_settings)),
    ("ingo-penalty", Text(penalty::ingo_penalty)),
    ("final_score", Text(endgame::final_score)),
    ("final_status_list", Text(endgame::final_status_list)),
    ("showboard", Text(showboard)),
    ("loadsgf", Text(loadsgf)),
    ("printsgf", Text(printsgf)),
    ("is_legal", Text(is_legal)),
    ("all_legal", Text(all_legal)),
    ("list_stones", Text(list_stones)),
    ("captures", Text(captures)),
    ("kgs-rules", Text(endgame::kgs_rules)),
    ("kgs-game_over", Text(|_, _| Ok(String::new()))),
    (
        "ingo-phase",
        Text(|s, a| {
            no_args(a).map(|_| match (s.resignation(), s.game.long_cycle()) {
                // A resignation or a long cycle ended the game: say what
                // it made of it.
                (Some(result), _) => format!("finished {result} (resignation)"),
                (None, true) => match s.game.result(&[], &[]) {
                    GameResult::NoResult => "finished no-result (long cycle)".to_string(),
                    _ => "finished draw (long cycle)".to_string(),
                },
                (None, false) => s.game.phase().to_string(),
            })
        }),
    ),
    // After a resignation the game is finished, where agreement and
    // dispute do not exist.
    (
        "ingo-agree",
        Text(|s, a| not_resigned(s).and_then(|_| endgame::ingo_agree(s, a))),
    ),
    (
        "ingo-dispute",
        Text(|s, a| not_resigned(s).and_then(|_| endgame::ingo_dispute(s, a))),
    ),
    ("ingo-rules", Text(endgame::ingo_rules)),
    ("ingo-score", Text(endgame::ingo_score)),
    ("lz-analyze", Work(|s, a| stream(s, a, Format::Lz, false))),
    (
        "kata-analyze",
        Work(|s, a| stream(s, a, Format::Kata, false)),
    ),
    (
        "lz-genmove_analyze",
        Work(|s, a| stream(s, a, Format::Lz, true)),
    ),
    (
        "kata-genmove_analyze",
        Work(|s, a| stream(s, a, Format::Kata, true)),
    ),
    (
        "gogui-interrupt",
        Text(|_, a| no_args(a).map(|_| String::new())),
    ),
    (
        "gogui-analyze_commands",
        Text(gogui::gogui_analyze_commands),
    ),
    ("ingo-gfx", Text(gogui::ingo_gfx)),
    ("ingo-param", Text(gogui::ingo_param)),
];

/// Whether the session goes on after a response.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Continue,
    Quit,
}

/// What one input line gives: the response, whether the session goes on,
/// and the work the loop starts once the response is out.
pub(super) struct Answer {
    pub(super) response: Response,
    pub(super) control: Control,
    pub(super) job: Option<Job>,
}

/// Answers one raw input line. `None` for a line that is blank after
/// preprocessing (GTP gives those no response).
pub(super) fn answer(s: &mut Session, line: &str) -> Option<Answer> {
    let line = parse::preprocess(line)?;
    let command = parse::tokenize(&line);
    log::debug!("<< {line}");
    let mut control = Control::Continue;
    let result = match COMMANDS.iter().find(|(name, _)| *name == command.name) {
        Some((name, handler)) => {
            if *name == "quit" {
                control = Control::Quit;
            }
            match handler {
                Text(f) => f(s, &command.args).map(|text| Reply { text, job: None }),
                Work(f) => f(s, &command.args),
            }
        }
        None => Err(GtpError::UnknownCommand),
    };
    let (result, job) = match result {
        Ok(Reply { text, job }) => (Ok(text), job),
        Err(e) => (Err(e), None),
    };
    let response = Response {
        id: command.id,
        result,
    };
    log::debug!(">> {}", response.to_string().trim_end());
    Some(Answer {
        response,
        control,
        job,
    })
}

impl Session {
    /// Handles one raw input line. `None` for a line that is blank after
    /// preprocessing (GTP gives those no response). Work a command leaves
    /// (a stream, pondering) is for the I/O loop ([`super::io::run`]),
    /// which answers through [`answer`]; here it is dropped.
    pub fn handle(&mut self, line: &str) -> Option<(Response, Control)> {
        answer(self, line).map(|a| (a.response, a.control))
    }
}

/// The names of every command, in `list_commands` order.
pub fn command_names() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|(name, _)| *name)
}

fn known_command(_: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    Ok(COMMANDS.iter().any(|(n, _)| *n == args[0]).to_string())
}

fn list_commands(_: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    Ok(command_names().collect::<Vec<_>>().join("\n"))
}

fn boardsize(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let size: i64 = number(args[0])?;
    if !(2..=i64::from(crate::board::MAX_SIZE)).contains(&size) {
        return Err(GtpError::UnacceptableSize);
    }
    s.new_game(size as u8);
    Ok(String::new())
}

fn clear_board(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    s.new_game(s.game.size());
    Ok(String::new())
}

fn komi(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    s.game.set_komi(float(args[0])?);
    s.komi_given = true;
    Ok(String::new())
}

/// GNU Go prints komi with `%4.1f`.
fn get_komi(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    Ok(format!("{:4.1}", s.game.komi()))
}

/// `? game is not stopped` once a side resigned (the game is finished).
fn not_resigned(s: &Session) -> Result<(), GtpError> {
    match s.resigned {
        Some(_) => Err(GtpError::NotStopped),
        None => Ok(()),
    }
}

/// Handicap goes only on a board with no stone and no move yet.
fn check_fresh(game: &Game) -> Result<(), GtpError> {
    if game.board().is_clear() && game.events().is_empty() && game.setup().is_clear() {
        Ok(())
    } else {
        Err(GtpError::BoardNotEmpty)
    }
}

/// Replaces the game by one whose set-up holds these black stones.
fn set_handicap(s: &mut Session, points: &[Point]) -> String {
    s.set_game(Game::with_handicap(
        s.game.size(),
        points,
        s.game.rules(),
        s.game.komi(),
    ));
    vertex_list(points.to_vec())
}

fn handicap_count(text: &str) -> Result<u32, GtpError> {
    number::<i64>(text).map(|n| n.clamp(0, i64::from(u32::MAX)) as u32)
}

fn fixed_handicap(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let n = handicap_count(args[0])?;
    check_fresh(&s.game)?;
    let points = handicap::fixed_points(s.game.size(), n).ok_or(GtpError::InvalidNumberOfStones)?;
    Ok(set_handicap(s, &points))
}

fn place_free_handicap(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let n = handicap_count(args[0])?;
    check_fresh(&s.game)?;
    let area = u32::from(s.game.size()) * u32::from(s.game.size());
    if n < 2 || n >= area {
        return Err(GtpError::InvalidNumberOfStones);
    }
    let points = handicap::free_points(s.game.size(), n);
    Ok(set_handicap(s, &points))
}

fn set_free_handicap(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    check_fresh(&s.game)?;
    let size = s.game.size();
    let mut points = Vec::with_capacity(args.len());
    for a in args {
        match Point::parse(a, size) {
            Ok(p) if !points.contains(&p) => points.push(p),
            _ => return Err(GtpError::BadVertexList),
        }
    }
    if points.len() < 2 || points.len() >= usize::from(size) * usize::from(size) {
        return Err(GtpError::BadVertexList);
    }
    set_handicap(s, &points);
    Ok(String::new())
}

fn play(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 2)?;
    let c = color(args[0])?;
    let mv = match vertex(args[1], s.game.size())? {
        Some(p) => Move::Play(c, p),
        None => Move::Pass(c),
    };
    if s.resigned.is_some() {
        return Err(GtpError::GameOver);
    }
    s.game.play(mv).map_err(illegal)?;
    Ok(String::new())
}

/// The handler of a streaming command: its job, for the loop to start.
fn stream(
    s: &mut Session,
    args: &[&str],
    format: Format,
    genmove: bool,
) -> Result<Reply, GtpError> {
    jobs::stream(s, args, format, genmove).map(|job| Reply {
        text: String::new(),
        job: Some(job),
    })
}

/// `genmove`: plan, think, finish; then pondering, when it is on and the
/// move was no resignation.
fn genmove(s: &mut Session, args: &[&str], mode: GenMode, commit: bool) -> Result<Reply, GtpError> {
    // The controller's clock runs from when it sent the command.
    let started = std::time::Instant::now();
    arity(args, 1)?;
    let c = color(args[0])?;
    let (mode, budget) = genmove_plan(s, c, mode)?;
    let mut live = gogui::live_graphics(s);
    let reporter = live.as_mut().map(|l| l as &mut dyn Reporter);
    let decision = penalty::think(s, c, mode, budget, reporter, started);
    let text = genmove_finish(s, c, decision, started, commit)?;
    let ponders = commit && decision != Decision::Resign;
    Ok(Reply {
        text,
        job: if ponders { jobs::ponder_job(s) } else { None },
    })
}

fn undo(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    s.undo()?;
    Ok(String::new())
}

/// `gg-undo [N]` (GNU Go): takes back N moves (1 by default); with fewer
/// than N to take back, nothing at all.
fn gg_undo(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    let n = match args {
        [] => 1,
        [n] => match n.parse::<i64>() {
            Ok(n) if n < 0 => {
                return Err(GtpError::Other(
                    "can't undo a negative number of moves".into(),
                ))
            }
            Ok(n) => usize::try_from(n).map_err(|_| GtpError::CannotUndo)?,
            Err(_) => return Err(GtpError::Syntax),
        },
        _ => return Err(GtpError::Syntax),
    };
    if n > s.undo_depth() {
        return Err(GtpError::CannotUndo);
    }
    for _ in 0..n {
        s.undo()?;
    }
    Ok(String::new())
}

/// CPU seconds used by the whole process (every search thread), `%.3f`
/// like GNU Go; gogui-twogtp reads it after each game.
fn cputime(_: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    crate::cpu::process_cpu_seconds()
        .map(|t| format!("{t:.3}"))
        .ok_or_else(|| GtpError::Other("cpu time not available".into()))
}

/// `kgs-chat (game|private) NAME MESSAGE...`: kgsGtp sends a successful
/// reply back as chat (an error makes it send its default one). ingo does
/// not converse; it says what it is and what it plays under, which is what
/// people ask a bot.
fn kgs_chat(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    let [kind, name, message @ ..] = args else {
        return Err(GtpError::Syntax);
    };
    if !matches!(kind.to_ascii_lowercase().as_str(), "game" | "private") || message.is_empty() {
        return Err(GtpError::Syntax);
    }
    Ok(format!(
        "Hi {name}, I am ingo {}, a Go program: I cannot chat. I play {} rules, komi {}.",
        env!("CARGO_PKG_VERSION"),
        s.game.rules(),
        format_number(s.game.komi())
    ))
}

fn time_settings(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 3)?;
    let (main, byo_time, byo_stones) = (seconds(args[0])?, seconds(args[1])?, stones(args[2])?);
    // GTP: byo-yomi time with zero stones means no time limit.
    let clock = if byo_time > 0.0 && byo_stones == 0 {
        Clock::Unlimited
    } else {
        Clock::Canadian {
            main,
            byo_time,
            stones: byo_stones,
        }
    };
    s.time.set_clock(clock);
    Ok(String::new())
}

fn kgs_time_settings(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    let (&kind, rest) = args.split_first().ok_or(GtpError::Syntax)?;
    let clock = match (kind.to_ascii_lowercase().as_str(), rest.len()) {
        ("none", 0) => Clock::Unlimited,
        ("absolute", 1) => Clock::Canadian {
            main: seconds(rest[0])?,
            byo_time: 0.0,
            stones: 0,
        },
        ("canadian", 3) => Clock::Canadian {
            main: seconds(rest[0])?,
            byo_time: seconds(rest[1])?,
            stones: stones(rest[2])?,
        },
        ("byoyomi", 3) => Clock::Japanese {
            main: seconds(rest[0])?,
            byo_time: seconds(rest[1])?,
            periods: stones(rest[2])?,
        },
        _ => return Err(GtpError::Syntax),
    };
    s.time.set_clock(clock);
    Ok(String::new())
}

fn showboard(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    let g = &s.game;
    let mut out = String::from("\n");
    out.push_str(g.board().diagram().trim_end());
    let _ = write!(
        out,
        "\nBlack (X) has captured {} stones, White (O) has captured {}; {} to move, phase {}",
        g.board().removed(Color::White),
        g.board().removed(Color::Black),
        g.to_move(),
        s.phase()
    );
    Ok(out)
}

/// `loadsgf FILE [N|VERTEX]`: N stops before move N, a vertex before the
/// first move there (GNU Go). Answers the colour to move.
fn loadsgf(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    let (file, until) = match args {
        [file] => (*file, None),
        [file, n] if n.bytes().all(|b| b.is_ascii_digit()) => {
            (*file, Some(sgf::Until::Move(number::<usize>(n)?)))
        }
        // Read against the file's size once it is known; this only rules
        // out text that is no vertex on any board.
        [file, v] if Point::parse(v, crate::board::MAX_SIZE).is_ok() => {
            (*file, Some(sgf::Until::Vertex(v.to_string())))
        }
        _ => return Err(GtpError::Syntax),
    };
    let game = sgf::load(file, until.as_ref(), s.game.rules(), s.game.komi())
        .map_err(|e| GtpError::CannotLoadFile(e.to_string()))?;
    s.set_game(game);
    Ok(s.game.to_move().to_string())
}

fn printsgf(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    // A resigned game has that result and no count; a game the territory
    // rule sets finished by passes is counted with the engine's judgement
    // of its dead stones and seki.
    let text = if let Some(c) = s.resigned {
        sgf::write_resigned(&s.game, c)
    } else if s.game.awaits_judgement() {
        let count = session::current_count(s);
        sgf::write_counted(&s.game, &count.dead, &count.seki)
    } else {
        sgf::write(&s.game)
    };
    match args {
        [] | ["-"] => Ok(text),
        [file] => std::fs::write(file, text + "\n")
            .map(|_| String::new())
            .map_err(|e| GtpError::Other(format!("cannot write file: {e}"))),
        _ => Err(GtpError::Syntax),
    }
}

fn is_legal(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 2)?;
    let c = color(args[0])?;
    let mv = match vertex(args[1], s.game.size())? {
        Some(p) => Move::Play(c, p),
        None => Move::Pass(c),
    };
    // Nothing is legal in a finished game, a resigned one included.
    Ok(if s.resigned.is_none() && s.game.is_legal(mv).is_ok() {
        "1"
    } else {
        "0"
    }
    .into())
}

fn all_legal(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let c = color(args[0])?;
    if s.resigned.is_some() {
        return Ok(String::new());
    }
    Ok(vertex_list(s.game.legal_points(c)))
}

fn list_stones(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let c = color(args[0])?;
    let board = s.game.board();
    Ok(vertex_list(
        board
            .points()
            .filter(|&p| board.color_at(p) == Some(c))
            .collect(),
    ))
}

fn captures(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let c = color(args[0])?;
    Ok(s.game.board().removed(!c).to_string())
}

#[cfg(test)]
mod tests {
    use super::Control;
    use crate::gtp::session::tests::{send, session};

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

    #[test]
    fn one_table_feeds_both_listings() {
        let mut s = session();
        let list = send(&mut s, "list_commands");
        for (name, _) in super::COMMANDS {
            assert!(
                list.lines().any(|l| l.trim_start_matches("= ") == *name),
                "{name}"
            );
            assert_eq!(send(&mut s, &format!("known_command {name}")), "= true\n\n");
        }
        assert_eq!(send(&mut s, "known_command lz-analyze"), "= true\n\n");
        // Sabaki would prefer these to the kata- forms: never listed.
        assert_eq!(send(&mut s, "known_command analyze"), "= false\n\n");
        assert_eq!(send(&mut s, "known_command genmove_analyze"), "= false\n\n");
        // One name per line, each once, in the table's order.
        let body = list.strip_prefix("= ").and_then(|l| l.strip_suffix("\n\n"));
        let names: Vec<&str> = super::COMMANDS.iter().map(|(n, _)| *n).collect();
        assert_eq!(body.map(|b| b.split('\n').collect()), Some(names));
    }

    #[test]
    fn board_commands_and_errors() {
        let mut s = session();
        assert_eq!(send(&mut s, "boardsize 1"), "? unacceptable size\n\n");
        assert_eq!(send(&mut s, "boardsize 26"), "? unacceptable size\n\n");
        assert_eq!(send(&mut s, "boardsize x"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "boardsize 5"), "= \n\n");
        assert_eq!(send(&mut s, "play x c3"), "? invalid color\n\n");
        assert_eq!(send(&mut s, "play b z9"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "play b"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "play B c3"), "= \n\n");
        assert_eq!(send(&mut s, "play w C3"), "? illegal move\n\n");
        assert_eq!(send(&mut s, "play w a1"), "= \n\n");
        assert_eq!(send(&mut s, "play b b2"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= C3 B2\n\n");
        assert_eq!(send(&mut s, "captures black"), "= 0\n\n");
        assert_eq!(send(&mut s, "is_legal w a1"), "= 0\n\n");
        assert_eq!(send(&mut s, "is_legal w b1"), "= 1\n\n");
        assert_eq!(send(&mut s, "komi 6.25"), "= \n\n");
        assert_eq!(send(&mut s, "get_komi"), "=  6.2\n\n");
        assert_eq!(send(&mut s, "komi nan"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "undo"), "= \n\n");
        assert_eq!(send(&mut s, "undo 2"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "undo"), "= \n\n");
        assert_eq!(send(&mut s, "undo"), "= \n\n");
        assert_eq!(send(&mut s, "undo"), "? cannot undo\n\n");
    }

    #[test]
    fn gg_undo_takes_back_n_moves_or_nothing() {
        let mut s = session();
        send(&mut s, "boardsize 9");
        for m in ["b e5", "w c3", "b g7"] {
            assert_eq!(send(&mut s, &format!("play {m}")), "= \n\n");
        }
        assert_eq!(send(&mut s, "gg-undo 4"), "? cannot undo\n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= G7 E5\n\n");
        for bad in ["gg-undo x", "gg-undo 1 2", "gg-undo 1.5"] {
            assert_eq!(send(&mut s, bad), "? syntax error\n\n", "{bad}");
        }
        assert_eq!(
            send(&mut s, "gg-undo -1"),
            "? can't undo a negative number of moves\n\n"
        );
        assert_eq!(
            send(&mut s, "gg-undo 99999999999999999999"),
            "? syntax error\n\n"
        );
        assert_eq!(send(&mut s, "gg-undo 0"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones white"), "= C3\n\n");
        assert_eq!(send(&mut s, "gg-undo"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= E5\n\n");
        assert_eq!(send(&mut s, "gg-undo 2"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= \n\n");
        assert_eq!(send(&mut s, "gg-undo"), "? cannot undo\n\n");
        // Handicap set-up is no move.
        send(&mut s, "fixed_handicap 2");
        assert_eq!(send(&mut s, "gg-undo"), "? cannot undo\n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= G7 C3\n\n");
    }

    #[test]
    fn cputime_is_seconds_with_three_decimals() {
        let mut s = session();
        let reply = send(&mut s, "cputime");
        let t = reply
            .strip_prefix("= ")
            .and_then(|r| r.strip_suffix("\n\n"))
            .expect(&reply);
        let (whole, frac) = t.split_once('.').expect(t);
        assert!(
            whole.bytes().all(|b| b.is_ascii_digit()) && !whole.is_empty(),
            "{t}"
        );
        assert_eq!(frac.len(), 3, "{t}");
        assert!(t.parse::<f64>().expect(t) >= 0.0);
        assert_eq!(send(&mut s, "cputime 1"), "? syntax error\n\n");
    }

    #[test]
    fn kgs_chat_answers_well_formed_messages_only() {
        let mut s = session();
        send(&mut s, "kgs-rules chinese");
        send(&mut s, "komi 6.5");
        let reply = send(&mut s, "kgs-chat private alice are you a bot?");
        assert!(reply.starts_with("= Hi alice, I am ingo "), "{reply}");
        assert!(
            reply.ends_with("I play chinese rules, komi 6.5.\n\n"),
            "{reply}"
        );
        assert_eq!(reply.lines().count(), 2, "one line of chat: {reply:?}");
        assert!(send(&mut s, "kgs-chat GAME bob gg").starts_with("= Hi bob"));
        for bad in [
            "kgs-chat",
            "kgs-chat game",
            "kgs-chat game bob",
            "kgs-chat lobby bob hi",
        ] {
            assert_eq!(send(&mut s, bad), "? syntax error\n\n", "{bad}");
        }
    }

    #[test]
    fn loadsgf_arguments() {
        let dir = std::env::temp_dir().join(format!("ingo-loadsgf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("g.sgf");
        std::fs::write(&file, "(;SZ[9]RU[AGA]KM[0.5];B[ee];W[cc];B[gg];W[cg])").expect("write");
        let f = file.display();
        let mut s = session();
        assert_eq!(send(&mut s, &format!("loadsgf {f} G3")), "= black\n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= E5\n\n");
        assert_eq!(send(&mut s, "ingo-rules"), "= aga\n\n");
        assert_eq!(send(&mut s, &format!("loadsgf {f} 4")), "= white\n\n");
        assert_eq!(send(&mut s, &format!("loadsgf {f} c3")), "= white\n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= E5 G3\n\n");
        // Bad arguments change nothing.
        for bad in ["x y z", "-1", "3x", "z99", "pass"] {
            assert_eq!(
                send(&mut s, &format!("loadsgf {f} {bad}")),
                "? syntax error\n\n",
                "{bad}"
            );
        }
        assert_eq!(
            send(&mut s, &format!("loadsgf {f} T19")),
            "? cannot load file: T19 is not a point of the 9x9 board\n\n"
        );
        assert_eq!(send(&mut s, "loadsgf"), "? syntax error\n\n");
        assert_eq!(send(&mut s, "list_stones black"), "= E5 G3\n\n");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn handicap_commands() {
        let mut s = session();
        assert_eq!(send(&mut s, "boardsize 9"), "= \n\n");
        assert_eq!(
            send(&mut s, "fixed_handicap 10"),
            "? invalid number of stones\n\n"
        );
        assert_eq!(send(&mut s, "fixed_handicap 2"), "= G7 C3\n\n");
        assert_eq!(send(&mut s, "fixed_handicap 2"), "? board not empty\n\n");
        assert_eq!(send(&mut s, "undo"), "? cannot undo\n\n");
        assert_eq!(send(&mut s, "clear_board"), "= \n\n");
        assert_eq!(
            send(&mut s, "set_free_handicap a1"),
            "? bad vertex list\n\n"
        );
        assert_eq!(
            send(&mut s, "set_free_handicap a1 a1"),
            "? bad vertex list\n\n"
        );
        assert_eq!(
            send(&mut s, "set_free_handicap a1 pass"),
            "? bad vertex list\n\n"
        );
        assert_eq!(send(&mut s, "set_free_handicap a1 b2"), "= \n\n");
        assert_eq!(send(&mut s, "list_stones b"), "= B2 A1\n\n");
        assert_eq!(send(&mut s, "clear_board"), "= \n\n");
        assert_eq!(
            send(&mut s, "place_free_handicap 1"),
            "? invalid number of stones\n\n"
        );
        assert_eq!(send(&mut s, "place_free_handicap 3"), "= C7 G7 C3\n\n");
    }
}
