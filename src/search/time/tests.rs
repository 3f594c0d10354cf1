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
