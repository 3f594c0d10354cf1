//! Ing's penalty-point time (PP): the schedule that turns time past the
//! base time into penalty points, and the test of whether a move is worth
//! buying more time with them.
//!
//! Ing's SST laws ("Controlul timpului", `seeds/ing-sst-rules.ro.txt`):
//! both sides have the same base time BT. A side that exceeds BT is
//! charged 2 penalty points; one that uses more than BT/6 beyond it, 2
//! more (4 in all); more than 2BT/6 beyond it, 2 more (6); one that does
//! not finish the game within 3BT/6 of overtime loses, the first to pass
//! it whatever the other's overtime. Equal penalties of the two sides
//! cancel: the count takes each side's points off its own total, which
//! does exactly that. "Exceeds" is read strictly at every step: a side
//! that has used exactly BT + k·BT/6 is still in the step before.

use crate::search::analysis::Analysis;

/// Points charged at each step of overtime.
pub const STEP_POINTS: u32 = 2;
/// Steps of overtime, each a sixth of the base time; the end of the last
/// loses the game.
pub const STEPS: u32 = 3;
/// Overtime steps per base time.
const STEPS_PER_BASE: f64 = 6.0;

/// Where a side stands on the penalty schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Step 0 is the base time; step `k` of `1..=STEPS` is overtime past
    /// `(k - 1)·BT/6` up to `k·BT/6`, with `2k` points charged.
    Step(u32),
    /// Past `BT/2` of overtime: lost on time.
    Lost,
}

impl Standing {
    /// The penalty points charged so far (a lost side keeps the last
    /// step's: the loss itself is the controller's to declare).
    pub fn points(self) -> u32 {
        match self {
            Standing::Step(k) => STEP_POINTS * k,
            Standing::Lost => STEP_POINTS * STEPS,
        }
    }
}

/// The standing of a side that has used `overtime` seconds past a base
/// time of `base` seconds (0 or less: still within it).
pub fn standing(base: f64, overtime: f64) -> Standing {
    if overtime <= 0.0 {
        return Standing::Step(0);
    }
    (1..=STEPS)
        .find(|&k| overtime <= step_end(base, k))
        .map_or(Standing::Lost, Standing::Step)
}

/// The overtime at which step `k` ends: `k·BT/6` (step 0, the base time,
/// ends at 0; the last step's end is the loss).
pub fn step_end(base: f64, k: u32) -> f64 {
    base * f64::from(k) / STEPS_PER_BASE
}

/// The length of one overtime step, `BT/6`.
pub fn step_length(base: f64) -> f64 {
    base / STEPS_PER_BASE
}

/// The step that `points` put a side in, as a controller reports them:
/// 0, 2, 4 or 6 points are steps 0 to 3; anything else is no standing on
/// Ing's schedule.
pub fn step_of_points(points: u32) -> Option<u32> {
    (points % STEP_POINTS == 0 && points <= STEP_POINTS * STEPS).then_some(points / STEP_POINTS)
}

/// A runner-up counts as close while it has at least this share of the
/// best move's visits: the ratio within which the search itself goes on
/// past its target (`workers.rs`), because the order may still change.
const CLOSE_RATIO: f64 = 1.5;
/// Fewer playouts than this through a move say too little of its margin
/// to pay for.
const EVIDENCE_VISITS: u32 = 20;

/// Whether more thought on the position `analysis` describes is worth
/// `points` penalty points: the search has not settled between its most
/// visited move and a runner-up (within [`CLOSE_RATIO`] of its visits,
/// each with at least [`EVIDENCE_VISITS`]) whose mean margins differ by
/// more than `points`. Then the choice more thought makes is worth more
/// than the points; when the close moves' margins are within `points` of
/// each other, whichever the search ends with, the penalty costs more than
/// the choice can gain, and when one move leads clearly, more thought
/// would only confirm it.
pub fn worth_crossing(analysis: &Analysis, points: u32) -> bool {
    let Some((best, rest)) = analysis.candidates.split_first() else {
        return false;
    };
    rest.iter().any(|c| {
        c.visits >= EVIDENCE_VISITS
            && f64::from(c.visits) * CLOSE_RATIO >= f64::from(best.visits)
            && (c.score_lead - best.score_lead).abs() > f64::from(points)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::search::Candidate;

    /// Ing's thresholds with BT = 60 s: 2 points past 60 s of thinking, 4
    /// past 70 s (BT/6 = 10 s beyond), 6 past 80 s, lost past 90 s. Each
    /// threshold itself still belongs to the step before.
    #[test]
    fn the_schedule_at_and_past_each_threshold() {
        let bt = 60.0;
        let at = |used: f64| standing(bt, used - bt);
        assert_eq!(at(0.0), Standing::Step(0));
        assert_eq!(at(60.0), Standing::Step(0));
        assert_eq!(at(60.001), Standing::Step(1));
        assert_eq!(at(70.0), Standing::Step(1));
        assert_eq!(at(70.001), Standing::Step(2));
        assert_eq!(at(80.0), Standing::Step(2));
        assert_eq!(at(80.001), Standing::Step(3));
        assert_eq!(at(90.0), Standing::Step(3));
        assert_eq!(at(90.001), Standing::Lost);
        assert_eq!(at(1e9), Standing::Lost);
        let points: Vec<u32> = [50.0, 60.5, 75.0, 85.0, 95.0]
            .iter()
            .map(|&u| at(u).points())
            .collect();
        assert_eq!(points, [0, 2, 4, 6, 6]);
        assert_eq!((step_end(bt, 0), step_end(bt, 3)), (0.0, 30.0));
        assert_eq!(step_length(bt), 10.0);
    }

    #[test]
    fn reported_points_name_a_step_or_nothing() {
        let steps: Vec<Option<u32>> = (0..=9).map(step_of_points).collect();
        assert_eq!(
            steps,
            [
                Some(0),
                None,
                Some(1),
                None,
                Some(2),
                None,
                Some(3),
                None,
                None,
                None
            ]
        );
        assert_eq!(step_of_points(u32::MAX), None);
    }

    fn candidate(visits: u32, score_lead: f64) -> Candidate {
        Candidate {
            point: None,
            visits,
            win_rate: 0.5,
            score_lead,
            prior: 0.1,
            lcb: 0.4,
            pv: Vec::new(),
        }
    }

    fn analysis(candidates: Vec<Candidate>) -> Analysis {
        Analysis {
            color: Color::Black,
            playouts: 1,
            win_rate: 0.5,
            score_lead: 0.0,
            candidates,
            ownership: Vec::new(),
        }
    }

    /// The best move has 60 visits; a runner-up is close from 40 visits
    /// on (60 / 1.5), and worth the 2 points when the margins differ by
    /// more than 2, either way.
    #[test]
    fn crossing_needs_an_open_choice_worth_more_than_the_points() {
        let worth = |cs: Vec<Candidate>| worth_crossing(&analysis(cs), STEP_POINTS);
        assert!(worth(vec![candidate(60, 3.0), candidate(40, 5.5)]));
        assert!(worth(vec![candidate(60, 3.0), candidate(40, 0.5)]));
        assert!(
            !worth(vec![candidate(60, 3.0), candidate(40, 5.0)]),
            "exactly 2 points is not more than the penalty"
        );
        assert!(
            !worth(vec![candidate(60, 3.0), candidate(39, 9.0)]),
            "a clear favourite"
        );
        assert!(
            worth(vec![
                candidate(60, 3.0),
                candidate(50, 3.5),
                candidate(45, -4.0)
            ]),
            "any close runner-up"
        );
        assert!(
            !worth(vec![candidate(25, 3.0), candidate(19, 9.0)]),
            "too few playouts"
        );
        assert!(worth(vec![candidate(25, 3.0), candidate(20, 9.0)]));
        assert!(!worth(vec![candidate(60, 3.0)]), "one move");
        assert!(!worth(Vec::new()));
        assert!(
            worth_crossing(&analysis(vec![candidate(60, 3.0), candidate(40, 6.5)]), 2)
                && !worth_crossing(&analysis(vec![candidate(60, 3.0), candidate(40, 6.5)]), 4),
            "the stake is compared with the points asked"
        );
    }
}
