//! GTP errors with their exact reply strings, response framing, and
//! vertex lists in GNU Go's order.

use crate::board::Point;

use std::fmt;

/// A failed command. `Display` gives the exact GTP error text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GtpError {
    UnknownCommand,
    Syntax,
    IllegalMove,
    InvalidColor,
    UnacceptableSize,
    BoardNotEmpty,
    InvalidNumberOfStones,
    BadVertexList,
    CannotUndo,
    /// GTP's `cannot load file`, then the reason.
    CannotLoadFile(String),
    GameOver,
    NotStopped,
    LineTooLong,
    /// Any other failure; the text is the reply.
    Other(String),
}

impl fmt::Display for GtpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GtpError::UnknownCommand => "unknown command",
            GtpError::Syntax => "syntax error",
            GtpError::IllegalMove => "illegal move",
            GtpError::InvalidColor => "invalid color",
            GtpError::UnacceptableSize => "unacceptable size",
            GtpError::BoardNotEmpty => "board not empty",
            GtpError::InvalidNumberOfStones => "invalid number of stones",
            GtpError::BadVertexList => "bad vertex list",
            GtpError::CannotUndo => "cannot undo",
            GtpError::CannotLoadFile(reason) => return write!(f, "cannot load file: {reason}"),
            GtpError::GameOver => "game is over",
            GtpError::NotStopped => "game is not stopped",
            GtpError::LineTooLong => "line too long",
            GtpError::Other(text) => text,
        })
    }
}

impl std::error::Error for GtpError {}

/// One reply, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub id: Option<u64>,
    pub result: Result<String, GtpError>,
}

/// `=id result\n\n` or `?id message\n\n`, with a space after the id (GoGui
/// cuts the response at the first space) and never a blank line inside.
impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (mark, text) = match &self.result {
            Ok(text) => ('=', text.clone()),
            Err(e) => ('?', e.to_string()),
        };
        f.write_fmt(format_args!("{mark}"))?;
        if let Some(id) = self.id {
            write!(f, "{id}")?;
        }
        let mut body = String::with_capacity(text.len());
        for line in text.trim_end_matches('\n').split('\n') {
            let line = line.trim_end_matches('\r');
            if !line.is_empty() || body.is_empty() {
                if !body.is_empty() {
                    body.push('\n');
                }
                body.push_str(line);
            }
        }
        // A multi-line result starting with a newline keeps it (showboard).
        if text.starts_with('\n') {
            body.insert(0, '\n');
        }
        write!(f, " {body}\n\n")
    }
}

/// GNU Go's order for vertex lists: from the top row down, left to right.
pub(super) fn gnugo_order(points: &mut [Point]) {
    points.sort_by_key(|p| {
        let (x, y) = p.coords();
        (std::cmp::Reverse(y), x)
    });
}

pub(super) fn vertex_list(mut points: Vec<Point>) -> String {
    gnugo_order(&mut points);
    points
        .iter()
        .map(|p| p.vertex().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing() {
        let ok = |id, s: &str| {
            Response {
                id,
                result: Ok(s.into()),
            }
            .to_string()
        };
        assert_eq!(ok(None, ""), "= \n\n");
        assert_eq!(ok(Some(5), "D4"), "=5 D4\n\n");
        assert_eq!(ok(None, "a\n\nb\n"), "= a\nb\n\n");
        assert_eq!(ok(None, "\nboard\nrows"), "= \nboard\nrows\n\n");
        let err = Response {
            id: Some(3),
            result: Err(GtpError::IllegalMove),
        };
        assert_eq!(err.to_string(), "?3 illegal move\n\n");
        let err = Response {
            id: None,
            result: Err(GtpError::UnknownCommand),
        };
        assert_eq!(err.to_string(), "? unknown command\n\n");
    }
}
