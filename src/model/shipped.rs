//! The tables compiled into ingo, each kept beside this file, and which
//! one plays and which judges dead stones on a board of each size.

use std::sync::LazyLock;

use crate::board::Board;

use super::features::LINE;
use super::table::Model;

/// Boards from this size up are played with [`PLAY_BIG`] and judged with
/// [`JUDGE_BIG`]:
/// the large shapes of [`PLAY_SMALL`] come from 9x9 games, and on 19x19 a
/// table with them plays worse than one without them (see the test
/// `small_and_big_boards_play_their_own_tables`).
const LARGE_SHAPES_BELOW: u8 = 13;

/// The model a dead-stone judgement reads on a board of `size`: fitted
/// together with the large shapes, the other gammas led a judgement away
/// from the sacrifice that kills a group.
pub fn for_judging(size: u8) -> &'static Model {
    if size < LARGE_SHAPES_BELOW {
        &JUDGE_SMALL
    } else {
        &JUDGE_BIG
    }
}

/// The model ingo plays with in the position of `board`.
pub fn for_position(board: &Board) -> &'static Model {
    if board.size() < LARGE_SHAPES_BELOW {
        &PLAY_SMALL
    } else {
        &PLAY_BIG
    }
}

/// The model without large shapes, from `gammas.txt` beside this file:
/// the one every dead-stone judgement below 13x13 reads.
pub static JUDGE_SMALL: LazyLock<Model> = LazyLock::new(|| {
    Model::parse(include_str!("gammas.txt")).expect("the shipped gamma table parses")
});

/// The model with large shapes and Pachi's pattern probabilities on 9x9
/// positions, from `gammas-large.txt` beside this file: the one ingo
/// plays with below 13x13. It starts ingo's tree from the local answers
/// Pachi's tree starts from, where `gammas.txt` is fitted to the moves of
/// 9x9 games.
pub static PLAY_SMALL: LazyLock<Model> = LazyLock::new(|| {
    Model::parse(include_str!("gammas-large.txt")).expect("the shipped gamma table parses")
});

/// The model with large shapes and lines from 19x19 positions, from
/// `gammas-19.txt` beside this file: the one ingo plays 13x13 and bigger
/// with. It learned Pachi's pattern probabilities (the prior of Pachi's
/// tree, from professional games; `scripts/match/pachi-policy.js`), not
/// the moves of a game: its local answers are what a tree without a
/// network needs from its priors, where a table taught by KataGo's policy
/// favours quiet moves that such a tree loses games with.
pub static PLAY_BIG: LazyLock<Model> = LazyLock::new(|| {
    Model::parse(include_str!("gammas-19.txt")).expect("the shipped gamma table parses")
});

/// [`JUDGE_SMALL`] without its line gammas, which are 9x9's (its fourth line
/// is next to the centre): the one ingo judges dead stones with on 13x13
/// and bigger.
pub static JUDGE_BIG: LazyLock<Model> = LazyLock::new(|| {
    let mut model = JUDGE_SMALL.clone();
    model.groups[LINE].fill(1.0);
    model
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Point};
    use crate::model::features::{
        features, CAPTURE, CAPTURE_SAVES_NEW, ESCAPE, ESCAPE_NEW, LAST, SELF_ATARI,
    };
    use crate::testing::{at, board};

    #[test]
    fn answers_to_the_last_moves_atari_are_told_apart() {
        // Black's E3 has put White D3 and E4 in atari (issue 20's game 13,
        // move 64): White C4 captures C5 and D4 and saves both, D2 and F4
        // each save one.
        let b = board(
            ". . . . . . .
             . O O O X . .
             . O X O X . .
             . X . X O . .
             . X X O X . .
             . . . . . . .
             . . . . . . .",
        );
        let e3 = Some(at(&b, "E3"));
        let white = |v: &str, last| features(&b, Color::White, at(&b, v), last, None);
        assert_eq!(white("C4", e3).values[CAPTURE], CAPTURE_SAVES_NEW);
        assert_eq!(white("C4", None).values[CAPTURE], 3);
        for v in ["D2", "F4"] {
            assert_eq!(white(v, e3).values[ESCAPE], ESCAPE_NEW, "{v}");
            assert_eq!(white(v, None).values[ESCAPE], 1, "{v}");
        }
        // An atari older than the last move is answered as before: Black's
        // C5 and D4, in atari since White's D5 and C6, are saved by C4.
        let black = features(&b, Color::Black, at(&b, "C4"), Some(at(&b, "A7")), None);
        assert_eq!(black.values[ESCAPE], 1);
        // The shipped 19x19 table ranks the capture that saves both above
        // each escape; a table without the new values ranked it below, at
        // a twentieth of an escape's weight (the capture at F6 that ingo
        // never searched in game 13).
        let rank = |m: &Model| m.strength(&white("C4", e3)) / m.strength(&white("F4", e3));
        assert!(rank(&PLAY_BIG) > 1.0, "{}", rank(&PLAY_BIG));
    }

    /// Below 13x13 ingo plays the table with large shapes from 9x9 games;
    /// from 13x13 up the 19x19 one. A 9x9 table with large shapes won 4
    /// of 13 19x19 games against ingo playing one without them (2,000
    /// playouts a move), so the 9x9 shapes stay on the small boards.
    #[test]
    fn small_and_big_boards_play_their_own_tables() {
        assert!(JUDGE_SMALL.large_shapes.is_empty());
        assert!(PLAY_SMALL.large_shapes.len() > 1000);
        assert!(!PLAY_BIG.large_shapes.is_empty());
        /// A board of `size` with `stones` black stones, row by row.
        fn with_stones(size: u8, stones: usize) -> Board {
            let mut board = Board::new(size);
            for i in 0..stones {
                let (x, y) = ((i % usize::from(size)) as u8, (i / usize::from(size)) as u8);
                board.play_unchecked(Color::Black, Point::from_coords(x, y, size).expect("on"));
            }
            board
        }
        for (size, stones, table) in [
            (7, 0, &PLAY_SMALL),
            (9, 0, &PLAY_SMALL),
            (9, 60, &PLAY_SMALL),
            (12, 0, &PLAY_SMALL),
            (13, 0, &PLAY_BIG),
            (13, 100, &PLAY_BIG),
            (19, 0, &PLAY_BIG),
            (19, 200, &PLAY_BIG),
        ] {
            let board = with_stones(size, stones);
            assert!(
                std::ptr::eq(for_position(&board), &**table),
                "{size} {stones}"
            );
        }
        for (size, table) in [
            (9, &JUDGE_SMALL),
            (12, &JUDGE_SMALL),
            (13, &JUDGE_BIG),
            (19, &JUDGE_BIG),
        ] {
            assert!(std::ptr::eq(for_judging(size), &**table), "{size}");
        }
    }

    #[test]
    fn the_big_boards_judging_table_is_the_model_without_its_lines() {
        assert!(JUDGE_BIG.groups[LINE].iter().all(|&g| g == 1.0));
        assert!(JUDGE_SMALL.groups[LINE].iter().any(|&g| g != 1.0));
        let board = Board::new(19);
        for p in [(0, 0), (1, 5), (2, 3), (3, 3), (9, 9)] {
            let p = Point::from_coords(p.0, p.1, 19).expect("on");
            let f = JUDGE_SMALL.features(&board, Color::Black, p, None, None);
            let line = f64::from(JUDGE_SMALL.groups[LINE][usize::from(f.values[LINE])]);
            assert!((JUDGE_BIG.strength(&f) * line - JUDGE_SMALL.strength(&f)).abs() < 1e-9);
        }
    }

    #[test]
    fn the_shipped_table_knows_some_go() {
        let m = &*JUDGE_SMALL;
        assert!(m.shapes.len() > 1000);
        let g = |group: usize, v: usize| m.groups[group][v];
        // Saving a string by capturing, escaping from atari (but not into
        // a ladder), and answering next to the last move are played far
        // more often than not; self-atari of a string far less.
        assert!(g(CAPTURE, 3) > 3.0 * g(CAPTURE, 0));
        assert!(g(ESCAPE, 1) > 2.0 * g(ESCAPE, 0));
        assert!(g(ESCAPE, 2) < g(ESCAPE, 0));
        assert!(g(SELF_ATARI, 2) < 0.2 * g(SELF_ATARI, 0));
        assert!(g(LAST, 1) > 2.0 * g(LAST, 0));
    }
}
