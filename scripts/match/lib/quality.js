// The fixed-position move-quality benchmark (quality.js): positions drawn
// from game records, each engine's move in each of them, KataGo's network
// as the judge of the moves, and the statistics, above all the paired
// difference between two engines on the same positions. Engines and KataGo
// are reached only through `send(name, args)` functions (resolving to
// {error, content} as @sabaki/gtp's sendCommand), so that everything here
// runs in the tests without them.
'use strict'

const crypto = require('crypto')
const {Board, BLACK, WHITE, parseVertex, vertexName} = require('./board')
const J = require('./judge')
const K = require('./katago')

const SET_FORMAT = 'ingo-quality-set 1'
const CACHE_FORMAT = 'ingo-quality-cache 1'
const REPORT_FORMAT = 'ingo-quality-report 1'

const sha256 = text => crypto.createHash('sha256').update(text).digest('hex')
const colorOf = k => (k % 2 === 0 ? 'B' : 'W') // the mover of move k + 1 of a game Black begins
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0)

// A move as an engine answered it -> 'D4' (upper case, as lib/board.js
// names points), 'pass', 'resign', or null when it is not a move.
function normalizeMove(text, size) {
  let t = String(text).trim()
  if (/^resign$/i.test(t)) return 'resign'
  let idx = parseVertex(t, size)
  return idx == null ? null : vertexName(idx, size)
}

// The identity of a position: board size, komi, the record's rules and
// the moves from the empty board (Black first). It keys the KataGo cache
// and names a position across set files, runs and reports.
function positionId(p) {
  return sha256(['quality-position', p.size, p.komi, p.rules || '', p.moves.join(' ')].join('\n')).slice(0, 16)
}

// The positions of one game (from J.readGame) that the benchmark may use:
// the position before move m (counting from 1) for fromMove <= m <= toMove,
// with the record's move m as `played`. Only a normal game gives positions:
// the size asked for (when `size` is given), no set-up stones, Black first
// and then alternating, every move legal on the referee's board with no
// whole-board repetition. At the first move that breaks this, and at the
// first pass (the game is ending there), the game gives no more positions.
// Returns {positions, stop: why it stopped early, or null}.
function gamePositions(game, {fromMove, toMove, size = null}) {
  if (size != null && game.size !== size) return {positions: [], stop: `board size ${game.size}, not ${size}`}
  if (game.setup.B.length || game.setup.W.length) return {positions: [], stop: 'set-up stones'}
  let board = new Board(game.size)
  let moves = []
  let positions = []
  let stop = null
  for (let k = 0; k < game.moves.length && k < toMove; k++) {
    let m = game.moves[k]
    let color = colorOf(k)
    if (m.color !== color) {
      stop = `move ${k + 1} is ${m.color}'s, not ${color}'s`
      break
    }
    if (m.idx === 'pass') {
      stop = `move ${k + 1} is a pass`
      break
    }
    let r = board.play(color === 'B' ? BLACK : WHITE, m.idx)
    if (r.illegal || r.superko) {
      stop = `move ${k + 1} is ${r.illegal ? `illegal (${r.illegal})` : 'a whole-board repetition'}`
      break
    }
    let v = vertexName(m.idx, game.size)
    if (k + 1 >= fromMove) positions.push({move: k + 1, color, moves: moves.slice(), played: v})
    moves.push(v)
  }
  return {positions, stop}
}

// Draws `count` positions from the games, the same ones for the same
// games and seed whatever the order of the files: every distinct position
// (by positionId; the same opening in several games counts once, named by
// the first game that has it) gets a rank from a hash of the seed and its
// id, and the `count` lowest ranks are taken. Adding games changes the
// draw only where a new position ranks lower. Returns {positions (sorted
// by file and move), candidates (positions before removing repeats),
// distinct, games (that gave positions), stops: [{file, stop}]}.
function selectPositions(games, {seed, count, fromMove, toMove, size = null}) {
  let byId = new Map()
  let candidates = 0
  let used = 0
  let stops = []
  for (let game of games) {
    let r = gamePositions(game, {fromMove, toMove, size})
    if (r.stop) stops.push({file: game.file, stop: r.stop})
    if (r.positions.length) used++
    for (let g of r.positions) {
      candidates++
      let p = {
        id: null,
        file: game.file,
        move: g.move,
        color: g.color,
        size: game.size,
        komi: game.komi,
        rules: game.rules,
        black: game.black,
        white: game.white,
        played: g.played,
        moves: g.moves
      }
      p.id = positionId(p)
      let seen = byId.get(p.id)
      if (seen) seen.copies++
      else byId.set(p.id, {...p, copies: 1})
    }
  }
  let ranked = [...byId.values()].map(p => ({p, rank: sha256(`${seed}\n${p.id}`)}))
  ranked.sort((a, b) => compare(a.rank, b.rank))
  let positions = ranked
    .slice(0, count)
    .map(x => x.p)
    .sort((a, b) => compare(a.file, b.file) || a.move - b.move)
  return {positions, candidates, distinct: byId.size, games: used, stops}
}

// The set file's content.
function makeSet(selection, opts) {
  return {
    format: SET_FORMAT,
    seed: opts.seed,
    fromMove: opts.fromMove,
    toMove: opts.toMove,
    size: opts.size,
    requested: opts.count,
    games: selection.games,
    candidates: selection.candidates,
    distinct: selection.distinct,
    positions: selection.positions
  }
}

// A set read back: the format and every position checked (its id must
// match its content, so that a hand-edited set cannot mix up the cache).
function checkSet(set) {
  if (!set || set.format !== SET_FORMAT) throw new Error(`not a position set (format "${SET_FORMAT}")`)
  if (!Array.isArray(set.positions) || set.positions.length === 0) throw new Error('the set has no positions')
  for (let p of set.positions) {
    if (positionId(p) !== p.id) throw new Error(`position ${p.id} (${p.file} move ${p.move}): its id does not match its moves`)
    if (p.moves.length !== p.move - 1 || p.color !== colorOf(p.moves.length))
      throw new Error(`position ${p.id}: move ${p.move} by ${p.color} does not fit its ${p.moves.length} moves`)
  }
  return set
}

// --- Engines -------------------------------------------------------------

// The GTP commands that set a position up in an engine: boardsize,
// clear_board, komi, kgs-rules (only when `rules` and the record has
// rules), then the moves. No loadsgf: not every engine has it.
function setupCommands(pos, {rules = false} = {}) {
  let cmds = [
    ['boardsize', [String(pos.size)]],
    ['clear_board', []],
    ['komi', [String(pos.komi)]]
  ]
  if (rules && pos.rules) cmds.push(['kgs-rules', [pos.rules]])
  pos.moves.forEach((v, k) => cmds.push(['play', [colorOf(k), v]]))
  return cmds
}

// Sets the position up and asks for a move. Returns {status, move,
// seconds, detail}: status 'ok' (move 'D4' or 'pass'), 'resign', 'refused'
// (a '?' reply to a set-up command or to genmove) or 'bad-reply' (genmove
// answered something that is not a move). `clock` measures genmove.
async function askEngine(send, pos, {rules = false, clock = Date.now} = {}) {
  for (let [name, args] of setupCommands(pos, {rules})) {
    let r = await send(name, args)
    if (r.error) return {status: 'refused', move: null, seconds: null, detail: `${[name, ...args].join(' ')}: ? ${r.content}`}
  }
  let t = clock()
  let r = await send('genmove', [pos.color])
  let seconds = (clock() - t) / 1000
  if (r.error) return {status: 'refused', move: null, seconds, detail: `genmove ${pos.color}: ? ${r.content}`}
  let move = normalizeMove(r.content, pos.size)
  if (move == null) return {status: 'bad-reply', move: null, seconds, detail: `genmove ${pos.color}: "${r.content}"`}
  if (move === 'resign') return {status: 'resign', move, seconds, detail: null}
  return {status: 'ok', move, seconds, detail: null}
}

// --- KataGo and its cache ------------------------------------------------

// The KataGo settings a cache belongs to: the network (its file name),
// the symmetry, and the rules when forced. Leads of other settings are
// other numbers, so a cache is refused for them.
function cacheSettings({model, symmetry, rules}) {
  return {model: model ? require('path').basename(model) : null, symmetry: String(symmetry), rules: rules || null}
}

function emptyCache(settings) {
  return {format: CACHE_FORMAT, katago: settings, positions: {}}
}

// Why `cache` cannot be used with `settings` (a null model is not
// checked: nothing new is evaluated then), or null.
function cacheMismatch(cache, settings) {
  if (!cache || cache.format !== CACHE_FORMAT || typeof cache.positions !== 'object') return `not a KataGo cache (format "${CACHE_FORMAT}")`
  let k = cache.katago || {}
  if (settings.model != null && k.model !== settings.model) return `it holds the leads of the network ${k.model}, not ${settings.model}`
  if (k.symmetry !== settings.symmetry) return `it holds the leads of symmetry ${k.symmetry}, not ${settings.symmetry}`
  if ((k.rules || null) !== (settings.rules || null)) return `it holds the leads under the rules ${k.rules || 'of the records'}, not ${settings.rules || 'of the records'}`
  return null
}

// The cache holds, per position id, White's expected lead in the
// position (`lead`), the network's policy top move (`policyTop`, with its
// probability), White's lead after each move evaluated (`after`, by move
// name) and the moves KataGo refused (`illegal`). cached(cache, id) is
// the position's lead, cached(cache, id, move) White's lead after the
// move, null for a refused move; undefined when not evaluated yet.
function cached(cache, id, move = null) {
  let e = cache.positions[id]
  if (!e) return undefined
  if (move == null) return e.lead
  if (e.after && move in e.after) return e.after[move]
  if (e.illegal && move in e.illegal) return null
  return undefined
}

// What KataGo still has to do for a position: {position: whether the
// position itself is missing, moves: the moves not yet evaluated}.
// `moves` may hold nulls and 'resign' (not moves); repeats count once.
// With `policy`, the policy top move is wanted too (known only once the
// position is evaluated, so then it is added by evaluatePosition).
function missing(cache, id, moves, {policy = false} = {}) {
  let e = cache.positions[id]
  let want = [...new Set(moves.filter(m => m != null && m !== 'resign'))]
  if (e && policy && e.policyTop) want = [...new Set([...want, e.policyTop])]
  return {position: !e, moves: want.filter(m => cached(cache, id, m) === undefined)}
}

// kata-raw-nn for the position KataGo has: White's lead and the policy,
// averaged over the symmetries. Throws with the reason if KataGo refuses.
async function rawNN(send, symmetries, size) {
  let lead = 0
  let policy = null
  for (let s of symmetries) {
    let r = await send('kata-raw-nn', [s])
    if (r.error) throw new Error(`kata-raw-nn ${s}: ? ${r.content}`)
    lead += J.parseWhiteLead(r.content)
    let p = K.parsePolicy(r.content, size)
    policy = policy ? policy.map((x, i) => x + p[i]) : p
  }
  return {lead: lead / symmetries.length, policy: policy.map(x => x / symmetries.length)}
}

// Sets `pos` up in KataGo and evaluates what is missing: the position
// (White's lead and the policy top move) unless `entry` already has it,
// then each of `moves` (play, kata-raw-nn, undo; a move KataGo refuses
// is recorded as illegal, and nothing is undone then). With `policy`, the
// policy top move is evaluated too. Returns the new entry (the old one
// with the additions), or throws with the reason.
async function evaluatePosition(send, pos, moves, {symmetry = '0', rules = null, entry = null, policy = false} = {}) {
  let symmetries = symmetry === 'all' ? K.SYMMETRIES : [String(symmetry)]
  let e = entry ? {...entry, after: {...entry.after}, illegal: {...entry.illegal}} : {after: {}, illegal: {}}
  let must = async (name, args = []) => {
    let r = await send(name, args)
    if (r.error) throw new Error(`${[name, ...args].join(' ')}: ? ${r.content}`)
  }
  await must('boardsize', [String(pos.size)])
  await must('clear_board')
  await must('komi', [String(pos.komi)])
  let want = rules || J.katagoRules(pos.rules) || 'chinese'
  let r = await send('kata-set-rules', [want])
  if (r.error && !rules && want !== 'chinese') {
    want = 'chinese'
    r = await send('kata-set-rules', [want])
  }
  if (r.error) throw new Error(`kata-set-rules ${want}: ? ${r.content}`)
  e.rules = want
  for (let k = 0; k < pos.moves.length; k++) await must('play', [colorOf(k), pos.moves[k]])
  if (e.lead == null) {
    let nn = await rawNN(send, symmetries, pos.size)
    let top = K.policyTop(nn.policy, pos.size)
    e.lead = nn.lead
    e.policyTop = top.move
    e.policyProb = Number(top.prob.toFixed(6))
  }
  let todo = [...new Set(moves.filter(m => m != null && m !== 'resign'))]
  if (policy && !todo.includes(e.policyTop)) todo.push(e.policyTop)
  for (let m of todo) {
    if (m in e.after || m in e.illegal) continue
    let res = await send('play', [pos.color, m])
    if (res.error) {
      // Nothing was played: an undo now would take back the position's last move.
      e.illegal[m] = res.content || 'illegal'
      continue
    }
    e.after[m] = (await rawNN(send, symmetries, pos.size)).lead
    await must('undo')
  }
  return e
}

// The mover's view of a move in a cached position: {before, after, loss}
// (loss = the mover's lead before minus after: points given away), or
// {illegal: true} for a move KataGo refused, or null when not evaluated.
function moveLoss(cache, pos, move) {
  let e = cache.positions[pos.id]
  if (!e || e.lead == null || move == null || move === 'resign') return null
  let a = cached(cache, pos.id, move)
  if (a === undefined) return null
  if (a === null) return {illegal: true}
  let sign = pos.color === 'W' ? 1 : -1
  let before = sign * e.lead
  let after = sign * a
  return {before, after, loss: before - after}
}

// --- Statistics -----------------------------------------------------------

// Student's t, 97.5% quantile, for 1-30 degrees of freedom; beyond, the
// Cornish-Fisher expansion around the normal 1.959964 (within 1e-3 there).
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093,
  2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042
]
function tCritical(df) {
  if (df < 1) return null
  if (df <= T975.length) return T975[df - 1]
  let z = 1.959964
  let g1 = (z ** 3 + z) / 4
  let g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
  let g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
  return z + g1 / df + g2 / df ** 2 + g3 / df ** 3
}

// Mean, standard deviation and the 95% half-width (Student's t) of a list.
function meanCI(values) {
  let n = values.length
  if (n === 0) return {n, mean: null, sd: null, half: null}
  let mean = values.reduce((a, b) => a + b, 0) / n
  if (n === 1) return {n, mean, sd: null, half: null}
  let sd = Math.sqrt(values.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1))
  return {n, mean, sd, half: (tCritical(n - 1) * sd) / Math.sqrt(n)}
}

// A share with the normal 95% half-width.
function shareCI(hits, n) {
  if (n === 0) return {n, hits, share: null, half: null}
  let p = hits / n
  return {n, hits, share: p, half: 1.959964 * Math.sqrt((p * (1 - p)) / n)}
}

const clip = (x, [lo, hi]) => Math.min(hi, Math.max(lo, x))

// One engine's moves judged: rows [{pos, status, move, seconds}] ->
// per position {id, move, status, loss, capped, policyHit} and the
// summary: judged moves (status ok and evaluated), resignations, the rest
// (refused set-up, bad replies, crashes, illegal moves), mean loss and
// capped mean loss with 95% half-widths, the share of policy top moves,
// and the mean genmove seconds.
function judgeEngine(name, rows, cache, cap) {
  let judged = []
  let counts = {positions: rows.length, judged: 0, resign: 0, illegal: 0, other: 0}
  let secs = []
  for (let r of rows) {
    let out = {id: r.pos.id, move: r.move, status: r.status, seconds: r.seconds == null ? null : r.seconds, loss: null, capped: null, policyHit: null}
    if (r.seconds != null) secs.push(r.seconds)
    if (r.status === 'resign') counts.resign++
    else if (r.status !== 'ok') counts.other++
    else {
      let l = moveLoss(cache, r.pos, r.move)
      if (l && l.illegal) {
        out.status = 'illegal'
        counts.illegal++
      } else if (l == null) {
        out.status = 'not-evaluated'
        counts.other++
      } else {
        out.loss = l.loss
        out.capped = clip(l.loss, cap)
        out.policyHit = r.move === cache.positions[r.pos.id].policyTop
        counts.judged++
      }
    }
    judged.push(out)
  }
  let ok = judged.filter(j => j.loss != null)
  return {
    name,
    ...counts,
    loss: meanCI(ok.map(j => j.loss)),
    capped: meanCI(ok.map(j => j.capped)),
    policy: shareCI(ok.filter(j => j.policyHit).length, ok.length),
    seconds: secs.length ? secs.reduce((a, b) => a + b, 0) / secs.length : null,
    moves: judged
  }
}

// The paired comparison of two judged engines (from judgeEngine) on the
// positions both have a judged move in: the mean of loss A - loss B
// (negative: A gives away less), raw and capped, with 95% half-widths;
// how often they chose the same move, and how often each lost less. The
// `show` positions with the largest |difference| (different moves only)
// are listed (the positions as in the set, by id in `positions`).
function paired(a, b, positions, show = 5) {
  let bId = new Map(b.moves.map(m => [m.id, m]))
  let rows = []
  for (let ma of a.moves) {
    let mb = bId.get(ma.id)
    if (!mb || ma.loss == null || mb.loss == null) continue
    rows.push({id: ma.id, moveA: ma.move, moveB: mb.move, lossA: ma.loss, lossB: mb.loss, diff: ma.loss - mb.loss, cappedDiff: ma.capped - mb.capped})
  }
  let byId = new Map(positions.map(p => [p.id, p]))
  let biggest = rows
    .filter(r => r.moveA !== r.moveB)
    .sort((x, y) => Math.abs(y.diff) - Math.abs(x.diff) || compare(x.id, y.id))
    .slice(0, show)
    .map(r => {
      let p = byId.get(r.id)
      return {...r, file: p.file, move: p.move, color: p.color}
    })
  return {
    a: a.name,
    b: b.name,
    n: rows.length,
    excluded: Math.max(a.moves.length, b.moves.length) - rows.length,
    same: rows.filter(r => r.moveA === r.moveB).length,
    aBetter: rows.filter(r => r.diff < 0).length,
    bBetter: rows.filter(r => r.diff > 0).length,
    diff: meanCI(rows.map(r => r.diff)),
    cappedDiff: meanCI(rows.map(r => r.cappedDiff)),
    biggest
  }
}

// --- Report ---------------------------------------------------------------

const fmt = (x, d = 2) => (x == null ? '-' : x.toFixed(d))
const pm = (ci, d = 2) => (ci.mean == null ? '-' : `${fmt(ci.mean, d)} ± ${ci.half == null ? '-' : fmt(ci.half, d)}`)
const pct = ci => (ci.share == null ? '-' : `${(100 * ci.share).toFixed(1)}% ± ${(100 * ci.half).toFixed(1)}`)

// The text report. run: {set (the set file's content), setName, engines
// (judgeEngine results, references flagged `reference`), pairs (paired
// results), cap, symmetry, katago: {evaluated, seconds}, seconds: {name: s}}.
function report(run) {
  let lines = []
  let s = run.set
  lines.push(
    `${s.positions.length} positions` +
      (run.setName ? ` of ${run.setName}` : '') +
      ` (seed ${s.seed}, moves ${s.fromMove}-${s.toMove}${s.size ? ` of ${s.size}x${s.size}` : ''} games, from ${s.games} games)`
  )
  let k = run.katago
  lines.push(
    `judge: KataGo's network (kata-raw-nn ${run.symmetry}, no search); ` +
      (k.evaluated
        ? `${k.evaluated} new evaluations in ${k.seconds.toFixed(0)} s, start-up included (${(k.seconds / k.evaluated).toFixed(2)} s each)`
        : 'every lead from the cache')
  )
  lines.push(`loss = the mover's expected lead before the move minus after it; "capped" clips each loss to [${run.cap[0]}, ${run.cap[1]}]`)
  lines.push('')
  let w = Math.max(8, ...run.engines.map(e => (e.reference ? `(${e.name})` : e.name).length))
  lines.push(
    'engine'.padEnd(w) +
      '  judged resign other' +
      'mean loss ± 95%'.padStart(18) +
      'capped ± 95%'.padStart(16) +
      'policy top ± 95%'.padStart(19) +
      '  s/move'
  )
  for (let e of run.engines) {
    lines.push(
      (e.reference ? `(${e.name})` : e.name).padEnd(w) +
        String(e.judged).padStart(8) +
        String(e.resign).padStart(7) +
        String(e.other + e.illegal).padStart(6) +
        pm(e.loss).padStart(18) +
        pm(e.capped).padStart(16) +
        pct(e.policy).padStart(19) +
        fmt(e.seconds).padStart(8)
    )
  }
  if (run.engines.some(e => e.reference))
    lines.push('(record) = the move played in the game; (policy) = the network\'s policy top move')
  let odd = run.engines.filter(e => e.illegal || e.other)
  for (let e of odd) {
    let kinds = {}
    for (let m of e.moves) if (!['ok', 'resign'].includes(m.status)) kinds[m.status] = (kinds[m.status] || 0) + 1
    lines.push(`${e.name}: not judged: ${Object.entries(kinds).map(([st, n]) => `${n} ${st}`).join(', ')}`)
  }
  if (run.pairs.length) {
    lines.push('')
    lines.push('paired, on the positions both judged: the mean of loss A - loss B (negative: A gives away less)')
    let nw = Math.max(4, ...run.pairs.map(p => `${p.a} - ${p.b}`.length))
    lines.push('A - B'.padEnd(nw) + '  positions  same  A better  B better' + 'mean diff ± 95%'.padStart(18) + 'capped ± 95%'.padStart(16))
    for (let p of run.pairs)
      lines.push(
        `${p.a} - ${p.b}`.padEnd(nw) +
          String(p.n).padStart(11) +
          String(p.same).padStart(6) +
          String(p.aBetter).padStart(10) +
          String(p.bBetter).padStart(10) +
          pm(p.diff).padStart(18) +
          pm(p.cappedDiff).padStart(16)
      )
    for (let p of run.pairs) {
      if (!p.biggest.length) continue
      lines.push('')
      lines.push(`largest differences, ${p.a} - ${p.b}:`)
      p.biggest.forEach((r, i) =>
        lines.push(
          `${i + 1}. ${r.file} move ${r.move} (${r.color}): ${p.a} ${r.moveA} loses ${fmt(r.lossA, 1)}, ` +
            `${p.b} ${r.moveB} loses ${fmt(r.lossB, 1)} (${r.diff >= 0 ? '+' : ''}${fmt(r.diff, 1)})`
        )
      )
    }
  }
  if (run.seconds && Object.keys(run.seconds).length) {
    lines.push('')
    lines.push('wall time: ' + Object.entries(run.seconds).map(([n, t]) => `${n} ${t.toFixed(0)} s`).join(', '))
  }
  return lines
}

// Runs fn(item, worker) over the items with `workers` concurrent workers.
async function pool(items, workers, fn) {
  let next = 0
  let run = async w => {
    while (next < items.length) await fn(items[next++], w)
  }
  await Promise.all(Array.from({length: Math.max(1, Math.min(workers, items.length))}, (_, w) => run(w)))
}

module.exports = {
  SET_FORMAT,
  CACHE_FORMAT,
  REPORT_FORMAT,
  normalizeMove,
  positionId,
  gamePositions,
  selectPositions,
  makeSet,
  checkSet,
  setupCommands,
  askEngine,
  cacheSettings,
  emptyCache,
  cacheMismatch,
  cached,
  missing,
  rawNN,
  evaluatePosition,
  moveLoss,
  tCritical,
  meanCI,
  shareCI,
  clip,
  judgeEngine,
  paired,
  report,
  pool
}
