// The move-quality benchmark without KataGo or ingo: node --test scripts/match/test/
// Engines and KataGo are scripted stand-ins (a `send` function, or small
// GTP programs written to a temporary directory for the end-to-end test);
// expected values are worked out by hand in the comments.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const fs = require('fs')
const os = require('os')
const path = require('path')
const {spawnSync} = require('child_process')
const J = require('../lib/judge')
const K = require('../lib/katago')
const Q = require('../lib/quality')

const close = (a, b, what, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${what}: ${a} != ${b}`)
const game = (text, file) => J.readGame(text, file)

// Three 9x9 games; g1 and g2 share their first three moves.
const G1 = '(;SZ[9]KM[7]RU[chinese]PB[x]PW[y];B[ee];W[cc];B[gg];W[cg];B[gc];W[dh])'
const G2 = '(;SZ[9]KM[7]RU[chinese]PB[y]PW[x];B[ee];W[cc];B[gg];W[gc];B[cg])'
const G3 = '(;SZ[9]KM[7]RU[chinese];B[cc];W[gg];B[cg];W[gc];B[ee];W[ec];B[ce])'

test('positions of a game: the move range, and where a game stops giving positions', () => {
  let r = Q.gamePositions(game(G1, 'g1'), {fromMove: 2, toMove: 4, size: 9})
  assert.strictEqual(r.stop, null)
  // Before moves 2, 3 and 4: the moves before each, the mover, the record's move.
  assert.deepStrictEqual(
    r.positions.map(p => [p.move, p.color, p.moves.join(' '), p.played]),
    [
      [2, 'W', 'E5', 'C7'],
      [3, 'B', 'E5 C7', 'G3'],
      [4, 'W', 'E5 C7 G3', 'C3']
    ]
  )
  let from1 = Q.gamePositions(game(G1, 'g1'), {fromMove: 1, toMove: 1})
  assert.deepStrictEqual(from1.positions.map(p => [p.move, p.moves.length]), [[1, 0]])
  // Not normal games: other size, set-up stones, White first, two moves by Black, a pass, an occupied point, a suicide.
  let stops = [
    ['(;SZ[13];B[ee];W[cc])', /board size 13, not 9/],
    ['(;SZ[9]AB[aa];W[ee];B[cc])', /set-up stones/],
    ['(;SZ[9];W[ee];B[cc])', /move 1 is W's, not B's/],
    ['(;SZ[9];B[ee];W[cc];B[gg];B[gc])', /move 4 is B's, not W's/],
    ['(;SZ[9];B[ee];W[cc];B[];W[gc])', /move 3 is a pass/],
    ['(;SZ[9];B[ee];W[cc];B[cc];W[gc])', /move 3 is illegal \(occupied point\)/],
    ['(;SZ[9];B[ba];W[ee];B[ab];W[aa])', /move 4 is illegal \(suicide\)/]
  ]
  for (let [sgf, why] of stops) assert.match(Q.gamePositions(game(sgf, 's'), {fromMove: 1, toMove: 50, size: 9}).stop, why, sgf)
  // The positions before the stop are kept: moves 1-2 before the pass.
  let pass = Q.gamePositions(game('(;SZ[9];B[ee];W[cc];B[];W[gc])', 'p'), {fromMove: 1, toMove: 50, size: 9})
  assert.deepStrictEqual(pass.positions.map(p => p.move), [1, 2])
})

test('drawing positions: deterministic, independent of file order, repeats counted once', () => {
  let games = [game(G1, 'a/g1.sgf'), game(G2, 'a/g2.sgf'), game(G3, 'a/g3.sgf')]
  let opts = {seed: 7, count: 5, fromMove: 1, toMove: 50, size: 9}
  let s1 = Q.selectPositions(games, opts)
  // Candidates: 6 + 5 + 7 = 18 positions (before each move). g2 repeats
  // g1's positions before moves 1-4 (the same first three moves), g3 the
  // empty board: 13 are distinct.
  assert.strictEqual(s1.candidates, 18)
  assert.strictEqual(s1.distinct, 13)
  assert.strictEqual(s1.games, 3)
  assert.strictEqual(s1.positions.length, 5)
  let key = s => s.positions.map(p => `${p.file}#${p.move}`)
  // Sorted by file and move.
  assert.deepStrictEqual(key(s1), key(s1).slice().sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
  // Same draw again, and with the games in another order; a repeated
  // position keeps the name of the first game that has it.
  assert.deepStrictEqual(key(Q.selectPositions(games, opts)), key(s1))
  let reversed = Q.selectPositions(games.slice().reverse(), opts)
  assert.deepStrictEqual(reversed.positions.map(p => p.id).sort(), s1.positions.map(p => p.id).sort())
  // More positions asked: the first draw is part of it (ranks are fixed).
  let s8 = Q.selectPositions(games, {...opts, count: 8})
  for (let id of s1.positions.map(p => p.id)) assert.ok(s8.positions.some(p => p.id === id), `${id} is kept in a larger draw`)
  // All asked: each distinct position once, with the number of games that have it.
  let all = Q.selectPositions(games, {...opts, count: 100})
  assert.strictEqual(all.positions.length, 13)
  assert.deepStrictEqual(
    all.positions.filter(p => p.copies > 1).map(p => `${p.file}#${p.move}:${p.copies}`),
    ['a/g1.sgf#1:3', 'a/g1.sgf#2:2', 'a/g1.sgf#3:2', 'a/g1.sgf#4:2']
  )
  // Other seeds draw other positions: of the seeds 1-10, not all give seed 7's draw.
  let draws = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(seed => key(Q.selectPositions(games, {...opts, seed})).join()))
  assert.ok(draws.size > 1)
  // The set file round trip; a position edited by hand is refused.
  let set = JSON.parse(JSON.stringify(Q.makeSet(s1, opts)))
  assert.strictEqual(Q.checkSet(set), set)
  assert.strictEqual(set.requested, 5)
  set.positions[0].komi = 6.5
  assert.throws(() => Q.checkSet(set), /does not match its moves/)
  assert.throws(() => Q.checkSet({format: 'x', positions: []}), /not a position set/)
})

test('cache keys: what identifies a position, move names, what is missing', () => {
  let p = {size: 9, komi: 7, rules: 'chinese', moves: ['E5', 'C7']}
  // The key format is pinned: a change here makes every cache useless.
  assert.strictEqual(Q.positionId(p), '054c99bbb2d641f7')
  for (let other of [{komi: 6.5}, {size: 13}, {rules: 'japanese'}, {moves: ['C7', 'E5']}, {moves: ['E5']}])
    assert.notStrictEqual(Q.positionId({...p, ...other}), Q.positionId(p), JSON.stringify(other))
  // File, names and move number are not part of it.
  assert.strictEqual(Q.positionId({...p, file: 'x.sgf', move: 3, black: 'b'}), Q.positionId(p))
  assert.deepStrictEqual(['d4', 'D4 ', 'PASS', 'Resign', 'i5', 'z9', 'J10', ''].map(m => Q.normalizeMove(m, 9)), [
    'D4',
    'D4',
    'pass',
    'resign',
    null,
    null,
    null,
    null
  ])
  let cache = Q.emptyCache(Q.cacheSettings({model: '/some/where/net.bin.gz', symmetry: '0'}))
  assert.deepStrictEqual(cache.katago, {model: 'net.bin.gz', symmetry: '0', rules: null})
  assert.deepStrictEqual(Q.missing(cache, 'p1', ['D4', null, 'resign', 'D4', 'pass']), {position: true, moves: ['D4', 'pass']})
  cache.positions.p1 = {lead: 1.5, policyTop: 'E5', after: {D4: 2}, illegal: {C3: 'illegal move'}}
  assert.strictEqual(Q.cached(cache, 'p1'), 1.5)
  assert.strictEqual(Q.cached(cache, 'p1', 'D4'), 2)
  assert.strictEqual(Q.cached(cache, 'p1', 'C3'), null)
  assert.strictEqual(Q.cached(cache, 'p1', 'pass'), undefined)
  assert.deepStrictEqual(Q.missing(cache, 'p1', ['D4', 'C3', 'pass']), {position: false, moves: ['pass']})
  assert.deepStrictEqual(Q.missing(cache, 'p1', ['D4'], {policy: true}), {position: false, moves: ['E5']})
  // A cache of other settings is refused.
  assert.strictEqual(Q.cacheMismatch(cache, Q.cacheSettings({model: 'net.bin.gz', symmetry: '0'})), null)
  assert.strictEqual(Q.cacheMismatch(cache, Q.cacheSettings({model: null, symmetry: '0'})), null)
  assert.match(Q.cacheMismatch(cache, Q.cacheSettings({model: 'other.bin.gz', symmetry: '0'})), /network net.bin.gz, not other/)
  assert.match(Q.cacheMismatch(cache, Q.cacheSettings({model: 'net.bin.gz', symmetry: 'all'})), /symmetry 0, not all/)
  assert.match(Q.cacheMismatch(cache, Q.cacheSettings({model: 'net.bin.gz', symmetry: '0', rules: 'japanese'})), /rules/)
  assert.match(Q.cacheMismatch({}, cache.katago), /not a KataGo cache/)
})

// A stand-in for a GTP engine: records the commands; `reply(text)` gives
// the answer ({error, content}) or undefined for "= ".
function scripted(reply = () => undefined) {
  let sent = []
  let send = async (name, args = []) => {
    let text = [name, ...args].join(' ')
    sent.push(text)
    return reply(text) || {error: false, content: ''}
  }
  return {send, sent}
}

const POS = {id: 'x', size: 9, komi: 7, rules: 'chinese', color: 'B', move: 3, moves: ['E5', 'C7']}

test('an engine: the set-up by GTP, genmove, and its answers', async () => {
  let e = scripted(t => (t === 'genmove B' ? {error: false, content: 'd4'} : undefined))
  let ticks = [1000, 3500]
  let r = await Q.askEngine(e.send, POS, {clock: () => ticks.shift()})
  assert.deepStrictEqual(r, {status: 'ok', move: 'D4', seconds: 2.5, detail: null})
  assert.deepStrictEqual(e.sent, ['boardsize 9', 'clear_board', 'komi 7', 'play B E5', 'play W C7', 'genmove B'])
  // With kgs-rules known, the record's rules go after komi; White to move.
  let w = scripted(t => (t === 'genmove W' ? {error: false, content: 'PASS'} : undefined))
  let pw = {...POS, color: 'W', move: 4, moves: ['E5', 'C7', 'G3']}
  assert.deepStrictEqual((await Q.askEngine(w.send, pw, {rules: true})).move, 'pass')
  assert.deepStrictEqual(w.sent, ['boardsize 9', 'clear_board', 'komi 7', 'kgs-rules chinese', 'play B E5', 'play W C7', 'play B G3', 'genmove W'])
  let resign = scripted(t => (t.startsWith('genmove') ? {error: false, content: 'resign'} : undefined))
  assert.strictEqual((await Q.askEngine(resign.send, POS)).status, 'resign')
  // A refused set-up move stops there: no genmove.
  let refuse = scripted(t => (t === 'play W C7' ? {error: true, content: 'illegal move'} : undefined))
  let rr = await Q.askEngine(refuse.send, POS)
  assert.deepStrictEqual([rr.status, rr.detail], ['refused', 'play W C7: ? illegal move'])
  assert.ok(!refuse.sent.some(t => t.startsWith('genmove')))
  let odd = scripted(t => (t.startsWith('genmove') ? {error: false, content: 'Z99'} : undefined))
  assert.strictEqual((await Q.askEngine(odd.send, POS)).status, 'bad-reply')
  // From the empty board: no play at all.
  let empty = scripted(t => (t.startsWith('genmove') ? {error: false, content: 'E5'} : undefined))
  await Q.askEngine(empty.send, {...POS, move: 1, moves: []})
  assert.deepStrictEqual(empty.sent, ['boardsize 9', 'clear_board', 'komi 7', 'genmove B'])
})

// A kata-raw-nn reply for a 3x3 board.
const rawReply = (lead, rows, pass = 0) =>
  `symmetry 0\nwhiteWin 0.5\nwhiteLead ${lead}\nwhiteScoreSelfplay 0\npolicy\n${rows.join('\n')}\npolicyPass ${pass}\nwhiteOwnership\n0 0 0\n0 0 0\n0 0 0`

test('kata-raw-nn policy: parsing, NAN, the top move, a pass', () => {
  let reply = rawReply(1, ['0.1 0.2 NAN', '0.05 0.4 0.05', 'NAN 0.1 0.1'], 0.001)
  let p = K.parsePolicy(reply, 3)
  assert.deepStrictEqual(p, [0.1, 0.2, 0, 0.05, 0.4, 0.05, 0, 0.1, 0.1, 0.001])
  assert.deepStrictEqual(K.policyTop(p, 3), {move: 'B2', prob: 0.4}) // row 2 of 3 from the top, column B
  assert.deepStrictEqual(K.policyTop(K.parsePolicy(rawReply(0, ['0 0 0', '0 0.1 0', '0 0 0'], 0.9), 3), 3), {move: 'pass', prob: 0.9})
  assert.throws(() => K.parsePolicy('whiteLead 1', 3), /no policy/)
  assert.throws(() => K.parsePolicy(rawReply(0, ['0 0', '0 0 0', '0 0 0']), 3), /row 1 has 2 values/)
})

test('KataGo: the position and the moves, undo only after a move it took', async () => {
  let pos = {id: 'p', size: 3, komi: 0.5, rules: 'chinese', color: 'W', move: 2, moves: ['B2']}
  // Leads: 1.0 for the position, then 3.0 after A3, 2.0 after C1; B2 is refused (occupied).
  let leads = [1.0, 3.0, 2.0]
  let kg = scripted(t => {
    if (t === 'play W B2') return {error: true, content: 'illegal move'}
    if (t.startsWith('kata-raw-nn')) return {error: false, content: rawReply(leads.shift(), ['0.1 0 0.1', '0 NAN 0', '0.1 0 0.7'])}
  })
  let e = await Q.evaluatePosition(kg.send, pos, ['A3', 'B2', null, 'resign'], {symmetry: '3', policy: true})
  assert.deepStrictEqual(kg.sent, [
    'boardsize 3',
    'clear_board',
    'komi 0.5',
    'kata-set-rules chinese',
    'play B B2',
    'kata-raw-nn 3',
    'play W A3',
    'kata-raw-nn 3',
    'undo',
    'play W B2', // refused: no undo
    'play W C1', // the policy top move
    'kata-raw-nn 3',
    'undo'
  ])
  assert.deepStrictEqual(e, {after: {A3: 3.0, C1: 2.0}, illegal: {B2: 'illegal move'}, rules: 'chinese', lead: 1.0, policyTop: 'C1', policyProb: 0.7})
  // With the entry known, only the new move is asked for.
  leads = [5.0]
  let again = scripted(t => (t.startsWith('kata-raw-nn') ? {error: false, content: rawReply(leads.shift(), ['0 0 0', '0 NAN 0', '0 0 1'])} : undefined))
  let e2 = await Q.evaluatePosition(again.send, pos, ['A3', 'A1'], {symmetry: '0', entry: e, policy: true})
  assert.deepStrictEqual(again.sent.slice(5), ['play W A1', 'kata-raw-nn 0', 'undo'])
  assert.deepStrictEqual(e2.after, {A3: 3.0, C1: 2.0, A1: 5.0})
  assert.deepStrictEqual(e.after, {A3: 3.0, C1: 2.0}, 'the old entry is not changed')
  // "all": the 8 symmetries, averaged (0..7 -> 3.5).
  let k = 0
  let sym = scripted(t => (t.startsWith('kata-raw-nn') ? {error: false, content: rawReply(k++, ['0 0 0', '0 NAN 0', '0 0 1'])} : undefined))
  let e3 = await Q.evaluatePosition(sym.send, pos, [], {symmetry: 'all'})
  close(e3.lead, 3.5, 'mean of 8 symmetries')
  assert.strictEqual(sym.sent.filter(t => t.startsWith('kata-raw-nn')).length, 8)
  // Unknown rules fall back to chinese; a forced rule set does not.
  let rules = scripted(t => (t === 'kata-set-rules martian' ? {error: true, content: 'unknown rules'} : t.startsWith('kata-raw-nn') ? {error: false, content: rawReply(0, ['0 0 0', '0 0 0', '0 0 1'])} : undefined))
  let e4 = await Q.evaluatePosition(rules.send, {...pos, rules: 'Martian'}, [])
  assert.strictEqual(e4.rules, 'chinese')
  await assert.rejects(Q.evaluatePosition(rules.send, pos, [], {rules: 'martian'}), /kata-set-rules martian: \? unknown rules/)
})

test('Student t and the mean with its 95% half-width', () => {
  assert.strictEqual(Q.tCritical(3), 3.182)
  assert.strictEqual(Q.tCritical(30), 2.042)
  close(Q.tCritical(40), 2.021, 't(40) = 2.0211', 1e-3)
  close(Q.tCritical(99), 1.984, 't(99) = 1.9842', 1e-3)
  close(Q.tCritical(1e6), 1.96, 'large', 1e-3)
  // 1, 2, 3, 6: mean 3, deviations -2 -1 0 3, squares 14, / 3, sd 2.1602;
  // half-width 3.182 * 2.1602 / 2 = 3.4369.
  let ci = Q.meanCI([1, 2, 3, 6])
  close(ci.mean, 3, 'mean')
  close(ci.sd, Math.sqrt(14 / 3), 'sd')
  close(ci.half, (3.182 * Math.sqrt(14 / 3)) / 2, 'half')
  assert.deepStrictEqual(Q.meanCI([]), {n: 0, mean: null, sd: null, half: null})
  assert.deepStrictEqual(Q.meanCI([2]), {n: 1, mean: 2, sd: null, half: null})
  // 9 of 20: p = 0.45, 1.96 * sqrt(0.45 * 0.55 / 20) = 0.21804
  close(Q.shareCI(9, 20).half, 1.959964 * Math.sqrt(0.45 * 0.55 / 20), 'share half')
  assert.strictEqual(Q.shareCI(9, 20).share, 0.45)
})

// Five positions with White's leads, and two engines' moves in them.
//        mover  lead before (White)   A's move: White's lead after   B's move
// p1       B     1.0                  D4: 3.0  (B loses 2.0)         D4 (same)
// p2       W     0.0                  C3: -1.0 (W loses 1.0)         E5: 0.5 (W gains 0.5: loss -0.5)
// p3       B    -2.0                  G7: 24.0 (B loses 26.0)        C3: -1.0 (B loses 1.0)
// p4       W     3.0                  resign                         F6: 0.0 (W loses 3.0)
// p5       B     0.5                  E5: -0.5 (B loses -1.0)        H8: 0.5 (B loses 0.0)
function fiveTest() {
  let mk = (n, color) => ({id: `p${n}`, file: `g${n}.sgf`, move: 10 + n, color})
  let positions = [mk(1, 'B'), mk(2, 'W'), mk(3, 'B'), mk(4, 'W'), mk(5, 'B')]
  let cache = Q.emptyCache({model: null, symmetry: '0', rules: null})
  let put = (id, lead, top, after) => (cache.positions[id] = {lead, policyTop: top, after, illegal: {}})
  put('p1', 1.0, 'D4', {D4: 3.0})
  put('p2', 0.0, 'E5', {C3: -1.0, E5: 0.5})
  put('p3', -2.0, 'C3', {G7: 24.0, C3: -1.0})
  put('p4', 3.0, 'F6', {F6: 0.0})
  put('p5', 0.5, 'E5', {E5: -0.5, H8: 0.5})
  let rows = moves => positions.map((pos, i) => ({pos, status: moves[i] === 'resign' ? 'resign' : 'ok', move: moves[i], seconds: 1}))
  let cap = [-5, 20]
  let a = Q.judgeEngine('A', rows(['D4', 'C3', 'G7', 'resign', 'E5']), cache, cap)
  let b = Q.judgeEngine('B', rows(['D4', 'E5', 'C3', 'F6', 'H8']), cache, cap)
  return {positions, cache, a, b}
}

test('per engine: losses from the mover\'s view, resignations left out, the cap, policy top share', () => {
  let {a, b} = fiveTest()
  assert.deepStrictEqual(a.moves.map(m => m.loss), [2.0, 1.0, 26.0, null, -1.0])
  assert.deepStrictEqual([a.judged, a.resign, a.other], [4, 1, 0])
  close(a.loss.mean, 28 / 4, 'A mean') // (2 + 1 + 26 - 1) / 4
  close(a.capped.mean, 22 / 4, 'A capped') // 26 clipped to 20
  assert.deepStrictEqual(a.moves.map(m => m.policyHit), [true, false, false, null, true])
  close(a.policy.share, 0.5, 'A policy share') // D4 and E5 of 4
  assert.deepStrictEqual(b.moves.map(m => m.loss), [2.0, -0.5, 1.0, 3.0, 0.0])
  close(b.loss.mean, 5.5 / 5, 'B mean')
  close(b.policy.share, 4 / 5, 'B policy share') // all but H8
  close(a.seconds, 1, 'seconds')
  // The cap's lower end: a gain of 7 counts as 5.
  close(Q.clip(-7, [-5, 20]), -5, 'clip low')
})

test('paired comparison: shared positions only, hand-worked mean and half-width', () => {
  let {positions, a, b} = fiveTest()
  let p = Q.paired(a, b, positions, 2)
  // p4 is left out (A resigned). Differences A - B: p1 0, p2 1.5, p3 25, p5 -1.
  assert.deepStrictEqual([p.n, p.excluded, p.same, p.aBetter, p.bBetter], [4, 1, 1, 1, 2])
  close(p.diff.mean, 25.5 / 4, 'mean diff') // 6.375
  // Deviations -6.375, -4.875, 18.625, -7.375: squares 40.640625 + 23.765625
  // + 346.890625 + 54.390625 = 465.6875; / 3 = 155.229167; sd 12.45910;
  // half-width 3.182 * 12.45910 / 2 = 19.82243.
  close(p.diff.sd, Math.sqrt(465.6875 / 3), 'sd diff')
  close(p.diff.half, 19.82243, 'half-width', 1e-4)
  // Capped: p3's 26 counts 20: differences 0, 1.5, 19, -1 -> 19.5 / 4.
  close(p.cappedDiff.mean, 4.875, 'capped mean diff')
  // The largest differences: p3 (25), then p2 (1.5); p1 (same move) never.
  assert.deepStrictEqual(
    p.biggest.map(r => [r.id, r.file, r.move, r.color, r.moveA, r.moveB, r.diff]),
    [
      ['p3', 'g3.sgf', 13, 'B', 'G7', 'C3', 25],
      ['p2', 'g2.sgf', 12, 'W', 'C3', 'E5', 1.5]
    ]
  )
  // The other way round: the signs flip.
  let q = Q.paired(b, a, positions, 0)
  close(q.diff.mean, -25.5 / 4, 'B - A')
  assert.deepStrictEqual([q.aBetter, q.bBetter, q.biggest.length], [2, 1, 0])
  // The report prints the pair's row.
  let lines = Q.report({
    set: {positions, seed: 1, fromMove: 4, toMove: 50, size: 9, games: 5},
    setName: 'set.json',
    engines: [a, b],
    pairs: [p],
    cap: [-5, 20],
    symmetry: '0',
    katago: {evaluated: 0, seconds: 0},
    seconds: {}
  })
  assert.ok(lines.some(l => /^A - B\s+4\s+1\s+1\s+2\s+6\.38 ± 19\.82\s+4\.88 ± /.test(l)), lines.join('\n'))
  assert.ok(lines.some(l => /^1\. g3\.sgf move 13 \(B\): A G7 loses 26\.0, B C3 loses 1\.0 \(\+25\.0\)$/.test(l)), lines.join('\n'))
})

// --- End to end: quality.js with stand-in programs ------------------------

// A GTP loop for the stand-ins: `handle(name, args)` returns the answer
// text, or throws a string for a "?" answer.
const GTP_LOOP = `
const readline = require('readline')
const rl = readline.createInterface({input: process.stdin})
rl.on('line', line => {
  let words = line.trim().split(/\\s+/).filter(w => w)
  if (!words.length) return
  let id = /^\\d+$/.test(words[0]) ? words.shift() : ''
  let [name, ...args] = words
  if (name === 'quit') { process.stdout.write('=' + id + '\\n\\n'); process.exit(0) }
  try { process.stdout.write('=' + id + ' ' + handle(name, args) + '\\n\\n') }
  catch (err) { process.stdout.write('?' + id + ' ' + err + '\\n\\n') }
})
`
// The board of the stand-ins: 9x9, no captures (the test games have none).
const BOARD = `
const L = 'ABCDEFGHJ'
let stones = new Map()
let history = []
const vertex = i => L[i % 9] + (9 - Math.floor(i / 9))
const index = v => (9 - Number(v.slice(1))) * 9 + L.indexOf(v[0].toUpperCase())
`
// KataGo's stand-in: White's lead is the sum over the stones of +w (White)
// or -w (Black), w(i) = 1 + (i % 5) / 10 for the point i (row 0 at the top);
// the policy puts 0.9 on the lowest empty point (the last in board order).
// Each kata-raw-nn adds a line to the file $RAWLOG.
const FAKE_KATAGO = `#!${process.execPath}
${BOARD}
const fs = require('fs')
const w = i => 1 + (i % 5) / 10
function handle(name, args) {
  if (name === 'list_commands') return 'kata-raw-nn\\nkata-set-rules\\nplay\\nundo'
  if (name === 'boardsize' || name === 'komi' || name === 'kata-set-rules') return ''
  if (name === 'clear_board') { stones.clear(); history = []; return '' }
  if (name === 'play') {
    if (args[1] === 'pass') { history.push(null); return '' }
    let i = index(args[1])
    if (stones.has(i)) throw 'illegal move'
    stones.set(i, args[0].toUpperCase()); history.push(i); return ''
  }
  if (name === 'undo') { let i = history.pop(); if (i != null) stones.delete(i); return '' }
  if (name === 'kata-raw-nn') {
    fs.appendFileSync(process.env.RAWLOG, [...stones].map(([i, c]) => c + vertex(i)).join(' ') + '\\n')
    let lead = 0
    for (let [i, c] of stones) lead += (c === 'W' ? 1 : -1) * w(i)
    let empty = []
    for (let i = 0; i < 81; i++) if (!stones.has(i)) empty.push(i)
    let top = empty[empty.length - 1]
    let rows = []
    for (let y = 0; y < 9; y++) {
      let row = []
      for (let x = 0; x < 9; x++) row.push(stones.has(y * 9 + x) ? 'NAN' : y * 9 + x === top ? '0.9' : '0.001')
      rows.push(row.join(' '))
    }
    return 'symmetry 0\\nwhiteWin 0.5\\nwhiteLead ' + lead.toFixed(3) + '\\npolicy\\n' + rows.join('\\n') + '\\npolicyPass 0'
  }
  throw 'unknown command'
}
${GTP_LOOP}`
// An engine's stand-in: plays the first empty point from point START on
// (in board order, wrapping); resigns when the position has RESIGN stones.
const FAKE_ENGINE = `
${BOARD}
const start = Number(process.argv[2])
const resignAt = Number(process.argv[3] || -1)
function handle(name, args) {
  if (name === 'list_commands') return 'genmove\\nplay'
  if (name === 'boardsize' || name === 'komi') return ''
  if (name === 'clear_board') { stones.clear(); return '' }
  if (name === 'play') { stones.set(index(args[1]), args[0]); return '' }
  if (name === 'genmove') {
    if (stones.size === resignAt) return 'resign'
    for (let k = 0; k < 81; k++) {
      let i = (start + k) % 81
      if (!stones.has(i)) { stones.set(i, args[0]); return vertex(i).toLowerCase() }
    }
    return 'pass'
  }
  throw 'unknown command'
}
${GTP_LOOP}`

test('quality.js end to end: a set, two engines, the cache reused, a third engine', {timeout: 60000}, () => {
  let dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quality-test-'))
  try {
    let sgfDir = path.join(dir, 'sgf')
    fs.mkdirSync(sgfDir)
    fs.writeFileSync(path.join(sgfDir, 'g1.sgf'), G1)
    fs.writeFileSync(path.join(sgfDir, 'g2.sgf'), G2)
    fs.writeFileSync(path.join(sgfDir, 'g3.sgf'), G3)
    fs.writeFileSync(path.join(sgfDir, 'big.sgf'), '(;SZ[13];B[ee];W[cc];B[gg])') // not 9x9: no positions
    let katago = path.join(dir, 'katago')
    fs.writeFileSync(katago, FAKE_KATAGO, {mode: 0o755})
    let engine = path.join(dir, 'engine.js')
    fs.writeFileSync(engine, FAKE_ENGINE)
    for (let f of ['gtp.cfg', 'net.bin.gz']) fs.writeFileSync(path.join(dir, f), '')
    let rawlog = path.join(dir, 'raw.log')
    let node = JSON.stringify(process.execPath)
    let f = name => path.join(dir, name)
    let run = (engines, extra = [], katagoPath = katago) => {
      fs.writeFileSync(rawlog, '')
      let args = [path.join(__dirname, '..', 'quality.js'), sgfDir, '--set', f('set.json'), '--cache', f('cache.json')]
      args.push('--positions', '4', '--from-move', '3', '--to-move', '6', '--seed', '3', '--json', f('out.json'))
      args.push('--katago', katagoPath, '--config', f('gtp.cfg'), '--model', f('net.bin.gz'))
      for (let [name, cmd] of engines) args.push('--engine', cmd, '--name', name)
      let r = spawnSync(process.execPath, [...args, ...extra], {env: {...process.env, RAWLOG: rawlog}, encoding: 'utf8', timeout: 50000})
      assert.strictEqual(r.status, 0, `quality.js failed:\n${r.stderr}\n${r.stdout}`)
      return {out: JSON.parse(fs.readFileSync(f('out.json'), 'utf8')), raw: fs.readFileSync(rawlog, 'utf8').split('\n').filter(l => l), stdout: r.stdout}
    }
    // Engine a plays from A9 on, b from A1 on (point 72); b resigns in the
    // position with 4 stones (before move 5).
    let first = run([
      ['a', `${node} ${engine} 0`],
      ['b', `${node} ${engine} 72 4`]
    ])
    let set = JSON.parse(fs.readFileSync(f('set.json'), 'utf8'))
    assert.strictEqual(set.positions.length, 4)
    assert.ok(set.positions.every(p => p.size === 9 && p.move >= 3 && p.move <= 6))
    let o = first.out
    assert.deepStrictEqual(o.engines.map(e => [e.name, !!e.reference]), [
      ['a', false],
      ['b', false],
      ['record', true],
      ['policy', true]
    ])
    // Every loss is -w(move): a stone of the mover's colour moves the
    // mover's lead up by w. Check each judged move against its point.
    const w = v => 1 + ((((9 - Number(v.slice(1))) * 9 + 'ABCDEFGHJ'.indexOf(v[0])) % 5) / 10)
    let [a, b] = o.engines
    for (let e of o.engines)
      for (let m of e.moves) if (m.loss != null) close(m.loss, -w(m.move), `${e.name} ${m.move}`, 1e-6)
    assert.ok(a.moves.every(m => m.status === 'ok' && /^[A-J]9$/.test(m.move)), JSON.stringify(a.moves))
    let resigned = set.positions.filter(p => p.move === 5).length
    assert.strictEqual(resigned, 2) // seed 3 draws two positions before move 5
    assert.strictEqual(b.resign, resigned)
    assert.strictEqual(b.judged, 4 - resigned)
    // The paired mean is the mean of a's minus b's loss where both played.
    let diffs = a.moves.map((m, i) => (b.moves[i].loss == null ? null : m.loss - b.moves[i].loss)).filter(d => d != null)
    close(o.pairs[0].diff.mean, diffs.reduce((x, y) => x + y, 0) / diffs.length, 'paired mean', 1e-6)
    assert.strictEqual(o.pairs[0].n, diffs.length)
    // The policy top is the lowest empty point: J1 on these boards.
    assert.ok(o.positions.every(p => p.policyTop === 'J1'))
    // The moves of the set's positions were all set up in the stand-in KataGo.
    assert.ok(first.raw.length >= 4)
    assert.deepStrictEqual(o.katago, {model: 'net.bin.gz', symmetry: '0', rules: null, evaluated: first.raw.length, seconds: o.katago.seconds})

    // The same again: everything is in the cache, KataGo is not even started.
    let second = run(
      [
        ['a', `${node} ${engine} 0`],
        ['b', `${node} ${engine} 72 4`]
      ],
      [],
      path.join(dir, 'no-katago-here')
    )
    assert.deepStrictEqual(second.raw, [])
    assert.deepStrictEqual(second.out.pairs, o.pairs)
    assert.match(second.stdout, /every lead from the cache/)

    // A third engine, with a and b taken from the first report: only its
    // new moves are evaluated, one kata-raw-nn each.
    let before = JSON.parse(fs.readFileSync(f('cache.json'), 'utf8'))
    fs.copyFileSync(f('out.json'), f('first.json'))
    let third = run([['c', `${node} ${engine} 40`]], ['--reuse', f('first.json')])
    let cMoves = third.out.engines.find(e => e.name === 'c').moves
    let fresh = cMoves.filter(m => Q.cached(before, m.id, m.move) === undefined)
    assert.ok(fresh.length > 0)
    assert.strictEqual(third.raw.length, fresh.length)
    assert.deepStrictEqual(third.out.engines.map(e => e.name), ['c', 'a', 'b', 'record', 'policy'])
    assert.deepStrictEqual(third.out.pairs.map(p => `${p.a}-${p.b}`), ['c-a', 'c-b', 'a-b'])
    assert.deepStrictEqual(third.out.pairs[2], o.pairs[0])
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
  }
})
