// The verdicts of the territory count cross-check (lib/count.js), on the
// engines' answers for two records of stop 33's 9x9 cross-check:
// node --test scripts/match/test/
'use strict'

const test = require('node:test')
const assert = require('node:assert')
const {aftermath, margin} = require('../lib/count')

// Game 311: GNU Go's aftermath fills a dame that needs White's teire at
// B2, which ingo counts as White's territory: one point, B+10.5 against
// B+11.5.
const TEIRE = {
  ingo: {
    dead: 'B8 H6',
    score: 'B+10.5',
    black: 'A8 A9 B8 B9 C8 C9 D6 D8 D9 E6 E8 E9 F7 F8 F9 G6 G7 G8 G9 H6 H8 H9 J8 J9',
    white: 'A1 A2 A3 A4 B1 B2 B3 H1 H3 J1 J2 J3',
  },
  gnugo: {
    dead: 'B8 H6',
    score: 'B+11.5',
    black: 'A8 A9 B9 C8 C9 D6 D8 D9 E6 E8 E9 F7 F8 F9 G6 G7 G8 G9 H8 H9 J8 J9',
    white: 'A1 A2 A3 A4 B1 B3 H1 H3 J1 J2 J3',
    dame: 'B2',
  },
}

// Game 269: with White's A3-A4 dead, the top left touches both colours
// through A5-A7 and B6; ingo gives it nobody, GNU Go closes it and gives
// White seven points of it.
const OPEN = {
  ingo: {
    dead: 'A3 A4',
    score: 'B+15.5',
    black: 'A1 B1 B2 C3 D4 E4 F4 F5 F8 F9 G5 G6 G7 H6 H7 H8 H9 J6 J7 J8 J9',
    white: 'F1 G2 H1 J1 J2',
  },
  gnugo: {
    dead: 'A3 A4',
    score: 'B+9.5',
    black: 'A1 B1 B2 C3 D4 E4 F4 F5 F8 F9 G5 G6 G7 H6 H7 H8 H9 J6 J7 J8 J9',
    white: 'A8 A9 B7 B9 C6 C7 C8 F1 G2 H1 J1 J2',
    dame: 'A5 A6 A7 B6',
  },
}

// Game 166 of stop 34's Japanese match: Black's A1 and B2, dead, share
// their liberty A2 with Black's living A3. With them gone, A1, A2 and B2
// touch both colours: nobody's to ingo (W+5.5); GNU Go lists A2 as dame
// and counts A1 and B2 as White's (W+7.5), though its territory lists,
// which leave out dead stones, are ingo's.
const OPEN_DEAD = {
  ingo: {
    dead: 'A1 B2',
    score: 'W+5.5',
    black: 'A5 A6 A7 A8 A9 B5 B6 B7 B8 B9 C5 C6 C7 C8 C9 D6 D7 D8 D9 E6 E8 E9 F6 F7',
    white: 'D1 E1 E2 F1 F2 G1 G2 H1 H2 H3 H4 H5 J1 J2 J3 J4 J5 J6 J7 J8 J9',
  },
  gnugo: {
    dead: 'A1 B2',
    score: 'W+7.5',
    black: 'A5 A6 A7 A8 A9 B5 B6 B7 B8 B9 C5 C6 C7 C8 C9 D6 D7 D8 D9 E6 E8 E9 F6 F7',
    white: 'D1 E1 E2 F1 F2 G1 G2 H1 H2 H3 H4 H5 J1 J2 J3 J4 J5 J6 J7 J8 J9',
    dame: 'A2',
  },
}

const edit = (r, who, fields) => ({...r, [who]: {...r[who], ...fields}})

test('margins are read from final_score answers', () => {
  assert.strictEqual(margin('B+10.5'), 10.5)
  assert.strictEqual(margin('W+2'), -2)
  assert.strictEqual(margin('0'), 0)
})

test('a teire GNU Go plays explains the difference only to the point', () => {
  assert.strictEqual(aftermath(TEIRE), 'teire')
  // One point more or less is a disagreement.
  assert.strictEqual(aftermath(edit(TEIRE, 'gnugo', {score: 'B+12.5'})), null)
  // So is a point that GNU Go does not list as dame.
  assert.strictEqual(aftermath(edit(TEIRE, 'gnugo', {dame: 'J9'})), null)
  // And nothing explains a difference when GNU Go played no dame.
  assert.strictEqual(aftermath(edit(TEIRE, 'gnugo', {dame: ''})), null)
})

test('an open boundary GNU Go closes is told apart', () => {
  assert.strictEqual(aftermath(OPEN), 'open')
  // A point GNU Go gives White that ingo gives Black is no open boundary.
  let black = OPEN.ingo.black + ' C7'
  assert.strictEqual(aftermath(edit(OPEN, 'ingo', {black})), null)
})

test('dead stones in a region left open count as the open region', () => {
  assert.strictEqual(aftermath(OPEN_DEAD), 'open')
  // Had ingo given their points to White, the counts would differ by
  // something else.
  let white = OPEN_DEAD.ingo.white + ' A1 B2'
  assert.strictEqual(aftermath(edit(OPEN_DEAD, 'ingo', {white})), null)
})
