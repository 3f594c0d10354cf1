//! The plot of a review: Black's win rate and score lead by move, as SVG.

use std::fmt;

use super::{biggest_mistakes, move_losses, move_text, Eval, MoveLoss, MISTAKES_PER_SIDE};
use crate::board::Color;
use crate::rules::Move;

/// The plot of Black's win rate and score lead by move, with the biggest
/// mistakes marked, as SVG text.
///
/// # Errors
/// Errors of the plotting library.
pub fn plot(title: &str, moves: &[Move], evals: &[Eval]) -> Result<String, PlotError> {
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
}
