//! Handicap stone placement (SPEC §1.5, GTP §4.1.1).

use crate::board::Point;

/// The GTP fixed handicap points for `n` stones on a board of `size`, or
/// `None` when GTP defines no such placement (fewer than 2 stones, boards
/// below 7x7, more than 4 on 7x7 and even sizes, more than 9 otherwise).
pub fn fixed_points(size: u8, n: u32) -> Option<Vec<Point>> {
    let max = if size >= 9 && size % 2 == 1 { 9 } else { 4 };
    if size < 7 || n < 2 || n > max {
        return None;
    }
    let edge = if size <= 12 { 2 } else { 3 };
    let (low, high, mid) = (edge, size - 1 - edge, size / 2);
    let mut xy = vec![(high, high), (low, low)];
    if n >= 3 {
        xy.push((low, high));
    }
    if n >= 4 {
        xy.push((high, low));
    }
    if n >= 6 {
        xy.push((low, mid));
        xy.push((high, mid));
    }
    if n >= 8 {
        xy.push((mid, low));
        xy.push((mid, high));
    }
    if n % 2 == 1 && n >= 5 {
        xy.push((mid, mid));
    }
    xy.into_iter()
        .map(|(x, y)| Point::from_coords(x, y, size))
        .collect()
}

/// The engine's choice for `place_free_handicap n`: the fixed placement
/// where GTP defines one, otherwise stones spread greedily, each as far as
/// possible from the others and off the first lines where the board
/// allows. `n` must be in 2..size²; callers check.
pub fn free_points(size: u8, n: u32) -> Vec<Point> {
    if let Some(points) = fixed_points(size, n) {
        return points;
    }
    let mut chosen: Vec<Point> = fixed_points(size, n.min(9))
        .or_else(|| fixed_points(size, n.min(4)))
        .unwrap_or_default();
    // Below 5x5 every line is near an edge: no point is preferred.
    let margin = if size >= 9 {
        2
    } else if size >= 5 {
        1
    } else {
        0
    };
    let all: Vec<Point> = (0..size)
        .flat_map(|y| (0..size).filter_map(move |x| Point::from_coords(x, y, size)))
        .collect();
    let edge_distance = |p: Point| {
        let (x, y) = p.coords();
        x.min(y).min(size - 1 - x).min(size - 1 - y)
    };
    while (chosen.len() as u32) < n {
        let best = all
            .iter()
            .filter(|p| !chosen.contains(p))
            .max_by_key(|&&p| {
                let (x, y) = p.coords();
                let spread = chosen
                    .iter()
                    .map(|q| {
                        let (a, b) = q.coords();
                        u32::from(x.abs_diff(a)) + u32::from(y.abs_diff(b))
                    })
                    .min()
                    .unwrap_or(u32::MAX);
                (
                    edge_distance(p) >= margin,
                    spread,
                    std::cmp::Reverse(p.index()),
                )
            })
            .copied();
        match best {
            Some(p) => chosen.push(p),
            None => break,
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(points: &[Point]) -> Vec<String> {
        let mut v: Vec<String> = points.iter().map(|p| p.vertex().to_string()).collect();
        v.sort();
        v
    }

    fn sorted(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s.split_whitespace().map(String::from).collect();
        v.sort();
        v
    }

    /// The placements listed in GTP §4.1.1 (and GNU Go's handicap.c).
    #[test]
    fn gtp_fixed_placements() {
        let cases = [
            (19, 2, "D4 Q16"),
            (19, 3, "D4 Q16 D16"),
            (19, 4, "D4 Q16 D16 Q4"),
            (19, 5, "D4 Q16 D16 Q4 K10"),
            (19, 6, "D4 Q16 D16 Q4 D10 Q10"),
            (19, 7, "D4 Q16 D16 Q4 D10 Q10 K10"),
            (19, 8, "D4 Q16 D16 Q4 D10 Q10 K4 K16"),
            (19, 9, "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"),
            (13, 2, "D4 K10"),
            (13, 5, "D4 K10 D10 K4 G7"),
            (13, 8, "D4 K10 D10 K4 D7 K7 G4 G10"),
            (9, 2, "C3 G7"),
            (9, 3, "C3 G7 C7"),
            (9, 5, "C3 G7 C7 G3 E5"),
            (9, 6, "C3 G7 C7 G3 C5 G5"),
            (9, 9, "C3 G7 C7 G3 C5 G5 E3 E7 E5"),
            (7, 4, "C3 E5 C5 E3"),
            (8, 4, "C3 F6 C6 F3"),
        ];
        for (size, n, want) in cases {
            let got = fixed_points(size, n).unwrap_or_else(|| panic!("{size} {n}"));
            assert_eq!(names(&got), sorted(want), "{size}x{size} {n}");
        }
    }

    #[test]
    fn invalid_fixed_counts() {
        for (size, n) in [(19, 1), (19, 10), (7, 5), (8, 5), (6, 2), (2, 2), (10, 9)] {
            assert_eq!(fixed_points(size, n), None, "{size} {n}");
        }
    }

    /// Free placements worked out by hand from the rule: the fixed points
    /// first, then each stone on the point farthest (Manhattan) from the
    /// stones so far, points at least the margin from the edge first, the
    /// lowest row then the leftmost column on ties.
    #[test]
    fn free_placement_spreads_the_stones() {
        // 19x19 past nine: the fixed grid of lines 4, 10 and 16 is six
        // apart, so the farthest points are the four cell centres at
        // distance 6 (G7, N7, G13, N13), lowest row first.
        let nine = "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10";
        assert_eq!(names(&free_points(19, 10)), sorted(&format!("{nine} G7")));
        assert_eq!(
            names(&free_points(19, 11)),
            sorted(&format!("{nine} G7 N7"))
        );
        // 8x8 takes the four fixed points C3 F6 C6 F3; the fifth goes where
        // it is one line off each of them (distance 2) and off the edge
        // (margin 1): B2 is the first such point.
        assert_eq!(names(&free_points(8, 5)), sorted("C3 F6 C6 F3 B2"));
        // 5x5 has no fixed points: B2 (lowest inner point), D4 (farthest
        // from it), then D2 (distance 2 from both, lowest row).
        assert_eq!(names(&free_points(5, 3)), sorted("B2 D4 D2"));
        // 3x3: margin 0, so the corner A1 and then the corner facing it.
        assert_eq!(names(&free_points(3, 2)), sorted("A1 C3"));
    }

    #[test]
    fn free_placement_gives_distinct_points() {
        for (size, n) in [(19, 15), (9, 12), (5, 3), (3, 8), (2, 3), (19, 2), (6, 4)] {
            let got = free_points(size, n);
            assert_eq!(got.len(), n as usize, "{size} {n}");
            let mut dedup = got.clone();
            dedup.sort_unstable();
            dedup.dedup();
            assert_eq!(dedup.len(), got.len());
        }
    }
}
