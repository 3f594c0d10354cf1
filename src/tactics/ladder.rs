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
    ladder_length(board, s).is_some()
}

/// How many times the string at `s` (in atari, owner to move) extends to
/// two liberties before a ladder ([`ladder_captures`]) kills it; `None`
/// when it gets out. A net that catches at once is 1; a ladder crossing
/// the board is tens.
pub fn ladder_length(board: &Board, s: Point) -> Option<u32> {
    if board.atari_liberty(s).is_none() || captures_out(board, s) {
        return None;
    }
    with_scratch(board, |boards| {
        let mut read = Read::new();
        (!extends_out(Some(board), boards, 0, s, &mut read)).then_some(read.caught_at as u32)
    })
}

/// Does extending on its liberty take the string at `s` (in atari, owner
/// to move) out of the ladder? False when the extension is illegal or
/// leaves it with one liberty or none.
pub fn extension_escapes(board: &Board, s: Point) -> bool {
    with_scratch(board, |boards| {
        extends_out(Some(board), boards, 0, s, &mut Read::new())
    })
}

/// Would a stone of `color` on the empty point `p` put a string of the
/// other colour next to it in atari, and that string then die in a
/// ladder?
pub fn atari_ladders(board: &Board, color: Color, p: Point) -> bool {
    with_scratch(board, |boards| {
        boards[0].copy_from(board);
        boards[0].play_unchecked(color, p);
        let mut read = Read::new();
        let enemy = Cell::stone(!color);
        p.neighbors().into_iter().any(|n| {
            let b = &boards[0];
            if b.cell(n) != enemy || b.atari_liberty(n).is_none() || captures_out(b, n) {
                return false;
            }
            !extends_out(None, boards, 1, n, &mut read)
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
    escape_ladder_length(board, color, p).is_some()
}

/// The [`ladder_length`] of the ladder a stone of `color` on `p` runs
/// into ([`runs_into_ladder`]), the longest when it runs several strings;
/// `None` when it runs into none.
pub fn escape_ladder_length(board: &Board, color: Color, p: Point) -> Option<u32> {
    if board.captures_at(color, p) || board.liberties_after(color, p, 3) != 2 {
        return None;
    }
    let own = Cell::stone(color);
    p.neighbors()
        .into_iter()
        .filter(|&n| board.cell(n) == own && board.atari_liberty(n) == Some(p))
        .filter_map(|n| ladder_length(board, n))
        .max()
}

/// What one ladder read has left to spend, and where it ended.
struct Read {
    /// Stones it may still place ([`LADDER_BUDGET`]).
    budget: u32,
    /// The step at which the chased string could no longer extend to two
    /// liberties: the length of the ladder, once the read says it works.
    caught_at: usize,
}

impl Read {
    fn new() -> Read {
        Read {
            budget: LADDER_BUDGET,
            caught_at: 0,
        }
    }
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
    read: &mut Read,
) -> bool {
    let board = from.unwrap_or_else(|| &boards[at - 1]);
    let (Some(color), Some(lib)) = (board.color_at(s), board.atari_liberty(s)) else {
        return false;
    };
    // A false answer goes straight up every step of the read (each step
    // is caught once a deeper one is), so the step that sets `caught_at`
    // is the last of the chase.
    if !board.is_pseudo_legal(color, lib) {
        read.caught_at = at;
        return false;
    }
    match board.liberties_after(color, lib, 3) {
        0 | 1 => {
            read.caught_at = at;
            return false;
        }
        2 => {}
        _ => return true,
    }
    if read.budget < 2 {
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
    read.budget -= 1;
    // `boards[at]` holds just the extension until an atari is played on
    // it; only a second real chase needs the copy again.
    let mut extended = true;
    let attacker = !color;
    let libs = boards[at].liberties_up_to::<2>(lib);
    for (i, &a) in libs.as_slice().iter().enumerate() {
        if read.budget == 0 {
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
            read.budget -= 1;
            continue;
        }
        boards[at].play_unchecked(attacker, a);
        extended = false;
        read.budget -= 1;
        // The chasing stone may itself be in atari: capturing it, or any
        // other chaser in atari, gets out.
        let chased = &boards[at];
        let caught = chased.atari_liberty(lib).is_some()
            && !captures_out(chased, lib)
            && !extends_out(None, boards, at + 1, lib, read);
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
    fn a_ladder_is_as_long_as_its_extensions() {
        // D5, C5, C6, B6 and A6 each leave two liberties; A5 leaves one.
        let b = ladder(&[]);
        assert_eq!(ladder_length(&b, at(&b, "D4")), Some(5));
        assert_eq!(
            escape_ladder_length(&b, Color::White, at(&b, "D5")),
            Some(5)
        );
        let b = ladder(&[("C7", Color::White)]);
        assert_eq!(ladder_length(&b, at(&b, "D4")), None);
        assert_eq!(escape_ladder_length(&b, Color::White, at(&b, "D5")), None);
    }

    #[test]
    fn a_race_lost_at_once_is_a_ladder_of_one() {
        // White F9 has just taken G9 and is in atari there. Connecting
        // at G9 joins the big string with two liberties, F6 and J9, and
        // Black's F6 (or J9) leaves it one: caught after one extension.
        let b = crate::testing::positions::race_connection();
        assert_eq!(
            escape_ladder_length(&b, Color::White, at(&b, "G9")),
            Some(1)
        );
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
