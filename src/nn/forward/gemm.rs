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
    debug_assert_eq!(a.len(), m * k);
    debug_assert_eq!(b.len(), k * n);
    debug_assert_eq!(out.len(), m * n);
    if !accumulate {
        out.fill(0.0);
    }
    for (row, o) in a.chunks_exact(k).zip(out.chunks_exact_mut(n)) {
        for (&x, w) in row.iter().zip(b.chunks_exact(n)) {
            for (o, &w) in o.iter_mut().zip(w) {
                *o += x * w;
            }
        }
    }
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
