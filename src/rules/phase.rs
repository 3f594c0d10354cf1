//! The end-of-game phases of the EGF Simplified Ing rules (SPEC §1.3) as a
//! pure transition function.
//!
//! | phase      | entered by                                              |
//! |------------|---------------------------------------------------------|
//! | `playing`  | `clear_board`                                           |
//! | `stopped`  | two consecutive passes in `playing`                     |
//! | `resumed`  | a dispute, or any move or pass while `stopped`          |
//! | `finished` | agreement in `stopped`, or two passes in `resumed`      |
//!
//! Ing's rules ([`EndRule::FourPasses`]) add `confirming`: a third pass
//! in a row after the stop says no one disputes it, and the fourth
//! finishes the game with the dead stones removed. Under them agreement
//! is also possible in `confirming` and in `resumed`.

use std::fmt;

use super::EndRule;

/// Where the game stands. The pass counters count consecutive passes made
/// in that phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    Playing {
        passes: u8,
    },
    /// Two passes stopped play; the players must agree on dead stones.
    Stopped,
    /// Ing's rules: three passes in a row, the stop undisputed; a fourth
    /// finishes the game with the dead stones judged and removed.
    Confirming,
    /// Play continues after a dispute; two passes finish the game with
    /// every stone on the board alive.
    Resumed {
        passes: u8,
    },
    /// The result is fixed.
    Finished,
}

impl Phase {
    pub const START: Phase = Phase::Playing { passes: 0 };
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Playing { .. } => "playing",
            Phase::Stopped => "stopped",
            Phase::Confirming => "confirming",
            Phase::Resumed { .. } => "resumed",
            Phase::Finished => "finished",
        })
    }
}

/// What happened, as far as the phase is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseEvent {
    Pass,
    /// A stone was played.
    Play,
    /// Both players agree on the dead stones.
    Agree,
    /// A player disputes the stop.
    Dispute,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseError {
    /// No move or pass after the game finished.
    GameOver,
    /// Agreement and dispute only exist in `stopped` (and, under Ing's
    /// rules, agreement in `confirming` and `resumed`, dispute in
    /// `confirming`).
    NotStopped,
}

impl fmt::Display for PhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseError::GameOver => "game is over",
            PhaseError::NotStopped => "game is not stopped",
        })
    }
}

impl std::error::Error for PhaseError {}

/// The phase after `event` in `phase`, or why the event is not allowed.
pub fn next_phase(phase: Phase, event: PhaseEvent, end: EndRule) -> Result<Phase, PhaseError> {
    use Phase::*;
    use PhaseEvent as E;
    let ing = end == EndRule::FourPasses;
    match (phase, event) {
        (Finished, E::Pass | E::Play) => Err(PhaseError::GameOver),
        (Stopped, E::Agree) => Ok(Finished),
        (Stopped, E::Dispute | E::Play) => Ok(Resumed { passes: 0 }),
        // Ing: "the players pass again in turn (four consecutive passes in
        // all), and the game is over".
        (Stopped, E::Pass) if ing => Ok(Confirming),
        (Confirming, E::Pass) => Ok(Finished),
        (Confirming, E::Agree) => Ok(Finished),
        // A stone played after the third pass disputes the stop.
        (Confirming, E::Dispute | E::Play) => Ok(Resumed { passes: 0 }),
        // Ing: disputed play goes on "until every disputed group is
        // removed, or until agreement is reached".
        (Resumed { .. }, E::Agree) if ing => Ok(Finished),
        // "A pass that caused the resumption counts as the first."
        (Stopped, E::Pass) => Ok(Resumed { passes: 1 }),
        (_, E::Agree | E::Dispute) => Err(PhaseError::NotStopped),
        (Playing { .. }, E::Play) => Ok(Playing { passes: 0 }),
        (Resumed { .. }, E::Play) => Ok(Resumed { passes: 0 }),
        (Playing { passes }, E::Pass) if passes >= 1 => Ok(match end {
            EndRule::StateMachine | EndRule::FourPasses => Stopped,
            EndRule::TwoPasses | EndRule::TwoPassesJudged => Finished,
        }),
        (Playing { passes }, E::Pass) => Ok(Playing { passes: passes + 1 }),
        (Resumed { passes }, E::Pass) if passes >= 1 => Ok(Finished),
        (Resumed { passes }, E::Pass) => Ok(Resumed { passes: passes + 1 }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use EndRule::*;
    use Phase::*;
    use PhaseError::*;
    use PhaseEvent as E;

    /// Every (phase, event) pair of SPEC §1.3, for the state machine.
    #[test]
    fn transition_table() {
        let table: &[(Phase, PhaseEvent, Result<Phase, PhaseError>)] = &[
            (Playing { passes: 0 }, E::Play, Ok(Playing { passes: 0 })),
            (Playing { passes: 0 }, E::Pass, Ok(Playing { passes: 1 })),
            (Playing { passes: 1 }, E::Play, Ok(Playing { passes: 0 })),
            (Playing { passes: 1 }, E::Pass, Ok(Stopped)),
            (Playing { passes: 0 }, E::Agree, Err(NotStopped)),
            (Playing { passes: 1 }, E::Dispute, Err(NotStopped)),
            (Stopped, E::Agree, Ok(Finished)),
            (Stopped, E::Dispute, Ok(Resumed { passes: 0 })),
            (Stopped, E::Play, Ok(Resumed { passes: 0 })),
            (Stopped, E::Pass, Ok(Resumed { passes: 1 })),
            (Resumed { passes: 0 }, E::Play, Ok(Resumed { passes: 0 })),
            (Resumed { passes: 0 }, E::Pass, Ok(Resumed { passes: 1 })),
            (Resumed { passes: 1 }, E::Play, Ok(Resumed { passes: 0 })),
            (Resumed { passes: 1 }, E::Pass, Ok(Finished)),
            (Resumed { passes: 0 }, E::Agree, Err(NotStopped)),
            (Resumed { passes: 1 }, E::Dispute, Err(NotStopped)),
            (Finished, E::Play, Err(GameOver)),
            (Finished, E::Pass, Err(GameOver)),
            (Finished, E::Agree, Err(NotStopped)),
            (Finished, E::Dispute, Err(NotStopped)),
        ];
        for &(phase, event, want) in table {
            assert_eq!(
                next_phase(phase, event, StateMachine),
                want,
                "{phase:?} {event:?}"
            );
        }
    }

    /// Ing's rules: where they differ from the state machine's table
    /// (the rest of it holds for them too).
    #[test]
    fn ing_transitions() {
        let table: &[(Phase, PhaseEvent, Result<Phase, PhaseError>)] = &[
            (Playing { passes: 1 }, E::Pass, Ok(Stopped)),
            (Stopped, E::Pass, Ok(Confirming)),
            (Confirming, E::Pass, Ok(Finished)),
            (Confirming, E::Agree, Ok(Finished)),
            (Confirming, E::Play, Ok(Resumed { passes: 0 })),
            (Confirming, E::Dispute, Ok(Resumed { passes: 0 })),
            (Resumed { passes: 0 }, E::Agree, Ok(Finished)),
            (Resumed { passes: 1 }, E::Agree, Ok(Finished)),
            (Resumed { passes: 1 }, E::Pass, Ok(Finished)),
            (Resumed { passes: 0 }, E::Dispute, Err(NotStopped)),
            (Stopped, E::Agree, Ok(Finished)),
            (Stopped, E::Play, Ok(Resumed { passes: 0 })),
            (Playing { passes: 0 }, E::Agree, Err(NotStopped)),
            (Finished, E::Pass, Err(GameOver)),
            (Finished, E::Agree, Err(NotStopped)),
        ];
        for &(phase, event, want) in table {
            assert_eq!(
                next_phase(phase, event, FourPasses),
                want,
                "{phase:?} {event:?}"
            );
        }
        // The other rule sets know no agreement in resumed play.
        for end in [StateMachine, TwoPasses, TwoPassesJudged] {
            assert_eq!(
                next_phase(Resumed { passes: 0 }, E::Agree, end),
                Err(NotStopped)
            );
        }
    }

    #[test]
    fn tromp_taylor_ends_at_two_passes() {
        assert_eq!(
            next_phase(Playing { passes: 1 }, E::Pass, TwoPasses),
            Ok(Finished)
        );
        assert_eq!(
            next_phase(Playing { passes: 1 }, E::Pass, TwoPassesJudged),
            Ok(Finished)
        );
        assert_eq!(
            next_phase(Playing { passes: 0 }, E::Pass, TwoPasses),
            Ok(Playing { passes: 1 })
        );
    }

    #[test]
    fn names() {
        let names: Vec<String> = [START, Stopped, Confirming, Resumed { passes: 1 }, Finished]
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert_eq!(
            names,
            ["playing", "stopped", "confirming", "resumed", "finished"]
        );
    }

    #[test]
    fn error_messages() {
        assert_eq!(GameOver.to_string(), "game is over");
        assert_eq!(NotStopped.to_string(), "game is not stopped");
    }

    const START: Phase = Phase::START;
}
