# The end-of-game state machine of SPEC §1.3 (EGF Simplified Ing rules),
# driven through `play ... pass`, `ingo-agree`, `ingo-dispute` and `undo`.
#
#   playing  --2 consecutive passes-->  stopped
#   stopped  --ingo-agree-->            finished
#   stopped  --ingo-dispute / play / genmove / pass-->  resumed
#   resumed  --2 consecutive passes (a resuming pass counts)-->  finished
#
# The player to move is read from showboard's last line.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 5
clear_board

1 komi 0.5
#? []
2 ingo-phase
#? [playing]
# Agreement and dispute exist only in `stopped`.
ingo-agree
#error [game is not stopped]
ingo-dispute
#error [game is not stopped]
3 ingo-phase
#? [playing]

# ---------------------------------------------------------------------------
# playing: one pass does not stop; a move in between resets the count.
10 play b c3
#? []
11 play w pass
#? []
12 ingo-phase
#? [playing]
13 play b d3
#? []
14 play w a1
#? []
15 play b pass
#? []
16 ingo-phase
#? [playing]
# B pass, W pass: two consecutive passes -> stopped. White passed last, so
# Black is to move.
17 play w pass
#? []
18 ingo-phase
#? [stopped]
19 showboard
#? [.*black to move, phase stopped]
# An illegal move is refused and does not resume play.
play b c3
#error [illegal move]
20 ingo-phase
#? [stopped]
# undo from stopped takes back the last pass: playing again.
21 undo
#? []
22 ingo-phase
#? [playing]
23 play w pass
#? []
24 ingo-phase
#? [stopped]

# ---------------------------------------------------------------------------
# stopped -> finished by agreement; A1 is agreed dead and removed.
#
#      A B C D E
#   3  . . X X .      Black C3 D3, White A1 (dead by agreement).
#   1  O . . . .
30 ingo-agree a1
#? []
31 ingo-phase
#? [finished]
32 list_stones white
#? []
# Black: 2 stones + 23 empty points; White: komi 0.5.
33 final_score
#? [B\+24\.5]
34 final_status_list dead
#? [A1]
# finished: no move, no pass, no genmove (SPEC §1.3 `game is over`).
play b e5
#error [game is over]
play w pass
#error [game is over]
genmove b
#error [game is over]
kgs-genmove_cleanup w
#error [game is over]
ingo-agree
#error [game is not stopped]
ingo-dispute
#error [game is not stopped]
35 ingo-phase
#? [finished]
36 list_stones black
#? [C3 D3]
# No move can be played, so none is legal.
37 is_legal b e5
#? [0]
# undo steps back through phases: the agreement is taken back, A1 returns.
38 undo
#? []
39 ingo-phase
#? [stopped]
40 list_stones white
#? [A1]

# ---------------------------------------------------------------------------
# stopped -> resumed by dispute; the opponent of the last passer (White)
# moves: Black.
41 ingo-dispute
#? []
42 ingo-phase
#? [resumed]
43 showboard
#? [.*black to move, phase resumed]
44 undo
#? []
45 ingo-phase
#? [stopped]

# stopped -> resumed by a move; the stone is played.
46 play b e5
#? []
47 ingo-phase
#? [resumed]
48 list_stones black
#? [E5 C3 D3]
49 undo
#? []
50 ingo-phase
#? [stopped]
51 list_stones black
#? [C3 D3]

# stopped -> resumed by a pass, which counts as the first pass of resumed:
# one more pass finishes the game.
52 play b pass
#? []
53 ingo-phase
#? [resumed]
54 play w pass
#? []
55 ingo-phase
#? [finished]
# Finished by passes in resumed: every stone is alive, nothing is dead, the
# board counts as it stands. All 22 empty points form one region touching
# both colours (neutral): Black 2, White 1 + 0.5.
56 final_status_list dead
#? []
57 final_score
#? [B\+0\.5]
play b e5
#error [game is over]
# undo: back to resumed, then to stopped.
58 undo
#? []
59 ingo-phase
#? [resumed]
60 undo
#? []
61 ingo-phase
#? [stopped]

# ---------------------------------------------------------------------------
# resumed: passes are counted afresh; the dispute itself is not a pass, and a
# move in between resets the count.
62 ingo-dispute
#? []
63 play b pass
#? []
64 ingo-phase
#? [resumed]
65 play w e5
#? []
66 play b pass
#? []
67 ingo-phase
#? [resumed]
ingo-agree
#error [game is not stopped]
ingo-dispute
#error [game is not stopped]
68 play w pass
#? []
69 ingo-phase
#? [finished]
# As it stands: Black C3 D3 = 2; White A1 E5 = 2 + 0.5; all empty points
# neutral.
70 final_score
#? [W\+0\.5]

# clear_board always starts a new game in `playing`.
71 clear_board
#? []
72 ingo-phase
#? [playing]
73 list_stones white
#? []

# ---------------------------------------------------------------------------
# genmove while stopped resumes play (SPEC §1.3). On this 2x2 board White
# has no legal move at all (A2 and B1 are single-stone suicides), so the
# only possible answer is pass, and with komi 10 White is winning (10 vs
# Black's 4), so it has no reason to resign.
#
#   2  . X
#   1  X .
80 boardsize 2
#? []
81 komi 10
#? []
play b a1
play w pass
play b b2
play w pass
play b pass
82 ingo-phase
#? [stopped]
83 all_legal w
#? []
84 genmove w
#? [pass]
# The pass resumed play and counts as the first pass there.
85 ingo-phase
#? [resumed]
86 play b pass
#? []
87 ingo-phase
#? [finished]
88 final_score
#? [W\+6]

# ---------------------------------------------------------------------------
# Tromp-Taylor has no agreement phase: two passes finish (SPEC §1.4).
90 boardsize 5
#? []
91 ingo-rules tromp-taylor
#? []
92 play b c3
#? []
93 play w pass
#? []
94 play b pass
#? []
95 ingo-phase
#? [finished]
ingo-agree
#error [game is not stopped]
play w a1
#error [game is over]
96 undo
#? []
97 ingo-phase
#? [playing]
98 play w a1
#? []
99 ingo-phase
#? [playing]
