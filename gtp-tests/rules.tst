# Rule sets (SPEC §1.4): `ingo-rules` prints / switches the active set (only on
# an empty board), `kgs-rules` maps the KGS names. What each set means for
# play is tested in superko.tst, suicide.tst, scoring.tst and phases.tst.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 9
clear_board

# The start-up rule set is the EGF's (`--rules NAME` changes it: checked
# in tests/client_sessions.rs, since a file here cannot pass arguments).
1 ingo-rules
#? [simplified-ing]

# ---------------------------------------------------------------------------
# All six names round trip.
2 ingo-rules simplified-ing
#? []
3 ingo-rules
#? [simplified-ing]
4 ingo-rules ing
#? []
5 ingo-rules
#? [ing]
6 ingo-rules chinese
#? []
7 ingo-rules
#? [chinese]
8 ingo-rules aga
#? []
9 ingo-rules
#? [aga]
10 ingo-rules new-zealand
#? []
11 ingo-rules
#? [new-zealand]
12 ingo-rules tromp-taylor
#? []
13 ingo-rules
#? [tromp-taylor]

# The rule set is game configuration like komi: kept across clear_board and
# boardsize.
14 clear_board
#? []
15 ingo-rules
#? [tromp-taylor]
16 boardsize 13
#? []
17 ingo-rules
#? [tromp-taylor]

# Unknown names fail with "unknown rules", naming the rule sets, and
# change nothing.
ingo-rules go-moku
#error [unknown rules "go-moku"; the rule sets are simplified-ing, ing, chinese, aga, new-zealand, tromp-taylor, japanese, korean]
ingo-rules simplified
#error [.+]
ingo-rules ing extra
#error [syntax error]
18 ingo-rules
#? [tromp-taylor]

# ---------------------------------------------------------------------------
# board not empty: no switch once a stone is on the board.
20 boardsize 9
#? []
21 ingo-rules simplified-ing
#? []
22 play b e5
#? []
ingo-rules aga
#error [board not empty]
kgs-rules aga
#error [board not empty]
23 ingo-rules
#? [simplified-ing]
# The query still works with stones on the board, in any phase.
24 list_stones black
#? [E5]
# Undo empties the board again: switching is allowed.
25 undo
#? []
26 ingo-rules aga
#? []
27 ingo-rules
#? [aga]
# A pass puts no stone on the board: still empty, still allowed.
28 play b pass
#? []
29 ingo-rules new-zealand
#? []
30 ingo-rules
#? [new-zealand]
# Handicap stones are stones on the board.
31 clear_board
#? []
32 fixed_handicap 2
#? [G7 C3]
ingo-rules chinese
#error [board not empty]
33 ingo-rules
#? [new-zealand]

# ---------------------------------------------------------------------------
# kgs-rules (SPEC §1.4): chinese, aga, new_zealand map to the sets of the same
# name.
40 clear_board
#? []
41 kgs-rules chinese
#? []
42 ingo-rules
#? [chinese]
43 kgs-rules aga
#? []
44 ingo-rules
#? [aga]
45 kgs-rules new_zealand
#? []
46 ingo-rules
#? [new-zealand]
kgs-rules
#error [syntax error]
kgs-rules nonsense
#error [.+]
47 ingo-rules
#? [new-zealand]

# kgs-rules japanese must be accepted (KGS sends it for most games); ingo
# plays it with an area rule set, and Japanese rules forbid suicide, so the
# multi-stone suicide W B4 of suicide.tst must then be illegal.
#
#      A B C D
#   4  O . X .
#   3  X X X .
48 boardsize 4
#? []
49 kgs-rules japanese
#? []
50 ingo-rules
#? [japanese]
play w a4
play b a3
play b b3
play b c3
play b c4
51 is_legal w b4
#? [0]
