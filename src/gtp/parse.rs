//! GTP input preprocessing and tokenising (GTP 2 §3.1), and the readers
//! of command arguments every handler shares, pure functions.

use crate::board::{Color, Point};

use super::response::GtpError;

/// Applies the GTP preprocessing to one line: control characters other
/// than HT and LF dropped (CR included), everything from `#` on removed, HT
/// turned into a space. Returns `None` for a line left blank, which gets no
/// response at all.
///
/// GTP's control characters are ASCII 0-31 and 127 only. Unicode's C1
/// controls (U+0080-U+009F) are text here: dropping them would leave a line
/// of only C1 code points unanswered, and a controller waiting for the
/// answer would hang.
pub fn preprocess(line: &str) -> Option<String> {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        match c {
            '#' => break,
            '\t' => out.push(' '),
            c if c.is_ascii_control() => {}
            c => out.push(c),
        }
    }
    // Only SPACE separates tokens (GTP 2 §2.3): other Unicode spaces are
    // part of a token.
    let trimmed = out.trim_matches(' ');
    (!trimmed.is_empty()).then(|| trimmed.to_string())
}

/// A preprocessed command line: optional numeric id, name, arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine<'a> {
    pub id: Option<u64>,
    pub name: &'a str,
    pub args: Vec<&'a str>,
}

/// Splits a preprocessed line. A first token of digits is the id; a line
/// with only an id has an empty name (answered as an unknown command).
pub fn tokenize(line: &str) -> CommandLine<'_> {
    let mut tokens = line.split(' ').filter(|t| !t.is_empty());
    let first = tokens.next().unwrap_or("");
    let (id, name) = if !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit()) {
        (first.parse().ok(), tokens.next().unwrap_or(""))
    } else {
        (None, first)
    };
    CommandLine {
        id,
        name,
        args: tokens.collect(),
    }
}

pub(super) fn no_args(args: &[&str]) -> Result<(), GtpError> {
    args.is_empty().then_some(()).ok_or(GtpError::Syntax)
}

pub(super) fn arity(args: &[&str], n: usize) -> Result<(), GtpError> {
    (args.len() == n).then_some(()).ok_or(GtpError::Syntax)
}

pub(super) fn color(text: &str) -> Result<Color, GtpError> {
    text.parse().map_err(|_| GtpError::InvalidColor)
}

/// A vertex on the current board; `None` is `pass`.
pub(super) fn vertex(text: &str, size: u8) -> Result<Option<Point>, GtpError> {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    Point::parse(text, size)
        .map(Some)
        .map_err(|_| GtpError::Syntax)
}

pub(super) fn number<T: std::str::FromStr>(text: &str) -> Result<T, GtpError> {
    text.parse().map_err(|_| GtpError::Syntax)
}

/// A finite float (GTP komi and times).
pub(super) fn float(text: &str) -> Result<f64, GtpError> {
    number::<f64>(text).and_then(|x| {
        if x.is_finite() {
            Ok(x)
        } else {
            Err(GtpError::Syntax)
        }
    })
}

pub(super) fn seconds(text: &str) -> Result<f64, GtpError> {
    float(text).and_then(|x| {
        if x >= 0.0 {
            Ok(x)
        } else {
            Err(GtpError::Syntax)
        }
    })
}

pub(super) fn stones(text: &str) -> Result<u32, GtpError> {
    number(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preprocessing_follows_the_spec() {
        assert_eq!(preprocess("play b d4\r"), Some("play b d4".into()));
        assert_eq!(preprocess("play\tb\td4"), Some("play b d4".into()));
        assert_eq!(preprocess("  # just a comment"), None);
        assert_eq!(preprocess("genmove b # think"), Some("genmove b".into()));
        assert_eq!(preprocess("na\u{1}me"), Some("name".into()));
        assert_eq!(preprocess("\u{7f}"), None);
        assert_eq!(preprocess(""), None);
        assert_eq!(preprocess("   \t "), None);
    }

    /// Every ASCII control but HT goes; nothing else does.
    #[test]
    fn only_ascii_controls_are_dropped() {
        for b in (0u8..32).chain([127]) {
            let c = char::from(b);
            let want = if c == '\t' { "a b" } else { "ab" };
            assert_eq!(preprocess(&format!("a{c}b")), Some(want.into()), "{b}");
        }
        for c in ('\u{80}'..='\u{9f}').chain(['\u{a0}', '\u{ad}', '\u{2028}', '\u{feff}']) {
            assert_eq!(
                preprocess(&format!("a{c}b")),
                Some(format!("a{c}b")),
                "{c:?}"
            );
            // A line of only this character is a (non-blank) command.
            assert_eq!(preprocess(&c.to_string()), Some(c.to_string()), "{c:?}");
        }
        assert_eq!(preprocess("\u{96}"), Some("\u{96}".into()));
        assert_eq!(
            preprocess("\r\u{8d}#comment"),
            Some("\u{8d}".into()),
            "a C1 character before # is no comment"
        );
        assert_eq!(preprocess("\r\u{1b}# comment"), None);
    }

    #[test]
    fn ids_and_arguments() {
        let c = tokenize("12 play  b   d4");
        assert_eq!(
            c,
            CommandLine {
                id: Some(12),
                name: "play",
                args: vec!["b", "d4"]
            }
        );
        let c = tokenize("name");
        assert_eq!(
            c,
            CommandLine {
                id: None,
                name: "name",
                args: vec![]
            }
        );
        let c = tokenize("7");
        assert_eq!(c.id, Some(7));
        assert_eq!(c.name, "");
        // An id too large for u64 is no id: the reply carries none.
        assert_eq!(tokenize("99999999999999999999999 name").id, None);
        // A no-break space is no separator.
        assert_eq!(tokenize("play\u{a0}b d4").name, "play\u{a0}b");
    }
}
