// Which moves of a finished game only territory scoring punishes (issue
// 21): a stone played inside the mover's own enclosed territory, or into
// the opponent's where it dies. Pure: game moves in, flagged moves out.
'use strict'

const {Board, other} = require('./board')

// The colour of the stones that alone border the empty region holding
// `idx` in `cells`, while the other colour has stones elsewhere (0 if the
// region touches both colours or none, or is all the board that is not
// the one colour's: then it is open, not enclosed).
function enclosedBy(board, cells, idx) {
  let region = [idx]
  let seen = new Set(region)
  let borders = new Set()
  for (let k = 0; k < region.length; k++)
    for (let j of board.neighbors(region[k])) {
      if (cells[j] !== 0) borders.add(cells[j])
      else if (!seen.has(j)) {
        seen.add(j)
        region.push(j)
      }
    }
  if (borders.size !== 1) return 0
  let c = [...borders][0]
  return cells.includes(other(c)) ? c : 0
}

// The moves of `color` in a game of `moves` ({c, idx}, idx an index or
// 'pass') on an n x n board, given the final `dead` stones and the
// opponent's final `territory` (a Set of indices), that only territory
// scoring punishes:
//   - 'own': a quiet move (it touches no opposing stone, captures
//     nothing, and no own string beside it has fewer than three
//     liberties) on a point whose empty region, when it was played, was
//     bordered by the mover's stones alone (the stones that end dead
//     count as taken off), and which stays a live stone to the end;
//   - 'invasion': a move on a point whose region, when it was played,
//     was bordered by the opponent's stones alone (dead ones taken off
//     again), whose stone is captured during the game or dead at the
//     end, on a point of the opponent's final territory.
// A move into an open area is neither: whether it was needed is a
// question for a judge, not for the count. Returns [{i, idx, kind}].
function territoryOnlyMoves(n, moves, color, dead, territory) {
  // Replay once: which move put each stone, which were captured, and
  // the board before each of `color`'s moves.
  let b = new Board(n)
  let placedBy = new Array(n * n).fill(-1)
  let captured = new Set()
  let mine = []
  moves.forEach((mv, i) => {
    if (mv.idx === 'pass') return
    let before = b.cells.slice()
    let quiet =
      b.neighbors(mv.idx).every(j => before[j] !== other(mv.c)) &&
      b.neighbors(mv.idx).every(j => before[j] !== mv.c || b.group(j).liberties.size >= 3)
    let res = b.play(mv.c, mv.idx)
    if (res.illegal) return
    for (let j = 0; j < n * n; j++) if (before[j] !== 0 && b.cells[j] === 0 && placedBy[j] >= 0) captured.add(placedBy[j])
    if (mv.c === color) mine.push({i, idx: mv.idx, before, placedBy: placedBy.slice(), quiet: quiet && res.captured === 0})
    placedBy[mv.idx] = i
  })
  let deadSet = new Set(dead)
  // The moves whose stones end on the board dead.
  let deadMoves = new Set([...deadSet].filter(j => placedBy[j] >= 0).map(j => placedBy[j]))
  let out = []
  for (let {i, idx, before, placedBy: then, quiet} of mine) {
    let cells = before.map((c, j) => (c !== 0 && deadMoves.has(then[j]) ? 0 : c))
    let encloser = enclosedBy(b, cells, idx)
    let stillThere = placedBy[idx] === i && !captured.has(i)
    let died = captured.has(i) || (stillThere && deadSet.has(idx))
    if (encloser === other(color) && died && territory.has(idx)) out.push({i, idx, kind: 'invasion'})
    else if (encloser === color && quiet && stillThere && !deadSet.has(idx)) out.push({i, idx, kind: 'own'})
  }
  return out
}

module.exports = {territoryOnlyMoves}
