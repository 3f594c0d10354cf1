//! The GTP front end. [`Session`] turns one input line into at most one
//! [`Response`] with no I/O of its own, so nearly every protocol test is a
//! unit test; [`io::run`] is the stdin/stdout loop around it.
//!
//! Commands that stream (`lz-analyze` and its kin) and pondering run the
//! search on a thread of its own (`jobs`): the handler only checks the
//! arguments and leaves a job for the loop, which prints what the search
//! reports and stops it when the next line arrives.
//!
//! The files build on each other in one direction: `parse` (input and
//! arguments) and `response` (errors and reply text) at the bottom;
//! `session` (the state and the helpers every command needs) on them;
//! `stream` (Leela Zero and KataGo analysis), `gogui` (GoGui's graphics),
//! `endgame` (rules, agreement, the count) and `jobs` (the search thread)
//! on the session; `commands` (the table and its dispatch) on all of
//! those, and `io` (the loop) on top.

mod commands;
mod endgame;
mod gogui;
pub mod io;
mod jobs;
pub mod parse;
mod response;
mod session;
mod stream;

pub use commands::{Control, COMMANDS};
pub use response::{GtpError, Response};
pub use session::{Config, Session};
