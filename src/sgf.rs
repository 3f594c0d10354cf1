//! `loadsgf` / `printsgf` over the `sgf-parse` crate: board size, komi,
//! rules, handicap and set-up stones (`AB`/`AW`/`PL`), moves and passes of
//! the main line; on writing also the result and the agreed dead stones.

use std::fmt;

use sgf_parse::go::{self, Prop};
use sgf_parse::{SgfNode, SgfProp};

use crate::board::{Board, Color, Point};
use crate::rules::{
    area_owners, format_number, handicap, Event, Game, IllegalMove, Move, Phase, Rules,
};

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
/// square, or a move that is illegal under the rules.
pub fn load(path: &str, until: Option<&Until>, rules: Rules, komi: f64) -> Result<Game, LoadError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| err(e.to_string()))?;
    // A path like /dev/zero must not eat the memory.
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(err("file too large"));
    }
    parse(&decode(&bytes), until, rules, komi)
}

/// Largest file `loadsgf` reads: far above any game record or collection
/// people load (the largest in GNU Go 3.8's sources is 16 kB).
const MAX_FILE_BYTES: u64 = 32 << 20;

/// The rule set an SGF `RU` value means, among ingo's. Territory rule sets
/// (Japanese, Korean) map to Chinese, the closest area rule set, as
/// `kgs-rules japanese` does; Ing's Goe rules are `ing`. `None` for a
/// value ingo has no rule set for.
pub fn rules_from_sgf(ru: &str) -> Option<Rules> {
    let name = ru.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    if let Ok(rules) = name.parse::<Rules>() {
        return Some(rules);
    }
    match name.as_str() {
        "cn" | "chinese-rules" | "japanese" | "jp" | "korean" | "kr" => Some(Rules::CHINESE),
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
        Some(Prop::SZ((w, h))) if w == h && (2..=crate::board::MAX_SIZE).contains(w) => *w,
        Some(_) => return Err(err("unsupported board size")),
        None => 19,
    };
    let komi = match root.get_property("KM") {
        Some(Prop::KM(k)) if k.is_finite() => *k,
        _ => komi,
    };
    let rules = match root.get_property("RU") {
        Some(Prop::RU(ru)) => rules_from_sgf(&ru.text).unwrap_or_else(|| {
            log::info!("loadsgf: no rule set for RU[{}]; keeping {rules}", ru.text);
            rules
        }),
        _ => rules,
    };
    let stop_at = match until {
        Some(Until::Vertex(v)) => Some(
            Point::parse(v, size).map_err(|_| err(format!("{v} is not a point of the board")))?,
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
                let p = point(stone, size)?.ok_or_else(|| err("set-up stone off the board"))?;
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
            let mv = match mv {
                go::Move::Pass => Move::Pass(color),
                go::Move::Move(p) => match point(p, size)? {
                    Some(p) => Move::Play(color, p),
                    None => Move::Pass(color),
                },
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
                Err(e) => return Err(err(format!("move {}: {e}", played + 1))),
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

/// The text of an SGF file's bytes. The root's `CA` names the charset;
/// without one, UTF-8 when the bytes are valid UTF-8, else Latin-1 (the
/// FF[4] default, and what old servers wrote). ingo reads only ASCII
/// properties (points, numbers, rules), so a charset it has no table for
/// only has to keep the structure intact: single-byte ones are read byte
/// for byte, and in the East Asian multi-byte ones every multi-byte
/// character becomes U+FFFD, so that a trail byte equal to `]` or `\`
/// (Shift_JIS, Big5, GBK) cannot end or escape a value.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let charset = root_charset(bytes).map(|c| {
        c.to_ascii_lowercase()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect::<String>()
    });
    let utf8_or_latin1 = |bytes: &[u8]| match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => latin1(bytes),
    };
    let Some(charset) = charset else {
        return utf8_or_latin1(bytes);
    };
    match charset.as_str() {
        "utf8" => {
            if std::str::from_utf8(bytes).is_err() {
                log::warn!("loadsgf: CA[UTF-8] but not UTF-8; read as Latin-1");
            }
            utf8_or_latin1(bytes)
        }
        c if SINGLE_BYTE.iter().any(|p| c.starts_with(p)) => latin1(bytes),
        c => match multi_byte_width(c) {
            Some(width) => decode_multi_byte(bytes, width),
            None => {
                log::warn!("loadsgf: unknown charset {c:?}; read as UTF-8 or Latin-1");
                utf8_or_latin1(bytes)
            }
        },
    }
}

/// Normalised name prefixes of charsets with one byte per character.
const SINGLE_BYTE: &[&str] = &[
    "iso8859",
    "latin",
    "l1",
    "usascii",
    "ascii",
    "cp125",
    "windows125",
    "cp437",
    "cp850",
    "koi8",
    "macroman",
];

/// How many bytes the character starting with `lead` (>= 0x80) takes,
/// given the byte after it, in a multi-byte charset.
type Width = fn(u8, Option<u8>) -> usize;

fn multi_byte_width(charset: &str) -> Option<Width> {
    Some(match charset {
        "shiftjis" | "sjis" | "cp932" | "windows31j" | "mskanji" => |lead, _| match lead {
            0x81..=0x9F | 0xE0..=0xFC => 2,
            _ => 1,
        },
        "big5" | "big5hkscs" | "cp950" | "euckr" | "cp949" | "uhc" | "ksc56011987" | "gbk"
        | "gb2312" | "cp936" | "euccn" | "hz" => |lead, _| match lead {
            0x81..=0xFE => 2,
            _ => 1,
        },
        "gb18030" => |lead, next| match (lead, next) {
            (0x81..=0xFE, Some(0x30..=0x39)) => 4,
            (0x81..=0xFE, _) => 2,
            _ => 1,
        },
        "eucjp" => |lead, _| match lead {
            0x8F => 3,
            0x8E | 0xA1..=0xFE => 2,
            _ => 1,
        },
        _ => return None,
    })
}

fn decode_multi_byte(bytes: &[u8], width: Width) -> String {
    let mut text = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii() {
            text.push(char::from(b));
            i += 1;
        } else {
            text.push(char::REPLACEMENT_CHARACTER);
            i += width(b, bytes.get(i + 1).copied()).max(1);
        }
    }
    text
}

/// ISO-8859-1: every byte is the code point of the same number.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The value of `CA` in the first node, read from the raw bytes (the
/// charset is needed before the text can be decoded).
fn root_charset(bytes: &[u8]) -> Option<String> {
    // The tree starts where first_tree finds it: text before it may hold
    // parentheses ("Black (B) vs White (W)").
    let start = (0..bytes.len()).find(|&i| {
        bytes[i] == b'('
            && bytes[i + 1..]
                .iter()
                .find(|b| !b.is_ascii_whitespace())
                .is_some_and(|&b| b == b';')
    })?;
    let mut ident = Vec::new();
    let mut in_value = false;
    let mut escaped = false;
    let mut value = Vec::new();
    let mut capture = false;
    let mut nodes = 0;
    for &b in &bytes[start + 1..] {
        if in_value {
            match (escaped, b) {
                (false, b'\\') => escaped = true,
                (false, b']') => {
                    in_value = false;
                    if capture {
                        return Some(String::from_utf8_lossy(&value).trim().to_string());
                    }
                }
                _ => {
                    escaped = false;
                    if capture {
                        value.push(b);
                    }
                }
            }
            continue;
        }
        match b {
            b'[' => {
                in_value = true;
                if !ident.is_empty() {
                    capture = ident == b"CA";
                    ident.clear();
                }
            }
            b';' => {
                nodes += 1;
                if nodes > 1 {
                    return None;
                }
            }
            b'(' | b')' => return None,
            b'A'..=b'Z' => ident.push(b),
            // FF[3] allowed lower-case letters inside identifiers.
            b'a'..=b'z' => {}
            _ => {
                if !b.is_ascii_whitespace() {
                    ident.clear();
                }
            }
        }
    }
    None
}

/// The first game tree of a collection, as text sgf-parse accepts. Other
/// readers (GNU Go, Sabaki, CGoban) accept, and real records contain:
/// text before the first `(;` (mail headers, a copyright notice) and after
/// the tree's end, a tree cut off after a node (closed here), and a root
/// that repeats `GM` or `FF` with the same value (sgf-parse refuses a
/// repeated `GM`; the repeats are dropped).
fn first_tree(text: &str) -> Result<String, LoadError> {
    let start = text
        .char_indices()
        .find(|&(i, c)| c == '(' && text[i + 1..].trim_start().starts_with(';'))
        .map(|(i, _)| i)
        .ok_or_else(|| err("no game in file"))?;
    let mut depth = 0usize;
    let mut in_value = false;
    let mut escaped = false;
    let mut end = None;
    // Byte ranges of the root's properties: (identifier, start, end).
    let mut root_props: Vec<(String, usize, usize)> = Vec::new();
    let mut nodes = 0;
    let mut ident = String::new();
    let mut ident_start = 0;
    let mut in_root_prop = false;
    for (i, c) in text[start..].char_indices() {
        let at = start + i;
        if in_value {
            match (escaped, c) {
                (false, '\\') => escaped = true,
                (false, ']') => {
                    in_value = false;
                    if in_root_prop {
                        if let Some(last) = root_props.last_mut() {
                            last.2 = at + 1;
                        }
                    }
                }
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '[' => {
                in_value = true;
                if !ident.is_empty() {
                    in_root_prop = nodes == 1;
                    if in_root_prop {
                        root_props.push((std::mem::take(&mut ident), ident_start, at));
                    }
                    ident.clear();
                }
            }
            '(' => {
                ident.clear();
                depth += 1;
            }
            ')' => {
                ident.clear();
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    end = Some(at + 1);
                    break;
                }
            }
            ';' => {
                ident.clear();
                nodes += 1;
            }
            c if c.is_ascii_alphabetic() => {
                if ident.is_empty() {
                    ident_start = at;
                }
                if c.is_ascii_uppercase() {
                    ident.push(c);
                }
            }
            _ => {}
        }
    }
    if in_value {
        return Err(err("file ends inside a property value"));
    }
    let mut tree = match end {
        Some(end) => text[start..end].to_string(),
        None => {
            log::warn!("loadsgf: game tree not closed; read to the end of the file");
            let mut tree = text[start..].to_string();
            tree.push_str(&")".repeat(depth));
            tree
        }
    };
    // Drop repeated root properties with the same values, last first so
    // that earlier ranges stay valid.
    let mut drop = Vec::new();
    for (k, (id, s, e)) in root_props.iter().enumerate() {
        let values = |s: usize, e: usize| text[s..e].trim_start_matches(char::is_alphabetic);
        if matches!(id.as_str(), "GM" | "FF")
            && root_props[..k]
                .iter()
                .any(|(id0, s0, e0)| id0 == id && values(*s0, *e0) == values(*s, *e))
        {
            drop.push((s - start, e - start));
        }
    }
    for (s, e) in drop.into_iter().rev() {
        tree.replace_range(s..e, "");
    }
    Ok(tree)
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
        .filter_map(|e| match e {
            Event::Move(m) => Some(*m),
            _ => None,
        })
        .map(|m| match m {
            Move::Play(c, p) => vec![prop(&c.letter().to_string(), vec![sgf_point(p, size)])],
            Move::Pass(c) => vec![prop(&c.letter().to_string(), vec![String::new()])],
        })
        .collect();
    if game.phase() == Phase::Finished {
        // Agreed dead stones are off the board once finished; `final_score`
        // counts the board as it stands.
        let result = game.score(&[]).result(game.rules().tie);
        root.push(prop("RE", vec![result.to_string()]));
        if let Some(last) = nodes.last_mut() {
            last.extend(final_marks(game));
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
fn final_marks(game: &Game) -> Vec<Prop> {
    let size = game.size();
    let dead = game.agreed_dead();
    let mut before = game.clone();
    if !dead.is_empty() && before.undo().is_err() {
        return Vec::new();
    }
    let board = before.board();
    let owners = area_owners(board, &dead);
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
            ("Japanese", Rules::CHINESE),
            ("korean", Rules::CHINESE),
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
        let g = parse("(;SZ[9]RU[Martian];B[ee])", None, Rules::AGA, 7.5).expect("sgf");
        assert_eq!(g.rules(), Rules::AGA, "unknown RU keeps the rules");
        assert_eq!(g.komi(), 7.5, "no KM keeps the komi");
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
        assert_eq!(g.score(&[]).result(g.rules().tie).to_string(), "B+24.5");
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
