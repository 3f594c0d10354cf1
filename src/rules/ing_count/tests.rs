//! Tests of Ing's count on positions counted by hand from the text.

use super::*;
use crate::rules::score;
use crate::rules::TieRule;
use crate::testing::{board, vertex};
use Color::{Black, White};

/// T14 of rules-compliance.md: a seki with an eye each (A7 Black's, E7
/// White's) and one shared liberty, C7. Black: 14 stones, 13 territory;
/// White: 12 stones, 9 territory.
const T14: &str = ". X . O . O X
                   X X X O O O X
                   O O O X X X X
                   . . O X . . .
                   . . O X . . .
                   . . O X . . .
                   . . O X . . .";

/// 5×5: Black's wall on B with the A column (area 10), White's on C with
/// D and E (area 15).
const WALLS: &str = ". X O . .
                     . X O . .
                     . X O . .
                     . X O . .
                     . X O . .";

/// 5×5: the walls on B and D with the dame column C between them; 10
/// points each.
const DAME: &str = ". X . O .
                    . X . O .
                    . X . O .
                    . X . O .
                    . X . O .";

/// The diagram of an empty board of `size`.
fn empty(size: usize) -> String {
    format!("{}\n", ". ".repeat(size)).repeat(size)
}

fn count(diagram: &str, dead: &[&str], komi: f64, penalties: (u32, u32)) -> IngCount {
    try_count(diagram, dead, komi, penalties).expect("a count")
}

fn try_count(
    diagram: &str,
    dead: &[&str],
    komi: f64,
    (black, white): (u32, u32),
) -> Result<IngCount, NoIngCount> {
    let b = board(diagram);
    let dead: Vec<Point> = dead.iter().map(|v| vertex(v, b.size())).collect();
    ing_count(&b, &dead, komi, ByColor::new(black, white))
}

/// A side from its fields in order: on the board, in the bowl, seki,
/// compensation, territory, fills, winning, losing.
fn side(fields: [u32; 8]) -> IngSide {
    let [on_board, in_bowl, seki, compensation, territory, fills, winning, losing] = fields;
    IngSide {
        on_board,
        in_bowl,
        seki,
        compensation,
        territory,
        fills,
        winning,
        losing,
    }
}

/// The points of the layout of one kind and colour, sorted as vertices.
fn placed(c: &IngCount, color: Color, kind: FillKind) -> Vec<String> {
    let mut v: Vec<String> = c
        .fill
        .iter()
        .filter(|f| f.color == color && f.kind == kind)
        .map(|f| f.point.vertex().to_string())
        .collect();
    v.sort();
    v
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(|p| p.vertex().to_string()).collect()
}

/// The worked example under T14 (row B21): 24 stones each; White's komi 6
/// is 3 stones in Black's 13 points, Black's remaining 10 fill the other
/// 10; White's 12 fill its 9 points; C7, the odd seki point, stays empty:
/// a tie, which Black wins.
#[test]
fn t14_is_a_tie_won_by_black() {
    let c = count(T14, &[], 6.0, (0, 0));
    assert_eq!(c.bowl, 24);
    assert_eq!(c.seki_points, 1);
    assert_eq!(
        c.compensation,
        Compensation {
            receiver: Some(White),
            points: 6,
            stones: 3,
            odd: None
        }
    );
    assert_eq!(c.sides[Black], side([14, 10, 0, 0, 13, 10, 0, 0]));
    assert_eq!(c.sides[White], side([12, 12, 0, 3, 9, 9, 0, 0]));
    assert_eq!((c.placed, c.left), (0, 0));
    assert_eq!(c.result.to_string(), "B+0");
    assert_eq!(names(&c.empty), ["C7"]);
    // Black's territory nearest a corner is G1's; the compensation stones
    // take G1, then F1 and G2 (distance 1, row 1 first).
    assert_eq!(
        placed(&c, White, FillKind::Compensation),
        ["F1", "G1", "G2"]
    );
    assert_eq!(placed(&c, Black, FillKind::Territory).len(), 10);
}

/// Komi 7 on T14: 3 stones, and the odd point is paid by White's stone on
/// C7, the seki point that would stay empty. White's 12 − 1 − 3 = 8
/// stones leave one of its 9 points: W+1, the area count's 27 − 21 − 7.
#[test]
fn an_odd_komi_point_fills_the_odd_seki_point() {
    let c = count(T14, &[], 7.0, (0, 0));
    assert_eq!(c.compensation.odd, Some(OddPoint::Seki));
    assert_eq!(c.sides[Black], side([14, 10, 0, 0, 13, 10, 0, 0]));
    assert_eq!(c.sides[White], side([12, 12, 1, 3, 9, 8, 1, 0]));
    assert_eq!(c.result.to_string(), "W+1");
    assert_eq!(placed(&c, White, FillKind::Seki), ["C7"]);
    // White's territory: E7 and A1-B4; A1 is the corner left.
    assert_eq!(names(&c.empty), ["A1"]);
}

/// Komi 8 on the walls: White's 4 stones take A1-A4, Black's 7 stones
/// fill A5 and 6 are losing. White's 3 left fill 3 of its 10 points and 7
/// are winning; 6 losing stones cover 6 of them (12 points) and E1 stays
/// empty (1 more): W+13, the area count's 10 − 15 − 8.
#[test]
fn walls_at_komi_8() {
    let c = count(WALLS, &[], 8.0, (0, 0));
    assert_eq!(c.bowl, 12);
    assert_eq!(c.sides[Black], side([5, 7, 0, 0, 5, 1, 0, 6]));
    assert_eq!(c.sides[White], side([5, 7, 0, 4, 10, 3, 7, 0]));
    assert_eq!((c.placed, c.left), (6, 1));
    assert_eq!(c.result.to_string(), "W+13");
    assert_eq!(
        placed(&c, White, FillKind::Compensation),
        ["A1", "A2", "A3", "A4"]
    );
    assert_eq!(placed(&c, Black, FillKind::Territory), ["A5"]);
    // White's points from E1: E1; D1 E2; D2 E3; D3 E4; D4 E5; D5.
    assert_eq!(placed(&c, White, FillKind::Territory), ["D4", "D5", "E5"]);
    assert_eq!(
        placed(&c, Black, FillKind::Losing),
        ["D1", "D2", "D3", "E2", "E3", "E4"]
    );
    assert_eq!(names(&c.empty), ["E1"]);
}

/// A dead white stone in Black's territory goes back to White's bowl and
/// its point is Black's: the count is the walls' at komi 8.
#[test]
fn dead_stones_go_back_to_their_bowl() {
    let with_dead = ". X O . .
                     . X O . .
                     O X O . .
                     . X O . .
                     . X O . .";
    let c = count(with_dead, &["A3"], 8.0, (0, 0));
    assert_eq!(c, count(WALLS, &[], 8.0, (0, 0)));
    // Alive, it leaves Black no territory for White's 4 stones.
    assert_eq!(
        try_count(with_dead, &[], 8.0, (0, 0)),
        Err(NoIngCount::NoRoom {
            color: Black,
            needs: 4,
            has: 0
        })
    );
}

/// Komi 7 on the walls, no seki point: 3 stones and A1 stays empty for
/// nobody; A2-A4 White's, A5 Black's. Black's 6 losing stones cover
/// White's 6 winning points: W+12.
#[test]
fn an_odd_komi_point_leaves_a_point_of_the_payer_empty() {
    let c = count(WALLS, &[], 7.0, (0, 0));
    assert_eq!(c.compensation.odd, Some(OddPoint::Territory));
    assert_eq!(c.sides[Black], side([5, 7, 0, 0, 5, 1, 0, 6]));
    assert_eq!(c.sides[White], side([5, 7, 0, 3, 10, 4, 6, 0]));
    assert_eq!((c.placed, c.left), (6, 0));
    assert_eq!(c.result.to_string(), "W+12");
    assert_eq!(names(&c.empty), ["A1"]);
    assert_eq!(
        placed(&c, White, FillKind::Compensation),
        ["A2", "A3", "A4"]
    );
}

/// Komi 0 and no penalties, or equal ones: nobody receives anything.
#[test]
fn no_compensation_at_komi_0() {
    for penalties in [(0, 0), (4, 4)] {
        let c = count(WALLS, &[], 0.0, penalties);
        assert_eq!(c.compensation.receiver, None);
        assert_eq!((c.compensation.points, c.compensation.stones), (0, 0));
    }
}

/// White's 4 penalty points at komi 0: Black receives 2 stones in White's
/// territory (E1, D1); Black's 7 fill its 5 points and E2, D2; White's 7
/// fill 7 of its remaining 8 and one is winning: W+1 (15 − 4 − 10).
#[test]
fn penalties_pay_the_other_side() {
    let c = count(WALLS, &[], 0.0, (0, 4));
    assert_eq!(c.compensation.receiver, Some(Black));
    assert_eq!(c.compensation.stones, 2);
    assert_eq!(c.sides[Black], side([5, 7, 0, 2, 5, 5, 0, 0]));
    assert_eq!(c.sides[White], side([5, 7, 0, 0, 10, 7, 1, 0]));
    assert_eq!(c.result.to_string(), "W+1");
    assert_eq!(placed(&c, Black, FillKind::Compensation), ["D1", "E2"]);
    assert_eq!(names(&c.empty), ["E1"]);
    // Black's 2 penalty points at komi 8 are White's 10: 5 stones fill
    // Black's column, and all 7 of Black's are losing.
    let c = count(WALLS, &[], 8.0, (2, 0));
    assert_eq!(c.compensation.stones, 5);
    assert_eq!(c.sides[Black].losing, 7);
    assert_eq!(c.result.to_string(), "W+15");
    // Equal penalties cancel.
    assert_eq!(
        count(WALLS, &[], 8.0, (6, 6)),
        count(WALLS, &[], 8.0, (0, 0))
    );
}

/// The dame column: 5 seki points, two stones each (C1 and C3 Black's, C2
/// and C4 White's), C5 empty. Komi 0: 10 against 10, a tie. Komi 2: one
/// white stone in Black's column, one black stone losing, one white point
/// winning: it takes it, W+2.
#[test]
fn dame_are_seki_points_filled_equally() {
    let c = count(DAME, &[], 0.0, (0, 0));
    assert_eq!(c.seki_points, 5);
    assert_eq!(placed(&c, Black, FillKind::Seki), ["C1", "C3"]);
    assert_eq!(placed(&c, White, FillKind::Seki), ["C2", "C4"]);
    assert_eq!(names(&c.empty), ["C5"]);
    assert_eq!(c.sides[Black], side([5, 7, 2, 0, 5, 5, 0, 0]));
    assert_eq!(c.result.to_string(), "B+0");
    let c = count(DAME, &[], 2.0, (0, 0));
    assert_eq!(c.sides[Black], side([5, 7, 2, 0, 5, 4, 0, 1]));
    assert_eq!(c.sides[White], side([5, 7, 2, 1, 5, 4, 1, 0]));
    assert_eq!((c.placed, c.left), (1, 0));
    assert_eq!(c.result.to_string(), "W+2");
    assert_eq!(names(&c.empty), ["C5"]);
    // Reverse komi −2: Black's one stone in White's column, W's losing.
    assert_eq!(count(DAME, &[], -2.0, (0, 0)).result.to_string(), "B+2");
}

/// The empty board: no territory, 25 seki points; 12 stones each fill 24
/// of them and the last stays empty: a tie. With komi White, with 12 seki
/// stones to place, has none left for the compensation.
#[test]
fn the_empty_board() {
    let c = count(&empty(5), &[], 0.0, (0, 0));
    assert_eq!(c.seki_points, 25);
    assert_eq!(c.result.to_string(), "B+0");
    assert_eq!(c.empty.len(), 1);
    assert_eq!(
        try_count(&empty(5), &[], 8.0, (0, 0)),
        Err(NoIngCount::ShortOfStones {
            color: White,
            needs: 16,
            has: 12
        })
    );
}

/// Each refusal, with its reason.
#[test]
fn positions_without_a_count_say_why() {
    let e = try_count(&empty(4), &[], 8.0, (0, 0)).expect_err("even");
    assert_eq!(e, NoIngCount::EvenPoints(16));
    assert_eq!(
        e.to_string(),
        "the board has 16 points; the bowls of (N-1)/2 stones need an odd number"
    );
    let e = try_count(WALLS, &[], 5e9, (0, 0)).expect_err("huge");
    assert_eq!(
        e.to_string(),
        "komi and penalties come to 5000000000 points, more than any board holds"
    );
    assert_eq!(
        try_count(WALLS, &[], -5e9, (0, 0)),
        Err(NoIngCount::Huge(-5e9))
    );
    // u32::MAX points is a count, if one without room.
    assert!(matches!(
        try_count(WALLS, &[], f64::from(u32::MAX), (0, 0)),
        Err(NoIngCount::ShortOfStones { .. })
    ));
    let e = try_count(WALLS, &[], 7.5, (0, 0)).expect_err("fractional");
    assert_eq!(e, NoIngCount::Fractional(7.5));
    assert_eq!(
        e.to_string(),
        "komi and penalties come to 7.5 points, not a whole number"
    );
    // Black's A-C columns, 15 stones, more than 12.
    let full = "X X X . O
                X X X . O
                X X X . O
                X X X . O
                X X X . O";
    assert_eq!(
        try_count(full, &[], 8.0, (0, 0))
            .expect_err("overfull")
            .to_string(),
        "black has 15 stones on the board, more than its bowl of 12"
    );
    // White's 12 stones leave its bowl empty: no compensation stones.
    let short = ". X O O O
                 . X O O .
                 . X O O .
                 . X O O .
                 . X O O O";
    assert_eq!(
        try_count(short, &[], 8.0, (0, 0))
            .expect_err("short")
            .to_string(),
        "white has 0 stones left, short of the 4 for seki and compensation"
    );
    // Komi 12 is 6 stones for Black's 5 points.
    assert_eq!(
        try_count(WALLS, &[], 12.0, (0, 0))
            .expect_err("no room")
            .to_string(),
        "black's territory has 5 empty points, short of the 6 the compensation takes"
    );
}

/// On 19×19 each bowl holds 180 stones. A black wall on the K line with
/// komi 8: Black's 10 columns (190 points, 19 stones) against White's 9
/// (171 points, 19 stones): 190 − 171 − 8 = 11.
#[test]
fn nineteen_by_nineteen_has_180_stones_a_side() {
    let mut b = Board::new(19);
    for y in 0..19 {
        b.play_unchecked(Black, Point::from_coords(9, y, 19).expect("on board"));
        b.play_unchecked(White, Point::from_coords(10, y, 19).expect("on board"));
    }
    let c = ing_count(&b, &[], 8.0, ByColor::default()).expect("a count");
    assert_eq!(c.bowl, 180);
    let area = score(&b, &[], 8.0, 0).result(TieRule::BlackWins);
    assert_eq!(area.to_string(), "B+11");
    assert_eq!(c.result, area);
    assert_eq!(c.empty.len(), 1);
}

/// The corner a territory is laid out from is the nearest to it, the
/// first of A1, the lower right, the upper left, the upper right on a
/// tie; then points go nearest first, in board order on a tie.
#[test]
fn territories_are_laid_out_from_their_nearest_corner() {
    let order = |vertices: &[&str]| -> Vec<String> {
        let mut points: Vec<Point> = vertices.iter().map(|v| vertex(v, 5)).collect();
        corner_first(&mut points, 5);
        names(&points)
    };
    // E1 is a corner point; B1 is one step from A1.
    assert_eq!(order(&["B1", "E1"]), ["E1", "B1"]);
    assert_eq!(order(&["A4", "D5", "E5"]), ["E5", "D5", "A4"]);
    assert_eq!(order(&["B5", "A4", "E3"]), ["A4", "B5", "E3"]);
    // A1 and E5 both corner points: A1 first.
    assert_eq!(order(&["E5", "A1", "C3"]), ["A1", "C3", "E5"]);
    assert!(order(&[]).is_empty());
}
