//! Every position of the game, for superko (SPEC §1.1).
//!
//! Positions are found by their 64-bit Zobrist hash, and every hash hit is
//! confirmed against the stored arrangement, so a hash collision can never
//! make a legal move illegal.

use std::collections::HashMap;

use crate::board::{Board, Cell, Color, MAX_SIZE};

use super::KoRule;

const WORDS: usize = (MAX_SIZE as usize * MAX_SIZE as usize * 2).div_ceil(64);

/// A stone arrangement packed at 2 bits per point, in the board's point
/// order. Equal iff the arrangements (on boards of one size) are equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrangement([u64; WORDS]);

impl Arrangement {
    pub fn of(board: &Board) -> Arrangement {
        let mut words = [0u64; WORDS];
        for (i, p) in board.points().enumerate() {
            let bits = match board.cell(p) {
                Cell::Black => 1u64,
                Cell::White => 2,
                _ => 0,
            };
            words[i / 32] |= bits << (2 * (i % 32));
        }
        Arrangement(words)
    }
}

impl std::fmt::Debug for Arrangement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Arrangement({:x?})", &self.0[..])
    }
}

/// The positions that occurred in a game: arrangement plus player to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionHistory {
    entries: Vec<(Arrangement, Color)>,
    by_hash: HashMap<u64, Vec<u32>>,
}

impl PositionHistory {
    pub fn new() -> PositionHistory {
        PositionHistory::default()
    }

    /// Records the position `board` with `to_move` to play.
    pub fn push(&mut self, board: &Board, to_move: Color) {
        let index = self.entries.len() as u32;
        self.entries.push((Arrangement::of(board), to_move));
        self.by_hash.entry(board.hash()).or_default().push(index);
    }

    /// Number of recorded positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Did this position occur before, as `ko` counts positions?
    pub fn repeats(&self, board: &Board, to_move: Color, ko: KoRule) -> bool {
        let Some(hits) = self.by_hash.get(&board.hash()) else {
            return false;
        };
        let here = Arrangement::of(board);
        hits.iter().any(|&i| {
            let (arr, mover) = &self.entries[i as usize];
            *arr == here && (ko == KoRule::PositionalSuperko || *mover == to_move)
        })
    }

    /// Brute force, for tests: compare with every recorded arrangement.
    pub fn repeats_brute_force(&self, board: &Board, to_move: Color, ko: KoRule) -> bool {
        let here = Arrangement::of(board);
        self.entries.iter().any(|(arr, mover)| {
            *arr == here && (ko == KoRule::PositionalSuperko || *mover == to_move)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;

    #[test]
    fn packs_and_compares_arrangements() {
        let a: Board = ". X\nO .".parse().expect("diagram");
        let b: Board = ". O\nX .".parse().expect("diagram");
        assert_ne!(Arrangement::of(&a), Arrangement::of(&b));
        assert_eq!(Arrangement::of(&a), Arrangement::of(&a.clone()));
        let big = Board::new(25);
        assert_eq!(Arrangement::of(&big), Arrangement::of(&Board::new(25)));
    }

    #[test]
    fn positional_and_situational_lookups() {
        let mut h = PositionHistory::new();
        let mut b = Board::new(3);
        h.push(&b, Color::Black);
        assert!(h.repeats(&b, Color::Black, KoRule::PositionalSuperko));
        assert!(h.repeats(&b, Color::White, KoRule::PositionalSuperko));
        assert!(h.repeats(&b, Color::Black, KoRule::SituationalSuperko));
        assert!(!h.repeats(&b, Color::White, KoRule::SituationalSuperko));
        b.play_unchecked(Color::Black, Point::parse("B2", 3).expect("B2"));
        assert!(!h.repeats(&b, Color::White, KoRule::PositionalSuperko));
    }

    /// A colliding hash (faked by a table entry under the wrong key) must
    /// not count as a repetition: the arrangement decides.
    #[test]
    fn hash_hits_are_confirmed() {
        let mut h = PositionHistory::new();
        let empty = Board::new(3);
        let mut other = Board::new(3);
        other.play_unchecked(Color::Black, Point::parse("A1", 3).expect("A1"));
        h.push(&empty, Color::Black);
        h.by_hash.entry(other.hash()).or_default().push(0);
        assert!(!h.repeats(&other, Color::White, KoRule::PositionalSuperko));
    }
}
