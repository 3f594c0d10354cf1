//! The strings a territory count takes as dead beyond the players'
//! verdict: those left in atari whose capture would stand (J1989,
//! Article 7).

use crate::board::Point;
use crate::rules::{Game, Scoring};

/// The dead stones of `game`'s count: the judgement `dead` of the
/// playouts, and under territory scoring every string left in atari whose
/// capture would stand. The Japanese rules confirm life and death by play
/// in which a ko, once taken, may be retaken only after a pass (J1989,
/// Article 7 and its commentary): a string in atari is dead if the
/// opponent's capture leaves the capturing string two liberties or more,
/// or takes a single stone with a single stone (a ko the owner cannot win
/// back). A capture that leaves a bigger capturing string in atari (a
/// snapback) is left to the playouts. Playouts alone may leave such a
/// string alive when both sides pass with it in atari, though the
/// opponent takes it at will (see the test
/// `a_string_left_in_atari_is_dead_in_a_territory_count`).
pub fn dead_for_count(game: &Game, mut dead: Vec<Point>) -> Vec<Point> {
    if game.rules().scoring != Scoring::Territory {
        return dead;
    }
    let mut board = game.board().clone();
    board.remove_strings(&dead);
    for p in board.points() {
        let Some(color) = board.color_at(p) else {
            continue;
        };
        let &[liberty] = board.liberties(p).as_slice() else {
            continue;
        };
        let stones = board.string_stones(p);
        // Each string once, by its first stone.
        if stones.iter().any(|&s| s < p) {
            continue;
        }
        let mut after = board.clone();
        after.play_unchecked(!color, liberty);
        let capturer = after.string_stones(liberty).len();
        let room = after.liberties(liberty).len();
        if room >= 2 || (stones.len() == 1 && capturer == 1) {
            dead.extend(stones);
        }
    }
    dead.sort_unstable();
    dead
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Color};
    use crate::rules::Rules;
    use crate::testing::vertex as v;

    /// Game 8 of the Japanese match against GNU Go of 2026-12-04 as both
    /// sides passed: White's F4 is in atari, and Black's F3 takes it as a
    /// ko that White may retake only after a pass. GNU Go counted F4 dead
    /// and W+7.5; ingo, without this rule, counted it alive and W+9.5.
    /// Black's D3-D2 and E1 inside White's area have liberties enough and
    /// are left to the playouts.
    const KO_LEFT_OPEN: &str = ". . . . . . . . .
                                X X X X . . . . .
                                X O O O X X . . .
                                O O . O O X . . .
                                . . O X X X . . .
                                . O O O X O X X X
                                . . . X O . O O X
                                . O . X O O . O O
                                . . . . X . O . .";

    #[test]
    fn a_string_left_in_atari_is_dead_in_a_territory_count() {
        let b: Board = KO_LEFT_OPEN.parse().expect("diagram");
        let japanese = Game::with_setup(b.clone(), 0, Color::White, Rules::JAPANESE, 6.5);
        let f4 = v("F4", 9);
        assert_eq!(dead_for_count(&japanese, vec![]), vec![f4]);
        // The playouts' verdict stays, sorted with the new one.
        let d3 = [v("D3", 9), v("D2", 9)];
        let mut want = vec![f4, d3[0], d3[1]];
        want.sort_unstable();
        assert_eq!(dead_for_count(&japanese, d3.to_vec()), want);
        // Area scoring counts what play settles: nothing is added.
        let chinese = Game::with_setup(b, 0, Color::White, Rules::CHINESE, 7.0);
        assert_eq!(dead_for_count(&chinese, vec![]), vec![]);
        // A capture whose capturing stone is left in atari and can be
        // taken back (Black's A1 would take White's B1-C1 and be taken
        // at B1) is no verdict.
        let snapback: Board = ". . . . .
                               . . . . .
                               O X X . .
                               O X X X .
                               . O O X ."
            .parse()
            .expect("diagram");
        let g = Game::with_setup(snapback, 0, Color::Black, Rules::JAPANESE, 6.5);
        assert_eq!(dead_for_count(&g, vec![]), vec![]);
    }

    /// White's A1-B1 is in atari at C1, and Black's capture there is
    /// taken back at B1 (Black's C1 keeps only B1, and two stones were
    /// taken with one): a snapback, no verdict, though White connecting
    /// at C1 would join the D1-D2-C2-C3 wall and have room. The verdict
    /// asks what the capture leaves the capturer, not what a connection
    /// leaves the owner.
    #[test]
    fn a_snapback_is_no_verdict_however_the_owner_could_connect() {
        let b: Board = ". . . . .
                        . . . . .
                        . X O . .
                        X X O O .
                        O O . O ."
            .parse()
            .expect("diagram");
        let g = Game::with_setup(b, 0, Color::Black, Rules::JAPANESE, 6.5);
        assert_eq!(dead_for_count(&g, vec![]), vec![]);
    }
}
