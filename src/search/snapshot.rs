//! Taking an [`Analysis`] from the running tree: the root's candidates
//! with their principal variations, and the board's ownership.

use std::sync::atomic::Ordering;

use crate::board::{Color, Point, MAX_POINTS};
use crate::rules::Move;

use super::analysis::{Analysis, Candidate};
use super::tree::{NodeId, ROOT};
use super::workers::Search;

/// A principal variation stops at a node with fewer visits, or this deep.
const PV_MIN_VISITS: u32 = 2;
const PV_MAX_LEN: usize = 24;

impl Search<'_> {
    /// A snapshot of the root, listing at least `min_moves` candidates
    /// (where there are as many legal moves) and at most `max_moves`.
    pub(super) fn snapshot(&self, min_moves: usize, max_moves: usize) -> Analysis {
        let tree = self.tree;
        // Margins for the player to move, against the real komi.
        let shift = match self.color {
            Color::Black => self.black_margin_shift,
            Color::White => -self.black_margin_shift,
        };
        let mut kids = tree.ranked(ROOT);
        kids.retain(|&(id, _)| {
            self.rave
                .filter
                .permits(self.color, tree.node(id).point(), 0)
        });
        let prior_total = kids
            .iter()
            .map(|(_, s)| f64::from(s.prior_wins))
            .sum::<f64>()
            .max(1.0);
        let visited = kids.iter().take_while(|(_, s)| s.visits > 0).count();
        let wanted = visited.max(min_moves).min(max_moves);
        let mut candidates = Vec::with_capacity(wanted);
        for &(id, st) in &kids {
            if candidates.len() >= wanted {
                break;
            }
            let point = tree.node(id).point();
            // A child never entered was not checked for superko.
            if st.visits == 0 {
                if let Some(p) = point {
                    if self.game.is_legal(Move::Play(self.color, p)).is_err() {
                        continue;
                    }
                }
            }
            let win_rate = st.win_rate().unwrap_or(0.5);
            let n = f64::from(st.visits);
            let lcb = if n > 0.0 {
                (win_rate - 2.0 * (win_rate * (1.0 - win_rate) / n).sqrt()).max(0.0)
            } else {
                0.0
            };
            candidates.push(Candidate {
                point,
                visits: st.visits,
                win_rate,
                score_lead: st.mean_score().map_or(0.0, |m| m + shift),
                prior: f64::from(st.prior_wins) / prior_total,
                lcb,
                pv: self.pv(id),
            });
        }
        let root = tree.node(ROOT).stats();
        let own = self.own.read();
        let mut ownership = vec![0.0; MAX_POINTS];
        for p in self.game.board().points() {
            ownership[p.index()] = own.share(p, Color::Black) - own.share(p, Color::White);
        }
        Analysis {
            color: self.color,
            playouts: self.finished.load(Ordering::Relaxed),
            // The root's numbers are the opponent's (who moved to it).
            win_rate: root.win_rate().map_or(0.5, |r| 1.0 - r),
            score_lead: root.mean_score().map_or(0.0, |m| shift - m),
            candidates,
            ownership,
        }
    }

    /// The most visited line from `from` on, `from`'s move first.
    fn pv(&self, from: NodeId) -> Vec<Option<Point>> {
        let tree = self.tree;
        let mut pv = vec![tree.node(from).point()];
        let mut node = from;
        while pv.len() < PV_MAX_LEN {
            let next = tree
                .node(node)
                .children()
                .map(NodeId)
                .filter(|&id| !tree.node(id).is_illegal())
                .max_by_key(|&id| tree.node(id).visits());
            match next {
                Some(id) if tree.node(id).visits() >= PV_MIN_VISITS => {
                    pv.push(tree.node(id).point());
                    node = id;
                }
                _ => break,
            }
        }
        pv
    }
}
