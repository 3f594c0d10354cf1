//! Ing's ko rule read mechanically: which points the hot-stone rule
//! closes to the player to move after a capture.
//!
//! Ing's SST laws (1996 text, `research/seeds/ing-sst-rules.ro.txt`):
//! "A single ko stone that removed a single ko stone of the opponent on
//! the previous move becomes a single hot stone." In the eternal-life
//! position two stones that captured together become a "double hot
//! stone"; in a triple ko the capturer's other ko stones are hot as well
//! ("twin hot stones"). "No hot stone may be captured without first
//! making another move on the board or passing. After such a move or
//! pass, the hot stones are no longer hot."
//!
//! The laws give hot stones to fighting kos only, where life and death is
//! unsettled, and give disturbing kos (settled) a cycle rule instead.
//! An engine cannot judge that, so this reading applies the hot stones to
//! every shape, and the cycle rule (a play made once from a position may
//! not be made again from it before the next stop; see
//! [`Game`](super::Game)) to every repetition the hot stones let
//! through. `docs/rules.md` gives the reading with its sources.
//!
//! Hot stones always stand in atari, so "capturing a hot stone" is
//! playing on its string's one liberty: the closed points are those
//! liberties.

use crate::board::{Board, Color, Point};

/// The points the player to move may not play, by the hot-stone rule,
/// on `board` as the opponent's last play left it: that play was at
/// `last` and captured `captured` stones. Sorted, without repeats; empty
/// when `last` holds no stone (a multi-stone suicide) or nothing is hot.
///
/// - Single: the play captured one stone and is a lone stone with one
///   liberty (the captured point): the traditional ko.
/// - Double (eternal life): it captured two or more stones and its string
///   is two stones with one liberty. Capturing one stone is excluded, or
///   a snapback against a two-stone string would count as a ko.
/// - Twin (triple ko): after a single hot capture, when the board holds
///   three or more ko captures (of either colour), every stone of the
///   capturer that the player to move could take by a ko capture is hot.
pub fn hot_liberties(board: &Board, last: Point, captured: u32) -> Vec<Point> {
    let Some(mover) = board.color_at(last) else {
        return Vec::new();
    };
    let Some(liberty) = board.atari_liberty(last) else {
        return Vec::new();
    };
    let mut hot = Vec::new();
    match (captured, board.string_size(last)) {
        (1, 1) => {
            hot.push(liberty);
            let mouths: Vec<(Point, Color)> = ko_captures(board).collect();
            if mouths.len() >= 3 {
                hot.extend(
                    mouths
                        .iter()
                        .filter(|&&(_, c)| c == !mover)
                        .map(|&(p, _)| p),
                );
            }
        }
        (2.., 2) => hot.push(liberty),
        _ => {}
    }
    hot.sort_unstable();
    hot.dedup();
    hot
}

/// Every ko capture on `board`: an empty point and the colour that
/// captures there exactly one stone, a lone stone, leaving its own new
/// stone alone with that point as its one liberty.
pub fn ko_captures(board: &Board) -> impl Iterator<Item = (Point, Color)> + '_ {
    board.points().filter_map(|e| {
        let color = ko_capturer(board, e)?;
        Some((e, color))
    })
}

/// The colour that has a ko capture at `e`, if any.
fn ko_capturer(board: &Board, e: Point) -> Option<Color> {
    if !board.is_empty_at(e) {
        return None;
    }
    // Every neighbour on the board is a stone of the side being captured:
    // an empty neighbour would give the new stone a second liberty, an own
    // stone would join it.
    let mut around = None;
    let mut in_atari = 0;
    for n in e.neighbors() {
        match board.cell(n).color() {
            Some(c) => {
                if around.is_some_and(|a| a != c) {
                    return None;
                }
                around = Some(c);
                if board.atari_liberty(n).is_some() {
                    if board.string_size(n) != 1 {
                        return None;
                    }
                    in_atari += 1;
                }
            }
            None if board.is_empty_at(n) => return None,
            None => {}
        }
    }
    // Exactly one neighbour is taken, and it is a lone stone.
    (in_atari == 1).then(|| !around.expect("a stone in atari was seen"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{board, vertex};

    fn points(vs: &[&str], size: u8) -> Vec<Point> {
        let mut ps: Vec<Point> = vs.iter().map(|v| vertex(v, size)).collect();
        ps.sort_unstable();
        ps
    }

    /// The ko of the research note's P1 after Black's C3 took B3: the
    /// lone C3 with its one liberty B3 is hot, so B3 is closed.
    #[test]
    fn a_single_ko_capture_closes_the_retake() {
        let b = board(
            ". . . . X
             . X O . .
             X . X O .
             . X O . .
             . . . . .",
        );
        assert_eq!(hot_liberties(&b, vertex("C3", 5), 1), points(&["B3"], 5));
        // The same stone after a play that captured nothing is no ko.
        assert_eq!(hot_liberties(&b, vertex("C3", 5), 0), vec![]);
        assert_eq!(
            ko_captures(&b).collect::<Vec<_>>(),
            vec![(vertex("B3", 5), Color::White)]
        );
    }

    /// Eternal life (the note's P3): White's C1 took A1 and B1, and the
    /// two white stones C1-D1 have the one liberty B1: double hot.
    #[test]
    fn a_two_stone_string_that_took_two_is_double_hot() {
        let b = board(
            ". . . . .
             O O . . .
             . . . . .
             O O X X X
             . . O O X",
        );
        assert_eq!(hot_liberties(&b, vertex("C1", 5), 2), points(&["B1"], 5));
        // Having taken one stone (a snapback), the pair is not hot.
        assert_eq!(hot_liberties(&b, vertex("C1", 5), 1), vec![]);
        // A lone stone in atari that took two is not hot either
        // (sending two, returning one).
        let b = board(
            ". . . . .
             O O . . .
             . . . . .
             O O X X .
             . . O X .",
        );
        assert_eq!(hot_liberties(&b, vertex("C1", 5), 2), vec![]);
    }

    /// A triple ko (the note's P2, rules-compliance T5) after Black's C1
    /// took B1: the ko captures are White's at B1 and G1 and Black's at
    /// C9; three, so White may take neither C1 nor H1 (twin hot stones).
    #[test]
    fn in_a_triple_ko_the_capturers_other_ko_stones_are_hot() {
        let b = board(
            "X O . O . . . . .
             . X O . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . X O . . . X O .
             X . X O . X . X O",
        );
        let c1 = vertex("C1", 9);
        assert_eq!(hot_liberties(&b, c1, 1), points(&["B1", "G1"], 9));
        assert_eq!(ko_captures(&b).count(), 3);
        // Two kos only (no C9 ko): no twins.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . X O . . . X O .
             X . X O . X . X O",
        );
        assert_eq!(hot_liberties(&b, c1, 1), points(&["B1"], 9));
    }

    /// No stone at the last play (it was a multi-stone suicide), or a
    /// capturing stone with two liberties: nothing is hot.
    #[test]
    fn no_hot_stone_without_a_ko_shape() {
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             . X . . .
             X . X . .",
        );
        assert_eq!(hot_liberties(&b, vertex("E5", 5), 1), vec![]);
        assert_eq!(hot_liberties(&b, vertex("C1", 5), 1), vec![]);
    }
}
