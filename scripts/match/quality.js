#!/usr/bin/env node
// The fixed-position move-quality benchmark: the same positions, drawn
// once from game records, are given to each engine (one genmove each),
// and KataGo's network judges the moves by the points they give away. Two
// versions of an engine are compared by the mean per-position difference,
// which needs minutes where a match needs hundreds of games. A developer
// tool: neither ingo nor its tests need KataGo. Run with --help; README.md
// ("Move quality on fixed positions") explains the numbers. The logic is
// in lib/quality.js.
'use strict'

const fs = require('fs')
const path = require('path')
const shellQuote = require('shell-quote')
const {Command, Option, InvalidArgumentError} = require('commander')
const {Engine, EngineFailure, splitCommand} = require('./lib/engine')
const {int, num, stopOnSignals, exitWith} = require('./lib/cli')
const J = require('./lib/judge')
const K = require('./lib/katago')
const Q = require('./lib/quality')

const collect = (v, list = []) => list.concat([v])
const capRange = v => {
  let m = /^\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)\s*$/.exec(v)
  let r = m ? [Number(m[1]), Number(m[2])] : null
  if (!r || !r.every(Number.isFinite) || r[0] > r[1]) throw new InvalidArgumentError('LO,HI with LO <= HI is needed, e.g. -5,20')
  return r
}

const program = K.addKataGoOptions(new Command(), 'benchmark')
  .name('node scripts/match/quality.js')
  .description(
    'Move quality on fixed positions: each engine plays one move (genmove) in each position of a set drawn ' +
      'from game records, and KataGo\'s network (kata-raw-nn: one evaluation, no search) judges it: the point ' +
      'loss of a move is the mover\'s expected score lead before it minus after it. Prints per engine the mean ' +
      'loss and the share of the network\'s policy top move, and for every two engines the mean per-position ' +
      'difference, the number to compare versions by.'
  )
  .argument('[sgf...]', 'game records, or directories searched for *.sgf, to draw a new set from (not read when --set exists)')
  .option('--set <file>', 'the position set (JSON): used if it exists, else drawn from the records and written there')
  .option('--cache <file>', 'KataGo\'s leads (JSON), read and extended: a rerun evaluates only moves it has not seen')
  .option('--seed <n>', 'the draw of positions', int(0), 1)
  .option('--positions <n>', 'positions to draw', int(1), 200)
  .option('--from-move <n>', 'the first move number a position may be before', int(1), 4)
  .option('--to-move <n>', 'the last move number a position may be before', int(1), 50)
  .option('--size <n>', 'only records of this board size', int(2), 9)
  .option('--engine <cmd>', 'a GTP engine command line; repeat for more engines', collect)
  .option('--name <name>', 'the name of the --engine of the same place (default: its program\'s file name)', collect)
  .option('--reuse <json>', 'also report the engines of an earlier --json file (not rerun; an --engine of the same name replaces one)')
  .option('--no-references', 'do not evaluate the record\'s move and the policy top move (the (record) and (policy) rows)')
  .option('--rules <name>', 'KataGo rules for every position (default: the record\'s RU, or chinese without one)')
  .addOption(new Option('--cap <lo,hi>', 'the range each loss is clipped to in the capped means').argParser(capRange).default([-5, 20], '-5,20'))
  .option('--show <n>', 'positions listed with the largest difference per pair of engines', int(0), 5)
  .option('--json <file>', 'write everything (set summary, every move, leads, statistics) as JSON')
  .option('--parallel <n>', 'processes per engine, and KataGo processes, working on different positions', int(1), 1)
  .option('--timeout <sec>', 'limit for one GTP command', num(0.001), 600)
  .option('-v, --verbose', 'print the GTP traffic and stderr of engines and KataGo')
  .exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))
  .addHelpText(
    'after',
    '\nEngines run one after another, each on every position (clear_board between). Progress goes to stderr,\n' +
      'the report to stdout. Exit status: 0, 1 if an engine or KataGo failed, 2 on a usage error, 130 when interrupted.'
  )

function usage(msg) {
  console.error(`error: ${msg}`)
  process.exit(2)
}

const readJson = (file, what) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    usage(`${what}: ${file}: ${err.message}`)
  }
}

// Written whole to a temporary file and renamed: an interrupted run
// leaves the old file or the new one, never half of one.
function writeJson(file, value) {
  let tmp = `${file}.tmp-${process.pid}`
  fs.writeFileSync(tmp, JSON.stringify(value, null, 1) + '\n')
  fs.renameSync(tmp, file)
}

// The set: read from --set if it exists, else drawn from the records.
function positionSet(a, args) {
  if (a.set && fs.existsSync(a.set)) {
    let set = readJson(a.set, '--set')
    try {
      Q.checkSet(set)
    } catch (err) {
      usage(`--set: ${a.set}: ${err.message}`)
    }
    if (args.length) console.error(`quality: using the ${set.positions.length} positions of ${a.set}; the records given are not read`)
    return set
  }
  if (args.length === 0) usage(a.set ? `--set: ${a.set} does not exist yet: give game records to draw it from` : 'give game records or an existing --set')
  if (a.toMove < a.fromMove) usage('--to-move is before --from-move')
  let files
  try {
    files = K.sgfFiles(args)
  } catch (err) {
    usage(err.message)
  }
  if (files.length === 0) usage('no .sgf files found')
  let games = []
  for (let file of files) {
    try {
      games.push(J.readGame(fs.readFileSync(file, 'utf8'), file))
    } catch (err) {
      console.error(`quality: skipped: ${err.message}`)
    }
  }
  let opts = {seed: a.seed, count: a.positions, fromMove: a.fromMove, toMove: a.toMove, size: a.size}
  let sel = Q.selectPositions(games, opts)
  if (sel.positions.length === 0) usage(`no usable ${a.size}x${a.size} positions between moves ${a.fromMove} and ${a.toMove} in ${files.length} files`)
  if (sel.positions.length < a.positions)
    console.error(`quality: only ${sel.positions.length} distinct positions in the records (${a.positions} asked for)`)
  let set = Q.makeSet(sel, opts)
  console.error(
    `quality: drew ${set.positions.length} of ${sel.distinct} distinct positions (${sel.candidates} in ${sel.games} of ${files.length} games)` +
      (a.set ? `, written to ${a.set}` : '')
  )
  if (a.set) writeJson(a.set, set)
  return set
}

// The command line as kept in the JSON: the program's file name, not its
// path (the file may be kept with results).
function shownCommand(command) {
  let words = splitCommand(command)
  return shellQuote.quote([path.basename(words[0]), ...words.slice(1)])
}

function engineSpecs(a) {
  let specs = []
  a.engine.forEach((command, i) => {
    let words
    try {
      words = splitCommand(command)
    } catch (err) {
      usage(`--engine: ${err.message}`)
    }
    let name = a.name[i] || path.basename(words[0])
    let base = name
    for (let k = 2; specs.some(s => s.name === name); k++) name = `${base}-${k}`
    specs.push({name, command})
  })
  if (a.name.length > a.engine.length) usage('more --name than --engine')
  return specs
}

// The engines of an earlier report that this run does not rerun.
function reusedEngines(a, set, names) {
  if (!a.reuse) return []
  let old = readJson(a.reuse, '--reuse')
  if (!old || old.format !== Q.REPORT_FORMAT) usage(`--reuse: ${a.reuse} is not a --json file of quality.js`)
  let out = []
  for (let e of old.engines.filter(e => !e.reference && !names.includes(e.name))) {
    let byId = new Map(e.moves.map(m => [m.id, m]))
    let rows = set.positions.map(pos => {
      let m = byId.get(pos.id)
      if (!m) return {pos, status: 'not-run', move: null, seconds: null}
      // A move judged illegal or not evaluated then is still a move.
      let status = ['illegal', 'not-evaluated'].includes(m.status) ? 'ok' : m.status
      return {pos, status, move: m.move, seconds: m.seconds}
    })
    let missingCount = rows.filter(r => r.status === 'not-run').length
    if (missingCount) console.error(`quality: --reuse: ${e.name} has no move in ${missingCount} of the positions`)
    out.push({name: e.name, command: e.command, reused: true, rows})
  }
  return out
}

// One engine on every position: `parallel` processes, each taking the
// next position. A crash or a hang costs that position (status 'crash')
// and a restart; three in a row stop the engine.
async function runEngine(spec, positions, a, state) {
  let rows = new Array(positions.length)
  let procs = []
  let inRow = 0
  let stopped = null
  let done = 0
  let t0 = Date.now()
  let log = a.verbose ? line => process.stderr.write(line + '\n') : null
  await Q.pool(
    positions.map((pos, i) => ({pos, i})),
    a.parallel,
    async ({pos, i}, w) => {
      if (stopped || state.interrupted) {
        rows[i] = {pos, status: 'not-run', move: null, seconds: null, detail: stopped}
        return
      }
      try {
        if (!procs[w]) {
          let e = new Engine(`${spec.name}${a.parallel > 1 ? `#${w + 1}` : ''}`, spec.command, {timeout: a.timeout, log})
          procs[w] = e
          e.start()
          e.kgsRules = await e.knows('kgs-rules')
        }
        let e = procs[w]
        rows[i] = {pos, ...(await Q.askEngine((name, args) => e.send(name, args), pos, {rules: e.kgsRules}))}
        inRow = 0
      } catch (err) {
        if (!(err instanceof EngineFailure)) throw err
        rows[i] = {pos, status: 'crash', move: null, seconds: null, detail: err.message}
        console.error(`quality: ${err.message}`)
        if (err.engine && err.engine.stderrTail.length) console.error(`  its last stderr lines:\n    ${err.engine.stderrTail.join('\n    ')}`)
        if (procs[w]) await procs[w].shutdown()
        procs[w] = null
        if (++inRow >= 3) stopped = `${spec.name} stopped after 3 failures in a row`
      }
      done++
      if (done % 10 === 0 || done === positions.length)
        console.error(`${spec.name}: ${done}/${positions.length} positions, ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  )
  await Promise.all(procs.filter(e => e).map(e => e.shutdown()))
  if (stopped) console.error(`quality: ${stopped}`)
  return {rows, seconds: (Date.now() - t0) / 1000, failed: rows.some(r => r.status === 'crash')}
}

// KataGo on the positions with something missing from the cache.
// Returns {evaluated, seconds, failed}.
async function runKataGo(a, tasks, cache, state) {
  let bad = K.checkKataGoFiles(a)
  if (bad) usage(`${bad} (${tasks.length} positions have moves not in the cache)`)
  let command
  try {
    K.katagoOverrides(a.overrideConfig)
    command = K.katagoCommand(a)
  } catch (err) {
    usage(err.message)
  }
  let symmetries = a.symmetry === 'all' ? 8 : 1
  let t0 = Date.now()
  let evaluated = 0
  let done = 0
  let failed = false
  let procs = []
  console.error(`katago: ${tasks.length} positions to evaluate, ${Math.min(a.parallel, tasks.length)} process(es)`)
  try {
    await Q.pool(tasks, a.parallel, async (task, w) => {
      if (state.interrupted) return
      if (!procs[w]) procs[w] = await K.startKataGo(command, `katago${a.parallel > 1 ? w + 1 : ''}`, a)
      let e = procs[w]
      let old = cache.positions[task.pos.id] || null
      try {
        let entry = await Q.evaluatePosition((name, args) => e.send(name, args), task.pos, task.moves, {
          symmetry: a.symmetry,
          rules: a.rules || null,
          entry: old,
          policy: a.references
        })
        evaluated += symmetries * ((old ? 0 : 1) + Object.keys(entry.after).length - (old ? Object.keys(old.after).length : 0))
        cache.positions[task.pos.id] = entry
        if (a.cache) writeJson(a.cache, cache)
      } catch (err) {
        if (err instanceof EngineFailure) throw err
        console.error(`quality: KataGo: ${task.pos.file} move ${task.pos.move}: ${err.message}; not judged`)
      }
      done++
      if (done % 10 === 0 || done === tasks.length)
        console.error(`katago: ${done}/${tasks.length} positions, ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    })
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err
    console.error(`quality: KataGo failed: ${err.message}`)
    if (err.engine && err.engine.stderrTail.length) console.error(`its last stderr lines:\n  ${err.engine.stderrTail.join('\n  ')}`)
    failed = true
  }
  await Promise.all(procs.filter(e => e).map(e => e.shutdown()))
  return {evaluated, seconds: (Date.now() - t0) / 1000, failed}
}

async function main() {
  program.parse()
  let a = program.opts()
  a.engine = a.engine || []
  a.name = a.name || []
  let state = stopOnSignals('stopping the engines (the cache keeps what is done)')

  let t0 = Date.now()
  let set = positionSet(a, program.args)
  let positions = set.positions
  let specs = engineSpecs(a)
  let reused = reusedEngines(a, set, specs.map(s => s.name))
  if (specs.length + reused.length === 0 && !a.references) usage('nothing to judge: give --engine, --reuse or keep the references')

  let settings = Q.cacheSettings({model: a.model, symmetry: a.symmetry, rules: a.rules})
  let cache = Q.emptyCache(settings)
  if (a.cache && fs.existsSync(a.cache)) {
    cache = readJson(a.cache, '--cache')
    let why = Q.cacheMismatch(cache, settings)
    if (why) usage(`--cache: ${a.cache}: ${why}; use another cache file`)
    if (cache.katago.model == null && settings.model) cache.katago.model = settings.model
  }

  // The engines' moves.
  let seconds = {}
  let failed = false
  let engines = []
  for (let spec of specs) {
    console.error(`${spec.name}: ${positions.length} positions, ${Math.min(a.parallel, positions.length)} process(es): ${spec.command}`)
    let r = await runEngine(spec, positions, a, state)
    seconds[spec.name] = r.seconds
    failed = failed || r.failed
    engines.push({name: spec.name, command: shownCommand(spec.command), rows: r.rows})
  }
  engines.push(...reused)

  // KataGo's leads of the moves not in the cache.
  let tasks = []
  for (let [i, pos] of positions.entries()) {
    let moves = engines.map(e => (e.rows[i].status === 'ok' ? e.rows[i].move : null))
    if (a.references) moves.push(pos.played)
    let m = Q.missing(cache, pos.id, moves, {policy: a.references})
    if (m.position || m.moves.length) tasks.push({pos, moves: m.moves})
  }
  let kg = {evaluated: 0, seconds: 0, failed: false}
  if (tasks.length) {
    kg = await runKataGo(a, tasks, cache, state)
    seconds.katago = kg.seconds
  }
  failed = failed || kg.failed

  // The numbers.
  let judged = engines.map(e => ({...Q.judgeEngine(e.name, e.rows, cache, a.cap), command: e.command, reused: !!e.reused}))
  if (a.references) {
    let rows = kind =>
      positions.map(pos => {
        let c = cache.positions[pos.id]
        let move = kind === 'record' ? pos.played : c ? c.policyTop : null
        return {pos, status: move ? 'ok' : 'not-run', move, seconds: null}
      })
    for (let kind of ['record', 'policy']) judged.push({...Q.judgeEngine(kind, rows(kind), cache, a.cap), reference: true})
  }
  let players = judged.filter(e => !e.reference)
  let pairs = []
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++) pairs.push(Q.paired(players[i], players[j], positions, a.show))
  seconds.total = (Date.now() - t0) / 1000
  let run = {
    set,
    setName: a.set ? path.basename(a.set) : null,
    engines: judged,
    pairs,
    cap: a.cap,
    symmetry: a.symmetry,
    katago: kg,
    seconds
  }
  console.log(Q.report(run).join('\n'))

  if (a.json) {
    let out = {
      format: Q.REPORT_FORMAT,
      // No machine paths here: the file may be kept with match results.
      set: {
        file: a.set ? path.basename(a.set) : null,
        seed: set.seed,
        fromMove: set.fromMove,
        toMove: set.toMove,
        size: set.size,
        positions: positions.length
      },
      katago: {...settings, evaluated: kg.evaluated, seconds: kg.seconds},
      cap: a.cap,
      seconds,
      engines: judged,
      pairs,
      positions: positions.map(pos => {
        let c = cache.positions[pos.id] || {}
        let sign = pos.color === 'W' ? 1 : -1
        return {
          id: pos.id,
          file: pos.file,
          move: pos.move,
          color: pos.color,
          played: pos.played,
          lead: c.lead == null ? null : sign * c.lead,
          policyTop: c.policyTop || null,
          policyProb: c.policyProb == null ? null : c.policyProb
        }
      })
    }
    writeJson(a.json, out)
    console.error(`numbers written to ${a.json}`)
  }
  return failed ? 1 : 0
}

exitWith('quality.js', main)
