#!/usr/bin/env bash
# Every test of the project: unit and property tests, the GTP regression
# files, the move-legality cross-check against GNU Go (installed here
# first if missing, so that check can never be skipped silently), and that
# the shipped move model is what its training script learns. The network
# tests need KataGo's katrain network: fetched first (scripts/fetch-net.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/games/gnugo ]; then
    echo "installing gnugo for the cross-check" >&2
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && apt-get install -y -qq gnugo >/dev/null
    else
        sudo apt-get update -qq && sudo apt-get install -y -qq gnugo >/dev/null
    fi
fi

# The katrain network for the network tests (tests/nn_*.rs), fetched once
# from PyPI into a cache outside the repository.
bash scripts/fetch-net.sh >/dev/null
cargo test --release
cargo test --release --test gnugo_crosscheck -- --ignored --nocapture
cargo build --release
mkdir -p target/gammas-check
scripts/gammas/train.sh --out target/gammas-check
cmp src/model/gammas.txt target/gammas-check/gammas.txt
cmp src/model/gammas-large.txt target/gammas-check/gammas-large.txt
cmp src/model/gammas-19.txt target/gammas-check/gammas-19.txt
