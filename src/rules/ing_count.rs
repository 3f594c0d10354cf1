//! Ing's fill-in count: each side's bowl of stones fills the board, and
//! what is left over, winning points or losing stones, is the result, laid
//! out point by point as Ing's SST laws lay it out.
//!
//! The text ("Calculul rezultatului", `ing-sst-rules.ro.txt`): each side
//! has (N−1)/2 stones, N the number of points (180 on 19×19). Dead stones
//! come off and every captured stone goes back to its owner's bowl, so a
//! bowl holds its stones less those alive on the board. Then:
//! 1. seki points are filled with as many black as white stones; if their
//!    number is odd the last stays empty;
//! 2. whoever receives compensation (komi) places one stone per two points
//!    in the opponent's territory; penalty stones, one per two penalty
//!    points, go into the penalised player's territory;
//! 3. each side fills its own territory until its stones or its territory
//!    run out. Territory points left empty are "winning points", stones
//!    left over "losing stones";
//! 4. the loser's losing stones go onto the winner's winning points, each
//!    worth 2; a winning point still empty adds 1. No winning points and
//!    no losing stones is a tie, which Black wins.
//!
//! Readings this count takes, where the text leaves a choice:
//! - Seki points are the points area scoring gives nobody: shared
//!   liberties and dame ("sunt considerate puncte seki", neutral points
//!   nobody filled count as seki points).
//! - Komi (with any handicap bonus) and both sides' penalty points net to
//!   one compensation: Black's penalty points add to White's, White's take
//!   from it, and a negative net is paid by White to Black. Equal
//!   penalties cancel, as Ing's penalty-point time says; the margin is the
//!   one the separate groups of stones would give.
//! - An odd point of compensation is paid as the same text pays an odd
//!   handicap compensation (its "AGA" section): (points−1)/2 stones, and
//!   either the receiver's stone fills the last seki point, which would
//!   otherwise stay empty, or, with no such point, one point of the
//!   payer's territory stays empty and counts for nobody.
//! - A fractional compensation (komi 7.5) has no count: stones pay whole
//!   points. Nor has a board with an even number of points ((N−1)/2 is
//!   not whole), a side with more live stones than its bowl holds, nor a
//!   position whose compensation does not fit (the receiver short of
//!   stones, the payer of territory). Each says why ([`NoIngCount`]).
//!
//! The margin is always the area count's with the same compensation: with
//! A the areas and S the seki points, Black's winning points less its
//! losing stones are A_B − bowl + ⌊S/2⌋ − komi/2, White's likewise, so
//! their difference is the area margin and their sum 0 or 1; exactly one
//! point stays empty at the end. The layout puts each territory's empty
//! points in the corner nearest it, the compensation stones next to them.

use std::fmt;

use crate::board::{Board, ByColor, Color, Point, MAX_POINTS};

use super::score::{area_owners, format_number, GameResult};

/// How an odd point of compensation is paid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddPoint {
    /// The receiver's stone fills the last seki point.
    Seki,
    /// One point of the payer's territory stays empty.
    Territory,
}

/// What White's komi and both sides' penalties come to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compensation {
    /// Who is paid; `None` when the points net to zero.
    pub receiver: Option<Color>,
    /// The net points the receiver is paid.
    pub points: u32,
    /// The stones the receiver places in the payer's territory.
    pub stones: u32,
    /// How the odd point is paid, when `points` is odd.
    pub odd: Option<OddPoint>,
}

/// One side's part of the count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IngSide {
    /// Live stones on the board.
    pub on_board: u32,
    /// Stones in the bowl when the filling starts: the bowl less `on_board`.
    pub in_bowl: u32,
    /// Stones it puts on seki points.
    pub seki: u32,
    /// Compensation stones it places in the other side's territory.
    pub compensation: u32,
    /// Empty points of its territory, dead stones' points included.
    pub territory: u32,
    /// Stones it puts in its own territory.
    pub fills: u32,
    /// Points of its territory left empty when its stones run out.
    pub winning: u32,
    /// Stones left in its bowl when its territory is full.
    pub losing: u32,
}

/// Why a stone goes where it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FillKind {
    Seki,
    Compensation,
    Territory,
    /// A losing stone on one of the winner's winning points.
    Losing,
}

/// A stone the count places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fill {
    pub point: Point,
    pub color: Color,
    pub kind: FillKind,
}

/// Ing's count of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct IngCount {
    /// Stones in each bowl before the game: (N−1)/2.
    pub bowl: u32,
    /// Points that are nobody's: seki and dame.
    pub seki_points: u32,
    pub compensation: Compensation,
    pub sides: ByColor<IngSide>,
    /// Losing stones placed on winning points, 2 points each.
    pub placed: u32,
    /// Winning points still empty after that, 1 point each (0 or 1).
    pub left: u32,
    /// The winner and the margin, `placed × 2 + left`; a tie is `B+0`.
    pub result: GameResult,
    /// Every stone the count places, in the order of the procedure.
    pub fill: Vec<Fill>,
    /// The points empty at the end.
    pub empty: Vec<Point>,
}

/// Why a position has no Ing count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NoIngCount {
    /// The board has an even number of points.
    EvenPoints(u32),
    /// Komi and penalties net to a fraction of a point.
    Fractional(f64),
    /// Komi and penalties net to more points than a `u32` counts.
    Huge(f64),
    /// A side has more live stones than its bowl holds.
    Overfull {
        color: Color,
        on_board: u32,
        bowl: u32,
    },
    /// The receiver's bowl is short of its seki and compensation stones.
    ShortOfStones { color: Color, needs: u32, has: u32 },
    /// The payer's territory is short of room for the compensation.
    NoRoom { color: Color, needs: u32, has: u32 },
}

impl fmt::Display for NoIngCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NoIngCount::EvenPoints(n) => write!(
                f,
                "the board has {n} points; the bowls of (N-1)/2 stones need an odd number"
            ),
            NoIngCount::Fractional(points) => write!(
                f,
                "komi and penalties come to {} points, not a whole number",
                format_number(points)
            ),
            NoIngCount::Huge(points) => write!(
                f,
                "komi and penalties come to {} points, more than any board holds",
                format_number(points)
            ),
            NoIngCount::Overfull {
                color,
                on_board,
                bowl,
            } => write!(
                f,
                "{color} has {on_board} stones on the board, more than its bowl of {bowl}"
            ),
            NoIngCount::ShortOfStones { color, needs, has } => write!(
                f,
                "{color} has {has} stones left, short of the {needs} for seki and compensation"
            ),
            NoIngCount::NoRoom { color, needs, has } => write!(
                f,
                "{color}'s territory has {has} empty points, short of the {needs} the \
                 compensation takes"
            ),
        }
    }
}

impl std::error::Error for NoIngCount {}

/// Ing's count of `board` with the strings at `dead` removed. `komi` is
/// all the points White is given (komi and any handicap bonus);
/// `penalties` are each side's penalty points.
///
/// # Errors
/// When the position has no count, as [`NoIngCount`] says.
pub fn ing_count(
    board: &Board,
    dead: &[Point],
    komi: f64,
    penalties: ByColor<u32>,
) -> Result<IngCount, NoIngCount> {
    let size = board.size();
    let n = u32::from(size) * u32::from(size);
    if n % 2 == 0 {
        return Err(NoIngCount::EvenPoints(n));
    }
    // (n − 1) / 2 stones a side; n is odd.
    let bowl = n / 2;
    let mut compensation = compensation(komi, penalties)?;

    let mut is_dead = [false; MAX_POINTS];
    for &d in dead {
        if board.color_at(d).is_some() {
            for s in board.string_stones(d) {
                is_dead[s.index()] = true;
            }
        }
    }
    let owners = area_owners(board, dead);
    let mut territory: ByColor<Vec<Point>> = ByColor::default();
    let mut seki = Vec::new();
    let mut sides: ByColor<IngSide> = ByColor::default();
    for p in board.points() {
        let stone = board.color_at(p).filter(|_| !is_dead[p.index()]);
        match (stone, owners[p.index()]) {
            (Some(c), _) => sides[c].on_board += 1,
            (None, Some(c)) => territory[c].push(p),
            (None, None) => seki.push(p),
        }
    }
    let seki_points = seki.len() as u32;
    compensation.odd = (compensation.points % 2 == 1).then_some(if seki_points % 2 == 1 {
        OddPoint::Seki
    } else {
        OddPoint::Territory
    });
    let odd = compensation.odd;
    let reserved = |c: Color| -> u32 {
        u32::from(compensation.receiver == Some(!c) && odd == Some(OddPoint::Territory))
    };
    for c in Color::ALL {
        let side = &mut sides[c];
        side.territory = territory[c].len() as u32;
        side.in_bowl = bowl
            .checked_sub(side.on_board)
            .ok_or(NoIngCount::Overfull {
                color: c,
                on_board: side.on_board,
                bowl,
            })?;
        side.seki = seki_points / 2;
        if compensation.receiver == Some(c) {
            side.seki += u32::from(odd == Some(OddPoint::Seki));
            side.compensation = compensation.stones;
        }
        let needs = side.seki + side.compensation;
        if needs > side.in_bowl {
            return Err(NoIngCount::ShortOfStones {
                color: c,
                needs,
                has: side.in_bowl,
            });
        }
    }
    for c in Color::ALL {
        let paid_in = sides[!c].compensation + reserved(c);
        let room = sides[c]
            .territory
            .checked_sub(paid_in)
            .ok_or(NoIngCount::NoRoom {
                color: c,
                needs: paid_in,
                has: sides[c].territory,
            })?;
        let side = &mut sides[c];
        let hand = side.in_bowl - side.seki - side.compensation;
        side.fills = room.min(hand);
        side.winning = room - side.fills;
        side.losing = hand - side.fills;
    }

    let winner = Color::ALL.into_iter().find(|&c| sides[c].winning > 0);
    let (placed, left, result) = match winner {
        Some(w) => {
            let placed = sides[w].winning.min(sides[!w].losing);
            let left = sides[w].winning - placed;
            (
                placed,
                left,
                GameResult::Win(w, f64::from(2 * placed + left)),
            )
        }
        None => (0, 0, GameResult::Win(Color::Black, 0.0)),
    };

    let mut count = IngCount {
        bowl,
        seki_points,
        compensation,
        sides,
        placed,
        left,
        result,
        fill: Vec::new(),
        empty: Vec::new(),
    };
    count.lay_out(size, seki, territory);
    Ok(count)
}

/// The net compensation of `komi` (White's) and `penalties`.
fn compensation(komi: f64, penalties: ByColor<u32>) -> Result<Compensation, NoIngCount> {
    let net = komi + f64::from(penalties.black) - f64::from(penalties.white);
    let whole = net.round();
    if (net - whole).abs() > 1e-9 {
        return Err(NoIngCount::Fractional(net));
    }
    if whole.abs() > f64::from(u32::MAX) {
        return Err(NoIngCount::Huge(net));
    }
    let receiver = if whole > 0.0 {
        Some(Color::White)
    } else if whole < 0.0 {
        Some(Color::Black)
    } else {
        None
    };
    // Whole and within `u32`, as checked above.
    let points = whole.abs() as u32;
    Ok(Compensation {
        receiver,
        points,
        stones: points / 2,
        // Set once the seki points are known.
        odd: None,
    })
}

impl IngCount {
    /// Places every stone: seki points first (alternately black and
    /// white, the receiver's odd stone or an empty point last), then each
    /// territory from the corner nearest it: its winning points, the
    /// reserved point, the compensation stones, its own stones; last the
    /// losing stones on the winning points, the corner point the one left
    /// empty.
    fn lay_out(&mut self, size: u8, seki: Vec<Point>, mut territory: ByColor<Vec<Point>>) {
        let pairs = seki.len() / 2 * 2;
        for (i, &p) in seki.iter().enumerate() {
            let color = match (i < pairs, self.compensation.receiver) {
                (true, _) => Some(if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                }),
                (false, Some(r)) if self.compensation.odd == Some(OddPoint::Seki) => Some(r),
                (false, _) => None,
            };
            match color {
                Some(color) => self.fill.push(Fill {
                    point: p,
                    color,
                    kind: FillKind::Seki,
                }),
                None => self.empty.push(p),
            }
        }
        let mut winning: ByColor<Vec<Point>> = ByColor::default();
        for c in Color::ALL {
            let points = &mut territory[c];
            corner_first(points, size);
            let side = self.sides[c];
            let (win, rest) = points.split_at(side.winning as usize);
            winning[c] = win.to_vec();
            let mut rest = rest.iter().copied();
            let receiver = self.compensation.receiver;
            if receiver == Some(!c) && self.compensation.odd == Some(OddPoint::Territory) {
                self.empty.extend(rest.next());
            }
            let paid_in = self.sides[!c].compensation as usize;
            for p in rest.by_ref().take(paid_in) {
                self.fill.push(Fill {
                    point: p,
                    color: !c,
                    kind: FillKind::Compensation,
                });
            }
            for p in rest {
                self.fill.push(Fill {
                    point: p,
                    color: c,
                    kind: FillKind::Territory,
                });
            }
        }
        if let GameResult::Win(w, _) = self.result {
            let win = &winning[w];
            let left = self.left as usize;
            self.empty.extend(&win[..left.min(win.len())]);
            for &p in win.iter().skip(left) {
                self.fill.push(Fill {
                    point: p,
                    color: !w,
                    kind: FillKind::Losing,
                });
            }
        }
    }
}

/// Sorts `points` nearest first to the board corner nearest them (the
/// first of A1, the lower right, the upper left, the upper right on a
/// tie), then in board order.
fn corner_first(points: &mut [Point], size: u8) {
    let last = size - 1;
    let corners = [(0, 0), (last, 0), (0, last), (last, last)];
    let distance = |p: Point, (cx, cy): (u8, u8)| {
        let (x, y) = p.coords();
        u32::from(x.abs_diff(cx)) + u32::from(y.abs_diff(cy))
    };
    let nearest = corners.into_iter().min_by_key(|&corner| {
        points
            .iter()
            .map(|&p| distance(p, corner))
            .min()
            .unwrap_or(0)
    });
    if let Some(corner) = nearest {
        points.sort_by_key(|&p| (distance(p, corner), p.index()));
    }
}

#[cfg(test)]
mod tests;
