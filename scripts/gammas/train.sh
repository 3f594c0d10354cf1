#!/usr/bin/env bash
# Learns the move model's gammas (src/search/gammas.txt) from the game
# records in games.tar.gz: the 9x9 matches ingo played against GNU Go 3.8
# (level 10) and Pachi 12.90 (10,000 playouts) in scripts/match, whose
# GNU Go and Pachi moves are learned, with line gammas of their own for
# the first four lines (the fifth line of 9x9 is the centre point alone).
# Every tenth record is held out and the fit printed for both parts.
#
#   scripts/gammas/train.sh [--ingo target/release/ingo] [--out src/search/gammas.txt]
#
# Rebuild ingo afterwards: the table is compiled in.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
ingo="target/release/ingo"
out="src/search/gammas.txt"
while [ $# -gt 0 ]; do
    case "$1" in
        --ingo) ingo="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

ingo="$(realpath "$ingo")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
games="$(mktemp -d)"
trap 'rm -rf "$games"' EXIT
tar xzf "$here/games.tar.gz" -C "$games"
# A fixed order, so the held-out tenth is always the same.
mapfile -t files < <(cd "$games" && find . -name '*.sgf' | LC_ALL=C sort)
cd "$games"
"$ingo" train-gammas --learn gnugo --learn pachi --rounds 20 --lines 4 --out "$out" "${files[@]}"
