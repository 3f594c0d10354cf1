//! Large shapes for the move model: the stones and edges within Manhattan
//! distance 2, 3 and 4 of a move, each as one hash that every rotation and
//! mirror image of the shape shares (the diamond counterpart of Pachi's
//! spatial dictionary). The model knows the shapes its teacher played
//! often enough and gives a move the gamma of the largest it knows.

use std::sync::LazyLock;

use crate::board::{Board, Color, Point};

/// The radii of the shapes, smallest first. Radius 2 already holds the
/// 3x3 square; radius 4 is 40 points.
pub const RADII: [u8; 3] = [2, 3, 4];
const MAX_RADIUS: i8 = 4;

/// What a point of a shape holds, seen from the mover: an empty point
/// adds nothing to the hash.
const OWN: usize = 0;
const OPPOSING: usize = 1;
const OFF_BOARD: usize = 2;

/// A fixed, portable mix of 64 bits (splitmix64's finaliser): the hashes
/// are written into the shipped table, so they must not depend on a
/// random generator's version.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of a point at offset (dx, dy) holding `what`.
fn key(dx: i8, dy: i8, what: usize) -> u64 {
    let code = ((i64::from(dx) + 8) * 16 + i64::from(dy) + 8) * 4 + what as i64;
    mix(code as u64)
}

/// Offsets of the shape's points, ring by ring (distance 1 first).
struct Cells {
    offsets: Vec<(i8, i8)>,
    /// `ring_end[d]`: the end of distance d's cells in `offsets`.
    ring_end: [usize; MAX_RADIUS as usize + 1],
    /// `keys[k][c][what]`: the key of cell c under symmetry k.
    keys: [Vec<[u64; 3]>; 8],
}

static CELLS: LazyLock<Cells> = LazyLock::new(|| {
    let mut offsets = Vec::new();
    let mut ring_end = [0; MAX_RADIUS as usize + 1];
    for d in 1..=MAX_RADIUS {
        for dy in -d..=d {
            for dx in -d..=d {
                if dx.abs() + dy.abs() == d {
                    offsets.push((dx, dy));
                }
            }
        }
        ring_end[d as usize] = offsets.len();
    }
    let keys = std::array::from_fn(|k| {
        offsets
            .iter()
            .map(|&(dx, dy)| {
                // Up to three quarter turns, then an optional mirror.
                let (mut x, mut y) = (dx, dy);
                for _ in 0..k / 2 {
                    (x, y) = (y, -x);
                }
                if k % 2 == 1 {
                    x = -x;
                }
                [key(x, y, OWN), key(x, y, OPPOSING), key(x, y, OFF_BOARD)]
            })
            .collect()
    });
    Cells {
        offsets,
        ring_end,
        keys,
    }
});

/// The hashes of the shapes around the empty point `p` for `color` to
/// move, one per radius of [`RADII`]. A hash is the least over the eight
/// symmetries, salted with its radius, so that a shape and its rotations
/// and mirror images share it and shapes of different radii never do.
pub fn hashes(board: &Board, color: Color, p: Point) -> [u64; 3] {
    let cells = &*CELLS;
    let (x, y) = p.coords();
    let size = i16::from(board.size());
    let mut acc = [0u64; 8];
    let mut out = [0u64; 3];
    let mut start = 0;
    for d in 1..=MAX_RADIUS as usize {
        for c in start..cells.ring_end[d] {
            let (dx, dy) = cells.offsets[c];
            let (qx, qy) = (i16::from(x) + i16::from(dx), i16::from(y) + i16::from(dy));
            let what = if !(0..size).contains(&qx) || !(0..size).contains(&qy) {
                OFF_BOARD
            } else {
                match Point::from_coords(qx as u8, qy as u8, board.size())
                    .and_then(|q| board.color_at(q))
                {
                    None => continue,
                    Some(c) if c == color => OWN,
                    Some(_) => OPPOSING,
                }
            };
            for (a, keys) in acc.iter_mut().zip(&cells.keys) {
                *a ^= keys[c][what];
            }
        }
        start = cells.ring_end[d];
        if let Some(i) = RADII.iter().position(|&r| usize::from(r) == d) {
            let least = acc.iter().copied().min().unwrap_or(0);
            out[i] = least ^ mix(0x5eed_0000 + d as u64);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{at, board};

    /// `board` turned and mirrored as symmetry `k` of the whole square,
    /// with `p`'s image.
    fn transformed(b: &Board, p: Point, k: usize) -> (Board, Point) {
        let far = b.size() - 1;
        let map = |q: Point| {
            let (mut x, mut y) = q.coords();
            for _ in 0..k / 2 {
                (x, y) = (y, far - x);
            }
            if k % 2 == 1 {
                x = far - x;
            }
            Point::from_coords(x, y, b.size()).expect("on the board")
        };
        let mut out = Board::new(b.size());
        for y in 0..b.size() {
            for x in 0..b.size() {
                let q = Point::from_coords(x, y, b.size()).expect("on the board");
                if let Some(c) = b.color_at(q) {
                    out.play_unchecked(c, map(q));
                }
            }
        }
        (out, map(p))
    }

    /// Black and White swapped.
    fn swapped(b: &Board) -> Board {
        let mut out = Board::new(b.size());
        for y in 0..b.size() {
            for x in 0..b.size() {
                let q = Point::from_coords(x, y, b.size()).expect("on the board");
                if let Some(c) = b.color_at(q) {
                    out.play_unchecked(!c, q);
                }
            }
        }
        out
    }

    const POSITION: &str = ". . . . . . . . .
                            . . . . . . . . .
                            . . O O X . . . .
                            . . X O X . . . .
                            . . X . . . . . .
                            . . . . X O . . .
                            . . . . . . . . .
                            . . . O . . . . .
                            . . . . . . . . .";

    #[test]
    fn rotations_mirrors_and_colours_share_a_hash() {
        let b = board(POSITION);
        for v in ["D5", "C2", "F6", "B7", "H1"] {
            let p = at(&b, v);
            let h = hashes(&b, Color::Black, p);
            for k in 0..8 {
                let (t, q) = transformed(&b, p, k);
                assert_eq!(hashes(&t, Color::Black, q), h, "{v}, symmetry {k}");
            }
            assert_eq!(hashes(&swapped(&b), Color::White, p), h, "{v}");
            // The other colour to move sees another shape, but where no
            // stone is near (H1) the same edges.
            assert_eq!(hashes(&b, Color::White, p) == h, v == "H1", "{v}");
        }
        // Other shapes have other hashes (here, at every radius).
        let (a, c) = (
            hashes(&b, Color::Black, at(&b, "D5")),
            hashes(&b, Color::Black, at(&b, "F6")),
        );
        assert!((0..3).all(|r| a[r] != c[r]));
    }

    #[test]
    fn a_stone_counts_only_from_its_radius_on() {
        let empty = board(&". . . . . . . . .\n".repeat(9));
        let centre = hashes(&empty, Color::Black, at(&empty, "E5"));
        // Each radius has its own hash, even where the rings add nothing.
        assert!(centre[0] != centre[1] && centre[1] != centre[2]);
        // A stone four points away changes the radius-4 hash only; the
        // edge two lines away changes every radius.
        let mut far = empty.clone();
        far.play_unchecked(Color::White, at(&far, "E9"));
        let h = hashes(&far, Color::Black, at(&far, "E5"));
        assert_eq!(h[..2], centre[..2]);
        assert_ne!(h[2], centre[2]);
        let edge = hashes(&empty, Color::Black, at(&empty, "E2"));
        assert!((0..3).all(|r| edge[r] != centre[r]));
    }
}
