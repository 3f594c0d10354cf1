// How two engines' territory counts of one finished game differ (issue
// 21's cross-check, count-check.js): by what GNU Go's aftermath play
// settles, or by more. Pure: the engines' answers in, a verdict out.
'use strict'

const set = s => new Set(s.split(' ').filter(x => x))
// Black's margin from a final_score answer (komi included).
const margin = s => (s === '0' ? 0 : (s[0] === 'B' ? 1 : -1) * Number(s.slice(2)))

// Do the counts differ only by what GNU Go's aftermath play settles?
// 'teire': points ingo counts as territory and GNU Go as dame, and the
// counts differ by exactly their number. 'open': points of a region ingo
// gives nobody (it touches both colours once the dead stones are gone: a
// boundary the players left open) that GNU Go gives one side, having
// closed the boundary with the dame it lists; the stones its aftermath
// plays there change its score too, which then need not match its own
// lists (game 269 of stop 33's cross-check: the lists say B+8.5 or
// B+10.5, its final_score B+9.5), so no margin is checked. The points
// of dead stones in such a region count as its points. Otherwise null.
function aftermath(r) {
  let dame = set(r.gnugo.dame)
  if (!dame.size) return null
  // GNU Go lists the points of dead stones as dead, not as territory.
  let dead = set(r.ingo.dead)
  let ingo = c => new Set([...set(r.ingo[c])].filter(p => !dead.has(p)))
  let diff = 0
  let open = 0
  for (let [color, sign, other] of [['black', 1, 'white'], ['white', -1, 'black']]) {
    let mine = ingo(color)
    let nobodys = p => !mine.has(p) && !ingo(other).has(p)
    let theirs = set(r.gnugo[color])
    for (let p of theirs) {
      if (mine.has(p)) continue
      if (!nobodys(p)) return null
      diff -= sign
      open++
    }
    for (let p of mine) {
      if (theirs.has(p)) continue
      if (!dame.has(p)) return null
      diff += sign
    }
  }
  // The points of dead stones: GNU Go's lists leave them out and its
  // score gives them to the side around them, while ingo's area names
  // them only where their region is one side's (game 166 of stop 34's
  // Japanese match: dead A1 and B2 share A2 with a living black stone).
  let named = new Set([...set(r.ingo.black), ...set(r.ingo.white)])
  for (let p of dead) if (!named.has(p)) open++
  if (open) return 'open'
  if (diff === 0 || margin(r.ingo.score) - margin(r.gnugo.score) !== diff) return null
  return 'teire'
}

module.exports = {aftermath, margin, set}
