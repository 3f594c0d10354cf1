//! Deterministic Zobrist keys for stone arrangements.
//!
//! Keys come from a fixed-seed generator, so every run of every build with
//! the same `rand` version hashes the same arrangement to the same value.
//! Hash hits are always confirmed against the stored arrangement by the
//! rules layer, so the keys only need to be well spread, never unique.

use std::sync::LazyLock;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::color::Color;
use super::point::{Point, SLOTS};

/// Arbitrary but fixed: changing it changes every hash, nothing else.
const ZOBRIST_SEED: u64 = 0x001d_605e_ed0f_1a90;

/// One key per point and colour, for every slot of the board arrays (the
/// slots past [`MAX_POINTS`](super::point::MAX_POINTS) are never read).
/// (Situational superko needs no key for the player to move: the history
/// stores the mover beside each position.)
pub type Keys = [[u64; 2]; SLOTS];

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let mut rng = StdRng::seed_from_u64(ZOBRIST_SEED);
    let mut keys = [[0u64; 2]; SLOTS];
    for pair in keys.iter_mut() {
        pair[0] = rng.random();
        pair[1] = rng.random();
    }
    keys
});

/// The key table, for a board to keep: reading through the reference skips
/// the initialisation check that every access to the lazy static makes,
/// once per stone placed or removed in a playout.
pub fn table() -> &'static Keys {
    &KEYS
}

/// The key of a stone of `color` at `p`.
#[inline]
pub fn stone_key(p: Point, color: Color) -> u64 {
    table()[p.index()][color.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_stable() {
        let a = Point::from_coords(0, 0, 9).expect("A1");
        let b = Point::from_coords(1, 0, 9).expect("B1");
        assert_ne!(stone_key(a, Color::Black), stone_key(a, Color::White));
        assert_ne!(stone_key(a, Color::Black), stone_key(b, Color::Black));
        assert_eq!(stone_key(a, Color::Black), stone_key(a, Color::Black));
    }
}
