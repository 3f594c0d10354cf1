//! One game in progress: the reference, the model of GNU Go, the moves so
//! far, and both verdicts on every point.

use crate::board::{Colour, Point};
use crate::gnugo::GnuGoModel;
use crate::reference::{Class, Reference};

/// Both verdicts on one point for one colour.
#[derive(Clone, Copy)]
pub(crate) struct Verdict {
    pub(crate) point: Point,
    pub(crate) class: Class,
    pub(crate) gnugo_accepts: bool,
}

/// One game in progress, as the harness believes it to be.
pub(crate) struct Game {
    pub(crate) reference: Reference,
    pub(crate) gnugo: GnuGoModel,
    /// Moves played, in GTP form, to replay a failure by hand.
    pub(crate) moves: Vec<String>,
    pub(crate) last_colour: Colour,
    pub(crate) last_was_pass: bool,
}

impl Game {
    pub(crate) fn verdicts(&self, colour: Colour) -> Vec<Verdict> {
        self.reference
            .all_points()
            .map(|point| {
                let outcome = self.reference.outcome(colour, point);
                let class = Class::of(outcome.as_ref(), self.reference.rules);
                // Without GNU Go, it is taken to agree with the reference.
                let gnugo_accepts = match self.reference.rules.gnugo {
                    Some(_) => self
                        .gnugo
                        .accepts(&self.reference, colour, point, outcome.as_ref()),
                    None => class.is_legal(),
                };
                Verdict {
                    point,
                    class,
                    gnugo_accepts,
                }
            })
            .collect()
    }

    fn replay(&self) -> String {
        let mut text = format!(
            "boardsize {}; clear_board; ingo-rules {}",
            self.reference.size, self.reference.rules.name
        );
        for m in &self.moves {
            text.push_str("; play ");
            text.push_str(m);
        }
        text
    }

    /// Where a failure happened, in enough detail to reproduce it by hand.
    pub(crate) fn context(&self) -> String {
        format!(
            "rules {5}, board {0}x{0}, after {1} moves (GNU Go's history starts at move {2}); \
             replay with:\n  {3}\n{4}",
            self.reference.size,
            self.reference.move_count(),
            self.gnugo.first,
            self.replay(),
            self.reference.diagram(),
            self.reference.rules.name,
        )
    }
}
