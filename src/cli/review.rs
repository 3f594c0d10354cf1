//! `ingo review GAME`: reads the record, reviews it and writes the
//! annotated record and the plot beside it (the review's only I/O).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use super::args::{komi_help, parse_count, rules_help, GameArgs, SearchArgs};
use crate::review::annotate::annotate;
use crate::review::plot::{plot, title};
use crate::review::{analyse, read_record};
use crate::rules::Rules;
use crate::search::{Mcts, SearchParams};

/// Playouts per position unless told: a 200-move 19x19 game in under a
/// minute on two cores.
const PLAYOUTS: u64 = 1000;

/// The flags of `ingo review`.
#[derive(Args, Debug)]
#[command(
    mut_arg("rules", |a| a.help(format!(
        "{}; used when the record's RU names no rule set ingo knows", rules_help()))),
    mut_arg("komi", |a| a.help(format!("{}; used when the record has no KM", komi_help())))
)]
pub struct ReviewArgs {
    /// The SGF game record.
    pub game: PathBuf,
    /// Output path without extension (default: GAME's stem + "-review").
    #[arg(short, long, value_name = "OUT")]
    pub out: Option<PathBuf>,
    #[arg(long, value_name = "N", value_parser = parse_count,
          help = format!("Playouts per position (default {PLAYOUTS}): every position \
                          gets the same search, so the graph compares like with like"))]
    pub playouts: Option<u64>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub fallback: GameArgs,
}

/// Where the review of `game` goes: `out` without an `.sgf`/`.svg`
/// extension, else the game's own path with `-review` added to its stem.
pub fn output_stem(game: &Path, out: Option<&Path>) -> PathBuf {
    match out {
        Some(o) => match o.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("sgf") || e.eq_ignore_ascii_case("svg") => {
                o.with_extension("")
            }
            _ => o.to_path_buf(),
        },
        None => {
            let stem = game
                .file_stem()
                .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
            game.with_file_name(format!("{stem}-review"))
        }
    }
}

/// `stem` with `suffix` appended (`Path::with_extension` would cut a
/// stem such as `game.2024-review` at its dot).
fn with_suffix(stem: &Path, suffix: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// What `ingo review` needs, every default resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewOptions {
    /// The record.
    pub game: PathBuf,
    /// Where the review goes, as given.
    pub out: Option<PathBuf>,
    pub playouts: u64,
    pub search: SearchParams,
    /// Used when the record names no rule set ingo knows.
    pub rules: Rules,
    /// Used when the record has no `KM`.
    pub komi: f64,
}

impl ReviewArgs {
    /// The review the flags ask for.
    pub fn options(&self) -> ReviewOptions {
        ReviewOptions {
            game: self.game.clone(),
            out: self.out.clone(),
            playouts: self.playouts.unwrap_or(PLAYOUTS),
            search: self.search.params(),
            rules: self.fallback.rules(),
            komi: self.fallback.komi(),
        }
    }
}

/// `ingo review GAME [-o OUT]`: writes `OUT.sgf` and `OUT.svg` and
/// prints their paths.
///
/// # Errors
/// Unreadable or unloadable records, and files that cannot be written.
pub fn run(options: &ReviewOptions) -> anyhow::Result<()> {
    let [sgf, svg] = review(options)?;
    writeln!(std::io::stdout(), "{}\n{}", sgf.display(), svg.display())?;
    Ok(())
}

/// Reviews the record and writes the review; returns the paths written.
fn review(options: &ReviewOptions) -> anyhow::Result<[PathBuf; 2]> {
    let (game, out) = (options.game.as_path(), options.out.as_deref());
    let bytes = std::fs::read(game).with_context(|| format!("cannot read {}", game.display()))?;
    let text = crate::sgf::decode(&bytes);
    let record = read_record(&text, options.rules, options.komi)
        .with_context(|| format!("cannot review {}", game.display()))?;
    // The record parsed above, so its root does too; without PB, PW and
    // RE the title names the file alone.
    let info = crate::sgf::game_info(&text).unwrap_or_default();
    // Both files are made before the review, so that a path that cannot
    // be written fails at once, not after every position is searched.
    let stem = output_stem(game, out);
    let sgf_path = with_suffix(&stem, ".sgf");
    let svg_path = with_suffix(&stem, ".svg");
    let create = |path: &Path| {
        std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))
    };
    let (mut sgf_file, mut svg_file) = (create(&sgf_path)?, create(&svg_path)?);
    let positions = record.moves.len() + 1;
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(positions as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{msg} {wide_bar} {pos}/{len} positions ({elapsed} elapsed, {eta} left)",
        ) {
            bar.set_style(style);
        }
        bar.set_message("reviewing");
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    crate::playout::patterns::init();
    let mut player = Mcts::new(options.search.clone());
    let evals = analyse(
        &record.start,
        &record.moves,
        &mut player,
        options.playouts,
        &mut |done| bar.set_position(done as u64),
    )?;
    bar.finish_and_clear();
    sgf_file
        .write_all(annotate(&record, &evals, options.playouts).as_bytes())
        .with_context(|| format!("cannot write {}", sgf_path.display()))?;
    let name = game
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let svg = plot(&title(&name, &info), &record.moves, &evals)?;
    svg_file
        .write_all(svg.as_bytes())
        .with_context(|| format!("cannot write {}", svg_path.display()))?;
    Ok([sgf_path, svg_path])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_paths() {
        let game = Path::new("/games/a.2024.sgf");
        assert_eq!(
            output_stem(game, None),
            PathBuf::from("/games/a.2024-review")
        );
        assert_eq!(
            with_suffix(&output_stem(game, None), ".sgf"),
            PathBuf::from("/games/a.2024-review.sgf")
        );
        assert_eq!(
            output_stem(game, Some(Path::new("out/r.SGF"))),
            PathBuf::from("out/r")
        );
        assert_eq!(
            output_stem(game, Some(Path::new("out/r.v2"))),
            PathBuf::from("out/r.v2")
        );
    }
}
