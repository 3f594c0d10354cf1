//! Record text that other readers accept made into text `sgf-parse`
//! accepts, within limits that keep its recursion off the stack's end.

use super::error::{err, LoadError};

/// The first game tree of a collection, as text sgf-parse accepts. Other
/// readers (GNU Go, Sabaki, CGoban) accept, and real records contain:
/// text before the first `(;` (mail headers, a copyright notice) and after
/// the tree's end, a tree cut off after a node (closed here), and a root
/// that repeats `GM` or `FF` with the same value (sgf-parse refuses a
/// repeated `GM`; the repeats are dropped).
pub(super) fn first_tree(text: &str) -> Result<String, LoadError> {
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
pub(super) fn check_shape(text: &str) -> Result<(), LoadError> {
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
