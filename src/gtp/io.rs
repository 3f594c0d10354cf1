//! The stdin/stdout loop: capped line reads on an input thread, lossy
//! UTF-8, a flush after every response, streamed analysis, exit 0 at EOF.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;

use super::analyze::{Event, JobKind, Running};
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

/// Is this raw line GoGui's interrupt request (a comment, so GTP-wise
/// nothing at all)?
fn is_interrupt(line: &str) -> bool {
    line.trim_matches(|c: char| c.is_ascii_whitespace() || c.is_ascii_control()) == "# interrupt"
}

/// The input thread: every line becomes an event the moment it arrives,
/// so a running search can be stopped by it; GoGui's `# interrupt` also
/// raises the session's flag at once.
fn read_events<R: BufRead>(mut input: R, events: Sender<Event>, interrupt: Arc<AtomicBool>) {
    let mut buf = Vec::new();
    loop {
        let event = match read_line(&mut input, &mut buf) {
            Ok(Some(Ok(()))) => {
                let text = String::from_utf8_lossy(&buf).into_owned();
                if is_interrupt(&text) {
                    interrupt.store(true, Ordering::Relaxed);
                    Event::Interrupt
                } else {
                    Event::Line(Ok(text))
                }
            }
            Ok(Some(Err(prefix))) => Event::Line(Err(prefix)),
            Ok(None) => Event::Eof,
            Err(e) => {
                log::warn!("reading input: {e}");
                Event::Eof
            }
        };
        let eof = matches!(event, Event::Eof);
        if events.send(event).is_err() || eof {
            return;
        }
    }
}

/// Writes and flushes; false when the controller closed its end.
fn emit<W: Write>(output: &mut W, text: &str) -> io::Result<bool> {
    match output
        .write_all(text.as_bytes())
        .and_then(|_| output.flush())
    {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(false),
        other => other.map(|_| true),
    }
}

/// The reply to one input line (`None` for a blank one).
fn reply(session: &mut Session, line: Result<String, Vec<u8>>) -> Option<(Response, Control)> {
    match line {
        Ok(text) => session.handle(&text),
        Err(prefix) => {
            let text = String::from_utf8_lossy(&prefix).into_owned();
            let id = super::parse::preprocess(&text).and_then(|l| super::parse::tokenize(&l).id);
            Some((
                Response {
                    id,
                    result: Err(GtpError::LineTooLong),
                },
                Control::Continue,
            ))
        }
    }
}

/// Serves GTP on `input`/`output` until `quit` or EOF.
///
/// Input is read on a thread of its own. A streaming command (`lz-analyze`
/// and its kin) prints its `=` line and then the search's reports until
/// the next input line arrives, which stops it, ends the response with a
/// blank line and is then handled as usual; a `genmove_analyze` holds
/// input back until its move is played. Pondering stops at the next line.
///
/// # Errors
/// Output errors other than a closed pipe.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    session: &mut Session,
    input: R,
    mut output: W,
) -> io::Result<()> {
    let (tx, rx) = mpsc::channel();
    let interrupt = session.interrupt_flag();
    {
        let (tx, interrupt) = (tx.clone(), Arc::clone(&interrupt));
        std::thread::spawn(move || read_events(input, tx, interrupt));
    }
    // Input that came while a job held it back, in order.
    let mut held: VecDeque<Event> = VecDeque::new();
    let mut job: Option<Running> = None;
    let mut jobs = 0u64;
    loop {
        let holding = job.as_ref().is_some_and(Running::holds_input);
        let event = match held.pop_front() {
            Some(e) if !holding => e,
            other => {
                if let Some(e) = other {
                    held.push_front(e);
                }
                rx.recv().unwrap_or(Event::Eof)
            }
        };
        match event {
            Event::Report(n, line) => {
                if job.as_ref().is_some_and(|r| r.number == n && r.streams())
                    && !emit(&mut output, &(line + "\n"))?
                {
                    return Ok(());
                }
            }
            Event::Done(n) => {
                // An analysis that ends by itself still waits for input
                // to end its response; a move ends it now.
                if job
                    .as_ref()
                    .is_some_and(|r| r.number == n && r.holds_input())
                {
                    let Some(running) = job.take() else { continue };
                    let play = session.finish(running).unwrap_or_default();
                    if !emit(&mut output, &(play + "\n\n"))? {
                        return Ok(());
                    }
                    if let Some(ponder) = session.ponder_job() {
                        jobs += 1;
                        job = Some(session.start(ponder, jobs, tx.clone()));
                    }
                }
            }
            Event::Interrupt => {
                interrupt.store(false, Ordering::Relaxed);
                if let Some(r) = job.as_ref().filter(|r| r.holds_input()) {
                    r.stop();
                }
            }
            e @ (Event::Line(_) | Event::Eof) if holding => held.push_back(e),
            Event::Eof => {
                if let Some(running) = job.take() {
                    running.stop();
                    let streams = running.streams();
                    session.finish(running);
                    if streams {
                        emit(&mut output, "\n")?;
                    }
                }
                return Ok(());
            }
            Event::Line(line) => {
                if let Some(running) = job.take() {
                    running.stop();
                    let streams = running.streams();
                    session.finish(running);
                    if streams && !emit(&mut output, "\n")? {
                        return Ok(());
                    }
                }
                let Some((response, control)) = reply(session, line) else {
                    continue;
                };
                match session.take_job() {
                    Some(next) if response.result.is_ok() => {
                        let silent = next.kind == JobKind::Ponder;
                        let head = if silent {
                            response.to_string()
                        } else {
                            format!(
                                "={}\n",
                                response.id.map(|i| i.to_string()).unwrap_or_default()
                            )
                        };
                        if !emit(&mut output, &head)? {
                            return Ok(());
                        }
                        jobs += 1;
                        job = Some(session.start(next, jobs, tx.clone()));
                    }
                    _ => {
                        if !emit(&mut output, &response.to_string())? {
                            return Ok(());
                        }
                    }
                }
                if control == Control::Quit {
                    return Ok(());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::tests::session;

    fn serve(input: &[u8]) -> String {
        let mut out = Vec::new();
        let input = std::io::Cursor::new(input.to_vec());
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
