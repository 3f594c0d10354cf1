// How well an engine's own judgement of positions agrees with KataGo's:
// the win rates and leads an `ingo review` record holds after each move,
// against the leads of a judge.js --json file for the same games. See
// calibration.js.
'use strict'

const sgf = require('@sabaki/sgf')
const J = require('./judge')

// The evaluations of a review record (SGF text): for each move of the
// main line, Black's win rate (0-1, from SBKV, a percentage) and Black's
// lead (SBKS) after it, or null where the node has none.
function readEvaluations(text) {
  let roots = sgf.parse(text)
  if (roots.length === 0) throw new Error('no game in the file')
  let out = []
  for (let node = roots[0].children[0]; node != null; node = node.children[0]) {
    if (!node.data.B && !node.data.W) continue
    let num = id => (node.data[id] ? Number(node.data[id][0]) : NaN)
    let rate = num('SBKV') / 100
    let lead = num('SBKS')
    out.push({
      rate: Number.isFinite(rate) ? rate : null,
      lead: Number.isFinite(lead) ? lead : null
    })
  }
  return out
}

// One row per move that both judged: the move number, its phase, the
// engine's Black win rate and lead after it, and KataGo's Black lead
// after it (the judge's whiteLeads[k] is White's lead after move k).
// With `toward`, a player's name (the record's PB or PW), each row also
// has `side`: 1 where that player is Black, -1 where White, 0 where
// neither.
function pairs(judged, evaluations, bounds, toward = null) {
  let rows = []
  let n = Math.min(evaluations.length, judged.whiteLeads.length - 1)
  let side = judged.black === toward ? 1 : judged.white === toward ? -1 : 0
  for (let k = 1; k <= n; k++) {
    let e = evaluations[k - 1]
    let kata = judged.whiteLeads[k]
    if (e.rate == null || kata == null) continue
    let row = {move: k, phase: J.phaseOf(k, bounds), rate: e.rate, lead: e.lead, kata: -kata}
    if (toward != null) row.side = side
    rows.push(row)
  }
  return rows
}

// The agreement over `rows`. Among the positions KataGo calls decided
// (Black's lead at least `decided` points either way): the Brier score
// of the win rate against KataGo's winner (0 is perfect, 0.25 is a coin)
// and the share where the win rate names the same winner. Over all: the
// correlation of the engine's lead with KataGo's (null without leads),
// and, over the rows with a `side`, the mean error of the engine's lead
// toward that side: positive where it thinks that player better off than
// KataGo does (a playout policy that kills one side's groups too often
// errs toward the other, whoever is to move; null without such rows).
function agreement(rows, decided = 3) {
  let d = rows.filter(r => Math.abs(r.kata) >= decided)
  let won = r => (r.kata > 0 ? 1 : 0)
  let brier = d.length ? d.reduce((a, r) => a + (r.rate - won(r)) ** 2, 0) / d.length : null
  let sign = d.length ? d.filter(r => r.rate > 0.5 === r.kata > 0).length / d.length : null
  let l = rows.filter(r => r.lead != null)
  let corr = null
  if (l.length > 1) {
    let mx = l.reduce((a, r) => a + r.lead, 0) / l.length
    let my = l.reduce((a, r) => a + r.kata, 0) / l.length
    let sxy = 0
    let sxx = 0
    let syy = 0
    for (let r of l) {
      sxy += (r.lead - mx) * (r.kata - my)
      sxx += (r.lead - mx) ** 2
      syy += (r.kata - my) ** 2
    }
    corr = sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null
  }
  let t = l.filter(r => r.side)
  let toward = t.length ? t.reduce((a, r) => a + r.side * (r.lead - r.kata), 0) / t.length : null
  return {positions: rows.length, decided: d.length, brier, sign, corr, toward}
}

module.exports = {readEvaluations, pairs, agreement}
