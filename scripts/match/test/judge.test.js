// The judge's arithmetic without KataGo: node --test scripts/match/test/
// KataGo is replaced by a scripted `send`; expected values are worked out
// by hand in the comments.
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const J = require('../lib/judge')

const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} != ${b}`)

// Five moves, Black "b" and White "w"; White's lead after k moves:
const GAME = '(;GM[1]SZ[9]KM[7]RU[chinese]PB[b]PW[w];B[ee];W[cc];B[];W[dd];B[gg])'
const LEADS = [0.5, 2.5, 1.0, 4.0, 3.0, 0.5]
// Move 1 B: B's lead -0.5 before, -2.5 after: loses 2.0
// Move 2 W: 2.5 -> 1.0: loses 1.5
// Move 3 B (pass): -1.0 -> -4.0: loses 3.0
// Move 4 W: 4.0 -> 3.0: loses 1.0
// Move 5 B: -3.0 -> -0.5: loses -2.5 (a gain)
const BOUNDS = {opening: 2, middle: 4} // 1-2 opening, 3-4 middle, 5- end

function judged(opts = {}) {
  let game = J.readGame(GAME, 'g1.sgf')
  return [{game, problems: [], moves: J.pointLosses(game, LEADS, {bounds: BOUNDS, ...opts})}]
}

test('point loss of each move from the leads', () => {
  let moves = judged()[0].moves
  assert.deepStrictEqual(
    moves.map(m => [m.move, m.color, m.player, m.vertex, m.phase]),
    [
      [1, 'B', 'b', 'E5', 'opening'],
      [2, 'W', 'w', 'C7', 'opening'],
      [3, 'B', 'b', 'pass', 'middle'],
      [4, 'W', 'w', 'D6', 'middle'],
      [5, 'B', 'b', 'G3', 'end']
    ]
  )
  let want = [
    [-0.5, -2.5, 2.0],
    [2.5, 1.0, 1.5],
    [-1.0, -4.0, 3.0],
    [4.0, 3.0, 1.0],
    [-3.0, -0.5, -2.5]
  ]
  moves.forEach((m, i) => {
    close(m.before, want[i][0], `move ${i + 1} before`)
    close(m.after, want[i][1], `move ${i + 1} after`)
    close(m.loss, want[i][2], `move ${i + 1} loss`)
  })
  // A game cut short by KataGo (3 leads) judges only its first 2 moves.
  let game = J.readGame(GAME, 'g1.sgf')
  assert.strictEqual(J.pointLosses(game, LEADS.slice(0, 3)).length, 2)
})

test('phases: the team\'s bounds, proportional ones for other sizes, overrides', () => {
  assert.deepStrictEqual(J.phaseBounds(9), {opening: 14, middle: 40})
  assert.deepStrictEqual(J.phaseBounds(19), {opening: 62, middle: 178})
  assert.deepStrictEqual(J.phaseBounds(13), {opening: 29, middle: 83})
  // 7x7: 49 * 0.172 = 8.4 -> 8, 49 * 0.493 = 24.2 -> 24
  assert.deepStrictEqual(J.phaseBounds(7), {opening: 8, middle: 24})
  assert.deepStrictEqual(J.phaseBounds(9, {opening: 10}), {opening: 10, middle: 40})
  assert.throws(() => J.phaseBounds(9, {opening: 20, middle: 10}), /before the opening/)
  let b = J.phaseBounds(9)
  assert.deepStrictEqual([1, 14, 15, 40, 41, 90].map(n => J.phaseOf(n, b)), ['opening', 'opening', 'middle', 'middle', 'end', 'end'])
})

test('aggregation per engine: means by phase, spread, worst moves', () => {
  let [b, w] = J.aggregate(judged(), 2)
  assert.strictEqual(b.name, 'b')
  assert.deepStrictEqual(b.count, {opening: 1, middle: 1, end: 1, all: 3})
  close(b.mean.opening, 2.0, 'b opening')
  close(b.mean.middle, 3.0, 'b middle')
  close(b.mean.end, -2.5, 'b end')
  close(b.mean.all, 2.5 / 3, 'b all') // (2 + 3 - 2.5) / 3
  // deviations 7/6, 13/6, -10/3: squares sum to 17.1667, / 2 = 8.5833
  close(b.sd, Math.sqrt(103 / 12), 'b sd')
  assert.deepStrictEqual(b.worst.map(m => [m.file, m.move]), [['g1.sgf', 3], ['g1.sgf', 1]])
  assert.strictEqual(w.name, 'w')
  assert.strictEqual(w.mean.end, null)
  close(w.mean.all, 1.25, 'w all') // (1.5 + 1.0) / 2
  // Two copies of the game: the same means, twice the moves.
  let twice = judged().concat([{...judged()[0], game: {...judged()[0].game, file: 'g2.sgf'}}])
  let [b2] = J.aggregate(twice)
  assert.strictEqual(b2.games, 2)
  assert.strictEqual(b2.count.all, 6)
  close(b2.mean.all, 2.5 / 3, 'b all over two games')
})

test('--cap clips the means, not the worst moves; --decided leaves moves out', () => {
  let [b] = J.aggregate(judged({cap: 2.5}), 1)
  close(b.mean.all, 2.0 / 3, 'b all capped') // (2 + 2.5 - 2.5) / 3
  close(b.mean.middle, 2.5, 'b middle capped')
  close(b.worst[0].loss, 3.0, 'worst is unclipped')
  // Decided at 3.5: move 4 (White led by 4.0) is not counted.
  let [, w] = J.aggregate(judged({decided: 3.5}))
  assert.deepStrictEqual(w.count, {opening: 1, middle: 0, end: 0, all: 1})
  assert.strictEqual(w.mean.middle, null)
  close(w.mean.all, 1.5, 'w all decided')
})

test('a pass after the opponent\'s pass ends the game and is not counted', () => {
  // Shaped like the end of game 137 of stop 45's match against GNU Go:
  // White passes, Black passes and the game ends at B+10; the network
  // had White about 9 points behind before Black's pass and 9.8 ahead
  // after it. A lone pass (White's here, move 3 of GAME) stays counted.
  let game = J.readGame('(;GM[1]SZ[9]KM[7]PB[b]PW[w];B[ee];W[];B[])', 'end.sgf')
  let moves = J.pointLosses(game, [0.3, -8.881, -9.284, 9.8])
  assert.deepStrictEqual(moves.map(m => [m.vertex, m.ends, m.counted]), [
    ['E5', false, true],
    ['pass', false, true],
    ['pass', true, false]
  ])
  // Black led by 9.284 before its pass and by -9.8 after it.
  close(moves[2].loss, 9.284 + 9.8, 'the loss is kept, not counted')
  let [b] = J.aggregate([{game, problems: [], moves}])
  assert.deepStrictEqual(b.count, {opening: 1, middle: 0, end: 0, all: 1})
  assert.ok(judged()[0].moves.every(m => !m.ends))
})

test('buckets for the plot', () => {
  let series = J.buckets(judged(), 2)
  assert.deepStrictEqual(series.map(s => s.name), ['b', 'w'])
  // b: move 1 in 1-2, move 3 in 3-4, move 5 in 5-6; w: moves 2 and 4.
  assert.deepStrictEqual(
    series[0].points.map(p => [p.from, p.to, p.mean, p.count]),
    [
      [1, 2, 2.0, 1],
      [3, 4, 3.0, 1],
      [5, 6, -2.5, 1]
    ]
  )
  assert.deepStrictEqual(series[1].points.map(p => [p.from, p.mean]), [[1, 1.5], [3, 1.0]])
})

test('reading a record: names, rules, set-up stones, passes, comment nodes', () => {
  let g = J.readGame('(;SZ[9]KM[0.5]RU[simplified-ing]HA[2]AB[gc][cg]PB[ingo]PW[pachi]RE[W+R];W[ee]C[hi];C[no move];B[tt];W[])', 'h.sgf')
  assert.strictEqual(g.size, 9)
  assert.strictEqual(g.komi, 0.5)
  assert.strictEqual(J.katagoRules(g.rules), 'ing')
  assert.deepStrictEqual([g.black, g.white, g.result], ['ingo', 'pachi', 'W+R'])
  assert.deepStrictEqual(g.setup, {B: [2 * 9 + 6, 6 * 9 + 2], W: []}) // G7, C3
  assert.deepStrictEqual(g.moves, [
    {color: 'W', idx: 4 * 9 + 4},
    {color: 'B', idx: 'pass'},
    {color: 'W', idx: 'pass'}
  ])
  assert.deepStrictEqual(J.readGame('(;SZ[3]AB[aa:ab])', 'x').setup.B, [0, 3])
  let off = J.readGame('(;SZ[9];B[ee];W[zz];B[aa])', 'off.sgf')
  assert.strictEqual(off.moves.length, 1)
  assert.match(off.problems[0], /move 2 W\[zz\] is off the board/)
  assert.throws(() => J.readGame('(;SZ[9:13])', 'r.sgf'), /square boards only/)
  assert.strictEqual(J.katagoRules(null), null)
  assert.strictEqual(J.katagoRules('Chinese'), 'chinese')
})

test('kata-raw-nn replies: whiteLead averaged over the symmetries given', () => {
  let reply = 'symmetry 0\nwhiteWin 0.6\nwhiteLead 1.5\nwhiteScoreSelfplay 2.0\npolicy\n0.1 0.2\n' + 'symmetry 1\nwhiteWin 0.6\nwhiteLead -0.5\n'
  close(J.parseWhiteLead(reply), 0.5, 'mean of 1.5 and -0.5')
  assert.throws(() => J.parseWhiteLead('symmetry 0\nwhiteWin 0.6\n'), /no whiteLead/)
  assert.throws(() => J.parseWhiteLead('whiteLead nan\n'), /not a number/)
})

// A stand-in for KataGo: records the commands, answers kata-raw-nn with
// the next lead, refuses what `refuse` says.
function fakeKataGo(leads, refuse = () => false) {
  let sent = []
  let k = 0
  let send = async (name, args = []) => {
    let text = [name, ...args].join(' ')
    sent.push(text)
    if (refuse(text)) return {error: true, content: 'illegal move'}
    if (name === 'kata-raw-nn') return {error: false, content: `symmetry 0\nwhiteWin 0.5\nwhiteLead ${leads[k++]}\n`}
    return {error: false, content: ''}
  }
  return {send, sent}
}

test('evaluating a game: the GTP commands and the leads', async () => {
  let game = J.readGame('(;SZ[9]KM[7]RU[simplified-ing];B[ee];W[cc];B[];W[tt])', 'p.sgf')
  let kg = fakeKataGo([0.3, 0.4, 1.0, 2.0, 2.5])
  let r = await J.evaluateGame(kg.send, game, {symmetry: '0'})
  assert.deepStrictEqual(r.leads, [0.3, 0.4, 1.0, 2.0, 2.5])
  assert.deepStrictEqual(r.problems, [])
  assert.deepStrictEqual(kg.sent, [
    'boardsize 9',
    'clear_board',
    'komi 7',
    'kata-set-rules ing',
    'kata-raw-nn 0',
    'play B E5',
    'kata-raw-nn 0',
    'play W C7',
    'kata-raw-nn 0',
    'play B pass',
    'kata-raw-nn 0',
    'play W pass',
    'kata-raw-nn 0'
  ])
})

test('evaluating a game: handicap stones, White first, unknown rules', async () => {
  let game = J.readGame('(;SZ[9]KM[0.5]RU[Martian]AB[gc][cg];W[ee];B[dd])', 'h.sgf')
  let kg = fakeKataGo([1, 2, 3], text => text === 'kata-set-rules martian')
  let r = await J.evaluateGame(kg.send, game, {symmetry: '5'})
  assert.deepStrictEqual(r.leads, [1, 2, 3])
  assert.strictEqual(r.rules, 'chinese')
  assert.match(r.problems[0], /does not know the rules "Martian"; judged under chinese/)
  assert.deepStrictEqual(kg.sent.slice(4), [
    'kata-set-rules chinese',
    'set_position B G7 B C3',
    'kata-raw-nn w 5', // KataGo thinks Black is next after set_position
    'play W E5',
    'kata-raw-nn 5',
    'play B D6',
    'kata-raw-nn 5'
  ])
})

test('evaluating a game: "all" asks for the 8 symmetries one by one and averages them', async () => {
  let game = J.readGame('(;SZ[9]KM[7];B[ee])', 'a.sgf')
  let kg = fakeKataGo([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
  let r = await J.evaluateGame(kg.send, game, {symmetry: 'all'})
  assert.deepStrictEqual(r.leads, [3.5, 11.5]) // (0 + ... + 7) / 8, (8 + ... + 15) / 8
  let raw = kg.sent.filter(c => c.startsWith('kata-raw-nn'))
  assert.deepStrictEqual(raw.slice(0, 8), ['0', '1', '2', '3', '4', '5', '6', '7'].map(s => `kata-raw-nn ${s}`))
  assert.strictEqual(raw.length, 16)
  assert.strictEqual(kg.sent[4 + 8], 'play B E5')
})

test('evaluating a game: a move KataGo refuses ends the judging there', async () => {
  let game = J.readGame(GAME, 'g1.sgf')
  let kg = fakeKataGo(LEADS, text => text === 'play W C7')
  let r = await J.evaluateGame(kg.send, game, {symmetry: '0'})
  assert.deepStrictEqual(r.leads, [0.5, 2.5]) // before move 1, after move 1
  assert.match(r.problems[0], /refused move 2 \(W C7\): illegal move; the rest of the game is not judged/)
  assert.strictEqual(kg.sent[kg.sent.length - 1], 'play W C7')
  assert.strictEqual(J.pointLosses(game, r.leads).length, 1)
  // A reply without a lead is a problem of that game, not a crash.
  let odd = {send: async name => ({error: false, content: name === 'kata-raw-nn' ? 'whiteWin 0.5' : ''})}
  let r2 = await J.evaluateGame(odd.send, game, {symmetry: '0'})
  assert.deepStrictEqual(r2.leads, [])
  assert.match(r2.problems[0], /kata-raw-nn: no whiteLead in the kata-raw-nn reply; the game is not judged/)
})

test('ASCII diagram: stones, the move to judge, the move before, captures', () => {
  // B B3, W A3, B A2 captures A3; then White plays C1.
  let game = J.readGame('(;SZ[3];B[ba];W[aa];B[ab];W[cc])', 'd.sgf')
  assert.deepStrictEqual(J.moveDiagram(game, 3), ['    A B C', '  3 . X .', '  2(X). .', '  1 . . *'])
  // Before move 3 (B A2): White's A3 is still there, the move before.
  assert.deepStrictEqual(J.moveDiagram(game, 2), ['    A B C', '  3(O)X .', '  2 * . .', '  1 . . .'])
  assert.deepStrictEqual(J.moveDiagram(game, 0), ['    A B C', '  3 . * .', '  2 . . .', '  1 . . .'])
  // A multi-stone suicide (legal under Tromp-Taylor or Ing): White A1
  // leaves A1-A3 without liberties, so all three go.
  let s = J.readGame('(;SZ[3]RU[tromp-taylor];B[ba];W[aa];B[bb];W[ab];B[bc];W[ac];B[cc])', 's.sgf')
  assert.deepStrictEqual(J.moveDiagram(s, 6), ['    A B C', '  3 . X .', '  2 . X .', '  1(.)X *'])
})

// A small XML well-formedness check: tags nest and close, attributes are
// quoted, text has no raw '<' and only the predefined entities.
function wellFormed(xml) {
  let s = xml.replace(/^<\?xml[^?]*\?>\s*/, '')
  let stack = []
  let roots = 0
  let tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"<]*")*)\s*(\/?)>/y
  let i = 0
  while (i < s.length) {
    if (s[i] === '<') {
      tag.lastIndex = i
      let m = tag.exec(s)
      if (!m) return `bad tag at ${i}: ${s.slice(i, i + 40)}`
      let [all, close, name, , self] = m
      if (close) {
        if (stack.pop() !== name) return `</${name}> closes nothing open at ${i}`
      } else {
        if (stack.length === 0) roots++
        if (!self) stack.push(name)
      }
      i += all.length
    } else {
      let j = s.indexOf('<', i)
      if (j < 0) j = s.length
      let text = s.slice(i, j)
      if (stack.length === 0 && text.trim()) return `text outside the root: ${text.trim().slice(0, 20)}`
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) return `bad entity in: ${text}`
      i = j
    }
  }
  if (stack.length) return `unclosed: ${stack.join(' ')}`
  if (roots !== 1) return `${roots} root elements`
  return null
}

test('the well-formedness check itself catches broken XML', () => {
  assert.strictEqual(wellFormed('<svg><g><line x="1"/></g></svg>'), null)
  assert.match(wellFormed('<svg><g></svg>'), /closes nothing/)
  assert.match(wellFormed('<svg><text>a & b</text></svg>'), /bad entity/)
  assert.match(wellFormed('<svg x=1></svg>'), /bad tag/)
  assert.match(wellFormed('<svg></svg><svg></svg>'), /2 root/)
})

test('SVG plot: well-formed, one polyline per engine, names escaped', () => {
  let series = J.buckets(judged(), 2)
  series.push({name: 'a<b> & "c"', points: [{from: 1, to: 2, mean: 7, count: 3}]})
  let svg = J.svgPlot(series, {bucket: 2, bounds: BOUNDS})
  assert.strictEqual(wellFormed(svg), null)
  assert.match(svg, /^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  assert.strictEqual((svg.match(/<polyline /g) || []).length, 3)
  assert.ok(svg.includes('a&lt;b&gt; &amp; &quot;c&quot; (3 moves)'))
  // b's line: 3 points, at the middles of buckets 1-2, 3-4, 5-6.
  let b = /<polyline [^>]*points="([^"]*)"/.exec(svg)[1].split(' ')
  assert.strictEqual(b.length, 3)
  // Dashed phase lines after moves 2 and 4.
  assert.strictEqual((svg.match(/stroke-dasharray/g) || []).length, 2)
  assert.strictEqual(wellFormed(J.svgPlot([], {})), null)
})

test('tick marks', () => {
  assert.deepStrictEqual(J.ticks(0, 58.6, 6), [0, 10, 20, 30, 40, 50, 60]) // step 9.8 -> 10
  assert.deepStrictEqual(J.ticks(-0.4, 8, 6), [-2, 0, 2, 4, 6, 8]) // step 1.4 -> 2
})

test('text report: the table row and a worst move with its diagram', () => {
  let j = judged()
  let run = {
    judged: j,
    engines: J.aggregate(j, 1),
    bounds: {9: BOUNDS},
    symmetry: '0',
    decided: null,
    cap: null,
    seconds: 10,
    positions: 6
  }
  let text = J.report(run).join('\n')
  assert.match(text, /^judged 1 game \(9x9: 1\), 6 positions .* in 10 s \(1\.67 s per position\)$/m)
  assert.match(text, /^phases on 9x9: opening = moves 1-2, middle game = 3-4, end = 5-$/m)
  assert.match(text, /^b +1 +2\.00 \(1\) +3\.00 \(1\) +-2\.50 \(1\) +0\.83 \(3\) +3\.32$/m) // 1.96 * 2.9297 / sqrt(3) = 3.315
  assert.match(text, /^w +1 +1\.50 \(1\) +1\.00 \(1\) +- \(0\) +1\.25 \(2\) +0\.49$/m) // sd 0.3536: 1.96 * 0.3536 / sqrt(2) = 0.49
  assert.match(text, /^1\. g1\.sgf move 3 B pass \(middle\): loses 3\.0 \(B's lead -1\.0 -> -4\.0\)$/m)
  assert.match(text, /^ {7}A B C D E F G H J\n {5}9 \. \. \. \. \. \. \. \. \.$/m)
})

// A run judged in two parts is reported as one: judge.js --leads A --leads B.
test('--leads joins the files of a run judged in parts', () => {
  const fs = require('fs')
  const os = require('os')
  const path = require('path')
  const {spawnSync} = require('child_process')
  let dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingo-judge-'))
  try {
    let part = (file, whiteLeads, symmetry = '0') => {
      fs.writeFileSync(path.join(dir, file), GAME)
      let json = path.join(dir, file + '.json')
      let game = {file, size: 9, komi: 7, rules: 'chinese', katagoRules: 'chinese', problems: [], whiteLeads}
      fs.writeFileSync(json, JSON.stringify({katago: {symmetry}, games: [game]}))
      return json
    }
    // g1 as above; in g2 every lead is 0, so every move loses 0.
    let a = part('g1.sgf', LEADS)
    let b = part('g2.sgf', [0, 0, 0, 0, 0, 0])
    let c = part('g3.sgf', LEADS, 'all')
    let judge = (...args) => spawnSync(process.execPath, [path.join(__dirname, '..', 'judge.js'), ...args], {cwd: dir, encoding: 'utf8'})
    let r = judge('--leads', a, '--leads', b, '--json', 'both.json')
    assert.strictEqual(r.status, 0, r.stderr)
    let both = JSON.parse(fs.readFileSync(path.join(dir, 'both.json'), 'utf8'))
    assert.deepStrictEqual(both.games.map(g => g.file), ['g1.sgf', 'g2.sgf'])
    // b: 2.0 + 3.0 - 2.5 over 6 moves; w: 1.5 + 1.0 over 4.
    let [eb, ew] = both.engines
    assert.deepStrictEqual([eb.name, eb.games, eb.count.all, ew.name, ew.count.all], ['b', 2, 6, 'w', 4])
    close(eb.mean.all, 2.5 / 6, 'b')
    close(ew.mean.all, 2.5 / 4, 'w')
    // The same game twice, or judges that saw other symmetries, are refused.
    r = judge('--leads', a, '--leads', a)
    assert.strictEqual(r.status, 2)
    assert.match(r.stderr, /g1.sgf is in two of the files/)
    r = judge('--leads', a, '--leads', c)
    assert.strictEqual(r.status, 2)
    assert.match(r.stderr, /judged with symmetry all, an earlier file with 0/)
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
  }
})
