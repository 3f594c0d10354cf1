//! Area scoring (SPEC §1.2), a pure function of the board, the dead stones,
//! komi and the handicap bonus.
//!
//! EGF Simplified Ing: "A player's score is the number of points of her
//! colour on the board plus the number of empty points surrounded only by
//! her stones." An empty region that touches both colours (dame, seki)
//! counts for nobody; an empty board has no bordering stones and scores
//! 0–0.

use std::fmt;

use crate::board::{Board, ByColor, Cell, Color, Point, MAX_POINTS};

use super::TieRule;

/// Both sides' area and White's compensation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreBreakdown {
    /// Live stones on the board.
    pub stones: ByColor<u32>,
    /// Empty points (dead stones' points included) in regions bordered by
    /// that colour alone.
    pub territory: ByColor<u32>,
    /// Added to White.
    pub komi: f64,
    /// Handicap compensation, added to White.
    pub handicap_bonus: u32,
}

impl ScoreBreakdown {
    /// Area of `color` plus, for White, komi and bonus.
    pub fn total(&self, color: Color) -> f64 {
        let area = f64::from(self.stones[color] + self.territory[color]);
        match color {
            Color::Black => area,
            Color::White => area + self.komi + f64::from(self.handicap_bonus),
        }
    }

    /// The result; equal totals are decided by `tie`.
    pub fn result(&self, tie: TieRule) -> GameResult {
        let diff = self.total(Color::Black) - self.total(Color::White);
        if diff > 0.0 {
            GameResult::Win(Color::Black, diff)
        } else if diff < 0.0 {
            GameResult::Win(Color::White, -diff)
        } else {
            match tie {
                TieRule::Draw => GameResult::Draw,
                TieRule::BlackWins => GameResult::Win(Color::Black, 0.0),
            }
        }
    }
}

/// The outcome of a counted game: the winner and the margin, or a draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    Win(Color, f64),
    Draw,
}

impl GameResult {
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win(c, _) => Some(*c),
            GameResult::Draw => None,
        }
    }
}

/// `B+3`, `W+0.5`, `0` (a draw), as GTP `final_score` answers.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win(c, margin) => write!(f, "{}+{}", c.letter(), format_number(*margin)),
            GameResult::Draw => f.write_str("0"),
        }
    }
}

/// A number without trailing zeros (`3`, `0.5`, `-6.25`), rounded to four
/// decimals so that float noise from komi like 6.3 does not show.
pub fn format_number(x: f64) -> String {
    let s = format!("{x:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// Who owns each point under area scoring once the strings at `dead` are
/// removed: the stone's colour, the colour of a region bordered by one
/// colour only, or nobody. Indexed by [`Point::index`].
pub fn area_owners(board: &Board, dead: &[Point]) -> [Option<Color>; MAX_POINTS] {
    owners_of(board, &cells_without(board, dead))
}

/// The board's cells with the strings at `dead` emptied.
fn cells_without(board: &Board, dead: &[Point]) -> [Cell; MAX_POINTS] {
    let mut cells = [Cell::Wall; MAX_POINTS];
    for p in board.points() {
        cells[p.index()] = board.cell(p);
    }
    for &d in dead {
        if board.color_at(d).is_some() {
            for s in board.string_stones(d) {
                cells[s.index()] = Cell::Empty;
            }
        }
    }
    cells
}

/// Area owner of every point of `board` for the arrangement `cells`.
fn owners_of(board: &Board, cells: &[Cell; MAX_POINTS]) -> [Option<Color>; MAX_POINTS] {
    let mut owners = [None; MAX_POINTS];
    let mut seen = [false; MAX_POINTS];
    let mut region = Vec::new();
    for p in board.points() {
        match cells[p.index()] {
            Cell::Empty if !seen[p.index()] => {
                let mut borders = ByColor::new(false, false);
                seen[p.index()] = true;
                region.clear();
                region.push(p);
                let mut i = 0;
                while i < region.len() {
                    for n in region[i].neighbors() {
                        match cells[n.index()] {
                            Cell::Empty if !seen[n.index()] => {
                                seen[n.index()] = true;
                                region.push(n);
                            }
                            Cell::Black => borders.black = true,
                            Cell::White => borders.white = true,
                            _ => {}
                        }
                    }
                    i += 1;
                }
                let owner = match (borders.black, borders.white) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    _ => None,
                };
                for q in &region {
                    owners[q.index()] = owner;
                }
            }
            c => {
                if let Some(color) = c.color() {
                    owners[p.index()] = Some(color);
                }
            }
        }
    }
    owners
}

/// Scores `board` with the strings at `dead` removed.
pub fn score(board: &Board, dead: &[Point], komi: f64, handicap_bonus: u32) -> ScoreBreakdown {
    let cells = cells_without(board, dead);
    let owners = owners_of(board, &cells);
    let mut result = ScoreBreakdown {
        stones: ByColor::default(),
        territory: ByColor::default(),
        komi,
        handicap_bonus,
    };
    for p in board.points() {
        if let Some(owner) = owners[p.index()] {
            if cells[p.index()].color().is_some() {
                result.stones[owner] += 1;
            } else {
                result.territory[owner] += 1;
            }
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions::SHARED_LIBERTIES_NO_SEKI;
    use crate::testing::{board, vertex};

    #[test]
    fn empty_board_is_zero_zero() {
        let s = score(&Board::new(9), &[], 0.0, 0);
        assert_eq!(s.total(Color::Black), 0.0);
        assert_eq!(s.total(Color::White), 0.0);
        assert_eq!(s.result(TieRule::Draw), GameResult::Draw);
        assert_eq!(s.result(TieRule::BlackWins).to_string(), "B+0");
        assert_eq!(
            score(&Board::new(9), &[], 7.0, 0)
                .result(TieRule::Draw)
                .to_string(),
            "W+7"
        );
    }

    #[test]
    fn one_stone_owns_the_board() {
        let mut b = Board::new(5);
        b.play_unchecked(Color::Black, vertex("C3", 5));
        let s = score(&b, &[], 6.5, 0);
        assert_eq!(s.stones.black, 1);
        assert_eq!(s.territory.black, 24);
        assert_eq!(s.result(TieRule::Draw).to_string(), "B+18.5");
    }

    /// The region C5-C4 touches both colours and counts for nobody; so does
    /// C1, where the lower strings meet. A1 is White's, E1 is Black's.
    #[test]
    fn seki_points_count_for_nobody() {
        let b = board(SHARED_LIBERTIES_NO_SEKI);
        let s = score(&b, &[], 0.0, 0);
        assert_eq!(s.stones, ByColor::new(9, 11));
        assert_eq!(s.territory, ByColor::new(1, 1));
        assert_eq!(s.result(TieRule::Draw).to_string(), "W+2");
        assert_eq!(
            score(&b, &[], -2.0, 0).result(TieRule::Draw),
            GameResult::Draw
        );
        assert_eq!(
            score(&b, &[], -2.0, 0)
                .result(TieRule::BlackWins)
                .to_string(),
            "B+0"
        );
    }

    #[test]
    fn dead_stones_become_territory() {
        let b = board(
            "X X X X X
             X . O . X
             X X X X X
             . . . . .
             . . . . .",
        );
        let s = score(&b, &[vertex("C4", 5)], 0.5, 0);
        assert_eq!(s.stones.white, 0);
        assert_eq!(s.territory.black, 13);
        assert_eq!(s.result(TieRule::Draw).to_string(), "B+24.5");
        let alive = score(&b, &[], 0.5, 0);
        // Alive, the white stone makes B4 and D4 neutral; the ten points
        // below still touch Black only.
        assert_eq!(alive.territory.black, 10);
        assert_eq!(alive.result(TieRule::Draw).to_string(), "B+20.5");
    }

    #[test]
    fn handicap_bonus_goes_to_white() {
        let s = score(&Board::new(9), &[], 0.5, 3);
        assert_eq!(s.total(Color::White), 3.5);
        assert_eq!(s.result(TieRule::Draw).to_string(), "W+3.5");
    }

    #[test]
    fn number_format() {
        assert_eq!(format_number(3.0), "3");
        assert_eq!(format_number(0.5), "0.5");
        assert_eq!(format_number(-0.0), "0");
        assert_eq!(format_number(10.0 - 9.7), "0.3");
        assert_eq!(format_number(-6.25), "-6.25");
    }
}
