//! Tests of `Game` under Ing's rules: suicide as a pass, four passes,
//! agreement after the stop, and the ko rule's hot stones and cycles,
//! each against situational superko (`new-zealand`) where they differ.

use super::*;
use crate::testing::positions::TRIPLE_KO;
use crate::testing::vertex as p;
use Color::{Black, White};

/// A game from the empty board of `size` with the moves of `moves`
/// ("b b4 w c4 ..."; `pass` for a pass) played.
fn after(size: u8, rules: Rules, moves: &str) -> Game {
    let mut g = Game::new(size, rules, 8.0);
    let words: Vec<&str> = moves.split_whitespace().collect();
    for mv in words.chunks(2) {
        let color: Color = mv[0].parse().expect("colour");
        let m = match mv[1] {
            "pass" => Move::Pass(color),
            v => Move::Play(color, p(v, size)),
        };
        g.play(m).unwrap_or_else(|e| panic!("{rules}: {mv:?}: {e}"));
    }
    g
}

fn play(g: &mut Game, c: Color, v: &str) -> Result<(), IllegalMove> {
    let size = g.size();
    g.play(Move::Play(c, p(v, size)))
}

/// Ing: a single-stone suicide "is equivalent to a pass": legal, and it
/// counts towards the two passes that stop the game; the board does not
/// change and the record says which point it was.
#[test]
fn a_single_stone_suicide_is_a_pass() {
    let d = ". X .
             X . .
             . . .";
    let mut g = Game::with_setup(d.parse().expect("diagram"), 0, White, Rules::ING, 8.0);
    let board = g.board().clone();
    assert_eq!(play(&mut g, White, "A3"), Ok(()));
    assert_eq!(g.board(), &board);
    assert_eq!(g.to_move(), Black);
    assert_eq!(g.phase(), Phase::Playing { passes: 1 });
    assert_eq!(g.events(), &[Event::SuicideAsPass(White, p("A3", 3))]);
    assert_eq!(g.last_move(), Some(Move::Pass(White)));
    // The move list, which SGF and the players read, has the pass.
    assert_eq!(g.moves().collect::<Vec<_>>(), [Move::Pass(White)]);
    g.play(Move::Pass(Black)).expect("pass");
    assert_eq!(g.phase(), Phase::Stopped);
    // Two stones: a move, as under `simplified-ing`.
    let d = "O . X .
             X X X .
             . . . .
             . . . .";
    let mut g = Game::with_setup(d.parse().expect("diagram"), 0, White, Rules::ING, 8.0);
    assert_eq!(play(&mut g, White, "B4"), Ok(()));
    assert_eq!(g.events(), &[Event::Move(Move::Play(White, p("B4", 4)))]);
    assert_eq!(g.board().removed(White), 2);
}

/// Ing: "if there is no disagreement ... the players pass again in turn
/// (four consecutive passes in all), and the game is over" with the dead
/// stones removed: the fourth pass finishes a game whose count awaits the
/// judgement of its dead stones. Under `simplified-ing` the third pass
/// resumes play and the fourth leaves every stone alive.
#[test]
fn four_passes_finish_with_the_dead_stones_judged() {
    let moves = "b c3 w a1 b pass w pass";
    let mut g = after(5, Rules::ING, moves);
    assert_eq!(g.phase(), Phase::Stopped);
    g.play(Move::Pass(Black)).expect("third pass");
    assert_eq!(g.phase(), Phase::Confirming);
    assert!(!g.awaits_judgement());
    g.play(Move::Pass(White)).expect("fourth pass");
    assert_eq!(g.phase(), Phase::Finished);
    assert!(g.awaits_judgement());
    assert!(!g.dead_are_fixed());

    // Four passes from the start: nothing was played, all the same.
    let g = after(5, Rules::ING, "b pass w pass b pass w pass");
    assert!(g.awaits_judgement());

    let mut g = after(5, Rules::SIMPLIFIED_ING, moves);
    g.play(Move::Pass(Black)).expect("third pass");
    assert_eq!(g.phase(), Phase::Resumed { passes: 1 });
    g.play(Move::Pass(White)).expect("fourth pass");
    assert_eq!(g.phase(), Phase::Finished);
    assert!(!g.awaits_judgement());

    // A stone after the third pass disputes the stop: play goes on, and
    // two passes then leave the board as it stands.
    let mut g = after(5, Rules::ING, moves);
    g.play(Move::Pass(Black)).expect("third pass");
    play(&mut g, White, "E5").expect("a stone");
    assert_eq!(g.phase(), Phase::Resumed { passes: 0 });
    g.play(Move::Pass(Black)).expect("pass");
    g.play(Move::Pass(White)).expect("pass");
    assert_eq!(g.phase(), Phase::Finished);
    assert!(!g.awaits_judgement());
    assert!(g.dead_are_fixed());
}

/// Ing: disputed play goes on "until every disputed group is removed, or
/// until agreement is reached": agreement in resumed play, and after the
/// third pass; the other rule sets agree only in `stopped`.
#[test]
fn agreement_after_the_stop_and_in_resumed_play() {
    let moves = "b c3 w a1 b pass w pass";
    let mut g = after(5, Rules::ING, moves);
    g.dispute().expect("stopped");
    play(&mut g, Black, "B1").expect("resumed");
    assert!(g.may_agree());
    g.agree(&[p("A1", 5)]).expect("agreement in resumed play");
    assert_eq!(g.phase(), Phase::Finished);
    assert_eq!(g.agreed_dead(), vec![p("A1", 5)]);
    assert!(g.dead_are_fixed());

    let mut g = after(5, Rules::ING, moves);
    g.play(Move::Pass(Black)).expect("third pass");
    g.agree(&[p("A1", 5)])
        .expect("agreement after the third pass");
    assert_eq!(g.phase(), Phase::Finished);

    let mut g = after(5, Rules::SIMPLIFIED_ING, moves);
    g.dispute().expect("stopped");
    assert!(!g.may_agree());
    assert_eq!(g.agree(&[]), Err(PhaseError::NotStopped));
}

/// The research note's P1 (rules-compliance T4): Black's C3 takes the ko
/// stone B3. The retake at once takes a hot stone; after White's pass,
/// Black's pass (a stop) and resumption the stone is cool and the retake
/// is legal, where situational superko refuses it (the position before
/// C3 comes back with Black to move). The retaking stone is hot in turn.
#[test]
fn a_ko_retaken_after_a_pass() {
    let setup = "b b4 w c4 b a3 w d3 b b2 w c2 b e5 w b3 b c3";
    let mut ing = after(5, Rules::ING, setup);
    let mut nz = after(5, Rules::NEW_ZEALAND, setup);
    assert_eq!(play(&mut ing, White, "B3"), Err(IllegalMove::HotStone));
    assert_eq!(play(&mut nz, White, "B3"), Err(IllegalMove::Superko));
    assert_eq!(ing.hot_points(White), &[p("B3", 5)]);
    assert_eq!(ing.hot_points(Black), &[]);
    // Black may fill the ko: the stone is hot for White only.
    assert_eq!(ing.is_legal(Move::Play(Black, p("B3", 5))), Ok(()));
    for g in [&mut ing, &mut nz] {
        g.play(Move::Pass(White)).expect("pass");
        g.play(Move::Pass(Black)).expect("pass");
        assert_eq!(g.phase(), Phase::Stopped);
    }
    assert_eq!(play(&mut ing, White, "B3"), Ok(()));
    assert_eq!(ing.phase(), Phase::Resumed { passes: 0 });
    assert_eq!(play(&mut nz, White, "B3"), Err(IllegalMove::Superko));
    assert_eq!(play(&mut ing, Black, "C3"), Err(IllegalMove::HotStone));
}

/// The triple ko of `testing::positions`. Black's C8 takes B8; three ko
/// captures stand on the board (White's at B8 and G8, Black's at C4), so
/// besides C8 the stone H8 is hot too (twin hot stones): White may take
/// neither. After White's pass Black takes at C4, and now all three of
/// White's ko captures are closed; after a move elsewhere they open.
/// Situational superko lets the cycle run to its sixth move instead.
#[test]
fn twin_hot_stones_in_a_triple_ko() {
    let start = |rules| Game::with_setup(TRIPLE_KO.parse().expect("diagram"), 0, Black, rules, 8.0);
    let mut g = start(Rules::ING);
    play(&mut g, Black, "C8").expect("takes B8");
    assert_eq!(play(&mut g, White, "B8"), Err(IllegalMove::HotStone));
    assert_eq!(play(&mut g, White, "G8"), Err(IllegalMove::HotStone));
    g.play(Move::Pass(White)).expect("pass");
    play(&mut g, Black, "C4").expect("takes B4");
    for v in ["B4", "B8", "G8"] {
        assert_eq!(play(&mut g, White, v), Err(IllegalMove::HotStone), "{v}");
    }
    play(&mut g, White, "E2").expect("elsewhere");
    play(&mut g, Black, "E3").expect("elsewhere");
    play(&mut g, White, "G8").expect("takes H8, cooled");

    let mut g = start(Rules::NEW_ZEALAND);
    play(&mut g, Black, "C8").expect("takes B8");
    play(&mut g, White, "G8").expect("takes H8");
}

/// Eternal life (the research note's P3): Black sends two at A1, White's
/// C1 takes them, and the two white stones C1-D1, with the one liberty
/// B1, are a double hot stone: Black may not take them back at once. After
/// Black's pass and a white move elsewhere, he may. Situational superko
/// lets Black retake and stops White's throw-in at D1 instead.
#[test]
fn double_hot_stones_in_eternal_life() {
    let setup = "b e1 w d1 b d2 w a2 b c2 w b2 b e2 w a4 b b1 w b4 b a1 w c1";
    let mut g = after(5, Rules::ING, setup);
    assert_eq!(g.board().removed(Black), 2);
    assert_eq!(play(&mut g, Black, "B1"), Err(IllegalMove::HotStone));
    // The board's ko point closes it to the playouts too.
    assert_eq!(g.board().ko(), Some(p("B1", 5)));
    assert_eq!(after(5, Rules::NEW_ZEALAND, setup).board().ko(), None);
    // Undo replays the game: the board keeps following the rule set.
    for (rules, ko) in [(Rules::ING, Some(p("B1", 5))), (Rules::NEW_ZEALAND, None)] {
        let mut h = after(5, rules, setup);
        h.play(Move::Pass(Black)).expect("pass");
        h.undo().expect("undo");
        assert_eq!(h.board().ko(), ko, "{rules:?}");
    }
    g.play(Move::Pass(Black)).expect("pass");
    play(&mut g, White, "E5").expect("elsewhere");
    play(&mut g, Black, "B1").expect("takes C1 and D1");
    assert_eq!(g.board().removed(White), 2);

    let mut g = after(5, Rules::NEW_ZEALAND, setup);
    play(&mut g, Black, "B1").expect("takes C1 and D1");
    assert_eq!(play(&mut g, White, "D1"), Err(IllegalMove::Superko));
}

/// Sending two, returning one (the research note's P4): Black sends A1-B1,
/// White takes them with C1 (no hot stone: it took two and stands alone),
/// Black takes C1 back with B1 (no hot stone: two liberties). With White's
/// pass the position before A1 is back; Black's A1 again would restart the
/// cycle he started, which it may not. After a stop it may.
#[test]
fn sending_two_returning_one_runs_once_between_stops() {
    let setup = "b d1 w a2 b d2 w b2 b c2 w a4 b b1 w b4 b a1 w c1 b b1 w pass";
    let mut g = after(5, Rules::ING, setup);
    assert_eq!(play(&mut g, Black, "A1"), Err(IllegalMove::Cycle));
    let mut nz = after(5, Rules::NEW_ZEALAND, setup);
    assert_eq!(play(&mut nz, Black, "A1"), Err(IllegalMove::Superko));
    for g in [&mut g, &mut nz] {
        g.play(Move::Pass(Black)).expect("pass: a stop");
        g.play(Move::Pass(White)).expect("pass");
    }
    assert_eq!(g.phase(), Phase::Confirming);
    assert_eq!(play(&mut g, Black, "A1"), Ok(()));
    assert_eq!(play(&mut nz, Black, "A1"), Err(IllegalMove::Superko));
}

/// A multi-stone suicide is a move on the board: it cools a hot stone
/// (the research note's P5). White's retake at B3 then recreates the
/// position before Black's pass, which situational superko refuses.
#[test]
fn a_multi_stone_suicide_cools_a_hot_stone() {
    let setup = "b b4 w c4 b a3 w d3 b b2 w c2 b e5 w b3 b b5 w e1 b pass w a5 b c3";
    let mut g = after(5, Rules::ING, setup);
    assert_eq!(play(&mut g, White, "B3"), Err(IllegalMove::HotStone));
    play(&mut g, White, "A4").expect("two-stone suicide");
    assert_eq!(g.board().removed(White), 3);
    g.play(Move::Pass(Black)).expect("pass");
    assert_eq!(play(&mut g, White, "B3"), Ok(()));

    let mut nz = after(5, Rules::NEW_ZEALAND, setup);
    play(&mut nz, White, "A4").expect("two-stone suicide");
    nz.play(Move::Pass(Black)).expect("pass");
    assert_eq!(play(&mut nz, White, "B3"), Err(IllegalMove::Superko));
}

/// Undo and replay keep the hot stones and the plays since the stop.
#[test]
fn undo_restores_the_ko_state() {
    let setup = "b b4 w c4 b a3 w d3 b b2 w c2 b e5 w b3 b c3";
    let mut g = after(5, Rules::ING, setup);
    let before = g.clone();
    g.play(Move::Pass(White)).expect("pass");
    assert_eq!(g.hot_points(White), &[]);
    g.undo().expect("undo");
    assert_eq!(g, before);
    assert_eq!(g.hot_points(White), &[p("B3", 5)]);
}

/// A double ko: Black can take White's B8 at C8, White can take Black's
/// G8 at H8, and the walls around them are safe (two kos on the board, so
/// no twin hot stones). Black takes, White takes the other, Black passes
/// (he may not retake G8 at once), White retakes B8, Black retakes G8,
/// White passes: the start is back with Black to move. Black's C8 again
/// would run the cycle a second time, which Ing's cycle rule forbids as
/// superko does. After Black's pass stops the game, White may resume with
/// H8: Ing's rule asks only whether that play was made from this
/// arrangement before (it was not), superko whether the board it makes
/// was seen (it was, after White's B8).
#[test]
fn a_double_ko_runs_once() {
    let d = "X X O . . . O X X
             X O . O . O X . X
             X X O . . . O X X
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .";
    let new = |rules| Game::with_setup(d.parse().expect("diagram"), 0, Black, rules, 8.0);
    let (mut ing, mut nz) = (new(Rules::ING), new(Rules::NEW_ZEALAND));
    for g in [&mut ing, &mut nz] {
        play(g, Black, "C8").expect("Black takes B8");
        assert!(play(g, White, "B8").is_err(), "no immediate retake");
        play(g, White, "H8").expect("White takes G8");
        assert!(play(g, Black, "G8").is_err(), "no immediate retake");
        g.play(Move::Pass(Black)).expect("pass");
        play(g, White, "B8").expect("White retakes B8");
        play(g, Black, "G8").expect("Black retakes G8");
        g.play(Move::Pass(White)).expect("pass");
        assert_eq!(g.board(), new(Rules::ING).board());
    }
    assert_eq!(play(&mut ing, Black, "C8"), Err(IllegalMove::Cycle));
    assert_eq!(play(&mut nz, Black, "C8"), Err(IllegalMove::Superko));
    for g in [&mut ing, &mut nz] {
        g.play(Move::Pass(Black)).expect("pass");
        assert_eq!(g.phase(), Phase::Stopped);
    }
    assert_eq!(play(&mut ing, White, "H8"), Ok(()));
    assert_eq!(play(&mut nz, White, "H8"), Err(IllegalMove::Superko));
}
