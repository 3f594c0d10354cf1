# Ing's penalty-point time (issue 58 item 6). Ing's SST laws, "Controlul
# timpului" (seeds/ing-sst-rules.ro.txt): both sides have a base time BT; a
# side that exceeds it is charged 2 penalty points, 2 more past BT/6 of
# overtime, 2 more past 2BT/6, and loses past 3BT/6; equal penalties of the
# two sides cancel. `ingo-time_settings ing-penalty BT` sets the clock,
# `ingo-penalty` shows both sides' points and `ingo-penalty COLOR POINTS`
# is the controller's report of them. Nothing here depends on how fast the
# engine is: `time_left b 0 0` says Black's base time is used up, so
# Black's next move, however quick, exceeds it.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 9
clear_board
komi 0

1 ingo-time_settings ing-penalty 2
#? []
2 ingo-penalty
#? [black 0 white 0]
# Points are reported only on Ing's schedule, for a colour; bad input
# changes nothing.
ingo-penalty w 3
#error [penalty points are 0, 2, 4 or 6]
ingo-penalty w 8
#error [penalty points are 0, 2, 4 or 6]
ingo-penalty green 2
#error [invalid color]
ingo-time_settings ing-penalty 0
#error [base time must be more than 0]
ingo-time_settings penalty 2
#error [unknown time system: penalty \(ing-penalty\)]
time_left b 0 3
#error [penalty-point time has no byo-yomi: stones must be 0]
3 ingo-penalty
#? [black 0 white 0]

# With base time left a move costs nothing.
time_left b 1000 0
4 genmove b
#? [[A-HJ][1-9]]
5 ingo-penalty
#? [black 0 white 0]

# Base time used up: Black's next move costs 2 points.
time_left b 0 0
6 genmove b
#? [[A-HJ][1-9]]
7 ingo-penalty
#? [black 2 white 0]
undo
undo
8 ingo-penalty
#? [black 2 white 0]

# The count. Black's lone stone at E5, the rest empty, both pass and agree
# nothing is dead: Black has all 81 points, White komi 0, so B+81 less
# Black's 2 points: B+79.
play b e5
play w pass
play b pass
ingo-agree
9 final_score
#? [B\+79]
# White's 4 reported points: B+83.
ingo-penalty w 4
10 final_score
#? [B\+83]
# Black corrected to 4: equal penalties cancel, B+81.
ingo-penalty b 4
11 final_score
#? [B\+81]
12 ingo-penalty
#? [black 4 white 4]
# A new game starts with no penalty.
clear_board
13 ingo-penalty
#? [black 0 white 0]
14 known_command ingo-time_settings
#? [true]
15 known_command ingo-penalty
#? [true]
