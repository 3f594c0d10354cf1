//! Pass-alive stones and territory, KataGo's way (`Board::calculateAreaForPla`
//! and `calculateArea`): Benson's algorithm over the regions of empty and
//! opponent points, with KataGo's choices.
//!
//! - A region is a maximal connected set of empty or opponent points that
//!   holds at least one empty point.
//! - A region is vital to a chain of the player when every empty point of
//!   it (every point, when multi-stone suicide is legal) touches the chain.
//! - Chains with fewer than two vital regions are removed until none is;
//!   a region next to a removed chain is vital to no one.
//! - The surviving chains are pass-alive. A region is the player's
//!   pass-alive territory when it touches no removed chain and at most one
//!   of its points touches none of the player's stones; with "safe big
//!   territories" also when it touches no removed chain and holds no
//!   opponent stone; with "unsafe big territories", a region without
//!   opponent stones marks only points nobody has claimed yet.
//!
//! Nothing is marked for a player with no stone on the board.

use super::kata_board::{opp, KBoard, BLACK, EMPTY, WHITE};

/// The area of `pla` on `board` added to `result` (indexed by location):
/// pass-alive stones and territory, and the big territories asked for.
pub fn area_for_pla(
    board: &KBoard,
    pla: u8,
    safe_big_territories: bool,
    unsafe_big_territories: bool,
    multi_stone_suicide_legal: bool,
    result: &mut [u8],
) {
    let o = opp(pla);
    let len = board.arr_len();
    // Chains of pla: id by location.
    let mut chain_of = vec![usize::MAX; len];
    let mut chains: Vec<Vec<usize>> = Vec::new();
    for loc in board.locs() {
        if board.color(loc) == pla && chain_of[loc] == usize::MAX {
            let stones = board.chain(loc).stones;
            for &s in &stones {
                chain_of[s] = chains.len();
            }
            chains.push(stones);
        }
    }
    struct Region {
        points: Vec<usize>,
        vital_for: Vec<usize>,
        internal: usize,
        contains_opp: bool,
        borders_removed: bool,
    }
    let mut region_of = vec![usize::MAX; len];
    let mut regions: Vec<Region> = Vec::new();
    for start in board.locs() {
        if region_of[start] != usize::MAX || board.color(start) != EMPTY {
            continue;
        }
        let id = regions.len();
        let mut points = vec![start];
        region_of[start] = id;
        let mut i = 0;
        while i < points.len() {
            let p = points[i];
            i += 1;
            for a in board.adj(p) {
                let c = board.color(a);
                if (c == EMPTY || c == o) && region_of[a] == usize::MAX {
                    region_of[a] = id;
                    points.push(a);
                }
            }
        }
        let touching = |p: usize| -> Vec<usize> {
            let mut v: Vec<usize> = board
                .adj(p)
                .iter()
                .filter(|&&a| board.color(a) == pla)
                .map(|&a| chain_of[a])
                .collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let mut vital_for = touching(start);
        let mut internal = 0;
        let mut contains_opp = false;
        for &p in &points {
            let t = touching(p);
            if multi_stone_suicide_legal || board.color(p) == EMPTY {
                vital_for.retain(|c| t.contains(c));
            }
            if t.is_empty() {
                internal += 1;
            }
            if board.color(p) == o {
                contains_opp = true;
            }
        }
        regions.push(Region {
            points,
            vital_for,
            internal,
            contains_opp,
            borders_removed: false,
        });
    }
    let mut vital_count = vec![0usize; chains.len()];
    for r in &regions {
        for &c in &r.vital_for {
            vital_count[c] += 1;
        }
    }
    let mut removed = vec![false; chains.len()];
    loop {
        let mut changed = false;
        for c in 0..chains.len() {
            if removed[c] || vital_count[c] >= 2 {
                continue;
            }
            removed[c] = true;
            changed = true;
            for &s in &chains[c] {
                for a in board.adj(s) {
                    let r = region_of[a];
                    if r != usize::MAX && !regions[r].borders_removed {
                        regions[r].borders_removed = true;
                        for &v in &regions[r].vital_for {
                            vital_count[v] -= 1;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let any_pla = !chains.is_empty();
    for (c, stones) in chains.iter().enumerate() {
        if !removed[c] {
            for &s in stones {
                result[s] = pla;
            }
        }
    }
    for r in &regions {
        let mark = any_pla
            && !r.borders_removed
            && (r.internal <= 1 || (safe_big_territories && !r.contains_opp));
        if mark {
            for &p in &r.points {
                result[p] = pla;
            }
        } else if unsafe_big_territories && !r.contains_opp && any_pla {
            for &p in &r.points {
                if result[p] == EMPTY {
                    result[p] = pla;
                }
            }
        }
    }
}

/// KataGo's `calculateArea`: Black's then White's area (White's pass-alive
/// marks overwrite), then, with `non_pass_alive_stones`, every point still
/// unclaimed that holds a stone goes to that stone's colour. Indexed by
/// location; `EMPTY` for nobody's.
pub fn calculate_area(
    board: &KBoard,
    non_pass_alive_stones: bool,
    safe_big_territories: bool,
    unsafe_big_territories: bool,
    multi_stone_suicide_legal: bool,
) -> Vec<u8> {
    let mut result = vec![EMPTY; board.arr_len()];
    for pla in [BLACK, WHITE] {
        area_for_pla(
            board,
            pla,
            safe_big_territories,
            unsafe_big_territories,
            multi_stone_suicide_legal,
            &mut result,
        );
    }
    if non_pass_alive_stones {
        for loc in board.locs() {
            if result[loc] == EMPTY {
                result[loc] = board.color(loc);
            }
        }
    }
    result
}

/// The points whose stones and territory are pass-alive for either player
/// (no big territories): `calculateArea(false, false, false, ..)`.
pub fn pass_alive_area(board: &KBoard, multi_stone_suicide_legal: bool) -> Vec<u8> {
    calculate_area(board, false, false, false, multi_stone_suicide_legal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::kata_board::KBoard;
    use proptest::prelude::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn board(rows: &[&str]) -> KBoard {
        KBoard::from_rows(rows)
    }

    fn rows(b: &KBoard, area: &[u8]) -> Vec<String> {
        (0..b.size())
            .map(|y| {
                (0..b.size())
                    .map(|x| match area[b.loc(x, y)] {
                        BLACK => 'X',
                        WHITE => 'O',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Worked by hand: Black's wall along the top with three one-point
    /// eyes (A5, C5, E5) is one chain with three vital regions, so it is
    /// pass-alive and the eyes are its territory; the open area below is
    /// not vital (its far points touch no black stone) and stays
    /// unclaimed, unless big territories are asked for: then it is
    /// Black's too, bordered only by pass-alive stones and holding no
    /// white stone.
    #[test]
    fn a_wall_with_two_eyes_or_more_is_pass_alive() {
        let b = board(&[".X.X.", "XXXXX", ".....", ".....", "....."]);
        let area = pass_alive_area(&b, false);
        assert_eq!(
            rows(&b, &area),
            ["XXXXX", "XXXXX", ".....", ".....", "....."]
        );
        let big = calculate_area(&b, true, true, true, false);
        assert_eq!(rows(&b, &big), ["XXXXX"; 5]);
    }

    /// Worked by hand: one eye (A5) is one vital region; the chain is
    /// removed, so nothing is pass-alive. With non-pass-alive stones (and
    /// no big territories) the stones alone are Black's.
    #[test]
    fn a_group_with_one_eye_is_not_pass_alive() {
        let b = board(&[".X...", "XX...", ".....", ".....", "....."]);
        let area = pass_alive_area(&b, false);
        assert!(area.iter().all(|&c| c == EMPTY));
        let with_stones = calculate_area(&b, true, false, false, false);
        assert_eq!(
            rows(&b, &with_stones),
            [".X...", "XX...", ".....", ".....", "....."]
        );
    }

    /// A random position: up to `moves` random legal plays on an `n` x `n`
    /// board, never filling a point whose four neighbours are the mover's.
    fn random_position(seed: u64, n: usize, moves: usize, suicide: bool) -> KBoard {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut b = KBoard::new(n);
        let mut pla = BLACK;
        for _ in 0..moves {
            let cands: Vec<usize> = b
                .locs()
                .filter(|&l| {
                    b.is_legal(l, pla, suicide)
                        && !b
                            .adj(l)
                            .iter()
                            .all(|&a| b.color(a) == pla || b.color(a) == 3)
                })
                .collect();
            if cands.is_empty() {
                b.pass();
            } else {
                let l = cands[rng.random_range(0..cands.len())];
                b.play(l, pla);
            }
            pla = crate::tactics::kata_board::opp(pla);
        }
        b
    }

    /// The property below is not vacuous: random positions do hold
    /// pass-alive stones.
    #[test]
    fn random_positions_hold_pass_alive_stones() {
        let with = (0..200u64)
            .filter(|&seed| {
                let b = random_position(seed, 6, 60, false);
                pass_alive_area(&b, false).iter().any(|&c| c != EMPTY)
            })
            .count();
        assert!(with >= 20, "{with} of 200");
    }

    proptest! {
        /// Benson's guarantee: no single move of the opponent, anywhere,
        /// captures a pass-alive stone or makes it lose that status.
        #[test]
        fn pass_alive_stones_survive_any_opponent_move(
            seed in any::<u64>(),
            n in 4usize..8,
            fill in 30usize..90,
            suicide in any::<bool>(),
        ) {
            let b = random_position(seed, n, n * n * fill / 100 * 2, suicide);
            for pla in [BLACK, WHITE] {
                let mut before = vec![EMPTY; b.arr_len()];
                area_for_pla(&b, pla, false, false, suicide, &mut before);
                let alive: Vec<usize> =
                    b.locs().filter(|&l| b.color(l) == pla && before[l] == pla).collect();
                let o = crate::tactics::kata_board::opp(pla);
                for l in b.locs() {
                    if !b.is_legal(l, o, suicide) {
                        continue;
                    }
                    let mut after = b.clone();
                    after.play(l, o);
                    let mut area = vec![EMPTY; after.arr_len()];
                    area_for_pla(&after, pla, false, false, suicide, &mut area);
                    for &s in &alive {
                        prop_assert_eq!(after.color(s), pla);
                        prop_assert_eq!(area[s], pla);
                    }
                }
            }
        }
    }
}
