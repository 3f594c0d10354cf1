//! Random games for the property tests: plans of moves and passes by
//! either colour, steered towards empty points and the ko point.

use std::fmt;

use crate::board::{column_letter, Board, Color, Point};
use crate::rules::{Event, Game, Move, Rules};
use proptest::collection::vec;
use proptest::prelude::*;

/// Steps per game: enough on small boards for the board to fill up, be
/// captured and refill many times over (which is when positions repeat),
/// capped so that big-board games (the oracle is quadratic) stay fast.
pub(super) const STEPS_PER_POINT: usize = 12;
pub(super) const MIN_STEPS: usize = 60;
pub(super) const MAX_STEPS: usize = 200;

/// The largest board the random games use: the largest in common use; the
/// 20..=25 sizes share every code path and would only add run time.
pub(super) const MAX_GAME_SIZE: u8 = 19;

/// Which colour makes a move: resolved when the step is played, since the
/// player to move depends on the game so far.
#[derive(Clone, Copy, Debug)]
pub(super) enum Who {
    ToMove,
    Black,
    White,
}

impl Who {
    pub(super) fn resolve(self, game: &Game) -> Color {
        match self {
            Who::ToMove => game.to_move(),
            Who::Black => Color::Black,
            Who::White => Color::White,
        }
    }
}

/// Where a move goes. Random points alone mostly hit stones and almost
/// never repeat a position on boards above 2×2, so two targets steer
/// towards the interesting cases: any empty point, and the simple-ko point
/// (an immediate retake is the commonest superko violation).
#[derive(Clone, Copy, Debug)]
pub(super) enum Target {
    /// Any point, legal or not.
    Point(u8, u8),
    /// The `k`-th empty point (modulo their number), in board order.
    Empty(u16),
    /// The simple-ko point if there is one, else like `Empty(k)`.
    Ko(u16),
    Pass,
}

/// One thing a random game tries to do. Dispute and agreement are only
/// accepted in `stopped`; elsewhere they exercise the error path.
#[derive(Clone)]
pub(super) enum Step {
    Move {
        who: Who,
        target: Target,
    },
    Dispute,
    /// Agreement with the strings at these points dead.
    Agree {
        dead: Vec<(u8, u8)>,
    },
}

/// Vertex text for a failure report (`C3`), without needing the board size.
pub(super) fn vertex_text(x: u8, y: u8) -> String {
    format!("{}{}", column_letter(x), u32::from(y) + 1)
}

impl fmt::Debug for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move { who, target } => match target {
                Target::Point(x, y) => write!(f, "{who:?} {}", vertex_text(*x, *y)),
                Target::Empty(k) => write!(f, "{who:?} empty#{k}"),
                Target::Ko(k) => write!(f, "{who:?} ko-or-empty#{k}"),
                Target::Pass => write!(f, "{who:?} pass"),
            },
            Step::Dispute => f.write_str("dispute"),
            Step::Agree { dead } => {
                let dead: Vec<String> = dead.iter().map(|&(x, y)| vertex_text(x, y)).collect();
                write!(f, "agree {dead:?}")
            }
        }
    }
}

/// A random game: board size, rules, who moves first, and the steps.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    pub(super) size: u8,
    pub(super) rules: Rules,
    pub(super) first: Color,
    pub(super) steps: Vec<Step>,
}

impl Plan {
    pub(super) fn new_game(&self) -> Game {
        Game::with_setup(Board::new(self.size), 0, self.first, self.rules, 0.5)
    }
}

/// Sizes 2..=5 three times as often as the rest.
pub(super) fn board_size() -> impl Strategy<Value = u8> {
    prop_oneof![3 => 2u8..=5, 1 => 6u8..=MAX_GAME_SIZE]
}

pub(super) fn who() -> impl Strategy<Value = Who> {
    prop_oneof![6 => Just(Who::ToMove), 1 => Just(Who::Black), 1 => Just(Who::White)]
}

/// Mostly stone moves: passes are rare enough that two in a row (which
/// stop or, under Tromp-Taylor, end the game) do not cut most games short.
pub(super) fn step(size: u8) -> impl Strategy<Value = Step> {
    let point = (0..size, 0..size);
    let target = prop_oneof![
        12 => point.clone().prop_map(|(x, y)| Target::Point(x, y)),
        24 => any::<u16>().prop_map(Target::Empty),
        4 => any::<u16>().prop_map(Target::Ko),
        2 => Just(Target::Pass),
    ];
    prop_oneof![
        42 => (who(), target).prop_map(|(who, target)| Step::Move { who, target }),
        1 => Just(Step::Dispute),
        1 => vec(point, 0..3).prop_map(|dead| Step::Agree { dead }),
    ]
}

pub(super) fn plan() -> impl Strategy<Value = Plan> {
    plan_of(
        board_size(),
        (0..Rules::PRESETS.len()).prop_map(|i| Rules::PRESETS[i].1),
    )
}

pub(super) fn plan_of(
    size: impl Strategy<Value = u8>,
    rules: impl Strategy<Value = Rules>,
) -> impl Strategy<Value = Plan> {
    (size, rules, any::<bool>()).prop_flat_map(|(size, rules, white_first)| {
        let area = usize::from(size) * usize::from(size);
        let steps = (STEPS_PER_POINT * area).clamp(MIN_STEPS, MAX_STEPS);
        vec(step(size), 0..=steps).prop_map(move |steps| Plan {
            size,
            rules,
            first: if white_first {
                Color::White
            } else {
                Color::Black
            },
            steps,
        })
    })
}

pub(super) fn point(x: u8, y: u8, size: u8) -> Point {
    Point::from_coords(x, y, size).expect("strategies only make on-board points")
}

/// The events so far as text (`B C3, W pass, dispute`), for failure
/// messages; with the failing plan that proptest prints, enough to replay.
pub(super) fn transcript(game: &Game) -> String {
    let events: Vec<String> = game
        .events()
        .iter()
        .map(|e| match e {
            Event::Move(Move::Play(c, p)) => format!("{} {}", c.letter(), p.vertex()),
            Event::Move(Move::Pass(c)) => format!("{} pass", c.letter()),
            Event::SuicideAsPass(c, p) => {
                format!("{} {} (suicide, a pass)", c.letter(), p.vertex())
            }
            Event::Dispute => "dispute".to_string(),
            Event::Agree(dead) => {
                let dead: Vec<String> = dead
                    .iter()
                    .flatten()
                    .map(|p| p.vertex().to_string())
                    .collect();
                format!("agree [{}]", dead.join(" "))
            }
        })
        .collect();
    format!(
        "size {}, rules {}, events: {}",
        game.size(),
        game.rules(),
        events.join(", ")
    )
}
