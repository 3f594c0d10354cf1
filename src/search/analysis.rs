//! What a running search shows the user: snapshots of the root's
//! candidates ([`Analysis`]), the moves the user wants searched or left
//! alone ([`MoveFilter`], the `avoid`/`allow` of `lz-analyze`), and the
//! handle a caller keeps to stop a search and hear from it ([`Watch`]).
//!
//! A search runs on whatever thread calls it; the caller (the GTP loop)
//! stops it through the watch's flag from another thread, and gets
//! snapshots at the interval it asked for, taken while the workers run.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::board::{Color, Point};

/// One root move as the search sees it, from the point of view of the
/// player to move at the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// `None` for a pass.
    pub point: Option<Point>,
    /// Playouts through this move.
    pub visits: u32,
    /// Share of those playouts won, 0..=1 (0.5 before the first).
    pub win_rate: f64,
    /// Mean final margin of those playouts, in points (komi included).
    pub score_lead: f64,
    /// This move's share of the prior knowledge given to all root moves.
    pub prior: f64,
    /// A lower confidence bound of the win rate (normal approximation,
    /// two standard errors).
    pub lcb: f64,
    /// The most visited line from this move on, this move first.
    pub pv: Vec<Option<Point>>,
}

/// A snapshot of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The player to move at the root.
    pub color: Color,
    /// Playouts finished so far.
    pub playouts: u64,
    /// Win rate and mean margin over all the root's playouts, for `color`.
    pub win_rate: f64,
    pub score_lead: f64,
    /// Visited moves (and, up to the `min_moves` asked for, unvisited
    /// ones in prior order), most visited first.
    pub candidates: Vec<Candidate>,
    /// Per point index (as [`Point::index`]): from -1 (White owns it in
    /// every playout) to 1 (Black does). Points off the board are 0.
    pub ownership: Vec<f64>,
}

impl Analysis {
    /// The most visited candidate.
    pub fn best(&self) -> Option<&Candidate> {
        self.candidates.first()
    }

    /// Black's ownership of `p`, -1..=1.
    pub fn owner(&self, p: Point) -> f64 {
        self.ownership.get(p.index()).copied().unwrap_or(0.0)
    }
}

/// Moves one player may not search (`avoid`), or the only ones it may
/// (`allow`), in the first `until_depth` plies of the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restriction {
    pub color: Color,
    /// `None` stands for a pass.
    pub moves: Vec<Option<Point>>,
    pub until_depth: u32,
    pub allow: bool,
}

/// The restrictions of one analysis request (none: every move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFilter {
    pub restrictions: Vec<Restriction>,
}

impl MoveFilter {
    pub fn is_empty(&self) -> bool {
        self.restrictions.is_empty()
    }

    /// May `color` play `mv` at `depth` plies below the root (0: a root
    /// move)? Avoided moves never; where an `allow` list is in force for
    /// `color`, only the moves of some such list.
    pub fn permits(&self, color: Color, mv: Option<Point>, depth: u32) -> bool {
        let mut allowed = None;
        for r in &self.restrictions {
            if r.color != color || depth >= r.until_depth {
                continue;
            }
            let listed = r.moves.contains(&mv);
            if r.allow {
                allowed = Some(allowed.unwrap_or(false) || listed);
            } else if listed {
                return false;
            }
        }
        allowed.unwrap_or(true)
    }
}

/// A function that takes snapshots.
pub type Reporter<'a> = &'a mut dyn FnMut(&Analysis);

/// How a caller follows a search: a flag that stops it, and what it
/// wants to hear while the search runs.
pub struct Watch<'a> {
    pub stop: &'a AtomicBool,
    /// A function given a snapshot every so often, called on the thread
    /// that runs the search; `None`: no snapshots.
    pub report: Option<(Duration, Reporter<'a>)>,
    /// Candidates a snapshot lists at least (unvisited ones in prior
    /// order when too few were visited) and at most.
    pub min_moves: usize,
    pub max_moves: usize,
}

impl<'a> Watch<'a> {
    /// A watch that only stops the search.
    pub fn silent(stop: &'a AtomicBool) -> Watch<'a> {
        Watch {
            stop,
            report: None,
            min_moves: 0,
            max_moves: usize::MAX,
        }
    }

    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<Point> {
        Some(Point::parse(s, 9).expect("vertex"))
    }

    #[test]
    fn filters_by_colour_depth_and_list() {
        let filter = MoveFilter {
            restrictions: vec![
                Restriction {
                    color: Color::Black,
                    moves: vec![p("E5"), None],
                    until_depth: 2,
                    allow: false,
                },
                Restriction {
                    color: Color::White,
                    moves: vec![p("C3")],
                    until_depth: 1,
                    allow: true,
                },
                Restriction {
                    color: Color::White,
                    moves: vec![p("G7")],
                    until_depth: 1,
                    allow: true,
                },
            ],
        };
        assert!(MoveFilter::default().permits(Color::Black, p("E5"), 0));
        assert!(!filter.permits(Color::Black, p("E5"), 0));
        assert!(!filter.permits(Color::Black, None, 1));
        assert!(filter.permits(Color::Black, p("E5"), 2), "past its depth");
        assert!(filter.permits(Color::Black, p("D4"), 0));
        // White: only the allowed moves (of either list), at depth 0.
        assert!(filter.permits(Color::White, p("C3"), 0));
        assert!(filter.permits(Color::White, p("G7"), 0));
        assert!(!filter.permits(Color::White, p("E5"), 0));
        assert!(!filter.permits(Color::White, None, 0));
        assert!(filter.permits(Color::White, p("E5"), 1));
    }

    #[test]
    fn a_filter_without_restrictions_is_empty() {
        assert!(MoveFilter::default().is_empty());
        let avoid = MoveFilter {
            restrictions: vec![Restriction {
                color: Color::Black,
                moves: vec![p("E5")],
                until_depth: 1,
                allow: false,
            }],
        };
        assert!(!avoid.is_empty());
    }

    #[test]
    fn a_watch_is_stopped_by_its_flag() {
        let flag = AtomicBool::new(false);
        let watch = Watch::silent(&flag);
        assert!(!watch.stopped());
        flag.store(true, Ordering::Relaxed);
        assert!(watch.stopped());
    }
}
