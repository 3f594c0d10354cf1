//! `ingo train-gammas`: learns the move model's gammas from game records
//! and teachers' policy files, reports the fit and writes the table.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::args::parse_count;
use crate::board::Color;
use crate::model::{self, train, Model};
use crate::rules::{Move, Rules};

/// Minorization-maximization rounds unless told.
const ROUNDS: u64 = 20;

/// The flags of `ingo train-gammas`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// SGF game records.
    #[arg(required_unless_present = "policy")]
    pub sgf: Vec<PathBuf>,
    /// A policy file of scripts/match/katago-policy.js (repeatable);
    /// each `#` line starts a record.
    #[arg(long, value_name = "FILE")]
    pub policy: Vec<PathBuf>,
    /// Learn the moves of players whose PB/PW name contains this
    /// (repeatable).
    #[arg(long, value_name = "NAME")]
    pub learn: Vec<String>,
    /// Write the table here (else only report the fit).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Minorization-maximization rounds.
    #[arg(long, value_name = "N", default_value_t = ROUNDS, value_parser = parse_count)]
    pub rounds: u64,
    /// Lines, from the edge, with line gammas of their own (the lines
    /// inside share the last one's).
    #[arg(long, default_value_t = model::MAX_LINES,
          value_parser = clap::value_parser!(u8).range(1..=i64::from(model::MAX_LINES)))]
    pub lines: u8,
    /// Learn the large shapes (within distance 2, 3 and 4 of a move)
    /// played at least this many times; 0 learns none.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub large: u32,
    /// Also report the fit of this table (e.g. the shipped one) on the
    /// same positions, to compare teachers.
    #[arg(long, value_name = "TABLE")]
    pub compare: Option<PathBuf>,
    /// Learn no gammas of their own for the answers to the last move's
    /// atari (they share those of the same answers to older ataris),
    /// like the shipped `gammas.txt` and `gammas-large.txt`.
    #[arg(long)]
    pub no_last_atari: bool,
}

/// How the gammas are learned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrainOptions {
    /// Minorization-maximization rounds.
    pub rounds: usize,
    /// Lines from the edge with gammas of their own.
    pub lines: u8,
    /// Fewest plays of a large shape that gets a gamma (0: none).
    pub large: u32,
    /// The answers to the last move's atari get gammas of their own.
    pub last_atari: bool,
}

/// What `ingo train-gammas` reads and writes, and how it learns.
#[derive(Debug, Clone, PartialEq)]
pub struct Training {
    pub records: Vec<PathBuf>,
    pub policies: Vec<PathBuf>,
    /// Names whose moves are learned; every player's when empty.
    pub learn: Vec<String>,
    pub out: Option<PathBuf>,
    pub compare: Option<PathBuf>,
    pub options: TrainOptions,
}

impl TrainArgs {
    /// The training the flags ask for.
    pub fn options(&self) -> Training {
        Training {
            records: self.sgf.clone(),
            policies: self.policy.clone(),
            learn: self.learn.clone(),
            out: self.out.clone(),
            compare: self.compare.clone(),
            options: TrainOptions {
                rounds: usize::try_from(self.rounds).unwrap_or(usize::MAX),
                lines: self.lines,
                large: self.large,
                last_atari: !self.no_last_atari,
            },
        }
    }
}

/// Learns the table, prints its fit (and the compared table's) on the
/// training and held-out positions, and writes it if asked.
///
/// # Errors
/// Unreadable records, policy files or tables, and a table that cannot
/// be written.
pub fn run(training: &Training) -> anyhow::Result<()> {
    let TrainOptions {
        rounds,
        lines,
        large,
        last_atari,
    } = training.options;
    let learn = &training.learn;
    // The other table and the words that name it in the report.
    let other = training
        .compare
        .as_ref()
        .map(|path| -> anyhow::Result<(String, Model)> {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let model =
                Model::parse(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            Ok((format!(" by {}", path.display()), model))
        })
        .transpose()?;
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, path) in training.records.iter().enumerate() {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let text = crate::sgf::decode(&bytes);
        let game = crate::sgf::parse(&text, None, Rules::default(), 7.0)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let info =
            crate::sgf::game_info(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        let wanted = |c: Color| {
            let name = match c {
                Color::Black => &info.black,
                Color::White => &info.white,
            };
            let name = name.as_deref().unwrap_or("");
            learn.is_empty() || learn.iter().any(|l| name.contains(l.as_str()))
        };
        let moves: Vec<Move> = game.moves().collect();
        let positions = train::positions(game.setup(), &moves, wanted);
        if i % 10 == 9 {
            test.extend(positions);
        } else {
            train.extend(positions);
        }
    }
    let mut records = training.records.len();
    for path in &training.policies {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let policy_records =
            train::policy_records(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        for positions in policy_records {
            records += 1;
            if records % 10 == 0 {
                test.extend(positions);
            } else {
                train.extend(positions);
            }
        }
    }
    let mut stdout = io::stdout().lock();
    writeln!(
        stdout,
        "{} training positions, {} held out",
        train.len(),
        test.len()
    )?;
    let model = train::train(&train, rounds, (lines, large), last_atari);
    let fits = std::iter::once(("", &model)).chain(other.iter().map(|(by, m)| (by.as_str(), m)));
    for (by, model) in fits {
        for (name, set) in [("training", &train), ("held out", &test)] {
            let (first, log_p) = train::evaluate(model, set);
            writeln!(
                stdout,
                "{name}{by}: move played ranked first {:.1}%, mean log-probability {log_p:.3}",
                100.0 * first
            )?;
        }
    }
    if let Some(out) = &training.out {
        let learned = if learn.is_empty() {
            "every player".to_string()
        } else {
            learn.join(", ")
        };
        let files = training.records.len();
        let mut sources = Vec::new();
        if files > 0 {
            sources.push(format!("{files} game records, learning {learned}"));
        }
        if !training.policies.is_empty() {
            sources.push(format!(
                "{} records labelled with a teacher's policy",
                records - files
            ));
        }
        let header = format!(
            "The move model's gammas, written by `ingo train-gammas` ({rounds} rounds)\n\
             from {}: {} positions.",
            sources.join(" and "),
            train.len()
        );
        std::fs::write(out, model.to_table(&header))
            .with_context(|| format!("cannot write {}", out.display()))?;
    }
    Ok(())
}
