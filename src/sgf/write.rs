//! `printsgf`: a [`Game`] as SGF text.

use sgf_parse::go::Prop;
use sgf_parse::{SgfNode, SgfProp};

use crate::board::{Color, Point};
use crate::rules::{
    area_owners, format_number, territory_owners, Event, Game, Move, Phase, Rules, Scoring,
};

fn sgf_point(p: Point, size: u8) -> String {
    let (x, y) = p.coords();
    format!("{}{}", (b'a' + x) as char, (b'a' + (size - 1 - y)) as char)
}

fn prop(id: &str, values: Vec<String>) -> Prop {
    Prop::new(id.to_string(), values)
}

/// A point-list property in reading order (row by row from the top).
/// sgf-parse keeps typed point lists in hash sets, which would print them
/// in a different order on every run.
fn point_list(id: &str, mut points: Vec<String>) -> Prop {
    points.sort_by_key(|p| p.chars().rev().collect::<String>());
    Prop::Unknown(id.to_string(), points)
}

/// The `RU` value for a rule set: the SGF specification's names (`AGA`,
/// `GOE`, `NZ`) and the usual `Chinese` and `Tromp-Taylor` where one
/// exists, which other programs read; ingo's own name otherwise.
/// [`rules_from_sgf`] reads every one of them back.
pub fn rules_to_sgf(rules: Rules) -> String {
    match rules {
        Rules::CHINESE => "Chinese".into(),
        Rules::AGA => "AGA".into(),
        Rules::ING => "GOE".into(),
        Rules::NEW_ZEALAND => "NZ".into(),
        Rules::TROMP_TAYLOR => "Tromp-Taylor".into(),
        Rules::JAPANESE => "Japanese".into(),
        Rules::KOREAN => "Korean".into(),
        other => other.to_string(),
    }
}

/// The game as SGF text on one line: root with size, komi, rules,
/// handicap and set-up stones, then one node per move. A finished game
/// also gets its result (`RE`, as `final_score` gives it) in the root and,
/// in its last node, the counted territory as `TB`/`TW` with the points of
/// the agreed dead stones in their owner's list (the convention of CGoban
/// and KGS, which Sabaki and GoGui read too), plus `MA` marks on those
/// stones so that any viewer shows them.
pub fn write(game: &Game) -> String {
    write_counted(game, &[], &[])
}

/// [`write`] for a finished game counted with the strings at `dead` still
/// on the board but dead and those at `seki` in seki: a game the territory
/// rule sets finish by two passes, whose dead stones the engine judges
/// (`MA` marks them, and `TB`/`TW` hold territory as that count has it).
pub fn write_counted(game: &Game, dead: &[Point], seki: &[Point]) -> String {
    let result = (game.phase() == Phase::Finished).then(|| game.result(dead, seki).sgf());
    record(game, dead, seki, result)
}

/// [`write`] for a game that `resigned` gave up: the result is the
/// opponent's win by resignation (`RE[W+R]`), and nothing is counted.
pub fn write_resigned(game: &Game, resigned: Color) -> String {
    record(game, &[], &[], Some(format!("{}+R", (!resigned).letter())))
}

/// The record of `game` with `result` as its `RE`; a finished game's last
/// node also gets its count's marks.
fn record(game: &Game, dead: &[Point], seki: &[Point], result: Option<String>) -> String {
    let size = game.size();
    let setup = game.setup();
    let mut root = vec![
        prop("GM", vec!["1".into()]),
        prop("FF", vec!["4".into()]),
        prop("CA", vec!["UTF-8".into()]),
        prop("AP", vec![format!("ingo:{}", env!("CARGO_PKG_VERSION"))]),
        prop("SZ", vec![size.to_string()]),
        prop("KM", vec![format_number(game.komi())]),
        prop("RU", vec![rules_to_sgf(game.rules())]),
    ];
    let stones = |c: Color| -> Vec<String> {
        setup
            .points()
            .filter(|&p| setup.color_at(p) == Some(c))
            .map(|p| sgf_point(p, size))
            .collect()
    };
    let (black, white) = (stones(Color::Black), stones(Color::White));
    if game.handicap() > 0 {
        root.push(prop("HA", vec![game.handicap().to_string()]));
    }
    if !black.is_empty() {
        root.push(point_list("AB", black));
    }
    if !white.is_empty() {
        root.push(point_list("AW", white));
    }
    if !setup.is_clear() {
        let first = game.moves().next().map_or(game.to_move(), Move::color);
        root.push(prop("PL", vec![first.letter().to_string()]));
    }
    let mut nodes: Vec<Vec<Prop>> = game
        .events()
        .iter()
        .filter_map(|e| match *e {
            Event::Move(Move::Play(c, p)) => Some(vec![prop(
                &c.letter().to_string(),
                vec![sgf_point(p, size)],
            )]),
            Event::Move(Move::Pass(c)) => {
                Some(vec![prop(&c.letter().to_string(), vec![String::new()])])
            }
            // Ing's rules: recorded as the pass it counts as, with a word
            // on where the stone went.
            Event::SuicideAsPass(c, p) => Some(vec![
                prop(&c.letter().to_string(), vec![String::new()]),
                prop(
                    "C",
                    vec![format!(
                        "{} {} was a single-stone suicide, which counts as a pass under Ing's rules",
                        match c {
                            Color::Black => "Black's",
                            Color::White => "White's",
                        },
                        p.vertex()
                    )],
                ),
            ]),
            Event::Agree(_) | Event::Dispute => None,
        })
        .collect();
    if let Some(result) = result {
        root.push(prop("RE", vec![result]));
    }
    if game.phase() == Phase::Finished {
        // Agreed dead stones are off the board once finished; `final_score`
        // counts the board as it stands.
        if let Some(last) = nodes.last_mut() {
            last.extend(final_marks(game, dead, seki));
        }
    }
    // Build the main line from its end: each node is the only child of
    // the one before.
    let mut child: Option<SgfNode<Prop>> = None;
    while let Some(props) = nodes.pop() {
        child = Some(SgfNode::new(props, child.into_iter().collect(), false));
    }
    let text = SgfNode::new(root, child.into_iter().collect(), true).serialize();
    // sgf-parse writes every size as `W:H`; FF[4] reserves that form for
    // rectangular boards, so square ones become `SZ[N]`.
    text.replacen(&format!("SZ[{size}:{size}]"), &format!("SZ[{size}]"), 1)
}

/// `TB`, `TW` and `MA` for the last node of a finished game: the board of
/// that node still holds the dead stones, removed by the agreement after it.
fn final_marks(game: &Game, judged_dead: &[Point], seki: &[Point]) -> Vec<Prop> {
    let size = game.size();
    let agreed = game.agreed_dead();
    let mut before = game.clone();
    if !agreed.is_empty() && before.undo().is_err() {
        return Vec::new();
    }
    let mut dead = agreed;
    dead.extend_from_slice(judged_dead);
    let board = before.board();
    let owners = match game.rules().scoring {
        Scoring::Area => area_owners(board, &dead),
        Scoring::Territory => territory_owners(board, &dead, seki),
    };
    let mut props = Vec::new();
    for (id, c) in [("TB", Color::Black), ("TW", Color::White)] {
        let points: Vec<String> = board
            .points()
            .filter(|&p| owners[p.index()] == Some(c) && board.color_at(p) != Some(c))
            .map(|p| sgf_point(p, size))
            .collect();
        if !points.is_empty() {
            props.push(point_list(id, points));
        }
    }
    if !dead.is_empty() {
        props.push(point_list(
            "MA",
            dead.iter().map(|&p| sgf_point(p, size)).collect(),
        ));
    }
    props
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::rules::Phase;
    use crate::sgf::read::{parse, rules_from_sgf};

    fn play_all(g: &mut Game, moves: &[(Color, &str)]) {
        for &(c, v) in moves {
            let mv = if v == "pass" {
                Move::Pass(c)
            } else {
                Move::Play(c, Point::parse(v, g.size()).expect("vertex"))
            };
            g.play(mv).expect("legal");
        }
    }

    fn values<'a>(text: &'a str, id: &str) -> Vec<&'a str> {
        let at = text.find(&format!("{id}[")).expect(id) + id.len();
        let mut out = Vec::new();
        let mut rest = &text[at..];
        while let Some(v) = rest.strip_prefix('[') {
            let end = v.find(']').expect("]");
            out.push(&v[..end]);
            rest = &v[end + 1..];
        }
        out
    }

    /// Ing's rules: a single-stone suicide is recorded as the pass it
    /// counts as, with a comment naming the point; the record reads back
    /// into the same phase.
    #[test]
    fn a_suicide_as_a_pass_is_recorded_as_a_pass() {
        use Color::{Black as B, White as W};
        let mut g = Game::new(3, Rules::ING, 8.0);
        play_all(&mut g, &[(B, "B3"), (W, "C1"), (B, "A2"), (W, "A3")]);
        let text = write(&g);
        assert!(
            text.ends_with(
                ";W[]C[White's A3 was a single-stone suicide, which counts as a pass \
                 under Ing's rules])"
            ),
            "{text}"
        );
        play_all(&mut g, &[(B, "pass")]);
        let back = crate::sgf::parse(&write(&g), None, Rules::CHINESE, 0.5).expect("reads");
        assert_eq!(back.phase(), Phase::Stopped);
        assert_eq!(back.rules(), Rules::ING);
    }

    #[test]
    fn finished_games_carry_result_territory_and_dead_stones() {
        use Color::{Black as B, White as W};
        // 5x5: Black's wall on column C, a white stone dead at A1 (`ae`).
        let mut g = Game::new(5, Rules::CHINESE, 0.5);
        play_all(
            &mut g,
            &[(B, "C1"), (W, "A1"), (B, "C2"), (W, "pass"), (B, "C3")],
        );
        play_all(&mut g, &[(W, "pass"), (B, "C4"), (W, "pass"), (B, "C5")]);
        play_all(&mut g, &[(W, "pass"), (B, "pass")]);
        assert_eq!(g.phase(), Phase::Stopped);
        assert!(!write(&g).contains("RE["), "no result before the end");
        g.agree(&[Point::parse("A1", 5).expect("A1")])
            .expect("stopped");
        let text = write(&g);
        // All 25 points are Black's: 5 stones and 20 empty or dead.
        assert_eq!(
            g.score(&[], &[]).result(g.rules().tie).to_string(),
            "B+24.5"
        );
        assert!(text.contains("RE[B+24.5]"), "{text}");
        assert!(text.contains("RU[Chinese]"));
        let tb = values(&text, "TB");
        assert_eq!(tb.len(), 20);
        assert!(tb.contains(&"ae"), "the dead stone's point is Black's");
        assert!(!tb.contains(&"ca"), "C5 is a black stone, not territory");
        assert!(!text.contains("TW["));
        assert_eq!(values(&text, "MA"), ["ae"]);
        // Loaded back, the game stands where the agreement was made (GNU
        // Go's reading: TB/TW/MA are marks); agreeing on the marked stones
        // gives the same game.
        let mut back = parse(&text, None, Rules::default(), 7.5).expect("reload");
        assert_eq!(back.phase(), Phase::Stopped);
        let marked: Vec<Point> = values(&text, "MA")
            .iter()
            .map(|v| {
                let (x, y) = (v.as_bytes()[0] - b'a', v.as_bytes()[1] - b'a');
                Point::from_coords(x, 4 - y, 5).expect("point")
            })
            .collect();
        back.agree(&marked).expect("stopped");
        assert_eq!(back, g);
        // Finished by two passes in `resumed`: the result, no dead stones.
        let mut g = Game::new(5, Rules::default(), 0.5);
        play_all(&mut g, &[(B, "C3"), (W, "pass"), (B, "pass"), (W, "pass")]);
        play_all(&mut g, &[(B, "pass")]);
        assert_eq!(g.phase(), Phase::Finished);
        let text = write(&g);
        assert!(text.contains("RE[B+24.5]"), "{text}");
        assert!(!text.contains("MA["));
        assert_eq!(parse(&text, None, Rules::CHINESE, 0.0).expect("reload"), g);
    }

    #[test]
    fn a_resigned_game_carries_one_result_and_no_count() {
        use Color::{Black as B, White as W};
        let mut g = Game::new(5, Rules::CHINESE, 0.5);
        play_all(&mut g, &[(B, "C3"), (W, "B2")]);
        let text = write_resigned(&g, B);
        assert_eq!(text.matches("RE[").count(), 1, "{text}");
        assert!(text.contains("RE[W+R]"), "{text}");
        assert!(!text.contains("TB[") && !text.contains("MA["), "{text}");
        assert_eq!(
            parse(&text, None, Rules::default(), 7.5).expect("reload"),
            g
        );
        assert!(write_resigned(&g, W).contains("RE[B+R]"));
    }

    #[test]
    fn rules_names_and_handicap_round_trip() {
        for (_, rules) in Rules::PRESETS {
            assert_eq!(rules_from_sgf(&rules_to_sgf(rules)), Some(rules));
            let g = Game::with_handicap(
                9,
                &[
                    Point::parse("C3", 9).expect("C3"),
                    Point::parse("G7", 9).expect("G7"),
                ],
                rules,
                0.5,
            );
            let text = write(&g);
            assert!(
                text.contains("HA[2]") && text.contains("AB[gc][cg]"),
                "{text}"
            );
            assert_eq!(
                parse(&text, None, Rules::default(), 7.5).expect("reload"),
                g
            );
        }
        assert_eq!(rules_to_sgf(Rules::ING), "GOE");
        assert_eq!(rules_to_sgf(Rules::NEW_ZEALAND), "NZ");
        // Handicap played as Black moves (as GUIs send it) is HA too.
        let mut g = Game::new(9, Rules::AGA, 0.5);
        play_all(&mut g, &[(Color::Black, "C3"), (Color::Black, "G7")]);
        let text = write(&g);
        assert!(text.contains("HA[2]"), "{text}");
        assert_eq!(
            parse(&text, None, Rules::default(), 7.5).expect("reload"),
            g
        );
    }

    #[test]
    fn written_games_load_back_equal() {
        let mut g = Game::new(9, Rules::SIMPLIFIED_ING, 6.5);
        for (c, v) in [
            (Color::Black, "E5"),
            (Color::White, "C3"),
            (Color::Black, "G7"),
        ] {
            g.play(Move::Play(c, Point::parse(v, 9).expect("v")))
                .expect("legal");
        }
        g.play(Move::Pass(Color::White)).expect("pass");
        let text = write(&g);
        assert!(!text.contains('\n'));
        assert_eq!(
            parse(&text, None, Rules::SIMPLIFIED_ING, 0.0).expect("reload"),
            g
        );

        let setup: Board = ". . X\n. O .\nX . .".parse().expect("diagram");
        let g = Game::with_setup(setup, 0, Color::White, Rules::SIMPLIFIED_ING, 0.0);
        let back = parse(&write(&g), None, Rules::SIMPLIFIED_ING, 0.0).expect("reload");
        assert_eq!(back, g);
    }
}
