//! ingo: a Go engine speaking GTP, with the EGF Simplified Ing rules (and
//! five other rule sets) implemented exactly.
//!
//! # Glossary
//! - **point**: an intersection, as an index into the padded board array
//!   ([`board::Point`]); **vertex**: its GTP text (`D4`, `pass` aside).
//! - **string**: a maximal set of same-coloured stones connected along
//!   lines (the SIR word; KataGo says chain, Pachi group).
//! - **liberty**: an empty point next to a string.
//! - **arrangement**: which stone stands on every point; a **position**
//!   is an arrangement plus the player to move (situational superko).
//! - **region**: a maximal connected set of empty points; it is a
//!   player's territory when only that player's stones border it.
//! - **phase**: playing, stopped, resumed, finished (SPEC §1.3).
//!
//! # Data flow
//! ```text
//!  stdin ─► gtp::io (1 MiB lines, lossy UTF-8) ─► gtp::Session::handle
//!                                                   │ one command table
//!            ┌──────────────────────────────────────┤
//!            ▼                                      ▼
//!   rules::Game (legality, superko,          search::Player (genmove,
//!   phases, score, undo, handicap)           dead stones) ─► playouts on
//!            │                                      │        board::Board
//!            └──────────► board::Board ◄────────────┘        copies
//!  stdout ◄─ "=id result\n\n" / "?id error\n\n"
//! ```
//! `board` knows no rules; `rules` owns the game; `tactics` reads Go
//! knowledge off a board (ladders, seki, the strings a territory count
//! takes as dead); `playout` plays a position out to its end and `model`
//! weighs every move by its features (its offline trainer in
//! `model::train`); `search` reads a `Game` and proposes, with both; `gtp`
//! turns text into calls on the game and the player, with no I/O of its
//! own; `cli` and the thin `main` wire them to the process. Imports only
//! go down: board <- rules <- tactics <- {playout, model} <- search <-
//! {review, gtp, cli}.
//!
//! Streaming commands (`lz-analyze` and kin) and pondering run the search
//! on a thread of its own: `gtp::io` reads input on another thread, so the
//! next line stops the search at once (`gtp::jobs`). `sgf` reads and
//! writes records; `review` searches every position of one and writes it
//! back annotated, with a plot; `cpu` reads the process's CPU time.

#![cfg_attr(not(test), deny(clippy::unwrap_used))]

pub mod board;
pub mod cli;
pub mod cpu;
pub mod gtp;
pub mod model;
pub mod nn;
pub mod playout;
pub mod review;
pub mod rules;
pub mod search;
pub mod sgf;
pub mod tactics;

#[cfg(test)]
mod testing;
