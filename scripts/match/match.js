#!/usr/bin/env node
// Match runner: any two GTP engines, refereed, with clocks, in parallel,
// resumable, shardable. Independent of ingo's own code: it only speaks GTP.
// Run with --help for the options; docs/matches.md has examples.
'use strict'

const fs = require('fs')
const path = require('path')
const {Command, Option} = require('commander')
const {splitCommand} = require('./lib/engine')
const {int, num, stopOnSignals, exitWith} = require('./lib/cli')
const {playGame} = require('./lib/game')
const {readResults, mergeRecords, summarize} = require('./lib/summary')


const program = new Command()
  .name('node scripts/match/match.js')
  .description(
    'Plays games between two GTP engines (each given as one command line), checks every\n' +
      'move with its own board and the other engine, keeps both clocks, and writes one SGF\n' +
      'per game, one JSON line per game to the results file, and a summary.'
  )
  .option('--engine1 <command>', 'first engine: the full command line, e.g. "target/release/ingo --playouts 2000"')
  .option('--engine2 <command>', 'second engine')
  .option('--black <command>', 'same as --engine1 with --colors fixed (engine1 always Black)')
  .option('--white <command>', 'same as --engine2 with --colors fixed')
  .option('--name1 <name>', 'engine1 name in results and SGF (default: program file name)')
  .option('--name2 <name>', 'engine2 name')
  .option('--games <n>', 'number of games', int(1), 2)
  .addOption(new Option('--colors <how>', 'alternate: engine1 is Black in odd-numbered games').choices(['alternate', 'fixed']).default('alternate'))
  .option('--size <n>', 'board size', int(2), 9)
  .option('--komi <x>', 'komi', num(-1000), 7)
  .option('--rules <name>', 'kgs-rules name sent to engines that know kgs-rules; SGF RU', 'chinese')
  .option('--time <"M B S">', 'time control as GTP time_settings: main seconds, byo-yomi seconds, stones (Canadian)')
  .option('--periods <p>', 'Japanese byo-yomi: P periods of B seconds (kgs-time_settings byoyomi M B P)', int(1))
  .option('--clock-only', 'enforce --time without telling the engines (no time_settings, time_left)')
  .option('--lag <sec>', 'how far a move may overrun the clock before it loses on time', num(0), 1)
  .option('--timeout <sec>', 'limit for any GTP command outside the clock (and genmove without --time)', num(0.001), 600)
  .option('--max-moves <n>', 'stop a game without result after N moves (default: 3*size*size)', int(1))
  .addOption(new Option('--agree <what>', 'what both final_score answers must share when both engines passed').choices(['winner', 'margin']).default('winner'))
  .addOption(new Option('--superko <how>', 'a repeated whole-board position on the referee board').choices(['note', 'illegal']).default('note'))
  .option('--out <dir>', 'output directory: results, summary, sgf/, gtp/', 'match-out')
  .option('--results <file>', 'results file (default: OUT/results.jsonl, or results-shard-K-of-N.jsonl)')
  .option('--no-sgf', 'write no SGF files')
  .option('--gtp-log', 'write each game\'s GTP traffic and engine stderr to OUT/gtp/')
  .option('--parallel <n>', 'games played at the same time', int(1), 1)
  .option('--shard <K/N>', 'play only game numbers g with g % N == K-1 (K in 1..N)')
  .option('--from <n>', 'play only game numbers n and above: continues a match whose earlier games survive only as a summary', int(1))
  .option('--fail-on <list>', 'exit 1 if any game had one of: illegal,crash,time,disagree,limit', 'illegal,crash,disagree')
  .option('--merge <files...>', 'do not play: print the summary of these results files as one match')
  .option('-v, --verbose', 'print every move')
  .addHelpText(
    'after',
    '\nGames already in the results file are skipped, so running the same command again resumes\n' +
      'an interrupted match. Exit status: 0, 1 if a game had a problem listed in --fail-on,\n' +
      '2 on a usage error, 130 when interrupted.'
  )

function usage(msg) {
  console.error(`error: ${msg}`)
  process.exit(2)
}

function failures(counts, failOn) {
  return failOn.filter(k => counts[k] > 0).map(k => `${k} ${counts[k]}`)
}

function printSummary(records, file, failOn) {
  let {lines, counts} = summarize(records)
  let text = lines.join('\n') + '\n'
  console.log('\n=== summary\n' + text.trimEnd())
  if (file) fs.writeFileSync(file, text)
  let bad = failures(counts, failOn)
  if (bad.length) console.log(`problems (--fail-on): ${bad.join(', ')}`)
  return bad.length ? 1 : 0
}

// A missing program is a usage error, not a game lost by a "crash".
function findProgram(file) {
  let ok = f => {
    try {
      fs.accessSync(f, fs.constants.X_OK)
      return fs.statSync(f).isFile()
    } catch (err) {
      return false
    }
  }
  if (file.includes('/')) return ok(file)
  return (process.env.PATH || '').split(':').some(dir => ok(path.join(dir || '.', file)))
}

function engineName(command, given, fallback) {
  if (given) return given
  return path.basename(splitCommand(command)[0]) || fallback
}

async function main() {
  program.parse()
  let a = program.opts()
  let failOn = a.failOn.split(',').map(x => x.trim()).filter(x => x)
  for (let f of failOn)
    if (!['illegal', 'crash', 'time', 'disagree', 'limit'].includes(f)) usage(`--fail-on: unknown problem "${f}"`)

  if (a.merge) {
    for (let f of a.merge) if (!fs.existsSync(f)) usage(`${f}: no such file`)
    let records
    try {
      records = mergeRecords(a.merge.map(readResults))
    } catch (err) {
      usage(err.message)
    }
    return printSummary(records, null, failOn)
  }

  if (a.black || a.white) {
    if (a.engine1 || a.engine2) usage('use either --black/--white or --engine1/--engine2')
    a.engine1 = a.black
    a.engine2 = a.white
    a.colors = 'fixed'
  }
  if (!a.engine1 || !a.engine2) usage('two engines are needed (--engine1 and --engine2, or --black and --white)')
  let o = {
    size: a.size,
    komi: a.komi,
    rules: a.rules || null,
    lag: a.lag,
    timeout: a.timeout,
    maxMoves: a.maxMoves || 3 * a.size * a.size,
    agree: a.agree,
    superko: a.superko,
    verbose: !!a.verbose,
    time: null
  }
  if (o.size > 25) usage('--size: at most 25')
  try {
    let n1 = engineName(a.engine1, a.name1, 'engine1')
    let n2 = engineName(a.engine2, a.name2, 'engine2')
    if (n1 === n2) [n1, n2] = [`${n1}-1`, `${n2}-2`]
    o.engines = [{name: n1, command: a.engine1}, {name: n2, command: a.engine2}]
  } catch (err) {
    usage(err.message)
  }
  for (let e of o.engines) {
    let file = splitCommand(e.command)[0]
    if (!findProgram(file)) usage(`${e.name}: ${file} is not an executable file (nor on PATH)`)
  }
  if (a.time != null) {
    let t = a.time.trim().split(/\s+/).map(Number)
    if (t.length !== 3 || t.some(x => !(x >= 0)) || !Number.isInteger(t[2]))
      usage('--time needs "M B S": main seconds, byo-yomi seconds, stones')
    o.time = {main: t[0], byoTime: t[1], stones: t[2], periods: a.periods || 0}
    if (o.time.byoTime > 0 && o.time.stones === 0 && !o.time.periods)
      usage('--time "M B 0" with B > 0 means no time limit in GTP; give stones, --periods, or B = 0')
    if (o.time.periods && !(o.time.byoTime > 0)) usage('--periods needs byo-yomi seconds B > 0 in --time')
    o.time.tell = !a.clockOnly
    if (o.time.tell && !t.every(Number.isInteger))
      usage('--time: GTP time_settings takes whole seconds (fractions only with --clock-only)')
  } else if (a.periods || a.clockOnly) usage('--periods and --clock-only need --time')

  // A results file belongs to one match: the same engines, board and clock.
  o.configKey = JSON.stringify({
    engines: o.engines,
    colors: a.colors,
    size: o.size,
    komi: o.komi,
    rules: o.rules,
    time: o.time,
    maxMoves: o.maxMoves,
    agree: o.agree,
    superko: o.superko
  })

  let shard = null
  if (a.shard) {
    let m = /^(\d+)\/(\d+)$/.exec(a.shard)
    if (!m || +m[1] < 1 || +m[1] > +m[2]) usage('--shard needs K/N with 1 <= K <= N')
    shard = {k: +m[1], n: +m[2]}
  }
  fs.mkdirSync(a.out, {recursive: true})
  let suffix = shard ? `-shard-${shard.k}-of-${shard.n}` : ''
  let resultsFile = a.results || path.join(a.out, `results${suffix}.jsonl`)
  let summaryFile = path.join(a.out, `summary${suffix}.txt`)
  if (a.sgf) fs.mkdirSync((o.sgfDir = path.join(a.out, 'sgf')), {recursive: true})
  if (a.gtpLog) fs.mkdirSync((o.gtpLogDir = path.join(a.out, 'gtp')), {recursive: true})

  let done = readResults(resultsFile)
  for (let r of done)
    if (r.config !== o.configKey)
      usage(`${resultsFile} holds games of a different match (game ${r.game}); use another --out or --results`)
  let have = new Set(done.map(r => r.game))
  let todo = []
  for (let g = a.from || 1; g <= a.games; g++) {
    if (shard && g % shard.n !== shard.k - 1) continue
    if (!have.has(g)) todo.push(g)
  }
  let [e1, e2] = o.engines
  console.log(
    `match: ${e1.name} vs ${e2.name}, ${a.games} games${shard ? ` (shard ${shard.k}/${shard.n})` : ''}${a.from ? ` from game ${a.from}` : ''}, ` +
      `${o.size}x${o.size}, komi ${o.komi}` +
      (o.time ? `, time ${a.time}${o.time.periods ? ` x${o.time.periods} periods` : ''}${o.time.tell ? '' : ' (clock only)'}` : '') +
      `; ${done.length} already in ${resultsFile}, ${todo.length} to play, ${a.parallel} at a time`
  )

  let state = stopOnSignals('stopping the engines; unfinished games are replayed on resume', console.log)

  let records = done.slice()
  let next = 0
  async function worker() {
    while (next < todo.length && !state.interrupted) {
      let g = todo[next++]
      let first = a.colors === 'fixed' || g % 2 === 1
      let spec = {game: g, black: first ? e1 : e2, white: first ? e2 : e1}
      let r = await playGame(o, spec)
      if (state.interrupted) return
      fs.appendFileSync(resultsFile, JSON.stringify(r) + '\n')
      records.push(r)
      let times = Object.entries(r.wallTime).map(([k, v]) => `${k} ${v.toFixed(1)}s`).join(', ')
      console.log(
        `game ${g}: ${r.black}(B) vs ${r.white}(W): ${r.result || 'no result'} by ${r.end}, ` +
          `winner ${r.winner || '-'}, ${r.moves} moves (${times})` +
          (r.agree === false ? ', final_score answers DISAGREE' : '') +
          (r.notes.length ? `\n  ${r.notes.join('\n  ')}` : '')
      )
    }
  }
  await Promise.all(Array.from({length: Math.min(a.parallel, Math.max(1, todo.length))}, worker))
  records.sort((x, y) => x.game - y.game)
  return printSummary(records, summaryFile, failOn)
}

exitWith('match.js', main)
