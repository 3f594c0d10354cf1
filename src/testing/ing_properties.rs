//! The property test of Ing's ko rule against situational superko: on
//! random games under `ing`, every play's legality differs from what
//! `new-zealand`'s rule would say of the same history only where the
//! hot-stone rule, the cycle rule or the suicide-as-pass rule says so.

use std::cell::RefCell;

use crate::board::Color;
use crate::rules::{IllegalMove, KoRule, Move, Phase, Rules};
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use super::games::*;
use super::model::play_step;
use super::properties::config;

/// Random games, each checked on every point for both colours after
/// every step.
const CASES: u32 = 512;

/// How often each kind of difference was seen.
#[derive(Default, Debug)]
struct Seen {
    /// Refused as hot (the first play after a capture).
    hot: usize,
    /// Refused as a repeated play since the stop.
    cycle: usize,
    /// Allowed although it recreates an earlier position with the same
    /// player to move.
    repeats_allowed: usize,
    /// A single-stone suicide allowed as a pass.
    suicide_passes: usize,
}

#[test]
fn ing_differs_from_situational_superko_only_by_its_ko_rule() {
    let seen = RefCell::new(Seen::default());
    let mut config = config(CASES);
    config.source_file = Some(file!());
    let mut runner = TestRunner::new(config);
    let result = runner.run(&plan_of(2u8..=5, Just(Rules::ING)), |plan| {
        let mut game = plan.new_game();
        for step in &plan.steps {
            if game.phase() == Phase::Finished {
                break;
            }
            let board = game.board();
            for p in board.points().filter(|&p| board.is_empty_at(p)) {
                for color in Color::ALL {
                    let ing = game.is_legal(Move::Play(color, p));
                    let mut after = board.clone();
                    let suicided = after.play_unchecked(color, p).suicided;
                    let repeats =
                        game.history()
                            .repeats(&after, !color, KoRule::SituationalSuperko);
                    let context = || format!("{color:?} {}; {}", p.vertex(), transcript(&game));
                    let mut seen = seen.borrow_mut();
                    match ing {
                        Ok(()) if suicided == 1 => seen.suicide_passes += 1,
                        Ok(()) if repeats => {
                            // Allowed by Ing although it repeats: so not
                            // the same play from the same arrangement.
                            prop_assert!(!game.played_since_stop(board, color, p), "{}", context());
                            seen.repeats_allowed += 1;
                        }
                        Ok(()) => {}
                        Err(IllegalMove::HotStone) => {
                            prop_assert!(game.hot_points(color).contains(&p), "{}", context());
                            prop_assert!(after.removed(!color) > board.removed(!color));
                            seen.hot += 1;
                        }
                        Err(IllegalMove::Cycle) => {
                            // The same play from the same arrangement makes
                            // the same position again: superko refuses it
                            // too.
                            prop_assert!(repeats, "{}", context());
                            seen.cycle += 1;
                        }
                        // No other refusal: every suicide is legal and
                        // the points are empty.
                        Err(e) => prop_assert!(false, "{:?}: {}", e, context()),
                    }
                }
            }
            play_step(&mut game, step)?;
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let seen = seen.into_inner();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        // Each kind of difference must have been met, or the test proves
        // nothing about it.
        assert!(seen.hot > 0, "{seen:?}");
        assert!(seen.cycle > 0, "{seen:?}");
        assert!(seen.repeats_allowed > 0, "{seen:?}");
        assert!(seen.suicide_passes > 0, "{seen:?}");
    }
}
