//! Loading the main line of an SGF record into a [`Game`].

use sgf_parse::go::{self, Prop};
use sgf_parse::SgfNode;

use super::charset::decode;
use super::error::{err, LoadError};
use super::repair::{check_shape, first_tree};
use crate::board::{Board, Color, Point, MAX_SIZE};
use crate::rules::{handicap, Game, IllegalMove, Move, Rules};

/// Where `loadsgf FILE N|VERTEX` stops (GNU Go reads both forms).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Until {
    /// The position before move N (1-based: 0 and 1 are the start).
    Move(usize),
    /// The position before the first move on this vertex (GTP text, read
    /// against the file's board size); the whole line if it is never played.
    Vertex(String),
}

/// Loads the main line of the SGF file at `path` up to `until` (all moves
/// when `None`). The rules come from `RU` when it names a rule set ingo
/// has ([`rules_from_sgf`]), else `rules`; komi from `KM`, else `komi`.
///
/// # Errors
/// Missing or unreadable file, malformed SGF, a size out of 2..=25 or not
/// square, or a move that is illegal under the rules. The error says
/// which, in words for the user.
pub fn load(path: &str, until: Option<&Until>, rules: Rules, komi: f64) -> Result<Game, LoadError> {
    use std::io::{ErrorKind, Read};
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| match e.kind() {
            ErrorKind::NotFound => err("no such file"),
            ErrorKind::IsADirectory => err("a directory, not a file"),
            ErrorKind::PermissionDenied => err("permission denied"),
            _ => err(e.to_string()),
        })?;
    // A path like /dev/zero must not eat the memory.
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(err("file too large"));
    }
    parse(&decode(&bytes), until, rules, komi)
}

/// Largest file `loadsgf` reads: far above any game record or collection
/// people load (the largest in GNU Go 3.8's sources is 16 kB).
const MAX_FILE_BYTES: u64 = 32 << 20;

/// The rule set an SGF `RU` value means, among ingo's (`Japanese`,
/// `Korean` and their short forms are the territory rule sets; Ing's Goe
/// rules are `ing`). `None` for a value ingo has no rule set for.
pub fn rules_from_sgf(ru: &str) -> Option<Rules> {
    let name = ru.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    if let Ok(rules) = name.parse::<Rules>() {
        return Some(rules);
    }
    match name.as_str() {
        "cn" | "chinese-rules" => Some(Rules::CHINESE),
        "jp" | "japanese-rules" | "jpn" => Some(Rules::JAPANESE),
        "kr" | "korean-rules" | "kor" => Some(Rules::KOREAN),
        "nz" | "newzealand" => Some(Rules::NEW_ZEALAND),
        "goe" | "ing-goe" | "ing-sst" | "sst" => Some(Rules::ING),
        "tt" | "tromp/taylor" | "tromptaylor" => Some(Rules::TROMP_TAYLOR),
        "egf" | "simplified-ing-rules" => Some(Rules::SIMPLIFIED_ING),
        _ => None,
    }
}

/// [`load`] from SGF text.
///
/// # Errors
/// As [`load`].
pub fn parse(
    text: &str,
    until: Option<&Until>,
    rules: Rules,
    komi: f64,
) -> Result<Game, LoadError> {
    let tree = first_tree(text)?;
    check_shape(&tree)?;
    let trees = go::parse(&tree).map_err(|e| err(e.to_string()))?;
    let root = trees
        .into_iter()
        .next()
        .ok_or_else(|| err("no game in file"))?;
    let size = match root.get_property("SZ") {
        Some(Prop::SZ((w, h))) if w == h && (2..=MAX_SIZE).contains(w) => *w,
        Some(Prop::SZ((w, h))) => {
            let size = if w == h {
                w.to_string()
            } else {
                format!("{w}:{h}")
            };
            return Err(err(format!(
                "unsupported board size {size} (square boards of 2 to {MAX_SIZE} are supported)"
            )));
        }
        Some(_) => return Err(err("malformed SZ property")),
        None => 19,
    };
    let named = match root.get_property("RU") {
        Some(Prop::RU(ru)) => rules_from_sgf(&ru.text).or_else(|| {
            log::info!("loadsgf: no rule set for RU[{}]; keeping {rules}", ru.text);
            None
        }),
        _ => None,
    };
    // Without KM, a rule set the record names brings its own komi (8 for
    // Ing's rules, 6.5 for the territory rules); else the komi stays.
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) if k.is_finite() => *k,
        _ => named.and_then(Rules::default_komi).unwrap_or(komi),
    };
    let rules = named.unwrap_or(rules);
    let stop_at = match until {
        Some(Until::Vertex(v)) => Some(
            Point::parse(v, size)
                .map_err(|_| err(format!("{v} is not a point of the {size}x{size} board")))?,
        ),
        _ => None,
    };
    let nodes: Vec<&SgfNode<Prop>> = root.main_variation().collect();
    // PL is checked where it is read (`player`): FF[3]'s 1 and 2 are fine.
    for node in &nodes {
        if let Some(Prop::Invalid(id, _)) = node.properties().find(|p| {
            matches!(p, Prop::Invalid(id, values)
                if MEANINGFUL.contains(&id.as_str()) && !no_handicap(id, values) && id != "PL")
        }) {
            return Err(err(format!("malformed {id} property")));
        }
    }
    // Set-up stones may stand in any node before the first move.
    let first_move = nodes
        .iter()
        .position(|n| !node_moves(n).is_empty())
        .unwrap_or(nodes.len());
    let mut cells: Vec<Option<Color>> = vec![None; usize::from(size) * usize::from(size)];
    let mut pl = None;
    for node in &nodes[..first_move] {
        pl = player(node)?.or(pl);
        for prop in node.properties() {
            let (color, stones) = match prop {
                Prop::AB(s) => (Some(Color::Black), s),
                Prop::AW(s) => (Some(Color::White), s),
                Prop::AE(s) => (None, s),
                _ => continue,
            };
            for stone in stones {
                let p = point(stone, size)?.ok_or_else(|| {
                    err(format!("set-up stone {} off the board", sgf_text(stone)))
                })?;
                let (x, y) = p.coords();
                cells[usize::from(y) * usize::from(size) + usize::from(x)] = color;
            }
        }
    }
    let first_mover = nodes
        .get(first_move)
        .and_then(|n| node_moves(n).first().map(|&(c, _)| c));
    let ha = match root.get_property("HA") {
        Some(Prop::HA(n)) => u32::try_from(*n).unwrap_or(u32::MAX),
        _ => 0,
    };
    // HA[n] with no stones given: the handicap is the fixed one, placed as
    // GNU Go places it, when White moves first.
    if ha >= 2 && cells.iter().all(Option::is_none) && pl.or(first_mover) == Some(Color::White) {
        let points =
            handicap::fixed_points(size, ha).ok_or_else(|| err("HA without its stones"))?;
        for p in points {
            let (x, y) = p.coords();
            cells[usize::from(y) * usize::from(size) + usize::from(x)] = Some(Color::Black);
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
    // With neither PL nor a move to tell, HA says whether Black's stones
    // were a handicap (White to move), as in GNU Go.
    let to_move = pl
        .or(first_mover)
        .unwrap_or(if ha >= 2 { Color::White } else { Color::Black });
    // Black-only set-up of two or more stones is a handicap (SPEC §1.5).
    let handicap = if white == 0 && black >= 2 { black } else { 0 };
    let mut game = Game::with_setup(setup, handicap, to_move, rules, komi);
    let limit = match until {
        Some(Until::Move(n)) => n.saturating_sub(1),
        _ => usize::MAX,
    };
    let mut played = 0;
    let last_move = nodes
        .iter()
        .rposition(|n| !node_moves(n).is_empty())
        .unwrap_or(0);
    'nodes: for (i, node) in nodes.iter().enumerate().skip(first_move) {
        if node
            .properties()
            .any(|p| matches!(p, Prop::AB(_) | Prop::AW(_)))
        {
            // A game has no set-up once it started: refuse rather than load
            // a position and superko history that are not the record's.
            return Err(err("set-up stones after the first move"));
        }
        if node.properties().any(|p| matches!(p, Prop::AE(_))) {
            if i < last_move {
                return Err(err("set-up stones after the first move"));
            }
            // AE with no move after it: old editors (Jago, CGoban 1)
            // removed the dead stones so at the end of a record, next to
            // TB/TW. It is the count, not play: the game stays as played
            // (GNU Go's loadsgf ignores AE too).
            log::info!("loadsgf: AE at the end of the record (dead stones) not applied");
        }
        // Some programs write two moves in a node (`B[tt]W[tt]`); GNU Go
        // plays them in order.
        for (color, mv) in node_moves(node) {
            if played >= limit {
                break 'nodes;
            }
            let number = played + 1;
            let mv = match mv {
                go::Move::Pass => Move::Pass(color),
                go::Move::Move(p) => {
                    match point(p, size).map_err(|e| err(format!("move {number}: {e}")))? {
                        Some(p) => Move::Play(color, p),
                        None => Move::Pass(color),
                    }
                }
            };
            if let (Move::Play(_, p), Some(stop)) = (mv, stop_at) {
                if p == stop {
                    break 'nodes;
                }
            }
            match game.play(mv) {
                Ok(()) => played += 1,
                // Records go on after a game finished by passes under these
                // rules (a disputed count on KGS): the game ends where ours does.
                Err(IllegalMove::GameOver) => {
                    log::warn!(
                        "loadsgf: the game is over after move {played}; the rest is not loaded"
                    );
                    break 'nodes;
                }
                Err(e) => {
                    let (color, vertex) = match mv {
                        Move::Play(c, p) => (c, p.vertex().to_string()),
                        Move::Pass(c) => (c, "pass".to_string()),
                    };
                    return Err(err(format!("move {number}, {color} {vertex}: {e}")));
                }
            }
        }
        if let Some(c) = player(node)? {
            if c != game.to_move() {
                // The player to move is the moves' business once they
                // started; a game cannot skip a turn.
                return Err(err("PL after the first move contradicts the moves"));
            }
        }
    }
    Ok(game)
}

/// Properties whose malformed values would change the loaded game.
const MEANINGFUL: &[&str] = &["AB", "AW", "AE", "B", "W", "SZ", "KM", "PL", "HA"];

/// `HA[0]` and `HA[1]`: no handicap, as GNU Go and most servers write it
/// (sgf-parse accepts only 2 and more).
fn no_handicap(id: &str, values: &[String]) -> bool {
    id == "HA" && matches!(values, [v] if matches!(v.trim(), "0" | "1"))
}

/// The moves of a node: its `B` and `W` properties, in order (`MN` and
/// `KO` are move properties too, so sgf-parse's `get_move` may return one
/// of those).
fn node_moves(node: &SgfNode<Prop>) -> Vec<(Color, &go::Move)> {
    node.properties()
        .filter_map(|p| match p {
            Prop::B(m) => Some((Color::Black, m)),
            Prop::W(m) => Some((Color::White, m)),
            _ => None,
        })
        .collect()
}

/// The node's `PL`. FF[3]'s property list wrote the colours as 1 (Black)
/// and 2 (White), and some programs followed it.
fn player(node: &SgfNode<Prop>) -> Result<Option<Color>, LoadError> {
    Ok(match node.get_property("PL") {
        Some(Prop::PL(sgf_parse::Color::Black)) => Some(Color::Black),
        Some(Prop::PL(sgf_parse::Color::White)) => Some(Color::White),
        Some(Prop::Invalid(_, values)) => match values.as_slice() {
            [v] if v.trim() == "1" => Some(Color::Black),
            [v] if v.trim() == "2" => Some(Color::White),
            _ => return Err(err("malformed PL property")),
        },
        _ => None,
    })
}

/// An SGF point on a board of `size`; `tt` on boards up to 19 is a pass
/// (FF[3] style), returned as `None`.
fn point(p: &go::Point, size: u8) -> Result<Option<Point>, LoadError> {
    if p.x >= size || p.y >= size {
        return if size <= 19 && p.x == 19 && p.y == 19 {
            Ok(None)
        } else {
            Err(err(format!(
                "point {} is off the {size}x{size} board",
                sgf_text(p)
            )))
        };
    }
    Ok(Point::from_coords(p.x, size - 1 - p.y, size))
}

/// A point as the record writes it (`a` to `z`, then `A` to `Z`).
fn sgf_text(p: &go::Point) -> String {
    let letter = |i: u8| match i {
        0..=25 => char::from(b'a' + i),
        26..=51 => char::from(b'A' + i - 26),
        _ => '?',
    };
    format!("{}{}", letter(p.x), letter(p.y))
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
        let part = parse(text, Some(&Until::Move(2)), Rules::CHINESE, 7.5).expect("sgf");
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

    fn stone(g: &Game, vertex: &str) -> Option<Color> {
        g.board()
            .color_at(Point::parse(vertex, g.size()).expect("vertex"))
    }

    #[test]
    fn ha_0_and_1_mean_no_handicap() {
        for ha in ["0", "1", " 0 "] {
            let text = format!("(;GM[1]SZ[9]HA[{ha}]KM[7.5];B[ee];W[cc])");
            let g = parse(&text, None, Rules::default(), 0.0).expect(&text);
            assert_eq!(g.handicap(), 0);
            assert_eq!(g.moves().count(), 2);
        }
        for bad in ["-1", "x", "1.5"] {
            let text = format!("(;GM[1]SZ[9]HA[{bad}];B[ee])");
            assert!(parse(&text, None, Rules::default(), 0.0).is_err(), "{text}");
        }
    }

    #[test]
    fn ha_without_stones_places_the_fixed_handicap() {
        // GNU Go's reading: White moves first on an empty board.
        let g = parse("(;SZ[9]HA[2];W[ee])", None, Rules::default(), 0.0).expect("sgf");
        assert_eq!(g.handicap(), 2);
        assert_eq!(stone(&g, "G7"), Some(Color::Black));
        assert_eq!(stone(&g, "C3"), Some(Color::Black));
        assert_eq!(g.to_move(), Color::Black);
        // Black moving first: the handicap was played as moves (or never).
        let g = parse("(;SZ[9]HA[2];B[ee])", None, Rules::default(), 0.0).expect("sgf");
        assert_eq!(g.board().stone_count(Color::Black), 1);
        // No move at all: the colour to move says it.
        let g = parse("(;SZ[9]HA[3]AB[cc][gg][cg])", None, Rules::default(), 0.0).expect("sgf");
        assert_eq!(g.to_move(), Color::White);
        let g = parse("(;SZ[9]AB[cc][gg])", None, Rules::default(), 0.0).expect("sgf");
        assert_eq!(g.to_move(), Color::Black, "a diagram, not a handicap");
        assert!(parse("(;SZ[9]HA[12];W[ee])", None, Rules::default(), 0.0).is_err());
    }

    #[test]
    fn charsets() {
        // CA[ISO-8859-1]: é is one byte, and the file is no UTF-8.
        let latin = b"(;GM[1]CA[ISO-8859-1]SZ[9]PB[Ren\xe9]C[caf\xe9];B[ee])".to_vec();
        let latin = unescape(&latin);
        assert!(std::str::from_utf8(&latin).is_err());
        let text = decode(&latin);
        assert!(text.contains("PB[Ren\u{e9}]"), "{text}");
        assert_eq!(
            parse(&text, None, Rules::default(), 0.0)
                .expect("sgf")
                .moves()
                .count(),
            1
        );
        // The CA of the tree, not of parentheses in text before it.
        let mailed = unescape(b"Black (B) vs (W)\n(;CA[Shift_JIS]SZ[9]C[\x83\x5d];B[ee])");
        assert!(decode(&mailed).contains("C[\u{fffd}]"));
        // No CA and not UTF-8: Latin-1.
        let bare = unescape(b"(;SZ[9]C[\xe9t\xe9];B[ee])");
        assert!(decode(&bare).contains("C[\u{e9}t\u{e9}]"));
        // No CA, valid UTF-8: UTF-8 (and a byte-order mark is dropped).
        let utf8 = "\u{feff}(;SZ[9]C[été];B[ee])".as_bytes();
        assert!(decode(utf8).starts_with("(;SZ[9]C[été]"));
        // CA[UTF-8] that is not: Latin-1 rather than a refusal.
        let liar = unescape(b"(;CA[utf-8]SZ[9]C[\xe9];B[ee])");
        assert!(decode(&liar).contains("C[\u{e9}]"));
        // Shift_JIS: the trail byte of ゾ (83 5D) is `]`, which must not end
        // the comment; the comment's text itself is not kept.
        let sjis = unescape(b"(;CA[Shift_JIS]SZ[9]C[\x83\x5d];B[ee])");
        let text = decode(&sjis);
        assert!(text.contains("C[\u{fffd}]"), "{text}");
        let g = parse(&text, None, Rules::default(), 0.0).expect("sgf");
        assert_eq!(g.moves().count(), 1);
        // GB18030 four-byte characters.
        let gb = unescape(b"(;CA[GB18030]SZ[9]C[\x81\x30\x81\x30\x5d];B[ee])");
        assert!(decode(&gb).contains("C[\u{fffd}]]"));
    }

    /// Bytes from a literal with `\xNN` escapes (the test SGFs hold
    /// bytes that are no UTF-8).
    fn unescape(text: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < text.len() {
            if text[i..].starts_with(b"\\x") {
                let hex = std::str::from_utf8(&text[i + 2..i + 4]).expect("hex");
                out.push(u8::from_str_radix(hex, 16).expect("hex"));
                i += 4;
            } else {
                out.push(text[i]);
                i += 1;
            }
        }
        out
    }

    #[test]
    fn syntax_other_readers_accept() {
        let rules = Rules::default();
        let moves = |text: &str| parse(text, None, rules, 0.0).map(|g| g.moves().count());
        // Text before the tree (a mail header, a copyright), and after it.
        assert_eq!(
            moves("Game record (B) below:\n(;SZ[9];B[ee])\n---\nbye ;)"),
            Ok(1)
        );
        // A tree cut off after a node.
        assert_eq!(moves("(;SZ[9];B[ee];W[cc]\n"), Ok(2));
        assert_eq!(moves("(;SZ[9](;B[ee];W[cc]"), Ok(2));
        // ...but not inside a value.
        assert!(moves("(;SZ[9];B[ee];W[cc").is_err());
        // GM and FF repeated in the root with the same value.
        assert_eq!(moves("(;FF[4]GM[1]GM[1]FF[4]SZ[9];B[ee])"), Ok(1));
        assert!(moves("(;GM[1]GM[2]SZ[9];B[ee])").is_err());
        // Two moves in one node, played in order.
        assert_eq!(moves("(;SZ[9];B[ee];W[tt]B[tt])"), Ok(3));
        // PL with FF[3]'s digits.
        let g = parse("(;SZ[9]AB[ee]PL[2])", None, rules, 0.0).expect("sgf");
        assert_eq!(g.to_move(), Color::White);
        assert!(moves("(;SZ[9]AB[ee]PL[3])").is_err());
        // PL after the moves started: accepted when it agrees with them.
        assert_eq!(moves("(;SZ[9];B[ee]PL[W];W[cc])"), Ok(2));
        assert!(moves("(;SZ[9];B[ee];W[tt]PL[W])").is_err());
        // AE at the very end removes dead stones for the count (Jago,
        // CGoban 1): the game is loaded as played. Earlier, it is set-up.
        let g = parse("(;SZ[9];B[ee];W[cc];B[];AE[ee]TW[ee])", None, rules, 0.0).expect("sgf");
        assert_eq!(stone(&g, "E5"), Some(Color::Black));
        assert_eq!(moves("(;SZ[9];B[ee];W[tt]AE[ee])"), Ok(2));
        assert!(moves("(;SZ[9];B[ee];AE[ee];W[cc])").is_err());
        assert!(moves("(;SZ[9];B[ee];W[cc];AB[aa])").is_err());
        // Brackets and parentheses inside values.
        assert_eq!(moves("x (;SZ[9]C[(;B\\] )(];B[ee])"), Ok(1));
    }

    #[test]
    fn until_a_move_number_or_a_vertex() {
        let text = "(;SZ[9];B[ee];W[cc];B[gg];W[ef])";
        let at = |until: Until| parse(text, Some(&until), Rules::default(), 0.0).expect("sgf");
        assert_eq!(at(Until::Move(3)).moves().count(), 2);
        assert_eq!(at(Until::Move(0)).moves().count(), 0);
        // The first move on G3 is move 3, on E5 move 1.
        assert_eq!(at(Until::Vertex("g3".into())).moves().count(), 2);
        assert_eq!(at(Until::Vertex("E5".into())).moves().count(), 0);
        assert_eq!(at(Until::Vertex("A1".into())).moves().count(), 4);
        let off = parse(
            text,
            Some(&Until::Vertex("T19".into())),
            Rules::default(),
            0.0,
        );
        assert!(off.is_err(), "T19 is not on a 9x9 board");
    }

    #[test]
    fn ru_chooses_the_rules() {
        for (ru, rules) in [
            ("Chinese", Rules::CHINESE),
            ("Japanese", Rules::JAPANESE),
            ("JP", Rules::JAPANESE),
            ("korean", Rules::KOREAN),
            ("AGA", Rules::AGA),
            ("NZ", Rules::NEW_ZEALAND),
            ("New Zealand", Rules::NEW_ZEALAND),
            ("GOE", Rules::ING),
            ("Ing", Rules::ING),
            ("Tromp-Taylor", Rules::TROMP_TAYLOR),
            ("simplified-ing", Rules::SIMPLIFIED_ING),
        ] {
            assert_eq!(rules_from_sgf(ru), Some(rules), "{ru}");
            let text = format!("(;SZ[9]RU[{ru}]KM[0.5];B[ee])");
            let g = parse(&text, None, Rules::TROMP_TAYLOR, 7.5).expect("sgf");
            assert_eq!(g.rules(), rules, "{ru}");
            assert_eq!(g.komi(), 0.5);
        }
        assert_eq!(rules_from_sgf("koPOSITIONALscoreAREAsui1"), None);
        for (ru, komi) in [
            ("Ing", 8.0),
            ("GOE", 8.0),
            ("Japanese", 6.5),
            ("Chinese", 7.5),
        ] {
            let text = format!("(;SZ[9]RU[{ru}];B[ee])");
            let g = parse(&text, None, Rules::AGA, 7.5).expect("sgf");
            assert_eq!(g.komi(), komi, "RU[{ru}] without KM");
        }
        let g = parse("(;SZ[9]RU[Martian];B[ee])", None, Rules::AGA, 7.5).expect("sgf");
        assert_eq!(g.rules(), Rules::AGA, "unknown RU keeps the rules");
        assert_eq!(g.komi(), 7.5, "no KM keeps the komi");
    }

    /// Each refusal says why, and a board too large names the sizes there
    /// are.
    #[test]
    fn refusals_give_the_reason() {
        let why = |text: &str| {
            parse(text, None, Rules::SIMPLIFIED_ING, 7.5)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        let sizes = "(square boards of 2 to 25 are supported)";
        assert_eq!(
            why("(;SZ[30])"),
            Err(format!("unsupported board size 30 {sizes}"))
        );
        assert_eq!(
            why("(;SZ[1])"),
            Err(format!("unsupported board size 1 {sizes}"))
        );
        assert_eq!(
            why("(;SZ[9:7])"),
            Err(format!("unsupported board size 9:7 {sizes}"))
        );
        assert_eq!(why("(;SZ[x])"), Err("malformed SZ property".into()));
        assert_eq!(
            why("(;SZ[9];B[ee];W[cc];B[gg];W[ee])"),
            Err("move 4, white E5: point is occupied".into())
        );
        assert_eq!(
            why("(;SZ[9];B[ee];W[zz])"),
            Err("move 2: point zz is off the 9x9 board".into())
        );
        assert_eq!(
            why("(;SZ[9]AB[jj])"),
            Err("point jj is off the 9x9 board".into())
        );
        assert_eq!(why("not sgf"), Err("no game in file".into()));
        let until = Until::Vertex("Q16".into());
        assert_eq!(
            parse("(;SZ[9];B[ee])", Some(&until), Rules::CHINESE, 7.5).map(|_| ()),
            Err(err("Q16 is not a point of the 9x9 board"))
        );
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
        assert_eq!(
            load("/nonexistent/x.sgf", None, Rules::SIMPLIFIED_ING, 7.5),
            Err(err("no such file"))
        );
        assert_eq!(
            load("/", None, Rules::SIMPLIFIED_ING, 7.5),
            Err(err("a directory, not a file"))
        );
        assert_eq!(
            load("/dev/zero", None, Rules::SIMPLIFIED_ING, 7.5),
            Err(err("file too large"))
        );
        // Far past the limits: refused before sgf-parse could recurse.
        let deep = "(;".repeat(300_000) + &")".repeat(300_000);
        assert!(parse(&deep, None, Rules::SIMPLIFIED_ING, 7.5).is_err());
        let long = format!("(;GM[1]{})", ";B[]".repeat(400_000));
        assert!(parse(&long, None, Rules::SIMPLIFIED_ING, 7.5).is_err());
        // Brackets inside values do not count.
        assert!(check_shape("(;C[((((\\]((;;;])").is_ok());
    }
}
