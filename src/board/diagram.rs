//! Board ⇄ ASCII diagram, shared by tests (`FromStr`) and `showboard`.
//!
//! A diagram has one line per row, top row first, one token per point:
//! `.` or `+` empty, `X`/`x`/`#` Black, `O`/`o`/`@` White, separated by
//! spaces or not at all.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use super::{column_letter, Board, Cell, Color, Point, MAX_SIZE};

/// The text is not a square diagram of a legal arrangement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiagramError(pub String);

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad diagram: {}", self.0)
    }
}

impl std::error::Error for DiagramError {}

impl FromStr for Board {
    type Err = DiagramError;

    fn from_str(s: &str) -> Result<Board, DiagramError> {
        let rows: Vec<Vec<Option<Color>>> = s
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<Vec<char>>()
            })
            .filter(|r| !r.is_empty())
            .map(|r| {
                r.into_iter()
                    .map(|c| match c {
                        '.' | '+' => Ok(None),
                        'X' | 'x' | '#' => Ok(Some(Color::Black)),
                        'O' | 'o' | '@' => Ok(Some(Color::White)),
                        other => Err(DiagramError(format!("unknown token {other:?}"))),
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()?;
        let size = rows.len();
        if !(2..=MAX_SIZE as usize).contains(&size) || rows.iter().any(|r| r.len() != size) {
            return Err(DiagramError(format!(
                "not a square of side 2..25: {size} rows"
            )));
        }
        let size = size as u8;
        let mut board = Board::new(size);
        for (i, row) in rows.iter().enumerate() {
            let y = size - 1 - i as u8;
            for (x, cell) in row.iter().enumerate() {
                if let (Some(c), Some(p)) = (cell, Point::from_coords(x as u8, y, size)) {
                    let effect = board.play_unchecked(*c, p);
                    if effect.captured + effect.suicided > 0 {
                        return Err(DiagramError(format!(
                            "string without liberties near {}",
                            p.vertex()
                        )));
                    }
                }
            }
        }
        // A stone placed early may have lost its last liberty to a later
        // one of the same colour's opponent without being "captured" in
        // reading order; the consistency check catches that.
        board.check_consistency().map_err(DiagramError)?;
        Ok(board)
    }
}

impl Board {
    /// The arrangement as a diagram with coordinates, as `showboard` prints
    /// it: no blank line, `X` Black, `O` White, `.` empty.
    pub fn diagram(&self) -> String {
        let size = self.size;
        let mut out = String::new();
        let letters: String = (0..size)
            .map(|x| format!(" {}", column_letter(x)))
            .collect();
        let _ = writeln!(out, "  {letters}");
        for y in (0..size).rev() {
            let _ = write!(out, "{:>2}", y + 1);
            for x in 0..size {
                let ch = match Point::from_coords(x, y, size).map(|p| self.cell(p)) {
                    Some(Cell::Black) => 'X',
                    Some(Cell::White) => 'O',
                    _ => '.',
                };
                let _ = write!(out, " {ch}");
            }
            let _ = writeln!(out, " {}", y + 1);
        }
        let _ = writeln!(out, "  {letters}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_what_is_wrong() {
        let e = ". X\n. . .".parse::<Board>().expect_err("not square");
        assert!(e.to_string().starts_with("bad diagram: "), "{e}");
        assert!(e.to_string().len() > "bad diagram: ".len());
    }

    #[test]
    fn diagram_round_trip() {
        let text = ". X O\nX O .\n. . .";
        let b: Board = text.parse().expect("diagram");
        let printed = b.diagram();
        // The printed form, stripped of coordinates, reads back equal.
        let body: String = printed
            .lines()
            .skip(1)
            .take(3)
            .map(|l| {
                l.split_whitespace()
                    .skip(1)
                    .take(3)
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        assert_eq!(body.parse::<Board>(), Ok(b));
        assert!(printed.starts_with("   A B C\n 3 . X O 3\n"));
    }

    #[test]
    fn rejects_bad_diagrams() {
        assert!(". .\n. . .".parse::<Board>().is_err());
        assert!("Z .\n. .".parse::<Board>().is_err());
        assert!(".".parse::<Board>().is_err());
        // A capture (of A2 by A1), and a suicide (B1, the last stone read).
        assert!("X O\nO .".parse::<Board>().is_err());
        assert!(". O\nO X".parse::<Board>().is_err());
    }
}
