//! The plot of a review: Black's win rate and score lead by move, as SVG.

use std::fmt;

use super::{biggest_mistakes, move_losses, move_text, Eval, MoveLoss, MISTAKES_PER_SIDE};
use crate::board::Color;
use crate::rules::Move;
use crate::sgf::GameInfo;

/// Most characters of a player's name in the title: two long names and
/// the result still fit the plot's width.
const NAME_CHARS: usize = 30;

/// The plot's title: the record's file name, its players (`PB`, `PW`)
/// and its result (`RE`), those the record gives.
pub fn title(file: &str, info: &GameInfo) -> String {
    let name = |n: &Option<String>, side: &str| match n {
        Some(n) if n.chars().count() > NAME_CHARS => {
            format!("{}...", n.chars().take(NAME_CHARS - 3).collect::<String>())
        }
        Some(n) => n.clone(),
        None => side.to_string(),
    };
    let players = (info.black.is_some() || info.white.is_some()).then(|| {
        format!(
            "{} (B) vs {} (W)",
            name(&info.black, "Black"),
            name(&info.white, "White")
        )
    });
    let about: Vec<String> = players.into_iter().chain(info.result.clone()).collect();
    if about.is_empty() {
        format!("ingo review of {file}")
    } else {
        format!("ingo review of {file}: {}", about.join(", "))
    }
}

/// The plot of Black's win rate and score lead by move, with the biggest
/// mistakes marked, as SVG text.
///
/// # Errors
/// Errors of the plotting library.
pub fn plot(title: &str, moves: &[Move], evals: &[Eval]) -> Result<String, PlotError> {
    use plotters::prelude::{
        ChartBuilder, Circle, Color as _, EmptyElement, IntoDrawingArea, IntoFont, LineSeries,
        PathElement, RGBColor, Rectangle, SVGBackend, SeriesLabelPosition, Text, BLACK, WHITE,
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
        // The biggest drops choose their label's place first.
        let mut mistakes = mistakes;
        mistakes.sort_by(|a, b| b.win_rate.total_cmp(&a.win_rate));
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
        let (xs, ys) = chart.plotting_area().get_pixel_range();
        let offsets = label_offsets(&labels, (xs.start, ys.start, xs.end, ys.end));
        let leader_color = BLACK.mix(0.5);
        let backing = WHITE.mix(0.85);
        chart
            .draw_series(marks.iter().zip(labels).zip(offsets).map(
                |(((_, at), (label, _, _)), (dx, dy))| {
                    let w = label_width(&label);
                    // The label's point nearest the mark: where a leader
                    // line from a label moved away from its mark ends.
                    let near = (0.clamp(dx, dx + w), 0.clamp(dy, dy + LABEL_SIZE));
                    let leader = if near.0.pow(2) + near.1.pow(2) > LEADER_FROM.pow(2) {
                        vec![(0, 0), near]
                    } else {
                        Vec::new()
                    };
                    EmptyElement::at(*at)
                        + PathElement::new(leader, leader_color.stroke_width(1))
                        + Rectangle::new(
                            [(dx - 2, dy - 1), (dx + w + 2, dy + LABEL_SIZE + 1)],
                            backing.filled(),
                        )
                        + Circle::new((0, 0), MARK_RADIUS, mark_color.filled())
                        + Text::new(label, (dx, dy), ("sans-serif", LABEL_SIZE).into_font())
                },
            ))
            .map_err(plot_error)?
            .label("biggest mistakes (move, drop in the mover's win rate)")
            .legend(move |(x, y)| Circle::new((x + 10, y), MARK_RADIUS, mark_color.filled()));
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
/// Radius of a mistake's mark.
const MARK_RADIUS: i32 = 5;
/// Gap between a mark and its label.
const GAP: i32 = 6;
/// A label farther than this from its mark gets a line to it.
const LEADER_FROM: i32 = 12;

/// A box in pixels: left, top, right, bottom.
type Rect = (i32, i32, i32, i32);

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// The estimated width of a label, in pixels.
fn label_width(text: &str) -> i32 {
    LABEL_CHAR_WIDTH * text.chars().count() as i32
}

/// The label of a mistake.
fn mistake_label(m: &MoveLoss) -> String {
    format!(
        "{} {} (-{:.0}%)",
        m.number,
        move_text(m.mv),
        100.0 * m.win_rate
    )
}

/// Where each label's top left corner goes, as an offset from its mark
/// at pixel `labels[i].2`, the labels placed in order inside `area`.
///
/// A label goes beside its mark (right of it, or left near the right
/// edge), above it for Black's mistakes (the line fell from above) and
/// below for White's; when that spot overlaps a label placed before or
/// another mark, it tries the other side, then spots ever further up and
/// down, so that labels never pile up (the plot draws a line from a moved
/// label to its mark). When no spot in the area is free it takes the first.
fn label_offsets(labels: &[(String, Color, (i32, i32))], area: Rect) -> Vec<(i32, i32)> {
    let dots: Vec<Rect> = labels
        .iter()
        .map(|(_, _, (x, y))| {
            let r = MARK_RADIUS + 1;
            (x - r, y - r, x + r, y + r)
        })
        .collect();
    let mut placed: Vec<Rect> = Vec::new();
    labels
        .iter()
        .map(|(text, color, (x, y))| {
            let (w, h) = (label_width(text), LABEL_SIZE);
            let (right, left) = (GAP, -GAP - w);
            let sides = if *x + right + w > area.2 {
                [left, right]
            } else {
                [right, left]
            };
            let (above, below) = (-h - GAP, GAP);
            let (away, toward, dir) = match color {
                Color::Black => (above, below, -1),
                Color::White => (below, above, 1),
            };
            let step = h + 2;
            let reach = (area.3 - area.1) / step + 1;
            let tries = (0..reach).flat_map(|k| {
                [away + dir * k * step, toward - dir * k * step]
                    .into_iter()
                    .flat_map(move |dy| sides.map(|dx| (dx, dy)))
            });
            // The label's box, and with a margin around it that keeps
            // labels apart (the backing drawn behind the text).
            let rect = |(dx, dy): (i32, i32)| (x + dx, y + dy, x + dx + w, y + dy + h);
            let padded = |(l, t, r, b): Rect| (l - 2, t - 1, r + 2, b + 1);
            let free = |offset: (i32, i32)| {
                let r = rect(offset);
                let p = padded(r);
                p.0 >= area.0
                    && p.2 <= area.2
                    && p.1 >= area.1
                    && p.3 <= area.3
                    && !placed.iter().any(|q| overlaps(&p, q))
                    && !dots.iter().any(|d| overlaps(&r, d))
            };
            let chosen = tries
                .into_iter()
                .find(|&o| free(o))
                .unwrap_or((sides[0], away));
            placed.push(padded(rect(chosen)));
            chosen
        })
        .collect()
}

/// An error of the plotting library, as its `Debug` text (its errors
/// carry the backend's type, which callers need not know).
#[derive(Debug)]
pub struct PlotError(String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "plot: {}", self.0)
    }
}

impl std::error::Error for PlotError {}

fn plot_error<E: fmt::Debug>(e: E) -> PlotError {
    PlotError(format!("{e:?}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_players_and_the_result() {
        let info = |black: Option<&str>, white: Option<&str>, result: Option<&str>| GameInfo {
            black: black.map(str::to_string),
            white: white.map(str::to_string),
            result: result.map(str::to_string),
        };
        assert_eq!(
            title("g.sgf", &info(Some("Ann"), Some("Bob"), Some("W+R"))),
            "ingo review of g.sgf: Ann (B) vs Bob (W), W+R"
        );
        assert_eq!(
            title("g.sgf", &info(None, Some("Bob"), None)),
            "ingo review of g.sgf: Black (B) vs Bob (W)"
        );
        assert_eq!(
            title("g.sgf", &info(None, None, Some("B+3.5"))),
            "ingo review of g.sgf: B+3.5"
        );
        assert_eq!(title("g.sgf", &GameInfo::default()), "ingo review of g.sgf");
        let long = "x".repeat(40);
        assert_eq!(
            title("g", &info(Some(&long), None, None)),
            format!("ingo review of g: {}... (B) vs White (W)", "x".repeat(27))
        );
    }

    /// The boxes of labels placed at `offsets`.
    fn boxes(labels: &[(String, Color, (i32, i32))], offsets: &[(i32, i32)]) -> Vec<Rect> {
        labels
            .iter()
            .zip(offsets)
            .map(|((t, _, (x, y)), (dx, dy))| {
                (x + dx, y + dy, x + dx + label_width(t), y + dy + LABEL_SIZE)
            })
            .collect()
    }

    #[test]
    fn labels_do_not_overlap_each_other_or_the_marks() {
        // Ten mistakes within a few pixels of each other, as in the
        // opening of a long 19x19 game.
        let labels: Vec<(String, Color, (i32, i32))> = (0..10)
            .map(|i| {
                let color = if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                (
                    format!("{} B D14 (-12%)", i + 1),
                    color,
                    (100 + 4 * i, 200 + 9 * i),
                )
            })
            .collect();
        let area = (60, 40, 1130, 500);
        let offsets = label_offsets(&labels, area);
        let rects = boxes(&labels, &offsets);
        for (i, a) in rects.iter().enumerate() {
            assert!(a.0 >= area.0 && a.2 <= area.2 && a.1 >= area.1 && a.3 <= area.3);
            for b in &rects[i + 1..] {
                assert!(!overlaps(a, b), "{a:?} {b:?}");
            }
            for (_, _, (x, y)) in &labels {
                let dot = (
                    x - MARK_RADIUS,
                    y - MARK_RADIUS,
                    x + MARK_RADIUS,
                    y + MARK_RADIUS,
                );
                assert!(!overlaps(a, &dot), "{a:?} covers the mark at {x},{y}");
            }
        }
        // The first Black label sits above its mark, right of it; near
        // the right edge a label goes left; a White one goes below.
        assert_eq!(offsets[0], (GAP, -LABEL_SIZE - GAP));
        let right = label_offsets(&[("x".into(), Color::White, (1125, 100))], area);
        assert_eq!(right[0], (-GAP - LABEL_CHAR_WIDTH, GAP));
        // At the top of the area a Black label has no room above: below.
        let top = label_offsets(&[("x".into(), Color::Black, (300, 45))], area);
        assert_eq!(top[0], (GAP, GAP));
    }
}
