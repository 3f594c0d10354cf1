//! Criterion benchmarks of the hot path: board play, board copy, light and
//! heavy playouts. `ingo bench` gives the headline playouts/s; these track
//! the parts.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use ingo::board::{Board, Color, Point};
use ingo::playout::patterns;
use ingo::playout::{area_score, play_out, Policy};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// The moves of one light playout from the empty board, fixed by the seed:
/// replaying them times `play_unchecked` alone (captures included).
fn recorded_game(size: u8) -> Vec<(Color, Point)> {
    let mut rng = SmallRng::seed_from_u64(42);
    let mut board = Board::new(size);
    let mut moves = Vec::new();
    play_out(
        &mut board,
        Color::Black,
        None,
        &mut rng,
        Policy::Light,
        &mut moves,
    );
    moves
}

fn board_play(c: &mut Criterion) {
    for size in [9u8, 19] {
        let empty = Board::new(size);
        let moves = recorded_game(size);
        let mut board = empty.clone();
        c.bench_function(&format!("play {} moves {size}x{size}", moves.len()), |b| {
            b.iter(|| {
                board.copy_from(&empty);
                for &(color, p) in &moves {
                    // Passes in the recorded game only cleared the ko.
                    if !board.is_empty_at(p) || board.ko() == Some(p) {
                        board.pass();
                        continue;
                    }
                    black_box(board.play_unchecked(color, p));
                }
                black_box(board.empty_count())
            })
        });
    }
}

fn board_copy(c: &mut Criterion) {
    for size in [9u8, 19] {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut full = Board::new(size);
        let mut color = Color::Black;
        for _ in 0..usize::from(size) * usize::from(size) / 2 {
            full.play_random(color, &mut rng);
            color = !color;
        }
        let mut target = Board::new(size);
        c.bench_function(&format!("board clone {size}x{size}"), |b| {
            b.iter(|| black_box(full.clone()))
        });
        c.bench_function(&format!("board copy_from {size}x{size}"), |b| {
            b.iter(|| {
                target.copy_from(black_box(&full));
                black_box(target.empty_count())
            })
        });
    }
}

fn playouts(c: &mut Criterion) {
    patterns::init();
    for policy in [Policy::Light, Policy::Heavy] {
        for size in [9u8, 19] {
            let empty = Board::new(size);
            let mut board = empty.clone();
            let mut rng = SmallRng::seed_from_u64(1);
            let mut moves = Vec::new();
            let name = format!("{policy:?} playout {size}x{size}").to_lowercase();
            c.bench_function(&name, |b| {
                b.iter(|| {
                    board.copy_from(&empty);
                    moves.clear();
                    play_out(&mut board, Color::Black, None, &mut rng, policy, &mut moves);
                    black_box(area_score(&board))
                })
            });
        }
    }
}

criterion_group!(benches, board_play, board_copy, playouts);
criterion_main!(benches);
