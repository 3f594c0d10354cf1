//! `loadsgf` of mutated records through the real binary (issue 23): real
//! match records (scripts/match/results), records of random games in every
//! rule set and hand-written ones (variations, set-up, comments, charsets)
//! are damaged (truncated, bytes flipped or inserted, huge properties,
//! deeply nested variations, odd encodings, wrong property values, pieces
//! spliced from other records) and loaded, each into a game in progress.
//!
//! Every load must be answered at once, once: `= black`/`= white`, or a
//! `?` with a message; never a crash, a panic (on stderr) or a hang. A
//! failed load must leave the game exactly as it was (`printsgf`,
//! `showboard`, rules and komi before and after), and a record ingo loads
//! must load again from its own `printsgf` into the same stones.
//!
//! CI plays [`DEFAULT_FILES`] files; the long mode sets the count:
//!
//! ```text
//! INGO_FUZZ_SGF=100000 cargo test --release --test loadsgf_fuzz -- --nocapture
//! scripts/fuzz.sh --sgf 100000          # the same, niced
//! ```
//!
//! `INGO_FUZZ_SEED` changes the seed (the default makes every run the
//! same); `INGO_FUZZ_SGF_DIR` names a directory of more real records to
//! mutate (all `*.sgf` below it).

mod common;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use common::{Engine, Rng};
use ingo::rules::{Game, Move, Phase, Rules};

const DEFAULT_FILES: usize = 1_000;
/// A fresh engine every this many files, so that a long run also starts
/// over from clean processes (and a failure names a short replay).
const FILES_PER_ENGINE: usize = 2_000;
/// A load of the largest mutants (a few megabytes) takes milliseconds;
/// this long means a hang.
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// Hand-written records: variations, set-up, pass moves, comments with
/// escapes, several game trees, an old FF[3] record, Latin-1 text.
const HAND_WRITTEN: &[&[u8]] = &[
    b"(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]PB[a]PW[b]C[root \\] comment]\
      AB[cc][gg]AW[cg][gc]PL[W];W[ee];B[dd](;W[tt]C[pass];B[ff])(;W[fd];B[fe]\
      (;W[ge])(;W[ed]LB[aa:x]TR[bb])))",
    b"(;FF[3]GM[1]SZ[13]HA[2]AB[dj][jd]KM[0.5];W[gg];B[jj];W[]\
      ;B[dd];W[tt];B[cc])(;SZ[5];B[cc])",
    b"(;CA[ISO-8859-1]SZ[7]GN[\xe9t\xe9]C[caf\xe9 \xab\xbb];B[dd];W[cc];B[dc];W[cd]\
      ;B[ce];W[de];B[be];W[bd])",
    b"(;SZ[19]RU[AGA]KM[7.5]HA[4]AB[dd][pd][dp][pp];W[qf];B[nc];W[rd];B[qc];W[jp]\
      ;B[pj];W[cn];B[fq];W[dj];B[ic]AE[dd];W[dd])",
    b"(;SZ[2];B[aa];W[bb];B[ba];W[ab];B[bb];W[aa];B[ab];W[ba])",
    b"(;GM[1]SZ[25]RU[NZ];B[yy];W[aa];B[ya];W[ay])",
    b"(;SZ[9]RU[tromp-taylor];B[ee];W[];B[];W[ff])",
    b"(;SZ[3]AB[aa][ab][ac]AW[ca][cb][cc]PL[B];B[bb])",
];

/// Charset names for `CA`: known, aliases, unknown, empty, hostile.
const CHARSETS: &[&str] = &[
    "UTF-8",
    "utf8",
    "ISO-8859-1",
    "latin1",
    "Shift_JIS",
    "SJIS",
    "GB18030",
    "GB2312",
    "EUC-JP",
    "EUC-KR",
    "Big5",
    "UTF-16",
    "UTF-16LE",
    "x-unknown",
    "",
    "\u{0}\u{1}",
    "UTF-8\\]",
];

/// Replacement values for `SZ`, `KM`, `HA`, moves and set-up points.
const VALUES: &[&str] = &[
    "0",
    "1",
    "2",
    "19",
    "25",
    "26",
    "52",
    "19:19",
    "9:13",
    "-1",
    "abc",
    "99999999999999999999",
    "nan",
    "inf",
    "-inf",
    "1e400",
    "6.5",
    "-0",
    "",
    " ",
    "aa",
    "tt",
    "zz",
    "AA",
    "a",
    "aaa",
    "ss",
    "yy",
    "\u{e9}\u{e9}",
    "aa:cc",
    "\\",
];

const PROPERTIES: &[&str] = &[
    "SZ", "KM", "HA", "B", "W", "AB", "AW", "AE", "PL", "RU", "CA", "FF", "GM", "MN", "C", "XX",
];

/// The seeds: real match records, random games and the hand-written ones.
fn seeds(rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = HAND_WRITTEN.iter().map(|s| s.to_vec()).collect();
    let results = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/match/results");
    let mut real = Vec::new();
    collect_sgf(&results, &mut real);
    // More real records for a long run, from outside the repository.
    if let Some(extra) = std::env::var_os("INGO_FUZZ_SGF_DIR") {
        collect_sgf(Path::new(&extra), &mut real);
    }
    real.sort();
    assert!(
        !real.is_empty(),
        "no real records under {}: the fuzzer wants some",
        results.display()
    );
    for path in &real {
        seeds.push(std::fs::read(path).expect("read a match record"));
    }
    for k in 0..24 {
        seeds.push(ingo::sgf::write(&random_game(rng, k)).into_bytes());
    }
    seeds
}

fn collect_sgf(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_sgf(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgf") {
            out.push(path);
        }
    }
}

/// A random game under preset `k` (mod the presets), on a random size,
/// sometimes with handicap, sometimes finished by passes and agreement.
fn random_game(rng: &mut Rng, k: usize) -> Game {
    let (_, rules) = Rules::PRESETS[k % Rules::PRESETS.len()];
    let size = *rng.pick(&[2u8, 3, 5, 7, 9, 13, 19, 25]);
    let handicap = if rng.one_in(3) {
        2 + rng.below(4) as u32
    } else {
        0
    };
    let mut g = match ingo::rules::handicap::fixed_points(size, handicap) {
        Some(points) => Game::with_handicap(size, &points, rules, 0.5),
        None => Game::new(size, rules, 6.5),
    };
    let moves = rng.below(3 * usize::from(size) * usize::from(size) / 2 + 2);
    for _ in 0..moves {
        if !matches!(g.phase(), Phase::Playing { .. }) {
            break;
        }
        let c = g.to_move();
        let legal = g.legal_points(c);
        let mv = match legal.get(rng.below(legal.len() + 2)) {
            Some(&p) => Move::Play(c, p),
            None => Move::Pass(c),
        };
        g.play(mv).expect("legal by construction");
    }
    g
}

/// Positions just after a `;` (node starts) or after `(`, where inserted
/// properties or variations still make sense to a parser.
fn node_starts(bytes: &[u8]) -> Vec<usize> {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b';' || b == b'(')
        .map(|(i, _)| i + 1)
        .collect()
}

fn insert(bytes: &mut Vec<u8>, at: usize, piece: &[u8]) {
    let at = at.min(bytes.len());
    bytes.splice(at..at, piece.iter().copied());
}

/// One mutation of `bytes`; returns its name.
fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>, seeds: &[Vec<u8>]) -> &'static str {
    let len = bytes.len().max(1);
    match rng.below(12) {
        0 => {
            bytes.truncate(rng.below(len));
            "truncated"
        }
        1 => {
            for _ in 0..1 + rng.below(8) {
                if !bytes.is_empty() {
                    let at = rng.below(bytes.len());
                    bytes[at] ^= 1 + rng.below(255) as u8;
                }
            }
            "bytes flipped"
        }
        2 => {
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(len);
                let b = if rng.one_in(2) {
                    *rng.pick(b"()[];\\:")
                } else {
                    rng.below(256) as u8
                };
                insert(bytes, at, &[b]);
            }
            "bytes inserted"
        }
        3 => {
            // A huge property: a comment, an unknown property, a huge
            // value of a known one, or a huge list of values.
            let n = if rng.one_in(25) {
                2_000_000
            } else {
                *rng.pick(&[1_000usize, 10_000, 100_000])
            };
            let piece = match rng.below(4) {
                0 => [b"C[".as_slice(), &vec![b'x'; n], b"]"].concat(),
                1 => [vec![b'Q'; n.min(100_000)], b"[1]".to_vec()].concat(),
                2 => {
                    let p = rng.pick(PROPERTIES).as_bytes().to_vec();
                    [p, b"[".to_vec(), vec![b'9'; n], b"]".to_vec()].concat()
                }
                _ => {
                    let p = rng.pick(&["AB", "AW", "AE", "TR", "B"]).as_bytes().to_vec();
                    [p, b"[aa]".repeat(n / 4)].concat()
                }
            };
            let starts = node_starts(bytes);
            let at = if starts.is_empty() {
                rng.below(len)
            } else {
                *rng.pick(&starts)
            };
            insert(bytes, at, &piece);
            "huge property"
        }
        4 => {
            // Deeply nested variations, balanced or not.
            let depth = if rng.one_in(50) {
                1_000_000
            } else {
                *rng.pick(&[100usize, 1_000, 10_000, 50_000])
            };
            let node: &[u8] = rng.pick::<&[u8]>(&[b";B[aa]".as_slice(), b";", b";W[bb]C[x]"]);
            let open = [b"(".as_slice(), node].concat().repeat(depth);
            let close = if rng.one_in(3) {
                b")".repeat(rng.below(depth + 1))
            } else {
                b")".repeat(depth)
            };
            let starts = node_starts(bytes);
            let at = if starts.is_empty() || rng.one_in(4) {
                bytes.len()
            } else {
                *rng.pick(&starts)
            };
            insert(bytes, at, &[open, close].concat());
            "deep variations"
        }
        5 => {
            // Odd encodings.
            match rng.below(5) {
                0 => {
                    let text = String::from_utf8_lossy(bytes).into_owned();
                    let le = rng.one_in(2);
                    let mut out = if le {
                        vec![0xff, 0xfe]
                    } else {
                        vec![0xfe, 0xff]
                    };
                    if rng.one_in(4) {
                        out.clear();
                    }
                    for unit in text.encode_utf16() {
                        let b = if le {
                            unit.to_le_bytes()
                        } else {
                            unit.to_be_bytes()
                        };
                        out.extend(b);
                    }
                    *bytes = out;
                    "UTF-16"
                }
                1 => {
                    insert(bytes, 0, &[0xef, 0xbb, 0xbf]);
                    "UTF-8 BOM"
                }
                2 => {
                    let piece: &[u8] = rng.pick::<&[u8]>(&[
                        b"\xc0\xaf".as_slice(),
                        b"\xe0\x80\xaf",
                        b"\xed\xa0\x80",
                        b"\xf4\x90\x80\x80",
                        b"\xff\xfe",
                        b"\xc2\x85",
                        b"\xc2\x9b",
                        b"\x00",
                        b"\x1b[2J",
                    ]);
                    let at = rng.below(len);
                    insert(bytes, at, piece);
                    "bad UTF-8 or controls"
                }
                _ => {
                    let ca = format!("CA[{}]", rng.pick(CHARSETS));
                    let starts = node_starts(bytes);
                    let at = starts.first().copied().unwrap_or(0);
                    insert(bytes, at, ca.as_bytes());
                    "charset"
                }
            }
        }
        6 | 7 => {
            // A property's value replaced, or a property added.
            let prop = rng.pick(PROPERTIES);
            let value = rng.pick(VALUES);
            let needle = format!("{prop}[");
            let text = bytes.clone();
            let found: Vec<usize> = text
                .windows(needle.len())
                .enumerate()
                .filter(|(_, w)| *w == needle.as_bytes())
                .map(|(i, _)| i + needle.len())
                .collect();
            if let (false, Some(&at)) = (found.is_empty(), found.get(rng.below(found.len().max(1))))
            {
                let end = text[at..]
                    .iter()
                    .position(|&b| b == b']')
                    .map_or(text.len(), |e| at + e);
                bytes.splice(at..end, value.bytes());
            } else {
                let starts = node_starts(bytes);
                let at = starts
                    .get(rng.below(starts.len().max(1)))
                    .copied()
                    .unwrap_or(0);
                insert(bytes, at, format!("{prop}[{value}]").as_bytes());
            }
            "property value"
        }
        8 => {
            if !bytes.is_empty() {
                let a = rng.below(bytes.len());
                let b = (a + 1 + rng.below(200)).min(bytes.len());
                let piece = bytes[a..b].to_vec();
                let times = 1 + rng.below(50);
                insert(bytes, b, &piece.repeat(times));
            }
            "range repeated"
        }
        9 => {
            if !bytes.is_empty() {
                let a = rng.below(bytes.len());
                let b = (a + 1 + rng.below(100)).min(bytes.len());
                bytes.drain(a..b);
            }
            "range deleted"
        }
        _ => {
            let other = rng.pick(seeds);
            if !other.is_empty() {
                let a = rng.below(other.len());
                let b = (a + 1 + rng.below(400)).min(other.len());
                let at = rng.below(len);
                insert(bytes, at, &other[a..b]);
            }
            "spliced"
        }
    }
}

/// The binary, its stderr collected for panic messages.
struct Binary {
    engine: Engine,
    stderr: Receiver<String>,
}

impl Binary {
    fn start() -> Binary {
        let mut command = common::ingo(&["--playouts", "20", "--threads", "1", "--seed", "1"]);
        command.stderr(Stdio::piped());
        let mut engine = Engine::start("ingo", command);
        let stderr = engine.errors.take().expect("stderr piped");
        Binary { engine, stderr }
    }

    /// One command, one answer: (success, text).
    fn ask(&mut self, command: &str) -> Result<(bool, String), String> {
        self.engine.write(&format!("{command}\n"));
        let lines = self
            .engine
            .response(REPLY_TIMEOUT)
            .map_err(|e| format!("`{}`: {e}", shorten(command)))?;
        let text = lines.join("\n");
        match text.chars().next() {
            Some('=') => Ok((true, text[1..].trim().to_string())),
            Some('?') => Ok((false, text[1..].trim().to_string())),
            _ => Err(format!(
                "`{}` answered `{}`",
                shorten(command),
                shorten(&text)
            )),
        }
    }

    fn must(&mut self, command: &str) -> Result<String, String> {
        match self.ask(command)? {
            (true, text) => Ok(text),
            (false, text) => Err(format!("`{command}` failed: ? {text}")),
        }
    }

    /// Everything a GTP client can see of the game.
    fn state(&mut self) -> Result<String, String> {
        let mut out = String::new();
        for q in [
            "printsgf",
            "showboard",
            "ingo-rules",
            "get_komi",
            "ingo-phase",
        ] {
            out.push_str(&self.must(q)?);
            out.push('\n');
        }
        Ok(out)
    }

    fn panics(&self) -> Vec<String> {
        self.stderr
            .try_iter()
            .filter(|l| l.contains("panicked") || l.contains("RUST_BACKTRACE"))
            .collect()
    }
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 200 {
        format!(
            "{}... ({} chars)",
            text.chars().take(200).collect::<String>(),
            text.len()
        )
    } else {
        text.to_string()
    }
}

#[derive(Default, Debug)]
struct Counts {
    files: usize,
    loaded: usize,
    refused: usize,
    reloaded: usize,
    bytes: usize,
    largest: usize,
    by_mutation: std::collections::BTreeMap<&'static str, usize>,
}

/// Puts a game in progress into the engine: a size, rules, komi and a few
/// moves, or one of the seed records.
fn set_up(bin: &mut Binary, rng: &mut Rng, seed_file: &Path) -> Result<(), String> {
    if rng.one_in(3) {
        bin.must(&format!("loadsgf {}", seed_file.display()))?;
        return Ok(());
    }
    let size = *rng.pick(&[2usize, 5, 9, 13, 19, 25]);
    let (rules, _) = *rng.pick(&Rules::PRESETS);
    bin.must(&format!("boardsize {size}"))?;
    bin.must("clear_board")?;
    bin.must(&format!("ingo-rules {rules}"))?;
    bin.must(&format!("komi {}", rng.pick(&["0.5", "6.5", "7.5", "-3"])))?;
    for _ in 0..rng.below(2 * size) {
        let colour = rng.pick(&["black", "white"]);
        let legal = bin.must(&format!("all_legal {colour}"))?;
        let points: Vec<&str> = legal.split_whitespace().collect();
        if points.is_empty() {
            break;
        }
        bin.must(&format!("play {colour} {}", rng.pick(&points)))?;
    }
    Ok(())
}

#[test]
fn mutated_records_load_or_fail_cleanly() {
    let files = common::env_count("INGO_FUZZ_SGF", DEFAULT_FILES);
    let seed = common::env_count("INGO_FUZZ_SEED", 0x5e6f) as u64;
    let started = Instant::now();
    let mut rng = Rng(seed);
    let seeds = seeds(&mut rng);
    let dir = std::env::temp_dir().join(format!("ingo-loadsgf-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("mutant.sgf");
    let again = dir.join("again.sgf");
    let seed_files: Vec<PathBuf> = seeds
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let path = dir.join(format!("seed-{k}.sgf"));
            std::fs::write(&path, s).expect("write seed");
            path
        })
        .collect();
    // Only the seeds ingo loads can set up a game.
    let mut loadable = Vec::new();
    {
        let mut bin = Binary::start();
        for path in &seed_files {
            if bin
                .ask(&format!("loadsgf {}", path.display()))
                .expect("seed load")
                .0
            {
                loadable.push(path.clone());
            }
        }
    }
    assert!(loadable.len() >= seeds.len() - 2, "most seeds must load");

    let mut counts = Counts::default();
    let mut failures: Vec<String> = Vec::new();
    let mut bin = Binary::start();
    for n in 0..files {
        if n > 0 && n % FILES_PER_ENGINE == 0 {
            bin = Binary::start();
        }
        let k = rng.below(seeds.len());
        let mut bytes = seeds[k].clone();
        let mut applied = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let name = mutate(&mut rng, &mut bytes, &seeds);
            *counts.by_mutation.entry(name).or_default() += 1;
            applied.push(name);
        }
        std::fs::write(&file, &bytes).expect("write mutant");
        counts.files += 1;
        counts.bytes += bytes.len();
        counts.largest = counts.largest.max(bytes.len());
        let keep = dir.join(format!("failed-{n}.sgf"));
        let what = format!("file {n} (seed {k}, {})", applied.join(" + "));

        let outcome = (|| -> Result<(), String> {
            if n % 8 == 0 {
                let seed_file = rng.pick(&loadable).clone();
                set_up(&mut bin, &mut rng, &seed_file)?;
            }
            let before = bin.state()?;
            let until = match rng.below(4) {
                0 => format!(" {}", rng.below(300)),
                1 => format!(" {}", rng.pick(&["D4", "a1", "T19", "Z25", "pass", "0"])),
                _ => String::new(),
            };
            let command = format!("loadsgf {}{until}", file.display());
            let (ok, text) = bin.ask(&command)?;
            if ok {
                counts.loaded += 1;
                if text != "black" && text != "white" {
                    return Err(format!("loaded, but answered `= {text}`"));
                }
                // What was loaded must load again from ingo's own record.
                let stones = |bin: &mut Binary| -> Result<String, String> {
                    Ok(format!(
                        "{} / {}",
                        bin.must("list_stones black")?,
                        bin.must("list_stones white")?
                    ))
                };
                let loaded = stones(&mut bin)?;
                bin.must(&format!("printsgf {}", again.display()))?;
                let reloaded = bin.ask(&format!("loadsgf {}", again.display()))?;
                if !reloaded.0 {
                    let _ = std::fs::copy(&again, dir.join(format!("failed-{n}-again.sgf")));
                    return Err(format!("its printsgf does not load: ? {}", reloaded.1));
                }
                if stones(&mut bin)? != loaded {
                    return Err("its printsgf loads other stones".to_string());
                }
                counts.reloaded += 1;
            } else {
                counts.refused += 1;
                if text.is_empty() {
                    return Err("refused with an empty `?`".to_string());
                }
                let after = bin.state()?;
                if after != before {
                    return Err(format!(
                        "refused (`? {text}`) but changed the game:\nbefore:\n{before}\nafter:\n{after}"
                    ));
                }
            }
            Ok(())
        })();
        let panics = bin.panics();
        let problem = outcome.err().or_else(|| {
            (!panics.is_empty()).then(|| format!("panic on stderr: {}", panics.join("\n")))
        });
        if let Some(why) = problem {
            std::fs::copy(&file, &keep).expect("keep the failing file");
            failures.push(format!("{what}: {why}\n  kept as {}", keep.display()));
            if failures.len() >= 5 {
                break;
            }
            // The engine may be dead or hung: start over.
            bin = Binary::start();
        }
        if (n + 1) % 10_000 == 0 {
            println!(
                "loadsgf_fuzz: {} files, {:.0}s so far",
                n + 1,
                started.elapsed().as_secs_f64()
            );
        }
    }
    let real = seeds.len() - HAND_WRITTEN.len() - 24;
    println!(
        "loadsgf_fuzz summary: {} mutated files ({} MB in all, largest {} bytes) from {} seeds \
         ({} real match records): {} loaded (each reloaded from its printsgf: {}), {} refused \
         with `?` and the game unchanged; {} failures (panics, hangs, crashes, bad answers); \
         mutations {:?}; {:.1}s",
        counts.files,
        counts.bytes / 1_000_000,
        counts.largest,
        seeds.len(),
        real,
        counts.loaded,
        counts.reloaded,
        counts.refused,
        failures.len(),
        counts.by_mutation,
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let _ = std::fs::remove_dir_all(&dir);
    // Both outcomes must be common, or the mutations are too weak or too
    // strong to test anything.
    assert!(counts.loaded * 20 >= counts.files, "{counts:?}");
    assert!(counts.refused * 20 >= counts.files, "{counts:?}");
}
