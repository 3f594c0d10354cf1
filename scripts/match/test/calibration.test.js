// The calibration arithmetic: node --test scripts/match/test/
// Expected values are worked out by hand in the comments.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const C = require('../lib/calibration')

const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} != ${b}`)

// A review of four moves: the third has no evaluation.
const REVIEW = '(;GM[1]SZ[9];B[ee]SBKV[40]SBKS[-2];W[cc]SBKV[90]SBKS[6];B[dd];W[gg]SBKV[20]SBKS[-8])'
// White's lead before move 1, then after each move.
const JUDGED = {size: 9, whiteLeads: [0.5, 2.0, -5.0, 4.0, 10.0]}

test('reads the evaluation after each move', () => {
  assert.deepStrictEqual(C.readEvaluations(REVIEW), [
    {rate: 0.4, lead: -2},
    {rate: 0.9, lead: 6},
    {rate: null, lead: null},
    {rate: 0.2, lead: -8}
  ])
})

test('pairs each evaluated move with KataGo\'s Black lead after it', () => {
  let rows = C.pairs(JUDGED, C.readEvaluations(REVIEW), {opening: 1, middle: 3})
  assert.deepStrictEqual(rows, [
    {move: 1, phase: 'opening', rate: 0.4, lead: -2, kata: -2},
    {move: 2, phase: 'middle', rate: 0.9, lead: 6, kata: 5},
    {move: 4, phase: 'end', rate: 0.2, lead: -8, kata: -10}
  ])
})

test('Brier score, same winner and lead correlation', () => {
  let rows = C.pairs(JUDGED, C.readEvaluations(REVIEW), {opening: 1, middle: 3})
  // Decided at 3 points: moves 2 (Black +5, rate 0.9: (0.9-1)^2 = 0.01)
  // and 4 (Black -10, rate 0.2: 0.04). Brier 0.025; both name KataGo's
  // winner.
  let a = C.agreement(rows, 3)
  assert.strictEqual(a.positions, 3)
  assert.strictEqual(a.decided, 2)
  close(a.brier, 0.025, 'brier')
  assert.strictEqual(a.sign, 1)
  // Leads (-2, 6, -8) against (-2, 5, -10): means -4/3 and -7/3;
  // deviations (-2/3, 22/3, -20/3) and (1/3, 22/3, -23/3):
  // sxy = (-2/9 + 484/9 + 460/9) = 942/9, sxx = (4 + 484 + 400)/9 = 888/9,
  // syy = (1 + 484 + 529)/9 = 1014/9.
  close(a.corr, 942 / Math.sqrt(888 * 1014), 'corr')
  // At 1 point move 1 (Black -2, rate 0.4: 0.16, the same winner) joins.
  let b = C.agreement(rows, 1)
  close(b.brier, (0.16 + 0.01 + 0.04) / 3, 'brier at 1')
  assert.strictEqual(b.sign, 1)
  // Nothing decided: no Brier, no share.
  let c = C.agreement(rows, 20)
  assert.strictEqual(c.brier, null)
  assert.strictEqual(c.sign, null)
})

test('the mean error of the leads toward a named player', () => {
  let judged = {...JUDGED, black: 'ingo', white: 'gnugo'}
  let bounds = {opening: 1, middle: 3}
  // Leads (-2, 6, -8) against KataGo's (-2, 5, -10), Black's: errors 0,
  // +1, +2, toward Black (ingo) +1 on average, toward White -1.
  let rows = C.pairs(judged, C.readEvaluations(REVIEW), bounds, 'ingo')
  assert.deepStrictEqual(rows.map(r => r.side), [1, 1, 1])
  close(C.agreement(rows).toward, 1, 'toward ingo')
  close(C.agreement(C.pairs(judged, C.readEvaluations(REVIEW), bounds, 'gnugo')).toward, -1, 'toward gnugo')
  // A name that played neither colour, or none asked for: no error.
  assert.strictEqual(C.agreement(C.pairs(judged, C.readEvaluations(REVIEW), bounds, 'pachi')).toward, null)
  assert.strictEqual(C.agreement(C.pairs(judged, C.readEvaluations(REVIEW), bounds)).toward, null)
})
