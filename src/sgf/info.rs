//! The game-info properties of a record's root that ingo shows or
//! filters by: the players' names and the result.

use sgf_parse::go::{self, Prop};

use super::error::{err, LoadError};
use super::repair::{check_shape, first_tree};

/// The players and the result of a record, as its root names them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameInfo {
    /// `PB`.
    pub black: Option<String>,
    /// `PW`.
    pub white: Option<String>,
    /// `RE`, such as `B+3.5` or `W+R`.
    pub result: Option<String>,
}

/// The game info of the first game of SGF `text`, read as
/// [`parse`](super::parse) reads the game (the same repairs of the text).
///
/// # Errors
/// Text that holds no game sgf-parse can read.
pub fn game_info(text: &str) -> Result<GameInfo, LoadError> {
    let tree = first_tree(text)?;
    check_shape(&tree)?;
    let trees = go::parse(&tree).map_err(|e| err(e.to_string()))?;
    let root = trees.first().ok_or_else(|| err("no game in file"))?;
    let mut info = GameInfo::default();
    for prop in root.properties() {
        let (slot, text) = match prop {
            Prop::PB(t) => (&mut info.black, &t.text),
            Prop::PW(t) => (&mut info.white, &t.text),
            Prop::RE(t) => (&mut info.result, &t.text),
            _ => continue,
        };
        let text = text.trim();
        if !text.is_empty() {
            *slot = Some(text.to_string());
        }
    }
    Ok(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_result_come_from_the_root() {
        let info =
            game_info("header (;GM[1]PB[Ann \\] Lee]PW[ Bob ]RE[W+R];B[aa]PB[Cy])").expect("reads");
        assert_eq!(
            info,
            GameInfo {
                black: Some("Ann ] Lee".into()),
                white: Some("Bob".into()),
                result: Some("W+R".into()),
            }
        );
        assert_eq!(game_info("(;PW[])"), Ok(GameInfo::default()));
        assert!(game_info("no game").is_err());
    }
}
