#!/usr/bin/env node
// Labels positions of game records with KataGo's raw policy, for the move
// model to learn from (`ingo train-gammas --policy`): issue 20's better
// teacher. One network evaluation gives a probability for every move of
// the position, far more than the single move a record shows, which
// matters where an evaluation costs seconds (19x19 on a CPU).
//
// Positions are taken from each record's main line every --every moves
// (every move of the first --dense), each evaluated in a random one of
// the eight symmetries. Each becomes one line of --out:
//
//   SIZE KOMI MOVE... : VERTEX P VERTEX P ...
//
// the moves from the empty board (Black first, `pass` for a pass), then
// the moves KataGo gives at least --min-prob, most likely first. Lines
// already in --out (same record, same move number, marked by a `#` line
// before each record's positions) are kept, so a stopped run goes on.
// A developer tool like judge.js: neither ingo nor its tests need KataGo.
'use strict'

const fs = require('fs')
const {Command} = require('commander')
const {EngineFailure} = require('./lib/engine')
const {int, num, stopOnSignals, exitWith} = require('./lib/cli')
const {vertexName} = require('./lib/board')
const {readGame} = require('./lib/judge')
const K = require('./lib/katago')
const {rng} = require('./katago-games')

const program = K.addKataGoOptions(
  new Command()
    .name('node scripts/match/katago-policy.js')
    .description("Labels positions of game records with KataGo's raw policy (see the file's head).")
    .argument('<records...>', 'SGF files or directories searched for them')
    .requiredOption('--out <file>', 'the positions file (appended to)')
    .option('--dense <n>', 'every position of the first n moves', int(0), 60)
    .option('--every <n>', 'then every n-th position', int(1), 4)
    .option('--last <n>', 'no position after move n', int(0), 250)
    .option('--min-prob <p>', 'least probability a listed move has', num(0), 0.001)
    .option('--shard <k/n>', 'only records k, k+n, k+2n, ... (1-based), to run n of these side by side', '1/1')
    .option('--seed <n>', 'seed of the symmetry draws', int(0), 1)
    .option('--timeout <sec>', 'limit for one GTP command', num(0.001), 600)
    .option('--verbose', 'log the GTP exchange'),
  'labeller'
)

// Which records and move numbers a positions file (its text) has, as
// "RECORD\tN" strings: N moves were played before the position.
function done(text) {
  let have = new Set()
  let record = null
  for (let line of text.split('\n')) {
    if (line.startsWith('# ')) record = line.slice(2)
    else if (line && record != null) have.add(`${record}\t${line.split(' :')[0].split(' ').length - 2}`)
  }
  return have
}

// Whether the position after n moves is labelled: all of the first
// `dense`, then every `every`-th, none after `last`.
function wanted(n, {dense, every, last}) {
  return n <= last && (n < dense || (n - dense) % every === 0)
}

// The line of one position: `played` the moves so far (vertices or
// 'pass'), `policy` as lib/katago.js parsePolicy gives it. Moves below
// `minProb` are left out, the rest listed likeliest first.
function policyLine(size, komi, played, policy, minProb) {
  let listed = policy
    .map((p, i) => [i === size * size ? 'pass' : vertexName(i, size), p])
    .filter(([, p]) => p >= minProb)
    .sort((x, y) => y[1] - x[1])
  let head = `${size} ${komi} ${played.join(' ')}`.trimEnd()
  return `${head} : ${listed.map(([v, p]) => `${v} ${p.toFixed(5)}`).join(' ')}`
}

// Labels the records `files` through a GTP engine (`send`): each record's
// main line is played on the engine's board and, at every position
// `wanted` and not in `have`, `label(size)` gives the policy (an array of
// size*size + 1 probabilities in lib/board.js's order, the pass last); its
// line, with the moves of at least `options.minProb`, is appended to
// `options.out` under the record's `# RECORD` line. A policy with no such
// move teaches nothing and is left out. Stops between positions once
// `state.interrupted`.
async function labelRecords(files, {send, label, have, state, options}) {
  let start = Date.now()
  let count = 0
  for (let file of files) {
    if (state.interrupted) break
    let game = readGame(fs.readFileSync(file, 'utf8'), file)
    if (game.setup.B.length || game.setup.W.length) {
      console.error(`${file}: set-up stones, skipped`)
      continue
    }
    let size = game.size
    let todo = new Set(game.moves.map((_, n) => n).filter(n => wanted(n, options) && !have.has(`${file}\t${n}`)))
    if (todo.size === 0) continue
    await send('boardsize', [String(size)])
    await send('clear_board')
    await send('komi', [String(game.komi)])
    fs.appendFileSync(options.out, `# ${file}\n`)
    let played = []
    for (let n = 0; n < game.moves.length && !state.interrupted; n++) {
      let mv = game.moves[n]
      // The line format knows only Black first and alternating turns.
      if (mv.color !== (n % 2 === 0 ? 'B' : 'W')) break
      if (todo.has(n)) {
        let line = policyLine(size, game.komi, played, await label(size), options.minProb)
        if (!line.endsWith(' : ')) {
          fs.appendFileSync(options.out, line + '\n')
          count++
        }
      }
      let v = mv.idx === 'pass' ? 'pass' : vertexName(mv.idx, size)
      await send('play', [mv.color, v])
      played.push(v)
    }
    let rate = (Date.now() - start) / 1000 / Math.max(count, 1)
    console.error(`${file}: ${count} positions so far, ${rate.toFixed(2)} s each`)
  }
  return count
}

async function main() {
  program.parse()
  let a = program.opts()
  let problem = K.checkKataGoFiles(a)
  if (problem) {
    console.error(`katago-policy.js: ${problem}`)
    return 2
  }
  let shard = /^(\d+)\/(\d+)$/.exec(a.shard)
  if (!shard || +shard[1] < 1 || +shard[1] > +shard[2]) {
    console.error('katago-policy.js: --shard must be k/n with 1 <= k <= n')
    return 2
  }
  let files = K.sgfFiles(program.args).filter((_, i) => i % +shard[2] === +shard[1] - 1)
  let have = done(fs.existsSync(a.out) ? fs.readFileSync(a.out, 'utf8') : '')
  let state = stopOnSignals('stopping KataGo (finished lines are kept)')
  let engine = await K.startKataGo(K.katagoCommand(a), 'katago', a)
  let send = (name, args = []) => engine.must(name, args)
  let next = rng(a.seed)
  try {
    await send('kata-set-rules', ['chinese'])
    let label = async size => K.parsePolicy(await send('kata-raw-nn', [String(Math.floor(next() * 8))]), size)
    await labelRecords(files, {send, label, have, state, options: a})
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err
    console.error(`katago-policy.js: KataGo failed: ${err.message}`)
    return 1
  } finally {
    await engine.shutdown()
  }
  return 0
}

if (require.main === module) exitWith('katago-policy.js', main)

module.exports = {done, wanted, policyLine, labelRecords}
