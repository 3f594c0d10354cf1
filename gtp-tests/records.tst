# Real-world SGF records for loadsgf, the rules and komi they carry,
# printsgf of a finished game, and the GNU Go / gogui-twogtp / kgsGtp
# extras: gg-undo, cputime, kgs-chat. The files in sgf/ are hand-written
# miniatures of what old servers and programs write. Every position loaded
# below was checked against GNU Go 3.8 (`loadsgf` then `list_stones`),
# except sgf/shift-jis.sgf, which GNU Go misreads (see there).
# The engine starts at its defaults: 19x19, simplified-ing, komi 7.5.

# ---------------------------------------------------------------------------
# sgf/ha0-latin1.sgf: HA[0] (no handicap, as GNU Go writes it), CA[ISO-8859-1]
# with Latin-1 bytes in the names and comment, RU[Japanese], KM[6.5];
# B E5, W C7, B G3, W C3.
1 loadsgf sgf/ha0-latin1.sgf
#? [black]
2 list_stones black
#? [E5 G3]
3 list_stones white
#? [C7 C3]
4 get_komi
#? [6\.5]
# RU[Japanese] is ingo's territory rule set (issue 21).
5 ingo-rules
#? [japanese]
6 printsgf
#? [\(;.*KM\[6\.5\]RU\[Japanese\];B\[ee\];W\[cc\];B\[gg\];W\[cg\]\)]
# A vertex stops before the first move there: G3 is move 3.
7 loadsgf sgf/ha0-latin1.sgf G3
#? [black]
8 list_stones black
#? [E5]

# sgf/old-server.sgf: mail headers before the tree and a signature after
# it, GM and FF twice in the root, no CA and a Latin-1 comment, HA[1],
# RU[NZ], and the two final passes in one node (`B[tt]W[tt]`), which
# GNU Go plays in order.
10 loadsgf sgf/old-server.sgf
#? [black]
11 list_stones black
#? [C6 E5]
12 list_stones white
#? [D6 C5]
13 ingo-rules
#? [new-zealand]
14 ingo-phase
#? [stopped]
15 get_komi
#? [0\.5]

# sgf/unclosed.sgf: the closing parenthesis is missing (read to the end,
# as GNU Go and Sabaki do), RU[Tromp-Taylor].
20 loadsgf sgf/unclosed.sgf
#? [white]
21 list_stones black
#? [E5 G3]
22 ingo-rules
#? [tromp-taylor]

# sgf/ha-no-stones.sgf: HA[2] and no AB, White moves first: the fixed
# handicap (G7 C3) stands, as GNU Go places it. W E5, B C5.
30 loadsgf sgf/ha-no-stones.sgf
#? [white]
31 list_stones black
#? [G7 C5 C3]
32 list_stones white
#? [E5]
33 printsgf
#? [.*HA\[2\].*AB\[gc\]\[cg\].*;W\[ee\];B\[ce\]\)]

# sgf/shift-jis.sgf: CA[Shift_JIS]; the second byte of the comment's first
# character is `]` (0x5D), which must not end the value. (GNU Go 3.8 reads
# it as the end and loads an empty board.) B E5, W C7.
40 loadsgf sgf/shift-jis.sgf
#? [black]
41 list_stones black
#? [E5]
42 list_stones white
#? [C7]

# sgf/pl-digit.sgf: PL[2], FF[3]'s spelling of White; then W G3.
50 loadsgf sgf/pl-digit.sgf
#? [black]
51 list_stones white
#? [G3]

# Bad arguments change nothing (still sgf/pl-digit.sgf).
loadsgf sgf/pl-digit.sgf -2
#error [syntax error]
loadsgf sgf/pl-digit.sgf T19
#error [cannot load file: T19 is not a point of the 9x9 board]
52 list_stones black
#? [C7 E5]

# ---------------------------------------------------------------------------
# printsgf of a finished game: 5x5, Black walls off column C, White's A1 is
# agreed dead. Black owns all 25 points: B+24.5 with komi 0.5.
60 boardsize 5
#? []
61 komi 0.5
#? []
62 ingo-rules chinese
#? []
63 play b c1
#? []
64 play w a1
#? []
65 play b c2
#? []
66 play w pass
#? []
67 play b c3
#? []
68 play w pass
#? []
69 play b c4
#? []
70 play w pass
#? []
71 play b c5
#? []
72 play w pass
#? []
73 play b pass
#? []
74 ingo-agree a1
#? []
75 final_score
#? [B\+24\.5]
# RE as final_score answers; the last node lists Black's territory (the
# dead stone's point ae included, C column stones not) and marks A1.
76 printsgf
#? [.*RU\[Chinese\].*RE\[B\+24\.5\].*;W\[\];B\[\]TB\[aa\]\[ba\]\[da\]\[ea\]\[ab\].*\[ae\]\[be\]\[de\]\[ee\]MA\[ae\]\)]
77 printsgf -
#? [!.*TW\[.*]

# ---------------------------------------------------------------------------
# gg-undo [N] (GNU Go): N moves back, or nothing when fewer are left.
80 clear_board
#? []
81 play b c3
#? []
82 play w d4
#? []
83 play b b2
#? []
gg-undo 4
#error [cannot undo]
84 list_stones black
#? [C3 B2]
gg-undo -1
#error [can't undo a negative number of moves]
gg-undo two
#error [syntax error]
85 gg-undo 2
#? []
86 list_stones black
#? [C3]
87 gg-undo
#? []
88 list_stones black
#? []
89 gg-undo 0
#? []

# cputime: CPU seconds of the process, three decimals (gogui-twogtp).
90 cputime
#? [\d+\.\d{3}]
cputime now
#error [syntax error]

# kgs-chat (game|private) NAME MESSAGE...: one line back, sent as chat.
100 kgs-chat private alice hello there
#? [Hi alice, I am ingo .*, a Go program: I cannot chat\. I play chinese rules, komi 0\.5\.]
101 kgs-chat game bob gg
#? [Hi bob, .*]
kgs-chat game bob
#error [syntax error]
kgs-chat room bob hi
#error [syntax error]

# All listed, so GoGui, gogui-twogtp and kgsGtp use them.
110 list_commands
#? [.*^gg-undo$.*^cputime$.*^kgs-chat$.*]
