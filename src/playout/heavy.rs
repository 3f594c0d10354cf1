//! The heavy playout policy's knowledge: its rates, its answers to the
//! last move in MoGo order ([`heavy_move`]: escapes, captures, capturing
//! races, eyes, 3x3 patterns, nakade), its ko fights and its defence of
//! eyes. The loop that plays them is [`super::policy::play_out`].

use rand::Rng;

use crate::board::{vital_point, Board, Cell, Color, Point, NAKADE_MAX};

use super::patterns;

/// Chance that the heavy policy looks at the last move at all. Always on
/// the big boards, where local answers matter most (Pachi measured the best
/// rate at 65% on 9x9 and 85-99% on 19x19).
pub(super) fn heuristic_rate(size: u8) -> f64 {
    if size <= 9 {
        0.9
    } else {
        1.0
    }
}

/// Chance that the heavy policy looks for strings at two liberties
/// (Pachi's moggy `atarirate`: 90 on 9x9, 80 on bigger boards).
const TWO_LIB_RATE: f64 = 0.9;

/// Chance that a random heavy move refuses a self-atari of a string.
pub(super) const SELF_ATARI_REJECT: f64 = 0.9;

/// Chance that a heavy move which would fill an own false eye goes to the
/// stone that makes it false instead ([`eye_fill_redirect`]; Pachi's moggy
/// `eyefillrate`: 60).
pub(super) const EYE_FILL_REDIRECT: f64 = 0.6;

/// Does the heavy policy defend eyes ([`eye_fill_redirect`],
/// [`eye_fix_moves`])? On the boards above 9x9: without it the playouts
/// let living groups lose their eyes, and the search takes the opponent's
/// living groups for dead. 9x9 keeps the policy without it until a 9x9
/// match measures the change.
pub(super) fn defends_eyes(size: u8) -> bool {
    size > 9
}

/// Ko fights (Pachi's moggy: 40%, 3 moves): for this many moves after a
/// ko capture, once the ban is over, the point of the captured stone is
/// played at this rate, by the capturer to connect or by the other side
/// to take back. Without it a playout leaves a ko to chance, and whoever
/// happens to connect first wins it.
pub(super) const KO_RATE: f64 = 0.4;
const KO_AGE: u32 = 3;

/// last ko capture (`last_ko`: the point and the move number that made
/// it) when that was at most [`KO_AGE`] moves before `ply`, its ban is
/// over and `color` may play there without a self-atari.
pub(super) fn ko_fight(
    board: &Board,
    color: Color,
    last_ko: Option<(Point, u32)>,
    ply: u32,
) -> Option<Point> {
    let (k, at) = last_ko?;
    (ply - at <= KO_AGE
        && board.ko().is_none()
        && playable(board, color, k)
        && !board.is_bad_self_atari(color, k))
    .then_some(k)
}

/// Room for candidate moves of one heavy rule.
const MAX_CANDIDATES: usize = 16;

/// A small set of distinct candidate points.
pub(super) struct Candidates {
    pub(super) points: [Point; MAX_CANDIDATES],
    pub(super) len: usize,
}

impl Candidates {
    pub(super) fn new(fill: Point) -> Candidates {
        Candidates {
            points: [fill; MAX_CANDIDATES],
            len: 0,
        }
    }

    fn push(&mut self, p: Point) {
        if self.len < MAX_CANDIDATES && !self.points[..self.len].contains(&p) {
            self.points[self.len] = p;
            self.len += 1;
        }
    }

    fn pick<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Point> {
        (self.len > 0).then(|| self.points[rng.random_range(0..self.len)])
    }
}

/// A move a playout may make: legal (simple ko, no suicide) and not the
/// filling of an own eye.
#[inline]
pub(super) fn playable(board: &Board, color: Color, p: Point) -> bool {
    board.is_empty_at(p)
        && board.ko() != Some(p)
        && !board.is_eye(p, color)
        && !board.is_suicide(color, p)
}

/// The heavy policy's answer to the opponent's move `last`, in MoGo order,
/// or `None` when no rule applies (then the move is random):
/// 1. an own string next to `last` in atari: capture a neighbour of it in
///    atari, or extend when that gives two or more liberties;
/// 2. capture an opposing string in atari at or next to `last`;
/// 3. strings at two liberties around `last` ([`two_liberty_moves`]), at
///    the rate [`TWO_LIB_RATE`];
/// 4. keep an eye the last move approached from being made false
///    ([`eye_fix_moves`]; above 9x9, [`defends_eyes`]);
/// 5. a 3x3 pattern ([`patterns`]) on an empty neighbour of `last`;
/// 6. the vital point of an eye space of three to six points next to
///    `last` (nakade).
///
/// Rules 3 to 6 skip self-ataris other than nakades
/// ([`Board::is_bad_self_atari`]); every answer is [`playable`].
pub fn heavy_move<R: Rng + ?Sized>(
    board: &Board,
    color: Color,
    last: Point,
    rng: &mut R,
) -> Option<Point> {
    let own = Cell::stone(color);
    let enemy = Cell::stone(!color);
    let mut cands = Candidates::new(last);

    // 1. Save own strings the last move put in atari.
    for n in last.neighbors() {
        if board.cell(n) == own && board.in_atari(n) {
            atari_escapes_into(board, color, n, &mut cands);
        }
    }
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }

    // 2. Capture: the last stone's string, or strings around it.
    let around = around(last);
    if board.cell(last) == enemy {
        if let Some(l) = board.atari_liberty(last) {
            if playable(board, color, l) {
                cands.push(l);
            }
        }
    }
    for &q in &around {
        if board.cell(q) == enemy {
            if let Some(l) = board.atari_liberty(q) {
                if playable(board, color, l) {
                    cands.push(l);
                }
            }
        }
    }
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }

    // 3. Strings at two liberties: capturing races.
    if rng.random_bool(TWO_LIB_RATE) {
        two_liberty_moves(board, color, last, &mut cands);
        if let Some(p) = cands.pick(rng) {
            return Some(p);
        }
    }

    // 4. Eyes the last move threatens to make false.
    if defends_eyes(board.size()) {
        eye_fix_moves(board, color, last, &mut cands);
        if let Some(p) = cands.pick(rng) {
            return Some(p);
        }
    }

    // 5. Patterns on the empty points around the last move.
    for &q in &around {
        if board.is_empty_at(q)
            && patterns::matches(board, q, color)
            && playable(board, color, q)
            && !board.is_bad_self_atari(color, q)
        {
            cands.push(q);
        }
    }
    if let Some(p) = cands.pick(rng) {
        return Some(p);
    }

    // 6. Nakade.
    nakade_point(board, last)
        .filter(|&p| playable(board, color, p) && !board.is_bad_self_atari(color, p))
}

/// Rule 3 of [`heavy_move`], after Pachi's moggy "2lib" check:
/// - the string of `last`, left with two liberties, is put in atari on
///   either, unless it has them in miai ([`miai_two`]);
/// - an own string next to `last` that it left with two liberties
///   extends to three or more, captures a neighbour in atari, or puts a
///   neighbour at two liberties in atari.
///
/// Capturing races are won or lost here: without it random moves fill
/// the liberties in any order, and a string short of them neither runs
/// nor attacks.
pub(super) fn two_liberty_moves(board: &Board, color: Color, last: Point, cands: &mut Candidates) {
    let own = Cell::stone(color);
    let enemy = Cell::stone(!color);
    // Strings surely at three liberties or more are passed without a
    // walk, here and below.
    if board.cell(last) == enemy && !board.surely_has_liberties(last, 3) {
        if let &[a, b] = board.liberties_up_to::<3>(last).as_slice() {
            if !miai_two(board, last, a, b) {
                atari_on(board, color, a, cands);
                atari_on(board, color, b, cands);
            }
        }
    }
    let around = last.neighbors();
    for (i, &n) in around.iter().enumerate() {
        // A string touching `last` twice is looked at once.
        if board.cell(n) != own
            || board.surely_has_liberties(n, 3)
            || around[..i]
                .iter()
                .any(|&m| board.cell(m) == own && board.same_string(m, n))
        {
            continue;
        }
        let libs = board.liberties_up_to::<3>(n);
        let &[a, b] = libs.as_slice() else {
            continue;
        };
        for l in [a, b] {
            if playable(board, color, l) && board.liberties_after(color, l, 3) >= 3 {
                cands.push(l);
            }
        }
        // Opposing strings already looked at, each by one of its stones.
        let mut seen = [last; 8];
        let mut seen_len = 0;
        for st in board.stones(n).filter(|&st| board.touches(st, !color)) {
            for m in st.neighbors() {
                if board.cell(m) != enemy
                    || seen[..seen_len].iter().any(|&o| board.same_string(o, m))
                {
                    continue;
                }
                if seen_len < seen.len() {
                    seen[seen_len] = m;
                    seen_len += 1;
                }
                if board.surely_has_liberties(m, 3) {
                    continue;
                }
                let theirs = board.liberties_up_to::<3>(m);
                match *theirs.as_slice() {
                    [l] if playable(board, color, l) => cands.push(l),
                    [a, b] => {
                        atari_on(board, color, a, cands);
                        atari_on(board, color, b, cands);
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Where a move of `color` at `p` goes instead when `p` is an eye of its
/// own that a diagonal stone of the opponent makes false: the capture of
/// that stone when it is in atari, else an atari on it at two liberties.
/// Such an eye is often a real one whose diagonal stone is dead, and
/// filling it gives the group away; a playout that takes the stone keeps
/// the eye. A fill that saves an own string in atari is left alone.
pub(super) fn eye_fill_redirect(board: &Board, color: Color, p: Point) -> Option<Point> {
    let own = Cell::stone(color);
    if !board.is_eyelike(p, color)
        || p.neighbors()
            .into_iter()
            .any(|n| board.cell(n) == own && board.in_atari(n))
    {
        return None;
    }
    let enemy = Cell::stone(!color);
    for d in p.diagonals() {
        if board.cell(d) != enemy || board.surely_has_liberties(d, 3) {
            continue;
        }
        match *board.liberties_up_to::<3>(d).as_slice() {
            [l] if playable(board, color, l) => return Some(l),
            [a, b] => {
                if let Some(l) = [a, b]
                    .into_iter()
                    .find(|&l| playable(board, color, l) && !board.is_bad_self_atari(color, l))
                {
                    return Some(l);
                }
            }
            _ => {}
        }
    }
    None
}

/// Rule 4 of [`heavy_move`], after Pachi's moggy "eye fix": the opponent's
/// `last` stone, played between two of `color`'s stones (or the edge)
/// diagonal to it, touches an opposing stone whose empty neighbour would,
/// when the opponent plays it, make an eye of `color` false. `color`
/// fills that point first, or captures a stone in atari on the eye's
/// diagonal. Without it the defender leaves the point to chance and the
/// group loses an eye it had.
pub(super) fn eye_fix_moves(board: &Board, color: Color, last: Point, cands: &mut Candidates) {
    let own = Cell::stone(color);
    let enemy = Cell::stone(!color);
    let [s, w, e, n] = last.neighbors();
    let [sw, se, nw, ne] = last.diagonals();
    let corners = [(nw, n, ne), (ne, e, se), (se, s, sw), (sw, w, nw)];
    // Which corners qualify, told without a branch per point: most moves
    // of a playout have none, and a branch on what lies around a random
    // move is a coin toss for the predictor.
    let flank = |q: Point| {
        let c = board.cell(q);
        (c == own) | (c == Cell::Wall)
    };
    let mut any = false;
    let mut fit = [false; 4];
    for (i, &(a, side, b)) in corners.iter().enumerate() {
        fit[i] =
            (board.cell(side) == enemy) & (board.empty_neighbors(side) > 0) & flank(a) & flank(b);
        any |= fit[i];
    }
    if !any {
        return;
    }
    for (i, &(_, side, _)) in corners.iter().enumerate() {
        if !fit[i] {
            continue;
        }
        for f in side.neighbors() {
            if !board.is_empty_at(f) {
                continue;
            }
            for eye in f.diagonals() {
                if !board.is_empty_at(eye) || !board.is_eyelike(eye, color) {
                    continue;
                }
                let mut enemies = 0;
                let mut walls = 0;
                for d in eye.diagonals() {
                    match board.cell(d) {
                        c if c == enemy => match board.atari_liberty(d) {
                            Some(l) => {
                                if playable(board, color, l) {
                                    cands.push(l);
                                }
                            }
                            None => enemies += 1,
                        },
                        Cell::Wall => walls += 1,
                        _ => {}
                    }
                }
                if (enemies == 1 || (enemies == 0 && walls == 2))
                    && playable(board, color, f)
                    && !board.is_bad_self_atari(color, f)
                {
                    cands.push(f);
                }
            }
        }
    }
}

/// An atari by `color` on the liberty `l` of a string at two, when it is
/// playable and no self-atari of the attacker's.
fn atari_on(board: &Board, color: Color, l: Point, cands: &mut Candidates) {
    if playable(board, color, l) && !board.is_bad_self_atari(color, l) {
        cands.push(l);
    }
}

/// Are the two liberties `a` and `b` of the string at `s` miai: it can
/// connect to a friendly string of two or more liberties on one, and on
/// the other connect too or run into open space? Then an atari only
/// makes it stronger (Pachi's `miai_2lib`).
fn miai_two(board: &Board, s: Point, a: Point, b: Point) -> bool {
    let own = board.cell(s);
    let connects = |l: Point| {
        l.neighbors().into_iter().any(|n| {
            board.cell(n) == own
                && !board.same_string(n, s)
                && board.liberty_count_up_to::<2>(n) >= 2
        })
    };
    let opens = |l: Point, other: Point| {
        l.neighbors()
            .into_iter()
            .any(|n| n != other && board.is_empty_at(n))
    };
    (connects(a) && (connects(b) || opens(b, a))) || (connects(b) && opens(a, b))
}

/// The eight points around `p` (walls included).
#[inline]
fn around(p: Point) -> [Point; 8] {
    let [s, w, e, n] = p.neighbors();
    let [sw, se, nw, ne] = p.diagonals();
    [nw, n, ne, w, e, sw, s, se]
}

/// Moves that take the own string at `s` (in atari) out of atari: capture
/// an adjacent opposing string in atari, or extend on its liberty when the
/// string then has two or more liberties.
pub fn atari_escapes(board: &Board, color: Color, s: Point, out: &mut impl Extend<Point>) {
    let mut cands = Candidates::new(s);
    atari_escapes_into(board, color, s, &mut cands);
    out.extend(cands.points[..cands.len].iter().copied());
}

fn atari_escapes_into(board: &Board, color: Color, s: Point, cands: &mut Candidates) {
    let Some(own_lib) = board.atari_liberty(s) else {
        return;
    };
    // Ladders are not read here: the tree's priors read them, and a read
    // per atari doubled the cost of a playout (Pachi's playouts do not
    // read them either).
    let extends = playable(board, color, own_lib) && board.liberties_after(color, own_lib, 2) >= 2;
    let enemy = Cell::stone(!color);
    for st in board.stones(s) {
        for n in st.neighbors() {
            if board.cell(n) == enemy {
                if let Some(l) = board.atari_liberty(n) {
                    // A capture elsewhere keeps the old liberty and adds
                    // one; a capture on it is an extension, judged as one.
                    if l != own_lib && playable(board, color, l) {
                        cands.push(l);
                    }
                }
            }
        }
    }
    if extends {
        cands.push(own_lib);
    }
}

/// The vital point ([`vital_point`]) of an empty region of three to six
/// points next to `last` that is surrounded by stones of one colour (and
/// the edge): whoever plays it decides whether the group gets two eyes.
pub fn nakade_point(board: &Board, last: Point) -> Option<Point> {
    // Regions already looked at: a region touching `last` on two sides
    // is grown once.
    let mut seen = [last; 4 * (NAKADE_MAX + 1)];
    let mut seen_len = 0;
    let other = board.color_at(last).map(|c| !c);
    for start in last.neighbors() {
        if !board.is_empty_at(start) || seen[..seen_len].contains(&start) {
            continue;
        }
        // Two fast paths for regions that growing would find without a
        // vital point. Every region here touches `last`: one next to a
        // stone of the other colour as well is no eye space, known from
        // the packed counts (growing it meets both colours).
        if other.is_some_and(|o| board.touches(start, o)) {
            continue;
        }
        if no_vital_point_by_size(board, start) {
            continue;
        }
        let mut region = [start; NAKADE_MAX + 1];
        let mut len = 1;
        let mut i = 0;
        let mut owner: Option<Color> = None;
        let mut closed = true;
        'grow: while i < len {
            for n in region[i].neighbors() {
                match board.cell(n) {
                    Cell::Empty => {
                        if !region[..len].contains(&n) {
                            if len == region.len() {
                                closed = false;
                                break 'grow;
                            }
                            region[len] = n;
                            len += 1;
                        }
                    }
                    Cell::Wall => {}
                    c => {
                        let c = c.color();
                        if owner.is_some() && owner != c {
                            closed = false;
                            break 'grow;
                        }
                        owner = c;
                    }
                }
            }
            i += 1;
        }
        seen[seen_len..seen_len + len].copy_from_slice(&region[..len]);
        seen_len += len;
        if closed {
            if let Some(p) = vital_point(&region[..len]) {
                return Some(p);
            }
        }
    }
    None
}

/// Is the empty region holding the empty point `start` surely of a size
/// with no vital point: one or two points (an eye, most of those next to
/// a move late in a playout), or more than [`NAKADE_MAX`] (open space,
/// most of them early on)? Told from the packed neighbour counts without
/// growing it: `start`, its empty neighbours and theirs other than
/// `start`, where two orthogonal neighbours may share one diagonal
/// point. A region not passed here is grown as before.
#[inline]
fn no_vital_point_by_size(board: &Board, start: Point) -> bool {
    let mut near = 0u16;
    let mut beyond = 0u16;
    for n in start.neighbors() {
        if board.is_empty_at(n) {
            near += 1;
            beyond += board.empty_neighbors(n) - 1;
        }
    }
    // Orthogonal pairs among the `near` neighbours, at most: each may
    // share a diagonal point, counted twice in `beyond`.
    let shared = [0, 0, 1, 2, 4][usize::from(near)];
    near + beyond <= 1 || usize::from(1 + near + beyond - shared) > NAKADE_MAX
}
