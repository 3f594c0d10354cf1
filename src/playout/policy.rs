//! Playouts: moves chosen by a cheap policy on a copy of the board, until
//! both players pass. Every policy never fills a player's own single-point
//! eye and never commits suicide.

use rand::Rng;

use crate::board::{Board, Color, Point};

use super::heavy::{
    defends_eyes, eye_fill_redirect, heavy_move, heuristic_rate, ko_fight, EYE_FILL_REDIRECT,
    KO_RATE, SELF_ATARI_REJECT,
};

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random: the fastest, and what `ingo bench` measures by
    /// default.
    #[default]
    Light,
    /// Uniformly random, except no self-atari of a string of two or more
    /// stones (MoGo's first rule). Random play otherwise kills living
    /// groups that share their last liberties with a dead string, so dead
    /// stones are judged with this policy.
    NoSelfAtari,
    /// A recent ko first (Pachi's moggy: connect it or take it back),
    /// then MoGo/Moggy order around the last move: save own strings it
    /// put in atari, capture, strings at two liberties, 3x3 patterns,
    /// nakade; else random without self-atari (mostly). See
    /// [`heavy_move`].
    Heavy,
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        match s {
            "light" => Ok(Policy::Light),
            "no-self-atari" => Ok(Policy::NoSelfAtari),
            "heavy" => Ok(Policy::Heavy),
            _ => Err(format!(
                "unknown playout policy {s:?} (light, no-self-atari, heavy)"
            )),
        }
    }
}

/// Plays moves from `board`, `to_move` first, until two passes in a row
/// (or a generous move limit, against pathological cycles). `last` is the
/// move played just before (the heavy policy answers it); every stone
/// placed is appended to `moves` in order, for AMAF statistics.
pub fn play_out<R: Rng + ?Sized>(
    board: &mut Board,
    to_move: Color,
    last: Option<Point>,
    rng: &mut R,
    policy: Policy,
    moves: &mut Vec<(Color, Point)>,
) {
    board.stop_hashing();
    // One loop per policy, so that the light one (what `ingo bench` and
    // most searches run) makes no policy dispatch per move.
    match policy {
        Policy::Light => play_moves(board, to_move, last, rng, moves, |b, c, _, r| {
            b.play_random(c, r)
        }),
        Policy::NoSelfAtari => play_moves(board, to_move, last, rng, moves, |b, c, _, r| {
            b.play_random_where(c, r, |b, p| !b.is_bad_self_atari(c, p))
        }),
        Policy::Heavy => {
            let rate = heuristic_rate(board.size());
            let eyes = defends_eyes(board.size());
            // Moves played in this playout, and the last ko: its point
            // and the move that captured there.
            let mut ply = 0u32;
            let mut last_ko: Option<(Point, u32)> = None;
            play_moves(board, to_move, last, rng, moves, |b, c, last, r| {
                ply += 1;
                let rule = ko_fight(b, c, last_ko, ply)
                    .filter(|_| r.random_bool(KO_RATE))
                    .or_else(|| match last {
                        Some(l) if r.random_bool(rate) => heavy_move(b, c, l, r),
                        _ => None,
                    });
                let chosen = rule.or_else(|| {
                    if r.random_bool(SELF_ATARI_REJECT) {
                        b.random_point_where(c, r, |b, p| !b.is_bad_self_atari(c, p))
                    } else {
                        b.random_point_where(c, r, |_, _| true)
                    }
                });
                let played = chosen.map(|p| {
                    let p = eyes
                        .then(|| eye_fill_redirect(b, c, p))
                        .flatten()
                        .filter(|_| r.random_bool(EYE_FILL_REDIRECT))
                        .unwrap_or(p);
                    b.play_unchecked_inline(c, p);
                    p
                });
                if played.is_none() {
                    b.pass();
                }
                if let Some(k) = b.ko() {
                    last_ko = Some((k, ply));
                }
                played
            })
        }
    }
}

/// The loop of [`play_out`] around `step`, which plays one move of the
/// colour given (after the last move, if any) and returns it, or `None`
/// for a pass.
#[inline(always)]
fn play_moves<R, F>(
    board: &mut Board,
    mut to_move: Color,
    mut last: Option<Point>,
    rng: &mut R,
    moves: &mut Vec<(Color, Point)>,
    mut step: F,
) where
    R: Rng + ?Sized,
    F: FnMut(&mut Board, Color, Option<Point>, &mut R) -> Option<Point>,
{
    let limit = 3 * board.size() as usize * board.size() as usize + 20;
    let mut passes = 0;
    for _ in 0..limit {
        let played = step(board, to_move, last, rng);
        last = played;
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
    board.final_owner(p)
}

/// Black's area minus White's at the end of a playout, with
/// [`final_owner`] semantics (no komi).
#[inline]
pub fn area_score(board: &Board) -> i32 {
    board.area_score()
}

/// Every point's [`final_owner`] into `out` (indexed by `Point::index`,
/// 1 Black, -1 White, 0 nobody); returns [`area_score`].
#[inline]
pub fn owners(board: &Board, out: &mut [i8]) -> i32 {
    board.owners(out)
}
