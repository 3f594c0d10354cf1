//! Talking GTP to an engine process: pipelined commands, replies checked
//! against their ids, and a transcript for protocol failures.

use std::collections::VecDeque;
use std::process::Command;
use std::time::Duration;

use crate::common;

/// A healthy engine answers these commands in microseconds; a reply this late
/// means it hangs, and the test should say so rather than hang too.
const REPLY_TIMEOUT: Duration = Duration::from_secs(60);

/// A reply: `=id text` (success) or `?id text` (failure).
pub(crate) struct Reply {
    pub(crate) success: bool,
    pub(crate) text: String,
}

impl Reply {
    pub(crate) fn show(&self) -> String {
        format!("{} {}", if self.success { "=" } else { "?" }, self.text)
    }
}

/// An engine under [`common::Engine`], with the ids of pipelined commands
/// and the transcript a protocol failure reports.
pub(crate) struct Engine {
    gtp: common::Engine,
    next_id: u64,
    /// Commands sent and not yet answered, with their ids.
    pending: VecDeque<(u64, String)>,
    /// The commands that changed the position since the last `boardsize`,
    /// to reproduce a protocol failure by hand.
    transcript: Vec<String>,
}

impl Engine {
    pub(crate) fn spawn(name: &str, command: Command) -> Engine {
        Engine {
            gtp: common::Engine::start(name, command),
            next_id: 1,
            pending: VecDeque::new(),
            transcript: Vec::new(),
        }
    }

    /// Sends a command without waiting for its reply (GTP allows pipelining;
    /// replies come back in order, which `receive` checks through the ids).
    pub(crate) fn send(&mut self, command: &str) {
        let id = self.next_id;
        self.next_id += 1;
        if command.starts_with("boardsize") {
            self.transcript.clear();
        }
        let changes_position = ["boardsize", "clear_board", "ingo-rules", "play"]
            .iter()
            .any(|name| command.starts_with(name));
        if changes_position {
            self.transcript.push(command.to_string());
        }
        self.gtp.write(&format!("{id} {command}\n"));
        self.pending.push_back((id, command.to_string()));
    }

    /// Waits for the reply to the oldest command sent. Protocol breakage
    /// (crash, hang, garbled or out-of-order reply) panics at once: nothing
    /// after it could be trusted.
    pub(crate) fn receive(&mut self) -> Reply {
        let (id, command) = self
            .pending
            .pop_front()
            .expect("receive() called with no command pending");
        let raw = match self.gtp.tolerant_response(REPLY_TIMEOUT) {
            Ok(raw) => raw,
            Err(broken) => self.protocol_failure(&command, &broken.to_string()),
        };
        let success = match raw.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => self.protocol_failure(&command, &format!("reply `{raw}` is not =/?")),
        };
        let rest = &raw[1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if rest[..digits] != id.to_string() {
            self.protocol_failure(&command, &format!("reply `{raw}` does not carry id {id}"));
        }
        Reply {
            success,
            text: rest[digits..].trim().to_string(),
        }
    }

    fn protocol_failure(&self, command: &str, problem: &str) -> ! {
        panic!(
            "{} broke the GTP exchange on `{command}`: {problem}\n\
             the position was set up with:\n  {}",
            self.gtp.name,
            self.transcript.join("; ")
        )
    }

    /// Sends one command and waits for its reply.
    pub(crate) fn ask(&mut self, command: &str) -> Reply {
        self.send(command);
        self.receive()
    }
}
