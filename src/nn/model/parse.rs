//! The grammar of a KataGo model file, versions 8 to 17: the header, the
//! trunk and its blocks, the policy and value heads, each layer's record,
//! and every shape checked against the layers it feeds.

use std::io::BufRead;

use super::desc::{
    Activation, Attention, Bias, Block, Conv, FeedForward, MatMul, Model, Norm, PolicyHead,
    PostProcess, RmsNorm, Rope, SpatialRmsNorm, Trunk, TrunkTip, ValueHead, VERSIONS,
};
use super::tokens::Tokens;

/// The spatial and global inputs of input version 7.
pub const SPATIAL_INPUTS: usize = 22;
pub const GLOBAL_INPUTS: usize = 19;

/// Bounds that no real network comes near, so that a damaged count is
/// refused before it is multiplied into a size.
const MAX_CHANNELS: usize = 1 << 14;
const MAX_KERNEL: usize = 9;
const MAX_BLOCKS: usize = 1 << 10;
const MAX_HEADS: usize = 1 << 8;
/// Bottleneck blocks nest; KataGo's networks nest one level.
const MAX_DEPTH: usize = 4;

type R<T> = Result<T, String>;

fn check(ok: bool, what: impl FnOnce() -> String) -> R<()> {
    if ok {
        Ok(())
    } else {
        Err(what())
    }
}

/// The whole model.
pub fn model(t: &mut Tokens<impl BufRead>) -> R<Model> {
    let name = t.word("the model name")?;
    let v = t.int("the model version", i64::MIN, i64::MAX)?;
    let version = u32::try_from(v)
        .ok()
        .filter(|v| VERSIONS.contains(v))
        .ok_or_else(|| {
            format!(
                "model version {v} is not supported (ingo reads versions {} to {}, those with input version 7)",
                VERSIONS.start(),
                VERSIONS.end()
            )
        })?;
    let spatial = t.count("the number of spatial inputs", 1, MAX_CHANNELS)?;
    let global = t.count("the number of global inputs", 1, MAX_CHANNELS)?;
    check(spatial == SPATIAL_INPUTS && global == GLOBAL_INPUTS, || {
        format!("{spatial} spatial and {global} global inputs; input version 7 has {SPATIAL_INPUTS} and {GLOBAL_INPUTS}")
    })?;
    let post = if version >= 13 {
        let mut m = |what: &str| -> R<f64> {
            let x = t.number(what)?;
            check(x > 0.0, || format!("{what} is {x}, not positive"))?;
            Ok(x)
        };
        PostProcess {
            td_score: m("tdScoreMultiplier")?,
            score_mean: m("scoreMeanMultiplier")?,
            score_stdev: m("scoreStdevMultiplier")?,
            lead: m("leadMultiplier")?,
            variance_time: m("varianceTimeMultiplier")?,
            shortterm_value_error: m("shorttermValueErrorMultiplier")?,
            shortterm_score_error: m("shorttermScoreErrorMultiplier")?,
        }
    } else {
        PostProcess::DEFAULT
    };
    let mut prefer_pass_alive_under_suicide = false;
    if version >= 15 {
        let meta = t.int("metaEncoderVersion", 0, 1)?;
        check(meta == 0, || {
            "the network has a metadata encoder (a human-style network); ingo does not read those"
                .into()
        })?;
        prefer_pass_alive_under_suicide = t.flag("preferPassAliveUnderSuicide")?;
        for option in ["C", "D", "E", "F", "G", "H"] {
            t.int(&format!("model option {option} (unused, 0)"), 0, 0)?;
        }
    }
    let trunk = trunk(t, version)?;
    let policy = policy_head(t, version, trunk.channels)?;
    let value = value_head(t, version, trunk.channels)?;
    Ok(Model {
        name,
        version,
        post,
        prefer_pass_alive_under_suicide,
        trunk,
        policy,
        value,
    })
}

fn trunk(t: &mut Tokens<impl BufRead>, version: u32) -> R<Trunk> {
    let name = t.word("the trunk's name")?;
    let blocks = t.count(&format!("{name}: number of blocks"), 1, MAX_BLOCKS)?;
    let channels = t.count(&format!("{name}: trunk channels"), 1, MAX_CHANNELS)?;
    // The mid, regular, dilated and gpool channel counts are written for
    // the older backends; each block's layers carry their own.
    for what in ["mid", "regular", "dilated", "gpool"] {
        t.count(&format!("{name}: {what} channels"), 0, MAX_CHANNELS)?;
    }
    let mut rms_tip = false;
    if version >= 15 {
        rms_tip = t.int(&format!("{name}: trunk norm kind"), 0, 1)? == 1;
        for option in ["B", "C", "D", "E", "F"] {
            t.int(&format!("{name}: trunk option {option} (unused, 0)"), 0, 0)?;
        }
    }
    let stem = conv(t)?;
    check(stem.cin == SPATIAL_INPUTS && stem.cout == channels, || {
        format!(
            "{}: {} -> {} channels, expected {SPATIAL_INPUTS} -> {channels}",
            stem.name, stem.cin, stem.cout
        )
    })?;
    let stem_global = matmul(t)?;
    check(
        stem_global.cin == GLOBAL_INPUTS && stem_global.cout == channels,
        || {
            format!(
                "{}: {} -> {} channels, expected {GLOBAL_INPUTS} -> {channels}",
                stem_global.name, stem_global.cin, stem_global.cout
            )
        },
    )?;
    let blocks = block_stack(t, version, blocks, channels, 0)?;
    let tip = if rms_tip {
        TrunkTip::RmsNorm(spatial_rms_norm(t, channels)?)
    } else {
        TrunkTip::BatchNorm(norm(t, channels)?)
    };
    let tip_act = activation(t, version)?;
    Ok(Trunk {
        channels,
        stem,
        stem_global,
        blocks,
        tip,
        tip_act,
    })
}

fn block_stack(
    t: &mut Tokens<impl BufRead>,
    version: u32,
    n: usize,
    channels: usize,
    depth: usize,
) -> R<Vec<Block>> {
    let mut blocks = Vec::new();
    for _ in 0..n {
        blocks.push(block(t, version, channels, depth)?);
    }
    Ok(blocks)
}

fn block(t: &mut Tokens<impl BufRead>, version: u32, channels: usize, depth: usize) -> R<Block> {
    let kind = t.word("a block kind")?;
    match kind.as_str() {
        "ordinary_block" => {
            let name = t.word("a block's name")?;
            let pre = norm_act(t, version, channels)?;
            let conv1 = conv_from(t, channels)?;
            let mid = norm_act(t, version, conv1.cout)?;
            let conv2 = conv_shaped(t, conv1.cout, channels)?;
            Ok(Block::Ordinary {
                name,
                pre,
                conv1,
                mid,
                conv2,
            })
        }
        "gpool_block" => {
            let name = t.word("a block's name")?;
            let pre = norm_act(t, version, channels)?;
            let regular = conv_from(t, channels)?;
            let gpool = conv_from(t, channels)?;
            let gpool_norm = norm_act(t, version, gpool.cout)?;
            let gpool_to_bias = matmul_shaped(t, 3 * gpool.cout, regular.cout)?;
            let mid = norm_act(t, version, regular.cout)?;
            let conv2 = conv_shaped(t, regular.cout, channels)?;
            Ok(Block::GlobalPool {
                name,
                pre,
                regular,
                gpool,
                gpool_norm,
                gpool_to_bias,
                mid,
                conv2,
            })
        }
        "nested_bottleneck_block" => {
            let name = t.word("a block's name")?;
            check(depth < MAX_DEPTH, || {
                format!("{name}: bottleneck blocks nested deeper than {MAX_DEPTH}")
            })?;
            let n = t.count(&format!("{name}: number of inner blocks"), 1, MAX_BLOCKS)?;
            let pre = norm_act(t, version, channels)?;
            let down = conv_from(t, channels)?;
            let blocks = block_stack(t, version, n, down.cout, depth + 1)?;
            let post = norm_act(t, version, down.cout)?;
            let up = conv_shaped(t, down.cout, channels)?;
            Ok(Block::Bottleneck {
                name,
                pre,
                down,
                blocks,
                post,
                up,
            })
        }
        "transformer_attention_block" => Ok(Block::Attention(attention(t, channels)?)),
        "transformer_ffn_block" => Ok(Block::FeedForward(feed_forward(t, channels)?)),
        _ => Err(format!("unknown block kind {kind:?}")),
    }
}

fn attention(t: &mut Tokens<impl BufRead>, channels: usize) -> R<Attention> {
    let name = t.word("an attention block's name")?;
    let heads = t.count(&format!("{name}: heads"), 1, MAX_HEADS)?;
    let kv_heads = t.count(&format!("{name}: key/value heads"), 1, MAX_HEADS)?;
    let q_dim = t.count(&format!("{name}: query head size"), 1, MAX_CHANNELS)?;
    let v_dim = t.count(&format!("{name}: value head size"), 1, MAX_CHANNELS)?;
    let use_rope = t.flag(&format!("{name}: useRope"))?;
    let learnable = t.flag(&format!("{name}: learnableRope"))?;
    check(heads % kv_heads == 0, || {
        format!("{name}: {heads} heads do not share {kv_heads} key/value heads evenly")
    })?;
    check(!use_rope || q_dim % 2 == 0, || {
        format!("{name}: RoPE needs an even query head size, not {q_dim}")
    })?;
    let norm = rms_norm(t, channels)?;
    let q = matmul_shaped(t, channels, heads * q_dim)?;
    let k = matmul_shaped(t, channels, kv_heads * q_dim)?;
    let v = matmul_shaped(t, channels, kv_heads * v_dim)?;
    let out = matmul_shaped(t, heads * v_dim, channels)?;
    let rope = if !use_rope {
        Rope::None
    } else if learnable {
        let what = t.word(&format!("{name}: the RoPE frequencies' name"))?;
        let n_kv = t.count(&format!("{what}: key/value heads"), 1, MAX_HEADS)?;
        let pairs = t.count(&format!("{what}: pairs"), 1, MAX_CHANNELS)?;
        let two = t.count(&format!("{what}: axes"), 1, 2)?;
        check(n_kv == kv_heads && pairs == q_dim / 2 && two == 2, || {
            format!(
                "{what}: shape {n_kv}x{pairs}x{two}, expected {kv_heads}x{}x2",
                q_dim / 2
            )
        })?;
        Rope::Learnable(t.floats(&what, kv_heads * pairs * 2)?)
    } else {
        let what = t.word(&format!("{name}: the RoPE theta's name"))?;
        let theta = t.number(&what)?;
        check(theta > 0.0 && (theta as f32).is_finite(), || {
            format!("{what}: theta {theta} is not a positive float")
        })?;
        Rope::Fixed(theta as f32)
    };
    Ok(Attention {
        name,
        heads,
        kv_heads,
        q_dim,
        v_dim,
        norm,
        q,
        k,
        v,
        out,
        rope,
    })
}

fn feed_forward(t: &mut Tokens<impl BufRead>, channels: usize) -> R<FeedForward> {
    let name = t.word("a feed-forward block's name")?;
    let c = t.count(&format!("{name}: channels"), 1, MAX_CHANNELS)?;
    let hidden = t.count(&format!("{name}: hidden channels"), 1, MAX_CHANNELS)?;
    let swiglu = t.flag(&format!("{name}: useSwiGLU"))?;
    check(c == channels, || {
        format!("{name}: {c} channels in a trunk of {channels}")
    })?;
    // KataGo's CPU backend refuses a plain feed-forward block too; its
    // activation is not in the file.
    check(swiglu, || {
        format!("{name}: a feed-forward block without SwiGLU is not supported")
    })?;
    let norm = rms_norm(t, channels)?;
    let linear1 = matmul_shaped(t, channels, hidden)?;
    let gate = matmul_shaped(t, channels, hidden)?;
    let linear2 = matmul_shaped(t, hidden, channels)?;
    Ok(FeedForward {
        name: name.clone(),
        norm,
        linear1,
        gate,
        linear2,
    })
}

fn policy_head(t: &mut Tokens<impl BufRead>, version: u32, trunk: usize) -> R<PolicyHead> {
    let name = t.word("the policy head's name")?;
    let channels = match version {
        17.. => {
            let c = t.count(&format!("{name}: policy channels"), 0, 64)?;
            check(c == 2 || c == 4, || {
                format!("{name}: {c} policy channels, expected 2 or 4")
            })?;
            for option in ["A", "B", "C"] {
                t.int(&format!("{name}: policy option {option} (unused, 0)"), 0, 0)?;
            }
            c
        }
        16 => 4,
        12..=15 => 2,
        _ => 1,
    };
    let p1 = conv_from(t, trunk)?;
    let g1 = conv_from(t, trunk)?;
    let g1_norm = norm_act(t, version, g1.cout)?;
    let gpool_to_bias = matmul_shaped(t, 3 * g1.cout, p1.cout)?;
    let p1_norm = norm_act(t, version, p1.cout)?;
    let p2 = conv_shaped(t, p1.cout, channels)?;
    let (gpool_to_pass, pass_hidden) = if version >= 15 {
        let to_pass = matmul_shaped(t, 3 * g1.cout, p1.cout)?;
        let b = bias(t, p1.cout)?;
        let act = activation(t, version)?;
        let out = matmul_shaped(t, p1.cout, channels)?;
        (to_pass, Some((b, act, out)))
    } else {
        (matmul_shaped(t, 3 * g1.cout, channels)?, None)
    };
    Ok(PolicyHead {
        channels,
        p1,
        g1,
        g1_norm,
        gpool_to_bias,
        p1_norm,
        p2,
        gpool_to_pass,
        pass_hidden,
    })
}

fn value_head(t: &mut Tokens<impl BufRead>, version: u32, trunk: usize) -> R<ValueHead> {
    let name = t.word("the value head's name")?;
    if version >= 17 {
        for option in ["A", "B", "C"] {
            t.int(&format!("{name}: value option {option} (unused, 0)"), 0, 0)?;
        }
    }
    let v1 = conv_from(t, trunk)?;
    let v1_norm = norm_act(t, version, v1.cout)?;
    let v2 = matmul_shaped(t, 3 * v1.cout, 0)?;
    let v2_bias = bias(t, v2.cout)?;
    let v2_act = activation(t, version)?;
    let v3 = matmul_shaped(t, v2.cout, 3)?;
    let v3_bias = bias(t, 3)?;
    let scores = if version >= 9 { 6 } else { 4 };
    let score = matmul_shaped(t, v2.cout, scores)?;
    let score_bias = bias(t, scores)?;
    let ownership = conv_shaped(t, v1.cout, 1)?;
    Ok(ValueHead {
        v1,
        v1_norm,
        v2,
        v2_bias,
        v2_act,
        v3,
        v3_bias,
        score,
        score_bias,
        ownership,
    })
}

// Layer records.

fn conv(t: &mut Tokens<impl BufRead>) -> R<Conv> {
    let name = t.word("a convolution's name")?;
    let ky = t.count(&format!("{name}: kernel height"), 1, MAX_KERNEL)?;
    let kx = t.count(&format!("{name}: kernel width"), 1, MAX_KERNEL)?;
    let cin = t.count(&format!("{name}: input channels"), 1, MAX_CHANNELS)?;
    let cout = t.count(&format!("{name}: output channels"), 1, MAX_CHANNELS)?;
    let dy = t.count(&format!("{name}: vertical dilation"), 1, MAX_KERNEL)?;
    let dx = t.count(&format!("{name}: horizontal dilation"), 1, MAX_KERNEL)?;
    check(ky % 2 == 1 && kx % 2 == 1, || {
        format!("{name}: kernel {ky}x{kx} is not odd")
    })?;
    check(dy == 1 && dx == 1, || {
        format!("{name}: dilation {dy}x{dx} is not supported (only 1)")
    })?;
    let weights = t.floats(&name, ky * kx * cin * cout)?;
    Ok(Conv {
        name,
        ky,
        kx,
        cin,
        cout,
        weights,
    })
}

/// A convolution reading `cin` channels.
fn conv_from(t: &mut Tokens<impl BufRead>, cin: usize) -> R<Conv> {
    let c = conv(t)?;
    check(c.cin == cin, || {
        format!("{}: {} input channels, expected {cin}", c.name, c.cin)
    })?;
    Ok(c)
}

/// A convolution from `cin` to `cout` channels.
fn conv_shaped(t: &mut Tokens<impl BufRead>, cin: usize, cout: usize) -> R<Conv> {
    let c = conv_from(t, cin)?;
    check(c.cout == cout, || {
        format!("{}: {} output channels, expected {cout}", c.name, c.cout)
    })?;
    Ok(c)
}

/// A batch norm over `channels`, folded.
fn norm(t: &mut Tokens<impl BufRead>, channels: usize) -> R<Norm> {
    let name = t.word("a batch norm's name")?;
    let c = t.count(&format!("{name}: channels"), 1, MAX_CHANNELS)?;
    let eps = t.number(&format!("{name}: epsilon"))? as f32;
    let has_scale = t.flag(&format!("{name}: hasScale"))?;
    let has_bias = t.flag(&format!("{name}: hasBias"))?;
    check(c == channels, || {
        format!("{name}: {c} channels, expected {channels}")
    })?;
    check(eps > 0.0, || {
        format!("{name}: epsilon {eps} is not positive")
    })?;
    let mean = t.floats(&name, c)?;
    let variance = t.floats(&name, c)?;
    let scale = if has_scale {
        t.floats(&name, c)?
    } else {
        vec![1.0; c]
    };
    let bias = if has_bias {
        t.floats(&name, c)?
    } else {
        vec![0.0; c]
    };
    let mut merged_scale = Vec::with_capacity(c);
    let mut merged_bias = Vec::with_capacity(c);
    for i in 0..c {
        let s = scale[i] / (variance[i] + eps).sqrt();
        check(s.is_finite(), || {
            format!(
                "{name}: channel {i}'s variance {} gives no finite scale",
                variance[i]
            )
        })?;
        merged_scale.push(s);
        merged_bias.push(bias[i] - s * mean[i]);
    }
    Ok(Norm {
        name,
        scale: merged_scale,
        bias: merged_bias,
    })
}

fn norm_act(t: &mut Tokens<impl BufRead>, version: u32, channels: usize) -> R<(Norm, Activation)> {
    Ok((norm(t, channels)?, activation(t, version)?))
}

fn activation(t: &mut Tokens<impl BufRead>, version: u32) -> R<Activation> {
    let name = t.word("an activation's name")?;
    if version < 11 {
        return Ok(Activation::Relu);
    }
    match t.word(&format!("{name}: kind"))?.as_str() {
        "ACTIVATION_IDENTITY" => Ok(Activation::Identity),
        "ACTIVATION_RELU" => Ok(Activation::Relu),
        "ACTIVATION_MISH" => Ok(Activation::Mish),
        "ACTIVATION_SILU" => Ok(Activation::Silu),
        kind => Err(format!("{name}: unknown activation {kind:?}")),
    }
}

fn matmul(t: &mut Tokens<impl BufRead>) -> R<MatMul> {
    let name = t.word("a dense layer's name")?;
    let cin = t.count(&format!("{name}: input channels"), 1, MAX_CHANNELS)?;
    let cout = t.count(&format!("{name}: output channels"), 1, MAX_CHANNELS)?;
    let weights = t.floats(&name, cin * cout)?;
    Ok(MatMul {
        name,
        cin,
        cout,
        weights,
    })
}

/// A dense layer from `cin` to `cout` channels; `cout` 0 takes any.
fn matmul_shaped(t: &mut Tokens<impl BufRead>, cin: usize, cout: usize) -> R<MatMul> {
    let m = matmul(t)?;
    check(m.cin == cin && (cout == 0 || m.cout == cout), || {
        let want = if cout == 0 {
            "any".to_string()
        } else {
            cout.to_string()
        };
        format!(
            "{}: {} -> {} channels, expected {cin} -> {want}",
            m.name, m.cin, m.cout
        )
    })?;
    Ok(m)
}

fn bias(t: &mut Tokens<impl BufRead>, channels: usize) -> R<Bias> {
    let name = t.word("a bias's name")?;
    let c = t.count(&format!("{name}: channels"), 1, MAX_CHANNELS)?;
    check(c == channels, || {
        format!("{name}: {c} channels, expected {channels}")
    })?;
    let values = t.floats(&name, c)?;
    Ok(Bias { name, values })
}

fn epsilon(t: &mut Tokens<impl BufRead>, name: &str) -> R<f32> {
    let eps = t.number(&format!("{name}: epsilon"))? as f32;
    check(eps > 0.0 && eps <= 1.0, || {
        format!("{name}: epsilon {eps} is not in (0, 1]")
    })?;
    Ok(eps)
}

fn spatial_rms_norm(t: &mut Tokens<impl BufRead>, channels: usize) -> R<SpatialRmsNorm> {
    let name = t.word("an RMS norm's name")?;
    let c = t.count(&format!("{name}: channels"), 1, MAX_CHANNELS)?;
    let eps = epsilon(t, &name)?;
    let spatial = t.flag(&format!("{name}: spatial"))?;
    t.int(
        &format!("{name}: channel group size (only 0 is supported)"),
        0,
        0,
    )?;
    check(c == channels, || {
        format!("{name}: {c} channels, expected {channels}")
    })?;
    let gamma = t.floats(&name, c)?;
    let beta = t.floats(&name, c)?;
    Ok(SpatialRmsNorm {
        name,
        eps,
        spatial,
        gamma,
        beta,
    })
}

fn rms_norm(t: &mut Tokens<impl BufRead>, channels: usize) -> R<RmsNorm> {
    let name = t.word("an RMS norm's name")?;
    let c = t.count(&format!("{name}: channels"), 1, MAX_CHANNELS)?;
    let eps = epsilon(t, &name)?;
    check(c == channels, || {
        format!("{name}: {c} channels, expected {channels}")
    })?;
    let weight = t.floats(&name, c)?;
    Ok(RmsNorm { name, eps, weight })
}
