# loadsgf (GTP 2 §6.3.4 / GNU Go): board size, komi (KM), set-up stones and
# the main line of moves; `loadsgf FILE N` stops at the position *before*
# move N. Like GNU Go, ingo answers with the colour to move. Paths are
# relative to this directory (the harness starts the engine here). Every
# successful load below was cross-checked with GNU Go 3.8 (same stones, same
# colour to move).
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 19
clear_board

1 ingo-rules chinese
#? []
2 komi 1.5
#? []

# ---------------------------------------------------------------------------
# sgf/simple.sgf: SZ[9] KM[6.5]; B E5 (ee), W C7 (cc), B G3 (gg), W C3 (cg),
# B pass. SGF rows count from the top: `cg` is column C, row 9-6 = 3.
10 loadsgf sgf/simple.sgf
#? [white]
11 list_stones black
#? [E5 G3]
12 list_stones white
#? [C7 C3]
13 get_komi
#? [6\.5]
# The board is 9x9 now: J9 is a point.
14 is_legal b j9
#? [1]
# One pass does not stop the game.
15 ingo-phase
#? [playing]
# The file has no RU: the rule set stays the session's.
16 ingo-rules
#? [chinese]
# printsgf writes the same game back (SGF FF[4]: pass as B[]).
17 printsgf
#? [\(;.*SZ\[9\].*KM\[6\.5\].*;B\[ee\];W\[cc\];B\[gg\];W\[cg\];B\[\]\)]

# Loaded moves are moves: undo takes them back one at a time.
18 undo
#? []
19 undo
#? []
20 list_stones white
#? [C7]

# N = 3: the position before move 3 (two moves played), Black to move.
21 loadsgf sgf/simple.sgf 3
#? [black]
22 list_stones black
#? [E5]
23 list_stones white
#? [C7]
# N = 1: before the first move, an empty 9x9 board.
24 loadsgf sgf/simple.sgf 1
#? [black]
25 list_stones black
#? []
# N beyond the end: the whole game.
26 loadsgf sgf/simple.sgf 100
#? [white]
27 list_stones white
#? [C7 C3]
loadsgf sgf/simple.sgf x
#error [syntax error]
28 list_stones white
#? [C7 C3]

# ---------------------------------------------------------------------------
# sgf/capture.sgf: SZ[5], no KM. W A1, B A2, W E1, B B1 captures A1.
# Without KM the komi stays what it was (as boardsize/clear_board keep it;
# GNU Go would set its own default here instead).
30 loadsgf sgf/capture.sgf
#? [white]
31 list_stones black
#? [A2 B1]
32 list_stones white
#? [E1]
33 captures black
#? [1]
34 get_komi
#? [6\.5]
35 is_legal w e5
#? [1]
is_legal w f6
#error [syntax error]

# ---------------------------------------------------------------------------
# sgf/handicap.sgf: SZ[9] HA[2] KM[0.5] AB[gc][cg] (G7, C3), then W E5.
# Black set-up stones are handicap stones (SPEC §1.5): under chinese White
# gets N = 2.
40 loadsgf sgf/handicap.sgf
#? [black]
41 list_stones black
#? [G7 C3]
42 list_stones white
#? [E5]
43 get_komi
#? [0\.5]
44 ingo-score
#? [.*^handicap_bonus 2$.*]
# The order of the AB values is free.
45 printsgf
#? [\(;.*HA\[2\].*AB(\[gc\]\[cg\]|\[cg\]\[gc\]).*;W\[ee\]\)]
# Set-up stones are not moves: one undo, then nothing left to undo.
46 undo
#? []
undo
#error [cannot undo]
47 list_stones black
#? [G7 C3]
48 list_stones white
#? []

# ---------------------------------------------------------------------------
# sgf/variation.sgf: B E5, then two variations; the main line is the first
# (W C7, B G3), not the second (W G7).
50 loadsgf sgf/variation.sgf
#? [white]
51 list_stones white
#? [C7]
52 list_stones black
#? [E5 G3]

# sgf/ttpass.sgf: FF[3] writes a pass as `tt` (SGF spec, boards up to 19x19).
53 loadsgf sgf/ttpass.sgf
#? [black]
54 list_stones white
#? []

# sgf/twopass.sgf: B E5 and two passes: replayed through SPEC §1.3, the game
# is stopped.
55 loadsgf sgf/twopass.sgf
#? [white]
56 ingo-phase
#? [stopped]

# sgf/whitefirst.sgf: W E5, B C3. Before move 1 the player to move is the one
# who makes move 1: White.
57 loadsgf sgf/whitefirst.sgf 1
#? [white]
58 loadsgf sgf/whitefirst.sgf 2
#? [black]
59 list_stones white
#? [E5]

# ---------------------------------------------------------------------------
# Files that cannot be loaded: `cannot load file` (SPEC §2) and the reason,
# and the game is left exactly as it was. Start from the whole of simple.sgf
# (9x9, komi 6.5, White to move).
60 loadsgf sgf/simple.sgf
#? [white]
# Missing file.
loadsgf sgf/missing.sgf
#error [cannot load file: no such file]
# A directory.
loadsgf sgf
#error [cannot load file: a directory, not a file]
# sgf/malformed.sgf: cut off in the middle of a property value (KM[2]).
loadsgf sgf/malformed.sgf
#error [cannot load file: file ends inside a property value]
# sgf/illegal.sgf: W plays on Black's stone, E5 (ee), in move 2 (KM[3]).
loadsgf sgf/illegal.sgf
#error [cannot load file: move 2, white E5: point is occupied]
# sgf/toolarge.sgf: SZ[30] is beyond 25x25 (SPEC §1.1) (KM[4]); the reply
# names the sizes there are.
loadsgf sgf/toolarge.sgf
#error [cannot load file: unsupported board size 30 \(square boards of 2 to 25 are supported\)]
# Nothing changed: stones, komi, size, player to move, phase, history.
61 list_stones black
#? [E5 G3]
62 list_stones white
#? [C7 C3]
63 get_komi
#? [6\.5]
64 is_legal b j9
#? [1]
65 showboard
#? [.*white to move, phase playing]
66 undo
#? []
67 list_stones white
#? [C7 C3]
68 undo
#? []
69 list_stones white
#? [C7]
