// The referee's own board: independent of both engines, it flags moves on
// occupied points and suicides, notes whole-board repetitions, and counts
// area with a given set of dead stones.
'use strict'

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

module.exports = {Board, BLACK, WHITE, colorName, other, parseVertex, vertexName, sgfPoint}
