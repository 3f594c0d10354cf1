# Protocol basics: ids, names, listing.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 9
clear_board

# GTP 2 §6.3.1: the protocol version is 2.
1 protocol_version
#? [2]

2 name
#? [ingo]

# known_command answers true for every listed command and false otherwise.
3 known_command play
#? [true]
4 known_command no_such_command
#? [false]

# Exact names: a command is not recognised by prefix or in other case.
PLAY b d4
#error [unknown command]
5 list_stones black
#? []

# ---------------------------------------------------------------------------
# Ids (GTP 2 §2.5/§2.6): every numbered command in this file is also checked
# by the harness for `=id `; these cover the edge values.

# 0 is a valid id (GTP: an id is an int, 0 <= id <= 2^31-1).
0 name
#? [ingo]
# The largest id GTP allows is echoed unchanged.
2147483647 name
#? [ingo]

# GTP v2 §6.3.1: `version` returns a string; ours is the crate version.
6 version
#? [\d+\.\d+\.\d+.*]

# ---------------------------------------------------------------------------
# Comments and whitespace (GTP 2 §2.2, §2.3, §2.9).

# Everything from `#` on is a comment, so the move after it is never played.
7 list_stones black # play b e5
#? []
8 play b e5 # play w f6
#? []
9 list_stones white
#? []

# Several spaces between tokens are one separator.
10   list_stones    black
#? [E5]

# HT is whitespace (GTP 2 §2.3). Note: tests/gtp_regress.rs turns tabs into
# spaces before sending, so under `cargo test` this line only shows that the
# file stays valid; gogui-regress sends the tab as is.
11	list_stones	black
#? [E5]

# Control characters other than HT/LF are discarded (GTP 2 §2.2): the line
# below has a raw SOH (0x01) inside `name` and a DEL (0x7f) after it.
12 name
#? [ingo]

# Only SPACE and HT are whitespace (GTP 2 §2.3): in the line below the
# argument is `play` + NO-BREAK SPACE (U+00A0) + `b`, one token, which is no
# command name, so the answer is `false` (a second argument would be a
# syntax error instead).
# See: report (fixed: only SPACE separates tokens)
13 known_command play b
#? [false]

# ---------------------------------------------------------------------------
# Colours and vertices are case-insensitive on input; vertices are printed in
# upper case (GTP 2 §2.11, SPEC §2).

15 play W f6
#? []
16 play BLACK c3
#? []
17 play White G7
#? []
18 play bLaCk j9
#? []
# J is the ninth column (GTP skips I).
19 list_stones B
#? [J9 E5 C3]
20 list_stones wHITE
#? [G7 F6]
# Lower-case vertex, mixed-case colour in is_legal: occupied, so 0.
21 is_legal Black j9
#? [0]
22 is_legal w H8
#? [1]

# ---------------------------------------------------------------------------
# list_commands: one name per line, no blank line inside (GTP 2 §6.3.1,
# SPEC §2) - so no line may contain a space.
23 list_commands
#? [!.* .*]
24 list_commands
#? [.*^list_commands$.*]

# Every GTP v2 command the SPEC requires (§2) is known.
30 known_command protocol_version
#? [true]
31 known_command quit
#? [true]
32 known_command boardsize
#? [true]
33 known_command clear_board
#? [true]
34 known_command komi
#? [true]
35 known_command fixed_handicap
#? [true]
36 known_command place_free_handicap
#? [true]
37 known_command set_free_handicap
#? [true]
38 known_command genmove
#? [true]
39 known_command undo
#? [true]
40 known_command time_settings
#? [true]
41 known_command time_left
#? [true]
42 known_command final_score
#? [true]
43 known_command final_status_list
#? [true]
44 known_command loadsgf
#? [true]
45 known_command reg_genmove
#? [true]
46 known_command showboard
#? [true]
47 known_command list_commands
#? [true]
48 known_command version
#? [true]
# GNU Go-compatible, KGS and ingo extensions (SPEC §2).
50 known_command is_legal
#? [true]
51 known_command all_legal
#? [true]
52 known_command list_stones
#? [true]
53 known_command captures
#? [true]
54 known_command get_komi
#? [true]
55 known_command printsgf
#? [true]
56 known_command kgs-genmove_cleanup
#? [true]
57 known_command kgs-time_settings
#? [true]
58 known_command kgs-rules
#? [true]
59 known_command kgs-game_over
#? [true]
60 known_command ingo-phase
#? [true]
61 known_command ingo-agree
#? [true]
62 known_command ingo-dispute
#? [true]
63 known_command ingo-rules
#? [true]
64 known_command ingo-score
#? [true]
# Names are exact: no prefix match, no case folding.
65 known_command Play
#? [false]
66 known_command pla
#? [false]

# ---------------------------------------------------------------------------
# Defaults (SPEC §1.4): the start-up rule set is simplified-ing.
67 ingo-rules
#? [simplified-ing]

# ---------------------------------------------------------------------------
# Komi is kept across boardsize and clear_board (SPEC §2, client habits):
# GoGui and Sabaki send komi before boardsize. get_komi prints GNU Go's
# `%4.1f`; the harness compares the trimmed text.
70 komi 3.5
#? []
71 boardsize 13
#? []
72 get_komi
#? [3\.5]
73 clear_board
#? []
74 get_komi
#? [3\.5]
# boardsize gives an empty board (GTP 2 §6.3.2).
75 list_stones black
#? []
# Negative and integer komi are floats too (GTP 2 §2.11: float).
76 komi -2
#? []
77 get_komi
#? [-2\.0]
78 boardsize 9
#? []
79 get_komi
#? [-2\.0]
80 komi 0.5
#? []
81 get_komi
#? [0\.5]

# ---------------------------------------------------------------------------
# showboard is free-form (GTP 2 §6.3.5) but multi-line without blank lines;
# ingo prints the rows top first with the row numbers on both sides.
82 play b c3
#? []
83 showboard
#? [.*^ ?9 \. \. \. \. \. \. \. \. \. ?9$.*^ ?3 \. \. X \. \. \. \. \. \. ?3$.*]
# `pass` is case-insensitive like vertices (GTP 2 §2.11).
84 play w PASS
#? []
85 play b Pass
#? []
# Two consecutive passes: the game is stopped (SPEC §1.3).
86 ingo-phase
#? [stopped]

# quit answers with an empty success response and the engine stops
# (GTP 2 §6.3.1); nothing may follow it in this file.
99 quit
#? []
