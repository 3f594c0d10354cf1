// Tests of katago-games.js without KataGo: choosing the move from a policy
// and the seeded draws.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const {rng, choose} = require('../katago-games')
const {parsePolicy} = require('../lib/katago')

// A 3x3 kata-raw-nn reply in KataGo's layout (rows from the top; NAN where
// a stone is).
const REPLY = `symmetry 3
whiteLead -2.5
policy
0.01 0.02 0.03
0.10 NAN 0.40
0.05 0.04 0.30
policyPass 0.05`

test('the first choice, pass included', () => {
  let policy = parsePolicy(REPLY, 3)
  assert.strictEqual(choose(policy, false, () => 0), 5) // middle right
  policy[9] = 0.9
  assert.strictEqual(choose(policy, false, () => 0), 'pass')
  policy[9] = 0.4 // a tie with the middle right: the pass wins
  assert.strictEqual(choose(policy, false, () => 0), 'pass')
})

test('a draw follows the policy and never passes', () => {
  let policy = parsePolicy(REPLY, 3)
  policy[9] = 0.9
  // Plays sum to 0.95; cumulative in row order: 0.01, 0.03, 0.06, 0.16
  // (middle left), then 0.56 (middle right, the occupied centre skipped).
  assert.strictEqual(choose(policy, true, () => 0), 0)
  assert.strictEqual(choose(policy, true, () => 0.1 / 0.95), 3)
  assert.strictEqual(choose(policy, true, () => 0.5 / 0.95), 5)
  assert.strictEqual(choose(policy, true, () => 0.999999), 8)
})

test('the generator repeats for a seed and differs between seeds', () => {
  let a = rng(7)
  let b = rng(7)
  let xs = [a(), a(), a()]
  assert.deepStrictEqual([b(), b(), b()], xs)
  assert.ok(xs.every(x => x >= 0 && x < 1))
  assert.notStrictEqual(rng(8)(), xs[0])
})
