//! Reading a KataGo network's file (model versions 8 to 17):
//! [`Model::load`] takes a `.bin.gz`, `.txt.gz`, `.bin` or `.txt` and
//! returns the network, or one [`ModelError`] naming the file and what is
//! wrong.

mod desc;
mod parse;
mod tokens;

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

pub use tokens::FloatFormat;
use tokens::Tokens;

pub use desc::*;

/// A model file that could not be read: which file, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelError {
    pub file: PathBuf,
    pub what: String,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.what)
    }
}

impl std::error::Error for ModelError {}

impl Model {
    /// Reads the model in `path`. `.txt` and `.txt.gz` hold text
    /// weights, every other name binary ones; a gzip file is recognised
    /// by its magic bytes, whatever its name.
    pub fn load(path: &Path) -> Result<Model, ModelError> {
        let fail = |what: String| ModelError {
            file: path.to_path_buf(),
            what,
        };
        let lower = path.to_string_lossy().to_lowercase();
        let format = if lower.ends_with(".txt") || lower.ends_with(".txt.gz") {
            FloatFormat::Text
        } else {
            FloatFormat::Binary
        };
        let file = File::open(path).map_err(|e| fail(format!("cannot open: {e}")))?;
        let mut input = BufReader::new(file);
        let gzipped = input
            .fill_buf()
            .map_err(|e| fail(format!("cannot read: {e}")))?
            .starts_with(&[0x1f, 0x8b]);
        if lower.ends_with(".gz") && !gzipped {
            return Err(fail("not a gzip file".into()));
        }
        if gzipped {
            let gz = flate2::bufread::MultiGzDecoder::new(input);
            Model::read(BufReader::new(gz), format).map_err(fail)
        } else {
            Model::read(input, format).map_err(fail)
        }
    }

    /// Reads a model from its uncompressed bytes.
    pub fn read(input: impl BufRead, format: FloatFormat) -> Result<Model, String> {
        let mut t = Tokens::new(input, format);
        let model = parse::model(&mut t)?;
        t.end()?;
        Ok(model)
    }

    /// The number of weights in convolutions and dense layers.
    pub fn dense_weights(&self) -> usize {
        fn conv_and_mats(b: &Block) -> usize {
            match b {
                Block::Ordinary { conv1, conv2, .. } => conv1.weights.len() + conv2.weights.len(),
                Block::GlobalPool {
                    regular,
                    gpool,
                    gpool_to_bias,
                    conv2,
                    ..
                } => {
                    regular.weights.len()
                        + gpool.weights.len()
                        + gpool_to_bias.weights.len()
                        + conv2.weights.len()
                }
                Block::Bottleneck {
                    down, blocks, up, ..
                } => {
                    down.weights.len()
                        + up.weights.len()
                        + blocks.iter().map(conv_and_mats).sum::<usize>()
                }
                Block::Attention(a) => [&a.q, &a.k, &a.v, &a.out]
                    .iter()
                    .map(|m| m.weights.len())
                    .sum(),
                Block::FeedForward(f) => {
                    f.linear1.weights.len() + f.gate.weights.len() + f.linear2.weights.len()
                }
            }
        }
        let t = &self.trunk;
        let p = &self.policy;
        let v = &self.value;
        t.stem.weights.len()
            + t.stem_global.weights.len()
            + t.blocks.iter().map(conv_and_mats).sum::<usize>()
            + [&p.p1, &p.g1, &p.p2]
                .iter()
                .map(|c| c.weights.len())
                .sum::<usize>()
            + p.gpool_to_bias.weights.len()
            + p.gpool_to_pass.weights.len()
            + p.pass_hidden.as_ref().map_or(0, |h| h.2.weights.len())
            + v.v1.weights.len()
            + v.ownership.weights.len()
            + [&v.v2, &v.v3, &v.score]
                .iter()
                .map(|m| m.weights.len())
                .sum::<usize>()
    }
}
