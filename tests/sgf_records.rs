//! Property tests of the SGF reader and writer: random finished games go
//! through `printsgf` and back, and damaged or foreign-charset text never
//! makes the reader panic (`loadsgf` takes any file a user names).
//!
//! Deterministic unless `PROPTEST_RNG_SEED` is set; `PROPTEST_CASES`
//! overrides the case counts.

use ingo::board::Point;
use ingo::rules::{Event, Game, Move, Phase, Rules};
use ingo::sgf;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{RngSeed, TestRunner};

const SEED: u64 = 0x5e6f_0b5e;

fn config(cases: u32) -> ProptestConfig {
    let base = ProptestConfig::default();
    ProptestConfig {
        cases: if std::env::var_os("PROPTEST_CASES").is_some() {
            base.cases
        } else {
            cases
        },
        rng_seed: match base.rng_seed {
            RngSeed::Random => RngSeed::Fixed(SEED),
            fixed => fixed,
        },
        failure_persistence: None,
        ..base
    }
}

/// A game from choices: each picks one of the legal points of the player
/// to move (or a pass); then two passes and an agreement on the strings
/// chosen by `dead`, when the rules stop the game there.
fn game_from(size: u8, preset: usize, handicap: u32, picks: &[u16], dead: &[u16]) -> Game {
    let (_, rules) = Rules::PRESETS[preset % Rules::PRESETS.len()];
    let mut g = match ingo::rules::handicap::fixed_points(size, handicap) {
        Some(points) => Game::with_handicap(size, &points, rules, 0.5),
        None => Game::new(size, rules, 6.5),
    };
    for &pick in picks {
        if g.phase() == Phase::Finished {
            break;
        }
        let c = g.to_move();
        let legal = g.legal_points(c);
        let mv = match legal.get(usize::from(pick) % (legal.len() + 3)) {
            Some(&p) => Move::Play(c, p),
            None => Move::Pass(c),
        };
        g.play(mv).expect("legal by construction");
    }
    for _ in 0..2 {
        if g.phase() == Phase::Stopped || g.phase() == Phase::Finished {
            break;
        }
        g.play(Move::Pass(g.to_move())).expect("pass");
    }
    if g.phase() == Phase::Stopped {
        let stones: Vec<Point> = g
            .board()
            .points()
            .filter(|&p| g.board().color_at(p).is_some())
            .collect();
        let chosen: Vec<Point> = dead
            .iter()
            .filter_map(|&d| stones.get(usize::from(d) % (stones.len() + 1)).copied())
            .collect();
        g.agree(&chosen).expect("stopped");
    }
    g
}

/// `g` as its record tells it: a single-stone suicide that Ing's rules
/// count as a pass is written as that pass (with a comment), so it reads
/// back as one. Everything else is `g`.
fn as_recorded(g: &Game) -> Game {
    let mut recorded = g.clone();
    while recorded.undo().is_ok() {}
    for e in g.events() {
        match e {
            Event::Move(m) => recorded.play(*m).expect("legal"),
            Event::SuicideAsPass(c, _) => recorded.play(Move::Pass(*c)).expect("a pass"),
            Event::Agree(dead) => recorded.agree(&dead.concat()).expect("agreement"),
            Event::Dispute => recorded.dispute().expect("dispute"),
        }
    }
    recorded
}

/// The `MA` points of the last node, as written by `sgf::write`.
fn marked(text: &str, size: u8) -> Vec<Point> {
    let Some(at) = text.rfind("MA[") else {
        return Vec::new();
    };
    text[at + 2..]
        .split(']')
        .take_while(|v| v.starts_with('['))
        .map(|v| {
            let b = v.as_bytes();
            Point::from_coords(b[1] - b'a', size - 1 - (b[2] - b'a'), size).expect("on the board")
        })
        .collect()
}

proptest! {
    #![proptest_config(config(256))]

    /// printsgf then loadsgf gives the game back: the moves, set-up, rules
    /// and komi, and (once the marked stones are agreed dead again, as
    /// loadsgf leaves the game where the agreement was made) the result.
    #[test]
    fn finished_games_round_trip(
        size in 2u8..10,
        preset in 0usize..6,
        handicap in prop_oneof![Just(0u32), 2u32..5],
        picks in vec(any::<u16>(), 0..120),
        dead in vec(any::<u16>(), 0..4),
    ) {
        let g = game_from(size, preset, handicap, &picks, &dead);
        let text = sgf::write(&g);
        let mut back = sgf::parse(&text, None, Rules::default(), 7.5)
            .map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        if g.phase() == Phase::Finished && back.phase() == Phase::Stopped {
            back.agree(&marked(&text, size)).expect("stopped");
        }
        prop_assert_eq!(&back, &as_recorded(&g), "{}", text);
        if g.phase() == Phase::Finished {
            let result = g.result(&[], &[]).to_string();
            prop_assert!(text.contains(&format!("RE[{result}]")), "{}", text);
        } else {
            prop_assert!(!text.contains("RE["), "{}", text);
        }
    }

    /// Any bytes decode without panicking; ASCII is kept as it is.
    #[test]
    fn decoding_never_fails(bytes in vec(any::<u8>(), 0..300), ascii in "[ -~\n]{0,200}") {
        let _ = sgf::decode(&bytes);
        prop_assert_eq!(sgf::decode(ascii.as_bytes()), ascii);
    }
}

/// Damaged records, in every charset the reader knows: refused or loaded,
/// never a panic.
#[test]
fn damaged_records_never_panic() {
    let record = "Header (x)\n(;GM[1]FF[4]CA[UTF-8]SZ[9]HA[0]KM[6.5]RU[Japanese]C[a\\]b]\
                  AB[cc][gg]PL[W];W[ee];B[tt]W[tt](;B[aa])(;B[bb]))\ntrailer";
    let charsets = [
        "UTF-8",
        "ISO-8859-1",
        "Shift_JIS",
        "GB18030",
        "EUC-JP",
        "Big5",
        "x",
    ];
    let mut runner = TestRunner::new(config(2048));
    runner
        .run(
            &(
                vec((0usize..record.len(), 0usize..4, any::<u8>()), 1..6),
                0usize..charsets.len(),
            ),
            |(edits, charset)| {
                let mut bytes = record.replace("UTF-8", charsets[charset]).into_bytes();
                for (at, kind, b) in edits {
                    let at = at.min(bytes.len());
                    match kind {
                        0 => bytes.insert(at, b),
                        1 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        2 => bytes.truncate(at),
                        _ => bytes.insert(at, b"()[];\\"[usize::from(b) % 6]),
                    }
                }
                let text = sgf::decode(&bytes);
                for until in [
                    None,
                    Some(sgf::Until::Move(3)),
                    Some(sgf::Until::Vertex("E5".into())),
                ] {
                    let _ = sgf::parse(&text, until.as_ref(), Rules::default(), 7.5);
                }
                Ok(())
            },
        )
        .expect("no panic");
}
