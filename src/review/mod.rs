//! `ingo review`: the engine's view of every position of a game record.
//!
//! Each position of the main line (before every move, and the last one)
//! is searched with one [`Mcts`](crate::search::Mcts) player, which keeps
//! its tree from one position to the next when the game went on by a move
//! it had searched.
//! The values are turned to Black's view, as the graphs of Sabaki and of
//! the plot show them, and each move gets its loss against the engine's
//! choice in the position before it.
//!
//! The parts: [`annotate`] writes the review into the record and [`plot`]
//! draws it; this file holds the review and its values. None of them does
//! I/O: `ingo review` itself, which reads and writes the files, is
//! `crate::cli::review`.

use std::fmt;
use std::sync::atomic::AtomicBool;

use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;

use crate::board::Color;
use crate::rules::{Game, IllegalMove, Move, Phase, Rules};
use crate::search::{Analysis, Budget, Count, MoveFilter, Player, Watch};
use crate::sgf::LoadError;

pub mod annotate;
pub mod plot;

/// The engine's view of one position, from Black's side.
#[derive(Clone, Debug, PartialEq)]
pub struct Eval {
    /// Black's chance of winning, 0..=1.
    pub black_win_rate: f64,
    /// Black's expected margin in points, komi included.
    pub black_score: f64,
    /// The search's final snapshot; `None` for a finished game, whose
    /// value is its result.
    pub analysis: Option<Analysis>,
}

impl Eval {
    /// The value of a position from a search of it: that of the move the
    /// search chose (the most visited, as the engine would play it; the
    /// root's average mixes in the worse moves it tried), or the root's
    /// before any move was visited.
    pub fn from_analysis(analysis: Analysis) -> Eval {
        let (win_rate, score) = match analysis.best().filter(|c| c.visits > 0) {
            Some(c) => (c.win_rate, c.score_lead),
            None => (analysis.win_rate, analysis.score_lead),
        };
        let (black_win_rate, black_score) = to_black(analysis.color, win_rate, score);
        Eval {
            black_win_rate,
            black_score,
            analysis: Some(analysis),
        }
    }

    /// The value of a finished game: its count.
    pub fn from_count(count: &Count) -> Eval {
        let margin = count.score.total(Color::Black) - count.score.total(Color::White);
        let black_win_rate = match count.result.winner() {
            Some(Color::Black) => 1.0,
            Some(Color::White) => 0.0,
            None => 0.5,
        };
        Eval {
            black_win_rate,
            black_score: margin,
            analysis: None,
        }
    }
}

/// A win rate and score for `color` as Black's.
pub fn to_black(color: Color, win_rate: f64, score: f64) -> (f64, f64) {
    match color {
        Color::Black => (win_rate, score),
        Color::White => (1.0 - win_rate, -score),
    }
}

/// What one move cost its player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveLoss {
    /// 1 for the first move.
    pub number: usize,
    pub mv: Move,
    /// Win rate (0..=1) and points the mover's side lost between the
    /// position before the move and the one after it; negative when the
    /// search thought better of the position after the move.
    pub win_rate: f64,
    pub score: f64,
    /// The move was the search's own choice in the position before it:
    /// what it "lost" is the noise between two searches, not a mistake.
    pub engine_choice: bool,
}

/// The loss of every move: `evals[i]` is the position after `moves[i-1]`.
pub fn move_losses(moves: &[Move], evals: &[Eval]) -> Vec<MoveLoss> {
    moves
        .iter()
        .zip(evals.windows(2))
        .enumerate()
        .map(|(i, (&mv, pair))| {
            let sign = match mv.color() {
                Color::Black => 1.0,
                Color::White => -1.0,
            };
            let point = match mv {
                Move::Play(_, p) => Some(p),
                Move::Pass(_) => None,
            };
            let engine_choice = pair[0]
                .analysis
                .as_ref()
                .and_then(Analysis::best)
                .is_some_and(|b| b.point == point);
            MoveLoss {
                number: i + 1,
                mv,
                win_rate: sign * (pair[0].black_win_rate - pair[1].black_win_rate),
                score: sign * (pair[0].black_score - pair[1].black_score),
                engine_choice,
            }
        })
        .collect()
}

/// The biggest mistakes: per side, the `per_side` moves that lost the most
/// win rate (more points lost breaks ties), of those that lost any and
/// were not the engine's own choice; in move order.
pub fn biggest_mistakes(losses: &[MoveLoss], per_side: usize) -> Vec<MoveLoss> {
    let mut picked = Vec::new();
    for color in [Color::Black, Color::White] {
        let mut side: Vec<MoveLoss> = losses
            .iter()
            .filter(|l| l.mv.color() == color && l.win_rate > 0.0 && !l.engine_choice)
            .copied()
            .collect();
        side.sort_by(|a, b| {
            b.win_rate
                .total_cmp(&a.win_rate)
                .then(b.score.total_cmp(&a.score))
                .then(a.number.cmp(&b.number))
        });
        picked.extend(side.into_iter().take(per_side));
    }
    picked.sort_by_key(|l| l.number);
    picked
}

/// Mistakes marked per side, in the plot and the comments.
pub const MISTAKES_PER_SIDE: usize = 5;

/// Why a record could not be reviewed, in the words `ingo review` prints
/// (followed by those of the source, where there is one).
#[derive(Debug)]
pub enum ReviewError {
    NotSgf(sgf_parse::SgfParseError),
    NoGame,
    Load(LoadError),
    /// The player gave no analysis.
    CannotAnalyse,
    /// Move number (1 for the first) and why it could not be played.
    Illegal(usize, IllegalMove),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::NotSgf(_) => f.write_str("not an SGF game record"),
            ReviewError::NoGame => f.write_str("no game in the file"),
            ReviewError::Load(_) => f.write_str("cannot load the game"),
            ReviewError::CannotAnalyse => f.write_str("this player cannot analyse"),
            ReviewError::Illegal(number, e) => write!(f, "move {number}: {e}"),
        }
    }
}

impl std::error::Error for ReviewError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReviewError::NotSgf(e) => Some(e),
            ReviewError::Load(e) => Some(e),
            _ => None,
        }
    }
}

/// Searches every position of the game that `start` grew into by `moves`.
/// `progress` hears the number of positions done.
///
/// # Errors
/// A move that is illegal in its position, or a player that cannot analyse.
pub fn analyse(
    start: &Game,
    moves: &[Move],
    player: &mut dyn Player,
    playouts: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<Vec<Eval>, ReviewError> {
    let mut game = start.clone();
    let stop = AtomicBool::new(false);
    let mut evals = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        let eval = if game.phase() == Phase::Finished {
            Eval::from_count(&Count::now(&game, player, Budget::Playouts(playouts)))
        } else {
            let color = game.to_move();
            let analysis = player
                .analyze(
                    &game,
                    color,
                    Budget::Playouts(playouts),
                    &MoveFilter::default(),
                    &mut Watch::silent(&stop),
                )
                .ok_or(ReviewError::CannotAnalyse)?;
            Eval::from_analysis(analysis)
        };
        evals.push(eval);
        progress(i + 1);
        if let Some(&mv) = moves.get(i) {
            game.play(mv).map_err(|e| ReviewError::Illegal(i + 1, e))?;
        }
    }
    Ok(evals)
}

/// A game record read for review: the record's trees as parsed, and the
/// game of its first tree's main line.
pub struct Record {
    pub trees: Vec<SgfNode<Prop>>,
    /// The position before the first move.
    pub start: Game,
    /// The main line's moves, as far as they could be played.
    pub moves: Vec<Move>,
}

/// Reads a record: rules from `RU` when ingo knows them, else `rules`;
/// komi from `KM`, else `komi` (as `loadsgf` does: [`crate::sgf::parse`]).
///
/// # Errors
/// Text that is not SGF, or a game ingo cannot load (see [`crate::sgf::parse`]).
pub fn read_record(text: &str, rules: Rules, komi: f64) -> Result<Record, ReviewError> {
    let trees = go::parse(text).map_err(ReviewError::NotSgf)?;
    let root = trees.first().ok_or(ReviewError::NoGame)?;
    let game = crate::sgf::parse(text, None, rules, komi).map_err(ReviewError::Load)?;
    let before_first = crate::sgf::Until::Move(1);
    let start =
        crate::sgf::parse(text, Some(&before_first), rules, komi).map_err(ReviewError::Load)?;
    let moves: Vec<Move> = game.moves().collect();
    let in_record = root
        .main_variation()
        .filter(|n| move_of(n).is_some())
        .count();
    if moves.len() < in_record {
        log::warn!(
            "review: {} of the record's {in_record} moves are reviewed (the game ended there)",
            moves.len()
        );
    }
    Ok(Record {
        trees,
        start,
        moves,
    })
}

/// Whether a node holds a move: a `B` or `W` property (what
/// [`crate::sgf::parse`] plays, node by node).
fn move_of(node: &SgfNode<Prop>) -> Option<()> {
    node.properties()
        .any(|p| matches!(p, Prop::B(_) | Prop::W(_)))
        .then_some(())
}

fn move_text(mv: Move) -> String {
    match mv {
        Move::Play(c, p) => format!("{} {}", c.letter(), p.vertex()),
        Move::Pass(c) => format!("{} pass", c.letter()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Candidate, Mcts, SearchParams};
    use crate::testing::vertex as p;

    pub(super) fn eval(black_win_rate: f64, black_score: f64) -> Eval {
        Eval {
            black_win_rate,
            black_score,
            analysis: None,
        }
    }
    #[test]
    fn values_turn_to_blacks_view() {
        assert_eq!(to_black(Color::Black, 0.7, 3.5), (0.7, 3.5));
        let (w, s) = to_black(Color::White, 0.7, 3.5);
        assert!((w - 0.3).abs() < 1e-12);
        assert_eq!(s, -3.5);

        let candidate = |point, visits, win_rate, score_lead| Candidate {
            point,
            visits,
            win_rate,
            score_lead,
            prior: 0.0,
            lcb: 0.0,
            pv: vec![point],
        };
        let analysis = Analysis {
            color: Color::White,
            playouts: 100,
            win_rate: 0.4,
            score_lead: -2.0,
            candidates: vec![
                candidate(Some(p("E5", 9)), 80, 0.75, 6.0),
                candidate(Some(p("C3", 9)), 20, 0.2, -9.0),
            ],
            ownership: Vec::new(),
        };
        // The most visited move's value, not the root's: White wins 75%.
        let e = Eval::from_analysis(analysis.clone());
        assert!((e.black_win_rate - 0.25).abs() < 1e-12);
        assert_eq!(e.black_score, -6.0);
        // Nothing visited yet: the root's.
        let mut none = analysis;
        for c in &mut none.candidates {
            c.visits = 0;
        }
        let e = Eval::from_analysis(none);
        assert!((e.black_win_rate - 0.6).abs() < 1e-12);
        assert_eq!(e.black_score, 2.0);
    }

    #[test]
    fn losses_are_the_movers_drop() {
        let moves = [
            Move::Play(Color::Black, p("E5", 9)),
            Move::Play(Color::White, p("C3", 9)),
            Move::Pass(Color::Black),
        ];
        let evals = [
            eval(0.5, 1.0),
            eval(0.4, -1.0),
            eval(0.6, 2.0),
            eval(0.65, 2.5),
        ];
        let losses = move_losses(&moves, &evals);
        assert_eq!(losses.len(), 3);
        // Black went from 50% to 40%: lost 10%, 2 points.
        assert!((losses[0].win_rate - 0.1).abs() < 1e-12);
        assert_eq!(losses[0].score, 2.0);
        // White went from 60% to 40% for White: lost 20%, 3 points.
        assert!((losses[1].win_rate - 0.2).abs() < 1e-12);
        assert_eq!(losses[1].score, 3.0);
        // Black gained: a negative loss.
        assert!(losses[2].win_rate < 0.0);
        assert_eq!(
            losses.iter().map(|l| l.number).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        // Without a search of the position before, no move is the
        // engine's choice.
        assert!(losses.iter().all(|l| !l.engine_choice));
    }

    #[test]
    fn mistakes_are_the_biggest_drops_per_side() {
        let loss = |number: usize, win_rate: f64, engine_choice: bool| {
            let color = if number % 2 == 1 {
                Color::Black
            } else {
                Color::White
            };
            MoveLoss {
                number,
                mv: Move::Pass(color),
                win_rate,
                score: 0.0,
                engine_choice,
            }
        };
        let losses = [
            loss(1, 0.30, false),
            loss(2, 0.01, false),
            loss(3, 0.10, false),
            loss(4, -0.2, false),
            loss(5, 0.20, false),
            loss(6, 0.50, true),
            loss(7, 0.05, false),
            loss(8, 0.0, false),
        ];
        let numbers = |v: Vec<MoveLoss>| v.iter().map(|l| l.number).collect::<Vec<_>>();
        // Two per side: Black's 1 and 5; White's only real loss is 2 (6
        // was its own choice, 4 and 8 lost nothing).
        assert_eq!(numbers(biggest_mistakes(&losses, 2)), [1, 2, 5]);
        assert_eq!(numbers(biggest_mistakes(&losses, 5)), [1, 2, 3, 5, 7]);
        assert!(biggest_mistakes(&losses, 0).is_empty());
    }

    #[test]
    fn every_position_is_searched_and_a_finished_game_counted() {
        let mut game = Game::new(5, Rules::TROMP_TAYLOR, 0.5);
        let start = game.clone();
        let moves = [
            Move::Play(Color::Black, p("C3", 5)),
            Move::Play(Color::White, p("B2", 5)),
            Move::Pass(Color::Black),
            Move::Pass(Color::White),
        ];
        for &m in &moves {
            game.play(m).expect("legal");
        }
        assert_eq!(game.phase(), Phase::Finished);
        let mut player = Mcts::new(SearchParams {
            threads: 1,
            seed: 7,
            ..SearchParams::default()
        });
        let mut seen = Vec::new();
        let evals =
            analyse(&start, &moves, &mut player, 64, &mut |n| seen.push(n)).expect("analyse");
        assert_eq!(evals.len(), 5);
        assert_eq!(seen, [1, 2, 3, 4, 5]);
        for (i, e) in evals[..4].iter().enumerate() {
            let a = e.analysis.as_ref().expect("searched");
            assert_eq!(a.playouts, 64, "position {i}");
            let to_move = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(a.color, to_move);
            assert!((0.0..=1.0).contains(&e.black_win_rate));
        }
        // B C3 and W B2 on 5x5, komi 0.5: the empty points touch both
        // colours, so Black has 1 point and White 1 + 0.5.
        let last = &evals[4];
        assert!(last.analysis.is_none());
        assert_eq!(last.black_win_rate, 0.0);
        assert_eq!(last.black_score, -0.5);
        // A move that is not legal is an error, not a panic.
        let bad = [moves[0], moves[0]];
        assert!(analyse(&start, &bad, &mut player, 8, &mut |_| {}).is_err());
    }
}
