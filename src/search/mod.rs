//! Move generation behind the [`Player`] trait: the tree search
//! ([`Mcts`]) plays, and the flat Monte Carlo player is the simple one to
//! choose instead ([`PlayerKind`]); the GTP layer does not know which it
//! talks to, and both end the game by the same rules (`endgame`).
//!
//! `player` is the trait and its vocabulary, `tree` the node arena the
//! search threads share, `workers` the threads, `rave` how the tree
//! learns, `prior` the knowledge new nodes start with (from the move
//! model, `crate::model`, and the ladder reader, `crate::tactics`),
//! `passing` when a pass is on the table, `endgame` when to take it, to
//! resign or to clean up, `count` how a game is counted, `territory` the
//! play under territory scoring, `ambition` the margin a won game plays
//! for, `time` the clock. The playouts are `crate::playout`'s.

mod ambition;
pub mod analysis;
mod count;
mod dynkomi;
mod endgame;
mod flat;
mod kind;
mod mcts;
mod ownership;
mod passing;
mod player;
mod prior;
mod rave;
mod snapshot;
mod territory;
pub mod time;
pub mod tree;
mod workers;

pub use analysis::{Analysis, Candidate, MoveFilter, Restriction, Watch};
pub use count::{dead_stones, Count};
pub use flat::FlatMonteCarlo;
pub use kind::PlayerKind;
pub use mcts::Mcts;
pub use player::{
    max_nodes_for_memory, Budget, Decision, GenMode, Player, SearchParams, DEFAULT_MAX_NODES,
};
