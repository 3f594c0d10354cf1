#!/usr/bin/env bash
# Learns the move model's three tables; every tenth record is held out
# and the fit printed for each table.
# - src/model/gammas.txt, without large shapes (every dead-stone
#   judgement, on 13x13 and up without its line gammas), from the GNU Go
#   3.8 and Pachi 12.90 moves in the 791 games of ingo's matches against
#   GNU Go (level 10) and Pachi (10,000 playouts) in games.tar.gz, with
#   line gammas of their own for the first four lines (the fifth line of
#   9x9 is the centre point alone);
# - src/model/gammas-large.txt (below 13x13), with the large shapes of
#   weight at least 5 and the same four lines, from the 33,703 positions
#   in pachi-policy-9.tar.gz: scripts/match/pachi-policy.js --dense 30
#   --every 2 --shard 1/4 and 2/4 (half the records: Pachi 12.90's pattern
#   probabilities, each move weighted by its own) on the 1,419 9x9 records
#   of games.tar.gz (those 791, GNU Go against Pachi, 70, and Pachi
#   against itself, 50) and more-games.tar.gz (ingo against Pachi at
#   10,000 playouts each in the matches of stop 36), komi 7, Chinese rules;
# - src/model/gammas-19.txt (13x13 and up), with the large shapes of
#   weight at least 5 and line gammas for the first six lines (a 19x19
#   opening tells the third and fourth from the centre), from the 14,143
#   positions in pachi-policy-19.tar.gz: pachi-policy.js --dense 40
#   --every 4 on 176 19x19 records: Pachi against itself at 1,000
#   playouts (teach19-pachi-pachi, 62) and ingo's matches against Pachi
#   and GNU Go of stops 38-40. It alone tells the answers to the last
#   move's atari (a capture that saves the string, an escape) from those
#   to older ataris; the two 9x9 tables predate that and keep their play.
# games-19.tar.gz holds the 62 games of Pachi against itself whose moves
# the previous 19x19 table learned (their positions are among the
# labelled).
#
#   scripts/gammas/train.sh [--ingo target/release/ingo] [--out DIR]
#
# --out writes the three tables to DIR (default src/model). Rebuild ingo
# afterwards: the tables are compiled in.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
ingo="target/release/ingo"
out="src/model"
while [ $# -gt 0 ]; do
    case "$1" in
        --ingo) ingo="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,32p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

ingo="$(realpath "$ingo")"
out="$(realpath "$out")"
games="$(mktemp -d)"
trap 'rm -rf "$games"' EXIT
tar xzf "$here/games.tar.gz" -C "$games"
mkdir "$games/9" "$games/19"
tar xzf "$here/pachi-policy-9.tar.gz" -C "$games/9"
tar xzf "$here/pachi-policy-19.tar.gz" -C "$games/19"
# A fixed order, so the held-out tenth is always the same.
mapfile -t matches < <(cd "$games" && find . -path ./19 -prune -o -name '*.sgf' -print | grep -v '^\./teach-' | LC_ALL=C sort)
cd "$games"
learn=(--learn gnugo --learn pachi --rounds 20 --lines 4 --no-last-atari)
echo "gammas.txt:"
"$ingo" train-gammas "${learn[@]}" --out "$out/gammas.txt" "${matches[@]}"
echo "gammas-large.txt:"
"$ingo" train-gammas --policy 9/pachi9-p1.txt --policy 9/pachi9-p2.txt --rounds 20 --lines 4 --large 5 --no-last-atari --out "$out/gammas-large.txt"
echo "gammas-19.txt:"
"$ingo" train-gammas --policy 19/pachi19-p1.txt --policy 19/pachi19-p2.txt --rounds 20 --lines 6 --large 5 --out "$out/gammas-19.txt"
