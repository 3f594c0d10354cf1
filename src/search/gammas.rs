//! A learned model of where strong players move. Every legal move has a
//! strength, the product of one "gamma" per feature: its 3x3 shape (with
//! the neighbours in atari), capture, escape (each told apart when it
//! answers the last move's atari), atari, self-atari, distance to the
//! last two moves, line and open space, and the largest of its
//! shapes within distance 2, 3 and 4 that the teacher played often
//! ([`spatial`]). The probability of a move
//! is its strength over the sum of all (Coulom, "Computing Elo Ratings of
//! Move Patterns in the Game of Go", 2007). The gammas are learned with
//! Coulom's minorization-maximization (`ingo train-gammas`), from the moves
//! of game records or a teacher's probabilities, and kept beside this
//! file: `gammas-large.txt` and `gammas-19.txt` with large shapes, from
//! Pachi's pattern prior on 9x9 and on 19x19 positions ([`LARGE`],
//! [`BIG`]), `gammas.txt` without, from the moves of 9x9 games
//! ([`MODEL`]); the tree's priors give a
//! child virtual wins that grow with its move's probability, as Pachi does
//! with its own large patterns.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::LazyLock;

use crate::board::{Board, Color, Point};

use super::tactics;

mod positions;
mod spatial;
pub use positions::{policy_records, positions, Position};

/// Feature groups; each move has exactly one value in each.
pub const GROUPS: usize = 9;
const SHAPE: usize = 0;
const CAPTURE: usize = 1;
const ESCAPE: usize = 2;
const ATARI: usize = 3;
const SELF_ATARI: usize = 4;
const LAST: usize = 5;
const PREV: usize = 6;
const LINE: usize = 7;
const SPATIAL: usize = 8;

/// Names in the table file, and the number of values of each group but
/// the shape (whose values are the shapes the table lists).
const GROUP_NAMES: [&str; GROUPS] = [
    "shape",
    "capture",
    "escape",
    "atari",
    "self-atari",
    "last",
    "prev",
    "line",
    "spatial",
];
const GROUP_SIZES: [usize; GROUPS] = [0, 5, 5, 3, 3, 5, 5, 2 * (LINE_CAP as usize + 1), 0];

/// Capture and escape values a table may leave out, each with the value
/// whose gamma it then shares, listed in order after each group's other
/// values: the answers to the last move's atari came in after
/// `gammas.txt` and `gammas-large.txt` were learned, and those tables
/// play as they did without them (`train-gammas --no-last-atari`).
const CAPTURE_SAVES_NEW: u8 = 4;
const ESCAPE_NEW: u8 = 3;
const ESCAPE_NEW_LADDER: u8 = 4;
const OPTIONAL: [(usize, u8, u8); 3] = [
    (CAPTURE, CAPTURE_SAVES_NEW, 3),
    (ESCAPE, ESCAPE_NEW, 1),
    (ESCAPE, ESCAPE_NEW_LADDER, 2),
];

/// How many of `group`'s values a table may leave out.
fn optional_count(group: usize) -> usize {
    OPTIONAL.iter().filter(|o| o.0 == group).count()
}

/// `group`'s gammas without its optional values, widened to all of them:
/// each left out shares the gamma of the value it stands in for.
fn with_optional<T: Copy>(group: usize, mut values: Vec<T>) -> Vec<T> {
    for &(_, _, like) in OPTIONAL.iter().filter(|o| o.0 == group) {
        values.push(values[usize::from(like)]);
    }
    values
}

/// Lines from this one (0-based) inwards share their line gammas in every
/// table. A table may tell fewer lines apart ([`Model::lines`]): on 9x9
/// the fifth line is the centre point alone, while a table for 19x19 must
/// tell the third and fourth lines of the opening from the centre.
const LINE_CAP: u8 = 5;
/// Most lines a table tells apart.
pub const MAX_LINES: u8 = LINE_CAP + 1;

/// The features of one move: the shape as a raw code (three bits per
/// neighbour in [`Board::neighborhood_code`]'s slot order: the cell from
/// the mover's side, own stone 1 and opposing 2, plus 4 for a stone in
/// atari next to the point), the large shape ([`spatial::code`]) and a
/// value for every other group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    pub shape: u32,
    pub spatial: spatial::Code,
    pub values: [u8; GROUPS],
}

impl Features {
    /// No stone within Manhattan distance 2 of the move ([`alone`]).
    pub fn alone(&self) -> bool {
        self.values[LINE] & 1 == 1
    }

    /// The move only extends an own string in atari into a ladder that
    /// works ([`tactics::runs_into_ladder`]).
    pub fn runs_into_ladder(&self) -> bool {
        matches!(self.values[ESCAPE], 2 | ESCAPE_NEW_LADDER)
    }
}

/// Code slots of the four neighbours in [`Point::neighbors`]'s order
/// (south, west, east, north).
const NEIGHBOR_SLOTS: [u32; 4] = [6, 3, 4, 1];

/// Manhattan distance between two points.
fn distance(a: Point, b: Point) -> u32 {
    let ((ax, ay), (bx, by)) = (a.coords(), b.coords());
    u32::from(ax.abs_diff(bx)) + u32::from(ay.abs_diff(by))
}

/// Distance from the nearest edge (0 = first line).
pub fn line(board: &Board, p: Point) -> u8 {
    let (x, y) = p.coords();
    let far = board.size() - 1;
    x.min(y).min(far - x).min(far - y)
}

/// True when no stone is within Manhattan distance 2 of `p`.
fn alone(board: &Board, p: Point) -> bool {
    let (x, y) = p.coords();
    let size = i16::from(board.size());
    for dy in -2i16..=2 {
        for dx in -2i16..=2 {
            if dx.abs() + dy.abs() > 2 {
                continue;
            }
            let (qx, qy) = (i16::from(x) + dx, i16::from(y) + dy);
            if !(0..size).contains(&qx) || !(0..size).contains(&qy) {
                continue;
            }
            if let Some(q) = Point::from_coords(qx as u8, qy as u8, board.size()) {
                if board.color_at(q).is_some() {
                    return false;
                }
            }
        }
    }
    true
}

/// The 3x3 shape around the empty point `p` for `color` to move.
pub fn shape(board: &Board, color: Color, p: Point) -> u32 {
    let code = board.neighborhood_code(p);
    let mut shape = 0;
    for slot in 0..8 {
        let mut v = u32::from(code >> (2 * slot) & 3);
        // From the mover's side: own stones 1, opposing 2.
        if color == Color::White && (v == 1 || v == 2) {
            v = 3 - v;
        }
        shape |= v << (3 * slot);
    }
    for (n, slot) in p.neighbors().into_iter().zip(NEIGHBOR_SLOTS) {
        if board.color_at(n).is_some() && board.in_atari(n) {
            shape |= 4 << (3 * slot);
        }
    }
    shape
}

/// The features of a stone of `color` on the empty point `p`, a legal
/// move, after `last` (the opponent's move) and `prev` (the mover's own
/// move before it).
pub fn features(
    board: &Board,
    color: Color,
    p: Point,
    last: Option<Point>,
    prev: Option<Point>,
) -> Features {
    features_with(board, color, p, (last, prev), true)
}

/// [`features`], with the large shape only when `large` is set (an empty
/// one otherwise: a model without large shapes need not pay for them).
fn features_with(
    board: &Board,
    color: Color,
    p: Point,
    (last, prev): (Option<Point>, Option<Point>),
    large: bool,
) -> Features {
    let mut values = [0u8; GROUPS];
    let self_atari = board.is_self_atari(color, p);
    // A string the last move put in atari touches it: answering that
    // atari is what a strong player does first (Pachi's patterns tell new
    // ataris from old ones, and a model without the difference gave the
    // capture that saves two strings a twentieth of an escape's weight).
    let touches_last = |s: Point| {
        last.is_some_and(|m| {
            m.neighbors()
                .into_iter()
                .any(|q| board.color_at(q).is_some() && board.same_string(q, s))
        })
    };
    if board.captures_at(color, p) {
        // The biggest capture, and whether an own string in atari next to
        // the captured one gets out (and whether it was the last move's).
        let mut most = 0;
        let mut saves = None;
        for n in p.neighbors() {
            if board.color_at(n) == Some(!color) && board.in_atari(n) {
                most = most.max(board.string_size(n));
                for s in board.stones(n) {
                    for m in s.neighbors() {
                        if board.color_at(m) == Some(color) && board.in_atari(m) {
                            saves = Some(saves == Some(true) || touches_last(m));
                        }
                    }
                }
            }
        }
        values[CAPTURE] = match saves {
            Some(true) => CAPTURE_SAVES_NEW,
            Some(false) => 3,
            None if most >= 2 => 2,
            None => 1,
        };
    } else if board.saves_atari(color, p) {
        let new = p
            .neighbors()
            .into_iter()
            .any(|n| board.color_at(n) == Some(color) && board.in_atari(n) && touches_last(n));
        let ladder = tactics::runs_into_ladder(board, color, p);
        values[ESCAPE] = match (new, ladder) {
            (false, false) => 1,
            (false, true) => 2,
            (true, false) => ESCAPE_NEW,
            (true, true) => ESCAPE_NEW_LADDER,
        };
    }
    if !self_atari && board.puts_in_atari(color, p) {
        values[ATARI] = if tactics::atari_ladders(board, color, p) {
            2
        } else {
            1
        };
    }
    if values[CAPTURE] == 0 {
        // A single stone thrown in is often a good sacrifice; a string is
        // rarely.
        if self_atari {
            values[SELF_ATARI] = 2;
        } else if board.liberties_after(color, p, 2) < 2 {
            values[SELF_ATARI] = 1;
        }
    }
    let near = |m: Option<Point>| match m.map(|m| distance(p, m)) {
        Some(d @ 1..=4) => d as u8,
        _ => 0,
    };
    values[LAST] = near(last);
    values[PREV] = near(prev);
    values[LINE] = line(board, p).min(LINE_CAP) * 2 + u8::from(alone(board, p));
    Features {
        shape: shape(board, color, p),
        spatial: if large {
            spatial::code(board, color, p)
        } else {
            0
        },
        values,
    }
}

/// Slot permutations of the eight rotations and mirror images: slot `s`
/// of a shape goes to slot `SYMMETRIES[k][s]`.
static SYMMETRIES: LazyLock<[[usize; 8]; 8]> = LazyLock::new(|| {
    // Grid position (row, column) of each slot: NW, N, NE, W, E, SW, S, SE.
    const GRID: [(i8, i8); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let slot_of = |g: (i8, i8)| GRID.iter().position(|&q| q == g).expect("a slot");
    let mut out = [[0; 8]; 8];
    for (k, perm) in out.iter_mut().enumerate() {
        for (s, &(r, c)) in GRID.iter().enumerate() {
            // Up to three quarter turns, then an optional mirror.
            let (mut r, mut c) = (r, c);
            for _ in 0..k / 2 {
                (r, c) = (c, -r);
            }
            if k % 2 == 1 {
                c = -c;
            }
            perm[s] = slot_of((r, c));
        }
    }
    out
});

/// The shape moved as symmetry `k` maps its slots.
fn transform(shape: u32, k: usize) -> u32 {
    let mut out = 0;
    for (s, &to) in SYMMETRIES[k].iter().enumerate() {
        out |= (shape >> (3 * s) & 7) << (3 * to);
    }
    out
}

/// One representative of the shape's eight symmetric forms.
pub fn canonical(shape: u32) -> u32 {
    (0..8).map(|k| transform(shape, k)).min().unwrap_or(shape)
}

/// The learned gammas.
#[derive(Clone)]
pub struct Model {
    /// Every symmetric form of every shape the table lists.
    shapes: HashMap<u32, f32>,
    /// The gamma of a shape the table does not list.
    rare_shape: f32,
    /// The large shapes the table lists, with the index of their radius.
    large_shapes: Vec<(spatial::Code, usize, f32)>,
    /// Their gammas by the hash of every rotation and mirror image.
    spatial: HashMap<u64, f32>,
    /// The gamma of a move none of whose large shapes the table lists.
    no_spatial: f32,
    /// The line group has all its values here, the lines a table does not
    /// tell apart with the gammas of the last it does.
    groups: [Vec<f32>; GROUPS],
    /// How many lines, from the edge, have line gammas of their own.
    lines: u8,
    /// Whether the answers to the last move's atari have gammas of their
    /// own ([`OPTIONAL`]); without, they are not written out.
    last_atari: bool,
}

/// A line row of `2 * lines` gammas, by line and open space, widened to
/// every line: the inner lines repeat the last pair.
fn expand_lines<T: Copy>(row: &[T]) -> Vec<T> {
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
    fn insert_shape(&mut self, shape: u32, gamma: f32) {
        for k in 0..8 {
            self.shapes.insert(transform(shape, k), gamma);
        }
    }

    /// Lists a large shape in every symmetric form.
    fn insert_large_shape(&mut self, code: spatial::Code, radius: usize, gamma: f32) {
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

    /// The features of a move ([`features`]) as this model reads them: the
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
    fn spatial_gamma(&self, code: spatial::Code) -> f32 {
        spatial::hashes(code)
            .iter()
            .rev()
            .find_map(|h| self.spatial.get(h))
            .copied()
            .unwrap_or(self.no_spatial)
    }
}

/// Boards from this size up are played with [`BIG`] and judged with
/// [`MODEL_BIG`]:
/// the large shapes of [`LARGE`] come from 9x9 games, and a 9x9 table
/// with them won 4 of 13 19x19 games against ingo without them (2,000
/// playouts a move).
const LARGE_SHAPES_BELOW: u8 = 13;

/// The model a dead-stone judgement reads on a board of `size`: fitted
/// together with the large shapes, the other gammas led a judgement away
/// from the sacrifice that kills a group.
pub fn for_judging(size: u8) -> &'static Model {
    if size < LARGE_SHAPES_BELOW {
        &MODEL
    } else {
        &MODEL_BIG
    }
}

/// The model ingo plays with in the position of `board`.
pub fn for_position(board: &Board) -> &'static Model {
    if board.size() < LARGE_SHAPES_BELOW {
        &LARGE
    } else {
        &BIG
    }
}

/// The model without large shapes, from `gammas.txt` beside this file:
/// the one every dead-stone judgement below 13x13 reads.
pub static MODEL: LazyLock<Model> = LazyLock::new(|| {
    Model::parse(include_str!("gammas.txt")).expect("the shipped gamma table parses")
});

/// The model with large shapes and Pachi's pattern probabilities on 9x9
/// positions, from `gammas-large.txt` beside this file: the one ingo
/// plays with below 13x13. The table before it learned the moves GNU Go
/// and Pachi played in those games, as `gammas.txt` does; this one starts
/// ingo's tree from the local answers Pachi's tree starts from.
pub static LARGE: LazyLock<Model> = LazyLock::new(|| {
    Model::parse(include_str!("gammas-large.txt")).expect("the shipped gamma table parses")
});

/// The model with large shapes and lines from 19x19 positions, from
/// `gammas-19.txt` beside this file: the one ingo plays 13x13 and bigger
/// with. It learned Pachi's pattern probabilities (the prior of Pachi's
/// tree, from professional games; `scripts/match/pachi-policy.js`), not
/// the moves of a game: its local answers are what a tree without a
/// network needs from its priors, where KataGo's policy taught quiet
/// moves that lost games (results of 2026-12-03).
pub static BIG: LazyLock<Model> = LazyLock::new(|| {
    Model::parse(include_str!("gammas-19.txt")).expect("the shipped gamma table parses")
});

/// [`MODEL`] without its line gammas, which are 9x9's (its fourth line
/// is next to the centre): the one ingo judges dead stones with on 13x13
/// and bigger.
pub static MODEL_BIG: LazyLock<Model> = LazyLock::new(|| {
    let mut model = MODEL.clone();
    model.groups[LINE].fill(1.0);
    model
});

/// Least number of times a shape must be seen among the candidates to get
/// a gamma of its own; rarer ones share one.
const MIN_SHAPE_COUNT: usize = 20;

/// Learns gammas from `positions` by minorization-maximization (Coulom
/// 2007): one group at a time, each gamma becomes its wins over the sum,
/// in every position where it was a candidate, of its partners' strength
/// over the position's total. A virtual win and loss against a gamma of
/// 1 keeps features seen rarely near 1.
///
/// The line gammas tell the first `lines` lines apart (at most
/// [`MAX_LINES`]); the lines inside share the last one's. A large shape
/// gets a gamma of its own once the teacher played it `large` times (its
/// probabilities summed, for a teacher that gives them), as in Pachi's
/// spatial dictionary: shapes harvested from the moves played, not from
/// every candidate. With `large` 0 the model has no large shapes.
/// `last_atari` learns the answers to the last move's atari apart from
/// those to older ataris ([`OPTIONAL`]).
pub fn train(
    positions: &[Position],
    rounds: usize,
    (lines, large): (u8, u32),
    last_atari: bool,
) -> Model {
    let lines = lines.clamp(1, MAX_LINES);
    // The shapes to learn: the canonical forms seen often enough; the
    // others share index 0.
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for pos in positions {
        for f in &pos.moves {
            *seen.entry(canonical(f.shape)).or_default() += 1;
        }
    }
    let (kept, index) = numbered(
        seen.iter()
            .filter(|&(_, &n)| n >= MIN_SHAPE_COUNT)
            .map(|(&c, _)| c),
    );
    // The large shapes played, by canonical hash, each with the first
    // form seen and its radius.
    let mut played: HashMap<u64, (f64, spatial::Code, usize)> = HashMap::new();
    if large > 0 {
        for pos in positions {
            for &(i, w) in &pos.targets {
                let code = pos.moves[i as usize].spatial;
                for (radius, h) in spatial::canonical_hashes(code).into_iter().enumerate() {
                    played.entry(h).or_insert((0.0, code, radius)).0 += f64::from(w);
                }
            }
        }
    }
    let (spatial_kept, spatial_index) = numbered(
        played
            .iter()
            .filter(|&(_, &(n, _, _))| n >= f64::from(large))
            .map(|(&h, _)| h),
    );
    // Each candidate as one value index per group; its large shape is the
    // largest one kept.
    let rows: Vec<Vec<[u32; GROUPS]>> = positions
        .iter()
        .map(|pos| {
            pos.moves
                .iter()
                .map(|f| {
                    let mut r = f.values.map(u32::from);
                    if !last_atari {
                        for &(g, v, like) in &OPTIONAL {
                            if r[g] == u32::from(v) {
                                r[g] = u32::from(like);
                            }
                        }
                    }
                    r[SHAPE] = index.get(&canonical(f.shape)).copied().unwrap_or(0);
                    if !spatial_index.is_empty() {
                        r[SPATIAL] = spatial::canonical_hashes(f.spatial)
                            .iter()
                            .rev()
                            .find_map(|h| spatial_index.get(h))
                            .copied()
                            .unwrap_or(0);
                    }
                    r[LINE] = (r[LINE] / 2).min(u32::from(lines) - 1) * 2 + r[LINE] % 2;
                    r
                })
                .collect()
        })
        .collect();
    let mut sizes = GROUP_SIZES;
    sizes[SHAPE] = kept.len() + 1;
    sizes[LINE] = 2 * usize::from(lines);
    sizes[SPATIAL] = spatial_kept.len() + 1;
    if !last_atari {
        for g in [CAPTURE, ESCAPE] {
            sizes[g] -= optional_count(g);
        }
    }
    let mut gammas: Vec<Vec<f64>> = sizes.iter().map(|&n| vec![1.0; n]).collect();
    let mut wins: Vec<Vec<f64>> = sizes.iter().map(|&n| vec![0.0; n]).collect();
    for (pos, rows) in positions.iter().zip(&rows) {
        for &(i, w) in &pos.targets {
            for (g, &v) in rows[i as usize].iter().enumerate() {
                wins[g][v as usize] += f64::from(w);
            }
        }
    }
    let strength = |gammas: &[Vec<f64>], r: &[u32; GROUPS]| -> f64 {
        r.iter()
            .enumerate()
            .map(|(g, &v)| gammas[g][v as usize])
            .product()
    };
    for _ in 0..rounds {
        for g in 0..GROUPS {
            let mut sums = vec![0.0; sizes[g]];
            for pos in &rows {
                let total: f64 = pos.iter().map(|r| strength(&gammas, r)).sum();
                for r in pos {
                    let v = r[g] as usize;
                    sums[v] += strength(&gammas, r) / gammas[g][v] / total;
                }
            }
            for v in 0..sizes[g] {
                let old = gammas[g][v];
                gammas[g][v] = (wins[g][v] + 1.0) / (sums[v] + 2.0 / (old + 1.0));
            }
        }
    }
    let mut model = Model::uniform();
    model.rare_shape = gammas[SHAPE][0] as f32;
    for (i, &c) in kept.iter().enumerate() {
        model.insert_shape(c, gammas[SHAPE][i + 1] as f32);
    }
    for (group, learned) in model.groups.iter_mut().zip(&gammas).skip(1) {
        *group = learned.iter().map(|&x| x as f32).collect();
    }
    model.groups[LINE] = expand_lines(&model.groups[LINE]);
    model.groups[SPATIAL] = Vec::new();
    if !spatial_kept.is_empty() {
        model.no_spatial = gammas[SPATIAL][0] as f32;
        for (i, h) in spatial_kept.iter().enumerate() {
            let (_, code, radius) = played[h];
            model.insert_large_shape(code, radius, gammas[SPATIAL][i + 1] as f32);
        }
    }
    if !last_atari {
        for g in [CAPTURE, ESCAPE] {
            model.groups[g] = with_optional(g, std::mem::take(&mut model.groups[g]));
        }
    }
    model.lines = lines;
    model.last_atari = last_atari;
    model
}

/// The keys sorted, and the index of each counted from 1: index 0 is
/// shared by every key left out.
fn numbered<K: Copy + Ord + std::hash::Hash>(
    keys: impl Iterator<Item = K>,
) -> (Vec<K>, HashMap<K, u32>) {
    let mut sorted: Vec<K> = keys.collect();
    sorted.sort_unstable();
    let index = sorted
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32 + 1))
        .collect();
    (sorted, index)
}

/// Share of positions where the model ranks the teacher's move (its
/// likeliest, for a teacher that gives probabilities) first, and the mean
/// log-probability it gives the teacher's moves (weighted by theirs).
pub fn evaluate(model: &Model, positions: &[Position]) -> (f64, f64) {
    let mut first = 0;
    let mut log_p = 0.0;
    for pos in positions {
        let s: Vec<f64> = pos.moves.iter().map(|f| model.strength(f)).collect();
        let total: f64 = s.iter().sum();
        let top = pos.top() as usize;
        if s.iter().enumerate().all(|(i, &x)| i == top || x < s[top]) {
            first += 1;
        }
        log_p += pos
            .targets
            .iter()
            .map(|&(i, w)| f64::from(w) * (s[i as usize] / total).ln())
            .sum::<f64>();
    }
    let n = positions.len().max(1) as f64;
    (f64::from(first) / n, log_p / n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{at, board};

    #[test]
    fn symmetries_are_the_eight_of_the_square() {
        let shape = 0o12345670;
        let forms: std::collections::HashSet<u32> = (0..8).map(|k| transform(shape, k)).collect();
        assert_eq!(forms.len(), 8);
        for k in 0..8 {
            assert_eq!(canonical(transform(shape, k)), canonical(shape));
        }
        // A quarter turn takes north to east: the N slot (1) to E (4).
        let north = 1 << 3;
        assert!((0..8).any(|k| transform(north, k) == 1 << (3 * 4)));
        // The corners stay corners.
        for k in 0..8 {
            for s in [0, 2, 5, 7] {
                assert!([0, 2, 5, 7].contains(&SYMMETRIES[k][s]));
            }
        }
    }

    #[test]
    fn shapes_are_seen_from_the_mover() {
        let b = board(
            ". . . . .
             . X O . .
             . . . . .
             . . . . .
             . . . . .",
        );
        let c3 = at(&b, "C3");
        // Black B4 is NW of C3, White C4 N. Swapping the colours and the
        // mover gives the same shape.
        let black = shape(&b, Color::Black, c3);
        assert_eq!(black & 0o77, 0o21);
        let w = board(
            ". . . . .
             . O X . .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(shape(&w, Color::White, c3), black);
        // The lone white stone in atari at A2 marks its slot.
        let a = board(
            ". . . . .
             . . . . .
             X . . . .
             O . . . .
             X . . . .",
        );
        let f = shape(&a, Color::Black, at(&a, "B2"));
        assert_eq!(f >> (3 * 3) & 7, 6, "W slot: opposing stone in atari");
    }

    #[test]
    fn tactical_features() {
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . X . . .
             . . X O . . .
             . . . X . . .
             . . . . . . .
             . X O O X . .",
        );
        // Black E4 captures D4; White E4 escapes.
        let f = features(&b, Color::Black, at(&b, "E4"), None, None);
        assert_eq!(f.values[CAPTURE], 1);
        let f = features(&b, Color::White, at(&b, "E4"), None, None);
        assert_eq!((f.values[CAPTURE], f.values[ESCAPE]), (0, 1));
        // Black D2 puts C1-D1 in atari, and the ladder after C2 works.
        let f = features(&b, Color::Black, at(&b, "D2"), Some(at(&b, "D4")), None);
        assert_eq!(f.values[ATARI], 2);
        assert_eq!(f.values[LAST], 2);
        // Black C2 puts B2 in atari, but B3 escapes to three liberties.
        let a = board(
            ". . . . .
             . . . . .
             . . . . .
             X O . . .
             . X . . .",
        );
        let f = features(&a, Color::Black, at(&a, "C2"), None, None);
        assert_eq!(f.values[ATARI], 1);
        // White A1 beside nothing of its own, in atari there: a throw-in.
        let f = features(&b, Color::White, at(&b, "A1"), None, None);
        assert_eq!(f.values[SELF_ATARI], 1);
        assert_eq!(f.values[LINE], 0);
    }

    #[test]
    fn answers_to_the_last_moves_atari_are_told_apart() {
        // Black's E3 has put White D3 and E4 in atari (issue 20's game 13,
        // move 64): White C4 captures C5 and D4 and saves both, D2 and F4
        // each save one.
        let b = board(
            ". . . . . . .
             . O O O X . .
             . O X O X . .
             . X . X O . .
             . X X O X . .
             . . . . . . .
             . . . . . . .",
        );
        let e3 = Some(at(&b, "E3"));
        let white = |v: &str, last| features(&b, Color::White, at(&b, v), last, None);
        assert_eq!(white("C4", e3).values[CAPTURE], CAPTURE_SAVES_NEW);
        assert_eq!(white("C4", None).values[CAPTURE], 3);
        for v in ["D2", "F4"] {
            assert_eq!(white(v, e3).values[ESCAPE], ESCAPE_NEW, "{v}");
            assert_eq!(white(v, None).values[ESCAPE], 1, "{v}");
        }
        // An atari older than the last move is answered as before: Black's
        // C5 and D4, in atari since White's D5 and C6, are saved by C4.
        let black = features(&b, Color::Black, at(&b, "C4"), Some(at(&b, "A7")), None);
        assert_eq!(black.values[ESCAPE], 1);
        // The shipped 19x19 table ranks the capture that saves both above
        // each escape; a table without the new values ranked it below
        // (the capture at F6 that ingo never searched in game 13).
        let rank = |m: &Model| m.strength(&white("C4", e3)) / m.strength(&white("F4", e3));
        assert!(rank(&BIG) > 1.0, "{}", rank(&BIG));
    }

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

    /// A board where Black D3 captures the White stone at C3, and that
    /// capture's features.
    fn capture_at_d3() -> (Board, Features) {
        let b = board(
            ". . . . .
             . . X . .
             . X O . .
             . . X . .
             . . . . .",
        );
        let capture = features(&b, Color::Black, at(&b, "D3"), None, None);
        (b, capture)
    }

    #[test]
    fn training_learns_what_is_played() {
        // In every position the capture is played: its gamma must rise
        // above the others'.
        let (b, capture) = capture_at_d3();
        let others: Vec<Features> = ["A1", "E5", "B2", "A5"]
            .iter()
            .map(|v| features(&b, Color::Black, at(&b, v), None, None))
            .collect();
        let positions: Vec<Position> = (0..30)
            .map(|_| Position {
                moves: std::iter::once(capture)
                    .chain(others.iter().copied())
                    .collect(),
                targets: vec![(0, 1.0)],
            })
            .collect();
        let model = train(&positions, 10, (MAX_LINES, 10), true);
        assert!(model.groups[CAPTURE][1] > 2.0 * model.groups[CAPTURE][0]);
        // The capture's large shapes were played 30 times: it has them.
        assert!(model.spatial_gamma(capture.spatial) > 2.0 * model.no_spatial);
        assert_eq!(model.large_shapes.len(), 3);
        let (first, _) = evaluate(&model, &positions);
        assert!(first > 0.99);
        // The table reads back the same.
        let again = Model::parse(&model.to_table("test")).expect("parses");
        for f in &positions[0].moves {
            let (a, b) = (model.strength(f), again.strength(f));
            assert!((a - b).abs() < 1e-3 * a, "{a} {b}");
        }
    }

    #[test]
    fn small_and_big_boards_play_their_own_tables() {
        assert!(MODEL.large_shapes.is_empty());
        assert!(LARGE.large_shapes.len() > 1000);
        assert!(!BIG.large_shapes.is_empty());
        /// A board of `size` with `stones` black stones, row by row.
        fn with_stones(size: u8, stones: usize) -> Board {
            let mut board = Board::new(size);
            for i in 0..stones {
                let (x, y) = ((i % usize::from(size)) as u8, (i / usize::from(size)) as u8);
                board.play_unchecked(Color::Black, Point::from_coords(x, y, size).expect("on"));
            }
            board
        }
        for (size, stones, table) in [
            (7, 0, &LARGE),
            (9, 0, &LARGE),
            (9, 60, &LARGE),
            (12, 0, &LARGE),
            (13, 0, &BIG),
            (13, 100, &BIG),
            (19, 0, &BIG),
            (19, 200, &BIG),
        ] {
            let board = with_stones(size, stones);
            assert!(
                std::ptr::eq(for_position(&board), &**table),
                "{size} {stones}"
            );
        }
        for (size, table) in [
            (9, &MODEL),
            (12, &MODEL),
            (13, &MODEL_BIG),
            (19, &MODEL_BIG),
        ] {
            assert!(std::ptr::eq(for_judging(size), &**table), "{size}");
        }
    }

    #[test]
    fn the_big_boards_judging_table_is_the_model_without_its_lines() {
        assert!(MODEL_BIG.groups[LINE].iter().all(|&g| g == 1.0));
        assert!(MODEL.groups[LINE].iter().any(|&g| g != 1.0));
        let board = Board::new(19);
        for p in [(0, 0), (1, 5), (2, 3), (3, 3), (9, 9)] {
            let p = Point::from_coords(p.0, p.1, 19).expect("on");
            let f = MODEL.features(&board, Color::Black, p, None, None);
            let line = f64::from(MODEL.groups[LINE][usize::from(f.values[LINE])]);
            assert!((MODEL_BIG.strength(&f) * line - MODEL.strength(&f)).abs() < 1e-9);
        }
    }

    #[test]
    fn a_teachers_probabilities_become_the_ratio_of_gammas() {
        // Two candidates told apart only by the capture feature, the
        // capture given 0.75 and the other 0.25 in every position: the
        // fitted model gives them the same 3 to 1.
        let (_, capture) = capture_at_d3();
        let mut quiet = capture;
        quiet.values[CAPTURE] = 0;
        let positions: Vec<Position> = (0..200)
            .map(|_| Position {
                moves: vec![quiet, capture],
                targets: vec![(0, 0.25), (1, 0.75)],
            })
            .collect();
        let model = train(&positions, 30, (MAX_LINES, 0), true);
        assert!(model.spatial.is_empty());
        let ratio = model.strength(&capture) / model.strength(&quiet);
        assert!((ratio - 3.0).abs() < 0.1, "{ratio}");
        assert_eq!(positions[0].top(), 1);
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
    fn the_shipped_table_knows_some_go() {
        let m = &*MODEL;
        assert!(m.shapes.len() > 1000);
        let g = |group: usize, v: usize| m.groups[group][v];
        // Saving a string by capturing, escaping from atari (but not into
        // a ladder), and answering next to the last move are played far
        // more often than not; self-atari of a string far less.
        assert!(g(CAPTURE, 3) > 3.0 * g(CAPTURE, 0));
        assert!(g(ESCAPE, 1) > 2.0 * g(ESCAPE, 0));
        assert!(g(ESCAPE, 2) < g(ESCAPE, 0));
        assert!(g(SELF_ATARI, 2) < 0.2 * g(SELF_ATARI, 0));
        assert!(g(LAST, 1) > 2.0 * g(LAST, 0));
    }
}
