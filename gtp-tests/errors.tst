# Error replies (SPEC §2: standard error strings) and that a failing command
# changes nothing. Errors are unnumbered with `#error` (gogui-regress counts
# every `?` on a numbered command as a failure); each is followed by a
# numbered query of the state.
# The board (gogui-regress starts each file with a fresh engine at its
# defaults: 19x19, simplified-ing rules).
boardsize 9
clear_board

1 komi 6.5
#? []
2 play b e5
#? []
3 play w c3
#? []

# ---------------------------------------------------------------------------
# unknown command (GTP 2 §6.1 / SPEC §2).
foo
#error [unknown command]
# A known name with a typo, a GTP v1 name that v2 dropped.
genmov b
#error [unknown command]
help
#error [unknown command]
# Command names are case sensitive (GTP 2 §2.6 "command_name").
Name
#error [unknown command]
# Non-ASCII bytes are no command name (GTP 2 §2.1: commands are ASCII) -
# and must not crash the engine.
naïve
#error [unknown command]
名前
#error [unknown command]
10 list_stones black
#? [E5]

# ---------------------------------------------------------------------------
# invalid color (GTP 2 §2.11: color is b/w/black/white, any case).
play x d4
#error [invalid color]
play red d4
#error [invalid color]
# `bl` is neither the short nor the long form.
play bl d4
#error [invalid color]
is_legal green d4
#error [invalid color]
all_legal none
#error [invalid color]
list_stones purple
#error [invalid color]
captures e
#error [invalid color]
genmove x
#error [invalid color]
11 list_stones black
#? [E5]
12 list_stones white
#? [C3]

# ---------------------------------------------------------------------------
# Malformed vertices are syntax errors (GTP 2 §2.11: a vertex is a letter
# A..Z without I and a row number within the board; anything else cannot be
# parsed).
# Row 10 does not exist on 9x9.
play b a10
#error [syntax error]
# Column K is the tenth column (no I): off a 9x9 board.
play b k5
#error [syntax error]
# There is no column I.
play b i5
#error [syntax error]
# Row 0 does not exist.
play b d0
#error [syntax error]
play b 44
#error [syntax error]
play b d4x
#error [syntax error]
play b d-4
#error [syntax error]
# Full-width letters are not ASCII vertices.
play b Ｄ４
#error [syntax error]
is_legal b z9
#error [syntax error]
# A ZERO WIDTH SPACE (U+200B, not a control character, not whitespace) glued
# to the vertex makes it no vertex.
play b d4​
#error [syntax error]
13 list_stones black
#? [E5]

# ---------------------------------------------------------------------------
# Wrong argument counts are syntax errors (GTP 2 §6.1: each command has a
# fixed argument list).
play b
#error [syntax error]
play
#error [syntax error]
play b d4 d5
#error [syntax error]
14 list_stones black
#? [E5]
genmove
#error [syntax error]
genmove b w
#error [syntax error]
15 list_stones black
#? [E5]
boardsize
#error [syntax error]
boardsize 9 9
#error [syntax error]
komi
#error [syntax error]
komi 1 2
#error [syntax error]
16 get_komi
#? [6\.5]
is_legal b
#error [syntax error]
known_command
#error [syntax error]
list_stones
#error [syntax error]
captures
#error [syntax error]
# undo takes no argument (GNU Go's `undo N` is not GTP).
undo 2
#error [syntax error]
17 list_stones white
#? [C3]
time_settings 10 10
#error [syntax error]
time_left b 10
#error [syntax error]
final_status_list
#error [syntax error]
loadsgf
#error [syntax error]
fixed_handicap
#error [syntax error]
18 list_stones black
#? [E5]

# ---------------------------------------------------------------------------
# Arguments of the wrong type are syntax errors (GTP 2 §2.11 int/float).
komi abc
#error [syntax error]
komi nan
#error [syntax error]
komi inf
#error [syntax error]
komi 6,5
#error [syntax error]
19 get_komi
#? [6\.5]
boardsize nine
#error [syntax error]
boardsize 9.0
#error [syntax error]
# 10^20 does not fit GTP's int (0..2^31-1).
boardsize 100000000000000000000
#error [syntax error]
20 list_stones black
#? [E5]
time_settings a 10 1
#error [syntax error]
time_left b 10 x
#error [syntax error]
# final_status_list knows alive/dead (and seki, which GNU Go lists);
# anything else is malformed.
final_status_list sleeping
#error [syntax error]

# ---------------------------------------------------------------------------
# unacceptable size (GTP 2 §6.3.2; SPEC §1.1: sizes 2..25). The board and its
# stones must survive a refused boardsize.
boardsize 1
#error [unacceptable size]
boardsize 0
#error [unacceptable size]
boardsize 26
#error [unacceptable size]
boardsize 1000
#error [unacceptable size]
# A negative size is not a GTP int; either answer is reasonable.
boardsize -5
#error [unacceptable size|syntax error]
21 list_stones black
#? [E5]
# Still 9x9: J9 is on the board, K9 would not be.
22 is_legal b j9
#? [1]

# The limits themselves are accepted: 25x25 goes up to column Z (no I), row 25;
# 2x2 is the smallest board. Both start empty.
40 boardsize 25
#? []
41 play b z25
#? []
42 list_stones black
#? [Z25]
play b a26
#error [syntax error]
43 boardsize 2
#? []
44 list_stones black
#? []
45 play w b2
#? []
play w c2
#error [syntax error]
46 list_stones white
#? [B2]
# Back to the game of this file.
47 boardsize 9
#? []
48 play b e5
#? []
49 play w c3
#? []

# ---------------------------------------------------------------------------
# illegal move (GTP 2 §6.3.3): an occupied point, for either colour.
play w e5
#error [illegal move]
play b e5
#error [illegal move]
play b c3
#error [illegal move]
23 list_stones black
#? [E5]
24 list_stones white
#? [C3]
25 captures black
#? [0]

# ---------------------------------------------------------------------------
# cannot undo (GTP 2 §6.3.3): nothing left to take back.
26 undo
#? []
27 undo
#? []
undo
#error [cannot undo]
28 list_stones black
#? []
29 get_komi
#? [6\.5]
# After clear_board there is nothing to undo either.
30 play b d4
#? []
31 clear_board
#? []
undo
#error [cannot undo]
32 list_stones black
#? []

# ---------------------------------------------------------------------------
# A failing command in the middle of a session does not disturb the ones
# after it (each line is answered on its own).
33 play b d4
#? []
play b d4
#error [illegal move]
34 play w d5
#? []
35 list_stones white
#? [D5]
