//! The fast board: stones, strings, liberties, captures and the simple-ko
//! point. It knows nothing of turn order, superko or the end of the game
//! (those are [`crate::rules`]); it is what playouts copy, so it is a plain
//! `Clone` of fixed-size arrays with no heap.
//!
//! Liberties are kept as *pseudo-liberties* (libego, Pachi): for every
//! string the number of (stone, empty neighbour) pairs, their sum and their
//! sum of squares. A string has no liberty iff the count is 0, and all its
//! liberties are one point (atari) iff `count * sumsq == sum * sum` — by
//! Cauchy–Schwarz equality holds only when every term is the same point.

mod color;
mod diagram;
mod point;
pub mod zobrist;

pub use color::{ByColor, Color, ColorError};
pub use diagram::DiagramError;
pub use point::{column_letter, Point, Vertex, VertexError, MAX_POINTS, MAX_SIZE, STRIDE};

use rand::Rng;

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

/// Per-string data, valid at the string's head point only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct StringInfo {
    stones: u16,
    /// Number of (stone, empty neighbour) pairs.
    plibs: u16,
    /// Sum of the point indices of those empty neighbours.
    lib_sum: u32,
    /// Sum of their squares (indices < 729, so < 2^20 each; a string has
    /// fewer than 2^11 pairs, so this fits in u32).
    lib_sumsq: u32,
}

/// What a stone placement removed from the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayEffect {
    /// Opposing stones captured.
    pub captured: u16,
    /// Own stones removed by suicide (the placed stone included).
    pub suicided: u16,
}

/// A Go board of size 2..=25.
///
/// Two boards are equal iff their size and arrangement are equal: the
/// simple-ko point, capture counts and string bookkeeping are ignored.
#[derive(Clone)]
pub struct Board {
    size: u8,
    cells: [Cell; MAX_POINTS],
    /// Next stone of the same string (circular list), for stones only.
    next: [u16; MAX_POINTS],
    /// Head point of the string a stone belongs to.
    head: [u16; MAX_POINTS],
    strings: [StringInfo; MAX_POINTS],
    /// The empty points, in no particular order (for random playouts).
    empty: [u16; MAX_POINTS],
    /// Position of each empty point in `empty`.
    empty_pos: [u16; MAX_POINTS],
    empty_count: u16,
    /// Point where a stone would retake a just-captured single stone.
    ko: Option<Point>,
    /// Zobrist hash of the arrangement.
    hash: u64,
    /// Stones of each colour removed from the board so far (captures and
    /// suicides alike).
    removed: ByColor<u32>,
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
            cells: [Cell::Wall; MAX_POINTS],
            next: [0; MAX_POINTS],
            head: [0; MAX_POINTS],
            strings: [StringInfo::default(); MAX_POINTS],
            empty: [0; MAX_POINTS],
            empty_pos: [0; MAX_POINTS],
            empty_count: 0,
            ko: None,
            hash: 0,
            removed: ByColor::default(),
        };
        for y in 0..size {
            for x in 0..size {
                if let Some(p) = Point::from_coords(x, y, size) {
                    b.cells[p.index()] = Cell::Empty;
                    b.add_empty(p);
                }
            }
        }
        b
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
        usize::from(self.empty_count) == usize::from(self.size) * usize::from(self.size)
    }

    /// Zobrist hash of the arrangement (not of ko or turn).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point: where a stone may not immediately retake.
    #[inline]
    pub fn ko(&self) -> Option<Point> {
        self.ko
    }

    /// Stones of `color` removed from the board so far.
    pub fn removed(&self, color: Color) -> u32 {
        self.removed[color]
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        usize::from(self.empty_count)
    }

    /// The `i`-th empty point in the board's internal (unordered) list.
    #[inline]
    pub fn empty_point(&self, i: usize) -> Point {
        Point::from_index(usize::from(self.empty[i]))
    }

    /// Number of stones of `color` on the board.
    pub fn stone_count(&self, color: Color) -> usize {
        let cell = Cell::stone(color);
        self.points().filter(|&p| self.cell(p) == cell).count()
    }

    /// A pass: clears the simple-ko point.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Head point of the string at `p` (which must hold a stone).
    #[inline]
    fn head_of(&self, p: Point) -> usize {
        usize::from(self.head[p.index()])
    }

    /// The stones of the string at `p`, which must hold a stone.
    pub fn string_stones(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        let start = p.index();
        let mut s = start;
        loop {
            out.push(Point::from_index(s));
            s = usize::from(self.next[s]);
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
        let s = &self.strings[self.head_of(p)];
        u64::from(s.plibs) * u64::from(s.lib_sumsq) == u64::from(s.lib_sum) * u64::from(s.lib_sum)
    }

    /// Would a stone of `color` at the empty point `p` have no liberty after
    /// its captures? (Such a move removes its own string.)
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        for n in p.neighbors() {
            match self.cell(n) {
                Cell::Empty => return false,
                Cell::Wall => {}
                c if c == own => {
                    if !self.in_atari(n) {
                        return false;
                    }
                }
                _ => {
                    if self.in_atari(n) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Would a stone of `color` at `p` be a suicide of more than one stone?
    pub fn is_multi_stone_suicide(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        self.is_suicide(color, p) && p.neighbors().iter().any(|&n| self.cell(n) == own)
    }

    /// Is `p` a single-point eye of `color`: every neighbour is own or wall,
    /// and the diagonals do not let the opponent cut it into a false eye.
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        let own = Cell::stone(color);
        if p.neighbors()
            .iter()
            .any(|&n| !matches!(self.cell(n), c if c == own || c == Cell::Wall))
        {
            return false;
        }
        let enemy = Cell::stone(!color);
        let mut bad = 0;
        let mut edge = false;
        for d in p.diagonals() {
            match self.cell(d) {
                Cell::Wall => edge = true,
                c if c == enemy => bad += 1,
                _ => {}
            }
        }
        if edge {
            bad == 0
        } else {
            bad < 2
        }
    }

    /// Mechanically legal for a playout: empty, not the simple-ko point, and
    /// not a suicide. (Superko is the rules layer's business.)
    #[inline]
    pub fn is_pseudo_legal(&self, color: Color, p: Point) -> bool {
        self.is_empty_at(p) && self.ko != Some(p) && !self.is_suicide(color, p)
    }

    /// Places a stone of `color` on the empty point `p`, removes opposing
    /// strings left without liberties, then the own string if it has none.
    /// Ko and superko are not checked.
    ///
    /// # Panics
    /// In debug builds, if `p` is not empty.
    pub fn play_unchecked(&mut self, color: Color, p: Point) -> PlayEffect {
        debug_assert!(self.is_empty_at(p), "play on occupied {p:?}");
        let own = Cell::stone(color);
        let enemy = Cell::stone(!color);
        let pi = p.index();
        self.ko = None;
        self.cells[pi] = own;
        self.remove_empty(p);
        self.hash ^= zobrist::stone_key(p, color);
        self.head[pi] = pi as u16;
        self.next[pi] = pi as u16;
        self.strings[pi] = StringInfo {
            stones: 1,
            ..StringInfo::default()
        };
        for n in p.neighbors() {
            match self.cell(n) {
                Cell::Empty => self.add_lib(pi, n),
                Cell::Wall => {}
                _ => {
                    let h = self.head_of(n);
                    self.sub_lib(h, p);
                }
            }
        }
        for n in p.neighbors() {
            if self.cell(n) == own {
                let (a, b) = (self.head_of(p), self.head_of(n));
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        let mut effect = PlayEffect::default();
        let mut captured_at = p;
        for n in p.neighbors() {
            if self.cell(n) == enemy && self.strings[self.head_of(n)].plibs == 0 {
                effect.captured += self.remove_string(n);
                captured_at = n;
            }
        }
        let h = self.head_of(p);
        if self.strings[h].plibs == 0 {
            effect.suicided = self.remove_string(p);
        } else if effect.captured == 1 && self.strings[h].stones == 1 && self.strings[h].plibs == 1
        {
            self.ko = Some(captured_at);
        }
        effect
    }

    #[inline]
    fn add_lib(&mut self, head: usize, lib: Point) {
        let l = lib.index() as u32;
        let s = &mut self.strings[head];
        s.plibs += 1;
        s.lib_sum += l;
        s.lib_sumsq += l * l;
    }

    #[inline]
    fn sub_lib(&mut self, head: usize, lib: Point) {
        let l = lib.index() as u32;
        let s = &mut self.strings[head];
        s.plibs -= 1;
        s.lib_sum -= l;
        s.lib_sumsq -= l * l;
    }

    /// Joins two strings; the larger one's head survives.
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.strings[a].stones >= self.strings[b].stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = usize::from(self.next[s]);
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        let add = self.strings[small];
        let t = &mut self.strings[big];
        t.stones += add.stones;
        t.plibs += add.plibs;
        t.lib_sum += add.lib_sum;
        t.lib_sumsq += add.lib_sumsq;
    }

    /// Removes the string at `p` and returns how many stones it had.
    fn remove_string(&mut self, p: Point) -> u16 {
        let start = p.index();
        let color = self.cells[start].color();
        let Some(color) = color else { return 0 };
        let mut count = 0u16;
        let mut s = start;
        loop {
            let sp = Point::from_index(s);
            self.cells[s] = Cell::Empty;
            self.add_empty(sp);
            self.hash ^= zobrist::stone_key(sp, color);
            count += 1;
            s = usize::from(self.next[s]);
            if s == start {
                break;
            }
        }
        // Only now that every stone is gone can neighbours gain liberties
        // without crediting the dying string itself.
        loop {
            let sp = Point::from_index(s);
            for n in sp.neighbors() {
                if self.cells[n.index()].color().is_some() {
                    let h = self.head_of(n);
                    self.add_lib(h, sp);
                }
            }
            s = usize::from(self.next[s]);
            if s == start {
                break;
            }
        }
        self.removed[color] += u32::from(count);
        count
    }

    #[inline]
    fn add_empty(&mut self, p: Point) {
        let i = p.index();
        self.empty[usize::from(self.empty_count)] = i as u16;
        self.empty_pos[i] = self.empty_count;
        self.empty_count += 1;
    }

    #[inline]
    fn remove_empty(&mut self, p: Point) {
        let i = usize::from(self.empty_pos[p.index()]);
        self.empty_count -= 1;
        let last = self.empty[usize::from(self.empty_count)];
        self.empty[i] = last;
        self.empty_pos[usize::from(last)] = i as u16;
    }

    /// Removes the strings at the given points (agreed dead stones). Not a
    /// capture: the removed counts are left alone.
    pub fn remove_strings(&mut self, points: &[Point]) {
        for &p in points {
            if let Some(c) = self.color_at(p) {
                let n = self.remove_string(p);
                self.removed[c] -= u32::from(n);
            }
        }
        self.ko = None;
    }

    /// Plays a uniformly random move for `color` among the points that are
    /// mechanically legal and do not fill one of its own eyes; passes when
    /// there is none. Returns the point played.
    pub fn play_random<R: Rng + ?Sized>(&mut self, color: Color, rng: &mut R) -> Option<Point> {
        self.play_random_where(color, rng, |_, _| true)
    }

    /// Like [`Board::play_random`], among the points `accept` also allows
    /// (a playout policy's extra filter).
    #[inline]
    pub fn play_random_where<R, F>(&mut self, color: Color, rng: &mut R, accept: F) -> Option<Point>
    where
        R: Rng + ?Sized,
        F: Fn(&Board, Point) -> bool,
    {
        let n = self.empty_count();
        if n == 0 {
            self.pass();
            return None;
        }
        let start = rng.random_range(0..n);
        for i in 0..n {
            let p = self.empty_point((start + i) % n);
            if self.ko != Some(p)
                && !self.is_eye(p, color)
                && !self.is_suicide(color, p)
                && accept(self, p)
            {
                self.play_unchecked(color, p);
                return Some(p);
            }
        }
        self.pass();
        None
    }

    /// Would a stone of `color` at the empty point `p` join own stones into
    /// a string with a single liberty, capturing nothing? A lone stone in
    /// atari (a throw-in) does not count: it is often the right move.
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        let own = Cell::stone(color);
        let mut libs = [p; 2];
        let mut found = 0;
        let mut add = |l: Point, libs: &mut [Point; 2]| {
            if l != p && (found == 0 || (found == 1 && libs[0] != l)) {
                libs[found] = l;
                found += 1;
            }
            found >= 2
        };
        let mut joins = [0usize; 4];
        let mut joined = 0;
        for n in p.neighbors() {
            match self.cell(n) {
                Cell::Empty => {
                    if add(n, &mut libs) {
                        return false;
                    }
                }
                Cell::Wall => {}
                c if c == own => {
                    let h = self.head_of(n);
                    if !joins[..joined].contains(&h) {
                        joins[joined] = h;
                        joined += 1;
                    }
                }
                // Capturing makes liberties.
                _ => {
                    if self.in_atari(n) {
                        return false;
                    }
                }
            }
        }
        if joined == 0 {
            return false;
        }
        for &h in &joins[..joined] {
            let start = h;
            let mut s = start;
            loop {
                for l in Point::from_index(s).neighbors() {
                    if self.is_empty_at(l) && add(l, &mut libs) {
                        return false;
                    }
                }
                s = usize::from(self.next[s]);
                if s == start {
                    break;
                }
            }
        }
        // No liberty at all is suicide, not atari.
        found == 1
    }

    /// Recomputes every derived structure from the cells and compares.
    ///
    /// # Errors
    /// A description of the first inconsistency found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let mut hash = 0u64;
        let mut empties = 0usize;
        for p in self.points() {
            match self.cell(p) {
                Cell::Empty => {
                    empties += 1;
                    let i = usize::from(self.empty_pos[p.index()]);
                    if i >= self.empty_count() || usize::from(self.empty[i]) != p.index() {
                        return Err(format!("empty list misses {}", p.vertex()));
                    }
                }
                Cell::Wall => return Err(format!("wall on board at {}", p.vertex())),
                c => {
                    let color = c.color().ok_or("stone without colour")?;
                    hash ^= zobrist::stone_key(p, color);
                    // Flood fill the string and compare with the lists.
                    let mut stones = vec![p];
                    let mut i = 0;
                    while i < stones.len() {
                        for n in stones[i].neighbors() {
                            if self.cell(n) == c && !stones.contains(&n) {
                                stones.push(n);
                            }
                        }
                        i += 1;
                    }
                    let mut listed = self.string_stones(p);
                    listed.sort_unstable();
                    stones.sort_unstable();
                    if listed != stones {
                        return Err(format!("string list wrong at {}", p.vertex()));
                    }
                    let h = self.head_of(p);
                    if stones.iter().any(|&s| self.head_of(s) != h) {
                        return Err(format!("heads differ in string at {}", p.vertex()));
                    }
                    let mut want = StringInfo {
                        stones: stones.len() as u16,
                        ..StringInfo::default()
                    };
                    for s in &stones {
                        for n in s.neighbors() {
                            if self.is_empty_at(n) {
                                let l = n.index() as u32;
                                want.plibs += 1;
                                want.lib_sum += l;
                                want.lib_sumsq += l * l;
                            }
                        }
                    }
                    if self.strings[h] != want {
                        return Err(format!("string data wrong at {}", p.vertex()));
                    }
                    if want.plibs == 0 {
                        return Err(format!("string without liberties at {}", p.vertex()));
                    }
                    if self.in_atari(p) != (self.liberties(p).len() == 1) {
                        return Err(format!("atari test wrong at {}", p.vertex()));
                    }
                }
            }
        }
        if empties != self.empty_count() {
            return Err("empty count wrong".into());
        }
        if hash != self.hash {
            return Err("hash differs from recomputed hash".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn p(s: &str, size: u8) -> Point {
        Point::parse(s, size).expect("vertex")
    }

    fn board(d: &str) -> Board {
        d.parse().expect("diagram")
    }

    #[test]
    fn captures_a_single_stone_and_sets_ko() {
        let mut b = board(
            ". X O .
             X O . O
             . X O .
             . . . .",
        );
        let e = b.play_unchecked(Black, p("C3", 4));
        assert_eq!(
            e,
            PlayEffect {
                captured: 1,
                suicided: 0
            }
        );
        assert_eq!(b.color_at(p("B3", 4)), None);
        assert_eq!(b.ko(), Some(p("B3", 4)));
        assert_eq!(b.removed(White), 1);
        b.check_consistency().expect("consistent");
        // White may not retake at once on the bare board level.
        assert!(!b.is_pseudo_legal(White, p("B3", 4)));
        b.pass();
        assert!(b.is_pseudo_legal(White, p("B3", 4)));
    }

    #[test]
    fn captures_a_string_in_the_corner() {
        // The white pair A4-B4 would have no liberty: the diagram reader
        // refuses such a set-up instead of silently removing it.
        assert!("O O X .
                 X X . .
                 . . . .
                 . . . ."
            .parse::<Board>()
            .is_err());
        let mut b = board(
            ". O X .
             X X . .
             . . . .
             . . . .",
        );
        let e = b.play_unchecked(Black, p("A4", 4));
        assert_eq!(e.captured, 1);
        assert_eq!(b.color_at(p("B4", 4)), None);
        assert_eq!(b.ko(), None, "the capturing stone has two liberties");
        b.check_consistency().expect("consistent");
    }

    #[test]
    fn single_and_multi_stone_suicide() {
        let mut b = board(
            ". X .
             X . .
             . . .",
        );
        assert!(b.is_suicide(White, p("A3", 3)));
        assert!(!b.is_multi_stone_suicide(White, p("A3", 3)));
        let e = b.play_unchecked(White, p("A3", 3));
        assert_eq!(
            e,
            PlayEffect {
                captured: 0,
                suicided: 1
            }
        );
        assert_eq!(b.removed(White), 1);
        b.check_consistency().expect("consistent");

        let mut b = board(
            "O . X .
             X X X .
             . . . .
             . . . .",
        );
        assert!(b.is_multi_stone_suicide(White, p("B4", 4)));
        let e = b.play_unchecked(White, p("B4", 4));
        assert_eq!(
            e,
            PlayEffect {
                captured: 0,
                suicided: 2
            }
        );
        assert!(b.is_empty_at(p("A4", 4)) && b.is_empty_at(p("B4", 4)));
        b.check_consistency().expect("consistent");
    }

    #[test]
    fn capture_beats_suicide() {
        let mut b = board(
            ". X O .
             X O . .
             O . . .
             . . . .",
        );
        // For White, A4 captures both black stones; for Black it would join
        // them into a string with no liberty at all.
        assert!(!b.is_suicide(White, p("A4", 4)));
        assert!(b.is_multi_stone_suicide(Black, p("A4", 4)));
        let e = b.play_unchecked(White, p("A4", 4));
        assert_eq!(e.captured, 2);
        b.check_consistency().expect("consistent");
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

    #[test]
    fn self_atari() {
        let b = board(
            ". . X O .
             X X X O .
             O O O O .
             . . . . .
             . . . . .",
        );
        // Black's string A4-C4-C5 has liberties A5 and B5; filling one
        // leaves the other: self-atari of a string, refused.
        assert!(b.is_self_atari(Color::Black, p("B5", 5)));
        assert!(b.is_self_atari(Color::Black, p("A5", 5)));
        // A lone White stone at B5 is in atari but only a throw-in.
        assert!(!b.is_self_atari(Color::White, p("B5", 5)));
        // Open points are never self-atari.
        assert!(!b.is_self_atari(Color::Black, p("C2", 5)));
    }

    /// The definition, checked by playing the move on a copy.
    fn assert_self_atari_matches_brute_force(b: &Board) {
        for c in Color::ALL {
            for q in b.points().filter(|&q| b.is_empty_at(q)) {
                let mut after = b.clone();
                let effect = after.play_unchecked(c, q);
                let want = effect.captured == 0
                    && effect.suicided == 0
                    && after.string_stones(q).len() >= 2
                    && after.liberties(q).len() == 1;
                assert_eq!(b.is_self_atari(c, q), want, "{c:?} {}\n{b:?}", q.vertex());
            }
        }
    }

    #[test]
    fn random_games_stay_consistent() {
        use rand::{rngs::SmallRng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        for size in [2u8, 3, 5, 9, 13, 19, 25] {
            let mut b = Board::new(size);
            let mut color = Black;
            for i in 0..(size as usize * size as usize * 2) {
                b.play_random(color, &mut rng);
                if size <= 9 || i % 37 == 0 {
                    b.check_consistency().expect("consistent");
                }
                if size <= 5 {
                    assert_self_atari_matches_brute_force(&b);
                }
                color = !color;
            }
        }
    }
}
