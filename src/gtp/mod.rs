//! The GTP front end. [`Session`] turns one input line into at most one
//! [`Response`] with no I/O of its own, so nearly every protocol test is a
//! unit test; [`io::run`] is the stdin/stdout loop around it.
//!
//! Commands that stream (`lz-analyze` and its kin) and pondering run the
//! search on a thread of its own (`jobs`): the handler only checks the
//! arguments and returns a job with its reply, which the loop starts once
//! the reply is out; the loop prints what the search reports and stops it
//! when the next line arrives. `genmove` and GoGui's graphics search on
//! the loop's thread (`think`).
//!
//! The files build on each other in one direction: `parse` (input and
//! arguments) and `response` (errors and reply text) at the bottom;
//! `stream` (Leela Zero's and KataGo's request and report formats) on
//! them; `session` (the state and the helpers every command needs) on
//! `response`; `think` (a search on the loop's thread), `endgame` (rules,
//! agreement, the count) and `jobs` (the search thread) on the session;
//! `gogui` (GoGui's graphics) and `penalty` (Ing's penalty-point time)
//! on `think`; `commands` (the table and its
//! dispatch) on all of those, and `io` (the loop) on top.

mod commands;
mod endgame;
mod gogui;
pub mod io;
mod jobs;
pub mod parse;
mod penalty;
mod response;
mod session;
mod stream;
mod think;

pub use commands::{command_names, Control};
pub use response::{GtpError, Response};
pub use session::{Config, Session};
