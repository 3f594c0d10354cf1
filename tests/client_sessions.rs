//! The command sequences real clients send, replayed through the built
//! binary, every reply checked: Sabaki (pipelined attach, sync with undo,
//! analysis started and stopped), GoGui (attach, sync, analyze commands,
//! interrupt, scoring) and gogui-twogtp (a whole game between two ingo
//! processes under `time_settings`). The sequences follow
//! ../shared/research/gtp-clients.md, which cites the clients' sources.

mod common;

use std::process::Stdio;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use regex::Regex;

/// Only a hang makes a test wait this long.
const WAIT: Duration = Duration::from_secs(60);

/// ingo as a client drives it: every line must come within [`WAIT`].
struct Engine(common::Engine);

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut command = common::ingo(args);
        command.stderr(Stdio::piped());
        Engine(common::Engine::start("ingo", command))
    }

    fn write(&mut self, text: &str) {
        self.0.write(text);
    }

    fn line(&mut self) -> String {
        self.0
            .line(WAIT)
            .unwrap_or_else(|e| panic!("a line from ingo: {e}"))
    }

    /// The next whole response: its lines up to the blank one.
    fn response(&mut self) -> Vec<String> {
        self.0
            .response(WAIT)
            .unwrap_or_else(|e| panic!("a response from ingo: {e}"))
    }

    /// ingo's stderr, line by line.
    fn errors(&self) -> &Receiver<String> {
        self.0.errors.as_ref().expect("stderr is piped")
    }

    /// Sends one command and returns its result, checking the framing a
    /// GoGui-style client relies on: `=` (with the id), then a space.
    fn ok(&mut self, command: &str) -> String {
        self.write(&format!("{command}\n"));
        self.result(command)
    }

    /// The result of the next response, which must be a success.
    fn result(&mut self, command: &str) -> String {
        let lines = self.response();
        let first = lines.first().expect("a response line");
        let id = command
            .split_whitespace()
            .next()
            .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or("");
        let head = format!("={id} ");
        assert!(
            first.starts_with(&head),
            "{command:?} -> {lines:?} (GoGui cuts at the first space)"
        );
        let mut text = first[head.len()..].to_string();
        for l in &lines[1..] {
            text.push('\n');
            text.push_str(l);
        }
        text
    }

    fn commands(&mut self) -> Vec<String> {
        self.ok("list_commands")
            .lines()
            .map(str::to_string)
            .collect()
    }
}

fn re(pattern: &str) -> Regex {
    Regex::new(&format!("^(?:{pattern})$")).expect("regex")
}

const VERTEX: &str = "[A-HJ-T](?:1[0-9]|[1-9])";

#[test]
fn sabaki_attach_sync_and_analysis() {
    let mut e = Engine::start(&["--threads", "2", "--time", "1", "--seed", "5"]);
    // Attach: pipelined, no ids.
    e.write("name\nversion\nprotocol_version\nlist_commands\n");
    assert_eq!(e.result("name"), "ingo");
    assert!(re(r"\d+\.\d+\.\d+").is_match(&e.result("version")));
    assert_eq!(e.result("protocol_version"), "2");
    let list = e.result("list_commands");
    for l in list.lines() {
        assert_eq!(l, l.trim(), "Sabaki compares untrimmed lines");
    }
    let commands: Vec<&str> = list.lines().collect();
    assert!(commands.contains(&"kata-analyze") && commands.contains(&"undo"));
    // Sync of a 19x19 node, all written at once.
    e.write("komi 6.5\nboardsize 19\nclear_board\nplay B D4\nplay W Q16\nplay B D16\n");
    for c in ["komi", "boardsize", "clear_board", "play", "play", "play"] {
        assert_eq!(e.result(c), "", "{c}");
    }
    // Analysis as Sabaki starts it, stopped by its sendAbort.
    e.write("kata-analyze W 10\n");
    assert_eq!(e.line(), "=");
    let info = re(&format!(
        r"(?:info move (?:pass|{VERTEX}) visits \d+ winrate [01]\.\d+ scoreMean -?\d+\.\d+ scoreLead -?\d+\.\d+ prior [01]\.\d+ lcb [01]\.\d+ order \d+ pv(?: (?:pass|{VERTEX}))+ ?)+"
    ));
    for _ in 0..2 {
        let l = e.line();
        assert!(info.is_match(&l), "{l}");
    }
    e.write("protocol_version\n");
    loop {
        let l = e.line();
        if l.is_empty() {
            break;
        }
        assert!(info.is_match(&l), "{l}");
    }
    assert_eq!(e.result("protocol_version"), "2");
    // Navigation back one move and forward another way: undo, play.
    e.write("undo\nplay B Q4\n");
    assert_eq!(e.result("undo"), "");
    assert_eq!(e.result("play"), "");
    assert_eq!(e.ok("list_stones black"), "D4 Q4");
    // An engine move in Sabaki: kata-genmove_analyze, `play` last.
    e.write("kata-genmove_analyze W 10\n");
    assert_eq!(e.line(), "=");
    let played = loop {
        let l = e.line();
        if let Some(m) = l.strip_prefix("play ") {
            break m.to_string();
        }
        assert!(info.is_match(&l), "{l}");
    };
    assert!(
        re(&format!("{VERTEX}|pass|resign")).is_match(&played),
        "{played}"
    );
    assert_eq!(e.line(), "");
    assert_eq!(e.ok("quit"), "");
}

#[test]
fn gogui_attach_sync_analyze_and_interrupt() {
    let mut e = Engine::start(&["--threads", "2", "--time", "1", "--seed", "5"]);
    // Attach (GoGui.java / GtpClientBase): identity, commands, interrupt.
    assert_eq!(e.ok("name"), "ingo");
    assert_eq!(e.ok("protocol_version"), "2");
    e.ok("version");
    let commands = e.commands();
    assert!(commands.iter().any(|c| c == "gogui-interrupt"));
    assert_eq!(e.ok("gogui-interrupt"), "");
    assert_eq!(e.ok("name"), "ingo");
    assert_eq!(e.ok("protocol_version"), "2");
    // The analyze menu: type/label/command, every command known.
    let menu = e.ok("gogui-analyze_commands");
    let mut gfx = Vec::new();
    for entry in menu.lines() {
        let fields: Vec<&str> = entry.split('/').collect();
        assert!((3..=5).contains(&fields.len()), "{entry}");
        let name = fields[2].split_whitespace().next().expect("command");
        assert!(commands.iter().any(|c| c == name), "{entry}");
        if fields[0] == "gfx" {
            gfx.push(fields[2].to_string());
        }
    }
    assert!(gfx.len() >= 5, "{menu}");
    // Synchronisation (GtpSynchronizer.init), then moves.
    for c in ["boardsize 9", "clear_board", "komi 6.5"] {
        assert_eq!(e.ok(c), "", "{c}");
    }
    for m in ["B E5", "W C3", "B G3", "W C7", "B G7"] {
        assert_eq!(e.ok(&format!("play {m}")), "");
    }
    // Navigation: gg-undo n when listed, else undo n times; then replay.
    if commands.iter().any(|c| c == "gg-undo") {
        assert_eq!(e.ok("gg-undo 2"), "");
    } else {
        assert_eq!(e.ok("undo"), "");
        assert_eq!(e.ok("undo"), "");
    }
    assert_eq!(e.ok("play W C7"), "");
    assert_eq!(e.ok("play B G7"), "");
    // Every gfx command gives draw commands GoGui knows, one per line.
    let draw = re(
        r"(?:(?:BLACK|WHITE|MARK|CIRCLE|SQUARE|TRIANGLE)(?: [A-HJ-T]\d+)+|INFLUENCE(?: [A-HJ-T]\d+ -?[01]\.\d+)+|LABEL(?: [A-HJ-T]\d+ \S+)+|VAR(?: [bw] (?:[A-HJ-T]\d+|pass))+|TEXT .*)",
    );
    for command in &gfx {
        let reply = e.ok(command);
        for l in reply.lines() {
            assert!(draw.is_match(l), "{command}: {l:?}");
        }
    }
    for (command, pattern) in [
        ("ingo-rules", r"\S.*"),
        ("ingo-phase", "playing"),
        ("ingo-param", r"\[bool\] live_gfx [01]"),
    ] {
        let reply = e.ok(command);
        assert!(re(pattern).is_match(&reply), "{command}: {reply}");
    }
    // A long genmove (a minute of byo-yomi for one stone) ends early at
    // `# interrupt` with a move; with live graphics on, it draws on
    // stderr while it thinks.
    assert_eq!(e.ok("time_settings 0 60 1"), "");
    assert_eq!(e.ok("ingo-param live_gfx 1"), "");
    let sent = Instant::now();
    e.write("genmove w\n");
    std::thread::sleep(Duration::from_millis(1800));
    e.write("# interrupt\n");
    let reply = e.result("genmove");
    assert!(re(&format!("{VERTEX}|pass")).is_match(&reply), "{reply}");
    // Left alone it thinks for about half a minute here.
    assert!(sent.elapsed() < Duration::from_secs(10), "interrupted");
    // Blocks: a bare `gogui-gfx:` line, draw commands, an empty line; a
    // CLEAR before the response.
    // (stderr comes through its own pipe: read up to the CLEAR.)
    let mut stderr: Vec<String> = Vec::new();
    while stderr.last().map(String::as_str) != Some("gogui-gfx: CLEAR") {
        match e.errors().recv_timeout(WAIT) {
            Ok(l) => stderr.push(l),
            Err(_) => panic!("no CLEAR after {stderr:?}"),
        }
    }
    let start = stderr.iter().position(|l| l == "gogui-gfx:");
    let start = start.unwrap_or_else(|| panic!("no live graphics in {stderr:?}"));
    let block: Vec<&String> = stderr[start + 1..]
        .iter()
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(
        !block.is_empty() && block.iter().all(|l| draw.is_match(l)),
        "{block:?}"
    );
    assert_eq!(e.ok("ingo-param live_gfx 0"), "");
    // Scoring as the GUI does it.
    e.ok("final_status_list dead");
    assert_eq!(e.ok("quit"), "");
}

/// One gogui-twogtp game: per program `protocol_version`, `name`,
/// `version`, `list_commands`, then `boardsize`, `clear_board`, `komi`,
/// `time_settings`; `genmove` to the mover and `play` to the other until
/// two passes or a resignation; `final_score` to both, `cputime` if
/// listed, `quit`.
#[test]
fn twogtp_game_with_time_settings() {
    let args = ["--playouts", "400", "--threads", "1", "--resign", "0"];
    let mut black = Engine::start(&[&args[..], &["--seed", "1"]].concat());
    let mut white = Engine::start(&[&args[..], &["--seed", "2"]].concat());
    let mut listed = Vec::new();
    for e in [&mut black, &mut white] {
        assert_eq!(e.ok("protocol_version"), "2");
        assert_eq!(e.ok("name"), "ingo");
        e.ok("version");
        listed.push(e.commands());
        for c in [
            "boardsize 9",
            "clear_board",
            "komi 6.5",
            "time_settings 60 0 0",
        ] {
            assert_eq!(e.ok(c), "", "{c}");
        }
    }
    let mv = re(&format!("{VERTEX}|pass|PASS|resign"));
    let mut passes = 0;
    let mut moves = 0;
    let mut resigned = None;
    while passes < 2 && moves < 300 {
        let (mover, other, c) = if moves % 2 == 0 {
            (&mut black, &mut white, "B")
        } else {
            (&mut white, &mut black, "W")
        };
        let reply = mover.ok(&format!("genmove {}", c.to_lowercase()));
        assert!(mv.is_match(&reply), "{reply}");
        if reply == "resign" {
            resigned = Some(c);
            break;
        }
        // The opponent is the referee of legality (twogtp checks none).
        assert_eq!(other.ok(&format!("play {c} {reply}")), "", "{c} {reply}");
        passes = if reply.eq_ignore_ascii_case("pass") {
            passes + 1
        } else {
            0
        };
        moves += 1;
    }
    assert!(moves < 300, "the game ends");
    if resigned.is_none() {
        let score = re(r"[BW]\+\d+(?:\.\d+)?|0");
        let b = black.ok("final_score");
        let w = white.ok("final_score");
        assert!(score.is_match(&b) && score.is_match(&w), "{b} {w}");
    }
    for (e, commands) in [&mut black, &mut white].into_iter().zip(&listed) {
        if commands.iter().any(|c| c == "cputime") {
            let cpu = e.ok("cputime");
            assert!(re(r"\d+\.\d{3}").is_match(&cpu), "{cpu}");
        }
        assert_eq!(e.ok("quit"), "");
    }
}

/// kgsGtp's flow (research notes §4.3): `list_commands` first, possibly
/// several `boardsize`, then `clear_board`, `komi`, `kgs-rules`, the
/// handicap, `kgs-time_settings byoyomi` with `time_left` carrying periods,
/// moves, `undo`, `final_status_list dead`, `kgs-genmove_cleanup` after a
/// disagreement, `kgs-chat`, `kgs-game_over`.
#[test]
fn kgsgtp_game_flow() {
    let mut e = Engine::start(&["--playouts", "300", "--threads", "1", "--seed", "3"]);
    let commands = e.commands();
    for c in [
        "kgs-genmove_cleanup",
        "kgs-time_settings",
        "kgs-rules",
        "kgs-game_over",
    ] {
        assert!(commands.iter().any(|l| l == c), "{c}");
    }
    assert_eq!(e.ok("boardsize 19"), "");
    assert_eq!(e.ok("boardsize 9"), "");
    assert_eq!(e.ok("clear_board"), "");
    assert_eq!(e.ok("komi 0.5"), "");
    assert_eq!(e.ok("kgs-rules chinese"), "");
    assert_eq!(e.ok("kgs-time_settings byoyomi 60 10 3"), "");
    let stones = e.ok("place_free_handicap 2");
    let points: Vec<&str> = stones.split_whitespace().collect();
    assert_eq!(points.len(), 2, "{stones}");
    assert!(points.iter().all(|p| re(VERTEX).is_match(p)), "{stones}");
    let mv = re(&format!("{VERTEX}|pass|resign"));
    // White (the bot) to move after the handicap.
    for i in 0..6 {
        assert_eq!(e.ok(&format!("time_left white {} 0", 60 - 5 * i)), "");
        let reply = e.ok("genmove w");
        assert!(mv.is_match(&reply), "{reply}");
        if reply == "resign" {
            break;
        }
        // The opponent's answer: any legal point.
        let legal = e.ok("all_legal black");
        let answer = legal.split_whitespace().next().expect("a legal point");
        assert_eq!(e.ok(&format!("play b {answer}")), "");
    }
    // KGS takes back a move when both agree.
    assert_eq!(e.ok("undo"), "");
    e.ok("final_status_list dead");
    // Byo-yomi: periods left in place of stones.
    assert_eq!(e.ok("time_left white 8 2"), "");
    let reply = e.ok("kgs-genmove_cleanup w");
    assert!(mv.is_match(&reply), "{reply}");
    if commands.iter().any(|l| l == "kgs-chat") {
        e.write("kgs-chat private someone hello bot\n");
        let lines = e.response();
        assert!(
            lines[0].starts_with("= ") || lines[0].starts_with("? "),
            "{lines:?}"
        );
    }
    assert_eq!(e.ok("kgs-game_over"), "");
    assert_eq!(e.ok("quit"), "");
}

/// The start-up options a client's command line gives (the regression
/// files cannot pass arguments).
#[test]
fn command_line_rules_size_and_komi() {
    let mut e = Engine::start(&["--rules", "chinese", "--size", "9", "--komi", "5.5"]);
    assert_eq!(e.ok("ingo-rules"), "chinese");
    assert_eq!(e.ok("get_komi"), " 5.5");
    assert_eq!(e.ok("play b J9"), "");
    assert_eq!(e.ok("list_stones black"), "J9");
    e.write("play w K10\n");
    assert_eq!(e.response(), vec!["? syntax error".to_string()], "9x9");
}

/// Lizzie (featurecat 0.7): numbered commands (it reads the id back from
/// `=N` to know which answer is current), `lz-analyze INTERVAL` with the
/// bare interval, stopped by the next numbered command.
#[test]
fn lizzie_numbered_commands_and_analysis() {
    let mut e = Engine::start(&["--threads", "2", "--seed", "5"]);
    assert_eq!(e.ok("1 name"), "ingo");
    // Lizzie reads the minor version as Leela Zero's (and warns below 15).
    assert!(re(r"\d+\.\d+\.\d+").is_match(&e.ok("2 version")));
    assert_eq!(e.ok("3 boardsize 19"), "");
    assert_eq!(e.ok("4 komi 7.5"), "");
    assert_eq!(e.ok("5 clear_board"), "");
    assert_eq!(e.ok("6 play b Q16"), "");
    e.write("7 lz-analyze 10\n");
    assert_eq!(e.line(), "=7");
    let info = re(&format!(
        r"(?:info move (?:pass|{VERTEX}) visits \d+ winrate \d+ prior \d+ lcb \d+ order \d+ pv(?: (?:pass|{VERTEX}))+ ?)+"
    ));
    let l = e.line();
    assert!(info.is_match(&l), "{l}");
    // Lizzie splits the line on " info " and reads each block's keys.
    for block in l.split(" info ") {
        let block = block.trim_start_matches("info ");
        assert!(block.starts_with("move "), "{block}");
    }
    e.write("8 play w D4\n");
    loop {
        let l = e.line();
        if l.is_empty() {
            break;
        }
        assert!(info.is_match(&l), "{l}");
    }
    assert_eq!(e.result("8 play"), "");
    assert_eq!(e.ok("9 list_stones white"), "D4");
}
