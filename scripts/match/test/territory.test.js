// The moves only territory scoring punishes (lib/territory.js), on a
// hand-made 5x5 game: node --test scripts/match/test/
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const {BLACK, WHITE, parseVertex, vertexName} = require('../lib/board')
const {territoryOnlyMoves} = require('../lib/territory')

const N = 5
const v = s => parseVertex(s, N)
// Black walls off columns A-B with column C, White column E with column
// D. Then Black A1 fills its own territory; White B4 invades and is
// captured by B5, A4 and B3; White E3 fills its own; White A2 invades
// and is left on the board, dead.
const GAME = 'B C3 W D3 B C4 W D4 B C2 W D2 B C5 W D5 B C1 W D1 B A1 W B4 B B5 W E3 B A4 W pass B B3 W A2'
  .split(' ')
  .reduce((out, t, k, a) => (k % 2 ? out : [...out, {c: t === 'B' ? BLACK : WHITE, idx: v(a[k + 1])}]), [])
const DEAD = [v('A2')]
// Territory by the count: Black A-B but its stones (A2 dead counts),
// White E but E3.
const BLACK_AREA = new Set(['A5', 'A3', 'A2', 'B4', 'B2', 'B1'].map(v))
const WHITE_AREA = new Set(['E5', 'E4', 'E2', 'E1'].map(v))
const named = list => list.map(f => `${f.i + 1} ${vertexName(f.idx, N)} ${f.kind}`)

test("Black: only the stone inside its closed area; the wall and the answers to White's stones are not", () => {
  assert.deepStrictEqual(named(territoryOnlyMoves(N, GAME, BLACK, DEAD, WHITE_AREA)), ['11 A1 own'])
})

test('White: the captured and the dead invader, and the stone inside its own area', () => {
  assert.deepStrictEqual(named(territoryOnlyMoves(N, GAME, WHITE, DEAD, BLACK_AREA)), [
    '12 B4 invasion',
    '14 E3 own',
    '18 A2 invasion',
  ])
})

test('A move into open space is never listed, whatever became of it', () => {
  // White's first stone, D3, would sit in White's area at the end.
  let game = [{c: WHITE, idx: v('D3')}, {c: BLACK, idx: v('B3')}]
  assert.deepStrictEqual(territoryOnlyMoves(N, game, WHITE, [], new Set()), [])
  assert.deepStrictEqual(territoryOnlyMoves(N, game, BLACK, [v('B3')], new Set([v('B3')])), [])
})
