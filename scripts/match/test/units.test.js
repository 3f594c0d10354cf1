// Unit tests of the runner's own arithmetic: node --test scripts/match/test/
// Expected values are worked out by hand in the comments.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const {Clock} = require('../lib/clock')
const {wilson, summarize, mergeRecords} = require('../lib/summary')
const {parseResult} = require('../lib/game')
const {Board, BLACK, WHITE, parseVertex} = require('../lib/board')
const {splitCommand} = require('../lib/engine')

test('Canadian clock: main time, then 2 stones in 5 s, lag 0.5', () => {
  let c = new Clock({main: 10, byoTime: 5, stones: 2, periods: 0}, 0.5)
  assert.ok(c.charge(8)) // 2 s of main left
  assert.deepStrictEqual(c.timeLeft(), [2, 0])
  assert.ok(c.charge(4)) // 2 s main + 2 s of the period: 3 s for 1 stone
  assert.deepStrictEqual(c.timeLeft(), [3, 1])
  assert.ok(c.charge(3.4)) // 0.4 s over, within the lag; new period
  assert.deepStrictEqual(c.timeLeft(), [5, 2])
  assert.ok(!c.charge(5.6)) // 0.6 s over a fresh period: lost
})

test('Japanese clock: whole periods used up are gone, the last one is kept', () => {
  let c = new Clock({main: 0, byoTime: 10, stones: 0, periods: 3}, 0.5)
  assert.strictEqual(c.allowance(), 30.5)
  assert.ok(c.charge(25)) // 2 periods gone
  assert.deepStrictEqual(c.timeLeft(), [10, 1])
  assert.ok(c.charge(10.4))
  assert.ok(!c.charge(10.6))
})

test('absolute clock: the lag is per move', () => {
  let c = new Clock({main: 5, byoTime: 0, stones: 0, periods: 0}, 1)
  assert.ok(c.charge(5.5))
  assert.strictEqual(c.allowance(), 1)
  assert.ok(!c.charge(1.1))
})

test('Wilson interval', () => {
  // 7/10: p = .7, z = 1.96 -> [0.3968, 0.8922] (textbook value)
  let [lo, hi] = wilson(7, 10)
  assert.ok(Math.abs(lo - 0.3968) < 1e-4 && Math.abs(hi - 0.8922) < 1e-4)
  let [lo0, hi0] = wilson(0, 5) // upper bound z^2/(n+z^2) = 3.8415/8.8415
  assert.strictEqual(lo0, 0)
  assert.ok(Math.abs(hi0 - 3.8415 / 8.8415) < 1e-4)
})

test('parseResult', () => {
  assert.deepStrictEqual(parseResult('W+88.0'), {winner: 'W', margin: 88})
  assert.deepStrictEqual(parseResult('B+R'), {winner: 'B', margin: 'R'})
  assert.deepStrictEqual(parseResult('0'), {winner: 'draw', margin: 0})
  assert.deepStrictEqual(parseResult('nonsense'), {winner: null, margin: null})
})

test('referee board: capture, suicide, occupied, area count', () => {
  let b = new Board(3)
  let v = s => parseVertex(s, 3)
  // . X .      Black B3 A2 C2... White B2 is captured by B1.
  assert.strictEqual(b.play(BLACK, v('B3')).illegal, null)
  assert.strictEqual(b.play(WHITE, v('B2')).illegal, null)
  assert.strictEqual(b.play(BLACK, v('A2')).illegal, null)
  assert.strictEqual(b.play(BLACK, v('C2')).illegal, null)
  assert.strictEqual(b.play(BLACK, v('B1')).captured, 1)
  assert.strictEqual(b.play(WHITE, v('B1')).illegal, 'occupied point')
  // B2 is now an empty point surrounded by Black: White there is suicide.
  assert.strictEqual(b.play(WHITE, v('B2')).illegal, 'suicide')
  // All 9 points are Black's (4 stones + 5 empty bordered only by Black).
  assert.strictEqual(b.areaScore([], 7), 9 - 7)
})

test('summary: draws count one half, forfeits are counted per engine', () => {
  let r = (game, black, winner, end) => ({
    game, engine1: 'a', engine2: 'b', black, white: black === 'a' ? 'b' : 'a', winner,
    loser: winner === 'a' ? 'b' : winner === 'b' ? 'a' : null, end, agree: null,
    wallTime: {a: 1, b: 1}, movesBy: {a: 10, b: 10}, config: 'x'
  })
  let recs = [r(1, 'a', 'a', 'score'), r(2, 'b', 'draw', 'score'), r(3, 'a', 'b', 'time'), r(4, 'b', 'a', 'illegal')]
  let {lines, counts} = summarize(recs)
  assert.match(lines.join('\n'), /^a: wins 2\/4 = 62\.5%/m) // (2 + 0.5) / 4
  assert.match(lines.join('\n'), /^b: wins 1\/4 = 37\.5%/m)
  assert.deepStrictEqual([counts.time, counts.illegal, counts.crash], [1, 1, 0])
  assert.throws(() => mergeRecords([[recs[0]], [{...recs[0], winner: 'b'}]]), /twice/)
  assert.throws(() => mergeRecords([[recs[0]], [{...recs[1], config: 'y'}]]), /different match/)
})

test('engine command lines', () => {
  assert.deepStrictEqual(splitCommand('/usr/games/gnugo --mode gtp "a b"'), ['/usr/games/gnugo', '--mode', 'gtp', 'a b'])
  assert.throws(() => splitCommand('ingo | tee x'), /shell syntax/)
})
