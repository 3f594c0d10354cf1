//! The fast board: stones, strings, liberties, captures and the simple-ko
//! point. It knows nothing of turn order, superko or the end of the game
//! (those are [`crate::rules`]); it is what playouts copy, so it is a plain
//! `Clone` of fixed-size arrays with no heap.
//!
//! Liberties are kept as *pseudo-liberties* (libego, Pachi): for every
//! string the number of (stone, empty neighbour) pairs, their sum and their
//! sum of squares, packed in one word. A string has no liberty iff the
//! count is 0, and all its liberties are one point (atari) iff
//! `count * sumsq == sum * sum` — by Cauchy–Schwarz equality holds only
//! when every term is the same point.
//!
//! Every cell also keeps packed counts of its neighbours by content
//! (libego), so that most eye and suicide tests of a playout are one load,
//! and small exact liberty counts (atari, two liberties, liberties after a
//! move) are computed on demand by walking the string, for the heavy
//! playout policy and the tree's priors.
//!
//! This file is the core: the cells and their bookkeeping, and the string,
//! liberty, suicide and eye queries the rest builds on. Each job on top of
//! it is an `impl Board` in a file of its own, so that a reader looking for
//! one finds it by name: `play` (placing a stone, joining, capturing),
//! `playout` (random moves, the 3x3 code, the playout score), `tactics`
//! (liberties after a move, self-atari, ataris) and `check` (the
//! consistency checker).

mod check;
mod color;
mod diagram;
mod nakade;
mod play;
mod playout;
mod point;
mod tactics;
pub mod zobrist;

pub use color::{ByColor, Color, ColorError};
pub use diagram::DiagramError;
pub use nakade::{vital_point, NAKADE_MAX};
pub use point::{column_letter, Point, Vertex, VertexError, MAX_POINTS, MAX_SIZE, SLOTS, STRIDE};

/// Contents of one cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cell {
    Empty,
    Black,
    White,
    /// Off the board: the border around it.
    Wall,
}

impl Cell {
    #[inline]
    pub const fn stone(c: Color) -> Cell {
        match c {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    /// The stone colour, if this cell holds a stone.
    #[inline]
    pub const fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// The pseudo-liberties of a string, packed in one word so that a
/// liberty gained or lost is one addition: the number of (stone, empty
/// neighbour) pairs, the sum of the point indices of those neighbours
/// and the sum of their squares. A string has at most 1,250 pairs (each
/// empty point and each stone is in four at most, and 625 points share
/// both), indices are below 729: the count fits in 14 bits, the sum in
/// 20 and the sum of squares in 30, so the fields never carry into each
/// other and sums of packed values are packed sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Libs(u64);

impl Libs {
    const SUM_SHIFT: u32 = 30;
    const COUNT_SHIFT: u32 = 50;

    /// One pair whose empty neighbour is the point of index `l`.
    #[inline(always)]
    const fn of(l: u32) -> Libs {
        let l = l as u64;
        Libs((1 << Self::COUNT_SHIFT) | (l << Self::SUM_SHIFT) | (l * l))
    }

    #[inline(always)]
    fn count(self) -> u64 {
        self.0 >> Self::COUNT_SHIFT
    }

    #[inline(always)]
    fn sum(self) -> u64 {
        (self.0 >> Self::SUM_SHIFT) & ((1 << (Self::COUNT_SHIFT - Self::SUM_SHIFT)) - 1)
    }

    #[inline(always)]
    fn sum_of_squares(self) -> u64 {
        self.0 & ((1 << Self::SUM_SHIFT) - 1)
    }

    /// No liberty: every field is zero.
    #[inline(always)]
    fn is_none(self) -> bool {
        self.0 == 0
    }

    /// All the pairs name the point whose single pair is `at`
    /// ([`Libs::of`]). Any value is safe to test: the product wraps.
    #[inline(always)]
    fn all_at(self, at: Libs) -> bool {
        self.0 == self.count().wrapping_mul(at.0)
    }

    /// All the pairs name one point: `count * sumsq == sum * sum`, by
    /// Cauchy–Schwarz equality only when every term is the same. Any
    /// value is safe to test (the [`SINK`] entry's): the products fit.
    #[inline(always)]
    fn one_point(self) -> bool {
        self.count() * self.sum_of_squares() == self.sum() * self.sum()
    }
}

/// Index of a wall cell that no string uses: `head` of every non-stone
/// cell points here, and liberty updates meant for "the string at a
/// neighbour" land here harmlessly when the neighbour is no stone.
const SINK: u16 = 0;

/// [`Board`]'s `ko` when there is no simple-ko point: a wall index, which
/// no point matches.
const NO_KO: u16 = 0;

/// No stone among the neighbours that the packed counts `env` describe
/// (walls aside): the fast path of [`Board::play_unchecked`].
#[inline(always)]
fn no_stone_around(env: u16) -> bool {
    env & (NB_MASK * (NB_BLACK | NB_WHITE)) == 0
}

/// Position of the lowest set bit of a non-empty set over the four
/// neighbours, masked so that indexing with it needs no bounds check.
#[inline(always)]
fn lowest(bits: u32) -> usize {
    bits.trailing_zeros() as usize & 3
}

/// A point index stored in a board array, as an index into the arrays:
/// masked like [`Point::index`], so that no bounds check follows.
#[inline(always)]
fn slot(i: u16) -> usize {
    usize::from(i) & (SLOTS - 1)
}

/// One black neighbour in a packed neighbour count; 4 bits per content.
const NB_BLACK: u16 = 1;
const NB_WHITE: u16 = 1 << 4;
/// One empty neighbour. Walls are not counted: 4 minus the rest.
const NB_EMPTY: u16 = 1 << 8;
const NB_MASK: u16 = 0xf;

/// The packed-count unit of a cell's content.
#[inline]
const fn nb_unit(cell: Cell) -> u16 {
    match cell {
        Cell::Empty => NB_EMPTY,
        Cell::Black => NB_BLACK,
        Cell::White => NB_WHITE,
        Cell::Wall => 0,
    }
}

#[inline]
const fn nb_stone(color: Color) -> u16 {
    match color {
        Color::Black => NB_BLACK,
        Color::White => NB_WHITE,
    }
}

/// What a stone placement removed from the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayEffect {
    /// Opposing stones captured.
    pub captured: u16,
    /// Own stones removed by suicide (the placed stone included).
    pub suicided: u16,
}

/// Up to `N` distinct liberties, from [`Board::liberties_up_to`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Liberties<const N: usize> {
    points: [Point; N],
    len: usize,
}

impl<const N: usize> Liberties<N> {
    #[inline]
    fn push(&mut self, p: Point) {
        self.points[self.len] = p;
        self.len += 1;
    }

    #[inline]
    fn contains(&self, p: Point) -> bool {
        self.points[..self.len].contains(&p)
    }

    /// The liberties found.
    #[inline]
    pub fn as_slice(&self) -> &[Point] {
        &self.points[..self.len]
    }

    /// How many were found (at most `N`).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A Go board of size 2..=25.
///
/// Two boards are equal iff their size and arrangement are equal: the
/// simple-ko point, capture counts and string bookkeeping are ignored.
#[derive(Clone)]
pub struct Board {
    size: u8,
    cells: [Cell; SLOTS],
    /// Next stone of the same string (circular list), for stones only.
    next: [u16; SLOTS],
    /// Head point of the string a stone belongs to; [`SINK`] for empty
    /// and wall cells, so that liberty updates need not test the cell.
    head: [u16; SLOTS],
    /// Pseudo-liberties of each string, at its head point only.
    libs: [Libs; SLOTS],
    /// Number of stones of each string, at its head point only.
    stones: [u16; SLOTS],
    /// The empty points, in no particular order (for random playouts).
    empty: [u16; SLOTS],
    /// Position of each empty point in `empty`.
    empty_pos: [u16; SLOTS],
    /// Neighbour counts by content, packed (see [`NB_EMPTY`]): one load
    /// answers "has an empty neighbour?" and "surrounded by one colour?",
    /// which decide most eye and suicide tests of a playout (libego).
    nbr: [u16; SLOTS],
    /// u32, not u16: a u16 here shared a 4-byte word with `ko`, and the
    /// compiler read that word whole right after a 2-byte store into it,
    /// which defeats store-to-load forwarding (a ~15-cycle stall per move).
    empty_count: u32,
    /// Index of the point where a stone would retake a just-captured
    /// single stone, or [`NO_KO`]. Not an `Option<Point>`: clearing one
    /// writes only its tag, and the next full read of it stalls the same
    /// way; a plain index is read and written whole.
    ko: u16,
    /// Zobrist hash of the arrangement, kept while `hashing`.
    hash: u64,
    /// Off on a playout's board, which no one asks for its hash: the
    /// key loads and their room in the cache cost about 7% of a light
    /// 19x19 playout.
    hashing: bool,
    /// Ing's double hot stones: a two-stone string that just took two or
    /// more stones and has one liberty sets the ko point there too.
    double_hot: bool,
    /// Stones of each colour removed from the board so far (captures and
    /// suicides alike).
    removed: ByColor<u32>,
    /// The Zobrist keys ([`zobrist::table`]), the same for every board.
    keys: &'static zobrist::Keys,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board {{\n{}}}", self.diagram())
    }
}

impl Board {
    /// An empty board.
    ///
    /// # Panics
    /// If `size` is not in 2..=25; callers validate sizes from input first.
    pub fn new(size: u8) -> Board {
        assert!((2..=MAX_SIZE).contains(&size), "board size {size}");
        let mut b = Board {
            size,
            cells: [Cell::Wall; SLOTS],
            next: [0; SLOTS],
            head: [0; SLOTS],
            libs: [Libs::default(); SLOTS],
            stones: [0; SLOTS],
            empty: [0; SLOTS],
            empty_pos: [0; SLOTS],
            nbr: [0; SLOTS],
            empty_count: 0,
            ko: NO_KO,
            hash: 0,
            hashing: true,
            double_hot: false,
            removed: ByColor::default(),
            keys: zobrist::table(),
        };
        for y in 0..size {
            for x in 0..size {
                if let Some(p) = Point::from_coords(x, y, size) {
                    b.cells[p.index()] = Cell::Empty;
                    b.add_empty(p);
                }
            }
        }
        // Wall cells get counts too: updates then never special-case them.
        for i in 0..MAX_POINTS {
            let mut count = 0;
            for j in [i.wrapping_sub(STRIDE), i.wrapping_sub(1), i + 1, i + STRIDE] {
                if j < MAX_POINTS {
                    count += nb_unit(b.cells[j]);
                }
            }
            b.nbr[i] = count;
        }
        b
    }

    /// Makes `self` equal to `src` (bookkeeping included), copying only
    /// the part of the arrays that a board of `src`'s size uses: the cost
    /// grows with the board, not with [`MAX_POINTS`]. A search reuses one
    /// board per thread this way instead of cloning.
    pub fn copy_from(&mut self, src: &Board) {
        if self.size != src.size {
            // Cells past the used prefix would keep the old size's stones.
            *self = src.clone();
            return;
        }
        let n = src.used_len();
        self.cells[..n].copy_from_slice(&src.cells[..n]);
        self.next[..n].copy_from_slice(&src.next[..n]);
        self.head[..n].copy_from_slice(&src.head[..n]);
        self.libs[..n].copy_from_slice(&src.libs[..n]);
        self.stones[..n].copy_from_slice(&src.stones[..n]);
        self.empty_pos[..n].copy_from_slice(&src.empty_pos[..n]);
        self.nbr[..n].copy_from_slice(&src.nbr[..n]);
        let e = src.empty_count();
        self.empty[..e].copy_from_slice(&src.empty[..e]);
        self.empty_count = src.empty_count;
        self.ko = src.ko;
        self.hash = src.hash;
        self.hashing = src.hashing;
        self.double_hot = src.double_hot;
        self.removed = src.removed;
    }

    /// Length of the array prefix holding every point of this board and
    /// the walls around it.
    #[inline]
    fn used_len(&self) -> usize {
        (usize::from(self.size) + 2) * STRIDE
    }

    #[inline]
    pub fn size(&self) -> u8 {
        self.size
    }

    /// All points of the board, bottom row first, left to right.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        let size = self.size;
        (0..size).flat_map(move |y| (0..size).filter_map(move |x| Point::from_coords(x, y, size)))
    }

    #[inline]
    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.cells[p.index()].color()
    }

    #[inline]
    pub fn is_empty_at(&self, p: Point) -> bool {
        self.cells[p.index()] == Cell::Empty
    }

    /// True when no stone is on the board.
    pub fn is_clear(&self) -> bool {
        self.empty_count() == usize::from(self.size) * usize::from(self.size)
    }

    /// Zobrist hash of the arrangement (not of ko or turn).
    #[inline]
    pub fn hash(&self) -> u64 {
        debug_assert!(self.hashing, "hash of a playout board");
        self.hash
    }

    /// Stops keeping the hash, for a board that plays out a game and is
    /// then only scored: [`Board::hash`] is meaningless from here on,
    /// until [`Board::copy_from`] copies a hashed board over it.
    pub fn stop_hashing(&mut self) {
        self.hashing = false;
    }

    /// Under Ing's ko rule the ko point also closes the one liberty of a
    /// two-stone string that just took two or more stones (a double hot
    /// stone, [`crate::rules::ing_ko`]); off by default.
    pub fn set_double_hot(&mut self, on: bool) {
        self.double_hot = on;
    }

    /// The simple-ko point: where a stone may not immediately retake (or,
    /// with [`Board::set_double_hot`], take back a double hot stone).
    #[inline]
    pub fn ko(&self) -> Option<Point> {
        (self.ko != NO_KO).then(|| Point::from_index(slot(self.ko)))
    }

    /// Is `p` the simple-ko point? One compare, for the playout loops.
    #[inline(always)]
    fn is_ko(&self, p: Point) -> bool {
        usize::from(self.ko) == p.index()
    }

    /// Stones of `color` removed from the board so far.
    pub fn removed(&self, color: Color) -> u32 {
        self.removed[color]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empty_count as usize
    }

    /// The `i`-th empty point in the board's internal (unordered) list,
    /// for `i` below [`Board::empty_count`].
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point::from_index(slot(self.empty[i & (SLOTS - 1)]))
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        let cell = Cell::stone(color);
        self.points().filter(|&p| self.cell(p) == cell).count()
    }

    /// A pass: clears the simple-ko point.
    pub fn pass(&mut self) {
        self.ko = NO_KO;
    }

    /// Head point of the string at `p` (which must hold a stone).
    #[inline]
    fn head_of(&self, p: Point) -> usize {
        slot(self.head[p.index()])
    }

    /// Number of empty points next to `p`, from the packed counts: O(1).
    #[inline]
    pub fn empty_neighbors(&self, p: Point) -> u16 {
        (self.nbr[p.index()] / NB_EMPTY) & NB_MASK
    }

    /// Is a stone of `color` next to `p`? From the packed counts: O(1).
    #[inline]
    pub fn touches(&self, p: Point, color: Color) -> bool {
        self.nbr[p.index()] & (NB_MASK * nb_stone(color)) != 0
    }

    /// Does the string at `p` (a stone) surely have `n` liberties or
    /// more, by the packed counts alone? The empty neighbours of `p` are
    /// liberties; and a liberty touches at most four of the string's
    /// stones, so more than `4 * (n - 1)` pseudo-liberties need `n` points.
    /// O(1); `false` means "walk it to know" ([`Board::liberties_up_to`]).
    #[inline]
    pub fn surely_has_liberties(&self, p: Point, n: u64) -> bool {
        u64::from(self.empty_neighbors(p)) >= n
            || self.libs[self.head_of(p)].count() > 4 * n.saturating_sub(1)
    }

    /// Do the stones at `a` and `b` belong to one string?
    #[inline]
    pub fn same_string(&self, a: Point, b: Point) -> bool {
        self.head_of(a) == self.head_of(b)
    }

    /// The stones of the string at `p`, which must hold a stone.
    pub fn string_stones(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        let start = p.index();
        let mut s = start;
        loop {
            out.push(Point::from_index(s));
            s = slot(self.next[s]);
            if s == start {
                break;
            }
        }
        out
    }

    /// The distinct liberties of the string at `p`, which must hold a stone.
    pub fn liberties(&self, p: Point) -> Vec<Point> {
        let mut libs: Vec<Point> = self
            .string_stones(p)
            .into_iter()
            .flat_map(|s| s.neighbors())
            .filter(|&n| self.is_empty_at(n))
            .collect();
        libs.sort_unstable();
        libs.dedup();
        libs
    }

    /// True when the string at `p` (a stone) has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.string_in_atari(self.head_of(p))
    }

    /// One liberty exactly when the pseudo-liberties are one point
    /// repeated.
    #[inline]
    fn string_in_atari(&self, head: usize) -> bool {
        self.libs[head].one_point()
    }

    /// Would a stone of `color` at the empty point `p` have no liberty after
    /// its captures? (Such a move removes its own string.)
    #[inline]
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        self.nbr[p.index()] & (NB_MASK * NB_EMPTY) == 0 && self.is_suicide_crowded(color, p)
    }

    /// [`Board::is_suicide`] for a point without empty neighbours: no own
    /// neighbour string keeps a liberty and no opposing one is captured.
    /// Branch-free, like the neighbour loop of [`Board::play_unchecked`].
    fn is_suicide_crowded(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        let enemy = Cell::stone(!color);
        let mut escape = false;
        let at_p = Libs::of(p.index() as u32);
        for n in p.neighbors() {
            let c = self.cells[n.index()];
            // Walls read the [`SINK`] entry: the cell tests discard it.
            // (No neighbour is empty: the callers checked.) A string
            // next to `p` has `p` among its liberties, so it is in atari
            // when `p` is all of them: one multiplication, not two.
            let atari = self.libs[self.head_of(n)].all_at(at_p);
            escape |= ((c == own) & !atari) | ((c == enemy) & atari);
        }
        !escape
    }

    /// Would a stone of `color` at `p` be a suicide of more than one stone?
    pub fn is_multi_stone_suicide(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        self.is_suicide(color, p) && p.neighbors().iter().any(|&n| self.cell(n) == own)
    }

    /// Is every neighbour of `p` a stone of `color` or the wall: an eye,
    /// true or false?
    #[inline]
    pub fn is_eyelike(&self, p: Point, color: Color) -> bool {
        self.nbr[p.index()] & (NB_MASK * (NB_EMPTY | nb_stone(!color))) == 0
    }

    /// Is `p` a single-point eye of `color`: every neighbour is own or wall,
    /// and the diagonals do not let the opponent cut it into a false eye.
    #[inline]
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        self.is_eyelike(p, color) && self.diagonals_keep_eye(p, color)
    }

    /// The diagonal half of [`Board::is_eye`]: too few opposing stones on
    /// the diagonals to make the eye false.
    fn diagonals_keep_eye(&self, p: Point, color: Color) -> bool {
        let enemy = Cell::stone(!color);
        let mut bad = 0u32;
        let mut edge = 0u32;
        // Branch-free: what lies on a diagonal is a coin toss for the
        // branch predictor. On the edge no opposing diagonal is allowed,
        // in the middle one is: counting the edge as one bad diagonal
        // asks both at once.
        for d in p.diagonals() {
            let c = self.cell(d);
            bad += u32::from(c == enemy);
            edge |= u32::from(c == Cell::Wall);
        }
        bad + edge < 2
    }

    /// Mechanically legal for a playout: empty, not the simple-ko point, and
    /// not a suicide. (Superko is the rules layer's business.)
    #[inline]
    pub fn is_pseudo_legal(&self, color: Color, p: Point) -> bool {
        self.is_empty_at(p) && !self.is_ko(p) && !self.is_suicide(color, p)
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        let i = p.index();
        let n = self.empty_count();
        self.empty[n & (SLOTS - 1)] = i as u16;
        self.empty_pos[i] = n as u16;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let i = slot(self.empty_pos[p.index()]);
        self.empty_count -= 1;
        let last = self.empty[self.empty_count() & (SLOTS - 1)];
        self.empty[i] = last;
        self.empty_pos[slot(last)] = i as u16;
    }

    /// Number of stones in the string at `p` (a stone).
    #[inline]
    pub fn string_size(&self, p: Point) -> usize {
        usize::from(self.stones[self.head_of(p)])
    }

    /// The stones of the string at `p` (a stone), without allocating.
    pub fn stones(&self, p: Point) -> impl Iterator<Item = Point> + '_ {
        let start = p.index();
        let mut s = Some(start);
        std::iter::from_fn(move || {
            let cur = s?;
            let nxt = slot(self.next[cur]);
            s = (nxt != start).then_some(nxt);
            Some(Point::from_index(cur))
        })
    }

    /// The only liberty of the string at `p` (a stone) when it is in atari.
    /// O(1): with one distinct liberty, the pseudo-liberty sum is that
    /// point times the count.
    #[inline]
    pub fn atari_liberty(&self, p: Point) -> Option<Point> {
        let h = self.head_of(p);
        if !self.string_in_atari(h) {
            return None;
        }
        // A string on the board has a liberty, so no division by zero;
        // checked all the same, for a caller passing an empty point.
        let s = self.libs[h];
        let l = s.sum().checked_div(s.count())?;
        Some(Point::from_index(l as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{board, vertex as p};
    use Color::{Black, White};

    #[test]
    fn touches_tells_the_colours_next_to_a_point() {
        let b = board(
            ". X .
             O . .
             . . X",
        );
        assert!(b.touches(p("B2", 3), Black));
        assert!(b.touches(p("B2", 3), White));
        assert!(!b.touches(p("A1", 3), Black));
        assert!(b.touches(p("A1", 3), White));
        assert!(b.touches(p("C2", 3), Black));
        assert!(!b.touches(p("C2", 3), White));
        // A stone's own cell does not count: B3 touches no stone.
        assert!(!b.touches(p("B3", 3), Black));
    }

    #[test]
    fn pseudo_liberties_bound_the_liberties_from_below() {
        // Black: two liberties, each touched four times (8 pairs). White:
        // five liberties, each touched once (5 pairs).
        let b = board(
            "X X X X X
             X . X . X
             X X X X X
             O O O O O
             . . . . .",
        );
        let black = p("A5", 5);
        assert!(b.surely_has_liberties(black, 2));
        assert!(!b.surely_has_liberties(black, 3));
        let white = p("A2", 5);
        assert!(b.surely_has_liberties(white, 2));
        // Five liberties, but five pairs could be two points: unknown.
        assert!(!b.surely_has_liberties(white, 3));
        assert!(b.surely_has_liberties(white, 0));
    }

    #[test]
    fn eyes() {
        let b = board(
            ". X . X .
             X X X X X
             . . . . .
             . . . . .
             . . . . .",
        );
        assert!(b.is_eye(p("A5", 5), Black));
        assert!(b.is_eye(p("C5", 5), Black));
        assert!(!b.is_eye(p("C5", 5), White));
        assert!(!b.is_eye(p("C3", 5), Black));
        let b = board(
            ". X . .
             X . X .
             O X . .
             . . . .",
        );
        // B3: diagonal A2 is White and the eye is on no edge: one bad
        // diagonal is allowed in the middle, but B3 touches no wall.
        assert!(b.is_eye(p("B3", 4), Black));
        let b = board(
            ". X O .
             X . X .
             . X O .
             . . . .",
        );
        assert!(!b.is_eye(p("B3", 4), Black));
    }

    /// The largest pseudo-liberty sets a string can have (1,250 pairs,
    /// at the highest index) still unpack field by field.
    #[test]
    fn packed_liberties_do_not_carry() {
        let top = (MAX_POINTS - 1) as u64;
        let mut libs = Libs::default();
        for _ in 0..1250 {
            libs.0 += Libs::of(top as u32).0;
        }
        assert_eq!(libs.count(), 1250);
        assert_eq!(libs.sum(), 1250 * top);
        assert_eq!(libs.sum_of_squares(), 1250 * top * top);
        assert!(libs.one_point());
        libs.0 += Libs::of(1).0;
        assert_eq!((libs.count(), libs.sum()), (1251, 1250 * top + 1));
        assert!(!libs.one_point());
        for _ in 0..1251 {
            libs.0 -= Libs::of(if libs.count() == 1 { 1 } else { top as u32 }).0;
        }
        assert!(libs.is_none());
    }

    #[test]
    fn copy_from_equals_clone() {
        use rand::{rngs::SmallRng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(11);
        let mut scratch = Board::new(19);
        for size in [19u8, 9, 9, 25, 2, 13] {
            let mut b = Board::new(size);
            let mut color = Black;
            for _ in 0..(size as usize * size as usize) {
                b.play_random(color, &mut rng);
                color = !color;
            }
            scratch.copy_from(&b);
            assert_eq!(scratch, b);
            assert_eq!(scratch.hash(), b.hash());
            assert_eq!(scratch.ko(), b.ko());
            assert_eq!(scratch.empty_count(), b.empty_count());
            scratch.check_consistency().expect("consistent");
            // Both boards go on the same way, also when the copy no
            // longer keeps its hash (a playout's board).
            let mut twin = b.clone();
            let mut r1 = SmallRng::seed_from_u64(size as u64);
            let mut r2 = SmallRng::seed_from_u64(size as u64);
            scratch.stop_hashing();
            for _ in 0..50 {
                assert_eq!(
                    scratch.play_random(color, &mut r1),
                    twin.play_random(color, &mut r2)
                );
                color = !color;
            }
            assert_eq!(scratch, twin);
            scratch.check_consistency().expect("consistent");
            // A copy of a hashed board keeps its hash again.
            scratch.copy_from(&twin);
            for _ in 0..20 {
                scratch.play_random(color, &mut r1);
                twin.play_random(color, &mut r2);
                color = !color;
            }
            assert_eq!(scratch.hash(), twin.hash());
            scratch.check_consistency().expect("consistent");
        }
    }

    /// The positions of random games on every size from 2 to 25, each
    /// with its move number: one seed, so that the brute-force tests of
    /// every job (tactics, scoring, consistency) check the same games.
    pub(super) fn random_games(mut visit: impl FnMut(&Board, usize)) {
        use rand::{rngs::SmallRng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        for size in 2u8..=25 {
            let mut b = Board::new(size);
            let mut color = Black;
            for i in 0..(size as usize * size as usize * 2) {
                b.play_random(color, &mut rng);
                visit(&b, i);
                color = !color;
            }
        }
    }
}
