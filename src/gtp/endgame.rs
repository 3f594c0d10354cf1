//! The end of the game over GTP: the rules it is counted by, agreeing on
//! dead stones or disputing them, the count and the status of strings.

use std::fmt::Write as _;

use crate::board::{Color, Point};
use crate::rules::{
    format_number, ing_count, Game, IngCount, NoIngCount, OddPoint, PhaseError, Rules, Scoring,
    UnknownRules,
};
use crate::search::Count;
use crate::tactics::seki_stones;

use super::parse::{arity, no_args};
use super::response::{gnugo_order, vertex_list, GtpError};
use super::session::{current_count, dead_stones, Session};

/// The result: a resignation's (`W+R`, `B+R`), else the count's.
pub(super) fn final_score(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    match s.resignation() {
        Some(result) => Ok(result),
        None => Ok(current_count(s).result.to_string()),
    }
}

/// GNU Go's format: one string per line, vertices in GNU Go order. A
/// string is `dead` (the engine's proposal, or the agreement once
/// finished), `seki` (sharing liberties neither side can fill) or `alive`.
pub(super) fn final_status_list(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 1)?;
    let status = args[0].to_ascii_lowercase();
    if !matches!(status.as_str(), "dead" | "alive" | "seki") {
        return Err(GtpError::Syntax);
    }
    let mut strings: Vec<Vec<Point>> = Vec::new();
    if status == "dead" && s.game.dead_are_fixed() {
        // Removed from the board at agreement; kept as strings.
        strings = s.game.agreed_dead_strings().to_vec();
    } else {
        let dead = dead_stones(s);
        let board = s.game.board();
        let seki = seki_stones(board, &dead);
        let mut seen = Vec::new();
        for p in board.points() {
            if board.color_at(p).is_none() || seen.contains(&p) {
                continue;
            }
            let stones = board.string_stones(p);
            seen.extend(&stones);
            let of = if dead.contains(&p) {
                "dead"
            } else if seki.contains(&p) {
                "seki"
            } else {
                "alive"
            };
            if of == status {
                strings.push(stones);
            }
        }
    }
    let mut lines: Vec<(Point, String)> = strings
        .into_iter()
        .filter(|g| !g.is_empty())
        .map(|mut g| {
            gnugo_order(&mut g);
            (g[0], vertex_list(g))
        })
        .collect();
    lines.sort_by_key(|(p, _)| {
        let (x, y) = p.coords();
        (std::cmp::Reverse(y), x)
    });
    Ok(lines
        .into_iter()
        .map(|(_, l)| l)
        .collect::<Vec<_>>()
        .join("\n"))
}

fn set_rules(s: &mut Session, rules: Rules) -> Result<String, GtpError> {
    s.game
        .set_rules(rules)
        .map_err(|_| GtpError::BoardNotEmpty)?;
    // SPEC §1.4: komi 6.5 when a territory rule set is chosen and no komi
    // was given.
    if let Some(komi) = rules.default_komi() {
        if !s.komi_given {
            s.game.set_komi(komi);
        }
    }
    Ok(String::new())
}

pub(super) fn kgs_rules(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    // KGS may add words after the name; only the name matters.
    let name = args.first().ok_or(GtpError::Syntax)?;
    let rules = Rules::from_kgs(name).ok_or(GtpError::Syntax)?;
    set_rules(s, rules)
}

pub(super) fn ingo_rules(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    match args {
        [] => Ok(s.game.rules().to_string()),
        [name] => {
            let rules = name
                .parse()
                .map_err(|e: UnknownRules| GtpError::Other(e.to_string()))?;
            set_rules(s, rules)
        }
        _ => Err(GtpError::Syntax),
    }
}

fn phase_error(e: PhaseError) -> GtpError {
    match e {
        PhaseError::GameOver => GtpError::GameOver,
        PhaseError::NotStopped => GtpError::NotStopped,
    }
}

pub(super) fn ingo_agree(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    if !s.game.may_agree() {
        return Err(GtpError::NotStopped);
    }
    let size = s.game.size();
    let mut dead = Vec::with_capacity(args.len());
    for a in args {
        let p = Point::parse(a, size).map_err(|_| GtpError::Syntax)?;
        if s.game.board().color_at(p).is_none() {
            return Err(GtpError::BadVertexList);
        }
        dead.push(p);
    }
    s.game.agree(&dead).map_err(phase_error)?;
    Ok(String::new())
}

pub(super) fn ingo_dispute(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    s.game.dispute().map_err(phase_error)?;
    Ok(String::new())
}

/// Ing's fill-in count of `count` under `ing`; `None` under other rules.
pub(super) fn fill_in(game: &Game, count: &Count) -> Option<Result<IngCount, NoIngCount>> {
    (game.rules() == Rules::ING).then(|| {
        let score = &count.score;
        let komi = score.komi + f64::from(score.handicap_bonus);
        ing_count(game.board(), &count.dead, komi, score.penalties)
    })
}

/// The `ing` lines of `ingo-score`: the bowls, the seki points and the
/// compensation; each side's stones on the board, in its bowl, on seki
/// points, paid as compensation, its territory, the stones it fills it
/// with, and its winning points or losing stones; the point left empty;
/// the result with the losing stones placed on winning points (2 each)
/// and the winning point left (1).
fn fill_in_lines(out: &mut String, fill: &Result<IngCount, NoIngCount>) {
    let c = match fill {
        Ok(c) => c,
        Err(e) => {
            let _ = write!(out, "\ning none: {e}");
            return;
        }
    };
    let _ = write!(out, "\ning stones {} seki_points {}", c.bowl, c.seki_points);
    let comp = c.compensation;
    match comp.receiver {
        None => out.push_str(" compensation none"),
        Some(r) => {
            let _ = write!(
                out,
                " compensation {r} {} stones {}",
                comp.points, comp.stones
            );
            match comp.odd {
                Some(OddPoint::Seki) => out.push_str(" odd seki"),
                Some(OddPoint::Territory) => out.push_str(" odd territory"),
                None => {}
            }
        }
    }
    for color in Color::ALL {
        let d = c.sides[color];
        let _ = write!(
            out,
            "\ning {color} board {} bowl {} seki {} compensation {} territory {} fills {} \
             winning {} losing {}",
            d.on_board,
            d.in_bowl,
            d.seki,
            d.compensation,
            d.territory,
            d.fills,
            d.winning,
            d.losing
        );
    }
    let _ = write!(
        out,
        "\ning empty {}\ning result {} placed {} left {}",
        vertex_list(c.empty.clone()),
        c.result,
        c.placed,
        c.left
    );
}

/// The count behind `final_score`, one item per line: area, or under
/// territory scoring territory and prisoners (stones stay for reference).
/// `dead` names the stones `final_status_list dead` names (those agreed,
/// once an agreement took them off the board); `result` is
/// `final_score`'s, a resignation's when a side resigned (the board is
/// still counted, for reference). Under `ing`, Ing's fill-in count follows,
/// each line starting `ing`.
pub(super) fn ingo_score(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    no_args(args)?;
    let count = current_count(s);
    let dead = count.named_dead(&s.game);
    let result = s.resignation().unwrap_or_else(|| count.result.to_string());
    let fill = fill_in(&s.game, &count);
    let score = count.score;
    let mut out = String::new();
    for c in Color::ALL {
        let _ = match score.scoring {
            Scoring::Area => writeln!(
                out,
                "{c} stones {} territory {} area {}",
                score.stones[c],
                score.territory[c],
                score.stones[c] + score.territory[c]
            ),
            Scoring::Territory => writeln!(
                out,
                "{c} stones {} territory {} prisoners {} points {}",
                score.stones[c],
                score.territory[c],
                score.prisoners[c],
                score.points(c)
            ),
        };
    }
    let _ = writeln!(out, "komi {}", format_number(score.komi));
    let _ = writeln!(out, "handicap_bonus {}", score.handicap_bonus);
    let _ = writeln!(out, "dead {}", vertex_list(dead));
    if score.scoring == Scoring::Territory {
        let _ = writeln!(out, "seki {}", vertex_list(count.seki));
    }
    let _ = write!(out, "result {result}");
    if let Some(fill) = fill {
        fill_in_lines(&mut out, &fill);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::gtp::session::tests::{send, session};

    #[test]
    fn phases_through_gtp() {
        let mut s = session();
        send(&mut s, "boardsize 5");
        assert_eq!(send(&mut s, "ingo-phase"), "= playing\n\n");
        assert_eq!(send(&mut s, "ingo-agree"), "? game is not stopped\n\n");
        assert_eq!(send(&mut s, "ingo-dispute"), "? game is not stopped\n\n");
        send(&mut s, "play b c3");
        send(&mut s, "play w pass");
        send(&mut s, "play b pass");
        assert_eq!(send(&mut s, "ingo-phase"), "= stopped\n\n");
        assert_eq!(send(&mut s, "ingo-agree a1"), "? bad vertex list\n\n");
        assert_eq!(send(&mut s, "ingo-agree"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-phase"), "= finished\n\n");
        assert_eq!(send(&mut s, "final_score"), "= B+17.5\n\n");
        assert_eq!(send(&mut s, "play w a1"), "? game is over\n\n");
        assert_eq!(send(&mut s, "genmove w"), "? game is over\n\n");
        assert_eq!(send(&mut s, "undo"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-phase"), "= stopped\n\n");
        assert_eq!(send(&mut s, "ingo-dispute"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-phase"), "= resumed\n\n");
    }

    /// `ingo-score`'s `dead` line names what `final_status_list dead`
    /// names, before the agreement (the engine's proposal) and after it
    /// (the agreed stones, off the board): it was once empty after
    /// (rules-compliance.md T19).
    #[test]
    fn ingo_score_names_the_agreed_dead_stones() {
        let mut s = session();
        send(&mut s, "boardsize 5");
        // Black's wall on the C line; White's lone A1 inside Black's side.
        for line in [
            "play b c1",
            "play w a1",
            "play b c2",
            "play w pass",
            "play b c3",
            "play w pass",
            "play b c4",
            "play w pass",
            "play b c5",
            "play w pass",
            "play b pass",
        ] {
            assert_eq!(send(&mut s, line), "= \n\n", "{line}");
        }
        assert_eq!(send(&mut s, "ingo-phase"), "= stopped\n\n");
        assert_eq!(send(&mut s, "final_status_list dead"), "= A1\n\n");
        let proposal = send(&mut s, "ingo-score");
        assert!(proposal.contains("\ndead A1\n"), "{proposal}");
        assert_eq!(send(&mut s, "ingo-agree a1"), "= \n\n");
        assert_eq!(send(&mut s, "final_status_list dead"), "= A1\n\n");
        // By hand: Black's 5 stones and the other 20 points, A1 among
        // them once its stone is off; White nothing, komi 7.5.
        assert_eq!(
            send(&mut s, "ingo-score"),
            "= black stones 5 territory 20 area 25\nwhite stones 0 territory 0 area 0\n\
             komi 7.5\nhandicap_bonus 0\ndead A1\nresult B+17.5\n\n"
        );
        assert_eq!(proposal, send(&mut s, "ingo-score"), "the same count");
    }

    #[test]
    fn rules_commands() {
        let mut s = session();
        assert_eq!(send(&mut s, "ingo-rules"), "= simplified-ing\n\n");
        assert_eq!(send(&mut s, "ingo-rules aga"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-rules"), "= aga\n\n");
        assert_eq!(
            send(&mut s, "ingo-rules go-moku"),
            "? unknown rules \"go-moku\"; the rule sets are simplified-ing, ing, chinese, aga, \
             new-zealand, tromp-taylor, japanese, korean\n\n"
        );
        assert_eq!(send(&mut s, "kgs-rules new_zealand"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-rules"), "= new-zealand\n\n");
        send(&mut s, "play b d4");
        assert_eq!(send(&mut s, "ingo-rules chinese"), "? board not empty\n\n");
        assert_eq!(send(&mut s, "ingo-rules"), "= new-zealand\n\n");
    }
}
