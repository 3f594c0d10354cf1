# The engine's resignation as the outcome of the game (issue 58 item 8,
# rules-compliance.md T12), and `ingo-score`'s `dead` line after an
# agreement (T19). The engine starts at its defaults: 19x19,
# simplified-ing, komi 7.5.
#
# Once `genmove` answers `resign`, the game is over and its result is the
# opponent's win by resignation, in SGF's short form (`W+R` when Black
# resigned, as gogui-twogtp writes it): `final_score`, `ingo-score`'s
# `result` line, `ingo-phase` and `printsgf`'s `RE` all say it, and `play`
# and `genmove` answer `game is over`. `undo` takes back the move before
# the resignation along with it (GUIs count moves only and send `undo` for
# one); at the set-up position it takes back the resignation alone. A new
# game ends it.

# ---------------------------------------------------------------------------
# T12: komi 100 on an empty 5x5 board. Black can make at most 25 points,
# so every playout loses and Black's win rate is 0: below the 10% at which
# genmove resigns.
boardsize 5
clear_board
komi 100
10 genmove b
#? [resign]
11 ingo-phase
#? [finished W\+R \(resignation\)]
12 final_score
#? [W\+R]
# One result, and no count (no TB/TW): nothing was played.
13 printsgf
#? [\(;GM\[1\]FF\[4\]CA\[UTF-8\]AP\[ingo:[^\]]*\]SZ\[5\]KM\[100\]RU\[simplified-ing\]RE\[W\+R\]\)]
genmove b
#error [game is over]
genmove w
#error [game is over]
play b c3
#error [game is over]
14 is_legal b c3
#? [0]
# The empty board counts 0 to 0; the result is the resignation.
15 ingo-score
#? [black stones 0 territory 0 area 0\nwhite stones 0 territory 0 area 0\nkomi 100\nhandicap_bonus 0\ndead \nresult W\+R]
16 showboard
#? [.*black to move, phase finished]
# Nothing was played before it: undo takes back the resignation alone.
17 undo
#? []
18 ingo-phase
#? [playing]
undo
#error [cannot undo]
# The empty board again: White's komi only.
19 final_score
#? [W\+100]

# ---------------------------------------------------------------------------
# A resignation after two moves; undo takes back White's D4 with it.
#
#      A B C D E
#   4  . . . O .
#   3  . . X . .
20 play b c3
#? []
21 play w d4
#? []
22 genmove b
#? [resign]
23 printsgf
#? [\(;.*KM\[100\]RU\[simplified-ing\]RE\[W\+R\];B\[cc\];W\[db\]\)]
24 undo
#? []
25 list_stones white
#? []
26 list_stones black
#? [C3]
27 ingo-phase
#? [playing]
# Black's C3 alone owns all 25 points, against komi 100.
28 final_score
#? [W\+75]
29 genmove b
#? [resign]
30 final_score
#? [W\+R]
# clear_board starts a new game: the resignation goes with the old one.
31 clear_board
#? []
32 ingo-phase
#? [playing]
33 printsgf
#? [\(;GM\[1\]FF\[4\]CA\[UTF-8\]AP\[ingo:[^\]]*\]SZ\[5\]KM\[100\]RU\[simplified-ing\]\)]

# ---------------------------------------------------------------------------
# T19: T7's position under `ing` with komi 8, stopped and agreed with A1
# dead; `ingo-score` then names A1 dead, as `final_status_list dead` does.
#
#      A B C D E F G
#   7  . . . . X O .
#   6  . . . . X O .
#   5  . . . . X O .
#   4  . . . . X O O
#   3  . . . . X O .
#   2  . . . . X O .
#   1  O . . . X O .
#
# By hand, with A1 off the board: Black 7 stones and the 28 points of
# columns A to D, 35; White 8 stones and G1-G3, G5-G7, 14, plus komi 8:
# 22. Black wins by 13.
boardsize 7
clear_board
ingo-rules ing
komi 8
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
40 ingo-phase
#? [stopped]
41 final_status_list dead
#? [A1]
42 ingo-score
#? [.*\ndead A1\n.*result B\+13\ning .*]
43 ingo-agree a1
#? []
44 final_status_list dead
#? [A1]
45 ingo-score
#? [black stones 7 territory 28 area 35\nwhite stones 8 territory 6 area 14\n.*\ndead A1\n.*result B\+13\ning .*]
46 final_score
#? [B\+13]
