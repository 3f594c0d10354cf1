//! KataGo's input features, version 7 (22 spatial planes, 19 globals), of
//! an ingo game, computed as `NNInputs::fillRowV7` does with default
//! `MiscNNInputParams` (what `kata-raw-nn` uses): no conservative pass, no
//! passing hacks, a draw worth half a win, no playout-doubling advantage.
//!
//! Layout: `spatial[pos * 22 + channel]` with `pos = y * n + x`, `y = 0`
//! the top row (GTP row `n`); the network's buffer is exactly `n` x `n`.
//!
//! | plane | feature |
//! |---|---|
//! | 0 | on the board |
//! | 1, 2 | stone of the player to move, of the opponent |
//! | 3, 4, 5 | stone of a chain with 1, 2, 3 liberties |
//! | 6 | the simple-ko point and the superko-banned points |
//! | 7, 8 | encore only (never set: no encore) |
//! | 9..=13 | the last 5 moves (a pass sets global 0..=4 instead) |
//! | 14, 15, 16 | stones laddered now, one move ago, two moves ago |
//! | 17 | the attacker's moves that ladder an opponent 2-liberty chain |
//! | 18, 19 | area of the player to move, of the opponent (area scoring) |
//! | 20, 21 | second encore only (never set) |
//!
//! | global | feature |
//! |---|---|
//! | 0..=4 | the move 1..=5 back was a pass |
//! | 5 | komi for the player to move / 20 |
//! | 6, 7 | ko rule: not simple; +0.5 positional, −0.5 situational |
//! | 8 | multi-stone suicide legal |
//! | 9, 10, 11 | territory scoring; tax seki or all; tax all |
//! | 12, 13 | encore phases (never set) |
//! | 14 | a pass would end the phase |
//! | 15, 16 | playout-doubling advantage (never set) |
//! | 17 | button |
//! | 18 | komi parity wave (area scoring) |

use std::fmt;

use super::history::KHistory;
use super::rules::{kata_komi, KataKo, KataRules, KataScoring, KataTax};
use crate::board::Color;
use crate::rules::{Game, Move};
use crate::tactics::kata_board::{opp, KBoard, BLACK, WHITE};
use crate::tactics::kata_ladder::iter_ladders;
use crate::tactics::pass_alive::calculate_area;

/// Spatial planes of version 7.
pub const SPATIAL: usize = 22;
/// Global features of version 7.
pub const GLOBAL: usize = 19;

/// The inputs of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct V7Inputs {
    /// Board size `n`.
    pub size: usize,
    /// `n * n * 22` values, position-major (see the module doc).
    pub spatial: Vec<f32>,
    pub global: [f32; GLOBAL],
}

impl V7Inputs {
    /// The value of `plane` at column `x`, row `y` (0 = top).
    pub fn at(&self, plane: usize, x: usize, y: usize) -> f32 {
        self.spatial[(y * self.size + x) * SPATIAL + plane]
    }
}

/// Why the inputs of a game cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputsError {
    /// The board is not 2x2 to 19x19.
    Size(u8),
    /// Area scoring with a group tax: KataGo's independent-life area,
    /// which no ingo rule set needs, is not implemented.
    TaxedArea,
}

impl fmt::Display for InputsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputsError::Size(n) => write!(f, "board size {n} is not 2 to 19"),
            InputsError::TaxedArea => f.write_str("area scoring with a group tax is not supported"),
        }
    }
}

impl std::error::Error for InputsError {}

/// The KataGo history of `game` under `rules` and `komi` (KataGo's own
/// komi, see [`kata_komi`]): its set-up, then its moves.
///
/// # Errors
/// A board over 19x19 (or under 2x2).
pub fn kata_history(game: &Game, rules: KataRules, komi: f64) -> Result<KHistory, InputsError> {
    let n = game.size();
    if !(2..=19).contains(&n) {
        return Err(InputsError::Size(n));
    }
    let nu = usize::from(n);
    let mut board = KBoard::new(nu);
    let to_loc = |b: &KBoard, p: crate::board::Point| {
        let (x, y) = p.coords();
        b.loc(usize::from(x), nu - 1 - usize::from(y))
    };
    let setup = game.setup();
    for p in setup.points() {
        if let Some(c) = setup.color_at(p) {
            let l = to_loc(&board, p);
            board.set(l, kata_color(c));
        }
    }
    let moves: Vec<Move> = game.moves().collect();
    let first = moves.first().map_or(game.to_move(), |m| m.color());
    let mut hist = KHistory::new(board, kata_color(first), rules, komi as f32);
    for m in moves {
        match m {
            Move::Play(c, p) => {
                let l = to_loc(&hist.board, p);
                hist.play(kata_color(c), Some(l));
            }
            Move::Pass(c) => hist.play(kata_color(c), None),
        }
    }
    Ok(hist)
}

fn kata_color(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The V7 inputs of `game` under its own rules (mapped as
/// [`super::rules`] says), for the player to move.
///
/// # Errors
/// See [`InputsError`].
pub fn v7_inputs(game: &Game) -> Result<V7Inputs, InputsError> {
    let rules = KataRules::of(game.rules());
    v7_inputs_with(game, rules, kata_komi(game.rules(), game.komi()))
}

/// The V7 inputs of `game`'s moves under KataGo's `rules` and `komi`.
///
/// # Errors
/// See [`InputsError`].
pub fn v7_inputs_with(game: &Game, rules: KataRules, komi: f64) -> Result<V7Inputs, InputsError> {
    let hist = kata_history(game, rules, komi)?;
    fill_v7(&hist, kata_color(game.to_move()), false)
}

/// `NNInputs::fillRowV7` for `pla` to move on `hist`. The pass-alive area
/// reads multi-stone suicide as legal when the rules make it so, or when
/// `pass_alive_under_suicide` (KataGo's `alwaysComputePassAliveUnderSuicideRules`,
/// which follows a network's `preferPassAliveUnderSuicide` metadata; 0 for
/// the networks ingo is tested with, so [`v7_inputs`] passes false).
///
/// # Errors
/// Area scoring with a tax.
pub fn fill_v7(
    hist: &KHistory,
    pla: u8,
    pass_alive_under_suicide: bool,
) -> Result<V7Inputs, InputsError> {
    let rules = hist.rules;
    if rules.scoring == KataScoring::Area && rules.tax != KataTax::None {
        return Err(InputsError::TaxedArea);
    }
    let board = &hist.board;
    let n = board.size();
    let o = opp(pla);
    let mut spatial = vec![0.0f32; n * n * SPATIAL];
    let mut global = [0.0f32; GLOBAL];
    let pos = |loc: usize| {
        let (x, y) = board.xy(loc);
        y * n + x
    };
    let set = |spatial: &mut Vec<f32>, loc: usize, plane: usize| {
        spatial[pos(loc) * SPATIAL + plane] = 1.0;
    };
    for loc in board.locs() {
        set(&mut spatial, loc, 0);
        let c = board.color(loc);
        if c == pla || c == o {
            set(&mut spatial, loc, if c == pla { 1 } else { 2 });
            match board.libs_upto(loc, 4) {
                1 => set(&mut spatial, loc, 3),
                2 => set(&mut spatial, loc, 4),
                3 => set(&mut spatial, loc, 5),
                _ => {}
            }
        }
    }
    if let Some(k) = board.ko {
        set(&mut spatial, k, 6);
    }
    for (loc, &banned) in hist.superko_banned().iter().enumerate() {
        if banned {
            set(&mut spatial, loc, 6);
        }
    }

    // Area (18, 19): area scoring without tax only; territory scoring has
    // it in the second encore, which GTP never reaches.
    if rules.scoring == KataScoring::Area {
        let suicide = rules.multi_stone_suicide || pass_alive_under_suicide;
        let area = calculate_area(board, true, true, true, suicide);
        for loc in board.locs() {
            if area[loc] == pla {
                set(&mut spatial, loc, 18);
            } else if area[loc] == o {
                set(&mut spatial, loc, 19);
            }
        }
    }

    let mut max_turns = 5;
    let mut suppress_pass_ends_phase = false;
    if hist.pass_would_end_game(pla) && hist.should_suppress_end_game_from_friendly_pass(pla) {
        max_turns = 0;
        suppress_pass_ends_phase = true;
    } else if hist.is_game_finished || hist.is_past_normal_phase_end {
        max_turns = 1;
    }
    let mut turns_included = 0;
    let usable = max_turns.min(hist.num_approx_valid_turns_this_phase);
    let len = hist.moves.len();
    for back in 1..=usable.min(len) {
        let (mover, loc) = hist.moves[len - back];
        let expected = if back % 2 == 1 { o } else { pla };
        if mover != expected {
            break;
        }
        turns_included = back;
        match loc {
            None => global[back - 1] = 1.0,
            Some(l) => set(&mut spatial, l, 8 + back),
        }
    }

    for (loc, working) in iter_ladders(board) {
        set(&mut spatial, loc, 14);
        if board.color(loc) == o && board.libs_upto(loc, 2) > 1 {
            for w in working {
                set(&mut spatial, w, 17);
            }
        }
    }
    let prev = if turns_included < 1 {
        board
    } else {
        hist.recent_board(1)
    };
    for (loc, _) in iter_ladders(prev) {
        set(&mut spatial, loc, 15);
    }
    let prev_prev = if turns_included < 2 {
        prev
    } else {
        hist.recent_board(2)
    };
    for (loc, _) in iter_ladders(prev_prev) {
        set(&mut spatial, loc, 16);
    }

    let mut self_komi = hist.self_komi(pla);
    let area = (n * n) as f32;
    self_komi = self_komi.clamp(-area - 20.0, area + 20.0);
    global[5] = self_komi / 20.0;
    match rules.ko {
        KataKo::Simple => {}
        KataKo::Positional | KataKo::Spight => {
            global[6] = 1.0;
            global[7] = 0.5;
        }
        KataKo::Situational => {
            global[6] = 1.0;
            global[7] = -0.5;
        }
    }
    if rules.multi_stone_suicide {
        global[8] = 1.0;
    }
    if rules.scoring == KataScoring::Territory {
        global[9] = 1.0;
    }
    match rules.tax {
        KataTax::None => {}
        KataTax::Seki => global[10] = 1.0,
        KataTax::All => {
            global[10] = 1.0;
            global[11] = 1.0;
        }
    }
    if !suppress_pass_ends_phase && hist.pass_would_end_phase(pla) {
        global[14] = 1.0;
    }
    if hist.has_button {
        global[17] = 1.0;
    }
    if rules.scoring == KataScoring::Area {
        global[18] = parity_wave(self_komi, (n * n) % 2 == 0);
    }
    Ok(V7Inputs {
        size: n,
        spatial,
        global,
    })
}

/// KataGo's komi parity triangle wave: 0 at a komi that can draw, rising
/// to 0.5 half a point above it, falling to −0.5 half a point below the
/// next one (period 2).
fn parity_wave(self_komi: f32, area_even: bool) -> f32 {
    let floor = if area_even {
        (self_komi / 2.0).floor() * 2.0
    } else {
        ((self_komi - 1.0) / 2.0).floor() * 2.0 + 1.0
    };
    let delta = (self_komi - floor).clamp(0.0, 2.0);
    if delta < 0.5 {
        delta
    } else if delta < 1.5 {
        1.0 - delta
    } else {
        delta - 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use crate::rules::Rules;

    fn play(game: &mut Game, color: Color, v: &str) {
        let p = Point::parse(v, game.size()).expect("vertex");
        game.play(Move::Play(color, p)).expect("legal");
    }

    /// Worked by hand on 2x2: B A2, W B1, B B2, W A1 (takes A2 B2), B A2,
    /// W B2 (takes A2; W B2 joins A1 B1, so no simple ko). Black A2 would
    /// take the three white stones and leave Black A2 alone: the position
    /// after the first move, so superko forbids it. It is no ko point, so
    /// only plane 6 says so, under both superko rules; under the basic ko
    /// rule nothing is banned.
    #[test]
    fn a_superko_banned_point() {
        for (rules, banned) in [
            (Rules::SIMPLIFIED_ING, true),
            (Rules::NEW_ZEALAND, true),
            (Rules::JAPANESE, false),
        ] {
            let mut game = Game::new(2, rules, 7.5);
            for (c, v) in [
                (Color::Black, "A2"),
                (Color::White, "B1"),
                (Color::Black, "B2"),
                (Color::White, "A1"),
                (Color::Black, "A2"),
                (Color::White, "B2"),
            ] {
                play(&mut game, c, v);
            }
            let hist = kata_history(&game, KataRules::of(rules), 7.5).expect("2x2");
            assert_eq!(hist.board.ko, None);
            let got = v7_inputs(&game).expect("inputs");
            // A2 is x 0, y 0 (the top row of a 2x2 board).
            assert_eq!(got.at(6, 0, 0), if banned { 1.0 } else { 0.0 }, "{rules}");
            let planes6: f32 = (0..4).map(|p| got.spatial[p * SPATIAL + 6]).sum();
            assert_eq!(planes6, if banned { 1.0 } else { 0.0 });
        }
    }

    /// Worked by hand: on an empty 9x9 board under Chinese rules after
    /// Black D5 and a White pass, Black is to move and a pass would end
    /// the game; Chinese rules allow a friendly pass, so the history is
    /// hidden (no last-move plane, no pass flag) and global 14 is 0. Under
    /// Tromp-Taylor the history shows: the pass (global 0), D5 (plane 10)
    /// and global 14 is 1. Komi 7.5 from Black's side is -7.5/20; the
    /// board area 81 is odd, so the drawable komis are odd: the nearest
    /// below -7.5 is -9, 1.5 below it, where the wave is 1.5 - 2 = -0.5.
    #[test]
    fn friendly_pass_hides_the_history() {
        for (rules, shown) in [(Rules::CHINESE, false), (Rules::TROMP_TAYLOR, true)] {
            let mut game = Game::new(9, rules, 7.5);
            play(&mut game, Color::Black, "D5");
            game.play(Move::Pass(Color::White)).expect("pass");
            let got = v7_inputs(&game).expect("inputs");
            let on = if shown { 1.0 } else { 0.0 };
            assert_eq!(got.global[0], on, "{rules}");
            // D5: x 3, y 4 from the top.
            assert_eq!(got.at(10, 3, 4), on, "{rules}");
            assert_eq!(got.global[14], on, "{rules}");
            assert_eq!(got.global[5], -7.5 / 20.0);
            assert_eq!(got.global[18], -0.5);
        }
    }
}
