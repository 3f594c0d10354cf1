# Territory scoring: the japanese and korean rule sets (SPEC §1.4, issue
# 21). Score = territory + prisoners; seki points, eyes of seki groups
# included, are nobody's; basic ko; a long cycle voids the game. Two
# passes finish the game and the engine judges the dead stones; every
# position below has none, so each count is exact and done by hand.
# See: issue 21

# ---------------------------------------------------------------------------
# 1. Choosing a territory rule set with no komi given sets komi 6.5.
1 ingo-rules japanese
#? []
2 get_komi
#? [ 6\.5]
3 ingo-rules
#? [japanese]
4 kgs-rules japanese
#? []
5 ingo-rules
#? [japanese]

# ---------------------------------------------------------------------------
# 2. Seki with eyes (src/testing/positions.rs, SEKI_WITH_EYES): White's
# B6-A5-B5 has the eye A6, Black's ten stones the eye D6, and they share
# B4. Both eyes and B4 count for nobody; White has E3 and the first line
# (7 points): W+7 on the board, W+13.5 with komi. (Area: W+13 + 6.5.)
boardsize 6
clear_board
play w b6
play b c6
play b e6
play w f6
play w a5
play w b5
play b c5
play b d5
play b e5
play w f5
play b a4
play b c4
play w d4
play w e4
play w f4
play b a3
play b b3
play b c3
play w d3
play w f3
play w a2
play w b2
play w c2
play w d2
play w e2
play w f2
play b pass
play w pass
# Two passes finish the game (no agreement phase).
10 ingo-phase
#? [finished]
11 final_status_list dead
#? []
12 final_status_list seki
#? [B6 A5 B5\nC6 E6 C5 D5 E5 A4 C4 A3 B3 C3]
13 final_score
#? [W\+13\.5]
14 ingo-score
#? [black stones 10 territory 0 prisoners 0 points 0\nwhite stones 16 territory 7 prisoners 0 points 7\nkomi 6\.5\nhandicap_bonus 0\ndead *\nseki B6 C6 E6 A5 B5 C5 D5 E5 A4 C4 A3 B3 C3\nresult W\+13\.5]
15 printsgf
#? [\(;.*RU\[Japanese\]RE\[W\+13\.5\].*B\[\];W\[\]TW\[ed\]\[af\]\[bf\]\[cf\]\[df\]\[ef\]\[ff\]\)]
play b a6
#error [game is over]

# ---------------------------------------------------------------------------
# 3. Prisoners: Black captures C5 and B4; with its five stones alive,
# Black owns the other 20 points and holds 2 prisoners: B+22 - 6.5.
boardsize 5
clear_board
play b b5
play w c5
play b a4
play w b4
play b c4
play w pass
play b d5
play w pass
play b b3
20 captures black
#? [2]
play w pass
play b pass
21 final_score
#? [B\+15\.5]
22 ingo-score
#? [black stones 5 territory 20 prisoners 2 points 22\nwhite stones 0 territory 0 prisoners 0 points 0\nkomi 6\.5\nhandicap_bonus 0\ndead *\nseki *\nresult B\+15\.5]

# ---------------------------------------------------------------------------
# 4. Basic ko: Black C3 takes B3; White may not retake at once, but may
# after an exchange elsewhere.
boardsize 4
clear_board
play b b4
play b a3
play b b2
play w c4
play w d3
play w c2
play w b3
31 play b c3
#? []
32 is_legal w b3
#? [0]
play w b3
#error [illegal move]
34 play w a1
#? []
35 play b d1
#? []
36 play w b3
#? []

# ---------------------------------------------------------------------------
# 5. A long cycle: the triple ko of src/rules/game.rs. Kos at B8/C8 and
# B4/C4 are Black's to take, G8/H8 White's; after two rounds the start
# position comes back, Black to move, for the third time: no result
# (Japanese 1989, Art. 12), final_score 0 as KataGo answers, RE[Void].
boardsize 9
clear_board
play b b9
play w c9
play b g9
play w h9
play b a8
play w b8
play w d8
play b f8
play b h8
play w j8
play b b7
play w c7
play b g7
play w h7
play b b5
play w c5
play b a4
play w b4
play w d4
play b b3
play w c3
play b c8
play w g8
play b c4
play w b8
play b h8
play w b4
play b c8
play w g8
play b c4
play w b8
play b h8
40 ingo-phase
#? [playing]
41 play w b4
#? []
42 ingo-phase
#? [finished no-result \(long cycle\)]
43 final_score
#? [0]
44 printsgf
#? [\(;.*RU\[Japanese\]RE\[Void\];.*\)]
play b c8
#error [game is over]
# Korean rules: the same cycle is a draw.
boardsize 9
clear_board
50 ingo-rules korean
#? []
51 ingo-rules
#? [korean]
play b b9
play w c9
play b g9
play w h9
play b a8
play w b8
play w d8
play b f8
play b h8
play w j8
play b b7
play w c7
play b g7
play w h7
play b b5
play w c5
play b a4
play w b4
play w d4
play b b3
play w c3
play b c8
play w g8
play b c4
play w b8
play b h8
play w b4
play b c8
play w g8
play b c4
play w b8
play b h8
play w b4
52 ingo-phase
#? [finished draw \(long cycle\)]
53 final_score
#? [0]
54 printsgf
#? [\(;.*RU\[Korean\]RE\[0\];.*\)]

# ---------------------------------------------------------------------------
# 6. Dead stones inside territory, judged by the engine after two passes
# (the list must be the one the count used: found in the first match,
# where final_status_list answered the agreement's empty list). White's C4
# is dead: Black has 13 points of territory (C4's point included) and the
# stone as a prisoner: B+14 - 6.5 = B+7.5.
boardsize 5
clear_board
play b a5
play b b5
play b c5
play b d5
play b e5
play b a4
play b e4
play b a3
play b b3
play b c3
play b d3
play b e3
play w c4
play b pass
play w pass
60 final_status_list dead
#? [C4]
61 final_score
#? [B\+7\.5]
62 ingo-score
#? [black stones 12 territory 13 prisoners 1 points 14\nwhite stones 0 territory 0 prisoners 0 points 0\nkomi 6\.5\nhandicap_bonus 0\ndead C4\nseki *\nresult B\+7\.5]
63 printsgf
#? [\(;.*RE\[B\+7\.5\].*MA\[cb\]\)]
