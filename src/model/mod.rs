//! A learned model of where strong players move. Every legal move has a
//! strength, the product of one "gamma" per feature ([`features`]): its
//! 3x3 shape (with the neighbours in atari), capture, escape (each told
//! apart when it answers the last move's atari), atari, self-atari,
//! distance to the last two moves, line and open space, and the largest
//! of its shapes within distance 2, 3 and 4 that the teacher played often.
//! The probability of a move is its strength over the sum of all (Coulom,
//! "Computing Elo Ratings of Move Patterns in the Game of Go", 2007). The
//! gammas are learned offline with Coulom's minorization-maximization
//! ([`train`], `ingo train-gammas`), from the moves of game records or a
//! teacher's probabilities, and compiled in from the tables kept beside
//! `shipped.rs`: `gammas-large.txt` and `gammas-19.txt` with large shapes,
//! from Pachi's pattern prior on 9x9 and on 19x19 positions
//! ([`PLAY_SMALL`], [`PLAY_BIG`]), `gammas.txt` without, from the moves of
//! 9x9 games ([`JUDGE_SMALL`], [`JUDGE_BIG`]); the tree's priors give a
//! child virtual wins that grow with its move's probability, as Pachi does
//! with its own large patterns.
//!
//! `features` is what a move is, `spatial` its large shapes, `table` the
//! gammas and their text form, `shipped` the tables ingo plays and judges
//! with; `train` builds tables and is used by `ingo train-gammas` alone.
//! The model reads the board and the ladder reader (`crate::tactics`).

mod features;
mod shipped;
mod spatial;
mod table;
pub mod train;

pub use features::{canonical, features, line, shape, Features, GROUPS, MAX_LINES};
pub use shipped::{for_judging, for_position, JUDGE_BIG, JUDGE_SMALL, PLAY_BIG, PLAY_SMALL};
pub use table::Model;
