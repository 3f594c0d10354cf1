//! Tests of the clock and the time per move: budgets computed by hand,
//! and whole games simulated against the clock.

use super::*;

fn canadian_clock(main: f64, byo_time: f64, stones: u32) -> TimeControl {
    let mut t = TimeControl::new(Duration::from_secs(2));
    t.set_clock(Clock::Canadian {
        main,
        byo_time,
        stones,
    });
    t
}

fn japanese_clock(main: f64, byo_time: f64, periods: u32) -> TimeControl {
    let mut t = TimeControl::new(Duration::from_secs(2));
    t.set_clock(Clock::Japanese {
        main,
        byo_time,
        periods,
    });
    t
}

fn target_max(b: Budget) -> (f64, f64) {
    match b {
        Budget::Time { target, max } => (target.as_secs_f64(), max.as_secs_f64()),
        Budget::Playouts(_) => panic!("a clock gives time budgets"),
    }
}

/// Plays `moves` moves for Black on a `size`x`size` board (two stones a
/// move pair, no captures, the board never fuller than 90%), each
/// taking what `cost` says of the budget, and checks the clock before
/// each charge: in byo-yomi a move must fit in what is left of its
/// period. Returns the total time charged and the final clock.
fn simulate(
    t: &mut TimeControl,
    size: usize,
    moves: usize,
    cost: impl Fn(f64, f64) -> f64,
) -> (f64, Left) {
    let area = size * size;
    let mut total = 0.0;
    for i in 0..moves {
        let empty = area.saturating_sub(2 * i).max(area / 10);
        let (target, max) = target_max(t.plan(Color::Black, empty, area));
        assert!(target >= MIN_THINK && max >= target, "{target} {max}");
        let e = cost(target, max);
        if let Left::ByoYomi { time, count } = t.left.black {
            assert!(count > 0, "out of periods at move {i}");
            assert!(e < time, "move {i} takes {e} s with {time} s in the period");
        }
        t.charge(Color::Black, Duration::from_secs_f64(e));
        total += e;
    }
    (total, t.left.black)
}

#[test]
fn unlimited_uses_the_default() {
    let t = TimeControl::new(Duration::from_secs(2));
    assert_eq!(
        t.plan(Color::Black, 81, 81),
        Budget::time(Duration::from_secs(2))
    );
    let mut t = canadian_clock(100.0, 0.0, 0);
    t.set_clock(Clock::Unlimited);
    t.charge(Color::White, Duration::from_secs(50));
    assert_eq!(t.left.white, Left::Main(f64::INFINITY));
    assert_eq!(
        t.plan(Color::White, 81, 81),
        Budget::time(Duration::from_secs(2))
    );
}

/// The floor of moves still to play scales with the side on 9x9: with
/// 30 moves, every 9x9 move took a thirtieth of the clock, and games
/// decided by move 50 ended with 60% of a one-minute clock unused
/// (issue 20).
#[test]
fn absolute_first_move_by_hand() {
    // 60 s on 9x9: 60 - 0.3 - 3 = 56.7 s after the lag reserve, less
    // 0.07 s for each of max(81 - 20.25, 27) / 2 = 30.375 moves left;
    // a whole share on the empty board of a small board, up to 2.5
    // times as much but never over a sixteenth of what is usable.
    let t = canadian_clock(60.0, 0.0, 0);
    let (target, max) = target_max(t.plan(Color::Black, 81, 81));
    let u = 56.7 - 0.07 * 30.375;
    assert!((target - u / 30.375).abs() < 1e-6, "{target}");
    assert!((max - u / 16.0).abs() < 1e-6, "{max}");
    // The middle game: Fuego's estimate, above the floor of 30 * 9 /
    // 19 moves (but the overhead of 30 moves kept back); a share
    // that large is capped at a sixteenth.
    let mut t = t;
    t.set_left(Color::Black, 40.0, 0);
    let (target, max) = target_max(t.plan(Color::Black, 61, 81));
    // (61 - 20.25) / 2 = 20.4 moves left, over 16.
    let moves = (61.0 - 20.25) / 2.0;
    let u = 40.0 - 0.3 - 2.0 - 0.07 * 30.0;
    assert!((target - u / moves).abs() < 1e-6, "{target}");
    assert!((max - u / 16.0).abs() < 1e-6, "{max}");
    // 49 empty: (49 - 20.25) / 2 = 14.4 moves left, under 16.
    let (target, _) = target_max(t.plan(Color::Black, 49, 81));
    assert!((target - u / 16.0).abs() < 1e-6, "{target}");
    // The endgame (more than 70% filled): 30 moves left at least.
    t.set_left(Color::Black, 4.0, 0);
    let (target, max) = target_max(t.plan(Color::Black, 10, 81));
    let u = 4.0 - 0.3 - 0.2 - 0.07 * 30.0;
    assert!((target - u / 30.0).abs() < 1e-6, "{target}");
    assert!((max - u / 16.0).abs() < 1e-6, "{max}");
    // 19x19, 300 s: half a share on the empty board (Pachi's fuseki
    // ramp), 30 moves left at least late in the game.
    let t = canadian_clock(300.0, 0.0, 0);
    let (target, _) = target_max(t.plan(Color::Black, 361, 361));
    let moves = (361.0 - 0.25 * 361.0) / 2.0;
    let u = 300.0 - 0.3 - 15.0 - 0.07 * moves;
    assert!((target - 0.5 * u / moves).abs() < 1e-6, "{target}");
    let (target, _) = target_max(t.plan(Color::Black, 100, 361));
    let u = 300.0 - 0.3 - 15.0 - 0.07 * 30.0;
    assert!((target - u / 30.0).abs() < 1e-6, "{target}");
}

#[test]
fn absolute_60_s_game_on_9x9_never_runs_out() {
    for (name, cost) in [
        (
            "target",
            Box::new(|t: f64, _| t) as Box<dyn Fn(f64, f64) -> f64>,
        ),
        ("max", Box::new(|_, m| m)),
        // Every move 50 ms slower than its budget (process, pipe, GUI).
        ("max + 50 ms", Box::new(|_, m| m + 0.05)),
    ] {
        let mut t = canadian_clock(60.0, 0.0, 0);
        let (total, left) = simulate(&mut t, 9, 60, &cost);
        assert!(total < 60.0, "{name}: {total}");
        assert!(matches!(left, Left::Main(m) if m > 0.0), "{name}: {left:?}");
    }
    // Longer games, every move 50 ms over: the floor keeps answering,
    // up to and past the match runner's limit of 243 moves in all.
    let mut t = canadian_clock(60.0, 0.0, 0);
    let (total, _) = simulate(&mut t, 9, 100, |_, m| m + 0.05);
    assert!(total < 60.0, "{total}");
    let mut t = canadian_clock(60.0, 0.0, 0);
    let (total, _) = simulate(&mut t, 9, 130, |t, _| t + 0.05);
    assert!(total < 60.0, "{total}");
    // The first moves of the game get less than the middle game,
    // where fewer moves are left to share the clock.
    let t = canadian_clock(60.0, 0.0, 0);
    let opening = target_max(t.plan(Color::Black, 81, 81)).0;
    let middle = target_max(t.plan(Color::Black, 57, 81)).0;
    assert!(opening < middle, "{opening} {middle}");
}

#[test]
fn absolute_on_19x19_and_nearly_out() {
    let mut t = canadian_clock(600.0, 0.0, 0);
    let (total, _) = simulate(&mut t, 19, 250, |t, _| t + 0.05);
    assert!(total < 600.0, "{total}");
    let mut t = canadian_clock(600.0, 0.0, 0);
    let (total, _) = simulate(&mut t, 19, 180, |_, m| m + 0.05);
    assert!(total < 600.0, "{total}");
    // Almost nothing left: still answers, at the floor.
    t.set_left(Color::Black, 0.01, 0);
    let (target, max) = target_max(t.plan(Color::Black, 100, 361));
    assert_eq!((target, max), (MIN_THINK, MIN_THINK));
    t.charge(Color::Black, Duration::from_millis(30));
    assert_eq!(t.left.black, Left::Main(0.0));
}

#[test]
fn canadian_game_never_overruns_a_period() {
    // 60 s main, then 30 s per 10 stones.
    for cost in [|t: f64, _| t, |_, m: f64| m, |_, m: f64| m + 0.05] {
        let mut t = canadian_clock(60.0, 30.0, 10);
        let (_, left) = simulate(&mut t, 9, 150, cost);
        assert!(matches!(left, Left::ByoYomi { time, .. } if time > 0.0));
    }
    // Byo-yomi only: 30 s per 10 stones from the first move.
    let mut t = canadian_clock(0.0, 30.0, 10);
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 30.0,
            count: 10
        }
    );
    let (target, max) = target_max(t.plan(Color::Black, 81, 81));
    let u: f64 = 30.0 - 0.3 - 1.5;
    assert!((target - u / 10.0).abs() < 1e-6, "{target}");
    assert!((max - 2.0 * u / 11.0).abs() < 1e-6, "{max}");
    simulate(&mut t, 19, 150, |_, m| m + 0.05);
}

#[test]
fn canadian_periods_restart_after_their_stones() {
    let mut t = canadian_clock(10.0, 30.0, 3);
    // 12 s: main runs out 2 s into the period; that move is not a stone.
    t.charge(Color::White, Duration::from_secs(12));
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 28.0,
            count: 3
        }
    );
    t.charge(Color::White, Duration::from_secs(8));
    t.charge(Color::White, Duration::from_secs(8));
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 12.0,
            count: 1
        }
    );
    t.charge(Color::White, Duration::from_secs(11));
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 30.0,
            count: 3
        }
    );
    // Overrunning the period loses: the floor from then on.
    t.charge(Color::White, Duration::from_secs(31));
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 0.0,
            count: 3
        }
    );
    assert_eq!(
        target_max(t.plan(Color::White, 50, 81)),
        (MIN_THINK, MIN_THINK)
    );
    assert_eq!(t.left.black, Left::Main(10.0), "the other side's clock");
}

#[test]
fn japanese_game_keeps_every_period() {
    // kgs-time_settings byoyomi 10 5 3 on 9x9.
    for cost in [|t: f64, _| t, |_, m: f64| m, |_, m: f64| m + 0.05] {
        let mut t = japanese_clock(10.0, 5.0, 3);
        let (total, left) = simulate(&mut t, 9, 150, cost);
        assert_eq!(
            left,
            Left::ByoYomi {
                time: 5.0,
                count: 3
            }
        );
        // Byo-yomi is used, not wasted: most of each period.
        assert!(total > 150.0 * 0.7 * 4.45 * 0.8, "{total}");
    }
    // A period by hand: usable 5 - 0.3 - 0.25 = 4.45 s.
    let t = japanese_clock(0.0, 5.0, 3);
    let (target, max) = target_max(t.plan(Color::Black, 60, 81));
    assert!((target - 0.8 * 4.45).abs() < 1e-6, "{target}");
    assert!((max - 4.45).abs() < 1e-6, "{max}");
}

#[test]
fn japanese_overruns_cost_periods() {
    let mut t = japanese_clock(10.0, 5.0, 3);
    // 17 s: 7 s past main time, one whole period lost.
    t.charge(Color::Black, Duration::from_secs(17));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 5.0,
            count: 2
        }
    );
    t.charge(Color::Black, Duration::from_secs(4));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 5.0,
            count: 2
        }
    );
    t.charge(Color::Black, Duration::from_secs(6));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 5.0,
            count: 1
        }
    );
    t.charge(Color::Black, Duration::from_secs(5));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 0.0,
            count: 0
        }
    );
    assert_eq!(
        target_max(t.plan(Color::Black, 50, 81)),
        (MIN_THINK, MIN_THINK)
    );
}

#[test]
fn time_left_overrides_the_tracked_clock() {
    let mut t = canadian_clock(60.0, 0.0, 0);
    t.charge(Color::Black, Duration::from_secs(10));
    assert_eq!(t.left.black, Left::Main(50.0));
    t.set_left(Color::Black, 20.0, 0);
    assert_eq!(t.left.black, Left::Main(20.0));
    let (target, _) = target_max(t.plan(Color::Black, 81, 81));
    let u = 20.0 - 0.3 - 1.0 - 0.07 * 30.375;
    assert!((target - u / 30.375).abs() < 1e-6, "{target}");
    // KGS Japanese: in byo-yomi the number is periods left.
    let mut t = japanese_clock(10.0, 5.0, 3);
    t.set_left(Color::White, 4.0, 2);
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 4.0,
            count: 2
        }
    );
    let (_, max) = target_max(t.plan(Color::White, 50, 81));
    assert!((max - (4.0 - 0.3 - 0.2)).abs() < 1e-6, "{max}");
    t.charge(Color::White, Duration::from_secs(3));
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 5.0,
            count: 2
        }
    );
    // A clock the controller never set is still honoured.
    let mut t = TimeControl::new(Duration::from_secs(5));
    t.set_left(Color::Black, 8.0, 0);
    let (_, max) = target_max(t.plan(Color::Black, 81, 81));
    assert!(max < 1.0, "{max}");
    t.set_left(Color::Black, 10.0, 5);
    let (target, _) = target_max(t.plan(Color::Black, 81, 81));
    assert!((target - (10.0 - 0.3 - 0.5) / 5.0).abs() < 1e-6);
    for _ in 0..5 {
        t.charge(Color::Black, Duration::from_secs(1));
    }
    assert_eq!(t.left.black, Left::Main(5.0));
}

#[test]
fn reset_gives_a_full_clock() {
    let mut t = japanese_clock(10.0, 5.0, 3);
    t.charge(Color::Black, Duration::from_secs(30));
    t.set_left(Color::White, 1.0, 0);
    t.reset();
    assert_eq!(t.left, ByColor::new(Left::Main(10.0), Left::Main(10.0)));
    t.set_clock(Clock::Japanese {
        main: 0.0,
        byo_time: 5.0,
        periods: 3,
    });
    assert_eq!(
        t.left.white,
        Left::ByoYomi {
            time: 5.0,
            count: 3
        }
    );
}

#[test]
fn huge_and_degenerate_clocks_do_not_panic() {
    let mut t = canadian_clock(1e300, 1e300, 1);
    let (target, max) = target_max(t.plan(Color::Black, 361, 361));
    assert_eq!((target, max), (MAX_THINK, MAX_THINK));
    t.charge(Color::Black, Duration::MAX);
    t.set_clock(Clock::Canadian {
        main: 0.0,
        byo_time: 0.0,
        stones: 0,
    });
    assert_eq!(
        target_max(t.plan(Color::Black, 4, 4)),
        (MIN_THINK, MIN_THINK)
    );
    t.set_left(Color::Black, 1.0, u32::MAX);
    t.plan(Color::Black, 0, 4);
    t.charge(Color::Black, Duration::ZERO);
    t.plan(Color::Black, 0, 0);
}

#[test]
fn byo_yomi_needs_both_a_time_and_a_count() {
    // kgs-time_settings canadian 60 30 0, byoyomi 60 5 0, canadian 60 0 5
    // and byoyomi 60 0 3: without stones, periods or period time there is
    // no byo-yomi, only 60 s of absolute time.
    let absolute = canadian_clock(60.0, 0.0, 0).plan(Color::Black, 81, 81);
    let clocks: [fn(f64, f64, u32) -> TimeControl; 2] = [canadian_clock, japanese_clock];
    for (clock, byo_time, count) in [(0, 30.0, 0), (1, 5.0, 0), (0, 0.0, 5), (1, 0.0, 3)] {
        let mut t = clocks[clock](60.0, byo_time, count);
        let name = format!("{:?}", t.clock);
        // Main time is not stretched to what a period would allow.
        assert_eq!(t.plan(Color::Black, 81, 81), absolute, "{name}");
        // Overrunning it loses: no period follows.
        t.charge(Color::Black, Duration::from_secs(61));
        assert_eq!(t.left.black, Left::Main(0.0), "{name}");
        // With no main time either, the clock starts out of time.
        let t = clocks[clock](0.0, byo_time, count);
        assert_eq!(t.left.white, Left::Main(0.0), "{name}");
    }
}

#[test]
fn a_nearly_empty_period_keeps_back_at_most_half() {
    // 0.4 s for the last stone: the lag reserve of 0.3 + 0.05 * 0.4 =
    // 0.32 s would leave 0.08 s, but never more than half the stretch is
    // kept back, so 0.2 s may be spent on that one stone.
    assert!((usable(0.4) - 0.2).abs() < 1e-12, "{}", usable(0.4));
    let mut t = canadian_clock(0.0, 30.0, 10);
    t.set_left(Color::Black, 0.4, 1);
    let (target, max) = target_max(t.plan(Color::Black, 40, 81));
    assert!((target - 0.2).abs() < 1e-9, "{target}");
    assert!((max - 0.2).abs() < 1e-9, "{max}");
    // A Japanese period of 0.5 s: 0.25 s usable, 80% of it the target.
    let mut t = japanese_clock(0.0, 5.0, 3);
    t.set_left(Color::Black, 0.5, 3);
    let (target, max) = target_max(t.plan(Color::Black, 40, 81));
    assert!((target - 0.2).abs() < 1e-9, "{target}");
    assert!((max - 0.25).abs() < 1e-9, "{max}");
}

#[test]
fn main_time_used_to_the_last_second_starts_the_period() {
    // 10 s main, then 30 s per 3 stones: a move of exactly 10 s ends main
    // time, and every later move is a stone of the period.
    let mut t = canadian_clock(10.0, 30.0, 3);
    t.charge(Color::White, Duration::from_secs(10));
    let period = |time, count| Left::ByoYomi { time, count };
    assert_eq!(t.left.white, period(30.0, 3));
    t.charge(Color::White, Duration::from_secs(5));
    assert_eq!(t.left.white, period(25.0, 2));
    t.charge(Color::White, Duration::from_secs(5));
    t.charge(Color::White, Duration::from_secs(5));
    assert_eq!(t.left.white, period(30.0, 3));
}

#[test]
fn a_stone_on_the_last_second_of_its_period_is_in_time() {
    // 30 s for 3 stones, the last one taking exactly the 10 s left: the
    // period is kept and starts again.
    let mut t = canadian_clock(0.0, 30.0, 3);
    t.charge(Color::Black, Duration::from_secs(10));
    t.charge(Color::Black, Duration::from_secs(10));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 10.0,
            count: 1
        }
    );
    t.charge(Color::Black, Duration::from_secs(10));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 30.0,
            count: 3
        }
    );
}

#[test]
fn a_long_overrun_costs_every_period_it_spans() {
    // Three periods of 5 s: a move of 11 s uses up the first (5 s) and
    // the second (10 s) and ends 1 s into the third, which is left.
    let mut t = japanese_clock(0.0, 5.0, 3);
    t.charge(Color::Black, Duration::from_secs(11));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 5.0,
            count: 1
        }
    );
    // 10 s from three periods: two lost, 1 + floor((10 - 5) / 5).
    let mut t = japanese_clock(0.0, 5.0, 3);
    t.charge(Color::Black, Duration::from_secs(10));
    assert_eq!(
        t.left.black,
        Left::ByoYomi {
            time: 5.0,
            count: 1
        }
    );
}

#[test]
fn a_big_board_keeps_one_and_a_half_moves_per_line() {
    // 25x25 with 100 of 625 points empty: Fuego's estimate is
    // max(100 - 625 / 4, 3 * 25) / 2 = 37.5 moves, over the floor of 30.
    assert_eq!(moves_left(100, 625), 37.5);
    // 600 s absolute: 600 - 0.3 - 30 = 569.7 s after the lag reserve,
    // less 0.07 s for each of the 37.5 moves, shared among them; past the
    // opening, a whole share.
    let t = canadian_clock(600.0, 0.0, 0);
    let (target, max) = target_max(t.plan(Color::Black, 100, 625));
    let u = 569.7 - 0.07 * 37.5;
    assert!((target - u / 37.5).abs() < 1e-6, "{target}");
    // 2.5 times the target is over a sixteenth of what is usable.
    assert!((max - u / 16.0).abs() < 1e-6, "{max}");
}

/// Only big boards ramp up from the opening: at equal time ingo lost
/// more points than Pachi in the 9x9 opening (issue 20).
#[test]
fn the_19x19_clock_ramps_up_to_the_middle_game_and_shares_the_endgame_evenly() {
    // 300 s absolute: 284.7 s after the lag reserve (0.3 + 15 s). On the
    // empty board: (361 - 90.25) / 2 = 135.375 moves left, half a share,
    // and a maximum of 2.5 targets, well under a sixteenth of the clock.
    let t = canadian_clock(300.0, 0.0, 0);
    let (target, max) = target_max(t.plan(Color::Black, 361, 361));
    let moves = 135.375;
    let u = 284.7 - 0.07 * moves;
    assert!((target - 0.5 * u / moves).abs() < 1e-6, "{target}");
    assert!((max - 2.5 * target).abs() < 1e-6, "{max}");
    // 36 stones on the board, 10% of it: (325 - 90.25) / 2 = 117.375
    // moves left, (0.4 * 361 - 36) / 2 = 54.2 of them before the
    // endgame, 63.175 after. Halfway up the ramp (36 / 361 / 0.2 =
    // 0.4986): half a share of the even 117.375, the rest of the middle
    // game's 63.175.
    let (target, max) = target_max(t.plan(Color::Black, 325, 361));
    let u = 284.7 - 0.07 * 117.375;
    let beta: f64 = 36.0 / 361.0 / 0.2;
    assert!((beta - 0.4986).abs() < 1e-4, "{beta}");
    let want = (1.0 - beta) * 0.5 * u / 117.375 + beta * u / 63.175;
    assert!((want - 2.7727).abs() < 1e-4, "{want}");
    assert!((target - want).abs() < 1e-6, "{target}");
    assert!((max - 2.5 * target).abs() < 1e-6, "{max}");
    // 100 stones: the middle game. (261 - 90.25) / 2 = 85.375 moves
    // left, 22.2 before the endgame: the clock is shared over 63.175.
    let (target, _) = target_max(t.plan(Color::Black, 261, 361));
    let u = 284.7 - 0.07 * 85.375;
    assert!((target - u / 63.175).abs() < 1e-6, "{target}");
    assert!((target - 4.4119).abs() < 1e-4, "{target}");
    // 160 stones, past 40%: the endgame, an even share of 55.375 moves.
    let (target, _) = target_max(t.plan(Color::Black, 201, 361));
    let u = 284.7 - 0.07 * 55.375;
    assert!((target - u / 55.375).abs() < 1e-6, "{target}");
    // 9x9 has no such stages. 60 s absolute, 20 stones: 56.7 s after the
    // lag reserve (0.3 + 3 s), less 0.07 s for each of the floor's 30
    // moves; (61 - 20.25) / 2 = 20.375 moves left, an even share.
    let t = canadian_clock(60.0, 0.0, 0);
    let (target, _) = target_max(t.plan(Color::Black, 61, 81));
    assert!((target - 54.6 / 20.375).abs() < 1e-6, "{target}");
}
