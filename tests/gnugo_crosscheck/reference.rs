//! The judge: a brute-force model of the rules (spec 1.1) on the plain
//! board of `board.rs`, and the rule sets it knows.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::board::{remove_dead_strings, Arrangement, Colour, Point, COLUMNS};
use crate::ing::{IngBan, IngKo};

/// Which earlier positions a move may not repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ko {
    /// Any earlier arrangement.
    Positional,
    /// Any earlier arrangement with the same player to move: the opponent
    /// of whoever moved or passed last; Black on the empty board.
    Situational,
    /// Only the arrangement before the opponent's last move (the immediate
    /// retake of a ko); a position that occurs a third time since the last
    /// pass, with the same player to move, ends the game (a long cycle).
    Basic,
    /// Ing's: no superko, but hot stones and the cycle rule (`ing.rs`);
    /// a single-stone suicide is a legal move that counts as a pass.
    Ing,
}

/// A rule set of ingo's as far as legality goes (docs/rules.md, "The rules in plain
/// words"): which superko, and whether suicide of two or more stones is
/// allowed (single-stone suicide never is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RuleSet {
    /// The name `ingo-rules` takes.
    pub(crate) name: &'static str,
    pub(crate) ko: Ko,
    pub(crate) multi_stone_suicide: bool,
    /// Which GNU Go judges it too, by index into `gnugo::GNUGO_CONFIGS`; `None`
    /// for situational superko, whose GNU Go implementation is not
    /// modelled here: those rule sets are checked against the reference
    /// only.
    pub(crate) gnugo: Option<usize>,
}

const fn rule_set(
    name: &'static str,
    ko: Ko,
    multi_stone_suicide: bool,
    gnugo: Option<usize>,
) -> RuleSet {
    RuleSet {
        name,
        ko,
        multi_stone_suicide,
        gnugo,
    }
}

/// Every rule set ingo has (`ingo-rules`), in the order the long mode's
/// rounds take them; round 0, the CI run, is the default rule set.
/// `tromp-taylor` has the default's legality but ends the game at two
/// passes, which these games never play.
pub(crate) const RULE_SETS: &[RuleSet] = &[
    rule_set("simplified-ing", Ko::Positional, true, Some(0)),
    rule_set("chinese", Ko::Positional, false, Some(1)),
    rule_set("ing", Ko::Ing, true, None),
    rule_set("aga", Ko::Situational, false, None),
    rule_set("new-zealand", Ko::Situational, true, None),
    rule_set("tromp-taylor", Ko::Positional, true, Some(0)),
    rule_set("japanese", Ko::Basic, false, Some(2)),
    rule_set("korean", Ko::Basic, false, Some(2)),
];

/// The rules written as literally as possible, without any cleverness: no
/// incremental strings, no hashes, every repetition check compares whole
/// arrangements point by point.
pub(crate) struct Reference {
    pub(crate) size: usize,
    pub(crate) rules: RuleSet,
    pub(crate) board: Arrangement,
    /// `history[i]` is the arrangement after the i-th move since
    /// `clear_board` (passes included, they repeat the arrangement);
    /// `history[0]` is the empty board and the last entry is `board`.
    pub(crate) history: Vec<Arrangement>,
    /// `to_move[i]` is the player to move in `history[i]` for situational
    /// superko: the opponent of whoever moved or passed last (Black first).
    to_move: Vec<Colour>,
    /// Stones of each colour removed from the board so far, by capture or by
    /// suicide (GTP `captures black` = white stones removed).
    pub(crate) removed: [usize; 2],
    /// Index into `history` of the position after the last pass (0 before
    /// any): where the basic ko rule's long cycles are counted from.
    cycle_start: usize,
    /// Under the basic ko rule: the last move made a position occur the
    /// third time since `cycle_start`, with the same player to move, and
    /// the game is over.
    pub(crate) long_cycle: bool,
    /// Under Ing's ko rule: its hot stones and the plays since the stop.
    ing: IngKo,
}

/// What placing a stone on an empty point would do.
pub(crate) struct Outcome {
    pub(crate) after: Arrangement,
    /// The board after opposing captures but before removing own strings:
    /// what GNU Go's superko test hashes (see `gnugo::GnuGoModel::accepts`).
    pub(crate) placed: Arrangement,
    pub(crate) removed_opponent: usize,
    /// Stones of the mover removed (suicide); 1 means single-stone suicide.
    pub(crate) removed_own: usize,
    /// Latest index into `history` holding the same arrangement as `after`
    /// (with the opponent of the mover to move, under situational superko).
    repeats: Option<usize>,
    /// Under Ing's ko rule, why it refuses the move.
    ing: Option<IngBan>,
}

impl Reference {
    pub(crate) fn new(size: usize, rules: RuleSet) -> Reference {
        let empty = vec![vec![None; size]; size];
        Reference {
            size,
            rules,
            board: empty.clone(),
            history: vec![empty],
            to_move: vec![Colour::Black],
            removed: [0, 0],
            cycle_start: 0,
            long_cycle: false,
            ing: IngKo::default(),
        }
    }

    /// Number of moves (passes included) played since `clear_board`.
    pub(crate) fn move_count(&self) -> usize {
        self.history.len() - 1
    }

    /// The result of `colour` playing at `p`, or `None` if `p` is occupied.
    /// Spec 1.1: place the stone, remove opposing strings without
    /// liberties, then own strings without liberties.
    pub(crate) fn outcome(&self, colour: Colour, p: Point) -> Option<Outcome> {
        if self.board[p.row][p.col].is_some() {
            return None;
        }
        let mut after = self.board.clone();
        after[p.row][p.col] = Some(colour);
        let removed_opponent = remove_dead_strings(&mut after, colour.opponent());
        let placed = after.clone();
        let removed_own = remove_dead_strings(&mut after, colour);
        let next = colour.opponent();
        let repeats = match self.rules.ko {
            Ko::Basic => self
                .history
                .len()
                .checked_sub(2)
                .filter(|&i| self.history[i] == after),
            Ko::Ing => None,
            ko => (0..self.history.len()).rev().find(|&i| {
                self.history[i] == after && (ko == Ko::Positional || self.to_move[i] == next)
            }),
        };
        let ing = (self.rules.ko == Ko::Ing)
            .then(|| self.ing.ban(&self.board, &after, colour, p))
            .flatten();
        Some(Outcome {
            after,
            placed,
            removed_opponent,
            removed_own,
            repeats,
            ing,
        })
    }

    pub(crate) fn classify(&self, colour: Colour, p: Point) -> Class {
        Class::of(self.outcome(colour, p).as_ref(), self.rules)
    }

    pub(crate) fn all_points(&self) -> impl Iterator<Item = Point> {
        let size = self.size;
        (0..size).flat_map(move |row| (0..size).map(move |col| Point { row, col }))
    }

    pub(crate) fn stones(&self, colour: Colour) -> BTreeSet<Point> {
        self.all_points()
            .filter(|p| self.board[p.row][p.col] == Some(colour))
            .collect()
    }

    /// Plays a move that `classify` found legal (or a pass). Under Ing's
    /// rules a single-stone suicide is played as a pass.
    pub(crate) fn play(&mut self, colour: Colour, point: Option<Point>) {
        let mut is_pass = point.is_none();
        if let Some(p) = point {
            let outcome = self
                .outcome(colour, p)
                .expect("the reference was asked to play on an occupied point");
            let class = Class::of(Some(&outcome), self.rules);
            assert!(
                class.is_legal(),
                "the reference was asked to play an illegal move"
            );
            if class == Class::SuicideAsPass {
                is_pass = true;
            } else {
                self.removed[colour.opponent().index()] += outcome.removed_opponent;
                self.removed[colour.index()] += outcome.removed_own;
                if self.rules.ko == Ko::Ing {
                    let captured = outcome.removed_opponent;
                    self.ing
                        .play(&self.board, &outcome.after, colour, p, captured);
                }
                self.board = outcome.after;
            }
        }
        if is_pass && self.rules.ko == Ko::Ing {
            self.ing.pass();
        }
        self.history.push(self.board.clone());
        self.to_move.push(colour.opponent());
        let now = self.history.len() - 1;
        if is_pass {
            self.cycle_start = now;
        } else if self.rules.ko == Ko::Basic {
            let occurrences = (self.cycle_start..=now)
                .filter(|&i| self.history[i] == self.board && self.to_move[i] == self.to_move[now])
                .count();
            self.long_cycle = occurrences >= 3;
        }
    }

    pub(crate) fn diagram(&self) -> String {
        let mut text = String::from("     ");
        for &letter in &COLUMNS[..self.size] {
            text.push(char::from(letter));
            text.push(' ');
        }
        for row in (0..self.size).rev() {
            let _ = write!(text, "\n  {:>2} ", row + 1);
            for cell in &self.board[row] {
                text.push(match cell {
                    None => '.',
                    Some(Colour::Black) => 'X',
                    Some(Colour::White) => 'O',
                });
                text.push(' ');
            }
        }
        text
    }
}

/// The reference's verdict on one (colour, point) in the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Occupied,
    /// `suicide` means a multi-stone suicide that does not repeat.
    Legal {
        capture: bool,
        suicide: bool,
    },
    /// Illegal under every rule set but Ing's (and a repetition of the
    /// current arrangement, which matters to GNU Go only).
    SingleStoneSuicide,
    /// Ing's: a single-stone suicide, legal and played as a pass.
    SuicideAsPass,
    /// Ing's: the move would take a hot stone.
    HotStone,
    /// Ing's: the move repeats a play made from the same arrangement
    /// since the last stop.
    Cycle,
    /// Suicide of two or more stones where the rules forbid it.
    ForbiddenSuicide,
    /// Illegal only because the result equals `history[repeats]`;
    /// `suicide` means a multi-stone suicide.
    Superko {
        suicide: bool,
        repeats: usize,
    },
}

impl Class {
    /// The verdict on a move whose outcome is `outcome` (`None`: occupied)
    /// under `rules`: suicide first, then superko.
    pub(crate) fn of(outcome: Option<&Outcome>, rules: RuleSet) -> Class {
        let Some(outcome) = outcome else {
            return Class::Occupied;
        };
        if outcome.removed_own == 1 {
            return if rules.ko == Ko::Ing {
                Class::SuicideAsPass
            } else {
                Class::SingleStoneSuicide
            };
        }
        if outcome.removed_own > 1 && !rules.multi_stone_suicide {
            return Class::ForbiddenSuicide;
        }
        match outcome.ing {
            Some(IngBan::HotStone) => return Class::HotStone,
            Some(IngBan::Cycle) => return Class::Cycle,
            None => {}
        }
        match outcome.repeats {
            None => Class::Legal {
                capture: outcome.removed_opponent > 0,
                suicide: outcome.removed_own > 0,
            },
            Some(index) => Class::Superko {
                suicide: outcome.removed_own > 0,
                repeats: index,
            },
        }
    }

    pub(crate) fn is_legal(self) -> bool {
        matches!(self, Class::Legal { .. } | Class::SuicideAsPass)
    }

    pub(crate) fn describe(self, move_count: usize) -> String {
        match self {
            Class::Occupied => "occupied".to_string(),
            Class::Legal { capture, suicide } => format!(
                "legal{}{}",
                if capture { ", captures" } else { "" },
                if suicide { ", multi-stone suicide" } else { "" }
            ),
            Class::SingleStoneSuicide => "single-stone suicide".to_string(),
            Class::SuicideAsPass => "single-stone suicide, a pass under Ing's rules".to_string(),
            Class::HotStone => "takes a hot stone (Ing's ko rule)".to_string(),
            Class::Cycle => "repeats a play since the last stop (Ing's cycle rule)".to_string(),
            Class::ForbiddenSuicide => "multi-stone suicide, forbidden by these rules".to_string(),
            Class::Superko { suicide, repeats } => format!(
                "superko{}: repeats the arrangement after move {repeats} \
                 (now at move {move_count})",
                if suicide {
                    " (multi-stone suicide)"
                } else {
                    ""
                }
            ),
        }
    }
}
