//! Thinking time per move from GTP time settings (`time_settings`,
//! `kgs-time_settings`, `time_left`), with a default when no clock is set.

use std::time::Duration;

use crate::board::{ByColor, Color};

/// The clock agreed for the game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Clock {
    /// No time limit: think for the default time per move.
    Unlimited,
    /// Main time then Canadian byo-yomi: `stones` moves per `byo_time`.
    /// `byo_time == 0` means absolute time.
    Canadian {
        main: f64,
        byo_time: f64,
        stones: u32,
    },
    /// Main time then `periods` Japanese periods of `byo_time`.
    Japanese {
        main: f64,
        byo_time: f64,
        periods: u32,
    },
}

/// Clock plus what `time_left` last said for each colour.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    pub clock: Clock,
    /// Seconds left and stones (or periods) left, from `time_left`.
    pub left: ByColor<Option<(f64, u32)>>,
    /// Thinking time per move when there is no limit.
    pub default_per_move: Duration,
}

/// Kept back for network lag and process start-up.
const SAFETY: f64 = 0.5;

impl TimeControl {
    pub fn new(default_per_move: Duration) -> TimeControl {
        TimeControl {
            clock: Clock::Unlimited,
            left: ByColor::default(),
            default_per_move,
        }
    }

    /// Sets the clock; what `time_left` said before no longer holds.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
        self.left = ByColor::default();
    }

    /// Time to think for `color`'s next move with `empty_points` empty
    /// points on a board of `area` points.
    pub fn budget(&self, color: Color, empty_points: usize, area: usize) -> Duration {
        // Moves still to play by one side (Fuego's estimate).
        let moves_left =
            ((empty_points as f64 - 0.25 * area as f64).max(3.0 * (area as f64).sqrt()) / 2.0)
                .max(1.0);
        let (main, byo_time, byo_moves) = match self.clock {
            Clock::Unlimited => return self.default_per_move,
            Clock::Canadian {
                main,
                byo_time,
                stones,
            } => (main, byo_time, stones.max(1)),
            Clock::Japanese { main, byo_time, .. } => (main, byo_time, 1),
        };
        let seconds = match self.left[color] {
            // In byo-yomi: the period's time over its stones (Canadian), or
            // one period (Japanese, where the number is periods left).
            Some((time, stones)) if stones > 0 => match self.clock {
                Clock::Japanese { .. } => byo_time.min(time),
                _ => time / f64::from(stones),
            },
            Some((time, _)) => {
                time / moves_left
                    + if byo_time > 0.0 {
                        byo_time / f64::from(byo_moves)
                    } else {
                        0.0
                    }
            }
            None if main > 0.0 => main / moves_left,
            None => byo_time / f64::from(byo_moves),
        };
        let seconds = if seconds.is_finite() {
            seconds - SAFETY
        } else {
            0.0
        };
        Duration::from_secs_f64(seconds.clamp(0.05, 1e6))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_uses_the_default() {
        let t = TimeControl::new(Duration::from_secs(2));
        assert_eq!(t.budget(Color::Black, 81, 81), Duration::from_secs(2));
    }

    #[test]
    fn main_time_is_spread_over_the_moves_left() {
        let mut t = TimeControl::new(Duration::from_secs(2));
        t.set_clock(Clock::Canadian {
            main: 600.0,
            byo_time: 0.0,
            stones: 0,
        });
        let b = t.budget(Color::Black, 361, 361);
        assert!(
            b > Duration::from_secs(2) && b < Duration::from_secs(10),
            "{b:?}"
        );
        t.left.black = Some((10.0, 0));
        assert!(t.budget(Color::Black, 361, 361) < Duration::from_millis(200));
    }

    #[test]
    fn byo_yomi_divides_the_period() {
        let mut t = TimeControl::new(Duration::from_secs(2));
        t.set_clock(Clock::Canadian {
            main: 0.0,
            byo_time: 300.0,
            stones: 25,
        });
        t.left.white = Some((100.0, 10));
        let b = t.budget(Color::White, 100, 361).as_secs_f64();
        assert!((b - 9.5).abs() < 1e-9, "{b}");
        t.set_clock(Clock::Japanese {
            main: 0.0,
            byo_time: 30.0,
            periods: 5,
        });
        t.left.white = Some((30.0, 5));
        assert!((t.budget(Color::White, 100, 361).as_secs_f64() - 29.5).abs() < 1e-9);
    }
}
