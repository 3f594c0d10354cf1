//! KataGo's ladder reader (`Board::searchIsLadderCaptured` and
//! `searchIsLadderCapturedAttackerFirst2Libs`) and the chains its network
//! features ask about (`iterLadders`), with the same semantics:
//!
//! - the defender's ko point is cleared at the root (every ko is assumed
//!   to work for the defender there);
//! - the defender wins as soon as the attacker leaves a ko point;
//! - an illegal move (suicide of any size, the ko point) counts as a move
//!   that fails, and the next one is tried;
//! - the attacker wins at once in a double-ko death (both liberties are
//!   ko mouths, connecting at either gives at most 2 liberties, and no
//!   attacking stone next to the defender is in atari);
//! - the attacker's two liberties are tried in order of a liberty
//!   heuristic, and one that gives the defender 3 or more immediate
//!   liberties (when the two are not adjacent) is not tried;
//! - after 25,000 stones played the reading stops with "not captured",
//!   and the board's ko point is then left as the root's (cleared).
//!
//! The search depth is bounded by `n * n * 3 / 2 + 1` levels; a line that
//! reaches it counts as captured. Moves are tried in the order of KataGo's
//! chain lists ([`KBoard::chain_order`]), and played and undone as KataGo
//! does, since the defender's early exits look at the last move listed.

use super::kata_board::{opp, KBoard, BLACK, WHITE};

/// Stones played after which a reading gives up ("not captured").
pub const NODE_BUDGET: usize = 25_000;

/// The reading ran out of its node budget.
struct OutOfBudget;

struct Reader<'a> {
    board: &'a mut KBoard,
    target: usize,
    defender: u8,
    nodes: usize,
    stack_size: usize,
}

impl Reader<'_> {
    /// Is the target captured with `defender_turn` to move, at `depth`?
    fn search(&mut self, depth: usize, defender_turn: bool) -> Result<bool, OutOfBudget> {
        if depth + 1 >= self.stack_size {
            return Ok(true);
        }
        if self.nodes >= NODE_BUDGET {
            return Err(OutOfBudget);
        }
        let pla = self.defender;
        let att = opp(pla);
        let stones = self.board.chain_order(self.target);
        let mut chain_libs = Vec::new();
        self.board.find_liberties(self.target, &mut chain_libs);
        let libs = chain_libs.len();
        let moves: Vec<usize> = if defender_turn {
            if libs >= 2 || self.board.ko.is_some() {
                return Ok(false);
            }
            let mut list = self.board.liberty_gaining_captures(&stones);
            self.board.find_liberties(self.target, &mut list);
            let last = *list.last().expect("a chain in atari has a liberty");
            let (lower, upper) = self.board.bound_libs_after_play(last, pla);
            if lower >= 3 {
                return Ok(false);
            }
            if list.len() == 1 && upper <= 1 {
                return Ok(true);
            }
            list
        } else {
            if libs <= 1 {
                return Ok(true);
            }
            if libs >= 3 {
                return Ok(false);
            }
            let (m0, m1) = (chain_libs[0], chain_libs[1]);
            let libs0 = self.board.immediate_libs(m0);
            let libs1 = self.board.immediate_libs(m1);
            if libs0 == 0
                && libs1 == 0
                && self.board.would_be_ko_capture(m0, att)
                && self.board.would_be_ko_capture(m1, att)
                && self.board.libs_after_play(m0, pla, 3) <= 2
                && self.board.libs_after_play(m1, pla, 3) <= 2
                && !self.board.has_liberty_gaining_captures(&stones)
            {
                return Ok(true);
            }
            let mut list = vec![m0, m1];
            if !self.board.adj(m0).contains(&m1) {
                if libs0 >= 3 && libs1 >= 3 {
                    return Ok(false);
                } else if libs0 >= 3 {
                    list = vec![m0];
                } else if libs1 >= 3 {
                    list = vec![m1];
                }
            }
            if list.len() > 1 {
                let h0 = libs0 as i32 * 2 + self.board.heuristic_connection_libs_x2(m0, pla);
                let h1 = libs1 as i32 * 2 + self.board.heuristic_connection_libs_x2(m1, pla);
                if h1 > h0 {
                    list.swap(0, 1);
                }
            }
            list
        };
        let mover = if defender_turn { pla } else { att };
        for mv in moves {
            if !self.board.is_legal(mv, mover, false) {
                continue;
            }
            let record = self.board.play_recorded(mv, mover);
            self.nodes += 1;
            let result = self.search(depth + 1, !defender_turn);
            self.board.undo(record);
            let captured = result?;
            // KataGo checks the budget again on every return to a level.
            if self.nodes >= NODE_BUDGET {
                return Err(OutOfBudget);
            }
            if defender_turn && !captured {
                return Ok(false);
            }
            if !defender_turn && captured {
                return Ok(true);
            }
        }
        Ok(defender_turn)
    }
}

/// KataGo's `searchIsLadderCaptured`: is the chain at `loc` captured in a
/// ladder, the defender moving first (`defender_first`, the chain in
/// atari) or the attacker (the chain with at most 2 liberties)? The board
/// has the same stones on return, and the same ko point but after a
/// reading that ran out of budget (see the module doc); its chain lists
/// are as KataGo's undo leaves them.
pub fn ladder_captured(board: &mut KBoard, loc: usize, defender_first: bool) -> bool {
    let c = board.color(loc);
    if c != BLACK && c != WHITE {
        return false;
    }
    let libs = board.libs_upto(loc, 3);
    if libs > 2 || (defender_first && libs > 1) {
        return false;
    }
    let saved_ko = board.ko;
    if defender_first {
        board.ko = None;
    }
    let root_ko = board.ko;
    let stack_size = board.size() * board.size() * 3 / 2 + 1;
    let mut reader = Reader {
        board,
        target: loc,
        defender: c,
        nodes: 0,
        stack_size,
    };
    match reader.search(0, defender_first) {
        Ok(v) => {
            board.ko = saved_ko;
            v
        }
        Err(OutOfBudget) => {
            board.ko = root_ko;
            false
        }
    }
}

/// KataGo's `searchIsLadderCapturedAttackerFirst2Libs`: the attacker's
/// moves at the two liberties of the chain at `loc` that capture it in a
/// ladder (empty when neither does, or the chain has not 2 liberties).
pub fn ladder_working_moves(board: &mut KBoard, loc: usize) -> Vec<usize> {
    let c = board.color(loc);
    if c != BLACK && c != WHITE {
        return Vec::new();
    }
    let mut libs = Vec::new();
    board.find_liberties(loc, &mut libs);
    if libs.len() != 2 {
        return Vec::new();
    }
    let att = opp(c);
    let mut working = Vec::new();
    for mv in libs {
        if board.is_legal(mv, att, false) {
            let record = board.play_recorded(mv, att);
            let works = ladder_captured(board, loc, true);
            // Undoing the attacker's move restores the ko point too, even
            // after a reading that ran out of budget.
            board.undo(record);
            if works {
                working.push(mv);
            }
        }
    }
    working
}

/// KataGo's `iterLadders`: every stone of a chain with 1 or 2 liberties
/// that is captured in a ladder (the chain in atari with the defender to
/// move, the 2-liberty chain with the attacker to move), each with the
/// attacker's working moves for a 2-liberty chain (given only at the first
/// stone of the chain met, row by row from the top). The readings run on
/// one copy of the board, in that order, as KataGo's do.
pub fn iter_ladders(board: &KBoard) -> Vec<(usize, Vec<usize>)> {
    let mut copy = board.clone();
    let mut solved: Vec<(Vec<usize>, bool)> = Vec::new();
    let mut out = Vec::new();
    for loc in board.locs() {
        let c = board.color(loc);
        if c != BLACK && c != WHITE {
            continue;
        }
        let libs = board.libs_upto(loc, 3);
        if libs != 1 && libs != 2 {
            continue;
        }
        if let Some((_, v)) = solved.iter().find(|(s, _)| s.contains(&loc)) {
            if *v {
                out.push((loc, Vec::new()));
            }
            continue;
        }
        let (laddered, working) = if libs == 1 {
            (ladder_captured(&mut copy, loc, true), Vec::new())
        } else {
            let w = ladder_working_moves(&mut copy, loc);
            (!w.is_empty(), w)
        };
        solved.push((board.chain(loc).stones, laddered));
        if laddered {
            out.push((loc, working));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> KBoard {
        KBoard::from_rows(rows)
    }

    /// White B5 (x 1, y 1) in atari at B6 in the top left corner of a 6x6
    /// board, Black at A5, C5, B4. Worked by hand: White B6 gives 2
    /// liberties, A6 and C6; Black C6 leaves A6, where White's stone would
    /// have no liberty and captures nothing (illegal), and no black stone
    /// next to White is in atari: captured.
    #[test]
    fn a_ladder_that_works() {
        let mut b = board(&["......", "X.X...", ".X....", "......", "......", "......"]);
        let w = b.loc(1, 1);
        b.set(w, WHITE);
        assert_eq!(b.libs(w), 1);
        let before = b.clone();
        assert!(ladder_captured(&mut b, w, true));
        assert_eq!(b, before, "the reader leaves the board as it was");
    }

    /// The same with a white stone at A6 (x 0, y 0): Black A5 is then in
    /// atari, White takes it at A4, and Black has no legal atari left
    /// (B6 and A5 are both suicides): not captured.
    #[test]
    fn a_ladder_broken_by_a_breaker() {
        let mut b = board(&["O.....", "XOX...", ".X....", "......", "......", "......"]);
        let w = b.loc(1, 1);
        assert_eq!(b.libs(w), 1);
        assert!(!ladder_captured(&mut b, w, true));
    }

    /// White's chain B5 C5 C6 (x 1..2) has one liberty, D6; Black B6 has
    /// just taken a ko at A6 (the ko point). At the root the ko is assumed
    /// to work for the defender: White retakes at A6, and after Black D6
    /// (B6 is then ko-banned to Black) White takes A5 at A4 and Black's
    /// two ataris are both suicides: not captured. Were the ko point kept,
    /// White could only run to D6 with one liberty and be captured.
    #[test]
    fn the_defenders_ko_at_the_root_is_assumed_to_work() {
        let mut b = board(&[".XO...", "XOOX..", ".XX...", "......", "......", "......"]);
        b.ko = Some(b.loc(0, 0));
        let w = b.loc(1, 1);
        assert_eq!(b.libs(w), 1);
        let before = b.clone();
        assert!(!ladder_captured(&mut b, w, true));
        assert_eq!(b, before, "the ko point is restored");
    }

    /// White A5 (x 0, y 1) has two liberties, A6 and A4, Black to move
    /// (attacker first, the root ko untouched). Black A4 is a suicide (it
    /// touches only white chains with two liberties). Black A6 takes B6
    /// (a lone white stone) and stands alone with one liberty: a ko. The
    /// defender wins when the attacker leaves a ko point: not captured.
    /// Were the rule not there, White could not retake at B6 (ko) and its
    /// only run, A4, joins B4 and A3 with the one liberty B3: captured.
    #[test]
    fn the_defender_wins_when_the_attacker_leaves_a_ko() {
        let mut b = board(&[".OX...", "OXX...", ".OX...", "O.....", "X.....", "......"]);
        let w = b.loc(0, 1);
        assert_eq!(b.libs(w), 2);
        assert!(!b.is_legal(b.loc(0, 2), BLACK, false));
        let mut after = b.clone();
        after.play(after.loc(0, 0), BLACK);
        assert_eq!(after.ko, Some(after.loc(1, 0)));
        assert!(!ladder_captured(&mut b, w, false));
    }
}
