//! Points of the padded board and their GTP text form (vertices).
//!
//! The board is a 1-D array with a border of wall cells, so that the four
//! neighbours of any on-board point are valid indices and need no bounds
//! check. The stride is fixed at [`STRIDE`] for every board size: a point's
//! index then does not depend on the size, and `A1` is the same `Point` on
//! every board.

use std::fmt;

/// Largest supported board (GTP vertex letters stop at Z).
pub const MAX_SIZE: u8 = 25;
/// Row length of the padded array: one wall column on each side.
pub const STRIDE: usize = MAX_SIZE as usize + 2;
/// Number of cells in the padded array, walls included.
pub const MAX_POINTS: usize = STRIDE * STRIDE;
/// Length of the board's per-point arrays: [`MAX_POINTS`] rounded up to a
/// power of two. An index masked with `SLOTS - 1` is then provably in
/// bounds, so the compiler drops the bounds checks of the playout loops
/// (half of their branches); the mask never changes a real index.
pub const SLOTS: usize = MAX_POINTS.next_power_of_two();

/// GTP column letters: A..Z without I.
const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// An index into the padded board. Only boards hand out points that are on
/// the board; a `Point` for a wall cell never escapes this module's callers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The point at column `x` (0 = A) and row `y` (0 = the bottom row, `1`
    /// in GTP), or `None` when it is off a board of `size`.
    pub fn from_coords(x: u8, y: u8, size: u8) -> Option<Point> {
        (x < size && y < size && size <= MAX_SIZE)
            .then(|| Point(((y as usize + 1) * STRIDE + x as usize + 1) as u16))
    }

    /// Column and row, both 0-based, row 0 at the bottom.
    #[inline]
    pub fn coords(self) -> (u8, u8) {
        let i = self.0 as usize;
        ((i % STRIDE - 1) as u8, (i / STRIDE - 1) as u8)
    }

    /// Position in the padded array (below [`MAX_POINTS`]; masked, see
    /// [`SLOTS`]).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize & (SLOTS - 1)
    }

    /// Inverse of [`Point::index`]; the caller guarantees `i < MAX_POINTS`.
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Point {
        Point(i as u16)
    }

    /// The four orthogonal neighbours (walls included).
    #[inline]
    pub fn neighbors(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [Point(i - s), Point(i - 1), Point(i + 1), Point(i + s)]
    }

    /// The four diagonal neighbours (walls included).
    #[inline]
    pub fn diagonals(self) -> [Point; 4] {
        let i = self.0;
        let s = STRIDE as u16;
        [
            Point(i - s - 1),
            Point(i - s + 1),
            Point(i + s - 1),
            Point(i + s + 1),
        ]
    }

    /// Parses a GTP vertex such as `D4` or `q16` on a board of `size`.
    /// `pass` is not a point; callers that accept it check for it first.
    ///
    /// # Errors
    /// [`VertexError`] when the text is not a vertex on this board.
    pub fn parse(text: &str, size: u8) -> Result<Point, VertexError> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or(VertexError)?;
        let letter = letter.to_ascii_uppercase();
        let x = LETTERS
            .iter()
            .position(|&l| l == letter)
            .ok_or(VertexError)?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(VertexError);
        }
        let row: usize = digits
            .iter()
            .fold(0, |acc, d| acc * 10 + usize::from(d - b'0'));
        if row == 0 || digits[0] == b'0' {
            return Err(VertexError);
        }
        Point::from_coords(x as u8, (row - 1).min(255) as u8, size)
            .filter(|_| row <= size as usize)
            .ok_or(VertexError)
    }

    /// The GTP vertex text, upper case (`D4`).
    pub fn vertex(self) -> Vertex {
        Vertex(self)
    }
}

/// Display adapter printing a point as a GTP vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vertex(pub Point);

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (x, y) = self.0.coords();
        write!(f, "{}{}", LETTERS[x as usize] as char, y as u32 + 1)
    }
}

/// The text is not a vertex on this board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VertexError;

impl fmt::Display for VertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid vertex")
    }
}

impl std::error::Error for VertexError {}

/// The GTP column letter for column `x`.
pub fn column_letter(x: u8) -> char {
    LETTERS[x as usize % LETTERS.len()] as char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_round_trip_on_every_size() {
        for size in 2..=MAX_SIZE {
            for y in 0..size {
                for x in 0..size {
                    let p = Point::from_coords(x, y, size).expect("on board");
                    let text = p.vertex().to_string();
                    assert_eq!(Point::parse(&text, size), Ok(p), "{text}");
                    assert_eq!(Point::parse(&text.to_lowercase(), size), Ok(p));
                    assert_eq!(p.coords(), (x, y));
                }
            }
        }
    }

    #[test]
    fn off_board_coordinates_give_no_point() {
        for size in 2..=MAX_SIZE {
            assert_eq!(Point::from_coords(size, 0, size), None);
            assert_eq!(Point::from_coords(0, size, size), None);
            assert!(Point::from_coords(size - 1, size - 1, size).is_some());
        }
        assert_eq!(Point::from_coords(0, 0, MAX_SIZE + 1), None);
    }

    #[test]
    fn rejects_bad_vertices() {
        for s in [
            "", "I5", "A0", "A10", "K1", "A", "11", "A01", "A-1", "AA1", "A1x", "pass",
        ] {
            assert_eq!(Point::parse(s, 9), Err(VertexError), "{s}");
        }
        assert_eq!(
            Point::parse("T19", 19).map(|p| p.vertex().to_string()),
            Ok("T19".into())
        );
        assert_eq!(
            Point::parse("Z25", 25).map(|p| p.vertex().to_string()),
            Ok("Z25".into())
        );
        assert!(Point::parse("J9", 9).is_ok());
        assert!(Point::parse("A999", 25).is_err());
        // Longer digit runs are refused before they are summed: this one
        // wraps a u64 around to 1 (A1) if summed.
        assert!(Point::parse("A18446744073709551617", 25).is_err());
        assert_eq!(VertexError.to_string(), "invalid vertex");
    }
}
