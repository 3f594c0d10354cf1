//! The features of a move that the move model weighs: its 3x3 shape
//! (with the neighbours in atari) in any of its eight symmetric forms,
//! capture, escape (each told apart when it answers the last move's
//! atari), atari, self-atari, distance to the last two moves, line and
//! open space, and its large shape ([`spatial`]).

use std::sync::LazyLock;

use crate::board::{Board, Color, Point};
use crate::tactics;

use super::spatial;

/// Feature groups; each move has exactly one value in each.
pub const GROUPS: usize = 9;
pub(super) const SHAPE: usize = 0;
pub(super) const CAPTURE: usize = 1;
pub(super) const ESCAPE: usize = 2;
pub(super) const ATARI: usize = 3;
pub(super) const SELF_ATARI: usize = 4;
pub(super) const LAST: usize = 5;
pub(super) const PREV: usize = 6;
pub(super) const LINE: usize = 7;
pub(super) const SPATIAL: usize = 8;

/// Names in the table file, and the number of values of each group but
/// the shape (whose values are the shapes the table lists).
pub(super) const GROUP_NAMES: [&str; GROUPS] = [
    "shape",
    "capture",
    "escape",
    "atari",
    "self-atari",
    "last",
    "prev",
    "line",
    "spatial",
];
pub(super) const GROUP_SIZES: [usize; GROUPS] =
    [0, 5, 5, 3, 3, 5, 5, 2 * (LINE_CAP as usize + 1), 0];

/// Capture and escape values a table may leave out, each with the value
/// whose gamma it then shares, listed in order after each group's other
/// values: `gammas.txt` and `gammas-large.txt` have no gammas for the
/// answers to the last move's atari, and play as if those values did not
/// exist (`train-gammas --no-last-atari` writes such a table).
pub(super) const CAPTURE_SAVES_NEW: u8 = 4;
pub(super) const ESCAPE_NEW: u8 = 3;
pub(super) const ESCAPE_NEW_LADDER: u8 = 4;
pub(super) const OPTIONAL: [(usize, u8, u8); 3] = [
    (CAPTURE, CAPTURE_SAVES_NEW, 3),
    (ESCAPE, ESCAPE_NEW, 1),
    (ESCAPE, ESCAPE_NEW_LADDER, 2),
];

/// How many of `group`'s values a table may leave out.
pub(super) fn optional_count(group: usize) -> usize {
    OPTIONAL.iter().filter(|o| o.0 == group).count()
}

/// `group`'s gammas without its optional values, widened to all of them:
/// each left out shares the gamma of the value it stands in for.
pub(super) fn with_optional<T: Copy>(group: usize, mut values: Vec<T>) -> Vec<T> {
    for &(_, _, like) in OPTIONAL.iter().filter(|o| o.0 == group) {
        values.push(values[usize::from(like)]);
    }
    values
}

/// Lines from this one (0-based) inwards share their line gammas in every
/// table. A table may tell fewer lines apart (`Model`'s `lines`): on 9x9
/// the fifth line is the centre point alone, while a table for 19x19 must
/// tell the third and fourth lines of the opening from the centre.
const LINE_CAP: u8 = 5;
/// Most lines a table tells apart.
pub const MAX_LINES: u8 = LINE_CAP + 1;

/// The features of one move: the shape as a raw code (three bits per
/// neighbour in [`Board::neighborhood_code`]'s slot order: the cell from
/// the mover's side, own stone 1 and opposing 2, plus 4 for a stone in
/// atari next to the point), the large shape ([`spatial::code`]) and a
/// value for every other group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub shape: u32,
    pub spatial: spatial::Code,
    pub values: [u8; GROUPS],
}

impl Features {
    /// No stone within Manhattan distance 2 of the move ([`alone`]).
    pub fn alone(&self) -> bool {
        self.values[LINE] & 1 == 1
    }

    /// The move only extends an own string in atari into a ladder that
    /// works ([`tactics::runs_into_ladder`]).
    pub fn runs_into_ladder(&self) -> bool {
        matches!(self.values[ESCAPE], 2 | ESCAPE_NEW_LADDER)
    }
}

/// Code slots of the four neighbours in [`Point::neighbors`]'s order
/// (south, west, east, north).
const NEIGHBOR_SLOTS: [u32; 4] = [6, 3, 4, 1];

/// Manhattan distance between two points.
fn distance(a: Point, b: Point) -> u32 {
    let ((ax, ay), (bx, by)) = (a.coords(), b.coords());
    u32::from(ax.abs_diff(bx)) + u32::from(ay.abs_diff(by))
}

/// Distance from the nearest edge (0 = first line).
pub fn line(board: &Board, p: Point) -> u8 {
    let (x, y) = p.coords();
    let far = board.size() - 1;
    x.min(y).min(far - x).min(far - y)
}

/// True when no stone is within Manhattan distance 2 of `p`.
fn alone(board: &Board, p: Point) -> bool {
    let (x, y) = p.coords();
    let size = i16::from(board.size());
    for dy in -2i16..=2 {
        for dx in -2i16..=2 {
            if dx.abs() + dy.abs() > 2 {
                continue;
            }
            let (qx, qy) = (i16::from(x) + dx, i16::from(y) + dy);
            if !(0..size).contains(&qx) || !(0..size).contains(&qy) {
                continue;
            }
            if let Some(q) = Point::from_coords(qx as u8, qy as u8, board.size()) {
                if board.color_at(q).is_some() {
                    return false;
                }
            }
        }
    }
    true
}

/// The 3x3 shape around the empty point `p` for `color` to move.
pub fn shape(board: &Board, color: Color, p: Point) -> u32 {
    let code = board.neighborhood_code(p);
    let mut shape = 0;
    for slot in 0..8 {
        let mut v = u32::from(code >> (2 * slot) & 3);
        // From the mover's side: own stones 1, opposing 2.
        if color == Color::White && (v == 1 || v == 2) {
            v = 3 - v;
        }
        shape |= v << (3 * slot);
    }
    for (n, slot) in p.neighbors().into_iter().zip(NEIGHBOR_SLOTS) {
        if board.color_at(n).is_some() && board.in_atari(n) {
            shape |= 4 << (3 * slot);
        }
    }
    shape
}

/// The features of a stone of `color` on the empty point `p`, a legal
/// move, after `last` (the opponent's move) and `prev` (the mover's own
/// move before it).
pub fn features(
    board: &Board,
    color: Color,
    p: Point,
    last: Option<Point>,
    prev: Option<Point>,
) -> Features {
    features_with(board, color, p, (last, prev), true)
}

/// [`features`], with the large shape only when `large` is set (an empty
/// one otherwise: a model without large shapes need not pay for them).
pub(super) fn features_with(
    board: &Board,
    color: Color,
    p: Point,
    (last, prev): (Option<Point>, Option<Point>),
    large: bool,
) -> Features {
    let mut values = [0u8; GROUPS];
    let self_atari = board.is_self_atari(color, p);
    // A string the last move put in atari touches it: answering that
    // atari is what a strong player does first (Pachi's patterns tell new
    // ataris from old ones; a model without the difference can weigh the
    // capture that saves two strings far below an escape: see the test
    // `answers_to_the_last_moves_atari_are_told_apart`).
    let touches_last = |s: Point| {
        last.is_some_and(|m| {
            m.neighbors()
                .into_iter()
                .any(|q| board.color_at(q).is_some() && board.same_string(q, s))
        })
    };
    if board.captures_at(color, p) {
        // The biggest capture, and whether an own string in atari next to
        // the captured one gets out (and whether it was the last move's).
        let mut most = 0;
        let mut saves = None;
        for n in p.neighbors() {
            if board.color_at(n) == Some(!color) && board.in_atari(n) {
                most = most.max(board.string_size(n));
                for s in board.stones(n) {
                    for m in s.neighbors() {
                        if board.color_at(m) == Some(color) && board.in_atari(m) {
                            saves = Some(saves == Some(true) || touches_last(m));
                        }
                    }
                }
            }
        }
        values[CAPTURE] = match saves {
            Some(true) => CAPTURE_SAVES_NEW,
            Some(false) => 3,
            None if most >= 2 => 2,
            None => 1,
        };
    } else if board.saves_atari(color, p) {
        let new = p
            .neighbors()
            .into_iter()
            .any(|n| board.color_at(n) == Some(color) && board.in_atari(n) && touches_last(n));
        let ladder = tactics::runs_into_ladder(board, color, p);
        values[ESCAPE] = match (new, ladder) {
            (false, false) => 1,
            (false, true) => 2,
            (true, false) => ESCAPE_NEW,
            (true, true) => ESCAPE_NEW_LADDER,
        };
    }
    if !self_atari && board.puts_in_atari(color, p) {
        values[ATARI] = if tactics::atari_ladders(board, color, p) {
            2
        } else {
            1
        };
    }
    if values[CAPTURE] == 0 {
        // A single stone thrown in is often a good sacrifice; a string is
        // rarely.
        if self_atari {
            values[SELF_ATARI] = 2;
        } else if board.liberties_after(color, p, 2) < 2 {
            values[SELF_ATARI] = 1;
        }
    }
    let near = |m: Option<Point>| match m.map(|m| distance(p, m)) {
        Some(d @ 1..=4) => d as u8,
        _ => 0,
    };
    values[LAST] = near(last);
    values[PREV] = near(prev);
    values[LINE] = line(board, p).min(LINE_CAP) * 2 + u8::from(alone(board, p));
    Features {
        shape: shape(board, color, p),
        spatial: if large {
            spatial::code(board, color, p)
        } else {
            0
        },
        values,
    }
}

/// Slot permutations of the eight rotations and mirror images: slot `s`
/// of a shape goes to slot `SYMMETRIES[k][s]`.
static SYMMETRIES: LazyLock<[[usize; 8]; 8]> = LazyLock::new(|| {
    // Grid position (row, column) of each slot: NW, N, NE, W, E, SW, S, SE.
    const GRID: [(i8, i8); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let slot_of = |g: (i8, i8)| GRID.iter().position(|&q| q == g).expect("a slot");
    let mut out = [[0; 8]; 8];
    for (k, perm) in out.iter_mut().enumerate() {
        for (s, &(r, c)) in GRID.iter().enumerate() {
            // Up to three quarter turns, then an optional mirror.
            let (mut r, mut c) = (r, c);
            for _ in 0..k / 2 {
                (r, c) = (c, -r);
            }
            if k % 2 == 1 {
                c = -c;
            }
            perm[s] = slot_of((r, c));
        }
    }
    out
});

/// The shape moved as symmetry `k` maps its slots.
pub(super) fn transform(shape: u32, k: usize) -> u32 {
    let mut out = 0;
    for (s, &to) in SYMMETRIES[k].iter().enumerate() {
        out |= (shape >> (3 * s) & 7) << (3 * to);
    }
    out
}

/// One representative of the shape's eight symmetric forms.
pub fn canonical(shape: u32) -> u32 {
    (0..8).map(|k| transform(shape, k)).min().unwrap_or(shape)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{at, board, vertex};

    #[test]
    fn symmetries_are_the_eight_of_the_square() {
        let shape = 0o12345670;
        let forms: std::collections::HashSet<u32> = (0..8).map(|k| transform(shape, k)).collect();
        assert_eq!(forms.len(), 8);
        for k in 0..8 {
            assert_eq!(canonical(transform(shape, k)), canonical(shape));
        }
        // A quarter turn takes north to east: the N slot (1) to E (4).
        let north = 1 << 3;
        assert!((0..8).any(|k| transform(north, k) == 1 << (3 * 4)));
        // The corners stay corners.
        for k in 0..8 {
            for s in [0, 2, 5, 7] {
                assert!([0, 2, 5, 7].contains(&SYMMETRIES[k][s]));
            }
        }
    }

    #[test]
    fn shapes_are_seen_from_the_mover() {
        let b = board(
            ". . . . .
             . X O . .
             . . . . .
             . . . . .
             . . . . .",
        );
        let c3 = at(&b, "C3");
        // Black B4 is NW of C3, White C4 N. Swapping the colours and the
        // mover gives the same shape.
        let black = shape(&b, Color::Black, c3);
        assert_eq!(black & 0o77, 0o21);
        let w = board(
            ". . . . .
             . O X . .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(shape(&w, Color::White, c3), black);
        // The lone white stone in atari at A2 marks its slot.
        let a = board(
            ". . . . .
             . . . . .
             X . . . .
             O . . . .
             X . . . .",
        );
        let f = shape(&a, Color::Black, at(&a, "B2"));
        assert_eq!(f >> (3 * 3) & 7, 6, "W slot: opposing stone in atari");
    }

    #[test]
    fn tactical_features() {
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . X . . .
             . . X O . . .
             . . . X . . .
             . . . . . . .
             . X O O X . .",
        );
        // Black E4 captures D4; White E4 escapes.
        let f = features(&b, Color::Black, at(&b, "E4"), None, None);
        assert_eq!(f.values[CAPTURE], 1);
        let f = features(&b, Color::White, at(&b, "E4"), None, None);
        assert_eq!((f.values[CAPTURE], f.values[ESCAPE]), (0, 1));
        // Black D2 puts C1-D1 in atari, and the ladder after C2 works.
        let f = features(&b, Color::Black, at(&b, "D2"), Some(at(&b, "D4")), None);
        assert_eq!(f.values[ATARI], 2);
        assert_eq!(f.values[LAST], 2);
        // Black C2 puts B2 in atari, but B3 escapes to three liberties.
        let a = board(
            ". . . . .
             . . . . .
             . . . . .
             X O . . .
             . X . . .",
        );
        let f = features(&a, Color::Black, at(&a, "C2"), None, None);
        assert_eq!(f.values[ATARI], 1);
        // White A1 beside nothing of its own, in atari there: a throw-in.
        let f = features(&b, Color::White, at(&b, "A1"), None, None);
        assert_eq!(f.values[SELF_ATARI], 1);
        assert_eq!(f.values[LINE], 0);
    }

    #[test]
    fn canonical_is_the_least_of_the_eight_forms() {
        // One own stone beside the point: N (slot 1) is the least of N, W,
        // E and S (slots 1, 3, 4, 6). One opposing stone on a corner: NW
        // (slot 0) is the least of the four corners.
        for s in [1, 3, 4, 6] {
            assert_eq!(canonical(1 << (3 * s)), 0o10, "slot {s}");
        }
        for s in [0, 2, 5, 7] {
            assert_eq!(canonical(2 << (3 * s)), 0o2, "slot {s}");
        }
        // An own stone N and an opposing one E: the forms put the pair on
        // N and W (0o2010 or 0o1020), N and E, S and W, or S and E; the
        // least puts the own stone W and the opposing one N.
        assert_eq!(canonical(0o10 | 0o20000), 0o1020);
    }

    #[test]
    fn line_counts_from_the_nearest_edge() {
        let b = Board::new(9);
        for (v, want) in [
            ("E5", 4),
            ("A5", 0),
            ("J5", 0),
            ("E1", 0),
            ("E9", 0),
            ("B5", 1),
            ("H5", 1),
            ("E2", 1),
            ("E8", 1),
            ("G7", 2),
            ("J9", 0),
        ] {
            assert_eq!(line(&b, vertex(v, 9)), want, "{v}");
        }
    }

    #[test]
    fn alone_looks_at_manhattan_distance_two() {
        // `p` on an empty 9x9 board but for one stone at `stone`.
        let alone_with = |p: &str, stone: &str| {
            let mut b = Board::new(9);
            b.play_unchecked(Color::White, vertex(stone, 9));
            alone(&b, vertex(p, 9))
        };
        assert!(alone(&Board::new(9), vertex("E5", 9)));
        // Distance 1 and 2, straight and diagonal.
        for near in [
            "D5", "E6", "F5", "E4", "G5", "C5", "E7", "E3", "F6", "D4", "F4", "D6",
        ] {
            assert!(!alone_with("E5", near), "{near}");
        }
        // Distance 3 and 4.
        for far in ["G6", "H5", "E8", "F7", "C3", "A5", "G7", "E1"] {
            assert!(alone_with("E5", far), "{far}");
        }
        // At the edge and in the corner the board ends nearer.
        for near in ["B1", "C1", "A2", "A3", "B2"] {
            assert!(!alone_with("A1", near), "{near}");
        }
        for far in ["D1", "C2", "B3", "A4"] {
            assert!(alone_with("A1", far), "{far}");
        }
        assert!(!alone_with("J9", "H8"));
        assert!(alone_with("J9", "G8"));
    }

    #[test]
    fn the_line_value_holds_the_line_and_open_space() {
        // One black stone at B5; Black to move.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . X . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        // Twice the line (at most 5) plus 1 when no stone is within
        // distance 2.
        for (v, value, open) in [
            ("A5", 0, false),
            ("A9", 1, true),
            ("B3", 2, false),
            ("H5", 3, true),
            ("D5", 6, false),
            ("E5", 9, true),
        ] {
            let f = features(&b, Color::Black, at(&b, v), None, None);
            assert_eq!(f.values[LINE], value, "{v}");
            assert_eq!(f.alone(), open, "{v}");
        }
        // From the sixth line inwards the value stays that of the sixth.
        let big = Board::new(19);
        let f = features(&big, Color::Black, vertex("K10", 19), None, None);
        assert_eq!((f.values[LINE], f.alone()), (11, true));
    }

    #[test]
    fn a_capture_of_two_stones_is_told_from_one() {
        // Black D2 takes C1 and D1, E4 takes D4 alone; no black string
        // beside them is in atari.
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . X . . .
             . . X O . . .
             . . . X . . .
             . . X . . . .
             . X O O X . .",
        );
        let capture = |v: &str| features(&b, Color::Black, at(&b, v), None, None).values[CAPTURE];
        assert_eq!(capture("D2"), 2);
        assert_eq!(capture("E4"), 1);
    }

    #[test]
    fn an_escape_is_new_only_if_the_last_move_touches_the_string() {
        // White D4 is in atari; D5 runs it into a ladder to the left edge
        // (tactics' `a_ladder_to_the_edge_works`), unless a white stone at
        // C7 breaks it.
        let diagram = ". . . . . . . . .
                       . . . . . . . . .
                       . . . . . . . . .
                       . . . . . . . . .
                       . . . . X . . . .
                       . . X O X . . . .
                       . . . X . . . . .
                       . . . . . . . . .
                       . . . . . . . . .";
        let b = board(diagram);
        let d5 = at(&b, "D5");
        let white = |b: &Board, p: Point, last: Option<&str>| {
            features(b, Color::White, p, last.map(|v| at(b, v)), None)
        };
        // Black D3 touches D4: the atari is new. Black E5 touches only its
        // own E4, and a move at A9 touches no stone: the atari is older.
        for (last, escape) in [
            (Some("D3"), ESCAPE_NEW_LADDER),
            (Some("E5"), 2),
            (Some("A9"), 2),
            (None, 2),
        ] {
            let f = white(&b, d5, last);
            assert_eq!(f.values[ESCAPE], escape, "{last:?}");
            assert!(f.runs_into_ladder(), "{last:?}");
        }
        let mut broken = b.clone();
        broken.play_unchecked(Color::White, at(&b, "C7"));
        for (last, escape) in [(Some("D3"), ESCAPE_NEW), (Some("E5"), 1)] {
            let f = white(&broken, d5, last);
            assert_eq!(f.values[ESCAPE], escape, "{last:?}");
            assert!(!f.runs_into_ladder(), "{last:?}");
        }
        // A move that saves nothing runs into no ladder.
        let f = white(&b, at(&b, "H2"), Some("E5"));
        assert_eq!(f.values[ESCAPE], 0);
        assert!(!f.runs_into_ladder());
    }
}
