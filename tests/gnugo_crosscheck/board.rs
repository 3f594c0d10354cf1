//! A plain 2-D board for the reference: colours, points and their GTP
//! vertices, arrangements, and captures by flood fill.

use std::collections::BTreeSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Colour {
    Black,
    White,
}

impl Colour {
    pub(crate) fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    pub(crate) fn gtp(self) -> &'static str {
        match self {
            Colour::Black => "black",
            Colour::White => "white",
        }
    }

    pub(crate) fn index(self) -> usize {
        match self {
            Colour::Black => 0,
            Colour::White => 1,
        }
    }
}

/// A board point; row 0 is the bottom row (GTP row 1), col 0 is column A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Point {
    pub(crate) row: usize,
    pub(crate) col: usize,
}

/// GTP column letters: A..Z without I.
pub(crate) const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

pub(crate) fn vertex(p: Point) -> String {
    format!("{}{}", char::from(COLUMNS[p.col]), p.row + 1)
}

fn parse_vertex(text: &str, size: usize) -> Option<Point> {
    let upper = text.to_ascii_uppercase();
    let (letter, digits) = upper.split_at_checked(1)?;
    let col = COLUMNS.iter().position(|&c| letter.as_bytes() == [c])?;
    let row = digits.parse::<usize>().ok()?.checked_sub(1)?;
    (col < size && row < size).then_some(Point { row, col })
}

/// Parses a space-separated vertex list as printed by `all_legal` and
/// `list_stones`; order does not matter, duplicates and junk are errors.
pub(crate) fn parse_vertex_set(text: &str, size: usize) -> Result<BTreeSet<Point>, String> {
    let mut set = BTreeSet::new();
    for word in text.split_whitespace() {
        let p = parse_vertex(word, size)
            .ok_or_else(|| format!("`{word}` is not a vertex of a {size}x{size} board"))?;
        if !set.insert(p) {
            return Err(format!("vertex `{word}` listed twice"));
        }
    }
    Ok(set)
}

pub(crate) fn vertex_list(points: &BTreeSet<Point>) -> String {
    let list: Vec<String> = points.iter().map(|&p| vertex(p)).collect();
    if list.is_empty() {
        "(none)".to_string()
    } else {
        list.join(" ")
    }
}

/// A stone arrangement: `board[row][col]`, `None` = empty.
pub(crate) type Arrangement = Vec<Vec<Option<Colour>>>;

pub(crate) fn neighbours(p: Point, size: usize) -> Vec<Point> {
    let Point { row, col } = p;
    let mut result = Vec::with_capacity(4);
    if row > 0 {
        result.push(Point { row: row - 1, col });
    }
    if row + 1 < size {
        result.push(Point { row: row + 1, col });
    }
    if col > 0 {
        result.push(Point { row, col: col - 1 });
    }
    if col + 1 < size {
        result.push(Point { row, col: col + 1 });
    }
    result
}

/// Flood fill: the string containing the stone at `start`, and whether it
/// has at least one liberty.
pub(crate) fn string_at(board: &Arrangement, start: Point) -> (Vec<Point>, bool) {
    let size = board.len();
    let colour = board[start.row][start.col];
    let mut seen = vec![vec![false; size]; size];
    let mut stack = vec![start];
    let mut stones = Vec::new();
    let mut has_liberty = false;
    seen[start.row][start.col] = true;
    while let Some(p) = stack.pop() {
        stones.push(p);
        for n in neighbours(p, size) {
            match board[n.row][n.col] {
                None => has_liberty = true,
                c if c == colour && !seen[n.row][n.col] => {
                    seen[n.row][n.col] = true;
                    stack.push(n);
                }
                _ => {}
            }
        }
    }
    (stones, has_liberty)
}

/// Removes every string of `colour` without liberties; returns how many
/// stones were removed. All dead strings are found before any is removed.
pub(crate) fn remove_dead_strings(board: &mut Arrangement, colour: Colour) -> usize {
    let size = board.len();
    let mut visited = vec![vec![false; size]; size];
    let mut dead = Vec::new();
    for row in 0..size {
        for col in 0..size {
            if board[row][col] == Some(colour) && !visited[row][col] {
                let (stones, has_liberty) = string_at(board, Point { row, col });
                for p in &stones {
                    visited[p.row][p.col] = true;
                }
                if !has_liberty {
                    dead.extend(stones);
                }
            }
        }
    }
    for p in &dead {
        board[p.row][p.col] = None;
    }
    dead.len()
}

/// `board` after `colour` places a stone on the empty `p` (spec 1.1).
pub(crate) fn place(board: &Arrangement, colour: Colour, p: Point) -> Arrangement {
    let mut after = board.clone();
    after[p.row][p.col] = Some(colour);
    remove_dead_strings(&mut after, colour.opponent());
    remove_dead_strings(&mut after, colour);
    after
}
