#!/usr/bin/env bash
# The shape of the house, run by .ci/run: fails, naming the file or the loop,
# when
# - a Rust file under src/, tests/ or benches/ is over 900 lines;
# - two modules of the library import each other, directly or around a
#   loop. Every `use` path (crate::, super::, self::, a child module's name)
#   and every inline path is read; a `pub use` re-export is followed to the
#   file that defines the item, so a facade mod.rs adds no loop;
# - a folder of src/ imports a folder above it: the order is the LAYERS
#   table in scripts/shape/check-shape.js, where a new folder must be placed.
# Uses from src/testing (test support, cfg(test) only) are not imports.
#
#   scripts/check-shape.sh            check this checkout
#   scripts/check-shape.sh --edges    also print every file-to-file import
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/shape/check-shape.js "$@"
