//! The stdin/stdout loop: capped line reads on an input thread, lossy
//! UTF-8, a flush after every response, streamed analysis, exit 0 at EOF.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;

use super::commands::{self, Answer, Control};
use super::jobs::{self, Event, Job, Running};
use super::parse;
use super::response::{GtpError, Response};
use super::session::Session;

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

/// The answer to one input line (`None` for a blank one); an overlong
/// line gets `line too long`, with its id when its start has one.
fn answer(session: &mut Session, line: Result<String, Vec<u8>>) -> Option<Answer> {
    match line {
        Ok(text) => commands::answer(session, &text),
        Err(prefix) => {
            let text = String::from_utf8_lossy(&prefix).into_owned();
            let id = parse::preprocess(&text).and_then(|l| parse::tokenize(&l).id);
            Some(Answer {
                response: Response {
                    id,
                    result: Err(GtpError::LineTooLong),
                },
                control: Control::Continue,
                job: None,
            })
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
    output: W,
) -> io::Result<()> {
    // GoGui reads live graphics from stderr, beside the log.
    session.set_gfx_output(Box::new(io::stderr()));
    let (tx, rx) = mpsc::channel();
    let interrupt = session.interrupt_flag();
    {
        let (tx, interrupt) = (tx.clone(), Arc::clone(&interrupt));
        std::thread::spawn(move || read_events(input, tx, interrupt));
    }
    let mut state = Loop {
        session,
        out: output,
        events: tx,
        interrupt,
        held: VecDeque::new(),
        job: None,
        next_job: 1,
    };
    loop {
        let event = state.next_event(&rx);
        let control = match event {
            Event::Report(n, line) => state.on_report(n, line)?,
            Event::Done(n) => state.on_done(n)?,
            Event::Interrupt => state.on_interrupt()?,
            e @ (Event::Line(_) | Event::Eof) if state.holding() => {
                state.held.push_back(e);
                Control::Continue
            }
            Event::Eof => state.on_eof()?,
            Event::Line(line) => state.on_line(line)?,
        };
        if control == Control::Quit {
            return Ok(());
        }
    }
}

/// The loop's state between events: the session, the output, the job on
/// its search thread (if any), and input held back while a move is on its
/// way. One method per event; each says whether the loop goes on.
struct Loop<'s, W> {
    session: &'s mut Session,
    out: W,
    /// Where search threads send their reports.
    events: Sender<Event>,
    /// GoGui's interrupt flag, raised by the input thread.
    interrupt: Arc<AtomicBool>,
    /// Input that came while a job held it back, in order.
    held: VecDeque<Event>,
    job: Option<Running>,
    /// The number the next job's events carry (older jobs' are ignored).
    next_job: u64,
}

impl<W: Write> Loop<'_, W> {
    /// Whether input waits for the running job (a move on its way).
    fn holding(&self) -> bool {
        self.job.as_ref().is_some_and(Running::holds_input)
    }

    /// The next event: held input first, once nothing holds it.
    fn next_event(&mut self, events: &Receiver<Event>) -> Event {
        if !self.holding() {
            if let Some(e) = self.held.pop_front() {
                return e;
            }
        }
        events.recv().unwrap_or(Event::Eof)
    }

    /// Writes and flushes; a controller that closed its end quits the
    /// session.
    fn emit(&mut self, text: &str) -> io::Result<Control> {
        match self
            .out
            .write_all(text.as_bytes())
            .and_then(|_| self.out.flush())
        {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(Control::Quit),
            other => other.map(|_| Control::Continue),
        }
    }

    fn start(&mut self, job: Job) {
        let number = self.next_job;
        self.next_job += 1;
        self.job = Some(jobs::start(self.session, job, number, self.events.clone()));
    }

    /// Stops the running job and waits for it; a stream's response ends
    /// with its blank line.
    fn end_job(&mut self) -> io::Result<Control> {
        let Some(running) = self.job.take() else {
            return Ok(Control::Continue);
        };
        running.stop();
        let streams = running.streams();
        jobs::finish(self.session, running);
        if streams {
            self.emit("\n")
        } else {
            Ok(Control::Continue)
        }
    }

    /// A report of the running stream is printed; others' are stale.
    fn on_report(&mut self, number: u64, line: String) -> io::Result<Control> {
        if self
            .job
            .as_ref()
            .is_some_and(|r| r.number == number && r.streams())
        {
            self.emit(&(line + "\n"))
        } else {
            Ok(Control::Continue)
        }
    }

    /// A move that is done ends its response now (and pondering may
    /// start); an analysis that ends by itself still waits for input to
    /// end its response.
    fn on_done(&mut self, number: u64) -> io::Result<Control> {
        let Some(running) = self.job.take_if(|r| r.number == number && r.holds_input()) else {
            return Ok(Control::Continue);
        };
        let closing = jobs::finish(self.session, running).unwrap_or_default();
        if self.emit(&(closing + "\n\n"))? == Control::Quit {
            return Ok(Control::Quit);
        }
        if let Some(ponder) = jobs::ponder_job(self.session) {
            self.start(ponder);
        }
        Ok(Control::Continue)
    }

    /// GoGui's `# interrupt`: a move on its way comes now, with what it
    /// has; like any input line, it ends an analysis; pondering goes on.
    fn on_interrupt(&mut self) -> io::Result<Control> {
        self.interrupt.store(false, Ordering::Relaxed);
        match &self.job {
            Some(r) if r.holds_input() => {
                r.stop();
                Ok(Control::Continue)
            }
            Some(r) if r.streams() => self.end_job(),
            _ => Ok(Control::Continue),
        }
    }

    /// The end of input ends the running job, then the session.
    fn on_eof(&mut self) -> io::Result<Control> {
        self.end_job()?;
        Ok(Control::Quit)
    }

    /// An input line ends the running job, then is answered; a command
    /// that leaves work starts it once its response (or, for a stream,
    /// its `=` line) is out.
    fn on_line(&mut self, line: Result<String, Vec<u8>>) -> io::Result<Control> {
        if self.end_job()? == Control::Quit {
            return Ok(Control::Quit);
        }
        let Some(Answer {
            response,
            control,
            job,
        }) = answer(self.session, line)
        else {
            return Ok(Control::Continue);
        };
        let head = match &job {
            Some(j) if !j.is_silent() => {
                format!(
                    "={}\n",
                    response.id.map(|i| i.to_string()).unwrap_or_default()
                )
            }
            _ => response.to_string(),
        };
        if self.emit(&head)? == Control::Quit {
            return Ok(Control::Quit);
        }
        if let Some(job) = job {
            self.start(job);
        }
        Ok(control)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtp::session::tests::session;

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

/// The loop served live over a pipe: lines are written when the test
/// likes, and the output is read as it comes, as a client sees it.
#[cfg(test)]
mod live_tests {
    use std::io::{BufReader, PipeWriter, Write};
    use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
    use std::time::{Duration, Instant};

    use super::run;
    use crate::gtp::{Config, Session};
    use crate::search::SearchParams;

    /// Output bytes, forwarded as they are written.
    struct Forward(mpsc::Sender<Vec<u8>>);

    impl Write for Forward {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let _ = self.0.send(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    struct Client {
        input: Option<PipeWriter>,
        output: Receiver<Vec<u8>>,
        pending: Vec<u8>,
    }

    /// Generous: these tests check what arrives, not how fast.
    const WAIT: Duration = Duration::from_secs(20);

    impl Client {
        fn start(config: Config) -> Client {
            let (reader, writer) = std::io::pipe().expect("pipe");
            let (tx, rx) = mpsc::channel();
            std::thread::spawn(move || {
                let mut session = Session::new(config);
                run(&mut session, BufReader::new(reader), Forward(tx)).expect("io");
            });
            Client {
                input: Some(writer),
                output: rx,
                pending: Vec::new(),
            }
        }

        fn send(&mut self, text: &str) {
            let input = self.input.as_mut().expect("open");
            input.write_all(text.as_bytes()).expect("write");
            input.flush().expect("flush");
        }

        fn close(&mut self) {
            self.input = None;
        }

        /// The next output line (without its newline); `None` on timeout
        /// or when the loop has ended.
        fn line(&mut self) -> Option<String> {
            let deadline = Instant::now() + WAIT;
            loop {
                if let Some(i) = self.pending.iter().position(|&b| b == b'\n') {
                    let line: Vec<u8> = self.pending.drain(..=i).collect();
                    return Some(String::from_utf8_lossy(&line[..i]).into_owned());
                }
                let left = deadline.saturating_duration_since(Instant::now());
                match self.output.recv_timeout(left) {
                    Ok(bytes) => self.pending.extend(bytes),
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
                }
            }
        }

        /// A whole ordinary response (up to its blank line).
        fn response(&mut self) -> String {
            let mut lines = Vec::new();
            loop {
                let l = self.line().expect("response line");
                if l.is_empty() {
                    return lines.join("\n");
                }
                lines.push(l);
            }
        }
    }

    fn config(size: u8) -> Config {
        Config {
            size,
            playouts: None,
            time_per_move: Duration::from_secs(60),
            search: SearchParams {
                seed: 3,
                threads: 2,
                ..SearchParams::default()
            },
            ..Config::default()
        }
    }

    fn is_lz_block(block: &str) -> bool {
        let re = regex::Regex::new(
            r"^info move (pass|[A-HJ-T]\d+) visits \d+ winrate \d+ prior \d+ lcb \d+ order \d+ pv( (pass|[A-HJ-T]\d+))+$",
        )
        .expect("regex");
        re.is_match(block)
    }

    /// `info` blocks of a line: each starts with `info `.
    fn blocks(line: &str) -> Vec<String> {
        line.split(" info ")
            .enumerate()
            .map(|(i, b)| {
                if i == 0 {
                    b.to_string()
                } else {
                    format!("info {b}")
                }
            })
            .collect()
    }

    #[test]
    fn analysis_streams_until_the_next_line_which_is_then_answered() {
        let mut c = Client::start(config(9));
        c.send("1 lz-analyze b 5\n");
        assert_eq!(c.line().as_deref(), Some("=1"));
        for _ in 0..3 {
            let line = c.line().expect("an info line");
            assert!(!line.is_empty());
            for b in blocks(&line) {
                assert!(is_lz_block(&b), "{b:?}");
            }
        }
        c.send("2 protocol_version\n");
        // Lines already on their way, then the blank line ending it.
        loop {
            let line = c.line().expect("line");
            if line.is_empty() {
                break;
            }
            assert!(line.starts_with("info move "), "{line:?}");
        }
        assert_eq!(c.response(), "=2 2");
        // The game was not touched; the session goes on.
        c.send("3 list_stones black\n");
        assert_eq!(c.response(), "=3 ");
    }

    #[test]
    fn kata_analysis_with_ownership_and_root_info() {
        let mut c = Client::start(config(9));
        c.send("play b e5\nkata-analyze w interval 5 ownership true rootInfo true maxmoves 3\n");
        assert_eq!(c.response(), "= ");
        assert_eq!(c.line().as_deref(), Some("="));
        // The first line with 100 playouts: before the first, ownership is
        // 0 everywhere, and a few random playouts may capture E5 (a loaded
        // machine reports every 50 ms however few have finished).
        let visits = |l: &str| -> u64 {
            l.split_once(" rootInfo visits ")
                .and_then(|(_, rest)| rest.split(' ').next())
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        let line = (0..1000)
            .map(|_| c.line().expect("info line"))
            .find(|l| visits(l) >= 100)
            .expect("100 playouts within 1000 reports");
        let (moves, ownership) = line.split_once(" ownership ").expect("ownership last");
        let values: Vec<f64> = ownership
            .split(' ')
            .map(|v| v.parse().expect("float"))
            .collect();
        assert_eq!(values.len(), 81);
        assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
        // E5 (row 5 from the top is index 4, column E is 4) is Black's,
        // so White, to move, sees it as the opponent's.
        assert!(values[4 * 9 + 4] < 0.0, "{}", values[40]);
        let (moves, root) = moves.split_once(" rootInfo ").expect("rootInfo");
        assert!(root.starts_with("visits "), "{root}");
        let re = regex::Regex::new(
            r"^info move (pass|[A-HJ-T]\d+) visits \d+ winrate [01]\.\d{6} scoreMean -?\d+\.\d{3} scoreLead -?\d+\.\d{3} prior [01]\.\d{6} lcb [01]\.\d{6} order [0-2] pv( (pass|[A-HJ-T]\d+))+$",
        )
        .expect("regex");
        let bs = blocks(moves);
        assert!((1..=3).contains(&bs.len()), "{moves}");
        for b in bs {
            assert!(re.is_match(&b), "{b:?}");
            assert!(!b.contains("move E5 "), "an occupied point: {b}");
        }
        c.close();
        loop {
            match c.line().as_deref() {
                Some("") | None => break,
                Some(l) => assert!(l.starts_with("info "), "{l}"),
            }
        }
    }

    #[test]
    fn avoided_moves_are_never_analysed() {
        let mut c = Client::start(config(5));
        // Every point but A1 and E5 avoided for Black at the root.
        let avoid: Vec<String> = "ABCDE"
            .chars()
            .flat_map(|x| (1..=5).map(move |y| format!("{x}{y}")))
            .filter(|v| v != "A1" && v != "E5")
            .collect();
        c.send(&format!("lz-analyze b 5 avoid b {} 1\n", avoid.join(",")));
        assert_eq!(c.line().as_deref(), Some("="));
        for _ in 0..3 {
            let line = c.line().expect("info");
            for b in blocks(&line) {
                assert!(
                    b.starts_with("info move A1 ") || b.starts_with("info move E5 "),
                    "{b}"
                );
            }
        }
        c.send("name\n");
        while c.line().is_some_and(|l| !l.is_empty()) {}
        assert_eq!(c.response(), "= ingo");
    }

    #[test]
    fn bad_analysis_arguments_start_nothing() {
        let mut c = Client::start(config(9));
        for bad in [
            "lz-analyze b 10 foo 3",
            "lz-analyze b 10 avoid b Z9 1",
            "lz-analyze b 10 avoid b d4",
            "lz-analyze x",
            "lz-analyze b 10 ownership true",
            "kata-analyze b interval",
            "kata-genmove_analyze 10",
        ] {
            c.send(&format!("{bad}\n"));
            assert_eq!(c.response(), "? syntax error", "{bad}");
        }
        c.send("name\n");
        assert_eq!(c.response(), "= ingo");
    }

    #[test]
    fn genmove_analyze_plays_its_move_then_answers_what_waited() {
        let mut cfg = config(9);
        cfg.time_per_move = Duration::from_millis(400);
        let mut c = Client::start(cfg);
        c.send("5 kata-genmove_analyze b 5\n6 list_stones black\n");
        assert_eq!(c.line().as_deref(), Some("=5"));
        let mut infos = 0;
        let played = loop {
            let line = c.line().expect("line");
            if let Some(v) = line.strip_prefix("play ") {
                break v.to_string();
            }
            assert!(line.starts_with("info move "), "{line}");
            infos += 1;
        };
        assert!(infos > 0, "reports every 50 ms over 400 ms");
        assert_eq!(c.line().as_deref(), Some(""));
        assert_eq!(c.response(), format!("=6 {played}"));
    }

    #[test]
    fn gogui_interrupt_ends_a_long_genmove_early() {
        let mut c = Client::start(config(9));
        c.send("gogui-interrupt\n");
        assert_eq!(c.response(), "= ");
        let sent = Instant::now();
        c.send("genmove b\n");
        std::thread::sleep(Duration::from_millis(300));
        c.send("# interrupt\n");
        let reply = c.response();
        assert!(reply.starts_with("= ") && reply.len() > 2, "{reply}");
        // The budget was a minute.
        assert!(sent.elapsed() < Duration::from_secs(20));
        // The interrupt is spent: the next genmove thinks again.
        c.send("list_stones black\n");
        assert_eq!(c.response(), format!("= {}", &reply[2..]));
    }

    #[test]
    fn gogui_interrupt_line_ends_an_analysis_too() {
        let mut c = Client::start(config(9));
        c.send("lz-analyze b 5\n");
        assert_eq!(c.line().as_deref(), Some("="));
        assert!(c.line().is_some_and(|l| l.starts_with("info move ")));
        c.send("# interrupt\n");
        // Reports go on every 50 ms until it ends: a few lines at most.
        let ended = (0..100).any(|_| c.line().is_some_and(|l| l.is_empty()));
        assert!(ended, "the analysis went on");
        c.send("name\n");
        assert_eq!(c.response(), "= ingo");
    }

    #[test]
    fn pondering_stops_at_the_next_command() {
        let mut cfg = config(9);
        cfg.ponder = true;
        cfg.time_per_move = Duration::from_millis(200);
        let mut c = Client::start(cfg);
        c.send("genmove b\n");
        let first = c.response();
        assert!(first.starts_with("= "), "{first}");
        std::thread::sleep(Duration::from_millis(300));
        c.send("play w pass\nname\n");
        assert_eq!(c.response(), "= ");
        assert_eq!(c.response(), "= ingo");
        c.send("genmove b\nquit\n");
        assert!(c.response().starts_with("= "));
        assert_eq!(c.response(), "= ");
        assert_eq!(c.line(), None, "quit ends the loop");
    }
}
