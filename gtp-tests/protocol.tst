# Protocol basics: ids, names, listing.
# ingo-args: --size 9

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
