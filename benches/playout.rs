//! Criterion benchmarks of the hot path: board copy and light playouts.
//! `ingo bench` gives the headline playouts/s; these track the parts.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use ingo::board::{Board, Color};
use ingo::search::playout::{play_out, Policy};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn playouts(c: &mut Criterion) {
    for size in [9u8, 19] {
        let empty = Board::new(size);
        let mut rng = SmallRng::seed_from_u64(1);
        let mut moves = Vec::new();
        c.bench_function(&format!("light playout {size}x{size}"), |b| {
            b.iter(|| {
                let mut board = empty.clone();
                play_out(
                    &mut board,
                    Color::Black,
                    None,
                    &mut rng,
                    Policy::Light,
                    &mut moves,
                );
                moves.clear();
                black_box(board.empty_count())
            })
        });
        c.bench_function(&format!("board clone {size}x{size}"), |b| {
            b.iter(|| black_box(empty.clone()))
        });
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
