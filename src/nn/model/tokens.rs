//! The token stream of a KataGo model file: gunzipped or plain bytes read
//! as whitespace-separated words, with float arrays either as text or as
//! an `@BIN@` block of little-endian `f32`s; every error says where.

use std::io::BufRead;

/// Floats are read and kept in chunks of this many, so a count claimed
/// by a damaged header allocates only as much as the file really holds.
const CHUNK: usize = 1 << 16;

/// The longest word a model file holds (a layer name is at most a few
/// dozen characters; KataGo caps the model name at 96).
const MAX_WORD: usize = 256;

/// KataGo allows at most this much whitespace before an `@BIN@` block.
const MAX_GAP_BEFORE_BIN: usize = 100;

/// How the floats of a weight array are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatFormat {
    /// `@BIN@` and then little-endian `f32`s (`.bin.gz`).
    Binary,
    /// Decimal numbers separated by whitespace (`.txt.gz`).
    Text,
}

/// Reads the tokens of a model from `R`, counting the bytes consumed.
pub struct Tokens<R> {
    input: R,
    format: FloatFormat,
    offset: u64,
}

impl<R: BufRead> Tokens<R> {
    pub fn new(input: R, format: FloatFormat) -> Tokens<R> {
        Tokens {
            input,
            format,
            offset: 0,
        }
    }

    fn peek(&mut self) -> Result<Option<u8>, String> {
        let offset = self.offset;
        let buf = self
            .input
            .fill_buf()
            .map_err(|e| Self::read_error(offset, e))?;
        Ok(buf.first().copied())
    }

    fn read_error(offset: u64, e: std::io::Error) -> String {
        format!("cannot read past byte {offset}: {e}")
    }

    fn advance(&mut self, n: usize) {
        self.input.consume(n);
        self.offset += n as u64;
    }

    /// Skips whitespace; false at the end of the input.
    fn skip_space(&mut self) -> Result<bool, String> {
        loop {
            let offset = self.offset;
            let buf = self
                .input
                .fill_buf()
                .map_err(|e| Self::read_error(offset, e))?;
            if buf.is_empty() {
                return Ok(false);
            }
            let n = buf.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let all = n == buf.len();
            self.advance(n);
            if !all {
                return Ok(true);
            }
        }
    }

    /// The next whitespace-separated word; `what` names it in errors.
    pub fn word(&mut self, what: &str) -> Result<String, String> {
        if !self.skip_space()? {
            return Err(format!("the file ends where {what} should be"));
        }
        let start = self.offset;
        let mut word = Vec::new();
        while let Some(b) = self.peek()? {
            if b.is_ascii_whitespace() {
                break;
            }
            if word.len() == MAX_WORD {
                return Err(format!(
                    "{what} at byte {start} is longer than {MAX_WORD} bytes"
                ));
            }
            word.push(b);
            self.advance(1);
        }
        String::from_utf8(word).map_err(|_| format!("{what} at byte {start} is not text"))
    }

    /// The next word as an integer in `lo..=hi`.
    pub fn int(&mut self, what: &str, lo: i64, hi: i64) -> Result<i64, String> {
        let start = self.offset;
        let w = self.word(what)?;
        let n: i64 = w
            .parse()
            .map_err(|_| format!("{what} at byte {start}: expected an integer, found {w:?}"))?;
        if n < lo || n > hi {
            return Err(format!("{what} is {n}, outside {lo}..={hi}"));
        }
        Ok(n)
    }

    /// The next word as a count in `lo..=hi`.
    pub fn count(&mut self, what: &str, lo: usize, hi: usize) -> Result<usize, String> {
        // Counts are small enough for i64 on every platform ingo runs on.
        let n = self.int(what, lo as i64, hi as i64)?;
        Ok(n as usize)
    }

    /// The next word as 0 or 1.
    pub fn flag(&mut self, what: &str) -> Result<bool, String> {
        Ok(self.int(what, 0, 1)? == 1)
    }

    /// The next word as a finite number, as KataGo reads a scalar
    /// parameter (an epsilon, a multiplier).
    pub fn number(&mut self, what: &str) -> Result<f64, String> {
        let start = self.offset;
        let w = self.word(what)?;
        let x: f64 = w
            .parse()
            .map_err(|_| format!("{what} at byte {start}: expected a number, found {w:?}"))?;
        if !x.is_finite() {
            return Err(format!("{what} at byte {start} is not finite ({w})"));
        }
        Ok(x)
    }

    /// The end of the model: nothing but whitespace may follow.
    pub fn end(&mut self) -> Result<(), String> {
        if self.skip_space()? {
            return Err(format!(
                "unexpected data after the model at byte {}",
                self.offset
            ));
        }
        Ok(())
    }

    /// `n` weights of the layer `name`, each finite.
    pub fn floats(&mut self, name: &str, n: usize) -> Result<Vec<f32>, String> {
        let mut out = Vec::with_capacity(n.min(CHUNK));
        match self.format {
            FloatFormat::Text => {
                for i in 0..n {
                    let start = self.offset;
                    let w = self.word(name)?;
                    // Parsed as f32 directly, correctly rounded as strtof.
                    let x: f32 = w.parse().map_err(|_| {
                        format!("{name}: weight {i} of {n} at byte {start} is {w:?}, not a number")
                    })?;
                    if !x.is_finite() {
                        return Err(format!("{name}: weight {i} of {n} is not finite ({w})"));
                    }
                    out.push(x);
                }
            }
            FloatFormat::Binary => {
                self.bin_header(name)?;
                let mut bytes = vec![0u8; 4 * CHUNK.min(n)];
                while out.len() < n {
                    let k = CHUNK.min(n - out.len());
                    let chunk = &mut bytes[..4 * k];
                    self.input.read_exact(chunk).map_err(|_| {
                        format!(
                            "{name}: the file ends inside its weights ({} of {n} read)",
                            out.len()
                        )
                    })?;
                    self.offset += chunk.len() as u64;
                    for (j, b) in chunk.chunks_exact(4).enumerate() {
                        let x = f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                        if !x.is_finite() {
                            let i = out.len();
                            return Err(format!("{name}: weight {i} of {n} is {x}"));
                        }
                        debug_assert!(j < k);
                        out.push(x);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Skips the whitespace before an `@BIN@` marker and the marker.
    fn bin_header(&mut self, name: &str) -> Result<(), String> {
        let mut gap = 0;
        loop {
            match self.peek()? {
                Some(b'@') => break,
                Some(b) if b.is_ascii_whitespace() && gap < MAX_GAP_BEFORE_BIN => {
                    gap += 1;
                    self.advance(1);
                }
                Some(_) => {
                    return Err(format!(
                        "{name}: expected binary weights (@BIN@) at byte {}; is this a .txt model named .bin?",
                        self.offset
                    ))
                }
                None => return Err(format!("{name}: the file ends before its weights")),
            }
        }
        let mut marker = [0u8; 5];
        self.input
            .read_exact(&mut marker)
            .map_err(|_| format!("{name}: the file ends before its weights"))?;
        if &marker != b"@BIN@" {
            return Err(format!("{name}: no @BIN@ marker at byte {}", self.offset));
        }
        self.offset += 5;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bin(text: &str, floats: &[f32], rest: &str) -> Vec<u8> {
        let mut v = text.as_bytes().to_vec();
        v.extend_from_slice(b"@BIN@");
        for f in floats {
            v.extend_from_slice(&f.to_le_bytes());
        }
        v.extend_from_slice(rest.as_bytes());
        v
    }

    #[test]
    fn words_numbers_and_binary_floats() {
        let data = bin("conv1 3 -2 0.5\n", &[1.5, -2.0, 0.0], "\nnext\n");
        let mut t = Tokens::new(&data[..], FloatFormat::Binary);
        assert_eq!(t.word("name").unwrap(), "conv1");
        assert_eq!(t.count("size", 1, 9).unwrap(), 3);
        assert_eq!(t.int("shift", -5, 5).unwrap(), -2);
        assert_eq!(t.number("eps").unwrap(), 0.5);
        assert_eq!(t.floats("conv1", 3).unwrap(), vec![1.5, -2.0, 0.0]);
        assert_eq!(t.word("name").unwrap(), "next");
        assert!(t.end().is_ok());
    }

    #[test]
    fn text_floats() {
        let mut t = Tokens::new(&b" 1 -2.5e0\n3.25 x"[..], FloatFormat::Text);
        assert_eq!(t.floats("b", 3).unwrap(), vec![1.0, -2.5, 3.25]);
        assert!(t.end().unwrap_err().contains("after the model"));
    }

    #[test]
    fn damage_is_refused_with_where() {
        let data = bin("", &[1.0, f32::NAN], "");
        let e = Tokens::new(&data[..], FloatFormat::Binary)
            .floats("w", 2)
            .unwrap_err();
        assert_eq!(e, "w: weight 1 of 2 is NaN");
        let data = bin("", &[1.0], "");
        let e = Tokens::new(&data[..], FloatFormat::Binary)
            .floats("w", 2)
            .unwrap_err();
        assert_eq!(e, "w: the file ends inside its weights (0 of 2 read)");
        // A huge claimed count on a short file fails without allocating it.
        let e = Tokens::new(&data[..], FloatFormat::Binary)
            .floats("w", usize::MAX / 8)
            .unwrap_err();
        assert!(e.contains("ends inside its weights"), "{e}");
        let e = Tokens::new(&b"1 2"[..], FloatFormat::Binary)
            .floats("w", 1)
            .unwrap_err();
        assert!(e.contains("expected binary weights"), "{e}");
        let e = Tokens::new(&b"@BIX@"[..], FloatFormat::Binary)
            .floats("w", 1)
            .unwrap_err();
        assert!(e.contains("no @BIN@"), "{e}");
        let e = Tokens::new(&b"7x"[..], FloatFormat::Text)
            .int("n", 0, 9)
            .unwrap_err();
        assert!(e.contains("expected an integer"), "{e}");
        let e = Tokens::new(&b"12"[..], FloatFormat::Text)
            .int("n", 0, 9)
            .unwrap_err();
        assert_eq!(e, "n is 12, outside 0..=9");
        let e = Tokens::new(&b"inf"[..], FloatFormat::Text)
            .number("eps")
            .unwrap_err();
        assert!(e.contains("not finite"), "{e}");
        let e = Tokens::new(&b"1e39"[..], FloatFormat::Text)
            .floats("w", 1)
            .unwrap_err();
        assert!(e.contains("not finite"), "{e}");
        let e = Tokens::new(&b"   "[..], FloatFormat::Text)
            .word("name")
            .unwrap_err();
        assert_eq!(e, "the file ends where name should be");
    }
}
