//! The forward pass: a KataGo network evaluated on a batch of boards of
//! one size, in `f32`, rows of channels per point, as KataGo's Eigen
//! backend computes it; the raw outputs, before post-processing.
//!
//! The network's buffer is always exactly the board, so every point is
//! on the board and no mask is needed.

mod attention;
mod gemm;
mod ops;

use crate::nn::model::{Block, Model, TrunkTip};
use attention::RopeTable;
use ops::{act_all, add_bias, conv, norm_act, pool_gpool, pool_value, tip_rms_norm};

/// The input of one board: `spatial[point * 22 + feature]`, points from
/// the top row, and the 19 global features.
pub struct Inputs<'a> {
    pub spatial: &'a [f32],
    pub global: &'a [f32],
}

/// What the network says of one board, raw: logits and pre-activations
/// from the side to move's view.
#[derive(Clone, Debug, PartialEq)]
pub struct RawOutput {
    /// `[channel][point]`: channel 0 the policy, 1 the optimistic one.
    pub policy: Vec<f32>,
    /// The pass logit of each policy channel.
    pub pass: Vec<f32>,
    /// Win, loss and no-result logits.
    pub value: [f32; 3],
    /// Score mean, score mean squared, lead, variance of time left, and
    /// from version 9 the short-term win/loss and score errors.
    pub score: Vec<f32>,
    /// Ownership before its tanh, one per point.
    pub ownership: Vec<f32>,
}

/// A model ready to evaluate boards of one size, with its scratch space.
pub struct Network<'m> {
    model: &'m Model,
    size: usize,
    /// One per attention block, in the order the trunk meets them.
    ropes: Vec<Option<RopeTable>>,
    scratch: Scratch,
}

#[derive(Default)]
struct Scratch {
    trunk: Vec<f32>,
    normed: Vec<f32>,
    mid: Vec<Vec<f32>>,
    patches: Vec<f32>,
    attention: attention::Scratch,
    a: Vec<f32>,
    b: Vec<f32>,
    pooled: Vec<f32>,
    small: Vec<f32>,
    small2: Vec<f32>,
}

fn sized(v: &mut Vec<f32>, n: usize) -> &mut [f32] {
    v.resize(n, 0.0);
    &mut v[..n]
}

impl<'m> Network<'m> {
    pub fn new(model: &'m Model, size: usize) -> Network<'m> {
        fn ropes(blocks: &[Block], size: usize, out: &mut Vec<Option<RopeTable>>) {
            for b in blocks {
                match b {
                    Block::Attention(a) => out.push(RopeTable::new(a, size)),
                    Block::Bottleneck { blocks, .. } => ropes(blocks, size, out),
                    _ => {}
                }
            }
        }
        let mut tables = Vec::new();
        ropes(&model.trunk.blocks, size, &mut tables);
        Network {
            model,
            size,
            ropes: tables,
            scratch: Scratch::default(),
        }
    }

    /// The board size this network evaluates.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Evaluates a batch of boards.
    pub fn evaluate(&mut self, batch: &[Inputs]) -> Vec<RawOutput> {
        let m = self.model;
        let points = self.size * self.size;
        let rows = batch.len() * points;
        let c = m.trunk.channels;
        let s = &mut self.scratch;
        // Stem: the spatial convolution plus the global inputs' bias.
        let spatial: Vec<f32> = batch
            .iter()
            .flat_map(|b| b.spatial.iter().copied())
            .collect();
        let trunk = sized(&mut s.trunk, rows * c);
        conv(
            &m.trunk.stem,
            self.size,
            &spatial,
            trunk,
            &mut s.patches,
            false,
        );
        let gw = &m.trunk.stem_global;
        for (i, b) in batch.iter().enumerate() {
            let bias = sized(&mut s.small, c);
            gemm::matmul(b.global, &gw.weights, bias, 1, gw.cin, c, false);
            add_bias(&mut trunk[i * points * c..(i + 1) * points * c], bias);
        }
        let mut rope = 0;
        let mut trunk = std::mem::take(&mut s.trunk);
        trunk.truncate(rows * c);
        run_blocks(
            &m.trunk.blocks,
            self.size,
            &self.ropes,
            &mut rope,
            &mut trunk,
            s,
            0,
        );
        // Tip.
        let tipped = sized(&mut s.normed, rows * c);
        match &m.trunk.tip {
            TrunkTip::BatchNorm(n) => norm_act(n, m.trunk.tip_act, &trunk, tipped),
            TrunkTip::RmsNorm(n) => {
                for (x, o) in trunk
                    .chunks_exact(points * c)
                    .zip(tipped.chunks_exact_mut(points * c))
                {
                    tip_rms_norm(n, m.trunk.tip_act, x, o);
                }
            }
        }
        let tipped = std::mem::take(&mut s.normed);
        let outputs = heads(m, self.size, &tipped[..rows * c], batch.len(), s);
        s.normed = tipped;
        s.trunk = trunk;
        outputs
    }
}

/// Runs a stack of residual blocks over `x`.
fn run_blocks(
    blocks: &[Block],
    size: usize,
    ropes: &[Option<RopeTable>],
    rope: &mut usize,
    x: &mut [f32],
    s: &mut Scratch,
    depth: usize,
) {
    let points = size * size;
    for b in blocks {
        match b {
            Block::Ordinary {
                pre,
                conv1,
                mid,
                conv2,
                ..
            } => {
                let rows = x.len() / conv1.cin;
                let a = sized(&mut s.a, x.len());
                norm_act(&pre.0, pre.1, x, a);
                let hidden = sized(&mut s.b, rows * conv1.cout);
                conv(conv1, size, &s.a[..x.len()], hidden, &mut s.patches, false);
                let a2 = sized(&mut s.a, rows * conv1.cout);
                norm_act(&mid.0, mid.1, &s.b[..rows * conv1.cout], a2);
                conv(
                    conv2,
                    size,
                    &s.a[..rows * conv1.cout],
                    x,
                    &mut s.patches,
                    true,
                );
            }
            Block::GlobalPool {
                pre,
                regular,
                gpool,
                gpool_norm,
                gpool_to_bias,
                mid,
                conv2,
                ..
            } => {
                let rows = x.len() / regular.cin;
                let (rc, gc) = (regular.cout, gpool.cout);
                let a = sized(&mut s.a, x.len());
                norm_act(&pre.0, pre.1, x, a);
                let reg = sized(&mut s.b, rows * rc);
                conv(regular, size, &s.a[..x.len()], reg, &mut s.patches, false);
                let g = sized(&mut s.small2, rows * gc);
                conv(gpool, size, &s.a[..x.len()], g, &mut s.patches, false);
                let gn = sized(&mut s.normed, rows * gc);
                norm_act(&gpool_norm.0, gpool_norm.1, &s.small2[..rows * gc], gn);
                for board in 0..rows / points {
                    let pooled = sized(&mut s.pooled, 3 * gc);
                    pool_gpool(
                        &s.normed[board * points * gc..(board + 1) * points * gc],
                        gc,
                        pooled,
                    );
                    let bias = sized(&mut s.small, rc);
                    gemm::matmul(
                        &s.pooled[..3 * gc],
                        &gpool_to_bias.weights,
                        bias,
                        1,
                        3 * gc,
                        rc,
                        false,
                    );
                    add_bias(
                        &mut s.b[board * points * rc..(board + 1) * points * rc],
                        &s.small[..rc],
                    );
                }
                let a2 = sized(&mut s.a, rows * rc);
                norm_act(&mid.0, mid.1, &s.b[..rows * rc], a2);
                conv(conv2, size, &s.a[..rows * rc], x, &mut s.patches, true);
            }
            Block::Bottleneck {
                pre,
                down,
                blocks,
                post,
                up,
                ..
            } => {
                let rows = x.len() / down.cin;
                let a = sized(&mut s.a, x.len());
                norm_act(&pre.0, pre.1, x, a);
                if s.mid.len() <= depth {
                    s.mid.resize_with(depth + 1, Vec::new);
                }
                let mut mid = std::mem::take(&mut s.mid[depth]);
                mid.resize(rows * down.cout, 0.0);
                conv(down, size, &s.a[..x.len()], &mut mid, &mut s.patches, false);
                run_blocks(blocks, size, ropes, rope, &mut mid, s, depth + 1);
                let a2 = sized(&mut s.a, rows * down.cout);
                norm_act(&post.0, post.1, &mid, a2);
                conv(up, size, &s.a[..rows * down.cout], x, &mut s.patches, true);
                s.mid[depth] = mid;
            }
            Block::Attention(a) => {
                let table = ropes.get(*rope).and_then(|r| r.as_ref());
                *rope += 1;
                attention::attention(a, table, points, x, &mut s.attention);
            }
            Block::FeedForward(f) => attention::feed_forward(f, x, &mut s.attention),
        }
    }
}

/// The policy and value heads over the tipped trunk of `boards` boards.
fn heads(m: &Model, size: usize, x: &[f32], boards: usize, s: &mut Scratch) -> Vec<RawOutput> {
    let points = size * size;
    let c = m.trunk.channels;
    let p = &m.policy;
    let v = &m.value;
    let (p1c, g1c, pc) = (p.p1.cout, p.g1.cout, p.channels);
    let (v1c, v2c) = (v.v1.cout, v.v2.cout);
    let mut outputs = Vec::with_capacity(boards);
    for board in 0..boards {
        let xb = &x[board * points * c..(board + 1) * points * c];
        // Policy.
        let mut p1 = vec![0.0; points * p1c];
        conv(&p.p1, size, xb, &mut p1, &mut s.patches, false);
        let mut g1 = vec![0.0; points * g1c];
        conv(&p.g1, size, xb, &mut g1, &mut s.patches, false);
        let g1_raw = g1.clone();
        norm_act(&p.g1_norm.0, p.g1_norm.1, &g1_raw, &mut g1);
        let mut pooled = vec![0.0; 3 * g1c];
        pool_gpool(&g1, g1c, &mut pooled);
        let mut bias = vec![0.0; p1c];
        gemm::matmul(
            &pooled,
            &p.gpool_to_bias.weights,
            &mut bias,
            1,
            3 * g1c,
            p1c,
            false,
        );
        add_bias(&mut p1, &bias);
        let p1_raw = p1.clone();
        norm_act(&p.p1_norm.0, p.p1_norm.1, &p1_raw, &mut p1);
        let mut p2 = vec![0.0; points * pc];
        conv(&p.p2, size, &p1, &mut p2, &mut s.patches, false);
        let mut pass = vec![0.0; pc];
        match &p.pass_hidden {
            Some((b, a, out)) => {
                let mut h = vec![0.0; p1c];
                gemm::matmul(
                    &pooled,
                    &p.gpool_to_pass.weights,
                    &mut h,
                    1,
                    3 * g1c,
                    p1c,
                    false,
                );
                add_bias(&mut h, &b.values);
                act_all(*a, &mut h);
                gemm::matmul(&h, &out.weights, &mut pass, 1, p1c, pc, false);
            }
            None => gemm::matmul(
                &pooled,
                &p.gpool_to_pass.weights,
                &mut pass,
                1,
                3 * g1c,
                pc,
                false,
            ),
        }
        let mut policy = vec![0.0; pc * points];
        for (pt, row) in p2.chunks_exact(pc).enumerate() {
            for (ch, &val) in row.iter().enumerate() {
                policy[ch * points + pt] = val;
            }
        }
        // Value.
        let mut v1 = vec![0.0; points * v1c];
        conv(&v.v1, size, xb, &mut v1, &mut s.patches, false);
        let v1_raw = v1.clone();
        norm_act(&v.v1_norm.0, v.v1_norm.1, &v1_raw, &mut v1);
        let mut vpooled = vec![0.0; 3 * v1c];
        pool_value(&v1, v1c, &mut vpooled);
        let mut v2 = vec![0.0; v2c];
        gemm::matmul(&vpooled, &v.v2.weights, &mut v2, 1, 3 * v1c, v2c, false);
        add_bias(&mut v2, &v.v2_bias.values);
        act_all(v.v2_act, &mut v2);
        let mut value = [0.0; 3];
        gemm::matmul(&v2, &v.v3.weights, &mut value, 1, v2c, 3, false);
        add_bias(&mut value, &v.v3_bias.values);
        let sc = v.score.cout;
        let mut score = vec![0.0; sc];
        gemm::matmul(&v2, &v.score.weights, &mut score, 1, v2c, sc, false);
        add_bias(&mut score, &v.score_bias.values);
        let mut ownership = vec![0.0; points];
        conv(
            &v.ownership,
            size,
            &v1,
            &mut ownership,
            &mut s.patches,
            false,
        );
        outputs.push(RawOutput {
            policy,
            pass,
            value,
            score,
            ownership,
        });
    }
    outputs
}
