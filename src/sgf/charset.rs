//! The text of an SGF file's bytes, whatever charset it was written in.

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
