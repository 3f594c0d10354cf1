//! The review written into the game record, where Sabaki and other
//! viewers show it.
//!
//! Sabaki stores the value of the position at a node (the position after
//! that node's move) on the node itself, as `SBKV` (Black's win rate in
//! percent) and `SBKS` (Black's score lead), and draws its graph from
//! them; the annotated record keeps that convention.

use std::fmt::Write as _;

use sgf_parse::go::Prop;
use sgf_parse::{SgfNode, SgfProp, SimpleText, Text};

use super::{biggest_mistakes, move_losses, move_of, move_text, to_black};
use super::{Eval, MoveLoss, Record, MISTAKES_PER_SIDE};
use crate::board::{Color, Point};
use crate::rules::{format_number, Move};
use crate::search::Candidate;

/// A number as Sabaki writes `SBKV` and `SBKS`: rounded to two decimals
/// the way JavaScript's `Math.round(x * 100) / 100` does (halves up, not
/// away from zero), printed as `Number.prototype.toString` prints it (no
/// trailing zeros, no `-0`).
pub fn sabaki_number(x: f64) -> String {
    let hundredths = x * 100.0;
    let floor = hundredths.floor();
    // Math.round: the nearest integer, ties towards +infinity. (`x - floor`
    // is exact; `floor(x + 0.5)` would round 0.49999999999999994 up.)
    let rounded = if hundredths - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    };
    // Adding zero turns -0 into 0, which JavaScript prints as "0".
    format!("{}", rounded / 100.0 + 0.0)
}

fn vertex(p: Option<Point>) -> String {
    p.map_or_else(|| "pass".to_string(), |p| p.vertex().to_string())
}

fn percent(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn signed_percent(x: f64) -> String {
    format!("{:+.1}%", 100.0 * x)
}

/// `Black leads by 3.5`, `White leads by 0.5`, `even`.
fn lead_text(black_score: f64) -> String {
    if black_score.abs() < 0.05 {
        "even".to_string()
    } else if black_score > 0.0 {
        format!("Black leads by {:.1}", black_score)
    } else {
        format!("White leads by {:.1}", -black_score)
    }
}

/// The comment on the node of move `loss.number`: the value after it,
/// what it cost, and what the engine would have played instead.
fn move_comment(loss: &MoveLoss, before: &Eval, after: &Eval, mistake: Option<usize>) -> String {
    let mut c = String::new();
    let _ = writeln!(c, "Move {}: {}", loss.number, move_text(loss.mv));
    let _ = writeln!(
        c,
        "Black's win rate {}, {} (after the move).",
        percent(after.black_win_rate),
        lead_text(after.black_score)
    );
    if let Some(rank) = mistake {
        let side = match loss.mv.color() {
            Color::Black => "Black",
            Color::White => "White",
        };
        let _ = writeln!(
            c,
            "{side}'s mistake {rank} of {MISTAKES_PER_SIDE}: one of the biggest drops."
        );
    }
    let played = match loss.mv {
        Move::Play(_, p) => Some(p),
        Move::Pass(_) => None,
    };
    let Some(analysis) = &before.analysis else {
        return c;
    };
    let Some(best) = analysis.best() else {
        return c;
    };
    if loss.engine_choice {
        let _ = writeln!(
            c,
            "No loss: ingo would have played it (the mover's win rate moved by {} between the two searches).",
            signed_percent(-loss.win_rate)
        );
    } else if loss.win_rate > 0.0 || loss.score > 0.0 {
        let _ = writeln!(
            c,
            "Loss against the best move: {} win rate, {} points.",
            percent(loss.win_rate.max(0.0)),
            format_number((loss.score.max(0.0) * 10.0).round() / 10.0)
        );
    } else {
        let _ = writeln!(c, "No loss against the best move.");
    }
    let line: Vec<String> = best.pv.iter().map(|&p| vertex(p)).collect();
    let (bw, bs) = to_black(analysis.color, best.win_rate, best.score_lead);
    let what = if best.point == played {
        "ingo's choice too"
    } else {
        "ingo's choice"
    };
    // Visits of the kept tree count too: the share of the root's visits,
    // not of this search's new playouts.
    let visits: u64 = analysis
        .candidates
        .iter()
        .map(|c| u64::from(c.visits))
        .sum();
    let _ = writeln!(
        c,
        "{what}: {} (Black's win rate {}, {}, {} of {visits} visits): {}",
        vertex(best.point),
        percent(bw),
        lead_text(bs),
        best.visits,
        line.join(" ")
    );
    if best.point != played {
        if let Some(mine) = analysis
            .candidates
            .iter()
            .find(|cand: &&Candidate| cand.point == played && cand.visits >= 10)
        {
            let (mw, ms) = to_black(analysis.color, mine.win_rate, mine.score_lead);
            let _ = writeln!(
                c,
                "The move played in the search: Black's win rate {}, {}, {} visits.",
                percent(mw),
                lead_text(ms),
                mine.visits
            );
        }
    }
    c.trim_end().to_string()
}

/// Replaces property `id` of `node` by `prop` (or adds it).
fn set_prop(node: &mut SgfNode<Prop>, id: &str, prop: Prop) {
    node.properties.retain(|p| p.identifier() != id);
    node.properties.push(prop);
}

/// Appends `text` to the node's comment, after the record's own.
fn add_comment(node: &mut SgfNode<Prop>, text: &str) {
    let old = match node.get_property("C") {
        Some(Prop::C(Text { text })) if !text.trim().is_empty() => Some(text.clone()),
        _ => None,
    };
    let text = match old {
        Some(old) => format!("{}\n\n{text}", old.trim_end()),
        None => text.to_string(),
    };
    set_prop(node, "C", Prop::C(Text { text }));
}

/// Values sgf-parse keeps as they were but writes back unescaped.
fn escape_raw(node: &mut SgfNode<Prop>) {
    for p in &mut node.properties {
        if let Prop::Unknown(_, values) | Prop::Invalid(_, values) = p {
            for v in values.iter_mut() {
                *v = v.replace('\\', "\\\\").replace(']', "\\]");
            }
        }
    }
    for child in &mut node.children {
        escape_raw(child);
    }
}

/// The record with the review written into its first tree's main line:
/// `SBKV`/`SBKS` on every node whose position was searched, a comment on
/// every reviewed move, and a note on the root.
pub fn annotate(record: &Record, evals: &[Eval], playouts: u64) -> String {
    let losses = move_losses(&record.moves, evals);
    let mistakes = biggest_mistakes(&losses, MISTAKES_PER_SIDE);
    let mut trees = record.trees.clone();
    for tree in &mut trees {
        escape_raw(tree);
    }
    let Some(root) = trees.first_mut() else {
        return String::new();
    };
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, _))) => *w,
        _ => 19,
    };
    add_comment(
        root,
        &format!(
            "Reviewed by ingo {} at {playouts} playouts per position. \
             SBKV: Black's win rate in percent, SBKS: Black's score lead, \
             on each node for the position after its move.",
            env!("CARGO_PKG_VERSION")
        ),
    );
    set_prop(root, "CA", Prop::CA(SimpleText::from("UTF-8")));
    let mut node = root;
    let mut position = 0;
    loop {
        if move_of(node).is_some() {
            position += 1;
        }
        if let Some(eval) = evals.get(position) {
            set_prop(
                node,
                "SBKV",
                Prop::Unknown(
                    "SBKV".into(),
                    vec![sabaki_number(100.0 * eval.black_win_rate)],
                ),
            );
            set_prop(
                node,
                "SBKS",
                Prop::Unknown("SBKS".into(), vec![sabaki_number(eval.black_score)]),
            );
            if position > 0 && move_of(node).is_some() {
                if let Some(loss) = losses.get(position - 1) {
                    let rank = mistakes
                        .iter()
                        .filter(|m| m.mv.color() == loss.mv.color())
                        .position(|m| m.number == loss.number)
                        .map(|i| i + 1);
                    let text = move_comment(loss, &evals[position - 1], eval, rank);
                    add_comment(node, &text);
                }
            }
        }
        if node.children.is_empty() {
            break;
        }
        node = &mut node.children[0];
    }
    let mut out: String = trees.iter().map(SgfNode::serialize).collect();
    // sgf-parse writes every size as `W:H`; FF[4] keeps that form for
    // rectangular boards.
    out = out.replacen(&format!("SZ[{size}:{size}]"), &format!("SZ[{size}]"), 1);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use sgf_parse::go;

    use super::super::read_record;
    use super::super::tests::eval;
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn numbers_are_written_as_sabaki_writes_them() {
        // Expected strings from node 20:
        // String(Math.round(x * 100) / 100) for each x.
        for (x, js) in [
            (55.1, "55.1"),
            (50.0, "50"),
            (-0.001, "0"),
            (-12.345, "-12.34"),
            (0.07, "0.07"),
            (100.0, "100"),
            (100.0 / 3.0, "33.33"),
            (54.305, "54.31"),
            (-0.005, "0"),
            (0.005, "0.01"),
            (1.005, "1"),
            (-2.5, "-2.5"),
            (99.995, "100"),
            (7.125, "7.13"),
            (-7.125, "-7.12"),
            (12.344999, "12.34"),
        ] {
            assert_eq!(sabaki_number(x), js, "{x}");
        }
    }

    #[test]
    fn records_are_annotated_on_every_node() {
        let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]XX[a\\]b]C[by hand]\
                    ;B[ee]C[first];W[cc];B[];W[]LB[dd:x])";
        let record = read_record(text, Rules::SIMPLIFIED_ING, 7.5).expect("record");
        assert_eq!(record.moves.len(), 4);
        assert_eq!(record.start.komi(), 6.5);
        // KGS's "Japanese" is territory scoring.
        assert_eq!(record.start.rules(), Rules::JAPANESE);
        let evals: Vec<Eval> = (0..5).map(|i| eval(0.5 - 0.1 * i as f64, -1.5)).collect();
        let out = annotate(&record, &evals, 10);
        let trees = go::parse(&out).expect("written SGF parses");
        let nodes: Vec<&SgfNode<Prop>> = trees[0].main_variation().collect();
        assert_eq!(nodes.len(), 5);
        let unknown = |n: &SgfNode<Prop>, id: &str| match n.get_property(id) {
            Some(Prop::Unknown(_, v)) => v.clone(),
            other => panic!("{id}: {other:?}"),
        };
        for (i, n) in nodes.iter().enumerate() {
            assert_eq!(
                unknown(n, "SBKV"),
                [sabaki_number(100.0 * evals[i].black_win_rate)]
            );
            assert_eq!(unknown(n, "SBKS"), ["-1.5"]);
        }
        assert_eq!(unknown(nodes[0], "SBKV"), ["50"]);
        assert_eq!(unknown(nodes[2], "SBKV"), ["30"]);
        // The record's own properties stay, escapes included.
        assert_eq!(unknown(nodes[0], "XX"), ["a]b"]);
        assert!(out.contains("SZ[9]") && out.contains("KM[6.5]") && out.contains("RU[Japanese]"));
        assert!(out.contains("LB[dd:x]"));
        let comment = |n: &SgfNode<Prop>| match n.get_property("C") {
            Some(Prop::C(t)) => t.text.clone(),
            _ => String::new(),
        };
        assert!(comment(nodes[0]).starts_with("by hand\n\nReviewed by ingo"));
        let first = comment(nodes[1]);
        assert!(first.starts_with("first\n\nMove 1: B E5\n"), "{first}");
        assert!(first.contains("Black's win rate 40.0%, White leads by 1.5"));
        assert!(comment(nodes[4]).starts_with("Move 4: W pass"));

        // Moves after the end of the game under the rules are kept but
        // get no values: Simplified Ing ends after four passes.
        let text = "(;SZ[5];B[];W[];B[];W[];B[cc])";
        let record = read_record(text, Rules::SIMPLIFIED_ING, 0.0).expect("record");
        assert_eq!(record.moves.len(), 4);
        let evals: Vec<Eval> = (0..5).map(|_| eval(0.5, 0.0)).collect();
        let out = annotate(&record, &evals, 10);
        let trees = go::parse(&out).expect("parses");
        let nodes: Vec<&SgfNode<Prop>> = trees[0].main_variation().collect();
        assert_eq!(nodes.len(), 6);
        assert!(nodes[..5].iter().all(|n| n.get_property("SBKV").is_some()));
        assert!(nodes[5].get_property("SBKV").is_none());
        assert!(out.contains("B[cc]"));
    }
}
