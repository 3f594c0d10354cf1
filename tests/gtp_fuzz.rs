//! GTP robustness: random command lines (real command names with random,
//! often malformed, arguments) never panic, always get one well-formed
//! reply, and a `?` reply leaves the game exactly as it was.
//!
//! Lines are also wrapped in noise: ASCII control characters (which GTP
//! drops), C1 code points U+0080-U+009F (which it does not: they are text),
//! other Unicode, tabs, `#` comments and, on the byte level, bytes
//! 0x80-0xFF that are no UTF-8. Every line that is non-empty after GTP's
//! preprocessing must get exactly one answer, and every blank or comment
//! line none, through `Session::handle` and through `gtp::io::run`.
//!
//! The same holds for the real binary fed one long stream
//! ([`binary_answers_every_line_of_a_random_stream`], issue 23): random
//! command lines with and without ids (each answer must carry its line's
//! id), noisy lines, lines of random bytes 0x00-0xFF, C1 code points and
//! lines up to a megabyte long, pipelined as fast as the engine reads them,
//! including streamed analyses that the next line stops. No panic on
//! stderr, no hang (a minute without the next answer), no exit. CI sends
//! [`DEFAULT_STREAM_LINES`] lines; the long mode sets the count:
//!
//! ```text
//! INGO_FUZZ_LINES=1000000 cargo test --release --test gtp_fuzz binary -- --nocapture
//! scripts/fuzz.sh --lines 1000000        # the same, niced
//! ```

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ingo::gtp::{command_names, io, Config, Session};
use ingo::search::SearchParams;
use proptest::prelude::*;

/// Tokens that hit the interesting paths of the argument parsers.
const TOKENS: &[&str] = &[
    "b",
    "w",
    "B",
    "white",
    "black",
    "x",
    "",
    "pass",
    "PASS",
    "a1",
    "A1",
    "b2",
    "c3",
    "D4",
    "e5",
    "j9",
    "T19",
    "Z25",
    "i5",
    "a0",
    "a26",
    "zz",
    "0",
    "1",
    "2",
    "3",
    "5",
    "9",
    "19",
    "25",
    "26",
    "-1",
    "6.5",
    "nan",
    "inf",
    "1e400",
    "99999999999999999999",
    "dead",
    "alive",
    "seki",
    "chinese",
    "aga",
    "tromp-taylor",
    "japanese",
    "none",
    "absolute",
    "canadian",
    "byoyomi",
    "é",
    "\u{fffd}",
    "#",
    "\t",
];

fn session() -> Session {
    Session::new(Config {
        size: 5,
        playouts: Some(40),
        search: SearchParams {
            seed: 3,
            ..SearchParams::default()
        },
        ..Config::default()
    })
}

fn line() -> impl Strategy<Value = String> {
    // Commands that write files or read random paths are left out: the
    // fuzzer must not litter the working directory.
    let names: Vec<&'static str> = command_names()
        .filter(|n| !matches!(*n, "printsgf" | "loadsgf" | "quit"))
        .chain(["foo", "PLAY", ""])
        .collect();
    (
        proptest::option::of(0u32..1000),
        proptest::sample::select(names),
        proptest::collection::vec(proptest::sample::select(TOKENS), 0..4),
    )
        .prop_map(|(id, name, args)| {
            let mut l = id.map(|i| format!("{i} ")).unwrap_or_default();
            l.push_str(name);
            for a in args {
                l.push(' ');
                l.push_str(a);
            }
            l
        })
}

/// One character of noise.
fn noise() -> impl Strategy<Value = char> {
    let ascii_control = (0u8..32)
        .prop_filter("a newline ends the line", |&b| b != b'\n')
        .prop_map(char::from);
    prop_oneof![
        4 => ascii_control,
        1 => Just('\u{7f}'),
        4 => (0x80u32..=0x9f).prop_map(|c| char::from_u32(c).expect("C1 code point")),
        2 => Just(' '),
        1 => Just('#'),
        1 => proptest::sample::select(vec!['\u{a0}', '\u{ad}', '\u{2028}', '\u{feff}', '\u{fffd}', 'é']),
    ]
}

/// A line of commands and noise, often blank or a comment after
/// preprocessing.
fn noisy_line() -> impl Strategy<Value = String> {
    let segment = prop_oneof![
        1 => line(),
        3 => noise().prop_map(String::from),
    ];
    proptest::collection::vec(segment, 0..6).prop_map(|parts| parts.concat())
}

/// A raw input line: bytes of commands, noise characters, bytes 0x80-0xFF
/// (stray UTF-8 continuation and lead bytes) and ASCII controls, never LF.
fn raw_line() -> impl Strategy<Value = Vec<u8>> {
    let segment = prop_oneof![
        2 => line().prop_map(String::into_bytes),
        3 => noise().prop_map(|c| c.to_string().into_bytes()),
        2 => (0x80u8..=0xff).prop_map(|b| vec![b]),
    ];
    proptest::collection::vec(segment, 0..6).prop_map(|parts| parts.concat())
}

/// Whether GTP answers `line`, by the letter of GTP 2 §3.1: drop the ASCII
/// control characters but HT, cut at `#`, and see whether anything but
/// blanks is left.
fn answered(line: &str) -> bool {
    line.chars()
        .take_while(|&c| c != '#')
        .filter(|&c| !(c.is_ascii_control() && c != '\t'))
        .any(|c| c != ' ' && c != '\t')
}

/// Splits GTP output into replies, checking that each is well formed.
fn replies(out: &str) -> Result<Vec<&str>, TestCaseError> {
    prop_assert!(out.is_empty() || out.ends_with("\n\n"), "{out:?}");
    let replies: Vec<&str> = out.split_terminator("\n\n").collect();
    for r in &replies {
        prop_assert!(r.starts_with('=') || r.starts_with('?'), "{r:?} in {out:?}");
    }
    Ok(replies)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn noisy_lines_get_one_answer_iff_not_blank(lines in proptest::collection::vec(noisy_line(), 1..30)) {
        let mut s = session();
        for l in &lines {
            let reply = s.handle(l);
            prop_assert_eq!(reply.is_some(), answered(l), "{:?}", l);
            if let Some((response, _)) = reply {
                let text = response.to_string();
                prop_assert_eq!(replies(&text)?.len(), 1, "{:?} -> {:?}", l, text);
            }
        }
    }

    #[test]
    fn raw_bytes_get_one_answer_per_line(
        lines in proptest::collection::vec(raw_line(), 1..30),
        final_newline in any::<bool>(),
    ) {
        let mut input = lines.join(&b'\n');
        if final_newline {
            input.push(b'\n');
        }
        // A last line cut off by EOF is still a line; an empty one is none.
        let want = lines
            .iter()
            .filter(|l| answered(&String::from_utf8_lossy(l)))
            .count();
        let mut out = Vec::new();
        io::run(&mut session(), std::io::Cursor::new(input), &mut out).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let out = String::from_utf8(out).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replies(&out)?.len(), want, "{:?} -> {:?}", lines, out);
    }

    #[test]
    fn random_command_lines_are_handled(lines in proptest::collection::vec(line(), 1..40)) {
        let mut s = session();
        for l in &lines {
            let before = s.game().clone();
            let Some((response, _)) = s.handle(l) else { continue };
            let text = response.to_string();
            prop_assert!(text.starts_with('=') || text.starts_with('?'), "{l:?} -> {text:?}");
            prop_assert!(text.ends_with("\n\n"), "{l:?} -> {text:?}");
            prop_assert!(!text[..text.len() - 2].contains("\n\n"), "blank line inside: {text:?}");
            if text.starts_with('?') {
                prop_assert!(s.game() == &before, "{l:?} failed but changed the game");
            }
            s.game().board().check_consistency().map_err(TestCaseError::fail)?;
        }
    }
}

/// The real binary answers a line of one C1 code point (bytes C2 96) with
/// exactly one `? unknown command`, and a C1 character before `#` makes no
/// comment of the line (issue 5: such lines used to get no answer).
#[test]
fn binary_answers_c1_lines() {
    let mut child = common::ingo(&[])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ingo");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"\xc2\x96\n\r\xc2\x8d#x\n\x01# c\n7 name\n")
        .expect("write");
    let out = child.wait_with_output().expect("ingo runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "? unknown command\n\n? unknown command\n\n=7 ingo\n\n"
    );
}

/// Lines CI sends to the binary; `INGO_FUZZ_LINES` overrides.
const DEFAULT_STREAM_LINES: usize = 1_000;
/// A fresh engine every this many lines (each chunk has its own seed, which
/// a failure names).
const LINES_PER_ENGINE: usize = 10_000;
/// The next answer within this long, or the engine hangs.
const STREAM_TIMEOUT: Duration = Duration::from_secs(60);

/// Command names for the stream: every command but `quit` (which would end
/// it); clean lines send `printsgf` bare, but noise may give it a file name
/// (the engine runs in a directory of its own).
fn stream_names() -> Vec<&'static str> {
    command_names()
        .filter(|n| *n != "quit")
        .chain(["foo", "PLAY", "Genmove", "kata-analyze", "lz-analyze"])
        .collect()
}

/// One character of noise, as [`noise`] draws them.
fn noise_char(rng: &mut common::Rng) -> char {
    match rng.below(13) {
        0..=3 => loop {
            let c = char::from(rng.below(32) as u8);
            if c != '\n' {
                break c;
            }
        },
        4 => '\u{7f}',
        5..=8 => char::from_u32(0x80 + rng.below(32) as u32).expect("C1 code point"),
        9 | 10 => ' ',
        11 => '#',
        _ => *rng.pick(&['\u{a0}', '\u{ad}', '\u{2028}', '\u{feff}', '\u{fffd}', 'é']),
    }
}

/// One line of the stream, never containing LF, and the id its answer must
/// carry when it is a clean command line with an id.
fn stream_line(rng: &mut common::Rng, names: &[&'static str]) -> (Vec<u8>, Option<u32>) {
    let command = |rng: &mut common::Rng| -> (String, Option<u32>) {
        let id = rng.one_in(2).then(|| rng.below(1_000_000_000) as u32);
        let mut line = id.map(|i| format!("{i} ")).unwrap_or_default();
        let name = *rng.pick(names);
        line.push_str(name);
        for _ in 0..rng.below(5) {
            line.push(' ');
            let token: &str = rng.pick::<&str>(TOKENS);
            line.push_str(token);
        }
        if name == "printsgf" || name == "loadsgf" && rng.one_in(2) {
            // Bare: `printsgf FILE` writes, `loadsgf` of a token reads a
            // file that does not exist or is no record.
            line = id
                .map(|i| format!("{i} {name}"))
                .unwrap_or_else(|| name.to_string());
        }
        (line, id)
    };
    match rng.below(20) {
        // A clean command line; its answer must carry its id.
        0..=9 => {
            let (line, id) = command(rng);
            let id = if line.contains('#') || line.contains('\t') && line.starts_with('\t') {
                None
            } else {
                id
            };
            (line.into_bytes(), id)
        }
        // Command and noise characters.
        10..=13 => {
            let mut line = String::new();
            for _ in 0..rng.below(6) {
                if rng.one_in(3) {
                    line.push_str(&command(rng).0);
                } else {
                    line.push(noise_char(rng));
                }
            }
            (line.into_bytes(), None)
        }
        // Random bytes, all of 0x00-0xFF but LF.
        14..=16 => {
            let n = rng.below(200);
            let bytes = (0..n)
                .map(|_| match rng.below(256) as u8 {
                    b'\n' => b'\r',
                    b => b,
                })
                .collect();
            (bytes, None)
        }
        // A C1 code point alone, or a CR line end.
        17 => {
            let c = char::from_u32(0x80 + rng.below(32) as u32).expect("C1");
            let mut line = String::from(c);
            if rng.one_in(2) {
                line = command(rng).0 + "\r";
            }
            (line.into_bytes(), None)
        }
        // Long lines: a command with a huge argument or many arguments, or
        // a long run of junk.
        _ => {
            let n = if rng.one_in(50) {
                1_000_000
            } else {
                *rng.pick(&[1_000usize, 1_000, 10_000, 10_000, 100_000])
            };
            let line = match rng.below(3) {
                0 => format!("{} {}", command(rng).0, "x".repeat(n)),
                1 => format!("{}{}", command(rng).0, " a1".repeat(n / 3)),
                _ => (0..n)
                    .map(|_| char::from(b'!' + rng.below(90) as u8))
                    .collect(),
            };
            (line.into_bytes(), None)
        }
    }
}

#[derive(Default)]
struct StreamCounts {
    lines: usize,
    answered_lines: usize,
    answers: usize,
    errors: usize,
    with_id: usize,
    long_lines: usize,
    analyses: usize,
    bytes: usize,
}

/// Feeds one engine `count` lines from `seed`; returns the counts or what
/// went wrong.
fn run_stream_chunk(seed: u64, count: usize, c: &mut StreamCounts) -> Result<(), String> {
    let names = stream_names();
    let mut rng = common::Rng(seed);
    let mut input = Vec::new();
    // Per line: does it get an answer, and which id must it carry.
    let mut expected: Vec<(usize, Option<u32>)> = Vec::new();
    for k in 0..count {
        let (line, id) = stream_line(&mut rng, &names);
        c.lines += 1;
        c.bytes += line.len() + 1;
        if line.len() >= 1_000 {
            c.long_lines += 1;
        }
        let text = String::from_utf8_lossy(&line);
        if text.contains("analyze") {
            c.analyses += 1;
        }
        if answered(&text) {
            expected.push((k, id));
            c.with_id += usize::from(id.is_some());
        }
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    c.answered_lines += expected.len();

    // Noise can turn `printsgf` into `printsgf NAME`: whatever the engine
    // writes goes to a directory of its own, removed afterwards.
    let cwd = std::env::temp_dir().join(format!("ingo-gtp-fuzz-{}-{seed:x}", std::process::id()));
    std::fs::create_dir_all(&cwd).expect("temp dir");
    let mut child = common::ingo(&[
        "--playouts",
        "20",
        "--threads",
        "1",
        "--seed",
        "1",
        "--size",
        "9",
    ])
    .current_dir(&cwd)
    .stdin(Stdio::piped())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("start ingo");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // The engine may die early; the reader reports that.
        let _ = stdin.write_all(&input);
    });
    let stderr = child.stderr.take().expect("stderr");
    let panics = std::thread::spawn(move || {
        BufReader::new(stderr)
            .split(b'\n')
            .map_while(Result::ok)
            .map(|l| String::from_utf8_lossy(&l).into_owned())
            .filter(|l| l.contains("panicked"))
            .collect::<Vec<String>>()
    });
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).split(b'\n') {
            let Ok(line) = line else { break };
            if tx
                .send(String::from_utf8_lossy(&line).into_owned())
                .is_err()
            {
                break;
            }
        }
    });

    let mut result = Ok(());
    'answers: for (n, &(k, id)) in expected.iter().enumerate() {
        // One answer: a head line, more lines, a blank line.
        let mut lines = Vec::new();
        loop {
            match rx.recv_timeout(STREAM_TIMEOUT) {
                Ok(l) if l.is_empty() && !lines.is_empty() => break,
                Ok(l) if l.is_empty() => {
                    result = Err(format!("a blank line before answer {n} (line {k})"));
                    break 'answers;
                }
                Ok(l) => lines.push(l),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    result = Err(format!(
                        "hang: no answer {n} (line {k}) within {}s",
                        STREAM_TIMEOUT.as_secs()
                    ));
                    break 'answers;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    result = Err(format!(
                        "the engine's output ended after {n} of {} answers (line {k})",
                        expected.len()
                    ));
                    break 'answers;
                }
            }
        }
        let head = &lines[0];
        let (success, rest) = match head.chars().next() {
            Some('=') => (true, &head[1..]),
            Some('?') => (false, &head[1..]),
            _ => {
                result = Err(format!("answer {n} (line {k}) starts `{head}`"));
                break;
            }
        };
        c.answers += 1;
        c.errors += usize::from(!success);
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if let Some(id) = id {
            if digits != id.to_string() {
                result = Err(format!(
                    "answer {n} (line {k}) carries id `{digits}`, not {id}: `{head}`"
                ));
                break;
            }
        }
    }
    if result.is_ok() {
        // The input has ended: the engine must exit without another word.
        loop {
            match rx.recv_timeout(STREAM_TIMEOUT) {
                Ok(l) if l.is_empty() => {}
                Ok(l) => {
                    result = Err(format!("output after the last answer: `{l}`"));
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    result = Err("no exit at the end of the input".to_string());
                    break;
                }
            }
        }
    }
    drop(rx);
    let _ = child.kill();
    let _ = child.wait();
    let _ = writer.join();
    let panics = panics.join().unwrap_or_default();
    let _ = std::fs::remove_dir_all(&cwd);
    if result.is_ok() && !panics.is_empty() {
        result = Err(format!("panic on stderr: {}", panics.join("\n")));
    }
    result
}

/// The binary answers every non-blank line of a long random stream once,
/// in order, with the line's id (module doc).
#[test]
fn binary_answers_every_line_of_a_random_stream() {
    let total = common::env_count("INGO_FUZZ_LINES", DEFAULT_STREAM_LINES);
    let seed = common::env_count("INGO_FUZZ_SEED", 0x67_70) as u64;
    let started = Instant::now();
    let mut counts = StreamCounts::default();
    let mut failures = Vec::new();
    let mut chunk = 0u64;
    while counts.lines < total {
        let n = LINES_PER_ENGINE.min(total - counts.lines);
        let chunk_seed = seed ^ chunk.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if let Err(why) = run_stream_chunk(chunk_seed, n, &mut counts) {
            failures.push(format!(
                "chunk {chunk} (seed {chunk_seed:#x}, {n} lines): {why}"
            ));
            if failures.len() >= 5 {
                break;
            }
        }
        chunk += 1;
        if counts.lines % 100_000 == 0 {
            println!(
                "gtp_fuzz stream: {} lines, {:.0}s so far",
                counts.lines,
                started.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "gtp_fuzz stream summary: {} lines ({} MB, {} of 1,000+ bytes, {} naming an analysis) \
         in {chunk} engines; {} needed an answer ({} with an id to echo), {} answers \
         ({} `?`); {} failures (panics, hangs, exits, lost, doubled or misnumbered answers); {:.1}s",
        counts.lines,
        counts.bytes / 1_000_000,
        counts.long_lines,
        counts.analyses,
        counts.answered_lines,
        counts.with_id,
        counts.answers,
        counts.errors,
        failures.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(counts.answers, counts.answered_lines);
}
