// The match table from result records (one per game), the same whether the
// records come from one run or from several shards' files.
'use strict'

const fs = require('fs')

// 95% Wilson score interval for x successes in n trials.
function wilson(x, n, z = 1.959964) {
  if (n === 0) return [0, 1]
  let p = x / n
  let z2 = z * z
  let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  let half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n)
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

// Reads a results file: one JSON object per line. A torn last line (the run
// was killed while writing it) is skipped; that game is simply replayed.
function readResults(file) {
  if (!fs.existsSync(file)) return []
  let out = []
  let lines = fs.readFileSync(file, 'utf8').split('\n')
  lines.forEach((line, i) => {
    if (!line.trim()) return
    try {
      out.push(JSON.parse(line))
    } catch (err) {
      if (i < lines.length - 2) throw new Error(`${file}:${i + 1}: not a JSON line`)
    }
  })
  return out
}

// Merges records of several files: each game number once; the same game
// twice with different content is an error (two runs mixed up).
function mergeRecords(lists) {
  let byGame = new Map()
  let config = null
  for (let list of lists)
    for (let r of list) {
      if (config == null) config = r.config
      if (r.config !== config) throw new Error(`game ${r.game} is from a different match (other engines or settings)`)
      let prev = byGame.get(r.game)
      if (prev && JSON.stringify(prev) !== JSON.stringify(r))
        throw new Error(`game ${r.game} appears twice with different results`)
      byGame.set(r.game, r)
    }
  return [...byGame.values()].sort((a, b) => a.game - b.game)
}

function pct(x) {
  return (100 * x).toFixed(1) + '%'
}

// Returns the summary as text lines, and counts for the exit status.
function summarize(records) {
  let names = []
  for (let r of records) for (let n of [r.engine1, r.engine2]) if (!names.includes(n)) names.push(n)
  let per = {}
  for (let n of names) per[n] = {wins: 0, asBlack: 0, winsAsBlack: 0, time: 0, illegal: 0, crash: 0, secs: 0, moves: 0}
  let draws = 0
  let noResult = 0
  let disagree = 0
  let limit = 0
  let blackWins = 0
  let ends = {}
  for (let r of records) {
    ends[r.end] = (ends[r.end] || 0) + 1
    per[r.black].asBlack++
    if (r.winner === 'draw') draws++
    else if (r.winner == null) noResult++
    else {
      per[r.winner].wins++
      if (r.winner === r.black) {
        per[r.winner].winsAsBlack++
        blackWins++
      }
    }
    if (r.end === 'time') per[r.loser].time++
    if (r.end === 'illegal') per[r.loser].illegal++
    if (r.end === 'crash') per[r.loser].crash++
    if (r.end === 'limit') limit++
    if (r.agree === false) disagree++
    for (let n of [r.engine1, r.engine2]) {
      per[n].secs += (r.wallTime && r.wallTime[n]) || 0
      per[n].moves += (r.movesBy && r.movesBy[n]) || 0
    }
  }
  let lines = []
  let n = records.length
  lines.push(`games: ${n}` + (n ? ` (numbers ${records[0].game}..${records[n - 1].game})` : ''))
  lines.push(`ended by: ${Object.entries(ends).map(([k, v]) => `${k} ${v}`).join(', ') || '-'}`)
  let decided = n - noResult
  for (let name of names) {
    let p = per[name]
    let score = p.wins + draws / 2
    let [lo, hi] = wilson(score, decided)
    lines.push(
      `${name}: wins ${p.wins}/${decided}` +
        (decided ? ` = ${pct(score / decided)} [95% Wilson ${pct(lo)}, ${pct(hi)}]` : '') +
        `; as Black ${p.winsAsBlack}/${p.asBlack}` +
        `; lost on time ${p.time}, illegal moves ${p.illegal}, crashes ${p.crash}` +
        `; ${p.moves ? (p.secs / p.moves).toFixed(2) : '-'} s/move`
    )
  }
  lines.push(
    `draws ${draws}, no result ${noResult} (move limit ${limit}), Black won ${blackWins}, ` +
      `scores disagreeing ${disagree}`
  )
  let counts = {
    time: names.reduce((s, x) => s + per[x].time, 0),
    illegal: names.reduce((s, x) => s + per[x].illegal, 0),
    crash: names.reduce((s, x) => s + per[x].crash, 0),
    disagree,
    limit
  }
  return {lines, counts}
}

module.exports = {wilson, readResults, mergeRecords, summarize}
