//! The reference model the property tests check ingo against: stone
//! arrangements as plain vectors, captures and suicide by flood fill, every
//! position kept for superko, written from the rules text and nothing else.

use crate::board::{zobrist, Board, Color, Point};
use crate::rules::{
    EndRule, Game, IllegalMove, KoRule, Move, Phase, PhaseError, PositionHistory, Rules, Suicide,
    UndoError,
};
use proptest::prelude::*;

use super::games::*;
/// A stone arrangement, indexed `y * size + x`.
pub(super) type Arrangement = Vec<Option<Color>>;

/// The arrangement of a board, in the model's indexing.
pub(super) fn arrangement(board: &Board) -> Arrangement {
    let size = board.size();
    (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .map(|(x, y)| board.color_at(point(x, y, size)))
        .collect()
}

/// On-board orthogonal neighbours of index `i`.
pub(super) fn neighbours(size: u8, i: usize) -> impl Iterator<Item = usize> {
    let n = usize::from(size);
    let (x, y) = (i % n, i / n);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < n).then(|| i + 1),
        (y > 0).then(|| i - n),
        (y + 1 < n).then(|| i + n),
    ]
    .into_iter()
    .flatten()
}

/// The string through the stone at `i`, and whether it has a liberty.
/// A plain flood fill: slow and obviously right.
pub(super) fn string_at(a: &[Option<Color>], size: u8, i: usize) -> (Vec<usize>, bool) {
    let color = a[i];
    let mut seen = vec![false; a.len()];
    let mut stones = vec![i];
    let mut free = false;
    seen[i] = true;
    let mut k = 0;
    while k < stones.len() {
        for n in neighbours(size, stones[k]) {
            if a[n].is_none() {
                free = true;
            } else if a[n] == color && !seen[n] {
                seen[n] = true;
                stones.push(n);
            }
        }
        k += 1;
    }
    (stones, free)
}

/// A stone of `color` placed on the empty index `at`: opposing strings
/// without liberties go first, then the own string if it has none.
/// Returns the new arrangement and how many own stones were removed.
pub(super) fn place(
    a: &[Option<Color>],
    size: u8,
    color: Color,
    at: usize,
) -> (Arrangement, usize) {
    let mut a = a.to_vec();
    a[at] = Some(color);
    for n in neighbours(size, at) {
        if a[n] == Some(!color) {
            let (stones, free) = string_at(&a, size, n);
            if !free {
                stones.into_iter().for_each(|s| a[s] = None);
            }
        }
    }
    let (own, free) = string_at(&a, size, at);
    if free {
        return (a, 0);
    }
    own.iter().for_each(|&s| a[s] = None);
    (a, own.len())
}

/// What the game should be, recomputed from the rules text: arrangement,
/// phase, player to move, and every earlier position for superko.
pub(super) struct Model {
    size: u8,
    rules: Rules,
    phase: Phase,
    to_move: Color,
    current: Arrangement,
    /// Every position so far: arrangement and the player to move after it.
    positions: Vec<(Arrangement, Color)>,
    /// The Zobrist hash of each of `positions`, from the key table alone.
    hashes: Vec<u64>,
    /// Index in `positions` of the first one since the last pass.
    since_pass: usize,
    /// The last move (for the basic ko rule), a single-stone suicide
    /// that counts as a pass recorded as the pass.
    last: Option<Move>,
    /// Ing's ko rule: the stones the player to move may not capture.
    hot: Vec<usize>,
    /// Ing's ko rule: each play since the last two passes in a row, with
    /// the arrangement it was made from.
    plays_since_stop: Vec<(Arrangement, Color, usize)>,
}

impl Model {
    fn new(plan: &Plan) -> Model {
        let empty = vec![None; usize::from(plan.size) * usize::from(plan.size)];
        Model {
            size: plan.size,
            rules: plan.rules,
            phase: Phase::START,
            to_move: plan.first,
            positions: vec![(empty.clone(), plan.first)],
            hashes: vec![0],
            current: empty,
            since_pass: 0,
            last: None,
            hot: Vec::new(),
            plays_since_stop: Vec::new(),
        }
    }

    fn index(&self, p: Point) -> usize {
        let (x, y) = p.coords();
        usize::from(y) * usize::from(self.size) + usize::from(x)
    }

    /// Legality by the rules text, checks in the order the engine reports
    /// them (game over, occupied, suicide, superko).
    fn legality(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.phase == Phase::Finished {
            return Err(IllegalMove::GameOver);
        }
        let Move::Play(color, p) = mv else {
            return Ok(());
        };
        let at = self.index(p);
        if self.current[at].is_some() {
            return Err(IllegalMove::Occupied);
        }
        let (after, suicided) = place(&self.current, self.size, color, at);
        if suicided == 1 && self.rules.suicide == Suicide::SingleAsPass {
            return Ok(());
        }
        if suicided == 1 || (suicided > 1 && self.rules.suicide == Suicide::Forbidden) {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko == KoRule::Ing {
            // "No hot stone may be captured without first making another
            // move on the board or passing."
            if self.hot.iter().any(|&h| after[h].is_none()) {
                return Err(IllegalMove::HotStone);
            }
            // "The cycle may run exactly once": no play is made twice from
            // one arrangement between stops.
            if self
                .plays_since_stop
                .contains(&(self.current.clone(), color, at))
            {
                return Err(IllegalMove::Cycle);
            }
            return Ok(());
        }
        if let KoRule::Basic(_) = self.rules.ko {
            // Basic ko: no immediate retake. A move right after the
            // opponent's that recreates the arrangement before it is one:
            // it captures the stone that just captured, alone, and puts
            // back the one stone it took.
            let before_last = self
                .positions
                .len()
                .checked_sub(2)
                .map(|i| &self.positions[i].0);
            let retake = matches!(self.last, Some(Move::Play(c, _)) if c == !color)
                && before_last == Some(&after);
            return if retake { Err(IllegalMove::Ko) } else { Ok(()) };
        }
        // After X's move it is !X to move; situational superko compares
        // that too, positional superko only the arrangement.
        let repeats = self.positions.iter().any(|(arr, to_move)| {
            *arr == after && (self.rules.ko == KoRule::PositionalSuperko || *to_move == !color)
        });
        if repeats {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// The hot stones after `color`'s play at `at` took `captured` stones:
    /// a lone capturing stone with one liberty that took one stone; two
    /// stones with one liberty that took two or more; and, after a lone
    /// one, when three or more plays anywhere would each take exactly one
    /// lone stone and leave a lone stone with one liberty (ko captures),
    /// every stone of `color` the opponent's ko captures would take.
    fn hot_stones(&self, color: Color, at: usize, captured: usize) -> Vec<usize> {
        let a = &self.current;
        let (string, _) = string_at(a, self.size, at);
        let liberties = |stones: &[usize]| {
            let mut libs: Vec<usize> = stones
                .iter()
                .flat_map(|&s| neighbours(self.size, s))
                .filter(|&n| a[n].is_none())
                .collect();
            libs.sort_unstable();
            libs.dedup();
            libs.len()
        };
        if liberties(&string) != 1 {
            return Vec::new();
        }
        match (captured, string.len()) {
            (1, 1) => {}
            (2.., 2) => return string,
            _ => return Vec::new(),
        }
        let mut ko_captures = Vec::new();
        for e in (0..a.len()).filter(|&e| a[e].is_none()) {
            for c in Color::ALL {
                let (after, _) = place(a, self.size, c, e);
                let taken: Vec<usize> = (0..a.len())
                    .filter(|&i| a[i].is_some() && after[i].is_none())
                    .collect();
                let (new, _) = string_at(&after, self.size, e);
                if taken.len() == 1 && new.len() == 1 && liberties(&new) == 1 {
                    ko_captures.push((c, taken[0]));
                }
            }
        }
        let mut hot = string;
        if ko_captures.len() >= 3 {
            hot.extend(
                ko_captures
                    .iter()
                    .filter(|(c, _)| *c == !color)
                    .map(|&(_, i)| i),
            );
        }
        hot
    }

    /// Plays a move that [`Model::legality`] accepted.
    fn apply(&mut self, mv: Move) {
        let mv = match mv {
            Move::Play(c, p)
                if self.rules.suicide == Suicide::SingleAsPass
                    && place(&self.current, self.size, c, self.index(p)).1 == 1 =>
            {
                Move::Pass(c)
            }
            _ => mv,
        };
        let after_pass = matches!(self.last, Some(Move::Pass(_)));
        self.hot.clear();
        match mv {
            Move::Play(color, p) => {
                let at = self.index(p);
                if self.rules.ko == KoRule::Ing {
                    self.plays_since_stop
                        .push((self.current.clone(), color, at));
                }
                let before = self.current.clone();
                self.current = place(&self.current, self.size, color, at).0;
                let captured = (0..before.len())
                    .filter(|&i| before[i] == Some(!color) && self.current[i].is_none())
                    .count();
                if self.rules.ko == KoRule::Ing {
                    self.hot = self.hot_stones(color, at, captured);
                }
                self.phase = match self.phase {
                    Phase::Playing { .. } => Phase::Playing { passes: 0 },
                    _ => Phase::Resumed { passes: 0 },
                };
            }
            Move::Pass(_) => {
                if after_pass {
                    self.plays_since_stop.clear();
                }
                let ing = self.rules.end == EndRule::FourPasses;
                self.phase = match self.phase {
                    Phase::Playing { passes: 0 } => Phase::Playing { passes: 1 },
                    Phase::Playing { .. } => match self.rules.end {
                        EndRule::StateMachine | EndRule::FourPasses => Phase::Stopped,
                        EndRule::TwoPasses | EndRule::TwoPassesJudged => Phase::Finished,
                    },
                    // Ing: the third pass in a row confirms the stop.
                    Phase::Stopped if ing => Phase::Confirming,
                    // The pass that resumes play counts as the first.
                    Phase::Stopped | Phase::Resumed { passes: 0 } => Phase::Resumed { passes: 1 },
                    Phase::Confirming | Phase::Resumed { .. } | Phase::Finished => Phase::Finished,
                };
            }
        }
        self.to_move = !mv.color();
        self.positions.push((self.current.clone(), self.to_move));
        self.hashes.push(self.hash(&self.current));
        self.last = Some(mv);
        if let Move::Pass(_) = mv {
            self.since_pass = self.positions.len() - 1;
        } else if let KoRule::Basic(_) = self.rules.ko {
            // A long cycle: the third time since the last pass.
            let now = (self.current.clone(), self.to_move);
            let times = self.positions[self.since_pass..]
                .iter()
                .filter(|p| **p == now)
                .count();
            if times >= 3 {
                self.phase = Phase::Finished;
            }
        }
    }

    /// The Zobrist hash of an arrangement: the XOR of its stones' keys.
    fn hash(&self, a: &[Option<Color>]) -> u64 {
        let n = usize::from(self.size);
        a.iter()
            .enumerate()
            .filter_map(|(i, c)| {
                let p = point((i % n) as u8, (i / n) as u8, self.size);
                c.map(|c| zobrist::stone_key(p, c))
            })
            .fold(0, |h, k| h ^ k)
    }

    /// Did `a` occur before with `to_move` to play, as `ko` counts?
    fn repeats(&self, a: &[Option<Color>], to_move: Color, ko: KoRule) -> bool {
        self.positions
            .iter()
            .any(|(arr, mover)| arr == a && (ko == KoRule::PositionalSuperko || *mover == to_move))
    }

    /// The recorded positions whose hash agrees with `a`'s on the bits of
    /// `mask` but whose arrangement differs.
    fn collisions(&self, a: &[Option<Color>], mask: u64) -> usize {
        let h = self.hash(a) & mask;
        self.positions
            .iter()
            .zip(&self.hashes)
            .filter(|((arr, _), &k)| k & mask == h && arr != a)
            .count()
    }

    fn dispute(&mut self) -> Result<(), PhaseError> {
        if !matches!(self.phase, Phase::Stopped | Phase::Confirming) {
            return Err(PhaseError::NotStopped);
        }
        self.phase = Phase::Resumed { passes: 0 };
        Ok(())
    }

    /// Agreement removes the named strings; it is no move, so the history
    /// and the player to move stay as they were.
    fn agree(&mut self, dead: &[Point]) -> Result<(), PhaseError> {
        // Ing: also once the stop is confirmed, and in resumed play.
        let ing = self.rules.end == EndRule::FourPasses;
        let open = match self.phase {
            Phase::Stopped => true,
            Phase::Confirming | Phase::Resumed { .. } => ing,
            Phase::Playing { .. } | Phase::Finished => false,
        };
        if !open {
            return Err(PhaseError::NotStopped);
        }
        for &p in dead {
            let at = self.index(p);
            if self.current[at].is_some() {
                let (stones, _) = string_at(&self.current, self.size, at);
                stones.into_iter().for_each(|s| self.current[s] = None);
            }
        }
        self.phase = Phase::Finished;
        Ok(())
    }
}

/// The Zobrist hash of a board recomputed from its stones.
pub(super) fn recomputed_hash(board: &Board) -> u64 {
    board
        .points()
        .filter_map(|p| board.color_at(p).map(|c| zobrist::stone_key(p, c)))
        .fold(0, |h, k| h ^ k)
}

/// Plays one step on the game and returns whether it changed the game,
/// checking on the way that a refused step leaves the game as it was and
/// that `is_legal` predicts `play`.
pub(super) fn play_step(game: &mut Game, step: &Step) -> Result<bool, TestCaseError> {
    let before = game.clone();
    let size = game.size();
    let ok = match step {
        Step::Move { .. } => {
            let mv = to_move(game, step);
            let predicted = game.is_legal(mv);
            let played = game.play(mv);
            prop_assert_eq!(
                predicted,
                played,
                "is_legal and play disagree on {:?}; {}",
                mv,
                transcript(&before)
            );
            played.is_ok()
        }
        Step::Dispute => game.dispute().is_ok(),
        Step::Agree { dead } => {
            let dead: Vec<Point> = dead.iter().map(|&(x, y)| point(x, y, size)).collect();
            game.agree(&dead).is_ok()
        }
    };
    if !ok {
        prop_assert!(
            *game == before,
            "refused {:?} changed the game; {}",
            step,
            transcript(&before)
        );
    }
    Ok(ok)
}

/// The move a move step makes now.
pub(super) fn to_move(game: &Game, step: &Step) -> Move {
    let Step::Move { who, target } = *step else {
        unreachable!("not a move: {step:?}")
    };
    let color = who.resolve(game);
    let board = game.board();
    let nth_empty = |k: u16| {
        let empty: Vec<Point> = board.points().filter(|&p| board.is_empty_at(p)).collect();
        // A board always has an empty point: a full one would have no
        // liberties anywhere.
        empty[usize::from(k) % empty.len()]
    };
    match target {
        Target::Point(x, y) => Move::Play(color, point(x, y, game.size())),
        Target::Empty(k) => Move::Play(color, nth_empty(k)),
        Target::Ko(k) => Move::Play(color, board.ko().unwrap_or_else(|| nth_empty(k))),
        Target::Pass => Move::Pass(color),
    }
}

/// What the superko checks of a run of games saw.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tally {
    /// Positions recorded in the games' histories.
    pub(super) positions: usize,
    /// `repeats` questions asked (each also put to the oracle and model).
    pub(super) lookups: usize,
    /// Of those, how many were repetitions.
    pub(super) repeated: usize,
    /// Recorded positions whose hash key matched a looked-up position's
    /// while the arrangements differed: real hash collisions.
    pub(super) collisions: usize,
}

/// `repeats`, the brute-force oracle and the model must give one answer
/// for `board`, for either player to move and either kind of superko; the
/// history's count of hash collisions must be the model's.
pub(super) fn check_repeats(
    game: &Game,
    model: &Model,
    board: &Board,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let history: &PositionHistory = game.history();
    let a = arrangement(board);
    for to_move in Color::ALL {
        for ko in [KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
            let want = model.repeats(&a, to_move, ko);
            let context = || format!("{to_move:?} to move, {ko:?}; {}", transcript(game));
            prop_assert_eq!(history.repeats(board, to_move, ko), want, "{}", context());
            prop_assert_eq!(
                history.repeats_brute_force(board, to_move, ko),
                want,
                "oracle; {}",
                context()
            );
            tally.lookups += 1;
            tally.repeated += usize::from(want);
        }
    }
    let mask = u64::MAX.checked_shr(64 - history.hash_bits()).unwrap_or(0);
    let collisions = history.collisions(board);
    prop_assert_eq!(
        collisions,
        model.collisions(&a, mask),
        "collisions; {}",
        transcript(game)
    );
    tally.collisions += collisions;
    Ok(())
}

/// Properties 1–4: legality, consistency, hashing and superko against the
/// model, after every step of the game, with the superko history keyed on
/// `hash_bits` bits of the hash. `repeats` is put to the test on the
/// current position and on the one each tried move would make; with
/// `exhaustive`, also on every position any move of either colour would
/// make, and the whole legal-move lists are compared after every step.
pub(super) fn check_against_model(
    plan: &Plan,
    hash_bits: u32,
    exhaustive: bool,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let mut game = plan.new_game().with_hash_bits(hash_bits);
    let mut model = Model::new(plan);
    for step in &plan.steps {
        let context = transcript(&game);
        let size = game.size();
        let expected = match step {
            Step::Move { .. } => {
                let mv = to_move(&game, step);
                let want = model.legality(mv);
                prop_assert_eq!(game.is_legal(mv), want, "legality of {:?}; {}", mv, context);
                if let Move::Play(c, p) = mv {
                    if game.board().is_empty_at(p) {
                        let mut after = game.board().clone();
                        after.play_unchecked(c, p);
                        check_repeats(&game, &model, &after, tally)?;
                    }
                }
                if want.is_ok() {
                    model.apply(mv);
                }
                want.is_ok()
            }
            Step::Dispute => model.dispute().is_ok(),
            Step::Agree { dead } => {
                let dead: Vec<Point> = dead.iter().map(|&(x, y)| point(x, y, size)).collect();
                model.agree(&dead).is_ok()
            }
        };
        let done = play_step(&mut game, step)?;
        prop_assert_eq!(done, expected, "{:?} accepted?; {}", step, context);

        let board = game.board();
        if let Err(e) = board.check_consistency() {
            return Err(TestCaseError::fail(format!(
                "inconsistent after {step:?}: {e}; {context}"
            )));
        }
        prop_assert_eq!(board.hash(), recomputed_hash(board), "hash; {}", context);
        prop_assert_eq!(
            arrangement(board),
            model.current.clone(),
            "arrangement after {:?}; {}",
            step,
            context
        );
        prop_assert_eq!(game.phase(), model.phase, "phase; {}", context);
        prop_assert_eq!(game.to_move(), model.to_move, "to move; {}", context);
        prop_assert_eq!(
            game.history().len(),
            model.positions.len(),
            "positions; {}",
            context
        );
        check_repeats(&game, &model, board, tally)?;
        if exhaustive {
            check_legal_points(&game, &model)?;
            for c in Color::ALL {
                for p in board.points().filter(|&p| board.is_empty_at(p)) {
                    let mut after = board.clone();
                    after.play_unchecked(c, p);
                    check_repeats(&game, &model, &after, tally)?;
                }
            }
        }
    }
    // The whole legal-move list at the end, for both colours (too slow to
    // do after every step on big boards, cheap once).
    check_legal_points(&game, &model)?;
    tally.positions += game.history().len();
    Ok(())
}

/// The legal points of both colours are the model's.
pub(super) fn check_legal_points(game: &Game, model: &Model) -> Result<(), TestCaseError> {
    for color in Color::ALL {
        let want: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| model.legality(Move::Play(color, p)).is_ok())
            .collect();
        prop_assert_eq!(
            game.legal_points(color),
            want,
            "legal points of {:?}; {}",
            color,
            transcript(game)
        );
    }
    Ok(())
}

/// Property 5: every successful step taken back in turn restores the game
/// as it was before it, down to the set-up, after which undo fails.
pub(super) fn check_undo(plan: &Plan) -> Result<(), TestCaseError> {
    let mut game = plan.new_game();
    let mut states = vec![game.clone()];
    for step in &plan.steps {
        if play_step(&mut game, step)? {
            states.push(game.clone());
        }
    }
    let context = transcript(&game);
    // The last state is the game as it stands: nothing to undo to.
    states.pop();
    while let Some(want) = states.pop() {
        prop_assert_eq!(game.undo(), Ok(()), "undo; {}", context);
        prop_assert!(
            game == want,
            "undo back to {} events gave {:?}; {}",
            want.events().len(),
            game,
            context
        );
    }
    prop_assert_eq!(game.undo(), Err(UndoError), "undo at set-up; {}", context);
    prop_assert!(game == plan.new_game(), "set-up changed; {}", context);
    Ok(())
}
