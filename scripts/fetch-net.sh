#!/usr/bin/env bash
# Puts KataGo's network b10c384h6nbttflrs.bin.gz, from the katrain package
# on PyPI, in the network cache outside the repository ($INGO_NETS, by
# default ~/.cache/ingo/nets) and prints its path. Downloads only when it
# is missing. The tests that need it (tests/nn_*.rs) read it from there.
set -euo pipefail
dir=${INGO_NETS:-$HOME/.cache/ingo/nets}
net=$dir/b10c384h6nbttflrs.bin.gz
if [ ! -s "$net" ]; then
    mkdir -p "$dir"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    echo "downloading the katrain package for its network" >&2
    python3 -m pip download --quiet --no-deps --dest "$tmp" katrain >&2
    python3 - "$tmp" "$net" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/katrain-*.whl")[0]
with zipfile.ZipFile(wheel) as z, open(sys.argv[2] + ".part", "wb") as out:
    out.write(z.read("katrain/models/b10c384h6nbttflrs.bin.gz"))
PY
    mv "$net.part" "$net"
fi
echo "$net"
