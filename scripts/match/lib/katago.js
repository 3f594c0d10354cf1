// What judge.js and quality.js share about KataGo: its command-line
// options, its command line, starting it, and reading kata-raw-nn replies
// (the lead is in lib/judge.js, parseWhiteLead; the policy here). Also the
// search for game records given as files or directories.
'use strict'

const fs = require('fs')
const path = require('path')
const shellQuote = require('shell-quote')
const {Option} = require('commander')
const {Engine, EngineFailure} = require('./engine')
const {vertexName} = require('./board')

const SYMMETRIES = ['0', '1', '2', '3', '4', '5', '6', '7']

// Files as given, directories searched (recursively) for *.sgf, in order.
// A missing path throws.
function sgfFiles(args) {
  let out = []
  let walk = dir => {
    for (let e of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      let p = path.join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (/\.sgf$/i.test(e.name)) out.push(p)
    }
  }
  for (let a of args) {
    if (!fs.existsSync(a)) throw new Error(`${a}: no such file or directory`)
    if (fs.statSync(a).isDirectory()) walk(a)
    else out.push(a)
  }
  return [...new Set(out)]
}

// The options that say which KataGo to run and how it looks at a board.
// `who` names the tool in the help text.
function addKataGoOptions(program, who) {
  return program
    .addOption(new Option('--katago <file>', 'the KataGo binary').env('KATAGO'))
    .addOption(new Option('--config <file>', 'a KataGo GTP config (e.g. its cpp/configs/gtp_example.cfg)').env('KATAGO_CONFIG'))
    .addOption(new Option('--model <file>', 'a KataGo network (.bin.gz)').env('KATAGO_MODEL'))
    .option(
      '--override-config <k=v,...>',
      `more KataGo config overrides; the ${who} always sets numSearchThreads=1 (no search is run) and logDir= (no log files)`
    )
    .addOption(
      new Option('--symmetry <s>', 'which of the 8 board symmetries the network sees: one (0-7), or "all" to average the 8 (8 times the time)')
        .choices([...SYMMETRIES, 'all'])
        .default('0')
    )
}

// Why the KataGo options cannot be used, or null.
function checkKataGoFiles(a) {
  for (let [opt, v] of [['--katago', a.katago], ['--config', a.config], ['--model', a.model]]) {
    if (!v) return `${opt} is needed (or its environment variable; see --help)`
    if (!fs.existsSync(v)) return `${opt}: ${v}: no such file`
  }
  return null
}

// KataGo's config overrides, one comma-separated list; the user's
// (`text`, KEY=VALUE,...) win over the tool's own. Throws on a malformed
// entry.
function katagoOverrides(text) {
  let over = new Map([
    ['numSearchThreads', '1'],
    ['logDir', '']
  ])
  if (text)
    for (let kv of text.split(',')) {
      let m = /^\s*([^=\s]+)\s*=(.*)$/.exec(kv)
      if (!m) throw new Error(`--override-config: "${kv}" is not KEY=VALUE`)
      over.set(m[1], m[2].trim())
    }
  return [...over].map(([k, v]) => `${k}=${v}`).join(',')
}

function katagoCommand(a) {
  return shellQuote.quote([a.katago, 'gtp', '-config', a.config, '-model', a.model, '-override-config', katagoOverrides(a.overrideConfig)])
}

async function startKataGo(command, label, {timeout, verbose}) {
  let log = verbose ? line => process.stderr.write(line + '\n') : null
  let e = new Engine(label, command, {timeout, log})
  e.start()
  // Loading the network is most of the start-up; the first answer waits for it.
  for (let c of ['kata-raw-nn', 'kata-set-rules'])
    if (!(await e.knows(c))) throw new EngineFailure(e, `${label} does not know ${c}: is it KataGo (1.4 or later)?`)
  return e
}

// The policy of a kata-raw-nn reply: `size` rows of `size` numbers after
// the line "policy" (top row first, NAN on occupied points), then
// "policyPass p". Returns an array of size*size + 1 probabilities, indexed
// as lib/board.js (row 0 at the top), the pass last; NAN becomes 0.
function parsePolicy(content, size) {
  let lines = content.split('\n').map(l => l.trim())
  let at = lines.indexOf('policy')
  if (at < 0) throw new Error('no policy in the kata-raw-nn reply')
  let out = []
  for (let y = 0; y < size; y++) {
    let row = (lines[at + 1 + y] || '').split(/\s+/).filter(x => x)
    if (row.length !== size) throw new Error(`policy row ${y + 1} has ${row.length} values, not ${size}`)
    for (let v of row) {
      let p = v.toUpperCase() === 'NAN' ? 0 : Number(v)
      if (!Number.isFinite(p)) throw new Error(`policy value "${v}" is not a number`)
      out.push(p)
    }
  }
  let pass = /^policyPass\s+(\S+)/m.exec(content)
  out.push(pass && Number.isFinite(Number(pass[1])) ? Number(pass[1]) : 0)
  return out
}

// The move with the highest probability of a policy from parsePolicy
// (the first of equals): {move: 'D4' | 'pass', prob}.
function policyTop(policy, size) {
  let best = 0
  for (let i = 1; i < policy.length; i++) if (policy[i] > policy[best]) best = i
  return {move: best === size * size ? 'pass' : vertexName(best, size), prob: policy[best]}
}

module.exports = {
  SYMMETRIES,
  sgfFiles,
  addKataGoOptions,
  checkKataGoFiles,
  katagoOverrides,
  katagoCommand,
  startKataGo,
  parsePolicy,
  policyTop
}
