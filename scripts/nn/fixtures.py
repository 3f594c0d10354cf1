#!/usr/bin/env python3
"""Writes network fixtures for ingo's tests from a KataGo binary.

For positions of random legal games (and the moves given with --moves),
under the rule sets given, it asks KataGo for `kata-raw-nn 0 0` (the
network's outputs, symmetry 0, optimism 0) and, when the binary has it,
for `dump-inputs` (the 22 spatial and 19 global input features that
NNInputs::fillRowV7 makes, printed as `spatial ...` and `global ...`;
stock KataGo has no such command: a build with it is a local debugging
aid, never part of ingo). Output: one gzipped text file, a block per
position:

    position ID
    size N
    komi K
    rules NAME
    katarules JSON              (kata-get-rules: what KataGo plays)
    moves b D4 w C3 ...        (GTP moves from the empty board)
    spatial ...                 (only with dump-inputs)
    global ...
    <kata-raw-nn's reply, verbatim: one block, or 8 with --symmetries>
    end

Usage: fixtures.py --katago BIN --config CFG --model NET --out FILE.gz
                   [--sizes 9,13,19] [--rules chinese,japanese,...]
                   [--games N] [--seed S] [--inputs]
"""

import argparse
import gzip
import random
import sys

from katago import Kata

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def ask(gtp, line):
    """(success, the reply as one text) of one GTP command."""
    ok, out = gtp.cmd(line)
    return ok, "\n".join(out).strip("\n")


def vertex(x, y, size):
    return f"{COLUMNS[x]}{size - y}"


def random_game(gtp, size, rng, length):
    """Plays up to `length` random legal moves (some passes); returns them."""
    moves = []
    color = "b"
    points = [(x, y) for x in range(size) for y in range(size)]
    for _ in range(length):
        # A pass now and then, never two in a row: two would end the game
        # (or, under territory rules, start KataGo's encore).
        if rng.random() < 0.04 and (not moves or moves[-1][1] != "pass"):
            mv = "pass"
        else:
            for _ in range(30):
                x, y = rng.choice(points)
                mv = vertex(x, y, size)
                ok, _ = ask(gtp, f"play {color} {mv}")
                if ok:
                    break
            else:
                mv = "pass"
            if mv != "pass":
                moves.append((color, mv))
                color = "w" if color == "b" else "b"
                continue
        ask(gtp, f"play {color} pass")
        moves.append((color, "pass"))
        color = "w" if color == "b" else "b"
    return moves


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--katago", required=True)
    ap.add_argument("--config", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", default="9,13,19")
    ap.add_argument("--rules", default="chinese,japanese,korean,aga,new-zealand,tromp-taylor,stone-scoring")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--inputs", action="store_true", help="also dump the input features")
    ap.add_argument("--symmetries", action="store_true",
                    help="kata-raw-nn S 0 for each of the 8 symmetries S")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    gtp = Kata([a.katago, "gtp", "-model", a.model, "-config", a.config])
    n = 0
    with gzip.open(a.out, "wt") as out:
        for size in map(int, a.sizes.split(",")):
            for rules in a.rules.split(","):
                for game in range(a.games):
                    komi = rng.choice([7.5, 7, 6.5, 0, -3, 8, 0.5])
                    ask(gtp, f"boardsize {size}")
                    ask(gtp, "clear_board")
                    ask(gtp, f"komi {komi}")
                    ok, msg = ask(gtp, f"kata-set-rules {rules}")
                    if not ok:
                        raise SystemExit(f"rules {rules}: {msg}")
                    length = rng.randint(0, size * size * 2)
                    moves = random_game(gtp, size, rng, length)
                    # One symmetry at a time: KataGo's `all` reply has blank
                    # lines between its blocks, which end a GTP reply.
                    blocks = []
                    for sym in range(8 if a.symmetries else 1):
                        ok, block = ask(gtp, f"kata-raw-nn {sym} 0")
                        if not ok:
                            raise SystemExit(f"kata-raw-nn: {block}")
                        blocks.append(block)
                    raw = "\n".join(blocks)
                    _, json = ask(gtp, "kata-get-rules")
                    out.write(f"position {n}\nsize {size}\nkomi {komi}\nrules {rules}\n")
                    out.write(f"katarules {json}\n")
                    out.write("moves " + " ".join(f"{c} {m}" for c, m in moves) + "\n")
                    if a.inputs:
                        ok, planes = ask(gtp, "dump-inputs")
                        if not ok:
                            raise SystemExit("this KataGo has no dump-inputs command")
                        out.write(planes + "\n")
                    out.write(raw + "\nend\n")
                    n += 1
    gtp.close()
    print(f"{n} positions written to {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
