//! What a random playout asks of the board: uniform random moves that
//! fill no own eye, the 3x3 neighbourhood code of the patterns, and the
//! area score of the finished game.

use rand::Rng;

use super::{nb_stone, Board, Cell, Color, Point, NB_EMPTY, NB_MASK, NB_WHITE, STRIDE};

impl Board {
    /// Plays a uniformly random move for `color` among the points that are
    /// mechanically legal and do not fill one of its own eyes; passes when
    /// there is none. Returns the point played.
    pub fn play_random<R: Rng + ?Sized>(&mut self, color: Color, rng: &mut R) -> Option<Point> {
        self.play_random_where(color, rng, |_, _| true)
    }

    /// Like [`Board::play_random`], among the points `accept` also allows
    /// (a playout policy's extra filter).
    #[inline]
    pub fn play_random_where<R, F>(&mut self, color: Color, rng: &mut R, accept: F) -> Option<Point>
    where
        R: Rng + ?Sized,
        F: Fn(&Board, Point) -> bool,
    {
        let chosen = self.random_point_where(color, rng, accept);
        match chosen {
            Some(p) => {
                self.place(color, p);
            }
            None => self.pass(),
        }
        chosen
    }

    /// The point [`Board::play_random_where`] would play, without playing
    /// it: a policy that may move the stone elsewhere looks at it first.
    #[inline]
    pub fn random_point_where<R, F>(&self, color: Color, rng: &mut R, accept: F) -> Option<Point>
    where
        R: Rng + ?Sized,
        F: Fn(&Board, Point) -> bool,
    {
        let n = self.empty_count();
        if n == 0 {
            return None;
        }
        // A random start and a scan (libego): uniform enough, and no
        // rejection loop that stalls when only eyes are left.
        // Multiply-shift instead of an exact uniform draw: the bias is at
        // most n / 2^32 and it takes a few instructions, not a loop.
        let mut i = ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize;
        for _ in 0..n {
            let p = self.empty_point(i);
            i += 1;
            if i == n {
                i = 0;
            }
            if !self.is_ko(p) && self.random_candidate(color, p) && accept(self, p) {
                return Some(p);
            }
        }
        None
    }

    /// Neither an own eye nor a suicide, for the empty point `p`: the two
    /// tests share one look at the packed neighbour counts, and most points
    /// of a playout are settled by it.
    #[inline(always)]
    fn random_candidate(&self, color: Color, p: Point) -> bool {
        let env = self.nbr[p.index()];
        if env & (NB_MASK * NB_EMPTY) != 0 {
            return true;
        }
        if env & (NB_MASK * nb_stone(!color)) == 0 && self.diagonals_keep_eye(p, color) {
            return false;
        }
        !self.is_suicide_crowded(color, p)
    }

    /// Owner of `p` at the end of a playout: the stone's colour, or the
    /// colour of every stone next to an empty point (its eye), else nobody.
    #[inline]
    pub fn final_owner(&self, p: Point) -> Option<Color> {
        let i = p.index();
        match self.cells[i] {
            Cell::Empty => {
                let env = self.nbr[i];
                let black = env & NB_MASK != 0;
                let white = env & (NB_MASK * NB_WHITE) != 0;
                match (black, white) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    _ => None,
                }
            }
            c => c.color(),
        }
    }

    /// Black's area minus White's with [`Board::final_owner`]: stones plus
    /// empty points touching one colour only. Exact area scoring once a
    /// playout has filled everything but eyes.
    pub fn area_score(&self) -> i32 {
        let size = usize::from(self.size);
        let mut score = 0i32;
        // Half-open ranges: an inclusive one keeps an extra end flag whose
        // test the branch predictor missed about once a row.
        for y in 1..size + 1 {
            let row = y * STRIDE;
            // By column: with a range of indices, a start moved one to the
            // left would take in the wall, which counts nothing, unnoticed.
            for x in 1..size + 1 {
                score += i32::from(self.owner_value(row + x));
            }
        }
        score
    }

    /// Writes every point's [`Board::final_owner`] into `out`, indexed by
    /// [`Point::index`]: 1 Black, -1 White, 0 nobody. Other entries are
    /// left alone. Returns the area score, as [`Board::area_score`].
    ///
    /// # Panics
    /// If `out` is shorter than [`MAX_POINTS`](super::MAX_POINTS).
    pub fn owners(&self, out: &mut [i8]) -> i32 {
        let size = usize::from(self.size);
        let mut score = 0i32;
        // Half-open, as in `area_score`.
        for y in 1..size + 1 {
            let row = y * STRIDE + 1;
            for (i, o) in out[row..row + size].iter_mut().enumerate() {
                *o = self.owner_value(row + i);
                score += i32::from(*o);
            }
        }
        score
    }

    /// [`Board::final_owner`] of the cell at index `i` as 1, -1 or 0.
    #[inline]
    fn owner_value(&self, i: usize) -> i8 {
        // Without a match: the jump on the cell's kind mispredicts about
        // every other point of a finished playout.
        let c = self.cells[i];
        let env = self.nbr[i];
        let empty = c == Cell::Empty;
        let black = (c == Cell::Black) | (empty & (env & NB_MASK != 0));
        let white = (c == Cell::White) | (empty & (env & (NB_MASK * NB_WHITE) != 0));
        i8::from(black) - i8::from(white)
    }

    /// The 3x3 neighbourhood of `p` as a 16-bit code: two bits per
    /// neighbour ([`Cell`] as u8: empty 0, black 1, white 2, wall 3), in
    /// the order NW, N, NE, W, E, SW, S, SE (north = higher rows).
    #[inline]
    pub fn neighborhood_code(&self, p: Point) -> u16 {
        let i = p.index();
        let c = |j: usize| u16::from(self.cells[j] as u8);
        c(i + STRIDE - 1)
            | c(i + STRIDE) << 2
            | c(i + STRIDE + 1) << 4
            | c(i - 1) << 6
            | c(i + 1) << 8
            | c(i - STRIDE - 1) << 10
            | c(i - STRIDE) << 12
            | c(i - STRIDE + 1) << 14
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::random_games;
    use crate::board::MAX_POINTS;
    use Color::{Black, White};

    /// Scoring and the 3x3 code against their definitions: owners by
    /// brute force, the neighbours read one by one.
    fn assert_scoring_matches_brute_force(b: &Board) {
        // Scoring by packed counts against the definition.
        let mut owners = [7i8; MAX_POINTS];
        let mut want = 0;
        for q in b.points() {
            let o = match b.color_at(q) {
                Some(c) => Some(c),
                None => {
                    let around: Vec<Color> = q
                        .neighbors()
                        .iter()
                        .filter_map(|&n| b.color_at(n))
                        .collect();
                    if !around.is_empty() && around.iter().all(|&c| c == around[0]) {
                        Some(around[0])
                    } else {
                        None
                    }
                }
            };
            assert_eq!(b.final_owner(q), o);
            want += match o {
                Some(Black) => 1,
                Some(White) => -1,
                None => 0,
            };
        }
        assert_eq!(b.area_score(), want);
        assert_eq!(b.owners(&mut owners), want);
        for q in b.points() {
            let o = owners[q.index()];
            assert_eq!(
                o,
                b.final_owner(q)
                    .map_or(0, |c| if c == Black { 1 } else { -1 })
            );
        }
        // The 3x3 code reads the eight neighbours.
        for q in b.points() {
            let code = b.neighborhood_code(q);
            let [s, w, e, n] = q.neighbors();
            let [sw, se, nw, ne] = q.diagonals();
            for (slot, r) in [nw, n, ne, w, e, sw, s, se].into_iter().enumerate() {
                assert_eq!(code >> (2 * slot) & 3, b.cell(r) as u16);
            }
        }
    }

    #[test]
    fn scoring_matches_brute_force_in_random_games() {
        random_games(|b, i| {
            if b.size() <= 7 || i % 53 == 0 {
                assert_scoring_matches_brute_force(b);
            }
        });
    }

    #[test]
    fn random_moves_spread_over_the_board() {
        // The first random move on an empty 9x9 board, over 400 seeds: a
        // uniform choice hits every point about five times. A start that
        // is always the same (a broken draw) would give one point.
        use rand::{rngs::SmallRng, SeedableRng};
        let mut hits = [0u32; MAX_POINTS];
        for seed in 0..400 {
            let mut b = Board::new(9);
            let p = b.play_random(Black, &mut SmallRng::seed_from_u64(seed));
            hits[p.expect("a move").index()] += 1;
        }
        let points = hits.iter().filter(|&&h| h > 0).count();
        let most = hits.iter().max().copied().unwrap_or(0);
        assert!(points >= 70, "only {points} of 81 points chosen");
        assert!(most <= 20, "one point chosen {most} times of 400");
    }
}
