//! From a network's raw outputs to KataGo's numbers (`nneval.cpp`'s
//! post-processing): the policy as probabilities over the legal moves
//! with an optimism mix, win/loss/no-result, the score outputs and
//! ownership, turned to White's view.

use crate::board::Color;
use crate::nn::forward::RawOutput;
use crate::nn::model::Model;

/// What the network says of a position, as KataGo reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Per point from the top row: the probability of a move there, 0
    /// where the move is illegal (see `legal`).
    pub policy: Vec<f32>,
    pub legal: Vec<bool>,
    pub pass: f32,
    pub white_win: f32,
    pub white_loss: f32,
    pub no_result: f32,
    pub white_score_mean: f32,
    pub white_score_mean_sq: f32,
    pub white_lead: f32,
    pub var_time_left: f32,
    pub shortterm_winloss_error: f32,
    pub shortterm_score_error: f32,
    /// Per point: +1 White's, -1 Black's.
    pub white_ownership: Vec<f32>,
}

/// How the rules bear on the value: a no-result is possible only with a
/// simple ko rule or territory scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueRules {
    pub simple_ko: bool,
    pub territory: bool,
}

/// KataGo's softplus, linear past 40.
fn softplus(x: f64) -> f64 {
    if x > 40.0 {
        x
    } else {
        (1.0 + x.exp()).ln()
    }
}

/// Post-processes `raw` for `to_move`; `legal` per point (the pass is
/// always legal); `optimism` mixes in the optimistic policy channel.
pub fn evaluation(
    model: &Model,
    raw: &RawOutput,
    to_move: Color,
    legal: &[bool],
    optimism: f32,
    rules: ValueRules,
) -> Evaluation {
    let points = legal.len();
    // Policy logits, mixed in f32 as the backend does.
    let mixed = |p: f32, opt: f32| p + (opt - p) * optimism;
    let two = raw.pass.len() >= 2;
    let mut logits: Vec<f32> = (0..points)
        .map(|i| {
            if two {
                mixed(raw.policy[i], raw.policy[points + i])
            } else {
                raw.policy[i]
            }
        })
        .collect();
    logits.push(if two {
        mixed(raw.pass[0], raw.pass[1])
    } else {
        raw.pass[0]
    });
    let is_legal = |i: usize| i == points || legal[i];
    let mut max = -1e25f32;
    for (i, l) in logits.iter_mut().enumerate() {
        if !is_legal(i) {
            *l = -1e30;
        }
        max = max.max(*l);
    }
    let mut sum = 0.0f32;
    for l in logits.iter_mut() {
        *l = (*l - max).exp();
        sum += *l;
    }
    let legal_count = (0..=points).filter(|&i| is_legal(i)).count() as f32;
    let probs: Vec<f32> = (0..=points)
        .map(|i| match (is_legal(i), sum > 0.0) {
            (false, _) => 0.0,
            (true, true) => logits[i] / sum,
            (true, false) => 1.0 / legal_count,
        })
        .collect();

    // Value, in f64 as KataGo does.
    let p = &model.post;
    let [win, loss, no_result] = raw.value.map(f64::from);
    let s = |i: usize| raw.score.get(i).map_or(0.0, |&v| f64::from(v));
    let no_result_possible = rules.simple_ko || rules.territory;
    let no_result = if no_result_possible {
        no_result
    } else {
        no_result - 100_000.0
    };
    let max = win.max(loss).max(no_result);
    let (mut w, mut l, mut n) = (
        (win - max).exp(),
        (loss - max).exp(),
        (no_result - max).exp(),
    );
    if !no_result_possible {
        n = 0.0;
    }
    let total = w + l + n;
    w /= total;
    l /= total;
    n /= total;
    let stdev = softplus(s(1)) * p.score_stdev;
    let mut mean = s(0) * p.score_mean;
    let mut mean_sq = mean * mean + stdev * stdev;
    let mut lead = s(2) * p.lead;
    let var_time = softplus(s(3)) * p.variance_time;
    mean *= 1.0 - n;
    mean_sq *= 1.0 - n;
    lead *= 1.0 - n;
    let (st_wl, st_score) = if model.version >= 14 {
        let a = softplus(s(4) * 0.5);
        let b = softplus(s(5) * 0.5);
        (
            (a * a * p.shortterm_value_error).sqrt(),
            (b * b * p.shortterm_score_error).sqrt(),
        )
    } else if model.version >= 10 {
        (
            (softplus(s(4)) * p.shortterm_value_error).sqrt(),
            (softplus(s(5)) * p.shortterm_score_error).sqrt(),
        )
    } else {
        (softplus(s(4)), softplus(s(5)) * 10.0)
    };
    let white = to_move == Color::White;
    let (white_win, white_loss) = if white { (w, l) } else { (l, w) };
    let sign = if white { 1.0 } else { -1.0 };
    let has_errors = model.version >= 9;
    Evaluation {
        policy: probs[..points].to_vec(),
        legal: legal.to_vec(),
        pass: probs[points],
        white_win: white_win as f32,
        white_loss: white_loss as f32,
        no_result: n as f32,
        white_score_mean: (sign * mean) as f32,
        white_score_mean_sq: mean_sq as f32,
        white_lead: (sign * lead) as f32,
        var_time_left: if has_errors { var_time as f32 } else { -1.0 },
        shortterm_winloss_error: if has_errors { st_wl as f32 } else { -1.0 },
        shortterm_score_error: if has_errors { st_score as f32 } else { -1.0 },
        white_ownership: raw
            .ownership
            .iter()
            .map(|&o| sign as f32 * o.tanh())
            .collect(),
    }
}
