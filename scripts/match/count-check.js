#!/usr/bin/env node
// Territory count cross-check (issue 21): loads each finished game record
// into two engines (ingo and GNU Go by default) and compares `final_score`
// wherever both name the same dead stones (`final_status_list dead`).
// Games that did not end by two passes are skipped. Prints one line per
// game that counts and a summary; exit status 1 on any disagreement.
//
// GNU Go's final_score first plays "conservative moves" on a copy until
// two passes (engine/aftermath.c): where a dame fill forces a defensive
// stone inside a territory (teire), that point is dame to GNU Go
// (`final_status_list dame`) and territory to ingo, which counts the board
// as the players left it (Japanese 1989 rules: life is confirmed, the
// count is the stopped position's). Such games are listed as "teire": the
// counts differ by exactly those points. Where the players left a
// boundary open, ingo counts the region that touches both colours as
// nobody's (as the rule text, and a server marking dead stones, do) and
// GNU Go closes it by play and gives its parts to each side: "open".
// GNU Go's count also follows its
// per-point `final_status`, which can call alive a stone that its
// `final_status_list dead` names (game 179 of the stop-32 cross-check:
// White J3); a game whose counts differ and where that happens is listed
// as "split" with those stones: the two engines did not count the same
// dead stones after all. Every other difference is a disagreement.
//
//   node scripts/match/count-check.js match-out/sgf \
//       --ingo "target/release/ingo --rules japanese --threads 1 --playouts 3000 --seed 1" \
//       --gnugo "/usr/games/gnugo --mode gtp"
//
// GNU Go counts Japanese unless given --chinese-rules; ingo takes the rules
// from the record's RU (Japanese) and komi from KM in both engines.
'use strict'

const fs = require('fs')
const path = require('path')
const {Command} = require('commander')
const {Engine} = require('./lib/engine')
const {aftermath, set} = require('./lib/count')

const program = new Command()
  .name('node scripts/match/count-check.js')
  .argument('<paths...>', 'SGF files or directories of them')
  .option('--ingo <command>', 'first engine', 'target/release/ingo --rules japanese --threads 1 --playouts 3000 --seed 1')
  .option('--gnugo <command>', 'second engine', '/usr/games/gnugo --mode gtp')
  .option('--timeout <sec>', 'limit per command', x => Number(x), 300)
  .option('--json <file>', 'write every game\'s answers here')
  .parse()

function files(paths) {
  let out = []
  for (let p of paths) {
    let st = fs.statSync(p)
    if (st.isDirectory())
      out.push(...fs.readdirSync(p).filter(f => f.endsWith('.sgf')).sort().map(f => path.join(p, f)))
    else out.push(p)
  }
  return out
}

// Did the main line end with two passes (B[] / W[] or B[tt] on 19x19)?
function endsByPasses(text) {
  let moves = [...text.matchAll(/;\s*([BW])\[([a-z]{0,2})\]/g)].map(m => m[2])
  let size = Number((text.match(/SZ\[(\d+)\]/) || [])[1] || 19)
  let pass = m => m === '' || (size <= 19 && m === 'tt')
  return moves.length >= 2 && pass(moves[moves.length - 1]) && pass(moves[moves.length - 2])
}

const deadSet = s => s.split(/\s+/).filter(x => x).map(x => x.toUpperCase()).sort().join(' ')
// "W+7.0" and "W+7" are one count; "0" is a draw (or no result).
const norm = s => s.trim().toUpperCase().replace(/\.0+$/, '')

async function main() {
  let o = program.opts()
  let list = files(program.args)
  let engines = [new Engine('ingo', o.ingo, {timeout: o.timeout, log: null}),
    new Engine('gnugo', o.gnugo, {timeout: o.timeout, log: null})]
  engines.forEach(e => e.start())
  let tally = {files: list.length, byPasses: 0, sameDead: 0, agree: 0, teire: 0, open: 0, split: 0, disagree: 0, differentDead: 0}
  let records = []
  try {
    for (let f of list) {
      let text = fs.readFileSync(f, 'utf8')
      if (!endsByPasses(text)) continue
      tally.byPasses++
      let r = {file: f}
      for (let e of engines) {
        let load = await e.send('loadsgf', [path.resolve(f)])
        if (load.error) throw new Error(`${e.label}: loadsgf ${f}: ${load.content}`)
        r[e.label] = {
          dead: deadSet((await e.must('final_status_list', ['dead']))),
          score: norm(await e.must('final_score')),
        }
      }
      // Territory by point: ingo's counted area, GNU Go's lists.
      let area = await engines[0].must('ingo-gfx', ['area'])
      let line = w => deadSet(((area.split('\n').find(l => l.startsWith(w + ' ')) || '').slice(w.length)))
      r.ingo.black = line('BLACK')
      r.ingo.white = line('WHITE')
      r.gnugo.black = deadSet(await engines[1].must('final_status_list', ['black_territory']))
      r.gnugo.white = deadSet(await engines[1].must('final_status_list', ['white_territory']))
      r.gnugo.dame = deadSet(await engines[1].must('final_status_list', ['dame']))
      records.push(r)
      if (r.ingo.dead !== r.gnugo.dead) {
        tally.differentDead++
        continue
      }
      tally.sameDead++
      let verdict = 'agree'
      if (r.ingo.score !== r.gnugo.score) {
        // A teire explains the margin to the point; GNU Go contradicting
        // its own dead list explains more than an open boundary does.
        verdict = aftermath(r)
        if (verdict !== 'teire') {
          r.gnugo.notDead = []
          for (let v of set(r.gnugo.dead))
            if ((await engines[1].must('final_status', [v])).trim() !== 'dead') r.gnugo.notDead.push(v)
          if (r.gnugo.notDead.length) verdict = 'split'
        }
        verdict = verdict || 'disagree'
      }
      tally[verdict]++
      r.verdict = verdict
      console.log(
        `${verdict.padEnd(8)} ${f}: ingo ${r.ingo.score} gnugo ${r.gnugo.score} dead [${r.ingo.dead}]` +
          (verdict === 'agree' ? '' : ` gnugo dame [${r.gnugo.dame}]`) +
          (verdict === 'split' ? ` gnugo final_status not dead [${r.gnugo.notDead.join(' ')}]` : '')
      )
    }
  } finally {
    await Promise.all(engines.map(e => e.shutdown()))
  }
  if (o.json) fs.writeFileSync(o.json, JSON.stringify(records, null, 1) + '\n')
  console.log(
    `files ${tally.files}, ended by two passes ${tally.byPasses}, same dead stones ${tally.sameDead} ` +
      `(agree ${tally.agree}, teire ${tally.teire}, open ${tally.open}, split ${tally.split}, disagree ${tally.disagree}), ` +
      `different dead stones ${tally.differentDead}`
  )
  process.exit(tally.disagree ? 1 : 0)
}

main().catch(err => {
  console.error(err.message)
  process.exit(2)
})
