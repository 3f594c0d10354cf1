//! The move model's gammas: the table that holds them, its text form
//! (read and written), and the strength it gives a move's features.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::board::{Board, Color, Point};

use super::features::{
    canonical, features_with, optional_count, transform, with_optional, Features, GROUPS,
    GROUP_NAMES, GROUP_SIZES, LINE, MAX_LINES, SHAPE, SPATIAL,
};
use super::spatial;

/// The learned gammas.
#[derive(Clone)]
pub struct Model {
    /// Every symmetric form of every shape the table lists.
    pub(super) shapes: HashMap<u32, f32>,
    /// The gamma of a shape the table does not list.
    pub(super) rare_shape: f32,
    /// The large shapes the table lists, with the index of their radius.
    pub(super) large_shapes: Vec<(spatial::Code, usize, f32)>,
    /// Their gammas by the hash of every rotation and mirror image.
    pub(super) spatial: HashMap<u64, f32>,
    /// The gamma of a move none of whose large shapes the table lists.
    pub(super) no_spatial: f32,
    /// The line group has all its values here, the lines a table does not
    /// tell apart with the gammas of the last it does.
    pub(super) groups: [Vec<f32>; GROUPS],
    /// How many lines, from the edge, have line gammas of their own.
    pub(super) lines: u8,
    /// Whether the answers to the last move's atari have gammas of their
    /// own (`OPTIONAL`); without, they are not written out.
    pub(super) last_atari: bool,
}

/// A line row of `2 * lines` gammas, by line and open space, widened to
/// every line: the inner lines repeat the last pair.
pub(super) fn expand_lines<T: Copy>(row: &[T]) -> Vec<T> {
    (0..GROUP_SIZES[LINE])
        .map(|v| row[(v / 2).min(row.len() / 2 - 1) * 2 + v % 2])
        .collect()
}

impl Model {
    /// A model with every gamma 1: every move as likely.
    pub fn uniform() -> Model {
        Model {
            shapes: HashMap::new(),
            rare_shape: 1.0,
            large_shapes: Vec::new(),
            spatial: HashMap::new(),
            no_spatial: 1.0,
            groups: GROUP_SIZES.map(|n| vec![1.0; n]),
            lines: MAX_LINES,
            last_atari: true,
        }
    }

    /// Lists `shape` in every symmetric form, so that lookups need no
    /// canonical form.
    pub(super) fn insert_shape(&mut self, shape: u32, gamma: f32) {
        for k in 0..8 {
            self.shapes.insert(transform(shape, k), gamma);
        }
    }

    /// Lists a large shape in every symmetric form.
    pub(super) fn insert_large_shape(&mut self, code: spatial::Code, radius: usize, gamma: f32) {
        self.large_shapes.push((code, radius, gamma));
        for k in 0..8 {
            let h = spatial::hashes(spatial::transform(code, k))[radius];
            self.spatial.insert(h, gamma);
        }
    }

    /// Reads a table in the format [`Model::to_table`] writes.
    pub fn parse(text: &str) -> Result<Model, String> {
        let mut model = Model::uniform();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: {line:?}", i + 1);
            let mut words = line.split_whitespace();
            let key = words.next().ok_or_else(bad)?;
            let numbers: Vec<&str> = words.collect();
            let gamma = |s: &str| {
                s.parse::<f32>()
                    .ok()
                    .filter(|g| g.is_finite() && *g > 0.0)
                    .ok_or_else(bad)
            };
            match key {
                "shape" => {
                    let [code, g] = numbers[..] else {
                        return Err(bad());
                    };
                    let code = u32::from_str_radix(code, 8).map_err(|_| bad())?;
                    model.insert_shape(code, gamma(g)?);
                }
                "rare-shape" => {
                    let [g] = numbers[..] else {
                        return Err(bad());
                    };
                    model.rare_shape = gamma(g)?;
                }
                "spatial" => {
                    let [text, g] = numbers[..] else {
                        return Err(bad());
                    };
                    let (code, radius) = spatial::parse(text).ok_or_else(bad)?;
                    model.insert_large_shape(code, radius, gamma(g)?);
                }
                "no-spatial" => {
                    let [g] = numbers[..] else {
                        return Err(bad());
                    };
                    model.no_spatial = gamma(g)?;
                }
                _ => {
                    let group = GROUP_NAMES
                        .iter()
                        .position(|&n| n == key)
                        .filter(|&g| g != SHAPE && g != SPATIAL)
                        .ok_or_else(bad)?;
                    let values: Vec<f32> =
                        numbers.iter().map(|s| gamma(s)).collect::<Result<_, _>>()?;
                    let optional = optional_count(group);
                    if values.len() == GROUP_SIZES[group] {
                        model.groups[group] = values;
                    } else if optional > 0 && values.len() == GROUP_SIZES[group] - optional {
                        model.last_atari = false;
                        model.groups[group] = with_optional(group, values);
                    } else if group == LINE
                        && values.len() % 2 == 0
                        && (2..GROUP_SIZES[LINE]).contains(&values.len())
                    {
                        // Fewer lines told apart: the inner ones share the
                        // last line's gammas.
                        model.lines = (values.len() / 2) as u8;
                        model.groups[LINE] = expand_lines(&values);
                    } else {
                        return Err(bad());
                    }
                }
            }
        }
        Ok(model)
    }

    /// The table, with a header of comment lines.
    pub fn to_table(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            let _ = writeln!(out, "# {line}");
        }
        for (group, (name, gammas)) in GROUP_NAMES.iter().zip(&self.groups).enumerate().skip(1) {
            if group == SPATIAL {
                continue;
            }
            let _ = write!(out, "{name}");
            let n = if group == LINE {
                2 * usize::from(self.lines)
            } else if self.last_atari {
                gammas.len()
            } else {
                gammas.len() - optional_count(group)
            };
            for g in &gammas[..n] {
                let _ = write!(out, " {g:.4}");
            }
            out.push('\n');
        }
        let _ = writeln!(out, "rare-shape {:.4}", self.rare_shape);
        let mut shapes: Vec<(u32, f32)> = self
            .shapes
            .iter()
            .filter(|&(&c, _)| canonical(c) == c)
            .map(|(&c, &g)| (c, g))
            .collect();
        shapes.sort_by_key(|&(c, _)| c);
        for (code, g) in shapes {
            let _ = writeln!(out, "shape {code:08o} {g:.4}");
        }
        if !self.large_shapes.is_empty() {
            let _ = writeln!(out, "no-spatial {:.4}", self.no_spatial);
            let mut large: Vec<(usize, String, f32)> = self
                .large_shapes
                .iter()
                .map(|&(code, radius, g)| (radius, spatial::text(code, radius), g))
                .collect();
            large.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
            for (_, text, g) in large {
                let _ = writeln!(out, "spatial {text} {g:.4}");
            }
        }
        out
    }

    /// The features of a move (`model::features`) as this model reads them: the
    /// large shapes only if it has any.
    pub fn features(
        &self,
        board: &Board,
        color: Color,
        p: Point,
        last: Option<Point>,
        prev: Option<Point>,
    ) -> Features {
        features_with(board, color, p, (last, prev), !self.spatial.is_empty())
    }

    /// The strength of a move with these features.
    pub fn strength(&self, f: &Features) -> f64 {
        let mut s = f64::from(*self.shapes.get(&f.shape).unwrap_or(&self.rare_shape));
        for group in 1..=LINE {
            s *= f64::from(self.groups[group][usize::from(f.values[group])]);
        }
        if !self.spatial.is_empty() {
            s *= f64::from(self.spatial_gamma(f.spatial));
        }
        s
    }

    /// The gamma of the largest of the shapes in `code` that the table
    /// lists.
    pub(super) fn spatial_gamma(&self, code: spatial::Code) -> f32 {
        spatial::hashes(code)
            .iter()
            .rev()
            .find_map(|h| self.spatial.get(h))
            .copied()
            .unwrap_or(self.no_spatial)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::features::{
        CAPTURE, CAPTURE_SAVES_NEW, ESCAPE, ESCAPE_NEW, ESCAPE_NEW_LADDER,
    };
    use crate::testing::positions::capture_at_d3;

    #[test]
    fn a_table_without_the_new_values_plays_as_before() {
        let table = "capture 1 2 3 4\nescape 1 5 7\nrare-shape 1\n";
        let model = Model::parse(table).expect("a table of the old form");
        let (_, mut f) = capture_at_d3();
        f.values[CAPTURE] = 3;
        let old = model.strength(&f);
        f.values[CAPTURE] = CAPTURE_SAVES_NEW;
        assert_eq!(model.strength(&f), old);
        f.values[CAPTURE] = 0;
        for (new, like) in [(ESCAPE_NEW, 1), (ESCAPE_NEW_LADDER, 2)] {
            f.values[ESCAPE] = like;
            let old = model.strength(&f);
            f.values[ESCAPE] = new;
            assert_eq!(model.strength(&f), old);
        }
        // Written out, it keeps its old form.
        let out = model.to_table("");
        assert!(
            out.contains("capture 1.0000 2.0000 3.0000 4.0000\n"),
            "{out}"
        );
        assert!(out.contains("escape 1.0000 5.0000 7.0000\n"), "{out}");
        assert_eq!(Model::parse(&out).expect("parses").to_table(""), out);
        // A row of any other length is refused.
        assert!(Model::parse("capture 1 2 3\n").is_err());
        assert!(Model::parse("escape 1 2 3 4\n").is_err());
    }

    #[test]
    fn a_table_of_fewer_lines_gives_the_inner_ones_the_last_lines_gammas() {
        let m = Model::parse("line 1 2 3 4 5 6 7 8").expect("parses");
        assert_eq!(m.lines, 4);
        assert_eq!(
            m.groups[LINE],
            [1., 2., 3., 4., 5., 6., 7., 8., 7., 8., 7., 8.]
        );
        assert!(m
            .to_table("")
            .contains("line 1.0000 2.0000 3.0000 4.0000 5.0000 6.0000 7.0000 8.0000\n"));
        let wide = "line 1 2 3 4 5 6 7 8 9 10 11 12";
        assert_eq!(Model::parse(wide).expect("parses").groups[LINE][11], 12.0);
        for bad in [
            "line",
            "line 1 2 3",
            "spatial ..O.#.......",
            "spatial ..O.#...... 1.5",
            "spatial ..O.#...Y... 1.5",
            "spatial ..O.#....... 0",
            "no-spatial 1 2",
            "line 1 2 3 4 5 6 7 8 9 10 11 12 13 14",
        ] {
            assert!(Model::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_table_tells_six_lines_apart_at_most() {
        // Lines 0 to 5, each with and without open space: twelve gammas.
        let out = Model::uniform().to_table("");
        let row = out
            .lines()
            .find(|l| l.starts_with("line "))
            .expect("a line row");
        assert_eq!(row.split_whitespace().count(), 1 + 12, "{row}");
        let m = Model::parse("line 1 2 3 4 5 6 7 8 9 10 11 12").expect("parses");
        assert_eq!(m.lines, 6);
        assert!(m.to_table("").contains(
            "line 1.0000 2.0000 3.0000 4.0000 5.0000 6.0000 \
             7.0000 8.0000 9.0000 10.0000 11.0000 12.0000\n"
        ));
    }
}
