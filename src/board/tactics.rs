//! Tactical queries for the heavy playout policy and the tree's priors:
//! small exact liberty counts, self-atari, captures, ataris and escapes,
//! answered without playing the move.

use super::{nb_stone, slot, Board, Cell, Color, Liberties, Point, NB_MASK};

impl Board {
    /// Would a stone of `color` at the empty point `p` join own stones into
    /// a string with a single liberty, capturing nothing? A lone stone in
    /// atari (a throw-in) does not count: it is often the right move.
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        // Two empty neighbours are two liberties: most random moves of a
        // playout are told here, from the packed counts.
        if self.empty_neighbors(p) >= 2 {
            return false;
        }
        let own = Cell::stone(color);
        let enemy = Cell::stone(!color);
        let mut libs = [p; 2];
        let mut found = 0;
        let mut add = |l: Point, libs: &mut [Point; 2]| {
            if l != p && (found == 0 || (found == 1 && libs[0] != l)) {
                libs[found] = l;
                found += 1;
            }
            found >= 2
        };
        let mut joins = [0usize; 4];
        let mut joined = 0;
        // Walls fall through the tests, as in `liberties_after`: a wall's
        // atari test would read the sink entry's running junk.
        for n in p.neighbors() {
            let c = self.cell(n);
            if c == Cell::Empty {
                if add(n, &mut libs) {
                    return false;
                }
            } else if c == own {
                let h = self.head_of(n);
                if !joins[..joined].contains(&h) {
                    joins[joined] = h;
                    joined += 1;
                }
            } else if c == enemy && self.in_atari(n) {
                // Capturing makes liberties.
                return false;
            }
        }
        if joined == 0 {
            return false;
        }
        for &h in &joins[..joined] {
            let start = h;
            let mut s = start;
            loop {
                let st = Point::from_index(s);
                // Stones without an empty neighbour (most of a long
                // string's) cost one load.
                if self.empty_neighbors(st) != 0 {
                    for l in st.neighbors() {
                        if self.is_empty_at(l) && add(l, &mut libs) {
                            return false;
                        }
                    }
                }
                s = slot(self.next[s]);
                if s == start {
                    break;
                }
            }
        }
        // No liberty at all is suicide, not atari.
        found == 1
    }

    /// Up to `N` distinct liberties of the string at `p` (a stone), found
    /// by walking it; stops as soon as `N` are found. A result of length
    /// `N` means "at least `N`": ask for 3 to tell exactly two from more.
    /// Atari strings are answered in O(1).
    pub fn liberties_up_to<const N: usize>(&self, p: Point) -> Liberties<N> {
        let mut out = Liberties {
            points: [p; N],
            len: 0,
        };
        if N == 0 {
            return out;
        }
        if let Some(l) = self.atari_liberty(p) {
            out.push(l);
            return out;
        }
        for s in self.stones(p) {
            // Most stones of a long string touch no empty point: one
            // load of the packed counts passes them.
            if self.empty_neighbors(s) == 0 {
                continue;
            }
            for n in s.neighbors() {
                if self.is_empty_at(n) && !out.contains(n) {
                    out.push(n);
                    if out.len == N {
                        return out;
                    }
                }
            }
        }
        out
    }

    /// Number of distinct liberties of the string at `p`, counted up to
    /// `N` (the answer is `min(liberties, N)`).
    #[inline]
    pub fn liberty_count_up_to<const N: usize>(&self, p: Point) -> usize {
        if self.surely_has_liberties(p, N as u64) {
            return N;
        }
        self.liberties_up_to::<N>(p).len
    }

    /// Would a stone of `color` at the empty point `p` capture something?
    /// (An adjacent opposing string in atari: its liberty can only be `p`.)
    #[inline]
    pub fn captures_at(&self, color: Color, p: Point) -> bool {
        if self.nbr[p.index()] & (NB_MASK * nb_stone(!color)) == 0 {
            return false;
        }
        let enemy = Cell::stone(!color);
        p.neighbors()
            .iter()
            .any(|&n| self.cell(n) == enemy && self.in_atari(n))
    }

    /// Would a stone of `color` at the empty point `p` leave an adjacent
    /// opposing string with exactly one liberty (an atari)?
    pub fn puts_in_atari(&self, color: Color, p: Point) -> bool {
        if self.nbr[p.index()] & (NB_MASK * nb_stone(!color)) == 0 {
            return false;
        }
        let enemy = Cell::stone(!color);
        p.neighbors()
            .iter()
            .any(|&n| self.cell(n) == enemy && self.liberty_count_up_to::<3>(n) == 2)
            && !self.is_suicide(color, p)
    }

    /// Exact number of distinct liberties, counted up to `max`, of the
    /// string holding `p` after a stone of `color` is placed on the empty
    /// point `p`: own strings joined, captures made (their stones next to
    /// the new string become liberties). 0 means suicide.
    pub fn liberties_after(&self, color: Color, p: Point, max: usize) -> usize {
        let own = Cell::stone(color);
        let enemy = Cell::stone(!color);
        let mut libs: [Point; 8] = [p; 8];
        let max = max.min(libs.len());
        // Empty neighbours are liberties, distinct and other than `p`.
        if usize::from(self.empty_neighbors(p)) >= max {
            return max;
        }
        let mut found = 0;
        // Returns true once `max` liberties are known.
        let mut add = |l: Point, libs: &mut [Point; 8]| {
            if l != p && !libs[..found].contains(&l) {
                libs[found] = l;
                found += 1;
            }
            found >= max
        };
        let mut joins = [0usize; 4];
        let mut joined = 0;
        let mut caps = [0usize; 4];
        let mut captured = 0;
        // Walls fall through the tests. (A match arm of their own could be
        // deleted unnoticed: walls would then read the harmless SINK.)
        for n in p.neighbors() {
            let c = self.cell(n);
            if c == Cell::Empty {
                if add(n, &mut libs) {
                    return max;
                }
            } else if c == own {
                let h = self.head_of(n);
                if !joins[..joined].contains(&h) {
                    joins[joined] = h;
                    joined += 1;
                }
            } else if c == enemy {
                let h = self.head_of(n);
                if self.in_atari(n) && !caps[..captured].contains(&h) {
                    caps[captured] = h;
                    captured += 1;
                }
            }
        }
        for &h in &joins[..joined] {
            for s in self.stones(Point::from_index(h)) {
                if self.empty_neighbors(s) == 0 {
                    continue;
                }
                for l in s.neighbors() {
                    if self.is_empty_at(l) && add(l, &mut libs) {
                        return max;
                    }
                }
            }
        }
        // A captured stone becomes a liberty where it touches `p` or a
        // joined string.
        for &h in &caps[..captured] {
            for s in self.stones(Point::from_index(h)) {
                let touches = s.neighbors().iter().any(|&n| {
                    n == p || (self.cell(n) == own && joins[..joined].contains(&self.head_of(n)))
                });
                debug_assert!(self.cell(s) == enemy);
                if touches && add(s, &mut libs) {
                    return max;
                }
            }
        }
        found
    }

    /// Would a stone of `color` at the empty point `p` take an own string
    /// that is in atari out of it (to two or more liberties), by
    /// extending on its liberty or by capturing a string next to it?
    pub fn saves_atari(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        let enemy = Cell::stone(!color);
        let mut extends = false;
        for n in p.neighbors() {
            let c = self.cell(n);
            if c == own && self.in_atari(n) {
                extends = true;
            } else if c == enemy && self.in_atari(n) {
                // Capturing gives every own string touching it a liberty.
                for s in self.stones(n) {
                    // A string whose liberty is `p` itself is joined, not
                    // relieved: the extension test below judges it.
                    if s.neighbors().iter().any(|&m| {
                        self.cell(m) == own && self.in_atari(m) && self.atari_liberty(m) != Some(p)
                    }) {
                        return true;
                    }
                }
            }
        }
        extends && self.liberties_after(color, p, 2) >= 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::random_games;
    use crate::testing::{board, vertex as p};

    #[test]
    fn self_atari() {
        let b = board(
            ". . X O .
             X X X O .
             O O O O .
             . . . . .
             . . . . .",
        );
        // Black's string A4-C4-C5 has liberties A5 and B5; filling one
        // leaves the other: self-atari of a string, refused.
        assert!(b.is_self_atari(Color::Black, p("B5", 5)));
        assert!(b.is_self_atari(Color::Black, p("A5", 5)));
        // A lone White stone at B5 is in atari but only a throw-in.
        assert!(!b.is_self_atari(Color::White, p("B5", 5)));
        // Open points are never self-atari.
        assert!(!b.is_self_atari(Color::Black, p("C2", 5)));
    }

    /// The definition, checked by playing the move on a copy.
    fn assert_self_atari_matches_brute_force(b: &Board) {
        for c in Color::ALL {
            for q in b.points().filter(|&q| b.is_empty_at(q)) {
                let mut after = b.clone();
                let effect = after.play_unchecked(c, q);
                let want = effect.captured == 0
                    && effect.suicided == 0
                    && after.string_stones(q).len() >= 2
                    && after.liberties(q).len() == 1;
                assert_eq!(b.is_self_atari(c, q), want, "{c:?} {}\n{b:?}", q.vertex());
            }
        }
    }

    /// Every small-liberty and tactical helper against its definition:
    /// the move played on a copy and liberties counted by brute force.
    fn assert_tactics_match_brute_force(b: &Board) {
        for q in b.points() {
            if let Some(_c) = b.color_at(q) {
                let libs = b.liberties(q);
                assert_eq!(b.in_atari(q), libs.len() == 1);
                assert_eq!(b.atari_liberty(q), (libs.len() == 1).then(|| libs[0]));
                let two = b.liberties_up_to::<2>(q);
                assert_eq!(two.len(), libs.len().min(2));
                assert_eq!(two.as_slice().len(), two.len());
                assert!(two.len() < 2 || two.as_slice()[0] != two.as_slice()[1]);
                assert!(two.as_slice().iter().all(|l| libs.contains(l)));
                assert!(!two.is_empty());
                assert!(b.liberties_up_to::<0>(q).is_empty());
                assert_eq!(b.liberty_count_up_to::<3>(q), libs.len().min(3));
                assert_eq!(b.liberty_count_up_to::<2>(q), libs.len().min(2));
                for n in 0..=4 {
                    assert!(!b.surely_has_liberties(q, n) || libs.len() >= n as usize);
                }
                assert_eq!(b.string_size(q), b.string_stones(q).len());
                let mut walked: Vec<Point> = b.stones(q).collect();
                walked.sort_unstable();
                let mut listed = b.string_stones(q);
                listed.sort_unstable();
                assert_eq!(walked, listed);
                continue;
            }
            for c in Color::ALL {
                let mut after = b.clone();
                let effect = after.play_unchecked(c, q);
                let libs_after = if effect.suicided > 0 {
                    0
                } else {
                    after.liberties(q).len()
                };
                for max in 1..=4 {
                    assert_eq!(
                        b.liberties_after(c, q, max),
                        libs_after.min(max),
                        "{c:?} {} max {max}\n{b:?}",
                        q.vertex()
                    );
                }
                assert_eq!(b.captures_at(c, q), effect.captured > 0);
                assert_eq!(b.is_suicide(c, q), effect.suicided > 0);
                let ataris = effect.suicided == 0
                    && q.neighbors().iter().any(|&n| {
                        b.color_at(n) == Some(!c)
                            && after.color_at(n) == Some(!c)
                            && after.liberties(n).len() == 1
                    });
                assert_eq!(b.puts_in_atari(c, q), ataris, "{c:?} {}\n{b:?}", q.vertex());
                let saves = effect.suicided == 0
                    && b.points().any(|a| {
                        b.color_at(a) == Some(c) && b.in_atari(a) && after.liberties(a).len() >= 2
                    });
                assert_eq!(b.saves_atari(c, q), saves, "{c:?} {}\n{b:?}", q.vertex());
            }
        }
    }

    #[test]
    fn tactics_match_brute_force_in_random_games() {
        random_games(|b, i| {
            if b.size() <= 5 {
                assert_self_atari_matches_brute_force(b);
            }
            if b.size() <= 7 || i % 53 == 0 {
                assert_tactics_match_brute_force(b);
            }
        });
    }
}
