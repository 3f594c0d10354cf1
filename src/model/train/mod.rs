//! The offline trainer of the move model (`ingo train-gammas`): training
//! positions from game records or a teacher's probabilities, the fit of a
//! table to them, and how well a table predicts them. The engine never
//! runs it; it builds the tables `super::shipped` compiles in.

mod fit;
mod positions;

pub use fit::{evaluate, train};
pub use positions::{policy_records, positions, Position};
