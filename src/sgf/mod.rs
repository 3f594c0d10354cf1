//! `loadsgf` / `printsgf` over the `sgf-parse` crate: board size, komi,
//! rules, handicap and set-up stones (`AB`/`AW`/`PL`), moves and passes of
//! the main line; on writing also the result and the agreed dead stones.
//!
//! Reading goes bytes → text ([`charset`]) → one well-formed tree
//! ([`repair`]) → [`Game`](crate::rules::Game) ([`read`]); [`write`] goes
//! back. This file only declares the parts and names the public API.

mod charset;
mod error;
mod info;
mod read;
mod repair;
mod write;

pub use charset::decode;
pub use error::LoadError;
pub use info::{game_info, GameInfo};
pub use read::{load, parse, rules_from_sgf, Until};
pub use write::{rules_to_sgf, write, write_counted, write_resigned};
