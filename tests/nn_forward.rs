//! The forward pass and post-processing against KataGo: given KataGo's
//! own input features for a position, ingo's network answers what
//! KataGo's `kata-raw-nn 0 0` answered, within the tolerances
//! (policy, win/loss/no-result and ownership 1e-4; scores 0.01; the same
//! most likely move). The features themselves are checked elsewhere
//! (tests/nn_planes.rs); here they are KataGo's, so a difference is the
//! network's.

mod kata_fixture;

use std::path::{Path, PathBuf};

use ingo::board::Color;
use ingo::nn::forward::{Inputs, Network};
use ingo::nn::model::Model;
use ingo::nn::output::{evaluation, ValueRules};
use ingo::nn::symmetry;

fn net_path(name: &str) -> PathBuf {
    let test = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/katago-nets")
        .join(name);
    if test.exists() {
        return test;
    }
    let dir = std::env::var_os("INGO_NETS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(std::env::var_os("HOME").expect("HOME")).join(".cache/ingo/nets")
        });
    let net = dir.join(name);
    assert!(
        net.exists(),
        "{} is missing: run scripts/fetch-net.sh",
        net.display()
    );
    net
}

/// Worst differences over a fixture, and where.
#[derive(Default, Debug)]
struct Worst {
    policy: (f32, String),
    value: (f32, String),
    score: (f32, String),
    ownership: (f32, String),
}

fn track(slot: &mut (f32, String), d: f32, at: impl FnOnce() -> String) {
    if d > slot.0 || d.is_nan() {
        *slot = (d, at());
    }
}

fn check_fixture(net: &str, fixture: &str) -> usize {
    let model = Model::load(&net_path(net)).unwrap_or_else(|e| panic!("{e}"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/nn")
        .join(fixture);
    let positions = kata_fixture::read(&path);
    let mut w = Worst::default();
    let mut checked = 0;
    let mut checked_answers = 0;
    let mut networks: Vec<Network> = Vec::new();
    for p in &positions {
        let (Some(spatial), Some(global)) = (&p.spatial, &p.global) else {
            continue;
        };
        let net = match networks.iter_mut().position(|n| n.size() == p.size) {
            Some(i) => &mut networks[i],
            None => {
                networks.push(Network::new(&model, p.size));
                networks.last_mut().expect("pushed")
            }
        };
        let answers =
            std::iter::once((0u8, &p.raw)).chain(p.symmetries.iter().map(|(s, r)| (*s, r)));
        for (sym, answer) in answers {
            let inputs = Inputs { spatial, global };
            let raw = symmetry::evaluate(net, &inputs, sym);
            let legal: Vec<bool> = p.raw.policy.iter().map(|x| x.is_some()).collect();
            let rules = ValueRules {
                simple_ko: p.kata_rules.contains("\"ko\":\"SIMPLE\""),
                territory: p.kata_rules.contains("\"scoring\":\"TERRITORY\""),
            };
            let to_move = if p.white_to_move() {
                Color::White
            } else {
                Color::Black
            };
            let e = evaluation(&model, &raw, to_move, &legal, 0.0, rules);
            let k = answer;
            let id = || {
                format!(
                    "position {} ({}x{}, {}) symmetry {sym}",
                    p.id, p.size, p.size, p.rules
                )
            };
            for (i, kp) in k.policy.iter().enumerate() {
                if let Some(kp) = kp {
                    track(&mut w.policy, (e.policy[i] - kp).abs(), || {
                        format!("{} point {i}", id())
                    });
                }
            }
            track(&mut w.policy, (e.pass - k.policy_pass).abs(), || {
                format!("{} pass", id())
            });
            for (a, b, what) in [
                (e.white_win, k.white_win, "win"),
                (e.white_loss, k.white_loss, "loss"),
                (e.no_result, k.no_result, "no result"),
            ] {
                track(&mut w.value, (a - b).abs(), || format!("{} {what}", id()));
            }
            // Mean and lead, and the error outputs, to 0.01 points (KataGo
            // prints three decimals); the mean of squares (mean^2 + stdev^2)
            // to what an error of 0.01 in the mean makes of it.
            let sq_scale = (2.0 * k.white_score_selfplay.abs()).max(1.0);
            let d = (e.white_score_mean_sq - k.white_score_selfplay_sq).abs() / sq_scale;
            track(&mut w.score, d, || format!("{} mean of squares", id()));
            for (a, b, what) in [
                (e.white_lead, k.white_lead, "lead"),
                (e.white_score_mean, k.white_score_selfplay, "score"),
                (e.var_time_left, k.var_time_left, "time left"),
                (
                    e.shortterm_winloss_error,
                    k.shortterm_winloss_error,
                    "st winloss",
                ),
                (e.shortterm_score_error, k.shortterm_score_error, "st score"),
            ] {
                track(&mut w.score, (a - b).abs(), || {
                    format!("{} {what}: {a} vs {b}", id())
                });
            }
            for (i, (a, b)) in e.white_ownership.iter().zip(&k.white_ownership).enumerate() {
                track(&mut w.ownership, (a - b).abs(), || {
                    format!("{} point {i}", id())
                });
            }
            // The same most likely move (where KataGo's top is clear of the
            // runner-up by more than the tolerance).
            let mut top: Vec<(f32, usize)> = k
                .policy
                .iter()
                .enumerate()
                .filter_map(|(i, x)| x.map(|x| (x, i)))
                .collect();
            top.push((k.policy_pass, k.policy.len()));
            top.sort_by(|a, b| b.0.total_cmp(&a.0));
            if top.len() > 1 && top[0].0 - top[1].0 > 2e-4 {
                let mut mine: Vec<f32> = e.policy.clone();
                mine.push(e.pass);
                let best = (0..mine.len())
                    .max_by(|&a, &b| mine[a].total_cmp(&mine[b]))
                    .expect("moves");
                assert_eq!(best, top[0].1, "{}: most likely move", id());
            }
            checked_answers += 1;
        }
        checked += 1;
    }
    eprintln!("{net} on {fixture}: {checked} positions, {checked_answers} answers, worst {w:?}");
    assert!(w.policy.0 <= 1e-4, "policy {w:?}");
    assert!(w.value.0 <= 1e-4, "value {w:?}");
    assert!(w.score.0 <= 0.01, "score {w:?}");
    assert!(w.ownership.0 <= 1e-4, "ownership {w:?}");
    checked
}

#[test]
fn the_katrain_network_answers_as_katago() {
    let n = check_fixture(
        "b10c384h6nbttflrs.bin.gz",
        "forward-b10c384h6nbttflrs.txt.gz",
    );
    assert!(n >= 500);
}

#[test]
fn a_convolutional_test_network_answers_as_katago() {
    let net = "g170-b6c96-s175395328-d26788732";
    let n = check_fixture(&format!("{net}.bin.gz"), &format!("forward-{net}.txt.gz"));
    assert!(n >= 500);
}

#[test]
fn grouped_heads_answer_as_katago() {
    let net = "b7c96h6kv3qk32v16tflrs-fson-bnh";
    let n = check_fixture(&format!("{net}.bin.gz"), &format!("forward-{net}.txt.gz"));
    assert!(n >= 500);
}

#[test]
fn fixed_rope_answers_as_katago() {
    let net = "b7c96h3tfrs-test5-cnorm";
    let n = check_fixture(&format!("{net}.bin.gz"), &format!("forward-{net}.txt.gz"));
    assert!(n >= 500);
}

/// The eight symmetries: the inputs turned and the outputs turned back
/// answer as KataGo does under each (`kata-raw-nn S 0`), on 42 positions
/// of 9x9 and 13x13.
#[test]
fn every_symmetry_answers_as_katago() {
    let n = check_fixture(
        "b10c384h6nbttflrs.bin.gz",
        "symmetries-b10c384h6nbttflrs.txt.gz",
    );
    assert_eq!(n, 42);
}
