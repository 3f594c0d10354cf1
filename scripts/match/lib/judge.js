// Judging moves with KataGo's network: reads game records, turns KataGo's
// expected score lead of every position into a point loss for every move,
// and sums the losses up per engine and game phase (text report, worst
// moves with diagrams, SVG plot). KataGo itself is reached only through a
// `send(name, args)` function, so that everything here runs in the tests
// without KataGo.
'use strict'

const sgf = require('@sabaki/sgf')
const {Board, BLACK, WHITE, vertexName} = require('./board')

const PHASES = ['opening', 'middle', 'end']

// The phases the team has used: 9x9 opening = moves 1-14, middle game =
// 15-40; 19x19 1-62 and 63-178. Both are the same fractions of the board's
// area (14/81 = 0.173, 62/361 = 0.172; 40/81 = 0.494, 178/361 = 0.493), so
// other sizes get those fractions: 13x13 1-29 and 30-83.
const PHASE_DEFAULTS = {9: [14, 40], 13: [29, 83], 19: [62, 178]}
const OPENING_SHARE = 0.172
const MIDDLE_SHARE = 0.493

// The last move numbers of the opening and of the middle game on a board
// of `size`; either can be given instead (given.opening, given.middle).
function phaseBounds(size, given = {}) {
  let d = PHASE_DEFAULTS[size] || [Math.round(size * size * OPENING_SHARE), Math.round(size * size * MIDDLE_SHARE)]
  let opening = given.opening != null ? given.opening : d[0]
  let middle = given.middle != null ? given.middle : d[1]
  if (middle < opening) throw new Error(`the middle game (to move ${middle}) ends before the opening (to move ${opening})`)
  return {opening, middle}
}

// Move numbers count from 1, passes included.
function phaseOf(move, bounds) {
  if (move <= bounds.opening) return 'opening'
  if (move <= bounds.middle) return 'middle'
  return 'end'
}

const otherColor = c => (c === 'B' ? 'W' : 'B')

// An SGF point -> board index (row 0 at the top, as lib/board.js), or
// 'pass'. `tt` is a pass only on boards up to 19x19, as in FF[3].
function sgfIndex(value, size) {
  if (value === '' || (size <= 19 && value === 'tt')) return 'pass'
  let [x, y] = sgf.parseVertex(value)
  if (!(x >= 0 && x < size && y >= 0 && y < size)) return null
  return y * size + x
}

// One game record (SGF text) -> the game as the judge needs it: size,
// komi, rules, player names, set-up stones and the main line's moves.
// What cannot be judged is listed in `problems`; the moves before it are
// kept.
function readGame(text, file) {
  let problems = []
  let roots = sgf.parse(text)
  if (roots.length === 0) throw new Error(`${file}: no game in the file`)
  if (roots.length > 1) problems.push(`${roots.length} games in the file; only the first is judged`)
  let root = roots[0]
  let prop = (node, id) => (node.data[id] && node.data[id].length ? node.data[id][0].trim() : null)
  let sz = prop(root, 'SZ') || '19'
  if (!/^\d+$/.test(sz)) throw new Error(`${file}: board size SZ[${sz}] is not supported (square boards only)`)
  let size = Number(sz)
  if (size < 2 || size > 25) throw new Error(`${file}: board size ${size} is not supported (2 to 25)`)
  let komi = prop(root, 'KM') != null ? Number(prop(root, 'KM')) : 0
  if (!Number.isFinite(komi)) throw new Error(`${file}: komi KM[${prop(root, 'KM')}] is not a number`)

  let setup = {B: [], W: []}
  for (let [id, c] of [['AB', 'B'], ['AW', 'W']])
    for (let value of root.data[id] || [])
      for (let [x, y] of sgf.parseCompressedVertices(value)) {
        if (!(x >= 0 && x < size && y >= 0 && y < size)) throw new Error(`${file}: set-up stone ${id}[${value}] is off the board`)
        setup[c].push(y * size + x)
      }

  let moves = []
  for (let node = root.children[0]; node != null; node = node.children[0]) {
    if (node.data.AB || node.data.AW || node.data.AE) {
      problems.push(`set-up stones after move ${moves.length}: the rest of the game is not judged`)
      break
    }
    let colors = ['B', 'W'].filter(c => node.data[c])
    if (colors.length === 0) continue // a node with only comments or marks
    if (colors.length > 1) {
      problems.push(`a node with both B and W after move ${moves.length}: the rest of the game is not judged`)
      break
    }
    let c = colors[0]
    let idx = sgfIndex(node.data[c][0].trim(), size)
    if (idx == null) {
      problems.push(`move ${moves.length + 1} ${c}[${node.data[c][0]}] is off the board: the rest of the game is not judged`)
      break
    }
    moves.push({color: c, idx})
  }
  return {
    file,
    size,
    komi,
    rules: prop(root, 'RU'),
    black: prop(root, 'PB') || 'Black',
    white: prop(root, 'PW') || 'White',
    result: prop(root, 'RE'),
    setup,
    moves,
    problems
  }
}

// KataGo's kata-set-rules knows chinese, japanese, korean, aga, nz /
// new-zealand, tromp-taylor, ing and more. ingo writes RU[simplified-ing]:
// area scoring, positional superko, multi-stone suicide, no handicap bonus,
// which is exactly KataGo's "ing".
const RULE_ALIASES = {'simplified-ing': 'ing', 'simplified ing': 'ing', 'egf': 'ing'}
function katagoRules(ru) {
  if (ru == null || ru.trim() === '') return null
  let name = ru.trim().toLowerCase()
  return RULE_ALIASES[name] || name
}

// The expected lead for White out of a kata-raw-nn reply (the mean if it
// holds several `whiteLead` lines).
function parseWhiteLead(content) {
  let values = [...content.matchAll(/^\s*whiteLead\s+(\S+)/gm)].map(m => Number(m[1]))
  if (values.length === 0) throw new Error('no whiteLead in the kata-raw-nn reply')
  if (values.some(v => !Number.isFinite(v))) throw new Error(`whiteLead is not a number: ${values.join(' ')}`)
  return values.reduce((a, b) => a + b, 0) / values.length
}

// Sets the game up in KataGo and evaluates the position before the first
// move and after every move. send(name, args) resolves to {error, content}
// as @sabaki/gtp's sendCommand. opts: {symmetry: '0'..'7'|'all',
// rules: forced rule name or null, fallbackRules}. Returns {leads, rules,
// problems}: leads[k] = White's expected lead after k moves; a move KataGo
// refuses ends the game there (leads then has fewer than moves + 1 values).
async function evaluateGame(send, game, opts) {
  let problems = []
  let leads = []
  let fallback = opts.fallbackRules || 'chinese'
  let rules = opts.rules || katagoRules(game.rules) || fallback
  let gtpVertex = idx => vertexName(idx, game.size)
  let fail = (what, res) => {
    let rest = leads.length ? 'the rest of the game is not judged' : 'the game is not judged'
    problems.push(`KataGo refused ${what}: ${res.content || '?'}; ${rest}`)
    return {leads, rules, problems}
  }

  let res = await send('boardsize', [String(game.size)])
  if (res.error) return fail(`boardsize ${game.size}`, res)
  await send('clear_board')
  res = await send('komi', [String(game.komi)])
  if (res.error) return fail(`komi ${game.komi}`, res)
  res = await send('kata-set-rules', [rules])
  if (res.error && !opts.rules && rules !== fallback) {
    problems.push(`KataGo does not know the rules "${game.rules}"; judged under ${fallback}`)
    rules = fallback
    res = await send('kata-set-rules', [rules])
  }
  if (res.error) return fail(`rules ${rules}`, res)
  let stones = [
    ...game.setup.B.map(i => ['B', gtpVertex(i)]),
    ...game.setup.W.map(i => ['W', gtpVertex(i)])
  ].flat()
  if (stones.length) {
    res = await send('set_position', stones)
    if (res.error) return fail('the set-up stones', res)
  }

  // The net evaluates a position for the player to move. That is the
  // player of the next move in the record (after the last move: the other
  // one). KataGo's own idea of who is next (Black after clear_board and
  // set_position, then alternating) is overridden only where they differ,
  // e.g. White first in a handicap game: the colour argument of
  // kata-raw-nn is recent, so ordinary games do not depend on it.
  //
  // "all" symmetries are asked one by one: `kata-raw-nn all` prints the
  // eight evaluations separated by empty lines, and an empty line ends a
  // GTP reply, so a GTP client sees only the first of them.
  let moves = game.moves
  let kataNext = 'B'
  let symmetries = opts.symmetry === 'all' ? ['0', '1', '2', '3', '4', '5', '6', '7'] : [String(opts.symmetry)]
  let evaluate = async k => {
    let toMove = k < moves.length ? moves[k].color : moves.length ? otherColor(moves[k - 1].color) : kataNext
    let who = toMove === kataNext ? [] : [toMove.toLowerCase()]
    let sum = 0
    let r
    for (let sym of symmetries) {
      r = await send('kata-raw-nn', [...who, sym])
      if (r.error) return r
      try {
        sum += parseWhiteLead(r.content)
      } catch (err) {
        return {error: true, content: err.message}
      }
    }
    leads.push(sum / symmetries.length)
    return r
  }
  res = await evaluate(0)
  if (res.error) return fail('kata-raw-nn', res)
  for (let k = 0; k < moves.length; k++) {
    let m = moves[k]
    let v = gtpVertex(m.idx)
    res = await send('play', [m.color, v])
    if (res.error) return fail(`move ${k + 1} (${m.color} ${v})`, res)
    kataNext = otherColor(m.color)
    res = await evaluate(k + 1)
    if (res.error) return fail(`kata-raw-nn after move ${k + 1}`, res)
  }
  return {leads, rules, problems}
}

// Point loss of every judged move: the mover's expected lead before the
// move minus the mover's expected lead after it (positive = points lost).
// leads[k] is White's lead after k moves. A move played while the mover's
// lead was beyond `decided` points either way is kept but not counted
// (counted: false), because engines that play for the win, not for the
// score, give away points freely in a decided game. `charged` is the loss
// that the means use: clipped to [-cap, cap] when a cap is given, because
// the raw network misjudges some positions by tens of points (a big group
// in a ko or a capturing race: it gives the win to whoever is to move, so
// every move of the fight looks like a blunder) and one such swing
// outweighs hundreds of ordinary moves.
//
// A pass right after the opponent's pass ends the game, and the network
// has no lead to give for a finished game: after two passes it gave the
// loser's lead to the winner (game 137 of stop 45's 9x9 match against GNU
// Go, B+10 by the count: -8.9 for White before Black's pass, +9.8 after
// it), which charged that pass with some 19 points. Such a pass is kept
// but never counted (`ends: true`).
function pointLosses(game, leads, {bounds, decided = null, cap = null} = {}) {
  bounds = bounds || phaseBounds(game.size)
  let out = []
  for (let k = 0; k < game.moves.length && k + 1 < leads.length; k++) {
    let m = game.moves[k]
    let sign = m.color === 'W' ? 1 : -1
    let before = sign * leads[k]
    let after = sign * leads[k + 1]
    let ends = m.idx === 'pass' && k > 0 && game.moves[k - 1].idx === 'pass'
    out.push({
      move: k + 1,
      color: m.color,
      player: m.color === 'B' ? game.black : game.white,
      vertex: vertexName(m.idx, game.size),
      phase: phaseOf(k + 1, bounds),
      before,
      after,
      loss: before - after,
      charged: cap == null ? before - after : Math.max(-cap, Math.min(cap, before - after)),
      ends,
      counted: !ends && (decided == null || Math.abs(before) <= decided)
    })
  }
  return out
}

const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0)

// Per engine, over all games: moves counted and mean loss per phase and
// overall, the standard deviation of the losses, and the `worst` largest
// losses. judged: [{game, moves: pointLosses(...)}].
function aggregate(judged, worst = 5) {
  let by = new Map()
  for (let {game, moves} of judged)
    for (let m of moves) {
      if (!by.has(m.player)) {
        let zero = () => ({opening: 0, middle: 0, end: 0, all: 0})
        by.set(m.player, {name: m.player, count: zero(), sum: zero(), sumSq: 0, games: new Set(), losses: []})
      }
      let e = by.get(m.player)
      e.games.add(game.file)
      if (!m.counted) continue
      for (let p of [m.phase, 'all']) {
        e.count[p]++
        e.sum[p] += m.charged
      }
      e.sumSq += m.charged * m.charged
      e.losses.push({...m, file: game.file})
    }
  let out = []
  for (let e of [...by.values()].sort((a, b) => compare(a.name, b.name))) {
    let mean = {}
    for (let p of [...PHASES, 'all']) mean[p] = e.count[p] ? e.sum[p] / e.count[p] : null
    let n = e.count.all
    let sd = n > 1 ? Math.sqrt(Math.max(0, (e.sumSq - n * mean.all * mean.all) / (n - 1))) : null
    let top = e.losses.sort((a, b) => b.loss - a.loss || compare(a.file, b.file) || a.move - b.move).slice(0, worst)
    out.push({name: e.name, games: e.games.size, count: e.count, mean, sd, worst: top})
  }
  return out
}

// Mean loss per engine in buckets of `size` moves (moves 1..size, then
// size+1..2*size, ...): the points of the plot.
function buckets(judged, size) {
  let by = new Map()
  for (let {moves} of judged)
    for (let m of moves) {
      if (!m.counted) continue
      if (!by.has(m.player)) by.set(m.player, new Map())
      let b = Math.floor((m.move - 1) / size)
      let cell = by.get(m.player).get(b) || {sum: 0, count: 0}
      cell.sum += m.charged
      cell.count++
      by.get(m.player).set(b, cell)
    }
  return [...by.keys()].sort().map(name => ({
    name,
    points: [...by.get(name).entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([b, c]) => ({from: b * size + 1, to: (b + 1) * size, mean: c.sum / c.count, count: c.count}))
  }))
}

// The board before move `k` (0-based) of the record: set-up stones, then
// the moves, with captures. A suicide that the rules allowed (KataGo
// played it) removes the suicided group here too.
function boardBefore(game, k) {
  let board = new Board(game.size)
  for (let i of game.setup.B) board.cells[i] = BLACK
  for (let i of game.setup.W) board.cells[i] = WHITE
  for (let m of game.moves.slice(0, k)) {
    let color = m.color === 'B' ? BLACK : WHITE
    let r = board.play(color, m.idx)
    if (r.illegal === 'suicide') {
      board.cells[m.idx] = color
      for (let s of board.group(m.idx).stones) board.cells[s] = 0
    }
  }
  return board
}

// ASCII diagram of a position: X Black, O White, `*` the point about to be
// played, the previous move in parentheses (as GNU Go's showboard does).
function diagram(board, mark = null, last = null) {
  let n = board.n
  let letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.slice(0, n).split('')
  let lines = ['    ' + letters.join(' ')]
  for (let y = 0; y < n; y++) {
    let sep = new Array(n + 1).fill(' ')
    let cells = []
    for (let x = 0; x < n; x++) {
      let i = y * n + x
      cells.push(i === mark ? '*' : '.XO'[board.cells[i]])
      if (i === last) {
        sep[x] = '('
        sep[x + 1] = ')'
      }
    }
    let row = String(n - y).padStart(3)
    for (let x = 0; x < n; x++) row += sep[x] + cells[x]
    lines.push((row + sep[n]).trimEnd())
  }
  return lines
}

// The diagram of the position before move `k` (0-based) of `game`.
function moveDiagram(game, k) {
  let m = game.moves[k]
  let prev = k > 0 ? game.moves[k - 1].idx : null
  return diagram(boardBefore(game, k), m.idx === 'pass' ? null : m.idx, prev === 'pass' ? null : prev)
}

const fmt = (x, d = 2) => (x == null ? '-' : x.toFixed(d))
const signed = x => (x >= 0 ? '+' : '') + x.toFixed(1)

// The text report. run: {judged, engines (from aggregate), games (read),
// bounds: {size: bounds}, symmetry, decided, cap, seconds, positions}.
function report(run) {
  let lines = []
  let some = run.judged.filter(j => j.moves.length > 0)
  let sizes = [...new Set(some.map(j => j.game.size))].sort((a, b) => a - b)
  let problemGames = run.judged.filter(j => j.problems.length).length
  lines.push(
    `judged ${some.length} game${some.length === 1 ? '' : 's'} ` +
      `(${sizes.map(s => `${s}x${s}: ${some.filter(j => j.game.size === s).length}`).join(', ')}), ` +
      `${run.positions} positions evaluated by KataGo's network (kata-raw-nn ${run.symmetry}, no search)` +
      (run.seconds != null ? ` in ${run.seconds.toFixed(0)} s (${(run.seconds / Math.max(1, run.positions)).toFixed(2)} s per position)` : '')
  )
  for (let s of sizes) {
    let b = run.bounds[s]
    lines.push(`phases on ${s}x${s}: opening = moves 1-${b.opening}, middle game = ${b.opening + 1}-${b.middle}, end = ${b.middle + 1}-`)
  }
  let enders = run.judged.reduce((n, j) => n + j.moves.filter(m => m.ends).length, 0)
  if (enders) lines.push(`${enders} pass${enders === 1 ? '' : 'es'} ending a game after the opponent's pass not counted (the network has no lead for a finished game)`)
  if (run.decided != null) lines.push(`moves played with the mover's lead beyond ±${run.decided} points are not counted`)
  if (run.cap != null) lines.push(`losses are clipped to ±${run.cap} points in the means (the worst moves show them unclipped)`)
  if (problemGames) lines.push(`${problemGames} game${problemGames === 1 ? '' : 's'} not judged to the end (see below)`)
  lines.push('')
  lines.push('mean point loss per move (the mover\'s expected lead before the move minus after it; count in brackets)')
  let w = Math.max(6, ...run.engines.map(e => e.name.length))
  let cell = (e, p) => `${fmt(e.mean[p])} (${e.count[p]})`
  lines.push(
    'engine'.padEnd(w) + '  games' + ['opening', 'middle', 'end', 'all'].map(h => h.padStart(15)).join('') + '   95% ±'
  )
  for (let e of run.engines) {
    let half = e.sd != null ? 1.96 * e.sd / Math.sqrt(e.count.all) : null
    lines.push(
      e.name.padEnd(w) +
        String(e.games).padStart(7) +
        [...PHASES, 'all'].map(p => cell(e, p).padStart(15)).join('') +
        (half != null ? `   ${fmt(half)}` : '')
    )
  }
  let byFile = new Map(run.judged.map(j => [j.game.file, j.game]))
  for (let e of run.engines) {
    if (e.worst.length === 0) continue
    lines.push('')
    lines.push(`worst ${e.worst.length} move${e.worst.length === 1 ? '' : 's'} of ${e.name}:`)
    e.worst.forEach((m, i) => {
      lines.push(
        `${i + 1}. ${m.file} move ${m.move} ${m.color} ${m.vertex} (${m.phase}): loses ${m.loss.toFixed(1)} ` +
          `(${m.color}'s lead ${signed(m.before)} -> ${signed(m.after)})`
      )
      let game = byFile.get(m.file)
      let prev = m.move > 1 ? game.moves[m.move - 2] : null
      let legend = [`* = ${m.color} ${m.vertex}`]
      let stone = prev && prev.color === 'B' ? 'X' : 'O'
      if (prev && prev.idx !== 'pass') legend.push(`(${stone}) = the move before, ${prev.color} ${vertexName(prev.idx, game.size)}`)
      else if (prev) legend.push(`the move before: ${prev.color} pass`)
      lines.push(...moveDiagram(game, m.move - 1).map(l => '   ' + l))
      lines.push('   ' + legend.join(', '))
    })
  }
  let problems = run.judged.filter(j => j.problems.length)
  if (problems.length) {
    lines.push('')
    lines.push('problems:')
    for (let j of problems) for (let p of j.problems) lines.push(`${j.game.file}: ${p}`)
  }
  return lines
}

const escapeXml = s =>
  String(s).replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;'})[c])

// Tick marks for [lo, hi]: steps of 1, 2 or 5 times a power of ten,
// about `count` of them.
function ticks(lo, hi, count = 6) {
  if (!(hi > lo)) hi = lo + 1
  let raw = (hi - lo) / count
  let p = Math.pow(10, Math.floor(Math.log10(raw)))
  let step = [1, 2, 5, 10].map(f => f * p).find(s => s >= raw)
  let out = []
  for (let t = Math.floor(lo / step) * step; t <= hi + step * 1e-9; t += step) out.push(Number(t.toFixed(10)))
  if (out[out.length - 1] < hi) out.push(Number((out[out.length - 1] + step).toFixed(10)))
  return out
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf']

// The plot: mean point loss per move by move number, one polyline per
// engine (series from buckets()), axes with ticks, a legend, and the
// phase bounds as dashed lines when given. Plain SVG, no library.
function svgPlot(series, {bucket = 5, title = null, bounds = null} = {}) {
  let W = 760
  let H = 420
  let m = {left: 64, right: 170, top: 40, bottom: 56}
  let pw = W - m.left - m.right
  let ph = H - m.top - m.bottom
  let all = series.flatMap(s => s.points)
  let maxMove = Math.max(bucket, ...all.map(p => p.to))
  let xt = ticks(0, maxMove, 8)
  let yt = ticks(Math.min(0, ...all.map(p => p.mean)), Math.max(1, ...all.map(p => p.mean)), 6)
  let [x0, x1] = [0, xt[xt.length - 1]]
  let [y0, y1] = [yt[0], yt[yt.length - 1]]
  let X = v => m.left + ((v - x0) / (x1 - x0)) * pw
  let Y = v => m.top + ph - ((v - y0) / (y1 - y0)) * ph
  let r = v => v.toFixed(1)
  let out = []
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`)
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`)
  out.push(`<rect x="0" y="0" width="${W}" height="${H}" fill="white"/>`)
  out.push(
    `<text x="${r(m.left + pw / 2)}" y="22" text-anchor="middle" font-size="14">` +
      escapeXml(title || `Mean point loss per move (KataGo network), moves in buckets of ${bucket}`) +
      `</text>`
  )
  out.push('<g stroke="#ddd" stroke-width="1">')
  for (let t of yt) out.push(`<line x1="${r(m.left)}" y1="${r(Y(t))}" x2="${r(m.left + pw)}" y2="${r(Y(t))}"/>`)
  out.push('</g>')
  if (bounds) {
    // A phase ends after move b: the line is drawn half a move later.
    let edges = [0, bounds.opening + 0.5, bounds.middle + 0.5, x1].map(v => Math.min(v, x1))
    for (let b of edges.slice(1, 3))
      if (b < x1)
        out.push(`<line x1="${r(X(b))}" y1="${r(m.top)}" x2="${r(X(b))}" y2="${r(m.top + ph)}" stroke="#999" stroke-dasharray="4 4"/>`)
    PHASES.forEach((p, i) => {
      if (edges[i + 1] - edges[i] >= (x1 - x0) / 12)
        out.push(`<text x="${r(X((edges[i] + edges[i + 1]) / 2))}" y="${r(m.top + 14)}" text-anchor="middle" fill="#777">${p}</text>`)
    })
  }
  if (y0 < 0 && y1 > 0) out.push(`<line x1="${r(m.left)}" y1="${r(Y(0))}" x2="${r(m.left + pw)}" y2="${r(Y(0))}" stroke="#666"/>`)
  // Axes, ticks and labels.
  out.push(`<g stroke="black" stroke-width="1">`)
  out.push(`<line x1="${r(m.left)}" y1="${r(m.top + ph)}" x2="${r(m.left + pw)}" y2="${r(m.top + ph)}"/>`)
  out.push(`<line x1="${r(m.left)}" y1="${r(m.top)}" x2="${r(m.left)}" y2="${r(m.top + ph)}"/>`)
  for (let t of xt) out.push(`<line x1="${r(X(t))}" y1="${r(m.top + ph)}" x2="${r(X(t))}" y2="${r(m.top + ph + 5)}"/>`)
  for (let t of yt) out.push(`<line x1="${r(m.left - 5)}" y1="${r(Y(t))}" x2="${r(m.left)}" y2="${r(Y(t))}"/>`)
  out.push('</g>')
  for (let t of xt) out.push(`<text x="${r(X(t))}" y="${r(m.top + ph + 19)}" text-anchor="middle">${t}</text>`)
  for (let t of yt) out.push(`<text x="${r(m.left - 8)}" y="${r(Y(t) + 4)}" text-anchor="end">${t}</text>`)
  out.push(`<text x="${r(m.left + pw / 2)}" y="${H - 12}" text-anchor="middle">move number</text>`)
  out.push(
    `<text x="16" y="${r(m.top + ph / 2)}" text-anchor="middle" transform="rotate(-90 16 ${r(m.top + ph / 2)})">points lost per move</text>`
  )
  // One line per engine, a point at the middle of each bucket.
  series.forEach((s, i) => {
    let color = COLORS[i % COLORS.length]
    let pts = s.points.map(p => `${r(X((p.from + p.to) / 2))},${r(Y(p.mean))}`).join(' ')
    out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts}"/>`)
  })
  // Legend.
  series.forEach((s, i) => {
    let color = COLORS[i % COLORS.length]
    let y = m.top + 10 + i * 20
    let n = s.points.reduce((a, p) => a + p.count, 0)
    out.push(`<line x1="${W - m.right + 16}" y1="${y}" x2="${W - m.right + 40}" y2="${y}" stroke="${color}" stroke-width="2"/>`)
    out.push(`<text x="${W - m.right + 46}" y="${y + 4}">${escapeXml(s.name)} (${n} moves)</text>`)
  })
  out.push('</svg>')
  return out.join('\n') + '\n'
}

module.exports = {
  PHASES,
  phaseBounds,
  phaseOf,
  readGame,
  katagoRules,
  parseWhiteLead,
  evaluateGame,
  pointLosses,
  aggregate,
  buckets,
  boardBefore,
  diagram,
  moveDiagram,
  report,
  svgPlot,
  ticks,
  escapeXml
}
