//! The game clock and thinking time per move.
//!
//! Controllers differ in what they tell the engine: GoGui sends
//! `time_left` before every `genmove`, kgsGtp sends it too, but
//! gogui-twogtp sends only `time_settings` and Sabaki nothing at all. So
//! [`TimeControl`] keeps each side's clock itself, charging the wall time
//! every `genmove` took ([`TimeControl::charge`]), and lets `time_left`
//! overwrite that whenever it arrives. [`TimeControl::plan`] turns the
//! clock into a [`Budget`]; it is pure arithmetic on what it is given, so
//! whole games can be simulated in unit tests.
//!
//! Ing's penalty-point time ([`Clock::IngPenalty`], schedule in
//! [`penalty`]) is absolute time with a price list after it: the clock
//! also keeps each side's overtime, and [`TimeControl::penalty_plan`]
//! plans to finish within the current step of the schedule, offering the
//! next step's time only when it would let the move think longer.

pub mod penalty;

use std::time::Duration;

use self::penalty::{standing, step_end, step_length, Standing, STEPS};
use super::player::Budget;
use crate::board::{ByColor, Color};

/// The clock agreed for the game, in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Clock {
    /// No time limit: think for the default time per move.
    Unlimited,
    /// Main time then Canadian byo-yomi: `stones` moves per `byo_time`.
    /// `byo_time == 0` or `stones == 0` means absolute time.
    Canadian {
        main: f64,
        byo_time: f64,
        stones: u32,
    },
    /// Main time then `periods` Japanese periods of `byo_time`.
    /// `byo_time == 0` or `periods == 0` means absolute time.
    Japanese {
        main: f64,
        byo_time: f64,
        periods: u32,
    },
    /// Ing's penalty-point time: `base` seconds each, then overtime paid
    /// in penalty points ([`penalty`]).
    IngPenalty { base: f64 },
}

/// Byo-yomi that follows main time.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ByoYomi {
    Canadian { time: f64, stones: u32 },
    Japanese { time: f64, periods: u32 },
}

impl Clock {
    /// Main time; infinite without a limit.
    fn main(self) -> f64 {
        match self {
            Clock::Unlimited => f64::INFINITY,
            Clock::Canadian { main, .. } | Clock::Japanese { main, .. } => main,
            Clock::IngPenalty { base } => base,
        }
    }

    fn byo_yomi(self) -> Option<ByoYomi> {
        match self {
            Clock::Canadian {
                byo_time, stones, ..
            } if byo_time > 0.0 && stones > 0 => Some(ByoYomi::Canadian {
                time: byo_time,
                stones,
            }),
            Clock::Japanese {
                byo_time, periods, ..
            } if byo_time > 0.0 && periods > 0 => Some(ByoYomi::Japanese {
                time: byo_time,
                periods,
            }),
            _ => None,
        }
    }

    /// The clock of a side that has not moved yet.
    fn start(self) -> Left {
        match self.byo_yomi() {
            Some(ByoYomi::Canadian { time, stones }) if self.main() <= 0.0 => Left::ByoYomi {
                time,
                count: stones,
            },
            Some(ByoYomi::Japanese { time, periods }) if self.main() <= 0.0 => Left::ByoYomi {
                time,
                count: periods,
            },
            _ => Left::Main(self.main().max(0.0)),
        }
    }
}

/// What is left on one side's clock, as `time_left` states it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Left {
    /// Seconds of main time (infinite without a limit). Zero with no
    /// byo-yomi to follow means out of time.
    Main(f64),
    /// In byo-yomi: seconds left in the current period, and the stones
    /// still to play in it (Canadian) or the periods left counting this one
    /// (Japanese, as KGS sends it). Out of time when `time` is 0 and the
    /// period does not restart.
    ByoYomi { time: f64, count: u32 },
}

impl Left {
    /// The state `time_left color time stones` describes: stones 0 means
    /// main time.
    pub fn from_gtp(time: f64, stones: u32) -> Left {
        if stones == 0 {
            Left::Main(time)
        } else {
            Left::ByoYomi {
                time,
                count: stones,
            }
        }
    }
}

/// The clock settings and where each side's clock stands.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    pub clock: Clock,
    /// Tracked by [`TimeControl::charge`], overwritten by `time_left`.
    pub left: ByColor<Left>,
    /// Under [`Clock::IngPenalty`]: seconds each side has used past its
    /// base time (0 within it). Tracked by [`TimeControl::charge`], set
    /// back by `time_left` and by reported penalty points.
    pub overtime: ByColor<f64>,
    /// Thinking time per move when there is no limit.
    pub default_per_move: Duration,
}

/// The least search time, so that even a nearly empty clock answers with
/// a move a little better than random instead of losing on time.
const MIN_THINK: f64 = 0.02;
/// No budget is longer than this (keeps `Duration` conversion in range
/// whatever `time_settings` said).
const MAX_THINK: f64 = 1e6;
/// The search's budget is not the whole cost of a move: process and pipe
/// latency, the GUI's own bookkeeping and network lag on a server add to
/// it. This much is kept back from every stretch of time.
const LAG_RESERVE: f64 = 0.3;
/// ... plus this fraction of the stretch, for lag that grows with the
/// number of moves played in it.
const LAG_FRACTION: f64 = 0.05;
/// Pachi's fuseki ramp on boards of at least `FUSEKI_MIN_SIZE`: below this
/// fraction of the board filled, think less, from `OPENING_FACTOR` of the
/// share at the empty board up to the middle game's ([`moves_at_yose`]);
/// the saving goes to the middle game, where moves matter more. A small
/// board has no quiet opening: its fights start within the first ten
/// moves.
const FUSEKI_END: f64 = 0.2;
const OPENING_FACTOR: f64 = 0.5;
const FUSEKI_MIN_SIZE: f64 = 13.0;
/// What one move costs beyond its budget, in our own process and in the
/// controller's: main time keeps this much back for every move still
/// expected, and for at least `MIN_MOVES_LEFT` of them on every board, so
/// that a long endgame still gets `MIN_THINK` per move.
const MOVE_OVERHEAD: f64 = 0.05;
/// Pachi's floor on the moves still to play. Until the endgame
/// (`YOSE_START` of the board filled, all of it from `YOSE_FULL` on) a
/// smaller board scales it by its side (9x9: 14.2): with 30, every 9x9
/// move would take a thirtieth of the clock, and a game decided by move
/// 50 would end with most of the clock unused. In the endgame the
/// clock is drawn down slowly again, so that a long game never runs out.
const MIN_MOVES_LEFT: f64 = 30.0;
const YOSE_START: f64 = 0.4;
const YOSE_FULL: f64 = 0.7;
/// How far past its target a move may go when the top moves are close.
const EXTEND: f64 = 2.5;
/// Never more than this share of the usable main time on one move when no
/// byo-yomi follows: even a run of maximal moves then leaves time geometric
/// in the number of moves.
const MAIN_CAP: f64 = 1.0 / 16.0;
/// Japanese byo-yomi: the target is this share of the usable period; the
/// whole usable period is the maximum.
const JAPANESE_TARGET: f64 = 0.8;
/// Penalty-point time: in the last step, whose end loses the game, a
/// move is planned on this share of what is left of it, so that the
/// moves' lag never carries the side to the loss.
const LAST_STEP_SHARE: f64 = 0.5;
/// Overtime of a side charged with a move after its base time ran out,
/// however short the move: its clock was running past the base time.
const EXCEEDED: f64 = 1e-9;

/// Seconds of `stretch` that may be spent, after the lag reserve.
fn usable(stretch: f64) -> f64 {
    let reserve = (LAG_RESERVE + LAG_FRACTION * stretch).min(0.5 * stretch);
    (stretch - reserve).max(0.0)
}

/// Moves `color` still has to play: Fuego's estimate (a quarter of the
/// board stays empty, at least 1.5 moves per line), but never fewer than
/// the floor for the board's size and stage, so that the endgame, however
/// long, draws the clock down slowly.
fn moves_left(empty_points: usize, area: usize) -> f64 {
    let (empty, area) = (empty_points as f64, area as f64);
    let filled = 1.0 - empty / area.max(1.0);
    let small = MIN_MOVES_LEFT * (area.sqrt() / 19.0).min(1.0);
    let yose = ((filled - YOSE_START) / (YOSE_FULL - YOSE_START)).clamp(0.0, 1.0);
    let floor = small + (MIN_MOVES_LEFT - small) * yose;
    ((empty - 0.25 * area).max(3.0 * area.sqrt()) / 2.0).max(floor)
}

/// The moves `color` will still have to play when the endgame begins
/// (`YOSE_START` of the board filled): [`moves_left`] less the moves until
/// then, never under the floor. Pachi's middle game, on boards of at
/// least `FUSEKI_MIN_SIZE`, shares the clock over these only, as if the
/// endgame were all that is left after this move: it thinks about twice
/// the even share while the game is decided, and the endgame, played
/// faster, takes the rest.
fn moves_at_yose(empty_points: usize, area: usize) -> f64 {
    let (empty, size) = (empty_points as f64, area as f64);
    let to_yose = ((YOSE_START * size - (size - empty)) / 2.0).max(0.0);
    (moves_left(empty_points, area) - to_yose).max(MIN_MOVES_LEFT)
}

/// The share of `usable` seconds of main time for the next move at this
/// stage of the game. On big boards (`FUSEKI_MIN_SIZE`), from the empty
/// board to `FUSEKI_END` filled, it ramps from `OPENING_FACTOR` of the
/// even share up to the middle game's ([`moves_at_yose`]), which holds
/// until the endgame; then, as on small boards throughout, it is the
/// even share over [`moves_left`].
fn stage_share(usable: f64, empty_points: usize, area: usize) -> f64 {
    let moves = moves_left(empty_points, area);
    let even = usable / moves;
    let filled = 1.0 - empty_points as f64 / (area as f64).max(1.0);
    if (area as f64).sqrt() < FUSEKI_MIN_SIZE || filled >= YOSE_START {
        return even;
    }
    let middle = (usable / moves_at_yose(empty_points, area)).max(even);
    if filled < FUSEKI_END {
        let beta = filled.max(0.0) / FUSEKI_END;
        (1.0 - beta) * OPENING_FACTOR * even + beta * middle
    } else {
        middle
    }
}

/// Target and maximum for one Canadian stone when `time` is left for
/// `stones` of them: the even share, and a maximum that still leaves the
/// other stones at least `n / (n + 1)` of their share.
fn canadian(time: f64, stones: u32) -> (f64, f64) {
    let u = usable(time);
    let n = f64::from(stones.max(1));
    (u / n, 2.0 * u / (n + 1.0))
}

/// Target and maximum for one move in a Japanese period with `time` left.
fn japanese(time: f64) -> (f64, f64) {
    let u = usable(time);
    (JAPANESE_TARGET * u, u)
}

fn seconds(x: f64) -> Duration {
    Duration::from_secs_f64(if x.is_nan() {
        MIN_THINK
    } else {
        x.clamp(MIN_THINK, MAX_THINK)
    })
}

impl TimeControl {
    pub fn new(default_per_move: Duration) -> TimeControl {
        TimeControl {
            clock: Clock::Unlimited,
            left: ByColor::new(Left::Main(f64::INFINITY), Left::Main(f64::INFINITY)),
            overtime: ByColor::new(0.0, 0.0),
            default_per_move,
        }
    }

    /// Sets the clock; both sides start with all of it.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
        self.reset();
    }

    /// A new game: the same clock, full again for both sides.
    pub fn reset(&mut self) {
        let start = self.clock.start();
        self.left = ByColor::new(start, start);
        self.overtime = ByColor::new(0.0, 0.0);
    }

    /// What `time_left color time stones` said. Under penalty-point time
    /// (which has no byo-yomi, so `stones` is not read) `time` is what is
    /// left of the base time: more than 0 means no overtime yet.
    pub fn set_left(&mut self, color: Color, time: f64, stones: u32) {
        if let Clock::IngPenalty { .. } = self.clock {
            self.left[color] = Left::Main(time);
            if time > 0.0 {
                self.overtime[color] = 0.0;
            }
            return;
        }
        self.left[color] = Left::from_gtp(time, stones);
    }

    /// Where `color` stands on the penalty schedule; `None` unless the
    /// clock is penalty-point time.
    pub fn penalty(&self, color: Color) -> Option<Standing> {
        match self.clock {
            Clock::IngPenalty { base } => Some(standing(base, self.overtime[color])),
            _ => None,
        }
    }

    /// A controller's word that `color` is in overtime step `step`
    /// (penalty points `2·step`): its overtime moves into that step (to
    /// the step's start if it was before, to its end if after), and a
    /// side in overtime has no base time left. Nothing happens unless the
    /// clock is penalty-point time.
    pub fn set_step(&mut self, color: Color, step: u32) {
        let Clock::IngPenalty { base } = self.clock else {
            return;
        };
        let step = step.min(STEPS);
        if step == 0 {
            self.overtime[color] = 0.0;
            return;
        }
        let (start, end) = (step_end(base, step - 1), step_end(base, step));
        self.overtime[color] = self.overtime[color].clamp(start.max(EXCEEDED), end);
        self.left[color] = Left::Main(0.0);
    }

    /// Penalty-point time's charge: base time first, then overtime.
    fn charge_penalty(&mut self, color: Color, e: f64) {
        let m = match self.left[color] {
            Left::Main(m) => m,
            Left::ByoYomi { time, .. } => time,
        };
        if e < m {
            self.left[color] = Left::Main(m - e);
            return;
        }
        let over = e - m.max(0.0);
        if over > 0.0 || m <= 0.0 {
            self.overtime[color] = (self.overtime[color] + over).max(EXCEEDED);
        }
        self.left[color] = Left::Main(0.0);
    }

    /// Charges `color`'s clock with the wall time one of its moves took.
    pub fn charge(&mut self, color: Color, elapsed: Duration) {
        let e = elapsed.as_secs_f64();
        if let Clock::IngPenalty { .. } = self.clock {
            return self.charge_penalty(color, e);
        }
        let byo = self.clock.byo_yomi();
        self.left[color] = match self.left[color] {
            Left::Main(m) if e < m => Left::Main(m - e),
            Left::Main(m) => match byo {
                None => Left::Main(0.0),
                // The move that runs out of main time is not counted as a
                // stone of the period: if the controller counts it, the
                // tracked clock is only behind, never ahead.
                Some(ByoYomi::Canadian { time, stones }) => Left::ByoYomi {
                    time: (time - (e - m)).max(0.0),
                    count: stones,
                },
                Some(ByoYomi::Japanese { time, periods }) => {
                    let lost = ((e - m) / time).floor();
                    japanese_after(time, f64::from(periods) - lost)
                }
            },
            Left::ByoYomi { time, count } => match byo {
                Some(ByoYomi::Japanese { time: period, .. }) => {
                    // A move inside the period restarts it; each period
                    // overrun costs one.
                    let lost = if e < time {
                        0.0
                    } else {
                        1.0 + ((e - time) / period).floor()
                    };
                    japanese_after(period, f64::from(count) - lost)
                }
                _ if e > time => Left::ByoYomi {
                    time: 0.0,
                    count: count.max(1),
                },
                _ if count > 1 => Left::ByoYomi {
                    time: time - e,
                    count: count - 1,
                },
                Some(ByoYomi::Canadian { time, stones }) => Left::ByoYomi {
                    time,
                    count: stones,
                },
                // `time_left` put a clock without byo-yomi into a period:
                // its length is unknown, so what is left is all there is.
                _ => Left::Main(time - e),
            },
        };
    }

    /// The budget for `color`'s next move with `empty_points` empty points
    /// on a board of `area` points.
    pub fn plan(&self, color: Color, empty_points: usize, area: usize) -> Budget {
        let left = self.left[color];
        let byo = self.clock.byo_yomi();
        let (target, max) = match left {
            Left::Main(m) if m.is_infinite() => return Budget::time(self.default_per_move),
            Left::Main(m) => {
                let (target, max) = main_time(m, empty_points, area);
                // Main time is never spent faster than byo-yomi would be.
                match byo {
                    None => (target, max),
                    Some(b) => {
                        let (bt, bm) = match b {
                            ByoYomi::Canadian { time, stones } => canadian(time, stones),
                            ByoYomi::Japanese { time, .. } => japanese(time),
                        };
                        (target.max(bt), max.max(bm))
                    }
                }
            }
            Left::ByoYomi { time, count } => match byo {
                Some(ByoYomi::Japanese { .. }) => japanese(time),
                _ => canadian(time, count),
            },
        };
        log::debug!("clock {color}: {left:?}");
        budget(target, max)
    }

    /// Under penalty-point time, the plan for `color`'s next move when
    /// `points` penalty points are charged to it (the game's count, which
    /// a controller may have set beyond what this clock saw): `None`
    /// under any other clock.
    ///
    /// The side is in the step of the schedule its overtime or its points
    /// put it in, whichever is later. `within` shares what is left of
    /// that step over the rest of the game as absolute time does (in the
    /// last step, [`LAST_STEP_SHARE`] of it). `cross` is the plan were
    /// the move to go on into the next step, paying its points: offered
    /// only before the last step's end and only when it would give the
    /// move a longer target than `within`'s maximum.
    pub fn penalty_plan(
        &self,
        color: Color,
        empty_points: usize,
        area: usize,
        points: u32,
    ) -> Option<PenaltyPlan> {
        let Clock::IngPenalty { base } = self.clock else {
            return None;
        };
        let over = self.overtime[color];
        let step = match standing(base, over) {
            Standing::Step(k) => k.max((points / penalty::STEP_POINTS).min(STEPS)),
            Standing::Lost => {
                log::warn!("clock {color}: past the penalty-point time's loss");
                let least = budget(0.0, 0.0);
                return Some(PenaltyPlan {
                    step: STEPS + 1,
                    within: least,
                    cross: None,
                });
            }
        };
        let left = match (step, self.left[color]) {
            (0, Left::Main(m)) => m,
            (0, Left::ByoYomi { time, .. }) => time,
            // Points beyond the overtime put it at their step's start.
            (k, _) => step_end(base, k) - over.max(step_end(base, k - 1)),
        }
        .max(0.0);
        let plan = |k: u32, left: f64| {
            let spend = if k == STEPS {
                LAST_STEP_SHARE * left
            } else {
                left
            };
            main_time(spend, empty_points, area)
        };
        let (target, max) = plan(step, left);
        let cross = (step < STEPS)
            .then(|| plan(step + 1, left + step_length(base)))
            .filter(|&(t, _)| t > max)
            .map(|(t, m)| budget(t, m));
        log::debug!("clock {color}: step {step}, {left:.2} s left in it, overtime {over:.2} s");
        Some(PenaltyPlan {
            step,
            within: budget(target, max),
            cross,
        })
    }
}

/// A move's plan under penalty-point time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PenaltyPlan {
    /// The step of the schedule the side is in (0: base time;
    /// `STEPS + 1`: past the loss).
    pub step: u32,
    /// The budget that keeps the move within the step.
    pub within: Budget,
    /// The budget were the move to go on into the next step.
    pub cross: Option<Budget>,
}

/// Target and maximum for a move with `m` seconds of main time and no
/// byo-yomi after it.
fn main_time(m: f64, empty_points: usize, area: usize) -> (f64, f64) {
    let moves = moves_left(empty_points, area);
    let kept = (MIN_THINK + MOVE_OVERHEAD) * moves.max(MIN_MOVES_LEFT);
    let u = (usable(m) - kept).max(0.0);
    let share = stage_share(u, empty_points, area);
    let cap = MAIN_CAP * u;
    let target = share.min(cap);
    (target, (EXTEND * target).min(cap))
}

/// A time budget, within [`MIN_THINK`] and [`MAX_THINK`].
fn budget(target: f64, max: f64) -> Budget {
    let target = seconds(target);
    let max = seconds(max).max(target);
    log::debug!("think {target:?} up to {max:?}");
    Budget::Time { target, max }
}

/// A Japanese clock after a move, with `periods` left (possibly none).
fn japanese_after(period: f64, periods: f64) -> Left {
    if periods >= 1.0 {
        Left::ByoYomi {
            time: period,
            count: periods as u32,
        }
    } else {
        Left::ByoYomi {
            time: 0.0,
            count: 0,
        }
    }
}

#[cfg(test)]
mod penalty_tests;
#[cfg(test)]
mod tests;
