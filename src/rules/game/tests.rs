//! Tests of `Game`: legality, undo, phases, results under every rule set.

use super::*;
use crate::rules::GameResult;
use crate::testing::positions::TRIPLE_KO;
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

/// The triple ko of `testing::positions`: taken in turn, its kos would
/// cycle for ever; superko (either kind) breaks the cycle. (Ing's twin hot
/// stones stop it at once: `ing_tests`.)
#[test]
fn triple_ko_cycle_is_broken_by_superko() {
    for rules in [Rules::SIMPLIFIED_ING, Rules::AGA] {
        let mut g = game(TRIPLE_KO, Black, rules);
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
        let mut g = game(TRIPLE_KO, Black, rules);
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
        ("penalties", Box::new(|g| g.penalties[White] = 2)),
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

#[test]
fn a_game_continues_only_its_own_start_komi_rules_and_moves() {
    let mut g = Game::new(9, Rules::JAPANESE, 6.5);
    play(&mut g, Black, "E5").expect("legal");
    let mut on = g.clone();
    play(&mut on, White, "C3").expect("legal");
    assert!(on.continues(&g));
    assert!(g.continues(&g));
    // An undo, or another line from the same start.
    assert!(!g.continues(&on));
    let mut other = Game::new(9, Rules::JAPANESE, 6.5);
    play(&mut other, Black, "D5").expect("legal");
    assert!(!other.continues(&g));
    // The same moves under another komi, other rules, on another board
    // or from another set-up.
    let mut komi = on.clone();
    komi.set_komi(0.5);
    assert!(!komi.continues(&g));
    let replay = |mut fresh: Game| {
        play(&mut fresh, Black, "E5").expect("legal");
        play(&mut fresh, White, "C3").expect("legal");
        fresh
    };
    assert!(replay(Game::new(9, Rules::JAPANESE, 6.5)).continues(&g));
    assert!(!replay(Game::new(9, Rules::KOREAN, 6.5)).continues(&g));
    assert!(!replay(Game::new(11, Rules::JAPANESE, 6.5)).continues(&g));
    let stone = game(
        "X . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Black,
        Rules::JAPANESE,
    );
    let mut set_up = stone.clone();
    set_up.set_komi(6.5);
    assert!(!replay(set_up).continues(&g));
}

/// Ing's penalty points come off the penalised side's count: on 5x5 with
/// Black's lone stone at C3 agreed alive, Black has 25 points and White
/// 7.5 of komi, B+17.5. Black's 4 penalty points make it B+13.5 (and the
/// search's komi 11.5); 4 on each side cancel; undo keeps them.
#[test]
fn penalties_come_off_the_penalised_count() {
    let mut g = Game::new(5, Rules::ING, 7.5);
    play(&mut g, Black, "C3").expect("legal");
    g.play(Move::Pass(White)).expect("pass");
    g.play(Move::Pass(Black)).expect("pass");
    g.agree(&[]).expect("stopped");
    assert_eq!(g.result(&[], &[]), GameResult::Win(Black, 17.5));
    g.set_penalty(Black, 4);
    assert_eq!(g.result(&[], &[]), GameResult::Win(Black, 13.5));
    assert_eq!(g.komi_with_bonus(), 11.5);
    assert_eq!(g.score(&[], &[]).total(Black), 21.0);
    g.set_penalty(White, 4);
    assert_eq!(g.result(&[], &[]), GameResult::Win(Black, 17.5));
    assert_eq!(g.komi_with_bonus(), 7.5);
    g.undo().expect("agreement");
    assert_eq!(g.penalties(), ByColor::new(4, 4));
}
