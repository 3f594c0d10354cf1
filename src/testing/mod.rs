//! Test support for the library's unit tests: the small constructors every
//! test module needs, positions several tests share, and the property tests that play random games
//! against a reference model. Compiled for tests only.

mod games;
mod ing_count_props;
mod ing_properties;
mod model;
pub mod positions;
mod properties;

use crate::board::{Board, Point};

/// The board a diagram draws (`X`/`O`/`.` rows, top row first).
pub fn board(diagram: &str) -> Board {
    diagram.parse().expect("diagram")
}

/// The point a GTP vertex names on a board of `size`.
pub fn vertex(v: &str, size: u8) -> Point {
    Point::parse(v, size).expect("vertex")
}

/// The point a GTP vertex names on `board`.
pub fn at(board: &Board, v: &str) -> Point {
    vertex(v, board.size())
}
