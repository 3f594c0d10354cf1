//! Positions that tests at several levels look at: the seki heuristic, the
//! count and the player's dead-stone judgement each check their part of
//! the same board, so the board is drawn once.

use crate::board::{Board, Color};
use crate::model::{features, Features};
use crate::testing::{at, board};

/// Black's top-left block and White's top-right block have only C5 and C4
/// as liberties. Neither side can fill C5, but White can fill C4, so this
/// is no seki; the count leaves C5-C4 to nobody all the same.
pub const SHARED_LIBERTIES_NO_SEKI: &str = "X X . O O
                                            X X . O O
                                            O O O X X
                                            O O O X X
                                            . O . X .";

/// Seki with shared liberties only: Black's inner block and White's ring
/// share D4 and E4, where a stone of either colour is left in atari and
/// captures nothing; the outer black ring has four eyes.
pub const SEKI_SHARED_LIBERTIES: &str = "X X X X X X X
                                         X O O O O O X
                                         X O X X X O X
                                         X O X . . O X
                                         X O O O O O X
                                         X X X X X X X
                                         . X . X . X .";

/// From a game against GNU Go (Black to move, before its pass at move
/// 67): in the race between White's G8-H6 string (liberties F6, J9) and
/// Black's H7-J6 string (J9, J5), White's J5 is suicide, its J9 a
/// self-atari that Black's F6 captures, and Black's F6 leaves the string
/// one liberty: it is lost whoever moves first. White F9 takes G9 and is in
/// atari there; connecting at G9 then leaves the big string two
/// liberties, and Black catches it at once (a "ladder" of one extension).
pub const RACE_WHITE_LOSES: &str = ". . O O X . X O .
                                       O . O X X X O O X
                                       . O O O X X O X X
                                       . . O X . . O O X
                                       O O O X X X X X .
                                       X O X X O O X X X
                                       X X X O . O O O X
                                       . X O O O . . O O
                                       . X X X O . . . .";

/// [`RACE_WHITE_LOSES`] after White F9 (taking G9) and Black A1:
/// White to move, with F9 in atari at G9.
pub fn race_connection() -> crate::board::Board {
    use crate::board::Color;
    let mut b = super::board(RACE_WHITE_LOSES);
    for (v, c) in [("F9", Color::White), ("A1", Color::Black)] {
        let p = super::at(&b, v);
        b.play_unchecked(c, p);
    }
    b
}

/// A triple ko: ko 1 (B8/C8) and ko 3 (B4/C4) can be taken by Black, ko 2
/// (G8/H8) by White. Taking them in turn, B C8, W G8, B C4, W B8, B H8,
/// and then W B4 recreates the starting arrangement with Black to move.
pub const TRIPLE_KO: &str = ". X O . . . X O .
                             X O . O . X . X O
                             . X O . . . X O .
                             . . . . . . . . .
                             . X O . . . . . .
                             X O . O . . . . .
                             . X O . . . . . .
                             . . . . . . . . .
                             . . . . . . . . .";

/// Seki with eyes: White's B6-A5-B5 has the eye A6, Black's ten stones
/// the eye D6, and both share B4, which neither can fill without putting
/// itself in atari. White's outer string lives with E3 and the first line.
pub const SEKI_WITH_EYES: &str = ". O X . X O
                                  O O X X X O
                                  X . X O O O
                                  X X X O . O
                                  O O O O O O
                                  . . . . . .";

/// Game 186 of stop 34's Japanese match (ingo White), after two passes:
/// five strings in seki on the left. Black's B7-E9 and E5-E1 share the
/// eye D5 and have C7 and D1 besides, White's corner C9-A7 has C7 and
/// A9, White's A5-C1 has D1 and B3, Black's A2-B1 has B3 and the eye A1;
/// every shared point is self-atari for both. Black's B9 is dead: White
/// takes it at A9 and keeps two liberties, B9 and C7. The black stones on
/// the right (G5-J7, J5, H4) are dead as well.
pub const SEKI_BESIDE_A_DEAD_STONE: &str = ". X O X X O . . .
                                            O O O X O O O O O
                                            O X . X X O . X X
                                            X X X X O O X X .
                                            O X X . X O X . X
                                            O O O X X O O X O
                                            O . O O X X O O O
                                            X X O X X O O . O
                                            . X O . X O . O .";

/// The end of a 9x9 game of ingo (White) against GNU Go 3.8, after two
/// passes. White's A6-E4 string has liberties A5 and C7; C7 is self-atari
/// for both (Black would be left with B8 only), but Black can fill A5
/// safely and then capture on C7. GNU Go lists the string dead and counts
/// a draw at komi 7; ingo once called it a seki and counted W+16.
pub const APPROACHABLE_LIBERTY: &str = "X X X O O . O . .
                                        O . X X O O . . .
                                        X X . X X O O O O
                                        O O O X O O . O O
                                        . X O X X O O . O
                                        X X O O O X O O O
                                        X . X X X X O O .
                                        X X . O X X O O O
                                        . O O O X O O . O";

/// Final positions of matches that looked like sekis (two shared
/// liberties, each self-atari for both sides) and are not. With each: the
/// player to move at the end, points of strings GNU Go 3.8 (and Pachi,
/// where it was the opponent) lists dead, and points of strings that live.
pub struct FalseSeki {
    pub diagram: &'static str,
    pub black_to_move: bool,
    pub dead: &'static [&'static str],
    pub alive: &'static [&'static str],
}

pub const FALSE_SEKIS: [FalseSeki; 6] = [
    // Black can sacrifice B2 (with B1), White must take on C1 and is left
    // with a two-point eye on B1-B2.
    FalseSeki {
        diagram: ". O O O O . O O .
                  O O O O . O O . O
                  . O O O O . O O .
                  O O X X O O O . O
                  O X . X X X O O X
                  X X X X X . X X X
                  O O O X X O . X .
                  O . O O X O X O O
                  O X . O O X X X .",
        black_to_move: true,
        dead: &["A3", "C3", "A2", "D2", "A1", "E1", "F3", "H2"],
        alive: &["B1", "D3", "A4"],
    },
    // With White's dead stones in the top left gone, Black can fill J7
    // and H6 without harm: H8-G7-H7 and J6 are dead.
    FalseSeki {
        diagram: ". O O . O O X X X
                  O X O O O X X O X
                  X X X O O X O O .
                  O X X X O X X . O
                  O O O X X X X X X
                  O O O O X X O O X
                  . O O O O O . O O
                  O O . O . O O O .
                  . O O O O O . O O",
        black_to_move: true,
        dead: &["B9", "E6", "A8", "H8", "G7", "J6"],
        alive: &["G9", "B8", "D5"],
    },
    // Black E1 joins B1-D1 to the living group on the right; then A1
    // costs Black nothing and White's left group has one liberty.
    FalseSeki {
        diagram: "O . O . O O O . O
                  . O X O O . O . .
                  X X X X O O X O .
                  O O . X O O X O O
                  O X X X O X X . .
                  O O X O X . X X X
                  O O O O X X X O X
                  O X X O X . X O O
                  . X X X . X X O .",
        black_to_move: false,
        dead: &["A6", "B4", "D4", "A2", "D2", "H3", "H1"],
        alive: &["B2", "D1", "C8", "E3"],
    },
    // White can sacrifice B9 (or B7) with its three stones: Black takes
    // four and has a bent four in the corner.
    FalseSeki {
        diagram: "O . X X O O O O .
                  O X X O O O O O O
                  O . X O O . O X X
                  X X X X O O O X .
                  X O O O O O X X X
                  X O X X O X . X .
                  O O O X X X X X X
                  O O X . X X X . X
                  O O X X X . X X .",
        black_to_move: true,
        dead: &["C9", "B8", "C7", "A6", "D6", "A4"],
        alive: &["A9", "A7", "B5", "C4"],
    },
    // White's G6-J7 and Black's F9-H8 share J8, a self-atari for both;
    // White cannot fill H9 (suicide) and Black's J6 alone is a throw-in,
    // but after Black J5 it is not: Black fills J5 and J6 and captures
    // (Pachi against ingo at 10,000 playouts, 2026-12-03, game 84: ingo
    // counted the race a seki and W+11; GNU Go and Pachi a draw).
    FalseSeki {
        diagram: ". . . . O X X . X
                  O . . O O O X X .
                  . O O O X O X O O
                  O O X O X X O O .
                  O O X O X . X X .
                  O X X O X X X . X
                  X X X O O X O X X
                  . X X X O O O O O
                  X X . X O . . . .",
        black_to_move: true,
        dead: &["H7", "J7", "G6", "H6"],
        alive: &["G8", "J9", "H5", "F7"],
    },
    // White's two strings on the right share H4 (White's own point) and
    // J5 with Black's J6: J5 is a self-atari for both, but Black J7
    // first joins J6 to its outside group, and then Black J5 leaves both
    // White strings one liberty, H4, where White cannot connect them
    // (GNU Go against ingo under the Japanese rules, 2026-12-04, game 64:
    // ingo counted a seki and W+28.5, GNU Go these strings dead).
    FalseSeki {
        diagram: ". . O X X . . . .
                  . . O O X X X X .
                  . . . O X O O X .
                  . . . O O X O O X
                  . . . O X X O O .
                  . . . O X X O . O
                  . . . O X X X O O
                  . . . O O X . X X
                  . . . O X X X . .",
        black_to_move: false,
        dead: &["F7", "G5", "J4", "J3"],
        alive: &["J6", "E5", "D5", "H8"],
    },
];

/// Every point is settled: Black has A5, A3 and A1 (3), White the
/// eight points on the right. By territory White leads by 5; at komi
/// -5.5 Black wins by half a point, and any stone Black puts in its
/// own area, or in White's, loses it. (By area Black loses: 11 to
/// 17 - 5.5, so an area search sees every move lose alike.)
pub const SETTLED: &str = ". X O . .
                       X X O . .
                       . X O . .
                       X X O O O
                       . X O . .";

/// Every area is closed but for the dame F2. If White takes it,
/// Black's F1 is in atari and Black must connect at E1, inside its
/// own territory (a teire): 36 points to White's 25 instead of 37.
/// At komi 11.5 whoever moves first at F2 wins by half a point.
pub const DAME_BEFORE_TEIRE: &str = ". . . . X O . . .
                                 . . . . X O . . .
                                 . . . . X O . . .
                                 . . . . X O . . .
                                 . . . . X O . . .
                                 . . . . X O . . .
                                 . . . . X O . . .
                                 . . . . X . O . .
                                 . . . . . X O . .";

/// A board where Black D3 captures the White stone at C3, and that
/// capture's features.
pub fn capture_at_d3() -> (Board, Features) {
    let b = board(
        ". . . . .
         . . X . .
         . X O . .
         . . X . .
         . . . . .",
    );
    let capture = features(&b, Color::Black, at(&b, "D3"), None, None);
    (b, capture)
}
