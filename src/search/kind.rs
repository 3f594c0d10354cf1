//! Which player generates the moves, chosen by name: the tree search or
//! the simple flat Monte Carlo player.

use std::fmt;
use std::str::FromStr;

use super::flat::FlatMonteCarlo;
use super::mcts::Mcts;
use super::player::{Player, SearchParams};

/// A player that can be chosen (`--player`, SPEC §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlayerKind {
    /// Monte Carlo tree search with RAVE: the engine's strength.
    #[default]
    Mcts,
    /// Flat Monte Carlo: weaker, and easy to follow.
    Flat,
}

impl PlayerKind {
    /// A new player of this kind.
    pub fn player(self, params: SearchParams) -> Box<dyn Player> {
        match self {
            PlayerKind::Mcts => Box::new(Mcts::new(params)),
            PlayerKind::Flat => Box::new(FlatMonteCarlo::new(params)),
        }
    }
}

impl FromStr for PlayerKind {
    type Err = String;

    fn from_str(s: &str) -> Result<PlayerKind, String> {
        match s {
            "mcts" => Ok(PlayerKind::Mcts),
            "flat" => Ok(PlayerKind::Flat),
            _ => Err(format!("unknown player '{s}' (mcts or flat)")),
        }
    }
}

impl fmt::Display for PlayerKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PlayerKind::Mcts => "mcts",
            PlayerKind::Flat => "flat",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color;
    use crate::rules::{Game, Rules};
    use crate::search::player::{Budget, Decision, GenMode};
    use crate::testing::{board, vertex};

    #[test]
    fn names_round_trip() {
        for kind in [PlayerKind::Mcts, PlayerKind::Flat] {
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
        assert!("uct".parse::<PlayerKind>().is_err());
        assert_eq!(PlayerKind::default(), PlayerKind::Mcts);
    }

    #[test]
    fn every_kind_plays() {
        let game = Game::new(9, Rules::SIMPLIFIED_ING, 7.0);
        let params = SearchParams {
            threads: 1,
            seed: 1,
            ..SearchParams::default()
        };
        for kind in [PlayerKind::Mcts, PlayerKind::Flat] {
            let mut player = kind.player(params.clone());
            let mv = player.genmove(&game, Color::Black, GenMode::Normal, Budget::Playouts(300));
            assert!(matches!(mv, Decision::Play(_)), "{kind}: {mv:?}");
        }
    }

    /// In cleanup mode a dead stone is attacked, not left for agreement:
    /// both players end the game by the same code (`endgame.rs`).
    #[test]
    fn every_kind_closes_in_on_dead_stones_in_cleanup() {
        let game = Game::with_setup(
            board(
                ". . . X O . .
                 . . . X O . .
                 . . . X O . .
                 . O . X O . .
                 . . . X O . .
                 . . . X O . .
                 . . . X O . .",
            ),
            0,
            Color::Black,
            Rules::SIMPLIFIED_ING,
            0.5,
        );
        let params = SearchParams {
            threads: 1,
            seed: 42,
            resign_threshold: 0.0,
            ..SearchParams::default()
        };
        let liberties: Vec<Decision> = ["A4", "C4", "B5", "B3"]
            .iter()
            .map(|s| Decision::Play(vertex(s, 7)))
            .collect();
        for kind in [PlayerKind::Mcts, PlayerKind::Flat] {
            let mut player = kind.player(params.clone());
            let mv = player.genmove(
                &game,
                Color::Black,
                GenMode::Cleanup,
                Budget::Playouts(3000),
            );
            assert!(liberties.contains(&mv), "{kind}: {mv:?}");
        }
    }
}
