# Ing's fill-in count (issue 58 item 7; Ing's SST laws, "Calculul
# rezultatului"; rules-compliance.md B21). Under `ing`, `ingo-score` adds
# the count after the area count, each line starting `ing`:
#   ing stones BOWL seki_points S compensation COLOUR POINTS stones K [odd ...]
#   ing COLOUR board ON bowl IN seki SK compensation PAID territory T
#       fills F winning W losing L
#   ing empty POINT
#   ing result RESULT placed P left X
# Each bowl holds (N-1)/2 stones (N points). A side's bowl at the count is
# that less its live stones on the board (captured and dead stones are back
# in it). Seki points (and dame) are filled equally, the last stays empty
# if they are odd. The receiver of komi places one stone per two points in
# the payer's territory. Each side fills its own territory; what is left is
# winning points or losing stones. The losing stones go onto the winning
# points (2 each); a winning point still empty adds 1. A tie is Black's.
# Every count below is worked out by hand from that text.
boardsize 7
clear_board
ingo-rules ing

# ---------------------------------------------------------------------------
# 1. T14 of rules-compliance.md: a seki with one eye each (A7 Black's, E7
# White's) and the shared liberty C7.
#
#      A B C D E F G
#   7  . X . O . O X      Black: 14 stones, territory A7 and E1-G4 (13).
#   6  X X X O O O X      White: 12 stones, territory E7 and A1-B4 (9).
#   5  O O O X X X X      C7 is the one seki point.
#   4  . . O X . . .
#   3  . . O X . . .
#   2  . . O X . . .
#   1  . . O X . . .
10 komi 6
#? []
play b d5
play w c5
play b e5
play w b5
play b f5
play w a5
play b g5
play w c4
play b d4
play w c3
play b d3
play w c2
play b d2
play w c1
play b d1
play w d6
play b g6
play w e6
play b g7
play w f6
play b a6
play w f7
play b b6
play w d7
play b c6
play b b7
11 play w pass
#? []
12 play b pass
#? []
13 ingo-agree
#? []
# Komi 6 (B21's worked example): 24 stones each. White's 6 points are 3
# stones in Black's 13 points; Black's bowl of 24 − 14 = 10 fills the other
# 10. White's 12 fill its 9 points after the 3 it paid. C7 stays empty: no
# winning points, no losing stones, a tie, which Black wins.
14 ingo-score
#? [black stones 14 territory 13 area 27\nwhite stones 12 territory 9 area 21\nkomi 6\nhandicap_bonus 0\ndead *\nresult B\+0\ning stones 24 seki_points 1 compensation white 6 stones 3\ning black board 14 bowl 10 seki 0 compensation 0 territory 13 fills 10 winning 0 losing 0\ning white board 12 bowl 12 seki 0 compensation 3 territory 9 fills 9 winning 0 losing 0\ning empty C7\ning result B\+0 placed 0 left 0]
# The filled board. Black's territory nearest a corner is G1's: White's
# compensation stones take G1, then F1 and G2 (distance 1, row 1 first);
# Black fills the rest outwards from G1, A7 last. White fills from A1
# (A1; B1 A2; B2 A3; B3 A4; B4), E7 last. C7 is circled.
15 ingo-gfx fill
#? [BLACK E1 F2 G3 E2 F3 G4 E3 F4 E4 A7\nWHITE G1 F1 G2 A1 B1 A2 B2 A3 B3 A4 B4 E7\nSQUARE G1 F1 G2\nCIRCLE C7\nTEXT Ing count B\+0: 0 losing stones on winning points, 0 winning point left]
# Komi 8, Ing's: 4 stones leave Black 9 points for its 10 stones (1
# losing); White's 12 − 4 = 8 leave 1 of its 9 points (winning). The losing
# stone takes the winning point: 2 points, W+2, the area count's
# 27 − 21 − 8.
16 komi 8
#? []
17 ingo-score
#? [.*\nresult W\+2\ning stones 24 seki_points 1 compensation white 8 stones 4\ning black board 14 bowl 10 seki 0 compensation 0 territory 13 fills 9 winning 0 losing 1\ning white board 12 bowl 12 seki 0 compensation 4 territory 9 fills 8 winning 1 losing 0\ning empty C7\ning result W\+2 placed 1 left 0]
18 final_score
#? [W\+2]
# Komi 7, odd: 3 stones, and the odd point is paid as Ing's text pays an
# odd handicap compensation: White's stone fills C7, the seki point that
# would stay empty. White's 12 − 1 − 3 = 8 leave one of its 9 points: W+1
# (27 − 21 − 7), the winning point left in White's corner, A1.
19 komi 7
#? []
20 ingo-score
#? [.*\nresult W\+1\ning stones 24 seki_points 1 compensation white 7 stones 3 odd seki\ning black board 14 bowl 10 seki 0 compensation 0 territory 13 fills 10 winning 0 losing 0\ning white board 12 bowl 12 seki 1 compensation 3 territory 9 fills 8 winning 1 losing 0\ning empty A1\ning result W\+1 placed 0 left 1]
# Komi 7.5: stones pay whole points, so there is no fill-in count.
21 komi 7.5
#? []
22 ingo-score
#? [.*\nresult W\+1\.5\ning none: komi and penalties come to 7\.5 points, not a whole number]
23 ingo-gfx fill
#? [TEXT no Ing count: komi and penalties come to 7\.5 points, not a whole number]

# ---------------------------------------------------------------------------
# 2. 5x5 walls with a dead stone, komi 8.
#
#      A B C D E
#   5  . X O . .      Black: 5 stones and the A column (5 points, A3's dead
#   4  . X O . .      white stone taken off: it goes back to White's bowl).
#   3  o X O . .      White: 5 live stones and the D and E columns (10).
#   2  . X O . .
#   1  . X O . .
30 boardsize 5
#? []
clear_board
komi 8
play b b1
play w c1
play b b2
play w c2
play b b3
play w c3
play b b4
play w c4
play b b5
play w c5
play w a3
play b pass
play w pass
31 ingo-agree a3
#? []
# 12 stones each. White's 4 stones take A1-A4; Black's 12 − 5 = 7 fill A5
# and 6 are losing. White's 12 − 5 − 4 = 3 fill 3 of its 10 points and 7
# are winning. The 6 losing stones cover 6 of them (12 points) and one
# stays empty (1 more): W+13 = 10 − 15 − 8.
32 ingo-score
#? [black stones 5 territory 5 area 10\nwhite stones 5 territory 10 area 15\nkomi 8\nhandicap_bonus 0\ndead A3\nresult W\+13\ning stones 12 seki_points 0 compensation white 8 stones 4\ning black board 5 bowl 7 seki 0 compensation 0 territory 5 fills 1 winning 0 losing 6\ning white board 5 bowl 7 seki 0 compensation 4 territory 10 fills 3 winning 7 losing 0\ning empty E1\ning result W\+13 placed 6 left 1]
# White's points from the corner E1 outwards: E1; D1 E2; D2 E3; D3 E4; D4
# E5; D5. The first 7 are winning; E1 stays empty, the losing stones take
# the other 6; White's 3 fill D4 E5 D5.
33 ingo-gfx fill
#? [BLACK A5 D1 E2 D2 E3 D3 E4\nWHITE A1 A2 A3 A4 D4 E5 D5\nSQUARE A1 A2 A3 A4\nTRIANGLE D1 E2 D2 E3 D3 E4\nCIRCLE E1\nTEXT Ing count W\+13: 6 losing stones on winning points, 1 winning point left]

# ---------------------------------------------------------------------------
# 3. An even number of points has no count: (N-1)/2 is not whole.
40 boardsize 4
#? []
clear_board
komi 8
41 ingo-score
#? [.*\nresult W\+8\ning none: the board has 16 points; the bowls of \(N-1\)/2 stones need an odd number]

# ---------------------------------------------------------------------------
# 4. Other rule sets print the count as before, with no `ing` line; the
# fill-in graphics only say whose count it is.
50 boardsize 5
#? []
clear_board
51 ingo-rules simplified-ing
#? []
komi 8
play b b1
play w c1
play b b2
play w c2
play b b3
play w c3
play b b4
play w c4
play b b5
play w c5
play b pass
play w pass
ingo-agree
52 ingo-score
#? [black stones 5 territory 5 area 10\nwhite stones 5 territory 10 area 15\nkomi 8\nhandicap_bonus 0\ndead *\nresult W\+13]
53 ingo-gfx fill
#? [TEXT the fill-in count is Ing's \(ingo-rules ing\)]
