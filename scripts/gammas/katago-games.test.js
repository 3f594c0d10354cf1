// Tests of katago-games.js without KataGo: reading a kata-raw-nn reply and
// choosing the move from it.

'use strict'

const test = require('node:test')
const assert = require('node:assert')
const { parseRawNn, choose, rng } = require('./katago-games.js')

// A 3x3 reply in KataGo's layout (rows from the top; NAN where a stone is).
const REPLY = `symmetry 3
whiteWin 0.6
whiteLoss 0.4
noResult 0.000000
whiteLead -2.5
policy
0.01 0.02 0.03
0.10 NAN 0.40
0.05 0.04 0.30
policyPass 0.05
whiteOwnership
0 0 0
0 0 0
0 0 0`

test('reads the policy, the pass and the lead', () => {
  const nn = parseRawNn(REPLY, 3)
  assert.deepStrictEqual(nn.policy[0], [0.01, 0.02, 0.03])
  assert.ok(Number.isNaN(nn.policy[1][1]))
  assert.strictEqual(nn.policy[2][2], 0.3)
  assert.strictEqual(nn.pass, 0.05)
  assert.strictEqual(nn.whiteLead, -2.5)
  assert.throws(() => parseRawNn('whiteLead 1', 3), /no policy/)
})

test('the first choice, pass included', () => {
  const nn = parseRawNn(REPLY, 3)
  assert.deepStrictEqual(choose(nn, false, () => 0), { row: 1, col: 2 })
  const passing = { ...nn, pass: 0.9 }
  assert.strictEqual(choose(passing, false, () => 0), null)
})

test('a draw follows the policy and never passes', () => {
  const nn = { ...parseRawNn(REPLY, 3), pass: 0.9 }
  // Plays sum to 0.95; cumulative in row order: 0.01, 0.03, 0.06, 0.16
  // (middle left), then 0.56 (middle right, the occupied centre skipped).
  assert.deepStrictEqual(choose(nn, true, () => 0), { row: 0, col: 0 })
  assert.deepStrictEqual(choose(nn, true, () => 0.1 / 0.95), { row: 1, col: 0 })
  assert.deepStrictEqual(choose(nn, true, () => 0.5 / 0.95), { row: 1, col: 2 })
  assert.deepStrictEqual(choose(nn, true, () => 0.999999), { row: 2, col: 2 })
})

test('the generator repeats for a seed and differs between seeds', () => {
  const a = rng(7)
  const b = rng(7)
  const xs = [a(), a(), a()]
  assert.deepStrictEqual([b(), b(), b()], xs)
  assert.ok(xs.every((x) => x >= 0 && x < 1))
  assert.notStrictEqual(rng(8)(), xs[0])
})
