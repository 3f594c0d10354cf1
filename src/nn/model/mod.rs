//! A KataGo network as read from its file (model versions 8 to 17): the
//! layers and blocks with their weights, batch norms folded, and
//! [`Model::load`], which reads a `.bin.gz`, `.txt.gz`, `.bin` or `.txt`.
//!
//! Weights keep the file's order, which is the order the forward pass
//! multiplies in: a convolution's are `[y][x][in][out]` and a matrix's
//! `[in][out]`, so both are a row-major `K x N` matrix with the output
//! channels along the rows.

mod parse;
mod tokens;

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

pub use tokens::FloatFormat;
use tokens::Tokens;

/// The model versions ingo reads: those with input version 7.
pub const VERSIONS: std::ops::RangeInclusive<u32> = 8..=17;

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

/// A nonlinearity, as the file names it (ReLU before version 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    Identity,
    Relu,
    Mish,
    Silu,
}

/// A convolution without bias, `ky x kx`, odd sizes, dilation 1.
#[derive(Clone, Debug, PartialEq)]
pub struct Conv {
    pub name: String,
    pub ky: usize,
    pub kx: usize,
    pub cin: usize,
    pub cout: usize,
    /// `[y][x][in][out]`.
    pub weights: Vec<f32>,
}

/// A batch norm folded into `x * scale + bias` per channel, as KataGo
/// merges it at load (in `f32`: `scale / sqrt(variance + eps)`).
#[derive(Clone, Debug, PartialEq)]
pub struct Norm {
    pub name: String,
    pub scale: Vec<f32>,
    pub bias: Vec<f32>,
}

/// A dense layer without bias.
#[derive(Clone, Debug, PartialEq)]
pub struct MatMul {
    pub name: String,
    pub cin: usize,
    pub cout: usize,
    /// `[in][out]`.
    pub weights: Vec<f32>,
}

/// A bias added to a dense layer's output.
#[derive(Clone, Debug, PartialEq)]
pub struct Bias {
    pub name: String,
    pub values: Vec<f32>,
}

/// The trunk tip's RMS norm: one RMS over every on-board position and
/// channel (`spatial`) or one per position, then `* gamma + beta` per
/// channel.
#[derive(Clone, Debug, PartialEq)]
pub struct SpatialRmsNorm {
    pub name: String,
    pub eps: f32,
    pub spatial: bool,
    pub gamma: Vec<f32>,
    pub beta: Vec<f32>,
}

/// A transformer block's RMS norm: per position over the channels, then
/// `* weight`.
#[derive(Clone, Debug, PartialEq)]
pub struct RmsNorm {
    pub name: String,
    pub eps: f32,
    pub weight: Vec<f32>,
}

/// How attention positions its queries and keys.
#[derive(Clone, Debug, PartialEq)]
pub enum Rope {
    None,
    /// Learned frequencies, `[kv head][pair][x or y]`.
    Learnable(Vec<f32>),
    /// Fixed frequencies `theta^(-2j / pairs)`, the first half of the
    /// pairs turned by the row, the second half by the column.
    Fixed(f32),
}

/// Multi-head self-attention over the board's points, pre-normed.
#[derive(Clone, Debug, PartialEq)]
pub struct Attention {
    pub name: String,
    pub heads: usize,
    pub kv_heads: usize,
    pub q_dim: usize,
    pub v_dim: usize,
    pub norm: RmsNorm,
    pub q: MatMul,
    pub k: MatMul,
    pub v: MatMul,
    pub out: MatMul,
    pub rope: Rope,
}

/// The feed-forward half of a transformer layer, pre-normed, SwiGLU:
/// `W2 (silu(W1 h) * Wg h)`.
#[derive(Clone, Debug, PartialEq)]
pub struct FeedForward {
    pub name: String,
    pub norm: RmsNorm,
    pub linear1: MatMul,
    pub gate: MatMul,
    pub linear2: MatMul,
}

/// A residual block of the trunk; each adds its output to its input.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// norm, act, conv, norm, act, conv.
    Ordinary {
        name: String,
        pre: (Norm, Activation),
        conv1: Conv,
        mid: (Norm, Activation),
        conv2: Conv,
    },
    /// An ordinary block whose middle gets a bias pooled from a second
    /// convolution of the block's input.
    GlobalPool {
        name: String,
        pre: (Norm, Activation),
        regular: Conv,
        gpool: Conv,
        gpool_norm: (Norm, Activation),
        gpool_to_bias: MatMul,
        mid: (Norm, Activation),
        conv2: Conv,
    },
    /// Down to fewer channels, inner blocks there, and back up.
    Bottleneck {
        name: String,
        pre: (Norm, Activation),
        down: Conv,
        blocks: Vec<Block>,
        post: (Norm, Activation),
        up: Conv,
    },
    Attention(Attention),
    FeedForward(FeedForward),
}

/// The trunk's last normalisation.
#[derive(Clone, Debug, PartialEq)]
pub enum TrunkTip {
    BatchNorm(Norm),
    RmsNorm(SpatialRmsNorm),
}

/// From the inputs to the features both heads read.
#[derive(Clone, Debug, PartialEq)]
pub struct Trunk {
    pub channels: usize,
    /// The spatial inputs' convolution (3x3 or 5x5).
    pub stem: Conv,
    /// The global inputs' contribution, a bias per trunk channel.
    pub stem_global: MatMul,
    pub blocks: Vec<Block>,
    pub tip: TrunkTip,
    pub tip_act: Activation,
}

/// The policy head: a move logit per point and one for passing, per
/// policy channel (normal, optimistic, and from version 16 two more).
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyHead {
    pub channels: usize,
    pub p1: Conv,
    pub g1: Conv,
    pub g1_norm: (Norm, Activation),
    pub gpool_to_bias: MatMul,
    pub p1_norm: (Norm, Activation),
    pub p2: Conv,
    pub gpool_to_pass: MatMul,
    /// From version 15: the pass logit goes through a hidden layer.
    pub pass_hidden: Option<(Bias, Activation, MatMul)>,
}

/// The value head: win/loss/no-result, the score outputs and ownership.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueHead {
    pub v1: Conv,
    pub v1_norm: (Norm, Activation),
    pub v2: MatMul,
    pub v2_bias: Bias,
    pub v2_act: Activation,
    pub v3: MatMul,
    pub v3_bias: Bias,
    pub score: MatMul,
    pub score_bias: Bias,
    pub ownership: Conv,
}

/// The multipliers that turn the raw score outputs into points (from
/// version 13 written in the file, before it KataGo's defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PostProcess {
    pub td_score: f64,
    pub score_mean: f64,
    pub score_stdev: f64,
    pub lead: f64,
    pub variance_time: f64,
    pub shortterm_value_error: f64,
    pub shortterm_score_error: f64,
}

impl PostProcess {
    /// KataGo's values for models before version 13.
    pub const DEFAULT: PostProcess = PostProcess {
        td_score: 20.0,
        score_mean: 20.0,
        score_stdev: 20.0,
        lead: 20.0,
        variance_time: 40.0,
        shortterm_value_error: 0.25,
        shortterm_score_error: 30.0,
    };
}

/// A whole network.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub name: String,
    pub version: u32,
    pub post: PostProcess,
    /// Whether the pass-alive input features assume suicide is legal
    /// whatever the rules say.
    pub prefer_pass_alive_under_suicide: bool,
    pub trunk: Trunk,
    pub policy: PolicyHead,
    pub value: ValueHead,
}

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
