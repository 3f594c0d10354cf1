#![cfg_attr(not(test), deny(clippy::unwrap_used))]
pub mod board;
pub mod rules;
pub mod search;
