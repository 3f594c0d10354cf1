#![cfg_attr(not(test), deny(clippy::unwrap_used))]
pub mod board;
pub mod cli;
pub mod gtp;
pub mod rules;
pub mod search;
pub mod sgf;
