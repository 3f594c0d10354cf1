//! The forward pass's element-wise and per-board operations, on rows of
//! channels (one row per point, `[point][channel]`): nonlinearities,
//! folded batch norms, RMS norms, global pooling and convolutions, each
//! computed as KataGo's Eigen backend computes it.

use super::gemm::matmul;
use crate::nn::model::{Activation, Conv, Norm, RmsNorm, SpatialRmsNorm};

/// One nonlinearity, as KataGo's Eigen backend writes it.
#[inline]
pub fn act(a: Activation, x: f32) -> f32 {
    match a {
        Activation::Identity => x,
        Activation::Relu => x.max(0.0),
        // tanh(softplus(x)), with softplus = log1p(exp(min(x, 20))) +
        // (max(x, 20) - 20).
        Activation::Mish => x * ((x.min(20.0)).exp().ln_1p() + (x.max(20.0) - 20.0)).tanh(),
        Activation::Silu => x / ((-x).exp() + 1.0),
    }
}

/// `a` applied to every value.
pub fn act_all(a: Activation, xs: &mut [f32]) {
    if a != Activation::Identity {
        for x in xs {
            *x = act(a, *x);
        }
    }
}

/// `out = act(x * scale + bias)` per channel, rows of `norm.scale.len()`.
pub fn norm_act(norm: &Norm, a: Activation, x: &[f32], out: &mut [f32]) {
    let c = norm.scale.len();
    for (xr, or) in x.chunks_exact(c).zip(out.chunks_exact_mut(c)) {
        for i in 0..c {
            or[i] = act(a, xr[i] * norm.scale[i] + norm.bias[i]);
        }
    }
}

/// A transformer block's RMS norm, per row: `x / sqrt(mean(x^2) + eps)
/// * weight`.
pub fn rms_norm(norm: &RmsNorm, x: &[f32], out: &mut [f32]) {
    let c = norm.weight.len();
    for (xr, or) in x.chunks_exact(c).zip(out.chunks_exact_mut(c)) {
        let sum: f32 = xr.iter().map(|v| v * v).sum();
        let r = 1.0 / (sum / c as f32 + norm.eps).sqrt();
        for i in 0..c {
            or[i] = xr[i] * r * norm.weight[i];
        }
    }
}

/// The trunk tip's RMS norm over one board's `x` (all its rows), then
/// `* gamma + beta` and the activation; per row when not `spatial`.
pub fn tip_rms_norm(norm: &SpatialRmsNorm, a: Activation, x: &[f32], out: &mut [f32]) {
    let c = norm.gamma.len();
    let scale = |rows: &[f32]| {
        let sum: f32 = rows.iter().map(|v| v * v).sum();
        1.0 / (sum / rows.len() as f32 + norm.eps).sqrt()
    };
    let whole = scale(x);
    for (xr, or) in x.chunks_exact(c).zip(out.chunks_exact_mut(c)) {
        let r = if norm.spatial { whole } else { scale(xr) };
        for i in 0..c {
            or[i] = act(a, xr[i] * r * norm.gamma[i] + norm.beta[i]);
        }
    }
}

/// Adds `bias[channel]` to every row.
pub fn add_bias(x: &mut [f32], bias: &[f32]) {
    for row in x.chunks_exact_mut(bias.len()) {
        for (v, b) in row.iter_mut().zip(bias) {
            *v += b;
        }
    }
}

/// KataGo's global pooling of one board's rows: per channel the mean,
/// the mean scaled by `(sqrt(points) - 14) / 10`, and the maximum.
pub fn pool_gpool(x: &[f32], c: usize, out: &mut [f32]) {
    let points = x.len() / c;
    let (sums, rest) = out.split_at_mut(c);
    let (scaled, maxes) = rest.split_at_mut(c);
    sums.fill(0.0);
    maxes.fill(-1.0);
    for row in x.chunks_exact(c) {
        for i in 0..c {
            sums[i] += row[i];
            maxes[i] = maxes[i].max(row[i]);
        }
    }
    let div = points as f32;
    let k = (div.sqrt() - 14.0) * 0.1;
    for i in 0..c {
        let mean = sums[i] / div;
        sums[i] = mean;
        scaled[i] = mean * k;
    }
}

/// KataGo's value-head pooling of one board's rows: the mean, the mean
/// times `(sqrt(points) - 14) / 10`, and the mean times
/// `(sqrt(points) - 14)^2 / 100 - 0.1`.
pub fn pool_value(x: &[f32], c: usize, out: &mut [f32]) {
    let points = x.len() / c;
    let (means, rest) = out.split_at_mut(c);
    let (a, b) = rest.split_at_mut(c);
    means.fill(0.0);
    for row in x.chunks_exact(c) {
        for i in 0..c {
            means[i] += row[i];
        }
    }
    let div = points as f32;
    let s = div.sqrt() - 14.0;
    for i in 0..c {
        let mean = means[i] / div;
        means[i] = mean;
        a[i] = mean * s * 0.1;
        b[i] = mean * (s * s * 0.01 - 0.1);
    }
}

/// A convolution of `boards` boards of `size x size` points, rows of
/// `conv.cin` channels in, `conv.cout` out, zero beyond the edges.
/// `patches` is scratch space for the unrolled inputs of a wider kernel.
pub fn conv(
    conv: &Conv,
    size: usize,
    x: &[f32],
    out: &mut [f32],
    patches: &mut Vec<f32>,
    accumulate: bool,
) {
    let rows = x.len() / conv.cin;
    if conv.ky == 1 && conv.kx == 1 {
        matmul(x, &conv.weights, out, rows, conv.cin, conv.cout, accumulate);
        return;
    }
    let k = conv.ky * conv.kx * conv.cin;
    patches.clear();
    patches.resize(rows * k, 0.0);
    let (ry, rx) = ((conv.ky / 2) as isize, (conv.kx / 2) as isize);
    let n = size as isize;
    let points = size * size;
    for (r, patch) in patches.chunks_exact_mut(k).enumerate() {
        let board = r / points;
        let (y, xx) = (
            ((r % points) / size) as isize,
            ((r % points) % size) as isize,
        );
        let mut at = 0;
        for dy in -ry..=ry {
            for dx in -rx..=rx {
                let (sy, sx) = (y + dy, xx + dx);
                if sy >= 0 && sy < n && sx >= 0 && sx < n {
                    let src = board * points + (sy * n + sx) as usize;
                    patch[at..at + conv.cin]
                        .copy_from_slice(&x[src * conv.cin..(src + 1) * conv.cin]);
                }
                at += conv.cin;
            }
        }
    }
    matmul(patches, &conv.weights, out, rows, k, conv.cout, accumulate);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn activations_at_known_points() {
        assert_eq!(act(Activation::Relu, -2.0), 0.0);
        assert_eq!(act(Activation::Silu, 0.0), 0.0);
        // silu(1) = 1 / (1 + e^-1) = 0.7310586
        assert!((act(Activation::Silu, 1.0) - 0.731_058_6).abs() < 1e-6);
        // mish(1) = tanh(ln(1 + e)) = tanh(1.3132617) = 0.8650984
        assert!((act(Activation::Mish, 1.0) - 0.865_098_4).abs() < 1e-6);
        // Far above 20, mish is the identity.
        assert_eq!(act(Activation::Mish, 50.0), 50.0);
    }

    #[test]
    fn a_3x3_convolution_worked_by_hand() {
        // One channel in and out on a 3x3 board, the kernel summing the
        // point and its four neighbours.
        let w = vec![0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0];
        let c = Conv {
            name: "c".into(),
            ky: 3,
            kx: 3,
            cin: 1,
            cout: 1,
            weights: w,
        };
        let x: Vec<f32> = (1..=9).map(|v| v as f32).collect();
        let mut out = vec![0.0; 9];
        conv(&c, 3, &x, &mut out, &mut Vec::new(), false);
        // Corner 1: 1 + 2 + 4; centre 5: 5 + 2 + 4 + 6 + 8; corner 9:
        // 9 + 6 + 8.
        assert_eq!(
            out,
            vec![7.0, 11.0, 11.0, 17.0, 25.0, 23.0, 19.0, 29.0, 23.0]
        );
    }

    #[test]
    fn pooling_worked_by_hand() {
        // Four points (sqrt 2), one channel: 1, 2, 3, 6.
        let x = [1.0, 2.0, 3.0, 6.0];
        let mut out = [0.0; 3];
        pool_gpool(&x, 1, &mut out);
        assert_eq!(out[0], 3.0);
        assert!((out[1] - 3.0 * (2.0 - 14.0) * 0.1).abs() < 1e-5);
        assert_eq!(out[2], 6.0);
        pool_value(&x, 1, &mut out);
        assert!((out[2] - 3.0 * (144.0 * 0.01 - 0.1)).abs() < 1e-5);
    }
}
