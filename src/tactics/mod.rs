//! Go knowledge below the players, pure functions of the board that the
//! tree's priors, the move model, the count and the players' dead-stone
//! judgement share: ladders, seki, and the strings a territory count
//! takes as dead. It reads only the board and the rules.

pub mod kata_board;
pub mod kata_ladder;
mod ladder;
pub mod pass_alive;
mod seki;
mod territory_dead;

pub use ladder::{
    atari_ladders, escape_ladder_length, extension_escapes, ladder_captures, ladder_length,
    runs_into_ladder,
};
pub use seki::{seki_for_count, seki_stones};
pub use territory_dead::dead_for_count;
