#!/usr/bin/env node
// Writes game records that KataGo plays against itself, one move per
// network evaluation, for ingo's move model to learn from (issue 20: a
// better teacher than the GNU Go and Pachi moves of ingo's own matches).
// A developer tool like judge.js: neither ingo nor its tests need KataGo.
//
// Each move is KataGo's raw policy (kata-raw-nn, no search) in a random one
// of its eight symmetries. The first few moves of a game (between
// --random-min and --random-max) are drawn from the policy at temperature
// 1 so that the games differ; every later move is the policy's first
// choice. A game ends after two passes, at 3 * size^2 moves, or, as a
// resignation, once the network gives one side a lead of more than
// --resign points after move --resign-after: moves in a lost position
// teach little. Games already in --out are kept, so a stopped run goes on
// where it was.
'use strict'

const fs = require('fs')
const path = require('path')
const {Command, Option} = require('commander')
const {EngineFailure} = require('./lib/engine')
const {int, num, stopOnSignals, exitWith} = require('./lib/cli')
const {vertexName, sgfPoint} = require('./lib/board')
const {parseWhiteLead} = require('./lib/judge')
const K = require('./lib/katago')

// A small seeded generator (mulberry32): the same seed gives the same
// draws, so a record can be made again from its seed and game number.
function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// The move to play from a policy of K.parsePolicy (the points, then the
// pass): drawn from it when `random` (never a pass: the opening is what
// the draw varies), else its first choice (a pass wins a tie). Returns a
// board index or 'pass'.
function choose(policy, random, next) {
  let pass = policy.length - 1
  if (!random) {
    let best = pass
    for (let i = 0; i < pass; i++) if (policy[i] > policy[best]) best = i
    return best === pass ? 'pass' : best
  }
  let total = 0
  for (let i = 0; i < pass; i++) total += policy[i]
  let x = next() * total
  let last = null
  for (let i = 0; i < pass; i++) {
    if (policy[i] <= 0) continue
    last = i
    x -= policy[i]
    if (x <= 0) return i
  }
  return last
}

const program = new Command()
  .name('node scripts/match/katago-games.js')
  .description("Writes SGF records of KataGo's raw policy playing against itself (see the file's head).")
  .addOption(new Option('--katago <file>', 'the KataGo binary').env('KATAGO'))
  .addOption(new Option('--config <file>', 'a KataGo GTP config').env('KATAGO_CONFIG'))
  .addOption(new Option('--model <file>', 'a KataGo network (.bin.gz)').env('KATAGO_MODEL'))
  .requiredOption('--out <dir>', 'where the records go (katago-SIZE-NNNNN.sgf)')
  .option('--games <n>', 'records to have in --out', int(1), 500)
  .option('--size <n>', 'board size', int(2), 9)
  .option('--komi <x>', 'komi', Number, 7)
  .option('--seed <n>', 'seed of the draws (game g uses seed * 1000003 + g)', int(0), 1)
  .option('--random-min <n>', 'fewest moves drawn from the policy', int(0), 2)
  .option('--random-max <n>', 'most moves drawn from the policy', int(0), 8)
  .option('--resign <points>', 'lead that ends a game as a resignation', num(0), 25)
  .option('--resign-after <n>', 'no resignation before this move', int(0), 20)
  .option('--timeout <sec>', 'limit for one GTP command', num(0.001), 600)

async function playGame(send, a, number) {
  let next = rng(a.seed * 1000003 + number)
  let size = a.size
  await send('clear_board')
  let randomMoves = a.randomMin + Math.floor(next() * (a.randomMax - a.randomMin + 1))
  let moves = []
  let passes = 0
  let result = ''
  for (let n = 0; n < 3 * size * size; n++) {
    let color = n % 2 === 0 ? 'B' : 'W'
    let reply = await send('kata-raw-nn', [String(Math.floor(next() * 8))])
    // whiteLead is White's whatever the side to move.
    let lead = parseWhiteLead(reply)
    if (n >= a.resignAfter && Math.abs(lead) > a.resign) {
      result = lead > 0 ? 'W+R' : 'B+R'
      break
    }
    let move = choose(K.parsePolicy(reply, size), n < randomMoves, next)
    await send('play', [color, vertexName(move, size)])
    moves.push(`;${color}[${sgfPoint(move, size)}]`)
    passes = move === 'pass' ? passes + 1 : 0
    if (passes === 2) {
      let final = parseWhiteLead(await send('kata-raw-nn', ['0']))
      let margin = Math.round(Math.abs(final) * 2) / 2
      result = margin === 0 ? '0' : `${final > 0 ? 'W' : 'B'}+${margin}`
      break
    }
  }
  return (
    `(;GM[1]FF[4]CA[UTF-8]SZ[${size}]KM[${a.komi}]RU[Chinese]` +
    `PB[katago]PW[katago]RE[${result}]` +
    `GC[KataGo raw policy, seed ${a.seed}, game ${number}, ${randomMoves} moves drawn]` +
    `\n${moves.join('')})\n`
  )
}

async function main() {
  program.parse()
  let a = program.opts()
  let problem = K.checkKataGoFiles(a)
  if (problem) {
    console.error(`katago-games.js: ${problem}`)
    return 2
  }
  fs.mkdirSync(a.out, {recursive: true})
  let state = stopOnSignals('stopping KataGo (finished records are kept)')
  let engine = await K.startKataGo(K.katagoCommand(a), 'katago', a)
  let send = (name, args = []) => engine.must(name, args)
  try {
    await send('boardsize', [String(a.size)])
    await send('komi', [String(a.komi)])
    await send('kata-set-rules', ['chinese'])
    let start = Date.now()
    let made = 0
    for (let g = 1; g <= a.games && !state.interrupted; g++) {
      let file = path.join(a.out, `katago-${a.size}-${String(g).padStart(5, '0')}.sgf`)
      if (fs.existsSync(file)) continue
      let sgf = await playGame(send, a, g)
      // Written whole or not at all: a stopped run leaves no torn record.
      fs.writeFileSync(file + '.tmp', sgf)
      fs.renameSync(file + '.tmp', file)
      made++
      console.error(`game ${g}: ${((Date.now() - start) / 1000 / made).toFixed(1)} s a game`)
    }
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err
    console.error(`katago-games.js: KataGo failed: ${err.message}`)
    return 1
  } finally {
    await engine.shutdown()
  }
  return 0
}

if (require.main === module) exitWith('katago-games.js', main)

module.exports = {rng, choose}
