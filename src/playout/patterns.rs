//! MoGo-style 3x3 patterns: shapes around an empty point that make it an
//! urgent local answer (hane, cuts, edge moves), after the descriptions in
//! Gelly, Wang, Munos and Teytaud, "Modification of UCT with Patterns in
//! Monte-Carlo Go" (INRIA RR-6062, 2006). The wildcards are written here
//! from those descriptions; they are not copied from any engine.
//!
//! A neighbourhood is the 16-bit code of [`Board::neighborhood_code`]. The
//! table is one bit per code for Black to move, built once with every
//! rotation and mirror of every pattern; White to move looks up the code
//! with the colours swapped.

use std::sync::LazyLock;

use crate::board::{Board, Color, Point};

/// Pattern rows, top row first, centre `.` (the move). From the mover's
/// side: `X` own stone, `O` opposing stone, `.` empty, `#` off the board,
/// `?` anything, `x` anything but an own stone, `o` anything but an
/// opposing stone. `mover_only`: the shape is urgent only for the player
/// it is drawn for; otherwise it is urgent for both (a cut is a cut for
/// one side and a connection for the other).
struct Pattern {
    rows: [&'static str; 3],
    mover_only: bool,
}

const PATTERNS: &[Pattern] = &[
    // Hane that encloses: the opposing stone is flanked on both sides.
    Pattern {
        rows: ["XOX", "...", "???"],
        mover_only: false,
    },
    // Hane that does not cut.
    Pattern {
        rows: ["XO.", "...", "?.?"],
        mover_only: false,
    },
    // Magari: turning round the head of an opposing stone.
    Pattern {
        rows: ["XO?", "X..", "?.?"],
        mover_only: false,
    },
    // Thin hane against two opposing stones: good for the mover only.
    Pattern {
        rows: ["XOO", "...", "?.?"],
        mover_only: true,
    },
    // Cut 1: the diagonal cut, unless an opposing stone on a third side
    // already protects it (then the cutting stone would be nearly dead).
    Pattern {
        rows: ["XO?", "O.o", "?o?"],
        mover_only: false,
    },
    // Cut 2: pushing between two opposing stones that have no own stone
    // below to connect through.
    Pattern {
        rows: ["?X?", "O.O", "xxx"],
        mover_only: false,
    },
    // Edge: chasing a stone along the first line.
    Pattern {
        rows: ["X.?", "O.?", "###"],
        mover_only: false,
    },
    // Edge: the cut on the first line.
    Pattern {
        rows: ["OX?", "X.O", "###"],
        mover_only: false,
    },
    // Edge: blocking the connection under an opposing stone.
    Pattern {
        rows: ["?X?", "x.O", "###"],
        mover_only: false,
    },
    // Edge: cutting off an opposing stone on the first line.
    Pattern {
        rows: ["?OX", "X.O", "###"],
        mover_only: false,
    },
];

/// Grid position (row, column) of each code slot: NW, N, NE, W, E, SW, S, SE.
const SLOTS: [(usize, usize); 8] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (1, 0),
    (1, 2),
    (2, 0),
    (2, 1),
    (2, 2),
];

/// Cell values in a code (as [`crate::board::Cell`] as u8).
const EMPTY: u16 = 0;
const BLACK: u16 = 1;
const WHITE: u16 = 2;
const WALL: u16 = 3;

/// One bit per neighbourhood code: a pattern fits for Black to move.
static TABLE: LazyLock<Box<[u64; 1024]>> = LazyLock::new(build_table);

fn build_table() -> Box<[u64; 1024]> {
    let mut table = Box::new([0u64; 1024]);
    for pat in PATTERNS {
        let grid: [[u8; 3]; 3] = pat.rows.map(|r| {
            let b = r.as_bytes();
            [b[0], b[1], b[2]]
        });
        for g in symmetries(grid) {
            let mut codes = Vec::new();
            expand(&g, 0, 0, &mut codes);
            for code in codes {
                set(&mut table, code);
                if !pat.mover_only {
                    // Drawn for White to move, it also fits for Black.
                    set(&mut table, swap_colors(code));
                }
            }
        }
    }
    table
}

#[inline]
fn set(table: &mut [u64; 1024], code: u16) {
    table[usize::from(code >> 6)] |= 1 << (code & 63);
}

/// The eight rotations and mirror images of a grid.
fn symmetries(g: [[u8; 3]; 3]) -> Vec<[[u8; 3]; 3]> {
    let rotate = |g: [[u8; 3]; 3]| {
        let mut r = g;
        for (y, row) in r.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                *cell = g[2 - x][y];
            }
        }
        r
    };
    let mirror = |g: [[u8; 3]; 3]| g.map(|row| [row[2], row[1], row[0]]);
    let mut out = Vec::with_capacity(8);
    let mut cur = g;
    for _ in 0..4 {
        out.push(cur);
        out.push(mirror(cur));
        cur = rotate(cur);
    }
    out
}

/// Every code the grid matches, from slot `slot` on with `code` so far.
fn expand(g: &[[u8; 3]; 3], slot: usize, code: u16, out: &mut Vec<u16>) {
    if slot == SLOTS.len() {
        out.push(code);
        return;
    }
    let (y, x) = SLOTS[slot];
    let values: &[u16] = match g[y][x] {
        b'X' => &[BLACK],
        b'O' => &[WHITE],
        b'.' => &[EMPTY],
        b'#' => &[WALL],
        b'x' => &[EMPTY, WHITE, WALL],
        b'o' => &[EMPTY, BLACK, WALL],
        _ => &[EMPTY, BLACK, WHITE, WALL],
    };
    // The slot's two bits are still zero in `code`: adding is ORing
    // (written `+` so that no `|`/`^` mutant arises that nothing can
    // tell apart).
    for &v in values {
        expand(g, slot + 1, code + (v << (2 * slot)), out);
    }
}

/// The same neighbourhood with Black and White exchanged.
#[inline]
pub fn swap_colors(code: u16) -> u16 {
    // A slot holding 01 or 10 has exactly one of its two bits set:
    // `differ` has the low bit of each such slot, and times 3 (no carry
    // between slots, at most 0x5555 * 3 = 0xFFFF) both of its bits.
    let differ = (code ^ (code >> 1)) & 0x5555;
    code ^ (differ * 3)
}

/// Does a pattern fit the neighbourhood `code` for `color` to move?
#[inline]
pub fn code_matches(code: u16, color: Color) -> bool {
    let code = match color {
        Color::Black => code,
        Color::White => swap_colors(code),
    };
    TABLE[usize::from(code >> 6)] >> (code & 63) & 1 != 0
}

/// Does a MoGo pattern fit at the empty point `p` for `color` to move?
/// (The move may still be illegal or a self-atari: callers check.)
#[inline]
pub fn matches(board: &Board, p: Point, color: Color) -> bool {
    code_matches(board.neighborhood_code(p), color)
}

/// Forces the table to be built now (say, before timing starts).
pub fn init() {
    LazyLock::force(&TABLE);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    /// The code with the neighbourhood rotated or mirrored as `g` maps
    /// grid cells.
    fn transform(code: u16, map: impl Fn(usize, usize) -> (usize, usize)) -> u16 {
        let mut out = 0;
        for (slot, &(y, x)) in SLOTS.iter().enumerate() {
            let v = code >> (2 * slot) & 3;
            let (ny, nx) = map(y, x);
            let to = SLOTS
                .iter()
                .position(|&s| s == (ny, nx))
                .expect("the centre stays put");
            out |= v << (2 * to);
        }
        out
    }

    #[test]
    fn table_is_invariant_under_symmetry_and_colour_swap() {
        let rot = |y: usize, x: usize| (x, 2 - y);
        let mir = |y: usize, x: usize| (y, 2 - x);
        let mut fits = 0;
        for code in 0..=u16::MAX {
            let m = code_matches(code, Color::Black);
            fits += usize::from(m);
            assert_eq!(m, code_matches(transform(code, rot), Color::Black));
            assert_eq!(m, code_matches(transform(code, mir), Color::Black));
            assert_eq!(m, code_matches(swap_colors(code), Color::White));
        }
        // Neither empty nor everything.
        assert!(fits > 100 && fits < 20_000, "{fits}");
    }

    #[test]
    fn swap_colors_exchanges_stones_only() {
        assert_eq!(swap_colors(0b11_10_01_00), 0b11_01_10_00);
        for code in 0..=u16::MAX {
            assert_eq!(swap_colors(swap_colors(code)), code);
        }
    }

    fn at(b: &Board, v: &str) -> Point {
        Point::parse(v, b.size()).expect("vertex")
    }

    #[test]
    fn hane_and_cut_on_boards() {
        // Black C5/E5 flank White D5: D4 is the enclosing hane, for both.
        let b: Board = ". . . . . . .
                        . . . . . . .
                        . . X O X . .
                        . . . . . . .
                        . . . . . . .
                        . . . . . . .
                        . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(matches(&b, at(&b, "D4"), Color::Black));
        assert!(matches(&b, at(&b, "D4"), Color::White));
        // Same shape turned a quarter and colours swapped.
        let r: Board = ". . . . . . .
                        . . . . . . .
                        . . . O . . .
                        . . . X . . .
                        . . . O . . .
                        . . . . . . .
                        . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(matches(&r, at(&r, "C4"), Color::White));
        assert!(matches(&r, at(&r, "E4"), Color::Black));
        // Open space and a lone stone's far side: no pattern.
        assert!(!matches(&b, at(&b, "A1"), Color::Black));
        assert!(!matches(&b, at(&b, "G3"), Color::Black));
        // The diagonal cut: C3 between White B3/C4 with Black B4.
        let c: Board = ". . . . .
                        . X O . .
                        . O . . .
                        . . . . .
                        . . . . ."
            .parse()
            .expect("diagram");
        assert!(matches(&c, at(&c, "C3"), Color::Black));
        assert!(matches(&c, at(&c, "C3"), Color::White));
        // Thin hane under D5 is the mover's only: Black's, not White's.
        let t: Board = ". . . . . . .
                        . . . . . . .
                        . . X O O . .
                        . . . . . . .
                        . . . . . . .
                        . . . . . . .
                        . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(matches(&t, at(&t, "D4"), Color::Black));
        assert!(!matches(&t, at(&t, "D4"), Color::White));
    }

    #[test]
    fn cuts_that_do_not_cut_are_not_urgent() {
        // Cut 2: D4 pushes between White C4 and E4 under Black D5.
        let open: Board = ". . . . . . .
                           . . . . . . .
                           . . . X . . .
                           . . O . O . .
                           . . . . . . .
                           . . . . . . .
                           . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(matches(&open, at(&open, "D4"), Color::Black));
        // With Black D3 below, the stones already connect through: none
        // of the ten shapes fits (all four sides of D4 are taken, where the
        // hanes and the magari need two empty; the two Black stones face
        // each other, as do the two White ones, where cut 1 needs two
        // side by side).
        let joined: Board = ". . . . . . .
                             . . . . . . .
                             . . . X . . .
                             . . O . O . .
                             . . . X . . .
                             . . . . . . .
                             . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(!matches(&joined, at(&joined, "D4"), Color::Black));
        // Cut 1: D4 cuts White D5 from C4 next to Black C5.
        let cut: Board = ". . . . . . .
                          . . . . . . .
                          . . X O . . .
                          . . O . . . .
                          . . . . . . .
                          . . . . . . .
                          . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(matches(&cut, at(&cut, "D4"), Color::Black));
        // A third White stone at E4 guards the cut (the cutting stone
        // would have one liberty): no shape fits. The hanes and the
        // magari need two empty sides, cut 2 a Black stone on a side, and
        // every shape drawn for White (which counts for Black too) a Black
        // stone on a side.
        let guarded: Board = ". . . . . . .
                              . . . . . . .
                              . . X O . . .
                              . . O . O . .
                              . . . . . . .
                              . . . . . . .
                              . . . . . . ."
            .parse()
            .expect("diagram");
        assert!(!matches(&guarded, at(&guarded, "D4"), Color::Black));
    }
}
