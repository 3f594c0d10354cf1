//! Stone colours and per-colour pairs.

use std::fmt;
use std::ops::{Index, IndexMut, Not};
use std::str::FromStr;

/// The colour of a stone or of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// 0 for Black, 1 for White: the index into per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The one-letter form used in GTP `play` lines and SGF (`B`/`W`).
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

/// `b`, `black`, `w`, `white` in any case (GTP colour entity).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColorError;

impl fmt::Display for ColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid color")
    }
}

impl std::error::Error for ColorError {}

impl FromStr for Color {
    type Err = ColorError;
    fn from_str(s: &str) -> Result<Color, ColorError> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ColorError),
        }
    }
}

/// Lower-case full name, as GNU Go prints colours (`black`, `white`).
impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// One value per colour, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T> {
    pub black: T,
    pub white: T,
}

impl<T> ByColor<T> {
    pub const fn new(black: T, white: T) -> Self {
        ByColor { black, white }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Error and display texts reach users (GTP replies, logs, SGF).
    #[test]
    fn texts_and_indices() {
        assert_eq!(ColorError.to_string(), "invalid color");
        assert_eq!(Color::Black.to_string(), "black");
        assert_eq!(Color::White.to_string(), "white");
        assert_eq!((Color::Black.index(), Color::White.index()), (0, 1));
    }

    #[test]
    fn parses_gtp_colours_case_insensitively() {
        for s in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(s.parse::<Color>(), Ok(Color::Black));
        }
        for s in ["w", "W", "white", "WHITE"] {
            assert_eq!(s.parse::<Color>(), Ok(Color::White));
        }
        for s in ["", "x", "bl", "blackk", "empty"] {
            assert_eq!(s.parse::<Color>(), Err(ColorError));
        }
    }

    #[test]
    fn opposite_and_display() {
        assert_eq!(!Color::Black, Color::White);
        assert_eq!(Color::White.to_string(), "white");
    }
}
