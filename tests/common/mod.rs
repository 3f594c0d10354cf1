//! The one wrapper the integration tests drive a GTP engine through: the
//! built `ingo` (or GNU Go) as a child process, its output read on a thread.

// Each test file compiles this module on its own and uses part of it.
#![allow(dead_code)]

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test.
pub const INGO: &str = env!("CARGO_BIN_EXE_ingo");

/// `ingo ARGS`, to be run once or started as an [`Engine`].
pub fn ingo(args: &[&str]) -> Command {
    let mut command = Command::new(INGO);
    command.args(args);
    command
}

/// Why no line or response came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Broken {
    /// Nothing within the wait: the engine hangs.
    Timeout(Duration),
    /// Its output ended or could not be read; why.
    Ended(String),
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Broken::Timeout(wait) => write!(f, "no reply within {}s", wait.as_secs()),
            Broken::Ended(why) => f.write_str(why),
        }
    }
}

/// A GTP engine process. Its stdout is read on a thread, so that a hung
/// engine becomes a timeout instead of a hung test.
pub struct Engine {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<String, String>>,
    /// The engine's stderr lines, when `command` piped its stderr (else
    /// stderr goes where `command` sent it).
    pub errors: Option<Receiver<String>>,
}

impl Engine {
    /// Starts `command` with its stdin and stdout piped.
    ///
    /// # Panics
    /// When the program cannot be started.
    pub fn start(name: &str, mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        let stdin = child.stdin.take().expect("stdin was requested as a pipe");
        let stdout = child.stdout.take().expect("stdout was requested as a pipe");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                let message = match reader.read_line(&mut line) {
                    Ok(0) => Err("its output ended (did it crash or exit?)".to_string()),
                    Ok(_) => Ok(line.trim_end_matches(['\n', '\r']).to_string()),
                    Err(e) => Err(format!("reading its output failed: {e}")),
                };
                let end = message.is_err();
                if sender.send(message).is_err() || end {
                    return;
                }
            }
        });
        let errors = child.stderr.take().map(|stderr| {
            let (sender, errors) = mpsc::channel();
            thread::spawn(move || {
                for line in BufReader::new(stderr).lines() {
                    let Ok(line) = line else { return };
                    if sender.send(line).is_err() {
                        return;
                    }
                }
            });
            errors
        });
        Engine {
            name: name.to_string(),
            child,
            stdin,
            lines,
            errors,
        }
    }

    /// Sends `text` as it is (one or more lines, each ending in `\n`).
    ///
    /// # Panics
    /// When the engine no longer reads its input.
    pub fn write(&mut self, text: &str) {
        if let Err(e) = self
            .stdin
            .write_all(text.as_bytes())
            .and_then(|()| self.stdin.flush())
        {
            panic!("{}: cannot send {text:?}: {e}", self.name);
        }
    }

    /// The next line of output, without its line end.
    ///
    /// # Errors
    /// None within `wait`, or the output ended.
    pub fn line(&mut self, wait: Duration) -> Result<String, Broken> {
        match self.lines.recv_timeout(wait) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(why)) => Err(Broken::Ended(why)),
            Err(RecvTimeoutError::Timeout) => Err(Broken::Timeout(wait)),
            Err(RecvTimeoutError::Disconnected) => Err(Broken::Ended(
                "its output ended (did it crash or exit?)".to_string(),
            )),
        }
    }

    /// The lines of the next response, up to the blank line that ends it
    /// (none when the next line is blank: GTP allows no blank line between
    /// responses). `wait` is for each line.
    ///
    /// # Errors
    /// As [`Engine::line`].
    pub fn response(&mut self, wait: Duration) -> Result<Vec<String>, Broken> {
        let mut lines = Vec::new();
        loop {
            let line = self.line(wait)?;
            if line.is_empty() {
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    /// The next response as one text, lines joined by `\n`, skipping blank
    /// lines before it (a tolerant client's reading, for comparing engines
    /// rather than checking the framing).
    ///
    /// # Errors
    /// As [`Engine::line`].
    pub fn tolerant_response(&mut self, wait: Duration) -> Result<String, Broken> {
        let mut first = self.line(wait)?;
        while first.is_empty() {
            first = self.line(wait)?;
        }
        let mut text = first;
        for line in self.response(wait)? {
            text.push('\n');
            text.push_str(&line);
        }
        Ok(text)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Ask politely, then make sure the child does not outlive the test.
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// splitmix64: tiny, deterministic, good enough to pick fuzz inputs.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0); the modulo bias is irrelevant here.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A number from the environment variable `name` (underscores allowed:
/// `1_000_000`), or `default`.
///
/// # Panics
/// When the variable is set but is no number.
pub fn env_count(name: &str, default: usize) -> usize {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text} is not a number")),
        Err(_) => default,
    }
}
