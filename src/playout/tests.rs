//! Tests of the playout policies: playouts end with only eyes left and
//! play only legal moves, and each rule of the heavy policy gives the
//! answers worked out by hand on its diagram.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::board::{Board, Color, Point};
use crate::testing::board;

use super::heavy::{
    atari_escapes, eye_fill_redirect, eye_fix_moves, heavy_move, heuristic_rate, ko_fight,
    nakade_point, playable, two_liberty_moves, Candidates,
};
use super::patterns;
use super::policy::{area_score, final_owner, play_out, Policy};

#[test]
fn playouts_end_with_only_eyes_left() {
    let mut rng = SmallRng::seed_from_u64(1);
    for size in [2u8, 5, 9, 19] {
        let mut b = Board::new(size);
        play_out(
            &mut b,
            Color::Black,
            None,
            &mut rng,
            Policy::NoSelfAtari,
            &mut Vec::new(),
        );
        b.check_consistency().expect("consistent");
        // Both passed: every empty point is an eye or a suicide for
        // both players (only eyes remain in practice).
        for c in Color::ALL {
            for p in b.points() {
                if b.is_empty_at(p) {
                    assert!(b.is_eye(p, c) || b.is_suicide(c, p) || b.ko() == Some(p));
                }
            }
        }
    }
}

fn at(b: &Board, v: &str) -> Point {
    Point::parse(v, b.size()).expect("vertex")
}

#[test]
fn heavy_saves_a_string_put_in_atari() {
    // White E5 took D4-E4 to one liberty, D5; extending there gives
    // two (C5, D6).
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . . . O . .
         . . O X X O .
         . . . O O . .
         . . . . . . .
         . . . . . . .",
    );
    for seed in 0..20 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let m = heavy_move(&b, Color::Black, at(&b, "E5"), &mut rng);
        assert_eq!(m, Some(at(&b, "D5")));
    }
    // White C3 leaves A3-B3 one liberty, A2, which also captures the
    // white stone B2 in atari: the save.
    let b = board(
        ". . . . .
         O O O . .
         X X O . .
         . O X . .
         . X . . .",
    );
    let mut rng = SmallRng::seed_from_u64(3);
    assert_eq!(
        heavy_move(&b, Color::Black, at(&b, "C3"), &mut rng),
        Some(at(&b, "A2"))
    );
}

/// The points [`two_liberty_moves`] offers, sorted.
fn two_liberty(b: &Board, color: Color, last: &str) -> Vec<Point> {
    let last = at(b, last);
    let mut cands = Candidates::new(last);
    two_liberty_moves(b, color, last, &mut cands);
    let mut got = cands.points[..cands.len].to_vec();
    got.sort_by_key(|p| p.index());
    got
}

fn sorted(b: &Board, vs: &[&str]) -> Vec<Point> {
    let mut want: Vec<Point> = vs.iter().map(|v| at(b, v)).collect();
    want.sort_by_key(|p| p.index());
    want
}

#[test]
fn heavy_ataris_a_string_left_with_two_liberties() {
    // White A2 has liberties A1 and A3, and no friend to connect to:
    // Black ataris on either (a lone stone at A1 is a throw-in, not
    // a bad self-atari).
    let b = board(
        ". . . . .
         . . . . .
         . . . . .
         O X . . .
         . . . . .",
    );
    assert_eq!(
        two_liberty(&b, Color::Black, "A2"),
        sorted(&b, &["A1", "A3"])
    );
    // White D4's liberties D5 and E4 each connect it to a friend
    // (D6, F4): they are miai, and an atari would only push it there.
    let open = ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . X O . . .
         . . . X . . .
         . . . . . . .
         . . . . . . .";
    let b = board(open);
    assert_eq!(
        two_liberty(&b, Color::Black, "D4"),
        sorted(&b, &["D5", "E4"])
    );
    let mut b = board(open);
    b.play_unchecked(Color::White, at(&b, "D6"));
    b.play_unchecked(Color::White, at(&b, "F4"));
    assert_eq!(two_liberty(&b, Color::Black, "D4"), vec![]);
}

#[test]
fn heavy_counter_ataris_in_a_capturing_race() {
    // White C1 left Black A2-C2 with two liberties, A1 and B1, and
    // neither extension gains one. White C1 (B1, D1) and D2 (D1, E2)
    // have two each: D1 ataris both, E2 ataris D2. B1 would put Black's
    // own string in atari; C1 itself is miai (connect at D1, or run
    // to A1 from B1), so only the counter-ataris are left.
    let b = board(
        ". . . . .
         . . . . .
         O O O X .
         X X X O .
         . . O . .",
    );
    assert_eq!(
        two_liberty(&b, Color::Black, "C1"),
        sorted(&b, &["D1", "E2"])
    );
}

#[test]
fn a_false_eye_fill_takes_the_stone_that_makes_it_false() {
    // B1 is Black's eye but for White C2 on its diagonal, which is in
    // atari: Black captures at D2 instead of filling the eye.
    let b = board(
        ". . . . .
         . . . . .
         . . X . .
         X X O . .
         X . X . .",
    );
    assert!(!b.is_eye(at(&b, "B1"), Color::Black));
    assert_eq!(
        eye_fill_redirect(&b, Color::Black, at(&b, "B1")),
        Some(at(&b, "D2"))
    );
    // No eye at D1 or E5, nothing to redirect.
    assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "D1")), None);
    assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "E5")), None);
    // At two liberties (C3, D2), White C2 is put in atari on one of
    // them.
    let b = board(
        ". . . . .
         . . . . .
         . . . . .
         X X O . .
         X . X . .",
    );
    let r = eye_fill_redirect(&b, Color::Black, at(&b, "B1")).expect("an atari");
    assert!([at(&b, "C3"), at(&b, "D2")].contains(&r), "{r:?}");
    // A fill that saves an own string in atari stays: with White D1,
    // Black C1 is in atari and B1 connects it.
    let b = board(
        ". . . . .
         . . . . .
         . . X . .
         X X O . .
         X . X O .",
    );
    assert!(b.in_atari(at(&b, "C1")));
    assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "B1")), None);
}

#[test]
fn heavy_keeps_an_eye_the_last_move_approached() {
    // Pachi's example, in the corner of a 13x13 board (the rule is off
    // on 9x9 and below): White E13 comes in between the edge and
    // Black D12. White may now play C13, which would give B12 a second
    // white diagonal (with C11) and make it a false eye; Black fills
    // C13 first.
    let corner = ["X X . O O O .", "X . X X O . .", "X X O O . . ."];
    let b = board(&in_corner(&corner, 13));
    let last = at(&b, "E13");
    let mut cands = Candidates::new(last);
    eye_fix_moves(&b, Color::Black, last, &mut cands);
    assert_eq!(&cands.points[..cands.len], &[at(&b, "C13")]);
    for seed in 0..10 {
        let mut rng = SmallRng::seed_from_u64(seed);
        assert_eq!(
            heavy_move(&b, Color::Black, last, &mut rng),
            Some(at(&b, "C13"))
        );
    }
    // On 9x9 the heavy policy leaves it (nothing else applies: the
    // move is random).
    let small = board(&in_corner(&corner, 9));
    let mut rng = SmallRng::seed_from_u64(1);
    assert_eq!(
        heavy_move(&small, Color::Black, at(&small, "E9"), &mut rng),
        None
    );
    // Without White C11, White C13 would leave B12 with one white
    // diagonal, a true eye still: nothing to fix.
    let b = board(&in_corner(
        &["X X . O O O .", "X . X X O . .", "X X . O . . ."],
        13,
    ));
    let mut cands = Candidates::new(last);
    eye_fix_moves(&b, Color::Black, last, &mut cands);
    assert_eq!(cands.len, 0);
}

/// A diagram of a `size` board whose top left corner holds `rows`,
/// the rest empty.
fn in_corner(rows: &[&str], size: usize) -> String {
    (0..size)
        .map(|r| {
            let row = rows.get(r).copied().unwrap_or("");
            let have = row.split_whitespace().count();
            let mut line = row.to_string();
            for _ in have..size {
                line.push_str(" .");
            }
            line.trim().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn ko_fights_go_on_for_a_few_moves() {
    // Black D4 takes the white stone C4: a ko, banned for White.
    let mut b = board(
        ". . . . . . .
         . . . . . . .
         . . X O . . .
         . X O . O . .
         . . X O . . .
         . . . . . . .
         . . . . . . .",
    );
    let (c4, d4) = (at(&b, "C4"), at(&b, "D4"));
    assert_eq!(ko_fight(&b, Color::Black, None, 1), None);
    b.play_unchecked(Color::Black, d4);
    assert_eq!(b.ko(), Some(c4));
    let ko = Some((c4, 1));
    assert_eq!(ko_fight(&b, Color::White, ko, 2), None, "still banned");
    b.play_unchecked(Color::White, at(&b, "G7"));
    // Black may connect; after another move elsewhere, White may
    // take back; then the fight is over for the policy.
    assert_eq!(ko_fight(&b, Color::Black, ko, 3), Some(c4));
    b.play_unchecked(Color::Black, at(&b, "A1"));
    assert_eq!(ko_fight(&b, Color::White, ko, 4), Some(c4));
    b.play_unchecked(Color::White, at(&b, "G1"));
    assert_eq!(ko_fight(&b, Color::Black, ko, 5), None, "too old");
    // Once connected, nobody plays there.
    b.play_unchecked(Color::Black, c4);
    assert_eq!(ko_fight(&b, Color::White, ko, 4), None);
}

#[test]
fn heavy_escapes_are_real_saves() {
    // Every escape the policy offers takes the string out of atari
    // (checked against the brute-force-tested board helper) and is
    // playable; on random positions of several sizes.
    let mut rng = SmallRng::seed_from_u64(5);
    let mut checked = 0;
    for size in [5u8, 7, 9, 13] {
        for game in 0..20 {
            let mut b = Board::new(size);
            let mut color = Color::Black;
            for _ in 0..(size as usize * size as usize * (game % 3 + 1) / 2) {
                b.play_random(color, &mut rng);
                color = !color;
            }
            for p in b.points() {
                if let Some(c) = b.color_at(p) {
                    if b.in_atari(p) {
                        let mut out = Vec::new();
                        atari_escapes(&b, c, p, &mut out);
                        for m in out {
                            assert!(playable(&b, c, m));
                            assert!(b.saves_atari(c, m), "{}\n{b:?}", m.vertex());
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn heavy_captures_the_last_stone_in_atari() {
    let b = board(
        ". . . . .
         . . . . .
         . X O X .
         . . X . .
         . . . . .",
    );
    for seed in 0..20 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let m = heavy_move(&b, Color::Black, at(&b, "C3"), &mut rng);
        assert_eq!(m, Some(at(&b, "C4")));
    }
}

#[test]
fn heavy_plays_the_nakade_point() {
    let b = board(
        ". . . O .
         O O O O .
         . . . . .
         . . . . .
         . . . . .",
    );
    assert_eq!(nakade_point(&b, at(&b, "B4")), Some(at(&b, "B5")));
    let mut rng = SmallRng::seed_from_u64(1);
    let m = heavy_move(&b, Color::Black, at(&b, "B4"), &mut rng);
    assert_eq!(m, Some(at(&b, "B5")));
    // A bent three: the corner is vital.
    let b = board(
        ". . O . .
         . O O . .
         O O . . .
         . . . . .
         . . . . .",
    );
    assert_eq!(nakade_point(&b, at(&b, "B4")), Some(at(&b, "A5")));
    // A straight four lives whoever plays first.
    let b = board(
        ". . . . O
         O O O O O
         . . . . .
         . . . . .
         . . . . .",
    );
    assert_eq!(nakade_point(&b, at(&b, "B4")), None);
    // A pyramid four does not: its centre is vital.
    let b = board(
        ". . . O .
         O . O O .
         O O O . .
         . . . . .
         . . . . .",
    );
    assert_eq!(nakade_point(&b, at(&b, "C4")), Some(at(&b, "B5")));
}

/// Replays a playout's moves, checking each was mechanically legal and
/// filled no own eye.
fn assert_moves_legal(start: &Board, moves: &[(Color, Point)]) {
    let mut b = start.clone();
    let mut prev: Option<Color> = None;
    for &(c, p) in moves {
        if prev == Some(c) {
            b.pass(); // the other side passed in between
        }
        assert!(b.is_pseudo_legal(c, p), "{c:?} {}\n{b:?}", p.vertex());
        assert!(
            !b.is_eye(p, c),
            "{c:?} fills an eye at {}\n{b:?}",
            p.vertex()
        );
        let e = b.play_unchecked(c, p);
        assert_eq!(e.suicided, 0);
        prev = Some(c);
    }
}

#[test]
fn heavy_playouts_are_legal_and_end() {
    let mut rng = SmallRng::seed_from_u64(9);
    for size in [2u8, 3, 5, 9, 13, 19, 25] {
        for run in 0..4 {
            let mut start = Board::new(size);
            let mut color = Color::Black;
            for _ in 0..(size as usize * size as usize * run / 3) {
                start.play_random(color, &mut rng);
                color = !color;
            }
            let mut b = start.clone();
            let mut moves = Vec::new();
            play_out(&mut b, color, None, &mut rng, Policy::Heavy, &mut moves);
            b.check_consistency().expect("consistent");
            assert!(moves.len() < 3 * size as usize * size as usize + 20);
            assert_moves_legal(&start, &moves);
            // The policy passed twice: no non-eye move was left but
            // self-ataris it may refuse (nakades it plays).
            for c in Color::ALL {
                for p in b.points() {
                    if playable(&b, c, p) {
                        assert!(b.is_bad_self_atari(c, p), "{c:?} {}\n{b:?}", p.vertex());
                    }
                }
            }
        }
    }
}

#[test]
fn heavy_score_is_area_score() {
    let mut rng = SmallRng::seed_from_u64(4);
    let mut b = Board::new(9);
    play_out(
        &mut b,
        Color::Black,
        None,
        &mut rng,
        Policy::Heavy,
        &mut Vec::new(),
    );
    let want: i32 = b
        .points()
        .map(|p| match final_owner(&b, p) {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        })
        .sum();
    assert_eq!(area_score(&b), want);
}

#[test]
fn the_heuristic_rate_is_below_one_up_to_9x9() {
    for size in [2u8, 5, 7, 9] {
        assert_eq!(heuristic_rate(size), 0.9, "{size}");
    }
    for size in [10u8, 13, 19, 25] {
        assert_eq!(heuristic_rate(size), 1.0, "{size}");
    }
}

/// The first moves of heavy playouts from `b`, Black to move after
/// White's `last`, one per seed in `seeds`.
fn first_heavy_moves(b: &Board, last: &str, seeds: std::ops::Range<u64>) -> Vec<Point> {
    seeds
        .map(|seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut moves = Vec::new();
            let mut copy = b.clone();
            let last = Some(at(b, last));
            play_out(
                &mut copy,
                Color::Black,
                last,
                &mut rng,
                Policy::Heavy,
                &mut moves,
            );
            let (c, p) = moves[0];
            assert_eq!(c, Color::Black);
            p
        })
        .collect()
}

#[test]
fn heavy_playouts_answer_the_last_move_at_the_heuristic_rate() {
    // White C3 is in atari: the heavy answer captures at C4. On 5x5 the
    // policy looks at the last move 90% of the time; the rest are
    // random moves, C4 among the 21 empty points (about 9.5% of the
    // first moves elsewhere: 19 of 200 expected, 5 standard deviations
    // from 0 and from 50).
    let diagram = [
        ". . . . .",
        ". . . . .",
        ". X O X .",
        ". . X . .",
        ". . . . .",
    ];
    let small = board(&diagram.join("\n"));
    let c4 = at(&small, "C4");
    let elsewhere = first_heavy_moves(&small, "C3", 0..200)
        .into_iter()
        .filter(|&p| p != c4)
        .count();
    assert!((1..50).contains(&elsewhere), "{elsewhere}");
    // On 13x13 it always looks: the first move is the capture.
    let big = board(&in_corner(&diagram, 13));
    let c12 = at(&big, "C12");
    assert!(first_heavy_moves(&big, "C11", 0..30)
        .into_iter()
        .all(|p| p == c12));
}

#[test]
fn heavy_plays_a_pattern_next_to_the_last_move() {
    // White D5 comes between Black C5 and E5 (White D6 above it gives
    // the pair four liberties): no atari, no string at two liberties,
    // no eye. Every empty point around D5 is a 3x3 pattern, each urgent
    // for both sides: D4 Black's hane that encloses ("XOX" over three
    // empty points); C6 and E6 White's magari round the head of C5 or
    // E5 (White D5 and D6 beside it); C4 and E4 White's hane under C5
    // or E5 ("XO." with White D5 on the diagonal).
    let b = board(
        ". . . . . . .
         . . . O . . .
         . . X O X . .
         . . . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    let want = sorted(&b, &["C6", "E6", "C4", "D4", "E4"]);
    for &p in &want {
        assert!(patterns::matches(&b, p, Color::Black), "{}", p.vertex());
    }
    let mut got: Vec<Point> = (0..30)
        .map(|seed| {
            let mut rng = SmallRng::seed_from_u64(seed);
            heavy_move(&b, Color::Black, at(&b, "D5"), &mut rng).expect("a pattern")
        })
        .collect();
    got.sort_by_key(|p| p.index());
    got.dedup();
    assert_eq!(got, want);
}

#[test]
fn two_liberty_moves_look_at_every_own_string_next_to_the_last_move() {
    // White D4 plays between Black D3 (three liberties: nothing to do)
    // and Black E4, which it leaves with two, E3 and E5. Black extends
    // on either to three or more (E3 joins D3). White D4 has two
    // liberties itself, C4 and D5, with no friend to connect to: an
    // atari on either. White F4 has three.
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         . . . O X O .
         . . . X . . .
         . . . . . . .
         . . . . . . .",
    );
    assert_eq!(
        two_liberty(&b, Color::Black, "D4"),
        sorted(&b, &["C4", "D5", "E3", "E5"])
    );
}

#[test]
fn an_eye_with_only_own_diagonals_is_filled_as_chosen() {
    // B1 is Black's eye; its diagonals A2 and C2 are Black's, in a string
    // at two liberties (B1 and D1). No opposing stone makes the eye
    // false, so there is nothing to take instead.
    let b = board(
        ". . . . .
         . . . . .
         O O O . .
         X X X O .
         X . X . .",
    );
    assert_eq!(b.liberty_count_up_to::<3>(at(&b, "A2")), 2);
    assert_eq!(eye_fill_redirect(&b, Color::Black, at(&b, "B1")), None);
}

#[test]
fn heavy_keeps_an_eye_on_the_edge() {
    // White F6 comes in between Black E5 and E7, next to White E6,
    // whose empty neighbour D6 is a diagonal of Black's eye C7 on the
    // edge. An eye on the edge is false with one opposing diagonal: C7
    // has none yet (B6 is Black's, the other two are off the board), so
    // White D6 would make it false. Black fills D6 first.
    let b = board(&in_corner(
        &["X X . X X . .", "X X X . O O .", ". . X X X . ."],
        7,
    ));
    let last = at(&b, "F6");
    let mut cands = Candidates::new(last);
    eye_fix_moves(&b, Color::Black, last, &mut cands);
    assert_eq!(&cands.points[..cands.len], &[at(&b, "D6")]);
}

#[test]
fn two_liberty_moves_look_at_every_opposing_string_around() {
    // White C6 (itself in atari) touches Black's comb, left with two
    // liberties (B3, D3) and touching sixteen White strings, more than
    // the policy keeps track of. Black extends on B3 or D3, or captures
    // one of the ten White stones in atari (the five on row 6 at A7, C7,
    // E7, G7, J7, the five on row 4 at A3, C3, E3, G3, J3); the White
    // stones on rows 7 and 3 have three liberties each.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . O . O . O . O .
         O X O X O X O X O
         X X X X X X X X X
         O X O X O X O X O
         . . . . . O . O .
         . . . . . . . . .
         . . . . . . . . .",
    );
    assert_eq!(
        two_liberty(&b, Color::Black, "C6"),
        sorted(
            &b,
            &["B3", "D3", "A7", "C7", "E7", "G7", "J7", "A3", "C3", "E3", "G3", "J3"]
        )
    );
}
