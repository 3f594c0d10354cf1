//! Ing's penalty-point time over GTP: `ingo-time_settings ing-penalty BT`,
//! `ingo-penalty` (the points a controller reports, or both sides' points),
//! `time_left` under this clock, and `genmove`'s choice to think on into
//! the next step of the schedule only when its search says the move is
//! worth the points.

use std::time::Instant;

use crate::board::{ByColor, Color};
use crate::search::time::penalty::{step_of_points, worth_crossing, STEP_POINTS};
use crate::search::time::Clock;
use crate::search::{Budget, Decision, GenMode, MoveFilter};

use super::parse::{arity, color, number, seconds};
use super::response::GtpError;
use super::session::Session;
use super::think::{self, search_here, Reporter};

/// `ingo-time_settings ing-penalty BT`: Ing's penalty-point time with a
/// base time of BT seconds a side (more than 0). Both clocks start full;
/// the game's penalty points stay as they are (`clear_board` clears them).
pub(super) fn ingo_time_settings(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    let (&kind, rest) = args.split_first().ok_or(GtpError::Syntax)?;
    if !kind.eq_ignore_ascii_case("ing-penalty") {
        return Err(GtpError::Other(format!(
            "unknown time system: {kind} (ing-penalty)"
        )));
    }
    arity(rest, 1)?;
    let base = seconds(rest[0])?;
    if base <= 0.0 {
        return Err(GtpError::Other("base time must be more than 0".into()));
    }
    s.time.set_clock(Clock::IngPenalty { base });
    Ok(String::new())
}

/// `ingo-penalty`: both sides' penalty points, `black P white P`.
/// `ingo-penalty COLOR POINTS`: the controller's word that COLOR has
/// POINTS penalty points (0, 2, 4 or 6), for the opponent as its clock
/// charges them or to correct ingo's own count; the engine's clock of
/// that side moves into the step the points name. Only under
/// penalty-point time.
pub(super) fn ingo_penalty(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    if args.is_empty() {
        let p: ByColor<u32> = s.game.penalties();
        return Ok(format!("black {} white {}", p.black, p.white));
    }
    arity(args, 2)?;
    let c = color(args[0])?;
    let points: u32 = number(args[1])?;
    if !matches!(s.time.clock, Clock::IngPenalty { .. }) {
        return Err(GtpError::Other(
            "no penalty-point time (ingo-time_settings ing-penalty BT)".into(),
        ));
    }
    let step = step_of_points(points)
        .ok_or_else(|| GtpError::Other("penalty points are 0, 2, 4 or 6".into()))?;
    s.game.set_penalty(c, points);
    s.time.set_step(c, step);
    Ok(String::new())
}

/// `time_left COLOR TIME STONES`. Under penalty-point time TIME is what
/// is left of the side's base time and STONES must be 0 (the system has
/// no byo-yomi); base time left means no overtime and no penalty yet.
pub(super) fn time_left(s: &mut Session, args: &[&str]) -> Result<String, GtpError> {
    arity(args, 3)?;
    let c = color(args[0])?;
    let (time, stones) = (seconds(args[1])?, number::<u32>(args[2])?);
    if let Clock::IngPenalty { .. } = s.time.clock {
        if stones != 0 {
            return Err(GtpError::Other(
                "penalty-point time has no byo-yomi: stones must be 0".into(),
            ));
        }
        if time > 0.0 {
            s.game.set_penalty(c, 0);
        }
    }
    s.time.set_left(c, time, stones);
    Ok(String::new())
}

/// `genmove`'s thinking. Under penalty-point time with a time budget, a
/// move near the end of a step (where the next step's time would let it
/// think longer than this one's allows) first searches within the step;
/// it goes on into the next step, paying its points, only when that
/// search says the choice is worth them ([`worth_crossing`]). Its tree is
/// read through a one-playout analysis that goes on from it; where that
/// analysis cannot go on from it (a side playing for a margin beyond
/// komi, or cleanup play without passes), there is no evidence and no
/// crossing. `started` is when the command came.
pub(super) fn think(
    s: &Session,
    c: Color,
    mode: GenMode,
    budget: Budget,
    mut reporter: Option<&mut dyn Reporter>,
    started: Instant,
) -> Decision {
    let cross = match (s.config.playouts, s.penalty_plan(c)) {
        (None, Some(plan)) => plan.cross,
        _ => None,
    };
    let Some(Budget::Time { target, max }) = cross else {
        return think::think(s, c, mode, budget, reporter);
    };
    let again = reporter.as_mut().map(|r| &mut **r as &mut dyn Reporter);
    let first = think::think(s, c, mode, budget, again);
    if first == Decision::Resign {
        return first;
    }
    let analysis = search_here(s, None, |player, game, watch| {
        player.analyze(game, c, Budget::Playouts(1), &MoveFilter::default(), watch)
    });
    if !analysis.is_some_and(|a| worth_crossing(&a, STEP_POINTS)) {
        return first;
    }
    let spent = started.elapsed();
    log::info!("{c}: the move is worth {STEP_POINTS} penalty points: thinking on to {target:?}");
    let rest = Budget::Time {
        target: target.saturating_sub(spent),
        max: max.saturating_sub(spent),
    };
    think::think(s, c, mode, rest, reporter)
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use super::*;
    use crate::board::Point;
    use crate::gtp::session::tests::{scripted_analysis, send};
    use crate::gtp::session::Config;
    use crate::rules::Game;
    use crate::search::{Analysis, Player, Watch};

    /// A player that answers E5 at once and writes down each budget it
    /// was given; its analysis is [`scripted_analysis`] with the
    /// runner-up's margin `gap` points above the best move's, and both
    /// with enough visits to count (60 and 50).
    struct Recording {
        budgets: Arc<Mutex<Vec<Budget>>>,
        gap: f64,
    }

    impl Player for Recording {
        fn think(
            &mut self,
            game: &Game,
            _: Color,
            _: GenMode,
            budget: Budget,
            _: &mut Watch,
        ) -> Decision {
            self.budgets.lock().expect("budgets").push(budget);
            Point::parse("E5", game.size()).map_or(Decision::Pass, Decision::Play)
        }

        fn analyze(
            &mut self,
            game: &Game,
            color: Color,
            _: Budget,
            _: &MoveFilter,
            _: &mut Watch,
        ) -> Option<Analysis> {
            let mut a = scripted_analysis(game, color, 1);
            a.candidates[0].visits = 60;
            a.candidates[1].visits = 50;
            a.candidates[1].score_lead = a.candidates[0].score_lead + self.gap;
            Some(a)
        }

        fn dead_stones(&mut self, _: &Game, _: Budget) -> Vec<Point> {
            Vec::new()
        }
    }

    /// A 9x9 session under penalty-point time (10 minutes) with the
    /// recording player, and the budgets it will be given.
    fn recorded(gap: f64, config: Config) -> (Session, Arc<Mutex<Vec<Budget>>>) {
        let budgets = Arc::new(Mutex::new(Vec::new()));
        let player = Recording {
            budgets: Arc::clone(&budgets),
            gap,
        };
        let mut s = Session::with_player(config, Box::new(player));
        for line in [
            "boardsize 9",
            "clear_board",
            "ingo-time_settings ing-penalty 600",
        ] {
            assert_eq!(send(&mut s, line), "= \n\n", "{line}");
        }
        (s, budgets)
    }

    fn budgets(b: &Arc<Mutex<Vec<Budget>>>) -> Vec<Budget> {
        b.lock().expect("budgets").clone()
    }

    fn max_of(b: Budget) -> Duration {
        match b {
            Budget::Time { max, .. } => max,
            Budget::Playouts(_) => panic!("a clock gives time budgets"),
        }
    }

    /// With 3 s of base time left the next step's 100 s would let the
    /// move think longer than the step allows. A runner-up 5 points from
    /// the best move, as close in visits, makes the move worth the 2
    /// points: the player thinks again on the next step's budget. At 1.5
    /// points apart it is not, and the first search's move stands.
    #[test]
    fn thinks_on_past_a_step_only_when_the_move_is_worth_the_points() {
        let (mut s, b) = recorded(5.0, Config::default());
        send(&mut s, "time_left b 3 0");
        assert_eq!(send(&mut s, "genmove b"), "= E5\n\n");
        let given = budgets(&b);
        assert_eq!(given.len(), 2, "{given:?}");
        assert!(max_of(given[1]) > max_of(given[0]) * 10, "{given:?}");
        assert!(max_of(given[0]) < Duration::from_secs(3));

        let (mut s, b) = recorded(-1.5, Config::default());
        send(&mut s, "time_left b 3 0");
        assert_eq!(send(&mut s, "genmove b"), "= E5\n\n");
        assert_eq!(budgets(&b).len(), 1);
    }

    /// No crossing is on offer with the base time full, in the last step
    /// (6 points), or with fixed playouts a move.
    #[test]
    fn no_crossing_without_an_offer() {
        let (mut s, b) = recorded(5.0, Config::default());
        send(&mut s, "genmove b");
        assert_eq!(budgets(&b).len(), 1);
        assert_eq!(send(&mut s, "ingo-penalty b 6"), "= \n\n");
        send(&mut s, "genmove b");
        assert_eq!(budgets(&b).len(), 2);
        let config = Config {
            playouts: Some(50),
            ..Config::default()
        };
        let (mut s, b) = recorded(5.0, config);
        send(&mut s, "time_left b 3 0");
        send(&mut s, "genmove b");
        assert_eq!(budgets(&b), [Budget::Playouts(50)]);
    }

    /// A move made with the base time used up costs 2 points, which the
    /// count takes from the mover: on 9x9 with komi 0 Black's lone E5 is
    /// B+81, and after the overrun B+79. White's 4 reported points make it
    /// B+83; 2 more of Black's (its 4 in all) cancel White's: B+81.
    #[test]
    fn an_overrun_enters_the_count() {
        let (mut s, _) = recorded(0.0, Config::default());
        send(&mut s, "komi 0");
        send(&mut s, "time_left b 0 0");
        assert_eq!(send(&mut s, "genmove b"), "= E5\n\n");
        assert_eq!(send(&mut s, "ingo-penalty"), "= black 2 white 0\n\n");
        send(&mut s, "play w pass");
        send(&mut s, "play b pass");
        assert_eq!(send(&mut s, "final_score"), "= B+79\n\n");
        assert_eq!(send(&mut s, "ingo-penalty w 4"), "= \n\n");
        assert_eq!(send(&mut s, "final_score"), "= B+83\n\n");
        assert_eq!(send(&mut s, "ingo-penalty b 4"), "= \n\n");
        assert_eq!(send(&mut s, "final_score"), "= B+81\n\n");
        assert_eq!(send(&mut s, "ingo-penalty"), "= black 4 white 4\n\n");
        // A new game starts with none.
        send(&mut s, "clear_board");
        assert_eq!(send(&mut s, "ingo-penalty"), "= black 0 white 0\n\n");
    }

    /// Bad input gets an error and changes nothing.
    #[test]
    fn bad_input_changes_nothing() {
        let (mut s, _) = recorded(0.0, Config::default());
        send(&mut s, "ingo-penalty w 2");
        let clock = s.time.clone();
        for (line, error) in [
            ("ingo-penalty w 3", "penalty points are 0, 2, 4 or 6"),
            ("ingo-penalty w 8", "penalty points are 0, 2, 4 or 6"),
            ("ingo-penalty w -2", "syntax error"),
            ("ingo-penalty w", "syntax error"),
            ("ingo-penalty x 2", "invalid color"),
            ("ingo-penalty w 2 2", "syntax error"),
            (
                "ingo-time_settings ing-penalty 0",
                "base time must be more than 0",
            ),
            ("ingo-time_settings ing-penalty -5", "syntax error"),
            ("ingo-time_settings ing-penalty", "syntax error"),
            ("ingo-time_settings ing-penalty 60 5", "syntax error"),
            (
                "ingo-time_settings byoyomi 60",
                "unknown time system: byoyomi (ing-penalty)",
            ),
            ("ingo-time_settings", "syntax error"),
            (
                "time_left w 10 2",
                "penalty-point time has no byo-yomi: stones must be 0",
            ),
        ] {
            assert_eq!(send(&mut s, line), format!("? {error}\n\n"), "{line}");
            assert_eq!(s.time, clock, "{line}");
            assert_eq!(
                send(&mut s, "ingo-penalty"),
                "= black 0 white 2\n\n",
                "{line}"
            );
        }
        // Points need this clock.
        send(&mut s, "time_settings 60 0 0");
        assert_eq!(
            send(&mut s, "ingo-penalty b 2"),
            "? no penalty-point time (ingo-time_settings ing-penalty BT)\n\n"
        );
    }

    /// `time_left` with base time left means no overtime and no points
    /// yet; with none left the points stay.
    #[test]
    fn time_left_with_base_time_clears_the_points() {
        let (mut s, _) = recorded(0.0, Config::default());
        send(&mut s, "ingo-penalty w 4");
        assert_eq!(send(&mut s, "time_left w 0 0"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-penalty"), "= black 0 white 4\n\n");
        assert_eq!(send(&mut s, "time_left w 12 0"), "= \n\n");
        assert_eq!(send(&mut s, "ingo-penalty"), "= black 0 white 0\n\n");
        assert_eq!(s.time.overtime.white, 0.0);
    }
}
