# Superko (SPEC §1.1): positional by default, situational under ing, aga and
# new-zealand. All legality answers below were cross-checked with
# `gnugo --mode gtp --chinese-rules --allow-suicide --positional-superko`
# where GNU Go has the same rule (positional superko); situational cases
# are argued by hand.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 9
clear_board

# ---------------------------------------------------------------------------
# 1. Simple ko under the default rules (positional superko).
#
#      A B C D
#   7  . X O .        Black B7 A6 B5 G2, White C7 B6 D6 C5.
#   6  X O . O        Black C6 captures B6; White's immediate retake at B6
#   5  . X O .        would recreate the arrangement before C6: illegal.
1 ingo-rules
#? [simplified-ing]
play b b7
play w c7
play b a6
play w b6
play b b5
play w d6
play b g2
play w c5
10 play b c6
#? []
11 captures black
#? [1]
12 list_stones white
#? [C7 D6 C5]
13 is_legal w b6
#? [0]
play w b6
#error [illegal move]
14 list_stones white
#? [C7 D6 C5]
15 list_stones black
#? [B7 A6 C6 B5 G2]
# Any pass is legal, even one that leaves the arrangement as it is.
16 is_legal w pass
#? [1]
# A "ko threat" and its answer change the arrangement: now the retake gives a
# position that never occurred (G4 and G3 are new), so it is legal.
17 play w g4
#? []
18 play b g3
#? []
19 is_legal w b6
#? [1]
20 play w b6
#? []
21 list_stones black
#? [B7 A6 B5 G3 G2]
22 captures white
#? [1]
# Black's immediate re-retake at C6 would recreate the position after 18
# (C6 black, B6 empty, G4/G3 present): illegal.
23 is_legal b c6
#? [0]
play b c6
#error [illegal move]
24 list_stones white
#? [C7 B6 D6 C5 G4]
# After Black's threat H4 and White's answer H5 it is legal again.
25 play b h4
#? []
26 play w h5
#? []
27 is_legal b c6
#? [1]
28 play b c6
#? []
29 list_stones white
#? [C7 D6 C5 H5 G4]

# ---------------------------------------------------------------------------
# 2. The same ko under situational superko (new-zealand): the retake
# recreates the arrangement *and* the player to move (Black, as after W C5),
# so it is illegal there too.
30 clear_board
#? []
31 ingo-rules new-zealand
#? []
play b b7
play w c7
play b a6
play w b6
play b b5
play w d6
play b g2
play w c5
32 play b c6
#? []
33 is_legal w b6
#? [0]
play w b6
#error [illegal move]
34 list_stones white
#? [C7 D6 C5]
# Passes are never illegal, even when they repeat the arrangement with the
# same player to move: W pass gives (arrangement, Black to move) - new; B pass
# gives (arrangement, White to move), exactly the position after 32.
35 play w pass
#? []
36 is_legal b pass
#? [1]
37 play b pass
#? []
# Two passes in `playing` stop the game (SPEC §1.3).
38 ingo-phase
#? [stopped]

# ---------------------------------------------------------------------------
# 3. Positional versus situational: the same arrangement with the other
# player to move. The set-up ends with a Black move, so the ko shape P0 first
# occurs with White to move. Black then captures out of turn (GTP `play`
# accepts either colour, SPEC §1.1) and White's retake recreates P0 with
# Black to move: a repetition for positional superko only.
40 clear_board
#? []
41 ingo-rules simplified-ing
#? []
play w c7
play b b7
play w b6
play b a6
play w d6
play b b5
play w c5
play b g2
42 play b c6
#? []
43 is_legal w b6
#? [0]
play w b6
#error [illegal move]
44 list_stones white
#? [C7 D6 C5]

45 clear_board
#? []
46 ingo-rules new-zealand
#? []
play w c7
play b b7
play w b6
play b a6
play w d6
play b b5
play w c5
play b g2
47 play b c6
#? []
48 is_legal w b6
#? [1]
49 play w b6
#? []
50 list_stones white
#? [C7 B6 D6 C5]
51 captures white
#? [1]
# But Black's retake now recreates the position after 47 (C6 black, B6
# empty, White to move): illegal under situational superko as well.
52 is_legal b c6
#? [0]
play b c6
#error [illegal move]
53 list_stones black
#? [B7 A6 B5 G2]

# ---------------------------------------------------------------------------
# 4. A multi-stone suicide that empties the board (2x2). The empty board
# after clear_board is the first position of the history (Black to move).
#
#   2  X .     Black A1 B1 A2 (White passes in between). Black B2 fills the
#   1  X X     board; the four black stones have no liberty and are removed.
#
# Positional (simplified-ing): the empty arrangement occurred - illegal.
# (GNU Go accepts this one: the documented difference.)
60 boardsize 2
#? []
61 ingo-rules simplified-ing
#? []
play b a1
play w pass
play b b1
play w pass
play b a2
play w pass
62 is_legal b b2
#? [0]
play b b2
#error [illegal move]
63 all_legal b
#? []
64 list_stones black
#? [A2 A1 B1]
# White at B2 captures the three black stones: legal.
65 all_legal w
#? [B2]

# Situational (new-zealand): the empty board now comes with White to move,
# but it occurred only with Black to move - legal. The suicided stones count
# for White (SPEC §2 `captures`).
66 clear_board
#? []
67 ingo-rules new-zealand
#? []
play b a1
play w pass
play b b1
play w pass
play b a2
play w pass
68 is_legal b b2
#? [1]
69 play b b2
#? []
70 list_stones black
#? []
71 captures white
#? [4]
72 captures black
#? [0]

# The same shape made by White: its suicide leaves the empty board with
# Black to move, exactly the position after clear_board - illegal even under
# situational superko.
73 clear_board
#? []
play w a1
play b pass
play w b1
play b pass
play w a2
play b pass
74 ingo-rules
#? [new-zealand]
75 is_legal w b2
#? [0]
play w b2
#error [illegal move]
76 list_stones white
#? [A2 A1 B1]

# ---------------------------------------------------------------------------
# 5. Triple ko: a six-move cycle that no simple-ko rule stops.
#
#      A B C D E F G H J
#   9  . X O . . . X O .      ko 1: Black takes at C8, White retakes at B8
#   8  X O . O . X . X O      ko 2: White takes at G8, Black retakes at H8
#   7  . X O . . . X O .      ko 3: Black takes at C4, White retakes at B4
#   6  . . . . . . . . .
#   5  . X O . . . . . .      B C8, W G8, B C4, W B8, B H8 are all legal;
#   4  X O . O . . . . .      W B4 would recreate the starting arrangement
#   3  . X O . . . . . .      (Black to move, as at the start): illegal under
#                             both kinds of superko. It is not a simple ko
#                             (the last capture was at G8).
80 boardsize 9
#? []
81 ingo-rules simplified-ing
#? []
play w c9
play b b9
play w h9
play b g9
play w b8
play b a8
play w d8
play b f8
play w j8
play b h8
play w c7
play b b7
play w h7
play b g7
play w c5
play b b5
play w b4
play b a4
play w d4
play b b3
play w c3
82 play b c8
#? []
83 play w g8
#? []
84 play b c4
#? []
85 play w b8
#? []
86 play b h8
#? []
87 is_legal w b4
#? [0]
play w b4
#error [illegal move]
88 list_stones white
#? [C9 H9 B8 D8 J8 C7 H7 C5 D4 C3]
89 list_stones black
#? [B9 G9 A8 F8 H8 B7 G7 B5 A4 C4 B3]
90 captures black
#? [3]
91 captures white
#? [2]

# The same cycle under new-zealand (situational): the repetition has the
# same player to move, so it is illegal too.
92 clear_board
#? []
93 ingo-rules new-zealand
#? []
play w c9
play b b9
play w h9
play b g9
play w b8
play b a8
play w d8
play b f8
play w j8
play b h8
play w c7
play b b7
play w h7
play b g7
play w c5
play b b5
play w b4
play b a4
play w d4
play b b3
play w c3
play b c8
play w g8
play b c4
play w b8
play b h8
94 is_legal w b4
#? [0]
play w b4
#error [illegal move]
# White may always pass instead (passes never violate superko).
95 play w pass
#? []
96 ingo-phase
#? [playing]

# ---------------------------------------------------------------------------
# 6. The handicap set-up is a position of the history, with White to move
# (SPEC §1.1).
#
#      A B C D        Handicap stones A2 B2 C1. White A1 (liberty B1), Black
#   2  X X . .        passes, White B1: the string A1-B1 has no liberty and
#   1  . . X .        captures nothing - a two-stone suicide that restores the
#                     set-up arrangement, now with Black to move.
# Positional: the set-up arrangement occurred - illegal.
100 boardsize 4
#? []
101 ingo-rules simplified-ing
#? []
102 set_free_handicap a2 b2 c1
#? []
103 play w a1
#? []
104 play b pass
#? []
105 is_legal w b1
#? [0]
play w b1
#error [illegal move]
106 list_stones white
#? [A1]
# Situational: the set-up position had White to move; this one has Black to
# move - legal.
107 clear_board
#? []
108 ingo-rules new-zealand
#? []
109 set_free_handicap a2 b2 c1
#? []
110 play w a1
#? []
111 play b pass
#? []
112 is_legal w b1
#? [1]
113 play w b1
#? []
114 list_stones white
#? []
115 list_stones black
#? [A2 B2 C1]
116 captures black
#? [2]

# ---------------------------------------------------------------------------
# 7. The history is counted from the empty board after clear_board, with the
# handicap set-up included (SPEC §1.1): the empty board is an earlier
# arrangement even when handicap stones were then set up.
#
#   2  . X     Handicap A1 B2; White passes, Black A2, White passes. Black
#   1  X .     B1 fills the board: the four black stones have no liberty and
#              are removed, leaving the empty board - a repetition.
#
# First the same stones sent as `play B` moves (SPEC §1.5 GUI habit): the
# empty board after clear_board is in the history, so B1 is illegal.
120 boardsize 2
#? []
121 ingo-rules simplified-ing
#? []
play b a1
play b b2
play w pass
play b a2
play w pass
122 is_legal b b1
#? [0]
# Then as real handicap stones: the position before them is the same empty
# board, so B1 must be illegal here too.
123 clear_board
#? []
124 set_free_handicap a1 b2
#? []
play w pass
play b a2
play w pass
# See: report (fixed: the empty board precedes the set-up in the history)
125 is_legal b b1
#? [0]
