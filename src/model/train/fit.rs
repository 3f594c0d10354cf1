//! Learning the move model's gammas from training positions by
//! minorization-maximization (Coulom 2007), and how well a model
//! predicts the teacher's moves.

use std::collections::HashMap;

use crate::model::features::{
    canonical, optional_count, with_optional, CAPTURE, ESCAPE, GROUPS, GROUP_SIZES, LINE,
    MAX_LINES, OPTIONAL, SHAPE, SPATIAL,
};
use crate::model::spatial;
use crate::model::table::{expand_lines, Model};

use super::positions::Position;

/// Least number of times a shape must be seen among the candidates to get
/// a gamma of its own; rarer ones share one.
const MIN_SHAPE_COUNT: usize = 20;

/// Learns gammas from `positions` by minorization-maximization (Coulom
/// 2007): one group at a time, each gamma becomes its wins over the sum,
/// in every position where it was a candidate, of its partners' strength
/// over the position's total. A virtual win and loss against a gamma of
/// 1 keeps features seen rarely near 1.
///
/// The line gammas tell the first `lines` lines apart (at most
/// [`MAX_LINES`]); the lines inside share the last one's. A large shape
/// gets a gamma of its own once the teacher played it `large` times (its
/// probabilities summed, for a teacher that gives them), as in Pachi's
/// spatial dictionary: shapes harvested from the moves played, not from
/// every candidate. With `large` 0 the model has no large shapes.
/// `last_atari` learns the answers to the last move's atari apart from
/// those to older ataris ([`OPTIONAL`]).
pub fn train(
    positions: &[Position],
    rounds: usize,
    (lines, large): (u8, u32),
    last_atari: bool,
) -> Model {
    let lines = lines.clamp(1, MAX_LINES);
    // The shapes to learn: the canonical forms seen often enough; the
    // others share index 0.
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for pos in positions {
        for f in &pos.moves {
            *seen.entry(canonical(f.shape)).or_default() += 1;
        }
    }
    let (kept, index) = numbered(
        seen.iter()
            .filter(|&(_, &n)| n >= MIN_SHAPE_COUNT)
            .map(|(&c, _)| c),
    );
    // The large shapes played, by canonical hash, each with the first
    // form seen and its radius.
    let mut played: HashMap<u64, (f64, spatial::Code, usize)> = HashMap::new();
    if large > 0 {
        for pos in positions {
            for &(i, w) in &pos.targets {
                let code = pos.moves[i as usize].spatial;
                for (radius, h) in spatial::canonical_hashes(code).into_iter().enumerate() {
                    played.entry(h).or_insert((0.0, code, radius)).0 += f64::from(w);
                }
            }
        }
    }
    let (spatial_kept, spatial_index) = numbered(
        played
            .iter()
            .filter(|&(_, &(n, _, _))| n >= f64::from(large))
            .map(|(&h, _)| h),
    );
    // Each candidate as one value index per group; its large shape is the
    // largest one kept.
    let rows: Vec<Vec<[u32; GROUPS]>> = positions
        .iter()
        .map(|pos| {
            pos.moves
                .iter()
                .map(|f| {
                    let mut r = f.values.map(u32::from);
                    if !last_atari {
                        for &(g, v, like) in &OPTIONAL {
                            if r[g] == u32::from(v) {
                                r[g] = u32::from(like);
                            }
                        }
                    }
                    r[SHAPE] = index.get(&canonical(f.shape)).copied().unwrap_or(0);
                    if !spatial_index.is_empty() {
                        r[SPATIAL] = spatial::canonical_hashes(f.spatial)
                            .iter()
                            .rev()
                            .find_map(|h| spatial_index.get(h))
                            .copied()
                            .unwrap_or(0);
                    }
                    r[LINE] = (r[LINE] / 2).min(u32::from(lines) - 1) * 2 + r[LINE] % 2;
                    r
                })
                .collect()
        })
        .collect();
    let mut sizes = GROUP_SIZES;
    sizes[SHAPE] = kept.len() + 1;
    sizes[LINE] = 2 * usize::from(lines);
    sizes[SPATIAL] = spatial_kept.len() + 1;
    if !last_atari {
        for g in [CAPTURE, ESCAPE] {
            sizes[g] -= optional_count(g);
        }
    }
    let mut gammas: Vec<Vec<f64>> = sizes.iter().map(|&n| vec![1.0; n]).collect();
    let mut wins: Vec<Vec<f64>> = sizes.iter().map(|&n| vec![0.0; n]).collect();
    for (pos, rows) in positions.iter().zip(&rows) {
        for &(i, w) in &pos.targets {
            for (g, &v) in rows[i as usize].iter().enumerate() {
                wins[g][v as usize] += f64::from(w);
            }
        }
    }
    let strength = |gammas: &[Vec<f64>], r: &[u32; GROUPS]| -> f64 {
        r.iter()
            .enumerate()
            .map(|(g, &v)| gammas[g][v as usize])
            .product()
    };
    for _ in 0..rounds {
        for g in 0..GROUPS {
            let mut sums = vec![0.0; sizes[g]];
            for pos in &rows {
                let total: f64 = pos.iter().map(|r| strength(&gammas, r)).sum();
                for r in pos {
                    let v = r[g] as usize;
                    sums[v] += strength(&gammas, r) / gammas[g][v] / total;
                }
            }
            for v in 0..sizes[g] {
                let old = gammas[g][v];
                gammas[g][v] = (wins[g][v] + 1.0) / (sums[v] + 2.0 / (old + 1.0));
            }
        }
    }
    let mut model = Model::uniform();
    model.rare_shape = gammas[SHAPE][0] as f32;
    for (i, &c) in kept.iter().enumerate() {
        model.insert_shape(c, gammas[SHAPE][i + 1] as f32);
    }
    for (group, learned) in model.groups.iter_mut().zip(&gammas).skip(1) {
        *group = learned.iter().map(|&x| x as f32).collect();
    }
    model.groups[LINE] = expand_lines(&model.groups[LINE]);
    model.groups[SPATIAL] = Vec::new();
    if !spatial_kept.is_empty() {
        model.no_spatial = gammas[SPATIAL][0] as f32;
        for (i, h) in spatial_kept.iter().enumerate() {
            let (_, code, radius) = played[h];
            model.insert_large_shape(code, radius, gammas[SPATIAL][i + 1] as f32);
        }
    }
    if !last_atari {
        for g in [CAPTURE, ESCAPE] {
            model.groups[g] = with_optional(g, std::mem::take(&mut model.groups[g]));
        }
    }
    model.lines = lines;
    model.last_atari = last_atari;
    model
}

/// The keys sorted, and the index of each counted from 1: index 0 is
/// shared by every key left out.
fn numbered<K: Copy + Ord + std::hash::Hash>(
    keys: impl Iterator<Item = K>,
) -> (Vec<K>, HashMap<K, u32>) {
    let mut sorted: Vec<K> = keys.collect();
    sorted.sort_unstable();
    let index = sorted
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32 + 1))
        .collect();
    (sorted, index)
}

/// Share of positions where the model ranks the teacher's move (its
/// likeliest, for a teacher that gives probabilities) first, and the mean
/// log-probability it gives the teacher's moves (weighted by theirs).
pub fn evaluate(model: &Model, positions: &[Position]) -> (f64, f64) {
    let mut first = 0;
    let mut log_p = 0.0;
    for pos in positions {
        let s: Vec<f64> = pos.moves.iter().map(|f| model.strength(f)).collect();
        let total: f64 = s.iter().sum();
        let top = pos.top() as usize;
        if s.iter().enumerate().all(|(i, &x)| i == top || x < s[top]) {
            first += 1;
        }
        log_p += pos
            .targets
            .iter()
            .map(|&(i, w)| f64::from(w) * (s[i as usize] / total).ln())
            .sum::<f64>();
    }
    let n = positions.len().max(1) as f64;
    (f64::from(first) / n, log_p / n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::model::features::{features, Features, CAPTURE_SAVES_NEW, ESCAPE_NEW_LADDER};
    use crate::testing::at;
    use crate::testing::positions::capture_at_d3;

    /// A candidate with shape `shape` and every other value 0 (first line,
    /// no capture, no escape, ...), no large shape.
    fn plain(shape: u32) -> Features {
        Features {
            shape,
            spatial: 0,
            values: [0; GROUPS],
        }
    }

    /// `count` copies of a position whose candidate 0 is the one played.
    fn played_first(moves: &[Features], count: usize) -> Vec<Position> {
        (0..count)
            .map(|_| Position {
                moves: moves.to_vec(),
                targets: vec![(0, 1.0)],
            })
            .collect()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-5
    }

    fn all_close(got: &[f32], want: &[f64]) -> bool {
        got.len() == want.len() && got.iter().zip(want).all(|(&g, &w)| close(f64::from(g), w))
    }

    #[test]
    fn training_learns_what_is_played() {
        // In every position the capture is played: its gamma must rise
        // above the others'.
        let (b, capture) = capture_at_d3();
        let others: Vec<Features> = ["A1", "E5", "B2", "A5"]
            .iter()
            .map(|v| features(&b, Color::Black, at(&b, v), None, None))
            .collect();
        let positions: Vec<Position> = (0..30)
            .map(|_| Position {
                moves: std::iter::once(capture)
                    .chain(others.iter().copied())
                    .collect(),
                targets: vec![(0, 1.0)],
            })
            .collect();
        let model = train(&positions, 10, (MAX_LINES, 10), true);
        assert!(model.groups[CAPTURE][1] > 2.0 * model.groups[CAPTURE][0]);
        // The capture's large shapes were played 30 times: it has them.
        assert!(model.spatial_gamma(capture.spatial) > 2.0 * model.no_spatial);
        assert_eq!(model.large_shapes.len(), 3);
        let (first, _) = evaluate(&model, &positions);
        assert!(first > 0.99);
        // The table reads back the same.
        let again = Model::parse(&model.to_table("test")).expect("parses");
        for f in &positions[0].moves {
            let (a, b) = (model.strength(f), again.strength(f));
            assert!((a - b).abs() < 1e-3 * a, "{a} {b}");
        }
    }

    #[test]
    fn a_teachers_probabilities_become_the_ratio_of_gammas() {
        // Two candidates told apart only by the capture feature, the
        // capture given 0.75 and the other 0.25 in every position: the
        // fitted model gives them the same 3 to 1.
        let (_, capture) = capture_at_d3();
        let mut quiet = capture;
        quiet.values[CAPTURE] = 0;
        let positions: Vec<Position> = (0..200)
            .map(|_| Position {
                moves: vec![quiet, capture],
                targets: vec![(0, 0.25), (1, 0.75)],
            })
            .collect();
        let model = train(&positions, 30, (MAX_LINES, 0), true);
        assert!(model.spatial.is_empty());
        let ratio = model.strength(&capture) / model.strength(&quiet);
        assert!((ratio - 3.0).abs() < 0.1, "{ratio}");
        assert_eq!(positions[0].top(), 1);
    }

    #[test]
    fn numbering_sorts_the_keys_and_counts_from_one() {
        let (sorted, index) = numbered([50u32, 7, 31].into_iter());
        assert_eq!(sorted, [7, 31, 50]);
        let mut pairs: Vec<(u32, u32)> = index.into_iter().collect();
        pairs.sort_unstable();
        assert_eq!(pairs, [(7, 1), (31, 2), (50, 3)]);
    }

    #[test]
    fn a_shape_seen_often_enough_gets_a_gamma_of_its_own() {
        // MIN_SHAPE_COUNT positions, each with shape `a` played and `b`
        // not played; in the last one `c` stands in for `b`. So `a` is seen
        // exactly MIN_SHAPE_COUNT times and is kept (index 1), `b` one time
        // fewer and `c` once: both share the rare gamma (index 0).
        let (a, b, c) = (0o10, 0o20, 0o2);
        assert!([a, b, c].iter().all(|&s| canonical(s) == s));
        let n = MIN_SHAPE_COUNT;
        let mut positions = played_first(&[plain(a), plain(b)], n);
        positions[n - 1].moves[1] = plain(c);
        // One round from gammas of 1: each position has two candidates of
        // strength 1, so each adds 1/2 to the sum of its shape. Kept:
        // (n wins + 1) / (n/2 + 2/(1+1)); rare: (0 + 1) / (n/2 + 1).
        // The other groups have one value for every candidate: it wins
        // n times and sums n, and stays at (n + 1) / (n + 1) = 1.
        let model = train(&positions, 1, (MAX_LINES, 0), true);
        let n = n as f64;
        let (kept, rare) = ((n + 1.0) / (n / 2.0 + 1.0), 1.0 / (n / 2.0 + 1.0));
        assert!(
            close(f64::from(model.rare_shape), rare),
            "{}",
            model.rare_shape
        );
        assert!(model.shapes.contains_key(&a));
        assert!(!model.shapes.contains_key(&b) && !model.shapes.contains_key(&c));
        assert!(close(model.strength(&plain(a)), kept));
        assert!(close(model.strength(&plain(b)), rare));
        assert!(close(model.strength(&plain(c)), rare));
        // Every symmetric form of `a` has its gamma.
        for k in 0..8 {
            let form = crate::model::features::transform(a, k);
            assert!(close(f64::from(model.shapes[&form]), kept));
        }
    }

    #[test]
    fn the_inner_lines_share_the_last_lines_gammas() {
        // Three lines told apart: line gammas 0..6 are (line, open) for
        // lines 0, 1 and 2, and a move on line 4 in the open (value
        // 2 * 4 + 1 = 9) has line 2's open gamma, value 5. In two
        // positions it is played against a move on the first line, not in
        // the open (value 0).
        let mut inner = plain(0);
        inner.values[LINE] = 9;
        let positions = played_first(&[inner, plain(0)], 2);
        // Only the line group tells the two candidates apart; the others
        // stay at 1 (each of their values wins 2 and sums 2). Line gammas,
        // gamma = (wins + 1) / (sum + 2 / (old + 1)):
        // round 1, all gammas 1, total 2: each candidate adds 1/2 per
        // position, sums 1 each: value 5 gets 3 / (1 + 1) = 3/2, value 0
        // gets 1 / (1 + 1) = 1/2, the values never seen 1 / (0 + 1) = 1.
        // Round 2, total 3/2 + 1/2 = 2: each candidate adds
        // (its strength / its gamma) / 2 = 1/2 per position, sums 1:
        // value 5 gets 3 / (1 + 2/(5/2)) = 5/3, value 0 gets
        // 1 / (1 + 2/(3/2)) = 3/7.
        let model = train(&positions, 2, (3, 0), true);
        assert_eq!(model.lines, 3);
        let (hi, lo) = (5.0 / 3.0, 3.0 / 7.0);
        let want = [lo, 1.0, 1.0, 1.0, 1.0, hi, 1.0, hi, 1.0, hi, 1.0, hi];
        assert!(
            all_close(&model.groups[LINE], &want),
            "{:?}",
            model.groups[LINE]
        );
        assert!(close(model.strength(&inner), hi));
        assert!(close(model.strength(&plain(0)), lo));
    }

    /// Two positions, each with a capture that saves a string the last
    /// move put in atari (played) against a move whose escape runs into a
    /// ladder from the last move's atari.
    fn answers_to_the_last_atari() -> (Features, Features, Vec<Position>) {
        let mut saves = plain(0);
        saves.values[CAPTURE] = CAPTURE_SAVES_NEW;
        let mut ladder = plain(0);
        ladder.values[ESCAPE] = ESCAPE_NEW_LADDER;
        (saves, ladder, played_first(&[saves, ladder], 2))
    }

    #[test]
    fn without_last_atari_the_answers_to_it_learn_with_the_older_ones() {
        // Without last_atari, capture value 4 is trained as 3 and escape
        // value 4 as 2, and the table gives 4 the gamma of 3 (capture) and
        // of 2 (escape). One round, the shape group (first) stays at 1.
        // Capture, all gammas 1, total 2, each sum 1: value 3 gets
        // (2 + 1) / (1 + 1) = 3/2, value 0 gets 1/2, 1 and 2 get 1.
        // Escape, after it: strengths 3/2 and 1/2, total 2, so value 0
        // (the capture's) sums 2 * 3/4 = 3/2 and gets 3 / (3/2 + 1) = 6/5,
        // value 2 sums 2 * 1/4 = 1/2 and gets 1 / (1/2 + 1) = 2/3.
        let (saves, ladder, positions) = answers_to_the_last_atari();
        let model = train(&positions, 1, (MAX_LINES, 0), false);
        assert!(!model.last_atari);
        let capture = [0.5, 1.0, 1.0, 1.5, 1.5];
        assert!(
            all_close(&model.groups[CAPTURE], &capture),
            "{:?}",
            model.groups[CAPTURE]
        );
        let escape = [1.2, 1.0, 2.0 / 3.0, 1.0, 2.0 / 3.0];
        assert!(
            all_close(&model.groups[ESCAPE], &escape),
            "{:?}",
            model.groups[ESCAPE]
        );
        assert!(close(model.strength(&saves), 1.5 * 1.2));
        assert!(close(model.strength(&ladder), 0.5 * 2.0 / 3.0));
    }

    #[test]
    fn with_last_atari_the_answers_to_it_have_gammas_of_their_own() {
        // The same positions, values kept: capture 4 gets the 3/2 and
        // escape 4 the 2/3 that 3 and 2 got without last_atari; the other
        // values the positions never show stay at 1.
        let (saves, ladder, positions) = answers_to_the_last_atari();
        let model = train(&positions, 1, (MAX_LINES, 0), true);
        assert!(model.last_atari);
        let capture = [0.5, 1.0, 1.0, 1.0, 1.5];
        assert!(
            all_close(&model.groups[CAPTURE], &capture),
            "{:?}",
            model.groups[CAPTURE]
        );
        let escape = [1.2, 1.0, 1.0, 1.0, 2.0 / 3.0];
        assert!(
            all_close(&model.groups[ESCAPE], &escape),
            "{:?}",
            model.groups[ESCAPE]
        );
        assert!(close(model.strength(&saves), 1.5 * 1.2));
        assert!(close(model.strength(&ladder), 0.5 * 2.0 / 3.0));
    }

    #[test]
    fn evaluation_counts_strict_firsts_and_averages_the_log_probability() {
        // A model where a capture (value 1) is 3 times as strong as any
        // other move: `strong` has strength 3, `weak` 1.
        let mut model = Model::uniform();
        model.groups[CAPTURE][1] = 3.0;
        let mut strong = plain(0);
        strong.values[CAPTURE] = 1;
        let weak = plain(0);
        let position = |moves: Vec<Features>, targets| Position { moves, targets };
        let positions = [
            // The strong move played: ranked first, probability 3/4.
            position(vec![strong, weak], vec![(0, 1.0)]),
            // The weak move played: not first, probability 1/4.
            position(vec![strong, weak], vec![(1, 1.0)]),
            // A tie is not ranked first; probability 1/2.
            position(vec![weak, weak], vec![(0, 1.0)]),
            // A teacher giving 3/4 and 1/4: its likeliest is first, and
            // the log-probabilities weigh 3/4 and 1/4.
            position(vec![strong, weak], vec![(0, 0.75), (1, 0.25)]),
        ];
        let (first, log_p) = evaluate(&model, &positions);
        assert!(close(first, 2.0 / 4.0), "{first}");
        let (three_quarters, quarter, half) = (0.75f64.ln(), 0.25f64.ln(), 0.5f64.ln());
        let want = (three_quarters + quarter + half + 0.75 * three_quarters + 0.25 * quarter) / 4.0;
        assert!(close(log_p, want), "{log_p} {want}");
        // No positions: nothing predicted, nothing divided by zero.
        assert_eq!(evaluate(&model, &[]), (0.0, 0.0));
    }
}
