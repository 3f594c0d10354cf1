//! The consistency checker: every structure the board derives from its
//! cells recomputed from scratch and compared, for tests and assertions.

use super::{nb_unit, slot, zobrist, Board, Cell, Libs, SINK};

impl Board {
    /// Recomputes every derived structure from the cells and compares.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut empties = 0usize;
        for p in self.points() {
            match self.cell(p) {
                Cell::Empty => {
                    empties += 1;
                    if self.head[p.index()] != SINK {
                        return Err(format!("empty point with a head at {}", p.vertex()));
                    }
                    let i = slot(self.empty_pos[p.index()]);
                    if i >= self.empty_count() || slot(self.empty[i]) != p.index() {
                        return Err(format!("empty list misses {}", p.vertex()));
                    }
                }
                Cell::Wall => return Err(format!("wall on board at {}", p.vertex())),
                c => {
                    let color = c.color().ok_or("stone without colour")?;
                    hash ^= zobrist::stone_key(p, color);
                    // Flood fill the string and compare with the lists.
                    let mut stones = vec![p];
                    let mut i = 0;
                    while i < stones.len() {
                        for n in stones[i].neighbors() {
                            if self.cell(n) == c && !stones.contains(&n) {
                                stones.push(n);
                            }
                        }
                        i += 1;
                    }
                    let mut listed = self.string_stones(p);
                    listed.sort_unstable();
                    stones.sort_unstable();
                    if listed != stones {
                        return Err(format!("string list wrong at {}", p.vertex()));
                    }
                    let h = self.head_of(p);
                    if stones.iter().any(|&s| self.head_of(s) != h) {
                        return Err(format!("heads differ in string at {}", p.vertex()));
                    }
                    let mut want = Libs::default();
                    for s in &stones {
                        for n in s.neighbors() {
                            if self.is_empty_at(n) {
                                want.0 += Libs::of(n.index() as u32).0;
                            }
                        }
                    }
                    if self.libs[h] != want || usize::from(self.stones[h]) != stones.len() {
                        return Err(format!("string data wrong at {}", p.vertex()));
                    }
                    if want.is_none() {
                        return Err(format!("string without liberties at {}", p.vertex()));
                    }
                    if self.in_atari(p) != (self.liberties(p).len() == 1) {
                        return Err(format!("atari test wrong at {}", p.vertex()));
                    }
                }
            }
        }
        for p in self.points() {
            let mut want = 0;
            for n in p.neighbors() {
                want += nb_unit(self.cell(n));
            }
            if self.nbr[p.index()] != want {
                return Err(format!("neighbour counts wrong at {}", p.vertex()));
            }
        }
        if empties != self.empty_count() {
            return Err("empty count wrong".into());
        }
        if self.hashing && hash != self.hash {
            return Err("hash differs from recomputed hash".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::tests::random_games;
    use crate::board::{Point, NB_EMPTY};
    use crate::testing::{board, vertex as p};

    /// The consistency check, which the random-game tests rely on, must
    /// itself notice each kind of broken bookkeeping.
    #[test]
    fn consistency_check_finds_corruption() {
        let good = board(
            ". . . . .
             . X X . .
             . O X . .
             . . O . .
             . . . . .",
        );
        good.check_consistency().expect("consistent");
        // A1 empty, C3 in a string of three, C2 a lone stone.
        let (a1, c3, c2) = (p("A1", 5), p("C3", 5), p("C2", 5));
        type Corrupt = fn(&mut Board, Point, Point, Point);
        let corruptions: [(&str, Corrupt); 9] = [
            ("head of an empty point", |b, a1, _, _| {
                b.head[a1.index()] = a1.index() as u16
            }),
            ("empty list entry", |b, a1, _, _| {
                // Another empty point's slot: in range, wrong point.
                let other = (b.empty_pos[a1.index()] + 1) % b.empty_count as u16;
                b.empty_pos[a1.index()] = other;
            }),
            ("empty list range", |b, a1, _, _| {
                b.empty_pos[a1.index()] = b.empty_count as u16
            }),
            ("string ring", |b, _, c3, _| {
                b.next[c3.index()] = c3.index() as u16
            }),
            ("string data", |b, _, c3, _| {
                let h = b.head_of(c3);
                b.libs[h].0 += 1 << Libs::COUNT_SHIFT;
            }),
            ("string size", |b, _, c3, _| {
                let h = b.head_of(c3);
                b.stones[h] -= 1;
            }),
            ("neighbour counts", |b, _, _, c2| {
                b.nbr[c2.index()] += NB_EMPTY
            }),
            ("empty count", |b, _, _, _| b.empty_count -= 1),
            ("hash", |b, _, _, _| b.hash ^= 1),
        ];
        for (what, corrupt) in corruptions {
            let mut b = good.clone();
            corrupt(&mut b, a1, c3, c2);
            assert!(b.check_consistency().is_err(), "{what} not noticed");
        }
    }

    #[test]
    fn random_games_stay_consistent() {
        random_games(|b, i| {
            let size = usize::from(b.size());
            if size <= 9 || i % 37 == 0 || i + 1 == size * size * 2 {
                b.check_consistency().expect("consistent");
            }
        });
    }
}
