//! `loadsgf` / `printsgf` over the `sgf-parse` crate: board size, komi,
//! handicap and set-up stones (`AB`/`AW`/`PL`), moves and passes of the
//! main line.

use std::fmt;

use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SgfProp};

use crate::board::{Board, Color, Point};
use crate::rules::{format_number, Event, Game, IllegalMove, Move, Rules};

/// Why a file could not be loaded (GTP answers `cannot load file`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError(pub String);

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LoadError {}

fn err(text: impl Into<String>) -> LoadError {
    LoadError(text.into())
}

/// Loads the main line of the SGF file at `path` up to the position before
/// move `until` (GTP `loadsgf FILE N`; all moves when `None`). Komi comes
/// from `KM` when present, else `komi`; the rules stay `rules`.
///
/// # Errors
/// Missing or unreadable file, malformed SGF, a size out of 2..=25 or not
/// square, or a move that is illegal under `rules`.
pub fn load(path: &str, until: Option<usize>, rules: Rules, komi: f64) -> Result<Game, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
    parse(&text, until, rules, komi)
}

/// [`load`] from SGF text.
///
/// # Errors
/// As [`load`].
pub fn parse(text: &str, until: Option<usize>, rules: Rules, komi: f64) -> Result<Game, LoadError> {
    check_shape(text)?;
    let trees = go::parse(text).map_err(|e| err(e.to_string()))?;
    let root = trees
        .into_iter()
        .next()
        .ok_or_else(|| err("no game in file"))?;
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) if w == h && (2..=crate::board::MAX_SIZE).contains(w) => *w,
        Some(_) => return Err(err("unsupported board size")),
        None => 19,
    };
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) if k.is_finite() => *k,
        _ => komi,
    };
    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    for node in &nodes {
        if let Some(Prop::Invalid(id, _)) = node
            .properties()
            .find(|p| matches!(p, Prop::Invalid(id, _) if MEANINGFUL.contains(&id.as_str())))
        {
            return Err(err(format!("malformed {id} property")));
        }
    }
    // Set-up stones may stand in any node before the first move.
    let first_move = nodes
        .iter()
        .position(|n| node_move(n).is_some())
        .unwrap_or(nodes.len());
    let mut cells: Vec<Option<Color>> = vec![None; usize::from(size) * usize::from(size)];
    for node in &nodes[..first_move] {
        for prop in node.properties() {
            let (color, stones) = match prop {
                Prop::AB(s) => (Some(Color::Black), s),
                Prop::AW(s) => (Some(Color::White), s),
                Prop::AE(s) => (None, s),
                _ => continue,
            };
            for stone in stones {
                let p = point(stone, size)?.ok_or_else(|| err("set-up stone off the board"))?;
                let (x, y) = p.coords();
                cells[usize::from(y) * usize::from(size) + usize::from(x)] = color;
            }
        }
    }
    let mut setup = Board::new(size);
    let (mut black, mut white) = (0u32, 0u32);
    for (i, cell) in cells.iter().enumerate() {
        let Some(color) = *cell else { continue };
        let p = Point::from_coords(
            (i % usize::from(size)) as u8,
            (i / usize::from(size)) as u8,
            size,
        )
        .ok_or_else(|| err("set-up stone off the board"))?;
        let effect = setup.play_unchecked(color, p);
        if effect.captured + effect.suicided > 0 {
            return Err(err("set-up string without liberties"));
        }
        match color {
            Color::Black => black += 1,
            Color::White => white += 1,
        }
    }
    setup
        .check_consistency()
        .map_err(|_| err("set-up string without liberties"))?;
    let first_mover = nodes
        .get(first_move)
        .and_then(|n| node_move(n))
        .map(|(c, _)| c);
    let pl = nodes[..first_move.min(nodes.len())]
        .iter()
        .find_map(|n| match n.get_property("PL") {
            Some(Prop::PL(sgf_parse::Color::Black)) => Some(Color::Black),
            Some(Prop::PL(sgf_parse::Color::White)) => Some(Color::White),
            _ => None,
        });
    let to_move = pl.or(first_mover).unwrap_or(if black > 0 && white == 0 {
        Color::White
    } else {
        Color::Black
    });
    // Black-only set-up of two or more stones is a handicap (SPEC §1.5).
    let handicap = if white == 0 && black >= 2 { black } else { 0 };
    let mut game = Game::with_setup(setup, handicap, to_move, rules, komi);
    let limit = until.map_or(usize::MAX, |n| n.saturating_sub(1));
    let mut played = 0;
    for node in &nodes[first_move..] {
        if played >= limit {
            break;
        }
        if node
            .properties()
            .any(|p| matches!(p, Prop::AB(_) | Prop::AW(_) | Prop::AE(_)))
        {
            // A game has no set-up once it started: refuse rather than load
            // a position and superko history that are not the record's.
            return Err(err("set-up stones after the first move"));
        }
        let Some((color, mv)) = node_move(node) else {
            continue;
        };
        let mv = match mv {
            go::Move::Pass => Move::Pass(color),
            go::Move::Move(p) => match point(p, size)? {
                Some(p) => Move::Play(color, p),
                None => Move::Pass(color),
            },
        };
        match game.play(mv) {
            Ok(()) => played += 1,
            // Records go on after a game finished by passes under these
            // rules (a disputed count on KGS): the game ends where ours does.
            Err(IllegalMove::GameOver) => {
                log::warn!("loadsgf: the game is over after move {played}; the rest is not loaded");
                break;
            }
            Err(e) => return Err(err(format!("move {}: {e}", played + 1))),
        }
    }
    Ok(game)
}

/// Properties whose malformed values would change the loaded game.
const MEANINGFUL: &[&str] = &["AB", "AW", "AE", "B", "W", "SZ", "KM", "PL", "HA"];

/// The move of a node: its `B` or `W` property (`MN` and `KO` are move
/// properties too, so sgf-parse's `get_move` may return one of those).
fn node_move(node: &SgfNode<Prop>) -> Option<(Color, &go::Move)> {
    node.properties().find_map(|p| match p {
        Prop::B(m) => Some((Color::Black, m)),
        Prop::W(m) => Some((Color::White, m)),
        _ => None,
    })
}

/// Most nodes and deepest variation nesting accepted. sgf-parse builds and
/// drops its tree recursively, so a hostile file (hundreds of thousands of
/// nested `(` or chained nodes) would overflow the stack and abort the
/// engine; no real game record comes near these limits.
const MAX_NODES: usize = 100_000;
const MAX_NESTING: usize = 10_000;

/// Counts nodes and nesting outside property values before parsing.
fn check_shape(text: &str) -> Result<(), LoadError> {
    let (mut nodes, mut depth, mut max_depth) = (0usize, 0usize, 0usize);
    let mut in_value = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_value {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, ']') => in_value = false,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '[' => in_value = true,
            ';' => nodes += 1,
            '(' => {
                depth += 1;
                max_depth = max_depth.max(depth);
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if nodes > MAX_NODES || max_depth > MAX_NESTING {
        return Err(err("file too deeply nested or too long"));
    }
    Ok(())
}

/// An SGF point on a board of `size`; `tt` on boards up to 19 is a pass
/// (FF[3] style), returned as `None`.
fn point(p: &go::Point, size: u8) -> Result<Option<Point>, LoadError> {
    if p.x >= size || p.y >= size {
        return if size <= 19 && p.x == 19 && p.y == 19 {
            Ok(None)
        } else {
            Err(err("point off the board"))
        };
    }
    Ok(Point::from_coords(p.x, size - 1 - p.y, size))
}

fn sgf_point(p: Point, size: u8) -> String {
    let (x, y) = p.coords();
    format!("{}{}", (b'a' + x) as char, (b'a' + (size - 1 - y)) as char)
}

fn prop(id: &str, values: Vec<String>) -> Prop {
    Prop::new(id.to_string(), values)
}

/// The game as SGF text on one line: root with size, komi, rules,
/// handicap and set-up stones, then one node per move.
pub fn write(game: &Game) -> String {
    let size = game.size();
    let setup = game.setup();
    let mut root = vec![
        prop("GM", vec!["1".into()]),
        prop("FF", vec!["4".into()]),
        prop("CA", vec!["UTF-8".into()]),
        prop("AP", vec![format!("ingo:{}", env!("CARGO_PKG_VERSION"))]),
        prop("SZ", vec![size.to_string()]),
        prop("KM", vec![format_number(game.komi())]),
        prop("RU", vec![game.rules().to_string()]),
    ];
    let stones = |c: Color| -> Vec<String> {
        setup
            .points()
            .filter(|&p| setup.color_at(p) == Some(c))
            .map(|p| sgf_point(p, size))
            .collect()
    };
    let (black, white) = (stones(Color::Black), stones(Color::White));
    if white.is_empty() && black.len() >= 2 {
        root.push(prop("HA", vec![black.len().to_string()]));
    }
    if !black.is_empty() {
        root.push(prop("AB", black));
    }
    if !white.is_empty() {
        root.push(prop("AW", white));
    }
    if !setup.is_clear() {
        let first = game.moves().next().map_or(game.to_move(), Move::color);
        root.push(prop("PL", vec![first.letter().to_string()]));
    }
    let mut nodes: Vec<Vec<Prop>> = game
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Move(m) => Some(*m),
            _ => None,
        })
        .map(|m| match m {
            Move::Play(c, p) => vec![prop(&c.letter().to_string(), vec![sgf_point(p, size)])],
            Move::Pass(c) => vec![prop(&c.letter().to_string(), vec![String::new()])],
        })
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Phase;

    #[test]
    fn loads_moves_passes_komi_and_handicap() {
        let text = "(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[cg][gc];W[ee];B[dd];W[];B[tt])";
        let g = parse(text, None, Rules::CHINESE, 7.5).expect("sgf");
        assert_eq!(g.size(), 9);
        assert_eq!(g.komi(), 0.5);
        assert_eq!(g.handicap(), 2);
        assert_eq!(g.board().stone_count(Color::Black), 3);
        assert_eq!(
            g.board().color_at(Point::parse("E5", 9).expect("E5")),
            Some(Color::White)
        );
        assert_eq!(g.phase(), Phase::Stopped);
        let part = parse(text, Some(2), Rules::CHINESE, 7.5).expect("sgf");
        assert_eq!(part.moves().count(), 1, "the position before move 2");
        assert_eq!(part.to_move(), Color::Black);
    }

    #[test]
    fn reads_what_real_records_contain() {
        let rules = Rules::SIMPLIFIED_ING;
        // MN (a move property too) before B in a node.
        let g = parse("(;SZ[5];MN[3]B[aa])", None, rules, 0.0).expect("sgf");
        assert_eq!(
            g.board().color_at(Point::parse("A5", 5).expect("A5")),
            Some(Color::Black)
        );
        // Set-up in a node after the root, and AE removing a stone.
        let g = parse("(;SZ[5]AB[aa][bb];AE[aa]AW[cc];W[dd])", None, rules, 0.0).expect("sgf");
        assert_eq!(g.setup().stone_count(Color::Black), 1);
        assert_eq!(g.setup().stone_count(Color::White), 1);
        assert_eq!(g.moves().count(), 1);
        // Play going on after the game ended by passes: loaded to the end
        // of the game (stopped, resumed, finished), the rest left out.
        let g = parse("(;SZ[5];B[];W[];B[];W[];B[cc])", None, rules, 0.0).expect("sgf");
        assert_eq!(g.phase(), crate::rules::Phase::Finished);
        assert_eq!(g.moves().count(), 4);
    }

    #[test]
    fn rejects_bad_files() {
        for bad in [
            "",
            "(;SZ[30])",
            "(;SZ[9:7])",
            "(;SZ[9];B[ee];W[ee])",
            "not sgf",
            "(;SZ[9];B[zz])",
        ] {
            assert!(
                parse(bad, None, Rules::SIMPLIFIED_ING, 7.5).is_err(),
                "{bad}"
            );
        }
        assert!(load("/nonexistent/x.sgf", None, Rules::SIMPLIFIED_ING, 7.5).is_err());
        // Far past the limits: refused before sgf-parse could recurse.
        let deep = "(;".repeat(300_000) + &")".repeat(300_000);
        assert!(parse(&deep, None, Rules::SIMPLIFIED_ING, 7.5).is_err());
        let long = format!("(;GM[1]{})", ";B[]".repeat(400_000));
        assert!(parse(&long, None, Rules::SIMPLIFIED_ING, 7.5).is_err());
        // Brackets inside values do not count.
        assert!(check_shape("(;C[((((\\]((;;;])").is_ok());
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
