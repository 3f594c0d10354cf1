#!/usr/bin/env bash
# Move legality at scale (issue 23): the GNU Go / reference-model
# cross-check of tests/gnugo_crosscheck/ in its long mode. Rounds of the
# full game schedule (about 63,000 positions each), round k under rule set
# k mod 8 (simplified-ing, chinese, ing, aga, new-zealand, tromp-taylor,
# japanese, korean) with its own seed, until N positions have been checked;
# then the counts per rule set (positions, superko-forbidden vertices, long
# cycles, games a long cycle ended under the basic ko rule, multi-stone
# suicides, GNU Go's known defects) and overall.
#
#   scripts/crosscheck.sh --positions 1000000 [--from-round K] [--log FILE]
#
# Without --positions it is CI's short run (what scripts/test.sh runs).
# Each finished round prints "round K done"; a run that stopped resumes
# with --from-round K+1 (the rounds are independent and seeded, so the
# resumed run checks exactly what the whole run would have). Runs under
# `nice -n 19`: the machine is shared. Needs GNU Go at /usr/games/gnugo.
set -euo pipefail
cd "$(dirname "$0")/.."

positions=""
from=0
log=""
while [ $# -gt 0 ]; do
    case "$1" in
        --positions) positions=$2; shift 2 ;;
        --from-round) from=$2; shift 2 ;;
        --log) log=$2; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

if [ -n "$positions" ]; then
    export INGO_CROSSCHECK_POSITIONS=$positions
    export INGO_CROSSCHECK_FIRST_ROUND=$from
fi
run=(nice -n 19 cargo test --release --test gnugo_crosscheck -- --ignored --nocapture)
start=$(date +%s)
what=${positions:-"CI's short run of"}
echo "crosscheck: $what positions from round $from, started $(date -u +%FT%TZ)"
if [ -n "$log" ]; then
    "${run[@]}" 2>&1 | tee "$log"
else
    "${run[@]}"
fi
echo "crosscheck: finished in $(($(date +%s) - start)) s"
