//! GoGui's side: the analyze commands' menu and graphics, the live
//! graphics drawn while thinking, and the search on the loop's thread that
//! `# interrupt` stops.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Duration;

use crate::board::{Color, Point};
use crate::rules::{area_owners, territory_owners, Game, Scoring};
use crate::search::{Analysis, Budget, Decision, GenMode, MoveFilter, Player, Watch};

use super::response::GtpError;
use super::session::{current_count, dead_stones, lock, Session};
use super::stream::move_text;

/// How often live graphics are drawn while thinking.
const LIVE_GFX_EVERY: Duration = Duration::from_millis(500);
/// Candidates GoGui's graphics label.
const GFX_CANDIDATES: usize = 10;

/// Runs `search` with the player on this thread, watched the GoGui way:
/// `# interrupt` stops it, and live graphics go to the session's graphics
/// output (stderr, from the I/O loop) when on, cleared before the reply.
fn watched<T>(s: &mut Session, search: impl FnOnce(&mut dyn Player, &Game, &mut Watch) -> T) -> T {
    let live = s.gfx.live;
    let out = &mut s.gfx.out;
    // Errors writing graphics are no reason to lose the move.
    let mut draw = |a: &Analysis| {
        let _ = out.write_all(live_gfx(a).as_bytes());
    };
    let mut watch = Watch {
        stop: &s.interrupt,
        report: live.then_some((LIVE_GFX_EVERY, &mut draw as &mut dyn FnMut(&Analysis))),
        min_moves: 0,
        max_moves: GFX_CANDIDATES,
    };
    let result = search(lock(&s.player).as_mut(), &s.game, &mut watch);
    if live {
        let _ = s.gfx.out.write_all(b"gogui-gfx: CLEAR\n");
    }
    result
}

/// `genmove`'s thinking on this thread.
pub(super) fn think(s: &mut Session, c: Color, mode: GenMode, budget: Budget) -> Decision {
    watched(s, |player, game, watch| {
        player.think(game, c, mode, budget, watch)
    })
}

/// An analysis of the current position for GoGui's graphics: the cached
/// one when the position has not changed, else a search of the judging
/// budget.
fn analysis_now(s: &mut Session) -> Result<Analysis, GtpError> {
    let color = s.game.to_move();
    let key = (s.game.board().hash(), color, s.game.events().len());
    if let Some((k, a)) = &s.gfx.cache {
        if *k == key {
            return Ok(a.clone());
        }
    }
    let budget = s.judge_budget();
    let filter = MoveFilter::default();
    let analysis = watched(s, |player, game, watch| {
        player.analyze(game, color, budget, &filter, watch)
    })
    .ok_or_else(|| GtpError::Other("this player cannot analyse".into()))?;
    s.gfx.cache = Some((key, analysis.clone()));
    Ok(analysis)
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
    use crate::gtp::session::tests::{send, session};

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
