# Handicap (SPEC §1.5, GTP 2 §4.1.1 and §6.3.2). Vertex lists are printed
# top row first, left to right (GNU Go's order); the sets of points are
# those of GTP 2 §4.1.1 (4th line from 13x13 up, 3rd line below; GNU Go
# 3.8 answers the same lists).
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 19
clear_board

# ---------------------------------------------------------------------------
# 1. fixed_handicap on 19x19, 2 to 9 stones: corners first (3 = the upper
# left added, 4 = all corners), then the centre for odd numbers, the side
# points for 6 and more.
1 fixed_handicap 2
#? [Q16 D4]
2 clear_board
#? []
3 fixed_handicap 3
#? [D16 Q16 D4]
4 clear_board
#? []
5 fixed_handicap 4
#? [D16 Q16 D4 Q4]
6 clear_board
#? []
7 fixed_handicap 5
#? [D16 Q16 K10 D4 Q4]
8 clear_board
#? []
9 fixed_handicap 6
#? [D16 Q16 D10 Q10 D4 Q4]
10 clear_board
#? []
11 fixed_handicap 7
#? [D16 Q16 D10 K10 Q10 D4 Q4]
12 clear_board
#? []
13 fixed_handicap 8
#? [D16 K16 Q16 D10 Q10 D4 K4 Q4]
14 clear_board
#? []
15 fixed_handicap 9
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
# The stones are on the board, black.
16 list_stones black
#? [D16 K16 Q16 D10 K10 Q10 D4 K4 Q4]
17 list_stones white
#? []

# Numbers GTP does not define are refused (GTP 2 §6.3.2: at least 2, at
# most 9), and nothing is placed.
18 clear_board
#? []
fixed_handicap 1
#error [invalid number of stones]
fixed_handicap 0
#error [invalid number of stones]
fixed_handicap 10
#error [invalid number of stones]
fixed_handicap 361
#error [invalid number of stones]
# A negative count is not a GTP int; either error is acceptable.
fixed_handicap -2
#error [invalid number of stones|syntax error]
fixed_handicap two
#error [syntax error]
fixed_handicap 2 3
#error [syntax error]
19 list_stones black
#? []

# ---------------------------------------------------------------------------
# 2. 13x13 (4th line, centre G7) and 9x9 (3rd line, centre E5).
20 boardsize 13
#? []
21 fixed_handicap 2
#? [K10 D4]
22 clear_board
#? []
23 fixed_handicap 5
#? [D10 K10 G7 D4 K4]
24 clear_board
#? []
25 fixed_handicap 8
#? [D10 G10 K10 D7 K7 D4 G4 K4]
26 clear_board
#? []
27 fixed_handicap 9
#? [D10 G10 K10 D7 G7 K7 D4 G4 K4]
28 clear_board
#? []
fixed_handicap 10
#error [invalid number of stones]
29 list_stones black
#? []

30 boardsize 9
#? []
31 fixed_handicap 2
#? [G7 C3]
32 clear_board
#? []
33 fixed_handicap 3
#? [C7 G7 C3]
34 clear_board
#? []
35 fixed_handicap 4
#? [C7 G7 C3 G3]
36 clear_board
#? []
37 fixed_handicap 6
#? [C7 G7 C5 G5 C3 G3]
38 clear_board
#? []
39 fixed_handicap 7
#? [C7 G7 C5 E5 G5 C3 G3]
40 clear_board
#? []
41 fixed_handicap 9
#? [C7 E7 G7 C5 E5 G5 C3 E3 G3]
42 clear_board
#? []
fixed_handicap 10
#error [invalid number of stones]
43 list_stones black
#? []

# Even sizes have only the four corner points (GTP 2 §4.1.1): 10x10 takes 2
# to 4 stones, on the 3rd line.
44 boardsize 10
#? []
45 fixed_handicap 4
#? [C8 H8 C3 H3]
46 clear_board
#? []
fixed_handicap 5
#error [invalid number of stones]
# Boards below 7x7 have no fixed placement at all.
47 boardsize 5
#? []
fixed_handicap 2
#error [invalid number of stones]
48 list_stones black
#? []

# ---------------------------------------------------------------------------
# 3. Handicap stones are set-up, not moves (SPEC §1.5): White moves next and
# they cannot be undone.
50 boardsize 9
#? []
51 fixed_handicap 2
#? [G7 C3]
52 showboard
#? [.*white to move, phase playing]
undo
#error [cannot undo]
53 list_stones black
#? [G7 C3]
54 play w e5
#? []
55 undo
#? []
undo
#error [cannot undo]
56 list_stones black
#? [G7 C3]
57 list_stones white
#? []

# board not empty (GTP 2 §6.3.2): no second handicap, of any kind.
fixed_handicap 2
#error [board not empty]
set_free_handicap e5 d4
#error [board not empty]
place_free_handicap 2
#error [board not empty]
58 list_stones black
#? [G7 C3]
# Also after an ordinary move.
59 clear_board
#? []
60 play b e5
#? []
fixed_handicap 2
#error [board not empty]
set_free_handicap c3 g7
#error [board not empty]
place_free_handicap 3
#error [board not empty]
61 list_stones black
#? [E5]

# ---------------------------------------------------------------------------
# 4. set_free_handicap (GTP 2 §6.3.2): at least 2 distinct vertices, no pass,
# at most size*size-1; anything else is a `bad vertex list` and places
# nothing.
70 clear_board
#? []
set_free_handicap
#error [bad vertex list]
set_free_handicap e5
#error [bad vertex list]
set_free_handicap e5 e5
#error [bad vertex list]
set_free_handicap e5 pass
#error [bad vertex list]
set_free_handicap e5 j10
#error [bad vertex list]
set_free_handicap e5 zz
#error [bad vertex list]
# The first vertex is fine, the last is off the board: all or nothing.
set_free_handicap a1 b2 c3 k5
#error [bad vertex list]
71 list_stones black
#? []
72 set_free_handicap d4 f6 e5
#? []
73 list_stones black
#? [F6 E5 D4]
74 showboard
#? [.*white to move, phase playing]
undo
#error [cannot undo]
75 list_stones black
#? [F6 E5 D4]
# On 2x2, three stones is the maximum (4 - 1); four fill the board.
76 boardsize 2
#? []
set_free_handicap a1 a2 b1 b2
#error [bad vertex list]
77 list_stones black
#? []
78 set_free_handicap a1 a2 b2
#? []
79 list_stones black
#? [A2 B2 A1]

# ---------------------------------------------------------------------------
# 5. place_free_handicap: the engine picks N distinct points (2 <= N <
# size*size). Which points is the engine's choice; the count is checked.
80 boardsize 9
#? []
place_free_handicap 1
#error [invalid number of stones]
place_free_handicap 0
#error [invalid number of stones]
place_free_handicap 81
#error [invalid number of stones]
81 list_stones black
#? []
82 place_free_handicap 4
#? [[A-HJ][1-9]( [A-HJ][1-9]){3}]
# Four distinct stones on the board (a repeated point would show fewer).
83 list_stones black
#? [[A-HJ][1-9]( [A-HJ][1-9]){3}]
84 showboard
#? [.*white to move, phase playing]
undo
#error [cannot undo]
85 boardsize 2
#? []
86 place_free_handicap 3
#? [[AB][12] [AB][12] [AB][12]]
87 list_stones black
#? [[AB][12] [AB][12] [AB][12]]
88 clear_board
#? []
place_free_handicap 4
#error [invalid number of stones]

# ---------------------------------------------------------------------------
# 6. The handicap bonus counts handicap stones N (SPEC §1.4, §1.5): chinese
# gives White N points, aga N-1. GUIs that do not use the handicap commands
# send `play B` moves: two or more Black stones before White's first move
# are handicap stones.
90 boardsize 9
#? []
91 komi 0.5
#? []
92 ingo-rules chinese
#? []
93 play b c3
#? []
94 play b g7
#? []
95 play b c7
#? []
96 play w e5
#? []
97 ingo-score
#? [.*^handicap_bonus 3$.*]
# A later Black stone after White's first move is an ordinary move.
98 play b g3
#? []
99 ingo-score
#? [.*^handicap_bonus 3$.*]
# Finish by agreement (nothing dead) to check the whole count: Black C3 G7
# C7 G3 and White E5 all alive; every empty point is in one region touching
# both colours, so Black 4, White 1 + 0.5 + 3 = 4.5.
play w pass
play b pass
100 ingo-agree
#? []
101 ingo-score
#? [black stones 4 territory 0 area 4\nwhite stones 1 territory 0 area 1\nkomi 0\.5\nhandicap_bonus 3\ndead *\nresult W\+0\.5]
102 final_score
#? [W\+0\.5]

# One Black stone before White's first move is no handicap.
103 clear_board
#? []
104 play b c3
#? []
105 play w e5
#? []
106 ingo-score
#? [.*^handicap_bonus 0$.*]

# Set-up handicap stones count the same way.
107 clear_board
#? []
108 set_free_handicap c3 g7 c7
#? []
109 ingo-score
#? [.*^handicap_bonus 3$.*]
# Black stones played before White's first move add to the set-up ones:
# 2 fixed + 1 played = 3 black stones before White moved.
110 clear_board
#? []
111 fixed_handicap 2
#? [G7 C3]
112 play b e5
#? []
113 ingo-score
#? [.*^handicap_bonus 3$.*]

# aga: N - 1.
114 clear_board
#? []
115 ingo-rules aga
#? []
116 play b c3
#? []
117 play b g7
#? []
118 play b c7
#? []
119 play w e5
#? []
120 ingo-score
#? [.*^handicap_bonus 2$.*]
# simplified-ing: no bonus, whatever the handicap.
121 clear_board
#? []
122 ingo-rules simplified-ing
#? []
123 play b c3
#? []
124 play b g7
#? []
125 play b c7
#? []
126 play w e5
#? []
127 ingo-score
#? [.*^handicap_bonus 0$.*]
