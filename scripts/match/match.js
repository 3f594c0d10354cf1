#!/usr/bin/env node
// Match controller: plays ingo against GNU Go over GTP, using @sabaki/gtp.
// It is deliberately independent of ingo's own code: it only speaks GTP to
// both engines, keeps its own small board as a referee, and compares the two
// engines' scoring at the end. Run with --help for the options.
'use strict'

const fs = require('fs')
const path = require('path')
const {Controller, Command} = require('@sabaki/gtp')

// ---------------------------------------------------------------- options

const USAGE = `usage: node scripts/match/match.js [options]

  --ingo PATH            ingo binary (default: target/release/ingo)
  --ingo-args "ARGS"     arguments for ingo (default: none)
  --gnugo PATH           opponent binary (default: /usr/games/gnugo)
  --gnugo-args "ARGS"    opponent arguments
                         (default: "--mode gtp --level 1 --chinese-rules")
  --games N              number of games (default: 1)
  --size N               board size (default: 9)
  --komi X               komi (default: 7)
  --ingo-color C         black | white | alternate (default: alternate,
                         ingo is Black in game 1)
  --max-moves N          stop a game after N moves (default: size*size*3)
  --timeout SEC          timeout per GTP command (default: 120)
  --agree winner|margin  what must agree between the two final_score
                         answers for a game to pass (default: margin)
  --sgf PREFIX           write each game as SGF: PREFIX-N.sgf, or PREFIX
                         itself when it ends in .sgf and --games is 1
  --gtp-log FILE         write all GTP traffic and engine stderr to FILE
  --show-stderr          echo the engines' stderr lines to the console
  --quiet                do not print each move
  -h, --help             show this help

Exit status: 0 if every game finished with no illegal move, no engine
failure (crash, timeout, error reply, malformed reply), no move-limit stop
and agreeing results; 1 otherwise; 2 on a usage error.`

function splitArgs(s) {
  // Shell-like split: whitespace separated, '...' and "..." quoting, \ escapes.
  let out = []
  let cur = null
  let quote = null
  for (let i = 0; i < s.length; i++) {
    let c = s[i]
    if (quote) {
      if (c === quote) quote = null
      else if (c === '\\' && quote === '"' && i + 1 < s.length) cur += s[++i]
      else cur += c
    } else if (/\s/.test(c)) {
      if (cur != null) out.push(cur)
      cur = null
    } else {
      if (cur == null) cur = ''
      if (c === "'" || c === '"') quote = c
      else if (c === '\\' && i + 1 < s.length) cur += s[++i]
      else cur += c
    }
  }
  if (quote) throw new UsageError(`unbalanced quote in "${s}"`)
  if (cur != null) out.push(cur)
  return out
}

class UsageError extends Error {}

function parseOptions(argv) {
  let o = {
    ingo: 'target/release/ingo',
    ingoArgs: '',
    gnugo: '/usr/games/gnugo',
    gnugoArgs: '--mode gtp --level 1 --chinese-rules',
    games: 1,
    size: 9,
    komi: 7,
    ingoColor: 'alternate',
    maxMoves: null,
    timeout: 120,
    agree: 'margin',
    sgf: null,
    gtpLog: null,
    showStderr: false,
    quiet: false
  }
  let valued = {
    '--ingo': 'ingo',
    '--ingo-args': 'ingoArgs',
    '--gnugo': 'gnugo',
    '--gnugo-args': 'gnugoArgs',
    '--games': 'games',
    '--size': 'size',
    '--komi': 'komi',
    '--ingo-color': 'ingoColor',
    '--max-moves': 'maxMoves',
    '--timeout': 'timeout',
    '--agree': 'agree',
    '--sgf': 'sgf',
    '--gtp-log': 'gtpLog'
  }
  for (let i = 0; i < argv.length; i++) {
    let a = argv[i]
    let value = null
    let eq = a.indexOf('=')
    if (a.startsWith('--') && eq > 0) {
      value = a.slice(eq + 1)
      a = a.slice(0, eq)
    }
    if (a === '-h' || a === '--help') {
      console.log(USAGE)
      process.exit(0)
    } else if (a === '--show-stderr') o.showStderr = true
    else if (a === '--quiet') o.quiet = true
    else if (a in valued) {
      if (value == null) {
        // The next word is always the value, even if it starts with "--"
        // (so that --ingo-args --playouts 2000 also works).
        if (i + 1 >= argv.length) throw new UsageError(`${a} needs a value`)
        value = argv[++i]
      }
      o[valued[a]] = value
    } else throw new UsageError(`unknown option ${a}`)
  }

  let int = (name, v, min, max) => {
    let n = Number(v)
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UsageError(`${name} must be an integer in ${min}..${max}`)
    return n
  }
  o.games = int('--games', o.games, 1, 100000)
  o.size = int('--size', o.size, 2, 25)
  o.komi = Number(o.komi)
  if (!Number.isFinite(o.komi)) throw new UsageError('--komi must be a number')
  o.timeout = Number(o.timeout)
  if (!(o.timeout > 0)) throw new UsageError('--timeout must be > 0')
  o.maxMoves =
    o.maxMoves == null ? o.size * o.size * 3 : int('--max-moves', o.maxMoves, 1, 1e7)
  if (!['black', 'white', 'alternate'].includes(o.ingoColor))
    throw new UsageError('--ingo-color must be black, white or alternate')
  if (!['winner', 'margin'].includes(o.agree))
    throw new UsageError('--agree must be winner or margin')
  o.ingoArgs = splitArgs(o.ingoArgs)
  o.gnugoArgs = splitArgs(o.gnugoArgs)
  for (let [name, file] of [['--ingo', o.ingo], ['--gnugo', o.gnugo]]) {
    if (file.includes('/')) {
      try {
        fs.accessSync(file, fs.constants.X_OK)
      } catch (err) {
        throw new UsageError(`${name} ${file}: not an executable file`)
      }
    }
  }
  return o
}

// ---------------------------------------------------------------- helpers

let gtpLogFd = null
function gtpLog(line) {
  if (gtpLogFd != null) fs.writeSync(gtpLogFd, line + '\n')
}

function sleep(ms) {
  return new Promise(resolve => setTimeout(resolve, ms))
}

function withTimeout(promise, ms, onTimeout) {
  let timer
  let t = new Promise((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms)
  })
  return Promise.race([promise, t]).finally(() => clearTimeout(timer))
}

// An engine that crashed, hung, or broke the protocol.
class EngineFailure extends Error {
  constructor(engine, message) {
    super(message)
    this.engine = engine
  }
}

// ---------------------------------------------------------------- engines

const liveEngines = new Set()

class Engine {
  constructor(label, file, args, opts) {
    this.label = label // "ingo" or "gnugo"
    this.file = file
    this.args = args
    this.opts = opts
    this.ctrl = null
    this.proc = null
    this.dead = null // reason, once the engine can no longer be used
    this.quitting = false
    this.exitInfo = null
    this.stderrTail = []
    this.commandList = null
  }

  start() {
    this.ctrl = new Controller(this.file, this.args)
    this.ctrl.on('stderr', ({content}) => {
      gtpLog(`${this.label} stderr: ${content}`)
      this.stderrTail.push(content)
      if (this.stderrTail.length > 30) this.stderrTail.shift()
      if (this.opts.showStderr) console.log(`    [${this.label} stderr] ${content}`)
    })
    this.ctrl.start()
    this.proc = this.ctrl.process
    liveEngines.add(this)
    this.exited = new Promise(resolve => {
      this.proc.on('error', err => {
        this.dead = this.dead || `could not run ${this.file}: ${err.message}`
        resolve()
      })
      this.proc.on('exit', (code, signal) => {
        this.exitInfo = {code, signal}
        if (!this.quitting)
          this.dead =
            this.dead ||
            `process exited unexpectedly (${signal ? 'signal ' + signal : 'exit code ' + code})`
        liveEngines.delete(this)
        resolve()
      })
    })
    // Writing to a dead engine gives EPIPE on stdin; the exit handler reports it.
    this.proc.stdin.on('error', err => gtpLog(`${this.label} stdin error: ${err.message}`))
    gtpLog(`${this.label} started: ${this.file} ${this.args.join(' ')} (pid ${this.proc.pid})`)
  }

  // Sends a command; resolves to {error, content}. A '?' reply is a normal
  // result here; crashes and timeouts throw EngineFailure.
  async send(name, args = []) {
    let text = Command.toString({name, args})
    if (this.dead) throw new EngineFailure(this, `${this.label}: ${this.dead} (before "${text}")`)
    gtpLog(`${this.label} << ${text}`)
    let timedOut = false
    try {
      let res = await withTimeout(
        this.ctrl.sendCommand({name, args}),
        this.opts.timeout * 1000,
        () => {
          timedOut = true
          return new Error('timeout')
        }
      )
      gtpLog(`${this.label} >> ${res.error ? '?' : '='} ${res.content}`)
      return res
    } catch (err) {
      if (timedOut) {
        this.dead = `no answer to "${text}" within ${this.opts.timeout} s`
        this.hardKill()
      } else {
        // Give the exit event a moment so that the message says how it died.
        await withTimeout(this.exited, 1000, () => null).catch(() => {})
        this.dead = this.dead || `${err.message}`
      }
      gtpLog(`${this.label} !! ${this.dead}`)
      throw new EngineFailure(this, `${this.label}: ${this.dead}`)
    }
  }

  // Like send, but an error reply is an engine failure too.
  async must(name, args = []) {
    let res = await this.send(name, args)
    if (res.error) {
      let text = Command.toString({name, args})
      throw new EngineFailure(this, `${this.label}: "${text}" failed: ? ${res.content}`)
    }
    return res.content
  }

  async knows(name) {
    if (this.commandList == null) {
      let res = await this.send('list_commands')
      this.commandList = res.error ? [] : res.content.split(/\s+/).filter(x => x)
    }
    return this.commandList.includes(name)
  }

  hardKill() {
    if (this.proc && this.proc.exitCode == null && this.proc.signalCode == null) {
      try {
        this.proc.kill('SIGKILL')
      } catch (err) {}
    }
  }

  // Ends the engine with GTP quit; kills it if that does not work in time.
  async shutdown() {
    if (this.proc == null) return
    this.quitting = true
    if (!this.dead && this.ctrl.process != null) {
      try {
        gtpLog(`${this.label} << quit`)
        await withTimeout(this.ctrl.stop(3000), 5000, () => new Error('quit timeout'))
      } catch (err) {
        gtpLog(`${this.label} !! quit: ${err.message}`)
      }
    }
    this.hardKill()
    await withTimeout(this.exited, 2000, () => null).catch(() => {})
    liveEngines.delete(this)
  }
}

async function killAll() {
  await Promise.all([...liveEngines].map(e => e.shutdown()))
}

// ---------------------------------------------------------------- board

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
const BLACK = 1
const WHITE = 2
const colorName = c => (c === BLACK ? 'B' : 'W')
const other = c => 3 - c

// GTP vertex -> index (row 0 is the top row), 'pass', or null if malformed.
function parseVertex(v, n) {
  v = v.trim().toLowerCase()
  if (v === 'pass') return 'pass'
  let m = /^([a-z])(\d+)$/.exec(v)
  if (!m) return null
  let x = LETTERS.toLowerCase().indexOf(m[1])
  let y = Number(m[2])
  if (x < 0 || x >= n || y < 1 || y > n) return null
  return (n - y) * n + x
}

function vertexName(idx, n) {
  if (idx === 'pass') return 'pass'
  return LETTERS[idx % n] + (n - Math.floor(idx / n))
}

function sgfPoint(idx, n) {
  if (idx === 'pass') return ''
  let a = 'abcdefghijklmnopqrstuvwxyz'
  return a[idx % n] + a[Math.floor(idx / n)]
}

// A plain board used as an independent referee: occupied points and suicide
// are flagged as illegal, a repeated whole-board position as a superko note.
class Board {
  constructor(n) {
    this.n = n
    this.cells = new Uint8Array(n * n)
    this.seen = new Set([this.key()])
    this.captures = {[BLACK]: 0, [WHITE]: 0}
  }

  key() {
    return this.cells.join('')
  }

  neighbors(i) {
    let n = this.n
    let out = []
    let x = i % n
    if (x > 0) out.push(i - 1)
    if (x < n - 1) out.push(i + 1)
    if (i >= n) out.push(i - n)
    if (i < n * (n - 1)) out.push(i + n)
    return out
  }

  group(i) {
    let color = this.cells[i]
    let stones = [i]
    let seen = new Set(stones)
    let liberties = new Set()
    for (let k = 0; k < stones.length; k++) {
      for (let j of this.neighbors(stones[k])) {
        if (this.cells[j] === 0) liberties.add(j)
        else if (this.cells[j] === color && !seen.has(j)) {
          seen.add(j)
          stones.push(j)
        }
      }
    }
    return {stones, liberties}
  }

  // Returns {illegal: reason|null, superko: bool, captured: number}.
  play(color, idx) {
    if (idx === 'pass') return {illegal: null, superko: false, captured: 0}
    if (this.cells[idx] !== 0) return {illegal: 'occupied point', superko: false, captured: 0}
    let saved = this.cells.slice()
    this.cells[idx] = color
    let captured = 0
    for (let j of this.neighbors(idx)) {
      if (this.cells[j] === other(color)) {
        let g = this.group(j)
        if (g.liberties.size === 0) {
          for (let s of g.stones) this.cells[s] = 0
          captured += g.stones.length
        }
      }
    }
    if (this.group(idx).liberties.size === 0) {
      this.cells = saved
      return {illegal: 'suicide', superko: false, captured: 0}
    }
    this.captures[color] += captured
    let k = this.key()
    let superko = this.seen.has(k)
    this.seen.add(k)
    return {illegal: null, superko, captured}
  }

  // Area score (Black minus White, komi included) after removing `dead`.
  areaScore(dead, komi) {
    let cells = this.cells.slice()
    for (let i of dead) cells[i] = 0
    let score = {[BLACK]: 0, [WHITE]: 0}
    let visited = new Uint8Array(cells.length)
    for (let i = 0; i < cells.length; i++) {
      if (cells[i] !== 0) {
        score[cells[i]]++
        continue
      }
      if (visited[i]) continue
      let region = [i]
      let borders = new Set()
      visited[i] = 1
      for (let k = 0; k < region.length; k++) {
        for (let j of this.neighbors(region[k])) {
          if (cells[j] !== 0) borders.add(cells[j])
          else if (!visited[j]) {
            visited[j] = 1
            region.push(j)
          }
        }
      }
      if (borders.size === 1) score[[...borders][0]] += region.length
    }
    return score[BLACK] - score[WHITE] - komi
  }

  toString() {
    let n = this.n
    let lines = []
    let header = '     ' + LETTERS.slice(0, n).split('').join(' ')
    lines.push(header)
    for (let y = 0; y < n; y++) {
      let row = []
      for (let x = 0; x < n; x++) row.push('.XO'[this.cells[y * n + x]])
      let num = String(n - y).padStart(3)
      lines.push(`  ${num} ${row.join(' ')}`)
    }
    return lines.join('\n')
  }
}

// ---------------------------------------------------------------- results

// "B+12", "W+3.5", "B+R", "0", "Draw" -> {winner: 'B'|'W'|'draw'|null, margin}
function parseResult(s) {
  if (s == null) return {winner: null, margin: null}
  let t = s.trim()
  if (/^(0|draw|jigo|0\.0|[bw]\+0(\.0+)?)$/i.test(t)) return {winner: 'draw', margin: 0}
  let m = /^([BW])\+(.*)$/i.exec(t)
  if (!m) return {winner: null, margin: null}
  let winner = m[1].toUpperCase()
  let rest = m[2].trim()
  let margin = /^\d+(\.\d+)?$/.test(rest) ? Number(rest) : rest.toUpperCase() || null
  return {winner, margin}
}

function formatScore(x) {
  if (x === 0) return '0'
  return (x > 0 ? 'B+' : 'W+') + Math.abs(x)
}

function compareResults(a, b, mode) {
  let ra = parseResult(a)
  let rb = parseResult(b)
  if (ra.winner == null || rb.winner == null) return {agree: false, text: 'no (unparsable result)'}
  if (ra.winner !== rb.winner) return {agree: false, text: 'no'}
  if (ra.margin === rb.margin)
    return {agree: true, text: 'yes'}
  if (mode === 'winner') return {agree: true, text: `winner only (margins ${ra.margin} vs ${rb.margin})`}
  return {agree: false, text: `winner only (margins ${ra.margin} vs ${rb.margin})`}
}

// ---------------------------------------------------------------- SGF

function sgfEscape(s) {
  return String(s).replace(/\\/g, '\\\\').replace(/]/g, '\\]')
}

function writeSgf(file, o, g) {
  let props = [
    'GM[1]',
    'FF[4]',
    'CA[UTF-8]',
    'AP[ingo-match:0.1]',
    `SZ[${o.size}]`,
    `KM[${o.komi}]`,
    `PB[${sgfEscape(g.names[BLACK])}]`,
    `PW[${sgfEscape(g.names[WHITE])}]`,
    `DT[${new Date().toISOString().slice(0, 10)}]`,
    `GN[game ${g.number}]`
  ]
  if (g.sgfResult) props.push(`RE[${sgfEscape(g.sgfResult)}]`)
  props.push(`GC[${sgfEscape(g.summary + (g.notes.length ? '\n' + g.notes.join('\n') : ''))}]`)
  let nodes = g.moves.map(m => `;${colorName(m.color)}[${sgfPoint(m.idx, o.size)}]`)
  let text = `(;${props.join('')}\n${nodes.join('\n')})\n`
  fs.writeFileSync(file, text)
}

function sgfFileName(o, number) {
  if (o.sgf == null) return null
  if (o.games === 1 && /\.sgf$/i.test(o.sgf)) return o.sgf
  return `${o.sgf.replace(/\.sgf$/i, '')}-${number}.sgf`
}

// ---------------------------------------------------------------- a game

async function playGame(o, number, ingoColor) {
  let n = o.size
  let ingo = new Engine('ingo', o.ingo, o.ingoArgs, o)
  let gnugo = new Engine('gnugo', o.gnugo, o.gnugoArgs, o)
  let byColor = {[ingoColor]: ingo, [other(ingoColor)]: gnugo}
  let g = {
    number,
    names: {[ingoColor]: 'ingo', [other(ingoColor)]: 'gnugo'},
    moves: [],
    illegal: [],
    refereeViolations: [],
    failures: [],
    notes: [],
    end: null,
    results: {},
    sgfResult: null,
    summary: ''
  }
  let board = new Board(n)
  let refereeOk = true
  let tag = `game ${number}: ingo(${colorName(ingoColor)}) vs gnugo(${colorName(other(ingoColor))})`
  console.log(`=== ${tag}, ${n}x${n}, komi ${o.komi}`)

  try {
    for (let e of [ingo, gnugo]) {
      e.start()
      let name = await e.must('name').catch(() => e.label)
      let version = (await e.send('version')).content
      console.log(`  ${e.label}: ${name} ${version}  (${e.file} ${e.args.join(' ')})`)
      g.names[e === ingo ? ingoColor : other(ingoColor)] = `${e.label} (${`${name} ${version}`.trim()})`
      await e.must('boardsize', [String(n)])
      await e.must('clear_board')
      await e.must('komi', [String(o.komi)])
    }

    let color = BLACK
    let passes = 0
    while (true) {
      if (g.moves.length >= o.maxMoves) {
        g.end = 'limit'
        g.notes.push(`stopped at the move limit (${o.maxMoves})`)
        console.log(`  move limit ${o.maxMoves} reached`)
        break
      }
      let mover = byColor[color]
      let receiver = byColor[other(color)]
      let t0 = Date.now()
      let reply = await mover.must('genmove', [colorName(color)])
      let secs = ((Date.now() - t0) / 1000).toFixed(1)
      let word = reply.trim().toLowerCase()
      let moveNo = g.moves.length + 1
      let prefix = `  ${String(moveNo).padStart(3)} ${colorName(color)} ${mover.label.padEnd(5)}`

      if (word === 'resign') {
        g.end = 'resign'
        g.resigned = color
        console.log(`${prefix} resign  (${secs}s)`)
        break
      }
      let idx = parseVertex(word, n)
      if (idx == null)
        throw new EngineFailure(mover, `${mover.label}: malformed genmove reply "${reply}"`)

      let res = await receiver.send('play', [colorName(color), vertexName(idx, n)])
      if (res.error) {
        let msg = `move ${moveNo}: ${colorName(color)} ${vertexName(idx, n)} by ${mover.label} rejected by ${receiver.label}: ? ${res.content}`
        g.illegal.push(msg)
        g.notes.push('illegal ' + msg)
        g.end = 'illegal'
        console.log(`${prefix} ${vertexName(idx, n).padEnd(5)} (${secs}s)  ILLEGAL: ${receiver.label} says "? ${res.content}"`)
        break
      }

      let ref = refereeOk ? board.play(color, idx) : {illegal: null, superko: false, captured: 0}
      let extra = ''
      if (ref.captured) extra += `  captures ${ref.captured}`
      if (ref.illegal) {
        let msg = `move ${moveNo}: ${colorName(color)} ${vertexName(idx, n)} by ${mover.label} is ${ref.illegal} on the referee board, but ${receiver.label} accepted it`
        g.refereeViolations.push(msg)
        g.notes.push('referee: ' + msg)
        refereeOk = false
        extra += `  REFEREE: ${ref.illegal}`
      } else if (ref.superko) {
        g.notes.push(`referee: move ${moveNo} ${colorName(color)} ${vertexName(idx, n)} repeats an earlier whole-board position`)
        extra += '  (repeats a position: superko)'
      }
      if (!o.quiet || extra) console.log(`${prefix} ${vertexName(idx, n).padEnd(5)} (${secs}s)${extra}`)
      g.moves.push({color, idx})

      passes = idx === 'pass' ? passes + 1 : 0
      if (passes >= 2) {
        g.end = 'passes'
        break
      }
      color = other(color)
    }

    if (refereeOk && !o.quiet) console.log(board.toString())

    if (g.end === 'passes') {
      for (let e of [ingo, gnugo]) {
        let r = {}
        let fs_ = await e.send('final_score')
        r.finalScore = fs_.error ? null : fs_.content
        r.finalScoreRaw = (fs_.error ? '? ' : '') + fs_.content
        let dl = await e.send('final_status_list', ['dead'])
        r.deadRaw = (dl.error ? '? ' : '') + dl.content.split(/\s+/).filter(x => x).join(' ')
        r.dead = dl.error ? null : dl.content.split(/\s+/).filter(x => x)
        if (e === ingo && (await e.knows('ingo-phase'))) {
          let ph = await e.send('ingo-phase')
          r.phase = (ph.error ? '? ' : '') + ph.content
        }
        if (r.dead && refereeOk) {
          let idxs = r.dead.map(v => parseVertex(v, n))
          if (idxs.every(i => typeof i === 'number'))
            r.refereeScore = formatScore(board.areaScore(idxs, o.komi))
        }
        g.results[e.label] = r
        console.log(
          `  ${e.label.padEnd(5)} final_score: ${r.finalScoreRaw || '(empty)'}; ` +
            `dead (${r.dead ? r.dead.length : '?'}): ${r.deadRaw || '(none)'}` +
            (r.refereeScore != null ? `; area count with these dead stones: ${r.refereeScore}` : '') +
            (r.phase != null ? `; ingo-phase: ${r.phase}` : '')
        )
        if (r.finalScore == null)
          g.failures.push(`${e.label}: final_score failed: ${r.finalScoreRaw}`)
      }
    }
  } catch (err) {
    if (!(err instanceof EngineFailure)) throw err
    g.failures.push(err.message)
    g.end = g.end || 'failure'
    console.log(`  ENGINE FAILURE: ${err.message}`)
    if (err.engine.stderrTail.length) {
      console.log(`  last stderr lines of ${err.engine.label}:`)
      for (let l of err.engine.stderrTail.slice(-10)) console.log(`    | ${l}`)
    }
  } finally {
    await Promise.all([ingo.shutdown(), gnugo.shutdown()])
  }

  // Summary
  let parts = [`${g.moves.length} moves`, `illegal moves: ${g.illegal.length}`]
  let agreeOk = true
  let outcome = null // 'B', 'W', 'draw' or null
  if (g.end === 'passes' && g.results.ingo && g.results.gnugo) {
    let a = g.results.ingo.finalScore
    let b = g.results.gnugo.finalScore
    let cmp = compareResults(a, b, o.agree)
    agreeOk = cmp.agree
    parts.push(`ingo says ${a || '?'}`, `gnugo says ${b || '?'}`, `agree: ${cmp.text}`)
    if (cmp.agree) {
      outcome = parseResult(a).winner
      g.sgfResult = outcome === 'draw' ? '0' : a
    }
  } else if (g.end === 'resign') {
    let w = colorName(other(g.resigned))
    outcome = w
    g.sgfResult = `${w}+R`
    parts.push(`${byColor[g.resigned].label} resigned, result ${w}+R`)
  } else if (g.end === 'limit') {
    parts.push(`stopped at the move limit ${o.maxMoves}`)
  } else if (g.end === 'illegal') {
    parts.push('stopped by the illegal move')
  }
  if (g.refereeViolations.length) parts.push(`referee violations: ${g.refereeViolations.length}`)
  if (g.failures.length) parts.push(`engine failures: ${g.failures.join('; ')}`)
  g.summary = `${tag}: ${parts.join(', ')}`
  g.outcomeWinner = outcome == null ? null : outcome === 'draw' ? 'draw' : g.names[outcome === 'B' ? BLACK : WHITE].split(' ')[0]
  g.ok =
    g.illegal.length === 0 &&
    g.failures.length === 0 &&
    g.refereeViolations.length === 0 &&
    g.end !== 'limit' &&
    agreeOk

  let file = sgfFileName(o, number)
  if (file) {
    writeSgf(file, o, g)
    console.log(`  SGF written to ${file}`)
  }
  for (let note of g.notes) console.log(`  note: ${note}`)
  console.log(g.summary)
  return g
}

// ---------------------------------------------------------------- main

async function main() {
  let o
  try {
    o = parseOptions(process.argv.slice(2))
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    console.error(`error: ${err.message}\n\n${USAGE}`)
    process.exit(2)
  }
  if (o.gtpLog) gtpLogFd = fs.openSync(o.gtpLog, 'w')

  let interrupted = false
  process.on('SIGINT', async () => {
    if (interrupted) process.exit(130)
    interrupted = true
    console.log('\ninterrupted: stopping the engines')
    await killAll()
    process.exit(130)
  })

  let games = []
  for (let i = 1; i <= o.games; i++) {
    let ingoColor =
      o.ingoColor === 'black' ? BLACK : o.ingoColor === 'white' ? WHITE : i % 2 === 1 ? BLACK : WHITE
    games.push(await playGame(o, i, ingoColor))
  }

  console.log('\n=== summary')
  for (let g of games) console.log(g.summary)
  let wins = {ingo: 0, gnugo: 0, draw: 0}
  for (let g of games) if (g.outcomeWinner in wins) wins[g.outcomeWinner]++
  let bad = games.filter(g => !g.ok).length
  console.log(
    `match: ${games.length} game(s), ingo wins ${wins.ingo}, gnugo wins ${wins.gnugo}` +
      (wins.draw ? `, draws ${wins.draw}` : '') +
      `, games with problems: ${bad}`
  )
  if (gtpLogFd != null) fs.closeSync(gtpLogFd)
  return bad === 0 ? 0 : 1
}

main().then(
  code => process.exit(code),
  async err => {
    console.error(`match.js: internal error: ${err && err.stack ? err.stack : err}`)
    await killAll()
    process.exit(1)
  }
)
