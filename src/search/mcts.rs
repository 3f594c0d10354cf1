//! Monte Carlo tree search with RAVE: the player behind `genmove`.
//!
//! Each descent goes from the root to a leaf by the best child value (no
//! exploration term: priors and RAVE do the exploring, as in Pachi and
//! Fuego), expands a leaf once it has been visited a few times, plays a
//! playout from there, and backs the result up the path. The value of a
//! child blends its own win rate with its AMAF win rate (all moves as
//! first, playout moves included) by the minimum-MSE schedule of Gelly
//! and Silver in Pachi's form: `beta = r / (r + n + r*n/EQUIV_RAVE)`.
//!
//! Threads share one tree (see [`super::tree`]); a descent counts a visit
//! when it enters a node and adds the result when it comes back, so the
//! descents still running look like losses to the others (virtual loss)
//! and spread out. Superko is checked the first time a descent enters a
//! node, against the game's history and the positions on the path, and a
//! repeating node is marked illegal for good.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::rules::{area_owners, Event, Game, KoRule, Move, Phase, TieRule};

use super::analysis::{Analysis, Candidate, MoveFilter, Watch};
use super::ownership::{Ownership, SharedOwnership};
use super::playout::{owners, play_out, Policy};
use super::prior;
use super::tree::{Legality, NodeId, Tree, DRAW, ROOT, WIN};
use super::{value_for, Budget, Decision, GenMode, Player, SearchParams};

/// AMAF games worth as much as one real game (Pachi's `equiv_rave`).
const EQUIV_RAVE: f64 = 3000.0;
/// A leaf gets children once it has been visited more than this many
/// times on a 9x9 board (Fuego: 3); bigger boards wait longer, since each
/// expansion adds a node per empty point (Pachi waits for 8).
const EXPAND_AT: u32 = 3;
/// Weight of the mean margin (as a share of the board) beside the win
/// rate: when every move wins (or loses), the margin still orders them.
const SCORE_WEIGHT: f64 = 0.1;
/// Playouts below which the player neither resigns nor trusts ownership.
const MIN_PLAYOUTS_TO_JUDGE: u64 = 200;
/// Playouts for a dead-stone judgement when the budget is a time.
const DEAD_STONE_PLAYOUTS: u64 = 3000;
/// Least time a dead-stone judgement behind a pass may take on a clock:
/// with less, the root's own verdict stands.
const MIN_JUDGEMENT_TIME: Duration = Duration::from_millis(50);
/// Komi per handicap stone that linear dynamic komi starts from.
const DYNKOMI_PER_STONE: f64 = 7.0;
/// Share of the board's points after which dynamic komi is gone (Pachi:
/// 200 moves on 19x19).
const DYNKOMI_END: f64 = 0.55;
/// Stands for a pass among the path's moves (a wall cell, never played;
/// the AMAF update marks it harmlessly, no child has that point).
const PASS_MARK: Point = Point::from_index(0);
/// A node offers a pass once fewer than this share of the board's points
/// are empty, or when the move that led to it was a pass.
const PASS_WHEN_EMPTY_BELOW: f64 = 0.5;
/// A pass is as good as the best move when its win rate is within this
/// of the best one's, over at least this many visits.
const PASS_TOLERANCE: f64 = 0.05;
const PASS_MIN_VISITS: u64 = 20;
/// Extend the search past its target while the most visited move has
/// fewer than this many times the visits of the second.
const CLOSE_RATIO: f64 = 1.5;
/// A worker adds its ownership counts to the shared ones this often (in
/// playouts), so snapshots see them without a shared write per playout.
const OWNERSHIP_FLUSH: u64 = 64;
/// A principal variation stops at a node with fewer visits, or this deep.
const PV_MIN_VISITS: u32 = 2;
const PV_MAX_LEN: usize = 24;

/// When a search stops.
#[derive(Clone, Copy, Debug)]
struct Limits {
    /// Playouts to start, over all threads.
    playouts: Option<u64>,
    start: Instant,
    target: Option<Duration>,
    max: Option<Duration>,
}

/// What every search thread shares.
struct Search<'a> {
    tree: &'a Tree,
    game: &'a Game,
    color: Color,
    /// What White adds to its area in the playouts: komi, handicap bonus
    /// and dynamic komi.
    white_bonus: f64,
    tie: TieRule,
    ko: KoRule,
    policy: Policy,
    last: Option<Point>,
    /// The move before it (the mover's own last move), if a play.
    prev: Option<Point>,
    /// Whether nodes may offer a pass (not where the board will be
    /// counted as it stands: there a pass is decided outside the tree).
    passes: bool,
    /// Whether the move before the root was a pass.
    after_pass: bool,
    expand_at: u32,
    limits: Limits,
    /// Descents started, over all threads.
    started: AtomicU64,
    /// Playouts finished, over all threads.
    finished: AtomicU64,
    /// Set by the search itself when its time is up.
    stop: AtomicBool,
    /// Set by the caller.
    abort: &'a AtomicBool,
    /// Moves the caller does not want searched.
    filter: &'a MoveFilter,
    own: SharedOwnership,
    /// Margins in the tree are against `white_bonus`; this turns them
    /// into margins against the real komi (it is not zero only with
    /// dynamic komi), for Black.
    black_margin_shift: f64,
}

/// A thread's own buffers.
struct Worker {
    rng: SmallRng,
    board: Board,
    path: Vec<NodeId>,
    /// The moves along the path, and the position after each (hash and
    /// player to move), for superko.
    tree_moves: Vec<(Color, Point)>,
    keys: Vec<(u64, Color)>,
    playout_moves: Vec<(Color, Point)>,
    /// Per point: 1 + colour of the first player to play there, during
    /// the AMAF update.
    first: Vec<u8>,
    /// Owner of every point at the end of the playout (1 Black, -1
    /// White, 0 nobody).
    owners: Vec<i8>,
    own: Ownership,
}

impl<'a> Search<'a> {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.abort.load(Ordering::Relaxed)
    }

    fn worker(&self, seed: u64, controller: bool) {
        let mut w = Worker {
            rng: SmallRng::seed_from_u64(seed),
            board: self.game.board().clone(),
            path: Vec::with_capacity(64),
            tree_moves: Vec::with_capacity(64),
            keys: Vec::with_capacity(64),
            playout_moves: Vec::with_capacity(4 * MAX_POINTS),
            first: vec![0; MAX_POINTS],
            owners: vec![0; MAX_POINTS],
            own: Ownership::new(),
        };
        let mut n = 0u64;
        // One descent even when stopped at once: it gives the root its
        // children, and an interrupted genmove a move.
        while n == 0 || !self.stopped() {
            if let Some(limit) = self.limits.playouts {
                if self.started.fetch_add(1, Ordering::Relaxed) >= limit {
                    break;
                }
            }
            self.descend(&mut w);
            n += 1;
            if n % OWNERSHIP_FLUSH == 0 {
                w.own.flush(&self.own);
            }
            if controller && n % 32 == 0 && self.time_is_up() {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        w.own.flush(&self.own);
    }

    /// One descent, playout and backup. A descent that runs into a
    /// superko repetition is abandoned (the node is marked illegal).
    fn descend(&self, w: &mut Worker) {
        let tree = self.tree;
        w.board.copy_from(self.game.board());
        w.path.clear();
        w.tree_moves.clear();
        w.keys.clear();
        w.path.push(ROOT);
        tree.node(ROOT).enter();
        let mut node = ROOT;
        let mut color = self.color;
        let mut last = self.last;
        let mut prev = self.prev;
        let mut after_pass = self.after_pass;
        loop {
            let n = tree.node(node);
            if !n.is_expanded() {
                let ready = node == ROOT || n.visits() > self.expand_at;
                if ready && !tree.is_full() && n.try_claim() {
                    let pass = self.passes && (after_pass || late(&w.board));
                    let kids = prior::children(&w.board, color, last, prev, pass);
                    tree.expand(node, &kids);
                }
                if !n.is_expanded() {
                    break;
                }
            }
            let depth = w.tree_moves.len() as u32;
            let Some(child) = self.select(node, &mut w.rng, color, depth) else {
                break;
            };
            let c = tree.node(child);
            let p = match c.point() {
                Some(p) => {
                    w.board.play_unchecked(color, p);
                    p
                }
                None => {
                    w.board.pass();
                    PASS_MARK
                }
            };
            c.enter();
            w.path.push(child);
            w.tree_moves.push((color, p));
            if c.legality() == Legality::Unchecked {
                // Passes never repeat a position (SPEC §1.1).
                c.set_legality(p == PASS_MARK || !self.repeats(w, !color));
            }
            if c.is_illegal() {
                for &id in &w.path {
                    tree.node(id).leave();
                }
                return;
            }
            w.keys.push((w.board.hash(), !color));
            prev = last;
            last = (p != PASS_MARK).then_some(p);
            after_pass = p == PASS_MARK;
            color = !color;
            node = child;
        }
        w.playout_moves.clear();
        play_out(
            &mut w.board,
            color,
            last,
            &mut w.rng,
            self.policy,
            &mut w.playout_moves,
        );
        let black_area = owners(&w.board, &mut w.owners);
        for p in w.board.points() {
            match w.owners[p.index()] {
                1 => w.own.owned[p.index()][0] += 1,
                -1 => w.own.owned[p.index()][1] += 1,
                _ => {}
            }
        }
        w.own.playouts += 1;
        let black_margin = f64::from(black_area) - self.white_bonus;
        let black_wins = if black_margin > 0.0 {
            WIN
        } else if black_margin < 0.0 {
            0
        } else {
            match self.tie {
                TieRule::Draw => DRAW,
                TieRule::BlackWins => WIN,
            }
        };
        self.backup(w, black_wins, (2.0 * black_margin).round() as i64);
        self.finished.fetch_add(1, Ordering::Relaxed);
    }

    /// Does the position after the last path move (with `to_move` to
    /// play) repeat one of the game or of the path?
    fn repeats(&self, w: &Worker, to_move: Color) -> bool {
        if self.game.history().repeats(&w.board, to_move, self.ko) {
            return true;
        }
        let hash = w.board.hash();
        for (i, &(h, mover)) in w.keys.iter().enumerate() {
            if h == hash && (self.ko == KoRule::PositionalSuperko || mover == to_move) {
                // Confirm the hit: replay the path to that position.
                let mut b = self.game.board().clone();
                for &(c, p) in &w.tree_moves[..=i] {
                    if p == PASS_MARK {
                        b.pass();
                    } else {
                        b.play_unchecked(c, p);
                    }
                }
                if b == w.board {
                    return true;
                }
            }
        }
        false
    }

    /// The child of `node` with the best value, skipping illegal ones and
    /// those the filter forbids `color` (to move there) at `depth`.
    fn select(&self, node: NodeId, rng: &mut SmallRng, color: Color, depth: u32) -> Option<NodeId> {
        let tree = self.tree;
        let kids = tree.node(node).children();
        let count = kids.len() as u32;
        if count == 0 {
            return None;
        }
        let area = {
            let s = f64::from(self.game.size());
            s * s
        };
        // After the opponent's pass, the root's pass is tried a few times
        // whatever its value: where every move wins, the moves' priors
        // keep an untried pass below them for good, and the pass decision
        // needs its visits (found in a match: GNU Go passed 78 times while
        // ingo, winning, played on up to the move limit).
        if depth == 0 && self.after_pass {
            let pass = kids.clone().map(NodeId).find(|&id| tree.node(id).is_pass());
            if let Some(id) = pass {
                let c = tree.node(id);
                if c.visits() < PASS_MIN_VISITS as u32
                    && !c.is_illegal()
                    && (self.filter.is_empty() || self.filter.permits(color, None, depth))
                {
                    return Some(id);
                }
            }
        }
        // A random start breaks ties without favouring the low points.
        let offset = rng.random_range(0..count);
        let mut best = None;
        let mut best_value = f64::MIN;
        for i in 0..count {
            let id = NodeId(kids.start + (i + offset) % count);
            let c = tree.node(id);
            if c.is_illegal()
                || (!self.filter.is_empty() && !self.filter.permits(color, c.point(), depth))
            {
                continue;
            }
            let v = value(&c.stats(), area);
            if v > best_value {
                best_value = v;
                best = Some(id);
            }
        }
        best
    }

    /// Adds the result to every node of the path and the AMAF result to
    /// every child whose move its player made first later on.
    fn backup(&self, w: &mut Worker, black_wins: u32, black_margin_halves: i64) {
        let tree = self.tree;
        let for_color = |c: Color| match c {
            Color::Black => (black_wins, black_margin_halves),
            Color::White => (WIN - black_wins, -black_margin_halves),
        };
        // Earlier moves overwrite later ones: the first play counts.
        for &(c, p) in w.playout_moves.iter().rev() {
            w.first[p.index()] = 1 + c.index() as u8;
        }
        let depth = w.tree_moves.len();
        for i in (0..w.path.len()).rev() {
            if i < depth {
                let (c, p) = w.tree_moves[i];
                w.first[p.index()] = 1 + c.index() as u8;
            }
            // The player to move at path[i].
            let mover = if i % 2 == 0 { self.color } else { !self.color };
            let node = tree.node(w.path[i]);
            let (wins, margin) = for_color(!mover);
            node.record(wins, margin);
            let (amaf_wins, _) = for_color(mover);
            let want = 1 + mover.index() as u8;
            for id in node.children() {
                let child = tree.node(NodeId(id));
                if let Some(p) = child.point() {
                    if w.first[p.index()] == want {
                        child.record_amaf(amaf_wins);
                    }
                }
            }
        }
        for &(_, p) in w.playout_moves.iter().chain(&w.tree_moves) {
            w.first[p.index()] = 0;
        }
    }

    /// A snapshot of the root, listing at least `min_moves` candidates
    /// (where there are as many legal moves) and at most `max_moves`.
    fn snapshot(&self, min_moves: usize, max_moves: usize) -> Analysis {
        let tree = self.tree;
        // Margins for the player to move, against the real komi.
        let shift = match self.color {
            Color::Black => self.black_margin_shift,
            Color::White => -self.black_margin_shift,
        };
        let mut kids: Vec<(NodeId, super::tree::Stats)> = tree
            .node(ROOT)
            .children()
            .map(NodeId)
            .filter(|&id| {
                let n = tree.node(id);
                !n.is_illegal() && self.filter.permits(self.color, n.point(), 0)
            })
            .map(|id| (id, tree.node(id).stats()))
            .collect();
        let prior_total = kids
            .iter()
            .map(|(_, s)| f64::from(s.prior_wins))
            .sum::<f64>()
            .max(1.0);
        kids.sort_by(|a, b| {
            (b.1.visits, b.1.prior_wins)
                .cmp(&(a.1.visits, a.1.prior_wins))
                .then(a.0 .0.cmp(&b.0 .0))
        });
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

    /// The root's children by visits, most first.
    fn ranked(&self) -> Vec<(NodeId, u32)> {
        let mut v: Vec<(NodeId, u32)> = self
            .tree
            .node(ROOT)
            .children()
            .map(|i| (NodeId(i), self.tree.node(NodeId(i)).visits()))
            .filter(|&(id, _)| !self.tree.node(id).is_illegal())
            .collect();
        v.sort_by_key(|&(_, visits)| std::cmp::Reverse(visits));
        v
    }

    /// Time to stop: past the maximum; past the target unless the top two
    /// moves are close; or the runner-up cannot catch up in the time left.
    fn time_is_up(&self) -> bool {
        let (Some(target), Some(max)) = (self.limits.target, self.limits.max) else {
            return false;
        };
        let elapsed = self.limits.start.elapsed();
        if elapsed >= max {
            return true;
        }
        let ranked = self.ranked();
        let (first, second) = match ranked.as_slice() {
            [] | [_] => return elapsed >= target.min(Duration::from_millis(50)),
            [a, b, ..] => (f64::from(a.1), f64::from(b.1)),
        };
        if elapsed >= target {
            return first >= CLOSE_RATIO * second;
        }
        // Playouts still to come before the target, at the rate so far.
        let done = self.finished.load(Ordering::Relaxed) as f64;
        let secs = elapsed.as_secs_f64();
        if secs < 0.05 || done < 100.0 {
            return false;
        }
        let to_come = done / secs * (target - elapsed).as_secs_f64();
        first - second > to_come
    }
}

/// Late enough in the game for a node to offer a pass.
fn late(board: &Board) -> bool {
    let area = f64::from(board.size()) * f64::from(board.size());
    (board.empty_count() as f64) < PASS_WHEN_EMPTY_BELOW * area
}

/// True when the root of a kept tree is expanded but has no pass child,
/// though a new root here would offer one.
fn root_lacks_pass(tree: &Tree, game: &Game) -> bool {
    let root = tree.node(ROOT);
    let wants = late(game.board()) || matches!(game.last_move(), Some(Move::Pass(_)));
    wants && root.is_expanded() && !root.children().any(|i| tree.node(NodeId(i)).is_pass())
}

/// The value of a child for selection, for the player who moves to it.
fn value(s: &super::tree::Stats, area: f64) -> f64 {
    let n = f64::from(s.visits + s.prior_visits);
    let q = if n > 0.0 {
        f64::from(s.wins + s.prior_wins) / (2.0 * n)
    } else {
        0.5
    };
    let q = match s.mean_score() {
        Some(m) => q + SCORE_WEIGHT * (m / area).clamp(-1.0, 1.0),
        None => q,
    };
    let r = f64::from(s.amaf_visits);
    if r == 0.0 {
        return q;
    }
    let rq = f64::from(s.amaf_wins) / (2.0 * r);
    let beta = r / (r + n + r * n / EQUIV_RAVE);
    (1.0 - beta) * q + beta * rq
}

/// The tree kept from the last search, and the game it was for.
struct Kept {
    tree: Tree,
    game: Game,
    color: Color,
}

/// The tree search player.
pub struct Mcts {
    params: SearchParams,
    rng: SmallRng,
    kept: Option<Kept>,
    /// Dead stones of the last judged arrangement and side to move (the
    /// playouts' verdict can depend on who moves first): the same
    /// position must get the same answer (Pachi caches for the same
    /// reason).
    dead_cache: Option<(u64, Color, Vec<Point>)>,
}

/// The result of one search.
struct Outcome {
    tree: Tree,
    own: Ownership,
    playouts: u64,
    analysis: Analysis,
}

impl Mcts {
    pub fn new(params: SearchParams) -> Mcts {
        let rng = SmallRng::seed_from_u64(params.seed);
        Mcts {
            params,
            rng,
            kept: None,
            dead_cache: None,
        }
    }

    /// What White adds to its area in our playouts: komi and handicap
    /// bonus, plus linear dynamic komi in handicap games (Pachi): the
    /// handicap side plays as if it owed more komi, the other as if it
    /// owed less, fading out over the game.
    fn white_bonus(game: &Game, color: Color) -> f64 {
        let base = game.komi_with_bonus();
        let stones = game.handicap();
        if stones == 0 {
            return base;
        }
        let area = f64::from(game.size()) * f64::from(game.size());
        let played = game.moves().count() as f64;
        let fade = (1.0 - played / (DYNKOMI_END * area)).max(0.0);
        let extra = DYNKOMI_PER_STONE * f64::from(stones) * fade;
        match color {
            Color::Black => base + extra,
            Color::White => base - extra,
        }
    }

    /// The kept tree's node for `game` with `color` to move, promoted to
    /// a new tree, when the game only went on by moves the tree knows.
    fn reuse(&mut self, game: &Game, color: Color) -> Option<Tree> {
        let kept = self.kept.take()?;
        let old = &kept.game;
        if old.setup() != game.setup()
            || old.komi().to_bits() != game.komi().to_bits()
            || old.rules() != game.rules()
            || old.size() != game.size()
            || !game.events().starts_with(old.events())
        {
            return None;
        }
        let mut node = ROOT;
        let mut to_move = kept.color;
        for e in &game.events()[old.events().len()..] {
            let Event::Move(Move::Play(c, p)) = e else {
                return None;
            };
            if *c != to_move {
                return None;
            }
            node = NodeId(
                kept.tree
                    .node(node)
                    .children()
                    .find(|&i| kept.tree.node(NodeId(i)).point() == Some(*p))?,
            );
            to_move = !to_move;
        }
        if to_move != color {
            return None;
        }
        if node == ROOT {
            // The same position (analysed again, or pondered on and not
            // yet answered): the tree goes on as it is, with no copy.
            log::info!("reusing all {} nodes", kept.tree.len());
            return Some(kept.tree);
        }
        let tree = Tree::promote(&kept.tree, node, self.params.max_nodes);
        log::info!("reusing {} of {} nodes", tree.len(), kept.tree.len());
        Some(tree)
    }

    /// Runs the search on every thread, while the calling thread reports
    /// to `watch` when it asks for snapshots.
    fn search(
        &mut self,
        game: &Game,
        color: Color,
        budget: Budget,
        passes: bool,
        filter: &MoveFilter,
        watch: &mut Watch,
    ) -> Outcome {
        // Promoting the kept tree takes time too: the clock starts here.
        let start = Instant::now();
        let tree = self
            .reuse(game, color)
            // A kept node expanded before passes were offered has none.
            .filter(|t| !passes || !root_lacks_pass(t, game))
            .unwrap_or_else(|| Tree::new(self.params.max_nodes));
        let limits = match budget {
            Budget::Playouts(n) => Limits {
                playouts: Some(n),
                start,
                target: None,
                max: None,
            },
            Budget::Time { target, max } => Limits {
                playouts: None,
                start,
                target: Some(target),
                max: Some(max.max(target)),
            },
        };
        let last = match game.last_move() {
            Some(Move::Play(_, p)) => Some(p),
            _ => None,
        };
        let prev = match game.moves().nth_back(1) {
            Some(Move::Play(_, p)) => Some(p),
            _ => None,
        };
        let white_bonus = Self::white_bonus(game, color);
        let search = Search {
            tree: &tree,
            game,
            color,
            white_bonus,
            tie: game.rules().tie,
            ko: game.rules().ko,
            policy: self.params.policy,
            last,
            prev,
            passes,
            after_pass: matches!(game.last_move(), Some(Move::Pass(_))),
            expand_at: (EXPAND_AT * u32::from(game.size()).pow(2) / 81).clamp(1, 8),
            limits,
            started: AtomicU64::new(0),
            finished: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            abort: watch.stop,
            filter,
            own: SharedOwnership::new(),
            black_margin_shift: white_bonus - game.komi_with_bonus(),
        };
        let threads = self.params.threads.max(1);
        let seeds: Vec<u64> = (0..threads).map(|_| self.rng.random()).collect();
        let (min_moves, max_moves) = (watch.min_moves, watch.max_moves);
        match watch.report.as_mut() {
            None if threads == 1 => search.worker(seeds[0], true),
            report => std::thread::scope(|scope| {
                let search = &search;
                let handles: Vec<_> = seeds
                    .iter()
                    .enumerate()
                    .map(|(i, &seed)| scope.spawn(move || search.worker(seed, i == 0)))
                    .collect();
                if let Some((every, report)) = report {
                    let every = (*every).max(Duration::from_millis(10));
                    let mut next = start + every;
                    while !handles.iter().all(|h| h.is_finished()) {
                        let now = Instant::now();
                        if now >= next {
                            report(&search.snapshot(min_moves, max_moves));
                            next += every;
                            if next <= now {
                                next = now + every;
                            }
                            continue;
                        }
                        // Short naps: the workers' end is seen soon.
                        std::thread::sleep((next - now).min(Duration::from_millis(5)));
                    }
                }
                for h in handles {
                    if h.join().is_err() {
                        log::error!("a search thread panicked");
                    }
                }
            }),
        }
        let own = search.own.read();
        let analysis = search.snapshot(min_moves, max_moves);
        let playouts = search.finished.load(Ordering::Relaxed);
        log::info!(
            "search: {} playouts in {:.2} s, {} nodes",
            playouts,
            limits.start.elapsed().as_secs_f64(),
            tree.len()
        );
        drop(search);
        Outcome {
            tree,
            own,
            playouts,
            analysis,
        }
    }

    /// The dead stones of the position, from a search of `budget` with no
    /// passes, cached by position: the verdict behind a pass is the one
    /// final_status_list must give.
    fn judge_dead(&mut self, game: &Game, budget: Budget) -> Vec<Point> {
        let board = game.board();
        if let Some((hash, to_move, dead)) = &self.dead_cache {
            if *hash == board.hash() && *to_move == game.to_move() {
                return dead.clone();
            }
        }
        // Seeded by the position, so the verdict does not depend on what
        // was asked before.
        let saved = std::mem::replace(
            &mut self.rng,
            SmallRng::seed_from_u64(self.params.seed ^ board.hash()),
        );
        let kept = self.kept.take();
        let stop = AtomicBool::new(false);
        let out = self.search(
            game,
            game.to_move(),
            budget,
            false,
            &MoveFilter::default(),
            &mut Watch::silent(&stop),
        );
        self.kept = kept;
        self.rng = saved;
        let dead = out.own.dead(board);
        self.dead_cache = Some((board.hash(), game.to_move(), dead.clone()));
        dead
    }

    /// The judgement behind a pass, for a move of `budget` that has used
    /// `spent`: the playouts final_status_list would use, or on a clock
    /// half the move's target, within what is left of its maximum; none
    /// when that is too short to judge anything.
    fn pass_judgement(budget: Budget, spent: Duration) -> Option<Budget> {
        match budget {
            Budget::Playouts(n) => Some(Budget::Playouts(n.max(DEAD_STONE_PLAYOUTS))),
            Budget::Time { target, max } => {
                let t = (target / 2).min(max.saturating_sub(spent));
                (t >= MIN_JUDGEMENT_TIME).then(|| Budget::time(t))
            }
        }
    }

    /// The root's legal children, most visited first.
    fn ranked(tree: &Tree, game: &Game, color: Color) -> Vec<(Point, super::tree::Stats)> {
        let mut v: Vec<(Point, super::tree::Stats)> = tree
            .node(ROOT)
            .children()
            .filter_map(|i| {
                let n = tree.node(NodeId(i));
                let p = n.point()?;
                (!n.is_illegal()).then_some((p, n.stats()))
            })
            .collect();
        v.sort_by(|a, b| {
            b.1.visits.cmp(&a.1.visits).then(
                b.1.win_rate()
                    .unwrap_or(0.0)
                    .total_cmp(&a.1.win_rate().unwrap_or(0.0)),
            )
        });
        // Never-entered children were not checked for superko.
        v.retain(|(p, _)| game.is_legal(Move::Play(color, *p)).is_ok());
        v
    }
}

impl Player for Mcts {
    fn think(
        &mut self,
        game: &Game,
        color: Color,
        mode: GenMode,
        budget: Budget,
        watch: &mut Watch,
    ) -> Decision {
        let started = Instant::now();
        let cleanup = mode == GenMode::Cleanup || matches!(game.phase(), Phase::Resumed { .. });
        let opponent_passed = game.last_move() == Some(Move::Pass(!color));
        let out = self.search(game, color, budget, !cleanup, &MoveFilter::default(), watch);
        let board = game.board();
        let ranked = Self::ranked(&out.tree, game, color);
        let Some(&(best, best_stats)) = ranked.first() else {
            return Decision::Pass;
        };
        let best_rate = best_stats.win_rate().unwrap_or(0.5);
        for (p, s) in ranked.iter().take(5) {
            log::debug!(
                "{}: visits {} win rate {:.3} amaf {}/{:.3} prior {}/{:.2} score {:.1}",
                p.vertex(),
                s.visits,
                s.win_rate().unwrap_or(0.0),
                s.amaf_visits,
                f64::from(s.amaf_wins) / (2.0 * f64::from(s.amaf_visits.max(1))),
                s.prior_visits,
                f64::from(s.prior_wins) / (2.0 * f64::from(s.prior_visits.max(1))),
                s.mean_score().unwrap_or(0.0)
            );
        }
        log::info!(
            "best {} win rate {:.3} visits {} of {} playouts",
            best.vertex(),
            best_rate,
            best_stats.visits,
            out.playouts
        );
        let judged = out.own.playouts >= MIN_PLAYOUTS_TO_JUDGE;
        if judged
            && best_rate < self.params.resign_threshold
            && best_stats.visits as u64 >= MIN_PLAYOUTS_TO_JUDGE / 4
        {
            return Decision::Resign;
        }
        // Pass when the count after two passes is not worse than playing
        // on, and the opponent has passed or the search itself prefers the
        // pass (it then saw that the opponent has nothing to gain from a
        // free move). Where the board counts as it stands there is no pass
        // in the tree: there the playouts must agree with the count nearly
        // everywhere (the board is settled).
        let pass_stats = out
            .tree
            .node(ROOT)
            .children()
            .map(|i| out.tree.node(NodeId(i)))
            .find(|n| n.is_pass())
            .map(|n| n.stats());
        let pass_visits = pass_stats.map_or(0, |s| s.visits);
        // Even after the opponent's pass, our pass hands the move back (a
        // resumption starts with the opponent): it must be about as good
        // as the best move in the search's own eyes, not only by a count
        // that trusts our dead-stone verdict (found in matches: ingo
        // passed in a capturing race that the side to move wins).
        let pass_as_good = pass_stats
            .filter(|s| u64::from(s.visits) >= PASS_MIN_VISITS)
            .and_then(|s| s.win_rate())
            .is_some_and(|r| r >= best_rate - PASS_TOLERANCE);
        if !cleanup && (opponent_passed || late(board)) {
            log::info!("pass: visits {pass_visits}");
        }
        let dead = out.own.dead(board);
        let dead_opponents = dead.iter().any(|&p| board.color_at(p) == Some(!color));
        let counted_dead: &[Point] = if cleanup { &[] } else { &dead };
        let decision = if cleanup && dead_opponents {
            // Capture them: of the moves on a liberty of a dead opposing
            // string, the most visited.
            let on_dead_liberty = |p: Point| {
                p.neighbors()
                    .iter()
                    .any(|&n| board.color_at(n) == Some(!color) && dead.binary_search(&n).is_ok())
            };
            let pick = ranked
                .iter()
                .find(|(p, _)| on_dead_liberty(*p))
                .map_or(best, |&(p, _)| p);
            Decision::Play(pick)
        } else {
            let owners = area_owners(board, counted_dead);
            let agreeing = board
                .points()
                .filter(|&p| owners[p.index()].is_some_and(|o| out.own.share(p, o) >= 0.8))
                .count();
            let settled = judged && agreeing * 10 >= board.points().count() * 9;
            let pass_ok = if cleanup {
                opponent_passed || settled
            } else {
                pass_visits > best_stats.visits || (opponent_passed && pass_as_good)
            };
            // The root's ownership comes from lines the tree steers, most
            // of them through our own pass when it looks good: where both
            // sides only have moves that hurt themselves (shared liberties,
            // a killing sacrifice), the side to move in the playouts loses,
            // and a dead group can look alive. The count behind a pass is
            // the one final_status_list gives, from a judgement of its own
            // (found in matches against Pachi: ingo passed, counting W+1
            // with nothing dead, in a position that was B+74).
            let judged_dead;
            let judgement = Self::pass_judgement(budget, started.elapsed());
            let counted_dead = match judgement {
                Some(b) if pass_ok && !cleanup => {
                    // Judged after the pass, with the opponent to move: a
                    // group the opponent kills by moving first is dead
                    // (found in a match: White's stones in Black's area
                    // lived with White to move, and ingo passed counting
                    // W+31 where GNU Go counted a draw).
                    let mut after = game.clone();
                    judged_dead = match after.play(Move::Pass(color)) {
                        Ok(()) => self.judge_dead(&after, b),
                        Err(_) => self.judge_dead(game, b),
                    };
                    &judged_dead
                }
                _ => counted_dead,
            };
            let count = game.score(counted_dead).result(game.rules().tie);
            let value = value_for(count, color);
            // A pass into a sure loss is no better than a hopeless move
            // that the opponent may still answer wrongly: resigning is the
            // way to give up (with heavy playouts that defend well, every
            // move of a lost position can lose all its playouts).
            let not_worse = value > best_rate || (value == best_rate && value > 0.0);
            if not_worse && pass_ok && (!cleanup || value >= 0.5) {
                if cleanup {
                    // The verdict behind the pass is the one
                    // final_status_list must give.
                    self.dead_cache = Some((board.hash(), game.to_move(), dead.clone()));
                }
                Decision::Pass
            } else {
                Decision::Play(best)
            }
        };
        self.kept = Some(Kept {
            tree: out.tree,
            game: game.clone(),
            color,
        });
        decision
    }

    fn dead_stones(&mut self, game: &Game, budget: Budget) -> Vec<Point> {
        let playouts = match budget {
            Budget::Playouts(n) => n.max(DEAD_STONE_PLAYOUTS),
            Budget::Time { .. } => DEAD_STONE_PLAYOUTS,
        };
        self.judge_dead(game, Budget::Playouts(playouts))
    }

    fn analyze(
        &mut self,
        game: &Game,
        color: Color,
        budget: Budget,
        filter: &MoveFilter,
        watch: &mut Watch,
    ) -> Option<Analysis> {
        let passes = !matches!(game.phase(), Phase::Resumed { .. });
        let out = self.search(game, color, budget, passes, filter, watch);
        // The tree goes on serving the next genmove (pondering is an
        // analysis nobody watches).
        self.kept = Some(Kept {
            tree: out.tree,
            game: game.clone(),
            color,
        });
        Some(out.analysis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::testing::vertex as v;

    fn params() -> SearchParams {
        SearchParams {
            threads: 1,
            seed: 42,
            resign_threshold: 0.0,
            ..SearchParams::default()
        }
    }

    fn setup(d: &str, to_move: Color, komi: f64) -> Game {
        let b: Board = d.parse().expect("diagram");
        Game::with_setup(b, 0, to_move, Rules::SIMPLIFIED_ING, komi)
    }

    /// A position from a match: Chinese rules, komi 7.
    fn from_match(d: &str, to_move: Color) -> Game {
        let b: Board = d.parse().expect("diagram");
        Game::with_setup(b, 0, to_move, Rules::CHINESE, 7.0)
    }

    /// White's answers to Black's pass in `game`, one per seed, from
    /// 3000 playouts each.
    fn white_answers_to_a_pass(
        mut game: Game,
        seeds: std::ops::RangeInclusive<u64>,
    ) -> Vec<(u64, Decision)> {
        game.play(Move::Pass(Color::Black)).expect("pass");
        seeds
            .map(|seed| {
                let mut player = Mcts::new(SearchParams { seed, ..params() });
                let budget = Budget::Playouts(3000);
                (
                    seed,
                    player.genmove(&game, Color::White, GenMode::Normal, budget),
                )
            })
            .collect()
    }

    #[test]
    fn same_seed_same_move() {
        let game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        let a = Mcts::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(800),
        );
        let b = Mcts::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(800),
        );
        assert_eq!(a, b);
        assert!(matches!(a, Decision::Play(_)));
    }

    /// White's straight three A7-C7 lives if White plays B7 and dies if
    /// Black does; with this komi Black wins only by killing.
    #[test]
    fn kills_at_the_vital_point() {
        let game = setup(
            ". . . O X . .
             O O O O X . .
             X X X X X . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            Color::Black,
            40.5,
        );
        let mv = Mcts::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Normal,
            Budget::Playouts(6000),
        );
        assert_eq!(mv, Decision::Play(v("B7", 7)));
    }

    #[test]
    fn superko_children_are_never_chosen() {
        // A ko: Black just captured at... set up with White to retake. The
        // retake at once is the simple ko; the tree never offers it.
        let mut game = setup(
            ". X O .
             X O . O
             . X O .
             . . . .",
            Color::Black,
            0.5,
        );
        game.play(Move::Play(Color::Black, v("C3", 4)))
            .expect("capture");
        let mv = Mcts::new(params()).genmove(
            &game,
            Color::White,
            GenMode::Normal,
            Budget::Playouts(500),
        );
        assert_ne!(mv, Decision::Play(v("B3", 4)));
        if let Decision::Play(p) = mv {
            assert!(game.is_legal(Move::Play(Color::White, p)).is_ok());
        }
    }

    #[test]
    fn finds_dead_stones_and_caches_them() {
        let game = setup(
            "X X X X X
             X . O . X
             X X X X X
             . . . . .
             . . . . .",
            Color::White,
            0.5,
        );
        let mut player = Mcts::new(params());
        let dead = player.dead_stones(&game, Budget::Playouts(1000));
        assert_eq!(dead, vec![v("C4", 5)]);
        assert_eq!(player.dead_stones(&game, Budget::Playouts(1000)), dead);
    }

    #[test]
    fn a_string_short_of_liberties_is_dead_not_in_seki() {
        // The end of a 9x9 game against GNU Go 3.8 (White's A6-E4 string:
        // Black fills A5, then captures on C7). ingo called it alive, as a
        // seki, and counted W+16; with it dead the count is what GNU Go
        // said, a draw at komi 7.
        let game = setup(
            "X X X O O . O . .
             O . X X O O . . .
             X X . X X O O O O
             O O O X O O . O O
             . X O X X O O . O
             X X O O O X O O O
             X . X X X X O O .
             X X . O X X O O O
             . O O O X O O . O",
            Color::Black,
            7.0,
        );
        let mut player = Mcts::new(params());
        let dead = player.dead_stones(&game, Budget::Playouts(2000));
        for s in ["A6", "B6", "C6", "C5", "C4", "D4", "E4", "A8"] {
            assert!(dead.contains(&v(s, 9)), "{s} {dead:?}");
        }
        assert!(!dead.contains(&v("A7", 9)));
    }

    /// Final positions of matches where ingo's count named another winner
    /// than its opponent's, each with strings GNU Go 3.8 lists dead (and
    /// Pachi too, where it was the opponent), and strings it keeps alive.
    #[test]
    fn false_sekis_of_matches_are_dead() {
        let cases: [(&str, Color, &[&str], &[&str]); 4] = [
            // Black can sacrifice B2 (with B1), White must take on C1 and
            // is left with a two-point eye.
            (
                ". O O O O . O O .
                 O O O O . O O . O
                 . O O O O . O O .
                 O O X X O O O . O
                 O X . X X X O O X
                 X X X X X . X X X
                 O O O X X O . X .
                 O . O O X O X O O
                 O X . O O X X X .",
                Color::Black,
                &["A3", "C3", "A2", "D2", "A1", "E1", "F3", "H2"],
                &["B1", "D3", "A4"],
            ),
            // With White's dead stones in the top left gone, Black can
            // fill J7 and H6 without harm: H8-G7-H7 and J6 are dead.
            (
                ". O O . O O X X X
                 O X O O O X X O X
                 X X X O O X O O .
                 O X X X O X X . O
                 O O O X X X X X X
                 O O O O X X O O X
                 . O O O O O . O O
                 O O . O . O O O .
                 . O O O O O . O O",
                Color::Black,
                &["B9", "E6", "A8", "H8", "G7", "J6"],
                &["G9", "B8", "D5"],
            ),
            // Black connects E1 and then fills A1 safely: White's left
            // group is dead.
            (
                "O . O . O O O . O
                 . O X O O . O . .
                 X X X X O O X O .
                 O O . X O O X O O
                 O X X X O X X . .
                 O O X O X . X X X
                 O O O O X X X O X
                 O X X O X . X O O
                 . X X X . X X O .",
                Color::White,
                &["A6", "B4", "D4", "A2", "D2", "H3", "H1"],
                &["B2", "D1", "C8", "E3"],
            ),
            // White can sacrifice B9 (or B7) with its three stones: Black
            // takes four and has a bent four in the corner.
            (
                "O . X X O O O O .
                 O X X O O O O O O
                 O . X O O . O X X
                 X X X X O O O X .
                 X O O O O O X X X
                 X O X X O X . X .
                 O O O X X X X X X
                 O O X . X X X . X
                 O O X X X . X X .",
                Color::Black,
                &["C9", "B8", "C7", "A6", "D6", "A4"],
                &["A9", "A7", "B5", "C4"],
            ),
        ];
        for (diagram, to_move, dead, alive) in cases {
            let game = setup(diagram, to_move, 7.0);
            let mut player = Mcts::new(params());
            let found = player.dead_stones(&game, Budget::Playouts(2000));
            for s in dead {
                assert!(found.contains(&v(s, 9)), "{s} should be dead: {found:?}");
            }
            for s in alive {
                assert!(!found.contains(&v(s, 9)), "{s} should live: {found:?}");
            }
        }
    }

    #[test]
    fn passes_when_the_count_wins_after_the_opponent_passed() {
        let mut game = setup(
            ". X O . .
             X X O . .
             . X O . .
             X X O O O
             . X O . .",
            Color::White,
            0.5,
        );
        game.play(Move::Pass(Color::White)).expect("pass");
        let mut player = Mcts::new(params());
        assert_ne!(
            player.genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(1000)),
            Decision::Pass
        );
        game.play(Move::Pass(Color::Black)).expect("pass");
        game.dispute().expect("dispute");
        assert_eq!(
            player.genmove(&game, Color::White, GenMode::Normal, Budget::Playouts(1000)),
            Decision::Pass
        );
    }

    /// From a game against GNU Go (move 44): White counted a win with
    /// H5-H4 dead and passed, while Black still had J7 and G9 to kill
    /// White's top right. A pass is only right when the search itself
    /// finds the opponent's free move harmless.
    #[test]
    fn does_not_pass_while_the_opponent_can_kill() {
        let game = Game::with_setup(
            ". . . . . . . O .
             . . . O . O O X O
             . . . . O X O X .
             . O O O X X O X .
             O X O X X . X O X
             O X X X X . X O .
             . O O X X . . X .
             . . O X . . . . .
             . O X X . . . . ."
                .parse()
                .expect("diagram"),
            0,
            Color::White,
            Rules::CHINESE,
            7.0,
        );
        let mv = Mcts::new(params()).genmove(
            &game,
            Color::White,
            GenMode::Normal,
            Budget::Playouts(10_000),
        );
        assert_ne!(mv, Decision::Pass);
    }

    /// From a game against GNU Go (after Black's pass at move 67): the
    /// race between White's G8-H6 string (liberties F6, J9) and Black's
    /// H7-J6 string (J9, J5) goes to the side that moves first. White
    /// passed, counting a win, and GNU Go then called White's string dead.
    /// A pass hands the move to Black, so White plays on.
    #[test]
    fn does_not_pass_in_a_race_the_mover_wins() {
        let mut game = Game::with_setup(
            ". . O O X . X O .
             O . O X X X O O X
             . O O O X X O X X
             . . O X . . O O X
             O O O X X X X X .
             X O X X O O X X X
             X X X O . O O O X
             . X O O O . . O O
             . X X X O . . . ."
                .parse()
                .expect("diagram"),
            0,
            Color::Black,
            Rules::CHINESE,
            7.0,
        );
        game.play(Move::Pass(Color::Black)).expect("pass");
        let mv = Mcts::new(params()).genmove(
            &game,
            Color::White,
            GenMode::Normal,
            Budget::Playouts(10_000),
        );
        assert_ne!(mv, Decision::Pass);
    }

    /// The end of a game against Pachi (move 78): White's groups are dead
    /// (the left one has three liberties, all around Black's A8 on the
    /// vital point; the right one shares H3 and H1 with Black's J1-J3,
    /// which a sacrifice at H1 turns into a bent four in the corner), but
    /// the side to move in a playout fills its own liberties first, and
    /// the root's ownership, most of it after White's pass, kept them
    /// alive: ingo passed counting W+1, GNU Go and Pachi counted B+74.
    #[test]
    fn does_not_pass_with_groups_only_the_playouts_keep_alive() {
        let game = from_match(
            ". O O X X X . X .
             X . O O X . X . X
             . O O O O X . X O
             O O X O X . X O O
             O O X X X X X X O
             O X X O X O O O O
             O O X O O O O . X
             O O X X X O O O X
             X X X . X X O . X",
            Color::White,
        );
        let mut player = Mcts::new(params());
        let mv = player.genmove(
            &game,
            Color::White,
            GenMode::Normal,
            Budget::Playouts(10_000),
        );
        assert_ne!(mv, Decision::Pass);
        let dead = player.dead_stones(&game, Budget::Playouts(10_000));
        assert!(
            dead.contains(&v("A2", 9)) && dead.contains(&v("J4", 9)),
            "{dead:?}"
        );
    }

    #[test]
    fn the_judgement_behind_a_pass_keeps_to_the_move_budget() {
        let s = Duration::from_secs_f64;
        assert_eq!(
            Mcts::pass_judgement(Budget::Playouts(10_000), s(9.0)),
            Some(Budget::Playouts(10_000))
        );
        assert_eq!(
            Mcts::pass_judgement(Budget::Playouts(100), s(0.0)),
            Some(Budget::Playouts(DEAD_STONE_PLAYOUTS))
        );
        let clock = Budget::Time {
            target: s(2.0),
            max: s(5.0),
        };
        let judge = |spent| Mcts::pass_judgement(clock, s(spent));
        assert_eq!(judge(1.0), Some(Budget::time(s(1.0))));
        assert_eq!(judge(4.5), Some(Budget::time(s(0.5))));
        assert_eq!(judge(4.96), None);
        assert_eq!(judge(6.0), None);
    }

    /// From a game against GNU Go (after move 242): every move wins, so
    /// the moves' priors kept the untried pass below them, and ingo played
    /// on while GNU Go passed, up to the move limit.
    #[test]
    fn passes_back_when_every_move_wins() {
        let game = from_match(
            "X X X X O O O . .
             . X X O O . O O .
             O X X O . O . O O
             X X X O O . O . O
             X X X X X O O O O
             X X O X X X O O O
             O O O O O X O . O
             . O X X X X O O O
             O O X . X X X O .",
            Color::Black,
        );
        for (seed, mv) in white_answers_to_a_pass(game, 1..=3) {
            assert_eq!(mv, Decision::Pass, "seed {seed}");
        }
    }

    /// From a clock game against GNU Go (after Black's pass at move 45):
    /// White's stones in Black's lower right die with Black to move and
    /// may live with White to move. ingo judged them with White to move,
    /// passed counting W+31 and kept that verdict for final_score, where
    /// GNU Go counted a draw. Judged after the pass, they are dead: no
    /// pass into a draw while playing on may win.
    #[test]
    fn judges_a_pass_with_the_opponent_to_move() {
        let game = from_match(
            ". . O X X X . . .
             . O . O O X . . .
             . . O . O X . . .
             . . . O X X . X .
             . . . O O X . . .
             . . . O X X X X O
             . . . O X X O O .
             . . O O X O O . O
             . . O X X O . X .",
            Color::Black,
        );
        // Judged with White to move, seed 12 passes (1 seed in 30).
        for (seed, mv) in white_answers_to_a_pass(game, 10..=14) {
            assert_ne!(mv, Decision::Pass, "seed {seed}");
        }
    }

    #[test]
    fn cleanup_closes_in_on_dead_stones() {
        let game = setup(
            ". . . X O . .
             . . . X O . .
             . . . X O . .
             . O . X O . .
             . . . X O . .
             . . . X O . .
             . . . X O . .",
            Color::Black,
            0.5,
        );
        let mv = Mcts::new(params()).genmove(
            &game,
            Color::Black,
            GenMode::Cleanup,
            Budget::Playouts(3000),
        );
        let liberties: Vec<Decision> = ["A4", "C4", "B5", "B3"]
            .iter()
            .map(|s| Decision::Play(v(s, 7)))
            .collect();
        assert!(liberties.contains(&mv), "{mv:?}");
    }

    #[test]
    fn the_tree_is_reused_after_two_moves() {
        let mut game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        let mut player = Mcts::new(params());
        let Decision::Play(p) =
            player.genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(3000))
        else {
            panic!("a move");
        };
        game.play(Move::Play(Color::Black, p)).expect("legal");
        // White answers with the reply the tree liked best.
        let kept = player.kept.as_ref().expect("kept");
        let node = kept
            .tree
            .node(ROOT)
            .children()
            .map(NodeId)
            .find(|&id| kept.tree.node(id).point() == Some(p))
            .expect("node");
        let reply = kept
            .tree
            .node(node)
            .children()
            .map(NodeId)
            .max_by_key(|&id| kept.tree.node(id).visits())
            .and_then(|id| kept.tree.node(id).point())
            .expect("reply");
        game.play(Move::Play(Color::White, reply)).expect("legal");
        let tree = player.reuse(&game, Color::Black).expect("reused");
        assert!(tree.node(ROOT).visits() > 0);
        assert!(!tree.node(ROOT).children().is_empty());
    }

    #[test]
    fn analysis_reports_snapshots_and_keeps_to_the_filter() {
        let game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        let filter = MoveFilter {
            restrictions: vec![crate::search::Restriction {
                color: Color::Black,
                moves: vec![Some(v("E5", 9)), Some(v("C3", 9))],
                until_depth: 1,
                allow: true,
            }],
        };
        let stop = AtomicBool::new(false);
        let mut snapshots = Vec::new();
        let mut report = |a: &Analysis| snapshots.push(a.clone());
        let mut watch = Watch {
            stop: &stop,
            report: Some((Duration::from_millis(10), &mut report)),
            min_moves: 0,
            max_moves: usize::MAX,
        };
        let mut player = Mcts::new(params());
        let last = player
            .analyze(
                &game,
                Color::Black,
                Budget::Playouts(3000),
                &filter,
                &mut watch,
            )
            .expect("analysis");
        assert_eq!(last.playouts, 3000);
        let moves: Vec<_> = last.candidates.iter().map(|c| c.point).collect();
        assert!(moves.len() == 2 && moves.iter().all(|m| filter.permits(Color::Black, *m, 0)));
        let visits: u32 = last.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(
            u64::from(visits),
            3000,
            "every descent goes through a root move"
        );
        for c in &last.candidates {
            assert_eq!(c.pv[0], c.point);
            assert!((0.0..=1.0).contains(&c.win_rate) && c.lcb <= c.win_rate);
        }
        // The reports came while it ran, growing.
        assert!(!snapshots.is_empty());
        assert!(snapshots.windows(2).all(|w| w[0].playouts <= w[1].playouts));
        // A stop flag set before the start leaves one descent.
        stop.store(true, Ordering::Relaxed);
        let a = player
            .analyze(
                &game,
                Color::White,
                Budget::Playouts(3000),
                &MoveFilter::default(),
                &mut Watch::silent(&stop),
            )
            .expect("analysis");
        assert!(a.playouts <= 1, "{}", a.playouts);
    }

    #[test]
    fn pondering_on_a_position_carries_into_its_genmove() {
        let mut game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        game.play(Move::Play(Color::Black, v("E5", 9)))
            .expect("legal");
        let mut player = Mcts::new(params());
        let stop = AtomicBool::new(false);
        let filter = MoveFilter::default();
        let budget = Budget::Playouts(2000);
        let watch = &mut Watch::silent(&stop);
        player.analyze(&game, Color::White, budget, &filter, watch);
        let again = player
            .analyze(&game, Color::White, budget, &filter, watch)
            .expect("analysis");
        let visits: u32 = again.candidates.iter().map(|c| c.visits).sum();
        assert_eq!(
            visits, 4000,
            "the second search went on with the first's tree"
        );
        let tree = player.reuse(&game, Color::White).expect("same position");
        assert_eq!(tree.node(ROOT).visits(), 4000);
    }

    #[test]
    fn the_memory_cap_holds() {
        let game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        let mut player = Mcts::new(SearchParams {
            max_nodes: 2000,
            ..params()
        });
        let mv = player.genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(5000));
        assert!(matches!(mv, Decision::Play(_)));
        assert!(player.kept.as_ref().expect("kept").tree.len() <= 2000);
    }

    #[test]
    fn dynamic_komi_only_with_handicap() {
        let game = Game::new(19, Rules::CHINESE, 7.5);
        assert_eq!(Mcts::white_bonus(&game, Color::Black), 7.5);
        let h = Game::with_handicap(
            19,
            &crate::rules::handicap::fixed_points(19, 4).expect("points"),
            Rules::CHINESE,
            0.5,
        );
        // Chinese rules give White 4 points for 4 stones; Black plays as
        // if it owed 28 more at the start, White as if it owed 28 less.
        assert_eq!(Mcts::white_bonus(&h, Color::Black), 0.5 + 4.0 + 28.0);
        assert_eq!(Mcts::white_bonus(&h, Color::White), 0.5 + 4.0 - 28.0);
    }
}
