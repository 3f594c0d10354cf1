# Area scoring (SPEC §1.2) and the final_score format: `B+x` / `W+x` with x
# printed without trailing zeros, `0` for a draw, `B+0` for a draw under ing
# (Black wins ties, SPEC §1.4). Dead stones are only ever decided here by an
# explicit `ingo-agree` (never by the engine's playout judgement), so every
# count below is exact and done by hand.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 5
clear_board

# ---------------------------------------------------------------------------
# 1. The empty board scores 0-0 (no region has a bordering stone), so the
# result is komi alone.
1 komi 7.5
#? []
2 final_score
#? [W\+7\.5]
3 komi 0
#? []
4 final_score
#? [0]
5 komi -3
#? []
6 final_score
#? [B\+3]
7 komi 0
#? []
8 ingo-score
#? [black stones 0 territory 0 area 0\nwhite stones 0 territory 0 area 0\nkomi 0\nhandicap_bonus 0\ndead *\nresult 0]

# ---------------------------------------------------------------------------
# 2. A wall position, finished by agreement with nothing dead.
#
#      A B C D E
#   5  . . X O .      Black: the C column (5 stones) + A, B columns (10
#   4  . . X O .      empty points bordered by Black only) = 15.
#   3  . . X O .      White: the D column (5) + the E column (5) = 10.
#   2  . . X O .      Black leads by 5 before komi.
#   1  . . X O .
10 play b c1
#? []
play w d1
play b c2
play w d2
play b c3
play w d3
play b c4
play w d4
play b c5
play w d5
11 play b pass
#? []
12 play w pass
#? []
13 ingo-phase
#? [stopped]
14 ingo-agree
#? []
15 ingo-phase
#? [finished]
16 final_score
#? [B\+5]
# 15 - (10 + 2) = 3: an integer margin has no decimals.
17 komi 2
#? []
18 final_score
#? [B\+3]
# 15 - (10 + 4.5) = 0.5.
19 komi 4.5
#? []
20 final_score
#? [B\+0\.5]
# 15 - (10 + 5) = 0: a draw under simplified-ing, printed `0` (GTP 2 §6.3.7).
21 komi 5
#? []
22 final_score
#? [0]
23 ingo-score
#? [black stones 5 territory 10 area 15\nwhite stones 5 territory 5 area 10\nkomi 5\nhandicap_bonus 0\ndead *\nresult 0]
# 15 - (10 + 5.5) = -0.5.
24 komi 5.5
#? []
25 final_score
#? [W\+0\.5]
# 10 + 6.3 - 15 = 1.3: no float noise (1.2999999...) in the output.
26 komi 6.3
#? []
27 final_score
#? [W\+1\.3]
# Nothing was agreed dead; every stone is alive. GNU Go's format: one string
# per line, ordered by their first vertex, top row first.
28 final_status_list dead
#? []
29 final_status_list alive
#? [C5 C4 C3 C2 C1\nD5 D4 D3 D2 D1]

# ---------------------------------------------------------------------------
# 3. The same board under ing: an equal score is a win for Black, `B+0`.
30 clear_board
#? []
31 ingo-rules ing
#? []
32 komi 5
#? []
play b c1
play w d1
play b c2
play w d2
play b c3
play w d3
play b c4
play w d4
play b c5
play w d5
play b pass
play w pass
33 ingo-agree
#? []
34 final_score
#? [B\+0]
# Under ing the Ing fill-in count follows (ing_count.tst): 12 stones a
# side; komi 5 is 2 white stones in Black's territory and, the point being
# odd and no seki point empty, A1 left empty for nobody. Black's 7 fill the
# other 7 of its 10 points, White's 12 - 5 - 2 = 5 its 5: a tie, Black's.
35 ingo-score
#? [.*^result B\+0\ning stones 12 seki_points 0 compensation white 5 stones 2 odd territory\ning black board 5 bowl 7 seki 0 compensation 0 territory 10 fills 7 winning 0 losing 0\ning white board 5 bowl 7 seki 0 compensation 2 territory 5 fills 5 winning 0 losing 0\ning empty A1\ning result B\+0 placed 0 left 0]
36 komi 5.5
#? []
37 final_score
#? [W\+0\.5]
38 komi -1
#? []
39 final_score
#? [B\+6]

# ---------------------------------------------------------------------------
# 4. Dead stones by agreement (SPEC §1.3 `ingo-agree`): the strings at the
# listed vertices are removed, whole strings from one vertex each.
#
#      A B C D E
#   5  . . X O X      White A1 sits in Black's area, the black string E5-E4
#   4  . . X O X      in White's.
#   3  . . X O .
#   2  . . X O .
#   1  O . X O .
40 clear_board
#? []
41 ingo-rules simplified-ing
#? []
42 komi 0
#? []
play b c1
play w d1
play b c2
play w d2
play b c3
play w d3
play b c4
play w d4
play b c5
play w d5
play b e5
play w a1
play b e4
play w pass
play b pass
43 ingo-phase
#? [stopped]
# An empty point is no string: refused, nothing changes.
ingo-agree b2
#error [bad vertex list]
# Not a vertex on this board.
ingo-agree z9
#error [syntax error]
44 ingo-phase
#? [stopped]
45 list_stones black
#? [C5 E5 C4 E4 C3 C2 C1]
46 ingo-agree a1 e5
#? []
# E4 went with E5 (same string). What is left is the wall position: B+5.
47 list_stones black
#? [C5 C4 C3 C2 C1]
48 list_stones white
#? [D5 D4 D3 D2 D1]
49 final_score
#? [B\+5]
# The agreed dead strings, one per line, top row first.
50 final_status_list dead
#? [E5 E4\nA1]
# ingo-score's `dead` line names the agreed stones too (issue 58 item 8).
51 ingo-score
#? [black stones 5 territory 10 area 15\nwhite stones 5 territory 5 area 10\nkomi 0\nhandicap_bonus 0\ndead E5 E4 A1\nresult B\+5]

# Undo the agreement and agree that nothing is dead: now the board counts as
# it stands. A1 is White's; the A/B region (9 points) touches C (Black) and
# A1 (White) and E3-E1 touches D (White) and E4 (Black): both neutral.
# Black 5 + 2 = 7, White 5 + 1 = 6.
52 undo
#? []
53 ingo-phase
#? [stopped]
54 list_stones white
#? [D5 D4 D3 D2 A1 D1]
55 ingo-agree
#? []
56 final_score
#? [B\+1]
57 ingo-score
#? [black stones 7 territory 0 area 7\nwhite stones 6 territory 0 area 6\nkomi 0\nhandicap_bonus 0\ndead *\nresult B\+1]
58 final_status_list dead
#? []

# ---------------------------------------------------------------------------
# 5. Seki points count for nobody (SPEC §1.2).
#
#      A B C D E F G
#   7  . O X . O X .    Black C7 C6 C5 D5 and White E7 E6 E5 share their only
#   6  . O X . O X .    liberties D7 and D6: whoever plays there is left in
#   5  . O X X O X .    atari and captured, so neither does - a seki. Both
#   4  . O O O X X .    outer groups are alive with big territories.
#   3  . . . O X . .
#   2  . . . O X . .    Black: 4 + 8 stones, G7-G1 and F3-F1 = 10: area 22.
#   1  . . . O X . .    White: 3 + 9 stones, A7-A1, B3-B1, C3-C1 = 13: 25.
#                       D7, D6: nobody's. W+3 at komi 0 (GNU Go agrees).
60 boardsize 7
#? []
61 komi 0
#? []
play b c7
play w e7
play b c6
play w e6
play b c5
play w e5
play b d5
play w b7
play b f7
play w b6
play b f6
play w b5
play b f5
play w b4
play b f4
play w c4
play b e4
play w d4
play b e3
play w d3
play b e2
play w d2
play b e1
play w d1
play b pass
play w pass
# In `stopped` the engine proposes: the shared liberties D7/D6 make a seki
# (a stone of either colour there is self-atari capturing nothing), so no
# string is dead and the proposal scores W+3, as GNU Go counts it.
160 final_status_list seki
#? [C7 C6 C5 D5\nE7 E6 E5]
161 final_status_list dead
#? []
162 final_score
#? [W\+3]
62 ingo-agree
#? []
63 final_score
#? [W\+3]
64 ingo-score
#? [black stones 12 territory 10 area 22\nwhite stones 12 territory 13 area 25\nkomi 0\nhandicap_bonus 0\ndead *\nresult W\+3]
65 komi -3
#? []
66 final_score
#? [0]
# GTP 2 §6.3.7 defines three statuses: alive, seki, dead. `seki` must be
# accepted (which strings it lists is the engine's judgement, so any answer
# is accepted here).
# See: report (fixed: seki strings are listed)
67 final_status_list seki
#? [.*]

# ---------------------------------------------------------------------------
# 6. Handicap bonus per rule set (SPEC §1.4): White gets N points under
# chinese, N-1 under aga, 0 otherwise. Three fixed handicap stones on 9x9,
# both pass, agreement: Black has 3 stones + 78 empty points = 81; White 0 +
# komi 0.5 + bonus.
70 boardsize 9
#? []
71 komi 0.5
#? []
72 ingo-rules chinese
#? []
73 fixed_handicap 3
#? [C7 G7 C3]
play w pass
play b pass
74 ingo-agree
#? []
75 ingo-score
#? [black stones 3 territory 78 area 81\nwhite stones 0 territory 0 area 0\nkomi 0\.5\nhandicap_bonus 3\ndead *\nresult B\+77\.5]
76 final_score
#? [B\+77\.5]

77 clear_board
#? []
78 ingo-rules aga
#? []
79 fixed_handicap 3
#? [C7 G7 C3]
play w pass
play b pass
80 ingo-agree
#? []
81 ingo-score
#? [black stones 3 territory 78 area 81\nwhite stones 0 territory 0 area 0\nkomi 0\.5\nhandicap_bonus 2\ndead *\nresult B\+78\.5]

82 clear_board
#? []
83 ingo-rules simplified-ing
#? []
84 fixed_handicap 3
#? [C7 G7 C3]
play w pass
play b pass
85 ingo-agree
#? []
86 ingo-score
#? [.*^handicap_bonus 0$.*^result B\+80\.5]

87 clear_board
#? []
88 ingo-rules ing
#? []
89 fixed_handicap 3
#? [C7 G7 C3]
play w pass
play b pass
90 ingo-agree
#? []
# Komi 0.5 under ing: no fill-in count (stones pay whole points).
91 ingo-score
#? [.*^handicap_bonus 0$.*^result B\+80\.5\ning none: komi and penalties come to 0\.5 points, not a whole number]

92 clear_board
#? []
93 ingo-rules new-zealand
#? []
94 fixed_handicap 3
#? [C7 G7 C3]
play w pass
play b pass
95 ingo-agree
#? []
96 ingo-score
#? [.*^handicap_bonus 0$.*^result B\+80\.5]

# Tromp-Taylor: two passes finish the game directly (SPEC §1.4 "ends at 2
# passes"), so there is no agreement step.
97 clear_board
#? []
98 ingo-rules tromp-taylor
#? []
99 fixed_handicap 3
#? [C7 G7 C3]
play w pass
play b pass
100 ingo-phase
#? [finished]
101 ingo-score
#? [.*^handicap_bonus 0$.*^result B\+80\.5]

# ---------------------------------------------------------------------------
# 7. Tromp-Taylor scores the board as it stands: every stone is alive
# (SPEC §1.4). The position of part 4 without E5/E4: White A1 stays, so the
# A/B region is neutral. Black 5; White 5 + 5 (E column) + 1 = 11: W+6.
110 boardsize 5
#? []
111 komi 0
#? []
play b c1
play w d1
play b c2
play w d2
play b c3
play w d3
play b c4
play w d4
play b c5
play w d5
play b pass
play w a1
play b pass
play w pass
112 ingo-phase
#? [finished]
113 final_score
#? [W\+6]
114 final_status_list dead
#? []
115 ingo-score
#? [black stones 5 territory 0 area 5\nwhite stones 6 territory 5 area 11\nkomi 0\nhandicap_bonus 0\ndead *\nresult W\+6]

# ---------------------------------------------------------------------------
# 8. In `stopped` the dead stones are the engine's proposal (SPEC §1.3); here
# the answer is obvious. Each side has a solid wall and a 27-point area; a
# lone enemy stone sits in the middle of each area with no chance to live.
#
#      A B C D E F G H J
#   9  . . . X . O . . .     Black D1-D9, White F1-F9: column E is dame.
#   5  . O . X . O . X .     White B5 and Black H5 are dead.
#   1  . . . X . O . . .
#
# With them removed: Black 9 + 27 = 36, White 9 + 27 = 36, komi 0.5: W+0.5.
120 boardsize 9
#? []
121 komi 0.5
#? []
# Back from tromp-taylor (part 7) to the default rules.
119 ingo-rules simplified-ing
#? []
play b d1
play w f1
play b d2
play w f2
play b d3
play w f3
play b d4
play w f4
play b d5
play w f5
play b d6
play w f6
play b d7
play w f7
play b d8
play w f8
play b d9
play w f9
play b h5
play w b5
play b pass
play w pass
122 ingo-phase
#? [stopped]
123 final_status_list dead
#? [B5\nH5]
124 final_score
#? [W\+0\.5]
# Agreeing on exactly that proposal gives the same result.
125 ingo-agree b5 h5
#? []
126 final_score
#? [W\+0\.5]
127 final_status_list alive
#? [D9 D8 D7 D6 D5 D4 D3 D2 D1\nF9 F8 F7 F6 F5 F4 F3 F2 F1]

# ---------------------------------------------------------------------------
# 9. After agreement, final_status_list dead lists the removed stones in GNU
# Go's format: one *string* per line.
#
#      A B C D E F G      White A1 A2 B2 C2 C1 is one string (a U around
#   3  X X X X . . .      B1), dead inside Black's wall.
#   2  O O O X . . .
#   1  O . O X . . .
130 boardsize 7
#? []
131 komi 0
#? []
play w a1
play w c1
play w a2
play w b2
play w c2
play b a3
play b b3
play b c3
play b d3
play b d2
play b d1
play b pass
play w pass
132 ingo-agree a1
#? []
133 list_stones white
#? []
# Black: 6 stones + all 43 other points = 49.
134 final_score
#? [B\+49]
# See: report (fixed: agreed dead strings are kept whole)
135 final_status_list dead
#? [A2 B2 C2 A1 C1]

# Two adjacent strings of different colours agreed dead are two strings, two
# lines.
136 boardsize 7
#? []
play b e5
play w e4
play b pass
play w pass
137 ingo-agree e5 e4
#? []
138 list_stones black
#? []
# See: report (fixed: one line per string)
139 final_status_list dead
#? [E5\nE4]

# ---------------------------------------------------------------------------
# Regression: the end of a 9x9 game against GNU Go 3.8 (sgf/seki-gnugo-match.sgf,
# 80 moves, stopped by two passes). Black's H5-H4-J4-H3-H2-H1 string and
# White's J2 stone share their only liberties J3 and J1, and whoever fills one
# is left in atari. It looks like a seki, and this file once said so, but it is
# none: White fills J3 (or J1) on purpose, Black must take the two stones on J1
# (or J3), and is left with J2-J3 (or J1-J2) as its only eye, two points; White
# throws in and the string dies. GNU Go 3.8 lists it dead, rightly. The black
# stones J9-J8 and B3-B2 lie alone inside White's areas: dead too.
# Counted by hand with those dead: Black 32 - 10 = 22 stones + B7, C6, D5 =
# 25; White 38 stones + F9, E8, A1, H9-J9-J8-J7 (4), A3-B3-B2 (3),
# H5-H4-J4-H3-H2-H1 (6), J3, J1 = 56, + komi 7 = 63. W+38, as GNU Go counts.
170 loadsgf sgf/seki-gnugo-match.sgf
#? [black]
171 ingo-phase
#? [stopped]
172 final_status_list seki
#? []
173 final_status_list dead
#? [J9 J8\nH5 H4 J4 H3 H2 H1\nB3 B2]
174 final_score
#? [W\+38]
