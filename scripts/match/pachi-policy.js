#!/usr/bin/env node
// Labels positions of game records with the move probabilities of Pachi's
// pattern model (its `gogui-pattern_rating`: the MM patterns Pachi's tree
// takes its priors from, learned from professional games), for ingo's move
// model to learn from (`ingo train-gammas --policy`). Where KataGo's policy
// (katago-policy.js) teaches the quiet moves of a strong player, this
// teacher is a prior that a tree like ingo's is known to play well with,
// and it costs a tenth of a second a 19x19 position, not seconds.
//
// The positions and the output are katago-policy.js's: every position of
// the first --dense moves of each record's main line, then every --every
// moves, one line each, `SIZE KOMI MOVE... : VERTEX P ...`, likeliest
// first, under a `# RECORD` line; lines already in --out are kept, so a
// stopped run goes on. Pachi reports whole percents: moves under 1% are
// left out. Its ratings differ by a percent or so from run to run (its
// pattern model reads an owner map of random playouts), so the labels a
// table learned from are shipped, not made again (scripts/gammas). A
// developer tool: neither ingo nor its tests need Pachi.
'use strict'

const fs = require('fs')
const {Command} = require('commander')
const {Engine, EngineFailure} = require('./lib/engine')
const {int, num, stopOnSignals, exitWith} = require('./lib/cli')
const {parseVertex} = require('./lib/board')
const {sgfFiles} = require('./lib/katago')
const {done, labelRecords} = require('./katago-policy')

const program = new Command()
  .name('node scripts/match/pachi-policy.js')
  .description("Labels positions of game records with Pachi's pattern probabilities (see the file's head).")
  .argument('<records...>', 'SGF files or directories searched for them')
  .requiredOption('--pachi <command>', 'how to start Pachi, e.g. "pachi threads=1"')
  .requiredOption('--out <file>', 'the positions file (appended to)')
  .option('--dense <n>', 'every position of the first n moves', int(0), 60)
  .option('--every <n>', 'then every n-th position', int(1), 2)
  .option('--last <n>', 'no position after move n', int(0), 250)
  .option('--shard <k/n>', 'only records k, k+n, k+2n, ... (1-based), to run n of these side by side', '1/1')
  .option('--timeout <sec>', 'limit for one GTP command', num(0.001), 120)
  .option('--verbose', 'log the GTP exchange')

// The probabilities of a `gogui-pattern_rating` reply: `LABEL VERTEX PERCENT`
// lines (the other lines are gfx). Returns an array of size*size + 1
// probabilities indexed as lib/board.js, the pass last (never rated).
function parseRating(content, size) {
  let policy = new Array(size * size + 1).fill(0)
  for (let line of content.split('\n')) {
    let m = /^LABEL\s+(\S+)\s+(\d+(?:\.\d+)?)\s*$/.exec(line.trim())
    if (!m) continue
    let idx = parseVertex(m[1], size)
    if (idx === null || idx === 'pass') throw new Error(`a rating names no point: ${line}`)
    policy[idx] = Number(m[2]) / 100
  }
  return policy
}

async function main() {
  program.parse()
  let a = program.opts()
  let shard = /^(\d+)\/(\d+)$/.exec(a.shard)
  if (!shard || +shard[1] < 1 || +shard[1] > +shard[2]) {
    console.error('pachi-policy.js: --shard must be k/n with 1 <= k <= n')
    return 2
  }
  let files = sgfFiles(program.args).filter((_, i) => i % +shard[2] === +shard[1] - 1)
  let have = done(fs.existsSync(a.out) ? fs.readFileSync(a.out, 'utf8') : '')
  let state = stopOnSignals('stopping Pachi (finished lines are kept)')
  let log = a.verbose ? line => process.stderr.write(line + '\n') : null
  let engine = new Engine('pachi', a.pachi, {timeout: a.timeout, log})
  engine.start()
  let send = (name, args = []) => engine.must(name, args)
  try {
    if (!(await engine.knows('gogui-pattern_rating')))
      throw new EngineFailure(engine, 'it does not know gogui-pattern_rating: is it Pachi (12 or later)?')
    let label = async size => parseRating(await send('gogui-pattern_rating'), size)
    await labelRecords(files, {send, label, have, state, options: {...a, minProb: 0.01}})
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err
    console.error(`pachi-policy.js: Pachi failed: ${err.message}`)
    return 1
  } finally {
    await engine.shutdown()
  }
  return 0
}

if (require.main === module) exitWith('pachi-policy.js', main)

module.exports = {parseRating}
