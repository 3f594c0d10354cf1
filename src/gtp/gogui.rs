//! GoGui's side: the analyze commands' menu and graphics, and the live
//! graphics drawn while a search runs on the loop's thread.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Duration;

use crate::board::{Color, Point};
use crate::rules::{area_owners, territory_owners, FillKind, IngCount, Scoring};
use crate::search::{Analysis, MoveFilter};

use super::endgame::fill_in;
use super::response::GtpError;
use super::session::{current_count, dead_stones, GfxOut, Session};
use super::stream::move_text;
use super::think::{search_here, Reporter};

/// How often live graphics are drawn while thinking.
const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);

/// GoGui's live graphics: each snapshot drawn to the graphics output
/// (stderr, from the I/O loop), cleared when the search ends. Errors
/// writing graphics are no reason to lose the search.
pub(super) struct LiveGfx {
    out: GfxOut,
}

impl LiveGfx {
    fn write(&self, text: &str) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
    }
}

impl Reporter for LiveGfx {
    fn every(&self) -> Duration {
        LIVE_GFX_EVERY
    }

    fn report(&mut self, a: &Analysis) {
        self.write(&live_gfx(a));
    }

    fn end(&mut self) {
        self.write("gogui-gfx: CLEAR\n");
    }
}

/// The live graphics when GoGui turned them on (`ingo-param live_gfx 1`).
pub(super) fn live_graphics(s: &Session) -> Option<LiveGfx> {
    s.gfx.live.then(|| LiveGfx {
        out: std::sync::Arc::clone(&s.gfx.out),
    })
}

/// An analysis of the current game for GoGui's graphics: the cached one
/// when the game is the one it analysed, else a search of the judging
/// budget.
fn analysis_now(s: &mut Session) -> Result<Analysis, GtpError> {
    if let Some((game, a)) = &s.gfx.cache {
        if *game == s.game {
            return Ok(a.clone());
        }
    }
    let color = s.game.to_move();
    let budget = s.judge_budget();
    let filter = MoveFilter::default();
    let mut live = live_graphics(s);
    let analysis = search_here(
        s,
        live.as_mut().map(|l| l as &mut dyn Reporter),
        |player, game, watch| player.analyze(game, color, budget, &filter, watch),
    )
    .ok_or_else(|| GtpError::Other("this player cannot analyse".into()))?;
    s.gfx.cache = Some((s.game.clone(), analysis.clone()));
    Ok(analysis)
}

/// The graphics GoGui shows for an analysis: the best line as a
/// variation; each visited candidate labelled with its win rate in whole
/// percent (at most three characters, which fit inside the point); a
/// status text with the whole position's numbers and then every labelled
/// candidate's win rate and visits.
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
    let labelled: Vec<(Point, f64, u32)> = a
        .candidates
        .iter()
        .filter(|c| c.visits > 0)
        .filter_map(|c| Some((c.point?, 100.0 * c.win_rate, c.visits)))
        .collect();
    if !labelled.is_empty() {
        out.push_str("LABEL");
        for (p, rate, _) in &labelled {
            let _ = write!(out, " {} {rate:.0}", p.vertex());
        }
        out.push('\n');
    }
    let _ = write!(
        out,
        "TEXT {} to move: win rate {:.1}%, score lead {:+.1}, {} playouts",
        a.color,
        100.0 * a.win_rate,
        a.score_lead,
        a.playouts
    );
    for (i, (p, rate, visits)) in labelled.iter().enumerate() {
        let sep = if i == 0 { ";" } else { "," };
        let _ = write!(out, "{sep} {} {rate:.1}% {visits} visits", p.vertex());
    }
    out.push('\n');
    out
}

/// A live-graphics block (GoGui: a bare `gogui-gfx:` line, the
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
        "gfx/Ing count/ingo-gfx fill",
        "gfx/Principal variation/ingo-gfx pv",
        "gfx/Candidates/ingo-gfx candidates",
        "string/Rules/ingo-rules",
        "string/Phase/ingo-phase",
        "string/Score/ingo-score",
        "param/Live graphics/ingo-param",
    ]
    .join("\n"))
}

/// Ing's filled board: the stones the count places as black and white
/// territory, the compensation stones squared, the losing stones on
/// winning points marked with triangles, the point left empty circled,
/// the dead stones (when not yet taken off) marked; the text gives the
/// result as the board shows it.
fn fill_gfx(count: &IngCount, dead: &[Point]) -> String {
    let mut out = String::new();
    let list = |f: &dyn Fn(FillKind, Color) -> bool| -> String {
        count
            .fill
            .iter()
            .filter(|x| f(x.kind, x.color))
            .map(|x| x.point.vertex().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let lines = [
        ("BLACK", list(&|_, c| c == Color::Black)),
        ("WHITE", list(&|_, c| c == Color::White)),
        ("SQUARE", list(&|k, _| k == FillKind::Compensation)),
        ("TRIANGLE", list(&|k, _| k == FillKind::Losing)),
        ("CIRCLE", vertex_text(&count.empty)),
        ("MARK", vertex_text(dead)),
    ];
    for (word, points) in lines {
        if !points.is_empty() {
            let _ = writeln!(out, "{word} {points}");
        }
    }
    let _ = write!(
        out,
        "TEXT Ing count {}: {} losing stones on winning points, {} winning point left",
        count.result, count.placed, count.left
    );
    out
}

/// Vertices separated by spaces.
fn vertex_text(points: &[Point]) -> String {
    points
        .iter()
        .map(|p| p.vertex().to_string())
        .collect::<Vec<_>>()
        .join(" ")
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
            let a = analysis_now(s)?;
            let board = s.game.board();
            let values: Vec<String> = board
                .points()
                .map(|p| format!("{} {:.2}", p.vertex(), a.owner(p)))
                .collect();
            Ok(format!("INFLUENCE {}", values.join(" ")))
        }
        "pv" | "candidates" => {
            let a = analysis_now(s)?;
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
            let dead = dead_stones(s);
            Ok(if dead.is_empty() {
                "TEXT no dead stones".into()
            } else {
                format!("MARK {}", vertices(&mut dead.into_iter()))
            })
        }
        "area" => {
            let count = current_count(s);
            let dead = count.dead;
            let board = s.game.board();
            let owners = match count.score.scoring {
                Scoring::Area => area_owners(board, &dead),
                Scoring::Territory => territory_owners(board, &dead, &count.seki),
            };
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
            let _ = write!(out, "TEXT {}", count.result);
            Ok(out)
        }
        "fill" => {
            let count = current_count(s);
            match fill_in(&s.game, &count) {
                None => Ok("TEXT the fill-in count is Ing's (ingo-rules ing)".into()),
                Some(Err(e)) => Ok(format!("TEXT no Ing count: {e}")),
                Some(Ok(fill)) => Ok(fill_gfx(&fill, &count.dead)),
            }
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

#[cfg(test)]
mod tests {
    use crate::gtp::session::tests::{scripted, send, session};

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

    /// The playouts the scripted player reports count its analyses: a
    /// reply says which analysis it shows.
    fn analysis_number(reply: &str) -> String {
        let text = reply.lines().find(|l| l.starts_with("TEXT ")).expect(reply);
        let (_, tail) = text.split_once("score lead +2.4, ").expect(text);
        tail.split(' ').next().expect(text).to_string()
    }

    /// `boardsize`, `komi` and the rules each change what the graphics
    /// must show; the same game asks nothing new.
    #[test]
    fn the_cached_analysis_is_the_current_games() {
        let mut s = scripted();
        let ask = |s: &mut _, line: &str| {
            send(s, line);
            analysis_number(&send(s, "ingo-gfx candidates"))
        };
        assert_eq!(ask(&mut s, "boardsize 9"), "1");
        assert_eq!(ask(&mut s, "name"), "1", "the same game: cached");
        assert_eq!(ask(&mut s, "boardsize 19"), "2");
        assert_eq!(ask(&mut s, "komi 100"), "3");
        assert_eq!(ask(&mut s, "kgs-rules japanese"), "4");
        assert_eq!(ask(&mut s, "play b d4"), "5");
        assert_eq!(ask(&mut s, "undo"), "6");
        assert_eq!(ask(&mut s, "ingo-gfx ownership"), "6");
    }

    /// Labels are whole percents, short enough for a point (62.34% is
    /// `62`, 57.51% is `58`; a pass has no point to label); the text gives
    /// every labelled move's win rate to a tenth and its visits.
    #[test]
    fn candidate_labels_fit_their_point() {
        let mut s = scripted();
        send(&mut s, "boardsize 9");
        let text = "TEXT black to move: win rate 52.0%, score lead +2.4, 1 playouts; \
                    D3 62.3% 37 visits, F3 57.5% 36 visits";
        assert_eq!(
            send(&mut s, "ingo-gfx candidates"),
            format!("= VAR b D3\nLABEL D3 62 F3 58\n{text}\n\n")
        );
        assert_eq!(
            send(&mut s, "ingo-gfx pv"),
            format!("= VAR b D3\n{text}\n\n")
        );
    }
}
