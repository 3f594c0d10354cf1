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

/// Rows of `dim` values, `stride` apart, from the start of `data`: one
/// attention head's slice of each point's row.
#[derive(Clone, Copy)]
pub struct Rows<'a> {
    pub data: &'a [f32],
    pub stride: usize,
}

/// One attention head's scores over `points` points: `out[i][j] = scale *
/// q_i . k_j`.
pub fn scores(q: Rows, k: Rows, points: usize, dim: usize, scale: f32, out: &mut [f32]) {
    use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder};
    let span = |r: Rows| (points - 1) * r.stride + dim;
    let (Ok(qm), Ok(km), Ok(mut out)) = (
        ArrayView2::from_shape((points, dim).strides((q.stride, 1)), &q.data[..span(q)]),
        ArrayView2::from_shape((points, dim).strides((k.stride, 1)), &k.data[..span(k)]),
        ArrayViewMut2::from_shape((points, points), out),
    ) else {
        unreachable!("attention scores: {points} points of {dim}");
    };
    ndarray::linalg::general_mat_mul(scale, &qm, &km.t(), 0.0, &mut out);
}

/// One attention head's output: `out_i = sum_j w[i][j] v_j`, rows of
/// `dim` values, `out`'s rows `out_stride` apart.
pub fn weighted(w: &[f32], v: Rows, points: usize, dim: usize, out: &mut [f32], out_stride: usize) {
    use ndarray::{ArrayView2, ArrayViewMut2, ShapeBuilder};
    let v_span = (points - 1) * v.stride + dim;
    let o_span = (points - 1) * out_stride + dim;
    let (Ok(w), Ok(vm), Ok(mut out)) = (
        ArrayView2::from_shape((points, points), w),
        ArrayView2::from_shape((points, dim).strides((v.stride, 1)), &v.data[..v_span]),
        ArrayViewMut2::from_shape((points, dim).strides((out_stride, 1)), &mut out[..o_span]),
    ) else {
        unreachable!("attention output: {points} points of {dim}");
    };
    ndarray::linalg::general_mat_mul(1.0, &w, &vm, 0.0, &mut out);
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
