# Ing's rules (`ing`, SPEC §1.4; Ing's SST laws,
# research/seeds/ing-sst-rules.ro.txt), where they differ from the EGF
# Simplified Ing rules: komi 8, a single-stone suicide is a pass, four
# passes in a row finish the game with the dead stones removed, agreement
# is possible after the stop and in resumed play, and Ing's ko rule (hot
# stones cooled by any other move or a pass; a play made once from a
# position may not be made again from it before the next stop). The
# positions are those of rules-compliance.md's transcripts T3, T4, T5 and
# T7; every expected answer was worked out by hand from the rule text.

# ---------------------------------------------------------------------------
# Komi 8 when `ing` is chosen and no komi was given; a given komi stays.
boardsize 7
clear_board
ingo-rules ing
1 get_komi
#? [8(\.0)?]

# ---------------------------------------------------------------------------
# T7: four passes. Black's wall on column E, White's on F and G4, a white
# stone at A1 that cannot live in Black's area.
play b e1
play w f1
play b e2
play w f2
play b e3
play w f3
play b e4
play w f4
play b e5
play w f5
play b e6
play w f6
play b e7
play w f7
play w g4
play w a1
play b pass
play w pass
10 ingo-phase
#? [stopped]
11 final_status_list dead
#? [A1]
# Black: 7 stones and 28 points of territory (A1 removed); White: 8 stones
# and the 6 empty points of column G; 35 - 14 - 8 = 13.
12 final_score
#? [B\+13]
# The third pass confirms the stop ...
play b pass
13 ingo-phase
#? [confirming]
# ... and the fourth finishes the game with A1 removed, as agreed by the
# passes (under simplified-ing it would count as alive: W+16).
play w pass
14 ingo-phase
#? [finished]
15 final_status_list dead
#? [A1]
16 final_score
#? [B\+13]
play b c3
#error [game is over]

# A stone after the third pass disputes the stop; play goes on.
undo
17 ingo-phase
#? [confirming]
play w b1
18 ingo-phase
#? [resumed]
# Agreement in resumed play: A1-B1 are dead. Black: 7 + 28 = 35 again.
19 ingo-agree a1
#? []
20 ingo-phase
#? [finished]
21 final_score
#? [B\+13]

# ---------------------------------------------------------------------------
# T3: a single-stone suicide is a pass. White's D1 has no liberty and
# captures nothing.
boardsize 5
clear_board
komi 8
play b c1
play b d2
play b e1
30 is_legal w d1
#? [1]
play w d1
# The stone is gone: D1 is empty and still a legal (suicide) point.
31 is_legal w d1
#? [1]
# It counts as White's pass: Black's pass now stops the game.
play b pass
32 ingo-phase
#? [stopped]
33 printsgf
#? [.*;W\[\]C\[White's D1 was a single-stone suicide, which counts as a pass under Ing's rules\];B\[\]\)]

# ---------------------------------------------------------------------------
# T4: a ko retaken after a pass. Black's C3 takes the ko stone B3; White
# may not take C3 back at once (it is hot), but after White's pass it
# cools, and after both passes (a stop) White's retake resumes play.
# Situational superko would refuse it: the position before C3 comes back
# with Black to move.
boardsize 5
clear_board
play b b4
play w c4
play b a3
play w d3
play b b2
play w c2
play b e5
play w b3
play b c3
40 is_legal w b3
#? [0]
play w b3
#error [illegal move]
play w pass
play b pass
41 ingo-phase
#? [stopped]
42 is_legal w b3
#? [1]
play w b3
43 ingo-phase
#? [resumed]
# Now White's B3 is hot for Black.
44 is_legal b c3
#? [0]

# ---------------------------------------------------------------------------
# T5: a triple ko. After Black takes at C1, three ko captures stand on the
# board (White's at B1 and G1, Black's at C9): White may take neither C1
# nor H1 (twin hot stones) until a move elsewhere or a pass.
boardsize 9
clear_board
play b a1
play w c2
play b b2
play w d1
play b f1
play w h2
play b g2
play w j1
play b a9
play w c8
play b b8
play w d9
play b h1
play w b1
play b e5
play w b9
play b c1
50 is_legal w b1
#? [0]
51 is_legal w g1
#? [0]
play w e3
play b e4
53 is_legal w g1
#? [1]
