//! Dense matrix products, the forward pass's one heavy operation: rows of
//! activations (one per board point) times a layer's `[in][out]` weights.

/// `out[m][n] (+)= a[m][k] * b[k][n]`, all row-major. With `accumulate`
/// the product is added to `out`, else it replaces it.
pub fn matmul(
    a: &[f32],
    b: &[f32],
    out: &mut [f32],
    m: usize,
    k: usize,
    n: usize,
    accumulate: bool,
) {
    use ndarray::{ArrayView2, ArrayViewMut2};
    // The shapes agree by construction: every caller sizes the slices from
    // the layer it multiplies by.
    let (Ok(a), Ok(b), Ok(mut out)) = (
        ArrayView2::from_shape((m, k), a),
        ArrayView2::from_shape((k, n), b),
        ArrayViewMut2::from_shape((m, n), out),
    ) else {
        unreachable!("matmul shapes: {m}x{k} times {k}x{n}");
    };
    let beta = if accumulate { 1.0 } else { 0.0 };
    ndarray::linalg::general_mat_mul(1.0, &a, &b, beta, &mut out);
}

/// One attention head's scores: `out[i][j] = scale * q_i . k_j` for the
/// `points` rows of `dim` values that start `q` and `k`, rows `q_stride`
/// and `k_stride` apart (a head is a slice of each row).
pub fn scores(
    q: &[f32],
    q_stride: usize,
    k: &[f32],
    k_stride: usize,
    points: usize,
    dim: usize,
    scale: f32,
    out: &mut [f32],
) {
    use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder};
    let (q_span, k_span) = ((points - 1) * q_stride + dim, (points - 1) * k_stride + dim);
    let (Ok(q), Ok(k), Ok(mut out)) = (
        ArrayView2::from_shape((points, dim).strides((q_stride, 1)), &q[..q_span]),
        ArrayView2::from_shape((points, dim).strides((k_stride, 1)), &k[..k_span]),
        ArrayViewMut2::from_shape((points, points), out),
    ) else {
        unreachable!("attention scores: {points} points of {dim}");
    };
    ndarray::linalg::general_mat_mul(scale, &q, &k.t(), 0.0, &mut out);
}

/// One attention head's output: `out_i = sum_j w[i][j] v_j`, rows of
/// `dim` values, `v` rows `v_stride` apart and `out` rows `out_stride`
/// apart.
pub fn weighted(
    w: &[f32],
    v: &[f32],
    v_stride: usize,
    points: usize,
    dim: usize,
    out: &mut [f32],
    out_stride: usize,
) {
    use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder};
    let v_span = (points - 1) * v_stride + dim;
    let o_span = (points - 1) * out_stride + dim;
    let (Ok(w), Ok(v), Ok(mut out)) = (
        ArrayView2::from_shape((points, points), w),
        ArrayView2::from_shape((points, dim).strides((v_stride, 1)), &v[..v_span]),
        ArrayViewMut2::from_shape((points, dim).strides((out_stride, 1)), &mut out[..o_span]),
    ) else {
        unreachable!("attention output: {points} points of {dim}");
    };
    ndarray::linalg::general_mat_mul(1.0, &w, &v, 0.0, &mut out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_worked_by_hand() {
        // [1 2 3; 4 5 6] x [1 0; 0 1; 1 1] = [4 5; 10 11]
        let a = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let b = [1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
        let mut out = [9.0; 4];
        matmul(&a, &b, &mut out, 2, 3, 2, false);
        assert_eq!(out, [4.0, 5.0, 10.0, 11.0]);
        matmul(&a, &b, &mut out, 2, 3, 2, true);
        assert_eq!(out, [8.0, 10.0, 20.0, 22.0]);
    }
}
