//! Reading the network fixtures `scripts/nn/fixtures.py` writes: per
//! position its setup, KataGo's input features when dumped, and what
//! KataGo's `kata-raw-nn 0 0` answered.

// Each test file compiles this module on its own and uses part of it.
#![allow(dead_code)]

use std::io::Read;
use std::path::Path;

/// KataGo's `kata-raw-nn` reply for one symmetry.
#[derive(Debug, Default, Clone)]
pub struct RawNn {
    pub white_win: f32,
    pub white_loss: f32,
    pub no_result: f32,
    pub white_lead: f32,
    pub white_score_selfplay: f32,
    pub white_score_selfplay_sq: f32,
    pub var_time_left: f32,
    pub shortterm_winloss_error: f32,
    pub shortterm_score_error: f32,
    /// Per point from the top row; `None` where KataGo printed NAN (an
    /// illegal move).
    pub policy: Vec<Option<f32>>,
    pub policy_pass: f32,
    pub white_ownership: Vec<f32>,
}

/// One fixture position.
#[derive(Debug, Default, Clone)]
pub struct Position {
    pub id: String,
    pub size: usize,
    pub komi: f64,
    pub rules: String,
    pub kata_rules: String,
    /// `(colour, vertex)` in GTP form.
    pub moves: Vec<(String, String)>,
    pub spatial: Option<Vec<f32>>,
    pub global: Option<Vec<f32>>,
    /// Symmetry 0's answer.
    pub raw: RawNn,
    /// The answers under the other symmetries, when the fixture has them.
    pub symmetries: Vec<(u8, RawNn)>,
}

impl Position {
    /// The side to move after the moves: the other side of the last
    /// mover, Black on an empty record.
    pub fn white_to_move(&self) -> bool {
        self.moves.last().is_some_and(|(c, _)| c == "b")
    }
}

fn floats(words: &[&str]) -> Vec<f32> {
    words
        .iter()
        .map(|w| w.parse().unwrap_or_else(|_| panic!("not a number: {w}")))
        .collect()
}

/// Every position of a gzipped fixture file.
pub fn read(path: &Path) -> Vec<Position> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    flate2::read::GzDecoder::new(file)
        .read_to_string(&mut text)
        .expect("gunzip");
    let mut out = Vec::new();
    let mut p = Position::default();
    let mut lines = text.lines();
    // The answer being read: symmetry 0's, or the last of `symmetries`.
    let mut other = false;
    while let Some(line) = lines.next() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&key, rest)) = words.split_first() else {
            continue;
        };
        let one = || rest.first().copied().unwrap_or("");
        let num = || one().parse::<f32>().unwrap_or_else(|_| panic!("{line}"));
        let raw = match p.symmetries.last_mut() {
            Some((_, r)) if other => r,
            _ => &mut p.raw,
        };
        match key {
            "position" => p.id = one().to_string(),
            "size" => p.size = one().parse().expect("size"),
            "komi" => p.komi = one().parse().expect("komi"),
            "rules" => p.rules = one().to_string(),
            "katarules" => p.kata_rules = rest.join(" "),
            "moves" => {
                p.moves = rest
                    .chunks(2)
                    .map(|m| (m[0].to_string(), m[1].to_string()))
                    .collect()
            }
            "spatial" => p.spatial = Some(floats(rest)),
            "global" => p.global = Some(floats(rest)),
            "symmetry" => {
                let s: u8 = one().parse().expect("symmetry");
                other = s != 0;
                if other {
                    p.symmetries.push((s, RawNn::default()));
                }
            }
            "whiteWin" => raw.white_win = num(),
            "whiteLoss" => raw.white_loss = num(),
            "noResult" => raw.no_result = num(),
            "whiteLead" => raw.white_lead = num(),
            "whiteScoreSelfplay" => raw.white_score_selfplay = num(),
            "whiteScoreSelfplaySq" => raw.white_score_selfplay_sq = num(),
            "varTimeLeft" => raw.var_time_left = num(),
            "shorttermWinlossError" => raw.shortterm_winloss_error = num(),
            "shorttermScoreError" => raw.shortterm_score_error = num(),
            "policy" => {
                for _ in 0..p.size {
                    let row = lines.next().expect("policy row");
                    raw.policy.extend(row.split_whitespace().map(|w| {
                        if w == "NAN" {
                            None
                        } else {
                            Some(w.parse().expect("policy"))
                        }
                    }));
                }
            }
            "policyPass" => raw.policy_pass = num(),
            "whiteOwnership" => {
                for _ in 0..p.size {
                    let row = lines.next().expect("ownership row");
                    p.raw
                        .white_ownership
                        .extend(floats(&row.split_whitespace().collect::<Vec<_>>()));
                }
            }
            "end" => {
                out.push(std::mem::take(&mut p));
                other = false;
            }
            _ => panic!("{}: unknown line {line:?}", path.display()),
        }
    }
    out
}
