//! Reading KataGo's model files: the katrain network and KataGo's three
//! test networks parse to the shapes an independent reader found
//! (research/nn-eval.md §1.9: a Python walker over desc.cpp's grammar),
//! and damaged files are each refused with one error naming the file.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use ingo::nn::model::{Activation, Block, Model, Rope, TrunkTip};

/// The katrain network, put in place by scripts/fetch-net.sh.
fn katrain_net() -> PathBuf {
    let dir = std::env::var_os("INGO_NETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/ingo/nets")
        });
    let net = dir.join("b10c384h6nbttflrs.bin.gz");
    assert!(
        net.exists(),
        "{} is missing: run scripts/fetch-net.sh (scripts/test.sh does)",
        net.display()
    );
    net
}

fn test_net(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/katago-nets")
        .join(name)
}

fn load(path: &Path) -> Model {
    Model::load(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_katrain_network() {
    let m = load(&katrain_net());
    assert_eq!(m.version, 15);
    assert_eq!(m.dense_weights(), 10_521_600);
    let p = m.post;
    let multipliers = [
        p.td_score,
        p.score_mean,
        p.score_stdev,
        p.lead,
        p.variance_time,
    ];
    assert_eq!(multipliers, [20.0, 20.0, 20.0, 20.0, 40.0]);
    assert_eq!(
        (p.shortterm_value_error, p.shortterm_score_error),
        (0.25, 150.0)
    );
    assert!(!m.prefer_pass_alive_under_suicide);
    let t = &m.trunk;
    assert_eq!(
        (t.channels, t.stem.ky, t.stem.kx, t.blocks.len()),
        (384, 3, 3, 10)
    );
    assert!(matches!(&t.tip, TrunkTip::RmsNorm(n) if n.spatial && n.eps == 1e-6));
    assert_eq!(t.tip_act, Activation::Silu);
    for b in &t.blocks {
        let Block::Bottleneck {
            down, blocks, pre, ..
        } = b
        else {
            panic!("not a bottleneck block: {b:?}")
        };
        assert_eq!((down.cin, down.cout, down.ky), (384, 192, 1));
        assert_eq!(pre.1, Activation::Silu);
        assert_eq!(blocks.len(), 4);
        for (i, inner) in blocks.iter().enumerate() {
            match (i % 2, inner) {
                (0, Block::Attention(a)) => {
                    assert_eq!((a.heads, a.kv_heads, a.q_dim, a.v_dim), (6, 6, 32, 32));
                    assert!(matches!(&a.rope, Rope::Learnable(f) if f.len() == 6 * 16 * 2));
                    assert_eq!(a.norm.eps, 1e-6);
                }
                (1, Block::FeedForward(f)) => {
                    assert_eq!(
                        (f.linear1.cin, f.linear1.cout, f.linear2.cout),
                        (192, 512, 192)
                    );
                    assert_eq!((f.gate.cin, f.gate.cout), (192, 512));
                }
                _ => panic!("inner block {i}: {inner:?}"),
            }
        }
    }
    assert_eq!(
        (m.policy.channels, m.policy.p1.cout, m.policy.g1.cout),
        (2, 48, 48)
    );
    assert!(m.policy.pass_hidden.is_some());
    assert_eq!(
        (m.value.v1.cout, m.value.v2.cout, m.value.score.cout),
        (96, 96, 6)
    );
}

#[test]
fn a_convolutional_test_network() {
    let m = load(&test_net("g170-b6c96-s175395328-d26788732.bin.gz"));
    assert_eq!(m.version, 8);
    let t = &m.trunk;
    assert_eq!((t.channels, t.stem.ky, t.stem.kx), (96, 5, 5));
    let kinds: Vec<&str> = t
        .blocks
        .iter()
        .map(|b| match b {
            Block::Ordinary { .. } => "ordinary",
            Block::GlobalPool { .. } => "gpool",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "ordinary").count(),
        4,
        "{kinds:?}"
    );
    assert_eq!(
        kinds.iter().filter(|k| **k == "gpool").count(),
        2,
        "{kinds:?}"
    );
    assert!(matches!(t.tip, TrunkTip::BatchNorm(_)));
    assert_eq!(t.tip_act, Activation::Relu);
    assert_eq!((m.policy.channels, m.value.score.cout), (1, 4));
    assert!(m.policy.pass_hidden.is_none());
    assert_eq!(m.post, ingo::nn::model::PostProcess::DEFAULT);
}

/// The attention blocks of a trunk, wherever they nest.
fn attention(blocks: &[Block]) -> Vec<&ingo::nn::model::Attention> {
    let mut out = Vec::new();
    for b in blocks {
        match b {
            Block::Attention(a) => out.push(a),
            Block::Bottleneck { blocks, .. } => out.extend(attention(blocks)),
            _ => {}
        }
    }
    out
}

#[test]
fn grouped_heads_and_learnable_rope() {
    let m = load(&test_net("b7c96h6kv3qk32v16tflrs-fson-bnh.bin.gz"));
    assert_eq!(m.version, 17);
    assert!(matches!(m.trunk.tip, TrunkTip::BatchNorm(_)));
    let att = attention(&m.trunk.blocks);
    assert!(!att.is_empty());
    for a in att {
        assert_eq!((a.heads, a.kv_heads, a.q_dim, a.v_dim), (6, 3, 32, 16));
        assert!(matches!(&a.rope, Rope::Learnable(f) if f.len() == 3 * 16 * 2));
    }
}

#[test]
fn fixed_rope_and_an_rms_tip() {
    let m = load(&test_net("b7c96h3tfrs-test5-cnorm.bin.gz"));
    assert_eq!(m.version, 17);
    assert!(matches!(m.trunk.tip, TrunkTip::RmsNorm(_)));
    let att = attention(&m.trunk.blocks);
    assert!(!att.is_empty());
    for a in att {
        assert_eq!(a.heads, 3);
        assert_eq!(a.rope, Rope::Fixed(100.0));
    }
}

/// The uncompressed bytes of a test network.
fn raw(name: &str) -> Vec<u8> {
    let mut out = Vec::new();
    GzDecoder::new(std::fs::File::open(test_net(name)).expect("open"))
        .read_to_end(&mut out)
        .expect("gunzip");
    out
}

/// Writes `bytes` gzipped to a fresh file named `name` and loads it.
fn load_bytes(name: &str, bytes: &[u8], gzip: bool) -> Result<Model, String> {
    let dir = std::env::temp_dir().join(format!("ingo-nn-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let data = if gzip {
        let mut enc = GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(bytes).expect("gzip");
        enc.finish().expect("gzip")
    } else {
        bytes.to_vec()
    };
    std::fs::write(&path, data).expect("write");
    let result = Model::load(&path).map_err(|e| {
        let text = e.to_string();
        assert!(text.starts_with(&path.display().to_string()), "{text}");
        e.what
    });
    std::fs::remove_file(&path).ok();
    result
}

/// Replaces the first `from` in `bytes` after `at` by `to`.
fn replace(bytes: &[u8], at: usize, from: &str, to: &str) -> Vec<u8> {
    let i = at
        + bytes[at..]
            .windows(from.len())
            .position(|w| w == from.as_bytes())
            .expect("found");
    [&bytes[..i], to.as_bytes(), &bytes[i + from.len()..]].concat()
}

#[test]
fn damaged_files_are_refused_naming_what_is_wrong() {
    let net = "b7c96h3tfrs-test5-cnorm.bin.gz";
    let bytes = raw(net);
    assert!(load_bytes("ok.bin.gz", &bytes, true).is_ok());
    // Cut inside the last weights.
    let e = load_bytes("cut.bin.gz", &bytes[..bytes.len() - 10], true).unwrap_err();
    assert!(e.contains("the file ends inside its weights"), "{e}");
    // Cut inside the header words.
    let e = load_bytes("cut2.bin.gz", &bytes[..40], true).unwrap_err();
    assert!(e.contains("the file ends where"), "{e}");
    // Not gzip though named so; gzip cut short.
    let e = load_bytes("plain.bin.gz", &bytes, false).unwrap_err();
    assert_eq!(e, "not a gzip file");
    let mut enc = GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(&bytes).expect("gzip");
    let gz = enc.finish().expect("gzip");
    let e = load_bytes("gzcut.bin", &gz[..gz.len() / 2], false).unwrap_err();
    assert!(e.contains("cannot read") || e.contains("ends"), "{e}");
    // An unknown version, an unknown block kind.
    let e = load_bytes("v18.bin.gz", &replace(&bytes, 0, "\n17\n", "\n18\n"), true).unwrap_err();
    assert!(e.contains("model version 18 is not supported"), "{e}");
    let e = load_bytes("v7.bin.gz", &replace(&bytes, 0, "\n17\n", "\n7\n"), true).unwrap_err();
    assert!(e.contains("model version 7 is not supported"), "{e}");
    let e = load_bytes(
        "kind.bin.gz",
        &replace(&bytes, 0, "transformer_ffn_block", "transformer_xyz_block"),
        true,
    )
    .unwrap_err();
    assert!(
        e.contains("unknown block kind \"transformer_xyz_block\""),
        "{e}"
    );
    // A NaN weight: the first float of the first binary block.
    let at = bytes.windows(5).position(|w| w == b"@BIN@").expect("@BIN@") + 5;
    let mut nan = bytes.clone();
    nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    let e = load_bytes("nan.bin.gz", &nan, true).unwrap_err();
    assert!(e.contains("weight 0 of") && e.contains("NaN"), "{e}");
    // Trailing data after the value head.
    let e = load_bytes("tail.bin.gz", &[&bytes[..], b"\nextra\n"].concat(), true).unwrap_err();
    assert!(e.contains("unexpected data after the model"), "{e}");
}

/// A shape that does not add up: the trunk says 96 channels and the stem
/// then writes 95.
#[test]
fn a_shape_that_does_not_add_up() {
    let bytes = raw("b7c96h3tfrs-test5-cnorm.bin.gz");
    let text = String::from_utf8_lossy(&bytes[..400]).to_string();
    // The stem's record: name, 3 3 22 96 1 1, a word a line.
    let at = text.find("\n22\n96\n1\n1\n").expect("stem record");
    let stem = replace(&bytes, at, "\n22\n96\n1\n1\n", "\n22\n95\n1\n1\n");
    let e = load_bytes("shape.bin.gz", &stem, true).unwrap_err();
    assert!(e.contains("22 -> 95 channels, expected 22 -> 96"), "{e}");
}
