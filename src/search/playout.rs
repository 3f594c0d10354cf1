//! Playouts: moves chosen by a cheap policy on a copy of the board, until
//! both players pass. Every policy never fills a player's own single-point
//! eye and never commits suicide.

use rand::Rng;

use crate::board::{vital_point, Board, Cell, Color, Point, NAKADE_MAX};

use super::patterns;

/// How a playout chooses its moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random: the fastest, and what `ingo bench` measures by
    /// default.
    #[default]
    Light,
    /// Uniformly random, except no self-atari of a string of two or more
    /// stones (MoGo's first rule). Random play otherwise kills living
    /// groups that share their last liberties with a dead string, so dead
    /// stones are judged with this policy.
    NoSelfAtari,
    /// A recent ko first (Pachi's moggy: connect it or take it back),
    /// then MoGo/Moggy order around the last move: save own strings it
    /// put in atari, capture, strings at two liberties, 3x3 patterns,
    /// nakade; else random without self-atari (mostly). See
    /// [`heavy_move`].
    Heavy,
}

impl std::str::FromStr for Policy {
    type Err = String;
    fn from_str(s: &str) -> Result<Policy, String> {
        match s {
            "light" => Ok(Policy::Light),
            "no-self-atari" => Ok(Policy::NoSelfAtari),
            "heavy" => Ok(Policy::Heavy),
            _ => Err(format!(
                "unknown playout policy {s:?} (light, no-self-atari, heavy)"
            )),
        }
    }
}

/// Chance that the heavy policy looks at the last move at all. Always on
/// the big boards, where local answers matter most (Pachi measured the best
/// rate at 65% on 9x9 and 85-99% on 19x19).
fn heuristic_rate(size: u8) -> f64 {
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
const SELF_ATARI_REJECT: f64 = 0.9;

/// Chance that a heavy move which would fill an own false eye goes to the
/// stone that makes it false instead ([`eye_fill_redirect`]; Pachi's moggy
/// `eyefillrate`: 60).
const EYE_FILL_REDIRECT: f64 = 0.6;

/// Does the heavy policy defend eyes ([`eye_fill_redirect`],
/// [`eye_fix_moves`])? On the boards above 9x9, where ingo's search
/// believed the opponent's living groups dead (issue 20's 19x19 losses
/// to GNU Go, judged by KataGo). 9x9 keeps the policy its matches were
/// played with until a 9x9 match measures the change.
fn defends_eyes(size: u8) -> bool {
    size > 9
}

/// Ko fights (Pachi's moggy: 40%, 3 moves): for this many moves after a
/// ko capture, once the ban is over, the point of the captured stone is
/// played at this rate, by the capturer to connect or by the other side
/// to take back. Without it a playout leaves a ko to chance, and whoever
/// happens to connect first wins it.
const KO_RATE: f64 = 0.4;
const KO_AGE: u32 = 3;

/// Plays moves from `board`, `to_move` first, until two passes in a row
/// (or a generous move limit, against pathological cycles). `last` is the
/// move played just before (the heavy policy answers it); every stone
/// placed is appended to `moves` in order, for AMAF statistics.
pub fn play_out<R: Rng + ?Sized>(
    board: &mut Board,
    to_move: Color,
    last: Option<Point>,
    rng: &mut R,
    policy: Policy,
    moves: &mut Vec<(Color, Point)>,
) {
    board.stop_hashing();
    // One loop per policy, so that the light one (what `ingo bench` and
    // most searches run) makes no policy dispatch per move.
    match policy {
        Policy::Light => play_moves(board, to_move, last, rng, moves, |b, c, _, r| {
            b.play_random(c, r)
        }),
        Policy::NoSelfAtari => play_moves(board, to_move, last, rng, moves, |b, c, _, r| {
            b.play_random_where(c, r, |b, p| !b.is_bad_self_atari(c, p))
        }),
        Policy::Heavy => {
            let rate = heuristic_rate(board.size());
            let eyes = defends_eyes(board.size());
            // Moves played in this playout, and the last ko: its point
            // and the move that captured there.
            let mut ply = 0u32;
            let mut last_ko: Option<(Point, u32)> = None;
            play_moves(board, to_move, last, rng, moves, |b, c, last, r| {
                ply += 1;
                let rule = ko_fight(b, c, last_ko, ply)
                    .filter(|_| r.random_bool(KO_RATE))
                    .or_else(|| match last {
                        Some(l) if r.random_bool(rate) => heavy_move(b, c, l, r),
                        _ => None,
                    });
                let chosen = rule.or_else(|| {
                    if r.random_bool(SELF_ATARI_REJECT) {
                        b.random_point_where(c, r, |b, p| !b.is_bad_self_atari(c, p))
                    } else {
                        b.random_point_where(c, r, |_, _| true)
                    }
                });
                let played = chosen.map(|p| {
                    let p = eyes
                        .then(|| eye_fill_redirect(b, c, p))
                        .flatten()
                        .filter(|_| r.random_bool(EYE_FILL_REDIRECT))
                        .unwrap_or(p);
                    b.play_unchecked_inline(c, p);
                    p
                });
                if played.is_none() {
                    b.pass();
                }
                if let Some(k) = b.ko() {
                    last_ko = Some((k, ply));
                }
                played
            })
        }
    }
}

/// The loop of [`play_out`] around `step`, which plays one move of the
/// colour given (after the last move, if any) and returns it, or `None`
/// for a pass.
#[inline(always)]
fn play_moves<R, F>(
    board: &mut Board,
    mut to_move: Color,
    mut last: Option<Point>,
    rng: &mut R,
    moves: &mut Vec<(Color, Point)>,
    mut step: F,
) where
    R: Rng + ?Sized,
    F: FnMut(&mut Board, Color, Option<Point>, &mut R) -> Option<Point>,
{
    let limit = 3 * board.size() as usize * board.size() as usize + 20;
    let mut passes = 0;
    for _ in 0..limit {
        let played = step(board, to_move, last, rng);
        last = played;
        if let Some(p) = played {
            moves.push((to_move, p));
            passes = 0;
        } else {
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        to_move = !to_move;
    }
}

/// The heavy policy's ko rule, before its coin toss: the point of the
/// last ko capture (`last_ko`: the point and the move number that made
/// it) when that was at most [`KO_AGE`] moves before `ply`, its ban is
/// over and `color` may play there without a self-atari.
fn ko_fight(board: &Board, color: Color, last_ko: Option<(Point, u32)>, ply: u32) -> Option<Point> {
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
struct Candidates {
    points: [Point; MAX_CANDIDATES],
    len: usize,
}

impl Candidates {
    fn new(fill: Point) -> Candidates {
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
fn playable(board: &Board, color: Color, p: Point) -> bool {
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
/// nor attacks (issue 20's lost games, judged by KataGo).
fn two_liberty_moves(board: &Board, color: Color, last: Point, cands: &mut Candidates) {
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
fn eye_fill_redirect(board: &Board, color: Color, p: Point) -> Option<Point> {
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
fn eye_fix_moves(board: &Board, color: Color, last: Point, cands: &mut Candidates) {
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
    // Every region here touches `last`: one next to a stone of the other
    // colour as well is no eye space, known from the packed counts.
    let other = board.color_at(last).map(|c| !c);
    for start in last.neighbors() {
        if !board.is_empty_at(start)
            || seen[..seen_len].contains(&start)
            || other.is_some_and(|o| board.touches(start, o))
            || no_vital_point_by_size(board, start)
        {
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

/// Owner of a point at the end of a playout: the stone's colour, or the
/// colour of every stone around an empty point (its eye), else nobody.
#[inline]
pub fn final_owner(board: &Board, p: Point) -> Option<Color> {
    board.final_owner(p)
}

/// Black's area minus White's at the end of a playout, with
/// [`final_owner`] semantics (no komi).
#[inline]
pub fn area_score(board: &Board) -> i32 {
    board.area_score()
}

/// Every point's [`final_owner`] into `out` (indexed by `Point::index`,
/// 1 Black, -1 White, 0 nobody); returns [`area_score`].
#[inline]
pub fn owners(board: &Board, out: &mut [i8]) -> i32 {
    board.owners(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::board;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn playouts_end_with_only_eyes_left() {
        let mut rng = SmallRng::seed_from_u64(1);
        for size in [2u8, 5, 9, 19] {
            let mut b = Board::new(size);
            play_out(
                &mut b,
                Color::Black,
                None,
                &mut rng,
                Policy::NoSelfAtari,
                &mut Vec::new(),
            );
            b.check_consistency().expect("consistent");
            // Both passed: every empty point is an eye or a suicide for
            // both players (only eyes remain in practice).
            for c in Color::ALL {
                for p in b.points() {
                    if b.is_empty_at(p) {
                        assert!(b.is_eye(p, c) || b.is_suicide(c, p) || b.ko() == Some(p));
                    }
                }
            }
        }
    }

    fn at(b: &Board, v: &str) -> Point {
        Point::parse(v, b.size()).expect("vertex")
    }

    #[test]
    fn heavy_saves_a_string_put_in_atari() {
        // White E5 took D4-E4 to one liberty, D5; extending there gives
        // two (C5, D6).
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . . O . .
             . . O X X O .
             . . . O O . .
             . . . . . . .
             . . . . . . .",
        );
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let m = heavy_move(&b, Color::Black, at(&b, "E5"), &mut rng);
            assert_eq!(m, Some(at(&b, "D5")));
        }
        // White C3 leaves A3-B3 one liberty, A2, which also captures the
        // white stone B2 in atari: the save.
        let b = board(
            ". . . . .
             O O O . .
             X X O . .
             . O X . .
             . X . . .",
        );
        let mut rng = SmallRng::seed_from_u64(3);
        assert_eq!(
            heavy_move(&b, Color::Black, at(&b, "C3"), &mut rng),
            Some(at(&b, "A2"))
        );
    }

    /// The points [`two_liberty_moves`] offers, sorted.
    fn two_liberty(b: &Board, color: Color, last: &str) -> Vec<Point> {
        let last = at(b, last);
        let mut cands = Candidates::new(last);
        two_liberty_moves(b, color, last, &mut cands);
        let mut got = cands.points[..cands.len].to_vec();
        got.sort_by_key(|p| p.index());
        got
    }

    fn sorted(b: &Board, vs: &[&str]) -> Vec<Point> {
        let mut want: Vec<Point> = vs.iter().map(|v| at(b, v)).collect();
        want.sort_by_key(|p| p.index());
        want
    }

    #[test]
    fn heavy_ataris_a_string_left_with_two_liberties() {
        // White A2 has liberties A1 and A3, and no friend to connect to:
        // Black ataris on either (a lone stone at A1 is a throw-in, not
        // a bad self-atari).
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             O X . . .
             . . . . .",
        );
        assert_eq!(
            two_liberty(&b, Color::Black, "A2"),
            sorted(&b, &["A1", "A3"])
        );
        // White D4's liberties D5 and E4 each connect it to a friend
        // (D6, F4): they are miai, and an atari would only push it there.
        let open = ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . X O . . .
             . . . X . . .
             . . . . . . .
             . . . . . . .";
        let b = board(open);
        assert_eq!(
            two_liberty(&b, Color::Black, "D4"),
            sorted(&b, &["D5", "E4"])
        );
        let mut b = board(open);
        b.play_unchecked(Color::White, at(&b, "D6"));
        b.play_unchecked(Color::White, at(&b, "F4"));
        assert_eq!(two_liberty(&b, Color::Black, "D4"), vec![]);
    }

    #[test]
    fn heavy_counter_ataris_in_a_capturing_race() {
        // White C1 left Black A2-C2 with two liberties, A1 and B1, and
        // neither extension gains one. White C1 (B1, D1) and D2 (D1, E2)
        // have two each: D1 ataris both, E2 ataris D2. B1 would put Black's
        // own string in atari; C1 itself is miai (connect at D1, or run
        // to A1 from B1), so only the counter-ataris are left.
        let b = board(
            ". . . . .
             . . . . .
             O O O X .
             X X X O .
             . . O . .",
        );
        assert_eq!(
            two_liberty(&b, Color::Black, "C1"),
            sorted(&b, &["D1", "E2"])
        );
    }

    #[test]
    fn a_false_eye_fill_takes_the_stone_that_makes_it_false() {
        // B1 is Black's eye but for White C2 on its diagonal, which is in
        // atari: Black captures at D2 instead of filling the eye.
        let b = board(
            ". . . . .
             . . . . .
             . . X . .
             X X O . .
             X . X . .",
        );
        assert!(!b.is_eye(at(&b, "B1"), Color::Black));
        assert_eq!(
            eye_fill_redirect(&b, Color::Black, at(&b, "B1")),
            Some(at(&b, "D2"))
        );
        // No eye at D1 or E5, nothing to redirect.
        assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "D1")), None);
        assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "E5")), None);
        // At two liberties (C3, D2), White C2 is put in atari on one of
        // them.
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             X X O . .
             X . X . .",
        );
        let r = eye_fill_redirect(&b, Color::Black, at(&b, "B1")).expect("an atari");
        assert!([at(&b, "C3"), at(&b, "D2")].contains(&r), "{r:?}");
        // A fill that saves an own string in atari stays: with White D1,
        // Black C1 is in atari and B1 connects it.
        let b = board(
            ". . . . .
             . . . . .
             . . X . .
             X X O . .
             X . X O .",
        );
        assert!(b.in_atari(at(&b, "C1")));
        assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "B1")), None);
    }

    #[test]
    fn heavy_keeps_an_eye_the_last_move_approached() {
        // Pachi's example, in the corner of a 13x13 board (the rule is off
        // on 9x9 and below): White E13 comes in between the edge and
        // Black D12. White may now play C13, which would give B12 a second
        // white diagonal (with C11) and make it a false eye; Black fills
        // C13 first.
        let corner = ["X X . O O O .", "X . X X O . .", "X X O O . . ."];
        let b = board(&in_corner(&corner, 13));
        let last = at(&b, "E13");
        let mut cands = Candidates::new(last);
        eye_fix_moves(&b, Color::Black, last, &mut cands);
        assert_eq!(&cands.points[..cands.len], &[at(&b, "C13")]);
        for seed in 0..10 {
            let mut rng = SmallRng::seed_from_u64(seed);
            assert_eq!(
                heavy_move(&b, Color::Black, last, &mut rng),
                Some(at(&b, "C13"))
            );
        }
        // On 9x9 the heavy policy leaves it (nothing else applies: the
        // move is random).
        let small = board(&in_corner(&corner, 9));
        let mut rng = SmallRng::seed_from_u64(1);
        assert_eq!(
            heavy_move(&small, Color::Black, at(&small, "E9"), &mut rng),
            None
        );
        // Without White C11, White C13 would leave B12 with one white
        // diagonal, a true eye still: nothing to fix.
        let b = board(&in_corner(
            &["X X . O O O .", "X . X X O . .", "X X . O . . ."],
            13,
        ));
        let mut cands = Candidates::new(last);
        eye_fix_moves(&b, Color::Black, last, &mut cands);
        assert_eq!(cands.len, 0);
    }

    /// A diagram of a `size` board whose top left corner holds `rows`,
    /// the rest empty.
    fn in_corner(rows: &[&str], size: usize) -> String {
        (0..size)
            .map(|r| {
                let row = rows.get(r).copied().unwrap_or("");
                let have = row.split_whitespace().count();
                let mut line = row.to_string();
                for _ in have..size {
                    line.push_str(" .");
                }
                line.trim().to_string()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn ko_fights_go_on_for_a_few_moves() {
        // Black D4 takes the white stone C4: a ko, banned for White.
        let mut b = board(
            ". . . . . . .
             . . . . . . .
             . . X O . . .
             . X O . O . .
             . . X O . . .
             . . . . . . .
             . . . . . . .",
        );
        let (c4, d4) = (at(&b, "C4"), at(&b, "D4"));
        assert_eq!(ko_fight(&b, Color::Black, None, 1), None);
        b.play_unchecked(Color::Black, d4);
        assert_eq!(b.ko(), Some(c4));
        let ko = Some((c4, 1));
        assert_eq!(ko_fight(&b, Color::White, ko, 2), None, "still banned");
        b.play_unchecked(Color::White, at(&b, "G7"));
        // Black may connect; after another move elsewhere, White may
        // take back; then the fight is over for the policy.
        assert_eq!(ko_fight(&b, Color::Black, ko, 3), Some(c4));
        b.play_unchecked(Color::Black, at(&b, "A1"));
        assert_eq!(ko_fight(&b, Color::White, ko, 4), Some(c4));
        b.play_unchecked(Color::White, at(&b, "G1"));
        assert_eq!(ko_fight(&b, Color::Black, ko, 5), None, "too old");
        // Once connected, nobody plays there.
        b.play_unchecked(Color::Black, c4);
        assert_eq!(ko_fight(&b, Color::White, ko, 4), None);
    }

    #[test]
    fn heavy_escapes_are_real_saves() {
        // Every escape the policy offers takes the string out of atari
        // (checked against the brute-force-tested board helper) and is
        // playable; on random positions of several sizes.
        let mut rng = SmallRng::seed_from_u64(5);
        let mut checked = 0;
        for size in [5u8, 7, 9, 13] {
            for game in 0..20 {
                let mut b = Board::new(size);
                let mut color = Color::Black;
                for _ in 0..(size as usize * size as usize * (game % 3 + 1) / 2) {
                    b.play_random(color, &mut rng);
                    color = !color;
                }
                for p in b.points() {
                    if let Some(c) = b.color_at(p) {
                        if b.in_atari(p) {
                            let mut out = Vec::new();
                            atari_escapes(&b, c, p, &mut out);
                            for m in out {
                                assert!(playable(&b, c, m));
                                assert!(b.saves_atari(c, m), "{}\n{b:?}", m.vertex());
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn heavy_captures_the_last_stone_in_atari() {
        let b = board(
            ". . . . .
             . . . . .
             . X O X .
             . . X . .
             . . . . .",
        );
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let m = heavy_move(&b, Color::Black, at(&b, "C3"), &mut rng);
            assert_eq!(m, Some(at(&b, "C4")));
        }
    }

    #[test]
    fn heavy_plays_the_nakade_point() {
        let b = board(
            ". . . O .
             O O O O .
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(nakade_point(&b, at(&b, "B4")), Some(at(&b, "B5")));
        let mut rng = SmallRng::seed_from_u64(1);
        let m = heavy_move(&b, Color::Black, at(&b, "B4"), &mut rng);
        assert_eq!(m, Some(at(&b, "B5")));
        // A bent three: the corner is vital.
        let b = board(
            ". . O . .
             . O O . .
             O O . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(nakade_point(&b, at(&b, "B4")), Some(at(&b, "A5")));
        // A straight four lives whoever plays first.
        let b = board(
            ". . . . O
             O O O O O
             . . . . .
             . . . . .
             . . . . .",
        );
        assert_eq!(nakade_point(&b, at(&b, "B4")), None);
        // A pyramid four does not: its centre is vital.
        let b = board(
            ". . . O .
             O . O O .
             O O O . .
             . . . . .
             . . . . .",
        );
        assert_eq!(nakade_point(&b, at(&b, "C4")), Some(at(&b, "B5")));
    }

    /// Replays a playout's moves, checking each was mechanically legal and
    /// filled no own eye.
    fn assert_moves_legal(start: &Board, moves: &[(Color, Point)]) {
        let mut b = start.clone();
        let mut prev: Option<Color> = None;
        for &(c, p) in moves {
            if prev == Some(c) {
                b.pass(); // the other side passed in between
            }
            assert!(b.is_pseudo_legal(c, p), "{c:?} {}\n{b:?}", p.vertex());
            assert!(
                !b.is_eye(p, c),
                "{c:?} fills an eye at {}\n{b:?}",
                p.vertex()
            );
            let e = b.play_unchecked(c, p);
            assert_eq!(e.suicided, 0);
            prev = Some(c);
        }
    }

    #[test]
    fn heavy_playouts_are_legal_and_end() {
        let mut rng = SmallRng::seed_from_u64(9);
        for size in [2u8, 3, 5, 9, 13, 19, 25] {
            for run in 0..4 {
                let mut start = Board::new(size);
                let mut color = Color::Black;
                for _ in 0..(size as usize * size as usize * run / 3) {
                    start.play_random(color, &mut rng);
                    color = !color;
                }
                let mut b = start.clone();
                let mut moves = Vec::new();
                play_out(&mut b, color, None, &mut rng, Policy::Heavy, &mut moves);
                b.check_consistency().expect("consistent");
                assert!(moves.len() < 3 * size as usize * size as usize + 20);
                assert_moves_legal(&start, &moves);
                // The policy passed twice: no non-eye move was left but
                // self-ataris it may refuse (nakades it plays).
                for c in Color::ALL {
                    for p in b.points() {
                        if playable(&b, c, p) {
                            assert!(b.is_bad_self_atari(c, p), "{c:?} {}\n{b:?}", p.vertex());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn heavy_score_is_area_score() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut b = Board::new(9);
        play_out(
            &mut b,
            Color::Black,
            None,
            &mut rng,
            Policy::Heavy,
            &mut Vec::new(),
        );
        let want: i32 = b
            .points()
            .map(|p| match final_owner(&b, p) {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            })
            .sum();
        assert_eq!(area_score(&b), want);
    }
}
