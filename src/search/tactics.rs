//! Local reading the playouts and priors cannot learn fast enough: ladders.
//! A string in atari that can only extend into two liberties is chased
//! atari after atari; random playouts let it run, and a player that trusts
//! them runs with it (MoGo, Pachi and Fuego all read ladders for this).

use std::cell::RefCell;

use crate::board::{Board, Cell, Color, Point};

/// Stones one ladder read may place. A ladder crossing a 19x19 board takes
/// about 70; a read that needs more is not trusted to be a ladder.
const LADDER_BUDGET: u32 = 160;

thread_local! {
    /// Boards for the read, one per ladder step, reused between reads so
    /// that a step costs a copy of the used part of the board and no
    /// allocation.
    static SCRATCH: RefCell<Vec<Board>> = const { RefCell::new(Vec::new()) };
}

/// Is the string at `s`, in atari with its owner to move, caught in a
/// ladder? Its owner escapes by capturing a string next to it that is in
/// atari, or by extending to three or more liberties; at two, the other
/// side tries an atari on each and reads on. A read longer than the budget
/// counts as an escape.
pub fn ladder_captures(board: &Board, s: Point) -> bool {
    if board.atari_liberty(s).is_none() {
        return false;
    }
    !captures_out(board, s) && !extension_escapes(board, s)
}

/// Does extending on its liberty take the string at `s` (in atari, owner
/// to move) out of the ladder? False when the extension is illegal or
/// leaves it with one liberty or none.
pub fn extension_escapes(board: &Board, s: Point) -> bool {
    with_scratch(board, |boards| {
        let mut budget = LADDER_BUDGET;
        extends_out(Some(board), boards, 0, s, &mut budget)
    })
}

/// Would a stone of `color` on the empty point `p` put a string of the
/// other colour next to it in atari, and that string then die in a
/// ladder?
pub fn atari_ladders(board: &Board, color: Color, p: Point) -> bool {
    with_scratch(board, |boards| {
        boards[0].copy_from(board);
        boards[0].play_unchecked(color, p);
        let mut budget = LADDER_BUDGET;
        let enemy = Cell::stone(!color);
        p.neighbors().into_iter().any(|n| {
            let b = &boards[0];
            if b.cell(n) != enemy || b.atari_liberty(n).is_none() || captures_out(b, n) {
                return false;
            }
            !extends_out(None, boards, 1, n, &mut budget)
        })
    })
}

/// Runs `read` on this thread's scratch boards, at least one of them.
fn with_scratch<T>(board: &Board, read: impl FnOnce(&mut Vec<Board>) -> T) -> T {
    SCRATCH.with(|scratch| {
        let mut boards = scratch.borrow_mut();
        if boards.is_empty() {
            boards.push(board.clone());
        }
        read(&mut boards)
    })
}

/// Would a stone of `color` on the empty point `p` only run an own string
/// in atari into a ladder? True when `p` is the liberty of such a string,
/// captures nothing, gives the string two liberties, and the ladder works.
pub fn runs_into_ladder(board: &Board, color: Color, p: Point) -> bool {
    if board.captures_at(color, p) || board.liberties_after(color, p, 3) != 2 {
        return false;
    }
    let own = Cell::stone(color);
    p.neighbors().into_iter().any(|n| {
        board.cell(n) == own && board.atari_liberty(n) == Some(p) && ladder_captures(board, n)
    })
}

/// Can the owner of `s` (in atari) capture a string of the other colour
/// next to it? That string is then in atari, and its liberty is legal.
fn captures_out(board: &Board, s: Point) -> bool {
    let Some(color) = board.color_at(s) else {
        return false;
    };
    let enemy = Cell::stone(!color);
    board.stones(s).any(|st| {
        st.neighbors().iter().any(|&n| {
            board.cell(n) == enemy
                && board
                    .atari_liberty(n)
                    .is_some_and(|l| board.is_pseudo_legal(color, l))
        })
    })
}

/// [`extension_escapes`] on the position `from`, or `boards[at - 1]` when
/// `from` is `None`. This step plays on `boards[at]` (the extension, then
/// an atari: the next step's position), and deeper steps use only the
/// boards after it, so the position read here survives the reads below.
/// The first step reads the caller's board without a copy.
fn extends_out(
    from: Option<&Board>,
    boards: &mut Vec<Board>,
    at: usize,
    s: Point,
    budget: &mut u32,
) -> bool {
    let board = from.unwrap_or_else(|| &boards[at - 1]);
    let (Some(color), Some(lib)) = (board.color_at(s), board.atari_liberty(s)) else {
        return false;
    };
    if !board.is_pseudo_legal(color, lib) {
        return false;
    }
    match board.liberties_after(color, lib, 3) {
        0 | 1 => return false,
        2 => {}
        _ => return true,
    }
    if *budget < 2 {
        return true;
    }
    while boards.len() <= at {
        let copy = boards[0].clone();
        boards.push(copy);
    }
    let extend = |boards: &mut Vec<Board>| {
        let (done, mine) = boards.split_at_mut(at);
        mine[0].copy_from(from.unwrap_or_else(|| &done[at - 1]));
        mine[0].play_unchecked(color, lib);
    };
    extend(boards);
    *budget -= 1;
    // `boards[at]` holds just the extension until an atari is played on
    // it; only a second real chase needs the copy again.
    let mut extended = true;
    let attacker = !color;
    let libs = boards[at].liberties_up_to::<2>(lib);
    for (i, &a) in libs.as_slice().iter().enumerate() {
        if *budget == 0 {
            return true;
        }
        if !extended {
            extend(boards);
            extended = true;
        }
        let here = &boards[at];
        if !here.is_pseudo_legal(attacker, a) {
            continue;
        }
        // The usual wrong side: running on the other liberty would give
        // four with `a` among them, so three or more after the atari (a
        // capture by the atari only adds liberties). Known without playing
        // it out; the budget is charged as if it had been.
        let other = libs.as_slice()[1 - i];
        if here.liberties_after(color, other, 4) >= 4 {
            *budget -= 1;
            continue;
        }
        boards[at].play_unchecked(attacker, a);
        extended = false;
        *budget -= 1;
        // The chasing stone may itself be in atari: capturing it, or any
        // other chaser in atari, gets out.
        let chased = &boards[at];
        let caught = chased.atari_liberty(lib).is_some()
            && !captures_out(chased, lib)
            && !extends_out(None, boards, at + 1, lib, budget);
        if caught {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{at, board};

    /// White D4 is in atari (its liberty is D5). Extending leaves two
    /// liberties, C5 and D6; Black chases with D6, then B5, C7, ...: the
    /// string zigzags up to the left edge and dies there (every other
    /// atari lets it out into three liberties).
    fn ladder(extra: &[(&str, Color)]) -> Board {
        let mut b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . X O X . . . .
             . . . X . . . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        for &(v, c) in extra {
            let p = at(&b, v);
            b.play_unchecked(c, p);
        }
        b
    }

    #[test]
    fn a_ladder_to_the_edge_works() {
        let b = ladder(&[]);
        let d4 = at(&b, "D4");
        assert_eq!(b.atari_liberty(d4), Some(at(&b, "D5")));
        assert!(ladder_captures(&b, d4));
        assert!(!extension_escapes(&b, d4));
    }

    #[test]
    fn a_ladder_breaker_saves_the_string() {
        // A white stone on the ladder's path (D6, C5, B5, C6, C7, B6,
        // B7, A6, A7 with the chases) lets the string connect. Stones just
        // off it, like B8, do not.
        for breaker in ["B7", "C7"] {
            let b = ladder(&[(breaker, Color::White)]);
            let d4 = at(&b, "D4");
            assert!(!ladder_captures(&b, d4), "{breaker}");
            assert!(extension_escapes(&b, d4), "{breaker}");
        }
        for no_breaker in ["B8", "J9"] {
            let b = ladder(&[(no_breaker, Color::White)]);
            assert!(ladder_captures(&b, at(&b, "D4")), "{no_breaker}");
        }
        // A black stone there only helps Black.
        let b = ladder(&[("B7", Color::Black)]);
        assert!(ladder_captures(&b, at(&b, "D4")));
    }

    #[test]
    fn capturing_a_chaser_escapes() {
        // Black C4 is itself in atari (White B4, C3 around it): White
        // captures it at C5 instead of running.
        let b = ladder(&[("B4", Color::White), ("C3", Color::White)]);
        let d4 = at(&b, "D4");
        assert_eq!(b.atari_liberty(at(&b, "C4")), Some(at(&b, "C5")));
        assert!(!ladder_captures(&b, d4));
    }

    #[test]
    fn a_string_with_room_is_no_ladder() {
        // White C3 in atari extends to C4 with three liberties.
        let b = board(
            ". . . . .
             . . . . .
             . X O X .
             . . X . .
             . . . . .",
        );
        let c3 = at(&b, "C3");
        assert!(b.atari_liberty(c3).is_some());
        assert!(extension_escapes(&b, c3));
        assert!(!ladder_captures(&b, c3));
        // Not in atari at all: nothing to read.
        let b = ladder(&[]);
        assert!(!ladder_captures(&b, at(&b, "E5")));
        assert!(!ladder_captures(&b, at(&b, "A1")));
    }
}
