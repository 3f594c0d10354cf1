#!/usr/bin/env node
// Checks a game record written by `ingo review` the way Sabaki reads it,
// with Sabaki's own SGF parser (@sabaki/sgf):
//
//   node scripts/match/review-check.js REVIEW.sgf [ORIGINAL.sgf]
//
// - every node of the main line carries SBKV (Black's win rate, percent)
//   and SBKS (Black's score lead), one number each, SBKV in 0..100, SBKS
//   within what a board of that size can hold, both written as Sabaki
//   writes them: String(Math.round(x * 100) / 100);
// - every move node has a comment naming that move ("Move N: B D4");
// - with ORIGINAL: the same moves, and the same size, komi, rules and
//   set-up stones on the root.
// Prints one summary line; exits 1 listing the problems when there are any.
'use strict'

const sgf = require('@sabaki/sgf')

const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'

// An SGF move value as ingo's comments print it ("D4", "pass").
function vertexText(value, size) {
  if (value === '' || (size <= 19 && value === 'tt')) return 'pass'
  let x = value.charCodeAt(0) - 97
  let y = value.charCodeAt(1) - 97
  return LETTERS[x] + String(size - y)
}

function mainLine(root) {
  let nodes = []
  for (let node = root; node != null; node = node.children[0]) nodes.push(node)
  return nodes
}

function checkReview(reviewPath, originalPath = null) {
  let problems = []
  let [root] = sgf.parseFile(reviewPath)
  if (root == null) return {problems: ['no game in the file'], nodes: 0, moves: 0}
  let size = root.data.SZ ? parseInt(root.data.SZ[0], 10) : 19
  let komi = root.data.KM ? parseFloat(root.data.KM[0]) : 0
  let maxLead = size * size + Math.abs(komi) + 1
  let nodes = mainLine(root)
  let moves = 0
  nodes.forEach((node, i) => {
    let where = `node ${i}`
    for (let [id, lo, hi] of [
      ['SBKV', 0, 100],
      ['SBKS', -maxLead, maxLead],
    ]) {
      let values = node.data[id]
      if (values == null || values.length !== 1) {
        problems.push(`${where}: ${id} missing or not one value`)
        continue
      }
      let raw = values[0]
      let x = Number(raw)
      if (raw.trim() === '' || !Number.isFinite(x)) {
        problems.push(`${where}: ${id}[${raw}] is not a number`)
      } else if (x < lo || x > hi) {
        problems.push(`${where}: ${id}[${raw}] out of ${lo}..${hi}`)
      } else if (String(Math.round(x * 100) / 100) !== raw) {
        problems.push(`${where}: ${id}[${raw}] is not written as Sabaki writes it`)
      }
    }
    let color = 'B' in node.data ? 'B' : 'W' in node.data ? 'W' : null
    if (color != null) {
      moves += 1
      let expected = `Move ${moves}: ${color} ${vertexText(node.data[color][0], size)}`
      let comment = node.data.C ? node.data.C[0] : ''
      if (!comment.split('\n').includes(expected)) {
        problems.push(`${where}: comment does not name "${expected}"`)
      }
    }
  })
  if (originalPath != null) {
    let [orig] = sgf.parseFile(originalPath)
    let origNodes = mainLine(orig)
    let movesOf = list =>
      list
        .filter(n => 'B' in n.data || 'W' in n.data)
        .map(n => ('B' in n.data ? 'B' + n.data.B[0] : 'W' + n.data.W[0]))
    if (JSON.stringify(movesOf(origNodes)) !== JSON.stringify(movesOf(nodes))) {
      problems.push('the moves differ from the original')
    }
    for (let id of ['SZ', 'KM', 'RU', 'HA', 'AB', 'AW']) {
      let a = JSON.stringify((orig.data[id] || []).slice().sort())
      let b = JSON.stringify((root.data[id] || []).slice().sort())
      if (a !== b) problems.push(`root ${id}: ${b}, the original has ${a}`)
    }
  }
  return {problems, nodes: nodes.length, moves}
}

module.exports = {checkReview, vertexText}

if (require.main === module) {
  let [reviewPath, originalPath] = process.argv.slice(2)
  if (reviewPath == null) {
    console.error('usage: node review-check.js REVIEW.sgf [ORIGINAL.sgf]')
    process.exit(2)
  }
  let {problems, nodes, moves} = checkReview(reviewPath, originalPath)
  if (problems.length > 0) {
    for (let p of problems) console.error(`review-check: ${p}`)
    process.exit(1)
  }
  console.log(`review-check: ok: ${nodes} nodes, ${moves} moves, SBKV and SBKS on every node`)
}
