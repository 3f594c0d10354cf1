//! Large shapes for the move model: the stones and edges within Manhattan
//! distance 2, 3 and 4 of a move (the diamond counterpart of Pachi's
//! spatial dictionary). A shape is a code of two bits a point, ring by
//! ring outwards, written in the table as one character a point (`.`
//! empty, `X` the mover's stone, `O` the opponent's, `#` off the board).
//! The model lists every rotation and mirror image of the shapes its
//! teacher played often enough, by hash, so that a move needs one hash a
//! radius and gets the gamma of the largest shape listed.

use std::sync::LazyLock;

use crate::board::{Board, Color, Point};

/// The radii of the shapes, smallest first. Radius 2 already holds the
/// 3x3 square; radius 4 is 40 points.
pub const RADII: [u8; 3] = [2, 3, 4];
const MAX_RADIUS: i8 = 4;

/// Two bits a point, ring by ring from distance 1 (the order of
/// [`Cells::offsets`]).
pub type Code = u128;

/// What a point of a shape holds, seen from the mover.
const EMPTY: u8 = 0;
const OWN: u8 = 1;
const OPPOSING: u8 = 2;
const OFF_BOARD: u8 = 3;
const CHARS: [char; 4] = ['.', 'X', 'O', '#'];

/// A fixed, portable mix of 64 bits (splitmix64's finaliser): hashes
/// must not depend on a random generator's version.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The points of the largest shape, ring by ring.
struct Cells {
    offsets: Vec<(i8, i8)>,
    /// `ends[i]`: the number of points of a shape of radius `RADII[i]`.
    ends: [usize; 3],
    /// `moved[k][c]`: where point c goes under symmetry k.
    moved: [Vec<usize>; 8],
    /// `keys[c][what]`: the hash of point c holding `what` (0 if empty).
    keys: Vec<[u64; 4]>,
}

static CELLS: LazyLock<Cells> = LazyLock::new(|| {
    let mut offsets = Vec::new();
    let mut ends = [0; 3];
    for d in 1..=MAX_RADIUS {
        for dy in -d..=d {
            for dx in -d..=d {
                if dx.abs() + dy.abs() == d {
                    offsets.push((dx, dy));
                }
            }
        }
        if let Some(i) = RADII.iter().position(|&r| r as i8 == d) {
            ends[i] = offsets.len();
        }
    }
    let moved = std::array::from_fn(|k| {
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
                offsets
                    .iter()
                    .position(|&o| o == (x, y))
                    .expect("a symmetry keeps the diamond")
            })
            .collect()
    });
    let keys = (0..offsets.len() as u64)
        .map(|c| [0, mix(4 * c + 1), mix(4 * c + 2), mix(4 * c + 3)])
        .collect();
    Cells {
        offsets,
        ends,
        moved,
        keys,
    }
});

/// What point `c` of `code` holds.
fn at(code: Code, c: usize) -> u8 {
    (code >> (2 * c) & 3) as u8
}

/// The shape of radius 4 around the empty point `p` for `color` to move.
pub fn code(board: &Board, color: Color, p: Point) -> Code {
    let (x, y) = p.coords();
    let size = i16::from(board.size());
    let mut code = 0;
    for (c, &(dx, dy)) in CELLS.offsets.iter().enumerate() {
        let (qx, qy) = (i16::from(x) + i16::from(dx), i16::from(y) + i16::from(dy));
        let what = if !(0..size).contains(&qx) || !(0..size).contains(&qy) {
            OFF_BOARD
        } else {
            match Point::from_coords(qx as u8, qy as u8, board.size())
                .and_then(|q| board.color_at(q))
            {
                None => EMPTY,
                Some(c) if c == color => OWN,
                Some(_) => OPPOSING,
            }
        };
        code |= Code::from(what) << (2 * c);
    }
    code
}

/// The hashes of the shapes of every radius in `code`, as it lies: a
/// shape's rotations and mirror images have hashes of their own. Each is
/// salted with its radius, so that shapes of different radii never share
/// one.
pub fn hashes(code: Code) -> [u64; 3] {
    let cells = &*CELLS;
    let mut out = [0; 3];
    let mut h = 0;
    let mut start = 0;
    for (i, &end) in cells.ends.iter().enumerate() {
        for c in start..end {
            h ^= cells.keys[c][usize::from(at(code, c))];
        }
        out[i] = h ^ mix(0x5eed_0000 + u64::from(RADII[i]));
        start = end;
    }
    out
}

/// The shape moved as symmetry `k` (of eight) moves its points.
pub fn transform(code: Code, k: usize) -> Code {
    let mut out = 0;
    for (c, &to) in CELLS.moved[k].iter().enumerate() {
        out |= Code::from(at(code, c)) << (2 * to);
    }
    out
}

/// The hashes of [`hashes`] that a shape shares with its rotations and
/// mirror images: the least over the eight.
pub fn canonical_hashes(code: Code) -> [u64; 3] {
    let mut out = [u64::MAX; 3];
    for k in 0..8 {
        for (o, h) in out.iter_mut().zip(hashes(transform(code, k))) {
            *o = (*o).min(h);
        }
    }
    out
}

/// The shape of radius `RADII[radius]` in `code`, as the table writes it.
pub fn text(code: Code, radius: usize) -> String {
    (0..CELLS.ends[radius])
        .map(|c| CHARS[usize::from(at(code, c))])
        .collect()
}

/// A shape as the table writes it, and the index of its radius in
/// [`RADII`].
pub fn parse(text: &str) -> Option<(Code, usize)> {
    let radius = CELLS.ends.iter().position(|&n| n == text.chars().count())?;
    let mut code = 0;
    for (c, ch) in text.chars().enumerate() {
        let what = CHARS.iter().position(|&x| x == ch)?;
        code |= (what as Code) << (2 * c);
    }
    Some((code, radius))
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
            let shape = code(&b, Color::Black, p);
            let h = canonical_hashes(shape);
            for k in 0..8 {
                let (t, q) = transformed(&b, p, k);
                let turned = code(&t, Color::Black, q);
                assert_eq!(canonical_hashes(turned), h, "{v}, symmetry {k}");
                // The turned shape is one of the shape's eight forms, which
                // is how the table finds it.
                assert!((0..8).any(|j| transform(shape, j) == turned), "{v} {k}");
            }
            assert_eq!(code(&swapped(&b), Color::White, p), shape, "{v}");
            // The other colour to move sees another shape, but where no
            // stone is near (H1) the same edges.
            assert_eq!(code(&b, Color::White, p) == shape, v == "H1", "{v}");
        }
        // Other shapes have other hashes (here, at every radius).
        let (a, c) = (
            canonical_hashes(code(&b, Color::Black, at(&b, "D5"))),
            canonical_hashes(code(&b, Color::Black, at(&b, "F6"))),
        );
        assert!((0..3).all(|r| a[r] != c[r]));
    }

    #[test]
    fn shapes_are_written_a_point_a_character() {
        let b = board(POSITION);
        let shape = code(&b, Color::Black, at(&b, "C2"));
        // Ring 1 row by row from the first line: C1, B2, D2 (White's),
        // C3; ring 2 starts below the edge (C0) and ends at C4.
        assert_eq!(text(shape, 0), "..O.#.......");
        for r in 0..3 {
            let (back, radius) = parse(&text(shape, r)).expect("parses");
            assert_eq!(radius, r);
            assert_eq!(hashes(back)[r], hashes(shape)[r]);
        }
        assert_eq!(parse(&text(shape, 2)), Some((shape, 2)));
        for bad in ["", "#.....X....", "#.....X....Y", "#.....X....X."] {
            assert_eq!(parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_stone_counts_only_from_its_radius_on() {
        let empty = board(&". . . . . . . . .\n".repeat(9));
        let centre = hashes(code(&empty, Color::Black, at(&empty, "E5")));
        // Each radius has its own hash, even where the rings add nothing.
        assert!(centre[0] != centre[1] && centre[1] != centre[2]);
        // A stone four points away changes the radius-4 hash only; the
        // edge two lines away changes every radius.
        let mut far = empty.clone();
        far.play_unchecked(Color::White, at(&far, "E9"));
        let h = hashes(code(&far, Color::Black, at(&far, "E5")));
        assert_eq!(h[..2], centre[..2]);
        assert_ne!(h[2], centre[2]);
        let edge = hashes(code(&empty, Color::Black, at(&empty, "E2")));
        assert!((0..3).all(|r| edge[r] != centre[r]));
    }
}
