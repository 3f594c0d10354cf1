// Tests of katago-policy.js without KataGo: the line of a position, which
// positions are labelled, and what a stopped run finds already done.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const {done, wanted, policyLine} = require('../katago-policy')
const {parsePolicy} = require('../lib/katago')

// A 3x3 kata-raw-nn reply in KataGo's layout (rows from the top; NAN where
// a stone is).
const REPLY = `symmetry 3
whiteLead -2.5
policy
0.01 0.02 0.03
0.10 NAN 0.40
0.0004 0.04 0.30
policyPass 0.05`

test('a line lists the likely moves, likeliest first, the pass by name', () => {
  let line = policyLine(3, 7, ['B2'], parsePolicy(REPLY, 3), 0.001)
  // Row 0 is the top (row 3); A1 (0.0004) is below the threshold.
  assert.strictEqual(
    line,
    '3 7 B2 : C2 0.40000 C1 0.30000 A2 0.10000 pass 0.05000 B1 0.04000 C3 0.03000 B3 0.02000 A3 0.01000'
  )
  assert.strictEqual(policyLine(3, 6.5, [], [0, 0, 0, 0, 1, 0, 0, 0, 0, 0], 0.5), '3 6.5 : B2 1.00000')
})

test('dense at first, then every n-th, none after the last', () => {
  let a = {dense: 3, every: 4, last: 12}
  let picked = [...Array(20).keys()].filter(n => wanted(n, a))
  assert.deepStrictEqual(picked, [0, 1, 2, 3, 7, 11])
})

test('done positions are keyed by record and moves played', () => {
  let text = '# a.sgf\n9 7 : E5 0.5\n9 7 E5 D4 : C3 0.2\n# b.sgf\n9 7 E5 : pass 1.00000\n'
  let have = done(text)
  assert.deepStrictEqual([...have].sort(), ['a.sgf\t0', 'a.sgf\t2', 'b.sgf\t1'])
  assert.strictEqual(done('').size, 0)
})
