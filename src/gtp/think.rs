//! Searching on the loop's own thread, as `genmove` and GoGui's graphics
//! commands do: GoGui's `# interrupt` stops the search, and a reporter,
//! when one is given, follows it as it goes.

use std::time::Duration;

use crate::board::Color;
use crate::rules::Game;
use crate::search::{Analysis, Budget, Decision, GenMode, Player, Watch};

use super::session::{lock, Session};

/// Candidates a snapshot of a search on this thread lists at most: what
/// a reporter draws, and what the player's own final snapshot keeps.
const SNAPSHOT_MOVES: usize = 10;

/// Something that follows a search on this thread (GoGui's live
/// graphics): it sees a snapshot every [`Reporter::every`], and is told
/// when the search is over.
pub(super) trait Reporter {
    fn every(&self) -> Duration;
    fn report(&mut self, analysis: &Analysis);
    fn end(&mut self);
}

/// Runs `search` with the session's player on this thread. The session's
/// interrupt flag stops it; `reporter`, if any, gets its snapshots and
/// then its end.
pub(super) fn search_here<T>(
    s: &Session,
    mut reporter: Option<&mut dyn Reporter>,
    search: impl FnOnce(&mut dyn Player, &Game, &mut Watch) -> T,
) -> T {
    let result = {
        let every = reporter.as_ref().map(|r| r.every());
        let mut report = |a: &Analysis| {
            if let Some(r) = reporter.as_mut() {
                r.report(a);
            }
        };
        let mut watch = Watch {
            stop: &s.interrupt,
            report: every.map(|d| (d, &mut report as &mut dyn FnMut(&Analysis))),
            min_moves: 0,
            max_moves: SNAPSHOT_MOVES,
        };
        search(lock(&s.player).as_mut(), &s.game, &mut watch)
    };
    if let Some(r) = reporter {
        r.end();
    }
    result
}

/// `genmove`'s thinking: `c`'s move in the session's game, in `mode`,
/// within `budget`.
pub(super) fn think(
    s: &Session,
    c: Color,
    mode: GenMode,
    budget: Budget,
    reporter: Option<&mut dyn Reporter>,
) -> Decision {
    search_here(s, reporter, |player, game, watch| {
        player.think(game, c, mode, budget, watch)
    })
}
