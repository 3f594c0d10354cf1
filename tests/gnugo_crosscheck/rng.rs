//! splitmix64, the deterministic random numbers behind the games and the
//! Zobrist keys of the model of GNU Go.

/// splitmix64: tiny, deterministic, good enough to pick random moves.
pub(crate) struct SplitMix64(pub(crate) u64);

impl SplitMix64 {
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0); the modulo bias is irrelevant here.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub(crate) fn chance(&mut self, probability: f64) -> bool {
        ((self.next_u64() >> 11) as f64) < probability * (1u64 << 53) as f64
    }
}
