//! [`Game`]: a board under a rule set, with the whole history of the game,
//! superko, the end-of-game phase, handicap and undo.

use std::fmt;

use crate::board::{Board, ByColor, Color, Point};

use super::history::{Arrangement, PositionHistory};
use super::ing_ko::hot_liberties;
use super::phase::{next_phase, Phase, PhaseError, PhaseEvent};
use super::score::{score, territory_score, GameResult, ScoreBreakdown};
use super::{EndRule, KoRule, LongCycle, Rules, Scoring, Suicide};

/// A move: a stone or a pass, by a colour. Resignation is an outcome, not a
/// move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Color, Point),
    Pass(Color),
}

impl Move {
    pub fn color(self) -> Color {
        match self {
            Move::Play(c, _) | Move::Pass(c) => c,
        }
    }
}

/// Something that changed the game, in order; undo removes the last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Move(Move),
    /// Agreement in `stopped`: these strings were dead (each sorted, in
    /// board order of their first stone).
    Agree(Vec<Vec<Point>>),
    Dispute,
    /// Ing's rules: a single-stone suicide at the point, which counts as
    /// a pass (the stone goes back to the bowl).
    SuicideAsPass(Color, Point),
}

/// Why a move may not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    Occupied,
    /// Single-stone suicide, or any suicide where the rules forbid it.
    Suicide,
    /// The resulting position occurred before (SPEC §1.1).
    Superko,
    /// An immediate retake of a ko (the basic ko rule).
    Ko,
    /// Ing's ko rule: the play captures a hot stone.
    HotStone,
    /// Ing's ko rule: the same play was made from the same position since
    /// the last stop (a cycle runs once; its starter may not restart it).
    Cycle,
    /// The game is finished.
    GameOver,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::Occupied => "point is occupied",
            IllegalMove::Suicide => "suicide",
            IllegalMove::Superko => "position repeats (superko)",
            IllegalMove::Ko => "retakes a ko at once",
            IllegalMove::HotStone => "captures a hot stone",
            IllegalMove::Cycle => "repeats a play made from this position since the last stop",
            IllegalMove::GameOver => "game is over",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// Nothing left to undo: the game is at its set-up position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UndoError;

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("cannot undo")
    }
}

impl std::error::Error for UndoError {}

/// A game from its set-up position (empty, or handicap / SGF set-up) on.
///
/// Two games are equal iff rules, komi, set-up, events, phase, player to
/// move, board (with capture counts) and position history are equal.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    komi: f64,
    /// The position after `clear_board` and set-up stones.
    setup: Board,
    /// Black set-up stones counted as handicap (0 when none).
    setup_handicap: u32,
    setup_to_move: Color,
    board: Board,
    history: PositionHistory,
    /// Bits of the hash that key the history: 64 but in collision tests.
    hash_bits: u32,
    events: Vec<Event>,
    phase: Phase,
    to_move: Color,
    /// Index in `history` of the first position since the last pass (the
    /// one the pass made): a long cycle is counted from there.
    cycle_start: usize,
    /// The game ended in a long cycle (basic ko rule only).
    long_cycle: bool,
    /// Ing's ko rule: the points closed by the hot-stone rule to the
    /// opponent of the last play's colour (empty under other rules).
    hot: Vec<Point>,
    /// The colour of the hot stones (that of the last play).
    hot_owner: Color,
    /// Ing's ko rule: every play since the last stop (two passes in a
    /// row), with the arrangement it was made from.
    plays_since_stop: Vec<(Arrangement, Color, Point)>,
    /// Penalty points each side was charged by Ing's penalty-point time:
    /// game data like komi, outside the events (undo keeps them).
    penalties: ByColor<u32>,
}

impl PartialEq for Game {
    fn eq(&self, o: &Game) -> bool {
        self.rules == o.rules
            && self.komi.to_bits() == o.komi.to_bits()
            && self.setup == o.setup
            && self.setup_handicap == o.setup_handicap
            && self.setup_to_move == o.setup_to_move
            && self.board == o.board
            && Color::ALL
                .iter()
                .all(|&c| self.board.removed(c) == o.board.removed(c))
            && self.history == o.history
            && self.events == o.events
            && self.phase == o.phase
            && self.to_move == o.to_move
            && self.cycle_start == o.cycle_start
            && self.long_cycle == o.long_cycle
            && self.penalties == o.penalties
            && self.hot == o.hot
            && (self.hot.is_empty() || self.hot_owner == o.hot_owner)
            && self.plays_since_stop == o.plays_since_stop
    }
}

impl Game {
    /// An empty board of `size` (2..=25), Black to move.
    ///
    /// # Panics
    /// If `size` is out of range.
    pub fn new(size: u8, rules: Rules, komi: f64) -> Game {
        Game::with_setup(Board::new(size), 0, Color::Black, rules, komi)
    }

    /// A game starting from the set-up position `setup` (handicap or SGF
    /// stones), with `handicap` of its black stones counting as handicap.
    pub fn with_setup(
        setup: Board,
        handicap: u32,
        to_move: Color,
        rules: Rules,
        komi: f64,
    ) -> Game {
        let history = Self::initial_history(&setup, to_move, 64);
        let mut board = setup.clone();
        board.set_double_hot(rules.ko == KoRule::Ing);
        Game {
            rules,
            komi,
            board,
            setup,
            setup_handicap: handicap,
            setup_to_move: to_move,
            history,
            hash_bits: 64,
            events: Vec::new(),
            phase: Phase::START,
            to_move,
            cycle_start: 0,
            long_cycle: false,
            hot: Vec::new(),
            hot_owner: Color::Black,
            plays_since_stop: Vec::new(),
            penalties: ByColor::default(),
        }
    }

    /// A game whose set-up is Black's handicap stones at `points` (distinct
    /// points of a board of `size`); White moves first.
    pub fn with_handicap(size: u8, points: &[Point], rules: Rules, komi: f64) -> Game {
        let mut setup = Board::new(size);
        for &p in points {
            // Black stones alone always keep a liberty while one point of
            // the board is empty, which callers guarantee.
            setup.play_unchecked(Color::Black, p);
        }
        Game::with_setup(setup, points.len() as u32, Color::White, rules, komi)
    }

    /// **Test hook; the engine never calls it.** The same game with its
    /// superko history keyed on only `bits` bits of the hash (see
    /// [`PositionHistory::with_hash_bits`]), kept through undo and rule
    /// changes, so that tests can force hash collisions in real games.
    #[must_use]
    pub fn with_hash_bits(mut self, bits: u32) -> Game {
        self.hash_bits = bits;
        self.replay();
        self
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn size(&self) -> u8 {
        self.board.size()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn komi(&self) -> f64 {
        self.komi
    }

    /// What White adds to its area at the count: komi and handicap bonus,
    /// and Black's penalty points less White's.
    pub fn komi_with_bonus(&self) -> f64 {
        self.komi
            + f64::from(self.rules.handicap_bonus.points(self.handicap()))
            + f64::from(self.penalties[Color::Black])
            - f64::from(self.penalties[Color::White])
    }

    /// Penalty points charged to each side by Ing's penalty-point time.
    pub fn penalties(&self) -> ByColor<u32> {
        self.penalties
    }

    /// Sets the penalty points charged to `color` so far (they only grow
    /// in a game, but a controller may correct them).
    pub fn set_penalty(&mut self, color: Color, points: u32) {
        self.penalties[color] = points;
    }

    pub fn set_komi(&mut self, komi: f64) {
        self.komi = komi;
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The player to move: after a move or pass by X, X's opponent.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Is this game `earlier` played on (the same start, board size
    /// included, the same komi and rules, and `earlier`'s events first)?
    /// A search may then carry what it learnt from one to the other.
    pub fn continues(&self, earlier: &Game) -> bool {
        earlier.setup() == self.setup()
            && earlier.komi().to_bits() == self.komi().to_bits()
            && earlier.rules() == self.rules()
            && self.events().starts_with(earlier.events())
    }

    /// The set-up position the game started from.
    pub fn setup(&self) -> &Board {
        &self.setup
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Move(m) => Some(*m),
            Event::SuicideAsPass(c, _) => Some(Move::Pass(*c)),
            _ => None,
        })
    }

    /// The last move, if the last event was one.
    pub fn last_move(&self) -> Option<Move> {
        match self.events.last() {
            Some(Event::Move(m)) => Some(*m),
            Some(Event::SuicideAsPass(c, _)) => Some(Move::Pass(*c)),
            _ => None,
        }
    }

    pub fn history(&self) -> &PositionHistory {
        &self.history
    }

    /// Handicap stones N (SPEC §1.5): set-up handicap stones plus Black
    /// stones played before White's first move, when that makes two or
    /// more (GUIs send handicap as consecutive `play B`).
    pub fn handicap(&self) -> u32 {
        let played = self
            .moves()
            .take_while(|m| m.color() == Color::Black)
            .filter(|m| matches!(m, Move::Play(..)))
            .count() as u32;
        let n = self.setup_handicap + played;
        if n >= 2 {
            n
        } else {
            0
        }
    }

    /// Switches the rule set; only while no stone has been placed and the
    /// game is still in `playing` (passes alone are fine: they mean the
    /// same under every rule set until a second one stops the game).
    ///
    /// # Errors
    /// `Err(())` when a stone is on the board or was ever played, or the
    /// game has left `playing`.
    #[allow(clippy::result_unit_err)]
    pub fn set_rules(&mut self, rules: Rules) -> Result<(), ()> {
        let only_passes = self
            .events
            .iter()
            .all(|e| matches!(e, Event::Move(Move::Pass(_))));
        // The board can only hold a stone if the set-up did or one was
        // played, so those two cover it.
        if !self.setup.is_clear() || !only_passes || !matches!(self.phase, Phase::Playing { .. }) {
            return Err(());
        }
        self.rules = rules;
        self.replay();
        Ok(())
    }

    /// Is `mv` legal now?
    ///
    /// # Errors
    /// The reason it is not.
    pub fn is_legal(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.phase == Phase::Finished {
            return Err(IllegalMove::GameOver);
        }
        let Move::Play(color, p) = mv else {
            return Ok(());
        };
        if !self.board.is_empty_at(p) {
            return Err(IllegalMove::Occupied);
        }
        let mut after = self.board.clone();
        let effect = after.play_unchecked(color, p);
        if effect.suicided == 1 && self.rules.suicide == Suicide::SingleAsPass {
            // A pass, which no ko rule restricts.
            return Ok(());
        }
        if effect.suicided == 1
            || (effect.suicided >= 2 && self.rules.suicide == Suicide::Forbidden)
        {
            return Err(IllegalMove::Suicide);
        }
        if self.rules.ko == KoRule::Ing {
            if self.hot_points(color).contains(&p) {
                return Err(IllegalMove::HotStone);
            }
            if self.played_since_stop(&self.board, color, p) {
                return Err(IllegalMove::Cycle);
            }
            return Ok(());
        }
        if let KoRule::Basic(_) = self.rules.ko {
            // The board's ko point is where the stone that the last move
            // captured stood; only the side that lost it may not retake.
            let retake = self.board.ko() == Some(p)
                && matches!(self.last_move(), Some(Move::Play(c, _)) if c == !color);
            return if retake { Err(IllegalMove::Ko) } else { Ok(()) };
        }
        // A point that never held a stone cannot recreate an earlier
        // arrangement unless something was removed; KataGo's pruning is the
        // only shortcut that is safe, and even it needs no capture or
        // suicide. Plain lookup is cheap enough, so always look.
        if self.history.repeats(&after, !color, self.rules.ko) {
            return Err(IllegalMove::Superko);
        }
        Ok(())
    }

    /// Plays `mv` if it is legal (any colour may move: GTP semantics).
    ///
    /// # Errors
    /// The reason it is illegal; the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.is_legal(mv)?;
        let event = match mv {
            Move::Play(c, p) if self.is_suicide_as_pass(c, p) => Event::SuicideAsPass(c, p),
            _ => Event::Move(mv),
        };
        self.apply(&event).map_err(|_| IllegalMove::GameOver)?;
        if self.long_cycle {
            log::info!(
                "long cycle: the position after move {} occurred three times since the last pass; the game ends: {}",
                self.moves().count(),
                match self.rules.ko {
                    KoRule::Basic(LongCycle::Draw) => "draw",
                    _ => "no result",
                }
            );
        }
        Ok(())
    }

    /// Is `color` at `p` (an empty point) a single-stone suicide that the
    /// rules count as a pass?
    fn is_suicide_as_pass(&self, color: Color, p: Point) -> bool {
        self.rules.suicide == Suicide::SingleAsPass
            && self.board.is_suicide(color, p)
            && !self.board.is_multi_stone_suicide(color, p)
    }

    /// Ing's ko rule: the points the hot-stone rule closes to `color`
    /// ([`hot_liberties`]); empty under other rules.
    pub fn hot_points(&self, color: Color) -> &[Point] {
        if color == self.hot_owner {
            &[]
        } else {
            &self.hot
        }
    }

    /// Ing's ko rule: did `color` play at `p` from the arrangement of
    /// `board` since the last stop?
    pub fn played_since_stop(&self, board: &Board, color: Color, p: Point) -> bool {
        let mut same = self
            .plays_since_stop
            .iter()
            .filter(|&&(_, c, q)| c == color && q == p)
            .peekable();
        if same.peek().is_none() {
            return false;
        }
        let here = Arrangement::of(board);
        same.any(|(arr, _, _)| *arr == here)
    }

    /// Did the game end in a long cycle (basic ko rule: the same
    /// position with the same player to move for the third time since
    /// the last pass)?
    pub fn long_cycle(&self) -> bool {
        self.long_cycle
    }

    /// How many times the position on the board, with `to_move` to play,
    /// has occurred since the last pass (itself included when it is the
    /// current one).
    pub fn occurrences_since_pass(&self, board: &Board, to_move: Color) -> usize {
        self.history.count_since(self.cycle_start, board, to_move)
    }

    /// Does the count of this finished game wait for a judgement of its
    /// dead stones? So it is when two passes finished it under a rule set
    /// whose players settle life and death after the passes (the
    /// territory rule sets, [`EndRule::TwoPassesJudged`]), unless a long
    /// cycle voided it: that result needs no count.
    pub fn awaits_judgement(&self) -> bool {
        self.phase == Phase::Finished
            && !self.long_cycle
            && match self.rules.end {
                EndRule::TwoPassesJudged => true,
                // Four passes in a row: the players agreed on the dead
                // stones by passing. Agreement, or two passes in resumed
                // play, leave nothing to judge.
                EndRule::FourPasses => self.finished_by_four_passes(),
                EndRule::StateMachine | EndRule::TwoPasses => false,
            }
    }

    /// Did four passes in a row finish the game (Ing's rules)? A dispute
    /// or a stone between them makes them no four in a row, and the
    /// phases let no four passes in a row pass by unfinished.
    fn finished_by_four_passes(&self) -> bool {
        self.events.len() >= 4
            && self.events[self.events.len() - 4..]
                .iter()
                .all(|e| matches!(e, Event::Move(Move::Pass(_)) | Event::SuicideAsPass(..)))
    }

    /// May the players agree on the dead stones now (`stopped`, and under
    /// Ing's rules `confirming` and `resumed` too)?
    pub fn may_agree(&self) -> bool {
        next_phase(self.phase, PhaseEvent::Agree, self.rules.end).is_ok()
    }

    /// Is the life and death of the count fixed: the game finished and
    /// awaits no judgement (an agreement took the dead stones off, or the
    /// passes that finished it leave every stone alive)?
    pub fn dead_are_fixed(&self) -> bool {
        self.phase == Phase::Finished && !self.awaits_judgement()
    }

    /// Agreement on the dead stones (`ingo-agree`) where
    /// [`Game::may_agree`]: the strings at `dead` are removed and the game
    /// is finished.
    ///
    /// # Errors
    /// `NotStopped` where no agreement is possible.
    pub fn agree(&mut self, dead: &[Point]) -> Result<(), PhaseError> {
        next_phase(self.phase, PhaseEvent::Agree, self.rules.end)?;
        let mut strings: Vec<Vec<Point>> = Vec::new();
        for &p in dead {
            if self.board.color_at(p).is_some() && !strings.iter().any(|s| s.contains(&p)) {
                let mut stones = self.board.string_stones(p);
                stones.sort_unstable();
                strings.push(stones);
            }
        }
        strings.sort_unstable();
        self.apply(&Event::Agree(strings))
    }

    /// A dispute in `stopped` (`ingo-dispute`): play resumes.
    ///
    /// # Errors
    /// `NotStopped` outside `stopped`.
    pub fn dispute(&mut self) -> Result<(), PhaseError> {
        self.apply(&Event::Dispute)
    }

    /// Takes back the last event (move, pass, agreement or dispute).
    ///
    /// # Errors
    /// When only the set-up position is left.
    pub fn undo(&mut self) -> Result<(), UndoError> {
        self.events.pop().ok_or(UndoError)?;
        self.replay();
        Ok(())
    }

    /// The strings agreed dead when the game finished by agreement.
    pub fn agreed_dead_strings(&self) -> &[Vec<Point>] {
        match (self.phase, self.events.last()) {
            (Phase::Finished, Some(Event::Agree(dead))) => dead,
            _ => &[],
        }
    }

    /// The stones agreed dead when the game finished by agreement, sorted.
    pub fn agreed_dead(&self) -> Vec<Point> {
        let mut stones: Vec<Point> = self
            .agreed_dead_strings()
            .iter()
            .flatten()
            .copied()
            .collect();
        stones.sort_unstable();
        stones
    }

    /// The count of the board with the strings at `dead` removed, by the
    /// rule set's scoring: area, or territory and prisoners with the
    /// strings at `seki` living in seki (area scoring ignores `seki`).
    pub fn score(&self, dead: &[Point], seki: &[Point]) -> ScoreBreakdown {
        let mut breakdown = match self.rules.scoring {
            Scoring::Area => {
                let bonus = self.rules.handicap_bonus.points(self.handicap());
                score(&self.board, dead, self.komi, bonus)
            }
            Scoring::Territory => territory_score(&self.board, dead, seki, self.komi),
        };
        breakdown.penalties = self.penalties;
        breakdown
    }

    /// The result: a long cycle's (no result, or a draw under the Korean
    /// rules), else the count's by [`Game::score`].
    pub fn result(&self, dead: &[Point], seki: &[Point]) -> GameResult {
        if self.long_cycle {
            return match self.rules.ko {
                KoRule::Basic(LongCycle::Draw) => GameResult::Draw,
                _ => GameResult::NoResult,
            };
        }
        self.score(dead, seki).result(self.rules.tie)
    }

    /// The legal points for `color`, in board order.
    pub fn legal_points(&self, color: Color) -> Vec<Point> {
        self.board
            .points()
            .filter(|&p| self.is_legal(Move::Play(color, p)).is_ok())
            .collect()
    }

    /// SPEC §1.1 counts positions "from the empty board after
    /// `clear_board` (handicap set-up included)": the empty board with Black
    /// to move comes first, then the set-up position if there is one.
    fn initial_history(setup: &Board, to_move: Color, hash_bits: u32) -> PositionHistory {
        let mut history = PositionHistory::with_hash_bits(hash_bits);
        if !setup.is_clear() {
            history.push(&Board::new(setup.size()), Color::Black);
        }
        history.push(setup, to_move);
        history
    }

    /// Rebuilds board, history and phase from the set-up and the events.
    fn replay(&mut self) {
        let events = std::mem::take(&mut self.events);
        self.board = self.setup.clone();
        // The playouts take Ing's double hot stones from the ko point.
        self.board.set_double_hot(self.rules.ko == KoRule::Ing);
        self.history = Self::initial_history(&self.setup, self.setup_to_move, self.hash_bits);
        self.phase = Phase::START;
        self.to_move = self.setup_to_move;
        self.cycle_start = 0;
        self.long_cycle = false;
        self.hot.clear();
        self.plays_since_stop.clear();
        for e in &events {
            if let Err(err) = self.apply(e) {
                // Events were checked when first applied under the same
                // rules; a failure here is a bug, not bad input.
                log::error!("replaying {e:?} failed: {err}");
            }
        }
    }

    /// Applies an event whose legality was checked.
    fn apply(&mut self, event: &Event) -> Result<(), PhaseError> {
        let phase_event = match event {
            Event::Move(Move::Pass(_)) | Event::SuicideAsPass(..) => PhaseEvent::Pass,
            Event::Move(Move::Play(..)) => PhaseEvent::Play,
            Event::Agree(_) => PhaseEvent::Agree,
            Event::Dispute => PhaseEvent::Dispute,
        };
        self.phase = next_phase(self.phase, phase_event, self.rules.end)?;
        let after_pass = matches!(
            self.events.last(),
            Some(Event::Move(Move::Pass(_)) | Event::SuicideAsPass(..))
        );
        let ing = self.rules.ko == KoRule::Ing;
        let mv = match *event {
            Event::Move(mv) => Some(mv),
            Event::SuicideAsPass(c, _) => Some(Move::Pass(c)),
            Event::Agree(_) | Event::Dispute => None,
        };
        match event {
            Event::Move(_) | Event::SuicideAsPass(..) => {
                let mv = mv.expect("a move event");
                self.hot.clear();
                match mv {
                    Move::Pass(_) => {
                        self.board.pass();
                        if ing && after_pass {
                            // A stop: cycles are counted afresh.
                            self.plays_since_stop.clear();
                        }
                    }
                    Move::Play(c, p) => {
                        if ing {
                            self.plays_since_stop
                                .push((Arrangement::of(&self.board), c, p));
                        }
                        let effect = self.board.play_unchecked(c, p);
                        if ing {
                            self.hot = hot_liberties(&self.board, p, u32::from(effect.captured));
                            self.hot_owner = c;
                        }
                    }
                }
                self.to_move = !mv.color();
                self.history.push(&self.board, self.to_move);
                if matches!(mv, Move::Pass(_)) {
                    self.cycle_start = self.history.len() - 1;
                } else if matches!(self.rules.ko, KoRule::Basic(_))
                    && self
                        .history
                        .count_since(self.cycle_start, &self.board, self.to_move)
                        >= 3
                {
                    self.phase = Phase::Finished;
                    self.long_cycle = true;
                }
            }
            Event::Agree(dead) => {
                let stones: Vec<Point> = dead.iter().flatten().copied().collect();
                self.board.remove_strings(&stones);
            }
            Event::Dispute => {}
        }
        self.events.push(event.clone());
        Ok(())
    }
}

#[cfg(test)]
mod ing_tests;
#[cfg(test)]
mod tests;
