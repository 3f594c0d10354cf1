# Suicide (SPEC §1.1, §1.4): a stone is placed, then opposing strings
# without liberties are removed, then the mover's own. Single-stone suicide is
# always illegal (it recreates the previous arrangement); multi-stone suicide
# is legal under simplified-ing, ing, new-zealand and tromp-taylor and
# illegal under chinese and aga. `captures COLOR` counts the opposing stones
# removed, including those removed by their own suicide (SPEC §2).
# Legal-move lists were cross-checked with GNU Go (with --allow-suicide for
# the rule sets that allow it, without for chinese/aga).
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 4
clear_board

# The test position, on 4x4, White to move (the last set-up move is Black's):
#
#      A B C D
#   4  O . X .      W B4: A4-B4 has no liberty and captures nothing, so it is
#   3  X X X .      a two-stone suicide.
#   2  . . . O      B D1: a one-stone suicide (neighbours C1 and D2 are
#   1  . . O .      White, and both keep liberties).
#
# B B4, by contrast, captures A4 and is an ordinary legal move.

# ---------------------------------------------------------------------------
# simplified-ing: multi-stone suicide legal.
1 clear_board
#? []
2 ingo-rules simplified-ing
#? []
play w a4
play w c1
play w d2
play b a3
play b b3
play b c3
play b c4
# Single-stone suicide is illegal under every rule set but ing.
3 is_legal b d1
#? [0]
play b d1
#error [illegal move]
4 list_stones black
#? [C4 A3 B3 C3]
# Black B4 captures A4, so it is no suicide; D1 is missing.
5 all_legal b
#? [B4 D4 D3 A2 B2 C2 A1 B1]
6 all_legal w
#? [B4 D4 D3 A2 B2 C2 A1 B1 D1]
7 is_legal w b4
#? [1]
8 play w b4
#? []
# A4 and B4 are gone; the black string is untouched.
9 list_stones white
#? [D2 C1]
10 list_stones black
#? [C4 A3 B3 C3]
# The two suicided white stones count as removed by Black.
11 captures black
#? [2]
12 captures white
#? [0]
# Positional superko: White A4 would recreate the arrangement before the
# suicide (A4 white, the same black string), so A4 is now illegal for White.
13 all_legal w
#? [B4 D4 D3 A2 B2 C2 A1 B1 D1]

# ---------------------------------------------------------------------------
# new-zealand: multi-stone suicide legal. (Under ing a single-stone
# suicide is legal too, as a pass: ing.tst.)
20 clear_board
#? []
21 ingo-rules new-zealand
#? []
play w a4
play w c1
play w d2
play b a3
play b b3
play b c3
play b c4
# Single-stone suicide is illegal under every rule set but ing.
22 is_legal b d1
#? [0]
play b d1
#error [illegal move]
23 list_stones black
#? [C4 A3 B3 C3]
# Black B4 captures A4, so it is no suicide; D1 is missing.
24 all_legal b
#? [B4 D4 D3 A2 B2 C2 A1 B1]
25 all_legal w
#? [B4 D4 D3 A2 B2 C2 A1 B1 D1]
26 is_legal w b4
#? [1]
27 play w b4
#? []
# A4 and B4 are gone; the black string is untouched.
28 list_stones white
#? [D2 C1]
29 list_stones black
#? [C4 A3 B3 C3]
# The two suicided white stones count as removed by Black.
30 captures black
#? [2]
31 captures white
#? [0]

# ---------------------------------------------------------------------------
# chinese: multi-stone suicide illegal.
40 clear_board
#? []
41 ingo-rules chinese
#? []
play w a4
play w c1
play w d2
play b a3
play b b3
play b c3
play b c4
# Single-stone suicide is illegal under every rule set but ing.
42 is_legal b d1
#? [0]
play b d1
#error [illegal move]
43 list_stones black
#? [C4 A3 B3 C3]
# Black B4 captures A4, so it is no suicide; D1 is missing.
44 all_legal b
#? [B4 D4 D3 A2 B2 C2 A1 B1]
# B4 is missing for White: the two-stone suicide is forbidden.
45 all_legal w
#? [D4 D3 A2 B2 C2 A1 B1 D1]
46 is_legal w b4
#? [0]
play w b4
#error [illegal move]
47 list_stones white
#? [A4 D2 C1]
48 captures black
#? [0]

# ---------------------------------------------------------------------------
# aga: multi-stone suicide illegal.
50 clear_board
#? []
51 ingo-rules aga
#? []
play w a4
play w c1
play w d2
play b a3
play b b3
play b c3
play b c4
# Single-stone suicide is illegal under every rule set but ing.
52 is_legal b d1
#? [0]
play b d1
#error [illegal move]
53 list_stones black
#? [C4 A3 B3 C3]
# Black B4 captures A4, so it is no suicide; D1 is missing.
54 all_legal b
#? [B4 D4 D3 A2 B2 C2 A1 B1]
# B4 is missing for White: the two-stone suicide is forbidden.
55 all_legal w
#? [D4 D3 A2 B2 C2 A1 B1 D1]
56 is_legal w b4
#? [0]
play w b4
#error [illegal move]
57 list_stones white
#? [A4 D2 C1]
58 captures black
#? [0]

# ---------------------------------------------------------------------------
# new-zealand: multi-stone suicide legal.
60 clear_board
#? []
61 ingo-rules new-zealand
#? []
play w a4
play w c1
play w d2
play b a3
play b b3
play b c3
play b c4
# Single-stone suicide is illegal under every rule set but ing.
62 is_legal b d1
#? [0]
play b d1
#error [illegal move]
63 list_stones black
#? [C4 A3 B3 C3]
# Black B4 captures A4, so it is no suicide; D1 is missing.
64 all_legal b
#? [B4 D4 D3 A2 B2 C2 A1 B1]
65 all_legal w
#? [B4 D4 D3 A2 B2 C2 A1 B1 D1]
66 is_legal w b4
#? [1]
67 play w b4
#? []
# A4 and B4 are gone; the black string is untouched.
68 list_stones white
#? [D2 C1]
69 list_stones black
#? [C4 A3 B3 C3]
# The two suicided white stones count as removed by Black.
70 captures black
#? [2]
71 captures white
#? [0]
# Situational superko: that arrangement occurred with White to move; after
# White A4 (out of turn) Black would be to move - a new position, so A4 is
# legal for White here.
72 is_legal w a4
#? [1]

# ---------------------------------------------------------------------------
# tromp-taylor: multi-stone suicide legal.
80 clear_board
#? []
81 ingo-rules tromp-taylor
#? []
play w a4
play w c1
play w d2
play b a3
play b b3
play b c3
play b c4
# Single-stone suicide is illegal under every rule set but ing.
82 is_legal b d1
#? [0]
play b d1
#error [illegal move]
83 list_stones black
#? [C4 A3 B3 C3]
# Black B4 captures A4, so it is no suicide; D1 is missing.
84 all_legal b
#? [B4 D4 D3 A2 B2 C2 A1 B1]
85 all_legal w
#? [B4 D4 D3 A2 B2 C2 A1 B1 D1]
86 is_legal w b4
#? [1]
87 play w b4
#? []
# A4 and B4 are gone; the black string is untouched.
88 list_stones white
#? [D2 C1]
89 list_stones black
#? [C4 A3 B3 C3]
# The two suicided white stones count as removed by Black.
90 captures black
#? [2]
91 captures white
#? [0]
# Positional superko: White A4 would recreate the arrangement before the
# suicide (A4 white, the same black string), so A4 is now illegal for White.
92 all_legal w
#? [B4 D4 D3 A2 B2 C2 A1 B1 D1]

# ---------------------------------------------------------------------------
# A stone without liberties that captures is not a suicide (opposing strings
# are removed first), even under chinese.
#
#      A B C
#   3  O . .      White A1 removes A2 and B1 (each had A1 as its only
#   2  X O .      liberty) and then has liberties A2 and B1.
#   1  . X O

100 boardsize 3
#? []
101 ingo-rules chinese
#? []
play b a2
play b b1
play w a3
play w b2
play w c1
102 is_legal w a1
#? [1]
103 play w a1
#? []
104 list_stones black
#? []
105 captures white
#? [2]
106 list_stones white
#? [A3 B2 A1 C1]

# A Black multi-stone suicide counts for White's captures (ing allows it):
#
#      A B C
#   3  O . .      Black A1 joins A2; the string A1-A2 has no liberty and
#   2  X O .      captures nothing (A3 keeps B3, B2-B1 keeps C2, C1, B3):
#   1  . O .      both black stones are removed.
107 clear_board
#? []
108 ingo-rules ing
#? []
play w a3
play w b2
play w b1
play b a2
109 is_legal b a1
#? [1]
110 play b a1
#? []
111 list_stones black
#? []
112 captures white
#? [2]
113 captures black
#? [0]
114 list_stones white
#? [A3 B2 B1]

# undo restores the suicided stones and the capture count.
115 undo
#? []
116 list_stones black
#? [A2]
117 captures white
#? [0]
