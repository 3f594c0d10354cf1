#!/usr/bin/env node
// Does an engine know who is winning? Compares the win rates and leads
// of `ingo review` records with KataGo's leads for the same games (a
// judge.js --json file): the Brier score of the win rates against
// KataGo's winner, the share naming the same winner, and the correlation
// of the leads, by game phase. A playout policy that misjudges whose
// groups live shows here in minutes, where a match needs hours. A
// developer tool, like judge.js; README.md ("Judging evaluations")
// explains the numbers. The arithmetic is in lib/calibration.js.
'use strict'

const fs = require('fs')
const path = require('path')
const {Command} = require('commander')
const {num} = require('./lib/cli')
const C = require('./lib/calibration')
const J = require('./lib/judge')

const program = new Command()
  .name('node scripts/match/calibration.js')
  .description(
    'For each DIR of review records (`ingo review GAME -o DIR/NAME` for each judged game GAME, NAME its file ' +
      'name without .sgf), prints how well their win rates and leads agree with KataGo\'s leads in --judged.'
  )
  .argument('<dir...>', 'directories of review records, one per engine or version')
  .requiredOption('--judged <json>', 'the leads: a judge.js --json file of the same games')
  .option('--decided <points>', 'KataGo\'s lead from which a position counts as decided (Brier, same winner)', num(0), 3)
  .option('--toward <name>', 'also the mean error of the leads toward this player (a PB/PW name of the judged games)')
  .exitOverride(err => process.exit(err.exitCode === 0 ? 0 : 2))

program.parse()
const opts = program.opts()
let judged
try {
  judged = JSON.parse(fs.readFileSync(opts.judged, 'utf8'))
  if (!Array.isArray(judged.games)) throw new Error('no "games": not a judge.js --json file')
} catch (err) {
  console.error(`error: ${opts.judged}: ${err.message}`)
  process.exit(2)
}
const fmt = (x, d) => (x == null ? '-' : x.toFixed(d))
console.log(`KataGo's leads: ${opts.judged} (${judged.games.length} games); decided: a lead of ${opts.decided} points or more`)
console.log('records       phase      positions  decided   Brier  same winner  lead corr.' + (opts.toward ? `  lead error toward ${opts.toward}` : ''))
for (let dir of program.args) {
  let rows = []
  let found = 0
  for (let g of judged.games) {
    let file = path.join(dir, path.basename(g.file))
    if (!fs.existsSync(file)) continue
    found++
    let bounds = J.phaseBounds(g.size, (judged.phases || {})[g.size] || {})
    try {
      rows.push(...C.pairs(g, C.readEvaluations(fs.readFileSync(file, 'utf8')), bounds, opts.toward || null))
    } catch (err) {
      console.error(`error: ${file}: ${err.message}`)
      process.exit(2)
    }
  }
  if (found === 0) console.log(`${dir}: no review record of a judged game`)
  for (let phase of ['all', ...J.PHASES]) {
    let a = C.agreement(phase === 'all' ? rows : rows.filter(r => r.phase === phase), opts.decided)
    console.log(
      [dir.padEnd(13), phase.padEnd(10), String(a.positions).padStart(9), String(a.decided).padStart(8),
        fmt(a.brier, 4).padStart(7), fmt(a.sign, 3).padStart(12), fmt(a.corr, 3).padStart(11),
        ...(opts.toward ? [fmt(a.toward, 1).padStart(8)] : [])].join(' ')
    )
  }
}
