//! The search tree: nodes in an arena shared by every search thread.
//!
//! Nodes live in fixed chunks allocated on first use, indexed by a
//! [`NodeId`]; the children of a node are one contiguous block, so a
//! node stores only its first child and their count. Threads share the
//! tree without locks (Fuego's design): statistics are relaxed atomics
//! whose rare lost updates do not matter, a node is expanded by the one
//! thread that wins its `state` flag, and the children are published to
//! the others with a release store of `state` after they are filled in.
//! With safe Rust only, every field is an atomic, and a chunk is a
//! `OnceLock` that any thread may be first to create.

use std::sync::atomic::{AtomicI64, AtomicU16, AtomicU32, AtomicU8, Ordering};
use std::sync::OnceLock;

use crate::board::Point;

/// Index of a node in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

/// The root of every tree.
pub const ROOT: NodeId = NodeId(0);

const CHUNK_BITS: u32 = 14;
const CHUNK: usize = 1 << CHUNK_BITS;

/// `state` values.
const UNEXPANDED: u8 = 0;
const EXPANDING: u8 = 1;
const EXPANDED: u8 = 2;

/// `legality` values (0: not checked yet): superko is checked the first
/// time a descent enters a node (SPEC §1.1; Pachi and Leela Zero mark
/// such nodes invalid).
const LEGAL: u8 = 1;
const ILLEGAL: u8 = 2;
const CYCLE: u8 = 3;

/// `point` of the root (no move) and of a pass: indices of wall cells, so
/// never a point of the board.
const NO_MOVE: u16 = 0;
const PASS: u16 = 1;

/// Results are counted in half-wins: a win is 2, a draw 1, a loss 0.
pub const WIN: u32 = 2;
pub const DRAW: u32 = 1;

/// One node: the move that leads to it and the statistics of the games
/// through it, from the point of view of the player who made that move.
#[derive(Default)]
pub struct Node {
    /// Point index of the move (see [`Node::point`]).
    point: AtomicU16,
    /// Descents through this node, counted when they start (so a descent
    /// still running counts as a loss: the virtual loss).
    visits: AtomicU32,
    /// Half-wins of the finished descents.
    wins: AtomicU32,
    /// AMAF (all moves as first) statistics, in the same units.
    amaf_visits: AtomicU32,
    amaf_wins: AtomicU32,
    /// Virtual games from the prior knowledge, fixed at creation.
    prior_visits: AtomicU16,
    prior_wins: AtomicU16,
    /// Sum of the final margins (in half points) for the mover.
    score_sum: AtomicI64,
    first_child: AtomicU32,
    child_count: AtomicU16,
    state: AtomicU8,
    legality: AtomicU8,
}

/// A snapshot of a node's numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Stats {
    pub visits: u32,
    pub wins: u32,
    pub amaf_visits: u32,
    pub amaf_wins: u32,
    pub prior_visits: u32,
    pub prior_wins: u32,
    pub score_sum: i64,
}

impl Stats {
    /// Win rate of the real games, `None` before the first.
    pub fn win_rate(&self) -> Option<f64> {
        (self.visits > 0).then(|| f64::from(self.wins) / (2.0 * f64::from(self.visits)))
    }

    /// Mean final margin for the mover, in points.
    pub fn mean_score(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.score_sum as f64 / (2.0 * f64::from(self.visits)))
    }
}

impl Node {
    /// The move's point; `None` for the root and a pass.
    pub fn point(&self) -> Option<Point> {
        match self.point.load(Ordering::Relaxed) {
            NO_MOVE | PASS => None,
            i => Some(Point::from_index(usize::from(i))),
        }
    }

    /// True for a pass node.
    pub fn is_pass(&self) -> bool {
        self.point.load(Ordering::Relaxed) == PASS
    }

    pub fn stats(&self) -> Stats {
        Stats {
            visits: self.visits.load(Ordering::Relaxed),
            wins: self.wins.load(Ordering::Relaxed),
            amaf_visits: self.amaf_visits.load(Ordering::Relaxed),
            amaf_wins: self.amaf_wins.load(Ordering::Relaxed),
            prior_visits: u32::from(self.prior_visits.load(Ordering::Relaxed)),
            prior_wins: u32::from(self.prior_wins.load(Ordering::Relaxed)),
            score_sum: self.score_sum.load(Ordering::Relaxed),
        }
    }

    #[inline]
    pub fn visits(&self) -> u32 {
        self.visits.load(Ordering::Relaxed)
    }

    /// A descent enters the node (the virtual loss until [`Node::record`]).
    #[inline]
    pub fn enter(&self) {
        self.visits.fetch_add(1, Ordering::Relaxed);
    }

    /// Takes back an [`Node::enter`] whose descent was abandoned.
    #[inline]
    pub fn leave(&self) {
        self.visits.fetch_sub(1, Ordering::Relaxed);
    }

    /// The result of a descent that entered this node.
    #[inline]
    pub fn record(&self, half_wins: u32, margin_halves: i64) {
        self.wins.fetch_add(half_wins, Ordering::Relaxed);
        self.score_sum.fetch_add(margin_halves, Ordering::Relaxed);
    }

    #[inline]
    pub fn record_amaf(&self, half_wins: u32, weight: u32) {
        // A load and a store, not a locked read-modify-write: a descent
        // updates hundreds of children, and the locked adds cost a 19x19
        // search about 2% of its time. Two threads updating one child at
        // the same instant lose one update, as Fuego's statistics may.
        let visits = self.amaf_visits.load(Ordering::Relaxed);
        self.amaf_visits
            .store(visits.wrapping_add(weight), Ordering::Relaxed);
        let wins = self.amaf_wins.load(Ordering::Relaxed);
        self.amaf_wins
            .store(wins.wrapping_add(half_wins * weight), Ordering::Relaxed);
    }

    pub fn is_expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) == EXPANDED
    }

    /// Children as a range of ids; empty until expanded.
    pub fn children(&self) -> std::ops::Range<u32> {
        if !self.is_expanded() {
            return 0..0;
        }
        let first = self.first_child.load(Ordering::Relaxed);
        first..first + u32::from(self.child_count.load(Ordering::Relaxed))
    }

    /// Whether superko was checked for this node, and its verdict.
    #[inline]
    pub fn legality(&self) -> Legality {
        match self.legality.load(Ordering::Relaxed) {
            LEGAL => Legality::Legal,
            ILLEGAL => Legality::Illegal,
            CYCLE => Legality::Cycle,
            _ => Legality::Unchecked,
        }
    }

    /// True once superko was found to forbid this node's move.
    #[inline]
    pub fn is_illegal(&self) -> bool {
        self.legality() == Legality::Illegal
    }

    pub fn set_legality(&self, legal: bool) {
        let v = if legal { LEGAL } else { ILLEGAL };
        self.legality.store(v, Ordering::Relaxed);
    }

    /// Marks the node as the repetition of a position since the last pass
    /// under the basic ko rule: a descent that reaches it ends there,
    /// valued as the long cycle the players can force from it.
    pub fn set_cycle(&self) {
        self.legality.store(CYCLE, Ordering::Relaxed);
    }

    /// Claims the right to expand this node; false when another thread
    /// has it or it is done.
    pub fn try_claim(&self) -> bool {
        self.state
            .compare_exchange(UNEXPANDED, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    /// Gives up a claim (the arena was full).
    fn unclaim(&self) {
        self.state.store(UNEXPANDED, Ordering::Release);
    }
}

/// A node's superko verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    /// No descent has entered the node yet.
    Unchecked,
    Legal,
    Illegal,
    /// Legal, but it repeats a position since the last pass (basic ko
    /// rule): the game can cycle from here.
    Cycle,
}

/// What a new child starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewChild {
    /// `None` for a pass.
    pub point: Option<Point>,
    /// Virtual games and half-wins of prior knowledge.
    pub prior_visits: u16,
    pub prior_wins: u16,
}

/// The arena.
pub struct Tree {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    /// Next free slot.
    next: AtomicU32,
    capacity: u32,
}

impl Tree {
    /// An arena for at most `max_nodes` nodes (at least 1), holding the
    /// root. Memory is taken chunk by chunk as the tree grows.
    pub fn new(max_nodes: usize) -> Tree {
        let capacity = max_nodes.clamp(1, u32::MAX as usize - CHUNK) as u32;
        let chunks = (0..(capacity as usize).div_ceil(CHUNK))
            .map(|_| OnceLock::new())
            .collect();
        let tree = Tree {
            chunks,
            next: AtomicU32::new(1),
            capacity,
        };
        tree.chunk_for(0);
        tree
    }

    /// Bytes one node takes, for turning a memory cap into a node cap.
    pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

    fn chunk_for(&self, id: u32) -> &[Node] {
        self.chunks[(id >> CHUNK_BITS) as usize]
            .get_or_init(|| (0..CHUNK).map(|_| Node::default()).collect())
    }

    #[inline]
    pub fn node(&self, id: NodeId) -> &Node {
        &self.chunk_for(id.0)[id.0 as usize & (CHUNK - 1)]
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.capacity) as usize
    }

    pub fn is_empty(&self) -> bool {
        false
    }

    pub fn capacity(&self) -> usize {
        self.capacity as usize
    }

    /// True when no more children can be added.
    pub fn is_full(&self) -> bool {
        self.next.load(Ordering::Relaxed) >= self.capacity
    }

    /// Gives `parent` (claimed with [`Node::try_claim`]) these children.
    /// Returns false, releasing the claim, when the arena is full.
    pub fn expand(&self, parent: NodeId, children: &[NewChild]) -> bool {
        let p = self.node(parent);
        let n = children.len() as u32;
        let reserved = self
            .next
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |next| {
                next.checked_add(n).filter(|&end| end <= self.capacity)
            });
        let Ok(first) = reserved else {
            p.unclaim();
            return false;
        };
        for (i, c) in children.iter().enumerate() {
            let node = self.node(NodeId(first + i as u32));
            let point = c.point.map_or(PASS, |p| p.index() as u16);
            node.point.store(point, Ordering::Relaxed);
            node.prior_visits.store(c.prior_visits, Ordering::Relaxed);
            node.prior_wins.store(c.prior_wins, Ordering::Relaxed);
        }
        p.first_child.store(first, Ordering::Relaxed);
        p.child_count.store(n as u16, Ordering::Relaxed);
        p.state.store(EXPANDED, Ordering::Release);
        true
    }

    /// The children of `node` that superko does not forbid, best first:
    /// the most visited, then among visited ones the higher win rate and
    /// among unvisited ones the larger prior, then the earlier child. The
    /// one ranking behind the move played, the stopping rule and the
    /// analysis snapshots.
    pub fn ranked(&self, node: NodeId) -> Vec<(NodeId, Stats)> {
        let mut v: Vec<(NodeId, Stats)> = self
            .node(node)
            .children()
            .map(NodeId)
            .filter(|&id| !self.node(id).is_illegal())
            .map(|id| (id, self.node(id).stats()))
            .collect();
        v.sort_by(|(a, sa), (b, sb)| {
            sb.visits
                .cmp(&sa.visits)
                .then_with(|| {
                    if sa.visits > 0 {
                        let rate = |s: &Stats| s.win_rate().unwrap_or(0.0);
                        rate(sb).total_cmp(&rate(sa))
                    } else {
                        sb.prior_wins.cmp(&sa.prior_wins)
                    }
                })
                .then(a.0.cmp(&b.0))
        });
        v
    }

    /// A new tree whose root is a copy of `from`'s subtree at `id`, with
    /// as many of its descendants as fit in `max_nodes` (breadth first, so
    /// what is dropped is the deepest part). Tree reuse between moves.
    pub fn promote(from: &Tree, id: NodeId, max_nodes: usize) -> Tree {
        let tree = Tree::new(max_nodes);
        let mut queue = std::collections::VecDeque::new();
        copy_stats(from.node(id), tree.node(ROOT));
        queue.push_back((id, ROOT));
        while let Some((old, new)) = queue.pop_front() {
            let kids = from.node(old).children();
            if kids.is_empty() {
                continue;
            }
            let n = kids.len() as u32;
            let first = tree.next.load(Ordering::Relaxed);
            if first + n > tree.capacity {
                continue;
            }
            tree.next.store(first + n, Ordering::Relaxed);
            for (i, k) in kids.enumerate() {
                let dst = NodeId(first + i as u32);
                copy_stats(from.node(NodeId(k)), tree.node(dst));
                queue.push_back((NodeId(k), dst));
            }
            let node = tree.node(new);
            node.first_child.store(first, Ordering::Relaxed);
            node.child_count.store(n as u16, Ordering::Relaxed);
            node.state.store(EXPANDED, Ordering::Release);
        }
        tree
    }
}

/// Copies what a node knows, except its children.
fn copy_stats(from: &Node, to: &Node) {
    let r = Ordering::Relaxed;
    to.point.store(from.point.load(r), r);
    to.visits.store(from.visits.load(r), r);
    to.wins.store(from.wins.load(r), r);
    to.amaf_visits.store(from.amaf_visits.load(r), r);
    to.amaf_wins.store(from.amaf_wins.load(r), r);
    to.prior_visits.store(from.prior_visits.load(r), r);
    to.prior_wins.store(from.prior_wins.load(r), r);
    to.score_sum.store(from.score_sum.load(r), r);
    to.legality.store(from.legality.load(r), r);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(i: usize) -> NewChild {
        NewChild {
            point: Some(Point::from_index(30 + i)),
            prior_visits: 10,
            prior_wins: 10,
        }
    }

    /// The README's memory figures assume this size.
    #[test]
    fn a_node_takes_40_bytes() {
        assert_eq!(Tree::NODE_BYTES, 40);
    }

    #[test]
    fn expansion_publishes_children_once() {
        let tree = Tree::new(100);
        let root = tree.node(ROOT);
        assert!(root.children().is_empty());
        assert!(root.try_claim());
        assert!(!root.try_claim(), "a second thread must not expand too");
        let kids: Vec<NewChild> = (0..5).map(child).collect();
        assert!(tree.expand(ROOT, &kids));
        let ids: Vec<u32> = root.children().collect();
        assert_eq!(ids, vec![1, 2, 3, 4, 5]);
        assert_eq!(tree.node(NodeId(3)).point(), Some(Point::from_index(32)));
        assert!(!tree.node(NodeId(3)).is_pass());
        let pass = NewChild {
            point: None,
            prior_visits: 1,
            prior_wins: 1,
        };
        let leaf = NodeId(2);
        assert!(tree.node(leaf).try_claim());
        assert!(tree.expand(leaf, &[pass]));
        let id = NodeId(tree.node(leaf).children().start);
        assert!(tree.node(id).is_pass());
        assert_eq!(tree.node(id).point(), None);
        assert_eq!(tree.len(), 7);
        assert_eq!(tree.node(NodeId(3)).stats().prior_visits, 10);
    }

    #[test]
    fn a_full_arena_refuses_and_releases_the_claim() {
        let tree = Tree::new(4);
        let kids: Vec<NewChild> = (0..5).map(child).collect();
        assert!(tree.node(ROOT).try_claim());
        assert!(!tree.expand(ROOT, &kids));
        assert!(tree.node(ROOT).children().is_empty());
        assert!(tree.node(ROOT).try_claim(), "claim released");
        assert!(tree.expand(ROOT, &kids[..3]));
        assert_eq!(tree.node(ROOT).children().len(), 3);
    }

    #[test]
    fn chunks_are_crossed_and_promotion_keeps_the_subtree() {
        let tree = Tree::new(3 * CHUNK);
        // A wide root whose children straddle the first chunk boundary.
        let kids: Vec<NewChild> = (0..300).map(|i| child(i % 600)).collect();
        let mut parent = ROOT;
        while tree.len() + 300 < CHUNK + 500 {
            assert!(tree.node(parent).try_claim());
            assert!(tree.expand(parent, &kids));
            parent = NodeId(tree.node(parent).children().start + 7);
        }
        let deep = NodeId(tree.node(ROOT).children().start + 7);
        let n = tree.node(deep);
        n.enter();
        n.record(WIN, 6);
        let promoted = Tree::promote(&tree, deep, 10 * CHUNK);
        let root = promoted.node(ROOT);
        assert_eq!(root.stats().visits, 1);
        assert_eq!(root.stats().wins, WIN);
        assert_eq!(root.point(), n.point());
        // Every level below the promoted node came along.
        let mut levels = 0;
        let (mut a, mut b) = (ROOT, deep);
        while !promoted.node(a).children().is_empty() {
            assert_eq!(
                promoted.node(a).children().len(),
                tree.node(b).children().len()
            );
            a = NodeId(promoted.node(a).children().start + 7);
            b = NodeId(tree.node(b).children().start + 7);
            levels += 1;
        }
        assert!(levels >= 50, "{levels}");
        // A small cap keeps the shallow part only.
        let small = Tree::promote(&tree, deep, 700);
        assert!(small.len() <= 700);
        assert_eq!(small.node(ROOT).children().len(), 300);
    }

    #[test]
    fn rates_count_half_wins_and_half_points() {
        // Nothing played yet: no rate, not a rate of 0/0.
        assert_eq!(Stats::default().win_rate(), None);
        assert_eq!(Stats::default().mean_score(), None);
        // 4 games, 5 half-wins (two wins and a draw): 5 / 8.
        // Margins summing to 14 half points: 7 points over 4 games.
        let s = Stats {
            visits: 4,
            wins: 5,
            score_sum: 14,
            ..Stats::default()
        };
        assert_eq!(s.win_rate(), Some(0.625));
        assert_eq!(s.mean_score(), Some(1.75));
        // Losing by 3 half points over 2 games: -0.75 points each.
        let l = Stats {
            visits: 2,
            wins: 0,
            score_sum: -3,
            ..Stats::default()
        };
        assert_eq!(l.win_rate(), Some(0.0));
        assert_eq!(l.mean_score(), Some(-0.75));
    }

    #[test]
    fn an_abandoned_descent_takes_its_visit_back() {
        let tree = Tree::new(10);
        let n = tree.node(ROOT);
        n.enter();
        n.enter();
        n.leave();
        n.record(WIN, 4);
        assert_eq!(n.visits(), 1);
        assert_eq!(n.stats().win_rate(), Some(1.0));
        assert_eq!(n.stats().mean_score(), Some(2.0));
    }

    #[test]
    fn superko_verdicts_are_kept_and_illegal_moves_not_ranked() {
        let tree = Tree::new(10);
        assert!(tree.node(ROOT).try_claim());
        assert!(tree.expand(ROOT, &[child(0), child(1), child(2)]));
        let (a, b, c) = (NodeId(1), NodeId(2), NodeId(3));
        assert_eq!(tree.node(a).legality(), Legality::Unchecked);
        assert!(!tree.node(a).is_illegal());
        tree.node(a).set_legality(true);
        tree.node(b).set_legality(false);
        assert_eq!(tree.node(a).legality(), Legality::Legal);
        assert!(!tree.node(a).is_illegal());
        assert_eq!(tree.node(b).legality(), Legality::Illegal);
        assert!(tree.node(b).is_illegal());
        assert_eq!(tree.node(c).legality(), Legality::Unchecked);
        // The forbidden move is left out even when it is the most visited.
        for _ in 0..3 {
            tree.node(b).enter();
        }
        tree.node(a).enter();
        let ids: Vec<NodeId> = tree.ranked(ROOT).into_iter().map(|(id, _)| id).collect();
        assert_eq!(ids, vec![a, c]);
        // A promoted tree keeps the verdicts.
        let p = Tree::promote(&tree, ROOT, 10);
        assert_eq!(p.node(a).legality(), Legality::Legal);
        assert_eq!(p.node(b).legality(), Legality::Illegal);
    }

    #[test]
    fn the_arena_reports_its_size_and_when_it_is_full() {
        let tree = Tree::new(4);
        assert_eq!(tree.capacity(), 4);
        assert_eq!(Tree::new(0).capacity(), 1, "the root always fits");
        assert!(!tree.is_empty(), "the root is always there");
        assert!(!tree.is_full());
        assert!(tree.node(ROOT).try_claim());
        assert!(tree.expand(ROOT, &[child(0), child(1)]));
        assert!(!tree.is_full(), "3 of 4 nodes in use");
        assert!(tree.node(NodeId(1)).try_claim());
        assert!(tree.expand(NodeId(1), &[child(2)]));
        assert_eq!(tree.len(), 4);
        assert!(tree.is_full());
    }

    #[test]
    fn ranking_is_visits_then_win_rate_or_prior_then_order() {
        let tree = Tree::new(10);
        let kid = |i: usize, prior_wins: u16| NewChild {
            prior_wins,
            ..child(i)
        };
        let kids = [
            kid(0, 9),
            kid(1, 1),
            kid(2, 3),
            kid(3, 8),
            kid(4, 0),
            kid(5, 3),
        ];
        assert!(tree.node(ROOT).try_claim());
        assert!(tree.expand(ROOT, &kids));
        let play = |id: u32, games: &[u32]| {
            for &w in games {
                tree.node(NodeId(id)).enter();
                tree.node(NodeId(id)).record(w, 0);
            }
        };
        play(1, &[WIN, 0]); // 2 visits, rate 1/2, prior 9
        play(2, &[WIN, WIN]); // 2 visits, rate 1, prior 1
        play(5, &[0, 0, 0]); // 3 visits, all lost
                             // Children 3, 4 and 6 are unvisited, priors 3, 8 and 3.
        let ids: Vec<u32> = tree.ranked(ROOT).into_iter().map(|(id, _)| id.0).collect();
        // Visits first; among equal visits the higher win rate, not the
        // prior; unvisited by prior, the earlier child on equal priors.
        assert_eq!(ids, vec![5, 2, 1, 4, 3, 6]);
    }

    #[test]
    fn promotion_keeps_children_that_exactly_fill_the_cap() {
        let tree = Tree::new(10);
        assert!(tree.node(ROOT).try_claim());
        assert!(tree.expand(ROOT, &[child(0), child(1), child(2)]));
        // The root and its 3 children: 4 nodes.
        let exact = Tree::promote(&tree, ROOT, 4);
        assert_eq!(exact.node(ROOT).children().len(), 3);
        assert_eq!(exact.len(), 4);
        assert_eq!(exact.node(NodeId(2)).point(), Some(Point::from_index(31)));
        // One node fewer: the children do not fit at all.
        let short = Tree::promote(&tree, ROOT, 3);
        assert!(short.node(ROOT).children().is_empty());
        assert_eq!(short.len(), 1);
    }
}
