//! Ing's ko rule for the reference, from the SST laws' text and nothing
//! else (docs/rules.md, "Ing's rules"): which stones are hot after a
//! play, and the plays the cycle rule remembers between stops.

use crate::board::{neighbours, place, string_at, Arrangement, Colour, Point};

/// Why Ing's ko rule refuses a play that would otherwise be legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IngBan {
    /// It would take a hot stone before a move elsewhere or a pass cooled it.
    HotStone,
    /// The same player played the same point from the same arrangement
    /// since the last two passes in a row: the cycle may run once.
    Cycle,
}

/// Ing's ko state: hot stones, and the plays since the last stop.
#[derive(Clone, Default)]
pub(crate) struct IngKo {
    /// Stones no move may take: those the last play made hot.
    pub(crate) hot: Vec<Point>,
    /// Every play since the last two passes in a row, with the
    /// arrangement it was played from.
    pub(crate) plays: Vec<(Arrangement, Colour, Point)>,
    /// The last move was a pass (or a suicide counted as one).
    last_was_pass: bool,
}

/// The distinct empty points next to `stones`.
fn liberties(board: &Arrangement, stones: &[Point]) -> usize {
    let mut libs: Vec<Point> = stones
        .iter()
        .flat_map(|&s| neighbours(s, board.len()))
        .filter(|n| board[n.row][n.col].is_none())
        .collect();
    libs.sort_unstable();
    libs.dedup();
    libs.len()
}

impl IngKo {
    /// The ban, if any, on `colour` playing at `p` on `board`, which
    /// gives `after`.
    pub(crate) fn ban(
        &self,
        board: &Arrangement,
        after: &Arrangement,
        colour: Colour,
        p: Point,
    ) -> Option<IngBan> {
        if self.hot.iter().any(|h| after[h.row][h.col].is_none()) {
            return Some(IngBan::HotStone);
        }
        let play = (board.clone(), colour, p);
        self.plays.contains(&play).then_some(IngBan::Cycle)
    }

    /// Records a pass, or a single-stone suicide, which counts as one.
    pub(crate) fn pass(&mut self) {
        if self.last_was_pass {
            self.plays.clear();
        }
        self.hot.clear();
        self.last_was_pass = true;
    }

    /// Records `colour`'s play at `p` from `before`, which left `after`
    /// after taking `captured` stones.
    pub(crate) fn play(
        &mut self,
        before: &Arrangement,
        after: &Arrangement,
        colour: Colour,
        p: Point,
        captured: usize,
    ) {
        self.plays.push((before.clone(), colour, p));
        self.hot = hot_stones(after, colour, p, captured);
        self.last_was_pass = false;
    }
}

/// The hot stones after `colour`'s play at `at` took `captured` stones and
/// left `after`: a lone stone with one liberty that took one stone (single);
/// a two-stone string with one liberty that took two or more (double); and
/// with a single one, when three or more ko captures are on the board (plays
/// by either side that would take exactly one stone and leave a lone stone
/// with one liberty), every stone of `colour` the opponent's ko captures
/// would take (twin hot stones of a triple ko).
fn hot_stones(after: &Arrangement, colour: Colour, at: Point, captured: usize) -> Vec<Point> {
    let (string, _) = string_at(after, at);
    if liberties(after, &string) != 1 {
        return Vec::new();
    }
    match (captured, string.len()) {
        (1, 1) => {}
        (2.., 2) => return string,
        _ => return Vec::new(),
    }
    let size = after.len();
    let mut ko_captures = Vec::new();
    for row in 0..size {
        for col in 0..size {
            let e = Point { row, col };
            if after[row][col].is_some() {
                continue;
            }
            for c in [Colour::Black, Colour::White] {
                let next = place(after, c, e);
                if next[row][col] != Some(c) {
                    continue;
                }
                let taken: Vec<Point> = (0..size)
                    .flat_map(|r| (0..size).map(move |k| Point { row: r, col: k }))
                    .filter(|q| after[q.row][q.col].is_some() && next[q.row][q.col].is_none())
                    .collect();
                let (new, _) = string_at(&next, e);
                if taken.len() == 1 && new.len() == 1 && liberties(&next, &new) == 1 {
                    ko_captures.push((c, taken[0]));
                }
            }
        }
    }
    let mut hot = string;
    if ko_captures.len() >= 3 {
        hot.extend(
            ko_captures
                .iter()
                .filter(|(c, _)| *c == colour.opponent())
                .map(|&(_, q)| q),
        );
    }
    hot
}
