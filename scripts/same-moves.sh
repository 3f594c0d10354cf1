#!/usr/bin/env bash
# Does a change keep ingo's play? Two binaries search the same positions
# from game records with the same seed and playout count, one thread, and
# every reply must be the same, byte for byte.
#
#   scripts/same-moves.sh --before BIN --after BIN [--playouts N]
#       [--seed S] [--every K] [--rules R] RECORD.sgf...
#
# For each record: `loadsgf` before every K-th move (the position just before
# that move, its player to move), `genmove` for that player, and after the
# last move `final_score` and `final_status_list dead`, so that the
# dead-stone judgement is compared too. One process per record and binary:
# the tree carried from one genmove to the next is part of what is compared.
# 19x19 positions get a quarter of the playouts, to keep a run short. Exits
# 1 on the first record whose replies differ (and prints both), 0 when all
# agree; the last line counts the positions compared.
set -euo pipefail

before=""
after=""
playouts=2000
seed=1
every=5
rules=""

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --before) before="$2"; shift 2 ;;
        --after) after="$2"; shift 2 ;;
        --playouts) playouts="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --every) every="$2"; shift 2 ;;
        --rules) rules="$2"; shift 2 ;;
        -h|--help) usage 0 ;;
        --*) echo "unknown option $1" >&2; usage 2 ;;
        *) break ;;
    esac
done
[[ -n "$before" && -n "$after" && $# -gt 0 ]] || usage 2

# The size and the moves of a record's main line, read from its text: SZ
# and the B[..]/W[..] properties in order (match records have no variations).
size_of() { grep -o 'SZ\[[0-9]*\]' "$1" | head -1 | tr -dc 0-9; }
colors_of() { grep -o ';[BW]\[' "$1" | tr -dc BW; }

script_for() {
    local record="$1" colors="$2" n=${#2} k
    for ((k = 1; k <= n; k += every)); do
        echo "loadsgf $record $k"
        echo "genmove ${colors:k-1:1}"
    done
    echo "loadsgf $record"
    echo "final_score"
    echo "final_status_list dead"
}

positions=0
for record in "$@"; do
    size=$(size_of "$record")
    colors=$(colors_of "$record")
    [[ -n "$colors" ]] || continue
    n=$playouts
    [[ "${size:-19}" -ge 19 ]] && n=$((playouts / 4))
    args=(--threads 1 --seed "$seed" --playouts "$n" --resign 0)
    [[ -n "$rules" ]] && args+=(--rules "$rules")
    script=$(script_for "$record" "$colors")
    a=$(printf '%s\n' "$script" | "$before" "${args[@]}" 2>/dev/null)
    b=$(printf '%s\n' "$script" | "$after" "${args[@]}" 2>/dev/null)
    if [[ "$a" != "$b" ]]; then
        echo "DIFFERENT: $record"
        diff <(echo "$a") <(echo "$b") | head -20
        exit 1
    fi
    count=$(grep -c '^genmove' <<<"$script")
    positions=$((positions + count))
    echo "same: $record ($count positions)"
done
echo "all same: $positions positions from $# records"
