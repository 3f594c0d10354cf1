//! Leela Zero's and KataGo's streaming analysis (`lz-analyze`,
//! `kata-analyze` and their `genmove_analyze` forms, as Sabaki and Lizzie
//! use them), both ends of the format: the request a command's arguments
//! make, and the report lines the search thread sends.

use std::fmt::Write as _;
use std::time::Duration;

use crate::board::{Color, Point};
use crate::search::{Analysis, MoveFilter, Restriction};

use super::parse::{number, vertex};
use super::response::GtpError;

/// Whose line format a stream uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Leela Zero: win rates and priors as integers 0..=10000.
    Lz,
    /// KataGo: floats, score leads, optional ownership.
    Kata,
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

impl Request {
    /// An analysis of `color`'s moves, all of them, with no reports and
    /// no extras (what a bare `lz-analyze B` asks).
    pub fn new(color: Color) -> Request {
        Request {
            color,
            interval: None,
            filter: MoveFilter::default(),
            min_moves: 0,
            max_moves: usize::MAX,
            ownership: false,
            root_info: false,
        }
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
    let mut request = Request::new(color);
    // Centiseconds; 0 is no periodic report.
    let interval = |t: &str| -> Result<Option<Duration>, GtpError> {
        let cs: u64 = number(t)?;
        Ok((cs > 0).then(|| Duration::from_millis(cs.saturating_mul(10))))
    };
    if let Some(t) = rest
        .first()
        .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
    {
        request.interval = interval(t)?;
        rest = &rest[1..];
    }
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
                request.interval = interval(value(0)?)?;
                &tail[1..]
            }
            "minmoves" => {
                request.min_moves = number(value(0)?)?;
                &tail[1..]
            }
            "maxmoves" => {
                request.max_moves = number(value(0)?)?;
                &tail[1..]
            }
            "avoid" | "allow" => {
                let color: Color = value(0)?.parse().map_err(|_| GtpError::Syntax)?;
                let moves = value(1)?
                    .split(',')
                    .filter(|v| !v.is_empty())
                    .map(|v| vertex(v, size))
                    .collect::<Result<Vec<_>, _>>()?;
                let until_depth: u32 = number(value(2)?)?;
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

pub(super) fn move_text(p: Option<Point>) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Candidate;
    use crate::testing::vertex;

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
                    moves: vec![Some(vertex("Q16", 19)), Some(vertex("D4", 19)), None],
                    until_depth: 2,
                    allow: false,
                },
                Restriction {
                    color: Color::White,
                    moves: vec![Some(vertex("K10", 19))],
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
}
