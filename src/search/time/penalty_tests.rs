//! Tests of the penalty-point clock: charging across the schedule's
//! steps, what `time_left` and reported points do to it, and the plans it
//! gives, down to whole games simulated against it.

use super::penalty::{Standing, STEPS};
use super::*;

fn penalty_clock(base: f64) -> TimeControl {
    let mut t = TimeControl::new(Duration::from_secs(2));
    t.set_clock(Clock::IngPenalty { base });
    t
}

fn secs(x: f64) -> Duration {
    Duration::from_secs_f64(x)
}

fn target_max(b: Budget) -> (f64, f64) {
    match b {
        Budget::Time { target, max } => (target.as_secs_f64(), max.as_secs_f64()),
        Budget::Playouts(_) => panic!("a clock gives time budgets"),
    }
}

/// BT 60 s: 50 s then 10 s is exactly the base time (no penalty); 0.5 s
/// more is the first step (2 points); 9.5 s more ends it exactly (70 s
/// used); any more is the second step, and so on to the loss past 90 s.
#[test]
fn charges_walk_the_schedule() {
    let mut t = penalty_clock(60.0);
    let b = Color::Black;
    assert_eq!(t.left.black, Left::Main(60.0));
    t.charge(b, secs(50.0));
    assert_eq!(
        (t.left.black, t.penalty(b)),
        (Left::Main(10.0), Some(Standing::Step(0)))
    );
    t.charge(b, secs(10.0));
    assert_eq!((t.left.black, t.overtime.black), (Left::Main(0.0), 0.0));
    assert_eq!(t.penalty(b), Some(Standing::Step(0)));
    t.charge(b, secs(0.5));
    assert_eq!(t.penalty(b).map(Standing::points), Some(2));
    t.charge(b, secs(9.5));
    assert_eq!(t.overtime.black, 10.0);
    assert_eq!(t.penalty(b).map(Standing::points), Some(2));
    t.charge(b, secs(0.25));
    assert_eq!(t.penalty(b).map(Standing::points), Some(4));
    t.charge(b, secs(19.75));
    assert_eq!(t.penalty(b), Some(Standing::Step(3)));
    t.charge(b, secs(0.25));
    assert_eq!(t.penalty(b), Some(Standing::Lost));
    assert_eq!(t.penalty(Color::White), Some(Standing::Step(0)));
    t.reset();
    assert_eq!((t.left.black, t.overtime.black), (Left::Main(60.0), 0.0));
}

/// A move that runs out of base time pays for what it used past it: 55 s
/// then 7 s is 2 s of overtime.
#[test]
fn the_move_that_runs_out_pays_only_its_overrun() {
    let mut t = penalty_clock(60.0);
    t.charge(Color::White, secs(55.0));
    t.charge(Color::White, secs(7.0));
    assert_eq!(t.overtime.white, 2.0);
    assert_eq!(t.left.white, Left::Main(0.0));
}

/// With no base time left, a move exceeds it however short: the side's
/// clock was running past the base time.
#[test]
fn any_move_without_base_time_exceeds_it() {
    let mut t = penalty_clock(2.0);
    t.set_left(Color::Black, 0.0, 0);
    assert_eq!(t.penalty(Color::Black), Some(Standing::Step(0)));
    t.charge(Color::Black, Duration::ZERO);
    assert_eq!(t.penalty(Color::Black), Some(Standing::Step(1)));
}

/// `time_left` with base time left clears the overtime; with none left it
/// keeps the overtime the clock counted.
#[test]
fn time_left_sets_the_base_time() {
    let mut t = penalty_clock(60.0);
    t.charge(Color::Black, secs(65.0));
    t.set_left(Color::Black, 0.0, 0);
    assert_eq!(t.overtime.black, 5.0);
    t.set_left(Color::Black, 12.5, 0);
    assert_eq!((t.left.black, t.overtime.black), (Left::Main(12.5), 0.0));
    // There is no byo-yomi to read stones as.
    t.set_left(Color::Black, 3.0, 7);
    assert_eq!(t.left.black, Left::Main(3.0));
}

/// Reported points move the overtime into their step: to its start when
/// it was before it, to its end when after, unchanged inside it.
#[test]
fn reported_points_move_the_clock_into_their_step() {
    let mut t = penalty_clock(60.0);
    let b = Color::Black;
    t.set_step(b, 2);
    assert_eq!((t.left.black, t.overtime.black), (Left::Main(0.0), 10.0));
    t.charge(b, secs(5.0));
    t.set_step(b, 2);
    assert_eq!(t.overtime.black, 15.0);
    t.set_step(b, 1);
    assert_eq!(t.overtime.black, 10.0);
    t.set_step(b, 0);
    assert_eq!(t.overtime.black, 0.0);
    t.set_step(b, 1);
    assert_eq!(t.penalty(b), Some(Standing::Step(1)));
    // Under another clock the word changes nothing.
    let mut other = TimeControl::new(Duration::from_secs(2));
    other.set_step(b, 2);
    assert_eq!(other, TimeControl::new(Duration::from_secs(2)));
    assert_eq!(other.penalty(b), None);
    assert_eq!(other.penalty_plan(b, 81, 81, 2), None);
}

/// At the start of a 10-minute 19x19 game the step's plan is absolute
/// time's, and the next step (1/6 more) would not let the move think
/// longer than its maximum: no crossing on offer.
#[test]
fn a_full_base_time_plans_as_absolute_time() {
    let t = penalty_clock(600.0);
    let mut absolute = TimeControl::new(Duration::from_secs(2));
    absolute.set_clock(Clock::Canadian {
        main: 600.0,
        byo_time: 0.0,
        stones: 0,
    });
    let plan = t.penalty_plan(Color::Black, 300, 361, 0).expect("pp");
    assert_eq!(plan.step, 0);
    assert_eq!(plan.within, absolute.plan(Color::Black, 300, 361));
    assert_eq!(plan.cross, None);
}

/// Near the end of the base time the next step's sixth would give the
/// move more than this step allows: the crossing is offered, with the
/// plan of the step and its sixth together. In the last step there is
/// none, and the move plans on half of what is left.
#[test]
fn crossing_is_offered_near_a_steps_end_but_not_in_the_last() {
    let mut t = penalty_clock(600.0);
    t.set_left(Color::Black, 3.0, 0);
    let plan = t.penalty_plan(Color::Black, 150, 361, 0).expect("pp");
    let (_, within_max) = target_max(plan.within);
    let cross = plan.cross.expect("a crossing on offer");
    let (cross_target, cross_max) = target_max(cross);
    assert!(cross_target > within_max, "{cross_target} {within_max}");
    assert_eq!((cross_target, cross_max), {
        let (t, m) = main_time(103.0, 150, 361);
        (seconds(t).as_secs_f64(), seconds(m).as_secs_f64())
    });
    // 4 points in the game, the overtime still 0: step 2 from its start
    // at 100 s, with its 100 s to come.
    let plan = t.penalty_plan(Color::Black, 150, 361, 4).expect("pp");
    assert_eq!(plan.step, 2);
    let (target, max) = main_time(100.0, 150, 361);
    assert_eq!(plan.within, budget(target, max));
    // The last step: 210 s of overtime, 90 s to the loss, planned on 45.
    t.set_step(Color::Black, 3);
    t.charge(Color::Black, secs(5.0));
    t.charge(Color::Black, secs(5.0));
    assert_eq!(t.overtime.black, 210.0);
    let plan = t.penalty_plan(Color::Black, 150, 361, 6).expect("pp");
    assert_eq!((plan.step, plan.cross), (STEPS, None));
    let (target, max) = main_time(45.0, 150, 361);
    assert_eq!(plan.within, budget(target, max));
    // Past the loss: the least time, nothing more.
    t.charge(Color::Black, secs(90.0));
    assert_eq!(
        t.penalty(Color::Black),
        Some(Standing::Step(3)),
        "300 s is not past"
    );
    t.charge(Color::Black, secs(0.5));
    assert_eq!(t.penalty(Color::Black), Some(Standing::Lost));
    let plan = t.penalty_plan(Color::Black, 150, 361, 6).expect("pp");
    assert_eq!(plan.within, budget(0.0, 0.0));
    assert_eq!(plan.cross, None);
}

/// Whole 19x19 games against a 10-minute clock, each move taking what
/// `cost` makes of its plan's target and maximum. The side ends in the
/// step it started in: within the base time over 180 moves with 50 ms of
/// lag a move (as absolute time does), within the first step of
/// overtime (its 100 s) over 180 moves at their maximum, and in the last
/// step (100 s to the loss, planned on half) over 200 moves (a whole
/// game's worth) with 50 ms of lag, never reaching the loss.
#[test]
fn games_planned_within_a_step_stay_in_it() {
    let play = |t: &mut TimeControl, moves: usize, cost: fn(f64) -> f64| {
        let points = |t: &TimeControl| t.penalty(Color::Black).expect("pp").points();
        let start = points(t);
        for i in 0..moves {
            let empty = 361usize.saturating_sub(2 * i).max(36);
            let plan = t.penalty_plan(Color::Black, empty, 361, start).expect("pp");
            let (_, max) = target_max(plan.within);
            t.charge(Color::Black, secs(cost(max)));
            assert_ne!(
                t.penalty(Color::Black),
                Some(Standing::Lost),
                "move {i}: {plan:?} {:?} {}",
                t.left.black,
                t.overtime.black
            );
        }
        points(t)
    };
    let mut t = penalty_clock(600.0);
    assert_eq!(play(&mut t, 180, |m| m + 0.05), 0);
    assert!(matches!(t.left.black, Left::Main(m) if m > 0.0));
    let mut t = penalty_clock(600.0);
    t.set_step(Color::Black, 1);
    assert_eq!(play(&mut t, 180, |m| m), 2);
    let mut t = penalty_clock(600.0);
    t.set_step(Color::Black, 3);
    assert_eq!(play(&mut t, 200, |m| m + 0.05), 6);
    assert!(t.overtime.black < 300.0, "{}", t.overtime.black);
}
