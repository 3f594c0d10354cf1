//! The eight symmetries of a square board as KataGo numbers them (bit 1
//! flips the rows, bit 2 the columns, bit 4 transposes), and a network
//! evaluated under one: the inputs turned, the outputs turned back.

use crate::nn::forward::{Inputs, Network, RawOutput};

/// The number of symmetries.
pub const COUNT: u8 = 8;

/// Where each point goes: `map[old] = new`, points from the top row of a
/// `size` x `size` board. Inputs go forward; outputs come back with
/// `reverse`, which for the transposing symmetries flips the other axis
/// (KataGo's `copyWithSymmetry`).
pub fn map(size: usize, symmetry: u8, reverse: bool) -> Vec<usize> {
    let transpose = symmetry & 4 != 0;
    let (mut flip_x, mut flip_y) = (symmetry & 2 != 0, symmetry & 1 != 0);
    if transpose && !reverse {
        std::mem::swap(&mut flip_x, &mut flip_y);
    }
    let n = size as isize;
    let (mut h_stride, mut w_stride) = (n, 1);
    let (mut h_base, mut w_base) = (0, 0);
    if flip_y {
        h_base = (n - 1) * n;
        h_stride = -n;
    }
    if flip_x {
        w_base = n - 1;
        w_stride = -1;
    }
    if transpose {
        std::mem::swap(&mut h_stride, &mut w_stride);
    }
    let mut out = Vec::with_capacity(size * size);
    for h in 0..n {
        for w in 0..n {
            out.push((h_base + h * h_stride + w_base + w * w_stride) as usize);
        }
    }
    out
}

/// Evaluates one board under `symmetry`: what the network says, in the
/// board's own orientation.
pub fn evaluate(net: &mut Network, inputs: &Inputs, symmetry: u8) -> RawOutput {
    if symmetry == 0 {
        return net.evaluate(std::slice::from_ref(inputs)).remove(0);
    }
    let size = net.size();
    let points = size * size;
    let features = inputs.spatial.len() / points;
    let forward = map(size, symmetry, false);
    let mut spatial = vec![0.0; inputs.spatial.len()];
    for (old, &new) in forward.iter().enumerate() {
        spatial[new * features..(new + 1) * features]
            .copy_from_slice(&inputs.spatial[old * features..(old + 1) * features]);
    }
    let turned = Inputs {
        spatial: &spatial,
        global: inputs.global,
    };
    let mut raw = net.evaluate(std::slice::from_ref(&turned)).remove(0);
    let back = map(size, symmetry, true);
    let unturn = |plane: &[f32]| {
        let mut out = vec![0.0; points];
        for (old, &new) in back.iter().enumerate() {
            out[new] = plane[old];
        }
        out
    };
    raw.policy = raw.policy.chunks_exact(points).flat_map(unturn).collect();
    raw.ownership = unturn(&raw.ownership);
    raw
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_symmetry_is_undone_by_its_reverse() {
        for s in 0..COUNT {
            let f = map(5, s, false);
            let b = map(5, s, true);
            // A point turned by the inputs' map and back by the outputs'
            // map is where it started.
            let mut seen = [false; 25];
            for (p, &turned) in f.iter().enumerate() {
                let back = b.iter().position(|&n| n == p).expect("a permutation");
                assert_eq!(turned, back, "symmetry {s}, point {p}");
                seen[turned] = true;
            }
            assert!(seen.iter().all(|&x| x), "symmetry {s} is a permutation");
        }
    }

    #[test]
    fn the_symmetries_worked_by_hand() {
        // 3x3, point 1 = top row, middle column (B3 in GTP).
        assert_eq!(map(3, 0, false)[1], 1);
        assert_eq!(map(3, 1, false)[1], 7, "rows flipped: bottom middle");
        assert_eq!(map(3, 2, false)[1], 1, "columns flipped: still top middle");
        assert_eq!(
            map(3, 4, false)[1],
            3,
            "transposed: middle of the left column"
        );
        // Point 0, the top left corner, under flipped columns: top right.
        assert_eq!(map(3, 2, false)[0], 2);
    }
}
