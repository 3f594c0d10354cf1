//! Tests of the tree search player: its moves, dead stones, tree reuse and analysis.

use super::*;
use crate::board::Board;
use crate::rules::Rules;
use crate::testing::positions::{
    APPROACHABLE_LIBERTY, DAME_BEFORE_TEIRE, FALSE_SEKIS, RACE_WHITE_LOSES, SETTLED,
};
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
    let a =
        Mcts::new(params()).genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(800));
    let b =
        Mcts::new(params()).genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(800));
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
    let mv =
        Mcts::new(params()).genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(6000));
    assert_eq!(mv, Decision::Play(v("B7", 7)));
}

/// Black captures White's B3 at C3, a ko: White's retake at B3 at once
/// would repeat the position, and the move chosen is never it, nor any
/// other illegal one.
#[test]
fn superko_children_are_never_chosen() {
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
    let mv =
        Mcts::new(params()).genmove(&game, Color::White, GenMode::Normal, Budget::Playouts(500));
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
    // Black fills A5, then captures on C7: with the string dead the count
    // is GNU Go's.
    let game = setup(APPROACHABLE_LIBERTY, Color::Black, 7.0);
    let mut player = Mcts::new(params());
    let dead = player.dead_stones(&game, Budget::Playouts(2000));
    for s in ["A6", "B6", "C6", "C5", "C4", "D4", "E4", "A8"] {
        assert!(dead.contains(&v(s, 9)), "{s} {dead:?}");
    }
    assert!(!dead.contains(&v("A7", 9)));
}

/// The end of game 33 of stop 19's 9x9 equal-time match against Pachi,
/// White to move. Black's top-left group has only the eye space B9 C9 B8
/// C8, a square four with a White stone inside: White C8, then B8 (a
/// three-stone self-atari, a nakade), leaves one eye. Playouts that
/// refused every self-atari of a string called the group alive, and
/// ingo counted B+5 where Pachi counted W+18.
#[test]
fn a_square_four_with_a_stone_inside_is_dead() {
    let game = from_match(
        "X . O X O X X X X
         X . . X O O O X .
         X X X X O O X X .
         X O O X O X X X .
         O O O O O O X X .
         . O O . O O X . .
         X O . O X X O O .
         . . O X X X X X X
         . . O O X . . . .",
        Color::White,
    );
    let mut player = Mcts::new(params());
    let dead = player.dead_stones(&game, Budget::Playouts(2000));
    for s in ["A9", "D9", "A8", "D8", "A7", "D7", "A6", "D6"] {
        assert!(dead.contains(&v(s, 9)), "{s} {dead:?}");
    }
    for s in ["C9", "B6", "E9"] {
        assert!(!dead.contains(&v(s, 9)), "{s} {dead:?}");
    }
}

/// Final positions of matches where ingo's count named another winner
/// than its opponent's.
#[test]
fn false_sekis_of_matches_are_dead() {
    for case in &FALSE_SEKIS {
        let to_move = if case.black_to_move {
            Color::Black
        } else {
            Color::White
        };
        let game = setup(case.diagram, to_move, 7.0);
        let mut player = Mcts::new(params());
        let found = player.dead_stones(&game, Budget::Playouts(2000));
        for s in case.dead {
            assert!(found.contains(&v(s, 9)), "{s} should be dead: {found:?}");
        }
        for s in case.alive {
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

/// From a game against GNU Go (after Black's pass at move 67): White
/// passed, counting a win with its G8-H6 string alive, and GNU Go then
/// called the string dead. It is dead whoever moves first (see
/// [`RACE_WHITE_LOSES`]; KataGo's search gives the pass, F9 and F6
/// the same draw), so White may pass here, but only with the count that
/// has the string dead: the one behind the pass, judged with Black to
/// move. The count is checked whether or not this seed's search passes.
#[test]
fn a_pass_beside_a_lost_race_counts_the_string_dead() {
    let mut game = Game::with_setup(
        RACE_WHITE_LOSES.parse().expect("diagram"),
        0,
        Color::Black,
        Rules::CHINESE,
        7.0,
    );
    game.play(Move::Pass(Color::Black)).expect("pass");
    let mut player = Mcts::new(params());
    let budget = Budget::Playouts(10_000);
    player.genmove(&game, Color::White, GenMode::Normal, budget);
    game.play(Move::Pass(Color::White)).expect("pass");
    let dead = player.dead_stones(&game, budget);
    for s in ["H9", "G8", "H8", "G7", "G6", "H6"] {
        assert!(dead.contains(&v(s, 9)), "{s} is dead in the count");
    }
}

/// The end of a game against Pachi (move 78): White's groups are dead
/// (the left one has three liberties, all around Black's A8 on the
/// vital point; the right one shares H3 and H1 with Black's J1-J3,
/// which a sacrifice at H1 turns into a bent four in the corner), but
/// the side to move in a playout fills its own liberties first, and
/// the root's ownership, most of it after White's pass, kept them
/// alive: ingo passed counting W+1, GNU Go and Pachi counted B+74.
///
/// Fitted together with the large shapes, the other gammas led a
/// judgement away from the sacrifice at H1 that kills the right group:
/// with that table the judgement found J4 dead with 0 of 20 seeds, with
/// the table without large shapes (`model::for_judging`) with 20 of 20.
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

/// From a game against GNU Go (after move 242): every move wins, so
/// the moves' priors kept the untried pass below them, and ingo,
/// winning, played on while GNU Go passed 78 times, up to the move limit.
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
    let tree = player.reuse(&game, Color::Black, 0.0).expect("reused");
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
    let tree = player
        .reuse(&game, Color::White, 0.0)
        .expect("same position");
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

/// The pass policy under every rule set, with the mode the GTP layer asks
/// for (a cleanup where two passes end the game): Black's 10 points lose
/// to White's 15.5, so White passes back after Black's pass, and Black
/// plays on after White's.
#[test]
fn passes_by_the_count_under_every_rule_set() {
    let diagram = ". X O . .
                   X X O . .
                   . X O . .
                   X X O O O
                   . X O . .";
    for (name, rules) in Rules::PRESETS {
        let mode = match rules.end {
            crate::rules::EndRule::TwoPasses => GenMode::Cleanup,
            crate::rules::EndRule::StateMachine
            | crate::rules::EndRule::FourPasses
            | crate::rules::EndRule::TwoPassesJudged => GenMode::Normal,
        };
        let game_after = |passer: Color| {
            let b: Board = diagram.parse().expect("diagram");
            let mut game = Game::with_setup(b, 0, passer, rules, 0.5);
            game.play(Move::Pass(passer)).expect("pass");
            game
        };
        let mut player = Mcts::new(params());
        let game = game_after(Color::Black);
        let white = player.genmove(&game, Color::White, mode, Budget::Playouts(1000));
        assert_eq!(white, Decision::Pass, "{name}: White, winning, passes back");
        let game = game_after(Color::White);
        let black = player.genmove(&game, Color::Black, mode, Budget::Playouts(1000));
        assert_ne!(black, Decision::Pass, "{name}: Black, losing, plays on");
    }
}

fn settled(rules: Rules) -> Game {
    let b: Board = SETTLED.parse().expect("diagram");
    Game::with_setup(b, 0, Color::Black, rules, -5.5)
}

/// In a close game under the Japanese rules the search passes rather
/// than give a point away (issue 21), with no pass of the opponent's
/// to answer: the pass is its most visited move, by its own count.
#[test]
fn a_close_territory_game_is_not_given_away() {
    for seed in 1..=3 {
        let g = settled(Rules::JAPANESE);
        assert_eq!(g.result(&[], &[]).to_string(), "B+0.5");
        let mut player = Mcts::new(SearchParams { seed, ..params() });
        let d = player.genmove(&g, Color::Black, GenMode::Normal, Budget::Playouts(3000));
        assert_eq!(d, Decision::Pass, "seed {seed}");
    }
}

/// Game 13 of stop 32's Japanese match against GNU Go, before
/// Black's move 45: Black leads by 3.5 (GNU Go's estimate too) with
/// every area closed but for A9, which takes White's B9 and C9 off a
/// liberty and ends the game at B+3.5 (GNU Go's move). ingo won that
/// game by 1.5, with C2 and B4, two stones in its own territory:
/// every move still wins, and a search that counts wins cannot tell.
/// Playing for a margin (`ambition`), two steps up, it can.
const GAME_13: &str = "F5 D5 D4 E5 E4 F6 C5 D7 E6 D6 G6 F7 G5 G7 B5 H7 G3 J4 B7 C8 H2 H4 \
                       H6 J6 J5 H5 G4 J2 H3 J3 B8 B9 C3 C6 B6 H1 G1 J7 J1 J5 H1 C7 A8 C9";

#[test]
fn a_won_territory_game_keeps_its_points() {
    let mut g = Game::new(9, Rules::JAPANESE, 6.5);
    for (i, p) in GAME_13.split_whitespace().enumerate() {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        g.play(Move::Play(c, v(p, 9))).expect("legal");
    }
    assert_eq!(g.to_move(), Color::Black);
    for seed in 1..=3 {
        let mut player = Mcts::new(SearchParams { seed, ..params() });
        // Each genmove wins more than nine playouts in ten, so each
        // asks a point more of the next: the third plays for 2.
        let mut last = Decision::Pass;
        for _ in 0..3 {
            last = player.genmove(&g, Color::Black, GenMode::Normal, Budget::Playouts(10000));
        }
        assert_eq!(last, Decision::Play(v("A9", 9)), "seed {seed}");
    }
}

/// Under the Japanese rules the last dame that matters is filled
/// first, by either side, rather than left for a teire.
#[test]
fn the_dame_before_a_teire_is_filled_first() {
    for to_move in [Color::Black, Color::White] {
        let b: Board = DAME_BEFORE_TEIRE.parse().expect("diagram");
        let g = Game::with_setup(b, 0, to_move, Rules::JAPANESE, 11.5);
        assert_eq!(g.result(&[], &[]).to_string(), "B+0.5");
        for seed in 1..=3 {
            let mut player = Mcts::new(SearchParams { seed, ..params() });
            let d = player.genmove(&g, to_move, GenMode::Normal, Budget::Playouts(10000));
            assert_eq!(d, Decision::Play(v("F2", 9)), "{to_move} seed {seed}");
        }
    }
}

/// A player asked about a 5x5 board and then about a 9x9 board with the
/// same stones on the same points answers the 9x9 board as a fresh player
/// does. White's A5-B5 and D5-E5 share the one liberty C5 on the top edge
/// of 5x5 and are dead there; on 9x9 the fifth line is the middle of the
/// board, with White's side above it, and the playouts keep D5-E5 alive. A point is the same index on every
/// size, so both boards hash the same, and a cache keyed by the
/// arrangement and the side to move alone gave the 9x9 board the 5x5
/// verdict.
#[test]
fn the_dead_stone_verdict_of_one_size_is_not_served_for_another() {
    const STONES: &str = "O O . O O
                          X X X X X
                          . . . . .
                          . . . . .
                          . . . . .";
    let small: Board = STONES.parse().expect("diagram");
    let mut big = Board::new(9);
    for p in small.points() {
        if let Some(c) = small.color_at(p) {
            big.play_unchecked(c, p);
        }
    }
    assert_eq!(big.hash(), small.hash());
    let small = Game::with_setup(small, 0, Color::Black, Rules::CHINESE, 7.0);
    let big = Game::with_setup(big, 0, Color::Black, Rules::CHINESE, 7.0);
    let budget = Budget::Playouts(1000);
    let mut player = Mcts::new(params());
    let mut white: Vec<Point> = ["A5", "B5", "D5", "E5"].iter().map(|s| v(s, 5)).collect();
    white.sort_unstable();
    assert_eq!(player.dead_stones(&small, budget), white);
    let fresh = Mcts::new(params()).dead_stones(&big, budget);
    assert_ne!(fresh, white, "D5-E5 lives on 9x9");
    assert_eq!(player.dead_stones(&big, budget), fresh);
}

/// The root of a tree searched with no passes lacks the pass a new root
/// after a pass offers: a search that offers passes starts a new tree
/// rather than keep it, one that offers none keeps it.
#[test]
fn a_kept_tree_without_a_pass_serves_only_a_search_without_passes() {
    let mut game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
    game.play(Move::Pass(Color::Black)).expect("pass");
    let mut player = Mcts::new(params());
    let stop = AtomicBool::new(false);
    let search = |player: &mut Mcts, passes: bool| {
        let out = player.search(
            &game,
            Color::White,
            0.0,
            Budget::Playouts(200),
            passes,
            &MoveFilter::default(),
            &mut Watch::silent(&stop),
        );
        player.kept = Some(Kept {
            tree: out.tree,
            game: game.clone(),
            color: Color::White,
            black_extra: out.black_extra,
        });
    };
    let root_pass = |player: &Mcts| {
        let tree = &player.kept.as_ref().expect("kept").tree;
        let passes = tree
            .node(ROOT)
            .children()
            .filter(|&i| tree.node(NodeId(i)).is_pass())
            .count();
        (passes, tree.node(ROOT).visits())
    };
    search(&mut player, false);
    assert_eq!(root_pass(&player), (0, 200));
    search(&mut player, false);
    assert_eq!(root_pass(&player), (0, 400), "kept");
    search(&mut player, true);
    assert_eq!(root_pass(&player), (1, 200), "a new tree");
}
