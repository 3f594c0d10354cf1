//! Light random playouts: uniformly random moves that never fill a
//! player's own single-point eye, on a copy of the board, until both pass.

use rand::Rng;

use crate::board::{Board, Cell, Color, Point};

/// How a playout chooses its moves. Both never fill a player's own eye
/// and never commit suicide.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random: the fastest, and what `ingo bench` measures.
    #[default]
    Light,
    /// Uniformly random, except no self-atari of a string of two or more
    /// stones (MoGo's first rule). Random play otherwise kills living
    /// groups that share their last liberties with a dead string, so dead
    /// stones are judged with this policy.
    NoSelfAtari,
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        match s {
            "light" => Ok(Policy::Light),
            "no-self-atari" => Ok(Policy::NoSelfAtari),
            _ => Err(format!(
                "unknown playout policy {s:?} (light, no-self-atari)"
            )),
        }
    }
}

/// Plays random moves from `board`, `to_move` first, until two passes in a
/// row (or a generous move limit, against pathological cycles). `last` is
/// the move played just before (heavy policies answer it); every stone
/// placed is appended to `moves` in order, for AMAF statistics.
pub fn play_out<R: Rng + ?Sized>(
    board: &mut Board,
    mut to_move: Color,
    last: Option<Point>,
    rng: &mut R,
    policy: Policy,
    moves: &mut Vec<(Color, Point)>,
) {
    let _ = last;
    let limit = 3 * board.size() as usize * board.size() as usize + 20;
    let mut passes = 0;
    for _ in 0..limit {
        let played = match policy {
            Policy::Light => board.play_random(to_move, rng),
            Policy::NoSelfAtari => {
                board.play_random_where(to_move, rng, |b, p| !b.is_self_atari(to_move, p))
            }
        };
        if let Some(p) = played {
            moves.push((to_move, p));
            passes = 0;
        } else {
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        to_move = !to_move;
    }
}

/// Owner of a point at the end of a playout: the stone's colour, or the
/// colour of every stone around an empty point (its eye), else nobody.
#[inline]
pub fn final_owner(board: &Board, p: Point) -> Option<Color> {
    match board.cell(p) {
        Cell::Empty => {
            let mut seen = [false; 2];
            for n in p.neighbors() {
                if let Some(c) = board.cell(n).color() {
                    seen[c.index()] = true;
                }
            }
            match seen {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            }
        }
        c => c.color(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = SmallRng::seed_from_u64(1);
        for size in [2u8, 5, 9, 19] {
            let mut b = Board::new(size);
            play_out(
                &mut b,
                Color::Black,
                None,
                &mut rng,
                Policy::NoSelfAtari,
                &mut Vec::new(),
            );
            b.check_consistency().expect("consistent");
            // Both passed: every empty point is an eye or a suicide for
            // both players (only eyes remain in practice).
            for c in Color::ALL {
                for p in b.points() {
                    if b.is_empty_at(p) {
                        assert!(b.is_eye(p, c) || b.is_suicide(c, p) || b.ko() == Some(p));
                    }
                }
            }
        }
    }
}
