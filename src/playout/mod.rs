//! The playouts: the policies that play a position out to its end on a
//! copy of the board (light, no-self-atari, heavy), the heavy policy's
//! local knowledge and its 3x3 patterns. It reads only the board.

mod heavy;
pub mod patterns;
mod policy;
#[cfg(test)]
mod tests;

pub use heavy::{atari_escapes, heavy_move, nakade_point};
pub use policy::{area_score, final_owner, owners, play_out, Policy};
