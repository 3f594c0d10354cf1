//! Area scoring (SPEC §1.2), a pure function of the board, the dead stones,
//! komi and the handicap bonus; and territory scoring (SPEC §1.4,
//! `japanese` and `korean`), which also needs the strings in seki.
//!
//! EGF Simplified Ing: "A player's score is the number of points of her
//! colour on the board plus the number of empty points surrounded only by
//! her stones." An empty region that touches both colours (dame, seki)
//! counts for nobody; an empty board has no bordering stones and scores
//! 0–0.

use std::fmt;

use crate::board::{Board, ByColor, Cell, Color, Point, MAX_POINTS};

use super::{Scoring, TieRule};

/// Both sides' count and White's compensation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScoreBreakdown {
    /// What [`ScoreBreakdown::total`] adds up.
    pub scoring: Scoring,
    /// Live stones on the board.
    pub stones: ByColor<u32>,
    /// Empty points (dead stones' points included) in regions bordered by
    /// that colour alone; under territory scoring, not those of a region
    /// that touches a string in seki.
    pub territory: ByColor<u32>,
    /// Opposing stones this colour took: captured during the game and
    /// dead at the end (counted under territory scoring only).
    pub prisoners: ByColor<u32>,
    /// Added to White.
    pub komi: f64,
    /// Handicap compensation, added to White.
    pub handicap_bonus: u32,
    /// Penalty points of Ing's penalty-point time, taken from that colour
    /// (Ing places them as stones in the penalised player's territory).
    pub penalties: ByColor<u32>,
}

impl ScoreBreakdown {
    /// The count of `color` (area, or territory and prisoners) less its
    /// penalties plus, for White, komi and bonus.
    pub fn total(&self, color: Color) -> f64 {
        let count = f64::from(self.points(color)) - f64::from(self.penalties[color]);
        match color {
            Color::Black => count,
            Color::White => count + self.komi + f64::from(self.handicap_bonus),
        }
    }

    /// The points of `color` by the board alone, without komi or bonus.
    pub fn points(&self, color: Color) -> u32 {
        match self.scoring {
            Scoring::Area => self.stones[color] + self.territory[color],
            Scoring::Territory => self.territory[color] + self.prisoners[color],
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

/// The outcome of a counted game: the winner and the margin, or a draw;
/// or no result, when a long cycle voided the game (Japanese rules).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    Win(Color, f64),
    Draw,
    NoResult,
}

impl GameResult {
    pub fn winner(&self) -> Option<Color> {
        match self {
            GameResult::Win(c, _) => Some(*c),
            GameResult::Draw | GameResult::NoResult => None,
        }
    }

    /// The SGF `RE` value: as `final_score` answers, but `Void` for no
    /// result.
    pub fn sgf(&self) -> String {
        match self {
            GameResult::NoResult => "Void".into(),
            _ => self.to_string(),
        }
    }
}

/// `B+3`, `W+0.5`, `0` (a draw, or no result as KataGo answers it), as
/// GTP `final_score` answers.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win(c, margin) => write!(f, "{}+{}", c.letter(), format_number(*margin)),
            GameResult::Draw | GameResult::NoResult => f.write_str("0"),
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
    owners_of(board, &cells_without(board, dead), &[])
}

/// Who owns each point under territory scoring once the strings at `dead`
/// are removed and the strings at `seki` are known to live in seki: as
/// [`area_owners`], but a region that touches a string in seki is
/// nobody's, and stones are nobody's points. Indexed by [`Point::index`].
pub fn territory_owners(
    board: &Board,
    dead: &[Point],
    seki: &[Point],
) -> [Option<Color>; MAX_POINTS] {
    let cells = cells_without(board, dead);
    let mut owners = owners_of(board, &cells, seki);
    for p in board.points() {
        if cells[p.index()].color().is_some() {
            owners[p.index()] = None;
        }
    }
    owners
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

/// Area owner of every point of `board` for the arrangement `cells`; an
/// empty region next to a stone of a string in `seki` is nobody's.
fn owners_of(
    board: &Board,
    cells: &[Cell; MAX_POINTS],
    seki: &[Point],
) -> [Option<Color>; MAX_POINTS] {
    let mut in_seki = [false; MAX_POINTS];
    for &s in seki {
        if board.color_at(s).is_some() {
            for q in board.string_stones(s) {
                in_seki[q.index()] = true;
            }
        }
    }
    let mut owners = [None; MAX_POINTS];
    let mut seen = [false; MAX_POINTS];
    let mut region = Vec::new();
    for p in board.points() {
        match cells[p.index()] {
            Cell::Empty if !seen[p.index()] => {
                let mut borders = ByColor::new(false, false);
                let mut touches_seki = false;
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
                        touches_seki |= in_seki[n.index()] && cells[n.index()].color().is_some();
                    }
                    i += 1;
                }
                let owner = match (borders.black, borders.white) {
                    _ if touches_seki => None,
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
    let owners = owners_of(board, &cells, &[]);
    let mut result = ScoreBreakdown {
        scoring: Scoring::Area,
        stones: ByColor::default(),
        territory: ByColor::default(),
        prisoners: ByColor::default(),
        komi,
        handicap_bonus,
        penalties: ByColor::default(),
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

/// Scores `board` by territory with the strings at `dead` removed and the
/// strings at `seki` living in seki (SPEC §1.4; GNU Go's
/// `aftermath_compute_score` counts the same way).
///
/// Japanese rules (1989), Article 8: "Empty points surrounded by the live
/// stones of just one player are called 'eye points.' [...] Stones which
/// are alive but possess dame are said to be in 'seki.' Eye points
/// surrounded by stones that are alive but not in seki are called
/// 'territory.'" Article 10: stones judged dead at the end "become
/// prisoners"; each side's score is its territory plus the prisoners it
/// took. Dame and every region touching a string in seki (the eyes of a
/// seki group too) count for nobody.
///
/// Which strings are dead or in seki is a judgement about the board; this
/// only counts once it is given. `board.removed` holds the stones captured
/// during the game.
pub fn territory_score(board: &Board, dead: &[Point], seki: &[Point], komi: f64) -> ScoreBreakdown {
    let cells = cells_without(board, dead);
    let owners = territory_owners(board, dead, seki);
    let mut result = ScoreBreakdown {
        scoring: Scoring::Territory,
        stones: ByColor::default(),
        territory: ByColor::default(),
        prisoners: ByColor::new(board.removed(Color::White), board.removed(Color::Black)),
        komi,
        handicap_bonus: 0,
        penalties: ByColor::default(),
    };
    for p in board.points() {
        match (board.color_at(p), cells[p.index()].color()) {
            (Some(c), Some(_)) => result.stones[c] += 1,
            // A dead stone: the point may be territory, the stone is a
            // prisoner of the other side.
            (Some(c), None) => result.prisoners[!c] += 1,
            _ => {}
        }
        if let Some(owner) = owners[p.index()] {
            result.territory[owner] += 1;
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions::{
        SEKI_SHARED_LIBERTIES, SEKI_WITH_EYES, SHARED_LIBERTIES_NO_SEKI,
    };
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

    /// Seki with eyes (issue 21): White's B6-A5-B5 has the eye A6,
    /// Black's ten stones the eye D6, and they share B4, which neither
    /// can fill. Japanese rules (Art. 8): both eyes and B4 are nobody's;
    /// White's outer string has E3 and the first line.
    #[test]
    fn territory_seki_with_eyes_counts_nothing_in_the_seki() {
        let b = board(SEKI_WITH_EYES);
        let seki: Vec<Point> = ["C6", "B6"].iter().map(|v| vertex(v, 6)).collect();
        let t = territory_score(&b, &[], &seki, 0.0);
        assert_eq!(t.scoring, Scoring::Territory);
        assert_eq!(t.stones, ByColor::new(10, 16));
        assert_eq!(t.territory, ByColor::new(0, 7));
        assert_eq!(t.prisoners, ByColor::new(0, 0));
        assert_eq!(t.result(TieRule::Draw).to_string(), "W+7");
        // Area counts each eye for its owner: 11 to 24.
        let a = score(&b, &[], 0.0, 0);
        assert_eq!(a.result(TieRule::Draw).to_string(), "W+13");
        // Without the seki judgement, each eye would be territory.
        let naive = territory_score(&b, &[], &[], 0.0);
        assert_eq!(naive.territory, ByColor::new(1, 8));
        let owners = territory_owners(&b, &[], &seki);
        for v in ["A6", "D6", "B4", "C6"] {
            assert_eq!(owners[vertex(v, 6).index()], None, "{v}");
        }
        assert_eq!(owners[vertex("E3", 6).index()], Some(Color::White));
    }

    /// Seki with shared liberties only: D4 and E4 count for nobody; the
    /// outer black ring owns its four eyes.
    #[test]
    fn territory_seki_with_shared_liberties() {
        let b = board(SEKI_SHARED_LIBERTIES);
        let seki: Vec<Point> = ["C5", "B6"].iter().map(|v| vertex(v, 7)).collect();
        let t = territory_score(&b, &[], &seki, 0.0);
        assert_eq!(t.territory, ByColor::new(4, 0));
        assert_eq!(t.result(TieRule::Draw).to_string(), "B+4");
        assert_eq!(
            territory_score(&b, &[], &seki, 6.5)
                .result(TieRule::Draw)
                .to_string(),
            "W+2.5"
        );
    }

    /// Dead stones inside territory: the point is territory and the stone
    /// a prisoner (Art. 10); alive, it spoils B4 and D4.
    #[test]
    fn territory_dead_stones_are_prisoners() {
        let b = board(
            "X X X X X
             X . O . X
             X X X X X
             . . . . .
             . . . . .",
        );
        let t = territory_score(&b, &[vertex("C4", 5)], &[], 0.5);
        assert_eq!(t.territory.black, 13);
        assert_eq!(t.prisoners, ByColor::new(1, 0));
        assert_eq!(t.stones, ByColor::new(12, 0));
        assert_eq!(t.result(TieRule::Draw).to_string(), "B+13.5");
        let alive = territory_score(&b, &[], &[], 0.5);
        assert_eq!(alive.territory.black, 10);
        assert_eq!(alive.result(TieRule::Draw).to_string(), "B+9.5");
    }

    /// Prisoners taken during the game count for the side that took them.
    #[test]
    fn territory_counts_captures() {
        let mut b = board(
            ". X O . .
             X O . . .
             . . . . .
             . . . . .
             . . . . .",
        );
        for v in ["C4", "D5", "B3"] {
            b.play_unchecked(Color::Black, vertex(v, 5));
        }
        assert_eq!(b.removed(Color::White), 2);
        let t = territory_score(&b, &[], &[], 0.0);
        assert_eq!(t.prisoners, ByColor::new(2, 0));
        // A5 (one point; B5 and A4 wall it) and everything else: Black's.
        assert_eq!(t.territory.black, 25 - 5);
        assert_eq!(t.points(Color::Black), 22);
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
