//! How a game is counted, under every rule set: the dead stones (agreed
//! by the players, or judged by a player's search), the strings in seki,
//! the score with its prisoners and komi, and the result. The GTP
//! commands, `selfplay`, `review` and the pass decision all count through
//! [`Count`].

use crate::board::Point;
use crate::rules::{Game, GameResult, ScoreBreakdown};
use crate::tactics::seki_for_count;

use super::player::{Budget, Player};

/// A count of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// The dead stones the count takes off, sorted (none once an
    /// agreement took them off the board already).
    pub dead: Vec<Point>,
    /// The stones of the strings in seki, which keep their points out of
    /// territory (territory scoring only; area scoring does not ask).
    pub seki: Vec<Point>,
    /// Each side's points by the rule set's scoring.
    pub score: ScoreBreakdown,
    /// The result: the score's, or a long cycle's.
    pub result: GameResult,
}

impl Count {
    /// The count of `game` with the strings at `dead` taken off.
    pub fn with_dead(game: &Game, dead: Vec<Point>) -> Self {
        let seki = seki_for_count(game, &dead);
        Self {
            score: game.score(&dead, &seki),
            result: game.result(&dead, &seki),
            dead,
            seki,
        }
    }

    /// The count of the game now. Once its life and death is fixed
    /// ([`Game::dead_are_fixed`]) the board counts as it stands; otherwise
    /// (a game under way, or finished by passes under a rule set that
    /// judges after them) `player` judges the dead stones with `budget`.
    pub fn now(game: &Game, player: &mut dyn Player, budget: Budget) -> Self {
        let dead = if game.dead_are_fixed() {
            Vec::new()
        } else {
            player.dead_stones(game, budget)
        };
        Self::with_dead(game, dead)
    }

    /// The dead stones of this count of `game` as `final_status_list
    /// dead` names them: those agreed once life and death is fixed (the
    /// count took none off, as the agreement had), else the count's own.
    pub fn named_dead(&self, game: &Game) -> Vec<Point> {
        if game.dead_are_fixed() {
            game.agreed_dead()
        } else {
            self.dead.clone()
        }
    }
}

/// The dead stones of the game now, as `final_status_list dead` names
/// them: those agreed once life and death is fixed (none after a finish
/// by passes that leaves every stone alive), else `player`'s judgement
/// with `budget`.
pub fn dead_stones(game: &Game, player: &mut dyn Player, budget: Budget) -> Vec<Point> {
    if game.dead_are_fixed() {
        game.agreed_dead()
    } else {
        player.dead_stones(game, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Color::{self, Black, White};
    use crate::rules::{Move, Rules};
    use crate::search::{Decision, GenMode, Watch};
    use crate::testing::vertex;

    /// A player whose judgement is a fixed list, counting how often it
    /// was asked.
    struct Judge {
        dead: Vec<Point>,
        asked: usize,
    }

    impl Player for Judge {
        fn think(&mut self, _: &Game, _: Color, _: GenMode, _: Budget, _: &mut Watch) -> Decision {
            Decision::Pass
        }
        fn dead_stones(&mut self, _: &Game, _: Budget) -> Vec<Point> {
            self.asked += 1;
            self.dead.clone()
        }
    }

    fn v(text: &str) -> Point {
        vertex(text, 5)
    }

    /// 5x5, Black's wall on the C line with a lone White stone at A5
    /// inside Black's area, White's points on D and E.
    fn position(rules: Rules) -> Game {
        let mut g = Game::new(5, rules, 0.5);
        let pairs = [
            ("C1", "D1"),
            ("C2", "D2"),
            ("C3", "D3"),
            ("C4", "D4"),
            ("C5", "D5"),
            ("A4", "A5"),
        ];
        for (black, white) in pairs {
            g.play(Move::Play(Black, v(black))).unwrap();
            g.play(Move::Play(White, v(white))).unwrap();
        }
        g
    }

    #[test]
    fn a_finished_territory_game_waits_for_the_judge() {
        let mut g = position(Rules::JAPANESE);
        g.play(Move::Pass(Black)).unwrap();
        g.play(Move::Pass(White)).unwrap();
        assert!(g.awaits_judgement());
        let mut judge = Judge {
            dead: vec![v("A5")],
            asked: 0,
        };
        let count = Count::now(&g, &mut judge, Budget::Playouts(1));
        assert_eq!(judge.asked, 1);
        assert_eq!(count.dead, vec![v("A5")]);
        // Territory by hand: Black's empty points A1-A3 and B1-B5, and A5
        // once its stone is off: 9, plus that stone as a prisoner: 10.
        // White's E1-E5: 5, plus komi 0.5.
        assert_eq!(count.result.to_string(), "B+4.5");
        assert_eq!(
            dead_stones(&g, &mut judge, Budget::Playouts(1)),
            vec![v("A5")]
        );
        assert_eq!(count.named_dead(&g), vec![v("A5")], "the judged stones");
    }

    #[test]
    fn an_agreed_finish_counts_the_board_as_it_stands() {
        let mut g = position(Rules::SIMPLIFIED_ING);
        g.play(Move::Pass(Black)).unwrap();
        g.play(Move::Pass(White)).unwrap();
        g.agree(&[v("A5")]).unwrap();
        assert!(g.dead_are_fixed() && !g.awaits_judgement());
        let mut judge = Judge {
            dead: vec![v("E5")],
            asked: 0,
        };
        let count = Count::now(&g, &mut judge, Budget::Playouts(1));
        assert_eq!(judge.asked, 0, "the agreement is not judged again");
        assert!(count.dead.is_empty());
        // Area by hand: Black's stones on C and A4 (6) and the empty
        // points A1-A3, A5 and B1-B5 (9): 15. White's D and E: 10, plus
        // komi 0.5.
        assert_eq!(count.result.to_string(), "B+4.5");
        assert_eq!(
            dead_stones(&g, &mut judge, Budget::Playouts(1)),
            vec![v("A5")],
            "final_status_list names the agreed stones"
        );
        // `ingo-score`'s `dead` line once printed the count's empty list
        // here while `final_status_list dead` named A5.
        assert_eq!(count.named_dead(&g), vec![v("A5")], "so does the count");
        assert_eq!(judge.asked, 0);
    }

    #[test]
    fn a_game_under_way_is_judged_by_the_player() {
        let g = position(Rules::CHINESE);
        assert!(!g.dead_are_fixed() && !g.awaits_judgement());
        let mut judge = Judge {
            dead: vec![v("A5")],
            asked: 0,
        };
        let count = Count::now(&g, &mut judge, Budget::Playouts(1));
        assert_eq!(judge.asked, 1);
        assert_eq!(count, Count::with_dead(&g, vec![v("A5")]));
        assert_eq!(count.named_dead(&g), vec![v("A5")]);
    }

    #[test]
    fn a_finish_by_passes_that_leaves_every_stone_alive_names_none_dead() {
        let mut g = position(Rules::SIMPLIFIED_ING);
        for c in [Black, White, Black, White] {
            g.play(Move::Pass(c)).unwrap();
        }
        assert!(g.dead_are_fixed() && g.agreed_dead().is_empty());
        let mut judge = Judge {
            dead: vec![v("A5")],
            asked: 0,
        };
        let count = Count::now(&g, &mut judge, Budget::Playouts(1));
        assert!(count.named_dead(&g).is_empty());
        assert!(dead_stones(&g, &mut judge, Budget::Playouts(1)).is_empty());
        assert_eq!(judge.asked, 0);
    }
}
