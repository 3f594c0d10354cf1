//! The stdin/stdout loop: capped line reads, lossy UTF-8, a flush after
//! every response, exit 0 at EOF.

use std::io::{self, BufRead, Write};

use super::{Control, GtpError, Response, Session};

/// Longest accepted input line; longer lines get an error reply and are
/// skipped without being held in memory.
pub const MAX_LINE: usize = 1 << 20;

/// Reads one line of at most `MAX_LINE` bytes (without the newline). Returns
/// `None` at EOF, `Some(Err(prefix))` for an overlong line.
fn read_line<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
) -> io::Result<Option<Result<(), Vec<u8>>>> {
    buf.clear();
    let mut overflow = false;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then_some(if overflow {
                Err(std::mem::take(buf))
            } else {
                Ok(())
            }));
        }
        any = true;
        let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let data = &chunk[..if done { used - 1 } else { used }];
        if !overflow {
            if buf.len() + data.len() > MAX_LINE {
                overflow = true;
                // Keep a short prefix: enough to find the id.
                let keep = data.len().min(32usize.saturating_sub(buf.len()));
                buf.extend_from_slice(&data[..keep]);
                buf.truncate(32);
            } else {
                buf.extend_from_slice(data);
            }
        }
        input.consume(used);
        if done {
            return Ok(Some(if overflow {
                Err(std::mem::take(buf))
            } else {
                Ok(())
            }));
        }
    }
}

/// Serves GTP on `input`/`output` until `quit` or EOF.
///
/// # Errors
/// I/O errors other than a closed output pipe.
pub fn run<R: BufRead, W: Write>(
    session: &mut Session,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf)? {
        let reply = match line {
            Ok(()) => session.handle(&String::from_utf8_lossy(&buf)),
            Err(prefix) => {
                let text = String::from_utf8_lossy(&prefix).into_owned();
                let id =
                    super::parse::preprocess(&text).and_then(|l| super::parse::tokenize(&l).id);
                Some((
                    Response {
                        id,
                        result: Err(GtpError::LineTooLong),
                    },
                    Control::Continue,
                ))
            }
        };
        if let Some((response, control)) = reply {
            match output
                .write_all(response.to_string().as_bytes())
                .and_then(|_| output.flush())
            {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(()),
                other => other?,
            }
            if control == Control::Quit {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::tests::session;

    fn serve(input: &[u8]) -> String {
        let mut out = Vec::new();
        run(&mut session(), input, &mut out).expect("io");
        String::from_utf8(out).expect("utf8 output")
    }

    #[test]
    fn pipelined_commands_answered_in_order() {
        let out = serve(b"1 name\n2 protocol_version\n\n# c\n3 version\n");
        assert_eq!(
            out,
            format!("=1 ingo\n\n=2 2\n\n=3 {}\n\n", env!("CARGO_PKG_VERSION"))
        );
    }

    #[test]
    fn eof_without_newline_and_quit() {
        assert_eq!(serve(b"name"), "= ingo\n\n");
        assert_eq!(serve(b"quit\nname\n"), "= \n\n");
    }

    /// C1 code points (UTF-8 C2 80 to C2 9F) are no GTP control characters:
    /// a line of them is a command, and an unknown one.
    #[test]
    fn c1_code_points_get_an_answer() {
        assert_eq!(serve(b"\xc2\x96\n"), "? unknown command\n\n");
        assert_eq!(
            serve(b"\r\xc2\x8d#x\n1 name\n"),
            "? unknown command\n\n=1 ingo\n\n"
        );
        // A lone C2 or 80-9F byte is invalid UTF-8 and reads as U+FFFD.
        assert_eq!(
            serve(b"\x96\n\xc2\n"),
            "? unknown command\n\n? unknown command\n\n"
        );
        // ASCII controls alone still make a blank line.
        assert_eq!(serve(b"\x01\x7f\r\n# c\n2 name\n"), "=2 ingo\n\n");
    }

    #[test]
    fn non_utf8_and_overlong_lines() {
        assert_eq!(
            serve(b"na\xffme\nname\n"),
            "? unknown command\n\n= ingo\n\n"
        );
        let mut long = b"9 play b ".to_vec();
        long.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        long.extend(b"\n10 name\n");
        assert_eq!(serve(&long), "?9 line too long\n\n=10 ingo\n\n");
    }
}
