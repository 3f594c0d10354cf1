//! A game replayed the way KataGo's `BoardHistory` sees it (GTP, no
//! cleanup phase): the recent boards, the move list, the passes that end
//! the phase, the superko-banned points, komi with its bonuses. The input
//! features are read off it.

use super::rules::{KataHandicapBonus, KataKo, KataRules, KataScoring};
use crate::tactics::kata_board::{opp, KBoard, BLACK, EMPTY, WHITE};

/// A move as KataGo records it: the player and a location (`None`: pass).
pub type KMove = (u8, Option<usize>);

/// Random keys for positions: one per location and colour, and one per
/// player to move (situational and simple ko hash the player in).
struct Keys {
    stones: Vec<[u64; 2]>,
    players: [u64; 2],
}

impl Keys {
    fn new(len: usize) -> Keys {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let stones = (0..len).map(|_| [next(), next()]).collect();
        Keys {
            stones,
            players: [next(), next()],
        }
    }

    fn stone(&self, loc: usize, c: u8) -> u64 {
        self.stones[loc][usize::from(c - 1)]
    }

    fn board(&self, b: &KBoard) -> u64 {
        b.locs()
            .filter(|&l| b.color(l) != EMPTY)
            .fold(0, |h, l| h ^ self.stone(l, b.color(l)))
    }
}

/// KataGo's `BoardHistory` in its main phase (GTP's default
/// `preventCleanupPhase`: no encore).
pub struct KHistory {
    pub rules: KataRules,
    pub komi: f32,
    pub board: KBoard,
    /// The board before any move, then after each move.
    boards: Vec<KBoard>,
    pub moves: Vec<KMove>,
    keys: Keys,
    ko_hashes: Vec<u64>,
    passed_from: [Vec<u64>; 2],
    consecutive_ending_passes: u32,
    was_ever_occupied_or_played: Vec<bool>,
    pub num_approx_valid_turns_this_phase: usize,
    pub is_game_finished: bool,
    pub is_past_normal_phase_end: bool,
    white_bonus: f32,
    white_handicap_bonus: f32,
    pub has_button: bool,
    white_has_moved: bool,
}

impl KHistory {
    /// A history starting at `board` with `pla` to move.
    pub fn new(board: KBoard, pla: u8, rules: KataRules, komi: f32) -> KHistory {
        let keys = Keys::new(board.arr_len());
        let was = (0..board.arr_len())
            .map(|l| board.color(l) == BLACK || board.color(l) == WHITE)
            .collect();
        let mut white_bonus = 0.0f32;
        if rules.scoring == KataScoring::Territory {
            for l in board.locs() {
                match board.color(l) {
                    BLACK => white_bonus += 1.0,
                    WHITE => white_bonus -= 1.0,
                    _ => {}
                }
            }
        }
        let mut h = KHistory {
            rules,
            komi,
            boards: vec![board.clone()],
            moves: Vec::new(),
            ko_hashes: Vec::new(),
            passed_from: [Vec::new(), Vec::new()],
            consecutive_ending_passes: 0,
            was_ever_occupied_or_played: was,
            num_approx_valid_turns_this_phase: 0,
            is_game_finished: false,
            is_past_normal_phase_end: false,
            white_bonus,
            white_handicap_bonus: 0.0,
            has_button: rules.button,
            white_has_moved: false,
            keys,
            board,
        };
        let first = h.ko_hash(&h.board, pla);
        h.ko_hashes.push(first);
        h.white_handicap_bonus = h.handicap_bonus() as f32;
        h
    }

    /// The ko hash of `board` with `pla` to move: the arrangement, and the
    /// player too under situational and simple ko.
    fn ko_hash(&self, board: &KBoard, pla: u8) -> u64 {
        let h = self.keys.board(board);
        match self.rules.ko {
            KataKo::Situational | KataKo::Simple => h ^ self.keys.players[usize::from(pla - 1)],
            _ => h,
        }
    }

    /// KataGo's `computeNumHandicapStones` with
    /// `assumeMultipleStartingBlackMovesAreHandicap` (GTP's default).
    fn handicap_stones(&self) -> u32 {
        let mut black_turns = 0;
        for (i, &(pla, loc)) in self.moves.iter().enumerate() {
            if pla != BLACK {
                if i + 1 < self.moves.len() && self.moves[i + 1].0 != BLACK {
                    black_turns = 0;
                    break;
                }
                if loc.is_none() {
                    continue;
                }
                break;
            }
            if loc.is_some() {
                black_turns += 1;
            }
        }
        let start = &self.boards[0];
        let (mut b, mut w) = (0, 0);
        for l in start.locs() {
            match start.color(l) {
                BLACK => b += 1,
                WHITE => w += 1,
                _ => {}
            }
        }
        if w != 0 || b + black_turns <= 1 {
            0
        } else {
            b + black_turns
        }
    }

    fn handicap_bonus(&self) -> u32 {
        let n = self.handicap_stones();
        match self.rules.handicap_bonus {
            KataHandicapBonus::Zero => 0,
            KataHandicapBonus::N => n,
            KataHandicapBonus::NMinusOne => n.saturating_sub(1),
        }
    }

    fn passes_clear_history(&self) -> bool {
        matches!(self.rules.ko, KataKo::Simple | KataKo::Spight)
    }

    fn new_consecutive_ending_passes_after_pass(&self) -> u32 {
        match self.rules.ko {
            KataKo::Spight => 0,
            _ => self.consecutive_ending_passes + 1,
        }
    }

    fn would_be_spightlike_ending_pass(&self, pla: u8, ko_hash_before: u64) -> bool {
        self.passes_clear_history()
            && self.passed_from[usize::from(pla - 1)].contains(&ko_hash_before)
    }

    /// KataGo's `passWouldEndPhase`.
    pub fn pass_would_end_phase(&self, pla: u8) -> bool {
        self.new_consecutive_ending_passes_after_pass() >= 2
            || self.would_be_spightlike_ending_pass(pla, self.ko_hash(&self.board, pla))
    }

    /// KataGo's `passWouldEndGame` (no encore: area scoring only).
    pub fn pass_would_end_game(&self, pla: u8) -> bool {
        self.pass_would_end_phase(pla) && self.rules.scoring == KataScoring::Area
    }

    /// KataGo's `shouldSuppressEndGameFromFriendlyPass`.
    pub fn should_suppress_end_game_from_friendly_pass(&self, pla: u8) -> bool {
        self.rules.friendly_pass_ok
            && self.rules.scoring == KataScoring::Area
            && self.new_consecutive_ending_passes_after_pass() == 2
            && !self.would_be_spightlike_ending_pass(pla, self.ko_hash(&self.board, pla))
    }

    /// KataGo's `currentSelfKomi` with a draw worth half a win.
    pub fn self_komi(&self, pla: u8) -> f32 {
        let white = self.white_bonus + self.white_handicap_bonus + self.komi + 0.0f32;
        if pla == WHITE {
            white
        } else {
            -white
        }
    }

    /// The board `k` moves ago (the first board when there are fewer).
    pub fn recent_board(&self, k: usize) -> &KBoard {
        &self.boards[self.boards.len().saturating_sub(1 + k)]
    }

    /// KataGo's `makeBoardMoveAssumeLegal` in its main phase; `loc` must be
    /// empty (KataGo's GTP accepts any empty point).
    pub fn play(&mut self, pla: u8, loc: Option<usize>) {
        if self.is_game_finished || self.is_past_normal_phase_end {
            self.num_approx_valid_turns_this_phase = self.num_approx_valid_turns_this_phase.min(1);
        }
        self.is_game_finished = false;
        self.is_past_normal_phase_end = false;
        let mut spightlike = false;
        match loc {
            Some(_) => self.consecutive_ending_passes = 0,
            None if self.has_button => {
                self.has_button = false;
                self.white_bonus += if pla == WHITE { 0.5 } else { -0.5 };
                self.consecutive_ending_passes = 0;
                self.passed_from = [Vec::new(), Vec::new()];
                self.ko_hashes.clear();
            }
            None => {
                if self.passes_clear_history() {
                    self.ko_hashes.clear();
                }
                let before = self.ko_hash(&self.board, pla);
                self.consecutive_ending_passes = self.new_consecutive_ending_passes_after_pass();
                spightlike = self.would_be_spightlike_ending_pass(pla, before);
                self.passed_from[usize::from(pla - 1)].push(before);
            }
        }
        match loc {
            Some(l) => {
                self.board.play(l, pla);
                self.was_ever_occupied_or_played[l] = true;
            }
            None => self.board.pass(),
        }
        self.boards.push(self.board.clone());
        let after = self.ko_hash(&self.board, opp(pla));
        self.ko_hashes.push(after);
        self.moves.push((pla, loc));
        self.num_approx_valid_turns_this_phase += 1;
        if self.rules.scoring == KataScoring::Territory && loc.is_some() {
            self.white_bonus += if pla == BLACK { 1.0 } else { -1.0 };
        }
        if pla == WHITE && loc.is_some() {
            self.white_has_moved = true;
        }
        if !self.white_has_moved
            && pla == BLACK
            && self.rules.handicap_bonus != KataHandicapBonus::Zero
        {
            self.white_handicap_bonus = self.handicap_bonus() as f32;
        }
        if self.consecutive_ending_passes >= 2 || spightlike {
            match self.rules.scoring {
                KataScoring::Area => self.is_game_finished = true,
                KataScoring::Territory => {
                    self.is_past_normal_phase_end = true;
                    self.num_approx_valid_turns_this_phase =
                        self.num_approx_valid_turns_this_phase.min(1);
                }
            }
        }
        if loc.is_some() && self.rules.ko == KataKo::Simple {
            let last = after;
            if self.ko_hashes.iter().filter(|&&h| h == last).count() >= 3 {
                self.is_game_finished = true;
            }
        }
    }

    /// KataGo's `superKoBanned` for the player to move after the last move
    /// (none before the first move, and none under simple ko): the empty
    /// points where a legal play would recreate an earlier position, but
    /// for the ko point, points that never held a stone (unless the play
    /// is a suicide) and forbidden suicides.
    pub fn superko_banned(&self) -> Vec<bool> {
        let b = &self.board;
        let mut banned = vec![false; b.arr_len()];
        let Some(&(last, _)) = self.moves.last() else {
            return banned;
        };
        if self.rules.ko == KataKo::Simple {
            return banned;
        }
        let next = opp(last);
        for loc in b.locs() {
            if b.color(loc) != EMPTY
                || (!self.was_ever_occupied_or_played[loc] && !b.is_suicide(loc, next))
                || b.is_illegal_suicide(loc, next, self.rules.multi_stone_suicide)
                || b.ko == Some(loc)
            {
                continue;
            }
            let mut after = b.clone();
            after.play(loc, next);
            let h = self.ko_hash(&after, opp(next));
            banned[loc] = self.ko_hashes.contains(&h);
        }
        banned
    }
}
