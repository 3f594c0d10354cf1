#!/usr/bin/env bash
# Mutation testing of the board and the rules (issue 7): every mutant
# cargo-mutants makes of src/board and src/rules is built and tested, and
# the caught/missed/unviable/timeout counts are printed per file, with the
# mutants excluded by .cargo/mutants.toml (each exclusion says why there).
#
#   scripts/mutants.sh                  everything, one shard after another
#   scripts/mutants.sh 8 3              shard 3 of 8 (0-based): a piece
#   scripts/mutants.sh 1 0 src/rules/history.rs src/rules/phase.rs
#                                       only these files
#   scripts/mutants.sh --search [N K]   the deterministic parts of src/search
#   scripts/mutants.sh --summary        reprint the summary of earlier runs
#   MUTANTS_IN_PLACE=1 scripts/mutants.sh ...
#                                       mutate this checkout itself, no copy
#   MUTANTS_ITERATE=1 scripts/mutants.sh ...
#                                       go on with an interrupted run: skip
#                                       the mutants it already caught or
#                                       found unviable (cargo mutants --iterate)
#   MUTANTS_DIFF=F scripts/mutants.sh ...
#                                       only the mutants of lines the diff F
#                                       touches (git diff A B -- src >F)
#
# By default cargo-mutants copies the tree to a scratch directory and
# builds it there from scratch first (minutes). In place it reuses this
# checkout's target/ and restores each file after its mutant: use it in a
# worktree of its own (git worktree add), which nothing else edits while it
# runs; one such worktree per shard keeps both cores busy.
#
# Each mutant costs an incremental build of the library's test binary
# (unit and property tests) and their run under nextest, which stops at
# the first failure: 5-30 s, mostly the build; with two shards sharing two
# cores all ~900 took about 80 minutes: run shards at quiet times.
# Results go to target/mutants/shard-K-of-N/mutants.out. After each run
# its outcome lists are also kept under target/mutants/history/<time>/:
# a resumed run (MUTANTS_ITERATE) lists only the mutants it tested itself,
# so the summary takes each mutant's latest outcome over every kept run
# (delete target/mutants to start over). PROPTEST_CASES (default 32)
# shortens the property tests, which keep their fixed seed.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/mutants
kinds=(caught missed unviable timeout)

keep() {
    local run
    run="$out/history/$(date +%Y%m%d-%H%M%S)-$(basename "$1")"
    mkdir -p "$run"
    for kind in "${kinds[@]}"; do
        cp "$1/mutants.out/$kind.txt" "$run/" 2>/dev/null || : >"$run/$kind.txt"
    done
}

# "outcome mutant" for every mutant of every kept run, the latest run's
# outcome winning (the glob sorts run directories by time).
latest() {
    local run kind
    for run in "$out"/history/*/; do
        [ -d "$run" ] || continue
        for kind in "${kinds[@]}"; do
            sed "s/^/$kind /" "$run/$kind.txt" 2>/dev/null || true
        done
    done | awk '{ o = $1; sub(/^[a-z]+ /, ""); last[$0] = o }
                END { for (m in last) print last[m], m }'
}

summary() {
    local files=("$@") outcomes
    outcomes=$(latest)
    printf '%-26s %7s %7s %8s %8s %8s\n' file caught missed unviable timeout excluded
    local total=(0 0 0 0 0)
    for f in "${files[@]}"; do
        local row=()
        for kind in "${kinds[@]}"; do
            row+=("$(grep -c "^$kind $f:" <<<"$outcomes" || true)")
        done
        # Excluded: listed without the config's exclusions, not with them.
        local all with
        all=$(cargo mutants --list --no-config -f "$f" 2>/dev/null | grep -c "^$f:" || true)
        with=$(cargo mutants --list -f "$f" 2>/dev/null | grep -c "^$f:" || true)
        row+=("$((all - with))")
        printf '%-26s %7s %7s %8s %8s %8s\n' "$f" "${row[@]}"
        for i in 0 1 2 3 4; do total[i]=$((total[i] + row[i])); done
    done
    printf '%-26s %7s %7s %8s %8s %8s\n' total "${total[@]}"
    local viable=$((total[0] + total[1] + total[3]))
    if [ "$viable" -gt 0 ]; then
        # A mutant that makes the tests hang is detected too (the tests
        # did not pass): cargo-mutants reports it apart, so both figures.
        local detected=$((total[0] + total[3]))
        echo "caught: $((1000 * total[0] / viable / 10)).$((1000 * total[0] / viable % 10))% of $viable viable mutants (caught, missed or timed out)"
        echo "detected (caught or timed out): $((1000 * detected / viable / 10)).$((1000 * detected / viable % 10))%"
    fi
    echo "missed mutants:"
    grep -E "^missed ($(IFS='|'; echo "${files[*]}")):" <<<"$outcomes" | sed 's/^missed //' | sort || true
}

if ! command -v cargo-mutants >/dev/null; then
    echo "installing cargo-mutants" >&2
    nice -n 10 cargo install --locked cargo-mutants
fi
command -v cargo-nextest >/dev/null || nice -n 10 cargo install --locked cargo-nextest

default_files=$(ls src/board/*.rs src/rules/*.rs)
# The parts of the search whose results do not depend on chance or timing:
# the clock arithmetic, the 3x3 patterns, the node arena (one thread), the
# priors, when a pass is offered, the end-game rules (pass, cleanup,
# resign), dynamic komi and the analysis move filter. Not in .ci/run: a
# change there would cost CI a scratch build of several minutes for few
# mutants.
search_files="src/search/time.rs src/playout/patterns.rs src/search/tree.rs src/search/prior.rs
    src/search/passing.rs src/search/endgame.rs src/search/dynkomi.rs src/search/analysis.rs"
if [ "${1:-}" = "--search" ]; then
    shift
    # shellcheck disable=SC2086 # one word per file
    set -- "${1:-1}" "${2:-all}" $search_files
fi
if [ "${1:-}" = "--summary" ]; then
    shift
    # shellcheck disable=SC2086
    summary ${*:-$default_files}
    exit 0
fi

shards=${1:-1}
only=${2:-all}
shift $(($# > 2 ? 2 : $#))
files=("$@")
[ ${#files[@]} -gt 0 ] || mapfile -t files <<<"$default_files"
globs=()
for f in "${files[@]}"; do globs+=(-f "$f"); done

export PROPTEST_CASES=${PROPTEST_CASES:-32}
# --in-place takes no -j; scratch copies are tested one at a time (two cores).
where=(-j 1)
[ -z "${MUTANTS_IN_PLACE:-}" ] || where=(--in-place)
[ -z "${MUTANTS_ITERATE:-}" ] || where+=(--iterate)
[ -z "${MUTANTS_DIFF:-}" ] || where+=(--in-diff "$MUTANTS_DIFF")
status=0
for ((k = 0; k < shards; k++)); do
    [ "$only" = all ] || [ "$only" -eq "$k" ] || continue
    dir="$out/shard-$k-of-$shards"
    mkdir -p "$dir"
    echo "== shard $k/$shards: cargo mutants ${where[*]} --shard $k/$shards ${globs[*]}" >&2
    # cargo-mutants exits non-zero when a mutant is missed; carry on to
    # the summary and report it at the end.
    # Round-robin: every shard gets its share of each file, and of the
    # slow ones (mutants that hang until the timeout), so shards run in
    # parallel finish together.
    nice -n 10 cargo mutants "${where[@]}" --shard "$k/$shards" --sharding round-robin \
        "${globs[@]}" -o "$dir" || status=$?
    keep "$dir"
done
summary "${files[@]}"
exit "$status"
