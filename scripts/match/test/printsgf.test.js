// printsgf read by Sabaki's own SGF parser (@sabaki/sgf), checked against
// the runner's referee board: node --test scripts/match/test/
// Needs the release build (cargo build --release) of this checkout.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const {execFileSync} = require('node:child_process')
const sgf = require('@sabaki/sgf')
const {Board, BLACK, WHITE, parseVertex} = require('../lib/board')

const INGO = path.join(__dirname, '..', '..', '..', 'target', 'release', 'ingo')

// Runs one GTP session; returns the replies in order (text after '= ').
function gtp(commands) {
  let out = execFileSync(INGO, ['--threads', '1', '--playouts', '50', '--seed', '1'], {
    input: commands.join('\n') + '\n',
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  })
  let replies = out.split('\n\n').filter(r => r !== '' && r !== '\n')
  for (let [i, r] of replies.entries()) {
    assert.ok(r.startsWith('='), `${commands[i]} -> ${r}`)
  }
  return replies.map(r => r.replace(/^= ?/, ''))
}

// Owner of every point (BLACK, WHITE or 0) under area scoring, with the
// stones at `dead` removed; row 0 is the top row, as in sgf points.
function owners(cells, n, dead) {
  let board = new Board(n)
  board.cells = cells.slice()
  for (let i of dead) board.cells[i] = 0
  let owner = Array.from(board.cells)
  let seen = new Uint8Array(n * n)
  for (let i = 0; i < n * n; i++) {
    if (board.cells[i] !== 0 || seen[i]) continue
    let region = [i]
    let borders = new Set()
    seen[i] = 1
    for (let k = 0; k < region.length; k++) {
      for (let j of board.neighbors(region[k])) {
        if (board.cells[j] !== 0) borders.add(board.cells[j])
        else if (!seen[j]) {
          seen[j] = 1
          region.push(j)
        }
      }
    }
    let o = borders.size === 1 ? [...borders][0] : 0
    for (let j of region) owner[j] = o
  }
  return owner
}

const idx = ([x, y], n) => y * n + x

test('a finished game from printsgf: rules, komi, handicap, result, territory, dead stones', () => {
  // 9x9, handicap G7 C3 (simplified-ing: no handicap bonus), then walls:
  // White on column F, Black on column E; White invades at B8. Both pass
  // and agree that G7 (Black's, in White's area) and B8 are dead.
  // Black: columns A-E = 45 points; White: F-J = 36; komi 0.5: B+8.5.
  let moves = []
  for (let row = 1; row <= 9; row++) moves.push(`play w f${row}`, `play b e${row}`)
  moves.push('play w b8', 'play b pass', 'play w pass')
  let file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ingo-sgf-')), 'game.sgf')
  let replies = gtp([
    'boardsize 9',
    'komi 0.5',
    'fixed_handicap 2',
    ...moves,
    'ingo-agree g7 b8',
    'final_score',
    `printsgf ${file}`,
  ])
  assert.strictEqual(replies[replies.length - 2], 'B+8.5')
  let text = fs.readFileSync(file, 'utf8')

  let [root] = sgf.parse(text)
  let d = root.data
  assert.deepStrictEqual(d.SZ, ['9'])
  assert.deepStrictEqual(d.KM, ['0.5'])
  assert.deepStrictEqual(d.RU, ['simplified-ing'])
  assert.deepStrictEqual(d.HA, ['2'])
  assert.deepStrictEqual(d.RE, ['B+8.5'])
  assert.deepStrictEqual(new Set(d.AB), new Set(['gc', 'cg']))

  // Replay the main line on the referee board.
  let n = 9
  let board = new Board(n)
  for (let p of d.AB) board.cells[idx(sgf.parseVertex(p), n)] = BLACK
  let node = root
  let last = root
  let count = 0
  while (node.children.length > 0) {
    node = node.children[0]
    last = node
    for (let [key, color] of [['B', BLACK], ['W', WHITE]]) {
      if (!node.data[key]) continue
      let v = node.data[key][0]
      let r = board.play(color, v === '' ? 'pass' : idx(sgf.parseVertex(v), n))
      assert.strictEqual(r.illegal, null, `move ${count + 1}`)
      count++
    }
  }
  assert.strictEqual(count, moves.length)

  // The dead stones are marked in the last node, whose board still holds
  // them; TB/TW are the area each side owns once they are removed, without
  // its own stones (dead stones' points included, as CGoban/KGS write it).
  let dead = last.data.MA.map(p => idx(sgf.parseVertex(p), n))
  assert.deepStrictEqual(
    new Set(dead),
    new Set([parseVertex('g7', n), parseVertex('b8', n)])
  )
  let owner = owners(board.cells, n, dead)
  for (let [key, color] of [['TB', BLACK], ['TW', WHITE]]) {
    let expected = []
    for (let i = 0; i < n * n; i++) {
      if (owner[i] === color && board.cells[i] !== color) expected.push(i)
    }
    let got = last.data[key].map(p => idx(sgf.parseVertex(p), n))
    assert.deepStrictEqual(new Set(got), new Set(expected), key)
  }
  // Columns A-D but C3; columns G-J (G7 included).
  assert.strictEqual(last.data.TB.length, 35)
  assert.strictEqual(last.data.TW.length, 27)

  // ingo loads it back: the position before the agreement, stopped.
  let [toMove, black, white, phase] = gtp([
    `loadsgf ${file}`,
    'list_stones black',
    'list_stones white',
    'ingo-phase',
  ])
  assert.strictEqual(toMove, 'black')
  assert.strictEqual(phase, 'stopped')
  let stones = color => {
    let out = []
    for (let i = 0; i < n * n; i++) if (board.cells[i] === color) out.push(i)
    return new Set(out)
  }
  let parsed = list => new Set(list.split(' ').map(v => parseVertex(v, n)))
  assert.deepStrictEqual(parsed(black), stones(BLACK))
  assert.deepStrictEqual(parsed(white), stones(WHITE))
})
