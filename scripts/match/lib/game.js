// One game between two GTP engines, refereed: every move is checked by the
// referee's own board and by the other engine's `play`; clocks run on the
// runner's wall clock. Returns the result record written to the results file.
'use strict'

const fs = require('fs')
const sgf = require('@sabaki/sgf')
const {Engine, EngineFailure, TimeForfeit} = require('./engine')
const {Board, BLACK, WHITE, colorName, other, parseVertex, vertexName, sgfPoint} = require('./board')
const {Clock, describeTimeControl} = require('./clock')

// "B+12", "W+3.5", "B+R", "0", "Draw" -> {winner: 'B'|'W'|'draw'|null, margin}
function parseResult(s) {
  if (s == null) return {winner: null, margin: null}
  let t = s.trim()
  if (/^(0|draw|jigo|0\.0|[bw]\+0(\.0+)?)$/i.test(t)) return {winner: 'draw', margin: 0}
  let m = /^([BW])\+(.*)$/i.exec(t)
  if (!m) return {winner: null, margin: null}
  let rest = m[2].trim()
  let margin = /^\d+(\.\d+)?$/.test(rest) ? Number(rest) : rest.toUpperCase() || null
  return {winner: m[1].toUpperCase(), margin}
}

function formatScore(x) {
  if (x === 0) return '0'
  return (x > 0 ? 'B+' : 'W+') + Math.abs(x)
}

const round1 = x => Math.round(x * 1000) / 1000

// o: the runner's options; spec: {game, black: {name, command}, white: {...}}
async function playGame(o, spec, log) {
  let n = o.size
  let engines = {}
  let logLines = []
  let gtpLog = o.gtpLogDir ? line => logLines.push(line) : null
  for (let c of [BLACK, WHITE]) {
    let s = c === BLACK ? spec.black : spec.white
    engines[c] = new Engine(s.name, s.command, {timeout: o.timeout, log: gtpLog})
  }
  let nameOf = c => engines[c].label
  let clocks = o.time ? {[BLACK]: new Clock(o.time, o.lag), [WHITE]: new Clock(o.time, o.lag)} : null
  let board = new Board(n)
  let moves = [] // {color, idx, secs, left}
  let wall = {[BLACK]: 0, [WHITE]: 0}
  let notes = []
  let end = null // score | resign | time | illegal | crash | limit
  let loserColor = null
  let finalScores = {}
  let extra = {}
  let versions = {}
  let tag = `game ${spec.game}: ${nameOf(BLACK)}(B) vs ${nameOf(WHITE)}(W)`

  try {
    for (let c of [BLACK, WHITE]) {
      let e = engines[c]
      loserColor = c // a failure while setting up is this engine's
      e.start()
      let reply = async cmd => {
        let r = await e.send(cmd)
        return r.error ? '' : r.content.trim()
      }
      let name = await reply('name')
      let version = await reply('version')
      versions[e.label] = `${name} ${version}`.trim()
      await e.must('boardsize', [String(n)])
      await e.must('clear_board')
      await e.must('komi', [String(o.komi)])
      if (o.rules && (await e.knows('kgs-rules'))) await e.must('kgs-rules', [o.rules])
      if (o.time && o.time.tell) {
        let t = o.time
        if (t.periods > 0 && (await e.knows('kgs-time_settings')))
          await e.must('kgs-time_settings', ['byoyomi', String(t.main), String(t.byoTime), String(t.periods)])
        else {
          // Japanese byo-yomi for an engine that only knows GTP: one period
          // as Canadian byo-yomi of one stone, which is never more generous.
          let stones = t.periods > 0 ? 1 : t.byoTime > 0 ? t.stones : 0
          await e.must('time_settings', [String(t.main), String(stones > 0 ? t.byoTime : 0), String(stones)])
        }
      }
    }
    loserColor = null

    let color = BLACK
    let passes = 0
    while (true) {
      if (moves.length >= o.maxMoves) {
        end = 'limit'
        notes.push(`stopped at the move limit (${o.maxMoves})`)
        break
      }
      let mover = engines[color]
      let receiver = engines[other(color)]
      loserColor = color
      if (clocks && o.time.tell) {
        let [secs, stones] = clocks[color].timeLeft()
        if (await mover.knows('time_left'))
          await mover.must('time_left', [colorName(color), String(Math.max(0, Math.floor(secs))), String(stones)])
      }
      let limit = clocks ? clocks[color].allowance() : o.timeout
      let t0 = process.hrtime.bigint()
      let res
      let secs
      try {
        res = await mover.send('genmove', [colorName(color)], limit, clocks ? () => new TimeForfeit(mover, limit) : null)
      } finally {
        secs = Number(process.hrtime.bigint() - t0) / 1e9
        wall[color] += secs
      }
      if (res.error) throw new EngineFailure(mover, `${mover.label}: genmove failed: ? ${res.content}`)
      if (clocks && !clocks[color].charge(secs)) throw new TimeForfeit(mover, limit)
      let word = res.content.trim().toLowerCase()
      let moveNo = moves.length + 1

      if (word === 'resign') {
        end = 'resign'
        if (o.verbose) console.log(`  ${tag} ${moveNo} ${colorName(color)} resign (${secs.toFixed(2)}s)`)
        break
      }
      let idx = parseVertex(word, n)
      if (idx == null) throw new EngineFailure(mover, `${mover.label}: malformed genmove reply "${res.content}"`)
      let v = vertexName(idx, n)

      let ref = board.play(color, idx)
      if (ref.illegal) {
        end = 'illegal'
        notes.push(`move ${moveNo}: ${colorName(color)} ${v} by ${mover.label}: ${ref.illegal} (referee board)`)
        break
      }
      if (ref.superko) {
        let msg = `move ${moveNo}: ${colorName(color)} ${v} by ${mover.label} repeats an earlier whole-board position`
        if (o.superko === 'illegal') {
          end = 'illegal'
          notes.push(msg + ' (referee board, positional superko)')
          break
        }
        notes.push(msg)
      }
      loserColor = other(color) // the receiver answers for its own failures
      let rep = await receiver.send('play', [colorName(color), v])
      if (rep.error) {
        loserColor = color
        end = 'illegal'
        notes.push(`move ${moveNo}: ${colorName(color)} ${v} by ${mover.label} rejected by ${receiver.label}: ? ${rep.content}`)
        break
      }
      moves.push({color, idx, secs, left: clocks ? clocks[color].timeLeft()[0] : null})
      if (o.verbose)
        console.log(`  ${tag} ${String(moveNo).padStart(3)} ${colorName(color)} ${v.padEnd(4)} (${secs.toFixed(2)}s)${ref.captured ? ` captures ${ref.captured}` : ''}`)

      passes = idx === 'pass' ? passes + 1 : 0
      if (passes >= 2) {
        end = 'score'
        break
      }
      color = other(color)
    }
    if (end !== 'illegal') loserColor = null

    if (end === 'score') {
      for (let c of [BLACK, WHITE]) {
        let e = engines[c]
        loserColor = c
        let r = {}
        if (await e.knows('final_score')) {
          let fsr = await e.send('final_score')
          r.finalScore = fsr.error ? null : fsr.content.trim()
          if (fsr.error) notes.push(`${e.label}: final_score failed: ? ${fsr.content}`)
        }
        if (await e.knows('final_status_list')) {
          let dl = await e.send('final_status_list', ['dead'])
          if (!dl.error) {
            let dead = dl.content.split(/\s+/).filter(x => x).map(x => parseVertex(x, n))
            if (dead.every(i => typeof i === 'number')) r.refereeCount = formatScore(board.areaScore(dead, o.komi))
            r.dead = dead.length
          }
        }
        if (await e.knows('ingo-phase')) {
          let ph = await e.send('ingo-phase')
          r.phase = (ph.error ? '? ' : '') + ph.content.trim()
        }
        finalScores[e.label] = r.finalScore == null ? null : r.finalScore
        extra[e.label] = r
      }
      loserColor = null
    }
  } catch (err) {
    if (err instanceof TimeForfeit) {
      end = 'time'
      notes.push(err.message)
    } else if (err instanceof EngineFailure) {
      end = 'crash'
      loserColor = err.engine === engines[BLACK] ? BLACK : WHITE
      notes.push(err.message)
      if (err.engine.stderrTail.length)
        notes.push(`last stderr of ${err.engine.label}: ${err.engine.stderrTail.slice(-5).join(' | ')}`)
    } else throw err
  } finally {
    await Promise.all([engines[BLACK].shutdown(), engines[WHITE].shutdown()])
  }

  // The outcome: a forfeit (time, illegal, crash) or resignation loses; a
  // game ended by passes is won by what the engines' final_score answers
  // say (both must name the same winner; with --agree margin also the same
  // margin); an engine that has no final_score is not asked. With no answer
  // at all the referee counts area with no stones dead (Tromp-Taylor).
  let winnerColor = null
  let result = null
  let agree = null
  if (['time', 'illegal', 'crash'].includes(end)) {
    winnerColor = other(loserColor)
    result = `${colorName(winnerColor)}+${end === 'time' ? 'T' : 'F'}`
  } else if (end === 'resign') {
    loserColor = moves.length % 2 === 0 ? BLACK : WHITE
    winnerColor = other(loserColor)
    result = `${colorName(winnerColor)}+R`
  } else if (end === 'score') {
    let answers = Object.values(finalScores).filter(x => x != null)
    let parsed = answers.map(parseResult)
    if (answers.length === 0) {
      result = formatScore(board.areaScore([], o.komi))
      notes.push('no engine answered final_score: referee area count, no stones dead')
    } else {
      let winners = new Set(parsed.map(p => p.winner))
      let margins = new Set(parsed.map(p => p.margin))
      agree = !winners.has(null) && winners.size === 1 && (o.agree === 'winner' || margins.size === 1)
      if (answers.length < 2) agree = null // nothing to compare with
      if (!winners.has(null) && winners.size === 1) result = answers[0]
      else notes.push(`final_score answers name different winners: ${answers.join(' vs ')}`)
      if (agree === false && winners.size === 1) notes.push(`final_score margins differ: ${answers.join(' vs ')}`)
    }
    if (result != null) {
      let w = parseResult(result).winner
      winnerColor = w === 'B' ? BLACK : w === 'W' ? WHITE : w === 'draw' ? 'draw' : null
      if (w === 'draw') result = '0'
    }
  }
  let winner = winnerColor === 'draw' ? 'draw' : winnerColor == null ? null : nameOf(winnerColor)
  let loser = winnerColor === BLACK || winnerColor === WHITE ? nameOf(other(winnerColor)) : null

  let movesBy = {[nameOf(BLACK)]: 0, [nameOf(WHITE)]: 0}
  for (let m of moves) movesBy[nameOf(m.color)]++
  let record = {
    game: spec.game,
    engine1: o.engines[0].name,
    engine2: o.engines[1].name,
    black: nameOf(BLACK),
    white: nameOf(WHITE),
    winner,
    loser,
    end,
    result,
    finalScore: finalScores,
    agree,
    moves: moves.length,
    movesBy,
    wallTime: {[nameOf(BLACK)]: round1(wall[BLACK]), [nameOf(WHITE)]: round1(wall[WHITE])},
    notes,
    versions,
    config: o.configKey
  }
  if (Object.keys(extra).length) record.scoring = extra

  if (o.sgfDir) {
    let file = `${o.sgfDir}/game-${String(spec.game).padStart(4, '0')}.sgf`
    writeSgf(file, o, record, moves, versions)
    record.sgf = file
  }
  if (o.gtpLogDir) fs.writeFileSync(`${o.gtpLogDir}/game-${String(spec.game).padStart(4, '0')}.log`, logLines.join('\n') + '\n')
  return record
}

function writeSgf(file, o, r, moves, versions) {
  let data = {
    GM: ['1'],
    FF: ['4'],
    CA: ['UTF-8'],
    AP: ['ingo-match:0.2'],
    SZ: [String(o.size)],
    KM: [String(o.komi)],
    PB: [r.black],
    PW: [r.white],
    DT: [new Date().toISOString().slice(0, 10)],
    GN: [`game ${r.game}`],
    GC: [
      [`ended by ${r.end}`, `${r.moves} moves`]
        .concat(Object.entries(versions).map(([k, v]) => `${k}: ${v}`))
        .concat(r.notes)
        .join('\n')
    ]
  }
  if (o.rules) data.RU = [o.rules]
  if (r.result) data.RE = [r.result]
  else data.RE = ['?']
  if (o.time) {
    data.TM = [String(o.time.main)]
    data.OT = [describeTimeControl(o.time)]
  }
  let root = {id: 0, data, parentId: null, children: []}
  let parent = root
  moves.forEach((m, i) => {
    let c = colorName(m.color)
    let node = {id: i + 1, data: {[c]: [sgfPoint(m.idx, o.size)]}, parentId: parent.id, children: []}
    if (m.left != null) node.data[c + 'L'] = [m.left.toFixed(1)]
    parent.children.push(node)
    parent = node
  })
  fs.writeFileSync(file, sgf.stringify([root]))
}

module.exports = {playGame, parseResult}
