//! Playing a stone: placing it, joining strings, capturing, and keeping
//! the liberties, neighbour counts, empty list and hash in step.

use super::{
    lowest, nb_stone, no_stone_around, slot, Board, Cell, Color, Libs, PlayEffect, Point, NB_EMPTY,
    NO_KO, SINK,
};

impl Board {
    /// Places a stone of `color` on the empty point `p`, removes opposing
    /// strings left without liberties, then the own string if it has none.
    /// Ko and superko are not checked.
    ///
    /// # Panics
    /// In debug builds, if `p` is not empty.
    pub fn play_unchecked(&mut self, color: Color, p: Point) -> PlayEffect {
        self.place(color, p)
    }

    /// [`Board::play_unchecked`] inlined at the call site, for a playout
    /// loop that plays every move through it (the heavy policy: 1% more
    /// 19x19 playouts/s than with the call, four runs each, alternated).
    #[inline(always)]
    pub fn play_unchecked_inline(&mut self, color: Color, p: Point) -> PlayEffect {
        self.place(color, p)
    }

    /// The body of [`Board::play_unchecked`], inlined into the random
    /// move loop: one call per move fewer, and its register saves.
    #[inline(always)]
    pub(super) fn place(&mut self, color: Color, p: Point) -> PlayEffect {
        debug_assert!(self.is_empty_at(p), "play on occupied {p:?}");
        let own = Cell::stone(color);
        let enemy = Cell::stone(!color);
        let pi = p.index();
        self.ko = NO_KO;
        self.cells[pi] = own;
        self.remove_empty(p);
        if self.hashing {
            self.hash ^= self.keys[p.index()][color.index()];
        }
        let env = self.nbr[pi];
        let unit = nb_stone(color);
        let mut libs = Libs::default();
        // Branch-free: which kind of cell a neighbour is, is a coin toss
        // for the branch predictor in a random playout.
        for n in p.neighbors() {
            let ni = n.index();
            self.nbr[ni] = self.nbr[ni].wrapping_sub(NB_EMPTY).wrapping_add(unit);
            let e = u64::from(self.cells[ni] == Cell::Empty);
            libs.0 += e * Libs::of(ni as u32).0;
        }
        // Most playout moves touch no stone: nothing to join or capture,
        // and no string loses a liberty (the updates would all land in
        // the sink).
        if no_stone_around(env) {
            self.new_string(pi, libs);
            return PlayEffect::default();
        }
        for n in p.neighbors() {
            let h = self.head_of(n);
            self.sub_lib(h, p);
        }
        // Own neighbours to join and opposing neighbours left without a
        // liberty, as bit sets over the four neighbours built without
        // branching (no lists to fill on the stack); the loops then run
        // only over those (usually none or one), in neighbour order.
        let nbrs = p.neighbors();
        let mut joins = 0u32;
        let mut dead = 0u32;
        for (k, &n) in nbrs.iter().enumerate() {
            let c = self.cells[n.index()];
            joins |= u32::from(c == own) << k;
            dead |= u32::from((c == enemy) & self.libs[self.head_of(n)].is_none()) << k;
        }
        if joins == 0 {
            self.new_string(pi, libs);
        } else {
            // The new stone joins the first own neighbour's string
            // without being a string of its own first: no merge, no walk.
            // The head is the one a merge would keep (the new stone when
            // the other is a lone stone too): later merges splice the
            // rings at the heads, so the head decides the order of a
            // string's stones, and that order is the order in which a
            // capture frees points for the random moves.
            let h = self.head_of(nbrs[lowest(joins)]);
            let head = if self.stones[h] == 1 { pi } else { h };
            self.head[pi] = head as u16;
            self.head[h] = head as u16;
            self.next[pi] = self.next[h];
            self.next[h] = pi as u16;
            self.stones[head] = self.stones[h] + 1;
            self.libs[head] = Libs(self.libs[h].0 + libs.0);
            joins &= joins - 1;
            while joins != 0 {
                let n = nbrs[lowest(joins)];
                joins &= joins - 1;
                let (a, b) = (self.head_of(p), self.head_of(n));
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        let mut effect = PlayEffect::default();
        let mut captured_at = p;
        while dead != 0 {
            let n = nbrs[lowest(dead)];
            dead &= dead - 1;
            // A string next to `p` twice is listed twice; the second time
            // it is gone already and removes nothing. That never happens
            // when one stone is captured in all, the only case in which
            // `captured_at` is read.
            effect.captured += self.remove_string(n, !color);
            captured_at = n;
        }
        let h = self.head_of(p);
        if self.libs[h].is_none() {
            effect.suicided = self.remove_string(p, color);
        } else if effect.captured == 1 && self.stones[h] == 1 && self.libs[h].count() == 1 {
            self.ko = captured_at.index() as u16;
        } else if self.double_hot
            && effect.captured >= 2
            && self.stones[h] == 2
            && self.libs[h].count() == 1
        {
            // The pair's one liberty: its sum over a single point.
            self.ko = self.libs[h].sum() as u16;
        }
        effect
    }

    /// Makes the stone at `pi` a string of its own, with `libs`.
    #[inline(always)]
    fn new_string(&mut self, pi: usize, libs: Libs) {
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.libs[pi] = libs;
        self.stones[pi] = 1;
    }

    /// Wrapping: the [`SINK`] entry takes updates for non-stones and may
    /// hold anything.
    #[inline]
    fn add_lib(&mut self, head: usize, lib: Point) {
        let s = &mut self.libs[head];
        s.0 = s.0.wrapping_add(Libs::of(lib.index() as u32).0);
    }

    #[inline]
    fn sub_lib(&mut self, head: usize, lib: Point) {
        let s = &mut self.libs[head];
        s.0 = s.0.wrapping_sub(Libs::of(lib.index() as u32).0);
    }

    /// Joins two strings; the larger one's head survives.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        // The first stone apart: the smaller string is most often the
        // lone stone just placed, and a test of its own, separate from the
        // loop's, is then predicted well.
        self.head[small] = big as u16;
        let mut s = slot(self.next[small]);
        while s != small {
            self.head[s] = big as u16;
            s = slot(self.next[s]);
        }
        self.next.swap(big, small);
        self.stones[big] += self.stones[small];
        self.libs[big].0 += self.libs[small].0;
    }

    /// Removes the string of `color` at `p` and returns how many stones
    /// it had: none when `p` is empty (a string removed already).
    fn remove_string(&mut self, p: Point, color: Color) -> u16 {
        let start = p.index();
        // The callers know the colour: a match on the cell's would be a
        // coin toss for the branch predictor (captures are of either
        // colour), while an empty cell here is rare.
        if self.cells[start] == Cell::Empty {
            return 0;
        }
        debug_assert_eq!(self.cells[start], Cell::stone(color));
        let mut count = 0u16;
        let mut s = start;
        loop {
            let sp = Point::from_index(s);
            self.cells[s] = Cell::Empty;
            self.head[s] = SINK;
            self.add_empty(sp);
            if self.hashing {
                self.hash ^= self.keys[sp.index()][color.index()];
            }
            count += 1;
            s = slot(self.next[s]);
            if s == start {
                break;
            }
        }
        // Only now that every stone is gone can neighbours gain liberties
        // without crediting the dying string itself.
        let unit = nb_stone(color);
        loop {
            let sp = Point::from_index(s);
            for n in sp.neighbors() {
                let ni = n.index();
                self.nbr[ni] = self.nbr[ni].wrapping_sub(unit).wrapping_add(NB_EMPTY);
                let h = self.head_of(n);
                self.add_lib(h, sp);
            }
            s = slot(self.next[s]);
            if s == start {
                break;
            }
        }
        self.removed[color] += u32::from(count);
        count
    }

    /// Removes the strings at the given points (agreed dead stones). Not a
    /// capture: the removed counts are left alone.
    pub fn remove_strings(&mut self, points: &[Point]) {
        for &p in points {
            if let Some(c) = self.color_at(p) {
                let n = self.remove_string(p, c);
                self.removed[c] -= u32::from(n);
            }
        }
        self.ko = NO_KO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{board, vertex as p};
    use Color::{Black, White};

    #[test]
    fn captures_a_single_stone_and_sets_ko() {
        let mut b = board(
            ". X O .
             X O . O
             . X O .
             . . . .",
        );
        let e = b.play_unchecked(Black, p("C3", 4));
        assert_eq!(
            e,
            PlayEffect {
                captured: 1,
                suicided: 0
            }
        );
        assert_eq!(b.color_at(p("B3", 4)), None);
        assert_eq!(b.ko(), Some(p("B3", 4)));
        assert_eq!(b.removed(White), 1);
        b.check_consistency().expect("consistent");
        // White may not retake at once on the bare board level.
        assert!(!b.is_pseudo_legal(White, p("B3", 4)));
        b.pass();
        assert!(b.is_pseudo_legal(White, p("B3", 4)));
    }

    #[test]
    fn captures_a_string_in_the_corner() {
        // The white pair A4-B4 would have no liberty: the diagram reader
        // refuses such a set-up instead of silently removing it.
        assert!("O O X .
                 X X . .
                 . . . .
                 . . . ."
            .parse::<Board>()
            .is_err());
        let mut b = board(
            ". O X .
             X X . .
             . . . .
             . . . .",
        );
        let e = b.play_unchecked(Black, p("A4", 4));
        assert_eq!(e.captured, 1);
        assert_eq!(b.color_at(p("B4", 4)), None);
        assert_eq!(b.ko(), None, "the capturing stone has two liberties");
        b.check_consistency().expect("consistent");
    }

    #[test]
    fn single_and_multi_stone_suicide() {
        let mut b = board(
            ". X .
             X . .
             . . .",
        );
        assert!(b.is_suicide(White, p("A3", 3)));
        assert!(!b.is_multi_stone_suicide(White, p("A3", 3)));
        let e = b.play_unchecked(White, p("A3", 3));
        assert_eq!(
            e,
            PlayEffect {
                captured: 0,
                suicided: 1
            }
        );
        assert_eq!(b.removed(White), 1);
        b.check_consistency().expect("consistent");

        let mut b = board(
            "O . X .
             X X X .
             . . . .
             . . . .",
        );
        assert!(b.is_multi_stone_suicide(White, p("B4", 4)));
        let e = b.play_unchecked(White, p("B4", 4));
        assert_eq!(
            e,
            PlayEffect {
                captured: 0,
                suicided: 2
            }
        );
        assert!(b.is_empty_at(p("A4", 4)) && b.is_empty_at(p("B4", 4)));
        b.check_consistency().expect("consistent");
    }

    #[test]
    fn capture_beats_suicide() {
        let mut b = board(
            ". X O .
             X O . .
             O . . .
             . . . .",
        );
        // For White, A4 captures both black stones; for Black it would join
        // them into a string with no liberty at all.
        assert!(!b.is_suicide(White, p("A4", 4)));
        assert!(b.is_multi_stone_suicide(Black, p("A4", 4)));
        let e = b.play_unchecked(White, p("A4", 4));
        assert_eq!(e.captured, 2);
        b.check_consistency().expect("consistent");
    }

    /// A stone that connects strings leaves the largest one's head in
    /// charge: the walks that move heads then cover the smaller strings
    /// only. B2 first joins the lone B1 (B2 becomes that string's head,
    /// as a merge of two lone stones would have it), then the three
    /// stones of C2-E2, which keep theirs.
    #[test]
    fn the_largest_string_keeps_its_head() {
        let mut b = board(
            ". . . . .
             . . . . .
             . . . . .
             . . X X X
             . X . . .",
        );
        let three = b.head_of(p("C2", 5));
        b.play_unchecked(Black, p("B2", 5));
        assert_eq!(b.string_size(p("B2", 5)), 5);
        for q in ["B1", "B2", "C2", "D2", "E2"] {
            assert_eq!(b.head_of(p(q, 5)), three, "{q}");
        }
        b.check_consistency().expect("consistent");
        let mut b = board(
            ". . .
             . . .
             . X .",
        );
        b.play_unchecked(Black, p("B2", 3));
        assert_eq!(b.head_of(p("B1", 3)), p("B2", 3).index());
    }

    /// Ing's double hot stone: White's C1 takes A1-B1, and the pair C1-D1
    /// has the one liberty B1. With `set_double_hot` the ko point is B1;
    /// without, there is none. A pair that took one stone, or a pair with
    /// two liberties, sets none either way.
    #[test]
    fn a_pair_that_took_two_sets_the_ko_point_when_double_hot() {
        let diagram = ". . . . .
                       O O . . .
                       . . . . .
                       O O X X X
                       X X . O X";
        for on in [false, true] {
            let mut b = board(diagram);
            b.set_double_hot(on);
            let e = b.play_unchecked(White, p("C1", 5));
            assert_eq!(e.captured, 2);
            assert_eq!(b.ko(), on.then(|| p("B1", 5)), "{on}");
            // The flag goes with the board.
            let mut copy = board(". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .");
            copy.copy_from(&b);
            assert_eq!(copy.ko(), b.ko());
        }
        // A1 keeps the liberty B1: the pair took nothing.
        let mut b = board(
            ". . . . .
             O O . . .
             . . . . .
             O O X X X
             X . . O X",
        );
        b.set_double_hot(true);
        b.play_unchecked(White, p("C1", 5));
        assert_eq!(b.ko(), None);
        // The pair keeps a second liberty (E1 empty): no hot stone.
        let mut b = board(
            ". . . . .
             O O . . .
             . . . . .
             O O X X .
             X X . O .",
        );
        b.set_double_hot(true);
        b.play_unchecked(White, p("C1", 5));
        assert_eq!(b.ko(), None);
    }

    #[test]
    fn a_capture_that_keeps_liberties_is_no_ko() {
        // C3 takes the one stone at B3 and keeps three other liberties:
        // White could retake at once without recapturing, so no ko point.
        let mut b = board(
            ". X . .
             X O . .
             . X . .
             . . . .",
        );
        let e = b.play_unchecked(Black, p("C3", 4));
        assert_eq!(e.captured, 1);
        assert_eq!(b.ko(), None);
        // Nor does a move that captures nothing and leaves a lone stone
        // in atari (the C4 stone has only D4).
        let mut b = board(
            ". X . .
             . . X .
             . . . .
             . . . .",
        );
        b.play_unchecked(White, p("C4", 4));
        assert!(b.in_atari(p("C4", 4)));
        assert_eq!(b.ko(), None);
    }

    #[test]
    fn removing_dead_strings_is_not_a_capture() {
        let mut b = board(
            ". X . .
             X O . .
             . X . O
             . . . O",
        );
        b.play_unchecked(Black, p("C3", 4));
        assert_eq!((b.removed(Black), b.removed(White)), (0, 1));
        // The agreed dead: the two-stone white string and the black B4.
        b.remove_strings(&[p("D1", 4), p("B4", 4)]);
        assert_eq!(b.color_at(p("D2", 4)), None);
        assert_eq!(b.color_at(p("B4", 4)), None);
        assert_eq!((b.removed(Black), b.removed(White)), (0, 1));
        b.check_consistency().expect("consistent");
    }
}
