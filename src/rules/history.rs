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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionHistory {
    entries: Vec<(Arrangement, Color)>,
    by_hash: HashMap<u64, Vec<u32>>,
    /// Positions are keyed on `hash & mask`: all 64 bits, except in the
    /// collision tests of [`PositionHistory::with_hash_bits`].
    mask: u64,
}

impl Default for PositionHistory {
    fn default() -> PositionHistory {
        PositionHistory {
            entries: Vec::new(),
            by_hash: HashMap::new(),
            mask: u64::MAX,
        }
    }
}

impl PositionHistory {
    pub fn new() -> PositionHistory {
        PositionHistory::default()
    }

    /// **Test hook; the engine never calls it.** A history that keys
    /// positions on only the low `bits` bits (0..=64, more is read as 64) of
    /// the Zobrist hash, so that hash collisions, which 64 bits make
    /// practically impossible, happen all the time. Every answer must stay
    /// exactly the same: the tests use this to prove that hash hits are
    /// confirmed against the arrangement.
    pub fn with_hash_bits(bits: u32) -> PositionHistory {
        PositionHistory {
            mask: u64::MAX.checked_shr(64 - bits.min(64)).unwrap_or(0),
            ..PositionHistory::default()
        }
    }

    /// How many bits of the hash key a position (64 but in tests).
    pub fn hash_bits(&self) -> u32 {
        self.mask.count_ones()
    }

    fn key(&self, board: &Board) -> u64 {
        board.hash() & self.mask
    }

    /// Records the position `board` with `to_move` to play.
    pub fn push(&mut self, board: &Board, to_move: Color) {
        let index = self.entries.len() as u32;
        self.entries.push((Arrangement::of(board), to_move));
        let key = self.key(board);
        self.by_hash.entry(key).or_default().push(index);
    }

    /// Number of recorded positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Did this position occur before, as `ko` counts positions? (The
    /// basic ko rule counts them as situational superko does: arrangement
    /// and player to move.)
    pub fn repeats(&self, board: &Board, to_move: Color, ko: KoRule) -> bool {
        let Some(hits) = self.by_hash.get(&self.key(board)) else {
            return false;
        };
        let here = Arrangement::of(board);
        hits.iter().any(|&i| {
            let (arr, mover) = &self.entries[i as usize];
            *arr == here && (ko == KoRule::PositionalSuperko || *mover == to_move)
        })
    }

    /// How many positions from index `start` on are `board` with
    /// `to_move` to play (the arrangement confirmed on every hash hit).
    pub fn count_since(&self, start: usize, board: &Board, to_move: Color) -> usize {
        let Some(hits) = self.by_hash.get(&self.key(board)) else {
            return 0;
        };
        let here = Arrangement::of(board);
        hits.iter()
            .filter(|&&i| {
                let (arr, mover) = &self.entries[i as usize];
                i as usize >= start && *arr == here && *mover == to_move
            })
            .count()
    }

    /// For tests: the recorded positions whose hash key equals that of
    /// `board` but whose arrangement differs (real hash collisions, which
    /// [`PositionHistory::repeats`] must see through).
    pub fn collisions(&self, board: &Board) -> usize {
        let here = Arrangement::of(board);
        self.by_hash.get(&self.key(board)).map_or(0, |hits| {
            hits.iter()
                .filter(|&&i| self.entries[i as usize].0 != here)
                .count()
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
    use std::collections::HashSet;

    use super::*;
    use crate::testing::{board, vertex as p};
    use Color::{Black, White};
    use KoRule::{PositionalSuperko as Pos, SituationalSuperko as Sit};

    #[test]
    fn packs_and_compares_arrangements() {
        let a = board(". X\nO .");
        let b = board(". O\nX .");
        assert_ne!(Arrangement::of(&a), Arrangement::of(&b));
        assert_eq!(Arrangement::of(&a), Arrangement::of(&a.clone()));
        let big = Board::new(25);
        assert_eq!(Arrangement::of(&big), Arrangement::of(&Board::new(25)));
    }

    /// Every one-stone board of either colour, and the empty board, packs
    /// differently on every size class: points past the first 64-bit word
    /// (size 6 and up), past the first few words, and the last point of the
    /// largest board. A packing that drops White, shifts the wrong way,
    /// overlaps two points' bits or folds two words together maps two of
    /// them to one arrangement.
    #[test]
    fn one_stone_arrangements_are_all_distinct() {
        for size in [2, 3, 5, 6, 9, 19, 25] {
            let empty = Board::new(size);
            let mut seen = HashSet::new();
            assert!(seen.insert(Arrangement::of(&empty)));
            for q in empty.points() {
                for c in Color::ALL {
                    let mut b = empty.clone();
                    b.play_unchecked(c, q);
                    assert!(
                        seen.insert(Arrangement::of(&b)),
                        "size {size}: {c:?} {} packs like another board",
                        q.vertex()
                    );
                }
            }
            assert_eq!(seen.len(), 1 + 2 * usize::from(size) * usize::from(size));
        }
    }

    /// Many stones of both colours: changing one stone's colour, removing
    /// it, or adding one anywhere changes the arrangement.
    #[test]
    fn multi_stone_arrangements_differ_in_one_stone() {
        // Columns of stones between empty columns: every variant below
        // still has a liberty everywhere, so the diagram reader takes it.
        let row = ['X', '.', 'O', '.', 'X', '.', 'O', '.', 'X'];
        let text = |cells: &[[char; 9]; 9]| -> String {
            cells
                .iter()
                .map(|r| r.iter().collect::<String>() + "\n")
                .collect()
        };
        let cells = [row; 9];
        let here = Arrangement::of(&board(&text(&cells)));
        for y in 0..9 {
            for x in 0..9 {
                let mut changed = cells;
                changed[y][x] = match cells[y][x] {
                    'X' => 'O',
                    'O' => '.',
                    _ => 'X',
                };
                let other = board(&text(&changed));
                assert_ne!(Arrangement::of(&other), here, "{}", text(&changed));
                changed[y][x] = match cells[y][x] {
                    'X' => '.',
                    'O' => 'X',
                    _ => 'O',
                };
                let other = board(&text(&changed));
                assert_ne!(Arrangement::of(&other), here, "{}", text(&changed));
            }
        }
    }

    #[test]
    fn arrangement_debug_shows_the_words() {
        let mut b = Board::new(2);
        b.play_unchecked(White, p("A1", 2));
        let text = format!("{:?}", Arrangement::of(&b));
        assert!(text.starts_with("Arrangement([2, 0"), "{text}");
    }

    #[test]
    fn positional_and_situational_lookups() {
        let mut h = PositionHistory::new();
        let mut b = Board::new(3);
        h.push(&b, Black);
        assert!(h.repeats(&b, Black, Pos));
        assert!(h.repeats(&b, White, Pos));
        assert!(h.repeats(&b, Black, Sit));
        assert!(!h.repeats(&b, White, Sit));
        b.play_unchecked(Black, p("B2", 3));
        assert!(!h.repeats(&b, White, Pos));
        assert_eq!((h.len(), h.is_empty()), (1, false));
        assert!(PositionHistory::new().is_empty());
    }

    /// The oracle on its own: every combination of same or other
    /// arrangement, same or other player to move, and ko rule.
    #[test]
    fn brute_force_oracle_answers_by_the_rules() {
        let mut h = PositionHistory::new();
        let a = board("X O .\n. X .\nO . .");
        let b = board("X O .\n. X .\nO . X");
        h.push(&Board::new(3), Black);
        h.push(&a, White);
        assert!(h.repeats_brute_force(&a, White, Pos));
        assert!(h.repeats_brute_force(&a, Black, Pos));
        assert!(h.repeats_brute_force(&a, White, Sit));
        assert!(!h.repeats_brute_force(&a, Black, Sit));
        for c in Color::ALL {
            for ko in [Pos, Sit] {
                assert!(!h.repeats_brute_force(&b, c, ko));
                assert_eq!(h.repeats(&b, c, ko), h.repeats_brute_force(&b, c, ko));
                assert_eq!(h.repeats(&a, c, ko), h.repeats_brute_force(&a, c, ko));
            }
        }
    }

    /// A colliding hash (faked by a table entry under the wrong key) must
    /// not count as a repetition: the arrangement decides.
    #[test]
    fn hash_hits_are_confirmed() {
        let mut h = PositionHistory::new();
        let empty = Board::new(3);
        let mut other = Board::new(3);
        other.play_unchecked(Black, p("A1", 3));
        h.push(&empty, Black);
        h.by_hash.entry(other.hash()).or_default().push(0);
        assert!(!h.repeats(&other, White, Pos));
        assert_eq!(h.collisions(&other), 1);
    }

    #[test]
    fn hash_bits_mask_the_key() {
        assert_eq!(PositionHistory::new().hash_bits(), 64);
        assert_eq!(PositionHistory::with_hash_bits(64).hash_bits(), 64);
        assert_eq!(PositionHistory::with_hash_bits(99).hash_bits(), 64);
        assert_eq!(PositionHistory::with_hash_bits(8).hash_bits(), 8);
        assert_eq!(PositionHistory::with_hash_bits(1).hash_bits(), 1);
        assert_eq!(PositionHistory::with_hash_bits(0).hash_bits(), 0);
        assert_eq!(PositionHistory::with_hash_bits(8).mask, 0xff);
        assert_ne!(PositionHistory::new(), PositionHistory::with_hash_bits(8));
    }

    /// With no bits of hash every position collides with every other, so
    /// `repeats` must do the whole comparison itself, and `collisions`
    /// counts every recorded position but the equal ones.
    #[test]
    fn with_zero_bits_every_position_collides() {
        let mut h = PositionHistory::with_hash_bits(0);
        let mut full = PositionHistory::new();
        let mut b = Board::new(4);
        let moves = [
            (Black, "B2"),
            (White, "C3"),
            (Black, "C2"),
            (White, "B3"),
            (Black, "A3"),
            (White, "A2"),
        ];
        let mut boards = vec![b.clone()];
        h.push(&b, Black);
        full.push(&b, Black);
        for (i, &(c, v)) in moves.iter().enumerate() {
            b.play_unchecked(c, p(v, 4));
            assert_eq!(h.collisions(&b), i + 1, "after {v}");
            assert_eq!(full.collisions(&b), 0, "after {v}");
            for kept in [&b, &boards[i]] {
                for who in Color::ALL {
                    for ko in [Pos, Sit] {
                        let want = full.repeats_brute_force(kept, who, ko);
                        assert_eq!(h.repeats(kept, who, ko), want);
                        assert_eq!(full.repeats(kept, who, ko), want);
                        assert_eq!(h.repeats_brute_force(kept, who, ko), want);
                    }
                }
            }
            h.push(&b, !c);
            full.push(&b, !c);
            boards.push(b.clone());
            assert_eq!(h.collisions(&b), i + 1);
            assert!(h.repeats(&b, !c, Sit));
            assert!(!h.repeats(&b, c, Sit));
        }
        assert_eq!(h.len(), 7);
    }
}
