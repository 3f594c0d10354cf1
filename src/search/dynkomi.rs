//! Linear dynamic komi in handicap games (Pachi): the handicap side plays
//! as if it owed more komi, the other as if it owed less, fading out over
//! the game, so that neither sees every move win or lose.

use crate::board::Color;
use crate::rules::Game;

/// Komi per handicap stone that linear dynamic komi starts from.
const DYNKOMI_PER_STONE: f64 = 7.0;
/// Share of the board's points after which dynamic komi is gone (Pachi:
/// 200 moves on 19x19).
const DYNKOMI_END: f64 = 0.55;

/// What White adds to its area in the playouts of `color`'s search: komi
/// and handicap bonus, plus dynamic komi in handicap games.
pub(super) fn white_bonus(game: &Game, color: Color) -> f64 {
    let base = game.komi_with_bonus();
    let stones = game.handicap();
    if stones == 0 {
        return base;
    }
    let area = f64::from(game.size()) * f64::from(game.size());
    let played = game.moves().count() as f64;
    let fade = (1.0 - played / (DYNKOMI_END * area)).max(0.0);
    let extra = DYNKOMI_PER_STONE * f64::from(stones) * fade;
    match color {
        Color::Black => base + extra,
        Color::White => base - extra,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Move, Rules};

    #[test]
    fn dynamic_komi_only_with_handicap() {
        let game = Game::new(19, Rules::CHINESE, 7.5);
        assert_eq!(white_bonus(&game, Color::Black), 7.5);
        let h = Game::with_handicap(
            19,
            &crate::rules::handicap::fixed_points(19, 4).expect("points"),
            Rules::CHINESE,
            0.5,
        );
        // Chinese rules give White 4 points for 4 stones; Black plays as
        // if it owed 28 more at the start, White as if it owed 28 less.
        assert_eq!(h.komi_with_bonus(), 0.5 + 4.0);
        assert_eq!(white_bonus(&h, Color::Black), 0.5 + 4.0 + 28.0);
        assert_eq!(white_bonus(&h, Color::White), 0.5 + 4.0 - 28.0);
    }

    /// 10x10 with 2 handicap stones, White to move: White plays `n`
    /// stones along rows 4 to 6 (away from the handicap stones), Black
    /// passing after each but the last, so the game has `2 * n - 1` moves.
    fn handicap_game_after(n: usize) -> Game {
        let points = crate::rules::handicap::fixed_points(10, 2).expect("points");
        let mut game = Game::with_handicap(10, &points, Rules::CHINESE, 0.5);
        let vertices =
            (4..=6).flat_map(|row| "ABCDEFGHJK".chars().map(move |c| format!("{c}{row}")));
        for (i, v) in vertices.take(n).enumerate() {
            if i > 0 {
                game.play(Move::Pass(Color::Black)).expect("pass");
            }
            let p = crate::testing::vertex(&v, 10);
            game.play(Move::Play(Color::White, p)).expect("legal");
        }
        game
    }

    #[test]
    fn dynamic_komi_fades_with_the_moves_played() {
        // Komi 0.5 plus 2 points for 2 stones (Chinese). Dynamic komi
        // ends after 0.55 * 100 = 55 moves: after 11 it is down to
        // 1 - 11 / 55 = 0.8 of 7 * 2 = 14 points, 11.2.
        let game = handicap_game_after(6);
        assert_eq!(game.moves().count(), 11);
        assert_eq!(game.handicap(), 2);
        let base = 0.5 + 2.0;
        assert!((white_bonus(&game, Color::Black) - (base + 11.2)).abs() < 1e-9);
        assert!((white_bonus(&game, Color::White) - (base - 11.2)).abs() < 1e-9);
        // 59 moves, past the 55: only komi and the handicap bonus remain.
        let game = handicap_game_after(30);
        assert_eq!(game.moves().count(), 59);
        assert_eq!(white_bonus(&game, Color::Black), base);
        assert_eq!(white_bonus(&game, Color::White), base);
    }
}
