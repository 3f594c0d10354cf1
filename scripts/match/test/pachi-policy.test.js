// Tests of pachi-policy.js without Pachi: reading its pattern ratings.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const {parseRating} = require('../pachi-policy')
const {policyLine} = require('../katago-policy')

// A 3x3 gogui-pattern_rating reply in Pachi 12.90's form: a gfx VAR line,
// then whole percents, best first, and a TEXT line.
const REPLY = `VAR b C2
LABEL C2 48
LABEL B1 30
LABEL A3 1
LABEL A1 0
TEXT Matching Locally: Yes`

test('whole percents become probabilities by point, the pass never rated', () => {
  let p = parseRating(REPLY, 3)
  // Indices as lib/board.js: row 0 is the top row (row 3).
  let expected = new Array(10).fill(0)
  expected[5] = 0.48 // C2
  expected[7] = 0.3 // B1
  expected[0] = 0.01 // A3
  assert.deepStrictEqual(p, expected)
  // Moves under 1% are below the line's threshold.
  assert.strictEqual(policyLine(3, 7, ['B2'], p, 0.01), '3 7 B2 : C2 0.48000 B1 0.30000 A3 0.01000')
})

test('a label on no point of the board is an error', () => {
  assert.throws(() => parseRating('LABEL D4 12', 3), /names no point/)
  assert.throws(() => parseRating('LABEL pass 12', 3), /names no point/)
})
