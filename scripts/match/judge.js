#!/usr/bin/env node
// Judges the moves of game records with KataGo's network as the judge: the
// mean point loss per move of each engine by game phase, the worst moves
// with their positions, and a plot. A developer tool: neither ingo nor its
// tests need KataGo. Run with --help; README.md ("Judging moves with
// KataGo") explains the numbers. The arithmetic is in lib/judge.js.
'use strict'

const fs = require('fs')
const {Command} = require('commander')
const {EngineFailure, killAll} = require('./lib/engine')
const {int, num, stopOnSignals, exitWith} = require('./lib/cli')
const J = require('./lib/judge')
const K = require('./lib/katago')


const program = K.addKataGoOptions(new Command(), 'judge')
  .name('node scripts/match/judge.js')
  .description(
    'Judges every move of the given games with KataGo\'s network (kata-raw-nn: one evaluation, ' +
      'no search): the point loss of a move is the mover\'s expected score lead before it minus ' +
      'after it. Prints per engine (the SGF PB/PW names) the mean loss per move in the opening, ' +
      'middle game and end, and the worst moves with diagrams.'
  )
  .argument('[sgf...]', 'game records, or directories searched for *.sgf (e.g. a match OUT/sgf)')
  .option('--rules <name>', 'KataGo rules for every game (default: the record\'s RU, or chinese without one)')
  .option('--opening-end <n>', 'last move of the opening (default by board size: 9x9 14, 13x13 29, 19x19 62; other sizes 17% of the points)', int(0))
  .option('--middle-end <n>', 'last move of the middle game (default 9x9 40, 13x13 83, 19x19 178; other sizes 49% of the points)', int(0))
  .option('--decided <points>', 'do not count moves played while the mover\'s lead was beyond this either way (default: count all)', num(0))
  .option('--cap <points>', 'clip each move\'s loss to [-cap, cap] in the means (default: no clipping)', num(0))
  .option('--worst <n>', 'worst moves listed per engine', int(0), 5)
  .option('--bucket <n>', 'moves per point of the plot', int(1), 5)
  .option('--json <file>', 'write every number (per game, per move, per engine) as JSON')
  .option(
    '--leads <json>',
    'no KataGo: take the leads from an earlier --json file (its games, or those given); repeat it to join the files of a run judged in parts',
    (file, files) => (files || []).concat(file)
  )
  .option('--svg <file>', 'write the plot of mean point loss by move number, one line per engine')
  .option('--parallel <n>', 'KataGo processes, each judging whole games one after another', int(1), 1)
  .option('--timeout <sec>', 'limit for one GTP command', num(0.001), 600)
  .option('-v, --verbose', 'print KataGo\'s GTP traffic and stderr')
  .addHelpText(
    'after',
    '\nPhases count moves from 1, passes included. Progress goes to stderr, the report to stdout.\n' +
      'Exit status: 0, 1 if KataGo failed (did not start, crashed, timed out), 2 on a usage error.'
  )

function usage(msg) {
  console.error(`error: ${msg}`)
  process.exit(2)
}

function sgfFiles(args) {
  try {
    return K.sgfFiles(args)
  } catch (err) {
    usage(err.message)
  }
}

function katagoOverrides(a) {
  try {
    return K.katagoOverrides(a.overrideConfig)
  } catch (err) {
    usage(err.message)
  }
}

function katagoCommand(a) {
  katagoOverrides(a) // a malformed --override-config is a usage error
  return K.katagoCommand(a)
}

// The records as the judge needs them, read first: a broken one is
// reported, not judged.
function readGames(files, given) {
  return files.map(file => {
    try {
      let game = J.readGame(fs.readFileSync(file, 'utf8'), file)
      if (game.moves.length === 0) throw new Error(['no moves to judge', ...game.problems].join('; '))
      return {game, bounds: J.phaseBounds(game.size, given), problems: game.problems}
    } catch (err) {
      if (/ends before the opening/.test(err.message)) usage(err.message)
      return {game: {file, size: null, moves: [], problems: []}, error: err.message}
    }
  })
}

// Fills in g.leads, g.katagoRules and g.problems of every game with KataGo.
// Returns {seconds, positions}, or null when KataGo failed.
async function judgeWithKataGo(a, todo) {
  let command = katagoCommand(a)
  let moveCount = todo.reduce((s, g) => s + g.game.moves.length, 0)
  console.error(`judge: ${todo.length} games, ${moveCount} moves, ${Math.min(a.parallel, todo.length)} KataGo process(es)`)
  let state = stopOnSignals('stopping KataGo')

  let t0 = Date.now()
  let positions = 0
  let done = 0
  let next = 0
  async function worker(w) {
    let engine = null
    try {
      while (next < todo.length && !state.interrupted) {
        let g = todo[next++]
        if (!engine) engine = await K.startKataGo(command, `katago${a.parallel > 1 ? w + 1 : ''}`, a)
        let t = Date.now()
        let send = (name, args = []) => engine.send(name, args)
        let r = await J.evaluateGame(send, g.game, {symmetry: a.symmetry, rules: a.rules || null})
        g.leads = r.leads
        g.katagoRules = r.rules
        g.problems = g.game.problems.concat(r.problems)
        positions += r.leads.length
        done++
        let secs = (Date.now() - t) / 1000
        console.error(
          `[${done}/${todo.length}] ${g.game.file}: ${g.game.black}(B) vs ${g.game.white}(W), ` +
            `${g.game.moves.length} moves, ${Math.max(0, r.leads.length - 1)} judged, ${secs.toFixed(1)} s` +
            (g.problems.length ? `\n  ${g.problems.join('\n  ')}` : '')
        )
      }
    } finally {
      if (engine) await engine.shutdown()
    }
  }
  try {
    await Promise.all(Array.from({length: Math.min(a.parallel, Math.max(1, todo.length))}, (_, w) => worker(w)))
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err
    console.error(`judge: KataGo failed: ${err.message}`)
    if (err.engine && err.engine.stderrTail.length) console.error(`its last stderr lines:\n  ${err.engine.stderrTail.join('\n  ')}`)
    console.error(`command: ${command}`)
    await killAll()
    return null
  }
  return {seconds: (Date.now() - t0) / 1000, positions}
}

// Reads the --leads files once into one map of records: a run judged in
// parts (a long 19x19 run over several sessions) is reported as one.
function joinJudged(files) {
  let byFile = new Map()
  let symmetry
  for (let file of files) {
    let old = readJudged(file)
    if (symmetry !== undefined && old.katago.symmetry !== symmetry) {
      usage(`--leads: ${file}: judged with symmetry ${old.katago.symmetry}, an earlier file with ${symmetry}`)
    }
    symmetry = old.katago.symmetry
    for (let g of old.games) {
      if (byFile.has(g.file)) usage(`--leads: ${g.file} is in two of the files`)
      byFile.set(g.file, g)
    }
  }
  return {files, symmetry, byFile}
}

// Takes the leads of earlier --json files instead of asking KataGo: the
// same judging seen with other --cap, --decided or phases costs nothing.
function reuseLeads(judged, games) {
  for (let g of games) {
    if (g.error) continue
    let o = judged.byFile.get(g.game.file)
    if (!o) {
      g.error = `not in ${judged.files.join(', ')}`
      continue
    }
    g.leads = o.whiteLeads
    g.katagoRules = o.katagoRules
    g.problems = o.problems
  }
  return {symmetry: judged.symmetry, seconds: null, positions: games.reduce((s, g) => s + (g.leads ? g.leads.length : 0), 0)}
}

function readJudged(file) {
  if (!fs.existsSync(file)) usage(`--leads: ${file}: no such file`)
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    usage(`--leads: ${file}: ${err.message}`)
  }
}

async function main() {
  program.parse()
  let a = program.opts()
  let parts = a.leads ? joinJudged(a.leads) : null
  let files
  if (parts && program.args.length === 0) {
    files = [...parts.byFile.keys()]
  } else {
    if (program.args.length === 0) usage('no game records given')
    files = sgfFiles(program.args)
  }
  if (files.length === 0) usage('no .sgf files found')
  let games = readGames(files, {opening: a.openingEnd, middle: a.middleEnd})

  let info
  if (parts) info = reuseLeads(parts, games)
  else {
    let bad = K.checkKataGoFiles(a)
    if (bad) usage(bad)
    info = await judgeWithKataGo(a, games.filter(g => !g.error))
    if (info == null) return 1
    info.symmetry = a.symmetry
  }

  let opts = {decided: a.decided != null ? a.decided : null, cap: a.cap != null ? a.cap : null}
  let judged = games.map(g => {
    if (g.error) return {game: g.game, problems: [g.error], leads: [], moves: []}
    let moves = J.pointLosses(g.game, g.leads, {bounds: g.bounds, ...opts})
    return {game: g.game, problems: g.problems, leads: g.leads, katagoRules: g.katagoRules, moves}
  })
  let engines = J.aggregate(judged, a.worst)
  let bounds = {}
  for (let g of games) if (g.bounds && !g.error) bounds[g.game.size] = g.bounds
  let run = {judged, engines, bounds, ...opts, ...info}
  console.log(J.report(run).join('\n'))

  if (a.svg) {
    let sizes = Object.keys(bounds)
    let svg = J.svgPlot(J.buckets(judged, a.bucket), {bucket: a.bucket, bounds: sizes.length === 1 ? bounds[sizes[0]] : null})
    fs.writeFileSync(a.svg, svg)
    console.error(`plot written to ${a.svg}`)
  }
  if (a.json) {
    let out = {
      // No machine paths here: the file may be kept with match results.
      katago: {symmetry: run.symmetry, overrides: a.leads ? null : katagoOverrides(a)},
      phases: bounds,
      decided: run.decided,
      cap: run.cap,
      seconds: run.seconds,
      positions: run.positions,
      engines,
      games: judged.map(j => ({
        file: j.game.file,
        size: j.game.size,
        komi: j.game.komi,
        rules: j.game.rules,
        katagoRules: j.katagoRules || null,
        black: j.game.black,
        white: j.game.white,
        result: j.game.result,
        problems: j.problems,
        whiteLeads: j.leads,
        moves: j.moves
      }))
    }
    fs.writeFileSync(a.json, JSON.stringify(out, null, 1) + '\n')
    console.error(`numbers written to ${a.json}`)
  }
  return 0
}

exitWith('judge.js', main)
