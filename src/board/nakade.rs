//! Nakade: the eye spaces of up to six points that one play inside kills,
//! their vital points, and the self-ataris that leave such a space behind.
//! Random playouts must allow these self-ataris, or they call a group
//! with a big dead eye space alive.

use super::{Board, Cell, Color, Point};

/// Largest eye space that can be a dead shape (rabbity six).
pub const NAKADE_MAX: usize = 6;

/// How many of `area`'s points each point of it touches, and of those
/// counts, how many points have each (index 0 to 4).
fn degrees(area: &[Point]) -> ([u8; NAKADE_MAX], [u8; 5]) {
    let mut deg = [0u8; NAKADE_MAX];
    let mut by = [0u8; 5];
    for (i, &p) in area.iter().enumerate().take(NAKADE_MAX) {
        let n = p.neighbors().iter().filter(|n| area.contains(n)).count();
        deg[i] = n as u8;
        by[n] += 1;
    }
    (deg, by)
}

/// The point of a connected eye space `area` (at most [`NAKADE_MAX`]
/// points) that its owner needs for two eyes and the attacker plays to
/// leave one: the middle of a three, the centre of a pyramid four, a
/// cross five or a rabbity six, the inner corner of a bulky five. `None`
/// when no one point decides it: two points or fewer (one eye), a square
/// four (one eye whoever plays), or a shape that lives either way (a
/// straight or bent four, most fives and sixes).
pub fn vital_point(area: &[Point]) -> Option<Point> {
    if area.len() < 3 || area.len() > NAKADE_MAX {
        return None;
    }
    let (deg, by) = degrees(area);
    let with = |d: u8| area.iter().zip(deg).find(|&(_, n)| n == d).map(|(&p, _)| p);
    match area.len() {
        // Straight and bent three: the point touching both others.
        3 => with(2),
        // Pyramid four; the square has no point of degree 3.
        4 if by[3] == 1 => with(3),
        // Bulky five (a square with one more point): its point of degree 3
        // with a single point of degree 1; the cross: its centre.
        5 if by[3] == 1 && by[1] == 1 => with(3),
        5 if by[4] == 1 => with(4),
        // Rabbity six: a centre of degree 4 and three points of degree 2.
        6 if by[4] == 1 && by[2] == 3 => with(4),
        _ => None,
    }
}

/// Is the connected eye space `area` one that cannot make two eyes when
/// the attacker moves first (or already sits on the vital point)?
pub fn is_dead_shape(area: &[Point]) -> bool {
    match area.len() {
        0..=3 => true,
        4 if degrees(area).1[2] == 4 => true, // the square four
        n if n <= NAKADE_MAX => vital_point(area).is_some(),
        _ => false,
    }
}

impl Board {
    /// Would a stone of `color` at the empty point `p` be a self-atari
    /// ([`Board::is_self_atari`]) that a playout should refuse? Not when
    /// it is a nakade: the string it makes, of at most six stones, sits
    /// inside the opponent's eye space with its last liberty there too,
    /// and once captured leaves a dead shape, so the opponent keeps one
    /// eye where it had room for two.
    pub fn is_bad_self_atari(&self, color: Color, p: Point) -> bool {
        self.is_self_atari(color, p) && !self.is_nakade_self_atari(color, p)
    }

    /// The nakade test of [`Board::is_bad_self_atari`], for a move already
    /// known to be a self-atari: every point around the string it makes
    /// is then the opponent's, a wall or that string's one liberty.
    fn is_nakade_self_atari(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        // The string the move makes: `p` and the own strings it joins.
        let mut string = [p; NAKADE_MAX];
        let mut len = 1;
        for n in p.neighbors() {
            if self.cell(n) == own && !string[..len].contains(&n) {
                for s in self.stones(n) {
                    if len == NAKADE_MAX {
                        return false;
                    }
                    string[len] = s;
                    len += 1;
                }
            }
        }
        let string = &string[..len];
        let Some(liberty) = string
            .iter()
            .flat_map(|s| s.neighbors())
            .find(|&n| n != p && self.is_empty_at(n))
        else {
            return false;
        };
        // The liberty must be closed in by the opponent too: with more
        // empty points (or own stones) beyond it, capturing would leave a
        // bigger space than the string, maybe two eyes.
        let enemy = Cell::stone(!color);
        let closed = liberty.neighbors().iter().all(|&n| {
            let c = self.cell(n);
            c == enemy || c == Cell::Wall || string.contains(&n)
        });
        // A string around that the move puts in atari too makes it a
        // capturing race. That is the nakade's point against a big group
        // (it must capture, and its eye space shrinks), but against a
        // small one on a tiny board capture and recapture could cycle.
        let safe = || {
            string.iter().flat_map(|s| s.neighbors()).all(|n| {
                self.cell(n) != enemy
                    || self.string_size(n) > NAKADE_MAX
                    || self
                        .liberties_up_to::<3>(n)
                        .as_slice()
                        .iter()
                        .filter(|&&l| l != p)
                        .count()
                        >= 2
            })
        };
        closed && is_dead_shape(string) && safe()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{board, vertex as v};

    fn area(size: u8, points: &str) -> Vec<Point> {
        points.split_whitespace().map(|s| v(s, size)).collect()
    }

    #[test]
    fn vital_points_of_the_dead_shapes() {
        // Threes: the middle.
        assert_eq!(vital_point(&area(9, "A1 B1 C1")), Some(v("B1", 9)));
        assert_eq!(vital_point(&area(9, "A1 A2 B1")), Some(v("A1", 9)));
        // Pyramid four: the centre; the square has none.
        assert_eq!(vital_point(&area(9, "C1 D1 E1 D2")), Some(v("D1", 9)));
        assert_eq!(vital_point(&area(9, "A1 B1 A2 B2")), None);
        // Bulky five: the corner of the square the extra point touches.
        assert_eq!(vital_point(&area(9, "A1 B1 A2 B2 C1")), Some(v("B1", 9)));
        // Cross five and rabbity six: the centre.
        assert_eq!(vital_point(&area(9, "E5 D5 F5 E4 E6")), Some(v("E5", 9)));
        assert_eq!(vital_point(&area(9, "E5 D5 F5 E4 E6 F6")), Some(v("E5", 9)));
    }

    #[test]
    fn shapes_that_live_have_no_vital_point() {
        for a in [
            "A1 B1",             // one eye anyway
            "A1 B1 C1 D1",       // straight four
            "A1 B1 C1 C2",       // bent four
            "A1 B1 C1 D1 E1",    // straight five
            "A1 B1 C1 D1 C2",    // a T of five: not bulky
            "A1 B1 C1 A2 B2 C2", // rectangular six
        ] {
            let a = area(9, a);
            assert_eq!(vital_point(&a), None, "{a:?}");
            assert_eq!(is_dead_shape(&a), a.len() <= 2, "{a:?}");
        }
        assert!(is_dead_shape(&area(9, "A1 B1 A2 B2")));
        assert!(is_dead_shape(&area(9, "C1 D1 E1 D2")));
        assert!(!is_dead_shape(&area(9, "A1 B1 C1 D1 E1 F1 G1")));
    }

    #[test]
    fn the_killing_self_atari_inside_a_square_four() {
        // White's corner eye space is A1 B1 A2 B2, with Black A1-B1 in
        // it. Black A2 or B2 makes a bent three with one liberty, inside
        // White's wall: captured, it leaves a bent three whose vital point
        // kills. A nakade, not a blunder.
        let b = board(
            ". . . . .
             . . . . .
             O O O . .
             . . O . .
             X X O . .",
        );
        for m in ["A2", "B2"] {
            assert!(b.is_self_atari(Color::Black, v(m, 5)), "{m}");
            assert!(!b.is_bad_self_atari(Color::Black, v(m, 5)), "{m}");
        }
        // Along the edge: a straight three left behind is dead, a
        // straight four lives.
        let three = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O O O . .
             X X . . O . . . .",
        );
        assert!(three.is_self_atari(Color::Black, v("C1", 9)));
        assert!(!three.is_bad_self_atari(Color::Black, v("C1", 9)));
        let four = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O O O . .
             X X X . . O . . .",
        );
        assert!(four.is_self_atari(Color::Black, v("D1", 9)));
        assert!(four.is_bad_self_atari(Color::Black, v("D1", 9)));
    }

    #[test]
    fn self_ataris_that_stay_bad() {
        // The last liberty C2 opens onto empty points: a real blunder.
        let b = board(
            ". O . O .
             . O X O .
             . O X O .
             . . . . .
             . . . . .",
        );
        assert!(b.is_self_atari(Color::Black, v("C5", 5)));
        assert!(b.is_bad_self_atari(Color::Black, v("C5", 5)));
        // Seven stones are too many for a nakade.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             O O O O O O O O O
             X X X X X X . . O
             O O O O O O O O O
             . . . . . . . . .",
        );
        assert!(b.is_self_atari(Color::Black, v("G3", 9)));
        assert!(b.is_bad_self_atari(Color::Black, v("G3", 9)));
        // On a 2x2 board Black B1 would put White A2 in atari too: a race
        // that White wins by capturing first, not a nakade.
        let b = board(
            "O .
             X .",
        );
        assert!(b.is_self_atari(Color::Black, v("B1", 2)));
        assert!(b.is_bad_self_atari(Color::Black, v("B1", 2)));
        // Not a self-atari at all.
        assert!(!b.is_bad_self_atari(Color::White, v("E1", 9)));
    }
}
