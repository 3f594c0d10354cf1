#!/usr/bin/env python3
"""Writes tests/data/nn-planes/planes.txt.gz: KataGo's own version-7 input
features (22 spatial planes, 19 globals) for many positions, which
tests/nn_planes.rs compares with ingo's `nn::inputs`, plane by plane.

It needs a KataGo binary with one extra GTP command, `kata-v7-inputs`, that
prints, for the current position and the player to move,
    pla B|W
    legal <n*n 0/1, row by row from the top: hist.isLegal for that player>
    p0 <n*n 0/1> ... p21 <n*n 0/1>     (NNInputs::fillRowV7, default
                                         MiscNNInputParams, NHWC, n x n)
    g <19 floats, %.9g>
KataGo has no such command: add it to a private copy of KataGo's
command/gtp.cpp (never to ingo). Usage:

    scripts/nn/planes.py KATAGO MODEL CONFIG [OUT] [--seed=S] [--scale=K]

(the committed fixture: seed 59, scale 3, MODEL b7c96h3tfrs-test5-cnorm,
CONFIG KataGo's configs/gtp_example.cfg; K repeats the random games)

MODEL is any network KataGo loads (only the GTP engine needs one; the
command evaluates nothing), CONFIG a GTP config (gtp_example.cfg).

Games: random legal games on many sizes under every rule set below,
positions from the SGF records in the repository, and hand-made
positions (ladders, kos, seki, pass-alive groups). Each game is one
`G` line (name, size, ingo rules for replaying it, ingo komi, KataGo
rules JSON, KataGo komi, handicap set-up stones `H:vertex`, moves); each position one `P` line after it
(moves played, player, 22 planes in hex, 19 globals).
"""

import glob
import gzip
import os
import random
import re
import sys

from katago import Kata

LETTERS = "ABCDEFGHJKLMNOPQRST"

# ingo preset -> the KataGo rules JSON nn::rules sends (checked by the test).
def rules_json(fpo, button, ko, scoring, suicide, tax, whb):
    b = lambda v: "true" if v else "false"
    return ('{"friendlyPassOk":%s,"hasButton":%s,"ko":"%s","scoring":"%s",'
            '"suicide":%s,"tax":"%s","whiteHandicapBonus":"%s"}'
            % (b(fpo), b(button), ko, scoring, b(suicide), tax, whb))

INGO = {
    "simplified-ing": rules_json(True, False, "POSITIONAL", "AREA", True, "NONE", "0"),
    "ing": rules_json(True, False, "POSITIONAL", "AREA", True, "NONE", "0"),
    "chinese": rules_json(True, False, "POSITIONAL", "AREA", False, "NONE", "N"),
    "aga": rules_json(True, False, "SITUATIONAL", "AREA", False, "NONE", "N-1"),
    "new-zealand": rules_json(True, False, "SITUATIONAL", "AREA", True, "NONE", "0"),
    "tromp-taylor": rules_json(False, False, "POSITIONAL", "AREA", True, "NONE", "0"),
    "japanese": rules_json(False, False, "SIMPLE", "TERRITORY", False, "SEKI", "0"),
    "korean": rules_json(False, False, "SIMPLE", "TERRITORY", False, "SEKI", "0"),
}
# KataGo rule sets no ingo preset maps to, replayed in ingo under a rule
# set whose legality is close (a refused move ends that game in the test).
KATA_ONLY = [
    ("japanese", rules_json(True, False, "SIMPLE", "AREA", False, "NONE", "N")),   # KataGo "chinese"
    ("japanese", rules_json(False, False, "SIMPLE", "TERRITORY", False, "NONE", "0")),
    ("japanese", rules_json(False, False, "SIMPLE", "TERRITORY", False, "ALL", "0")),
    ("aga", rules_json(True, True, "SITUATIONAL", "AREA", False, "NONE", "N-1")),  # aga-button
    ("tromp-taylor", rules_json(False, False, "POSITIONAL", "AREA", True, "NONE", "N")),
]


def kata_komi(ingo_rules, komi):
    if ingo_rules == "ing" and komi == int(komi):
        return komi - 0.5
    return komi


def vertex(x, y, n):
    """x from the left, y from the top."""
    return "%s%d" % (LETTERS[x], n - y)


def read_inputs(kata, n):
    out = kata.must("kata-v7-inputs")
    d = {}
    for l in out:
        if not l:
            continue
        k, _, v = l.partition(" ")
        d[k] = v
    planes = [d["p%d" % c] for c in range(22)]
    for p in planes:
        if len(p) != n * n or set(p) - {"0", "1"}:
            raise RuntimeError("plane not 0/1: " + p)
    hexes = []
    for p in planes:
        bits = p[::-1]  # point 0 is the lowest bit
        hexes.append("%x" % int(bits, 2) if "1" in bits else "0")
    return d["pla"][0], d["legal"], hexes, d["g"].split()


def start_game(kata, n, json, kkomi):
    kata.must("boardsize %d" % n)
    kata.must("clear_board")
    kata.must("kata-set-rules " + json)
    kata.must("komi %s" % kkomi)


def record(kata, n, moves, lines):
    pla, legal, hexes, g = read_inputs(kata, n)
    lines.append("P %d %s %s %s" % (len(moves), pla, " ".join(hexes), " ".join(g)))
    return pla, legal


def random_game(kata, rng, n, ingo_rules, json, komi, name, lines, handicap=0,
                pass_p=0.03, max_moves=None, every=1):
    kkomi = kata_komi(ingo_rules, komi)
    start_game(kata, n, json, kkomi)
    moves = []
    header_at = len(lines)
    lines.append(None)
    max_moves = max_moves or (n * n * 2 + 10)
    passes = 0
    # Handicap stones: set up (set_free_handicap, White to move) or played
    # as Black moves in a row (KataGo and ingo count both).
    setup = []
    as_setup = handicap > 0 and rng.random() < 0.5
    for i in range(handicap):
        while True:
            x, y = rng.randrange(n), rng.randrange(n)
            v = vertex(x, y, n)
            if v not in [m[1] for m in moves] and v not in setup:
                break
        if as_setup:
            setup.append(v)
        else:
            kata.must("play B " + v)
            moves.append(("B", v))
    if setup:
        kata.must("set_free_handicap " + " ".join(setup))
    # Positions since the last pass: a third occurrence is a long cycle,
    # which ends the game (ingo refuses moves after it).
    seen = {}
    while len(moves) < max_moves:
        pla, legal, hexes, g = read_inputs(kata, n)
        if len(moves) % every == 0 or passes > 0:
            lines.append("P %d %s %s %s" % (len(moves), pla, " ".join(hexes), " ".join(g)))
        key = (pla, hexes[1], hexes[2])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            break
        mine = {i for i in range(n * n) if (int(hexes[1], 16) >> i) & 1}
        def eye(i):
            x, y = i % n, i // n
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                a, b = x + dx, y + dy
                if 0 <= a < n and 0 <= b < n and (b * n + a) not in mine:
                    return False
            return True
        cands = [i for i, c in enumerate(legal) if c == "1" and not eye(i)]
        if not cands or rng.random() < pass_p:
            v = "pass"
            seen = {}
        else:
            i = rng.choice(cands)
            v = vertex(i % n, i // n, n)
        kata.must("play %s %s" % (pla, v))
        moves.append((pla, v))
        passes = passes + 1 if v == "pass" else 0
        if passes >= 2:
            # The game is over (stopped, under Simplified Ing): record it,
            # and sometimes one move more (play resumed).
            record(kata, n, moves, lines)
            if rng.random() < 0.5:
                pla, legal, _, _ = read_inputs(kata, n)
                cands = [i for i, c in enumerate(legal) if c == "1"]
                if cands:
                    i = rng.choice(cands)
                    v = vertex(i % n, i // n, n)
                    kata.must("play %s %s" % (pla, v))
                    moves.append((pla, v))
                    record(kata, n, moves, lines)
            break
    lines[header_at] = "G %s %d %s %s %s %s %s" % (
        name, n, ingo_rules, komi, json, kkomi,
        " ".join(["H:" + v for v in setup] + ["%s:%s" % m for m in moves]) or "-")


def fixed_game(kata, n, ingo_rules, json, komi, name, moves, lines, record_all=True):
    kkomi = kata_komi(ingo_rules, komi)
    start_game(kata, n, json, kkomi)
    header_at = len(lines)
    lines.append(None)
    played = []
    for pla, v in moves:
        if record_all:
            record(kata, n, played, lines)
        ok, _ = kata.cmd("play %s %s" % (pla, v))
        if not ok:
            break
        played.append((pla, v))
    record(kata, n, played, lines)
    lines[header_at] = "G %s %d %s %s %s %s %s" % (
        name, n, ingo_rules, komi, json, kkomi,
        " ".join("%s:%s" % m for m in played) or "-")


def sgf_moves(text):
    m = re.search(r"SZ\[(\d+)\]", text)
    n = int(m.group(1)) if m else 19
    if n > 19 or re.search(r"AW\[", text):
        return None
    moves = []
    ab = re.search(r"AB((?:\[[a-s]{2}\])+)", text)
    if ab:
        for c in re.findall(r"\[([a-s]{2})\]", ab.group(1)):
            moves.append(("B", vertex(ord(c[0]) - 97, ord(c[1]) - 97, n)))
    # The records have no variations: every node in order.
    for col, c in re.findall(r";\s*([BW])\[([a-t]{0,2})\]", text):
        if c == "" or (c == "tt" and n <= 19):
            moves.append((col, "pass"))
        else:
            moves.append((col, vertex(ord(c[0]) - 97, ord(c[1]) - 97, n)))
    return n, moves


def diagram_moves(rows, to_move):
    """Stones of a diagram (top row first, X black, O white) as alternating
    plays, padded with passes; the last move leaves `to_move` to play."""
    n = len(rows)
    bl = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "X"]
    wh = [(x, y) for y, r in enumerate(rows) for x, c in enumerate(r) if c == "O"]
    moves = []
    while bl or wh:
        moves.append(("B", vertex(*bl.pop(0), n) if bl else "pass"))
        moves.append(("W", vertex(*wh.pop(0), n) if wh else "pass"))
    if to_move == "W":
        moves.append(("B", "pass"))
    return n, moves


DIAGRAMS = {
    "ladder-works": [
        ".........", ".........", ".XOX.....", "..X......", ".........",
        ".........", ".........", ".........", "........."],
    "ladder-breaker": [
        ".........", ".........", ".XOX.....", "..X......", ".........",
        ".........", "......O..", ".........", "........."],
    "ladder-2libs": [
        ".........", ".........", "..O......", "..XO.....", ".........",
        ".........", ".........", ".........", "........."],
    "ladder-ko": [
        ".........", "...X.....", "..XOX....", "..XO.O...", "...X.....",
        ".........", ".........", ".........", "........."],
    "ladder-ko-capture": [
        "..XO.....", ".XO.O....", "..XO.....", "...X.....", ".........",
        ".........", ".........", ".........", "........."],
    "seki": [
        "..XO.OX..", "..XOOOX..", "XXXO.OXXX", "OOOOOOOOO", ".........",
        "XXXXXXXXX", ".........", "OOOOOOOOO", "........."],
    "pass-alive": [
        ".X.X.O...", "XXXXXO...", "OOOOOO...", ".........", ".....XXXX",
        ".....X.X.", "OOOOOXXXX", "O.O.OX...", "OOOOOX..."],
    "big-territory": [
        ".......X.", ".......X.", "XXXXXXXX.", ".........", "OOOOOOOOO",
        ".........", ".........", "....O....", "........."],
    "dead-stone-in-eye": [
        ".OX.OX...", "OOOOOX...", "XXXXXX...", ".........", ".........",
        ".........", ".........", ".........", "........."],
    "one-eye": [
        ".X.......", "XX.......", ".........", ".........", ".........",
        ".........", ".........", "......OOO", "......O.O"],
}

# Fixed games: (name, size, ingo rules, komi, KataGo rules JSON, moves).
REGRESSIONS = [
    # Black's last capture at A2 would recreate the position after move 1:
    # superko-banned (no simple ko: White B2 joined a chain).
    ("superko-2x2", 2, "simplified-ing", 7.5, INGO["simplified-ing"],
     "B:A2 W:B1 B:B2 W:A1 B:A2 W:B2"),
    ("superko-2x2-situational", 2, "new-zealand", 0.5, INGO["new-zealand"],
     "B:A2 W:B1 B:B2 W:A1 B:A2 W:B2"),
    ("superko-2x2-simple-ko", 2, "japanese", 0.5, INGO["japanese"],
     "B:A2 W:B1 B:B2 W:A1 B:A2 W:B2"),
    # After 80 moves the white chain at E9 is laddered only when the
    # defender's moves are listed in KataGo's chain-list order.
    ("ladder-chain-order", 9, "aga", 1,
     rules_json(True, True, "SITUATIONAL", "AREA", False, "NONE", "N-1"),
     "B:C7 W:pass B:J8 W:E5 B:J9 W:J7 B:D5 W:F2 B:G3 W:D6 B:B6 W:F1 B:E3 W:pass B:B2 W:A3 B:H5 W:H3 B:A9 W:H4 B:A5 W:A2 B:G5 W:J2 B:H8 W:B5 B:F7 W:H6 B:F8 W:E8 B:A7 W:G8 B:H7 W:E7 B:G7 W:E4 B:F9 W:B7 B:pass W:B4 B:G6 W:pass B:D9 W:C9 B:C6 W:D1 B:C3 W:D7 B:J6 W:F6 B:J1 W:B3 B:C1 W:F5 B:G4 W:E1 B:C8 W:E2 B:C4 W:A8 B:H9 W:F3 B:H1 W:C2 B:J3 W:H2 B:G2 W:E9 B:C5 W:J4 B:B9 W:A4 B:B8 W:F4 B:D8 W:G1 B:H1 W:A1 B:G9 W:D4 B:E6 W:D2 B:D3 W:E2 B:C2 W:E1 B:F5 W:F3 B:B1 W:D4 B:D6 W:A1 B:D7 W:J5 B:G1 W:B3 B:E5 W:F2 B:D1 W:E4 B:A4 W:B5 B:E9 W:E8 B:F1 W:B4 B:F4 W:A2 B:E4 W:J1 B:A3 W:B5 B:A2 W:B3 B:pass W:pass B:E7 W:pass B:D2 W:E2 B:F3 W:F2 B:B4 W:pass B:E1 W:E2 B:F2 W:pass B:J3 W:J4 B:H4 W:H2 B:H3 W:J2 B:J5 W:pass B:J1 W:H2 B:J2 W:pass B:pass"),
]

LADDER19 = [
    "...................",
    "...................",
    "...................",
    "...OX..............",
    "...XOX.............",
    "....X..............",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
    "...................",
]


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seed = 59
    scale = 3
    for a in sys.argv[1:]:
        if a.startswith("--seed="):
            seed = int(a.split("=", 1)[1])
        if a.startswith("--scale="):
            scale = int(a.split("=", 1)[1])
    if len(args) < 3:
        sys.exit(__doc__)
    katago, model, config = args[:3]
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    out = args[3] if len(args) > 3 else os.path.join(root, "tests/data/nn-planes/planes.txt.gz")
    kata = Kata([katago, "gtp", "-model", model, "-config", config,
                 "-override-config", "logToStderr=false,logAllGTPCommunication=false,logSearchInfo=false,numSearchThreads=1"])
    rng = random.Random(seed)
    lines = []
    rule_sets = [(r, INGO[r]) for r in INGO] + KATA_ONLY
    komis = [7.5, 6.5, 0.5, 0, 7, 5.5, -2.5, 8, 1, 3.5]
    gid = 0

    def name(kind):
        nonlocal gid
        gid += 1
        return "%s-%d" % (kind, gid)

    # Hand-made positions, under every rule set, both players to move.
    for dname, rows in list(DIAGRAMS.items()) + [("ladder19", LADDER19)]:
        for ingo_rules, json in rule_sets:
            for to_move in "BW":
                n, moves = diagram_moves(rows, to_move)
                fixed_game(kata, n, ingo_rules, json, 7.5, name(dname), moves, lines, record_all=False)
    for rname, n, ingo_rules, komi, json, text in REGRESSIONS:
        moves = [tuple(m.split(":")) for m in text.split()]
        fixed_game(kata, n, ingo_rules, json, komi, name(rname), moves, lines)
    # Real games.
    for path in sorted(glob.glob(os.path.join(root, "**/*.sgf"), recursive=True)):
        if "/target/" in path:
            continue
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        got = sgf_moves(text)
        if not got or len(got[1]) < 5:
            continue
        n, moves = got
        ingo_rules, json = rng.choice(rule_sets)
        fixed_game(kata, n, ingo_rules, json, rng.choice(komis), name("sgf"), moves, lines)
    # Random games.
    sizes = [9] * 14 + [13] * 6 + [19] * 5 + [2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 15, 17]
    for i, n in enumerate(sizes * scale):
        ingo_rules, json = rule_sets[i % len(rule_sets)]
        komi = rng.choice(komis)
        handicap = rng.choice([0, 0, 0, 2, 3, 4]) if n >= 7 else 0
        every = 1 if n <= 13 else 3
        random_game(kata, rng, n, ingo_rules, json, komi, name("random%d" % n), lines,
                    handicap=handicap, every=every)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with gzip.open(out, "wt", compresslevel=9) as f:
        for l in lines:
            f.write(l + "\n")
    npos = sum(1 for l in lines if l.startswith("P "))
    print("%d games, %d positions -> %s" % (gid, npos, out))
    kata.cmd("quit")


if __name__ == "__main__":
    main()
