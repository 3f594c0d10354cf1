//! GNU Go: how it is run, and [`GnuGoModel`], a replica of 3.8's superko
//! bookkeeping and hashing that predicts its `all_legal`, defects included.

use crate::board::{neighbours, Arrangement, Colour, Point};
use crate::reference::{Ko, Outcome, Reference};
use crate::rng::SplitMix64;

pub(crate) const GNUGO: &str = "/usr/games/gnugo";
const GNUGO_ARGS: &[&str] = &[
    "--mode",
    "gtp",
    "--chinese-rules",
    "--allow-suicide",
    "--positional-superko",
];
/// GNU Go for the rule sets without suicide (`chinese`): the same but
/// `--forbid-suicide`, which refuses every suicide (defect 1 cannot occur).
const GNUGO_ARGS_NO_SUICIDE: &[&str] = &[
    "--mode",
    "gtp",
    "--chinese-rules",
    "--forbid-suicide",
    "--positional-superko",
];
/// GNU Go for the basic ko rule (`japanese`, `korean`): its defaults,
/// simple ko and no suicide, without a superko test (so without its
/// defects).
const GNUGO_ARGS_BASIC_KO: &[&str] = &["--mode", "gtp", "--forbid-suicide"];

/// GNU Go's configurations: positional superko with and without
/// multi-stone suicide, and simple ko.
pub(crate) const GNUGO_CONFIGS: [&[&str]; 3] =
    [GNUGO_ARGS, GNUGO_ARGS_NO_SUICIDE, GNUGO_ARGS_BASIC_KO];

/// GNU Go 3.8 `MAX_MOVE_HISTORY` (engine/board.h).
const GNUGO_MAX_MOVE_HISTORY: usize = 500;
/// How many moves GNU Go folds into its initial position when its move
/// history is full (`1 + MAX_MOVE_HISTORY / 10` in `play_move()`).
const GNUGO_COLLAPSED_MOVES: usize = 1 + GNUGO_MAX_MOVE_HISTORY / 10;

/// A Zobrist key for the emulated GNU Go hash. GNU Go's own keys are
/// different random numbers, but hashes built from independent random keys
/// are equal exactly when the same keys were XORed in (barring collisions,
/// 2^-128 here), so equality patterns, which are all that matter, coincide.
fn zobrist(p: Point, what: u64) -> u128 {
    let mut rng = SplitMix64(((p.row * 32 + p.col) as u64) << 2 | what);
    u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())
}

fn stone_key(p: Point, colour: Colour) -> u128 {
    zobrist(p, colour.index() as u64)
}

fn ko_key(ko: Option<Point>) -> u128 {
    ko.map_or(0, |p| zobrist(p, 2))
}

fn arrangement_hash(board: &Arrangement) -> u128 {
    let mut hash = 0;
    for (row, cells) in board.iter().enumerate() {
        for (col, cell) in cells.iter().enumerate() {
            if let Some(colour) = cell {
                hash ^= stone_key(Point { row, col }, *colour);
            }
        }
    }
    hash
}

/// GNU Go's `board_ko_pos` after a move at `p`: set by `do_play_move()`
/// when a stone without friendly neighbours captures exactly one stone and
/// is left with exactly one liberty (the captured point).
pub(crate) fn gnugo_ko_point(
    before: &Arrangement,
    colour: Colour,
    p: Point,
    outcome: &Outcome,
) -> Option<Point> {
    let size = before.len();
    let lonely = neighbours(p, size)
        .iter()
        .all(|n| before[n.row][n.col] != Some(colour));
    let liberties: Vec<Point> = neighbours(p, size)
        .into_iter()
        .filter(|n| outcome.after[n.row][n.col].is_none())
        .collect();
    (lonely && outcome.removed_opponent == 1 && outcome.removed_own == 0 && liberties.len() == 1)
        .then(|| liberties[0])
}

/// What GNU Go knows about the game: a replica of its move history
/// bookkeeping, used to predict its `all_legal` exactly.
pub(crate) struct GnuGoModel {
    /// GNU Go's `move_history_pointer`.
    pointer: usize,
    /// Index into `Reference::history` of GNU Go's `initial_board`: the
    /// oldest arrangement whose hash it still stores.
    pub(crate) first: usize,
    /// GNU Go's `board_ko_pos` after each move, indexed like the history.
    ko: Vec<Option<Point>>,
    /// The hash GNU Go stored for each arrangement before the current one
    /// (`move_history_hash`, ko excluded), offset included.
    stored: Vec<u128>,
}

impl GnuGoModel {
    pub(crate) fn new() -> GnuGoModel {
        GnuGoModel {
            pointer: 0,
            first: 0,
            ko: vec![None],
            stored: Vec::new(),
        }
    }

    /// How far GNU Go's `board_hash` is off from the true hash: each fold
    /// adds (true hash of the old initial position) XOR (that of the new
    /// one), which telescopes to the true hash, ko included, of the current
    /// initial position (the empty board's, 0, until the first fold).
    fn offset(&self, reference: &Reference) -> u128 {
        arrangement_hash(&reference.history[self.first]) ^ ko_key(self.ko[self.first])
    }

    /// Mirrors `play_move()`: fold if full, then store the hash of the
    /// arrangement the move is played on. Call before `Reference::play`.
    pub(crate) fn on_play(&mut self, reference: &Reference, ko_after: Option<Point>) {
        if self.pointer >= GNUGO_MAX_MOVE_HISTORY {
            self.first += GNUGO_COLLAPSED_MOVES;
            self.pointer -= GNUGO_COLLAPSED_MOVES;
        }
        let stored = arrangement_hash(&reference.board) ^ self.offset(reference);
        self.stored.push(stored);
        self.pointer += 1;
        self.ko.push(ko_after);
    }

    /// Mirrors `is_allowed_move()` for a point on the board (steps numbered
    /// as there; 1 and 2, pass and off-board, do not apply). `outcome` is
    /// the reference's `outcome(colour, p)`.
    pub(crate) fn accepts(
        &self,
        reference: &Reference,
        colour: Colour,
        p: Point,
        outcome: Option<&Outcome>,
    ) -> bool {
        // 3. The point must be empty.
        let Some(outcome) = outcome else {
            return false;
        };
        // 4. Simple ko (redundant with superko, but it is checked first).
        let board = &reference.board;
        let now = reference.move_count();
        let west_or_east_opponent = [p.col.checked_sub(1), Some(p.col + 1)]
            .into_iter()
            .flatten()
            .any(|col| col < reference.size && board[p.row][col] == Some(colour.opponent()));
        if self.ko[now] == Some(p) && west_or_east_opponent {
            return false;
        }
        // 5. `--allow-suicide` forbids suicide without a friendly neighbour.
        let friendly_neighbour = neighbours(p, reference.size)
            .iter()
            .any(|n| board[n.row][n.col] == Some(colour));
        // `--forbid-suicide` forbids all of them.
        if outcome.removed_own > 0 && (!friendly_neighbour || !reference.rules.multi_stone_suicide)
        {
            return false;
        }
        // Without `--positional-superko` that is all.
        if reference.rules.ko == Ko::Basic {
            return true;
        }
        // 6. Superko, on the hash of the board as `really_do_trymove()`
        //    leaves it: a suicided string is still there (defect 1).
        let offset = self.offset(reference);
        let candidate = arrangement_hash(&outcome.placed) ^ offset;
        let current = arrangement_hash(board) ^ offset;
        candidate != current && !self.stored[self.first..].contains(&candidate)
    }
}
