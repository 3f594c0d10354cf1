//! The transformer blocks: self-attention over a board's points with
//! rotary positions (learned or fixed), and the SwiGLU feed-forward layer,
//! each pre-normed and added to its input, as KataGo's Eigen backend
//! computes them.

use super::gemm::{self, matmul, Rows};
use super::ops::{act, rms_norm};
use crate::nn::model::{Activation, Attention, FeedForward, Rope};

/// The cosines and sines of one attention block's rotations on a board
/// of one size: `[table head][pair][point]`, one table head per key/value
/// head for learned frequencies, one in all for fixed ones.
pub struct RopeTable {
    cos: Vec<f32>,
    sin: Vec<f32>,
    per_kv_head: bool,
}

impl RopeTable {
    pub fn new(a: &Attention, size: usize) -> Option<RopeTable> {
        let pairs = a.q_dim / 2;
        let points = size * size;
        let mut angles = Vec::new();
        let per_kv_head = match &a.rope {
            Rope::None => return None,
            Rope::Learnable(freqs) => {
                for h in 0..a.kv_heads {
                    for p in 0..pairs {
                        let fx = freqs[(h * pairs + p) * 2];
                        let fy = freqs[(h * pairs + p) * 2 + 1];
                        for xy in 0..points {
                            let (y, x) = ((xy / size) as f32, (xy % size) as f32);
                            angles.push(x * fx + y * fy);
                        }
                    }
                }
                true
            }
            Rope::Fixed(theta) => {
                // The first half of the pairs turn with the row, the
                // second half with the column, pair j of a half at
                // theta^(-2j / pairs).
                let half = pairs / 2;
                for p in 0..pairs {
                    let (j, by_row) = if p < half {
                        (p, true)
                    } else {
                        (p - half, false)
                    };
                    let freq = 1.0 / theta.powf((2 * j) as f32 / pairs as f32);
                    for xy in 0..points {
                        let (y, x) = ((xy / size) as f32, (xy % size) as f32);
                        angles.push(if by_row { y } else { x } * freq);
                    }
                }
                false
            }
        };
        Some(RopeTable {
            cos: angles.iter().map(|a| a.cos()).collect(),
            sin: angles.iter().map(|a| a.sin()).collect(),
            per_kv_head,
        })
    }

    /// Rotates the pairs of `heads` heads of `dim` channels in `x`, rows
    /// of `heads * dim`, `points` rows to a board; query head `h` of
    /// `heads` uses key/value head `h * kv_heads / heads`.
    fn apply(&self, x: &mut [f32], heads: usize, kv_heads: usize, dim: usize, points: usize) {
        let pairs = dim / 2;
        for (r, row) in x.chunks_exact_mut(heads * dim).enumerate() {
            let xy = r % points;
            for h in 0..heads {
                let t = if self.per_kv_head {
                    h * kv_heads / heads
                } else {
                    0
                };
                for p in 0..pairs {
                    let i = (t * pairs + p) * points + xy;
                    let (c, s) = (self.cos[i], self.sin[i]);
                    let (x0, x1) = (row[h * dim + 2 * p], row[h * dim + 2 * p + 1]);
                    row[h * dim + 2 * p] = x0 * c - x1 * s;
                    row[h * dim + 2 * p + 1] = x0 * s + x1 * c;
                }
            }
        }
    }
}

/// Scratch buffers of the transformer blocks, kept between evaluations.
#[derive(Default)]
pub struct Scratch {
    normed: Vec<f32>,
    q: Vec<f32>,
    k: Vec<f32>,
    v: Vec<f32>,
    heads_out: Vec<f32>,
    scores: Vec<f32>,
    hidden: Vec<f32>,
    gate: Vec<f32>,
}

fn sized(v: &mut Vec<f32>, n: usize) -> &mut [f32] {
    v.resize(n, 0.0);
    &mut v[..n]
}

/// `x += attention(rms_norm(x))` for rows of `points` points a board.
pub fn attention(
    a: &Attention,
    rope: Option<&RopeTable>,
    points: usize,
    x: &mut [f32],
    s: &mut Scratch,
) {
    let c = a.q.cin;
    let rows = x.len() / c;
    let (qw, kw, vw) = (
        a.heads * a.q_dim,
        a.kv_heads * a.q_dim,
        a.kv_heads * a.v_dim,
    );
    let ow = a.heads * a.v_dim;
    let normed = sized(&mut s.normed, rows * c);
    rms_norm(&a.norm, x, normed);
    let q = sized(&mut s.q, rows * qw);
    matmul(normed, &a.q.weights, q, rows, c, qw, false);
    let k = sized(&mut s.k, rows * kw);
    matmul(normed, &a.k.weights, k, rows, c, kw, false);
    let v = sized(&mut s.v, rows * vw);
    matmul(normed, &a.v.weights, v, rows, c, vw, false);
    if let Some(rope) = rope {
        rope.apply(q, a.heads, a.kv_heads, a.q_dim, points);
        rope.apply(k, a.kv_heads, a.kv_heads, a.q_dim, points);
    }
    let out = sized(&mut s.heads_out, rows * ow);
    let scores = sized(&mut s.scores, points * points);
    let scale = 1.0 / (a.q_dim as f32).sqrt();
    let group = a.heads / a.kv_heads;
    for board in 0..rows / points {
        let base = board * points;
        for h in 0..a.heads {
            let kvh = h / group;
            let qh = Rows {
                data: &q[base * qw + h * a.q_dim..],
                stride: qw,
            };
            let kh = Rows {
                data: &k[base * kw + kvh * a.q_dim..],
                stride: kw,
            };
            gemm::scores(qh, kh, points, a.q_dim, scale, scores);
            for row in scores.chunks_exact_mut(points) {
                let max = row.iter().fold(-1e30f32, |m, &v| m.max(v));
                let mut sum = 0.0;
                for sc in row.iter_mut() {
                    *sc = (*sc - max).exp();
                    sum += *sc;
                }
                let inv = 1.0 / sum;
                for sc in row.iter_mut() {
                    *sc *= inv;
                }
            }
            let vh = Rows {
                data: &v[base * vw + kvh * a.v_dim..],
                stride: vw,
            };
            let oh = &mut out[base * ow + h * a.v_dim..];
            gemm::weighted(scores, vh, points, a.v_dim, oh, ow);
        }
    }
    matmul(out, &a.out.weights, x, rows, ow, c, true);
}

/// `x += W2 (silu(W1 h) * Wg h)` with `h = rms_norm(x)`.
pub fn feed_forward(f: &FeedForward, x: &mut [f32], s: &mut Scratch) {
    let c = f.linear1.cin;
    let hid = f.linear1.cout;
    let rows = x.len() / c;
    let normed = sized(&mut s.normed, rows * c);
    rms_norm(&f.norm, x, normed);
    let hidden = sized(&mut s.hidden, rows * hid);
    matmul(normed, &f.linear1.weights, hidden, rows, c, hid, false);
    let gate = sized(&mut s.gate, rows * hid);
    matmul(normed, &f.gate.weights, gate, rows, c, hid, false);
    for (h, g) in hidden.iter_mut().zip(gate.iter()) {
        *h = act(Activation::Silu, *h) * g;
    }
    matmul(hidden, &f.linear2.weights, x, rows, hid, c, true);
}
