//! Criterion benchmark of the tree search: whole searches of a fixed
//! number of playouts from the empty board, one thread. Beside the plain
//! playout benchmark (benches/playout.rs) it shows what the tree costs:
//! descent, expansion with priors, superko checks and the RAVE backup.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use ingo::board::Color;
use ingo::playout::Policy;
use ingo::rules::{Game, Rules};
use ingo::search::{Budget, GenMode, Mcts, Player, SearchParams};

fn search(c: &mut Criterion) {
    for (size, playouts) in [(9u8, 2000u64), (19, 500)] {
        let game = Game::new(size, Rules::SIMPLIFIED_ING, 7.5);
        for policy in [Policy::Light, Policy::NoSelfAtari] {
            let params = SearchParams {
                threads: 1,
                seed: 1,
                resign_threshold: 0.0,
                policy,
                ..SearchParams::default()
            };
            let name = format!("tree search {playouts} {policy:?} playouts {size}x{size}");
            c.bench_function(&name, |b| {
                b.iter(|| {
                    let mut player = Mcts::new(params.clone());
                    black_box(player.genmove(
                        &game,
                        Color::Black,
                        GenMode::Normal,
                        Budget::Playouts(playouts),
                    ))
                })
            });
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
