#!/usr/bin/env bash
# Fuzzing the real binary at scale (issue 23): a long random GTP stream
# (tests/gtp_fuzz.rs, binary_answers_every_line_of_a_random_stream) and
# mutated SGF records through loadsgf (tests/loadsgf_fuzz.rs). Each prints
# its counts (lines, answers, files loaded and refused, failures: panics,
# hangs, exits, lost or doubled answers, a failed load that changed the
# game) and fails on the first few failures, naming the seed or keeping
# the file that caused each.
#
#   scripts/fuzz.sh [--lines 1000000] [--sgf 100000] [--seed S]
#                   [--sgf-dir DIR] [--log FILE]
#
# Defaults: 1,000,000 lines and 100,000 files; --lines 0 or --sgf 0 skips
# that part. --sgf-dir adds the records below DIR to the seeds (the
# repository has only a few real ones, in scripts/match/results). CI runs
# the same tests with about a thousand cases each (cargo test). Runs under
# `nice -n 19`: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."

lines=1000000
sgf=100000
seed=""
dir=""
log=/dev/null
while [ $# -gt 0 ]; do
    case "$1" in
        --lines) lines=$2; shift 2 ;;
        --sgf) sgf=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --sgf-dir) dir=$2; shift 2 ;;
        --log) log=$2; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -n "$seed" ] && export INGO_FUZZ_SEED=$seed
[ -n "$dir" ] && export INGO_FUZZ_SGF_DIR=$dir

status=0
if [ "$lines" != 0 ]; then
    start=$(date +%s)
    echo "fuzz: $lines GTP lines, started $(date -u +%FT%TZ)" | tee -a "$log"
    INGO_FUZZ_LINES=$lines nice -n 19 cargo test --release --test gtp_fuzz \
        binary_answers_every_line -- --nocapture 2>&1 | tee -a "$log" || status=1
    echo "fuzz: GTP lines done in $(($(date +%s) - start)) s" | tee -a "$log"
fi
if [ "$sgf" != 0 ]; then
    start=$(date +%s)
    echo "fuzz: $sgf SGF files, started $(date -u +%FT%TZ)" | tee -a "$log"
    INGO_FUZZ_SGF=$sgf nice -n 19 cargo test --release --test loadsgf_fuzz \
        -- --nocapture 2>&1 | tee -a "$log" || status=1
    echo "fuzz: SGF files done in $(($(date +%s) - start)) s" | tee -a "$log"
fi
exit $status
