//! Who owns each point over the playouts, and the strings that ownership
//! says are dead.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::board::{Board, Color, Point, MAX_POINTS};

use crate::tactics::seki_stones;

/// A string is dead when the opponent owns its points in more than this
/// share of the playouts.
const DEAD_OWNERSHIP: f64 = 0.5;

/// Ownership counts gathered over the playouts from the root.
#[derive(Clone)]
pub(super) struct Ownership {
    /// Per point: playouts in which Black, and White, owned it.
    pub(super) owned: Vec<[u32; 2]>,
    pub(super) playouts: u64,
}

impl Ownership {
    pub(super) fn new() -> Ownership {
        Ownership {
            owned: vec![[0; 2]; MAX_POINTS],
            playouts: 0,
        }
    }

    /// Adds these counts to the shared ones and starts again from zero.
    pub(super) fn flush(&mut self, shared: &SharedOwnership) {
        for (a, b) in self.owned.iter_mut().zip(&shared.owned) {
            for c in 0..2 {
                if a[c] > 0 {
                    b[c].fetch_add(a[c], Ordering::Relaxed);
                    a[c] = 0;
                }
            }
        }
        shared.playouts.fetch_add(self.playouts, Ordering::Relaxed);
        self.playouts = 0;
    }

    /// Share of playouts in which `color` owned `p`.
    pub(super) fn share(&self, p: Point, color: Color) -> f64 {
        if self.playouts == 0 {
            return 0.0;
        }
        f64::from(self.owned[p.index()][color.index()]) / self.playouts as f64
    }

    /// Strings whose points the opponent owns in most playouts.
    pub(super) fn dead(&self, board: &Board) -> Vec<Point> {
        dead_strings(board, |p, c| self.share(p, c))
    }
}

/// Ownership counts of all threads, read while they run.
pub(super) struct SharedOwnership {
    owned: Vec<[AtomicU32; 2]>,
    playouts: AtomicU64,
}

impl SharedOwnership {
    pub(super) fn new() -> SharedOwnership {
        SharedOwnership {
            owned: (0..MAX_POINTS).map(|_| Default::default()).collect(),
            playouts: AtomicU64::new(0),
        }
    }

    pub(super) fn read(&self) -> Ownership {
        Ownership {
            owned: self
                .owned
                .iter()
                .map(|[b, w]| [b.load(Ordering::Relaxed), w.load(Ordering::Relaxed)])
                .collect(),
            playouts: self.playouts.load(Ordering::Relaxed),
        }
    }
}

/// Strings whose points the opponent owns in most playouts, sorted;
/// `share(p, c)` is the share of playouts in which `c` owned `p`. Strings
/// in seki are alive whatever the playouts say: random play breaks sekis
/// that no sensible player would. Which strings are in seki depends on
/// the dead ones (a dead string may be all that keeps its neighbours
/// short of liberties), so the two are found in turn until they agree.
pub(super) fn dead_strings(board: &Board, share: impl Fn(Point, Color) -> f64) -> Vec<Point> {
    let mut dead = Vec::new();
    // The second round settles every case seen; the bound is against a
    // pathological cycle.
    for _ in 0..4 {
        let seki = seki_stones(board, &dead);
        let next = dead_by_ownership(board, &seki, &share);
        if next == dead {
            break;
        }
        dead = next;
    }
    dead
}

/// The strings, other than those at `alive`, whose points the opponent
/// owns in most playouts, sorted.
fn dead_by_ownership(
    board: &Board,
    alive: &[Point],
    share: &impl Fn(Point, Color) -> f64,
) -> Vec<Point> {
    let mut dead = Vec::new();
    let mut done = vec![false; MAX_POINTS];
    for &p in alive {
        done[p.index()] = true;
    }
    for p in board.points() {
        let Some(c) = board.color_at(p) else { continue };
        if done[p.index()] {
            continue;
        }
        let stones = board.string_stones(p);
        let enemy: f64 = stones.iter().map(|&s| share(s, !c)).sum::<f64>() / stones.len() as f64;
        for &s in &stones {
            done[s.index()] = true;
        }
        if enemy > DEAD_OWNERSHIP {
            dead.extend(stones);
        }
    }
    dead.sort_unstable();
    dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions::SEKI_BESIDE_A_DEAD_STONE;
    use crate::testing::{board, vertex};

    #[test]
    fn strings_in_seki_live_whatever_the_playouts_say() {
        // The playouts of game 186 gave White every black stone: random
        // play breaks the seki. Only B9 and the black stones on the right
        // are dead; the seki, found again once B9 is taken, keeps the rest.
        let b = board(SEKI_BESIDE_A_DEAD_STONE);
        let share = |p: Point, c: Color| {
            if b.color_at(p) == Some(!c) && c == Color::White {
                0.9
            } else {
                0.1
            }
        };
        let mut want: Vec<Point> = ["B9", "G5", "H4", "J5", "G6", "H6", "H7", "J7"]
            .iter()
            .map(|v| vertex(v, 9))
            .collect();
        want.sort_unstable();
        assert_eq!(dead_strings(&b, share), want);
    }
}
