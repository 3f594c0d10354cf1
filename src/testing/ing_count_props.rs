//! Property test of Ing's fill-in count: on random games and on random
//! settled positions its margin is the area count's, with komi 8 or any
//! whole komi and random penalties, and its layout places every bowl stone
//! once, leaving one point empty.

use std::cell::Cell;

use crate::board::{Board, Color, Point, MAX_POINTS};
use crate::rules::{ing_count, FillKind, Game, IngCount, NoIngCount, Rules, TieRule};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

use super::games::{plan_of, Plan, MAX_GAME_SIZE};
use super::model::play_step;

/// Positions counted both ways.
const CASES: u32 = 1024;

/// A finished game as players leave it: each point belongs to the colour
/// of its nearest seed point, or to nobody when seeds of both colours are
/// nearest (dame); every point next to a point that is not its colour's
/// holds a stone (the walls); the rest is empty territory, but for one
/// point in sixteen (by `dice`, one per point) where an opposing stone
/// stands dead. The first seed is Black's and the second White's.
#[derive(Clone, Debug)]
struct Settled {
    size: u8,
    seeds: Vec<(u8, u8, Color)>,
    dice: Vec<u8>,
}

impl Settled {
    /// The board and its dead stones. Stones are placed in board order
    /// and capture as played stones do, so the board is a legal one.
    fn build(&self) -> (Board, Vec<Point>) {
        let owner = |p: Point| -> Option<Color> {
            let (x, y) = p.coords();
            let distance = |&(sx, sy, _): &(u8, u8, Color)| x.abs_diff(sx) + y.abs_diff(sy);
            let nearest = self.seeds.iter().map(distance).min()?;
            let mut colors = self.seeds.iter().filter(|s| distance(s) == nearest);
            let first = colors.next()?.2;
            colors.all(|s| s.2 == first).then_some(first)
        };
        let mut board = Board::new(self.size);
        let mut dead = Vec::new();
        let points: Vec<Point> = board.points().collect();
        for (i, &p) in points.iter().enumerate() {
            let Some(c) = owner(p) else { continue };
            let wall = p
                .neighbors()
                .iter()
                .any(|n| points.contains(n) && owner(*n) != Some(c));
            if wall {
                board.play_unchecked(c, p);
            } else if self.dice[i] == 0 {
                board.play_unchecked(!c, p);
                dead.push(p);
            }
        }
        (board, dead)
    }
}

fn settled() -> impl Strategy<Value = Settled> {
    odd_size()
        .prop_flat_map(|size| {
            let color = any::<bool>().prop_map(|w| if w { Color::White } else { Color::Black });
            let n = usize::from(size) * usize::from(size);
            (
                Just(size),
                vec((0..size, 0..size, color), 2..=6),
                vec(0u8..16, n),
            )
        })
        .prop_map(|(size, mut seeds, dice)| {
            seeds[0].2 = Color::Black;
            seeds[1].2 = Color::White;
            Settled { size, seeds, dice }
        })
}

/// A position to count: the end of a random game under `ing` with the
/// strings `dead_mask` picks dead, or a settled position.
#[derive(Clone, Debug)]
enum Position {
    Game { plan: Plan, dead_mask: u64 },
    Settled(Settled),
}

/// The game of `position` and its dead stones.
fn game_of(position: &Position) -> Result<(Game, Vec<Point>), TestCaseError> {
    match position {
        Position::Game { plan, dead_mask } => {
            let mut game = plan.new_game();
            for step in &plan.steps {
                play_step(&mut game, step)?;
            }
            let board = game.board();
            let mut dead: Vec<Point> = Vec::new();
            let mut seen: Vec<Point> = Vec::new();
            for (k, p) in board
                .points()
                .filter(|&p| board.color_at(p).is_some())
                .enumerate()
            {
                if seen.contains(&p) {
                    continue;
                }
                let stones = board.string_stones(p);
                seen.extend(&stones);
                if dead_mask & (1 << (k % 64)) != 0 {
                    dead.extend(stones);
                }
            }
            Ok((game, dead))
        }
        Position::Settled(s) => {
            let (board, dead) = s.build();
            let game = Game::with_setup(board, 0, Color::Black, Rules::ING, 0.0);
            Ok((game, dead))
        }
    }
}

/// The layout is a board: every point once, as a live stone, a placed
/// stone or an empty point; each colour's stones, live and placed, are
/// its bowl; one point stays empty; the losing stones are those placed.
fn check_layout(count: &IngCount, board: &Board, dead: &[Point]) -> Result<(), TestCaseError> {
    let mut seen = [0u8; MAX_POINTS];
    let mut stones = [0u32; 2];
    let live = |p: Point| {
        board.color_at(p).filter(|_| {
            !dead
                .iter()
                .any(|&d| board.color_at(d).is_some() && board.same_string(d, p))
        })
    };
    for p in board.points() {
        if let Some(c) = live(p) {
            seen[p.index()] += 1;
            stones[usize::from(c == Color::White)] += 1;
        }
    }
    for f in &count.fill {
        prop_assert!(live(f.point).is_none(), "{:?} on a live stone", f);
        seen[f.point.index()] += 1;
        stones[usize::from(f.color == Color::White)] += 1;
    }
    for p in &count.empty {
        seen[p.index()] += 1;
    }
    for p in board.points() {
        prop_assert_eq!(seen[p.index()], 1, "{} in the layout", p.vertex());
    }
    prop_assert_eq!(stones, [count.bowl; 2], "every bowl stone placed");
    prop_assert_eq!(count.empty.len(), 1, "one point left empty");
    let losing = count
        .fill
        .iter()
        .filter(|f| f.kind == FillKind::Losing)
        .count() as u32;
    prop_assert_eq!(losing, count.placed);
    prop_assert!(count.left <= 1);
    Ok(())
}

/// Counts `position` with `komi` and `penalties` both ways. Returns
/// whether the position had a fill-in count.
fn check(position: &Position, komi: i32, penalties: (u32, u32)) -> Result<bool, TestCaseError> {
    let (mut game, dead) = game_of(position)?;
    game.set_komi(f64::from(komi));
    game.set_penalty(Color::Black, penalties.0);
    game.set_penalty(Color::White, penalties.1);
    let area = game.score(&dead, &[]);
    let compensation = area.komi + f64::from(area.handicap_bonus);
    match ing_count(game.board(), &dead, compensation, area.penalties) {
        Ok(count) => {
            prop_assert_eq!(count.result, area.result(TieRule::BlackWins), "{:?}", count);
            check_layout(&count, game.board(), &dead)?;
            Ok(true)
        }
        Err(e) => {
            // Odd sizes and whole komi: only the bowls can refuse.
            prop_assert!(
                !matches!(e, NoIngCount::EvenPoints(_) | NoIngCount::Fractional(_)),
                "{}",
                e
            );
            Ok(false)
        }
    }
}

/// Odd sizes: 5, 7 and 9 most often; 3 (where bowls of 4 stones rarely
/// suffice) and 11..=19 less.
fn odd_size() -> impl Strategy<Value = u8> {
    prop_oneof![
        1 => Just(3u8),
        4 => (2u8..=4).prop_map(|k| 2 * k + 1),
        2 => (5u8..=MAX_GAME_SIZE / 2).prop_map(|k| 2 * k + 1),
    ]
}

/// Komi 8 half the time, else any whole komi from −20 to 20; penalties
/// mostly none, else up to 12 points a side.
fn komi_and_penalties() -> impl Strategy<Value = (i32, (u32, u32))> {
    let komi = prop_oneof![1 => Just(8), 1 => -20i32..=20];
    let penalty = prop_oneof![3 => Just(0u32), 1 => 0u32..=12];
    (komi, (penalty.clone(), penalty))
}

/// Random games one time in four, settled positions the others.
fn position() -> impl Strategy<Value = Position> {
    let game = (plan_of(odd_size(), Just(Rules::ING)), any::<u64>())
        .prop_map(|(plan, dead_mask)| Position::Game { plan, dead_mask });
    prop_oneof![1 => game, 3 => settled().prop_map(Position::Settled)]
}

/// Ing's margin is the area count's whenever the position has a fill-in
/// count. A random game often has none (a side with more stones on the
/// board than its bowl holds, or no room for komi), so the settled
/// positions make sure most cases are counted: at least two in three of
/// them (the others leave Black no room for komi, or so many dame that a
/// bowl cannot fill its half).
#[test]
fn ing_count_margin_is_the_area_margin() {
    // Positions counted and offered a count: random games, settled ones.
    let tally = Cell::new([[0u32; 2]; 2]);
    let base = Config::default();
    let config = Config {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            base.cases
        } else {
            CASES
        },
        rng_seed: match base.rng_seed {
            RngSeed::Random => RngSeed::Fixed(0x1_c0de),
            fixed => fixed,
        },
        failure_persistence: None,
        ..base
    };
    let cases = config.cases;
    let mut runner = TestRunner::new(config);
    let result = runner.run(
        &(position(), komi_and_penalties()),
        |(p, (komi, penalties))| {
            let offered = check(&p, komi, penalties)?;
            let mut t = tally.get();
            let kind = usize::from(matches!(p, Position::Settled(_)));
            t[kind][0] += 1;
            t[kind][1] += u32::from(offered);
            tally.set(t);
            Ok(())
        },
    );
    if let Err(e) = result {
        panic!("{e}");
    }
    let [[games, games_counted], [settled, settled_counted]] = tally.get();
    eprintln!(
        "ing count offered in {games_counted} of {games} random games, \
         {settled_counted} of {settled} settled positions"
    );
    assert_eq!(games + settled, cases);
    if std::env::var_os("PROPTEST_CASES").is_none() {
        assert!(games_counted > 0, "no random game counted");
        assert!(
            3 * settled_counted >= 2 * settled,
            "{settled_counted} of {settled}"
        );
    }
}
