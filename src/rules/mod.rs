//! The game as the rules define it: rule sets, superko history, the
//! end-of-game phases, area scoring, Ing's fill-in count, and [`Game`]
//! which ties them together.

mod game;
pub mod handicap;
mod history;
mod ing_count;
pub mod ing_ko;
mod phase;
mod score;

pub use game::{Event, Game, IllegalMove, Move, UndoError};
pub use history::{Arrangement, PositionHistory};
pub use ing_count::{
    ing_count, Compensation, Fill, FillKind, IngCount, IngSide, NoIngCount, OddPoint,
};
pub use phase::{next_phase, Phase, PhaseError, PhaseEvent};
pub use score::{
    area_owners, format_number, score, territory_owners, territory_score, GameResult,
    ScoreBreakdown,
};

use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// The arrangement may not repeat.
    PositionalSuperko,
    /// The arrangement together with the player to move may not repeat.
    SituationalSuperko,
    /// Basic ko only: a stone may not retake a ko at once (capture one
    /// stone that has just captured one stone at the point now played). A
    /// position that repeats through a longer cycle ends the game as
    /// [`LongCycle`] says.
    Basic(LongCycle),
    /// Ing's ko rule as [`ing_ko`] reads it mechanically: no capture of a
    /// hot stone (single, double or twin) before another move or a pass,
    /// and no player makes the same play from the same position twice
    /// between two stops (a cycle runs once, and its starter may not
    /// restart it).
    Ing,
}

/// What a long cycle (triple ko, eternal life, sending two returning one)
/// makes of the game under the basic ko rule. ingo sees a cycle where the
/// same arrangement with the same player to move has occurred three times
/// since the last pass (KataGo's test, `boardhistory.cpp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LongCycle {
    /// "No result" (Japanese 1989 rules, Article 12): the game is void.
    NoResult,
    /// A draw (Korea Baduk Association rules, 2016: the game played into
    /// a repetition ends as a draw, per Sensei's Library, KoreanRules).
    Draw,
}

/// What is counted at the end (SPEC §1.2, §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points.
    Area,
    /// Surrounded empty points plus prisoners (stones captured during the
    /// game and dead stones removed at the end); the points of seki,
    /// eyes of groups in seki included, count for nobody.
    Territory,
}

/// Which suicides are legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    Forbidden,
    /// Suicide of a string of two or more stones is a legal move; that of
    /// a single stone is not (it would repeat the position).
    MultiStone,
    /// Ing: suicide of two or more stones is a move, and that of a single
    /// stone is legal too and counts as a pass ("este echivalentă cu o
    /// pasă").
    SingleAsPass,
}

/// What an equal score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieRule {
    Draw,
    /// Ing: Black wins ties (`B+0`).
    BlackWins,
}

/// Points given to White for Black's handicap stones (N of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapBonus {
    Zero,
    /// N points.
    N,
    /// N−1 points (AGA).
    NMinusOne,
}

impl HandicapBonus {
    /// The bonus for `stones` handicap stones (0 means no handicap).
    pub fn points(self, stones: u32) -> u32 {
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::N => stones,
            HandicapBonus::NMinusOne => stones.saturating_sub(1),
        }
    }
}

/// How the game ends (SPEC §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndRule {
    /// Two passes stop the game; dead stones are agreed or play resumes.
    StateMachine,
    /// Two passes end the game; every stone on the board is alive.
    TwoPasses,
    /// Two passes end the game; the engine judges which stones are dead
    /// (and which live in seki) when it counts.
    TwoPassesJudged,
    /// Ing's: the state machine, but when no one disputes the stop the
    /// players pass twice more and the fourth pass in a row finishes the
    /// game with the dead stones removed (the engine's judgement stands
    /// for the agreement they passed on); and the players may agree on
    /// the dead stones in resumed play too.
    FourPasses,
}

/// A rule set: a plain value, compared field by field. Komi is not part of
/// it (it is game data).
///
/// | name             | ko          | suicide     | tie        | bonus | end            |
/// |------------------|-------------|-------------|------------|-------|----------------|
/// | `simplified-ing` | positional  | multi-stone | draw       | 0     | state machine  |
/// | `ing`            | Ing's       | multi-stone, single = pass | Black wins | 0 | four passes |
/// | `chinese`        | positional  | forbidden   | draw       | N     | state machine  |
/// | `aga`            | situational | forbidden   | draw       | N−1   | state machine  |
/// | `new-zealand`    | situational | multi-stone | draw       | 0     | state machine  |
/// | `tromp-taylor`   | positional  | multi-stone | draw       | 0     | two passes     |
/// | `japanese`       | basic, cycle = no result | forbidden | draw | 0 | two passes, judged; territory |
/// | `korean`         | basic, cycle = draw      | forbidden | draw | 0 | two passes, judged; territory |
///
/// Every rule set but the last two counts area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub ko: KoRule,
    pub suicide: Suicide,
    pub tie: TieRule,
    pub handicap_bonus: HandicapBonus,
    pub end: EndRule,
    pub scoring: Scoring,
}

impl Rules {
    pub const SIMPLIFIED_ING: Rules = Rules {
        ko: KoRule::PositionalSuperko,
        suicide: Suicide::MultiStone,
        tie: TieRule::Draw,
        handicap_bonus: HandicapBonus::Zero,
        end: EndRule::StateMachine,
        scoring: Scoring::Area,
    };
    /// Ing's SST laws (`research/seeds/ing-sst-rules.ro.txt`): Ing's ko
    /// rule, single-stone suicide as a pass, Black wins ties, four passes;
    /// komi 8 ([`Rules::default_komi`]).
    pub const ING: Rules = Rules {
        ko: KoRule::Ing,
        suicide: Suicide::SingleAsPass,
        tie: TieRule::BlackWins,
        end: EndRule::FourPasses,
        ..Rules::SIMPLIFIED_ING
    };
    pub const CHINESE: Rules = Rules {
        suicide: Suicide::Forbidden,
        handicap_bonus: HandicapBonus::N,
        ..Rules::SIMPLIFIED_ING
    };
    pub const AGA: Rules = Rules {
        ko: KoRule::SituationalSuperko,
        suicide: Suicide::Forbidden,
        handicap_bonus: HandicapBonus::NMinusOne,
        ..Rules::SIMPLIFIED_ING
    };
    pub const NEW_ZEALAND: Rules = Rules {
        ko: KoRule::SituationalSuperko,
        ..Rules::SIMPLIFIED_ING
    };
    pub const TROMP_TAYLOR: Rules = Rules {
        end: EndRule::TwoPasses,
        ..Rules::SIMPLIFIED_ING
    };
    /// The Japanese 1989 rules as an engine can play them: territory and
    /// prisoners, basic ko, a long cycle voids the game (Art. 12), two
    /// passes stop it and the engine's judgement of life and death stands
    /// for the players' agreement (Art. 9); seki points, eyes included,
    /// are nobody's (Art. 8).
    pub const JAPANESE: Rules = Rules {
        ko: KoRule::Basic(LongCycle::NoResult),
        suicide: Suicide::Forbidden,
        tie: TieRule::Draw,
        handicap_bonus: HandicapBonus::Zero,
        end: EndRule::TwoPassesJudged,
        scoring: Scoring::Territory,
    };
    /// The Korean rules: counted as the Japanese ones. Two differences
    /// are written down (Sensei's Library, KoreanRules, on the Korea Baduk
    /// Association's 2016 text): a repetition played on the board ends the
    /// game as a draw, not "no result"; and end positions are judged by
    /// local play without the special ko rules, which matters only where
    /// players dispute life and death (ingo's judgement stands for both).
    pub const KOREAN: Rules = Rules {
        ko: KoRule::Basic(LongCycle::Draw),
        ..Rules::JAPANESE
    };

    /// Every preset with its name, in the order of the table above.
    pub const PRESETS: [(&'static str, Rules); 8] = [
        ("simplified-ing", Rules::SIMPLIFIED_ING),
        ("ing", Rules::ING),
        ("chinese", Rules::CHINESE),
        ("aga", Rules::AGA),
        ("new-zealand", Rules::NEW_ZEALAND),
        ("tromp-taylor", Rules::TROMP_TAYLOR),
        ("japanese", Rules::JAPANESE),
        ("korean", Rules::KOREAN),
    ];

    /// Komi when a rule set is chosen and no komi was given: 6.5 for
    /// territory scoring (the Japanese and Korean standard), 8 under Ing's
    /// rules ("jucătorul alb primește 8 puncte de compensare"), else
    /// `None` (the komi in force stays).
    pub fn default_komi(self) -> Option<f64> {
        if self.scoring == Scoring::Territory {
            Some(6.5)
        } else if self.end == EndRule::FourPasses {
            Some(8.0)
        } else {
            None
        }
    }

    /// The rule set KGS means by `kgs-rules NAME`.
    pub fn from_kgs(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().as_str() {
            "chinese" => Some(Rules::CHINESE),
            "japanese" => Some(Rules::JAPANESE),
            "aga" => Some(Rules::AGA),
            "new_zealand" => Some(Rules::NEW_ZEALAND),
            _ => None,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::SIMPLIFIED_ING
    }
}

/// The rule-set name is not one of [`Rules::PRESETS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRules(pub String);

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown rules {:?}; the rule sets are ", self.0)?;
        for (i, (name, _)) in Rules::PRESETS.iter().enumerate() {
            write!(f, "{}{name}", if i == 0 { "" } else { ", " })?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownRules {}

/// Preset names, case-insensitive; `_` and ` ` are read as `-`.
impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Rules, UnknownRules> {
        let name = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Rules::PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
            .ok_or_else(|| UnknownRules(s.to_string()))
    }
}

/// The preset name; a value that is no preset prints its fields.
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match Rules::PRESETS.iter().find(|(_, r)| r == self) {
            Some((name, _)) => f.write_str(name),
            None => write!(f, "{self:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_are_named_in_the_error() {
        let e = "go-moku".parse::<Rules>().expect_err("unknown");
        assert_eq!(
            e.to_string(),
            "unknown rules \"go-moku\"; the rule sets are simplified-ing, ing, chinese, aga, \
             new-zealand, tromp-taylor, japanese, korean"
        );
    }

    #[test]
    fn presets_round_trip_through_text() {
        for (name, rules) in Rules::PRESETS {
            assert_eq!(rules.to_string(), name);
            assert_eq!(name.parse::<Rules>(), Ok(rules));
            assert_eq!(name.to_uppercase().parse::<Rules>(), Ok(rules));
        }
        assert_eq!("new_zealand".parse::<Rules>(), Ok(Rules::NEW_ZEALAND));
        assert_eq!("Japanese".parse::<Rules>(), Ok(Rules::JAPANESE));
        assert_eq!("korean".parse::<Rules>(), Ok(Rules::KOREAN));
        assert_eq!(Rules::default(), Rules::SIMPLIFIED_ING);
    }

    #[test]
    fn presets_are_distinct() {
        for (i, (_, a)) in Rules::PRESETS.iter().enumerate() {
            for (_, b) in &Rules::PRESETS[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    /// One assertion per row of SPEC §1.4.
    #[test]
    fn preset_table_matches_the_spec() {
        use EndRule::*;
        use HandicapBonus as H;
        use KoRule::*;
        use Suicide::*;
        use TieRule::*;
        let row = |ko, suicide, tie, handicap_bonus, end| Rules {
            ko,
            suicide,
            tie,
            handicap_bonus,
            end,
            scoring: Scoring::Area,
        };
        let territory = |ko| Rules {
            scoring: Scoring::Territory,
            ..row(ko, Forbidden, Draw, H::Zero, TwoPassesJudged)
        };
        assert_eq!(
            Rules::SIMPLIFIED_ING,
            row(PositionalSuperko, MultiStone, Draw, H::Zero, StateMachine)
        );
        assert_eq!(
            Rules::ING,
            row(Ing, SingleAsPass, BlackWins, H::Zero, FourPasses)
        );
        assert_eq!(
            Rules::CHINESE,
            row(PositionalSuperko, Forbidden, Draw, H::N, StateMachine)
        );
        assert_eq!(
            Rules::AGA,
            row(
                SituationalSuperko,
                Forbidden,
                Draw,
                H::NMinusOne,
                StateMachine
            )
        );
        assert_eq!(
            Rules::NEW_ZEALAND,
            row(SituationalSuperko, MultiStone, Draw, H::Zero, StateMachine)
        );
        assert_eq!(
            Rules::TROMP_TAYLOR,
            row(PositionalSuperko, MultiStone, Draw, H::Zero, TwoPasses)
        );
        assert_eq!(Rules::JAPANESE, territory(Basic(LongCycle::NoResult)));
        assert_eq!(Rules::KOREAN, territory(Basic(LongCycle::Draw)));
        for (name, rules) in Rules::PRESETS {
            let komi = match name {
                "japanese" | "korean" => Some(6.5),
                "ing" => Some(8.0),
                _ => None,
            };
            assert_eq!(rules.default_komi(), komi, "{name}");
        }
        assert_eq!(H::N.points(4), 4);
        assert_eq!(H::NMinusOne.points(4), 3);
        assert_eq!(H::NMinusOne.points(0), 0);
        assert_eq!(H::Zero.points(9), 0);
    }

    #[test]
    fn kgs_names() {
        assert_eq!(Rules::from_kgs("chinese"), Some(Rules::CHINESE));
        assert_eq!(Rules::from_kgs("aga"), Some(Rules::AGA));
        assert_eq!(Rules::from_kgs("new_zealand"), Some(Rules::NEW_ZEALAND));
        assert_eq!(Rules::from_kgs("japanese"), Some(Rules::JAPANESE));
        assert_eq!(Rules::from_kgs("Japanese"), Some(Rules::JAPANESE));
        assert_eq!(Rules::from_kgs("ing"), None);
    }
}
