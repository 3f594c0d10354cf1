//! `ingo review`: the engine's view of every position of a game record.
//!
//! Each position of the main line (before every move, and the last one)
//! is searched with one [`Mcts`] player, which keeps its tree from one
//! position to the next when the game went on by a move it had searched.
//! The values are turned to Black's view, as the graphs of Sabaki and of
//! the plot show them, and each move gets its loss against the engine's
//! choice in the position before it.
//!
//! Sabaki stores the value of the position at a node (the position after
//! that node's move) on the node itself, as `SBKV` (Black's win rate in
//! percent) and `SBKS` (Black's score lead), and draws its graph from
//! them; the annotated record keeps that convention.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SgfProp, SimpleText, Text};

use crate::board::{Color, Point};
use crate::rules::{format_number, Game, Move, Phase, Rules};
use crate::search::{Analysis, Budget, Candidate, Mcts, MoveFilter, Player, SearchParams, Watch};

/// The engine's view of one position, from Black's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval {
    /// Black's chance of winning, 0..=1.
    pub black_win_rate: f64,
    /// Black's expected margin in points, komi included.
    pub black_score: f64,
    /// The search's final snapshot; `None` for a finished game, whose
    /// value is its result.
    pub analysis: Option<Analysis>,
}

impl Eval {
    /// The value of a position from a search of it: that of the move the
    /// search chose (the most visited, as the engine would play it; the
    /// root's average mixes in the worse moves it tried), or the root's
    /// before any move was visited.
    pub fn from_analysis(analysis: Analysis) -> Eval {
        let (win_rate, score) = match analysis.best().filter(|c| c.visits > 0) {
            Some(c) => (c.win_rate, c.score_lead),
            None => (analysis.win_rate, analysis.score_lead),
        };
        let (black_win_rate, black_score) = to_black(analysis.color, win_rate, score);
        Eval {
            black_win_rate,
            black_score,
            analysis: Some(analysis),
        }
    }

    /// The value of a finished game: its count.
    pub fn from_result(game: &Game) -> Eval {
        // Agreement removed the dead stones from the board already.
        let count = game.score(&[]);
        let margin = count.total(Color::Black) - count.total(Color::White);
        let black_win_rate = match count.result(game.rules().tie).winner() {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => 0.5,
        };
        Eval {
            black_win_rate,
            black_score: margin,
            analysis: None,
        }
    }
}

/// A win rate and score for `color` as Black's.
pub fn to_black(color: Color, win_rate: f64, score: f64) -> (f64, f64) {
    match color {
        Color::Black => (win_rate, score),
        Color::White => (1.0 - win_rate, -score),
    }
}

/// What one move cost its player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveLoss {
    /// 1 for the first move.
    pub number: usize,
    pub mv: Move,
    /// Win rate (0..=1) and points the mover's side lost between the
    /// position before the move and the one after it; negative when the
    /// search thought better of the position after the move.
    pub win_rate: f64,
    pub score: f64,
    /// The move was the search's own choice in the position before it:
    /// what it "lost" is the noise between two searches, not a mistake.
    pub engine_choice: bool,
}

/// The loss of every move: `evals[i]` is the position after `moves[i-1]`.
pub fn move_losses(moves: &[Move], evals: &[Eval]) -> Vec<MoveLoss> {
    moves
        .iter()
        .zip(evals.windows(2))
        .enumerate()
        .map(|(i, (&mv, pair))| {
            let sign = match mv.color() {
                Color::Black => 1.0,
                Color::White => -1.0,
            };
            let point = match mv {
                Move::Play(_, p) => Some(p),
                Move::Pass(_) => None,
            };
            let engine_choice = pair[0]
                .analysis
                .as_ref()
                .and_then(Analysis::best)
                .is_some_and(|b| b.point == point);
            MoveLoss {
                number: i + 1,
                mv,
                win_rate: sign * (pair[0].black_win_rate - pair[1].black_win_rate),
                score: sign * (pair[0].black_score - pair[1].black_score),
                engine_choice,
            }
        })
        .collect()
}

/// The biggest mistakes: per side, the `per_side` moves that lost the most
/// win rate (more points lost breaks ties), of those that lost any and
/// were not the engine's own choice; in move order.
pub fn biggest_mistakes(losses: &[MoveLoss], per_side: usize) -> Vec<MoveLoss> {
    let mut picked = Vec::new();
    for color in [Color::Black, Color::White] {
        let mut side: Vec<MoveLoss> = losses
            .iter()
            .filter(|l| l.mv.color() == color && l.win_rate > 0.0 && !l.engine_choice)
            .copied()
            .collect();
        side.sort_by(|a, b| {
            b.win_rate
                .total_cmp(&a.win_rate)
                .then(b.score.total_cmp(&a.score))
                .then(a.number.cmp(&b.number))
        });
        picked.extend(side.into_iter().take(per_side));
    }
    picked.sort_by_key(|l| l.number);
    picked
}

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

/// Searches every position of the game that `start` grew into by `moves`.
/// `progress` hears the number of positions done.
///
/// # Errors
/// A move that is illegal in its position.
pub fn analyse(
    start: &Game,
    moves: &[Move],
    player: &mut dyn Player,
    playouts: u64,
    progress: &mut dyn FnMut(usize),
) -> anyhow::Result<Vec<Eval>> {
    let mut game = start.clone();
    let stop = AtomicBool::new(false);
    let mut evals = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        let eval = if game.phase() == Phase::Finished {
            Eval::from_result(&game)
        } else {
            let color = game.to_move();
            let analysis = player
                .analyze(
                    &game,
                    color,
                    Budget::Playouts(playouts),
                    &MoveFilter::default(),
                    &mut Watch::silent(&stop),
                )
                .context("this player cannot analyse")?;
            Eval::from_analysis(analysis)
        };
        evals.push(eval);
        progress(i + 1);
        if let Some(&mv) = moves.get(i) {
            game.play(mv)
                .map_err(|e| anyhow::anyhow!("move {}: {e}", i + 1))?;
        }
    }
    Ok(evals)
}

/// A game record read for review: the record's trees as parsed, and the
/// game of its first tree's main line.
pub struct Record {
    pub trees: Vec<SgfNode<Prop>>,
    /// The position before the first move.
    pub start: Game,
    /// The main line's moves, as far as they could be played.
    pub moves: Vec<Move>,
}

/// Reads a record: rules from `RU` when ingo knows them, else `rules`;
/// komi from `KM`, else `komi` (as `loadsgf` does: [`crate::sgf::parse`]).
///
/// # Errors
/// Text that is not SGF, or a game ingo cannot load (see [`crate::sgf::parse`]).
pub fn read_record(text: &str, rules: Rules, komi: f64) -> anyhow::Result<Record> {
    let trees = go::parse(text).context("not an SGF game record")?;
    let root = trees.first().context("no game in the file")?;
    let game = crate::sgf::parse(text, None, rules, komi).context("cannot load the game")?;
    let before_first = crate::sgf::Until::Move(1);
    let start = crate::sgf::parse(text, Some(&before_first), rules, komi)
        .context("cannot load the game")?;
    let moves: Vec<Move> = game.moves().collect();
    let in_record = root
        .main_variation()
        .filter(|n| move_of(n).is_some())
        .count();
    if moves.len() < in_record {
        log::warn!(
            "review: {} of the record's {in_record} moves are reviewed (the game ended there)",
            moves.len()
        );
    }
    Ok(Record {
        trees,
        start,
        moves,
    })
}

/// Whether a node holds a move: a `B` or `W` property (what
/// [`crate::sgf::parse`] plays, node by node).
fn move_of(node: &SgfNode<Prop>) -> Option<()> {
    node.properties()
        .any(|p| matches!(p, Prop::B(_) | Prop::W(_)))
        .then_some(())
}

fn vertex(p: Option<Point>) -> String {
    p.map_or_else(|| "pass".to_string(), |p| p.vertex().to_string())
}

fn move_text(mv: Move) -> String {
    match mv {
        Move::Play(c, p) => format!("{} {}", c.letter(), p.vertex()),
        Move::Pass(c) => format!("{} pass", c.letter()),
    }
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

/// Mistakes marked per side, in the plot and the comments.
pub const MISTAKES_PER_SIDE: usize = 5;

/// The plot of Black's win rate and score lead by move, with the biggest
/// mistakes marked, as SVG text.
///
/// # Errors
/// Errors of the plotting library.
pub fn plot(title: &str, moves: &[Move], evals: &[Eval]) -> anyhow::Result<String> {
    use plotters::prelude::{
        ChartBuilder, Circle, Color as _, EmptyElement, IntoDrawingArea, IntoFont, LineSeries,
        PathElement, RGBColor, SVGBackend, SeriesLabelPosition, Text, BLACK, WHITE,
    };

    let losses = move_losses(moves, evals);
    let mistakes = biggest_mistakes(&losses, MISTAKES_PER_SIDE);
    let last = (evals.len().max(2) - 1) as f64;
    let reach = evals
        .iter()
        .map(|e| e.black_score.abs())
        .fold(5.0f64, f64::max);
    let reach = (reach / 5.0).ceil() * 5.0;
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (1200, 560)).into_drawing_area();
        area.fill(&WHITE).map_err(plot_error)?;
        let mut chart = ChartBuilder::on(&area)
            .caption(title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .right_y_label_area_size(56)
            .build_cartesian_2d(0f64..last, 0f64..100f64)
            .map_err(plot_error)?
            .set_secondary_coord(0f64..last, -reach..reach);
        chart
            .configure_mesh()
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .x_desc("move")
            .y_desc("Black's win rate (%)")
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(plot_error)?;
        chart
            .configure_secondary_axes()
            .y_label_formatter(&|y| format!("{y:.0}"))
            .y_desc("Black's score lead (points)")
            .draw()
            .map_err(plot_error)?;
        let rate_color = RGBColor(31, 90, 180);
        let score_color = RGBColor(220, 120, 20);
        chart
            .draw_series(LineSeries::new(
                [(0.0, 50.0), (last, 50.0)],
                BLACK.mix(0.3).stroke_width(1),
            ))
            .map_err(plot_error)?;
        chart
            .draw_secondary_series(LineSeries::new(
                evals
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (i as f64, e.black_score)),
                score_color.stroke_width(2),
            ))
            .map_err(plot_error)?
            .label("Black's score lead")
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], score_color));
        chart
            .draw_series(LineSeries::new(
                evals
                    .iter()
                    .enumerate()
                    .map(|(i, e)| (i as f64, 100.0 * e.black_win_rate)),
                rate_color.stroke_width(2),
            ))
            .map_err(plot_error)?
            .label("Black's win rate")
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], rate_color));
        let mark_color = RGBColor(200, 30, 30);
        let marks: Vec<(MoveLoss, (f64, f64))> = mistakes
            .iter()
            .filter_map(|m| {
                let e = evals.get(m.number)?;
                Some((*m, (m.number as f64, 100.0 * e.black_win_rate)))
            })
            .collect();
        let labels: Vec<(String, Color, (i32, i32))> = marks
            .iter()
            .map(|(m, at)| (mistake_label(m), m.mv.color(), chart.backend_coord(at)))
            .collect();
        let (width, _) = area.dim_in_pixel();
        let offsets = label_offsets(&labels, width as i32);
        chart
            .draw_series(marks.iter().zip(labels).zip(offsets).map(
                |(((_, at), (label, _, _)), offset)| {
                    EmptyElement::at(*at)
                        + Circle::new((0, 0), 5, mark_color.filled())
                        + Text::new(label, offset, ("sans-serif", LABEL_SIZE).into_font())
                },
            ))
            .map_err(plot_error)?
            .label("biggest mistakes (move, drop in the mover's win rate)")
            .legend(move |(x, y)| Circle::new((x + 10, y), 5, mark_color.filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.4))
            .draw()
            .map_err(plot_error)?;
        area.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// Text size of the mistake labels, and the width of one character of
/// it about (SVG viewers pick the font, so widths are estimates).
const LABEL_SIZE: i32 = 13;
const LABEL_CHAR_WIDTH: i32 = 7;

/// The label of a mistake.
fn mistake_label(m: &MoveLoss) -> String {
    format!(
        "{} {} (-{:.0}%)",
        m.number,
        move_text(m.mv),
        100.0 * m.win_rate
    )
}

/// Where each label goes, as an offset from its mark at pixel `marks[i]`:
/// right of the mark (left of it in the right fifth of `width`), above it
/// for Black's mistakes (the line fell from above) and below for White's,
/// moved further up or down until it overlaps no label placed before it.
fn label_offsets(labels: &[(String, Color, (i32, i32))], width: i32) -> Vec<(i32, i32)> {
    let mut placed: Vec<(i32, i32, i32, i32)> = Vec::new();
    let overlaps = |r: &(i32, i32, i32, i32), placed: &[(i32, i32, i32, i32)]| {
        placed
            .iter()
            .any(|p| r.0 < p.2 && p.0 < r.2 && r.1 < p.3 && p.1 < r.3)
    };
    labels
        .iter()
        .map(|(text, color, (x, y))| {
            let w = LABEL_CHAR_WIDTH * text.chars().count() as i32;
            let dx = if *x > width * 4 / 5 { -6 - w } else { 6 };
            let step = LABEL_SIZE + 2;
            let (first, dir) = match color {
                Color::Black => (-LABEL_SIZE - 6, -1),
                Color::White => (6, 1),
            };
            // Away from the line first, then to the other side.
            let tries = (0..12).flat_map(|k| {
                [
                    first + dir * k * step,
                    -dir * (LABEL_SIZE + 6) / 2 - dir * k * step,
                ]
            });
            let mut chosen = first;
            for dy in tries {
                let rect = (x + dx, y + dy, x + dx + w, y + dy + LABEL_SIZE);
                if !overlaps(&rect, &placed) {
                    chosen = dy;
                    break;
                }
            }
            placed.push((x + dx, y + chosen, x + dx + w, y + chosen + LABEL_SIZE));
            (dx, chosen)
        })
        .collect()
}

fn plot_error<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow::anyhow!("plot: {e:?}")
}

/// Where the review of `game` goes: `out` without an `.sgf`/`.svg`
/// extension, else the game's own path with `-review` added to its stem.
pub fn output_stem(game: &Path, out: Option<&Path>) -> PathBuf {
    match out {
        Some(o) => match o.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("svg") => {
                o.with_extension("")
            }
            _ => o.to_path_buf(),
        },
        None => {
            let stem = game
                .file_stem()
                .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
            game.with_file_name(format!("{stem}-review"))
        }
    }
}

/// `stem` with `suffix` appended (`Path::with_extension` would cut a
/// stem such as `game.2024-review` at its dot).
fn with_suffix(stem: &Path, suffix: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// What `ingo review` needs.
pub struct ReviewOptions {
    pub playouts: u64,
    pub search: SearchParams,
    /// Used when the record names no rule set ingo knows.
    pub rules: Rules,
    /// Used when the record has no `KM`.
    pub komi: f64,
}

/// `ingo review GAME [-o OUT]`: writes `OUT.sgf` and `OUT.svg` and
/// returns their paths.
///
/// # Errors
/// Unreadable or unloadable records, and files that cannot be written.
pub fn run(
    game: &Path,
    out: Option<&Path>,
    options: &ReviewOptions,
) -> anyhow::Result<[PathBuf; 2]> {
    let bytes = std::fs::read(game).with_context(|| format!("cannot read {}", game.display()))?;
    let text = crate::sgf::decode(&bytes);
    let record = read_record(&text, options.rules, options.komi)
        .with_context(|| format!("cannot review {}", game.display()))?;
    let positions = record.moves.len() + 1;
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(positions as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{msg} {wide_bar} {pos}/{len} positions ({elapsed} elapsed, {eta} left)",
        ) {
            bar.set_style(style);
        }
        bar.set_message("reviewing");
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    crate::search::patterns::init();
    let mut player = Mcts::new(options.search.clone());
    let evals = analyse(
        &record.start,
        &record.moves,
        &mut player,
        options.playouts,
        &mut |done| bar.set_position(done as u64),
    )?;
    bar.finish_and_clear();
    let stem = output_stem(game, out);
    let sgf_path = with_suffix(&stem, ".sgf");
    let svg_path = with_suffix(&stem, ".svg");
    std::fs::write(&sgf_path, annotate(&record, &evals, options.playouts))
        .with_context(|| format!("cannot write {}", sgf_path.display()))?;
    let name = game
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let svg = plot(&format!("ingo review of {name}"), &record.moves, &evals)?;
    std::fs::write(&svg_path, svg)
        .with_context(|| format!("cannot write {}", svg_path.display()))?;
    Ok([sgf_path, svg_path])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::SearchParams;
    use crate::testing::vertex as p;

    fn eval(black_win_rate: f64, black_score: f64) -> Eval {
        Eval {
            black_win_rate,
            black_score,
            analysis: None,
        }
    }

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
    fn values_turn_to_blacks_view() {
        assert_eq!(to_black(Color::Black, 0.7, 3.5), (0.7, 3.5));
        let (w, s) = to_black(Color::White, 0.7, 3.5);
        assert!((w - 0.3).abs() < 1e-12);
        assert_eq!(s, -3.5);

        let candidate = |point, visits, win_rate, score_lead| Candidate {
            point,
            visits,
            win_rate,
            score_lead,
            prior: 0.0,
            lcb: 0.0,
            pv: vec![point],
        };
        let analysis = Analysis {
            color: Color::White,
            playouts: 100,
            win_rate: 0.4,
            score_lead: -2.0,
            candidates: vec![
                candidate(Some(p("E5", 9)), 80, 0.75, 6.0),
                candidate(Some(p("C3", 9)), 20, 0.2, -9.0),
            ],
            ownership: Vec::new(),
        };
        // The most visited move's value, not the root's: White wins 75%.
        let e = Eval::from_analysis(analysis.clone());
        assert!((e.black_win_rate - 0.25).abs() < 1e-12);
        assert_eq!(e.black_score, -6.0);
        // Nothing visited yet: the root's.
        let mut none = analysis;
        for c in &mut none.candidates {
            c.visits = 0;
        }
        let e = Eval::from_analysis(none);
        assert!((e.black_win_rate - 0.6).abs() < 1e-12);
        assert_eq!(e.black_score, 2.0);
    }

    #[test]
    fn losses_are_the_movers_drop() {
        let moves = [
            Move::Play(Color::Black, p("E5", 9)),
            Move::Play(Color::White, p("C3", 9)),
            Move::Pass(Color::Black),
        ];
        let evals = [
            eval(0.5, 1.0),
            eval(0.4, -1.0),
            eval(0.6, 2.0),
            eval(0.65, 2.5),
        ];
        let losses = move_losses(&moves, &evals);
        assert_eq!(losses.len(), 3);
        // Black went from 50% to 40%: lost 10%, 2 points.
        assert!((losses[0].win_rate - 0.1).abs() < 1e-12);
        assert_eq!(losses[0].score, 2.0);
        // White went from 60% to 40% for White: lost 20%, 3 points.
        assert!((losses[1].win_rate - 0.2).abs() < 1e-12);
        assert_eq!(losses[1].score, 3.0);
        // Black gained: a negative loss.
        assert!(losses[2].win_rate < 0.0);
        assert_eq!(
            losses.iter().map(|l| l.number).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        // Without a search of the position before, no move is the
        // engine's choice.
        assert!(losses.iter().all(|l| !l.engine_choice));
    }

    #[test]
    fn mistakes_are_the_biggest_drops_per_side() {
        let loss = |number: usize, win_rate: f64, engine_choice: bool| {
            let color = if number % 2 == 1 {
                Color::Black
            } else {
                Color::White
            };
            MoveLoss {
                number,
                mv: Move::Pass(color),
                win_rate,
                score: 0.0,
                engine_choice,
            }
        };
        let losses = [
            loss(1, 0.30, false),
            loss(2, 0.01, false),
            loss(3, 0.10, false),
            loss(4, -0.2, false),
            loss(5, 0.20, false),
            loss(6, 0.50, true),
            loss(7, 0.05, false),
            loss(8, 0.0, false),
        ];
        let numbers = |v: Vec<MoveLoss>| v.iter().map(|l| l.number).collect::<Vec<_>>();
        // Two per side: Black's 1 and 5; White's only real loss is 2 (6
        // was its own choice, 4 and 8 lost nothing).
        assert_eq!(numbers(biggest_mistakes(&losses, 2)), [1, 2, 5]);
        assert_eq!(numbers(biggest_mistakes(&losses, 5)), [1, 2, 3, 5, 7]);
        assert!(biggest_mistakes(&losses, 0).is_empty());
    }

    #[test]
    fn labels_do_not_overlap() {
        // Six mistakes within a few pixels of each other.
        let labels: Vec<(String, Color, (i32, i32))> = (0..6)
            .map(|i| {
                let color = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (
                    format!("{} B D4 (-12%)", i + 1),
                    color,
                    (100 + 4 * i, 200 + i),
                )
            })
            .collect();
        let offsets = label_offsets(&labels, 1000);
        let rects: Vec<(i32, i32, i32, i32)> = labels
            .iter()
            .zip(&offsets)
            .map(|((t, _, (x, y)), (dx, dy))| {
                let w = LABEL_CHAR_WIDTH * t.len() as i32;
                (x + dx, y + dy, x + dx + w, y + dy + LABEL_SIZE)
            })
            .collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                let overlap = a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3;
                assert!(!overlap, "{a:?} {b:?}");
            }
        }
        // The first Black label sits above its mark, right of it; near
        // the right edge it goes left.
        assert_eq!(offsets[0], (6, -LABEL_SIZE - 6));
        let right = label_offsets(&[("x".into(), Color::White, (990, 10))], 1000);
        assert_eq!(right[0], (-6 - LABEL_CHAR_WIDTH, 6));
    }

    #[test]
    fn output_paths() {
        let game = Path::new("/games/a.2024.sgf");
        assert_eq!(
            output_stem(game, None),
            PathBuf::from("/games/a.2024-review")
        );
        assert_eq!(
            with_suffix(&output_stem(game, None), ".sgf"),
            PathBuf::from("/games/a.2024-review.sgf")
        );
        assert_eq!(
            output_stem(game, Some(Path::new("out/r.SGF"))),
            PathBuf::from("out/r")
        );
        assert_eq!(
            output_stem(game, Some(Path::new("out/r.v2"))),
            PathBuf::from("out/r.v2")
        );
    }

    #[test]
    fn records_are_annotated_on_every_node() {
        let text = "(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]XX[a\\]b]C[by hand]\
                    ;B[ee]C[first];W[cc];B[];W[]LB[dd:x])";
        let record = read_record(text, Rules::SIMPLIFIED_ING, 7.5).expect("record");
        assert_eq!(record.moves.len(), 4);
        assert_eq!(record.start.komi(), 6.5);
        // KGS's "Japanese" is played as Chinese (area scoring).
        assert_eq!(record.start.rules(), Rules::CHINESE);
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

    #[test]
    fn every_position_is_searched_and_a_finished_game_counted() {
        let mut game = Game::new(5, Rules::TROMP_TAYLOR, 0.5);
        let start = game.clone();
        let moves = [
            Move::Play(Color::Black, p("C3", 5)),
            Move::Play(Color::White, p("B2", 5)),
            Move::Pass(Color::Black),
            Move::Pass(Color::White),
        ];
        for &m in &moves {
            game.play(m).expect("legal");
        }
        assert_eq!(game.phase(), Phase::Finished);
        let mut player = Mcts::new(SearchParams {
            threads: 1,
            seed: 7,
            ..SearchParams::default()
        });
        let mut seen = Vec::new();
        let evals =
            analyse(&start, &moves, &mut player, 64, &mut |n| seen.push(n)).expect("analyse");
        assert_eq!(evals.len(), 5);
        assert_eq!(seen, [1, 2, 3, 4, 5]);
        for (i, e) in evals[..4].iter().enumerate() {
            let a = e.analysis.as_ref().expect("searched");
            assert_eq!(a.playouts, 64, "position {i}");
            let to_move = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(a.color, to_move);
            assert!((0.0..=1.0).contains(&e.black_win_rate));
        }
        // B C3 and W B2 on 5x5, komi 0.5: the empty points touch both
        // colours, so Black has 1 point and White 1 + 0.5.
        let last = &evals[4];
        assert!(last.analysis.is_none());
        assert_eq!(last.black_win_rate, 0.0);
        assert_eq!(last.black_score, -0.5);
        // A move that is not legal is an error, not a panic.
        let bad = [moves[0], moves[0]];
        assert!(analyse(&start, &bad, &mut player, 8, &mut |_| {}).is_err());
    }
}
