//! How each ingo rule set maps to KataGo's rules (the ones its networks are
//! trained on and its input features encode), and the JSON form KataGo's
//! `kata-set-rules` accepts for it.
//!
//! | ingo | KataGo preset | ko | scoring | tax | multi-stone suicide | white handicap bonus | friendlyPassOk | button |
//! |---|---|---|---|---|---|---|---|---|
//! | `simplified-ing` | `ing` (= `goe`) | positional | area | none | yes | 0 | yes | no |
//! | `ing` | `ing`, see below | positional | area | none | yes | 0 | yes | no |
//! | `chinese` | `chinese-ogs` | positional | area | none | no | N | yes | no |
//! | `aga` | `aga` | situational | area | none | no | N-1 | yes | no |
//! | `new-zealand` | `nz` | situational | area | none | yes | 0 | yes | no |
//! | `tromp-taylor` | `tromp-taylor` | positional | area | none | yes | 0 | no | no |
//! | `japanese` | `japanese` | simple | territory | seki | no | 0 | no | no |
//! | `korean` | `korean` (= `japanese`) | simple | territory | seki | no | 0 | no | no |
//!
//! Where KataGo has no equivalent, this is what is sent instead:
//! - **Simplified Ing's stop and resume.** KataGo ends an area-scored game
//!   at the second pass in a row; a move after that starts play again with
//!   one turn of history. ingo's stopped game, and play resumed after it,
//!   are sent as exactly that.
//! - **Ing's ko rule** (hot stones, a cycle runs once) has no KataGo
//!   counterpart: positional superko is sent, the nearest rule that also
//!   forbids every repetition. A single-stone suicide, a pass under Ing's
//!   rules, is sent as a pass.
//! - **Black wins ties** (Ing): KataGo has no tie rule. With an integer
//!   komi K, Black winning a tie is the same as komi K − 0.5 with no tie,
//!   so K − 0.5 is sent; a komi with a half point is sent unchanged.
//! - **ingo's Chinese rules** use positional superko; KataGo's `chinese`
//!   preset uses simple ko, so `chinese-ogs` (positional) is sent.
//! - **Long cycles under the basic ko rule** (Japanese: no result, Korean:
//!   a draw) are KataGo's "no result" in both; the features do not see it.
//! - **Japanese and Korean ends**: ingo judges the dead stones after two
//!   passes; KataGo's GTP (with `preventCleanupPhase`, its default) stops
//!   at two passes without an encore. The features are those of the main
//!   phase (no area planes, no komi parity wave).

use crate::rules::{HandicapBonus, KoRule, Rules, Scoring, Suicide, TieRule};

/// KataGo's ko rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KataKo {
    Simple,
    Positional,
    Situational,
    Spight,
}

/// KataGo's scoring rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KataScoring {
    Area,
    Territory,
}

/// KataGo's group tax rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KataTax {
    None,
    Seki,
    All,
}

/// KataGo's white handicap bonus rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KataHandicapBonus {
    Zero,
    N,
    NMinusOne,
}

/// A KataGo rule set without komi (KataGo's `Rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KataRules {
    pub ko: KataKo,
    pub scoring: KataScoring,
    pub tax: KataTax,
    pub multi_stone_suicide: bool,
    pub button: bool,
    pub handicap_bonus: KataHandicapBonus,
    pub friendly_pass_ok: bool,
}

impl KataRules {
    /// The KataGo rules sent for an ingo rule set (see the module table).
    pub fn of(rules: Rules) -> KataRules {
        let ko = match rules.ko {
            KoRule::PositionalSuperko | KoRule::Ing => KataKo::Positional,
            KoRule::SituationalSuperko => KataKo::Situational,
            KoRule::Basic(_) => KataKo::Simple,
        };
        let scoring = match rules.scoring {
            Scoring::Area => KataScoring::Area,
            Scoring::Territory => KataScoring::Territory,
        };
        KataRules {
            ko,
            scoring,
            tax: match scoring {
                KataScoring::Area => KataTax::None,
                KataScoring::Territory => KataTax::Seki,
            },
            multi_stone_suicide: rules.suicide != Suicide::Forbidden,
            button: false,
            handicap_bonus: match rules.handicap_bonus {
                HandicapBonus::Zero => KataHandicapBonus::Zero,
                HandicapBonus::N => KataHandicapBonus::N,
                HandicapBonus::NMinusOne => KataHandicapBonus::NMinusOne,
            },
            friendly_pass_ok: scoring == KataScoring::Area
                && rules.end != crate::rules::EndRule::TwoPasses,
        }
    }

    /// The JSON KataGo's `kata-set-rules` (and `Rules::parseRules`) reads,
    /// every field given, keys in KataGo's own order.
    pub fn to_json(self) -> String {
        let ko = match self.ko {
            KataKo::Simple => "SIMPLE",
            KataKo::Positional => "POSITIONAL",
            KataKo::Situational => "SITUATIONAL",
            KataKo::Spight => "SPIGHT",
        };
        let scoring = match self.scoring {
            KataScoring::Area => "AREA",
            KataScoring::Territory => "TERRITORY",
        };
        let tax = match self.tax {
            KataTax::None => "NONE",
            KataTax::Seki => "SEKI",
            KataTax::All => "ALL",
        };
        let whb = match self.handicap_bonus {
            KataHandicapBonus::Zero => "0",
            KataHandicapBonus::N => "N",
            KataHandicapBonus::NMinusOne => "N-1",
        };
        format!(
            "{{\"friendlyPassOk\":{},\"hasButton\":{},\"ko\":\"{ko}\",\"scoring\":\"{scoring}\",\"suicide\":{},\"tax\":\"{tax}\",\"whiteHandicapBonus\":\"{whb}\"}}",
            self.friendly_pass_ok, self.button, self.multi_stone_suicide
        )
    }

    /// Reads the JSON of [`KataRules::to_json`] (keys in any order, all of
    /// them required, no komi).
    ///
    /// # Errors
    /// A message naming the missing or bad field.
    pub fn from_json(text: &str) -> Result<KataRules, String> {
        let field = |key: &str| -> Result<String, String> {
            let pat = format!("\"{key}\":");
            let at = text
                .find(&pat)
                .ok_or_else(|| format!("rules JSON without {key}"))?;
            let rest = text[at + pat.len()..].trim_start();
            let end = rest
                .find([',', '}'])
                .ok_or_else(|| format!("rules JSON: {key} unterminated"))?;
            Ok(rest[..end].trim().trim_matches('"').to_string())
        };
        let flag = |key: &str| -> Result<bool, String> {
            match field(key)?.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                v => Err(format!("rules JSON: {key} is {v}")),
            }
        };
        Ok(KataRules {
            ko: match field("ko")?.as_str() {
                "SIMPLE" => KataKo::Simple,
                "POSITIONAL" => KataKo::Positional,
                "SITUATIONAL" => KataKo::Situational,
                "SPIGHT" => KataKo::Spight,
                v => return Err(format!("rules JSON: ko is {v}")),
            },
            scoring: match field("scoring")?.as_str() {
                "AREA" => KataScoring::Area,
                "TERRITORY" => KataScoring::Territory,
                v => return Err(format!("rules JSON: scoring is {v}")),
            },
            tax: match field("tax")?.as_str() {
                "NONE" => KataTax::None,
                "SEKI" => KataTax::Seki,
                "ALL" => KataTax::All,
                v => return Err(format!("rules JSON: tax is {v}")),
            },
            multi_stone_suicide: flag("suicide")?,
            button: flag("hasButton")?,
            handicap_bonus: match field("whiteHandicapBonus")?.as_str() {
                "0" => KataHandicapBonus::Zero,
                "N" => KataHandicapBonus::N,
                "N-1" => KataHandicapBonus::NMinusOne,
                v => return Err(format!("rules JSON: whiteHandicapBonus is {v}")),
            },
            friendly_pass_ok: flag("friendlyPassOk")?,
        })
    }
}

/// The komi KataGo is given for an ingo game: the game's komi, but one
/// half point less when Black wins ties and the komi is an integer (see
/// the module doc).
pub fn kata_komi(rules: Rules, komi: f64) -> f64 {
    if rules.tie == TieRule::BlackWins && komi.fract() == 0.0 {
        komi - 0.5
    } else {
        komi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every preset's JSON reads back to itself, and the JSON of the
    /// presets KataGo names agrees with KataGo's `parseRulesHelper`
    /// (game/rules.cpp) field by field.
    #[test]
    fn presets_map_to_katago_rules() {
        for (_, r) in Rules::PRESETS {
            let k = KataRules::of(r);
            assert_eq!(KataRules::from_json(&k.to_json()), Ok(k));
        }
        let tt = KataRules::of(Rules::TROMP_TAYLOR);
        assert_eq!(
            tt.to_json(),
            "{\"friendlyPassOk\":false,\"hasButton\":false,\"ko\":\"POSITIONAL\",\"scoring\":\"AREA\",\"suicide\":true,\"tax\":\"NONE\",\"whiteHandicapBonus\":\"0\"}"
        );
        let aga = KataRules::of(Rules::AGA);
        assert_eq!(aga.ko, KataKo::Situational);
        assert!(!aga.multi_stone_suicide && aga.friendly_pass_ok);
        assert_eq!(aga.handicap_bonus, KataHandicapBonus::NMinusOne);
        let jp = KataRules::of(Rules::JAPANESE);
        assert_eq!(
            (jp.ko, jp.scoring, jp.tax, jp.friendly_pass_ok),
            (KataKo::Simple, KataScoring::Territory, KataTax::Seki, false)
        );
        assert_eq!(KataRules::of(Rules::KOREAN), jp);
        assert_eq!(
            KataRules::of(Rules::ING),
            KataRules::of(Rules::SIMPLIFIED_ING)
        );
        assert_eq!(kata_komi(Rules::ING, 8.0), 7.5);
        assert_eq!(kata_komi(Rules::ING, 7.5), 7.5);
        assert_eq!(kata_komi(Rules::CHINESE, 7.0), 7.0);
    }
}
