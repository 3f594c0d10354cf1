#!/usr/bin/env node
// Moves that only territory scoring punishes (issue 21): in the finished
// games of a match played under Japanese rules, lists every move of one
// engine (ingo by default) in a game decided by at most --margin points
// that is
//   - "own": a quiet stone played inside its own enclosed territory (the
//     empty region of the point bordered by its own stones alone when it
//     was played) that stays on the board alive; or
//   - "invasion": a stone played into a region the opponent alone
//     enclosed, captured during the game or dead at the end, on a point
//     of the opponent's final territory
// (`lib/territory.js` has the exact tests; a move into an open area is
// neither, whatever became of it).
// Under area scoring both cost nothing; under territory scoring each costs
// a point (unless the opponent had to answer inside its own territory).
// The final dead stones and territories are the engine's own count
// (`final_status_list dead`, `ingo-gfx area`) after `loadsgf`.
//
//   node scripts/match/territory-moves.js OUT --engine "target/release/ingo --threads 1 --playouts 3000 --seed 1"
'use strict'

const fs = require('fs')
const path = require('path')
const {Command} = require('commander')
const sgf = require('@sabaki/sgf')
const {Engine} = require('./lib/engine')
const {BLACK, WHITE, other, parseVertex, vertexName} = require('./lib/board')
const {territoryOnlyMoves} = require('./lib/territory')

const program = new Command()
  .name('node scripts/match/territory-moves.js')
  .argument('<out>', 'match output directory (results*.jsonl and sgf/)')
  .option('--engine <command>', 'the engine that counts', 'target/release/ingo --threads 1 --playouts 3000 --seed 1')
  .option('--name <name>', 'whose moves to check (a player name in the records)', 'ingo')
  .option('--margin <points>', 'games decided by at most this many points', x => Number(x), 5)
  .parse()

function results(dir) {
  return fs
    .readdirSync(dir)
    .filter(f => /^results.*\.jsonl$/.test(f))
    .flatMap(f => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter(l => l.trim())
    .flatMap(l => {
      try {
        return [JSON.parse(l)]
      } catch (e) {
        return []
      }
    })
}

const margin = re => (/^[BW]\+[\d.]+$/.test(re) ? Number(re.slice(2)) : re === '0' || re === 'Draw' ? 0 : null)

async function main() {
  let o = program.opts()
  let dir = program.args[0]
  let engine = new Engine('counter', o.engine, {timeout: 600, log: null})
  engine.start()
  let tally = {games: 0, close: 0, moves: 0, own: 0, invasion: 0}
  try {
    for (let r of results(dir)) {
      tally.games++
      if (r.end !== 'score') continue
      let m = margin(r.result)
      if (m == null || m > o.margin) continue
      let color = r.black.startsWith(o.name) ? BLACK : r.white.startsWith(o.name) ? WHITE : null
      if (color == null) continue
      tally.close++
      let file = path.resolve(r.sgf)
      let text = fs.readFileSync(file, 'utf8')
      let root = sgf.parse(text)[0]
      let n = Number(root.data.SZ[0])
      let moves = []
      for (let node = root.children[0]; node; node = node.children[0]) {
        let c = node.data.B ? BLACK : node.data.W ? WHITE : null
        if (c == null) continue
        let v = (node.data.B || node.data.W)[0]
        let idx = v === '' || (n <= 19 && v === 'tt') ? 'pass' : (v.charCodeAt(1) - 97) * n + (v.charCodeAt(0) - 97)
        moves.push({c, idx})
      }
      let load = await engine.send('loadsgf', [file])
      if (load.error) throw new Error(`loadsgf ${file}: ${load.content}`)
      let dead = (await engine.must('final_status_list', ['dead'])).split(/\s+/).filter(x => x).map(x => parseVertex(x, n))
      let area = await engine.must('ingo-gfx', ['area'])
      let terr = {[BLACK]: new Set(), [WHITE]: new Set()}
      for (let line of area.split('\n')) {
        let [w, ...vs] = line.trim().split(/\s+/)
        let c = w === 'BLACK' ? BLACK : w === 'WHITE' ? WHITE : null
        if (c) vs.forEach(v => terr[c].add(parseVertex(v, n)))
      }
      for (let f of territoryOnlyMoves(n, moves, color, dead, terr[other(color)])) {
        tally[f.kind]++
        console.log(`${path.basename(file)} move ${f.i + 1} ${vertexName(f.idx, n)} (${f.kind}); result ${r.result}`)
      }
      tally.moves += moves.filter(mv => mv.c === color && mv.idx !== 'pass').length
    }
  } finally {
    await engine.shutdown()
  }
  console.log(
    `games ${tally.games}, by score within ${o.margin} points with ${o.name} ${tally.close}, ` +
      `its moves ${tally.moves}: inside own territory ${tally.own}, captured inside the opponent's ${tally.invasion}`
  )
}

main().catch(err => {
  console.error(err.message)
  process.exit(2)
})
