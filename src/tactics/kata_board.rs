//! A plain board with KataGo's move semantics (captures, suicide, its
//! simple-ko point), the reference on which a network's input features
//! are read: the ladder reader and the pass-alive area work on it.
//!
//! Points are KataGo's locations: `(x + 1) + (y + 1) * (n + 1)` with `y = 0`
//! the top row, one shared wall column, and the neighbours in KataGo's order
//! (up, left, right, down). Liberties are counted by flood fill on demand.
//!
//! Each chain also keeps KataGo's circular list of its stones
//! (`next_in_chain`), built by the same merges on play and the same
//! rebuilds on undo: the ladder reader tries moves in the order that list
//! gives, and in rare positions that order decides its answer.

/// An empty point.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Off the board.
pub const WALL: u8 = 3;

/// The other player (`BLACK` <-> `WHITE`).
#[inline]
pub fn opp(c: u8) -> u8 {
    3 - c
}

/// A board of size `n` x `n` (2..=19) with KataGo's semantics. Two boards
/// are equal when their stones and ko points are.
#[derive(Clone, Debug)]
pub struct KBoard {
    n: usize,
    colors: Vec<u8>,
    /// The simple-ko point: where the player to move may not play.
    pub ko: Option<usize>,
    /// KataGo's `chain_head`, `next_in_chain` and, at a head, the number
    /// of stones of its chain.
    head: Vec<usize>,
    next: Vec<usize>,
    count: Vec<usize>,
}

impl PartialEq for KBoard {
    fn eq(&self, o: &KBoard) -> bool {
        self.n == o.n && self.colors == o.colors && self.ko == o.ko
    }
}

impl Eq for KBoard {}

/// What undoing a stone needs: KataGo's `MoveRecord`.
#[derive(Clone, Copy, Debug)]
pub struct MoveRecord {
    loc: usize,
    pla: u8,
    ko: Option<usize>,
    /// Bit i: the neighbour in direction i was captured.
    captured: u8,
}

/// A chain: its stones and its liberties, in flood-fill order from the
/// point asked about.
#[derive(Clone, Debug, Default)]
pub struct Chain {
    pub stones: Vec<usize>,
    pub libs: Vec<usize>,
}

impl KBoard {
    /// An empty board of `n` x `n`.
    ///
    /// # Panics
    /// If `n` is not in 2..=19.
    /// A board from rows (top first): `X` black, `O` white, `.` empty;
    /// for tests.
    #[cfg(test)]
    pub fn from_rows(rows: &[&str]) -> KBoard {
        let mut b = KBoard::new(rows.len());
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let c = match ch {
                    'X' => BLACK,
                    'O' => WHITE,
                    _ => continue,
                };
                let l = b.loc(x, y);
                b.set(l, c);
            }
        }
        b
    }

    pub fn new(n: usize) -> KBoard {
        assert!((2..=19).contains(&n), "board size {n} out of 2..=19");
        let len = (n + 1) * (n + 2) + 1;
        let mut colors = vec![WALL; len];
        for y in 0..n {
            for x in 0..n {
                colors[(x + 1) + (y + 1) * (n + 1)] = EMPTY;
            }
        }
        KBoard {
            n,
            head: vec![0; len],
            next: vec![0; len],
            count: vec![0; len],
            colors,
            ko: None,
        }
    }

    pub fn size(&self) -> usize {
        self.n
    }

    /// The location of column `x` and row `y` (0 = top).
    #[inline]
    pub fn loc(&self, x: usize, y: usize) -> usize {
        (x + 1) + (y + 1) * (self.n + 1)
    }

    /// Column and row (0 = top) of an on-board location.
    #[inline]
    pub fn xy(&self, loc: usize) -> (usize, usize) {
        (loc % (self.n + 1) - 1, loc / (self.n + 1) - 1)
    }

    /// Every on-board location, row by row from the top.
    pub fn locs(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).flat_map(move |y| (0..self.n).map(move |x| self.loc(x, y)))
    }

    /// Length of the per-location arrays.
    pub fn arr_len(&self) -> usize {
        self.colors.len()
    }

    #[inline]
    pub fn color(&self, loc: usize) -> u8 {
        self.colors[loc]
    }

    /// The four neighbours in KataGo's order: up, left, right, down.
    #[inline]
    pub fn adj(&self, loc: usize) -> [usize; 4] {
        let s = self.n + 1;
        [loc - s, loc - 1, loc + 1, loc + s]
    }

    /// Puts a set-up stone on the empty `loc`, joining its neighbours of
    /// the same colour and capturing nothing (the set-up must leave every
    /// chain a liberty).
    pub fn set(&mut self, loc: usize, c: u8) {
        self.place(loc, c);
    }

    /// A new stone at `loc`, merged into its neighbours' chains the way
    /// KataGo's `playMoveAssumeLegal` and `mergeChains` do: neighbours in
    /// order, the smaller chain's list spliced in after the larger's head.
    fn place(&mut self, loc: usize, pla: u8) {
        self.colors[loc] = pla;
        self.head[loc] = loc;
        self.next[loc] = loc;
        self.count[loc] = 1;
        for a in self.adj(loc) {
            if self.colors[a] == pla && self.head[a] != self.head[loc] {
                let (mut h1, mut h2) = (self.head[a], self.head[loc]);
                if self.count[h1] < self.count[h2] {
                    std::mem::swap(&mut h1, &mut h2);
                }
                self.count[h1] += self.count[h2];
                let mut cur = h2;
                loop {
                    self.head[cur] = h1;
                    if self.next[cur] == h2 {
                        break;
                    }
                    cur = self.next[cur];
                }
                self.next[cur] = self.next[h1];
                self.next[h1] = h2;
            }
        }
    }

    /// The stones of the chain at `loc` in KataGo's list order from `loc`.
    pub fn chain_order(&self, loc: usize) -> Vec<usize> {
        let mut out = vec![loc];
        let mut cur = self.next[loc];
        while cur != loc {
            out.push(cur);
            cur = self.next[cur];
        }
        out
    }

    /// KataGo's `findLiberties`: the liberties of the chain at `loc`, in
    /// its list order, appended to `list` unless already there.
    pub fn find_liberties(&self, loc: usize, list: &mut Vec<usize>) {
        for s in self.chain_order(loc) {
            for a in self.adj(s) {
                if self.colors[a] == EMPTY && !list.contains(&a) {
                    list.push(a);
                }
            }
        }
    }

    /// The chain at `loc` (a stone): stones and liberties.
    pub fn chain(&self, loc: usize) -> Chain {
        let c = self.colors[loc];
        let mut seen = vec![false; self.colors.len()];
        let mut lib_seen = vec![false; self.colors.len()];
        let mut out = Chain::default();
        let mut stack = vec![loc];
        seen[loc] = true;
        while let Some(p) = stack.pop() {
            out.stones.push(p);
            for a in self.adj(p) {
                let ca = self.colors[a];
                if ca == c && !seen[a] {
                    seen[a] = true;
                    stack.push(a);
                } else if ca == EMPTY && !lib_seen[a] {
                    lib_seen[a] = true;
                    out.libs.push(a);
                }
            }
        }
        out
    }

    /// Liberties of the chain at `loc`, counted up to `cap` (stops early).
    pub fn libs_upto(&self, loc: usize, cap: usize) -> usize {
        let c = self.colors[loc];
        let mut seen = vec![false; self.colors.len()];
        let mut stack = vec![loc];
        let mut libs = 0;
        seen[loc] = true;
        while let Some(p) = stack.pop() {
            for a in self.adj(p) {
                if seen[a] {
                    continue;
                }
                let ca = self.colors[a];
                if ca == c {
                    seen[a] = true;
                    stack.push(a);
                } else if ca == EMPTY {
                    seen[a] = true;
                    libs += 1;
                    if libs >= cap {
                        return libs;
                    }
                }
            }
        }
        libs
    }

    /// Liberties of the chain at `loc` (a stone).
    pub fn libs(&self, loc: usize) -> usize {
        self.libs_upto(loc, usize::MAX)
    }

    /// Would `pla` at the empty `loc` capture nothing and keep no liberty?
    pub fn is_suicide(&self, loc: usize, pla: u8) -> bool {
        self.is_illegal_suicide(loc, pla, false)
    }

    /// Is `pla` at `loc` a suicide the rules forbid? With
    /// `multi_stone_legal`, only a lone stone's suicide is.
    pub fn is_illegal_suicide(&self, loc: usize, pla: u8, multi_stone_legal: bool) -> bool {
        for a in self.adj(loc) {
            let c = self.colors[a];
            if c == EMPTY {
                return false;
            } else if c == pla {
                if multi_stone_legal || self.libs_upto(a, 2) > 1 {
                    return false;
                }
            } else if c == opp(pla) && self.libs_upto(a, 2) == 1 {
                return false;
            }
        }
        true
    }

    /// KataGo's `isLegal`: empty, not the ko point, not a forbidden suicide.
    pub fn is_legal(&self, loc: usize, pla: u8, multi_stone_legal: bool) -> bool {
        self.colors[loc] == EMPTY
            && self.ko != Some(loc)
            && !self.is_illegal_suicide(loc, pla, multi_stone_legal)
    }

    /// A pass: clears the ko point.
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Plays `pla` at the empty `loc` with no legality check: captures
    /// opponent chains left without liberties, then removes the played
    /// chain if it has none (suicide), and sets the ko point when one
    /// lone stone took exactly one stone and has one liberty.
    pub fn play(&mut self, loc: usize, pla: u8) {
        self.play_recorded(loc, pla);
    }

    /// [`KBoard::play`], returning what [`KBoard::undo`] needs.
    pub fn play_recorded(&mut self, loc: usize, pla: u8) -> MoveRecord {
        let o = opp(pla);
        let mut record = MoveRecord {
            loc,
            pla,
            ko: self.ko,
            captured: 0,
        };
        for (i, a) in self.adj(loc).into_iter().enumerate() {
            if self.colors[a] == o && self.libs_upto(a, 2) == 1 {
                record.captured |= 1 << i;
            }
        }
        self.place(loc, pla);
        let mut captured = 0;
        let mut possible_ko = None;
        for a in self.adj(loc) {
            if self.colors[a] == o && self.libs_upto(a, 1) == 0 {
                let stones = self.chain_order(a);
                captured += stones.len();
                for s in stones {
                    self.colors[s] = EMPTY;
                }
                possible_ko = Some(a);
            }
        }
        self.ko = None;
        if captured == 1 && self.count[self.head[loc]] == 1 && self.libs_upto(loc, 2) == 1 {
            self.ko = possible_ko;
        }
        if self.libs_upto(loc, 1) == 0 {
            for s in self.chain_order(loc) {
                self.colors[s] = EMPTY;
            }
        }
        record
    }

    /// KataGo's `Board::undo` of a stone that was no suicide: the captured
    /// chains come back (flood-filled, KataGo's `addChain`), the stone
    /// goes, and its chain's list is cut or rebuilt as KataGo does (the
    /// list order after an undo is KataGo's, not the one before the move).
    pub fn undo(&mut self, r: MoveRecord) {
        self.ko = r.ko;
        let o = opp(r.pla);
        for (i, a) in self.adj(r.loc).into_iter().enumerate() {
            if r.captured & (1 << i) != 0 && self.colors[a] == EMPTY {
                self.count[a] = 0;
                let front = self.add_chain_helper(a, a, a, o);
                self.next[a] = front;
            }
        }
        let loc = r.loc;
        self.colors[loc] = EMPTY;
        let h = self.head[loc];
        if self.count[h] <= 1 {
            return;
        }
        let neighbours = self
            .adj(loc)
            .iter()
            .filter(|&&a| self.colors[a] == r.pla)
            .count();
        if neighbours <= 1 {
            let mut head = h;
            if head == loc {
                let new_head = self.next[loc];
                let mut cur = loc;
                loop {
                    self.head[cur] = new_head;
                    cur = self.next[cur];
                    if cur == loc {
                        break;
                    }
                }
                self.count[new_head] = self.count[head];
                head = new_head;
            }
            let mut cur = head;
            while self.next[cur] != loc {
                cur = self.next[cur];
            }
            self.next[cur] = self.next[loc];
            self.count[head] -= 1;
        } else {
            const NONE: usize = usize::MAX;
            let mut cur = loc;
            loop {
                self.head[cur] = NONE;
                cur = self.next[cur];
                if cur == loc {
                    break;
                }
            }
            for a in self.adj(loc) {
                if self.colors[a] == r.pla && self.head[a] == NONE {
                    self.count[a] = 0;
                    let front = self.rebuild_chain_helper(a, a, a, r.pla);
                    self.next[a] = front;
                }
            }
        }
    }

    /// KataGo's `addChainHelper`: fills the empty region at `loc` with
    /// `pla`, linking it into a list that ends at `tail`; returns its front.
    fn add_chain_helper(&mut self, head: usize, tail: usize, loc: usize, pla: u8) -> usize {
        self.colors[loc] = pla;
        self.head[loc] = head;
        self.count[head] += 1;
        self.next[loc] = tail;
        let mut next_tail = loc;
        for a in self.adj(loc) {
            if self.colors[a] == EMPTY {
                next_tail = self.add_chain_helper(head, next_tail, a, pla);
            }
        }
        next_tail
    }

    /// KataGo's `rebuildChainHelper`: relinks the stones of `pla` at `loc`
    /// not yet headed by `head`.
    fn rebuild_chain_helper(&mut self, head: usize, tail: usize, loc: usize, pla: u8) -> usize {
        self.head[loc] = head;
        self.count[head] += 1;
        self.next[loc] = tail;
        let mut next_tail = loc;
        for a in self.adj(loc) {
            if self.colors[a] == pla && self.head[a] != head {
                next_tail = self.rebuild_chain_helper(head, next_tail, a, pla);
            }
        }
        next_tail
    }

    /// Number of empty neighbours of `loc`.
    pub fn immediate_libs(&self, loc: usize) -> usize {
        self.adj(loc)
            .iter()
            .filter(|&&a| self.colors[a] == EMPTY)
            .count()
    }

    /// Is `pla` at `loc` a ko capture: every neighbour is the opponent's or
    /// a wall, and exactly one is a lone stone in atari (and no other
    /// neighbouring chain is in atari)?
    pub fn would_be_ko_capture(&self, loc: usize, pla: u8) -> bool {
        if self.colors[loc] != EMPTY {
            return false;
        }
        let o = opp(pla);
        let mut capturable = None;
        for a in self.adj(loc) {
            let c = self.colors[a];
            if c != WALL && c != o {
                return false;
            }
            if c == o && self.libs_upto(a, 2) == 1 {
                if capturable.is_some() {
                    return false;
                }
                capturable = Some(a);
            }
        }
        match capturable {
            Some(a) => self.chain(a).stones.len() == 1,
            None => false,
        }
    }

    /// The neighbouring opponent chains of `pla` at `loc` that have one
    /// liberty, each given by its set of stones.
    fn atari_neighbours(&self, loc: usize, pla: u8) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        for a in self.adj(loc) {
            if self.colors[a] == opp(pla)
                && !out.iter().any(|s| s.contains(&a))
                && self.libs_upto(a, 2) == 1
            {
                out.push(self.chain(a).stones);
            }
        }
        out
    }

    /// KataGo's `getNumLibertiesAfterPlay`: liberties of `pla`'s chain
    /// after a stone at `loc`, counted up to `max`.
    pub fn libs_after_play(&self, loc: usize, pla: u8, max: usize) -> usize {
        let captured = self.atari_neighbours(loc, pla);
        let would_be_empty =
            |p: usize| self.colors[p] == EMPTY || captured.iter().any(|s| s.contains(&p));
        let mut libs: Vec<usize> = Vec::new();
        for a in self.adj(loc) {
            if self.colors[a] == EMPTY || captured.iter().any(|s| s.contains(&a)) {
                libs.push(a);
                if libs.len() >= max {
                    return max;
                }
            }
        }
        let mut joined: Vec<Vec<usize>> = Vec::new();
        for a in self.adj(loc) {
            if self.colors[a] == pla && !joined.iter().any(|s| s.contains(&a)) {
                let stones = self.chain(a).stones;
                for &s in &stones {
                    for p in self.adj(s) {
                        if p != loc && would_be_empty(p) && !libs.contains(&p) {
                            libs.push(p);
                            if libs.len() >= max {
                                return max;
                            }
                        }
                    }
                }
                joined.push(stones);
            }
        }
        libs.len()
    }

    /// KataGo's `getBoundNumLibertiesAfterPlay`: a lower and an upper bound
    /// on the liberties of `pla`'s chain after a stone at `loc`.
    pub fn bound_libs_after_play(&self, loc: usize, pla: u8) -> (usize, usize) {
        let (mut immediate, mut caps, mut cap_stones, mut conn, mut max_conn) = (0, 0, 0, 0, 0);
        for a in self.adj(loc) {
            let c = self.colors[a];
            if c == EMPTY {
                immediate += 1;
            } else if c == opp(pla) {
                let ch = self.chain(a);
                if ch.libs.len() == 1 {
                    caps += 1;
                    cap_stones += ch.stones.len();
                }
            } else if c == pla {
                let l = self.libs(a) - 1;
                conn += l;
                max_conn = max_conn.max(l);
            }
        }
        (
            caps + max_conn.max(immediate),
            immediate + cap_stones + conn,
        )
    }

    /// KataGo's `countHeuristicConnectionLibertiesX2`: for each neighbour
    /// of `pla`'s colour (counted once per side) with more than one
    /// liberty, twice its liberties minus 3.
    pub fn heuristic_connection_libs_x2(&self, loc: usize, pla: u8) -> i32 {
        let mut total = 0;
        for a in self.adj(loc) {
            if self.colors[a] == pla {
                let l = self.libs(a) as i32;
                if l > 1 {
                    total += l * 2 - 3;
                }
            }
        }
        total
    }

    /// Is any opponent chain next to the chain `stones` in atari?
    pub fn has_liberty_gaining_captures(&self, stones: &[usize]) -> bool {
        let o = opp(self.colors[stones[0]]);
        stones.iter().any(|&s| {
            self.adj(s)
                .iter()
                .any(|&a| self.colors[a] == o && self.libs_upto(a, 2) == 1)
        })
    }

    /// The lone liberties of the opponent chains next to the chain
    /// `stones` that are in atari, without repeats, in the order met.
    pub fn liberty_gaining_captures(&self, stones: &[usize]) -> Vec<usize> {
        let o = opp(self.colors[stones[0]]);
        let mut checked: Vec<Vec<usize>> = Vec::new();
        let mut out = Vec::new();
        for &s in stones {
            for a in self.adj(s) {
                if self.colors[a] == o && !checked.iter().any(|c| c.contains(&a)) {
                    let ch = self.chain(a);
                    if ch.libs.len() == 1 {
                        if !out.contains(&ch.libs[0]) {
                            out.push(ch.libs[0]);
                        }
                        checked.push(ch.stones);
                    }
                }
            }
        }
        out
    }
}
