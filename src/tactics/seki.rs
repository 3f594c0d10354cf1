//! The seki heuristic: which strings, once the dead ones are removed, live
//! in seki and so keep their stones on the board without owning the
//! points between them.

use crate::board::{Board, Cell, Color, Point};
use crate::rules::{Game, Scoring};

/// The strings in seki that the count of `game` must know, with the
/// strings at `dead` removed: those of [`seki_stones`] under territory
/// scoring, where seki points count for nobody; none under area scoring,
/// where the count does not ask.
pub fn seki_for_count(game: &Game, dead: &[Point]) -> Vec<Point> {
    match game.rules().scoring {
        Scoring::Territory if !game.long_cycle() => seki_stones(game.board(), dead),
        _ => Vec::new(),
    }
}

/// The stones of strings in seki once the strings at `dead` are removed
/// (those in atari taken by a stone on their liberty).
/// A seki's shared liberties are empty points next to both colours that
/// neither side can fill without putting its own string in atari (or
/// killing it) while capturing nothing, not even after a harmless move of
/// its own that would give the filling stone liberties ([`approachable`]);
/// dame between safe strings is no such point, as filling it costs
/// nothing. The strings around them are in
/// seki only if the other side cannot approach them either: a liberty
/// outside the shared points that the other side can fill safely (an
/// outside liberty next to a shared one, as in the test
/// `an_approachable_liberty_is_no_seki`) makes a capturing race or a dead
/// string, which the caller's reading or playouts must judge.
///
/// Two more cases are left to the caller the same way (see the test
/// `sacrifices_and_connections_break_false_sekis`):
/// - a string short of liberties that its owner can connect to a strong
///   one: each side first joins its strings through the points that only
///   its stones surround, where a stone leaves three liberties or more
///   (such as an eye shared with a living group);
/// - a string the other side may kill by a sacrifice: filling a shared
///   liberty with a string of at most four stones that the owner must
///   capture, which leaves it those points as its only eye (one stone
///   inside and two shared liberties; a bent four in the corner).
///
/// Pruning strings can leave a shared point with one colour only, and it
/// then stops being one, so the pruning repeats until nothing changes.
pub fn seki_stones(board: &Board, dead: &[Point]) -> Vec<Point> {
    let mut b = board.clone();
    // A dead string in atari is taken by a stone on its liberty, which
    // then fills a point of the capturer's own: taken off without it, a
    // one-point eye beside a seki would look like two points, and the
    // capturer's string safe to fill its shared liberty (see the test
    // `a_dead_stone_in_atari_is_taken_by_a_stone_not_lifted`). Other dead
    // strings are only lifted, as the count lifts them.
    for &p in dead {
        if let (Some(c), Some(l)) = (b.color_at(p), b.atari_liberty(p)) {
            b.play_unchecked(!c, l);
        }
    }
    b.remove_strings(dead);
    loop {
        let found = b.points().find_map(|p| connection(&b, p).map(|c| (p, c)));
        let Some((p, c)) = found else { break };
        b.play_unchecked(c, p);
    }
    let mut shared: Vec<Point> = b
        .points()
        .filter(|&p| {
            b.is_empty_at(p)
                && touches_both(&b, p, |_| true)
                && Color::ALL.iter().all(|&c| !approachable(&b, c, p))
        })
        .collect();
    let mut strings: Vec<Vec<Point>> = Vec::new();
    for &p in &shared {
        for n in p.neighbors() {
            if b.color_at(n).is_some() && !strings.iter().any(|s| s.contains(&n)) {
                strings.push(b.string_stones(n));
            }
        }
    }
    loop {
        let before = (shared.len(), strings.len());
        strings.retain(|s| {
            let Some(c) = b.color_at(s[0]) else {
                return false;
            };
            b.liberties(s[0])
                .iter()
                .all(|&l| shared.contains(&l) || !approachable(&b, !c, l))
                && !sacrifice_threatens(&b, s[0], &shared)
        });
        shared.retain(|&p| touches_both(&b, p, |n| strings.iter().any(|s| s.contains(&n))));
        strings.retain(|s| {
            s.iter()
                .any(|st| st.neighbors().iter().any(|n| shared.contains(n)))
        });
        if (shared.len(), strings.len()) == before {
            break;
        }
    }
    // Only stones of the real board: not the capturing stones above.
    let mut stones: Vec<Point> = strings
        .concat()
        .into_iter()
        .filter(|&p| board.color_at(p).is_some())
        .collect();
    stones.sort_unstable();
    stones
}

/// The colour whose stones alone surround the empty point `p` (walls
/// aside), when they are two strings or more and a stone of that colour
/// there leaves the joined string at least three liberties.
fn connection(board: &Board, p: Point) -> Option<Color> {
    if !board.is_empty_at(p) {
        return None;
    }
    let mut color = None;
    let mut heads: Vec<Point> = Vec::new();
    for n in p.neighbors() {
        match board.cell(n) {
            Cell::Wall => {}
            Cell::Empty => return None,
            c => {
                if color.is_some() && color != c.color() {
                    return None;
                }
                color = c.color();
                let stones = board.string_stones(n);
                if !heads.iter().any(|h| stones.contains(h)) {
                    heads.push(n);
                }
            }
        }
    }
    let color = color?;
    (heads.len() >= 2 && board.liberties_after(color, p, 3) >= 3).then_some(color)
}

/// Can the opponent of the string at `s` fill one of its `shared`
/// liberties so that both strings are left in atari on the same point,
/// with a string of at most four stones that the owner then captures,
/// and the owner is left with the captured points as its only liberties,
/// an eye that only its stones surround?
/// When those points are one eye ([`one_eye`]) the opponent plays its
/// vital point (or takes the single liberty) and the string dies.
fn sacrifice_threatens(board: &Board, s: Point, shared: &[Point]) -> bool {
    let Some(color) = board.color_at(s) else {
        return false;
    };
    board.liberties(s).iter().any(|&l| {
        if !shared.contains(&l) {
            return false;
        }
        let mut after = board.clone();
        after.play_unchecked(!color, l);
        // (A shared point captures nothing; a suicide there leaves no
        // string to capture.)
        if after.is_empty_at(l) {
            return false;
        }
        let sacrificed = after.string_stones(l);
        let &[m] = after.liberties(l).as_slice() else {
            return false;
        };
        if sacrificed.len() > 4 || after.liberties(s) != [m] {
            return false;
        }
        after.play_unchecked(color, m);
        let eye = after.liberties(s);
        let string = after.string_stones(s);
        // The eye must be the string's alone: next to another of the
        // owner's strings it is a connection, not a shape to kill.
        let enclosed = sacrificed.iter().all(|p| {
            p.neighbors().iter().all(|&n| {
                sacrificed.contains(&n) || after.cell(n) == Cell::Wall || string.contains(&n)
            })
        });
        !eye.is_empty()
            && eye.iter().all(|p| sacrificed.contains(p))
            && enclosed
            && one_eye(&after, &sacrificed)
    })
}

/// Is the empty region `points` (connected, at most four points) too
/// small to hold two eyes when the opponent plays first? Three points or
/// fewer always are; four are as a square, a T (the opponent takes the
/// middle) or a bent four in the corner (bent at the corner point: a ko
/// the owner cannot win for good); a straight, bent or zigzag four
/// elsewhere makes two eyes.
fn one_eye(board: &Board, points: &[Point]) -> bool {
    let inside = |p: Point| p.neighbors().iter().filter(|n| points.contains(n)).count();
    // Only a corner point has two walls around it (and never more).
    let corner = |p: Point| {
        p.neighbors()
            .iter()
            .filter(|&&n| board.cell(n) == Cell::Wall)
            .count()
            >= 2
    };
    points.len() <= 3
        || points.iter().all(|&p| inside(p) == 2)
        || points
            .iter()
            .any(|&p| inside(p) == 3 || (corner(p) && inside(p) == 2))
}

/// Are stones of both colours among the neighbours of `p` that `keep`
/// accepts?
fn touches_both(board: &Board, p: Point, keep: impl Fn(Point) -> bool) -> bool {
    let mut seen = [false; 2];
    for n in p.neighbors() {
        if let Some(c) = board.color_at(n) {
            if keep(n) {
                seen[c.index()] = true;
            }
        }
    }
    seen == [true; 2]
}

/// Can `color` fill the liberty `l` of an opposing string without harm,
/// at once or after one move of its own that is itself no harm: next to
/// `l`, or on a liberty of one of its strings next to `l`? A throw-in that
/// would be captured becomes a safe approach once an own stone gives it
/// liberties: a stone beside it, or one that joins the string next to it
/// to a living group. A pair of strings that such a move lets one side
/// approach is a capturing race, not a seki (see the test
/// `a_liberty_filled_after_a_preparing_move_is_no_seki`).
fn approachable(board: &Board, color: Color, l: Point) -> bool {
    if !self_damaging(board, color, l) {
        return true;
    }
    let mut preparing: Vec<Point> = Vec::new();
    for n in l.neighbors() {
        if board.is_empty_at(n) {
            preparing.push(n);
        } else if board.color_at(n) == Some(color) {
            preparing.extend(board.liberties(n));
        }
    }
    preparing.into_iter().any(|m| {
        m != l && !self_damaging(board, color, m) && {
            let mut after = board.clone();
            after.play_unchecked(color, m);
            after.is_empty_at(l) && !self_damaging(&after, color, l)
        }
    })
}

/// Would a stone of `color` at the empty point `p` capture nothing and
/// leave its string with at most one liberty?
fn self_damaging(board: &Board, color: Color, p: Point) -> bool {
    let mut after = board.clone();
    let effect = after.play_unchecked(color, p);
    effect.captured == 0 && (effect.suicided > 0 || after.liberties(p).len() <= 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::positions::{
        APPROACHABLE_LIBERTY, FALSE_SEKIS, SEKI_BESIDE_A_DEAD_STONE, SEKI_SHARED_LIBERTIES,
        SEKI_WITH_EYES, SHARED_LIBERTIES_NO_SEKI,
    };
    use crate::testing::{board, vertex};

    #[test]
    fn seki_is_found_and_dame_is_not() {
        let b = board(SEKI_SHARED_LIBERTIES);
        let seki = seki_stones(&b, &[]);
        let mut want: Vec<Point> = [
            "B6", "C6", "D6", "E6", "F6", "B5", "C5", "D5", "E5", "F5", "B4", "C4", "F4", "B3",
            "C3", "D3", "E3", "F3",
        ]
        .iter()
        .map(|v| vertex(v, 7))
        .collect();
        want.sort_unstable();
        assert_eq!(seki, want);
        // In SHARED_LIBERTIES_NO_SEKI a stone on C5 would hurt either side, but White can fill
        // the outside liberty C4 first (joining its lower string, three
        // liberties) and then capture on C5: no seki, a dead black block.
        assert_eq!(seki_stones(&board(SHARED_LIBERTIES_NO_SEKI), &[]), vec![]);
        let open = board(
            ". . . . .
             . X . O .
             . X . O .
             . X . O .
             . . . . .",
        );
        assert_eq!(seki_stones(&open, &[]), vec![]);
    }

    /// The 37 stones of the five strings in seki of
    /// [`SEKI_BESIDE_A_DEAD_STONE`].
    fn seki_beside_a_dead_stone() -> Vec<Point> {
        let mut want: Vec<Point> = [
            "C9", "A8", "B8", "C8", "A7", "D9", "E9", "D8", "B7", "D7", "E7", "A6", "B6", "C6",
            "D6", "B5", "C5", "A5", "A4", "B4", "C4", "A3", "C3", "D3", "C2", "C1", "E5", "D4",
            "E4", "E3", "F3", "D2", "E2", "E1", "A2", "B2", "B1",
        ]
        .iter()
        .map(|v| vertex(v, 9))
        .collect();
        want.sort_unstable();
        want
    }

    /// Game 186 of stop 34's Japanese match (ingo White,
    /// [`SEKI_BESIDE_A_DEAD_STONE`]): Black's dead B9 in White's corner is
    /// in atari. Lifted instead of taken, it would leave White's corner a
    /// two-point eye and White's C7 safe to fill, and the seki would not
    /// stand.
    #[test]
    fn a_dead_stone_in_atari_is_taken_by_a_stone_not_lifted() {
        let b = board(SEKI_BESIDE_A_DEAD_STONE);
        let want = seki_beside_a_dead_stone();
        assert_eq!(seki_stones(&b, &[]), want);
        // Taken at A9, Black's B9 leaves White's corner a one-point eye
        // and the seki stands; lifted, it left two, and White's C7 safe.
        assert_eq!(seki_stones(&b, &[vertex("B9", 9)]), want);
    }

    /// Each side's string has one eye of its own and they share B4: the
    /// two inner strings are in seki, White's outer string is not.
    #[test]
    fn seki_with_eyes_is_found() {
        let b = board(SEKI_WITH_EYES);
        let mut want: Vec<Point> = [
            "B6", "A5", "B5", "C6", "E6", "C5", "D5", "E5", "A4", "C4", "A3", "B3", "C3",
        ]
        .iter()
        .map(|v| vertex(v, 6))
        .collect();
        want.sort_unstable();
        assert_eq!(seki_stones(&b, &[]), want);
    }

    /// The race of `FALSE_SEKIS[4]` (Pachi against ingo at 10,000
    /// playouts, 2026-12-03, game 84): ingo counted it a seki and W+11,
    /// while Black wins it with J5, then J6. `FALSE_SEKIS[5]` (GNU Go
    /// against ingo, Japanese rules, 2026-12-04, game 64), where Black's
    /// J7 first joins J6 to a living group, is checked by the search's
    /// `false_sekis_of_matches_are_dead`.
    #[test]
    fn a_liberty_filled_after_a_preparing_move_is_no_seki() {
        // White's J6 is a throw-in for Black until Black plays J5.
        let b = board(FALSE_SEKIS[4].diagram);
        assert_eq!(seki_stones(&b, &[]), vec![]);
        let j6 = vertex("J6", 9);
        assert!(self_damaging(&b, Color::Black, j6));
        assert!(approachable(&b, Color::Black, j6));
        // White's H9 would be a suicide, and no White move beside it
        // helps: Black's string keeps that liberty.
        assert!(!approachable(&b, Color::White, vertex("H9", 9)));
    }

    #[test]
    fn an_approachable_liberty_is_no_seki() {
        // The stones of White's ring around the A6-E4 string are fine as
        // they are.
        assert_eq!(seki_stones(&board(APPROACHABLE_LIBERTY), &[]), vec![]);
    }

    /// Final positions of matches (see `false_sekis_of_matches_are_dead`
    /// in the search) that looked like sekis: two shared liberties, each
    /// self-atari for both sides.
    #[test]
    fn sacrifices_and_connections_break_false_sekis() {
        // The second false seki is one only once White's dead stones in
        // the top left are gone: the search's test covers it.
        for case in [&FALSE_SEKIS[0], &FALSE_SEKIS[2], &FALSE_SEKIS[3]] {
            let b = board(case.diagram);
            assert_eq!(seki_stones(&b, &[]), vec![], "{}", case.diagram);
        }
        // A seki all the same (gtp-tests/scoring.tst, section 5): White
        // may fill D7 or D6, giving up its three stones and the fourth,
        // but Black's capture leaves four points that touch Black's outer
        // group too: a connection, no eye to kill.
        let seki = board(
            ". O X . O X .
             . O X . O X .
             . O X X O X .
             . O O O X X .
             . . . O X . .
             . . . O X . .
             . . . O X . .",
        );
        let mut want: Vec<Point> = ["C7", "C6", "C5", "D5", "E7", "E6", "E5"]
            .iter()
            .map(|v| vertex(v, 7))
            .collect();
        want.sort_unstable();
        assert_eq!(seki_stones(&seki, &[]), want);
    }

    #[test]
    fn connections_through_points_of_one_colour() {
        // A1 joins A2 and B1 into a string with liberties A3, B2, C1.
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             X . . . .
             . X . . .",
        );
        let a1 = vertex("A1", 5);
        assert_eq!(connection(&b, a1), Some(Color::Black));
        assert_eq!(connection(&b, vertex("C3", 5)), None, "empty around");
        // Two liberties only: that would be self-damaging, no connection.
        let short = board(
            ". . . . .
             . . . . .
             . . . . .
             X . . . .
             . X O . .",
        );
        assert_eq!(connection(&short, a1), None);
        // One string on both sides; two colours; a stone there already.
        let same = board(
            ". . . . .
             . . . . .
             . . . . .
             X X . . .
             . X . . .",
        );
        assert_eq!(connection(&same, a1), None);
        let mixed = board(
            ". . . . .
             . . . . .
             . . . . .
             O . . . .
             . X . . .",
        );
        assert_eq!(connection(&mixed, a1), None);
        assert_eq!(connection(&b, vertex("A2", 5)), None);
    }

    #[test]
    fn eye_shapes_of_up_to_four_points() {
        let b = Board::new(7);
        let shape = |vs: &[&str]| -> Vec<Point> { vs.iter().map(|v| vertex(v, 7)).collect() };
        let one = |vs: &[&str]| one_eye(&b, &shape(vs));
        assert!(one(&["D4"]));
        assert!(one(&["D4", "E4", "F4"]), "straight three");
        assert!(one(&["D4", "E4", "D5", "E5"]), "square");
        assert!(one(&["D4", "E4", "F4", "E5"]), "T");
        assert!(one(&["A7", "A6", "A5", "B7"]), "bent four in the corner");
        assert!(!one(&["C4", "D4", "E4", "F4"]), "straight four");
        assert!(!one(&["C4", "D4", "E4", "E5"]), "bent four");
        assert!(!one(&["C4", "D4", "D5", "E5"]), "zigzag four");
        assert!(
            !one(&["A7", "A6", "A5", "B5"]),
            "bent four with a corner end"
        );
        assert!(
            !one(&["A7", "B7", "C7", "D7"]),
            "straight four from the corner"
        );
    }

    /// Self-damaging is judged after captures: a multi-stone suicide is,
    /// a self-atari is, a capture or an extension to two liberties is not.
    #[test]
    fn self_damaging_moves() {
        let b = board(
            ". . . . .
             . . . . .
             O O O . .
             X X O . .
             . X O . .",
        );
        // Black A1 takes the last liberty of its own three stones.
        assert!(self_damaging(&b, Color::Black, vertex("A1", 5)));
        // White A1 captures them.
        assert!(!self_damaging(&b, Color::White, vertex("A1", 5)));
        // White D1 joins C1-C3 and keeps plenty of liberties.
        assert!(!self_damaging(&b, Color::White, vertex("D1", 5)));
        let two = board(
            ". . . . .
             . . . . .
             . . . . .
             O . . . .
             X . O . .",
        );
        // Black B1: A1-B1 with liberties B2 only (C1 is White's): atari.
        assert!(self_damaging(&two, Color::Black, vertex("B1", 5)));
        // Black B2 is a lone stone with three liberties.
        assert!(!self_damaging(&two, Color::Black, vertex("B2", 5)));
    }
}
