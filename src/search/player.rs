//! What every player is: the [`Player`] trait, the budget of one
//! decision, what the player decides, how it must end the game, and the
//! settings every player shares.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::board::{Color, Point};
use crate::playout::Policy;
use crate::rules::Game;

use super::analysis::{Analysis, MoveFilter, Watch};
use super::tree::Tree;

/// How much thinking one decision may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A fixed number of playouts (reproducible with one thread).
    Playouts(u64),
    /// Wall-clock time: think for about `target`, less when the best
    /// move can no longer change, up to `max` when the top moves are close.
    Time { target: Duration, max: Duration },
}

impl Budget {
    /// A plain time budget with no room to extend.
    pub fn time(t: Duration) -> Budget {
        Budget::Time { target: t, max: t }
    }
}

/// Settings shared by every player.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchParams {
    /// Worker threads for playouts.
    pub threads: usize,
    /// Seed of every random choice; with one thread and a playout budget
    /// the same seed gives the same moves.
    pub seed: u64,
    /// Resign when the best move wins less often than this (0 = never).
    pub resign_threshold: f64,
    /// How playouts for move choice pick their moves.
    pub policy: Policy,
    /// Most nodes the search tree may hold (the memory cap).
    pub max_nodes: usize,
}

/// Nodes when no memory cap is given: about 160 MB of tree.
pub const DEFAULT_MAX_NODES: usize = 4_000_000;

/// The node cap that keeps the search within `megabytes` of memory: the
/// tree may exist twice while it is promoted between moves, and a few
/// megabytes go to the program itself.
pub fn max_nodes_for_memory(megabytes: usize) -> usize {
    let usable = megabytes.saturating_sub(24) << 20;
    (usable / (2 * Tree::NODE_BYTES)).max(1000)
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            threads: 1,
            seed: 0,
            resign_threshold: 0.1,
            policy: Policy::Heavy,
            max_nodes: DEFAULT_MAX_NODES,
        }
    }
}

/// What the player wants to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Point),
    Pass,
    Resign,
}

/// How the player must end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenMode {
    /// Dead stones will be agreed after two passes: passing with dead
    /// opposing stones on the board is fine.
    Normal,
    /// The board will be counted as it stands (`resumed`, Tromp-Taylor,
    /// `kgs-genmove_cleanup`): capture every dead opposing stone before
    /// passing.
    Cleanup,
}

/// A move generator.
pub trait Player: Send {
    /// Chooses a move for `color` in `game` (the game is not changed),
    /// stopping early when `watch` says so and reporting to it.
    fn think(
        &mut self,
        game: &Game,
        color: Color,
        mode: GenMode,
        budget: Budget,
        watch: &mut Watch,
    ) -> Decision;

    /// [`Player::think`] with nobody watching.
    fn genmove(&mut self, game: &Game, color: Color, mode: GenMode, budget: Budget) -> Decision {
        let stop = AtomicBool::new(false);
        self.think(game, color, mode, budget, &mut Watch::silent(&stop))
    }

    /// Searches `game` with `color` to move until the budget is spent or
    /// `watch` stops it, leaving alone what `filter` forbids; the final
    /// snapshot. `None` from a player that cannot analyse.
    fn analyze(
        &mut self,
        _game: &Game,
        _color: Color,
        _budget: Budget,
        _filter: &MoveFilter,
        _watch: &mut Watch,
    ) -> Option<Analysis> {
        None
    }

    /// The stones this player considers dead in the current position, as a
    /// sorted list of points (whole strings). The same position must give
    /// the same answer every time it is asked.
    fn dead_stones(&mut self, game: &Game, budget: Budget) -> Vec<Point>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_cap_counts_two_trees_after_24_megabytes() {
        // Nodes of 40 bytes, two trees: 80 bytes a node, after 24 MB for
        // the program. 100 MB: 76 * 2^20 = 79,691,776 bytes / 80 =
        // 996,147.2 nodes; 1024 MB: 1000 * 2^20 / 80 = 13,107,200;
        // 25 MB: 2^20 / 80 = 13,107.2.
        assert_eq!(Tree::NODE_BYTES, 40);
        assert_eq!(max_nodes_for_memory(100), 996_147);
        assert_eq!(max_nodes_for_memory(1024), 13_107_200);
        assert_eq!(max_nodes_for_memory(25), 13_107);
        // Too little memory for any tree still leaves 1000 nodes.
        assert_eq!(max_nodes_for_memory(24), 1000);
        assert_eq!(max_nodes_for_memory(0), 1000);
    }
}
