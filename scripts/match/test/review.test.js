// `ingo review` as Sabaki sees its output: the built binary reviews a short
// self-play game and a hand-written record, and @sabaki/sgf reads them back
// (scripts/match/review-check.js). Needs target/release/ingo (cargo build
// --release; `cargo test --release` builds it too).
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const fs = require('fs')
const os = require('os')
const path = require('path')
const {execFileSync} = require('child_process')
const {checkReview, vertexText} = require('../review-check')

const ingo = path.join(__dirname, '..', '..', '..', 'target', 'release', 'ingo')
const missing = fs.existsSync(ingo) ? false : `${ingo} is not built`

test('SGF points as ingo prints vertices', () => {
  assert.strictEqual(vertexText('aa', 19), 'A19')
  assert.strictEqual(vertexText('dp', 19), 'D4')
  assert.strictEqual(vertexText('ia', 9), 'J9') // no I column
  assert.strictEqual(vertexText('tt', 19), 'pass')
  assert.strictEqual(vertexText('', 9), 'pass')
})

test('a reviewed self-play game loads in @sabaki/sgf with SBKV and SBKS', {skip: missing}, () => {
  let dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingo-review-'))
  try {
    let game = path.join(dir, 'game.sgf')
    let common = ['--threads', '1', '--seed', '3']
    execFileSync(ingo, ['selfplay', '--size', '9', '--playouts', '100', '--resign', '0', '--sgf', game, ...common])
    execFileSync(ingo, ['review', game, '--playouts', '50', '-o', path.join(dir, 'out'), ...common])
    let {problems, nodes, moves} = checkReview(path.join(dir, 'out.sgf'), game)
    assert.deepStrictEqual(problems, [])
    assert.ok(moves >= 10, `${moves} moves`)
    assert.strictEqual(nodes, moves + 1)
    let svg = fs.readFileSync(path.join(dir, 'out.svg'), 'utf8')
    assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
  }
})

test('a record with set-up, comments and unknown properties keeps them', {skip: missing}, () => {
  let dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingo-review-'))
  try {
    let game = path.join(dir, 'g.sgf')
    fs.writeFileSync(
      game,
      '(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[cg][gc]PB[Ann]XY[a\\]b]C[start]' +
        ';W[ee]C[a [comment\\]];B[dd];W[];B[tt])\n'
    )
    execFileSync(ingo, ['review', game, '--playouts', '30', '--threads', '1', '--seed', '1'])
    let out = path.join(dir, 'g-review.sgf')
    let {problems, nodes, moves} = checkReview(out, game)
    assert.deepStrictEqual(problems, [])
    assert.strictEqual(nodes, 5)
    assert.strictEqual(moves, 4)
    let sgf = require('@sabaki/sgf')
    let [root] = sgf.parseFile(out)
    assert.deepStrictEqual(root.data.PB, ['Ann'])
    assert.deepStrictEqual(root.data.XY, ['a]b'])
    assert.ok(root.data.C[0].startsWith('start\n\nReviewed by ingo'))
    assert.ok(root.children[0].data.C[0].startsWith('a [comment]\n\nMove 1: W E5'))
  } finally {
    fs.rmSync(dir, {recursive: true, force: true})
  }
})
