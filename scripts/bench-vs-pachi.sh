#!/usr/bin/env bash
# Playout speed of ingo beside Pachi's, single-threaded, from the empty board,
# measured in the same run so that both see the same machine load.
#
#   scripts/bench-vs-pachi.sh --pachi /path/to/pachi [--ingo target/release/ingo]
#       [--sizes "9 19"] [--runs 5] [--playouts 100000] [--uct-playouts 10000]
#       [--playout-policy light|heavy]
#
# Pachi is not built here; pass a binary (12.x, DCNN not needed).
# Rows, one per size and kind, are medians over --runs runs:
#   pachi-light  -e montecarlo: genmove b with -t =N light playouts
#   pachi-moggy  -e montecarlo playout=moggy: the same with moggy playouts
#   pachi-uct    default engine, -t =U threads=1: its own "games/s" line
#                (wall column), and U over the genmove's CPU time
#   ingo-bench   ingo bench --threads 1 (--playout-policy passed through);
#                its own playouts/s line, and playouts over its CPU time
#   ratio/light  ingo-bench over pachi-light, run by run (ratio/moggy with
#                --playout-policy heavy): the median, then every run's
# For the Pachi rows the genmove is timed here, between the replies to
# `komi` and to `genmove` (wall clock), and by the process's CPU time over
# the same span (/proc/PID/stat), so start-up and pattern loading do not count.
set -euo pipefail

pachi=""
ingo="target/release/ingo"
sizes="9 19"
runs=5
playouts=100000
uct_playouts=10000
policy=""

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }
while [[ $# -gt 0 ]]; do
    case "$1" in
        --pachi) pachi="$2"; shift 2 ;;
        --ingo) ingo="$2"; shift 2 ;;
        --sizes) sizes="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --playouts) playouts="$2"; shift 2 ;;
        --uct-playouts) uct_playouts="$2"; shift 2 ;;
        --playout-policy) policy="$2"; shift 2 ;;
        -h|--help) usage 0 ;;
        *) echo "unknown option $1" >&2; usage 2 ;;
    esac
done
[[ -x "$pachi" ]] || { echo "--pachi PATH: an executable Pachi binary is needed" >&2; exit 2; }
[[ -x "$ingo" ]] || { echo "--ingo $ingo: not executable (cargo build --release?)" >&2; exit 2; }

ticks=$(getconf CLK_TCK)
now() { date +%s.%N; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Reads GTP replies from fd $1 until one ends (empty line); prints its first line.
read_reply() {
    local fd=$1 line first=""
    while IFS= read -r -u "$fd" line; do
        [[ -z "$first" ]] && first="$line"
        [[ -z "$line" ]] && break
    done
    printf '%s\n' "$first"
}

# pachi_genmove SIZE N ARGS...: one genmove b from the empty board with
# -t =N; prints "wall_per_s cpu_per_s own_games_per_s" (the last is Pachi's
# own "games/s" line, printed by the UCT engine only, else "-").
pachi_genmove() {
    local size=$1 n=$2
    shift 2
    local errf
    errf=$(mktemp)
    coproc P { exec "$pachi" "$@" -t "=$n" 2>"$errf"; }
    local pid=$P_PID
    local out=${P[1]} in=${P[0]}
    printf 'boardsize %s\nclear_board\nkomi 7.5\n' "$size" >&"$out"
    read_reply "$in" >/dev/null; read_reply "$in" >/dev/null; read_reply "$in" >/dev/null
    local t0 c0 t1 c1 mv own
    t0=$(now); c0=$(cpu_ticks "$pid")
    printf 'genmove b\n' >&"$out"
    mv=$(read_reply "$in")
    t1=$(now); c1=$(cpu_ticks "$pid")
    printf 'quit\n' >&"$out"
    wait "$pid" 2>/dev/null || true
    own=$(sed -n 's/.*(\([0-9]*\) games\/s, .*/\1/p' "$errf" | tail -n 1)
    rm -f "$errf"
    [[ "$mv" == =* ]] || { echo "pachi genmove failed: $mv" >&2; return 1; }
    awk -v n="$n" -v t0="$t0" -v t1="$t1" -v c0="$c0" -v c1="$c1" -v hz="$ticks" -v own="${own:--}" \
        'BEGIN { c = (c1 - c0) / hz; printf "%d %d %s\n", n / (t1 - t0), (c > 0 ? n / c : 0), own }'
}

# Prints "wall cpu": ingo's own playouts/s line, and playouts over the
# process's CPU time (start-up included, a few ms against seconds).
ingo_bench() {
    local size=$1 extra=() out cpu
    [[ -n "$policy" ]] && extra=(--playout-policy "$policy")
    local tf
    tf=$(mktemp)
    out=$( { TIMEFORMAT='%U %S'; time "$ingo" bench --size "$size" --playouts "$playouts" --threads 1 "${extra[@]}" 2>/dev/null; } 2>"$tf")
    cpu=$(awk '{print $1 + $2}' "$tf")
    rm -f "$tf"
    printf '%s %s\n' "$(sed -n 's/^playouts\/s: *\([0-9.]*\).*/\1/p' <<<"$out" | tail -n 1)" \
        "$(awk -v n="$playouts" -v c="$cpu" 'BEGIN { printf "%d", (c > 0 ? n / c : 0) }')"
}

median() { sort -g | awk '{a[NR] = $1} END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "# $("$pachi" --version 2>&1 | head -n 1) | ingo: $ingo${policy:+ --playout-policy $policy}"
echo "# runs=$runs playouts=$playouts uct_playouts=$uct_playouts; medians; load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-5s %-12s %14s %14s  %s\n' size kind "per_s(wall)" "per_s(cpu)" "all runs (wall)"
# Runs are interleaved (run r of every kind, then run r + 1), so that a
# slow spell of the shared machine hits every row alike; the last row per
# size is the median over runs of ingo's rate over Pachi's rate of the same
# policy in that run.
peer=pachi-light
[[ "$policy" == heavy ]] && peer=pachi-moggy
for size in $sizes; do
    declare -A walls=() cpus=()
    kinds=(pachi-light pachi-moggy pachi-uct ingo-bench)
    for ((r = 0; r < runs; r++)); do
        for kind in "${kinds[@]}"; do
            case $kind in
                pachi-light) read -r w c _ < <(pachi_genmove "$size" "$playouts" -e montecarlo) || true ;;
                pachi-moggy) read -r w c _ < <(pachi_genmove "$size" "$playouts" -e montecarlo playout=moggy) || true ;;
                pachi-uct) read -r _ c w < <(pachi_genmove "$size" "$uct_playouts" threads=1) || true ;;
                ingo-bench) read -r w c < <(ingo_bench "$size") || true ;;
            esac
            [[ -n "$w" && "$w" != - ]] || { echo "$kind on ${size}x$size gave no number" >&2; exit 1; }
            walls[$kind]+="$w "
            cpus[$kind]+="$c "
        done
    done
    for kind in "${kinds[@]}"; do
        mw=$(printf '%s\n' ${walls[$kind]} | median)
        if [[ "${cpus[$kind]}" == -* ]]; then mc="-"; else mc=$(printf '%s\n' ${cpus[$kind]} | median); fi
        printf '%-5s %-12s %14s %14s  %s\n' "$size" "$kind" "$mw" "$mc" "${walls[$kind]% }"
    done
    read -r -a mine <<<"${walls[ingo-bench]}"
    read -r -a theirs <<<"${walls[$peer]}"
    ratios=()
    for ((r = 0; r < runs; r++)); do
        ratios+=("$(awk -v a="${mine[r]}" -v b="${theirs[r]}" 'BEGIN { printf "%.2f", a / b }')")
    done
    printf '%-5s %-12s %14s %14s  %s\n' "$size" "ratio/${peer#pachi-}" "$(printf '%s\n' "${ratios[@]}" | median)" "" "${ratios[*]}"
done
