//! [`Game`]: a board under a rule set, with the whole history of the game,
//! superko, the end-of-game phase, handicap and undo.

use std::fmt;

use crate::board::{Board, Color, Point};

use super::history::PositionHistory;
use super::phase::{next_phase, Phase, PhaseError, PhaseEvent};
use super::score::{score, territory_score, GameResult, ScoreBreakdown};
use super::{KoRule, LongCycle, Rules, Scoring, Suicide};

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
        Game {
            rules,
            komi,
            board: setup.clone(),
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

    /// What White adds to its area at the count: komi and handicap bonus.
    pub fn komi_with_bonus(&self) -> f64 {
        self.komi + f64::from(self.rules.handicap_bonus.points(self.handicap()))
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

    /// The set-up position the game started from.
    pub fn setup(&self) -> &Board {
        &self.setup
    }

    /// The moves played, in order.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.events.iter().filter_map(|e| match e {
            Event::Move(m) => Some(*m),
            _ => None,
        })
    }

    /// The last move, if the last event was one.
    pub fn last_move(&self) -> Option<Move> {
        match self.events.last() {
            Some(Event::Move(m)) => Some(*m),
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
        if effect.suicided == 1
            || (effect.suicided >= 2 && self.rules.suicide == Suicide::Forbidden)
        {
            return Err(IllegalMove::Suicide);
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
        self.apply(&Event::Move(mv))
            .map_err(|_| IllegalMove::GameOver)?;
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

    /// Index of the first position since the last pass in
    /// [`Game::history`].
    pub fn cycle_start(&self) -> usize {
        self.cycle_start
    }

    /// Agreement on the dead stones in `stopped` (`ingo-agree`): the strings
    /// at `dead` are removed and the game is finished.
    ///
    /// # Errors
    /// `NotStopped` outside `stopped`.
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
        match self.rules.scoring {
            Scoring::Area => {
                let bonus = self.rules.handicap_bonus.points(self.handicap());
                score(&self.board, dead, self.komi, bonus)
            }
            Scoring::Territory => territory_score(&self.board, dead, seki, self.komi),
        }
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
        self.history = Self::initial_history(&self.setup, self.setup_to_move, self.hash_bits);
        self.phase = Phase::START;
        self.to_move = self.setup_to_move;
        self.cycle_start = 0;
        self.long_cycle = false;
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
            Event::Move(Move::Pass(_)) => PhaseEvent::Pass,
            Event::Move(Move::Play(..)) => PhaseEvent::Play,
            Event::Agree(_) => PhaseEvent::Agree,
            Event::Dispute => PhaseEvent::Dispute,
        };
        self.phase = next_phase(self.phase, phase_event, self.rules.end)?;
        match event {
            Event::Move(mv) => {
                match *mv {
                    Move::Pass(_) => self.board.pass(),
                    Move::Play(c, p) => {
                        self.board.play_unchecked(c, p);
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
mod tests {
    use super::*;
    use crate::rules::GameResult;
    use crate::testing::vertex as p;
    use Color::{Black, White};

    /// A game whose set-up is the diagram, `to_move` to play.
    fn game(d: &str, to_move: Color, rules: Rules) -> Game {
        Game::with_setup(d.parse().expect("diagram"), 0, to_move, rules, 0.0)
    }

    fn play(g: &mut Game, c: Color, v: &str) -> Result<(), IllegalMove> {
        let size = g.size();
        g.play(Move::Play(c, p(v, size)))
    }

    #[test]
    fn occupied_and_single_stone_suicide() {
        let g = game(
            ". X .
             X . .
             . . .",
            White,
            Rules::SIMPLIFIED_ING,
        );
        assert_eq!(
            g.is_legal(Move::Play(White, p("B3", 3))),
            Err(IllegalMove::Occupied)
        );
        assert_eq!(
            g.is_legal(Move::Play(White, p("A3", 3))),
            Err(IllegalMove::Suicide)
        );
        assert_eq!(g.is_legal(Move::Play(Black, p("A3", 3))), Ok(()));
    }

    #[test]
    fn multi_stone_suicide_depends_on_rules() {
        let d = "O . X .
                 X X X .
                 . . . .
                 . . . .";
        for (rules, want) in [
            (Rules::SIMPLIFIED_ING, Ok(())),
            (Rules::ING, Ok(())),
            (Rules::NEW_ZEALAND, Ok(())),
            (Rules::TROMP_TAYLOR, Ok(())),
            (Rules::CHINESE, Err(IllegalMove::Suicide)),
            (Rules::AGA, Err(IllegalMove::Suicide)),
        ] {
            let mut g = game(d, White, rules);
            assert_eq!(play(&mut g, White, "B4"), want, "{rules}");
            if want.is_ok() {
                assert!(g.board().is_empty_at(p("A4", 4)));
                assert_eq!(g.board().removed(White), 2);
            }
        }
    }

    #[test]
    fn simple_ko_is_a_superko_repetition() {
        let mut g = game(
            ". X O .
             X O . O
             . X O .
             . . . .",
            Black,
            Rules::SIMPLIFIED_ING,
        );
        play(&mut g, Black, "C3").expect("capture");
        assert_eq!(play(&mut g, White, "B3"), Err(IllegalMove::Superko));
        play(&mut g, White, "A1").expect("ko threat");
        play(&mut g, Black, "D1").expect("answer");
        play(&mut g, White, "B3").expect("retake after threats");
    }

    /// Sending two, returning one: Black plays into a two-stone capture
    /// and White recaptures one... The classic case where positional and
    /// situational superko differ is a position repeated with the other
    /// player to move, reached here through a pass.
    #[test]
    fn positional_versus_situational_superko() {
        let d = ". X O .
                 X O . O
                 . X O .
                 . . . .";
        // Black captures at C3, White passes, Black fills... Instead: Black
        // passes and White plays B3-ko-like repetition. Build the
        // repetition by a pass: after Black C3 (capture) and White pass,
        // Black's own stone at C3 can't be re-taken by Black; White's
        // recapture at B3 recreates the start arrangement, which occurred
        // with Black to move. After White's recapture it is Black to move:
        // a repetition for both rules.
        let mut pos = game(d, Black, Rules::SIMPLIFIED_ING);
        let mut sit = game(d, Black, Rules::NEW_ZEALAND);
        for g in [&mut pos, &mut sit] {
            play(g, Black, "C3").expect("capture");
            g.play(Move::Pass(White)).expect("pass");
            g.play(Move::Pass(Black)).expect("pass");
        }
        // Now the game is stopped; White's recapture resumes play and
        // recreates the initial arrangement with Black to move: illegal for
        // both (same arrangement, same player to move as at the start).
        assert_eq!(play(&mut pos, White, "B3"), Err(IllegalMove::Superko));
        assert_eq!(play(&mut sit, White, "B3"), Err(IllegalMove::Superko));

        // Now with the other player to move: start with White to move; the
        // start arrangement is recorded with White to move. Black (playing
        // out of turn, allowed by GTP) captures, then White recaptures:
        // the arrangement repeats with Black to move — a repetition only
        // for positional superko.
        let mut pos = game(d, White, Rules::SIMPLIFIED_ING);
        let mut sit = game(d, White, Rules::NEW_ZEALAND);
        for g in [&mut pos, &mut sit] {
            play(g, Black, "C3").expect("capture");
        }
        assert_eq!(play(&mut pos, White, "B3"), Err(IllegalMove::Superko));
        assert_eq!(play(&mut sit, White, "B3"), Ok(()));
    }

    /// A triple ko: ko 1 (B8/C8) and ko 3 (B4/C4) can be taken by Black,
    /// ko 2 (G8/H8) by White. Taking them in turn, B C8, W G8, B C4, W B8,
    /// B H8, and then W B4 would recreate the starting arrangement with
    /// Black to move: an endless cycle that superko (either kind) breaks.
    #[test]
    fn triple_ko_cycle_is_broken_by_superko() {
        let d = ". X O . . . X O .
                 X O . O . X . X O
                 . X O . . . X O .
                 . . . . . . . . .
                 . X O . . . . . .
                 X O . O . . . . .
                 . X O . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .";
        for rules in [Rules::SIMPLIFIED_ING, Rules::ING, Rules::AGA] {
            let mut g = game(d, Black, rules);
            for (c, v) in [
                (Black, "C8"),
                (White, "G8"),
                (Black, "C4"),
                (White, "B8"),
                (Black, "H8"),
            ] {
                play(&mut g, c, v).unwrap_or_else(|e| panic!("{rules}: {v}: {e}"));
                assert!(g.board().removed(!c) > 0);
            }
            assert_eq!(
                play(&mut g, White, "B4"),
                Err(IllegalMove::Superko),
                "{rules}"
            );
            let mut repeated = g.board().clone();
            repeated.play_unchecked(White, p("B4", 9));
            assert!(g.history().repeats_brute_force(&repeated, Black, rules.ko));
            g.board().check_consistency().expect("consistent");
        }
    }

    /// The triple ko above under the basic ko rule: every capture is
    /// legal, and the third time the start position comes back with Black
    /// to move the game ends, void under the Japanese rules (Art. 12) and
    /// drawn under the Korean ones.
    #[test]
    fn a_long_cycle_ends_the_game_without_result() {
        let d = ". X O . . . X O .
                 X O . O . X . X O
                 . X O . . . X O .
                 . . . . . . . . .
                 . X O . . . . . .
                 X O . O . . . . .
                 . X O . . . . . .
                 . . . . . . . . .
                 . . . . . . . . .";
        let cycle = [
            (Black, "C8"),
            (White, "G8"),
            (Black, "C4"),
            (White, "B8"),
            (Black, "H8"),
            (White, "B4"),
        ];
        for (rules, want) in [
            (Rules::JAPANESE, GameResult::NoResult),
            (Rules::KOREAN, GameResult::Draw),
        ] {
            let mut g = game(d, Black, rules);
            for round in 0..2 {
                for (c, v) in cycle {
                    assert_eq!(g.phase(), Phase::Playing { passes: 0 }, "{rules}");
                    play(&mut g, c, v).unwrap_or_else(|e| panic!("{rules}: {round} {v}: {e}"));
                }
            }
            assert!(g.long_cycle(), "{rules}");
            assert_eq!(g.phase(), Phase::Finished);
            assert_eq!(g.result(&[], &[]), want);
            assert_eq!(g.result(&[], &[]).to_string(), "0");
            assert_eq!(play(&mut g, Black, "C8"), Err(IllegalMove::GameOver));
            // Undo reopens it.
            g.undo().expect("undo");
            assert!(!g.long_cycle());
            g.play(Move::Pass(White)).expect("pass");
            g.play(Move::Pass(Black)).expect("pass");
            assert_eq!(g.phase(), Phase::Finished, "two passes end it");
            assert!(!g.long_cycle());
        }
        // (That a pass starts the count anew is checked against the
        // reference model in the property tests.)
    }

    /// The basic ko rule forbids only the immediate retake, by the side
    /// whose stone was just taken.
    #[test]
    fn basic_ko_forbids_the_immediate_retake() {
        let d = ". X O .
                 X O . O
                 . X O .
                 . . . .";
        let mut g = game(d, Black, Rules::JAPANESE);
        play(&mut g, Black, "C3").expect("capture");
        assert_eq!(play(&mut g, White, "B3"), Err(IllegalMove::Ko));
        assert_eq!(IllegalMove::Ko.to_string(), "retakes a ko at once");
        // GTP lets Black play again: filling its own ko is fine.
        assert!(g.is_legal(Move::Play(Black, p("B3", 4))).is_ok());
        play(&mut g, White, "D1").expect("a threat");
        play(&mut g, Black, "A1").expect("answer");
        play(&mut g, White, "B3").expect("retake after an exchange");
        assert_eq!(play(&mut g, Black, "C3"), Err(IllegalMove::Ko));
    }

    #[test]
    fn undo_restores_the_game() {
        let mut g = Game::new(5, Rules::SIMPLIFIED_ING, 7.5);
        let start = g.clone();
        assert_eq!(g.undo(), Err(UndoError));
        play(&mut g, Black, "C3").expect("legal");
        let one = g.clone();
        play(&mut g, White, "C4").expect("legal");
        g.play(Move::Pass(Black)).expect("pass");
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.phase(), Phase::Stopped);
        g.agree(&[]).expect("stopped");
        assert_eq!(g.phase(), Phase::Finished);
        assert_eq!(play(&mut g, Black, "A1"), Err(IllegalMove::GameOver));
        g.undo().expect("undo agree");
        assert_eq!(g.phase(), Phase::Stopped);
        for _ in 0..3 {
            g.undo().expect("undo");
        }
        assert_eq!(g, one);
        g.undo().expect("undo");
        assert_eq!(g, start);
    }

    #[test]
    fn agreement_removes_dead_strings_and_scores_the_rest() {
        let mut g = game(
            "X X X X X
             X . O . X
             X X X X X
             . . . . .
             . . . . .",
            Black,
            Rules::SIMPLIFIED_ING,
        );
        g.set_komi(0.5);
        assert_eq!(g.agree(&[]), Err(PhaseError::NotStopped));
        assert_eq!(g.dispute(), Err(PhaseError::NotStopped));
        g.play(Move::Pass(Black)).expect("pass");
        g.play(Move::Pass(White)).expect("pass");
        g.agree(&[p("C4", 5)]).expect("agree");
        assert_eq!(g.phase(), Phase::Finished);
        assert!(g.board().is_empty_at(p("C4", 5)));
        assert_eq!(g.agreed_dead(), [p("C4", 5)]);
        assert_eq!(
            g.score(&[], &[]).result(g.rules().tie).to_string(),
            "B+24.5"
        );
    }

    #[test]
    fn dispute_resumes_and_two_passes_finish_as_it_stands() {
        let mut g = Game::new(5, Rules::SIMPLIFIED_ING, 0.5);
        play(&mut g, Black, "C3").expect("legal");
        play(&mut g, White, "A1").expect("legal");
        g.play(Move::Pass(Black)).expect("pass");
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.phase(), Phase::Stopped);
        g.dispute().expect("dispute");
        assert_eq!(g.phase(), Phase::Resumed { passes: 0 });
        assert_eq!(g.to_move(), Black, "the opponent of the last passer");
        g.play(Move::Pass(Black)).expect("pass");
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.phase(), Phase::Finished);
        assert_eq!(g.agreed_dead(), []);
        // Every stone alive: A1 is White's and touches no empty black region
        // alone; the board counts as it stands.
        let s = g.score(&[], &[]);
        assert_eq!(s.stones.black + s.stones.white, 2);
    }

    #[test]
    fn a_pass_in_stopped_resumes_and_counts() {
        let mut g = Game::new(5, Rules::SIMPLIFIED_ING, 0.5);
        for _ in 0..2 {
            g.play(Move::Pass(Black)).expect("pass");
        }
        assert_eq!(g.phase(), Phase::Stopped);
        g.play(Move::Pass(Black)).expect("pass");
        assert_eq!(g.phase(), Phase::Resumed { passes: 1 });
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.phase(), Phase::Finished);
        assert_eq!(
            g.score(&[], &[]).result(g.rules().tie),
            GameResult::Win(White, 0.5)
        );
    }

    #[test]
    fn tromp_taylor_finishes_at_two_passes() {
        let mut g = Game::new(5, Rules::TROMP_TAYLOR, 0.5);
        g.play(Move::Pass(Black)).expect("pass");
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.phase(), Phase::Finished);
        assert_eq!(g.play(Move::Pass(Black)), Err(IllegalMove::GameOver));
    }

    #[test]
    fn handicap_from_consecutive_black_moves() {
        let mut g = Game::new(9, Rules::CHINESE, 0.5);
        play(&mut g, Black, "C3").expect("legal");
        assert_eq!(g.handicap(), 0);
        play(&mut g, Black, "G7").expect("legal");
        play(&mut g, Black, "C7").expect("legal");
        assert_eq!(g.handicap(), 3);
        play(&mut g, White, "E5").expect("legal");
        play(&mut g, Black, "G3").expect("legal");
        assert_eq!(g.handicap(), 3);
        // Chinese: White gets N = 3 points.
        assert_eq!(g.score(&[], &[]).handicap_bonus, 3);
        let mut aga = Game::new(9, Rules::AGA, 0.5);
        play(&mut aga, Black, "C3").expect("legal");
        play(&mut aga, Black, "G7").expect("legal");
        assert_eq!(aga.score(&[], &[]).handicap_bonus, 1);
    }

    #[test]
    fn rules_switch_only_on_an_empty_board() {
        let mut g = Game::new(9, Rules::SIMPLIFIED_ING, 0.5);
        assert_eq!(g.set_rules(Rules::AGA), Ok(()));
        play(&mut g, Black, "C3").expect("legal");
        assert_eq!(g.set_rules(Rules::CHINESE), Err(()));
        assert_eq!(g.rules(), Rules::AGA);
        // Passes alone leave the board empty, but once they stopped the
        // game the rules that interpret them can no longer change.
        let mut g = Game::new(9, Rules::SIMPLIFIED_ING, 0.5);
        g.play(Move::Pass(Black)).expect("pass");
        assert_eq!(g.set_rules(Rules::AGA), Ok(()));
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.set_rules(Rules::TROMP_TAYLOR), Err(()));
    }

    /// Game equality must see every field: a game that differs in any one
    /// of them is unequal, or the undo tests would compare less than they
    /// claim.
    #[test]
    fn equality_sees_every_field() {
        let mut base = Game::new(5, Rules::SIMPLIFIED_ING, 7.5);
        play(&mut base, Black, "C3").expect("legal");
        type Change = Box<dyn Fn(&mut Game)>;
        let variants: Vec<(&str, Change)> = vec![
            ("rules", Box::new(|g| g.rules = Rules::AGA)),
            ("komi", Box::new(|g| g.komi = 6.5)),
            ("komi sign", Box::new(|g| g.komi = -g.komi)),
            (
                "setup",
                Box::new(|g| {
                    g.setup.play_unchecked(White, p("A1", 5));
                }),
            ),
            ("setup handicap", Box::new(|g| g.setup_handicap = 2)),
            ("setup to move", Box::new(|g| g.setup_to_move = White)),
            (
                "board",
                Box::new(|g| {
                    g.board.play_unchecked(White, p("A1", 5));
                }),
            ),
            (
                "captures",
                Box::new(|g| {
                    // The same arrangement after a capture and a removal.
                    let mut b = Board::new(5);
                    b.play_unchecked(White, p("A1", 5));
                    b.play_unchecked(Black, p("A2", 5));
                    b.play_unchecked(Black, p("B1", 5));
                    b.remove_strings(&[p("A2", 5), p("B1", 5)]);
                    b.play_unchecked(Black, p("C3", 5));
                    assert_eq!(b.removed(White), 1);
                    assert_eq!(b, g.board);
                    g.board = b;
                }),
            ),
            (
                "history",
                Box::new(|g| g.history.push(&Board::new(5), Black)),
            ),
            ("hash bits", Box::new(|g| *g = g.clone().with_hash_bits(8))),
            ("events", Box::new(|g| g.events.push(Event::Dispute))),
            (
                "phase",
                Box::new(|g| g.phase = Phase::Playing { passes: 1 }),
            ),
            ("to move", Box::new(|g| g.to_move = Black)),
        ];
        assert_eq!(base, base.clone());
        for (what, change) in &variants {
            let mut g = base.clone();
            change(&mut g);
            assert_ne!(g, base, "{what}");
            assert_ne!(base, g, "{what}");
        }
    }

    /// The collision hook survives undo and rule changes, and changes no
    /// answer.
    #[test]
    fn hash_bits_are_kept_and_change_nothing() {
        let mut g = Game::new(4, Rules::SIMPLIFIED_ING, 0.5).with_hash_bits(2);
        let mut full = Game::new(4, Rules::SIMPLIFIED_ING, 0.5);
        assert_eq!(g.history().hash_bits(), 2);
        g.set_rules(Rules::NEW_ZEALAND).expect("empty board");
        full.set_rules(Rules::NEW_ZEALAND).expect("empty board");
        assert_eq!(g.history().hash_bits(), 2);
        for (c, v) in [(Black, "B2"), (White, "C2"), (Black, "C3"), (White, "B3")] {
            play(&mut g, c, v).expect("legal");
            play(&mut full, c, v).expect("legal");
            assert_eq!(g.legal_points(Black), full.legal_points(Black));
            assert_eq!(g.legal_points(White), full.legal_points(White));
        }
        g.undo().expect("undo");
        assert_eq!(g.history().hash_bits(), 2);
        assert_eq!(g.history().len(), 4);
        assert_eq!(full.history().hash_bits(), 64);
    }

    #[test]
    fn error_messages() {
        assert_eq!(IllegalMove::Occupied.to_string(), "point is occupied");
        assert_eq!(IllegalMove::Suicide.to_string(), "suicide");
        assert_eq!(
            IllegalMove::Superko.to_string(),
            "position repeats (superko)"
        );
        assert_eq!(IllegalMove::GameOver.to_string(), "game is over");
        assert_eq!(UndoError.to_string(), "cannot undo");
    }

    #[test]
    fn accessors_report_the_game() {
        let mut g = Game::new(5, Rules::AGA, 7.5);
        assert_eq!((g.size(), g.rules(), g.komi()), (5, Rules::AGA, 7.5));
        g.set_komi(-2.5);
        assert_eq!(g.komi(), -2.5);
        assert_eq!(g.last_move(), None);
        play(&mut g, Black, "C3").expect("legal");
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.last_move(), Some(Move::Pass(White)));
        assert_eq!(Move::Pass(White).color(), White);
        assert_eq!(Move::Play(Black, p("A1", 5)).color(), Black);
        g.play(Move::Pass(Black)).expect("pass");
        g.dispute().expect("stopped");
        assert_eq!(g.last_move(), None, "the last event is no move");
        assert_eq!(
            g.moves().collect::<Vec<_>>(),
            [
                Move::Play(Black, p("C3", 5)),
                Move::Pass(White),
                Move::Pass(Black)
            ]
        );
        assert_eq!(g.events().len(), 4);
        assert_eq!(g.events()[3], Event::Dispute);
        assert!(g.setup().is_clear());
        let h = Game::with_handicap(9, &[p("C3", 9), p("G7", 9)], Rules::CHINESE, 0.5);
        assert_eq!(h.setup().stone_count(Black), 2);
        assert_eq!(h.to_move(), White);
        assert_eq!(h.handicap(), 2);
    }

    /// Set-up stones fix the rules as played stones do.
    #[test]
    fn rules_stay_with_set_up_stones() {
        let mut g = Game::with_handicap(9, &[p("C3", 9), p("G7", 9)], Rules::CHINESE, 0.5);
        assert_eq!(g.set_rules(Rules::AGA), Err(()));
        assert_eq!(g.rules(), Rules::CHINESE);
    }

    /// Agreement names each dead string once, however many of its stones
    /// are given, and ignores empty points.
    #[test]
    fn agreement_lists_each_string_once() {
        let mut g = game(
            "X X . . .
             . . . O .
             . . . O .
             . . . . .
             . . . . .",
            Black,
            Rules::SIMPLIFIED_ING,
        );
        g.play(Move::Pass(Black)).expect("pass");
        g.play(Move::Pass(White)).expect("pass");
        g.agree(&[p("D4", 5), p("A5", 5), p("C1", 5), p("D3", 5), p("B5", 5)])
            .expect("agree");
        assert_eq!(
            g.agreed_dead_strings(),
            [vec![p("D3", 5), p("D4", 5)], vec![p("A5", 5), p("B5", 5)]]
        );
        assert_eq!(
            g.agreed_dead(),
            [p("D3", 5), p("D4", 5), p("A5", 5), p("B5", 5)]
        );
        assert!(g.board().is_clear());
    }
}
