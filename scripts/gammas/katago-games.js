#!/usr/bin/env node
// Writes game records that KataGo plays against itself, one move per
// network evaluation, for the move model to learn from (issue 20: a better
// teacher than the GNU Go and Pachi moves of ingo's own matches).
//
//   node scripts/gammas/katago-games.js --katago <katago> --config <gtp.cfg>
//        --model <net.bin.gz> --games 500 --size 9 --seed 1 --out DIR
//
// Each move is KataGo's raw policy (`kata-raw-nn`, no search) in a random
// one of its eight symmetries. The first few moves of a game are drawn from
// the policy (at temperature 1, a number of moves between --random-min and
// --random-max) so that the games differ; every later move is the policy's
// first choice. A game ends after two passes, at 3 * size^2 moves, or, as a
// resignation, once the network gives one side a lead of more than --resign
// points after move --resign-after: moves in a lost position teach little.
// Games already in DIR are kept, so a run that was stopped goes on where it
// was. KataGo itself is not part of this project: build it from its public
// source, and take a network from the PyPI package `katrain`.

'use strict'

const { spawn } = require('child_process')
const fs = require('fs')
const path = require('path')
const readline = require('readline')

const usage = `usage: katago-games.js --katago BIN --config CFG --model NET --out DIR
    [--games 500] [--size 9] [--komi 7] [--seed 1] [--random-min 2]
    [--random-max 8] [--resign 25] [--resign-after 20]`

function parseArgs(argv) {
  const opts = {
    games: 500,
    size: 9,
    komi: 7,
    seed: 1,
    randomMin: 2,
    randomMax: 8,
    resign: 25,
    resignAfter: 20,
  }
  const names = {
    '--katago': 'katago',
    '--config': 'config',
    '--model': 'model',
    '--out': 'out',
    '--games': 'games',
    '--size': 'size',
    '--komi': 'komi',
    '--seed': 'seed',
    '--random-min': 'randomMin',
    '--random-max': 'randomMax',
    '--resign': 'resign',
    '--resign-after': 'resignAfter',
  }
  for (let i = 0; i < argv.length; i += 2) {
    const key = names[argv[i]]
    if (!key || i + 1 >= argv.length) throw new Error(`bad option ${argv[i]}\n${usage}`)
    const v = argv[i + 1]
    opts[key] = typeof opts[key] === 'number' ? Number(v) : v
    if (Number.isNaN(opts[key])) throw new Error(`${argv[i]} wants a number\n${usage}`)
  }
  for (const k of ['katago', 'config', 'model', 'out']) {
    if (!opts[k]) throw new Error(`--${k} is required\n${usage}`)
  }
  return opts
}

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

// One GTP engine process: send a command, get the reply's text.
class Gtp {
  constructor(cmd, args) {
    this.proc = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'ignore'] })
    this.waiting = []
    this.lines = []
    readline.createInterface({ input: this.proc.stdout }).on('line', (line) => {
      if (line.trim() === '' && this.lines.length > 0) {
        const reply = this.lines.join('\n')
        this.lines = []
        const w = this.waiting.shift()
        if (!w) return
        if (reply.startsWith('?')) w.reject(new Error(reply))
        else w.resolve(reply.replace(/^=\s*/, ''))
      } else if (line.trim() !== '') {
        this.lines.push(line)
      }
    })
    this.proc.on('exit', (code) => {
      for (const w of this.waiting) w.reject(new Error(`KataGo exited (${code})`))
      this.waiting = []
    })
  }

  send(command) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.proc.stdin.write(command + '\n')
    })
  }

  close() {
    this.proc.stdin.end('quit\n')
  }
}

// The policy grid (rows from the top, NAN where illegal), the pass
// probability and White's expected lead, from a `kata-raw-nn` reply.
function parseRawNn(text, size) {
  const lines = text.split('\n').map((l) => l.trim())
  const at = lines.indexOf('policy')
  if (at < 0) throw new Error('no policy in kata-raw-nn reply')
  const policy = []
  for (let r = 0; r < size; r++) {
    policy.push(lines[at + 1 + r].split(/\s+/).map(Number))
  }
  const field = (name) => {
    const l = lines.find((x) => x.startsWith(name + ' '))
    return l ? Number(l.split(/\s+/)[1]) : NaN
  }
  return { policy, pass: field('policyPass'), whiteLead: field('whiteLead') }
}

const LETTERS = 'ABCDEFGHJKLMNOPQRST'

function gtpVertex(row, col, size) {
  return `${LETTERS[col]}${size - row}`
}

function sgfVertex(row, col) {
  return String.fromCharCode(97 + col) + String.fromCharCode(97 + row)
}

// The move to play: drawn from the policy when `random`, else its first
// choice. Returns {row, col} or null for a pass.
function choose(nn, random, next) {
  const options = [{ move: null, p: nn.pass }]
  nn.policy.forEach((row, r) =>
    row.forEach((p, c) => {
      if (Number.isFinite(p) && p > 0) options.push({ move: { row: r, col: c }, p })
    }),
  )
  if (!random) {
    return options.reduce((a, b) => (b.p > a.p ? b : a)).move
  }
  // Never a pass while drawing: the opening is what the draw varies.
  const plays = options.filter((o) => o.move)
  const total = plays.reduce((s, o) => s + o.p, 0)
  let x = next() * total
  for (const o of plays) {
    x -= o.p
    if (x <= 0) return o.move
  }
  return plays[plays.length - 1].move
}

async function playGame(gtp, opts, number) {
  const next = rng(opts.seed * 1000003 + number)
  const size = opts.size
  await gtp.send('clear_board')
  const randomMoves =
    opts.randomMin + Math.floor(next() * (opts.randomMax - opts.randomMin + 1))
  const moves = []
  let passes = 0
  let result = ''
  for (let n = 0; n < 3 * size * size; n++) {
    const color = n % 2 === 0 ? 'B' : 'W'
    const symmetry = Math.floor(next() * 8)
    const nn = parseRawNn(await gtp.send(`kata-raw-nn ${symmetry}`), size)
    // whiteLead is White's whatever the side to move.
    if (n >= opts.resignAfter && Math.abs(nn.whiteLead) > opts.resign) {
      result = nn.whiteLead > 0 ? 'W+R' : 'B+R'
      break
    }
    const move = choose(nn, n < randomMoves, next)
    if (move) {
      await gtp.send(`play ${color} ${gtpVertex(move.row, move.col, size)}`)
      moves.push(`;${color}[${sgfVertex(move.row, move.col)}]`)
      passes = 0
    } else {
      await gtp.send(`play ${color} pass`)
      moves.push(`;${color}[]`)
      passes += 1
      if (passes === 2) {
        const lead = parseRawNn(await gtp.send('kata-raw-nn 0'), size).whiteLead
        const margin = Math.round(Math.abs(lead) * 2) / 2
        result = margin === 0 ? '0' : `${lead > 0 ? 'W' : 'B'}+${margin}`
        break
      }
    }
  }
  return (
    `(;GM[1]FF[4]CA[UTF-8]SZ[${size}]KM[${opts.komi}]RU[Chinese]` +
    `PB[katago]PW[katago]RE[${result}]` +
    `GC[KataGo raw policy, seed ${opts.seed}, game ${number}, ${randomMoves} moves drawn]` +
    `\n${moves.join('')})\n`
  )
}

async function main() {
  let opts
  try {
    opts = parseArgs(process.argv.slice(2))
  } catch (e) {
    console.error(e.message)
    process.exit(2)
  }
  fs.mkdirSync(opts.out, { recursive: true })
  const gtp = new Gtp(opts.katago, ['gtp', '-config', opts.config, '-model', opts.model])
  await gtp.send(`boardsize ${opts.size}`)
  await gtp.send(`komi ${opts.komi}`)
  await gtp.send('kata-set-rules chinese')
  const start = Date.now()
  let made = 0
  for (let g = 1; g <= opts.games; g++) {
    const file = path.join(opts.out, `katago-${opts.size}-${String(g).padStart(5, '0')}.sgf`)
    if (fs.existsSync(file)) continue
    const sgf = await playGame(gtp, opts, g)
    // Written whole or not at all: a stopped run leaves no torn record.
    fs.writeFileSync(file + '.tmp', sgf)
    fs.renameSync(file + '.tmp', file)
    made += 1
    const secs = (Date.now() - start) / 1000
    process.stderr.write(`game ${g}: ${(secs / made).toFixed(1)} s a game\n`)
  }
  gtp.close()
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e.message)
    process.exit(1)
  })
}

module.exports = { parseRawNn, choose, rng }
