//! The parts of a KataGo network, as read from its file: layers, blocks,
//! heads and the whole model, each with its weights, batch norms folded.
//!
//! Weights keep the file's order, which is the order the forward pass
//! multiplies in: a convolution's are `[y][x][in][out]` and a matrix's
//! `[in][out]`, so both are a row-major `K x N` matrix with the output
//! channels along the rows.

/// The model versions ingo reads: those with input version 7.
pub const VERSIONS: std::ops::RangeInclusive<u32> = 8..=17;

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
